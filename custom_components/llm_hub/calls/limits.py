"""Limits a hub's calls: of one tool by one user a minute, changes by one user an hour.

A call over a limit is refused with when the next can run; refused often (``LIMIT_REPAIR_
REFUSALS`` within an hour), the hub raises a repair issue, cleared when it reloads.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
import contextlib
from dataclasses import dataclass, field
from datetime import timedelta
import time
from typing import Final

from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir
from homeassistant.util import dt as dt_util

from ..const import DOMAIN, LIMIT_REPAIR_REFUSALS

__all__ = ["ISSUE_LIMIT_REACHED", "LimitCounts", "Limits", "async_limit_issue"]

ISSUE_LIMIT_REACHED: Final = "limit_reached"

_MINUTE: Final = 60.0
_HOUR: Final = 3600.0


@dataclass(frozen=True, slots=True)
class LimitCounts:
    """What a hub's limits count now, as they count it (none of a window that is empty)."""

    # Calls in the last minute, by (user id, tool).
    calls: dict[tuple[str | None, str], int]
    # Changes in the last hour, by user id.
    changes: dict[str | None, int]
    # Calls the limits refused in the last hour.
    refusals: int


@dataclass(slots=True)
class Limits:
    """The limits of one hub, counted per user (and tool) since the hub loaded."""

    calls_per_minute: int | None
    changes_per_hour: int | None
    # Called with how many refusals the last hour saw, when they reach the repair's count.
    refused_often: Callable[[int], None] = lambda _count: None
    _calls: dict[tuple[str | None, str], deque[float]] = field(default_factory=dict)
    _changes: dict[str | None, deque[float]] = field(default_factory=dict)
    _refusals: deque[float] = field(default_factory=deque)

    def refusal(self, user_id: str | None, tool: str, *, changes: bool) -> str | None:
        """Return why a call of ``tool`` by ``user_id`` may not run now (words), or None.

        ``changes``: the tool may change state (is not read-only). Counts nothing (``count``).
        """
        now = time.monotonic()
        for times, limit, window, what in self._windows(user_id, tool, changes=changes):
            while times and times[0] <= now - window:
                times.popleft()
            if len(times) >= limit:
                return self._refuse(now, what, times[0] + window - now)
        return None

    def count(self, user_id: str | None, tool: str, *, changes: bool) -> float:
        """Count a call that runs (``refusal`` said none, with no wait since); return its time."""
        now = time.monotonic()
        for times, *_ in self._windows(user_id, tool, changes=changes):
            times.append(now)
        return now

    def uncount(self, user_id: str | None, tool: str, *, changes: bool, at: float) -> None:
        """Take back the call counted ``at``: it was refused or asks, so nothing ran."""
        for times, *_ in self._windows(user_id, tool, changes=changes):
            with contextlib.suppress(ValueError):  # gone with its window already
                times.remove(at)

    def counts(self) -> LimitCounts:
        """Return the calls and changes each limit counts now, and the last hour's refusals."""
        now = time.monotonic()
        minute, hour = now - _MINUTE, now - _HOUR
        calls = {key: n for key, times in self._calls.items() if (n := _since(times, minute))}
        changes = {user: n for user, times in self._changes.items() if (n := _since(times, hour))}
        return LimitCounts(calls, changes, _since(self._refusals, hour))

    def _windows(
        self, user_id: str | None, tool: str, *, changes: bool
    ) -> list[tuple[deque[float], int, float, str]]:
        """Return ``(times, limit, window in s, words)`` of each limit a call counts against."""
        windows: list[tuple[deque[float], int, float, str]] = []
        if (per_minute := self.calls_per_minute) is not None:
            calls = self._calls.setdefault((user_id, tool), deque())
            words = f"{per_minute} calls a minute of this tool"
            windows.append((calls, per_minute, _MINUTE, words))
        if changes and (per_hour := self.changes_per_hour) is not None:
            made = self._changes.setdefault(user_id, deque())
            windows.append((made, per_hour, _HOUR, f"{per_hour} changes an hour"))
        return windows

    def _refuse(self, now: float, what: str, wait: float) -> str:
        """Note a refusal; return its words with when the next call can run."""
        refusals = self._refusals
        refusals.append(now)
        while refusals[0] <= now - _HOUR:
            refusals.popleft()
        if len(refusals) == LIMIT_REPAIR_REFUSALS:
            self.refused_often(len(refusals))
        at = dt_util.as_local(dt_util.utcnow() + timedelta(seconds=wait)).strftime("%H:%M:%S")
        zone = dt_util.get_default_time_zone()
        return f"the limit of {what} is reached; the next can run in {wait:.0f} s, at {at} ({zone})"


def _since(times: deque[float], start: float) -> int:
    """Return how many of ``times`` (oldest first) are after ``start``; forget the others."""
    while times and times[0] <= start:
        times.popleft()
    return len(times)


@callback
def async_limit_issue(
    hass: HomeAssistant, entry_id: str, hub_name: str, refusals: int | None
) -> None:
    """Raise the issue that a hub's limits refused ``refusals`` calls in an hour (None: clear)."""
    issue_id = f"{ISSUE_LIMIT_REACHED}_{entry_id}"
    if refusals is None:
        ir.async_delete_issue(hass, DOMAIN, issue_id)
        return
    ir.async_create_issue(
        hass,
        DOMAIN,
        issue_id,
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        translation_key=ISSUE_LIMIT_REACHED,
        translation_placeholders={"hub": hub_name, "refusals": str(refusals)},
    )
