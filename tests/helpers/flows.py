"""Flows the tests drive: tools made in the UI (subentry flows), the config and options flows."""

from __future__ import annotations

from collections.abc import Mapping
import re
from typing import Any

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub.const import (
    CONF_PINNED_TOOLS,
    CONF_TOOL_MODE,
)
from homeassistant.config_entries import (
    ConfigEntry,
    ConfigFlowResult,
    SubentryFlowResult,
)
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers.selector import SelectSelector

from .hubs import async_set_options
from .translations import TRANSLATIONS

LIGHTS_ON_TEMPLATE = (
    "{% set ns = namespace(areas={}) %}"
    "{% for state in states.light | selectattr('state', 'eq', 'on') %}"
    "{% set area = area_name(state.entity_id) or 'no area' %}"
    "{% set ns.areas = dict(ns.areas, **{area: ns.areas.get(area, 0) + 1}) %}"
    "{% endfor %}"
    "{{ ns.areas | tojson }}"
)
"""How many lights are on, by area: a JSON object of area name -> count."""

LIGHTS_ON_FORM: dict[str, Any] = {
    "title": "Lights on by area",
    "description": "How many lights are on, by area.",
    "template": LIGHTS_ON_TEMPLATE,
}


def shown(text: str, placeholders: Mapping[str, str] | None) -> str:
    """Return a flow's text as the frontend shows it: each ``{name}`` it is given filled in.

    The frontend fills a step's description and its fields' errors from the same
    ``description_placeholders``.
    """
    given = placeholders or {}
    return re.sub(r"\{(\w+)\}", lambda found: given.get(found[1], found[0]), text)


async def async_start_tool_flow(
    hass: HomeAssistant, entry: ConfigEntry, kind: str
) -> SubentryFlowResult:
    """Start "Add tool" on ``entry`` and pick ``kind`` in the menu; return the kind's form."""
    result = await hass.config_entries.subentries.async_init(
        (entry.entry_id, "tool"), context={"source": "user"}
    )
    assert result["type"] is FlowResultType.MENU
    assert result["menu_options"] == ["template", "action", "script"]
    result = await hass.config_entries.subentries.async_configure(
        result["flow_id"], {"next_step_id": kind}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == kind
    return result


async def async_add_parameter(
    hass: HomeAssistant, result: SubentryFlowResult, parameter: dict[str, Any]
) -> SubentryFlowResult:
    """Add ``parameter`` (stored form) in the parameters menu ``result``; return the next step.

    Parameters' Add -> its type -> only that type's fields (what the form refuses comes back).
    """
    assert result["type"] is FlowResultType.MENU, result
    assert result["step_id"] == "parameters"
    flow_id = result["flow_id"]
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"next_step_id": "parameter_add"}
    )
    assert result["step_id"] == "parameter_type"
    result = await hass.config_entries.subentries.async_configure(
        flow_id, {"type": parameter.get("type", "text")}
    )
    assert result["step_id"] == "parameter"
    fields = {key: value for key, value in parameter.items() if key != "type"}
    return await hass.config_entries.subentries.async_configure(flow_id, fields)


async def async_fill(
    hass: HomeAssistant, result: SubentryFlowResult, form: dict[str, Any]
) -> SubentryFlowResult:
    """Submit a kind's form ``result`` with ``form``; add its ``parameters``, if any; go on.

    Returns the step after the parameters menu's Done (``save``, or the kind's form with an
    error), or the kind's form when it refused ``form``. Given ``parameters`` replace the
    tool's own; without them the tool keeps its own.
    """
    fields = {key: value for key, value in form.items() if key != "parameters"}
    result = await hass.config_entries.subentries.async_configure(result["flow_id"], fields)
    if result["type"] is not FlowResultType.MENU:
        return result
    flow_id = result["flow_id"]
    if "parameters" in form and "parameter_remove" in result["menu_options"]:
        result = await hass.config_entries.subentries.async_configure(
            flow_id, {"next_step_id": "parameter_remove"}
        )
        schema = result["data_schema"]
        assert schema is not None
        (names,) = [field.config["options"] for field in schema.schema.values()]
        result = await hass.config_entries.subentries.async_configure(
            flow_id, {"parameters": names}
        )
    for parameter in form.get("parameters", []):
        result = await async_add_parameter(hass, result, parameter)
    return await hass.config_entries.subentries.async_configure(
        flow_id, {"next_step_id": "parameters_done"}
    )


