"""What a call names, resolved to entities (``targets.resolve``): members and matches."""

from __future__ import annotations

import pytest

from custom_components.llm_hub.targets.resolve import match, match_targets, matched_once, members
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er, intent
from homeassistant.setup import async_setup_component


@pytest.fixture
async def bells(hass: HomeAssistant) -> None:
    """Set up two helpers both named "Bell" (kitchen, porch), a "Gong", and a switch group.

    ``switch.bells`` (a ``group`` platform switch) holds the template switches
    ``switch.kitchen`` and ``switch.porch``.
    """
    assert await async_setup_component(hass, "homeassistant", {})
    helpers = {
        "kitchen_bell": {"name": "Bell"},
        "porch_bell": {"name": "Bell"},
        "gong": {"name": "Gong"},
    }
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": helpers})
    group = {
        "platform": "group",
        "name": "Bells",
        "unique_id": "bells",
        "entities": ["switch.kitchen", "switch.porch"],
    }
    switches = [
        {"name": name, "state": f"{{{{ is_state('input_boolean.{name.lower()}_bell', 'on') }}}}"}
        for name in ("Kitchen", "Porch")
    ]
    # The group first: once set up for template, switch takes no configuration.
    assert await async_setup_component(hass, "switch", {"switch": [group]})
    assert await async_setup_component(hass, "template", {"template": [{"switch": switches}]})
    await hass.async_block_till_done()


async def test_members_of_a_group_named_by_its_registry_id(
    hass: HomeAssistant, bells: None
) -> None:
    """A group named by its registry id (as a UI target stores it) holds its members."""
    entry = er.async_get(hass).async_get("switch.bells")
    assert entry is not None

    assert members(hass, [entry.id]) == {"switch.bells", "switch.kitchen", "switch.porch"}


def _bell() -> intent.MatchTargetsConstraints:
    return intent.MatchTargetsConstraints(name="Bell", assistant=None)


async def test_match_of_a_name_two_share_finds_the_one_within(
    hass: HomeAssistant, bells: None
) -> None:
    """A name two entities share matches the one within reach (Assist: a duplicate)."""
    assert (
        intent.async_match_targets(hass, _bell()).no_match_reason
        == intent.MatchFailedReason.DUPLICATE_NAME
    )

    found = match(
        hass,
        _bell(),
        intent.MatchTargetsPreferences(),
        lambda entity_id: entity_id == "input_boolean.porch_bell",
    )

    assert found.is_match
    assert [state.entity_id for state in found.states] == ["input_boolean.porch_bell"]


async def test_match_of_a_name_only_outside_reach_is_not_exposed(
    hass: HomeAssistant, bells: None
) -> None:
    """A name whose one entity is out of reach fails as a name not exposed does."""
    gong = intent.MatchTargetsConstraints(name="Gong", assistant=None)
    assert intent.async_match_targets(hass, gong).is_match

    found = match(
        hass, gong, intent.MatchTargetsPreferences(), lambda entity_id: "bell" in entity_id
    )

    assert not found.is_match
    assert found.no_match_reason == intent.MatchFailedReason.ASSISTANT


async def test_a_call_matches_the_same_targets_once(hass: HomeAssistant, bells: None) -> None:
    """Within one call (``matched_once``) a match of the same constraints is made once and
    others are made apart; outside, each match is made anew."""
    gong = intent.MatchTargetsConstraints(name="Gong")
    bell = intent.MatchTargetsConstraints(name="Bell", allow_duplicate_names=True)
    preferences = intent.MatchTargetsPreferences()

    with matched_once():
        first = match_targets(hass, gong, preferences)
        other = match_targets(hass, bell, preferences)
        with matched_once():  # entered again (a selected hub's tool): the same call
            again = match_targets(hass, gong, preferences)
        assert match_targets(hass, bell, preferences) is other
    after = match_targets(hass, gong, preferences)

    assert again is first
    assert [state.entity_id for state in first.states] == ["input_boolean.gong"]
    assert len(other.states) == 2
    assert after is not first
    assert after.states == first.states
