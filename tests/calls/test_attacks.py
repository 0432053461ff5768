"""Calls and their audit, tried with what a prompt-injected model sends (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
)
import voluptuous as vol

from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from custom_components.llm_hub.calls.results import json_safe
from custom_components.llm_hub.calls.secrets import is_secret_key, redact_result
from custom_components.llm_hub.const import CONF_RECORD_ARGUMENTS
from homeassistant.components.recorder.db_schema import MAX_EVENT_DATA_BYTES
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm
from homeassistant.helpers.json import json_bytes
from homeassistant.util.json import SerializationError

from ..helpers.hostile import ECHO, FAIL, LONE, NOTE, hostile_tools
from ..helpers.hubs import FixedAPI, RecordingTool, async_add_hub, hub_id, llm_context

contributed_tools = pytest.fixture(hostile_tools, name="contributed_tools")
"""The tools of ``hub_tools``: BREW, GRIND, NOTE, ECHO and FAIL (``hostile_tools``)."""


@pytest.mark.attack
async def test_lone_surrogate_reaches_the_audit(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """A model sends a lone surrogate in a value, a key and the call id.

    The audit event must still be one the recorder can write (it encodes with orjson and
    drops an event it cannot), so the call reaches the logbook.
    """
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, CONF_RECORD_ARGUMENTS: True}
    )
    await hass.config_entries.async_reload(hub.entry_id)
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    await instance.async_call_tool(llm.ToolInput(NOTE, {"text": LONE}, id="call\udfff"))
    refused = await instance.async_call_tool(llm.ToolInput(NOTE, {"text": "ok", "\ud800": LONE}))
    await hass.async_block_till_done()
    assert refused.data["error"] == "InvalidArguments"
    assert json_bytes(refused.data)
    assert len(events) == 2
    for event in events:
        json_bytes(event.data)


@pytest.mark.attack
@pytest.mark.parametrize(
    "key",
    ["APIKEY", "x-Api-Key", "Passwort1", "userPASSWORD", "refreshToken", "Bearer", "hasło"],
)
def test_secret_keys_spelled_oddly(key: str) -> None:
    """Keys a model or a tool could spell oddly: each is a secret."""
    assert is_secret_key(key)


@pytest.mark.attack
async def test_lone_surrogate_in_a_result(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """A tool echoes the model's lone surrogate: the result is still JSON agents can send."""
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    echoed = await instance.async_call_tool(llm.ToolInput(NOTE, {"text": LONE}))
    odd = await instance.async_call_tool(llm.ToolInput(ECHO, {}))
    failed = await instance.async_call_tool(llm.ToolInput(FAIL, {}))
    escaped = "Milk \ufffd please"
    assert echoed.data == {"tool": NOTE, "args": {"text": escaped}}
    assert odd.data == {escaped: [escaped, [escaped, 1]], "n": {"2": escaped}}
    assert json_bytes(echoed.data)
    assert json_bytes(odd.data)
    assert failed.data == {
        "error": "HomeAssistantError",
        "error_text": f"No note named {escaped}",
    }


@pytest.mark.attack
def test_lone_surrogate_in_a_key_of_plain_data() -> None:
    """A tool answers plain data whose only odd part is a key with a lone surrogate: the key
    comes back valid, so every agent can send the result."""
    safe = json_safe({"\ud800": 1, "n": [2]})

    assert safe == {"\ufffd": 1, "n": [2]}
    assert json_bytes(safe)


@pytest.mark.attack
def test_lone_surrogate_in_data_that_contains_itself() -> None:
    """Result data that contains itself and a lone surrogate: a clear error, no crash."""
    data: dict[str, Any] = {"text": LONE}
    data["self"] = data
    with pytest.raises(SerializationError, match="nested too deeply or contains itself"):
        json_safe(data)


@pytest.mark.attack
@pytest.mark.parametrize("char", ["\x00", "\U0001f600", '"'])
async def test_audit_event_stays_below_the_recorders_limit_in_bytes(
    hass: HomeAssistant, hub: MockConfigEntry, hass_admin_user: MockUser, char: str
) -> None:
    """Texts of characters JSON writes long: control characters (6 bytes), emoji (4), quotes.

    The recorder drops the data of an event above 32 KB of JSON (bytes, not characters).
    """
    hass.config_entries.async_update_entry(
        hub, options={**hub.options, CONF_RECORD_ARGUMENTS: True}
    )
    await hass.config_entries.async_reload(hub.entry_id)
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    arguments = {"text": "x"} | {f"k{index}": char * 1000 for index in range(64)}
    await instance.async_call_tool(llm.ToolInput(NOTE, arguments))
    await hass.async_block_till_done()
    [event] = events
    assert len(json_bytes(event.data)) < MAX_EVENT_DATA_BYTES


# --- Results redaction (calls.secrets.redact_result), attacked with what tools really write.

_R = "**REDACTED**"
_SECRET = "hunter2"  # noqa: S105  # a value to look for, not a secret


