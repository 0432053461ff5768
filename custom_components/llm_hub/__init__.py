"""LLM Hub: compose your own LLM APIs from the APIs and tools Home Assistant already has.

Each config entry registers one LLM API (``llm_hub-<entry_id>``, named like the entry) that
conversation agents can pick and Home Assistant's MCP Server serves at
``/api/mcp/llm_hub-<entry_id>``.
"""

from __future__ import annotations

from homeassistant.core import HomeAssistant

# Imported under another name: once Home Assistant imports an ``llm`` platform of a package,
# that package's attribute ``llm`` is the submodule (see shared/dev-env.md).
from homeassistant.helpers import config_validation as cv, llm as llm_helper
from homeassistant.helpers.typing import ConfigType

from . import websocket_api
from .api import HubAPI
from .const import DOMAIN
from .platforms import async_setup_platforms
from .types import LlmHubConfigEntry, LlmHubData

CONFIG_SCHEMA = cv.config_entry_only_config_schema(DOMAIN)


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Set up what all hub entries share: tracking of ``llm.py`` platforms."""
    async_setup_platforms(hass)
    websocket_api.async_setup(hass)
    return True


async def async_setup_entry(hass: HomeAssistant, entry: LlmHubConfigEntry) -> bool:
    """Register the hub's LLM API; unloading the entry unregisters it."""
    api = HubAPI(hass, entry)
    entry.runtime_data = LlmHubData(api=api)
    entry.async_on_unload(llm_helper.async_register_api(hass, api))
    return True


async def async_unload_entry(hass: HomeAssistant, entry: LlmHubConfigEntry) -> bool:
    """Unload a hub entry (its API is unregistered by ``async_on_unload``)."""
    return True
