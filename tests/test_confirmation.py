"""Confirmation of risky tools with one-time tokens: over MCP, in a conversation, and directly.

The first call of a tool that needs confirming returns a token and runs nothing; a second
call with the token and the same arguments, by the same user in the same conversation,
within five minutes, runs the tool. Anything else is refused with a reason.
"""

from __future__ import annotations

from datetime import timedelta
import json
import logging
from typing import Any
from unittest.mock import patch

from freezegun.api import FrozenDateTimeFactory
import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub.audit import Audit
from custom_components.llm_hub.confirmation import (
    MAX_PENDING,
    Confirmations,
    _Binding,
    declare_token,
    requires_token,
)
from custom_components.llm_hub.const import (
    CONF_CONFIRM_DESTRUCTIVE,
    CONF_CONFIRM_TOOLS,
    CONF_NO_DESTRUCTIVE,
    CONF_NO_OPEN_WORLD,
    CONF_READ_ONLY,
    CONF_TIMEOUT,
)
from custom_components.llm_hub.tool import CandidateTool, ToolCall
from homeassistant.components import conversation
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm

from .common import (
    BREW,
    GRIND,
    Call,
    FixedAPI,
    RecordingTool,
    async_add_hub,
    async_set_options,
    hub_id,
    llm_context,
)
from .test_conversation import AGENT_ENTITY_ID, AgentSetup, setup_agent  # noqa: F401
from .test_mcp import _text, hub_url, mcp_session  # noqa: F401

SAFETY = {
    CONF_READ_ONLY: False,
    CONF_NO_DESTRUCTIVE: False,
    CONF_NO_OPEN_WORLD: False,
    CONF_CONFIRM_DESTRUCTIVE: False,
    CONF_TIMEOUT: 60,
}
TOKEN = "confirmation_token"  # noqa: S105  # the argument's name


async def _confirm_brew(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """Require confirmation for BREW, through the options flow."""
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [BREW]})


def _refusal(reason: str, tool: str = BREW) -> dict[str, Any]:
    return {
        "error": "ConfirmationRefused",
        "error_text": f"The confirmation token for tool {tool} {reason}, so the tool did not "
        f"run. Call {tool} again without confirmation_token to get a new token, and ask the "
        "user again.",
    }


def _asked(data: dict[str, Any], arguments: str, tool: str = BREW) -> str:
    """Assert ``data`` asks for confirmation of ``tool`` with ``arguments``; return the token."""
    token = data[TOKEN]
    assert isinstance(token, str)
    assert len(token) >= 16
    assert data == {
        "error": "ConfirmationRequired",
        "error_text": f"Tool {tool} needs the user's confirmation and did not run. Tell the "
        f"user what it will do (tool {tool} with arguments {arguments}) and ask them to "
        f"confirm. Only if they agree, call {tool} again with the same arguments and "
        f'"confirmation_token": "{token}". The token can be used once, within 5 minutes.',
        TOKEN: token,
    }
    return token


# --- Over MCP --------------------------------------------------------------------------------


async def test_round_trip_over_mcp(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hub_url: str,  # noqa: F811
    hass_access_token: str,
    hass_admin_user: MockUser,
    calls: list[Call],
) -> None:
    """Ask, confirm, run; the token declared in the schema; a used token is refused."""
    await _confirm_brew(hass, hub)

    async with mcp_session(hub_url, hass_access_token) as session:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        first = await session.call_tool(BREW, {"size": "small"})
        token = _asked(json.loads(_text(first)), '{"cups":1,"size":"small"}')
        assert calls == []
        second = await session.call_tool(BREW, {"size": "small", TOKEN: token})
        again = await session.call_tool(BREW, {"size": "small", TOKEN: token})

    assert tools[BREW].inputSchema["properties"][TOKEN]["type"] == "string"
    assert TOKEN not in tools[BREW].inputSchema["required"]
    assert TOKEN not in tools[GRIND].inputSchema["properties"]
    assert first.isError
    assert not second.isError
    assert json.loads(_text(second))["brewed"] == 1
    # The tool ran once, without the token among its arguments.
    assert calls == [(BREW, {"size": "small", "cups": 1}, hass_admin_user.id)]
    assert again.isError
    assert json.loads(_text(again)) == _refusal("is not valid: it was used already or never issued")


