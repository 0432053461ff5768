"""Attacks on confirm by effect: a namesake lock, scripts and scenes that unlock."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_mock_service,
)
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub.confirm.approvals import DATA_APPROVALS
from custom_components.llm_hub.const import (
    CONF_APPROVAL_NOTIFY_SERVICE,
    CONF_APPROVAL_TIMEOUT,
    CONF_ASK_DOMAINS,
    CONF_CONFIRM_TOOLS,
    CONF_SCOPE_AREAS,
    CONF_TIMEOUT,
)
from custom_components.llm_hub.search.meta_tools import CALL_TOOL
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, Event, HomeAssistant, ServiceCall
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    llm,
)
from homeassistant.helpers.json import json_bytes
from homeassistant.setup import async_setup_component

from ..helpers.agent import AgentSetup
from ..helpers.attacks import _call_listed
from ..helpers.confirm import SAFETY, TOKEN, _call, _notifications, _other_user_client, _turn, _ws
from ..helpers.flows import _search_mode, async_add_tool
from ..helpers.hostile import LONE, NOTE, hostile_tools
from ..helpers.hubs import BREW, Call, async_add_hub, async_set_options, hub_id


@pytest.fixture
def contributed_tools(calls: list[Call]) -> list[llm.Tool]:
    """Return the tools of ``hub_tools``: BREW, GRIND and NOTE."""
    return hostile_tools(calls)


def _through_call_tool(arguments: dict[str, Any], call_id: str | None = "first") -> llm.ToolInput:
    """Return a call of BREW through the meta-tool ``call_tool``."""
    return llm.ToolInput(
        tool_name=CALL_TOOL,
        tool_args={"name": BREW, "arguments": arguments},
        id=call_id,  # type: ignore[arg-type]
    )


@pytest.mark.attack
async def test_namesake_lock_unlocked_without_asking(hass: HomeAssistant) -> None:
    """HOLE: two locks named "Front door"; the one in the asking device's area is out of scope.

    The hub (scope: the area Porch; always ask before acting on locks) resolves the call's
    targets for confirmation with the out-of-scope lock exposed: the preferred area picks
    lock.front_hall, which it then drops as out of scope, so "nothing in the set" and no
    question. The scoped call then treats the hall lock as not exposed, matches again and
    unlocks lock.front_porch, a lock, without asking.
    """
    for component in ("homeassistant", "intent", "llm", "conversation"):
        assert await async_setup_component(hass, component, {})
    areas = ar.async_get(hass)
    hall, porch = areas.async_create("Hall"), areas.async_create("Porch")
    registry = er.async_get(hass)
    for object_id, area in (("front_hall", hall), ("front_porch", porch)):
        entry = registry.async_get_or_create(
            "lock", "test", object_id, suggested_object_id=object_id, original_name="Front door"
        )
        registry.async_update_entity(entry.entity_id, area_id=area.id)
        hass.states.async_set(entry.entity_id, "locked", {"friendly_name": "Front door"})
        async_expose_entity(hass, "conversation", entry.entity_id, should_expose=True)
    unlocked = async_mock_service(hass, "lock", "unlock")
    owner = MockConfigEntry(domain="test")
    owner.add_to_hass(hass)
    satellite = dr.async_get(hass).async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("test", "sat")}, name="Hall satellite"
    )
    dr.async_get(hass).async_update_device(satellite.id, area_id=hall.id)
    hub = await async_add_hub(
        hass,
        "Porch",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_AREAS: [porch.id], CONF_ASK_DOMAINS: ["lock"]},
    )
    context = llm.LLMContext(
        platform="test",
        context=Context(),
        language="en",
        assistant="conversation",
        device_id=satellite.id,
    )

    result = await _call_listed(hass, hub, "HassTurnOff", {"name": "Front door"}, context)

    assert [call.data for call in unlocked] == [], "a lock was unlocked without asking"
    assert result.data.get("status") == "approval_required", result.data


@pytest.mark.attack
async def test_lock_through_a_ui_script_tool_asks(hass: HomeAssistant) -> None:
    """HELD: an action tool that runs a script by ``script.turn_on`` that unlocks asks first."""
    for component in ("homeassistant", "intent", "llm"):
        assert await async_setup_component(hass, component, {})
    hass.states.async_set("lock.front_door", "locked", {"friendly_name": "Front door"})
    unlocked = async_mock_service(hass, "lock", "unlock")
    assert await async_setup_component(
        hass,
        "script",
        {
            "script": {
                "quiet": {
                    "sequence": [
                        {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}
                    ]
                }
            }
        },
    )
    await hass.async_block_till_done()
    hub = await async_add_hub(hass, "Hub", {CONF_ASK_DOMAINS: ["lock"]})
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Quiet",
            "description": "Runs quiet.",
            "actions": [{"action": "script.turn_on", "target": {"entity_id": "script.quiet"}}],
        },
    )

    result = await _call_listed(hass, hub, "quiet", {})

    assert result.data.get("status") == "approval_required"
    assert unlocked == []


@pytest.mark.attack
async def test_turn_on_of_an_unlocking_script_asks(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """FIXED: with locks in the set, script__unlock_front asks, and so does intent HassTurnOn
    of the same script (Home Assistant runs it; it unlocked at once)."""
    entry = await async_add_hub(
        hass, "Hub", {CONF_LLM_HASS_API: ["assist"], CONF_ASK_DOMAINS: ["lock"]}
    )
    direct = await _call_listed(hass, entry, "script__unlock_front", {})
    assert direct.data.get("status") == "approval_required"  # HELD: the script's tool asks

    result = await _call_listed(hass, entry, "HassTurnOn", {"name": "unlock_front"})

    assert effect_home["lock.unlock"] == [], f"unlocked without asking: {result.data}"
    assert result.data.get("status") == "approval_required"


@pytest.mark.attack
async def test_held_scene_by_area_asks(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """HELD: HassTurnOn of the scenes of an area, one unlocking, asks with locks in the set."""
    from homeassistant.helpers import area_registry as ar  # noqa: PLC0415

    assert await async_setup_component(
        hass,
        "scene",
        {"scene": [{"id": "ev", "name": "Ev", "entities": {"lock.front_door": "unlocked"}}]},
    )
    await hass.async_block_till_done()
    hall = ar.async_get(hass).async_get_area_by_name("Hall")
    assert hall is not None
    er.async_get(hass).async_update_entity("scene.ev", area_id=hall.id)
    async_expose_entity(hass, "conversation", "scene.ev", should_expose=True)
    entry = await async_add_hub(
        hass, "Hub", {CONF_LLM_HASS_API: ["assist"], CONF_ASK_DOMAINS: ["lock"]}
    )
    result = await _call_listed(hass, entry, "HassTurnOn", {"area": "Hall", "domain": ["scene"]})
    assert effect_home["lock.unlock"] == [], f"unlocked without asking: {result.data}"
    assert result.data.get("status") == "approval_required", result.data


@pytest.mark.attack
async def test_other_users_approval_is_neither_seen_nor_decided(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
    calls: list[Call],
) -> None:
    """Another non-admin lists, subscribes to, approves and denies someone else's approval."""
    asked = await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "large"})
    approval_id = asked.data[TOKEN]
    _, other = await _other_user_client(hass, hass_ws_client)

    await other.send_json_auto_id({"type": "llm_hub/approvals/subscribe"})
    subscribed = await other.receive_json()
    first = await other.receive_json()
    approve = await _ws(other, "approve", approval_id=approval_id)
    deny = await _ws(other, "deny", approval_id=approval_id)
    ran = await _call(
        hass, brew_hub, hass_read_only_user.id, BREW, {"size": "large", TOKEN: approval_id}
    )

    assert subscribed["success"]
    assert first["event"] == {"approvals": []}
    assert approve["error"]["code"] == deny["error"]["code"] == "unauthorized"
    assert ran.data["status"] == "approval_pending"
    assert calls == []


