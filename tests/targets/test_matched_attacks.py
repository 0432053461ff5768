"""Attacks on "an asked intent call runs on what its ask decision matched" (issue 36).

Within one hub tool call under a confirmation gate, ``targets.resolve.matched_once`` keeps
Home Assistant's match per (constraints, preferences): the ask decision and the run share it.
Each test makes a call act, or try to act, on something its ask decision did not see, or
behave otherwise than Home Assistant's own intent handling, through real hubs and intents.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from custom_components.llm_hub import const
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import EVENT_STATE_CHANGED
from homeassistant.core import Event, HomeAssistant, ServiceCall
from homeassistant.helpers import area_registry as ar, entity_registry as er, intent, llm

from ..helpers.attacks import LOCKS, call_hub, call_in
from ..helpers.flows import ASSIST
from ..helpers.homes import async_setup_assist
from ..helpers.hubs import async_add_hub, hub_id, llm_context

pytestmark = pytest.mark.attack


def _light(hass: HomeAssistant, object_id: str, name: str, area: str | None = None) -> str:
    """Add a registered light ``name`` (off, exposed to Assist) in ``area``; return its id."""
    registry = er.async_get(hass)
    entry = registry.async_get_or_create(
        "light", "test", object_id, suggested_object_id=object_id, original_name=name
    )
    if area is not None:
        registry.async_update_entity(entry.entity_id, area_id=area)
    hass.states.async_set(entry.entity_id, "off", {"friendly_name": name})
    async_expose_entity(hass, "conversation", entry.entity_id, should_expose=True)
    return entry.entity_id


async def _turned_on(hass: HomeAssistant) -> list[ServiceCall]:
    """Record ``light.turn_on``, which turns the light on as a real light does."""
    calls: list[ServiceCall] = []

    async def turn_on(call: ServiceCall) -> None:
        calls.append(call)
        for entity_id in call.data["entity_id"]:
            state = hass.states.get(entity_id)
            assert state is not None
            hass.states.async_set(entity_id, "on", state.attributes)

    hass.services.async_register("light", "turn_on", turn_on)
    return calls


async def test_a_call_started_by_an_asked_call_matches_anew(hass: HomeAssistant) -> None:
    """The light an asked call turns on starts an automation (a task of that call's service
    call) that later calls a hub tool after the light was unexposed: it must match the home
    as it is then, as Home Assistant does, not the match the first call kept."""
    await async_setup_assist(hass)
    hall = _light(hass, "hall", "Hall light")
    calls = await _turned_on(hass)
    hub = await async_add_hub(hass, "Locks ask", LOCKS)
    go = asyncio.Event()
    later: asyncio.Future[tuple[str, Any]] = hass.loop.create_future()
    started: list[Event[Any]] = []

    async def automation(event: Event[Any]) -> None:
        if event.data["entity_id"] != hall or started:
            return
        started.append(event)
        await go.wait()  # a delay in the automation
        args = {"name": "Hall light"}
        later.set_result(await call_hub(hass, hub, "HassTurnOn", args, settle=False))

    hass.bus.async_listen(EVENT_STATE_CHANGED, automation)
    first = await call_hub(hass, hub, "HassTurnOn", {"name": "Hall light"}, settle=False)
    await asyncio.sleep(0)
    async_expose_entity(hass, "conversation", hall, should_expose=False)
    hass.states.async_set(hall, "off", {"friendly_name": "Hall light"})
    go.set()
    outcome, _ = await asyncio.wait_for(later, 5)
    assert first[0] == "ran"
    # What the same call does from anywhere else now: the light is not exposed.
    fresh, _ = await call_hub(hass, hub, "HassTurnOn", {"name": "Hall light"})
    assert fresh == "MatchFailedError"
    assert outcome == fresh
    assert len(calls) == 1


async def _namesakes(hass: HomeAssistant) -> tuple[list[ServiceCall], str]:
    """Two exposed lights named "Ceiling light", one in the Kitchen, one in the Den; return
    the recorded turn-ons and the Kitchen's id."""
    await async_setup_assist(hass)
    areas = ar.async_get(hass)
    kitchen, den = areas.async_create("Kitchen"), areas.async_create("Den")
    _light(hass, "kitchen_ceiling", "Ceiling light", kitchen.id)
    _light(hass, "den_ceiling", "Ceiling light", den.id)
    return await _turned_on(hass), kitchen.id


ASK_KITCHEN_CEILING = {const.CONF_ASK_ENTITIES: ["light.kitchen_ceiling"]}