# --- In a conversation ----------------------------------------------------------------------


async def _converse(
    hass: HomeAssistant,
    agent: Any,
    user: MockUser,
    tool_args: dict[str, Any],
    conversation_id: str | None = None,
) -> tuple[str, llm.ToolResult]:
    """Let the agent call BREW in a turn; return the conversation id and the tool result."""
    agent.tool_calls = [llm.ToolInput(tool_name=BREW, tool_args=tool_args, id="brew")]
    result = await conversation.async_converse(
        hass, "Coffee", conversation_id, Context(user_id=user.id), agent_id=AGENT_ENTITY_ID
    )
    assert result.conversation_id is not None
    return result.conversation_id, agent.tool_results[0].result


async def test_round_trip_in_a_conversation(  # fixtures
    hass: HomeAssistant,
    setup_agent: AgentSetup,  # noqa: F811
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[Call],
) -> None:
    """The user confirms in the next turn of the same conversation; another one is refused."""
    await _confirm_brew(hass, hub)
    agent = await setup_agent(hub_id(hub))

    conversation_id, asked = await _converse(hass, agent, hass_admin_user, {"size": "large"})
    token = _asked(asked.data, '{"cups":1,"size":"large"}')
    assert asked.error
    # A token asked for in one conversation is refused in another.
    _, elsewhere = await _converse(hass, agent, hass_admin_user, {"size": "large", TOKEN: token})
    assert elsewhere.data == _refusal("was issued in another conversation")

    conversation_id, asked = await _converse(
        hass, agent, hass_admin_user, {"size": "large"}, conversation_id
    )
    token = _asked(asked.data, '{"cups":1,"size":"large"}')
    # The user said yes: the next turn, same conversation, calls with the token.
    same_id, ran = await _converse(
        hass, agent, hass_admin_user, {"size": "large", TOKEN: token}, conversation_id
    )

    assert same_id == conversation_id
    assert ran == llm.ToolResult(data={"brewed": 1, "size": "large", "user_id": hass_admin_user.id})
    assert calls == [(BREW, {"size": "large", "cups": 1}, hass_admin_user.id)]


# --- The rules, through the LLM API as agents call it ----------------------------------------


async def _call(
    hass: HomeAssistant, entry: MockConfigEntry, user_id: str | None, tool: str, args: Any
) -> llm.ToolResult:
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context(user_id))
    return await instance.async_call_tool(llm.ToolInput(tool, args))


@pytest.fixture
async def brew_hub(hass: HomeAssistant, hub: MockConfigEntry) -> MockConfigEntry:
    """Return the Kitchen hub with BREW needing confirmation."""
    await _confirm_brew(hass, hub)
    return hub


async def test_same_call_after_validation(
    hass: HomeAssistant, brew_hub: MockConfigEntry, hass_admin_user: MockUser, calls: list[Call]
) -> None:
    """Arguments that validate alike are the same call: "1" and 1, a default left out."""
    asked = await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "small", "cups": "1"})
    token = asked.data[TOKEN]

    ran = await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "small", TOKEN: token})

    assert not ran.error
    assert calls == [(BREW, {"size": "small", "cups": 1}, hass_admin_user.id)]


@pytest.mark.parametrize(
    ("second", "reason"),
    [
        pytest.param(
            {"size": "large"},
            'was issued for other arguments ({"cups":1,"size":"small"})',
            id="arguments",
        ),
        pytest.param(
            {"size": "small", "cups": 2},
            'was issued for other arguments ({"cups":1,"size":"small"})',
            id="cups",
        ),
    ],
)
async def test_other_arguments_are_refused(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[Call],
    second: dict[str, Any],
    reason: str,
) -> None:
    """A token for other arguments is refused and used up."""
    token = (await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "small"})).data[TOKEN]

    refused = await _call(hass, brew_hub, hass_admin_user.id, BREW, second | {TOKEN: token})
    retried = await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "small", TOKEN: token})

    assert refused.error
    assert refused.data == _refusal(reason)
    assert retried.data == _refusal("is not valid: it was used already or never issued")
    assert calls == []


