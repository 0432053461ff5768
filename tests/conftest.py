"""Fixtures for LLM Hub tests."""

from __future__ import annotations

from collections.abc import Generator
from unittest.mock import AsyncMock, patch

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.syrupy import HomeAssistantSnapshotExtension
from syrupy.assertion import SnapshotAssertion

# Import our custom_components package before the test plugin puts its own testing_config
# first on sys.path; otherwise setup fails with "Integration not found".
import custom_components.llm_hub  # noqa: F401
from custom_components.llm_hub.const import CONF_PROMPT, DOMAIN
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

from .common import (
    CONTRIBUTOR_PROMPT,
    INSPECTED_ENTRY_ID,
    INSTRUCTIONS,
    PANTRY,
    TOOLS_DOMAIN,
    BrewTool,
    Call,
    Contribution,
    add_llm_platform,
    admin_only_api,
    async_add_hub,
    grind_tool,
    pantry_api,
)


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


@pytest.fixture
def calls() -> list[Call]:
    """Return the log of the calls of the contributed and admin-only tools."""
    return []


@pytest.fixture
def contributed_tools(calls: list[Call]) -> list[llm.Tool]:
    """Return the tools the test integration ``hub_tools`` contributes to hubs."""
    return [BrewTool(calls), grind_tool(calls)]


@pytest.fixture
def contribution(hass: HomeAssistant, contributed_tools: list[llm.Tool]) -> Contribution:
    """Load ``hub_tools`` with an llm.py platform that contributes its tools to hubs only."""
    contribution = Contribution(contributed_tools, prompt=CONTRIBUTOR_PROMPT, only_hubs=True)
    add_llm_platform(hass, TOOLS_DOMAIN, contribution, built_in=True)
    return contribution


@pytest.fixture
async def hub(hass: HomeAssistant, setup_llm: None, contribution: Contribution) -> MockConfigEntry:
    """Set up a hub "Kitchen" that picks Assist, with instructions and a contributor."""
    return await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_PROMPT: INSTRUCTIONS}
    )


@pytest.fixture
async def admin_hub(
    hass: HomeAssistant, hub: MockConfigEntry, calls: list[Call]
) -> MockConfigEntry:
    """Register the admin-only API; set up a hub "Admin hub" that picks it (beside Kitchen)."""
    llm.async_register_api(hass, admin_only_api(hass, calls))
    return await async_add_hub(hass, "Admin hub", {CONF_LLM_HASS_API: ["admin_only"]})


@pytest.fixture
def snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Return syrupy's snapshot with Home Assistant's extension (files in tests/snapshots/).

    The test plugin has this fixture too, but syrupy's own is the one pytest picks.
    """
    return snapshot.use_extension(HomeAssistantSnapshotExtension)


@pytest.fixture
async def inspected_hub(
    hass: HomeAssistant, setup_llm: None, contribution: Contribution, calls: list[Call]
) -> MockConfigEntry:
    """Set up a hub "Kitchen" (fixed entry id) with contributed tools that picks ``pantry``."""
    llm.async_register_api(hass, pantry_api(hass, calls))
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Kitchen",
        entry_id=INSPECTED_ENTRY_ID,
        data={},
        options={CONF_LLM_HASS_API: [PANTRY], CONF_PROMPT: INSTRUCTIONS},
    )
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry
