"""Attacks on conditions on argument values: a model that shapes its arguments so that a call
that should ask runs at once.

Each hub asks for the thermostat tool (Also confirm these tools) only above 25 °C, set in the
options flow; a call that asks waits for approval (no conversation) and runs nothing. What a
condition cannot decide holds: the call asks.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_capture_events
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from custom_components.llm_hub.compose.policy import ASK_NAMED
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.helpers.json import json_bytes

from ..helpers import hubs
from ..helpers.attacks import call_hub, call_through_call_tool, listed
from ..helpers.confirm import (
    ABOVE_25,
    ANY_VALUE,
    SAFETY,
    THERMOSTAT,
    async_add_thermostat_hub,
)
from ..helpers.flows import async_add_condition
from ..helpers.parity_home import Home

pytestmark = [pytest.mark.attack, pytest.mark.usefixtures("setup_llm")]


@pytest.fixture
async def thermostat_hub(
    hass: HomeAssistant,
) -> tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry]:
    """Return the thermostat tool, its API "x", and hub "K" that asks for it above 25 only."""
    thermostat, api, hub = await async_add_thermostat_hub(hass)
    await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25)
    return thermostat, api, hub


async def _outcome(hass: HomeAssistant, hub: MockConfigEntry, args: Any) -> str:
    """Call the thermostat tool of ``hub`` without a conversation; return how it ended."""
    outcome, _ = await call_hub(hass, hub, THERMOSTAT, args)
    return outcome


@pytest.mark.parametrize(
    "args",
    [
        {"temperature": "30"},
        {"temperature": " 30 "},
        {"temperature": "3e1"},
        {"temperature": "10"},  # a text: the hub cannot tell what the tool makes of it
        {"temperature": True},
        {"temperature": math.nan},
        {"temperature": math.inf},
        {"temperature": -math.inf},
    ],
)
async def test_values_of_another_kind_ask(
    hass: HomeAssistant,
    thermostat_hub: tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry],
    args: dict[str, Any],
) -> None:
    """The tool reads "30", true and NaN as numbers; the condition cannot compare them, so the
    call asks and nothing runs."""
    thermostat, _, hub = thermostat_hub

    assert await _outcome(hass, hub, args) == "asks"
    assert thermostat.calls == []


async def test_whole_numbers_of_any_size_compare_exactly(
    hass: HomeAssistant,
    thermostat_hub: tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry],
) -> None:
    """``level`` above 3: 10**400 asks, -(10**400) is below and runs, 4 asks, a temperature too
    big for a number is refused by the tool's own check before anyone is asked."""
    thermostat, _, hub = thermostat_hub
    await hubs.async_set_options(hass, hub, "conditions", {"remove": [json.dumps([THERMOSTAT, 0])]})
    await async_add_condition(
        hass, hub, THERMOSTAT, {"argument": "level", "operator": "above", "value": "3"}
    )

    assert await _outcome(hass, hub, {"temperature": 20, "level": 10**400}) == "asks"
    assert await _outcome(hass, hub, {"temperature": 20, "level": 4}) == "asks"
    assert await _outcome(hass, hub, {"temperature": 20, "level": True}) == "asks"
    assert await _outcome(hass, hub, {"temperature": 20, "level": -(10**400)}) == "ran"
    assert await _outcome(hass, hub, {"temperature": 10**400, "level": 1}) != "ran"
    assert [call.tool_args["level"] for call in thermostat.calls] == [-(10**400)]


async def test_a_look_alike_argument_name_is_refused_or_asks(
    hass: HomeAssistant,
    thermostat_hub: tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry],
) -> None:
    """ "temperature" with a Cyrillic e (U+0435): the tool's schema refuses it; nothing runs."""
    thermostat, _, hub = thermostat_hub

    assert await _outcome(hass, hub, {"t\u0435mperature": 30}) == "InvalidArguments"
    assert await _outcome(hass, hub, {"temperature": 20, "t\u0435mperature": 30}) == (
        "InvalidArguments"
    )
    assert thermostat.calls == []


