"""A selected API that is missing: the hub serves the rest and raises a repair issue.

The issue comes and goes with the API: on set-up, events, a delayed and a periodic check.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockModule,
    async_capture_events,
    async_fire_time_changed,
    mock_config_flow,
    mock_integration,
    mock_platform,
)

from custom_components.llm_hub.const import DOMAIN
from custom_components.llm_hub.issues import CHECK_DELAY, CHECK_INTERVAL
from homeassistant.config_entries import ConfigEntry, ConfigEntryState, ConfigFlow
from homeassistant.const import CONF_LLM_HASS_API, EVENT_HOMEASSISTANT_STARTED
from homeassistant.core import CoreState, HomeAssistant
from homeassistant.helpers import issue_registry as ir, llm
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from .helpers import hubs

pytestmark = pytest.mark.usefixtures("setup_llm")


async def _periodic_check(hass: HomeAssistant) -> None:
    """Let the time of the periodic check of the selected APIs pass; wait for what it does."""
    async_fire_time_changed(hass, dt_util.utcnow() + CHECK_INTERVAL)
    await hass.async_block_till_done()


async def _tools(hass: HomeAssistant, entry: MockConfigEntry) -> set[str]:
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    return {tool.name for tool in instance.tools}


async def _async_delayed_check(hass: HomeAssistant) -> None:
    """Let the check that follows an entry's unload or removal run."""
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=CHECK_DELAY + 1))
    await hass.async_block_till_done(wait_background_tasks=True)


async def test_missing_selected_api_raises_a_fixable_issue(hass: HomeAssistant) -> None:
    """A hub set up with a pick that is not registered serves the rest and raises an issue."""
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [hubs.RecordingTool("kept")]))

    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music", "x"]})

    assert "kept" in await _tools(hass, entry)
    issue = hubs.hub_issues(hass)[hubs.missing_api_issue_id(entry, "music")]
    assert issue.is_fixable
    assert issue.severity is ir.IssueSeverity.WARNING
    assert issue.translation_key == "missing_api"
    assert issue.translation_placeholders == {"hub": "Kitchen", "api": "music"}
    assert issue.data == {"entry_id": entry.entry_id, "api_id": "music"}
    assert list(hubs.hub_issues(hass)) == [hubs.missing_api_issue_id(entry, "music")]


async def test_no_issue_while_home_assistant_starts(hass: HomeAssistant) -> None:
    """While integrations still load, a missing pick raises nothing until started."""
    hass.set_state(CoreState.starting)
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music"]})
    assert hubs.hub_issues(hass) == {}

    hass.set_state(CoreState.running)
    hass.bus.async_fire(EVENT_HOMEASSISTANT_STARTED)
    await hass.async_block_till_done()

    assert list(hubs.hub_issues(hass)) == [hubs.missing_api_issue_id(entry, "music")]


async def test_issue_clears_when_an_integration_registers_the_api(hass: HomeAssistant) -> None:
    """An integration that loads later and registers the API clears the issue."""
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music"]})
    assert hubs.missing_api_issue_id(entry, "music") in hubs.hub_issues(hass)

    async def async_setup(hass: HomeAssistant, config: Any) -> bool:
        llm.async_register_api(
            hass, hubs.FixedAPI(hass, "music", "Music", [hubs.RecordingTool("play")])
        )
        return True

    mock_integration(hass, MockModule("music", async_setup=async_setup))
    assert await async_setup_component(hass, "music", {})
    await hass.async_block_till_done()

    assert hubs.hub_issues(hass) == {}
    assert "play" in await _tools(hass, entry)


async def test_issue_of_a_selected_hub_comes_and_goes(hass: HomeAssistant) -> None:
    """A selected hub that unloads raises the issue shortly after, named by its name;
    loading it again clears it at once."""
    inner = await hubs.async_add_hub(hass, "Inner")
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    assert hubs.hub_issues(hass) == {}

    assert await hass.config_entries.async_unload(inner.entry_id)
    await hass.async_block_till_done(wait_background_tasks=True)
    assert hubs.hub_issues(hass) == {}
    await _async_delayed_check(hass)

    # Nothing asked the outer hub for its tools: the unload itself raised the issue.
    issue = hubs.hub_issues(hass)[hubs.missing_api_issue_id(outer, hubs.hub_id(inner))]
    assert issue.translation_placeholders == {"hub": "Outer", "api": "Inner"}
    assert list(hubs.hub_issues(hass)) == [hubs.missing_api_issue_id(outer, hubs.hub_id(inner))]

    assert await hass.config_entries.async_setup(inner.entry_id)
    await hass.async_block_till_done()
    assert hubs.hub_issues(hass) == {}


async def test_reloading_a_selected_hub_raises_nothing(hass: HomeAssistant) -> None:
    """A reload (options saved, renamed) unloads and sets up again: no issue comes and goes
    meanwhile, nor after the delayed check."""
    inner = await hubs.async_add_hub(hass, "Inner")
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    created = async_capture_events(hass, ir.EVENT_REPAIRS_ISSUE_REGISTRY_UPDATED)

    assert await hass.config_entries.async_reload(inner.entry_id)
    await hass.async_block_till_done(wait_background_tasks=True)
    await _async_delayed_check(hass)

    assert [event.data for event in created if event.data["domain"] == DOMAIN] == []
    assert outer.state is ConfigEntryState.LOADED


