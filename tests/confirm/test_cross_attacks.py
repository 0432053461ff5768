"""Attacks on the newest safety features together: limits, remembered approvals, shadow mode.

Through real hubs over Assist's intents (``garage_home``): a selected hub's limit against the
hub that picks it and asks, and a remembered approval against a limit on its path.
"""

from __future__ import annotations

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
    async_mock_service,
)
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.confirm.approvals import EVENT_APPROVAL
from homeassistant.components import persistent_notification
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

from ..helpers import hubs
from ..helpers.confirm import TOKEN
from ..helpers.remember import OPEN_GARAGE, Calls, _approve, _call, _ended, _hub, _listing

pytestmark = pytest.mark.attack


async def test_a_selected_hubs_spent_limit_refuses_before_the_outer_hub_asks(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The selected hub allows one change an hour, spent through the hub that picks it; that
    hub asks before opening the garage. The next call is refused for the limit before a person
    is asked, or at least its approval is not used up by a call that does not run."""
    inner = await hubs.async_add_hub(
        hass, "Inner", {CONF_LLM_HASS_API: ["assist"], const.CONF_CHANGES_PER_HOUR: 1}
    )
    outer = await _hub(hass, "Outer", **{CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    client = await hass_ws_client(hass)
    events = async_capture_events(hass, EVENT_APPROVAL)
    first = await _call(hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await _approve(client, first)
    ran = await _call(
        hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE, **{TOKEN: first.data[TOKEN]}
    )
    again = await _call(hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await hass.async_block_till_done()

    assert _ended(ran) == "ran"
    assert _ended(again) == "LimitReached", again.data
    assert len(garage_home["cover.open_cover"]) == 1
    assert [e.data["status"] for e in events].count("requested") <= 1


async def test_a_remembered_approval_is_not_used_by_a_call_a_selected_hubs_limit_refuses(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered in the outer hub, the garage opens once; the selected hub's one change an
    hour is spent, so the next call is refused: no ``remembered_used`` for it, one use listed."""
    inner = await hubs.async_add_hub(
        hass, "Inner", {CONF_LLM_HASS_API: ["assist"], const.CONF_CHANGES_PER_HOUR: 1}
    )
    outer = await _hub(hass, "Outer", **{CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    client = await hass_ws_client(hass)
    first = await _call(hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await _approve(client, first, remember=15)
    await _call(
        hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE, **{TOKEN: first.data[TOKEN]}
    )
    events = async_capture_events(hass, EVENT_APPROVAL)
    again = await _call(hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await hass.async_block_till_done()

    assert _ended(again) == "LimitReached", again.data
    assert [e.data["status"] for e in events] == []
    assert len(garage_home["cover.open_cover"]) == 1


async def test_a_remembered_alias_another_tool_takes_without_a_reload_asks(
    hass: HomeAssistant,
    setup_llm: None,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Two scripts on the garage door share the alias "garage": the first listed gets it. With
    only "b_shut" exposed, closing is approved and remembered; then "a_open" is exposed (no
    reload) and "garage" is now the script that opens the door: it asks, it does not open."""
    for component in ("homeassistant", "cover"):
        assert await async_setup_component(hass, component, {})
    hass.states.async_set("cover.garage_door", "open", {"device_class": "garage"})
    opened = async_mock_service(hass, "cover", "open_cover")
    closed = async_mock_service(hass, "cover", "close_cover")
    door = {"target": {"entity_id": "cover.garage_door"}}
    scripts = {
        "a_open": {"sequence": [{"action": "cover.open_cover", **door}]},
        "b_shut": {"sequence": [{"action": "cover.close_cover", **door}]},
    }
    assert await async_setup_component(hass, "script", {"script": scripts})
    await hass.async_block_till_done()
    async_expose_entity(hass, "conversation", "script.b_shut", should_expose=True)
    alias = {const.CONF_ALIAS: "garage"}
    entry = await _hub(
        hass, "Home", **{const.CONF_OVERRIDES: {"script__a_open": alias, "script__b_shut": alias}}
    )
    client = await hass_ws_client(hass)
    asked = await _call(hass, entry, hass_admin_user, "garage")
    await _approve(client, asked, remember=15)
    shut = await _call(hass, entry, hass_admin_user, "garage")
    async_expose_entity(hass, "conversation", "script.a_open", should_expose=True)
    await hass.async_block_till_done()
    taken = await _call(hass, entry, hass_admin_user, "garage")
    await hass.async_block_till_done()

    assert (_ended(asked), _ended(shut)) == ("asks", "ran")
    assert len(closed) == 1
    assert _ended(taken) == "asks", taken.data
    assert opened == []


async def _scoped(hass: HomeAssistant, entities: list[str], *, nested: bool) -> MockConfigEntry:
    """Return the garage hub scoped to ``entities``, or (nested) an unscoped one picking it."""
    scope = {const.CONF_SCOPE_ENTITIES: entities}
    if not nested:
        return await _hub(hass, "Scoped", **scope)
    inner = await hubs.async_add_hub(hass, "Scoped", {CONF_LLM_HASS_API: ["assist"], **scope})
    return await _hub(hass, "Outer", **{CONF_LLM_HASS_API: [hubs.hub_id(inner)]})


@pytest.mark.parametrize("nested", [False, True])
async def test_a_scoped_hub_refuses_a_group_acting_outside_its_scope_before_asking(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    nested: bool,
) -> None:
    """The hub reaches the cover group "Garage doors" only, not its member, the garage door
    (device class garage, which the hub, or the unscoped hub that picks it, asks before acting
    on). A call on the group is refused by the scope before anyone is asked: no approval, event
    or notification, and the refusal names only the group."""
    entry = await _scoped(hass, ["cover.garage_doors"], nested=nested)
    client = await hass_ws_client(hass)
    events = async_capture_events(hass, EVENT_APPROVAL)
    refused = await _call(hass, entry, hass_admin_user, "HassTurnOn", name="Garage doors")
    await hass.async_block_till_done()
    listed = await _listing(client)
    notifications = persistent_notification._async_get_or_create_notifications(hass)

    assert _ended(refused) == "OutOfScope", refused.data
    assert "Garage doors" in str(refused.data["error_text"])
    assert "garage_door" not in str(refused.data).replace("cover.garage_doors", "")
    assert (events, listed, notifications) == ([], {"approvals": [], "remembered": []}, {})
    assert garage_home["cover.open_cover"] == []


@pytest.mark.parametrize("nested", [False, True])
async def test_a_scoped_hub_refuses_an_intent_script_acting_outside_it_before_asking(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    nested: bool,
) -> None:
    """An ``intent_script`` intent opens the garage door; the hub (or the hub it picks) reaches
    the hall light only and asks before acting on a garage door. The intent is listed (what it
    does can be followed), but a call is refused by the scope before anyone is asked, and the
    refusal does not name the door."""
    garage = {"action": "cover.open_cover", "target": {"entity_id": "cover.garage_door"}}
    intents = {"intent_script": {"LetCarIn": {"action": [garage], "speech": {"text": "Done"}}}}
    assert await async_setup_component(hass, "intent_script", intents)
    entry = await _scoped(hass, ["light.hall"], nested=nested)
    client = await hass_ws_client(hass)
    events = async_capture_events(hass, EVENT_APPROVAL)

    refused = await _call(hass, entry, hass_admin_user, "LetCarIn")
    await hass.async_block_till_done()

    assert _ended(refused) == "OutOfScope", refused.data
    assert "garage" not in str(refused.data).lower()
    assert (events, await _listing(client)) == ([], {"approvals": [], "remembered": []})
    assert garage_home["cover.open_cover"] == []


async def test_through_a_shadow_hub_a_selected_hubs_spent_limit_refuses_before_it_asks(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The hub in shadow mode picks a hub that asks before opening the garage and allows one
    change an hour. Remembered and spent, the next call is refused for the limit: neither
    asked nor run under the remembered approval."""
    inner = await _hub(hass, "Inner", **{const.CONF_CHANGES_PER_HOUR: 1})
    shadow = await hubs.async_add_hub(
        hass, "Shadow", {CONF_LLM_HASS_API: [hubs.hub_id(inner)], const.CONF_SHADOW_MODE: True}
    )
    client = await hass_ws_client(hass)
    first = await _call(hass, shadow, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await _approve(client, first, remember=15)
    ran = await _call(
        hass, shadow, hass_admin_user, "HassTurnOn", **OPEN_GARAGE, **{TOKEN: first.data[TOKEN]}
    )
    events = async_capture_events(hass, EVENT_APPROVAL)
    again = await _call(hass, shadow, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await hass.async_block_till_done()

    assert (_ended(first), _ended(ran), _ended(again)) == ("asks", "ran", "LimitReached")
    assert events == []
    assert len(garage_home["cover.open_cover"]) == 1


async def test_another_users_approval_id_names_nothing_of_their_call(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
) -> None:
    """Ann's model asks to open the garage; another user's model presents Ann's approval id
    with another tool: the refusal says it was asked for by another user, not which tool."""
    entry = await _hub(hass, "Home")
    asked = await _call(hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    other = await _call(
        hass, entry, hass_read_only_user, "HassTurnOff", **OPEN_GARAGE, **{TOKEN: asked.data[TOKEN]}
    )

    assert _ended(other) == "ApprovalRefused"
    refusal = str(other.data["error_text"])
    assert "another user" in refusal
    assert "HassTurnOn" not in refusal
