"""A hub used by a conversation agent: its tools and prompt in the chat log, its tool calls.

The agent is a test conversation entity of a test integration that, like the agents of
language model integrations, hands the LLM API picked in its options to
``chat_log.async_provide_llm_data`` and lets the chat log run the model's tool calls.
"""

from __future__ import annotations

from typing import Any, cast

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
)
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from homeassistant.components import conversation
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import Unauthorized
from homeassistant.helpers import intent, llm

from .helpers import hubs
from .helpers.agent import (
    AGENT_DOMAIN,
    AgentSetup,
    _async_converse,
)
from .helpers.flows import async_add_tool

CRASH = f"{hubs.TOOLS_DOMAIN}__crash"


@pytest.fixture
def contributed_tools(contributed_tools: list[llm.Tool], calls: list[hubs.Call]) -> list[llm.Tool]:
    """Return the tools ``hub_tools`` contributes to hubs, here with one that has a bug."""
    crash = hubs.RecordingTool(
        CRASH,
        integration=hubs.TOOLS_DOMAIN,
        description="Crashes.",
        raises=ZeroDivisionError("division by zero"),
        log=calls,
    )
    return [*contributed_tools, crash]


async def test_chat_log_gets_hub_tools_and_prompt(
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    contribution: hubs.Contribution,
) -> None:
    """The agent's chat log gets the hub's API: its tools and its instructions."""
    agent = await setup_agent(hubs.hub_id(hub))

    result = await _async_converse(agent, hass_admin_user)

    assert result.response.speech["plain"]["speech"] == "Done."
    chat_log = agent.chat_log
    assert chat_log is not None
    assert chat_log.llm_api is not None
    assert chat_log.llm_api.api is hub.runtime_data.api
    names = [tool.name for tool in chat_log.llm_api.tools]
    assert len(names) == len(set(names))
    assert {hubs.BREW, hubs.GRIND, CRASH} <= set(names)
    # The hub holds the picked Assist API's tools, under their own names.
    assist = await llm.async_get_api(hass, "assist", hubs.llm_context(hass_admin_user.id))
    assert {"homeassistant__GetLiveContext", "llm__GetDateTime"} <= {
        tool.name for tool in assist.tools
    }
    assert set(names) == {tool.name for tool in assist.tools} | {hubs.BREW, hubs.GRIND, CRASH}

    # The prompt: the hub's instructions, the contributors' prompt, then Assist's.
    assert chat_log.llm_api.api_prompt == (
        f"{hubs.INSTRUCTIONS}\n\n{hubs.CONTRIBUTOR_PROMPT}\n\n"
        f'Follow these instructions for tools from "Assist":\n{assist.api_prompt.strip()}'
    )
    system = chat_log.content[0]
    assert isinstance(system, conversation.SystemContent)
    assert chat_log.llm_api.api_prompt in system.content

    # The contributor was asked for the hub's id, with the request's context.
    assert (hubs.hub_id(hub), AGENT_DOMAIN, hass_admin_user.id) in contribution.requests


