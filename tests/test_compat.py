"""Each answer of ``compat`` checked against the installed Home Assistant and probatio.

These fail first when a new Home Assistant or probatio release changes what LLM Hub relies
on; the hub's other modules ask ``compat`` instead of testing versions.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockUser
import voluptuous as vol

from custom_components.llm_hub import compat
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import Unauthorized
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

from .helpers.hubs import AdminAPI, FixedAPI, RecordingTool, llm_context


async def test_requires_admin_is_enforced_by_home_assistant_exactly_when_declared(
    hass: HomeAssistant, hass_read_only_user: MockUser
) -> None:
    """Home Assistant refuses a non-admin an admin-only API iff ``llm.API`` declares it."""
    llm.async_register_api(hass, AdminAPI(hass, "admin-api", "Admin API", []))
    user_context = llm_context(hass_read_only_user.id)

    if compat.API_HAS_REQUIRES_ADMIN:
        with pytest.raises(Unauthorized):
            await llm.async_get_api(hass, "admin-api", user_context)
    else:
        instance = await llm.async_get_api(hass, "admin-api", user_context)
        assert instance.api.id == "admin-api"
    assert (
        "requires_admin" in {field.name for field in dataclasses.fields(llm.API)}
    ) == compat.API_HAS_REQUIRES_ADMIN


async def test_agents_prefix_every_tool_matches_merged_api(hass: HomeAssistant) -> None:
    """Agents' ``MergedAPI`` prefixes tools that do not collide iff the flag says so."""
    llm.async_register_api(hass, FixedAPI(hass, "first", "First", [RecordingTool("one")]))
    llm.async_register_api(hass, FixedAPI(hass, "second", "Second", [RecordingTool("two")]))

    merged = await llm.async_get_api(hass, ["first", "second"], llm_context())

    names = sorted(tool.name for tool in merged.tools)
    if compat.AGENTS_PREFIX_EVERY_TOOL:
        assert names == ["first__one", "second__two"]
    else:
        assert names == ["one", "two"]


def test_invalid_errors_catch_what_validators_raise() -> None:
    """probatio's and voluptuous's ``Invalid`` are both caught."""
    for schema in (probatio.Schema({"a": int}), vol.Schema({"a": int})):
        with pytest.raises(compat.INVALID_ERRORS):
            schema({"a": "not a number"})
    assert probatio.Invalid in compat.INVALID_ERRORS


def test_api_requires_admin() -> None:
    """An API that declares ``requires_admin`` is admin-only; one that cannot say is not."""
    hass = object.__new__(HomeAssistant)
    assert compat.api_requires_admin(AdminAPI(hass, "a", "A", [])) is True
    assert compat.api_requires_admin(FixedAPI(hass, "b", "B", [])) is False


def test_llm_context_agent_id() -> None:
    """``agent_id`` where ``LLMContext`` has it, else None."""
    context = llm_context()
    if "agent_id" in {field.name for field in dataclasses.fields(llm.LLMContext)}:
        agent: dict[str, Any] = {"agent_id": "conversation.agent"}  # not in 2026.10
        with_agent = dataclasses.replace(context, **agent)
        assert compat.llm_context_agent_id(with_agent) == "conversation.agent"
    else:
        assert compat.llm_context_agent_id(context) is None


def test_probatio_marker_internals() -> None:
    """probatio keeps a key's default as a factory and ``resolve_key`` finds the bare key.

    The schema cache compares defaults and the cleaner finds keys this way; a probatio
    release that changes either fails here first.
    """
    assert compat.marker_default(probatio.Optional("a", default=3)) == 3
    assert compat.marker_default(probatio.Optional("b", default=list)) == []
    assert compat.marker_default(probatio.Required("c")) is probatio.UNDEFINED
    assert compat.resolve_key(probatio.Optional("d", description="D")).key == "d"
    assert compat.resolve_key("e").key == "e"


async def test_driven_entities_read_from_a_thermostat_and_unknown_once_renamed(
    hass: HomeAssistant,
) -> None:
    """A ``generic_thermostat`` names its heater where ``compat`` reads it.

    A release that keeps it under another name leaves what the thermostat switches unknown
    (``LookupError``), never nothing.
    """
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"heater": {}}})
    hass.states.async_set("sensor.temperature", "19", {"unit_of_measurement": "°C"})
    thermostat = {
        "platform": "generic_thermostat",
        "name": "Thermostat",
        "heater": "input_boolean.heater",
        "target_sensor": "sensor.temperature",
    }
    assert await async_setup_component(hass, "climate", {"climate": [thermostat]})
    await hass.async_block_till_done()

    assert compat.driven_entities(hass, "climate.thermostat") == ["input_boolean.heater"]
    del hass.data["climate"].get_entity("climate.thermostat").heater_entity_id
    with pytest.raises(LookupError, match=r"climate\.thermostat"):
        compat.driven_entities(hass, "climate.thermostat")
