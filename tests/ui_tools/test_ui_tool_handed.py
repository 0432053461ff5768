"""What an action tool hands a script (its data, or ``script.turn_on``'s variables) is checked
as that script's fields, before the run and as the run renders it; a script's holder fields
are checked for every domain when the script may act on any."""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import area_registry as ar, entity_registry as er

from ..helpers.attacks import _call_listed, _room_tool
from ..helpers.flows import async_add_tool
from ..helpers.homes import async_setup_assist, async_setup_scripts
from ..helpers.hubs import async_add_hub


@pytest.mark.parametrize(
    "actions",
    [
        # A field of no selector that names things: an entity id it gives must be exposed.
        [
            {"action": "script.turn_off", "target": {"entity_id": "script.which_on"}},
            {
                "action": "script.which_on",
                "data": {"which": "light.kitchen", "note": ["{{ room }}", "light.{{ room }}"]},
            },
        ],
        # A script a template picks: each entity id handed must be exposed.
        [{"action": "script.{{ 'which_on' }}", "data": {"which": "light.{{ room }}"}}],
        # Set by a step before: checked as the run renders it.
        [
            {"variables": {"lit": "light.{{ room }}"}},
            {"action": "script.which_on", "data": {"which": "{{ lit }}", "count": 3}},
        ],
        # A list, and data that is one template (an entity_id in it is a target).
        [
            {
                "action": "script.which_on",
                "data": {"which": ["light.{{ room }}"], "entity_id": "script.which_on"},
            }
        ],
        [
            {
                "action": "script.which_on",
                "data": "{{ {'which': 'light.' ~ room, 'entity_id': 'script.which_on'} }}",
            }
        ],
        # script.turn_on's variables, its target beside them.
        [
            {
                "action": "script.turn_on",
                "data": {
                    "entity_id": "script.which_on",
                    "variables": {"which": "light.{{ room }}"},
                },
            }
        ],
    ],
    ids=["text field", "templated script", "run time", "list", "whole template", "turn_on"],
)
async def test_handed_out_of_reach(
    hass: HomeAssistant, seen: list[Any], actions: list[Any]
) -> None:
    """In reach the script runs; the attic light (not exposed) handed to it: nothing runs."""
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await _room_tool(hass, hub, actions)

    ok = await _call_listed(hass, hub, "room_light", {"room": "kitchen"})
    assert not ok.error, ok.data
    assert seen
    seen.clear()

    refused = await _call_listed(hass, hub, "room_light", {"room": "attic"})

    assert refused.error
    assert "light.attic is not exposed to Assist" in str(refused.data)
    assert seen == []


@pytest.mark.parametrize(
    "sequence",
    [
        [{"sequence": [{"action": "homeassistant.turn_on", "target": {"area_id": "{{ room }}"}}]}],
        [{"action": "light.turn_on", "target": {"area_id": "{{ room }}"}}, {"scene": "scene.x"}],
    ],
    ids=["nested homeassistant action", "scene step"],
)
async def test_holder_field_of_a_script_acting_on_any_domain(
    hass: HomeAssistant, sequence: list[Any]
) -> None:
    """A script that may act on any domain: its light-filtered area field is checked for all
    (the attic's unexposed switch refuses it), not only for lights."""
    await async_setup_assist(hass)
    attic = ar.async_get(hass).async_create("Attic")
    switch = er.async_get(hass).async_get_or_create("switch", "test", "pump")
    er.async_get(hass).async_update_entity(switch.entity_id, area_id=attic.id)
    hass.states.async_set(switch.entity_id, "off")
    async_expose_entity(hass, "conversation", switch.entity_id, should_expose=False)
    fields = {"room": {"required": True, "selector": {"area": {"entity": {"domain": "light"}}}}}
    scripts = {"room_on": {"fields": fields, "sequence": sequence}}
    await async_setup_scripts(hass, scripts)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass, hub, "script", {"script": "script.room_on", "title": "Room on", "description": "On."}
    )

    result = await _call_listed(hass, hub, "room_on", {"room": "Attic"})

    assert result.error
    assert f"The area '{attic.id}' holds an entity not exposed" in str(result.data)
    assert switch.entity_id not in str(result.data)  # the model named the area only
