"""Whatever a source gives a hub is data to check: used safely, or left out with a reason.

Regression tests of issue 13: a selected API whose prompt is not text, tools that are not
tools or have no usable name, parameters that are a plain mapping, a result holding text
that is not valid Unicode (over MCP, with the real MCP client), and names that differ only
in case.
"""

from __future__ import annotations

import json
import logging
from typing import Any, override

import probatio
import pytest
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.llm_hub.calls.results import json_safe
from custom_components.llm_hub.compose.source_checks import check_source
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.util.json import SerializationError

from ..helpers import hubs
from ..helpers.mcp import _async_setup_mcp_server, mcp_session


class Nameless(llm.Tool):
    """A tool that never set its name."""

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Never called."""
        raise NotImplementedError


LEFT_OUT = "LLM Hub Kitchen left out of x"
"""How the hub "Kitchen" starts to say what it left out of the selected API ``x``."""


async def _never_awaited() -> str:
    return "a prompt"


def _named(name: Any) -> hubs.RecordingTool:
    """Return a tool whose name is ``name`` (of any type)."""
    tool = hubs.RecordingTool("placeholder")
    tool.name = name
    return tool


async def _instance(hass: HomeAssistant, api: llm.API) -> llm.APIInstance:
    """Register ``api``; return the instance of a hub that selects it."""
    llm.async_register_api(hass, api)
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: [api.id]})
    return await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())


@pytest.mark.parametrize(
    ("prompt", "reason"),
    [
        (None, "its prompt, which is None, not text"),
        (42, "its prompt, which is of type int (42), not text"),
        ("coroutine", "its prompt, a coroutine that was not awaited, not text"),
    ],
)
async def test_prompt_that_is_not_text_is_left_out(
    hass: HomeAssistant, setup_llm: None, caplog: pytest.LogCaptureFixture, prompt: Any, reason: str
) -> None:
    """A selected API's prompt that is not text: its tools are served without it, and said so."""
    if prompt == "coroutine":
        prompt = _never_awaited()
    api = hubs.FixedAPI(hass, "x", "X", [hubs.RecordingTool("lamp")], prompt=prompt)

    instance = await _instance(hass, api)

    assert "lamp" in [tool.name for tool in instance.tools]
    assert "X" not in instance.api_prompt
    assert instance.warnings == [f"{LEFT_OUT} {reason}"]  # type: ignore[attr-defined]
    assert f"{LEFT_OUT} {reason}" in caplog.text


async def test_tools_that_cannot_be_used_are_left_out(
    hass: HomeAssistant, setup_llm: None, caplog: pytest.LogCaptureFixture
) -> None:
    """Tools without a name, with a name that is not text or blank: left out, the rest served."""
    tools: list[Any] = [_named(5), Nameless(), _named("  "), hubs.RecordingTool("lamp")]
    api = hubs.FixedAPI(hass, "x", "X", tools, prompt="Use the lamp.")

    instance = await _instance(hass, api)
    result = await instance.async_call_tool(llm.ToolInput("lamp", {}))

    assert "lamp" in [tool.name for tool in instance.tools]
    assert not result.error
    assert instance.warnings == [  # type: ignore[attr-defined]
        f"{LEFT_OUT} a tool of class RecordingTool whose name is of type int (5), not text",
        f"{LEFT_OUT} a tool of class Nameless whose name is None, not text",
        f"{LEFT_OUT} a tool of class RecordingTool with a blank name",
    ]
    assert caplog.text.count(LEFT_OUT) == 3


async def test_contributed_tools_and_prompt_are_checked(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """A contributor's prompt that is not text is left out; its usable tools are served."""
    hubs.add_llm_platform(
        hass,
        "hub_tools",
        hubs.Contribution([hubs.RecordingTool("hub_tools__lamp")], prompt=b"bytes", only_hubs=True),  # type: ignore[arg-type]
        built_in=True,
    )
    entry = await hubs.async_add_hub(hass, "Kitchen", {})

    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())

    assert sorted(tool.name for tool in instance.tools) == ["hub_tools__lamp", "llm__GetDateTime"]
    reason = "its prompt, which is of type bytes (b'bytes'), not text"
    assert instance.warnings == [f"LLM Hub Kitchen left out of hub_tools {reason}"]  # type: ignore[attr-defined]


