"""Every hub tool's parameters, through what every Home Assistant agent and provider does.

The oracles are the real code: the ``_format_tool`` of Home Assistant's openai_conversation,
anthropic, google_generative_ai_conversation, ollama and mcp_server integrations, the SDKs'
own types where they validate (google-genai's ``Tool``/``Schema``, ollama's ``Tool``,
anthropic's ``transform_schema``), JSON Schema meta-validation (draft 2020-12), and MCP
Server's ``tools/list`` over HTTP with the MCP SDK's client. On top, the provider rules that
no SDK checks but the APIs enforce, as their error messages state them (``*_VIOLATIONS``).

The tools are the corpus (``schema_corpus``) and Home Assistant's own Assist tools.
"""

from __future__ import annotations

from collections.abc import Callable
import json
import logging
from typing import Any
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings, strategies as st
import jsonschema  # type: ignore[import-untyped]
import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.llm_hub.compose.candidate import CandidateTool
from custom_components.llm_hub.compose.policy import HubPolicy
from custom_components.llm_hub.schema.parameters import (
    CleanSchema,
    UnacceptableSchemaError,
    clean_parameters,
    listed_parameters,
    listed_serializer,
)
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

from ..helpers.hubs import FixedAPI, RecordingTool, async_add_hub, hub_id, llm_context
from ..helpers.mcp import _async_setup_mcp_server, mcp_session
from ..helpers.providers import _check_tool
from ..helpers.schema_corpus import (
    CASES,
    HIDDEN,
    Case,
    Described,
    HiddenCase,
    corpus_serializer,
    serializer,
)

CASES_BY_NAME = {case.name: case for case in CASES}

ASSIST_FIXES = {
    # Home Assistant's own tools that no provider-neutral schema had: the unions and open
    # values Gemini cannot be given (it needs a type on every node).
    "homeassistant__GetLiveContext": ["domain: alternatives of 2 types taken as array"],
    "media_player__HassMediaPlayerMute": [
        "is_volume_muted: a value the schema does not describe taken as text"
    ],
    "media_player__HassMediaPlayerUnmute": [
        "is_volume_muted: a value the schema does not describe taken as text"
    ],
    "media_player__HassSetVolumeRelative": ["volume_step: alternatives of 2 types taken as string"],
}
"""The fixes the hub makes to the Assist tools; every other Assist tool is served unchanged."""


# --- The hub under test --------------------------------------------------------------------


def _corpus_tools() -> dict[str, RecordingTool]:
    """Return one recording tool per corpus case, hidden ones included."""
    cases: list[Case | HiddenCase] = [*CASES, *HIDDEN]
    return {case.name: RecordingTool(case.name, parameters=case.parameters) for case in cases}


async def _async_add_corpus_hub(
    hass: HomeAssistant, *, assist: bool = False, title: str = "Corpus"
) -> tuple[MockConfigEntry, dict[str, RecordingTool]]:
    """Register the corpus API; add a hub that picks it (and Assist); return both."""
    tools = _corpus_tools()
    llm.async_register_api(
        hass,
        FixedAPI(hass, "corpus", "Corpus", list(tools.values()), custom_serializer=serializer),
    )
    picks = ["corpus", "assist"] if assist else ["corpus"]
    entry = await async_add_hub(hass, title, {CONF_LLM_HASS_API: picks})
    return entry, tools


async def _async_setup_assist_tools(hass: HomeAssistant) -> None:
    """Set up Home Assistant's intents and exposed entities, so Assist offers its tools."""
    for domain in ("homeassistant", "llm", "intent", "light", "cover", "media_player", "todo"):
        assert await async_setup_component(hass, domain, {})
    for domain in ("fan", "climate", "vacuum"):
        assert await async_setup_component(hass, domain, {})
    for entity_id, name in (
        ("light.kitchen", "Kitchen"),
        ("cover.garage", "Garage"),
        ("media_player.tv", "TV"),
        ("todo.shopping", "Shopping"),
        ("fan.ceiling", "Ceiling"),
        ("climate.hall", "Hall"),
        ("vacuum.robot", "Robot"),
    ):
        hass.states.async_set(
            entity_id, "on", {"friendly_name": name, "supported_features": 0xFFFFF}
        )
    await hass.async_block_till_done()


