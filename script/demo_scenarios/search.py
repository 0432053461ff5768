"""A hub in search mode: only the meta-tools listed, and through them Assist's tools."""

from __future__ import annotations

from .client import JsonObject, SkipCheckError, compact, expect, short
from .context import PORCH, TURN_OFF_SUFFIX, TURN_ON_SUFFIX, Demo
from .flows import HUB_DOMAIN, create_hub, form_values, run_options_step, wait_entry_loaded
from .mcp_client import (
    call_tool,
    call_tool_result,
    error_text,
    list_tools,
    mcp_session,
    one_tool,
)

READ_ONLY = "read_only"
"""MCP Server's *read only* option (2026.11 on): only tools annotated read-only are served."""
ALL_APIS = "all_llm_apis"


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


async def check_search_read_only(demo: Demo) -> str:
    """Check the "Search" hub through MCP Server's *read only* option (2026.11 on).

    MCP Server's options flow serves only the Search hub, read-only; over ``/api/mcp`` the
    client sees ``search_tools`` and ``call_read_only_tool``, finds and runs a read-only tool,
    and reaches no write tool (``call_tool`` or ``HassTurnOn`` by name, through either
    meta-tool: the porch light stays as it is). The options are put back afterwards.
    """
    entries = await demo.ha.get("/api/config/config_entries/entry?domain=mcp_server")
    hubs = await demo.ha.get(f"/api/config/config_entries/entry?domain={HUB_DOMAIN}")
    mcp_id = str(entries[0]["entry_id"])
    search_api = next(f"{HUB_DOMAIN}-{e['entry_id']}" for e in hubs if e["title"] == "Search")
    path = "/api/config/config_entries/options/flow"
    form = await demo.ha.post(path, {"handler": mcp_id})
    fields = {field["name"] for field in form.get("data_schema") or []}
    if READ_ONLY not in fields:
        await demo.ha.request("DELETE", f"{path}/{form['flow_id']}")
        raise SkipCheckError(f"MCP Server of {demo.version} has no read-only option ({fields})")
    before = form_values(form, {})
    await _mcp_options(demo, form, {ALL_APIS: False, "llm_hass_api": [search_api], READ_ONLY: True})
    try:
        return await _read_only_session(demo)
    finally:
        await _mcp_options(demo, await demo.ha.post(path, {"handler": mcp_id}), before)


async def _mcp_options(demo: Demo, form: JsonObject, answers: JsonObject) -> None:
    """Submit MCP Server's options form with ``answers``; wait for the entry's reload."""
    result = await demo.ha.post(
        f"/api/config/config_entries/options/flow/{form['flow_id']}", form_values(form, answers)
    )
    expect(result["type"] == "create_entry", f"MCP Server options ended with {compact(result)}")
    entry_id = str(form["handler"])
    await wait_entry_loaded(demo.ha, "mcp_server", entry_id)


async def _read_only_session(demo: Demo) -> str:
    """Run the read-only client's calls; return the check's summary."""
    state = await demo.ha.state(PORCH[0])
    expect(demo.ha.token is not None, "no access token")
    async with mcp_session(f"{demo.ha.base_url}/api/mcp", str(demo.ha.token)) as session:
        tools = await list_tools(session)
        expect(
            sorted(tools) == ["call_read_only_tool", "search_tools"],
            f"read-only MCP Server lists {sorted(tools)}",
        )
        expect(
            all(tool["annotations"]["readOnlyHint"] for tool in tools.values()),
            f"read-only MCP Server lists a tool not marked read-only: {compact(tools)}",
        )
        found = await call_tool(session, "search_tools", {"query": "what time is it"})
        read_only = [tool["name"] for tool in found["tools"] if tool.get("read_only")]
        expect(read_only != [], f"search_tools found no read-only tool: {compact(found)}")
        ran = await call_tool(
            session, "call_read_only_tool", {"name": read_only[0], "arguments": {}}
        )
        found = await call_tool(session, "search_tools", {"query": "turn on the light"})
        turn_on = one_tool({tool["name"]: tool for tool in found["tools"]}, TURN_ON_SUFFIX)
        direct: JsonObject = {"name": PORCH[1]}
        write: JsonObject = {"name": turn_on, "arguments": direct}
        refused = []
        calls: list[tuple[str, JsonObject]] = [
            ("call_read_only_tool", write),
            ("call_tool", write),
            (turn_on, direct),
        ]
        for name, arguments in calls:
            is_error, content = await call_tool_result(session, name, arguments)
            expect(is_error, f"read-only {name}({compact(arguments)}) ran: {compact(content)}")
            refused.append(f"{name}: {short(error_text(content), 60)!r}")
    after = await demo.ha.state(PORCH[0])
    expect(after == state, f"{PORCH[0]} went {state} -> {after} through a read-only server")
    return (
        f"read-only /api/mcp lists {sorted(tools)}; call_read_only_tool({read_only[0]}) -> "
        f"{short(compact(ran), 50)}; refused {'; '.join(refused)}; {PORCH[0]} stays {after}"
    )
