"""Safety options of the wrong type fail closed: the hub serves their strictest value.

Through real hubs: what is listed, what asks for confirmation, and how a call without a
conversation is answered are those of the strictest value, until the option is fixed; the
repair issue is raised as for any option; the options form shows that value and saves it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub import const
from custom_components.llm_hub.compose.candidate import requires_token
from custom_components.llm_hub.options import (
    EVERY_TOOL,
    SAFETY_OPTIONS,
    HubOptions,
    invalid_options,
    without_empty,
)
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import issue_registry as ir, llm

from .helpers.hubs import TOOLS_DOMAIN, Call, RecordingTool, async_add_hub, hub_id, llm_context
from .helpers.values import examples, json_values

pytestmark = [
    pytest.mark.usefixtures("setup_llm", "contribution"),
    pytest.mark.filterwarnings("ignore:It looks like `register_random`"),
]

SEARCH = f"{TOOLS_DOMAIN}__search"
UNLOCK = f"{TOOLS_DOMAIN}__unlock"
FLAGS = {
    const.CONF_READ_ONLY: True,
    const.CONF_NO_DESTRUCTIVE: True,
    const.CONF_NO_OPEN_WORLD: True,
    const.CONF_CONFIRM_DESTRUCTIVE: True,
    const.CONF_INCLUDE_NEW_TOOLS: False,
    const.CONF_CONFIRM_WITHOUT_CONVERSATION: const.CONFIRM_REFUSE,
    const.CONF_CALLS_PER_MINUTE: 1,
    const.CONF_CHANGES_PER_HOUR: 1,
    const.CONF_SHADOW_MODE: False,
    const.CONF_APPROVAL_REMEMBER: 0,
}
"""The strictest value of each safety option that holds one value."""
ASK_LISTS = (
    const.CONF_ASK_DOMAINS,
    const.CONF_ASK_DEVICE_CLASSES,
    const.CONF_ASK_AREAS,
    const.CONF_ASK_ENTITIES,
)
""""Always ask before acting on": stored as no list, every acting call asks."""
CONDITIONS: dict[str, Any] = {const.CONF_CONFIRM_CONDITIONS: {}}
"""Conditions on arguments: of the wrong type, none narrows what asks (as none stored)."""
LISTS = (const.CONF_INCLUDED_TOOLS, const.CONF_EXCLUDED_TOOLS, const.CONF_CONFIRM_TOOLS, *ASK_LISTS)
NARROWING = frozenset(
    {
        const.CONF_SCOPE_AREAS,
        const.CONF_SCOPE_FLOORS,
        const.CONF_SCOPE_LABELS,
        const.CONF_SCOPE_DOMAINS,
        const.CONF_SCOPE_ENTITIES,
        const.CONF_SCOPE_EXCLUDED,
        const.CONF_ALLOWED_USERS,
        const.CONF_ADMINS_ONLY,
    }
)
"""The scope and who may use a hub: they fail closed too (tests/test_scope_fail_closed.py)."""


@pytest.fixture
def contributed_tools(contributed_tools: list[llm.Tool], calls: list[Call]) -> list[llm.Tool]:
    """Return the contributed tools with a read-only and a destructive one added."""
    return [
        *contributed_tools,
        RecordingTool(SEARCH, annotations=llm.ToolAnnotations(read_only=True), log=calls),
        RecordingTool(UNLOCK, annotations=llm.ToolAnnotations(open_world=False), log=calls),
    ]


def test_the_safety_options() -> None:
    """The options that fail closed (docs/options.md lists them)."""
    assert set(FLAGS) | set(LISTS) | set(CONDITIONS) | NARROWING == SAFETY_OPTIONS


def _strictest(key: str, value: Any, every: list[str], acting: list[str]) -> dict[str, Any]:
    """Return the well-typed options a wrong-typed ``value`` of ``key`` stands for.

    ``acting``: the tools that are not read-only; an "Always ask" list stored as no list
    asks for each of them, as naming them all in "Also confirm these tools" does.
    """
    if key in CONDITIONS:
        return {key: CONDITIONS[key]}
    if key not in LISTS:
        return {key: FLAGS[key]}
    if isinstance(value, list):
        return {key: [item for item in value if isinstance(item, str) and item]}
    if key in ASK_LISTS:
        return {const.CONF_CONFIRM_TOOLS: acting}
    return {key: [] if key == const.CONF_INCLUDED_TOOLS else every}


def _wrong_for(key: str) -> Callable[[Any], bool]:
    """Return whether a value is of the wrong type for ``key`` as a hub stores it.

    (Set up as version 1.1, whose migration leaves empty values out.)
    """
    return lambda value: bool(invalid_options(without_empty({key: value})))


async def _behaviour(hass: HomeAssistant, entry: MockConfigEntry) -> tuple[Any, ...]:
    """Return what the hub lists, which tools ask first, and how it answers a call of one
    that asks when there is no conversation."""
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    listed = {tool.name: requires_token(tool.parameters) for tool in instance.tools}
    answer = None
    if asking := sorted(name for name, asks in listed.items() if asks):
        result = await instance.async_call_tool(
            llm.ToolInput(tool_name=asking[0], tool_args={}, id="1")
        )
        assert isinstance(result, llm.ToolResult)
        # Refused (an error), or waiting for approval (no error: its status).
        answer = result.data.get("error", result.data.get("status"))
    return listed, answer


async def test_every_wrong_typed_safety_option_behaves_as_its_strictest(
    hass: HomeAssistant, calls: list[Call]
) -> None:
    """Hypothesis over values: a wrong-typed safety option (a bad list item too) behaves
    exactly as its strictest value stored well-typed, and raises its repair issue."""
    open_hub = await async_add_hub(hass, "Open", {})
    every = sorted((await _behaviour(hass, open_hub))[0])
    assert {SEARCH, UNLOCK} <= set(every)
    instance = await llm.async_get_api(hass, hub_id(open_hub), llm_context())
    acting = sorted(tool.name for tool in instance.tools if not tool.annotations.read_only)
    assert SEARCH not in acting
    assert UNLOCK in acting
    # A tool asks in every hub (so how calls without a conversation end shows).
    base = {const.CONF_CONFIRM_TOOLS: [UNLOCK]}
    tried: set[str] = set()
    pairs: list[tuple[str, Any]] = [
        (key, value)
        for key in sorted(SAFETY_OPTIONS - NARROWING)
        for value in examples(json_values.filter(_wrong_for(key)))[:5]
    ]
    for index, (key, value) in enumerate(pairs):
        bad = await async_add_hub(hass, f"Bad {index}", base | {key: value})
        good = await async_add_hub(
            hass, f"Good {index}", base | _strictest(key, value, every, acting)
        )
        assert await _behaviour(hass, bad) == await _behaviour(hass, good), (key, value)
        issue = ir.async_get(hass).async_get_issue(
            const.DOMAIN, f"invalid_option_{bad.entry_id}_{key}"
        )
        assert issue is not None
        assert issue.translation_key == "invalid_safety_option", key
        assert not invalid_options(good.options)
        tried.add(key)
        for entry in (bad, good):
            await hass.config_entries.async_remove(entry.entry_id)
    assert tried == SAFETY_OPTIONS - NARROWING
    assert calls == []


@pytest.mark.parametrize(
    ("stored", "served"),
    [
        ({const.CONF_READ_ONLY: "no"}, HubOptions(read_only=True)),
        ({const.CONF_NO_DESTRUCTIVE: 0}, HubOptions(no_destructive=True)),
        ({const.CONF_NO_OPEN_WORLD: 0.5}, HubOptions(no_open_world=True)),
        ({const.CONF_CONFIRM_DESTRUCTIVE: "off"}, HubOptions(confirm_destructive=True)),
        ({const.CONF_INCLUDE_NEW_TOOLS: "yes"}, HubOptions(include_new_tools=False)),
        (
            {const.CONF_CONFIRM_WITHOUT_CONVERSATION: "Approve"},
            HubOptions(confirm_without_conversation="refuse"),
        ),
        (
            {const.CONF_CONFIRM_TOOLS: ["a", 1, None, ""]},
            HubOptions(confirm_tools=frozenset({"a"})),
        ),
        ({const.CONF_CONFIRM_TOOLS: {"a": True}}, HubOptions(confirm_tools=EVERY_TOOL)),
        ({const.CONF_EXCLUDED_TOOLS: 3}, HubOptions(excluded_tools=EVERY_TOOL)),
        ({const.CONF_EXCLUDED_TOOLS: [["a"], "b"]}, HubOptions(excluded_tools=frozenset({"b"}))),
        ({const.CONF_INCLUDED_TOOLS: [1, "b"]}, HubOptions(included_tools=frozenset({"b"}))),
        ({const.CONF_INCLUDED_TOOLS: {"b": 1}}, HubOptions()),
        ({const.CONF_ASK_DOMAINS: "lock"}, HubOptions(ask_domains=frozenset({"lock"}))),
        ({const.CONF_ASK_DOMAINS: {"lock": 1}}, HubOptions(ask_domains=EVERY_TOOL)),
        (
            {const.CONF_ASK_DEVICE_CLASSES: [1, "door"]},
            HubOptions(ask_device_classes=frozenset({"door"})),
        ),
        ({const.CONF_ASK_AREAS: 7}, HubOptions(ask_areas=EVERY_TOOL)),
        ({const.CONF_ASK_ENTITIES: True}, HubOptions(ask_entities=EVERY_TOOL)),
        ({const.CONF_SHADOW_MODE: "on"}, HubOptions(shadow_mode=False)),
        ({const.CONF_SHADOW_MODE: 1, const.CONF_SHADOW_SINCE: 5}, HubOptions()),
        # Other options keep the lenient reading in the forms and their default in a hub.
        ({const.CONF_TIMEOUT: "10", const.CONF_PROMPT: 5}, HubOptions()),
    ],
)
@pytest.mark.parametrize("checked", [True, False])
def test_safety_options_fail_closed_in_hubs_and_forms(
    stored: dict[str, Any], served: HubOptions, checked: bool
) -> None:
    """Checked (a hub) or not (the forms), a safety option of the wrong type is its strictest."""
    read = HubOptions.from_options(stored, checked=checked)
    if not checked and const.CONF_TIMEOUT in stored:
        served = HubOptions(timeout=10)
    assert read == served
    assert frozenset() != EVERY_TOOL
    assert "anything" in EVERY_TOOL
    assert repr(EVERY_TOOL) == "EVERY_TOOL"
    assert hash(EVERY_TOOL) == hash(HubOptions(confirm_tools=EVERY_TOOL).confirm_tools)


async def test_the_form_shows_and_saves_the_strictest_value(hass: HomeAssistant) -> None:
    """The Safety and Tools forms show what the hub serves; saving stores it well-typed and
    clears the repair issues."""
    stored = {
        const.CONF_READ_ONLY: "no",
        const.CONF_CONFIRM_WITHOUT_CONVERSATION: 1,
        const.CONF_CONFIRM_TOOLS: {"x": 1},
        const.CONF_EXCLUDED_TOOLS: 7,
        const.CONF_INCLUDE_NEW_TOOLS: "yes",
        const.CONF_ASK_DOMAINS: 5,
        const.CONF_ASK_ENTITIES: ["lock.back_door", 6],
    }
    hass.states.async_set("lock.front_door", "locked", {"device_class": "door"})
    hass.states.async_set("light.hall", "off")
    entry = await async_add_hub(hass, "Kitchen", stored)
    every = sorted((await _behaviour(hass, await async_add_hub(hass, "Open", {})))[0])
    assert await _behaviour(hass, entry) == ({}, None)  # every tool excluded

    flow = await hass.config_entries.options.async_init(entry.entry_id)
    form = await hass.config_entries.options.async_configure(
        flow["flow_id"], {"next_step_id": "safety"}
    )
    shown = _suggested(form)
    assert shown[const.CONF_READ_ONLY] is True
    assert shown[const.CONF_CONFIRM_WITHOUT_CONVERSATION] == const.CONFIRM_REFUSE
    assert shown[const.CONF_CONFIRM_TOOLS] == every
    # Every domain there is (the hubs' own pending approvals sensors too).
    assert shown[const.CONF_ASK_DOMAINS] == ["light", "lock", "sensor"]
    assert shown[const.CONF_ASK_ENTITIES] == ["lock.back_door"]
    assert shown.get(const.CONF_ASK_DEVICE_CLASSES, []) == []
    menu = await hass.config_entries.options.async_configure(form["flow_id"], shown)
    form = await hass.config_entries.options.async_configure(
        menu["flow_id"], {"next_step_id": "tools"}
    )
    shown = _suggested(form)
    assert shown[const.CONF_INCLUDE_NEW_TOOLS] is False
    assert shown.get("tools", []) == []
    menu = await hass.config_entries.options.async_configure(form["flow_id"], shown)
    assert menu["type"] is FlowResultType.MENU
    await hass.config_entries.options.async_configure(menu["flow_id"], {"next_step_id": "save"})
    await hass.async_block_till_done()

    assert entry.options[const.CONF_READ_ONLY] is True
    assert entry.options[const.CONF_CONFIRM_WITHOUT_CONVERSATION] == const.CONFIRM_REFUSE
    assert entry.options[const.CONF_CONFIRM_TOOLS] == every
    assert entry.options[const.CONF_EXCLUDED_TOOLS] == every
    assert entry.options[const.CONF_INCLUDE_NEW_TOOLS] is False
    assert entry.options[const.CONF_ASK_DOMAINS] == ["light", "lock", "sensor"]
    assert entry.options[const.CONF_ASK_ENTITIES] == ["lock.back_door"]
    assert const.CONF_ASK_AREAS not in entry.options
    assert not invalid_options(entry.options)
    assert not [
        issue_id
        for domain, issue_id in ir.async_get(hass).issues
        if domain == const.DOMAIN and entry.entry_id in issue_id
    ]


def _suggested(form: Any) -> dict[str, Any]:
    """Return the values a form shows, by field."""
    return {
        str(key): key.description["suggested_value"]
        for key in form["data_schema"].schema
        if key.description and key.description.get("suggested_value") is not None
    }
