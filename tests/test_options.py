"""Stored options read into one typed value; options of the wrong type break nothing.

Each is served as absent (a safety option as its strictest value: test_fail_closed), logged,
reported by a repair issue naming it; the options forms still open and save; other hubs are
unaffected; migration keeps them; nothing is rewritten.
"""

from __future__ import annotations

from dataclasses import fields, replace
from http import HTTPStatus
from typing import Any

from aiohttp.test_utils import TestClient
from hypothesis import given, strategies as st
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.options import (
    EVERY_TOOL,
    EXPECTED,
    SAFETY_OPTIONS,
    HubOptions,
    Override,
    expected_words,
    invalid_options,
)
from custom_components.llm_hub.search.listing import SearchSettings
from custom_components.llm_hub.texts import async_texts
from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import issue_registry as ir, llm, translation
from homeassistant.setup import async_setup_component

from .helpers.hubs import async_add_hub, hub_id, llm_context
from .helpers.values import PROPERTY, examples, json_values

pytestmark = [
    pytest.mark.usefixtures("setup_llm"),
    pytest.mark.filterwarnings("ignore:It looks like `register_random`"),
]

BAD = {
    CONF_LLM_HASS_API: [["assist"]],
    const.CONF_PROMPT: 5,
    const.CONF_MAX_TOOLS: "inf",
    const.CONF_TIMEOUT: float("inf"),
    const.CONF_OVERRIDES: {"x": "not an override"},
}
"""Options of the wrong type, as the issue found them."""
FIELDS = {item.metadata["option"].key: item.name for item in fields(HubOptions)}
"""The ``HubOptions`` field of each option key."""


def _issues(hass: HomeAssistant, entry: MockConfigEntry) -> dict[str, ir.IssueEntry]:
    prefix = f"invalid_option_{entry.entry_id}_"
    return {
        issue_id.removeprefix(prefix): issue
        for (domain, issue_id), issue in ir.async_get(hass).issues.items()
        if domain == const.DOMAIN and issue_id.startswith(prefix)
    }


async def _open_each_step(hass: HomeAssistant, entry: MockConfigEntry) -> list[str]:
    """Open every step of the options menu (but Save); return the steps that showed a form."""
    menu = await hass.config_entries.options.async_init(entry.entry_id)
    assert menu["type"] is FlowResultType.MENU
    opened: list[str] = []
    for step in list(menu["menu_options"]):  # type: ignore[call-overload]
        if step == "save":
            continue
        flow = await hass.config_entries.options.async_init(entry.entry_id)
        result = await hass.config_entries.options.async_configure(
            flow["flow_id"], {"next_step_id": step}
        )
        assert result["type"] in (FlowResultType.FORM, FlowResultType.MENU)
        opened.append(step)
        hass.config_entries.options.async_abort(flow["flow_id"])
    return opened


