"""Approval in Home Assistant of tool calls that need confirming and come from no conversation.

A call creates a pending ``Approval`` and a persistent notification (with a notify action
set, also a message: with Approve and Deny buttons on a mobile app, cleared again once the
approval is decided, expires or is voided); an administrator or the user the call runs as
decides it; the model's next call with the approval id runs the tool once. Approved and
``Remembered``, the same tool of the same user runs on the same targets until a set time.
Approvals live in memory. The whole flow: docs/confirmation.md.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
import json
import math
import re
import secrets
import time
from typing import Any, Final, Literal
import unicodedata

from homeassistant.auth import EVENT_USER_REMOVED, EVENT_USER_UPDATED
from homeassistant.auth.models import User
from homeassistant.components import persistent_notification
from homeassistant.const import ENTITY_MATCH_ALL, EVENT_HOMEASSISTANT_STOP
from homeassistant.core import CALLBACK_TYPE, Event, HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers import intent
from homeassistant.helpers.event import async_call_later
from homeassistant.helpers.network import NoURLAvailableError, get_url
from homeassistant.util import dt as dt_util, slugify
from homeassistant.util.hass_dict import HassKey

from ..calls.audit import recorded_arguments
from ..calls.results import json_text
from ..const import DOMAIN, LOGGER
from ..scope.reach import within
from ..targets.acts import Acts
from ..targets.resolve import match
from ..texts import Texts, async_integration_title, async_texts

__all__ = [
    "APPROVALS_URL",
    "DATA_APPROVALS",
    "DECIDE_URL",
    "EVENT_APPROVAL",
    "EVENT_NOTIFICATION_ACTION",
    "MAX_OPEN_PER_USER",
    "MAX_REMEMBERED_PER_USER",
    "MOBILE_APP_PREFIX",
    "REMEMBER_CHOICES",
    "STILL_PENDING",
    "Approval",
    "ApprovalStatus",
    "Approvals",
    "Remembered",
    "Targets",
    "async_setup_approvals",
    "duration",
    "no_more",
    "readable",
    "remember_choices",
    "rememberable",
    "shown_arguments",
]

# The admin panel's view of the approvals, which notifications for administrators link to.
APPROVALS_URL: Final = f"/{DOMAIN}/approvals"
# The panel of approvals alone, open to every user, which other users' notifications link to.
DECIDE_URL: Final = f"/{DOMAIN}_approvals"
# Most characters of arguments a notification shows.
MAX_SHOWN_ARGUMENTS: Final = 1000
# Most lines of arguments a notification shows.
MAX_SHOWN_LINES: Final = 30
# Most entities a notification names as what the call acts on.
MAX_SHOWN_TARGETS: Final = 10
# Notify actions of the mobile app: the only ones that get Approve / Deny buttons.
MOBILE_APP_PREFIX: Final = "notify.mobile_app_"
# Most approvals one user may have waiting or approved and unused at a time.
MAX_OPEN_PER_USER: Final = 10
# Most remembered approvals of one user per hub; a new one voids the oldest.
MAX_REMEMBERED_PER_USER: Final = 5
# The minutes a person may choose to remember an approval for, up to the hub's longest.
REMEMBER_CHOICES: Final = (5, 15, 30, 60)
# Fired by the mobile app when a button of a notification is pressed (``data["action"]``).
EVENT_NOTIFICATION_ACTION: Final = "mobile_app_notification_action"
_ACTION_PREFIX: Final = "LLM_HUB_"
# Fired when an approval is requested, decided, used, expires or is voided (its hub unloads),
# and when a remembered one lets a call run, is revoked, ends or is voided.
EVENT_APPROVAL: Final = f"{DOMAIN}_approval"
DATA_APPROVALS: HassKey[Approvals] = HassKey(f"{DOMAIN}_approvals")

type ApprovalStatus = Literal["pending", "approved", "denied", "used", "expired"]
"""Where an approval stands: waiting; approved and not used yet; or finished."""


@dataclass(frozen=True, slots=True)
class Targets:
    """What a call acts on: the entities matched, how many more, or what matched nothing."""

    # The first entities matched, as "Back door (lock.back_door)".
    entities: tuple[str, ...] = ()
    # How many entities matched beyond ``entities``.
    more: int = 0
    # What the call names that nothing matches, as ``name "Back door"``.
    unmatched: str | None = None

    def lines(self, texts: Texts) -> list[str]:
        """Return what the call acts on as lines of text in the language of ``texts``."""
        lines = list(self.entities)
        if self.more:
            lines.append(texts("approval_acts_on_more", count=self.more))
        if self.unmatched is not None:
            lines.append(texts("approval_acts_on_nothing", given=self.unmatched))
        return lines


@dataclass(slots=True)
class Approval:
    """A call that waits for (or got) a person's decision in Home Assistant."""

    approval_id: str
    api_id: str
    hub_name: str
    # The listed name of the tool.
    tool: str
    # The validated arguments as a person reads them, redacted and cut as the audit does.
    arguments: dict[str, Any]
    # What the approval is valid for besides hub, tool and user: the canonical arguments.
    binding: Hashable
    # What the call acts on (``targets``); nothing when its arguments name nothing.
    targets: Targets
    # The user the call runs as (None: no user, e.g. an automation).
    user_id: str | None
    # The integration that made the request (``mcp_server``, ``llm_hub``, ...).
    platform: str
    created: datetime
    # Until when a person may decide (pending), or the model may call (approved).
    expires: datetime
    # The conversation agent or AI task entity of the request (2026.11 and newer), if any.
    agent_id: str | None = None
    # The entity ids the call acts on, as the gate found them (the event carries them).
    acts_on: tuple[str, ...] = ()
    status: ApprovalStatus = "pending"
    decided_by: str | None = None
    decided: datetime | None = None
    # In words, once announced: the user's name; the agent's name, else the integration's title.
    user_name: str | None = None
    through: str | None = None
    decided_by_name: str | None = None
    # The secret in the notification's Approve / Deny actions (never shown to the model).
    action_key: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    # The mobile app's notify action that shows the approval now (cleared when it closes).
    phone: str | None = None
    # The longest it may be remembered, in minutes (0: it cannot be), and what it acts on then.
    remember_max: int = 0
    remember_acts: Acts | None = None
    # Until when a person chose to remember it.
    remember_until: datetime | None = None
    # The hub the call came through, when a hub it selects asked (shadow mode): ``tool`` is its.
    via: str | None = None
    # What the call acted on when asked (None: not known): its redeeming call may act on no more.
    acts: Acts | None = None

    def as_dict(self) -> dict[str, Any]:
        """Return what people and the websocket see (no binding, no action secret)."""
        return {
            "approval_id": self.approval_id,
            "api_id": self.api_id,
            "hub_name": self.hub_name,
            "tool_name": self.tool,
            "arguments": self.arguments,
            "targets": list(self.targets.entities),
            "targets_more": self.targets.more,
            "targets_unmatched": self.targets.unmatched,
            "user_id": self.user_id,
            "user_name": self.user_name,
            "platform": self.platform,
            "agent_id": self.agent_id,
            "through": self.through,
            "created": self.created.isoformat(),
            "expires": self.expires.isoformat(),
            "status": self.status,
            "decided_by": self.decided_by,
            "decided_by_name": self.decided_by_name,
            "decided": self.decided.isoformat() if self.decided else None,
            "remember_choices": remember_choices(self.remember_max),
            "remember_until": _iso(self.remember_until),
        }

    @property
    def is_pending(self) -> bool:
        """Return whether the approval still waits for a decision."""
        return self.status == "pending"

    @property
    def is_open(self) -> bool:
        """Return whether the approval still waits for a decision or for the model's call."""
        return self.status in {"pending", "approved"}


