"""Shows what a model gets from an LLM API: the prompt and every tool as agents send it, with sizes.

Sizes are characters of prompt and tool definitions, and tokens estimated from them
(``ESTIMATOR``; its error against real tokenizers is in docs/inspector.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache
import json
import math
import re
import time
from typing import Any, Final

import probatio

from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm as llm_helper

from ..api import HubAPI
from ..calls.tool import unwrap
from ..compose import policy
from ..compose.builder import HubAPIInstance
from ..compose.candidate import HIDDEN_NO_TOKEN, HIDDEN_OWN_TOKEN, CandidateTool
from ..compose.policy import ASK_INNER
from ..confirm.conditions import argument_names, condition_symbols, condition_words
from ..const import CLIENT_TOOL_LIMIT, DOMAIN
from ..schema.cache import MAX_AGE
from ..scope.assist import SCOPE_UNKNOWN, WRITTEN_OUTSIDE, scope_note
from ..search.meta_tools import HIDDEN_META_NAME, META_TOOLS
from .bench_form import form_selectors

__all__ = [
    "ASSISTANT",
    "CHARS_PER_TOKEN",
    "DESCRIBE_PLATFORM",
    "ESTIMATOR",
    "REASON_KEYS",
    "Sizes",
    "definition_chars",
    "describe_instance",
    "estimate_tokens",
    "function_definition",
    "llm_context_for",
    "measure",
    "prompt_warnings",
    "search_summary",
    "tool_definition",
]

DESCRIBE_PLATFORM: Final = DOMAIN  # LLMContext.platform of the inspector's and bench's requests
# LLMContext.assistant whose exposed entities apply, as MCP Server sets it; a literal for
# conversation.DOMAIN, whose package is costly to import.
ASSISTANT: Final = "conversation"


# The key of each fixed reason under config_panel.reason (the panel shows it translated).
REASON_KEYS: Final = {
    policy.HIDDEN_EXCLUDED: "excluded",
    policy.HIDDEN_NEW: "new",
    policy.HIDDEN_NOT_READ_ONLY: "not_read_only",
    policy.HIDDEN_DESTRUCTIVE: "destructive",
    policy.HIDDEN_OPEN_WORLD: "open_world",
    HIDDEN_NO_TOKEN: "no_token",
    HIDDEN_OWN_TOKEN: "own_token",
    HIDDEN_META_NAME: "meta_name",
    policy.ASK_NAMED.reason: "ask_named",
    policy.ASK_DESTRUCTIVE.reason: "ask_destructive",
    policy.ASK_UNKNOWN.reason: "ask_unknown",
    policy.ASK_EVERY.reason: "ask_every",
    ASK_INNER: "ask_inner",
    policy.ASK_INTENT: "ask_intent",
    policy.ASK_SCRIPT: "ask_script",
    WRITTEN_OUTSIDE: "written_outside",
    SCOPE_UNKNOWN: "scope_unknown",
}


def llm_context_for(
    hass: HomeAssistant,
    context: Context,
    *,
    language: str | None = None,
    device_id: str | None = None,
) -> llm_helper.LLMContext:
    """Return the ``LLMContext`` of an inspector request, as core's ``mcp_server`` makes one."""
    return llm_helper.LLMContext(
        platform=DESCRIBE_PLATFORM,
        context=context,
        language=language or hass.config.language,
        assistant=ASSISTANT,
        device_id=device_id,
    )


