"""Attacks on a hub's scope: intents, scripts and scenes, search mode, users, the Scope step."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import async_mock_service

from custom_components.llm_hub.const import (
    CONF_ADMINS_ONLY,
    CONF_ALLOWED_USERS,
    CONF_SCOPE_AREAS,
    CONF_SCOPE_ENTITIES,
    CONF_SCOPE_EXCLUDED,
    CONF_TOOL_MODE,
)
from custom_components.llm_hub.options_flow import SCOPE_FIELDS
from custom_components.llm_hub.search.meta_tools import CALL_TOOL
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import (
    area_registry as ar,
    entity_registry as er,
    llm,
)
from homeassistant.setup import async_setup_component

from ..helpers.attacks import KITCHEN_ONLY, _call_listed, _turned
from ..helpers.flows import ASSIST, _open_marked, _submit, _suggested, async_add_tool
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
    for key in (*SCOPE_FIELDS, CONF_ADMINS_ONLY):
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
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )

    await _call_listed(hass, hub, "HassTurnOn", args)

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
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
            CONF_SCOPE_ENTITIES: KITCHEN_ONLY,
            CONF_TOOL_MODE: "search",
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
        {CONF_LLM_HASS_API: ["assist"], CONF_ALLOWED_USERS: [hass_admin_user.id]},
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
            CONF_SCOPE_ENTITIES: ["light.kitchen", "script.kitchen_on", "script.porch_on"],
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
        hass, "Lock", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["lock.door"]}
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

    result = await _call_listed(hass, hub, "ask_assist", {})

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
    assert turned == [], f"light.porch turned on out of scope: {turned} ({result.data})"
    assert result.error


@pytest.mark.attack
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

    result = await _call_listed(hass, hub, "HassTurnOn", {"name": "Evening"})

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
    assert turned == [], f"light.porch turned on out of scope: {turned} ({result.data})"
    assert result.error


@pytest.mark.attack
async def test_held_wrong_typed_scope_reaches_nothing(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: a scope list stored as a number narrows to nothing (fails closed)."""
    hub = await async_add_hub(hass, "Odd", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: 5})

    result = await _call_listed(hass, hub, "HassTurnOn", {"name": "Kitchen"})

    assert result.error
    assert lights_home["light_on"] == []


@pytest.mark.attack
async def test_held_scene_by_area_acting_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: HassTurnOn of the scenes of an area: scene.evening (in scope) sets light.porch."""

    assert await async_setup_component(
        hass,
        "scene",
        {"scene": [{"id": "evening", "name": "Evening", "entities": {"light.porch": "on"}}]},
    )
    await hass.async_block_till_done()
    kitchen = ar.async_get(hass).async_create("Kitchen")
    er.async_get(hass).async_update_entity("scene.evening", area_id=kitchen.id)
    async_expose_entity(hass, "conversation", "scene.evening", should_expose=True)
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["light.kitchen", "scene.evening"]},
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
    stored = {CONF_SCOPE_AREAS: {"kitchen": True}, CONF_ALLOWED_USERS: {"someone": True}}
    entry = await async_add_hub(hass, "Kitchen", {**ASSIST, **stored})
    result = await _open_marked(hass, entry)
    assert result["errors"] == {
        CONF_SCOPE_AREAS: "scope_unreadable",
        CONF_ALLOWED_USERS: "scope_unreadable",
    }
    sent = _as_browser(result) | {CONF_SCOPE_AREAS: ["kitchen"], CONF_ADMINS_ONLY: False}

    result = await _submit(hass, result, sent)

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert entry.options[CONF_SCOPE_AREAS] == ["kitchen"]
    assert entry.options[CONF_ALLOWED_USERS] == {"someone": True}


@pytest.mark.attack
@pytest.mark.parametrize(
    "stored",
    [
        {CONF_SCOPE_EXCLUDED: 5},
        {CONF_SCOPE_EXCLUDED: [5, "light.desk_lamp"]},
        {CONF_ALLOWED_USERS: [3]},
        {CONF_SCOPE_AREAS: [None, "kitchen"]},
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