@pytest.mark.attack
@pytest.mark.parametrize(
    "action",
    ["LLM_HUB_APPROVE_\u00e9t\u00e9", "LLM_HUB_DENY_\ud800", "LLM_HUB_APPROVE_", "LLM_HUB_"],
)
async def test_forged_notification_action_with_any_text(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    action: str,
) -> None:
    """Another phone (any user with the mobile app can fire events) sends odd action texts.

    Nothing is decided, and the listener does not raise.
    """
    await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "large"})
    approvals = hass.data[DATA_APPROVALS]
    approvals.async_notification_action(
        Event(
            "mobile_app_notification_action",
            {"action": action},
            context=Context(user_id=hass_read_only_user.id),
        )
    )
    await hass.async_block_till_done()
    assert [a.status for a in approvals.visible_to(hass_read_only_user)] == ["pending"]


@pytest.mark.attack
async def test_lone_surrogate_in_an_approval(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """An MCP client's model asks for approval of a call with a lone surrogate.

    The person must still get the notification, and the admins' list of approvals must
    still load (one such approval must not break it for every approval).
    """
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [NOTE]})
    assert await async_setup_component(hass, "persistent_notification", {})
    client = await hass_ws_client(hass)
    asked = await _call(hass, hub, hass_read_only_user.id, NOTE, {"text": LONE})
    approval_id = asked.data[TOKEN]
    notifications = await _notifications(hass, client)
    listed = await _ws(client, "list")
    assert f"llm_hub_approval_{approval_id}" in notifications
    assert [a["approval_id"] for a in listed["result"]["approvals"]] == [approval_id]