@dataclass(slots=True)
class Remembered:
    """An approval remembered until ``until``: its tool, user and hub run on ``acts`` unasked."""

    approval: Approval
    # What the approved call acted on: later calls may act on as much, never more.
    acts: Acts
    until: datetime
    # ``until`` on the monotonic clock: a wall clock set back does not lengthen it.
    ends: float
    # How many calls ran under it, and when the last did.
    uses: int = 0
    last_used: datetime | None = None

    def covers(
        self, api_id: str, tool: str, user_id: str | None, acts: Acts | None, via: str | None
    ) -> bool:
        """Return whether a call acting on ``acts`` (None: unknown) runs under it unasked."""
        approval = self.approval
        return (
            (approval.api_id, approval.via, approval.tool, approval.user_id)
            == (api_id, via, tool, user_id)
            and acts is not None
            and rememberable(acts)
            and no_more(acts, self.acts)
        )

    def as_dict(self) -> dict[str, Any]:
        """Return what people and the websocket see of it."""
        approval = self.approval
        return {
            "approval_id": approval.approval_id,
            "api_id": approval.api_id,
            "hub_name": approval.hub_name,
            "tool_name": approval.tool,
            "targets": list(approval.targets.entities),
            "targets_more": approval.targets.more,
            "user_id": approval.user_id,
            "user_name": approval.user_name,
            "decided_by": approval.decided_by,
            "decided_by_name": approval.decided_by_name,
            "decided": _iso(approval.decided),
            "until": self.until.isoformat(),
            "uses": self.uses,
            "last_used": _iso(self.last_used),
        }


