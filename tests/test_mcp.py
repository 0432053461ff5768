"""A hub served by Home Assistant's MCP Server, driven with the real MCP SDK client over HTTP.

Home Assistant serves every registered LLM API at ``/api/mcp/<API ID>``; a hub is at
``/api/mcp/llm_hub-<entry_id>``. The tests talk to it like an MCP client would: list the
tools, call them, and get refused without the right token.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
import json
from typing import Any, override

import httpx
import mcp
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import McpError
import probatio
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockPlatform,
    MockUser,
    mock_platform,
)
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator
from yarl import URL

from custom_components.llm_hub.const import CONF_PROMPT, DOMAIN
from homeassistant.components.llm import LLMTools
from homeassistant.components.mcp_server.const import (
    CONF_ALL_LLM_APIS,
    CONF_REQUIRE_ADMIN,
    DOMAIN as MCP_SERVER_DOMAIN,
)
from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm
from homeassistant.helpers.selector import NumberSelector, NumberSelectorConfig

TOOLS_DOMAIN = "hub_tools"
BREW = f"{TOOLS_DOMAIN}__brew"
GRIND = f"{TOOLS_DOMAIN}__grind"
USERS = "admin_only__list_users"
INSTRUCTIONS = "Answer like a barista."
CONTRIBUTOR_PROMPT = f"Use {BREW} to brew coffee."


@dataclass
class Calls:
    """What the test tools were called with: (tool name, arguments, user id)."""

    made: list[tuple[str, dict[str, Any], str | None]] = field(default_factory=list)

    def record(
        self, tool: llm.Tool, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> None:
        """Remember one call of a tool."""
        user_id = llm_context.context.user_id if llm_context.context else None
        self.made.append((tool.name, dict(tool_input.tool_args), user_id))


class BrewTool(llm.Tool):
    """A contributed tool with declared annotations and parameters."""

    name = BREW
    title = "Brew coffee"
    description = "Brews cups of coffee."
    integration = TOOLS_DOMAIN
    annotations = llm.ToolAnnotations(
        read_only=False, destructive=False, idempotent=True, open_world=False
    )
    parameters = probatio.Schema(
        {
            probatio.Required("size"): probatio.In(["small", "large"]),
            probatio.Optional("cups", default=1): probatio.All(
                probatio.Coerce(int), probatio.Range(min=1, max=4)
            ),
            probatio.Optional("strength"): NumberSelector(NumberSelectorConfig(min=1, max=5)),
        }
    )

    def __init__(self, calls: Calls) -> None:
        """Record calls in ``calls``."""
        self.calls = calls

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Return what was brewed, and for whom."""
        self.calls.record(self, tool_input, llm_context)
        args = tool_input.tool_args
        return llm.ToolResult(
            data={
                "brewed": args["cups"],
                "size": args["size"],
                "user_id": llm_context.context.user_id if llm_context.context else None,
            }
        )


class GrindTool(llm.Tool):
    """A contributed tool that fails the way the spec says tools fail."""

    name = GRIND
    description = "Grinds beans."
    integration = TOOLS_DOMAIN

    def __init__(self, calls: Calls) -> None:
        """Record calls in ``calls``."""
        self.calls = calls

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Fail: no beans."""
        self.calls.record(self, tool_input, llm_context)
        raise HomeAssistantError("The grinder is out of beans")


class ToolsPlatform(MockPlatform):
    """The ``llm.py`` platform of the test domain: contributes to hub APIs only."""

    def __init__(self, calls: Calls) -> None:
        """Contribute tools that record their calls in ``calls``."""
        super().__init__()
        self.calls = calls

    @callback
    def async_get_tools(
        self, hass: HomeAssistant, llm_context: llm.LLMContext, api_id: str
    ) -> LLMTools | None:
        """Return the test tools for a hub API, nothing for any other API."""
        if not api_id.startswith(f"{DOMAIN}-"):
            return None
        return LLMTools(
            tools=[BrewTool(self.calls), GrindTool(self.calls)], prompt=CONTRIBUTOR_PROMPT
        )


class UsersTool(llm.Tool):
    """The tool of the admin-only API."""

    name = USERS
    description = "Lists the users."
    integration = "admin_only"
    annotations = llm.ToolAnnotations(read_only=True, open_world=False)

    def __init__(self, calls: Calls) -> None:
        """Record calls in ``calls``."""
        self.calls = calls

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Return how many users there are."""
        self.calls.record(self, tool_input, llm_context)
        return llm.ToolResult(data={"users": 2})


