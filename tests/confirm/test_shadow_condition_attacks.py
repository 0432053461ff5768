"""Attacks on shadow mode's record of a tool's conditions, through selected hubs and search mode.

Hubs get their conditions through the real options flow; the record is read where people
read it: the ``llm_hub_tool_called`` event and the panel's ``llm_hub/shadow/list``.
"""

from __future__ import annotations

import json
from typing import Any

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_capture_events
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

from ..helpers.attacks import call_hub, call_through_call_tool
from ..helpers.confirm import ABOVE_25, THERMOSTAT, async_add_thermostat_hub
from ..helpers.flows import async_add_condition
from ..helpers.hubs import async_add_hub, hub_id

HEAT = {"argument": "mode", "operator": "equals", "value": "heat"}
"""The condition step's fields: ask when the mode is heat."""
SECRET = {"argument": "room", "operator": "regex", "value": "^vault-7731$"}
"""A condition whose value an administrator typed and no model named."""


async def _outer_over_inner(
    hass: HomeAssistant, **options: Any
) -> tuple[list[Any], MockConfigEntry, MockConfigEntry]:
    """Inner hub confirms the thermostat above 25; the outer, in shadow mode over it, when the
    mode is heat (and, as the inner hub, in a room an administrator typed)."""
    recording, _, inner = await async_add_thermostat_hub(hass, "Inner")
    await async_add_condition(hass, inner, THERMOSTAT, ABOVE_25)
    await async_add_condition(hass, inner, THERMOSTAT, SECRET)
    outer = await async_add_hub(
        hass,
        "Outer",
        {
            CONF_LLM_HASS_API: [hub_id(inner)],
            const.CONF_CONFIRM_TOOLS: [THERMOSTAT],
            const.CONF_SHADOW_MODE: True,
            **options,
        },
    )
    await async_add_condition(hass, outer, THERMOSTAT, HEAT)
    return recording.calls, inner, outer


async def _shadowed(hass: HomeAssistant, hass_ws_client: WebSocketGenerator) -> dict[str, Any]:
    """Return each hub's shadowed calls by hub name, as the panel gets them."""
    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "llm_hub/shadow/list"})
    response = await client.receive_json()
    assert response["success"], response
    return {hub["name"]: hub["calls"] for hub in response["result"]["hubs"]}


@pytest.mark.attack
@pytest.mark.usefixtures("setup_llm")
@pytest.mark.parametrize("mode", ["all", "search"])
async def test_a_shadow_record_names_only_its_own_hubs_conditions(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, mode: str
) -> None:
    """The outer hub in shadow mode over a hub with conditions: a call the inner hub's
    condition holds for asks (nothing recorded); one only the outer's holds for runs and is
    recorded with the outer's condition alone, never the inner hub's typed values; one no
    condition holds for runs unrecorded. Directly and through ``call_tool``."""
    assert await async_setup_component(hass, "websocket_api", {})
    calls, _, outer = await _outer_over_inner(hass, **{const.CONF_TOOL_MODE: mode})
    events = async_capture_events(hass, EVENT_TOOL_CALLED)

    async def call(args: dict[str, Any]) -> tuple[str, Any]:
        if mode == "search":
            return await call_through_call_tool(hass, outer, THERMOSTAT, args)
        return await call_hub(hass, outer, THERMOSTAT, args)

    # Every call names a room: a condition on an argument not given holds (fail closed).
    hot = await call({"temperature": 30, "mode": "cool", "room": "hall"})
    vault = await call({"temperature": 20, "mode": "cool", "room": "vault-7731"})
    heat = await call({"temperature": 20, "mode": "heat", "room": "hall"})
    cool = await call({"temperature": 20, "mode": "cool", "room": "hall"})
    shown = await _shadowed(hass, hass_ws_client)

    assert [hot[0], vault[0], heat[0], cool[0]] == ["asks", "asks", "ran", "ran"]
    assert [tool_input.tool_args["mode"] for tool_input in calls] == ["heat", "cool"]
    (record,) = shown["Outer"]
    assert record["when"] == 'mode equals "heat"'
    assert "temperature" not in record["reason"]
    reasons = [event.data["shadow_reason"] for event in events if event.data.get("shadow")]
    assert reasons == [record["reason"] + ', only when mode equals "heat"']
    for event in events:
        assert "vault" not in repr(event.data.get("shadow_reason"))


