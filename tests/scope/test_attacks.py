"""Attacks on a hub's scope: intents, scripts and scenes, search mode, users, the Scope step.

Further down, real integrations run in each test's Home Assistant: ``template`` lights, a lock
and a button whose state lives in ``input_boolean`` helpers, old-style groups changed with
``group.set``, ``script``, ``automation`` and a second hub in search mode. Hubs have real
options and are called through the API instance that Home Assistant's llm helper returns. A
strict xfail is a hole open today: it turns into a failure once the hole is closed, and its
marker goes then.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import async_mock_service
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.options_flow import SCOPE_FIELDS
from custom_components.llm_hub.search.meta_tools import CALL_TOOL
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant, ServiceCall
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import (
    area_registry as ar,
    entity_registry as er,
    llm,
)
from homeassistant.setup import async_setup_component

from ..helpers.attacks import (
    KITCHEN,
    KITCHEN_ONLY,
    NOT_THE_DOOR,
    _call_listed,
    _turned,
    assert_stays_off,
    call_hub,
    call_in,
    call_through_call_tool,
    is_listed,
)
from ..helpers.flows import (
    ASSIST,
    _open_marked,
    _search_mode,
    _submit,
    _suggested,
    async_add_tool,
)
from ..helpers.homes import (
    async_setup_assist,
    async_setup_kitchen_and_porch,
    async_setup_scenes,
    is_on,
    place,
    template_light,
    template_lock,
    toggle,
)
from ..helpers.hubs import async_add_hub, hub_id, llm_context


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


def _as_browser(result: Any) -> dict[str, Any]:
    """What the frontend sends back for an untouched form: the suggested values."""
    sent: dict[str, Any] = {}
    for key in (*SCOPE_FIELDS, const.CONF_ADMINS_ONLY):
        value = _suggested(result, key)
        if value not in (None, []):
            sent[key] = value
    return sent


@pytest.mark.attack
@pytest.mark.parametrize(
    "args",
    [
        {"name": "Porch"},
        {"name": "light.porch"},
        {"area": "Porch"},
        {"floor": "Outside"},
        {"domain": ["light"]},
    ],
)
async def test_intent_targets_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any], args: dict[str, Any]
) -> None:
    """HELD: HassTurnOn by name, entity id, area, floor, domain never turns on the porch."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )

    await _call_listed(hass, hub, "HassTurnOn", args)

    turned = _turned(lights_home)
    assert all("light.porch" not in (ids or []) for ids in turned), turned


@pytest.mark.attack
async def test_search_mode_and_nested_hub_stay_in_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: call_tool of a scoped hub in search mode, and an unscoped inner hub selected by a
    scoped outer one, cannot turn on the porch; GetLiveContext through them does not list it."""
    inner = await async_add_hub(hass, "Inner", {CONF_LLM_HASS_API: ["assist"]})
    outer = await async_add_hub(
        hass,
        "Outer",
        {
            CONF_LLM_HASS_API: [hub_id(inner)],
            const.CONF_SCOPE_ENTITIES: KITCHEN_ONLY,
            const.CONF_TOOL_MODE: "search",
        },
    )
    instance = await llm.async_get_api(hass, hub_id(outer), llm_context())
    names = [tool.name for tool in instance.tools]
    turn_on = next(
        tool.name
        for tool in (await llm.async_get_api(hass, hub_id(inner), llm_context())).tools
        if tool.name.endswith("HassTurnOn")
    )
    live = next(
        tool.name
        for tool in (await llm.async_get_api(hass, hub_id(inner), llm_context())).tools
        if tool.name.endswith("GetLiveContext")
    )

    assert CALL_TOOL in names
    await instance.async_call_tool(
        llm.ToolInput(CALL_TOOL, {"name": turn_on, "arguments": {"name": "Porch"}})
    )
    seen = await instance.async_call_tool(llm.ToolInput(CALL_TOOL, {"name": live, "arguments": {}}))
    await hass.async_block_till_done()

    assert lights_home["light_on"] == []
    assert "Porch" not in str(seen.data)
    assert "Kitchen" in str(seen.data)


@pytest.mark.attack
async def test_unrestricted_hub_selecting_a_users_only_hub(
    hass: HomeAssistant, lights_home: dict[str, Any], hass_admin_user: Any, hass_read_only_user: Any
) -> None:
    """HELD: a hub open to all that selects a hub for the admin only gives another user none
    of the inner hub's tools."""
    inner = await async_add_hub(
        hass,
        "Inner",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_ALLOWED_USERS: [hass_admin_user.id]},
    )
    outer = await async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hub_id(inner)]})

    other = await llm.async_get_api(hass, hub_id(outer), llm_context(hass_read_only_user.id))
    admin = await llm.async_get_api(hass, hub_id(outer), llm_context(hass_admin_user.id))

    assert not any(tool.name.endswith("HassTurnOn") for tool in other.tools)
    assert any(tool.name.endswith("HassTurnOn") for tool in admin.tools)


