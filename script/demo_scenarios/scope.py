"""A hub scoped to the kitchen: it turns the kitchen lights on, never the porch lights."""

from __future__ import annotations

from typing import Any

from ollama_standin import ScriptedOllama

from .agent import add_agent, agent_entity
from .client import compact, expect
from .context import KITCHEN, KITCHEN_HELPER, PORCH, PORCH_HELPER, TURN_ON_SUFFIX, Demo
from .flows import HUB_DOMAIN, create_hub, run_config_flow, run_options_step, wait_entry_loaded
from .mcp_client import call_tool_result, error_text, list_tools, one_tool

AGENT_NAME = "Kitchen agent"
OUT_OF_SCOPE = "is outside the scope of this assistant"
"""How a scoped hub answers a call naming an exposed entity outside its scope."""


async def check_scope(demo: Demo) -> str:
    """Put the lights in areas; hub "Kitchen only" reaches the kitchen, over MCP and an agent."""
    ws = demo.websocket
    areas = {
        area["name"]: area["area_id"]
        for area in await ws.command({"type": "config/area_registry/list"})
    }
    for name in ("Kitchen", "Porch"):
        if name not in areas:
            made = await ws.command({"type": "config/area_registry/create", "name": name})
            areas[name] = made["area_id"]
    for (entity_id, _), area in ((KITCHEN, "Kitchen"), (PORCH, "Porch")):
        update = {"type": "config/entity_registry/update", "entity_id": entity_id}
        await ws.command(update | {"area_id": areas[area]})
    entry_id = await create_hub(demo.ha, "Kitchen only", ["assist"])
    figures = await run_options_step(
        demo.ha, entry_id, "scope", lambda _: {"scope_areas": [areas["Kitchen"]]}
    )
    scope = await ws.command({"type": "llm_hub/hub/scope", "entry_id": entry_id})
    flagged = [row["id"] for row in scope["reached"] if row["acts_outside"]]
    expect(flagged == [KITCHEN[0]], f"acting outside the scope: {flagged}, not {KITCHEN[0]}")
    on = [item["id"] for item in scope["reached"][0]["outside"]]
    expect(on == [KITCHEN_HELPER], f"{KITCHEN[0]} acts outside the scope on {on}")
    # The template lights switch helpers with no area: in the lights' areas, the scope holds them.
    for helper, area in ((KITCHEN_HELPER, "Kitchen"), (PORCH_HELPER, "Porch")):
        update = {"type": "config/entity_registry/update", "entity_id": helper}
        await ws.command(update | {"area_id": areas[area]})
    scope = await ws.command({"type": "llm_hub/hub/scope", "entry_id": entry_id})
    reached = [row["id"] for row in scope["reached"] if not row["acts_outside"]]
    expect(reached == [KITCHEN[0]], f"the hub reaches {scope['reached']}, not {KITCHEN[0]}")

    for entity_id, _ in (KITCHEN, PORCH):
        await demo.ha.post("/api/services/light/turn_off", {"entity_id": entity_id})
        expect(await demo.ha.wait_state(entity_id, "off") == "off", f"{entity_id} is not off")
    async with demo.session(entry_id) as session:
        turn_on = one_tool(await list_tools(session), TURN_ON_SUFFIX)
        failed, content = await call_tool_result(session, turn_on, {"name": KITCHEN[1]})
        expect(not failed, f"MCP: {turn_on} on {KITCHEN[1]} failed: {compact(content)}")
        expect(await demo.ha.wait_state(KITCHEN[0], "on") == "on", f"MCP: {KITCHEN[0]} not on")
        failed, content = await call_tool_result(session, turn_on, {"name": PORCH[1]})
        expect(failed and OUT_OF_SCOPE in error_text(content), f"MCP: porch: {compact(content)}")
    expect(await demo.ha.state(PORCH[0]) == "off", f"MCP turned {PORCH[0]} on")
    refused = error_text(content)

    await demo.ha.post("/api/services/light/turn_off", {"entity_id": KITCHEN[0]})
    agent_said = await _agent_turns(demo, f"{HUB_DOMAIN}-{entry_id}")
    return (
        f'hub "Kitchen only" (area Kitchen; menu before: {figures}) flags {flagged} as acting '
        f"outside until its helper is in the area, then reaches {reached} of "
        f"{scope['exposed']} exposed; MCP: {turn_on} turns {KITCHEN[0]} on, {PORCH[0]} "
        f"refused ({refused!r}); agent: {agent_said}"
    )


async def _agent_turns(demo: Demo, api_id: str) -> str:
    """Ollama's agent on the scoped hub: the kitchen lights on, the porch lights refused."""
    scripted = ScriptedOllama(tool_suffix=TURN_ON_SUFFIX, arguments={"name": KITCHEN[1]}).start()
    try:
        entry = await run_config_flow(demo.ha, "ollama", {"url": scripted.url})
        entry_id = str(entry["entry_id"])
        await wait_entry_loaded(demo.ha, "ollama", entry_id)
        await add_agent(demo, entry_id, api_id, name=AGENT_NAME)
        agent = await agent_entity(demo, AGENT_NAME)
        results: list[Any] = []
        for _, name in (KITCHEN, PORCH):
            scripted.arguments = {"name": name}
            await demo.ha.post(
                "/api/conversation/process",
                {"text": f"Turn on the {name.lower()}", "agent_id": agent, "language": "en"},
            )
            results.append(scripted.requests[-1]["messages"][-1])
            expect(results[-1]["role"] == "tool", f"agent: {name}: {compact(results[-1])}")
    finally:
        scripted.stop()
    expect(await demo.ha.wait_state(KITCHEN[0], "on") == "on", f"agent: {KITCHEN[0]} not on")
    expect(OUT_OF_SCOPE in results[1]["content"], f"agent: porch: {compact(results[1])}")
    expect(await demo.ha.state(PORCH[0]) == "off", f"the agent turned {PORCH[0]} on")
    return f"{agent} turns {KITCHEN[0]} on; {PORCH[0]} refused, still off"