def no_more(acts: Acts | None, asked: Acts | None) -> bool:
    """Return whether a call acting on ``acts`` acts on no more than it did when ``asked``."""
    if asked is None:
        return True  # asked for fixed reasons: approved as such
    # Nothing it cannot follow is new (as written), nor what it follows, nor what ``all`` reaches.
    return (
        acts is not None
        and acts.unknown in {None, asked.unknown}
        and acts.bound <= asked.bound
        and acts.entities <= asked.entities
        and acts.areas <= asked.areas
    )


def rememberable(acts: Acts) -> bool:
    """Return whether what a call acts on is followed, each target named (not ``all``)."""
    return acts.unknown is None and ENTITY_MATCH_ALL not in acts.entities


def remember_choices(longest: int) -> list[int]:
    """Return the minutes a person may remember an approval for, up to ``longest``."""
    return sorted({minutes for minutes in REMEMBER_CHOICES if minutes < longest} | {longest} - {0})


class Approvals:
    """The approvals of every hub of a Home Assistant instance, in memory."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Keep approvals for ``hass``; stop the expiry timer when Home Assistant stops."""
        self.hass = hass
        self._approvals: dict[str, Approval] = {}
        self._remembered: dict[str, Remembered] = {}
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
        agent_id: str | None = None,
        acts_on: tuple[str, ...] | None = None,
        acts: Acts | None = None,
        remember: int = 0,
        timeout: float,
        notify_service: str | None,
        via: str | None = None,
    ) -> Approval | None:
        """Return this call's open approval or a new one, announced; None past the cap."""
        # ``remember``: the longest it may be remembered, in minutes, when ``acts`` is followed.
        self._expire()
        mine = [a for a in self._approvals.values() if a.user_id == user_id and a.is_open]
        for approval in mine:
            if (approval.api_id, approval.via, approval.tool, approval.binding, approval.acts) == (
                api_id,
                via,
                tool,
                binding,
                acts,
            ):
                return approval
        if len(mine) >= MAX_OPEN_PER_USER:
            return None
        # Its event names only what is within the scopes entered, as its text does.
        acts_on = _in_reach(acts_on)
        now = dt_util.utcnow()
        approval = Approval(
            approval_id=secrets.token_urlsafe(12),
            api_id=api_id,
            hub_name=hub_name,
            tool=tool,
            # Shown to people and sent in notifications: JSON-safe, cut, secrets redacted.
            arguments=recorded_arguments(readable(arguments))[0],
            binding=binding,
            targets=targets(self.hass, arguments, acts_on),
            user_id=user_id,
            platform=platform,
            created=now,
            expires=now + timedelta(seconds=timeout),
            agent_id=agent_id,
            acts_on=acts_on or (),
            via=via,
            acts=acts,
        )
        if user_id is not None and acts is not None and rememberable(acts):
            approval.remember_max, approval.remember_acts = remember, acts
        self._approvals[approval.approval_id] = approval
        self.hass.async_create_task(
            self._async_announce(approval, timeout, notify_service),
            f"{DOMAIN} announce approval {approval.approval_id}",
        )
        self._fire(approval)
        self._changed()
        return approval

    @callback
    def async_redeem(
        self,
        approval_id: str,
        *,
        api_id: str,
        tool: str,
        binding: Hashable,
        user_id: str | None,
        via: str | None = None,
        acts: Acts | None = None,
    ) -> Approval | str:
        """Use up the approved approval of this call; return it, or why it cannot run."""
        self._expire()
        approval = self._approvals.get(approval_id)
        if approval is None:
            return "is not known: it was never asked for, or it was forgotten (a restart)"
        # Another user's approval: nothing more of it is said.
        mismatches = (
            (approval.user_id != user_id, "was asked for by another user"),
            (
                (approval.api_id, approval.via) != (api_id, via),
                "was asked for through another LLM API",
            ),
            (approval.tool != tool, f"was asked for another tool ({approval.tool})"),
            (approval.binding != binding, "was asked for other arguments"),
            (
                not no_more(acts, approval.acts),
                "was asked for when the call acted on less than it does now",
            ),
        )
        if reason := next((reason for differs, reason in mismatches if differs), None):
            return reason
        if approval.status != "approved":
            return _STATUS_REASONS[approval.status]
        approval.status = "used"
        self._fire(approval)
        self._changed()
        return approval

    @callback
    def async_remembered(
        self,
        *,
        api_id: str,
        tool: str,
        user_id: str | None,
        acts: Acts | None,
        via: str | None = None,
    ) -> Remembered | None:
        """Return the remembered approval a call acting on ``acts`` runs under, counted; or None."""
        self._expire()
        remembered = max(
            (r for r in self._remembered.values() if r.covers(api_id, tool, user_id, acts, via)),
            key=lambda r: r.until,
            default=None,
        )
        if remembered is not None:
            remembered.uses += 1
            remembered.last_used = dt_util.utcnow()
            self._fire(remembered.approval, "remembered_used")
            self._changed()
        return remembered

    # --- Deciding (people) ------------------------------------------------------------------

    def visible_to(self, user: User) -> list[Approval]:
        """Return the approvals ``user`` may see and decide: all for admins, else their own."""
        self._expire()
        return [a for a in self._approvals.values() if user.is_admin or a.user_id == user.id]

    @callback
    def async_decide(
        self, approval_id: str, user: User, *, approve: bool, remember: int | None = None
    ) -> Approval:
        """Approve or deny a pending approval as ``user``; remember it ``remember`` minutes.

        Raises ``KeyError`` (unknown), ``Unauthorized`` (deactivated, or neither an administrator
        nor the call's user), ``HomeAssistantError`` (decided, expired, or not so remembered).
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
        if remember is not None and not (approve and 0 < remember <= approval.remember_max):
            raise HomeAssistantError(
                f"The approval {approval_id} can be remembered for at most "
                f"{approval.remember_max} minutes"
                if approval.remember_max and approve
                else f"The approval {approval_id} cannot be remembered"
            )
        now = dt_util.utcnow()
        approval.status = "approved" if approve else "denied"
        approval.decided_by = user.id
        approval.decided_by_name = user.name
        approval.decided = now
        if approve:
            # The model gets as long again to call, counted from the approval.
            approval.expires = now + (approval.expires - approval.created)
        if remember is not None and approval.remember_acts is not None:
            self._remember(approval, now + timedelta(minutes=remember))
        self._async_close(approval)
        self._fire(approval)
        LOGGER.info(
            "%s %s the call of %s through LLM Hub %s (approval %s)%s",
            user.name or user.id,
            approval.status,
            approval.tool,
            approval.hub_name,
            approval_id,
            f", remembered for {remember} minutes" if remember else "",
        )
        self._changed()
        return approval

    def _remember(self, approval: Approval, until: datetime) -> None:
        """Remember ``approval`` until ``until``; void the user's oldest past the cap."""
        assert approval.remember_acts is not None  # noqa: S101  # the caller checked
        approval.remember_until = until
        ends = time.monotonic() + (until - dt_util.utcnow()).total_seconds()
        self._remembered[approval.approval_id] = Remembered(
            approval, approval.remember_acts, until, ends
        )
        mine = [
            r
            for r in self._remembered.values()
            if (r.approval.api_id, r.approval.user_id) == (approval.api_id, approval.user_id)
        ]
        for oldest in mine[: max(len(mine) - MAX_REMEMBERED_PER_USER, 0)]:
            self._end(oldest, "voided")

    def remembered_visible_to(self, user: User) -> list[Remembered]:
        """Return the remembered approvals ``user`` may see and revoke: all for admins."""
        self._expire()
        return [
            r for r in self._remembered.values() if user.is_admin or r.approval.user_id == user.id
        ]

    @callback
    def async_revoke(self, approval_id: str, user: User) -> Remembered:
        """Revoke a remembered approval as ``user``; return it (``KeyError``, ``Unauthorized``)."""
        self._expire()
        remembered = self._remembered[approval_id]
        if not user.is_active or (not user.is_admin and remembered.approval.user_id != user.id):
            raise Unauthorized(user_id=user.id)
        self._end(remembered, "revoked")
        LOGGER.info(
            "%s revoked the remembered approval %s of %s through LLM Hub %s",
            user.name or user.id,
            approval_id,
            remembered.approval.tool,
            remembered.approval.hub_name,
        )
        self._changed()
        return remembered

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
        if approval is None or verb not in {"APPROVE", "DENY", "REMEMBER"}:
            return
        # Approve for N min: as long as the hub lets it be remembered.
        remember = approval.remember_max if verb == "REMEMBER" else None
        self.hass.async_create_task(
            self._async_decide_as(
                event.context.user_id, approval, approve=verb != "DENY", remember=remember
            ),
            f"{DOMAIN} decide approval {approval.approval_id}",
        )

    async def _async_decide_as(
        self, user_id: str | None, approval: Approval, *, approve: bool, remember: int | None
    ) -> None:
        """Decide ``approval`` as the user ``user_id`` of a notification action; log refusals."""
        user = await self.hass.auth.async_get_user(user_id) if user_id else None
        try:
            if user is None:
                raise Unauthorized  # noqa: TRY301  # one place that logs it
            self.async_decide(approval.approval_id, user, approve=approve, remember=remember)
        except (Unauthorized, HomeAssistantError, KeyError) as err:
            LOGGER.warning(
                "A notification action for approval %s was ignored: %s",
                approval.approval_id,
                "the user may not decide it" if isinstance(err, Unauthorized) else err,
            )

    # --- Lifecycle --------------------------------------------------------------------------

    @callback
    def async_forget_hub(self, api_id: str, selecting: Collection[str] = ()) -> None:
        """Forget the approvals of a hub that unloads (its calls cannot be redeemed)."""
        # Those of the hubs ``selecting`` it go too (their tools may change), and those asked
        # for through any of them.
        hubs = {api_id, *selecting}
        voided: set[str] = set()
        for approval in [a for a in self._approvals.values() if {a.api_id, a.via} & hubs]:
            self._async_close(approval)
            del self._approvals[approval.approval_id]
            if approval.is_open:
                self._fire(approval, "voided")
                voided.add(approval.approval_id)
        self._void(lambda r: bool({r.approval.api_id, r.approval.via} & hubs), voided)
        self._changed()

    @callback
    def async_forget_user(self, event: Event) -> None:
        """Void the remembered approvals of (or decided by) a user who was changed or removed."""
        user_id = event.data.get("user_id")
        self._void(lambda r: user_id in {r.approval.user_id, r.approval.decided_by})
        self._changed()

    def _void(self, which: Callable[[Remembered], bool], fired: Collection[str] = ()) -> None:
        """Forget the remembered approvals ``which`` holds; fire ``voided`` unless ``fired``."""
        for remembered in [r for r in self._remembered.values() if which(r)]:
            self._end(remembered, None if remembered.approval.approval_id in fired else "voided")

    def _end(self, remembered: Remembered, status: str | None) -> None:
        """Forget ``remembered``, firing ``status``; its approval is remembered until now."""
        approval = remembered.approval
        del self._remembered[approval.approval_id]
        if status is not None:
            self._fire(approval, status)
        approval.remember_until = min(remembered.until, dt_util.utcnow())

    def pending(self, api_id: str) -> int:
        """Return how many approvals of the hub ``api_id`` wait for a decision."""
        return sum(a.api_id == api_id and a.is_pending for a in self._approvals.values())

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

    def _fire(self, approval: Approval, status: str | None = None) -> None:
        """Fire ``EVENT_APPROVAL`` for what just happened to ``approval``: never its arguments."""
        self.hass.bus.async_fire(
            EVENT_APPROVAL,
            {
                "approval_id": approval.approval_id,
                "status": status or approval.status,
                "api_id": approval.api_id,
                "hub_name": approval.hub_name,
                "tool_name": approval.tool,
                "user_id": approval.user_id,
                "acts_on": list(approval.acts_on),
                "platform": approval.platform,
                "agent_id": approval.agent_id,
                "expires": approval.expires.isoformat(),
                "decided_by": approval.decided_by,
                "remember_until": _iso(approval.remember_until),
            },
        )

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
                self._async_close(approval)
                self._fire(approval)
            elif not approval.is_open and _forget_at(approval) <= now:
                del self._approvals[approval.approval_id]
        clock = time.monotonic()
        for remembered in [
            r for r in self._remembered.values() if r.until <= now or r.ends <= clock
        ]:
            self._end(remembered, "remembered_expired")

    def _schedule(self) -> None:
        """Set the timer for the next approval to expire or be forgotten, or remembered to end."""
        self.async_stop()
        moments = [a.expires if a.is_open else _forget_at(a) for a in self._approvals.values()]
        now, clock = dt_util.utcnow(), time.monotonic()
        moments += [
            min(r.until, now + timedelta(seconds=r.ends - clock)) for r in self._remembered.values()
        ]
        if not moments:
            return
        moment = min(moments)
        delay = max((moment - now).total_seconds(), 0)
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
        """Create the persistent notification; send the approval to ``notify_service``."""
        texts = await async_texts(self.hass, "common")
        user = await self.hass.auth.async_get_user(approval.user_id) if approval.user_id else None
        approval.user_name = user.name if user else None
        approval.through = await _async_through(self.hass, approval)
        self._changed()  # the panel names them too
        if approval.status != "pending":
            return  # decided (or voided) before it was announced
        who = (user.name or user.id) if user else texts("approval_no_user")
        # Non-admins decide in the panel of approvals alone; administrators in the admin panel.
        link = DECIDE_URL if user is not None and not user.is_admin else APPROVALS_URL
        title = texts("approval_title", tool=approval.tool)
        # Rendered once, for phones and browsers anywhere: how long, then the server's clock
        # with its zone's name (Home Assistant knows no person's zone).
        text = texts(
            "approval_asked",
            who=who,
            platform=approval.through,
            tool=approval.tool,
            hub=approval.hub_name,
            duration=_duration(texts, wait),
            time=dt_util.as_local(approval.expires).strftime("%H:%M:%S"),
            zone=self.hass.config.time_zone,
        )
        arguments = shown_arguments(
            approval.arguments, cut=texts("arguments_cut"), empty=texts("no_arguments")
        )
        lines = approval.targets.lines(texts)
        acts_on = "".join(f"\n- {_markdown_text(line)}" for line in lines)
        mobile = notify_service is not None and notify_service.startswith(MOBILE_APP_PREFIX)
        persistent_notification.async_create(
            self.hass,
            f"{text}\n\n"
            + (f"{texts('approval_acts_on')}{acts_on}\n\n" if acts_on else "")
            # No line of the block starts with a fence: the model's text cannot close it.
            + f"{texts('approval_arguments')}\n```text\n{arguments}\n```\n\n"
            + texts(
                "approval_decide_phone" if mobile else "approval_decide",
                approval_id=approval.approval_id,
                who=who,
                link=link,
            ),
            title=title,
            notification_id=_notification_id(approval),
        )
        if notify_service is None:
            return
        message = text
        if lines:
            shown = ", ".join(map(_plain_text, lines))
            message += f"\n\n{texts('approval_acts_on')} {shown}"
        message += f"\n\n{texts('approval_arguments')}\n{arguments}"
        data: dict[str, Any]
        if mobile:
            key = approval.action_key
            if _on_android(self.hass, notify_service):
                title, message = _android_text(title), _android_text(message)
            data = {
                "title": title,
                "message": message,
                "data": {
                    "tag": _notification_id(approval),
                    "actions": [
                        {"action": f"{_ACTION_PREFIX}APPROVE_{key}", "title": texts("approve")},
                        *(
                            [
                                {
                                    "action": f"{_ACTION_PREFIX}REMEMBER_{key}",
                                    "title": texts("approve_for", minutes=approval.remember_max),
                                }
                            ]
                            if approval.remember_max
                            else []
                        ),
                        {"action": f"{_ACTION_PREFIX}DENY_{key}", "title": texts("deny")},
                    ],
                    # Tapping the notification opens where the person can decide.
                    "url": link,
                    "clickAction": link,
                },
            }
        else:
            elsewhere = texts("approval_decide_elsewhere", url=self._absolute(link))
            data = {"title": title, "message": f"{message}\n\n{elsewhere}"}
        if await self._async_notify(approval, notify_service, data) and mobile:
            approval.phone = notify_service
            if not approval.is_pending:
                self._async_close(approval)  # decided while it was being sent

    def _absolute(self, path: str) -> str:
        """Return the URL of ``path`` on this Home Assistant, or the path when none is known."""
        try:
            return f"{get_url(self.hass)}{path}"
        except NoURLAvailableError:
            return path

    async def _async_notify(
        self, approval: Approval, notify_service: str, data: dict[str, Any]
    ) -> bool:
        """Call ``notify_service`` with ``data``; return whether it succeeded (failures logged)."""
        domain, _, service = notify_service.partition(".")
        try:
            await self.hass.services.async_call(domain, service, data, blocking=True)
        except Exception:  # noqa: BLE001  # the persistent notification is there anyway
            LOGGER.warning(
                "LLM Hub %s could not send approval %s to %s",
                approval.hub_name,
                approval.approval_id,
                notify_service,
                exc_info=True,
            )
            return False
        return True

    @callback
    def _async_close(self, approval: Approval) -> None:
        """Dismiss the approval's persistent notification; clear it on the phone."""
        persistent_notification.async_dismiss(self.hass, _notification_id(approval))
        if (phone := approval.phone) is None:
            return
        approval.phone = None
        # The mobile app's own message that removes the notification with this tag.
        clear = {"message": "clear_notification", "data": {"tag": _notification_id(approval)}}
        self.hass.async_create_task(
            self._async_notify(approval, phone, clear),
            f"{DOMAIN} clear approval {approval.approval_id}",
        )


