"""Attacks on "Always ask before acting on" (issue 34, point 8), through public surfaces.

Real integrations run in each test's Home Assistant: ``template`` locks, a button and a switch
whose state lives in ``input_boolean`` helpers, a ``group`` lock group, ``scene``, ``script``,
``automation`` and ``switch_as_x``. Hubs have real options and are called through the API
instance that Home Assistant's llm helper returns, without a conversation: a call that asks
waits for approval in Home Assistant, and the approval is read through the websocket. A strict
xfail is a hole open today: it turns into a failure once the hole is closed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub.const import (
    CONF_ASK_AREAS,
    CONF_ASK_DOMAINS,
    CONF_ASK_ENTITIES,
    CONF_TOOL_MODE,
)
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, ServiceCall, SupportsResponse
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
LOCKS = {**ASSIST, CONF_ASK_DOMAINS: ["lock"]}
"""A hub that always asks before acting on a lock."""
MANY = tuple(f"lamp_{index:02}" for index in range(12))
"""Helpers a script turns on besides the door (all sort before ``lock.``)."""
BOOLEANS = ("front_door", "back_door", "relay", *MANY)


def _set(boolean: str, on: bool) -> list[dict[str, Any]]:
    action = "input_boolean.turn_on" if on else "input_boolean.turn_off"
    return [{"action": action, "target": {"entity_id": f"input_boolean.{boolean}"}}]


def _lock(name: str, boolean: str) -> dict[str, Any]:
    return {
        "name": name,
        "unique_id": boolean,
        "state": f"{{{{ 'unlocked' if is_state('input_boolean.{boolean}', 'on') else 'locked' }}}}",
        "lock": _set(boolean, on=False),
        "unlock": _set(boolean, on=True),
    }


UNLOCK_FRONT = [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}]
TEMPLATES: list[dict[str, Any]] = [
    {
        "lock": [_lock("Front door", "front_door"), _lock("Back door", "back_door")],
        "button": [{"name": "Open sesame", "unique_id": "open_sesame", "press": UNLOCK_FRONT}],
        "switch": [
            {
                "name": "Welcome mode",
                "unique_id": "welcome_mode",
                "turn_on": UNLOCK_FRONT,
                "turn_off": [],
            },
            {
                "name": "Door relay",
                "unique_id": "door_relay",
                "state": "{{ is_state('input_boolean.relay', 'on') }}",
                "turn_on": _set("relay", on=True),
                "turn_off": _set("relay", on=False),
            },
        ],
    }
]
SCRIPTS: dict[str, Any] = {
    "unlock_front": {"alias": "Unlock front", "sequence": UNLOCK_FRONT},
    "press_sesame": {
        "alias": "Press sesame",
        "sequence": [{"action": "button.press", "target": {"entity_id": "button.open_sesame"}}],
    },
    "unlock_given": {
        "alias": "Unlock given",
        "fields": {"door": {"selector": {"entity": {"domain": "lock"}}}},
        "sequence": [{"action": "lock.unlock", "target": {"entity_id": "{{ door }}"}}],
    },
    "hand_door": {
        "alias": "Hand door",
        "sequence": [
            {
                "action": "script.turn_on",
                "target": {"entity_id": "script.unlock_given"},
                "data": {"variables": {"door": "lock.front_door"}},
            }
        ],
    },
    "pick_script": {
        "alias": "Pick script",
        "sequence": [
            {"action": "script.turn_on", "target": {"entity_id": "{{ 'script.unlock_front' }}"}}
        ],
    },
    "keep_going": {
        "alias": "Keep going",
        "sequence": [
            {"action": "input_boolean.turn_on", "target": {"entity_id": "input_boolean.nope"}},
            {**UNLOCK_FRONT[0], "continue_on_error": True},
        ],
    },
    "many_and_door": {
        "alias": "Many and door",
        "sequence": [
            {
                "action": "input_boolean.turn_on",
                "target": {"entity_id": [f"input_boolean.{name}" for name in MANY]},
            },
            *UNLOCK_FRONT,
        ],
    },
    "relay_on": {
        "alias": "Relay on",
        "sequence": [{"action": "switch.turn_on", "target": {"entity_id": "switch.door_relay"}}],
    },
}
SCENES = [{"name": "Welcome home", "entities": {"lock.front_door": "unlocked"}}]


@pytest.fixture
async def door_home(hass: HomeAssistant) -> dr.DeviceEntry:
    """Set up the home: a Porch with the front door (on a device there), a back door.

    ``lock.door_locks`` (a lock group) holds the front door; ``button.open_sesame`` and
    ``switch.welcome_mode`` (template entities) unlock it; ``scene.welcome_home`` sets it
    unlocked; ``switch.door_relay`` is a relay. Return the Porch device.
    """
    for component in ("homeassistant", "intent", "llm", "conversation"):
        assert await async_setup_component(hass, component, {})
    ar.async_get(hass).async_create("Porch")
    assert await async_setup_component(
        hass, "input_boolean", {"input_boolean": {name: {} for name in BOOLEANS}}
    )
    locks = [
        {
            "platform": "group",
            "name": "Door locks",
            "unique_id": "door_locks",
            "entities": ["lock.front_door"],
        }
    ]
    assert await async_setup_component(hass, "lock", {"lock": locks})
    assert await async_setup_component(hass, "template", {"template": TEMPLATES})
    assert await async_setup_component(hass, "scene", {"scene": SCENES})
    assert await async_setup_component(hass, "script", {"script": SCRIPTS})
    await hass.async_block_till_done()

    owner = MockConfigEntry(domain="test")
    owner.add_to_hass(hass)
    device = dr.async_get(hass).async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("test", "porch_box")}, name="Porch box"
    )
    dr.async_get(hass).async_update_device(device.id, area_id="porch")
    registry = er.async_get(hass)
    # The front door's area is its device's (none of its own).
    registry.async_update_entity("lock.front_door", device_id=device.id, name="Front door")
    for entity_id in (
        "lock.front_door",
        "lock.back_door",
        "lock.door_locks",
        "button.open_sesame",
        "switch.welcome_mode",
        "switch.door_relay",
        "scene.welcome_home",
        *(f"script.{name}" for name in SCRIPTS),
    ):
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)
    return device


def _unlocked(hass: HomeAssistant, boolean: str = "front_door") -> bool:
    return hass.states.is_state(f"input_boolean.{boolean}", "on")


def _named(instance: llm.APIInstance, tool: str) -> llm.Tool:
    """Return the listed tool ``tool`` (2026.10 prefixes Assist's tools: ``intent__``)."""
    return next(item for item in instance.tools if tool in (item.name, item.name.split("__")[-1]))


async def _call(
    hass: HomeAssistant, hub: MockConfigEntry, tool: str, args: dict[str, Any]
) -> tuple[str, Any]:
    """Call ``tool`` of ``hub`` as an MCP client's model would; return how it ended and why.

    How it ended: ``ran``, ``asks`` (waits for approval), or the error's type.
    """
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    name = tool if tool in {t.name for t in instance.tools} else _named(instance, tool).name
    try:
        result = await instance.async_call_tool(llm.ToolInput(name, args))
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


async def _approval(client: Any) -> dict[str, Any]:
    """Return the one approval waiting, as the websocket lists it to an administrator."""
    await client.send_json_auto_id({"type": "llm_hub/approvals/list"})
    response = await client.receive_json()
    assert response["success"], response
    (approval,) = response["result"]["approvals"]
    return dict(approval)


async def _action_tool(
    hass: HomeAssistant, hub: MockConfigEntry, title: str, actions: list[Any], **form: Any
) -> str:
    """Add an action tool to ``hub`` through the real flow; return the name the model calls."""
    await async_add_tool(
        hass,
        hub,
        "action",
        {"title": title, "description": f"{title}.", "actions": actions, **form},
    )
    return title.lower().replace(" ", "_")


async def _tool(hass: HomeAssistant, hub: MockConfigEntry, name: str) -> llm.Tool:
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    return _named(instance, name)


# --- Template entities whose actions act elsewhere ----------------------------------------------


@pytest.mark.attack
@pytest.mark.parametrize(
    ("tool", "args"),
    [
        pytest.param("HassTurnOn", {"name": "Open sesame"}, id="intent_on_button"),
        pytest.param("HassTurnOn", {"name": "Welcome mode"}, id="intent_on_switch"),
        pytest.param("press_sesame", {}, id="script_pressing_button"),
    ],
)
async def test_template_entity_whose_action_unlocks_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry, tool: str, args: dict[str, Any]
) -> None:
    """With locks in "Always ask", the model presses a template button (or turns on a template
    switch) whose action unlocks the front door: the call must wait, the door stay locked."""
    hub = await async_add_hub(hass, "Home", LOCKS)

    outcome, data = await _call(hass, hub, tool, args)

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_switch_wrapped_as_lock_asks_when_switched(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """The door relay is shown as a lock (``switch_as_x``), and "Always ask" names that lock;
    the model runs a script that turns the relay's switch on: it must wait, the relay stay
    off."""
    wrapper = MockConfigEntry(
        domain="switch_as_x",
        options={"entity_id": "switch.door_relay", "target_domain": "lock", "invert": False},
        title="Door relay",
    )
    wrapper.add_to_hass(hass)
    assert await hass.config_entries.async_setup(wrapper.entry_id)
    await hass.async_block_till_done()
    assert hass.states.get("lock.door_relay") is not None
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_ENTITIES: ["lock.door_relay"]})

    outcome, data = await _call(hass, hub, "relay_on", {})

    assert not _unlocked(hass, "relay"), (outcome, data)
    assert outcome == "asks", data