class AdminOnlyAPI(llm.API):
    """An API only administrators may use (``requires_admin`` as Home Assistant 2026.11 has)."""

    requires_admin = True

    def __init__(self, hass: HomeAssistant, calls: Calls) -> None:
        """Register as ``admin_only``."""
        super().__init__(hass=hass, id="admin_only", name="Admin only")
        self.calls = calls

    @override
    async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
        """Return the users tool."""
        return llm.APIInstance(
            api=self, api_prompt="", llm_context=llm_context, tools=[UsersTool(self.calls)]
        )


@pytest.fixture
def calls() -> Calls:
    """Return the record of test tool calls."""
    return Calls()


@pytest.fixture
async def hub(hass: HomeAssistant, setup_llm: None, calls: Calls) -> MockConfigEntry:
    """Set up a hub "Kitchen" that picks Assist, with instructions and a contributor."""
    hass.config.components.add(TOOLS_DOMAIN)
    mock_platform(hass, f"{TOOLS_DOMAIN}.llm", ToolsPlatform(calls))
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Kitchen",
        options={CONF_LLM_HASS_API: ["assist"], CONF_PROMPT: INSTRUCTIONS},
    )
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


async def _async_setup_mcp_server(
    hass: HomeAssistant, api_ids: list[str], *, require_admin: bool
) -> None:
    """Set up the MCP Server serving ``api_ids`` at /api/mcp (and every API at its own URL)."""
    entry = MockConfigEntry(
        domain=MCP_SERVER_DOMAIN,
        version=1,
        minor_version=3,
        data={
            CONF_ALL_LLM_APIS: False,
            CONF_LLM_HASS_API: api_ids,
            CONF_REQUIRE_ADMIN: require_admin,
        },
    )
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED


@pytest.fixture
async def hub_url(
    hass: HomeAssistant, hub: MockConfigEntry, hass_client_no_auth: ClientSessionGenerator
) -> str:
    """Set up the MCP Server (serving Assist at /api/mcp); return the URL of the hub."""
    await _async_setup_mcp_server(hass, ["assist"], require_admin=True)
    client = await hass_client_no_auth()
    return str(client.make_url(f"/api/mcp/{DOMAIN}-{hub.entry_id}"))


@pytest.fixture
def assist_url(hub_url: str) -> str:
    """Return the URL at which Home Assistant serves the Assist API."""
    return str(URL(hub_url).with_path("/api/mcp/assist"))


@pytest.fixture
async def admin_hub_url(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_client_no_auth: ClientSessionGenerator,
    calls: Calls,
) -> str:
    """Set up a hub that picks an admin-only API; return the URL /api/mcp that serves it.

    The MCP Server is configured without "require admin", so Home Assistant lets any user
    in at /api/mcp: only the hub can refuse a non-admin there.
    """
    llm.async_register_api(hass, AdminOnlyAPI(hass, calls))
    entry = MockConfigEntry(
        domain=DOMAIN, title="Admin hub", options={CONF_LLM_HASS_API: ["admin_only"]}
    )
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await _async_setup_mcp_server(hass, [f"{DOMAIN}-{entry.entry_id}"], require_admin=False)
    client = await hass_client_no_auth()
    return str(client.make_url("/api/mcp"))


@asynccontextmanager
async def mcp_session(url: str, token: str) -> AsyncIterator[mcp.ClientSession]:
    """Open an initialized MCP client session to ``url`` with a bearer token."""
    async with (
        httpx.AsyncClient(headers={"Authorization": f"Bearer {token}"}) as http_client,
        streamable_http_client(url, http_client=http_client) as (read_stream, write_stream, _),
        mcp.ClientSession(read_stream, write_stream) as session,
    ):
        await session.initialize()
        yield session


