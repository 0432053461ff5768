"""The fix flows of LLM Hub's repair issues (the ``repairs`` platform).

Rename a hub whose title breaks the name rules; on the user's word, remove a missing
selected API or an option of the wrong type from a hub's options, turn shadow mode off, or
delete a tool the hub leaves out.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, override

import probatio

from homeassistant.components.repairs import RepairsFlow, RepairsFlowResult
from homeassistant.config_entries import ConfigEntry
from homeassistant.const import CONF_LLM_HASS_API, CONF_NAME
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.selector import TextSelector

from .const import CONF_SHADOW_MODE, CONF_SHADOW_SINCE, DOMAIN
from .hub_name import clean_name, name_error, suggest_name
from .issues import (
    DATA_API_ID,
    DATA_ENTRY_ID,
    DATA_OPTION,
    DATA_REASON,
    DATA_SUBENTRY_ID,
    ISSUE_INVALID_NAME,
    ISSUE_INVALID_OPTION,
    ISSUE_SHADOW_MODE,
    ISSUE_TOOL_PREFIX,
    api_name,
)
from .options import expected_words, selected_api_ids
from .removed_hubs import (
    DATA_HUB_API_ID,
    DATA_SELECTING,
    DATA_SELECTING_SUBENTRY,
    ISSUE_REMOVED_HUB,
    async_check_removed_hubs,
    selected_ids,
)
from .texts import async_texts

__all__ = [
    "InvalidNameRepairFlow",
    "InvalidOptionRepairFlow",
    "MissingApiRepairFlow",
    "RemovedHubRepairFlow",
    "ShadowModeRepairFlow",
    "ToolLeftOutRepairFlow",
    "async_create_fix_flow",
]


class _ChangeOptionsFlow(RepairsFlow, ABC):
    """A fix that, on the user's word, changes a hub's options and reloads it."""

    def __init__(self, entry_id: str) -> None:
        """Fix the hub of ``entry_id``."""
        self.entry_id = entry_id

    @abstractmethod
    def _placeholders(self, entry: ConfigEntry[Any]) -> dict[str, str]:
        """Return the placeholders of the confirmation form."""

    @abstractmethod
    def _options(self, entry: ConfigEntry[Any]) -> dict[str, Any]:
        """Return the hub's options after the fix."""

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> RepairsFlowResult:
        """Start with the confirmation."""
        return await self.async_step_confirm()

    async def async_step_confirm(
        self, user_input: dict[str, Any] | None = None
    ) -> RepairsFlowResult:
        """Ask to confirm; on confirming, change the options and reload the hub."""
        entry = self.hass.config_entries.async_get_entry(self.entry_id)
        if entry is None:
            return self.async_abort(reason="entry_removed")
        if user_input is None:
            return self.async_show_form(
                step_id="confirm",
                data_schema=probatio.Schema({}),
                description_placeholders=self._placeholders(entry),
            )
        if self.hass.config_entries.async_update_entry(entry, options=self._options(entry)):
            self.hass.config_entries.async_schedule_reload(entry.entry_id)
        return self.async_create_entry(data={})


class MissingApiRepairFlow(_ChangeOptionsFlow):
    """Fix a missing selected API: remove it from the hub's options, keep every other option."""

    def __init__(self, entry_id: str, api_id: str) -> None:
        """Fix the selected API ``api_id`` of the hub of ``entry_id``."""
        super().__init__(entry_id)
        self.api_id = api_id

    @override
    def _placeholders(self, entry: ConfigEntry[Any]) -> dict[str, str]:
        return {"hub": entry.title, "api": api_name(self.hass, self.api_id)}

    @override
    def _options(self, entry: ConfigEntry[Any]) -> dict[str, Any]:
        """Return the options without the missing API among the selected ones."""
        options = {key: value for key, value in entry.options.items() if key != CONF_LLM_HASS_API}
        if selected := [
            api_id for api_id in selected_api_ids(entry.options) if api_id != self.api_id
        ]:
            options[CONF_LLM_HASS_API] = selected
        return options


