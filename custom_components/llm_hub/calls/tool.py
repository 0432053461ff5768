"""The tool a hub lists: it runs one original tool through the hub's one-way call pipeline.

A call goes one way, in ``HubTool.async_call``: guard (the hub is still registered) ->
confirm (``confirmation.Confirmations``, for tools that need it) -> validate once: the
arguments the original tool gets (``arguments.tool_arguments``: the model's own values,
refused only where the tool would refuse them) -> run under the hub's timeout -> make the
result JSON-safe (``results.json_safe``) -> record (the hub's audit trail). Everything a
tool needs for that is handed to it when the hub builds its instance (``HubCallSettings``,
with the hub's confirmation gate for tools that need confirming); it never calls back into
the hub's API object.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
import time
from typing import Any, Literal, Protocol, override

import probatio

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers.llm import (
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
from ..scope.assist import async_call_in_scope
from ..scope.reach import HubScope, entered, scopes_entered
from .arguments import tool_arguments
from .deadlines import Deadlines
from .results import json_safe, json_text

__all__ = [
    "Cleared",
    "ConfirmationGate",
    "HubCallSettings",
    "HubTool",
    "Outcome",
    "Recorder",
    "ToolCall",
    "error_result",
    "interchangeable",
    "unwrap",
]

type Outcome = Literal["ok", "error", "refused", "needs_confirmation"]
"""How a call through a hub ended (the audit trail's ``outcome``)."""

type Stop = tuple[ToolResult, Outcome]
"""The answer to a call that does not run (yet), and how it ended."""


def error_result(error: str, message: str) -> ToolResult:
    """Return a failed call's result, shaped like Home Assistant's chat log shapes one.

    ``data`` is ``{"error": <error type>, "error_text": <message>}`` with ``error=True``
    (``components/conversation/chat_log.py`` does the same for a ``HomeAssistantError``).
    A lone surrogate in ``message`` (a tool's error naming what the model sent) is replaced
    by U+FFFD (``results.json_text``), so agents can send the result as JSON.
    """
    return ToolResult(data={"error": error, "error_text": json_text(message)}, error=True)


@dataclass(slots=True)
class ToolCall:
    """One finished call of a hub tool, as the hub records it (audit trail, counters)."""

    tool: HubTool
    tool_input: ToolInput
    """What the model sent: the listed name and the arguments as given (not validated),
    without a confirmation token that was accepted."""
    llm_context: LLMContext
    result: ToolResult
    outcome: Outcome
    duration_ms: float
    """Wall-clock time of the call in milliseconds."""
    approved_by: str | None = None
    """The user who approved the call in Home Assistant (``approvals.py``), or None."""


class Recorder(Protocol):
    """Records finished calls (the hub's ``audit.Audit``)."""

    def async_record(self, call: ToolCall) -> None:
        """Record one finished call."""


@dataclass(frozen=True, slots=True)
class Cleared:
    """A call the confirmation gate lets run: the arguments the tool gets, who approved it."""

    arguments: dict[str, Any]
    approved_by: str | None = None
    """The user id of who approved the call in Home Assistant; None when confirmed in the
    conversation."""


class ConfirmationGate(Protocol):
    """Asks for and checks the user's confirmation (the hub's ``confirmation.Confirmations``)."""

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
    """What a hub hands each tool it lists, once (see the module docstring)."""

    hub_name: str
    """The hub's name, for the answer to a call through a hub no longer registered."""
    timeout: float
    """Seconds a call may run before it is cancelled (the hub's option)."""
    recorder: Recorder
    is_registered: Callable[[], bool]
    """Whether the hub is still registered: calls through tools listed before are refused."""
    deadlines: Deadlines
    """Ends calls that run past ``timeout`` (one timer for all of the hub's calls)."""
    gate: ConfirmationGate | None = None
    """Asks for the user's confirmation before each call (None: calls run at once). A build
    hands the tools that need confirming the settings with the hub's gate, the others those
    without: one attribute less on every ``HubTool``."""
    scope: HubScope | None = None
    """The entities the hub reaches (None: every exposed one), resolved at each call."""


class HubTool(Tool):
    """A tool of a hub API, listed as ``name``, that runs ``tool`` under its own name.

    Calling it (``async_call``) hands the original tool what it would get called directly
    (``arguments.tool_arguments``), and never raises for a failure of the tool or its arguments:
    invalid arguments, ``HomeAssistantError`` and unexpected exceptions become a failed
    ``ToolResult`` whose ``error_text`` the model can act on; unexpected ones are also logged
    with their traceback. A plain dict result is wrapped in ``ToolResult`` (allowed by the
    spec until 2027.11).

    A ``HubTool`` compares equal to the tool it wraps (see ``__eq__``), so merging APIs that
    contain both (a hub and the API it draws from) keeps the tool once.
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
        """Wrap ``tool``; ``source`` is the API id or domain it came from.

        ``settings`` come from the hub that lists the tool (None: the default timeout, no
        guard, nothing recorded, no confirmation asked); ``description`` and ``parameters``
        replace the tool's own in what is listed (arguments are checked against the tool's
        own);
        ``json_schema`` is the clean schema the listed ``parameters`` render as (a text the
        hub asked for in place of another value becomes that value again).
        """
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
    def integration(self) -> str | None:  # type: ignore[override]
        """Return the original tool's integration."""
        return self.tool.integration

    @property
    def gate(self) -> ConfirmationGate | None:
        """Return what asks for the user's confirmation before each call (``HubCallSettings``)."""
        return None if self.settings is None else self.settings.gate

    @property
    def origin(self) -> str:
        """Return where the original tool comes from when hubs select hubs: the innermost one."""
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
    ) -> ToolCall:
        """Guard, validate, confirm, run and record one call; return it as recorded.

        ``confirmed``: an outer hub that lists this tool confirmed the call already, so it is
        not asked again.
        """
        started = time.monotonic()
        checked = self._check_call(tool_input, llm_context, confirmed=confirmed)
        approved_by = None
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
                approved_by, checked = checked.approved_by, checked.arguments
            result = await self._async_run(
                hass,
                tool_input,
                checked,
                llm_context,
                confirmed=confirmed or self.gate is not None,
            )
            outcome = "error" if result.error else "ok"
        call = ToolCall(
            self,
            tool_input,
            llm_context,
            result,
            outcome,
            (time.monotonic() - started) * 1000,
            approved_by,
        )
        if (settings := self.settings) is not None:
            settings.recorder.async_record(call)
        return call

    def _check_call(
        self, tool_input: ToolInput, llm_context: LLMContext, *, confirmed: bool
    ) -> dict[str, Any] | Cleared | Stop:
        """Return the arguments of a call that may run, or the answer that stops it.

        Refused when the hub was unregistered since the tool was listed (a reload or unload:
        the new options may leave the tool out); arguments that are not an object are
        invalid before anything else looks at them; then validation (of the arguments less
        the token, for the gate); then the gate gets the checked arguments.
        """
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
        gate = None if confirmed else self.gate
        if gate is not None:
            tool_args = {k: v for k, v in tool_args.items() if k != TOKEN_ARGUMENT}
        validated = self.validate(tool_args)
        if isinstance(validated, ToolResult):
            return validated, "error"
        if gate is not None:
            return gate.check(self.name, tool_input, llm_context, validated)
        return validated

    async def _async_run(  # noqa: PLR0911  # one answer per way a call can fail
        self,
        hass: HomeAssistant,
        tool_input: ToolInput,
        tool_args: dict[str, Any],
        llm_context: LLMContext,
        *,
        confirmed: bool,
    ) -> ToolResult:
        """Run the original tool under its own name; return its result or a failed one.

        The call may run for ``HubCallSettings.timeout`` (default ``DEFAULT_TIMEOUT``, 60 s;
        at most ``MCP_SERVER_CALL_LIMIT`` for MCP Server, whose own request limit is 60 s:
        ``mcp_server/http.py`` ``TIMEOUT``); then it is cancelled and the model is told.
        The result's data is made JSON-safe (``results.json_safe``); data that cannot be is a
        failed result naming the tool.

        ``asyncio.CancelledError`` propagates when the caller's task is being cancelled (the
        conversation or MCP request ended). Raised by the tool's own code while nobody
        cancels the caller, it is a bug of the tool and fails the call like any unexpected
        exception.
        """
        seconds, deadlines = self._time_limit(hass, llm_context)
        inner_input = ToolInput(
            tool_name=self.tool.name,
            tool_args=tool_args,
            id=tool_input.id,
            external=tool_input.external,
        )
        call: Awaitable[ToolResult | dict[str, Any]]
        scope = self.settings.scope if self.settings is not None else None
        resolved = scope.resolve(hass) if scope is not None and not scope.empty else None
        deadline = asyncio.timeout(None)  # ended by the hub's deadlines, not a timer of its own
        try:
            with entered(resolved):
                if isinstance(self.tool, HubTool):
                    # A tool of a selected hub: tell it whether this call is confirmed.
                    call = self.tool.async_call(hass, inner_input, llm_context, confirmed=confirmed)
                elif scopes_entered():
                    call = async_call_in_scope(hass, self.tool, inner_input, llm_context)
                else:
                    call = self.tool.async_call(hass, inner_input, llm_context)
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
        return self._json_safe(result)

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
        """Return the tool's result with JSON-safe data, or a failed result naming the tool.

        A plain dict result is deprecated by Home Assistant and accepted until 2027.11.
        """
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
        if safe is data and isinstance(result, ToolResult):
            return result  # plain JSON already (most results): nothing to make anew
        return ToolResult(data=safe, error=error)

    def _error_text(self, err: HomeAssistantError) -> str:
        """Return the words of a ``HomeAssistantError`` the tool raised, for the model.

        One raised from an ``Invalid`` (an intent's ``InvalidSlotInfo``) adds the
        ``Invalid``'s words, which name the argument.
        """
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
        """Return the arguments the original tool gets, or the failed result to answer with.

        The arguments are the model's own (``arguments.tool_arguments``), not the validators'
        output.
        """
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
        """Return whether ``other`` is interchangeable with the original tool.

        ``other`` may be the original, another instance of it, or another ``HubTool``:
        Home Assistant 2026.11's ``MergedAPI`` keeps one of the tools that compare equal, so
        an agent that selects a hub and the API it draws from lists each tool once.
        """
        if not isinstance(other, Tool):
            return NotImplemented
        return interchangeable(unwrap(self), unwrap(other))

    @override
    def __hash__(self) -> int:
        """Hash like the original tool, so a wrapper and its original meet in sets and dicts."""
        return hash(unwrap(self))


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
    """Return whether two tools are the same tool for a model (merged into one).

    Equal tools are (the spec's merging relies on ``==``). So are two instances of one class
    with the same name and equal attributes, like the ``llm__GetDateTime`` that the ``llm``
    integration contributes to every API: the same tool, built once per API. Parameters
    built per instance (e.g. ``system_log__get_logs``) hold validators that compare by
    identity (``probatio.In``), so parameters count as equal when they convert to the same
    JSON Schema.
    """
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
    """Return whether two parameters schemas are equal or render as the same JSON Schema.

    Raises what the conversion raises (``interchangeable`` takes that as "not the same").
    """
    if first is second or first == second:
        return True
    return bool(
        probatio.to_openapi(first, custom_serializer=selector_serializer)
        == probatio.to_openapi(second, custom_serializer=selector_serializer)
    )


def _attributes(tool: Tool) -> dict[str, Any]:
    """Return the instance attributes of a tool."""
    return getattr(tool, "__dict__", {})
