"""Reload and unload while tool calls are in flight; MCP sessions across a reload.

Calls that run when the hub reloads finish; calls through tools listed before the reload
are refused in words (the new options may leave those tools out); nothing raises, nothing
leaks, and the API is registered exactly once, or not at all after unload.
"""

from __future__ import annotations

import asyncio
from collections import Counter
import gc
import json
from typing import Any, override
import weakref

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.llm_hub.api import HubAPI
from custom_components.llm_hub.const import CONF_INCLUDE_NEW_TOOLS, CONF_PROMPT
from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm

from .helpers import hubs
from .helpers.mcp import _text, mcp_session

SLOW = f"{hubs.TOOLS_DOMAIN}__slow"


class GatedTool(hubs.RecordingTool):
    """A tool that waits for ``gate`` before it answers, so calls stay in flight."""

    def __init__(self, log: list[hubs.Call]) -> None:
        """Record calls in ``log``; start closed."""
        super().__init__(
            SLOW,
            integration=hubs.TOOLS_DOMAIN,
            parameters=probatio.Schema({probatio.Required("number"): int}),
            log=log,
        )
        self.gate = asyncio.Event()
        self.running = 0
        self._changed = asyncio.Condition()

    async def async_wait_running(self, count: int) -> None:
        """Wait until ``count`` calls are waiting at the gate."""
        async with self._changed:
            await self._changed.wait_for(lambda: self.running >= count)

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Record the call, wait for the gate, answer."""
        await super().async_call(hass, tool_input, llm_context)
        async with self._changed:
            self.running += 1
            self._changed.notify_all()
        await self.gate.wait()
        self.running -= 1
        return llm.ToolResult(data={"done": tool_input.tool_args})


@pytest.fixture
def slow(calls: list[hubs.Call]) -> GatedTool:
    """Return the gated tool."""
    return GatedTool(calls)


@pytest.fixture
def contributed_tools(contributed_tools: list[llm.Tool], slow: GatedTool) -> list[llm.Tool]:
    """Return the contributed tools and the gated one."""
    return [*contributed_tools, slow]


def _registrations(hass: HomeAssistant, entry: MockConfigEntry) -> list[llm.API]:
    return [api for api in llm.async_get_apis(hass) if api.id == hubs.hub_id(entry)]


def _outcome(result: llm.ToolResult | BaseException) -> str:
    """Name how a call ended: ok, refused (stale instance), api_not_found, or else."""
    if isinstance(result, llm.ToolResult):
        if not result.error:
            return "ok"
        return "refused" if result.data.get("error") == "HubReloaded" else f"error {result.data}"
    if isinstance(result, HomeAssistantError) and str(result).endswith("not found"):
        return "api_not_found"
    return f"raised {result!r}"


async def test_50_concurrent_calls_across_a_reload(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    slow: GatedTool,
    hass_admin_user: MockUser,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """50 calls across a reload: none raises, each ends ok or refused in words.

    - 20 calls are running in the tool when the reload starts: they finish ok.
    - 15 got their tools before the reload and call after it (an agent in the middle of a
      turn): refused, because the reloaded hub may leave those tools out.
    - 15 ask for the tools while the reload runs, then call: they get the reloaded hub's
      tools and finish ok. (A request in the instant the API is unregistered would get
      Home Assistant's "API ... not found", see ``test_unload_with_calls_in_flight``.)
    """
    old_api = hub.runtime_data.api
    context = hubs.llm_context(hass_admin_user.id)
    reloaded = asyncio.Event()
    served_by: dict[int, llm.API] = {}

    async def call(number: int, *, wait_for_reload: bool = False) -> llm.ToolResult:
        instance = await llm.async_get_api(hass, hubs.hub_id(hub), context)
        served_by[number] = instance.api
        if wait_for_reload:
            await reloaded.wait()
        return await instance.async_call_tool(llm.ToolInput(SLOW, {"number": number}))

    in_flight = [asyncio.create_task(call(n)) for n in range(20)]
    listed_before = [asyncio.create_task(call(n, wait_for_reload=True)) for n in range(20, 35)]
    await slow.async_wait_running(20)

    reload = asyncio.create_task(hass.config_entries.async_reload(hub.entry_id))
    during = [asyncio.create_task(call(n)) for n in range(35, 50)]
    assert await reload
    reloaded.set()
    await asyncio.sleep(0)  # let the calls asked for during the reload reach the tool
    await slow.async_wait_running(20 + sum(not task.done() for task in during))
    slow.gate.set()
    results = await asyncio.gather(*in_flight, *listed_before, *during, return_exceptions=True)
    await hass.async_block_till_done()

    outcomes = [_outcome(result) for result in results]
    assert outcomes[:20] == ["ok"] * 20
    assert outcomes[20:35] == ["refused"] * 15
    counts = Counter(outcomes)
    # The measurement reported in the README and the closing note.
    assert counts == {"ok": 35, "refused": 15}
    # The reload does not wait between unregistering and registering the API, so every
    # call asked for during the reload got the reloaded hub's tools.
    assert all(served_by[n] is old_api for n in range(35))
    assert all(served_by[n] is hub.runtime_data.api for n in range(35, 50))
    assert [result.data for result in results[:20] if isinstance(result, llm.ToolResult)] == [
        {"done": {"number": n}} for n in range(20)
    ]
    refused = results[20]
    assert isinstance(refused, llm.ToolResult)
    assert refused.data == {
        "error": "HubReloaded",
        "error_text": 'The LLM API "Kitchen" was reloaded or removed while this request used '
        f"it (its options may have changed), so tool {SLOW} did not run. Get the tools "
        "again and retry.",
    }
    # The tool ran exactly for the calls that ended ok.
    assert len(slow.calls) == counts["ok"]
    assert slow.running == 0
    # One registration, the new API; no error logged.
    assert _registrations(hass, hub) == [hub.runtime_data.api]
    assert hub.runtime_data.api is not old_api
    assert [r for r in caplog.records if r.levelname in {"ERROR", "CRITICAL"}] == []

    # Nothing keeps the old API alive once its calls are done.
    old = weakref.ref(old_api)
    served_by.clear()
    del old_api, results, refused, in_flight, listed_before, during
    gc.collect()
    assert old() is None


async def test_unload_with_calls_in_flight(
    hass: HomeAssistant, hub: MockConfigEntry, slow: GatedTool, hass_admin_user: MockUser
) -> None:
    """Unloading unregisters the API at once; running calls finish; later ones fail in words."""
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context(hass_admin_user.id))
    running = asyncio.create_task(instance.async_call_tool(llm.ToolInput(SLOW, {"number": 1})))
    await slow.async_wait_running(1)

    assert await hass.config_entries.async_unload(hub.entry_id)
    assert _registrations(hass, hub) == []
    assert hub.state is ConfigEntryState.NOT_LOADED
    late = await instance.async_call_tool(llm.ToolInput(hubs.BREW, {"size": "small"}))
    with pytest.raises(HomeAssistantError, match="not found"):
        await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context(hass_admin_user.id))
    slow.gate.set()

    assert (await running).data == {"done": {"number": 1}}
    assert late.data["error"] == "HubReloaded"
    assert [call[0] for call in slow.log or []] == [SLOW]

    # Set up and reloaded twice at once: still exactly one registration.
    assert await hass.config_entries.async_setup(hub.entry_id)
    reloads = await asyncio.gather(
        hass.config_entries.async_reload(hub.entry_id),
        hass.config_entries.async_reload(hub.entry_id),
    )
    assert list(reloads) == [True, True]
    assert _registrations(hass, hub) == [hub.runtime_data.api]
    assert isinstance(hub.runtime_data.api, HubAPI)


async def test_mcp_session_sees_new_options_on_its_next_request(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hub_url: str,
    hass_access_token: str,
) -> None:
    """An MCP session opened before a reload lists, calls and prompts with the new options."""
    async with mcp_session(hub_url, hass_access_token) as session:
        before = {tool.name for tool in (await session.list_tools()).tools}

        await hubs.async_set_options(
            hass,
            hub,
            "tools",
            {CONF_INCLUDE_NEW_TOOLS: True, "tools": sorted(before - {hubs.GRIND})},
        )
        hass.config_entries.async_update_entry(
            hub, options={**hub.options, CONF_PROMPT: "New instructions."}
        )
        await hass.config_entries.async_reload(hub.entry_id)

        after = {tool.name for tool in (await session.list_tools()).tools}
        grind = await session.call_tool(hubs.GRIND, {})
        brew = await session.call_tool(hubs.BREW, {"size": "small"})
        prompt = await session.get_prompt("Kitchen")

    assert hubs.GRIND in before
    assert after == before - {hubs.GRIND}
    assert grind.isError
    # Left out now: refused with why (and recorded), not "not found".
    assert json.loads(_text(grind))["error"] == "ToolNotAvailable"
    assert json.loads(_text(brew))["brewed"] == 1
    content: Any = prompt.messages[0].content
    assert content.text.startswith("New instructions.")