def test_check_source() -> None:
    """Unit cases: tools that are not a list, things that are not tools, long values cut."""
    assert check_source("p", None).left_out == ["its tools, which are None, not a list"]
    lamp = hubs.RecordingTool("lamp")
    checked = check_source(None, (lamp, "x" * 80), prompt_optional=True)
    assert checked.prompt == ""
    assert checked.tools == [lamp]
    assert checked.left_out == [f"a tool that is of type str ('{'x' * 36}...), not an llm.Tool"]


async def test_parameters_given_as_a_plain_mapping(hass: HomeAssistant, setup_llm: None) -> None:
    """Parameters that are a plain dict are checked as a schema (not "not callable")."""
    tool = hubs.RecordingTool("count", parameters={probatio.Required("n"): int})
    instance = await _instance(hass, hubs.FixedAPI(hass, "x", "X", [tool]))

    ran = await instance.async_call_tool(llm.ToolInput("count", {"n": 2}))
    refused = await instance.async_call_tool(llm.ToolInput("count", {"n": "two"}))

    assert not ran.error
    assert refused.data["error"] == "InvalidArguments"
    assert [call.tool_args for call in tool.calls] == [{"n": 2}]


async def test_result_with_lone_surrogates_reaches_an_mcp_client(
    hass: HomeAssistant,
    setup_llm: None,
    hass_client_no_auth: ClientSessionGenerator,
    hass_access_token: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Text that is not valid Unicode in a result: the model gets it, bad characters replaced."""
    tool = hubs.RecordingTool(
        "list_files",
        result=llm.ToolResult(data={"files": ["caf\udce9.txt"], "\ud800key": "ok"}),
    )
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["x"]})
    await _async_setup_mcp_server(hass, [hubs.hub_id(entry)], require_admin=False)
    client = await hass_client_no_auth()
    url = str(client.make_url(f"/api/mcp/{hubs.hub_id(entry)}"))

    with caplog.at_level(logging.WARNING):
        async with mcp_session(url, hass_access_token) as session:
            result = await session.call_tool("list_files", {})

    assert not result.isError
    assert json.loads(result.content[0].text) == {  # type: ignore[union-attr]
        "files": ["caf\ufffd.txt"],
        "\ufffdkey": "ok",
    }


async def test_names_differing_only_in_case_are_told_apart(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """``x__Lamp`` and ``x__lamp``: listed under names unique ignoring case; calls reach each."""
    upper, lower = hubs.RecordingTool("x__Lamp"), hubs.RecordingTool("x__lamp")
    instance = await _instance(hass, hubs.FixedAPI(hass, "x", "X", [upper, lower]))
    names = [tool.name for tool in instance.tools if tool.name.lower().startswith("x__lamp")]

    assert names[0] == "x__Lamp"
    assert names[1].startswith("x__lamp_")
    assert len({name.lower() for name in names}) == 2
    await instance.async_call_tool(llm.ToolInput(names[1], {}))
    await instance.async_call_tool(llm.ToolInput(names[0], {}))
    assert [call.tool_name for call in lower.calls] == ["x__lamp"]
    assert [call.tool_name for call in upper.calls] == ["x__Lamp"]


def test_json_safe_replaces_lone_surrogates() -> None:
    """Lone surrogates become U+FFFD anywhere in lists, tuples and keys; other faults still fail."""
    assert json_safe({"a": ("x\ud800",), "\udfffb": 1}) == {"a": ["x\ufffd"], "\ufffdb": 1}
    with pytest.raises(SerializationError, match="bytes"):
        json_safe({"a": "x\ud800", "b": b"raw"})
    loop: list[Any] = ["\ud800"]
    loop.append(loop)
    with pytest.raises(SerializationError):
        json_safe({"loop": loop})
