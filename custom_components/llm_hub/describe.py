"""What a model gets from an LLM API: the prompt and every tool as agents send it, with sizes.

Used by the ``llm_hub/api/describe`` websocket command (any registered API, hub or not) and by
a hub's diagnostics.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Final

from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm as llm_helper

from .api import HubAPI, HubAPIInstance
from .const import DOMAIN
from .sizes import ESTIMATOR, definition_chars, estimate_tokens, function_definition, measure
from .tools import GatheredTool, unwrap

__all__ = ["ASSISTANT", "DESCRIBE_PLATFORM", "describe_instance", "llm_context_for"]

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
    ``name`` (exposed), ``key`` (a hub's portable name, else null), ``original_name``,
    ``source`` (``integration``; ``api``: the API it came from, null for a tool contributed to
    a hub directly), ``title``, ``description``, ``annotations``, ``parameters`` (JSON Schema,
    converted the way agents and MCP Server convert them: ``probatio.to_openapi`` with the
    instance's ``custom_serializer``, OpenAPI 3.1; null with ``parameters_error`` when that
    fails), ``hidden`` (why a hub leaves it out, else null), for a hub's tools ``confirm``
    (calls need the user's confirmation) and ``schema_fixes`` (what making the schema
    acceptable to every provider changed), and ``size`` (``chars`` of its definition,
    estimated ``tokens``). Hidden tools are listed too but not counted in ``size`` of the API
    (``sizes.measure``; for a hub with its tool limit, ``max_tools`` and ``over_limit``).
    """
    api = instance.api
    exposed = {tool.name: tool for tool in instance.tools}
    tools: list[dict[str, Any]] = []
    if isinstance(instance, HubAPIInstance) and isinstance(api, HubAPI):
        tools.extend(
            _describe_gathered(item, exposed.pop(item.name, None), api, instance)
            for item in instance.gathered
        )
    # Every tool of other APIs; for a hub, any exposed tool its build did not list.
    tools.extend(
        _describe_tool(
            tool,
            instance,
            source={"integration": unwrap(tool).integration, "api": api.id},
        )
        for tool in exposed.values()
    )
    return {
        "api": {"id": api.id, "name": api.name, "hub": isinstance(api, HubAPI)},
        "prompt": instance.api_prompt,
        "tools": tools,
        "size": _size(instance),
    }


def _size(instance: llm_helper.APIInstance) -> dict[str, Any]:
    """Return the size figures of an instance; for a hub also its tool limit.

    ``max_tools`` is the hub's option (``CONF_MAX_TOOLS``) and ``over_limit`` whether the
    instance exposes more tools than that (the options menu warns of the same).
    """
    sizes = measure(instance)
    size: dict[str, Any] = {**asdict(sizes), "estimator": ESTIMATOR}
    if isinstance(api := instance.api, HubAPI):
        size["max_tools"] = api.policy.max_tools
        size["over_limit"] = sizes.tools > api.policy.max_tools
    return size


def _describe_gathered(
    item: GatheredTool,
    tool: llm_helper.Tool | None,
    api: HubAPI,
    instance: llm_helper.APIInstance,
) -> dict[str, Any]:
    """Describe one tool a hub gathered: as exposed (``tool``), or as it would be if hidden."""
    original = unwrap(item.tool)
    picked = item.source in api.picked_api_ids
    entry = _describe_tool(
        tool or item.tool,
        instance,
        source={
            # A contributed tool without ``integration`` was tagged with its domain.
            "integration": original.integration or (None if picked else item.source),
            "api": item.source if picked else None,
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
    result["size"] = {"chars": chars, "tokens": estimate_tokens(chars)}
    return result
