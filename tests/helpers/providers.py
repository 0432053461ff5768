"""What each model provider accepts of a tool's parameters, checked as each agent converts."""

from __future__ import annotations

from typing import Any

from anthropic.lib._parse._transform import transform_schema
from google.genai import types as genai_types
import jsonschema  # type: ignore[import-untyped]
import ollama
import probatio

from homeassistant.components.anthropic import entity as anthropic_entity
from homeassistant.components.google_generative_ai_conversation import entity as google_entity
from homeassistant.components.mcp_server import server as mcp_server
from homeassistant.components.ollama import entity as ollama_entity
from homeassistant.components.openai_conversation import entity as openai_entity
from homeassistant.helpers import llm


def gemini_violations(schema: genai_types.Schema, where: str = "parameters") -> list[str]:
    """Return where a Gemini ``Schema`` breaks the rules the Gemini API enforces.

    As its 400 errors word them: "type: must be specified" (TYPE_UNSPECIFIED), "enum: only
    allowed for STRING type", string formats other than enum/date-time, "items: missing
    field" on ARRAY, "properties: should be non-empty for OBJECT type", "properties/required:
    only allowed for OBJECT type", "required[0]: property is not defined".
    """
    kind = schema.type
    checks = {
        "no type": kind in (None, genai_types.Type.TYPE_UNSPECIFIED),
        "enum on a type other than STRING": schema.enum is not None
        and kind != genai_types.Type.STRING,
        f"format {schema.format}": kind == genai_types.Type.STRING
        and schema.format not in (None, "enum", "date-time"),
        "array without items": kind == genai_types.Type.ARRAY and schema.items is None,
        "object without properties": kind == genai_types.Type.OBJECT and not schema.properties,
        "properties on a type other than OBJECT": kind != genai_types.Type.OBJECT
        and bool(schema.properties or schema.required),
        "required property not defined": bool(
            set(schema.required or ()) - set(schema.properties or {})
        ),
        "anyOf": bool(schema.any_of),
    }
    found = [f"{where}: {problem}" for problem, broken in checks.items() if broken]
    for name, sub in (schema.properties or {}).items():
        found.extend(gemini_violations(sub, f"{where}.{name}"))
    if schema.items is not None:
        found.extend(gemini_violations(schema.items, f"{where}[]"))
    return found


ANTHROPIC_PROPERTY_NAME = r"^[a-zA-Z0-9_.-]{1,64}$"
"""Anthropic's API: "input_schema.properties: Property keys should match pattern ..."."""


OPENAI_TOP_LEVEL_REFUSED = {"oneOf", "anyOf", "allOf", "enum", "not"}
"""What OpenAI refuses at the top of function parameters (Home Assistant strips it)."""


def _check_tool(tool: llm.Tool, custom_serializer: Any, clean: dict[str, Any]) -> None:
    """Run one exposed tool through every agent's conversion and every provider's rules."""
    # OpenAI: Home Assistant strips top-level combinators; nothing may be stripped.
    openai_spec = openai_entity._format_tool(tool, custom_serializer)
    assert openai_spec["parameters"] == clean
    assert clean["type"] == "object"
    assert "properties" in clean
    assert not OPENAI_TOP_LEVEL_REFUSED & clean.keys()
    jsonschema.Draft202012Validator.check_schema(clean)

    # Anthropic: the same, its SDK's own transform (every node must be typed), property keys.
    anthropic_spec = anthropic_entity._format_tool(tool, custom_serializer)
    assert anthropic_spec["input_schema"] == clean
    transform_schema(dict(anthropic_spec["input_schema"]))
    for name in clean["properties"]:
        assert jsonschema.Draft202012Validator({"pattern": ANTHROPIC_PROPERTY_NAME}).is_valid(name)

    # Google: the SDK's pydantic types validate on construction; then Gemini's own rules.
    google_spec = google_entity._format_tool(tool, custom_serializer)
    declaration = genai_types.Tool.model_validate(google_spec.model_dump()).function_declarations
    assert declaration is not None
    parameters = declaration[0].parameters
    assert probatio.to_openapi(tool.parameters, custom_serializer=custom_serializer) == clean
    if clean["properties"]:
        assert parameters is not None
        assert gemini_violations(parameters) == []
    else:
        assert parameters is None

    # Ollama: its client validates tools with its pydantic model.
    ollama_spec = ollama_entity._format_tool(tool, custom_serializer)
    assert ollama_spec["function"]["parameters"] == clean
    validated = ollama.Tool.model_validate(ollama_spec)
    assert validated.function is not None
    assert validated.function.parameters is not None
    for prop in (validated.function.parameters.properties or {}).values():
        assert prop.type is not None

    # MCP: Home Assistant's MCP Server keeps properties and required; draft 2020-12.
    mcp_tool = mcp_server._format_tool(tool, custom_serializer)
    expected = {"type": "object", "properties": clean["properties"]}
    if "required" in clean:
        expected["required"] = clean["required"]
    assert mcp_tool.inputSchema == expected
    jsonschema.Draft202012Validator.check_schema(mcp_tool.inputSchema)
