"""A hub served by Home Assistant's MCP Server, driven with the real MCP SDK client over HTTP.

Home Assistant serves every registered LLM API at ``/api/mcp/<API ID>``; a hub is at
``/api/mcp/llm_hub-<entry_id>``. The tests talk to it like an MCP client would: list the
tools, call them, and get refused without the right token.
"""

from __future__ import annotations

import ast
import asyncio
import json
import logging
from pathlib import Path
import re
from typing import Any

import httpx
import mcp
from mcp.shared.exceptions import McpError
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator
from yarl import URL

from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

from .helpers.flows import LIGHTS_ON_FORM, _search_mode, async_add_tool
from .helpers.hubs import BREW, CONTRIBUTOR_PROMPT, GRIND, INSTRUCTIONS, USERS, Call, hub_id
from .helpers.mcp import _async_setup_mcp_server, _text, mcp_session


@pytest.fixture
def assist_url(hub_url: str) -> str:
    """Return the URL at which Home Assistant serves the Assist API."""
    return str(URL(hub_url).with_path("/api/mcp/assist"))


@pytest.fixture
async def admin_hub_url(
    hass: HomeAssistant, admin_hub: MockConfigEntry, hass_client_no_auth: ClientSessionGenerator
) -> str:
    """Return the URL /api/mcp that serves the hub that picks an admin-only API.

    The MCP Server is configured without "require admin", so Home Assistant lets any user
    in at /api/mcp: only the hub can refuse a non-admin there.
    """
    await _async_setup_mcp_server(hass, [hub_id(admin_hub)], require_admin=False)
    client = await hass_client_no_auth()
    return str(client.make_url("/api/mcp"))


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
        expected = tool
        if name == "homeassistant__GetLiveContext":
            # Its "domain" takes a string or a list, an anyOf Gemini cannot be given: the hub
            # offers the list (tests/test_schemas.py covers each such rewrite).
            domain = hub_tools[name].inputSchema["properties"]["domain"]
            assert domain["type"] == "array"
            assert domain["items"] == {"type": "string"}
            expected = tool.model_copy(update={"inputSchema": hub_tools[name].inputSchema})
        assert hub_tools[name] == expected
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
    calls: list[Call],
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
    assert calls == [(BREW, {"size": "large", "cups": 1}, hass_admin_user.id)]


async def test_call_tool_invalid_arguments_hub(
    hub_url: str, hass_access_token: str, calls: list[Call]
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
    assert calls == []


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
    calls: list[Call],
    arguments: dict[str, Any],
    message: str,
) -> None:
    """Arguments the served inputSchema rules out are refused by the MCP SDK, naming them."""
    async with mcp_session(hub_url, hass_access_token) as session:
        result = await session.call_tool(BREW, arguments)

    assert result.isError
    assert _text(result) == f"Input validation error: {message}"
    assert calls == []


async def test_call_tool_home_assistant_error(
    hub_url: str,
    hass_access_token: str,
    hass_admin_user: MockUser,
    calls: list[Call],
) -> None:
    """A tool that raises HomeAssistantError gives an error result carrying its message."""
    async with mcp_session(hub_url, hass_access_token) as session:
        result = await session.call_tool(GRIND, {})

    assert result.isError
    assert json.loads(_text(result)) == {
        "error": "HomeAssistantError",
        "error_text": "The grinder is out of beans",
    }
    assert calls == [(GRIND, {}, hass_admin_user.id)]


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


@pytest.mark.parametrize("who", ["wrong token", "no administrator"])
async def test_troubleshooting_section_mcp_answers_401_on_2026_10(
    hub_url: str, hass_read_only_access_token: str, who: str
) -> None:
    """README and docs/troubleshooting.md: a wrong token gets 401 at a hub's address, and on
    Home Assistant 2026.10 (the tests' version) so does a valid token of a user who is no
    administrator (2026.11 answers that 403, as its ``mcp_server/http.py`` raises)."""
    token = "not-a-token" if who == "wrong token" else hass_read_only_access_token
    async with httpx.AsyncClient() as client:
        response = await client.post(
            hub_url,
            headers={
                "Authorization": f"Bearer {token}",
                "Accept": "application/json, text/event-stream",
            },
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        )

    assert response.status_code == httpx.codes.UNAUTHORIZED