async def async_save(hass: HomeAssistant, result: SubentryFlowResult) -> SubentryFlowResult:
    """Confirm the ``save`` step shown by ``result``; wait for the hub's reload."""
    assert result["type"] is FlowResultType.FORM, result
    assert result["step_id"] == "save"
    result = await hass.config_entries.subentries.async_configure(result["flow_id"], {})
    await hass.async_block_till_done()
    return result


async def async_add_tool(
    hass: HomeAssistant, entry: ConfigEntry, kind: str, form: dict[str, Any]
) -> str:
    """Add a tool of ``kind`` to ``entry`` through the flow; return its subentry id."""
    result = await async_start_tool_flow(hass, entry, kind)
    result = await async_fill(hass, result, form)
    before = set(entry.subentries)
    result = await async_save(hass, result)
    assert result["type"] is FlowResultType.CREATE_ENTRY
    (subentry_id,) = set(entry.subentries) - before
    return subentry_id


async def async_reconfigure_tool(
    hass: HomeAssistant, entry: ConfigEntry, subentry_id: str, form: dict[str, Any]
) -> SubentryFlowResult:
    """Reconfigure a tool through the flow with ``form`` (``async_fill``); return the next step."""
    result = await hass.config_entries.subentries.async_init(
        (entry.entry_id, "tool"),
        context={"source": "reconfigure", "subentry_id": subentry_id},
    )
    assert result["type"] is FlowResultType.FORM
    return await async_fill(hass, result, form)


async def async_add_condition(
    hass: HomeAssistant, entry: ConfigEntry, tool: str, condition: dict[str, Any]
) -> dict[str, Any]:
    """Add ``condition`` (the condition step's fields) to ``tool`` through the options flow and
    Save; return the options the hub then serves."""
    result = await hass.config_entries.options.async_init(entry.entry_id)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "conditions"}
    )
    assert result["step_id"] == "conditions", result
    result = await hass.config_entries.options.async_configure(result["flow_id"], {"tool": tool})
    assert result["step_id"] == "condition", result
    result = await hass.config_entries.options.async_configure(result["flow_id"], condition)
    assert result["type"] is FlowResultType.MENU, result
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "save"}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await hass.async_block_till_done()
    return dict(entry.options)


def _selector(result: ConfigFlowResult, name: str) -> Any:
    """Return the selector of the form field ``name``."""
    schema = result["data_schema"]
    assert schema is not None
    return schema.schema[_key(result, name)]


def _suggested(result: ConfigFlowResult, name: str) -> Any:
    """Return the value a form suggests for ``name`` (None when it suggests none)."""
    description = _key(result, name).description
    return description.get("suggested_value") if description else None


def _choices(result: ConfigFlowResult, name: str) -> list[Any]:
    selector = _selector(result, name)
    assert isinstance(selector, SelectSelector)
    return list(selector.config["options"])


async def _open(hass: HomeAssistant, entry: MockConfigEntry, step: str) -> ConfigFlowResult:
    result = await _menu(hass, entry)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": step}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == step
    assert not result["errors"]
    _assert_translated(result)
    return result


async def _submit(
    hass: HomeAssistant, result: ConfigFlowResult, user_input: dict[str, Any], *, save: bool = True
) -> ConfigFlowResult:
    """Submit a step's form; when it returns to the menu, choose Save unless ``save`` is off."""
    result = await hass.config_entries.options.async_configure(result["flow_id"], user_input)
    if result["type"] is FlowResultType.MENU:
        assert result["step_id"] == "init"
        assert result["menu_options"] == MENU
        if save:
            result = await hass.config_entries.options.async_configure(
                result["flow_id"], {"next_step_id": "save"}
            )
    await hass.async_block_till_done()
    if result["type"] in (FlowResultType.FORM, FlowResultType.MENU):
        _assert_translated(result)
    return result


