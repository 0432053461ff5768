"""Safe results: JSON-safe data, a timeout, and unexpected exceptions, over MCP and the LLM API.

Home Assistant's MCP Server sends ``ToolResult.data`` with ``json.dumps`` and agents with
``helpers.json.json_dumps``: what reaches them must be plain JSON. A tool that hangs, raises,
or cancels itself must not take the conversation or the MCP session down.
"""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from datetime import UTC, date, datetime
from decimal import Decimal
import enum
import json
from typing import Any, override
from unittest.mock import patch

import mcp
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.llm_hub.calls.deadlines import Deadlines
from custom_components.llm_hub.calls.results import json_safe
from custom_components.llm_hub.calls.tool import HubTool
from custom_components.llm_hub.const import CONF_TIMEOUT, DEFAULT_TIMEOUT, SOURCE_BUDGET
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.util.json import JsonObjectType, SerializationError

from ..helpers.hubs import FixedAPI, RecordingTool, async_add_hub, hub_id, llm_context
from ..helpers.mcp import _async_setup_mcp_server, _text, mcp_session

TIMEOUT = 0.05
"""The hub's timeout in these tests, in seconds."""


class Color(enum.Enum):
    """An Enum a tool may return."""

    RED = "red"


class Level(enum.IntEnum):
    """An IntEnum a tool may return."""

    HIGH = 3


RICH = {
    "when": datetime(2026, 11, 29, 12, 30, tzinfo=UTC),
    "day": date(2026, 11, 29),
    "price": Decimal("1.10"),
    "count": Decimal(3),
    "tags": {"kitchen"},
    "color": Color.RED,
    "level": Level.HIGH,
    "pair": (1, 2),
    "nan": float("nan"),
    "not_a_number": Decimal("NaN"),
    7: "a key that is a number",
}
RICH_JSON: JsonObjectType = {
    "when": "2026-11-29T12:30:00+00:00",
    "day": "2026-11-29",
    "price": 1.1,
    "count": 3,
    "tags": ["kitchen"],
    "color": "red",
    "level": 3,
    "pair": [1, 2],
    "nan": None,
    "not_a_number": None,
    "7": "a key that is a number",
}


def _circular() -> dict[str, Any]:
    data: dict[str, Any] = {"lamp": object()}
    data["self"] = data
    return data


class HangingTool(RecordingTool):
    """A tool that waits forever (until cancelled) once called."""

    def __init__(self, name: str) -> None:
        """Create the tool."""
        super().__init__(name)
        self.started = asyncio.Event()
        self.cancelled = False

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Wait for an event nobody sets; note the cancellation."""
        self.calls.append(tool_input)
        self.started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancelled = True
            raise
        raise AssertionError("unreachable")  # pragma: no cover


class CancellingTool(RecordingTool):
    """A tool that raises ``CancelledError`` though nobody cancelled it (a bug of its own)."""

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Raise ``CancelledError`` of its own accord."""
        self.calls.append(tool_input)
        raise asyncio.CancelledError


def _tools() -> list[RecordingTool]:
    return [
        HangingTool("hang"),
        RecordingTool("key_error", raises=KeyError("lamp")),
        CancellingTool("cancels_itself"),
        RecordingTool("own_timeout", raises=TimeoutError("the cloud did not answer")),
        RecordingTool("rich", result=llm.ToolResult(data=RICH)),  # type: ignore[arg-type]
        RecordingTool("rich_dict", result=RICH),  # type: ignore[arg-type]
        RecordingTool("bytes", result=llm.ToolResult(data={"ok": 1, "raw": b"\x00"})),  # type: ignore[dict-item]
        RecordingTool("circular", result=llm.ToolResult(data=_circular())),
        RecordingTool("self_only", result=llm.ToolResult(data=_self_only())),
        RecordingTool("list", result=llm.ToolResult(data=[1, 2], error=True)),  # type: ignore[arg-type]
    ]


def _self_only() -> dict[str, Any]:
    data: dict[str, Any] = {}
    data["self"] = data
    return data


