"""What action sequences act on (``targets.walk``), as Home Assistant validates them.

Each test runs real integrations (``homeassistant``, ``input_boolean``, ``template``,
``weather``, a lamp integration with a device action of its own) and walks actions
validated as a script's are.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import Mock

import probatio
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockModule,
    mock_integration,
    mock_platform,
)

from custom_components.llm_hub.targets import walk
from custom_components.llm_hub.targets.walk import actions_acts, entities_acts, may_change
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import TemplateError
from homeassistant.helpers import (
    area_registry as ar,
    config_validation as cv,
    device_registry as dr,
    entity_registry as er,
)
from homeassistant.helpers.script import Script, async_validate_actions_config
from homeassistant.helpers.template import Template
from homeassistant.setup import async_setup_component

TEMPLATED = "a template picks what it acts on"
ANSWERS = "its answer may carry what its templates read"


def _turn(action: str, target: Any) -> list[dict[str, Any]]:
    return [{"action": f"input_boolean.{action}", "target": {"entity_id": target}}]


@pytest.fixture
async def fan_home(hass: HomeAssistant) -> None:
    """Set up helpers (fan, heater, porch) and a template fan switch that drives them.

    ``switch.fan`` turns ``input_boolean.fan`` on; it turns off whichever helper
    ``input_text``-like words in a template pick.
    """
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(
        hass, "input_boolean", {"input_boolean": {name: {} for name in ("fan", "heater", "porch")}}
    )
    switch = {
        "name": "Fan",
        "unique_id": "fan",
        "state": "{{ is_state('input_boolean.fan', 'on') }}",
        "turn_on": _turn("turn_on", "input_boolean.fan"),
        "turn_off": _turn("turn_off", "{{ 'input_boolean.' ~ states('sensor.room') }}"),
    }
    assert await async_setup_component(hass, "template", {"template": [{"switch": [switch]}]})
    await hass.async_block_till_done()
    assert hass.states.get("switch.fan") is not None


async def _validated(hass: HomeAssistant, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return ``actions`` validated as Home Assistant validates a script's sequence."""
    validated: list[dict[str, Any]] = await async_validate_actions_config(
        hass, cv.SCRIPT_SCHEMA(actions)
    )
    return validated


def _render_with(hass: HomeAssistant, variables: dict[str, Any]) -> Any:
    """Return a renderer of templates with ``variables``, as a tool's call renders them."""

    def render(template: Template) -> Any:
        try:
            return Template(template.template, hass).async_render(variables, strict=True)
        except TemplateError as err:
            raise LookupError from err

    return render


# --- Template entities -----------------------------------------------------------------------