async def test_chat_log_runs_hub_tools(
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The chat log runs tool calls through the hub; failures become error results."""
    agent = await setup_agent(hubs.hub_id(hub))
    agent.tool_calls = [
        llm.ToolInput(tool_name=hubs.BREW, tool_args={"size": "large", "cups": "2"}, id="ok"),
        llm.ToolInput(tool_name=hubs.BREW, tool_args={"cups": 2}, id="missing"),
        llm.ToolInput(tool_name=hubs.BREW, tool_args={"size": "huge"}, id="option"),
        llm.ToolInput(tool_name=hubs.GRIND, tool_args={}, id="grind"),
        llm.ToolInput(tool_name=CRASH, tool_args={}, id="crash"),
        llm.ToolInput(tool_name="llm__GetDateTime", tool_args={}, id="assist"),
    ]

    result = await _async_converse(agent, hass_admin_user)

    assert result.response.response_type is intent.IntentResponseType.ACTION_DONE
    assert result.response.speech["plain"]["speech"] == "Done."
    results = {content.tool_call_id: content for content in agent.tool_results}
    assert list(results) == ["ok", "missing", "option", "grind", "crash", "assist"]
    assert [content.tool_name for content in agent.tool_results] == [
        hubs.BREW,
        hubs.BREW,
        hubs.BREW,
        hubs.GRIND,
        CRASH,
        "llm__GetDateTime",
    ]
    assert agent.chat_log is not None
    assert agent.chat_log.content[-len(results) - 1 : -1] == agent.tool_results

    # Valid arguments, as the model gave them ("2" stays text: arguments.tool_arguments).
    assert results["ok"].result == llm.ToolResult(
        data={"brewed": "2", "size": "large", "user_id": hass_admin_user.id}
    )

    # Invalid arguments: an error result that names the problem; the tool did not run.
    assert results["missing"].result == llm.ToolResult(
        data={
            "error": "InvalidArguments",
            "error_text": f"Invalid arguments for tool {hubs.BREW}: required key not provided at "
            "'size'. Call it again with arguments that match its parameters.",
        },
        error=True,
    )
    assert results["option"].result == llm.ToolResult(
        data={
            "error": "InvalidArguments",
            "error_text": f"Invalid arguments for tool {hubs.BREW}: value must be one of "
            "['large', 'small'] at 'size'. Call it again with arguments that match its "
            "parameters.",
        },
        error=True,
    )
    assert [call for call in calls if call[0] == hubs.BREW] == [
        (hubs.BREW, {"size": "large", "cups": "2"}, hass_admin_user.id)
    ]

    assert results["grind"].result == llm.ToolResult(
        data={"error": "HomeAssistantError", "error_text": "The grinder is out of beans"},
        error=True,
    )
    # An unexpected exception does not break the conversation: error result, logged.
    assert results["crash"].result == llm.ToolResult(
        data={
            "error": "ZeroDivisionError",
            "error_text": f"Tool {CRASH} failed unexpectedly: "
            "ZeroDivisionError('division by zero')",
        },
        error=True,
    )
    [logged] = [record for record in caplog.records if record.exc_info]
    assert logged.levelname == "ERROR"
    assert logged.getMessage().startswith(f"Tool {CRASH} ")
    assert "raised an unexpected error" in logged.getMessage()
    assert logged.exc_info is not None
    assert isinstance(logged.exc_info[1], ZeroDivisionError)

    assert not results["assist"].result.error
    assert results["assist"].result.data.keys() == {"date", "time", "timezone", "weekday"}


async def test_websocket_lists_hub(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """``llm/api/list`` lists the hub with its id and name."""
    client = await hass_ws_client(hass)

    await client.send_json_auto_id({"type": "llm/api/list"})
    response = await client.receive_json()

    assert response["success"]
    apis = {api["id"]: api for api in response["result"]["apis"]}
    assert apis[hubs.hub_id(hub)]["name"] == "Kitchen"


async def test_admin_only_hub(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    admin_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
) -> None:
    """A hub that picks an admin-only API requires an admin; other hubs do not."""
    assert admin_hub.runtime_data.api.requires_admin is True
    assert hub.runtime_data.api.requires_admin is False

    with pytest.raises(Unauthorized):
        await llm.async_get_api(
            hass, hubs.hub_id(admin_hub), hubs.llm_context(hass_read_only_user.id)
        )

    instance = await llm.async_get_api(
        hass, hubs.hub_id(admin_hub), hubs.llm_context(hass_admin_user.id)
    )
    assert {tool.name for tool in instance.tools} >= {hubs.USERS, hubs.BREW}
    assert instance.api_prompt.endswith('tools from "Admin only":\nOnly for admins.')

    # The hub that does not pick it serves the non-admin, without the admin-only tool.
    instance = await llm.async_get_api(
        hass, hubs.hub_id(hub), hubs.llm_context(hass_read_only_user.id)
    )
    assert hubs.BREW in {tool.name for tool in instance.tools}
    assert hubs.USERS not in {tool.name for tool in instance.tools}


async def test_admin_only_hub_in_conversation(  # noqa: PLR0917  # fixtures
    setup_agent: AgentSetup,
    admin_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    calls: list[hubs.Call],
    contribution: hubs.Contribution,
) -> None:
    """An agent using an admin-only hub fails to prepare for a non-admin; an admin uses it."""
    agent = await setup_agent(hubs.hub_id(admin_hub))
    agent.tool_calls = [llm.ToolInput(tool_name=hubs.USERS, tool_args={}, id="users")]

    result = await _async_converse(agent, hass_read_only_user)

    assert result.response.response_type is intent.IntentResponseType.ERROR
    assert result.response.speech["plain"]["speech"] == "Error preparing LLM API"
    assert agent.tool_results == []
    assert calls == []
    # Refused before the contributors were asked for tools.
    assert contribution.requests == []

    result = await _async_converse(agent, hass_admin_user)

    assert result.response.response_type is intent.IntentResponseType.ACTION_DONE
    assert [content.result for content in agent.tool_results] == [llm.ToolResult(data={"users": 2})]
    assert calls == [(hubs.USERS, {}, hass_admin_user.id)]
    assert (hubs.hub_id(admin_hub), AGENT_DOMAIN, hass_admin_user.id) in contribution.requests


async def test_chat_log_runs_tools_made_in_the_ui(
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    """A conversation agent lists and runs a tool made in the hub's subentry flow."""
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Double",
            "description": "Doubles a number.",
            "template": "{{ {'double': number * 2} | tojson }}",
            "parameters": [{"name": "number", "type": "number", "required": True}],
        },
    )
    agent = await setup_agent(hubs.hub_id(hub))
    agent.tool_calls = [
        llm.ToolInput(tool_name="double", tool_args={"number": 21}, id="ok"),
        llm.ToolInput(tool_name="double", tool_args={}, id="missing"),
    ]

    await _async_converse(agent, hass_admin_user)

    assert agent.chat_log is not None
    assert agent.chat_log.llm_api is not None
    assert "double" in {tool.name for tool in agent.chat_log.llm_api.tools}
    results = {content.tool_call_id: content.result for content in agent.tool_results}
    assert results["ok"] == llm.ToolResult(data={"result": {"double": 42.0}})
    assert results["missing"].error
    assert results["missing"].data["error"] == "InvalidArguments"


async def test_found_tool_through_two_apis(
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """An agent that picks a hub in search mode and Assist: the answer names the way in.

    Home Assistant merges the two APIs (``MergedAPI``), which answers "not found" for a
    found tool called by its own name without asking the hub; ``search_tools`` says which
    of the agent's tools to call instead, and that call runs the tool.
    """
    await hubs.async_set_options(hass, hub, "search", {"tool_mode": "search", "pinned_tools": []})
    picked = [hubs.hub_id(hub), "assist"]
    agent = await setup_agent(picked)
    merged = await llm.async_get_api(hass, picked, hubs.llm_context(hass_admin_user.id))
    assert isinstance(merged.api, llm.MergedAPI)
    listed = [tool.name for tool in merged.tools]
    search = next(name for name in listed if name.endswith("search_tools"))
    call = next(name for name in listed if name.endswith("call_tool") and "read_only" not in name)
    agent.tool_calls = [llm.ToolInput(tool_name=search, tool_args={"query": "brew coffee"})]
    agent.follow_up = lambda _: [
        llm.ToolInput(tool_name=hubs.BREW, tool_args={"size": "large"}, id="by name"),
        llm.ToolInput(
            tool_name=call, tool_args={"name": hubs.BREW, "arguments": {"size": "large"}}, id="via"
        ),
    ]

    await _async_converse(agent, hass_admin_user)

    found, by_name, via = (cast("Any", content.result) for content in agent.tool_results)
    assert hubs.BREW in [tool["name"] for tool in found.data["tools"]]
    assert f"call it through {call} " in found.data["how_to_call"]
    assert by_name.error
    assert by_name.data["error_text"] == f'Tool "{hubs.BREW}" not found'
    assert not via.error
    assert calls == [(hubs.BREW, {"size": "large", "cups": 1}, hass_admin_user.id)]


async def test_one_api_needs_no_way_in(
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """An agent that picks the hub alone: a found tool called by its name runs, unexplained."""
    await hubs.async_set_options(hass, hub, "search", {"tool_mode": "search", "pinned_tools": []})
    agent = await setup_agent(hubs.hub_id(hub))
    agent.tool_calls = [llm.ToolInput(tool_name="search_tools", tool_args={"query": "brew"})]
    agent.follow_up = lambda _: [llm.ToolInput(tool_name=hubs.BREW, tool_args={"size": "small"})]

    await _async_converse(agent, hass_admin_user)

    found, ran = (cast("Any", content.result) for content in agent.tool_results)
    assert hubs.BREW in [tool["name"] for tool in found.data["tools"]]
    assert "how_to_call" not in found.data
    assert not ran.error
    assert calls == [(hubs.BREW, {"size": "small", "cups": 1}, hass_admin_user.id)]
