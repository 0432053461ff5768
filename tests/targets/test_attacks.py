"""Attacks on what a call acts on (issue 34), written as a user or an attacker reaches them.

Real integrations run in each test's Home Assistant: ``template`` lights, a garage door, locks
and a button whose state lives in ``input_boolean`` helpers, ``group`` platforms and an
old-style group, ``script``, ``automation``, ``intent_script``, the timers of ``intent`` and
to-do lists of a test integration. Hubs have real options and are called through the API
instance that Home Assistant's llm helper returns. A strict xfail is a hole open today: it
turns into a failure once the hole is closed, and its marker goes then.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import probatio
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockModule,
    MockPlatform,
    async_fire_time_changed,
    mock_integration,
    mock_platform,
)
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.todo.const import TodoItemStatus, TodoListEntityFeature
from homeassistant.components.todo.entity import TodoItem, TodoListEntity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant, ServiceCall
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    llm,
)
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from ..helpers.attacks import (
    KITCHEN,
    LOCKS,
    NOT_THE_DOOR,
    NOT_THE_WALKMAN,
    add_action_tool,
    assert_stays_off,
    call_hub,
    call_in,
    is_listed,
    listed,
)
from ..helpers.flows import ASSIST, async_add_tool
from ..helpers.homes import (
    UNLOCK_FRONT,
    add_device,
    async_setup_kitchen_and_porch,
    async_setup_rooms,
    is_on,
    joined,
    place,
    template_light,
    template_lock,
    timer_satellite,
    toggle,
)
from ..helpers.hubs import async_add_hub, hub_id, llm_context

BOOLEANS = ("kitchen", "porch", "pantry", "garage", "front_door", "back_door")
"""The helpers that hold the home's state: lights on, the garage open, doors unlocked."""
PORCH = {**ASSIST, const.CONF_SCOPE_AREAS: ["porch"]}
SCRIPTS: dict[str, Any] = {
    "porch_group_on": {
        "alias": "Porch group on",
        "sequence": [{"action": "homeassistant.turn_on", "target": {"entity_id": "group.porch"}}],
    },
    "pick": {
        "alias": "Pick",
        "fields": {"which": {"selector": {"text": {}}}},
        "sequence": [{"action": "light.turn_on", "target": {"entity_id": "{{ which }}"}}],
    },
    "kitchen_party": {
        "alias": "Kitchen party",
        "sequence": [{"action": "light.turn_on", "target": {"entity_id": "light.porch_light"}}],
    },
    "open_up": {
        "alias": "Open up",
        # Home Assistant lowercases ``ALL`` in an entity service's data: every lock.
        "sequence": [{"action": "lock.unlock", "data": {"entity_id": "ALL"}}],
    },
    "kitchen_wait": {
        "alias": "Kitchen wait",
        # ``wait`` holds the trigger, with the state it changed to.
        "sequence": [
            {
                "wait_for_trigger": [{"trigger": "state", "entity_id": "sensor.porch_code"}],
                "timeout": 5,
            },
            {"stop": "Seen", "response_variable": "wait"},
        ],
    },
    "porch_secret": {
        "alias": "Porch secret",
        "sequence": [
            {"action": "light.turn_on", "target": {"entity_id": "{{ 'light.porch_light' }}"}}
        ],
    },
    "kitchen_relay": {
        "alias": "Kitchen relay",
        "sequence": [{"action": "script.porch_secret"}],
    },
    "kitchen_report": {
        "alias": "Kitchen report",
        # Script-level variables: rendered when the run starts, before any step.
        "variables": {"report": {"code": "{{ states('sensor.porch_code') }}"}},
        "sequence": [{"stop": "Reported", "response_variable": "report"}],
    },
}


def _group(name: str, unique_id: str, members: list[str]) -> dict[str, Any]:
    return {"platform": "group", "name": name, "unique_id": unique_id, "entities": members}


TEMPLATES: list[dict[str, Any]] = [
    {
        "light": [
            template_light("Kitchen light", "kitchen"),
            template_light("Porch light", "porch"),
            template_light("Pantry light", "pantry"),
        ],
        "cover": [
            {
                "name": "Garage door",
                "unique_id": "garage",
                "device_class": "garage",
                "state": "{{ 'open' if is_state('input_boolean.garage', 'on') else 'closed' }}",
                "open_cover": toggle("garage", on=True),
                "close_cover": toggle("garage", on=False),
            }
        ],
        "lock": [
            template_lock("Front door", "front_door"),
            template_lock("Back door", "back_door"),
        ],
        "button": [
            {
                "name": "Kitchen button",
                "unique_id": "kitchen_button",
                "press": toggle("porch", on=True),
            }
        ],
        "sensor": [{"name": "Porch code", "unique_id": "porch_code", "state": "hunter2"}],
    }
]
AREAS = {
    "light.kitchen_light": "kitchen",
    "light.porch_light": "porch",
    "light.pantry_light": "kitchen",
    "light.kitchen_lamps": "kitchen",
    "light.porch_lamps": "porch",
    "light.nested_lamps": "kitchen",
    "cover.garage_door": "garage",
    "lock.front_door": "porch",
    "lock.back_door": "kitchen",
    "button.kitchen_button": "kitchen",
    "sensor.porch_code": "porch",
    "script.kitchen_party": "kitchen",
    "script.porch_group_on": "kitchen",
    "script.pick": "kitchen",
    "script.kitchen_report": "kitchen",
    "script.open_up": "kitchen",
    "script.porch_secret": "porch",
    "script.kitchen_relay": "kitchen",
    "script.kitchen_wait": "kitchen",
    # The helper behind each template entity lies in its area (docs/scope.md).
    "input_boolean.kitchen": "kitchen",
    "input_boolean.porch": "porch",
    "input_boolean.pantry": "kitchen",
    "input_boolean.garage": "garage",
    "input_boolean.front_door": "porch",
    "input_boolean.back_door": "kitchen",
}


@pytest.fixture
async def grouped_home(hass: HomeAssistant) -> dr.DeviceEntry:
    """Set up the home: Kitchen, Porch and Garage with their lights, a garage door, two locks.

    Groups: ``light.kitchen_lamps`` (Kitchen) holds the kitchen and the porch light;
    ``light.nested_lamps`` (Kitchen) holds ``light.porch_lamps`` (Porch), which holds the
    porch light; ``cover.all_doors`` the garage door; ``lock.door_locks`` the front door
    (Porch); ``group.porch`` (old style) the porch light. The back door (Kitchen) is not
    exposed; the pantry light (Kitchen) is hidden and exposed. A device in the Porch holds
    the porch light and the front door. Return that device.
    """
    await async_setup_rooms(hass, ("Kitchen", "Porch", "Garage"), BOOLEANS)
    # Groups and group platforms first: once set up (as a dependency of another), an
    # integration takes no configuration any more.
    old_style = {"porch": {"name": "Porch group", "entities": ["light.porch_light"]}}
    assert await async_setup_component(hass, "group", {"group": old_style})
    lights = [
        _group("Kitchen lamps", "kitchen_lamps", ["light.kitchen_light", "light.porch_light"]),
        _group("Porch lamps", "porch_lamps", ["light.porch_light"]),
        _group("Nested lamps", "nested_lamps", ["light.porch_lamps"]),
    ]
    assert await async_setup_component(hass, "light", {"light": lights})
    covers = [_group("All doors", "all_doors", ["cover.garage_door"])]
    assert await async_setup_component(hass, "cover", {"cover": covers})
    locks = [_group("Door locks", "door_locks", ["lock.front_door"])]
    assert await async_setup_component(hass, "lock", {"lock": locks})
    assert await async_setup_component(hass, "template", {"template": TEMPLATES})
    assert await async_setup_component(hass, "script", {"script": SCRIPTS})
    await hass.async_block_till_done()

    device = add_device(hass, "porch_box", "porch")
    registry = er.async_get(hass)
    for entity_id, area in AREAS.items():
        registry.async_update_entity(entity_id, area_id=area)
    for entity_id, name in (
        ("light.porch_light", "Porch light"),
        ("lock.front_door", "Front door"),
    ):
        # The name kept as it was: a device's entity is called by the device's name too.
        registry.async_update_entity(entity_id, device_id=device.id, name=name)
    registry.async_update_entity("light.pantry_light", hidden_by=er.RegistryEntryHider.USER)
    for entity_id in (
        "lock.front_door",
        "lock.door_locks",
        "light.pantry_light",
        "button.kitchen_button",
        "script.kitchen_party",
        "script.porch_group_on",
        "script.pick",
        "script.kitchen_report",
        "script.open_up",
        "script.kitchen_wait",
        "script.kitchen_relay",
    ):
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)
    async_expose_entity(hass, "conversation", "lock.back_door", should_expose=False)
    return device


