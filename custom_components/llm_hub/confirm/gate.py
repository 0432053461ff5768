"""Asks for a person's confirmation of risky tool calls, and checks it.

In a conversation the hub answers a call with a one-time token, redeemable only in a later
user turn of the same conversation; without one, a person approves the call in Home
Assistant (``approvals.py``) or, by the hub's option, it is refused. A token or an approval
is bound to the hub, the tool's listed name, the user, the conversation (tokens), the checked
arguments in a typed canonical form (``canonical``), those the tool runs with, and acts on no
more than when asked. No value a caller supplies marks a call confirmed; between hubs, the
outer one passes ``confirmed=True`` and asks once, by the strictest gate on the path.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
import copy
from dataclasses import dataclass
import json
import secrets
import time
from typing import TYPE_CHECKING, Any

from homeassistant.core import HomeAssistant
from homeassistant.helpers.json import json_dumps_sorted
from homeassistant.helpers.llm import LLMContext, ToolInput, ToolResult

from ..calls.tool import Cleared, Stop, error_result
from ..compat import llm_context_agent_id
from ..const import CONFIRM_REFUSE, CONFIRMATION_TTL, TOKEN_ARGUMENT
from ..targets.acts import NOTHING, Acts
from .approvals import DATA_APPROVALS, STILL_PENDING, Approval, duration, no_more, readable
from .conditions import Runs, RunsWith, ToolConditions
from .effect import Effect, EffectSet

if TYPE_CHECKING:
    from homeassistant.components.conversation import ChatLog

__all__ = [
    "MAX_TOKENS_PER_USER",
    "TOKEN_ARGUMENT",
    "Confirmations",
    "ToolGate",
    "canonical",
]

# Most unused tokens a hub keeps per user; that user's oldest go first.
MAX_TOKENS_PER_USER = 32


def canonical(value: Any) -> Hashable:
    """Return a typed canonical form of a tool's arguments: equal only for the same values.

    Unlike JSON it keeps ``None``, ``True``, ``1``, ``1.0``, ``"1"``, ``nan`` and ``-0.0`` apart.
    """
    kind = type(value)
    if value is None or kind in {bool, int, str}:
        return (kind.__name__, value)
    if kind is float:
        return ("float", value.hex())
    if isinstance(value, Mapping):
        items = sorted(((canonical(k), canonical(v)) for k, v in value.items()), key=repr)
        return ("map", tuple(items))
    if isinstance(value, list | tuple):
        return (kind.__name__, tuple(canonical(item) for item in value))
    if isinstance(value, set | frozenset):
        return ("set", tuple(sorted((canonical(item) for item in value), key=repr)))
    return (f"{kind.__module__}.{kind.__qualname__}", repr(value))


@dataclass(frozen=True, slots=True)
class _Binding:
    """What a token is valid for."""

    tool: str
    # ``canonical`` of the arguments the tool gets.
    arguments: Hashable
    user_id: str | None
    conversation_id: str
    # The hub the call came through, when not the one that asks (``Confirmations.via``).
    via: str | None = None


@dataclass(frozen=True, slots=True)
class _Turn:
    """The conversation turn that issued a token."""

    # The chat log's last user message (``UserContent``) then, by identity; None if none.
    user_message: object | None
    # The request's ``Context`` id.
    context_id: str | None

    @classmethod
    def of(cls, chat_log: ChatLog, llm_context: LLMContext) -> _Turn:
        """Return the current turn of ``chat_log``."""
        return cls(_last_user_message(chat_log), _context_id(llm_context))

    def answered_in(self, chat_log: ChatLog, llm_context: LLMContext) -> bool:
        """Return whether ``chat_log`` is at a later user turn than this one, in another context."""
        if _context_id(llm_context) == self.context_id:
            return False
        messages = [c for c in chat_log.content if c.role == "user"]
        if not messages or messages[-1] is self.user_message:
            return False
        return self.user_message is None or any(m is self.user_message for m in messages)


@dataclass(frozen=True, slots=True)
class _Token:
    """An issued token: what it is valid for, from which turn, until when (monotonic)."""

    binding: _Binding
    # The arguments the tool gets as the model was shown them (``_readable``).
    shown: str
    turn: _Turn
    expires: float
    # What the call acted on when the token was issued (None: not followed).
    acts: Acts | None


class Confirmations:
    """The confirmation gate of one hub: tokens in conversations (in memory), approvals without."""

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        api_id: str,
        hub_name: str,
        without_conversation: str,
        approval_timeout: float,
        notify_service: str | None = None,
        ttl: float = CONFIRMATION_TTL,
        remember: int = 0,
    ) -> None:
        """Confirm calls of the hub ``api_id``; keep tokens for ``ttl`` seconds."""
        # The longest a person may let an approval be remembered, in minutes.
        self.hass = hass
        self.api_id = api_id
        self.hub_name = hub_name
        self.without_conversation = without_conversation
        self.approval_timeout = approval_timeout
        self.notify_service = notify_service
        self.ttl = ttl
        self.remember = remember
        # The hub whose tool a call is, when a hub it selects asks for it (shadow mode).
        self.via: str | None = None
        self._tokens: dict[str | None, dict[str, _Token]] = {}
        """Unused tokens per user id, oldest first."""
        # This gate with other settings (``_variant``), by them; all share the tokens.
        self._variants: dict[tuple[object, ...], Confirmations] = {self._settings(): self}

    @property
    def refuses_without_conversation(self) -> bool:
        """Return whether calls without a conversation are refused rather than approved."""
        return self.without_conversation == CONFIRM_REFUSE

    def strictest(self, inner: object) -> Confirmations:
        """Return the gate for a selected hub's tool whose gate is ``inner``: the stricter one."""
        if not isinstance(inner, Confirmations):
            return self
        refuses = inner.refuses_without_conversation
        return self._variant(
            without_conversation=CONFIRM_REFUSE if refuses else self.without_conversation,
            remember=min(self.remember, inner.remember),
        )

    def through(self, api_id: str) -> Confirmations:
        """Return this gate asking for a call of the hub ``api_id``'s tool (a hub above it)."""
        return self._variant(via=api_id)

    def _settings(self) -> tuple[object, ...]:
        """Return what its variants change: refuse or approve, how long to remember, via."""
        return (self.without_conversation, self.remember, self.via)

    def _variant(self, **changes: Any) -> Confirmations:
        """Return this gate with ``changes`` (itself when they change nothing), kept."""
        settings = dict(zip(_VARIED, self._settings(), strict=True)) | changes
        if (variant := self._variants.get(key := tuple(settings.values()))) is None:
            variant = self._variants[key] = copy.copy(self)
            for name, value in settings.items():
                setattr(variant, name, value)
        return variant

    def __len__(self) -> int:
        """Return the number of tokens issued and not yet used (expired ones included)."""
        return sum(len(tokens) for tokens in self._tokens.values())

    def issue(self, binding: _Binding, shown: str, turn: _Turn, acts: Acts | None) -> str:
        """Return a new one-time token; forget expired ones and this user's oldest."""
        now = time.monotonic()
        for user_id, tokens in list(self._tokens.items()):
            for token in [t for t, issued in tokens.items() if issued.expires <= now]:
                del tokens[token]
            if not tokens:
                del self._tokens[user_id]
        mine = self._tokens.setdefault(binding.user_id, {})
        while len(mine) >= MAX_TOKENS_PER_USER:
            del mine[next(iter(mine))]
        token = secrets.token_urlsafe(12)
        mine[token] = _Token(binding, shown, turn, now + self.ttl, acts)
        return token

    def redeem(
        self,
        token: Any,
        binding: _Binding,
        chat_log: ChatLog,
        llm_context: LLMContext,
        acts: Acts | None,
    ) -> str | None:
        """Use up ``token`` for ``binding``; return why it is refused, or None when valid.

        Valid again in the turn that issued it; any other presented token is used up, valid or not.
        """
        if not isinstance(token, str) or not token:
            return "is not a token: give the text the first call returned"
        owner = next((user for user, tokens in self._tokens.items() if token in tokens), None)
        tokens = self._tokens.get(owner, {})
        if (issued := tokens.get(token)) is None:
            return "is not valid: it was used already or never issued"
        # Another user's token: nothing more of it is said.
        mismatches = (
            (issued.binding.user_id != binding.user_id, "was issued to another user"),
            (
                issued.expires <= time.monotonic(),
                f"has expired (a token is valid for {duration(self.ttl)})",
            ),
            (
                issued.binding.tool != binding.tool,
                f"was issued for another tool ({issued.binding.tool})",
            ),
            (issued.binding.via != binding.via, "was issued through another LLM API"),
            (
                issued.binding.conversation_id != binding.conversation_id,
                "was issued in another conversation",
            ),
            (
                issued.binding.arguments != binding.arguments,
                f"was issued for other arguments ({issued.shown})",
            ),
            (
                not no_more(acts, issued.acts),
                "was issued when the call acted on less than it does now",
            ),
        )
        if reason := next((reason for differs, reason in mismatches if differs), None):
            del tokens[token]
            return reason
        if not issued.turn.answered_in(chat_log, llm_context):
            return _NOT_ANSWERED
        del tokens[token]
        return None

    def check(
        self,
        name: str,
        tool_input: ToolInput,
        llm_context: LLMContext,
        arguments: dict[str, Any],
        acts_on: tuple[str, ...] | None = None,
        *,
        acts: Acts | None = None,
    ) -> Cleared | Stop:
        """Return the confirmed call of the checked ``arguments``, or the answer that stops it."""
        # ``acts``: what the call acts on, when followed (an approval of it may be remembered).
        try:
            key = canonical(arguments)
        except RecursionError:
            return error_result(
                "InvalidArguments",
                f"The arguments of tool {name} are nested too deeply to be confirmed. Call it "
                "again with simpler arguments.",
            ), "error"
        user_id = llm_context.context.user_id if llm_context.context else None
        if (chat_log := _current_chat_log(self.hass)) is None:
            return self._check_approval(
                name,
                tool_input,
                llm_context,
                arguments,
                binding=key,
                user_id=user_id,
                acts_on=acts_on,
                acts=acts,
            )
        binding = _Binding(name, key, user_id, chat_log.conversation_id, self.via)
        if TOKEN_ARGUMENT not in tool_input.tool_args:
            shown = _readable(arguments)
            token = self.issue(binding, shown, _Turn.of(chat_log, llm_context), acts)
            return _ask(name, shown, token, self.ttl), "needs_confirmation"
        token = tool_input.tool_args[TOKEN_ARGUMENT]
        if reason := self.redeem(token, binding, chat_log, llm_context, acts):
            if reason is _NOT_ANSWERED:
                text = (
                    f"The confirmation token for tool {name} can only be used after the user "
                    "confirmed, in their next message: the tool did not run. Ask the user now "
                    f"and end your turn; only if they agree, call {name} again with the same "
                    "arguments and the same token."
                )
            else:
                text = (
                    f"The confirmation token for tool {name} {reason}, so the tool did not "
                    f"run. Call {name} again without {TOKEN_ARGUMENT} to get a new token, "
                    "and ask the user again."
                )
            return error_result("ConfirmationRefused", text), "refused"
        return Cleared(arguments)

    def _check_approval(
        self,
        name: str,
        tool_input: ToolInput,
        llm_context: LLMContext,
        validated: dict[str, Any],
        *,
        binding: Hashable,
        user_id: str | None,
        acts_on: tuple[str, ...] | None,
        acts: Acts | None,
    ) -> Cleared | Stop:
        """Return the approved call, or the answer that stops it (no conversation)."""
        if self.without_conversation == CONFIRM_REFUSE:
            return error_result(
                "ConfirmationUnavailable",
                "Only in a conversation with a Home Assistant assistant does this LLM API take "
                f"the user's confirmation of tool {name}, so the tool did not run. Tell the "
                "user to ask for it there.",
            ), "refused"
        approvals = self.hass.data[DATA_APPROVALS]
        if TOKEN_ARGUMENT not in tool_input.tool_args:
            approval = approvals.async_request(
                api_id=self.api_id,
                hub_name=self.hub_name,
                tool=name,
                arguments=validated,
                acts_on=acts_on,
                acts=acts,
                remember=self.remember,
                binding=binding,
                user_id=user_id,
                platform=llm_context.platform,
                agent_id=llm_context_agent_id(llm_context),
                timeout=self.approval_timeout,
                notify_service=self.notify_service,
                via=self.via,
            )
            if approval is None:
                return error_result(
                    "ApprovalRefused",
                    "Too many calls wait for the user's approval in Home Assistant already, so "
                    f"tool {name} did not run. Wait until the user decided them.",
                ), "refused"
            return _ask_approval(name, approval), "needs_confirmation"
        presented = tool_input.tool_args[TOKEN_ARGUMENT]
        redeemed = approvals.async_redeem(
            presented if isinstance(presented, str) else "",
            api_id=self.api_id,
            tool=name,
            binding=binding,
            user_id=user_id,
            via=self.via,
            acts=acts,
        )
        if isinstance(redeemed, Approval):
            return Cleared(validated, redeemed.decided_by)
        if redeemed is STILL_PENDING:
            return _waits(name, str(presented), None), "needs_confirmation"
        return error_result(
            "ApprovalRefused",
            f"The approval {redeemed}, so tool {name} did not run (approval {presented!r}). "
            f"To ask again, call {name} without {TOKEN_ARGUMENT}.",
        ), "refused"

    def remembered(
        self,
        name: str,
        tool_input: ToolInput,
        llm_context: LLMContext,
        arguments: dict[str, Any],
        acts: Acts | None,
    ) -> Cleared | None:
        """Return the call cleared by an approval remembered for it; None when none covers it."""
        if self.refuses_without_conversation or TOKEN_ARGUMENT in tool_input.tool_args:
            return None
        remembered = self.hass.data[DATA_APPROVALS].async_remembered(
            api_id=self.api_id,
            tool=name,
            user_id=llm_context.context.user_id if llm_context.context else None,
            acts=acts,
            via=self.via,
        )
        if remembered is None:
            return None
        return Cleared(arguments, remembered.approval.decided_by, remembered=True)