async def test_options_of_the_wrong_type_are_served_as_absent(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """The hub loads and serves with defaults; each option is logged and has an issue."""
    entry = await async_add_hub(hass, "Kitchen", {**BAD, "future_option": {"any": 1}})

    assert entry.state is ConfigEntryState.LOADED
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    assert instance.api_prompt == ""  # neither the number nor Assist's prompt
    options = entry.runtime_data.api.options
    assert (options.max_tools, options.timeout, options.overrides) == (128, 60, {})
    issues = _issues(hass, entry)
    assert set(issues) == set(BAD)
    assert issues[const.CONF_PROMPT].translation_placeholders == {
        "hub": "Kitchen",
        "option": const.CONF_PROMPT,
        "expected": "a text",
    }
    assert all(issue.is_fixable for issue in issues.values())
    assert "LLM Hub Kitchen: the option prompt holds int, not a text" in caplog.text
    # Nothing the user set is rewritten.
    assert entry.options == {**BAD, "future_option": {"any": 1}}


async def test_forms_open_and_save_with_options_of_the_wrong_type(hass: HomeAssistant) -> None:
    """Every options step opens; saving one step keeps the other options as stored; another
    hub's options flow is unaffected."""
    entry = await async_add_hub(hass, "Kitchen", dict(BAD))
    other = await async_add_hub(hass, "Office", {CONF_LLM_HASS_API: ["assist"]})

    assert await _open_each_step(hass, entry)
    assert await _open_each_step(hass, other)
    flow = await hass.config_entries.options.async_init(entry.entry_id)
    form = await hass.config_entries.options.async_configure(
        flow["flow_id"], {"next_step_id": "apis"}
    )
    await hass.config_entries.options.async_configure(
        form["flow_id"], {CONF_LLM_HASS_API: ["assist"], const.CONF_PROMPT: "Be brief."}
    )
    await hass.config_entries.options.async_configure(form["flow_id"], {"next_step_id": "save"})
    await hass.async_block_till_done()

    assert entry.options == {
        **BAD,
        CONF_LLM_HASS_API: ["assist"],
        const.CONF_PROMPT: "Be brief.",
    }
    assert set(_issues(hass, entry)) == set(BAD) - {CONF_LLM_HASS_API, const.CONF_PROMPT}


async def test_any_value_of_any_option(hass: HomeAssistant) -> None:
    """Hypothesis: any JSON value under any option key sets up, serves, and opens the menu."""
    keys = st.sampled_from([*EXPECTED, "unknown_option"])
    for index, (key, value) in enumerate(examples(st.tuples(keys, json_values))[:60]):
        entry = await async_add_hub(hass, f"Hub {index}", {key: value})
        assert entry.state is ConfigEntryState.LOADED, (key, value)
        await llm.async_get_api(hass, hub_id(entry), llm_context())
        menu = await hass.config_entries.options.async_init(entry.entry_id)
        assert menu["type"] is FlowResultType.MENU
        hass.config_entries.options.async_abort(menu["flow_id"])
        # (Set up as version 1.1, whose migration leaves empty values out.)
        assert set(_issues(hass, entry)) == set(invalid_options(entry.options)), (key, value)
        await hass.config_entries.async_remove(entry.entry_id)


@pytest.mark.parametrize(
    ("options", "invalid"),
    [
        ({CONF_LLM_HASS_API: "assist"}, []),
        ({CONF_LLM_HASS_API: {"assist": True}}, [CONF_LLM_HASS_API]),
        ({const.CONF_TIMEOUT: True}, [const.CONF_TIMEOUT]),
        ({const.CONF_TIMEOUT: 0}, [const.CONF_TIMEOUT]),
        ({const.CONF_TIMEOUT: "60"}, [const.CONF_TIMEOUT]),
        ({const.CONF_MAX_TOOLS: 10.5}, []),
        ({const.CONF_OVERRIDES: {"a": {"name": "b", "description": None}}}, []),
        ({const.CONF_OVERRIDES: {"a": {"name": 1}}}, [const.CONF_OVERRIDES]),
        ({const.CONF_OVERRIDES: {"a": {"colour": "red"}}}, [const.CONF_OVERRIDES]),
        ({"read_only": "yes"}, ["read_only"]),
        ({"confirm_tools": ["a", 1]}, ["confirm_tools"]),
        ({"confirm_without_conversation": "refuse"}, []),
        ({"confirm_without_conversation": "Refuse"}, ["confirm_without_conversation"]),
        ({"approval_timeout": 30}, []),
        ({"approval_timeout": "30"}, ["approval_timeout"]),
        ({"approval_notify_service": "notify.mobile_app_phone"}, []),
        ({"approval_notify_service": "light.kitchen"}, ["approval_notify_service"]),
        ({"tool_mode": "search_over_limit"}, []),
        ({"tool_mode": "searching"}, ["tool_mode"]),
        ({"pinned_tools": "HassTurnOn"}, []),
        ({"pinned_tools": [["HassTurnOn"]]}, ["pinned_tools"]),
        ({"calls_per_minute": 30, "changes_per_hour": 1}, []),
        ({"timeout": 10**400, "calls_per_minute": -(10**400)}, ["timeout", "calls_per_minute"]),
        (
            {"calls_per_minute": 2.5, "changes_per_hour": 0},
            ["calls_per_minute", "changes_per_hour"],
        ),
        ({"anything_else": object()}, []),
    ],
)
def test_what_counts_as_the_wrong_type(options: dict[str, Any], invalid: list[str]) -> None:
    """The types each option must have (docs/options.md)."""
    assert invalid_options(options) == invalid


def test_options_read_leniently_for_a_form() -> None:
    """Read for a form (unchecked), a flag that is no flag is its default, a limit that is no
    number still fails closed (one call); a limit given as a whole float is read whole."""
    read = HubOptions.from_options(
        {
            "record_arguments": "maybe",
            "calls_per_minute": "lots",
            "changes_per_hour": 3.0,
            "timeout": 10**400,
        },
        checked=False,
    )
    assert read.timeout == 60  # too large for a float: the default
    assert (read.record_arguments, read.calls_per_minute, read.changes_per_hour) == (
        False,
        1,
        3,
    )


async def test_migration_keeps_options_of_the_wrong_type(hass: HomeAssistant) -> None:
    """Migrating from 1.1 never fails on them and leaves them as they are."""
    options = {CONF_LLM_HASS_API: {"assist": True}, const.CONF_PROMPT: ["x"], "excluded_tools": []}
    entry = MockConfigEntry(domain=const.DOMAIN, title="Kitchen", options=options, minor_version=1)
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)

    assert entry.state is ConfigEntryState.LOADED
    assert entry.minor_version == 2
    assert entry.options == {CONF_LLM_HASS_API: {"assist": True}, const.CONF_PROMPT: ["x"]}
    assert set(_issues(hass, entry)) == {CONF_LLM_HASS_API, const.CONF_PROMPT}