EXPECTED: dict[str, tuple[bool, JsonObjectType]] = {
    "hang": (
        True,
        {
            "error": "TimeoutError",
            "error_text": f"Tool hang timed out after {TIMEOUT} s and was cancelled; "
            "part of what it was doing may have taken effect.",
        },
    ),
    "key_error": (
        True,
        {"error": "KeyError", "error_text": "Tool key_error failed unexpectedly: KeyError('lamp')"},
    ),
    "cancels_itself": (
        True,
        {
            "error": "CancelledError",
            "error_text": "Tool cancels_itself failed unexpectedly: CancelledError()",
        },
    ),
    "own_timeout": (
        True,
        {
            "error": "TimeoutError",
            "error_text": "Tool own_timeout failed unexpectedly: "
            "TimeoutError('the cloud did not answer')",
        },
    ),
    "rich": (False, RICH_JSON),
    "rich_dict": (False, RICH_JSON),
    "bytes": (
        True,
        {
            "error": "SerializationError",
            "error_text": "Tool bytes returned data that cannot be converted to JSON "
            "(Type is not JSON serializable: bytes at $.raw (bytes)); "
            "the tool needs a fix, calling it again will not help.",
        },
    ),
    "circular": (
        True,
        {
            "error": "SerializationError",
            "error_text": "Tool circular returned data that cannot be converted to JSON "
            "(Type is not JSON serializable: object "
            "(the data is nested too deeply or contains itself)); "
            "the tool needs a fix, calling it again will not help.",
        },
    ),
    "self_only": (
        True,
        {
            "error": "SerializationError",
            "error_text": "Tool self_only returned data that cannot be converted to JSON "
            "(Recursion limit reached (the data is nested too deeply or contains itself)); "
            "the tool needs a fix, calling it again will not help.",
        },
    ),
    "list": (True, {"result": [1, 2]}),
}


@pytest.fixture
async def tools(hass: HomeAssistant, setup_llm: None) -> list[RecordingTool]:
    """Register the API "troubled" with the tools above."""
    tools = _tools()
    llm.async_register_api(hass, FixedAPI(hass, "troubled", "Troubled", list[llm.Tool](tools)))
    return tools


@pytest.fixture
async def troubled_hub(hass: HomeAssistant, tools: list[RecordingTool]) -> MockConfigEntry:
    """Return a hub that picks the troubled API, with a timeout of 0.05 s."""
    return await async_add_hub(
        hass, "Kitchen", {"llm_hass_api": ["troubled"], CONF_TIMEOUT: TIMEOUT}
    )


