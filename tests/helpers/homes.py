"""Homes the attacks set up: Assist's parts, template entities whose state lives in
``input_boolean`` helpers, and the homes built of them; the attic light, scripts, fields of a
script tool."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from unittest.mock import patch

from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.intent.timers import async_register_timer_handler
from homeassistant.const import Platform
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    llm,
)
from homeassistant.helpers.typing import UNDEFINED, UndefinedType
from homeassistant.setup import async_setup_component

SCRIPTS: dict[str, Any] = {
    "unlock_in_choose": {
        "sequence": [
            {
                "choose": [
                    {
                        "conditions": [{"condition": "template", "value_template": "{{ true }}"}],
                        "sequence": [
                            {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}
                        ],
                    }
                ]
            }
        ]
    },
    "unlock_front": {
        "sequence": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}]
    },
    "nested": {"sequence": [{"if": [], "then": [{"action": "script.unlock_front"}]}]},
    "nested_by_target": {
        "sequence": [{"action": "script.turn_on", "target": {"entity_id": "script.unlock_front"}}]
    },
    "templated_action": {
        "sequence": [
            {"action": "{{ 'lock.' ~ 'unlock' }}", "target": {"entity_id": "lock.front_door"}}
        ]
    },
    "templated_target": {
        "sequence": [
            {
                "parallel": [
                    {"action": "light.turn_on", "target": {"entity_id": "{{ 'lock.front_door' }}"}}
                ]
            }
        ]
    },
    "lights_on": {
        "sequence": [
            {
                "repeat": {
                    "count": 1,
                    "sequence": [
                        {
                            "action": "light.turn_on",
                            "target": {"entity_id": "light.hall"},
                            "data": {"brightness": "{{ 10 * 2 }}"},
                        }
                    ],
                }
            },
            {"delay": 0},
        ]
    },
    "in_the_hall": {
        "sequence": [{"action": "homeassistant.turn_off", "target": {"area_id": "hall"}}]
    },
    "whole_target": {
        "sequence": [
            {
                "sequence": [
                    {"action": "light.turn_on", "target": "{{ {'entity_id': 'light.hall'} }}"}
                ]
            }
        ]
    },
    "scene_apply": {
        "sequence": [{"action": "scene.apply", "data": {"entities": {"lock.front_door": "off"}}}]
    },
    "scene_templated": {
        "sequence": [{"action": "scene.apply", "data": {"entities": {"{{ 'light.hall' }}": "on"}}}]
    },
    "missing": {"sequence": [{"action": "script.not_there"}]},
    "chat": {"sequence": [{"action": "conversation.process", "data": {"text": "unlock the door"}}]},
    "loop": {
        "sequence": [
            {
                "if": [{"condition": "template", "value_template": "{{ false }}"}],
                "then": [{"action": "script.loop"}],
            }
        ]
    },
}


WHICH: dict[str, Any] = {"which": {"required": True, "selector": {"entity": {"domain": "light"}}}}


NOTE: dict[str, Any] = {"note": {"selector": {"text": {}}}}


VARIABLE = [{"variables": {"target": "light.{{ room }}"}}]
"""A variables step: ``target`` is the light named by the model's ``room``."""


def repeat_for_room(target: Any) -> list[dict[str, Any]]:
    """Return a repeat over the light named by the model's ``room`` that turns on ``target``."""
    return [
        {
            "repeat": {
                "for_each": ["light.{{ room }}"],
                "sequence": [{"action": "light.turn_on", "target": target}],
            }
        }
    ]


def _attic(hass: HomeAssistant) -> None:
    """Add light.attic, not exposed to Assist."""
    hass.states.async_set("light.attic", "off", {"friendly_name": "Attic"})
    async_expose_entity(hass, "conversation", "light.attic", should_expose=False)


ASSIST_PARTS = ("homeassistant", "intent", "llm", "conversation")
"""The integrations Assist's tools need."""


async def async_setup_assist(hass: HomeAssistant) -> None:
    """Set up Assist's parts (``ASSIST_PARTS``)."""
    for component in ASSIST_PARTS:
        assert await async_setup_component(hass, component, {})


