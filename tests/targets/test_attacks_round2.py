"""Attacks of a fourth review on scope and "Always ask" (issue 34, point 8), of new kinds.

Real integrations run in each test's Home Assistant: ``template`` entities (a vacuum that
cleans by area, a lock, buttons, sensors) whose state lives in ``input_boolean`` helpers,
``generic_thermostat``, ``script``, and ``demo``'s media players. Hubs have real options and
are called through the API instance that Home Assistant's llm helper returns. A strict xfail
is a hole open today: it turns into a failure once the hole is closed, and its marker goes
then.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub.const import (
    CONF_ASK_DOMAINS,
    CONF_ASK_ENTITIES,
    CONF_SCOPE_AREAS,
    CONF_SCOPE_EXCLUDED,
)
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API, Platform
from homeassistant.core import HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    llm,
)
from homeassistant.setup import async_setup_component

from ..helpers.flows import async_add_tool
from ..helpers.hubs import async_add_hub, hub_id, llm_context

ASSIST = {CONF_LLM_HASS_API: ["assist"]}
KITCHEN = {**ASSIST, CONF_SCOPE_AREAS: ["kitchen"]}
"""A hub scoped to the Kitchen."""
NOT_THE_DOOR = {**ASSIST, CONF_SCOPE_EXCLUDED: ["lock.front_door"]}
"""A hub that reaches everything but the front door."""
LOCKS = {**ASSIST, CONF_ASK_DOMAINS: ["lock"]}
"""A hub that always asks before acting on a lock."""


def _switch(boolean: str, on: bool) -> list[dict[str, Any]]:
    """Return the actions of a template entity that turn ``boolean`` on or off."""
    action = "input_boolean.turn_on" if on else "input_boolean.turn_off"
    return [{"action": action, "target": {"entity_id": f"input_boolean.{boolean}"}}]


def _is_on(hass: HomeAssistant, boolean: str) -> bool:
    return hass.states.is_state(f"input_boolean.{boolean}", "on")


def _named(instance: llm.APIInstance, tool: str) -> llm.Tool:
    """Return the listed tool ``tool`` (2026.10 prefixes Assist's intents with ``intent__``)."""
    return next(item for item in instance.tools if tool in (item.name, item.name.split("__")[-1]))


def _lists(instance: llm.APIInstance, tool: str) -> bool:
    return any(tool in (item.name, item.name.split("__")[-1]) for item in instance.tools)


async def _call_in(
    hass: HomeAssistant, instance: llm.APIInstance, tool: str, args: dict[str, Any]
) -> tuple[str, Any]:
    """Call ``tool`` of ``instance`` as a model would; return how it ended and the answer.

    How it ended: ``ran``, ``asks`` (waits for approval), or the error's type (an error
    result's ``error``, or the exception an intent raises to the agent).
    """
    try:
        result = await instance.async_call_tool(llm.ToolInput(_named(instance, tool).name, args))
    except Exception as err:  # noqa: BLE001  # an intent's failure raises to the agent
        await hass.async_block_till_done()
        return type(err).__name__, str(err)
    await hass.async_block_till_done()
    data = result.data if isinstance(result, llm.ToolResult) else result
    if isinstance(data, dict) and data.get("status") == "approval_required":
        return "asks", data
    if isinstance(result, llm.ToolResult) and result.error:
        return str(data.get("error")), data
    return "ran", data


async def _call(
    hass: HomeAssistant, hub: MockConfigEntry, tool: str, args: dict[str, Any]
) -> tuple[str, Any]:
    """Build ``hub``'s instance and call ``tool`` (see ``_call_in``)."""
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    return await _call_in(hass, instance, tool, args)


async def _base(hass: HomeAssistant, booleans: tuple[str, ...]) -> None:
    """Set up what every home here has: Assist's parts, a Kitchen and a Porch, ``booleans``."""
    for component in ("homeassistant", "intent", "llm", "conversation"):
        assert await async_setup_component(hass, component, {})
    areas = ar.async_get(hass)
    for name in ("Kitchen", "Porch"):
        areas.async_create(name)
    helpers = {name: {"name": name.replace("_", " ").capitalize()} for name in booleans}
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": helpers})


def _place(hass: HomeAssistant, areas: dict[str, str | None], exposed: tuple[str, ...]) -> None:
    """Put entities in areas (None: none) and expose ``exposed`` to Assist."""
    registry = er.async_get(hass)
    for entity_id, area in areas.items():
        assert registry.async_get(entity_id) is not None, entity_id
        registry.async_update_entity(entity_id, area_id=area)
    for entity_id in exposed:
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)