@pytest.mark.attack
@pytest.mark.parametrize(
    "result",
    [
        {"l": [[{"Passwort": _SECRET}], [{"API-KEY": _SECRET}]]},
        {"deep": {"x_api_key2": _SECRET, "more": [{"userPin": _SECRET}]}},
        {"t": "wifi:\n  ssid: Home\n  password: hunter2\n"},
        {"t": '{"config": {"api_key": "hunter2"}}'},
        {"t": "export API_KEY=hunter2; echo ok"},
        {"t": "https://example.com/cb?code_format=x&api_key=hunter2"},
        {"t": "пароль: hunter2"},
        ["password: hunter2", {"pin": _SECRET}],
    ],
)
def test_result_secrets_held_across_shapes(result: Any) -> None:
    """Nested lists, other languages and separators, YAML and JSON in text, a list result:
    the secret never survives."""
    assert _SECRET not in repr(redact_result(result))


@pytest.mark.attack
@pytest.mark.parametrize(
    "text",
    [
        "url: https://example.com/cb?api_key=hunter2",
        "https://example.com/cb?access_token=hunter2&x=1",
        "note:password=hunter2",
    ],
)
def test_secret_in_a_url_query_is_redacted(text: str) -> None:
    """A URL's query ``?access_token=…`` in a tool's text is a ``key=value``: redacted."""
    assert _SECRET not in redact_result({"t": text})["t"]


@pytest.mark.attack
@pytest.mark.parametrize("text", ["Authorization: Bearer hunter2", "Authorization: Basic hunter2"])
def test_authorization_header_in_text_is_redacted(text: str) -> None:
    """An HTTP header a tool echoes (``Authorization: Bearer …``) does not carry its secret."""
    assert _SECRET not in redact_result({"t": text})["t"]


@pytest.mark.attack
@pytest.mark.parametrize(
    "text",
    [
        "wifi:\n  password:\n    hunter2\n",
        "password: |\n  hunter2\n",
        'token: "line one\nhunter2"',
        "private_key: -----BEGIN PRIVATE KEY-----\nhunter2\n-----END PRIVATE KEY-----",
    ],
)
def test_multi_line_secret_values_are_redacted(text: str) -> None:
    """A secret value written over several lines (YAML, PEM) is redacted whole."""
    assert _SECRET not in redact_result({"t": text})["t"]


@pytest.mark.attack
@pytest.mark.parametrize("text", ["API key: hunter2", "Mot de passe : hunter2"])
def test_secret_key_of_several_words_in_text_is_redacted(text: str) -> None:
    """``API key: …`` (as a person writes it) and French ``Mot de passe : …`` are redacted."""
    assert _SECRET not in redact_result({"t": text})["t"]


@pytest.mark.attack
def test_quoted_secret_with_an_escaped_quote_is_redacted_whole() -> None:
    """A JSON-style quoted value with ``\\"`` in it is redacted to its closing quote."""
    assert "ter2" not in redact_result({"t": 'password: "hun\\"ter2"'})["t"]


@pytest.mark.attack
def test_redaction_survives_odd_data() -> None:
    """Huge texts, deep nesting and non-text keys: no crash, and quickly."""
    huge = "password: hunter2 " + "key: x, " * 200_000
    assert _SECRET not in redact_result({"t": huge})["t"]
    deep: Any = {"pin": _SECRET}
    for _ in range(200):
        deep = {"n": [deep]}
    assert _SECRET not in repr(redact_result(deep))
    odd = {1: "password: hunter2", None: {"pin": 1}}
    assert _SECRET not in repr(redact_result(odd))


@pytest.mark.attack
async def test_a_deeply_nested_result_does_not_crash_the_call(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """A tool answering plain JSON nested 960 deep: the call answers, it does not raise."""
    deep: Any = {"pin": _SECRET}
    for _ in range(960):
        deep = {"n": deep}
    tool = RecordingTool("deep", result=llm.ToolResult(data=deep))
    llm.async_register_api(hass, FixedAPI(hass, "fixed", "Fixed", [tool]))
    entry = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["fixed"]})
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())

    result = await instance.async_call_tool(llm.ToolInput("deep", {}))

    assert _SECRET not in repr(result.data)


@pytest.mark.attack
@pytest.mark.parametrize(
    "raises",
    [
        HomeAssistantError("Login refused for password=hunter2"),
        RuntimeError("connect failed: api_key=hunter2"),
        vol.Invalid("token: hunter2 is expired"),
    ],
)
async def test_a_tools_error_text_reaches_the_model_redacted(
    hass: HomeAssistant, setup_llm: None, raises: Exception
) -> None:
    """A tool that fails with a secret in its error's words: the model and the audit event
    get them redacted."""
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    tool = RecordingTool("login", raises=raises)
    llm.async_register_api(hass, FixedAPI(hass, "fixed", "Fixed", [tool]))
    entry = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["fixed"]})
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())

    result = await instance.async_call_tool(llm.ToolInput("login", {}))

    await hass.async_block_till_done()
    assert result.error
    assert _SECRET not in repr(result.data)
    assert events
    assert _SECRET not in repr([event.data for event in events])
