"""An MCP client session with a hub, for the mcp SDK 1.x (httpx) and 2.x (httpx2)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
import json
from types import ModuleType
from typing import Any

from mcp.client import streamable_http
from mcp.client.session import ClientSession

from .client import DemoError, JsonObject, compact, expect


def httpx_module() -> ModuleType:
    """Return the httpx library the installed mcp SDK uses (httpx2 from mcp 2, else httpx)."""
    for name in ("httpx2", "httpx"):
        module = vars(streamable_http).get(name)
        if isinstance(module, ModuleType):
            return module
    raise DemoError("cannot tell which httpx library mcp.client.streamable_http uses")


@asynccontextmanager
async def mcp_session(url: str, token: str) -> AsyncIterator[ClientSession]:
    """Open an initialized MCP client session over Streamable HTTP with a bearer token.

    Both SDK generations offer ``streamable_http_client(url, http_client=...)``; the client
    is an ``httpx.AsyncClient`` for mcp 1.x and an ``httpx2.AsyncClient`` for mcp 2.x, and
    the transport yields 3 streams in 1.x and 2 in 2.x (read and write come first in both).
    """
    httpx = httpx_module()
    client = httpx.AsyncClient(
        headers={"Authorization": f"Bearer {token}"},
        timeout=httpx.Timeout(30, read=120),
    )
    async with (
        client,
        streamable_http.streamable_http_client(url, http_client=client) as streams,
        ClientSession(streams[0], streams[1]) as session,
    ):
        await session.initialize()
        yield session


async def list_tools(session: ClientSession) -> dict[str, JsonObject]:
    """Return the server's tools by name, as JSON (camelCase, like on the wire)."""
    listed = (await session.list_tools()).model_dump(mode="json", by_alias=True, exclude_none=True)
    expect(not listed.get("nextCursor"), "tools/list is paginated; the demo expects one page")
    return {tool["name"]: tool for tool in listed["tools"]}


async def call_tool_result(
    session: ClientSession, name: str, arguments: JsonObject
) -> tuple[bool, Any]:
    """Call a tool; return ``(isError, content)``: the JSON of its text, else the text."""
    result = await session.call_tool(name, arguments)
    dumped = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    texts = [block["text"] for block in dumped["content"] if block.get("type") == "text"]
    expect(len(texts) == 1, f"tool {name}: expected one text content, got {compact(dumped)}")
    try:
        content = json.loads(texts[0])
    except ValueError:
        content = texts[0]
    return bool(dumped.get("isError")), content


async def call_tool(session: ClientSession, name: str, arguments: JsonObject) -> Any:
    """Call a tool and return its result (the JSON in its text content); raise on an error."""
    is_error, content = await call_tool_result(session, name, arguments)
    expect(not is_error, f"tool {name}({compact(arguments)}) failed: {compact(content)}")
    return content


def error_text(content: Any) -> str:
    """Return the words of a failed call's result (a hub's ``error_text``, else all of it)."""
    if isinstance(content, dict):
        return str(content.get("error_text") or compact(content))
    return str(content)


def one_tool(tools: dict[str, Any], suffix: str) -> str:
    """Return the one tool name ending in ``suffix``; raise when there is none or several."""
    names = [name for name in tools if name.endswith(suffix)]
    expect(len(names) == 1, f"expected one *{suffix} tool, got {names} of {list(tools)}")
    return names[0]