# --- Intents whose handler reads its slots otherwise than the matcher ---------------------------

ROBOT: dict[str, Any] = {
    "name": "Robot",
    "unique_id": "robot",
    "state": "{{ 'cleaning' if is_state('input_boolean.robot_cleaning', 'on') else 'docked' }}",
    "start": _switch("robot_cleaning", on=True),
    "segments": "{{ [{'id': 'k', 'name': 'Kitchen'}, {'id': 'p', 'name': 'Porch'}] }}",
    "clean_segments": _switch("robot_cleaning", on=True),
}
"""A robot vacuum that cleans rooms by area (``HassVacuumCleanArea``)."""


async def _robot_home(hass: HomeAssistant, area: str | None) -> None:
    """Set up the robot vacuum in ``area`` (None: no area), its rooms mapped to areas."""
    await _base(hass, ("robot_cleaning", "kitchen"))
    assert await async_setup_component(hass, "template", {"template": [{"vacuum": [ROBOT]}]})
    await hass.async_block_till_done()
    registry = er.async_get(hass)
    registry.async_update_entity_options(
        "vacuum.robot", "vacuum", {"area_mapping": {"kitchen": ["k"], "porch": ["p"]}}
    )
    _place(
        hass,
        {"vacuum.robot": area, "input_boolean.robot_cleaning": area},
        ("vacuum.robot",),
    )
    await hass.async_block_till_done()


@pytest.mark.attack
async def test_vacuum_outside_scope_is_not_sent_to_clean_a_room_in_scope(
    hass: HomeAssistant,
) -> None:
    """The robot vacuum stands in the Porch. Through the Kitchen hub the model asks it to clean
    the Kitchen (``HassVacuumCleanArea``, area "Kitchen"): Home Assistant's handler picks the
    one vacuum wherever it is, so the call acts on the Porch's robot. It must be refused (or
    the tool left out), and the robot stay docked."""
    await _robot_home(hass, "porch")
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if _lists(instance, "HassVacuumCleanArea"):
        outcome, data = await _call_in(hass, instance, "HassVacuumCleanArea", {"area": "Kitchen"})
        assert not _is_on(hass, "robot_cleaning"), (outcome, data)
        assert outcome != "ran", data

    assert not _is_on(hass, "robot_cleaning")


@pytest.mark.attack
async def test_vacuum_in_scope_is_sent_to_clean_a_room_in_scope(hass: HomeAssistant) -> None:
    """The check of the test above: the robot stands in the Kitchen, the Kitchen hub sends it
    to clean the Kitchen, and it cleans."""
    await _robot_home(hass, "kitchen")
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await _call(hass, hub, "HassVacuumCleanArea", {"area": "Kitchen"})

    assert outcome == "ran", data
    assert _is_on(hass, "robot_cleaning")


@pytest.mark.attack
async def test_vacuum_in_ask_set_asks_when_sent_to_clean_a_room(hass: HomeAssistant) -> None:
    """A hub always asks before acting on a vacuum. The robot has no area; the model sends it
    to clean the Kitchen: the call must wait for approval, the robot stay docked."""
    await _robot_home(hass, None)
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_DOMAINS: ["vacuum"]})

    outcome, data = await _call(hass, hub, "HassVacuumCleanArea", {"area": "Kitchen"})

    assert not _is_on(hass, "robot_cleaning"), (outcome, data)
    assert outcome == "asks", data


def _sensor(name: str, unique_id: str, value: str) -> dict[str, Any]:
    return {
        "name": name,
        "unique_id": unique_id,
        "state": value,
        "device_class": "temperature",
        "unit_of_measurement": "°C",
    }


