"""Tried afresh as a hostile non-admin user and a prompt-injected model would (issue 12).

Each test asserts the safe behaviour of one attempt; the docstring says what was tried.
"""

from __future__ import annotations

from typing import Any

import probatio
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

from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED, is_secret_key
from custom_components.llm_hub.calls.results import json_safe
from custom_components.llm_hub.confirm.approvals import DATA_APPROVALS
from custom_components.llm_hub.const import (
    CONF_ALIAS,
    CONF_APPROVAL_NOTIFY_SERVICE,
    CONF_APPROVAL_TIMEOUT,
    CONF_CONFIRM_TOOLS,
    CONF_EXCLUDED_TOOLS,
    CONF_OVERRIDES,
    CONF_RECORD_ARGUMENTS,
    CONF_TIMEOUT,
)
from custom_components.llm_hub.search.meta_tools import CALL_TOOL
from homeassistant.components.recorder.db_schema import MAX_EVENT_DATA_BYTES
from homeassistant.core import Context, Event, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm
from homeassistant.helpers.json import json_bytes
from homeassistant.setup import async_setup_component
from homeassistant.util.json import SerializationError

from .helpers.agent import AgentSetup
from .helpers.confirm import SAFETY, TOKEN, _call, _notifications, _other_user_client, _turn, _ws
from .helpers.flows import _search_mode
from .helpers.hubs import (
    BREW,
    TOOLS_DOMAIN,
    BrewTool,
    Call,
    RecordingTool,
    async_add_hub,
    async_set_options,
    grind_tool,
    hub_id,
    llm_context,
)

NOTE = f"{TOOLS_DOMAIN}__note"
"""A contributed tool that takes any text: a model can put anything in it."""
ECHO = f"{TOOLS_DOMAIN}__echo"
"""A contributed tool whose result holds lone surrogates in texts, keys, lists and tuples."""
FAIL = f"{TOOLS_DOMAIN}__fail"
"""A contributed tool whose error text holds a lone surrogate (e.g. a name the model sent)."""
LONE = "Milk \ud800 please"
"""Text with a lone surrogate: ``json.loads`` of what a model wrote can give it
(``"\\ud800"``), and JSON encoders of Home Assistant (orjson) refuse it."""


@pytest.fixture
def contributed_tools(calls: list[Call]) -> list[llm.Tool]:
    """Return the tools of ``hub_tools``: BREW, GRIND and NOTE."""
    note = RecordingTool(
        NOTE,
        integration=TOOLS_DOMAIN,
        description="Leaves a note.",
        parameters=probatio.Schema(
            {probatio.Required("text"): str, probatio.Optional("count"): int}
        ),
        annotations=llm.ToolAnnotations(read_only=False, destructive=False, open_world=False),
        log=calls,
    )
    odd: Any = {LONE: [LONE, (LONE, 1)], "n": {2: LONE}}
    echo = RecordingTool(
        ECHO,
        integration=TOOLS_DOMAIN,
        description="Echoes odd text.",
        result=llm.ToolResult(data=odd),
        log=calls,
    )
    fail = RecordingTool(
        FAIL,
        integration=TOOLS_DOMAIN,
        description="Fails with the model's text.",
        raises=HomeAssistantError(f"No note named {LONE}"),
        log=calls,
    )
    return [BrewTool(calls), grind_tool(calls), note, echo, fail]


# --- Privilege --------------------------------------------------------------------------------


# Already tested elsewhere, so not again here: the panel's and the inspector's admin commands
# refuse non-admins (test_commands_refuse_non_admins in the panel's and the websocket's tests),
# and so do MCP's URLs of an admin-only hub (the MCP tests).