def _gathered(instance: llm.APIInstance) -> dict[str, CandidateTool]:
    """Return what the hub's build decided for each tool, by exposed name."""
    return {item.name: item for item in instance.candidates}  # type: ignore[attr-defined]


def _clean(instance: llm.APIInstance, name: str) -> dict[str, Any]:
    """Return the clean schema the hub exposes for a tool."""
    schema = _gathered(instance)[name].json_schema
    assert schema is not None, name
    return schema


# --- Provider rules no SDK checks --------------------------------------------------------


# --- Tests -------------------------------------------------------------------------------


async def test_every_tool_through_every_agent(hass: HomeAssistant) -> None:
    """Each corpus and Assist tool converts, in every agent, to a schema each provider takes."""
    await _async_setup_assist_tools(hass)
    entry, _ = await _async_add_corpus_hub(hass, assist=True)
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    assert instance.custom_serializer is not None

    names = {tool.name for tool in instance.tools}
    assert {case.name for case in CASES} <= names
    assert set(ASSIST_FIXES) <= names
    assert "intent__HassTurnOn" in names
    for tool in instance.tools:
        try:
            _check_tool(tool, instance.custom_serializer, _clean(instance, tool.name))
        except AssertionError as err:
            raise AssertionError(f"tool {tool.name}: {err}") from err


async def test_fixes_are_recorded(hass: HomeAssistant) -> None:
    """Each case hits the rewrites it is there for; Assist tools change only where needed."""
    await _async_setup_assist_tools(hass)
    entry, _ = await _async_add_corpus_hub(hass, assist=True)
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    assist = await llm.async_get_api(hass, "assist", llm_context())
    gathered = _gathered(instance)

    for case in CASES:
        fixes = gathered[case.name].schema_fixes
        for words in case.fixes:
            assert any(words in fix for fix in fixes), (case.name, words, fixes)
        if case.schema is not None:
            assert gathered[case.name].json_schema == case.schema, case.name
    for tool in assist.tools:
        assert list(gathered[tool.name].schema_fixes) == ASSIST_FIXES.get(tool.name, [])
        if tool.name not in ASSIST_FIXES:
            # Already clean: served exactly as Home Assistant converts it.
            assert _clean(instance, tool.name) == probatio.to_openapi(
                tool.parameters, custom_serializer=assist.custom_serializer, openapi_version="3.1.0"
            )


async def test_assist_unions_keep_what_the_model_needs(hass: HomeAssistant) -> None:
    """Where Assist tools had unions, the hub offers the most useful form, and says the rest."""
    await _async_setup_assist_tools(hass)
    entry, _ = await _async_add_corpus_hub(hass, assist=True)
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())

    live_context = _clean(instance, "homeassistant__GetLiveContext")["properties"]
    assert live_context["domain"]["type"] == "array"
    assert live_context["domain"]["items"] == {"type": "string"}
    volume = _clean(instance, "media_player__HassSetVolumeRelative")["properties"]["volume_step"]
    # probatio merges "up" and "down" through a set: their order is the process's.
    assert volume["type"] == "string"
    assert volume["description"] in (
        "One of: up, down. Can also be an integer from -100 to 100.",
        "One of: down, up. Can also be an integer from -100 to 100.",
    )


