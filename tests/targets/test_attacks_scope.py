"""Fresh attacks on a hub's scope (issue 34, point 8), of kinds the other attack tests lack.

Real integrations run in each test's Home Assistant: ``template`` lights, a lock and a button
whose state lives in ``input_boolean`` helpers, old-style groups changed with ``group.set``,
``script``, ``automation`` and a second hub in search mode. Hubs have real options and are
called through the API instance that Home Assistant's llm helper returns. A strict xfail is a
hole open today: it turns into a failure once the hole is closed, and its marker goes then.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub.calls.tool import unwrap
from custom_components.llm_hub.const import (
    CONF_ASK_DOMAINS,
    CONF_SCOPE_AREAS,
    CONF_SCOPE_ENTITIES,
    CONF_SCOPE_EXCLUDED,
    CONF_TOOL_MODE,
)
from custom_components.llm_hub.search.meta_tools import CALL_TOOL, CallToolTool
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import area_registry as ar, entity_registry as er, llm
from homeassistant.setup import async_setup_component

from ..helpers.flows import async_add_tool
from ..helpers.hubs import async_add_hub, hub_id, llm_context

BOOLEANS = ("kitchen", "porch", "front_door", "kitchen_mode")
"""The helpers that hold the home's state: lights on, the front door unlocked, a mode."""
ASSIST = {CONF_LLM_HASS_API: ["assist"]}
KITCHEN = {**ASSIST, CONF_SCOPE_AREAS: ["kitchen"]}
"""A hub scoped to the Kitchen."""
KITCHEN_AND_SET = {**KITCHEN, CONF_SCOPE_ENTITIES: ["group.kitchen_set"]}
"""A hub scoped to the Kitchen and its old-style group ``group.kitchen_set``."""
NOT_THE_DOOR = {**ASSIST, CONF_SCOPE_EXCLUDED: ["lock.front_door"]}
"""A hub that reaches everything but the front door."""


def _switch(boolean: str, on: bool) -> list[dict[str, Any]]:
    """Return the actions of a template entity that turn ``boolean`` on or off."""
    action = "input_boolean.turn_on" if on else "input_boolean.turn_off"
    return [{"action": action, "target": {"entity_id": f"input_boolean.{boolean}"}}]


def _light(name: str, boolean: str) -> dict[str, Any]:
    return {
        "name": name,
        "unique_id": boolean,
        "state": f"{{{{ is_state('input_boolean.{boolean}', 'on') }}}}",
        "turn_on": _switch(boolean, on=True),
        "turn_off": _switch(boolean, on=False),
    }