async def test_a_default_fills_the_argument_the_model_left_out(
    hass: HomeAssistant,
    thermostat_hub: tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry],
) -> None:
    """``mode`` defaults to heat: left out, the call is checked as heat, as the tool runs it."""
    thermostat, _, hub = thermostat_hub
    await async_add_condition(
        hass, hub, THERMOSTAT, {"argument": "mode", "operator": "equals", "value": "heat"}
    )

    assert await _outcome(hass, hub, {"temperature": 20}) == "asks"
    assert await _outcome(hass, hub, {"temperature": 20, "mode": "cool"}) == "ran"
    await hubs.async_set_options(hass, hub, "conditions", {"remove": [json.dumps([THERMOSTAT, 1])]})
    await async_add_condition(
        hass, hub, THERMOSTAT, {"argument": "mode", "operator": "equals", "value": "cool"}
    )
    # Left out, it is heat, not unknown: the call runs.
    assert await _outcome(hass, hub, {"temperature": 20}) == "ran"
    assert [call.tool_args for call in thermostat.calls] == [
        {"temperature": 20, "mode": "cool"},
        {"temperature": 20, "mode": "heat"},
    ]


async def test_extra_arguments_do_not_stand_in_for_the_checked_one(hass: HomeAssistant) -> None:
    """A tool that takes extra keys gets "Temperature": 30 beside "temperature": 20; the
    condition reads "temperature", the one the tool reads."""
    open_schema = probatio.Schema(
        {probatio.Required("temperature"): float}, extra=probatio.ALLOW_EXTRA
    )
    thermostat = hubs.RecordingTool(THERMOSTAT, parameters=open_schema)
    _, _, hub = await async_add_thermostat_hub(hass, tool=thermostat)
    await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25)

    assert await _outcome(hass, hub, {"temperature": 20.0, "Temperature": 30.0}) == "ran"
    assert await _outcome(hass, hub, {"temperature": 30.0, "Temperature": 20.0}) == "asks"
    assert [call.tool_args["temperature"] for call in thermostat.calls] == [20.0]


async def test_assists_intent_reads_only_what_the_condition_reads(
    hass: HomeAssistant, parity_home: Home
) -> None:
    """Assist's thermostat intent checks its slots itself: a look-alike slot name leaves
    ``temperature`` out (the call asks); an extra slot beside it changes nothing."""
    hub = await hubs.async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context())
    key = listed(instance, "HassClimateSetTemperature").name
    await hubs.async_set_options(hass, hub, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: [key]})
    await async_add_condition(hass, hub, key, ABOVE_25)

    def target() -> float:
        state = hass.states.get("climate.thermostat")
        assert state is not None
        return float(state.attributes["temperature"])

    asks, _ = await call_hub(hass, hub, key, {"name": "Thermostat", "t\u0435mperature": 30})
    assert asks == "asks"
    ran, data = await call_hub(
        hass, hub, key, {"name": "Thermostat", "temperature": 21, "temperature ": 30}
    )
    assert ran == "ran", data
    assert target() == 21


