"""Calls and their audit, tried with what a prompt-injected model sends (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
)

from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from custom_components.llm_hub.calls.results import json_safe
from custom_components.llm_hub.calls.secrets import is_secret_key
from custom_components.llm_hub.const import CONF_RECORD_ARGUMENTS
from homeassistant.components.recorder.db_schema import MAX_EVENT_DATA_BYTES
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.helpers.json import json_bytes
from homeassistant.util.json import SerializationError

from ..helpers.hostile import ECHO, FAIL, LONE, NOTE, hostile_tools
from ..helpers.hubs import hub_id, llm_context

contributed_tools = pytest.fixture(hostile_tools, name="contributed_tools")
"""The tools of ``hub_tools``: BREW, GRIND, NOTE, ECHO and FAIL (``hostile_tools``)."""


@pytest.mark.attack
async def test_lone_surrogate_reaches_the_audit(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """A model sends a lone surrogate in a value, a key and the call id.

    The audit event must still be one the recorder can write (it encodes with orjson and
    drops an event it cannot), so the call reaches the logbook.
    """
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, CONF_RECORD_ARGUMENTS: True}
    )
    await hass.config_entries.async_reload(hub.entry_id)
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    await instance.async_call_tool(llm.ToolInput(NOTE, {"text": LONE}, id="call\udfff"))
    refused = await instance.async_call_tool(llm.ToolInput(NOTE, {"text": "ok", "\ud800": LONE}))
    await hass.async_block_till_done()
    assert refused.data["error"] == "InvalidArguments"
    assert json_bytes(refused.data)
    assert len(events) == 2
    for event in events:
        json_bytes(event.data)


@pytest.mark.attack
@pytest.mark.parametrize(
    "key",
    ["APIKEY", "x-Api-Key", "Passwort1", "userPASSWORD", "refreshToken", "Bearer", "hasło"],
)
def test_secret_keys_spelled_oddly(key: str) -> None:
    """Keys a model or a tool could spell oddly: each is a secret."""
    assert is_secret_key(key)


@pytest.mark.attack
async def test_lone_surrogate_in_a_result(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """A tool echoes the model's lone surrogate: the result is still JSON agents can send."""
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    echoed = await instance.async_call_tool(llm.ToolInput(NOTE, {"text": LONE}))
    odd = await instance.async_call_tool(llm.ToolInput(ECHO, {}))
    failed = await instance.async_call_tool(llm.ToolInput(FAIL, {}))
    escaped = "Milk \ufffd please"
    assert echoed.data == {"tool": NOTE, "args": {"text": escaped}}
    assert odd.data == {escaped: [escaped, [escaped, 1]], "n": {"2": escaped}}
    assert json_bytes(echoed.data)
    assert json_bytes(odd.data)
    assert failed.data == {
        "error": "HomeAssistantError",
        "error_text": f"No note named {escaped}",
    }


@pytest.mark.attack
def test_lone_surrogate_in_a_key_of_plain_data() -> None:
    """A tool answers plain data whose only odd part is a key with a lone surrogate: the key
    comes back valid, so every agent can send the result."""
    safe = json_safe({"\ud800": 1, "n": [2]})

    assert safe == {"\ufffd": 1, "n": [2]}
    assert json_bytes(safe)


@pytest.mark.attack
def test_lone_surrogate_in_data_that_contains_itself() -> None:
    """Result data that contains itself and a lone surrogate: a clear error, no crash."""
    data: dict[str, Any] = {"text": LONE}
    data["self"] = data
    with pytest.raises(SerializationError, match="nested too deeply or contains itself"):
        json_safe(data)


@pytest.mark.attack
@pytest.mark.parametrize("char", ["\x00", "\U0001f600", '"'])
async def test_audit_event_stays_below_the_recorders_limit_in_bytes(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser, char: str
) -> None:
    """Texts of characters JSON writes long: control characters (6 bytes), emoji (4), quotes.

    The recorder drops the data of an event above 32 KB of JSON (bytes, not characters).
    """
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, CONF_RECORD_ARGUMENTS: True}
    )
    await hass.config_entries.async_reload(hub.entry_id)
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    arguments = {"text": "x"} | {f"k{index}": char * 1000 for index in range(64)}
    await instance.async_call_tool(llm.ToolInput(NOTE, arguments))
    await hass.async_block_till_done()
    [event] = events
    assert len(json_bytes(event.data)) < MAX_EVENT_DATA_BYTES
