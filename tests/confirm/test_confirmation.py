"""Confirmation of risky tools in a conversation: one-time tokens a person must answer.

The first call of a tool that needs confirming returns a token and runs nothing; a call with
the token and the same arguments, by the same user in a *later* turn of the same
conversation, within five minutes, runs the tool. Anything else is refused with a reason.
Callers without a conversation get approvals instead (``tests/test_approvals.py``).
"""

from __future__ import annotations

from datetime import timedelta
import logging
import math
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from hypothesis import given, strategies as st
import probatio
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
)
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from custom_components.llm_hub.compose.candidate import CandidateTool, declare_token, requires_token
from custom_components.llm_hub.confirm.approvals import DATA_APPROVALS, Approval
from custom_components.llm_hub.confirm.gate import MAX_TOKENS_PER_USER, canonical
from homeassistant.components import conversation
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers import hubs
from ..helpers.agent import AgentSetup, HubAgentEntity
from ..helpers.confirm import (
    SAFETY,
    TOKEN,
    _call,
    _confirm_brew,
    _turn,
    async_add_set_hub,
)

NOT_ANSWERED = (
    f"The confirmation token for tool {hubs.BREW} can only be used after the user confirmed, in "
    "their next message: the tool did not run. Ask the user now and end your turn; only if "
    f"they agree, call {hubs.BREW} again with the same arguments and the same token."
)


def _refusal(reason: str, tool: str = hubs.BREW) -> dict[str, Any]:
    return {
        "error": "ConfirmationRefused",
        "error_text": f"The confirmation token for tool {tool} {reason}, so the tool did not "
        f"run. Call {tool} again without confirmation_token to get a new token, and ask the "
        "user again.",
    }


def _asked(result: llm.ToolResult, arguments: str, tool: str = hubs.BREW) -> str:
    """Assert ``result`` asks for confirmation of ``tool`` with ``arguments``; return the token."""
    data = result.data
    token = data[TOKEN]
    assert isinstance(token, str)
    assert len(token) >= 16
    assert result.error
    assert data == {
        "error": "ConfirmationRequired",
        "error_text": f"Tool {tool} needs the user's confirmation and did not run. Tell the "
        f"user what it will do (tool {tool} with arguments {arguments}) and ask them to "
        f"confirm, then end your turn. Only if they agree, call {tool} again with the same "
        f'arguments and "confirmation_token": "{token}". The token can be used once, within '
        "5 minutes, after the user answered.",
        TOKEN: token,
    }
    return token


def _brew(args: dict[str, Any], call_id: str | None = "brew") -> llm.ToolInput:
    return llm.ToolInput(tool_name=hubs.BREW, tool_args=args, id=call_id)  # type: ignore[arg-type]


@pytest.fixture
async def agent(
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
) -> HubAgentEntity:
    """Return the test agent using the Kitchen hub, with BREW needing confirmation."""
    await _confirm_brew(hass, hub)
    return await setup_agent(hubs.hub_id(hub))


def approve(hass: HomeAssistant, asked: llm.ToolResult, user: MockUser) -> Approval:
    """Approve the approval ``asked`` names, as ``user``."""
    assert asked.data["status"] == "approval_required", asked.data
    return hass.data[DATA_APPROVALS].async_decide(str(asked.data[TOKEN]), user, approve=True)


# --- A person answers in a later turn --------------------------------------------------------


async def test_round_trip_in_a_conversation(
    agent: HubAgentEntity, hass_admin_user: MockUser, calls: list[hubs.Call]
) -> None:
    """The user confirms in the next turn of the same conversation; another one is refused."""
    conversation_id, [asked] = await _turn(agent, hass_admin_user, [_brew({"size": "large"})])
    token = _asked(asked, '{"cups":1,"size":"large"}')
    # A token asked for in one conversation is refused in another.
    _, [elsewhere] = await _turn(agent, hass_admin_user, [_brew({"size": "large", TOKEN: token})])
    assert elsewhere.data == _refusal("was issued in another conversation")

    conversation_id, [asked] = await _turn(
        agent, hass_admin_user, [_brew({"size": "large"})], conversation_id
    )
    token = _asked(asked, '{"cups":1,"size":"large"}')
    # The user said yes: the next turn, same conversation, calls with the token.
    same_id, [ran] = await _turn(
        agent, hass_admin_user, [_brew({"size": "large", TOKEN: token})], conversation_id
    )
    _, [again] = await _turn(
        agent, hass_admin_user, [_brew({"size": "large", TOKEN: token})], conversation_id
    )

    assert same_id == conversation_id
    assert ran == llm.ToolResult(data={"brewed": 1, "size": "large", "user_id": hass_admin_user.id})
    assert calls == [(hubs.BREW, {"size": "large", "cups": 1}, hass_admin_user.id)]
    assert again.data == _refusal("is not valid: it was used already or never issued")