THERMOSTAT: dict[str, Any] = {
    "platform": "generic_thermostat",
    "name": "Kitchen thermostat",
    "unique_id": "kitchen_thermostat",
    "heater": "input_boolean.space_heater",
    "target_sensor": "sensor.kitchen_temperature",
    "initial_hvac_mode": "heat",
    "target_temp": 18,
}
"""The Kitchen's thermostat; its heater, the space heater, stands in the Porch."""


@pytest.fixture
async def climate_home(hass: HomeAssistant) -> None:
    """A Kitchen thermostat (``generic_thermostat``, reading a Kitchen temperature sensor at
    20 °C) driving the space heater, which stands in the Porch. All exposed."""
    await _base(hass, ("space_heater",))
    sensors = [_sensor("Kitchen temperature", "kitchen_temperature", "20.0")]
    assert await async_setup_component(hass, "template", {"template": [{"sensor": sensors}]})
    assert await async_setup_component(hass, "climate", {"climate": [THERMOSTAT]})
    await hass.async_block_till_done()
    _place(
        hass,
        {
            "climate.kitchen_thermostat": "kitchen",
            "sensor.kitchen_temperature": "kitchen",
            "input_boolean.space_heater": "porch",
        },
        ("climate.kitchen_thermostat", "sensor.kitchen_temperature", "input_boolean.space_heater"),
    )
    await hass.async_block_till_done()
    assert not _is_on(hass, "space_heater")


# --- Entities that drive others by their configuration -----------------------------------------


@pytest.mark.attack
async def test_thermostat_in_scope_does_not_switch_a_heater_outside(
    hass: HomeAssistant, climate_home: None
) -> None:
    """Through the Kitchen hub the model sets the Kitchen thermostat to 30 °C; the thermostat
    switches on its heater, which stands in the Porch. The call must be refused, and the space
    heater stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await _call(
        hass, hub, "HassClimateSetTemperature", {"name": "Kitchen thermostat", "temperature": 30}
    )

    assert not _is_on(hass, "space_heater"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_thermostat_driving_heater_in_ask_set_asks(
    hass: HomeAssistant, climate_home: None
) -> None:
    """A hub always asks before acting on the space heater. The model sets the thermostat
    that drives it to 30 °C: the call must wait for approval, the heater stay off."""
    hub = await async_add_hub(
        hass, "Home", {**ASSIST, CONF_ASK_ENTITIES: ["input_boolean.space_heater"]}
    )

    outcome, data = await _call(
        hass, hub, "HassClimateSetTemperature", {"name": "Kitchen thermostat", "temperature": 30}
    )

    assert not _is_on(hass, "space_heater"), (outcome, data)
    assert outcome == "asks", data


# --- Template entities without a unique id (no registry entry) ---------------------------------

DOOR_TEMPLATES: list[dict[str, Any]] = [
    {
        "lock": [
            {
                "name": "Front door",
                "unique_id": "front_door",
                "state": "{{ 'unlocked' if is_state('input_boolean.front_door', 'on') "
                "else 'locked' }}",
                "lock": _switch("front_door", on=False),
                "unlock": _switch("front_door", on=True),
            }
        ],
        # Written without a unique id, as many YAML templates are: no registry entry.
        "button": [{"name": "Open sesame", "press": _switch("front_door", on=True)}],
    }
]


@pytest.fixture
async def door_home(hass: HomeAssistant) -> None:
    """The front door (a template lock) and "Open sesame", a template button with no unique
    id whose press unlocks it. Both exposed."""
    await _base(hass, ("front_door",))
    assert await async_setup_component(hass, "template", {"template": DOOR_TEMPLATES})
    await hass.async_block_till_done()
    assert hass.states.get("button.open_sesame") is not None
    assert er.async_get(hass).async_get("button.open_sesame") is None
    _place(hass, {}, ("lock.front_door", "button.open_sesame"))


@pytest.mark.attack
async def test_template_button_without_unique_id_does_not_reach_the_excluded_door(
    hass: HomeAssistant, door_home: None
) -> None:
    """A hub reaches everything but the front door. The model presses "Open sesame", whose
    press unlocks the front door: the door must stay locked."""
    hub = await async_add_hub(hass, "Not the door", NOT_THE_DOOR)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Open sesame"})

    assert not _is_on(hass, "front_door"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_template_button_without_unique_id_that_unlocks_asks(
    hass: HomeAssistant, door_home: None
) -> None:
    """A hub always asks before acting on a lock. The model presses "Open sesame", whose press
    unlocks the front door: the call must wait for approval, the door stay locked."""
    hub = await async_add_hub(hass, "Home", LOCKS)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Open sesame"})

    assert not _is_on(hass, "front_door"), (outcome, data)
    assert outcome == "asks", data


# --- Entities an action names outside its target -----------------------------------------------

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
NOT_THE_WALKMAN = {**ASSIST, CONF_SCOPE_EXCLUDED: ["media_player.walkman"]}
"""A hub that reaches everything but the Walkman (demo's players have no registry entry, so
no area: a scope that leaves one out names it)."""


@pytest.fixture
async def speakers(hass: HomeAssistant) -> None:
    """Demo's media players, among them "Kitchen" and "Walkman"; the script "Kitchen party"
    joins the Walkman to the Kitchen's player. All exposed."""
    await _base(hass, ())
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
    _place(hass, {}, ("media_player.kitchen", "media_player.walkman", "script.party"))


