"""Attacks on builds from kept decisions that list their tools when first read (issue 36).

A request that calls one tool before reading ``tools`` (MCP Server) finds that tool alone;
each test checks that such a call is refused, gated and named as a whole build would.
"""

from __future__ import annotations

import dataclasses

import pytest
from pytest_homeassistant_custom_component.common import MockUser

from custom_components.llm_hub import const
from custom_components.llm_hub.compose.builder import HubAPIInstance
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm

from ..helpers.attacks import LOCKS, listed
from ..helpers.flows import ASSIST
from ..helpers.homes import async_setup_lights
from ..helpers.hubs import async_add_hub, hub_id, llm_context

pytestmark = pytest.mark.attack


async def _kept(
    hass: HomeAssistant, options: dict[str, object], user: str | None = None
) -> tuple[llm.APIInstance, str]:
    """Return a hub's second instance (from kept decisions, tools unread) and Turn on's name."""
    hub = await async_add_hub(hass, "Hub", options)
    first = await llm.async_get_api(hass, hub_id(hub), llm_context(user))
    name = listed(first, "HassTurnOn").name
    return await llm.async_get_api(hass, hub_id(hub), llm_context(user)), name


async def test_mcp_servers_read_only_filter_blocks_a_tool_found_alone(
    hass: HomeAssistant,
) -> None:
    """MCP Server's read-only option keeps only read-only tools: Turn on, not read-only,
    is then "not found", as from a whole build, though a kept build could find it alone."""
    await async_setup_lights(hass, hall="Hall light")
    kept, name = await _kept(hass, ASSIST)
    assert isinstance(kept, HubAPIInstance)
    kept.tools = [tool for tool in kept.tools if tool.annotations.read_only]

    with pytest.raises(HomeAssistantError, match="not found"):
        await kept.async_call_tool(llm.ToolInput(name, {"name": "Hall light"}))
    assert hass.states.is_state("light.hall", "off")


async def test_a_deferred_instance_replaced_compared_and_shown_lists_its_tools(
    hass: HomeAssistant,
) -> None:
    """``dataclasses.replace``, equality and ``repr`` of an instance whose tools are unread
    see the tools a whole build lists, never an empty list."""
    await async_setup_lights(hass, hall="Hall light")
    kept, name = await _kept(hass, LOCKS)
    assert isinstance(kept, HubAPIInstance)

    copy = dataclasses.replace(kept)

    assert [tool.name for tool in copy.tools] == [tool.name for tool in kept.tools]
    assert name in [tool.name for tool in copy.tools]
    assert copy == kept
    assert name in repr(kept)


async def test_a_hub_that_refuses_the_user_finds_no_tool_alone(
    hass: HomeAssistant, hass_admin_user: MockUser, hass_read_only_user: MockUser
) -> None:
    """A hub for one user only: the allowed user's builds are kept, another user's request
    that calls Turn on at once finds nothing, as a whole build's refusal."""
    await async_setup_lights(hass, hall="Hall light")
    options = {**ASSIST, const.CONF_ALLOWED_USERS: [hass_admin_user.id]}
    kept, name = await _kept(hass, options, hass_admin_user.id)
    assert kept.tools
    hub = hass.config_entries.async_entries(const.DOMAIN)[0]
    other = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_read_only_user.id))

    with pytest.raises(HomeAssistantError, match="not found"):
        await other.async_call_tool(llm.ToolInput(name, {"name": "Hall light"}))
    assert hass.states.is_state("light.hall", "off")
