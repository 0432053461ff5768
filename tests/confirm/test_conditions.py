"""Conditions on argument values: a tool that asks asks only for the calls one condition holds for.

Set through the real options flow; calls in a conversation (a token), over MCP and without a
conversation (an approval); what the inspector says over the websocket. A condition that
cannot be decided holds (``tests/confirm/test_condition_attacks.py`` tries the tricks).
"""

from __future__ import annotations

from functools import partial
import json
import math
import time
from typing import Any

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.arguments import schema_value
from custom_components.llm_hub.confirm.conditions import ToolConditions, holds
from custom_components.llm_hub.options import Condition
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv, llm

from ..helpers import hubs
from ..helpers.agent import AgentSetup
from ..helpers.attacks import call_in, listed
from ..helpers.confirm import (
    ABOVE_25,
    SAFETY,
    THERMOSTAT,
    THERMOSTAT_SCHEMA,
    TOKEN,
    _turn,
    async_add_thermostat_hub,
)
from ..helpers.flows import async_add_condition
from ..helpers.mcp import _text, mcp_session
from ..helpers.parity_home import Home

EQUALS = const.ConditionOperator.EQUALS
IN = const.ConditionOperator.IN
REGEX = const.ConditionOperator.REGEX
ABOVE = const.ConditionOperator.ABOVE
BELOW = const.ConditionOperator.BELOW
AT_LEAST = const.ConditionOperator.AT_LEAST
AT_MOST = const.ConditionOperator.AT_MOST


@pytest.mark.parametrize(
    ("operator", "bound", "value", "expected"),
    [
        (EQUALS, "Front door", "front  DOOR ", True),  # case, spaces
        (EQUALS, "Front door", "\uff26\uff52\uff4f\uff4e\uff54 door", True),  # width (NFKC)
        (EQUALS, "Front door", "Front\u200b door\u200e", True),  # format characters
        (EQUALS, "Front door", "Back door", False),
        (EQUALS, 25, 25.0, True),
        (EQUALS, 25, 26, False),
        (EQUALS, True, True, True),
        (EQUALS, True, False, False),
        (EQUALS, 25, "25", True),  # another kind: cannot be decided
        (EQUALS, 1, True, True),
        (EQUALS, "on", None, True),
        (EQUALS, "on", ["on"], True),
        (IN, ("heat", "cool"), "Cool", True),
        (IN, ("heat", "cool"), "off", False),
        (IN, ("heat", 3), 3.0, True),
        (IN, (3, 4.5), 4, False),
        (IN, ("heat", 3), 4, True),  # a number against "heat": cannot be decided
        (IN, ("heat", 3), "3", True),  # a text against 3
        (IN, ("heat", 3), False, True),
        (REGEX, "^(front|back) door$", "front door", True),
        (REGEX, "door", "the back door opens", True),  # found anywhere
        (REGEX, "^door", "the back door", False),
        (REGEX, "door", 3, True),
        (REGEX, "door", "x" * (const.MAX_CONDITION_TEXT + 1), True),
        (ABOVE, 25, 25.5, True),
        (ABOVE, 25, 25, False),
        (ABOVE, 25, 10**400, True),  # exact, however big
        (ABOVE, 25, -(10**400), False),
        (ABOVE, 25, math.inf, True),
        (ABOVE, 25, -math.inf, True),
        (ABOVE, 25, math.nan, True),
        (ABOVE, 25, "30", True),
        (ABOVE, 25, "10", True),
        (ABOVE, 0.5, True, True),
        (ABOVE, 25, [30], True),
        (ABOVE, 25, {"value": 10}, True),
        (BELOW, 16, 15.9, True),
        (BELOW, 16, 16, False),
        (AT_LEAST, 16, 16, True),
        (AT_LEAST, 16, 15, False),
        (AT_MOST, 16, 16.0, True),
        (AT_MOST, 16, 17, False),
    ],
)
def test_what_each_comparison_holds_for(
    operator: const.ConditionOperator, bound: Any, value: Any, expected: bool
) -> None:
    """Each comparison on the argument's value; what cannot be decided (another kind, NaN,
    infinity, a text too long to search) holds."""
    condition = Condition("x", operator, bound)

    assert holds(condition, {"x": value}, {"x"}) is expected
    # An argument the call lacks, or the tool's schema lacks, cannot be decided either.
    assert holds(condition, {}, {"x"}) is True
    assert holds(condition, {"x": value}, {"y"}) is True
    assert ToolConditions((condition,), frozenset({"x"})).hold(None) is True