# --- 1. Groups -----------------------------------------------------------------------------


@pytest.mark.attack
async def test_light_group_in_scope_does_not_reach_member_outside_by_name(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """The model turns on "Kitchen lamps", a group placed in the Kitchen that holds the porch
    light, through the Kitchen hub: the porch light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "Kitchen lamps"})

    assert not is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
async def test_area_call_matching_light_group_does_not_reach_member_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """The model turns on the lights of the Kitchen, which match the group "Kitchen lamps"
    holding the porch light: the kitchen light goes on, the porch light stays off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(
        hass, hub, "HassTurnOn", {"area": "Kitchen", "domain": ["light"]}
    )

    assert is_on(hass, "kitchen"), (outcome, data)
    assert not is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
async def test_group_of_groups_in_scope_does_not_reach_member_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """The model turns on "Nested lamps" (Kitchen), a group holding the Porch's group of the
    porch light: the porch light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "Nested lamps"})

    assert not is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
async def test_cover_group_holding_garage_door_asks(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """With "ask before device class garage", the model opens "All doors", a cover group
    holding the garage door: the call must wait for approval and the garage stay closed."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DEVICE_CLASSES: ["garage"]})

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "All doors"})

    assert not is_on(hass, "garage"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_garage_door_itself_asks(hass: HomeAssistant, grouped_home: dr.DeviceEntry) -> None:
    """The same hub, the garage door named itself: it asks (the check of the test above)."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DEVICE_CLASSES: ["garage"]})

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "Garage door"})

    assert outcome == "asks", data
    assert not is_on(hass, "garage")


@pytest.mark.attack
async def test_lock_group_holding_door_in_ask_set_asks(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """With the front door in "Always ask", the model unlocks "Door locks", a lock group that
    holds it: the call must wait for approval and the door stay locked."""
    hub = await async_add_hub(
        hass, "Home", {**ASSIST, const.CONF_ASK_ENTITIES: ["lock.front_door"]}
    )

    outcome, data = await call_hub(hass, hub, "HassTurnOff", {"name": "Door locks"})

    assert not is_on(hass, "front_door"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
@pytest.mark.parametrize(
    "asked",
    [
        pytest.param(
            "group.porch",
            id="the_group",
        ),
        pytest.param("light.porch_light", id="its_member"),
    ],
)
async def test_script_turning_on_old_style_group_asks(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, asked: str
) -> None:
    """A script turns on ``group.porch`` with ``homeassistant.turn_on``; with the group, or the
    light it holds, in "Always ask", the script's tool must wait for approval."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_ENTITIES: [asked]})

    await assert_stays_off(hass, hub, "porch_group_on", {}, "porch", asks=True)


@pytest.mark.attack
async def test_action_tool_on_group_with_member_outside_scope_is_left_out(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """An action tool of the Kitchen hub turns on "Kitchen lamps" (in the Kitchen, holding
    the porch light): it must be left out (it always acts there) and the porch light stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    name = await add_action_tool(
        hass,
        hub,
        "Lamps on",
        [{"action": "light.turn_on", "target": {"entity_id": "light.kitchen_lamps"}}],
    )

    outcome, data = await call_hub(hass, hub, name, {})

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome == "ToolNotAvailable", data


@pytest.mark.attack
async def test_turn_on_of_a_group_by_homeassistant_asks_by_its_members_domain(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """With lights in "Always ask", an action tool turns on ``group.porch`` (a group of a
    light) with ``homeassistant.turn_on``: it must ask, and the porch light stay off."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["light"]})
    name = await add_action_tool(
        hass,
        hub,
        "All on",
        [{"action": "homeassistant.turn_on", "target": {"entity_id": "group.porch"}}],
    )

    outcome, data = await call_hub(hass, hub, name, {})

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome == "asks", data


# --- 2. Intents the hub does not narrow ---------------------------------------------------------


@pytest.mark.attack
async def test_intent_script_acting_outside_scope_is_left_out_or_refused(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """An intent script's action turns on the porch light; through the Kitchen hub it must be
    left out of the tools or refused, and the porch light stay off."""
    intent_scripts = {
        "PorchOn": {
            "description": "Lights the way home.",
            "action": [{"action": "light.turn_on", "target": {"entity_id": "light.porch_light"}}],
            "speech": {"text": "Done"},
        }
    }
    assert await async_setup_component(hass, "intent_script", {"intent_script": intent_scripts})
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    if not is_listed(instance, "PorchOn"):
        return

    await assert_stays_off(hass, hub, "PorchOn", {}, "porch", asks=False)


@pytest.mark.attack
async def test_timer_command_does_not_act_outside_scope(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """Through the Kitchen hub the model starts a timer whose command turns on the porch
    light: it must be refused or left out, or its command must not reach the porch light."""
    context = timer_satellite(hass, "kitchen")
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), context)
    if not is_listed(instance, "HassStartTimer"):
        return
    command = {"seconds": 1, "conversation_command": "turn on the porch light"}

    outcome, data = await call_hub(hass, hub, "HassStartTimer", command, context)
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=5))
    await hass.async_block_till_done(wait_background_tasks=True)  # the command runs in one

    assert not is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
async def test_timer_without_command_does_not_ask_for_locks(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """A hub asks before locks; a plain timer touches no lock, so it must start at once."""
    context = timer_satellite(hass, "kitchen")
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["lock"]})

    outcome, data = await call_hub(hass, hub, "HassStartTimer", {"minutes": 5}, context)

    assert outcome == "ran", data


# --- 3. A context without an assistant ----------------------------------------------------------


NO_ASSISTANT = pytest.mark.parametrize(
    "assistant",
    [
        pytest.param(None, id="none"),  # typed str, yet the agents of some integrations send None
        pytest.param("", id="empty"),
    ],
)


def _no_assistant(assistant: str | None) -> llm.LLMContext:
    """Return the context of a custom agent or server that names no assistant."""
    return llm.LLMContext(
        platform="custom_agent",
        context=Context(),
        language="en",
        assistant=assistant,  # type: ignore[arg-type]  # None: see NO_ASSISTANT
        device_id=None,
    )


@pytest.mark.attack
@NO_ASSISTANT
async def test_context_without_assistant_does_not_reach_outside_scope(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, assistant: str | None
) -> None:
    """A custom agent with no assistant turns on the porch light through the Kitchen hub:
    the porch light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    context = _no_assistant(assistant)

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "Porch light"}, context)

    assert not is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
@NO_ASSISTANT
async def test_context_without_assistant_does_not_reach_unexposed(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, assistant: str | None
) -> None:
    """A custom agent with no assistant unlocks the back door (in the Kitchen, not exposed to
    Assist) through the Kitchen hub: the door must stay locked."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    context = _no_assistant(assistant)

    outcome, data = await call_hub(hass, hub, "HassTurnOff", {"name": "Back door"}, context)

    assert not is_on(hass, "back_door"), (outcome, data)


# --- 4. Device actions ---------------------------------------------------------------------------


