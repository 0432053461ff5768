"""The tool a hub API exposes: a wrapper that validates, runs and reports one original tool."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
import time
from typing import TYPE_CHECKING, Any, Literal, override

import probatio
import voluptuous as vol

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

from .const import DEFAULT_TIMEOUT, LOGGER, MCP_SERVER_CALL_LIMIT, MCP_SERVER_PLATFORM
from .results import json_safe

if TYPE_CHECKING:
    from .api import HubAPI

__all__ = [
    "GatheredTool",
    "HubTool",
    "Outcome",
    "ToolCall",
    "error_result",
    "interchangeable",
    "unwrap",
]

type Outcome = Literal["ok", "error", "refused", "needs_confirmation"]
"""How a call through a hub ended (the audit trail's ``outcome``)."""

# Third-party integrations may still write parameters with voluptuous; in Home Assistant
# 2026.10 its Invalid is a different class from probatio's (in 2026.11 they are one).
INVALID_ERRORS: tuple[type[Exception], ...] = tuple({probatio.Invalid, vol.Invalid})


def error_result(error: str, message: str) -> ToolResult:
    """Return a failed call's result, shaped like Home Assistant's chat log shapes one.

    ``data`` is ``{"error": <error type>, "error_text": <message>}`` with ``error=True``
    (``components/conversation/chat_log.py`` does the same for a ``HomeAssistantError``).
    """
    return ToolResult(data={"error": error, "error_text": message}, error=True)


@dataclass(slots=True)
class ToolCall:
    """One finished call of a hub tool, as the hub records it (audit trail, counters)."""

    tool: HubTool
    tool_input: ToolInput
    """What the model sent: the exposed name and the arguments as given (not validated)."""
    llm_context: LLMContext
    result: ToolResult
    outcome: Outcome
    duration_ms: float
    """Wall-clock time of the call in milliseconds."""


@dataclass(slots=True)
class GatheredTool:
    """One tool a hub gathered for a request, with what the build decided about it.

    The build (``HubAPI.async_get_api_instance``) fills it in steps: merging sets ``tool``,
    ``source`` and ``wanted_name``; naming sets ``key`` and ``name``; policy and schema checks
    set ``hidden`` and ``parameters``. The tools not hidden become the instance's ``HubTool``s;
    all of them are kept on the instance for the inspector.
    """

    tool: Tool
    """The original tool (a ``HubTool`` when it came through a picked hub)."""
    source: str
    """The domain (contributed) or picked API id the tool came from."""
    wanted_name: str
    """The merged name: the tool's own name, or ``<namespace>__<name>`` on a collision."""
    key: str = ""
    """The portable, unique name before any alias: what options (selection, overrides) use."""
    name: str = ""
    """The exposed name: ``key`` or the user's alias for it."""
    description: str | None = None
    """The exposed description (the tool's own unless overridden)."""
    parameters: Any = None
    """The exposed parameters schema (what agents convert); arguments are still validated
    against the tool's own ``parameters``."""
    hidden: str | None = None
    """Why the hub does not expose the tool (a sentence for the inspector), or None."""
    confirm: bool = False
    """Whether calls run only after the user confirmed (policy; ``confirmation.py``)."""
    json_schema: dict[str, Any] | None = None
    """The clean JSON Schema the exposed ``parameters`` convert to (``schemas.py``); shared
    between requests, so never to be changed."""
    schema_fixes: Sequence[str] = ()
    """What making the schema acceptable to every provider changed, in words."""


class HubTool(Tool):
    """A tool of a hub API, exposed under ``name``, that runs ``tool`` under its own name.

    Calling it (``async_call``):
    - validates ``tool_args`` against ``tool.parameters`` first (the spec promises validated
      arguments; Home Assistant 2026.10/2026.11 do not validate) and passes the validated
      (coerced) arguments on;
    - never raises for a failure of the tool: invalid arguments, ``HomeAssistantError`` and
      unexpected exceptions become a failed ``ToolResult`` whose ``error_text`` the model
      can act on; unexpected ones are also logged with their traceback;
    - wraps a plain dict result in ``ToolResult`` (allowed by the spec until 2027.11).

    A ``HubTool`` compares equal to the tool it wraps (see ``__eq__``), so merging APIs that
    contain both (a hub and the API it draws from) keeps the tool once.
    """

    # A build makes one per tool per request: slots make that cheaper (measured: about 15 %).
    __slots__ = ("description", "hub", "name", "parameters", "source", "tool")

    def __init__(  # noqa: PLR0917  # positional: a build calls it per tool, keywords cost 2x
        self,
        name: str,
        tool: Tool,
        source: str,
        hub: HubAPI | None = None,
        description: str | None = None,
        parameters: Any = None,
    ) -> None:
        """Wrap ``tool``; ``source`` is the API id or domain it came from.

        ``hub`` is the hub API whose instance exposes the tool (its options set the timeout,
        confirmation and audit of calls); ``description`` and ``parameters`` replace the
        tool's own in what is exposed (arguments are validated against the tool's own).
        """
        self.name = name
        self.tool = tool
        self.source = source
        self.hub = hub
        self.description = tool.description if description is None else description
        self.parameters = tool.parameters if parameters is None else parameters

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
    def origin(self) -> str:
        """Return where the original tool comes from when hubs pick hubs: the innermost source."""
        return self.tool.origin if isinstance(self.tool, HubTool) else self.source

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: ToolInput, llm_context: LLMContext
    ) -> ToolResult:
        """Check, validate and run the call; report it to the hub (audit); return the result.

        Steps: the hub's checks (``HubAPI.async_check_call``: a hub reloaded since the tool
        was listed, the user's confirmation), validation against the original tool's
        parameters, the run (``_async_run``). Never raises for a failure of the tool or its
        arguments: the result says what went wrong in words the model can act on.
        """
        started = time.monotonic()
        hub = self.hub
        outcome: Outcome
        if (stop := self._check_confirmation(tool_input, llm_context)) is not None:
            result, outcome = stop
        elif isinstance(tool_args := self.validate(tool_input.tool_args), ToolResult):
            result, outcome = tool_args, "error"
        else:
            result = await self._async_run(hass, tool_input, tool_args, llm_context)
            outcome = "error" if result.error else "ok"
        if hub is not None:
            hub.async_record_call(
                ToolCall(
                    self,
                    tool_input,
                    llm_context,
                    result,
                    outcome,
                    (time.monotonic() - started) * 1000,
                )
            )
        return result

    def _check_confirmation(
        self, tool_input: ToolInput, llm_context: LLMContext
    ) -> tuple[ToolResult, Outcome] | None:
        """Return the answer when the call must not run (yet), or None to run it.

        Asks the hub (``HubAPI.async_check_call``); a tool of no hub always runs.
        """
        if self.hub is None:
            return None
        return self.hub.async_check_call(self, tool_input, llm_context)

    async def _async_run(
        self,
        hass: HomeAssistant,
        tool_input: ToolInput,
        tool_args: dict[str, Any],
        llm_context: LLMContext,
    ) -> ToolResult:
        """Run the original tool under its own name; return its result or a failed one.

        The call may run for the hub's timeout (``HubPolicy.timeout``: the option
        ``CONF_TIMEOUT``, default 60 s; at most ``MCP_SERVER_CALL_LIMIT`` for MCP Server,
        whose own request limit is 60 s: ``mcp_server/http.py`` ``TIMEOUT``); then it is
        cancelled and the model is told. The result's data is converted to plain JSON
        (``results.json_safe``); data that cannot be converted is a failed result naming the
        tool. ``asyncio.CancelledError`` is
        raised on only while the caller's task is being cancelled; a tool raising it of its
        own accord fails like any unexpected exception (logged with its traceback).
        """
        seconds = self.hub.policy.timeout if self.hub is not None else DEFAULT_TIMEOUT
        if llm_context.platform == MCP_SERVER_PLATFORM:
            # MCP Server answers HTTP 504 after its own 60 s: stop first, so the model hears why.
            seconds = min(seconds, MCP_SERVER_CALL_LIMIT)
        deadline = asyncio.timeout(seconds)
        try:
            async with deadline:
                result = await self.tool.async_call(
                    hass,
                    ToolInput(
                        tool_name=self.tool.name,
                        tool_args=tool_args,
                        id=tool_input.id,
                        external=tool_input.external,
                    ),
                    llm_context,
                )
        except HomeAssistantError as err:
            return error_result(type(err).__name__, str(err) or f"Tool {self.name} failed")
        except INVALID_ERRORS as err:
            # A tool that validates more itself (e.g. a service schema) says so this way.
            return error_result("InvalidArguments", f"Tool {self.name}: {err}")
        except (Exception, asyncio.CancelledError) as err:  # answered, logged
            task = asyncio.current_task()
            if isinstance(err, asyncio.CancelledError) and task is not None and task.cancelling():
                raise  # the caller is being cancelled (e.g. the conversation or MCP request)
            if isinstance(err, TimeoutError) and deadline.expired():
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
            LOGGER.exception("Tool %s (%s) raised an unexpected error", self.name, self.source)
            return error_result(
                type(err).__name__,
                f"Tool {self.name} failed unexpectedly: {err!r}",
            )
        if isinstance(result, ToolResult):
            data, error = result.data, result.error
        else:  # a plain dict: deprecated by Home Assistant, accepted until 2027.11
            data, error = result, False
        try:
            return ToolResult(data=json_safe(data), error=error)
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

    def validate(self, tool_args: dict[str, Any]) -> dict[str, Any] | ToolResult:
        """Return the validated (coerced) arguments, or the failed result to answer with."""
        if isinstance(self.tool, HubTool):
            # A hub picked by a hub: the inner wrapper validates; no need to do it twice.
            return tool_args
        try:
            validated: dict[str, Any] = self.tool.parameters(tool_args)
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
        an agent that picks a hub and the API it draws from shows each tool once.
        """
        if not isinstance(other, Tool):
            return NotImplemented
        return interchangeable(unwrap(self), unwrap(other))

    @override
    def __hash__(self) -> int:
        """Hash like the original tool, so a wrapper and its original meet in sets and dicts."""
        return hash(unwrap(self))


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
            _same_parameters(value, theirs[key])
            if key == "parameters"
            else bool(value == theirs[key])
            for key, value in mine.items()
        )
    except Exception:  # noqa: BLE001  # attributes that cannot be compared: not the same
        return False


def _same_parameters(first: Any, second: Any) -> bool:
    """Return whether two parameters schemas are equal or convert to the same JSON Schema.

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