# What ``Approvals.async_redeem`` answers for a pending approval (compare with ``is``).
STILL_PENDING: Final = "still waits for the user's approval in Home Assistant"
# Each status in words that complete "The approval ... ".
_STATUS_REASONS: Final[dict[ApprovalStatus, str]] = {
    "pending": STILL_PENDING,
    "approved": "was approved",
    "denied": "was denied by the user in Home Assistant",
    "used": "was used already: an approval runs the tool once",
    "expired": "expired: it was not approved and used in time",
}


def readable(value: Any) -> Any:
    """Return validated arguments as JSON values that people read and that keep them apart."""
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


def targets(
    hass: HomeAssistant, arguments: Mapping[str, Any], acts_on: tuple[str, ...] | None = None
) -> Targets:
    """Return what a call acts on: "Back door (lock.back_door)", or what it names."""
    # Only what is within the scopes entered is ever named (exposure is not checked: never less).
    reach = within()
    if acts_on := _in_reach(acts_on):
        return Targets(
            tuple(
                f"{state.name if (state := hass.states.get(e)) else e} ({e})"
                for e in acts_on[:MAX_SHOWN_TARGETS]
            ),
            max(len(acts_on) - MAX_SHOWN_TARGETS, 0),
        )
    named = {
        slot: value.strip()
        for slot in ("name", "area", "floor")
        if isinstance(value := arguments.get(slot), str) and value.strip()
    }
    if not named:
        return Targets()
    found = match(
        hass,
        intent.MatchTargetsConstraints(
            name=named.get("name"),
            area_name=named.get("area"),
            floor_name=named.get("floor"),
            domains=_names(arguments.get("domain")),
            device_classes=_names(arguments.get("device_class")),
            allow_duplicate_names=True,
        ),
        intent.MatchTargetsPreferences(),
        reach,
    )
    if not found.is_match:
        given = ", ".join(f"{slot} {_scalar(value)}" for slot, value in named.items())
        return Targets(unmatched=given)
    states = sorted(found.states, key=lambda state: state.entity_id)
    return Targets(
        tuple(f"{state.name} ({state.entity_id})" for state in states[:MAX_SHOWN_TARGETS]),
        max(len(states) - MAX_SHOWN_TARGETS, 0),
    )