async def test_failures_through_the_llm_api(
    hass: HomeAssistant,
    troubled_hub: MockConfigEntry,
    tools: list[RecordingTool],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Each failure kind comes back as a result the model can read; plain JSON always."""
    instance = await llm.async_get_api(hass, hub_id(troubled_hub), llm_context())

    for name, (error, data) in EXPECTED.items():
        result = await instance.async_call_tool(llm.ToolInput(name, {}))
        assert (result.error, result.data) == (error, data), name
        # What Home Assistant's MCP Server does with it: the standard library's JSON.
        assert json.loads(json.dumps(result.data, allow_nan=False)) == data

    hang = tools[0]
    assert isinstance(hang, HangingTool)
    assert hang.cancelled
    assert "Tool hang (troubled) timed out after 0.05 s and was cancelled" in caplog.text
    assert "Tool key_error (troubled) raised an unexpected error" in caplog.text
    assert "Tool cancels_itself (troubled) raised an unexpected error" in caplog.text
    assert "Traceback" in caplog.text
    assert (
        "Tool bytes (troubled) returned data that cannot be converted to JSON: "
        "Type is not JSON serializable: bytes at $.raw (bytes)" in caplog.text
    )


async def test_failures_over_mcp(
    hass: HomeAssistant,
    troubled_hub: MockConfigEntry,
    tools: list[RecordingTool],
    hass_client_no_auth: ClientSessionGenerator,
    hass_access_token: str,
) -> None:
    """Over MCP, in one session: every failure is an error result, and the session goes on."""
    await _async_setup_mcp_server(hass, ["assist"], require_admin=True)
    url = str((await hass_client_no_auth()).make_url(f"/api/mcp/{hub_id(troubled_hub)}"))

    results: dict[str, mcp.types.CallToolResult] = {}
    async with mcp_session(url, hass_access_token) as session:
        for name in EXPECTED:
            results[name] = await session.call_tool(name, {})
        # The session still answers after a tool cancelled itself and one hung.
        assert {tool.name for tool in (await session.list_tools()).tools} >= EXPECTED.keys()

    for name, (error, data) in EXPECTED.items():
        assert results[name].isError is error, name
        assert json.loads(_text(results[name])) == data, name
    assert all(len(tool.calls) == 1 for tool in tools)


async def test_caller_cancelling_a_call_is_not_answered(
    hass: HomeAssistant, tools: list[RecordingTool]
) -> None:
    """When the caller (a conversation, an MCP request) is cancelled, the call is too."""
    entry = await async_add_hub(hass, "Kitchen", {"llm_hass_api": ["troubled"]})
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    hang = tools[0]
    assert isinstance(hang, HangingTool)

    task = hass.async_create_task(instance.async_call_tool(llm.ToolInput("hang", {})))
    await hang.started.wait()
    task.cancel()

    with pytest.raises(asyncio.CancelledError):
        await task
    assert hang.cancelled


@pytest.fixture
def timeouts() -> Generator[list[float]]:
    """Return the timeouts hub tool calls run with (seconds), in order.

    The same deadlines end slow sources after ``SOURCE_BUDGET``: those are not counted.
    """
    seen: list[float] = []
    real_watch = Deadlines.watch

    def spy(deadlines: Deadlines, timeout: asyncio.Timeout, seconds: float) -> None:
        if seconds != SOURCE_BUDGET:
            seen.append(seconds)
        real_watch(deadlines, timeout, seconds)

    with patch.object(Deadlines, "watch", spy):
        yield seen


async def test_tool_without_hub_uses_the_default_timeout(
    hass: HomeAssistant, timeouts: list[float]
) -> None:
    """A hub tool made without a hub runs with the default timeout of 60 s."""
    tool = RecordingTool("t")
    result = await HubTool("t", tool, "test").async_call(
        hass, llm.ToolInput("t", {}), llm_context()
    )

    assert result.data == {"tool": "t", "args": {}}
    assert timeouts == [DEFAULT_TIMEOUT]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"f": frozenset({1})}, "Type is not JSON serializable: frozenset at $.f (frozenset)"),
        ({"n": 2**70}, "Integer exceeds 64-bit range at $.n (int)"),
        ({"d": Decimal("1E+400")}, "Integer exceeds 64-bit range at $.d (Decimal)"),
        (
            {(1, 2): "tuple key"},
            "Dict key must a type serializable with OPT_NON_STR_KEYS at $<key: (1, 2)> (tuple)",
        ),
    ],
)
def test_json_safe_refuses_what_home_assistant_refuses(data: Any, message: str) -> None:
    """What Home Assistant's encoder refuses is refused, naming where it is."""
    with pytest.raises(SerializationError) as err:
        json_safe(data)
    assert str(err.value) == message


def test_plain_results_are_passed_as_they_are() -> None:
    """Data that is plain JSON already is not converted; a non-finite float is."""
    data = {"n": 1, "x": 1.5, "items": [{"ok": True, "none": None}], "text": "t"}

    assert json_safe(data) is data
    assert json_safe({"x": float("inf")}) == {"x": None}
    assert json_safe({"x": [1, float("nan")]}) == {"x": [1, None]}


@pytest.mark.usefixtures("tools")
async def test_calls_from_mcp_server_stop_before_its_own_limit(
    hass: HomeAssistant, timeouts: list[float]
) -> None:
    """MCP Server gives up on a request after 60 s: its calls stop at 55 s at the latest."""
    entry = await async_add_hub(hass, "Kitchen", {"llm_hass_api": ["troubled"], CONF_TIMEOUT: 120})
    for platform in ("mcp_server", "conversation"):
        context = llm.LLMContext(
            platform=platform,
            context=None,
            language="en",
            assistant="conversation",
            device_id=None,
        )
        instance = await llm.async_get_api(hass, hub_id(entry), context)
        await instance.async_call_tool(llm.ToolInput("key_error", {}))

    assert timeouts == [55, 120]