def _text(result: mcp.types.CallToolResult) -> str:
    """Return the only content of a tool result, which must be text."""
    assert len(result.content) == 1
    content = result.content[0]
    assert isinstance(content, mcp.types.TextContent)
    return content.text


async def test_list_tools(hub_url: str, assist_url: str, hass_access_token: str) -> None:
    """The hub lists the contributed tool and the Assist tools, annotations and schemas intact."""
    async with mcp_session(hub_url, hass_access_token) as session:
        hub_tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    async with mcp_session(assist_url, hass_access_token) as session:
        assist_tools = {tool.name: tool for tool in (await session.list_tools()).tools}

    brew = hub_tools[BREW]
    assert brew.title == "Brew coffee"
    assert brew.description == "Brews cups of coffee."
    assert brew.annotations == mcp.types.ToolAnnotations(
        readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False
    )
    assert brew.inputSchema == {
        "type": "object",
        "properties": {
            "size": {"type": "string", "enum": ["small", "large"]},
            "cups": {"type": "integer", "minimum": 1, "maximum": 4, "default": 1},
            # A selector: the contributors' schemas go through the selector serializer.
            "strength": {"type": "number", "minimum": 1, "maximum": 5},
        },
        "required": ["size"],
    }
    grind = hub_tools[GRIND]
    # Declared nothing: the spec's defaults, which assume the worst.
    assert grind.annotations == mcp.types.ToolAnnotations(
        readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=True
    )
    assert grind.inputSchema == {"type": "object", "properties": {}}

    live_context = hub_tools["homeassistant__GetLiveContext"]
    assert live_context.annotations == mcp.types.ToolAnnotations(
        readOnlyHint=True, destructiveHint=True, idempotentHint=False, openWorldHint=False
    )
    assert live_context.inputSchema["properties"]["name"] == {
        "type": "string",
        "description": "Filter entities by name or alias (case-insensitive).",
    }
    # Every Assist tool is served by the hub exactly as Home Assistant serves it at
    # /api/mcp/assist: same name, title, description, schema and annotations.
    assert {"homeassistant__GetLiveContext", "llm__GetDateTime"} <= assist_tools.keys()
    for name, tool in assist_tools.items():
        assert hub_tools[name] == tool
    # The contributed tools are the hub's own: Assist does not have them.
    assert {BREW, GRIND}.isdisjoint(assist_tools)
    assert hub_tools.keys() == assist_tools.keys() | {BREW, GRIND}


async def test_prompt(hub_url: str, hass_access_token: str) -> None:
    """The hub's prompt is named like the hub and starts with its instructions."""
    async with mcp_session(hub_url, hass_access_token) as session:
        prompts = await session.list_prompts()
        prompt = await session.get_prompt("Kitchen")

    assert [p.name for p in prompts.prompts] == ["Kitchen"]
    assert len(prompt.messages) == 1
    content = prompt.messages[0].content
    assert isinstance(content, mcp.types.TextContent)
    assert content.text.startswith(f"{INSTRUCTIONS}\n\n{CONTRIBUTOR_PROMPT}\n\n")
    assert 'Follow these instructions for tools from "Assist":\n' in content.text


async def test_call_tool(
    hub_url: str,
    hass_access_token: str,
    hass_admin_user: MockUser,
    calls: Calls,
) -> None:
    """Calling the contributed tool runs it with validated arguments and the caller's user."""
    async with mcp_session(hub_url, hass_access_token) as session:
        result = await session.call_tool(BREW, {"size": "large"})

    assert not result.isError
    # The default of "cups" was filled in by validating the arguments.
    assert json.loads(_text(result)) == {
        "brewed": 1,
        "size": "large",
        "user_id": hass_admin_user.id,
    }
    assert calls.made == [(BREW, {"size": "large", "cups": 1}, hass_admin_user.id)]


