"""Fixtures for LLM Hub tests."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any
from unittest.mock import AsyncMock, patch

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockModule,
    MockPlatform,
    async_mock_service,
    mock_config_flow,
    mock_integration,
    mock_platform,
)
from pytest_homeassistant_custom_component.syrupy import HomeAssistantSnapshotExtension
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator
from syrupy.assertion import SnapshotAssertion

# Import our custom_components package before the test plugin puts its own testing_config
# first on sys.path; otherwise setup fails with "Integration not found".
import custom_components.llm_hub  # noqa: F401
from custom_components.llm_hub.const import (
    CONF_PROMPT,
    DOMAIN,
)
from homeassistant.components.repairs import RepairsFlowManager
from homeassistant.config_entries import (
    ConfigEntriesFlowManager,
    ConfigEntry,
    OptionsFlowManager,
)
from homeassistant.const import CONF_LLM_HASS_API, Platform
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.data_entry_flow import FlowHandler, FlowManager, FlowResultType
from homeassistant.helpers import (
    area_registry as ar,
    entity_registry as er,
    floor_registry as fr,
    issue_registry as ir,
    label_registry as lr,
    llm,
)
from homeassistant.helpers.entity_platform import AddEntitiesCallback
from homeassistant.setup import async_setup_component

from .helpers import hubs
from .helpers.agent import (
    AGENT_DOMAIN,
    AGENT_ENTITY_ID,
    AgentConfigFlow,
    AgentSetup,
    HubAgentEntity,
)
from .helpers.every_option import every_option_on
from .helpers.homes import (
    async_setup_assist,
    async_setup_code_home,
    async_setup_scripts,
    async_setup_speakers,
)
from .helpers.mcp import async_hub_url
from .helpers.parity_home import Home, async_setup_home
from .helpers.translations import (
    TRANSLATIONS,
    placeholders_of,
)


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--every-option``: the attack tests with conditions and remembered approvals on."""
    parser.addoption(
        "--every-option",
        action="store_true",
        help="run the attack tests with every hub's conditions and remembered approvals on",
    )


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(
    enable_custom_integrations: None, request: pytest.FixtureRequest
) -> None:
    """Let Home Assistant load custom integrations in every test; ``--every-option`` (attacks)."""
    if request.config.getoption("--every-option") and request.node.get_closest_marker("attack"):
        every_option_on(request.getfixturevalue("monkeypatch"))


def _flow_strings(
    hass: HomeAssistant, manager: FlowManager[Any, Any, Any], flow: FlowHandler
) -> Any:
    """Return the part of en.json an LLM Hub flow's texts come from; None for other flows."""
    if isinstance(manager, ConfigEntriesFlowManager):
        return TRANSLATIONS["config"] if flow.handler == DOMAIN else None
    if isinstance(manager, OptionsFlowManager):
        entry = hass.config_entries.async_get_entry(str(flow.handler))
        return TRANSLATIONS["options"] if entry and entry.domain == DOMAIN else None
    if isinstance(manager, RepairsFlowManager) and flow.handler == DOMAIN:
        issue_id = str(dict(flow.context)["issue_id"])
        issue = ir.async_get(hass).async_get_issue(DOMAIN, issue_id)
        assert issue is not None
        assert issue.translation_key is not None
        return TRANSLATIONS["issues"][issue.translation_key]["fix_flow"]
    return None


def _translation_errors(strings: Any, result: Mapping[str, Any]) -> list[str]:
    """Return what en.json lacks for a flow result, as Home Assistant core's check does.

    A form's or menu's step (title, description), every field (label and description),
    every menu option, error, abort reason and closing note must be there, and every
    placeholder they use must be given.
    """
    texts: list[str] = []
    kind = result["type"]
    if kind in (FlowResultType.FORM, FlowResultType.MENU):
        step = strings["step"].get(result["step_id"])
        if step is None:
            return [f"step {result['step_id']} is not translated"]
        texts += [step.get("title", ""), step.get("description", "")]
        if kind is FlowResultType.MENU:
            texts += [step.get("menu_options", {}).get(option) for option in result["menu_options"]]
        else:
            for key in result["data_schema"].schema if result["data_schema"] else []:
                texts += [step.get("data", {}).get(str(key))]
                texts += [step.get("data_description", {}).get(str(key))]
            texts += [strings["error"].get(error) for error in (result["errors"] or {}).values()]
    elif kind is FlowResultType.ABORT:
        texts += [strings["abort"].get(result["reason"])]
    elif kind is FlowResultType.CREATE_ENTRY and result.get("description"):
        texts += [strings["create_entry"].get(result["description"])]
    given = set(result.get("description_placeholders") or {})
    errors = [f"{result.get('step_id')}: a text is missing" for text in texts if text is None]
    errors += [
        f"{result.get('step_id')}: {text!r} lacks {placeholders_of(text) - given}"
        for text in texts
        if text and not placeholders_of(text) <= given
    ]
    return errors


