"""Diagnostics of a hub entry: options, tools, sizes, search, counters, calls, platform errors."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Final

from homeassistant.components.diagnostics import async_redact_data
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm as llm_helper

from .build.platforms import async_get_platform_errors
from .calls.audit import redact_secrets
from .const import CONF_PROMPT
from .panel.inspector import describe_instance, llm_context_for
from .types import LlmHubConfigEntry

TO_REDACT: Final = {CONF_PROMPT}
"""Option keys redacted besides secret-like ones: the instructions are the user's own text
(Home Assistant's conversation integrations redact their prompts too)."""

TOOL_SUMMARY_KEYS: Final = ("name", "key", "original_name", "source", "hidden", "size")
"""What diagnostics keep of each described tool."""


async def async_get_config_entry_diagnostics(
    hass: HomeAssistant, entry: LlmHubConfigEntry
) -> dict[str, Any]:
    """Return the diagnostics of a hub entry, its tools built for the owner as MCP Server's are.

    A build that fails is reported as ``{"error": ...}`` instead of failing the download.
    """
    api = entry.runtime_data.api
    owner = await hass.auth.async_get_owner()
    llm_context = llm_context_for(hass, Context(user_id=owner.id if owner else None))
    tools: dict[str, Any]
    try:
        instance = await llm_helper.async_get_api(hass, api.id, llm_context)
    except HomeAssistantError as err:
        tools = {"error": str(err) or type(err).__name__}
    else:
        described = describe_instance(instance)
        tools = {
            "size": described["size"],
            "search": described["search"],
            "warnings": described["warnings"],
            "tools": [{key: tool[key] for key in TOOL_SUMMARY_KEYS} for tool in described["tools"]],
        }
    return {
        "api_id": api.id,
        "options": redact_secrets(async_redact_data(entry.options, TO_REDACT)),
        "llm_api": tools,
        "counters": asdict(api.audit.counters),
        "recent_calls": [call.as_dict() for call in api.audit.recent],
        "platform_errors": async_get_platform_errors(hass, api.id),
        "slow_sources": api.slow_sources.as_list(),
    }