class InvalidNameRepairFlow(RepairsFlow):
    """Fix a hub's title that breaks the name rules: rename the hub to a name that follows them."""

    def __init__(self, entry_id: str) -> None:
        """Rename the hub of ``entry_id``."""
        self.entry_id = entry_id

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> RepairsFlowResult:
        """Start with the new name."""
        return await self.async_step_rename()

    async def async_step_rename(
        self, user_input: dict[str, Any] | None = None
    ) -> RepairsFlowResult:
        """Ask for a name that follows the rules, suggesting one; rename the hub with it."""
        entry = self.hass.config_entries.async_get_entry(self.entry_id)
        if entry is None:
            return self.async_abort(reason="entry_removed")
        if user_input is None:
            name = suggest_name(self.hass, entry)
            error = name_error(self.hass, entry.title, entry.entry_id, titles=False)
        else:
            name = clean_name(user_input[CONF_NAME])
            if (error := name_error(self.hass, name, entry.entry_id)) is None:
                self.hass.config_entries.async_update_entry(entry, title=name)
                return self.async_create_entry(data={})
        key, placeholders = error or (None, {})
        return self.async_show_form(
            step_id="rename",
            data_schema=probatio.Schema(
                {
                    probatio.Required(
                        CONF_NAME, description={"suggested_value": name}
                    ): TextSelector()
                }
            ),
            errors={CONF_NAME: key} if key else {},
            description_placeholders={**placeholders, "title": entry.title},
        )


class InvalidOptionRepairFlow(_ChangeOptionsFlow):
    """Fix an option of the wrong type: on the user's word, remove it from the hub's options."""

    def __init__(self, entry_id: str, option: str) -> None:
        """Fix the option ``option`` of the hub of ``entry_id``."""
        super().__init__(entry_id)
        self.option = option
        self._expected = ""

    @override
    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> RepairsFlowResult:
        self._expected = expected_words(self.option, await async_texts(self.hass, "common"))
        return await super().async_step_init(user_input)

    @override
    def _placeholders(self, entry: ConfigEntry[Any]) -> dict[str, str]:
        return {"hub": entry.title, "option": self.option, "expected": self._expected}

    @override
    def _options(self, entry: ConfigEntry[Any]) -> dict[str, Any]:
        """Return the options without the option (its default applies)."""
        return {key: value for key, value in entry.options.items() if key != self.option}


class ShadowModeRepairFlow(_ChangeOptionsFlow):
    """Fix a hub left in shadow mode: on the user's word, turn it off (its rules apply again)."""

    @override
    def _placeholders(self, entry: ConfigEntry[Any]) -> dict[str, str]:
        return {"hub": entry.title}

    @override
    def _options(self, entry: ConfigEntry[Any]) -> dict[str, Any]:
        """Return the options without shadow mode and its start."""
        shadow = (CONF_SHADOW_MODE, CONF_SHADOW_SINCE)
        return {key: value for key, value in entry.options.items() if key not in shadow}


class ToolLeftOutRepairFlow(RepairsFlow):
    """Fix a tool the hub leaves out: say why; on the user's word, delete the tool's subentry."""

    def __init__(self, entry_id: str, subentry_id: str, reason: str) -> None:
        """Fix the tool ``subentry_id`` of the hub of ``entry_id``, left out for ``reason``."""
        self.entry_id = entry_id
        self.subentry_id = subentry_id
        self.reason = reason

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> RepairsFlowResult:
        """Start with the confirmation."""
        return await self.async_step_confirm()

    async def async_step_confirm(
        self, user_input: dict[str, Any] | None = None
    ) -> RepairsFlowResult:
        """Say what is wrong and ask to confirm; on confirming, delete the tool (a reload)."""
        entry = self.hass.config_entries.async_get_entry(self.entry_id)
        if entry is None or self.subentry_id not in entry.subentries:
            return self.async_abort(reason="tool_removed")
        if user_input is None:
            return self.async_show_form(
                step_id="confirm",
                data_schema=probatio.Schema({}),
                description_placeholders={
                    "hub": entry.title,
                    "tool": entry.subentries[self.subentry_id].title,
                    "reason": self.reason,
                },
            )
        self.hass.config_entries.async_remove_subentry(entry, self.subentry_id)
        return self.async_create_entry(data={})


