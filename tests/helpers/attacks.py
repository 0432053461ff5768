"""Calls and tools the attacks share: a hub's tool by its listed name, calls as a model makes
them and how they ended, action tools and a room light tool."""

from __future__ import annotations

from typing import Any

from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.tool import unwrap
from custom_components.llm_hub.search.meta_tools import CALL_TOOL, CallToolTool
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from .flows import ASSIST, async_add_tool
from .homes import is_on
from .hubs import hub_id, llm_context

KITCHEN_ONLY = ["light.kitchen", "script.kitchen_on"]
KITCHEN: dict[str, Any] = {**ASSIST, const.CONF_SCOPE_AREAS: ["kitchen"]}
"""A hub scoped to the Kitchen."""
LOCKS: dict[str, Any] = {**ASSIST, const.CONF_ASK_DOMAINS: ["lock"]}
"""A hub that always asks before acting on a lock."""
NOT_THE_DOOR: dict[str, Any] = {**ASSIST, const.CONF_SCOPE_EXCLUDED: ["lock.front_door"]}
"""A hub that reaches everything but the front door."""
NOT_THE_WALKMAN: dict[str, Any] = {**ASSIST, const.CONF_SCOPE_EXCLUDED: ["media_player.walkman"]}
"""A hub that reaches everything but the Walkman (demo's players have no registry entry, so
no area: a scope that leaves one out names it)."""


def listed(instance: llm.APIInstance, tool: str) -> llm.Tool:
    """Return the listed tool ``tool``: by its name, else by the name's end (Home Assistant
    2026.10 prefixes Assist's tools with ``intent__``)."""
    exact = next((item for item in instance.tools if item.name == tool), None)
    return exact or next(item for item in instance.tools if tool == item.name.split("__")[-1])


def is_listed(instance: llm.APIInstance, tool: str) -> bool:
    """Return whether ``instance`` lists ``tool`` (by its name or the name's end)."""
    return any(tool in (item.name, item.name.split("__")[-1]) for item in instance.tools)


def _named(instance: llm.APIInstance, tool: str) -> str:
    """Return the listed name of ``tool`` (Home Assistant 2026.10 prefixes Assist's tools).

    ``tool`` itself when the hub leaves it out: calling it then gets the hub's refusal.
    """
    return listed(instance, tool).name if is_listed(instance, tool) else tool


async def call_in(
    hass: HomeAssistant,
    instance: llm.APIInstance,
    tool: str,
    args: dict[str, Any],
    *,
    settle: bool = True,
) -> tuple[str, Any]:
    """Call ``tool`` of ``instance`` as a model would; return how it ended and the answer.

    How it ended: ``ran``, ``asks`` (waits for approval), or the error's type (an error
    result's ``error``, or the exception an intent raises to the agent). ``settle``: wait
    for what the call started (not from within an action, which that wait would include).
    """
    try:
        result = await instance.async_call_tool(llm.ToolInput(_named(instance, tool), args))
    except Exception as err:  # noqa: BLE001  # an intent's failure raises to the agent
        if settle:
            await hass.async_block_till_done()
        return type(err).__name__, str(err)
    if settle:
        await hass.async_block_till_done()
    data = result.data if isinstance(result, llm.ToolResult) else result
    if isinstance(data, dict) and data.get("status") == "approval_required":
        return "asks", data
    if isinstance(result, llm.ToolResult) and result.error:
        return str(data.get("error")), data
    return "ran", data


async def call_hub(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    tool: str,
    args: dict[str, Any],
    context: llm.LLMContext | None = None,
    *,
    settle: bool = True,
) -> tuple[str, Any]:
    """Build ``hub``'s instance for ``context`` and call ``tool`` (see ``call_in``)."""
    instance = await llm.async_get_api(hass, hub_id(hub), context or llm_context())
    return await call_in(hass, instance, tool, args, settle=settle)


async def call_through_call_tool(
    hass: HomeAssistant, hub: MockConfigEntry, tool: str, args: dict[str, Any]
) -> tuple[str, Any]:
    """Call ``tool`` through the ``call_tool`` meta-tool of ``hub`` (search mode), as listed."""
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    call_tool = next(item for item in instance.tools if item.name.endswith(CALL_TOOL))
    meta = unwrap(call_tool)
    assert isinstance(meta, CallToolTool)
    name = next((name for name in meta.tools if name.endswith(tool)), f"script__{tool}")
    return await call_in(hass, instance, call_tool.name, {"name": name, "arguments": args})


async def hub_tool(hass: HomeAssistant, hub: MockConfigEntry, name: str) -> llm.Tool:
    """Return the tool ``name`` as ``hub`` lists it."""
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    return listed(instance, name)


async def add_action_tool(
    hass: HomeAssistant, hub: MockConfigEntry, title: str, actions: list[Any], **form: Any
) -> str:
    """Add an action tool to ``hub`` through the real flow; return the name the model calls."""
    await async_add_tool(
        hass,
        hub,
        "action",
        {"title": title, "description": f"{title}.", "actions": actions, **form},
    )
    return title.lower().replace(" ", "_")


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


async def assert_stays_off(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    tool: str,
    args: dict[str, Any],
    boolean: str,
    *,
    asks: bool,
    context: llm.LLMContext | None = None,
) -> None:
    """Call ``tool`` of ``hub`` as a model would: ``input_boolean.<boolean>`` must stay off,
    and the call wait for approval (``asks``) or else not run."""
    outcome, data = await call_hub(hass, hub, tool, args, context)

    assert not is_on(hass, boolean), (outcome, data)
    if asks:
        assert outcome == "asks", data
    else:
        assert outcome != "ran", data
