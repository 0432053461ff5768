"""The tool a hub lists: it runs one original tool through the hub's one-way call pipeline.

``HubTool.async_run``: guard (the hub is still registered) -> validate once (the arguments
the original tool gets) -> confirm (the gate, for tools that need it) -> run under the hub's
timeout -> make the result JSON-safe -> record. Everything a tool needs is handed to it when
the hub builds its instance (``HubCallSettings``); it never calls back into the hub.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import nullcontext
from dataclasses import dataclass, replace
import re
import time
from typing import Any, Final, Literal, Protocol, override

import probatio

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers.llm import (
    IntentTool,
    LLMContext,
    Tool,
    ToolAnnotations,
    ToolInput,
    ToolResult,
    selector_serializer,
)
from homeassistant.util.json import SerializationError

from ..compat import INVALID_ERRORS
from ..const import (
    DEFAULT_TIMEOUT,
    LOGGER,
    MCP_SERVER_CALL_LIMIT,
    MCP_SERVER_PLATFORM,
    TOKEN_ARGUMENT,
)
from ..schema.text import JsonSchema
from ..scope.assist import (
    CONVERSATION,
    OutOfScope,
    async_call_in_scope,
    async_call_matched,
    intent_refusal,
    tool_outside,
)
from ..scope.reach import HubScope, ResolvedScope, entered
from ..targets.intents import trusted_annotations
from ..targets.resolve import matched_once, matching_once
from .arguments import tool_arguments
from .deadlines import Deadlines
from .limits import Limits
from .results import json_safe, json_text
from .secrets import redact_result

__all__ = [
    "Cleared",
    "ConfirmationGate",
    "HubCallSettings",
    "HubTool",
    "Outcome",
    "Recorder",
    "Shadowed",
    "ToolCall",
    "error_result",
    "interchangeable",
    "unwrap",
]

# What a call that cannot ask enters instead of ``matched_once``: nothing.
_AS_IS: Final = nullcontext()

type Outcome = Literal["ok", "error", "refused", "needs_confirmation"]
"""How a call through a hub ended (the audit trail's ``outcome``)."""

type Stop = tuple[ToolResult, Outcome]
"""The answer to a call that does not run (yet), and how it ended."""


def _failed(result: ToolResult) -> Outcome:
    """Return how a failed call that ran ended: refused by a scope (``OutOfScope``), or error."""
    data: Any = result.data
    if isinstance(data, dict) and data.get("error") == "OutOfScope":
        return "refused"
    return "error"


def error_result(error: str, message: str) -> ToolResult:
    """Return a failed call's result, ``{"error": type, "error_text": message}`` as core's."""
    return ToolResult(data={"error": error, "error_text": json_text(message)}, error=True)


@dataclass(frozen=True, slots=True)
class Shadowed:
    """What a hub in shadow mode let run that its confirmation rules would have stopped."""

    # ``ask`` (asked for confirmation), or ``refuse`` (no conversation, and the hub refuses).
    would: Literal["ask", "refuse"]
    # Why the tool's calls ask, as the inspector says it (``confirm_reason``).
    reason: str
    # What the call acts on, as an approval names it: "Front door (lock.front_door)", ...
    targets: tuple[str, ...] = ()
    # How many entities it acts on beyond ``targets``; what it names that matches nothing.
    targets_more: int = 0
    targets_unmatched: str | None = None
    # The hub's conditions on the tool's arguments, in words, when its own reason has them.
    when: str | None = None

    @property
    def why(self) -> str:
        """Return ``reason`` with ``when``, as the inspector's ``confirm_reason`` says it."""
        return self.reason if self.when is None else f"{self.reason}, only when {self.when}"


@dataclass(slots=True)
class ToolCall:
    """One finished call of a hub tool, as the hub records it."""

    tool: HubTool
    # What the model sent, less a confirmation token that was accepted.
    tool_input: ToolInput
    llm_context: LLMContext
    result: ToolResult
    outcome: Outcome
    duration_ms: float
    # Who approved the call in Home Assistant, or None.
    approved_by: str | None = None
    # What the hub's rules would have done with it, in shadow mode (None: let it run).
    shadow: Shadowed | None = None
    # Whether it ran under an approval remembered for it (``approved_by`` approved that).
    remembered: bool = False


class Recorder(Protocol):
    """Records finished calls."""

    def async_record(self, call: ToolCall) -> None:
        """Record one finished call."""


@dataclass(frozen=True, slots=True)
class Cleared:
    """A call the confirmation gate lets run: the arguments the tool gets, who approved it."""

    arguments: dict[str, Any]
    # The user id of who approved it in Home Assistant; None when confirmed in a conversation.
    approved_by: str | None = None
    # In shadow mode: what the hub's rules would have done instead of letting it run.
    shadow: Shadowed | None = None
    # Whether an approval remembered for it cleared it.
    remembered: bool = False


class ConfirmationGate(Protocol):
    """Asks for and checks the user's confirmation of a call."""

    def check(
        self,
        name: str,
        tool_input: ToolInput,
        llm_context: LLMContext,
        arguments: dict[str, Any],
    ) -> Cleared | Stop:
        """Return the confirmed call of the checked ``arguments``, or the answer that stops it."""


@dataclass(frozen=True, slots=True)
class HubCallSettings:
    """What a hub hands each tool it lists, once."""

    hub_name: str
    # Seconds a call may run before it is cancelled.
    timeout: float
    recorder: Recorder
    is_registered: Callable[[], bool]
    deadlines: Deadlines
    # Set only in the settings of the tools that need confirming.
    gate: ConfirmationGate | None = None
    # The entities the hub reaches (None: every exposed one), resolved at each call.
    scope: HubScope | None = None
    # How many calls the hub lets run (None: no limit).
    limits: Limits | None = None


class HubTool(Tool):
    """A tool of a hub API, listed as ``name``, that runs ``tool`` under its own name.

    Never raises for a failure of the tool or its arguments: they become a failed
    ``ToolResult`` the model can act on. Compares equal to the tool it wraps, so merged APIs
    keep it once.
    """

    # No __slots__: Tool instances have a __dict__ anyway, so slots would only add to their size.

    def __init__(  # noqa: PLR0917  # positional: a build calls it once per tool
        self,
        name: str,
        tool: Tool,
        source: str,
        settings: HubCallSettings | None = None,
        description: str | None = None,
        parameters: Any = None,
        json_schema: JsonSchema | None = None,
    ) -> None:
        """Wrap ``tool`` from ``source`` (an API id or domain), listed with the schemas given."""
        self.name = name
        self.tool = tool
        self.source = source
        self.settings = settings
        self.description = tool.description if description is None else description
        self.parameters = tool.parameters if parameters is None else parameters
        self.json_schema = json_schema

    # Read through to the original: a build makes a HubTool per tool per request, so what
    # it does not change is not copied.
    @property
    def title(self) -> str | None:  # type: ignore[override]
        """Return the original tool's title."""
        return self.tool.title

    @property
    def annotations(self) -> ToolAnnotations:  # type: ignore[override]
        """Return the original tool's annotations."""
        return self.tool.annotations

    @property
    def integration(self) -> str | None:
        """Return the original tool's integration, or the one Home Assistant tagged it with."""
        return self.__dict__.get("_integration") or self.tool.integration

    @integration.setter
    def integration(self, value: str | None) -> None:
        """Keep the integration Home Assistant tags an untagged tool with."""
        self.__dict__["_integration"] = value

    @property
    def gate(self) -> ConfirmationGate | None:
        """Return the hub's confirmation gate for this tool, or None."""
        return None if self.settings is None else self.settings.gate

    @property
    def origin(self) -> str:
        """Return the innermost source of the original tool when hubs select hubs."""
        return self.tool.origin if isinstance(self.tool, HubTool) else self.source

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: ToolInput,
        llm_context: LLMContext,
        *,
        confirmed: bool = False,
    ) -> ToolResult:
        """Run one call through the pipeline (``async_run``); return its result."""
        return (await self.async_run(hass, tool_input, llm_context, confirmed=confirmed)).result

    async def async_run(
        self,
        hass: HomeAssistant,
        tool_input: ToolInput,
        llm_context: LLMContext,
        *,
        confirmed: bool = False,
        scopes: tuple[ResolvedScope, ...] = (),
    ) -> ToolCall:
        """Guard, validate, confirm, run and record one call; return it as recorded."""
        started = time.monotonic()
        settings = self.settings
        if settings is not None and (scope := settings.scope) is not None and not scope.empty:
            scopes = (*scopes, scope.resolve(hass))
        if scopes and not llm_context.assistant:
            # Matched with the exposure a conversation has, never against everything.
            llm_context = replace(llm_context, assistant=CONVERSATION)
        approved_by = shadow = None
        approved_by, remembered = None, False
        # Checked and run within exactly the call's scopes; recorded in the caller's context.
        # A call that may ask runs on the targets its ask decision matched (matched once).
        with entered(scopes), matched_once() if settings and settings.gate else _AS_IS:
            limits = None if settings is None else settings.limits
            checked = (
                self._outside_scope(hass, scopes)
                or (isinstance(self.tool, IntentTool) and self._hint_taken(hass))
                # Over a limit on the path: refused before anyone is asked, or an approval used.
                or self._limited(llm_context)
                or self._check_on_path(
                    hass, tool_input, llm_context, confirmed=confirmed, scopes=scopes
                )
            )
            if isinstance(checked, tuple):
                result, outcome = checked
            else:
                if isinstance(checked, Cleared):
                    # What is recorded: the arguments as sent, less the accepted token.
                    tool_input = ToolInput(
                        tool_name=tool_input.tool_name,
                        tool_args={
                            k: v for k, v in tool_input.tool_args.items() if k != TOKEN_ARGUMENT
                        },
                        id=tool_input.id,
                        external=tool_input.external,
                    )
                    approved_by, shadow = checked.approved_by, checked.shadow
                    approved_by, remembered = checked.approved_by, checked.remembered
                    checked = checked.arguments
                if limits is not None:  # admitted before the gate, with no wait since
                    counted = limits.count(
                        _user_id(llm_context), self.name, changes=self.may_change
                    )
                ran = await self._async_run(
                    hass,
                    tool_input,
                    checked,
                    llm_context,
                    confirmed=confirmed or (settings is not None and settings.gate is not None),
                    scopes=scopes,
                )
                if isinstance(ran, ToolCall):  # a selected hub's tool: its own verdict
                    result, outcome = _named_as(ran.result, ran.tool.name, self.name), ran.outcome
                else:
                    if ran.error:  # its words may quote a secret, as a result may
                        ran = _redacted(ran)
                    result, outcome = ran, _failed(ran) if ran.error else "ok"
                if limits is not None and outcome in _NOTHING_RAN:
                    limits.uncount(
                        _user_id(llm_context), self.name, changes=self.may_change, at=counted
                    )
        call = ToolCall(
            self,
            tool_input,
            llm_context,
            result,
            outcome,
            (time.monotonic() - started) * 1000,
            approved_by,
            shadow,
            remembered,
        )
        if settings is not None:
            settings.recorder.async_record(call)
        return call

    def _check_on_path(
        self,
        hass: HomeAssistant,
        tool_input: ToolInput,
        llm_context: LLMContext,
        *,
        confirmed: bool,
        scopes: tuple[ResolvedScope, ...],
    ) -> dict[str, Any] | Cleared | Stop:
        """Return ``_check_call``'s answer within the scopes the call runs in (selected hubs')."""
        inner: list[ResolvedScope] = []
        tool = self.tool if self.gate is not None and not confirmed else None
        while isinstance(tool, HubTool):
            scope = None if tool.settings is None else tool.settings.scope
            if scope is not None and not scope.empty:
                inner.append(scope.resolve(hass))
            tool = tool.tool
        if not inner:
            return self._check_call(hass, tool_input, llm_context, confirmed=confirmed)
        if not llm_context.assistant:
            llm_context = replace(llm_context, assistant=CONVERSATION)
        with entered((*scopes, *inner)):
            return self._check_call(hass, tool_input, llm_context, confirmed=confirmed)

    def _check_call(
        self,
        hass: HomeAssistant,
        tool_input: ToolInput,
        llm_context: LLMContext,
        *,
        confirmed: bool,
    ) -> dict[str, Any] | Cleared | Stop:
        """Return the arguments of a call that may run, or the answer that stops it."""
        settings = self.settings
        if settings is not None and not settings.is_registered():
            return (
                error_result(
                    "HubReloaded",
                    f'The LLM API "{settings.hub_name}" was reloaded or removed while this '
                    f"request used it (its options may have changed), so tool {self.name} did "
                    "not run. Get the tools again and retry.",
                ),
                "refused",
            )
        tool_args: Any = tool_input.tool_args
        if not isinstance(tool_args, dict):
            # Agents pass on json.loads of what the model wrote: it may be any JSON value.
            return (
                error_result(
                    "InvalidArguments",
                    f"Invalid arguments for tool {self.name}: expected an object of named "
                    f"arguments, got {_json_type(tool_args)}. Call it again with "
                    "a JSON object whose keys are its parameters.",
                ),
                "error",
            )
        gate = None if confirmed or settings is None else settings.gate
        if gate is not None:
            tool_args = {k: v for k, v in tool_args.items() if k != TOKEN_ARGUMENT}
        validated = self.validate(tool_args)
        if isinstance(validated, ToolResult):
            return validated, "error"
        if gate is None:
            return validated
        original = unwrap(self.tool)
        if isinstance(original, IntentTool) and (
            why := intent_refusal(hass, original, validated, llm_context)
        ):
            # Refused by a scope on the path: no one is asked for a call that would not run.
            return error_result("OutOfScope", self._error_text(OutOfScope(why))), "refused"
        return gate.check(self.name, tool_input, llm_context, validated)

    async def _async_run(  # noqa: PLR0911  # one answer per way a call can fail
        self,
        hass: HomeAssistant,
        tool_input: ToolInput,
        tool_args: dict[str, Any],
        llm_context: LLMContext,
        *,
        confirmed: bool,
        scopes: tuple[ResolvedScope, ...] = (),
    ) -> ToolResult | ToolCall:
        """Run the original tool under the time limit (in ``scopes``); return its result."""
        seconds, deadlines = self._time_limit(hass, llm_context)
        tool = self.tool
        inner_input = ToolInput(
            tool_name=tool.name,
            tool_args=tool_args,
            id=tool_input.id,
            external=tool_input.external,
        )
        deadline = asyncio.timeout(None)  # ended by the hub's deadlines, not a timer of its own
        try:
            call = _call(hass, tool, inner_input, llm_context, confirmed=confirmed, scopes=scopes)
            async with deadline:
                deadlines.watch(deadline, seconds)
                result = await call
        except HomeAssistantError as err:
            return error_result(type(err).__name__, self._error_text(err))
        except INVALID_ERRORS as err:
            # A tool that validates more itself (e.g. a service schema) says so this way.
            return error_result("InvalidArguments", f"Tool {self.name}: {err}")
        except asyncio.CancelledError as err:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise
            return self._unexpected(err)
        except TimeoutError as err:
            if not deadline.expired():
                return self._unexpected(err)
            LOGGER.warning(
                "Tool %s (%s) timed out after %g s and was cancelled",
                self.name,
                self.source,
                seconds,
            )
            return error_result(
                "TimeoutError",
                f"Tool {self.name} timed out after {seconds:g} s and was cancelled; "
                "part of what it was doing may have taken effect.",
            )
        except Exception as err:  # noqa: BLE001  # answered and logged
            return self._unexpected(err)
        finally:
            deadlines.forget(deadline)
        return result if isinstance(result, ToolCall) else self._json_safe(result)

    def _outside_scope(self, hass: HomeAssistant, scopes: tuple[ResolvedScope, ...]) -> Stop | None:
        """Return the answer refusing a call that would act outside the entered ``scopes``."""
        if not scopes or isinstance(self.tool, HubTool):
            return None  # a selected hub's tool checks within its own call
        if (why := tool_outside(hass, self.tool)) is None:
            return None
        return error_result("OutOfScope", f"Tool {self.name} did not run: {why}."), "refused"

    def _limited(self, llm_context: LLMContext) -> Stop | None:
        """Return the answer refusing a call over a limit of a hub on its path (None: none)."""
        why: str | None = None
        tool: Tool = self
        while why is None and isinstance(tool, HubTool):
            if tool.settings is not None and (limits := tool.settings.limits) is not None:
                why = limits.refusal(_user_id(llm_context), tool.name, changes=tool.may_change)
            tool = tool.tool
        if why is None:
            return None
        return error_result(
            "LimitReached", f"Tool {self.name} did not run: {why}. Tell the user."
        ), "refused"

    @property
    def may_change(self) -> bool:
        """Return whether calls may change state (the tool is not read-only), as limits count."""
        return not self.annotations.read_only

    def _hint_taken(self, hass: HomeAssistant) -> Stop | None:
        """Return the answer refusing a read-only intent whose name another handler took since.

        Listed without a gate by its hint; trusted no more, it is refused until listed anew.
        """
        tool = self.tool
        if not tool.annotations.read_only or trusted_annotations(hass, tool) is tool:
            return None
        return error_result(
            "ToolChanged",
            f"Tool {self.name} did not run: what handles it changed since the tools were listed. "
            "Get the tools again.",
        ), "refused"

    def _time_limit(self, hass: HomeAssistant, llm_context: LLMContext) -> tuple[float, Deadlines]:
        """Return how many seconds a call may run, and the deadlines that end it then."""
        settings = self.settings
        seconds, deadlines = (
            (settings.timeout, settings.deadlines)
            if settings is not None
            else (DEFAULT_TIMEOUT, Deadlines(hass))
        )
        if llm_context.platform == MCP_SERVER_PLATFORM:
            # MCP Server answers HTTP 504 after its own 60 s: stop first, so the model hears why.
            seconds = min(seconds, MCP_SERVER_CALL_LIMIT)
        return seconds, deadlines

    def _json_safe(self, result: ToolResult | dict[str, Any]) -> ToolResult:
        """Return the result with JSON-safe data, or a failed result naming the tool."""
        if isinstance(result, ToolResult):
            data, error = result.data, result.error
        else:
            data, error = result, False
        try:
            safe = json_safe(data)
        except SerializationError as err:
            LOGGER.warning(
                "Tool %s (%s) returned data that cannot be converted to JSON: %s",
                self.name,
                self.source,
                err,
            )
            return error_result(
                "SerializationError",
                f"Tool {self.name} returned data that cannot be converted to JSON ({err}); "
                "the tool needs a fix, calling it again will not help.",
            )
        safe = redact_result(safe)  # as the audit records it: no secret reaches the model
        if safe is data and isinstance(result, ToolResult):
            return result  # plain JSON already (most results): nothing to make anew
        return ToolResult(data=safe, error=error)

    def _error_text(self, err: HomeAssistantError) -> str:
        """Return the words of a tool's ``HomeAssistantError`` and of its ``Invalid`` cause."""
        if isinstance(err, OutOfScope):  # worded as a script's tool is refused (_outside_scope)
            return f"Tool {self.name} did not run: {err}."
        message = str(err) or f"Tool {self.name} failed"
        if isinstance(err.__cause__, INVALID_ERRORS):
            message = f"{message}: {err.__cause__}"
        return message

    def _unexpected(self, err: BaseException) -> ToolResult:
        """Log an unexpected exception of the tool with its traceback; return the answer."""
        LOGGER.error(
            "Tool %s (%s) raised an unexpected error", self.name, self.source, exc_info=err
        )
        return error_result(type(err).__name__, f"Tool {self.name} failed unexpectedly: {err!r}")

    def validate(self, tool_args: dict[str, Any]) -> dict[str, Any] | ToolResult:
        """Return the arguments the original tool gets, or the failed result to answer with."""
        if isinstance(self.tool, HubTool):
            # A hub selected by a hub: the inner wrapper validates; no need to do it twice.
            return tool_args
        try:
            validated = tool_arguments(self.tool, tool_args, self.json_schema)
        except INVALID_ERRORS as err:
            return error_result(
                "InvalidArguments",
                f"Invalid arguments for tool {self.name}: {err}. "
                "Call it again with arguments that match its parameters.",
            )
        except Exception as err:  # noqa: BLE001  # a validator with a bug of its own
            LOGGER.exception(
                "The parameters of tool %s (%s) failed to validate", self.name, self.source
            )
            return error_result(
                type(err).__name__, f"Tool {self.name} could not check its arguments: {err!r}"
            )
        return validated

    @override
    def __eq__(self, other: object) -> bool:
        """Return whether ``other`` is interchangeable with the original tool."""
        if not isinstance(other, Tool):
            return NotImplemented
        return interchangeable(unwrap(self), unwrap(other))

    @override
    def __hash__(self) -> int:
        """Hash like the original tool, so a wrapper and its original meet in sets and dicts."""
        return hash(unwrap(self))