_LEVEL = probatio.Schema({probatio.Required("x"): probatio.Coerce(int)})
_LOWER = probatio.Schema({"x": probatio.Lower})


@pytest.mark.parametrize(
    ("parameters", "condition", "arguments", "expected"),
    [
        (_LEVEL, Condition("x", AT_MOST, 2), {"x": 5.0}, False),  # read as 5: the same
        (_LEVEL, Condition("x", AT_MOST, 2), {"x": 2.9}, True),  # read as 2
        (_LEVEL, Condition("x", EQUALS, 0), {"x": 0.9}, True),
        ({"x": probatio.Coerce(int)}, Condition("x", EQUALS, 0), {"x": 0.9}, True),  # a mapping
        # Not a mapping: the whole schema reads the arguments.
        (probatio.All(_LEVEL, dict), Condition("x", AT_MOST, 2), {"x": 2.9}, True),
        (probatio.All(_LEVEL, dict), Condition("x", AT_MOST, 2), {"x": 5}, False),
        (
            probatio.Schema({"y": int}, extra=probatio.ALLOW_EXTRA),
            Condition("x", AT_MOST, 2),
            {"x": 2.5, "y": 1},
            False,  # an extra argument, read as given
        ),
        # Refused: the tool may read it in its own way.
        (probatio.Schema({"x": probatio.Range(0, 10)}), Condition("x", EQUALS, 0), {"x": 11}, True),
        (probatio.Schema({"x": cv.string}), Condition("x", ABOVE, 25), {"x": 20}, True),  # "20"
        # Equals compares texts regardless of case; a pattern sees it.
        (_LOWER, Condition("x", EQUALS, "heat"), {"x": "COOL"}, False),
        (_LOWER, Condition("x", REGEX, "^cool$"), {"x": "COOL"}, True),
    ],
)
def test_a_value_the_tools_schema_reads_as_another_holds(
    parameters: Any, condition: Condition, arguments: dict[str, Any], expected: bool
) -> None:
    """A value the tool's own schema reads as another value (2.9 as 2, 11 refused, 20 as the text
    "20") cannot be decided on what the model sent: the condition holds."""
    tool = hubs.RecordingTool("t", parameters=parameters)

    assert holds(condition, arguments, {"x"}, partial(schema_value, tool)) is expected


def test_a_pattern_that_backtracks_badly_holds_at_its_time_limit() -> None:
    """``^(a|aa)+$`` takes exponential time on "aaa…b": the search stops at its time limit and
    the condition holds, so the call asks."""
    condition = Condition("room", REGEX, "^(a|aa)+$")
    started = time.monotonic()

    assert holds(condition, {"room": "a" * 40 + "b"}, {"room"}) is True
    assert time.monotonic() - started < 1
    assert holds(condition, {"room": "aaa"}, {"room"}) is True
    assert holds(condition, {"room": "bbb"}, {"room"}) is False


async def _call(
    hass: HomeAssistant, entry: MockConfigEntry, args: dict[str, Any], tool: str = THERMOSTAT
) -> str:
    """Call ``tool`` of ``entry`` without a conversation; return ``ran``, ``asks`` or the error."""
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    outcome, _ = await call_in(hass, instance, tool, args)
    return outcome