def _in_reach(acts_on: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """Return the entity ids of ``acts_on`` within the scopes entered."""
    reach = within()
    if not acts_on or reach is None:
        return acts_on
    return tuple(entity_id for entity_id in acts_on if reach(entity_id))


def _names(value: Any) -> list[str] | None:
    """Return a ``domain`` or ``device_class`` argument as a list of names (None: not one)."""
    names = [value] if isinstance(value, str) else value
    if isinstance(names, list) and names and all(isinstance(name, str) for name in names):
        return names
    return None


def shown_arguments(arguments: Any, *, cut: str = "(cut)", empty: str = "(no arguments)") -> str:
    """Return recorded arguments as ``key: value`` lines, capped; no line starts with a fence."""
    lines: list[str] = []
    size = 0
    for line in _lines(arguments, ""):
        if len(lines) == MAX_SHOWN_LINES or size + len(line) > MAX_SHOWN_ARGUMENTS:
            lines.append(f"{line[: max(MAX_SHOWN_ARGUMENTS - size, 0)]}… {cut}")
            break
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines) or empty


def _lines(value: Any, indent: str) -> Iterator[str]:
    """Yield the lines ``shown_arguments`` shows of ``value`` (a mapping, list or value)."""
    if isinstance(value, Mapping):
        items = [(f"{_key(key)}:", item) for key, item in value.items()]
    elif isinstance(value, list) and value:
        items = [("-", item) for item in value]
    else:
        yield f"{indent}{_scalar(value)}"
        return
    for head, item in items:
        if isinstance(item, Mapping | list) and item:
            yield f"{indent}{head}"
            yield from _lines(item, f"{indent}  ")
        elif isinstance(item, str) and len(text := item.splitlines()) > 1:
            yield f"{indent}{head}"
            yield from (f"{indent}  │{_visible(line)}" for line in text)
        else:
            yield f"{indent}{head} {_scalar(item)}"


