"""A hub's sources: admin checks from one snapshot, and one slow source never stalls a hub."""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from typing import Any, override
from unittest.mock import patch

import pytest
from pytest_homeassistant_custom_component.common import MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub.compose.platforms import DATA_PLATFORMS, PLATFORM_NAME
from custom_components.llm_hub.diagnostics import async_get_config_entry_diagnostics
from homeassistant.components.llm import LLMToolsPlatformProtocol
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import Unauthorized
from homeassistant.helpers import llm
from homeassistant.helpers.integration_platform import LazyIntegrationPlatforms

from ..helpers import hubs

BUDGET = 0.05
"""The source budget in these tests, in seconds (``const.SOURCE_BUDGET`` is 10)."""


@pytest.fixture(autouse=True)
def short_budget() -> Generator[None]:
    """Give each source ``BUDGET`` seconds instead of 10."""
    with patch("custom_components.llm_hub.compose.sources.SOURCE_BUDGET", BUDGET):
        yield


def _names(instance: llm.APIInstance) -> set[str]:
    """Return the names of an instance's tools but the one ``llm`` gives every API."""
    return {tool.name for tool in instance.tools} - {"llm__GetDateTime"}


def _secret_api(hass: HomeAssistant, api_id: str) -> hubs.AdminAPI:
    return hubs.AdminAPI(hass, api_id, "Secret", [hubs.RecordingTool("secret__read")])


# --- 2d: the admin check and the build see the same APIs ----------------------------------


async def test_admin_api_registered_by_a_contributor_during_the_build(
    hass: HomeAssistant, setup_llm: None, hass_read_only_user: MockUser
) -> None:
    """An admin-only API that registers while a hub builds does not reach a non-admin."""
    llm.async_register_api(
        hass, hubs.FixedAPI(hass, "open", "Open", [hubs.RecordingTool("open__read")])
    )
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["open", "late"]})
    registered = False

    class Registering(hubs.Contribution):
        @override
        def contributes_to(self, api_id: str) -> bool:
            nonlocal registered
            if not registered:
                registered = True
                llm.async_register_api(hass, _secret_api(hass, "late"))
            return False

    hubs.add_llm_platform(hass, "registrar", Registering(tools=[]))

    instance = await llm.async_get_api(
        hass, hubs.hub_id(entry), hubs.llm_context(hass_read_only_user.id)
    )

    assert registered
    assert _names(instance) == {"open__read"}
    # The next request sees it from the start: the hub is admin-only now.
    with pytest.raises(Unauthorized):
        await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context(hass_read_only_user.id))


async def test_admin_api_swapped_in_during_a_selected_apis_build(
    hass: HomeAssistant, setup_llm: None, hass_read_only_user: MockUser
) -> None:
    """An API replaced by an admin-only one under the same id while the hub builds: the
    object the admin check saw is the one built."""
    unregister = llm.async_register_api(
        hass, hubs.FixedAPI(hass, "swap", "Swap", [hubs.RecordingTool("swap__public")])
    )

    class Swapping(hubs.FixedAPI):
        @override
        async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
            unregister()
            llm.async_register_api(hass, _secret_api(hass, "swap"))
            return await super().async_get_api_instance(llm_context)

    llm.async_register_api(hass, Swapping(hass, "builder", "Builder", []))
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["builder", "swap"]})

    instance = await llm.async_get_api(
        hass, hubs.hub_id(entry), hubs.llm_context(hass_read_only_user.id)
    )

    assert _names(instance) == {"swap__public"}


async def test_api_that_becomes_admin_only_during_the_build_is_left_out(
    hass: HomeAssistant,
    setup_llm: None,
    hass_read_only_user: MockUser,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An API object that declares itself admin-only after the check is not built."""
    flipping = hubs.FixedAPI(hass, "flip", "Flip", [hubs.RecordingTool("flip__read")])

    class Flipper(hubs.FixedAPI):
        @override
        async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
            flipping.requires_admin = True  # type: ignore[attr-defined]
            return await super().async_get_api_instance(llm_context)

    llm.async_register_api(hass, Flipper(hass, "flipper", "Flipper", []))
    llm.async_register_api(hass, flipping)
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["flipper", "flip"]})

    instance = await llm.async_get_api(
        hass, hubs.hub_id(entry), hubs.llm_context(hass_read_only_user.id)
    )

    assert _names(instance) == set()
    assert "LLM Hub Kitchen leaves out flip: it requires an administrator" in caplog.text


# --- 4: one slow source --------------------------------------------------------------------


class NeverAPI(hubs.FixedAPI):
    """An LLM API whose instance never comes back."""

    started = 0

    @override
    async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
        self.started += 1
        await asyncio.Event().wait()
        raise AssertionError  # never reached


async def test_a_selected_api_that_never_answers_is_left_out(
    hass: HomeAssistant,
    setup_llm: None,
    hass_ws_client: WebSocketGenerator,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The rest is served within the budget, logged once, shown in describe and diagnostics."""
    never = NeverAPI(hass, "never", "Never", [])
    llm.async_register_api(hass, never)
    llm.async_register_api(
        hass, hubs.FixedAPI(hass, "open", "Open", [hubs.RecordingTool("open__read")])
    )
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["never", "open"]})

    first = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    second = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())

    message = (
        f"LLM Hub Kitchen left out the LLM API never: it gave no tools within {BUDGET:g} s; "
        "serving the rest"
    )
    assert _names(first) == _names(second) == {"open__read"}
    assert never.started == 2
    assert caplog.text.count(message) == 1
    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hubs.hub_id(entry)})
    described = (await client.receive_json())["result"]
    assert described["warnings"] == [message]
    diagnostics = await async_get_config_entry_diagnostics(hass, entry)
    assert diagnostics["llm_api"]["warnings"] == [message]
    [slow] = diagnostics["slow_sources"]
    assert slow["source"] == "never"
    assert slow["kind"] == "llm_api"
    assert slow["count"] == 4  # two requests, describe, diagnostics


