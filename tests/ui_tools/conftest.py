"""Fixtures of the tests of tools made in the UI: homes whose scripts act on what they are given."""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

from ..helpers.homes import NOTE, WHICH, _attic


@pytest.fixture
async def script_home(hass: HomeAssistant) -> list[Any]:
    """Assist, light.kitchen (exposed), light.attic (not), a script with an entity field."""
    for component in ("homeassistant", "intent", "llm", "conversation"):
        assert await async_setup_component(hass, component, {})
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen"})
    _attic(hass)
    seen: list[Any] = []
    hass.services.async_register("test", "light_on", lambda call: seen.append(dict(call.data)))
    scripts = {
        "which_on": {
            "fields": {"which": {"required": True, "selector": {"entity": {"domain": "light"}}}},
            "sequence": [{"action": "test.light_on", "target": {"entity_id": "{{ which }}"}}],
        }
    }
    assert await async_setup_component(hass, "script", {"script": scripts})
    await hass.async_block_till_done()
    async_expose_entity(hass, "conversation", "script.which_on", should_expose=True)
    return seen


@pytest.fixture
async def seen(hass: HomeAssistant) -> list[Any]:
    """light.kitchen (exposed) and light.attic (not); scripts that act on what they are given."""
    for component in ("homeassistant", "intent", "llm", "conversation"):
        assert await async_setup_component(hass, component, {})
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen"})
    hass.states.async_set("light.attic", "off", {"friendly_name": "Attic"})
    async_expose_entity(hass, "conversation", "light.attic", should_expose=False)
    calls: list[Any] = []
    hass.services.async_register("test", "light_on", lambda call: calls.append(dict(call.data)))
    step = {"action": "test.light_on", "data": {"which": "{{ which }}", "note": "{{ note }}"}}
    scripts = {"which_on": {"fields": WHICH | NOTE, "sequence": [step]}}
    assert await async_setup_component(hass, "script", {"script": scripts})
    await hass.async_block_till_done()
    async_expose_entity(hass, "conversation", "script.which_on", should_expose=True)
    return calls
