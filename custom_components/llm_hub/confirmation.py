"""Asks for the user's confirmation of risky tool calls with one-time tokens, and checks it.

A tool that needs confirming (``HubPolicy.needs_confirmation``) does not run on its first
call: the hub answers with a one-time token and tells the model to ask the user, then to
call again with the same arguments and ``"confirmation_token": "<token>"``. The token is
bound to the tool, the validated arguments, the user and the conversation, and is valid for
``CONFIRMATION_TTL`` seconds. Only then does the tool run.

What binds a token:
- the tool: its listed name (stable while the hub is loaded; a reload starts a new store);
- the arguments: canonical JSON (sorted keys) of the arguments after validation, so
  ``{"cups": "2"}`` and ``{"cups": 2}`` are the same call;
- the user: ``llm_context.context.user_id``;
- the conversation: the ``conversation_id`` of Home Assistant's current chat session
  (``helpers.chat_session.current_session``, set while a conversation agent runs tools).
  ``LLMContext`` itself carries no conversation id in 2026.10 or 2026.11 (2026.11 adds
  ``agent_id`` only), and ``context.id`` changes with every turn, so it cannot bind a
  confirmation that the user gives in the next turn. MCP Server (stateless streamable HTTP)
  has no conversation: there a token binds tool, arguments and user.

How the listed schema declares the token: ``declare_token`` (the last step of a build's
schemas) adds an optional string ``confirmation_token`` to the listed parameters of every
tool the policy marked with ``confirm`` (or hides the tool when it cannot, e.g. when its own
parameters use that name); ``requires_token`` recognises such a schema, and the build hands
the hub's ``Confirmations`` to each ``HubTool`` whose listed parameters declare the token.
"""

from __future__ import annotations

from dataclasses import dataclass
import secrets
import time
from typing import Any

import probatio

from homeassistant.helpers import chat_session
from homeassistant.helpers.json import json_dumps_sorted
from homeassistant.helpers.llm import LLMContext, ToolInput, ToolResult

from .const import CONFIRMATION_TTL, TOKEN_ARGUMENT
from .tool import CandidateTool, Outcome, Validator, error_result

__all__ = [
    "HIDDEN_NO_TOKEN",
    "HIDDEN_OWN_TOKEN",
    "TOKEN_ARGUMENT",
    "Confirmations",
    "declare_token",
    "requires_token",
]

MAX_PENDING = 256
"""Most unconfirmed tokens a hub keeps; the oldest go first."""
HIDDEN_NO_TOKEN = "needs confirming, but its parameters cannot declare a confirmation token"  # noqa: S105  # a reason, not a secret
"""Why a tool that needs confirming is hidden when its parameters take no named arguments."""
HIDDEN_OWN_TOKEN = (
    f"needs confirming, but its own parameters use {TOKEN_ARGUMENT}, so it cannot be confirmed"
)
"""Why a tool that needs confirming is hidden when its own parameters use the token's name."""

_ARGUMENT_HELP = (
    "Leave out on the first call. Only after the user confirmed this call, call again with "
    "the same arguments and the token the first call returned."
)


class _TokenSchema(probatio.Schema):
    """Listed parameters that declare ``confirmation_token`` (see ``requires_token``)."""


def requires_token(parameters: Any) -> bool:
    """Return whether listed parameters declare a confirmation token (``declare_token``)."""
    return isinstance(parameters, _TokenSchema)


def declare_token(item: CandidateTool) -> str | None:
    """Declare ``confirmation_token`` in the listed parameters of a tool that needs confirming.

    Call it for every tool as the last step of a build's schemas, after ``item.parameters``
    holds the listed schema. A tool that needs confirming but cannot
    declare the token is hidden instead (it must not run unconfirmed), and the reason is
    returned for the hub to log once (None otherwise):
    - parameters that are not a ``probatio`` schema of a mapping (``HIDDEN_NO_TOKEN``): a
      model could not send the token;
    - parameters that declare ``confirmation_token`` themselves (``HIDDEN_OWN_TOKEN``): the
      hub takes the token out of the arguments, so the tool's own argument would never
      reach it and every confirmed call would fail validation. (A tool of a selected hub that
      confirms it declares that hub's token: it is confirmed once, see
      ``Confirmations.check``.)
    """
    if item.hidden is not None or not item.confirm:
        return None
    parameters = item.parameters
    if requires_token(parameters):
        return None
    if not isinstance(parameters, probatio.Schema) or not isinstance(parameters.schema, dict):
        item.hidden = HIDDEN_NO_TOKEN
        return item.hidden
    # A tool of a selected hub that confirms it declares the token of that hub, not its own.
    if not requires_token(item.tool.parameters) and any(
        str(key) == TOKEN_ARGUMENT for key in parameters.schema
    ):
        item.hidden = HIDDEN_OWN_TOKEN
        return item.hidden
    item.parameters = _TokenSchema(
        {
            **parameters.schema,
            probatio.Optional(TOKEN_ARGUMENT, description=_ARGUMENT_HELP): str,
        },
        extra=parameters.extra,
    )
    return None


@dataclass(frozen=True, slots=True)
class _Binding:
    """What a token is valid for."""

    tool: str
    arguments: str
    user_id: str | None
    conversation_id: str | None


@dataclass(frozen=True, slots=True)
class _Pending:
    """An issued token: what it is valid for, and until when (``time.monotonic``)."""

    binding: _Binding
    expires: float


class Confirmations:
    """The unconfirmed tokens of one hub, in memory (a reload or restart starts afresh)."""

    def __init__(self, ttl: float = CONFIRMATION_TTL) -> None:
        """Keep tokens for ``ttl`` seconds."""
        self.ttl = ttl
        self._pending: dict[str, _Pending] = {}

    def __len__(self) -> int:
        """Return the number of tokens issued and not yet used (expired ones included)."""
        return len(self._pending)

    def issue(self, binding: _Binding) -> str:
        """Return a new one-time token for ``binding``; forget expired and the oldest ones."""
        now = time.monotonic()
        for token in [t for t, pending in self._pending.items() if pending.expires <= now]:
            del self._pending[token]
        while len(self._pending) >= MAX_PENDING:
            del self._pending[next(iter(self._pending))]
        token = secrets.token_urlsafe(12)
        self._pending[token] = _Pending(binding, now + self.ttl)
        return token

    def redeem(self, token: Any, binding: _Binding) -> str | None:
        """Use up ``token`` for ``binding``; return why it is refused, or None when valid.

        Any presented token is used up, valid or not: one token, one attempt.
        """
        if not isinstance(token, str) or not token:
            return "is not a token: give the text the first call returned"
        if (pending := self._pending.pop(token, None)) is None:
            return "is not valid: it was used already or never issued"
        if pending.expires <= time.monotonic():
            return f"has expired (a token is valid for {_minutes(self.ttl)})"
        issued = pending.binding
        mismatches = (
            (issued.tool != binding.tool, f"was issued for another tool ({issued.tool})"),
            (issued.user_id != binding.user_id, "was issued to another user"),
            (
                issued.conversation_id != binding.conversation_id,
                "was issued in another conversation",
            ),
            (
                issued.arguments != binding.arguments,
                f"was issued for other arguments ({issued.arguments})",
            ),
        )
        return next((reason for differs, reason in mismatches if differs), None)

    def check(
        self, name: str, tool_input: ToolInput, llm_context: LLMContext, validate: Validator
    ) -> dict[str, Any] | tuple[ToolResult, Outcome]:
        """Return the validated arguments of a confirmed call, or the answer that stops it.

        ``name`` is the tool's listed name; ``validate`` validates the arguments without the
        token. ``tool_input`` is left as it is.

        - Invalid arguments: the failed result of ``validate``, so the model fixes them before
          the user is asked.
        - No token: a ``needs_confirmation`` result with a new token (``error`` is True: the
          tool did not run).
        - A token that is used, expired, or issued for another tool, user, conversation or
          other arguments: a ``refused`` result saying which, and how to get a new one.
        - A valid token: the validated arguments (the token is not among them).
        """
        arguments = {k: v for k, v in tool_input.tool_args.items() if k != TOKEN_ARGUMENT}
        validated = validate(arguments)
        if isinstance(validated, ToolResult):
            return validated, "error"
        session = chat_session.current_session.get()
        binding = _Binding(
            tool=name,
            arguments=_canonical(validated),
            user_id=llm_context.context.user_id if llm_context.context else None,
            conversation_id=session.conversation_id if session else None,
        )
        if TOKEN_ARGUMENT not in tool_input.tool_args:
            token = self.issue(binding)
            return _ask(name, binding.arguments, token, self.ttl), "needs_confirmation"
        if reason := self.redeem(tool_input.tool_args[TOKEN_ARGUMENT], binding):
            return (
                error_result(
                    "ConfirmationRefused",
                    f"The confirmation token for tool {name} {reason}, so the tool did not "
                    f"run. Call {name} again without {TOKEN_ARGUMENT} to get a new token, "
                    "and ask the user again.",
                ),
                "refused",
            )
        return validated


def _ask(name: str, arguments: str, token: str, ttl: float) -> ToolResult:
    """Return the result that asks the model to get the user's confirmation."""
    result = error_result(
        "ConfirmationRequired",
        f"Tool {name} needs the user's confirmation and did not run. Tell the user what it "
        f"will do (tool {name} with arguments {arguments}) and ask them to confirm. Only if "
        f'they agree, call {name} again with the same arguments and "{TOKEN_ARGUMENT}": '
        f'"{token}". The token can be used once, within {_minutes(ttl)}.',
    )
    result.data[TOKEN_ARGUMENT] = token
    return result


def _canonical(arguments: dict[str, Any]) -> str:
    """Return arguments as canonical JSON: sorted keys, Home Assistant's encoder."""
    try:
        return json_dumps_sorted(arguments)
    except TypeError:
        # A validator may produce values no JSON encoder knows; their repr still binds.
        return repr(sorted(arguments.items(), key=lambda item: str(item[0])))


def _minutes(seconds: float) -> str:
    """Return a duration in words, e.g. "5 minutes"."""
    minutes = round(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
