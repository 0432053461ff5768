"""Remembered approvals: "approve and remember for N minutes", up to the hub's longest.

Through real hubs over Assist's intents and scripts: a person approves a call (websocket, MCP,
a phone's button) and lets the hub remember it; later calls of the same tool by the same user
through the same hub, acting on no more than the approved call did, run without asking until
the end; anything else asks. Attacks (marked) try to stretch a remembered approval.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
import json
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import (
    MockUser,
    async_capture_events,
    async_fire_time_changed,
)
from pytest_homeassistant_custom_component.typing import (
    ClientSessionGenerator,
    WebSocketGenerator,
)

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from custom_components.llm_hub.confirm.approvals import (
    EVENT_APPROVAL,
    MAX_REMEMBERED_PER_USER,
    remember_choices,
)
from homeassistant.components import conversation
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.data_entry_flow import InvalidData
from homeassistant.helpers import issue_registry as ir, llm
from homeassistant.util import dt as dt_util

from ..helpers import hubs
from ..helpers.agent import AGENT_ENTITY_ID, AgentSetup
from ..helpers.confirm import TOKEN, _other_user_client, _ws
from ..helpers.homes import timer_satellite
from ..helpers.mcp import _async_setup_mcp_server, _text, mcp_session
from ..helpers.remember import (
    GARAGE,
    OPEN_GARAGE,
    Calls,
    _approve,
    _call,
    _ended,
    _hub,
    _listed,
    _listing,
    _remembered,
)


async def test_a_remembered_approval_runs_the_same_call_again_over_mcp(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    garage_home: Calls,
    hass_client_no_auth: ClientSessionGenerator,
    hass_access_token: str,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The garage for a delivery: the first MCP call waits; the owner approves it in the panel
    for 15 minutes; the same call again runs at once, recorded as approved by the owner and
    remembered, and the panel lists the remembered approval with its end."""
    entry = await _hub(hass)
    await _async_setup_mcp_server(hass, ["assist"], require_admin=True)
    client = await hass_ws_client(hass)
    url = str((await hass_client_no_auth()).make_url(f"/api/mcp/{hubs.hub_id(entry)}"))
    approvals = async_capture_events(hass, EVENT_APPROVAL)
    called = async_capture_events(hass, EVENT_TOOL_CALLED)
    async with mcp_session(url, hass_access_token) as session:
        tools = [tool.name for tool in (await session.list_tools()).tools]
        turn_on = next(name for name in tools if name.endswith("HassTurnOn"))
        first = json.loads(_text(await session.call_tool(turn_on, OPEN_GARAGE)))
        [pending] = (await _listing(client))["approvals"]
        approved = await _ws(client, "approve", approval_id=first[TOKEN], remember=15)
        decided = dt_util.utcnow()
        listed = await _listing(client)
        again = await session.call_tool(turn_on, OPEN_GARAGE)
        third = await session.call_tool(turn_on, OPEN_GARAGE)
    await hass.async_block_till_done()

    assert first["status"] == "approval_required"
    assert pending["remember_choices"] == [5, 15, 30]
    assert pending["targets"] == ["Garage door (cover.garage_door)"]
    assert approved["result"]["remember_until"] == listed["approvals"][0]["remember_until"]
    [remembered] = listed["remembered"]
    until = dt_util.parse_datetime(remembered["until"])
    decided_at = dt_util.parse_datetime(remembered["decided"])
    assert until is not None
    assert decided_at is not None
    assert until - decided_at == timedelta(minutes=15)
    assert until - decided <= timedelta(minutes=15)
    assert remembered == {
        "approval_id": first[TOKEN],
        "api_id": hubs.hub_id(entry),
        "hub_name": "Garage",
        "tool_name": turn_on,
        "targets": ["Garage door (cover.garage_door)"],
        "targets_more": 0,
        "user_id": hass_admin_user.id,
        "user_name": hass_admin_user.name,
        "decided_by": hass_admin_user.id,
        "decided_by_name": hass_admin_user.name,
        "decided": remembered["decided"],
        "until": remembered["until"],
        "uses": 0,
        "last_used": None,
    }
    assert not again.isError
    assert not third.isError
    assert [call.data for call in garage_home["cover.open_cover"]] == 2 * [
        {"entity_id": "cover.garage_door"}
    ]
    assert [
        (e.data["outcome"], e.data.get("approved_by"), e.data.get("remembered")) for e in called
    ] == [
        ("needs_confirmation", None, None),
        ("ok", hass_admin_user.id, True),
        ("ok", hass_admin_user.id, True),
    ]
    assert [e.data["status"] for e in approvals] == [
        "pending",
        "approved",
        "remembered_used",
        "remembered_used",
    ]
    assert {e.data["remember_until"] for e in approvals[1:]} == {remembered["until"]}
    assert approvals[0].data["remember_until"] is None
    # The approval itself is not used up: the model may still redeem it once.
    assert (await _listing(client))["remembered"][0]["uses"] == 2


