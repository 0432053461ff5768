"""A hub's scope as people set and see it: the options step, the repair issue, diagnostics."""

from __future__ import annotations

from typing import Any

import pytest

from custom_components.llm_hub import const
from custom_components.llm_hub.diagnostics import async_get_config_entry_diagnostics
from homeassistant.config_entries import ConfigFlowResult
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import (
    area_registry as ar,
    floor_registry as fr,
    issue_registry as ir,
    label_registry as lr,
    llm,
)
from homeassistant.helpers.selector import (
    AreaSelector,
    BooleanSelector,
    EntitySelector,
    FloorSelector,
    LabelSelector,
)
from homeassistant.setup import async_setup_component

from ..helpers.flows import ASSIST, _choices, _open, _open_marked, _selector, _submit, _suggested
from ..helpers.homes import async_setup_rooms, place, template_light
from ..helpers.hubs import async_add_hub, async_set_options, hub_id
from ..helpers.parity_home import SCRIPT_SELECTORS, Home, _async_effect, _context

EXPOSED = 6 + len(SCRIPT_SELECTORS) + 1
"""Entities of the test home exposed to Assist: two lights, cover, climate, media player, to-do
list, and its scripts (a hub with a scope leaves out the script tools; the scripts count)."""


def _menu_scope(result: ConfigFlowResult) -> str:
    """Return what the menu says of the scope."""
    assert result["type"] is FlowResultType.MENU
    placeholders = result["description_placeholders"]
    assert placeholders is not None
    return placeholders["scope"]


async def test_scope_step_sets_the_scope_and_users(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any, hass_read_only_user: Any
) -> None:
    """The form offers HA's selectors and users by name; saved, the hub reaches only its scope."""
    entry = await async_add_hub(hass, "Kids' room", ASSIST)
    result = await _open(hass, entry, "scope")

    for key, kind in (
        (const.CONF_SCOPE_AREAS, AreaSelector),
        (const.CONF_SCOPE_FLOORS, FloorSelector),
        (const.CONF_SCOPE_LABELS, LabelSelector),
        (const.CONF_SCOPE_ENTITIES, EntitySelector),
        (const.CONF_SCOPE_EXCLUDED, EntitySelector),
    ):
        selector = _selector(result, key)
        assert isinstance(selector, kind)
        assert selector.config["multiple"] is True
        assert _suggested(result, key) == []
    assert isinstance(_selector(result, const.CONF_ADMINS_ONLY), BooleanSelector)
    assert _suggested(result, const.CONF_ADMINS_ONLY) is False
    domains = _selector(result, const.CONF_SCOPE_DOMAINS).config
    assert (domains["multiple"], domains["custom_value"]) == (True, True)
    assert {"light", "cover", "script"} <= set(_choices(result, const.CONF_SCOPE_DOMAINS))
    users = {
        choice["value"]: choice["label"] for choice in _choices(result, const.CONF_ALLOWED_USERS)
    }
    assert users[hass_admin_user.id] == hass_admin_user.name
    assert users[hass_read_only_user.id] == hass_read_only_user.name
    assert all(
        not user.system_generated for user in await hass.auth.async_get_users() if user.id in users
    )

    result = await _submit(
        hass,
        result,
        {
            const.CONF_SCOPE_AREAS: ["kitchen"],
            const.CONF_ALLOWED_USERS: [hass_admin_user.id],
            const.CONF_ADMINS_ONLY: False,
        },
        save=False,
    )
    assert (
        _menu_scope(result) == f"Its scope reaches 1 of the {EXPOSED} entities exposed to Assist."
    )
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "save"}
    )
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.CREATE_ENTRY
    # Empty fields and "administrators only" off are stored as no option.
    assert entry.options == {
        **ASSIST,
        const.CONF_SCOPE_AREAS: ["kitchen"],
        const.CONF_ALLOWED_USERS: [hass_admin_user.id],
    }
    instance = await llm.async_get_api(hass, hub_id(entry), _context(parity_home, hass_admin_user))
    start = parity_home.snapshot()
    light = await _async_effect(
        parity_home, instance, start, "intent__HassTurnOn", {"name": "Kitchen light"}
    )
    lamp = await _async_effect(
        parity_home, instance, start, "intent__HassTurnOn", {"name": "Desk lamp"}
    )
    assert not light.failed
    assert lamp.failed
    assert lamp.seen == []
    refused = await llm.async_get_api(
        hass, hub_id(entry), _context(parity_home, hass_read_only_user)
    )
    assert refused.tools == []

    result = await _open(hass, entry, "scope")
    assert _suggested(result, const.CONF_SCOPE_AREAS) == ["kitchen"]
    assert _suggested(result, const.CONF_ALLOWED_USERS) == [hass_admin_user.id]


