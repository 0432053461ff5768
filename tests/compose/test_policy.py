"""A hub's tool policy, set in the real options flow, seen by an MCP client and an agent.

Which tools a hub exposes (selection, new tools, annotation policy) and under which name and
description (overrides). A tool the policy leaves out is not listed and cannot be called by
name either.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.compose.builder import HubAPIInstance
from custom_components.llm_hub.compose.policy import HubPolicy
from custom_components.llm_hub.options import HubOptions
from custom_components.llm_hub.panel.inspector import describe_instance
from homeassistant.components.intent.timers import CancelAllTimersIntentHandler
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import intent, llm

from ..helpers import hubs
from ..helpers.agent import AgentSetup, _async_converse
from ..helpers.mcp import _text, mcp_session

SEARCH = f"{hubs.TOOLS_DOMAIN}__search"
UNLOCK = f"{hubs.TOOLS_DOMAIN}__unlock"
LIVE_CONTEXT = "homeassistant__GetLiveContext"
DATE_TIME = "llm__GetDateTime"
ALL_TOOLS = {hubs.BREW, hubs.GRIND, SEARCH, UNLOCK, DATE_TIME, LIVE_CONTEXT}
SAFETY_OFF = {
    const.CONF_READ_ONLY: False,
    const.CONF_NO_DESTRUCTIVE: False,
    const.CONF_NO_OPEN_WORLD: False,
    const.CONF_CONFIRM_DESTRUCTIVE: False,
    const.CONF_TIMEOUT: 60,
}


@pytest.fixture
def contributed_tools(contributed_tools: list[llm.Tool], calls: list[hubs.Call]) -> list[llm.Tool]:
    """Return the contributed tools, with one of each kind of annotations.

    brew: writes, not destructive, closed world. grind: declares nothing (worst case).
    search: read-only, open world (declares only read_only). unlock: destructive, closed.
    """
    search = hubs.RecordingTool(
        SEARCH,
        integration=hubs.TOOLS_DOMAIN,
        annotations=llm.ToolAnnotations(read_only=True),
        log=calls,
    )
    unlock = hubs.RecordingTool(
        UNLOCK,
        integration=hubs.TOOLS_DOMAIN,
        annotations=llm.ToolAnnotations(open_world=False),
        log=calls,
    )
    return [*contributed_tools, search, unlock]


async def _exposed(hass: HomeAssistant, entry: MockConfigEntry, user_id: str) -> set[str]:
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context(user_id))
    return {tool.name for tool in instance.tools}


SCENARIOS = [
    pytest.param(
        "tools",
        {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": sorted(ALL_TOOLS - {hubs.GRIND})},
        ALL_TOOLS - {hubs.GRIND},
        id="exclude",
    ),
    pytest.param(
        "tools",
        {const.CONF_INCLUDE_NEW_TOOLS: False, "tools": [hubs.BREW, LIVE_CONTEXT]},
        {hubs.BREW, LIVE_CONTEXT},
        id="include",
    ),
    pytest.param(
        "safety",
        SAFETY_OFF | {const.CONF_READ_ONLY: True},
        {SEARCH, DATE_TIME, LIVE_CONTEXT},
        id="read",
    ),
    pytest.param(
        "safety",
        SAFETY_OFF | {const.CONF_NO_DESTRUCTIVE: True},
        {hubs.BREW, SEARCH, DATE_TIME, LIVE_CONTEXT},
        id="no_destructive",
    ),
    pytest.param(
        "safety",
        SAFETY_OFF | {const.CONF_NO_OPEN_WORLD: True},
        {hubs.BREW, UNLOCK, DATE_TIME, LIVE_CONTEXT},
        id="no_open_world",
    ),
]


@pytest.mark.parametrize(("step", "user_input", "exposed"), SCENARIOS)
async def test_policy_through_mcp(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hub_url: str,
    hass_access_token: str,
    calls: list[hubs.Call],
    step: str,
    user_input: dict[str, Any],
    exposed: set[str],
) -> None:
    """An MCP client lists only the exposed tools; a left-out tool called is refused."""
    async with mcp_session(hub_url, hass_access_token) as session:
        assert {tool.name for tool in (await session.list_tools()).tools} >= ALL_TOOLS

    await hubs.async_set_options(hass, hub, step, user_input)

    async with mcp_session(hub_url, hass_access_token) as session:
        # Only our test tools: Assist's intent tools vary with Home Assistant's version.
        listed = {tool.name for tool in (await session.list_tools()).tools} & ALL_TOOLS
        results = {name: await session.call_tool(name, {}) for name in sorted(ALL_TOOLS - listed)}
    assert listed == exposed
    for name, result in results.items():
        assert result.isError
        refused = json.loads(_text(result))
        assert refused["error"] == "ToolNotAvailable"
        assert refused["error_text"].startswith(f"Tool {name} is not available to you: ")
    assert calls == []


async def test_tools_section_a_left_out_tool_is_refused_with_why(
    hass: HomeAssistant, hub: MockConfigEntry, hub_url: str, hass_access_token: str
) -> None:
    """docs/options.md, "Tools": an MCP client that calls a tool unchecked in the hub's
    options gets the refusal the doc quotes, and the audit trail records it."""
    await hubs.async_set_options(
        hass,
        hub,
        "tools",
        {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": sorted(ALL_TOOLS - {hubs.GRIND})},
    )

    async with mcp_session(hub_url, hass_access_token) as session:
        result = await session.call_tool(hubs.GRIND, {})

    assert result.isError
    assert json.loads(_text(result)) == {
        "error": "ToolNotAvailable",
        "error_text": f"Tool {hubs.GRIND} is not available to you: the hub leaves it out "
        "(unchecked in the hub's options). Do not call it again; tell the user if it was "
        "needed.",
    }
    assert hub.runtime_data.api.audit.counters.refused == 1


async def test_debug_logging_section_tools_the_options_leave_out_are_not_logged(
    hass: HomeAssistant, hub: MockConfigEntry, caplog: pytest.LogCaptureFixture
) -> None:
    """docs/troubleshooting.md, "Debug logging": a tool unchecked in Tools, or left out by a
    Safety option, is not logged; the inspector shows each with its reason."""
    await hubs.async_set_options(
        hass,
        hub,
        "tools",
        {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": sorted(ALL_TOOLS - {hubs.GRIND})},
    )
    await hubs.async_set_options(hass, hub, "safety", SAFETY_OFF | {const.CONF_READ_ONLY: True})
    caplog.set_level(logging.DEBUG, "custom_components.llm_hub")

    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context())
    hidden = {tool["name"]: tool["hidden"] for tool in describe_instance(instance)["tools"]}

    assert hidden[hubs.GRIND] == "unchecked in the hub's options"
    assert hidden[hubs.BREW] == "not read-only (policy: read-only tools only)"
    assert "leaves out" not in caplog.text


@pytest.mark.parametrize(("step", "user_input", "exposed"), SCENARIOS)
async def test_policy_in_conversation(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
    step: str,
    user_input: dict[str, Any],
    exposed: set[str],
) -> None:
    """An agent's chat log gets only the exposed tools; calling a left-out one is refused."""
    agent = await setup_agent(hubs.hub_id(hub))
    await hubs.async_set_options(hass, hub, step, user_input)
    hidden = sorted(ALL_TOOLS - exposed)
    agent.tool_calls = [llm.ToolInput(tool_name=name, tool_args={}, id=name) for name in hidden]

    await _async_converse(agent, hass_admin_user)

    assert agent.chat_log is not None
    assert agent.chat_log.llm_api is not None
    assert {tool.name for tool in agent.chat_log.llm_api.tools} & ALL_TOOLS == exposed
    results = [content.result for content in agent.tool_results]
    refused = [(result.error, result.data["error"]) for result in results]
    assert refused == [(True, "ToolNotAvailable")] * len(hidden)
    assert hub.runtime_data.api.audit.counters.refused == len(hidden)
    assert calls == []


async def test_alias_and_description_through_mcp_and_conversation(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hub_url: str,
    setup_agent: AgentSetup,
    hass_access_token: str,
    hass_admin_user: MockUser,
) -> None:
    """A tool with an alias is listed and called by the alias, with the new description; a
    call by its key (what a contributor's prompt still names) reaches it too."""
    result = await hass.config_entries.options.async_init(hub.entry_id)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "overrides"}
    )
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"tool": hubs.BREW}
    )
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"name": "coffee", "description": "Makes coffee for the user."}
    )
    await hass.config_entries.options.async_configure(result["flow_id"], {"next_step_id": "save"})
    await hass.async_block_till_done()

    async with mcp_session(hub_url, hass_access_token) as session:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        by_alias = await session.call_tool("coffee", {"size": "small"})
        by_key = await session.call_tool(hubs.BREW, {"size": "small"})
    assert tools.keys() & ALL_TOOLS | {"coffee"} == ALL_TOOLS - {hubs.BREW} | {"coffee"}
    assert tools["coffee"].description == "Makes coffee for the user."
    assert tools["coffee"].title == "Brew coffee"
    assert json.loads(_text(by_alias))["brewed"] == 1
    assert not by_key.isError
    assert json.loads(_text(by_key))["brewed"] == 1
    assert hubs.BREW not in tools

    agent = await setup_agent(hubs.hub_id(hub))
    agent.tool_calls = [
        llm.ToolInput(tool_name="coffee", tool_args={"size": "large"}, id="c"),
        llm.ToolInput(tool_name=hubs.BREW, tool_args={"size": "small", "cups": 2}, id="k"),
    ]
    await _async_converse(agent, hass_admin_user)
    assert agent.chat_log is not None
    assert agent.chat_log.llm_api is not None
    coffee = next(tool for tool in agent.chat_log.llm_api.tools if tool.name == "coffee")
    assert coffee.description == "Makes coffee for the user."
    assert [result.result.data["brewed"] for result in agent.tool_results] == [1, 2]


async def test_new_tools_follow_the_default(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    contribution: hubs.Contribution,
    hass_admin_user: MockUser,
) -> None:
    """A tool that appears after the choice is exposed only when new tools are included."""
    await hubs.async_set_options(
        hass, hub, "tools", {const.CONF_INCLUDE_NEW_TOOLS: False, "tools": [hubs.BREW, hubs.GRIND]}
    )
    assert contribution.tools is not None
    contribution.tools.append(
        hubs.RecordingTool(f"{hubs.TOOLS_DOMAIN}__new", integration=hubs.TOOLS_DOMAIN)
    )

    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context(hass_admin_user.id))

    assert {tool.name for tool in instance.tools} == {hubs.BREW, hubs.GRIND}
    assert isinstance(instance, HubAPIInstance)
    hidden = {item.key: item.hidden for item in instance.candidates}
    assert hidden[f"{hubs.TOOLS_DOMAIN}__new"] == (
        "a new tool, and the hub's options leave out new tools"
    )
    assert hidden[SEARCH] == "unchecked in the hub's options"

    await hubs.async_set_options(
        hass, hub, "tools", {const.CONF_INCLUDE_NEW_TOOLS: True, "tools": [hubs.BREW, hubs.GRIND]}
    )
    assert hub.options[const.CONF_EXCLUDED_TOOLS] == sorted(
        ALL_TOOLS - {hubs.BREW, hubs.GRIND} | {f"{hubs.TOOLS_DOMAIN}__new"}
    )
    assert await _exposed(hass, hub, hass_admin_user.id) == {hubs.BREW, hubs.GRIND}
    contribution.tools.append(
        hubs.RecordingTool(f"{hubs.TOOLS_DOMAIN}__newer", integration=hubs.TOOLS_DOMAIN)
    )
    assert await _exposed(hass, hub, hass_admin_user.id) == {
        hubs.BREW,
        hubs.GRIND,
        f"{hubs.TOOLS_DOMAIN}__newer",
    }


async def test_left_out_reasons_and_worst_case_annotations(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """The inspector's reasons; an included tool still obeys the annotation policy.

    A tool declaring no annotations counts as writing, destructive and open-world; a
    read-only tool is never destructive (MCP: destructiveHint only counts when not
    read-only), so Assist's tools stay under "no destructive tools".
    """
    hass.config_entries.async_update_entry(
        hub,
        options={
            **hub.options,
            const.CONF_INCLUDED_TOOLS: [hubs.GRIND],
            const.CONF_NO_DESTRUCTIVE: True,
            const.CONF_NO_OPEN_WORLD: True,
        },
    )
    await hass.config_entries.async_reload(hub.entry_id)

    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context(hass_admin_user.id))

    assert isinstance(instance, HubAPIInstance)
    assert {item.key: item.hidden for item in instance.candidates} == {
        hubs.BREW: None,
        hubs.GRIND: "destructive (policy: no destructive tools)",
        SEARCH: "reaches outside Home Assistant (policy: no open-world tools)",
        UNLOCK: "destructive (policy: no destructive tools)",
        DATE_TIME: None,
        LIVE_CONTEXT: None,
    }
    assert (
        hub.runtime_data.api.policy.left_out_reason(
            "x", llm.ToolAnnotations(read_only=True, open_world=False)
        )
        is None
    )