async def test_other_user_is_refused(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    calls: list[Call],
) -> None:
    """A token asked for by one user is refused to another."""
    token = (await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "small"})).data[TOKEN]

    refused = await _call(
        hass, brew_hub, hass_read_only_user.id, BREW, {"size": "small", TOKEN: token}
    )

    assert refused.data == _refusal("was issued to another user")
    assert calls == []


async def test_expired_token_is_refused(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[Call],
    freezer: FrozenDateTimeFactory,
) -> None:
    """A token is valid for five minutes."""
    args = {"size": "small"}
    token = (await _call(hass, brew_hub, hass_admin_user.id, BREW, args)).data[TOKEN]
    freezer.tick(timedelta(minutes=4, seconds=59))
    in_time = await _call(hass, brew_hub, hass_admin_user.id, BREW, args | {TOKEN: token})
    token = (await _call(hass, brew_hub, hass_admin_user.id, BREW, args)).data[TOKEN]

    freezer.tick(timedelta(minutes=5))
    late = await _call(hass, brew_hub, hass_admin_user.id, BREW, args | {TOKEN: token})

    assert not in_time.error
    assert late.data == _refusal("has expired (a token is valid for 5 minutes)")
    assert len(calls) == 1


async def test_unknown_token_and_other_tool(
    hass: HomeAssistant, brew_hub: MockConfigEntry, hass_admin_user: MockUser, calls: list[Call]
) -> None:
    """A token never issued, and one issued for another tool, are refused."""
    await async_set_options(hass, brew_hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [BREW, GRIND]})
    token = (await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "small"})).data[TOKEN]

    other_tool = await _call(hass, brew_hub, hass_admin_user.id, GRIND, {TOKEN: token})
    unknown = await _call(hass, brew_hub, hass_admin_user.id, GRIND, {TOKEN: "made-up"})
    not_text = await _call(hass, brew_hub, hass_admin_user.id, GRIND, {TOKEN: 42})
    empty = await _call(hass, brew_hub, hass_admin_user.id, GRIND, {TOKEN: ""})

    assert other_tool.data == _refusal(f"was issued for another tool ({BREW})", GRIND)
    never = "is not valid: it was used already or never issued"
    assert unknown.data == _refusal(never, GRIND)
    malformed = "is not a token: give the text the first call returned"
    assert not_text.data == empty.data == _refusal(malformed, GRIND)
    assert calls == []


async def test_invalid_arguments_come_before_the_question(
    hass: HomeAssistant, brew_hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """Arguments that do not validate get the validation error, not a token."""
    result = await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "huge"})

    assert result.error
    assert result.data["error"] == "InvalidArguments"
    assert result.data.keys() == {"error", "error_text"}
    assert len(brew_hub.runtime_data.api.confirmations) == 0


async def test_outcomes_reach_the_audit_hook(
    hass: HomeAssistant, brew_hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """The hub's audit hook hears needs_confirmation, ok and refused."""
    recorded: list[ToolCall] = []
    with patch.object(Audit, "async_record", side_effect=recorded.append, autospec=False):
        token = (await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "small"})).data[
            TOKEN
        ]
        await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "small", TOKEN: token})
        await _call(hass, brew_hub, hass_admin_user.id, BREW, {"size": "small", TOKEN: token})

    assert [call.outcome for call in recorded] == ["needs_confirmation", "ok", "refused"]
    # What the audit sees of the confirmed call: the arguments without the token.
    assert recorded[1].tool_input.tool_args == {"size": "small"}


