"""Remembered approvals: the garage hub, calls without a conversation, approving remembered."""

from __future__ import annotations

from typing import Any, Final

from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.llm_hub import const
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import llm

from . import hubs
from .confirm import TOKEN, _ws

GARAGE: Final = {
    CONF_LLM_HASS_API: ["assist"],
    const.CONF_ASK_DEVICE_CLASSES: ["garage"],
    const.CONF_ASK_DOMAINS: ["lock", "climate"],
    const.CONF_ASK_ENTITIES: ["light.hall"],
    const.CONF_APPROVAL_REMEMBER: 30,
}
"""A hub that asks before acting on a garage door, a lock, a thermostat or the hall light, and
lets whoever approves remember the approval for up to 30 minutes."""
OPEN_GARAGE: Final = {"name": "Garage door"}

type Calls = dict[str, list[ServiceCall]]


async def _hub(hass: HomeAssistant, title: str = "Garage", /, **options: Any) -> MockConfigEntry:
    return await hubs.async_add_hub(hass, title, GARAGE | options)


def _listed(instance: llm.APIInstance, tool: str) -> str:
    """Return the name the hub lists ``tool`` under (2026.10 prefixes Assist's tools)."""
    return next(item.name for item in instance.tools if item.name.split("__")[-1] == tool)


async def _call(
    hass: HomeAssistant, entry: MockConfigEntry, user: MockUser | None, tool: str, **args: Any
) -> llm.ToolResult:
    """Call ``tool`` of the hub as ``user``, without a conversation; return its result."""
    context = hubs.llm_context(user.id if user else None)
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), context)
    return await instance.async_call_tool(llm.ToolInput(_listed(instance, tool), args))


def _ended(result: llm.ToolResult) -> str:
    """Return how a call ended: "ran", "asks" (waits for approval), or the error's name."""
    data: dict[str, Any] = result.data
    if data.get("status") == "approval_required":
        return "asks"
    return str(data["error"]) if result.error else "ran"


async def _approve(client: Any, result: llm.ToolResult, **fields: Any) -> dict[str, Any]:
    """Approve the approval ``result`` waits for through the websocket; return the response."""
    return await _ws(client, "approve", approval_id=result.data[TOKEN], **fields)


async def _remembered(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    user: MockUser,
    client: Any,
    tool: str = "HassTurnOn",
    *,
    minutes: int = 15,
    **args: Any,
) -> str:
    """Call ``tool`` as ``user``, approve it remembered ``minutes``; return its approval id."""
    asked = await _call(hass, entry, user, tool, **(args or OPEN_GARAGE))
    assert _ended(asked) == "asks", asked.data
    approved = await _approve(client, asked, remember=minutes)
    assert approved["success"], approved
    return str(asked.data[TOKEN])


async def _listing(client: Any) -> dict[str, Any]:
    response = await _ws(client, "list")
    assert response["success"], response
    return dict(response["result"])
