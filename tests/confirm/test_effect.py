"""Confirm by effect: a hub asks before a call acts on what "Always ask before acting on" names.

Through real hubs and real calls, without a conversation (an approval is what asking looks
like there): Assist's intent tools by their resolved targets, scripts by what their actions
reference (in a ``choose``, a nested script, a template), tools made in the UI likewise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final
from unittest.mock import patch

import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockModule,
    MockPlatform,
    mock_integration,
    mock_platform,
)

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.tool import HubTool, unwrap
from custom_components.llm_hub.compose import builder
from custom_components.llm_hub.compose.policy import (
    ASK_INNER,
    ASK_INTENT,
    ASK_NAMED,
    ASK_SCRIPT,
    ASK_UNKNOWN,
)
from custom_components.llm_hub.panel.inspector import describe_instance
from custom_components.llm_hub.targets.intents import NO_ENTITY, handler_of, plain_handler
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.todo.const import TodoListEntityFeature
from homeassistant.components.todo.entity import TodoItem, TodoListEntity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import intent, llm
from homeassistant.setup import async_setup_component

from ..helpers import hubs
from ..helpers.flows import async_add_tool

LOCKS = {const.CONF_ASK_DOMAINS: ["lock"]}


async def _instance(hass: HomeAssistant, entry: MockConfigEntry) -> llm.APIInstance:
    return await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())


def _named(instance: llm.APIInstance, tool: str) -> llm.Tool:
    """Return the listed tool ``tool`` (Home Assistant 2026.10 prefixes Assist's tools)."""
    return next(item for item in instance.tools if tool in (item.name, item.name.split("__")[-1]))


async def _call(hass: HomeAssistant, entry: MockConfigEntry, tool: str, **args: Any) -> str:
    """Call a tool through the hub without a conversation; return how it ended."""
    instance = await _instance(hass, entry)
    result = await instance.async_call_tool(llm.ToolInput(_named(instance, tool).name, args))
    assert isinstance(result, llm.ToolResult)
    if result.data.get("status") == "approval_required":  # waits: nothing ran, no error
        return "ApprovalRequired"
    return str(result.data.get("error", "ran")) if result.error else "ran"


async def _settled(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> tuple[int, list[ServiceCall]]:
    """Wait for what the calls started; return how many lights were turned on, and the unlocks."""
    await hass.async_block_till_done()
    return len(effect_home["light.turn_on"]), effect_home["lock.unlock"]


@pytest.mark.parametrize(
    ("script", "outcome"),
    [
        ("unlock_in_choose", "ApprovalRequired"),
        ("nested", "ApprovalRequired"),
        ("nested_by_target", "ApprovalRequired"),
        ("templated_action", "ApprovalRequired"),
        ("templated_target", "ApprovalRequired"),
        ("chat", "ApprovalRequired"),
        ("whole_target", "ApprovalRequired"),
        ("scene_apply", "ApprovalRequired"),
        ("scene_templated", "ApprovalRequired"),
        ("missing", "ApprovalRequired"),
        ("lights_on", "ran"),
        ("loop", "ran"),
    ],
)
async def test_scripts_ask_by_what_they_act_on(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]], script: str, outcome: str
) -> None:
    """With locks in the set, a script that may unlock asks, wherever the unlock hides; one
    that turns on a light runs at once, even with "Confirm destructive tools" on."""
    entry = await hubs.async_add_hub(
        hass, "Hub", {CONF_LLM_HASS_API: ["assist"], const.CONF_CONFIRM_DESTRUCTIVE: True, **LOCKS}
    )

    assert await _call(hass, entry, script) == outcome
    assert await _call(hass, entry, script) == outcome  # what a script calls is kept
    await hass.async_block_till_done()
    assert effect_home["lock.unlock"] == []
    if script == "lights_on":
        assert [call.data for call in effect_home["light.turn_on"]] == 2 * [
            {"entity_id": ["light.hall"], "brightness": 20}
        ]