async def test_a_named_tool_asks_only_when_a_condition_holds(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """ "Also confirm these tools" and "temperature is above 25", set in the options flow: 21
    runs at once, 28 waits for approval; a second condition asks below 16 too."""
    thermostat, _, hub = await async_add_thermostat_hub(hass)
    options = await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25)
    assert options[const.CONF_CONFIRM_CONDITIONS] == {
        THERMOSTAT: [{"argument": "temperature", "operator": "above", "value": 25}]
    }

    assert await _call(hass, hub, {"temperature": 21}) == "ran"
    assert await _call(hass, hub, {"temperature": 28}) == "asks"
    assert await _call(hass, hub, {"temperature": 15}) == "ran"
    await async_add_condition(
        hass, hub, THERMOSTAT, {"argument": "temperature", "operator": "below", "value": "16"}
    )
    assert await _call(hass, hub, {"temperature": 15}) == "asks"
    assert await _call(hass, hub, {"temperature": 21}) == "ran"
    assert [call.tool_args["temperature"] for call in thermostat.calls] == [21, 15, 21]


async def test_conditions_never_make_a_call_ask(hass: HomeAssistant, setup_llm: None) -> None:
    """A tool that no rule asks for runs whatever its conditions say."""
    thermostat, _, hub = await async_add_thermostat_hub(hass)
    await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25)
    await hubs.async_set_options(hass, hub, "safety", SAFETY)  # nothing to confirm

    assert await _call(hass, hub, {"temperature": 30}) == "ran"
    assert len(thermostat.calls) == 1


async def test_conditions_narrow_confirm_destructive(hass: HomeAssistant, setup_llm: None) -> None:
    """A destructive tool under "Confirm destructive tools" asks only when a condition holds."""
    destructive = hubs.RecordingTool(
        THERMOSTAT,
        parameters=THERMOSTAT_SCHEMA,
        annotations=llm.ToolAnnotations(read_only=False, destructive=True),
    )
    _, _, hub = await async_add_thermostat_hub(
        hass,
        tool=destructive,
        options={const.CONF_CONFIRM_TOOLS: [], const.CONF_CONFIRM_DESTRUCTIVE: True},
    )
    await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25)

    assert await _call(hass, hub, {"temperature": 20}) == "ran"
    assert await _call(hass, hub, {"temperature": 30}) == "asks"


async def test_conditions_narrow_always_ask_before_acting_on(
    hass: HomeAssistant, effect_home: dict[str, Any]
) -> None:
    """Under "Always ask before acting on" locks, Turn on with a condition on its ``name`` asks
    only when the call acts on a lock and the condition holds."""
    hub = await hubs.async_add_hub(
        hass, "Locks", {CONF_LLM_HASS_API: ["assist"], const.CONF_ASK_DOMAINS: ["lock"]}
    )
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context())
    turn_on = listed(instance, "HassTurnOn").name
    await async_add_condition(
        hass, hub, turn_on, {"argument": "name", "operator": "equals", "value": "Front door"}
    )

    assert await _call(hass, hub, {"name": "front door"}, turn_on) == "asks"
    await async_add_condition(
        hass, hub, turn_on, {"argument": "name", "operator": "equals", "value": "Hall light"}
    )
    # The condition holds, the call acts on no lock: it runs.
    assert await _call(hass, hub, {"name": "Hall light"}, turn_on) == "ran"
    assert len(effect_home["light.turn_on"]) == 1
    await hubs.async_set_options(hass, hub, "conditions", {"remove": [json.dumps([turn_on, 0])]})
    # It acts on a lock, no condition holds: it runs.
    assert await _call(hass, hub, {"name": "Front door"}, turn_on) == "ran"
    assert len(effect_home["lock.lock"]) == 1