async def test_calls_reach_the_original_tool(hass: HomeAssistant) -> None:
    """A call the exposed schema allows runs the original tool with validated arguments."""
    entry, tools = await _async_add_corpus_hub(hass)
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())

    for case in CASES:
        jsonschema.validate(case.call, _clean(instance, case.name))
        # A fixed answer: echoed arguments may hold values JSON cannot (a timedelta), which
        # the hub answers with an error result (tests/test_results.py).
        tools[case.name].result = llm.ToolResult(data={"ok": True})
        result = await instance.async_call_tool(llm.ToolInput(case.name, case.call))
        assert result.error is False, (case.name, result)
        assert tools[case.name].calls[-1].tool_args == case.expected, case.name
        assert tools[case.name].calls[-1].tool_name == case.name


async def test_listed_parameters_render_the_clean_schema(hass: HomeAssistant) -> None:
    """With any serializer, on either OpenAPI version, agents get exactly the clean schema.

    Also when an agent merges the hub with another API: Home Assistant's ``MergedAPI`` asks
    the first API's serializer first, and takes its "unsupported" as the answer.
    """
    await _async_setup_assist_tools(hass)
    entry, _ = await _async_add_corpus_hub(hass)
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    merged = await llm.async_get_api(hass, ["assist", hub_id(entry)], llm_context())
    # Home Assistant 2026.10 prefixes every tool with the slug of its API's name.
    merged_tools = {
        tool.tool.name: tool
        for tool in merged.tools
        if isinstance(tool, llm.NamespacedTool) and tool.namespace == "corpus"
    }

    serializers: list[Callable[[Any], Any] | None] = [
        instance.custom_serializer,
        None,
        llm.selector_serializer,
        merged.custom_serializer,
    ]
    for tool in instance.tools:
        clean = _clean(instance, tool.name)
        for custom_serializer in serializers:
            for version in ("3.0", "3.1.0"):
                rendered = probatio.to_openapi(
                    tool.parameters, custom_serializer=custom_serializer, openapi_version=version
                )
                assert rendered == clean, (tool.name, custom_serializer, version)
            rendered = probatio.to_openapi(
                merged_tools[tool.name].parameters,
                custom_serializer=merged.custom_serializer,
                openapi_version=version,
            )
            assert rendered == clean, (tool.name, "merged", version)
        # Google's agent leaves out parameters that have no fields.
        assert bool(tool.parameters.schema) is bool(clean["properties"])


async def test_hub_of_hubs_keeps_the_schemas(hass: HomeAssistant) -> None:
    """A hub that picks a hub exposes the same clean schemas, with nothing left to fix."""
    inner, _ = await _async_add_corpus_hub(hass)
    outer = await async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hub_id(inner)]})
    inner_instance = await llm.async_get_api(hass, hub_id(inner), llm_context())
    outer_instance = await llm.async_get_api(hass, hub_id(outer), llm_context())

    assert [tool.name for tool in outer_instance.tools] == [
        tool.name for tool in inner_instance.tools
    ]
    for tool in outer_instance.tools:
        gathered = _gathered(outer_instance)[tool.name]
        assert gathered.json_schema == _clean(inner_instance, tool.name)
        assert gathered.schema_fixes == ()
    case = CASES_BY_NAME["enum_of_numbers_coerced"]
    result = await outer_instance.async_call_tool(llm.ToolInput(case.name, case.call))
    assert result.data == {"tool": case.name, "args": case.expected}


