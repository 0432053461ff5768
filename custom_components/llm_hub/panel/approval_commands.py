"""Websocket commands for whoever decides an approval: an administrator, or the user it runs as.

Open to every user: each shows and decides only the approvals its user may decide (the panel's
Approvals view, the panel of approvals alone).
"""

from __future__ import annotations

from typing import Any

import probatio

from homeassistant.components import websocket_api
from homeassistant.core import HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError, Unauthorized

from ..confirm.approvals import DATA_APPROVALS

__all__ = [
    "websocket_approve",
    "websocket_deny",
    "websocket_list_approvals",
    "websocket_subscribe_approvals",
]


@websocket_api.websocket_command({probatio.Required("type"): "llm_hub/approvals/list"})
@callback
def websocket_list_approvals(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """List the approvals the user may decide: ``{"approvals": [...]}``, oldest first."""
    connection.send_result(msg["id"], _approvals_of(hass, connection))


@websocket_api.websocket_command({probatio.Required("type"): "llm_hub/approvals/subscribe"})
@callback
def websocket_subscribe_approvals(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Send ``{"approvals": [...]}`` as ``llm_hub/approvals/list`` now and on every change."""

    @callback
    def send() -> None:
        connection.send_event(msg["id"], _approvals_of(hass, connection))

    connection.subscriptions[msg["id"]] = hass.data[DATA_APPROVALS].async_listen(send)
    connection.send_result(msg["id"])
    send()


def _approvals_of(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection
) -> dict[str, Any]:
    """Return the approvals the connection's user may see, as the websocket sends them."""
    approvals = hass.data[DATA_APPROVALS].visible_to(connection.user)
    return {"approvals": [approval.as_dict() for approval in approvals]}


_DECISION_SCHEMA: dict[Any, Any] = {probatio.Required("approval_id"): str}


@websocket_api.websocket_command(
    {probatio.Required("type"): "llm_hub/approvals/approve"} | _DECISION_SCHEMA
)
@callback
def websocket_approve(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Approve a pending call as the connection's user; result: the approval."""
    _decide(hass, connection, msg, approve=True)


@websocket_api.websocket_command(
    {probatio.Required("type"): "llm_hub/approvals/deny"} | _DECISION_SCHEMA
)
@callback
def websocket_deny(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Deny a pending call as the connection's user; result: the approval."""
    _decide(hass, connection, msg, approve=False)


def _decide(
    hass: HomeAssistant,
    connection: websocket_api.ActiveConnection,
    msg: dict[str, Any],
    *,
    approve: bool,
) -> None:
    """Approve or deny; errors ``not_found``, ``unauthorized``, ``home_assistant_error``."""
    approval_id: str = msg["approval_id"]
    try:
        approval = hass.data[DATA_APPROVALS].async_decide(
            approval_id, connection.user, approve=approve
        )
    except KeyError:
        connection.send_error(
            msg["id"], websocket_api.ERR_NOT_FOUND, f"No approval with id {approval_id}"
        )
    except Unauthorized:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_UNAUTHORIZED,
            "Only an administrator or the user the call runs as may decide this approval",
        )
    except HomeAssistantError as err:
        connection.send_error(msg["id"], websocket_api.ERR_HOME_ASSISTANT_ERROR, str(err))
    else:
        connection.send_result(msg["id"], approval.as_dict())
