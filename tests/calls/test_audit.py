"""The audit trail: an event per call through a hub, counters, the last calls, redaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from unittest.mock import patch

import probatio
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
)

from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED, RECENT_CALLS
from custom_components.llm_hub.calls.secrets import redact_secrets
from custom_components.llm_hub.calls.tool import HubTool, Outcome, error_result
from custom_components.llm_hub.const import CONF_RECORD_ARGUMENTS
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm

from ..helpers import hubs

ANY_ARGS = probatio.Schema({}, extra=probatio.ALLOW_EXTRA)


def _context(
    user_id: str | None = None, *, device_id: str | None = None, with_context: bool = True
) -> llm.LLMContext:
    return llm.LLMContext(
        platform="test_agent",
        context=Context(user_id=user_id) if with_context else None,
        language="en",
        assistant="conversation",
        device_id=device_id,
    )


async def _call(
    hass: HomeAssistant,
    api_id: str,
    tool_name: str,
    tool_args: dict[str, Any] | None = None,
    llm_context: llm.LLMContext | None = None,
) -> llm.ToolResult:
    instance = await llm.async_get_api(hass, api_id, llm_context or _context())
    return await instance.async_call_tool(
        llm.ToolInput(tool_name=tool_name, tool_args=tool_args or {}, id="call-1")
    )


async def test_call_fires_event_with_the_call_context(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """A call fires ``llm_hub_tool_called`` with who, where, how it ended, in its context."""
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    llm_context = _context(hass_admin_user.id, device_id="satellite")

    await _call(hass, hubs.hub_id(hub), hubs.BREW, {"size": "small"}, llm_context)

    [event] = events
    data = dict(event.data)
    assert data.pop("duration_ms") >= 0
    assert data == {
        "api_id": hubs.hub_id(hub),
        "api_name": "Kitchen",
        "tool_name": hubs.BREW,
        "original_tool_name": hubs.BREW,
        "source": "hub_tools",
        "tool_call_id": "call-1",
        "user_id": hass_admin_user.id,
        "platform": "test_agent",
        "agent_id": None,
        "device_id": "satellite",
        "outcome": "ok",
    }
    assert llm_context.context is not None
    assert event.context.id == llm_context.context.id
    assert event.context.user_id == hass_admin_user.id


async def test_agent_id_is_recorded(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """``LLMContext.agent_id`` (Home Assistant 2026.11) is recorded where the context has it."""

    @dataclass(slots=True)
    class AgentContext(llm.LLMContext):
        agent_id: str | None = None

    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    llm_context = AgentContext(
        platform="conversation",
        context=Context(),
        language="en",
        assistant="conversation",
        device_id=None,
        agent_id="conversation.barista",
    )

    await _call(hass, hubs.hub_id(hub), hubs.GRIND, llm_context=llm_context)

    assert events[0].data["agent_id"] == "conversation.barista"


async def test_counters_and_recent_calls(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """Counters count calls by outcome; the last calls keep what went wrong."""
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    await _call(hass, hubs.hub_id(hub), hubs.BREW, {"size": "small"})
    await _call(hass, hubs.hub_id(hub), hubs.GRIND)
    await _call(hass, hubs.hub_id(hub), hubs.GRIND, llm_context=_context(with_context=False))

    audit = hub.runtime_data.api.audit
    assert (audit.counters.calls, audit.counters.errors) == (3, 2)
    assert (audit.counters.refused, audit.counters.needs_confirmation) == (0, 0)
    first, second, third = (call.as_dict() for call in audit.recent)
    assert (first["outcome"], first["error"]) == ("ok", None)
    assert (second["outcome"], second["error"]) == ("error", "The grinder is out of beans")
    assert second["time"] >= first["time"]
    # A request without a context: no user; Home Assistant gives the event a new context.
    assert third["user_id"] is None
    assert events[2].context.user_id is None
    # The event carries the error text of a call that did not end ok, and no error otherwise.
    assert [event.data.get("error") for event in events] == [
        None,
        "The grinder is out of beans",
        "The grinder is out of beans",
    ]


async def test_recent_calls_are_bounded(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """Only the last ``RECENT_CALLS`` calls are kept; the counters go on."""
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), _context())
    for cups in range(RECENT_CALLS + 5):
        await instance.async_call_tool(
            llm.ToolInput(hubs.BREW, {"size": "small", "cups": cups % 4 + 1}, id=f"call-{cups}")
        )

    audit = hub.runtime_data.api.audit
    assert audit.counters.calls == RECENT_CALLS + 5
    assert len(audit.recent) == RECENT_CALLS
    assert audit.recent[0].data["tool_call_id"] == "call-5"
    assert audit.recent[-1].data["tool_call_id"] == f"call-{RECENT_CALLS + 4}"


@pytest.mark.parametrize("outcome", ["refused", "needs_confirmation"])
async def test_refused_and_unconfirmed_calls(
    hass: HomeAssistant, hub: MockConfigEntry, calls: list[hubs.Call], outcome: Outcome
) -> None:
    """Calls the hub stops before running are recorded with their outcome.

    Refusing and asking for confirmation are the policy branch's work; the hub's confirmation
    step stands in for it here.
    """
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    stop = (error_result("Refused", "Not now"), outcome)

    with patch.object(HubTool, "_check_call", return_value=stop):
        result = await _call(hass, hubs.hub_id(hub), hubs.BREW, {"size": "small"})

    assert result.error
    assert calls == []
    assert events[0].data["outcome"] == outcome
    counters = hub.runtime_data.api.audit.counters
    assert counters.calls == 1
    assert getattr(counters, outcome) == 1
    assert hub.runtime_data.api.audit.recent[0].error == "Not now"


async def test_arguments_are_not_recorded_by_default(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """Without the option, neither the event nor the last calls carry arguments."""
    events = async_capture_events(hass, EVENT_TOOL_CALLED)

    await _call(hass, hubs.hub_id(hub), hubs.BREW, {"size": "small"})

    assert "arguments" not in events[0].data
    assert "arguments" not in hub.runtime_data.api.audit.recent[0].as_dict()


async def test_arguments_recorded_with_secrets_redacted(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """With the option on, arguments are recorded as sent, secret-like keys redacted."""
    door = hubs.RecordingTool("door__open", parameters=ANY_ARGS)
    llm.async_register_api(hass, hubs.FixedAPI(hass, "door", "Door", [door]))
    entry = await hubs.async_add_hub(
        hass, "Front", {CONF_LLM_HASS_API: ["door"], CONF_RECORD_ARGUMENTS: True}
    )
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    args = {
        "door": "front",
        "pin": "1234",
        "wifi": {"ssid": "home", "password": "hunter2"},
        "apiKey": "k-1",
        "users": [{"name": "Ann", "access_token": "t-1"}],
        "empty_secret": "",
    }

    await _call(hass, hubs.hub_id(entry), "door__open", args)

    redacted = {
        "door": "front",
        "pin": "**REDACTED**",
        "wifi": {"ssid": "home", "password": "**REDACTED**"},
        "apiKey": "**REDACTED**",
        "users": [{"name": "Ann", "access_token": "**REDACTED**"}],
        "empty_secret": "",
    }
    assert events[0].data["arguments"] == redacted
    assert entry.runtime_data.api.audit.recent[0].data["arguments"] == redacted
    # The tool itself got the real arguments.
    assert door.calls[0].tool_args == args


@pytest.mark.parametrize(
    ("key", "secret"),
    [
        ("password", True),
        ("wifi_password", True),
        ("doorPin", True),
        ("api-key", True),
        ("API_KEY", True),
        ("privateKey", True),
        ("client_secret", True),
        ("code", True),
        ("zip_code", False),  # says what kind of code
        ("token", True),
        ("key", False),
        ("max_tokens", False),
        ("mapping", False),
        ("spin", False),
        ("keyboard", False),
        ("name", False),
        (1, False),
    ],
)
def test_secret_like_keys(key: Any, secret: bool) -> None:
    """Keys are secret by their words, wherever the word stands in the key."""
    assert (redact_secrets({key: "value"})[key] == "**REDACTED**") is secret


async def test_each_hub_records_its_own_calls(hass: HomeAssistant, setup_llm: None) -> None:
    """A call through a hub that picks a hub is recorded by both: each hub's own call."""
    calls: list[hubs.Call] = []
    llm.async_register_api(hass, hubs.pantry_api(hass, calls))
    inner = await hubs.async_add_hub(hass, "Inner", {CONF_LLM_HASS_API: [hubs.PANTRY]})
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    events = async_capture_events(hass, EVENT_TOOL_CALLED)

    await _call(hass, hubs.hub_id(outer), hubs.COUNT, {"number": 1})

    assert [(event.data["api_name"], event.data["source"]) for event in events] == [
        ("Inner", hubs.PANTRY),
        ("Outer", hubs.hub_id(inner)),
    ]
    assert {event.data["original_tool_name"] for event in events} == {hubs.COUNT}
    assert inner.runtime_data.api.audit.counters.calls == 1
    assert outer.runtime_data.api.audit.counters.calls == 1
    assert len(calls) == 1


