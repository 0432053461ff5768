"""Search mode through every agent's own converter: what the model is given and what it sends.

Each agent's ``_format_tool`` gives the model the meta-tools' schema; the model fills it as
that schema allows; the agent's own parsing turns the model's output into ``tool_args``;
the hub reads them. Google's agent turns ``arguments`` (an object without properties) into
``{"json": STRING}``, which the hub unwraps once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
import json
from typing import Any

from google.genai import types as genai_types
import jsonschema  # type: ignore[import-untyped]
import ollama
import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub.compose.builder import HubAPIInstance
from custom_components.llm_hub.search.meta_tools import CALL_TOOL, GOOGLE_PLATFORM
from homeassistant.components.anthropic import entity as anthropic_entity
from homeassistant.components.google_generative_ai_conversation import entity as google_entity
from homeassistant.components.mcp_server import server as mcp_server
from homeassistant.components.ollama import entity as ollama_entity
from homeassistant.components.openai_conversation import entity as openai_entity
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers import hubs

PARSE = "parser__parse"
"""A tool whose one parameter is named ``json``, like Google's wrapping."""
WANTED = {"size": "large", "cups": 2}
"""What the model means to send to ``BREW``."""
TEXT = "grind first\nthen brew, ünd"
"""A value with a newline and a non-ASCII letter."""


def _through_json(arguments: dict[str, Any]) -> dict[str, Any]:
    """Return the call of ``arguments`` (``_name``: the tool's) as JSON text reads back."""
    sent: dict[str, Any] = json.loads(
        json.dumps({"name": arguments.pop("_name"), "arguments": arguments})
    )
    return sent


def _openai(tool: llm.Tool, serializer: Any, arguments: dict[str, Any]) -> dict[str, Any]:
    """OpenAI: the model writes JSON text of the parameters; the agent ``json.loads`` it."""
    spec: dict[str, Any] = dict(openai_entity._format_tool(tool, serializer))
    assert spec["parameters"]["properties"]["arguments"]["type"] == "object"
    sent = _through_json(arguments)
    jsonschema.validate(sent, spec["parameters"])
    return sent


def _anthropic(tool: llm.Tool, serializer: Any, arguments: dict[str, Any]) -> dict[str, Any]:
    """Anthropic: partial JSON added up, then ``json.loads``."""
    spec = anthropic_entity._format_tool(tool, serializer)
    sent = _through_json(arguments)
    jsonschema.validate(sent, spec["input_schema"])
    return sent


def _google(tool: llm.Tool, serializer: Any, arguments: dict[str, Any]) -> dict[str, Any]:
    """Google: ``arguments`` is ``{"json": STRING}``; the agent escape-decodes the call's args."""
    spec = google_entity._format_tool(tool, serializer)
    declarations = spec.function_declarations
    assert declarations is not None
    parameters = declarations[0].parameters
    assert parameters is not None
    assert parameters.properties is not None
    wrapped = parameters.properties["arguments"]
    assert wrapped.properties == {"json": genai_types.Schema(type=genai_types.Type.STRING)}
    assert wrapped.description is not None
    assert "JSON text" in wrapped.description
    name = arguments.pop("_name")
    # What Gemini sends back: JSON text whose escapes the agent decodes once more.
    text = json.dumps(arguments, ensure_ascii=False)
    args = {"name": name, "arguments": {"json": text}}
    call = genai_types.FunctionCall(name=CALL_TOOL, args=args)
    assert call.args is not None
    decoded = google_entity._escape_decode(call.args)
    assert isinstance(decoded, dict)
    return decoded


def _ollama(tool: llm.Tool, serializer: Any, arguments: dict[str, Any]) -> dict[str, Any]:
    """Ollama: its client validates the tool; small models send the object as JSON text."""
    spec = ollama_entity._format_tool(tool, serializer)
    assert ollama.Tool.model_validate(spec).function is not None
    sent = {"name": arguments.pop("_name"), "arguments": json.dumps(arguments)}
    return ollama_entity._parse_tool_args(sent)


def _mcp(tool: llm.Tool, serializer: Any, arguments: dict[str, Any]) -> dict[str, Any]:
    """MCP Server: the client sends the object as the input schema describes it."""
    spec = mcp_server._format_tool(tool, serializer)
    sent = {"name": arguments.pop("_name"), "arguments": arguments}
    jsonschema.validate(sent, spec.inputSchema)
    return sent


AGENTS: dict[str, Callable[[llm.Tool, Any, dict[str, Any]], dict[str, Any]]] = {
    "openai_conversation": _openai,
    "anthropic": _anthropic,
    GOOGLE_PLATFORM: _google,
    "ollama": _ollama,
    "mcp_server": _mcp,
}


