"""Shadow mode: a hub's confirmation settings stop no call; what they would have done is kept.

Hubs get their options through the real options flow (or stored, for hand edits); calls come
as a model makes them: through the API instance Home Assistant's llm helper returns, a
conversation agent, a real MCP client and the websocket's test bench. The record is read
where people read it: the ``llm_hub_tool_called`` event and the panel's websocket command.
"""

from __future__ import annotations

from datetime import datetime, timedelta
import json
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
    async_mock_service,
)
from pytest_homeassistant_custom_component.typing import (
    ClientSessionGenerator,
    WebSocketGenerator,
)

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED, SHADOWED_CALLS
from custom_components.llm_hub.compose import builder
from custom_components.llm_hub.compose.policy import ASK_INNER, ASK_INTENT, ASK_NAMED
from custom_components.llm_hub.confirm.approvals import DATA_APPROVALS
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, Event, HomeAssistant, ServiceCall
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from ..helpers.agent import AgentSetup
from ..helpers.attacks import LOCKS, NOT_THE_DOOR, call_hub, listed
from ..helpers.confirm import SAFETY, TOKEN, _turn, the_approval
from ..helpers.flows import ASSIST, _suggested
from ..helpers.hubs import async_add_hub, async_set_options, hub_id, hub_issues, llm_context
from ..helpers.mcp import _text, async_hub_url, mcp_session
from ..helpers.translations import TRANSLATIONS

FRONT_DOOR = {"name": "Front door"}
"""What a model names to unlock the front door with ``HassTurnOff``."""
SHOWN = "Front door (lock.front_door)"
"""The front door as an approval names it."""
SHADOW_LOCKS = {**LOCKS, const.CONF_SHADOW_MODE: True}
"""A hub that always asks before acting on a lock, in shadow mode (stored: no time)."""


async def _shadow_hub(hass: HomeAssistant, title: str = "Home", **safety: Any) -> MockConfigEntry:
    """Add a hub over Assist that asks before locks, shadow mode turned on in Safety."""
    hub = await async_add_hub(hass, title, ASSIST)
    await async_set_options(
        hass,
        hub,
        "safety",
        SAFETY | {const.CONF_ASK_DOMAINS: ["lock"], const.CONF_SHADOW_MODE: True} | safety,
    )
    return hub


async def _shadowed(client: Any) -> list[dict[str, Any]]:
    """Return the hubs in shadow mode as the panel gets them (``llm_hub/shadow/list``)."""
    await client.send_json_auto_id({"type": "llm_hub/shadow/list"})
    response = await client.receive_json()
    assert response["success"], response
    hubs: list[dict[str, Any]] = response["result"]["hubs"]
    return hubs


def _shadow(events: list[Event[Any]]) -> list[tuple[str, str | None, str | None]]:
    """Return (outcome, shadow, shadow_reason) of each recorded call."""
    return [
        (event.data["outcome"], event.data.get("shadow"), event.data.get("shadow_reason"))
        for event in events
    ]


