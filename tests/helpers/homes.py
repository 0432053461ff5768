"""Small homes the attacks set up: the attic light, scripts, fields of a script tool."""

from __future__ import annotations

from typing import Any

from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import HomeAssistant

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


def _attic(hass: HomeAssistant) -> None:
    """Add light.attic, not exposed to Assist."""
    hass.states.async_set("light.attic", "off", {"friendly_name": "Attic"})
    async_expose_entity(hass, "conversation", "light.attic", should_expose=False)
