"""Deadlines: one timer ends every call of a hub that runs past its time, like asyncio.timeout."""

from __future__ import annotations

import asyncio

import pytest

from custom_components.llm_hub.calls.deadlines import Deadlines
from homeassistant.core import HomeAssistant


async def _run(deadlines: Deadlines, seconds: float, work: asyncio.Event) -> asyncio.Timeout:
    """Wait for ``work`` within ``seconds`` watched by ``deadlines``; return the timeout."""
    timeout = asyncio.timeout(None)
    try:
        async with timeout:
            deadlines.watch(timeout, seconds)
            await work.wait()
    finally:
        deadlines.forget(timeout)
    return timeout


async def test_a_call_past_its_deadline_times_out(hass: HomeAssistant) -> None:
    """The block is cancelled and TimeoutError raised, as asyncio.timeout does."""
    deadlines = Deadlines(hass)

    with pytest.raises(TimeoutError):
        await _run(deadlines, 0.01, asyncio.Event())


async def test_calls_in_time_are_not_ended(hass: HomeAssistant) -> None:
    """A call that ends before its deadline is not expired; the timer then ends nothing."""
    deadlines = Deadlines(hass)
    done = asyncio.Event()
    done.set()

    timeout = await _run(deadlines, 0.01, done)
    await asyncio.sleep(0.02)

    assert not timeout.expired()
    # A later call gets a timer of its own again, and its own deadline.
    with pytest.raises(TimeoutError):
        await _run(deadlines, 0.01, asyncio.Event())


async def test_each_call_ends_at_its_own_deadline(hass: HomeAssistant) -> None:
    """A shorter deadline added later (MCP Server's limit) ends first; the longer one later."""
    deadlines = Deadlines(hass)
    never = asyncio.Event()
    long = asyncio.ensure_future(_run(deadlines, 0.5, never))
    await asyncio.sleep(0)
    short = asyncio.ensure_future(_run(deadlines, 0.01, never))
    spared = asyncio.ensure_future(_run(deadlines, 10, never))

    done, _ = await asyncio.wait([long, short], return_when=asyncio.FIRST_COMPLETED)
    assert done == {short}
    assert isinstance(short.exception(), TimeoutError)
    assert not long.done()
    await asyncio.wait([long])
    assert isinstance(long.exception(), TimeoutError)

    assert not spared.done()
    spared.cancel()
    with pytest.raises(asyncio.CancelledError):
        await spared