@pytest.fixture
async def searching(hass: HomeAssistant, hub: MockConfigEntry) -> hubs.RecordingTool:
    """Put the hub in search mode with a tool whose parameter is named ``json``."""
    parser = hubs.RecordingTool(
        PARSE,
        integration="parser",
        parameters=probatio.Schema({probatio.Required("json"): str}),
    )
    hubs.add_llm_platform(
        hass, "parser", hubs.Contribution([parser], only_hubs=True), built_in=True
    )
    await hubs.async_set_options(hass, hub, "search", {"tool_mode": "search", "pinned_tools": []})
    return parser


async def _instance(hass: HomeAssistant, entry: MockConfigEntry, platform: str) -> HubAPIInstance:
    """Return the hub's instance for a request of the agent ``platform``."""
    context = replace(hubs.llm_context(), platform=platform)
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), context)
    assert isinstance(instance, HubAPIInstance)
    return instance


@pytest.mark.parametrize("platform", list(AGENTS))
async def test_call_tool_round_trip(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    searching: hubs.RecordingTool,
    calls: list[hubs.Call],
    platform: str,
) -> None:
    """What each agent makes of the model's ``call_tool`` reaches the tool as meant."""
    instance = await _instance(hass, hub, platform)
    call_tool = next(tool for tool in instance.tools if tool.name == CALL_TOOL)
    fill = AGENTS[platform]
    serializer = instance.custom_serializer

    sent = fill(call_tool, serializer, {"_name": hubs.BREW, **WANTED})
    result = await instance.async_call_tool(llm.ToolInput(tool_name=CALL_TOOL, tool_args=sent))
    assert not result.error, result
    assert calls == [(hubs.BREW, WANTED, None)]

    # A tool with its own ``json`` parameter gets it, whatever the agent does to the rest.
    sent = fill(call_tool, serializer, {"_name": PARSE, "json": TEXT})
    result = await instance.async_call_tool(llm.ToolInput(tool_name=CALL_TOOL, tool_args=sent))
    assert not result.error, result
    assert searching.calls[-1].tool_args == {"json": TEXT}


@pytest.mark.parametrize(
    ("name", "arguments", "platform", "expected"),
    [
        # Unwrapped once: a "json" inside the text is the tool's own.
        (PARSE, {"json": '{"json": "x"}'}, GOOGLE_PLATFORM, {"json": "x"}),
        (PARSE, {"json": '{"json": "x"}'}, "test", {"json": '{"json": "x"}'}),
        # For a tool without a "json" parameter the wrapping is read from any agent.
        (hubs.BREW, {"json": '{"size": "small"}'}, "test", {"size": "small", "cups": 1}),
        (hubs.BREW, '{"size": "small"}', "test", {"size": "small", "cups": 1}),
    ],
)
async def test_json_unwrapped_once(  # noqa: PLR0917  # fixtures and parameters
    hass: HomeAssistant,
    hub: MockConfigEntry,
    searching: hubs.RecordingTool,
    calls: list[hubs.Call],
    name: str,
    arguments: Any,
    platform: str,
    expected: dict[str, Any],
) -> None:
    """``{"json": <text>}`` is unwrapped exactly once, and only where it cannot be the tool's."""
    instance = await _instance(hass, hub, platform)
    result = await instance.async_call_tool(
        llm.ToolInput(tool_name=CALL_TOOL, tool_args={"name": name, "arguments": arguments})
    )
    assert not result.error, result
    got = searching.calls[-1].tool_args if name == PARSE else calls[-1][1]
    assert got == expected


async def test_google_quote_in_a_value(
    hass: HomeAssistant, hub: MockConfigEntry, searching: hubs.RecordingTool, calls: list[hubs.Call]
) -> None:
    """Google's agent decodes ``\\"`` inside the text to ``"``: the model hears what to send."""
    instance = await _instance(hass, hub, GOOGLE_PLATFORM)
    call_tool = next(tool for tool in instance.tools if tool.name == CALL_TOOL)
    sent = _google(call_tool, None, {"_name": PARSE, "json": 'say "hi"'})
    result = await instance.async_call_tool(llm.ToolInput(tool_name=CALL_TOOL, tool_args=sent))
    assert result.error
    assert result.data == {
        "error": "InvalidArguments",
        "error_text": f"The arguments for tool {PARSE} must be an object of its parameters, "
        'e.g. {"name": "Kitchen light"}, or the JSON text of an object (write a quote inside '
        "a value as ' there); call it again with such an object.",
    }
    assert calls == []