async def test_fix_flow_removes_the_option(
    hass: HomeAssistant, hass_client: ClientSessionGenerator
) -> None:
    """On the user's word the option goes (its default applies); the others stay."""
    assert await async_setup_component(hass, "repairs", {})
    client = await hass_client()
    entry = await async_add_hub(
        hass, "Kitchen", {const.CONF_PROMPT: 5, const.CONF_MAX_TOOLS: "inf"}
    )

    response = await client.post(
        "/api/repairs/issues/fix",
        json={
            "handler": const.DOMAIN,
            "issue_id": f"invalid_option_{entry.entry_id}_{const.CONF_PROMPT}",
        },
    )
    flow = await response.json()
    assert flow["step_id"] == "confirm"
    assert flow["description_placeholders"] == {
        "hub": "Kitchen",
        "option": const.CONF_PROMPT,
        "expected": "a text",
    }
    response = await client.post(f"/api/repairs/issues/fix/{flow['flow_id']}", json={})
    assert response.status == HTTPStatus.OK
    await hass.async_block_till_done()

    assert entry.options == {const.CONF_MAX_TOOLS: "inf"}
    assert set(_issues(hass, entry)) == {const.CONF_MAX_TOOLS}

    await hass.config_entries.async_remove(entry.entry_id)
    flow = await _fix_a_raised_issue(hass, client, entry.entry_id, const.CONF_MAX_TOOLS)
    assert flow["reason"] == "entry_removed"


async def _fix_a_raised_issue(
    hass: HomeAssistant, client: TestClient[Any, Any], entry_id: str, key: str
) -> dict[str, Any]:
    """Raise the invalid-option issue of ``key`` as the hub would; open its fix flow over HTTP."""
    ir.async_create_issue(
        hass,
        const.DOMAIN,
        f"invalid_option_{entry_id}_{key}",
        data={"entry_id": entry_id, "option": key},
        is_fixable=True,
        severity=ir.IssueSeverity.WARNING,
        translation_key="invalid_option",
    )
    response = await client.post(
        "/api/repairs/issues/fix",
        json={"handler": const.DOMAIN, "issue_id": f"invalid_option_{entry_id}_{key}"},
    )
    flow: dict[str, Any] = await response.json()
    return flow


async def test_english_words_of_what_options_hold_are_those_of_the_log(hass: HomeAssistant) -> None:
    """en.json's ``expected_…`` words are ``EXPECTED``'s (the log's), for every option."""
    english = await async_texts(hass, "common")
    assert {key: expected_words(key, english) for key in EXPECTED} == EXPECTED


