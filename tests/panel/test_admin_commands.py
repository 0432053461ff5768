"""The administrators' websocket commands over the real websocket API (``admin_commands``).

The panel's views (APIs, activity, providers) and the inspector and test bench (describe and
call); admins only. A hub's scope is in ``test_panel_scope.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
import importlib
from types import ModuleType
from typing import Any, override
from unittest.mock import patch

from freezegun.api import FrozenDateTimeFactory
import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator
from syrupy.assertion import SnapshotAssertion
import voluptuous as vol

from custom_components.llm_hub.compose.candidate import CandidateTool
from custom_components.llm_hub.compose.policy import HubPolicy
from custom_components.llm_hub.const import (
    CLIENT_TOOL_LIMIT,
    CONF_ADMINS_ONLY,
    CONF_ALLOWED_USERS,
    CONF_EXCLUDED_TOOLS,
    CONF_MAX_TOOLS,
    CONF_PINNED_TOOLS,
    CONF_RECORD_ARGUMENTS,
    CONF_TOOL_MODE,
    DOMAIN,
)
from custom_components.llm_hub.panel.admin_commands import PROVIDERS
from custom_components.llm_hub.panel.inspector import definition_chars, estimate_tokens
from custom_components.llm_hub.search.meta_tools import CALL_TOOL, SEARCH_TOOLS
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers import issue_registry as ir, llm

from ..helpers.hubs import (
    BREW,
    COUNT,
    GRIND,
    PANTRY,
    SHELF,
    USERS,
    Call,
    FixedAPI,
    RecordingTool,
    async_add_hub,
    async_set_options,
    hub_id,
)

type Client = Any
"""A websocket client of the test plugin (``MockHAClientWebSocket``)."""

LOUNGE_ENTRY_ID = "01JPANELLOUNGE000000000000"
CELLAR_ENTRY_ID = "01JPANELCELLAR000000000000"


class BrokenAPI(FixedAPI):
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


async def _describe(client: Client, api_id: str, **fields: Any) -> dict[str, Any]:
    return await _ws(client, {"type": "llm_hub/api/describe", "api_id": api_id, **fields})


async def _call(client: Client, api_id: str, tool_name: str, **fields: Any) -> dict[str, Any]:
    return await _ws(
        client,
        {"type": "llm_hub/tool/call", "api_id": api_id, "tool_name": tool_name, **fields},
    )


async def _run(client: Client, api_id: str, tool_name: str, **tool_args: Any) -> None:
    """Call a tool through the test bench command; the call must have run."""
    response = await _call(client, api_id, tool_name, tool_args=tool_args)
    assert response["success"], response


def _may_not_use(user: MockUser, hub: MockConfigEntry) -> str:
    return f"User {user.name} may not use LLM API {hub_id(hub)}: it requires an administrator"


@pytest.mark.parametrize(
    "message",
    [
        {"type": "llm_hub/apis/list"},
        {"type": "llm_hub/activity/subscribe"},
        {"type": "llm_hub/tool/providers", "api_id": "assist", "tool_name": "llm__GetDateTime"},
        {"type": "llm_hub/api/describe", "api_id": "assist"},
        {"type": "llm_hub/tool/call", "api_id": "assist", "tool_name": "llm__GetDateTime"},
    ],
)
async def test_commands_refuse_non_admins(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_access_token: str,
    message: dict[str, Any],
) -> None:
    """Only administrators may list APIs, follow the activity, inspect APIs or call tools."""
    client = await hass_ws_client(hass, hass_read_only_access_token)

    assert _error(await _ws(client, message)) == ("unauthorized", "Unauthorized")


@pytest.fixture
async def more_hubs(hass: HomeAssistant, inspected_hub: MockConfigEntry) -> list[MockConfigEntry]:
    """Add "Lounge" (picks a missing API, a limit of 1 tool) and "Cellar" (not set up)."""
    lounge = MockConfigEntry(
        domain=DOMAIN,
        title="Lounge",
        entry_id=LOUNGE_ENTRY_ID,
        data={},
        options={CONF_LLM_HASS_API: ["music"], CONF_MAX_TOOLS: 1, CONF_RECORD_ARGUMENTS: True},
    )
    lounge.add_to_hass(hass)
    assert await hass.config_entries.async_setup(lounge.entry_id)
    cellar = MockConfigEntry(domain=DOMAIN, title="Cellar", entry_id=CELLAR_ENTRY_ID, data={})
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


async def test_list_apis(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    more_hubs: list[MockConfigEntry],
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    snapshot: SnapshotAssertion,
) -> None:
    """Every hub (loaded or not) and every other API, with sizes, limits, repairs and calls."""
    client = await hass_ws_client(hass)
    await _run(client, hub_id(inspected_hub), COUNT, number=1)
    await _run(client, hub_id(inspected_hub), GRIND)
    await _run(client, PANTRY, COUNT, number=1)  # not through a hub: not counted

    response = await _ws(client, {"type": "llm_hub/apis/list"})

    assert response["success"]
    result = response["result"]
    assert result.pop("since")
    # Built for the caller: no hub here serves only others.
    assert {row.pop("as_user") for row in result["apis"]} == {hass_admin_user.id}
    assert result == snapshot
    rows = {row["id"]: row for row in result["apis"]}
    kitchen = rows[hub_id(inspected_hub)]
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
    await async_set_options(
        hass, inspected_hub, "search", {CONF_TOOL_MODE: "search", CONF_PINNED_TOOLS: [COUNT]}
    )
    client = await hass_ws_client(hass)

    described = (
        await _ws(client, {"type": "llm_hub/api/describe", "api_id": hub_id(inspected_hub)})
    )["result"]

    search = described["search"]
    tools = described["tools"]
    meta = [tool["name"] for tool in tools if tool["meta"]]
    assert meta == search["meta_tools"]
    assert meta[:2] == [SEARCH_TOOLS, CALL_TOOL]
    assert [tool["name"] for tool in tools[: len(meta)]] == meta
    by_name = {tool["name"]: tool for tool in tools}
    assert by_name[SEARCH_TOOLS]["source"] == {
        "integration": DOMAIN,
        "api": hub_id(inspected_hub),
        "api_name": "Kitchen",
    }
    assert by_name[SEARCH_TOOLS]["listed"] is True
    assert by_name[COUNT] | {"listed": True, "meta": False} == by_name[COUNT]
    assert by_name[COUNT]["source"]["api_name"] == "Pantry"
    assert (by_name[SHELF]["listed"], by_name[SHELF]["hidden"]) == (False, None)
    assert (by_name[BREW]["listed"], by_name[BREW]["meta"]) == (False, False)
    reachable = [tool for tool in tools if not tool["meta"] and tool["hidden"] is None]
    assert search["listed"] == described["size"]["tools"] == len(meta) + 1
    assert search["reachable"] == len(reachable) > search["listed"]
    assert described["size"]["over_client_limit"] is False

    rows = (await _ws(client, {"type": "llm_hub/apis/list"}))["result"]
    assert rows["client_limit"] == CLIENT_TOOL_LIMIT
    kitchen = next(row for row in rows["apis"] if row["id"] == hub_id(inspected_hub))
    assert kitchen["search"] == search
    assert kitchen["over_client_limit"] is False


async def test_over_what_some_clients_keep(
    hass: HomeAssistant, setup_llm: None, hass_ws_client: WebSocketGenerator
) -> None:
    """An API or hub listing more than 40 tools is marked; in search mode the hub is not."""
    tools: list[llm.Tool] = [RecordingTool(f"many__tool_{n}") for n in range(41)]
    llm.async_register_api(hass, FixedAPI(hass, "many", "Many", tools))
    entry = await async_add_hub(hass, "Many hub", {CONF_LLM_HASS_API: ["many"]})
    client = await hass_ws_client(hass)

    async def marked() -> dict[str, bool]:
        rows = (await _ws(client, {"type": "llm_hub/apis/list"}))["result"]["apis"]
        described = await _ws(client, {"type": "llm_hub/api/describe", "api_id": hub_id(entry)})
        size = described["result"]["size"]
        assert size["client_limit"] == CLIENT_TOOL_LIMIT
        return {row["id"]: row["over_client_limit"] for row in rows} | {
            "described": size["over_client_limit"]
        }

    assert await marked() == {"many": True, hub_id(entry): True, "assist": False, "described": True}
    await async_set_options(
        hass, entry, "search", {CONF_TOOL_MODE: "search_over_limit", CONF_PINNED_TOOLS: []}
    )
    # The hub's limit is 128: it lists every tool still.
    assert (await marked())["described"] is True
    await async_set_options(
        hass, entry, "search", {CONF_TOOL_MODE: "search", CONF_PINNED_TOOLS: []}
    )
    assert await marked() == {
        "many": True,
        hub_id(entry): False,
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
    await _run(client, hub_id(inspected_hub), COUNT, number=1)
    freezer.tick(timedelta(hours=12))
    await _run(client, hub_id(inspected_hub), COUNT, number=2)

    async def calls_24h() -> int:
        response = await _ws(client, {"type": "llm_hub/apis/list"})
        rows = {row["id"]: row for row in response["result"]["apis"]}
        count: int = rows[hub_id(inspected_hub)]["calls_24h"]
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
    calls: list[Call],
    snapshot: SnapshotAssertion,
) -> None:
    """The recent calls first, then each new call at once; arguments where the hub records them."""
    lounge = more_hubs[0]
    bench = await hass_ws_client(hass)
    await _run(bench, hub_id(inspected_hub), COUNT, number=1)
    client = await hass_ws_client(hass)

    await client.send_json_auto_id({"type": "llm_hub/activity/subscribe"})
    assert (await client.receive_json())["success"]
    first = await client.receive_json()
    subscription = first["id"]
    recent = [_stable(call, hass_admin_user) for call in first["event"]["calls"]]
    assert recent == snapshot(name="recent")

    await _run(bench, hub_id(inspected_hub), GRIND)
    failed = (await client.receive_json())["event"]["calls"]
    await _run(bench, hub_id(lounge), BREW, size="small", password="hunter2")  # noqa: S106  # redacted
    recorded = (await client.receive_json())["event"]["calls"]
    live = [_stable(call, hass_admin_user) for call in [*failed, *recorded]]
    assert live == snapshot(name="live")
    assert live[0]["error"] == "The grinder is out of beans"
    assert "arguments" not in live[0]
    assert live[1]["arguments"] == {"size": "small", "password": "**REDACTED**"}

    # Unsubscribed: the next message is the answer to the next command, not a call.
    response = await _ws(client, {"type": "unsubscribe_events", "subscription": subscription})
    assert response["success"]
    await _run(bench, hub_id(inspected_hub), COUNT, number=2)
    assert (await _ws(client, {"type": "ping"}))["type"] == "pong"


async def test_tool_providers(
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    snapshot: SnapshotAssertion,
) -> None:
    """A tool as each of Home Assistant's agents sends it, from their own converters."""
    client = await hass_ws_client(hass)
    message = {"type": "llm_hub/tool/providers", "api_id": hub_id(inspected_hub), "tool_name": BREW}

    response = await _ws(client, message)

    assert response["success"]
    result = response["result"]
    assert result == snapshot
    assert set(result["providers"]) == set(PROVIDERS)
    described = await _ws(client, {"type": "llm_hub/api/describe", "api_id": hub_id(inspected_hub)})
    parameters = next(
        tool["parameters"] for tool in described["result"]["tools"] if tool["name"] == BREW
    )
    providers = result["providers"]
    # The same parameters as the inspector shows, in each provider's own envelope.
    assert providers["openai"]["definition"]["parameters"] == parameters
    assert providers["anthropic"]["definition"]["input_schema"] == parameters
    assert providers["ollama"]["definition"]["function"]["parameters"] == parameters
    assert providers["mcp"]["definition"]["inputSchema"]["properties"] == parameters["properties"]
    assert providers["google"]["definition"]["functionDeclarations"][0]["name"] == BREW


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
        patch(
            "custom_components.llm_hub.panel.admin_commands.importlib.import_module", without_openai
        ),
        patch(
            "homeassistant.components.ollama.entity._format_tool",
            side_effect=ValueError("bad schema"),
        ),
    ):
        response = await _ws(
            client,
            {"type": "llm_hub/tool/providers", "api_id": hub_id(inspected_hub), "tool_name": COUNT},
        )

    providers = response["result"]["providers"]
    assert providers["openai"] == {
        "name": "OpenAI",
        "definition": None,
        "error": "Not available: openai comes with Home Assistant's OpenAI integration",
    }
    assert providers["ollama"]["error"] == "ValueError: bad schema"
    assert providers["anthropic"]["definition"]["name"] == COUNT


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

    assert await providers("music", BREW) == ("not_found", "No LLM API with id music")
    assert await providers(hub_id(inspected_hub), "nope") == (
        "not_found",
        f"LLM API {hub_id(inspected_hub)} lists no tool nope",
    )
    assert await providers("broken", "x") == (
        "home_assistant_error",
        "LLM API broken could not be built: The broken API is broken",
    )