@pytest.fixture(autouse=True)
def check_translations(hass: HomeAssistant) -> Generator[None]:
    """Fail a test in which an LLM Hub flow shows something en.json does not translate.

    Checks every result of the config, options and repair flows (``_translation_errors``).
    """
    errors: list[str] = []
    flow_strings: dict[str, Any] = {}
    handle_step = FlowManager._async_handle_step  # wrapped, as core's check

    async def checked_step(self: FlowManager[Any, Any, Any], flow: FlowHandler, *args: Any) -> Any:
        # Found at the flow's first step: a fix flow's issue may be gone by its last.
        if flow.flow_id not in flow_strings:
            flow_strings[flow.flow_id] = _flow_strings(hass, self, flow)
        strings = flow_strings[flow.flow_id]
        result = await handle_step(self, flow, *args)
        if strings is not None:
            errors.extend(_translation_errors(strings, result))
        return result

    with patch.object(FlowManager, "_async_handle_step", checked_step):
        yield
    assert not errors, errors


@pytest.fixture
def mock_setup_entry() -> Generator[AsyncMock]:
    """Patch entry setup, for flow tests that only look at the stored entry."""
    with patch("custom_components.llm_hub.async_setup_entry", return_value=True) as mock:
        yield mock


@pytest.fixture
async def setup_llm(hass: HomeAssistant) -> None:
    """Set up the llm integration (the Assist API and llm.py platforms) and homeassistant."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "llm", {})


@pytest.fixture
def config_entry(hass: HomeAssistant) -> MockConfigEntry:
    """Return a hub entry named Kitchen that picks the Assist API, added to hass."""
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Kitchen",
        data={},
        options={CONF_LLM_HASS_API: ["assist"]},
    )
    entry.add_to_hass(hass)
    return entry


@pytest.fixture
async def setup_integration(
    hass: HomeAssistant, setup_llm: None, config_entry: MockConfigEntry
) -> MockConfigEntry:
    """Set up the Kitchen hub entry; return it."""
    assert await hass.config_entries.async_setup(config_entry.entry_id)
    await hass.async_block_till_done()
    return config_entry


@pytest.fixture
def calls() -> list[hubs.Call]:
    """Return the log of the calls of the contributed and admin-only tools."""
    return []


@pytest.fixture
def contributed_tools(calls: list[hubs.Call]) -> list[llm.Tool]:
    """Return the tools the test integration ``hub_tools`` contributes to hubs."""
    return [hubs.BrewTool(calls), hubs.grind_tool(calls)]


@pytest.fixture
def contribution(hass: HomeAssistant, contributed_tools: list[llm.Tool]) -> hubs.Contribution:
    """Load ``hub_tools`` with an llm.py platform that contributes its tools to hubs only."""
    contribution = hubs.Contribution(
        contributed_tools, prompt=hubs.CONTRIBUTOR_PROMPT, only_hubs=True
    )
    hubs.add_llm_platform(hass, hubs.TOOLS_DOMAIN, contribution, built_in=True)
    return contribution


@pytest.fixture
async def hub(
    hass: HomeAssistant, setup_llm: None, contribution: hubs.Contribution
) -> MockConfigEntry:
    """Set up a hub "Kitchen" that picks Assist, with instructions and a contributor."""
    return await hubs.async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_PROMPT: hubs.INSTRUCTIONS}
    )


@pytest.fixture
async def admin_hub(
    hass: HomeAssistant, hub: MockConfigEntry, calls: list[hubs.Call]
) -> MockConfigEntry:
    """Register the admin-only API; set up a hub "Admin hub" that picks it (beside Kitchen)."""
    llm.async_register_api(hass, hubs.admin_only_api(hass, calls))
    return await hubs.async_add_hub(hass, "Admin hub", {CONF_LLM_HASS_API: ["admin_only"]})


@pytest.fixture
def snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Return syrupy's snapshot with Home Assistant's extension (files in tests/snapshots/).

    The test plugin has this fixture too, but syrupy's own is the one pytest picks.
    """
    return snapshot.use_extension(HomeAssistantSnapshotExtension)


