"""Records each call of a hub's tools: an event per call, counters and the last calls in memory.

Every call of a tool through a hub API (``HubTool.async_call`` reports it to the hub's
``Audit``) fires ``llm_hub_tool_called`` on Home Assistant's event bus,
with the call's context, so automations, the logbook and the recorder see it. A hub selected
by another hub records the calls that go through its own tools: a call through the outer hub
fires one event for each hub (the outer one's ``source`` is the inner hub's API id).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
import re
import time
from typing import Any, Final, TypedDict

from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.redact import REDACTED, async_redact_data
from homeassistant.util import dt as dt_util

from .compat import llm_context_agent_id
from .const import TOKEN_ARGUMENT
from .tool import Outcome, ToolCall, unwrap

__all__ = [
    "EVENT_TOOL_CALLED",
    "RECENT_CALLS",
    "SECRET_KEYS",
    "Audit",
    "AuditCounters",
    "RecentCall",
    "ToolCalledData",
    "redact_secrets",
]

EVENT_TOOL_CALLED: Final = "llm_hub_tool_called"
"""Fired after every call of a hub's tool; its data is a ``ToolCalledData``."""

RECENT_CALLS: Final = 20
"""How many of a hub's last calls are kept in memory (for diagnostics)."""

ERROR_TEXT_LENGTH: Final = 300
"""Longest error text kept with a recent call, in characters."""

# Words that make a key secret wherever they appear in it (``wifi_password``, ``doorPin``).
_SECRET_WORDS: Final = frozenset(
    {
        "apikey",
        "authorization",
        "code",
        "credential",
        "credentials",
        "passcode",
        "passphrase",
        "passwd",
        "password",
        "pin",
        "secret",
        "token",
    }
)
# Pairs of words that make a key secret (``api_key``, ``privateKey``).
_SECRET_PAIRS: Final = frozenset({("api", "key"), ("access", "key"), ("private", "key")})
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NOT_WORD = re.compile(r"[^a-z0-9]+")


class _SecretKeys(frozenset[str]):
    """Keys that look like they hold a secret, as a set for HA's ``async_redact_data``.

    Home Assistant's helper redacts the keys found ``in`` its ``to_redact``; this set of
    secret words also finds keys that contain one of them as a word, so ``password``,
    ``wifi_password``, ``doorPin`` and ``api-key`` are all found. It errs on the side of
    redacting: ``zip_code`` is redacted too.
    """

    def __contains__(self, key: object) -> bool:
        """Return whether ``key`` (a string) names a secret."""
        if not isinstance(key, str):
            return False
        words = [word for word in _NOT_WORD.split(_CAMEL_BOUNDARY.sub("_", key).lower()) if word]
        return any(word in _SECRET_WORDS for word in words) or any(
            pair in _SECRET_PAIRS for pair in pairwise(words)
        )


SECRET_KEYS: Final = _SecretKeys(_SECRET_WORDS)
"""The keys ``redact_secrets`` redacts (``key in SECRET_KEYS``)."""


def redact_secrets[T](data: T) -> T:
    """Return ``data`` with the values of secret-like keys replaced by ``**REDACTED**``.

    Nested mappings and lists are followed (Home Assistant's ``helpers.redact``).
    """
    return async_redact_data(data, SECRET_KEYS)


class ToolCalledData(TypedDict, total=False):
    """The data of an ``llm_hub_tool_called`` event (``arguments`` only when recorded)."""

    api_id: str
    api_name: str
    tool_name: str
    """The name the model called (the listed name)."""
    original_tool_name: str
    """The name of the tool the hub ran (its own name in its integration or API)."""
    source: str
    """The integration domain (contributed tools) or selected API id the tool came from."""
    tool_call_id: str
    user_id: str | None
    platform: str
    """The integration that made the request (a conversation agent's domain, mcp_server)."""
    agent_id: str | None
    """The conversation agent or AI task entity (Home Assistant 2026.11 and newer)."""
    device_id: str | None
    outcome: Outcome
    duration_ms: float
    arguments: dict[str, Any]
    """The arguments as the model sent them, secrets redacted (option "record arguments")."""
    approved_by: str
    """The user id of who approved the call in Home Assistant (``approvals.py``), if any."""


@dataclass(slots=True)
class RecentCall:
    """A call kept in memory: the event's data, when, its context id and any error text."""

    data: ToolCalledData
    time: float
    """When the call finished (POSIX timestamp; ``as_dict`` gives ISO 8601, UTC)."""
    context_id: str | None
    error: str | None
    """What went wrong, for calls that did not end ``ok`` (shortened), or None."""

    def as_dict(self) -> dict[str, Any]:
        """Return the call as JSON-ready data: the event's data, ``time`` and ``error``."""
        finished = dt_util.utc_from_timestamp(self.time).isoformat()
        return {**self.data, "time": finished, "error": self.error}


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
    """The audit trail of one hub: fires events, counts calls, keeps the last ``RECENT_CALLS``.

    Lives as long as the hub's config entry is loaded (saving options reloads it, which starts
    the counters anew).
    """

    def __init__(
        self, hass: HomeAssistant, *, api_id: str, api_name: str, record_arguments: bool
    ) -> None:
        """Create the trail of the hub API ``api_id`` named ``api_name``.

        With ``record_arguments`` (the hub's option, ``HubPolicy.record_arguments``), events
        and recent calls carry the arguments (secret-like keys redacted).
        """
        self.hass = hass
        self.api_id = api_id
        self.api_name = api_name
        self.record_arguments = record_arguments
        self.counters = AuditCounters()
        self.recent: deque[RecentCall] = deque(maxlen=RECENT_CALLS)
        """The last calls, oldest first."""

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
            "tool_call_id": call.tool_input.id,
            "user_id": context.user_id if context else None,
            "platform": llm_context.platform,
            "agent_id": llm_context_agent_id(llm_context),
            "device_id": llm_context.device_id,
            "outcome": call.outcome,
            "duration_ms": round(call.duration_ms, 1),
        }
        if self.record_arguments:
            data["arguments"] = redact_secrets(dict(call.tool_input.tool_args))
        if call.approved_by is not None:
            data["approved_by"] = call.approved_by

        self.counters.count(call.outcome)
        self.recent.append(
            RecentCall(
                data=data,
                time=time.time(),
                context_id=context.id if context else None,
                error=None if call.outcome == "ok" else _error_text(call.result.data),
            )
        )

        self.hass.bus.async_fire(EVENT_TOOL_CALLED, dict(data), context=context)

    def last_outcome(self, context_id: str) -> Outcome | None:
        """Return how the last call made with the context ``context_id`` ended, if kept."""
        for recent in reversed(self.recent):
            if recent.context_id == context_id:
                return recent.data["outcome"]
        return None


def _error_text(data: Mapping[str, Any]) -> str | None:
    """Return the error text of a failed call's result data (``error_text`` or ``error``).

    A confirmation token the result hands out (``const.TOKEN_ARGUMENT``: the model's
    to pass on, nobody else's) is replaced by ``**REDACTED**``, so diagnostics and the last
    calls hold no token that could confirm a call. Shortened to ``ERROR_TEXT_LENGTH``; None
    when the data has no such text.
    """
    token = data.get(TOKEN_ARGUMENT)
    for key in ("error_text", "error"):
        if isinstance(text := data.get(key), str) and text:
            if isinstance(token, str) and token:
                text = text.replace(token, REDACTED)
            return text[:ERROR_TEXT_LENGTH]
    return None