TEMPLATES: list[dict[str, Any]] = [
    {
        "light": [_light("Kitchen light", "kitchen"), _light("Porch light", "porch")],
        "lock": [
            {
                "name": "Front door",
                "unique_id": "front_door",
                "state": "{{ 'unlocked' if is_state('input_boolean.front_door', 'on') "
                "else 'locked' }}",
                "lock": _switch("front_door", on=False),
                "unlock": _switch("front_door", on=True),
            }
        ],
        "button": [
            {
                "name": "Kitchen button",
                "unique_id": "kitchen_button",
                "press": _switch("porch", on=True),
            }
        ],
        "sensor": [{"name": "Porch code", "unique_id": "porch_code", "state": "hunter2"}],
    }
]
OLD_STYLE = {
    "kitchen_set": {"name": "Kitchen set", "entities": ["light.kitchen_light"]},
    "loop_a": {"name": "Loop A", "entities": ["group.loop_b", "light.kitchen_light"]},
    "loop_b": {"name": "Loop B", "entities": ["group.loop_a", "light.porch_light"]},
}
SCRIPTS: dict[str, Any] = {
    "kitchen_set_on": {
        "alias": "Kitchen set on",
        "sequence": [
            {"action": "homeassistant.turn_on", "target": {"entity_id": "group.kitchen_set"}}
        ],
    },
    "regroup": {
        "alias": "Regroup",
        "sequence": [
            {
                "action": "group.set",
                "data": {
                    "object_id": "kitchen_set",
                    "entities": ["light.kitchen_light", "light.porch_light"],
                },
            },
            {"action": "homeassistant.turn_on", "target": {"entity_id": "group.kitchen_set"}},
        ],
    },
    "loop_on": {
        "alias": "Loop on",
        "sequence": [{"action": "homeassistant.turn_on", "target": {"entity_id": "group.loop_a"}}],
    },
    "unlock_all": {
        "alias": "Unlock all",
        "sequence": [{"action": "lock.unlock", "target": {"entity_id": "all"}}],
    },
    "shouting_unlock": {
        "alias": "Shouting unlock",
        "sequence": [{"action": "lock.unlock", "data": {"entity_id": "LOCK.FRONT_DOOR"}}],
    },
    "kitchen_check": {
        "alias": "Kitchen check",
        "sequence": [
            {"variables": {"result": {"code": "{{ states('sensor.porch_code') }}"}}},
            {"stop": "Checked", "response_variable": "result"},
        ],
    },
}
AUTOMATIONS = [
    {
        "id": "kitchen_mode",
        "alias": "Kitchen mode lights the porch",
        "triggers": [{"trigger": "state", "entity_id": "input_boolean.kitchen_mode", "to": "on"}],
        "actions": [{"action": "light.turn_on", "target": {"entity_id": "light.porch_light"}}],
    }
]
AREAS = {
    "light.kitchen_light": "kitchen",
    "light.porch_light": "porch",
    "lock.front_door": "porch",
    "button.kitchen_button": "kitchen",
    "sensor.porch_code": "porch",
    "input_boolean.kitchen_mode": "kitchen",
    # The helper behind each template entity lies in its area (docs/scope.md).
    "input_boolean.kitchen": "kitchen",
    "input_boolean.porch": "porch",
    "input_boolean.front_door": "porch",
    **{f"script.{name}": "kitchen" for name in SCRIPTS},
}
EXPOSED = (
    "light.kitchen_light",
    "light.porch_light",
    "lock.front_door",
    "button.kitchen_button",
    "sensor.porch_code",
    "input_boolean.kitchen_mode",
    *(f"script.{name}" for name in SCRIPTS),
)


@pytest.fixture
async def kitchen_porch_home(hass: HomeAssistant) -> None:
    """Set up the home: a Kitchen and a Porch with a light each, the front door (Porch).

    Old-style groups: ``group.kitchen_set`` holds the kitchen light; ``group.loop_a`` holds
    ``group.loop_b`` and the kitchen light, ``group.loop_b`` holds ``group.loop_a`` and the
    porch light. The Kitchen button (Kitchen) lights the porch when pressed; an automation
    lights the porch when "Kitchen mode" (an ``input_boolean`` in the Kitchen) turns on. The
    porch code sensor (Porch) reads ``hunter2``. Scripts (all in the Kitchen): ``SCRIPTS``.
    """
    for component in ("homeassistant", "intent", "llm", "conversation"):
        assert await async_setup_component(hass, component, {})
    areas = ar.async_get(hass)
    for name in ("Kitchen", "Porch"):
        areas.async_create(name)
    helpers = {name: {"name": name.replace("_", " ").capitalize()} for name in BOOLEANS}
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": helpers})
    assert await async_setup_component(hass, "group", {"group": OLD_STYLE})
    assert await async_setup_component(hass, "template", {"template": TEMPLATES})
    assert await async_setup_component(hass, "script", {"script": SCRIPTS})
    assert await async_setup_component(hass, "automation", {"automation": AUTOMATIONS})
    await hass.async_block_till_done()
    registry = er.async_get(hass)
    for entity_id, area in AREAS.items():
        assert registry.async_get(entity_id) is not None, entity_id
        registry.async_update_entity(entity_id, area_id=area)
    for entity_id in EXPOSED:
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)


def _is_on(hass: HomeAssistant, boolean: str) -> bool:
    return hass.states.is_state(f"input_boolean.{boolean}", "on")


