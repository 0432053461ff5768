"""How big an API instance is for a model: characters of prompt and tool definitions, tokens."""

from __future__ import annotations

from dataclasses import dataclass
import json
import math
from typing import Any

import probatio

from homeassistant.helpers import llm as llm_helper

__all__ = ["Sizes", "estimate_tokens", "measure", "tool_definition"]

CHARS_PER_TOKEN = 4.0
"""Characters of English text and JSON per token, the usual rule of thumb for GPT-style BPE."""


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


def tool_definition(tool: llm_helper.Tool, custom_serializer: Any) -> dict[str, Any]:
    """Return a tool as agents send it: name, description and parameters as JSON Schema.

    The parameters are converted the way Home Assistant's agents and MCP Server do
    (``probatio.to_openapi`` with the API's ``custom_serializer``, OpenAPI 3.1).
    """
    return {
        "name": tool.name,
        "description": tool.description or "",
        "parameters": probatio.to_openapi(
            tool.parameters, custom_serializer=custom_serializer, openapi_version="3.1.0"
        ),
    }


def estimate_tokens(chars: int) -> int:
    """Return the estimated number of tokens of ``chars`` characters (rounded up)."""
    return math.ceil(chars / CHARS_PER_TOKEN)


def measure(instance: llm_helper.APIInstance) -> Sizes:
    """Return the size figures of an API instance."""
    definitions = [tool_definition(tool, instance.custom_serializer) for tool in instance.tools]
    tools_chars = len(json.dumps(definitions, separators=(",", ":"), ensure_ascii=False))
    prompt_chars = len(instance.api_prompt)
    return Sizes(
        tools=len(instance.tools),
        prompt_chars=prompt_chars,
        tools_chars=tools_chars,
        tokens=estimate_tokens(prompt_chars + tools_chars),
    )