def _with_token_of_first(results: list[conversation.ToolResultContent]) -> list[llm.ToolInput]:
    """Call BREW again at once with the token the first result returned (a model's attack)."""
    return [_brew({"size": "small", TOKEN: results[0].result.data[TOKEN]}, "again")]


async def test_the_model_cannot_confirm_in_the_issuing_turn(
    agent: HubAgentEntity, hass_admin_user: MockUser, calls: list[hubs.Call]
) -> None:
    """Call, token, call again with it in the same turn: refused, the tool does not run.

    The token stays valid for the user's answer: in the next turn it runs the tool once.
    """
    conversation_id, [asked, attack] = await _turn(
        agent, hass_admin_user, [_brew({"size": "small"})], follow_up=_with_token_of_first
    )
    token = _asked(asked, '{"cups":1,"size":"small"}')

    assert attack == llm.ToolResult(
        data={"error": "ConfirmationRefused", "error_text": NOT_ANSWERED}, error=True
    )
    assert calls == []

    _, [ran] = await _turn(
        agent, hass_admin_user, [_brew({"size": "small", TOKEN: token})], conversation_id
    )
    assert not ran.error
    assert calls == [(hubs.BREW, {"size": "small", "cups": 1}, hass_admin_user.id)]


async def test_a_user_message_added_within_the_turn_is_no_answer(
    agent: HubAgentEntity, hass_admin_user: MockUser, calls: list[hubs.Call]
) -> None:
    """A user message added while the issuing request still runs (as a nested turn of the
    same conversation would add one) is not the user's answer: the request's ``Context`` is
    the issuing one."""

    def say_yes_then_call(results: list[conversation.ToolResultContent]) -> list[llm.ToolInput]:
        assert agent.chat_log is not None
        agent.chat_log.async_add_user_content(conversation.UserContent(content="yes"))
        return _with_token_of_first(results)

    _, [asked, attack] = await _turn(
        agent, hass_admin_user, [_brew({"size": "small"})], follow_up=say_yes_then_call
    )

    assert asked.data["error"] == "ConfirmationRequired"
    assert attack.data == {"error": "ConfirmationRefused", "error_text": NOT_ANSWERED}
    assert calls == []


async def test_a_turn_without_a_user_message_is_no_answer(
    hass: HomeAssistant, agent: HubAgentEntity, hass_admin_user: MockUser, calls: list[hubs.Call]
) -> None:
    """A later request of the same conversation without a new user message is refused.

    Home Assistant opens a chat log without user input, e.g. for an announcement; a new
    ``Context`` alone is no answer of the user.
    """
    conversation_id, [asked] = await _turn(agent, hass_admin_user, [_brew({"size": "small"})])
    token = _asked(asked, '{"cups":1,"size":"small"}')

    with (
        chat_session_for(hass, conversation_id) as session,
        conversation.async_get_chat_log(hass, session) as chat_log,
    ):
        chat_log.llm_api = await llm.async_get_api(
            hass, agent.entry.options[CONF_LLM_HASS_API], hubs.llm_context(hass_admin_user.id)
        )
        refused = await chat_log.llm_api.async_call_tool(_brew({"size": "small", TOKEN: token}))

    assert refused.data == {"error": "ConfirmationRefused", "error_text": NOT_ANSWERED}
    assert calls == []