async def test_describe_hub(
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    snapshot: SnapshotAssertion,
) -> None:
    """A hub's prompt and tools as a model gets them, with sources, schemas and sizes."""
    client = await hass_ws_client(hass)

    response = await _describe(client, hub_id(inspected_hub))

    assert response["success"]
    result = response["result"]
    assert result.pop("user_id") == hass_admin_user.id
    assert result.pop("served") is True
    assert result == snapshot
    tools = {tool["name"]: tool for tool in result["tools"]}
    # Contributed to the hub directly: no API; picked: the API it came through.
    assert tools[BREW]["source"] == {"integration": "hub_tools", "api": None, "api_name": None}
    assert tools[COUNT]["source"] == {
        "integration": "pantry",
        "api": "pantry",
        "api_name": "Pantry",
    }
    # The selector is converted by the serializer agents use.
    assert tools[SHELF]["parameters"]["properties"]["shelf"] == {
        "type": "number",
        "minimum": 1,
        "maximum": 3,
    }
    # The API's figures: the prompt and every tool's definition; tokens estimated from both.
    size = result["size"]
    assert size["tools"] == len(result["tools"])
    assert size["prompt_chars"] == len(result["prompt"])
    definitions = [
        {"name": tool["name"], "description": tool["description"], "parameters": tool["parameters"]}
        for tool in result["tools"]
    ]
    assert size["tools_chars"] == definition_chars(definitions)
    assert size["tokens"] == estimate_tokens(size["prompt_chars"] + size["tools_chars"])
    assert all(
        tool["size"]["chars"] == definition_chars(definition)
        for tool, definition in zip(result["tools"], definitions, strict=True)
    )
    assert (size["max_tools"], size["over_limit"]) == (128, False)


