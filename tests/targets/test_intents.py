"""What an intent call acts on (``targets.intents``), handler by handler.

Handlers are an integration's, registered with ``intent.async_register`` as an
integration registers them.
"""

from __future__ import annotations

from typing import Any

import probatio
import pytest

from custom_components.llm_hub.targets.intents import intent_acts, intent_reach, intent_unknown
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.intent.timers import (
    CancelAllTimersIntentHandler,
    StartTimerIntentHandler,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv, intent, llm
from homeassistant.setup import async_setup_component

from ..helpers.hubs import llm_context
from ..helpers.intents import BroadcastHandler

CONVERSATION = llm_context()
"""A request of a conversation agent: it matches the entities exposed to conversation."""


class _OneSlotHandler(intent.IntentHandler):
    """An integration's handler (no platforms) of one text slot, ``slot``: it only answers."""

    slot: str

    @property
    def slot_schema(self) -> dict[Any, Any]:
        """Take ``slot``."""
        return {probatio.Required(self.slot): cv.string}

    async def async_handle(self, intent_obj: intent.Intent) -> intent.IntentResponse:
        """Answer."""
        return intent_obj.create_response()


class RingHandler(_OneSlotHandler):
    """Rings the bell a name picks (an integration's handler, no platforms)."""

    intent_type = "HassRingBell"
    slot = "name"


class HelloHandler(_OneSlotHandler):
    """Says hello with words of its own: nothing it acts on is named by a target slot."""

    intent_type = "HassSayHello"
    slot = "message"


def _tool(handler: intent.IntentHandler) -> llm.IntentTool:
    return llm.IntentTool(handler.intent_type, handler)


@pytest.fixture
async def bells(hass: HomeAssistant) -> None:
    """Set up the intents and two bells, "Door bell" and "Porch bell" (input booleans).

    Both are exposed to conversation.
    """
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "intent", {})
    bells = {"door_bell": {"name": "Door bell"}, "porch_bell": {"name": "Porch bell"}}
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": bells})
    await hass.async_block_till_done()
    for entity_id in ("input_boolean.door_bell", "input_boolean.porch_bell"):
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)


async def test_handler_taking_a_name_acts_on_the_entity_it_names(
    hass: HomeAssistant, bells: None
) -> None:
    """A handler that takes ``name`` is followed: it acts on the entity the name matches."""
    handler = RingHandler()
    intent.async_register(hass, handler)

    assert intent_unknown(hass, "HassRingBell") is None
    acts = intent_acts(hass, _tool(handler), {"name": "Porch bell"}, CONVERSATION, None)

    assert acts.entities == {"input_boolean.porch_bell"}
    assert acts.unknown is None


async def test_handler_without_target_slots_cannot_be_followed(
    hass: HomeAssistant, bells: None
) -> None:
    """A handler that names nothing it acts on by a target slot picks in its own ways."""
    handler = HelloHandler()
    intent.async_register(hass, handler)
    why = "the intent HassSayHello picks what it acts on in ways the hub cannot follow"

    assert intent_unknown(hass, "HassSayHello") == why
    acts = intent_acts(hass, _tool(handler), {"message": "Hi"}, CONVERSATION, None)

    assert acts.unknown == why
    assert acts.entities == frozenset()


async def test_intent_whose_handler_is_gone_cannot_be_followed(
    hass: HomeAssistant, bells: None
) -> None:
    """A tool of an intent removed since (or never registered) has no handler to follow."""
    handler = RingHandler()
    intent.async_register(hass, handler)
    tool = _tool(handler)
    intent.async_remove(hass, "HassRingBell")
    why = "the intent HassRingBell has no handler"

    assert intent_unknown(hass, "HassRingBell") == why
    assert intent_acts(hass, tool, {"name": "Porch bell"}, CONVERSATION, None).unknown == why


