"""Attacks on a conversation's token bound to what its call acted on when it was issued.

Through real hubs over Assist's intents and scripts (``garage_home``), with a real
conversation's chat log: a script or ``intent_script`` the hub cannot wholly follow edited
between the ask and its confirmation, a script on ``all`` covers when one is added, a hub
asking for every call (an option of the wrong type), a group that shrinks and grows back,
two tokens for one call, search mode.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import pytest
from pytest_homeassistant_custom_component.common import MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.search.meta_tools import CALL_TOOL
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

from ..helpers import hubs
from ..helpers.agent import AgentSetup
from ..helpers.confirm import TOKEN, _turn
from ..helpers.flows import _search_mode
from ..helpers.remember import Calls, _approve, _call, _ended, _hub, _listed

pytestmark = pytest.mark.attack

# "open_picked" edited: its template still picks the garage door, and it unlocks the front door.
PICKED_AND_UNLOCKS = {
    "sequence": [
        {"action": "cover.open_cover", "target": {"entity_id": "{{ 'cover.garage_door' }}"}},
        {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}},
    ]
}
# "open_picked" edited: its template now picks the front door, which it unlocks.
PICKS_AND_UNLOCKS = {
    "sequence": [{"action": "lock.unlock", "target": {"entity_id": "{{ 'lock.front_door' }}"}}]
}
GARAGE_DOORS = "cover.garage_doors"


async def _edit_open_picked(hass: HomeAssistant, script: dict[str, Any]) -> None:
    """Edit the script "open_picked" to ``script`` and reload the scripts."""
    with patch(
        "homeassistant.config.load_yaml_config_file",
        return_value={"script": {"open_picked": script}},
    ):
        await hass.services.async_call("script", "reload", blocking=True)
    await hass.async_block_till_done()


def _doors(hass: HomeAssistant, members: list[str]) -> None:
    """Set the cover group "Garage doors" to ``members``."""
    hass.states.async_set(
        GARAGE_DOORS, "closed", {"friendly_name": "Garage doors", "entity_id": members}
    )


async def _redeem(
    agent: Any, user: MockUser, tool: str, asked: llm.ToolResult, conversation_id: str
) -> llm.ToolResult:
    """Call ``tool`` again with the token ``asked`` gave, in the user's next turn."""
    _, [again] = await _turn(
        agent, user, [llm.ToolInput(tool, {TOKEN: asked.data[TOKEN]})], conversation_id
    )
    return again


@pytest.mark.parametrize(
    "edited",
    [
        pytest.param(PICKED_AND_UNLOCKS, id="unlocks beside"),
        pytest.param(PICKS_AND_UNLOCKS, id="template picks the door"),
    ],
)
async def test_a_token_does_not_run_a_script_its_template_hid_edited_since_to_unlock_a_door(
    hass: HomeAssistant,
    garage_home: Calls,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
    edited: dict[str, Any],
) -> None:
    """ "open_picked" picks its cover by a template, so the hub cannot follow it and asks. The
    user confirms; before the next turn the script is edited to also unlock the front door,
    or to unlock the door its template picks: the token, confirmed for a script that unlocked
    nothing, does not unlock the door."""
    entry = await _hub(hass, "Home")
    agent = await setup_agent(hubs.hub_id(entry))
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    script = _listed(instance, "open_picked")
    conversation_id, [asked] = await _turn(agent, hass_admin_user, [llm.ToolInput(script, {})])
    assert asked.data["error"] == "ConfirmationRequired", asked.data
    await _edit_open_picked(hass, edited)

    again = await _redeem(agent, hass_admin_user, script, asked, conversation_id)
    await hass.async_block_till_done()

    assert again.data["error"] == "ConfirmationRefused", again.data
    assert "acted on less than it does now" in str(again.data["error_text"])
    assert "lock.front_door" not in str(again.data)
    assert (garage_home["lock.unlock"], garage_home["cover.open_cover"]) == ([], [])