async def test_fix_flow_says_what_the_option_must_hold_in_the_language_of_home_assistant(
    hass: HomeAssistant, hass_client: ClientSessionGenerator
) -> None:
    """What an option must hold is in Home Assistant's language (issue 25), one of a few
    values joined in it; an option this version does not know has no such words."""
    assert await async_setup_component(hass, "repairs", {})
    client = await hass_client()
    hass.config.language = "de"
    entry = await async_add_hub(
        hass,
        "Kitchen",
        {const.CONF_READ_ONLY: "false", const.CONF_TOOL_MODE: 3, const.CONF_EXCLUDED_TOOLS: 1},
    )
    assert _issues(hass, entry)[const.CONF_TOOL_MODE].translation_placeholders == {
        "hub": "Kitchen",
        "option": const.CONF_TOOL_MODE,
        "expected": "all, search oder search_over_limit",
    }
    expected: dict[str, str] = {}
    for key in (
        const.CONF_READ_ONLY,
        const.CONF_TOOL_MODE,
        const.CONF_EXCLUDED_TOOLS,
        "unknown_option",
    ):
        flow = await _fix_a_raised_issue(hass, client, entry.entry_id, key)
        expected[key] = flow["description_placeholders"]["expected"]
    assert expected == {
        const.CONF_READ_ONLY: "true oder false",
        const.CONF_TOOL_MODE: "all, search oder search_over_limit",
        const.CONF_EXCLUDED_TOOLS: "eine Liste von Werkzeugnamen",
        "unknown_option": "",
    }


async def test_a_wrong_safety_option_says_its_strictest_value_applies(
    hass: HomeAssistant,
) -> None:
    """The repair issue of a safety option says what the hub does meanwhile (its strictest
    value, issue 23), that of another option that it serves the default, as the user reads
    them in Repairs (HA's translation loader, as the frontend asks it)."""
    assert await async_setup_component(hass, "repairs", {})
    entry = await async_add_hub(
        hass, "Kitchen", {const.CONF_READ_ONLY: "false", const.CONF_PROMPT: 5}
    )
    issues = _issues(hass, entry)
    assert issues[const.CONF_READ_ONLY].translation_key == "invalid_safety_option"
    assert issues[const.CONF_PROMPT].translation_key == "invalid_option"

    texts = await translation.async_get_translations(hass, "en", "issues", {const.DOMAIN})
    step = "component.llm_hub.issues.{}.fix_flow.step.confirm.description"
    assert "strictest setting" in texts[step.format("invalid_safety_option")]
    assert "strictest" not in texts[step.format("invalid_option")]
    assert "as if it were not set" in texts[step.format("invalid_option")]


@PROPERTY
@given(st.dictionaries(st.sampled_from([*EXPECTED, "unknown_option"]), json_values))
def test_a_hub_reads_only_the_options_of_the_right_type(options: dict[str, Any]) -> None:
    """Hypothesis: checked, stored options read as those of the right type read leniently;
    a safety option of the wrong type reads as it alone would (fails closed, test_fail_closed)."""
    invalid = invalid_options(options)
    valid = {key: value for key, value in options.items() if key not in invalid}
    closed = {
        FIELDS[key]: getattr(HubOptions.from_options({key: options[key]}), FIELDS[key])
        for key in invalid
        if key in SAFETY_OPTIONS
    }
    expected = replace(HubOptions.from_options(valid, checked=False), **closed)
    assert HubOptions.from_options(options) == expected


