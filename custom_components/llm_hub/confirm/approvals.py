"""Approval in Home Assistant of tool calls that need confirming and come from no conversation.

A call creates a pending ``Approval`` and a persistent notification (with a notify action
set, also a phone notification with Approve and Deny buttons); an administrator or the user
the call runs as decides it; the model's next call with the approval id runs the tool once.
Approvals live in memory. The whole flow: docs/confirmation.md.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
import math
import secrets
from typing import Any, Final, Literal

from homeassistant.auth.models import User
from homeassistant.components import persistent_notification
from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.core import CALLBACK_TYPE, Event, HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers.event import async_call_later
from homeassistant.helpers.json import json_dumps
from homeassistant.util import dt as dt_util
from homeassistant.util.hass_dict import HassKey

from ..calls.audit import recorded_arguments
from ..calls.results import json_text
from ..const import DOMAIN, LOGGER

__all__ = [
    "APPROVALS_URL",
    "DATA_APPROVALS",
    "EVENT_NOTIFICATION_ACTION",
    "MAX_OPEN_PER_USER",
    "STILL_PENDING",
    "Approval",
    "ApprovalStatus",
    "Approvals",
    "async_setup_approvals",
    "duration",
    "readable",
]

APPROVALS_URL: Final = f"/{DOMAIN}/approvals"
"""The panel's view of the approvals, which notifications link to."""
MAX_SHOWN_ARGUMENTS: Final = 1000
"""Most characters of arguments a notification shows."""
MAX_OPEN_PER_USER: Final = 10
"""Most approvals one user may have waiting or approved and unused at a time."""
EVENT_NOTIFICATION_ACTION: Final = "mobile_app_notification_action"
"""Fired by the mobile app when a button of a notification is pressed (``data["action"]``)."""
_ACTION_PREFIX: Final = "LLM_HUB_"
DATA_APPROVALS: HassKey[Approvals] = HassKey(f"{DOMAIN}_approvals")

type ApprovalStatus = Literal["pending", "approved", "denied", "used", "expired"]
"""Where an approval stands: waiting; approved and not used yet; or finished."""


@dataclass(slots=True)
class Approval:
    """A call that waits for (or got) a person's decision in Home Assistant."""

    approval_id: str
    api_id: str
    hub_name: str
    tool: str
    """The listed name of the tool."""
    arguments: dict[str, Any]
    """The validated arguments as a person reads them, redacted and cut as the audit does."""
    binding: Hashable
    """What the approval is valid for besides hub, tool and user: the canonical arguments."""
    user_id: str | None
    """The user the call runs as (None: no user, e.g. an automation)."""
    platform: str
    """The integration that made the request (``mcp_server``, ``llm_hub``, ...)."""
    created: datetime
    expires: datetime
    """Until when a person may decide (pending), or the model may call (approved)."""
    status: ApprovalStatus = "pending"
    decided_by: str | None = None
    decided: datetime | None = None
    action_key: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    """The secret in the notification's Approve / Deny actions (never shown to the model)."""

    def as_dict(self) -> dict[str, Any]:
        """Return what people and the websocket see (no binding, no action secret)."""
        return {
            "approval_id": self.approval_id,
            "api_id": self.api_id,
            "hub_name": self.hub_name,
            "tool_name": self.tool,
            "arguments": self.arguments,
            "user_id": self.user_id,
            "platform": self.platform,
            "created": self.created.isoformat(),
            "expires": self.expires.isoformat(),
            "status": self.status,
            "decided_by": self.decided_by,
            "decided": self.decided.isoformat() if self.decided else None,
        }

    @property
    def is_open(self) -> bool:
        """Return whether the approval still waits for a decision or for the model's call."""
        return self.status in {"pending", "approved"}


