"""Versioned options: entries of 1.1 migrate to 1.2 on setup; a newer major is refused."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub.const import DOMAIN
from homeassistant import config_entries
from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from .helpers.hubs import hub_id

pytestmark = pytest.mark.usefixtures("setup_llm")


async def _setup(
    hass: HomeAssistant, options: dict[str, Any], version: int = 1, minor_version: int = 1
) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Kitchen",
        options=options,
        version=version,
        minor_version=minor_version,
    )
    entry.add_to_hass(hass)
    await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


@pytest.mark.parametrize(
    ("options", "migrated"),
    [
        pytest.param(
            {"llm_hass_api": "assist", "prompt": "Be brief."},
            {"llm_hass_api": ["assist"], "prompt": "Be brief."},
            id="pick-as-string",
        ),
        pytest.param(
            {"llm_hass_api": ["assist", "", "assist"], "prompt": "", "excluded_tools": []},
            {"llm_hass_api": ["assist"]},
            id="duplicates-and-empties",
        ),
        pytest.param(
            {"llm_hass_api": [], "overrides": {}, "timeout": 0, "custom": "kept"},
            {"timeout": 0, "custom": "kept"},
            id="unknown-and-falsy-values-kept",
        ),
        pytest.param({"llm_hass_api": [""], "prompt": "Hi."}, {"prompt": "Hi."}, id="blank-pick"),
        pytest.param({}, {}, id="empty"),
    ],
)
async def test_migrate_1_1_to_1_2(
    hass: HomeAssistant, options: dict[str, Any], migrated: dict[str, Any]
) -> None:
    """Picks become a list without duplicates; empty values go; everything else stays."""
    entry = await _setup(hass, options)

    assert entry.state is ConfigEntryState.LOADED
    assert (entry.version, entry.minor_version) == (1, 2)
    assert entry.options == migrated
    assert hub_id(entry) in {api.id for api in llm.async_get_apis(hass)}


async def test_newer_major_version_is_refused(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """An entry saved by a future LLM Hub with a new format is left untouched and unloaded."""
    options: dict[str, Any] = {"llm_hass_api": "assist", "future": {"x": 1}}

    entry = await _setup(hass, options, version=2)

    assert entry.state is ConfigEntryState.MIGRATION_ERROR
    assert entry.version == 2
    assert entry.options == options
    # Home Assistant refuses it before asking LLM Hub to migrate.
    assert "has version 2 which is higher than the current version 1" in caplog.text


async def test_newer_minor_version_loads_as_it_is(hass: HomeAssistant) -> None:
    """A newer minor version of the same major is compatible: it loads unchanged."""
    options: dict[str, Any] = {"llm_hass_api": ["assist"], "future_option": True}

    entry = await _setup(hass, options, minor_version=3)

    assert entry.state is ConfigEntryState.LOADED
    assert (entry.version, entry.minor_version) == (1, 3)
    assert entry.options == options


async def test_new_entries_are_current(hass: HomeAssistant) -> None:
    """The config flow creates entries of version 1.2."""
    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": config_entries.SOURCE_USER}
    )
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {"name": "Den"})
    await hass.async_block_till_done()

    entry = result["result"]
    assert (entry.version, entry.minor_version) == (1, 2)
    assert entry.state is ConfigEntryState.LOADED