def _call(
    hass: HomeAssistant,
    tool: Tool,
    tool_input: ToolInput,
    llm_context: LLMContext,
    *,
    confirmed: bool,
    scopes: tuple[ResolvedScope, ...],
) -> Awaitable[ToolResult | dict[str, Any] | ToolCall]:
    """Return the call of the original ``tool``: within scope, on what was matched, or as is."""
    if isinstance(tool, HubTool):
        # A tool of a selected hub: tell it whether this call is confirmed.
        return tool.async_run(hass, tool_input, llm_context, confirmed=confirmed, scopes=scopes)
    if scopes:
        return async_call_in_scope(hass, tool, tool_input, llm_context)
    if matching_once():
        return async_call_matched(hass, tool, tool_input, llm_context)
    return tool.async_call(hass, tool_input, llm_context)


def _json_type(value: Any) -> str:
    """Return the JSON type of a value in words ("a list", "null"), for a model to read."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    return f"a value of type {type(value).__name__}"


def unwrap(tool: Tool) -> Tool:
    """Return the original tool inside any ``HubTool`` wrappers."""
    while isinstance(tool, HubTool):
        tool = tool.tool
    return tool


def interchangeable(first: Tool, second: Tool) -> bool:
    """Return whether two tools are one for a model (equal, or alike down to their JSON Schema)."""
    if first is second or first == second:
        return True
    if type(first) is not type(second) or first.name != second.name:
        return False
    try:
        mine, theirs = _attributes(first), _attributes(second)
        if mine == theirs:
            return True
        return mine.keys() == theirs.keys() and all(
            _render_alike(value, theirs[key]) if key == "parameters" else bool(value == theirs[key])
            for key, value in mine.items()
        )
    except Exception:  # noqa: BLE001  # attributes that cannot be compared: not the same
        return False


def _render_alike(first: Any, second: Any) -> bool:
    """Return whether two parameters schemas are equal or convert to the same JSON Schema."""
    if first is second or first == second:
        return True
    return bool(
        probatio.to_openapi(first, custom_serializer=selector_serializer)
        == probatio.to_openapi(second, custom_serializer=selector_serializer)
    )


def _attributes(tool: Tool) -> dict[str, Any]:
    """Return the instance attributes of a tool."""
    return getattr(tool, "__dict__", {})


def _redacted(result: ToolResult) -> ToolResult:
    """Return a failed result with secrets in its words redacted (``redact_result``)."""
    data = redact_result(result.data)
    return result if data is result.data else ToolResult(data=data, error=result.error)


# The outcomes of calls that ran nothing: a limit takes them back.
_NOTHING_RAN: Final = frozenset({"refused", "needs_confirmation"})


def _named_as(result: ToolResult, inner: str, name: str) -> ToolResult:
    """Return a selected hub's failed ``result`` naming its tool as this hub lists it."""
    data = result.data
    if (
        inner == name
        or not result.error
        or not isinstance(data, dict)
        or not isinstance(text := data.get("error_text"), str)
    ):
        return result
    renamed = re.sub(rf"(?<![\w-]){re.escape(inner)}(?![\w-])", lambda _: name, text)
    return ToolResult(data={**data, "error_text": renamed}, error=True)


def _user_id(llm_context: LLMContext) -> str | None:
    """Return the id of the user a call runs as (None: no user, e.g. an automation)."""
    return llm_context.context.user_id if llm_context.context else None