def _joined(hass: HomeAssistant) -> bool:
    state = hass.states.get("media_player.kitchen")
    assert state is not None
    return "media_player.walkman" in (state.attributes.get("group_members") or ())


@pytest.mark.attack
async def test_script_joining_a_speaker_outside_scope_is_left_out_or_refused(
    hass: HomeAssistant, speakers: None
) -> None:
    """ "Kitchen party" joins the Walkman to the Kitchen's player. Through a hub that reaches
    everything but the Walkman the script must be left out or refused, and the Walkman not
    joined."""
    hub = await async_add_hub(hass, "Not the Walkman", NOT_THE_WALKMAN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if _lists(instance, "party"):
        outcome, data = await _call_in(hass, instance, "party", {})
        assert not _joined(hass), (outcome, data)
        assert outcome != "ran", data

    assert not _joined(hass)


@pytest.mark.attack
async def test_script_joining_a_speaker_in_ask_set_asks(
    hass: HomeAssistant, speakers: None
) -> None:
    """A hub always asks before acting on the Walkman. The model runs "Kitchen party", which
    joins it to the Kitchen's player: the call must wait for approval."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_ENTITIES: ["media_player.walkman"]})

    outcome, data = await _call(hass, hub, "party", {})

    assert not _joined(hass), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_action_tool_joining_the_speaker_the_model_names_stays_in_scope(
    hass: HomeAssistant, speakers: None
) -> None:
    """An action tool of a hub that reaches everything but the Walkman joins the speaker the
    model names (a text argument) to the Kitchen's player. The model names the Walkman: the
    call must be refused, and the Walkman not joined."""
    hub = await async_add_hub(hass, "Not the Walkman", NOT_THE_WALKMAN)
    join = {
        "action": "media_player.join",
        "target": {"entity_id": "media_player.kitchen"},
        "data": {"group_members": ["{{ speaker }}"]},
    }
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Join speaker",
            "description": "Play the Kitchen's music on another speaker too.",
            "actions": [join],
            "parameters": [{"name": "speaker", "type": "text", "required": True}],
        },
    )

    outcome, data = await _call(hass, hub, "join_speaker", {"speaker": "media_player.walkman"})

    assert not _joined(hass), (outcome, data)
    assert outcome != "ran", data


# --- What an answer carries ----------------------------------------------------------------------

CODE_TEMPLATES: list[dict[str, Any]] = [
    {
        "sensor": [{"name": "Porch code", "unique_id": "porch_code", "state": "hunter2"}],
        "light": [
            {
                "name": "Kitchen light",
                "unique_id": "kitchen_light",
                "state": "{{ is_state('input_boolean.kitchen', 'on') }}",
                "turn_on": _switch("kitchen", on=True),
                "turn_off": _switch("kitchen", on=False),
            }
        ],
    }
]
NOOP: dict[str, Any] = {
    "kitchen_noop": {
        "alias": "Kitchen noop",
        "sequence": [{"action": "light.turn_on", "target": {"entity_id": "light.kitchen_light"}}],
    }
}


@pytest.fixture
async def code_home(hass: HomeAssistant) -> None:
    """The porch code sensor (Porch, reads ``hunter2``), the front door (Porch), the Kitchen
    light and the script "Kitchen noop" (Kitchen) that turns it on."""
    await _base(hass, ("kitchen", "front_door"))
    templates = [
        *CODE_TEMPLATES,
        {"lock": DOOR_TEMPLATES[0]["lock"]},
    ]
    assert await async_setup_component(hass, "template", {"template": templates})
    assert await async_setup_component(hass, "script", {"script": NOOP})
    await hass.async_block_till_done()
    _place(
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


@pytest.mark.attack
async def test_action_tool_response_variable_does_not_carry_a_state_outside(
    hass: HomeAssistant, code_home: None
) -> None:
    """An action tool of the Kitchen hub runs "Kitchen noop" into the response variable
    ``out``, then sets ``out`` to the porch code (outside the Kitchen) with a ``variables``
    step; the tool answers with its response variables. The code must never reach the
    model."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    actions = [
        {"action": "script.kitchen_noop", "response_variable": "out"},
        {"variables": {"out": "{{ states('sensor.porch_code') }}"}},
    ]
    await async_add_tool(
        hass,
        hub,
        "action",
        {"title": "Kitchen check", "description": "Check the kitchen.", "actions": actions},
    )

    outcome, data = await _call(hass, hub, "kitchen_check", {})

    assert "hunter2" not in str(data), outcome