async def test_shadow_mode_runs_what_would_ask_and_records_it(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Turned on in Safety: unlocking the front door runs, nobody is asked; the event and the
    panel say it would have asked, why and on what; a light was never asked about. Turned
    off again, the same call waits for approval and the panel lists the hub no more."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await _shadow_hub(hass)
    assert hub.options[const.CONF_SHADOW_MODE] is True
    since = datetime.fromisoformat(hub.options[const.CONF_SHADOW_SINCE])
    assert since == dt_util.utcnow()
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    client = await hass_ws_client(hass)

    unlocked = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR, llm_context(hass_admin_user.id))
    lit = await call_hub(hass, hub, "HassTurnOn", {"name": "Hall light"})
    (shown,) = await _shadowed(client)

    assert unlocked[0] == "ran", unlocked
    assert lit[0] == "ran", lit
    assert len(effect_home["lock.unlock"]) == 1
    assert not hass.data[DATA_APPROVALS]._approvals
    assert _shadow(events) == [("ok", "ask", ASK_INTENT), ("ok", None, None)]
    assert shown["name"] == "Home"
    assert shown["since"] == since.isoformat()
    (call,) = shown["calls"]
    assert call["tool_name"].endswith("HassTurnOff")
    assert (call["user_id"], call["user_name"]) == (hass_admin_user.id, hass_admin_user.name)
    assert (call["would"], call["reason"], call["reason_key"]) == ("ask", ASK_INTENT, "ask_intent")
    assert (call["targets"], call["targets_more"], call["targets_unmatched"]) == ([SHOWN], 0, None)
    assert call["time"] == dt_util.utcnow().isoformat()

    freezer.tick(timedelta(minutes=5))
    options = await async_set_options(
        hass, hub, "safety", SAFETY | {const.CONF_ASK_DOMAINS: ["lock"]}
    )
    again = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR)

    assert const.CONF_SHADOW_SINCE not in options
    assert options[const.CONF_SHADOW_MODE] is False
    assert again[0] == "asks", again
    assert len(effect_home["lock.unlock"]) == 1
    assert await _shadowed(client) == []


async def test_shadow_mode_keeps_its_start_while_other_options_change(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]], freezer: FrozenDateTimeFactory
) -> None:
    """Saving Safety again with shadow mode still on keeps when it was turned on."""
    hub = await _shadow_hub(hass)
    since = hub.options[const.CONF_SHADOW_SINCE]
    freezer.tick(timedelta(days=2))

    options = await _set_safety(hass, hub, **{const.CONF_TIMEOUT: 30})

    assert options[const.CONF_SHADOW_SINCE] == since


async def _set_safety(hass: HomeAssistant, hub: MockConfigEntry, **changes: Any) -> dict[str, Any]:
    """Submit Safety with shadow mode on and locks asked about, and ``changes``."""
    return await async_set_options(
        hass,
        hub,
        "safety",
        SAFETY | {const.CONF_ASK_DOMAINS: ["lock"], const.CONF_SHADOW_MODE: True} | changes,
    )


async def test_shadow_mode_in_a_conversation_runs_without_a_token(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
) -> None:
    """A conversation agent unlocks the front door: it runs at once, no token is handed out,
    and the event says the hub would have asked."""
    hub = await _shadow_hub(hass)
    agent = await setup_agent(hub_id(hub))
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    name = listed(instance, "HassTurnOff").name

    _, (result,) = await _turn(agent, hass_admin_user, [llm.ToolInput(name, FRONT_DOOR)])

    assert not result.error, result
    assert TOKEN not in json.dumps(result.data)
    assert len(effect_home["lock.unlock"]) == 1
    assert _shadow(events) == [("ok", "ask", ASK_INTENT)]
    assert events[0].data["platform"] == "hub_agent"


async def test_shadow_mode_over_mcp_runs_what_would_be_refused(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_client_no_auth: ClientSessionGenerator,
    hass_access_token: str,
) -> None:
    """With "Confirmation without a conversation: Refuse", an MCP client's unlock runs and
    the event says it would have been refused."""
    hub = await _shadow_hub(hass, **{const.CONF_CONFIRM_WITHOUT_CONVERSATION: const.CONFIRM_REFUSE})
    url = await async_hub_url(hass, hub, hass_client_no_auth, require_admin=False)
    events = async_capture_events(hass, EVENT_TOOL_CALLED)

    async with mcp_session(url, hass_access_token) as session:
        tools = (await session.list_tools()).tools
        turn_off = next(tool for tool in tools if tool.name.endswith("HassTurnOff"))
        result = await session.call_tool(turn_off.name, FRONT_DOOR)

    assert not result.isError, _text(result)
    assert len(effect_home["lock.unlock"]) == 1
    assert _shadow(events) == [("ok", "refuse", ASK_INTENT)]
    assert events[0].data["platform"] == const.MCP_SERVER_PLATFORM


