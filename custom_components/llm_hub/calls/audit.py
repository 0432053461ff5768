"""Records each call of a hub's tools: an event per call, counters and the last calls in memory.

The event ``llm_hub_tool_called`` is fired in the call's context; recorded arguments have
secrets redacted and are cut to fit the recorder (the rules: ``docs/inspector.md``). In
shadow mode, the calls the hub's rules would have stopped are kept apart too (``shadowed``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping
from dataclasses import dataclass
import math
import time
from typing import Any, Final, Literal, TypedDict

import orjson

from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.redact import REDACTED
from homeassistant.util import dt as dt_util

from ..compat import llm_context_agent_id
from ..const import TOKEN_ARGUMENT
from .results import json_text
from .secrets import is_secret_key
from .tool import Outcome, Shadowed, ToolCall, unwrap

__all__ = [
    "EVENT_TOOL_CALLED",
    "RECENT_CALLS",
    "SHADOWED_CALLS",
    "Audit",
    "AuditCounters",
    "RecentCall",
    "ShadowedCall",
    "ToolCalledData",
    "recorded_arguments",
]

# Fired after every call of a hub's tool; its data is a ``ToolCalledData``.
EVENT_TOOL_CALLED: Final = "llm_hub_tool_called"

# How many of a hub's last calls are kept in memory (for diagnostics).
RECENT_CALLS: Final = 20
# How many of the last calls shadow mode let run are kept in memory (for the panel).
SHADOWED_CALLS: Final = 50

# Longest error text kept with a recent call, in characters.
ERROR_TEXT_LENGTH: Final = 300

# Deepest nesting of arguments the audit records; anything deeper becomes a marker.
MAX_DEPTH: Final = 8
# Most keys or items of one object or list the audit records.
MAX_ITEMS: Final = 64
# Most characters of one text (or key: ``MAX_KEY``) the audit records.
MAX_TEXT: Final = 1000
MAX_KEY: Final = 100
# About the most bytes of arguments as JSON one event records, well below the recorder's 32 KB (the
# last text may pass it by up to six bytes per character of ``MAX_TEXT``).
MAX_SIZE: Final = 8192
# The key under which a cut object says how many keys were left out.
CUT: Final = "…"
# The outcomes of calls that ran nothing.
_NOTHING_RAN: Final = frozenset({"refused", "needs_confirmation"})
# Integers the recorder's JSON encoder (orjson) can write.
_INT64 = range(-(2**63), 2**64)


class _Capture:
    """Copies arguments for the audit: JSON-safe, secrets redacted, cut to the limits above."""

    def __init__(self) -> None:
        """Start with the whole ``MAX_SIZE`` to spend and nothing cut."""
        self.budget = MAX_SIZE
        self.cut = False

    def value(self, value: Any, depth: int) -> Any:  # noqa: PLR0911  # one per JSON type
        """Return the recorded copy of one value."""
        if isinstance(value, Mapping | list | tuple | set | frozenset):
            if depth >= MAX_DEPTH:
                self.cut = True
                return f"<cut: nested deeper than {MAX_DEPTH} levels>"
            if isinstance(value, Mapping):
                return self.mapping(value, depth + 1)
            return self.sequence(value, depth + 1)
        if isinstance(value, str):
            return self.text(value, MAX_TEXT)
        self.budget -= 24
        if value is None or isinstance(value, bool) or (isinstance(value, int) and value in _INT64):
            return value
        if isinstance(value, float):
            # JSON has no NaN or infinity: "nan", "inf", "-inf" say what was sent.
            return value if math.isfinite(value) else str(value)
        if isinstance(value, int):
            self.cut = True
            return self.text(f"<cut: an integer of {value.bit_length()} bits>", MAX_TEXT)
        # Not JSON (a caller in Python may pass anything): its type, never its repr.
        return self.text(f"<{type(value).__name__}>", MAX_TEXT)

    def text(self, text: str, limit: int) -> str:
        """Return ``text``, cut to ``limit`` and to what is left to spend."""
        limit = max(min(limit, self.budget), 0)
        text = json_text(text)
        if len(text) > limit:
            self.cut = True
            text = f"{text[:limit]}<cut: {len(text) - limit} more characters>"
        # What the text takes as JSON, in bytes (the recorder's limit is in bytes): up to six
        # per character (a control character as \u0000), four for an emoji.
        self.budget -= len(orjson.dumps(text)) + 2
        return text

    def key(self, key: Any) -> str:
        """Return a key as text (JSON keys are texts)."""
        if isinstance(key, str):
            return self.text(key, MAX_KEY)
        return self.text(str(key) if isinstance(key, int | float | None) else "<key>", MAX_KEY)

    def mapping(self, mapping: Mapping[Any, Any], depth: int) -> dict[str, Any]:
        """Return the recorded copy of an object; secret keys' values redacted (not empty ones)."""
        copy: dict[str, Any] = {}
        for index, (key, item) in enumerate(mapping.items()):
            if index >= MAX_ITEMS or self.budget <= 0:
                self.cut = True
                copy[CUT] = f"<cut: {len(mapping) - index} more keys>"
                break
            # An empty secret stays visible (as Home Assistant's redaction leaves it).
            secret = is_secret_key(key) and item is not None and item != ""
            copy[self.key(key)] = REDACTED if secret else self.value(item, depth)
        return copy

    def sequence(self, items: Collection[Any], depth: int) -> list[Any]:
        """Return the recorded copy of a list."""
        copy: list[Any] = []
        for index, item in enumerate(items):
            if index >= MAX_ITEMS or self.budget <= 0:
                self.cut = True
                copy.append(f"<cut: {len(items) - index} more items>")
                break
            copy.append(self.value(item, depth))
        return copy


