"""Repairs platform of LLM Hub: the fix flow of a missing picked LLM API (see ``issues``)."""

from __future__ import annotations

from typing import Any

import probatio

from homeassistant.components.repairs import RepairsFlow, RepairsFlowResult
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant

from .api import picked_api_ids
from .issues import DATA_API_ID, DATA_ENTRY_ID, api_name


class MissingApiRepairFlow(RepairsFlow):
    """Fix a missing pick: remove it from the hub's options, keep every other option."""

    def __init__(self, entry_id: str, api_id: str) -> None:
        """Fix the pick ``api_id`` of the hub of ``entry_id``."""
        self.entry_id = entry_id
        self.api_id = api_id

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> RepairsFlowResult:
        """Start with the confirmation."""
        return await self.async_step_confirm()

    async def async_step_confirm(
        self, user_input: dict[str, Any] | None = None
    ) -> RepairsFlowResult:
        """Ask to remove the pick; on confirming, remove it and reload the hub.

        The form names the API by ``issues.api_name`` (its last known name).
        """
        entry = self.hass.config_entries.async_get_entry(self.entry_id)
        if entry is None:
            return self.async_abort(reason="entry_removed")
        if user_input is None:
            return self.async_show_form(
                step_id="confirm",
                data_schema=probatio.Schema({}),
                description_placeholders={
                    "hub": entry.title,
                    "api": api_name(self.hass, self.api_id),
                },
            )
        options = {key: value for key, value in entry.options.items() if key != CONF_LLM_HASS_API}
        if picks := [api_id for api_id in picked_api_ids(entry.options) if api_id != self.api_id]:
            options[CONF_LLM_HASS_API] = picks
        if self.hass.config_entries.async_update_entry(entry, options=options):
            self.hass.config_entries.async_schedule_reload(entry.entry_id)
        return self.async_create_entry(data={})


async def async_create_fix_flow(
    hass: HomeAssistant, issue_id: str, data: dict[str, str | int | float | None] | None
) -> RepairsFlow:
    """Return the fix flow of an LLM Hub issue (the ``repairs`` platform's entry point)."""
    data = data or {}
    return MissingApiRepairFlow(str(data.get(DATA_ENTRY_ID)), str(data.get(DATA_API_ID)))