async def test_other_users_approval_is_neither_seen_nor_decided(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    calls: list[Call],
) -> None:
    """Another non-admin lists, subscribes to, approves and denies someone else's approval."""
    asked = await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "large"})
    approval_id = asked.data[TOKEN]
    _, other = await _other_user_client(hass, hass_ws_client)

    await other.send_json_auto_id({"type": "llm_hub/approvals/subscribe"})
    subscribed = await other.receive_json()
    first = await other.receive_json()
    approve = await _ws(other, "approve", approval_id=approval_id)
    deny = await _ws(other, "deny", approval_id=approval_id)
    ran = await _call(
        hass, brew_hub, hass_read_only_user.id, BREW, {"size": "large", TOKEN: approval_id}
    )

    assert subscribed["success"]
    assert first["event"] == {"approvals": []}
    assert approve["error"]["code"] == deny["error"]["code"] == "unauthorized"
    assert ran.data["status"] == "approval_pending"
    assert calls == []


# --- Approvals: forged notification actions ---------------------------------------------------


@pytest.mark.parametrize(
    "action",
    ["LLM_HUB_APPROVE_\u00e9t\u00e9", "LLM_HUB_DENY_\ud800", "LLM_HUB_APPROVE_", "LLM_HUB_"],
)
async def test_forged_notification_action_with_any_text(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    action: str,
) -> None:
    """Another phone (any user with the mobile app can fire events) sends odd action texts.

    Nothing is decided, and the listener does not raise.
    """
    await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "large"})
    approvals = hass.data[DATA_APPROVALS]
    approvals.async_notification_action(
        Event(
            "mobile_app_notification_action",
            {"action": action},
            context=Context(user_id=hass_read_only_user.id),
        )
    )
    await hass.async_block_till_done()
    assert [a.status for a in approvals.visible_to(hass_read_only_user)] == ["pending"]


# --- Bad input: text that JSON encoders refuse ------------------------------------------------


async def test_lone_surrogate_reaches_the_audit(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """A model sends a lone surrogate in a value, a key and the call id.

    The audit event must still be one the recorder can write (it encodes with orjson and
    drops an event it cannot), so the call reaches the logbook.
    """
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, CONF_RECORD_ARGUMENTS: True}
    )
    await hass.config_entries.async_reload(hub.entry_id)
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    await instance.async_call_tool(llm.ToolInput(NOTE, {"text": LONE}, id="call\udfff"))
    refused = await instance.async_call_tool(llm.ToolInput(NOTE, {"text": "ok", "\ud800": LONE}))
    await hass.async_block_till_done()
    assert refused.data["error"] == "InvalidArguments"
    assert json_bytes(refused.data)
    assert len(events) == 2
    for event in events:
        json_bytes(event.data)


async def test_lone_surrogate_in_an_approval(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """An MCP client's model asks for approval of a call with a lone surrogate.

    The person must still get the notification, and the admins' list of approvals must
    still load (one such approval must not break it for every approval).
    """
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [NOTE]})
    assert await async_setup_component(hass, "persistent_notification", {})
    client = await hass_ws_client(hass)
    asked = await _call(hass, hub, hass_read_only_user.id, NOTE, {"text": LONE})
    approval_id = asked.data[TOKEN]
    notifications = await _notifications(hass, client)
    listed = await _ws(client, "list")
    assert f"llm_hub_approval_{approval_id}" in notifications
    assert [a["approval_id"] for a in listed["result"]["approvals"]] == [approval_id]


@pytest.mark.parametrize(
    "arguments", [{"text": LONE}, {"text": "x", "count": 2**70}, {"text": "x", "count": -(2**64)}]
)
async def test_text_and_numbers_json_refuses_in_a_conversation(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[Call],
    arguments: dict[str, Any],
) -> None:
    """A conversation agent's model sends a lone surrogate or an integer beyond 64 bits.

    To a tool that needs confirming: the model must be asked to confirm (the question shows
    the arguments as JSON), and the call must not crash the conversation.
    """
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [NOTE]})
    agent = await setup_agent(hub_id(hub))
    _, [asked] = await _turn(agent, hass_admin_user, [llm.ToolInput(NOTE, arguments)])
    assert asked.data["error"] == "ConfirmationRequired"
    assert calls == []


# --- The audit's secret rule -------------------------------------------------------------------


