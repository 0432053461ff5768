"""Keeps a hub in step with its tool subentries: reload when they change, repair issues.

Tools made in the UI (``ui_tools.py``) are built when the hub is set up, so adding, changing
or deleting one reloads the hub; one the hub leaves out raises a repair issue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from homeassistant.config_entries import (
    SIGNAL_CONFIG_ENTRY_CHANGED,
    ConfigEntry,
    ConfigEntryChange,
)
from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.start import async_at_started

from ..const import DOMAIN
from .tools import SUBENTRY_TYPE, UiTools

__all__ = [
    "async_check_tools_when_started",
    "async_reload_on_tool_change",
    "async_remove_tool_issues",
]


def _tool_subentries(entry: ConfigEntry[Any]) -> dict[str, tuple[str, Mapping[str, Any]]]:
    """Return ``{subentry id: (title, data)}`` of an entry's tool subentries."""
    return {
        subentry_id: (subentry.title, subentry.data)
        for subentry_id, subentry in entry.subentries.items()
        if subentry.subentry_type == SUBENTRY_TYPE
    }


@callback
def async_reload_on_tool_change(hass: HomeAssistant, entry: ConfigEntry[Any]) -> CALLBACK_TYPE:
    """Reload ``entry`` when a tool subentry is added, changed or deleted; return the undo.

    Home Assistant stores subentries without reloading; core integrations reload from an
    update listener, which the options flow's automatic reload (``OptionsFlowWithReload``)
    does not allow, so the hub listens for ``SIGNAL_CONFIG_ENTRY_CHANGED`` instead. Only a
    change of the tools reloads (saved options reload through the options flow).
    """
    loaded = _tool_subentries(entry)

    @callback
    def entry_changed(change: ConfigEntryChange, changed: ConfigEntry[Any]) -> None:
        if (
            change is ConfigEntryChange.UPDATED
            and changed.entry_id == entry.entry_id
            and _tool_subentries(changed) != loaded
        ):
            hass.config_entries.async_schedule_reload(entry.entry_id)

    return async_dispatcher_connect(hass, SIGNAL_CONFIG_ENTRY_CHANGED, entry_changed)


def _issue_id(entry_id: str, subentry_id: str) -> str:
    """Return the repair issue id of a tool left out."""
    return f"tool_{entry_id}_{subentry_id}"


@callback
def async_check_tools_when_started(
    hass: HomeAssistant, entry: ConfigEntry[Any], ui_tools: UiTools
) -> CALLBACK_TYPE:
    """Once Home Assistant has started, raise a repair issue per tool the hub leaves out.

    A broken definition or a missing script is nothing the hub can fix: the user edits the
    tool (reconfigure) or deletes it. Issues of tools that are fine again or gone are
    deleted. Returns the function that cancels the check when the entry unloads first.
    """

    @callback
    def check(hass: HomeAssistant) -> None:
        problems = ui_tools.problems(hass)
        registry = ir.async_get(hass)
        prefix = _issue_id(entry.entry_id, "")
        for domain, issue_id in list(registry.issues):
            if (
                domain == DOMAIN
                and issue_id.startswith(prefix)
                and issue_id.removeprefix(prefix) not in problems
            ):
                ir.async_delete_issue(hass, DOMAIN, issue_id)
        for subentry_id, (title, reason) in problems.items():
            ir.async_create_issue(
                hass,
                DOMAIN,
                _issue_id(entry.entry_id, subentry_id),
                is_fixable=False,
                severity=ir.IssueSeverity.WARNING,
                translation_key="tool_left_out",
                translation_placeholders={"hub": entry.title, "tool": title, "reason": reason},
            )

    return async_at_started(hass, check)


@callback
def async_remove_tool_issues(hass: HomeAssistant, entry_id: str) -> None:
    """Delete the repair issues of a removed hub's tools."""
    prefix = _issue_id(entry_id, "")
    for domain, issue_id in list(ir.async_get(hass).issues):
        if domain == DOMAIN and issue_id.startswith(prefix):
            ir.async_delete_issue(hass, DOMAIN, issue_id)