async def _open_marked(hass: HomeAssistant, entry: Any) -> ConfigFlowResult:
    """Open the scope step of ``entry``, whose form marks a field (``_open`` expects none)."""
    result = await hass.config_entries.options.async_init(entry.entry_id)
    return await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "scope"}
    )


async def _search_mode(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    mode: str = "search",
    pinned: list[str] | None = None,
) -> dict[str, Any]:
    """Save the tool mode and pinned tools through the options flow; return the options."""
    return await async_set_options(
        hass, entry, "search", {CONF_TOOL_MODE: mode, CONF_PINNED_TOOLS: pinned or []}
    )


ASSIST: dict[str, Any] = {CONF_LLM_HASS_API: ["assist"]}


async def async_open_api_prompt(
    hass: HomeAssistant, entry: ConfigEntry, api_id: str
) -> ConfigFlowResult:
    """Open Configure -> Prompts of selected APIs, pick ``api_id``; return its prompt's form."""
    result = await hass.config_entries.options.async_init(entry.entry_id)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "api_prompts"}
    )
    assert result["step_id"] == "api_prompts", result
    result = await hass.config_entries.options.async_configure(result["flow_id"], {"api": api_id})
    assert result["type"] is FlowResultType.FORM, result
    assert result["step_id"] == "api_prompt"
    return result


async def async_choose_api_prompt(
    hass: HomeAssistant, entry: ConfigEntry, api_id: str, choice: str, text: str = ""
) -> dict[str, Any]:
    """Keep, replace or drop ``api_id``'s prompt through the options flow and Save; return the
    options (the hub has reloaded)."""
    result = await async_open_api_prompt(hass, entry, api_id)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"choice": choice, "text": text}
    )
    assert result["type"] is FlowResultType.MENU, result
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "save"}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await hass.async_block_till_done()
    return dict(entry.options)


def _key(result: ConfigFlowResult, name: str) -> probatio.Marker:
    """Return the schema key ``name`` of a form."""
    schema = result["data_schema"]
    assert schema is not None
    for key in schema.schema:
        if isinstance(key, probatio.Marker) and key.schema == name:
            return key
    pytest.fail(f"{name} is not in the form")


STEPS = [
    "apis",
    "api_prompts",
    "tools",
    "scope",
    "safety",
    "conditions",
    "overrides",
    "limits",
    "search",
]


MENU = [*STEPS, "save"]


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", text))


def _assert_translated(result: ConfigFlowResult) -> None:
    """Assert en.json has what the result shows, and the result fills every placeholder.

    Like Home Assistant core's ``check_translations``: a step's title (and description),
    every field with its description, every menu option and error.
    """
    strings = TRANSLATIONS["options"]
    step = strings["step"][result["step_id"]]
    texts = [step["title"], step.get("description", "")]
    if result["type"] is FlowResultType.MENU:
        assert result["menu_options"] == MENU
        assert set(step["menu_options"]) == set(MENU)
        assert all(step["menu_options"].values())
    else:
        assert result["type"] is FlowResultType.FORM
        schema = result["data_schema"]
        assert schema is not None
        for key in schema.schema:
            assert step["data"][str(key)]
            assert step["data_description"][str(key)]
        texts.extend(strings["error"][error] for error in (result["errors"] or {}).values())
    given = set(result["description_placeholders"] or {})
    for text in texts:
        assert _placeholders(text) <= given, text


async def _menu(hass: HomeAssistant, entry: MockConfigEntry) -> ConfigFlowResult:
    result = await hass.config_entries.options.async_init(entry.entry_id)
    assert result["type"] is FlowResultType.MENU
    assert result["step_id"] == "init"
    assert result["menu_options"] == MENU
    _assert_translated(result)
    return result
