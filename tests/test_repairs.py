"""The fix flow of a missing selected API: it removes the API from the hub's options.

The fix flow runs through Home Assistant's repairs HTTP API, as the frontend drives it.
"""

from __future__ import annotations

from datetime import timedelta
from http import HTTPStatus
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_fire_time_changed
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.llm_hub.const import CONF_PROMPT, DOMAIN
from custom_components.llm_hub.issues import CHECK_DELAY
from homeassistant.config_entries import ConfigEntryState, ConfigSubentryData
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from .helpers import hubs

pytestmark = pytest.mark.usefixtures("setup_llm")


async def _async_delayed_check(hass: HomeAssistant) -> None:
    """Let the check that follows an entry's unload or removal run."""
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=CHECK_DELAY + 1))
    await hass.async_block_till_done(wait_background_tasks=True)


@pytest.fixture
async def repairs_client(hass: HomeAssistant, hass_client: ClientSessionGenerator) -> Any:
    """Set up repairs; return an HTTP client of an administrator."""
    assert await async_setup_component(hass, "repairs", {})
    return await hass_client()


async def _start_fix(client: Any, issue_id: str) -> dict[str, Any]:
    response = await client.post(
        "/api/repairs/issues/fix", json={"handler": DOMAIN, "issue_id": issue_id}
    )
    assert response.status == HTTPStatus.OK
    data: dict[str, Any] = await response.json()
    return data


async def _continue_fix(client: Any, flow_id: str) -> dict[str, Any]:
    response = await client.post(f"/api/repairs/issues/fix/{flow_id}", json={})
    assert response.status == HTTPStatus.OK
    data: dict[str, Any] = await response.json()
    return data


async def test_issue_of_a_removed_hub_names_it(hass: HomeAssistant, repairs_client: Any) -> None:
    """Removing a selected hub raises the issue shortly after; the issue and its fix flow
    name the hub as it was called, not by its API id."""
    office = await hubs.async_add_hub(hass, "Office")
    kitchen = await hubs.async_add_hub(hass, "Küche", {CONF_LLM_HASS_API: [hubs.hub_id(office)]})

    assert await hass.config_entries.async_remove(office.entry_id)
    await _async_delayed_check(hass)

    issue = hubs.hub_issues(hass)[hubs.missing_api_issue_id(kitchen, hubs.hub_id(office))]
    assert issue.translation_placeholders == {"hub": "Küche", "api": "Office"}
    flow = await _start_fix(repairs_client, hubs.missing_api_issue_id(kitchen, hubs.hub_id(office)))
    assert flow["description_placeholders"] == {"hub": "Küche", "api": "Office"}
    await _continue_fix(repairs_client, flow["flow_id"])
    await hass.async_block_till_done()
    assert kitchen.options == {}
    assert hubs.hub_issues(hass) == {}


async def test_fix_flow_removes_the_selected_api(hass: HomeAssistant, repairs_client: Any) -> None:
    """Confirming removes the pick, keeps every other option, reloads, clears the issue."""
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", []))
    entry = await hubs.async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["x", "music"], CONF_PROMPT: "Be brief."}
    )
    old_api = entry.runtime_data.api

    flow = await _start_fix(repairs_client, hubs.missing_api_issue_id(entry, "music"))
    assert flow["type"] == "form"
    assert flow["step_id"] == "confirm"
    assert flow["description_placeholders"] == {"hub": "Kitchen", "api": "music"}
    result = await _continue_fix(repairs_client, flow["flow_id"])
    await hass.async_block_till_done()

    assert result["type"] == "create_entry"
    assert entry.options == {CONF_LLM_HASS_API: ["x"], CONF_PROMPT: "Be brief."}
    assert entry.runtime_data.api is not old_api
    assert entry.runtime_data.api.selected_api_ids == ["x"]
    assert hubs.hub_issues(hass) == {}


async def test_fix_flow_names_an_api_that_came_back(
    hass: HomeAssistant, repairs_client: Any
) -> None:
    """An API registered again without an event (the issue still open) is named as it is
    registered now."""
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music"]})
    llm.async_register_api(hass, hubs.FixedAPI(hass, "music", "Music", []))

    flow = await _start_fix(repairs_client, hubs.missing_api_issue_id(entry, "music"))

    assert flow["description_placeholders"] == {"hub": "Kitchen", "api": "Music"}


