"""Fixtures of the tests of tools made in the UI: homes whose scripts act on what they are given."""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant

from ..helpers.homes import NOTE, WHICH, async_setup_attic_home


@pytest.fixture
async def script_home(hass: HomeAssistant) -> list[Any]:
    """Assist, light.kitchen (exposed), light.attic (not), a script with an entity field."""
    step = {"action": "test.light_on", "target": {"entity_id": "{{ which }}"}}
    return await async_setup_attic_home(hass, {"which_on": {"fields": WHICH, "sequence": [step]}})


@pytest.fixture
async def seen(hass: HomeAssistant) -> list[Any]:
    """light.kitchen (exposed) and light.attic (not); scripts that act on what they are given."""
    step = {"action": "test.light_on", "data": {"which": "{{ which }}", "note": "{{ note }}"}}
    return await async_setup_attic_home(
        hass, {"which_on": {"fields": WHICH | NOTE, "sequence": [step]}}
    )
