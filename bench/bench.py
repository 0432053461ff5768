"""Benchmark: what a hub costs on top of Home Assistant's own LLM API code (issues 6 and 36).

Run by ``script/bench`` in the test venv (or a Home Assistant venv, ``--ha``; both one after
the other with ``--both``). It starts a real Home Assistant in a temporary config under
``.scratch/bench/`` (HTTP on a free localhost port, never 8123) with LLM Hub and the synthetic
integration ``bench/bench_tools`` (an ``llm.py`` platform contributing N trivial tools to
Assist and to one hub, and an LLM API "Bench tools" with N tools of its own), and for N = 10,
100, 1000 measures side by side, as medians over repeated runs:

- building the API instance (``llm.async_get_api``): a hub picking Assist and Bench tools
  against Home Assistant's ``MergedAPI`` of the same two; a hub picking Assist against Assist;
  a hub given the N contributed tools against Assist given the same N; the panel's
  ``llm_hub/api/describe`` of the first hub;
- one call of a trivial tool through ``APIInstance.async_call_tool`` (the hub's validation,
  policy and audit included) against the same call through Assist's instance;
- MCP over HTTP: ``tools/list`` and one ``tools/call`` at ``/api/mcp/llm_hub-<id>`` against
  ``/api/mcp/assist``, with an administrator's token;
- memory (tracemalloc): bytes allocated per build (peak) and kept by the instance;
- what two guarantees cost per call: recording the arguments (the hub's option) and the audit
  event (fired once with a call's data, times the events counted per call).

Then, for 1,000, 8,000 and 10,000 tools in all with parameters of their own (``--large-sizes``):
the build of the hub picking Assist and Bench tools against ``MergedAPI``, the same followed by
each installed conversation agent's own ``_format_tool`` of every tool, and memory kept; then
the scope table (N lights in 10 areas, a hub scoped to one).

Only public surfaces are used: config and options flows, ``llm.async_get_api``, MCP over HTTP,
the event bus. Prints the tables with the machine and versions and a row per goal of issue 36
(``GOALS``), met or missed; ``--json`` also writes the goals for ``combine.py``; ``--smoke``
measures everything once at tiny sizes and fails only when a figure is missing; ``--profile``
writes pyinstrument reports of both sides of each timed measure at the largest N.
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
from homeassistant.core import Context, Event, HomeAssistant, callback
from homeassistant.core_config import async_process_ha_core_config
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

REPO = Path(__file__).resolve().parent.parent
SCRATCH = REPO / ".scratch" / "bench"
BENCH_DOMAIN = "bench_tools"
EVENT_TOOL_CALLED = "llm_hub_tool_called"
"""The event a hub fires for every call (its audit trail; docs/panel.md)."""
EVENT_COUNT_CALLS = 10
"""Calls over which the audit events are counted."""
CALLED_TOOL = f"{BENCH_DOMAIN}__echo_0"
"""The tool called: the first one contributed, so the call costs the least besides overhead."""
ECHO = {"text": "hello"}
MERGED_PICKS = [llm.LLM_API_ASSIST, BENCH_DOMAIN]

TIMES = "\N{MULTIPLICATION SIGN}"

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
    memory_repeats: int
    """Builds per side whose memory is measured; the figure is their median."""
    sample_seconds: float
    """Aimed duration of one sample: operations are repeated to reach it."""
    cached: bool
    """Whether the synthetic platforms reuse their tools instead of making them per request."""
    profile_dir: Path | None
    scope_sizes: tuple[int, ...]
    """Exposed entities of the scope table; empty: no scope table."""
    clock: Callable[[], float]
    """``time.process_time`` (CPU time of this process: HTTP client, server, executor
    threads; not inflated by other processes) or ``time.perf_counter`` (wall time)."""


type TargetKind = Literal["ratio", "extra", "time", "growth"]


@dataclass(frozen=True)
class Target:
    """A goal of issue 36 for one measure: a most figure at some sizes.

    ``ratio``: hub/core; ``extra``: seconds the hub takes more than core; ``time``: the hub's
    seconds; ``growth``: the exponent k of the hub's figure growing as N^k.
    """

    goal: str
    """The goal in words, alike on every Home Assistant version: a row of the combined table."""
    most: float
    kind: TargetKind = "ratio"
    sizes: tuple[int, ...] | None = None
    """Where it applies: None at the largest N (``growth``: from the smallest to the largest
    N), ``EVERY`` at every N, else at these N."""


EVERY: tuple[int, ...] = ()
"""``Target.sizes`` for a target at every N measured."""


@dataclass(frozen=True)
class Measure:
    """One comparison of a table: what is measured, its targets, its unit."""

    key: str
    label: str
    kind: Kind = "time"
    targets: tuple[Target, ...] = ()
    sides: tuple[str, str] = ("hub", "core")
    """What the table calls the two sides (``Figure.hub``, ``Figure.core``)."""


def _ha_at_least(major: int, minor: int) -> bool:
    """Return whether the Home Assistant measured is at least ``major.minor``."""
    found = tuple(int(part) for part in ha_version.split(".")[:2])
    return found >= (major, minor)


NEWER = _ha_at_least(2026, 11)
"""From 2026.11 MCP Server builds the instance for every ``tools/call`` (the hub's build is
then part of the user's wait) and ``MergedAPI`` wraps only the tools whose names collide: the
MCP call and memory goals are looser there."""

# The goals of issue 36, in the order of the combined table (``script/bench --both``).
GOAL_CALL = (
    "Trivial tool call, hub [Assist] vs `APIInstance.async_call_tool` on Assist: "
    "≤ core + 12 µs at N = 1000"
)
GOAL_ASK = (
    "Intent call under *Always ask before acting on*, nothing asked, vs the same call on a "
    f"hub that asks nothing (scope table): ≤ 1.1{TIMES} at every N"
)
GOAL_BUILD_SMALL = f"Build, hub [Assist, Bench tools] vs `MergedAPI`: ≤ 1.5{TIMES} at N = 10"
GOAL_BUILD = f"Build, hub [Assist, Bench tools] vs `MergedAPI`: ≤ 1.1{TIMES} at N = 1000"
GOAL_MCP_CALL = (
    f"MCP `tools/call` through a hub vs Assist's own URL: ≤ 0.9{TIMES} on 2026.10, "
    f"≤ 1.05{TIMES} from 2026.11, at every N"
)
GOAL_MEMORY = (
    "Memory kept at N = 1000, hub [Assist, Bench tools] vs `MergedAPI`: "
    f"≤ 1.0{TIMES} on 2026.10, ≤ 1.2{TIMES} from 2026.11"
)
GOAL_GROWTH = "Build growth from 1,000 to 10,000 tools (large homes): N^1.05 or better"
GOAL_DESCRIBE = (
    "Panel `llm_hub/api/describe` of hub [Assist, Bench tools] at N = 1000 (2,005 tools): ≤ 30 ms"
)
GOALS = (
    GOAL_CALL,
    GOAL_ASK,
    GOAL_BUILD_SMALL,
    GOAL_BUILD,
    GOAL_MCP_CALL,
    GOAL_MEMORY,
    GOAL_GROWTH,
    GOAL_DESCRIBE,
)

MEASURES = [
    Measure(
        "build_merged",
        "Build: hub [Assist, Bench tools] vs MergedAPI of both",
        targets=(Target(GOAL_BUILD_SMALL, 1.5, sizes=(10,)), Target(GOAL_BUILD, 1.1)),
    ),
    Measure(
        "describe",
        "Panel `llm_hub/api/describe`: hub [Assist, Bench tools] (build, describe, JSON) vs "
        "MergedAPI build",
        targets=(Target(GOAL_DESCRIBE, 30e-3, "time"),),
    ),
    Measure("build_assist", "Build: hub [Assist] vs Assist"),
    Measure("build_contributed", "Build: hub of N contributed tools vs Assist"),
    Measure(
        "call", "Tool call: hub [Assist] vs Assist", targets=(Target(GOAL_CALL, 12e-6, "extra"),)
    ),
    Measure("mcp_list", "MCP `tools/list`: hub [Assist] vs Assist"),
    Measure(
        "mcp_call",
        "MCP `tools/call`: hub [Assist] vs Assist",
        targets=(Target(GOAL_MCP_CALL, 1.05 if NEWER else 0.9, sizes=EVERY),),
    ),
    Measure(
        "mem_merged_peak",
        "Memory per build (peak): hub [Assist, Bench tools] vs MergedAPI",
        kind="bytes",
    ),
    Measure(
        "mem_merged_kept",
        "Memory kept by the instance: same",
        kind="bytes",
        targets=(Target(GOAL_MEMORY, 1.2 if NEWER else 1.0),),
    ),
    Measure("mem_assist_peak", "Memory per build (peak): hub [Assist] vs Assist", kind="bytes"),
    Measure("mem_assist_kept", "Memory kept by the instance: same", kind="bytes"),
]
GUARANTEE_MEASURES = [
    Measure(
        "guarantee_record",
        "Tool call: hub [Assist] recording arguments (*Limits and logging*) vs the same hub "
        "not recording",
        sides=("recording", "not"),
    ),
    Measure(
        "guarantee_event",
        "The audit event `llm_hub_tool_called` (one fired with a call's data, times the "
        "events counted per call) vs the hub's whole call",
        sides=("event", "call"),
    ),
]
"""What a guarantee costs, measured through public options and the event bus."""
AGENTS = {
    "OpenAI": "openai_conversation",
    "Anthropic": "anthropic",
    "Google": "google_generative_ai_conversation",
    "Ollama": "ollama",
}
"""Conversation agents whose ``entity._format_tool`` the agent rows run, by the integration."""
LARGE_MEASURES = [
    Measure(
        "large_build",
        "Build: hub [Assist, Bench tools] vs MergedAPI (distinct schemas)",
        targets=(Target(GOAL_GROWTH, 1.05, "growth"),),
    ),
    *(
        Measure(f"agent_{agent}", f"{agent} agent: build + its `_format_tool` of every tool")
        for agent in AGENTS
    ),
    Measure("large_mem_kept", "Memory kept by the instance", kind="bytes"),
]
"""The large-home table: N tools in all (N/2 per source), each with parameters of its own."""
SCOPE_SIZES = (100, 2000)
"""Exposed entities of the scope table (lights in ``SCOPE_AREAS`` areas, one in scope)."""
SCOPE_AREAS = 10
SCOPE_MEASURES = [
    Measure("scope_build", "Build: hub [Assist] scoped to one area vs the same hub without scope"),
    Measure(
        "scope_build_changed",
        "Same, each build after a change (a state renamed): nothing kept from the last",
    ),
    Measure(
        "scope_call",
        "Intent call (`HassTurnOn` of a light in scope): scoped hub vs the same hub without scope",
    ),
    Measure(
        "scope_ask_call",
        "Same call, the scoped hub also asking before another light (nothing asked)",
        targets=(Target(GOAL_ASK, 1.1, sizes=EVERY),),
    ),
    Measure("scope_live", "`GetLiveContext`: scoped hub vs Assist's own"),
]
"""The scope table (issue 24): N exposed entities, a hub scoped to one of the areas."""
LEGEND = """\
- *Build*: `llm.async_get_api(hass, <id>, llm_context)` of a hub (`[…]`: the APIs it picks),
  its `tools` read as an agent reads them (a hub lists them when first read), against Home
  Assistant doing the same: `llm.async_get_api(hass, ["assist", "bench_tools"])`
  (core's `MergedAPI`; 2N tools) or `"assist"`. *Hub of N contributed tools*: a hub that
  picks nothing and gets N tools from an `llm.py` platform, against Assist getting the same N
  from it (plus Home Assistant's own few tools).
- *Tool call*: `APIInstance.async_call_tool` of a trivial tool (one optional string argument),
  through the hub (its validation, policy and audit included) and through Assist.
- *MCP*: one JSON-RPC request over HTTP on localhost (admin token, Streamable HTTP,
  stateless) to `/api/mcp/llm_hub-<id>` and to `/api/mcp/assist`, serving the same tools.
- *hub/core*: for times the median of the ratios of samples taken in the same round.
- *Memory* (tracemalloc): the peak of what one build allocates, and what the instance keeps
  (garbage collected before each build and before what is kept is read, on both sides).
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
- *Guarantees*: *recording* is the tool call of a hub [Assist] whose *Limits and logging*
  step keeps the arguments of each call, against the same hub without (the default). *Event*:
  `hass.bus.async_fire` of one `llm_hub_tool_called` event with the data and context of an
  event a call fired, with the listeners this Home Assistant has, times the events a call
  fires (counted), against the hub's whole call.
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
    events_per_call: dict[int, float] = field(default_factory=dict)
    """``llm_hub_tool_called`` events a hub's call fired, per N."""


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


async def async_record_arguments(hass: HomeAssistant, api_id: str) -> None:
    """Have the hub ``api_id`` keep each call's arguments (its *Limits and logging* step)."""
    options = hass.config_entries.options
    flow = await options.async_init(api_id.removeprefix("llm_hub-"))
    form = await options.async_configure(flow["flow_id"], {"next_step_id": "limits"})
    if (schema := form.get("data_schema")) is None:
        raise BenchError(f"the options flow's limits step is no form: {form}")
    # The step's other field (the tool limit) keeps what the form suggests: the hub's own.
    current = {
        str(key): key.description["suggested_value"]
        for key in schema.schema
        if isinstance(getattr(key, "description", None), dict)
        and "suggested_value" in key.description
    }
    await options.async_configure(flow["flow_id"], {**current, "record_arguments": True})
    result = await options.async_configure(flow["flow_id"], {"next_step_id": "save"})
    if result["type"] is not FlowResultType.CREATE_ENTRY:
        raise BenchError(f"the options flow did not save record_arguments: {result}")
    await hass.async_block_till_done()


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
    """Return the median bytes allocated at peak during ``op`` and kept by its result.

    Garbage is collected before each run and again before what is kept is read (the result
    still held): neither side is charged for garbage, its own or the other side's.
    """
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
            peak = tracemalloc.get_traced_memory()[1]
            gc.collect()
            current = tracemalloc.get_traced_memory()[0]
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


async def async_listed(
    hass: HomeAssistant, api_id: str | list[str], ctx: llm.LLMContext
) -> llm.APIInstance:
    """Return the instance of ``api_id`` with its tools read, as an agent reads them.

    A hub built from kept decisions lists its tools when they are first read.
    """
    instance = await llm.async_get_api(hass, api_id, ctx)
    if not instance.tools:
        raise BenchError(f"{api_id} lists no tools")
    return instance


@dataclass
class Bench:
    """A started Home Assistant with the hubs, the MCP client and the request context."""

    hass: HomeAssistant
    tools: BenchTools
    mcp: McpClient
    llm_context: llm.LLMContext
    hubs: dict[str, str]
    """Hub API id by measure family: ``merged``, ``assist``, ``contributed``, ``recording``
    (``assist`` keeping each call's arguments)."""

    def build_ops(self) -> dict[str, tuple[BuildOp, BuildOp]]:
        """Return ``(hub, core)`` instance builds per build measure."""
        hass, ctx, hubs = self.hass, self.llm_context, self.hubs
        return {
            "build_merged": (
                lambda: async_listed(hass, hubs["merged"], ctx),
                lambda: async_listed(hass, MERGED_PICKS, ctx),
            ),
            "build_assist": (
                lambda: async_listed(hass, hubs["assist"], ctx),
                lambda: async_listed(hass, llm.LLM_API_ASSIST, ctx),
            ),
            "build_contributed": (
                lambda: async_listed(hass, hubs["contributed"], ctx),
                lambda: async_listed(hass, llm.LLM_API_ASSIST, ctx),
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

    async def async_call_op(self, api_id: str) -> Op:
        """Return a call of ``CALLED_TOOL`` on ``api_id``'s instance; check its answer."""
        instance = await llm.async_get_api(self.hass, api_id, self.llm_context)
        tool_input = llm.ToolInput(
            tool_name=_exposed((tool.name for tool in instance.tools), CALLED_TOOL, api_id),
            tool_args=ECHO,
        )
        result = await instance.async_call_tool(tool_input)
        if result.error or result.data != {"echo": ECHO["text"]}:
            raise BenchError(f"{api_id} answered {result} to {tool_input}")
        return partial(instance.async_call_tool, tool_input)

    async def async_event_op(self, call: Op) -> tuple[Op, float]:
        """Return one firing of the audit event as ``call`` fires it, and the events per call.

        The events are counted by a listener for ``EVENT_TOOL_CALLED`` over
        ``EVENT_COUNT_CALLS`` calls; the firing has the data and context of the last one.
        """
        fired: list[Event] = []

        @callback
        def listen(event: Event) -> None:
            fired.append(event)

        unsubscribe = self.hass.bus.async_listen(EVENT_TOOL_CALLED, listen)
        try:
            for _ in range(EVENT_COUNT_CALLS):
                await call()
        finally:
            unsubscribe()
        if not fired:
            raise BenchError(f"the hub's calls fired no {EVENT_TOOL_CALLED} event")
        data, context, bus = dict(fired[-1].data), fired[-1].context, self.hass.bus

        async def fire() -> None:
            bus.async_fire(EVENT_TOOL_CALLED, dict(data), context=context)

        return fire, len(fired) / EVENT_COUNT_CALLS

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
    hub_call = await bench.async_call_op(bench.hubs["assist"])
    timed["call"] = (hub_call, await bench.async_call_op(llm.LLM_API_ASSIST))
    timed.update(await bench.async_mcp_ops(results.tool_counts["build_assist", size]))
    timed["guarantee_record"] = (await bench.async_call_op(bench.hubs["recording"]), hub_call)
    fire, events_per_call = await bench.async_event_op(hub_call)
    timed["guarantee_event"] = (fire, hub_call)
    for key, (hub, core) in timed.items():
        results.values[key, size] = await async_compare_time(hub, core, settings)
    # A call fires events_per_call events: the event's cost per call.
    event = results.values["guarantee_event", size]
    results.values["guarantee_event", size] = Figure(
        event.hub * events_per_call, event.core, event.ratio * events_per_call
    )
    results.events_per_call[size] = events_per_call
    for family in ("merged", "assist"):
        hub_build, core_build = builds[f"build_{family}"]
        hub_peak, hub_kept = await async_memory(hub_build, settings.memory_repeats)
        core_peak, core_kept = await async_memory(core_build, settings.memory_repeats)
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
    large = replace(settings, repeats=settings.memory_repeats)
    for key, (hub, core) in timed.items():
        results.values[key, size] = await async_compare_time(hub, core, large)
    _, hub_kept = await async_memory(hub_build, settings.memory_repeats)
    _, core_kept = await async_memory(core_build, settings.memory_repeats)
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
            lambda: async_listed(hass, scoped, ctx),
            lambda: async_listed(hass, plain, ctx),
        )
    }
    names = itertools.count()

    def rename() -> None:
        """Rename a state no assistant sees: what a scoped hub keeps is computed again."""
        hass.states.async_set("sensor.bench_renamed", "0", {"friendly_name": str(next(names))})

    async def build_changed(api_id: str) -> llm.APIInstance:
        rename()
        return await async_listed(hass, api_id, ctx)

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
    if settings.profile_dir is not None and size == max(settings.scope_sizes):
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
            "recording": await async_add_hub(hass, "Bench recording", [llm.LLM_API_ASSIST]),
        }
        await async_record_arguments(hass, hubs["recording"])
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
            if settings.scope_sizes:
                # Last: Assist's intents and the lights change what the other tables measure.
                tools.resize(0, cached=settings.cached)
                await _async_setup(hass, "intent", {})
                area = await async_scope_home(hass, 0)
                scoped = await async_add_scoped_hub(hass, area)
                asking = await async_add_scoped_hub(hass, area, "light.bench_0001", "Bench asking")
                for size in settings.scope_sizes:
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


def _growth(first: float, last: float, factor: float) -> str:
    """Return how a figure grew over a ``factor`` times larger N, and whether that is linear."""
    if first <= 0 or last <= 0:
        return "n/a"
    grown = last / first
    exponent = math.log(grown) / math.log(factor)
    verdict = "linear or better" if exponent <= 1.1 else "**worse than linear**"
    return f"{TIMES}{grown:.3g} (N^{exponent:.2f}, {verdict})"


@dataclass(frozen=True)
class Verdict:
    """One target judged in one run."""

    goal: str
    """``Target.goal``: the row of the combined table."""
    target: str
    """The target as this run judged it, in words (its limit and where it applies)."""
    figure: str
    """What it was judged on: ratios, ``+8.1 µs``, ``31 ms``, ``N^0.96``."""
    met: bool


def _signed(seconds: float) -> str:
    """Return a difference of times with its sign."""
    return ("+" if seconds >= 0 else "\N{MINUS SIGN}") + _format(abs(seconds), "time")


def _judge(target: Target, figures: dict[int, Figure]) -> Verdict | None:
    """Return whether ``figures`` (by N) met ``target``; None when no N of it was measured."""
    largest, smallest = max(figures), min(figures)
    if target.kind == "growth":
        first, last = figures[smallest].hub, figures[largest].hub
        if smallest == largest or first <= 0 or last <= 0:
            return None
        exponent = math.log(last / first) / math.log(largest / smallest)
        return Verdict(
            target.goal,
            f"N^{target.most:.2f} or better from N = {smallest} to {largest}",
            f"N^{exponent:.2f}",
            exponent <= target.most,
        )
    sizes = (largest,) if target.sizes is None else target.sizes or tuple(sorted(figures))
    at = [size for size in sizes if size in figures]
    if not at:
        return None
    where = "every N" if target.sizes == EVERY else "N = " + " and ".join(map(str, at))
    if target.kind == "extra":
        values = [figures[n].hub - figures[n].core for n in at]
        limit, shown = f"≤ core + {_format(target.most, 'time')}", [_signed(v) for v in values]
    elif target.kind == "time":
        values = [figures[n].hub for n in at]
        limit, shown = f"≤ {_format(target.most, 'time')}", [_format(v, "time") for v in values]
    else:
        values = [figures[n].ratio for n in at]
        limit, shown = f"≤ {target.most:.2f}{TIMES}", [f"{v:.2f}{TIMES}" for v in values]
    return Verdict(
        target.goal,
        f"{limit} at {where}",
        ", ".join(shown),
        all(value <= target.most for value in values),
    )


def _verdicts(measure: Measure, figures: dict[int, Figure]) -> list[Verdict]:
    """Return each target of a measure that ``figures`` (by N) could be judged on."""
    return [
        verdict for target in measure.targets if (verdict := _judge(target, figures)) is not None
    ]


def _met(met: bool) -> str:
    """Return a verdict as the tables write it."""
    return "met" if met else "**missed**"


def _verdict(measure: Measure, figures: dict[int, Figure]) -> str:
    """Return the targets of a measure and whether ``figures`` met them, for its table row."""
    return "; ".join(
        f"{verdict.target} ({verdict.figure}): {_met(verdict.met)}"
        for verdict in _verdicts(measure, figures)
    )


type Table = tuple[list[Measure], tuple[int, ...]]


def tables(results: Results, settings: Settings) -> list[Table]:
    """Return the run's tables: their measures (agents installed here only) and sizes."""
    found: list[Table] = []
    if settings.sizes:
        found.extend([(MEASURES, settings.sizes), (GUARANTEE_MEASURES, settings.sizes)])
    if settings.large_sizes:
        agents = {f"agent_{agent}" for agent in agent_formatters()}
        large = [
            measure
            for measure in LARGE_MEASURES
            if not measure.key.startswith("agent_") or measure.key in agents
        ]
        found.append((large, settings.large_sizes))
    if settings.scope_sizes:
        found.append((SCOPE_MEASURES, settings.scope_sizes))
    return found


def missing(results: Results, settings: Settings) -> list[str]:
    """Return every figure the run should have and has not, in words (none: complete)."""
    return [
        f"{measure.label} at N = {size}"
        for measures, sizes in tables(results, settings)
        for measure in measures
        for size in sizes
        if (measure.key, size) not in results.values
    ]


def verdicts(results: Results, settings: Settings) -> list[tuple[Measure, Verdict]]:
    """Return every target judged in the run with its measure, in the order of ``GOALS``."""
    found = [
        (measure, verdict)
        for measures, sizes in tables(results, settings)
        for measure in measures
        for verdict in _verdicts(measure, {n: results.values[measure.key, n] for n in sizes})
    ]
    return sorted(found, key=lambda pair: GOALS.index(pair[1].goal))


def unjudged(judged: list[tuple[Measure, Verdict]]) -> list[str]:
    """Return the goals of ``GOALS`` that the run did not judge (their N not measured)."""
    goals = {verdict.goal for _, verdict in judged}
    return [goal for goal in GOALS if goal not in goals]


def guarantees(results: Results, settings: Settings) -> list[tuple[str, str]]:
    """Return what each guarantee costs per trivial call at the largest N: ``(what, cost)``.

    Each cost in µs, next to what the hub's call costs more than core's.
    """
    if not settings.sizes:
        return []
    largest = max(settings.sizes)
    call = results.values["call", largest]
    extra = call.hub - call.core
    record = results.values["guarantee_record", largest]
    recording = record.hub - record.core
    event = results.values["guarantee_event", largest]
    events = results.events_per_call[largest]
    share = f"{event.hub / extra:.0%} of" if extra > 0 else "against"
    return [
        (
            (
                "Recording each call's arguments (*Limits and logging*; off by default), "
                f"N = {largest}"
            ),
            f"{_signed(recording)} per call, on top of the hub's {_signed(extra)} over core",
        ),
        (
            f"The audit event `llm_hub_tool_called`, N = {largest}",
            (
                f"{_format(event.hub, 'time')} per call ({events:g} event a call), {share} "
                f"the hub's {_signed(extra)} over core"
            ),
        ),
    ]


def _targets_table(judged: list[tuple[Measure, Verdict]]) -> list[str]:
    """Return the Markdown rows of every target: the target, the measure, met or missed."""
    lines = [_row(["target", "measure", ""]), _row(["---", "---", "---"])]
    for measure, verdict in judged:
        text = f"{verdict.target} ({verdict.figure})"
        lines.append(_row([text, measure.label, _met(verdict.met)]))
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
        for attribute, side in zip(("hub", "core"), measure.sides, strict=True):
            first, last = getattr(figures[0], attribute), getattr(figures[-1], attribute)
            growth = [_growth(first, last, sizes[-1] / sizes[0]) for _ in growth_header]
            values = [_format(getattr(figure, attribute), measure.kind) for figure in figures]
            label = measure.label if attribute == "hub" else ""
            lines.append(_row([label, side, *values, *growth, ""]))
        ratios = [f"{figure.ratio:.2f}{TIMES}" for figure in figures]
        verdict = _verdict(measure, dict(zip(sizes, figures, strict=True)))
        ratio = "/".join(measure.sides)
        lines.append(_row(["", ratio, *ratios, *("" for _ in growth_header), verdict]))
    return lines


def _cores() -> int:
    """Return the number of cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def render(results: Results, settings: Settings, elapsed: float, commit: str | None) -> str:
    """Return the Markdown report: machine, versions, the tables, tool counts, legend."""
    version = _hub_version() + (f" ({commit})" if commit else "")
    tools_made = (
        "made once and reused (--cached-tools)"
        if settings.cached
        else "made per request as Home Assistant's own llm.py platforms do"
    )
    machine = (
        f"Machine: {_cpu_model()}, {_cores()} cores; Python {platform.python_version()}; "
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
        lines.extend(
            [
                "",
                "What each guarantee costs: the same trivial call with and without it.",
                "",
                *_table(GUARANTEE_MEASURES, sizes, results),
                "",
                *(f"- {what}: {cost}." for what, cost in guarantees(results, settings)),
            ]
        )
    if settings.large_sizes:
        large = next(
            measures for measures, at in tables(results, settings) if at is settings.large_sizes
        )
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
        measured = {measure.key for measure in large}
        if absent := [agent for agent in AGENTS if f"agent_{agent}" not in measured]:
            lines.append(f"Not measured (agent not installed here): {', '.join(absent)}.")
    if any(
        hub != core
        for (key, _), (hub, core) in results.tool_counts.items()
        if key not in {"build_contributed", "large"}
    ):
        lines.append(
            "**The hub and Home Assistant served different numbers of tools: those rows do not "
            "compare like with like.**"
        )
    if settings.scope_sizes:
        lines.extend(
            [
                "",
                f"Scope: N lights exposed to Assist in {SCOPE_AREAS} areas; the hub reaches one.",
                "",
                *_table(SCOPE_MEASURES, settings.scope_sizes, results),
            ]
        )
    judged = verdicts(results, settings)
    lines.extend(["", "Targets (issue 36):", "", *_targets_table(judged)])
    if left := unjudged(judged):
        lines.extend(
            ["", "Not judged in this run (its N not measured):", *(f"- {g}" for g in left)]
        )
    lines.extend(["", LEGEND])
    return "\n".join(lines)


def summary(
    results: Results,
    settings: Settings,
    *,
    elapsed: float,
    commit: str | None,
    load: tuple[float, float],
) -> dict[str, Any]:
    """Return what ``script/bench --both`` combines: the versions, machine, targets, guarantees."""
    return {
        "home_assistant": ha_version,
        "python": platform.python_version(),
        "llm_hub": _hub_version(),
        "commit": commit,
        "cpu": _cpu_model(),
        "cores": _cores(),
        "load": list(load),
        "elapsed": round(elapsed),
        "targets": [
            {"goal": v.goal, "target": v.target, "figure": v.figure, "met": v.met}
            for _, v in verdicts(results, settings)
        ],
        "unjudged": unjudged(verdicts(results, settings)),
        "guarantees": [
            {"guarantee": what, "figure": cost} for what, cost in guarantees(results, settings)
        ],
    }


def main() -> None:
    """Parse the arguments, run the benchmark, print the report."""
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run: few short samples")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="every measure once at tiny sizes; fails only if a figure or a target is missing",
    )
    parser.add_argument(
        "--sizes",
        type=lambda text: tuple(int(part) for part in text.split(",")),
        default=None,
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
    parser.add_argument(
        "--json",
        type=Path,
        help="also write the targets and guarantees as JSON there (script/bench --both)",
    )
    args = parser.parse_args()
    if args.scope_only and args.no_scope:
        parser.error("--scope-only and --no-scope exclude each other")
    if args.profile and importlib.util.find_spec("pyinstrument") is None:
        parser.error("--profile needs pyinstrument (installed in the test venv)")
    sizes = args.sizes or ((10,) if args.smoke else (10, 100, 1000))
    large_sizes = (
        args.large_sizes
        if args.large_sizes is not None
        else (20, 40)
        if args.smoke
        else (1000, 8000)
        if args.quick
        else (1000, 8000, 10000)
    )
    scope_sizes = () if args.no_scope else (20,) if args.smoke else SCOPE_SIZES
    if args.scope_only:
        sizes, large_sizes = (), ()
    repeats = args.repeats or (1 if args.smoke else 3 if args.quick else 21)
    settings = Settings(
        sizes=tuple(sorted(sizes)),
        large_sizes=tuple(sorted(large_sizes)),
        repeats=repeats,
        memory_repeats=1 if args.smoke else max(3, repeats // 3),
        sample_seconds=0.001 if args.smoke else 0.005 if args.quick else 0.03,
        cached=args.cached_tools,
        profile_dir=SCRATCH / "profiles" if args.profile else None,
        scope_sizes=scope_sizes,
        clock=time.perf_counter if args.wall else time.process_time,
    )
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # "We found a custom integration ... which has not been tested": expected, twice.
    logging.getLogger("homeassistant.loader").setLevel(logging.ERROR)
    if settings.profile_dir is not None:
        settings.profile_dir.mkdir(parents=True, exist_ok=True)
    start, load_before = time.monotonic(), os.getloadavg()[0]
    try:
        results = asyncio.run(async_run(settings))
    except BenchError as err:
        sys.exit(f"error: {err}")
    elapsed = time.monotonic() - start
    report = render(results, settings, elapsed, args.commit)
    if not args.smoke:
        print(report)
    if settings.profile_dir is not None:
        print(f"\nProfiles (pyinstrument, .txt and .html): {settings.profile_dir}")
    if args.json is not None:
        data = summary(
            results,
            settings,
            elapsed=elapsed,
            commit=args.commit,
            load=(load_before, os.getloadavg()[0]),
        )
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
    gaps = missing(results, settings)
    if args.smoke:
        gaps += [f"target not judged: {goal}" for goal in unjudged(verdicts(results, settings))]
    if gaps:
        sys.exit("error: the bench is missing figures:\n" + "\n".join(f"- {gap}" for gap in gaps))
    if args.smoke:
        print(
            f"bench smoke run on Home Assistant {ha_version}: {len(results.values)} figures, "
            f"{len(verdicts(results, settings))} targets judged, all there, in {elapsed:.0f} s "
            "(one sample each at tiny sizes: the figures mean nothing)"
        )


if __name__ == "__main__":
    main()