async def test_call_tool_invalid_arguments_hub(
    hub_url: str, hass_access_token: str, calls: Calls
) -> None:
    """Arguments that do not match the parameters: an error result naming them, no call.

    An unknown argument passes the MCP SDK's JSON schema check (Home Assistant serves no
    ``additionalProperties``), so only the hub's validation catches it.
    """
    async with mcp_session(hub_url, hass_access_token) as session:
        result = await session.call_tool(BREW, {"size": "large", "sugar": True})

    assert result.isError
    assert json.loads(_text(result)) == {
        "error": "InvalidArguments",
        "error_text": f"Invalid arguments for tool {BREW}: not a valid option at 'sugar'. "
        "Call it again with arguments that match its parameters.",
    }
    assert calls.made == []


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        pytest.param({"cups": 2}, "'size' is a required property", id="missing"),
        pytest.param({"size": "huge"}, "'huge' is not one of ['small', 'large']", id="option"),
        pytest.param({"size": "small", "cups": 9}, "9 is greater than the maximum of 4", id="max"),
    ],
)
async def test_call_tool_invalid_arguments_schema(
    hub_url: str,
    hass_access_token: str,
    calls: Calls,
    arguments: dict[str, Any],
    message: str,
) -> None:
    """Arguments the served inputSchema rules out are refused by the MCP SDK, naming them."""
    async with mcp_session(hub_url, hass_access_token) as session:
        result = await session.call_tool(BREW, arguments)

    assert result.isError
    assert _text(result) == f"Input validation error: {message}"
    assert calls.made == []


async def test_call_tool_home_assistant_error(
    hub_url: str,
    hass_access_token: str,
    hass_admin_user: MockUser,
    calls: Calls,
) -> None:
    """A tool that raises HomeAssistantError gives an error result carrying its message."""
    async with mcp_session(hub_url, hass_access_token) as session:
        result = await session.call_tool(GRIND, {})

    assert result.isError
    assert json.loads(_text(result)) == {
        "error": "HomeAssistantError",
        "error_text": "The grinder is out of beans",
    }
    assert calls.made == [(GRIND, {}, hass_admin_user.id)]


async def test_call_assist_tool(hub_url: str, hass_access_token: str) -> None:
    """A tool of the picked Assist API runs through the hub."""
    async with mcp_session(hub_url, hass_access_token) as session:
        result = await session.call_tool("llm__GetDateTime", {})

    assert not result.isError
    assert json.loads(_text(result)).keys() == {"date", "time", "timezone", "weekday"}


async def test_non_admin_refused_at_hub_url(
    hub_url: str, assist_url: str, hass_read_only_access_token: str
) -> None:
    """A non-admin token is refused at the hub's URL, though it may use /api/mcp/assist."""
    async with mcp_session(assist_url, hass_read_only_access_token) as session:
        assert (await session.list_tools()).tools

    with pytest.RaisesGroup(
        pytest.RaisesExc(
            httpx.HTTPStatusError,
            check=lambda err: err.response.status_code == httpx.codes.UNAUTHORIZED,
        ),
        flatten_subgroups=True,
    ):
        async with mcp_session(hub_url, hass_read_only_access_token):
            pass


async def test_admin_only_hub_refuses_non_admin(
    admin_hub_url: str,
    hass_access_token: str,
    hass_read_only_access_token: str,
    hass_admin_user: MockUser,
    calls: Calls,
) -> None:
    """A hub that picks an admin-only API refuses a non-admin where Home Assistant does not."""
    async with mcp_session(admin_hub_url, hass_read_only_access_token) as session:
        with pytest.raises(McpError, match=r"^Unauthorized$"):
            await session.list_tools()
        result = await session.call_tool(USERS, {})
    assert result.isError
    assert _text(result) == "Unauthorized"
    assert calls.made == []

    async with mcp_session(admin_hub_url, hass_access_token) as session:
        names = {tool.name for tool in (await session.list_tools()).tools}
        result = await session.call_tool(USERS, {})
    assert {USERS, BREW} <= names
    assert not result.isError
    assert json.loads(_text(result)) == {"users": 2}
    assert calls.made == [(USERS, {}, hass_admin_user.id)]
