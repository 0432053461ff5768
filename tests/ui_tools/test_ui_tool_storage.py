"""A tool subentry's stored data, whatever it holds: one bad tool is left out, never the hub.

Storage may hold anything (a hand edit, a future version, a half-written record): every
value of every type is tried through a real hub's setup, listing and inspector.
"""

from __future__ import annotations

import copy
from typing import Any
from unittest.mock import patch

from hypothesis import strategies as st
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub.const import DOMAIN
from custom_components.llm_hub.ui_tools import tools as ui_tools
from homeassistant.config_entries import ConfigEntryState, ConfigSubentryData
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir, llm

from ..helpers.hubs import hub_id, llm_context
from ..helpers.values import examples

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats() | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
"""Any value Home Assistant's storage can hold (and NaN, infinities)."""

pytestmark = pytest.mark.filterwarnings("ignore:It looks like `register_random`")

FINE = {"kind": "template", "name": "fine", "description": "Fine.", "template": "{{ 1 }}"}
KEYS = (
    "version",
    "kind",
    "name",
    "description",
    "template",
    "actions",
    "script",
    "parameters",
    "read_only",
    "destructive",
    "open_world",
)
PARAMETER_KEYS = ("name", "type", "description", "required", "min", "max", "options", "domains")
GOOD_PARAMETER = {"name": "a", "type": "number", "min": 0, "max": 9, "options": ["x"]}

parameter = st.fixed_dictionaries(
    {}, optional={key: json_values | st.just(GOOD_PARAMETER.get(key)) for key in PARAMETER_KEYS}
)
records = st.fixed_dictionaries(
    {},
    optional={
        **{key: json_values | st.just(FINE.get(key)) for key in KEYS},
        "kind": st.sampled_from(["template", "action", "script"]) | json_values,
        "parameters": st.lists(parameter | json_values, max_size=3) | json_values,
    },
)
"""A stored tool record: any of its keys, each any JSON value or a good one."""


def _stored(data: Any, title: Any = "Stored") -> ConfigSubentryData:
    """Return a tool subentry as storage may hold it."""
    return ConfigSubentryData(data=data, subentry_type="tool", title=title, unique_id=None)


async def _hub(hass: HomeAssistant, subentries: list[ConfigSubentryData]) -> MockConfigEntry:
    """Set up a hub "Kitchen" whose storage holds ``subentries``; return it."""
    entry = MockConfigEntry(domain=DOMAIN, title="Kitchen", subentries_data=subentries)
    entry.add_to_hass(hass)
    await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


async def _describe(
    hass_ws_client: WebSocketGenerator, entry: MockConfigEntry
) -> list[dict[str, Any]]:
    """Return the hub's tools as the inspector describes them."""
    client = await hass_ws_client()
    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hub_id(entry)})
    response = await client.receive_json()
    assert response["success"], response
    return list(response["result"]["tools"])


async def test_any_stored_record(
    hass: HomeAssistant, setup_llm: None, hass_ws_client: WebSocketGenerator
) -> None:
    """Any stored record: the hub is up, the fine tool works, the record is kept unchanged.

    A record that is not a tool the hub can use is shown in the inspector with a reason and
    has a repair issue.
    """
    stored = examples(records)
    entry = await _hub(
        hass,
        [_stored(data, f"Tool {n}") for n, data in enumerate(stored)]
        + [_stored({**FINE, "name": "reference"})],
    )
    assert entry.state is ConfigEntryState.LOADED
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    result = await instance.async_call_tool(llm.ToolInput(tool_name="reference", tool_args={}))
    assert result.data == {"result": 1}
    by_title = {subentry.title: subentry for subentry in entry.subentries.values()}
    for n, data in enumerate(stored):
        assert dict(by_title[f"Tool {n}"].data) == data  # nothing stored is changed
    problems = entry.runtime_data.api.ui_tools.problems(hass)
    described = await _describe(hass_ws_client, entry)
    hidden = {tool["original_name"] for tool in described if tool["hidden"]}
    assert problems
    for subentry_id in problems:
        name = entry.subentries[subentry_id].data.get("name")
        assert (
            name if isinstance(name, str) and name else entry.subentries[subentry_id].title
        ) in hidden
    assert all(isinstance(reason, str) and reason for _, reason in problems.values())
    issues = ir.async_get(hass)
    for subentry_id in problems:
        assert issues.async_get_issue(DOMAIN, f"tool_{entry.entry_id}_{subentry_id}")


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({**FINE, "read_only": "false"}, "read_only 'false' is not true or false"),
        ({**FINE, "destructive": 0}, "destructive 0 is not true or false"),
        ({**FINE, "version": True}, "Its data version True is not a version"),
        ({**FINE, "version": "1"}, "Its data version '1' is not a version"),
        ({**FINE, "kind": ["template"]}, "Unknown kind of tool ['template']"),
        ({**FINE, "description": {"a": 1}}, "description {'a': 1} is not a text"),
        ({**FINE, "kind": "action", "actions": "x"}, "Its actions 'x' are not a list of actions"),
        ({**FINE, "kind": "action", "actions": [1]}, "Its actions [1] are not a list of actions"),
        (
            {**FINE, "parameters": [{"name": "a", "type": "number", "max": "9"}]},
            "Parameter 1 (\"a\"): max '9' is not a number",
        ),
        (
            {**FINE, "parameters": [{"name": "a", "type": "number", "min": float("nan")}]},
            "min nan is not a number",
        ),
        (
            {**FINE, "parameters": [{"name": "a", "type": "select", "options": 5}]},
            "options 5 is not a list of texts",
        ),
        (
            {**FINE, "parameters": [{"name": "a", "type": "entity", "domains": "light"}]},
            "domains 'light' is not a list of texts",
        ),
        ({**FINE, "parameters": [{"name": "a", "required": "false"}]}, "required 'false' is not"),
        ({**FINE, "parameters": [{"name": 5}]}, "Parameter 1: a name has only letters"),
        ({**FINE, "parameters": [{"name": "a", "type": ["text"]}]}, "unknown type ['text']"),
    ],
)
@pytest.mark.usefixtures("setup_llm")
async def test_strict_values(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, data: dict[str, Any], reason: str
) -> None:
    """Booleans, numbers, texts and lists are read strictly: a wrong type is a reason."""
    entry = await _hub(hass, [_stored(copy.deepcopy(data), "Bad"), _stored({**FINE, "name": "ok"})])
    problems = entry.runtime_data.api.ui_tools.problems(hass)
    ((title, found),) = problems.values()
    assert title == "Bad"
    assert reason in found
    described = {tool["original_name"]: tool for tool in await _describe(hass_ws_client, entry)}
    assert described["ok"]["hidden"] is None
    assert reason in described["fine"]["hidden"]