async def test_assists_thermostat_asks_above_25_in_a_conversation(
    hass: HomeAssistant,
    parity_home: Home,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
) -> None:
    """The docs' example with Assist's own tool and a real thermostat: setting 21 °C runs, 28 °C
    gets a token and changes nothing until the user answered."""
    hub = await hubs.async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context())
    key = listed(instance, "HassClimateSetTemperature").name
    await hubs.async_set_options(hass, hub, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: [key]})
    await async_add_condition(hass, hub, key, ABOVE_25)
    agent = await setup_agent(hubs.hub_id(hub))

    def target() -> float:
        state = hass.states.get("climate.thermostat")
        assert state is not None
        return float(state.attributes["temperature"])

    def set_to(temperature: float, **extra: Any) -> llm.ToolInput:
        args = {"name": "Thermostat", "temperature": temperature, **extra}
        return llm.ToolInput(tool_name=key, tool_args=args, id="set")

    _, [ran] = await _turn(agent, hass_admin_user, [set_to(21)])
    assert not ran.error, ran.data
    assert target() == 21
    conversation_id, [asked] = await _turn(agent, hass_admin_user, [set_to(28)])
    assert asked.data["error"] == "ConfirmationRequired"
    assert target() == 21
    token = asked.data[TOKEN]
    _, [confirmed] = await _turn(
        agent, hass_admin_user, [set_to(28, **{TOKEN: token})], conversation_id
    )
    assert not confirmed.error, confirmed.data
    assert target() == 28


async def test_over_mcp_a_call_waits_for_approval_only_when_a_condition_holds(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hub_url: str,
    hass_access_token: str,
    calls: list[hubs.Call],
) -> None:
    """Brewing more than two cups waits for approval; one cup (the default) brews at once."""
    await hubs.async_set_options(
        hass, hub, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: [hubs.BREW]}
    )
    await async_add_condition(
        hass, hub, hubs.BREW, {"argument": "cups", "operator": "above", "value": "2"}
    )
    async with mcp_session(hub_url, hass_access_token) as session:
        (brew,) = [tool for tool in (await session.list_tools()).tools if tool.name == hubs.BREW]
        one = await session.call_tool(hubs.BREW, {"size": "small"})
        three = await session.call_tool(hubs.BREW, {"size": "small", "cups": 3})

    # Some calls ask: the schema still declares the token.
    assert TOKEN in brew.inputSchema["properties"]
    assert not one.isError
    assert json.loads(_text(one))["brewed"] == 1
    assert json.loads(_text(three))["status"] == "approval_required"
    assert [args for _, args, _ in calls] == [{"size": "small", "cups": 1}]


async def test_the_inspector_says_on_what_conditions_a_tool_asks(
    hass: HomeAssistant,
    setup_llm: None,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """``llm_hub/api/describe``: the reason ends with the conditions in words, ``confirm_when``
    has them in symbols, and the tool declares the token."""
    _, _, hub = await async_add_thermostat_hub(hass)
    await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25)
    await async_add_condition(
        hass, hub, THERMOSTAT, {"argument": "mode", "operator": "in", "values": ["cool", "off"]}
    )
    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hubs.hub_id(hub)})
    response = await client.receive_json()
    assert response["success"], response
    (tool,) = [tool for tool in response["result"]["tools"] if tool["name"] == THERMOSTAT]

    assert tool["confirm"] is True
    assert TOKEN in tool["parameters"]["properties"]
    assert tool["confirm_reason"] == (
        "named in the hub's options (also confirm these tools), only when temperature is "
        'above 25 or mode is one of ["cool", "off"]'
    )
    assert tool["confirm_key"] == "ask_named"
    assert tool["confirm_when"] == [
        {"text": "temperature > 25", "known": True},
        {"text": 'mode ∈ ["cool", "off"]', "known": True},
    ]


@pytest.mark.usefixtures("setup_llm")
async def test_the_same_condition_added_twice_is_stored_once(hass: HomeAssistant) -> None:
    """Adding a condition the tool has already changes nothing."""
    _, _, hub = await async_add_thermostat_hub(hass)
    await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25)

    options = await async_add_condition(hass, hub, THERMOSTAT, ABOVE_25)

    assert options[const.CONF_CONFIRM_CONDITIONS] == {
        THERMOSTAT: [{"argument": "temperature", "operator": "above", "value": 25}]
    }
