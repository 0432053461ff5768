"""Benchmark: what a hub costs on top of Home Assistant's own LLM API code (issue 6).

Run by ``script/bench`` in the test venv (or a Home Assistant venv, ``--ha``). It starts a
real Home Assistant in a temporary config under ``.scratch/bench/`` (HTTP on a free localhost
port, never 8123) with LLM Hub and the synthetic integration ``bench/bench_tools`` (an
``llm.py`` platform contributing N trivial tools to Assist and to one hub, and an LLM API
"Bench tools" with N tools of its own), and for N = 10, 100, 1000 measures side by side, as
medians over repeated runs:

- building the API instance (``llm.async_get_api``): a hub picking Assist and Bench tools
  against Home Assistant's ``MergedAPI`` of the same two; a hub picking Assist against Assist;
  a hub given the N contributed tools against Assist given the same N;
- one call of a trivial tool through ``APIInstance.async_call_tool`` (the hub's validation,
  policy and audit included) against the same call through Assist's instance;
- MCP over HTTP: ``tools/list`` and one ``tools/call`` at ``/api/mcp/llm_hub-<id>`` against
  ``/api/mcp/assist``, with an administrator's token;
- memory (tracemalloc): bytes allocated per build (peak) and kept by the instance.

Then, for 1,000, 8,000 and 10,000 tools in all with parameters of their own (``--large-sizes``):
the build of the hub picking Assist and Bench tools against ``MergedAPI``, the same followed by
each installed conversation agent's own ``_format_tool`` of every tool, and memory kept.

Only public surfaces are used: config and options flows, ``llm.async_get_api``, MCP over HTTP.
Prints one Markdown table with the machine and versions; ``--profile`` writes pyinstrument
reports of both sides of each timed measure at the largest N.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Awaitable, Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
import gc
import importlib.util
import itertools
import json
import logging
import math
import os
from pathlib import Path
import platform
import re
import shutil
import socket
from statistics import median
import sys
import tempfile
import time
import tracemalloc
from typing import Any, Literal, Protocol, cast

import aiohttp

from homeassistant import bootstrap, config_entries, loader
from homeassistant.auth.const import GROUP_ID_ADMIN
from homeassistant.auth.models import TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN
from homeassistant.components import conversation
from homeassistant.const import CONF_LLM_HASS_API, __version__ as ha_version
from homeassistant.core import Context, HomeAssistant
from homeassistant.core_config import async_process_ha_core_config
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

REPO = Path(__file__).resolve().parent.parent
SCRATCH = REPO / ".scratch" / "bench"
BENCH_DOMAIN = "bench_tools"
CALLED_TOOL = f"{BENCH_DOMAIN}__echo_0"
"""The tool called: the first one contributed, so the call costs the least besides overhead."""
ECHO = {"text": "hello"}
MERGED_PICKS = [llm.LLM_API_ASSIST, BENCH_DOMAIN]

type Op = Callable[[], Awaitable[object]]
type BuildOp = Callable[[], Awaitable[llm.APIInstance]]
type Kind = Literal["time", "bytes"]


class BenchError(Exception):
    """The benchmark could not set up or got a wrong answer; the message says which."""


class BenchTools(Protocol):
    """``hass.data["bench_tools"]`` of the synthetic integration (``bench/bench_tools``)."""

    contribute_to: set[str]

    def resize(self, count: int, *, cached: bool = False, distinct: bool = False) -> None:
        """Serve ``count`` tools of each kind, made per request unless ``cached``.

        ``distinct``: each tool has parameters of its own.
        """


@dataclass(frozen=True)
class Settings:
    """How much to measure."""

    sizes: tuple[int, ...]
    large_sizes: tuple[int, ...]
    """Tool counts of the large-home table (N in all, N/2 per source); empty: no table."""
    repeats: int
    """Samples per side; the figure is their median."""
    sample_seconds: float
    """Aimed duration of one sample: operations are repeated to reach it."""
    cached: bool
    """Whether the synthetic platforms reuse their tools instead of making them per request."""
    profile_dir: Path | None
    scope: bool
    """Whether to measure the scope table (``SCOPE_SIZES``)."""
    clock: Callable[[], float]
    """``time.process_time`` (CPU time of this process: HTTP client, server, executor
    threads; not inflated by other processes) or ``time.perf_counter`` (wall time)."""


@dataclass(frozen=True)
class Target:
    """A most hub/core ratio at some sizes (None: at the largest N; ``EVERY``: at every N)."""

    ratio: float
    sizes: tuple[int, ...] | None = None


EVERY: tuple[int, ...] = ()
"""``Target.sizes`` for a target at every N measured."""


@dataclass(frozen=True)
class Measure:
    """One comparison of a table: what is measured, its targets, its unit."""

    key: str
    label: str
    kind: Kind = "time"
    targets: tuple[Target, ...] = ()
    max_extra: float | None = None
    """Most seconds the hub may take more than core, at the largest N."""
    linear: bool = False
    """Whether the hub's figure must grow at most linearly with N (exponent ≤ 1.1)."""


def _ha_at_least(major: int, minor: int) -> bool:
    """Return whether the Home Assistant measured is at least ``major.minor``."""
    found = tuple(int(part) for part in ha_version.split(".")[:2])
    return found >= (major, minor)


MCP_CALL_TARGET = 1.1 if _ha_at_least(2026, 11) else 0.9
"""From 2026.11 MCP Server builds the instance for every ``tools/call``: the hub's build is
then the user's wait, and the target is 1.1 times Assist's; before, 0.9 times."""