@pytest.mark.attack
@pytest.mark.parametrize(
    ("domain", "kind", "entity_id", "boolean"),
    [
        ("light", "turn_on", "light.porch_light", "porch"),
        ("lock", "unlock", "lock.front_door", "front_door"),
    ],
)
async def test_device_action_step_outside_scope_is_refused(  # noqa: PLR0917  # parameters
    hass: HomeAssistant,
    grouped_home: dr.DeviceEntry,
    domain: str,
    kind: str,
    entity_id: str,
    boolean: str,
) -> None:
    """An action tool of the Kitchen hub runs a device action (a Porch device's light on, its
    front door unlocked): it must be refused and the entity stay as it was."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    entry = er.async_get(hass).async_get(entity_id)
    assert entry is not None
    step = {"device_id": grouped_home.id, "domain": domain, "entity_id": entry.id, "type": kind}
    name = await add_action_tool(hass, hub, "Porch box", [step])

    outcome, data = await call_hub(hass, hub, name, {})

    assert not is_on(hass, boolean), (outcome, data)
    assert outcome != "ran", data


# --- 5. Leaks ------------------------------------------------------------------------------------


@pytest.mark.attack
@pytest.mark.parametrize(
    ("options", "template", "parameters", "args"),
    [
        pytest.param(
            KITCHEN, "{{ states('sensor.porch_code') | int }}", [], {}, id="outside_scope"
        ),
        pytest.param(
            ASSIST,
            "{{ states('sensor.' ~ which) | int }}",
            [{"name": "which", "type": "text", "required": True}],
            {"which": "porch_code"},
            id="not_exposed",
        ),
    ],
)
async def test_template_error_does_not_leak_state(  # noqa: PLR0917  # parameters
    hass: HomeAssistant,
    grouped_home: dr.DeviceEntry,
    options: dict[str, Any],
    template: str,
    parameters: list[Any],
    args: dict[str, Any],
) -> None:
    """A template tool makes its render fail on the porch code (outside the Kitchen, and not
    exposed): the failed result must not carry the code."""
    state = hass.states.get("sensor.porch_code")
    assert state is not None
    assert state.state == "hunter2"
    hub = await async_add_hub(hass, "Hub", options)
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Peek",
            "description": "Peeks.",
            "template": template,
            **({"parameters": parameters} if parameters else {}),
        },
    )

    outcome, data = await call_hub(hass, hub, "peek", args)

    assert outcome != "ran", data
    assert "hunter2" not in str(data)


@pytest.mark.attack
async def test_refusal_names_only_what_the_model_named(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """The model runs "Kitchen party" (a Kitchen script that lights the porch) through the
    Kitchen hub: it is left out, or refused without naming the porch light."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    if not is_listed(await llm.async_get_api(hass, hub_id(hub), llm_context()), "kitchen_party"):
        assert not is_on(hass, "porch")
        return  # left out: the model cannot call it

    outcome, data = await call_hub(hass, hub, "kitchen_party", {})

    assert not is_on(hass, "porch")
    assert outcome == "OutOfScope", data
    assert "porch" not in str(data).lower()


@pytest.mark.attack
async def test_refusal_of_entity_outside_scope_says_so(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """The model turns on the porch light (exposed, outside the Kitchen) through the Kitchen
    hub: the refusal must say it is outside the scope, not that it is not exposed."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "Porch light"})

    assert not is_on(hass, "porch")
    assert outcome != "ran", data
    assert "scope" in str(data)


# --- 6. Readers ------------------------------------------------------------------------------


class _List(TodoListEntity):
    """A to-do list of a test integration that keeps its items."""

    _attr_should_poll = False
    _attr_supported_features = (
        TodoListEntityFeature.CREATE_TODO_ITEM | TodoListEntityFeature.DELETE_TODO_ITEM
    )

    def __init__(self, name: str, unique_id: str, item: str) -> None:
        self._attr_name = name
        self._attr_unique_id = unique_id
        self._attr_todo_items = [
            TodoItem(summary=item, uid=f"{unique_id}-1", status=TodoItemStatus.NEEDS_ACTION)
        ]

    async def async_create_todo_item(self, item: TodoItem) -> None:
        item.uid = f"{self.unique_id}-{len(self._attr_todo_items or []) + 1}"
        self._attr_todo_items = [*(self._attr_todo_items or []), item]
        self.async_write_ha_state()


LISTS = "attack_lists"
"""The test integration of the to-do lists."""


@pytest.fixture
async def lists(hass: HomeAssistant, grouped_home: dr.DeviceEntry) -> None:
    """Add to-do lists: "Shopping" in the Kitchen (milk) and in the Porch (nails), and
    "Porch chores" (sweep) in the Porch."""
    entities = [
        _List("Shopping", "kitchen_shopping", "Milk"),
        _List("Shopping", "porch_shopping", "Nails"),
        _List("Porch chores", "porch_chores", "Sweep"),
    ]

    async def async_setup_platform(
        hass: HomeAssistant, config: Any, add: Callable[..., None], info: Any
    ) -> None:
        add(entities)

    mock_integration(hass, MockModule(LISTS))
    mock_platform(hass, f"{LISTS}.todo", MockPlatform(async_setup_platform=async_setup_platform))
    assert await async_setup_component(hass, "todo", {"todo": [{"platform": LISTS}]})
    await hass.async_block_till_done()
    registry = er.async_get(hass)
    for unique_id, area in (
        ("kitchen_shopping", "kitchen"),
        ("porch_shopping", "porch"),
        ("porch_chores", "porch"),
    ):
        entity_id = registry.async_get_entity_id("todo", LISTS, unique_id)
        assert entity_id is not None
        registry.async_update_entity(entity_id, area_id=area)


def _choices(instance: llm.APIInstance, tool: str) -> str:
    """Return the JSON schema of ``tool``'s parameters as the model gets it, as text."""
    schema = probatio.to_openapi(
        listed(instance, tool).parameters, custom_serializer=instance.custom_serializer
    )
    return str(schema)


@pytest.mark.attack
@pytest.mark.parametrize(
    "through",
    [
        pytest.param("assist", id="assist"),
        pytest.param(
            "hub",
            id="selected_hub",
        ),
    ],
)
async def test_todo_reader_does_not_list_lists_outside_scope(
    hass: HomeAssistant, lists: None, through: str
) -> None:
    """The Kitchen hub selects Assist, or a hub without a scope that selects Assist: the
    to-do reader's schema must not offer the Porch's "Porch chores"."""
    selected = ["assist"]
    if through == "hub":
        selected = [hub_id(await async_add_hub(hass, "Plain", ASSIST))]
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: selected, const.CONF_SCOPE_AREAS: ["kitchen"]}
    )
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    choices = _choices(instance, "get_items")

    assert "Shopping" in choices
    assert "Porch chores" not in choices


@pytest.mark.attack
@pytest.mark.xfail(
    strict=True,
    reason="not followed (docs/scope.md): Home Assistant's to-do reader matches names "
    "itself, namesakes outside the scope included",
)
async def test_todo_list_in_scope_found_when_namesake_outside(
    hass: HomeAssistant, lists: None
) -> None:
    """The Kitchen hub reads "Shopping"; the Porch has a list of the same name: the reader
    must answer the Kitchen's list (milk), not "not found" nor the Porch's."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "get_items", {"todo_list": "Shopping"})

    assert outcome == "ran", data
    assert [item["summary"] for item in data["items"]] == ["Milk"]


@pytest.mark.attack
@pytest.mark.xfail(
    strict=True,
    reason="not followed (docs/scope.md): Home Assistant's to-do intents match names "
    "themselves, namesakes outside the scope included",
)
async def test_todo_add_to_namesake_acts_within_scope(hass: HomeAssistant, lists: None) -> None:
    """The Kitchen hub adds to "Shopping" (the Porch has a namesake): only the Kitchen's
    list changes."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(
        hass, hub, "HassListAddItem", {"name": "Shopping", "item": "Eggs"}
    )

    assert outcome == "ran", data
    assert hass.states.is_state("todo.shopping", "2")
    assert hass.states.is_state("todo.shopping_2", "1")


