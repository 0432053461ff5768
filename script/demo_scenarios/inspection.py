"""What the hub tells about itself: inspector commands, events, diagnostics, requires_admin."""

from __future__ import annotations

from collections import Counter

from .basics import GERMAN_EXPOSED, GERMAN_TOOL
from .client import DemoError, JsonObject, SkipCheckError, WebSocketError, compact, expect, short
from .context import COUNT_TOOL, EVENT_TOOL_CALLED, KITCHEN, Demo
from .flows import HUB_DOMAIN, create_hub
from .mcp_client import list_tools


async def check_describe(demo: Demo) -> str:
    """``llm_hub/api/describe`` shows names, the tool left out and why, and sizes."""
    described = await demo.websocket.command(
        {"type": "llm_hub/api/describe", "api_id": demo.kitchen_api}
    )
    tools = {tool["original_name"]: tool for tool in described["tools"]}
    german = tools.get(GERMAN_TOOL) or {}
    expect(german.get("name") == GERMAN_EXPOSED, f"{GERMAN_TOOL}: {compact(german)[:300]}")
    left_out: JsonObject = next((t for t in described["tools"] if t["key"] == demo.turn_off), {})
    expect(bool(left_out.get("hidden")), f"{demo.turn_off} not left out: {compact(left_out)}")
    listed = [tool["name"] for tool in described["tools"] if tool["hidden"] is None]
    size = described["size"]
    expect(size["tools"] == len(listed), f"size counts {size['tools']} of {listed}")
    return (
        f"{len(described['tools'])} tools gathered, {len(listed)} listed, "
        f"~{size['tokens']} tokens; {GERMAN_TOOL} as {german['name']}; "
        f"{demo.turn_off} left out: {left_out['hidden']!r}"
    )


async def check_tool_call(demo: Demo) -> str:
    """``llm_hub/tool/call`` runs a tool as a model would, and refuses a left-out one."""
    api_id = demo.kitchen_api
    arguments = {"name_contains": "kitchen"}
    demo.expected_events.append((COUNT_TOOL, "ok", HUB_DOMAIN))
    called = await demo.websocket.command(
        {
            "type": "llm_hub/tool/call",
            "api_id": api_id,
            "tool_name": COUNT_TOOL,
            "tool_args": arguments,
        }
    )
    expect(
        called["result"] == {"data": {"count": 1, "lights": [KITCHEN[1]]}, "error": False}
        and called["outcome"] == "ok",
        f"{COUNT_TOOL}: {compact(called)}",
    )
    try:
        refused = await demo.websocket.command(
            {"type": "llm_hub/tool/call", "api_id": api_id, "tool_name": demo.turn_off}
        )
    except WebSocketError as err:
        expect(err.code == "not_found", f"{demo.turn_off}: {err}")
        # The message names the API first; the reason comes last.
        refusal = f"{err.code} ({short(err.message.rsplit(': ', 1)[-1], 60)!r})"
    else:
        raise DemoError(f"{demo.turn_off} ran although left out: {compact(refused)}")
    return (
        f"{COUNT_TOOL} {compact(arguments)} -> {called['outcome']} "
        f"{compact(called['result']['data'])} in {called['duration_ms']} ms; "
        f"{demo.turn_off} -> {refusal}"
    )


async def check_events(demo: Demo) -> str:
    """Check that an ``llm_hub_tool_called`` event came for each call, with its outcome."""
    events = await demo.websocket.events(demo.subscription, len(demo.expected_events))
    got = [
        (event["data"]["tool_name"], event["data"]["outcome"], event["data"]["platform"])
        for event in events
    ]
    expect(got == demo.expected_events, f"expected {demo.expected_events}, got {got}")
    by_platform: dict[str, list[str]] = {}
    for name, outcome, platform in got:
        by_platform.setdefault(platform, []).append(f"{name.rsplit('__', 1)[-1]} {outcome}")
    outcomes = "; ".join(f"{key}: {', '.join(calls)}" for key, calls in by_platform.items())
    return f"{len(got)} {EVENT_TOOL_CALLED} as expected; {outcomes}"


async def check_diagnostics(demo: Demo) -> str:
    """Check that the entry's diagnostics count the calls since the last reload."""
    diagnostics = await demo.ha.get(f"/api/diagnostics/config_entry/{demo.kitchen_id}")
    counters = diagnostics["data"]["counters"]
    outcomes = Counter(outcome for _, outcome, _ in demo.expected_events)
    wanted = {
        "calls": len(demo.expected_events),
        "errors": outcomes["error"],
        "refused": outcomes["refused"],
        "needs_confirmation": outcomes["needs_confirmation"],
    }
    expect(counters == wanted, f"counters {compact(counters)}, expected {compact(wanted)}")
    recent = diagnostics["data"]["recent_calls"]
    expect(len(recent) == len(demo.expected_events), f"{len(recent)} recent calls")
    return f"counters {compact(counters)}, {len(recent)} recent calls"


async def check_requires_admin(demo: Demo) -> str:
    """Where ``llm/api/list`` reports ``requires_admin``: an admin-only hub reports true.

    Skipped where it does not (before 2026.11).
    """
    apis = (await demo.websocket.command({"type": "llm/api/list"}))["apis"]
    if not all("requires_admin" in api for api in apis):
        raise SkipCheckError(f"llm/api/list of {demo.version} has no requires_admin")
    admin_id = await create_hub(demo.ha, "Admin tools", ["homeassistant"])
    apis = (await demo.websocket.command({"type": "llm/api/list"}))["apis"]
    by_id = {api["id"]: api["requires_admin"] for api in apis}
    admin = by_id.get(f"{HUB_DOMAIN}-{admin_id}")
    kitchen = by_id.get(demo.kitchen_api)
    expect(
        admin is True and kitchen is False,
        f"expected Admin tools true and Kitchen false, got {admin} and {kitchen}",
    )
    async with demo.session(admin_id) as session:
        tools = await list_tools(session)
    return (
        f'"Admin tools" (picks homeassistant) true, "Kitchen" false; '
        f"the owner gets {len(tools)} tools of Admin tools"
    )
