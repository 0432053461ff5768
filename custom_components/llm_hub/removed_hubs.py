"""Raises a repair issue for each place that still selects a removed hub.

MCP Server and conversation agents keep the LLM API ids they use in their config entries
(``llm_hass_api`` in an entry's data or options, or a subentry's data). One that names a
removed hub fails every request (MCP Server answers each with an error). Checked when a hub
is removed, once Home Assistant has started, and when a config entry changes (which clears
what was fixed by hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from homeassistant.config_entries import ConfigEntry
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir
from homeassistant.loader import IntegrationNotLoaded, async_get_loaded_integration

from .const import DOMAIN, api_id_for_entry

__all__ = [
    "DATA_SELECTING",
    "ISSUE_REMOVED_HUB",
    "Selection",
    "async_check_removed_hubs",
    "selected_ids",
]

ISSUE_REMOVED_HUB: Final = "removed_hub_selected"
# The issue's data: the selecting entry, its subentry ("" for the entry) and the hub's API id.
DATA_SELECTING: Final = "selecting_entry_id"
DATA_SELECTING_SUBENTRY: Final = "selecting_subentry_id"
DATA_HUB_API_ID: Final = "hub_api_id"
_PREFIX: Final = f"{DOMAIN}-"
# MCP Server's domain and its option "Expose all AI tools" (2026.10 and newer).
_MCP_SERVER: Final = "mcp_server"
_ALL_LLM_APIS: Final = "all_llm_apis"


@dataclass(frozen=True, slots=True)
class Selection:
    """A config entry (or one of its subentries) that selects a hub's LLM API id."""

    entry: ConfigEntry[Any]
    # None: the entry's own data or options.
    subentry_id: str | None
    api_id: str

    @property
    def issue_id(self) -> str:
        """Return the id of the issue that this selection names a removed hub."""
        return f"{ISSUE_REMOVED_HUB}_{self.entry.entry_id}_{self.subentry_id or ''}_{self.api_id}"

    def name(self, hass: HomeAssistant) -> str:
        """Return who selects: the integration's name, then the (sub)entry's title."""
        try:
            integration = async_get_loaded_integration(hass, self.entry.domain).name
        except IntegrationNotLoaded:
            integration = self.entry.domain
        title = self.entry.title
        if self.subentry_id and (subentry := self.entry.subentries.get(self.subentry_id)):
            title = subentry.title
        return integration if title in ("", integration) else f"{integration} ({title})"


def selected_ids(value: Any) -> list[str]:
    """Return the API ids an ``llm_hass_api`` value selects (one id, or a list of them)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [api_id for api_id in value if isinstance(api_id, str)]
    return []


def _stale_selections(hass: HomeAssistant, removed: set[str]) -> list[Selection]:
    """Return every selection of a hub API id whose hub entry is gone (or in ``removed``)."""
    hubs = {
        api_id_for_entry(entry.entry_id)
        for entry in hass.config_entries.async_entries(DOMAIN)
        if entry.entry_id not in removed
    }
    found: list[Selection] = []
    for entry in hass.config_entries.async_entries():
        if entry.domain == DOMAIN or (
            entry.domain == _MCP_SERVER and entry.data.get(_ALL_LLM_APIS)
        ):
            # MCP Server set to expose all AI tools serves what is registered and ignores
            # the selection it keeps from before; a removed hub there breaks nothing.
            continue
        places: list[tuple[str | None, Mapping[str, Any]]] = [
            (None, entry.data),
            (None, entry.options),
            *((subentry_id, sub.data) for subentry_id, sub in entry.subentries.items()),
        ]
        for subentry_id, data in places:
            found.extend(
                Selection(entry, subentry_id, api_id)
                for api_id in selected_ids(data.get(CONF_LLM_HASS_API))
                if api_id.startswith(_PREFIX) and api_id not in hubs
            )
    return found


@callback
def async_check_removed_hubs(hass: HomeAssistant, removed: Mapping[str, str] | None = None) -> None:
    """Raise an issue per selection of a removed hub (``removed``: titles by entry id)."""
    removed = removed or {}
    names = {api_id_for_entry(entry_id): title for entry_id, title in removed.items()}
    registry = ir.async_get(hass)
    current = {
        issue_id: issue
        for (domain, issue_id), issue in registry.issues.items()
        if domain == DOMAIN and issue.translation_key == ISSUE_REMOVED_HUB
    }
    for selection in _stale_selections(hass, set(removed)):
        kept = current.pop(selection.issue_id, None)
        hub = names.get(selection.api_id) or (
            kept.translation_placeholders.get("hub")
            if kept is not None and kept.translation_placeholders
            else None
        )
        ir.async_create_issue(
            hass,
            DOMAIN,
            selection.issue_id,
            is_fixable=True,
            is_persistent=False,
            severity=ir.IssueSeverity.ERROR,
            translation_key=ISSUE_REMOVED_HUB,
            translation_placeholders={
                "hub": hub or selection.api_id,
                "selecting": selection.name(hass),
            },
            data={
                DATA_SELECTING: selection.entry.entry_id,
                DATA_SELECTING_SUBENTRY: selection.subentry_id or "",
                DATA_HUB_API_ID: selection.api_id,
            },
        )
    for issue_id in current:
        ir.async_delete_issue(hass, DOMAIN, issue_id)