async def test_through_a_selected_hub_that_lists_the_tool_under_an_alias(
    hass: HomeAssistant,
) -> None:
    """Inner asks for "thermo" above 25; Outer picks Inner. Through Outer the inner conditions
    read the arguments as Inner's tool runs them (its default too), and Outer's own conditions
    never stop Inner from asking."""
    thermostat, _, inner = await async_add_thermostat_hub(
        hass, "Inner", options={const.CONF_OVERRIDES: {THERMOSTAT: {"name": "thermo"}}}
    )
    await async_add_condition(hass, inner, THERMOSTAT, ABOVE_25)
    await async_add_condition(
        hass, inner, THERMOSTAT, {"argument": "mode", "operator": "equals", "value": "cool"}
    )
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})

    async def through_outer(args: dict[str, Any]) -> str:
        outcome, _ = await call_hub(hass, outer, "thermo", args)
        return outcome

    assert await through_outer({"temperature": 20}) == "ran"  # mode: heat by default
    assert await through_outer({"temperature": 20, "mode": "cool"}) == "asks"
    assert await through_outer({"temperature": 30}) == "asks"
    assert await through_outer({"temperature": "20"}) == "asks"
    assert await through_outer({"temperature": "x"}) == "asks"  # invalid: cannot be decided
    # Outer asks for thermo too, but only below 0: Inner still asks above 25.
    await hubs.async_set_options(
        hass, outer, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: ["thermo"]}
    )
    await async_add_condition(
        hass, outer, "thermo", {"argument": "temperature", "operator": "below", "value": "0"}
    )
    assert await through_outer({"temperature": 30}) == "asks"
    assert await through_outer({"temperature": -5}) == "asks"
    assert await through_outer({"temperature": 20}) == "ran"
    assert [call.tool_args for call in thermostat.calls] == [
        {"temperature": 20, "mode": "heat"},
        {"temperature": 20, "mode": "heat"},
    ]


async def test_a_hub_in_shadow_mode_over_a_selected_hub_with_conditions(
    hass: HomeAssistant,
) -> None:
    """Outer, in shadow mode, picks Inner (asks above 25): Inner still asks when its condition
    holds on the arguments its tool runs with; Outer's own condition (below 0) shapes only what
    it records."""
    thermostat, _, inner = await async_add_thermostat_hub(hass, "Inner")
    await async_add_condition(hass, inner, THERMOSTAT, ABOVE_25)
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    await hubs.async_set_options(
        hass,
        outer,
        "safety",
        SAFETY | {const.CONF_CONFIRM_TOOLS: [THERMOSTAT], const.CONF_SHADOW_MODE: True},
    )
    await async_add_condition(
        hass, outer, THERMOSTAT, {"argument": "temperature", "operator": "below", "value": "0"}
    )
    events = async_capture_events(hass, EVENT_TOOL_CALLED)

    outcomes = [
        (await call_hub(hass, outer, THERMOSTAT, {"temperature": value}))[0]
        for value in (20, -5, 30, "30")
    ]
    await hass.async_block_till_done()

    assert outcomes == ["ran", "ran", "asks", "asks"]
    assert [call.tool_args["temperature"] for call in thermostat.calls] == [20, -5]
    recorded = [event.data for event in events if event.data["api_id"] == hubs.hub_id(outer)]
    assert [(data["outcome"], data.get("shadow_reason")) for data in recorded] == [
        ("ok", None),
        ("ok", f"{ASK_NAMED.reason}, only when temperature is below 0"),
        ("needs_confirmation", None),
        ("needs_confirmation", None),
    ]


async def test_through_two_selected_hubs(hass: HomeAssistant) -> None:
    """Top picks Middle, which picks Inner: Inner's conditions read the arguments as its own
    tool runs them, however deep the hub that asks."""
    thermostat, _, inner = await async_add_thermostat_hub(hass, "Inner")
    await async_add_condition(
        hass, inner, THERMOSTAT, {"argument": "mode", "operator": "equals", "value": "cool"}
    )
    middle = await hubs.async_add_hub(hass, "Middle", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    top = await hubs.async_add_hub(hass, "Top", {CONF_LLM_HASS_API: [hubs.hub_id(middle)]})

    ran, _ = await call_hub(hass, top, THERMOSTAT, {"temperature": 30})
    asks, _ = await call_hub(hass, top, THERMOSTAT, {"temperature": 30, "mode": "cool"})

    assert (ran, asks) == ("ran", "asks")
    assert [call.tool_args for call in thermostat.calls] == [{"temperature": 30, "mode": "heat"}]


async def test_through_search_modes_call_tool(
    hass: HomeAssistant,
    thermostat_hub: tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry],
) -> None:
    """``call_tool`` passes the arguments inside it: those are checked, as an object or as the
    JSON text some agents send."""
    thermostat, _, hub = thermostat_hub
    await hubs.async_set_options(hass, hub, "search", {const.CONF_TOOL_MODE: "search"})

    ran, _ = await call_through_call_tool(hass, hub, THERMOSTAT, {"temperature": 20})
    asks, _ = await call_through_call_tool(hass, hub, THERMOSTAT, {"temperature": 30})
    as_text, _ = await call_through_call_tool(
        hass,
        hub,
        THERMOSTAT,
        '{"temperature": 30}',  # type: ignore[arg-type]
    )

    assert (ran, asks, as_text) == ("ran", "asks", "asks")
    assert [call.tool_args for call in thermostat.calls] == [{"temperature": 20, "mode": "heat"}]


