"""A fourth fresh reviewer's attacks on the last fixes: UI action tools' checked targets,
script tools' fields, intent calls of scripts and scenes.

HOLE tests assert what should happen; all seven are closed (their xfail markers removed).
HELD tests pass.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from custom_components.llm_hub.const import CONF_ASK_DOMAINS, CONF_SCOPE_ENTITIES, DOMAIN
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.config_entries import ConfigSubentryData
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import (
    device_registry as dr,
    entity_registry as er,
    issue_registry as ir,
    llm,
)
from homeassistant.setup import async_setup_component

from .helpers.attacks import _call, _room_tool
from .helpers.flows import async_add_tool, async_fill, async_start_tool_flow
from .helpers.homes import _attic
from .helpers.hubs import async_add_hub, hub_id, llm_context


def _turned(lights_home: dict[str, Any]) -> list[Any]:
    return [call.data.get("entity_id") for call in lights_home["light_on"]]


# --- UI action tools: a target key the checked templates never see ------------------------------


@pytest.mark.parametrize(
    "part",
    [
        pytest.param({"data": {"{{ 'entity_id' }}": "light.{{ room }}"}}, id="data_key_template"),
        pytest.param(
            {"data_template": {"variables": {"{{ 'which' }}": "light.{{ room }}"}}},
            id="variables_key_template",
        ),
    ],
)
async def test_action_tool_templated_data_key(
    hass: HomeAssistant, lights_home: dict[str, Any], part: dict[str, Any]
) -> None:
    """Fixed: refused when saved (a form error), and a stored one is left out with a repair."""
    _attic(hass)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    actions = [{"action": "light.turn_on", **part}]
    result = await async_start_tool_flow(hass, hub, "action")
    result = await async_fill(
        hass, result, {"title": "Room light", "description": "On.", "actions": actions}
    )
    assert result["errors"] == {"actions": "actions_invalid"}
    assert "is a template" in (result.get("description_placeholders") or {})["error"]

    stored = MockConfigEntry(
        domain=DOMAIN,
        title="Stored",
        data={},
        options={CONF_LLM_HASS_API: ["assist"]},
        subentries_data=[
            ConfigSubentryData(
                data={
                    "kind": "action",
                    "name": "room_light",
                    "description": "On.",
                    "actions": actions,
                },
                subentry_type="tool",
                title="Room light",
                unique_id=None,
            )
        ],
    )
    stored.add_to_hass(hass)
    assert await hass.config_entries.async_setup(stored.entry_id)
    await hass.async_block_till_done()
    (subentry_id,) = stored.subentries
    instance = await llm.async_get_api(hass, hub_id(stored), llm_context())
    assert not any(item.name.endswith("room_light") for item in instance.tools)
    issue = ir.async_get(hass).async_get_issue(DOMAIN, f"tool_{stored.entry_id}_{subentry_id}")
    assert issue is not None
    assert issue.translation_placeholders is not None
    assert "is a template" in issue.translation_placeholders["reason"]


# --- UI action tools: the model's text handed to a script as its variables ----------------------


@pytest.mark.parametrize(
    "step",
    [
        pytest.param(
            {"action": "script.which_on", "data": {"which": "light.{{ room }}"}},
            id="script_by_name",
        ),
        pytest.param(
            {
                "action": "script.turn_on",
                "target": {"entity_id": "script.which_on"},
                "data": {"variables": {"which": "light.{{ room }}"}},
            },
            id="script_turn_on_variables",
        ),
    ],
)
async def test_action_tool_passes_the_model_text_to_a_script(
    hass: HomeAssistant, script_home: list[Any], step: dict[str, Any]
) -> None:
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await _room_tool(hass, hub, [step])
    ok = await _call(hass, hub, "room_light", {"room": "kitchen"})
    assert not ok.error, ok.data
    script_home.clear()

    result = await _call(hass, hub, "room_light", {"room": "attic"})

    assert script_home == [], f"the script acted on light.attic: {result.data}"
    assert result.error


# --- UI action tools: service_template, the other spelling of the action -------------------------


async def test_action_tool_service_template_target(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    _attic(hass)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await _room_tool(
        hass,
        hub,
        [
            {"variables": {"t": "light.{{ room }}"}},
            {"service_template": "light.turn_on", "target": {"entity_id": "{{ t }}"}},
        ],
    )
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    if not any(item.name.endswith("room_light") for item in instance.tools):
        raise AssertionError("left out")
    result = await _call(hass, hub, "room_light", {"room": "attic"})
    assert _turned(lights_home) == [], f"an unexposed light was turned on ({result.data})"
    assert result.error


async def test_action_tool_service_template_opaque_in_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["light.kitchen"]}
    )
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Ask Assist",
            "description": "Asks Assist.",
            "actions": [
                {
                    "service_template": "conversation.process",
                    "data": {"text": "turn on the porch light"},
                }
            ],
        },
    )
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    if not any(item.name.endswith("ask_assist") for item in instance.tools):
        raise AssertionError("left out")
    result = await _call(hass, hub, "ask_assist", {})
    assert _turned(lights_home) == [], f"light.porch turned on out of scope ({result.data})"
    assert result.error


# --- UI action tools: the scene step (`scene: scene.x`) in a scoped hub --------------------------


@pytest.mark.parametrize(
    "step",
    [
        {"scene": "scene.evening"},
        # Control: the same scene through scene.turn_on.
        {"action": "scene.turn_on", "target": {"entity_id": "scene.evening"}},
    ],
    ids=["scene step", "scene.turn_on"],
)
async def test_action_tool_scene_step_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any], step: dict[str, Any]
) -> None:
    assert await async_setup_component(
        hass, "scene", {"scene": [{"name": "Evening", "entities": {"light.porch": "on"}}]}
    )
    await hass.async_block_till_done()
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["light.kitchen", "scene.evening"]},
    )
    await async_add_tool(
        hass, hub, "action", {"title": "Evening", "description": "Evening.", "actions": [step]}
    )

    result = await _call(hass, hub, "evening", {})

    assert _turned(lights_home) == [], f"light.porch set out of scope ({result.data})"
    assert result.error


# --- UI action tools: nested paths (checked as the run renders them) -----------------------------


@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(
            [
                {"variables": {"t": "light.{{ room }}"}},
                {
                    "choose": [
                        {
                            "conditions": "{{ true }}",
                            "sequence": [
                                {"action": "light.turn_on", "target": {"entity_id": "{{ t }}"}}
                            ],
                        }
                    ]
                },
            ],
            id="choose",
        ),
        pytest.param(
            [
                {"variables": {"t": "light.{{ room }}"}},
                {
                    "parallel": [
                        {"action": "light.turn_on", "data": {"entity_id": "{{ t }}"}},
                        {"sequence": [{"delay": 0}]},
                    ]
                },
            ],
            id="parallel",
        ),
        pytest.param(
            [
                {"variables": {"t": "light.{{ room }}"}},
                {
                    "repeat": {
                        "while": "{{ repeat.index < 2 }}",
                        "sequence": [
                            {
                                "if": "{{ true }}",
                                "then": [
                                    {
                                        "continue_on_error": True,
                                        "action": "light.turn_on",
                                        "target": "{{ {'entity_id': t} }}",
                                    }
                                ],
                            }
                        ],
                    }
                },
            ],
            id="repeat_while_if_continue_on_error",
        ),
        pytest.param(
            [
                {"action": "test.light_on", "response_variable": "r"},
                {"variables": {"t": "light.{{ room }}"}},
                {
                    "sequence": [
                        {"action": "light.turn_on", "data_template": {"entity_id": "{{ t }}"}}
                    ]
                },
            ],
            id="sequence_data_template",
        ),
    ],
)
async def test_held_nested_paths(
    hass: HomeAssistant, lights_home: dict[str, Any], actions: list[Any]
) -> None:
    _attic(hass)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await _room_tool(hass, hub, actions)

    result = await _call(hass, hub, "room_light", {"room": "attic"})

    assert _turned(lights_home) == [], f"an unexposed light was turned on ({result.data})"
    assert result.error


# --- Script fields: a device field whose script acts on every entity of the device ---------------


async def test_script_device_field_with_an_unexposed_entity(hass: HomeAssistant) -> None:
    for component in ("homeassistant", "intent", "llm", "conversation"):
        assert await async_setup_component(hass, component, {})
    owner = MockConfigEntry(domain="test")
    owner.add_to_hass(hass)
    device = dr.async_get(hass).async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("test", "combo")}
    )
    registry = er.async_get(hass)
    for domain in ("light", "switch"):
        entry = registry.async_get_or_create(
            domain, "test", "combo", device_id=device.id, config_entry=owner
        )
        hass.states.async_set(entry.entity_id, "off")
        async_expose_entity(hass, "conversation", entry.entity_id, should_expose=domain == "light")
    switched = async_mock_service(hass, "switch", "turn_on")
    async_mock_service(hass, "light", "turn_on")
    scripts = {
        "device_on": {
            "fields": {
                "dev": {"required": True, "selector": {"device": {"entity": {"domain": "light"}}}}
            },
            "sequence": [{"action": "homeassistant.turn_on", "target": {"device_id": "{{ dev }}"}}],
        }
    }
    assert await async_setup_component(hass, "script", {"script": scripts})
    await hass.async_block_till_done()
    async_expose_entity(hass, "conversation", "script.device_on", should_expose=True)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass, hub, "script", {"script": "script.device_on", "title": "Dev on", "description": "On."}
    )

    result = await _call(hass, hub, "dev_on", {"dev": device.id})

    assert switched == [], f"an unexposed switch was turned on: {result.data}"
    assert result.error


# --- Intent calls of scripts and scenes ---------------------------------------------------------


async def test_held_scene_by_area_acting_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: HassTurnOn of the scenes of an area: scene.evening (in scope) sets light.porch."""
    from homeassistant.helpers import area_registry as ar  # noqa: PLC0415

    assert await async_setup_component(
        hass,
        "scene",
        {"scene": [{"id": "evening", "name": "Evening", "entities": {"light.porch": "on"}}]},
    )
    await hass.async_block_till_done()
    kitchen = ar.async_get(hass).async_create("Kitchen")
    er.async_get(hass).async_update_entity("scene.evening", area_id=kitchen.id)
    async_expose_entity(hass, "conversation", "scene.evening", should_expose=True)
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["light.kitchen", "scene.evening"]},
    )
    result = await _call(hass, hub, "HassTurnOn", {"area": "Kitchen", "domain": ["scene"]})
    assert _turned(lights_home) == [], f"light.porch turned on out of scope ({result.data})"
    assert result.error


async def test_held_scene_by_area_asks(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """HELD: HassTurnOn of the scenes of an area, one unlocking, asks with locks in the set."""
    from homeassistant.helpers import area_registry as ar  # noqa: PLC0415

    assert await async_setup_component(
        hass,
        "scene",
        {"scene": [{"id": "ev", "name": "Ev", "entities": {"lock.front_door": "unlocked"}}]},
    )
    await hass.async_block_till_done()
    hall = ar.async_get(hass).async_get_area_by_name("Hall")
    assert hall is not None
    er.async_get(hass).async_update_entity("scene.ev", area_id=hall.id)
    async_expose_entity(hass, "conversation", "scene.ev", should_expose=True)
    entry = await async_add_hub(
        hass, "Hub", {CONF_LLM_HASS_API: ["assist"], CONF_ASK_DOMAINS: ["lock"]}
    )
    result = await _call(hass, entry, "HassTurnOn", {"area": "Hall", "domain": ["scene"]})
    assert effect_home["lock.unlock"] == [], f"unlocked without asking: {result.data}"
    assert result.data.get("status") == "approval_required", result.data
