"""Tools made in the UI: template, action and script tools as subentries of a hub.

Every tool is made, edited and deleted through the real subentry flows, listed by the hub's
real API instance and called the way an agent calls it (``APIInstance.async_call_tool``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any
from unittest.mock import patch

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub.compose.builder import HubAPIInstance
from custom_components.llm_hub.const import CONF_READ_ONLY, DOMAIN
from custom_components.llm_hub.options_flow import async_preview
from custom_components.llm_hub.ui_tools import tools as ui_tools
from custom_components.llm_hub.ui_tools.definition import (
    PARAMETER_TYPES,
    ToolDefinitionError,
    parse_parameters,
)
from custom_components.llm_hub.ui_tools.tools import template_error_text
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.config_entries import ConfigSubentryData, SubentryFlowResult
from homeassistant.core import (
    Event,
    EventStateChangedData,
    HomeAssistant,
    ServiceCall,
    ServiceResponse,
    SupportsResponse,
    callback,
)
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.exceptions import TemplateError, Unauthorized
from homeassistant.helpers import (
    area_registry as ar,
    entity_registry as er,
    issue_registry as ir,
    llm,
)
from homeassistant.helpers.event import async_track_state_change_event
from homeassistant.helpers.script import DATA_NEW_SCRIPT_RUNS_NOT_ALLOWED
from homeassistant.helpers.service import async_register_admin_service
from homeassistant.helpers.translation import async_get_translations
from homeassistant.setup import async_setup_component

from ..helpers.flows import (
    LIGHTS_ON_FORM,
    async_add_parameter,
    async_add_tool,
    async_fill,
    async_reconfigure_tool,
    async_save,
    async_start_tool_flow,
    shown,
)
from ..helpers.hubs import Contribution, RecordingTool, add_llm_platform, hub_id, llm_context
from ..helpers.translations import (
    TRANSLATIONS,
    TRANSLATIONS_DIR,
    load_translations,
    placeholders_of,
)

ALL_TYPES = [
    {"name": "text", "type": "text", "description": "Some text", "required": True},
    {"name": "number", "type": "number", "min": 0, "max": 10},
    {"name": "whole", "type": "integer", "min": 1, "max": 5},
    {"name": "flag", "type": "boolean"},
    {"name": "color", "type": "select", "options": ["red", "green"]},
    {"name": "lamp", "type": "entity", "domains": ["light"]},
    {"name": "room", "type": "area"},
    {"name": "when", "type": "datetime"},
    {"name": "wait", "type": "duration"},
    {"name": "thing", "type": "entity"},
]
ECHO = "{{ {'text': text, 'number': number, 'whole': whole, 'flag': flag, 'color': color, \
'lamp': lamp, 'room': room, 'when': when, 'wait': wait} | tojson }}"


@pytest.fixture
async def entry(hass: HomeAssistant, setup_llm: None) -> MockConfigEntry:
    """Set up a hub "Kitchen" without selected APIs, with two lights in two areas."""
    areas = ar.async_get(hass)
    entities = er.async_get(hass)
    for object_id, area, state in (("porch", "Porch", "on"), ("desk", "Office", "on")):
        area_entry = areas.async_get_or_create(area)
        entities.async_get_or_create("light", "test", object_id, suggested_object_id=object_id)
        entities.async_update_entity(f"light.{object_id}", area_id=area_entry.id)
        hass.states.async_set(f"light.{object_id}", state)
    hass.states.async_set("light.attic", "off")
    entry = MockConfigEntry(domain=DOMAIN, title="Kitchen", data={}, options={})
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


async def _instance(
    hass: HomeAssistant, entry: MockConfigEntry, user_id: str | None = None
) -> llm.APIInstance:
    """Return the hub's API instance for a request by ``user_id``."""
    return await llm.async_get_api(hass, hub_id(entry), llm_context(user_id))


async def _own(hass: HomeAssistant, entry: MockConfigEntry) -> list[llm.Tool]:
    """Return the hub's listed tools made in the UI (the llm integration adds GetDateTime)."""
    return [tool for tool in (await _instance(hass, entry)).tools if tool.integration == DOMAIN]


async def _call(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    name: str,
    args: dict[str, Any] | None = None,
    user_id: str | None = None,
) -> Any:
    """Call a tool of the hub as a model would; return the result data."""
    instance = await _instance(hass, entry, user_id)
    result = await instance.async_call_tool(llm.ToolInput(tool_name=name, tool_args=args or {}))
    return result.data if isinstance(result, llm.ToolResult) else result


def _placeholders(result: SubentryFlowResult) -> Mapping[str, str]:
    """Return the description placeholders of a flow result (there must be some)."""
    placeholders = result.get("description_placeholders")
    assert placeholders is not None
    return placeholders


def _schema(result: SubentryFlowResult) -> probatio.Schema:
    """Return the form schema of a flow result (there must be one)."""
    schema = result.get("data_schema")
    assert schema is not None
    return schema


async def _describe(
    hass_ws_client: WebSocketGenerator, entry: MockConfigEntry
) -> dict[str, dict[str, Any]]:
    """Return the hub's tools as the inspector describes them, by original name."""
    client = await hass_ws_client()
    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hub_id(entry)})
    response = await client.receive_json()
    assert response["success"], response
    return {tool["original_name"]: tool for tool in response["result"]["tools"]}


# --- Template tools -------------------------------------------------------------------------