async def test_hidden_tools_are_left_out_and_logged_once(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A tool no provider could take is left out, with one warning naming it and why."""
    caplog.set_level(logging.WARNING)
    entry, _ = await _async_add_corpus_hub(hass, title="Kitchen")
    first = await llm.async_get_api(hass, hub_id(entry), llm_context())
    second = await llm.async_get_api(hass, hub_id(entry), llm_context())

    for instance in (first, second):
        names = {tool.name for tool in instance.tools}
        assert {case.name for case in CASES} <= names
        assert {case.name for case in HIDDEN}.isdisjoint(names)
        gathered = _gathered(instance)
        for case in HIDDEN:
            hidden = gathered[case.name].hidden
            assert hidden is not None
            assert hidden.startswith("No model provider would accept it: ")
            assert case.reason in hidden
    for case in HIDDEN:
        warnings = [
            record.getMessage()
            for record in caplog.records
            if f"leaves out the tool {case.name}:" in record.getMessage()
        ]
        assert len(warnings) == 1, case.name
        assert warnings[0].startswith(f"LLM Hub Kitchen leaves out the tool {case.name}: ")
        assert case.reason in warnings[0]
    # One warning per hidden tool, never a warning listing them all.
    assert all(
        record.getMessage().count("leaves out the tool") == 1
        for record in caplog.records
        if "leaves out" in record.getMessage()
    )


async def test_tools_the_policy_hides_are_not_checked(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A tool the policy leaves out keeps the policy's reason, and its schema logs nothing."""

    def hide_unconvertible(
        self: HubPolicy, candidates: list[CandidateTool], hub_name: str, *_: object
    ) -> list[str]:
        for item in candidates:
            if item.name == "unconvertible":
                item.hidden = "Hidden by the user."
        return []

    with patch.object(HubPolicy, "apply", hide_unconvertible):
        entry, _ = await _async_add_corpus_hub(hass)
        instance = await llm.async_get_api(hass, hub_id(entry), llm_context())

    assert _gathered(instance)["unconvertible"].hidden == "Hidden by the user."
    assert "leaves out the tool unconvertible" not in caplog.text
    assert "leaves out the tool not_an_object" in caplog.text


async def test_mcp_lists_every_tool(
    hass: HomeAssistant,
    hass_client_no_auth: ClientSessionGenerator,
    hass_access_token: str,
) -> None:
    """MCP Server lists every exposed tool with its clean schema; calls are validated."""
    await _async_setup_assist_tools(hass)
    entry, tools = await _async_add_corpus_hub(hass, assist=True)
    await _async_setup_mcp_server(hass, ["assist"], require_admin=True)
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    client = await hass_client_no_auth()
    url = str(client.make_url(f"/api/mcp/{hub_id(entry)}"))

    case = CASES_BY_NAME["enum_of_numbers_coerced"]
    async with mcp_session(url, hass_access_token) as session:
        listed = {tool.name: tool for tool in (await session.list_tools()).tools}
        result = await session.call_tool(case.name, case.call)
        refused = await session.call_tool(case.name, {"level": 2})

    assert listed.keys() == {tool.name for tool in instance.tools}
    assert {case.name for case in HIDDEN}.isdisjoint(listed)
    for name, tool in listed.items():
        clean = _clean(instance, name)
        assert tool.inputSchema["properties"] == clean["properties"], name
        assert tool.inputSchema.get("required") == clean.get("required"), name
    assert not result.isError
    assert json.loads(result.content[0].text) == {"tool": case.name, "args": case.expected}  # type: ignore[union-attr]
    # The MCP SDK checks arguments against the listed schema: 2 is not one of "1", "2", "3".
    assert refused.isError
    assert [call.tool_args for call in tools[case.name].calls] == [case.expected]


def test_listed_serializer_answers_only_listed_parameters() -> None:
    """The serializer answers a copy of the clean schema, and defers on everything else."""
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    exposed = listed_parameters(schema)

    answer = listed_serializer(exposed.schema)
    assert answer == schema
    answer["properties"]["a"]["type"] = "integer"
    assert listed_serializer(exposed.schema) == schema
    assert listed_serializer({"a": str}) is probatio.UNSUPPORTED
    assert listed_serializer(str) is probatio.UNSUPPORTED


# --- Any schema a third-party serializer may answer ---------------------------------------

_LEAF = st.one_of(
    st.sampled_from(
        [
            {},
            True,
            False,
            None,
            "text",
            {"type": "null"},
            {"type": "string"},
            {"type": "integer", "minimum": 1, "exclusiveMaximum": 9.5},
            {"type": "number", "exclusiveMinimum": True, "minimum": 0},
            {"type": "boolean"},
            {"type": ["string", "null"]},
            {"enum": [1, "a", None, True]},
            {"enum": [True]},
            {"const": 3},
            {"type": "string", "format": "email"},
            {"type": "string", "format": "date-time", "pattern": "^2"},
            {"type": "string", "pattern": "(?i)abc"},
            {"type": "string", "pattern": "("},
            {"$ref": "#"},
            {"$ref": "#/$defs/x"},
            {"type": "array"},
            {"type": "array", "items": False, "prefixItems": [{"type": "integer"}]},
            {"type": "object", "additionalProperties": {"type": "integer"}},
            {"not": {"required": ["a"]}},
            {"dependentRequired": {"a": ["b"], "b": "x"}},
            {"minimum": "x", "maxLength": -1, "minItems": True},
            {"multipleOf": 2, "type": "integer"},
            {"type": "foo"},
            {"type": 3},
            {"default": {"a": float("nan")}, "type": "object"},
            {"description": 5, "title": "t"},
        ]
    ),
    st.dictionaries(st.sampled_from(["type", "enum", "minimum"]), st.integers(), max_size=2),
)


def _schemas(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    names = st.sampled_from(["a", "b", "c", "d e", "é"])
    return st.one_of(
        st.builds(
            lambda props, required, closed: {
                "type": "object",
                "properties": props,
                "required": required,
                "additionalProperties": closed,
            },
            st.dictionaries(names, children, max_size=3),
            st.lists(names, max_size=2),
            st.sampled_from([True, False, {"type": "string"}]),
        ),
        st.builds(lambda items: {"type": "array", "items": items}, children),
        st.builds(lambda items: {"items": items}, st.lists(children, max_size=2)),
        st.builds(lambda branches: {"anyOf": branches}, st.lists(children, max_size=3)),
        st.builds(lambda branches: {"oneOf": branches}, st.lists(children, min_size=1, max_size=3)),
        st.builds(lambda branches: {"allOf": branches}, st.lists(children, max_size=3)),
        st.builds(
            lambda props, groups: {"type": "object", "properties": props, "anyOf": groups},
            st.dictionaries(names, children, max_size=3),
            st.lists(st.builds(lambda r: {"required": r}, st.lists(names, max_size=2)), max_size=2),
        ),
    )


SCHEMAS = st.recursive(_LEAF, _schemas, max_leaves=12)


def _clean_or_none(parameters: Any) -> CleanSchema | None:
    """Return the clean schema of ``parameters``, or None when the hub refuses them."""
    try:
        return clean_parameters(parameters, corpus_serializer)
    except UnacceptableSchemaError as err:
        reason = str(err)
    assert reason  # a reason to log
    return None


class _Tool(llm.Tool):
    """A bare tool to hand to the agents' ``_format_tool``."""

    name = "generated"
    description = "A generated tool."

    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Never called: only converted."""
        raise NotImplementedError


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEMAS)
def test_any_schema_is_cleaned_or_refused(json_schema: Any) -> None:
    """Whatever a serializer answers, the hub refuses it cleanly or every agent accepts it."""
    parameters = probatio.Schema({probatio.Optional("value"): Described(json_schema)})
    root_parameters = probatio.Schema(Described(json_schema))
    for candidate in (parameters, root_parameters):
        if (clean := _clean_or_none(candidate)) is None:
            continue
        tool = _Tool()
        tool.parameters = listed_parameters(clean.json_schema)
        _check_tool(tool, listed_serializer, clean.json_schema)
        for version in ("3.0", "3.1.0"):
            assert (
                probatio.to_openapi(tool.parameters, openapi_version=version) == clean.json_schema
            )
        again = clean_parameters(tool.parameters, listed_serializer)
        assert again.json_schema == clean.json_schema
        assert again.fixes == []
