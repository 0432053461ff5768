"""Fixtures of the tests of asking a person: a hub that asks before brewing, homes to act on."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_mock_service,
)

from custom_components.llm_hub.const import CONF_CONFIRM_TOOLS
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
)
from homeassistant.setup import async_setup_component

from ..helpers.confirm import SAFETY
from ..helpers.homes import SCRIPTS
from ..helpers.hubs import (
    BREW,
    async_set_options,
)


@pytest.fixture
async def brew_hub(hass: HomeAssistant, hub: MockConfigEntry) -> MockConfigEntry:
    """Return the Kitchen hub with BREW needing confirmation; notifications set up."""
    await async_set_options(hass, hub, "safety", SAFETY | {CONF_CONFIRM_TOOLS: [BREW]})
    assert await async_setup_component(hass, "persistent_notification", {})
    # Before the MCP Server's HTTP client freezes the routes.
    assert await async_setup_component(hass, "websocket_api", {})
    return hub


@pytest.fixture
async def effect_home(hass: HomeAssistant, setup_llm: None) -> dict[str, list[ServiceCall]]:
    """Set up a light and a lock (both exposed to Assist), Assist's intents and the scripts.

    Return the recorded calls of the actions that act on them.
    """
    for component in ("homeassistant", "intent"):
        assert await async_setup_component(hass, component, {})
    hall = ar.async_get(hass).async_create("Hall")
    hass.states.async_set("light.hall", "off", {"friendly_name": "Hall light"})
    hass.states.async_set(
        "lock.front_door", "locked", {"friendly_name": "Front door", "device_class": "door"}
    )
    registry = er.async_get(hass)
    hall_lamp = registry.async_get_or_create(
        "light", "test", "lamp", suggested_object_id="lamp", original_name="Hall lamp"
    )
    registry.async_update_entity(hall_lamp.entity_id, area_id=hall.id)
    hass.states.async_set(hall_lamp.entity_id, "on", {"friendly_name": "Hall lamp"})
    garage = ar.async_get(hass).async_create("Garage")
    owner = MockConfigEntry(domain="test")
    owner.add_to_hass(hass)
    device = dr.async_get(hass).async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("test", "opener")}
    )
    dr.async_get(hass).async_update_device(device.id, area_id=garage.id)
    opener = registry.async_get_or_create(
        "switch",
        "test",
        "opener",
        suggested_object_id="garage_door",
        original_name="Opener",
        original_device_class="outlet",
        device_id=device.id,
        config_entry=owner,
    )
    hass.states.async_set(opener.entity_id, "off", {"friendly_name": "Opener"})
    calls = {
        action: async_mock_service(hass, action.partition(".")[0], action.partition(".")[2])
        for action in ("light.turn_on", "lock.unlock", "lock.lock", "homeassistant.turn_off")
    }
    assert await async_setup_component(hass, "script", {"script": SCRIPTS})
    await hass.async_block_till_done()
    async_expose_entity(hass, "conversation", "lock.front_door", should_expose=True)
    for script in SCRIPTS:
        async_expose_entity(hass, "conversation", f"script.{script}", should_expose=True)
    return calls


GARAGE_STATES: dict[str, tuple[str, dict[str, Any]]] = {
    "cover.garage_door": ("closed", {"friendly_name": "Garage door", "device_class": "garage"}),
    "cover.shed_door": ("closed", {"friendly_name": "Shed door", "device_class": "garage"}),
    # A cover group: its members are its state's ``entity_id``.
    "cover.garage_doors": (
        "closed",
        {"friendly_name": "Garage doors", "entity_id": ["cover.garage_door"]},
    ),
    "lock.front_door": ("locked", {"friendly_name": "Front door"}),
    "light.hall": ("off", {"friendly_name": "Hall light", "supported_color_modes": ["brightness"]}),
    "climate.hall": ("heat", {"friendly_name": "Hall thermostat", "supported_features": 1}),
}
"""The home a person lets the assistant open the garage in: what each entity's state is."""
GARAGE_SCRIPTS: dict[str, Any] = {
    "open_garage": {
        "sequence": [{"action": "cover.open_cover", "target": {"entity_id": "cover.garage_doors"}}]
    },
    "open_all": {"sequence": [{"action": "cover.open_cover", "target": {"entity_id": "all"}}]},
    "open_picked": {
        "sequence": [
            {"action": "cover.open_cover", "target": {"entity_id": "{{ 'cover.garage_door' }}"}}
        ]
    },
}
"""Scripts a hub lists: one through the cover group, one on every cover, one whose template
picks its target."""


@pytest.fixture
async def garage_home(hass: HomeAssistant, setup_llm: None) -> dict[str, list[ServiceCall]]:
    """Set up ``GARAGE_STATES`` and ``GARAGE_SCRIPTS``, all exposed to Assist, with Assist's
    intents; return the recorded calls of the actions that act on them, by action."""
    for component in ("homeassistant", "intent", "cover", "light", "climate"):
        assert await async_setup_component(hass, component, {})
    for entity_id, (state, attributes) in GARAGE_STATES.items():
        hass.states.async_set(entity_id, state, attributes)
    calls = {
        action: async_mock_service(hass, action.partition(".")[0], action.partition(".")[2])
        for action in (
            "cover.open_cover",
            "lock.unlock",
            "light.turn_on",
            "climate.set_temperature",
        )
    }
    assert await async_setup_component(hass, "script", {"script": GARAGE_SCRIPTS})
    await hass.async_block_till_done()
    for entity_id in [*GARAGE_STATES, *(f"script.{name}" for name in GARAGE_SCRIPTS)]:
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)
    return calls