async def test_a_tool_without_annotations_counts_as_the_worst_case(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """A tool whose annotations are missing altogether is left out by any annotation policy."""
    bare = hubs.RecordingTool("bare")
    bare.annotations = None  # type: ignore[assignment]  # a third-party tool may do this
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [bare]))
    entry = await hubs.async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["x"], const.CONF_NO_OPEN_WORLD: True}
    )

    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())

    assert isinstance(instance, HubAPIInstance)
    assert [(item.key, item.hidden) for item in instance.candidates] == [
        (DATE_TIME, None),
        ("bare", "reaches outside Home Assistant (policy: no open-world tools)"),
    ]


async def test_aliases_stay_portable_and_unique(
    hass: HomeAssistant, setup_llm: None, caplog: pytest.LogCaptureFixture
) -> None:
    """An alias that is not portable, or that another tool carries, is not used (logged once)."""
    tools: list[llm.Tool] = [
        hubs.RecordingTool(name) for name in ("one", "two", "three", "four", "five", "six", "seven")
    ]
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", tools))
    entry = await hubs.async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: ["x"],
            const.CONF_OVERRIDES: {
                "one": {"name": "two"},  # the key of another tool
                "two": {"name": "deux"},
                "three": {"name": "3"},  # not portable
                "four": {"name": "quatre"},
                "five": {"name": "quatre"},  # taken by an earlier alias
                # A name Home Assistant's agents make when they merge this hub with Assist.
                "six": {"name": "assist__HassTurnOn"},
                "seven": {"name": "s" * 49},  # portable names have at most 48 characters
            },
        },
    )

    for _ in range(2):
        instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    result = await instance.async_call_tool(llm.ToolInput("deux", {}))

    assert [tool.name for tool in instance.tools] == [
        "llm__GetDateTime",
        "one",
        "deux",
        "three",
        "quatre",
        "five",
        "six",
        "seven",
    ]
    assert result.data == {"tool": "two", "args": {}}
    problems = [r.getMessage() for r in caplog.records if "alias" in r.getMessage()]
    taken = "is the name of another tool; the tool keeps its name"
    not_portable = (
        "is not a portable tool name (letters, digits, _ and -, starting with a letter, at "
        "most 48 characters); the tool keeps its name"
    )
    assert problems == [
        f"LLM Hub Kitchen: the alias 'two' of tool one {taken}",
        f"LLM Hub Kitchen: the alias '3' of tool three {not_portable}",
        f"LLM Hub Kitchen: the alias 'quatre' of tool five {taken}",
        (
            "LLM Hub Kitchen: the alias 'assist__HassTurnOn' of tool six contains __, which "
            "Home Assistant's agents put between an API and a tool name when they merge APIs "
            "(the alias could clash with such a name); the tool keeps its name"
        ),
        f"LLM Hub Kitchen: the alias '{'s' * 49}' of tool seven {not_portable}",
    ]


async def test_limits_and_logging_options_reach_the_hub(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """Timeout, tool limit and argument recording are parsed for the hub's call steps."""
    await hubs.async_set_options(hass, hub, "safety", SAFETY_OFF | {const.CONF_TIMEOUT: 5})
    await hubs.async_set_options(
        hass, hub, "limits", {const.CONF_MAX_TOOLS: 4, const.CONF_RECORD_ARGUMENTS: True}
    )

    options = hub.runtime_data.api.options
    assert (options.timeout, options.max_tools, options.record_arguments) == (5, 4, True)


async def test_a_loop_of_three_hubs_at_request_time(
    hass: HomeAssistant, setup_llm: None, caplog: pytest.LogCaptureFixture
) -> None:
    """Three hubs picking each other in a ring (made behind the flow's back) each serve the
    rest: a clear error naming the loop is logged once per hub, and no request recurses."""
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [hubs.RecordingTool("from_x")]))
    first = await hubs.async_add_hub(hass, "First", {CONF_LLM_HASS_API: ["x"]})
    second = await hubs.async_add_hub(hass, "Second", {CONF_LLM_HASS_API: [hubs.hub_id(first)]})
    third = await hubs.async_add_hub(hass, "Third", {CONF_LLM_HASS_API: [hubs.hub_id(second)]})
    hass.config_entries.async_update_entry(
        first, options={CONF_LLM_HASS_API: ["x", hubs.hub_id(third)]}
    )
    await hass.config_entries.async_reload(first.entry_id)

    for _ in range(2):
        for entry in (first, second, third):
            instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
            assert "from_x" in {tool.name for tool in instance.tools}
            result = await instance.async_call_tool(llm.ToolInput("from_x", {}))
            assert result.data == {"tool": "from_x", "args": {}}

    loops = [r.getMessage() for r in caplog.records if "in a loop" in r.getMessage()]

    def loop(hub: str, left_out: MockConfigEntry, chain: str) -> str:
        return (
            f"LLM Hub {hub} leaves out {hubs.hub_id(left_out)}: LLM Hub APIs select each other "
            f"in a loop ({chain}); take one of them out of the hubs' selected LLM APIs"
        )

    # The hub that is reached again raises; the one that picked it leaves it out.
    assert loops == [
        loop("Second", first, '"First" -> "Third" -> "Second" -> "First"'),
        loop("Third", second, '"Second" -> "First" -> "Third" -> "Second"'),
        loop("First", third, '"Third" -> "Second" -> "First" -> "Third"'),
    ]