def describe_instance(instance: llm_helper.APIInstance) -> dict[str, Any]:
    """Return what a model gets: ``{"api", "prompt", "tools", "size", "search", "warnings"}``."""
    # "api" is {"id", "name", "hub"}, the rest as docs/inspector.md describes it; hidden tools
    # do not count in size.
    api = instance.api
    names = {known.id: known.name for known in llm_helper.async_get_apis(api.hass)}
    listed = {tool.name: tool for tool in instance.tools}
    searching = isinstance(instance, HubAPIInstance) and instance.search_index is not None
    candidates: list[dict[str, Any]] = []
    if isinstance(instance, HubAPIInstance) and isinstance(api, HubAPI):
        candidates.extend(
            _describe_candidate(item, listed.pop(item.name, None), api, instance, names)
            for item in instance.candidates
        )
    # Every tool of other APIs; for a hub, any listed tool its build did not consider.
    tools = [
        _describe_tool(
            tool,
            instance,
            source={
                "integration": unwrap(tool).integration,
                "api": api.id,
                "api_name": api.name,
            },
        )
        | {"listed": True, "meta": searching and tool.name in META_TOOLS}
        for tool in listed.values()
    ]
    return {
        "api": {"id": api.id, "name": api.name, "hub": isinstance(api, HubAPI)},
        "prompt": instance.api_prompt,
        "tools": [*tools, *candidates],
        "size": _size(instance, [entry for entry in (*tools, *candidates) if entry["listed"]]),
        "search": search_summary(instance),
        "warnings": [*instance.warnings, *prompt_warnings(instance)]
        if isinstance(instance, HubAPIInstance)
        else [],
    }


def search_summary(instance: llm_helper.APIInstance) -> dict[str, Any] | None:
    """Return a hub's tool search in figures, else None.

    ``{"mode", "active", "pinned", "indexed", "terms", "listed", "reachable", "meta_tools",
    "meaning"}``; ``meaning`` (None while off): ``MeaningSearch.summary``.
    """
    api = instance.api
    if not isinstance(instance, HubAPIInstance) or not isinstance(api, HubAPI):
        return None
    index = instance.search_index
    reachable = instance.tools if instance.reachable is None else instance.reachable
    return {
        "mode": api.search.mode.value,
        "active": index is not None,
        "pinned": sorted(api.search.pinned),
        "indexed": None if index is None else len(index),
        "terms": None if index is None else index.terms,
        "listed": len(instance.tools),
        "reachable": len(reachable),
        "meta_tools": [tool.name for tool in instance.tools if tool.name in META_TOOLS]
        if index is not None
        else [],
        "meaning": None if (meaning := api.meaning) is None else meaning.summary(index),
    }


def prompt_warnings(instance: HubAPIInstance) -> list[str]:
    """Return a warning for each tool the prompt names by a name the hub does not list."""
    listed = {tool.name for tool in instance.tools}
    warnings: list[str] = []
    for item in instance.candidates:
        if item.hidden is None and item.name == item.key:
            continue
        for old in dict.fromkeys((item.key, unwrap(item.tool).name)):
            if old in listed or not _names(instance.api_prompt, old):
                continue
            if item.hidden is None:
                warnings.append(
                    f"The prompt names the tool {old}, which this hub lists as {item.name}; "
                    f"tell the model the new name in the hub's instructions."
                )
            else:
                warnings.append(
                    f"The prompt names the tool {old}, which this hub does not list "
                    f"({item.hidden})."
                )
            break
    return warnings


