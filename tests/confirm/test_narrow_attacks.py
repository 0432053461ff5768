"""Attacks on the ask decision of a call a scope only narrows (``intent_acts`` with ``within``).

Through real hubs over Assist's intents (``garage_home``): a group whose members change
between the ask and its confirmation (a conversation's token, an approval in Home Assistant),
a name shared across the scope, a kept group whose member is asked for, nested hubs.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import (
    MockUser,
    async_capture_events,
)
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.confirm.approvals import EVENT_APPROVAL
from custom_components.llm_hub.search.meta_tools import CALL_TOOL
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers import hubs
from ..helpers.agent import AgentSetup
from ..helpers.confirm import TOKEN, _turn
from ..helpers.flows import _search_mode
from ..helpers.remember import Calls, _approve, _call, _ended, _hub, _listed

pytestmark = pytest.mark.attack

# A cover group of the awning (not asked for) and the garage door (asked for).
OUTSIDE = "cover.outside"
COVERS = ["cover.awning", "cover.garage_door"]
# A scope reaching the group, its covers and the shed door (asked for), not the gate.
REACHED = {const.CONF_SCOPE_ENTITIES: [OUTSIDE, *COVERS, "cover.shed_door"]}


def _outside(hass: HomeAssistant, members: list[str]) -> None:
    """Set the cover group "Outside" to ``members``."""
    hass.states.async_set(OUTSIDE, "closed", {"friendly_name": "Outside", "entity_id": members})


@pytest.fixture
def opened(hass: HomeAssistant, garage_home: Calls) -> Calls:
    """Add the awning, the gate and the group "Outside", all exposed to Assist."""
    hass.states.async_set("cover.awning", "closed", {"friendly_name": "Awning"})
    hass.states.async_set("cover.gate", "closed", {"friendly_name": "Gate"})
    _outside(hass, COVERS)
    for entity_id in ("cover.awning", "cover.gate", OUTSIDE):
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)
    return garage_home


@pytest.mark.parametrize("scoped", [False, True])
async def test_a_token_does_not_run_a_group_grown_since_the_ask_onto_an_asked_entity(
    hass: HomeAssistant,
    opened: Calls,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
    scoped: bool,
) -> None:
    """The model asks to open "Outside" (the garage door in it is asked for); the user
    confirms. Before the next turn the shed door, asked for too, joins the group: the token,
    confirmed for the awning and the garage door, does not open the shed door unasked."""
    entry = await _hub(hass, "Home", **(REACHED if scoped else {}))
    agent = await setup_agent(hubs.hub_id(entry))
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    turn_on = _listed(instance, "HassTurnOn")
    conversation_id, [asked] = await _turn(
        agent, hass_admin_user, [llm.ToolInput(turn_on, {"name": "Outside"})]
    )
    assert asked.data["error"] == "ConfirmationRequired", asked.data
    _outside(hass, [*COVERS, "cover.shed_door"])

    _, [again] = await _turn(
        agent,
        hass_admin_user,
        [llm.ToolInput(turn_on, {"name": "Outside", TOKEN: asked.data[TOKEN]})],
        conversation_id,
    )

    assert again.data["error"] == "ConfirmationRefused", again.data
    assert "acted on less than it does now" in str(again.data["error_text"])
    assert opened["cover.open_cover"] == []


async def test_an_approval_does_not_run_a_group_grown_since_onto_an_asked_entity(
    hass: HomeAssistant,
    opened: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Without a conversation the same call waits for approval and is approved; the shed
    door joins the group before the approval is used: the call is refused, nothing runs."""
    entry = await _hub(hass, "Home", **REACHED)
    client = await hass_ws_client(hass)
    asked = await _call(hass, entry, hass_admin_user, "HassTurnOn", name="Outside")
    assert _ended(asked) == "asks", asked.data
    assert (await _approve(client, asked))["success"]
    _outside(hass, [*COVERS, "cover.shed_door"])

    used = await _call(
        hass, entry, hass_admin_user, "HassTurnOn", name="Outside", **{TOKEN: asked.data[TOKEN]}
    )

    assert _ended(used) == "ApprovalRefused", used.data
    assert "acted on less" in str(used.data["error_text"])
    assert opened["cover.open_cover"] == []