async def test_shadow_mode_on_the_test_bench(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The panel's test bench runs a call that would ask; the panel's record names it."""
    hub = await _shadow_hub(hass)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    client = await hass_ws_client(hass)

    await client.send_json_auto_id(
        {
            "type": "llm_hub/tool/call",
            "api_id": hub_id(hub),
            "tool_name": listed(instance, "HassTurnOff").name,
            "tool_args": FRONT_DOOR,
        }
    )
    response = await client.receive_json()
    (shown,) = await _shadowed(client)

    assert response["result"]["outcome"] == "ok", response
    assert len(effect_home["lock.unlock"]) == 1
    assert [(call["would"], call["targets"]) for call in shown["calls"]] == [("ask", [SHOWN])]


async def test_shadow_list_is_for_administrators(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
    hass_read_only_access_token: str,
) -> None:
    """A user who is no administrator gets no hub's record."""
    await _shadow_hub(hass)
    client = await hass_ws_client(hass, hass_read_only_access_token)

    await client.send_json_auto_id({"type": "llm_hub/shadow/list"})
    response = await client.receive_json()

    assert not response["success"]
    assert response["error"]["code"] == "unauthorized"


async def test_shadow_record_keeps_the_newest_calls(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Past its bound, the record drops the oldest calls; the newest comes first; a tool named
    in "Also confirm these tools" is recorded with that reason."""
    hub = await _shadow_hub(hass)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    clock = listed(instance, "GetDateTime").name
    await _set_safety(hass, hub, **{const.CONF_CONFIRM_TOOLS: [clock]})
    client = await hass_ws_client(hass)

    for _ in range(SHADOWED_CALLS):
        await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR)
    await call_hub(hass, hub, clock, {})
    (shown,) = await _shadowed(client)

    assert len(shown["calls"]) == SHADOWED_CALLS
    assert (shown["calls"][0]["reason"], shown["calls"][0]["targets"]) == (ASK_NAMED.reason, [])
    assert shown["calls"][1]["reason"] == ASK_INTENT


# --- Attacks: what shadow mode must not open ------------------------------------------------


@pytest.mark.attack
async def test_an_inner_hub_that_asks_still_asks_through_an_outer_hub_in_shadow_mode(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
) -> None:
    """The outer hub is in shadow mode, the hub it selects asks before locks: unlocking
    through the outer hub waits for the inner hub's approval; once approved it runs once,
    and the outer hub records nothing (it asked, as it would have)."""
    assert await async_setup_component(hass, "websocket_api", {})
    inner = await async_add_hub(hass, "Inner", LOCKS)
    outer = await async_add_hub(hass, "Outer", {**SHADOW_LOCKS, CONF_LLM_HASS_API: [hub_id(inner)]})
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    client = await hass_ws_client(hass)

    outcome, data = await call_hub(hass, outer, "HassTurnOff", FRONT_DOOR)
    approval = await the_approval(client)
    assert outcome == "asks", data
    assert effect_home["lock.unlock"] == []
    assert (approval["hub_name"], approval["targets"]) == ("Inner", [SHOWN])
    hass.data[DATA_APPROVALS].async_decide(approval["approval_id"], hass_admin_user, approve=True)
    ran = await call_hub(hass, outer, "HassTurnOff", FRONT_DOOR | {TOKEN: data[TOKEN]})
    again = await call_hub(hass, outer, "HassTurnOff", FRONT_DOOR | {TOKEN: data[TOKEN]})

    assert ran[0] == "ran", ran
    assert again[0] == "ApprovalRefused", again
    assert len(effect_home["lock.unlock"]) == 1
    assert len(events) == 4  # asked; ran (the inner hub's call, then the outer's); refused
    assert [event.data.get("shadow") for event in events] == [None] * 4
    (shown,) = await _shadowed(client)
    assert shown["calls"] == []


@pytest.mark.attack
async def test_outer_refuse_set_aside_the_inner_hubs_approval_still_holds(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
) -> None:
    """The outer hub in shadow mode refuses without a conversation, the inner hub asks for
    approval: the call waits for the inner hub's approval instead of being refused, runs once
    approved, and the outer hub records that it would have refused it."""
    assert await async_setup_component(hass, "websocket_api", {})
    inner = await async_add_hub(hass, "Inner", LOCKS)
    outer = await async_add_hub(
        hass,
        "Outer",
        {
            **SHADOW_LOCKS,
            CONF_LLM_HASS_API: [hub_id(inner)],
            const.CONF_CONFIRM_WITHOUT_CONVERSATION: const.CONFIRM_REFUSE,
        },
    )
    client = await hass_ws_client(hass)

    outcome, data = await call_hub(hass, outer, "HassTurnOff", FRONT_DOOR)
    assert outcome == "asks", data
    assert effect_home["lock.unlock"] == []
    approval = await the_approval(client)
    hass.data[DATA_APPROVALS].async_decide(approval["approval_id"], hass_admin_user, approve=True)
    ran = await call_hub(hass, outer, "HassTurnOff", FRONT_DOOR | {TOKEN: data[TOKEN]})
    (shown,) = await _shadowed(client)

    assert ran[0] == "ran", ran
    assert len(effect_home["lock.unlock"]) == 1
    assert [(call["would"], call["reason"]) for call in shown["calls"]] == [("refuse", ASK_INNER)]


@pytest.mark.attack
async def test_an_outer_hub_asks_for_an_inner_hub_in_shadow_mode(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The inner hub is in shadow mode: a hub selecting it still asks by its own settings,
    and one without settings of its own runs the call (the inner hub's are set aside); the
    inner hub records only the call made to it directly."""
    assert await async_setup_component(hass, "websocket_api", {})
    inner = await async_add_hub(hass, "Inner", SHADOW_LOCKS)
    asking = await async_add_hub(hass, "Asking", {**LOCKS, CONF_LLM_HASS_API: [hub_id(inner)]})
    plain = await async_add_hub(hass, "Plain", {CONF_LLM_HASS_API: [hub_id(inner)]})
    client = await hass_ws_client(hass)

    asked = await call_hub(hass, asking, "HassTurnOff", FRONT_DOOR)
    approval = await the_approval(client)
    ran = await call_hub(hass, plain, "HassTurnOff", FRONT_DOOR)
    through = await _shadowed(client)
    direct = await call_hub(hass, inner, "HassTurnOff", FRONT_DOOR)

    assert asked[0] == "asks", asked
    assert approval["hub_name"] == "Asking"
    assert ran[0] == "ran", ran
    assert direct[0] == "ran", direct
    assert len(effect_home["lock.unlock"]) == 2
    # The selected hub records the calls made to it directly, not those through the others.
    assert [(hub["name"], len(hub["calls"])) for hub in through] == [("Inner", 0)]
    assert [len(hub["calls"]) for hub in await _shadowed(client)] == [1]


@pytest.mark.attack
async def test_search_mode_call_tool_in_shadow_mode(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
) -> None:
    """In search mode, ``call_tool`` of the unlock runs and is recorded by the tool's name;
    through a hub in shadow mode selecting one that asks, ``call_tool`` waits."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await async_add_hub(hass, "Home", {**SHADOW_LOCKS, const.CONF_TOOL_MODE: "search"})
    inner = await async_add_hub(hass, "Inner", LOCKS)
    outer = await async_add_hub(
        hass,
        "Outer",
        {**SHADOW_LOCKS, CONF_LLM_HASS_API: [hub_id(inner)], const.CONF_TOOL_MODE: "search"},
    )
    client = await hass_ws_client(hass)

    ran = await _call_tool(hass, hub, "HassTurnOff", FRONT_DOOR)
    asked = await _call_tool(hass, outer, "HassTurnOff", FRONT_DOOR)
    shown = {row["name"]: row["calls"] for row in await _shadowed(client)}

    assert ran[0] == "ran", ran
    assert asked[0] == "asks", asked
    assert len(effect_home["lock.unlock"]) == 1
    assert [call["tool_name"].split("__")[-1] for call in shown["Home"]] == ["HassTurnOff"]
    assert shown["Outer"] == []


@pytest.mark.attack
async def test_hubs_in_shadow_mode_in_a_chain_a_loop_or_a_diamond_still_ask_for_the_innermost(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
) -> None:
    """Hubs in shadow mode over "Inner", which asks before locks: three deep, two that select
    each other (and Inner), and one that reaches Inner through two such hubs. Unlocking through
    any of them waits for Inner's approval; the door stays locked."""
    shadow = {const.CONF_SHADOW_MODE: True}
    inner = await async_add_hub(hass, "Inner", LOCKS)
    middle = await async_add_hub(
        hass, "Middle", {**SHADOW_LOCKS, CONF_LLM_HASS_API: [hub_id(inner)]}
    )
    outer = await async_add_hub(
        hass, "Outer", {**SHADOW_LOCKS, CONF_LLM_HASS_API: [hub_id(middle)]}
    )
    first = await async_add_hub(hass, "First", SHADOW_LOCKS)
    second = await async_add_hub(
        hass, "Second", {**shadow, CONF_LLM_HASS_API: [hub_id(first), hub_id(inner)]}
    )
    hass.config_entries.async_update_entry(
        first, options={**first.options, CONF_LLM_HASS_API: [hub_id(second)]}
    )
    assert await hass.config_entries.async_reload(first.entry_id)
    left = await async_add_hub(hass, "Left", {**shadow, CONF_LLM_HASS_API: [hub_id(inner)]})
    right = await async_add_hub(hass, "Right", {**shadow, CONF_LLM_HASS_API: [hub_id(inner)]})
    top = await async_add_hub(
        hass, "Top", {**shadow, CONF_LLM_HASS_API: [hub_id(left), hub_id(right)]}
    )

    outcomes = {
        hub.title: (await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR))[0]
        for hub in (outer, first, second, top)
    }

    assert outcomes == dict.fromkeys(("Outer", "First", "Second", "Top"), "asks")
    assert effect_home["lock.unlock"] == []
    hubs = {approval.hub_name for approval in hass.data[DATA_APPROVALS]._approvals.values()}
    assert hubs == {"Inner"}


HALL = {"name": "Hall light"}
"""What a model names to turn off the hall light (within every scope here)."""
DESTRUCTIVE = {const.CONF_CONFIRM_DESTRUCTIVE: True}


async def _scoped_hub(hass: HomeAssistant, through: bool) -> MockConfigEntry:
    """Return a hub in shadow mode that confirms destructive tools and reaches everything but
    the front door: by its own scope, or ``through`` a selected hub's."""
    shadow = {const.CONF_SHADOW_MODE: True, **DESTRUCTIVE}
    if not through:
        return await async_add_hub(hass, "Home", {**NOT_THE_DOOR, **shadow})
    inner = await async_add_hub(hass, "Inner", NOT_THE_DOOR)
    return await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: [hub_id(inner)], **shadow})


