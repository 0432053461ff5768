"""How big an API instance is for a model: characters of prompt and tool definitions, tokens.

The token count is an estimate from characters (``ESTIMATOR``); ``script/token_error.py``
measures its error against real tokenizers.
"""

from __future__ import annotations

from dataclasses import dataclass
import json
import math
from typing import Any, Final

import probatio

from homeassistant.helpers import llm as llm_helper

__all__ = [
    "CHARS_PER_TOKEN",
    "ESTIMATOR",
    "Sizes",
    "definition_chars",
    "estimate_tokens",
    "function_definition",
    "measure",
    "tool_definition",
]

CHARS_PER_TOKEN: Final = 4.2
"""Characters per token of what hubs send models: English prompts and JSON tool definitions.

Measured with ``script/token_error.py`` on Assist's prompt and tools (lights, fans, covers,
climate, media players, to-do lists, vacuums) and the test suite's tools: 4.33 characters per
token with cl100k_base and Llama 3, 4.31 with Qwen 3, 4.24 with o200k_base, 4.17 with the
legacy Claude tokenizer. A whole API's estimate is then within -2 % to +3.3 % of each of
them, a single tool's within -11 % to +20 % (small tools, rounding). Other languages than
English have fewer characters per token (German instructions: 3.0 to 4.4): underestimated by
up to 12 % (GPT-4, Llama 3, Qwen 3) or 28 % (legacy Claude). Counts the text itself, not
what a provider adds around tool definitions.
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