async def test_an_approval_does_not_run_a_group_grown_since_beyond_the_scope(
    hass: HomeAssistant,
    opened: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The approved call on "Outside" is used after the gate (outside the scope) joined the
    group: the scope refuses it, and its words do not name the gate."""
    entry = await _hub(hass, "Home", **REACHED)
    client = await hass_ws_client(hass)
    asked = await _call(hass, entry, hass_admin_user, "HassTurnOn", name="Outside")
    assert (await _approve(client, asked))["success"]
    _outside(hass, [*COVERS, "cover.gate"])

    used = await _call(
        hass, entry, hass_admin_user, "HassTurnOn", name="Outside", **{TOKEN: asked.data[TOKEN]}
    )

    assert _ended(used) == "OutOfScope", used.data
    assert "gate" not in str(used.data)
    assert opened["cover.open_cover"] == []


@pytest.mark.parametrize("nested", [False, True])
async def test_a_kept_group_whose_member_is_asked_for_asks(
    hass: HomeAssistant,
    opened: Calls,
    hass_admin_user: MockUser,
    nested: bool,
) -> None:
    """Opening "Outside" in a scope reaching the group and its covers: the group is kept, and
    acting on it acts on the garage door, which is asked for (by the hub, or by the asking hub
    over the scoped one it picks)."""
    if nested:
        inner = await hubs.async_add_hub(hass, "Scoped", {CONF_LLM_HASS_API: ["assist"], **REACHED})
        entry = await _hub(hass, "Outer", **{CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
    else:
        entry = await _hub(hass, "Scoped", **REACHED)

    asked = await _call(hass, entry, hass_admin_user, "HassTurnOn", name="Outside")

    assert _ended(asked) == "asks", asked.data
    assert opened["cover.open_cover"] == []


@pytest.mark.parametrize(
    ("ask", "arguments"),
    [
        ({const.CONF_ASK_AREAS: ["garage"]}, {"domain": ["light"]}),
        ({const.CONF_ASK_DEVICE_CLASSES: ["garage"]}, {"domain": ["light"]}),
        ({const.CONF_ASK_DOMAINS: ["cover"]}, {"name": "Porch light"}),
    ],
)
async def test_a_kept_light_reached_through_a_wrapper_of_an_asked_entity_asks(
    hass: HomeAssistant,
    opened: Calls,
    hass_admin_user: MockUser,
    ask: dict[str, Any],
    arguments: dict[str, Any],
) -> None:
    """The porch "light" is a group of the garage's opener, a cover in the scope: asked for by
    the garage area, the garage device class or the cover domain, the kept light acts on the
    opener and asks."""
    from homeassistant.helpers import area_registry as ar, entity_registry as er  # noqa: PLC0415

    garage = ar.async_get(hass).async_create("Garage")
    opener = er.async_get(hass).async_get_or_create(
        "cover", "test", "opener", suggested_object_id="opener", original_device_class="garage"
    )
    er.async_get(hass).async_update_entity(opener.entity_id, area_id=garage.id)
    hass.states.async_set(opener.entity_id, "closed", {"friendly_name": "Opener"})
    hass.states.async_set(
        "light.porch", "off", {"friendly_name": "Porch light", "entity_id": [opener.entity_id]}
    )
    hub = await _hub(
        hass,
        "Home",
        **{
            const.CONF_ASK_DEVICE_CLASSES: [],
            const.CONF_ASK_DOMAINS: [],
            const.CONF_ASK_ENTITIES: [],
            **ask,
            const.CONF_SCOPE_ENTITIES: ["light.porch", opener.entity_id],
        },
    )
    events = async_capture_events(hass, EVENT_APPROVAL)

    asked = await _call(hass, hub, hass_admin_user, "HassTurnOn", **arguments)
    await hass.async_block_till_done()

    assert _ended(asked) == "asks", asked.data
    assert len(events) == 1
    assert opened["light.turn_on"] == []


@pytest.mark.parametrize("path", ["direct", "three hubs deep", "search mode"])
async def test_a_narrowed_call_runs_on_what_it_was_not_asked_for_only(
    hass: HomeAssistant,
    opened: Calls,
    hass_admin_user: MockUser,
    path: str,
) -> None:
    """The scope reaches the awning and the group "Outside", not its garage door (asked for).
    "Open every cover" is not asked for, through any path: it opens the awning only, never the
    group nor the garage door, and no one is asked."""
    scope = {const.CONF_SCOPE_ENTITIES: [OUTSIDE, "cover.awning"]}
    if path == "three hubs deep":
        inner = await hubs.async_add_hub(hass, "Scoped", {CONF_LLM_HASS_API: ["assist"], **scope})
        middle = await hubs.async_add_hub(hass, "Middle", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})
        entry = await _hub(hass, "Outer", **{CONF_LLM_HASS_API: [hubs.hub_id(middle)]})
    else:
        entry = await _hub(hass, "Scoped", **scope)
    context = hubs.llm_context(hass_admin_user.id)
    turn_on = _listed(await llm.async_get_api(hass, hubs.hub_id(entry), context), "HassTurnOn")
    tool_input = llm.ToolInput(turn_on, {"domain": ["cover"]})
    if path == "search mode":
        await _search_mode(hass, entry)
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), context)
    if path == "search mode":
        call_tool = next(item.name for item in instance.tools if item.name.endswith(CALL_TOOL))
        tool_input = llm.ToolInput(call_tool, {"name": turn_on, "arguments": {"domain": ["cover"]}})
    events = async_capture_events(hass, EVENT_APPROVAL)

    ran = await instance.async_call_tool(tool_input)
    await hass.async_block_till_done()

    assert _ended(ran) == "ran", ran.data
    assert [call.data["entity_id"] for call in opened["cover.open_cover"]] == ["cover.awning"]
    assert events == []
