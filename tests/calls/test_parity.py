"""A call through a hub does what the same call to the tool itself does (differential tests).

For every tool Assist lists in a test home (``parity_home``: lights, a cover, a thermostat, a
media player, a to-do list, timers, and one script per selector type that script fields
take), Hypothesis makes calls of every kind a model makes (valid, boundary values, values as
text, blank and null optionals, extra keys, wrong types). Each runs through Assist itself
(``llm.async_get_api(hass, "assist", ...)``) and through a hub that selects Assist, from the same
state of the home (``Home.restore``). Their effects must be equal: the result, every service
call and its data (what scripts get as variables), the events scripts fire, timers, and the
state of the home after. The one allowed difference: the hub refused a call that Assist could
not serve either (it raised or answered with an error).

``LLM_HUB_HYPOTHESIS_EXAMPLES`` sets the examples as for the other property tests (default
100; this suite runs three times as many, shared by the tools and at least 8 each,
derandomized); ``LLM_HUB_PARITY_TABLE=<file>``
writes the table of tools and argument kinds tried.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
import os
from typing import Any
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings, strategies as st
import probatio
import pytest

from custom_components.llm_hub.calls.tool import HubTool
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.helpers.selector import BooleanSelector
from homeassistant.util import dt as dt_util

from ..helpers.hubs import FixedAPI, RecordingTool, async_add_hub, hub_id, llm_context
from ..helpers.parity_home import Effect, Home, _async_effect, _context, _verdict

pytestmark = pytest.mark.filterwarnings("ignore:It looks like `register_random`")

EXAMPLES = 3 * int(os.environ.get("LLM_HUB_HYPOTHESIS_EXAMPLES", "100"))
"""Examples in all, shared by the tools (at least 8 each)."""

# Values a model gives for a field, by kind of argument, for each JSON type of the field.
NAMES = [
    "Kitchen light",
    "kitchen light",
    "Desk lamp",
    "Garage door",
    "Thermostat",
    "TV",
    "Shopping",
]
PLACES = {"area": ["Kitchen", "Garage", "Nowhere"], "floor": ["Ground floor", "Attic"]}
WORDS = {
    "item": ["Milk", "Bread", "Eggs"],
    "todo_list": ["Shopping", "Chores"],
    "name": NAMES,
    "domain": ["light", "cover", "media_player", "sensor"],
    "status": ["needs_action", "completed", "all", "open"],
}
# Numbers that make sense for a field, by name (tried first, before the schema's bounds).
NUMBERS: dict[str, list[float]] = {
    "temperature": [21, 19.5],
    "volume_level": [30],
    "position": [40],
    "minutes": [5],
}
# A valid value per script selector type (the rest of the kinds come from the JSON type).
SCRIPT_VALUES: dict[str, list[Any]] = {
    "action": [[{"action": "light.turn_on"}]],
    "area": ["Kitchen", "kitchen", "Nowhere"],
    "areas": [["Kitchen"], ["Kitchen", "Garage"], ["Nowhere"]],
    "attribute": ["brightness"],
    "automation_behavior": ["first", "any"],
    "backup_location": ["/backup", "local"],
    "choose": ["word", 3, {"active_choice": "count", "count": 2}],
    "color_rgb": [[255, 0, 0], [256, 0, 0]],
    "color_temp": [2700, 2700.5, 10000],
    "condition": [[{"condition": "state", "entity_id": "light.kitchen_light", "state": "on"}]],
    "constant": ["on", "off"],
    "country": ["DE"],
    "date": ["2026-12-01", "2026-13-01"],
    "datetime": ["2026-12-01 10:00:00", "tomorrow"],
    "device_class": ["temperature", "warmth"],
    "duration": [{"minutes": 5}, {"hours": -1}, {"weeks": 1}],
    "entity": ["light.kitchen_light", "Kitchen light"],
    "entities": [["light.kitchen_light"], ["cover.garage_door"]],
    "file": ["3f2d6c1e-9f1a-4a53-8d4e-000000000000", "notes.txt"],
    "floor": ["Ground floor", "Attic"],
    "language": ["en", "de-CH"],
    "location": [{"latitude": 52.5, "longitude": 13.4}, {"latitude": 52.5}],
    "media": [{"media_content_id": "a", "media_content_type": "music"}],
    "number": [0, 3, 10, 11, 2.5],
    "number_fraction": [-1.5, 0.5, 1.5, 0.25],
    "numeric_threshold": [{"type": "above", "value": {"active_choice": "number", "number": 5}}],
    "object": [{"any": ["thing"]}],
    "qr_code": ["x"],
    "select": ["red", "blue"],
    "selects": [["red"], ["purple"]],
    "state_class": ["measurement", "hourly"],
    "target": [{"entity_id": ["light.kitchen_light"]}, {"entity_id": "light.kitchen_light"}],
    "template": ["{{ 1 + 1 }}", "{{ oops"],
    "time": ["10:30", "25:00"],
    "trigger": [[{"trigger": "state", "entity_id": "light.kitchen_light"}]],
}


@dataclass(frozen=True)
class Choice:
    """A value for one argument and the kind of argument it is."""

    kind: str
    value: Any


def _values(key: str, node: dict[str, Any], script: str | None) -> list[Choice]:
    """Return the values to try for the field ``key`` of JSON Schema ``node``."""
    kind = node.get("type")
    # Valid values first: Hypothesis starts from (and shrinks towards) the first ones.
    choices = [Choice("valid", value) for value in SCRIPT_VALUES.get(script or "", [])]
    if "enum" in node:
        choices += [Choice("valid", value) for value in node["enum"]]
        choices += [Choice("wrong type", "bogus")]
    if kind == "string" or kind is None:
        words = PLACES.get(key) or WORDS.get(key) or ["Kitchen light", "pizza", "5"]
        choices += [Choice("valid", word) for word in words]
        choices += [Choice("wrong type", value) for value in (5, 1.5, True, ["x"], {"a": 1})]
    elif kind in ("integer", "number"):
        low, high = node.get("minimum", 0), node.get("maximum", 100)
        choices += [Choice("valid", value) for value in NUMBERS.get(key, [])]
        choices += [Choice("valid", value) for value in ((low + high) // 2, low, high)]
        choices += [Choice("boundary", value) for value in (low - 1, high + 1, 1.0, 0.5)]
        choices += [Choice("as text", value) for value in (str(high), "1.0", "1.5", "ten")]
        choices += [Choice("wrong type", value) for value in (True, [1], {"a": 1})]
    elif kind == "boolean":
        choices += [Choice("valid", value) for value in (True, False)]
        choices += [Choice("as text", value) for value in ("false", "true", "off", "0")]
        choices += [Choice("wrong type", value) for value in (0, 1, [True])]
    elif kind == "array":
        items = node.get("items", {})
        inner = [choice for choice in _values(key, items, None) if choice.kind == "valid"]
        choices += [Choice("valid", [choice.value]) for choice in inner[:3]]
        choices += [Choice("boundary", [])]
        choices += [Choice("wrong type", choice.value) for choice in inner[:2]]
        choices += [Choice("wrong type", value) for value in (5, {"a": 1})]
    elif kind == "object":
        choices += [Choice("boundary", {})]
        choices += [Choice("wrong type", value) for value in ("text", [1], 5)]
    choices += [Choice("blank", ""), Choice("blank", "  "), Choice("null", None)]
    return choices


@dataclass(frozen=True)
class ToolPlan:
    """What to try for one tool: values per argument, and the arguments it requires."""

    name: str
    values: dict[str, list[Choice]]
    required: tuple[str, ...]


def _plan(tool: llm.Tool) -> ToolPlan:
    """Return the values to try for each argument of ``tool`` (from its JSON Schema)."""
    schema = probatio.to_openapi(tool.parameters, custom_serializer=llm.selector_serializer)
    script = tool.name.removeprefix("script__parity_") if tool.name.startswith("script__") else None
    return ToolPlan(
        tool.name,
        {key: _values(key, node, script) for key, node in schema.get("properties", {}).items()},
        tuple(schema.get("required", ())),
    )


@st.composite
def _calls(draw: st.DrawFn, plans: list[ToolPlan]) -> tuple[str, dict[str, Any], frozenset[str]]:
    """Draw a tool, arguments for it, and the kinds of argument used."""
    plan = draw(st.sampled_from(plans))
    kinds: set[str] = set()
    arguments: dict[str, Any] = {}
    keys = sorted(plan.values)
    # Half the calls are what a model usually sends: the required arguments and at most one
    # more, all valid; the other half anything.
    valid_only = draw(st.booleans())
    given_keys = draw(st.lists(st.sampled_from(keys), unique=True, max_size=3)) if keys else []
    if valid_only:
        given_keys = list(dict.fromkeys([*plan.required, *given_keys[:1]]))
    for key in given_keys:
        pool = plan.values[key]
        if valid_only:
            pool = [choice for choice in pool if choice.kind == "valid"] or pool
        choice = draw(st.sampled_from(pool))
        arguments[key] = choice.value
        kinds.add(choice.kind)
    if set(plan.required) - set(given_keys):
        kinds.add("required left out")
    if draw(st.integers(0, 5)) == 0:
        extra = draw(st.sampled_from(["preferred_area_id", "confirm", "value"]))
        if extra not in arguments:
            arguments[extra] = draw(st.sampled_from(["Kitchen", 1, None]))
            kinds.add("extra key")
    return plan.name, arguments, frozenset(kinds or {"no arguments"})


VERDICTS = ("same effect", "both failed", "hub refused, Assist failed")
"""How a call through the hub can compare with Assist's (``_verdict``), in table order."""


