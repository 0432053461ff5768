"""The meta-tools of search mode: ``search_tools`` finds a hub's tools, ``call_tool`` calls one.

``call_tool`` goes through the named tool's own ``async_call``, so a call passes the same
pipeline as a direct one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
import json
from typing import Any, Final, Protocol, override

import probatio

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm as llm_helper

from ..calls.tool import HubTool, ToolCall, error_result
from ..const import DOMAIN, TOKEN_ARGUMENT
from .index import ToolIndex
from .meaning import MeaningSearch

__all__ = [
    "ARGUMENTS_HELP",
    "CALL_READ_ONLY_TOOL",
    "CALL_TOOL",
    "DEFAULT_SEARCH_LIMIT",
    "GOOGLE_PLATFORM",
    "HIDDEN_META_NAME",
    "MAX_SEARCH_LIMIT",
    "META_TOOLS",
    "READ_ONLY_PROMPT",
    "SCORE_FLOOR",
    "SEARCH_PROMPT",
    "SEARCH_TOOLS",
    "CallReadOnlyToolTool",
    "CallToolTool",
    "Refusals",
    "SearchToolsTool",
    "async_call_unlisted",
    "merged_names",
    "meta_tools",
    "not_available",
    "record_refusal",
    "search_prompt",
]

# Listed name of the search meta-tool.
SEARCH_TOOLS: Final = "search_tools"
# Listed name of the call meta-tool.
CALL_TOOL: Final = "call_tool"
# Listed name of the call meta-tool for read-only tools.
CALL_READ_ONLY_TOOL: Final = "call_read_only_tool"
# The names of the meta-tools.
META_TOOLS: Final = frozenset({SEARCH_TOOLS, CALL_TOOL, CALL_READ_ONLY_TOOL})
# Tools ``search_tools`` answers when the model gives no limit.
DEFAULT_SEARCH_LIMIT: Final = 5
# Most tools one ``search_tools`` call answers.
MAX_SEARCH_LIMIT: Final = 20
# Least relevance (``ToolIndex.search``) of a tool ``search_tools`` answers: below it the requests
# of ``bench/bench_search.py`` as a model writes them find no tool they expect.
SCORE_FLOOR: Final = 0.12

# What the model is told about the meta-tools (goes into the API prompt in search mode).
SEARCH_PROMPT: Final = (
    f"Most tools are not listed here: find them with {SEARCH_TOOLS}. Call {SEARCH_TOOLS} "
    "with a few keywords of what you need (what to do and to what, in English and in the "
    f"user's language), then call {CALL_TOOL} with the name of a tool it found and "
    "arguments that match that tool's parameters. Never guess a tool name; when nothing "
    "fits, search again with other words."
)
# Added to ``SEARCH_PROMPT`` where ``call_read_only_tool`` is listed.
READ_ONLY_PROMPT: Final = (
    f"A tool {SEARCH_TOOLS} marks read_only can also be called with {CALL_READ_ONLY_TOOL}, "
    "which calls read-only tools only."
)


# The description of ``arguments`` (Google's agent turns an object without properties into
# ``{"json": <text>}``: the description is all its model sees of the form).
ARGUMENTS_HELP: Final = (
    "The tool's arguments: an object that matches its parameters. Where this must be "
    "text, the JSON text of that object."
)
# The ``LLMContext.platform`` of Google's agent, whose wrapping ``_arguments`` undoes.
GOOGLE_PLATFORM: Final = "google_generative_ai_conversation"
# The one property Google's agent gives an object without properties.
_WRAPPED: Final = "json"


class SearchToolsTool(llm_helper.Tool):
    """The meta-tool ``search_tools``: the best-matching tools of a hub for a query.

    Answers ``{"tools": [{"name", "description", "parameters", "score"}, ...]}``, best
    first, none below ``SCORE_FLOOR``; an empty list with a hint when nothing matches well
    enough. Never raises.
    """

    name = SEARCH_TOOLS
    title = "Search tools"
    description = (
        "Find the tools to do what the user asks. Give a few keywords (what to do and to "
        "what, in English and in the user's language); returns the best-matching tools with "
        f"their parameters, to call with {CALL_TOOL}."
    )
    integration = DOMAIN
    annotations = llm_helper.ToolAnnotations(
        read_only=True, destructive=False, idempotent=True, open_world=False
    )
    parameters = probatio.Schema(
        {
            probatio.Required(
                "query", description="Keywords of what to do, e.g. 'turn on light kitchen'."
            ): str,
            probatio.Optional(
                "limit", description="How many tools to return.", default=DEFAULT_SEARCH_LIMIT
            ): probatio.All(int, probatio.Range(min=1, max=MAX_SEARCH_LIMIT)),
        }
    )

    def __init__(self, index: ToolIndex, meaning: MeaningSearch | None = None) -> None:
        """Search ``index`` (the hub's tools not listed directly), by meaning too if given."""
        self.index = index
        self.meaning = meaning
        self.calls: tuple[llm_helper.Tool, ...] = ()
        """The call meta-tools listed with it (``meta_tools`` sets them)."""

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: llm_helper.ToolInput,
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult:
        """Return the best-matching tools for ``query``."""
        args = tool_input.tool_args if isinstance(tool_input.tool_args, Mapping) else {}
        query = args.get("query", "")
        if not isinstance(query, str):
            query = json.dumps(query, ensure_ascii=False, default=str)
        limit = _limit(args.get("limit"))
        if self.meaning is None:
            found = self.index.search(query, limit, SCORE_FLOOR)
        else:
            found = await self.meaning.async_search(self.index, query, limit, SCORE_FLOOR)
        data: dict[str, Any] = {
            "tools": [card.definition() | {"score": round(score, 2)} for card, score in found]
        }
        if found and (merged := merged_names(self.calls)):
            data["how_to_call"] = (
                "These tools are not listed to you under their own names, so calling one by "
                "its name fails: call it through "
                + " or ".join(
                    f"{merged[call.name]} (read_only tools only)"
                    if call.name == CALL_READ_ONLY_TOOL
                    else merged[call.name]
                    for call in self.calls
                    if call.name in merged
                )
                + ' with {"name": its name, "arguments": its arguments}.'
            )
        if not found:
            data["hint"] = (
                f"No tool matched {query!r} well enough. Search again with other or fewer "
                "keywords, in English and in the user's language."
            )
        return llm_helper.ToolResult(data=data)


def merged_names(tools: Iterable[llm_helper.Tool]) -> dict[str, str]:
    """Return the names a conversation agent merging several APIs lists ``tools`` under."""
    from homeassistant.components.conversation.chat_log import (  # noqa: PLC0415
        current_chat_log,  # loaded with the conversation agents that call this
    )

    chat_log = current_chat_log.get()
    if (
        chat_log is None
        or chat_log.llm_api is None
        or not isinstance(chat_log.llm_api.api, llm_helper.MergedAPI)
    ):
        return {}
    wanted = {id(tool): tool.name for tool in tools}
    return {
        wanted[id(inner)]: listed.name
        for listed in chat_log.llm_api.tools
        if id(inner := getattr(listed, "tool", listed)) in wanted
    }


def _limit(value: Any) -> int:
    """Return the search limit the model asked for, within 1 and ``MAX_SEARCH_LIMIT``."""
    try:
        limit = int(value)
    except TypeError, ValueError, OverflowError:
        return DEFAULT_SEARCH_LIMIT
    return min(max(limit, 1), MAX_SEARCH_LIMIT)


class Refusals(Protocol):
    """Refuses calls of the tools a hub has but does not list (the build's left-out tools)."""

    def refuse(
        self, name: str, tool_input: llm_helper.ToolInput, llm_context: llm_helper.LLMContext
    ) -> llm_helper.ToolResult | None:
        """Return the refusal of a call of ``name``, recorded; None: the hub has no such tool."""


def not_available(name: str, reason: str) -> llm_helper.ToolResult:
    """Return the answer to a call of a tool the hub leaves out, ``reason`` a sentence."""
    return error_result(
        "ToolNotAvailable",
        f"Tool {name} is not available to you: {reason} Do not call it again; "
        "tell the user if it was needed.",
    )


def record_refusal(
    tool: llm_helper.Tool,
    tool_input: llm_helper.ToolInput,
    llm_context: llm_helper.LLMContext,
    result: llm_helper.ToolResult,
) -> llm_helper.ToolResult:
    """Record ``result`` as a refused call of ``tool`` in its hub's audit trail; return it."""
    if isinstance(tool, HubTool) and tool.settings is not None:
        tool.settings.recorder.async_record(
            ToolCall(tool, tool_input, llm_context, result, "refused", 0.0)
        )
    return result


def _union(tools: Iterable[llm_helper.Tool]) -> llm_helper.ToolAnnotations:
    """Return annotations true of a call of any of ``tools`` (the defaults for none)."""
    found = [tool.annotations for tool in tools]
    if not found:
        return llm_helper.ToolAnnotations()
    return llm_helper.ToolAnnotations(
        read_only=all(each.read_only for each in found),
        destructive=any(each.destructive and not each.read_only for each in found),
        idempotent=all(each.idempotent for each in found),
        open_world=any(each.open_world for each in found),
    )


class CallToolTool(llm_helper.Tool):
    """The meta-tool ``call_tool``: calls a tool of the hub by its listed name.

    The call runs the tool's own ``async_call`` (its whole pipeline); the annotations are
    true of a call of any of its tools. Never raises for the model's mistakes: each is
    answered in words (``docs/tool-search.md``).
    """

    name = CALL_TOOL
    title = "Call a tool"
    description = (
        f"Call a tool found with {SEARCH_TOOLS} by its name, with arguments that match its "
        "parameters."
    )
    integration = DOMAIN
    parameters = probatio.Schema(
        {
            probatio.Required("name", description=f"The tool's name from {SEARCH_TOOLS}."): str,
            probatio.Optional("arguments", description=ARGUMENTS_HELP): dict,
        }
    )

    def __init__(
        self,
        tools: Mapping[str, llm_helper.Tool],
        index: ToolIndex | None,
        left_out: Refusals | None = None,
    ) -> None:
        """Call ``tools`` by listed name; ``index`` suggests names, ``left_out`` refuses."""
        self.tools = tools
        self.index = index
        self.left_out = left_out
        self.annotations = _union(self._callable(tools.values()))

    def _callable(self, tools: Iterable[llm_helper.Tool]) -> list[llm_helper.Tool]:
        """Return those of ``tools`` this meta-tool calls."""
        return list(tools)

    def _refuses(self, name: str, tool: llm_helper.Tool) -> llm_helper.ToolResult | None:
        """Return why this meta-tool does not call ``tool``, or None."""
        return None

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: llm_helper.ToolInput,
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult:
        """Call the named tool with the arguments; return its result or why it did not run."""
        ran = await self.async_run(hass, tool_input, llm_context)
        return ran.result if isinstance(ran, ToolCall) else ran

    async def async_run(  # noqa: PLR0911  # one answer per way a call can fail
        self,
        hass: HomeAssistant,
        tool_input: llm_helper.ToolInput,
        llm_context: llm_helper.LLMContext,
    ) -> ToolCall | llm_helper.ToolResult:
        """Return ``async_call``'s answer, as the hub tool recorded it when one ran."""
        args = tool_input.tool_args if isinstance(tool_input.tool_args, Mapping) else {}
        name = args.get("name")
        if not isinstance(name, str) or not name.strip():
            return error_result(
                "InvalidArguments",
                f"Give the name of the tool to call as text, as {SEARCH_TOOLS} returned it.",
            )
        name = name.strip()
        if (tool := self.tools.get(name)) is None:
            return self._refusal(name, tool_input, llm_context)
        arguments = _arguments(
            args.get("arguments"),
            unwrap_json=llm_context.platform == GOOGLE_PLATFORM or not _takes_json(tool),
        )
        if arguments is None:
            return error_result(
                "InvalidArguments",
                f"The arguments for tool {name} must be an object of its parameters, "
                'e.g. {"name": "Kitchen light"}, or the JSON text of an object (write a '
                "quote inside a value as ' there); call it again with such an object.",
            )
        inner = llm_helper.ToolInput(
            tool_name=name, tool_args=arguments, id=tool_input.id, external=tool_input.external
        )
        if (refused := self._refuses(name, tool)) is not None:
            return record_refusal(tool, inner, llm_context, refused)
        proxy = merged_names((self,)).get(self.name, self.name)
        if isinstance(tool, HubTool):
            call = await tool.async_run(hass, inner, llm_context)
            _through_call_tool(proxy, name, call.result)
            return call
        try:
            result = await tool.async_call(hass, inner, llm_context)
        except HomeAssistantError as err:
            return error_result(type(err).__name__, str(err) or f"Tool {name} failed")
        if not isinstance(result, llm_helper.ToolResult):
            result = llm_helper.ToolResult(data=result)
        return _through_call_tool(proxy, name, result)

    def _refusal(
        self, name: str, tool_input: llm_helper.ToolInput, llm_context: llm_helper.LLMContext
    ) -> llm_helper.ToolResult:
        """Return why ``name`` cannot be called: a meta-tool, a left-out tool or no tool."""
        if name in META_TOOLS:
            return error_result(
                "InvalidArguments", f"Call {name} directly, not through {self.name}."
            )
        if self.left_out is not None and (
            refused := self.left_out.refuse(name, tool_input, llm_context)
        ):
            return refused
        if self.index is None:
            return error_result(
                "UnknownTool",
                f"There is no tool named {name}. Call one of the listed tools by its name.",
            )
        near = [card.name for card, _score in self.index.search(name, 3)]
        suggestion = f" Closest names: {', '.join(near)}." if near else ""
        return error_result(
            "UnknownTool",
            f"There is no tool named {name}.{suggestion} Call {SEARCH_TOOLS} to find the "
            "tool and use the name it returns.",
        )


class CallReadOnlyToolTool(CallToolTool):
    """The meta-tool ``call_read_only_tool``: ``call_tool`` for read-only tools only.

    It refuses (recorded) any tool not annotated read-only, so it is read-only itself.
    """

    name = CALL_READ_ONLY_TOOL
    title = "Call a read-only tool"
    description = (
        f"Call a tool that {SEARCH_TOOLS} marks read_only by its name, with arguments that "
        "match its parameters."
    )

    @override
    def _callable(self, tools: Iterable[llm_helper.Tool]) -> list[llm_helper.Tool]:
        """Return the read-only ones of ``tools``."""
        return [tool for tool in tools if tool.annotations.read_only]

    @override
    def _refuses(self, name: str, tool: llm_helper.Tool) -> llm_helper.ToolResult | None:
        """Refuse a tool not annotated read-only."""
        if tool.annotations.read_only:
            return None
        return error_result(
            "NotReadOnly",
            f"Tool {name} is not read-only, so {CALL_READ_ONLY_TOOL} does not call it. Call it "
            f"with {CALL_TOOL}; if {CALL_TOOL} is not available to you, tell the user.",
        )


async def async_call_unlisted(
    hass: HomeAssistant,
    tools: Sequence[llm_helper.Tool],
    tool_input: llm_helper.ToolInput,
    llm_context: llm_helper.LLMContext,
    left_out: Refusals | None,
) -> llm_helper.ToolResult | None:
    """Answer a call of a name not among ``tools`` (what an instance lists now), or None.

    A left-out tool is refused (recorded); None: no such tool (Home Assistant's "not found").
    """
    name = tool_input.tool_name
    if name == SEARCH_TOOLS:
        return error_result(
            "SearchOff",
            "Tool search is off: every tool is listed to you now. Call the listed tool "
            "that fits by its name.",
        )
    proxies = {tool.name: tool for tool in tools if isinstance(tool, CallToolTool)}
    proxy = proxies.get(CALL_TOOL) or proxies.get(CALL_READ_ONLY_TOOL)
    if name in META_TOOLS:
        if proxy is None:
            kind = CallReadOnlyToolTool if name == CALL_READ_ONLY_TOOL else CallToolTool
            proxy = kind({tool.name: tool for tool in tools}, None, left_out)
        return await proxy.async_call(hass, tool_input, llm_context)
    if proxy is not None:
        through = llm_helper.ToolInput(
            tool_name=proxy.name,
            tool_args={"name": name, "arguments": tool_input.tool_args},
            id=tool_input.id,
            external=tool_input.external,
        )
        return await proxy.async_call(hass, through, llm_context)
    return None if left_out is None else left_out.refuse(name, tool_input, llm_context)


def _through_call_tool(
    proxy: str, name: str, result: llm_helper.ToolResult
) -> llm_helper.ToolResult:
    """Return ``result``; a request for confirmation also says how to confirm through here."""
    data = result.data
    # An approval's answer is no error: its words are in "message".
    key = "error_text" if result.error else "message"
    if (
        isinstance(data, dict)
        and isinstance(token := data.get(TOKEN_ARGUMENT), str)
        and isinstance(text := data.get(key), str)
    ):
        data[key] = (
            f"{text} Call it through {proxy}: name {name!r} and the same arguments plus "
            f'"{TOKEN_ARGUMENT}": "{token}".'
        )
    return result


def _arguments(value: Any, *, unwrap_json: bool) -> dict[str, Any] | None:
    """Return the arguments the model sent as an object, or None when they are none.

    ``unwrap_json`` reads ``{"json": <text>}`` (Google's agent's empty object) as that text, once.
    """
    if value is None or value == "":
        return {}
    if (
        unwrap_json
        and isinstance(value, Mapping)
        and len(value) == 1
        and isinstance(wrapped := value.get(_WRAPPED), str)
    ):
        value = wrapped
    if isinstance(value, str):
        try:
            # Not strict: Google's agent decodes escapes, so a newline in a value is raw.
            value = json.loads(value, strict=False)
        except ValueError:
            return None
    if isinstance(value, Mapping):
        return {str(key): item for key, item in value.items()}
    return None


def _takes_json(tool: llm_helper.Tool) -> bool:
    """Return whether ``tool`` has a parameter named ``json`` (then ``{"json": ...}`` is its)."""
    schema = getattr(tool, "json_schema", None)
    if isinstance(schema, Mapping):
        return _WRAPPED in schema.get("properties", {})
    parameters = getattr(tool.parameters, "schema", None)
    return isinstance(parameters, Mapping) and any(str(key) == _WRAPPED for key in parameters)


def meta_tools(
    index: ToolIndex,
    tools: Mapping[str, llm_helper.Tool],
    left_out: Refusals | None = None,
    meaning: MeaningSearch | None = None,
) -> list[llm_helper.Tool]:
    """Return ``search_tools`` over ``index``, ``call_tool`` and ``call_read_only_tool``."""
    search = SearchToolsTool(index, meaning)
    search.calls = (CallToolTool(tools, index, left_out),)
    if any(card.read_only for card in index.cards):
        search.calls += (CallReadOnlyToolTool(tools, index, left_out),)
    return [search, *search.calls]


def search_prompt(tools: Sequence[llm_helper.Tool]) -> str:
    """Return ``SEARCH_PROMPT``, and how to call read-only tools when ``tools`` list the way."""
    if any(tool.name == CALL_READ_ONLY_TOOL for tool in tools):
        return f"{SEARCH_PROMPT} {READ_ONLY_PROMPT}"
    return SEARCH_PROMPT


# Why a tool is not listed in search mode when its listed name is a meta-tool's.
HIDDEN_META_NAME: Final = (
    f"in search mode its name is the name of a meta-tool ({SEARCH_TOOLS}, {CALL_TOOL} or "
    f"{CALL_READ_ONLY_TOOL}); "
    "give it another name in the options (tool names and descriptions)"
)