# --- Groups, scenes and scripts ----------------------------------------------------------------


@pytest.mark.attack
async def test_member_of_lock_group_named_in_ask_set_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """ "Always ask" names the lock group "Door locks"; the model unlocks the front door, its
    member, by name: the call must wait and the door stay locked."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_ENTITIES: ["lock.door_locks"]})

    outcome, data = await _call(hass, hub, "HassTurnOff", {"name": "Front door"})

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_scene_holding_lock_asks_by_intent(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """With locks in "Always ask", the model activates "Welcome home", a scene that sets the
    front door unlocked: the call must wait and the door stay locked."""
    hub = await async_add_hub(hass, "Home", LOCKS)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Welcome home"})

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(
            [{"action": "scene.apply", "data": {"entities": {"lock.front_door": "unlocked"}}}],
            id="scene_apply",
        ),
        pytest.param(
            [
                {
                    "action": "scene.create",
                    "data": {"scene_id": "evil", "entities": {"lock.front_door": "unlocked"}},
                },
                {"action": "scene.turn_on", "target": {"entity_id": "scene.evil"}},
            ],
            id="scene_create_then_turn_on",
        ),
        pytest.param(
            [{"action": "scene.turn_on", "target": {"entity_id": "scene.welcome_home"}}],
            id="scene_turn_on",
        ),
        pytest.param(
            [{"action": "homeassistant.turn_on", "target": {"entity_id": "script.unlock_front"}}],
            id="homeassistant_turn_on_script",
        ),
        pytest.param(
            [{"action": "lock.unlock", "target": {"area_id": "porch"}}],
            id="area_holding_lock_by_device",
        ),
        pytest.param(
            [{"action": "lock.unlock", "target": {"device_id": "__device__"}}],
            id="device_holding_lock",
        ),
        pytest.param(
            [{"action": "lock.unlock", "target": {"entity_id": "__uuid__"}}],
            id="registry_id",
        ),
        pytest.param(
            [
                {
                    "device_id": "__device__",
                    "domain": "lock",
                    "entity_id": "__uuid__",
                    "type": "unlock",
                }
            ],
            id="device_action",
        ),
    ],
)
async def test_action_tool_reaching_lock_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry, actions: list[dict[str, Any]]
) -> None:
    """With locks in "Always ask", an action tool reaches the front door in another form (a
    scene applied or created, a script turned on by ``homeassistant``, the Porch area or
    device holding it, its registry id, a device action): it must wait, the door locked."""
    entry = er.async_get(hass).async_get("lock.front_door")
    assert entry is not None
    ids = {"__device__": door_home.id, "__uuid__": entry.id}

    def filled(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: filled(item) for key, item in value.items()}
        return ids.get(value, value) if isinstance(value, str) else value

    steps = [filled(step) for step in actions]
    hub = await async_add_hub(hass, "Home", LOCKS)
    name = await _action_tool(hass, hub, "Sneak", steps)

    outcome, data = await _call(hass, hub, name, {})

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
@pytest.mark.parametrize(
    "script",
    [
        pytest.param("hand_door", id="script_turn_on_with_variables"),
        pytest.param("pick_script", id="script_turn_on_by_template"),
        pytest.param("keep_going", id="continue_on_error"),
    ],
)
async def test_script_reaching_lock_indirectly_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry, script: str
) -> None:
    """With locks in "Always ask", Assist's tool of a script that hands the front door to
    another script's field, picks a script by template, or unlocks after an ignored failing
    step: the call must wait and the door stay locked."""
    hub = await async_add_hub(hass, "Home", LOCKS)

    outcome, data = await _call(hass, hub, script, {})

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_ask_set_by_area_covers_lock_whose_device_is_there(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """ "Always ask" names the Porch; the front door has no area of its own but its device is
    in the Porch. The model unlocks it: the call must wait and the door stay locked."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_AREAS: ["porch"]})

    outcome, data = await _call(hass, hub, "HassTurnOff", {"name": "Front door"})

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
@pytest.mark.parametrize(
    "step",
    [
        pytest.param({"event": "open_up"}, id="event"),
        pytest.param(
            {"action": "automation.trigger", "target": {"entity_id": "automation.open_up"}},
            id="automation_trigger",
        ),
    ],
)
async def test_action_tool_starting_automation_that_unlocks_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry, step: dict[str, Any]
) -> None:
    """An automation unlocks the front door on the event ``open_up``; with locks in "Always
    ask", an action tool fires that event or triggers the automation: it must wait."""
    automation = {
        "id": "open_up",
        "alias": "Open up",
        "triggers": [{"trigger": "event", "event_type": "open_up"}],
        "actions": UNLOCK_FRONT,
    }
    assert await async_setup_component(hass, "automation", {"automation": [automation]})
    hub = await async_add_hub(hass, "Home", LOCKS)
    name = await _action_tool(hass, hub, "Kick", [step])

    outcome, data = await _call(hass, hub, name, {})

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
@pytest.mark.xfail(
    strict=True,
    reason="not followed (docs/confirmation.md): automations that a call's state changes trigger",
)
async def test_helper_an_automation_reacts_to_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """An automation unlocks the front door when ``input_boolean.lamp_00`` turns on; with
    locks in "Always ask", an action tool turns the helper on: it must wait."""
    automation = {
        "id": "on_lamp",
        "alias": "On lamp",
        "triggers": [{"trigger": "state", "entity_id": "input_boolean.lamp_00", "to": "on"}],
        "actions": UNLOCK_FRONT,
    }
    assert await async_setup_component(hass, "automation", {"automation": [automation]})
    hub = await async_add_hub(hass, "Home", LOCKS)
    name = await _action_tool(
        hass,
        hub,
        "Lamp",
        [{"action": "input_boolean.turn_on", "target": {"entity_id": "input_boolean.lamp_00"}}],
    )

    outcome, data = await _call(hass, hub, name, {})

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


