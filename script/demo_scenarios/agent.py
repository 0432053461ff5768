"""A real conversation agent (Home Assistant's ollama, a scripted model) that picks a hub."""

from __future__ import annotations

import asyncio
import time

from ollama_standin import MODEL, ScriptedOllama

from .client import STATE_TIMEOUT, DemoError, compact, expect
from .context import PORCH, TURN_OFF_SUFFIX, Demo
from .flows import HUB_DOMAIN, create_hub, form_values, run_config_flow, wait_entry_loaded
from .mcp_client import list_tools

AGENT_NAME = "Scripted agent"
AGENT_ANSWER = "Done: the porch lights are off."


async def check_agent(demo: Demo) -> str:
    """Ollama's conversation agent picks hub "Porch"; one turn turns the porch lights off."""
    porch_id = await create_hub(demo.ha, "Porch", ["assist"])
    api_id = f"{HUB_DOMAIN}-{porch_id}"
    async with demo.session(porch_id) as session:
        hub_tools = set(await list_tools(session))
    await demo.ha.post("/api/services/light/turn_on", {"entity_id": PORCH[0]})
    expect(await demo.ha.wait_state(PORCH[0], "on") == "on", f"{PORCH[0]} did not turn on")
    scripted = ScriptedOllama(
        tool_suffix=TURN_OFF_SUFFIX, arguments={"name": PORCH[1]}, answer=AGENT_ANSWER
    ).start()
    try:
        entry = await run_config_flow(demo.ha, "ollama", {"url": scripted.url})
        entry_id = str(entry["entry_id"])
        await wait_entry_loaded(demo.ha, "ollama", entry_id)
        subentry_id = await add_agent(demo, entry_id, api_id)
        agent = await agent_entity(demo)
        answer = await demo.ha.post(
            "/api/conversation/process",
            {"text": "Turn off the porch lights", "agent_id": agent, "language": "en"},
        )
    finally:
        scripted.stop()
    speech = answer["response"]["speech"]["plain"]["speech"]
    expect(speech == AGENT_ANSWER, f"the agent answered {compact(answer['response'])}")
    expect(len(scripted.requests) == 2, f"{len(scripted.requests)} chat requests, not 2")
    sent = scripted.requests[0].get("tools") or []
    names = {tool["function"]["name"] for tool in sent}
    expect(names == hub_tools, f"the agent got {sorted(names)}, the hub lists {sorted(hub_tools)}")
    expect(
        all(
            tool["type"] == "function" and tool["function"]["parameters"]["type"] == "object"
            for tool in sent
        ),
        f"tools not in Ollama's format: {compact(sent[:2])}",
    )
    result = scripted.requests[1]["messages"][-1]
    expect(result["role"] == "tool", f"the second request ends with {compact(result)}")
    state = await demo.ha.wait_state(PORCH[0], "off")
    expect(state == "off", f"{PORCH[0]} is {state} after the agent's turn")
    called = next(name for name in names if name.endswith(TURN_OFF_SUFFIX))
    return (
        f"ollama entry {entry_id}, agent {agent} (subentry {subentry_id}) picks {api_id}: "
        f"{len(sent)} tools in Ollama's format; {called} -> {PORCH[0]} off; answer {speech!r}"
    )


async def add_agent(demo: Demo, entry_id: str, api_id: str, name: str = AGENT_NAME) -> str:
    """Add Ollama's conversation subentry ``name``, then reconfigure it to pick ``api_id``."""
    path = "/api/config/config_entries/subentries/flow"
    handler = [entry_id, "conversation"]
    form = await demo.ha.post(path, {"handler": handler})
    expect(form["type"] == "form", f"conversation subentry flow: {compact(form)}")
    data = form_values(form, {"name": name, "model": MODEL})
    made = await demo.ha.post(f"{path}/{form['flow_id']}", data)
    expect(made["type"] == "create_entry", f"conversation subentry: {compact(made)}")
    await wait_reloaded(demo, entry_id)
    subentries = await demo.websocket.command(
        {"type": "config_entries/subentries/list", "entry_id": entry_id}
    )
    subentry_id = next(str(sub["subentry_id"]) for sub in subentries if sub["title"] == name)
    form = await demo.ha.post(path, {"handler": handler, "subentry_id": subentry_id})
    expect(form["type"] == "form", f"reconfiguring the agent: {compact(form)}")
    offered = next(f for f in form["data_schema"] if f["name"] == "llm_hass_api")
    values = [option["value"] for option in offered["selector"]["select"]["options"]]
    expect(api_id in values, f"{api_id} is not among the LLM APIs offered: {values}")
    data = form_values(form, {"llm_hass_api": [api_id]})
    done = await demo.ha.post(f"{path}/{form['flow_id']}", data)
    expect(
        done["type"] == "abort" and done["reason"] == "reconfigure_successful",
        f"reconfiguring the agent ended with {compact(done)}",
    )
    await wait_reloaded(demo, entry_id)
    return subentry_id


async def wait_reloaded(demo: Demo, entry_id: str) -> None:
    """Wait until Ollama's entry, which a subentry change reloads, is loaded again.

    The reload starts in the background: give it a second to show, then wait it out.
    """
    deadline = time.monotonic() + 1
    while time.monotonic() < deadline:
        entries = await demo.ha.get("/api/config/config_entries/entry?domain=ollama")
        if any(e["entry_id"] == entry_id and e["state"] != "loaded" for e in entries):
            break
        await asyncio.sleep(0.05)
    await wait_entry_loaded(demo.ha, "ollama", entry_id)


async def agent_entity(demo: Demo, agent_name: str = AGENT_NAME) -> str:
    """Return the entity id of the agent ``agent_name`` once it is there."""
    deadline = time.monotonic() + STATE_TIMEOUT
    while True:
        for state in await demo.ha.get("/api/states"):
            entity_id = str(state["entity_id"])
            name = state["attributes"].get("friendly_name")
            if entity_id.startswith("conversation.") and name == agent_name:
                return entity_id
        if time.monotonic() > deadline:
            raise DemoError(f"no conversation entity named {agent_name!r}")
        await asyncio.sleep(0.2)