@pytest.mark.attack
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
            const.CONF_SCOPE_ENTITIES: ["light.kitchen", "script.kitchen_on", "script.porch_on"],
        },
    )
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert "script__porch_on" not in [tool.name for tool in instance.tools]  # HELD

    result = await _call_listed(hass, hub, "HassTurnOn", {"name": "porch_on"})

    assert lights_home["seen"] == [], f"light.porch acted on through a scoped hub: {result.data}"
    assert result.error


@pytest.mark.attack
async def test_namesake_out_of_scope_is_as_if_not_exposed(
    hass: HomeAssistant, doors: dict[str, list[ServiceCall]]
) -> None:
    """FIXED (parity, issue 24: out of scope = not exposed). With switch.door not exposed,
    Assist locks lock.door for "Door"; so does a hub scoped to lock.door (it said duplicate)."""
    async_expose_entity(hass, "conversation", "switch.door", should_expose=False)
    plain = await async_add_hub(hass, "Plain", {CONF_LLM_HASS_API: ["assist"]})
    unexposed = await _call_listed(hass, plain, "HassTurnOn", {"name": "Door"})
    assert not unexposed.error
    assert len(doors["lock"]) == 1  # Home Assistant: the lock, the only exposed "Door"
    async_expose_entity(hass, "conversation", "switch.door", should_expose=True)
    scoped = await async_add_hub(
        hass, "Lock", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: ["lock.door"]}
    )

    result = await _call_listed(hass, scoped, "HassTurnOn", {"name": "Door"})

    assert doors["switch"] == []
    assert len(doors["lock"]) == 2, f"out of scope is not as not exposed: {result.data}"


@pytest.mark.attack
async def test_action_tool_conversation_process_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HOLE: the same step inside a script is refused as acting out of scope (docs/scope.md:
    "conversation.process that picks the target counts as out of scope"); in the tool, not."""
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: ["light.kitchen"]},
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

    result = await _call_listed(hass, hub, "ask_assist", {})

    turned = _turned(lights_home)
    assert turned == [], f"light.porch turned on out of scope: {turned} ({result.data})"
    assert result.error


@pytest.mark.attack
async def test_turn_on_of_a_scene_acting_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """FIXED: HassTurnOn of scene.evening (in scope) is refused: it sets light.porch (out)."""
    await async_setup_scenes(hass, {"name": "Evening", "entities": {"light.porch": "on"}})
    async_expose_entity(hass, "conversation", "scene.evening", should_expose=True)
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: ["assist"],
            const.CONF_SCOPE_ENTITIES: ["light.kitchen", "scene.evening"],
        },
    )

    result = await _call_listed(hass, hub, "HassTurnOn", {"name": "Evening"})

    turned = _turned(lights_home)
    assert turned == [], f"light.porch turned on out of scope: {turned} ({result.data})"
    assert result.error


@pytest.mark.attack
async def test_wrong_typed_scope_reaches_nothing(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: a scope list stored as a number narrows to nothing (fails closed)."""
    hub = await async_add_hub(
        hass, "Odd", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: 5}
    )

    result = await _call_listed(hass, hub, "HassTurnOn", {"name": "Kitchen"})

    assert result.error
    assert lights_home["light_on"] == []