async def test_the_forms_read_hand_edited_options_leniently(hass: HomeAssistant) -> None:
    """Unchecked (the options forms), each value is read as well as it can be; checked (the
    hub), a value of the wrong type counts as absent."""
    stored = {
        const.CONF_INCLUDE_NEW_TOOLS: "no",
        const.CONF_INCLUDED_TOOLS: "one_tool",
        const.CONF_EXCLUDED_TOOLS: ["a", "", None],
        const.CONF_READ_ONLY: "maybe",
        const.CONF_CONFIRM_TOOLS: None,
        const.CONF_OVERRIDES: {"a": {"name": " x ", "description": ""}, "b": "nonsense", "c": {}},
        const.CONF_TIMEOUT: "soon",
        const.CONF_MAX_TOOLS: -3,
        const.CONF_RECORD_ARGUMENTS: 1,
    }
    options = HubOptions.from_options(stored, checked=False)

    # Safety options of the wrong type fail closed in the forms too (test_fail_closed).
    closed: dict[str, Any] = {
        "include_new_tools": False,
        "excluded_tools": frozenset({"a"}),
        "read_only": True,
        "confirm_tools": EVERY_TOOL,
    }
    assert options == HubOptions(
        included_tools=frozenset({"one_tool"}),
        overrides={"a": Override(alias="x")},
        timeout=60,
        max_tools=128,
        record_arguments=True,
        **closed,
    )
    assert HubOptions.from_options(stored) == HubOptions(
        included_tools=frozenset({"one_tool"}), **closed
    )
    assert HubOptions.from_options({}) == HubOptions()
    assert HubOptions.from_options({const.CONF_TIMEOUT: 2.5}).timeout == 2.5
    # Not a mapping at all: no overrides (else only Hypothesis's draws reach this).
    assert HubOptions.from_options({const.CONF_OVERRIDES: "x"}, checked=False).overrides == {}


@pytest.mark.parametrize(
    ("options", "seconds"),
    [
        ({}, 60),
        ({const.CONF_TIMEOUT: 5}, 5),
        ({const.CONF_TIMEOUT: 0.5}, 0.5),
        ({const.CONF_TIMEOUT: 0}, 60),
        ({const.CONF_TIMEOUT: -1}, 60),
        # A hand edit: a number as text counts, anything else is the default.
        ({const.CONF_TIMEOUT: "10"}, 10),
        ({const.CONF_TIMEOUT: "soon"}, 60),
        ({const.CONF_TIMEOUT: True}, 60),
        ({const.CONF_TIMEOUT: float("nan")}, 60),
    ],
)
def test_call_timeout(options: dict[str, Any], seconds: float) -> None:
    """The timeout read is the option when it is a positive number, else the default."""
    assert HubOptions.from_options(options, checked=False).timeout == seconds


@pytest.mark.parametrize(
    ("stored", "expected"),
    [
        ({}, ("approve", 300, None)),
        (
            {
                const.CONF_CONFIRM_WITHOUT_CONVERSATION: "maybe",
                const.CONF_APPROVAL_TIMEOUT: "soon",
                const.CONF_APPROVAL_NOTIFY_SERVICE: "light.kitchen",
            },
            ("refuse", 300, None),  # a safety option: fails closed
        ),
        ({const.CONF_APPROVAL_NOTIFY_SERVICE: ["notify.phone"]}, ("approve", 300, None)),
    ],
)
@pytest.mark.parametrize("checked", [True, False])
def test_approval_options(stored: dict[str, Any], expected: tuple[Any, ...], checked: bool) -> None:
    """Absent or wrong approval options count as the defaults; "Confirmation without a
    conversation" of the wrong type as refuse."""
    options = HubOptions.from_options(stored, checked=checked)
    assert (
        options.confirm_without_conversation,
        options.approval_timeout,
        options.approval_notify_service,
    ) == expected


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, SearchSettings()),
        ({const.CONF_TOOL_MODE: "search"}, SearchSettings(const.ToolMode.SEARCH)),
        ({const.CONF_TOOL_MODE: "sometimes"}, SearchSettings()),
        ({const.CONF_TOOL_MODE: ["search"]}, SearchSettings()),
        ({const.CONF_PINNED_TOOLS: "a"}, SearchSettings(pinned=frozenset({"a"}))),
        ({const.CONF_PINNED_TOOLS: ["a", 1, None]}, SearchSettings(pinned=frozenset({"a"}))),
        ({const.CONF_PINNED_TOOLS: None}, SearchSettings()),
    ],
)
def test_search_settings_from_hand_edited_options(
    options: dict[str, Any], expected: SearchSettings
) -> None:
    """Read leniently, an unknown mode is all tools, a single key one key, and what is not
    text is left out."""
    read = HubOptions.from_options(options, checked=False)
    assert SearchSettings(read.tool_mode, read.pinned_tools) == expected
