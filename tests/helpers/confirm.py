"""Asking a person: the safety options, the confirmation token, turns, calls, approvals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import probatio
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
)
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from homeassistant.auth.const import GROUP_ID_READ_ONLY
from homeassistant.components import conversation
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm

from .agent import AGENT_ENTITY_ID, HubAgentEntity
from .hubs import (
    BREW,
    FixedAPI,
    RecordingTool,
    async_add_hub,
    async_set_options,
    hub_id,
    llm_context,
)

SAFETY = {
    const.CONF_READ_ONLY: False,
    const.CONF_NO_DESTRUCTIVE: False,
    const.CONF_NO_OPEN_WORLD: False,
    const.CONF_CONFIRM_DESTRUCTIVE: False,
    const.CONF_TIMEOUT: 60,
}


TOKEN = "confirmation_token"  # noqa: S105  # the argument's name


async def async_add_set_hub(
    hass: HomeAssistant, **tool: Any
) -> tuple[RecordingTool, MockConfigEntry]:
    """Add hub "K" over an API "x" whose one tool, ``set`` (any value; ``tool``'s other
    arguments), always asks first; return the tool and the hub."""
    recording = RecordingTool("set", parameters=ANY_VALUE, **tool)
    llm.async_register_api(hass, FixedAPI(hass, "x", "X", [recording]))
    entry = await async_add_hub(
        hass, "K", {CONF_LLM_HASS_API: ["x"], const.CONF_CONFIRM_TOOLS: "set"}
    )
    return recording, entry


async def _confirm_brew(hass: HomeAssistant, hub: MockConfigEntry) -> None:
    """Require confirmation for BREW, through the options flow."""
    await async_set_options(hass, hub, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: [BREW]})


async def _turn(
    agent: HubAgentEntity,
    user: MockUser,
    tool_calls: list[llm.ToolInput],
    conversation_id: str | None = None,
    follow_up: Callable[[list[conversation.ToolResultContent]], list[llm.ToolInput]] | None = None,
) -> tuple[str, list[llm.ToolResult]]:
    """Let the agent make ``tool_calls`` in one user turn; return the conversation and results."""
    agent.tool_calls = tool_calls
    agent.follow_up = follow_up
    result = await conversation.async_converse(
        agent.hass, "Coffee", conversation_id, Context(user_id=user.id), agent_id=AGENT_ENTITY_ID
    )
    assert result.conversation_id is not None
    return result.conversation_id, [content.result for content in agent.tool_results]


async def _call(
    hass: HomeAssistant, entry: MockConfigEntry, user_id: str | None, tool: str, args: Any
) -> llm.ToolResult:
    """Call a tool of a hub outside any conversation."""
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context(user_id))
    return await instance.async_call_tool(llm.ToolInput(tool, args))


ANY_VALUE = probatio.Schema({probatio.Required("value"): object})

THERMOSTAT = "set_temperature"
"""The thermostat tool of API "x" (``async_add_thermostat_hub``)."""
THERMOSTAT_SCHEMA = probatio.Schema(
    {
        probatio.Required("temperature"): probatio.Coerce(float),
        probatio.Optional("mode", default="heat"): probatio.In(["heat", "cool", "off"]),
        probatio.Optional("level"): int,
        probatio.Optional("room"): str,
    }
)
"""A thermostat's parameters: a temperature read as a number (a text "30" too), a mode with a
default, a whole-number level and a room's name."""
ABOVE_25 = {"argument": "temperature", "operator": "above", "value": "25"}
"""The condition step's fields: ask when the temperature is above 25."""


async def async_add_thermostat_hub(
    hass: HomeAssistant,
    title: str = "K",
    tool: llm.Tool | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[RecordingTool, FixedAPI, MockConfigEntry]:
    """Add hub ``title`` over an API "x" whose one tool is ``THERMOSTAT`` (or ``tool``), named in
    "Also confirm these tools"; return the tool, the API and the hub."""
    recording = RecordingTool(
        THERMOSTAT, parameters=THERMOSTAT_SCHEMA, result=llm.ToolResult(data={"set": True})
    )
    api = FixedAPI(hass, "x", "X", [tool or recording])
    llm.async_register_api(hass, api)
    stored = {CONF_LLM_HASS_API: ["x"], const.CONF_CONFIRM_TOOLS: [THERMOSTAT], **(options or {})}
    entry = await async_add_hub(hass, title, stored)
    return recording, api, entry


async def _notifications(hass: HomeAssistant, client: Any) -> dict[str, Any]:
    """Return the persistent notifications by id, through the websocket."""
    await hass.async_block_till_done()
    await client.send_json_auto_id({"type": "persistent_notification/get"})
    response = await client.receive_json()
    return {item["notification_id"]: item for item in response["result"]}


async def _ws(client: Any, command: str, **fields: Any) -> dict[str, Any]:
    """Send an ``llm_hub/approvals/<command>``; return the response."""
    await client.send_json_auto_id({"type": f"llm_hub/approvals/{command}", **fields})
    response: dict[str, Any] = await client.receive_json()
    return response


async def the_approval(client: Any) -> dict[str, Any]:
    """Return the one approval waiting, as the websocket lists it to an administrator."""
    response = await _ws(client, "list")
    assert response["success"], response
    (approval,) = response["result"]["approvals"]
    return dict(approval)


async def _other_user_client(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator
) -> tuple[MockUser, Any]:
    """Return a second non-admin user and a websocket client logged in as them."""
    group = await hass.auth.async_get_group(GROUP_ID_READ_ONLY)
    assert group is not None
    user = MockUser(name="Other", groups=[group]).add_to_hass(hass)
    refresh = await hass.auth.async_create_refresh_token(user, "https://example.com/")
    return user, await hass_ws_client(hass, hass.auth.async_create_access_token(refresh))
