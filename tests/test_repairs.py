"""The fix flow of a missing selected API: it removes the API from the hub's options.

The fix flow runs through Home Assistant's repairs HTTP API, as the frontend drives it.
"""

from __future__ import annotations

from datetime import timedelta
from http import HTTPStatus
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_fire_time_changed,
)
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
from .helpers.agent import AgentSetup, _async_converse
from .helpers.translations import TRANSLATIONS

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


# --- A removed hub that MCP Server or an agent still selects ---------------------------------

MCP_ACCEPT = {"Accept": "application/json, text/event-stream"}


async def _mcp_tools(client: Any) -> tuple[int, Any]:
    """List the tools at /api/mcp as an MCP client does; return the status and the answer."""
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    response = await client.post("/api/mcp", json=body, headers=MCP_ACCEPT)
    return response.status, await response.json() if response.status == HTTPStatus.OK else None


def _mcp_server(api_ids: Any) -> MockConfigEntry:
    """Return MCP Server's config entry serving ``api_ids`` at /api/mcp."""
    return MockConfigEntry(
        domain="mcp_server",
        title="Model Context Protocol",
        version=1,
        minor_version=4,
        data={
            "all_llm_apis": False,
            CONF_LLM_HASS_API: api_ids,
            "require_admin": True,
            "read_only": False,
        },
    )


def _removed_issues(hass: HomeAssistant) -> dict[str, Any]:
    return {
        issue_id: issue
        for issue_id, issue in hubs.hub_issues(hass).items()
        if issue.translation_key == "removed_hub_selected"
    }


async def test_removing_a_hub_mcp_server_serves_raises_an_issue_that_fixes_it(
    hass: HomeAssistant, hass_client: ClientSessionGenerator
) -> None:
    """MCP Server serves Assist and the hub "Office" at /api/mcp. Removing the hub breaks every
    request there; an issue names both, and its fix takes the hub out of MCP Server's
    selection, after which /api/mcp answers again, with Assist's tools."""
    office = await hubs.async_add_hub(hass, "Office", {CONF_LLM_HASS_API: ["assist"]})
    server = _mcp_server([hubs.hub_id(office), "assist"])
    server.add_to_hass(hass)
    assert await hass.config_entries.async_setup(server.entry_id)
    assert await async_setup_component(hass, "repairs", {})
    repairs_client = await hass_client()  # once MCP Server's views are registered
    assert (await _mcp_tools(repairs_client))[0] == HTTPStatus.OK

    assert await hass.config_entries.async_remove(office.entry_id)
    await hass.async_block_till_done()
    broken, broken_answer = await _mcp_tools(repairs_client)
    [(issue_id, issue)] = _removed_issues(hass).items()
    flow = await _start_fix(repairs_client, issue_id)
    result = await _continue_fix(repairs_client, flow["flow_id"])
    await hass.async_block_till_done()
    status, answer = await _mcp_tools(repairs_client)

    assert broken != HTTPStatus.OK or "error" in broken_answer, broken_answer
    # MCP Server titles its entry by what it serves: its own name leads.
    assert issue.translation_placeholders["hub"] == "Office"
    assert issue.translation_placeholders["selecting"].startswith("Model Context Protocol")
    assert flow["description_placeholders"] == issue.translation_placeholders
    assert result["type"] == "create_entry"
    assert server.data[CONF_LLM_HASS_API] == ["assist"]
    assert _removed_issues(hass) == {}
    assert status == HTTPStatus.OK
    assert answer["result"]["tools"]


