"""Ends a hub's tool calls that run too long, with one timer for all of them.

Each call runs in ``asyncio.timeout(None)``; when the timer fires, the calls past their
deadline expire exactly as ``asyncio.timeout(seconds)`` expires them.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from homeassistant.core import CALLBACK_TYPE, HassJob, HomeAssistant, callback
from homeassistant.helpers.event import async_call_at

__all__ = ["Deadlines"]


class Deadlines:
    """The deadlines of one hub's running calls, expired by one timer of the event loop.

    Use: ``async with timeout:`` (``asyncio.timeout(None)``), ``watch(timeout, seconds)``
    first inside the block, ``forget(timeout)`` in its ``finally``.
    """

    def __init__(self, hass: HomeAssistant) -> None:
        """Start with no call running; the timer runs in ``hass``'s event loop."""
        self.hass = hass
        self._running: dict[asyncio.Timeout, float] = {}
        """The timeouts of the running calls, with when they end (loop time)."""
        self._cancel_timer: CALLBACK_TYPE | None = None
        self._timer_when = 0.0
        # Cancelled when Home Assistant stops, like its own timers.
        self._expire_job = HassJob(self._expire, "llm_hub deadlines", cancel_on_shutdown=True)

    def watch(self, timeout: asyncio.Timeout, seconds: float) -> None:
        """Expire the entered ``timeout`` ``seconds`` from now unless it is forgotten first."""
        when = self.hass.loop.time() + seconds
        self._running[timeout] = when
        if self._cancel_timer is None or when < self._timer_when:
            self._arm(when)

    def forget(self, timeout: asyncio.Timeout) -> None:
        """Stop watching ``timeout``, whose call ended."""
        self._running.pop(timeout, None)

    def _arm(self, when: float) -> None:
        """Set the timer to fire at ``when`` (loop time)."""
        if self._cancel_timer is not None:
            self._cancel_timer()
        self._cancel_timer = async_call_at(self.hass, self._expire_job, when)
        self._timer_when = when

    @callback
    def _expire(self, _fired: datetime) -> None:
        """Expire the timeouts whose time has come; set the timer for the next one."""
        self._cancel_timer = None
        now = self.hass.loop.time()
        passed = [timeout for timeout, when in self._running.items() if when <= now]
        for timeout in passed:
            del self._running[timeout]
            timeout.reschedule(now)  # not later than now: asyncio expires it at once
        if self._running:
            self._arm(min(self._running.values()))