async def test_troubleshooting_section_a_deleted_mcp_server_serves_until_a_restart(
    hass: HomeAssistant, hub_url: str, hass_access_token: str
) -> None:
    """docs/troubleshooting.md: after MCP Server's entry is deleted, a hub's address keeps
    serving the hub and /api/mcp answers 404 with MCP Server's text, until a restart."""
    (entry,) = hass.config_entries.async_entries("mcp_server")
    assert await hass.config_entries.async_remove(entry.entry_id)
    await hass.async_block_till_done()

    async with mcp_session(hub_url, hass_access_token) as session:
        listed = {tool.name for tool in (await session.list_tools()).tools}
    async with httpx.AsyncClient() as client:
        response = await client.post(
            str(URL(hub_url).with_path("/api/mcp")),
            headers={
                "Authorization": f"Bearer {hass_access_token}",
                "Accept": "application/json, text/event-stream",
            },
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        )

    assert BREW in listed
    assert response.status_code == httpx.codes.NOT_FOUND
    assert response.text == "Model Context Protocol server is not configured"


async def test_hubs_section_mcp_server_registers_no_llm_api(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """docs/panel.md, "Hubs": the panel lists the LLM APIs there are; MCP Server serves them
    and adds none of its own."""
    before = {api.id for api in llm.async_get_apis(hass)}

    await _async_setup_mcp_server(hass, [hub_id(hub)], require_admin=True)

    assert {api.id for api in llm.async_get_apis(hass)} == before


async def test_admin_only_hub_refuses_non_admin(
    admin_hub_url: str,
    hass_access_token: str,
    hass_read_only_access_token: str,
    hass_admin_user: MockUser,
    calls: list[Call],
) -> None:
    """A hub that picks an admin-only API refuses a non-admin where Home Assistant does not."""
    async with mcp_session(admin_hub_url, hass_read_only_access_token) as session:
        with pytest.raises(McpError, match=r"^LLM Hub Admin hub requires an administrator: "):
            await session.list_tools()
        result = await session.call_tool(USERS, {})
    assert result.isError
    assert _text(result) == (
        "LLM Hub Admin hub requires an administrator: it selects an LLM API only administrators "
        "may use"
    )
    assert calls == []

    async with mcp_session(admin_hub_url, hass_access_token) as session:
        names = {tool.name for tool in (await session.list_tools()).tools}
        result = await session.call_tool(USERS, {})
    assert {USERS, BREW} <= names
    assert not result.isError
    assert json.loads(_text(result)) == {"users": 2}
    assert calls == [(USERS, {}, hass_admin_user.id)]


@pytest.mark.parametrize("tool_mode", ["all", "search"])
async def test_mcp_clients_section_python_example_lists_and_calls_without_a_warning(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hub_url: str,
    hass_access_token: str,
    tool_mode: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """docs/mcp.md's Python example lists the hub's tools and calls one, as printed there, in
    all and search mode, and the MCP SDK logs no warning (it warns when a tool it calls is not
    listed).

    The test environment has mcp 1.x, so the example takes httpx, as it does for mcp 1.x (and
    httpx2 for mcp 2.x). Its last line, ``asyncio.run(main())``, is left out to await ``main``
    in the test's own event loop.
    """
    await _search_mode(hass, hub, tool_mode)
    page = (Path(__file__).parent.parent / "docs" / "mcp.md").read_text(encoding="utf-8")
    example = re.search(r"```python\n(.*?)```", page, re.DOTALL)
    assert example is not None
    source, run = example.group(1).rstrip().rsplit("\n", 1)
    assert run == "asyncio.run(main())"
    monkeypatch.setenv("HA_TOKEN", hass_access_token)
    monkeypatch.setenv("URL", hub_url)
    namespace: dict[str, Any] = {}
    exec(compile(source, "docs/mcp.md", "exec"), namespace)  # noqa: S102
    await namespace["main"]()

    listed, called = capsys.readouterr().out.splitlines()
    expected = {BREW, GRIND, "llm__GetDateTime"} if tool_mode == "all" else {"call_tool"}
    assert expected <= set(ast.literal_eval(listed))
    assert "TextContent(type='text'" in called
    assert '"date": ' in called
    assert [
        record.getMessage()
        for record in caplog.records
        if record.name.startswith("mcp") and record.levelno >= logging.WARNING
    ] == []


PORCH_LIGHT_FORM: dict[str, Any] = {
    "title": "Porch light",
    "description": "Turns on the porch light at a brightness.",
    "actions": [{"action": "test.light_on", "data": {"brightness": "{{ brightness }}"}}],
    "parameters": [{"name": "brightness", "type": "integer", "required": True}],
}
"""An action tool that turns on the porch light at the model's brightness."""


async def test_call_tools_made_in_the_ui(
    hass: HomeAssistant, hub: MockConfigEntry, hub_url: str, hass_access_token: str
) -> None:
    """Tools made in the hub's subentry flow are listed and called over MCP at once."""
    hass.states.async_set("light.porch", "on")
    porch: list[dict[str, Any]] = []
    hass.services.async_register("test", "light_on", lambda call: porch.append(dict(call.data)))
    await async_add_tool(hass, hub, "template", LIGHTS_ON_FORM)
    await async_add_tool(hass, hub, "action", PORCH_LIGHT_FORM)
    async with mcp_session(hub_url, hass_access_token) as session:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        lights = await session.call_tool("lights_on_by_area", {})
        turned_on = await session.call_tool("porch_light", {"brightness": 90})

    assert tools["lights_on_by_area"].annotations is not None
    assert tools["lights_on_by_area"].annotations.readOnlyHint is True
    assert tools["porch_light"].inputSchema["properties"]["brightness"]["type"] == "integer"
    assert json.loads(_text(lights)) == {"result": {"no area": 1}}
    assert json.loads(_text(turned_on)) == {"success": True}
    assert porch == [{"brightness": 90}]


async def test_script_tool_that_did_not_run_is_an_error(
    hass: HomeAssistant, hub: MockConfigEntry, hub_url: str, hass_access_token: str
) -> None:
    """A ``mode: single`` script tool called while it runs answers an MCP error result in words;
    the first call then finishes with the script's response."""
    assert await async_setup_component(
        hass,
        "script",
        {
            "script": {
                "single": {
                    "fields": {"n": {"selector": {"number": {"min": 0, "max": 9}}}},
                    "sequence": [
                        {"wait_template": "{{ is_state('input_boolean.go', 'on') }}"},
                        {"variables": {"answer": {"n": "{{ n }}"}}},
                        {"stop": "done", "response_variable": "answer"},
                    ],
                }
            }
        },
    )
    await async_add_tool(hass, hub, "script", {"script": "script.single"})
    async with (
        mcp_session(hub_url, hass_access_token) as first,
        mcp_session(hub_url, hass_access_token) as second,
    ):
        running = asyncio.ensure_future(first.call_tool("single", {"n": 1}))
        for _ in range(500):
            if hass.states.is_state("script.single", "on"):
                break
            await asyncio.sleep(0.01)
        assert hass.states.is_state("script.single", "on")
        refused = await second.call_tool("single", {"n": 2})
        hass.states.async_set("input_boolean.go", "on")
        finished = await running

    assert refused.isError
    assert json.loads(_text(refused)) == {
        "error": "ScriptNotRun",
        "error_text": "Tool single did not run: it is already running and runs once at a time "
        "(mode single). Wait until it has finished, then call it again.",
    }
    assert not finished.isError
    assert json.loads(_text(finished)) == {"result": {"n": 1}}