@pytest.mark.attack
@pytest.mark.parametrize("through", [False, True], ids=["own_scope", "selected_hubs_scope"])
async def test_shadow_record_names_nothing_outside_the_scope(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
    through: bool,
) -> None:
    """Unlocking the front door, outside the scope, is refused and not listed as a call shadow
    mode let run: neither the panel's record nor any event names the door's id. Turning off
    the hall light, within the scope, runs and is listed, acting on the light."""
    assert await async_setup_component(hass, "websocket_api", {})
    async_mock_service(hass, "light", "turn_off")  # Assist's intent checks it is there
    hub = await _scoped_hub(hass, through)
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    client = await hass_ws_client(hass)

    door = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR)
    hall = await call_hub(hass, hub, "HassTurnOff", HALL)
    shown = await _shadowed(client)

    assert door[0] == "OutOfScope", door
    assert hall[0] == "ran", hall
    assert effect_home["lock.unlock"] == []
    turned_off = effect_home["homeassistant.turn_off"]
    assert [call.data["entity_id"] for call in turned_off] == ["light.hall"]
    ((name, calls),) = [(row["name"], row["calls"]) for row in shown]
    assert name == "Home"
    assert [call["targets"] for call in calls] == [["Hall light (light.hall)"]]
    assert "lock.front_door" not in json.dumps([shown, [event.data for event in events]])
    assert [event.data.get("shadow") for event in events if event.data["api_name"] == "Home"] == [
        None,
        "ask",
    ]