def chat_session_for(hass: HomeAssistant, conversation_id: str) -> Any:
    """Return Home Assistant's chat session of ``conversation_id`` (a context manager)."""
    from homeassistant.helpers import chat_session  # noqa: PLC0415

    return chat_session.async_get_chat_session(hass, conversation_id)


async def test_a_call_id_is_no_proof(
    hass: HomeAssistant,
    agent: HubAgentEntity,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """No call id skips confirmation: not None, not the id of a call that was confirmed."""
    conversation_id, [asked] = await _turn(agent, hass_admin_user, [_brew({"size": "small"}, None)])
    token = _asked(asked, '{"cups":1,"size":"small"}')
    _, [ran] = await _turn(
        agent, hass_admin_user, [_brew({"size": "small", TOKEN: token}, "same")], conversation_id
    )
    # The same id again, in the next turn and in the same one: asked again, nothing runs.
    _, [next_turn, same_turn] = await _turn(
        agent,
        hass_admin_user,
        [_brew({"size": "small"}, "same")],
        conversation_id,
        follow_up=lambda _: [_brew({"size": "large"}, "same")],
    )
    outside = await _call(hass, hub, hass_admin_user.id, hubs.BREW, {"size": "small"})
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context(hass_admin_user.id))
    no_id = await instance.async_call_tool(_brew({"size": "small"}, None))

    assert not ran.error
    assert next_turn.data["error"] == same_turn.data["error"] == "ConfirmationRequired"
    assert outside.data["status"] == no_id.data["status"] == "approval_required"
    assert len(calls) == 1


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
        pytest.param(
            # The tool would get the text "1", not the 1 it gets by default.
            {"size": "small", "cups": "1"},
            'was issued for other arguments ({"cups":1,"size":"small"})',
            id="text-for-the-default",
        ),
        pytest.param({"size": "small", TOKEN: 42}, None, id="not-text"),
    ],
)
async def test_other_arguments_are_refused(
    agent: HubAgentEntity,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
    second: dict[str, Any],
    reason: str | None,
) -> None:
    """A token for other arguments is refused and used up; a default given or left out is not
    another call (the tool gets the same), "1" for 1 is (the tool would get text)."""
    conversation_id, [asked] = await _turn(
        agent, hass_admin_user, [_brew({"size": "small", "cups": 1})]
    )
    token = _asked(asked, '{"cups":1,"size":"small"}')

    _, [refused] = await _turn(
        agent, hass_admin_user, [_brew({TOKEN: token} | second)], conversation_id
    )
    _, [retried] = await _turn(
        agent, hass_admin_user, [_brew({"size": "small", TOKEN: token})], conversation_id
    )

    if reason is None:
        malformed = "is not a token: give the text the first call returned"
        assert refused.data == _refusal(malformed)
        assert not retried.error
        assert len(calls) == 1
    else:
        assert refused.data == _refusal(reason)
        assert retried.data == _refusal("is not valid: it was used already or never issued")
        assert calls == []


async def test_other_user_and_tool_are_refused(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    agent: HubAgentEntity,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """A token asked for by one user is refused to another, and for another tool."""
    await hubs.async_set_options(
        hass, hub, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: [hubs.BREW, hubs.GRIND]}
    )
    conversation_id, [asked, other] = await _turn(
        agent,
        hass_admin_user,
        [_brew({"size": "small"}), _brew({"size": "large"}, "large")],
    )
    _, [by_other_user] = await _turn(
        agent,
        hass_read_only_user,
        [_brew({"size": "small", TOKEN: asked.data[TOKEN]})],
        conversation_id,
    )
    grind = llm.ToolInput(tool_name=hubs.GRIND, tool_args={TOKEN: other.data[TOKEN]}, id="grind")
    _, [other_tool] = await _turn(agent, hass_admin_user, [grind], conversation_id)

    assert by_other_user.data == _refusal("was issued to another user")
    assert other_tool.data == _refusal(f"was issued for another tool ({hubs.BREW})", hubs.GRIND)
    assert calls == []


