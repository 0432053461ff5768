"""Calls and tools the attacks share: a hub's tool by its listed name, a room light tool."""

from __future__ import annotations

from typing import Any

from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from .flows import async_add_tool
from .hubs import hub_id, llm_context

KITCHEN_ONLY = ["light.kitchen", "script.kitchen_on"]


def _named(instance: llm.APIInstance, tool: str) -> str:
    """Return the listed name of ``tool`` (Home Assistant 2026.10 prefixes Assist's tools)."""
    return next(
        item.name for item in instance.tools if tool in (item.name, item.name.split("__")[-1])
    )


async def _call_listed(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    tool: str,
    args: dict[str, Any],
    context: llm.LLMContext | None = None,
) -> llm.ToolResult:
    instance = await llm.async_get_api(hass, hub_id(entry), context or llm_context())
    result = await instance.async_call_tool(llm.ToolInput(_named(instance, tool), args))
    await hass.async_block_till_done()
    return result


async def _room_tool(hass: HomeAssistant, hub: MockConfigEntry, actions: list[Any]) -> None:
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Room light",
            "description": "Turns on a room's light.",
            "actions": actions,
            "parameters": [{"name": "room", "type": "text", "required": True}],
        },
    )


def _turned(lights_home: dict[str, Any]) -> list[Any]:
    return [call.data.get("entity_id") for call in lights_home["light_on"]]
