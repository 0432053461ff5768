"""Tool search mode of a hub, through the real flows: options, builds, MCP, every agent.

The ranking itself and the meta-tools on their own are tested in ``test_tool_search.py``.
"""

from __future__ import annotations

from dataclasses import replace
import json
from typing import Any

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.tool import HubTool
from custom_components.llm_hub.compose.builder import HubAPIInstance
from custom_components.llm_hub.search import meta_tools
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

from ..helpers import hubs
from ..helpers.confirm import SAFETY, TOKEN, _confirm_brew
from ..helpers.flows import _search_mode
from ..helpers.homes import async_setup_lights
from ..helpers.mcp import _text, mcp_session
from ..helpers.providers import _check_tool

META = [meta_tools.SEARCH_TOOLS, meta_tools.CALL_TOOL, meta_tools.CALL_READ_ONLY_TOOL]
"""The meta-tools of the Kitchen hub (Assist's live context and date are read-only)."""


async def _instance(
    hass: HomeAssistant, entry: MockConfigEntry, context: llm.LLMContext | None = None
) -> HubAPIInstance:
    """Return the hub's instance for a request (by no user unless ``context``)."""
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), context or hubs.llm_context())
    assert isinstance(instance, HubAPIInstance)
    return instance


def _names(instance: llm.APIInstance) -> list[str]:
    return [tool.name for tool in instance.tools]


async def _call(
    hass: HomeAssistant, instance: llm.APIInstance, name: str, args: dict[str, Any]
) -> Any:
    """Call a listed tool as an agent does; return the result's data."""
    result = await instance.async_call_tool(llm.ToolInput(tool_name=name, tool_args=args))
    return result.data if isinstance(result, llm.ToolResult) else result


# --- Options and builds ----------------------------------------------------------------------