@pytest.mark.attack
async def test_todo_list_in_ask_set_asks_when_changed(hass: HomeAssistant, lists: None) -> None:
    """ "Porch chores" is in "Always ask"; the model adds an item to it: the call must wait
    for approval and the list stay as it was."""
    hub = await async_add_hub(
        hass, "Home", {**ASSIST, const.CONF_ASK_ENTITIES: ["todo.porch_chores"]}
    )

    outcome, data = await call_hub(
        hass, hub, "HassListAddItem", {"name": "Porch chores", "item": "Paint"}
    )

    assert hass.states.is_state("todo.porch_chores", "1"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_todo_call_does_not_ask_for_locks(hass: HomeAssistant, lists: None) -> None:
    """A hub asks before locks; adding to a to-do list touches no lock: it must run at once."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["lock"]})

    outcome, data = await call_hub(
        hass, hub, "HassListAddItem", {"name": "Porch chores", "item": "Paint"}
    )

    assert outcome == "ran", data


# --- 7. The scope travels ----------------------------------------------------------------------


@pytest.mark.attack
async def test_scope_does_not_travel_into_automation_using_another_hub(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """The Kitchen hub turns on the kitchen light; an automation on that change has another
    integration call the Porch hub to light the porch: that call must run."""
    kitchen = await async_add_hub(hass, "Kitchen", KITCHEN)
    porch = await async_add_hub(hass, "Porch", PORCH)
    answers: list[tuple[str, Any]] = []

    async def _use_porch_hub(call: ServiceCall) -> None:
        answers.append(
            await call_hub(hass, porch, "HassTurnOn", {"name": "Porch light"}, settle=False)
        )

    hass.services.async_register("test", "use_porch_hub", _use_porch_hub)
    automation = {
        "id": "welcome",
        "triggers": [{"trigger": "state", "entity_id": "input_boolean.kitchen", "to": "on"}],
        "actions": [{"action": "test.use_porch_hub"}],
    }
    assert await async_setup_component(hass, "automation", {"automation": [automation]})

    outcome, data = await call_hub(hass, kitchen, "HassTurnOn", {"name": "Kitchen light"})
    await hass.async_block_till_done()

    assert outcome == "ran", data
    assert len(answers) == 1
    assert answers[0][0] == "ran", answers
    assert is_on(hass, "porch")


@pytest.mark.attack
async def test_porch_hub_alone_lights_the_porch(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """The Porch hub called on its own lights the porch (the check of the test above)."""
    porch = await async_add_hub(hass, "Porch", PORCH)

    outcome, data = await call_hub(hass, porch, "HassTurnOn", {"name": "Porch light"})

    assert outcome == "ran", data
    assert is_on(hass, "porch")


# --- 8. Annotations ----------------------------------------------------------------------------

READ_ONLY_UNLOCK: dict[str, Any] = {
    "annotations": {"read_only": True, "destructive": False, "open_world": False}
}
UNLOCK = UNLOCK_FRONT


@pytest.mark.attack
async def test_unlocking_tool_saved_read_only_is_not_served_read_only(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """An action tool that unlocks the front door is saved with "read-only" ticked: it must
    not be listed as read-only, and a hub of read-only tools must leave it out."""
    hub = await async_add_hub(hass, "Home", ASSIST)
    name = await add_action_tool(hass, hub, "Open up", UNLOCK, **READ_ONLY_UNLOCK)
    guest = await async_add_hub(hass, "Guest", {**ASSIST, const.CONF_READ_ONLY: True})
    await add_action_tool(hass, guest, "Open up", UNLOCK, **READ_ONLY_UNLOCK)

    tool = listed(await llm.async_get_api(hass, hub_id(hub), llm_context()), name)
    guest_tools = await llm.async_get_api(hass, hub_id(guest), llm_context())

    assert tool.annotations is None or not tool.annotations.read_only
    assert not is_listed(guest_tools, name)


@pytest.mark.attack
@pytest.mark.parametrize("mode", ["all", "search"])
async def test_unlocking_tool_saved_read_only_asks_for_locks(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, mode: str
) -> None:
    """With locks in "Always ask", the model calls the unlocking tool saved as read-only,
    directly (it must ask) or through search mode's ``call_read_only_tool`` (it must not
    run): the door stays locked."""
    hub = await async_add_hub(
        hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["lock"], const.CONF_TOOL_MODE: mode}
    )
    name = await add_action_tool(hass, hub, "Open up", UNLOCK, **READ_ONLY_UNLOCK)

    if mode == "all":
        outcome, data = await call_hub(hass, hub, name, {})
    else:
        outcome, data = await call_hub(
            hass, hub, "call_read_only_tool", {"name": name, "arguments": {}}
        )

    assert not is_on(hass, "front_door"), (outcome, data)
    assert outcome == "asks" if mode == "all" else outcome != "ran", data


# --- 9. Approvals ------------------------------------------------------------------------------


@pytest.mark.attack
@pytest.mark.parametrize(
    "args",
    [
        pytest.param({"area": "Porch", "domain": ["lock"]}, id="by_area"),
        pytest.param(
            {"domain": ["lock"]},
            id="by_domain",
        ),
    ],
)
async def test_approval_names_the_door_it_unlocks(
    hass: HomeAssistant,
    grouped_home: dr.DeviceEntry,
    hass_ws_client: WebSocketGenerator,
    args: dict[str, Any],
) -> None:
    """The model unlocks the front door (in the ask set) without naming it: the approval a
    person decides on must say it acts on the front door."""
    hub = await async_add_hub(
        hass, "Home", {**ASSIST, const.CONF_ASK_ENTITIES: ["lock.front_door"]}
    )

    outcome, data = await call_hub(hass, hub, "HassTurnOff", args)
    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "llm_hub/approvals/list"})
    (approval,) = (await client.receive_json())["result"]["approvals"]

    assert outcome == "asks", data
    assert not is_on(hass, "front_door")
    assert "lock.front_door" in str(approval["targets"]), approval


# --- Other kinds -------------------------------------------------------------------------------


@pytest.mark.attack
async def test_template_button_in_scope_does_not_act_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """The model presses "Kitchen button" (a template button in the Kitchen whose press
    lights the porch) through the Kitchen hub: the porch light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "HassTurnOn", {"name": "Kitchen button"})

    assert not is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
@pytest.mark.parametrize(
    "options",
    [
        pytest.param(ASSIST, id="assist"),
        pytest.param(
            KITCHEN,
            id="kitchen",
        ),
    ],
)
async def test_area_call_reaches_hidden_entity_exposed_on_purpose(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, options: dict[str, Any]
) -> None:
    """The pantry light (Kitchen) is hidden and exposed to Assist on purpose; the lights of
    the Kitchen turned on through a hub, scoped to the Kitchen or not, include it."""
    hub = await async_add_hub(hass, "Hub", options)

    outcome, data = await call_hub(
        hass, hub, "HassTurnOn", {"area": "Kitchen", "domain": ["light"]}
    )

    assert outcome == "ran", data
    assert is_on(hass, "pantry"), data


@pytest.fixture
async def porch_automation(hass: HomeAssistant, grouped_home: dr.DeviceEntry) -> None:
    """An automation that lights the porch on the event ``porch_now``."""
    automation = {
        "id": "porch_now",
        "alias": "Porch now",
        "triggers": [{"trigger": "event", "event_type": "porch_now"}],
        "actions": [{"action": "light.turn_on", "target": {"entity_id": "light.porch_light"}}],
    }
    assert await async_setup_component(hass, "automation", {"automation": [automation]})
    await hass.async_block_till_done()


@pytest.mark.attack
@pytest.mark.parametrize(
    "step",
    [
        pytest.param(
            {"action": "automation.trigger", "target": {"entity_id": "automation.porch_now"}},
            id="automation_trigger",
        ),
        pytest.param(
            {"event": "porch_now"},
            id="event",
        ),
    ],
)
async def test_action_tool_starting_automation_outside_scope_is_refused(
    hass: HomeAssistant, porch_automation: None, step: dict[str, Any]
) -> None:
    """An action tool of the Kitchen hub starts the automation that lights the porch, by
    ``automation.trigger`` or by firing its event: it must be refused, the porch stay dark."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    name = await add_action_tool(hass, hub, "Porch now", [step])

    outcome, data = await call_hub(hass, hub, name, {})

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
@pytest.mark.parametrize(
    ("actions", "args"),
    [
        pytest.param(
            [{"action": "scene.apply", "data": {"entities": {"light.porch_light": "on"}}}],
            {},
            id="scene_apply",
        ),
        pytest.param(
            [
                {
                    "action": "script.turn_on",
                    "target": {"entity_id": "script.pick"},
                    "data": {"variables": {"which": "light.porch_light"}},
                }
            ],
            {},
            id="script_turn_on_variables",
        ),
        pytest.param(
            [
                {
                    "action": "homeassistant.turn_on",
                    "target": {"entity_id": ["light.kitchen_light", "group.porch"]},
                }
            ],
            {},
            id="homeassistant_turn_on_mixed",
        ),
        pytest.param(
            [
                {"variables": {"target": "light.{{ room }}"}},
                {
                    "action": "light.turn_on",
                    "target": {"entity_id": "{{ target }}"},
                    "continue_on_error": True,
                },
                {"action": "light.turn_on", "target": {"entity_id": "light.kitchen_light"}},
            ],
            {"room": "porch_light"},
            id="continue_on_error",
        ),
    ],
)
async def test_action_tool_reaching_outside_scope_is_refused(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, actions: list[Any], args: dict[str, Any]
) -> None:
    """An action tool of the Kitchen hub reaches the porch light another way (``scene.apply``,
    a script handed it, ``homeassistant.turn_on`` of its group beside a kitchen light, a
    target rendered at run time past ``continue_on_error``): the porch light stays off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    parameters = [{"name": key, "type": "text", "required": True} for key in args]
    form = {"parameters": parameters} if parameters else {}
    name = await add_action_tool(hass, hub, "Sneak", actions, **form)

    await assert_stays_off(hass, hub, name, args, "porch", asks=False)


