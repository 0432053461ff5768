"""Diagnostics of a hub entry: options, scope, tools, sizes, search, counters, calls, errors."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Final

from homeassistant.components.diagnostics import async_redact_data
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import (
    area_registry as ar,
    floor_registry as fr,
    label_registry as lr,
    llm as llm_helper,
)

from .calls.secrets import redact_secrets
from .compose.platforms import async_get_platform_errors
from .const import CONF_PROMPT
from .options import HubOptions
from .panel.inspector import describe_instance, llm_context_for
from .types import LlmHubConfigEntry

# Option keys redacted besides secret-like ones: the instructions are the user's own text (Home
# Assistant's conversation integrations redact their prompts too).
TO_REDACT: Final = {CONF_PROMPT}

# What diagnostics keep of each described tool.
TOOL_SUMMARY_KEYS: Final = ("name", "key", "original_name", "source", "hidden", "size")


async def async_get_config_entry_diagnostics(
    hass: HomeAssistant, entry: LlmHubConfigEntry
) -> dict[str, Any]:
    """Return the diagnostics of a hub entry, its tools built for the owner as MCP Server's are."""
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
        "scope": await _async_scope(hass, api.options),
        "llm_api": tools,
        "counters": asdict(api.audit.counters),
        "recent_calls": [call.as_dict() for call in api.audit.recent],
        "platform_errors": async_get_platform_errors(hass, api.id),
        "slow_sources": api.slow_sources.as_list(),
    }


async def _async_scope(hass: HomeAssistant, options: HubOptions) -> dict[str, Any]:
    """Return the hub's scope and users by name (by id: name, None when gone); no states."""
    areas, floors, labels = ar.async_get(hass), fr.async_get(hass), lr.async_get(hass)
    users = {user.id: user.name for user in await hass.auth.async_get_users()}
    return {
        "areas": {
            area_id: area.name if (area := areas.async_get_area(area_id)) else None
            for area_id in sorted(options.scope_areas)
        },
        "floors": {
            floor_id: floor.name if (floor := floors.async_get_floor(floor_id)) else None
            for floor_id in sorted(options.scope_floors)
        },
        "labels": {
            label_id: label.name if (label := labels.async_get_label(label_id)) else None
            for label_id in sorted(options.scope_labels)
        },
        "domains": sorted(options.scope_domains),
        "entities": sorted(options.scope_entities),
        "excluded": sorted(options.scope_excluded),
        "allowed_users": {user_id: users.get(user_id) for user_id in sorted(options.allowed_users)},
        "admins_only": options.admins_only,
    }
