"""Drive a fresh Home Assistant over HTTP to show that LLM Hub works end to end.

Run by ``script/demo`` in the Home Assistant venv, after it started Home Assistant on a fresh
copy of the dev config. Steps: onboarding (user and token), an LLM Hub entry "Kitchen" that
picks Assist (config flow, then the options menu's "apis" step), MCP Server. Then checks,
each printed as one ``PASS``/``FAIL`` line; a failed check does not stop the others, and
any failure makes the exit status non-zero:

- ``mcp``: through the ``mcp`` SDK over Streamable HTTP at ``/api/mcp/llm_hub-<entry_id>``:
  the tool list, the example tool, turning the kitchen lights on;
- ``names``: the example's ``llm_hub_example__zähle.lichter`` is listed under a portable
  name, every name is portable, and calling the portable name runs it;
- ``ui tools``: a template tool (lights on, by area) and an action tool (the porch light at a
  brightness) made in Kitchen's subentry flow over REST, called over MCP, the light read back;
- ``options``: the options menu's "safety" step (1 s timeout, confirm destructive tools)
  and "tools" step (leave out ``*HassTurnOff``);
- ``policy``: the left-out tool is not listed and cannot be called;
- ``timeout``: ``llm_hub_example__slow`` running longer is answered with an error, and the
  same MCP session goes on;
- ``approval``: a call of a tool that needs confirming, from an MCP client, waits for an
  approval in Home Assistant; approved over the websocket as the user, it runs once;
- ``describe`` and ``tool/call``: the inspector's websocket commands;
- ``events``: ``llm_hub_tool_called`` for each call above, through ``subscribe_events``;
- ``diagnostics``: the entry's diagnostics over HTTP, with the counters of those calls;
- ``requires_admin`` (where ``llm/api/list`` reports it, 2026.11+): a hub "Admin tools" on
  the admin-only "Home Assistant" API;
- ``search``: a hub "Search" in search mode lists only ``search_tools`` and ``call_tool``;
  through them it turns the porch light off, then on;
- ``search read-only`` (2026.11+, MCP Server's *read only* option, serving only "Search"):
  over ``/api/mcp`` the client lists ``search_tools`` and ``call_read_only_tool``, runs a
  read-only tool it found, and every way to a write tool is refused;
- ``agent``: a real conversation agent picks a hub "Porch" (Assist): Home Assistant's
  ``ollama`` integration, set up through its config flow and a conversation subentry whose
  reconfigure step picks the hub under LLM APIs, with ``ollama_standin`` as its server. One
  turn through ``conversation/process``: the stand-in must get the hub's tools in Ollama's
  format, its tool call must turn the porch lights off, and the answer must come back;
- ``scope``: the lights put in areas Kitchen and Porch (area and entity registry websocket);
  a hub "Kitchen only" scoped to the kitchen (options step "Scope") flags the kitchen lights
  as acting outside it while the helper they switch has no area, then, with the helpers in
  their areas, turns the kitchen lights on and is refused the porch lights, as outside its
  scope: over MCP and through an Ollama agent;
- ``docs``: the README names MCP Server and the agents' API field as this Home Assistant does
  (``manifest/get``, ``frontend/get_translations``), and a hub's own address answers a user
  who is no administrator with the status docs/mcp.md gives for this version.

The checks are in ``demo_scenarios`` (one module per scenario); this driver runs them in this
order. Works with the ``mcp`` SDK 1.x (httpx, Home Assistant 2026.10) and 2.x (httpx2, 2026.11).
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Awaitable, Callable
from importlib import metadata
import sys
import time

import aiohttp
from demo_scenarios import agent, approvals, basics, docs, inspection, scope, search, ui_tools
from demo_scenarios.client import (
    USER,
    HomeAssistantClient,
    SkipCheckError,
    WebSocketClient,
    expect,
    onboard,
    wait_for_home_assistant,
    wait_until_running,
)
from demo_scenarios.context import EVENT_TOOL_CALLED, EXAMPLE_DOMAIN, Demo
from demo_scenarios.flows import HUB_DOMAIN, create_hub, run_config_flow
from demo_scenarios.mcp_client import httpx_module

type Check = Callable[[Demo], Awaitable[str]]

CHECKS: tuple[tuple[str, Check], ...] = (
    ("mcp", basics.check_mcp),
    ("names", basics.check_names),
    ("ui tools", ui_tools.check_ui_tools),
    ("options", basics.check_options),
)
"""The checks before the subscription to ``llm_hub_tool_called``: their calls make no events."""
WATCHED_CHECKS: tuple[tuple[str, Check], ...] = (
    ("policy", basics.check_policy),
    ("timeout", basics.check_timeout),
    ("approval", approvals.check_approval),
    ("describe", inspection.check_describe),
    ("tool/call", inspection.check_tool_call),
    ("events", inspection.check_events),
    ("diagnostics", inspection.check_diagnostics),
    ("requires_admin", inspection.check_requires_admin),
    ("search", search.check_search),
    ("search read-only", search.check_search_read_only),
    ("agent", agent.check_agent),
    ("scope", scope.check_scope),
    ("docs", docs.check_docs),
)
"""The checks while subscribed: ``events`` and ``diagnostics`` account for the calls before them."""


class Results:
    """The checks that passed and failed so far."""

    def __init__(self) -> None:
        """Start with no check run."""
        self.failed: list[str] = []
        self.passed = 0

    async def check(self, name: str, run: Awaitable[str]) -> None:
        """Run one check; print ``PASS name: <summary>``, ``FAIL name: <error>`` or ``SKIP``."""
        try:
            summary = await run
        except SkipCheckError as err:
            print(f"SKIP {name}: {err}", flush=True)
        except Exception as err:
            self.failed.append(name)
            print(f"FAIL {name}: {'; '.join(leaf_errors(err))}", flush=True)
        else:
            self.passed += 1
            print(f"PASS {name}: {summary}", flush=True)


def step(message: str) -> None:
    """Print the headline of a step."""
    print(f"--> {message}", flush=True)


def leaf_errors(error: BaseException) -> list[str]:
    """Return the leaf errors of an exception (group) as lines of text."""
    if isinstance(error, BaseExceptionGroup):
        return [line for sub in error.exceptions for line in leaf_errors(sub)]
    return [f"{type(error).__name__}: {error}"]


async def run(base_url: str, version: str, ha_pid: int | None) -> Results:
    """Run every step and check against the Home Assistant at ``base_url``."""
    step(
        f"demo client: Python {sys.version.split()[0]}, mcp {metadata.version('mcp')}, "
        f"aiohttp {aiohttp.__version__}, {httpx_module().__name__}"
    )
    results = Results()
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        ha = HomeAssistantClient(http, base_url)
        answered = await wait_for_home_assistant(ha, ha_pid)
        await onboard(ha)
        config = await wait_until_running(ha)
        expect(config["version"] == version, f"Home Assistant says {config['version']}")
        expect(EXAMPLE_DOMAIN in config["components"], f"{EXAMPLE_DOMAIN} is not loaded")
        step(
            f"Home Assistant {version} answered after {answered:.1f} s; owner "
            f"{USER['username']!r} onboarded over HTTP; RUNNING"
        )
        demo = Demo(ha, version)
        demo.kitchen_id = await create_hub(ha, "Kitchen", ["assist"])
        mcp_entry = await run_config_flow(ha, "mcp_server", {})
        step(
            f'LLM Hub "Kitchen" ({HUB_DOMAIN}-{demo.kitchen_id}): config flow, then options '
            f'menu -> "apis": Assist; MCP Server "{mcp_entry["title"]}" {mcp_entry["state"]}'
        )
        for name, check in CHECKS:
            await results.check(name, check(demo))
        async with WebSocketClient.connect(ha) as ws:
            demo.subscription = await ws.subscribe_events(EVENT_TOOL_CALLED)
            demo.ws = ws
            for name, check in WATCHED_CHECKS:
                await results.check(name, check(demo))
    return results


def main() -> int:
    """Parse the arguments, run the demo and return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8123")
    parser.add_argument("--ha-version", required=True, help="the version Home Assistant must say")
    parser.add_argument("--ha-pid", type=int, help="pid of the process running Home Assistant")
    args = parser.parse_args()
    started = time.monotonic()
    try:
        results = asyncio.run(run(args.base_url.rstrip("/"), args.ha_version, args.ha_pid))
    except Exception as err:
        for line in leaf_errors(err):
            print(f"FAILED: {line}", file=sys.stderr, flush=True)
        return 1
    took = time.monotonic() - started
    if results.failed:
        print(
            f"FAILED: {len(results.failed)} of {results.passed + len(results.failed)} checks "
            f"({', '.join(results.failed)}) in {took:.1f} s",
            file=sys.stderr,
            flush=True,
        )
        return 1
    step(f"all {results.passed} checks passed in {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