# --- Read-only tools that change state ----------------------------------------------------------


@pytest.mark.attack
async def test_script_tool_saved_read_only_is_not_served_read_only_and_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """A script tool made in the UI runs "Unlock front" and is saved with "read-only" ticked;
    with locks in "Always ask" it must not be served read-only, and its call must wait."""
    hub = await async_add_hub(hass, "Home", LOCKS)
    await async_add_tool(
        hass,
        hub,
        "script",
        {
            "script": "script.unlock_front",
            "annotations": {"read_only": True, "destructive": False},
        },
    )

    tool = await _tool(hass, hub, "unlock_front")
    outcome, data = await _call(hass, hub, tool.name, {})

    assert not _unlocked(hass), (outcome, data)
    assert not tool.annotations.read_only
    assert outcome == "asks", data


@pytest.mark.attack
async def test_call_read_only_tool_does_not_run_script_tool_that_unlocks(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """In search mode, a script tool saved "read-only" unlocks the door; the model calls it
    through ``call_read_only_tool``: it must be refused or wait, and the door stay locked."""
    hub = await async_add_hub(hass, "Home", {**LOCKS, CONF_TOOL_MODE: "search"})
    await async_add_tool(
        hass,
        hub,
        "script",
        {
            "script": "script.unlock_front",
            "annotations": {"read_only": True, "destructive": False},
        },
    )

    outcome, data = await _call(
        hass, hub, "call_read_only_tool", {"name": "unlock_front", "arguments": {}}
    )

    assert not _unlocked(hass), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_response_only_action_on_lock_is_not_read_only_and_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """A vendor's action registered "response only" that writes a lock's credential (as
    Matter's ``set_lock_credential`` is) is the step of an action tool saved "read-only";
    with locks in "Always ask" it must not be served read-only, and its call must wait."""
    written: list[ServiceCall] = []

    async def set_credential(call: ServiceCall) -> dict[str, Any]:
        written.append(call)
        return {"credential_index": 1}

    hass.services.async_register(
        "door_vendor",
        "set_lock_credential",
        set_credential,
        supports_response=SupportsResponse.ONLY,
    )
    hub = await async_add_hub(hass, "Home", LOCKS)
    name = await _action_tool(
        hass,
        hub,
        "Set code",
        [
            {
                "action": "door_vendor.set_lock_credential",
                "target": {"entity_id": "lock.front_door"},
                "data": {"credential_data": "1234"},
                "response_variable": "answer",
            }
        ],
        annotations={"read_only": True, "destructive": False},
    )

    tool = await _tool(hass, hub, name)
    outcome, data = await _call(hass, hub, name, {})

    assert written == [], (outcome, data)
    assert not tool.annotations.read_only
    assert outcome == "asks", data


@pytest.mark.attack
async def test_action_tool_saved_read_only_that_unlocks_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """An action tool unlocking the door saved "read-only": not served read-only; it waits."""
    hub = await async_add_hub(hass, "Home", LOCKS)
    name = await _action_tool(
        hass, hub, "Quiet", UNLOCK_FRONT, annotations={"read_only": True, "destructive": False}
    )

    tool = await _tool(hass, hub, name)
    outcome, data = await _call(hass, hub, name, {})

    assert not _unlocked(hass), (outcome, data)
    assert not tool.annotations.read_only
    assert outcome == "asks", data


# --- Approvals: what their "acts on" lines name -----------------------------------------------


@pytest.mark.attack
async def test_approval_names_lock_among_many_entities(
    hass: HomeAssistant, door_home: dr.DeviceEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A script turns on twelve helpers and unlocks the front door; with locks in "Always
    ask" its call waits, and the approval's "acts on" lines must name the front door."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await async_add_hub(hass, "Home", LOCKS)
    client = await hass_ws_client(hass)

    outcome, data = await _call(hass, hub, "many_and_door", {})
    approval = await _approval(client)

    assert outcome == "asks", data
    assert not _unlocked(hass)
    assert "Front door (lock.front_door)" in approval["targets"], approval


@pytest.mark.attack
async def test_approval_through_selecting_hub_names_lock(
    hass: HomeAssistant, door_home: dr.DeviceEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """An outer hub without an ask set selects a hub that asks before locks; the model runs
    "Unlock front" through the outer hub: it waits, and the approval must name the door."""
    assert await async_setup_component(hass, "websocket_api", {})
    inner = await async_add_hub(hass, "Inner", LOCKS)
    outer = await async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hub_id(inner)]})
    client = await hass_ws_client(hass)

    outcome, data = await _call(hass, outer, "unlock_front", {})
    approval = await _approval(client)

    assert outcome == "asks", data
    assert not _unlocked(hass)
    assert "Front door (lock.front_door)" in approval["targets"], approval


