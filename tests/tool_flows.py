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
    result = await hass.config_entries.subentries.async_configure(result["flow_id"], form)
    before = set(entry.subentries)
    result = await async_save(hass, result)
    assert result["type"] is FlowResultType.CREATE_ENTRY
    (subentry_id,) = set(entry.subentries) - before
    return subentry_id


async def async_reconfigure_tool(
    hass: HomeAssistant, entry: ConfigEntry, subentry_id: str, form: dict[str, Any]
) -> SubentryFlowResult:
    """Reconfigure a tool through the flow with ``form``; return the form step's result."""
    result = await hass.config_entries.subentries.async_init(
        (entry.entry_id, "tool"),
        context={"source": "reconfigure", "subentry_id": subentry_id},
    )
    assert result["type"] is FlowResultType.FORM
    return await hass.config_entries.subentries.async_configure(result["flow_id"], form)