async def test_a_pattern_over_a_huge_or_slow_text_asks_at_once(
    hass: HomeAssistant,
    thermostat_hub: tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry],
) -> None:
    """``room`` matches ^(a|aa)+$ (a pattern that backtracks badly): a megabyte of text and a
    text that makes the search take exponential time both ask, within a second."""
    thermostat, _, hub = thermostat_hub
    await hubs.async_set_options(hass, hub, "conditions", {"remove": [json.dumps([THERMOSTAT, 0])]})
    await async_add_condition(
        hass, hub, THERMOSTAT, {"argument": "room", "operator": "regex", "value": "^(a|aa)+$"}
    )
    started = time.monotonic()

    assert await _outcome(hass, hub, {"temperature": 20, "room": "a" * 1_000_000}) == "asks"
    assert await _outcome(hass, hub, {"temperature": 20, "room": "a" * 40 + "b"}) == "asks"
    assert time.monotonic() - started < 1
    assert await _outcome(hass, hub, {"temperature": 20, "room": "bbb"}) == "ran"
    assert len(thermostat.calls) == 1


async def test_a_tool_replaced_by_one_with_other_arguments_asks(
    hass: HomeAssistant,
    thermostat_hub: tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry],
    hass_ws_client: WebSocketGenerator,
) -> None:
    """After the options were saved, API "x" brings a tool of the same name whose argument is
    ``target``, then one whose ``temperature`` is a text: every call asks, and the inspector
    says why."""
    _, api, hub = thermostat_hub
    target = hubs.RecordingTool(
        THERMOSTAT, parameters=probatio.Schema({probatio.Required("target"): float})
    )
    api.tools = [target]

    assert await _outcome(hass, hub, {"target": 10.0}) == "asks"
    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hubs.hub_id(hub)})
    (tool,) = [
        tool
        for tool in (await client.receive_json())["result"]["tools"]
        if tool["key"] == THERMOSTAT
    ]
    assert tool["confirm_when"] == [{"text": "temperature > 25", "known": False}]
    assert tool["confirm_reason"].endswith(
        "only when temperature is above 25 (the tool has no such argument now, so every call asks)"
    )
    texts = hubs.RecordingTool(
        THERMOSTAT, parameters=probatio.Schema({probatio.Required("temperature"): str})
    )
    api.tools = [texts]
    assert await _outcome(hass, hub, {"temperature": "10"}) == "asks"
    assert target.calls == texts.calls == []


async def test_conditions_relax_nothing_else(hass: HomeAssistant) -> None:
    """A call no condition holds for is still refused by "Refuse" when it asks, by the limits,
    and left out by "Read-only tools only"."""
    thermostat, _, hub = await async_add_thermostat_hub(
        hass,
        options={
            const.CONF_CONFIRM_WITHOUT_CONVERSATION: const.CONFIRM_REFUSE,
            const.CONF_CALLS_PER_MINUTE: 1,
        },
    )
    await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25)

    assert await _outcome(hass, hub, {"temperature": 30}) == "ConfirmationUnavailable"
    assert await _outcome(hass, hub, {"temperature": 20}) == "ran"
    assert await _outcome(hass, hub, {"temperature": 21}) == "LimitReached"
    await hubs.async_set_options(
        hass,
        hub,
        "safety",
        SAFETY | {const.CONF_READ_ONLY: True, const.CONF_CONFIRM_TOOLS: [THERMOSTAT]},
    )
    assert await _outcome(hass, hub, {"temperature": 22}) == "ToolNotAvailable"
    assert [call.tool_args for call in thermostat.calls] == [{"temperature": 20, "mode": "heat"}]


