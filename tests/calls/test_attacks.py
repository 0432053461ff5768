"""Calls and their audit, tried with what a prompt-injected model sends (issue 12)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any, override

from freezegun.api import FrozenDateTimeFactory
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
from custom_components.llm_hub.confirm.approvals import DATA_APPROVALS, EVENT_APPROVAL
from custom_components.llm_hub.const import (
    CONF_CALLS_PER_MINUTE,
    CONF_CHANGES_PER_HOUR,
    CONF_CONFIRM_TOOLS,
    CONF_OVERRIDES,
    CONF_RECORD_ARGUMENTS,
    CONF_SCOPE_ENTITIES,
    CONF_TOOL_MODE,
    DOMAIN,
    LIMIT_REPAIR_REFUSALS,
    TOKEN_ARGUMENT,
)
from homeassistant.components.recorder.db_schema import MAX_EVENT_DATA_BYTES
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import issue_registry as ir, llm
from homeassistant.helpers.json import json_bytes
from homeassistant.util.json import SerializationError

from ..helpers.attacks import KITCHEN_ONLY, call_hub
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


# --- Limits (calls a minute of one tool by one person, changes an hour by one person) ---


async def _limits_hub(
    hass: HomeAssistant, options: dict[str, Any], title: str = "Home", api: str = "fixed"
) -> tuple[MockConfigEntry, RecordingTool]:
    """Add a hub ``title`` over a fresh API ``api`` with one changing tool, ``switch_light``."""
    switch = RecordingTool("switch_light", annotations=llm.ToolAnnotations())
    if api not in {a.id for a in llm.async_get_apis(hass)}:
        llm.async_register_api(hass, FixedAPI(hass, api, api.title(), [switch]))
    entry = await async_add_hub(hass, title, {CONF_LLM_HASS_API: [api], **options})
    return entry, switch


async def _limited_call(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    tool: str,
    user: str | None = "ann",
    args: Any = None,
) -> dict[str, Any]:
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context(user))
    data: dict[str, Any] = (await instance.async_call_tool(llm.ToolInput(tool, args or {}))).data
    return data


@pytest.mark.attack
async def test_limit_counts_an_aliased_tool_once_under_any_name(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """A tool given an alias is counted under the name the model calls; its original name is
    no second budget (it is not callable), and the refusal names only the alias."""
    entry, switch = await _limits_hub(
        hass,
        {
            CONF_CALLS_PER_MINUTE: 1,
            CONF_OVERRIDES: {"switch_light": {"name": "coffee"}},
        },
    )
    assert "error" not in await _limited_call(hass, entry, "coffee")
    original = await _limited_call(hass, entry, "switch_light")
    refused = await _limited_call(hass, entry, "coffee")
    assert "error" in original  # not callable by its original name
    assert refused["error"] == "LimitReached"
    assert "switch_light" not in str(refused)
    assert len(switch.calls) == 1


@pytest.mark.attack
async def test_limit_holds_through_search_modes_call_tool(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """``call_tool`` is no way around a limit: a direct call and one through ``call_tool``
    share the tool's budget, and the refusal names the tool the model named."""
    entry, switch = await _limits_hub(hass, {CONF_CALLS_PER_MINUTE: 1, CONF_TOOL_MODE: "search"})
    assert "error" not in await _limited_call(
        hass, entry, "call_tool", args={"name": "switch_light", "arguments": {}}
    )
    direct = await _limited_call(hass, entry, "switch_light")
    through = await _limited_call(
        hass, entry, "call_tool", args={"name": "switch_light", "arguments": {}}
    )
    assert direct["error"] == "LimitReached"
    assert through["error"] == "LimitReached"
    assert len(switch.calls) == 1


