"""Attacks through a vacuum's room cleaning: its ``area`` says what it cleans, not which vacuum.

``HassVacuumCleanArea`` matches vacuums anywhere (the area only prefers one among namesakes),
so a hub may not read the area as where its targets are: real ``vacuum`` and ``intent``
integrations, the vacuum in the kitchen reached by the scope, the one upstairs not.
"""

from __future__ import annotations

import pytest
from pytest_homeassistant_custom_component.common import MockUser, async_mock_service

from custom_components.llm_hub import const
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import area_registry as ar, entity_registry as er
from homeassistant.setup import async_setup_component

from ..helpers import hubs
from ..helpers.remember import _call, _ended

pytestmark = pytest.mark.attack

# ``VacuumEntityFeature.CLEAN_AREA``: what the intent's vacuums must support.
CLEAN_AREA = 16384


async def _vacuums(hass: HomeAssistant) -> list[ServiceCall]:
    """Set up a vacuum in the kitchen and one upstairs, both exposed; return the cleanings."""
    for component in ("homeassistant", "intent", "vacuum"):
        assert await async_setup_component(hass, component, {})
    kitchen = ar.async_get(hass).async_create("Kitchen")
    registry = er.async_get(hass)
    for name in ("downstairs", "upstairs"):
        entry = registry.async_get_or_create(
            "vacuum", "test", name, suggested_object_id=name, original_name=name.title()
        )
        attributes = {"friendly_name": name.title(), "supported_features": CLEAN_AREA}
        hass.states.async_set(entry.entity_id, "docked", attributes)
        async_expose_entity(hass, "conversation", entry.entity_id, should_expose=True)
    registry.async_update_entity("vacuum.downstairs", area_id=kitchen.id)
    await hass.async_block_till_done()
    return async_mock_service(hass, "vacuum", "clean_area")


async def test_a_scoped_hub_does_not_clean_with_a_vacuum_outside_its_scope(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """The hub reaches the kitchen's vacuum only. "Clean the kitchen" names no vacuum, so
    Home Assistant cleans with every vacuum: refused, upstairs named nowhere. Naming the
    kitchen's vacuum cleans with it alone."""
    cleanings = await _vacuums(hass)
    entry = await hubs.async_add_hub(
        hass,
        "Home",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: ["vacuum.downstairs"]},
    )

    refused = await _call(hass, entry, hass_admin_user, "HassVacuumCleanArea", area="Kitchen")
    named = await _call(
        hass, entry, hass_admin_user, "HassVacuumCleanArea", area="Kitchen", name="Downstairs"
    )

    assert _ended(refused) == "OutOfScope", refused.data
    assert "upstairs" not in str(refused.data).lower()
    assert _ended(named) == "ran", named.data
    assert [call.data["entity_id"] for call in cleanings] == [["vacuum.downstairs"]]


async def test_a_hub_asks_before_cleaning_with_a_vacuum_it_asks_for_anywhere(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """The hub asks before acting on the vacuum upstairs. "Clean the kitchen" cleans with it
    too (no vacuum named): the call is asked for, nothing cleans unasked."""
    cleanings = await _vacuums(hass)
    entry = await hubs.async_add_hub(
        hass,
        "Home",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_ASK_ENTITIES: ["vacuum.upstairs"]},
    )

    asked = await _call(hass, entry, hass_admin_user, "HassVacuumCleanArea", area="Kitchen")

    assert _ended(asked) == "asks", asked.data
    assert cleanings == []
