"""Fixtures for LLM Hub tests."""

from __future__ import annotations

from collections.abc import Generator
from unittest.mock import AsyncMock, patch

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

# Import our custom_components package before the test plugin puts its own testing_config
# first on sys.path; otherwise setup fails with "Integration not found".
import custom_components.llm_hub  # noqa: F401
from custom_components.llm_hub.const import DOMAIN
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(enable_custom_integrations: None) -> None:
    """Let Home Assistant load custom integrations in every test."""


@pytest.fixture
def mock_setup_entry() -> Generator[AsyncMock]:
    """Patch entry setup, for flow tests that only look at the stored entry."""
    with patch("custom_components.llm_hub.async_setup_entry", return_value=True) as mock:
        yield mock


@pytest.fixture
async def setup_llm(hass: HomeAssistant) -> None:
    """Set up the llm integration (the Assist API and llm.py platforms) and homeassistant."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "llm", {})


@pytest.fixture
def config_entry(hass: HomeAssistant) -> MockConfigEntry:
    """Return a hub entry named Kitchen that picks the Assist API, added to hass."""
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Kitchen",
        data={},
        options={CONF_LLM_HASS_API: ["assist"]},
    )
    entry.add_to_hass(hass)
    return entry


@pytest.fixture
async def setup_integration(
    hass: HomeAssistant, setup_llm: None, config_entry: MockConfigEntry
) -> MockConfigEntry:
    """Set up the Kitchen hub entry; return it."""
    assert await hass.config_entries.async_setup(config_entry.entry_id)
    await hass.async_block_till_done()
    return config_entry
