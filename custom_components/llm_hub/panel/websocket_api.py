"""Websocket commands: inspect any LLM API and call its tools (admins); decide approvals.

The API instance is built as agents build it (``llm.async_get_api`` with an ``LLMContext``
for the user), so every access check applies. Errors: ``not_found`` (API, user or tool),
``unauthorized``, ``invalid_format`` (arguments a non-hub tool refused),
``home_assistant_error`` and ``unknown_error`` (the tool failed).
"""

from __future__ import annotations

import time
from typing import Any

import probatio

from homeassistant.components.websocket_api import async_register_command
from homeassistant.components.websocket_api.connection import ActiveConnection
from homeassistant.components.websocket_api.const import (
    ERR_HOME_ASSISTANT_ERROR,
    ERR_INVALID_FORMAT,
    ERR_NOT_FOUND,
    ERR_UNAUTHORIZED,
    ERR_UNKNOWN_ERROR,
)
from homeassistant.components.websocket_api.decorators import (
    async_response,
    require_admin,
    websocket_command,
)
from homeassistant.core import Context, HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers import llm as llm_helper

from ..calls.tool import HubTool, ToolCall, unwrap
from ..compat import INVALID_ERRORS
from ..compose.builder import HubAPIInstance
from ..confirm.approvals import DATA_APPROVALS
from ..const import LOGGER
from ..search.meta_tools import CallToolTool
from .inspector import describe_instance, llm_context_for

__all__ = ["async_setup"]

_REQUEST_SCHEMA: dict[Any, Any] = {
    probatio.Required("api_id"): str,
    probatio.Optional("user_id"): str,
    probatio.Optional("language"): str,
    probatio.Optional("device_id"): str,
}
"""Fields of both commands: the API, and the request's user, language and device."""


@callback
def async_setup(hass: HomeAssistant) -> None:
    """Register the websocket commands."""
    async_register_command(hass, websocket_describe_api)
    async_register_command(hass, websocket_call_tool)
    async_register_command(hass, websocket_list_approvals)
    async_register_command(hass, websocket_subscribe_approvals)
    async_register_command(hass, websocket_approve)
    async_register_command(hass, websocket_deny)


@require_admin
@websocket_command({probatio.Required("type"): "llm_hub/api/describe"} | _REQUEST_SCHEMA)
@async_response
async def websocket_describe_api(
    hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]
) -> None:
    """Describe what a model gets from an LLM API for a user.

    Result: ``{"api", "user_id", "prompt", "tools", "size", "search", "warnings"}``.
    """
    if (request := await _async_request(hass, connection, msg)) is None:
        return
    instance, user_id = request
    connection.send_result(msg["id"], {"user_id": user_id, **describe_instance(instance)})


@require_admin
@websocket_command(
    {
        probatio.Required("type"): "llm_hub/tool/call",
        probatio.Required("tool_name"): str,
        probatio.Optional("tool_args", default=dict): dict,
    }
    | _REQUEST_SCHEMA
)
@async_response
async def websocket_call_tool(
    hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]
) -> None:
    """Call one tool of an LLM API as a model would.

    Result: ``{"tool_name", "result": {"data", "error"}, "outcome", "duration_ms"}``; the
    outcome as a hub recorded it (``ok``, ``error``, ``refused``, ``needs_confirmation``).
    """
    if (request := await _async_request(hass, connection, msg)) is None:
        return
    instance, _ = request
    tool_name: str = msg["tool_name"]
    if tool_name not in {tool.name for tool in instance.tools}:
        connection.send_error(msg["id"], ERR_NOT_FOUND, _no_tool(instance, tool_name))
        return

    tool_input = llm_helper.ToolInput(tool_name=tool_name, tool_args=msg["tool_args"])
    tool = next(tool for tool in instance.tools if tool.name == tool_name)
    started = time.monotonic()
    ran: ToolCall | llm_helper.ToolResult
    try:
        if isinstance(tool, HubTool | CallToolTool):
            ran = await tool.async_run(hass, tool_input, instance.llm_context)
        else:
            ran = await instance.async_call_tool(tool_input)
    except Unauthorized:
        connection.send_error(
            msg["id"],
            ERR_UNAUTHORIZED,
            f"Tool {tool_name} refused the user: Unauthorized",
        )
        return
    except HomeAssistantError as err:
        connection.send_error(
            msg["id"],
            ERR_HOME_ASSISTANT_ERROR,
            f"Tool {tool_name} failed: {str(err) or type(err).__name__}",
        )
        return
    except INVALID_ERRORS as err:
        connection.send_error(
            msg["id"],
            ERR_INVALID_FORMAT,
            f"Tool {tool_name} refused the arguments: {err}",
        )
        return
    except Exception as err:  # noqa: BLE001  # the test bench reports any failure
        LOGGER.exception(
            "Tool %s of LLM API %s raised an unexpected error", tool_name, msg["api_id"]
        )
        connection.send_error(
            msg["id"],
            ERR_UNKNOWN_ERROR,
            f"Tool {tool_name} failed unexpectedly: {err!r}",
        )
        return
    duration_ms = (time.monotonic() - started) * 1000

    if isinstance(ran, ToolCall):
        result, outcome = ran.result, ran.outcome
    else:
        result, outcome = ran, "error" if ran.error else "ok"
    connection.send_result(
        msg["id"],
        {
            "tool_name": tool_name,
            "result": {"data": result.data, "error": result.error},
            "outcome": outcome,
            "duration_ms": round(duration_ms, 1),
        },
    )