@pytest.fixture
async def inspected_hub(
    hass: HomeAssistant, setup_llm: None, contribution: hubs.Contribution, calls: list[hubs.Call]
) -> MockConfigEntry:
    """Set up a hub "Kitchen" (fixed entry id) with contributed tools that picks ``pantry``."""
    llm.async_register_api(hass, hubs.pantry_api(hass, calls))
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Kitchen",
        entry_id=hubs.INSPECTED_ENTRY_ID,
        data={},
        options={CONF_LLM_HASS_API: [hubs.PANTRY], CONF_PROMPT: hubs.INSTRUCTIONS},
    )
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


@pytest.fixture
async def hub_url(
    hass: HomeAssistant, hub: MockConfigEntry, hass_client_no_auth: ClientSessionGenerator
) -> str:
    """Set up the MCP Server (serving Assist at /api/mcp); return the URL of the hub."""
    return await async_hub_url(hass, hub, hass_client_no_auth, require_admin=True)


@pytest.fixture
def setup_agent(hass: HomeAssistant) -> Generator[AgentSetup]:
    """Return a function that sets up the test agent with an LLM API picked in its options."""
    entities: list[HubAgentEntity] = []

    async def async_setup_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
        await hass.config_entries.async_forward_entry_setups(entry, [Platform.CONVERSATION])
        return True

    async def async_setup_platform_entry(
        hass: HomeAssistant, entry: ConfigEntry, async_add_entities: AddEntitiesCallback
    ) -> None:
        entity = HubAgentEntity(entry)
        entities.append(entity)
        async_add_entities([entity])

    async def setup(api_id: str | list[str]) -> HubAgentEntity:
        assert await async_setup_component(hass, "conversation", {})
        mock_integration(hass, MockModule(AGENT_DOMAIN, async_setup_entry=async_setup_entry))
        # A config entry is set up only when its integration has a config flow.
        mock_platform(hass, f"{AGENT_DOMAIN}.config_flow", MockPlatform())
        mock_platform(
            hass,
            f"{AGENT_DOMAIN}.conversation",
            MockPlatform(async_setup_entry=async_setup_platform_entry),
        )
        entry = MockConfigEntry(domain=AGENT_DOMAIN, options={CONF_LLM_HASS_API: api_id})
        entry.add_to_hass(hass)
        assert await hass.config_entries.async_setup(entry.entry_id)
        await hass.async_block_till_done()
        assert hass.states.get(AGENT_ENTITY_ID) is not None
        return entities[0]

    with mock_config_flow(AGENT_DOMAIN, AgentConfigFlow):
        yield setup


@pytest.fixture
async def lights_home(hass: HomeAssistant) -> dict[str, Any]:
    """Two lights (kitchen, porch), a recording service, scripts, mocked light and lock actions."""
    await async_setup_assist(hass)
    registry = er.async_get(hass)
    porch_area = ar.async_get(hass).async_create("Porch")
    outside = fr.async_get(hass).async_create("Outside")
    ar.async_get(hass).async_update(porch_area.id, floor_id=outside.floor_id)
    label = lr.async_get(hass).async_create("Outdoor")
    porch = registry.async_get_or_create(
        "light", "test", "porch", suggested_object_id="porch", original_name="Porch"
    )
    registry.async_update_entity(porch.entity_id, area_id=porch_area.id, labels={label.label_id})
    hass.states.async_set("light.porch", "off", {"friendly_name": "Porch"})
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen"})
    seen: list[Any] = []

    def _record(call: ServiceCall) -> None:
        seen.append(dict(call.data))

    hass.services.async_register("test", "light_on", _record)
    scripts = {
        "kitchen_on": {
            "sequence": [{"action": "test.light_on", "target": {"entity_id": "light.kitchen"}}]
        },
        "porch_on": {
            "sequence": [{"action": "test.light_on", "target": {"entity_id": "light.porch"}}]
        },
    }
    await async_setup_scripts(hass, scripts)
    return {
        "seen": seen,
        "light_on": async_mock_service(hass, "light", "turn_on"),
        "floor": outside.floor_id,
        "label": label.label_id,
        "porch_area": porch_area.id,
    }


@pytest.fixture
async def parity_home(hass: HomeAssistant) -> Home:
    """Set up the test home."""
    return await async_setup_home(hass)


@pytest.fixture
async def speakers(hass: HomeAssistant) -> None:
    """Demo's media players and the script "Kitchen party" (``async_setup_speakers``)."""
    await async_setup_speakers(hass)


@pytest.fixture
async def code_home(hass: HomeAssistant) -> None:
    """The porch code sensor, the front door, the Kitchen light, "Kitchen noop" (Kitchen)."""
    await async_setup_code_home(hass)