async def test_failed_result_without_error_text(hass: HomeAssistant, setup_llm: None) -> None:
    """A failed result that says nothing is recorded as an error without text."""
    mute = hubs.RecordingTool("mute", result=llm.ToolResult(data={"code": 7}, error=True))
    llm.async_register_api(hass, hubs.FixedAPI(hass, "mute", "Mute", [mute]))
    entry = await hubs.async_add_hub(hass, "Quiet", {CONF_LLM_HASS_API: ["mute"]})

    await _call(hass, hubs.hub_id(entry), "mute")

    [recent] = entry.runtime_data.api.audit.recent
    assert (recent.data["outcome"], recent.error) == ("error", None)


async def test_a_call_returns_what_it_recorded(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """``HubTool.async_run`` returns the call as the audit recorded it, outcome included."""
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), _context())
    tools = {tool.name: tool for tool in instance.tools}
    grind, brew = tools[hubs.GRIND], tools[hubs.BREW]
    assert isinstance(grind, HubTool)
    assert isinstance(brew, HubTool)

    failed = await grind.async_run(hass, llm.ToolInput(hubs.GRIND, {}), instance.llm_context)
    brewed = await brew.async_run(
        hass, llm.ToolInput(hubs.BREW, {"size": "small"}), instance.llm_context
    )

    audit = hub.runtime_data.api.audit
    assert (failed.outcome, brewed.outcome) == ("error", "ok")
    assert [recent.data["outcome"] for recent in audit.recent] == ["error", "ok"]
    assert failed.result.data["error_text"] == audit.recent[0].error
    assert brewed.result.error is False
