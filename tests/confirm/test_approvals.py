"""Approval in Home Assistant of calls that need confirming and come from no conversation.

Over MCP (the real MCP client), the websocket and direct calls: the first call creates a
pending approval and answers with its id; an administrator or the user the call runs as
approves or denies it through the websocket (or a notification's buttons); the next call
with the id runs the tool once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
import json
import sys
from types import ModuleType
from typing import Any
from zoneinfo import ZoneInfo

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
    async_fire_time_changed,
    async_mock_service,
)
from pytest_homeassistant_custom_component.test_util.aiohttp import AiohttpClientMocker
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from custom_components.llm_hub.confirm.approvals import (
    DATA_APPROVALS,
    MAX_OPEN_PER_USER,
    MAX_SHOWN_ARGUMENTS,
    Approval,
    duration,
    shown_arguments,
)
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant, ServiceCall
from homeassistant.core_config import async_process_ha_core_config
from homeassistant.helpers import area_registry as ar, entity_registry as er, llm
from homeassistant.helpers.translation import async_get_translations
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from ..helpers import hubs
from ..helpers.confirm import (
    SAFETY,
    TOKEN,
    _call,
    _notifications,
    _other_user_client,
    _ws,
    async_add_set_hub,
)
from ..helpers.flows import LIGHTS_ON_FORM, async_add_tool
from ..helpers.mcp import _text, mcp_session

NOTIFICATION = "llm_hub_approval_{}"


def _waits(data: dict[str, Any]) -> str:
    """Assert ``data`` says the call waits for approval; return the approval id."""
    approval_id = data[TOKEN]
    assert data == {
        "status": "approval_required",
        "message": f"Nothing ran yet: tool {hubs.BREW} waits for the user's approval in Home "
        f"Assistant until {data['expires']}. Only after they approved it, call {hubs.BREW} again "
        f'with the same arguments and "confirmation_token": "{approval_id}"; it then runs '
        "once. Tell the user to approve or deny it in Home Assistant: in the notification "
        f"about {hubs.BREW} or in LLM Hub's approvals.",
        TOKEN: approval_id,
        "expires": data["expires"],
    }
    return str(approval_id)


def _refused(approval_id: Any, reason: str) -> dict[str, Any]:
    return {
        "error": "ApprovalRefused",
        "error_text": f"The approval {reason}, so tool {hubs.BREW} did not run (approval "
        f"{approval_id!r}). To ask again, call {hubs.BREW} without confirmation_token.",
    }


async def test_round_trip_over_mcp(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hub_url: str,
    hass_access_token: str,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    calls: list[hubs.Call],
) -> None:
    """Call, pending, approve through the websocket, call again: the tool runs once."""
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    client = await hass_ws_client(hass)
    async with mcp_session(hub_url, hass_access_token) as session:
        first = await session.call_tool(hubs.BREW, {"size": "small"})
        approval_id = _waits(json.loads(_text(first)))
        notifications = await _notifications(hass, client)
        listed = await _ws(client, "list")
        early = await session.call_tool(hubs.BREW, {"size": "small", TOKEN: approval_id})
        approved = await _ws(client, "approve", approval_id=approval_id)
        second = await session.call_tool(hubs.BREW, {"size": "small", TOKEN: approval_id})
        again = await session.call_tool(hubs.BREW, {"size": "small", TOKEN: approval_id})

    # Waiting is no error: MCP clients hand the model the words, not "error executing tool".
    assert not first.isError
    assert not early.isError
    assert calls == [(hubs.BREW, {"size": "small", "cups": 1}, hass_admin_user.id)]
    [approval] = listed["result"]["approvals"]
    assert approval == {
        "approval_id": approval_id,
        "api_id": hubs.hub_id(brew_hub),
        "hub_name": "Kitchen",
        "tool_name": hubs.BREW,
        "arguments": {"size": "small", "cups": 1},
        "targets": [],
        "targets_more": 0,
        "targets_unmatched": None,
        "user_id": hass_admin_user.id,
        "user_name": hass_admin_user.name,
        "platform": "mcp_server",
        "agent_id": None,
        "through": "Model Context Protocol Server",
        "created": approval["created"],
        "expires": approval["expires"],
        "status": "pending",
        "decided_by": None,
        "decided_by_name": None,
        "decided": None,
        "remember_choices": [],
        "remember_until": None,
    }
    notification = notifications[NOTIFICATION.format(approval_id)]
    assert notification["title"] == f"Approve {hubs.BREW}?"
    assert f"to run {hubs.BREW} with LLM Hub Kitchen" in notification["message"]
    assert 'Arguments:\n```text\nsize: "small"\ncups: 1\n```' in notification["message"]
    assert "Acts on" not in notification["message"]
    assert "[LLM Hub's approvals](/llm_hub/approvals)." in notification["message"]
    assert json.loads(_text(early)) == {
        "status": "approval_pending",
        "message": f"Nothing ran yet: tool {hubs.BREW} still waits for the user's approval in Home "
        f"Assistant. Only after they approved it, call {hubs.BREW} again with the same arguments "
        f'and "confirmation_token": "{approval_id}"; it then runs once. Tell the user to '
        f"approve or deny it in Home Assistant: in the notification about {hubs.BREW} or in "
        "LLM Hub's approvals.",
        TOKEN: approval_id,
    }
    # A refusal is an error whose first words give the reason.
    assert again.isError
    assert approved["result"]["status"] == "approved"
    assert approved["result"]["decided_by"] == hass_admin_user.id
    assert not second.isError
    assert json.loads(_text(again)) == _refused(
        approval_id, "was used already: an approval runs the tool once"
    )
    assert NOTIFICATION.format(approval_id) not in await _notifications(hass, client)
    # The audit: asked, still pending, ran (approved by whom), refused.
    assert [event.data["outcome"] for event in events] == [
        "needs_confirmation",
        "needs_confirmation",
        "ok",
        "refused",
    ]
    assert events[2].data["approved_by"] == hass_admin_user.id
    assert "approved_by" not in events[3].data


async def test_people_client_and_time_in_words(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hub_url: str,
    hass_access_token: str,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    hass_read_only_access_token: str,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """An approval names people and its client in words; its time says its zone.

    The notification is rendered once, on the server, for any screen: how long the call waits,
    then the server's clock with its zone's name. A user who is no administrator (who cannot
    list users) reads the name of the administrator who decided.
    """
    await hass.config.async_set_time_zone("Pacific/Auckland")
    await hass.auth.async_update_user(hass_admin_user, name="Robin")
    await hass.auth.async_update_user(hass_read_only_user, name="Sam")
    admin = await hass_ws_client(hass)
    sam = await hass_ws_client(hass, hass_read_only_access_token)
    async with mcp_session(hub_url, hass_access_token) as session:
        robins = json.loads(_text(await session.call_tool(hubs.BREW, {"size": "small"})))
    sams = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "large"})
    notifications = await _notifications(hass, admin)
    await _ws(admin, "approve", approval_id=sams.data[TOKEN])
    [listed] = (await _ws(sam, "list"))["result"]["approvals"]

    until = datetime.fromisoformat(robins["expires"]).astimezone(ZoneInfo("Pacific/Auckland"))
    assert notifications[NOTIFICATION.format(robins[TOKEN])]["message"].startswith(
        f"Robin asked through Model Context Protocol Server to run {hubs.BREW} with LLM Hub "
        f"Kitchen. It waits 5 min for approval, until {until:%H:%M:%S} (Pacific/Auckland).\n\n"
    )
    # A caller no integration Home Assistant knows: its name as the request gave it.
    assert (listed["user_name"], listed["through"], listed["decided_by_name"]) == (
        "Sam",
        "test",
        "Robin",
    )


async def test_an_agents_call_names_the_agent(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A request naming its agent (``LLMContext.agent_id``, 2026.11) is asked through its name.

    An agent entity Home Assistant has no state of leaves the title of its integration.
    """

    @dataclass(slots=True)
    class AgentContext(llm.LLMContext):
        agent_id: str | None = None

    hass.states.async_set("conversation.barista", "unknown", {"friendly_name": "Barista"})
    for agent_id, size in (("conversation.barista", "small"), ("conversation.gone", "large")):
        llm_context = AgentContext(
            platform="openai_conversation",
            context=Context(user_id=hass_admin_user.id),
            language="en",
            assistant="conversation",
            device_id=None,
            agent_id=agent_id,
        )
        instance = await llm.async_get_api(hass, hubs.hub_id(brew_hub), llm_context)
        await instance.async_call_tool(llm.ToolInput(hubs.BREW, {"size": size}))
    notifications = await _notifications(hass, await hass_ws_client(hass))
    approvals = hass.data[DATA_APPROVALS].visible_to(hass_admin_user)

    assert [(a.agent_id, a.through) for a in approvals] == [
        ("conversation.barista", "Barista"),
        ("conversation.gone", "OpenAI"),
    ]
    told = notifications[NOTIFICATION.format(approvals[0].approval_id)]["message"]
    assert told.startswith(f"{hass_admin_user.name} asked through Barista to run {hubs.BREW} ")