async def test_arguments_may_differ_targets_may_not_grow(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered at brightness 20, the hall light runs at 80 too, and so does the thermostat
    at another temperature; what the call acts on decides, not its other arguments."""
    entry = await _hub(hass)
    client = await hass_ws_client(hass)
    await _remembered(
        hass, entry, hass_admin_user, client, "HassLightSet", name="Hall light", brightness=20
    )
    await _remembered(
        hass,
        entry,
        hass_admin_user,
        client,
        "HassClimateSetTemperature",
        name="Hall thermostat",
        temperature=20,
    )

    light = await _call(
        hass, entry, hass_admin_user, "HassLightSet", name="Hall light", brightness=80
    )
    warmer = await _call(
        hass,
        entry,
        hass_admin_user,
        "HassClimateSetTemperature",
        name="Hall thermostat",
        temperature=23,
    )
    await hass.async_block_till_done()

    assert (_ended(light), _ended(warmer)) == ("ran", "ran")
    assert [call.data["brightness_pct"] for call in garage_home["light.turn_on"]] == [80]
    assert [call.data["temperature"] for call in garage_home["climate.set_temperature"]] == [23]


async def test_fewer_targets_run_and_a_script_by_its_actions(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A call on fewer targets than the approved one runs; a script is remembered by what its
    actions act on (the group and its member)."""
    entry = await _hub(hass)
    client = await hass_ws_client(hass)
    await _remembered(hass, entry, hass_admin_user, client, device_class="garage", domain="cover")
    await _remembered(hass, entry, hass_admin_user, client, "open_garage", minutes=5)

    one = await _call(hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    script = await _call(hass, entry, hass_admin_user, "open_garage")
    await hass.async_block_till_done()

    assert (_ended(one), _ended(script)) == ("ran", "ran")
    assert [call.data["entity_id"] for call in garage_home["cover.open_cover"]] == [
        "cover.garage_door",
        ["cover.garage_doors"],
    ]


@pytest.mark.parametrize(
    "options",
    [
        {const.CONF_CONFIRM_TOOLS: ["intent__HassTurnOn"]},
        {const.CONF_CONFIRM_DESTRUCTIVE: True},
    ],
)
async def test_a_tool_that_always_asks_is_remembered_by_its_targets(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    options: dict[str, Any],
) -> None:
    """A tool named in "Also confirm these tools", or destructive under "Confirm destructive
    tools", asks for every call; what each acts on is still known, so a remembered approval
    covers the same light and nothing else."""
    entry = await hubs.async_add_hub(
        hass,
        "Hall",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_APPROVAL_REMEMBER: 5, **options},
    )
    client = await hass_ws_client(hass)
    await _remembered(hass, entry, hass_admin_user, client, minutes=5, name="Hall light")

    same = await _call(hass, entry, hass_admin_user, "HassTurnOn", name="Hall light")
    other = await _call(hass, entry, hass_admin_user, "HassTurnOn", name="Front door")
    await hass.async_block_till_done()

    assert (_ended(same), _ended(other)) == ("ran", "asks")
    assert [call.data["entity_id"] for call in garage_home["light.turn_on"]] == [["light.hall"]]
    assert garage_home["lock.unlock"] == []


async def test_a_remembered_approval_runs_in_a_conversation_too(
    hass: HomeAssistant,
    garage_home: Calls,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered over MCP or the websocket, the same call in a conversation asks no token."""
    entry = await _hub(hass)
    agent = await setup_agent(hubs.hub_id(entry))  # before the websocket freezes the routes
    client = await hass_ws_client(hass)
    await _remembered(hass, entry, hass_admin_user, client)
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    agent.tool_calls = [llm.ToolInput(_listed(instance, "HassTurnOn"), OPEN_GARAGE)]

    await conversation.async_converse(
        hass, "Open the garage", None, Context(user_id=hass_admin_user.id), agent_id=AGENT_ENTITY_ID
    )
    await hass.async_block_till_done()

    [result] = [content.result for content in agent.tool_results]
    assert not result.error, result
    assert TOKEN not in result.data
    assert len(garage_home["cover.open_cover"]) == 1


async def test_revoke_ends_it_at_once_and_only_for_who_may(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    freezer: FrozenDateTimeFactory,
) -> None:
    """A user sees and revokes only their own remembered approvals; an administrator any. A
    revoked one lets nothing through: the next call asks again, and its approval says it was
    remembered until it was revoked."""
    entry = await _hub(hass)
    admin = await hass_ws_client(hass)
    other, other_client = await _other_user_client(hass, hass_ws_client)
    own = await _remembered(hass, entry, other, other_client)
    admins = await _remembered(hass, entry, hass_admin_user, admin)
    events = async_capture_events(hass, EVENT_APPROVAL)

    seen = await _listing(other_client)
    refused = await _ws(other_client, "revoke", approval_id=admins)
    unknown = await _ws(admin, "revoke", approval_id="nope")
    revoked = await _ws(other_client, "revoke", approval_id=own)
    twice = await _ws(other_client, "revoke", approval_id=own)
    freezer.tick(timedelta(minutes=2))
    by_admin = await _ws(admin, "revoke", approval_id=admins)
    after = await _call(hass, entry, other, "HassTurnOn", **OPEN_GARAGE)
    listed = await _listing(admin)

    assert [item["approval_id"] for item in seen["remembered"]] == [own]
    assert refused["error"]["code"] == "unauthorized"
    assert unknown["error"]["code"] == "not_found"
    assert revoked["result"]["approval_id"] == own
    assert twice["error"]["code"] == "not_found"
    assert by_admin["success"]
    assert _ended(after) == "asks"
    assert listed["remembered"] == []
    until = {item["approval_id"]: item["remember_until"] for item in listed["approvals"]}
    assert until[admins] == (dt_util.utcnow()).isoformat()
    assert by_admin["result"]["until"] == (dt_util.utcnow() + timedelta(minutes=13)).isoformat()
    assert [(e.data["approval_id"], e.data["status"]) for e in events][:2] == [
        (own, "revoked"),
        (admins, "revoked"),
    ]
    assert garage_home["cover.open_cover"] == []


async def test_what_the_websocket_takes_to_remember(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """``remember`` is whole minutes, 1 up to the hub's longest; more is refused and leaves the
    approval pending; a true, a text or a fraction is no number of minutes; deny takes none."""
    entry = await _hub(hass)
    client = await hass_ws_client(hass)
    asked = await _call(hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)

    answers = {
        repr(value): await _approve(client, asked, remember=value)
        for value in (31, 0, True, "15", 15.0, None)
    }
    deny = await _ws(client, "deny", approval_id=asked.data[TOKEN], remember=5)
    listed = await _listing(client)
    approved = await _approve(client, asked, remember=30)

    assert answers["31"]["error"] == {
        "code": "home_assistant_error",
        "message": f"The approval {asked.data[TOKEN]} can be remembered for at most 30 minutes",
    }
    assert {key: answer["error"]["code"] for key, answer in answers.items() if key != "31"} == {
        "0": "invalid_format",
        "True": "invalid_format",
        "'15'": "invalid_format",
        "15.0": "invalid_format",
        "None": "invalid_format",
    }
    assert deny["error"]["code"] == "invalid_format"
    assert listed["approvals"][0]["status"] == "pending"
    assert approved["success"]
    assert approved["result"]["status"] == "approved"


async def test_the_hubs_longest_bounds_the_choices(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The choices run up to the hub's longest; off (the default), there are none, and the
    websocket refuses to remember."""
    off = await hubs.async_add_hub(hass, "Off", {**GARAGE, const.CONF_APPROVAL_REMEMBER: 0})
    ten = await _hub(hass, "Ten", **{const.CONF_APPROVAL_REMEMBER: 10})
    client = await hass_ws_client(hass)
    asked = await _call(hass, off, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await _call(hass, ten, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)

    choices = {
        item["hub_name"]: item["remember_choices"] for item in (await _listing(client))["approvals"]
    }
    refused = await _approve(client, asked, remember=5)

    assert choices == {"Off": [], "Ten": [5, 10]}
    assert refused["error"]["message"] == (f"The approval {asked.data[TOKEN]} cannot be remembered")
    assert [remember_choices(m) for m in (0, 1, 5, 60)] == [[], [1], [5], [5, 15, 30, 60]]


async def test_the_option_through_the_options_flow(hass: HomeAssistant, garage_home: Calls) -> None:
    """The Safety step stores whole minutes, at most 60; 0 (off) is not stored."""
    entry = await hubs.async_add_hub(hass, "Garage", {CONF_LLM_HASS_API: ["assist"]})
    safety = {
        const.CONF_READ_ONLY: False,
        const.CONF_NO_DESTRUCTIVE: False,
        const.CONF_NO_OPEN_WORLD: False,
        const.CONF_CONFIRM_DESTRUCTIVE: False,
        const.CONF_TIMEOUT: 60,
    }

    stored = await hubs.async_set_options(
        hass, entry, "safety", safety | {const.CONF_APPROVAL_REMEMBER: 45.0}
    )
    assert stored[const.CONF_APPROVAL_REMEMBER] == 45
    assert type(stored[const.CONF_APPROVAL_REMEMBER]) is int
    stored = await hubs.async_set_options(
        hass, entry, "safety", safety | {const.CONF_APPROVAL_REMEMBER: 0}
    )
    assert const.CONF_APPROVAL_REMEMBER not in stored
    with pytest.raises(InvalidData, match=const.CONF_APPROVAL_REMEMBER):
        await hubs.async_set_options(
            hass, entry, "safety", safety | {const.CONF_APPROVAL_REMEMBER: 61}
        )


@pytest.mark.parametrize("stored", ["30", 30.5, -5, True, [30]])
async def test_a_wrong_typed_option_remembers_nothing(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    stored: Any,
) -> None:
    """Stored with the wrong type (a hand edit), the option is off: a safety option fails
    closed, and its repair issue says so."""
    entry = await _hub(hass, **{const.CONF_APPROVAL_REMEMBER: stored})
    client = await hass_ws_client(hass)
    asked = await _call(hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)

    [approval] = (await _listing(client))["approvals"]
    refused = await _approve(client, asked, remember=5)

    assert approval["remember_choices"] == []
    assert not refused["success"]
    issue_id = f"invalid_option_{entry.entry_id}_{const.CONF_APPROVAL_REMEMBER}"
    issue = ir.async_get(hass).async_get_issue(const.DOMAIN, issue_id)
    assert issue is not None
    assert issue.translation_key == "invalid_safety_option"


async def test_a_longer_stored_option_is_cut_to_the_longest(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A stored 600 (a hand edit) is served as 60 minutes, the longest any hub remembers."""
    entry = await _hub(hass, **{const.CONF_APPROVAL_REMEMBER: 600})
    client = await hass_ws_client(hass)
    await _call(hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)

    [approval] = (await _listing(client))["approvals"]

    assert approval["remember_choices"] == [5, 15, 30, const.MAX_APPROVAL_REMEMBER]


async def test_it_ends_at_its_time(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    freezer: FrozenDateTimeFactory,
) -> None:
    """At its end it goes from the list (an event says so) and the next call asks."""
    entry = await _hub(hass)
    client = await hass_ws_client(hass)
    approval_id = await _remembered(hass, entry, hass_admin_user, client, minutes=5)
    events = async_capture_events(hass, EVENT_APPROVAL)
    freezer.tick(timedelta(minutes=4, seconds=59))
    within = await _call(hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)

    freezer.tick(timedelta(seconds=2))
    async_fire_time_changed(hass)
    await hass.async_block_till_done()
    listed = await _listing(client)
    after = await _call(hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)

    assert _ended(within) == "ran"
    assert listed["remembered"] == []
    assert _ended(after) == "asks"
    statuses = [e.data["status"] for e in events if e.data["approval_id"] == approval_id]
    # The approval itself, never redeemed, expired too (its approval time is 5 minutes).
    assert statuses == ["remembered_used", "expired", "remembered_expired"]


async def test_a_few_per_user_and_hub_the_oldest_goes(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Past ``MAX_REMEMBERED_PER_USER`` of one user in one hub, the oldest is voided."""
    entry = await _hub(hass)
    client = await hass_ws_client(hass)
    events = async_capture_events(hass, EVENT_APPROVAL)
    calls: list[tuple[str, dict[str, Any]]] = [
        ("HassTurnOn", OPEN_GARAGE),
        ("HassTurnOn", {"name": "Shed door"}),
        ("HassTurnOff", OPEN_GARAGE),
        ("HassTurnOff", {"name": "Shed door"}),
        ("HassLightSet", {"name": "Hall light", "brightness": 5}),
        ("open_garage", {}),
    ]
    ids = [
        await _remembered(hass, entry, hass_admin_user, client, tool, **args)
        for tool, args in calls
    ]

    listed = [item["approval_id"] for item in (await _listing(client))["remembered"]]
    first = await _call(hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)

    assert len(calls) == MAX_REMEMBERED_PER_USER + 1
    assert listed == ids[1:]
    assert (ids[0], "voided") in [(e.data["approval_id"], e.data["status"]) for e in events]
    assert _ended(first) == "asks"


async def test_void_when_the_hub_reloads_or_a_hub_it_selects_does(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Saving a hub's options reloads it: its remembered approvals go, and so do those of the
    hubs that select it (their tools may have changed), each with a "voided" event."""
    inner = await _hub(hass, "Inner")
    outer = await _hub(hass, "Outer", **{CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    other = await _hub(hass, "Other")
    client = await hass_ws_client(hass)
    ids = [await _remembered(hass, hub, hass_admin_user, client) for hub in (inner, outer, other)]
    events = async_capture_events(hass, EVENT_APPROVAL)

    assert await hass.config_entries.async_reload(inner.entry_id)
    await hass.async_block_till_done()

    left = [item["approval_id"] for item in (await _listing(client))["remembered"]]
    assert left == [ids[2]]
    assert sorted((e.data["approval_id"], e.data["status"]) for e in events) == sorted(
        [(ids[0], "voided"), (ids[1], "voided")]
    )
    assert _ended(await _call(hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)) == "asks"

    await hass.config_entries.async_remove(other.entry_id)
    await hass.async_block_till_done()
    assert (await _listing(client))["remembered"] == []


async def test_void_when_the_user_changes_or_is_removed(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A user deactivated (or otherwise changed) or removed loses what was remembered for them;
    other users keep theirs."""
    entry = await _hub(hass)
    admin = await hass_ws_client(hass)
    other = MockUser(name="Other").add_to_hass(hass)
    third = MockUser(name="Third").add_to_hass(hass)
    await _remembered(hass, entry, other, admin)
    await _remembered(hass, entry, third, admin)
    kept = await _remembered(hass, entry, hass_admin_user, admin)

    await hass.auth.async_update_user(other, is_active=False)
    await hass.auth.async_remove_user(third)
    await hass.async_block_till_done()

    assert [item["approval_id"] for item in (await _listing(admin))["remembered"]] == [kept]


async def test_search_mode_calls_through_call_tool(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """In search mode, a call through ``call_tool`` is remembered under the tool's listed name,
    and the same call runs under it, through ``call_tool`` or listed."""
    turn_on = "intent__HassTurnOn"
    entry = await _hub(hass, **{const.CONF_TOOL_MODE: "search", const.CONF_PINNED_TOOLS: [turn_on]})
    client = await hass_ws_client(hass)
    context = hubs.llm_context(hass_admin_user.id)
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), context)
    via = llm.ToolInput("call_tool", {"name": turn_on, "arguments": OPEN_GARAGE})
    asked = await instance.async_call_tool(via)
    approved = await _approve(client, asked, remember=5)

    again = await instance.async_call_tool(via)
    listed = await _call(hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await hass.async_block_till_done()

    assert approved["result"]["tool_name"] == turn_on
    assert (_ended(again), _ended(listed)) == ("ran", "ran")
    assert len(garage_home["cover.open_cover"]) == 2


# --- Attacks ------------------------------------------------------------------------------


@pytest.mark.attack
@pytest.mark.parametrize(
    "args",
    [
        {"device_class": "garage", "domain": "cover"},  # both garage doors
        {"name": "Garage doors"},  # the group: itself and its member
        {"name": "Shed door"},  # another target of the same class
    ],
)
async def test_a_call_on_more_or_other_targets_asks(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    args: dict[str, Any],
) -> None:
    """Remembered for the garage door, a call that reaches anything else asks."""
    entry = await _hub(hass)
    await _remembered(hass, entry, hass_admin_user, await hass_ws_client(hass))

    assert _ended(await _call(hass, entry, hass_admin_user, "HassTurnOn", **args)) == "asks"
    assert garage_home["cover.open_cover"] == []


@pytest.mark.attack
async def test_another_user_another_hub_another_tool_ask(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A remembered approval is the approving call's user's, hub's and tool's only: a call
    without a user, by another user, through another hub (alike), or of another tool on the
    same target asks."""
    entry = await _hub(hass)
    twin = await _hub(hass, "Twin")
    await _remembered(hass, entry, hass_admin_user, await hass_ws_client(hass))
    other, _ = await _other_user_client(hass, hass_ws_client)

    ended = [
        _ended(await _call(hass, entry, None, "HassTurnOn", **OPEN_GARAGE)),
        _ended(await _call(hass, entry, other, "HassTurnOn", **OPEN_GARAGE)),
        _ended(await _call(hass, twin, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)),
        _ended(await _call(hass, entry, hass_admin_user, "HassTurnOff", **OPEN_GARAGE)),
    ]

    assert ended == ["asks", "asks", "asks", "asks"]
    assert garage_home["cover.open_cover"] == []


@pytest.mark.attack
async def test_a_group_that_grows_asks(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered for the script that opens the garage doors' group: once the group also holds
    the shed door (or the front door lock), the script's next call asks; what a call acts on
    is worked out per call."""
    entry = await _hub(hass)
    await _remembered(hass, entry, hass_admin_user, await hass_ws_client(hass), "open_garage")
    state, attributes = "closed", {"friendly_name": "Garage doors"}
    before = await _call(hass, entry, hass_admin_user, "open_garage")
    hass.states.async_set(
        "cover.garage_doors",
        state,
        attributes | {"entity_id": ["cover.garage_door", "lock.front_door"]},
    )

    after = await _call(hass, entry, hass_admin_user, "open_garage")
    await hass.async_block_till_done()

    assert (_ended(before), _ended(after)) == ("ran", "asks")
    assert len(garage_home["cover.open_cover"]) == 1


@pytest.mark.attack
@pytest.mark.parametrize(
    ("tool", "args", "reason"),
    [
        ("open_picked", {}, "a template picks the target"),
        ("open_all", {}, "it acts on every cover there is"),
        (
            "HassClimateSetTemperature",
            {"name": "Attic", "temperature": 20},
            "its handler's own way",
        ),
    ],
)
async def test_what_cannot_be_followed_is_never_remembered(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    tool: str,
    args: dict[str, Any],
    reason: str,
) -> None:
    """A call whose targets cannot be followed offers no remember choice, and the websocket
    refuses to remember it."""
    entry = await _hub(hass, **{const.CONF_ASK_DOMAINS: ["lock", "climate", "cover"]})
    client = await hass_ws_client(hass)
    asked = await _call(hass, entry, hass_admin_user, tool, **args)
    [approval] = (await _listing(client))["approvals"]

    refused = await _approve(client, asked, remember=5)

    assert _ended(asked) == "asks", reason
    assert approval["remember_choices"] == []
    assert refused["error"]["message"].endswith("cannot be remembered")


@pytest.mark.attack
async def test_a_followed_approval_does_not_cover_a_call_that_cannot_be_followed(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered for the hall thermostat, the same tool on a name nothing matches (its
    handler may find a target its own way) asks; on the thermostat it runs."""
    entry = await _hub(hass)
    client = await hass_ws_client(hass)
    tool = "HassClimateSetTemperature"
    await _remembered(
        hass, entry, hass_admin_user, client, tool, name="Hall thermostat", temperature=20
    )

    unknown = await _call(hass, entry, hass_admin_user, tool, name="Attic", temperature=30)
    known = await _call(hass, entry, hass_admin_user, tool, name="Hall thermostat", temperature=21)
    await hass.async_block_till_done()

    assert (_ended(unknown), _ended(known)) == ("asks", "ran")
    assert [call.data["temperature"] for call in garage_home["climate.set_temperature"]] == [21]


@pytest.mark.attack
async def test_a_selected_hubs_remembered_approval_does_not_pass_the_outer_hub(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Only the outermost hub asks, and remembers: an approval remembered in the selected hub
    lets nothing through the hub that selects it, and one remembered in the outer hub lets
    nothing through the selected hub on its own."""
    inner = await _hub(hass, "Inner")
    outer = await _hub(hass, "Outer", **{CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    client = await hass_ws_client(hass)
    await _remembered(hass, inner, hass_admin_user, client)

    through_outer = await _call(hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await _approve(client, through_outer, remember=5)
    [revoked] = [
        item["approval_id"]
        for item in (await _listing(client))["remembered"]
        if item["hub_name"] == "Inner"
    ]
    await _ws(client, "revoke", approval_id=revoked)
    outer_again = await _call(hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    inner_again = await _call(hass, inner, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)
    await hass.async_block_till_done()

    assert _ended(through_outer) == "asks"
    assert (_ended(outer_again), _ended(inner_again)) == ("ran", "asks")
    assert len(garage_home["cover.open_cover"]) == 1


@pytest.mark.attack
async def test_a_refusing_hub_on_the_path_is_not_passed_by_a_remembered_approval(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Remembered in an outer hub, a call whose path later holds a hub that refuses calls
    without a conversation is refused, not run."""
    inner = await _hub(hass, "Inner")
    outer = await _hub(hass, "Outer", **{CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    await _remembered(hass, outer, hass_admin_user, await hass_ws_client(hass))
    hass.config_entries.async_update_entry(
        inner,
        options={**inner.options, const.CONF_CONFIRM_WITHOUT_CONVERSATION: const.CONFIRM_REFUSE},
    )
    await hass.config_entries.async_reload(inner.entry_id)
    await hass.async_block_till_done()

    result = await _call(hass, outer, hass_admin_user, "HassTurnOn", **OPEN_GARAGE)

    assert _ended(result) == "ConfirmationUnavailable"
    assert garage_home["cover.open_cover"] == []


@pytest.mark.attack
async def test_a_token_presented_is_checked_as_a_token(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """With a remembered approval, a call presenting another's approval id is still checked
    as that approval: refused, not run under the remembered one."""
    entry = await _hub(hass)
    client = await hass_ws_client(hass)
    await _remembered(hass, entry, hass_admin_user, client)
    shed = await _call(hass, entry, hass_admin_user, "HassTurnOn", name="Shed door")

    presented = await _call(
        hass, entry, hass_admin_user, "HassTurnOn", **OPEN_GARAGE, **{TOKEN: shed.data[TOKEN]}
    )

    assert _ended(presented) == "ApprovalRefused"
    assert "other arguments" in str(presented.data["error_text"])
    assert garage_home["cover.open_cover"] == []


@pytest.mark.attack
@pytest.mark.parametrize(
    ("args", "ended"),
    [
        # A list where a name goes: Assist matches both names, so it acts on more.
        ({"name": ["Garage door", "Shed door"]}, "asks"),
        # An empty area names none; an argument the tool has not is dropped.
        ({"name": "Garage door", "area": ""}, "ran"),
        ({"name": "Garage door", "entity_id": "cover.shed_door"}, "ran"),
    ],
)
async def test_an_argument_type_trick_runs_nothing_more(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    args: dict[str, Any],
    ended: str,
) -> None:
    """Remembered for the garage door, arguments of other types or names ask or act on the
    garage door alone: the shed door never opens."""
    entry = await _hub(hass)
    await _remembered(hass, entry, hass_admin_user, await hass_ws_client(hass))

    result = await _call(hass, entry, hass_admin_user, "HassTurnOn", **args)
    await hass.async_block_till_done()

    assert _ended(result) == ended
    opened = [call.data["entity_id"] for call in garage_home["cover.open_cover"]]
    assert opened == (["cover.garage_door"] if ended == "ran" else [])


@pytest.mark.attack
async def test_a_timer_remembered_without_a_command_does_not_cover_one_with_a_command(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Named in "Also confirm these tools", a timer without a command acts on nothing and can be
    remembered; the same tool with a command (Home Assistant later runs it with every exposed
    entity) cannot be followed, so it asks."""
    satellite = timer_satellite(hass, "garage")
    context = replace(satellite, context=Context(user_id=hass_admin_user.id))
    entry = await _hub(hass)
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), context)
    timer = _listed(instance, "HassStartTimer")
    hass.config_entries.async_update_entry(
        entry, options={**entry.options, const.CONF_CONFIRM_TOOLS: [timer]}
    )
    assert await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    client = await hass_ws_client(hass)

    async def call(**args: Any) -> llm.ToolResult:
        instance = await llm.async_get_api(hass, hubs.hub_id(entry), context)
        return await instance.async_call_tool(llm.ToolInput(timer, args))

    asked = await call(minutes=5)
    [approval] = (await _listing(client))["approvals"]
    await _approve(client, asked, remember=5)
    again = await call(minutes=10)
    command = await call(minutes=5, conversation_command="open the garage door")

    assert approval["remember_choices"] == [5, 15, 30]
    assert approval["targets"] == []
    assert (_ended(again), _ended(command)) == ("ran", "asks")