@pytest.mark.attack
async def test_limit_of_a_selected_hub_holds_through_the_hub_that_selects_it(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """An outer hub with no limits is no way around its selected hub's limit: the inner
    hub counts the calls made through the outer one together with its own."""
    inner, switch = await _limits_hub(hass, {CONF_CALLS_PER_MINUTE: 1}, "Inner")
    outer = await async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hub_id(inner)]})
    assert "error" not in await _limited_call(hass, inner, "switch_light")
    through = await _limited_call(hass, outer, "switch_light")
    assert through["error"] == "LimitReached"
    assert len(switch.calls) == 1


@pytest.mark.attack
async def test_limit_refusal_through_an_outer_alias_names_only_the_alias(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """The outer hub renames the inner hub's tool ``coffee``: the model reads ``coffee``."""
    inner, _switch = await _limits_hub(hass, {CONF_CALLS_PER_MINUTE: 1}, "Inner")
    outer = await async_add_hub(
        hass,
        "Outer",
        {
            CONF_LLM_HASS_API: [hub_id(inner)],
            CONF_OVERRIDES: {"switch_light": {"name": "coffee"}},
        },
    )
    assert "error" not in await _limited_call(hass, outer, "coffee")
    refused = await _limited_call(hass, outer, "coffee")
    assert refused["error"] == "LimitReached"
    assert "switch_light" not in refused["error_text"], refused["error_text"]


@pytest.mark.attack
async def test_limit_does_not_count_calls_refused_before_running(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """Arguments that are no object (refused before running) eat no budget."""
    entry, switch = await _limits_hub(hass, {CONF_CHANGES_PER_HOUR: 1})
    bad = await _limited_call(hass, entry, "switch_light", args=["on"])
    assert bad["error"] == "InvalidArguments"
    assert "error" not in await _limited_call(hass, entry, "switch_light")
    assert len(switch.calls) == 1


@pytest.mark.attack
async def test_limit_counts_calls_without_a_user_never_unlimited(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """Calls with no user (automations) are limited too, counted together apart from people's."""
    entry, switch = await _limits_hub(hass, {CONF_CHANGES_PER_HOUR: 1})
    assert "error" not in await _limited_call(hass, entry, "switch_light", user=None)
    refused = await _limited_call(hass, entry, "switch_light", user=None)
    person = await _limited_call(hass, entry, "switch_light", user="ann")
    assert refused["error"] == "LimitReached"
    assert "error" not in person
    assert len(switch.calls) == 2


@pytest.mark.attack
@pytest.mark.parametrize("stored", ["5", 2.5, -1, 0, True, False, [3], {"n": 3}, 1e309])
async def test_wrongly_typed_limit_fails_closed_to_one_with_a_repair(
    hass: HomeAssistant, setup_llm: None, stored: Any
) -> None:
    """A limit stored with the wrong type (a hand edit) allows one call a minute, and the
    invalid-option repair says so; the hub still loads."""
    entry, switch = await _limits_hub(hass, {CONF_CALLS_PER_MINUTE: stored})
    assert "error" not in await _limited_call(hass, entry, "switch_light")
    refused = await _limited_call(hass, entry, "switch_light")
    assert refused["error"] == "LimitReached"
    assert "1 calls a minute" in refused["error_text"]
    assert len(switch.calls) == 1
    assert any(
        issue.domain == DOMAIN and "invalid" in issue.issue_id
        for issue in ir.async_get(hass).issues.values()
    ), list(ir.async_get(hass).issues)


@pytest.mark.attack
async def test_limit_repair_issue_cleared_when_the_hub_is_removed(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """Refused often, the hub raises its repair issue; removing the hub clears it."""
    entry, _switch = await _limits_hub(hass, {CONF_CALLS_PER_MINUTE: 1})
    for _ in range(LIMIT_REPAIR_REFUSALS + 1):
        await _limited_call(hass, entry, "switch_light")
    issue_id = f"limit_reached_{entry.entry_id}"
    assert ir.async_get(hass).async_get_issue(DOMAIN, issue_id) is not None
    assert await hass.config_entries.async_remove(entry.entry_id)
    await hass.async_block_till_done()
    assert ir.async_get(hass).async_get_issue(DOMAIN, issue_id) is None


async def _approve(hass: HomeAssistant, user: MockUser, approval_id: str) -> None:
    hass.data[DATA_APPROVALS].async_decide(approval_id, user, approve=True)
    await hass.async_block_till_done()


@pytest.mark.attack
async def test_limit_counts_an_asked_then_approved_call_once(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """A call that asks first eats no budget; approved and called again, it runs and counts
    once, so the next change is refused."""
    entry, switch = await _limits_hub(
        hass, {CONF_CHANGES_PER_HOUR: 1, CONF_CONFIRM_TOOLS: ["switch_light"]}
    )
    user = hass_admin_user.id
    asked = await _limited_call(hass, entry, "switch_light", user)
    token = asked[TOKEN_ARGUMENT]
    await _approve(hass, hass_admin_user, token)
    ran = await _limited_call(hass, entry, "switch_light", user, {TOKEN_ARGUMENT: token})
    assert "error" not in ran, ran
    assert len(switch.calls) == 1
    assert hass.data[DATA_APPROVALS].pending(hub_id(entry)) == 0


@pytest.mark.attack
async def test_limit_spent_refuses_before_asking_a_person(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """One change an hour, spent: the next call that needs confirming is refused at once,
    or at least its approval is not marked used for a call that did not run."""
    entry, switch = await _limits_hub(
        hass, {CONF_CHANGES_PER_HOUR: 1, CONF_CONFIRM_TOOLS: ["switch_light"]}
    )
    user = hass_admin_user.id
    events = async_capture_events(hass, EVENT_APPROVAL)
    first = (await _limited_call(hass, entry, "switch_light", user))[TOKEN_ARGUMENT]
    await _approve(hass, hass_admin_user, first)
    await _limited_call(hass, entry, "switch_light", user, {TOKEN_ARGUMENT: first})
    again = await _limited_call(hass, entry, "switch_light", user)
    if again.get("error") != "LimitReached":
        second = again[TOKEN_ARGUMENT]
        await _approve(hass, hass_admin_user, second)
        ran = await _limited_call(hass, entry, "switch_light", user, {TOKEN_ARGUMENT: second})
        await hass.async_block_till_done()
        assert ran["error"] == "LimitReached"
        assert (second, "used") not in [(e.data["approval_id"], e.data["status"]) for e in events]
    assert len(switch.calls) == 1


@pytest.mark.attack
async def test_outer_limit_not_eaten_by_a_selected_hubs_request_for_approval(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """The outer hub allows one change an hour; its selected hub asks before the tool runs.
    The asking call must not use up the outer budget: approved, the call runs."""
    inner, switch = await _limits_hub(hass, {CONF_CONFIRM_TOOLS: ["switch_light"]}, "Inner")
    outer = await async_add_hub(
        hass, "Outer", {CONF_LLM_HASS_API: [hub_id(inner)], CONF_CHANGES_PER_HOUR: 1}
    )
    user = hass_admin_user.id
    asked = await _limited_call(hass, outer, "switch_light", user)
    token = asked[TOKEN_ARGUMENT]
    await _approve(hass, hass_admin_user, token)
    ran = await _limited_call(hass, outer, "switch_light", user, {TOKEN_ARGUMENT: token})
    assert "error" not in ran, ran
    assert len(switch.calls) == 1


# --- Last changes: limits against confirmation, races, nested hubs, odd contexts ---


@pytest.mark.attack
async def test_limit_filled_while_a_call_waits_for_approval_refuses_it_unused(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """One change an hour; ``switch_light`` asks, and while it waits the same person's
    ``dim_light`` (no confirmation) spends the hour. Approved, ``switch_light`` is refused
    (never runs) and its approval is not used up."""
    switch = RecordingTool("switch_light", annotations=llm.ToolAnnotations())
    dim = RecordingTool("dim_light", annotations=llm.ToolAnnotations())
    llm.async_register_api(hass, FixedAPI(hass, "two", "Two", [switch, dim]))
    entry = await async_add_hub(
        hass,
        "Home",
        {
            CONF_LLM_HASS_API: ["two"],
            CONF_CHANGES_PER_HOUR: 1,
            CONF_CONFIRM_TOOLS: ["switch_light"],
        },
    )
    user = hass_admin_user.id
    events = async_capture_events(hass, EVENT_APPROVAL)
    waiting = (await _limited_call(hass, entry, "switch_light", user))[TOKEN_ARGUMENT]
    assert "error" not in await _limited_call(hass, entry, "dim_light", user)
    await _approve(hass, hass_admin_user, waiting)
    late = await _limited_call(hass, entry, "switch_light", user, {TOKEN_ARGUMENT: waiting})
    await hass.async_block_till_done()
    assert late["error"] == "LimitReached", late
    assert switch.calls == []
    assert (waiting, "used") not in [(e.data["approval_id"], e.data["status"]) for e in events]


@pytest.mark.attack
async def test_limit_filled_by_another_person_does_not_refuse_an_approved_call(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """Limits count per person: another person filling their minute while this call waits
    for approval does not refuse it."""
    entry, switch = await _limits_hub(
        hass, {CONF_CALLS_PER_MINUTE: 1, CONF_CONFIRM_TOOLS: ["switch_light"]}
    )
    user = hass_admin_user.id
    waiting = (await _limited_call(hass, entry, "switch_light", user))[TOKEN_ARGUMENT]
    other = (await _limited_call(hass, entry, "switch_light", None))[TOKEN_ARGUMENT]
    await _approve(hass, hass_admin_user, other)
    assert "error" not in await _limited_call(
        hass, entry, "switch_light", None, {TOKEN_ARGUMENT: other}
    )
    await _approve(hass, hass_admin_user, waiting)
    ran = await _limited_call(hass, entry, "switch_light", user, {TOKEN_ARGUMENT: waiting})
    assert "error" not in ran, ran
    assert len(switch.calls) == 2


class _SlowTool(RecordingTool):
    """A changing tool that yields to the loop before it answers."""

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> Any:
        await asyncio.sleep(0)
        return await super().async_call(hass, tool_input, llm_context)


@pytest.mark.attack
async def test_limit_holds_for_calls_racing_with_gather(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """Five calls of one instance gathered at once, two calls a minute: two run, three are
    refused; none runs past the limit."""
    slow = _SlowTool("switch_light", annotations=llm.ToolAnnotations())
    llm.async_register_api(hass, FixedAPI(hass, "slow", "Slow", [slow]))
    entry = await async_add_hub(
        hass, "Home", {CONF_LLM_HASS_API: ["slow"], CONF_CALLS_PER_MINUTE: 2}
    )
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context("ann"))
    results = await asyncio.gather(
        *(instance.async_call_tool(llm.ToolInput("switch_light", {})) for _ in range(5))
    )
    refused = [r.data for r in results if r.data.get("error") == "LimitReached"]
    assert len(refused) == 3
    assert len(slow.calls) == 2


@pytest.mark.attack
async def test_one_approval_raced_with_gather_runs_once(
    hass: HomeAssistant, setup_llm: None, hass_admin_user: MockUser
) -> None:
    """One approved token sent in two gathered calls: the tool runs once, and only one call
    is counted (the budget left allows a second, separately approved call)."""
    entry, switch = await _limits_hub(
        hass, {CONF_CALLS_PER_MINUTE: 2, CONF_CONFIRM_TOOLS: ["switch_light"]}
    )
    user = hass_admin_user.id
    token = (await _limited_call(hass, entry, "switch_light", user))[TOKEN_ARGUMENT]
    await _approve(hass, hass_admin_user, token)
    await asyncio.gather(
        *(
            _limited_call(hass, entry, "switch_light", user, {TOKEN_ARGUMENT: token})
            for _ in range(2)
        )
    )
    assert len(switch.calls) == 1
    second = (await _limited_call(hass, entry, "switch_light", user))[TOKEN_ARGUMENT]
    await _approve(hass, hass_admin_user, second)
    ran = await _limited_call(hass, entry, "switch_light", user, {TOKEN_ARGUMENT: second})
    assert "error" not in ran, ran
    assert len(switch.calls) == 2


async def _three_deep(
    hass: HomeAssistant, outer_options: dict[str, Any], middle_options: dict[str, Any]
) -> tuple[MockConfigEntry, RecordingTool]:
    """Return the outer hub of outer -> middle -> inner (over ``switch_light``)."""
    inner, switch = await _limits_hub(hass, {}, "Inner")
    middle = await async_add_hub(
        hass, "Middle", {CONF_LLM_HASS_API: [hub_id(inner)], **middle_options}
    )
    outer = await async_add_hub(
        hass, "Outer", {CONF_LLM_HASS_API: [hub_id(middle)], **outer_options}
    )
    return outer, switch


@pytest.mark.attack
async def test_three_deep_search_mode_holds_the_middle_hubs_limit(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """Outer (search mode) selects Middle (one call a minute) selecting Inner: through
    ``call_tool`` the second call is refused by Middle and the tool runs once."""
    outer, switch = await _three_deep(hass, {CONF_TOOL_MODE: "search"}, {CONF_CALLS_PER_MINUTE: 1})
    through = {"name": "switch_light", "arguments": {}}
    assert "error" not in await _limited_call(hass, outer, "call_tool", args=through)
    refused = await _limited_call(hass, outer, "call_tool", args=through)
    assert refused["error"] == "LimitReached", refused
    assert len(switch.calls) == 1


@pytest.mark.attack
async def test_three_deep_a_call_the_middle_hub_refuses_uses_no_outer_budget(
    hass: HomeAssistant, setup_llm: None, freezer: FrozenDateTimeFactory
) -> None:
    """Outer (search mode, two changes an hour) selects Middle (one call a minute). The
    second call is refused by Middle: it must not spend Outer's changes, so a minute later
    a call runs."""
    outer, switch = await _three_deep(
        hass,
        {CONF_TOOL_MODE: "search", CONF_CHANGES_PER_HOUR: 2},
        {CONF_CALLS_PER_MINUTE: 1},
    )
    through = {"name": "switch_light", "arguments": {}}
    assert "error" not in await _limited_call(hass, outer, "call_tool", args=through)
    assert (await _limited_call(hass, outer, "call_tool", args=through))["error"] == "LimitReached"
    freezer.tick(timedelta(seconds=61))
    later = await _limited_call(hass, outer, "call_tool", args=through)
    assert "error" not in later, later
    assert len(switch.calls) == 2


@pytest.mark.attack
@pytest.mark.parametrize(
    "context",
    [
        llm.LLMContext(
            platform="test",
            context=None,
            language="en",
            assistant=None,  # type: ignore[arg-type]  # what a caller may pass
            device_id=None,
        ),
        llm.LLMContext(
            platform="test",
            context=Context(user_id=None),
            language=None,
            assistant=None,  # type: ignore[arg-type]  # what a caller may pass
            device_id=None,
        ),
    ],
    ids=["no-context", "no-user-no-assistant"],
)
async def test_limit_holds_without_an_assistant_or_a_user(
    hass: HomeAssistant, setup_llm: None, context: llm.LLMContext
) -> None:
    """A context without an assistant, or without a user (or none at all): no crash, and the
    limit holds (counted with the other user-less calls)."""
    entry, switch = await _limits_hub(hass, {CONF_CALLS_PER_MINUTE: 1})
    instance = await llm.async_get_api(hass, hub_id(entry), context)
    first = await instance.async_call_tool(llm.ToolInput("switch_light", {}))
    second = await instance.async_call_tool(llm.ToolInput("switch_light", {}))
    other = await _limited_call(hass, entry, "switch_light", None)
    assert not first.error, first.data
    assert second.data["error"] == "LimitReached"
    assert other["error"] == "LimitReached"
    assert len(switch.calls) == 1


@pytest.mark.attack
async def test_scoped_hub_does_not_count_an_intent_refused_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """The Kitchen hub with one change an hour: turning on the Porch light is refused as out
    of scope; turning on the Kitchen light then runs (no budget spent on the refusal)."""
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: ["assist"],
            CONF_SCOPE_ENTITIES: KITCHEN_ONLY,
            CONF_CHANGES_PER_HOUR: 1,
        },
    )
    refused = await call_hub(hass, hub, "HassTurnOn", {"name": "Porch"})
    ran = await call_hub(hass, hub, "HassTurnOn", {"name": "Kitchen"})
    assert refused[0] != "ran", refused
    assert ran[0] == "ran", (refused, ran)


@pytest.mark.attack
async def test_inner_invalid_arguments_names_only_the_outer_alias(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """The outer hub renames the inner hub's ``switch_light`` (which takes a number) to
    ``coffee``; called with bad arguments, the model reads only ``coffee``."""
    switch = RecordingTool(
        "switch_light",
        annotations=llm.ToolAnnotations(),
        parameters=vol.Schema({vol.Required("number"): int}),
    )
    llm.async_register_api(hass, FixedAPI(hass, "fixed", "Fixed", [switch]))
    inner = await async_add_hub(hass, "Inner", {CONF_LLM_HASS_API: ["fixed"]})
    outer = await async_add_hub(
        hass,
        "Outer",
        {
            CONF_LLM_HASS_API: [hub_id(inner)],
            CONF_OVERRIDES: {"switch_light": {"name": "coffee"}},
        },
    )
    bad = await _limited_call(hass, outer, "coffee", args={"number": "many"})
    assert bad["error"] == "InvalidArguments", bad
    assert "switch_light" not in bad["error_text"], bad["error_text"]
    assert switch.calls == []


@pytest.mark.attack
async def test_inner_name_prefix_of_another_word_is_not_renamed(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """The inner tool ``switch`` (renamed ``coffee`` by the outer hub) fails with words that
    name ``Tool switch_all``: only the whole name is renamed, ``switch_all`` stays."""
    switch = RecordingTool(
        "switch",
        annotations=llm.ToolAnnotations(),
        raises=HomeAssistantError("Tool switch_all is busy; Tool switch is waiting"),
    )
    llm.async_register_api(hass, FixedAPI(hass, "fixed", "Fixed", [switch]))
    inner = await async_add_hub(hass, "Inner", {CONF_LLM_HASS_API: ["fixed"]})
    outer = await async_add_hub(
        hass,
        "Outer",
        {CONF_LLM_HASS_API: [hub_id(inner)], CONF_OVERRIDES: {"switch": {"name": "coffee"}}},
    )
    failed = await _limited_call(hass, outer, "coffee")
    assert "Tool switch_all is busy" in failed["error_text"], failed
    assert "Tool coffee is waiting" in failed["error_text"], failed


@pytest.mark.attack
@pytest.mark.parametrize("data", ["boom", None, ["a"]])
async def test_inner_error_result_that_is_no_object_does_not_crash_the_outer_hub(
    hass: HomeAssistant, setup_llm: None, data: Any
) -> None:
    """A selected hub's tool answers a failed ``ToolResult`` whose data is no object (a
    string, null, a list): the outer hub (renaming it) answers, never raises."""
    tool = RecordingTool(
        "switch_light",
        annotations=llm.ToolAnnotations(),
        result=llm.ToolResult(data=data, error=True),
    )
    llm.async_register_api(hass, FixedAPI(hass, "fixed", "Fixed", [tool]))
    inner = await async_add_hub(hass, "Inner", {CONF_LLM_HASS_API: ["fixed"]})
    outer = await async_add_hub(
        hass,
        "Outer",
        {CONF_LLM_HASS_API: [hub_id(inner)], CONF_OVERRIDES: {"switch_light": {"name": "coffee"}}},
    )
    instance = await llm.async_get_api(hass, hub_id(outer), llm_context("ann"))
    result = await instance.async_call_tool(llm.ToolInput("coffee", {}))
    assert result.error
