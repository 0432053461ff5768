"""A fifth fresh reviewer's attacks on what a step hands a script, template keys, scene
steps, service_template and the options flow's Scope step.

FIXED tests were the holes found (strict xfails until fixed); HELD tests pass.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er, label_registry as lr

from .helpers.attacks import _call, _room_tool
from .helpers.flows import async_fill, async_start_tool_flow
from .helpers.hubs import async_add_hub

TURN_ON_HOLES = [
    pytest.param(
        [
            {
                "action": "script.turn_on",
                "target": {"label_id": "handy"},
                "data": {"variables": {"which": "light.{{ room }}"}},
            }
        ],
        id="turn_on_label_target",
    ),
    pytest.param(
        [
            {
                "action": "script.turn_on",
                "target": "{{ {'entity_id': 'script.which_on'} }}",
                "data": {"variables": {"which": "light.{{ room }}"}},
            }
        ],
        id="turn_on_target_whole_template",
    ),
    pytest.param(
        [
            {
                "action": "script.turn_on",
                "data": "{{ {'entity_id': 'script.which_on', 'variables': "
                "{'which': 'light.' ~ room}} }}",
            }
        ],
        id="turn_on_data_whole_template",
    ),
]


async def _label_script(hass: HomeAssistant) -> str:
    label = lr.async_get(hass).async_create("Handy")
    registry = er.async_get(hass)
    entry = registry.async_get("script.which_on")
    assert entry is not None
    registry.async_update_entity("script.which_on", labels={label.label_id})
    return label.label_id


async def _check_turn_on(hass: HomeAssistant, calls: list[Any], actions: Any) -> None:
    label_id = await _label_script(hass)
    if actions == "REGISTRY_ID":
        entry = er.async_get(hass).async_get("script.which_on")
        assert entry is not None
        actions = [
            {
                "action": "script.turn_on",
                "target": {"entity_id": entry.id},
                "data": {"variables": {"which": "light.{{ room }}"}},
            }
        ]
    elif actions[0].get("target") == {"label_id": "handy"}:
        actions[0]["target"] = {"label_id": label_id}
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await _room_tool(hass, hub, actions)

    ok = await _call(hass, hub, "room_light", {"room": "kitchen"})
    await hass.async_block_till_done()
    assert not ok.error, ok.data
    assert calls, "the script did not run with a reachable light"
    calls.clear()

    refused = await _call(hass, hub, "room_light", {"room": "attic"})
    await hass.async_block_till_done()

    assert calls == [], f"the script ran with the unexposed light: {calls}"
    assert refused.error
    assert "light.attic is not exposed" in str(refused.data)


@pytest.mark.parametrize("actions", TURN_ON_HOLES)
async def test_turn_on_variables_unchecked(
    hass: HomeAssistant,
    seen: list[Any],
    actions: Any,
) -> None:
    """FIXED: the attic light (not exposed) handed through script.turn_on's variables is refused."""
    await _check_turn_on(hass, seen, actions)


async def test_turn_on_registry_id(
    hass: HomeAssistant,
    seen: list[Any],
) -> None:
    """FIXED: a registry id in script.turn_on's target names the script as its entity id."""
    await _check_turn_on(hass, seen, "REGISTRY_ID")


@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(
            [
                {
                    "action": "script.turn_on",
                    "target": {"entity_id": ["script.which_on"]},
                    "data": {"variables": {"which": "light.{{ room }}"}},
                }
            ],
            id="list",
        ),
        pytest.param(
            [
                {
                    "action": "script.turn_on",
                    "target": {"entity_id": "{{ 'script.which_on' }}"},
                    "data": {"variables": {"which": "light.{{ room }}"}},
                }
            ],
            id="templated_entity_id",
        ),
        pytest.param(
            [
                {
                    "action": "script.turn_on",
                    "data_template": {
                        "entity_id": "script.which_on",
                        "variables": {"which": "light.{{ room }}"},
                    },
                }
            ],
            id="data_template",
        ),
        pytest.param(
            [
                {
                    "service_template": "script.which_on",
                    "data": {"which": "light.{{ room }}"},
                }
            ],
            id="service_template",
        ),
    ],
)
async def test_turn_on_variables_held(
    hass: HomeAssistant,
    seen: list[Any],
    actions: Any,
) -> None:
    """HELD: written scripts, lists, data_template, service_template."""
    await _check_turn_on(hass, seen, actions)


