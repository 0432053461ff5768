"""The panel's websocket commands over the real websocket API: APIs, activity, providers."""

from __future__ import annotations

from datetime import timedelta
import importlib
from types import ModuleType
from typing import Any, override
from unittest.mock import patch

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator
from syrupy.assertion import SnapshotAssertion

from custom_components.llm_hub import const
from custom_components.llm_hub.panel.commands import PROVIDERS
from custom_components.llm_hub.search.meta_tools import CALL_TOOL, SEARCH_TOOLS
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import issue_registry as ir, llm

from ..helpers import hubs

type Client = Any
"""A websocket client of the test plugin (``MockHAClientWebSocket``)."""

LOUNGE_ENTRY_ID = "01JPANELLOUNGE000000000000"
CELLAR_ENTRY_ID = "01JPANELCELLAR000000000000"


class BrokenAPI(hubs.FixedAPI):
    """An API whose instance cannot be built."""

    @override
    async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
        """Fail."""
        raise HomeAssistantError("The broken API is broken")


async def _ws(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    """Send a command; return its response."""
    await client.send_json_auto_id(message)
    response: dict[str, Any] = await client.receive_json()
    return response


def _error(response: dict[str, Any]) -> tuple[str, str]:
    assert not response["success"]
    return response["error"]["code"], response["error"]["message"]


async def _call(client: Client, api_id: str, tool_name: str, **tool_args: Any) -> None:
    """Call a tool through the test bench command; the call must have run."""
    response = await _ws(
        client,
        {
            "type": "llm_hub/tool/call",
            "api_id": api_id,
            "tool_name": tool_name,
            "tool_args": tool_args,
        },
    )
    assert response["success"], response


@pytest.fixture
async def more_hubs(hass: HomeAssistant, inspected_hub: MockConfigEntry) -> list[MockConfigEntry]:
    """Add "Lounge" (picks a missing API, a limit of 1 tool) and "Cellar" (not set up)."""
    lounge = MockConfigEntry(
        domain=const.DOMAIN,
        title="Lounge",
        entry_id=LOUNGE_ENTRY_ID,
        data={},
        options={
            CONF_LLM_HASS_API: ["music"],
            const.CONF_MAX_TOOLS: 1,
            const.CONF_RECORD_ARGUMENTS: True,
        },
    )
    lounge.add_to_hass(hass)
    assert await hass.config_entries.async_setup(lounge.entry_id)
    cellar = MockConfigEntry(domain=const.DOMAIN, title="Cellar", entry_id=CELLAR_ENTRY_ID, data={})
    cellar.add_to_hass(hass)
    llm.async_register_api(hass, BrokenAPI(hass, "broken", "Broken", []))
    # An issue of another integration is no hub's.
    ir.async_create_issue(
        hass,
        "other",
        "other_issue",
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        translation_key="x",
    )
    await hass.async_block_till_done()
    return [lounge, cellar]


async def test_list_apis(
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    more_hubs: list[MockConfigEntry],
    hass_ws_client: WebSocketGenerator,
    snapshot: SnapshotAssertion,
) -> None:
    """Every hub (loaded or not) and every other API, with sizes, limits, repairs and calls."""
    client = await hass_ws_client(hass)
    await _call(client, hubs.hub_id(inspected_hub), hubs.COUNT, number=1)
    await _call(client, hubs.hub_id(inspected_hub), hubs.GRIND)
    await _call(client, hubs.PANTRY, hubs.COUNT, number=1)  # not through a hub: not counted

    response = await _ws(client, {"type": "llm_hub/apis/list"})

    assert response["success"]
    result = response["result"]
    assert result.pop("since")
    assert result == snapshot
    rows = {row["id"]: row for row in result["apis"]}
    kitchen = rows[hubs.hub_id(inspected_hub)]
    assert kitchen["calls_24h"] == 2
    assert kitchen["tokens"] > 0
    assert kitchen["repairs"] == []
    lounge = rows[f"llm_hub-{LOUNGE_ENTRY_ID}"]
    assert lounge["over_limit"] is True
    assert lounge["repairs"] == [f"missing_api_{LOUNGE_ENTRY_ID}_music"]
    cellar = rows[f"llm_hub-{CELLAR_ENTRY_ID}"]
    assert cellar["state"] == "not_loaded"
    assert cellar["tools"] is None
    assert rows["broken"]["error"] == "The broken API is broken"
    # Hubs first, each group by name.
    assert [row["name"] for row in result["apis"]][:3] == ["Cellar", "Kitchen", "Lounge"]


async def test_search_mode_in_words(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """In search mode: the meta-tools first, each tool listed or reachable, sources by name."""
    await hubs.async_set_options(
        hass,
        inspected_hub,
        "search",
        {const.CONF_TOOL_MODE: "search", const.CONF_PINNED_TOOLS: [hubs.COUNT]},
    )
    client = await hass_ws_client(hass)

    described = (
        await _ws(client, {"type": "llm_hub/api/describe", "api_id": hubs.hub_id(inspected_hub)})
    )["result"]

    search = described["search"]
    tools = described["tools"]
    meta = [tool["name"] for tool in tools if tool["meta"]]
    assert meta == search["meta_tools"]
    assert meta[:2] == [SEARCH_TOOLS, CALL_TOOL]
    assert [tool["name"] for tool in tools[: len(meta)]] == meta
    by_name = {tool["name"]: tool for tool in tools}
    assert by_name[SEARCH_TOOLS]["source"] == {
        "integration": const.DOMAIN,
        "api": hubs.hub_id(inspected_hub),
        "api_name": "Kitchen",
    }
    assert by_name[SEARCH_TOOLS]["listed"] is True
    assert by_name[hubs.COUNT] | {"listed": True, "meta": False} == by_name[hubs.COUNT]
    assert by_name[hubs.COUNT]["source"]["api_name"] == "Pantry"
    assert (by_name[hubs.SHELF]["listed"], by_name[hubs.SHELF]["hidden"]) == (False, None)
    assert (by_name[hubs.BREW]["listed"], by_name[hubs.BREW]["meta"]) == (False, False)
    reachable = [tool for tool in tools if not tool["meta"] and tool["hidden"] is None]
    assert search["listed"] == described["size"]["tools"] == len(meta) + 1
    assert search["reachable"] == len(reachable) > search["listed"]
    assert described["size"]["over_client_limit"] is False

    rows = (await _ws(client, {"type": "llm_hub/apis/list"}))["result"]
    assert rows["client_limit"] == const.CLIENT_TOOL_LIMIT
    kitchen = next(row for row in rows["apis"] if row["id"] == hubs.hub_id(inspected_hub))
    assert kitchen["search"] == search
    assert kitchen["over_client_limit"] is False


async def test_over_what_some_clients_keep(
    hass: HomeAssistant, setup_llm: None, hass_ws_client: WebSocketGenerator
) -> None:
    """An API or hub listing more than 40 tools is marked; in search mode the hub is not."""
    tools: list[llm.Tool] = [hubs.RecordingTool(f"many__tool_{n}") for n in range(41)]
    llm.async_register_api(hass, hubs.FixedAPI(hass, "many", "Many", tools))
    entry = await hubs.async_add_hub(hass, "Many hub", {CONF_LLM_HASS_API: ["many"]})
    client = await hass_ws_client(hass)

    async def marked() -> dict[str, bool]:
        rows = (await _ws(client, {"type": "llm_hub/apis/list"}))["result"]["apis"]
        described = await _ws(
            client, {"type": "llm_hub/api/describe", "api_id": hubs.hub_id(entry)}
        )
        size = described["result"]["size"]
        assert size["client_limit"] == const.CLIENT_TOOL_LIMIT
        return {row["id"]: row["over_client_limit"] for row in rows} | {
            "described": size["over_client_limit"]
        }

    assert await marked() == {
        "many": True,
        hubs.hub_id(entry): True,
        "assist": False,
        "described": True,
    }
    await hubs.async_set_options(
        hass,
        entry,
        "search",
        {const.CONF_TOOL_MODE: "search_over_limit", const.CONF_PINNED_TOOLS: []},
    )
    # The hub's limit is 128: it lists every tool still.
    assert (await marked())["described"] is True
    await hubs.async_set_options(
        hass, entry, "search", {const.CONF_TOOL_MODE: "search", const.CONF_PINNED_TOOLS: []}
    )
    assert await marked() == {
        "many": True,
        hubs.hub_id(entry): False,
        "assist": False,
        "described": False,
    }


async def test_calls_in_the_last_day(
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    freezer: FrozenDateTimeFactory,
) -> None:
    """``calls_24h`` counts the calls of the last 24 hours only."""
    client = await hass_ws_client(hass)
    await _call(client, hubs.hub_id(inspected_hub), hubs.COUNT, number=1)
    freezer.tick(timedelta(hours=12))
    await _call(client, hubs.hub_id(inspected_hub), hubs.COUNT, number=2)

    async def calls_24h() -> int:
        response = await _ws(client, {"type": "llm_hub/apis/list"})
        rows = {row["id"]: row for row in response["result"]["apis"]}
        count: int = rows[hubs.hub_id(inspected_hub)]["calls_24h"]
        return count

    assert await calls_24h() == 2
    freezer.tick(timedelta(hours=12, seconds=1))
    assert await calls_24h() == 1
    freezer.tick(timedelta(hours=12))
    assert await calls_24h() == 0


def _stable(call: dict[str, Any], admin: MockUser) -> dict[str, Any]:
    """Return a call without its time, duration and id; the user must be the admin."""
    assert call.pop("time")
    assert call.pop("duration_ms") >= 0
    assert call.pop("tool_call_id")
    assert call.pop("user_id") == admin.id
    return call


async def test_activity(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    more_hubs: list[MockConfigEntry],
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
    snapshot: SnapshotAssertion,
) -> None:
    """The recent calls first, then each new call at once; arguments where the hub records them."""
    lounge = more_hubs[0]
    bench = await hass_ws_client(hass)
    await _call(bench, hubs.hub_id(inspected_hub), hubs.COUNT, number=1)
    client = await hass_ws_client(hass)

    await client.send_json_auto_id({"type": "llm_hub/activity/subscribe"})
    assert (await client.receive_json())["success"]
    first = await client.receive_json()
    subscription = first["id"]
    recent = [_stable(call, hass_admin_user) for call in first["event"]["calls"]]
    assert recent == snapshot(name="recent")

    await _call(bench, hubs.hub_id(inspected_hub), hubs.GRIND)
    failed = (await client.receive_json())["event"]["calls"]
    await _call(bench, hubs.hub_id(lounge), hubs.BREW, size="small", password="hunter2")  # noqa: S106  # redacted
    recorded = (await client.receive_json())["event"]["calls"]
    live = [_stable(call, hass_admin_user) for call in [*failed, *recorded]]
    assert live == snapshot(name="live")
    assert live[0]["error"] == "The grinder is out of beans"
    assert "arguments" not in live[0]
    assert live[1]["arguments"] == {"size": "small", "password": "**REDACTED**"}

    # Unsubscribed: the next message is the answer to the next command, not a call.
    response = await _ws(client, {"type": "unsubscribe_events", "subscription": subscription})
    assert response["success"]
    await _call(bench, hubs.hub_id(inspected_hub), hubs.COUNT, number=2)
    assert (await _ws(client, {"type": "ping"}))["type"] == "pong"


async def test_tool_providers(
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    snapshot: SnapshotAssertion,
) -> None:
    """A tool as each of Home Assistant's agents sends it, from their own converters."""
    client = await hass_ws_client(hass)
    message = {
        "type": "llm_hub/tool/providers",
        "api_id": hubs.hub_id(inspected_hub),
        "tool_name": hubs.BREW,
    }

    response = await _ws(client, message)

    assert response["success"]
    result = response["result"]
    assert result == snapshot
    assert set(result["providers"]) == set(PROVIDERS)
    described = await _ws(
        client, {"type": "llm_hub/api/describe", "api_id": hubs.hub_id(inspected_hub)}
    )
    parameters = next(
        tool["parameters"] for tool in described["result"]["tools"] if tool["name"] == hubs.BREW
    )
    providers = result["providers"]
    # The same parameters as the inspector shows, in each provider's own envelope.
    assert providers["openai"]["definition"]["parameters"] == parameters
    assert providers["anthropic"]["definition"]["input_schema"] == parameters
    assert providers["ollama"]["definition"]["function"]["parameters"] == parameters
    assert providers["mcp"]["definition"]["inputSchema"]["properties"] == parameters["properties"]
    assert providers["google"]["definition"]["functionDeclarations"][0]["name"] == hubs.BREW


async def test_tool_providers_not_installed_or_failing(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A provider whose packages are missing, or whose converter fails, says so; others answer."""
    client = await hass_ws_client(hass)
    import_module = importlib.import_module

    def without_openai(name: str) -> ModuleType:
        if name == PROVIDERS["openai"][0]:
            raise ImportError("No module named 'openai'", name="openai")
        return import_module(name)

    with (
        patch("custom_components.llm_hub.panel.commands.importlib.import_module", without_openai),
        patch(
            "homeassistant.components.ollama.entity._format_tool",
            side_effect=ValueError("bad schema"),
        ),
    ):
        response = await _ws(
            client,
            {
                "type": "llm_hub/tool/providers",
                "api_id": hubs.hub_id(inspected_hub),
                "tool_name": hubs.COUNT,
            },
        )

    providers = response["result"]["providers"]
    assert providers["openai"] == {
        "name": "OpenAI",
        "definition": None,
        "error": "Not available: openai comes with Home Assistant's OpenAI integration",
    }
    assert providers["ollama"]["error"] == "ValueError: bad schema"
    assert providers["anthropic"]["definition"]["name"] == hubs.COUNT


async def test_tool_providers_errors(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """An unknown API or tool is not found; an API that cannot be built says why."""
    llm.async_register_api(hass, BrokenAPI(hass, "broken", "Broken", []))
    client = await hass_ws_client(hass)

    async def providers(api_id: str, tool_name: str) -> tuple[str, str]:
        return _error(
            await _ws(
                client, {"type": "llm_hub/tool/providers", "api_id": api_id, "tool_name": tool_name}
            )
        )

    assert await providers("music", hubs.BREW) == ("not_found", "No LLM API with id music")
    assert await providers(hubs.hub_id(inspected_hub), "nope") == (
        "not_found",
        f"LLM API {hubs.hub_id(inspected_hub)} lists no tool nope",
    )
    assert await providers("broken", "x") == (
        "home_assistant_error",
        "LLM API broken could not be built: The broken API is broken",
    )