@pytest.mark.attack
@pytest.mark.usefixtures("setup_llm")
async def test_conditions_that_differ_only_in_how_a_value_is_typed(hass: HomeAssistant) -> None:
    """ "25", "25.0" and " +25 " on a number are one condition, stored once; the level equal
    to 1, then (the tool now taking a flag) equal to true: Python's 1 == True keeps one, and
    a call with the flag true or false still asks (a number against a flag holds)."""
    recording, _, hub = await async_add_thermostat_hub(hass)
    for value in ("25", "25.0", " +25 "):
        options = await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25 | {"value": value})
    level = {"argument": "level", "operator": "equals"}
    await async_add_condition(hass, hub, THERMOSTAT, level | {"value": "1"})
    recording.parameters = probatio.Schema(
        {probatio.Required("temperature"): float, probatio.Optional("level"): bool}
    )
    options = await async_add_condition(hass, hub, THERMOSTAT, level | {"value": "true"})
    on = await call_hub(hass, hub, THERMOSTAT, {"temperature": 20, "level": True})
    off = await call_hub(hass, hub, THERMOSTAT, {"temperature": 20, "level": False})

    assert options[const.CONF_CONFIRM_CONDITIONS] == {
        THERMOSTAT: [
            {"argument": "temperature", "operator": "above", "value": 25},
            {"argument": "level", "operator": "equals", "value": 1},
        ]
    }
    assert (on[0], off[0]) == ("asks", "asks")
    assert recording.calls == []


@pytest.mark.attack
async def test_a_user_who_is_no_administrator_cannot_read_a_shadow_reason(
    hass: HomeAssistant,
    setup_llm: None,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_access_token: str,
) -> None:
    """The event naming the outer hub's conditions (values an administrator typed) and the
    panel's list are refused to a user who is no administrator."""
    assert await async_setup_component(hass, "websocket_api", {})
    client = await hass_ws_client(hass, hass_read_only_access_token)

    await client.send_json_auto_id({"type": "subscribe_events", "event_type": EVENT_TOOL_CALLED})
    subscribed = await client.receive_json()
    await client.send_json_auto_id({"type": "llm_hub/shadow/list"})
    listed_hubs = await client.receive_json()

    assert subscribed["success"] is False
    assert subscribed["error"]["code"] == "unauthorized"
    assert listed_hubs["success"] is False


@pytest.mark.attack
@pytest.mark.usefixtures("setup_llm")
async def test_a_shadow_record_of_a_call_without_a_user_or_an_assistant(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator
) -> None:
    """No context, no assistant, the outer hub refusing without a conversation: the call only
    the outer's condition holds for runs and is recorded as refused when the mode is heat; one
    the inner hub's condition holds for still waits; the model's answer names no condition."""
    assert await async_setup_component(hass, "websocket_api", {})
    calls, _, outer = await _outer_over_inner(
        hass, **{const.CONF_CONFIRM_WITHOUT_CONVERSATION: const.CONFIRM_REFUSE}
    )
    bare = llm.LLMContext(
        platform="test", context=None, language=None, assistant="", device_id=None
    )

    heat = await call_hub(hass, outer, THERMOSTAT, {"temperature": 20, "room": "hall"}, bare)
    hot = await call_hub(hass, outer, THERMOSTAT, {"temperature": 30, "room": "hall"}, bare)
    (record,) = (await _shadowed(hass, hass_ws_client))["Outer"]

    assert heat[0] == "ran", heat
    assert "heat" not in json.dumps(heat[1])
    assert hot[0] == "asks", hot  # the inner hub asks for approval; nothing refused
    assert len(calls) == 1
    assert (record["would"], record["when"], record["user_id"]) == (
        "refuse",
        'mode equals "heat"',
        None,
    )