def _named(instance: llm.APIInstance, tool: str) -> llm.Tool:
    """Return the listed tool ``tool`` (2026.10 prefixes Assist's intents with ``intent__``)."""
    return next(item for item in instance.tools if tool in (item.name, item.name.split("__")[-1]))


def _lists(instance: llm.APIInstance, tool: str) -> bool:
    return any(tool in (item.name, item.name.split("__")[-1]) for item in instance.tools)


async def _call_in(
    hass: HomeAssistant, instance: llm.APIInstance, tool: str, args: dict[str, Any]
) -> tuple[str, Any]:
    """Call ``tool`` of ``instance`` as a model would; return how it ended and the answer.

    How it ended: ``ran``, ``asks`` (waits for approval), or the error's type (an error
    result's ``error``, or the exception an intent raises to the agent).
    """
    try:
        result = await instance.async_call_tool(llm.ToolInput(_named(instance, tool).name, args))
    except Exception as err:  # noqa: BLE001  # an intent's failure raises to the agent
        await hass.async_block_till_done()
        return type(err).__name__, str(err)
    await hass.async_block_till_done()
    data = result.data if isinstance(result, llm.ToolResult) else result
    if isinstance(data, dict) and data.get("status") == "approval_required":
        return "asks", data
    if isinstance(result, llm.ToolResult) and result.error:
        return str(data.get("error")), data
    return "ran", data


async def _call(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    tool: str,
    args: dict[str, Any],
    context: llm.LLMContext | None = None,
) -> tuple[str, Any]:
    """Build ``hub``'s instance for ``context`` and call ``tool`` (see ``_call_in``)."""
    instance = await llm.async_get_api(hass, hub_id(hub), context or llm_context())
    return await _call_in(hass, instance, tool, args)


# --- Groups ------------------------------------------------------------------------------------


@pytest.mark.attack
async def test_group_of_groups_with_a_cycle_does_not_reach_member_outside(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A Kitchen script turns on ``group.loop_a``, which holds ``group.loop_b``, which holds
    ``group.loop_a`` again and the porch light. The hub (the Kitchen and both groups) must
    follow the cycle to its end: the script is left out or refused, the porch light stays off."""
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {**KITCHEN, CONF_SCOPE_ENTITIES: ["group.loop_a", "group.loop_b"]},
    )
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if _lists(instance, "loop_on"):
        outcome, data = await _call_in(hass, instance, "loop_on", {})
        assert not _is_on(hass, "porch"), (outcome, data)
        assert outcome != "ran", data

    assert not _is_on(hass, "porch")


@pytest.mark.attack
async def test_group_changed_after_listing_is_checked_again_at_the_call(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """The Kitchen hub lists "Kitchen set on" while ``group.kitchen_set`` holds only the kitchen
    light; then the group is made to hold the porch light too (``group.set``, e.g. by another
    tool). The call through the instance listed before must be refused, the porch light off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN_AND_SET)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert _lists(instance, "kitchen_set_on")
    await hass.services.async_call(
        "group",
        "set",
        {"object_id": "kitchen_set", "entities": ["light.kitchen_light", "light.porch_light"]},
        blocking=True,
    )

    outcome, data = await _call_in(hass, instance, "kitchen_set_on", {})

    assert not _is_on(hass, "porch"), (outcome, data)
    assert outcome == "OutOfScope", data


@pytest.mark.attack
async def test_script_that_regroups_then_turns_the_group_on_stays_in_scope(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A Kitchen script first makes ``group.kitchen_set`` (in the hub's scope, holding the
    kitchen light) hold the porch light with ``group.set``, then turns the group on. Through
    the Kitchen hub the script must be left out or refused, and the porch light stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN_AND_SET)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if _lists(instance, "regroup"):
        outcome, data = await _call_in(hass, instance, "regroup", {})
        assert not _is_on(hass, "porch"), (outcome, data)
        assert outcome != "ran", data

    assert not _is_on(hass, "porch")


# --- Exclusion-only scopes ------------------------------------------------------------------------


