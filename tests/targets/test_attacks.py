"""Attacks on what a call acts on (issue 34), written as a user or an attacker reaches them.

Real integrations run in each test's Home Assistant: ``template`` lights, a garage door, locks
and a button whose state lives in ``input_boolean`` helpers, ``group`` platforms and an
old-style group, ``script``, ``automation``, ``intent_script``, the timers of ``intent`` and
to-do lists of a test integration. Hubs have real options and are called through the API
instance that Home Assistant's llm helper returns. A strict xfail is a hole open today: it
turns into a failure once the hole is closed, and its marker goes then.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_fire_time_changed,
)

from custom_components.llm_hub.const import (
    CONF_ASK_DEVICE_CLASSES,
    CONF_ASK_DOMAINS,
    CONF_ASK_ENTITIES,
    CONF_SCOPE_AREAS,
)
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.intent.timers import async_register_timer_handler
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    llm,
)
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from ..common import async_add_hub, hub_id, llm_context
from ..tool_flows import async_add_tool

BOOLEANS = ("kitchen", "porch", "pantry", "garage", "front_door", "back_door")
"""The helpers that hold the home's state: lights on, the garage open, doors unlocked."""
ASSIST = {CONF_LLM_HASS_API: ["assist"]}
KITCHEN = {**ASSIST, CONF_SCOPE_AREAS: ["kitchen"]}
"""A hub scoped to the Kitchen."""
PORCH = {**ASSIST, CONF_SCOPE_AREAS: ["porch"]}
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
}


def _switch(boolean: str, on: bool) -> list[dict[str, Any]]:
    """Return the actions of a template entity that turn ``boolean`` on or off."""
    action = "input_boolean.turn_on" if on else "input_boolean.turn_off"
    return [{"action": action, "target": {"entity_id": f"input_boolean.{boolean}"}}]


def _light(name: str, boolean: str) -> dict[str, Any]:
    return {
        "name": name,
        "unique_id": boolean,
        "state": f"{{{{ is_state('input_boolean.{boolean}', 'on') }}}}",
        "turn_on": _switch(boolean, on=True),
        "turn_off": _switch(boolean, on=False),
    }


def _lock(name: str, boolean: str) -> dict[str, Any]:
    return {
        "name": name,
        "unique_id": boolean,
        "state": f"{{{{ 'unlocked' if is_state('input_boolean.{boolean}', 'on') else 'locked' }}}}",
        "lock": _switch(boolean, on=False),
        "unlock": _switch(boolean, on=True),
    }


def _group(name: str, unique_id: str, members: list[str]) -> dict[str, Any]:
    return {"platform": "group", "name": name, "unique_id": unique_id, "entities": members}


TEMPLATES: list[dict[str, Any]] = [
    {
        "light": [
            _light("Kitchen light", "kitchen"),
            _light("Porch light", "porch"),
            _light("Pantry light", "pantry"),
        ],
        "cover": [
            {
                "name": "Garage door",
                "unique_id": "garage",
                "device_class": "garage",
                "state": "{{ 'open' if is_state('input_boolean.garage', 'on') else 'closed' }}",
                "open_cover": _switch("garage", on=True),
                "close_cover": _switch("garage", on=False),
            }
        ],
        "lock": [_lock("Front door", "front_door"), _lock("Back door", "back_door")],
        "button": [
            {
                "name": "Kitchen button",
                "unique_id": "kitchen_button",
                "press": _switch("porch", on=True),
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
}


@pytest.fixture
async def home(hass: HomeAssistant) -> dr.DeviceEntry:
    """Set up the home: Kitchen, Porch and Garage with their lights, a garage door, two locks.

    Groups: ``light.kitchen_lamps`` (Kitchen) holds the kitchen and the porch light;
    ``light.nested_lamps`` (Kitchen) holds ``light.porch_lamps`` (Porch), which holds the
    porch light; ``cover.all_doors`` the garage door; ``lock.door_locks`` the front door
    (Porch); ``group.porch`` (old style) the porch light. The back door (Kitchen) is not
    exposed; the pantry light (Kitchen) is hidden and exposed. A device in the Porch holds
    the porch light and the front door. Return that device.
    """
    for component in ("homeassistant", "intent", "llm", "conversation"):
        assert await async_setup_component(hass, component, {})
    areas = ar.async_get(hass)
    for name in ("Kitchen", "Porch", "Garage"):
        areas.async_create(name)
    assert await async_setup_component(
        hass, "input_boolean", {"input_boolean": {name: {} for name in BOOLEANS}}
    )
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

    owner = MockConfigEntry(domain="test")
    owner.add_to_hass(hass)
    device = dr.async_get(hass).async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("test", "porch_box")}
    )
    dr.async_get(hass).async_update_device(device.id, area_id="porch")
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
    ):
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)
    async_expose_entity(hass, "conversation", "lock.back_door", should_expose=False)
    return device