async def test_expired_token_is_refused(
    agent: HubAgentEntity,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
    freezer: FrozenDateTimeFactory,
) -> None:
    """A token is valid for five minutes."""
    args = {"size": "small"}
    conversation_id, [asked] = await _turn(agent, hass_admin_user, [_brew(args)])
    freezer.tick(timedelta(minutes=4, seconds=59))
    _, [in_time] = await _turn(
        agent, hass_admin_user, [_brew(args | {TOKEN: asked.data[TOKEN]})], conversation_id
    )
    _, [asked, _] = await _turn(
        agent, hass_admin_user, [_brew(args), _brew({"size": "large"}, "large")], conversation_id
    )

    freezer.tick(timedelta(minutes=5))
    _, [late] = await _turn(
        agent, hass_admin_user, [_brew(args | {TOKEN: asked.data[TOKEN]})], conversation_id
    )
    # Asking anew forgets the expired token of the other call.
    _, [anew] = await _turn(agent, hass_admin_user, [_brew(args)], conversation_id)

    assert not in_time.error
    assert late.data == _refusal("has expired (a token is valid for 5 minutes)")
    assert anew.data["error"] == "ConfirmationRequired"
    assert len(calls) == 1


async def test_one_users_flood_keeps_anothers_tokens(
    agent: HubAgentEntity,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """Tokens are kept per user: a flood from one user's model evicts only its own oldest."""
    waiting, [asked] = await _turn(agent, hass_read_only_user, [_brew({"size": "large"})])
    flood = [_brew({"size": "small"}, f"flood-{n}") for n in range(MAX_TOKENS_PER_USER + 8)]
    flooding, results = await _turn(agent, hass_admin_user, flood)
    _, [oldest, newest] = await _turn(
        agent,
        hass_admin_user,
        [
            _brew({"size": "small", TOKEN: results[0].data[TOKEN]}, "oldest"),
            _brew({"size": "small", TOKEN: results[-1].data[TOKEN]}, "newest"),
        ],
        flooding,
    )
    _, [ran] = await _turn(
        agent, hass_read_only_user, [_brew({"size": "large", TOKEN: asked.data[TOKEN]})], waiting
    )

    assert oldest.data == _refusal("is not valid: it was used already or never issued")
    assert not newest.error
    assert ran == llm.ToolResult(
        data={"brewed": 1, "size": "large", "user_id": hass_read_only_user.id}
    )
    assert len(calls) == 2


async def test_invalid_arguments_come_before_the_question(
    hass: HomeAssistant,
    agent: HubAgentEntity,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Arguments that do not validate get the validation error: no token, no approval."""
    _, [in_conversation] = await _turn(agent, hass_admin_user, [_brew({"size": "huge"})])
    outside = await _call(hass, hub, hass_admin_user.id, hubs.BREW, {"size": "huge"})
    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "llm_hub/approvals/list"})

    for result in (in_conversation, outside):
        assert result.error
        assert result.data["error"] == "InvalidArguments"
        assert result.data.keys() == {"error", "error_text"}
    assert len(hub.runtime_data.api.confirmations) == 0
    assert (await client.receive_json())["result"] == {"approvals": [], "remembered": []}


# --- Binding: what JSON encoders merge stays apart -------------------------------------------

MERGED_BY_JSON = [
    pytest.param(math.nan, None, id="nan-null"),
    pytest.param(math.inf, None, id="inf-null"),
    pytest.param(math.inf, -math.inf, id="inf-minus-inf"),
    pytest.param(math.nan, math.inf, id="nan-inf"),
    pytest.param(1, 1.0, id="int-float"),
    pytest.param(1, True, id="int-bool"),
    pytest.param(1.0, True, id="float-bool"),
    pytest.param(0, False, id="zero-false"),
    pytest.param("1", 1, id="text-int"),
    pytest.param(-0.0, 0.0, id="minus-zero"),
    pytest.param([1], [1.0], id="nested"),
    pytest.param({"a": None}, {"a": math.nan}, id="nested-nan"),
    pytest.param([1, 2], (1, 2), id="list-tuple"),
]


@pytest.mark.parametrize(("first", "second"), MERGED_BY_JSON)
async def test_values_json_merges_do_not_redeem_each_other(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser, first: Any, second: Any
) -> None:
    """An approval for one value is refused for its JSON twin, and runs for itself."""
    tool, entry = await async_add_set_hub(hass, result=llm.ToolResult(data={"ok": True}))

    asked = await _call(hass, entry, hass_admin_user.id, "set", {"value": first})
    approve(hass, asked, hass_admin_user)
    twin = await _call(
        hass, entry, hass_admin_user.id, "set", {"value": second, TOKEN: asked.data[TOKEN]}
    )
    ran = await _call(
        hass, entry, hass_admin_user.id, "set", {"value": first, TOKEN: asked.data[TOKEN]}
    )

    assert "was asked for other arguments" in str(twin.data["error_text"])
    assert not ran.error
    assert len(tool.calls) == 1
    assert canonical(first) != canonical(second)


def _stable_repr(value: Any) -> str:
    """Return ``repr`` with mappings in sorted order: the oracle of ``canonical``."""
    if isinstance(value, dict):
        return "{" + ", ".join(sorted(f"{k!r}: {_stable_repr(v)}" for k, v in value.items())) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_stable_repr(v) for v in value) + "]"
    return repr(value)


_JSON_LIKE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=3), children, max_size=3)
    ),
    max_leaves=8,
)


@given(_JSON_LIKE, _JSON_LIKE)
def test_canonical_is_equal_only_for_the_same_value(first: Any, second: Any) -> None:
    """``canonical`` of two values is equal exactly when they are the same typed value."""
    assert (canonical(first) == canonical(second)) == (_stable_repr(first) == _stable_repr(second))
    assert canonical(first) == canonical(first)


async def test_arguments_nested_too_deeply(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """Arguments too deep to bind are answered as invalid; nothing is asked or run."""
    tool, entry = await async_add_set_hub(hass)
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]

    result = await _call(hass, entry, hass_admin_user.id, "set", {"value": deep})

    assert result.data == {
        "error": "InvalidArguments",
        "error_text": "The arguments of tool set are nested too deeply to be confirmed. Call it "
        "again with simpler arguments.",
    }
    assert tool.calls == []


def test_canonical_of_other_types() -> None:
    """Sets compare without order, their items typed; other objects by type and repr."""
    assert canonical({1, 2}) == canonical(frozenset({2, 1}))
    assert canonical({1}) != canonical({1.0})
    assert canonical(Moment("noon")) == canonical(Moment("noon"))
    assert canonical(Moment("1")) != canonical("Moment(1)")


# --- Tools and hubs --------------------------------------------------------------------------


async def test_confirm_destructive_tools(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """ "Confirm destructive tools" covers tools that may be destructive, not read-only ones.

    GRIND declares nothing (worst case: destructive), BREW declares it is not destructive,
    and Assist's read-only tools are never destructive.
    """
    await hubs.async_set_options(
        hass, hub, "safety", SAFETY | {const.CONF_CONFIRM_DESTRUCTIVE: True}
    )

    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context(hass_admin_user.id))

    confirming = {tool.name for tool in instance.tools if requires_token(tool.parameters)}
    assert confirming == {hubs.GRIND}
    asked = await instance.async_call_tool(llm.ToolInput(hubs.GRIND, {}))
    approve(hass, asked, hass_admin_user)
    ran = await instance.async_call_tool(llm.ToolInput(hubs.GRIND, {TOKEN: asked.data[TOKEN]}))
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
    door = hubs.RecordingTool("open_door", parameters=own_token)
    gate = hubs.RecordingTool("open_gate", parameters=own_token)
    llm.async_register_api(hass, hubs.FixedAPI(hass, "doors", "Doors", [door, gate]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["doors"]})
    await hubs.async_set_options(
        hass, entry, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: ["open_door"]}
    )
    client = await hass_ws_client(hass)

    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hubs.hub_id(entry)})
    described = {tool["name"]: tool for tool in (await client.receive_json())["result"]["tools"]}
    await client.send_json_auto_id(
        {"type": "llm_hub/tool/call", "api_id": hubs.hub_id(entry), "tool_name": "open_door"}
    )
    refused = await client.receive_json()
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    ran = await instance.async_call_tool(llm.ToolInput("open_gate", {TOKEN: "its own"}))

    reason = (
        "needs confirming, but its own parameters use confirmation_token, so it cannot be confirmed"
    )
    assert described["open_door"]["hidden"] == reason
    assert described["open_gate"]["hidden"] is None
    assert refused["error"]["message"] == (
        f"LLM API {hubs.hub_id(entry)} has no tool open_door for this request: "
        f"the hub leaves it out ({reason})"
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
    # It gets its own argument; its answer, echoing a secret-named key, reaches the model redacted.
    assert [call.tool_args for call in gate.calls] == [{TOKEN: "its own"}]
    assert ran.data == {"tool": "open_gate", "args": {TOKEN: "**REDACTED**"}}

    # Through a hub that does not confirm it, the tool's own argument is still its own.
    outer = await hubs.async_add_hub(
        hass,
        "Outer",
        {CONF_LLM_HASS_API: [hubs.hub_id(entry)], const.CONF_CONFIRM_TOOLS: ["open_gate"]},
    )
    gathered = (await outer.runtime_data.api.async_get_api_instance(hubs.llm_context())).candidates
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
    tool = hubs.RecordingTool("count", parameters=probatio.Schema({"n": int}))
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    inner = await hubs.async_add_hub(
        hass,
        "Inner",
        {CONF_LLM_HASS_API: ["x"], const.CONF_CONFIRM_TOOLS: ["count"] * inner_confirms},
    )
    outer = await hubs.async_add_hub(
        hass,
        "Outer",
        {
            CONF_LLM_HASS_API: [hubs.hub_id(inner)],
            const.CONF_CONFIRM_TOOLS: ["count"] * outer_confirms,
        },
    )

    asked = await _call(hass, outer, hass_admin_user.id, "count", {"n": 2})
    approve(hass, asked, hass_admin_user)
    ran = await _call(hass, outer, hass_admin_user.id, "count", {"n": 2, TOKEN: asked.data[TOKEN]})

    # Nothing of the confirmed call carries over: the same call again is asked for anew.
    instance = await llm.async_get_api(
        hass, hubs.hub_id(outer), hubs.llm_context(hass_admin_user.id)
    )
    again = await instance.async_call_tool(llm.ToolInput("count", {"n": 2}, id=None))  # type: ignore[arg-type]

    assert asked.data["status"] == again.data["status"] == "approval_required"
    assert again.data[TOKEN] != asked.data[TOKEN]
    assert ran == llm.ToolResult(data={"tool": "count", "args": {"n": 2}})
    assert [call.tool_args for call in tool.calls] == [{"n": 2}]


@pytest.mark.parametrize("outer", ["approve", "refuse"])
@pytest.mark.parametrize("middle", [None, "approve", "refuse"])
@pytest.mark.parametrize("inner", ["approve", "refuse"])
async def test_strictest_wins_through_nested_hubs(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    setup_llm: None,
    hass_admin_user: MockUser,
    inner: str,
    middle: str | None,
    outer: str,
) -> None:
    """The nested refuse/approve matrix: a call without a conversation through hubs picking
    hubs is refused when any hub on its path refuses, else approved once; only the innermost
    hub asks for the tool by its own options."""
    tool = hubs.RecordingTool("count", parameters=probatio.Schema({"n": int}))
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    path = await hubs.async_add_hub(
        hass,
        "Inner",
        {
            CONF_LLM_HASS_API: ["x"],
            const.CONF_CONFIRM_TOOLS: ["count"],
            const.CONF_CONFIRM_WITHOUT_CONVERSATION: inner,
        },
    )
    for name, setting in (("Middle", middle), ("Outer", outer)):
        if setting is not None:
            path = await hubs.async_add_hub(
                hass,
                name,
                {
                    CONF_LLM_HASS_API: [hubs.hub_id(path)],
                    const.CONF_CONFIRM_WITHOUT_CONVERSATION: setting,
                },
            )

    asked = await _call(hass, path, hass_admin_user.id, "count", {"n": 2})

    if "refuse" in (inner, middle, outer):
        again = await _call(hass, path, hass_admin_user.id, "count", {"n": 2})  # built anew
        assert asked.data["error"] == again.data["error"] == "ConfirmationUnavailable"
        assert tool.calls == []
        return
    assert asked.data["status"] == "approval_required"
    approve(hass, asked, hass_admin_user)
    ran = await _call(hass, path, hass_admin_user.id, "count", {"n": 2, TOKEN: asked.data[TOKEN]})
    assert ran == llm.ToolResult(data={"tool": "count", "args": {"n": 2}})
    assert [call.tool_args for call in tool.calls] == [{"n": 2}]


async def test_outer_hub_records_the_inner_hubs_verdict(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """A call a selected hub refuses is recorded as refused by the hub above it too."""
    tool = hubs.RecordingTool("count", parameters=probatio.Schema({"n": int}))
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    inner = await hubs.async_add_hub(hass, "Inner", {CONF_LLM_HASS_API: ["x"]})
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(
        hass, hubs.hub_id(outer), hubs.llm_context(hass_admin_user.id)
    )
    # The inner hub reloads while the outer instance still holds its tools.
    assert await hass.config_entries.async_reload(inner.entry_id)

    result = await instance.async_call_tool(llm.ToolInput("count", {"n": 1}))
    await hass.async_block_till_done()

    assert result.data["error"] == "HubReloaded"
    assert tool.calls == []
    assert [(event.data["api_name"], event.data["outcome"]) for event in events] == [
        ("Inner", "refused"),
        ("Outer", "refused"),
    ]


# --- The token store and the schema ----------------------------------------------------------


class Moment:
    """A value a validator may produce that no JSON encoder knows."""

    def __init__(self, value: Any) -> None:
        self.value = str(value)

    def __repr__(self) -> str:
        return f"Moment({self.value})"


async def test_arguments_no_encoder_knows_still_bind(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """Declared defaults JSON cannot hold bind an approval by their type and repr."""
    tool = hubs.RecordingTool(
        "at",
        parameters=probatio.Schema(
            {
                probatio.Optional("when", default="noon"): probatio.Coerce(Moment),
                probatio.Optional("where"): str,
            }
        ),
        # Not the echoed arguments: JSON cannot hold a Moment (tests/test_results.py).
        result=llm.ToolResult(data={"ok": True}),
    )
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    entry = await hubs.async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["x"], const.CONF_CONFIRM_TOOLS: "at"}
    )

    asked = await _call(hass, entry, hass_admin_user.id, "at", {})
    approval = approve(hass, asked, hass_admin_user)
    other = await _call(
        hass, entry, hass_admin_user.id, "at", {"where": "x", TOKEN: asked.data[TOKEN]}
    )
    ran = await _call(hass, entry, hass_admin_user.id, "at", {TOKEN: asked.data[TOKEN]})

    assert approval.arguments == {"when": "Moment(noon)"}
    assert str(other.data["error_text"]).startswith(
        "The approval was asked for other arguments, so tool at did not run (approval "
        f"{asked.data[TOKEN]!r})"
    )
    assert not ran.error
    assert [repr(call.tool_args["when"]) for call in tool.calls] == ["Moment(noon)"]


def test_declare_token_hides_what_cannot_declare_it() -> None:
    """A tool that needs confirming but whose parameters cannot take the token is hidden."""
    item = CandidateTool(tool=hubs.RecordingTool("t"), source="x", wanted_name="t")
    item.confirm = True
    item.parameters = object()
    # Gated, but no call may ask now: listed as it is.
    assert (declare_token(item), item.hidden) == (None, None)
    item.marked = True

    reason = declare_token(item)

    assert item.hidden == reason
    assert reason == "needs confirming, but its parameters cannot declare a confirmation token"

    # Declared once, however often it is called; a tool without the mark is left alone.
    item = CandidateTool(tool=hubs.RecordingTool("t"), source="x", wanted_name="t")
    item.confirm = item.marked = True
    item.parameters = probatio.Schema({})
    assert declare_token(item) is None
    declared = item.parameters
    assert declare_token(item) is None
    assert item.parameters is declared
    assert requires_token(declared)
    plain = CandidateTool(tool=hubs.RecordingTool("t"), source="x", wanted_name="t")
    plain.parameters = probatio.Schema({})
    declare_token(plain)
    assert not requires_token(plain.parameters)