async def test_own_timeout_of_an_api_is_its_failure(
    hass: HomeAssistant, setup_llm: None, caplog: pytest.LogCaptureFixture
) -> None:
    """A selected API that raises ``TimeoutError`` itself fails; it is not counted slow."""

    class Failing(hubs.FixedAPI):
        @override
        async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
            raise TimeoutError

    llm.async_register_api(hass, Failing(hass, "failing", "Failing", []))
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["failing"]})

    await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())

    assert "could not get the tools of the LLM API failing" in caplog.text
    assert entry.runtime_data.api.slow_sources.as_list() == []


async def test_a_selected_hub_has_no_budget_of_its_own(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """A hub selecting a hub lets the inner hub keep its own budgets: the inner hub's other
    sources still reach the outer hub."""
    llm.async_register_api(hass, NeverAPI(hass, "never", "Never", []))
    llm.async_register_api(
        hass, hubs.FixedAPI(hass, "open", "Open", [hubs.RecordingTool("open__read")])
    )
    inner = await hubs.async_add_hub(hass, "Inner", {CONF_LLM_HASS_API: ["never", "open"]})
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})

    instance = await llm.async_get_api(hass, hubs.hub_id(outer), hubs.llm_context())

    assert _names(instance) == {"open__read"}
    assert inner.runtime_data.api.slow_sources.as_list()[0]["source"] == "never"
    assert outer.runtime_data.api.slow_sources.as_list() == []


def _hold_load(
    hass: HomeAssistant, domain: str, release: asyncio.Event, error: Exception | None = None
) -> None:
    """Load the llm.py platforms through Home Assistant's lazy loader; that of ``domain``
    waits for ``release``, then fails with ``error`` if one is given."""

    async def process(
        hass: HomeAssistant, loading: str, platform: LLMToolsPlatformProtocol
    ) -> LLMToolsPlatformProtocol:
        if loading == domain:
            await release.wait()
            if error is not None:
                raise error
        return platform

    hass.data[DATA_PLATFORMS] = LazyIntegrationPlatforms[LLMToolsPlatformProtocol](
        hass, PLATFORM_NAME, process
    )


async def test_a_contributor_that_never_loads_is_left_out(
    hass: HomeAssistant, setup_llm: None, caplog: pytest.LogCaptureFixture
) -> None:
    """A contributor whose platform never loads holds up no request for longer than the
    budget; the other contributors and selected APIs are served, and it is used once loaded."""
    release = asyncio.Event()
    hubs.add_llm_platform(
        hass, "slow_tools", hubs.Contribution([hubs.RecordingTool("slow_tools__read")])
    )
    hubs.add_llm_platform(
        hass, "quick_tools", hubs.Contribution([hubs.RecordingTool("quick_tools__read")])
    )
    llm.async_register_api(
        hass, hubs.FixedAPI(hass, "open", "Open", [hubs.RecordingTool("open__read")])
    )
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["open"]})
    # Platforms load through Home Assistant's lazy loader; this one's load hangs.
    _hold_load(hass, "slow_tools", release)

    first = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    second = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    release.set()
    await hass.async_block_till_done()
    third = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())

    served = {"quick_tools__read", "open__read"}
    assert _names(first) == _names(second) == served
    assert _names(third) == served | {"slow_tools__read"}
    message = "LLM Hub Kitchen left out the llm.py platform of slow_tools"
    assert caplog.text.count(message) == 1
    slow: list[dict[str, Any]] = entry.runtime_data.api.slow_sources.as_list()
    assert [(each["source"], each["kind"], each["count"]) for each in slow] == [
        ("slow_tools", "llm_platform", 2)
    ]


async def test_a_contributor_whose_load_fails_is_logged_by_home_assistant(
    hass: HomeAssistant, setup_llm: None, caplog: pytest.LogCaptureFixture
) -> None:
    """A platform that fails to load while a request waits is left out, not counted slow."""
    release = asyncio.Event()
    hubs.add_llm_platform(
        hass, "broken_tools", hubs.Contribution([hubs.RecordingTool("broken_tools__read")])
    )
    entry = await hubs.async_add_hub(hass, "Kitchen", {})
    _hold_load(hass, "broken_tools", release, RuntimeError("broken platform"))

    request = hass.async_create_task(
        llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    )
    await asyncio.sleep(0)
    release.set()
    instance = await request

    assert "broken_tools__read" not in _names(instance)
    assert entry.runtime_data.api.slow_sources.as_list() == []
    assert "Error processing llm platform for broken_tools" in caplog.text