def _is_on(hass: HomeAssistant, boolean: str) -> bool:
    return hass.states.is_state(f"input_boolean.{boolean}", "on")


def _named(instance: llm.APIInstance, tool: str) -> llm.Tool:
    """Return the listed tool ``tool`` (2026.10 prefixes Assist's intents with ``intent__``)."""
    return next(item for item in instance.tools if tool in (item.name, item.name.split("__")[-1]))


def _lists(instance: llm.APIInstance, tool: str) -> bool:
    return any(tool in (item.name, item.name.split("__")[-1]) for item in instance.tools)


async def _call(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    tool: str,
    args: dict[str, Any],
    context: llm.LLMContext | None = None,
) -> tuple[str, Any]:
    """Call ``tool`` of ``hub`` as a model would; return how it ended and the answer.

    How it ended: ``ran``, ``asks`` (waits for approval), or the error's type (an error
    result's ``error``, or the exception an intent raises to the agent).
    """
    instance = await llm.async_get_api(hass, hub_id(hub), context or llm_context())
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


# --- 1. Groups -----------------------------------------------------------------------------


@pytest.mark.attack
async def test_light_group_in_scope_does_not_reach_member_outside_by_name(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """The model turns on "Kitchen lamps", a group placed in the Kitchen that holds the porch
    light, through the Kitchen hub: the porch light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Kitchen lamps"})

    assert not _is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
async def test_area_call_matching_light_group_does_not_reach_member_outside(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """The model turns on the lights of the Kitchen, which match the group "Kitchen lamps"
    holding the porch light: the kitchen light goes on, the porch light stays off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"area": "Kitchen", "domain": ["light"]})

    assert _is_on(hass, "kitchen"), (outcome, data)
    assert not _is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
async def test_group_of_groups_in_scope_does_not_reach_member_outside(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """The model turns on "Nested lamps" (Kitchen), a group holding the Porch's group of the
    porch light: the porch light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Nested lamps"})

    assert not _is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
async def test_cover_group_holding_garage_door_asks(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """With "ask before device class garage", the model opens "All doors", a cover group
    holding the garage door: the call must wait for approval and the garage stay closed."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_DEVICE_CLASSES: ["garage"]})

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "All doors"})

    assert not _is_on(hass, "garage"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_garage_door_itself_asks(hass: HomeAssistant, home: dr.DeviceEntry) -> None:
    """The same hub, the garage door named itself: it asks (the check of the test above)."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_DEVICE_CLASSES: ["garage"]})

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Garage door"})

    assert outcome == "asks", data
    assert not _is_on(hass, "garage")


@pytest.mark.attack
async def test_lock_group_holding_door_in_ask_set_asks(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """With the front door in "Always ask", the model unlocks "Door locks", a lock group that
    holds it: the call must wait for approval and the door stay locked."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_ENTITIES: ["lock.front_door"]})

    outcome, data = await _call(hass, hub, "HassTurnOff", {"name": "Door locks"})

    assert not _is_on(hass, "front_door"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
@pytest.mark.parametrize(
    "asked",
    [
        pytest.param("group.porch", id="the_group"),
        pytest.param("light.porch_light", id="its_member"),
    ],
)
async def test_script_turning_on_old_style_group_asks(
    hass: HomeAssistant, home: dr.DeviceEntry, asked: str
) -> None:
    """A script turns on ``group.porch`` with ``homeassistant.turn_on``; with the group, or the
    light it holds, in "Always ask", the script's tool must wait for approval."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_ENTITIES: [asked]})

    outcome, data = await _call(hass, hub, "porch_group_on", {})

    assert not _is_on(hass, "porch"), (outcome, data)
    assert outcome == "asks", data


@pytest.mark.attack
async def test_action_tool_on_group_with_member_outside_scope_is_refused(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """An action tool of the Kitchen hub turns on "Kitchen lamps" (in the Kitchen, holding
    the porch light): it must be refused and the porch light stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    name = await _action_tool(
        hass,
        hub,
        "Lamps on",
        [{"action": "light.turn_on", "target": {"entity_id": "light.kitchen_lamps"}}],
    )

    outcome, data = await _call(hass, hub, name, {})

    assert not _is_on(hass, "porch"), (outcome, data)
    assert outcome == "OutOfScope", data


@pytest.mark.attack
async def test_turn_on_of_a_group_by_homeassistant_asks_by_its_members_domain(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """With lights in "Always ask", an action tool turns on ``group.porch`` (a group of a
    light) with ``homeassistant.turn_on``: it must ask, and the porch light stay off."""
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_DOMAINS: ["light"]})
    name = await _action_tool(
        hass,
        hub,
        "All on",
        [{"action": "homeassistant.turn_on", "target": {"entity_id": "group.porch"}}],
    )

    outcome, data = await _call(hass, hub, name, {})

    assert not _is_on(hass, "porch"), (outcome, data)
    assert outcome == "asks", data


# --- 2. Intents the hub does not narrow ---------------------------------------------------------


@pytest.mark.attack
async def test_intent_script_acting_outside_scope_is_left_out_or_refused(
    hass: HomeAssistant, home: dr.DeviceEntry
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
    if not _lists(instance, "PorchOn"):
        return

    outcome, data = await _call(hass, hub, "PorchOn", {})

    assert not _is_on(hass, "porch"), (outcome, data)
    assert outcome != "ran", data


async def _timer_device(hass: HomeAssistant) -> llm.LLMContext:
    """Register a satellite in the Kitchen that handles timers; return its requests' context."""
    owner = MockConfigEntry(domain="test")
    owner.add_to_hass(hass)
    device = dr.async_get(hass).async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("test", "satellite")}, name="Satellite"
    )
    dr.async_get(hass).async_update_device(device.id, area_id="kitchen")
    async_register_timer_handler(hass, device.id, lambda *_: None)
    return llm.LLMContext(
        platform="test",
        context=Context(),
        language="en",
        assistant="conversation",
        device_id=device.id,
    )