async def test_calls_through_a_hub_do_what_assist_does(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """Every tool Assist lists, called every way a model calls it: the hub does the same."""
    entry = await async_add_hub(hass, "Parity", {CONF_LLM_HASS_API: ["assist"]})
    context = _context(parity_home, hass_admin_user)
    assist = await llm.async_get_api(hass, "assist", context)
    hub = await llm.async_get_api(hass, hub_id(entry), context)
    # The hub lists every tool of Assist, under the same (already portable) names.
    assert sorted(tool.name for tool in hub.tools) == sorted(tool.name for tool in assist.tools)
    plans = [_plan(tool) for tool in assist.tools]
    start = parity_home.snapshot()
    tried: Counter[tuple[str, str, str]] = Counter()

    async def compare(name: str, args: dict[str, Any], kinds: frozenset[str]) -> None:
        assist_effect = await _async_effect(parity_home, assist, start, name, args)
        hub_effect = await _async_effect(parity_home, hub, start, name, args)
        verdict = _verdict(assist_effect, hub_effect)
        for kind in kinds:
            tried[name, kind, verdict] += 1

    def check_tool(plan: ToolPlan) -> None:
        @settings(
            max_examples=max(EXAMPLES // len(plans), 8),
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(_calls([plan]))
        def check(call: tuple[str, dict[str, Any], frozenset[str]]) -> None:
            asyncio.run_coroutine_threadsafe(compare(*call), hass.loop).result()

        check()

    # GetDateTime answers the clock: both sides must read the same second.
    with patch.object(dt_util, "now", return_value=dt_util.as_local(dt_util.utcnow())):
        for plan in plans:
            await hass.async_add_executor_job(check_tool, plan)
    _write_table(tried)
    # Every tool was tried, with more than one kind of argument.
    assert {name for name, _kind, _verdict in tried} == {plan.name for plan in plans}


def _write_table(tried: Counter[tuple[str, str, str]]) -> None:
    """Write the table of tools and kinds of argument to ``LLM_HUB_PARITY_TABLE`` when it is set."""
    if not (path := os.environ.get("LLM_HUB_PARITY_TABLE")):
        return
    kinds = sorted({kind for _name, kind, _verdict in tried})
    names = sorted({name for name, _kind, _verdict in tried})
    lines = ["| tool | " + " | ".join(kinds) + " |", "|---" * (len(kinds) + 1) + "|"]
    for name in names:
        cells = []
        for kind in kinds:
            counts = {v: n for (t, k, v), n in tried.items() if t == name and k == kind}
            cells.append("/".join(str(counts.get(v, 0)) for v in VERDICTS) if counts else "")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    with open(path, "w", encoding="utf-8") as file:  # noqa: PTH123
        file.write("\n".join(lines) + "\n")


# --- Regression tests: the examples of issue 13 --------------------------------------------


@pytest.fixture
async def both(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> Callable[[str, dict[str, Any]], Awaitable[tuple[Effect, Effect]]]:
    """Return a function that runs one call through Assist and through a hub selecting it."""
    entry = await async_add_hub(hass, "Parity", {CONF_LLM_HASS_API: ["assist"]})
    context = _context(parity_home, hass_admin_user)
    assist = await llm.async_get_api(hass, "assist", context)
    hub = await llm.async_get_api(hass, hub_id(entry), context)
    start = parity_home.snapshot()

    async def run(name: str, args: dict[str, Any]) -> tuple[Effect, Effect]:
        return (
            await _async_effect(parity_home, assist, start, name, args),
            await _async_effect(parity_home, hub, start, name, args),
        )

    return run


@pytest.mark.parametrize("value", ["false", "true", "off", False])
async def test_boolean_text_reaches_a_script_as_given(
    both: Callable[[str, dict[str, Any]], Awaitable[tuple[Effect, Effect]]], value: Any
) -> None:
    """A boolean field given "false" reaches the script as "false" (the validator said True)."""
    assist, hub = await both("script__parity_boolean", {"value": value})

    assert _verdict(assist, hub) == "same effect"
    assert ["call", ["script", "parity_boolean", {"value": value}]] in hub.seen


async def test_boolean_text_reaches_a_contributed_tool_as_given(hass: HomeAssistant) -> None:
    """A tool whose parameters hold a ``BooleanSelector`` gets "false", not True."""
    tool = RecordingTool(
        "switch_it", parameters=probatio.Schema({probatio.Required("on"): BooleanSelector()})
    )
    llm.async_register_api(hass, FixedAPI(hass, "x", "X", [tool]))
    entry = await async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["x"]})
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())

    result = await instance.async_call_tool(llm.ToolInput("switch_it", {"on": "false"}))

    assert not result.error
    assert [call.tool_args for call in tool.calls] == [{"on": "false"}]


async def test_parameters_answering_no_mapping_leave_the_arguments_as_sent(
    hass: HomeAssistant,
) -> None:
    """Parameters whose check answers no mapping (a plain validator) pass the model's own."""
    tool = RecordingTool("check_it", parameters=bool)  # answers True

    call = await HubTool("check_it", tool, "x").async_run(
        hass, llm.ToolInput("check_it", {"on": "false"}), llm_context()
    )

    assert call.outcome == "ok"
    assert [call.tool_args for call in tool.calls] == [{"on": "false"}]


async def test_number_with_step_one_loops_in_a_script(
    both: Callable[[str, dict[str, Any]], Awaitable[tuple[Effect, Effect]]],
) -> None:
    """A number field with step 1 reaches the script as the model's 3, so range(count) works."""
    assist, hub = await both("script__parity_loop", {"count": 3})

    assert _verdict(assist, hub) == "same effect"
    assert ["event", {"ticks": "xxx"}] in hub.seen


@pytest.mark.parametrize(
    "args",
    [
        {"name": "Kitchen light", "area": ""},
        {"name": "Kitchen light", "area": None, "floor": "  "},
        {"name": "Kitchen light", "domain": None, "device_class": ""},
    ],
)
async def test_blank_and_null_optional_slots_are_served(
    both: Callable[[str, dict[str, Any]], Awaitable[tuple[Effect, Effect]]], args: dict[str, Any]
) -> None:
    """Blank or null optional slots are left out by the intent tool: the hub serves the call."""
    assist, hub = await both("intent__HassTurnOn", args)

    assert _verdict(assist, hub) == "same effect"
    assert ["call", ["light", "turn_on", {"entity_id": ["light.kitchen_light"]}]] in hub.seen


async def test_blank_required_slot_fails_both_ways(
    both: Callable[[str, dict[str, Any]], Awaitable[tuple[Effect, Effect]]],
) -> None:
    """A blank required slot: the intent refuses it both ways; the hub's answer names the slot."""
    assist, hub = await both("todo__HassListAddItem", {"name": "Shopping", "item": " "})

    assert _verdict(assist, hub) == "both failed"
    assert assist.outcome == ("raised", "InvalidSlotInfo")
    assert hub.outcome[2] == {
        "error": "InvalidSlotInfo",
        "error_text": "Received invalid slot info for HassListAddItem: "
        "required key not provided at 'item'",
    }


async def test_slot_the_handler_sets_itself_is_not_refused(
    both: Callable[[str, dict[str, Any]], Awaitable[tuple[Effect, Effect]]],
) -> None:
    """HassMediaPlayerMute sets ``is_volume_muted`` itself: any value the model gives is served."""
    assist, hub = await both("media_player__HassMediaPlayerMute", {"is_volume_muted": "loud"})

    assert _verdict(assist, hub) == "same effect"