@pytest.mark.attack
async def test_scene_by_area_acting_out_of_scope_is_refused(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: HassTurnOn of the scenes of an area: scene.evening (in scope) sets light.porch."""

    await async_setup_scenes(
        hass, {"id": "evening", "name": "Evening", "entities": {"light.porch": "on"}}
    )
    kitchen = ar.async_get(hass).async_create("Kitchen")
    er.async_get(hass).async_update_entity("scene.evening", area_id=kitchen.id)
    async_expose_entity(hass, "conversation", "scene.evening", should_expose=True)
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: ["assist"],
            const.CONF_SCOPE_ENTITIES: ["light.kitchen", "scene.evening"],
        },
    )
    result = await _call_listed(hass, hub, "HassTurnOn", {"area": "Kitchen", "domain": ["scene"]})
    assert _turned(lights_home) == [], f"light.porch turned on out of scope ({result.data})"
    assert result.error


@pytest.mark.attack
async def test_scope_two_marked_one_chosen(
    hass: HomeAssistant,
    parity_home: Any,
    hass_admin_user: Any,
) -> None:
    """HELD: two marked fields, a new value for one: it is replaced, the other kept."""
    stored = {
        const.CONF_SCOPE_AREAS: {"kitchen": True},
        const.CONF_ALLOWED_USERS: {"someone": True},
    }
    entry = await async_add_hub(hass, "Kitchen", {**ASSIST, **stored})
    result = await _open_marked(hass, entry)
    assert result["errors"] == {
        const.CONF_SCOPE_AREAS: "scope_unreadable",
        const.CONF_ALLOWED_USERS: "scope_unreadable",
    }
    sent = _as_browser(result) | {
        const.CONF_SCOPE_AREAS: ["kitchen"],
        const.CONF_ADMINS_ONLY: False,
    }

    result = await _submit(hass, result, sent)

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert entry.options[const.CONF_SCOPE_AREAS] == ["kitchen"]
    assert entry.options[const.CONF_ALLOWED_USERS] == {"someone": True}


@pytest.mark.attack
@pytest.mark.parametrize(
    "stored",
    [
        {const.CONF_SCOPE_EXCLUDED: 5},
        {const.CONF_SCOPE_EXCLUDED: [5, "light.desk_lamp"]},
        {const.CONF_ALLOWED_USERS: [3]},
        {const.CONF_SCOPE_AREAS: [None, "kitchen"]},
    ],
    ids=["excluded no list", "excluded mixed", "users bad items", "areas mixed"],
)
async def test_scope_untouched_as_the_browser_sends_it(
    hass: HomeAssistant,
    parity_home: Any,
    stored: dict[str, Any],
) -> None:
    """HELD: an untouched form sent back with its suggested values never widens the hub."""
    from custom_components.llm_hub.options import HubOptions  # noqa: PLC0415

    entry = await async_add_hub(hass, "Kitchen", {**ASSIST, **stored})
    before = HubOptions.from_options(entry.options)
    result = await _open_marked(hass, entry)

    result = await _submit(hass, result, _as_browser(result))

    assert result["type"] is FlowResultType.CREATE_ENTRY
    after = HubOptions.from_options(entry.options)
    for key in ("scope_areas", "scope_entities", "allowed_users"):
        assert getattr(after, key) == getattr(before, key), key
    assert set(after.scope_excluded) >= set(before.scope_excluded) or isinstance(
        after.scope_excluded, type(before.scope_excluded)
    )
    assert after.admins_only == before.admins_only


# --- Groups, exclusions, indirections and leaks in a home of template entities ----------------

KITCHEN_AND_SET = {**KITCHEN, const.CONF_SCOPE_ENTITIES: ["group.kitchen_set"]}
"""A hub scoped to the Kitchen and its old-style group ``group.kitchen_set``."""
BOOLEANS = ("kitchen", "porch", "front_door", "kitchen_mode")
"""The helpers that hold the home's state: lights on, the front door unlocked, a mode."""

TEMPLATES: list[dict[str, Any]] = [
    {
        "light": [
            template_light("Kitchen light", "kitchen"),
            template_light("Porch light", "porch"),
        ],
        "lock": [template_lock("Front door", "front_door")],
        "button": [
            {
                "name": "Kitchen button",
                "unique_id": "kitchen_button",
                "press": toggle("porch", on=True),
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
    await async_setup_kitchen_and_porch(hass, BOOLEANS)
    assert await async_setup_component(hass, "group", {"group": OLD_STYLE})
    assert await async_setup_component(hass, "template", {"template": TEMPLATES})
    assert await async_setup_component(hass, "script", {"script": SCRIPTS})
    assert await async_setup_component(hass, "automation", {"automation": AUTOMATIONS})
    await hass.async_block_till_done()
    place(hass, AREAS, EXPOSED)


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
        {**KITCHEN, const.CONF_SCOPE_ENTITIES: ["group.loop_a", "group.loop_b"]},
    )
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if is_listed(instance, "loop_on"):
        outcome, data = await call_in(hass, instance, "loop_on", {})
        assert not is_on(hass, "porch"), (outcome, data)
        assert outcome != "ran", data

    assert not is_on(hass, "porch")


@pytest.mark.attack
async def test_group_changed_after_listing_is_checked_again_at_the_call(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """The Kitchen hub lists "Kitchen set on" while ``group.kitchen_set`` holds only the kitchen
    light; then the group is made to hold the porch light too (``group.set``, e.g. by another
    tool). The call through the instance listed before must be refused, the porch light off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN_AND_SET)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert is_listed(instance, "kitchen_set_on")
    await hass.services.async_call(
        "group",
        "set",
        {"object_id": "kitchen_set", "entities": ["light.kitchen_light", "light.porch_light"]},
        blocking=True,
    )

    outcome, data = await call_in(hass, instance, "kitchen_set_on", {})

    assert not is_on(hass, "porch"), (outcome, data)
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

    if is_listed(instance, "regroup"):
        outcome, data = await call_in(hass, instance, "regroup", {})
        assert not is_on(hass, "porch"), (outcome, data)
        assert outcome != "ran", data

    assert not is_on(hass, "porch")


# --- Exclusion-only scopes ------------------------------------------------------------------------


@pytest.mark.attack
async def test_target_all_does_not_reach_the_excluded_entity(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A hub reaches everything but the front door. A script unlocks ``entity_id: all``: it
    must be left out or refused, and the front door stay locked."""
    hub = await async_add_hub(hass, "Not the door", NOT_THE_DOOR)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if is_listed(instance, "unlock_all"):
        outcome, data = await call_in(hass, instance, "unlock_all", {})
        assert not is_on(hass, "front_door"), (outcome, data)
        assert outcome != "ran", data

    assert not is_on(hass, "front_door")


@pytest.mark.attack
async def test_entity_id_in_capitals_does_not_reach_the_excluded_entity(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A hub reaches everything but the front door. A script unlocks it with its entity id
    written in capitals in ``data`` (Home Assistant lowercases it): the script must be left
    out or refused, and the front door stay locked."""
    hub = await async_add_hub(hass, "Not the door", NOT_THE_DOOR)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if is_listed(instance, "shouting_unlock"):
        outcome, data = await call_in(hass, instance, "shouting_unlock", {})
        assert not is_on(hass, "front_door"), (outcome, data)
        assert outcome != "ran", data

    assert not is_on(hass, "front_door")


@pytest.mark.attack
async def test_entity_id_in_capitals_asks_before_locks(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A hub asks before acting on locks. A script unlocks the front door with its entity id
    written in capitals in ``data``: the script's call must wait for approval, the door stay
    locked."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["lock"]})

    await assert_stays_off(hass, hub, "shouting_unlock", {}, "front_door", asks=True)


# --- Indirections the walker does not see -------------------------------------------------------


@pytest.mark.attack
async def test_template_button_in_scope_does_not_act_outside(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """The model presses "Kitchen button" (a template button in the Kitchen whose press turns
    on the porch light) through the Kitchen hub: the porch light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "Kitchen button"})

    assert not is_on(hass, "porch"), (outcome, data)


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

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "Kitchen mode"})
    await hass.async_block_till_done(wait_background_tasks=True)

    assert is_on(hass, "kitchen_mode") or outcome != "ran", (outcome, data)
    assert not is_on(hass, "porch"), (outcome, data)


# --- Leaks ---------------------------------------------------------------------------------------


@pytest.mark.attack
async def test_script_response_does_not_carry_a_state_outside(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A Kitchen script puts the porch code (outside the Kitchen) into its response. Through
    the Kitchen hub it must be left out or refused; the code must never reach the model."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if is_listed(instance, "kitchen_check"):
        outcome, data = await call_in(hass, instance, "kitchen_check", {})
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

    outcome, data = await call_hub(hass, hub, "rooms", {})

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

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "Porch light"}, context)

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_two_hubs_called_at_once_keep_their_own_scopes(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """A Kitchen hub and a Porch hub are built and called at the same time, each asked for the
    other's light: neither call may reach it; each hub's own light is reached."""
    kitchen = await async_add_hub(hass, "Kitchen", KITCHEN)
    porch = await async_add_hub(hass, "Porch", {**ASSIST, const.CONF_SCOPE_AREAS: ["porch"]})

    crossed = await asyncio.gather(
        call_hub(hass, kitchen, "HassTurnOn", {"name": "Porch light"}),
        call_hub(hass, porch, "HassTurnOn", {"name": "Kitchen light"}),
    )

    assert not is_on(hass, "porch"), crossed
    assert not is_on(hass, "kitchen"), crossed
    assert all(outcome != "ran" for outcome, _ in crossed), crossed
    own = await asyncio.gather(
        call_hub(hass, kitchen, "HassTurnOn", {"name": "Kitchen light"}),
        call_hub(hass, porch, "HassTurnOn", {"name": "Porch light"}),
    )
    assert is_on(hass, "kitchen"), own
    assert is_on(hass, "porch"), own


@pytest.mark.attack
async def test_search_mode_over_a_search_mode_hub_keeps_the_scope(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """The Kitchen hub, in search mode, selects an unscoped hub that is in search mode too.
    Through the Kitchen hub's ``call_tool`` the model calls ``HassTurnOn`` on the porch
    light: the porch light must stay off (the scopes intersect)."""
    inner = await async_add_hub(hass, "Inner", {**ASSIST, const.CONF_TOOL_MODE: "search"})
    outer = await async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: [hub_id(inner)],
            const.CONF_SCOPE_AREAS: ["kitchen"],
            const.CONF_TOOL_MODE: "search",
        },
    )

    outcome, data = await call_through_call_tool(hass, outer, "HassTurnOn", {"name": "Porch light"})

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_call_tool_does_not_run_a_tool_the_scope_left_out(
    hass: HomeAssistant, kitchen_porch_home: None
) -> None:
    """The Kitchen hub in search mode leaves "Kitchen set on" out (its group is outside the
    scope). The model calls it by name through ``call_tool`` anyway: it must not run, and the
    kitchen light stay off."""
    hub = await async_add_hub(hass, "Kitchen", {**KITCHEN, const.CONF_TOOL_MODE: "search"})

    outcome, data = await call_through_call_tool(hass, hub, "kitchen_set_on", {})

    assert not is_on(hass, "kitchen"), (outcome, data)
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

    await assert_stays_off(hass, hub, "each_on", {}, "porch", asks=False)


# --- The home changes between listing and calling -----------------------------------------------


@pytest.mark.attack
async def test_light_moved_out_of_scope_after_listing_is_refused(
    hass: HomeAssistant, code_home: None
) -> None:
    """The Kitchen hub lists "Kitchen noop" (it turns on the Kitchen light); then the light is
    moved to the Porch. The call through the instance listed before must be refused, and the
    light stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert is_listed(instance, "kitchen_noop")
    er.async_get(hass).async_update_entity("light.kitchen_light", area_id="porch")
    await hass.async_block_till_done()

    outcome, data = await call_in(hass, instance, "kitchen_noop", {})

    assert not is_on(hass, "kitchen"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_scope_rows_and_menu_survive_odd_entities(
    hass: HomeAssistant, hass_ws_client: Any
) -> None:
    """The Kitchen holds odd entities, each exposed: an old-style group of itself, two groups
    of each other, a script entity whose script is not loaded (it cannot be read), a light
    whose ``entity_id`` attribute is a number and one whose list holds a number and a
    mapping, and a registry entry of the ``template`` platform with no state. The panel's
    Scope rows and the options menu's count must answer (no crash), the unreadable script
    counted as refused with why, and no group of itself looping."""
    await async_setup_kitchen_and_porch(hass, ("kitchen",))
    registry = er.async_get(hass)
    odd: dict[str, tuple[str, dict[str, Any]]] = {
        "group.itself": ("on", {"entity_id": ["group.itself", "input_boolean.kitchen"]}),
        "group.one": ("on", {"entity_id": ["group.two"]}),
        "group.two": ("on", {"entity_id": ["group.one"]}),
        "script.ghost": ("off", {}),
        "light.numbered": ("on", {"entity_id": 5}),
        "light.mixed": ("on", {"entity_id": [7, {"a": "light.porch"}, None]}),
    }
    for entity_id, (state, attributes) in odd.items():
        domain, _, object_id = entity_id.partition(".")
        registry.async_get_or_create(domain, "test", object_id, suggested_object_id=object_id)
        hass.states.async_set(entity_id, state, attributes)
    ghost = registry.async_get_or_create("light", "template", "ghost", suggested_object_id="tpl")
    place(
        hass, {**dict.fromkeys(odd, "kitchen"), ghost.entity_id: "kitchen"}, (*odd, ghost.entity_id)
    )
    entry = await async_add_hub(hass, "Kitchen", KITCHEN)

    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "llm_hub/hub/scope", "entry_id": entry.entry_id})
    response = await client.receive_json()
    menu = await hass.config_entries.options.async_init(entry.entry_id)

    assert response["success"], response
    rows = {row["id"]: row for row in response["result"]["reached"]}
    assert rows["script.ghost"]["acts_outside"], rows["script.ghost"]
    assert rows["script.ghost"]["outside_why"], rows["script.ghost"]
    assert not rows["light.numbered"]["acts_outside"], rows["light.numbered"]
    placeholders = menu["description_placeholders"]
    assert placeholders is not None
    assert "act on what lies outside" in placeholders["scope"], placeholders


@pytest.mark.attack
@pytest.mark.parametrize("who", ["kid", "other_user", "deactivated"])
async def test_search_mode_call_tool_cannot_reach_a_users_only_hub(
    hass: HomeAssistant, lights_home: dict[str, Any], hass_read_only_user: Any, who: str
) -> None:
    """A hub open to all, in search mode, selects a hub only for "Kid" and has a template
    tool of its own. Another user, or Kid once deactivated, asks ``call_tool`` by name for
    the inner hub's HassTurnOn (its name learnt from Kid's own instance): the porch light
    must stay off (for Kid, it turns on)."""
    kid = await hass.auth.async_create_user("Kid")
    inner = await async_add_hub(
        hass, "Inner", {CONF_LLM_HASS_API: ["assist"], const.CONF_ALLOWED_USERS: [kid.id]}
    )
    outer = await async_add_hub(
        hass,
        "Outer",
        {CONF_LLM_HASS_API: [hub_id(inner)], const.CONF_TOOL_MODE: "search"},
    )
    await async_add_tool(
        hass,
        outer,
        "template",
        {"title": "Hello", "description": "Says hello.", "template": "hello"},
    )
    own = await llm.async_get_api(hass, hub_id(inner), llm_context(kid.id))
    turn_on = next(tool.name for tool in own.tools if tool.name.endswith("HassTurnOn"))
    user = hass_read_only_user.id if who == "other_user" else kid.id
    if who == "deactivated":
        await hass.auth.async_deactivate_user(kid)

    instance = await llm.async_get_api(hass, hub_id(outer), llm_context(user))
    assert CALL_TOOL in [tool.name for tool in instance.tools]
    await instance.async_call_tool(
        llm.ToolInput(CALL_TOOL, {"name": turn_on, "arguments": {"name": "Porch"}})
    )
    await hass.async_block_till_done()

    assert bool(lights_home["light_on"]) is (who == "kid"), lights_home["light_on"]


# --- A tool made in the UI left out as written: no other way reaches it ------------------------


@pytest.mark.attack
async def test_tool_left_out_as_written_is_reached_by_no_other_way(
    hass: HomeAssistant,
    lights_home: dict[str, Any],
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: Any,
) -> None:
    """The Kitchen hub leaves out "Porch on" (its fixed target lies outside the scope). The
    model then calls it by name through every other door: a hub selecting the Kitchen hub,
    the Kitchen hub's ``call_tool`` in search mode, and the panel's test bench. None runs it;
    no answer names the porch light."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )
    step = {"action": "test.light_on", "target": {"entity_id": "light.porch"}}
    await async_add_tool(
        hass, hub, "action", {"title": "Porch on", "description": "Porch.", "actions": [step]}
    )
    outer = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: [hub_id(hub)]})
    through_outer = await llm.async_get_api(hass, hub_id(outer), llm_context())
    assert not is_listed(through_outer, "porch_on")
    answers = [await call_in(hass, through_outer, "porch_on", {})]
    await _search_mode(hass, hub)
    answers.append(await call_through_call_tool(hass, hub, "porch_on", {}))
    client = await hass_ws_client(hass)
    await client.send_json_auto_id(
        {"type": "llm_hub/tool/call", "api_id": hub_id(hub), "tool_name": "porch_on"}
    )
    bench = await client.receive_json()

    assert answers[0][0] == "HomeAssistantError", answers[0]  # the outer hub has no such tool
    assert answers[1][0] == "ToolNotAvailable", answers[1]
    assert "the hub leaves it out" in answers[1][1]["error_text"]
    assert bench["error"]["code"] == "not_found", bench
    assert "light.porch" not in str([answers, bench])
    assert lights_home["seen"] == []