@pytest.mark.attack
async def test_timer_command_does_not_act_outside_scope(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """Through the Kitchen hub the model starts a timer whose command turns on the porch
    light: it must be refused or left out, or its command must not reach the porch light."""
    context = await _timer_device(hass)
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    instance = await llm.async_get_api(hass, hub_id(hub), context)
    if not _lists(instance, "HassStartTimer"):
        return
    command = {"seconds": 1, "conversation_command": "turn on the porch light"}

    outcome, data = await _call(hass, hub, "HassStartTimer", command, context)
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=5))
    await hass.async_block_till_done(wait_background_tasks=True)  # the command runs in one

    assert not _is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
async def test_timer_without_command_does_not_ask_for_locks(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """A hub asks before locks; a plain timer touches no lock, so it must start at once."""
    context = await _timer_device(hass)
    hub = await async_add_hub(hass, "Home", {**ASSIST, CONF_ASK_DOMAINS: ["lock"]})

    outcome, data = await _call(hass, hub, "HassStartTimer", {"minutes": 5}, context)

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
    hass: HomeAssistant, home: dr.DeviceEntry, assistant: str | None
) -> None:
    """A custom agent with no assistant turns on the porch light through the Kitchen hub:
    the porch light must stay off."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    context = _no_assistant(assistant)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Porch light"}, context)

    assert not _is_on(hass, "porch"), (outcome, data)


@pytest.mark.attack
@NO_ASSISTANT
async def test_context_without_assistant_does_not_reach_unexposed(
    hass: HomeAssistant, home: dr.DeviceEntry, assistant: str | None
) -> None:
    """A custom agent with no assistant unlocks the back door (in the Kitchen, not exposed to
    Assist) through the Kitchen hub: the door must stay locked."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    context = _no_assistant(assistant)

    outcome, data = await _call(hass, hub, "HassTurnOff", {"name": "Back door"}, context)

    assert not _is_on(hass, "back_door"), (outcome, data)


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
    home: dr.DeviceEntry,
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
    step = {"device_id": home.id, "domain": domain, "entity_id": entry.id, "type": kind}
    name = await _action_tool(hass, hub, "Porch box", [step])

    outcome, data = await _call(hass, hub, name, {})

    assert not _is_on(hass, boolean), (outcome, data)
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
    home: dr.DeviceEntry,
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

    outcome, data = await _call(hass, hub, "peek", args)

    assert outcome != "ran", data
    assert "hunter2" not in str(data)


@pytest.mark.attack
async def test_refusal_names_only_what_the_model_named(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """The model runs "Kitchen party" (a Kitchen script that lights the porch) through the
    Kitchen hub: it is refused, and the refusal must not name the porch light."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    listed = {tool.name for tool in instance.tools}
    reason = next(
        item.hidden
        for item in instance.candidates  # type: ignore[attr-defined]
        if item.wanted_name.endswith("kitchen_party")
    )

    assert "kitchen_party" not in listed
    assert reason is not None
    assert "porch" not in reason.lower()
    assert not _is_on(hass, "porch")


@pytest.mark.attack
async def test_refusal_of_entity_outside_scope_says_so(
    hass: HomeAssistant, home: dr.DeviceEntry
) -> None:
    """The model turns on the porch light (exposed, outside the Kitchen) through the Kitchen
    hub: the refusal must say it is outside the scope, not that it is not exposed."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)

    outcome, data = await _call(hass, hub, "HassTurnOn", {"name": "Porch light"})

    assert not _is_on(hass, "porch")
    assert outcome != "ran", data
    assert "scope" in str(data)