async def test_conditions_of_the_wrong_type_narrow_nothing(hass: HomeAssistant) -> None:
    """Stored by hand with a bad item (a regex that does not compile), the conditions count as
    none: every call of the named tool asks."""
    thermostat, _, hub = await async_add_thermostat_hub(
        hass,
        options={
            const.CONF_CONFIRM_CONDITIONS: {
                THERMOSTAT: [
                    {"argument": "temperature", "operator": "above", "value": 25},
                    {"argument": "room", "operator": "regex", "value": "("},
                ]
            }
        },
    )

    assert await _outcome(hass, hub, {"temperature": 20}) == "asks"
    assert thermostat.calls == []


async def _assist_hub_asking_for(
    hass: HomeAssistant, intent: str, condition: dict[str, Any]
) -> tuple[MockConfigEntry, str]:
    """Add hub "Home" over Assist that asks for ``intent``'s tool when ``condition`` holds;
    return the hub and the tool's key."""
    hub = await hubs.async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context())
    key = listed(instance, intent).name
    await hubs.async_set_options(hass, hub, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: [key]})
    await async_add_condition(hass, hub, key, condition)
    return hub, key


async def test_a_position_the_intent_reads_as_another_asks(
    hass: HomeAssistant, parity_home: Home
) -> None:
    """Ask before closing the garage door fully (``position`` equals 0): Assist's intent reads
    0.9 as 0 (a whole number), so 0.9 asks and the door stays where it is; 30 runs."""

    def position() -> int:
        state = hass.states.get("cover.garage_door")
        assert state is not None
        return int(state.attributes["current_position"])

    hub, key = await _assist_hub_asking_for(
        hass, "HassSetPosition", {"argument": "position", "operator": "equals", "value": "0"}
    )

    fully, _ = await call_hub(hass, hub, key, {"name": "Garage door", "position": 0.9})
    assert (fully, position()) == ("asks", 50)
    ran, _ = await call_hub(hass, hub, key, {"name": "Garage door", "position": 30})
    assert (ran, position()) == ("ran", 30)


async def test_a_volume_the_intent_reads_as_another_asks(
    hass: HomeAssistant, parity_home: Home
) -> None:
    """Ask before full volume (``volume_level`` equals 100): the intent makes 100.5 a whole
    100 and then a fraction, so the call asks and the TV stays at 40 %."""

    def volume() -> float:
        state = hass.states.get("media_player.tv")
        assert state is not None
        return float(state.attributes["volume_level"])

    hub, key = await _assist_hub_asking_for(
        hass, "HassSetVolume", {"argument": "volume_level", "operator": "equals", "value": "100"}
    )

    loud, _ = await call_hub(hass, hub, key, {"name": "TV", "volume_level": 100.5})
    assert (loud, volume()) == ("asks", 0.4)


async def test_a_value_a_tools_schema_rounds_asks(hass: HomeAssistant) -> None:
    """A tool whose ``level`` is read as a whole number from 0 to 10, asked for at most 2: 2.9
    (read as 2) asks, directly and through a hub that picks the hub; 5 and 5.0 run."""
    schema = probatio.Schema(
        {probatio.Required("level"): probatio.All(probatio.Coerce(int), probatio.Range(0, 10))}
    )
    tool = hubs.RecordingTool(THERMOSTAT, parameters=schema)
    _, _, hub = await async_add_thermostat_hub(hass, tool=tool)
    await async_add_condition(
        hass, hub, THERMOSTAT, {"argument": "level", "operator": "at_most", "value": "2"}
    )
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(hub)]})

    assert await _outcome(hass, hub, {"level": 2.9}) == "asks"
    assert (await call_hub(hass, outer, THERMOSTAT, {"level": 2.9}))[0] == "asks"
    assert await _outcome(hass, hub, {"level": 5}) == "ran"
    assert await _outcome(hass, hub, {"level": 5.0}) == "ran"
    assert [call.tool_args for call in tool.calls] == [{"level": 5}, {"level": 5.0}]