def recorded_arguments(arguments: Any) -> tuple[Any, bool]:
    """Return the recorded (JSON-safe, redacted, cut) arguments and whether cut; never raises."""
    capture = _Capture()
    try:
        return capture.value(arguments, 0), capture.cut
    except Exception:  # noqa: BLE001  # the audit must record the call whatever it got
        return "<cut: the arguments could not be read>", True


class ToolCalledData(TypedDict, total=False):
    """The data of an ``llm_hub_tool_called`` event."""

    api_id: str
    api_name: str
    # The name the model called (the listed name).
    tool_name: str
    # The name of the tool the hub ran (its own name in its integration or API).
    original_tool_name: str
    # The integration domain (contributed tools) or selected API id the tool came from.
    source: str
    tool_call_id: str
    user_id: str | None
    # The integration that made the request (a conversation agent's domain, mcp_server).
    platform: str
    # The conversation agent or AI task entity (Home Assistant 2026.11 and newer).
    agent_id: str | None
    device_id: str | None
    outcome: Outcome
    duration_ms: float
    # The arguments as ``recorded_arguments`` records them (option "record arguments").
    arguments: Any
    # Present (True) when the recorded arguments were cut.
    arguments_cut: bool
    # The user id of who approved the call in Home Assistant, if anyone did.
    approved_by: str
    # Present (True) when the call ran under an approval remembered for it.
    remembered: bool
    # What went wrong, for a call that did not end ``ok`` and said.
    error: str
    # In shadow mode, what the hub's rules would have done: ``ask`` or ``refuse``, and why.
    shadow: Literal["ask", "refuse"]
    shadow_reason: str


@dataclass(slots=True)
class RecentCall:
    """A call kept in memory: the event's data, when, and any error text."""

    data: ToolCalledData
    # When the call finished (POSIX timestamp; ``as_dict`` gives ISO 8601, UTC).
    time: float
    # What went wrong, for calls that did not end ``ok`` (shortened), or None.
    error: str | None

    def as_dict(self) -> dict[str, Any]:
        """Return the call as JSON-ready data: the event's data, ``time`` and ``error``."""
        finished = dt_util.utc_from_timestamp(self.time).isoformat()
        return {**self.data, "time": finished, "error": self.error}


@dataclass(slots=True)
class ShadowedCall:
    """A call shadow mode let run: who called which tool when, what the rules would have done."""

    tool_name: str
    user_id: str | None
    platform: str
    agent_id: str | None
    # When it was recorded (POSIX timestamp).
    time: float
    shadow: Shadowed

    def as_dict(self) -> dict[str, Any]:
        """Return it as JSON-ready data; ``time`` in ISO 8601 (UTC)."""
        shadow = self.shadow
        return {
            "tool_name": self.tool_name,
            "user_id": self.user_id,
            "platform": self.platform,
            "agent_id": self.agent_id,
            "time": dt_util.utc_from_timestamp(self.time).isoformat(),
            "would": shadow.would,
            "reason": shadow.reason,
            "when": shadow.when,
            "targets": list(shadow.targets),
            "targets_more": shadow.targets_more,
            "targets_unmatched": shadow.targets_unmatched,
        }


