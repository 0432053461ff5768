"""Describe the hub's ``llm_hub_tool_called`` events in the logbook (activity) in plain words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from homeassistant.components.logbook.const import (
    LOGBOOK_ENTRY_CONTEXT_ID,
    LOGBOOK_ENTRY_MESSAGE,
    LOGBOOK_ENTRY_NAME,
)
from homeassistant.components.logbook.models import LazyEventPartialState
from homeassistant.core import HomeAssistant, callback

from .calls.audit import EVENT_TOOL_CALLED
from .const import DOMAIN

# The logbook message per outcome of a call.
OUTCOME_WORDS: Final = {
    "ok": "called {tool}",
    "error": "called {tool}, which failed",
    "refused": "refused a call of {tool}",
    "needs_confirmation": "asked to confirm a call of {tool}",
}
# What a hub in shadow mode let run that its confirmation settings would have stopped.
SHADOW_WORDS: Final = {
    "ask": " in shadow mode (it would have asked to confirm it)",
    "refuse": " in shadow mode (it would have refused it)",
}


@callback
def async_describe_events(
    hass: HomeAssistant,
    async_describe_event: Callable[
        [str, str, Callable[[LazyEventPartialState], dict[str, Any]]], None
    ],
) -> None:
    """Describe ``llm_hub_tool_called``: "<hub name> called <tool>[, which failed]"."""

    @callback
    def async_describe_tool_called(event: LazyEventPartialState) -> dict[str, Any]:
        data = event.data
        tool = data.get("tool_name", "a tool")
        message = OUTCOME_WORDS.get(data.get("outcome", ""), "called {tool}").format(tool=tool)
        if (original := data.get("original_tool_name")) and original != tool:
            message += f" ({original} of {data.get('source', 'its integration')})"
        message += SHADOW_WORDS.get(data.get("shadow", ""), "")
        return {
            LOGBOOK_ENTRY_NAME: data.get("api_name") or data.get("api_id") or "LLM Hub",
            LOGBOOK_ENTRY_MESSAGE: message,
            LOGBOOK_ENTRY_CONTEXT_ID: event.context_id,
        }

    async_describe_event(DOMAIN, EVENT_TOOL_CALLED, async_describe_tool_called)