async def test_who_may_decide(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_read_only_access_token: str,
    hass_ws_client: WebSocketGenerator,
    calls: list[hubs.Call],
) -> None:
    """The user the call runs as may decide it, and an admin; another non-admin may not."""
    asked = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "large"})
    approval_id = asked.data[TOKEN]
    _, other = await _other_user_client(hass, hass_ws_client)
    own = await hass_ws_client(hass, hass_read_only_access_token)

    other_list = await _ws(other, "list")
    other_approve = await _ws(other, "approve", approval_id=approval_id)
    other_deny = await _ws(other, "deny", approval_id=approval_id)
    own_list = await _ws(own, "list")
    own_approve = await _ws(own, "approve", approval_id=approval_id)
    twice = await _ws(own, "deny", approval_id=approval_id)
    unknown = await _ws(own, "approve", approval_id="made-up")
    ran = await _call(
        hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "large", TOKEN: approval_id}
    )

    assert other_list["result"] == {"approvals": [], "remembered": []}
    for refused in (other_approve, other_deny):
        assert refused["error"] == {
            "code": "unauthorized",
            "message": "Only an administrator or the user the call runs as may decide this "
            "approval",
        }
    assert [a["approval_id"] for a in own_list["result"]["approvals"]] == [approval_id]
    assert own_approve["result"]["decided_by"] == hass_read_only_user.id
    assert twice["error"] == {
        "code": "home_assistant_error",
        "message": f"The approval {approval_id} was approved",
    }
    assert unknown["error"]["code"] == "not_found"
    assert not ran.error
    assert calls == [(hubs.BREW, {"size": "large", "cups": 1}, hass_read_only_user.id)]


async def test_denied_expired_and_other_calls(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    calls: list[hubs.Call],
    freezer: FrozenDateTimeFactory,
) -> None:
    """Denied and expired approvals are refused in words; other calls cannot use one."""
    client = await hass_ws_client(hass)
    user = hass_admin_user.id
    denied = (await _call(hass, brew_hub, user, hubs.BREW, {"size": "small"})).data[TOKEN]
    await _ws(client, "deny", approval_id=denied)
    refused = await _call(hass, brew_hub, user, hubs.BREW, {"size": "small", TOKEN: denied})

    late = (await _call(hass, brew_hub, user, hubs.BREW, {"size": "small"})).data[TOKEN]
    approved = (await _call(hass, brew_hub, user, hubs.BREW, {"size": "large"})).data[TOKEN]
    # Asked again with the same call: the same approval, no second notification.
    assert (await _call(hass, brew_hub, user, hubs.BREW, {"size": "large"})).data[TOKEN] == approved
    assert NOTIFICATION.format(late) in await _notifications(hass, client)
    freezer.tick(timedelta(minutes=3))
    await _ws(client, "approve", approval_id=approved)
    presented = {"size": "large", TOKEN: approved}
    other_args = await _call(hass, brew_hub, user, hubs.BREW, presented | {"cups": 2})
    other_user = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, presented)
    not_text = await _call(hass, brew_hub, user, hubs.BREW, {"size": "large", TOKEN: 7})
    assert calls == []

    freezer.tick(timedelta(minutes=2))
    async_fire_time_changed(hass)
    expired = await _call(hass, brew_hub, user, hubs.BREW, {"size": "small", TOKEN: late})
    listed = {
        a["approval_id"]: a["status"] for a in (await _ws(client, "list"))["result"]["approvals"]
    }
    too_late = await _ws(client, "approve", approval_id=late)
    # Approved before it expired: the model has as long again, from the approval, to call.
    ran = await _call(hass, brew_hub, user, hubs.BREW, presented)

    assert refused.data == _refused(denied, "was denied by the user in Home Assistant")
    assert other_args.data == _refused(approved, "was asked for other arguments")
    assert other_user.data == _refused(approved, "was asked for by another user")
    assert not_text.data == _refused(
        7,
        "is not known: it was never asked for, or it was forgotten (a restart)",
    )
    assert expired.data == _refused(late, "expired: it was not approved and used in time")
    assert listed[late] == "expired"
    assert NOTIFICATION.format(late) not in await _notifications(hass, client)
    assert too_late["error"]["message"].endswith("expired: it was not approved and used in time")
    assert not ran.error

    # Forgotten once they waited as long again.
    freezer.tick(timedelta(minutes=11))
    async_fire_time_changed(hass)
    assert (await _ws(client, "list"))["result"] == {"approvals": [], "remembered": []}