@pytest.mark.attack
@pytest.mark.parametrize("scoped", ["outer", "inner"])
async def test_search_mode_call_through_selected_hub_stays_in_scope(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, scoped: str
) -> None:
    """A hub in search mode selects another, one of the two scoped to the Kitchen; the model
    finds Turn on with ``search_tools`` and lights the porch with ``call_tool``: refused."""
    inner = await async_add_hub(hass, "Inner", KITCHEN if scoped == "inner" else ASSIST)
    outer = await async_add_hub(
        hass,
        "Outer",
        {
            CONF_LLM_HASS_API: [hub_id(inner)],
            const.CONF_TOOL_MODE: "search",
            **({const.CONF_SCOPE_AREAS: ["kitchen"]} if scoped == "outer" else {}),
        },
    )
    outcome, found = await call_hub(hass, outer, "search_tools", {"query": "turn on light"})
    assert outcome == "ran", found
    turn_on = next(tool["name"] for tool in found["tools"] if "HassTurnOn" in tool["name"])

    await assert_stays_off(
        hass,
        outer,
        "call_tool",
        {"name": turn_on, "arguments": {"name": "Porch light"}},
        "porch",
        asks=False,
    )


# --- Intents whose handler reads its slots otherwise than the matcher ---------------------------

ROBOT: dict[str, Any] = {
    "name": "Robot",
    "unique_id": "robot",
    "state": "{{ 'cleaning' if is_state('input_boolean.robot_cleaning', 'on') else 'docked' }}",
    "start": toggle("robot_cleaning", on=True),
    "segments": "{{ [{'id': 'k', 'name': 'Kitchen'}, {'id': 'p', 'name': 'Porch'}] }}",
    "clean_segments": toggle("robot_cleaning", on=True),
}
"""A robot vacuum that cleans rooms by area (``HassVacuumCleanArea``)."""


async def _robot_home(hass: HomeAssistant, area: str | None) -> None:
    """Set up the robot vacuum in ``area`` (None: no area), its rooms mapped to areas."""
    await async_setup_kitchen_and_porch(hass, ("robot_cleaning", "kitchen"))
    assert await async_setup_component(hass, "template", {"template": [{"vacuum": [ROBOT]}]})
    await hass.async_block_till_done()
    registry = er.async_get(hass)
    registry.async_update_entity_options(
        "vacuum.robot", "vacuum", {"area_mapping": {"kitchen": ["k"], "porch": ["p"]}}
    )
    place(
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

    if is_listed(instance, "HassVacuumCleanArea"):
        outcome, data = await call_in(hass, instance, "HassVacuumCleanArea", {"area": "Kitchen"})
        assert not is_on(hass, "robot_cleaning"), (outcome, data)
        assert outcome != "ran", data

    assert not is_on(hass, "robot_cleaning")


@pytest.mark.attack
async def test_vacuum_in_scope_is_sent_to_clean_a_room_in_scope(hass: HomeAssistant) -> None:
    """The check of the test above: the robot stands in the Kitchen, the Kitchen hub sends it
    to clean the Kitchen, and it cleans."""
    await _robot_home(hass, "kitchen")
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "HassVacuumCleanArea", {"area": "Kitchen"})

    assert outcome == "ran", data
    assert is_on(hass, "robot_cleaning")


@pytest.mark.attack
async def test_vacuum_in_ask_set_asks_when_sent_to_clean_a_room(hass: HomeAssistant) -> None:
    """A hub always asks before acting on a vacuum. The robot has no area; the model sends it
    to clean the Kitchen: the call must wait for approval, the robot stay docked."""
    await _robot_home(hass, None)
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["vacuum"]})

    outcome, data = await call_hub(hass, hub, "HassVacuumCleanArea", {"area": "Kitchen"})

    assert not is_on(hass, "robot_cleaning"), (outcome, data)
    assert outcome == "asks", data


# --- Entities that drive others by their configuration -----------------------------------------

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
KITCHEN_TEMPERATURE: dict[str, Any] = {
    "name": "Kitchen temperature",
    "unique_id": "kitchen_temperature",
    "state": "20.0",
    "device_class": "temperature",
    "unit_of_measurement": "°C",
}


@pytest.fixture
async def climate_home(hass: HomeAssistant) -> None:
    """A Kitchen thermostat (``generic_thermostat``, reading a Kitchen temperature sensor at
    20 °C) driving the space heater, which stands in the Porch. All exposed."""
    await async_setup_kitchen_and_porch(hass, ("space_heater",))
    sensors = [KITCHEN_TEMPERATURE]
    assert await async_setup_component(hass, "template", {"template": [{"sensor": sensors}]})
    assert await async_setup_component(hass, "climate", {"climate": [THERMOSTAT]})
    await hass.async_block_till_done()
    place(
        hass,
        {
            "climate.kitchen_thermostat": "kitchen",
            "sensor.kitchen_temperature": "kitchen",
            "input_boolean.space_heater": "porch",
        },
        ("climate.kitchen_thermostat", "sensor.kitchen_temperature", "input_boolean.space_heater"),
    )
    await hass.async_block_till_done()
    assert not is_on(hass, "space_heater")


async def _set_thermostat(hass: HomeAssistant, title: str, options: dict[str, Any]) -> Any:
    """Through a new hub, set the Kitchen thermostat to 30 °C; return how it ended and why."""
    hub = await async_add_hub(hass, title, options)
    return await call_hub(
        hass, hub, "HassClimateSetTemperature", {"name": "Kitchen thermostat", "temperature": 30}
    )