@pytest.mark.attack
@pytest.mark.parametrize(
    "arguments", [{"text": LONE}, {"text": "x", "count": 2**70}, {"text": "x", "count": -(2**64)}]
)
async def test_text_and_numbers_json_refuses_in_a_conversation(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[Call],
    arguments: dict[str, Any],
) -> None:
    """A conversation agent's model sends a lone surrogate or an integer beyond 64 bits.

    To a tool that needs confirming: the model must be asked to confirm (the question shows
    the arguments as JSON), and the call must not crash the conversation.
    """
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [NOTE]})
    agent = await setup_agent(hub_id(hub))
    _, [asked] = await _turn(agent, hass_admin_user, [llm.ToolInput(NOTE, arguments)])
    assert asked.data["error"] == "ConfirmationRequired"
    assert calls == []


@pytest.mark.attack
async def test_hand_edited_huge_times(
    hass: HomeAssistant, hub: MockConfigEntry, hass_read_only_user: MockUser, calls: list[Call]
) -> None:
    """Storage holds an approval time and a call timeout of 10**12 s (beyond what dates hold).

    A call that needs approval still waits for it, and one that does not still runs.
    """
    hass.config_entries.async_update_entry(
        hub,
        options={
            **hub.options,
            CONF_CONFIRM_TOOLS: [NOTE],
            CONF_APPROVAL_TIMEOUT: 1e12,
            CONF_TIMEOUT: 1e300,
        },
    )
    await hass.config_entries.async_reload(hub.entry_id)
    asked = await _call(hass, hub, hass_read_only_user.id, NOTE, {"text": "hello"})
    ran = await _call(hass, hub, hass_read_only_user.id, BREW, {"size": "large"})
    await hass.async_block_till_done()
    assert asked.data["status"] == "approval_required"
    assert not ran.error
    assert [call[0] for call in calls] == [BREW]


@pytest.mark.attack
async def test_notification_keeps_the_models_text_in_its_code_block(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The model's text tries to close the code block and add a link of its own."""
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [NOTE]})
    assert await async_setup_component(hass, "persistent_notification", {})
    client = await hass_ws_client(hass)
    text = "```\n\n[Approve here](https://evil.example/)\n\n```json\r\n~~~\n"
    asked = await _call(hass, hub, hass_read_only_user.id, NOTE, {"text": text})
    notifications = await _notifications(hass, client)
    message = notifications[f"llm_hub_approval_{asked.data[TOKEN]}"]["message"]
    fences = [line for line in message.splitlines() if line.lstrip().startswith(("```", "~~~"))]
    assert fences == ["```text", "```"]
    assert "\n[Approve here]" not in message
    # Its lines show as lines, each after the gutter that keeps them in the block.
    assert "  │```\n  │\n  │[Approve here](https://evil.example/)\n  │\n  │```json\n" in message