async def test_one_users_flood_leaves_others_approvals(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """A user has at most MAX_OPEN_PER_USER open approvals; other users are not affected."""
    waiting = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "large"})
    calls_to_ask = [
        {"size": size, "cups": cups, "strength": strength}
        for size in ("small", "large")
        for cups in range(1, 5)
        for strength in (1, 2)
    ]
    flood = [
        await _call(hass, brew_hub, hass_admin_user.id, hubs.BREW, args)
        for args in calls_to_ask[: MAX_OPEN_PER_USER + 1]
    ]
    approvals = hass.data[DATA_APPROVALS]

    assert [r.data.get("status") for r in flood].count("approval_required") == MAX_OPEN_PER_USER
    assert flood[-1].error
    assert flood[-1].data == {
        "error": "ApprovalRefused",
        "error_text": "Too many calls wait for the user's approval in Home Assistant already, "
        f"so tool {hubs.BREW} did not run. Wait until the user decided them.",
    }
    # The other user can still ask, and their approval still runs.
    also = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "small"})
    assert also.data["status"] == "approval_required"
    approvals.async_decide(str(waiting.data[TOKEN]), hass_read_only_user, approve=True)
    ran = await _call(
        hass,
        brew_hub,
        hass_read_only_user.id,
        hubs.BREW,
        {"size": "large", TOKEN: waiting.data[TOKEN]},
    )
    assert not ran.error
    assert len(calls) == 1


PUSH_URL = "https://mobile-push.home-assistant.dev/push"
UNINSTALLED = (
    "turbojpeg",
    "mutagen",
    "mutagen.id3",
    "haffmpeg",
    "haffmpeg.core",
    "haffmpeg.tools",
    "pymicro_vad",
    "pyspeex_noise",
)
"""Libraries that modules the mobile app imports import (and that are not installed)."""


class _Stub(ModuleType):
    """A module that is not installed: any name in it is an empty class."""

    def __getattr__(self, name: str) -> type:
        if name.startswith("__"):
            raise AttributeError(name)
        return type(name, (), {})


@pytest.fixture
def phone_os() -> str:
    """Return the OS the phone's mobile app registers (``os_name``)."""
    return "Linux"


@pytest.fixture
async def phone(
    hass: HomeAssistant,
    aioclient_mock: AiohttpClientMocker,
    hass_read_only_user: MockUser,
    monkeypatch: pytest.MonkeyPatch,
    phone_os: str,
) -> Callable[[], list[dict[str, Any]]]:
    """Register a phone of the read-only user with the mobile app; return its pushes so far.

    A push is what Home Assistant's mobile app posts to the push service: the notify
    action's message, title and data.
    """
    # The mobile app imports cloud, which imports camera, tts and assist_pipeline, whose
    # libraries the tests do not install (some have no wheel for this Python); none of
    # them is set up here.
    for name in UNINSTALLED:
        if name not in sys.modules:
            monkeypatch.setitem(sys.modules, name, _Stub(name))
    aioclient_mock.post(PUSH_URL, json={})  # type: ignore[no-untyped-call]
    MockConfigEntry(
        domain="mobile_app",
        data={
            "app_data": {"push_token": "PUSH_TOKEN", "push_url": PUSH_URL},
            "app_id": "io.homeassistant.mobile_app",
            "app_name": "mobile_app tests",
            "app_version": "1.0",
            "device_id": "4d5e6f",
            "device_name": "Phone",
            "manufacturer": "Home Assistant",
            "model": "mobile_app",
            "os_name": phone_os,
            "os_version": "5.0.6",
            "secret": "123abc",
            "supports_encryption": False,
            "user_id": hass_read_only_user.id,
            "webhook_id": "webhook_id",
        },
        source="registration",
        title="Phone",
    ).add_to_hass(hass)
    assert await async_setup_component(hass, "mobile_app", {})
    await hass.async_block_till_done()
    assert hass.services.has_service("notify", "mobile_app_phone")

    def pushes() -> list[dict[str, Any]]:
        return [
            {k: v for k, v in data.items() if k in {"message", "title", "data"}}
            for method, url, data, _ in aioclient_mock.mock_calls
            if method == "POST" and str(url) == PUSH_URL
        ]

    return pushes


def _cleared(tag: str) -> dict[str, Any]:
    """Return the push of the mobile app's message that removes the notification ``tag``."""
    return {"message": "clear_notification", "data": {"tag": tag}}