class ToolGate:
    """The gate of a tool whose calls ask by what each acts on, or as a selected hub's do.

    This hub asks for a call when ``effect`` touches its ``effects`` and, if the tool has
    ``conditions``, one of them holds for the arguments the original tool runs with; a selected
    hub's gate (``inner``) asks for it too. Either way the call is asked for once, here, by the
    strictest of the hubs that ask for it (``Confirmations.strictest``).
    """

    __slots__ = ("conditions", "confirmations", "effect", "effects", "inner", "runs_with")

    def __init__(  # noqa: PLR0917  # positional, as the builder makes it
        self,
        confirmations: Confirmations,
        effect: Effect,
        effects: EffectSet,
        inner: object = None,
        conditions: ToolConditions | None = None,
        runs_with: RunsWith | None = None,
    ) -> None:
        """Ask with this hub's ``confirmations``; ``inner``: the selected hub tool's gate.

        ``runs_with``: what makes the arguments the gate gets (a selected hub's tool: the
        model's) those the original tool runs with, which conditions on the path read.
        """
        self.confirmations = confirmations
        self.effect = effect
        self.effects = effects
        self.inner = inner
        self.conditions = conditions
        self.runs_with = runs_with

    def asking(self, arguments: dict[str, Any], llm_context: LLMContext) -> Confirmations | None:
        """Return the gate that asks for this call, or None when no hub on its path asks."""
        runs = Runs(arguments) if self.runs_with is None else self.runs_with(arguments)
        return self.asking_with(arguments, runs, llm_context)

    def asking_with(
        self, arguments: dict[str, Any], runs: Runs | None, llm_context: LLMContext
    ) -> Confirmations | None:
        """Return ``asking``'s answer; ``runs``: the arguments the tool runs with (None: bad)."""
        if isinstance(below := self.below(arguments, runs, llm_context), Confirmations):
            return self.confirmations.strictest(below)
        if (self.conditions is None or self.conditions.hold(runs)) and self.effect.touches(
            self.confirmations.hass, arguments, llm_context, self.effects
        ):
            return self.confirmations
        return None

    def below(
        self, arguments: dict[str, Any], runs: Runs | None, llm_context: LLMContext
    ) -> object:
        """Return what the selected hub's gate on the path says of the call (``inner`` if fixed)."""
        inner = self.inner
        if isinstance(inner, ToolGate):
            return inner.asking_with(arguments, runs, llm_context)
        return inner

    def check(
        self,
        name: str,
        tool_input: ToolInput,
        llm_context: LLMContext,
        arguments: dict[str, Any],
    ) -> Cleared | Stop:
        """Return the call cleared when nothing asks for it or it is remembered, else asked."""
        if (gate := self.asking(arguments, llm_context)) is None:
            return Cleared(arguments)
        gates = self._gates()
        acts = self._acts(gates, arguments, llm_context)
        if remembered := gate.remembered(name, tool_input, llm_context, arguments, acts):
            return remembered
        return gate.check(
            name, tool_input, llm_context, arguments, self._acts_on(gates, acts), acts=acts
        )

    def _gates(self) -> list[ToolGate]:
        """Return the gates on the call's path, this one first."""
        gates: list[ToolGate] = []
        gate: object = self
        while isinstance(gate, ToolGate):
            gates.append(gate)
            gate = gate.inner
        return gates

    def _acts(
        self, gates: list[ToolGate], arguments: dict[str, Any], llm_context: LLMContext
    ) -> Acts | None:
        """Return what the call acts on as the first gate that knows says (None: none does)."""
        # The innermost gate knows it (a gate of fixed reasons is only made over another gate).
        hass = self.confirmations.hass
        return next(
            (
                found
                for item in gates
                if (found := item.effect.acts(hass, arguments, llm_context)) is not None
            ),
            None,
        )

    def _acts_on(self, gates: list[ToolGate], acts: Acts | None) -> tuple[str, ...]:
        """Return the entity ids of ``acts``, those a gate on the path asks for first."""
        hass = self.confirmations.hass

        def asked(entity_id: str) -> bool:
            return any(item.effects.holds(hass, [entity_id], ()) for item in gates)

        entities = (acts or NOTHING).entities
        return tuple(sorted(entities, key=lambda entity_id: (not asked(entity_id), entity_id)))