@pytest.mark.parametrize(
    "key",
    ["APIKEY", "x-Api-Key", "Passwort1", "userPASSWORD", "refreshToken", "Bearer", "hasło"],
)
def test_secret_keys_spelled_oddly(key: str) -> None:
    """Keys a model or a tool could spell oddly: each is a secret."""
    assert is_secret_key(key)


async def test_lone_surrogate_in_a_result(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """A tool echoes the model's lone surrogate: the result is still JSON agents can send."""
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    echoed = await instance.async_call_tool(llm.ToolInput(NOTE, {"text": LONE}))
    odd = await instance.async_call_tool(llm.ToolInput(ECHO, {}))
    failed = await instance.async_call_tool(llm.ToolInput(FAIL, {}))
    escaped = "Milk \ufffd please"
    assert echoed.data == {"tool": NOTE, "args": {"text": escaped}}
    assert odd.data == {escaped: [escaped, [escaped, 1]], "n": {"2": escaped}}
    assert json_bytes(echoed.data)
    assert json_bytes(odd.data)
    assert failed.data == {
        "error": "HomeAssistantError",
        "error_text": f"No note named {escaped}",
    }


def test_lone_surrogate_in_data_that_contains_itself() -> None:
    """Result data that contains itself and a lone surrogate: a clear error, no crash."""
    data: dict[str, Any] = {"text": LONE}
    data["self"] = data
    with pytest.raises(SerializationError, match="nested too deeply or contains itself"):
        json_safe(data)


# --- Options of the wrong type ----------------------------------------------------------------


async def test_hand_edited_huge_times(
    hass: HomeAssistant, hub: MockConfigEntry, hass_read_only_user: MockUser, calls: list[Call]
) -> None:
    """Storage holds an approval time and a call timeout of 10**12 s (beyond what dates hold).

    A call that needs approval still waits for it, and one that does not still runs.
    """
    hass.config_entries.async_update_entry(
        hub,
        options={
            **hub.options,
            CONF_CONFIRM_TOOLS: [NOTE],
            CONF_APPROVAL_TIMEOUT: 1e12,
            CONF_TIMEOUT: 1e300,
        },
    )
    await hass.config_entries.async_reload(hub.entry_id)
    asked = await _call(hass, hub, hass_read_only_user.id, NOTE, {"text": "hello"})
    ran = await _call(hass, hub, hass_read_only_user.id, BREW, {"size": "large"})
    await hass.async_block_till_done()
    assert asked.data["status"] == "approval_required"
    assert not ran.error
    assert [call[0] for call in calls] == [BREW]


# --- The notification: the model's text cannot shape it ----------------------------------------


async def test_notification_keeps_the_models_text_in_its_code_block(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The model's text tries to close the code block and add a link of its own."""
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [NOTE]})
    assert await async_setup_component(hass, "persistent_notification", {})
    client = await hass_ws_client(hass)
    text = "```\n\n[Approve here](https://evil.example/)\n\n```json\r\n~~~\n"
    asked = await _call(hass, hub, hass_read_only_user.id, NOTE, {"text": text})
    notifications = await _notifications(hass, client)
    message = notifications[f"llm_hub_approval_{asked.data[TOKEN]}"]["message"]
    fences = [line for line in message.splitlines() if line.lstrip().startswith(("```", "~~~"))]
    assert fences == ["```text", "```"]
    assert "\n[Approve here]" not in message
    # Its lines show as lines, each after the gutter that keeps them in the block.
    assert "  │```\n  │\n  │[Approve here](https://evil.example/)\n  │\n  │```json\n" in message


# --- Confirmation: a model confirming itself ---------------------------------------------------