class Approvals:
    """The approvals of every hub of a Home Assistant instance, in memory."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Keep approvals for ``hass``; stop the expiry timer when Home Assistant stops."""
        self.hass = hass
        self._approvals: dict[str, Approval] = {}
        self._listeners: list[Callable[[], None]] = []
        self._unsub_timer: CALLBACK_TYPE | None = None

    # --- Asking and redeeming (the confirmation gate) ------------------------------------

    @callback
    def async_request(
        self,
        *,
        api_id: str,
        hub_name: str,
        tool: str,
        arguments: dict[str, Any],
        binding: Hashable,
        user_id: str | None,
        platform: str,
        timeout: float,
        notify_service: str | None,
    ) -> Approval | None:
        """Return the open approval for this call, or a new one, announced.

        None when the user has ``MAX_OPEN_PER_USER`` open approvals already.
        """
        self._expire()
        mine = [a for a in self._approvals.values() if a.user_id == user_id and a.is_open]
        for approval in mine:
            if (approval.api_id, approval.tool, approval.binding) == (api_id, tool, binding):
                return approval
        if len(mine) >= MAX_OPEN_PER_USER:
            return None
        now = dt_util.utcnow()
        approval = Approval(
            approval_id=secrets.token_urlsafe(12),
            api_id=api_id,
            hub_name=hub_name,
            tool=tool,
            # Shown to people and sent in notifications: JSON-safe, cut, secrets redacted.
            arguments=recorded_arguments(readable(arguments))[0],
            binding=binding,
            user_id=user_id,
            platform=platform,
            created=now,
            expires=now + timedelta(seconds=timeout),
        )
        self._approvals[approval.approval_id] = approval
        self.hass.async_create_task(
            self._async_announce(approval, timeout, notify_service),
            f"{DOMAIN} announce approval {approval.approval_id}",
        )
        self._changed()
        return approval

    @callback
    def async_redeem(
        self, approval_id: str, *, api_id: str, tool: str, binding: Hashable, user_id: str | None
    ) -> Approval | str:
        """Use up the approved approval of this call; return it, or why it cannot run.

        The reason completes "The approval ... "; an approval that does not match is kept.
        """
        self._expire()
        approval = self._approvals.get(approval_id)
        if approval is None:
            return "is not known: it was never asked for, or it was forgotten (a restart)"
        mismatches = (
            (approval.api_id != api_id, "was asked for through another LLM API"),
            (approval.tool != tool, f"was asked for another tool ({approval.tool})"),
            (approval.user_id != user_id, "was asked for by another user"),
            (approval.binding != binding, "was asked for other arguments"),
        )
        if reason := next((reason for differs, reason in mismatches if differs), None):
            return reason
        if approval.status != "approved":
            return _STATUS_REASONS[approval.status]
        approval.status = "used"
        self._async_dismiss(approval)
        self._changed()
        return approval

    # --- Deciding (people) ------------------------------------------------------------------

    def visible_to(self, user: User) -> list[Approval]:
        """Return the approvals ``user`` may see and decide: all for admins, else their own."""
        self._expire()
        return [a for a in self._approvals.values() if user.is_admin or a.user_id == user.id]

    @callback
    def async_decide(self, approval_id: str, user: User, *, approve: bool) -> Approval:
        """Approve or deny a pending approval as ``user``; return it.

        Raises ``KeyError`` for an unknown approval, ``Unauthorized`` when ``user`` is
        deactivated or neither an administrator nor the user the call runs as,
        ``HomeAssistantError`` when it is decided or expired already.
        """
        self._expire()
        approval = self._approvals[approval_id]
        # A deactivated user's phone still sends its buttons (the mobile app's webhooks).
        if not user.is_active or (not user.is_admin and approval.user_id != user.id):
            raise Unauthorized(user_id=user.id)
        if approval.status != "pending":
            raise HomeAssistantError(
                f"The approval {approval_id} {_STATUS_REASONS[approval.status]}"
            )
        now = dt_util.utcnow()
        approval.status = "approved" if approve else "denied"
        approval.decided_by = user.id
        approval.decided = now
        if approve:
            # The model gets as long again to call, counted from the approval.
            approval.expires = now + (approval.expires - approval.created)
        else:
            self._async_dismiss(approval)
        LOGGER.info(
            "%s %s the call of %s through LLM Hub %s (approval %s)",
            user.name or user.id,
            approval.status,
            approval.tool,
            approval.hub_name,
            approval_id,
        )
        self._changed()
        return approval

    @callback
    def async_notification_action(self, event: Event) -> None:
        """Decide an approval from a notification's Approve / Deny button (mobile app)."""
        action = event.data.get("action")
        if not isinstance(action, str) or not action.startswith(_ACTION_PREFIX):
            return
        verb, _, key = action.removeprefix(_ACTION_PREFIX).partition("_")
        if not key.isascii():
            # Not a key of ours (and ``compare_digest`` refuses such text).
            return
        approval = next(
            (a for a in self._approvals.values() if secrets.compare_digest(a.action_key, key)),
            None,
        )
        if approval is None or verb not in {"APPROVE", "DENY"}:
            return
        self.hass.async_create_task(
            self._async_decide_as(event.context.user_id, approval, approve=verb == "APPROVE"),
            f"{DOMAIN} decide approval {approval.approval_id}",
        )

    async def _async_decide_as(
        self, user_id: str | None, approval: Approval, *, approve: bool
    ) -> None:
        """Decide ``approval`` as the user ``user_id`` of a notification action; log refusals."""
        user = await self.hass.auth.async_get_user(user_id) if user_id else None
        try:
            if user is None:
                raise Unauthorized  # noqa: TRY301  # one place that logs it
            self.async_decide(approval.approval_id, user, approve=approve)
        except (Unauthorized, HomeAssistantError, KeyError) as err:
            LOGGER.warning(
                "A notification action for approval %s was ignored: %s",
                approval.approval_id,
                "the user may not decide it" if isinstance(err, Unauthorized) else err,
            )

    # --- Lifecycle --------------------------------------------------------------------------

    @callback
    def async_forget_hub(self, api_id: str) -> None:
        """Forget the approvals of a hub that unloads (its calls cannot be redeemed)."""
        for approval in [a for a in self._approvals.values() if a.api_id == api_id]:
            self._async_dismiss(approval)
            del self._approvals[approval.approval_id]
        self._changed()

    @callback
    def async_listen(self, listener: Callable[[], None]) -> CALLBACK_TYPE:
        """Call ``listener`` whenever an approval is added, decided, used or forgotten."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    @callback
    def async_stop(self, _event: Event | None = None) -> None:
        """Stop the expiry timer (Home Assistant stops)."""
        if self._unsub_timer is not None:
            self._unsub_timer()
            self._unsub_timer = None

    def _changed(self) -> None:
        """Tell the listeners; set the timer for the next expiry."""
        self._schedule()
        for listener in list(self._listeners):
            listener()

    def _expire(self) -> None:
        """Mark open approvals whose time is up expired; forget finished ones long past."""
        now = dt_util.utcnow()
        for approval in list(self._approvals.values()):
            if approval.is_open and approval.expires <= now:
                approval.status = "expired"
                self._async_dismiss(approval)
            elif not approval.is_open and _forget_at(approval) <= now:
                del self._approvals[approval.approval_id]

    def _schedule(self) -> None:
        """Set the timer for the next approval to expire or be forgotten."""
        self.async_stop()
        if not self._approvals:
            return
        moment = min(a.expires if a.is_open else _forget_at(a) for a in self._approvals.values())
        delay = max((moment - dt_util.utcnow()).total_seconds(), 0)
        self._unsub_timer = async_call_later(self.hass, delay, self._async_timer)

    @callback
    def _async_timer(self, _now: datetime) -> None:
        """Expire and forget what is due; tell the listeners."""
        self._unsub_timer = None
        self._expire()
        self._changed()

    # --- Telling people ---------------------------------------------------------------------

    async def _async_announce(
        self, approval: Approval, wait: float, notify_service: str | None
    ) -> None:
        """Create the persistent notification; send the actionable one to ``notify_service``."""
        user = await self.hass.auth.async_get_user(approval.user_id) if approval.user_id else None
        who = (user.name or user.id) if user else "a caller without a user"
        # One line of JSON: the model's text cannot break out of the code block below.
        arguments = json_dumps(approval.arguments)
        if len(arguments) > MAX_SHOWN_ARGUMENTS:
            arguments = f"{arguments[:MAX_SHOWN_ARGUMENTS]}… (cut)"
        local = dt_util.as_local(approval.expires).strftime("%H:%M:%S")
        text = (
            f"{who} asked through {approval.platform} to run {approval.tool} with LLM Hub "
            f"{approval.hub_name}. It waits for approval until {local} ({duration(wait)})."
        )
        persistent_notification.async_create(
            self.hass,
            f"{text}\n\nArguments:\n```json\n{arguments}\n```\n\nApproval id: "
            f"`{approval.approval_id}`. An administrator or {who} can approve or deny it in "
            f"[LLM Hub's approvals]({APPROVALS_URL})"
            + (" or in the notification on the phone." if notify_service else "."),
            title=f"Approve {approval.tool}?",
            notification_id=_notification_id(approval),
        )
        if notify_service is None:
            return
        domain, _, service = notify_service.partition(".")
        key = approval.action_key
        try:
            await self.hass.services.async_call(
                domain,
                service,
                {
                    "title": f"Approve {approval.tool}?",
                    "message": f"{text} Arguments: {arguments}",
                    "data": {
                        "tag": _notification_id(approval),
                        "actions": [
                            {"action": f"{_ACTION_PREFIX}APPROVE_{key}", "title": "Approve"},
                            {"action": f"{_ACTION_PREFIX}DENY_{key}", "title": "Deny"},
                        ],
                    },
                },
                blocking=True,
            )
        except Exception:  # noqa: BLE001  # the persistent notification is there anyway
            LOGGER.warning(
                "LLM Hub %s could not send approval %s to %s",
                approval.hub_name,
                approval.approval_id,
                notify_service,
                exc_info=True,
            )

    @callback
    def _async_dismiss(self, approval: Approval) -> None:
        """Dismiss the approval's persistent notification."""
        persistent_notification.async_dismiss(self.hass, _notification_id(approval))