MEASURES = [
    Measure(
        "build_merged",
        "Build: hub [Assist, Bench tools] vs MergedAPI of both",
        targets=(Target(1.25), Target(2.0, (10,))),
    ),
    Measure(
        "describe",
        "Panel `llm_hub/api/describe`: hub [Assist, Bench tools] (build, describe, JSON) vs "
        "MergedAPI build",
    ),
    Measure("build_assist", "Build: hub [Assist] vs Assist"),
    Measure("build_contributed", "Build: hub of N contributed tools vs Assist"),
    Measure("call", "Tool call: hub [Assist] vs Assist", max_extra=3e-6),
    Measure("mcp_list", "MCP `tools/list`: hub [Assist] vs Assist", targets=(Target(0.9),)),
    Measure(
        "mcp_call",
        "MCP `tools/call`: hub [Assist] vs Assist",
        targets=(Target(MCP_CALL_TARGET, EVERY),),
    ),
    Measure(
        "mem_merged_peak",
        "Memory per build (peak): hub [Assist, Bench tools] vs MergedAPI",
        kind="bytes",
    ),
    Measure(
        "mem_merged_kept", "Memory kept by the instance: same", kind="bytes", targets=(Target(1.1),)
    ),
    Measure("mem_assist_peak", "Memory per build (peak): hub [Assist] vs Assist", kind="bytes"),
    Measure("mem_assist_kept", "Memory kept by the instance: same", kind="bytes"),
]
AGENTS = {
    "OpenAI": "openai_conversation",
    "Anthropic": "anthropic",
    "Google": "google_generative_ai_conversation",
    "Ollama": "ollama",
}
"""Conversation agents whose ``entity._format_tool`` the agent rows run, by the integration."""
AGENT_SIZES = (1000, 8000)
"""Tool counts at which an agent must wait at most 0.9 times what it waits for core."""
LARGE_MEASURES = [
    Measure(
        "large_build",
        "Build: hub [Assist, Bench tools] vs MergedAPI (distinct schemas)",
        linear=True,
    ),
    *(
        Measure(
            f"agent_{agent}",
            f"{agent} agent: build + its `_format_tool` of every tool",
            targets=(Target(0.9, AGENT_SIZES),),
        )
        for agent in AGENTS
    ),
    Measure("large_mem_kept", "Memory kept by the instance", kind="bytes", targets=(Target(1.1),)),
]
"""The large-home table: N tools in all (N/2 per source), each with parameters of its own."""
SCOPE_SIZES = (100, 2000)
"""Exposed entities of the scope table (lights in ``SCOPE_AREAS`` areas, one in scope)."""
SCOPE_AREAS = 10
SCOPE_MEASURES = [
    Measure(
        "scope_build",
        "Build: hub [Assist] scoped to one area vs the same hub without scope",
        targets=(Target(1.2, EVERY),),
    ),
    Measure(
        "scope_build_changed",
        "Same, each build after a change (a state renamed): nothing kept from the last",
    ),
    Measure(
        "scope_call",
        "Intent call (`HassTurnOn` of a light in scope): scoped hub vs the same hub without scope",
        targets=(Target(1.1, EVERY),),
    ),
    Measure(
        "scope_ask_call",
        "Same call, the scoped hub also asking before another light (nothing asked)",
        targets=(Target(1.1, EVERY),),
    ),
    Measure(
        "scope_live",
        "`GetLiveContext`: scoped hub vs Assist's own",
        targets=(Target(1.0, EVERY),),
    ),
]
"""The scope table (issue 24): N exposed entities, a hub scoped to one of the areas."""
LEGEND = """\
- *Build*: `llm.async_get_api(hass, <id>, llm_context)` of a hub (`[…]`: the APIs it picks)
  against Home Assistant doing the same: `llm.async_get_api(hass, ["assist", "bench_tools"])`
  (core's `MergedAPI`; 2N tools) or `"assist"`. *Hub of N contributed tools*: a hub that
  picks nothing and gets N tools from an `llm.py` platform, against Assist getting the same N
  from it (plus Home Assistant's own few tools).
- *Tool call*: `APIInstance.async_call_tool` of a trivial tool (one optional string argument),
  through the hub (its validation, policy and audit included) and through Assist.
- *MCP*: one JSON-RPC request over HTTP on localhost (admin token, Streamable HTTP,
  stateless) to `/api/mcp/llm_hub-<id>` and to `/api/mcp/assist`, serving the same tools.
- *hub/core*: for times the median of the ratios of samples taken in the same round.
- *Memory* (tracemalloc): the peak of what one build allocates, and what the instance keeps.
- *Large homes*: N tools in all, N/2 from each source (contributed to Assist, and the Bench
  tools API), every tool with parameters of its own (made once, like a script's or an
  intent's); tools made per request. *Agent* rows: what a conversation agent waits for
  before it can send a request: the build, then the agent's own `_format_tool`
  (`homeassistant.components.<agent>.entity`) of every tool with the instance's
  `custom_serializer`. The hub keeps each tool's listed schema across requests; core
  converts every tool each time.
- *Panel describe*: what the panel's `llm_hub/api/describe` does for a hub (its build,
  `describe_instance`, the JSON the websocket sends) against Home Assistant building
  `MergedAPI` of the same tools.
- *Scope*: N lights exposed to Assist, in 10 areas; the scoped hub picks Assist and reaches
  one area (its Scope step), the other hub picks Assist with no scope. The call turns on a
  light of that area (a service that does nothing); `GetLiveContext` with no arguments. A
  scoped hub keeps what its scope resolves to until a registry, a state's name or presence,
  or an exposure changes; *after a change* renames a state before each build of both hubs.
- *Growth*: figure at the largest N over figure at the smallest, as N^k; k ≤ 1 is linear or
  better (1.1 allowed for noise)."""


@dataclass(frozen=True)
class Figure:
    """One measure at one N: hub and core (medians, seconds or bytes) and their ratio."""

    hub: float
    core: float
    ratio: float
    """For times, the median of the ratios of samples taken in the same round (robust to
    slow drift of the machine's speed); for memory, ``hub / core``."""


@dataclass
class Results:
    """The figures per measure and N."""

    values: dict[tuple[str, int], Figure] = field(default_factory=dict)
    tool_counts: dict[tuple[str, int], tuple[int, int]] = field(default_factory=dict)
    """Tools served per build measure and N: ``(hub, core)``."""


# --- Home Assistant ---------------------------------------------------------------------


