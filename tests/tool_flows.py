"""Tools made in the UI, added and edited through the real subentry flows (shared by tests)."""

from __future__ import annotations

from typing import Any

from homeassistant.config_entries import ConfigEntry, SubentryFlowResult
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType

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