async def test_broadcast_acts_on_every_satellite(hass: HomeAssistant, bells: None) -> None:
    """A broadcast announces on every voice satellite of the home, and on nothing else."""
    for name in ("kitchen", "porch"):
        hass.states.async_set(f"assist_satellite.{name}", "idle", {"supported_features": 1})
    handler = BroadcastHandler()
    intent.async_register(hass, handler)

    assert intent_unknown(hass, intent.INTENT_BROADCAST) is None
    acts = intent_acts(hass, _tool(handler), {"message": "Dinner"}, CONVERSATION, None)

    assert acts.entities == {"assist_satellite.kitchen", "assist_satellite.porch"}
    assert acts.unknown is None


@pytest.mark.parametrize(
    ("handler", "arguments", "unknown"),
    [
        (CancelAllTimersIntentHandler(), {}, None),
        (StartTimerIntentHandler(), {"minutes": 5}, None),
        (
            StartTimerIntentHandler(),
            {"minutes": 5, "conversation_command": "open the garage"},
            "a timer's command, which Home Assistant runs later with every exposed entity",
        ),
    ],
)
async def test_timers_act_on_no_entity_but_a_command(
    hass: HomeAssistant, handler: intent.IntentHandler, arguments: dict[str, Any], unknown: Any
) -> None:
    """A timer acts on no entity; the command a timer runs later cannot be followed."""
    intent.async_register(hass, handler)
    tool = llm.IntentTool(handler.intent_type, handler)

    acts = intent_acts(hass, tool, arguments, llm_context(), None)

    assert (acts.entities, acts.unknown) == (frozenset(), unknown)


async def test_reach_of_a_plain_handler_is_its_domains_exposed_and_within(
    hass: HomeAssistant, bells: None
) -> None:
    """Any call of a plain handler may act on its domains' entities exposed and within the
    set handed; of one without domains, on every such entity; of no assistant, on all."""
    hass.states.async_set("light.porch", "off", {"friendly_name": "Porch"})
    hass.states.async_set("light.attic", "off", {"friendly_name": "Attic"})
    async_expose_entity(hass, "conversation", "light.porch", should_expose=True)
    async_expose_entity(hass, "conversation", "light.attic", should_expose=False)
    intent.async_register(
        hass,
        intent.ServiceIntentHandler("HassBellOn", "input_boolean", "turn_on"),
    )
    intent.async_register(
        hass,
        intent.ServiceIntentHandler(
            "HassBellOnly", "input_boolean", "turn_on", required_domains={"input_boolean"}
        ),
    )

    def reach(intent_type: str, assistant: str | None, within: Any = None) -> set[str]:
        return set(intent_reach(hass, intent_type, assistant, within).entities)

    booleans = {"input_boolean.door_bell", "input_boolean.porch_bell"}
    assert reach("HassBellOnly", "conversation") == booleans
    assert reach("HassBellOn", "conversation") == {*booleans, "light.porch"}
    assert reach("HassBellOn", "conversation", "input_boolean.door_bell".__eq__) == {
        "input_boolean.door_bell"
    }
    assert "light.attic" in reach("HassBellOn", None)


async def test_reach_of_other_handlers(hass: HomeAssistant, bells: None) -> None:
    """A handler that finds its targets its own way may reach anything; a timer reaches only
    what its command may; a broadcast, every satellite; no handler cannot be followed."""
    hass.states.async_set("assist_satellite.kitchen", "idle", {"supported_features": 1})
    for handler in (RingHandler(), BroadcastHandler(), StartTimerIntentHandler()):
        intent.async_register(hass, handler)
    intent.async_register(hass, CancelAllTimersIntentHandler())

    assert intent_reach(hass, "HassRingBell", "conversation", None).unknown == (
        "the intent HassRingBell may find what it acts on its own way"
    )
    assert intent_reach(hass, intent.INTENT_BROADCAST, None, None).entities == {
        "assist_satellite.kitchen"
    }
    assert intent_reach(hass, intent.INTENT_START_TIMER, None, None).unknown == (
        "a timer's command, which Home Assistant runs later with every exposed entity"
    )
    cancel = intent_reach(hass, intent.INTENT_CANCEL_ALL_TIMERS, None, None)
    assert (cancel.entities, cancel.unknown) == (frozenset(), None)
    assert intent_reach(hass, "HassNothing", None, None).unknown == (
        "the intent HassNothing has no handler"
    )