@pytest.mark.parametrize(
    "condition",
    [
        {"argument": "temperature", "operator": "above", "value": "1" + "0" * 25},
        {"argument": "level", "operator": "equals", "value": str(2**63)},
        {"argument": "level", "operator": "in", "values": ["3", str(-(2**63) - 1)]},
    ],
)
async def test_a_number_home_assistant_cannot_store_is_refused(
    hass: HomeAssistant,
    thermostat_hub: tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry],
    condition: dict[str, Any],
) -> None:
    """A whole number beyond 64 bits would make the hub's options (and every config entry
    with them) unwritable to Home Assistant's storage: the form refuses it, and the options
    stay as they were, storable."""
    _, _, hub = thermostat_hub
    before = dict(hub.options)
    result = await hass.config_entries.options.async_init(hub.entry_id)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "conditions"}
    )
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"tool": THERMOSTAT}
    )
    result = await hass.config_entries.options.async_configure(result["flow_id"], condition)

    assert result["step_id"] == "condition"
    field = "values" if "values" in condition else "value"
    assert result["errors"] == {field: "condition_too_large"}
    assert dict(hub.options) == before
    assert json_bytes(dict(hub.options))


async def test_a_text_against_a_list_that_holds_a_number_asks(hass: HomeAssistant) -> None:
    """ "is one of" ["heat", 3] (edited by hand; the form types every value alike): the text "3"
    is, as "equals" compares, undecidable against 3 (the tool may read it as 3), so the call
    asks; so does 4 against "heat"."""
    recording = hubs.RecordingTool("set", parameters=ANY_VALUE)
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [recording]))
    condition = {"argument": "value", "operator": "in", "value": ["heat", 3]}
    hub = await hubs.async_add_hub(
        hass,
        "K",
        {
            CONF_LLM_HASS_API: ["x"],
            const.CONF_CONFIRM_TOOLS: ["set"],
            const.CONF_CONFIRM_CONDITIONS: {"set": [condition]},
        },
    )

    assert (await call_hub(hass, hub, "set", {"value": "3"}))[0] == "asks"
    assert (await call_hub(hass, hub, "set", {"value": 4}))[0] == "asks"
    assert (await call_hub(hass, hub, "set", {"value": 3.0}))[0] == "asks"
    assert recording.calls == []


async def test_json_text_is_checked_as_the_tool_reads_it(
    hass: HomeAssistant,
    thermostat_hub: tuple[hubs.RecordingTool, hubs.FixedAPI, MockConfigEntry],
) -> None:
    """Through ``call_tool`` as JSON text: of a key given twice the last counts, for the check as
    for the tool; 1e400 (infinity) asks; -0 and 25.0000000000000001 (25.0) are not above 25."""
    thermostat, _, hub = thermostat_hub
    await hubs.async_set_options(hass, hub, "search", {const.CONF_TOOL_MODE: "search"})

    async def as_text(text: str) -> str:
        outcome, _ = await call_through_call_tool(hass, hub, THERMOSTAT, text)  # type: ignore[arg-type]
        return outcome

    assert await as_text('{"temperature": 20, "temperature": 30}') == "asks"
    assert await as_text('{"temperature": 1e400}') == "asks"
    assert await as_text('{"temperature": 30, "temperature": 20}') == "ran"
    assert await as_text('{"temperature": -0}') == "ran"
    assert await as_text('{"temperature": 25.0000000000000001}') == "ran"
    assert [call.tool_args["temperature"] for call in thermostat.calls] == [20, 0, 25.0]