async def test_confirm_destructive_tools(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """ "Confirm destructive tools" covers tools that may be destructive, not read-only ones.

    GRIND declares nothing (worst case: destructive), BREW declares it is not destructive,
    and Assist's read-only tools are never destructive.
    """
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_DESTRUCTIVE: True})

    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))

    confirming = {tool.name for tool in instance.tools if requires_token(tool.parameters)}
    assert confirming == {GRIND}
    asked = await instance.async_call_tool(llm.ToolInput(GRIND, {}))
    ran = await instance.async_call_tool(llm.ToolInput(GRIND, {TOKEN: asked.data[TOKEN]}))
    assert ran.data == {"error": "HomeAssistantError", "error_text": "The grinder is out of beans"}


async def test_a_tool_whose_own_parameters_use_the_token_name_is_hidden(
    hass: HomeAssistant,
    setup_llm: None,
    hass_ws_client: WebSocketGenerator,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A tool that declares ``confirmation_token`` itself cannot be confirmed: it is hidden,
    with the reason, when it needs confirming, and exposed as it is when it does not.

    The hub takes the token out of the arguments; such a tool would never get its own
    argument, so every confirmed call would fail validation, and it must not run unconfirmed.
    """
    own_token = probatio.Schema({probatio.Required(TOKEN): str})
    door = RecordingTool("open_door", parameters=own_token)
    gate = RecordingTool("open_gate", parameters=own_token)
    llm.async_register_api(hass, FixedAPI(hass, "doors", "Doors", [door, gate]))
    entry = await async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["doors"]})
    await async_set_options(hass, entry, "safety", SAFETY | {CONF_CONFIRM_TOOLS: ["open_door"]})
    client = await hass_ws_client(hass)

    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hub_id(entry)})
    described = {tool["name"]: tool for tool in (await client.receive_json())["result"]["tools"]}
    await client.send_json_auto_id(
        {"type": "llm_hub/tool/call", "api_id": hub_id(entry), "tool_name": "open_door"}
    )
    refused = await client.receive_json()
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    ran = await instance.async_call_tool(llm.ToolInput("open_gate", {TOKEN: "its own"}))

    reason = (
        "needs confirming, but its own parameters use confirmation_token, so it cannot be confirmed"
    )
    assert described["open_door"]["hidden"] == reason
    assert described["open_gate"]["hidden"] is None
    assert refused["error"]["message"] == (
        f"LLM API {hub_id(entry)} has no tool open_door for this request: "
        f"the hub hides it ({reason})"
    )
    assert {tool.name for tool in instance.tools} == {"llm__GetDateTime", "open_gate"}
    assert door.calls == []
    # Built three times (describe, the call, the instance): logged once (the options flow's
    # preview logs at debug level).
    warned = f"LLM Hub Kitchen leaves out the tool open_door: {reason}"
    assert [r.levelno for r in caplog.records if r.getMessage() == warned] == [
        logging.DEBUG,
        logging.WARNING,
    ]
    assert ran.data == {"tool": "open_gate", "args": {TOKEN: "its own"}}

    # Through a hub that does not confirm it, the tool's own argument is still its own.
    outer = await async_add_hub(
        hass, "Outer", {CONF_LLM_HASS_API: [hub_id(entry)], CONF_CONFIRM_TOOLS: ["open_gate"]}
    )
    gathered = (await outer.runtime_data.api.async_get_api_instance(llm_context())).candidates
    assert {item.name: item.hidden for item in gathered}["open_gate"] == reason


# --- Hubs picking hubs -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("inner_confirms", "outer_confirms"),
    [(True, False), (False, True), (True, True)],
    ids=["inner", "outer", "both"],
)
async def test_hub_selecting_a_hub_asks_once(
    hass: HomeAssistant,
    setup_llm: None,
    hass_admin_user: MockUser,
    inner_confirms: bool,
    outer_confirms: bool,
) -> None:
    """Whichever hub requires it, the model is asked once and the tool runs once."""
    tool = RecordingTool("count", parameters=probatio.Schema({"n": int}))
    llm.async_register_api(hass, FixedAPI(hass, "x", "X", [tool]))
    inner = await async_add_hub(
        hass, "Inner", {CONF_LLM_HASS_API: ["x"], CONF_CONFIRM_TOOLS: ["count"] * inner_confirms}
    )
    outer = await async_add_hub(
        hass,
        "Outer",
        {CONF_LLM_HASS_API: [hub_id(inner)], CONF_CONFIRM_TOOLS: ["count"] * outer_confirms},
    )

    asked = await _call(hass, outer, hass_admin_user.id, "count", {"n": 2})
    ran = await _call(hass, outer, hass_admin_user.id, "count", {"n": 2, TOKEN: asked.data[TOKEN]})

    assert asked.data["error"] == "ConfirmationRequired"
    assert ran == llm.ToolResult(data={"tool": "count", "args": {"n": 2}})
    assert [call.tool_args for call in tool.calls] == [{"n": 2}]


# --- The token store and the schema ----------------------------------------------------------


def test_store_forgets_the_oldest_and_expired(freezer: FrozenDateTimeFactory) -> None:
    """At most MAX_PENDING tokens are kept; expired ones go when a new one is issued."""
    store = Confirmations()
    binding = _Binding(tool="t", arguments="{}", user_id=None, conversation_id=None)
    tokens = [store.issue(binding) for _ in range(MAX_PENDING + 1)]

    assert len(store) == MAX_PENDING
    assert store.redeem(tokens[0], binding) == "is not valid: it was used already or never issued"
    assert store.redeem(tokens[-1], binding) is None

    freezer.tick(timedelta(minutes=6))
    store.issue(binding)
    assert len(store) == 1


class Moment:
    """A value a validator may produce that no JSON encoder knows."""

    def __init__(self, value: Any) -> None:
        self.value = str(value)

    def __repr__(self) -> str:
        return f"Moment({self.value})"


async def test_arguments_no_encoder_knows_still_bind(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """Validated values JSON cannot hold bind the token by their repr."""
    tool = RecordingTool(
        "at",
        parameters=probatio.Schema({probatio.Required("when"): probatio.Coerce(Moment)}),
        # Not the echoed arguments: JSON cannot hold a Moment (tests/test_results.py).
        result=llm.ToolResult(data={"ok": True}),
    )
    llm.async_register_api(hass, FixedAPI(hass, "x", "X", [tool]))
    entry = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["x"], CONF_CONFIRM_TOOLS: "at"}
    )

    asked = await _call(hass, entry, hass_admin_user.id, "at", {"when": "noon"})
    other = await _call(
        hass, entry, hass_admin_user.id, "at", {"when": "dusk", TOKEN: asked.data[TOKEN]}
    )
    asked = await _call(hass, entry, hass_admin_user.id, "at", {"when": "noon"})
    ran = await _call(
        hass, entry, hass_admin_user.id, "at", {"when": "noon", TOKEN: asked.data[TOKEN]}
    )

    assert "(tool at with arguments [('when', Moment(noon))])" in str(asked.data["error_text"])
    assert other.data == _refusal("was issued for other arguments ([('when', Moment(noon))])", "at")
    assert not ran.error
    assert [repr(call.tool_args["when"]) for call in tool.calls] == ["Moment(noon)"]


def test_declare_token_hides_what_cannot_declare_it() -> None:
    """A tool that needs confirming but whose parameters cannot take the token is hidden."""
    item = CandidateTool(tool=RecordingTool("t"), source="x", wanted_name="t")
    item.confirm = True
    item.parameters = object()

    reason = declare_token(item)

    assert item.hidden == reason
    assert reason == "needs confirming, but its parameters cannot declare a confirmation token"

    # Declared once, however often it is called; a tool without the mark is left alone.
    item = CandidateTool(tool=RecordingTool("t"), source="x", wanted_name="t")
    item.confirm = True
    item.parameters = probatio.Schema({})
    assert declare_token(item) is None
    declared = item.parameters
    assert declare_token(item) is None
    assert item.parameters is declared
    assert requires_token(declared)
    plain = CandidateTool(tool=RecordingTool("t"), source="x", wanted_name="t")
    plain.parameters = probatio.Schema({})
    declare_token(plain)
    assert not requires_token(plain.parameters)
