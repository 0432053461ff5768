"""The basics over MCP and REST: tools and calls, portable names, options, policy, timeout."""

from __future__ import annotations

import re
import time

from .client import JsonObject, compact, expect, short
from .context import (
    COUNT_TOOL,
    EXAMPLE_DOMAIN,
    KITCHEN,
    TURN_OFF_SUFFIX,
    TURN_ON_SUFFIX,
    Demo,
)
from .flows import menu_figures, run_options_step
from .mcp_client import call_tool, error_text, list_tools, one_tool

GERMAN_TOOL = f"{EXAMPLE_DOMAIN}__zähle.lichter"
GERMAN_EXPOSED = f"{EXAMPLE_DOMAIN}__zahle_lichter"
"""How a hub must expose ``GERMAN_TOOL``: "ä" transliterated, the dot made "_" (README)."""
SLOW_TOOL = f"{EXAMPLE_DOMAIN}__slow"
PORTABLE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,47}")
"""What every hub tool name must match: the providers' rule, with room for prefixes."""
CALL_TIMEOUT = 1
"""The hub's call timeout the demo sets, in seconds."""
SLOW_SECONDS = 5.0
"""How long the demo asks ``SLOW_TOOL`` to sleep: well past ``CALL_TIMEOUT``."""


async def check_mcp(demo: Demo) -> str:
    """List the Kitchen hub's tools over MCP, count the lights, turn the kitchen on."""
    async with demo.session() as session:
        tools = await list_tools(session)
        expect(COUNT_TOOL in tools, f"expected {COUNT_TOOL} in {list(tools)}")
        demo.turn_on = one_tool(tools, TURN_ON_SUFFIX)
        demo.turn_off = one_tool(tools, TURN_OFF_SUFFIX)
        counted = await call_tool(session, COUNT_TOOL, {})
        expect(counted.get("count") == 0, f"expected no light on yet: {compact(counted)}")
        expect(await demo.ha.state(KITCHEN[0]) == "off", f"{KITCHEN[0]} should start off")
        await call_tool(session, demo.turn_on, {"name": KITCHEN[1]})
        state = await demo.ha.wait_state(KITCHEN[0], "on")
        expect(state == "on", f"{KITCHEN[0]} is {state} after {demo.turn_on}")
        counted = await call_tool(session, COUNT_TOOL, {})
        expect(
            counted == {"count": 1, "lights": [KITCHEN[1]]},
            f"expected count 1 ({KITCHEN[1]}), got {compact(counted)}",
        )
    return (
        f"{len(tools)} tools; {COUNT_TOOL} -> 0 on; {demo.turn_on} "
        f'{{"name": "{KITCHEN[1]}"}} -> {KITCHEN[0]} on; {COUNT_TOOL} -> 1 on'
    )


async def check_names(demo: Demo) -> str:
    """Check that the German example tool is listed under a portable name that works."""
    async with demo.session() as session:
        tools = await list_tools(session)
        bad = [name for name in tools if not PORTABLE_NAME.fullmatch(name)]
        expect(not bad, f"names that are not portable: {bad}")
        expect(GERMAN_TOOL not in tools, f"{GERMAN_TOOL} is listed under its own name")
        expect(GERMAN_EXPOSED in tools, f"expected {GERMAN_EXPOSED} in {list(tools)}")
        counted = await call_tool(session, GERMAN_EXPOSED, {})
    expect(
        counted == {"anzahl": 1, "lichter": [KITCHEN[1]]},
        f"{GERMAN_EXPOSED}: expected 1 light ({KITCHEN[1]}), got {compact(counted)}",
    )
    return (
        f"{GERMAN_TOOL} listed as {GERMAN_EXPOSED} (all {len(tools)} names portable); "
        f"calling it -> {compact(counted)}"
    )


async def check_options(demo: Demo) -> str:
    """Through the options menu: 1 s timeout and confirmation; leave out HassTurnOff."""
    expect(bool(demo.turn_off), "no HassTurnOff tool was listed")
    safety = {"timeout": CALL_TIMEOUT, "confirm_destructive": True}
    before = await run_options_step(demo.ha, demo.kitchen_id, "safety", lambda _: safety)

    def leave_out_turn_off(form: JsonObject) -> JsonObject:
        field = next(f for f in form["data_schema"] if f["name"] == "tools")
        offered = [option["value"] for option in field["selector"]["select"]["options"]]
        expect(demo.turn_off in offered, f"{demo.turn_off} is not offered: {offered}")
        # Labels come from the translations, e.g. "... (intent__HassTurnOff, from Assist):
        # destructive"; an untranslated one would show its key.
        labels = [option["label"] for option in field["selector"]["select"]["options"]]
        expect(
            not any("selector." in label for label in labels),
            f"untranslated tool labels: {labels}",
        )
        demo.turn_off_label = labels[offered.index(demo.turn_off)]
        return {"tools": [key for key in offered if key != demo.turn_off]}

    await run_options_step(demo.ha, demo.kitchen_id, "tools", leave_out_turn_off)
    path = "/api/config/config_entries/options/flow"
    menu = await demo.ha.post(path, {"handler": demo.kitchen_id})
    await demo.ha.request("DELETE", f"{path}/{menu['flow_id']}")
    return (
        f"safety {compact(safety)}; tools: all but {demo.turn_off} "
        f"({demo.turn_off_label!r}); "
        f"menu: {before} -> {menu_figures(menu)}"
    )


async def check_policy(demo: Demo) -> str:
    """Check that the tool left out is not listed and that calling it by name fails."""
    async with demo.session() as session:
        tools = await list_tools(session)
        expect(demo.turn_off not in tools, f"{demo.turn_off} is still listed")
        expect(demo.turn_on in tools, f"{demo.turn_on} is gone too: {list(tools)}")
        # Called by name, the tool left out is refused, and the refusal is recorded.
        is_error, content = await demo.mcp_call(session, demo.turn_off, {"name": "x"}, "refused")
    expect(is_error, f"calling {demo.turn_off} did not fail: {compact(content)}")
    return (
        f"{demo.turn_off} not listed ({len(tools)} tools); calling it -> error "
        f"{short(error_text(content), 70)!r}"
    )


async def check_timeout(demo: Demo) -> str:
    """Check that a call past the hub's timeout fails in time and the session goes on."""
    async with demo.session() as session:
        started = time.monotonic()
        is_error, content = await demo.mcp_call(
            session, SLOW_TOOL, {"seconds": SLOW_SECONDS}, "error"
        )
        took = time.monotonic() - started
        expect(is_error, f"{SLOW_TOOL} did not fail: {compact(content)}")
        text = error_text(content)
        expect("timed out" in text, f"{SLOW_TOOL}: expected a timeout, got {compact(content)}")
        expect(took < SLOW_SECONDS - 1, f"{SLOW_TOOL} answered after {took:.1f} s")
        counted = await demo.mcp_call(session, COUNT_TOOL, {}, "ok")
    expect(counted == (False, {"count": 1, "lights": [KITCHEN[1]]}), f"next call: {counted}")
    return (
        f'{SLOW_TOOL} {{"seconds": {SLOW_SECONDS:g}}} -> error after {took:.1f} s '
        f"({short(text, 55)!r}); the session goes on: {COUNT_TOOL} -> ok"
    )