async def test_phone_buttons(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    phone: Callable[[], list[dict[str, Any]]],
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    calls: list[hubs.Call],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The mobile app gets Approve / Deny; only the right user's button decides.

    The buttons carry a secret of their own: the approval id the model knows is no button.
    Once decided, the phone's notification is cleared.
    """
    options = SAFETY | {
        const.CONF_CONFIRM_TOOLS: [hubs.BREW],
        const.CONF_APPROVAL_NOTIFY_SERVICE: "notify.mobile_app_phone",
    }
    await hubs.async_set_options(hass, brew_hub, "safety", options)
    other, _ = await _other_user_client(hass, hass_ws_client)
    client = await hass_ws_client(hass)

    asked = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "small"})
    await hass.async_block_till_done()
    [push] = phone()
    approve, deny = push["data"]["actions"]
    approval_id = asked.data[TOKEN]
    tag = NOTIFICATION.format(approval_id)

    def press(action: str, user: MockUser) -> None:
        hass.bus.async_fire(
            "mobile_app_notification_action",
            {"action": action},
            context=Context(user_id=user.id),
        )

    press(f"LLM_HUB_APPROVE_{approval_id}", hass_read_only_user)
    press(approve["action"], other)
    press("LLM_HUB_REBOOT_" + approve["action"].rsplit("_", 1)[-1], hass_read_only_user)
    press("SOMETHING_ELSE", hass_read_only_user)
    hass.bus.async_fire("mobile_app_notification_action", {"action": approve["action"]})
    await hass.async_block_till_done()
    pending = await _call(
        hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "small", TOKEN: approval_id}
    )
    assert len(phone()) == 1
    press(approve["action"], hass_read_only_user)
    await hass.async_block_till_done()
    ran = await _call(
        hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "small", TOKEN: approval_id}
    )

    assert push["title"] == f"Approve {hubs.BREW}?"
    assert push["message"].startswith(
        f"{hass_read_only_user.name} asked through test to run {hubs.BREW} with LLM Hub Kitchen. "
    )
    assert push["message"].endswith('\n\nArguments:\nsize: "small"\ncups: 1')
    assert push["data"] == {
        "tag": tag,
        "actions": [approve, deny],
        # A user who is no administrator decides in the panel of approvals alone.
        "url": "/llm_hub_approvals",
        "clickAction": "/llm_hub_approvals",
    }
    assert (approve["title"], deny["title"]) == ("Approve", "Deny")
    assert approval_id not in approve["action"]
    assert pending.data["status"] == "approval_pending"
    assert "the user may not decide it" in caplog.text
    assert not ran.error
    assert len(calls) == 1
    # Approved: the phone's notification is cleared, and so is Home Assistant's.
    assert phone()[1:] == [_cleared(tag)]
    assert tag not in await _notifications(hass, client)

    # Denied by the admin's button: cleared too.
    asked = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "large"})
    await hass.async_block_till_done()
    press(phone()[-1]["data"]["actions"][1]["action"], hass_admin_user)
    await hass.async_block_till_done()
    denied = await _call(
        hass,
        brew_hub,
        hass_read_only_user.id,
        hubs.BREW,
        {"size": "large", TOKEN: asked.data[TOKEN]},
    )
    assert "was denied" in str(denied.data["error_text"])
    assert phone()[-1] == _cleared(NOTIFICATION.format(asked.data[TOKEN]))


async def test_phone_button_approves_for_the_hubs_longest(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    garage_home: dict[str, list[ServiceCall]],
    phone: Callable[[], list[dict[str, Any]]],
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Where the hub lets approvals be remembered and the call's targets are followed, the
    phone gets a third button between the two: "Approve for 30 min", the hub's longest. It
    approves the call and remembers it for that long: the same call runs again unasked."""
    assert await async_setup_component(hass, "persistent_notification", {})
    entry = await hubs.async_add_hub(
        hass,
        "Garage",
        {
            CONF_LLM_HASS_API: ["assist"],
            const.CONF_ASK_DEVICE_CLASSES: ["garage"],
            const.CONF_APPROVAL_REMEMBER: 30,
            const.CONF_APPROVAL_NOTIFY_SERVICE: "notify.mobile_app_phone",
        },
    )
    client = await hass_ws_client(hass)
    user = hass_read_only_user.id
    garage = {"name": "Garage door"}
    asked = await _call(hass, entry, user, "intent__HassTurnOn", garage)
    await hass.async_block_till_done()
    [push] = phone()
    approve, remember, deny = push["data"]["actions"]

    hass.bus.async_fire(
        "mobile_app_notification_action",
        {"action": remember["action"]},
        context=Context(user_id=user),
    )
    await hass.async_block_till_done()
    [remembered] = (await _ws(client, "list"))["result"]["remembered"]
    again = await _call(hass, entry, user, "intent__HassTurnOn", garage)
    await hass.async_block_till_done()

    assert (approve["title"], remember["title"], deny["title"]) == (
        "Approve",
        "Approve for 30 min",
        "Deny",
    )
    assert remember["action"] == approve["action"].replace("_APPROVE_", "_REMEMBER_")
    assert remembered["approval_id"] == asked.data[TOKEN]
    assert remembered["until"] == (dt_util.utcnow() + timedelta(minutes=30)).isoformat()
    assert not again.error
    assert len(garage_home["cover.open_cover"]) == 1


async def test_notifications_in_home_assistants_language(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    phone: Callable[[], list[dict[str, Any]]],
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Home Assistant set to German: the notification and the phone's buttons are German.

    What the model wrote (the arguments) and names (tool, hub, user) are shown as they are.
    """
    hass.config.language = "de"
    options = SAFETY | {
        const.CONF_CONFIRM_TOOLS: [hubs.BREW],
        const.CONF_APPROVAL_TIMEOUT: 60,
        const.CONF_APPROVAL_NOTIFY_SERVICE: "notify.mobile_app_phone",
    }
    await hubs.async_set_options(hass, brew_hub, "safety", options)
    client = await hass_ws_client(hass)

    asked = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "small"})
    notifications = await _notifications(hass, client)
    approval_id = str(asked.data[TOKEN])
    [approval] = hass.data[DATA_APPROVALS].visible_to(hass_admin_user)
    until = dt_util.as_local(approval.expires).strftime("%H:%M:%S")
    [push] = phone()

    asked_text = (
        f"{hass_read_only_user.name} möchte über test {hubs.BREW} mit LLM Hub Kitchen ausführen. "
        f"Die Anfrage wartet 60 s auf eine Genehmigung, bis {until} ({hass.config.time_zone})."
    )
    arguments = 'size: "small"\ncups: 1'
    notification = notifications[NOTIFICATION.format(approval_id)]
    assert notification["title"] == push["title"] == f"{hubs.BREW} genehmigen?"
    assert notification["message"] == (
        f"{asked_text}\n\nArgumente:\n```text\n{arguments}\n```\n\n"
        f"Genehmigungs-ID: `{approval_id}`. Ein Administrator oder {hass_read_only_user.name} "
        "kann sie in den [Genehmigungen von LLM Hub](/llm_hub_approvals) oder in der "
        "Benachrichtigung auf dem Smartphone genehmigen oder ablehnen."
    )
    assert push["message"] == f"{asked_text}\n\nArgumente:\n{arguments}"
    approve, deny = push["data"]["actions"]
    assert (approve["title"], deny["title"]) == ("Genehmigen", "Ablehnen")
    # The buttons still decide: only their titles are translated.
    assert approve["action"].startswith("LLM_HUB_APPROVE_")


async def test_phone_cleared_when_expired_voided_or_decided_at_once(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    phone: Callable[[], list[dict[str, Any]]],
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    freezer: FrozenDateTimeFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An approval that expires or is voided (its hub reloads) leaves nothing on the phone.

    One decided while its notification went out is cleared as soon as it was sent.
    """
    options = SAFETY | {
        const.CONF_CONFIRM_TOOLS: [hubs.BREW],
        const.CONF_APPROVAL_NOTIFY_SERVICE: "notify.mobile_app_phone",
    }
    await hubs.async_set_options(hass, brew_hub, "safety", options)
    user = hass_read_only_user.id
    small = {"size": "small"}
    expiring = NOTIFICATION.format(
        (await _call(hass, brew_hub, user, hubs.BREW, small)).data[TOKEN]
    )
    await hass.async_block_till_done()
    freezer.tick(timedelta(minutes=6))
    async_fire_time_changed(hass)
    await hass.async_block_till_done()
    assert [push.get("data", {}).get("tag") for push in phone()] == [expiring, expiring]
    assert phone()[-1] == _cleared(expiring)

    voided = NOTIFICATION.format((await _call(hass, brew_hub, user, hubs.BREW, small)).data[TOKEN])
    await hass.async_block_till_done()
    await hubs.async_set_options(
        hass, brew_hub, "safety", options | {const.CONF_APPROVAL_TIMEOUT: 60}
    )
    await hass.async_block_till_done()
    assert phone()[-1] == _cleared(voided)

    approvals = hass.data[DATA_APPROVALS]
    client = await hass_ws_client(hass)

    def request(size: str, notify_service: str = "notify.mobile_app_phone") -> Approval:
        approval = approvals.async_request(
            api_id=hubs.hub_id(brew_hub),
            hub_name="Kitchen",
            tool=hubs.BREW,
            arguments={"size": size},
            binding=size,
            user_id=user,
            platform="test",
            timeout=300,
            notify_service=notify_service,
        )
        assert approval is not None
        return approval

    # Decided before it was announced (looking up the user took a moment): nothing is shown.
    get_user = hass.auth.async_get_user

    async def slow_get_user(user_id: str) -> MockUser | None:
        await asyncio.sleep(0)
        return await get_user(user_id)  # type: ignore[return-value]

    monkeypatch.setattr(hass.auth, "async_get_user", slow_get_user)
    early = request("medium")
    approvals.async_decide(early.approval_id, hass_read_only_user, approve=True)
    await hass.async_block_till_done()
    assert phone()[-1] == _cleared(voided)
    assert NOTIFICATION.format(early.approval_id) not in await _notifications(hass, client)
    monkeypatch.undo()

    # Decided while the push was on its way: cleared once it was sent.
    sent: list[dict[str, Any]] = []

    async def deciding_phone(call: ServiceCall) -> None:
        sent.append(dict(call.data))
        if call.data["message"] != "clear_notification":
            tag = call.data["data"]["tag"]
            [pending] = [
                a for a in approvals.visible_to(hass_read_only_user) if a.status == "pending"
            ]
            assert tag == NOTIFICATION.format(pending.approval_id)
            approvals.async_decide(pending.approval_id, hass_read_only_user, approve=False)

    hass.services.async_register("notify", "mobile_app_other", deciding_phone)
    sending = request("small", "notify.mobile_app_other")
    await hass.async_block_till_done()
    tag = NOTIFICATION.format(sending.approval_id)
    assert [push["data"]["tag"] for push in sent] == [tag, tag]
    assert sent[1] == _cleared(tag)


async def test_other_notify_service_gets_text_and_a_link(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A notify action that is not the mobile app's gets no buttons: the text and a link."""
    sent = async_mock_service(hass, "notify", "chat")
    options = SAFETY | {
        const.CONF_CONFIRM_TOOLS: [hubs.BREW],
        const.CONF_APPROVAL_NOTIFY_SERVICE: "notify.chat",
    }
    await hubs.async_set_options(hass, brew_hub, "safety", options)

    monkeypatch.setattr(hass.config, "api", None)  # no URL of Home Assistant is known
    mine = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "small"})
    await hass.async_block_till_done()
    await async_process_ha_core_config(hass, {"internal_url": "http://ha.local:8123"})
    await _call(hass, brew_hub, hass_admin_user.id, hubs.BREW, {"size": "small"})
    await hass.async_block_till_done()
    hass.data[DATA_APPROVALS].async_decide(str(mine.data[TOKEN]), hass_read_only_user, approve=True)
    await hass.async_block_till_done()

    # No URL of Home Assistant known yet: the path; then the URL. Deciding sends nothing.
    assert [call.data for call in sent] == [
        {
            "title": f"Approve {hubs.BREW}?",
            "message": sent[0].data["message"].split("\n\n")[0]
            + '\n\nArguments:\nsize: "small"\ncups: 1\n\nApprove or deny it in Home '
            "Assistant: /llm_hub_approvals",
        },
        {
            "title": f"Approve {hubs.BREW}?",
            "message": sent[1].data["message"].split("\n\n")[0]
            + '\n\nArguments:\nsize: "small"\ncups: 1\n\nApprove or deny it in Home '
            "Assistant: http://ha.local:8123/llm_hub/approvals",
        },
    ]
    assert sent[0].data["message"].startswith(f"{hass_read_only_user.name} asked through test")

    # A notify action that fails leaves the persistent notification.
    hass.services.async_remove("notify", "chat")
    asked = await _call(hass, brew_hub, hass_read_only_user.id, hubs.BREW, {"size": "large"})
    await hass.async_block_till_done()
    assert "could not send approval" in caplog.text
    assert asked.data[TOKEN]
    assert hass.data[DATA_APPROVALS].visible_to(hass_read_only_user)[-1].phone is None


async def test_refuse_without_conversation(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """With the option "refuse", calls without a conversation are refused, nobody asked."""
    options = SAFETY | {
        const.CONF_CONFIRM_TOOLS: [hubs.BREW],
        const.CONF_CONFIRM_WITHOUT_CONVERSATION: "refuse",
    }
    await hubs.async_set_options(hass, brew_hub, "safety", options)

    refused = await _call(hass, brew_hub, hass_admin_user.id, hubs.BREW, {"size": "small"})

    assert refused.error
    assert refused.data == {
        "error": "ConfirmationUnavailable",
        "error_text": "Only in a conversation with a Home Assistant assistant does this LLM API "
        f"take the user's confirmation of tool {hubs.BREW}, so the tool did not run. Tell the user "
        "to ask for it there.",
    }
    assert hass.data[DATA_APPROVALS].visible_to(hass_admin_user) == []
    assert calls == []


async def test_reload_forgets_the_hubs_approvals(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A hub that reloads (its options changed) forgets its approvals and their notices."""
    client = await hass_ws_client(hass)
    asked = await _call(hass, brew_hub, hass_admin_user.id, hubs.BREW, {"size": "small"})
    await _ws(client, "approve", approval_id=asked.data[TOKEN])

    options = SAFETY | {const.CONF_CONFIRM_TOOLS: [hubs.BREW], const.CONF_APPROVAL_TIMEOUT: 60}
    await hubs.async_set_options(hass, brew_hub, "safety", options)
    refused = await _call(
        hass, brew_hub, hass_admin_user.id, hubs.BREW, {"size": "small", TOKEN: asked.data[TOKEN]}
    )
    forgotten = asked.data[TOKEN]
    asked = await _call(hass, brew_hub, hass_admin_user.id, hubs.BREW, {"size": "small"})

    assert refused.data["error"] == "ApprovalRefused"
    notifications = await _notifications(hass, client)
    assert NOTIFICATION.format(forgotten) not in notifications
    assert NOTIFICATION.format(asked.data[TOKEN]) in notifications
    [approval] = (await _ws(client, "list"))["result"]["approvals"]
    created = dt_util.parse_datetime(approval["created"])
    assert created is not None
    assert dt_util.parse_datetime(str(asked.data["expires"])) == created + timedelta(seconds=60)


async def test_what_is_not_protected_section_saving_or_deleting_a_tool_forgets_approvals(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """docs/confirmation.md, "What is not protected": saving a tool made in the UI, or
    deleting it, reloads the hub, which forgets its pending approvals."""
    client = await hass_ws_client(hass)
    await _call(hass, brew_hub, hass_admin_user.id, hubs.BREW, {"size": "small"})
    assert len((await _ws(client, "list"))["result"]["approvals"]) == 1

    subentry_id = await async_add_tool(hass, brew_hub, "template", LIGHTS_ON_FORM)
    after_save = (await _ws(client, "list"))["result"]["approvals"]
    await _call(hass, brew_hub, hass_admin_user.id, hubs.BREW, {"size": "small"})
    assert len((await _ws(client, "list"))["result"]["approvals"]) == 1
    assert hass.config_entries.async_remove_subentry(brew_hub, subentry_id)
    await hass.async_block_till_done()
    after_delete = (await _ws(client, "list"))["result"]["approvals"]

    assert after_save == []
    assert after_delete == []


async def test_subscribe_and_websocket_tool_call(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A subscription gets the list now and on every change; ``llm_hub/tool/call`` asks too."""
    client = await hass_ws_client(hass)
    subscribed = await _ws(client, "subscribe")
    initial = await client.receive_json()

    await client.send_json_auto_id(
        {
            "type": "llm_hub/tool/call",
            "api_id": hubs.hub_id(brew_hub),
            "tool_name": hubs.BREW,
            "tool_args": {"size": "small"},
        }
    )
    messages = [await client.receive_json() for _ in range(3)]
    [called] = [message for message in messages if message["type"] == "result"]
    added, named = [message["event"] for message in messages if message["type"] == "event"]

    assert subscribed["success"]
    assert initial["event"] == {"approvals": [], "remembered": []}
    [approval] = added["approvals"]
    assert approval["platform"] == "llm_hub"
    # Once announced, the subscription hears who asked and through what, in words.
    assert (named["approvals"][0]["user_name"], named["approvals"][0]["through"]) == (
        hass_admin_user.name,
        "LLM Hub",
    )
    notifications = await _notifications(hass, await hass_ws_client(hass))
    told = notifications[NOTIFICATION.format(approval["approval_id"])]["message"]
    assert " asked through LLM Hub to run " in told  # the integration's name, not its domain
    assert called["result"]["outcome"] == "needs_confirmation"
    assert called["result"]["result"]["data"][TOKEN] == approval["approval_id"]

    await client.send_json_auto_id({"type": "unsubscribe_events", "subscription": subscribed["id"]})
    assert (await client.receive_json())["success"]


async def test_options_show_and_keep_approval_settings(
    hass: HomeAssistant, brew_hub: MockConfigEntry
) -> None:
    """The safety step offers the approval settings with their defaults and saves them."""
    async_mock_service(hass, "notify", "phone")
    result = await hass.config_entries.options.async_init(brew_hub.entry_id)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "safety"}
    )
    assert result["data_schema"] is not None
    schema = result["data_schema"].schema
    suggested = {
        str(key): (key.description or {}).get("suggested_value")
        for key in schema
        if str(key)
        in {
            const.CONF_CONFIRM_WITHOUT_CONVERSATION,
            const.CONF_APPROVAL_TIMEOUT,
            const.CONF_APPROVAL_NOTIFY_SERVICE,
        }
    }
    notify = next(v for k, v in schema.items() if str(k) == const.CONF_APPROVAL_NOTIFY_SERVICE)

    assert suggested == {
        const.CONF_CONFIRM_WITHOUT_CONVERSATION: "approve",
        const.CONF_APPROVAL_TIMEOUT: 300,
        const.CONF_APPROVAL_NOTIFY_SERVICE: None,
    }
    assert notify.config["options"] == ["notify.phone"]

    options = await hubs.async_set_options(
        hass,
        brew_hub,
        "safety",
        SAFETY
        | {
            const.CONF_CONFIRM_WITHOUT_CONVERSATION: "refuse",
            const.CONF_APPROVAL_TIMEOUT: 120.0,
            const.CONF_APPROVAL_NOTIFY_SERVICE: "notify.phone",
        },
    )
    hub_options = brew_hub.runtime_data.api.options
    assert options[const.CONF_CONFIRM_WITHOUT_CONVERSATION] == "refuse"
    assert (
        hub_options.confirm_without_conversation,
        hub_options.approval_timeout,
        hub_options.approval_notify_service,
    ) == ("refuse", 120, "notify.phone")


async def test_options_warn_that_other_notify_actions_get_no_buttons(
    hass: HomeAssistant, brew_hub: MockConfigEntry
) -> None:
    """Send approvals to a notify action not the mobile app's: the menu warns, the option stays.

    The safety step's words say which actions get buttons; a mobile app's action is no warning.
    """
    async_mock_service(hass, "notify", "chat")
    async_mock_service(hass, "notify", "mobile_app_phone")
    warnings = {}
    for action in ("notify.chat", "notify.mobile_app_phone"):
        flow = await hass.config_entries.options.async_init(brew_hub.entry_id)
        flow = await hass.config_entries.options.async_configure(
            flow["flow_id"], {"next_step_id": "safety"}
        )
        options = SAFETY | {
            const.CONF_CONFIRM_TOOLS: [hubs.BREW],
            const.CONF_APPROVAL_NOTIFY_SERVICE: action,
        }
        menu = await hass.config_entries.options.async_configure(flow["flow_id"], options)
        warnings[action] = (menu.get("description_placeholders") or {})["warning"]
        saved = await hass.config_entries.options.async_configure(
            menu["flow_id"], {"next_step_id": "save"}
        )
        await hass.async_block_till_done()
        assert saved["type"] == "create_entry", saved
        assert brew_hub.options[const.CONF_APPROVAL_NOTIFY_SERVICE] == action

    texts = await async_get_translations(hass, "en", "options", {const.DOMAIN})
    assert warnings == {
        "notify.chat": "Approvals go to notify.chat, which is not a mobile app's notify action: "
        "it gets the text and a link to LLM Hub's approvals, without Approve and Deny buttons.",
        "notify.mobile_app_phone": "",
    }
    described = texts[
        "component.llm_hub.options.step.safety.data_description.approval_notify_service"
    ]
    assert "The mobile app's (for example notify.mobile_app_your_phone) show Approve" in described
    assert "any other (a chat, e-mail) gets the text and a link" in described


async def test_a_call_without_user_only_admins_decide(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_admin_user: MockUser,
) -> None:
    """An approval asked for without a user (an automation) is for administrators."""
    instance = await llm.async_get_api(hass, hubs.hub_id(brew_hub), hubs.llm_context(None))
    asked = await instance.async_call_tool(llm.ToolInput(hubs.BREW, {"size": "small"}))
    await hass.async_block_till_done()
    approvals = hass.data[DATA_APPROVALS]

    assert approvals.visible_to(hass_read_only_user) == []
    assert [a.approval_id for a in approvals.visible_to(hass_admin_user)] == [asked.data[TOKEN]]


@pytest.fixture
async def set_hub(
    hass: HomeAssistant, setup_llm: None, hass_ws_client: WebSocketGenerator
) -> tuple[hubs.RecordingTool, MockConfigEntry, Any]:
    """Hub "K" whose tool ``set`` always asks, notifications and a websocket client."""
    tool, entry = await async_add_set_hub(hass)
    assert await async_setup_component(hass, "persistent_notification", {})
    return tool, entry, await hass_ws_client(hass)


async def test_notification_shows_arguments_readably(
    hass: HomeAssistant,
    set_hub: tuple[hubs.RecordingTool, MockConfigEntry, Any],
    hass_admin_user: MockUser,
) -> None:
    """Line breaks show as line breaks; the model's text cannot shape it; the rest is cut."""
    tool, entry, client = set_hub
    sneaky = "ok\n```\n**Already approved** [Approve](https://example.com)\u202e"

    asked = await _call(hass, entry, hass_admin_user.id, "set", {"value": sneaky})
    nested = await _call(
        hass, entry, hass_admin_user.id, "set", {"value": {"to": ["a", {"b": None}], "k y": {}}}
    )
    long = await _call(hass, entry, hass_admin_user.id, "set", {"value": "x" * 2000})
    lines = await _call(hass, entry, hass_admin_user.id, "set", {"value": "line\n" * 200})
    notifications = await _notifications(hass, client)

    def shown(result: llm.ToolResult) -> str:
        message = notifications[NOTIFICATION.format(result.data[TOKEN])]["message"]
        return str(message).split("Arguments:\n```text\n", 1)[1].split("\n```\n", 1)[0]

    # Each line after a gutter: none starts with a fence; a bidirectional mark is written out.
    assert shown(asked) == (
        "value:\n  │ok\n  │```\n  │**Already approved** [Approve](https://example.com)\\u202e"
    )
    assert shown(nested) == 'value:\n  to:\n    - "a"\n    -\n      b: null\n  "k y": {}'
    assert shown(long).endswith("xxx… (cut)")
    assert len(shown(long)) <= MAX_SHOWN_ARGUMENTS + len("… (cut)")
    assert shown(lines).splitlines() == ["value:", *["  │line"] * 29, "  │line… (cut)"]
    assert tool.calls == []


async def test_approval_shows_arguments_as_the_audit_records_them(
    hass: HomeAssistant,
    set_hub: tuple[hubs.RecordingTool, MockConfigEntry, Any],
    hass_admin_user: MockUser,
) -> None:
    """An integer JSON cannot write is marked, a secret however spelled is redacted."""
    tool, entry, client = set_hub

    asked = await _call(hass, entry, hass_admin_user.id, "set", {"value": {"Api-Key": 10**40}})
    notifications = await _notifications(hass, client)

    message = notifications[NOTIFICATION.format(asked.data[TOKEN])]["message"]
    assert 'value:\n  Api-Key: "**REDACTED**"\n' in message
    asked = await _call(hass, entry, hass_admin_user.id, "set", {"value": 10**40})
    notifications = await _notifications(hass, client)

    message = notifications[NOTIFICATION.format(asked.data[TOKEN])]["message"]
    assert 'value: "<cut: an integer of 133 bits>"\n' in message
    assert tool.calls == []


async def test_notification_names_what_the_call_acts_on(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    area_registry: ar.AreaRegistry,
    entity_registry: er.EntityRegistry,
) -> None:
    """An Assist intent tool's name and area are matched as Home Assistant matches them.

    A tool titled for the front door, called for the back door, says "Back door"; what
    matches nothing is shown as the model gave it, as Markdown that cannot link.
    """
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "intent", {})
    assert await async_setup_component(hass, "persistent_notification", {})
    turn_on = "intent__HassTurnOn"
    sent = async_mock_service(hass, "notify", "chat")
    entry = await hubs.async_add_hub(
        hass,
        "Home",
        {
            CONF_LLM_HASS_API: ["assist"],
            const.CONF_CONFIRM_TOOLS: [turn_on],
            const.CONF_APPROVAL_NOTIFY_SERVICE: "notify.chat",
        },
    )
    kitchen = area_registry.async_create("Kitchen")
    for name in ("Ceiling", "Counter"):
        entity = entity_registry.async_get_or_create(
            "light", "test", name, suggested_object_id=name
        )
        entity_registry.async_update_entity(entity.entity_id, area_id=kitchen.id)
        hass.states.async_set(entity.entity_id, "off", {"friendly_name": f"Kitchen {name}"})
    hass.states.async_set("lock.front_door", "locked", {"friendly_name": "Front door"})
    hass.states.async_set("lock.back_door", "locked", {"friendly_name": "Back door"})
    for number in range(12):
        hass.states.async_set(f"switch.lamp_{number:02}", "off", {"friendly_name": "Lamp"})
    client = await hass_ws_client(hass)
    user = hass_admin_user.id

    door = await _call(hass, entry, user, turn_on, {"name": "back door", "domain": ["lock"]})
    area = await _call(hass, entry, user, turn_on, {"area": "kitchen", "domain": "light"})
    lamps = await _call(hass, entry, user, turn_on, {"name": "Lamp"})
    nothing = await _call(hass, entry, user, turn_on, {"name": "[x](https://evil.example)"})
    notifications = await _notifications(hass, client)
    listed = {a["approval_id"]: a for a in (await _ws(client, "list"))["result"]["approvals"]}

    def acts_on(result: llm.ToolResult) -> str:
        message = notifications[NOTIFICATION.format(result.data[TOKEN])]["message"]
        return str(message).split("\n\n")[1]

    assert acts_on(door) == "Acts on:\n- Back door \\(lock\\.back\\_door\\)"
    # The other notify action gets the same in plain text.
    assert "\n\nActs on: Back door (lock.back_door)\n\n" in sent[0].data["message"]
    assert listed[str(door.data[TOKEN])]["targets"] == ["Back door (lock.back_door)"]
    assert listed[str(area.data[TOKEN])]["targets"] == [
        "Kitchen Ceiling (light.ceiling)",
        "Kitchen Counter (light.counter)",
    ]
    assert listed[str(lamps.data[TOKEN])]["targets"] == [
        f"Lamp (switch.lamp_{number:02})" for number in range(10)
    ]
    assert listed[str(lamps.data[TOKEN])]["targets_more"] == 2
    assert acts_on(lamps).endswith("\n- Lamp \\(switch\\.lamp\\_09\\)\n- and 2 more")
    assert listed[str(nothing.data[TOKEN])]["targets"] == []
    assert listed[str(nothing.data[TOKEN])]["targets_unmatched"] == (
        'name "[x](https://evil.example)"'
    )
    assert acts_on(nothing) == (
        "Acts on:\n- nothing Home Assistant knows matches name "
        '\\"\\[x\\]\\(https\\:\\/\\/evil\\.example\\)\\"'
    )