@pytest.mark.attack
async def test_search_mode_call_tool_cannot_confirm_in_the_same_turn(
    hass: HomeAssistant,
    setup_agent: AgentSetup,
    hub: MockConfigEntry,
    hass_admin_user: MockUser,
    calls: list[Call],
) -> None:
    """In search mode the model calls BREW through call_tool, then again with the token.

    Both in one turn: the second call is refused; the token works in the user's next turn.
    """
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [BREW]})
    await _search_mode(hass, hub)
    agent = await setup_agent(hub_id(hub))

    def again(results: list[Any]) -> list[llm.ToolInput]:
        token = results[0].result.data[TOKEN]
        return [_through_call_tool({"size": "large", TOKEN: token}, "second")]

    conversation_id, [asked, refused] = await _turn(
        agent, hass_admin_user, [_through_call_tool({"size": "large"})], follow_up=again
    )
    token = asked.data[TOKEN]
    # The model tries its own call id again, and no id at all: neither confirms.
    _, [by_id, no_id] = await _turn(
        agent,
        hass_admin_user,
        [
            _through_call_tool({"size": "large"}, "first"),
            _through_call_tool({"size": "large"}, None),
        ],
        conversation_id,
    )
    _, [ran] = await _turn(
        agent,
        hass_admin_user,
        [_through_call_tool({"size": "large", TOKEN: token})],
        conversation_id,
    )

    assert asked.data["error"] == "ConfirmationRequired"
    assert refused.data["error"] == "ConfirmationRefused"
    assert by_id.data["error"] == no_id.data["error"] == "ConfirmationRequired"
    assert not ran.error
    assert calls == [(BREW, {"size": "large", "cups": 1}, hass_admin_user.id)]


@pytest.mark.attack
async def test_no_service_decides_approvals(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
) -> None:
    """A tool made in the UI can call any action: LLM Hub offers none that decides approvals.

    And the secret of the Approve / Deny buttons is in nothing the model gets.
    """
    asked = await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "large"})
    [approval] = hass.data[DATA_APPROVALS].visible_to(hass_read_only_user)
    assert hass.services.async_services_for_domain("llm_hub") == {}
    assert approval.action_key not in json_bytes(asked.data).decode()


@pytest.mark.attack
async def test_deactivated_users_phone_cannot_approve(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    calls: list[Call],
) -> None:
    """The user is deactivated; their phone (the mobile app's webhooks go on) presses Approve."""
    sent = async_mock_service(hass, "notify", "mobile_app_phone")
    options = SAFETY | {
        CONF_CONFIRM_TOOLS: [BREW],
        CONF_APPROVAL_NOTIFY_SERVICE: "notify.mobile_app_phone",
    }
    await async_set_options(hass, brew_hub, "safety", options)
    asked = await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "small"})
    await hass.async_block_till_done()
    approve = sent[0].data["data"]["actions"][0]["action"]
    await hass.auth.async_deactivate_user(hass_read_only_user)

    hass.bus.async_fire(
        "mobile_app_notification_action",
        {"action": approve},
        context=Context(user_id=hass_read_only_user.id),
    )
    await hass.async_block_till_done()
    [approval] = hass.data[DATA_APPROVALS].visible_to(hass_read_only_user)
    assert approval.approval_id == asked.data[TOKEN]
    assert approval.status == "pending"
    assert calls == []


@pytest.mark.attack
async def test_approval_of_one_hub_runs_nothing_in_another(
    hass: HomeAssistant,
    brew_hub: MockConfigEntry,
    hass_read_only_user: MockUser,
    hass_admin_user: MockUser,
    calls: list[Call],
) -> None:
    """A second hub with the same tool and confirmation; the model takes the approved id there.

    Also tried: the id with a different user, a non-text id, and the id twice.
    """
    other = await async_add_hub(hass, "Other", dict(brew_hub.options))
    asked = await _call(hass, brew_hub, hass_read_only_user.id, BREW, {"size": "small"})
    approval_id = str(asked.data[TOKEN])
    hass.data[DATA_APPROVALS].async_decide(approval_id, hass_admin_user, approve=True)
    with_token = {"size": "small", TOKEN: approval_id}

    elsewhere = await _call(hass, other, hass_read_only_user.id, BREW, with_token)
    as_admin = await _call(hass, brew_hub, hass_admin_user.id, BREW, with_token)
    not_text = await _call(
        hass, brew_hub, hass_read_only_user.id, BREW, {"size": "small", TOKEN: 1}
    )
    ran = await _call(hass, brew_hub, hass_read_only_user.id, BREW, with_token)
    again = await _call(hass, brew_hub, hass_read_only_user.id, BREW, with_token)

    assert "through another LLM API" in str(elsewhere.data["error_text"])
    assert "by another user" in str(as_admin.data["error_text"])
    assert not_text.data["error"] == "ApprovalRefused"
    assert not ran.error
    assert "was used already" in str(again.data["error_text"])
    assert calls == [(BREW, {"size": "small", "cups": 1}, hass_read_only_user.id)]