@pytest.mark.parametrize(
    ("options", "outcome"),
    [
        ({const.CONF_ASK_AREAS: ["hall"]}, "ApprovalRequired"),
        ({const.CONF_ASK_ENTITIES: ["light.lamp"]}, "ApprovalRequired"),
        ({const.CONF_ASK_DOMAINS: ["cover"]}, "ran"),
    ],
)
async def test_a_script_acting_on_an_area(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    options: dict[str, Any],
    outcome: str,
) -> None:
    """A target by area acts on the area and on every entity in it."""
    entry = await hubs.async_add_hub(hass, "Hub", {CONF_LLM_HASS_API: ["assist"], **options})

    assert await _call(hass, entry, "in_the_hall") == outcome


async def test_intent_calls_ask_by_their_resolved_targets(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """Turn on of a light runs without asking when only locks are in the set, though core
    marks it destructive; Turn off of "Front door" resolves to the lock, and asks."""
    entry = await hubs.async_add_hub(
        hass, "Hub", {CONF_LLM_HASS_API: ["assist"], const.CONF_CONFIRM_DESTRUCTIVE: True, **LOCKS}
    )
    instance = await _instance(hass, entry)
    assert unwrap(_named(instance, "HassTurnOn")).annotations.destructive

    assert await _call(hass, entry, "HassTurnOn", name="Hall light") == "ran"
    assert await _call(hass, entry, "HassTurnOff", name="Front door") == "ApprovalRequired"
    assert await _call(hass, entry, "HassTurnOff", domain=["lock"]) == "ApprovalRequired"
    # Matching nothing acts on nothing (the intent fails the same way); slots it refuses ask.
    assert await _call(hass, entry, "HassTurnOn", name="Nothing") != "ApprovalRequired"
    assert await _call(hass, entry, "HassTurnOn", area="Nowhere") != "ApprovalRequired"
    assert await _call(hass, entry, "HassTurnOn", domain=["nothing"]) != "ApprovalRequired"
    await hass.async_block_till_done()
    assert [call.data for call in effect_home["light.turn_on"]] == [{"entity_id": ["light.hall"]}]
    assert effect_home["lock.unlock"] == []


async def test_an_asked_intent_call_runs_on_what_its_ask_matched(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """Under an ask set, deciding whether Turn on of "Hall light" asks matches its targets;
    the call then runs on that match: Home Assistant matches once per call, not twice, and
    the light the decision saw is the one turned on."""
    entry = await hubs.async_add_hub(hass, "Hub", {CONF_LLM_HASS_API: ["assist"], **LOCKS})
    instance = await _instance(hass, entry)
    name = _named(instance, "HassTurnOn").name
    matched: list[intent.MatchTargetsConstraints] = []
    match_targets = intent.async_match_targets

    def counted(*args: Any, **kwargs: Any) -> intent.MatchTargetsResult:
        matched.append(args[1])
        return match_targets(*args, **kwargs)

    with patch.object(intent, "async_match_targets", counted):
        result = await instance.async_call_tool(llm.ToolInput(name, {"name": "Hall light"}))
        again = await instance.async_call_tool(llm.ToolInput(name, {"name": "Hall light"}))

    assert not result.error
    assert not again.error
    assert [constraints.name for constraints in matched] == ["Hall light", "Hall light"]
    await hass.async_block_till_done()
    assert [call.data for call in effect_home["light.turn_on"]] == 2 * [
        {"entity_id": ["light.hall"]}
    ]


@pytest.mark.parametrize(
    ("options", "target", "outcome"),
    [
        ({const.CONF_ASK_DEVICE_CLASSES: ["door"]}, {"name": "Front door"}, "ApprovalRequired"),
        ({const.CONF_ASK_DEVICE_CLASSES: ["door"]}, {"name": "Hall light"}, "ran"),
        ({const.CONF_ASK_AREAS: ["hall"]}, {"name": "Hall lamp"}, "ApprovalRequired"),
        ({const.CONF_ASK_AREAS: ["hall"]}, {"area": "Hall"}, "ApprovalRequired"),
        ({const.CONF_ASK_AREAS: ["hall"]}, {"name": "Hall light"}, "ran"),
        ({const.CONF_ASK_ENTITIES: ["light.hall"]}, {"name": "Hall light"}, "ApprovalRequired"),
        (
            {const.CONF_ASK_DEVICE_CLASSES: ["outlet"]},
            {"name": "switch.garage_door"},
            "ApprovalRequired",
        ),
        ({const.CONF_ASK_AREAS: ["garage"]}, {"name": "switch.garage_door"}, "ApprovalRequired"),
        ({const.CONF_ASK_AREAS: ["garage"]}, {}, "IntentHandleError"),  # targets nothing
    ],
)
async def test_intent_calls_by_device_class_area_and_entity(
    hass: HomeAssistant,
    effect_home: dict[str, list[ServiceCall]],
    options: dict[str, Any],
    target: dict[str, Any],
    outcome: str,
) -> None:
    """Each part of the set: device classes, areas (of the entity or its device), entities."""
    entry = await hubs.async_add_hub(hass, "Hub", {CONF_LLM_HASS_API: ["assist"], **options})

    assert await _call(hass, entry, "HassTurnOn", **target) == outcome


async def test_a_wrong_typed_effect_option_asks_on_every_acting_call(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """ "Always ask" stored with the wrong type asks before every call that may act (a light
    too); read-only tools still run."""
    entry = await hubs.async_add_hub(
        hass, "Hub", {CONF_LLM_HASS_API: ["assist"], const.CONF_ASK_AREAS: 3}
    )

    assert await _call(hass, entry, "HassTurnOn", name="Hall light") == "ApprovalRequired"
    assert await _call(hass, entry, "lights_on") == "ApprovalRequired"
    assert await _call(hass, entry, "GetLiveContext") == "ran"
    assert effect_home["light.turn_on"] == []


@pytest.mark.parametrize("effects_in", ["inner", "outer"])
async def test_through_a_selected_hub(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]], effects_in: str
) -> None:
    """Whichever hub has the set, a call through both asks once, only when it acts on it."""
    inner = await hubs.async_add_hub(
        hass, "Inner", {CONF_LLM_HASS_API: ["assist"], **(LOCKS if effects_in == "inner" else {})}
    )
    outer = await hubs.async_add_hub(
        hass,
        "Outer",
        {CONF_LLM_HASS_API: [hubs.hub_id(inner)], **(LOCKS if effects_in == "outer" else {})},
    )

    assert await _call(hass, outer, "HassTurnOn", name="Hall light") == "ran"
    assert await _call(hass, outer, "HassTurnOff", name="Front door") == "ApprovalRequired"
    assert await _call(hass, outer, "unlock_in_choose") == "ApprovalRequired"
    # The outer hub does not check arguments (the inner does): slots the intent refuses ask.
    assert await _call(hass, outer, "HassTurnOn", name=["Hall light"]) == "ApprovalRequired"
    assert await _settled(hass, effect_home) == (1, [])


async def test_the_inspector_says_why_each_tool_asks(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """The inspector gives each tool the reason it may ask, or None."""
    entry = await hubs.async_add_hub(hass, "Hub", {CONF_LLM_HASS_API: ["assist"]})
    instance = await _instance(hass, entry)
    turn_on, turn_off = (_named(instance, name).name for name in ("HassTurnOn", "HassTurnOff"))
    inner = await hubs.async_add_hub(
        hass, "Inner", {CONF_LLM_HASS_API: ["assist"], const.CONF_CONFIRM_TOOLS: [turn_on]}
    )
    await hubs.async_set_options(
        hass,
        entry,
        "safety",
        {
            const.CONF_READ_ONLY: False,
            const.CONF_NO_DESTRUCTIVE: False,
            const.CONF_NO_OPEN_WORLD: False,
            const.CONF_CONFIRM_DESTRUCTIVE: True,
            const.CONF_CONFIRM_TOOLS: [turn_off],
            const.CONF_ASK_DOMAINS: ["lock", "alarm_control_panel"],
            const.CONF_ASK_DEVICE_CLASSES: ["garage"],
            const.CONF_ASK_AREAS: ["hall"],
            const.CONF_ASK_ENTITIES: ["lock.front_door"],
            "timeout": 60,
        },
    )
    assert entry.options[const.CONF_ASK_DOMAINS] == ["lock", "alarm_control_panel"]
    outer = await hubs.async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hubs.hub_id(inner)]})

    reasons = {
        tool["name"].split("__")[-1]: tool["confirm_reason"]
        for tool in describe_instance(await _instance(hass, entry))["tools"]
    }
    through = {
        tool["name"].split("__")[-1]: tool["confirm_reason"]
        for tool in describe_instance(await _instance(hass, outer))["tools"]
    }

    assert reasons["HassTurnOn"] == ASK_INTENT
    assert reasons["HassTurnOff"] == ASK_NAMED.reason
    assert reasons["unlock_in_choose"] == ASK_SCRIPT
    assert reasons["GetLiveContext"] is None  # read-only
    assert through["HassTurnOn"] == ASK_INNER
    assert through["HassTurnOff"] is None
    assert ASK_UNKNOWN.reason.startswith("destructive")