def _key(key: Any) -> str:
    """Return a key as shown: as it is when a plain name, else as a JSON string."""
    text = str(key)
    return text if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", text) else _scalar(text)


def _scalar(value: Any) -> str:
    """Return a JSON value (an empty list or object included) as one line of JSON."""
    return _visible(json.dumps(value, ensure_ascii=False))


def _visible(text: str) -> str:
    r"""Return ``text`` with characters that do not show written as ``\uXXXX``."""
    return "".join(
        f"\\u{ord(char):04x}" if unicodedata.category(char) in _INVISIBLE and char != "\t" else char
        for char in text
    )


# Unicode categories of characters that do not show (or move others: bidirectional marks).
_INVISIBLE: Final = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def _plain_text(text: str) -> str:
    """Return a name or value as one line of plain text."""
    return _visible(" ".join(text.split()))


def _markdown_text(text: str) -> str:
    """Return a name or value as Markdown that shows it as it is: no link, no markup."""
    return re.sub(r"([!-/:-@\[-`{-~])", r"\\\1", _plain_text(text))


def _on_android(hass: HomeAssistant, notify_service: str) -> bool:
    """Return whether the mobile app's ``notify_service`` goes to an Android phone (``os_name``)."""
    return any(
        f"notify.{slugify(f'mobile_app_{entry.data.get("device_name")}')}" == notify_service
        and str(entry.data.get("os_name", "")).casefold() == "android"
        for entry in hass.config_entries.async_entries("mobile_app")
    )