async def test_describe_warns_of_prompts_naming_renamed_or_left_out_tools(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """The contributor's prompt names brew, which has an alias; the instructions name grind,
    which the hub leaves out: describe says both, and nothing about tools named rightly."""
    hass.config_entries.async_update_entry(
        hub,
        options={
            **hub.options,
            const.CONF_PROMPT: f"Never call {hubs.GRIND}. Use {SEARCH} and {SEARCH}-like tools.",
            const.CONF_OVERRIDES: {hubs.BREW: {"name": "coffee"}},
            const.CONF_EXCLUDED_TOOLS: [hubs.GRIND],
        },
    )
    await hass.config_entries.async_reload(hub.entry_id)
    await hass.async_block_till_done()
    client = await hass_ws_client(hass)

    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hubs.hub_id(hub)})
    described = (await client.receive_json())["result"]

    renamed = (
        f"The prompt names the tool {hubs.BREW}, which this hub lists as coffee; tell the model "
        "the new name in the hub's instructions."
    )
    left_out = (
        f"The prompt names the tool {hubs.GRIND}, which this hub does not list (unchecked in the "
        "hub's options)."
    )
    assert described["warnings"] == [renamed, left_out]


@pytest.mark.parametrize(
    ("handler", "asks"),
    [
        (CancelAllTimersIntentHandler(), False),
        (intent.ServiceIntentHandler("HassLockUnlock", "lock", "unlock"), True),
    ],
)
async def test_intent_acting_on_no_entity_is_not_marked_to_ask(
    hass: HomeAssistant, handler: intent.IntentHandler, asks: bool
) -> None:
    """With an ask set, an intent whose calls touch no entity (timers) is not marked to ask:
    it is gated (the gate checks each call's handler) but no call can reach the set."""
    intent.async_register(hass, handler)
    hass.states.async_set("lock.front", "locked")
    options = HubOptions.from_options({const.CONF_ASK_DOMAINS: ["lock"]})
    tool = llm.IntentTool(handler.intent_type, handler)
    policy = HubPolicy(options)

    asking = policy.asking(tool.name, tool, llm.ToolAnnotations(), hass)

    assert asking is not None
    assert policy.marks(hass, asking, None) is asks


async def test_intent_taking_a_no_entity_name_is_marked_to_ask(hass: HomeAssistant) -> None:
    """A handler other than Home Assistant's own under the name of an intent that acts on no
    entity (an ``intent_script`` intent named ``HassCancelAllTimers``) is marked to ask, and
    so is any intent when the policy is not given ``hass``."""
    handler = intent.IntentHandler()
    handler.intent_type = intent.INTENT_CANCEL_ALL_TIMERS
    intent.async_register(hass, handler)
    own = CancelAllTimersIntentHandler()
    options = HubOptions.from_options({const.CONF_ASK_DOMAINS: ["lock"]})
    policy = HubPolicy(options)

    taken = llm.IntentTool(handler.intent_type, handler)
    assert policy.asking(taken.name, taken, llm.ToolAnnotations(), hass) is not None
    tool = llm.IntentTool(own.intent_type, own)
    assert policy.asking(tool.name, tool, llm.ToolAnnotations()) is not None
