"""A hub's tool policy, tried as a prompt-injected model would (issue 12)."""

from __future__ import annotations

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.llm_hub import const
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError

from ..helpers.confirm import _call
from ..helpers.hostile import hostile_tools
from ..helpers.hubs import BREW, Call

contributed_tools = pytest.fixture(hostile_tools, name="contributed_tools")
"""The tools of ``hub_tools``: BREW, GRIND, NOTE, ECHO and FAIL (``hostile_tools``)."""


@pytest.mark.attack
async def test_original_key_of_an_aliased_tool_keeps_its_policy(
    hass: HomeAssistant, hub: MockConfigEntry, hass_read_only_user: MockUser, calls: list[Call]
) -> None:
    """The model calls a tool by its key (as the contributor's prompt says), not its alias.

    Confirmed by alias: still asked. Aliased and left out: refused by key (recorded as
    refused), the alias not found.
    """
    overrides = {const.CONF_OVERRIDES: {BREW: {const.CONF_ALIAS: "coffee"}}}
    confirmed = {**hub.options, **overrides, const.CONF_CONFIRM_TOOLS: [BREW]}
    hass.config_entries.async_update_entry(hub, options=confirmed)
    await hass.config_entries.async_reload(hub.entry_id)
    asked = await _call(hass, hub, hass_read_only_user.id, BREW, {"size": "small"})

    hass.config_entries.async_update_entry(
        hub, options={**hub.options, **overrides, const.CONF_EXCLUDED_TOOLS: [BREW]}
    )
    await hass.config_entries.async_reload(hub.entry_id)
    refused = await _call(hass, hub, hass_read_only_user.id, BREW, {"size": "small"})
    assert refused.data["error"] == "ToolNotAvailable"
    assert "unchecked" in str(refused.data["error_text"])
    assert hub.runtime_data.api.audit.counters.refused == 1
    with pytest.raises(HomeAssistantError):
        await _call(hass, hub, hass_read_only_user.id, "coffee", {"size": "small"})

    assert asked.data["status"] == "approval_required"
    assert "tool coffee waits" in str(asked.data["message"])
    assert calls == []