async def test_describe_shows_a_hub_over_its_tool_limit(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A hub exposing more tools than its limit (an option) says so."""
    hass.config_entries.async_update_entry(
        inspected_hub, options={**inspected_hub.options, CONF_MAX_TOOLS: 2}
    )
    await hass.config_entries.async_reload(inspected_hub.entry_id)
    client = await hass_ws_client(hass)

    size = (await _describe(client, hub_id(inspected_hub)))["result"]["size"]

    assert size["tools"] > 2
    assert (size["max_tools"], size["over_limit"]) == (2, True)


async def test_describe_api_that_is_not_a_hub(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """Any registered API can be described: its tools come from the API itself."""
    client = await hass_ws_client(hass)

    result = (await _describe(client, "pantry"))["result"]

    assert result["api"] == {"id": "pantry", "name": "Pantry", "hub": False}
    assert result["prompt"] == "Count before you brew."
    assert [tool["name"] for tool in result["tools"]] == [COUNT, SHELF]
    count = result["tools"][0]
    assert count["source"] == {"integration": "pantry", "api": "pantry", "api_name": "Pantry"}
    assert count["key"] is None
    assert count["hidden"] is None
    assert count["annotations"] == {
        "read_only": True,
        "destructive": False,
        "idempotent": False,
        "open_world": False,
    }


async def test_describe_shows_hidden_tools_with_the_reason(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A tool the hub leaves out is listed with why, outside the API's size; it cannot be called."""
    client = await hass_ws_client(hass)
    shown = (await _describe(client, hub_id(inspected_hub)))["result"]
    hass.config_entries.async_update_entry(
        inspected_hub, options={**inspected_hub.options, CONF_EXCLUDED_TOOLS: [GRIND]}
    )
    assert await hass.config_entries.async_reload(inspected_hub.entry_id)
    hidden = (await _describe(client, hub_id(inspected_hub)))["result"]
    response = await _call(client, hub_id(inspected_hub), GRIND)

    grind = next(tool for tool in hidden["tools"] if tool["name"] == GRIND)
    assert grind["hidden"] == "unchecked in the hub's options"
    assert grind["size"]["chars"] > 0
    assert hidden["size"]["tools"] == shown["size"]["tools"] - 1
    assert hidden["size"]["tools_chars"] < shown["size"]["tools_chars"]
    assert _error(response) == (
        "not_found",
        (
            f"LLM API {hub_id(inspected_hub)} has no tool {GRIND} for this request: "
            "the hub leaves it out (unchecked in the hub's options)"
        ),
    )


async def test_describe_shows_the_builds_overrides_and_aliases(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A tool's overrides from the build are shown; a renamed tool is called by its alias.

    Stood in for by setting them in the build's policy step.
    """

    def alias_brew(
        self: HubPolicy, candidates: list[CandidateTool], hub_name: str, *_: object
    ) -> list[str]:
        for item in candidates:
            if item.key == BREW:
                item.name = "brew"
                item.description = "Brews, by its alias."
        return []

    client = await hass_ws_client(hass)
    with patch.object(HubPolicy, "apply", alias_brew):
        result = (await _describe(client, hub_id(inspected_hub)))["result"]
        by_key = await _call(client, hub_id(inspected_hub), BREW, tool_args={"size": "small"})
        by_alias = await _call(client, hub_id(inspected_hub), "brew", tool_args={"size": "small"})

    brew = next(tool for tool in result["tools"] if tool["key"] == BREW)
    assert (brew["name"], brew["original_name"]) == ("brew", BREW)
    assert brew["description"] == "Brews, by its alias."
    assert (brew["confirm"], brew["schema_fixes"]) == (False, [])
    assert _error(by_key) == (
        "not_found",
        (
            f"LLM API {hub_id(inspected_hub)} has no tool {BREW} for this request: "
            "the hub lists it as brew"
        ),
    )
    assert by_alias["result"]["outcome"] == "ok"


async def test_describe_shows_a_schema_that_cannot_be_converted(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A tool whose parameters agents could not convert is described with the error."""

    def serializer(schema: Any) -> Any:
        if schema is int:
            raise ValueError("no integers here")
        return probatio.UNSUPPORTED

    broken = RecordingTool("broken", parameters=probatio.Schema({probatio.Required("x"): int}))
    llm.async_register_api(
        hass, FixedAPI(hass, "odd", "Odd", [broken], custom_serializer=serializer)
    )
    client = await hass_ws_client(hass)

    result = (await _describe(client, "odd"))["result"]

    [tool] = result["tools"]
    assert tool["parameters"] is None
    assert tool["parameters_error"] == "ValueError: no integers here"
    assert tool["size"] == {"chars": 0, "tokens": 0}
    # The API's size counts the tool's name and description.
    assert result["size"]["tools_chars"] == definition_chars(
        [{"name": "broken", "description": "The broken tool."}]
    )


@dataclass
class _Notes:
    """Annotations of a class of a tool's own: a dataclass that cannot be hashed."""

    read_only: bool = True


async def test_describe_again_is_the_same_and_takes_any_annotations(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A describe repeats what the last said, also once its kept definitions are dropped
    (``_MAX_DESCRIBED`` reached); annotations of any dataclass are shown as data."""
    noted = RecordingTool("noted")
    noted.annotations = _Notes()  # type: ignore[assignment]
    llm.async_register_api(hass, FixedAPI(hass, "notes", "Notes", [noted]))
    client = await hass_ws_client(hass)

    first = (await _describe(client, hub_id(inspected_hub)))["result"]
    again = (await _describe(client, hub_id(inspected_hub)))["result"]
    with patch("custom_components.llm_hub.panel.inspector._MAX_DESCRIBED", 1):
        notes = (await _describe(client, "notes"))["result"]  # drops the hub's
        dropped = (await _describe(client, hub_id(inspected_hub)))["result"]

    assert again == first
    assert dropped == first
    assert notes["tools"][0]["annotations"] == {"read_only": True}


async def test_describe_as_another_user(
    hass: HomeAssistant,
    admin_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_user: MockUser,
) -> None:
    """The API is built for the given user: an admin-only hub refuses a non-admin."""
    client = await hass_ws_client(hass)

    as_admin = await _describe(client, hub_id(admin_hub))
    as_user = await _describe(client, hub_id(admin_hub), user_id=hass_read_only_user.id)

    assert USERS in {tool["name"] for tool in as_admin["result"]["tools"]}
    assert _error(as_user) == (
        "unauthorized",
        _may_not_use(hass_read_only_user, admin_hub),
    )


async def test_bench_refuses_a_user_the_hub_is_not_for(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
) -> None:
    """A hub for some users: describe says why another gets no tools, a call is unauthorized."""
    users = {CONF_ALLOWED_USERS: [hass_admin_user.id], CONF_ADMINS_ONLY: False}
    await async_set_options(hass, hub, "scope", users)
    client = await hass_ws_client(hass)

    described = await _describe(client, hub_id(hub), user_id=hass_read_only_user.id)
    called = await _call(client, hub_id(hub), COUNT, user_id=hass_read_only_user.id)

    assert described["result"]["tools"] == []
    assert described["result"]["served"] is False
    assert "is not available to this user" in described["result"]["prompt"]
    code, message = _error(called)
    assert code == "unauthorized"
    assert message.startswith(f"User {hass_read_only_user.id} may not use LLM API {hub_id(hub)}: ")
    assert "is not available to this user" in message


async def test_an_admin_sees_a_hub_for_other_users_as_one_of_them(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
) -> None:
    """A hub only for another user: the admin's hub list and describe show it as that user
    sees it (and say so); a call run as the admin is refused as the admin's; a hub that
    serves nobody is shown as the admin, refused."""
    users = {CONF_ALLOWED_USERS: [hass_read_only_user.id], CONF_ADMINS_ONLY: False}
    await async_set_options(hass, hub, "scope", users)
    client = await hass_ws_client(hass)

    listed = await _ws(client, {"type": "llm_hub/apis/list"})
    described = await _describe(client, hub_id(hub))
    called = await _call(client, hub_id(hub), COUNT)
    await hass.auth.async_deactivate_user(hass_read_only_user)  # now it serves nobody
    nobody = await _ws(client, {"type": "llm_hub/apis/list"})

    [row] = [row for row in listed["result"]["apis"] if row["id"] == hub_id(hub)]
    assert row["as_user"] == hass_read_only_user.id
    assert row["tools"] > 0
    assert described["result"]["user_id"] == hass_read_only_user.id
    assert described["result"]["served"] is True
    assert len(described["result"]["tools"]) == row["tools"] + row["hidden"]
    code, message = _error(called)
    assert code == "unauthorized"
    assert message.startswith(f"User {hass_admin_user.id} may not use LLM API {hub_id(hub)}: ")
    [row] = [row for row in nobody["result"]["apis"] if row["id"] == hub_id(hub)]
    assert row["as_user"] == hass_admin_user.id
    assert row["tools"] == 0


async def test_describe_unknown_api_or_user(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """Unknown APIs and users are ``not_found`` errors that name them."""
    client = await hass_ws_client(hass)

    assert _error(await _describe(client, "nope")) == (
        "not_found",
        "No LLM API with id nope is registered (llm/api/list lists them)",
    )
    assert _error(await _describe(client, hub_id(hub), user_id="ghost")) == (
        "not_found",
        "No user with id ghost",
    )


async def test_describe_failing_api(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """An API that fails to build is a ``home_assistant_error`` with its message."""

    class DownAPI(FixedAPI):
        async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
            raise HomeAssistantError("Backend is down")

    llm.async_register_api(hass, DownAPI(hass, "broken", "Broken", []))
    client = await hass_ws_client(hass)

    assert _error(await _describe(client, "broken")) == (
        "home_assistant_error",
        "LLM API broken could not be built: Backend is down",
    )


async def test_call_tool(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    calls: list[Call],
) -> None:
    """A tool runs as an agent would run it: validated, the model's values, as the caller."""
    client = await hass_ws_client(hass)

    response = await _call(client, hub_id(hub), BREW, tool_args={"size": "large", "cups": "2"})

    assert response["success"]
    result = response["result"]
    assert result.pop("duration_ms") >= 0
    assert result == {
        "tool_name": BREW,
        "result": {
            "data": {"brewed": "2", "size": "large", "user_id": hass_admin_user.id},
            "error": False,
        },
        "outcome": "ok",
    }
    assert calls == [(BREW, {"size": "large", "cups": "2"}, hass_admin_user.id)]


async def test_call_tool_as_another_user(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_user: MockUser,
    calls: list[Call],
) -> None:
    """``user_id`` makes the call as that user."""
    client = await hass_ws_client(hass)

    response = await _call(
        client, hub_id(hub), BREW, tool_args={"size": "small"}, user_id=hass_read_only_user.id
    )

    assert response["result"]["result"]["data"]["user_id"] == hass_read_only_user.id
    assert calls == [(BREW, {"size": "small", "cups": 1}, hass_read_only_user.id)]


async def test_call_failing_tool(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A tool that fails inside a hub answers with a failed result, as the model sees it."""
    client = await hass_ws_client(hass)

    result = (await _call(client, hub_id(hub), GRIND))["result"]

    assert result["outcome"] == "error"
    assert result["result"] == {
        "data": {"error": "HomeAssistantError", "error_text": "The grinder is out of beans"},
        "error": True,
    }


async def test_call_with_invalid_arguments(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """Arguments the tool's schema refuses come back as the model would get them."""
    client = await hass_ws_client(hass)

    result = (await _call(client, hub_id(hub), BREW, tool_args={"size": "huge"}))["result"]

    assert result["outcome"] == "error"
    assert result["result"]["error"] is True
    assert result["result"]["data"]["error"] == "InvalidArguments"
    assert "size" in result["result"]["data"]["error_text"]


async def test_call_refused_for_a_user_who_may_not_use_the_hub(
    hass: HomeAssistant,
    admin_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_user: MockUser,
    calls: list[Call],
) -> None:
    """A hub that requires an admin refuses a non-admin user's call; nothing runs."""
    client = await hass_ws_client(hass)

    response = await _call(client, hub_id(admin_hub), USERS, user_id=hass_read_only_user.id)

    assert _error(response) == (
        "unauthorized",
        _may_not_use(hass_read_only_user, admin_hub),
    )
    assert calls == []


async def test_call_unknown_tool(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A tool the API does not have is ``not_found``, for hubs and other APIs."""
    client = await hass_ws_client(hass)

    assert _error(await _call(client, hub_id(hub), "nope")) == (
        "not_found",
        f"LLM API {hub_id(hub)} has no tool nope for this request",
    )
    assert _error(await _call(client, "assist", "nope")) == (
        "not_found",
        "LLM API assist has no tool nope for this request",
    )


async def test_call_a_tool_by_its_original_name(
    hass: HomeAssistant, setup_llm: None, hass_ws_client: WebSocketGenerator
) -> None:
    """A tool called by its own name says what the hub lists it as, or that it hides it.

    ``light.turn_on`` is exposed as ``light_turn_on`` (a portable fix), two tools named
    ``search`` as ``x--search`` and ``y--search`` (a collision); an excluded tool is hidden.
    """
    api_x: list[llm.Tool] = [
        RecordingTool("light.turn_on"),
        RecordingTool("search"),
        RecordingTool("lock.open"),
    ]
    llm.async_register_api(hass, FixedAPI(hass, "x", "X", api_x))
    web = RecordingTool("search", description="Searches the web.")  # another tool
    llm.async_register_api(hass, FixedAPI(hass, "y", "Y", [web]))
    entry = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["x", "y"], CONF_EXCLUDED_TOOLS: ["lock_open"]}
    )
    client = await hass_ws_client(hass)
    prefix = f"LLM API {hub_id(entry)} has no tool"

    assert _error(await _call(client, hub_id(entry), "light.turn_on")) == (
        "not_found",
        f"{prefix} light.turn_on for this request: the hub lists it as light_turn_on",
    )
    assert _error(await _call(client, hub_id(entry), "search")) == (
        "not_found",
        f"{prefix} search for this request: the hub lists it as x--search or y--search",
    )
    assert _error(await _call(client, hub_id(entry), "lock.open")) == (
        "not_found",
        (
            f"{prefix} lock.open for this request: the hub leaves it out "
            "(unchecked in the hub's options)"
        ),
    )
    assert (await _call(client, hub_id(entry), "light_turn_on"))["result"]["outcome"] == "ok"


@pytest.mark.parametrize(
    ("raises", "error"),
    [
        (
            HomeAssistantError("Backend is down"),
            ("home_assistant_error", "Tool t failed: Backend is down"),
        ),
        (HomeAssistantError(), ("home_assistant_error", "Tool t failed: HomeAssistantError")),
        (Unauthorized(), ("unauthorized", "Tool t refused the user: Unauthorized")),
        (
            probatio.Invalid("expected int"),
            ("invalid_format", "Tool t refused the arguments: expected int"),
        ),
        (
            vol.Invalid("expected int"),
            ("invalid_format", "Tool t refused the arguments: expected int"),
        ),
        (
            ZeroDivisionError("division by zero"),
            ("unknown_error", "Tool t failed unexpectedly: ZeroDivisionError('division by zero')"),
        ),
    ],
)
async def test_call_tool_of_an_api_that_is_not_a_hub(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    raises: Exception,
    error: tuple[str, str],
) -> None:
    """Other APIs' tools raise on failure; the test bench answers with a clear error."""
    llm.async_register_api(
        hass, FixedAPI(hass, "plain", "Plain", [RecordingTool("t", raises=raises)])
    )
    client = await hass_ws_client(hass)

    assert _error(await _call(client, "plain", "t")) == error


async def test_call_tool_of_an_api_that_is_not_a_hub_reports_the_result(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """Another API's failed result is an ``error`` outcome; its data is passed on."""
    failed = RecordingTool("t", result=llm.ToolResult(data={"error": "No beans"}, error=True))
    llm.async_register_api(hass, FixedAPI(hass, "plain", "Plain", [failed]))
    client = await hass_ws_client(hass)

    result = (await _call(client, "plain", "t", tool_args={"a": 1}))["result"]

    assert result["outcome"] == "error"
    assert result["result"] == {"data": {"error": "No beans"}, "error": True}
    assert failed.calls[0].tool_args == {"a": 1}