async def test_switching_modes(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """All tools by default; search lists the pinned tools and the meta-tools; back again."""
    everything = await _instance(hass, hub)
    assert hubs.BREW in _names(everything)
    assert not set(META) & set(_names(everything))
    assert meta_tools.SEARCH_PROMPT not in everything.api_prompt
    assert everything.search_index is None

    options = await _search_mode(hass, hub, pinned=[hubs.GRIND])
    assert options[const.CONF_TOOL_MODE] == "search"
    assert options[const.CONF_PINNED_TOOLS] == [hubs.GRIND]
    searching = await _instance(hass, hub)
    # The meta-tools first (clients that keep only the first tools keep them).
    assert _names(searching) == [*META, hubs.GRIND]
    assert isinstance(searching.tools[0], meta_tools.SearchToolsTool)
    assert isinstance(searching.tools[1], meta_tools.CallToolTool)
    assert isinstance(searching.tools[2], meta_tools.CallReadOnlyToolTool)
    assert isinstance(searching.tools[3], HubTool)
    # The prompt says how to search; the parts a hub selecting this one takes do not (that
    # hub lists these tools as its own mode says).
    heading, own = searching.prompt_parts[0]
    assert heading == "Kitchen"
    assert meta_tools.SEARCH_PROMPT not in own
    assert searching.api_prompt.startswith(
        f"{own}\n\n{meta_tools.SEARCH_PROMPT} {meta_tools.READ_ONLY_PROMPT}"
    )
    index = searching.search_index
    assert index is not None
    # Every listed tool is behind search, less the pinned one.
    assert {card.name for card in index.cards} == set(_names(everything)) - {hubs.GRIND}
    # The same tools the next time: the same index, not made again.
    assert (await _instance(hass, hub)).search_index is index

    await _search_mode(hass, hub, "all")
    assert _names(await _instance(hass, hub)) == _names(everything)


async def test_search_form(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """The form offers the modes and the hub's tools; a pinned tool not found now stays."""
    hass.config_entries.async_update_entry(
        hub,
        options={**hub.options, const.CONF_TOOL_MODE: "search", const.CONF_PINNED_TOOLS: ["gone"]},
    )
    assert await hass.config_entries.async_reload(hub.entry_id)
    result = await hass.config_entries.options.async_init(hub.entry_id)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "search"}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["data_schema"] is not None
    assert result["description_placeholders"] is not None
    schema = result["data_schema"].schema
    fields = {str(key): (key, selector) for key, selector in schema.items()}
    mode_key, mode = fields[const.CONF_TOOL_MODE]
    assert mode.config["options"] == ["all", "search", "search_over_limit"]
    assert mode.config["translation_key"] == const.CONF_TOOL_MODE
    assert mode_key.description == {"suggested_value": "search"}
    pinned_key, pinned = fields[const.CONF_PINNED_TOOLS]
    assert pinned_key.description == {"suggested_value": ["gone"]}
    offered = {option["value"]: option["label"] for option in pinned.config["options"]}
    assert hubs.BREW in offered
    assert offered["gone"] == "gone (not available now)"
    # The form counts what models get in search mode: the meta-tools (nothing pinned found).
    assert result["description_placeholders"]["tools"] == "3"


async def test_search_above_the_limit(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """``search_over_limit`` lists all tools up to the limit and searches above it."""
    count = len((await _instance(hass, hub)).tools)
    await _search_mode(hass, hub, "search_over_limit", [hubs.BREW])
    limits = {const.CONF_MAX_TOOLS: count, const.CONF_RECORD_ARGUMENTS: False}
    await hubs.async_set_options(hass, hub, "limits", limits)
    at_limit = await _instance(hass, hub)
    assert len(at_limit.tools) == count
    assert at_limit.search_index is None

    await hubs.async_set_options(hass, hub, "limits", limits | {const.CONF_MAX_TOOLS: count - 1})
    above = await _instance(hass, hub)
    assert _names(above) == [*META, hubs.BREW]
    assert above.search_index is not None
    assert len(above.search_index) == count - 1


async def test_language_of_the_request(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """The index stems in the request's language; Home Assistant's for none or any (MCP)."""
    await _search_mode(hass, hub)
    hass.config.language = "de"
    languages = {}
    for language in ("en", "", "*"):
        context = replace(hubs.llm_context(), language=language)
        index = (await _instance(hass, hub, context)).search_index
        assert index is not None
        languages[language] = index.language
    assert languages == {"en": "en", "": "de", "*": "de"}


async def test_tool_search_section_a_query_in_another_language_finds_little(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """docs/tool-search.md, top: search reads the request's language (over MCP, Home
    Assistant's); on an English server a German request does not find Turn on, an English one
    does, and the prompt asks for keywords in English and in the user's language."""
    await async_setup_lights(hass, kitchen="Kitchen light")
    await _search_mode(hass, hub)
    assert hass.config.language == "en"
    found: dict[tuple[str, str], list[str]] = {}
    for language in ("*", "de"):
        instance = await _instance(hass, hub, replace(hubs.llm_context(), language=language))
        for query in ("Schalte das Licht ein", "turn on the light"):
            answer = await _call(hass, instance, meta_tools.SEARCH_TOOLS, {"query": query})
            found[language, query] = [tool["name"] for tool in answer["tools"]]

    assert "intent__HassTurnOn" not in found["*", "Schalte das Licht ein"]
    assert "intent__HassTurnOn" in found["*", "turn on the light"]
    # In a German conversation Home Assistant's German sentences find it.
    assert "intent__HassTurnOn" in found["de", "Schalte das Licht ein"]
    # The prompt tells the model to search in both.
    assert "in English and in the user's language" in instance.api_prompt


# --- Calls -------------------------------------------------------------------------------------


async def test_search_and_call(
    hass: HomeAssistant, hub: MockConfigEntry, calls: list[hubs.Call], hass_admin_user: MockUser
) -> None:
    """The model finds a tool, then calls it through ``call_tool``, recorded once."""
    await _search_mode(hass, hub)
    instance = await _instance(hass, hub, hubs.llm_context(hass_admin_user.id))

    found = await _call(
        hass, instance, meta_tools.SEARCH_TOOLS, {"query": "brew coffee", "limit": 2}
    )
    assert found["tools"][0]["name"] == hubs.BREW
    # The description the hub lists (the tool's own here) is shown, and searched.
    assert found["tools"][0]["description"] == "Brews cups of coffee."
    by_description = await _call(hass, instance, meta_tools.SEARCH_TOOLS, {"query": "cups"})
    assert by_description["tools"][0]["name"] == hubs.BREW
    assert found["tools"][0]["parameters"]["properties"]["size"] == {
        "type": "string",
        "enum": ["small", "large"],
    }
    result = await _call(
        hass,
        instance,
        meta_tools.CALL_TOOL,
        {"name": hubs.BREW, "arguments": {"size": "large", "cups": "2"}},
    )
    # The model's own values, as through call_tool's target listed directly ("2" stays text).
    assert result == {"brewed": "2", "size": "large", "user_id": hass_admin_user.id}
    assert calls == [(hubs.BREW, {"size": "large", "cups": "2"}, hass_admin_user.id)]
    counters = hub.runtime_data.api.audit.counters
    assert (counters.calls, counters.errors) == (1, 0)

    # A failing tool answers as it does when called directly.
    failed = await _call(hass, instance, meta_tools.CALL_TOOL, {"name": hubs.GRIND})
    assert failed == {"error": "HomeAssistantError", "error_text": "The grinder is out of beans"}


async def test_call_tool_refuses_hidden_and_unknown_tools(
    hass: HomeAssistant, hub: MockConfigEntry, calls: list[hubs.Call]
) -> None:
    """A tool the hub leaves out says why; an unknown name gets the closest and a search."""
    await hubs.async_set_options(hass, hub, "safety", SAFETY | {"no_destructive": True})
    await _search_mode(hass, hub)
    instance = await _instance(hass, hub)

    hidden = await _call(hass, instance, meta_tools.CALL_TOOL, {"name": hubs.GRIND})
    assert hidden == {
        "error": "ToolNotAvailable",
        "error_text": f"Tool {hubs.GRIND} is not available to you: the hub leaves it out "
        "(destructive (policy: no destructive tools)). Do not call it again; tell the user "
        "if it was needed.",
    }
    unknown = await _call(hass, instance, meta_tools.CALL_TOOL, {"name": "brew_tea"})
    assert unknown["error"] == "UnknownTool"
    assert unknown["error_text"].startswith(
        f"There is no tool named brew_tea. Closest names: {hubs.BREW}"
    )
    assert unknown["error_text"].endswith(
        f"Call {meta_tools.SEARCH_TOOLS} to find the tool and use the name it returns."
    )
    assert calls == []


@pytest.fixture
async def approvals_ready(hass: HomeAssistant) -> None:
    """Set up what approving needs before the MCP Server's HTTP client freezes the routes."""
    assert await async_setup_component(hass, "persistent_notification", {})
    assert await async_setup_component(hass, "websocket_api", {})


async def test_confirmation_through_call_tool_over_mcp(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    hub: MockConfigEntry,
    approvals_ready: None,
    hub_url: str,
    hass_access_token: str,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    calls: list[hubs.Call],
) -> None:
    """Over MCP: search, call, wait for approval, approve, call again through ``call_tool``."""
    await _confirm_brew(hass, hub)
    await _search_mode(hass, hub)
    client = await hass_ws_client(hass)

    async with mcp_session(hub_url, hass_access_token) as session:
        listed = {tool.name: tool for tool in (await session.list_tools()).tools}
        found = await session.call_tool(meta_tools.SEARCH_TOOLS, {"query": "coffee"})
        first = await session.call_tool(
            meta_tools.CALL_TOOL, {"name": hubs.BREW, "arguments": {"size": "small"}}
        )
        data = json.loads(_text(first))
        approval_id = data[TOKEN]
        await client.send_json_auto_id(
            {"type": "llm_hub/approvals/approve", "approval_id": approval_id}
        )
        approved = await client.receive_json()
        second = await session.call_tool(
            meta_tools.CALL_TOOL,
            {"name": hubs.BREW, "arguments": {"size": "small", TOKEN: approval_id}},
        )
        again = await session.call_tool(
            meta_tools.CALL_TOOL,
            {"name": hubs.BREW, "arguments": {"size": "small", TOKEN: approval_id}},
        )

    assert list(listed) == META
    assert listed[meta_tools.CALL_TOOL].inputSchema["required"] == ["name"]
    assert json.loads(_text(found))["tools"][0]["name"] == hubs.BREW
    assert not first.isError
    assert data["status"] == "approval_required"
    assert data["message"].endswith(
        f" Call it through {meta_tools.CALL_TOOL}: name {hubs.BREW!r} and the same arguments plus "
        f'"{TOKEN}": "{approval_id}".'
    )
    assert approved["success"], approved
    assert not second.isError
    assert json.loads(_text(second))["brewed"] == 1
    assert calls == [(hubs.BREW, {"size": "small", "cups": 1}, hass_admin_user.id)]
    assert again.isError
    assert json.loads(_text(again))["error"] == "ApprovalRefused"


# --- Names, agents and what is shown ---------------------------------------------------------


async def test_a_tool_named_like_a_meta_tool(
    hass: HomeAssistant, hub: MockConfigEntry, caplog: pytest.LogCaptureFixture
) -> None:
    """Listed in all mode; refused in search mode, with why, so the meta-tool is the one."""
    clash = hubs.RecordingTool(meta_tools.SEARCH_TOOLS, integration="clash")
    hubs.add_llm_platform(hass, "clash", hubs.Contribution([clash], only_hubs=True), built_in=True)
    assert meta_tools.SEARCH_TOOLS in _names(await _instance(hass, hub))

    await _search_mode(hass, hub, pinned=[meta_tools.SEARCH_TOOLS])
    instance = await _instance(hass, hub)
    assert _names(instance) == META
    assert isinstance(instance.tools[0], meta_tools.SearchToolsTool)
    item = next(item for item in instance.candidates if item.name == meta_tools.SEARCH_TOOLS)
    assert item.hidden == meta_tools.HIDDEN_META_NAME
    assert (
        f"LLM Hub Kitchen leaves out the tool {meta_tools.SEARCH_TOOLS}: "
        f"{meta_tools.HIDDEN_META_NAME}" in caplog.text
    )
    assert await _call(hass, instance, meta_tools.CALL_TOOL, {"name": meta_tools.SEARCH_TOOLS}) == {
        "error": "InvalidArguments",
        "error_text": (
            f"Call {meta_tools.SEARCH_TOOLS} directly, not through {meta_tools.CALL_TOOL}."
        ),
    }
    assert clash.calls == []


async def test_every_agent_takes_the_meta_tools(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """Every agent's ``_format_tool`` and MCP Server convert what search mode lists."""
    await _search_mode(hass, hub, pinned=[hubs.BREW])
    instance = await _instance(hass, hub)
    clean = {item.name: item.json_schema for item in instance.candidates}
    assert _names(instance) == [*META, hubs.BREW]
    for tool in instance.tools:
        schema = clean.get(tool.name) or probatio.to_openapi(
            tool.parameters, custom_serializer=instance.custom_serializer
        )
        _check_tool(tool, instance.custom_serializer, schema)


async def test_describe_and_list_show_the_mode(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """Describe and the panel's list of APIs show the mode and the index's size."""
    await _search_mode(hass, hub, pinned=[hubs.GRIND])
    instance = await _instance(hass, hub)
    assert instance.search_index is not None
    expected = {
        "mode": "search",
        "active": True,
        "pinned": [hubs.GRIND],
        "indexed": len(instance.search_index),
        "terms": instance.search_index.terms,
        "listed": 4,
        "reachable": len(instance.search_index) + 1,
        "meta_tools": META,
        "meaning": None,
    }
    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hubs.hub_id(hub)})
    described = (await client.receive_json())["result"]
    assert described["search"] == expected
    listed = {tool["name"]: tool for tool in described["tools"]}
    assert listed[meta_tools.CALL_TOOL]["source"]["integration"] == "llm_hub"
    assert listed[hubs.BREW]["hidden"] is None
    assert described["size"]["tools"] == 4

    await client.send_json_auto_id({"type": "llm_hub/apis/list"})
    rows = {row["id"]: row for row in (await client.receive_json())["result"]["apis"]}
    assert rows[hubs.hub_id(hub)]["search"] == expected
    assert rows["assist"]["search"] is None


async def test_hub_of_a_searching_hub(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """A hub that selects a hub in search mode lists that hub's tools, not its meta-tools."""
    await _search_mode(hass, hub)
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(hub)]})
    instance = await _instance(hass, outer)
    assert not set(META) & set(_names(instance))
    assert hubs.BREW in _names(instance)
    assert meta_tools.SEARCH_PROMPT not in instance.api_prompt
    result = await _call(hass, instance, hubs.BREW, {"size": "small"})
    assert result["brewed"] == 1


async def test_confirmation_setting_keeps_search(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """Saving another step keeps the tool mode (each step saves its part)."""
    await _search_mode(hass, hub, pinned=[hubs.GRIND])
    options = await hubs.async_set_options(
        hass, hub, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: [hubs.BREW]}
    )
    assert options[const.CONF_TOOL_MODE] == "search"
    assert options[const.CONF_PINNED_TOOLS] == [hubs.GRIND]


async def test_search_prompt_of_a_hub_without_its_own(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """A hub without instructions or contributors' prompts gets the search prompt alone."""
    await _search_mode(hass, setup_integration)
    instance = await _instance(hass, setup_integration)
    searching = f"{meta_tools.SEARCH_PROMPT} {meta_tools.READ_ONLY_PROMPT}"
    assert len(instance.prompt_parts) == 1  # Assist's: the hub has no part of its own
    assert instance.api_prompt.startswith(f"{searching}\n\nFollow these instructions")


# --- Found tools called by name; stale meta-tools; tools the hub leaves out --------------------

METER = "meter__read"
"""A read-only contributed tool."""


@pytest.fixture
def meter(hass: HomeAssistant) -> hubs.RecordingTool:
    """Contribute a read-only tool to hubs."""
    tool = hubs.RecordingTool(
        METER,
        integration="meter",
        description="Reads the water meter.",
        annotations=llm.ToolAnnotations(
            read_only=True, destructive=False, idempotent=True, open_world=False
        ),
    )
    hubs.add_llm_platform(hass, "meter", hubs.Contribution([tool], only_hubs=True), built_in=True)
    return tool


def _outcomes(entry: MockConfigEntry) -> list[tuple[str, str]]:
    """Return (tool name, outcome) of each call the hub recorded, oldest first."""
    return [
        (call.data["tool_name"], call.data["outcome"])
        for call in entry.runtime_data.api.audit.recent
    ]


async def test_found_tool_called_by_name(
    hass: HomeAssistant, hub: MockConfigEntry, calls: list[hubs.Call], hass_admin_user: MockUser
) -> None:
    """A tool behind search called directly runs through its own pipeline, recorded once."""
    await _search_mode(hass, hub)
    instance = await _instance(hass, hub, hubs.llm_context(hass_admin_user.id))
    assert hubs.BREW not in _names(instance)

    ran = await _call(hass, instance, hubs.BREW, {"size": "small"})
    assert ran == {"brewed": 1, "size": "small", "user_id": hass_admin_user.id}
    failed = await _call(hass, instance, hubs.GRIND, {})
    assert failed["error"] == "HomeAssistantError"
    unknown = await _call(hass, instance, "brew_tea", {})
    assert unknown["error"] == "UnknownTool"
    assert _outcomes(hub) == [(hubs.BREW, "ok"), (hubs.GRIND, "error")]

    # Its confirmation holds by name too.
    await _confirm_brew(hass, hub)
    instance = await _instance(hass, hub, hubs.llm_context(hass_admin_user.id))
    asked = await _call(hass, instance, hubs.BREW, {"size": "large"})
    assert asked["status"] == "approval_required"
    assert calls == [
        (hubs.BREW, {"size": "small", "cups": 1}, hass_admin_user.id),
        (hubs.GRIND, {}, hass_admin_user.id),
    ]
    assert _outcomes(hub) == [(hubs.BREW, "needs_confirmation")]  # the reload started a new trail


@pytest.mark.parametrize("mode", ["all", "search"])
async def test_left_out_tool_called_by_name_is_refused(
    hass: HomeAssistant, hub: MockConfigEntry, calls: list[hubs.Call], mode: str
) -> None:
    """A tool the hub leaves out, called by its name in either mode, is refused and recorded."""
    await hubs.async_set_options(hass, hub, "safety", SAFETY | {"no_destructive": True})
    await _search_mode(hass, hub, mode)
    instance = await _instance(hass, hub)
    assert hubs.GRIND not in _names(instance)

    refused = await _call(hass, instance, hubs.GRIND, {})
    assert refused == {
        "error": "ToolNotAvailable",
        "error_text": f"Tool {hubs.GRIND} is not available to you: the hub leaves it out "
        "(destructive (policy: no destructive tools)). Do not call it again; tell the user "
        "if it was needed.",
    }
    if mode == "all":
        with pytest.raises(HomeAssistantError, match='Tool "brew_tea" not found'):
            await _call(hass, instance, "brew_tea", {})
    else:
        assert (await _call(hass, instance, "brew_tea", {}))["error"] == "UnknownTool"
    assert calls == []
    assert _outcomes(hub) == [(hubs.GRIND, "refused")]
    assert hub.runtime_data.api.audit.counters.refused == 1


async def test_stale_meta_tools(
    hass: HomeAssistant, hub: MockConfigEntry, calls: list[hubs.Call], meter: hubs.RecordingTool
) -> None:
    """Meta-tools called after the hub went back to all tools: an answer or the listed tool."""
    await _search_mode(hass, hub, "all")
    instance = await _instance(hass, hub)

    assert await _call(hass, instance, meta_tools.SEARCH_TOOLS, {"query": "coffee"}) == {
        "error": "SearchOff",
        "error_text": "Tool search is off: every tool is listed to you now. Call the listed "
        "tool that fits by its name.",
    }
    ran = await _call(
        hass, instance, meta_tools.CALL_TOOL, {"name": hubs.BREW, "arguments": {"size": "small"}}
    )
    assert ran["brewed"] == 1
    read = await _call(hass, instance, meta_tools.CALL_READ_ONLY_TOOL, {"name": METER})
    assert read["tool"] == METER
    not_read_only = await _call(hass, instance, meta_tools.CALL_READ_ONLY_TOOL, {"name": hubs.BREW})
    assert not_read_only["error"] == "NotReadOnly"
    gone = await _call(hass, instance, meta_tools.CALL_TOOL, {"name": "brew_tea"})
    assert gone == {
        "error": "UnknownTool",
        "error_text": "There is no tool named brew_tea. Call one of the listed tools by its name.",
    }
    assert calls == [(hubs.BREW, {"size": "small", "cups": 1}, None)]
    assert _outcomes(hub) == [(hubs.BREW, "ok"), (METER, "ok"), (hubs.BREW, "refused")]


async def test_setting_it_up_mcp_clients_are_not_told_the_mode_changed(
    hass: HomeAssistant, hub: MockConfigEntry, hub_url: str, hass_access_token: str
) -> None:
    """docs/tool-search.md, Setting it up: MCP Server cannot tell a client the list changed.

    It announces no ``tools.listChanged`` and sends no ``notifications/tools/list_changed``:
    a client keeps the list it got until it lists the tools again.
    """
    await _search_mode(hass, hub)
    received: list[Any] = []
    async with mcp_session(hub_url, hass_access_token, received) as session:
        capabilities = session.get_server_capabilities()
        held = [tool.name for tool in (await session.list_tools()).tools]
        await _search_mode(hass, hub, "all")
        answer = json.loads(_text(await session.call_tool(meta_tools.SEARCH_TOOLS, {"query": "x"})))
        listed = [tool.name for tool in (await session.list_tools()).tools]

    assert capabilities is not None
    assert capabilities.tools is not None
    assert not capabilities.tools.listChanged
    assert received == []
    assert held[:2] == [meta_tools.SEARCH_TOOLS, meta_tools.CALL_TOOL]
    # The old list's meta-tool still answers, saying what to do; listing again gives them all.
    assert answer["error"] == "SearchOff"
    assert hubs.BREW in listed
    assert meta_tools.SEARCH_TOOLS not in listed


# --- Annotations and the read-only path ------------------------------------------------------


async def test_meta_tool_annotations(
    hass: HomeAssistant, hub: MockConfigEntry, meter: hubs.RecordingTool
) -> None:
    """``search_tools`` and ``call_read_only_tool`` are read-only; ``call_tool`` is honest."""
    await _search_mode(hass, hub)
    instance = await _instance(hass, hub)
    tools = {tool.name: tool for tool in instance.tools}
    assert tools[meta_tools.SEARCH_TOOLS].annotations.read_only
    read_only = tools[meta_tools.CALL_READ_ONLY_TOOL].annotations
    assert (read_only.read_only, read_only.destructive) == (True, False)
    # GRIND declares nothing: taken to be destructive and open-world, so call_tool is.
    call_tool = tools[meta_tools.CALL_TOOL].annotations
    assert call_tool == llm.ToolAnnotations(
        read_only=False, destructive=True, idempotent=False, open_world=True
    )
    found = await _call(hass, instance, meta_tools.SEARCH_TOOLS, {"query": "water meter"})
    assert found["tools"][0]["name"] == METER
    assert found["tools"][0]["read_only"] is True
    brew = await _call(hass, instance, meta_tools.SEARCH_TOOLS, {"query": "brew coffee"})
    assert "read_only" not in brew["tools"][0]


async def test_read_only_client(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    calls: list[hubs.Call],
    meter: hubs.RecordingTool,
) -> None:
    """With only the read-only tools kept (2026.11's MCP option), writes never run.

    MCP Server's read-only option sets ``tools`` to the tools annotated read-only, which
    also blocks calls to the others; by name, through ``call_tool`` or
    ``call_read_only_tool``, no write runs.
    """
    await _search_mode(hass, hub)
    instance = await _instance(hass, hub)
    instance.tools = [tool for tool in instance.tools if tool.annotations.read_only]
    assert _names(instance) == [meta_tools.SEARCH_TOOLS, meta_tools.CALL_READ_ONLY_TOOL]

    found = await _call(hass, instance, meta_tools.SEARCH_TOOLS, {"query": "meter"})
    assert found["tools"][0]["name"] == METER
    read = await _call(hass, instance, meta_tools.CALL_READ_ONLY_TOOL, {"name": METER})
    assert read["tool"] == METER
    by_name = await _call(hass, instance, METER, {})
    assert by_name["tool"] == METER
    for name, args in (
        (meta_tools.CALL_READ_ONLY_TOOL, {"name": hubs.BREW, "arguments": {"size": "small"}}),
        (meta_tools.CALL_TOOL, {"name": hubs.BREW, "arguments": {"size": "small"}}),
        (hubs.BREW, {"size": "small"}),
    ):
        refused = await _call(hass, instance, name, args)
        assert refused["error"] == "NotReadOnly", name
        assert refused["error_text"].startswith(f"Tool {hubs.BREW} is not read-only, so ")
    assert calls == []
    assert _outcomes(hub) == [(METER, "ok"), (METER, "ok"), *[(hubs.BREW, "refused")] * 3]


async def test_annotations_over_mcp(  # fixtures
    hass: HomeAssistant,
    hub: MockConfigEntry,
    meter: hubs.RecordingTool,
    hub_url: str,
    hass_access_token: str,
) -> None:
    """An MCP client sees the meta-tools first, with the annotations told truly."""
    await _search_mode(hass, hub)
    async with mcp_session(hub_url, hass_access_token) as session:
        listed = (await session.list_tools()).tools
    hints = {tool.name: tool.annotations for tool in listed}
    assert [tool.name for tool in listed] == META
    assert all(hint is not None for hint in hints.values())
    assert hints[meta_tools.SEARCH_TOOLS].readOnlyHint is True  # type: ignore[union-attr]
    assert hints[meta_tools.CALL_READ_ONLY_TOOL].readOnlyHint is True  # type: ignore[union-attr]
    assert hints[meta_tools.CALL_TOOL].readOnlyHint is False  # type: ignore[union-attr]
    assert hints[meta_tools.CALL_TOOL].destructiveHint is True  # type: ignore[union-attr]


# --- Policy through nesting ------------------------------------------------------------------

WINE = "cellar__pour"
CORK = "cellar__cork"


@pytest.mark.parametrize("inner_mode", ["all", "search"])
@pytest.mark.parametrize("outer_mode", ["all", "search"])
async def test_outer_policy_holds_through_a_searching_hub(
    hass: HomeAssistant, hub: MockConfigEntry, inner_mode: str, outer_mode: str
) -> None:
    """An outer hub's exclusion and confirmation hold in every pair of modes, the same way."""
    log: list[hubs.Call] = []
    year = probatio.Schema({probatio.Required("year"): int})
    cellar: list[llm.Tool] = [
        hubs.RecordingTool(WINE, integration="cellar", parameters=year, log=log),
        hubs.RecordingTool(CORK, integration="cellar", log=log),
    ]
    hubs.add_llm_platform(
        hass, "cellar", hubs.Contribution(cellar, only_for=hubs.hub_id(hub)), built_in=True
    )
    await _search_mode(hass, hub, inner_mode)
    outer = await hubs.async_add_hub(
        hass,
        "Outer",
        {
            CONF_LLM_HASS_API: [hubs.hub_id(hub)],
            const.CONF_TOOL_MODE: outer_mode,
            const.CONF_CONFIRM_TOOLS: [WINE],
            const.CONF_EXCLUDED_TOOLS: [CORK],
        },
    )
    instance = await _instance(hass, outer)
    assert (WINE in _names(instance)) is (outer_mode == "all")
    assert CORK not in _names(instance)

    async def through_outer(name: str, args: dict[str, Any]) -> Any:
        if outer_mode == "search":
            return await _call(
                hass, instance, meta_tools.CALL_TOOL, {"name": name, "arguments": args}
            )
        return await _call(hass, instance, name, args)

    asked = await through_outer(WINE, {"year": 2020})
    corked = await through_outer(CORK, {})
    assert asked["status"] == "approval_required"
    assert corked["error"] == "ToolNotAvailable"
    assert "unchecked" in corked["error_text"]
    assert log == []
    # Asked and refused by the outer hub; the inner hub never saw a call.
    assert _outcomes(outer) == [(WINE, "needs_confirmation"), (CORK, "refused")]
    assert _outcomes(hub) == []
    if outer_mode == "search":
        found = await _call(hass, instance, meta_tools.SEARCH_TOOLS, {"query": "cellar pour"})
        wine = next(tool for tool in found["tools"] if tool["name"] == WINE)
        # What a call may carry: the outer hub's confirmation token too.
        assert set(wine["parameters"]["properties"]) == {"year", TOKEN}
        assert CORK not in [tool["name"] for tool in found["tools"]]