async def async_setup_lights(hass: HomeAssistant, **lights: str) -> None:
    """Set up Assist's parts and lights, off: light.<key> named by its value, in this order."""
    await async_setup_assist(hass)
    for object_id, name in lights.items():
        hass.states.async_set(f"light.{object_id}", "off", {"friendly_name": name})


async def async_setup_scenes(hass: HomeAssistant, *scenes: dict[str, Any]) -> None:
    """Set up the scene integration with ``scenes``; wait until they are set up."""
    assert await async_setup_component(hass, "scene", {"scene": list(scenes)})
    await hass.async_block_till_done()


async def async_setup_scripts(hass: HomeAssistant, scripts: dict[str, Any]) -> None:
    """Set up these scripts and expose each to Assist."""
    assert await async_setup_component(hass, "script", {"script": scripts})
    await hass.async_block_till_done()
    for name in scripts:
        async_expose_entity(hass, "conversation", f"script.{name}", should_expose=True)


async def async_setup_attic_home(hass: HomeAssistant, scripts: dict[str, Any]) -> list[Any]:
    """Assist, light.kitchen (exposed), light.attic (not) and these scripts (exposed).

    Return the data of the calls of test.light_on, the action the scripts may call.
    """
    await async_setup_lights(hass, kitchen="Kitchen")
    _attic(hass)
    seen: list[Any] = []
    hass.services.async_register("test", "light_on", lambda call: seen.append(dict(call.data)))
    await async_setup_scripts(hass, scripts)
    return seen


def toggle(boolean: str, on: bool) -> list[dict[str, Any]]:
    """Return the actions of a template entity that turn ``boolean`` on or off."""
    action = "input_boolean.turn_on" if on else "input_boolean.turn_off"
    return [{"action": action, "target": {"entity_id": f"input_boolean.{boolean}"}}]


def _switched(name: str, boolean: str, state: str, on: str, off: str) -> dict[str, Any]:
    """Return a template entity whose actions ``on`` and ``off`` switch ``boolean``."""
    return {
        "name": name,
        "unique_id": boolean,
        "state": state,
        on: toggle(boolean, on=True),
        off: toggle(boolean, on=False),
    }


def template_light(name: str, boolean: str) -> dict[str, Any]:
    """Return a template light whose state is ``input_boolean.<boolean>``."""
    state = f"{{{{ is_state('input_boolean.{boolean}', 'on') }}}}"
    return _switched(name, boolean, state, "turn_on", "turn_off")


def template_lock(name: str, boolean: str) -> dict[str, Any]:
    """Return a template lock, unlocked while ``input_boolean.<boolean>`` is on."""
    state = f"{{{{ 'unlocked' if is_state('input_boolean.{boolean}', 'on') else 'locked' }}}}"
    return _switched(name, boolean, state, "unlock", "lock")


def is_on(hass: HomeAssistant, boolean: str) -> bool:
    """Return whether ``input_boolean.<boolean>`` is on."""
    return hass.states.is_state(f"input_boolean.{boolean}", "on")


async def async_setup_rooms(
    hass: HomeAssistant, rooms: tuple[str, ...], booleans: tuple[str, ...], *, named: bool = False
) -> None:
    """Set up Assist's parts, the areas ``rooms`` and the helpers ``booleans`` (``named``: each
    called by its id, e.g. "Kitchen mode")."""
    await async_setup_assist(hass)
    areas = ar.async_get(hass)
    for name in rooms:
        areas.async_create(name)
    helpers = {
        name: {"name": name.replace("_", " ").capitalize()} if named else {} for name in booleans
    }
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": helpers})


def place(hass: HomeAssistant, areas: Mapping[str, str | None], exposed: tuple[str, ...]) -> None:
    """Put entities in areas (None: none) and expose ``exposed`` to Assist."""
    registry = er.async_get(hass)
    for entity_id, area in areas.items():
        assert registry.async_get(entity_id) is not None, entity_id
        registry.async_update_entity(entity_id, area_id=area)
    for entity_id in exposed:
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)


