"""What a scope resolves to is kept between requests: every change of the home is seen next.

Registries (entities, devices, areas, floors, labels), states added, removed or renamed, and
exposure to Assist; and what the hub keeps of Assist's overview never widens a prompt.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub import const
from custom_components.llm_hub.scope.assist import (
    STATIC_CONTEXT_HEADING,
    async_call_in_scope,
    prompt_in_scope,
)
from custom_components.llm_hub.scope.changes import MAX_KEPT, async_home_changes
from custom_components.llm_hub.scope.reach import HubScope, entered
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.homeassistant.llm import NO_ENTITIES_PROMPT
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    intent,
    label_registry as lr,
    llm,
)

from ..helpers.hubs import async_add_hub, hub_id
from ..helpers.parity_home import Home, _async_effect, _context

KITCHEN: dict[str, Any] = {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_AREAS: ["kitchen"]}
LIGHTS: dict[str, Any] = {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_DOMAINS: ["light"]}
TURN_ON_LAMP = ("intent__HassTurnOn", {"name": "Desk lamp"})


async def _build(
    hass: HomeAssistant, parity_home: Home, user: Any, options: dict[str, Any]
) -> tuple[MockConfigEntry, llm.APIInstance]:
    """Add a hub with ``options``; return it and an instance of it."""
    entry = await async_add_hub(hass, "Scoped", options)
    return entry, await llm.async_get_api(hass, hub_id(entry), _context(parity_home, user))


async def test_entity_moved_seen_by_the_next_call_and_build(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """An entity moved into the area is reached by the next call of the same instance."""
    entry, instance = await _build(hass, parity_home, hass_admin_user, KITCHEN)
    entities = er.async_get(hass)
    garage = ar.async_get(hass).async_get_area_by_name("Garage")
    assert garage is not None
    start = parity_home.snapshot()

    before = await _async_effect(parity_home, instance, start, *TURN_ON_LAMP)
    entities.async_update_entity("light.desk_lamp", area_id="kitchen")
    moved_in = await _async_effect(parity_home, instance, start, *TURN_ON_LAMP)
    prompt_in = await llm.async_get_api(hass, hub_id(entry), _context(parity_home, hass_admin_user))
    entities.async_update_entity("light.desk_lamp", area_id=garage.id)
    moved_out = await _async_effect(parity_home, instance, start, *TURN_ON_LAMP)
    prompt_out = await llm.async_get_api(
        hass, hub_id(entry), _context(parity_home, hass_admin_user)
    )

    assert before.failed
    assert not moved_in.failed
    assert ["call", ["light", "turn_on", {"entity_id": ["light.desk_lamp"]}]] in moved_in.seen
    assert "Desk lamp" not in instance.api_prompt
    assert "Desk lamp" in prompt_in.api_prompt
    assert moved_out.failed
    assert moved_out.seen == []
    assert "Desk lamp" not in prompt_out.api_prompt


async def test_device_area_floor_and_label_changes_seen(
    hass: HomeAssistant, parity_home: Home
) -> None:
    """Each registry a scope reads through: its change is seen by the next resolve."""
    entities, devices, areas = er.async_get(hass), dr.async_get(hass), ar.async_get(hass)
    garage = areas.async_get_area_by_name("Garage")
    assert garage is not None
    floor = fr.async_get(hass).async_create("Upstairs")
    label = lr.async_get(hass).async_create("Cosy")
    device_entry = MockConfigEntry(domain="test")
    device_entry.add_to_hass(hass)
    device = devices.async_get_or_create(
        config_entry_id=device_entry.entry_id, identifiers={("test", "lamp")}
    )
    entities.async_update_entity("light.desk_lamp", device_id=device.id)
    by_area = HubScope(areas=frozenset({"kitchen"}))
    by_floor = HubScope(floors=frozenset({floor.floor_id}))
    by_label = HubScope(labels=frozenset({label.label_id}))
    lamp = "light.desk_lamp"
    assert lamp not in by_area.resolve(hass)
    assert lamp not in by_floor.resolve(hass)
    assert lamp not in by_label.resolve(hass)

    devices.async_update_device(device.id, area_id="kitchen")
    assert lamp in by_area.resolve(hass)
    devices.async_update_device(device.id, area_id=garage.id)
    assert lamp not in by_area.resolve(hass)
    assert lamp not in by_floor.resolve(hass)
    areas.async_update(garage.id, floor_id=floor.floor_id)
    assert lamp in by_floor.resolve(hass)
    fr.async_get(hass).async_delete(floor.floor_id)
    assert lamp not in by_floor.resolve(hass)
    assert by_floor.resolve(hass).missing_floors == {floor.floor_id}
    entities.async_update_entity(lamp, labels={label.label_id})
    assert lamp in by_label.resolve(hass)
    lr.async_get(hass).async_delete(label.label_id)
    assert lamp not in by_label.resolve(hass)
    assert by_label.resolve(hass).missing_labels == {label.label_id}


async def test_exposure_change_seen_by_the_next_build(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """Exposure changed in Assist's settings, with or without a registry entry: seen next."""
    entry, first = await _build(hass, parity_home, hass_admin_user, LIGHTS)
    hass.states.async_set("light.porch", "off", {"friendly_name": "Porch"})  # no registry entry
    async_expose_entity(hass, "conversation", "light.porch", should_expose=False)
    context = _context(parity_home, hass_admin_user)
    without_porch = await llm.async_get_api(hass, hub_id(entry), context)
    async_expose_entity(hass, "conversation", "light.porch", should_expose=True)
    with_porch = await llm.async_get_api(hass, hub_id(entry), context)
    async_expose_entity(hass, "conversation", "light.desk_lamp", should_expose=False)
    without_lamp = await llm.async_get_api(hass, hub_id(entry), context)

    assert "Desk lamp" in first.api_prompt
    assert "Porch" not in without_porch.api_prompt
    assert "Porch" in with_porch.api_prompt
    assert "Desk lamp" in with_porch.api_prompt
    assert "Desk lamp" not in without_lamp.api_prompt
    assert "Kitchen light" in without_lamp.api_prompt