@pytest.mark.attack
async def test_thermostat_in_scope_does_not_switch_a_heater_outside(
    hass: HomeAssistant, climate_home: None
) -> None:
    """Through the Kitchen hub the model sets the Kitchen thermostat to 30 °C; the thermostat
    switches on its heater, which stands in the Porch. The call must be refused, and the space
    heater stay off."""
    outcome, data = await _set_thermostat(hass, "Kitchen", KITCHEN)

    assert not is_on(hass, "space_heater"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_thermostat_driving_heater_in_ask_set_asks(
    hass: HomeAssistant, climate_home: None
) -> None:
    """A hub always asks before acting on the space heater. The model sets the thermostat
    that drives it to 30 °C: the call must wait for approval, the heater stay off."""
    asks = {**ASSIST, const.CONF_ASK_ENTITIES: ["input_boolean.space_heater"]}
    outcome, data = await _set_thermostat(hass, "Home", asks)

    assert not is_on(hass, "space_heater"), (outcome, data)
    assert outcome == "asks", data


# --- Template entities without a unique id (no registry entry) ---------------------------------

SESAME_TEMPLATES: list[dict[str, Any]] = [
    {
        "lock": [template_lock("Front door", "front_door")],
        # Written without a unique id, as many YAML templates are: no registry entry.
        "button": [{"name": "Open sesame", "press": toggle("front_door", on=True)}],
    }
]


@pytest.fixture
async def sesame_home(hass: HomeAssistant) -> None:
    """The front door (a template lock) and "Open sesame", a template button with no unique
    id whose press unlocks it. Both exposed."""
    await async_setup_kitchen_and_porch(hass, ("front_door",))
    assert await async_setup_component(hass, "template", {"template": SESAME_TEMPLATES})
    await hass.async_block_till_done()
    assert hass.states.get("button.open_sesame") is not None
    assert er.async_get(hass).async_get("button.open_sesame") is None
    place(hass, {}, ("lock.front_door", "button.open_sesame"))


@pytest.mark.attack
async def test_template_button_without_unique_id_does_not_reach_the_excluded_door(
    hass: HomeAssistant, sesame_home: None
) -> None:
    """A hub reaches everything but the front door. The model presses "Open sesame", whose
    press unlocks the front door: the door must stay locked."""
    hub = await async_add_hub(hass, "Not the door", NOT_THE_DOOR)

    await assert_stays_off(
        hass, hub, "HassTurnOn", {"name": "Open sesame"}, "front_door", asks=False
    )


@pytest.mark.attack
async def test_template_button_without_unique_id_that_unlocks_asks(
    hass: HomeAssistant, sesame_home: None
) -> None:
    """A hub always asks before acting on a lock. The model presses "Open sesame", whose press
    unlocks the front door: the call must wait for approval, the door stay locked."""
    hub = await async_add_hub(hass, "Home", LOCKS)

    await assert_stays_off(
        hass, hub, "HassTurnOn", {"name": "Open sesame"}, "front_door", asks=True
    )


# --- Entities an action names outside its target -----------------------------------------------


@pytest.mark.attack
async def test_script_joining_a_speaker_outside_scope_is_left_out_or_refused(
    hass: HomeAssistant, speakers: None
) -> None:
    """ "Kitchen party" joins the Walkman to the Kitchen's player. Through a hub that reaches
    everything but the Walkman the script must be left out or refused, and the Walkman not
    joined."""
    hub = await async_add_hub(hass, "Not the Walkman", NOT_THE_WALKMAN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())

    if is_listed(instance, "party"):
        outcome, data = await call_in(hass, instance, "party", {})
        assert not joined(hass), (outcome, data)
        assert outcome != "ran", data

    assert not joined(hass)


@pytest.mark.attack
async def test_script_joining_a_speaker_in_ask_set_asks(
    hass: HomeAssistant, speakers: None
) -> None:
    """A hub always asks before acting on the Walkman. The model runs "Kitchen party", which
    joins it to the Kitchen's player: the call must wait for approval."""
    hub = await async_add_hub(
        hass, "Home", {**ASSIST, const.CONF_ASK_ENTITIES: ["media_player.walkman"]}
    )

    outcome, data = await call_hub(hass, hub, "party", {})

    assert not joined(hass), (outcome, data)
    assert outcome == "asks", data


# --- 7. Reads, nesting, generic actions ---------------------------------------------


@pytest.mark.attack
async def test_script_level_variables_do_not_carry_a_state_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """ "Kitchen report" (a Kitchen script) answers with a variable its script-level
    ``variables`` render from the porch code (outside the Kitchen), not a ``variables`` step.
    Through the Kitchen hub it must be left out or refused, and no answer carry the code."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    if not is_listed(instance, "kitchen_report"):
        return

    outcome, data = await call_hub(hass, hub, "kitchen_report", {})

    assert "hunter2" not in str(data), outcome
    assert outcome != "ran", data


@pytest.mark.attack
@pytest.mark.parametrize(
    "action",
    [
        pytest.param([], id="speech_only"),
        pytest.param(
            [{"action": "light.turn_on", "target": {"entity_id": "light.kitchen_light"}}],
            id="action_in_scope",
        ),
    ],
)
async def test_intent_script_speech_does_not_carry_a_state_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, action: list[Any]
) -> None:
    """An intent script's speech renders the porch code (outside the Kitchen); its actions
    act on nothing, or on the kitchen light only. Through the Kitchen hub the intent must be
    left out or refused, and no answer carry the code."""
    intent_scripts = {
        "KitchenStatus": {
            "description": "Says how the kitchen is.",
            **({"action": action} if action else {}),
            "speech": {"text": "The code is {{ states('sensor.porch_code') }}"},
        }
    }
    assert await async_setup_component(hass, "intent_script", {"intent_script": intent_scripts})
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    if not is_listed(instance, "KitchenStatus"):
        return

    outcome, data = await call_hub(hass, hub, "KitchenStatus", {})

    assert "hunter2" not in str(data), outcome
    assert outcome != "ran", data


@pytest.mark.attack
@pytest.mark.parametrize(
    "args",
    [
        pytest.param({"name": "Porch code"}, id="name"),
        pytest.param({"area": "Porch"}, id="area"),
        pytest.param({"name": "porch CODE "}, id="odd_case"),
        pytest.param({"area": "Porch", "domain": ["sensor"]}, id="area_domain"),
        pytest.param({"domain": ["sensor"]}, id="domain"),
    ],
)
async def test_get_state_does_not_read_a_state_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, args: dict[str, Any]
) -> None:
    """The model asks the Kitchen hub for the state of the porch code (exposed, outside the
    Kitchen) by name, area, domain: no answer carries the code."""
    async_expose_entity(hass, "conversation", "sensor.porch_code", should_expose=True)
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "HassGetState", args)

    assert "hunter2" not in str(data), outcome


@pytest.mark.attack
@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(
            [
                {
                    "choose": [
                        {
                            "conditions": [
                                {
                                    "condition": "state",
                                    "entity_id": "light.kitchen_light",
                                    "state": "on",
                                }
                            ],
                            "sequence": [
                                {
                                    "action": "light.turn_on",
                                    "target": {"entity_id": "light.kitchen_light"},
                                }
                            ],
                        }
                    ],
                    "default": [
                        {"action": "light.turn_on", "target": {"entity_id": "light.porch_light"}}
                    ],
                }
            ],
            id="choose_default",
        ),
        pytest.param(
            [
                {
                    "if": [{"condition": "template", "value_template": "{{ false }}"}],
                    "then": [
                        {"action": "light.turn_on", "target": {"entity_id": "light.kitchen_light"}}
                    ],
                    "else": [
                        {
                            "parallel": [
                                {
                                    "sequence": [
                                        {
                                            "repeat": {
                                                "count": 1,
                                                "sequence": [
                                                    {
                                                        "action": "light.turn_on",
                                                        "target": {
                                                            "entity_id": "light.porch_light"
                                                        },
                                                        "continue_on_error": True,
                                                    }
                                                ],
                                            }
                                        }
                                    ]
                                }
                            ]
                        }
                    ],
                }
            ],
            id="if_else_parallel_repeat",
        ),
        pytest.param(
            [
                {
                    "parallel": [
                        {"action": "light.turn_on", "target": {"entity_id": "light.kitchen_light"}},
                        {"action": "homeassistant.turn_on", "target": {"entity_id": "group.porch"}},
                    ]
                }
            ],
            id="parallel_shorthand",
        ),
        pytest.param(
            [
                {
                    "sequence": [
                        {"stop": "done", "enabled": False},
                        {
                            "action": "light.turn_on",
                            "target": {"entity_id": "light.porch_light"},
                            "enabled": True,
                        },
                    ]
                }
            ],
            id="sequence_after_disabled_stop",
        ),
        pytest.param(
            [{"action": "script.turn_on", "target": {"entity_id": "script.{{ 'kitchen_party' }}"}}],
            id="script_turn_on_templated",
        ),
        pytest.param(
            [
                {
                    "action": "homeassistant.toggle",
                    "target": {"entity_id": ["LIGHT.Kitchen_Light", " light.porch_lamps "]},
                }
            ],
            id="generic_toggle_odd_ids",
        ),
        pytest.param(
            [{"action": "script.pick", "data": {"which": "{{ 'light.porch' ~ '_light' }}"}}],
            id="variables_between_levels",
        ),
        pytest.param(
            [
                {
                    "action": "homeassistant.update_entity",
                    "target": {"entity_id": "sensor.porch_code"},
                },
                {"action": "light.turn_on", "target": {"entity_id": "light.porch_light"}},
            ],
            id="update_entity",
        ),
    ],
)
async def test_nested_action_tool_reaching_outside_scope_is_refused(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, actions: list[Any]
) -> None:
    """An action tool of the Kitchen hub lights the porch from a ``choose`` default, an
    ``else`` holding ``parallel``/``repeat`` past ``continue_on_error``, a shorthand
    ``parallel`` branch, after a disabled ``stop``, ``script.turn_on`` of a templated script,
    ``homeassistant.toggle`` of odd-cased ids, a script handed a rendered entity id: refused,
    the porch light off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    name = await add_action_tool(hass, hub, "Nest", actions)

    outcome, data = await call_hub(hass, hub, name, {})

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
@pytest.mark.parametrize(
    ("action", "target"),
    [
        ("homeassistant.turn_on", "lock.front_door"),
        ("homeassistant.toggle", "lock.door_locks"),
        ("homeassistant.turn_off", "group.porch_doors"),
    ],
)
async def test_generic_action_on_a_lock_asks(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, action: str, target: str
) -> None:
    """With locks in "Always ask", an action tool acts on the front door with the generic
    ``homeassistant`` domain (directly, its lock group, an old-style group made of the lock
    group): it waits, the door stays locked."""
    await hass.services.async_call(
        "group",
        "set",
        {"object_id": "porch_doors", "entities": ["lock.door_locks"]},
        blocking=True,
    )
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["lock"]})
    name = await add_action_tool(
        hass, hub, "Generic", [{"action": action, "target": {"entity_id": target}}]
    )

    outcome, data = await call_hub(hass, hub, name, {})

    assert not is_on(hass, "front_door"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_all_in_capitals_asks_before_locks(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """With locks in "Always ask", the model runs "Open up", a script that unlocks
    ``entity_id: ALL`` in its data (Home Assistant lowercases it to ``all``: every lock): it
    waits, the front door stays locked."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["lock"]})

    outcome, data = await call_hub(hass, hub, "open_up", {})

    assert not is_on(hass, "front_door"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
@pytest.mark.parametrize("spelled", ["ALL", "All"])
async def test_action_tool_all_in_capitals_is_refused_or_asks(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, spelled: str
) -> None:
    """The same through an action tool made in the UI, ``ALL`` in its data or target: it
    waits or is refused, the front door stays locked."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["lock"]})
    name = await add_action_tool(
        hass, hub, "Open all", [{"action": "lock.unlock", "data": {"entity_id": spelled}}]
    )

    outcome, data = await call_hub(hass, hub, name, {})

    assert not is_on(hass, "front_door"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_all_in_capitals_does_not_reach_outside_scope(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """An action tool of the Kitchen hub turns on ``entity_id: ALL`` lights: refused, the
    porch light off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    step = {"action": "light.turn_on", "data": {"entity_id": "ALL"}}
    name = await add_action_tool(hass, hub, "All lights", [step])

    outcome, data = await call_hub(hass, hub, name, {})

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
@pytest.mark.parametrize(
    "target",
    [
        pytest.param({"floor_id": "ground"}, id="floor"),
        pytest.param({"label_id": "outside"}, id="label_on_area"),
    ],
)
async def test_ask_set_by_area_covers_a_floor_or_label_target(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, target: dict[str, Any]
) -> None:
    """ "Always ask" names the Porch. An action tool turns on the lights of the ground floor
    (the Kitchen and the Porch), or of the label "outside" the Porch area carries: it waits,
    the porch light stays off."""
    from homeassistant.helpers import label_registry as lr  # noqa: PLC0415

    floor = fr.async_get(hass).async_create("Ground")
    label = lr.async_get(hass).async_create("Outside")
    assert (floor.floor_id, label.label_id) == ("ground", "outside")
    for area in ("kitchen", "porch"):
        ar.async_get(hass).async_update(area, floor_id="ground")
    ar.async_get(hass).async_update("porch", labels={"outside"})
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_AREAS: ["porch"]})
    lights = [{"action": "light.turn_on", "target": target}]
    name = await add_action_tool(hass, hub, "Lights", lights)

    outcome, data = await call_hub(hass, hub, name, {})

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
@pytest.mark.parametrize(
    "args",
    [
        pytest.param({"name": ["Porch light"]}, id="name_list"),
        pytest.param({"name": {"value": "Porch light"}}, id="name_dict"),
        pytest.param({"name": None, "area": "Porch"}, id="name_none"),
        pytest.param({"area": ["Porch"]}, id="area_list"),
        pytest.param({"domain": "light", "area": "PORCH "}, id="domain_text"),
        pytest.param({"name": "Porch light", "area": None, "floor": ""}, id="blank_slots"),
        pytest.param({"name": "Pórch light"}, id="accent"),
        pytest.param({"name": "Porch light", "preferred_area_id": "porch"}, id="own_preference"),
    ],
)
async def test_odd_intent_arguments_do_not_reach_outside_scope(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, args: dict[str, Any]
) -> None:
    """The model sends HassTurnOn arguments of the wrong types (a list, a dict, None), odd
    case and accents, or a preference of its own: the porch light stays off, and no answer
    names another entity than what the model named."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "HassTurnOn", args)

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data
    assert "porch_light" not in str(data), data


@pytest.mark.attack
@pytest.mark.parametrize(
    "step",
    [
        pytest.param(
            {
                "action": "input_text.set_value",
                "target": {"entity_id": "input_text.kitchen_note"},
                "data": {"value": "{{ states(which) }}"},
            },
            id="copied_into_a_helper_in_scope",
        ),
        pytest.param(
            {
                "action": "input_number.set_value",
                "target": {"entity_id": "input_number.kitchen_level"},
                "data": {"value": "{{ states(which) }}"},
            },
            id="in_a_validation_error",
        ),
    ],
)
async def test_action_tool_data_does_not_read_a_state_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, step: dict[str, Any]
) -> None:
    """An action tool of the Kitchen hub writes ``{{ states(which) }}`` into a helper it
    reaches; the model names the porch code (outside the Kitchen). The code must reach
    neither the helper (which the model can read) nor the answer (a validation error)."""
    assert await async_setup_component(
        hass, "input_text", {"input_text": {"kitchen_note": {"name": "Kitchen note"}}}
    )
    level = {"kitchen_level": {"name": "Kitchen level", "min": 0, "max": 10}}
    assert await async_setup_component(hass, "input_number", {"input_number": level})
    helpers = ["input_text.kitchen_note", "input_number.kitchen_level"]
    hub = await async_add_hub(hass, "Kitchen", {**KITCHEN, const.CONF_SCOPE_ENTITIES: helpers})
    parameters = [{"name": "which", "type": "text", "required": True}]
    name = await add_action_tool(hass, hub, "Note", [step], parameters=parameters)

    outcome, data = await call_hub(hass, hub, name, {"which": "sensor.porch_code"})

    state = hass.states.get("input_text.kitchen_note")
    assert state is not None
    assert state.state != "hunter2", (outcome, data)
    assert "hunter2" not in str(data), outcome


async def _note_tool(hass: HomeAssistant, actions: list[dict[str, Any]]) -> MockConfigEntry:
    """Return the Kitchen hub (its helpers in scope) with the action tool "Note" of ``actions``."""
    assert await async_setup_component(
        hass, "input_text", {"input_text": {"kitchen_note": {"name": "Kitchen note"}}}
    )
    hub = await async_add_hub(
        hass, "Kitchen", {**KITCHEN, const.CONF_SCOPE_ENTITIES: ["input_text.kitchen_note"]}
    )
    parameters = [{"name": "which", "type": "text", "required": True}]
    assert await add_action_tool(hass, hub, "Note", actions, parameters=parameters) == "note"
    return hub


def _note(value: str) -> dict[str, Any]:
    """Return the step writing ``value`` into the Kitchen note (a helper in scope)."""
    return {
        "action": "input_text.set_value",
        "target": {"entity_id": "input_text.kitchen_note"},
        "data": {"value": value},
    }


@pytest.mark.attack
@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(
            [{"variables": {"code": "{{ states(which) }}"}}, _note("{{ code }}")],
            id="variables_step",
        ),
        pytest.param(
            [{"if": "{{ is_state(which, 'hunter2') }}", "then": [_note("yes")]}],
            id="condition",
        ),
        pytest.param(
            [
                {
                    "repeat": {
                        "for_each": "{{ which.split(',') }}",
                        "sequence": [_note("{{ states(repeat.item) }}")],
                    }
                }
            ],
            id="for_each_item",
        ),
        pytest.param(
            [
                {
                    "repeat": {
                        "for_each": "{{ which.split(',') }}",
                        "sequence": [_note("{{ states('sensor.' ~ repeat.item) }}")],
                    }
                }
            ],
            id="for_each_item_as_it_runs",
        ),
        pytest.param(
            [
                {
                    "repeat": {
                        "for_each": "{{ [states(which)] }}",
                        "sequence": [_note("{{ repeat.item }}")],
                    }
                }
            ],
            id="for_each_reads",
        ),
        pytest.param(
            [_note("{{ area_entities(which) | join(',') }}")],
            id="registry_ids",
        ),
    ],
)
async def test_action_tool_templates_do_not_read_through_the_arguments_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, actions: list[dict[str, Any]]
) -> None:
    """An action tool of the Kitchen hub reads through the model's ``which`` in a variables
    step, a condition (its truth is one bit of the code), a loop or a registry function; the
    model names the porch code or the porch (outside the Kitchen). Refused before the note is
    written: it stays unknown, and no answer carries the code or a porch entity."""
    hub = await _note_tool(hass, actions)
    which = "sensor.porch_code"
    if "area_entities" in str(actions):
        which = "porch"
    elif "'sensor.' ~" in str(actions):
        which = "porch_code"  # checked as the run renders it

    outcome, data = await call_hub(hass, hub, "note", {"which": which})

    state = hass.states.get("input_text.kitchen_note")
    assert state is not None
    assert state.state == "unknown", (outcome, data)
    assert outcome == "OutOfScope", data
    assert "hunter2" not in str(data), data
    assert "porch_light" not in str(data), data