@pytest.mark.attack
async def test_left_out_intent_reason_names_no_entity_outside_the_scope(
    hass: HomeAssistant,
) -> None:
    """An ``intent_script`` intent "KitchenGlow" runs ``script.porch_secret`` (outside the
    Kitchen scope, not exposed), whose action a template picks: the Kitchen hub cannot follow
    it and leaves the intent out. The model calls it by name: the refusal tells why, but must
    not name the porch script, which the model never named."""
    await async_setup_assist(hass)
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen"})
    picked = {"action": "{{ 'light.turn_on' }}", "target": {"entity_id": "light.kitchen"}}
    secret = {"sequence": [picked]}
    assert await async_setup_component(hass, "script", {"script": {"porch_secret": secret}})
    glow = {
        "description": "Makes the kitchen glow.",
        "action": [{"action": "script.turn_on", "target": {"entity_id": "script.porch_secret"}}],
        "speech": {"text": "Done"},
    }
    intent_scripts = {"intent_script": {"KitchenGlow": glow}}
    assert await async_setup_component(hass, "intent_script", intent_scripts)
    await hass.async_block_till_done()
    async_expose_entity(hass, "conversation", "script.porch_secret", should_expose=False)
    hub = await async_add_hub(
        hass, "Kitchen", {**ASSIST, const.CONF_SCOPE_ENTITIES: ["light.kitchen"]}
    )
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert not is_listed(instance, "KitchenGlow")

    outcome, data = await call_in(hass, instance, "intent_script__KitchenGlow", {})

    assert outcome == "ToolNotAvailable", data
    assert "porch_secret" not in str(data), data
