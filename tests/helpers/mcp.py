"""A real MCP client: the MCP Server set up, a session to a hub's URL, a result's text."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import mcp
from mcp.client.streamable_http import streamable_http_client
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from homeassistant.components.mcp_server.const import (
    CONF_ALL_LLM_APIS,
    CONF_REQUIRE_ADMIN,
    DOMAIN as MCP_SERVER_DOMAIN,
)
from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant

from .hubs import hub_id


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


async def async_hub_url(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_client_no_auth: ClientSessionGenerator,
    *,
    require_admin: bool,
) -> str:
    """Set up the MCP Server serving Assist at /api/mcp; return the URL of ``hub``."""
    await _async_setup_mcp_server(hass, ["assist"], require_admin=require_admin)
    client = await hass_client_no_auth()
    return str(client.make_url(f"/api/mcp/{hub_id(hub)}"))


@asynccontextmanager
async def mcp_session(
    url: str, token: str, received: list[Any] | None = None
) -> AsyncIterator[mcp.ClientSession]:
    """Open an initialized MCP client session to ``url`` with a bearer token.

    ``received`` gets every message the server sends that answers no request (notifications).
    """

    async def handle(message: Any) -> None:
        if received is not None:
            received.append(message)

    async with (
        httpx.AsyncClient(headers={"Authorization": f"Bearer {token}"}) as http_client,
        streamable_http_client(url, http_client=http_client) as (read_stream, write_stream, _),
        mcp.ClientSession(read_stream, write_stream, message_handler=handle) as session,
    ):
        await session.initialize()
        yield session


def _text(result: mcp.types.CallToolResult) -> str:
    """Return the only content of a tool result, which must be text."""
    assert len(result.content) == 1
    content = result.content[0]
    assert isinstance(content, mcp.types.TextContent)
    return content.text