@pytest.mark.parametrize(
    ("outer", "inner"),
    [
        pytest.param(ASK_KITCHEN_CEILING, {}, id="the selecting hub asks"),
        pytest.param({}, ASK_KITCHEN_CEILING, id="the selected hub asks"),
        pytest.param(ASK_KITCHEN_CEILING, ASK_KITCHEN_CEILING, id="both ask"),
    ],
)
async def test_a_selected_scoped_hubs_call_asks_by_what_it_matches_in_its_scope(
    hass: HomeAssistant, outer: dict[str, Any], inner: dict[str, Any]
) -> None:
    """A hub scoped to the Kitchen makes "Ceiling light" its Kitchen light (the Den's namesake
    is out of scope). Selected by another hub, the call asks before acting on the Kitchen's
    light as the selected hub alone asks: the ask decision matches in the scopes the call
    runs in, not with the Den's namesake making the name ambiguous (no match: no ask)."""
    calls, kitchen = await _namesakes(hass)
    scoped = await async_add_hub(
        hass, "Kitchen", {**ASSIST, const.CONF_SCOPE_AREAS: [kitchen], **inner}
    )
    selecting = await async_add_hub(hass, "Outer", {"llm_hass_api": [hub_id(scoped)], **outer})
    alone = await async_add_hub(
        hass, "Kitchen asks", {**ASSIST, const.CONF_SCOPE_AREAS: [kitchen], **ASK_KITCHEN_CEILING}
    )

    by_itself, _ = await call_hub(hass, alone, "HassTurnOn", {"name": "Ceiling light"})
    outcome, _ = await call_hub(hass, selecting, "HassTurnOn", {"name": "Ceiling light"})
    # A request that names no assistant: the scoped call matches as a conversation's.
    unnamed = dataclasses.replace(llm_context(), assistant="")
    nameless, _ = await call_hub(hass, selecting, "HassTurnOn", {"name": "Ceiling light"}, unnamed)

    assert by_itself == "asks"
    assert outcome == "asks"
    assert nameless == "asks"
    assert calls == []


async def test_a_handler_whose_own_async_handle_was_replaced_runs_as_home_assistant_runs_it(
    hass: HomeAssistant,
) -> None:
    """An integration wraps the ``async_handle`` of Turn on's handler object (not its class)
    to refuse the Hall light: Home Assistant calls that wrapper, so an asked call through a
    hub must too, as a hub that asks nothing does, and never turn the light on."""
    await async_setup_assist(hass)
    _light(hass, "hall", "Hall light")
    calls = await _turned_on(hass)
    handler = intent.async_get(hass)
    turn_on = next(item for item in handler if item.intent_type == intent.INTENT_TURN_ON)
    own = turn_on.async_handle

    async def refusing(intent_obj: intent.Intent) -> intent.IntentResponse:
        if intent_obj.slots.get("name", {}).get("value") == "Hall light":
            raise intent.IntentHandleError("The hall light is off limits")
        return await own(intent_obj)

    turn_on.async_handle = refusing  # type: ignore[method-assign]
    asking = await async_add_hub(hass, "Locks ask", LOCKS)
    plain = await async_add_hub(hass, "Asks nothing", ASSIST)

    asked = await call_hub(hass, asking, "HassTurnOn", {"name": "Hall light"})
    unasked = await call_hub(hass, plain, "HassTurnOn", {"name": "Hall light"})

    assert unasked[0] == "IntentHandleError"
    assert asked == unasked
    assert calls == []


async def test_two_calls_in_a_row_of_one_turn_each_match_the_home_as_it_is(
    hass: HomeAssistant,
) -> None:
    """One task (a conversation turn) calls Turn on twice; between them the Hall light was
    renamed and another light took its name: the second call turns on the one named so now."""
    await async_setup_assist(hass)
    hall = _light(hass, "hall", "Hall light")
    porch = _light(hass, "porch", "Porch light")
    calls = await _turned_on(hass)
    hub = await async_add_hub(hass, "Locks ask", LOCKS)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    first = await call_in(hass, instance, "HassTurnOn", {"name": "Hall light"})
    er.async_get(hass).async_update_entity(hall, name="Old hall light")
    er.async_get(hass).async_update_entity(porch, name="Hall light")
    second = await call_in(hass, instance, "HassTurnOn", {"name": "Hall light"})

    assert (first[0], second[0]) == ("ran", "ran")
    assert [call.data["entity_id"] for call in calls] == [[hall], [porch]]


async def test_concurrent_calls_of_one_task_keep_no_match_of_each_other(
    hass: HomeAssistant,
) -> None:
    """Calls gathered at once from one task, each turning on another light: each acts on
    its own match only."""
    await async_setup_assist(hass)
    lights = [_light(hass, key, f"{key.capitalize()} light") for key in ("hall", "porch", "attic")]
    calls = await _turned_on(hass)
    hub = await async_add_hub(hass, "Locks ask", LOCKS)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    outcomes = await asyncio.gather(
        *(
            call_in(hass, instance, "HassTurnOn", {"name": name}, settle=False)
            for name in ("Hall light", "Porch light", "Attic light", "Hall light")
        )
    )
    await hass.async_block_till_done()

    assert [outcome for outcome, _ in outcomes] == 4 * ["ran"]
    assert sorted(call.data["entity_id"][0] for call in calls) == sorted([*lights, lights[0]])
