"""Tools made in the UI: a template and an action tool added in a hub's subentry flow."""

from __future__ import annotations

from .client import HomeAssistantClient, JsonObject, WebSocketClient, compact, expect
from .context import PORCH, Demo
from .flows import HUB_DOMAIN, wait_entry_loaded
from .mcp_client import call_tool, list_tools

LIGHTS_BY_AREA = (
    "{% set ns = namespace(areas={}) %}"
    "{% for light in states.light | selectattr('state', 'eq', 'on') %}"
    "{% set area = area_name(light.entity_id) or 'no area' %}"
    "{% set ns.areas = dict(ns.areas, **{area: ns.areas.get(area, 0) + 1}) %}"
    "{% endfor %}{{ ns.areas | tojson }}"
)


async def add_ui_tool(ha: HomeAssistantClient, entry_id: str, kind: str, form: JsonObject) -> str:
    """Add a tool to a hub through its subentry flow over REST; return the name shown to save."""
    path = "/api/config/config_entries/subentries/flow"
    menu = await ha.post(path, {"handler": [entry_id, "tool"]})
    expect(menu["type"] == "menu", f"Add tool: expected the menu of kinds, got {compact(menu)}")
    shown = await ha.post(f"{path}/{menu['flow_id']}", {"next_step_id": kind})
    expect(shown.get("step_id") == kind, f"Add tool -> {kind}: got {compact(shown)}")
    flow = f"{path}/{menu['flow_id']}"
    fields = {key: value for key, value in form.items() if key != "parameters"}
    step = await ha.post(flow, fields)
    for parameter in form.get("parameters", []):
        expect(step.get("step_id") == "parameters", f"{kind}: expected parameters, {compact(step)}")
        await ha.post(flow, {"next_step_id": "parameter_add"})
        await ha.post(flow, {"type": parameter["type"]})
        rest = {key: value for key, value in parameter.items() if key != "type"}
        step = await ha.post(flow, rest)
    if step.get("step_id") == "parameters":
        step = await ha.post(flow, {"next_step_id": "parameters_done"})
    save = step
    expect(save.get("step_id") == "save", f"{kind} form refused {compact(form)}: {compact(save)}")
    done = await ha.post(flow, {})
    expect(done["type"] == "create_entry", f"saving the {kind} tool: got {compact(done)}")
    return str(save["description_placeholders"]["name"])


async def check_ui_tools(demo: Demo) -> str:
    """Make a template and an action tool in Kitchen's subentry flow; call both over MCP."""
    async with WebSocketClient.connect(demo.ha) as ws:
        area = await ws.command({"type": "config/area_registry/create", "name": "Porch"})
        await ws.command(
            {
                "type": "config/entity_registry/update",
                "entity_id": PORCH[0],
                "area_id": area["area_id"],
            }
        )
    count = await add_ui_tool(
        demo.ha,
        demo.kitchen_id,
        "template",
        {
            "title": "Lights on by area",
            "description": "How many lights are on, by area.",
            "template": LIGHTS_BY_AREA,
        },
    )
    porch = await add_ui_tool(
        demo.ha,
        demo.kitchen_id,
        "action",
        {
            "title": "Porch light",
            "description": "Turns on the porch light at a brightness (0-255).",
            "actions": [
                {
                    "action": "light.turn_on",
                    "target": {"entity_id": PORCH[0]},
                    "data": {"brightness": "{{ brightness }}"},
                }
            ],
            "parameters": [
                {"name": "brightness", "type": "integer", "min": 0, "max": 255, "required": True}
            ],
        },
    )
    await wait_entry_loaded(demo.ha, HUB_DOMAIN, demo.kitchen_id)
    expect(await demo.ha.state(PORCH[0]) == "off", f"{PORCH[0]} should start off")
    async with demo.session() as session:
        tools = await list_tools(session)
        expect({count, porch} <= set(tools), f"expected {count} and {porch} in {list(tools)}")
        read_only = tools[count].get("annotations", {}).get("readOnlyHint")
        expect(read_only is True, f"{count} should be read-only: {compact(tools[count])}")
        before = await call_tool(session, count, {})
        turned_on = await call_tool(session, porch, {"brightness": 128})
        state = await demo.ha.wait_state(PORCH[0], "on")
        after = await call_tool(session, count, {})
    expect(state == "on", f"{PORCH[0]} is {state} after {porch}")
    expect(after["result"].get("Porch") == 1, f"{count} after {porch}: {compact(after)}")
    await demo.ha.post("/api/services/light/turn_off", {"entity_id": PORCH[0]})
    await demo.ha.wait_state(PORCH[0], "off")
    return (
        f"{count} -> {compact(before['result'])}; {porch} {{brightness: 128}} -> "
        f"{compact(turned_on)}, {PORCH[0]} {state}; {count} -> {compact(after['result'])}"
    )