def _android_text(text: str) -> str:
    """Return plain text as the Android app's HTML shows it as it is, line breaks kept.

    The app reads it as HTML (``:lock:`` as emoji): any character that could shape it is an entity.
    """
    escaped = "".join(_ANDROID_ENTITIES.get(char, char) for char in text)
    return re.sub(r"(?m)^ +| {2,}", lambda spaces: "&#160;" * len(spaces[0]), escaped)


# The characters of plain text that the Android app would read as markup.
_ANDROID_ENTITIES: Final = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "\\": "&#92;",
    ":": "&#58;",
}


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _forget_at(approval: Approval) -> datetime:
    """Return when a finished approval is forgotten: as long after it expired as it waited."""
    return approval.expires + (approval.expires - approval.created)


def _notification_id(approval: Approval) -> str:
    """Return the persistent notification id of an approval."""
    return f"{DOMAIN}_approval_{approval.approval_id}"


def duration(seconds: float) -> str:
    """Return a duration in English words for the model: "5 minutes", or seconds below two."""
    if seconds < _SECONDS_UP_TO:
        return f"{seconds:g} second{'s' if seconds != 1 else ''}"
    return f"{round(seconds / 60)} minutes"


def _duration(texts: Texts, seconds: float) -> str:
    """Return a duration for people in their language: "5 min", or seconds below two minutes."""
    if seconds < _SECONDS_UP_TO:
        return texts("duration_seconds", seconds=f"{seconds:g}")
    return texts("duration_minutes", minutes=round(seconds / 60))


# Durations below two minutes are given in seconds: they read better.
_SECONDS_UP_TO: Final = 120


@callback
def async_setup_approvals(hass: HomeAssistant) -> Approvals:
    """Create the approvals of ``hass``; listen to notification actions; return them."""
    approvals = hass.data[DATA_APPROVALS] = Approvals(hass)
    hass.bus.async_listen(EVENT_NOTIFICATION_ACTION, approvals.async_notification_action)
    for event_type in (EVENT_USER_UPDATED, EVENT_USER_REMOVED):
        hass.bus.async_listen(event_type, approvals.async_forget_user)
    hass.bus.async_listen_once(EVENT_HOMEASSISTANT_STOP, approvals.async_stop)
    return approvals


async def _async_through(hass: HomeAssistant, approval: Approval) -> str:
    """Return what a call came through in words: its agent's name, else its integration's title."""
    if approval.agent_id and (state := hass.states.get(approval.agent_id)):
        return state.name
    return await async_integration_title(hass, approval.platform)