async def test_fix_flow_of_the_last_selected_api(hass: HomeAssistant, repairs_client: Any) -> None:
    """Removing the only pick leaves the key out, as the options flow does."""
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: "music"})

    flow = await _start_fix(repairs_client, hubs.missing_api_issue_id(entry, "music"))
    await _continue_fix(repairs_client, flow["flow_id"])
    await hass.async_block_till_done()

    assert entry.options == {}


async def test_fix_flow_when_the_selected_api_or_the_hub_went_meanwhile(
    hass: HomeAssistant, repairs_client: Any
) -> None:
    """A pick already removed: nothing to change. A hub removed: the flow aborts."""
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["music"]})
    flow = await _start_fix(repairs_client, hubs.missing_api_issue_id(entry, "music"))
    hass.config_entries.async_update_entry(entry, options={CONF_PROMPT: "Hi."})

    result = await _continue_fix(repairs_client, flow["flow_id"])

    assert result["type"] == "create_entry"
    assert entry.options == {CONF_PROMPT: "Hi."}

    await hass.config_entries.async_reload(entry.entry_id)
    hass.config_entries.async_update_entry(entry, options={CONF_LLM_HASS_API: ["music"]})
    await hass.config_entries.async_reload(entry.entry_id)
    flow = await _start_fix(repairs_client, hubs.missing_api_issue_id(entry, "music"))
    assert await hass.config_entries.async_remove(entry.entry_id)

    result = await _continue_fix(repairs_client, flow["flow_id"])

    assert result["type"] == "abort"
    assert result["reason"] == "entry_removed"


GOOD_TOOL = {"kind": "template", "name": "fine", "description": "Fine.", "template": "{{ 1 }}"}


async def _async_hub_with_tools(hass: HomeAssistant) -> tuple[MockConfigEntry, str]:
    """Set up a hub Kitchen with a tool of a newer version and a good one; return it and
    the broken tool's subentry id."""
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Kitchen",
        data={},
        options={CONF_PROMPT: "Be brief."},
        subentries_data=[
            ConfigSubentryData(
                data={**GOOD_TOOL, "name": "newer", "version": 9},
                subentry_type="tool",
                title="Newer",
                unique_id=None,
            ),
            ConfigSubentryData(data=GOOD_TOOL, subentry_type="tool", title="Fine", unique_id=None),
        ],
    )
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    (broken_id,) = (key for key, sub in entry.subentries.items() if sub.title == "Newer")
    return entry, broken_id


async def test_fix_flow_deletes_a_tool_left_out(hass: HomeAssistant, repairs_client: Any) -> None:
    """The issue of a tool left out is fixable: its fix flow says why, and confirming deletes
    that tool only; the hub reloads with its options and other tools, the issue is gone."""
    entry, broken_id = await _async_hub_with_tools(hass)
    issue_id = f"tool_{entry.entry_id}_{broken_id}"
    reason = "It was saved by a newer version of LLM Hub (data version 9)"
    assert hubs.hub_issues(hass)[issue_id].is_fixable

    flow = await _start_fix(repairs_client, issue_id)
    assert flow["type"] == "form"
    assert flow["step_id"] == "confirm"
    assert flow["description_placeholders"] == {"hub": "Kitchen", "tool": "Newer", "reason": reason}
    assert [sub.title for sub in entry.subentries.values()] == ["Newer", "Fine"]
    result = await _continue_fix(repairs_client, flow["flow_id"])
    await hass.async_block_till_done()

    assert result["type"] == "create_entry"
    assert [sub.title for sub in entry.subentries.values()] == ["Fine"]
    assert entry.options == {CONF_PROMPT: "Be brief."}
    assert entry.state is ConfigEntryState.LOADED
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    names = [tool.name for tool in instance.tools]
    assert "fine" in names
    assert "newer" not in names
    assert hubs.hub_issues(hass) == {}


async def test_fix_flow_of_a_tool_deleted_meanwhile(
    hass: HomeAssistant, repairs_client: Any
) -> None:
    """A tool deleted (or its hub removed) while the fix flow is open aborts it in words."""
    entry, broken_id = await _async_hub_with_tools(hass)
    issue_id = f"tool_{entry.entry_id}_{broken_id}"
    flow = await _start_fix(repairs_client, issue_id)
    hass.config_entries.async_remove_subentry(entry, broken_id)
    await hass.async_block_till_done()

    result = await _continue_fix(repairs_client, flow["flow_id"])

    assert result["type"] == "abort"
    assert result["reason"] == "tool_removed"
    assert [sub.title for sub in entry.subentries.values()] == ["Fine"]
