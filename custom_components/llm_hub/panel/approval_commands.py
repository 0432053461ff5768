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
    "websocket_revoke",
    "websocket_subscribe_approvals",
]


@websocket_api.websocket_command({probatio.Required("type"): "llm_hub/approvals/list"})
@callback
def websocket_list_approvals(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """List what the user may decide: ``{"approvals", "remembered"}``, each oldest first."""
    connection.send_result(msg["id"], _approvals_of(hass, connection))


@websocket_api.websocket_command({probatio.Required("type"): "llm_hub/approvals/subscribe"})
@callback
def websocket_subscribe_approvals(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Send what ``llm_hub/approvals/list`` answers now and on every change."""

    @callback
    def send() -> None:
        connection.send_event(msg["id"], _approvals_of(hass, connection))

    connection.subscriptions[msg["id"]] = hass.data[DATA_APPROVALS].async_listen(send)
    connection.send_result(msg["id"])
    send()


def _approvals_of(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection
) -> dict[str, Any]:
    """Return the approvals and remembered approvals the connection's user may see."""
    approvals = hass.data[DATA_APPROVALS]
    return {
        "approvals": [approval.as_dict() for approval in approvals.visible_to(connection.user)],
        "remembered": [
            remembered.as_dict() for remembered in approvals.remembered_visible_to(connection.user)
        ],
    }


def _minutes(value: Any) -> int:
    """Return a number of minutes to remember an approval for: a whole number, 1 or more."""
    if type(value) is not int or value < 1:
        raise probatio.Invalid("expected a whole number of minutes, 1 or more")
    return value


_DECISION_SCHEMA: dict[Any, Any] = {probatio.Required("approval_id"): str}


@websocket_api.websocket_command(
    {
        probatio.Required("type"): "llm_hub/approvals/approve",
        probatio.Optional("remember"): _minutes,
    }
    | _DECISION_SCHEMA
)
@callback
def websocket_approve(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Approve a pending call as the user, remembered ``remember`` minutes; result: the approval."""
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
            approval_id, connection.user, approve=approve, remember=msg.get("remember")
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


@websocket_api.websocket_command(
    {probatio.Required("type"): "llm_hub/approvals/revoke"} | _DECISION_SCHEMA
)
@callback
def websocket_revoke(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Revoke a remembered approval at once; result: it. Errors ``not_found``, ``unauthorized``."""
    approval_id: str = msg["approval_id"]
    try:
        remembered = hass.data[DATA_APPROVALS].async_revoke(approval_id, connection.user)
    except KeyError:
        connection.send_error(
            msg["id"], websocket_api.ERR_NOT_FOUND, f"No remembered approval with id {approval_id}"
        )
    except Unauthorized:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_UNAUTHORIZED,
            "Only an administrator or the user it runs as may revoke this remembered approval",
        )
    else:
        connection.send_result(msg["id"], remembered.as_dict())
