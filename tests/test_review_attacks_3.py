"""A third fresh reviewer's attacks on scope, confirm by effect, UI tools and options.

HOLE tests assert what should happen: ``xfail(strict=True)`` while open, passing once closed.
HELD tests pass.
"""

from __future__ import annotations

from typing import Any

import pytest

from custom_components.llm_hub.const import CONF_ASK_DOMAINS, CONF_SCOPE_ENTITIES
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import llm

from .helpers.hubs import async_add_hub, hub_id, llm_context

# --- Intent tools run scripts: HassTurnOn of a script entity ----------------------------------


async def test_turn_on_of_an_unlocking_script_asks(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """FIXED: with locks in the set, script__unlock_front asks, and so does intent HassTurnOn
    of the same script (Home Assistant runs it; it unlocked at once)."""
    entry = await async_add_hub(
        hass, "Hub", {CONF_LLM_HASS_API: ["assist"], CONF_ASK_DOMAINS: ["lock"]}
    )
    direct = await _call(hass, entry, "script__unlock_front", {})
    assert direct.data.get("status") == "approval_required"  # HELD: the script's tool asks

    result = await _call(hass, entry, "HassTurnOn", {"name": "unlock_front"})

    assert effect_home["lock.unlock"] == [], f"unlocked without asking: {result.data}"
    assert result.data.get("status") == "approval_required"


async def test_turn_on_of_a_script_acting_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """FIXED: script.porch_on is in scope but acts on light.porch (out of scope). Its own tool
    is left out of the hub's tools, and HassTurnOn with its name is refused (it ran)."""
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: ["assist"],
            CONF_SCOPE_ENTITIES: ["light.kitchen", "script.kitchen_on", "script.porch_on"],
        },
    )
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert "script__porch_on" not in [tool.name for tool in instance.tools]  # HELD

    result = await _call(hass, hub, "HassTurnOn", {"name": "porch_on"})

    assert lights_home["seen"] == [], f"light.porch acted on through a scoped hub: {result.data}"
    assert result.error


# --- Tools made in the UI: targets the check never sees ----------------------------------------

from homeassistant.components.homeassistant.exposed_entities import async_expose_entity  # noqa: E402
from homeassistant.setup import async_setup_component  # noqa: E402

from .helpers.flows import async_add_tool  # noqa: E402


@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(
            [
                {"variables": {"target": "light.{{ room }}"}},
                {"action": "light.turn_on", "target": {"entity_id": "{{ target }}"}},
            ],
            id="variables_step",
        ),
        pytest.param(
            [
                {
                    "repeat": {
                        "for_each": ["light.{{ room }}"],
                        "sequence": [
                            {
                                "action": "light.turn_on",
                                "target": {"entity_id": "{{ repeat.item }}"},
                            }
                        ],
                    }
                }
            ],
            id="repeat_for_each",
        ),
    ],
)
async def test_action_tool_target_through_a_script_variable(
    hass: HomeAssistant, lights_home: dict[str, Any], actions: list[dict[str, Any]]
) -> None:
    """HOLE: the model's text reaches an unexposed light when it passes a variables step."""
    _attic(hass)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Room light",
            "description": "Turns on a room's light.",
            "actions": actions,
            "parameters": [{"name": "room", "type": "text", "required": True}],
        },
    )

    result = await _call(hass, hub, "room_light", {"room": "attic"})

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
    assert turned == [], f"an unexposed light was turned on: {turned} ({result.data})"
    assert result.error


async def test_action_tool_scene_apply_driven_entities(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HOLE: ``scene.apply`` with ``entities: {"light.{{ room }}": "on"}`` turns on an
    unexposed light (the hub's effect check knows scene.apply, the target check does not)."""
    _attic(hass)
    assert await async_setup_component(hass, "scene", {})
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Room scene",
            "description": "Sets a room's light.",
            "actions": [
                {"action": "scene.apply", "data": {"entities": {"light.{{ room }}": "on"}}}
            ],
            "parameters": [{"name": "room", "type": "text", "required": True}],
        },
    )

    result = await _call(hass, hub, "room_scene", {"room": "attic"})

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
    assert turned == [], f"an unexposed light was turned on: {turned} ({result.data})"
    assert result.error


@pytest.mark.parametrize("which", ["light.attic", "light.nowhere"])
async def test_script_tool_entity_field_unchecked(
    hass: HomeAssistant, script_home: list[Any], which: str
) -> None:
    """HOLE: issue 21 asks script fields with selectors to be checked as action targets."""
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass,
        hub,
        "script",
        {"script": "script.which_on", "title": "Which on", "description": "On."},
    )
    ok = await _call(hass, hub, "which_on", {"which": "light.kitchen"})
    assert not ok.error
    script_home.clear()

    result = await _call(hass, hub, "which_on", {"which": which})

    assert script_home == [], f"the script acted on {which}: {result.data}"
    assert result.error