STILL_PENDING: Final = "still waits for the user's approval in Home Assistant"
"""What ``Approvals.async_redeem`` answers for a pending approval (compare with ``is``)."""
_STATUS_REASONS: Final[dict[ApprovalStatus, str]] = {
    "pending": STILL_PENDING,
    "approved": "was approved",
    "denied": "was denied by the user in Home Assistant",
    "used": "was used already: an approval runs the tool once",
    "expired": "expired: it was not approved and used in time",
}
"""Each status in words that complete "The approval ... "."""


def readable(value: Any) -> Any:
    """Return validated arguments as JSON values that people read and that keep them apart.

    A float that is not finite becomes its name, a lone surrogate U+FFFD, others their ``repr``.
    """
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, str):
        return json_text(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, Mapping):
        return {json_text(str(key)): readable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [readable(item) for item in value]
    return repr(value)


def _forget_at(approval: Approval) -> datetime:
    """Return when a finished approval is forgotten: as long after it expired as it waited."""
    return approval.expires + (approval.expires - approval.created)


def _notification_id(approval: Approval) -> str:
    """Return the persistent notification id of an approval."""
    return f"{DOMAIN}_approval_{approval.approval_id}"


def duration(seconds: float) -> str:
    """Return a duration in words: "5 minutes", "1 minute", or seconds below two minutes."""
    if seconds < 120:  # noqa: PLR2004  # below two minutes, seconds read better
        return f"{seconds:g} second{'s' if seconds != 1 else ''}"
    return f"{round(seconds / 60)} minutes"


@callback
def async_setup_approvals(hass: HomeAssistant) -> Approvals:
    """Create the approvals of ``hass``; listen to notification actions; return them."""
    approvals = hass.data[DATA_APPROVALS] = Approvals(hass)
    hass.bus.async_listen(EVENT_NOTIFICATION_ACTION, approvals.async_notification_action)
    hass.bus.async_listen_once(EVENT_HOMEASSISTANT_STOP, approvals.async_stop)
    return approvals
