"""The inspector and test bench over the real websocket API: describe and call, admins only."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator
from syrupy.assertion import SnapshotAssertion
import voluptuous as vol

from custom_components.llm_hub.compose.candidate import CandidateTool
from custom_components.llm_hub.compose.policy import HubPolicy
from custom_components.llm_hub.const import CONF_EXCLUDED_TOOLS, CONF_MAX_TOOLS
from custom_components.llm_hub.panel.inspector import definition_chars, estimate_tokens
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers import llm

from ..helpers import hubs

type Client = Any
"""A websocket client of the test plugin (``MockHAClientWebSocket``)."""


async def _ws(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    """Send a command; return its response."""
    await client.send_json_auto_id(message)
    response: dict[str, Any] = await client.receive_json()
    return response


async def _describe(client: Client, api_id: str, **fields: Any) -> dict[str, Any]:
    return await _ws(client, {"type": "llm_hub/api/describe", "api_id": api_id, **fields})


async def _call(client: Client, api_id: str, tool_name: str, **fields: Any) -> dict[str, Any]:
    return await _ws(
        client,
        {"type": "llm_hub/tool/call", "api_id": api_id, "tool_name": tool_name, **fields},
    )


def _may_not_use(user: MockUser, hub: MockConfigEntry) -> str:
    return f"User {user.name} may not use LLM API {hubs.hub_id(hub)}: it requires an administrator"


def _error(response: dict[str, Any]) -> tuple[str, str]:
    assert not response["success"]
    return response["error"]["code"], response["error"]["message"]


async def test_describe_hub(
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    snapshot: SnapshotAssertion,
) -> None:
    """A hub's prompt and tools as a model gets them, with sources, schemas and sizes."""
    client = await hass_ws_client(hass)

    response = await _describe(client, hubs.hub_id(inspected_hub))

    assert response["success"]
    result = response["result"]
    assert result.pop("user_id") == hass_admin_user.id
    assert result == snapshot
    tools = {tool["name"]: tool for tool in result["tools"]}
    # Contributed to the hub directly: no API; picked: the API it came through.
    assert tools[hubs.BREW]["source"] == {"integration": "hub_tools", "api": None, "api_name": None}
    assert tools[hubs.COUNT]["source"] == {
        "integration": "pantry",
        "api": "pantry",
        "api_name": "Pantry",
    }
    # The selector is converted by the serializer agents use.
    assert tools[hubs.SHELF]["parameters"]["properties"]["shelf"] == {
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

    size = (await _describe(client, hubs.hub_id(inspected_hub)))["result"]["size"]

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
    assert [tool["name"] for tool in result["tools"]] == [hubs.COUNT, hubs.SHELF]
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
    """A tool the hub hides is listed with why, outside the API's size; it cannot be called.

    The policy that hides tools is another branch's work: here it is stood in for by hiding
    one tool in the build's policy step.
    """

    def hide_grind(self: HubPolicy, candidates: list[CandidateTool], hub_name: str) -> list[str]:
        for item in candidates:
            if item.key == hubs.GRIND:
                item.hidden = "Hidden in the hub's options"
        return []

    client = await hass_ws_client(hass)
    shown = (await _describe(client, hubs.hub_id(inspected_hub)))["result"]
    with patch.object(HubPolicy, "apply", hide_grind):
        hidden = (await _describe(client, hubs.hub_id(inspected_hub)))["result"]
        response = await _call(client, hubs.hub_id(inspected_hub), hubs.GRIND)

    grind = next(tool for tool in hidden["tools"] if tool["name"] == hubs.GRIND)
    assert grind["hidden"] == "Hidden in the hub's options"
    assert grind["size"]["chars"] > 0
    assert hidden["size"]["tools"] == shown["size"]["tools"] - 1
    assert hidden["size"]["tools_chars"] < shown["size"]["tools_chars"]
    assert _error(response) == (
        "not_found",
        (
            f"LLM API {hubs.hub_id(inspected_hub)} has no tool {hubs.GRIND} for this request: "
            "the hub hides it (Hidden in the hub's options)"
        ),
    )


async def test_describe_shows_the_builds_overrides_and_aliases(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A tool's overrides from the build are shown; a renamed tool is called by its alias.

    Stood in for by setting them in the build's policy step.
    """

    def alias_brew(self: HubPolicy, candidates: list[CandidateTool], hub_name: str) -> list[str]:
        for item in candidates:
            if item.key == hubs.BREW:
                item.name = "brew"
                item.description = "Brews, by its alias."
        return []

    client = await hass_ws_client(hass)
    with patch.object(HubPolicy, "apply", alias_brew):
        result = (await _describe(client, hubs.hub_id(inspected_hub)))["result"]
        by_key = await _call(
            client, hubs.hub_id(inspected_hub), hubs.BREW, tool_args={"size": "small"}
        )
        by_alias = await _call(
            client, hubs.hub_id(inspected_hub), "brew", tool_args={"size": "small"}
        )

    brew = next(tool for tool in result["tools"] if tool["key"] == hubs.BREW)
    assert (brew["name"], brew["original_name"]) == ("brew", hubs.BREW)
    assert brew["description"] == "Brews, by its alias."
    assert (brew["confirm"], brew["schema_fixes"]) == (False, [])
    assert _error(by_key) == (
        "not_found",
        (
            f"LLM API {hubs.hub_id(inspected_hub)} has no tool {hubs.BREW} for this request: "
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

    broken = hubs.RecordingTool("broken", parameters=probatio.Schema({probatio.Required("x"): int}))
    llm.async_register_api(
        hass, hubs.FixedAPI(hass, "odd", "Odd", [broken], custom_serializer=serializer)
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


async def test_describe_as_another_user(
    hass: HomeAssistant,
    admin_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_user: MockUser,
) -> None:
    """The API is built for the given user: an admin-only hub refuses a non-admin."""
    client = await hass_ws_client(hass)

    as_admin = await _describe(client, hubs.hub_id(admin_hub))
    as_user = await _describe(client, hubs.hub_id(admin_hub), user_id=hass_read_only_user.id)

    assert hubs.USERS in {tool["name"] for tool in as_admin["result"]["tools"]}
    assert _error(as_user) == (
        "unauthorized",
        _may_not_use(hass_read_only_user, admin_hub),
    )


async def test_describe_unknown_api_or_user(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """Unknown APIs and users are ``not_found`` errors that name them."""
    client = await hass_ws_client(hass)

    assert _error(await _describe(client, "nope")) == (
        "not_found",
        "No LLM API with id nope is registered (llm/api/list lists them)",
    )
    assert _error(await _describe(client, hubs.hub_id(hub), user_id="ghost")) == (
        "not_found",
        "No user with id ghost",
    )


async def test_describe_failing_api(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """An API that fails to build is a ``home_assistant_error`` with its message."""

    class BrokenAPI(hubs.FixedAPI):
        async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
            raise HomeAssistantError("Backend is down")

    llm.async_register_api(hass, BrokenAPI(hass, "broken", "Broken", []))
    client = await hass_ws_client(hass)

    assert _error(await _describe(client, "broken")) == (
        "home_assistant_error",
        "LLM API broken could not be built: Backend is down",
    )


@pytest.mark.parametrize(
    "message",
    [
        {"type": "llm_hub/api/describe", "api_id": "assist"},
        {"type": "llm_hub/tool/call", "api_id": "assist", "tool_name": "llm__GetDateTime"},
        {"type": "llm_hub/apis/list"},
        {"type": "llm_hub/activity/subscribe"},
        {"type": "llm_hub/tool/providers", "api_id": "assist", "tool_name": "llm__GetDateTime"},
    ],
)
async def test_commands_refuse_non_admins(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_access_token: str,
    message: dict[str, Any],
) -> None:
    """Only administrators may use the panel's commands: inspect APIs, call tools through the
    test bench, list APIs, follow the activity, see a tool's providers."""
    client = await hass_ws_client(hass, hass_read_only_access_token)

    assert _error(await _ws(client, message)) == ("unauthorized", "Unauthorized")


async def test_call_tool(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """A tool runs as an agent would run it: validated, the model's values, as the caller."""
    client = await hass_ws_client(hass)

    response = await _call(
        client, hubs.hub_id(hub), hubs.BREW, tool_args={"size": "large", "cups": "2"}
    )

    assert response["success"]
    result = response["result"]
    assert result.pop("duration_ms") >= 0
    assert result == {
        "tool_name": hubs.BREW,
        "result": {
            "data": {"brewed": "2", "size": "large", "user_id": hass_admin_user.id},
            "error": False,
        },
        "outcome": "ok",
    }
    assert calls == [(hubs.BREW, {"size": "large", "cups": "2"}, hass_admin_user.id)]


async def test_call_tool_as_another_user(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """``user_id`` makes the call as that user."""
    client = await hass_ws_client(hass)

    response = await _call(
        client,
        hubs.hub_id(hub),
        hubs.BREW,
        tool_args={"size": "small"},
        user_id=hass_read_only_user.id,
    )

    assert response["result"]["result"]["data"]["user_id"] == hass_read_only_user.id
    assert calls == [(hubs.BREW, {"size": "small", "cups": 1}, hass_read_only_user.id)]


async def test_call_failing_tool(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A tool that fails inside a hub answers with a failed result, as the model sees it."""
    client = await hass_ws_client(hass)

    result = (await _call(client, hubs.hub_id(hub), hubs.GRIND))["result"]

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

    result = (await _call(client, hubs.hub_id(hub), hubs.BREW, tool_args={"size": "huge"}))[
        "result"
    ]

    assert result["outcome"] == "error"
    assert result["result"]["error"] is True
    assert result["result"]["data"]["error"] == "InvalidArguments"
    assert "size" in result["result"]["data"]["error_text"]


async def test_call_refused_for_a_user_who_may_not_use_the_hub(
    hass: HomeAssistant,
    admin_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_user: MockUser,
    calls: list[hubs.Call],
) -> None:
    """A hub that requires an admin refuses a non-admin user's call; nothing runs."""
    client = await hass_ws_client(hass)

    response = await _call(
        client, hubs.hub_id(admin_hub), hubs.USERS, user_id=hass_read_only_user.id
    )

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

    assert _error(await _call(client, hubs.hub_id(hub), "nope")) == (
        "not_found",
        f"LLM API {hubs.hub_id(hub)} has no tool nope for this request",
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
        hubs.RecordingTool("light.turn_on"),
        hubs.RecordingTool("search"),
        hubs.RecordingTool("lock.open"),
    ]
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", api_x))
    web = hubs.RecordingTool("search", description="Searches the web.")  # another tool
    llm.async_register_api(hass, hubs.FixedAPI(hass, "y", "Y", [web]))
    entry = await hubs.async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["x", "y"], CONF_EXCLUDED_TOOLS: ["lock_open"]}
    )
    client = await hass_ws_client(hass)
    prefix = f"LLM API {hubs.hub_id(entry)} has no tool"

    assert _error(await _call(client, hubs.hub_id(entry), "light.turn_on")) == (
        "not_found",
        f"{prefix} light.turn_on for this request: the hub lists it as light_turn_on",
    )
    assert _error(await _call(client, hubs.hub_id(entry), "search")) == (
        "not_found",
        f"{prefix} search for this request: the hub lists it as x--search or y--search",
    )
    assert _error(await _call(client, hubs.hub_id(entry), "lock.open")) == (
        "not_found",
        f"{prefix} lock.open for this request: the hub hides it (unchecked in the hub's options)",
    )
    assert (await _call(client, hubs.hub_id(entry), "light_turn_on"))["result"]["outcome"] == "ok"


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
        hass, hubs.FixedAPI(hass, "plain", "Plain", [hubs.RecordingTool("t", raises=raises)])
    )
    client = await hass_ws_client(hass)

    assert _error(await _call(client, "plain", "t")) == error


async def test_call_tool_of_an_api_that_is_not_a_hub_reports_the_result(
    hass: HomeAssistant, hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """Another API's failed result is an ``error`` outcome; its data is passed on."""
    failed = hubs.RecordingTool("t", result=llm.ToolResult(data={"error": "No beans"}, error=True))
    llm.async_register_api(hass, hubs.FixedAPI(hass, "plain", "Plain", [failed]))
    client = await hass_ws_client(hass)

    result = (await _call(client, "plain", "t", tool_args={"a": 1}))["result"]

    assert result["outcome"] == "error"
    assert result["result"] == {"data": {"error": "No beans"}, "error": True}
    assert failed.calls[0].tool_args == {"a": 1}
