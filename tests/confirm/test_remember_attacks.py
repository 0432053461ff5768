"""Attacks on remembered approvals: stretch one beyond its tool, hub, targets, decider or end.

Through real hubs over Assist's intents and scripts, as in ``test_remember.py``: hubs that pick
hubs (in shadow mode too, with aliases), settings on the path, a home that changes, conditions
on arguments, limits, and what the websocket takes.
"""

from __future__ import annotations

import time
from typing import Any
from unittest.mock import patch

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_mock_service,
)
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from homeassistant.auth.const import GROUP_ID_ADMIN, GROUP_ID_USER
from homeassistant.components import conversation
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import area_registry as ar, entity_registry as er, llm

from ..helpers import hubs
from ..helpers.agent import AGENT_ENTITY_ID, AgentSetup
from ..helpers.confirm import TOKEN, _other_user_client
from ..helpers.remember import (
    OPEN_GARAGE,
    Calls,
    _approve,
    _call,
    _ended,
    _hub,
    _listing,
    _remembered,
)

pytestmark = pytest.mark.attack


def _aliases(**names: str) -> dict[str, Any]:
    """Return the overrides that list each tool key under its alias."""
    return {const.CONF_OVERRIDES: {key: {const.CONF_ALIAS: alias} for key, alias in names.items()}}


async def _shadow(hass: HomeAssistant, inner: MockConfigEntry, **options: Any) -> MockConfigEntry:
    """Add the hub "Shadow", in shadow mode, that picks ``inner``."""
    return await hubs.async_add_hub(
        hass,
        "Shadow",
        {CONF_LLM_HASS_API: [hubs.hub_id(inner)], const.CONF_SHADOW_MODE: True, **options},
    )