def _free_port() -> int:
    """Return a free TCP port on localhost (never 8123, which is reserved)."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        if port != 8123:
            return port


def _make_config_dir() -> Path:
    """Return a new config dir whose ``custom_components`` has LLM Hub and ``bench_tools``."""
    SCRATCH.mkdir(parents=True, exist_ok=True)
    config_dir = Path(tempfile.mkdtemp(prefix="config-", dir=SCRATCH))
    custom = config_dir / "custom_components"
    custom.mkdir()
    (custom / "llm_hub").symlink_to(REPO / "custom_components" / "llm_hub")
    (custom / BENCH_DOMAIN).symlink_to(REPO / "bench" / BENCH_DOMAIN)
    return config_dir


async def _async_setup(hass: HomeAssistant, domain: str, config: dict[str, Any]) -> None:
    """Set up ``domain``; raise when it fails."""
    if not await async_setup_component(hass, domain, config):
        raise BenchError(f"could not set up {domain}")


async def async_start_hass(config_dir: Path, port: int) -> HomeAssistant:
    """Start Home Assistant on ``config_dir`` the way ``bootstrap`` does, with only what we need.

    ``bootstrap.async_from_config_dict`` would also set up the default integrations (frontend,
    backup, ...), which are not installed in the test venv and are not what is measured.
    """
    hass = HomeAssistant(str(config_dir))
    loader.async_setup(hass)
    hass.config.skip_pip = True  # everything needed is in the test venv
    hass.config_entries = config_entries.ConfigEntries(hass, {})
    await loader.async_get_custom_components(hass)
    if not await bootstrap.async_load_base_functionality(hass):
        raise BenchError("Home Assistant could not load its registries")
    for domain in bootstrap.CORE_INTEGRATIONS:
        await _async_setup(hass, domain, {})
    await async_process_ha_core_config(hass, {})
    await _async_setup(hass, "http", {"http": {"server_host": "127.0.0.1", "server_port": port}})
    await _async_setup(hass, BENCH_DOMAIN, {})
    await _async_setup(hass, "llm_hub", {})
    await hass.async_start()
    return hass


async def async_add_hub(hass: HomeAssistant, name: str, picks: list[str]) -> str:
    """Create a hub through the config flow and pick ``picks`` in its options flow.

    Returns the hub's API id.
    """
    flow = await hass.config_entries.flow.async_init("llm_hub", context={"source": "user"})
    result = await hass.config_entries.flow.async_configure(flow["flow_id"], {"name": name})
    if result["type"] is not FlowResultType.CREATE_ENTRY:
        raise BenchError(f"the config flow did not create hub {name}: {result}")
    entry_id = result["result"].entry_id
    flow = await hass.config_entries.options.async_init(entry_id)
    # The options flow is a menu: the "apis" step holds the picks, "save" stores them.
    options = hass.config_entries.options
    await options.async_configure(flow["flow_id"], {"next_step_id": "apis"})
    await options.async_configure(flow["flow_id"], {CONF_LLM_HASS_API: picks})
    result = await options.async_configure(flow["flow_id"], {"next_step_id": "save"})
    if result["type"] is not FlowResultType.CREATE_ENTRY:
        raise BenchError(f"the options flow did not save the picks of hub {name}: {result}")
    await hass.async_block_till_done()
    api_id = f"llm_hub-{entry_id}"
    if api_id not in {api.id for api in llm.async_get_apis(hass)}:
        raise BenchError(f"hub {name} registered no LLM API {api_id}")
    return api_id


async def async_setup_mcp_server(hass: HomeAssistant) -> None:
    """Set up Home Assistant's MCP Server through its config flow (its defaults)."""
    flow = await hass.config_entries.flow.async_init("mcp_server", context={"source": "user"})
    if flow["type"] is FlowResultType.FORM:
        flow = await hass.config_entries.flow.async_configure(flow["flow_id"], {})
    if flow["type"] is not FlowResultType.CREATE_ENTRY:
        raise BenchError(f"the MCP Server config flow did not create an entry: {flow}")
    await hass.async_block_till_done()


async def async_admin(hass: HomeAssistant) -> tuple[str, str]:
    """Create an administrator; return their user id and a long-lived access token."""
    user = await hass.auth.async_create_user("Bench", group_ids=[GROUP_ID_ADMIN])
    refresh_token = await hass.auth.async_create_refresh_token(
        user, client_name="script/bench", token_type=TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN
    )
    return user.id, hass.auth.async_create_access_token(refresh_token)


class McpClient:
    """JSON-RPC over MCP Streamable HTTP (stateless, as Home Assistant serves it)."""

    def __init__(self, session: aiohttp.ClientSession, base_url: str, token: str) -> None:
        """Post to ``base_url`` with an administrator's ``token``."""
        self.session = session
        self.base_url = base_url
        self.headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "application/json, text/event-stream",
        }
        self.request_id = 0

    async def async_request(self, api_id: str, method: str, params: dict[str, Any]) -> Any:
        """Send one request to ``/api/mcp/<api_id>``; return its ``result``."""
        self.request_id += 1
        body = {"jsonrpc": "2.0", "id": self.request_id, "method": method, "params": params}
        async with self.session.post(
            f"{self.base_url}/api/mcp/{api_id}", json=body, headers=self.headers
        ) as response:
            if response.status != 200:
                raise BenchError(f"{method} at {api_id}: HTTP {response.status}")
            answer = await response.json()
        if "error" in answer:
            raise BenchError(f"{method} at {api_id}: {answer['error']}")
        return answer["result"]


# --- Measuring ---------------------------------------------------------------------------


