"""A hub's tool policy, tried as a prompt-injected model would (issue 12)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, override

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.llm_hub import const
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import intent, llm

from ..helpers.attacks import call_hub
from ..helpers.confirm import _call
from ..helpers.hostile import hostile_tools
from ..helpers.hubs import BREW, Call, FixedAPI, async_add_hub

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


# --- What the policy keeps between builds: any handler an integration registers ---------------


@dataclass
class _BellHandler(intent.IntentHandler):
    """An integration's intent handler written as a dataclass (so, unhashable)."""

    intent_type: str = "RingBell"
    description: str = "Rings a bell."
    rung: int = 0

    @property
    @override
    def slot_schema(self) -> dict[Any, Any]:
        """Take a bell's name."""
        return {"name": str}

    @override
    async def async_handle(self, intent_obj: intent.Intent) -> intent.IntentResponse:
        """Ring."""
        self.rung += 1
        return intent_obj.create_response()


@pytest.mark.attack
async def test_an_unhashable_intent_handler_does_not_take_the_hub_down(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """An integration registers its intent handler as a dataclass (unhashable) and offers
    its ``IntentTool`` through an API a hub selects; the hub always asks before locks. The
    hub must still build (its other tools work) and the bell's call be decided, not crash."""
    handler = _BellHandler()
    intent.async_register(hass, handler)
    bell = llm.IntentTool("ring_bell", handler)
    llm.async_register_api(hass, FixedAPI(hass, "bells", "Bells", [bell]))
    hub = await async_add_hub(
        hass, "Home", {CONF_LLM_HASS_API: ["bells"], const.CONF_ASK_DOMAINS: ["lock"]}
    )

    outcome, data = await call_hub(hass, hub, "ring_bell", {"name": "Front"})

    assert outcome in {"ran", "asks"}, data