@websocket_command({probatio.Required("type"): "llm_hub/approvals/list"})
@callback
def websocket_list_approvals(
    hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]
) -> None:
    """List the approvals the user may decide: ``{"approvals": [...]}``, oldest first."""
    connection.send_result(msg["id"], _approvals_of(hass, connection))


@websocket_command({probatio.Required("type"): "llm_hub/approvals/subscribe"})
@callback
def websocket_subscribe_approvals(
    hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]
) -> None:
    """Send ``{"approvals": [...]}`` as ``llm_hub/approvals/list`` now and on every change."""

    @callback
    def send() -> None:
        connection.send_event(msg["id"], _approvals_of(hass, connection))

    connection.subscriptions[msg["id"]] = hass.data[DATA_APPROVALS].async_listen(send)
    connection.send_result(msg["id"])
    send()


def _approvals_of(hass: HomeAssistant, connection: ActiveConnection) -> dict[str, Any]:
    """Return the approvals the connection's user may see, as the websocket sends them."""
    approvals = hass.data[DATA_APPROVALS].visible_to(connection.user)
    return {"approvals": [approval.as_dict() for approval in approvals]}


_DECISION_SCHEMA: dict[Any, Any] = {probatio.Required("approval_id"): str}


@websocket_command({probatio.Required("type"): "llm_hub/approvals/approve"} | _DECISION_SCHEMA)
@callback
def websocket_approve(
    hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]
) -> None:
    """Approve a pending call as the connection's user; result: the approval."""
    _decide(hass, connection, msg, approve=True)


@websocket_command({probatio.Required("type"): "llm_hub/approvals/deny"} | _DECISION_SCHEMA)
@callback
def websocket_deny(hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]) -> None:
    """Deny a pending call as the connection's user; result: the approval."""
    _decide(hass, connection, msg, approve=False)


def _decide(
    hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any], *, approve: bool
) -> None:
    """Approve or deny; errors ``not_found``, ``unauthorized``, ``home_assistant_error``."""
    approval_id: str = msg["approval_id"]
    try:
        approval = hass.data[DATA_APPROVALS].async_decide(
            approval_id, connection.user, approve=approve
        )
    except KeyError:
        connection.send_error(msg["id"], ERR_NOT_FOUND, f"No approval with id {approval_id}")
    except Unauthorized:
        connection.send_error(
            msg["id"],
            ERR_UNAUTHORIZED,
            "Only an administrator or the user the call runs as may decide this approval",
        )
    except HomeAssistantError as err:
        connection.send_error(msg["id"], ERR_HOME_ASSISTANT_ERROR, str(err))
    else:
        connection.send_result(msg["id"], approval.as_dict())


async def _async_request(
    hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]
) -> tuple[llm_helper.APIInstance, str] | None:
    """Return the API instance of a request and its user id, or send the error and None."""
    api_id: str = msg["api_id"]
    user_id: str = msg.get("user_id") or connection.user.id
    if api_id not in {api.id for api in llm_helper.async_get_apis(hass)}:
        connection.send_error(
            msg["id"],
            ERR_NOT_FOUND,
            f"No LLM API with id {api_id} is registered (llm/api/list lists them)",
        )
        return None
    if (user := await hass.auth.async_get_user(user_id)) is None:
        connection.send_error(msg["id"], ERR_NOT_FOUND, f"No user with id {user_id}")
        return None
    llm_context = llm_context_for(
        hass,
        Context(user_id=user_id),
        language=msg.get("language"),
        device_id=msg.get("device_id"),
    )
    try:
        instance = await llm_helper.async_get_api(hass, api_id, llm_context)
    except Unauthorized:
        connection.send_error(
            msg["id"],
            ERR_UNAUTHORIZED,
            f"User {user.name or user_id} may not use LLM API {api_id}: "
            "it requires an administrator",
        )
        return None
    except HomeAssistantError as err:
        connection.send_error(
            msg["id"],
            ERR_HOME_ASSISTANT_ERROR,
            f"LLM API {api_id} could not be built: {err}",
        )
        return None
    return instance, user_id


def _no_tool(instance: llm_helper.APIInstance, tool_name: str) -> str:
    """Return why ``tool_name`` cannot be called; a hub says how it lists it, or why it hides it."""
    message = f"LLM API {instance.api.id} has no tool {tool_name} for this request"
    if isinstance(instance, HubAPIInstance):
        matches = [
            item
            for item in instance.candidates
            if tool_name in {item.name, item.key, item.wanted_name, unwrap(item.tool).name}
        ]
        if listed := [item.name for item in matches if item.hidden is None]:
            return f"{message}: the hub lists it as {' or '.join(listed)}"
        if matches:
            return f"{message}: the hub hides it ({matches[0].hidden})"
    return message
