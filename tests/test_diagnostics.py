"""Diagnostics of a hub entry, downloaded over HTTP like from the hub's page."""

from __future__ import annotations

import json
from typing import Any

from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
)
from pytest_homeassistant_custom_component.components.diagnostics import (
    get_diagnostics_for_config_entry,
)
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator
from syrupy.assertion import SnapshotAssertion
from syrupy.filters import props

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import ERROR_TEXT_LENGTH, EVENT_TOOL_CALLED
from custom_components.llm_hub.compose.platforms import RECENT_PLATFORM_ERRORS
from custom_components.llm_hub.confirm.approvals import DATA_APPROVALS
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from .helpers import hubs


async def test_diagnostics(
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    hass_client: ClientSessionGenerator,
    hass_admin_user: MockUser,
    snapshot: SnapshotAssertion,
) -> None:
    """Options with the instructions redacted, tools and sizes, counters, calls, errors."""
    hass.config_entries.async_update_entry(
        inspected_hub, options={**inspected_hub.options, const.CONF_RECORD_ARGUMENTS: True}
    )
    assert await hass.config_entries.async_reload(inspected_hub.entry_id)
    hubs.add_llm_platform(
        hass, "flaky", hubs.Contribution(None, raises=RuntimeError("flaky is down"))
    )
    llm_context = hubs.llm_context(hass_admin_user.id, platform="test_agent")
    instance = await llm.async_get_api(hass, hubs.hub_id(inspected_hub), llm_context)
    await instance.async_call_tool(llm.ToolInput(hubs.BREW, {"size": "small"}))
    # An argument the tool does not take, with a secret-like name.
    await instance.async_call_tool(llm.ToolInput(hubs.BREW, {"size": "small", "pin": "1234"}))

    diagnostics: dict[str, Any] = await get_diagnostics_for_config_entry(
        hass, hass_client, inspected_hub
    )

    assert diagnostics == snapshot(exclude=props("time", "duration_ms", "tool_call_id", "user_id"))
    [ok, failed] = diagnostics["recent_calls"]
    assert ok["user_id"] == failed["user_id"] == hass_admin_user.id
    assert failed["arguments"] == {"size": "small", "pin": "**REDACTED**"}
    assert diagnostics["options"]["prompt"] == "**REDACTED**"
    # The same error of a platform is kept once, counted: the call's build and this one.
    [error] = diagnostics["platform_errors"]
    assert (error["domain"], error["error"], error["count"]) == (
        "flaky",
        "RuntimeError('flaky is down')",
        2,
    )


async def test_diagnostics_and_events_hold_no_live_confirmation_token(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_client: ClientSessionGenerator,
    hass_admin_user: MockUser,
) -> None:
    """The token a call asking for confirmation hands out is the model's alone: the last
    calls (diagnostics) keep the error text with the token redacted, events never carry it,
    and the model can still use it."""
    await hubs.async_set_options(
        hass,
        hub,
        "safety",
        {
            const.CONF_READ_ONLY: False,
            const.CONF_NO_DESTRUCTIVE: False,
            const.CONF_NO_OPEN_WORLD: False,
            const.CONF_CONFIRM_DESTRUCTIVE: False,
            const.CONF_CONFIRM_TOOLS: [hubs.BREW],
            const.CONF_TIMEOUT: 60,
        },
    )
    await hubs.async_set_options(
        hass, hub, "limits", {const.CONF_MAX_TOOLS: 128, const.CONF_RECORD_ARGUMENTS: True}
    )
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context(hass_admin_user.id))
    asked = await instance.async_call_tool(llm.ToolInput(hubs.BREW, {"size": "small"}))
    token = asked.data["confirmation_token"]
    asking = asked.data["message"]  # waiting for approval is no error
    assert isinstance(token, str)
    assert isinstance(asking, str)

    diagnostics: dict[str, Any] = await get_diagnostics_for_config_entry(hass, hass_client, hub)

    [call] = diagnostics["recent_calls"]
    assert call["outcome"] == "needs_confirmation"
    text = asking.replace(token, "**REDACTED**")
    assert call["error"] == text[:ERROR_TEXT_LENGTH]
    assert '"confirmation_token": "**REDACTED**"' in call["error"]
    assert token not in json.dumps(diagnostics)
    assert token not in json.dumps([event.data for event in events])
    # Without a conversation, the token is an approval id: a person approves first.
    hass.data[DATA_APPROVALS].async_decide(token, hass_admin_user, approve=True)
    ran = await instance.async_call_tool(
        llm.ToolInput(hubs.BREW, {"size": "small", "confirmation_token": token})
    )
    assert ran.data["brewed"] == 1


async def test_diagnostics_of_a_hub_that_cannot_be_built(
    hass: HomeAssistant, admin_hub: MockConfigEntry, hass_client: ClientSessionGenerator
) -> None:
    """Diagnostics still download when the tools cannot be built (here: no owner yet)."""
    diagnostics: dict[str, Any] = await get_diagnostics_for_config_entry(
        hass, hass_client, admin_hub
    )

    assert diagnostics["llm_api"] == {
        "error": "LLM Hub Admin hub requires an administrator: it selects an LLM API only "
        "administrators may use"
    }
    assert diagnostics["counters"] == {
        "calls": 0,
        "errors": 0,
        "refused": 0,
        "needs_confirmation": 0,
    }
    assert diagnostics["recent_calls"] == []


async def test_diagnostics_as_the_owner(
    hass: HomeAssistant,
    admin_hub: MockConfigEntry,
    hass_client: ClientSessionGenerator,
    hass_owner_user: MockUser,
) -> None:
    """The tools are built for the owner, so admin-only picks are listed."""
    diagnostics: dict[str, Any] = await get_diagnostics_for_config_entry(
        hass, hass_client, admin_hub
    )

    names = {tool["name"] for tool in diagnostics["llm_api"]["tools"]}
    assert "admin_only__list_users" in names


async def test_platform_errors_are_bounded(
    hass: HomeAssistant, hub: MockConfigEntry, hass_client: ClientSessionGenerator
) -> None:
    """The most recent different platform errors are kept; the oldest go first."""
    flaky = hubs.Contribution(None)
    hubs.add_llm_platform(hass, "flaky", flaky)
    for attempt in range(RECENT_PLATFORM_ERRORS + 2):
        flaky.raises = RuntimeError(f"attempt {attempt}")
        await llm.async_get_api(
            hass, hubs.hub_id(hub), llm.LLMContext("test", None, None, "", None)
        )

    diagnostics: dict[str, Any] = await get_diagnostics_for_config_entry(hass, hass_client, hub)

    errors = [error["error"] for error in diagnostics["platform_errors"]]
    assert len(errors) == RECENT_PLATFORM_ERRORS
    assert errors[0] == "RuntimeError('attempt 2')"
    assert errors[-1] == f"RuntimeError('attempt {RECENT_PLATFORM_ERRORS + 1}')"