async def test_template_tool(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """A template tool made in the flow is listed at once, read-only, and answers in JSON."""
    result = await async_start_tool_flow(hass, entry, "template")
    result = await async_fill(hass, result, LIGHTS_ON_FORM)
    assert result["step_id"] == "save"
    assert _placeholders(result) == {
        "name": "lights_on_by_area",
        "title": "Lights on by area",
        "parameters": "It takes no parameters.",
        "warning": "",
    }
    result = await async_save(hass, result)
    assert result["type"] is FlowResultType.CREATE_ENTRY
    (subentry,) = entry.subentries.values()
    assert subentry.title == "Lights on by area"
    assert dict(subentry.data) == {
        "version": 1,
        "kind": "template",
        "name": "lights_on_by_area",
        "description": "How many lights are on, by area.",
        "template": LIGHTS_ON_FORM["template"],
        "parameters": [],
        "read_only": True,
        "destructive": False,
        "open_world": False,
    }

    (tool,) = await _own(hass, entry)
    assert tool.name == "lights_on_by_area"
    assert tool.title == "Lights on by area"
    assert tool.description == "How many lights are on, by area."
    assert tool.annotations == llm.ToolAnnotations(
        read_only=True, destructive=False, idempotent=False, open_world=False
    )
    assert await _call(hass, entry, "lights_on_by_area") == {"result": {"Porch": 1, "Office": 1}}


async def test_template_tool_example_section_goes_through_the_parameters_menu(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    """docs/ui-tools.md, "Template tool: how many lights are on, by area": Next on the form
    opens the menu "Parameters of Lights on by area"; "Done: on to Save" opens the Save step,
    which names the tool lights_on_by_area; Submit there saves it."""
    steps = TRANSLATIONS["config_subentries"]["tool"]["step"]
    result = await async_start_tool_flow(hass, entry, "template")
    assert result["last_step"] is False  # the frontend's button reads Next

    result = await hass.config_entries.subentries.async_configure(result["flow_id"], LIGHTS_ON_FORM)
    assert result["type"] is FlowResultType.MENU
    assert shown(steps["parameters"]["title"], _placeholders(result)) == (
        "Parameters of Lights on by area"
    )
    assert steps["parameters"]["menu_options"]["parameters_done"] == "Done: on to Save"
    result = await hass.config_entries.subentries.async_configure(
        result["flow_id"], {"next_step_id": "parameters_done"}
    )
    assert result["step_id"] == "save"
    assert result["last_step"] is None  # Submit
    assert shown(steps["save"]["title"], _placeholders(result)) == "Save Lights on by area"
    assert _placeholders(result)["name"] == "lights_on_by_area"
    result = await async_save(hass, result)
    assert result["type"] is FlowResultType.CREATE_ENTRY


async def test_parameter_steps_translated(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """The parameter steps: a menu, the types by their translated labels, each type's fields.

    The type is a form-level select with a ``translation_key`` (the frontend translates its
    options); the fields step has only the chosen type's fields and names the type.
    """
    result = await async_start_tool_flow(hass, entry, "action")
    assert result["last_step"] is False
    result = await hass.config_entries.subentries.async_configure(
        result["flow_id"], {"title": "Do", "description": "Does.", "actions": [{"delay": 0}]}
    )
    assert result["type"] is FlowResultType.MENU
    assert result["menu_options"] == ["parameter_add", "parameters_done"]
    assert _placeholders(result) == {"title": "Do", "parameters": "It takes no parameters."}
    translations = await async_get_translations(hass, "en", "config_subentries", [DOMAIN])
    step = f"component.{DOMAIN}.config_subentries.tool.step"
    for option in ("parameter_add", "parameter_edit", "parameter_remove", "parameters_done"):
        assert translations[f"{step}.parameters.menu_options.{option}"]
    labels = await async_get_translations(hass, "en", "selector", [DOMAIN])
    fields = {
        "number": ["min", "max"],
        "integer": ["min", "max"],
        "select": ["options"],
        "entity": ["domains"],
    }
    flow_id = result["flow_id"]
    for kind in PARAMETER_TYPES:
        result = await hass.config_entries.subentries.async_configure(
            flow_id, {"next_step_id": "parameter_add"}
        )
        assert result["step_id"] == "parameter_type"
        (types,) = _schema(result).schema.values()
        assert types.config == {
            "options": list(PARAMETER_TYPES),
            "translation_key": "parameter_type",
            "mode": "list",
            "multiple": False,
            "custom_value": False,
            "sort": False,
        }
        result = await hass.config_entries.subentries.async_configure(flow_id, {"type": kind})
        assert result["step_id"] == "parameter"
        label = labels[f"component.{DOMAIN}.selector.parameter_type.options.{kind}"]
        assert _placeholders(result)["type"] == label
        assert translations[f"{step}.parameter.title"].format(type=label) == f"Parameter: {label}"
        names = [str(key) for key in _schema(result).schema]
        assert names == ["name", "description", "required", *fields.get(kind, [])]
        for name in names:
            assert translations[f"{step}.parameter.data.{name}"]
            assert translations[f"{step}.parameter.data_description.{name}"]
        options = {"options": ["a"]} if kind == "select" else {}
        result = await hass.config_entries.subentries.async_configure(
            flow_id, {"name": f"p_{kind}", **options}
        )
        assert result["step_id"] == "parameters"
    assert _placeholders(result)["parameters"] == (
        "Parameters: `p_text` (Text), `p_number` (Number), `p_integer` (Integer), "
        "`p_boolean` (Yes or no), `p_select` (One of a list (choice)), `p_entity` (Entity id), "
        "`p_area` (Area), `p_datetime` (Date and time), `p_duration` (Duration)."
    )
    assert result["menu_options"] == [
        "parameter_add",
        "parameter_edit",
        "parameter_remove",
        "parameters_done",
    ]


async def test_template_text_result(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """A result that is not JSON is returned as text; arguments are variables, not source."""
    await async_add_tool(
        hass,
        entry,
        "template",
        {
            "title": "Greet",
            "description": "Greets.",
            "template": "Hello {{ who }}",
            "parameters": [{"name": "who", "type": "text", "required": True}],
        },
    )
    assert await _call(hass, entry, "greet", {"who": "{{ 7 * 7 }}"}) == {
        "result": "Hello {{ 7 * 7 }}"
    }


async def test_parameter_types(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """Every parameter type lists a good JSON Schema, validates and reaches the template."""
    await async_add_tool(
        hass,
        entry,
        "template",
        {
            "title": "Echo",
            "description": "Echoes its arguments.",
            "template": ECHO,
            "parameters": ALL_TYPES,
        },
    )
    client_schema = llm.selector_serializer
    (tool,) = await _own(hass, entry)

    schema = probatio.to_openapi(tool.parameters, custom_serializer=client_schema)
    properties = schema["properties"]
    assert schema["required"] == ["text"]
    assert properties["text"] == {"type": "string", "description": "Some text"}
    assert properties["number"] == {"type": "number", "minimum": 0.0, "maximum": 10.0}
    assert properties["whole"] == {"type": "integer", "minimum": 1, "maximum": 5}
    assert properties["flag"] == {"type": "boolean"}
    assert properties["color"] == {"type": "string", "enum": ["red", "green"]}
    assert properties["lamp"]["description"].startswith("(an entity id of: light)")
    assert properties["room"]["description"].startswith("(an area's name or id)")
    assert properties["when"] == {"type": "string", "format": "date-time"}
    assert properties["wait"]["type"] == "object"

    porch_area = ar.async_get(hass).async_get_area_by_name("Porch")
    assert porch_area is not None
    good = {
        "text": "hi",
        "number": 2.5,
        "whole": 3,
        "flag": True,
        "color": "red",
        "lamp": "light.porch",
        "room": "porch",
        "when": "2026-12-01 10:00:00",
        "wait": {"minutes": 5},
    }
    assert await _call(hass, entry, "echo", good) == {"result": {**good, "room": porch_area.id}}
    # An area by its alias.
    ar.async_get(hass).async_update(porch_area.id, aliases={"front door"})
    assert await _call(hass, entry, "echo", {**good, "room": "Front door"}) == {
        "result": {**good, "room": porch_area.id}
    }
    # Optional parameters not given are none; an area given by its id stays.
    assert await _call(hass, entry, "echo", {"text": "x", "room": porch_area.id}) == {
        "result": {
            "text": "x",
            "number": None,
            "whole": None,
            "flag": None,
            "color": None,
            "lamp": None,
            "room": porch_area.id,
            "when": None,
            "wait": None,
        }
    }
    # The hub hands on the model's values; the tool validates them itself: "false" is false.
    converted = await _call(hass, entry, "echo", {"text": "x", "flag": "false", "number": "3"})
    assert (converted["result"]["flag"], converted["result"]["number"]) == (False, 3.0)
    bad: list[dict[str, Any]] = [
        {},
        {"text": 1},
        {"text": "x", "number": 11},
        {"text": "x", "whole": 2.5},
        {"text": "x", "whole": 9},
        {"text": "x", "flag": "maybe"},
        {"text": "x", "color": "blue"},
        {"text": "x", "lamp": "switch.porch"},
        {"text": "x", "room": 3},
        {"text": "x", "when": "soon"},
        {"text": "x", "wait": "long"},
        {"text": "x", "extra": 1},
    ]
    for args in bad:
        data = await _call(hass, entry, "echo", args)
        assert data.get("error") == "InvalidArguments", (args, data)
    data = await _call(hass, entry, "echo", {"text": "x", "room": "Cellar"})
    assert data == {
        "error": "HomeAssistantError",
        "error_text": "There is no area 'Cellar'",
    }


async def test_template_errors(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """The flow refuses a template that does not compile, naming its line on the field; a
    render error names its line too."""
    result = await async_start_tool_flow(hass, entry, "template")
    result = await async_fill(hass, result, {**LIGHTS_ON_FORM, "template": "ok\n{{ 1 + }}"})
    assert result["errors"] == {"template": "template_invalid"}
    assert _placeholders(result) == {"problem": "line 2: unexpected 'end of print statement'"}
    result = await async_fill(
        hass,
        result,
        {
            **LIGHTS_ON_FORM,
            "title": "Divide",
            "template": "a\n{{ 1 / divisor }}",
            "parameters": [{"name": "divisor", "type": "number"}],
        },
    )
    await async_save(hass, result)
    assert await _call(hass, entry, "divide", {"divisor": 4}) == {"result": "a\n0.25"}
    assert await _call(hass, entry, "divide", {"divisor": 0}) == {
        "error": "TemplateError",
        "error_text": "The template of tool divide failed at line 2: "
        "ZeroDivisionError: division by zero",
    }


async def test_template_time_limit(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """A template that renders too long is stopped and the model is told."""
    await async_add_tool(
        hass,
        entry,
        "template",
        {
            "title": "Slow",
            "description": "Never ends.",
            "template": "{% for i in range(99999) %}{% for j in range(99999) %}"
            "{% endfor %}{% endfor %}",
        },
    )
    with patch.object(ui_tools, "TEMPLATE_TIME_LIMIT", 0.05):
        data = await _call(hass, entry, "slow")
    assert data == {
        "error": "TemplateError",
        "error_text": "The template of tool slow ran longer than 0.05 s and was stopped.",
    }


async def test_slow_render_never_stalls_the_loop(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    """A render the model's arguments make slow runs once, off the loop: it keeps ticking."""
    await async_add_tool(
        hass,
        entry,
        "template",
        {
            "title": "Count",
            "description": "Counts.",
            "template": "{% set ns = namespace(n=0) %}{% for i in range(size) %}"
            "{% for j in range(size) %}{% set ns.n = ns.n + 1 %}{% endfor %}{% endfor %}"
            "{{ ns.n }}",
            "parameters": [{"name": "size", "type": "integer", "required": True}],
        },
    )
    instance = await _instance(hass, entry)
    # A first call imports what exposure checks need (conversation, not loaded in tests).
    warm_up = await instance.async_call_tool(
        llm.ToolInput(tool_name="count", tool_args={"size": 2})
    )
    assert isinstance(warm_up, llm.ToolResult)
    assert warm_up.data == {"result": 4}
    loop = asyncio.get_running_loop()
    lags: list[float] = []
    ticking = True

    def tick(expected: float) -> None:
        now = loop.time()
        lags.append(now - expected)
        if ticking:
            loop.call_at(now + 0.001, tick, now + 0.001)

    loop.call_soon(tick, loop.time())
    started = loop.time()
    with patch.object(ui_tools, "TEMPLATE_TIME_LIMIT", 60.0):
        result = await instance.async_call_tool(
            llm.ToolInput(tool_name="count", tool_args={"size": 700})
        )
    took = loop.time() - started
    await asyncio.sleep(0.01)  # the tick due when the call ended records its lag
    ticking = False
    assert isinstance(result, llm.ToolResult)
    assert result.data == {"result": 700 * 700}
    # Rendered in the loop, the render would stall it for all of ``took``; in a thread the
    # loop waits at most for the GIL's switch interval (5 ms) and the machine's scheduling.
    assert took > 0.5, took
    assert max(lags) < 0.25, (max(lags), took)


async def test_template_output_cap(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """A render may give at most TEMPLATE_MAX_OUTPUT characters; more is a failed result."""
    await async_add_tool(
        hass,
        entry,
        "template",
        {
            "title": "Repeat",
            "description": "Repeats x.",
            "template": "{% for i in range(count) %}x{% endfor %}",
            "parameters": [{"name": "count", "type": "integer", "required": True}],
        },
    )
    assert await _call(hass, entry, "repeat", {"count": 3}) == {"result": "xxx"}
    assert await _call(hass, entry, "repeat", {"count": ui_tools.TEMPLATE_MAX_OUTPUT}) == {
        "result": "x" * ui_tools.TEMPLATE_MAX_OUTPUT
    }
    assert await _call(hass, entry, "repeat", {"count": 99999}) == {
        "error": "TemplateError",
        "error_text": "The template of tool repeat gave more than 16384 characters, its limit.",
    }


@pytest.mark.parametrize(
    ("template", "what"),
    [
        ("{{ 'x' * n }}", "'*'"),
        ("{{ [0] * n }}", "'*'"),
        ("{{ 10 ** n }}", "'**'"),
        ("{{ '%*d' % (n, 1) }}", "'%' formatting"),
        ("{{ ('%.' ~ n ~ 'f') | format(1.0) }}", "'%' formatting"),
        ("{{ '{:>{}}'.format(1, n) }}", "format()"),
        ("{{ 'a' | center(n) }}", "center"),
        ("{{ 'a'.ljust(n) }}", "ljust()"),
        ("{{ ('\t' * 9).expandtabs(n) }}", "expandtabs()"),
        ("{{ 'a' | indent(n) }}", "indent"),
        ("{{ ('x' * 9999).replace('x', 'y' * 9999) }}", "replace"),
        ("{{ range(9999) | map('string') | join('x' * 9999) }}", "join"),
        ("{{ 'x'.join(range(999) | map('string') | list) if n else '' }}", None),
        ("{{ [1] | batch(n, 0) | list }}", "batch"),
        ("{{ [1] | slice(n) | list }}", "slice"),
        (
            "{% macro d(s, k) %}{{ d(s ~ s, k - 1) if k else s }}{% endmacro %}{{ d('x', n) }}",
            "'~'",
        ),
        (
            "{% macro d(s, k) %}{{ d(s + s, k - 1) if k else s }}{% endmacro %}{{ d('x', n) }}",
            "'+'",
        ),
    ],
)
async def test_huge_values_refused(
    hass: HomeAssistant, entry: MockConfigEntry, template: str, what: str | None
) -> None:
    """One operation the model's argument makes huge is refused before it runs, naming the limit."""
    await async_add_tool(
        hass,
        entry,
        "template",
        {
            "title": "Grow",
            "description": "Grows.",
            "template": template,
            "parameters": [{"name": "n", "type": "integer", "required": True}],
        },
    )
    loop = asyncio.get_running_loop()
    started = loop.time()
    data = await _call(hass, entry, "grow", {"n": 10**10 if "macro" not in template else 60})
    assert loop.time() - started < ui_tools.TEMPLATE_TIME_LIMIT
    if what is None:
        assert set(data) == {"result"}
        return
    assert data["error"] == "TemplateError"
    assert data["error_text"].startswith("The template of tool grow failed at line ")
    assert f"ValueTooLargeError: {what} would make a value of " in data["error_text"]
    assert data["error_text"].endswith("one operation may make at most 16384")


@pytest.mark.parametrize(
    ("template", "result"),
    [
        ("{{ 2 * n }}", 6),
        ("{{ 'ab' * n }}", "ababab"),
        ("{{ [n] * 2 }}", [3, 3]),
        ("{{ 2 ** n }}", 8),
        ("{{ 1 ** (n * 99999) }}", 1),
        ("{{ '%05.1f' % n }}", "003.0"),
        ("{{ '%(a)s-%d%%' % {'a': n} if false else '%d%%' % n }}", "3%"),
        ("{{ '{:<4}|{x:.1f}'.format(n, x=n) }}", "3   |3.0"),
        ("{{ 'a' | center(n) }}", "a"),
        ("{{ ('a' ~ n) | indent(n, true) }}", "a3"),
        ("{{ [n, n] | join('-') }}", "3-3"),
        ("{{ 'a-b'.replace('-', 'x' * n) }}", "axxxb"),
        ("{{ [1, 2, n] | batch(2, 0) | list }}", [[1, 2], [3, 0]]),
        ("{{ [1, 2, n] | slice(2) | list }}", [[1, 2], [3]]),
        ("{{ 'x'.zfill(n) ~ 'y'.rjust(n) ~ ('\t'.expandtabs(n) | length) }}", "00x  y3"),
        ("{{ ('%s' | format(n)) + '{a}{a}'.format_map({'a': n}) }}", 333),
        ("{{ [1] + [n] }}", [1, 3]),
        ("{{ 10 % n }}", 1),
        ("{{ n * 'ab' }}", "ababab"),
        ("{{ 2.5 * n }}", 7.5),
        ("{{ 2.5 * (n / 2) }}", 3.75),
        ("{{ 'A'.lower() ~ n }}", "a3"),
        ("{{ 'aaa'.replace('a', 'b', n - 2) }}", "baa"),
        ("{{ 'abc' | replace('b', 'x' * n) }}", "axxxc"),
        ("{{ 'a' | center }}", "a"),
        ("{{ [1, 2, n] | batch(2) | list }}", [[1, 2], [3]]),
        ("{{ [1.5, n] | join('-') }}", "1.5-3"),
        (
            "{{ 'abc'.replace('b', n) }}",
            {
                "error": "TemplateError",
                "error_text": "The template of tool small failed at "
                "line 1: TypeError: replace() argument 2 must be str, not int",
            },
        ),
    ],
)
async def test_ordinary_arithmetic_works(
    hass: HomeAssistant, entry: MockConfigEntry, template: str, result: Any
) -> None:
    """Operations within the limit work as in Home Assistant's own templates."""
    await async_add_tool(
        hass,
        entry,
        "template",
        {
            "title": "Small",
            "description": "Small.",
            "template": template,
            "parameters": [{"name": "n", "type": "integer", "required": True}],
        },
    )
    answer = await _call(hass, entry, "small", {"n": 3})
    assert answer == (result if isinstance(result, dict) else {"result": result})


@pytest.mark.parametrize(
    ("template", "args", "read"),
    [
        ("{{ states(which) }}", {"which": "light.porch"}, None),
        ("{{ states(which) }}", {"which": "light.garage"}, "light.garage"),
        ("{{ is_state(which, 'on') }}", {"which": "light.garage"}, "light.garage"),
        ("{{ state_attr(which, 'level') }}", {"which": "light.garage"}, "light.garage"),
        # The model named "garage", not the entity: the refusal does not name it either.
        ("{{ states.light[which].state }}", {"which": "garage"}, "an entity not exposed"),
        ("{{ states('light.' ~ which) }}", {"which": "garage"}, "an entity not exposed"),
        # Named in the template itself: its author's choice.
        ("{{ states(which) }} {{ states('light.garage') }}", {"which": "light.garage"}, None),
        (
            "{{ states.light | selectattr('entity_id', 'eq', which) | list | count }}",
            {"which": "light.garage"},
            "every light entity",
        ),
        (
            "{{ states | selectattr('entity_id', 'eq', which) | map(attribute='state') | first }}",
            {"which": "light.porch"},
            "every entity",
        ),
        ("{{ states.switch | map(attribute='state') | join }}{{ which }}", {"which": "x"}, None),
    ],
)
async def test_template_reads_exposed_entities(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    template: str,
    args: dict[str, Any],
    read: str | None,
) -> None:
    """Driven by the model's arguments, a template reads only entities exposed to Assist.

    Unless the tool reaches entities not exposed; a template without parameters is its
    author's alone.
    """
    hass.states.async_set("light.garage", "on", {"level": 3})
    hass.states.async_set("switch.pump", "off")
    async_expose_entity(hass, "conversation", "light.garage", should_expose=False)
    form = {
        "title": "Peek",
        "description": "Reads.",
        "template": template,
        "parameters": [{"name": "which", "type": "text", "required": True}],
    }
    subentry_id = await async_add_tool(hass, entry, "template", form)
    data = await _call(hass, entry, "peek", args)
    if read is None:
        assert "result" in data, data
    else:
        assert data == {
            "error": "HomeAssistantError",
            "error_text": f"The template of tool peek read {read}; tool peek may only reach "
            "entities exposed to Assist",
        }
    result = await async_reconfigure_tool(hass, entry, subentry_id, {**form, "unexposed": True})
    await async_save(hass, result)
    assert "result" in await _call(hass, entry, "peek", args)


async def test_template_without_parameters_reads_all(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    """The model cannot drive a template without parameters: it reads what it reads."""
    hass.states.async_set("light.garage", "on")
    async_expose_entity(hass, "conversation", "light.garage", should_expose=False)
    await async_add_tool(hass, entry, "template", LIGHTS_ON_FORM)
    assert await _call(hass, entry, "lights_on_by_area") == {
        "result": {"Porch": 1, "Office": 1, "no area": 1}
    }


# --- The flow: errors, names, edit, delete ---------------------------------------------------


FIXES: dict[str, dict[str, Any]] = {
    "select": {"options": ["x"]},
    "number": {"min": 1, "max": 5},
    "entity": {"domains": []},
}


@pytest.mark.parametrize(
    ("parameter", "field", "reason"),
    [
        ({"name": "1st"}, "name", "name_invalid"),
        ({"name": ""}, "name", "name_invalid"),
        ({"name": "ä"}, "name", "name_invalid"),
        ({"name": "taken"}, "name", "name_taken"),
        ({"name": "confirmation_token"}, "name", "name_taken"),
        ({"name": "a", "type": "select"}, "options", "options_empty"),
        ({"name": "a", "type": "select", "options": [""]}, "options", "options_empty"),
        ({"name": "a", "type": "number", "min": 5, "max": 1}, "max", "min_above_max"),
        ({"name": "a", "type": "entity", "domains": ["Light!"]}, "domains", "domain_invalid"),
    ],
)
async def test_flow_parameter_errors(
    hass: HomeAssistant, entry: MockConfigEntry, parameter: dict[str, Any], field: str, reason: str
) -> None:
    """Each bad parameter is refused at its field, in translated words; a fix is kept."""
    result = await async_start_tool_flow(hass, entry, "template")
    result = await hass.config_entries.subentries.async_configure(result["flow_id"], LIGHTS_ON_FORM)
    result = await async_add_parameter(hass, result, {"name": "taken"})
    result = await async_add_parameter(hass, result, parameter)
    assert result["step_id"] == "parameter"
    assert result["errors"] == {field: reason}
    translations = await async_get_translations(hass, "en", "config_subentries", [DOMAIN])
    text = translations[f"component.{DOMAIN}.config_subentries.tool.error.{reason}"]
    if reason == "domain_invalid":
        assert text.format(**_placeholders(result)).startswith("“Light!” is not a domain")
    else:
        assert "{" not in text
    fixed = {"name": "fixed", **FIXES.get(parameter.get("type", "text"), {})}
    result = await hass.config_entries.subentries.async_configure(result["flow_id"], fixed)
    assert result["step_id"] == "parameters"
    assert _placeholders(result)["parameters"].startswith("Parameters: `taken` (Text), `fixed` (")
    assert not entry.subentries


@pytest.mark.parametrize(
    ("name", "errors"),
    [
        ("_who", None),
        ("who_2", None),
        ("Who", None),
        ("2nd", {"name": "name_invalid"}),
        ("née", {"name": "name_invalid"}),
    ],
)
async def test_parameters_section_a_name_does_not_start_with_a_digit(
    hass: HomeAssistant, entry: MockConfigEntry, name: str, errors: dict[str, str] | None
) -> None:
    """docs/ui-tools.md, "Parameters": a name has letters a-z and A-Z, digits and _, and does
    not start with a digit (it may start with _), as the field's help says."""
    fields = TRANSLATIONS["config_subentries"]["tool"]["step"]["parameter"]["data_description"]
    result = await async_start_tool_flow(hass, entry, "template")
    result = await hass.config_entries.subentries.async_configure(result["flow_id"], LIGHTS_ON_FORM)

    result = await async_add_parameter(hass, result, {"name": name})

    assert fields["name"].startswith("Letters a-z and A-Z, digits and _, not starting with a digit")
    assert result["step_id"] == ("parameters" if errors is None else "parameter")
    assert result.get("errors") == errors


async def test_parameters_edited_and_removed(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """Edit changes a parameter in place (its type too), Remove takes some out; reconfigure too."""
    parameters: list[dict[str, Any]] = [
        {"name": "a", "type": "number", "min": 1, "max": 2, "description": "A."},
        {"name": "b", "type": "text", "required": True},
        {"name": "c", "type": "entity", "domains": ["light"]},
    ]
    form = {
        "title": "Do",
        "description": "Does.",
        "actions": [{"delay": 0}],
    }
    result = await async_start_tool_flow(hass, entry, "action")
    result = await hass.config_entries.subentries.async_configure(result["flow_id"], form)
    for parameter in parameters:
        result = await async_add_parameter(hass, result, parameter)
    flow_id = result["flow_id"]
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"next_step_id": "parameter_edit"}
    )
    assert result["step_id"] == "parameter_edit"
    (names,) = _schema(result).schema.values()
    assert names.config["options"] == ["a", "b", "c"]
    result = await hass.config_entries.subentries.async_configure(flow_id, {"parameter": "a"})
    assert result["step_id"] == "parameter_type"
    suggested = {str(key): key.description["suggested_value"] for key in _schema(result).schema}
    assert suggested == {"type": "number"}
    result = await hass.config_entries.subentries.async_configure(flow_id, {"type": "select"})
    suggested = {
        str(key): key.description["suggested_value"]
        for key in _schema(result).schema
        if key.description
    }
    assert suggested == {"name": "a", "description": "A.", "required": False}
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"name": "a", "description": "A.", "options": ["x", "y"]}
    )
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"next_step_id": "parameter_remove"}
    )
    assert result["step_id"] == "parameter_remove"
    result = await hass.config_entries.subentries.async_configure(flow_id, {"parameters": ["c"]})
    assert _placeholders(result)["parameters"] == (
        "Parameters: `a` (One of a list (choice)), `b` (Text)."
    )
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"next_step_id": "parameters_done"}
    )
    assert _placeholders(result)["parameters"] == "Parameters: a, b."
    result = await async_save(hass, result)
    (subentry_id,) = entry.subentries
    stored = [
        {
            "name": "a",
            "type": "select",
            "required": False,
            "description": "A.",
            "options": ["x", "y"],
        },
        {"name": "b", "type": "text", "required": True},
    ]
    assert entry.subentries[subentry_id].data["parameters"] == stored

    # Reconfigure starts from the tool's parameters; with one left, Edit opens it at once.
    result = await hass.config_entries.subentries.async_init(
        (entry.entry_id, "tool"), context={"source": "reconfigure", "subentry_id": subentry_id}
    )
    flow_id = result["flow_id"]
    result = await hass.config_entries.subentries.async_configure(flow_id, form)
    assert _placeholders(result)["parameters"] == (
        "Parameters: `a` (One of a list (choice)), `b` (Text)."
    )
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"next_step_id": "parameter_remove"}
    )
    result = await hass.config_entries.subentries.async_configure(flow_id, {"parameters": ["a"]})
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"next_step_id": "parameter_edit"}
    )
    assert result["step_id"] == "parameter_type"
    result = await hass.config_entries.subentries.async_configure(flow_id, {"type": "integer"})
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"name": "b", "required": True, "max": 9}
    )
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"next_step_id": "parameters_done"}
    )
    result = await async_save(hass, result)
    assert result["reason"] == "reconfigure_successful"
    assert entry.subentries[subentry_id].data["parameters"] == [
        {"name": "b", "type": "integer", "required": True, "max": 9.0}
    ]
    (tool,) = await _own(hass, entry)
    assert await _call(hass, entry, tool.name, {"b": 3}) == {"success": True}