# --- The options flow's Scope step: wrong-typed fields ------------------------------------

from custom_components.llm_hub.const import (  # noqa: E402
    CONF_ADMINS_ONLY,
    CONF_ALLOWED_USERS,
    CONF_SCOPE_AREAS,
    CONF_SCOPE_EXCLUDED,
)
from custom_components.llm_hub.options_flow import SCOPE_FIELDS  # noqa: E402
from homeassistant.data_entry_flow import FlowResultType  # noqa: E402

from .helpers.flows import ASSIST, _open_marked, _submit, _suggested  # noqa: E402


def _as_browser(result: Any) -> dict[str, Any]:
    """What the frontend sends back for an untouched form: the suggested values."""
    sent: dict[str, Any] = {}
    for key in (*SCOPE_FIELDS, CONF_ADMINS_ONLY):
        value = _suggested(result, key)
        if value not in (None, []):
            sent[key] = value
    return sent


async def test_scope_two_marked_one_chosen(
    hass: HomeAssistant,
    parity_home: Any,
    hass_admin_user: Any,
) -> None:
    """HELD: two marked fields, a new value for one: it is replaced, the other kept."""
    stored = {CONF_SCOPE_AREAS: {"kitchen": True}, CONF_ALLOWED_USERS: {"someone": True}}
    entry = await async_add_hub(hass, "Kitchen", {**ASSIST, **stored})
    result = await _open_marked(hass, entry)
    assert result["errors"] == {
        CONF_SCOPE_AREAS: "scope_unreadable",
        CONF_ALLOWED_USERS: "scope_unreadable",
    }
    sent = _as_browser(result) | {CONF_SCOPE_AREAS: ["kitchen"], CONF_ADMINS_ONLY: False}

    result = await _submit(hass, result, sent)

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert entry.options[CONF_SCOPE_AREAS] == ["kitchen"]
    assert entry.options[CONF_ALLOWED_USERS] == {"someone": True}


@pytest.mark.parametrize(
    "stored",
    [
        {CONF_SCOPE_EXCLUDED: 5},
        {CONF_SCOPE_EXCLUDED: [5, "light.desk_lamp"]},
        {CONF_ALLOWED_USERS: [3]},
        {CONF_SCOPE_AREAS: [None, "kitchen"]},
    ],
    ids=["excluded no list", "excluded mixed", "users bad items", "areas mixed"],
)
async def test_scope_untouched_as_the_browser_sends_it(
    hass: HomeAssistant,
    parity_home: Any,
    stored: dict[str, Any],
) -> None:
    """HELD: an untouched form sent back with its suggested values never widens the hub."""
    from custom_components.llm_hub.options import HubOptions  # noqa: PLC0415

    entry = await async_add_hub(hass, "Kitchen", {**ASSIST, **stored})
    before = HubOptions.from_options(entry.options)
    result = await _open_marked(hass, entry)

    result = await _submit(hass, result, _as_browser(result))

    assert result["type"] is FlowResultType.CREATE_ENTRY
    after = HubOptions.from_options(entry.options)
    for key in ("scope_areas", "scope_entities", "allowed_users"):
        assert getattr(after, key) == getattr(before, key), key
    assert set(after.scope_excluded) >= set(before.scope_excluded) or isinstance(
        after.scope_excluded, type(before.scope_excluded)
    )
    assert after.admins_only == before.admins_only


async def test_turn_on_variables_whole_template_refused_at_save(
    hass: HomeAssistant,
    seen: list[Any],
) -> None:
    """FIXED: variables handed to script.turn_on as one template cannot be checked as the
    script's fields: the Save step refuses them, naming what to do."""
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    actions = [
        {
            "action": "script.turn_on",
            "target": {"entity_id": "script.which_on"},
            "data": {"variables": "{{ {'which': 'light.' ~ room} }}"},
        }
    ]
    result = await async_start_tool_flow(hass, hub, "action")
    result = await async_fill(
        hass, result, {"title": "Room light", "description": "On.", "actions": actions}
    )

    assert result["errors"] == {"actions": "actions_invalid"}
    assert "write each variable out" in (result.get("description_placeholders") or {})["error"]