# --- Scope parity: a namesake out of scope ------------------------------------------------------

from pytest_homeassistant_custom_component.common import async_mock_service  # noqa: E402

from .helpers.attacks import _call  # noqa: E402
from .helpers.homes import _attic  # noqa: E402


@pytest.fixture
async def doors(hass: HomeAssistant, setup_llm: None) -> dict[str, list[ServiceCall]]:
    """A lock and a switch, both named "Door", both exposed; lock and switch actions mocked."""
    for component in ("intent", "conversation"):
        assert await async_setup_component(hass, component, {})
    hass.states.async_set("lock.door", "unlocked", {"friendly_name": "Door"})
    hass.states.async_set("switch.door", "off", {"friendly_name": "Door"})
    for entity_id in ("lock.door", "switch.door"):
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)
    return {
        "lock": async_mock_service(hass, "lock", "lock"),
        "switch": async_mock_service(hass, "switch", "turn_on"),
    }


async def test_namesake_out_of_scope_is_as_if_not_exposed(
    hass: HomeAssistant, doors: dict[str, list[ServiceCall]]
) -> None:
    """FIXED (parity, issue 24: out of scope = not exposed). With switch.door not exposed,
    Assist locks lock.door for "Door"; so does a hub scoped to lock.door (it said duplicate)."""
    async_expose_entity(hass, "conversation", "switch.door", should_expose=False)
    plain = await async_add_hub(hass, "Plain", {CONF_LLM_HASS_API: ["assist"]})
    unexposed = await _call(hass, plain, "HassTurnOn", {"name": "Door"})
    assert not unexposed.error
    assert len(doors["lock"]) == 1  # Home Assistant: the lock, the only exposed "Door"
    async_expose_entity(hass, "conversation", "switch.door", should_expose=True)
    scoped = await async_add_hub(
        hass, "Lock", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["lock.door"]}
    )

    result = await _call(hass, scoped, "HassTurnOn", {"name": "Door"})

    assert doors["switch"] == []
    assert len(doors["lock"]) == 2, f"out of scope is not as not exposed: {result.data}"


async def test_action_tool_conversation_process_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HOLE: the same step inside a script is refused as acting out of scope (docs/scope.md:
    "conversation.process that picks the target counts as out of scope"); in the tool, not."""
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["light.kitchen"]},
    )
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Ask Assist",
            "description": "Asks Assist.",
            "actions": [
                {"action": "conversation.process", "data": {"text": "turn on the porch light"}}
            ],
        },
    )

    result = await _call(hass, hub, "ask_assist", {})

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
    assert turned == [], f"light.porch turned on out of scope: {turned} ({result.data})"
    assert result.error


async def test_turn_on_of_a_scene_acting_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """FIXED: HassTurnOn of scene.evening (in scope) is refused: it sets light.porch (out)."""
    assert await async_setup_component(
        hass,
        "scene",
        {"scene": [{"name": "Evening", "entities": {"light.porch": "on"}}]},
    )
    await hass.async_block_till_done()
    async_expose_entity(hass, "conversation", "scene.evening", should_expose=True)
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["light.kitchen", "scene.evening"]},
    )

    result = await _call(hass, hub, "HassTurnOn", {"name": "Evening"})

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
    assert turned == [], f"light.porch turned on out of scope: {turned} ({result.data})"
    assert result.error


# --- Attacks that held -------------------------------------------------------------------------


async def test_held_wrong_typed_scope_reaches_nothing(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: a scope list stored as a number narrows to nothing (fails closed)."""
    hub = await async_add_hub(hass, "Odd", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: 5})

    result = await _call(hass, hub, "HassTurnOn", {"name": "Kitchen"})

    assert result.error
    assert lights_home["light_on"] == []


async def test_held_template_iterating_all_states_with_an_unexposed_entity(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: a template tool with a parameter that iterates every state is refused while one
    of them is not exposed; nothing of the render is answered."""
    _attic(hass)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Find",
            "description": "Finds states.",
            "template": "{{ states | selectattr('name', 'search', q) "
            "| map(attribute='entity_id') | list }}",
            "parameters": [{"name": "q", "type": "text", "required": True}],
        },
    )

    result = await _call(hass, hub, "find", {"q": "Att"})

    assert result.error
    assert "light.attic" not in str(result.data.get("result", ""))