@pytest.mark.attack
async def test_template_tool_error_does_not_name_another_rooms_entities(
    hass: HomeAssistant, code_home: None
) -> None:
    """A template tool of the Kitchen hub gives the nicknames of a room's entities
    (``area_entities(room)``, a nickname per Kitchen entity). The model asks for the Porch:
    the render fails on an entity without a nickname, and the answer must not name what is
    in the Porch (the front door, its helper, the porch code)."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    template = (
        "{% set nicknames = {'light.kitchen_light': 'the big lamp'} %}"
        "{% for entity_id in area_entities(room) %}{{ nicknames[entity_id] }} {% endfor %}"
    )
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Nicknames",
            "description": "The nicknames of a room's devices.",
            "template": template,
            "parameters": [{"name": "room", "type": "area", "required": True}],
        },
    )

    outcome, data = await _call(hass, hub, "nicknames", {"room": "Porch"})

    porch = ("input_boolean.front_door", "lock.front_door", "sensor.porch_code")
    assert not any(entity_id in str(data) for entity_id in porch), (outcome, data)


@pytest.mark.attack
async def test_template_tool_does_not_list_another_rooms_devices(
    hass: HomeAssistant, code_home: None
) -> None:
    """A template tool of the Kitchen hub lists a room's devices by name and id
    (``area_devices(room)``, ``device_attr``). The model asks for the Porch: the answer must
    not name the Porch's "Front door lock" nor carry its device id."""
    entry = MockConfigEntry(domain="test")
    entry.add_to_hass(hass)
    devices = dr.async_get(hass)
    device = devices.async_get_or_create(
        config_entry_id=entry.entry_id, identifiers={("test", "lock")}, name="Front door lock"
    )
    devices.async_update_device(device.id, area_id="porch")
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Devices",
            "description": "The devices of a room.",
            "template": "{{ area_devices(room) | map('device_attr', 'name') | list }} "
            "{{ area_devices(room) }}",
            "parameters": [{"name": "room", "type": "area", "required": True}],
        },
    )

    outcome, data = await _call(hass, hub, "devices", {"room": "Porch"})

    assert "Front door lock" not in str(data), (outcome, data)
    assert device.id not in str(data), (outcome, data)


# --- The home changes between listing and calling -----------------------------------------------


@pytest.mark.attack
async def test_light_moved_out_of_scope_after_listing_is_refused(
    hass: HomeAssistant, code_home: None
) -> None:
    """The Kitchen hub lists "Kitchen noop" (it turns on the Kitchen light); then the light is
    moved to the Porch. The call through the instance listed before must be refused, and the
    light stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert _lists(instance, "kitchen_noop")
    er.async_get(hass).async_update_entity("light.kitchen_light", area_id="porch")
    await hass.async_block_till_done()

    outcome, data = await _call_in(hass, instance, "kitchen_noop", {})

    assert not _is_on(hass, "kitchen"), (outcome, data)
    assert outcome != "ran", data