class RemovedHubRepairFlow(RepairsFlow):
    """Take a removed hub out of what another integration selects, and reload that one."""

    def __init__(self, entry_id: str, subentry_id: str, api_id: str) -> None:
        """Fix the selection of ``api_id`` by the entry ``entry_id`` (or its subentry)."""
        self.entry_id = entry_id
        self.subentry_id = subentry_id
        self.api_id = api_id

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> RepairsFlowResult:
        """Start with the confirmation."""
        return await self.async_step_confirm()

    async def async_step_confirm(
        self, user_input: dict[str, Any] | None = None
    ) -> RepairsFlowResult:
        """Ask to confirm; on confirming, remove the hub from the selection and reload."""
        hass = self.hass
        issue = ir.async_get(hass).async_get_issue(DOMAIN, self.issue_id)
        placeholders = dict(issue.translation_placeholders or {}) if issue else {}
        placeholders.setdefault("hub", self.api_id)
        entry = hass.config_entries.async_get_entry(self.entry_id)
        subentry = entry.subentries.get(self.subentry_id) if entry and self.subentry_id else None
        placeholders.setdefault("selecting", entry.title if entry else self.entry_id)
        if entry is None or (self.subentry_id and subentry is None):
            return self.async_abort(
                reason="selecting_removed", description_placeholders=placeholders
            )
        where = subentry.data if subentry else entry.data
        if not subentry and self.api_id not in selected_ids(where.get(CONF_LLM_HASS_API)):
            where = entry.options
        remaining = [
            api_id for api_id in selected_ids(where.get(CONF_LLM_HASS_API)) if api_id != self.api_id
        ]
        if not remaining and entry.domain == _MCP_SERVER:
            # MCP Server serves at least one API: the user picks another in its options.
            return self.async_abort(reason="last_api", description_placeholders=placeholders)
        if user_input is None:
            return self.async_show_form(
                step_id="confirm",
                data_schema=probatio.Schema({}),
                description_placeholders=placeholders,
            )
        changed = {**where, CONF_LLM_HASS_API: remaining}
        if subentry is not None:
            hass.config_entries.async_update_subentry(entry, subentry, data=changed)
        elif where is entry.data:
            hass.config_entries.async_update_entry(entry, data=changed)
        else:
            hass.config_entries.async_update_entry(entry, options=changed)
        hass.config_entries.async_schedule_reload(entry.entry_id)
        async_check_removed_hubs(hass)
        return self.async_create_entry(data={})


# MCP Server's domain: it refuses to serve no LLM API.
_MCP_SERVER = "mcp_server"


async def async_create_fix_flow(
    hass: HomeAssistant, issue_id: str, data: dict[str, str | int | float | None] | None
) -> RepairsFlow:
    """Return the fix flow of an LLM Hub issue (the ``repairs`` platform's entry point)."""
    data = data or {}
    if issue_id.startswith(f"{ISSUE_REMOVED_HUB}_"):
        return RemovedHubRepairFlow(
            str(data.get(DATA_SELECTING)),
            str(data.get(DATA_SELECTING_SUBENTRY) or ""),
            str(data.get(DATA_HUB_API_ID)),
        )
    if issue_id.startswith(f"{ISSUE_INVALID_NAME}_"):
        return InvalidNameRepairFlow(str(data.get(DATA_ENTRY_ID)))
    if issue_id.startswith(ISSUE_TOOL_PREFIX):
        return ToolLeftOutRepairFlow(
            str(data.get(DATA_ENTRY_ID)),
            str(data.get(DATA_SUBENTRY_ID)),
            str(data.get(DATA_REASON)),
        )
    if issue_id.startswith(f"{ISSUE_SHADOW_MODE}_"):
        return ShadowModeRepairFlow(str(data.get(DATA_ENTRY_ID)))
    if issue_id.startswith(f"{ISSUE_INVALID_OPTION}_"):
        return InvalidOptionRepairFlow(str(data.get(DATA_ENTRY_ID)), str(data.get(DATA_OPTION)))
    return MissingApiRepairFlow(str(data.get(DATA_ENTRY_ID)), str(data.get(DATA_API_ID)))
