"""Shows what a model gets from an LLM API: the prompt and every tool as agents send it, with sizes.

Used by the ``llm_hub/api/describe`` websocket command (any registered API, hub or not), a
hub's diagnostics and the options flow's figures. Sizes are characters of prompt and tool
definitions and tokens estimated from them (``ESTIMATOR``); ``script/token_error.py``
measures the estimate's error against real tokenizers (figures in docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
import json
import math
import re
from typing import Any, Final

import probatio

from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm as llm_helper

from ..api import HubAPI
from ..build.builder import HubAPIInstance
from ..build.candidate import CandidateTool
from ..calls.tool import unwrap
from ..const import DOMAIN
from .bench_form import form_selectors

__all__ = [
    "ASSISTANT",
    "CHARS_PER_TOKEN",
    "DESCRIBE_PLATFORM",
    "ESTIMATOR",
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

DESCRIBE_PLATFORM: Final = DOMAIN
"""The ``LLMContext.platform`` of requests the inspector and test bench make."""

ASSISTANT: Final = "conversation"
"""The ``LLMContext.assistant`` whose exposed entities apply: ``conversation.DOMAIN``, as MCP
Server sets it (a literal: importing the conversation package only for it is costly)."""


def llm_context_for(
    hass: HomeAssistant,
    context: Context,
    *,
    language: str | None = None,
    device_id: str | None = None,
) -> llm_helper.LLMContext:
    """Return the ``LLMContext`` of an inspector request, shaped like an agent's.

    Like Home Assistant's MCP Server: the ``conversation`` assistant (whose exposed entities
    apply) and no device unless given; the language defaults to Home Assistant's. Home
    Assistant 2026.11 adds ``agent_id``, left at its default (no agent).
    """
    return llm_helper.LLMContext(
        platform=DESCRIBE_PLATFORM,
        context=context,
        language=language or hass.config.language,
        assistant=ASSISTANT,
        device_id=device_id,
    )


def describe_instance(instance: llm_helper.APIInstance) -> dict[str, Any]:
    """Return what a model gets from ``instance``, as JSON-ready data.

    ``{"api": {"id", "name", "hub"}, "prompt", "tools": [...], "size": {...}}``; each tool:
    ``name`` (listed), ``key`` (a hub's portable name, else null), ``original_name``,
    ``source`` (``integration``; ``api``: the API it came from, null for a tool contributed to
    a hub directly), ``title``, ``description``, ``annotations``, ``parameters`` (JSON Schema,
    converted the way agents and MCP Server convert them: ``probatio.to_openapi`` with the
    instance's ``custom_serializer``, OpenAPI 3.1; null with ``parameters_error`` when that
    fails), ``hidden`` (why a hub leaves it out, else null), for a hub's tools ``confirm``
    (calls need the user's confirmation) and ``schema_fixes`` (what making the schema
    acceptable to every provider changed), ``selectors`` (the Home Assistant selector of each
    parameter for a form, ``bench_form.form_selectors``), and ``size`` (``chars`` of its definition,
    estimated ``tokens``). ``warnings``: what a hub's build found that the user should know (a
    source left out for being slow, what of a source's prompt and tools the hub could not use
    (``source_checks``), a prompt naming a tool the hub renamed or does not list). Hidden tools
    are described too but not counted in ``size`` of the API (``measure``; for a hub with its
    tool limit, ``max_tools`` and ``over_limit``). ``search``:
    how a hub lists its tools (``search_summary``), null for other APIs; in search mode the
    tools behind ``search_tools`` are described as listed, with ``hidden`` null.
    """
    api = instance.api
    listed = {tool.name: tool for tool in instance.tools}
    tools: list[dict[str, Any]] = []
    if isinstance(instance, HubAPIInstance) and isinstance(api, HubAPI):
        tools.extend(
            _describe_candidate(item, listed.pop(item.name, None), api, instance)
            for item in instance.candidates
        )
    # Every tool of other APIs; for a hub, any listed tool its build did not consider.
    tools.extend(
        _describe_tool(
            tool,
            instance,
            source={"integration": unwrap(tool).integration, "api": api.id},
        )
        for tool in listed.values()
    )
    return {
        "api": {"id": api.id, "name": api.name, "hub": isinstance(api, HubAPI)},
        "prompt": instance.api_prompt,
        "tools": tools,
        "size": _size(instance),
        "search": search_summary(instance),
        "warnings": [*instance.warnings, *prompt_warnings(instance)]
        if isinstance(instance, HubAPIInstance)
        else [],
    }


def search_summary(instance: llm_helper.APIInstance) -> dict[str, Any] | None:
    """Return how a hub's instance lists its tools; None for other APIs.

    ``{"mode", "active", "pinned", "indexed", "terms"}``: the hub's ``tool_search.ToolMode``,
    whether this instance lists its tools by search, the pinned tool keys (sorted), and in
    search mode the tools and distinct terms of the index behind ``search_tools`` (else null).
    """
    api = instance.api
    if not isinstance(instance, HubAPIInstance) or not isinstance(api, HubAPI):
        return None
    index = instance.search_index
    return {
        "mode": api.search.mode.value,
        "active": index is not None,
        "pinned": sorted(api.search.pinned),
        "indexed": None if index is None else len(index),
        "terms": None if index is None else index.terms,
    }


def prompt_warnings(instance: HubAPIInstance) -> list[str]:
    """Return a warning for each tool the prompt names by a name the hub does not list it by.

    A tool the user gave an alias, or that the hub leaves out, may still be named in the
    prompt by its key or its own name (a contributor's prompt, the user's instructions, a
    selected API's prompt): the model is told to call a name it does not have.
    """
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


def _size(instance: llm_helper.APIInstance) -> dict[str, Any]:
    """Return the size figures of an instance; for a hub also its tool limit.

    ``max_tools`` is the hub's option (``CONF_MAX_TOOLS``) and ``over_limit`` whether the
    instance lists more tools than that (the options menu warns of the same).
    """
    sizes = measure(instance)
    size: dict[str, Any] = {**asdict(sizes), "estimator": ESTIMATOR}
    if isinstance(api := instance.api, HubAPI):
        size["max_tools"] = api.policy.max_tools
        size["over_limit"] = sizes.tools > api.policy.max_tools
    return size


def _describe_candidate(
    item: CandidateTool,
    tool: llm_helper.Tool | None,
    api: HubAPI,
    instance: llm_helper.APIInstance,
) -> dict[str, Any]:
    """Describe one candidate tool of a hub: as listed (``tool``), or as it would be if hidden."""
    original = unwrap(item.tool)
    selected = item.source in api.selected_api_ids
    entry = _describe_tool(
        tool or item.tool,
        instance,
        source={
            # A contributed tool without ``integration`` was tagged with its domain.
            "integration": original.integration or (None if selected else item.source),
            "api": item.source if selected else None,
        },
        name=item.name,
        description=item.description,
        parameters=item.parameters,
    )
    entry["key"] = item.key
    entry["hidden"] = item.hidden
    entry["confirm"] = item.confirm
    entry["schema_fixes"] = list(item.schema_fixes)
    return entry


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
        "annotations": asdict(tool.annotations) if tool.annotations else None,
        "parameters": None,
        "hidden": None,
    }
    try:
        definition = function_definition(name, description, parameters, instance.custom_serializer)
    except Exception as err:  # noqa: BLE001  # shown to the user, not raised
        result["parameters_error"] = f"{type(err).__name__}: {err}"
        chars = 0
    else:
        result["parameters"] = definition["parameters"]
        chars = definition_chars(definition)
    result["selectors"] = form_selectors(original.parameters, result["parameters"])
    result["size"] = {"chars": chars, "tokens": estimate_tokens(chars)}
    return result


# --- Sizes ---------------------------------------------------------------------------------


CHARS_PER_TOKEN: Final = 4.2
"""Characters per token of what hubs send models: English prompts and JSON tool definitions.

Measured with ``script/token_error.py`` against real tokenizers (docs/architecture.md has
the figures). Counts the text itself, not what a provider adds around tool definitions.
"""

ESTIMATOR: Final = f"characters / {CHARS_PER_TOKEN:g}, rounded up"
"""How ``tokens`` is estimated, in words (shown next to the figures)."""


@dataclass(frozen=True, slots=True)
class Sizes:
    """Size figures of an API instance as a model gets it."""

    tools: int
    """Number of tools."""
    prompt_chars: int
    """Characters of ``api_prompt``."""
    tools_chars: int
    """Characters of the tool definitions as compact JSON (name, description, parameters)."""
    tokens: int
    """Estimated tokens of prompt and tool definitions together (``estimate_tokens``)."""


def function_definition(
    name: str, description: str | None, parameters: Any, custom_serializer: Any
) -> dict[str, Any]:
    """Return a tool definition as agents send it: name, description, JSON Schema parameters.

    The parameters are converted the way Home Assistant's agents and MCP Server do
    (``probatio.to_openapi`` with the API's ``custom_serializer``, OpenAPI 3.1). Raises what
    the conversion raises for a schema it cannot convert.
    """
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
    """Return the size figures of an API instance.

    A tool whose parameters cannot be converted counts with its name and description only
    (an agent could not send it as it is).
    """
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