@dataclass(slots=True)
class AuditCounters:
    """How many calls went through a hub since it was loaded, by how they ended."""

    calls: int = 0
    errors: int = 0
    refused: int = 0
    needs_confirmation: int = 0

    def count(self, outcome: Outcome) -> None:
        """Count one call that ended with ``outcome``."""
        self.calls += 1
        if outcome == "error":
            self.errors += 1
        elif outcome == "refused":
            self.refused += 1
        elif outcome == "needs_confirmation":
            self.needs_confirmation += 1


class Audit:
    """The audit trail of one loaded hub: fires events, counts calls, keeps the last calls."""

    def __init__(
        self, hass: HomeAssistant, *, api_id: str, api_name: str, record_arguments: bool
    ) -> None:
        """Create the trail of the hub API ``api_id``; ``record_arguments``: keep arguments too."""
        self.hass = hass
        self.api_id = api_id
        self.api_name = api_name
        self.record_arguments = record_arguments
        self.counters = AuditCounters()
        self.recent: deque[RecentCall] = deque(maxlen=RECENT_CALLS)
        """The last calls, oldest first."""
        self.shadowed: deque[ShadowedCall] = deque(maxlen=SHADOWED_CALLS)
        """The last calls shadow mode let run that the rules would have stopped, newest first."""

    @callback
    def async_record(self, call: ToolCall) -> None:
        """Record a finished call of the hub's tool: count it, keep it, fire the event."""
        llm_context = call.llm_context
        context = llm_context.context
        data: ToolCalledData = {
            "api_id": self.api_id,
            "api_name": self.api_name,
            "tool_name": call.tool.name,
            "original_tool_name": unwrap(call.tool).name,
            "source": call.tool.source,
            "tool_call_id": _call_id(call.tool_input.id),
            "user_id": context.user_id if context else None,
            "platform": llm_context.platform,
            "agent_id": llm_context_agent_id(llm_context),
            "device_id": llm_context.device_id,
            "outcome": call.outcome,
            "duration_ms": round(call.duration_ms, 1),
        }
        if self.record_arguments:
            data["arguments"], cut = recorded_arguments(call.tool_input.tool_args)
            if cut:
                data["arguments_cut"] = True
        if call.approved_by is not None:
            data["approved_by"] = call.approved_by
        if call.remembered:
            data["remembered"] = True
        error = None if call.outcome == "ok" else _error_text(call.result.data)
        if error is not None:
            data["error"] = error
        now = time.time()
        # A call refused on its way anyway (a scope): shadow mode let nothing run.
        if (shadow := call.shadow) is not None and call.outcome not in _NOTHING_RAN:
            data["shadow"], data["shadow_reason"] = shadow.would, shadow.why
            self.shadowed.appendleft(
                ShadowedCall(
                    data["tool_name"],
                    data["user_id"],
                    data["platform"],
                    data["agent_id"],
                    now,
                    shadow,
                )
            )

        self.counters.count(call.outcome)
        self.recent.append(RecentCall(data, now, error))  # positional: made per call
        self.hass.bus.async_fire(EVENT_TOOL_CALLED, dict(data), context=context)


def _call_id(call_id: Any) -> str:
    """Return a call's id as recorded: a text of at most ``MAX_KEY`` characters."""
    return json_text(call_id[:MAX_KEY]) if isinstance(call_id, str) else ""


def _error_text(data: Mapping[str, Any]) -> str | None:
    """Return a failed or waiting call's text, shortened and redacted; None when it has none."""
    token = data.get(TOKEN_ARGUMENT)
    for key in ("error_text", "error", "message"):
        if isinstance(text := data.get(key), str) and text:
            if isinstance(token, str) and token:
                text = text.replace(token, REDACTED)
            return text[:ERROR_TEXT_LENGTH]
    return None