async def test_repair_issues_section_names_mcp_server_by_the_apis_it_was_set_to_serve(
    hass: HomeAssistant,
) -> None:
    """docs/troubleshooting.md, "Repair issues": MCP Server's entry, set in its Configure to
    serve Kitchen and Porch, is titled "Kitchen, Porch"; removing Kitchen raises the repair
    the doc names (Home Assistant 2026.10 calls the integration Model Context Protocol
    Server)."""
    kitchen = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"]})
    porch = await hubs.async_add_hub(hass, "Porch", {CONF_LLM_HASS_API: ["assist"]})
    flow = await hass.config_entries.flow.async_init("mcp_server", context={"source": "user"})
    server = (await hass.config_entries.flow.async_configure(flow["flow_id"], {}))["result"]
    assert server.title == "All LLM APIs"
    form = {"all_llm_apis": False, "require_admin": True}
    flow = await hass.config_entries.options.async_init(server.entry_id)
    flow = await hass.config_entries.options.async_configure(flow["flow_id"], form)
    picked = [hubs.hub_id(kitchen), hubs.hub_id(porch)]
    await hass.config_entries.options.async_configure(
        flow["flow_id"], {**form, CONF_LLM_HASS_API: picked}
    )
    await hass.async_block_till_done()
    assert server.title == "Kitchen, Porch"

    assert await hass.config_entries.async_remove(kitchen.entry_id)
    await hass.async_block_till_done()
    [issue] = _removed_issues(hass).values()

    title = TRANSLATIONS["issues"]["removed_hub_selected"]["title"]
    assert title.format(**issue.translation_placeholders) == (
        "LLM Hub API Kitchen was removed, but Model Context Protocol Server (Kitchen, Porch) "
        "still selects it"
    )


async def test_a_removed_hub_that_mcp_server_serves_alone_is_left_to_its_options(
    hass: HomeAssistant, repairs_client: Any
) -> None:
    """MCP Server serves only the removed hub: the fix says to pick another API in its
    options (it serves at least one) and the issue stays until then; picking one clears it."""
    office = await hubs.async_add_hub(hass, "Office", {CONF_LLM_HASS_API: ["assist"]})
    server = _mcp_server(hubs.hub_id(office))  # as old entries stored one API
    server.add_to_hass(hass)
    assert await hass.config_entries.async_remove(office.entry_id)
    await hass.async_block_till_done()
    [issue_id] = _removed_issues(hass)

    result = await _start_fix(repairs_client, issue_id)
    assert result["type"] == "abort"
    assert result["reason"] == "last_api"
    assert list(_removed_issues(hass)) == [issue_id]

    hass.config_entries.async_update_entry(
        server, data={**server.data, CONF_LLM_HASS_API: ["assist"]}
    )
    await hass.async_block_till_done()
    assert _removed_issues(hass) == {}


async def test_a_removed_hub_is_no_issue_while_mcp_server_exposes_all_ai_tools(
    hass: HomeAssistant,
) -> None:
    """MCP Server set to "Expose all AI tools" keeps the APIs picked before (its options
    flow keeps the hidden list) but serves whatever is registered: removing a hub from that
    old list breaks nothing, so no issue says every request fails (seen in the UI on
    2026.11.0); turning the option off again raises it."""
    office = await hubs.async_add_hub(hass, "Office", {CONF_LLM_HASS_API: ["assist"]})
    server = _mcp_server(["assist", hubs.hub_id(office)])
    server.add_to_hass(hass)
    hass.config_entries.async_update_entry(server, data={**server.data, "all_llm_apis": True})
    assert await hass.config_entries.async_remove(office.entry_id)
    await hass.async_block_till_done()
    assert _removed_issues(hass) == {}

    hass.config_entries.async_update_entry(server, data={**server.data, "all_llm_apis": False})
    await hass.async_block_till_done()
    [issue] = _removed_issues(hass).values()
    assert issue.translation_placeholders["hub"] == hubs.hub_id(office)


async def test_an_agent_selecting_a_removed_hub_gets_it_taken_out(
    hass: HomeAssistant, repairs_client: Any
) -> None:
    """A conversation agent's subentry (as OpenAI's and Ollama's) selects the removed hub and
    Assist: the issue names the agent and its subentry; the fix keeps Assist."""
    office = await hubs.async_add_hub(hass, "Office", {CONF_LLM_HASS_API: ["assist"]})
    agent = MockConfigEntry(
        domain="some_agent",
        title="Some agent",
        subentries_data=[
            ConfigSubentryData(
                data={CONF_LLM_HASS_API: ["assist", hubs.hub_id(office)]},
                subentry_type="conversation",
                title="Kitchen talk",
                unique_id=None,
            )
        ],
    )
    agent.add_to_hass(hass)
    assert await hass.config_entries.async_remove(office.entry_id)
    await hass.async_block_till_done()
    [(issue_id, issue)] = _removed_issues(hass).items()

    flow = await _start_fix(repairs_client, issue_id)
    result = await _continue_fix(repairs_client, flow["flow_id"])

    selecting = "some_agent (Kitchen talk)"  # an integration not loaded: its domain names it
    assert issue.translation_placeholders == {"hub": "Office", "selecting": selecting}
    assert result["type"] == "create_entry"
    [subentry] = agent.subentries.values()
    assert subentry.data[CONF_LLM_HASS_API] == ["assist"]
    assert _removed_issues(hass) == {}


