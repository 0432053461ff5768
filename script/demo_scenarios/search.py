"""A hub in search mode: only the meta-tools listed, and through them Assist's tools."""

from __future__ import annotations

from .client import expect
from .context import PORCH, TURN_OFF_SUFFIX, TURN_ON_SUFFIX, Demo
from .flows import create_hub, run_options_step
from .mcp_client import call_tool, list_tools, one_tool


async def check_search(demo: Demo) -> str:
    """Check a hub in search mode: over MCP, find Assist's tools, turn a light on with them.

    Its own hub ("Search", picks Assist, tool mode "search" through the options menu),
    so it needs nothing of the other checks: it turns the porch light off, then on.
    """
    search_id = await create_hub(demo.ha, "Search", ["assist"])
    await run_options_step(demo.ha, search_id, "search", lambda _: {"tool_mode": "search"})
    async with demo.session(search_id) as session:
        tools = await list_tools(session)
        # call_read_only_tool is listed too: some of Assist's tools are read-only.
        expect(
            sorted(tools) == ["call_read_only_tool", "call_tool", "search_tools"],
            f"expected only the meta-tools, got {list(tools)}",
        )
        done: list[str] = []
        for query, suffix, state in (
            ("turn off the light", TURN_OFF_SUFFIX, "off"),
            ("turn on the light", TURN_ON_SUFFIX, "on"),
        ):
            found = await call_tool(session, "search_tools", {"query": query})
            names = [tool["name"] for tool in found["tools"]]
            name = one_tool(dict.fromkeys(names), suffix)
            arguments = {"name": name, "arguments": {"name": PORCH[1]}}
            await call_tool(session, "call_tool", arguments)
            reached = await demo.ha.wait_state(PORCH[0], state)
            expect(reached == state, f"{PORCH[0]} is {reached} after {name}")
            done.append(f"{query!r} -> {name} (rank {names.index(name) + 1} of {len(names)})")
    return (
        f"Search hub lists {sorted(tools)}; {'; '.join(done)} "
        f"via call_tool -> {PORCH[0]} off, then on"
    )