async def test_an_approval_does_not_run_a_script_its_template_hid_edited_since_to_unlock_a_door(
    hass: HomeAssistant,
    garage_home: Calls,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """Without a conversation the same call waits for approval and is approved; the script is
    edited to also unlock the front door before the approval is used: nothing runs."""
    entry = await _hub(hass, "Home")
    asked = await _call(hass, entry, hass_admin_user, "open_picked")
    assert _ended(asked) == "asks", asked.data
    assert (await _approve(await hass_ws_client(hass), asked))["success"]
    await _edit_open_picked(hass, PICKED_AND_UNLOCKS)

    used = await _call(hass, entry, hass_admin_user, "open_picked", **{TOKEN: asked.data[TOKEN]})
    await hass.async_block_till_done()

    assert _ended(used) == "ApprovalRefused", used.data
    assert "acted on less" in str(used.data["error_text"])
    assert (garage_home["lock.unlock"], garage_home["cover.open_cover"]) == ([], [])


async def test_a_token_runs_a_script_its_template_hides_reloaded_unchanged(
    hass: HomeAssistant,
    garage_home: Calls,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
) -> None:
    """The scripts are reloaded between the ask and its confirmation, "open_picked" unchanged:
    the token still runs it once, on what its template picks."""
    entry = await _hub(hass, "Home")
    agent = await setup_agent(hubs.hub_id(entry))
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    script = _listed(instance, "open_picked")
    conversation_id, [asked] = await _turn(agent, hass_admin_user, [llm.ToolInput(script, {})])
    await _edit_open_picked(hass, {"sequence": PICKED_AND_UNLOCKS["sequence"][:1]})

    again = await _redeem(agent, hass_admin_user, script, asked, conversation_id)
    await hass.async_block_till_done()

    assert "error" not in again.data, again.data
    assert [call.data["entity_id"] for call in garage_home["cover.open_cover"]] == [
        ["cover.garage_door"]
    ]


@pytest.mark.parametrize("path", ["direct", "search mode"])
async def test_a_token_runs_after_a_group_shrank_and_grew_back_and_an_older_one_not_after_it_grew(
    hass: HomeAssistant,
    garage_home: Calls,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
    path: str,
) -> None:
    """The model asks to open "Garage doors" (the garage door in it), the user confirms. The
    group loses the door and gets it back: the token opens it. A second ask, and the shed
    door joins the group: the token of the first ask is refused, the one asked after runs."""
    entry = await _hub(hass, "Home")
    agent = await setup_agent(hubs.hub_id(entry))
    context = hubs.llm_context(hass_admin_user.id)
    turn_on = _listed(await llm.async_get_api(hass, hubs.hub_id(entry), context), "HassTurnOn")
    if path == "search mode":
        await _search_mode(hass, entry)
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), context)
    call_tool = next((item.name for item in instance.tools if item.name.endswith(CALL_TOOL)), "")

    def call(**token: Any) -> llm.ToolInput:
        arguments = {"name": "Garage doors", **token}
        if path == "direct":
            return llm.ToolInput(turn_on, arguments)
        return llm.ToolInput(call_tool, {"name": turn_on, "arguments": arguments})

    conversation_id, [first] = await _turn(agent, hass_admin_user, [call()])
    assert first.data["error"] == "ConfirmationRequired", first.data
    _doors(hass, [])
    _doors(hass, ["cover.garage_door"])
    _, [ran] = await _turn(
        agent, hass_admin_user, [call(**{TOKEN: first.data[TOKEN]})], conversation_id
    )
    _, [older, newer] = await _turn(agent, hass_admin_user, [call(), call()], conversation_id)
    _doors(hass, ["cover.garage_door", "cover.shed_door"])
    _, [refused] = await _turn(
        agent, hass_admin_user, [call(**{TOKEN: older.data[TOKEN]})], conversation_id
    )
    _, [grown] = await _turn(agent, hass_admin_user, [call()], conversation_id)
    _, [runs] = await _turn(
        agent, hass_admin_user, [call(**{TOKEN: grown.data[TOKEN]})], conversation_id
    )
    await hass.async_block_till_done()

    assert "error" not in ran.data, ran.data
    assert newer.data["error"] == "ConfirmationRequired", newer.data
    assert refused.data["error"] == "ConfirmationRefused", refused.data
    assert "acted on less than it does now" in str(refused.data["error_text"])
    assert "error" not in runs.data, runs.data
    assert [call.data["entity_id"] for call in garage_home["cover.open_cover"]] == [
        GARAGE_DOORS,
        GARAGE_DOORS,
    ]