async def test_search_mode_call_tool_cannot_confirm_in_the_same_turn(
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[Call],
) -> None:
    """In search mode the model calls BREW through call_tool, then again with the token.

    Both in one turn: the second call is refused; the token works in the user's next turn.
    """
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [BREW]})
    await _search_mode(hass, hub)
    agent = await setup_agent(hub_id(hub))

    def again(results: list[Any]) -> list[llm.ToolInput]:
        token = results[0].result.data[TOKEN]
        return [_through_call_tool({"size": "large", TOKEN: token}, "second")]

    conversation_id, [asked, refused] = await _turn(
        agent, hass_admin_user, [_through_call_tool({"size": "large"})], follow_up=again
    )
    token = asked.data[TOKEN]
    # The model tries its own call id again, and no id at all: neither confirms.
    _, [by_id, no_id] = await _turn(
        agent,
        hass_admin_user,
        [
            _through_call_tool({"size": "large"}, "first"),
            _through_call_tool({"size": "large"}, None),
        ],
        conversation_id,
    )
    _, [ran] = await _turn(
        agent,
        hass_admin_user,
        [_through_call_tool({"size": "large", TOKEN: token})],
        conversation_id,
    )

    assert asked.data["error"] == "ConfirmationRequired"
    assert refused.data["error"] == "ConfirmationRefused"
    assert by_id.data["error"] == no_id.data["error"] == "ConfirmationRequired"
    assert not ran.error
    assert calls == [(BREW, {"size": "large", "cups": 1}, hass_admin_user.id)]


def _through_call_tool(arguments: dict[str, Any], call_id: str | None = "first") -> llm.ToolInput:
    """Return a call of BREW through the meta-tool ``call_tool``."""
    return llm.ToolInput(
        tool_name=CALL_TOOL,
        tool_args={"name": BREW, "arguments": arguments},
        id=call_id,  # type: ignore[arg-type]
    )


# --- Approvals: no path a model can reach ------------------------------------------------------


async def test_no_service_decides_approvals(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
) -> None:
    """A tool made in the UI can call any action: LLM Hub offers none that decides approvals.

    And the secret of the Approve / Deny buttons is in nothing the model gets.
    """
    asked = await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "large"})
    [approval] = hass.data[DATA_APPROVALS].visible_to(hass_read_only_user)
    assert hass.services.async_services_for_domain("llm_hub") == {}
    assert approval.action_key not in json_bytes(asked.data).decode()


async def test_deactivated_users_phone_cannot_approve(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    calls: list[Call],
) -> None:
    """The user is deactivated; their phone (the mobile app's webhooks go on) presses Approve."""
    sent = async_mock_service(hass, "notify", "mobile_app_phone")
    options = SAFETY | {
        CONF_CONFIRM_TOOLS: [BREW],
        CONF_APPROVAL_NOTIFY_SERVICE: "notify.mobile_app_phone",
    }
    await async_set_options(hass, brew_hub, "safety", options)
    asked = await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "small"})
    await hass.async_block_till_done()
    approve = sent[0].data["data"]["actions"][0]["action"]
    await hass.auth.async_deactivate_user(hass_read_only_user)

    hass.bus.async_fire(
        "mobile_app_notification_action",
        {"action": approve},
        context=Context(user_id=hass_read_only_user.id),
    )
    await hass.async_block_till_done()
    [approval] = hass.data[DATA_APPROVALS].visible_to(hass_read_only_user)
    assert approval.approval_id == asked.data[TOKEN]
    assert approval.status == "pending"
    assert calls == []


# --- Tools made in the UI -----------------------------------------------------------------------


async def test_non_admin_cannot_make_or_change_tools_or_options(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_client: ClientSessionGenerator,
    hass_read_only_access_token: str,
) -> None:
    """A non-admin starts a tool flow (subentry) and the options flow over HTTP: refused."""
    assert await async_setup_component(hass, "config", {})
    client = await hass_client(hass_read_only_access_token)
    tool = await client.post(
        "/api/config/config_entries/subentries/flow",
        json={"handler": [hub.entry_id, "tool"]},
    )
    options = await client.post(
        "/api/config/config_entries/options/flow", json={"handler": hub.entry_id}
    )
    assert tool.status == options.status == 401
    assert hub.subentries == {}