async def test_scope_step_keeps_what_is_gone_and_clears(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """A removed user and an unknown domain stay selectable; clearing the form clears the scope."""
    entry = await async_add_hub(
        hass,
        "Kids' room",
        {
            **ASSIST,
            const.CONF_SCOPE_DOMAINS: ["vacuum"],
            const.CONF_SCOPE_EXCLUDED: ["light.desk_lamp"],
            const.CONF_ALLOWED_USERS: ["gone"],
            const.CONF_ADMINS_ONLY: True,
        },
    )
    result = await _open(hass, entry, "scope")

    assert "vacuum" in _choices(result, const.CONF_SCOPE_DOMAINS)
    assert {"value": "gone", "label": "gone"} in _choices(result, const.CONF_ALLOWED_USERS)
    assert _suggested(result, const.CONF_ADMINS_ONLY) is True
    assert _suggested(result, const.CONF_SCOPE_EXCLUDED) == ["light.desk_lamp"]

    result = await _submit(hass, result, {const.CONF_ADMINS_ONLY: False}, save=False)
    assert _menu_scope(result) == ""
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "save"}
    )
    await hass.async_block_till_done()
    assert entry.options == ASSIST


async def test_menu_counts_only_exposed_entities(hass: HomeAssistant, parity_home: Home) -> None:
    """Leaving entities out counts against what is exposed: the scope never widens it."""
    entry = await async_add_hub(
        hass, "Most", {**ASSIST, const.CONF_SCOPE_EXCLUDED: ["light.desk_lamp"]}
    )
    result = await hass.config_entries.options.async_init(entry.entry_id)
    # The test home's scripts template what they act on: the scope refuses them.
    assert _menu_scope(result) == (
        f"Its scope reaches {EXPOSED - 1} of the {EXPOSED} entities exposed to Assist. "
        f"{len(SCRIPT_SELECTORS) + 1} of them act on what lies outside it, so the hub refuses "
        "them: the panel's Scope section names what."
    )


async def test_menu_counts_entities_the_hub_refuses(hass: HomeAssistant) -> None:
    """A light in the scope switching a helper outside it is counted as refused, until moved."""
    await async_setup_rooms(hass, ("Kitchen",), ("power",))
    lamp = template_light("Lamp", "power")
    assert await async_setup_component(hass, "template", {"template": [{"light": [lamp]}]})
    await hass.async_block_till_done()
    place(hass, {"light.lamp": "kitchen"}, ("light.lamp",))
    entry = await async_add_hub(hass, "Kitchen", {**ASSIST, const.CONF_SCOPE_AREAS: ["kitchen"]})
    reaches = "Its scope reaches 1 of the 1 entities exposed to Assist."

    before = _menu_scope(await hass.config_entries.options.async_init(entry.entry_id))
    place(hass, {"input_boolean.power": "kitchen"}, ())
    after = _menu_scope(await hass.config_entries.options.async_init(entry.entry_id))

    assert before == (
        f"{reaches} 1 of them act on what lies outside it, so the hub refuses them: the "
        "panel's Scope section names what."
    )
    assert after == reaches


