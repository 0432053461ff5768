"""Home Assistant's own Rename: a hub's name rules apply whatever changed its title.

The fix flow runs through Home Assistant's repairs HTTP API, as the frontend drives it.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.llm_hub.const import DOMAIN
from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir, llm
from homeassistant.setup import async_setup_component

from .helpers.hubs import FixedAPI, RecordingTool, async_add_hub, hub_id

pytestmark = pytest.mark.usefixtures("setup_llm")


def _api_names(hass: HomeAssistant) -> dict[str, str]:
    return {api.id: api.name for api in llm.async_get_apis(hass)}


def _issue(hass: HomeAssistant, entry: MockConfigEntry) -> ir.IssueEntry | None:
    return ir.async_get(hass).async_get_issue(DOMAIN, f"invalid_name_{entry.entry_id}")


async def _rename(hass: HomeAssistant, entry: MockConfigEntry, title: str) -> None:
    """Rename the entry the way Home Assistant's Rename does (no flow of the hub)."""
    hass.config_entries.async_update_entry(entry, title=title)
    await hass.async_block_till_done()


@pytest.mark.parametrize(
    ("title", "error"),
    [
        ("Assist", "name_reserved"),
        ("device control", "name_reserved"),
        ("Office!", "name_exists"),
        ("Pantry", "name_exists"),
        ("🔥", "name_invalid"),
        ("x" * 65, "name_too_long"),
    ],
)
async def test_rename_that_breaks_the_rules_keeps_the_last_name(
    hass: HomeAssistant, title: str, error: str
) -> None:
    """The hub keeps serving under its last good name and a fixable issue explains why."""
    llm.async_register_api(hass, FixedAPI(hass, "pantry", "Pantry", [RecordingTool("p")]))
    kitchen = await async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["pantry"]})
    office = await async_add_hub(hass, "Office", {})

    await _rename(hass, kitchen, title)

    assert kitchen.state is ConfigEntryState.LOADED
    assert _api_names(hass)[hub_id(kitchen)] == "Kitchen"
    assert _api_names(hass)[hub_id(office)] == "Office"
    issue = _issue(hass, kitchen)
    assert issue is not None
    assert issue.is_fixable
    assert issue.translation_placeholders == {"title": title, "served": "Kitchen"}
    assert _issue(hass, office) is None
    # Reloading the other hub (or a restart) does not count the bad title against it.
    await hass.config_entries.async_reload(office.entry_id)
    await hass.async_block_till_done()
    assert _issue(hass, office) is None
    assert _api_names(hass)[hub_id(office)] == "Office"
    # The entry keeps the title the user gave; nothing is rewritten.
    assert kitchen.title == title
    assert (await llm.async_get_api(hass, hub_id(kitchen), _context())).tools


async def test_rename_that_follows_the_rules_renames_the_api(hass: HomeAssistant) -> None:
    """A good name from Home Assistant's Rename is the API's name after the reload."""
    kitchen = await async_add_hub(hass, "Kitchen", {})
    await _rename(hass, kitchen, "Assist")

    await _rename(hass, kitchen, "Scullery")

    assert _api_names(hass)[hub_id(kitchen)] == "Scullery"
    assert kitchen.data == {"name": "Scullery"}
    assert _issue(hass, kitchen) is None


async def test_a_hub_never_named_well_serves_under_its_title(hass: HomeAssistant) -> None:
    """A hub whose title broke the rules from the start has no better name to serve."""
    entry = MockConfigEntry(domain=DOMAIN, title="Assist", data={}, options={})
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)

    assert _api_names(hass)[hub_id(entry)] == "Assist"
    issue = _issue(hass, entry)
    assert issue is not None
    assert issue.translation_placeholders == {"title": "Assist", "served": "Assist"}


@pytest.fixture
async def repairs_client(hass: HomeAssistant, hass_client: ClientSessionGenerator) -> Any:
    """Set up repairs; return an HTTP client of an administrator."""
    assert await async_setup_component(hass, "repairs", {})
    return await hass_client()


async def _post(client: Any, path: str, data: dict[str, Any]) -> dict[str, Any]:
    response = await client.post(path, json=data)
    assert response.status == HTTPStatus.OK
    result: dict[str, Any] = await response.json()
    return result


async def test_fix_flow_renames_the_hub(hass: HomeAssistant, repairs_client: Any) -> None:
    """The fix flow shows why, suggests the last good name, refuses another bad one."""
    kitchen = await async_add_hub(hass, "Kitchen", {})
    await async_add_hub(hass, "Office", {})
    await _rename(hass, kitchen, "Office")

    flow = await _post(
        repairs_client,
        "/api/repairs/issues/fix",
        {"handler": DOMAIN, "issue_id": f"invalid_name_{kitchen.entry_id}"},
    )
    assert flow["step_id"] == "rename"
    assert flow["errors"] == {"name": "name_exists"}
    assert flow["description_placeholders"] == {"api": "Office", "title": "Office"}
    [field] = flow["data_schema"]
    assert field["description"] == {"suggested_value": "Kitchen"}

    path = f"/api/repairs/issues/fix/{flow['flow_id']}"
    again = await _post(repairs_client, path, {"name": "🔥"})
    assert again["errors"] == {"name": "name_invalid"}
    done = await _post(repairs_client, path, {"name": " Galley "})
    await hass.async_block_till_done()

    assert done["type"] == "create_entry"
    assert kitchen.title == "Galley"
    assert _api_names(hass)[hub_id(kitchen)] == "Galley"
    assert _issue(hass, kitchen) is None


async def test_fix_flow_suggests_a_numbered_name(hass: HomeAssistant, repairs_client: Any) -> None:
    """Without a good last name, the suggestion is the title with a number; none at all
    when every such name is taken; a hub removed meanwhile aborts."""
    entry = MockConfigEntry(domain=DOMAIN, title="Assist", data={}, options={})
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    issue = {"handler": DOMAIN, "issue_id": f"invalid_name_{entry.entry_id}"}

    flow = await _post(repairs_client, "/api/repairs/issues/fix", issue)
    assert flow["data_schema"][0]["description"] == {"suggested_value": "Assist 2"}

    for number in range(2, 10):
        llm.async_register_api(hass, FixedAPI(hass, f"a{number}", f"Assist {number}", []))
    flow = await _post(repairs_client, "/api/repairs/issues/fix", issue)
    assert flow["data_schema"][0]["description"] == {"suggested_value": ""}

    await hass.config_entries.async_remove(entry.entry_id)
    ir.async_create_issue(
        hass,
        DOMAIN,
        issue["issue_id"],
        data={"entry_id": entry.entry_id},
        is_fixable=True,
        severity=ir.IssueSeverity.WARNING,
        translation_key="invalid_name",
        translation_placeholders={"title": "Assist", "served": "Assist"},
    )
    flow = await _post(repairs_client, "/api/repairs/issues/fix", issue)
    assert flow["type"] == "abort"
    assert flow["reason"] == "entry_removed"


def _context() -> llm.LLMContext:
    return llm.LLMContext(
        platform="test", context=None, language="en", assistant="conversation", device_id=None
    )