async def test_repair_issues_section_an_agent_selecting_a_removed_hub_answers_an_error(
    hass: HomeAssistant, setup_agent: AgentSetup, hass_admin_user: MockUser
) -> None:
    """docs/troubleshooting.md, "Repair issues": an agent that selects a removed hub answers
    "Error preparing LLM API", as the issue's fix dialog says (beside MCP Server's error)."""
    office = await hubs.async_add_hub(hass, "Office", {CONF_LLM_HASS_API: ["assist"]})
    agent = await setup_agent(hubs.hub_id(office))
    assert await hass.config_entries.async_remove(office.entry_id)
    await hass.async_block_till_done()
    [issue] = _removed_issues(hass).values()

    result = await _async_converse(agent, hass_admin_user)

    said = result.response.speech["plain"]["speech"]
    assert said == "Error preparing LLM API"
    fix = TRANSLATIONS["issues"]["removed_hub_selected"]["fix_flow"]["step"]["confirm"]
    assert f'a conversation agent answers "{said}"' in fix["description"]
    assert "an error at /api/mcp" in fix["description"]
    assert issue.translation_placeholders["hub"] == "Office"


async def test_a_fix_whose_selecting_entry_went_meanwhile_says_so(
    hass: HomeAssistant, repairs_client: Any
) -> None:
    """MCP Server is removed while the fix flow is open: the flow ends in words, and the
    issue is gone with what raised it."""
    office = await hubs.async_add_hub(hass, "Office", {CONF_LLM_HASS_API: ["assist"]})
    server = _mcp_server([hubs.hub_id(office), "assist"])
    server.add_to_hass(hass)
    assert await hass.config_entries.async_remove(office.entry_id)
    await hass.async_block_till_done()
    [issue_id] = _removed_issues(hass)

    flow = await _start_fix(repairs_client, issue_id)
    assert await hass.config_entries.async_remove(server.entry_id)
    gone = await _continue_fix(repairs_client, flow["flow_id"])

    assert gone["type"] == "abort"
    assert gone["reason"] == "selecting_removed"
    assert _removed_issues(hass) == {}


async def test_an_agents_options_keep_the_other_apis(
    hass: HomeAssistant, repairs_client: Any
) -> None:
    """An agent that keeps its selection in its options (older agents) keeps the rest."""
    office = await hubs.async_add_hub(hass, "Office", {CONF_LLM_HASS_API: ["assist"]})
    agent = MockConfigEntry(
        domain="some_agent",
        title="Some agent",
        options={CONF_LLM_HASS_API: [hubs.hub_id(office), "assist"]},
    )
    agent.add_to_hass(hass)
    assert await hass.config_entries.async_remove(office.entry_id)
    await hass.async_block_till_done()
    [issue_id] = _removed_issues(hass)

    flow = await _start_fix(repairs_client, issue_id)
    result = await _continue_fix(repairs_client, flow["flow_id"])

    assert result["type"] == "create_entry"
    assert agent.options[CONF_LLM_HASS_API] == ["assist"]
    assert _removed_issues(hass) == {}


async def test_a_hub_removed_while_stopped_is_found_at_start(hass: HomeAssistant) -> None:
    """MCP Server selects a hub id no hub entry has (removed while Home Assistant was off):
    the issue names the id, since the hub's name is gone with it."""
    server = _mcp_server(["llm_hub-01GONE", "assist"])
    server.add_to_hass(hass)
    assert await async_setup_component(hass, DOMAIN, {})
    await hass.async_block_till_done()

    [issue] = _removed_issues(hass).values()
    assert issue.translation_placeholders == {
        "hub": "llm_hub-01GONE",
        "selecting": f"mcp_server ({server.title})",  # not loaded: its domain names it
    }