async def test_template_entity_whose_action_a_template_picks_is_unknown(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A template switch acts on its actions' targets; a templated one leaves it unknown."""
    acts = entities_acts(hass, ["switch.fan"])

    assert acts.entities == {"switch.fan", "input_boolean.fan"}
    assert acts.unknown == f"the template entity switch.fan: {TEMPLATED}"


async def test_template_entity_home_assistant_has_not_loaded_is_unknown(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A template entity the registry keeps (its YAML removed) has actions no one can read."""
    registry = er.async_get(hass)
    entry = registry.async_get_or_create(
        "switch", "template", "old_heater", suggested_object_id="old_heater"
    )
    assert hass.states.get(entry.entity_id) is None

    acts = entities_acts(hass, [entry.entity_id])

    assert acts.entities == {"switch.old_heater"}
    assert acts.unknown == "the actions of the template entity switch.old_heater cannot be read"


async def test_script_running_a_template_entity_carries_its_unknown(
    hass: HomeAssistant, fan_home: None
) -> None:
    """Turning the template switch off in a script is as unknown as the switch's own action."""
    sequence = await _validated(
        hass, [{"action": "switch.turn_off", "target": {"entity_id": "switch.fan"}}]
    )

    acts = actions_acts(hass, sequence)

    assert acts.entities == {"switch.fan", "input_boolean.fan"}
    assert acts.unknown is not None
    assert "switch.fan" in acts.unknown
    assert TEMPLATED in acts.unknown


# --- Targets that templates render -----------------------------------------------------------


async def test_whole_target_template_acts_on_what_it_renders(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A target that is one template acts on the entities and areas the call renders."""
    kitchen = ar.async_get(hass).async_create("Kitchen")
    sequence = await _validated(
        hass,
        [
            {
                "action": "input_boolean.turn_on",
                "target": "{{ {'entity_id': which, 'area_id': room} }}",
            }
        ],
    )

    acts = actions_acts(
        hass, sequence, _render_with(hass, {"which": "input_boolean.heater", "room": kitchen.id})
    )

    assert acts.entities == {"input_boolean.heater"}
    assert acts.areas == {kitchen.id}
    assert acts.unknown is None


async def test_whole_target_template_without_render_is_unknown(
    hass: HomeAssistant, fan_home: None
) -> None:
    """Without the call's values, a target that is one template cannot be followed."""
    sequence = await _validated(
        hass, [{"action": "input_boolean.turn_on", "target": "{{ {'entity_id': which} }}"}]
    )

    acts = actions_acts(hass, sequence)

    assert acts.entities == frozenset()
    assert acts.unknown == TEMPLATED


async def test_whole_target_template_rendered_to_no_mapping_names_nothing(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A whole target rendered to a bare entity id is no target: the run refuses it."""
    sequence = await _validated(
        hass, [{"action": "input_boolean.turn_on", "target": "{{ which }}"}]
    )

    acts = actions_acts(hass, sequence, _render_with(hass, {"which": "input_boolean.heater"}))

    assert acts.entities == frozenset()
    assert acts.unknown is None


async def test_target_entity_none_acts_on_nothing(hass: HomeAssistant, fan_home: None) -> None:
    """``entity_id: none`` targets no entity: ``none`` is not taken for one."""
    sequence = await _validated(
        hass,
        [
            {"action": "input_boolean.turn_on", "target": {"entity_id": "none"}},
            {"action": "input_boolean.turn_off", "target": {"entity_id": "input_boolean.porch"}},
        ],
    )

    acts = actions_acts(hass, sequence)

    assert acts.entities == {"input_boolean.porch"}
    assert acts.unknown is None


async def test_scene_apply_with_data_template_sets_the_entities_it_renders(
    hass: HomeAssistant, fan_home: None
) -> None:
    """``scene.apply`` whose whole data is a template acts on the entities it renders."""
    sequence = await _validated(
        hass, [{"action": "scene.apply", "data": "{{ {'entities': {which: 'on'}} }}"}]
    )

    acts = actions_acts(hass, sequence, _render_with(hass, {"which": "input_boolean.porch"}))

    assert acts.entities == {"input_boolean.porch"}
    assert acts.unknown is None


async def test_scene_apply_with_entities_template_sets_the_entities_it_renders(
    hass: HomeAssistant, fan_home: None
) -> None:
    """``scene.apply`` whose ``entities`` is a template acts on the entities it renders."""
    sequence = await _validated(
        hass,
        [
            {
                "action": "scene.apply",
                "data": {"entities": "{{ {which: 'on', 'switch.fan': 'off'} }}"},
            }
        ],
    )

    acts = actions_acts(hass, sequence, _render_with(hass, {"which": "input_boolean.heater"}))

    # The template switch it sets is followed to what its actions act on.
    assert acts.entities == {"input_boolean.heater", "switch.fan", "input_boolean.fan"}
    assert acts.unknown == f"the template entity switch.fan: {TEMPLATED}"


async def test_scene_create_from_a_snapshot_sets_no_entity(
    hass: HomeAssistant, fan_home: None
) -> None:
    """``scene.create`` from a snapshot (its data one template, no ``entities``) sets none."""
    sequence = await _validated(
        hass,
        [
            {
                "action": "scene.create",
                "data": "{{ {'scene_id': 'before', 'snapshot_entities': [which]} }}",
            }
        ],
    )

    acts = actions_acts(hass, sequence, _render_with(hass, {"which": "input_boolean.porch"}))

    assert acts.entities == frozenset()
    assert acts.unknown is None


async def test_data_written_as_one_literal_mapping_acts_on_its_entities(
    hass: HomeAssistant, fan_home: None
) -> None:
    """Data written as one text that reads as a mapping acts on the entities it names.

    Home Assistant keeps such data as a template without templates, and the run renders it to
    the mapping: the heater is turned on.
    """
    sequence = await _validated(
        hass,
        [{"action": "input_boolean.turn_on", "data": "{'entity_id': 'input_boolean.heater'}"}],
    )

    acts = actions_acts(hass, sequence)

    assert acts.entities == {"input_boolean.heater"}
    assert acts.unknown is None
    await Script(hass, sequence, "Heater", "test").async_run(context=Context())
    assert hass.states.is_state("input_boolean.heater", "on")


async def test_data_entities_unrendered_now_and_numbers_name_nothing(
    hass: HomeAssistant, fan_home: None
) -> None:
    """Data a call cannot render now, and numbers, name nothing; an entity deep in it does."""
    sequence = await _validated(
        hass,
        [
            {
                "action": "input_boolean.turn_on",
                "target": {"entity_id": "input_boolean.fan"},
                "data": {
                    "level": 3,
                    "note": "{{ unknown_now }}",
                    "also": [{"helper": "input_boolean.heater"}],
                },
            }
        ],
    )

    acts = actions_acts(hass, sequence, _render_with(hass, {}))

    assert acts.entities == {"input_boolean.fan", "switch.fan", "input_boolean.heater"}
    assert acts.unknown == f"the template entity switch.fan: {TEMPLATED}"


# --- Conditions and device actions -----------------------------------------------------------


@pytest.fixture
def lamp(hass: HomeAssistant) -> dr.DeviceEntry:
    """Register a lamp device with a light and a power sensor of the integration ``lamps``.

    ``lamps`` has a device action of its own, ``blink``, that names no entity.
    """

    async def async_call_action_from_config(*args: Any) -> None:
        """Blink the lamp."""

    mock_integration(hass, MockModule("lamps"))
    actions = Mock(
        spec=["ACTION_SCHEMA", "async_call_action_from_config"],
        ACTION_SCHEMA=cv.DEVICE_ACTION_BASE_SCHEMA.extend({probatio.Required("type"): "blink"}),
        async_call_action_from_config=async_call_action_from_config,
    )
    mock_platform(hass, "lamps.device_action", actions)
    owner = MockConfigEntry(domain="lamps")
    owner.add_to_hass(hass)
    device = dr.async_get(hass).async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("lamps", "desk")}, name="Desk lamp"
    )
    registry = er.async_get(hass)
    for domain in ("light", "sensor"):
        registry.async_get_or_create(
            domain,
            "lamps",
            f"desk_{domain}",
            suggested_object_id=f"desk_lamp_{domain}",
            config_entry=owner,
            device_id=device.id,
        )
    return device


async def test_condition_steps_read_their_entities_and_their_devices_entities(
    hass: HomeAssistant, fan_home: None, lamp: dr.DeviceEntry
) -> None:
    """A condition step reads its entities; a device condition every entity of the device."""
    light = er.async_get(hass).async_get_entity_id("light", "lamps", "desk_light")
    sequence = await _validated(
        hass,
        [
            {"condition": "state", "entity_id": "input_boolean.porch", "state": "on"},
            {
                "condition": "device",
                "device_id": lamp.id,
                "domain": "light",
                "type": "is_on",
                "entity_id": light,
            },
        ],
    )

    acts = actions_acts(hass, sequence)

    assert acts.entities == {
        "input_boolean.porch",
        "light.desk_lamp_light",
        "sensor.desk_lamp_sensor",
    }
    assert acts.unknown is None


async def _blink(hass: HomeAssistant, device: dr.DeviceEntry) -> list[dict[str, Any]]:
    """Return a validated step of the lamp integration's own device action (no entity)."""
    return await _validated(hass, [{"device_id": device.id, "domain": "lamps", "type": "blink"}])


async def test_device_action_of_a_device_acts_on_every_entity_of_the_device(
    hass: HomeAssistant, fan_home: None, lamp: dr.DeviceEntry
) -> None:
    """A device action that names no entity (a lamp's blink) acts on all of the device's."""
    sequence = await _blink(hass, lamp)

    acts = actions_acts(hass, sequence)

    assert acts.entities == {"light.desk_lamp_light", "sensor.desk_lamp_sensor"}
    assert acts.unknown is None


async def test_device_action_of_a_device_without_entities_is_unknown(
    hass: HomeAssistant, fan_home: None, lamp: dr.DeviceEntry
) -> None:
    """A device action on a device with no entity acts on what the hub cannot name."""
    owner = hass.config_entries.async_entries("lamps")[0]
    bulb = dr.async_get(hass).async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("lamps", "hall")}, name="Hall bulb"
    )
    sequence = await _blink(hass, bulb)

    acts = actions_acts(hass, sequence)

    assert acts.entities == frozenset()
    assert acts.unknown == f"the device action acts on device {bulb.id}, which has no entity"


# --- Answers that carry what templates read --------------------------------------------------


async def test_answer_of_variables_templated_in_a_list_may_carry_what_they_read(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A template in a list of a variables step makes the answer carry what it reads."""
    sequence = await _validated(
        hass,
        [
            {
                "variables": {
                    "greeting": "hello",
                    "count": 3,
                    "rooms": ["porch", "{{ states('sensor.secret') }}"],
                }
            },
            {"stop": "done", "response_variable": "rooms"},
        ],
    )

    assert actions_acts(hass, sequence).answers == ANSWERS


async def test_answer_of_static_variables_carries_nothing_read(
    hass: HomeAssistant, fan_home: None
) -> None:
    """Variables without templates (texts, numbers, lists of texts) read nothing to answer."""
    sequence = await _validated(
        hass,
        [
            {"variables": {"greeting": "hello", "count": 3, "rooms": ["porch", "kitchen"]}},
            {"stop": "done", "response_variable": "rooms"},
        ],
    )

    acts = actions_acts(hass, sequence)

    assert acts.answers is None
    assert acts.unknown is None


# --- Whether steps may change state ---------------------------------------------------------


async def test_steps_that_only_read_and_answer_do_not_change_state(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A delay, a condition, a reading action that only answers and a stop change nothing."""
    assert await async_setup_component(hass, "weather", {})
    sequence = await _validated(
        hass,
        [
            {"delay": {"seconds": 1}},
            {"condition": "state", "entity_id": "input_boolean.porch", "state": "on"},
            {
                "action": "weather.get_forecasts",
                "target": {"entity_id": "weather.home"},
                "data": {"type": "daily"},
                "response_variable": "forecast",
            },
            {"stop": "done", "response_variable": "forecast"},
        ],
    )

    assert may_change(hass, sequence) is False


@pytest.mark.parametrize(
    "step",
    [
        pytest.param({"scene": "scene.evening"}, id="scene"),
        pytest.param({"event": "doorbell"}, id="event"),
        pytest.param({"action": "{{ which }}"}, id="templated_action"),
    ],
)
async def test_steps_that_may_change_state(
    hass: HomeAssistant, fan_home: None, step: dict[str, Any]
) -> None:
    """A scene, an event, or an action a template picks may change state (after a delay)."""
    sequence = await _validated(hass, [{"delay": {"seconds": 1}}, step])

    assert may_change(hass, sequence) is True


# --- What Home Assistant keeps elsewhere -----------------------------------------------------


async def test_universal_media_player_acts_on_what_the_hub_cannot_read(
    hass: HomeAssistant,
) -> None:
    """A universal media player passes calls on to children it picks as it runs: unknown."""
    hass.states.async_set("media_player.tv", "off")
    player = {"platform": "universal", "name": "Living room", "children": ["media_player.tv"]}
    assert await async_setup_component(hass, "media_player", {"media_player": [player]})
    await hass.async_block_till_done()
    assert hass.states.get("media_player.living_room") is not None

    acts = entities_acts(hass, ["media_player.living_room"])

    assert acts.entities == {"media_player.living_room"}
    assert acts.unknown == (
        "media_player.living_room acts on other entities in ways the hub cannot read"
    )


async def test_template_entity_whose_actions_cannot_be_read_leaves_every_walk_unknown(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A Home Assistant that keeps a template entity's actions elsewhere: nothing is known.

    Any entity may be the one its actions act on (the switch behind a template lock).
    """
    entity = hass.data["switch"].get_entity("switch.fan")
    del entity._action_scripts  # as a release that keeps them under another name

    acts = entities_acts(hass, ["input_boolean.porch"])

    assert acts.entities == {"input_boolean.porch"}
    assert acts.unknown == "the actions of the template entity switch.fan cannot be read"


# --- Actions Home Assistant has not validated -------------------------------------------------


async def test_step_of_no_kind_home_assistant_knows_is_unknown_and_may_change(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A step of no kind Home Assistant knows cannot be followed and may change state."""
    sequence: list[dict[str, Any]] = [{"teleport": {"to": "input_boolean.porch"}}]

    assert actions_acts(hass, sequence).unknown == "a step of an unknown kind"
    assert may_change(hass, sequence) is True


async def test_a_step_kind_the_walker_does_not_read_is_unknown(
    hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kind Home Assistant adds later (delay, as if the walker did not list it) is unknown."""
    monkeypatch.setattr(walk, "_KNOWN_STEPS", walk._KNOWN_STEPS - {"delay"})
    sequence: list[dict[str, Any]] = [{"delay": 1}]

    assert actions_acts(hass, sequence).unknown == "a step of an unknown kind"
    assert may_change(hass, sequence) is True


async def test_steps_that_are_no_mapping_act_on_nothing(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A step that is no mapping cannot run (the script schema refuses it): it acts on nothing.

    The steps around it are still followed.
    """
    sequence: list[Any] = ["input_boolean.heater", *_turn("turn_on", "input_boolean.porch")]

    acts = actions_acts(hass, sequence)

    assert acts.entities == {"input_boolean.porch"}
    assert acts.unknown is None


async def test_template_left_as_text_is_unknown_in_a_list_too(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A template the schema has not made one (text, in a list) cannot be followed."""
    sequence: list[dict[str, Any]] = [{"scene": ["input_boolean.porch", "{{ which }}"]}]

    acts = actions_acts(hass, sequence)

    assert acts.entities == {"input_boolean.porch"}
    assert acts.unknown == TEMPLATED


async def test_conditions_home_assistant_cannot_check_read_nothing(
    hass: HomeAssistant, fan_home: None
) -> None:
    """A condition that is no mapping, or names no kind, reads nothing; the others are read."""
    sequence: list[dict[str, Any]] = [
        {
            "if": [
                "input_boolean.heater",
                {"condition": ["state"], "entity_id": "input_boolean.fan", "state": "on"},
                {"condition": "state", "entity_id": "input_boolean.porch", "state": "on"},
            ],
            "then": [],
        }
    ]

    acts = actions_acts(hass, sequence)

    assert acts.entities == {"input_boolean.porch"}
    assert acts.unknown is None
