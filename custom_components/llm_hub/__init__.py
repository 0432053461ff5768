"""Sets up LLM Hub: each config entry registers one LLM API composed of other APIs and tools.

The API's id is ``llm_hub-<entry_id>``; MCP Server serves it at ``/api/mcp/llm_hub-<entry_id>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from homeassistant.config_entries import SIGNAL_CONFIG_ENTRY_CHANGED, ConfigEntry, ConfigEntryChange
from homeassistant.const import CONF_LLM_HASS_API, Platform
from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.typing import ConfigType
from homeassistant.util import dt as dt_util

from .api import HubAPI
from .calls.limits import async_limit_issue
from .compose.platforms import async_setup_platforms
from .confirm.approvals import async_setup_approvals
from .const import CONF_SHADOW_SINCE, DATA_NAME, DOMAIN, LOGGER
from .hub_name import served_name
from .issues import (
    async_check_when_started,
    async_remove_issues,
    async_track_apis,
    async_track_scope,
    async_track_shadow_mode,
    async_update_meaning_issue,
    async_update_name_issue,
    async_update_option_issues,
)
from .options import HubOptions, invalid_options, selected_api_ids, without_empty
from .panel.registration import async_hide_panels, async_setup_panel, async_show_panels
from .removed_hubs import async_check_removed_hubs
from .types import LlmHubConfigEntry, LlmHubData
from .ui_tools.definition import tool_subentries
from .ui_tools.tools import UiTools

CONFIG_SCHEMA = cv.config_entry_only_config_schema(DOMAIN)
# The pending approvals sensor of each hub.
PLATFORMS: list[Platform] = [Platform.SENSOR]


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Set up what hub entries share: platforms, approvals, repair issues, the panel."""
    async_setup_platforms(hass)
    async_setup_approvals(hass)
    async_track_apis(hass)
    await async_setup_panel(hass)
    return True


async def async_setup_entry(hass: HomeAssistant, entry: LlmHubConfigEntry) -> bool:
    """Register the hub's LLM API, raise or clear its repair issues, show the panels."""
    name, error = served_name(hass, entry)
    if error is None and entry.data.get(DATA_NAME) != name:
        hass.config_entries.async_update_entry(entry, data={**entry.data, DATA_NAME: name})
    async_update_name_issue(hass, entry, name, error)
    async_limit_issue(hass, entry.entry_id, name, None)  # counted anew from here
    _async_store_shadow_start(hass, entry)
    await async_update_option_issues(hass, entry, invalid_options(entry.options))
    ui_tools = await UiTools.async_load(hass, entry)
    entry.async_on_unload(ui_tools.async_unload)
    api = HubAPI(hass, entry, name=name, ui_tools=ui_tools)
    entry.runtime_data = LlmHubData(api=api)
    entry.async_on_unload(api.async_register())
    entry.async_on_unload(
        api.async_start_meaning(entry, partial(async_update_meaning_issue, hass, entry))
    )
    entry.async_on_unload(await async_check_when_started(hass, entry, api, ui_tools))
    entry.async_on_unload(async_track_scope(hass, entry, api.scope))
    entry.async_on_unload(async_track_shadow_mode(hass, entry, api.shadow_since))
    entry.async_on_unload(_async_reload_on_change(hass, entry))
    entry.async_on_unload(await async_show_panels(hass))
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    return True


@callback
def _async_store_shadow_start(hass: HomeAssistant, entry: LlmHubConfigEntry) -> None:
    """Store now as shadow mode's start when none before now is: its week outlives reloads."""
    options = HubOptions.from_options(entry.options)
    now = dt_util.utcnow()
    if options.shadow_mode and (options.shadow_since is None or options.shadow_since > now):
        LOGGER.warning(
            "LLM Hub %s: shadow mode is on without a start before now; its week counts from now",
            entry.title,
        )
        hass.config_entries.async_update_entry(
            entry, options={**entry.options, CONF_SHADOW_SINCE: now.isoformat()}
        )


@callback
def _async_reload_on_change(hass: HomeAssistant, entry: LlmHubConfigEntry) -> CALLBACK_TYPE:
    """Reload the hub when its tools or its title change; return the undo."""
    # Not an update listener: OptionsFlowWithReload refuses one.
    tools = tool_subentries(entry)

    @callback
    def entry_changed(change: ConfigEntryChange, changed: ConfigEntry[Any]) -> None:
        if (
            change is ConfigEntryChange.UPDATED
            and changed.entry_id == entry.entry_id
            and (tool_subentries(changed) != tools or changed.title != entry.runtime_data.api.title)
        ):
            hass.config_entries.async_schedule_reload(entry.entry_id)

    return async_dispatcher_connect(hass, SIGNAL_CONFIG_ENTRY_CHANGED, entry_changed)


async def async_unload_entry(hass: HomeAssistant, entry: LlmHubConfigEntry) -> bool:
    """Unload a hub entry; calls already running finish, later ones are refused."""
    return await hass.config_entries.async_unload_platforms(entry, PLATFORMS)


async def async_remove_entry(hass: HomeAssistant, entry: LlmHubConfigEntry) -> None:
    """Remove a hub's issues, raise one per place still selecting it; the last takes the panels."""
    async_remove_issues(hass, entry.entry_id)
    # MCP Server or an agent that still selects the hub fails each request: say so.
    async_check_removed_hubs(hass, {entry.entry_id: entry.title})
    async_hide_panels(hass, entry.entry_id)


async def async_migrate_entry(hass: HomeAssistant, entry: LlmHubConfigEntry) -> bool:
    """Migrate a hub entry's options to the current minor version; never drop what a user set."""
    if entry.minor_version == 1:
        # A later minor version adds its own step after this one.
        hass.config_entries.async_update_entry(
            entry, options=migrate_options_1_2(entry.options), minor_version=2
        )
        LOGGER.debug("Migrated LLM Hub %s to version 1.2", entry.title)
    return True


def migrate_options_1_2(options: Mapping[str, Any]) -> dict[str, Any]:
    """Return options of version 1.1 as 1.2: API ids as a list without duplicates, no empties."""
    migrated = without_empty(options)
    if CONF_LLM_HASS_API in migrated and CONF_LLM_HASS_API not in invalid_options(migrated):
        if selected := [api_id for api_id in selected_api_ids(migrated) if api_id]:
            migrated[CONF_LLM_HASS_API] = selected
        else:
            del migrated[CONF_LLM_HASS_API]
    return migrated