def add_device(
    hass: HomeAssistant, key: str, area: str, name: str | UndefinedType = UNDEFINED
) -> dr.DeviceEntry:
    """Return a new device of a test entry, called ``name``, placed in ``area``."""
    owner = MockConfigEntry(domain="test")
    owner.add_to_hass(hass)
    devices = dr.async_get(hass)
    device = devices.async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("test", key)}, name=name
    )
    devices.async_update_device(device.id, area_id=area)
    return device


UNLOCK_FRONT = [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}]
"""The step that unlocks the front door."""


async def async_setup_kitchen_and_porch(hass: HomeAssistant, booleans: tuple[str, ...]) -> None:
    """Set up Assist's parts, a Kitchen and a Porch, and the helpers ``booleans`` (named)."""
    await async_setup_rooms(hass, ("Kitchen", "Porch"), booleans, named=True)


PARTY: dict[str, Any] = {
    "party": {
        "alias": "Kitchen party",
        "sequence": [
            {
                "action": "media_player.join",
                "target": {"entity_id": "media_player.kitchen"},
                "data": {"group_members": ["media_player.walkman"]},
            }
        ],
    }
}
"""A script that groups the Walkman with the Kitchen's player."""


async def async_setup_speakers(hass: HomeAssistant) -> None:
    """Demo's media players, among them "Kitchen" and "Walkman"; the script "Kitchen party"
    joins the Walkman to the Kitchen's player. All exposed."""
    await async_setup_kitchen_and_porch(hass, ())
    entry = MockConfigEntry(domain="demo")
    entry.add_to_hass(hass)
    with patch(
        "homeassistant.components.demo.COMPONENTS_WITH_CONFIG_ENTRY_DEMO_PLATFORM",
        [Platform.MEDIA_PLAYER],
    ):
        assert await hass.config_entries.async_setup(entry.entry_id)
        await hass.async_block_till_done()
    assert await async_setup_component(hass, "script", {"script": PARTY})
    await hass.async_block_till_done()
    place(hass, {}, ("media_player.kitchen", "media_player.walkman", "script.party"))


def joined(hass: HomeAssistant) -> bool:
    """Return whether the Walkman plays with the Kitchen's player."""
    state = hass.states.get("media_player.kitchen")
    assert state is not None
    return "media_player.walkman" in (state.attributes.get("group_members") or ())


CODE_TEMPLATES: list[dict[str, Any]] = [
    {
        "sensor": [{"name": "Porch code", "unique_id": "porch_code", "state": "hunter2"}],
        "light": [template_light("Kitchen light", "kitchen")],
        "lock": [template_lock("Front door", "front_door")],
    }
]
NOOP: dict[str, Any] = {
    "kitchen_noop": {
        "alias": "Kitchen noop",
        "sequence": [{"action": "light.turn_on", "target": {"entity_id": "light.kitchen_light"}}],
    }
}


async def async_setup_code_home(hass: HomeAssistant) -> None:
    """The porch code sensor (Porch, reads ``hunter2``), the front door (Porch), the Kitchen
    light and the script "Kitchen noop" (Kitchen) that turns it on."""
    await async_setup_kitchen_and_porch(hass, ("kitchen", "front_door"))
    assert await async_setup_component(hass, "template", {"template": CODE_TEMPLATES})
    assert await async_setup_component(hass, "script", {"script": NOOP})
    await hass.async_block_till_done()
    place(
        hass,
        {
            "sensor.porch_code": "porch",
            "lock.front_door": "porch",
            "light.kitchen_light": "kitchen",
            "script.kitchen_noop": "kitchen",
            "input_boolean.kitchen": "kitchen",
            "input_boolean.front_door": "porch",
        },
        ("sensor.porch_code", "lock.front_door", "light.kitchen_light", "script.kitchen_noop"),
    )


def timer_satellite(hass: HomeAssistant, area: str) -> llm.LLMContext:
    """Register a satellite in ``area`` that handles timers; return its requests' context."""
    device = add_device(hass, "satellite", area, name="Satellite")
    async_register_timer_handler(hass, device.id, lambda *_: None)
    return llm.LLMContext(
        platform="test",
        context=Context(),
        language="en",
        assistant="conversation",
        device_id=device.id,
    )