async def test_a_token_does_not_run_a_script_on_every_cover_after_a_cover_was_added(
    hass: HomeAssistant,
    garage_home: Calls,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
) -> None:
    """ "open_all" opens every cover; the user confirms. A second garage door is added
    before the next turn: the token does not open it unasked."""
    entry = await _hub(hass, "Home")
    agent = await setup_agent(hubs.hub_id(entry))
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    script = _listed(instance, "open_all")
    conversation_id, [asked] = await _turn(agent, hass_admin_user, [llm.ToolInput(script, {})])
    assert asked.data["error"] == "ConfirmationRequired", asked.data
    hass.states.async_set("cover.barn_door", "closed", {"device_class": "garage"})

    again = await _redeem(agent, hass_admin_user, script, asked, conversation_id)
    await hass.async_block_till_done()

    assert again.data["error"] == "ConfirmationRefused", again.data
    assert garage_home["cover.open_cover"] == []


async def test_a_token_does_not_run_an_intent_script_edited_since_to_unlock_the_door_it_picks(
    hass: HomeAssistant,
    garage_home: Calls,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
) -> None:
    """The ``intent_script`` "OpenUp" opens the cover its template picks: it asks, the user
    confirms. Before the next turn it is edited (reloaded) to unlock the door its template
    picks: the token does not unlock it."""
    picked = {"entity_id": "{{ 'cover.garage_door' }}"}
    opens = {"OpenUp": {"action": [{"action": "cover.open_cover", "target": picked}]}}
    assert await async_setup_component(hass, "intent_script", {"intent_script": opens})
    entry = await _hub(hass, "Home")
    agent = await setup_agent(hubs.hub_id(entry))
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    open_up = _listed(instance, "OpenUp")
    conversation_id, [asked] = await _turn(agent, hass_admin_user, [llm.ToolInput(open_up, {})])
    assert asked.data["error"] == "ConfirmationRequired", asked.data
    unlocks = {"OpenUp": {"action": PICKS_AND_UNLOCKS["sequence"]}}
    with patch(
        "homeassistant.config.load_yaml_config_file", return_value={"intent_script": unlocks}
    ):
        await hass.services.async_call("intent_script", "reload", blocking=True)
    await hass.async_block_till_done()

    again = await _redeem(agent, hass_admin_user, open_up, asked, conversation_id)
    await hass.async_block_till_done()

    assert again.data["error"] == "ConfirmationRefused", again.data
    assert (garage_home["lock.unlock"], garage_home["cover.open_cover"]) == ([], [])


async def test_a_token_of_a_hub_asking_for_every_call_does_not_run_a_group_grown_since(
    hass: HomeAssistant,
    garage_home: Calls,
    setup_agent: AgentSetup,
    hass_admin_user: MockUser,
) -> None:
    """ "Always ask before acting on" domains is stored with the wrong type, so every acting
    call asks. The model asks to open "Garage doors", the user confirms; the shed door joins
    the group before the next turn: the token does not open it unasked."""
    entry = await _hub(hass, "Home", **{const.CONF_ASK_DOMAINS: {"lock": 1}})
    agent = await setup_agent(hubs.hub_id(entry))
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    turn_on = _listed(instance, "HassTurnOn")
    conversation_id, [asked] = await _turn(
        agent, hass_admin_user, [llm.ToolInput(turn_on, {"name": "Garage doors"})]
    )
    assert asked.data["error"] == "ConfirmationRequired", asked.data
    _doors(hass, ["cover.garage_door", "cover.shed_door"])

    _, [again] = await _turn(
        agent,
        hass_admin_user,
        [llm.ToolInput(turn_on, {"name": "Garage doors", TOKEN: asked.data[TOKEN]})],
        conversation_id,
    )
    await hass.async_block_till_done()

    assert again.data["error"] == "ConfirmationRefused", again.data
    assert "acted on less than it does now" in str(again.data["error_text"])
    assert garage_home["cover.open_cover"] == []