async def test_through_a_shadow_hub_an_approval_is_for_its_tool_not_the_selected_hubs(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A hub in shadow mode lists the selected hub's HassTurnOff as "garage", the name the
    selected hub gives its HassTurnOn. Closing the garage through the shadow hub, approved and
    remembered there, neither opens it through the selected hub (with the approval id or under
    the remembered approval) nor stops closing it through the shadow hub."""
    closed = async_mock_service(hass, "cover", "close_cover")
    inner = await _hub(hass, "Inner", **_aliases(intent__HassTurnOn="garage"))
    shadow = await _shadow(
        hass,
        inner,
        **{const.CONF_EXCLUDED_TOOLS: ["garage"]},
        **_aliases(intent__HassTurnOff="garage"),
    )
    client = await hass_ws_client(hass)
    asked = await _call(hass, shadow, hass_admin_user, "garage", **OPEN_GARAGE)
    approved = await _approve(client, asked, remember=15)

    once = await _call(
        hass, inner, hass_admin_user, "garage", **OPEN_GARAGE, **{TOKEN: asked.data[TOKEN]}
    )
    remembered = await _call(hass, inner, hass_admin_user, "garage", **OPEN_GARAGE)
    again = await _call(hass, shadow, hass_admin_user, "garage", **OPEN_GARAGE)
    await hass.async_block_till_done()

    assert approved["result"]["hub_name"] == "Inner"
    assert (_ended(once), _ended(remembered), _ended(again)) == ("ApprovalRefused", "asks", "ran")
    assert "another LLM API" in str(once.data["error_text"])
    assert garage_home["cover.open_cover"] == []
    assert len(closed) == 1


async def test_a_shadow_hub_that_reloads_voids_what_it_remembered(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered through a hub in shadow mode for "shut" (HassTurnOff), the shadow hub's alias
    moves to HassTurnOn and the hub reloads: "shut" on the garage door now opens it, and asks."""
    inner = await _hub(hass, "Inner")
    shadow = await _shadow(hass, inner, **_aliases(intent__HassTurnOff="shut"))
    client = await hass_ws_client(hass)
    await _remembered(hass, shadow, hass_admin_user, client, "shut")
    hass.config_entries.async_update_entry(
        shadow, options={**shadow.options, **_aliases(intent__HassTurnOn="shut")}
    )
    assert await hass.config_entries.async_reload(shadow.entry_id)
    await hass.async_block_till_done()

    listed = await _listing(client)
    result = await _call(hass, shadow, hass_admin_user, "shut", **OPEN_GARAGE)
    await hass.async_block_till_done()

    assert listed["remembered"] == []
    assert _ended(result) == "asks"
    assert garage_home["cover.open_cover"] == []


@pytest.mark.parametrize(
    ("inner_minutes", "outer_minutes", "choices"),
    [(0, 30, []), (10, 30, [5, 10]), (30, 10, [5, 10])],
)
async def test_a_selected_hubs_shorter_remember_wins(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    inner_minutes: int,
    outer_minutes: int,
    choices: list[int],
) -> None:
    """The selected hub asks for the garage door and remembers for at most ``inner_minutes``
    (0: never); the hub that picks it asks once for both: never for longer than either lets."""
    inner = await _hub(hass, "Inner", **{const.CONF_APPROVAL_REMEMBER: inner_minutes})
    outer = await hubs.async_add_hub(
        hass,
        "Outer",
        {
            CONF_LLM_HASS_API: [hubs.hub_id(inner)],
            const.CONF_APPROVAL_REMEMBER: outer_minutes,
        },
    )
    client = await hass_ws_client(hass)
    asked = await _call(hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    [approval] = (await _listing(client))["approvals"]

    longer = await _approve(client, asked, remember=max(inner_minutes, outer_minutes))

    assert approval["hub_name"] == "Outer"
    assert approval["remember_choices"] == choices
    assert not longer["success"]
    assert (await _listing(client))["remembered"] == []


@pytest.mark.parametrize(
    "change",
    [{"group_ids": [GROUP_ID_USER]}, {"is_active": False}, None],
    ids=["demoted", "deactivated", "removed"],
)
async def test_void_when_who_approved_it_changes(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_ws_client: WebSocketGenerator,
    change: dict[str, Any] | None,
) -> None:
    """An administrator remembers another user's approval, then is demoted, deactivated or
    removed: what they approved is void, and the user's next call asks again."""
    group = await hass.auth.async_get_group(GROUP_ID_ADMIN)
    assert group is not None
    admin = MockUser(name="Second admin", groups=[group]).add_to_hass(hass)
    refresh = await hass.auth.async_create_refresh_token(admin, "https://example.com/")
    client = await hass_ws_client(hass, hass.auth.async_create_access_token(refresh))
    entry = await _hub(hass)
    user, _ = await _other_user_client(hass, hass_ws_client)
    await _remembered(hass, entry, user, client)
    await client.close()  # a deactivated or removed user's connection ends

    if change is None:
        await hass.auth.async_remove_user(admin)
    else:
        await hass.auth.async_update_user(admin, **change)
    await hass.async_block_till_done()

    assert _ended(await _call(hass, entry, user, "HassTurnOn", **OPEN_GARAGE)) == "asks"
    assert garage_home["cover.open_cover"] == []


async def test_an_area_that_gains_a_lock_asks(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered for "turn on the garage" (its door), a lock moved into the garage makes the
    same call act on it: it asks."""
    area = ar.async_get(hass).async_create("Garage")
    registry = er.async_get(hass)
    for object_id, name, device_class in (
        ("garage_gate", "Garage gate", "garage"),
        ("garage_lock", "Garage lock", None),
    ):
        domain = "lock" if device_class is None else "cover"
        entry = registry.async_get_or_create(
            domain, "test", object_id, suggested_object_id=object_id, original_name=name
        )
        hass.states.async_set(
            entry.entity_id,
            "locked" if device_class is None else "closed",
            {"friendly_name": name} | ({"device_class": device_class} if device_class else {}),
        )
        async_expose_entity(hass, "conversation", entry.entity_id, should_expose=True)
    registry.async_update_entity("cover.garage_gate", area_id=area.id)
    hub = await _hub(hass)
    client = await hass_ws_client(hass)
    await _remembered(hass, hub, hass_admin_user, client, area="Garage")
    before = await _call(hass, hub, hass_admin_user, "HassTurnOn", area="Garage")

    registry.async_update_entity("lock.garage_lock", area_id=area.id)
    after = await _call(hass, hub, hass_admin_user, "HassTurnOn", area="Garage")
    await hass.async_block_till_done()

    assert (_ended(before), _ended(after)) == ("ran", "asks")
    assert [call.data["entity_id"] for call in garage_home["cover.open_cover"]] == [
        "cover.garage_gate"
    ]
    assert garage_home["lock.unlock"] == []


async def test_a_script_edited_to_reach_a_lock_asks(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered for the script that opens the garage doors, the script is edited (reloaded)
    to also unlock the front door: its next call asks, and nothing is unlocked."""
    hub = await _hub(hass)
    await _remembered(hass, hub, hass_admin_user, await hass_ws_client(hass), "open_garage")
    edited = {
        "sequence": [
            {"action": "cover.open_cover", "target": {"entity_id": "cover.garage_doors"}},
            {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}},
        ]
    }
    scripts = {"open_garage": edited}
    with patch("homeassistant.config.load_yaml_config_file", return_value={"script": scripts}):
        await hass.services.async_call("script", "reload", blocking=True)
    await hass.async_block_till_done()

    result = await _call(hass, hub, hass_admin_user, "open_garage")
    await hass.async_block_till_done()

    assert _ended(result) == "asks"
    assert garage_home["lock.unlock"] == []


async def test_a_call_whose_condition_does_not_hold_is_not_counted_and_a_new_condition_voids(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The thermostat asks above 25 °C. Remembered at 28, a call at 21 runs without it (not
    counted as run under it) and one at 30 runs under it; a condition added (the hub reloads)
    voids it, and 30 asks again."""
    tool = "climate__HassClimateSetTemperature"
    above = {"argument": "temperature", "operator": "above", "value": 25}
    hub = await _hub(hass, **{const.CONF_CONFIRM_CONDITIONS: {tool: [above]}})
    client = await hass_ws_client(hass)
    thermostat = "Hall thermostat"
    set_to = "HassClimateSetTemperature"
    await _remembered(hass, hub, hass_admin_user, client, set_to, temperature=28, name=thermostat)
    cool = await _call(hass, hub, hass_admin_user, set_to, temperature=21, name=thermostat)
    warm = await _call(hass, hub, hass_admin_user, set_to, temperature=30, name=thermostat)
    [remembered] = (await _listing(client))["remembered"]
    below = {"argument": "temperature", "operator": "below", "value": 16}
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, const.CONF_CONFIRM_CONDITIONS: {tool: [above, below]}}
    )
    assert await hass.config_entries.async_reload(hub.entry_id)
    await hass.async_block_till_done()

    after = await _call(hass, hub, hass_admin_user, set_to, temperature=30, name=thermostat)
    await hass.async_block_till_done()

    assert (_ended(cool), _ended(warm), _ended(after)) == ("ran", "ran", "asks")
    assert remembered["uses"] == 1
    assert [call.data["temperature"] for call in garage_home["climate.set_temperature"]] == [
        21,
        30,
    ]


async def test_limits_count_calls_run_under_a_remembered_approval(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A remembered approval lets a call run unasked, not past the hub's limit of calls a
    minute: the second call in the minute is refused and opens nothing."""
    hub = await _hub(hass, **{const.CONF_CALLS_PER_MINUTE: 1})
    await _remembered(hass, hub, hass_admin_user, await hass_ws_client(hass))

    first = await _call(hass, hub, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    second = await _call(hass, hub, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await hass.async_block_till_done()

    assert _ended(first) == "ran"
    assert _ended(second) != "ran"
    assert len(garage_home["cover.open_cover"]) == 1


@pytest.mark.parametrize("minutes", [10**30, -5, 2**63, 1.5])
async def test_remember_takes_no_number_beyond_the_hubs_longest(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    minutes: Any,
) -> None:
    """Huge, negative or fractional minutes are refused, and the approval stays pending."""
    hub = await _hub(hass)
    client = await hass_ws_client(hass)
    asked = await _call(hass, hub, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)

    refused = await _approve(client, asked, remember=minutes)
    listed = await _listing(client)

    assert not refused["success"]
    assert listed["approvals"][0]["status"] == "pending"
    assert listed["remembered"] == []


async def test_a_remembered_approval_is_not_sent_to_another_user(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Another user subscribed to approvals gets every change, never an administrator's
    approval or remembered approval; revoking it answers only "unauthorized"."""
    hub = await _hub(hass)
    _, other = await _other_user_client(hass, hass_ws_client)
    await other.send_json_auto_id({"type": "llm_hub/approvals/subscribe"})
    approval_id = await _remembered(hass, hub, hass_admin_user, await hass_ws_client(hass))
    await hass.async_block_till_done()

    await other.send_json_auto_id({"type": "llm_hub/approvals/revoke", "approval_id": approval_id})
    seen: list[dict[str, Any]] = []
    while (message := await other.receive_json())["type"] != "result" or message["success"]:
        seen.append(message.get("event", {}))

    assert message["error"] == {
        "code": "unauthorized",
        "message": "Only an administrator or the user it runs as may revoke this remembered "
        "approval",
    }
    assert len(seen) > 2
    assert all(event in ({}, {"approvals": [], "remembered": []}) for event in seen)


async def test_an_approval_through_a_hub_is_void_when_the_hub_it_selects_reloads(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The selected hub lists HassTurnOff as "garage"; closing the garage through the hub above
    is approved (not remembered). The selected hub's alias then moves to HassTurnOn and it
    reloads: the approval id no longer runs "garage", which would now open the garage."""
    inner = await _hub(hass, "Inner", **_aliases(intent__HassTurnOff="garage"))
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    client = await hass_ws_client(hass)
    asked = await _call(hass, outer, hass_admin_user, "garage", **OPEN_GARAGE)
    await _approve(client, asked)
    hass.config_entries.async_update_entry(
        inner, options={**inner.options, **_aliases(intent__HassTurnOn="garage")}
    )
    assert await hass.config_entries.async_reload(inner.entry_id)
    await hass.async_block_till_done()

    result = await _call(
        hass, outer, hass_admin_user, "garage", **OPEN_GARAGE, **{TOKEN: asked.data[TOKEN]}
    )
    await hass.async_block_till_done()

    assert _ended(result) == "ApprovalRefused"
    assert garage_home["cover.open_cover"] == []


class _Later:
    """The module ``time`` as it reads ``seconds`` later (the wall clock stays)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def monotonic(self) -> float:
        return time.monotonic() + self.seconds


async def test_a_wall_clock_set_back_does_not_lengthen_it(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered for 5 minutes; 6 minutes on, the server's clock is set back to when it was
    approved: the remembered approval has ended all the same, and the next call asks."""
    hub = await _hub(hass)
    client = await hass_ws_client(hass)
    await _remembered(hass, hub, hass_admin_user, client, minutes=5)

    with patch("custom_components.llm_hub.confirm.approvals.time", _Later(6 * 60)):
        result = await _call(hass, hub, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
        listed = await _listing(client)

    assert _ended(result) == "asks"
    assert listed["remembered"] == []
    assert garage_home["cover.open_cover"] == []


async def test_an_approval_is_not_redeemed_once_its_call_acts_on_more(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Approved (once) for the script that opens the garage doors' group, the group then also
    holds the front door lock: the approval id no longer runs the script, and the same call
    asks anew, naming the lock."""
    hub = await _hub(hass)
    client = await hass_ws_client(hass)
    asked = await _call(hass, hub, hass_admin_user, "open_garage")
    await _approve(client, asked)
    hass.states.async_set(
        "cover.garage_doors",
        "closed",
        {"friendly_name": "Garage doors", "entity_id": ["cover.garage_door", "lock.front_door"]},
    )

    redeemed = await _call(hass, hub, hass_admin_user, "open_garage", **{TOKEN: asked.data[TOKEN]})
    again = await _call(hass, hub, hass_admin_user, "open_garage")
    approvals = {item["approval_id"]: item for item in (await _listing(client))["approvals"]}
    await hass.async_block_till_done()

    assert _ended(redeemed) == "ApprovalRefused"
    assert "acted on less" in str(redeemed.data["error_text"])
    assert _ended(again) == "asks"
    assert again.data[TOKEN] != asked.data[TOKEN]
    assert "Front door (lock.front_door)" in approvals[again.data[TOKEN]]["targets"]
    assert garage_home["cover.open_cover"] == []


async def test_a_token_through_a_shadow_hub_is_not_the_selected_hubs(
    hass: HomeAssistant,
    garage_home: Calls,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
) -> None:
    """An agent has both the hub in shadow mode and the hub it selects; each lists a "garage"
    (closing through the shadow hub, opening through the other). A token the shadow hub's call
    got, presented after the user's yes with the other hub's "garage", opens nothing."""
    inner = await _hub(hass, "Inner", **_aliases(intent__HassTurnOn="garage"))
    shadow = await _shadow(
        hass,
        inner,
        **{const.CONF_EXCLUDED_TOOLS: ["garage"]},
        **_aliases(intent__HassTurnOff="garage"),
    )
    agent = await setup_agent([hubs.hub_id(shadow), hubs.hub_id(inner)])
    agent.tool_calls = [llm.ToolInput("shadow__garage", OPEN_GARAGE)]
    first = await conversation.async_converse(
        hass,
        "Close the garage",
        None,
        Context(user_id=hass_admin_user.id),
        agent_id=AGENT_ENTITY_ID,
    )
    [asked] = [content.result for content in agent.tool_results]
    token = asked.data[TOKEN]
    agent.tool_calls = [llm.ToolInput("inner__garage", {**OPEN_GARAGE, TOKEN: token})]

    await conversation.async_converse(
        hass,
        "Yes",
        first.conversation_id,
        Context(user_id=hass_admin_user.id),
        agent_id=AGENT_ENTITY_ID,
    )
    await hass.async_block_till_done()

    [refused] = [content.result for content in agent.tool_results]
    assert refused.data["error"] == "ConfirmationRefused"
    assert "another LLM API" in str(refused.data["error_text"])
    assert garage_home["cover.open_cover"] == []