def _names(text: str, name: str) -> bool:
    """Return whether ``text`` names ``name`` as a whole tool name (not inside a longer one)."""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def _size(instance: llm_helper.APIInstance, listed: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the sizes of an instance from its ``listed`` tools' descriptions, and limits."""
    sizes = _measured(instance, listed)
    size: dict[str, Any] = {
        **asdict(sizes),
        "estimator": ESTIMATOR,
        "client_limit": CLIENT_TOOL_LIMIT,
        "over_client_limit": sizes.tools > CLIENT_TOOL_LIMIT,
    }
    if isinstance(api := instance.api, HubAPI):
        size["max_tools"] = api.options.max_tools
        size["over_limit"] = sizes.tools > api.options.max_tools
    return size


def _measured(instance: llm_helper.APIInstance, listed: list[dict[str, Any]]) -> Sizes:
    """Return ``measure(instance)`` from the tools' described sizes (the same figures)."""
    if len(listed) != len(instance.tools) or any("parameters_error" in t for t in listed):
        return measure(instance)
    # Compact JSON of a list: its brackets, each definition and a comma between two.
    tools_chars = 2 + sum(entry["size"]["chars"] for entry in listed) + max(len(listed) - 1, 0)
    prompt_chars = len(instance.api_prompt)
    return Sizes(
        tools=len(listed),
        prompt_chars=prompt_chars,
        tools_chars=tools_chars,
        tokens=estimate_tokens(prompt_chars + tools_chars),
    )


def _describe_candidate(
    item: CandidateTool,
    tool: llm_helper.Tool | None,
    api: HubAPI,
    instance: llm_helper.APIInstance,
    names: dict[str, str],
) -> dict[str, Any]:
    """Describe a hub's candidate tool as listed (``tool``), else as it is; ``names`` by API id."""
    original = unwrap(item.tool)
    selected = item.source in api.selected_api_ids
    entry = _describe_tool(
        tool or item.tool,
        instance,
        source={
            # A contributed tool without ``integration`` was tagged with its domain.
            "integration": original.integration or (None if selected else item.source),
            "api": item.source if selected else None,
            "api_name": names.get(item.source, item.source) if selected else None,
        },
        name=item.name,
        description=item.description,
        parameters=item.parameters,
    )
    entry["key"] = item.key
    entry["hidden"] = item.hidden
    entry["listed"] = tool is not None
    entry["meta"] = False
    entry["confirm"] = item.marked  # as its listed schema says (a token parameter)
    reason = _confirm_reason(item)
    entry["confirm_when"] = None
    if reason is not None and item.asking is not None and item.conditions:
        arguments = argument_names(item.json_schema)
        entry["confirm_when"] = [
            {"text": condition_symbols(condition), "known": condition.argument in arguments}
            for condition in item.conditions
        ]
        entry["confirm_reason"] = (
            f"{reason}, only when {condition_words(item.conditions, arguments)}"
        )
    else:
        entry["confirm_reason"] = reason
    entry["hidden_key"] = REASON_KEYS.get(item.hidden or "")
    entry["confirm_key"] = REASON_KEYS.get(reason or "")
    entry["schema_fixes"] = list(item.schema_fixes)
    if not api.scope.empty:  # how the hub's scope limits the tool (None: it does not)
        entry["scope"] = None if item.hidden is not None else scope_note(original)
    return entry


def _confirm_reason(item: CandidateTool) -> str | None:
    """Return why calls of a hub's tool may ask the user, in words (None: none may now)."""
    if not item.marked:
        return None
    return ASK_INNER if item.asking is None else item.asking.reason


def _describe_tool(
    tool: llm_helper.Tool,
    instance: llm_helper.APIInstance,
    *,
    source: dict[str, str | None],
    name: str | None = None,
    description: str | None = None,
    parameters: Any = None,
) -> dict[str, Any]:
    """Describe one tool; ``name``, ``description``, ``parameters`` override the tool's."""
    original = unwrap(tool)
    name = name or tool.name
    description = tool.description if description is None else description
    parameters = tool.parameters if parameters is None else parameters
    result: dict[str, Any] = {
        "name": name,
        "key": None,
        "original_name": original.name,
        "source": source,
        "title": tool.title,
        "description": description,
        "annotations": _annotations_data(tool.annotations) if tool.annotations else None,
        "parameters": None,
        "hidden": None,
    }
    sources = (parameters, original.parameters, instance.custom_serializer)
    # A hub's serializers are a new chain per build, equal while the same serializers.
    key = (name, description, id(parameters), id(original.parameters), sources[2])
    described = _DESCRIBED.get(key)
    now = time.monotonic()
    if (
        described is None
        or described.made <= now - MAX_AGE
        or described.sources[0] is not parameters
        or described.sources[1] is not original.parameters
    ):
        described = _described(name, description, sources, made=now)
        if len(_DESCRIBED) >= _MAX_DESCRIBED:
            _DESCRIBED.clear()
        _DESCRIBED[key] = described
    if described.error is not None:
        result["parameters_error"] = described.error
    result["parameters"] = described.parameters
    result["selectors"] = described.selectors
    result["size"] = {"chars": described.chars, "tokens": estimate_tokens(described.chars)}
    return result


def _annotations_data(annotations: llm_helper.ToolAnnotations) -> dict[str, Any]:
    """Return annotations as data (shared and read-only when they can be hashed)."""
    try:
        return _shared_annotations(annotations)
    except TypeError:  # annotations of a class that cannot be hashed
        return asdict(annotations)


@lru_cache(maxsize=64)
def _shared_annotations(annotations: llm_helper.ToolAnnotations) -> dict[str, Any]:
    """Return annotations as data, once per value: tools share a few annotations."""
    return asdict(annotations)


@dataclass(frozen=True, slots=True)
class _Described:
    """What describing one tool's definition gave, shared by describes until ``MAX_AGE``."""

    # The parameters, the original's parameters and the serializer it was made from.
    sources: tuple[Any, Any, Any]
    parameters: dict[str, Any] | None
    chars: int
    selectors: dict[str, Any]
    error: str | None
    made: float


# Tools' described definitions by name, description, ids of both parameters, and serializer.
_DESCRIBED: dict[tuple[Any, ...], _Described] = {}
# Most definitions kept; past it they are made again (a describe of 2,000 tools keeps them all).
_MAX_DESCRIBED: Final = 8192


def _described(
    name: str, description: str | None, sources: tuple[Any, Any, Any], *, made: float
) -> _Described:
    """Return the definition of one tool as agents get it, its size and the bench's selectors."""
    parameters, own_parameters, serializer = sources
    error = listed = None
    try:
        definition = function_definition(name, description, parameters, serializer)
    except Exception as err:  # noqa: BLE001  # shown to the user, not raised
        error = f"{type(err).__name__}: {err}"
        chars = 0
    else:
        listed = definition["parameters"]
        chars = definition_chars(definition)
    return _Described(sources, listed, chars, form_selectors(own_parameters, listed), error, made)


# --- Sizes ---------------------------------------------------------------------------------


# Characters per token of English prompts and JSON tool definitions (docs/inspector.md).
CHARS_PER_TOKEN: Final = 4.2
ESTIMATOR: Final = f"characters / {CHARS_PER_TOKEN:g}, rounded up"  # shown next to the figures


@dataclass(frozen=True, slots=True)
class Sizes:
    """Size figures of an API instance as a model gets it."""

    tools: int
    prompt_chars: int  # of api_prompt
    tools_chars: int  # of the definitions as compact JSON (name, description, parameters)
    tokens: int  # estimated, of prompt and definitions together


def function_definition(
    name: str, description: str | None, parameters: Any, custom_serializer: Any
) -> dict[str, Any]:
    """Return a tool definition as agents send it (OpenAPI 3.1); raises what conversion raises."""
    return {
        "name": name,
        "description": description or "",
        "parameters": probatio.to_openapi(
            parameters, custom_serializer=custom_serializer, openapi_version="3.1.0"
        ),
    }


def tool_definition(tool: llm_helper.Tool, custom_serializer: Any) -> dict[str, Any]:
    """Return ``function_definition`` of a tool's own name, description and parameters."""
    return function_definition(tool.name, tool.description, tool.parameters, custom_serializer)


def definition_chars(definition: Any) -> int:
    """Return the characters of a definition (or list of them) as compact JSON."""
    return len(json.dumps(definition, separators=(",", ":"), ensure_ascii=False))


def estimate_tokens(chars: int) -> int:
    """Return the estimated number of tokens of ``chars`` characters (rounded up)."""
    return math.ceil(chars / CHARS_PER_TOKEN)


def measure(instance: llm_helper.APIInstance) -> Sizes:
    """Return the size figures of an instance; unconvertible tools count without parameters."""
    definitions: list[dict[str, Any]] = []
    for tool in instance.tools:
        try:
            definitions.append(tool_definition(tool, instance.custom_serializer))
        except Exception:  # noqa: BLE001  # sizes must not fail on a broken schema
            definitions.append({"name": tool.name, "description": tool.description or ""})
    tools_chars = definition_chars(definitions)
    prompt_chars = len(instance.api_prompt)
    return Sizes(
        tools=len(instance.tools),
        prompt_chars=prompt_chars,
        tools_chars=tools_chars,
        tokens=estimate_tokens(prompt_chars + tools_chars),
    )