@pytest.mark.attack
async def test_an_approval_names_nothing_outside_the_scope_to_its_user(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
    hass_read_only_user: MockUser,
    hass_read_only_access_token: str,
) -> None:
    """Without shadow mode, the same hub refuses unlocking the front door, outside its scope,
    before anyone is asked: the user who is no administrator has no approval to read, and the
    refusal names what they named, never the door's id."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await async_add_hub(hass, "Home", {**NOT_THE_DOOR, **DESTRUCTIVE})
    client = await hass_ws_client(hass, hass_read_only_access_token)
    context = llm_context(hass_read_only_user.id)

    outcome, data = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR, context)
    await client.send_json_auto_id({"type": "llm_hub/approvals/list"})
    response = await client.receive_json()

    assert outcome == "OutOfScope", data
    assert "(name 'Front door') is outside the scope" in data["error_text"]
    assert response["result"]["approvals"] == []
    assert "lock.front_door" not in json.dumps(data)


async def _call_tool(
    hass: HomeAssistant, hub: MockConfigEntry, tool: str, args: dict[str, Any]
) -> tuple[str, Any]:
    """Call ``tool`` through the meta-tool ``call_tool`` of ``hub``, as a model in search mode."""
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    index = getattr(instance, "search_index", None)
    assert index is not None
    name = next(card.name for card in index.cards if card.name.endswith(tool))
    return await call_hub(hass, hub, "call_tool", {"name": name, "arguments": args})


@pytest.mark.attack
async def test_a_call_without_a_user_in_shadow_mode(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A context without a user (an automation): the call runs and is recorded as nobody's;
    a hub for some users only still refuses it."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await async_add_hub(hass, "Home", SHADOW_LOCKS)
    users_only = await async_add_hub(
        hass, "Users only", {**SHADOW_LOCKS, const.CONF_ADMINS_ONLY: True}
    )
    nobody = llm.LLMContext(
        platform="automation",
        context=Context(),
        language="en",
        assistant=None,  # type: ignore[arg-type]  # what a caller may pass
        device_id=None,
    )
    client = await hass_ws_client(hass)

    ran = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR, nobody)
    refused = await call_hub(hass, users_only, "HassTurnOff", FRONT_DOOR, nobody)
    shown = {row["name"]: row["calls"] for row in await _shadowed(client)}

    assert ran[0] == "ran", ran
    assert refused[0] != "ran", refused
    assert len(effect_home["lock.unlock"]) == 1
    assert [(call["user_id"], call["user_name"]) for call in shown["Home"]] == [(None, None)]
    assert shown["Users only"] == []


@pytest.mark.attack
async def test_shadow_mode_keeps_the_scope(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A hub in shadow mode whose scope leaves the front door out still refuses unlocking it,
    and records nothing: no rule of confirmation let it through."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await async_add_hub(hass, "Home", {**NOT_THE_DOOR, **SHADOW_LOCKS})
    client = await hass_ws_client(hass)

    outcome, data = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR)
    (shown,) = await _shadowed(client)

    assert outcome != "ran", data
    assert effect_home["lock.unlock"] == []
    assert shown["calls"] == []


@pytest.mark.attack
@pytest.mark.parametrize(
    ("options", "expected"),
    [
        pytest.param({const.CONF_READ_ONLY: True}, "not_listed", id="read_only"),
        pytest.param({const.CONF_CALLS_PER_MINUTE: 1}, "LimitReached", id="limit"),
    ],
)
async def test_shadow_mode_keeps_what_leaves_tools_out_and_the_limits(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    options: dict[str, Any],
    expected: str,
) -> None:
    """Read-only tools only: the unlock is not listed and a call of it is refused. A limit of
    one call a minute: the second unlock is refused."""
    hub = await async_add_hub(hass, "Home", {**SHADOW_LOCKS, **options})
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    listed_names = {tool.name.split("__")[-1] for tool in instance.tools}

    first = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR)
    second = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR)

    if expected == "not_listed":
        assert "HassTurnOff" not in listed_names
        assert first[0] != "ran", first
        assert effect_home["lock.unlock"] == []
    else:
        assert first[0] == "ran", first
        assert second[0] == expected, second
        assert len(effect_home["lock.unlock"]) == 1


@pytest.mark.attack
@pytest.mark.parametrize("stored", ["yes", 1, ["on"], {"on": True}])
async def test_shadow_mode_of_the_wrong_type_is_off(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
    stored: Any,
) -> None:
    """Shadow mode stored with the wrong type (a hand edit) is off: the unlock waits for
    approval, the panel lists no hub in shadow mode, and its repair issue says it serves the
    strictest value."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await async_add_hub(hass, "Home", {**LOCKS, const.CONF_SHADOW_MODE: stored})
    client = await hass_ws_client(hass)

    outcome, data = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR)

    assert outcome == "asks", data
    assert effect_home["lock.unlock"] == []
    assert await _shadowed(client) == []
    issue = hub_issues(hass)[f"invalid_option_{hub.entry_id}_{const.CONF_SHADOW_MODE}"]
    assert issue.translation_key == "invalid_safety_option"