@pytest.mark.attack
async def test_approval_of_lock_group_names_member(
    hass: HomeAssistant, door_home: dr.DeviceEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """With locks in "Always ask", the model unlocks "Door locks" (a group of the front
    door): the call waits, and the approval names the front door, not only the group."""
    assert await async_setup_component(hass, "websocket_api", {})
    hub = await async_add_hub(hass, "Home", LOCKS)
    client = await hass_ws_client(hass)

    outcome, data = await _call(hass, hub, "HassTurnOff", {"name": "Door locks"})
    approval = await _approval(client)

    assert outcome == "asks", data
    assert not _unlocked(hass)
    assert "Front door (lock.front_door)" in approval["targets"], approval


# --- Search mode and selected hubs --------------------------------------------------------------


@pytest.mark.attack
async def test_call_tool_of_lock_intent_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """In search mode the model unlocks the front door through ``call_tool``: it waits."""
    hub = await async_add_hub(hass, "Home", {**LOCKS, CONF_TOOL_MODE: "search"})
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    index = getattr(instance, "search_index", None)
    assert index is not None
    turn_off = next(card.name for card in index.cards if card.name.endswith("HassTurnOff"))

    outcome, data = await _call(
        hass, hub, "call_tool", {"name": turn_off, "arguments": {"name": "Front door"}}
    )

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_selected_hub_ask_set_applies_through_outer_scoped_to_nothing(
    hass: HomeAssistant, door_home: dr.DeviceEntry
) -> None:
    """An outer hub asks before covers only, and selects a hub asking before locks; the model
    unlocks "Door locks" through the outer hub: the strictest wins, it waits."""
    inner = await async_add_hub(hass, "Inner", LOCKS)
    outer = await async_add_hub(
        hass, "Outer", {CONF_LLM_HASS_API: [hub_id(inner)], CONF_ASK_DOMAINS: ["cover"]}
    )

    outcome, data = await _call(hass, outer, "HassTurnOff", {"name": "Door locks"})

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data


# --- Intents: to-do lists and slots ------------------------------------------------------------


@pytest.fixture
async def shopping(hass: HomeAssistant, door_home: dr.DeviceEntry) -> AsyncIterator[str]:
    """Set up the shopping list (a to-do list entity), exposed; yield its entity id.

    The list is kept in a file of the test's configuration directory: removed afterwards.
    """
    saved = Path(hass.config.path(".shopping_list.json"))
    existed = await hass.async_add_executor_job(saved.exists)
    entry = MockConfigEntry(domain="shopping_list")
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    entity_id = "todo.shopping_list"
    assert hass.states.get(entity_id) is not None
    async_expose_entity(hass, "conversation", entity_id, should_expose=True)
    yield entity_id
    await hass.async_block_till_done()
    if not existed:
        await hass.async_add_executor_job(partial(saved.unlink, missing_ok=True))


@pytest.mark.attack
@pytest.mark.parametrize(
    ("asked", "expected"),
    [
        pytest.param(["todo.shopping_list"], "asks", id="list_in_ask_set"),
        pytest.param(["lock.front_door"], "ran", id="list_not_in_ask_set"),
    ],
)
async def test_todo_intent_asks_only_for_list_in_ask_set(
    hass: HomeAssistant, shopping: str, asked: list[str], expected: str
) -> None:
    """The model adds an item to the shopping list: with the list in "Always ask" the call
    waits and nothing is added; with only a lock there it runs at once."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_ENTITIES: asked})
    before = hass.states.get(shopping)  # the number of items not done

    outcome, data = await _call(
        hass, hub, "HassListAddItem", {"name": "Shopping list", "item": "nails"}
    )
    after = hass.states.get(shopping)

    assert outcome == expected, data
    assert before is not None
    assert after is not None
    assert int(after.state) - int(before.state) == (0 if expected == "asks" else 1)


@pytest.mark.attack
@pytest.mark.parametrize(
    "args",
    [
        pytest.param({"area": "Porch", "domain": ["lock"]}, id="area_and_domain"),
        pytest.param({"domain": ["lock"]}, id="domain_only"),
        pytest.param({"name": "all", "domain": ["lock"]}, id="name_all"),
    ],
)
async def test_turn_off_of_locks_by_slots_asks(
    hass: HomeAssistant, door_home: dr.DeviceEntry, args: dict[str, Any]
) -> None:
    """With locks in "Always ask", the model unlocks by area and domain, by domain alone, or
    with the name "all": the call waits and the front door stays locked."""
    hub = await async_add_hub(hass, "Home", LOCKS)

    outcome, data = await _call(hass, hub, "HassTurnOff", args)

    assert not _unlocked(hass), (outcome, data)
    assert outcome == "asks", data