# The settings ``Confirmations._variant`` changes, as ``Confirmations._settings`` gives them.
_VARIED = ("without_conversation", "remember", "via")
# ``Confirmations.redeem``: the token was presented in the turn that issued it.
_NOT_ANSWERED = "not answered yet"


def _current_chat_log(hass: HomeAssistant) -> ChatLog | None:
    """Return the chat log of the conversation turn running now, or None outside one."""
    if "conversation" not in hass.config.components:
        return None
    from homeassistant.components.conversation.chat_log import (  # noqa: PLC0415  # loaded
        current_chat_log,
    )

    return current_chat_log.get()


def _last_user_message(chat_log: ChatLog) -> object | None:
    """Return the chat log's last user message, or None."""
    return next((c for c in reversed(chat_log.content) if c.role == "user"), None)


def _context_id(llm_context: LLMContext) -> str | None:
    """Return the id of the request's ``Context``."""
    return llm_context.context.id if llm_context.context else None


def _ask(name: str, arguments: str, token: str, ttl: float) -> ToolResult:
    """Return the result that asks the model to get the user's confirmation."""
    result = error_result(
        "ConfirmationRequired",
        f"Tool {name} needs the user's confirmation and did not run. Tell the user what it "
        f"will do (tool {name} with arguments {arguments}) and ask them to confirm, then end "
        f'your turn. Only if they agree, call {name} again with the same arguments and "'
        f'{TOKEN_ARGUMENT}": "{token}". The token can be used once, within {duration(ttl)}, '
        "after the user answered.",
    )
    result.data[TOKEN_ARGUMENT] = token
    return result