async def _assist_hub(hass: HomeAssistant, notify_service: str) -> MockConfigEntry:
    """Return a hub over Assist whose Turn on asks, announced to ``notify_service``."""
    for component in ("homeassistant", "intent", "persistent_notification"):
        assert await async_setup_component(hass, component, {})
    return await hubs.async_add_hub(
        hass,
        "Home",
        {
            CONF_LLM_HASS_API: ["assist"],
            const.CONF_CONFIRM_TOOLS: ["intent__HassTurnOn"],
            const.CONF_APPROVAL_NOTIFY_SERVICE: notify_service,
        },
    )


async def test_acts_on_in_home_assistants_language(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Home Assistant set to German: "and N more" and "nothing matches" are German too."""
    hass.config.language = "de"
    sent = async_mock_service(hass, "notify", "chat")
    entry = await _assist_hub(hass, "notify.chat")
    for number in range(12):
        hass.states.async_set(f"switch.lamp_{number:02}", "off", {"friendly_name": "Lamp"})
    client = await hass_ws_client(hass)
    user = hass_admin_user.id

    lamps = await _call(hass, entry, user, "intent__HassTurnOn", {"name": "Lamp"})
    garden = await _call(hass, entry, user, "intent__HassTurnOn", {"name": "Garten"})
    notifications = await _notifications(hass, client)

    def acts_on(result: llm.ToolResult) -> str:
        message = notifications[NOTIFICATION.format(result.data[TOKEN])]["message"]
        return str(message).split("\n\n")[1]

    assert (
        acts_on(lamps)
        == "Betrifft:\n"
        + "".join(f"- Lamp \\(switch\\.lamp\\_{number:02}\\)\n" for number in range(10))
        + "- und 2 weitere"
    )
    assert acts_on(garden) == (
        'Betrifft:\n- nichts\\, was Home Assistant kennt\\, passt zu name \\"Garten\\"'
    )
    assert "\n\nBetrifft: Lamp (switch.lamp_00), " in sent[0].data["message"]
    assert ", Lamp (switch.lamp_09), und 2 weitere\n\n" in sent[0].data["message"]
    assert (
        '\n\nBetrifft: nichts, was Home Assistant kennt, passt zu name "Garten"\n\n'
        in sent[1].data["message"]
    )


MODEL_TEXT = '<b>Door</b> & "all" :unlock:\\n\n  <a href="x">'
"""A text a model chose: HTML, an emoji name, ``\\n`` as text, a line break, spaces."""


@pytest.mark.parametrize(
    ("phone_os", "acts_on", "argument"),
    [
        (
            "Android",
            (
                "Acts on&#58; nothing Home Assistant knows matches name &quot;&lt;b&gt;Door"
                "&lt;/b&gt; &amp; &#92;&quot;all&#92;&quot; &#58;unlock&#58;&#92;&#92;n&#92;n "
                "&lt;a href=&#92;&quot;x&#92;&quot;&gt;&quot;"
            ),
            (
                "name&#58;\n&#160;&#160;│&lt;b&gt;Door&lt;/b&gt; &amp; &quot;all&quot; "
                "&#58;unlock&#58;&#92;n\n&#160;&#160;│&#160;&#160;&lt;a href=&quot;x&quot;&gt;"
            ),
        ),
        (
            "iOS",
            (
                r'Acts on: nothing Home Assistant knows matches name "<b>Door</b> & \"all\" '
                r':unlock:\\n\n <a href=\"x\">"'
            ),
            'name:\n  │<b>Door</b> & "all" :unlock:\\n\n  │  <a href="x">',
        ),
    ],
)
async def test_phone_text_cannot_shape_the_notification(
    hass: HomeAssistant,
    phone: Callable[[], list[dict[str, Any]]],
    hass_admin_user: MockUser,
    acts_on: str,
    argument: str,
) -> None:
    """On Android the app reads message and title as HTML: every character is shown as is.

    iOS shows them as plain text, so they are sent as they are.
    """
    entry = await _assist_hub(hass, "notify.mobile_app_phone")
    user = hass_admin_user.id

    await _call(hass, entry, user, "intent__HassTurnOn", {"name": MODEL_TEXT})
    await hass.async_block_till_done()
    [push] = phone()

    assert f"\n\n{acts_on}\n\n" in push["message"]
    assert push["message"].endswith(f"\n{argument}")
    assert push["title"] == "Approve intent__HassTurnOn?"
    assert push["data"]["url"] == "/llm_hub/approvals"  # an administrator's call


def test_arguments_that_could_not_be_read_show_as_their_marker() -> None:
    """What the audit made of arguments it could not read shows as that one value."""
    assert shown_arguments("<cut: the arguments could not be read>") == (
        '"<cut: the arguments could not be read>"'
    )
    assert shown_arguments({}) == "(no arguments)"


def test_durations_for_the_model_are_english_words() -> None:
    """The model reads durations in English words: seconds below two minutes, then minutes."""
    assert [duration(s) for s in (1, 90.5, 120, 300)] == [
        "1 second",
        "90.5 seconds",
        "2 minutes",
        "5 minutes",
    ]


def _pending_sensor(hass: HomeAssistant, entry: MockConfigEntry) -> str:
    """Return the state of the hub's Pending approvals sensor, found by its unique id."""
    entity_id = er.async_get(hass).async_get_entity_id(
        "sensor", const.DOMAIN, f"{entry.entry_id}_pending_approvals"
    )
    assert entity_id is not None
    state = hass.states.get(entity_id)
    assert state is not None
    return state.state


async def test_approval_events_and_pending_sensor_for_automations(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    freezer: FrozenDateTimeFactory,
    calls: list[hubs.Call],
) -> None:
    """An automation can follow approvals: an event when one is requested, decided, used,
    expires or is voided (hub, user, tool, never the arguments), and the hub's sensor counts
    those waiting."""
    client = await hass_ws_client(hass)
    events = async_capture_events(hass, "llm_hub_approval")
    user = hass_admin_user.id
    assert _pending_sensor(hass, brew_hub) == "0"
    state = hass.states.get(
        er.async_get(hass).async_get_entity_id(
            "sensor", const.DOMAIN, f"{brew_hub.entry_id}_pending_approvals"
        )
        or ""
    )
    assert state is not None
    assert state.attributes["friendly_name"] == "Kitchen Pending approvals"

    asked = (await _call(hass, brew_hub, user, hubs.BREW, {"size": "small", "cups": 3})).data[TOKEN]
    late = (await _call(hass, brew_hub, user, hubs.BREW, {"size": "large"})).data[TOKEN]
    await hass.async_block_till_done()
    assert _pending_sensor(hass, brew_hub) == "2"
    await _ws(client, "approve", approval_id=asked)
    await _call(hass, brew_hub, user, hubs.BREW, {"size": "small", "cups": 3, TOKEN: asked})
    freezer.tick(timedelta(minutes=6))
    async_fire_time_changed(hass)
    await hass.async_block_till_done()
    assert _pending_sensor(hass, brew_hub) == "0"
    voided = (await _call(hass, brew_hub, user, hubs.BREW, {"size": "small"})).data[TOKEN]
    await hubs.async_set_options(hass, brew_hub, "safety", SAFETY | {const.CONF_CONFIRM_TOOLS: []})
    await hass.async_block_till_done()

    assert [(event.data["approval_id"], event.data["status"]) for event in events] == [
        (asked, "pending"),
        (late, "pending"),
        (asked, "approved"),
        (asked, "used"),
        (late, "expired"),
        (voided, "pending"),
        (voided, "voided"),
    ]
    first = events[0].data
    assert first == {
        "approval_id": asked,
        "status": "pending",
        "api_id": hubs.hub_id(brew_hub),
        "hub_name": "Kitchen",
        "tool_name": hubs.BREW,
        "user_id": user,
        "acts_on": [],
        "platform": first["platform"],
        "agent_id": None,
        "expires": first["expires"],
        "decided_by": None,
        "remember_until": None,
    }
    assert events[2].data["decided_by"] == user
    assert all("cups" not in str(event.data) for event in events)  # no arguments
    assert len(calls) == 1