async def test_title_not_text(hass: HomeAssistant, setup_llm: None) -> None:
    """A title that is not a text is a reason too; the issue names the tool by its text."""
    entry = await _hub(hass, [_stored(FINE, 5)])
    assert entry.runtime_data.api.ui_tools.problems(hass).popitem()[1] == (
        "5",
        "Its title 5 is not a text",
    )


async def test_unexpected_error(hass: HomeAssistant, setup_llm: None) -> None:
    """A check that fails in a way nobody foresaw leaves that tool out, not the hub."""
    with patch.object(ui_tools, "parse_definition", side_effect=RuntimeError("boom")):
        entry = await _hub(hass, [_stored(FINE)])
    assert entry.state is ConfigEntryState.LOADED
    assert entry.runtime_data.api.ui_tools.problems(hass).popitem()[1] == (
        "Stored",
        "It cannot be used: RuntimeError: boom",
    )


REASONS = {
    "en": {
        "Newer": "It was saved by a newer version of LLM Hub (data version 9)",
        "Unnamed": "It has no name",
        "Bad max": "Parameter 1 (\"a\"): max '9' is not a number",
        "Flag": "Its read_only 'no' is not true or false",
        "Gone": "The script script.gone does not exist",
    },
    "de": {
        "Newer": "Es wurde von einer neueren Version von LLM Hub gespeichert (Datenversion 9)",
        "Unnamed": "Es hat keinen Namen",
        "Bad max": "Parameter 1 („a“): max '9' ist keine Zahl",
        "Flag": "read_only 'no' ist kein Wahrheitswert (true oder false)",
        "Gone": "Das Skript script.gone existiert nicht",
    },
}


@pytest.mark.parametrize("language", ["en", "de"])
async def test_reasons_in_the_language_of_home_assistant(
    hass: HomeAssistant,
    setup_llm: None,
    hass_ws_client: WebSocketGenerator,
    language: str,
) -> None:
    """A repair issue says why in Home Assistant's language; values as stored stay as they are.

    The inspector and ``problems`` without texts keep the English words.
    """
    hass.config.language = language
    script = {"kind": "script", "name": "gone", "description": "Gone.", "script": "script.gone"}
    entry = await _hub(
        hass,
        [
            _stored({**FINE, "version": 9}, "Newer"),
            _stored({**FINE, "name": ""}, "Unnamed"),
            _stored(
                {**FINE, "parameters": [{"name": "a", "type": "number", "max": "9"}]}, "Bad max"
            ),
            _stored({**FINE, "name": "flag", "read_only": "no"}, "Flag"),
            _stored(script, "Gone"),
        ],
    )
    issues = [
        issue
        for (domain, _), issue in ir.async_get(hass).issues.items()
        if domain == DOMAIN and issue.translation_key == "tool_left_out"
    ]
    placeholders = {
        issue.translation_placeholders["tool"]: issue.translation_placeholders["reason"]
        for issue in issues
        if issue.translation_placeholders
    }
    assert placeholders == REASONS[language]
    # The fix flow says the same.
    assert {issue.data["reason"] for issue in issues if issue.data} == set(
        REASONS[language].values()
    )
    english = dict(entry.runtime_data.api.ui_tools.problems(hass).values())
    assert english == REASONS["en"]
    described = {
        tool["original_name"]: tool["hidden"] for tool in await _describe(hass_ws_client, entry)
    }
    assert described["gone"] == REASONS["en"]["Gone"]
    assert described["flag"] == REASONS["en"]["Flag"]