def _waits(name: str, approval_id: str, expires: str | None) -> ToolResult:
    """Return the answer to a call that waits for approval in Home Assistant.

    ``{"status", "message", TOKEN_ARGUMENT}`` (``expires``: new); no error, which some clients hide.
    """
    until = f" until {expires}" if expires else ""
    data: dict[str, Any] = {
        "status": "approval_pending" if expires is None else "approval_required",
        "message": f"Nothing ran yet: tool {name} "
        f"{'still ' if expires is None else ''}waits for the user's approval in Home "
        f"Assistant{until}. Only after they approved it, call {name} again with the same "
        f'arguments and "{TOKEN_ARGUMENT}": "{approval_id}"; it then runs once. Tell the user '
        f"to approve or deny it in Home Assistant: in the notification about {name} or in "
        "LLM Hub's approvals.",
        TOKEN_ARGUMENT: approval_id,
    }
    if expires:
        data["expires"] = expires
    return ToolResult(data=data)


def _ask_approval(name: str, approval: Approval) -> ToolResult:
    """Return the answer that tells the model the call waits for approval in Home Assistant."""
    return _waits(name, approval.approval_id, approval.expires.isoformat())


def _readable(arguments: dict[str, Any]) -> str:
    """Return arguments as people read them: JSON with sorted keys (``approvals.readable``)."""
    shown = readable(arguments)
    try:
        return json_dumps_sorted(shown)
    except TypeError:
        # An integer beyond 64 bits, which Home Assistant's encoder (orjson) refuses.
        return json.dumps(shown, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