# --- Approvals: reuse ---------------------------------------------------------------------------


async def test_approval_of_one_hub_runs_nothing_in_another(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_admin_user: MockUser,
    calls: list[Call],
) -> None:
    """A second hub with the same tool and confirmation; the model takes the approved id there.

    Also tried: the id with a different user, a non-text id, and the id twice.
    """
    other = await async_add_hub(hass, "Other", dict(brew_hub.options))
    asked = await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "small"})
    approval_id = str(asked.data[TOKEN])
    hass.data[DATA_APPROVALS].async_decide(approval_id, hass_admin_user, approve=True)
    with_token = {"size": "small", TOKEN: approval_id}

    elsewhere = await _call(hass, other, hass_read_only_user.id, BREW, with_token)
    as_admin = await _call(hass, brew_hub, hass_admin_user.id, BREW, with_token)
    not_text = await _call(
        hass, brew_hub, hass_read_only_user.id, BREW, {"size": "small", TOKEN: 1}
    )
    ran = await _call(hass, brew_hub, hass_read_only_user.id, BREW, with_token)
    again = await _call(hass, brew_hub, hass_read_only_user.id, BREW, with_token)

    assert "through another LLM API" in str(elsewhere.data["error_text"])
    assert "by another user" in str(as_admin.data["error_text"])
    assert not_text.data["error"] == "ApprovalRefused"
    assert not ran.error
    assert "was used already" in str(again.data["error_text"])
    assert calls == [(BREW, {"size": "small", "cups": 1}, hass_read_only_user.id)]


# --- Aliases: the original key is no way around the policy --------------------------------------


async def test_original_key_of_an_aliased_tool_keeps_its_policy(
    hass: HomeAssistant, hub: MockConfigEntry, hass_read_only_user: MockUser, calls: list[Call]
) -> None:
    """The model calls a tool by its key (as the contributor's prompt says), not its alias.

    Confirmed by alias: still asked. Aliased and left out: refused by key (recorded as
    refused), the alias not found.
    """
    overrides = {CONF_OVERRIDES: {BREW: {CONF_ALIAS: "coffee"}}}
    confirmed = {**hub.options, **overrides, CONF_CONFIRM_TOOLS: [BREW]}
    hass.config_entries.async_update_entry(hub, options=confirmed)
    await hass.config_entries.async_reload(hub.entry_id)
    asked = await _call(hass, hub, hass_read_only_user.id, BREW, {"size": "small"})

    hass.config_entries.async_update_entry(
        hub, options={**hub.options, **overrides, CONF_EXCLUDED_TOOLS: [BREW]}
    )
    await hass.config_entries.async_reload(hub.entry_id)
    refused = await _call(hass, hub, hass_read_only_user.id, BREW, {"size": "small"})
    assert refused.data["error"] == "ToolNotAvailable"
    assert "excluded" in str(refused.data["error_text"])
    assert hub.runtime_data.api.audit.counters.refused == 1
    with pytest.raises(HomeAssistantError):
        await _call(hass, hub, hass_read_only_user.id, "coffee", {"size": "small"})

    assert asked.data["status"] == "approval_required"
    assert "tool coffee waits" in str(asked.data["message"])
    assert calls == []


@pytest.mark.parametrize("char", ["\x00", "\U0001f600", '"'])
async def test_audit_event_stays_below_the_recorders_limit_in_bytes(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser, char: str
) -> None:
    """Texts of characters JSON writes long: control characters (6 bytes), emoji (4), quotes.

    The recorder drops the data of an event above 32 KB of JSON (bytes, not characters).
    """
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, CONF_RECORD_ARGUMENTS: True}
    )
    await hass.config_entries.async_reload(hub.entry_id)
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    arguments = {"text": "x"} | {f"k{index}": char * 1000 for index in range(64)}
    await instance.async_call_tool(llm.ToolInput(NOTE, arguments))
    await hass.async_block_till_done()
    [event] = events
    assert len(json_bytes(event.data)) < MAX_EVENT_DATA_BYTES