async def test_unloading_an_integrations_entry_names_its_api(hass: HomeAssistant) -> None:
    """An API registered by another integration's config entry that unloads raises the
    issue shortly after, named as it was registered; the issue clears when it is back."""

    async def async_setup_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
        api = hubs.FixedAPI(hass, "music", "Music player", [hubs.RecordingTool("play")])
        entry.async_on_unload(llm.async_register_api(hass, api))
        return True

    async def async_unload_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
        return True

    mock_integration(
        hass,
        MockModule(
            "music", async_setup_entry=async_setup_entry, async_unload_entry=async_unload_entry
        ),
    )
    mock_platform(hass, "music.config_flow", None)
    music = MockConfigEntry(domain="music")
    music.add_to_hass(hass)
    with mock_config_flow("music", ConfigFlow):
        assert await hass.config_entries.async_setup(music.entry_id)
        entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music"]})
        assert hubs.hub_issues(hass) == {}

        assert await hass.config_entries.async_unload(music.entry_id)
        await _async_delayed_check(hass)

        issue = hubs.hub_issues(hass)[hubs.missing_api_issue_id(entry, "music")]
        assert issue.translation_placeholders == {"hub": "Kitchen", "api": "Music player"}

        assert await hass.config_entries.async_setup(music.entry_id)
        await hass.async_block_till_done()
        assert hubs.hub_issues(hass) == {}


async def test_no_issue_from_an_unload_while_home_assistant_stops(hass: HomeAssistant) -> None:
    """Entries unloading while Home Assistant stops raise nothing."""
    inner = await hubs.async_add_hub(hass, "Inner")
    await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})

    assert await hass.config_entries.async_unload(inner.entry_id)
    hass.set_state(CoreState.stopping)
    await hass.async_block_till_done(wait_background_tasks=True)
    assert await hass.config_entries.async_remove(inner.entry_id)

    assert hubs.hub_issues(hass) == {}
    hass.set_state(CoreState.running)


async def test_issue_clears_on_the_periodic_check(hass: HomeAssistant) -> None:
    """An API registered without any event is seen by the periodic check, not by a request
    (building an instance changes no issue)."""
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music"]})
    llm.async_register_api(hass, hubs.FixedAPI(hass, "music", "Music", []))
    assert hubs.missing_api_issue_id(entry, "music") in hubs.hub_issues(hass)

    await _tools(hass, entry)
    assert hubs.missing_api_issue_id(entry, "music") in hubs.hub_issues(hass)

    await _periodic_check(hass)
    assert hubs.hub_issues(hass) == {}


async def test_an_api_unregistered_without_an_event_raises_on_the_periodic_check(
    hass: HomeAssistant,
) -> None:
    """An API unregistered without any event is seen by the periodic check."""
    unregister = llm.async_register_api(hass, hubs.FixedAPI(hass, "music", "Music", []))
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music"]})
    unregister()
    await _tools(hass, entry)
    assert hubs.hub_issues(hass) == {}

    await _periodic_check(hass)
    assert list(hubs.hub_issues(hass)) == [hubs.missing_api_issue_id(entry, "music")]


async def test_building_while_home_assistant_starts_raises_nothing(hass: HomeAssistant) -> None:
    """A hub selecting an API id that is not registered, built once while Home Assistant
    starts, raises no repair issue (none is raised before start-up ends)."""
    hass.set_state(CoreState.starting)
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music"]})

    await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    await _periodic_check(hass)

    assert hubs.hub_issues(hass) == {}
    hass.set_state(CoreState.running)


async def test_periodic_check_skips_an_entry_loaded_without_its_api(
    hass: HomeAssistant, mock_setup_entry: Any
) -> None:
    """An entry loaded by a setup that is not the hub's (patched) has no API to check."""
    entry = MockConfigEntry(domain=DOMAIN, title="Kitchen", options={CONF_LLM_HASS_API: ["x"]})
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    assert entry.state is ConfigEntryState.LOADED

    await _periodic_check(hass)

    assert hubs.hub_issues(hass) == {}


async def test_issue_clears_when_the_selected_api_is_removed_or_the_hub_is(
    hass: HomeAssistant,
) -> None:
    """Saving options without the pick clears its issue; removing the hub clears all of its
    issues, and only its own."""
    other = await hubs.async_add_hub(hass, "Other", {CONF_LLM_HASS_API: ["radio"]})
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music", "radio"]})
    assert len(hubs.hub_issues(hass)) == 3

    hass.config_entries.async_update_entry(entry, options={CONF_LLM_HASS_API: ["radio"]})
    await hass.config_entries.async_reload(entry.entry_id)
    assert set(hubs.hub_issues(hass)) == {
        hubs.missing_api_issue_id(other, "radio"),
        hubs.missing_api_issue_id(entry, "radio"),
    }

    assert await hass.config_entries.async_remove(entry.entry_id)
    await hass.async_block_till_done()
    assert list(hubs.hub_issues(hass)) == [hubs.missing_api_issue_id(other, "radio")]