async def test_menu_lists_the_tools_of_a_user_served(
    hass: HomeAssistant, parity_home: Home, hass_read_only_user: Any
) -> None:
    """A hub for some users is measured as one of them; serving nobody there is, it lists none."""
    entry = await async_add_hub(
        hass, "Kids' room", {**ASSIST, const.CONF_ALLOWED_USERS: [hass_read_only_user.id]}
    )
    result = await hass.config_entries.options.async_init(entry.entry_id)
    placeholders = result["description_placeholders"]
    assert placeholders is not None
    assert int(placeholders["tools"]) > 0
    assert placeholders["scope"] == ""

    result = await _open(hass, entry, "scope")
    result = await _submit(
        hass,
        result,
        {const.CONF_ALLOWED_USERS: [hass_read_only_user.id], const.CONF_ADMINS_ONLY: True},
        save=False,
    )
    placeholders = result["description_placeholders"]
    assert placeholders is not None
    assert placeholders["tools"] == "0"


def _scope_issues(hass: HomeAssistant) -> dict[str, ir.IssueEntry]:
    """Return LLM Hub's issues about scopes, by id."""
    return {
        issue_id: issue
        for (domain, issue_id), issue in ir.async_get(hass).issues.items()
        if domain == const.DOMAIN and issue_id.startswith("scope_")
    }


