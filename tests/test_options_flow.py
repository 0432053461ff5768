"""The options flow of a hub: a menu of steps that return to it, and Save; driven like the UI."""

from __future__ import annotations

import json
from typing import Any
from unittest.mock import patch

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.llm_hub import const
from custom_components.llm_hub.api import HubAPI
from custom_components.llm_hub.options_flow import _text
from homeassistant.config_entries import ConfigEntryDisabler, ConfigEntryState, ConfigFlowResult
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType, InvalidData
from homeassistant.helpers import llm
from homeassistant.helpers.selector import (
    BooleanSelector,
    NumberSelector,
    TextSelector,
)
from homeassistant.setup import async_setup_component

from .helpers import hubs
from .helpers.flows import (
    MENU,
    STEPS,
    _choices,
    _menu,
    _open,
    _placeholders,
    _selector,
    _submit,
    _suggested,
)
from .helpers.translations import TRANSLATIONS

LIVE_CONTEXT = "homeassistant__GetLiveContext"
DATE_TIME = "llm__GetDateTime"
HUB_TOOLS = [hubs.BREW, hubs.GRIND, DATE_TIME, LIVE_CONTEXT]
"""The tools the ``hub`` fixture gathers (contributed by hub_tools and llm, then Assist's)."""


def _registered(hass: HomeAssistant) -> dict[str, llm.API]:
    return {api.id: api for api in llm.async_get_apis(hass)}


def _api_options(result: ConfigFlowResult) -> list[Any]:
    """Return the options of the API multi-select."""
    assert _selector(result, CONF_LLM_HASS_API).config["multiple"] is True
    return _choices(result, CONF_LLM_HASS_API)


# --- Translations ------------------------------------------------------------------------


def test_translations_cover_options_and_issues() -> None:
    """en.json names every step of the menu, and the repair issue with its fix flow."""
    steps = TRANSLATIONS["options"]["step"]
    assert set(steps) == {"init", *STEPS, "override", "api_prompt", "condition"}
    assert set(steps["init"]["menu_options"]) == set(MENU)
    for step in STEPS:
        assert steps[step]["title"]
        assert set(steps[step]["data"]) == set(steps[step]["data_description"])
    assert set(TRANSLATIONS["options"]["error"]) == {
        "loop",
        "too_many_tools",
        "alias_invalid",
        "alias_too_long",
        "alias_separator",
        "alias_taken",
        "over_tool_limit",
        "over_client_limit",
        "notify_without_buttons",
        "tools_not_listed",
        "no_size_estimate",
        "scope_reaches",
        "scope_acts_outside",
        "scope_unreadable",
        "no_api_selected",
        "prompt_text_required",
        "condition_tool_unknown",
        "condition_no_arguments",
        "condition_argument_unknown",
        "condition_value",
        "condition_values",
        "condition_number",
        "condition_flag",
        "condition_too_large",
        "condition_regex",
        "conditions_unreadable",
        "shadow_mode_on",
    }
    issue = TRANSLATIONS["issues"]["missing_api"]
    assert _placeholders(issue["title"]) == {"hub"}
    confirm = issue["fix_flow"]["step"]["confirm"]
    assert _placeholders(confirm["title"] + confirm["description"]) == {"hub", "api"}
    assert issue["fix_flow"]["abort"]["entry_removed"]


# --- Menu: the hub's size -----------------------------------------------------------------