async def test_the_safety_form_offers_what_exists(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """The domains and device classes to choose from are those of the entities there are."""
    entry = await hubs.async_add_hub(hass, "Hub", {const.CONF_ASK_DEVICE_CLASSES: ["garage"]})
    flow = await hass.config_entries.options.async_init(entry.entry_id)
    form = await hass.config_entries.options.async_configure(
        flow["flow_id"], {"next_step_id": "safety"}
    )
    schema = form["data_schema"]
    assert schema is not None
    fields = {str(key): value for key, value in schema.schema.items()}

    assert fields[const.CONF_ASK_DOMAINS].config["options"] == [
        "light",
        "lock",
        "script",
        "sensor",  # the hub's own pending approvals sensor
        "switch",
    ]
    assert fields[const.CONF_ASK_DEVICE_CLASSES].config["options"] == ["door", "garage"]
    assert fields[const.CONF_ASK_DOMAINS].config["custom_value"] is True


async def test_tools_made_in_the_ui_ask_by_what_they_act_on(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """An action tool that unlocks in an ``if`` asks; one that turns on a light runs; a
    script tool asks by its script."""
    entry = await hubs.async_add_hub(hass, "Hub", LOCKS)
    actions = {
        "Door": [{"if": [], "then": [{"action": "lock.unlock", "entity_id": "lock.front_door"}]}],
        "Light": [{"action": "light.turn_on", "target": {"entity_id": "light.hall"}}],
    }
    for title, steps in actions.items():
        await async_add_tool(
            hass, entry, "action", {"title": title, "description": title, "actions": steps}
        )
    await async_add_tool(hass, entry, "script", {"script": "script.nested"})
    await async_add_tool(hass, entry, "script", {"script": "script.lights_on"})

    assert await _call(hass, entry, "door") == "ApprovalRequired"
    assert await _call(hass, entry, "light") == "ran"
    assert await _call(hass, entry, "nested") == "ApprovalRequired"
    assert await _call(hass, entry, "lights_on") == "ran"
    await hass.async_block_till_done()
    assert effect_home["lock.unlock"] == []
    assert len(effect_home["light.turn_on"]) == 2


async def test_tools_whose_effect_the_hub_cannot_know(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """With a set, a tool whose effect the hub cannot know asks when destructive, without
    "Confirm destructive tools"; an intent whose handler picks its targets in ways the hub
    cannot follow always asks; a timer intent touches no entity and never asks."""
    smash = hubs.RecordingTool("smash")
    add = hubs.RecordingTool("add", annotations=llm.ToolAnnotations(destructive=False))
    llm.async_register_api(hass, hubs.FixedAPI(hass, "x", "X", [smash, add]))
    # An intent_script whose target a template picks: the hub cannot follow it.
    opaque = {
        "TestOpaque": {
            "description": "Does something the hub cannot follow",
            "action": [
                {"action": "lock.unlock", "target": {"entity_id": "{{ 'lock.front_door' }}"}}
            ],
        }
    }
    assert await async_setup_component(hass, "intent_script", {"intent_script": opaque})
    entry = await hubs.async_add_hub(hass, "Hub", {CONF_LLM_HASS_API: ["x", "assist"], **LOCKS})
    instance = await _instance(hass, entry)
    cancel = unwrap(_named(instance, "HassCancelAllTimers"))

    assert await _call(hass, entry, "smash") == "ApprovalRequired"
    assert await _call(hass, entry, "add") == "ran"
    assert cancel.annotations.destructive  # yet it touches no entity: it never asks
    assert await _call(hass, entry, "HassCancelAllTimers") == "ran"
    assert await _call(hass, entry, "TestOpaque") == "ApprovalRequired"
    assert [call.tool_name for call in add.calls] == ["add"]
    assert smash.calls == []
    assert effect_home["lock.unlock"] == []


async def test_a_builder_keeps_a_bounded_number_of_gates(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Gates kept between builds are dropped past the bound; calls ask all the same."""
    monkeypatch.setattr(builder, "_MAX_TOOL_GATES", 0)
    entry = await hubs.async_add_hub(hass, "Hub", {CONF_LLM_HASS_API: ["assist"], **LOCKS})

    for _ in range(2):
        assert await _call(hass, entry, "HassTurnOff", name="Front door") == "ApprovalRequired"
        assert await _call(hass, entry, "unlock_front") == "ApprovalRequired"


async def _scenes(hass: HomeAssistant) -> None:
    """Add two exposed scenes: "Evening" unlocks the front door, "Hall on" lights the hall."""
    scenes = [
        {"name": "Evening", "entities": {"lock.front_door": "unlocked"}},
        {"name": "Hall on", "entities": {"light.hall": "on"}},
    ]
    assert await async_setup_component(hass, "scene", {"scene": scenes})
    await hass.async_block_till_done()
    for scene in ("scene.evening", "scene.hall_on"):
        async_expose_entity(hass, "conversation", scene, should_expose=True)


async def test_turn_on_of_a_script_or_scene_asks_by_what_it_acts_on(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """Turn on of a script or scene asks as the script's own tool does: by what it acts on."""
    await _scenes(hass)
    entry = await hubs.async_add_hub(hass, "Hub", {CONF_LLM_HASS_API: ["assist"], **LOCKS})

    assert await _call(hass, entry, "HassTurnOn", name="lights_on") == "ran"
    assert await _call(hass, entry, "HassTurnOn", name="Hall on") == "ran"
    assert await _call(hass, entry, "HassTurnOn", name="nested") == "ApprovalRequired"
    assert await _call(hass, entry, "HassTurnOn", name="Evening") == "ApprovalRequired"
    assert await _settled(hass, effect_home) == (2, [])


async def test_turn_on_of_a_script_or_scene_in_a_scoped_hub(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """In a scoped hub, Turn on of a script or scene acting in scope runs; one acting outside
    is refused as the script's own tool is (``OutOfScope``, recorded as refused)."""
    await _scenes(hass)
    scope = ["light.hall", "script.lights_on", "script.unlock_front", "scene.evening"]
    entry = await hubs.async_add_hub(
        hass,
        "Hall",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: [*scope, "scene.hall_on"]},
    )
    instance = await _instance(hass, entry)
    tool = _named(instance, "HassTurnOn")
    assert isinstance(tool, HubTool)

    assert await _call(hass, entry, "HassTurnOn", name="lights_on") == "ran"
    assert await _call(hass, entry, "HassTurnOn", name="Hall on") == "ran"
    refused = await tool.async_run(
        hass, llm.ToolInput(tool.name, {"name": "unlock_front"}), instance.llm_context
    )
    assert await _call(hass, entry, "HassTurnOn", name="Evening") == "OutOfScope"
    await hass.async_block_till_done()

    assert refused.outcome == "refused"
    assert refused.result.data == {
        "error": "OutOfScope",
        "error_text": f"Tool {tool.name} did not run: the script unlock_front acts on "
        "entities outside the scope of this assistant. Tell the user it cannot do that here.",
    }
    assert len(effect_home["light.turn_on"]) == 2
    assert effect_home["lock.unlock"] == []


@pytest.mark.parametrize(
    ("scoped", "outcome"), [(True, "ApprovalRequired"), (False, "MatchFailedError")]
)
async def test_a_namesake_out_of_scope_asks_as_the_call_matches(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]], scoped: bool, outcome: str
) -> None:
    """A switch named "Front door" too: scoped to the lock, the call matches the lock and
    asks; without scope the name is ambiguous, the call matches nothing and fails unasked."""
    hass.states.async_set("switch.front_door", "off", {"friendly_name": "Front door"})
    async_expose_entity(hass, "conversation", "switch.front_door", should_expose=True)
    scope = {const.CONF_SCOPE_ENTITIES: ["lock.front_door"]} if scoped else {}
    entry = await hubs.async_add_hub(hass, "Hub", {CONF_LLM_HASS_API: ["assist"], **LOCKS, **scope})

    ended = await _call(hass, entry, "HassTurnOff", name="Front door")

    assert ended == outcome
    assert effect_home["lock.unlock"] == []


def _marked(instance: llm.APIInstance) -> set[str]:
    """Return the listed tools whose parameters declare the confirmation token."""
    return {
        tool.name.split("__")[-1]
        for tool in instance.tools
        if any(str(key) == const.TOKEN_ARGUMENT for key in tool.parameters.schema)
    }


async def test_only_tools_that_can_reach_the_ask_set_declare_the_token(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """With locks in "Always ask", a tool is marked when some call can reach a lock: turning
    on or off (any domain) and the scripts that unlock; setting a light, reading the time or
    a script on a light are not. The inspector says the same."""
    assert await async_setup_component(hass, "light", {})
    await async_setup_component(hass, "climate", {})
    entry = await hubs.async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"], **LOCKS})
    instance = await _instance(hass, entry)
    names = {tool.name.split("__")[-1] for tool in instance.tools}
    marked = _marked(instance)

    assert {"HassTurnOn", "HassTurnOff", "unlock_in_choose"} <= marked
    assert {"HassLightSet", "GetLiveContext", "GetDateTime", "lights_on"} <= names - marked
    described = {
        tool["name"].split("__")[-1]: tool["confirm"]
        for tool in describe_instance(instance)["tools"]
    }
    assert {name for name, confirm in described.items() if confirm} == marked


class _List(TodoListEntity):
    """A to-do list that keeps the items added to it."""

    _attr_should_poll = False
    _attr_supported_features = TodoListEntityFeature.CREATE_TODO_ITEM

    def __init__(self, name: str) -> None:
        self._attr_name = name
        self._attr_unique_id = name.lower()
        self._attr_todo_items = []

    async def async_create_todo_item(self, item: TodoItem) -> None:
        self._attr_todo_items = [*(self._attr_todo_items or []), item]
        self.async_write_ha_state()


OWN_WAY_HOME: Final = ("climate.hall", "humidifier.bedroom", "media_player.tv", "vacuum.robot")
"""Entities whose intents' handlers find their targets their own way."""


async def test_what_the_model_is_told_intents_that_find_targets_their_own_way(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """With only locks in "Always ask", each intent whose handler finds its targets its own
    way is marked (docs/confirmation.md, "What the model is told"): the to-do intents,
    thermostat, humidifier, media player and vacuum ones. A call is still decided by what it
    acts on: adding to a list the hub's match finds runs, to one it does not find asks."""

    async def async_setup_platform(
        hass: HomeAssistant, config: Any, add: Callable[..., None], info: Any
    ) -> None:
        add([_List("Groceries")])

    mock_integration(hass, MockModule("lists"))
    mock_platform(hass, "lists.todo", MockPlatform(async_setup_platform=async_setup_platform))
    assert await async_setup_component(hass, "todo", {"todo": [{"platform": "lists"}]})
    for domain in ("climate", "humidifier", "media_player", "vacuum"):
        assert await async_setup_component(hass, domain, {})
    await hass.async_block_till_done()
    for entity_id in OWN_WAY_HOME:
        hass.states.async_set(entity_id, "on")
    for entity_id in ("todo.groceries", *OWN_WAY_HOME):
        async_expose_entity(hass, "conversation", entity_id, should_expose=True)
    entry = await hubs.async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"], **LOCKS})
    instance = await _instance(hass, entry)
    intents = [tool for tool in map(unwrap, instance.tools) if isinstance(tool, llm.IntentTool)]
    own_way = {
        tool.intent_type
        for tool in intents
        if not plain_handler(handler_of(hass, tool.intent_type))
        and tool.intent_type not in NO_ENTITY
        and not tool.annotations.read_only
    }

    assert own_way == {
        "HassListAddItem",
        "HassListCompleteItem",
        "HassListRemoveItem",
        "HassClimateSetTemperature",
        "HassHumidifierSetpoint",
        "HassHumidifierMode",
        "HassSetVolumeRelative",
        "HassMediaPlayerMute",
        "HassMediaPlayerUnmute",
        "HassVacuumCleanArea",
    }
    assert own_way <= _marked(instance)
    add = {"item": "Eggs"}
    assert await _call(hass, entry, "HassListAddItem", name="Groceries", **add) == "ran"
    assert await _call(hass, entry, "HassListAddItem", name="Errands", **add) == (
        "ApprovalRequired"
    )
    assert hass.states.is_state("todo.groceries", "1")


async def test_a_tool_marked_by_what_is_exposed_asks_when_the_home_changes(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """With no lock exposed (nor a script that unlocks one), turning on is not marked; a lock
    exposed after the tools were listed still makes the same instance's call ask (the gate
    decides per call), and the next listing marks it."""
    for entity_id in ("lock.front_door", *hass.states.async_entity_ids("script")):
        async_expose_entity(hass, "conversation", entity_id, should_expose=False)
    entry = await hubs.async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"], **LOCKS})
    instance = await _instance(hass, entry)
    assert "HassTurnOn" not in _marked(instance)

    async_expose_entity(hass, "conversation", "lock.front_door", should_expose=True)
    turn_on = _named(instance, "HassTurnOn").name
    result = await instance.async_call_tool(llm.ToolInput(turn_on, {"name": "Front door"}))

    assert result.data.get("status") == "approval_required", result.data
    assert effect_home["lock.unlock"] == []
    assert "HassTurnOn" in _marked(await _instance(hass, entry))


async def test_a_scoped_hub_marks_by_what_its_scope_reaches(
    hass: HomeAssistant, effect_home: dict[str, list[ServiceCall]]
) -> None:
    """In a hub scoped to the hall light, turning on cannot reach the lock: not marked, also
    for a request that names no assistant; without the scope it is."""
    scoped = await hubs.async_add_hub(
        hass,
        "Hall",
        {CONF_LLM_HASS_API: ["assist"], **LOCKS, const.CONF_SCOPE_ENTITIES: ["light.hall"]},
    )
    whole = await hubs.async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"], **LOCKS})
    for assistant in ("conversation", ""):
        context = llm.LLMContext(
            platform="test", context=None, language="en", assistant=assistant, device_id=None
        )
        instance = await llm.async_get_api(hass, hubs.hub_id(scoped), context)
        assert "HassTurnOn" in {tool.name.split("__")[-1] for tool in instance.tools}
        assert "HassTurnOn" not in _marked(instance)
    assert "HassTurnOn" in _marked(await _instance(hass, whole))
