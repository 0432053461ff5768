"""Tools made in the UI called by Home Assistant's real ollama conversation agent.

The agent is core's ``ollama`` integration; only its client's HTTP calls (``list``,
``chat``), outside Home Assistant, are a stand-in: a scripted model that asks for the tool
calls a test sets and records what the agent sends back as their results.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
import json
from typing import Any
from unittest.mock import patch

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.llm_hub.const import DOMAIN
from homeassistant.components import conversation
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.config_entries import ConfigSubentryData
from homeassistant.const import CONF_LLM_HASS_API, Platform
from homeassistant.core import Context, HomeAssistant, ServiceCall
from homeassistant.helpers import area_registry as ar, entity_registry as er
from homeassistant.setup import async_setup_component

from ..helpers.flows import async_add_tool
from ..helpers.hubs import hub_id

AGENT = "conversation.agent"


class ScriptedModel:
    """Stands in for the Ollama server: asks for ``tool_calls`` first, then answers "Done."."""

    def __init__(self) -> None:
        """Ask for no tool calls until a test sets some."""
        self.tool_calls: list[tuple[str, dict[str, Any]]] = []
        self.requests: list[dict[str, Any]] = []

    async def chat(self, **request: Any) -> AsyncIterator[dict[str, Any]]:
        """Answer one chat request of the agent (``stream=True``), recording it."""
        self.requests.append(request)
        if len(self.requests) == 1 and self.tool_calls:
            message: dict[str, Any] = {
                "role": "assistant",
                "tool_calls": [
                    {"function": {"name": name, "arguments": args}}
                    for name, args in self.tool_calls
                ],
            }
        else:
            message = {"role": "assistant", "content": "Done."}

        async def stream() -> AsyncIterator[dict[str, Any]]:
            yield {"message": message, "done": True}

        return stream()

    def results(self) -> list[Any]:
        """Return the tool results' data the agent sent back to the model, in order.

        Each tool message is ``{"data": <the hub's answer>, "error": <whether it failed>}``;
        the flag must be true exactly when the answer is an error.
        """
        sent = [
            json.loads(message["content"])
            for message in self.requests[-1]["messages"]
            if message["role"] == "tool"
        ]
        assert all(item["error"] == ("error" in item["data"]) for item in sent), sent
        return [item["data"] for item in sent]


@pytest.fixture
async def hub(hass: HomeAssistant, setup_llm: None) -> MockConfigEntry:
    """Set up a hub "Kitchen" (no selected APIs) with lights in areas, and two scripts."""
    areas = ar.async_get(hass)
    entities = er.async_get(hass)
    for object_id, area in (("porch", "Porch"), ("garage", "Garage")):
        area_entry = areas.async_get_or_create(area)
        entities.async_get_or_create("light", "test", object_id, suggested_object_id=object_id)
        entities.async_update_entity(f"light.{object_id}", area_id=area_entry.id)
        hass.states.async_set(f"light.{object_id}", "off")
    async_expose_entity(hass, "conversation", "light.porch", should_expose=True)
    async_expose_entity(hass, "conversation", "light.garage", should_expose=False)
    waiting = {
        "fields": {"n": {"selector": {"number": {"min": 0, "max": 9}}}},
        "sequence": [
            {"wait_template": "{{ is_state('input_boolean.go', 'on') }}"},
            {"variables": {"answer": {"n": "{{ n }}"}}},
            {"stop": "done", "response_variable": "answer"},
        ],
    }
    assert await async_setup_component(
        hass,
        "script",
        {
            "script": {
                "single": {"mode": "single", **waiting},
                "queued": {"mode": "queued", "max": 2, **waiting},
                "parallel": {"mode": "parallel", "max": 2, **waiting},
                "rooms": {
                    "fields": {"room": {"selector": {"area": {}}}},
                    "sequence": [
                        {"variables": {"answer": {"room": "{{ room }}"}}},
                        {"stop": "done", "response_variable": "answer"},
                    ],
                },
            }
        },
    )
    entry = MockConfigEntry(domain=DOMAIN, title="Kitchen", data={}, options={})
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


@pytest.fixture
async def model(hass: HomeAssistant, hub: MockConfigEntry) -> AsyncIterator[ScriptedModel]:
    """Set up Home Assistant's ollama agent "Agent" on the hub, its server a stand-in."""
    scripted = ScriptedModel()
    agent = MockConfigEntry(
        domain="ollama",
        version=3,
        minor_version=3,
        data={"url": "http://ollama.invalid:11434"},
        subentries_data=[
            ConfigSubentryData(
                data={"model": "scripted:latest", CONF_LLM_HASS_API: [hub_id(hub)]},
                subentry_type="conversation",
                title="Agent",
                unique_id=None,
            )
        ],
    )
    agent.add_to_hass(hass)
    with (
        patch("ollama.AsyncClient.list", return_value={"models": []}),
        patch("ollama.AsyncClient.chat", side_effect=scripted.chat),
        # Its AI task platform needs camera's turbojpeg, which the test venv does not have.
        patch("homeassistant.components.ollama.PLATFORMS", (Platform.CONVERSATION,)),
    ):
        assert await hass.config_entries.async_setup(agent.entry_id)
        await hass.async_block_till_done()
        assert hass.states.get(AGENT) is not None
        yield scripted


async def _turn(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    user: MockUser,
    model: ScriptedModel,
    *calls: tuple[str, dict[str, Any]],
) -> asyncio.Task[conversation.ConversationResult]:
    """Start one turn in which the model asks for ``calls`` at once; wait for one refused run.

    The chat log's tool calls are tasks a waiting script keeps running, so the turn waits.
    """
    model.tool_calls = list(calls)
    model.requests.clear()
    recent = hub.runtime_data.api.audit.recent
    before = len(recent)
    task = hass.async_create_background_task(
        conversation.async_converse(hass, "Do it", None, Context(user_id=user.id), agent_id=AGENT),
        "turn",
    )
    while len(recent) == before:  # noqa: ASYNC110 (the audit has no event to wait for)
        await asyncio.sleep(0.01)
    return task


async def _results(
    hass: HomeAssistant, user: MockUser, model: ScriptedModel, *calls: tuple[str, dict[str, Any]]
) -> list[Any]:
    """Run one whole turn with ``calls``; return the results the agent sent the model."""
    model.tool_calls = list(calls)
    model.requests.clear()
    result = await conversation.async_converse(
        hass, "Do it", None, Context(user_id=user.id), agent_id=AGENT
    )
    assert result.response.speech["plain"]["speech"] == "Done."
    return model.results()


async def test_agent_gets_what_each_script_mode_did(
    hass: HomeAssistant, hub: MockConfigEntry, model: ScriptedModel, hass_admin_user: MockUser
) -> None:
    """Called twice at once, a ``mode: single`` script's second answer says it did not run.

    Queued and parallel scripts at their ``max`` refuse the third call; the runs that went
    ahead answer their responses once they end.
    """
    for script in ("single", "queued", "parallel"):
        await async_add_tool(hass, hub, "script", {"script": f"script.{script}"})
    assert await _results(hass, hass_admin_user, model) == []
    sent = {tool["function"]["name"] for tool in model.requests[0]["tools"]}
    assert {"single", "queued", "parallel"} <= sent

    turn = await _turn(
        hass, hub, hass_admin_user, model, ("single", {"n": 1}), ("single", {"n": 2})
    )
    assert not turn.done()
    hass.states.async_set("input_boolean.go", "on")
    await turn
    assert model.results() == [
        {"result": {"n": 1}},
        {
            "error": "ScriptNotRun",
            "error_text": "Tool single did not run: it is already running and runs once at a "
            "time (mode single). Wait until it has finished, then call it again.",
        },
    ]
    audit = hub.runtime_data.api.audit
    assert [call.data["outcome"] for call in list(audit.recent)[-2:]] == ["error", "ok"]

    for mode in ("queued", "parallel"):
        hass.states.async_set("input_boolean.go", "off")
        calls = [(mode, {"n": n}) for n in range(3)]
        turn = await _turn(hass, hub, hass_admin_user, model, *calls)
        hass.states.async_set("input_boolean.go", "on")
        await turn
        first, second, third = model.results()  # in the order the model asked
        assert (first, second) == ({"result": {"n": 0}}, {"result": {"n": 1}}), mode
        assert third["error"] == "ScriptNotRun"
        assert "as many runs of it as it allows" in third["error_text"]


async def test_agent_gets_refused_arguments_in_words(
    hass: HomeAssistant, hub: MockConfigEntry, model: ScriptedModel, hass_admin_user: MockUser
) -> None:
    """Unknown, unexposed and registry-id targets, an unknown area in a script field and an
    undefined template variable: the agent sends the model an error naming each; nothing ran.
    """
    recorded: list[ServiceCall] = []
    hass.services.async_register("test", "record", recorded.append)
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Turn on",
            "description": "Turns on a light.",
            "actions": [{"action": "test.record", "data": {"entity_id": "{{ lamp }}"}}],
            "parameters": [
                {"name": "lamp", "type": "entity", "domains": ["light"], "required": True}
            ],
        },
    )
    await async_add_tool(hass, hub, "script", {"script": "script.rooms"})
    greet = await async_add_tool(
        hass, hub, "template", {"title": "Greet", "description": "Greets.", "template": "Hi"}
    )
    # Stored by hand (the flow refuses it): a template reading a variable nobody defines.
    hass.config_entries.async_update_subentry(
        hub, hub.subentries[greet], data={**hub.subentries[greet].data, "template": "Hi {{ who }}"}
    )
    await hass.async_block_till_done()
    entities = er.async_get(hass)
    porch, garage = entities.async_get("light.porch"), entities.async_get("light.garage")
    pump = entities.async_get_or_create("switch", "test", "pump", suggested_object_id="pump")
    assert porch is not None
    assert garage is not None
    porch_area = ar.async_get(hass).async_get_area_by_name("Porch")
    assert porch_area is not None

    results = await _results(
        hass,
        hass_admin_user,
        model,
        ("turn_on", {"lamp": "light.cellar"}),
        ("turn_on", {"lamp": "light.garage"}),
        ("turn_on", {"lamp": garage.id}),
        ("turn_on", {"lamp": pump.id}),
        ("rooms", {"room": "Cellar"}),
        ("greet", {}),
        ("turn_on", {"lamp": porch.id}),
        ("rooms", {"room": "porch"}),
    )
    unexposed = (
        "Entity light.garage is not exposed to Assist; tool turn_on may only reach exposed entities"
    )
    assert results == [
        {
            "error": "HomeAssistantError",
            "error_text": "There is no entity 'light.cellar'. lamp may name: light.porch (porch).",
        },
        {"error": "HomeAssistantError", "error_text": unexposed},
        {"error": "HomeAssistantError", "error_text": unexposed},
        {"error": "HomeAssistantError", "error_text": "lamp: switch.pump is not of light"},
        {"error": "HomeAssistantError", "error_text": "There is no area 'Cellar'"},
        {
            "error": "TemplateError",
            "error_text": "The template of tool greet failed at line 1: "
            "UndefinedError: 'who' is undefined",
        },
        {"success": True},
        {"result": {"room": porch_area.id}},
    ]
    # Only the last two ran: the porch light (its registry id, as its entity id) and Porch.
    assert [call.data for call in recorded] == [{"entity_id": "light.porch"}]
    outcomes = [call.data["outcome"] for call in hub.runtime_data.api.audit.recent]
    assert outcomes.count("error") == 6