@pytest.mark.attack
async def test_target_all_does_not_reach_the_excluded_entity(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A hub reaches everything but the front door. A script unlocks ``entity_id: all``: it
    must be left out or refused, and the front door stay locked."""
    hub = await async_add_hub(hass, "Not the door", NOT_THE_DOOR)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if _lists(instance, "unlock_all"):
        outcome, data = await _call_in(hass, instance, "unlock_all", {})
        assert not _is_on(hass, "front_door"), (outcome, data)
        assert outcome != "ran", data

    assert not _is_on(hass, "front_door")


@pytest.mark.attack
async def test_entity_id_in_capitals_does_not_reach_the_excluded_entity(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A hub reaches everything but the front door. A script unlocks it with its entity id
    written in capitals in ``data`` (Home Assistant lowercases it): the script must be left
    out or refused, and the front door stay locked."""
    hub = await async_add_hub(hass, "Not the door", NOT_THE_DOOR)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if _lists(instance, "shouting_unlock"):
        outcome, data = await _call_in(hass, instance, "shouting_unlock", {})
        assert not _is_on(hass, "front_door"), (outcome, data)
        assert outcome != "ran", data

    assert not _is_on(hass, "front_door")


@pytest.mark.attack
async def test_entity_id_in_capitals_asks_before_locks(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A hub asks before acting on locks. A script unlocks the front door with its entity id
    written in capitals in ``data``: the script's call must wait for approval, the door stay
    locked."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_DOMAINS: ["lock"]})

    outcome, data = await _call(hass, hub, "shouting_unlock", {})

    assert not _is_on(hass, "front_door"), (outcome, data)
    assert outcome == "asks", data


# --- Indirections the walker does not see -------------------------------------------------------


@pytest.mark.attack
async def test_template_button_in_scope_does_not_act_outside(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """The model presses "Kitchen button" (a template button in the Kitchen whose press turns
    on the porch light) through the Kitchen hub: the porch light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Kitchen button"})

    assert not _is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
@pytest.mark.xfail(
    strict=True,
    reason="not followed (docs/scope.md): automations that a call's state changes trigger",
)
async def test_helper_driving_an_automation_does_not_act_outside(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """The model turns on "Kitchen mode" (an ``input_boolean`` in the Kitchen) through the
    Kitchen hub; an automation of the home lights the porch when it turns on. The porch
    light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Kitchen mode"})
    await hass.async_block_till_done(wait_background_tasks=True)

    assert _is_on(hass, "kitchen_mode") or outcome != "ran", (outcome, data)
    assert not _is_on(hass, "porch"), (outcome, data)


# --- Leaks ---------------------------------------------------------------------------------------


@pytest.mark.attack
async def test_script_response_does_not_carry_a_state_outside(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A Kitchen script puts the porch code (outside the Kitchen) into its response. Through
    the Kitchen hub it must be left out or refused; the code must never reach the model."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if _lists(instance, "kitchen_check"):
        outcome, data = await _call_in(hass, instance, "kitchen_check", {})
        assert "hunter2" not in str(data), outcome


@pytest.mark.attack
async def test_template_tool_does_not_list_another_rooms_entities(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A template tool of the Kitchen hub renders ``area_entities('porch')``: its answer must
    not name what is in the Porch (the front door, the porch light)."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    await async_add_tool(
        hass,
        hub,
        "template",
        {"title": "Rooms", "description": "Rooms.", "template": "{{ area_entities('porch') }}"},
    )

    outcome, data = await _call(hass, hub, "rooms", {})

    assert "lock.front_door" not in str(data), outcome
    assert "light.porch_light" not in str(data), outcome


# --- Contexts, hubs and calls at once ------------------------------------------------------------


@pytest.mark.attack
async def test_unknown_assistant_does_not_reach_outside_scope(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A custom agent names an assistant Home Assistant does not know and turns on the porch
    light through the Kitchen hub: the porch light must stay off, and the call is not run."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    context = llm.LLMContext(
        platform="custom_agent",
        context=Context(),
        language="en",
        assistant="made_up_assistant",
        device_id=None,
    )

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Porch light"}, context)

    assert not _is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_two_hubs_called_at_once_keep_their_own_scopes(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A Kitchen hub and a Porch hub are built and called at the same time, each asked for the
    other's light: neither call may reach it; each hub's own light is reached."""
    kitchen = await async_add_hub(hass, "Kitchen", KITCHEN)
    porch = await async_add_hub(hass, "Porch", {**ASSIST, CONF_SCOPE_AREAS: ["porch"]})

    crossed = await asyncio.gather(
        _call(hass, kitchen, "HassTurnOn", {"name": "Porch light"}),
        _call(hass, porch, "HassTurnOn", {"name": "Kitchen light"}),
    )

    assert not _is_on(hass, "porch"), crossed
    assert not _is_on(hass, "kitchen"), crossed
    assert all(outcome != "ran" for outcome, _ in crossed), crossed
    own = await asyncio.gather(
        _call(hass, kitchen, "HassTurnOn", {"name": "Kitchen light"}),
        _call(hass, porch, "HassTurnOn", {"name": "Porch light"}),
    )
    assert _is_on(hass, "kitchen"), own
    assert _is_on(hass, "porch"), own


async def _call_through_call_tool(
    hass: HomeAssistant, hub: MockConfigEntry, tool: str, args: dict[str, Any]
) -> tuple[str, Any]:
    """Call ``tool`` through the ``call_tool`` meta-tool of ``hub`` (search mode), as listed."""
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    call_tool = next(item for item in instance.tools if item.name.endswith(CALL_TOOL))
    meta = unwrap(call_tool)
    assert isinstance(meta, CallToolTool)
    name = next((name for name in meta.tools if name.endswith(tool)), f"script__{tool}")
    return await _call_in(hass, instance, call_tool.name, {"name": name, "arguments": args})


@pytest.mark.attack
async def test_search_mode_over_a_search_mode_hub_keeps_the_scope(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """The Kitchen hub, in search mode, selects an unscoped hub that is in search mode too.
    Through the Kitchen hub's ``call_tool`` the model calls ``HassTurnOn`` on the porch
    light: the porch light must stay off (the scopes intersect)."""
    inner = await async_add_hub(hass, "Inner", {**ASSIST, CONF_TOOL_MODE: "search"})
    outer = await async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: [hub_id(inner)],
            CONF_SCOPE_AREAS: ["kitchen"],
            CONF_TOOL_MODE: "search",
        },
    )

    outcome, data = await _call_through_call_tool(
        hass, outer, "HassTurnOn", {"name": "Porch light"}
    )

    assert not _is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_call_tool_does_not_run_a_tool_the_scope_left_out(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """The Kitchen hub in search mode leaves "Kitchen set on" out (its group is outside the
    scope). The model calls it by name through ``call_tool`` anyway: it must not run, and the
    kitchen light stay off."""
    hub = await async_add_hub(hass, "Kitchen", {**KITCHEN, CONF_TOOL_MODE: "search"})

    outcome, data = await _call_through_call_tool(hass, hub, "kitchen_set_on", {})

    assert not _is_on(hass, "kitchen"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_repeat_for_each_with_continue_on_error_does_not_reach_outside(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """An action tool of the Kitchen hub repeats ``light.turn_on`` for each of the kitchen and
    the porch light (``repeat.item``, known only as the run renders it), with
    ``continue_on_error``: the porch light must stay off and the call not succeed."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    step = {
        "action": "light.turn_on",
        "target": {"entity_id": "{{ repeat.item }}"},
        "continue_on_error": True,
    }
    repeat = {"for_each": ["light.kitchen_light", "light.porch_light"], "sequence": [step]}
    await async_add_tool(
        hass,
        hub,
        "action",
        {"title": "Each on", "description": "Each on.", "actions": [{"repeat": repeat}]},
    )

    outcome, data = await _call(hass, hub, "each_on", {})

    assert not _is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data