@pytest.mark.attack
async def test_shadow_start_of_the_wrong_type_is_replaced_by_the_load_time(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    hass_ws_client: WebSocketGenerator,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Shadow mode on with its start stored as no date: it is on, counted from when the hub
    loaded, which the hub stores as its start (a reload keeps counting from then)."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await async_add_hub(
        hass, "Home", {**SHADOW_LOCKS, const.CONF_SHADOW_SINCE: "2026-13-40T00:00:00+00:00"}
    )
    client = await hass_ws_client(hass)

    outcome, data = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR)
    (shown,) = await _shadowed(client)

    assert outcome == "ran", data
    assert shown["since"] == dt_util.utcnow().isoformat()
    assert hub.options[const.CONF_SHADOW_SINCE] == dt_util.utcnow().isoformat()
    assert f"invalid_option_{hub.entry_id}_{const.CONF_SHADOW_SINCE}" not in hub_issues(hass)


async def test_shadow_gates_past_their_bound_still_record(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    monkeypatch: pytest.MonkeyPatch,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Gates kept between builds are dropped past the bound; each call is recorded all the
    same."""
    monkeypatch.setattr(builder, "_MAX_TOOL_GATES", 0)
    hub = await async_add_hub(hass, "Home", SHADOW_LOCKS)
    client = await hass_ws_client(hass)

    for _ in range(2):
        outcome, data = await call_hub(hass, hub, "HassTurnOff", FRONT_DOOR)
        assert outcome == "ran", data
    (shown,) = await _shadowed(client)

    assert [call["would"] for call in shown["calls"]] == ["ask", "ask"]
    assert len(effect_home["lock.unlock"]) == 2


async def test_the_options_say_when_shadow_mode_is_on(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """In shadow mode, the menu warns and the Safety step says so, its switch shown on;
    without it, neither says anything."""
    on = TRANSLATIONS["options"]["error"]["shadow_mode_on"]
    plain = await async_add_hub(hass, "Plain", LOCKS)
    hub = await _shadow_hub(hass)

    said = {}
    for entry in (hub, plain):
        menu = await hass.config_entries.options.async_init(entry.entry_id)
        safety = await hass.config_entries.options.async_configure(
            menu["flow_id"], {"next_step_id": "safety"}
        )
        warning = (menu.get("description_placeholders") or {})["warning"]
        shadow = (safety.get("description_placeholders") or {})["shadow"]
        said[entry.title] = (on in warning, shadow, _suggested(safety, const.CONF_SHADOW_MODE))

    assert said == {"Home": (True, on, True), "Plain": (False, "", False)}