async def test_state_renamed_and_removed_seen_by_the_next_build(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """A state renamed or removed: the next build's overview says so."""
    entry = await async_add_hub(hass, "Lights", LIGHTS)
    context = _context(parity_home, hass_admin_user)
    hass.states.async_set("light.porch", "off", {"friendly_name": "Porch"})
    added = await llm.async_get_api(hass, hub_id(entry), context)
    hass.states.async_set("light.porch", "on", {"friendly_name": "Porch"})  # not a change
    hass.states.async_set("light.porch", "on", {"friendly_name": "Veranda"})
    renamed = await llm.async_get_api(hass, hub_id(entry), context)
    hass.states.async_remove("light.porch")
    removed = await llm.async_get_api(hass, hub_id(entry), context)

    assert "Porch" in added.api_prompt
    assert "Veranda" in renamed.api_prompt
    assert "Porch" not in renamed.api_prompt
    assert "Veranda" not in removed.api_prompt
    assert "Desk lamp" in removed.api_prompt


async def test_value_computed_while_the_home_changes_not_kept(hass: HomeAssistant) -> None:
    """A value computed while a change came is answered once, then computed again."""
    changes = async_home_changes(hass)
    computed: list[str] = []

    def change_while_computing() -> str:
        computed.append("x")
        if len(computed) == 1:
            lr.async_get(hass).async_create("Changed meanwhile")
        return "value"

    assert changes.kept("key", change_while_computing) == "value"
    assert changes.kept("key", change_while_computing) == "value"
    assert changes.kept("key", change_while_computing) == "value"
    assert computed == ["x", "x"]


async def test_kept_values_bounded(hass: HomeAssistant) -> None:
    """More keys than ``MAX_KEPT``: all are forgotten, then kept again."""
    changes = async_home_changes(hass)
    counted: list[int] = []

    def count(key: int) -> int:
        counted.append(key)
        return key

    for key in range(MAX_KEPT + 1):
        assert changes.kept(key, partial(count, key)) == key
    assert changes.kept(MAX_KEPT, lambda: count(-1)) == MAX_KEPT
    assert changes.kept(0, lambda: count(0)) == 0
    assert counted == [*range(MAX_KEPT + 1), 0]


async def test_overview_not_the_one_kept_only_loses_entries(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """Assist's prompt written before a change: the cut keeps its in-scope entries, no more."""
    # A name with blank lines: its YAML has blank lines between the overview's entries.
    hass.states.async_set("light.odd", "off", {"friendly_name": "Odd\n\nname"})
    assist = await llm.async_get_api(hass, "assist", _context(parity_home, hass_admin_user))
    prompt = f"{assist.api_prompt}\n- After the overview."
    assert "Thermostat" in prompt
    scope = HubScope(areas=frozenset({"kitchen"}))
    with entered((scope.resolve(hass),)):
        prompt_in_scope(hass, "conversation", prompt)  # kept now
        hass.states.async_set("light.porch", "off", {"friendly_name": "Porch"})
        cut = prompt_in_scope(hass, "conversation", prompt)
        er.async_get(hass).async_update_entity("light.kitchen_light", name="Galley")
        lost = prompt_in_scope(hass, "conversation", prompt)

    assert "Porch" not in cut
    assert "Kitchen light" in cut
    for out_of_scope in ("Desk lamp", "Odd", "name'", "Thermostat", "TV"):
        assert out_of_scope not in cut
    assert cut.endswith("\n- After the overview.")
    assert cut.startswith(prompt.partition(STATIC_CONTEXT_HEADING)[0])
    # The one entry in scope is no longer the home's: nothing of the overview is left.
    assert f"{STATIC_CONTEXT_HEADING}\n{NO_ENTITIES_PROMPT}\n" in lost
    assert "Kitchen light" not in lost
    assert "Galley" not in lost


async def test_prompt_without_an_overview_kept_as_it_is(
    hass: HomeAssistant, parity_home: Home
) -> None:
    """Text without an overview, or with an empty one, is not changed; what is not kept goes."""
    empty = f"Before\n{STATIC_CONTEXT_HEADING}\n{NO_ENTITIES_PROMPT}\nAfter"
    stray = f"{STATIC_CONTEXT_HEADING}\n  stray\n- names: Desk lamp\n  domain: light\n\nAfter"
    kitchen = "- names: Kitchen light\n  domain: light\n  areas: Kitchen\n"
    twice = f"{STATIC_CONTEXT_HEADING}\n{kitchen}{kitchen}\nAfter"
    last = f"Before\n{STATIC_CONTEXT_HEADING}\n{kitchen}"
    bare = f"Before\n{STATIC_CONTEXT_HEADING}"
    with entered((HubScope(areas=frozenset({"kitchen"})).resolve(hass),)):
        assert prompt_in_scope(hass, "conversation", "text") == "text"
        assert prompt_in_scope(hass, "conversation", empty) == empty
        assert prompt_in_scope(hass, "conversation", last) == last
        assert prompt_in_scope(hass, "conversation", bare) == bare
        assert prompt_in_scope(hass, "conversation", stray) == (
            f"{STATIC_CONTEXT_HEADING}\n{NO_ENTITIES_PROMPT}\nAfter"
        )
        # The kitchen has one such entry: a second one is another entity's.
        assert prompt_in_scope(hass, "conversation", twice) == (
            f"{STATIC_CONTEXT_HEADING}\n{kitchen}\nAfter"
        )


async def test_hub_over_a_scoped_hub_never_widens_its_prompt(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """The outer hub's scope reaches more than the inner's: the prompt stays the inner's."""
    inner = await async_add_hub(hass, "Kitchen", KITCHEN)
    outer = await async_add_hub(
        hass,
        "Outer",
        {CONF_LLM_HASS_API: [hub_id(inner)], const.CONF_SCOPE_EXCLUDED: ["media_player.tv"]},
    )
    context = _context(parity_home, hass_admin_user)
    instance = await llm.async_get_api(hass, hub_id(outer), context)

    assert "Kitchen light" in instance.api_prompt
    assert "Desk lamp" not in instance.api_prompt
    assert "Thermostat" not in instance.api_prompt


@pytest.mark.parametrize("args", [{}, {"name": "Nobody"}])
async def test_turn_on_nothing_matched_refused_as_assist_refuses(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any, args: dict[str, Any]
) -> None:
    """``HassTurnOn`` of everything or of no one: refused as the intent refuses it."""
    _entry, scoped = await _build(hass, parity_home, hass_admin_user, KITCHEN)
    plain = await llm.async_get_api(hass, "assist", _context(parity_home, hass_admin_user))
    start = parity_home.snapshot()

    refused = await _async_effect(parity_home, scoped, start, "intent__HassTurnOn", args)
    by_assist = await _async_effect(parity_home, plain, start, "intent__HassTurnOn", args)

    error = "MatchFailedError" if args else "IntentHandleError"
    assert by_assist.outcome == ("raised", error)
    assert refused.outcome[:2] == ("result", True)
    assert refused.outcome[2]["error"] == error
    if not args:
        assert "cannot target all devices" in refused.outcome[2]["error_text"]
    assert refused.seen == by_assist.seen == []


class _Failing(intent.ServiceIntentHandler):
    """Matches as Home Assistant does, then fails to act with the error it is given."""

    error: Exception = ValueError("broken")

    async def async_handle_states(self, *args: Any, **kwargs: Any) -> intent.IntentResponse:
        """Raise the handler's error."""
        raise self.error


@pytest.mark.parametrize(
    ("error", "raised"),
    [
        (ValueError("broken"), intent.IntentUnexpectedError),
        (intent.IntentHandleError("cannot"), intent.IntentHandleError),
    ],
)
async def test_errors_of_an_intent_in_scope_as_home_assistant_raises_them(
    hass: HomeAssistant,
    parity_home: Home,
    hass_admin_user: Any,
    error: Exception,
    raised: type[Exception],
) -> None:
    """A handler failing on states in scope: the error ``intent.async_handle`` raises."""
    handler = _Failing("TestFail", "light", "turn_on", required_domains={"light"})
    handler.error = error
    intent.async_register(hass, handler)
    tool = llm.IntentTool("test__TestFail", handler)
    tool_input = llm.ToolInput(tool.name, {"name": "Kitchen light"})
    context = _context(parity_home, hass_admin_user)
    with pytest.raises(raised) as unscoped:
        await tool.async_call(hass, tool_input, context)
    scope = HubScope(areas=frozenset({"kitchen"}))
    with entered((scope.resolve(hass),)), pytest.raises(raised) as scoped:
        await async_call_in_scope(hass, tool, tool_input, context)
    assert str(scoped.value) == str(unscoped.value)