async def test_removed_area_raises_an_issue_until_the_scope_is_edited(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """A removed area is named in an issue, the rest keeps working; editing the scope clears it."""
    garage = ar.async_get(hass).async_get_area_by_name("Garage")
    assert garage is not None
    entry = await async_add_hub(
        hass, "Kids' room", {**ASSIST, const.CONF_SCOPE_AREAS: ["kitchen", garage.id]}
    )
    assert _scope_issues(hass) == {}

    ar.async_get(hass).async_delete(garage.id)
    await hass.async_block_till_done()

    issues = _scope_issues(hass)
    assert list(issues) == [f"scope_{entry.entry_id}_area_{garage.id}"]
    issue = next(iter(issues.values()))
    assert issue.translation_key == "scope_area_missing"
    assert issue.translation_placeholders == {"hub": "Kids' room", "name": "Garage"}
    assert not issue.is_fixable
    instance = await llm.async_get_api(hass, hub_id(entry), _context(parity_home, hass_admin_user))
    light = await _async_effect(
        parity_home,
        instance,
        parity_home.snapshot(),
        "intent__HassTurnOn",
        {"name": "Kitchen light"},
    )
    assert not light.failed

    await async_set_options(
        hass, entry, "scope", {const.CONF_SCOPE_AREAS: ["kitchen"], const.CONF_ADMINS_ONLY: False}
    )
    assert entry.options == {**ASSIST, const.CONF_SCOPE_AREAS: ["kitchen"]}
    assert _scope_issues(hass) == {}


async def test_missing_floor_and_label_named_and_removed_with_the_hub(
    hass: HomeAssistant, parity_home: Home
) -> None:
    """A floor and a label gone before setup are named by id; removing the hub removes them."""
    label = lr.async_get(hass).async_create("Kids")
    entry = await async_add_hub(
        hass,
        "Kids' room",
        {
            **ASSIST,
            const.CONF_SCOPE_FLOORS: ["attic"],
            const.CONF_SCOPE_LABELS: ["gone", label.label_id],
        },
    )

    issues = _scope_issues(hass)
    assert {issue.translation_key: issue.translation_placeholders for issue in issues.values()} == {
        "scope_floor_missing": {"hub": "Kids' room", "name": "attic"},
        "scope_label_missing": {"hub": "Kids' room", "name": "gone"},
    }
    fr.async_get(hass).async_create("Attic")
    await hass.async_block_till_done()
    assert [issue.translation_key for issue in _scope_issues(hass).values()] == [
        "scope_label_missing"
    ]

    assert await hass.config_entries.async_remove(entry.entry_id)
    await hass.async_block_till_done()
    assert _scope_issues(hass) == {}
    # Unloaded, the hub no longer listens.
    lr.async_get(hass).async_delete(label.label_id)
    await hass.async_block_till_done()
    assert _scope_issues(hass) == {}


async def test_diagnostics_name_the_scope(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """Diagnostics give the scope's areas, floors, labels and users by name, gone ones as None."""
    floor = fr.async_get(hass).async_get_floor_by_name("Ground floor")
    assert floor is not None
    label = lr.async_get(hass).async_create("Kids")
    entry = await async_add_hub(
        hass,
        "Kids' room",
        {
            **ASSIST,
            const.CONF_SCOPE_AREAS: ["kitchen", "gone"],
            const.CONF_SCOPE_FLOORS: [floor.floor_id, "attic"],
            const.CONF_SCOPE_LABELS: [label.label_id, "old"],
            const.CONF_SCOPE_DOMAINS: ["cover"],
            const.CONF_SCOPE_ENTITIES: ["light.desk_lamp"],
            const.CONF_SCOPE_EXCLUDED: ["media_player.tv"],
            const.CONF_ALLOWED_USERS: [hass_admin_user.id, "removed"],
        },
    )

    diagnostics = await async_get_config_entry_diagnostics(hass, entry)

    assert diagnostics["scope"] == {
        "areas": {"gone": None, "kitchen": "Kitchen"},
        "floors": {"attic": None, floor.floor_id: "Ground floor"},
        "labels": {label.label_id: "Kids", "old": None},
        "domains": ["cover"],
        "entities": ["light.desk_lamp"],
        "excluded": ["media_player.tv"],
        "allowed_users": {hass_admin_user.id: hass_admin_user.name, "removed": None},
        "admins_only": False,
    }


@pytest.mark.parametrize(
    ("stored", "chosen"),
    [
        ({const.CONF_SCOPE_AREAS: {"kitchen": True}}, {const.CONF_SCOPE_AREAS: ["kitchen"]}),
        ({const.CONF_SCOPE_ENTITIES: [3]}, {const.CONF_SCOPE_ENTITIES: ["light.kitchen_light"]}),
        ({const.CONF_SCOPE_EXCLUDED: 5}, {const.CONF_SCOPE_EXCLUDED: ["light.desk_lamp"]}),
        ({const.CONF_ALLOWED_USERS: {"admin": True}}, {const.CONF_ALLOWED_USERS: ["admin"]}),
    ],
    ids=["areas no list", "entities bad items only", "exclusion no list", "users no list"],
)
async def test_scope_step_never_widens_a_wrong_typed_scope(
    hass: HomeAssistant,
    parity_home: Home,
    hass_admin_user: Any,
    stored: dict[str, Any],
    chosen: dict[str, Any],
) -> None:
    """A scope field stored with the wrong type is marked in the form; submitted empty it
    stays as stored (the hub still narrows), and what a person chooses replaces it."""
    if chosen == {const.CONF_ALLOWED_USERS: ["admin"]}:
        chosen = {const.CONF_ALLOWED_USERS: [hass_admin_user.id]}
    entry = await async_add_hub(hass, "Kitchen", {**ASSIST, **stored})
    (key,) = stored
    result = await _open_marked(hass, entry)
    assert result["errors"] == {key: "scope_unreadable"}

    result = await _submit(hass, result, {const.CONF_ADMINS_ONLY: False})

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert entry.options == {**ASSIST, **stored}
    result = await hass.config_entries.options.async_init(entry.entry_id)
    assert _menu_scope(result) == (
        ""
        if key == const.CONF_ALLOWED_USERS
        else f"Its scope reaches 0 of the {EXPOSED} entities exposed to Assist."
    )

    result = await _submit(
        hass, await _open_marked(hass, entry), {**chosen, const.CONF_ADMINS_ONLY: False}
    )
    assert entry.options == {**ASSIST, **chosen}