async def _async_time(op: Op, count: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """Return the mean seconds of ``count`` runs of ``op`` by ``clock``."""
    start = clock()
    for _ in range(count):
        await op()
    return (clock() - start) / count


async def async_compare_time(hub: Op, core: Op, settings: Settings) -> Figure:
    """Return the median seconds per operation of ``hub`` and ``core``, sampled in turns."""
    for op in (hub, core):  # warm caches (imports, lazy platforms) before timing
        await _async_time(op, 1)
    once = max(await _async_time(hub, 1), await _async_time(core, 1))
    count = max(1, round(settings.sample_seconds / max(once, 1e-9)))
    samples: dict[bool, list[float]] = {True: [], False: []}
    gc.collect()
    for round_ in range(settings.repeats):
        # Alternate who goes first, so drift (caches, frequency) falls on both sides alike.
        for is_hub in (True, False) if round_ % 2 == 0 else (False, True):
            samples[is_hub].append(
                await _async_time(hub if is_hub else core, count, settings.clock)
            )
    hubs, cores = samples[True], samples[False]
    ratios = [hub_time / core_time for hub_time, core_time in zip(hubs, cores, strict=True)]
    return Figure(median(hubs), median(cores), median(ratios))


async def async_memory(op: Op, repeats: int) -> tuple[float, float]:
    """Return the median bytes allocated at peak during ``op`` and kept by its result."""
    await op()  # first-use caches are not the build's cost
    peaks: list[int] = []
    kept: list[int] = []
    tracemalloc.start()
    try:
        for _ in range(repeats):
            gc.collect()
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            result = await op()
            current, peak = tracemalloc.get_traced_memory()
            peaks.append(peak - before)
            kept.append(current - before)
            del result
    finally:
        tracemalloc.stop()
    return median(peaks), median(kept)


@contextmanager
def profiling(path: Path) -> Iterator[None]:
    """Profile the block with pyinstrument (the whole thread: HTTP client and server too).

    Writes ``path`` (.txt, the call tree in shares of the total), ``<stem>-flat.txt`` (self
    time per function) and ``<stem>.html``.
    """
    from pyinstrument import Profiler  # noqa: PLC0415  # only with --profile
    from pyinstrument.renderers import ConsoleRenderer  # noqa: PLC0415

    profiler = Profiler(interval=0.0002, async_mode="disabled")
    profiler.start()
    try:
        yield
    finally:
        profiler.stop()
        for target, flat in ((path, False), (path.with_stem(f"{path.stem}-flat"), True)):
            renderer = ConsoleRenderer(unicode=True, flat=flat, time="percent_of_total")
            target.write_text(profiler.output(renderer), encoding="utf-8")
        path.with_suffix(".html").write_text(profiler.output_html(), encoding="utf-8")


async def async_profile(key: str, hub: Op, core: Op, directory: Path) -> None:
    """Profile about one second of each side of a measure into ``directory``."""
    for side, op in (("hub", hub), ("core", core)):
        count = max(1, round(1.0 / await _async_time(op, 20)))
        with profiling(directory / f"{key}-{side}.txt"):
            await _async_time(op, count)


def _exposed(names: Iterable[str], name: str, where: str) -> str:
    """Return the one of ``names`` under which ``where`` exposes the tool called ``name``.

    The tool's own name, or a prefixed one (how merging renames a colliding tool).
    """
    for exposed in names:
        if exposed == name or exposed.endswith(f"__{name}"):
            return exposed
    raise BenchError(f"{where} does not serve {name}")


@dataclass
class Bench:
    """A started Home Assistant with the hubs, the MCP client and the request context."""

    hass: HomeAssistant
    tools: BenchTools
    mcp: McpClient
    llm_context: llm.LLMContext
    hubs: dict[str, str]
    """Hub API id by measure family: ``merged``, ``assist``, ``contributed``."""

    def build_ops(self) -> dict[str, tuple[BuildOp, BuildOp]]:
        """Return ``(hub, core)`` instance builds per build measure."""
        hass, ctx, hubs = self.hass, self.llm_context, self.hubs
        return {
            "build_merged": (
                lambda: llm.async_get_api(hass, hubs["merged"], ctx),
                lambda: llm.async_get_api(hass, MERGED_PICKS, ctx),
            ),
            "build_assist": (
                lambda: llm.async_get_api(hass, hubs["assist"], ctx),
                lambda: llm.async_get_api(hass, llm.LLM_API_ASSIST, ctx),
            ),
            "build_contributed": (
                lambda: llm.async_get_api(hass, hubs["contributed"], ctx),
                lambda: llm.async_get_api(hass, llm.LLM_API_ASSIST, ctx),
            ),
        }

    def describe_ops(self) -> tuple[Op, Op]:
        """Return ``(hub, core)``: the panel's describe of the merged hub, ``MergedAPI``'s build."""
        from custom_components.llm_hub.panel.inspector import (  # noqa: PLC0415  # once set up
            describe_instance,
        )
        from homeassistant.helpers.json import json_bytes  # noqa: PLC0415

        hub_build, core_build = self.build_ops()["build_merged"]

        async def describe() -> bytes:
            instance = await hub_build()
            return json_bytes({"user_id": None, **describe_instance(instance)})

        return describe, core_build

    async def async_call_ops(self) -> tuple[Op, Op]:
        """Return ``(hub, core)`` calls of ``CALLED_TOOL``; check that both answer right."""
        ops: list[Op] = []
        for api_id in (self.hubs["assist"], llm.LLM_API_ASSIST):
            instance = await llm.async_get_api(self.hass, api_id, self.llm_context)
            tool_input = llm.ToolInput(
                tool_name=_exposed((tool.name for tool in instance.tools), CALLED_TOOL, api_id),
                tool_args=ECHO,
            )
            result = await instance.async_call_tool(tool_input)
            if result.error or result.data != {"echo": ECHO["text"]}:
                raise BenchError(f"{api_id} answered {result} to {tool_input}")
            ops.append(partial(instance.async_call_tool, tool_input))
        return ops[0], ops[1]

    async def async_mcp_ops(self, tool_counts: tuple[int, int]) -> dict[str, tuple[Op, Op]]:
        """Return ``(hub, core)`` MCP requests; check that MCP lists the tools each API has."""
        ops: dict[str, list[Op]] = {"mcp_list": [], "mcp_call": []}
        for api_id, tool_count in zip(
            (self.hubs["assist"], llm.LLM_API_ASSIST), tool_counts, strict=True
        ):
            listed = await self.mcp.async_request(api_id, "tools/list", {})
            names = [tool["name"] for tool in listed["tools"]]
            if len(names) != tool_count:
                raise BenchError(f"MCP lists {len(names)} tools at {api_id}, not {tool_count}")
            params = {"name": _exposed(names, CALLED_TOOL, api_id), "arguments": ECHO}
            called = await self.mcp.async_request(api_id, "tools/call", params)
            if called.get("isError") or json.loads(called["content"][0]["text"]) != {
                "echo": ECHO["text"]
            }:
                raise BenchError(f"MCP tools/call at {api_id} answered {called}")
            ops["mcp_list"].append(partial(self.mcp.async_request, api_id, "tools/list", {}))
            ops["mcp_call"].append(partial(self.mcp.async_request, api_id, "tools/call", params))
        return {key: (hub, core) for key, (hub, core) in ops.items()}


async def async_measure_size(bench: Bench, size: int, settings: Settings, results: Results) -> None:
    """Measure every comparison with ``size`` tools per source."""
    bench.tools.resize(size, cached=settings.cached)
    builds = bench.build_ops()
    for key, (hub_build, core_build) in builds.items():
        hub_tools, core_tools = len((await hub_build()).tools), len((await core_build()).tools)
        results.tool_counts[key, size] = (hub_tools, core_tools)
    timed: dict[str, tuple[Op, Op]] = dict(builds)
    timed["describe"] = bench.describe_ops()
    timed["call"] = await bench.async_call_ops()
    timed.update(await bench.async_mcp_ops(results.tool_counts["build_assist", size]))
    for key, (hub, core) in timed.items():
        results.values[key, size] = await async_compare_time(hub, core, settings)
    repeats = max(3, settings.repeats // 3)
    for family in ("merged", "assist"):
        hub_build, core_build = builds[f"build_{family}"]
        hub_peak, hub_kept = await async_memory(hub_build, repeats)
        core_peak, core_kept = await async_memory(core_build, repeats)
        results.values[f"mem_{family}_peak", size] = Figure(
            hub_peak, core_peak, hub_peak / core_peak
        )
        results.values[f"mem_{family}_kept", size] = Figure(
            hub_kept, core_kept, hub_kept / core_kept
        )
    if settings.profile_dir is not None and size == max(settings.sizes):
        for key, (hub, core) in timed.items():
            await async_profile(key, hub, core, settings.profile_dir)


def agent_formatters() -> dict[str, Callable[[llm.Tool, Any], Any]]:
    """Return each installed conversation agent's ``_format_tool`` by the agent's name."""
    formatters: dict[str, Callable[[llm.Tool, Any], Any]] = {}
    for agent, domain in AGENTS.items():
        try:
            module = importlib.import_module(f"homeassistant.components.{domain}.entity")
        except ImportError:  # the agent's SDK is not installed in this venv
            continue
        formatters[agent] = module._format_tool  # noqa: SLF001  # the agent's own code
    return formatters


def _formatted(build: BuildOp, format_tool: Callable[[llm.Tool, Any], Any]) -> Op:
    """Return an operation: ``build``, then ``format_tool`` of every tool of the instance."""

    async def op() -> list[Any]:
        instance = await build()
        return [format_tool(tool, instance.custom_serializer) for tool in instance.tools]

    return op


async def async_measure_large(
    bench: Bench, size: int, settings: Settings, results: Results
) -> None:
    """Measure the large-home table with ``size`` tools in all, each with its own parameters."""
    bench.tools.resize(size // 2, cached=settings.cached, distinct=True)
    hub_build, core_build = bench.build_ops()["build_merged"]
    hub_tools, core_tools = len((await hub_build()).tools), len((await core_build()).tools)
    results.tool_counts["large", size] = (hub_tools, core_tools)
    timed: dict[str, tuple[Op, Op]] = {"large_build": (hub_build, core_build)}
    for agent, format_tool in agent_formatters().items():
        timed[f"agent_{agent}"] = (
            _formatted(hub_build, format_tool),
            _formatted(core_build, format_tool),
        )
    large = replace(settings, repeats=max(3, settings.repeats // 3))
    for key, (hub, core) in timed.items():
        results.values[key, size] = await async_compare_time(hub, core, large)
    _, hub_kept = await async_memory(hub_build, 3)
    _, core_kept = await async_memory(core_build, 3)
    results.values["large_mem_kept", size] = Figure(hub_kept, core_kept, hub_kept / core_kept)
    if settings.profile_dir is not None and size == max(settings.large_sizes):
        for key, (hub, core) in timed.items():
            await async_profile(key, hub, core, settings.profile_dir)


async def async_scope_home(hass: HomeAssistant, count: int) -> str:
    """Expose ``count`` lights to Assist in ``SCOPE_AREAS`` areas; return the first area's id.

    Lights already there stay; ``light.turn_on`` is a service that does nothing.
    """
    from homeassistant.components.homeassistant.exposed_entities import (  # noqa: PLC0415
        async_expose_entity,
    )
    from homeassistant.helpers import area_registry as ar, entity_registry as er  # noqa: PLC0415

    areas = ar.async_get(hass)
    ids = [
        (areas.async_get_area_by_name(name) or areas.async_create(name)).id
        for name in (f"Room {i}" for i in range(SCOPE_AREAS))
    ]
    if not hass.services.has_service("light", "turn_on"):
        hass.services.async_register("light", "turn_on", lambda _call: None)
    entities = er.async_get(hass)
    for i in range(count):
        entity_id = f"light.bench_{i:04d}"
        if hass.states.get(entity_id) is not None:
            continue
        entry = entities.async_get_or_create(
            "light",
            BENCH_DOMAIN,
            f"light_{i}",
            suggested_object_id=f"bench_{i:04d}",
            original_name=f"Bench light {i}",
        )
        entities.async_update_entity(entry.entity_id, area_id=ids[i % SCOPE_AREAS])
        async_expose_entity(hass, conversation.DOMAIN, entry.entity_id, should_expose=True)
        hass.states.async_set(entry.entity_id, "off", {"friendly_name": f"Bench light {i}"})
    await hass.async_block_till_done()
    return ids[0]


async def async_add_scoped_hub(
    hass: HomeAssistant, area_id: str, ask: str | None = None, title: str = "Bench scoped"
) -> str:
    """Add a hub picking Assist whose Scope step reaches the area ``area_id``; return its id.

    ``ask``: an entity its Safety step's "Always ask before acting on" names.
    """
    api_id = await async_add_hub(hass, title, [llm.LLM_API_ASSIST])
    options = hass.config_entries.options
    flow = await options.async_init(api_id.removeprefix("llm_hub-"))
    await options.async_configure(flow["flow_id"], {"next_step_id": "scope"})
    await options.async_configure(flow["flow_id"], {"scope_areas": [area_id], "admins_only": False})
    if ask is not None:
        await options.async_configure(flow["flow_id"], {"next_step_id": "safety"})
        await options.async_configure(
            flow["flow_id"],
            {
                "read_only": False,
                "no_destructive": False,
                "no_open_world": False,
                "confirm_destructive": False,
                "ask_entities": [ask],
                "timeout": 30,
            },
        )
    result = await options.async_configure(flow["flow_id"], {"next_step_id": "save"})
    if result["type"] is not FlowResultType.CREATE_ENTRY:
        raise BenchError(f"the options flow did not save the scope: {result}")
    await hass.async_block_till_done()
    return api_id


async def _async_tool_op(
    hass: HomeAssistant, api_id: str, context: llm.LLMContext, name: str, args: dict[str, Any]
) -> tuple[Op, Any]:
    """Return a call of the tool ``name`` of ``api_id``'s instance, and its first result."""
    instance = await llm.async_get_api(hass, api_id, context)
    exposed = _exposed((tool.name for tool in instance.tools), name, api_id)
    op = partial(instance.async_call_tool, llm.ToolInput(tool_name=exposed, tool_args=args))
    return op, await op()


async def async_measure_scope(  # noqa: PLR0917
    bench: Bench, size: int, settings: Settings, results: Results, scoped: str, asking: str
) -> None:
    """Measure the scope table with ``size`` lights exposed (``scoped``: the scoped hub).

    ``asking``: the same hub, also asking before another light.
    """
    hass, ctx, plain = bench.hass, bench.llm_context, bench.hubs["assist"]
    await async_scope_home(hass, size)
    timed: dict[str, tuple[Op, Op]] = {
        "scope_build": (
            lambda: llm.async_get_api(hass, scoped, ctx),
            lambda: llm.async_get_api(hass, plain, ctx),
        )
    }
    names = itertools.count()

    def rename() -> None:
        """Rename a state no assistant sees: what a scoped hub keeps is computed again."""
        hass.states.async_set("sensor.bench_renamed", "0", {"friendly_name": str(next(names))})

    async def build_changed(api_id: str) -> llm.APIInstance:
        rename()
        return await llm.async_get_api(hass, api_id, ctx)

    timed["scope_build_changed"] = (partial(build_changed, scoped), partial(build_changed, plain))
    turn_on = {"name": "Bench light 0"}
    calls = [
        await _async_tool_op(hass, api, ctx, "HassTurnOn", turn_on)
        for api in (scoped, plain, asking)
    ]
    lives = [
        await _async_tool_op(hass, api, ctx, "GetLiveContext", {})
        for api in (scoped, llm.LLM_API_ASSIST)
    ]
    answers = zip((*calls, *lives), ("scoped", "plain", "asking", "scoped", "assist"), strict=True)
    for (_, answer), where in answers:
        if getattr(answer, "error", False) or "error" in (getattr(answer, "data", None) or {}):
            raise BenchError(f"the {where} hub answered {answer}")
    # The scoped live context has one area's lights; Assist's has all of them.
    one = re.compile(r"Bench light 1$", re.MULTILINE)  # light 1 is in the second area
    if one.search(lives[0][1].data["result"]) or not one.search(lives[1][1].data["result"]):
        raise BenchError("the scoped hub's live context is not its scope's")
    timed["scope_call"] = (calls[0][0], calls[1][0])
    timed["scope_ask_call"] = (calls[2][0], calls[1][0])
    timed["scope_live"] = (lives[0][0], lives[1][0])
    for key, (hub, core) in timed.items():
        results.values[key, size] = await async_compare_time(hub, core, settings)
    if settings.profile_dir is not None and size == max(SCOPE_SIZES):
        for key, (hub, core) in timed.items():
            await async_profile(key, hub, core, settings.profile_dir)


async def async_run(settings: Settings) -> Results:
    """Start Home Assistant, measure every size, stop it; return the results."""
    config_dir = _make_config_dir()
    try:
        hass = await async_start_hass(config_dir, port := _free_port())
    except BaseException:
        shutil.rmtree(config_dir, ignore_errors=True)
        raise
    try:
        user_id, token = await async_admin(hass)
        tools = cast("BenchTools", hass.data[BENCH_DOMAIN])
        hubs = {
            "merged": await async_add_hub(hass, "Bench merged", MERGED_PICKS),
            "assist": await async_add_hub(hass, "Bench Assist", [llm.LLM_API_ASSIST]),
            "contributed": await async_add_hub(hass, "Bench contributed", []),
        }
        tools.contribute_to.add(hubs["contributed"])
        await async_setup_mcp_server(hass)
        # What is set up stays: out of the collector's way, so that a full collection over
        # Home Assistant's heap does not land at random in one side's samples.
        gc.collect()
        gc.freeze()
        context = llm.LLMContext(
            platform="bench",
            context=Context(user_id=user_id),
            language="en",
            assistant=conversation.DOMAIN,
            device_id=None,
        )
        results = Results()
        async with aiohttp.ClientSession() as session:
            bench = Bench(
                hass, tools, McpClient(session, f"http://127.0.0.1:{port}", token), context, hubs
            )
            for size in settings.sizes:
                print(f"measuring N = {size} ...", file=sys.stderr, flush=True)
                await async_measure_size(bench, size, settings, results)
            for size in settings.large_sizes:
                print(f"measuring the large home, {size} tools ...", file=sys.stderr, flush=True)
                await async_measure_large(bench, size, settings, results)
            if settings.scope:
                # Last: Assist's intents and the lights change what the other tables measure.
                tools.resize(0, cached=settings.cached)
                await _async_setup(hass, "intent", {})
                area = await async_scope_home(hass, 0)
                scoped = await async_add_scoped_hub(hass, area)
                asking = await async_add_scoped_hub(hass, area, "light.bench_0001", "Bench asking")
                for size in SCOPE_SIZES:
                    print(f"measuring the scope, {size} entities ...", file=sys.stderr, flush=True)
                    await async_measure_scope(bench, size, settings, results, scoped, asking)
        return results
    finally:
        await hass.async_stop()
        shutil.rmtree(config_dir, ignore_errors=True)


# --- Report ------------------------------------------------------------------------------


def _cpu_model() -> str:
    """Return the CPU model name (from /proc/cpuinfo on Linux)."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _hub_version() -> str:
    """Return LLM Hub's version from its manifest."""
    manifest = REPO / "custom_components" / "llm_hub" / "manifest.json"
    return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])


def _format(value: float, kind: Kind) -> str:
    """Return seconds or bytes in a readable unit."""
    if kind == "bytes":
        for unit, scale in (("MiB", 2.0**20), ("KiB", 2.0**10)):
            if abs(value) >= scale:
                return f"{value / scale:.1f} {unit}"
        return f"{value:.0f} B"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if value >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value / 1e-9:.3g} ns"


TIMES = "\N{MULTIPLICATION SIGN}"


def _growth(first: float, last: float, factor: float) -> str:
    """Return how a figure grew over a ``factor`` times larger N, and whether that is linear."""
    if first <= 0 or last <= 0:
        return "n/a"
    grown = last / first
    exponent = math.log(grown) / math.log(factor)
    verdict = "linear or better" if exponent <= 1.1 else "**worse than linear**"
    return f"{TIMES}{grown:.3g} (N^{exponent:.2f}, {verdict})"


def _verdicts(measure: Measure, figures: dict[int, Figure]) -> list[tuple[str, bool]]:
    """Return each target of a measure in words, and whether ``figures`` (by N) met it."""
    largest = max(figures)
    verdicts: list[tuple[str, bool]] = []
    if measure.max_extra is not None:
        extra = figures[largest].hub - figures[largest].core
        text = (
            f"≤ {_format(measure.max_extra, 'time')} more than core at N = {largest} "
            f"(+{_format(extra, 'time')})"
        )
        verdicts.append((text, extra <= measure.max_extra))
    smallest = min(figures)
    if measure.linear and smallest < largest:
        exponent = math.log(figures[largest].hub / figures[smallest].hub) / math.log(
            largest / smallest
        )
        verdicts.append((f"linear to N = {largest} (N^{exponent:.2f})", exponent <= 1.1))
    for target in measure.targets:
        sizes = (largest,) if target.sizes is None else target.sizes or tuple(figures)
        at = [size for size in sizes if size in figures]
        if not at:
            continue
        where = "every N" if target.sizes == EVERY else "N = " + " and ".join(map(str, at))
        ratios = ", ".join(f"{figures[n].ratio:.2f}{TIMES}" for n in at)
        verdicts.append(
            (
                f"≤ {target.ratio:.2f}{TIMES} at {where} ({ratios})",
                all(figures[n].ratio <= target.ratio for n in at),
            )
        )
    return verdicts


def _verdict(measure: Measure, figures: dict[int, Figure]) -> str:
    """Return the targets of a measure and whether ``figures`` met them, for its table row."""
    return "; ".join(
        f"{text}: {'met' if met else '**missed**'}" for text, met in _verdicts(measure, figures)
    )


def _targets_table(
    tables: list[tuple[list[Measure], tuple[int, ...]]], results: Results
) -> list[str]:
    """Return the Markdown rows of every target: the measure, the target, met or missed."""
    lines = [_row(["target", "measure", ""]), _row(["---", "---", "---"])]
    for measures, sizes in tables:
        for measure in measures:
            figures = {n: results.values[measure.key, n] for n in sizes}
            for text, met in _verdicts(measure, figures):
                lines.append(_row([text, measure.label, "met" if met else "**missed**"]))
    return lines


def _row(cells: list[str]) -> str:
    """Return one row of a Markdown table."""
    return "| " + " | ".join(cells) + " |"


def _table(measures: list[Measure], sizes: tuple[int, ...], results: Results) -> list[str]:
    """Return the Markdown rows of ``measures`` at ``sizes``: hub, core, hub/core each."""
    growth_header = [f"growth N {sizes[0]} → {sizes[-1]}"] if len(sizes) > 1 else []
    header = ["measure", "", *(f"N = {n}" for n in sizes), *growth_header, "target"]
    lines = [
        _row(header),
        _row(["---", "---", *("---:" for _ in sizes), *("---" for _ in growth_header), "---"]),
    ]
    for measure in measures:
        figures = [results.values[measure.key, n] for n in sizes]
        for side in ("hub", "core"):
            first, last = getattr(figures[0], side), getattr(figures[-1], side)
            growth = [_growth(first, last, sizes[-1] / sizes[0]) for _ in growth_header]
            values = [_format(getattr(figure, side), measure.kind) for figure in figures]
            label = measure.label if side == "hub" else ""
            lines.append(_row([label, side, *values, *growth, ""]))
        ratios = [f"{figure.ratio:.2f}{TIMES}" for figure in figures]
        verdict = _verdict(measure, dict(zip(sizes, figures, strict=True)))
        lines.append(_row(["", "hub/core", *ratios, *("" for _ in growth_header), verdict]))
    return lines


def render(results: Results, settings: Settings, elapsed: float, commit: str | None) -> str:
    """Return the Markdown report: machine, versions, the table, tool counts, legend."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    version = _hub_version() + (f" ({commit})" if commit else "")
    tools_made = (
        "made once and reused (--cached-tools)"
        if settings.cached
        else "made per request as Home Assistant's own llm.py platforms do"
    )
    machine = (
        f"Machine: {_cpu_model()}, {cores} cores; Python {platform.python_version()}; "
        f"Home Assistant {ha_version}; LLM Hub {version}."
    )
    clock = "wall-clock" if settings.clock is time.perf_counter else "CPU (of the process)"
    method = (
        f"Times: {clock} time, HTTP client and server included; medians of "
        f"{settings.repeats} samples per side (each about "
        f"{settings.sample_seconds * 1000:.0f} ms of repeated operations, sides in turns). "
        f"N tools per source, {tools_made}. Whole run {elapsed:.0f} s."
    )
    sizes = settings.sizes
    lines = [machine, "", method]
    if sizes:
        counts = ", ".join(
            f"{key.removeprefix('build_')} "
            + "/".join(":".join(map(str, results.tool_counts[key, n])) for n in sizes)
            for key in ("build_merged", "build_assist", "build_contributed")
        )
        lines.extend(
            ["", *_table(MEASURES, sizes, results), "", f"Tools served, hub:core, per N: {counts}."]
        )
    large = [
        measure
        for measure in LARGE_MEASURES
        if settings.large_sizes
        and all((measure.key, n) in results.values for n in settings.large_sizes)
    ]
    if settings.large_sizes:
        served = "/".join(
            ":".join(map(str, results.tool_counts["large", n])) for n in settings.large_sizes
        )
        lines.extend(
            [
                "",
                "Large homes: N tools in all (N/2 per source), each with parameters of its own.",
                "",
                *_table(large, settings.large_sizes, results),
                "",
                f"Tools served, hub:core, per N: {served}.",
            ]
        )
        measured = {key for key, _ in results.values}
        if missing := [agent for agent in AGENTS if f"agent_{agent}" not in measured]:
            lines.append(f"Not measured (agent not installed here): {', '.join(missing)}.")
    if any(
        hub != core
        for (key, _), (hub, core) in results.tool_counts.items()
        if key not in {"build_contributed", "large"}
    ):
        lines.append(
            "**The hub and Home Assistant served different numbers of tools: those rows do not "
            "compare like with like.**"
        )
    tables: list[tuple[list[Measure], tuple[int, ...]]] = [(MEASURES, sizes)] if sizes else []
    if settings.large_sizes:
        tables.append((large, settings.large_sizes))
    if settings.scope:
        lines.extend(
            [
                "",
                f"Scope: N lights exposed to Assist in {SCOPE_AREAS} areas; the hub reaches one.",
                "",
                *_table(SCOPE_MEASURES, SCOPE_SIZES, results),
            ]
        )
        tables.append((SCOPE_MEASURES, SCOPE_SIZES))
    lines.extend(["", "Targets:", "", *_targets_table(tables, results), "", LEGEND])
    return "\n".join(lines)


def main() -> None:
    """Parse the arguments, run the benchmark, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: few short samples")
    parser.add_argument(
        "--sizes",
        type=lambda text: tuple(int(part) for part in text.split(",")),
        default=(10, 100, 1000),
        help="tool counts N, comma-separated (default 10,100,1000)",
    )
    parser.add_argument(
        "--large-sizes",
        type=lambda text: tuple(int(part) for part in text.split(",") if part),
        default=None,
        help="tools in all for the large-home table, comma-separated "
        "(default 1000,8000,10000; quick 1000,8000; empty: no table)",
    )
    parser.add_argument("--repeats", type=int, help="samples per side (default 21; quick 3)")
    parser.add_argument(
        "--profile",
        action="store_true",
        help=f"write pyinstrument reports at the largest N to {SCRATCH / 'profiles'}",
    )
    parser.add_argument(
        "--cached-tools",
        action="store_true",
        help="platforms reuse their tools instead of making them per request",
    )
    parser.add_argument(
        "--wall",
        action="store_true",
        help="time by the wall clock instead of the process's CPU time",
    )
    parser.add_argument("--no-scope", action="store_true", help="without the scope table")
    parser.add_argument(
        "--scope-only", action="store_true", help="the scope table only (no other table)"
    )
    parser.add_argument("--commit", help="the commit measured, shown with the version")
    args = parser.parse_args()
    if args.scope_only and args.no_scope:
        parser.error("--scope-only and --no-scope exclude each other")
    if args.scope_only:
        args.sizes, args.large_sizes = (), ()
    if args.profile and importlib.util.find_spec("pyinstrument") is None:
        parser.error("--profile needs pyinstrument (installed in the test venv)")
    settings = Settings(
        sizes=tuple(sorted(args.sizes)),
        large_sizes=tuple(
            sorted(
                args.large_sizes
                if args.large_sizes is not None
                else (1000, 8000)
                if args.quick
                else (1000, 8000, 10000)
            )
        ),
        repeats=args.repeats or (3 if args.quick else 21),
        sample_seconds=0.005 if args.quick else 0.03,
        cached=args.cached_tools,
        profile_dir=SCRATCH / "profiles" if args.profile else None,
        scope=not args.no_scope,
        clock=time.perf_counter if args.wall else time.process_time,
    )
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # "We found a custom integration ... which has not been tested": expected, twice.
    logging.getLogger("homeassistant.loader").setLevel(logging.ERROR)
    if settings.profile_dir is not None:
        settings.profile_dir.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    try:
        results = asyncio.run(async_run(settings))
    except BenchError as err:
        sys.exit(f"error: {err}")
    print(render(results, settings, time.monotonic() - start, args.commit))
    if settings.profile_dir is not None:
        print(f"\nProfiles (pyinstrument, .txt and .html): {settings.profile_dir}")


if __name__ == "__main__":
    main()