async def test_menu_shows_tool_count_and_size(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """The menu says how many tools the hub exposes of those it gathers, and their size."""
    result = await _menu(hass, hub)

    placeholders = result["description_placeholders"]
    assert placeholders is not None
    assert placeholders["hub"] == "Kitchen"
    assert placeholders["tools"] == placeholders["candidates"] == str(len(HUB_TOOLS))
    assert placeholders["max_tools"] == "128"
    assert placeholders["warning"] == ""
    assert placeholders["tokens"].isdigit(), placeholders  # no separator to misread
    assert placeholders["chars"].isdigit(), placeholders
    tokens = int(placeholders["tokens"])
    chars = int(placeholders["chars"])
    # The prompt holds the instructions; the definitions the names and descriptions.
    assert chars > len(hubs.INSTRUCTIONS) + sum(map(len, HUB_TOOLS))
    assert chars / 5 < tokens < chars / 3

    # Fewer tools after excluding one, and a smaller size.
    await hubs.async_set_options(
        hass, hub, "tools", {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": [hubs.BREW]}
    )
    placeholders = (await _menu(hass, hub))["description_placeholders"]
    assert placeholders is not None
    assert (placeholders["tools"], placeholders["candidates"]) == ("1", "4")
    assert int(placeholders["chars"].replace(",", "")) < chars


async def test_menu_warns_above_the_tool_limit(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """A hub exposing more tools than its limit says so in the menu and the limits step."""
    await hubs.async_set_options(
        hass, hub, "limits", {const.CONF_MAX_TOOLS: 3, const.CONF_RECORD_ARGUMENTS: False}
    )

    placeholders = (await _menu(hass, hub))["description_placeholders"]
    assert placeholders is not None
    assert placeholders["max_tools"] == "3"
    assert placeholders["warning"] == TRANSLATIONS["options"]["error"]["over_tool_limit"].format(
        max_tools=3
    )
    assert placeholders["warning"].startswith("This is more than its tool limit of 3: ")
    result = await _open(hass, hub, "limits")
    assert result["description_placeholders"] == placeholders


async def test_menu_warns_above_what_some_clients_take(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """Above 40 listed tools the menu gives the count and says some clients take fewer.

    It names no client's limit (docs/options.md cites them); search mode lists fewer.
    """
    tools: list[llm.Tool] = [hubs.RecordingTool(f"many__tool_{n}") for n in range(41)]
    llm.async_register_api(hass, hubs.FixedAPI(hass, "many", "Many", tools))
    entry = await hubs.async_add_hub(
        hass, "Many", {CONF_LLM_HASS_API: ["many"], const.CONF_MAX_TOOLS: 40}
    )

    placeholders = (await _menu(hass, entry))["description_placeholders"]
    assert placeholders is not None
    count = placeholders["tools"]
    assert int(count) > const.CLIENT_TOOL_LIMIT
    errors = TRANSLATIONS["options"]["error"]
    clients = (
        f"{count} tools are more than some MCP clients and AI services take: they leave the "
        "rest out or refuse the request. Choose a search mode under Tool search, or leave some "
        "tools out under Tools."
    )
    assert placeholders["warning"] == " ".join(
        (errors["over_tool_limit"].format(max_tools=40), clients)
    )

    await hubs.async_set_options(
        hass, entry, "limits", {const.CONF_MAX_TOOLS: 128, const.CONF_RECORD_ARGUMENTS: False}
    )
    placeholders = (await _menu(hass, entry))["description_placeholders"]
    assert placeholders is not None
    assert placeholders["warning"] == clients

    await hubs.async_set_options(
        hass, entry, "search", {const.CONF_TOOL_MODE: "search", const.CONF_PINNED_TOOLS: []}
    )
    placeholders = (await _menu(hass, entry))["description_placeholders"]
    assert placeholders is not None
    assert int(placeholders["tools"]) < const.CLIENT_TOOL_LIMIT
    assert placeholders["warning"] == ""


READS = llm.ToolAnnotations(read_only=True, destructive=False, open_world=False)


async def _search_step_figures(hass: HomeAssistant, entry: MockConfigEntry) -> tuple[str, str]:
    """Return what the Tool search step says search mode hands models: the count, the names."""
    placeholders = (await _open(hass, entry, "search"))["description_placeholders"]
    assert placeholders is not None
    return placeholders["search_count"], placeholders["search_listed"]


async def _searched_names(hass: HomeAssistant, entry: MockConfigEntry) -> list[str]:
    """Return the names of the tools the hub lists to an agent (a request in English)."""
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    return [tool.name for tool in instance.tools]


async def test_search_step_counts_the_tools_search_mode_hands_models(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """The Tool search step says how many tools a model gets in search mode, and which, as the
    hub lists them once searching: the meta-tools (call_read_only_tool only when a tool behind
    search only reads) and the tools always listed."""
    writes: list[llm.Tool] = [hubs.RecordingTool(f"writes__tool_{n}") for n in range(3)]
    llm.async_register_api(hass, hubs.FixedAPI(hass, "writes", "Writes", writes))
    reads: list[llm.Tool] = [*writes, hubs.RecordingTool("reads__look", annotations=READS)]
    llm.async_register_api(hass, hubs.FixedAPI(hass, "reads", "Reads", reads))
    seen: dict[str, tuple[str, str]] = {}
    # Writes leaves out the one tool every hub gets that only reads (the llm integration's).
    for api_id, pinned, excluded in (
        ("writes", [], [DATE_TIME]),
        ("reads", ["writes__tool_0"], []),
    ):
        options = {
            CONF_LLM_HASS_API: [api_id],
            const.CONF_PINNED_TOOLS: pinned,
            const.CONF_EXCLUDED_TOOLS: excluded,
        }
        entry = await hubs.async_add_hub(hass, api_id.title(), options)
        before = await _search_step_figures(hass, entry)  # all tools listed now
        await hubs.async_set_options(
            hass,
            entry,
            "search",
            {const.CONF_TOOL_MODE: "search", const.CONF_PINNED_TOOLS: pinned},
        )
        names = await _searched_names(hass, entry)
        seen[api_id] = (str(len(names)), ", ".join(names))
        assert before == seen[api_id]
        assert await _search_step_figures(hass, entry) == seen[api_id]
    assert seen["writes"] == ("2", "search_tools, call_tool")
    assert seen["reads"] == ("4", "search_tools, call_tool, call_read_only_tool, writes__tool_0")


async def test_menu_opens_when_the_tools_cannot_be_listed(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """Without an administrator an admin-only hub cannot be built: the menu says why."""
    llm.async_register_api(hass, hubs.AdminAPI(hass, "admin_only", "Admin only", []))
    entry = await hubs.async_add_hub(hass, "Admin hub", {CONF_LLM_HASS_API: ["admin_only"]})

    placeholders = (await _menu(hass, entry))["description_placeholders"]

    assert placeholders is not None
    assert placeholders["tools"] == "?"
    assert await _search_step_figures(hass, entry) == ("?", "?")
    assert placeholders["warning"] == (
        "The tools could not be listed: LLM Hub Admin hub requires an administrator: "
        "it selects an LLM API only administrators may use"
    )
    # The steps still open and save.
    options = await hubs.async_set_options(
        hass, entry, "tools", {const.CONF_INCLUDE_NEW_TOOLS: False, "tools": []}
    )
    assert options == {CONF_LLM_HASS_API: ["admin_only"], const.CONF_INCLUDE_NEW_TOOLS: False}


async def _admin_only_tools(hass: HomeAssistant) -> list[str]:
    """Return the tools the tools step offers for a hub that picks an admin-only API."""
    llm.async_register_api(
        hass,
        hubs.AdminAPI(hass, "admin_only", "Admin only", [hubs.RecordingTool("admin_only__users")]),
    )
    entry = await hubs.async_add_hub(hass, "Admin hub", {CONF_LLM_HASS_API: ["admin_only"]})
    result = await _open(hass, entry, "tools")
    return [choice["value"] for choice in _choices(result, "tools")]


async def test_tools_listed_as_the_owner(
    hass: HomeAssistant, setup_llm: None, hass_owner_user: MockUser
) -> None:
    """The flow builds the hub as the owner gets it: admin-only tools are listed."""
    assert await _admin_only_tools(hass) == [DATE_TIME, "admin_only__users"]


async def test_tools_listed_as_another_administrator(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """Without an owner, as another administrator."""
    assert await _admin_only_tools(hass) == [DATE_TIME, "admin_only__users"]


async def test_menu_without_a_size_estimate(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """When the size cannot be measured (a schema no converter takes), the count stands."""
    with patch(
        "custom_components.llm_hub.options_flow.measure",
        side_effect=TypeError("unhashable type: 'Schema'"),
    ):
        placeholders = (await _menu(hass, hub))["description_placeholders"]

    assert placeholders is not None
    assert placeholders["tools"] == "4"
    assert placeholders["tokens"] == "?"
    assert placeholders["warning"] == "The size could not be estimated: unhashable type: 'Schema'"


# --- The menu: steps return to it, Save stores ------------------------------------------------


async def test_steps_return_to_the_menu_and_save_once(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """Each step returns to the menu with the size the changes give; Save stores and reloads once.

    Nothing is stored and nothing reloads before Save.
    """
    api = hub.runtime_data.api
    stored = dict(hub.options)
    result = await _open(hass, hub, "tools")

    result = await _submit(
        hass, result, {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": [hubs.BREW]}, save=False
    )

    assert result["type"] is FlowResultType.MENU
    placeholders = result["description_placeholders"]
    assert placeholders is not None
    assert (placeholders["tools"], placeholders["candidates"]) == ("1", "4")
    assert hub.options == stored
    assert hub.runtime_data.api is api

    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "limits"}
    )
    # The next step shows the changes made so far.
    assert result["description_placeholders"] == placeholders
    result = await _submit(
        hass, result, {const.CONF_MAX_TOOLS: 2, const.CONF_RECORD_ARGUMENTS: True}, save=False
    )
    assert result["type"] is FlowResultType.MENU
    assert result["description_placeholders"] == {**placeholders, "max_tools": "2"}
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "tools"}
    )
    assert _suggested(result, "tools") == [hubs.BREW]
    assert hub.runtime_data.api is api

    result = await _submit(
        hass, result, {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": [hubs.BREW, hubs.GRIND]}
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options == {
        **stored,
        const.CONF_INCLUDE_NEW_TOOLS: True,
        const.CONF_INCLUDED_TOOLS: [hubs.BREW, hubs.GRIND],
        const.CONF_EXCLUDED_TOOLS: sorted([DATE_TIME, LIVE_CONTEXT]),
        const.CONF_MAX_TOOLS: 2,
        const.CONF_RECORD_ARGUMENTS: True,
    }
    assert hub.runtime_data.api is not api
    assert hub.runtime_data.api.options.max_tools == 2


async def test_closing_the_menu_stores_nothing(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """Closing the dialog at the menu discards the changes; Save without changes reloads nothing."""
    api = hub.runtime_data.api
    stored = dict(hub.options)
    result = await _open(hass, hub, "limits")
    result = await _submit(
        hass, result, {const.CONF_MAX_TOOLS: 5, const.CONF_RECORD_ARGUMENTS: True}, save=False
    )
    hass.config_entries.options.async_abort(result["flow_id"])
    await hass.async_block_till_done()
    assert hub.options == stored

    result = await _menu(hass, hub)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "save"}
    )
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options == stored
    assert hub.runtime_data.api is api


def test_a_broken_translation_shows_its_template() -> None:
    """A missing translation shows its key; one with a wrong placeholder, its text as is."""
    key = "selector.source.options.all"
    assert _text({}, key, {}) == key
    broken = {f"component.{const.DOMAIN}.{key}": "All {sources}"}
    assert _text(broken, key, {}) == "All {sources}"


# --- APIs and instructions ------------------------------------------------------------------


async def test_apis_form_lists_other_apis(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """The multi-select offers every registered API (name, id) but the hub's own."""
    entry = setup_integration
    living_room = await hubs.async_add_hub(hass, "Living room")

    result = await _open(hass, entry, "apis")

    assert _api_options(result) == [
        {"label": "Assist", "value": "assist"},
        {"label": "Living room", "value": hubs.hub_id(living_room)},
    ]
    assert _suggested(result, CONF_LLM_HASS_API) == ["assist"]
    assert _suggested(result, const.CONF_PROMPT) is None
    prompt = _selector(result, const.CONF_PROMPT)
    assert isinstance(prompt, TextSelector)
    assert prompt.config["multiline"] is True

    # The other hub sees Kitchen but not itself.
    result = await _open(hass, living_room, "apis")
    assert _api_options(result) == [
        {"label": "Assist", "value": "assist"},
        {"label": "Kitchen", "value": hubs.hub_id(entry)},
    ]
    assert _suggested(result, CONF_LLM_HASS_API) is None


async def test_apis_saves_and_reloads(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """Saving stores the picks as a list and the stripped prompt; the reload applies them."""
    entry = setup_integration
    living_room = await hubs.async_add_hub(hass, "Living room")
    old_api = entry.runtime_data.api
    assert old_api.selected_api_ids == ["assist"]
    result = await _open(hass, entry, "apis")

    result = await _submit(
        hass,
        result,
        {
            CONF_LLM_HASS_API: [hubs.hub_id(living_room), "assist"],
            const.CONF_PROMPT: "\n  Answer briefly.  \n",
        },
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    expected = {
        CONF_LLM_HASS_API: [hubs.hub_id(living_room), "assist"],
        const.CONF_PROMPT: "Answer briefly.",
    }
    assert result["data"] == expected
    assert entry.options == expected
    assert entry.state is ConfigEntryState.LOADED
    api = entry.runtime_data.api
    assert isinstance(api, HubAPI)
    assert api is not old_api
    assert _registered(hass)[hubs.hub_id(entry)] is api
    assert api.selected_api_ids == [hubs.hub_id(living_room), "assist"]
    assert api.instructions == "Answer briefly."

    # The form opens again with what was saved.
    result = await _open(hass, entry, "apis")
    assert _suggested(result, CONF_LLM_HASS_API) == [hubs.hub_id(living_room), "assist"]
    assert _suggested(result, const.CONF_PROMPT) == "Answer briefly."


@pytest.mark.parametrize(
    "user_input",
    [
        {},
        {CONF_LLM_HASS_API: []},
        {CONF_LLM_HASS_API: [], const.CONF_PROMPT: ""},
        {const.CONF_PROMPT: "  \n\t "},
    ],
)
async def test_apis_leaves_out_empty_values(
    hass: HomeAssistant, setup_integration: MockConfigEntry, user_input: dict[str, Any]
) -> None:
    """No pick and a blank prompt are left out of the options; the reload drops the picks."""
    entry = setup_integration
    old_api = entry.runtime_data.api
    result = await _open(hass, entry, "apis")

    result = await _submit(hass, result, user_input)

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["data"] == {}
    assert entry.options == {}
    api = entry.runtime_data.api
    assert api is not old_api
    assert api.selected_api_ids == []
    assert api.instructions == ""


async def test_apis_keeps_unavailable_selected_api(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """A picked API that is gone is offered as "<its last known name> (not available)", or
    by its id when it was never seen; the form still saves."""
    entry = setup_integration
    living_room = await hubs.async_add_hub(hass, "Living room")
    gone_id = hubs.hub_id(living_room)
    picks = ["assist", gone_id, "never_seen"]
    hass.config_entries.async_update_entry(entry, options={CONF_LLM_HASS_API: picks})
    assert await hass.config_entries.async_remove(living_room.entry_id)
    await hass.async_block_till_done()
    assert gone_id not in _registered(hass)

    result = await _open(hass, entry, "apis")

    assert _api_options(result) == [
        {"label": "Assist", "value": "assist"},
        {"label": "Living room (not available)", "value": gone_id},
        {"label": "never_seen (not available)", "value": "never_seen"},
    ]
    assert _suggested(result, CONF_LLM_HASS_API) == picks

    result = await _submit(hass, result, {CONF_LLM_HASS_API: picks, const.CONF_PROMPT: "Hi"})

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert entry.options == {CONF_LLM_HASS_API: picks, const.CONF_PROMPT: "Hi"}
    assert entry.runtime_data.api.selected_api_ids == picks


async def test_apis_refuses_unknown_api(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """Only offered APIs can be picked: not the hub's own, nor an id never registered."""
    entry = setup_integration
    for picked in (hubs.hub_id(entry), "no_such_api"):
        result = await _open(hass, entry, "apis")
        with pytest.raises(InvalidData):
            await hass.config_entries.options.async_configure(
                result["flow_id"], {CONF_LLM_HASS_API: [picked]}
            )
    assert entry.options == {CONF_LLM_HASS_API: ["assist"]}


async def test_apis_refuses_a_loop_of_three_hubs(hass: HomeAssistant, setup_llm: None) -> None:
    """Picking a hub that (through another) picks this one is refused; the rest still saves."""
    first = await hubs.async_add_hub(hass, "First")
    second = await hubs.async_add_hub(hass, "Second", {CONF_LLM_HASS_API: [hubs.hub_id(first)]})
    third = await hubs.async_add_hub(hass, "Third", {CONF_LLM_HASS_API: [hubs.hub_id(second)]})
    result = await _open(hass, first, "apis")

    result = await _submit(hass, result, {CONF_LLM_HASS_API: ["assist", hubs.hub_id(third)]})

    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {CONF_LLM_HASS_API: "loop"}
    assert _suggested(result, CONF_LLM_HASS_API) == ["assist", hubs.hub_id(third)]
    assert first.options == {}

    result = await _submit(hass, result, {CONF_LLM_HASS_API: ["assist", "assist"]})

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert first.options == {CONF_LLM_HASS_API: ["assist"]}


async def test_apis_follows_loops_elsewhere_without_hanging(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """A loop between other hubs (made behind the flow's back) is not this hub's loop."""
    second = await hubs.async_add_hub(hass, "Second")
    third = await hubs.async_add_hub(hass, "Third", {CONF_LLM_HASS_API: [hubs.hub_id(second)]})
    hass.config_entries.async_update_entry(
        second, options={CONF_LLM_HASS_API: [hubs.hub_id(third)]}
    )
    first = await hubs.async_add_hub(hass, "First")

    options = await hubs.async_set_options(
        hass, first, "apis", {CONF_LLM_HASS_API: [hubs.hub_id(second)]}
    )

    assert options == {CONF_LLM_HASS_API: [hubs.hub_id(second)]}


# --- Tools ----------------------------------------------------------------------------------


async def test_tools_form_lists_candidate_tools(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """Each gathered tool is offered by key, with its title and source; all checked at first."""
    result = await _open(hass, hub, "tools")

    assert _choices(result, "tools") == [
        {"value": hubs.BREW, "label": f"Brew coffee ({hubs.BREW}, from hub_tools): changes things"},
        {
            "value": hubs.GRIND,
            "label": f"{hubs.GRIND} (from hub_tools): destructive, reaches outside",
        },
        {"value": DATE_TIME, "label": f"Get date and time ({DATE_TIME}, from llm): read-only"},
        {
            "value": LIVE_CONTEXT,
            "label": f"Get live context ({LIVE_CONTEXT}, from Assist): read-only",
        },
    ]
    assert _suggested(result, "tools") == HUB_TOOLS
    assert _suggested(result, const.CONF_INCLUDE_NEW_TOOLS) is True
    assert isinstance(_selector(result, const.CONF_INCLUDE_NEW_TOOLS), BooleanSelector)
    placeholders = result["description_placeholders"]
    assert placeholders is not None
    assert placeholders["tools"] == "4"


async def test_tools_saves_decisions_and_keeps_other_options(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """Checked tools are included, the others excluded; picks and prompt stay."""
    options = await hubs.async_set_options(
        hass, hub, "tools", {const.CONF_INCLUDE_NEW_TOOLS: False, "tools": [hubs.GRIND, hubs.BREW]}
    )

    assert options == {
        CONF_LLM_HASS_API: ["assist"],
        const.CONF_PROMPT: hubs.INSTRUCTIONS,
        const.CONF_INCLUDE_NEW_TOOLS: False,
        const.CONF_INCLUDED_TOOLS: [hubs.GRIND, hubs.BREW],
        const.CONF_EXCLUDED_TOOLS: sorted([LIVE_CONTEXT, DATE_TIME]),
    }
    hub_options = hub.runtime_data.api.options
    assert hub_options.include_new_tools is False
    assert hub_options.included_tools == {hubs.GRIND, hubs.BREW}

    # The form opens with the decisions; an alias shows in the label.
    result = await _open(hass, hub, "tools")
    assert _suggested(result, "tools") == [hubs.BREW, hubs.GRIND]
    assert _suggested(result, const.CONF_INCLUDE_NEW_TOOLS) is False


async def test_tools_keeps_decisions_about_tools_not_found_now(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """A decision about a tool the hub does not gather now is offered and kept."""
    hass.config_entries.async_update_entry(
        hub,
        options={
            **hub.options,
            const.CONF_INCLUDED_TOOLS: ["gone__included"],
            const.CONF_EXCLUDED_TOOLS: ["gone__excluded"],
        },
    )
    result = await _open(hass, hub, "tools")

    assert _choices(result, "tools")[-2:] == [
        {"value": "gone__excluded", "label": "gone__excluded (not available now)"},
        {"value": "gone__included", "label": "gone__included (not available now)"},
    ]
    assert _suggested(result, "tools") == [*HUB_TOOLS, "gone__included"]

    result = await _submit(
        hass, result, {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": [hubs.BREW, "gone__included"]}
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options[const.CONF_INCLUDED_TOOLS] == [hubs.BREW, "gone__included"]
    assert hub.options[const.CONF_EXCLUDED_TOOLS] == sorted(
        ["gone__excluded", hubs.GRIND, LIVE_CONTEXT, DATE_TIME]
    )


async def test_tools_narrowed_to_one_source(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """Picking a source shows only its tools; decisions about the others stay."""
    result = await _open(hass, hub, "tools")
    sources = _choices(result, "source")
    assert sources == [
        {"value": "all", "label": "All sources"},
        {"value": "hub_tools", "label": "hub_tools"},
        {"value": "llm", "label": "llm"},
        {"value": "assist", "label": "Assist"},
    ]
    assert _suggested(result, "source") == "all"

    # Leave out the live context and show hub_tools: the choice so far is kept.
    result = await _submit(
        hass,
        result,
        {
            "source": "hub_tools",
            const.CONF_INCLUDE_NEW_TOOLS: True,
            "tools": [hubs.BREW, hubs.GRIND, DATE_TIME],
        },
    )

    assert result["type"] is FlowResultType.FORM
    assert [choice["value"] for choice in _choices(result, "tools")] == [hubs.BREW, hubs.GRIND]
    assert _suggested(result, "source") == "hub_tools"
    assert _suggested(result, "tools") == [hubs.BREW, hubs.GRIND]
    placeholders = result["description_placeholders"]
    assert placeholders is not None
    assert placeholders["tools"] == "3"

    result = await _submit(
        hass,
        result,
        {"source": "hub_tools", const.CONF_INCLUDE_NEW_TOOLS: False, "tools": [hubs.BREW]},
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options[const.CONF_INCLUDED_TOOLS] == [DATE_TIME, hubs.BREW]
    assert hub.options[const.CONF_EXCLUDED_TOOLS] == sorted([hubs.GRIND, LIVE_CONTEXT])
    assert hub.options[const.CONF_INCLUDE_NEW_TOOLS] is False


async def test_tools_warns_once_above_the_limit(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """A choice above the tool limit is shown again with a warning; submitting again saves."""
    await hubs.async_set_options(
        hass, hub, "limits", {const.CONF_MAX_TOOLS: 2, const.CONF_RECORD_ARGUMENTS: False}
    )
    await hubs.async_set_options(
        hass, hub, "tools", {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": [hubs.BREW]}
    )
    result = await _open(hass, hub, "tools")
    too_many = {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": [hubs.BREW, hubs.GRIND, DATE_TIME]}

    result = await _submit(hass, result, too_many)

    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {"base": "too_many_tools"}
    placeholders = result["description_placeholders"]
    assert placeholders is not None
    assert (placeholders["chosen"], placeholders["max_tools"]) == ("3", "2")
    assert _suggested(result, "tools") == [hubs.BREW, hubs.GRIND, DATE_TIME]
    assert hub.options[const.CONF_INCLUDED_TOOLS] == [hubs.BREW]

    # A choice within the limit saves at once; the same one again saves too.
    within = await _submit(
        hass, result, {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": [hubs.GRIND]}
    )
    assert within["type"] is FlowResultType.CREATE_ENTRY
    result = await _open(hass, hub, "tools")
    result = await _submit(hass, result, too_many)
    assert result["errors"] == {"base": "too_many_tools"}
    result = await _submit(hass, result, too_many)
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options[const.CONF_INCLUDED_TOOLS] == [hubs.BREW, hubs.GRIND, DATE_TIME]
    assert len(hub.runtime_data.api.options.included_tools) == 3


# --- Safety --------------------------------------------------------------------------------


async def test_safety_form_and_save(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """The safety step shows the defaults, offers the tools to confirm, and saves all of it."""
    result = await _open(hass, hub, "safety")

    assert {
        key: _suggested(result, key)
        for key in (
            const.CONF_READ_ONLY,
            const.CONF_NO_DESTRUCTIVE,
            const.CONF_NO_OPEN_WORLD,
            const.CONF_CONFIRM_DESTRUCTIVE,
            const.CONF_CONFIRM_TOOLS,
            const.CONF_TIMEOUT,
        )
    } == {
        const.CONF_READ_ONLY: False,
        const.CONF_NO_DESTRUCTIVE: False,
        const.CONF_NO_OPEN_WORLD: False,
        const.CONF_CONFIRM_DESTRUCTIVE: False,
        const.CONF_CONFIRM_TOOLS: [],
        const.CONF_TIMEOUT: 60,
    }
    assert [choice["value"] for choice in _choices(result, const.CONF_CONFIRM_TOOLS)] == HUB_TOOLS
    timeout = _selector(result, const.CONF_TIMEOUT)
    assert isinstance(timeout, NumberSelector)
    assert (timeout.config["min"], timeout.config["unit_of_measurement"]) == (0.1, "s")

    result = await _submit(
        hass,
        result,
        {
            const.CONF_READ_ONLY: False,
            const.CONF_NO_DESTRUCTIVE: True,
            const.CONF_NO_OPEN_WORLD: False,
            const.CONF_CONFIRM_DESTRUCTIVE: True,
            const.CONF_CONFIRM_TOOLS: [hubs.BREW],
            const.CONF_TIMEOUT: 12.0,
        },
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options == {
        CONF_LLM_HASS_API: ["assist"],
        const.CONF_PROMPT: hubs.INSTRUCTIONS,
        const.CONF_READ_ONLY: False,
        const.CONF_NO_DESTRUCTIVE: True,
        const.CONF_NO_OPEN_WORLD: False,
        const.CONF_CONFIRM_DESTRUCTIVE: True,
        const.CONF_CONFIRM_TOOLS: [hubs.BREW],
        const.CONF_TIMEOUT: 12,
        const.CONF_SHADOW_MODE: False,
    }
    hub_options = hub.runtime_data.api.options
    assert (
        hub_options.no_destructive,
        hub_options.confirm_destructive,
        hub_options.timeout,
    ) == (True, True, 12)
    assert hub_options.confirm_tools == {hubs.BREW}

    result = await _open(hass, hub, "safety")
    assert _suggested(result, const.CONF_CONFIRM_TOOLS) == [hubs.BREW]
    assert _suggested(result, const.CONF_TIMEOUT) == 12


async def test_safety_takes_fractions_of_a_second(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """A timeout of 1.5 s stays 1.5 s (not cut to 1); no timeout is no timeout at all."""
    safety = {
        const.CONF_READ_ONLY: False,
        const.CONF_NO_DESTRUCTIVE: False,
        const.CONF_NO_OPEN_WORLD: False,
        const.CONF_CONFIRM_DESTRUCTIVE: False,
    }
    result = await _open(hass, hub, "safety")
    with pytest.raises(InvalidData):
        await _submit(hass, result, safety | {const.CONF_TIMEOUT: 0})

    result = await _submit(hass, result, safety | {const.CONF_TIMEOUT: 1.5})

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options[const.CONF_TIMEOUT] == 1.5
    assert hub.runtime_data.api.options.timeout == 1.5
    result = await _open(hass, hub, "safety")
    assert _suggested(result, const.CONF_TIMEOUT) == 1.5


# --- Overrides ------------------------------------------------------------------------------


async def _open_override(hass: HomeAssistant, entry: MockConfigEntry, key: str) -> ConfigFlowResult:
    result = await _open(hass, entry, "overrides")
    result = await _submit(hass, result, {"tool": key})
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "override"
    return result


async def test_override_alias_and_description(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """A tool gets an alias and a description; the form shows its own description."""
    result = await _open(hass, hub, "overrides")
    assert [choice["value"] for choice in _choices(result, "tool")] == HUB_TOOLS
    assert _selector(result, "tool").config["multiple"] is False

    result = await _open_override(hass, hub, hubs.BREW)
    assert result["description_placeholders"] == {
        "tool": hubs.BREW,
        "description": "Brews cups of coffee.",
    }
    assert _suggested(result, "name") is None

    result = await _submit(hass, result, {"name": " coffee ", "description": " Makes coffee. "})

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options[const.CONF_OVERRIDES] == {
        hubs.BREW: {"name": "coffee", "description": "Makes coffee."}
    }
    result = await _open_override(hass, hub, hubs.BREW)
    assert (_suggested(result, "name"), _suggested(result, "description")) == (
        "coffee",
        "Makes coffee.",
    )
    # The tool lists show the alias.
    result = await _open(hass, hub, "tools")
    assert _choices(result, "tools")[0]["label"].endswith(", called coffee: changes things")


async def test_override_of_one_tool_keeps_the_others(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """Changing or clearing one tool's override leaves the other tools' overrides alone."""
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, const.CONF_OVERRIDES: {hubs.GRIND: {"name": "grind"}}}
    )
    result = await _open_override(hass, hub, hubs.BREW)
    await _submit(hass, result, {"description": "Coffee."})
    assert hub.options[const.CONF_OVERRIDES] == {
        hubs.GRIND: {"name": "grind"},
        hubs.BREW: {"description": "Coffee."},
    }

    result = await _open_override(hass, hub, hubs.GRIND)
    await _submit(hass, result, {"name": "", "description": ""})
    assert hub.options[const.CONF_OVERRIDES] == {hubs.BREW: {"description": "Coffee."}}

    result = await _open_override(hass, hub, hubs.BREW)
    await _submit(hass, result, {})
    assert const.CONF_OVERRIDES not in hub.options


@pytest.mark.parametrize(
    ("alias", "error"),
    [
        ("1coffee", "alias_invalid"),
        ("make coffee", "alias_invalid"),
        ("café", "alias_invalid"),
        ("x" * 49, "alias_too_long"),
        ("x" * 65, "alias_too_long"),
        # Home Assistant's namespace separator: "assist__HassTurnOn" is a name agents make.
        ("assist__HassTurnOn", "alias_separator"),
        ("coffee__", "alias_separator"),
        (hubs.GRIND, "alias_separator"),  # another tool's key, which has __ too
        ("taken", "alias_taken"),
    ],
)
async def test_override_refuses_an_alias(
    hass: HomeAssistant, hub: MockConfigEntry, alias: str, error: str
) -> None:
    """An alias that is not portable, or is another tool's name or alias, is refused."""
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, const.CONF_OVERRIDES: {DATE_TIME: {"name": "taken"}}}
    )
    result = await _open_override(hass, hub, hubs.BREW)

    result = await _submit(hass, result, {"name": alias, "description": "Kept."})

    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {"name": error}
    assert _suggested(result, "description") == "Kept."
    # The longest alias: 48 characters, a single _ and - anywhere after the first letter.
    alias = "c_o-" + "x" * 44
    result = await _submit(hass, result, {"name": alias, "description": "Kept."})
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options[const.CONF_OVERRIDES][hubs.BREW] == {"name": alias, "description": "Kept."}


async def test_override_with_the_tools_own_key(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """An alias that is the tool's own key is no alias: accepted, even with its __."""
    result = await _open_override(hass, hub, hubs.BREW)

    result = await _submit(hass, result, {"name": hubs.BREW})

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options[const.CONF_OVERRIDES] == {hubs.BREW: {"name": hubs.BREW}}
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context())
    assert hubs.BREW in {tool.name for tool in instance.tools}


async def test_override_of_a_tool_not_found_now(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """An override of a tool that is gone is offered, and can be cleared."""
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, const.CONF_OVERRIDES: {"gone": {"name": "old"}}}
    )
    result = await _open(hass, hub, "overrides")
    assert _choices(result, "tool")[-1] == {"value": "gone", "label": "gone (not available now)"}

    result = await _open_override(hass, hub, "gone")
    assert result["description_placeholders"] == {"tool": "gone", "description": ""}
    assert _suggested(result, "name") == "old"
    result = await _submit(hass, result, {"name": "old"})
    assert hub.options[const.CONF_OVERRIDES] == {"gone": {"name": "old"}}


# --- Conditions on arguments -------------------------------------------------------------------


async def _open_condition(
    hass: HomeAssistant, entry: MockConfigEntry, key: str
) -> ConfigFlowResult:
    result = await _open(hass, entry, "conditions")
    result = await _submit(hass, result, {"tool": key})
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "condition", result
    return result


def _stored(entry: MockConfigEntry) -> Any:
    return entry.options.get(const.CONF_CONFIRM_CONDITIONS)


async def test_conditions_add_list_and_remove(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """A condition is added on an argument the tool's schema has, typed by its comparison, and
    listed with the others to remove."""
    result = await _open(hass, hub, "conditions")
    assert [choice["value"] for choice in _choices(result, "tool")] == HUB_TOOLS
    assert _choices(result, "remove") == []

    result = await _open_condition(hass, hub, hubs.BREW)
    assert result["description_placeholders"] == {
        "tool": hubs.BREW,
        "arguments": "cups, size, strength",
    }
    assert _choices(result, "argument") == ["cups", "size", "strength"]
    assert _choices(result, "operator") == [
        "equals",
        "in",
        "regex",
        "above",
        "below",
        "at_least",
        "at_most",
    ]
    assert _choices(result, "values") == ["large", "small"]  # the schema's own values
    result = await _submit(hass, result, {"argument": "cups", "operator": "above", "value": " 2 "})
    assert result["type"] is FlowResultType.CREATE_ENTRY
    result = await _open_condition(hass, hub, hubs.BREW)
    await _submit(hass, result, {"argument": "size", "operator": "in", "values": ["large", " "]})
    result = await _open_condition(hass, hub, hubs.BREW)
    await _submit(hass, result, {"argument": "strength", "operator": "at_most", "value": "4,5"})
    assert _stored(hub) == {
        hubs.BREW: [
            {"argument": "cups", "operator": "above", "value": 2},
            {"argument": "size", "operator": "in", "value": ["large"]},
            {"argument": "strength", "operator": "at_most", "value": 4.5},
        ]
    }
    assert hub.runtime_data.api.options.confirm_conditions[hubs.BREW][1].value == ("large",)

    result = await _open(hass, hub, "conditions")
    assert [choice["label"] for choice in _choices(result, "remove")] == [
        f"{hubs.BREW}: cups > 2",
        f'{hubs.BREW}: size ∈ ["large"]',
        f"{hubs.BREW}: strength ≤ 4.5",
    ]
    await _submit(hass, result, {"remove": [json.dumps([hubs.BREW, 0])]})
    assert [item["argument"] for item in _stored(hub)[hubs.BREW]] == ["size", "strength"]
    result = await _open(hass, hub, "conditions")
    await _submit(
        hass, result, {"remove": [choice["value"] for choice in _choices(result, "remove")]}
    )
    assert const.CONF_CONFIRM_CONDITIONS not in hub.options


@pytest.mark.parametrize(
    ("fields", "errors"),
    [
        ({"argument": "cups", "operator": "above", "value": "many"}, {"value": "condition_number"}),
        (
            {"argument": "cups", "operator": "below", "value": "1e400"},
            {"value": "condition_number"},
        ),
        ({"argument": "cups", "operator": "at_least"}, {"value": "condition_number"}),
        (
            {"argument": "size", "operator": "regex", "value": "(large"},
            {"value": "condition_regex"},
        ),
        ({"argument": "size", "operator": "regex"}, {"value": "condition_regex"}),
        ({"argument": "size", "operator": "in"}, {"values": "condition_values"}),
        ({"argument": "size", "operator": "in", "values": [" "]}, {"values": "condition_values"}),
        ({"argument": "size", "operator": "equals", "value": " "}, {"value": "condition_value"}),
        (
            {"argument": "cups", "operator": "equals", "value": "lots"},
            {"value": "condition_number"},
        ),
        (
            {"argument": "cups", "operator": "in", "values": ["1", "two"]},
            {"values": "condition_number"},
        ),
    ],
)
async def test_a_condition_whose_value_does_not_fit_is_refused_on_its_field(
    hass: HomeAssistant, hub: MockConfigEntry, fields: dict[str, Any], errors: dict[str, str]
) -> None:
    """Numbers for the comparisons and for a number argument, a pattern that compiles, a value
    at all: else the form says so on the field, keeps what was typed, and stores nothing."""
    result = await _open_condition(hass, hub, hubs.BREW)

    result = await _submit(hass, result, fields)

    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == errors
    assert _suggested(result, "argument") == fields["argument"]
    assert _stored(hub) is None
    result = await _submit(hass, result, {"argument": "cups", "operator": "equals", "value": "2"})
    assert _stored(hub) == {hubs.BREW: [{"argument": "cups", "operator": "equals", "value": 2}]}


async def test_a_condition_on_a_flag_or_a_text_keeps_its_type(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """A yes-or-no argument takes true or false; a text stays a text (a pattern as typed)."""
    decaf = hubs.RecordingTool(
        "brew",
        parameters=probatio.Schema(
            {probatio.Required("decaf"): bool, probatio.Required("note"): str}
        ),
    )
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [decaf]))
    hub = await hubs.async_add_hub(hass, "K", {CONF_LLM_HASS_API: ["x"]})
    result = await _open_condition(hass, hub, "brew")
    result = await _submit(hass, result, {"argument": "decaf", "operator": "equals", "value": "no"})
    assert result["type"] is FlowResultType.CREATE_ENTRY
    for fields, error in (
        ({"operator": "equals", "value": "maybe"}, {"value": "condition_flag"}),
        ({"operator": "in", "values": ["true", "nope"]}, {"values": "condition_flag"}),
    ):
        result = await _open_condition(hass, hub, "brew")
        result = await _submit(hass, result, {"argument": "decaf", **fields})
        assert result["errors"] == error
    await _submit(hass, result, {"argument": "note", "operator": "regex", "value": " milk$"})
    result = await _open_condition(hass, hub, "brew")
    await _submit(hass, result, {"argument": "note", "operator": "equals", "value": " 12 "})

    assert _stored(hub) == {
        "brew": [
            {"argument": "decaf", "operator": "equals", "value": False},
            {"argument": "note", "operator": "regex", "value": " milk$"},
            {"argument": "note", "operator": "equals", "value": "12"},
        ]
    }


async def test_conditions_refuse_a_tool_without_arguments(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """A tool that takes no arguments cannot get a condition: the form says so on its field."""
    result = await _open(hass, hub, "conditions")

    result = await _submit(hass, result, {"tool": hubs.GRIND})

    assert result["step_id"] == "conditions"
    assert result["errors"] == {"tool": "condition_no_arguments"}


async def test_a_tool_gone_or_changed_while_the_form_is_open(
    hass: HomeAssistant, hub: MockConfigEntry, contribution: hubs.Contribution
) -> None:
    """The tool and its arguments are checked as they are when the form is submitted: a tool
    gone sends back to the list with the error on the tool, an argument gone errs on its field."""
    assert contribution.tools is not None
    brew = contribution.tools[0]
    result = await _open_condition(hass, hub, hubs.BREW)
    contribution.tools = [
        hubs.RecordingTool(
            hubs.BREW,
            integration=hubs.TOOLS_DOMAIN,
            parameters=probatio.Schema({probatio.Required("size"): str}),
        )
    ]
    result = await _submit(hass, result, {"argument": "cups", "operator": "above", "value": "2"})
    assert result["errors"] == {"argument": "condition_argument_unknown"}
    assert _choices(result, "argument") == ["size"]

    contribution.tools = []
    result = await _submit(hass, result, {"argument": "size", "operator": "equals", "value": "x"})
    assert result["step_id"] == "conditions"
    assert result["errors"] == {"tool": "condition_tool_unknown"}
    # Gone between the list and the condition's form: back to the list.
    contribution.tools = [brew]
    result = await _open(hass, hub, "conditions")
    contribution.tools = []
    result = await _submit(hass, result, {"tool": hubs.BREW})
    assert result["step_id"] == "conditions"
    assert result["errors"] == {"tool": "condition_tool_unknown"}
    assert _stored(hub) is None


async def test_conditions_of_the_wrong_type_are_marked_and_replaced(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """Conditions stored with the wrong type narrow nothing: the step says so, lists none, and
    what is added replaces them."""
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, const.CONF_CONFIRM_CONDITIONS: {hubs.BREW: "cups > 2"}}
    )
    await hass.async_block_till_done()
    menu = await _menu(hass, hub)
    result = await hass.config_entries.options.async_configure(
        menu["flow_id"], {"next_step_id": "conditions"}
    )
    assert result["errors"] == {"base": "conditions_unreadable"}
    assert _choices(result, "remove") == []

    result = await _submit(hass, result, {"tool": hubs.BREW})
    await _submit(hass, result, {"argument": "cups", "operator": "above", "value": "3"})
    assert _stored(hub) == {hubs.BREW: [{"argument": "cups", "operator": "above", "value": 3}]}


# --- Limits and logging -----------------------------------------------------------------------


async def test_limits_form_and_save(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """The limits step shows the defaults (128 tools, no arguments recorded) and saves."""
    result = await _open(hass, hub, "limits")
    assert _suggested(result, const.CONF_MAX_TOOLS) == 128
    assert _suggested(result, const.CONF_RECORD_ARGUMENTS) is False

    result = await _submit(
        hass, result, {const.CONF_MAX_TOOLS: 20.0, const.CONF_RECORD_ARGUMENTS: True}
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert hub.options == {
        CONF_LLM_HASS_API: ["assist"],
        const.CONF_PROMPT: hubs.INSTRUCTIONS,
        const.CONF_MAX_TOOLS: 20,
        const.CONF_RECORD_ARGUMENTS: True,
    }
    hub_options = hub.runtime_data.api.options
    assert (hub_options.max_tools, hub_options.record_arguments) == (20, True)


async def test_options_flow_of_an_entry_that_is_not_loaded(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """The options of a disabled hub open with the tools it would have."""
    entry = MockConfigEntry(
        domain=const.DOMAIN,
        title="Idle",
        options={CONF_LLM_HASS_API: ["assist"]},
        disabled_by=ConfigEntryDisabler.USER,
    )
    entry.add_to_hass(hass)
    assert await async_setup_component(hass, const.DOMAIN, {})

    result = await _open(hass, entry, "tools")

    assert [choice["value"] for choice in _choices(result, "tools")] == [DATE_TIME, LIVE_CONTEXT]
    assert entry.state is ConfigEntryState.NOT_LOADED