@pytest.mark.attack
@pytest.mark.parametrize(
    "actions",
    [
        pytest.param([_note("{{ states(which) }}")], id="data"),
        pytest.param(
            [{"variables": {"state": "{{ states(which) }}"}}, _note("{{ state }}")],
            id="variables_step",
        ),
        pytest.param(
            [{"if": "{{ has_value(which) }}", "then": [_note("{{ states(which) }}")]}],
            id="condition",
        ),
        pytest.param(
            [
                {
                    "repeat": {
                        "for_each": "{{ which.split(',') }}",
                        "sequence": [_note("{{ states(repeat.item) }}")],
                    }
                }
            ],
            id="for_each_item",
        ),
    ],
)
async def test_action_tool_templates_read_an_entity_in_scope(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, actions: list[dict[str, Any]]
) -> None:
    """The same tools, given the kitchen light (in the Kitchen, exposed): they run and the note
    holds its state."""
    hub = await _note_tool(hass, actions)
    hass.states.async_set("light.kitchen_light", "on")

    outcome, data = await call_hub(hass, hub, "note", {"which": "light.kitchen_light"})

    state = hass.states.get("input_text.kitchen_note")
    assert state is not None
    assert (outcome, state.state) == ("ran", "on"), data


@pytest.mark.attack
async def test_action_tool_render_error_through_the_arguments(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """A template reading through ``which`` fails as the run renders it (the kitchen light's
    state is no number): checked, then the run fails in Home Assistant's words; the note is
    not written."""
    hub = await _note_tool(hass, [_note("{{ states(which) | int }}")])

    outcome, data = await call_hub(hass, hub, "note", {"which": "light.kitchen_light"})

    state = hass.states.get("input_text.kitchen_note")
    assert state is not None
    assert state.state == "unknown", (outcome, data)
    assert outcome != "ran", data


@pytest.mark.attack
async def test_action_tool_wait_through_the_arguments(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """A wait whose template reads through ``which``: on the porch code it is refused when it
    starts; on the kitchen light it runs, is checked as it starts and, since its renders on a
    change happen outside the call (they cannot be checked), ends by its timeout."""
    wait = {"wait_template": "{{ is_state(which, 'on') }}", "timeout": 0.2}
    hub = await _note_tool(hass, [wait, _note("{{ wait.completed }}")])

    outcome, data = await call_hub(hass, hub, "note", {"which": "sensor.porch_code"})
    assert outcome != "ran", data
    assert "hunter2" not in str(data), data

    hass.states.async_set("light.kitchen_light", "off")
    call = hass.async_create_task(
        call_hub(hass, hub, "note", {"which": "light.kitchen_light"}, settle=False)
    )
    await asyncio.sleep(0.05)
    hass.states.async_set("light.kitchen_light", "on")
    outcome, data = await call

    state = hass.states.get("input_text.kitchen_note")
    assert state is not None
    assert (outcome, state.state) == ("ran", "False"), data


@pytest.mark.attack
async def test_script_waiting_for_a_trigger_does_not_answer_a_state_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """ "Kitchen wait" (a Kitchen script) waits for the porch code (outside the Kitchen) to
    change and answers with ``wait``, which holds the trigger and its new state. Through the
    Kitchen hub it must be left out or refused, and no answer carry the new code."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    if not is_listed(instance, "kitchen_wait"):
        return

    call = hass.async_create_task(call_hub(hass, hub, "kitchen_wait", {}, settle=False))
    await asyncio.sleep(0.1)
    hass.states.async_set("sensor.porch_code", "hunter3")
    outcome, data = await call

    assert "hunter3" not in str(data), outcome
    assert outcome != "ran", data


@pytest.mark.attack
async def test_intent_script_with_plain_speech_in_scope_runs(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry
) -> None:
    """The check of the speech test above: an intent script that lights the kitchen and says
    "Done" is listed by the Kitchen hub and runs."""
    intent_scripts = {
        "KitchenOn": {
            "description": "Lights the kitchen.",
            "action": [{"action": "light.turn_on", "target": {"entity_id": "light.kitchen_light"}}],
            "speech": {"text": "Done"},
        }
    }
    assert await async_setup_component(hass, "intent_script", {"intent_script": intent_scripts})
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await call_hub(hass, hub, "KitchenOn", {})

    assert outcome == "ran", data
    assert is_on(hass, "kitchen")


@pytest.mark.attack
@pytest.mark.parametrize(
    "args",
    [
        pytest.param({"floor": "Ground", "device_class": ["garage"]}, id="floor_device_class"),
        pytest.param({"area": "Garage", "domain": ["cover"]}, id="area_domain"),
        pytest.param({"floor": "ground", "area": "garage"}, id="ids_for_names"),
        pytest.param({"name": "all", "device_class": ["garage"]}, id="all_device_class"),
    ],
)
async def test_intent_by_floor_area_and_device_class_asks_for_garage(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, args: dict[str, Any]
) -> None:
    """With device class garage in "Always ask", the model opens covers by floor and device
    class, area and domain, the floor's and area's ids, or "all" of a device class: it waits,
    the garage stays closed."""
    fr.async_get(hass).async_create("Ground")
    ar.async_get(hass).async_update("garage", floor_id="ground")
    async_expose_entity(hass, "conversation", "cover.garage_door", should_expose=True)
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DEVICE_CLASSES: ["garage"]})

    outcome, data = await call_hub(hass, hub, "HassTurnOn", args)

    assert not is_on(hass, "garage"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
@pytest.mark.parametrize(
    ("tool", "args"),
    [
        pytest.param("HassTurnOn", {"name": "Kitchen relay"}, id="intent"),
        pytest.param("relay", {}, id="action_tool"),
    ],
)
async def test_refusal_of_what_cannot_be_followed_names_nothing_outside(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, tool: str, args: dict[str, Any]
) -> None:
    """ "Kitchen relay" (a Kitchen script) runs "Porch secret" (a Porch script, not exposed,
    whose target a template picks). The model turns the relay on through the Kitchen hub, or
    runs an action tool that runs it: refused, without naming the Porch script the model
    never named, and the porch light off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    await add_action_tool(hass, hub, "Relay", [{"action": "script.kitchen_relay"}])

    outcome, data = await call_hub(hass, hub, tool, args)

    assert not is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data
    assert "porch_secret" not in str(data).lower(), data
    assert "porch secret" not in str(data).lower(), data


@pytest.mark.attack
@pytest.mark.parametrize(
    "intent_type", ["HassNevermind", "HassCancelAllTimers", "HassGetCurrentTime"]
)
@pytest.mark.parametrize("asks", [False, True], ids=["kitchen_scope", "asks_for_lights"])
async def test_intent_script_under_a_no_entity_intent_name_is_followed(
    hass: HomeAssistant, grouped_home: dr.DeviceEntry, intent_type: str, asks: bool
) -> None:
    """An ``intent_script`` intent takes the name of a built-in intent that acts on no entity
    (``HassNevermind``, ``HassCancelAllTimers``, ``HassGetCurrentTime``), replacing its
    handler; its action turns on the porch light. Through the Kitchen hub it must be left out
    or refused; through a hub that always asks before lights it must ask. The porch light
    stays off either way."""
    intent_scripts = {
        intent_type: {
            "description": "Never mind.",
            "action": [{"action": "light.turn_on", "target": {"entity_id": "light.porch_light"}}],
            "speech": {"text": "Done"},
        }
    }
    assert await async_setup_component(hass, "intent_script", {"intent_script": intent_scripts})
    options = KITCHEN if not asks else {**ASSIST, const.CONF_ASK_DOMAINS: ["light"]}
    hub = await async_add_hub(hass, "Hub", options)
    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert is_listed(instance, intent_type) or not asks

    if is_listed(instance, intent_type):
        await assert_stays_off(hass, hub, intent_type, {}, "porch", asks=asks)


@pytest.mark.attack
@pytest.mark.parametrize(
    ("tool", "arguments", "asks"),
    [
        ("HassStartTimer", {"minutes": 5, "conversation_command": "unlock the front door"}, True),
        ("HassCancelTimer", {"name": "front door"}, False),
        ("HassCancelAllTimers", {"area": "Porch"}, False),
    ],
    ids=["start_with_command", "cancel_by_name", "cancel_all_in_area"],
)
async def test_timers_under_an_ask_set_ask_only_for_a_command(
    hass: HomeAssistant,
    grouped_home: dr.DeviceEntry,
    tool: str,
    arguments: dict[str, Any],
    asks: bool,
) -> None:
    """A hub always asks before locks. A timer whose command will unlock the front door must
    ask; cancelling timers by a lock's name, or all timers of the lock's area, touches no
    entity and does not ask (nor fails for it)."""
    context = timer_satellite(hass, "kitchen")
    hub = await async_add_hub(hass, "Home", {**ASSIST, const.CONF_ASK_DOMAINS: ["lock"]})

    outcome, data = await call_hub(hass, hub, tool, arguments, context)

    assert (outcome == "asks") is asks, (outcome, data)