async def test_reconfigure_unreadable_parameters(hass: HomeAssistant, setup_llm: None) -> None:
    """A tool whose stored parameters cannot be read is not opened: the words say why."""
    hub = MockConfigEntry(
        domain=DOMAIN,
        title="Kitchen",
        subentries_data=[_stored({**GOOD, "parameters": [{"name": "a", "type": "x"}]})],
    )
    hub.add_to_hass(hass)
    (subentry_id,) = hub.subentries
    result = await hass.config_entries.subentries.async_init(
        (hub.entry_id, "tool"), context={"source": "reconfigure", "subentry_id": subentry_id}
    )
    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "parameters_unreadable"
    assert _placeholders(result) == {"error": "Parameter 1 (\"a\"): unknown type 'x'"}


TOOL_TEXTS = TRANSLATIONS["config_subentries"]["tool"]


def _shown_errors(result: SubentryFlowResult) -> dict[str, str]:
    """Return each field's error as the form shows it, in English."""
    placeholders = result.get("description_placeholders")
    return {
        field: shown(TOOL_TEXTS["error"][key], placeholders)
        for field, key in (result.get("errors") or {}).items()
    }


async def test_template_errors_show_on_the_field_not_in_the_description(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    """A template that does not compile, then one that reads a variable nobody defines: each
    error's words show on the template field, the step's description stays its own text; fixed,
    Save says the tool takes no parameters."""
    own = TOOL_TEXTS["step"]["template"]["description"]
    result = await async_start_tool_flow(hass, entry, "template")
    form = {**LIGHTS_ON_FORM, "title": "Greet", "template": "Hello\n{{ whom"}
    result = await async_fill(hass, result, form)
    assert result["step_id"] == "template"
    assert _shown_errors(result) == {
        "template": "The template is invalid (line 2: unexpected end of template, expected "
        "'end of print statement')."
    }
    assert shown(own, result.get("description_placeholders")) == own

    result = await async_fill(hass, result, {**form, "template": "Hello {{ whom }}"})
    assert result["step_id"] == "template"
    assert _shown_errors(result) == {
        "template": "The template reads whom, which is neither a parameter nor one of Home "
        "Assistant's template variables: add it as a parameter, or set it in the template."
    }
    assert shown(own, result.get("description_placeholders")) == own

    result = await async_fill(hass, result, {**form, "template": "Hello there"})
    assert result["step_id"] == "save"
    assert shown(TOOL_TEXTS["step"]["save"]["description"], _placeholders(result)) == (
        "The model will call this tool **greet**. It takes no parameters. \n\n"
        "If another of the hub's tools has this name too, the hub lists this one as "
        "ui-tools--greet."
    )


@pytest.mark.parametrize("language", sorted(path.stem for path in TRANSLATIONS_DIR.glob("*.json")))
def test_no_step_shows_the_words_of_an_error(language: str) -> None:
    """The tool flow's steps name no placeholder its errors fill: an error's words (a variable
    of a template, Home Assistant's objection) show on its field only."""
    texts = load_translations(language)["config_subentries"]["tool"]
    of_errors = set().union(*(placeholders_of(text) for text in texts["error"].values()))
    assert of_errors
    assert {
        step: used
        for step, text in texts["step"].items()
        if (used := placeholders_of(text.get("description", "")) & of_errors)
    } == {}


async def test_undefined_variable_added_as_parameter(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    """Done with a template reading an undeclared variable: back to the form, which keeps what
    was entered; the same template again, then the variable added as a parameter, saves."""
    result = await async_start_tool_flow(hass, entry, "template")
    form = {**LIGHTS_ON_FORM, "title": "Greet", "template": "Hello {{ who }}"}
    result = await async_fill(hass, result, form)
    assert result["step_id"] == "template"
    assert result["errors"] == {"template": "template_undefined"}
    suggested = {
        str(key): key.description["suggested_value"]
        for key in _schema(result).schema
        if key.description and "suggested_value" in key.description
    }
    assert suggested["template"] == "Hello {{ who }}"
    result = await hass.config_entries.subentries.async_configure(result["flow_id"], form)
    result = await async_add_parameter(hass, result, {"name": "who", "required": True})
    result = await hass.config_entries.subentries.async_configure(
        result["flow_id"], {"next_step_id": "parameters_done"}
    )
    await async_save(hass, result)
    assert await _call(hass, entry, "greet", {"who": "Ann"}) == {"result": "Hello Ann"}


def test_parse_stored_parameters() -> None:
    """Stored parameters the form would not let through are refused in words."""
    with pytest.raises(ToolDefinitionError, match="not a list"):
        parse_parameters({"name": "a"})
    with pytest.raises(ToolDefinitionError, match="Parameter 1 is not a mapping"):
        parse_parameters(["a"])
    with pytest.raises(ToolDefinitionError, match="unknown type 'colour'"):
        parse_parameters([{"name": "a", "type": "colour"}])
    with pytest.raises(ToolDefinitionError, match="'low' is not a number"):
        parse_parameters([{"name": "a", "type": "number", "min": "low"}])
    assert parse_parameters(None) == ()
    (parameter,) = parse_parameters([{"name": "a", "min": ""}])
    assert (parameter.type, parameter.min) == ("text", None)


async def test_flow_errors_then_saved(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """An empty title or description is refused; fixing it saves, keeping what was entered."""
    result = await async_start_tool_flow(hass, entry, "template")
    result = await async_fill(hass, result, {**LIGHTS_ON_FORM, "title": "  "})
    assert result["errors"] == {"title": "title_empty"}
    result = await async_fill(hass, result, {**LIGHTS_ON_FORM, "description": " "})
    assert result["errors"] == {"description": "description_empty"}
    result = await async_fill(
        hass,
        result,
        {
            **LIGHTS_ON_FORM,
            "annotations": {"read_only": False, "destructive": True, "open_world": True},
        },
    )
    await async_save(hass, result)
    (subentry,) = entry.subentries.values()
    assert (subentry.data["read_only"], subentry.data["destructive"]) == (False, True)


async def test_unique_names(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """A second tool with the same title gets a name the hub tells apart; both are listed."""
    await async_add_tool(hass, entry, "template", LIGHTS_ON_FORM)
    result = await async_start_tool_flow(hass, entry, "template")
    result = await async_fill(hass, result, {**LIGHTS_ON_FORM, "title": "Lights on, by area!"})
    name = _placeholders(result)["name"]
    assert name.startswith("lights_on_by_area_")
    assert len(name) == len("lights_on_by_area_") + 6
    await async_save(hass, result)
    assert sorted(tool.name for tool in await _own(hass, entry)) == sorted(
        ["lights_on_by_area", name]
    )


async def test_name_collision_with_other_tool(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """A tool made in the UI named like a contributed tool: both listed, namespaced."""
    add_llm_platform(
        hass,
        "hub_tools",
        Contribution(
            [RecordingTool("greet", integration="hub_tools", description="Greets too.")],
            only_hubs=True,
        ),
        built_in=True,
    )
    await async_add_tool(
        hass, entry, "template", {"title": "Greet", "description": "Hi.", "template": "hi"}
    )
    instance = await _instance(hass, entry)
    names = sorted(tool.name for tool in instance.tools if "greet" in tool.name)
    assert names == ["llm_hub--greet", "ui-tools--greet"]
    assert await _call(hass, entry, "ui-tools--greet") == {"result": "hi"}


async def test_reconfigure_template(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """Reconfigure shows the tool's values; saving renames it and the hub lists the new one."""
    subentry_id = await async_add_tool(hass, entry, "template", LIGHTS_ON_FORM)
    result = await hass.config_entries.subentries.async_init(
        (entry.entry_id, "tool"),
        context={"source": "reconfigure", "subentry_id": subentry_id},
    )
    assert result["step_id"] == "template"
    suggested = {
        str(key): key.description["suggested_value"]
        for key in _schema(result).schema
        if key.description and "suggested_value" in key.description
    }
    assert suggested["title"] == "Lights on by area"
    assert suggested["template"] == LIGHTS_ON_FORM["template"]
    result = await async_fill(
        hass,
        result,
        {**LIGHTS_ON_FORM, "title": "Lights on", "template": "{{ 2 }}"},
    )
    assert _placeholders(result)["name"] == "lights_on"
    result = await async_save(hass, result)
    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reconfigure_successful"
    assert entry.subentries[subentry_id].title == "Lights on"
    assert await _call(hass, entry, "lights_on") == {"result": 2}
    # The same title again keeps the tool's own name (no suffix against itself).
    result = await async_reconfigure_tool(
        hass, entry, subentry_id, {**LIGHTS_ON_FORM, "title": "Lights on", "template": "{{ 3 }}"}
    )
    assert _placeholders(result)["name"] == "lights_on"


async def test_options_preview_lists_tools(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """The options flow's preview of other options lists the loaded hub's tools made in the UI."""
    await async_add_tool(hass, entry, "template", LIGHTS_ON_FORM)
    instance = await async_preview(hass, entry, {CONF_READ_ONLY: True})
    assert "lights_on_by_area" in {tool.name for tool in instance.tools}


async def test_delete_tool(
    hass: HomeAssistant, entry: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """Deleting a tool (the websocket command the UI sends) takes it out of the hub at once."""
    assert await async_setup_component(hass, "config", {})
    subentry_id = await async_add_tool(hass, entry, "template", LIGHTS_ON_FORM)
    assert len(await _own(hass, entry)) == 1
    client = await hass_ws_client()
    await client.send_json_auto_id(
        {
            "type": "config_entries/subentries/delete",
            "entry_id": entry.entry_id,
            "subentry_id": subentry_id,
        }
    )
    assert (await client.receive_json())["success"]
    await hass.async_block_till_done()
    assert await _own(hass, entry) == []


async def test_options_change_does_not_reload_twice(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    """Changing anything but the tools (here the title) does not reload for the tools.

    A new title reloads once, for the name (Home Assistant's Rename: ``hub_name.py``).
    """
    await async_add_tool(hass, entry, "template", LIGHTS_ON_FORM)
    with patch.object(hass.config_entries, "async_schedule_reload") as reload:
        hass.config_entries.async_update_entry(entry, title="Kitchen 2")
        await hass.async_block_till_done()
    reload.assert_called_once_with(entry.entry_id)


# --- Action tools --------------------------------------------------------------------------


@pytest.fixture
def recorded(hass: HomeAssistant) -> list[ServiceCall]:
    """Register ``test.record`` (answers with its data) and admin-only ``test.secret``."""
    calls: list[ServiceCall] = []

    async def record(call: ServiceCall) -> ServiceResponse:
        calls.append(call)
        return {"got": dict(call.data)}

    hass.services.async_register(
        "test", "record", record, supports_response=SupportsResponse.OPTIONAL
    )
    async_register_admin_service(hass, "test", "secret", record)
    return calls


async def test_action_tool(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    recorded: list[ServiceCall],
    hass_admin_user: MockUser,
) -> None:
    """An action tool runs its actions with the arguments, as the user; destructive by default."""
    await async_add_tool(
        hass,
        entry,
        "action",
        {
            "title": "Porch light",
            "description": "Turns on the porch light at a brightness.",
            "actions": [{"action": "test.record", "data": {"brightness": "{{ brightness }}"}}],
            "parameters": [
                {"name": "brightness", "type": "integer", "min": 0, "max": 255, "required": True}
            ],
        },
    )
    (tool,) = await _own(hass, entry)
    # Its action (test.record) stays in Home Assistant: it does not reach outside.
    assert tool.annotations == llm.ToolAnnotations(open_world=False)
    assert await _call(hass, entry, "porch_light", {"brightness": 128}, hass_admin_user.id) == {
        "success": True
    }
    (call,) = recorded
    assert call.data == {"brightness": 128}
    assert call.context.user_id == hass_admin_user.id
    data = await _call(hass, entry, "porch_light", {"brightness": 300})
    assert data["error"] == "InvalidArguments"


@pytest.mark.parametrize(
    ("actions", "open_world"),
    [
        ([{"action": "light.turn_on", "target": {"entity_id": "light.porch"}}], False),
        ([{"delay": 1}, {"action": "notify.notify", "data": {"message": "hi"}}], True),
        (
            [
                {
                    "if": [{"condition": "template", "value_template": "1"}],
                    "then": [{"service": "tts.speak"}],
                }
            ],
            True,
        ),
        ([{"action": "{{ 'light.turn_on' }}"}], True),
        ([{"action": "script.turn_on"}], True),
    ],
)
async def test_action_open_world_default(
    hass: HomeAssistant, entry: MockConfigEntry, actions: list[dict[str, Any]], open_world: bool
) -> None:
    """A new action tool reaches outside when its actions may; chosen annotations are kept."""
    hass.services.async_register("notify", "notify", lambda _: None)
    hass.services.async_register("tts", "speak", lambda _: None)
    form = {"title": "Do", "description": "Does.", "actions": actions}
    subentry_id = await async_add_tool(hass, entry, "action", form)
    data = entry.subentries[subentry_id].data
    assert (data["read_only"], data["destructive"], data["open_world"]) == (
        False,
        True,
        open_world,
    )
    chosen = {"read_only": False, "destructive": True, "open_world": True}
    result = await async_reconfigure_tool(hass, entry, subentry_id, {**form, "annotations": chosen})
    await async_save(hass, result)
    assert entry.subentries[subentry_id].data["open_world"] is True


async def test_action_tool_responses(
    hass: HomeAssistant, entry: MockConfigEntry, recorded: list[ServiceCall]
) -> None:
    """Response variables and a stop's response come back to the model."""
    await async_add_tool(
        hass,
        entry,
        "action",
        {
            "title": "Variables",
            "description": "Returns the response variable.",
            "actions": [{"action": "test.record", "data": {"a": 1}, "response_variable": "answer"}],
        },
    )
    await async_add_tool(
        hass,
        entry,
        "action",
        {
            "title": "Stop",
            "description": "Returns a stop's response.",
            "actions": [
                {"action": "test.record", "data": {"b": 2}, "response_variable": "answer"},
                {"stop": "done", "response_variable": "answer"},
            ],
        },
    )
    assert await _call(hass, entry, "variables") == {"answer": {"got": {"a": 1}}}
    assert await _call(hass, entry, "stop") == {"response": {"got": {"b": 2}}}


async def test_action_not_allowed(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    recorded: list[ServiceCall],
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
) -> None:
    """A user who may not perform the action gets a failed result in words; an admin may."""
    await async_add_tool(
        hass,
        entry,
        "action",
        {"title": "Secret", "description": "Admins only.", "actions": [{"action": "test.secret"}]},
    )
    assert await _call(hass, entry, "secret", user_id=hass_read_only_user.id) == {
        "error": "Unauthorized",
        "error_text": "Tool secret did not run: an administrator is needed for the action "
        "test.secret, and the user who asked is not one. Tell the user.",
    }
    assert not recorded
    assert await _call(hass, entry, "secret", user_id=hass_admin_user.id) == {"success": True}

    async def guarded(call: ServiceCall) -> None:
        raise Unauthorized(context=call.context, entity_id="light.porch")

    hass.services.async_register("test", "guarded", guarded)
    await async_add_tool(
        hass,
        entry,
        "action",
        {"title": "Guarded", "description": "Guarded.", "actions": [{"action": "test.guarded"}]},
    )
    assert await _call(hass, entry, "guarded", user_id=hass_read_only_user.id) == {
        "error": "Unauthorized",
        "error_text": "Tool guarded did not run: an administrator is needed for the action "
        "test.guarded on light.porch, and the user who asked is not one. Tell the user.",
    }
    # Raised where no action was called: the words say its actions.
    assert ui_tools._unauthorized("odd", Unauthorized()).data == {
        "error": "Unauthorized",
        "error_text": "Tool odd did not run: an administrator is needed for its actions, and "
        "the user who asked is not one. Tell the user.",
    }


async def test_action_invalid_in_flow(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """Actions Home Assistant does not accept are refused with its words."""
    result = await async_start_tool_flow(hass, entry, "action")
    result = await async_fill(
        hass,
        result,
        {"title": "Bad", "description": "Bad.", "actions": [{"delay": "never"}]},
    )
    assert result["errors"] == {"actions": "actions_invalid"}
    assert "delay" in _placeholders(result)["problem"]


async def test_action_reconfigure_keeps_annotations(
    hass: HomeAssistant, entry: MockConfigEntry, recorded: list[ServiceCall]
) -> None:
    """Reconfigure starts from the tool's own annotations, not the defaults."""
    form = {
        "title": "Record",
        "description": "Records.",
        "actions": [{"action": "test.record"}],
        "annotations": {"read_only": False, "destructive": False, "open_world": False},
    }
    subentry_id = await async_add_tool(hass, entry, "action", form)
    result = await hass.config_entries.subentries.async_init(
        (entry.entry_id, "tool"),
        context={"source": "reconfigure", "subentry_id": subentry_id},
    )
    annotations = next(
        value for key, value in _schema(result).schema.items() if str(key) == "annotations"
    )
    suggested = {str(key): key.description["suggested_value"] for key in annotations.schema.schema}
    assert suggested == {"read_only": False, "destructive": False, "open_world": False}


# --- Script tools --------------------------------------------------------------------------


@pytest.fixture
async def forecast_script(hass: HomeAssistant) -> None:
    """Set up a script with fields and a response (not exposed to Assist)."""
    assert await async_setup_component(
        hass,
        "script",
        {
            "script": {
                "forecast": {
                    "alias": "Forecast",
                    "description": "Tells the forecast for some days.",
                    "fields": {
                        "days": {
                            "description": "How many days",
                            "required": True,
                            "selector": {"number": {"min": 1, "max": 7}},
                        }
                    },
                    "sequence": [
                        {"variables": {"answer": {"days": "{{ days }}", "sky": "clear"}}},
                        {"stop": "done", "response_variable": "answer"},
                    ],
                }
            }
        },
    )
    await hass.async_block_till_done()


async def test_script_tool(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    forecast_script: None,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A script tool: the script's fields are parameters, its response the result."""
    subentry_id = await async_add_tool(hass, entry, "script", {"script": "script.forecast"})
    assert entry.subentries[subentry_id].title == "Forecast"
    (tool,) = await _own(hass, entry)
    assert tool.name == "forecast"
    # Home Assistant's own ScriptTool words it (aliases: the script's name).
    assert tool.description == "Tells the forecast for some days.. Aliases: ['Forecast']"
    assert tool.annotations == llm.ToolAnnotations()
    assert await _call(hass, entry, "forecast", {"days": 3}) == {
        "result": {"days": 3, "sky": "clear"}
    }
    # A script's fields describe, they do not validate: it runs as it would through Assist.
    assert await _call(hass, entry, "forecast", {"days": 9}) == {
        "result": {"days": 9, "sky": "clear"}
    }

    # Reconfigure: another title and description for the model.
    result = await async_reconfigure_tool(
        hass,
        entry,
        subentry_id,
        {"script": "script.forecast", "title": "Weather", "description": "The weather."},
    )
    assert _placeholders(result)["parameters"] == "Parameters: days."  # the script's field
    await async_save(hass, result)
    (tool,) = await _own(hass, entry)
    assert (tool.name, tool.description) == ("weather", "The weather.")

    # The script goes away: the tool is left out with the reason, and a repair issue.
    hass.states.async_remove("script.forecast")
    assert await _own(hass, entry) == []
    described = await _describe(hass_ws_client, entry)
    assert described["weather"]["hidden"] == "The script script.forecast does not exist"
    await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    issue = ir.async_get(hass).async_get_issue(DOMAIN, f"tool_{entry.entry_id}_{subentry_id}")
    assert issue is not None
    assert issue.translation_placeholders == {
        "hub": "Kitchen",
        "tool": "Weather",
        "reason": "The script script.forecast does not exist",
    }


async def test_script_missing_in_flow(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """The flow refuses a script that does not exist."""
    result = await async_start_tool_flow(hass, entry, "script")
    result = await async_fill(hass, result, {"script": "script.nothing"})
    assert result["errors"] == {"script": "script_missing"}
    assert _placeholders(result) == {"script": "script.nothing"}


# --- Broken definitions, versions, policy ----------------------------------------------------


async def _async_hub_with(
    hass: HomeAssistant,
    subentries: list[ConfigSubentryData],
    options: dict[str, Any] | None = None,
) -> MockConfigEntry:
    """Set up a hub "Kitchen" whose storage holds ``subentries``; return it."""
    entry = MockConfigEntry(
        domain=DOMAIN, title="Kitchen", data={}, options=options or {}, subentries_data=subentries
    )
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


def _stored(data: dict[str, Any], title: str = "Stored") -> ConfigSubentryData:
    """Return a tool subentry as storage (a restore, a hand edit) may hold it."""
    return ConfigSubentryData(data=data, subentry_type="tool", title=title, unique_id=None)


GOOD = {"kind": "template", "name": "good", "description": "Good.", "template": "{{ 1 }}"}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({**GOOD, "version": 2}, "It was saved by a newer version of LLM Hub (data version 2)"),
        ({**GOOD, "kind": "macro"}, "Unknown kind of tool 'macro'"),
        ({**GOOD, "name": ""}, "It has no name"),
        ({**GOOD, "template": " "}, "It has no template"),
        (
            {**GOOD, "template": "{% for %}"},
            "The template is invalid: line 1: Expected an expression, got 'end of statement block'",
        ),
        ({**GOOD, "kind": "action", "actions": []}, "It has no actions"),
        ({**GOOD, "kind": "action", "actions": [{"delay": "x"}]}, "The actions are invalid"),
        ({**GOOD, "kind": "script", "script": "light.x"}, "It names no script"),
        ({**GOOD, "parameters": [{"name": "a", "type": "x"}]}, "unknown type 'x'"),
    ],
)
async def test_broken_definition(
    hass: HomeAssistant,
    setup_llm: None,
    hass_ws_client: WebSocketGenerator,
    data: dict[str, Any],
    reason: str,
) -> None:
    """A definition that cannot be used is left out with the reason and a repair issue."""
    entry = await _async_hub_with(
        hass, [_stored(data, "Broken"), _stored({**GOOD, "name": "fine"}, "Fine")]
    )
    assert [tool.name for tool in await _own(hass, entry)] == ["fine"]
    described = await _describe(hass_ws_client, entry)
    broken_name = data["name"] or "Broken"
    assert reason in described[broken_name]["hidden"]
    assert described["fine"]["hidden"] is None
    (broken_id,) = (key for key, subentry in entry.subentries.items() if subentry.title == "Broken")
    # The stand-in the inspector shows is never listed; called directly, it only fails.
    instance = await _instance(hass, entry)
    assert isinstance(instance, HubAPIInstance)
    (left_out,) = [item.tool for item in instance.candidates if item.hidden]
    result = await left_out.async_call(
        hass, llm.ToolInput(tool_name=broken_name, tool_args={}), llm_context()
    )
    assert isinstance(result, llm.ToolResult)
    assert result.error
    issues = ir.async_get(hass)
    assert issues.async_get_issue(DOMAIN, f"tool_{entry.entry_id}_{broken_id}") is not None

    # Deleting the broken tool reloads the hub and clears its issue; removing the hub too.
    hass.config_entries.async_remove_subentry(entry, broken_id)
    await hass.async_block_till_done()
    assert issues.async_get_issue(DOMAIN, f"tool_{entry.entry_id}_{broken_id}") is None
    assert [tool.name for tool in await _own(hass, entry)] == ["fine"]


async def test_removed_hub_removes_tool_issues(hass: HomeAssistant, setup_llm: None) -> None:
    """Removing a hub removes its tools' repair issues (and no other hub's)."""
    ir.async_create_issue(
        hass,
        "other_domain",
        "other",
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        translation_key="other",
    )
    entry = await _async_hub_with(hass, [_stored({**GOOD, "version": 9})])
    issues = ir.async_get(hass)
    ir.async_create_issue(
        hass,
        DOMAIN,
        "other",
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        translation_key="tool_left_out",
    )
    assert len(issues.issues) == 3
    await hass.config_entries.async_remove(entry.entry_id)
    await hass.async_block_till_done()
    assert sorted(issues.issues) == [(DOMAIN, "other"), ("other_domain", "other")]


def test_template_error_without_exception() -> None:
    """A template error of Home Assistant's own words (no exception inside) keeps them."""
    assert template_error_text(TemplateError("Template output exceeded")) == (
        "Template output exceeded"
    )


async def test_too_many_runs(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """Calls beyond MAX_ACTION_RUNS at once are refused in words; the others finish."""
    await async_add_tool(
        hass,
        entry,
        "action",
        {
            "title": "Wait",
            "description": "Waits for the go.",
            "actions": [{"wait_template": "{{ is_state('input_boolean.go', 'on') }}"}],
        },
    )
    instance = await _instance(hass, entry)
    calls = [
        hass.async_create_background_task(
            instance.async_call_tool(llm.ToolInput(tool_name="wait", tool_args={})),
            f"call {number}",
        )
        for number in range(ui_tools.MAX_ACTION_RUNS + 1)
    ]
    await hass.async_block_till_done(wait_background_tasks=False)
    refused = [task for task in calls if task.done()]
    assert len(refused) == 1
    assert refused[0].result().data == {
        "error": "ScriptNotRun",
        "error_text": "Tool wait did not run: as many runs of it as it allows are going on at "
        "once. Wait until one has finished, then call it again.",
    }
    hass.states.async_set("input_boolean.go", "on")
    results = [await task for task in calls if task not in refused]
    assert all(result.data == {"success": True} for result in results)


async def test_reconfigure_unknown_kind(hass: HomeAssistant, setup_llm: None) -> None:
    """A tool of a kind this version does not know cannot be edited (and is not lost)."""
    entry = await _async_hub_with(hass, [_stored({**GOOD, "kind": "macro"})])
    (subentry_id,) = entry.subentries
    result = await hass.config_entries.subentries.async_init(
        (entry.entry_id, "tool"),
        context={"source": "reconfigure", "subentry_id": subentry_id},
    )
    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "unknown_kind"
    assert entry.subentries[subentry_id].data["kind"] == "macro"


async def test_version_1_without_version_key(hass: HomeAssistant, setup_llm: None) -> None:
    """Data without a version is version 1; annotations missing take the kind's defaults."""
    entry = await _async_hub_with(
        hass,
        [
            _stored(GOOD),
            _stored({**GOOD, "name": "act", "kind": "action", "actions": {"stop": "x"}}),
            ConfigSubentryData(data={}, subentry_type="future", title="Future", unique_id=None),
        ],
    )
    tools = {tool.name: tool for tool in await _own(hass, entry)}
    assert tools["good"].annotations == llm.ToolAnnotations(
        read_only=True, destructive=False, open_world=False
    )
    assert tools["act"].annotations == llm.ToolAnnotations()
    assert await _call(hass, entry, "act") == {"success": True}


async def test_policy_applies(hass: HomeAssistant, setup_llm: None) -> None:
    """The hub's policy applies: a read-only hub lists the template tool, not the action."""
    entry = await _async_hub_with(
        hass,
        [
            _stored(GOOD),
            _stored({**GOOD, "name": "act", "kind": "action", "actions": [{"stop": "x"}]}),
        ],
        options={CONF_READ_ONLY: True},
    )
    assert [tool.name for tool in await _own(hass, entry)] == ["good"]


@pytest.mark.parametrize(
    ("options", "source", "warning"),
    [
        (
            {CONF_READ_ONLY: True},
            "user",
            "leave this tool out while its option “Read-only tools only” is on (Configure).",
        ),
        (
            {"no_destructive": True, "no_open_world": True},
            "user",
            (
                "leave this tool out while its option “No destructive tools” is on "
                "(Configure). The hub will leave this tool out while its option “No tools that "
                "reach outside Home Assistant” is on (Configure)."
            ),
        ),
        (
            {"include_new_tools": False},
            "user",
            "leave this tool out while its option “Include new tools” is off (Configure).",
        ),
        ({"include_new_tools": False}, "reconfigure", ""),
        (
            {"confirm_destructive": True},
            "user",
            (
                "ask the user to confirm each call of this tool "
                "while its option “Confirm destructive tools” is on (Configure)."
            ),
        ),
        ({CONF_READ_ONLY: False}, "user", ""),
    ],
)
async def test_save_warns_of_hub_options(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    options: dict[str, Any],
    source: str,
    warning: str,
) -> None:
    """The Save step says when the hub's options will hide or confirm the tool, naming them."""
    form = {
        "title": "Ping",
        "description": "Pings.",
        "actions": [{"action": "notify.notify", "data": {"message": "ping"}}],
    }
    hass.services.async_register("notify", "notify", lambda _: None)
    subentry_id = await async_add_tool(hass, entry, "action", form)
    hass.config_entries.async_update_entry(entry, options=options)
    await hass.async_block_till_done()
    if source == "user":
        result = await async_start_tool_flow(hass, entry, "action")
        result = await async_fill(hass, result, form)
    else:
        result = await async_reconfigure_tool(hass, entry, subentry_id, form)
    assert result["step_id"] == "save"
    assert _placeholders(result)["warning"] == (f"The hub will {warning}" if warning else "")


@pytest.mark.parametrize(
    ("action", "warned", "nested"),
    [
        ("test.set_code", True, False),
        ("test.get_code", False, False),
        ("test.set_code", True, True),
    ],
)
async def test_save_warns_a_read_only_tool_that_changes_state(
    hass: HomeAssistant, entry: MockConfigEntry, action: str, warned: bool, nested: bool
) -> None:
    """Saved "read-only", a tool whose steps can change state is told it is served as not."""
    for service in ("set_code", "get_code"):
        hass.services.async_register(
            "test", service, lambda _: {}, supports_response=SupportsResponse.ONLY
        )
    form = {
        "title": "Code",
        "description": "The door code.",
        "actions": (
            # A bare action as a branch of ``parallel``, as Home Assistant accepts it.
            [{"parallel": [{"action": action}]}]
            if nested
            else [{"action": action, "response_variable": "code"}]
        ),
        "annotations": {"read_only": True, "destructive": False, "open_world": False},
    }
    result = await async_fill(hass, await async_start_tool_flow(hass, entry, "action"), form)

    assert result["step_id"] == "save"
    assert ("serves it as not read-only" in _placeholders(result)["warning"]) is warned
    await async_fill(hass, result, {})
    (tool,) = await _own(hass, entry)
    assert tool.annotations.read_only is not warned


async def test_unloaded_scripts(hass: HomeAssistant, setup_llm: None) -> None:
    """Unloading the hub unloads its action tools' scripts."""
    entry = await _async_hub_with(
        hass, [_stored({**GOOD, "kind": "action", "actions": [{"stop": "x"}]})]
    )
    (tool,) = await _own(hass, entry)
    script = tool.tool.script  # type: ignore[attr-defined]
    assert await hass.config_entries.async_unload(entry.entry_id)
    with pytest.raises(RuntimeError, match="after it has been unloaded"):
        await script.async_run()


# --- What a script or action run did ---------------------------------------------------------


def _waiting_script(mode: str, **extra: Any) -> dict[str, Any]:
    """Return a script that waits for ``input_boolean.go`` and answers its field ``n``."""
    return {
        "mode": mode,
        **extra,
        "fields": {"n": {"selector": {"number": {"min": 0, "max": 9}}}},
        "sequence": [
            {"wait_template": "{{ is_state('input_boolean.go', 'on') }}"},
            {"variables": {"answer": {"n": "{{ n }}"}}},
            {"stop": "done", "response_variable": "answer"},
        ],
    }


@pytest.fixture
async def mode_scripts(hass: HomeAssistant) -> None:
    """Set up scripts of every mode, one stopped by a condition and one without a response."""
    assert await async_setup_component(
        hass,
        "script",
        {
            "script": {
                "single": _waiting_script("single"),
                "queued": _waiting_script("queued", max=2),
                "parallel": _waiting_script("parallel", max=2),
                "restart": _waiting_script("restart"),
                "guarded": {
                    "sequence": [
                        {"condition": "state", "entity_id": "input_boolean.go", "state": "on"},
                        {"stop": "done"},
                    ]
                },
                "quiet": {"sequence": [{"variables": {"x": 1}}]},
                "secret": {"sequence": [{"action": "test.secret"}]},
                "rooms": {
                    "fields": {
                        "room": {"selector": {"area": {}}},
                        "rooms": {"selector": {"area": {"multiple": True}}},
                    },
                    "sequence": [
                        {"variables": {"answer": {"room": "{{ room }}", "rooms": "{{ rooms }}"}}},
                        {"stop": "done", "response_variable": "answer"},
                    ],
                },
            }
        },
    )
    await hass.async_block_till_done()


def _last_triggered(hass: HomeAssistant, name: str) -> Any:
    """Return when ``script.<name>`` last started a run (None: never)."""
    state = hass.states.get(f"script.{name}")
    assert state is not None
    return state.attributes["last_triggered"]


async def _start_call(
    hass: HomeAssistant, entry: MockConfigEntry, name: str, n: int
) -> asyncio.Task[Any]:
    """Start call ``n`` of a tool (argument ``n``); return once it ran its script or answered.

    ``async_block_till_done`` cannot tell: a call builds the hub's instance first, at times in
    the executor, whose jobs it does not wait for when a background task starts them.
    """
    before = _last_triggered(hass, name)
    settled = asyncio.Event()

    @callback
    def run_started(event: Event[EventStateChangedData]) -> None:
        if _last_triggered(hass, name) != before:
            settled.set()

    unsubscribe = async_track_state_change_event(hass, f"script.{name}", run_started)
    task = hass.async_create_background_task(_call(hass, entry, name, {"n": n}), f"call {n}")
    task.add_done_callback(lambda _: settled.set())
    try:
        async with asyncio.timeout(10):
            await settled.wait()
    finally:
        unsubscribe()
    return task


async def _calls(
    hass: HomeAssistant, entry: MockConfigEntry, name: str, count: int
) -> list[asyncio.Task[Any]]:
    """Start ``count`` calls of a tool in turn, none waiting for another to end.

    Each starts once the one before has started its script's run (which waits for
    ``input_boolean.go``) or has its answer, so the runs a mode allows are the first ones.
    """
    return [await _start_call(hass, entry, name, n) for n in range(count)]


async def test_script_modes(
    hass: HomeAssistant, entry: MockConfigEntry, mode_scripts: None
) -> None:
    """Each mode says what ran: a refused run is an error, responses come back in every mode."""
    for script in ("single", "queued", "parallel", "restart", "guarded", "quiet"):
        await async_add_tool(hass, entry, "script", {"script": f"script.{script}"})

    single = await _calls(hass, entry, "single", 2)
    assert single[1].done()
    assert single[1].result() == {
        "error": "ScriptNotRun",
        "error_text": "Tool single did not run: it is already running and runs once at a time "
        "(mode single). Wait until it has finished, then call it again.",
    }
    audit = entry.runtime_data.api.audit
    assert audit.recent[-1].data["outcome"] == "error"
    queued = await _calls(hass, entry, "queued", 3)
    parallel = await _calls(hass, entry, "parallel", 3)
    for tasks in (queued, parallel):
        assert [task.done() for task in tasks] == [False, False, True]
        assert "as many runs of it as it allows" in tasks[2].result()["error_text"]
    restart = await _calls(hass, entry, "restart", 2)
    assert "was stopped before its end" in (await restart[0])["error_text"]

    hass.states.async_set("input_boolean.go", "on")
    assert await single[0] == {"result": {"n": 0}}
    assert [await task for task in queued[:2]] == [{"result": {"n": 0}}, {"result": {"n": 1}}]
    assert [await task for task in parallel[:2]] == [{"result": {"n": 0}}, {"result": {"n": 1}}]
    assert await restart[1] == {"result": {"n": 1}}
    assert audit.recent[-1].data["outcome"] == "ok"

    # Ran without a response: said so; stopped by a condition: an error.
    assert await _call(hass, entry, "quiet") == {"success": True}
    assert await _call(hass, entry, "guarded") == {"success": True}
    hass.states.async_set("input_boolean.go", "off")
    assert await _call(hass, entry, "guarded") == {
        "error": "ScriptNotRun",
        "error_text": "Tool guarded stopped before its end: a condition was not met, or a stop "
        "action ended it with an error. Tell the user it did not finish.",
    }
    assert audit.recent[-1].data["outcome"] == "error"


async def test_action_stopped_by_condition(
    hass: HomeAssistant, entry: MockConfigEntry, recorded: list[ServiceCall]
) -> None:
    """An action tool whose condition fails answers an error, and its later actions never run."""
    await async_add_tool(
        hass,
        entry,
        "action",
        {
            "title": "Guarded",
            "description": "Records when allowed.",
            "actions": [
                {"condition": "state", "entity_id": "input_boolean.go", "state": "on"},
                {"action": "test.record"},
            ],
        },
    )
    data = await _call(hass, entry, "guarded")
    assert data["error"] == "ScriptNotRun"
    assert "a condition was not met" in data["error_text"]
    assert not recorded
    hass.states.async_set("input_boolean.go", "on")
    assert await _call(hass, entry, "guarded") == {"success": True}
    assert len(recorded) == 1


async def test_script_area_fields(
    hass: HomeAssistant, entry: MockConfigEntry, mode_scripts: None
) -> None:
    """A script's area fields take names; an unknown area is an error and the script never runs."""
    await async_add_tool(hass, entry, "script", {"script": "script.rooms"})
    porch = ar.async_get(hass).async_get_area_by_name("Porch")
    assert porch is not None
    assert await _call(hass, entry, "rooms", {"room": "Porch", "rooms": ["porch"]}) == {
        "result": {"room": porch.id, "rooms": [porch.id]}
    }
    for args in ({"room": "Cellar"}, {"rooms": ["Porch", "Cellar"]}):
        assert await _call(hass, entry, "rooms", args) == {
            "error": "HomeAssistantError",
            "error_text": "There is no area 'Cellar'",
        }
    assert await _call(hass, entry, "rooms", {"room": 3}) == {
        "error": "HomeAssistantError",
        "error_text": "3 is not an area's name or id",
    }
    script = hass.states.get("script.rooms")
    assert script is not None
    assert script.attributes["last_triggered"] is not None  # once, by the first call only


async def test_script_not_allowed_or_stopping(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    mode_scripts: None,
    recorded: list[ServiceCall],
    hass_read_only_user: MockUser,
) -> None:
    """A script the user may not run says an administrator is needed; a stopping hass says so."""
    await async_add_tool(hass, entry, "script", {"script": "script.secret"})
    await async_add_tool(hass, entry, "script", {"script": "script.quiet"})
    await async_add_tool(
        hass, entry, "action", {"title": "Act", "description": "Acts.", "actions": [{"stop": "x"}]}
    )
    assert await _call(hass, entry, "secret", user_id=hass_read_only_user.id) == {
        "error": "Unauthorized",
        "error_text": "Tool secret did not run: an administrator is needed for the script "
        "script.secret: the action test.secret, and the user who asked is not one. Tell the "
        "user.",
    }
    assert not recorded
    hass.data[DATA_NEW_SCRIPT_RUNS_NOT_ALLOWED] = None
    for name in ("quiet", "act"):
        assert await _call(hass, entry, name) == {
            "error": "ScriptNotRun",
            "error_text": f"Tool {name} did not run: Home Assistant is stopping.",
        }
    del hass.data[DATA_NEW_SCRIPT_RUNS_NOT_ALLOWED]


# --- Targets the model names --------------------------------------------------------------


async def test_entity_targets(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    recorded: list[ServiceCall],
) -> None:
    """An entity the model names must exist, be of the domains and exposed; else nothing runs.

    A registry id is checked like its entity id and reaches the actions as the entity id.
    """
    form = {
        "title": "Turn on",
        "description": "Turns on a light.",
        "actions": [{"action": "test.record", "data": {"entity_id": "{{ lamp }}"}}],
        "parameters": [{"name": "lamp", "type": "entity", "domains": ["light"], "required": True}],
    }
    subentry_id = await async_add_tool(hass, entry, "action", form)
    entities = er.async_get(hass)
    porch = entities.async_get("light.porch")
    switch = entities.async_get_or_create("switch", "test", "pump", suggested_object_id="pump")
    attic = entities.async_get_or_create("light", "test", "garage", suggested_object_id="garage")
    async_expose_entity(hass, "conversation", "light.garage", should_expose=False)
    assert porch is not None
    assert await _call(hass, entry, "turn_on", {"lamp": porch.id}) == {"success": True}
    assert recorded[-1].data == {"entity_id": "light.porch"}
    # The exposed lights it may name instead (not the garage's: not exposed; not the pump).
    may_name = "lamp may name: light.attic (attic), light.desk (desk), light.porch (porch)."
    for lamp, error_text in (
        ("light.cellar", f"There is no entity 'light.cellar'. {may_name}"),
        (
            "0123456789abcdef0123456789abcdef",
            f"There is no entity '0123456789abcdef0123456789abcdef'. {may_name}",
        ),
        (switch.id, "lamp: switch.pump is not of light"),
        (
            attic.id,
            (
                "Entity light.garage is not exposed to Assist; tool turn_on may only reach "
                "exposed entities"
            ),
        ),
    ):
        assert await _call(hass, entry, "turn_on", {"lamp": lamp}) == {
            "error": "HomeAssistantError",
            "error_text": error_text,
        }, lamp
    assert len(recorded) == 1
    for lamp in ("all", "none"):
        data = await _call(hass, entry, "turn_on", {"lamp": lamp})
        assert data["error"] == "InvalidArguments"

    # The admin lets the tool reach entities not exposed to Assist.
    result = await async_reconfigure_tool(hass, entry, subentry_id, {**form, "unexposed": True})
    await async_save(hass, result)
    assert entry.subentries[subentry_id].data["unexposed"] is True
    assert await _call(hass, entry, "turn_on", {"lamp": "light.garage"}) == {"success": True}
    assert recorded[-1].data == {"entity_id": "light.garage"}


async def test_an_entity_it_cannot_find_lists_those_it_may_name(
    hass: HomeAssistant, entry: MockConfigEntry, recorded: list[ServiceCall]
) -> None:
    """A name, or an entity id that is no entity, is answered with the entities it may name.

    Only those exposed to Assist and of the parameter's domains, sorted, with their names; the
    first 20, saying how many there are.
    """
    for n in range(22):
        hass.states.async_set(f"light.lamp_{n:02}", "off", {"friendly_name": f"Lamp {n}"})
    hass.states.async_set("switch.pump", "off", {"friendly_name": "Pump"})
    hass.states.async_set("light.hidden", "off", {"friendly_name": "Kitchen lights"})
    async_expose_entity(hass, "conversation", "light.hidden", should_expose=False)
    tools = {"lamp": ["light"], "thing": [], "lock": ["lock"]}
    for name, domains in tools.items():
        parameter = {"name": name, "type": "entity", "domains": domains, "required": True}
        await async_add_tool(
            hass,
            entry,
            "action",
            {
                "title": f"Use {name}",
                "description": "Acts on what it is given.",
                "actions": [{"action": "test.record", "data": {"entity_id": f"{{{{ {name} }}}}"}}],
                "parameters": [parameter],
            },
        )

    lamp = await _call(hass, entry, "use_lamp", {"lamp": "Kitchen lights"})
    thing = await _call(hass, entry, "use_thing", {"thing": "light.kitchen"})
    lock = await _call(hass, entry, "use_lock", {"lock": "Front door"})

    first = ", ".join(
        [
            "light.attic (attic)",
            "light.desk (desk)",
            *(f"light.lamp_{n:02} (Lamp {n})" for n in range(18)),
        ]
    )
    assert lamp == {
        "error": "HomeAssistantError",
        "error_text": "There is no entity 'Kitchen lights'. lamp may name one of 25 entities, "
        f"the first 20: {first}.",
    }
    # Of any domain: the pump too, and one more in all.
    assert "thing may name one of 26 entities, the first 20: light.attic" in thing["error_text"]
    assert lock == {
        "error": "HomeAssistantError",
        "error_text": "There is no entity 'Front door'. No entity lock may name is exposed to "
        "this assistant.",
    }
    assert recorded == []
    # "all" and "none" stay no entity ids.
    assert (await _call(hass, entry, "use_lamp", {"lamp": "all"}))["error"] == "InvalidArguments"


@pytest.mark.parametrize(
    "case",
    [
        ({"entity_id": "light.cellar"}, "", "There is no entity 'light.cellar'"),
        ({"entity_id": ["light.porch", "light.cellar"]}, "", "There is no entity 'light.cellar'"),
        ({"entity_id": "light.porch, light.cellar"}, "", "There is no entity 'light.cellar'"),
        ({"area_id": "cellar"}, "", "There is no area 'cellar'"),
        ({"device_id": "0123abcd"}, "", "There is no device '0123abcd'"),
        ({"entity_id": "all"}, "", "'all' is not an entity id: name the entities"),
        ({"entity_id": "none"}, "", "'none' is not an entity id: name the entities"),
        ({"entity_id": "{{ which }}"}, "light.cellar", "There is no entity 'light.cellar'"),
        ({"area_id": "{{ which }}"}, "cellar", "There is no area 'cellar'"),
        (
            {"entity_id": "{{ which }}"},
            "light.garage",
            (
                "Entity light.garage is not exposed to Assist; tool switch_on may only reach "
                "exposed entities"
            ),
        ),
        # Written in the actions, an entity not exposed is the author's choice.
        ({"entity_id": "light.garage"}, "", None),
        ({"area_id": "porch"}, "", None),
        ({"entity_id": "{{ which }}", "area_id": "{{ area_id('Porch') }}"}, "light.porch", None),
        ({"device_id": "{{ none }}"}, "", None),
        # A target template that fails: Home Assistant's run says so, after step 1 ran.
        (
            {"entity_id": "{{ 1 / 0 }}"},
            "",
            "Error rendering service target template: ZeroDivisionError: division by zero",
        ),
    ],
)
async def test_action_targets(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    recorded: list[ServiceCall],
    case: tuple[dict[str, Any], str, str | None],
) -> None:
    """Targets written in the actions must exist; led by an argument, be exposed too.

    Anywhere in the actions (here inside an ``if``); when one does not, nothing runs.
    """
    target, which, error_text = case
    entities = er.async_get(hass)
    entities.async_get_or_create("light", "test", "garage", suggested_object_id="garage")
    async_expose_entity(hass, "conversation", "light.garage", should_expose=False)
    form = {
        "title": "Switch on",
        "description": "Switches on.",
        "actions": [
            {"action": "test.record", "data": {"step": 1}},
            {
                "if": [{"condition": "template", "value_template": "{{ true }}"}],
                "then": [{"action": "test.record", "target": target}],
            },
        ],
        "parameters": [{"name": "which", "type": "text"}],
    }
    subentry_id = await async_add_tool(hass, entry, "action", form)
    data = await _call(hass, entry, "switch_on", {"which": which})
    if error_text is None:
        assert data == {"success": True}
        assert len(recorded) == 2
        return
    assert data == {"error": "HomeAssistantError", "error_text": error_text}
    assert len(recorded) == (1 if error_text.startswith("Error rendering") else 0)
    if "not exposed" in error_text:
        result = await async_reconfigure_tool(hass, entry, subentry_id, {**form, "unexposed": True})
        await async_save(hass, result)
        assert await _call(hass, entry, "switch_on", {"which": which}) == {"success": True}


async def test_template_undefined_variables(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """A template reading a variable nobody defines is refused at save, and fails at call."""
    result = await async_start_tool_flow(hass, entry, "template")
    form = {
        **LIGHTS_ON_FORM,
        "title": "Greet",
        "template": "{% set greeting = 'Hello' %}{{ greeting }} {{ who }} {{ whom }}"
        "{{ states('sun.sun') }} {{ now() }}",
        "parameters": [{"name": "who", "type": "text"}],
    }
    result = await async_fill(hass, result, form)
    assert result["errors"] == {"template": "template_undefined"}
    assert _placeholders(result) == {"variables": "whom"}
    result = await async_fill(
        hass, result, {**form, "template": form["template"].replace("{{ whom }}", "")}
    )
    await async_save(hass, result)
    assert (await _call(hass, entry, "greet", {"who": "Ann"}))["result"].startswith("Hello Ann")

    # Stored by hand (or before this check): the call names the variable, never empty text.
    (subentry_id,) = entry.subentries
    hass.config_entries.async_update_subentry(
        entry, entry.subentries[subentry_id], data={**GOOD, "template": "Hello {{ whom }}!"}
    )
    await hass.async_block_till_done()
    assert await _call(hass, entry, "good") == {
        "error": "TemplateError",
        "error_text": "The template of tool good failed at line 1: "
        "UndefinedError: 'whom' is undefined",
    }


async def test_a_script_without_its_entity_is_saved_without_parameters(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    """A script whose state was set by hand (no script entity behind it): the Save step says
    it takes no parameters."""
    hass.states.async_set("script.by_hand", "off", {"friendly_name": "By hand"})
    result = await async_start_tool_flow(hass, entry, "script")
    result = await async_fill(hass, result, {"script": "script.by_hand"})

    assert result["step_id"] == "save"
    assert _placeholders(result)["parameters"] == "It takes no parameters."
