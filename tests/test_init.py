"""Setup, unload and reload of a hub entry: exactly one API registration."""

from __future__ import annotations

from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from .helpers.hubs import hub_id


def _hub_ids(hass: HomeAssistant) -> list[str]:
    return [api.id for api in llm.async_get_apis(hass) if api.id.startswith("llm_hub-")]


async def test_setup_registers_api(hass: HomeAssistant, setup_integration: MockConfigEntry) -> None:
    """The entry registers llm_hub-<entry_id> named like the entry."""
    entry = setup_integration
    assert entry.state is ConfigEntryState.LOADED
    apis = {api.id: api for api in llm.async_get_apis(hass)}
    api = apis[hub_id(entry)]
    assert api.name == "Kitchen"
    assert entry.runtime_data.api is api


async def test_unload_reload_setup_leave_one_registration(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """Unload removes the API; reload and setup again leave exactly one."""
    entry = setup_integration
    assert await hass.config_entries.async_unload(entry.entry_id)
    assert entry.state is ConfigEntryState.NOT_LOADED
    assert _hub_ids(hass) == []

    assert await hass.config_entries.async_setup(entry.entry_id)
    assert _hub_ids(hass) == [hub_id(entry)]

    assert await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    assert _hub_ids(hass) == [hub_id(entry)]
