"""Attacks on tools made in the UI: what their actions, templates and script fields reach."""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.llm_hub.const import (
    CONF_SCOPE_ENTITIES,
    DOMAIN,
)
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.config_entries import ConfigSubentryData
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import (
    device_registry as dr,
    entity_registry as er,
    issue_registry as ir,
    label_registry as lr,
    llm,
)
from homeassistant.setup import async_setup_component

from ..helpers.attacks import (
    KITCHEN,
    KITCHEN_ONLY,
    NOT_THE_WALKMAN,
    _call_listed,
    _room_tool,
    _turned,
    call_hub,
)
from ..helpers.flows import async_add_tool, async_fill, async_start_tool_flow
from ..helpers.homes import (
    CODE_TEMPLATES,
    NOOP,
    VARIABLE,
    _attic,
    async_setup_assist,
    async_setup_kitchen_and_porch,
    async_setup_scenes,
    joined,
    place,
    repeat_for_room,
)
from ..helpers.hostile import hostile_tools
from ..helpers.hubs import async_add_hub, hub_id, llm_context

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

    ok = await _call_listed(hass, hub, "room_light", {"room": "kitchen"})
    await hass.async_block_till_done()
    assert not ok.error, ok.data
    assert calls, "the script did not run with a reachable light"
    calls.clear()

    refused = await _call_listed(hass, hub, "room_light", {"room": "attic"})
    await hass.async_block_till_done()

    assert calls == [], f"the script ran with the unexposed light: {calls}"
    assert refused.error
    assert "light.attic is not exposed" in str(refused.data)


contributed_tools = pytest.fixture(hostile_tools, name="contributed_tools")
"""The tools of ``hub_tools``: BREW, GRIND, NOTE, ECHO and FAIL (``hostile_tools``)."""


@pytest.mark.attack
@pytest.mark.parametrize(
    "actions",
    [
        pytest.param([{"action": "script.porch_on"}], id="script_by_action"),
        pytest.param(
            [{"action": "script.turn_on", "target": {"entity_id": "script.porch_on"}}],
            id="script_turn_on",
        ),
    ],
)
async def test_action_tool_reaches_out_of_scope_through_a_script(
    hass: HomeAssistant, lights_home: dict[str, Any], actions: list[dict[str, Any]]
) -> None:
    """HOLE: an action tool made in the UI that runs a script acting out of scope.

    The hub reaches light.kitchen and both scripts (script.porch_on named in the scope), so
    Assist's own script__porch_on is left out of the hub's tools (the script acts on
    light.porch, test_scope_tools.test_scripts_in_and_out_of_scope_over_mcp). The same script
    run through an action tool made in the UI is not followed: it runs and acts on light.porch.
    """
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: [*KITCHEN_ONLY, "script.porch_on"]},
    )
    await async_add_tool(
        hass,
        hub,
        "action",
        {"title": "Porch via script", "description": "Runs a script.", "actions": actions},
    )

    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    # Assist's script tool is left out: its script acts outside the scope (HELD).
    assert "script__porch_on" not in [tool.name for tool in instance.tools]
    result = await _call_listed(hass, hub, "porch_via_script", {})

    assert lights_home["seen"] == [], "light.porch was acted on through a scoped hub"
    assert result.error


@pytest.mark.attack
@pytest.mark.parametrize("key", ["floor_id", "label_id"])
async def test_action_tool_fixed_floor_or_label_target_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any], key: str
) -> None:
    """HOLE: a stored floor or label target out of scope is not refused (an area one is).

    ``ui_tools/tools.py`` checks only ``entity_id``, ``area_id`` and ``device_id`` targets;
    the floor "Outside" and the label "Outdoor" reach only light.porch, outside the scope.
    """
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )
    target = lights_home["floor"] if key == "floor_id" else lights_home["label"]
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Outside on",
            "description": "Turns the outside lights on.",
            "actions": [{"action": "homeassistant.turn_on", "target": {key: target}}],
        },
    )

    result = await _call_listed(hass, hub, "outside_on", {})

    turned = _turned(lights_home)
    assert turned == [], f"light.porch turned on out of scope: {turned}"
    assert result.error


@pytest.mark.attack
@pytest.mark.parametrize(
    "step",
    [
        pytest.param(
            {"action": "test.light_on", "target": "{{ {'entity_id': which} }}"}, id="target"
        ),
        pytest.param({"action": "test.light_on", "data": "{{ {'entity_id': which} }}"}, id="data"),
    ],
)
@pytest.mark.parametrize("scoped", [True, False])
async def test_action_tool_whole_templated_target_picked_by_the_model(
    hass: HomeAssistant, lights_home: dict[str, Any], step: dict[str, Any], scoped: bool
) -> None:
    """HOLE: a target (or data) that is one template over a text argument is not checked.

    ``_targets`` looks into ``target``/``data`` only when they are mappings, so the model's
    text reaches light.porch: out of scope (scoped hub) or not exposed to Assist (no scope).
    The same tool with ``entity_id: "{{ which }}"`` is refused (test_scope_tools).
    """
    options: dict[str, Any] = {CONF_LLM_HASS_API: ["assist"]}
    if scoped:
        options[CONF_SCOPE_ENTITIES] = KITCHEN_ONLY
    else:
        async_expose_entity(hass, "conversation", "light.porch", should_expose=False)
    hub = await async_add_hub(hass, "Kitchen", options)
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Pick light",
            "description": "Turns on a light.",
            "actions": [step],
            "parameters": [{"name": "which", "type": "text", "required": True}],
        },
    )

    result = await _call_listed(hass, hub, "pick_light", {"which": "light.porch"})

    assert lights_home["seen"] == [], f"the model reached light.porch: {lights_home['seen']}"
    assert result.error


@pytest.mark.attack
async def test_action_tool_area_argument_reaches_unexposed(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HOLE: a hub without scope; an action tool whose area parameter is the target. The
    model names the Porch, whose only light is not exposed to Assist: it is turned on.

    ``_check_targets`` checks an ``area_id`` a template leads to only for existing (and, in a
    scoped hub, for the scope), not for the exposure of the entities it expands to.
    """
    async_expose_entity(hass, "conversation", "light.porch", should_expose=False)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Room on",
            "description": "Turns on a room's lights.",
            "actions": [{"action": "homeassistant.turn_on", "target": {"area_id": "{{ room }}"}}],
            "parameters": [{"name": "room", "type": "area", "required": True}],
        },
    )

    result = await _call_listed(hass, hub, "room_on", {"room": "Porch"})

    turned = _turned(lights_home)
    assert turned == [], f"an unexposed light was turned on: {turned}"
    assert result.error


@pytest.mark.attack
async def test_template_tool_reads_out_of_scope_by_argument(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: a template tool's text argument that leads to an out-of-scope entity is refused,
    however the template reads it (states[], states(), state_attr, expand)."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Peek",
            "description": "A state.",
            "template": "{{ states.light[obj].state }} {{ states('light.' ~ obj) }} "
            "{{ state_attr('light.' ~ obj, 'friendly_name') }} "
            "{{ expand('light.' ~ obj) | map(attribute='state') | list }}",
            "parameters": [{"name": "obj", "type": "text", "required": True}],
        },
    )

    ok = await _call_listed(hass, hub, "peek", {"obj": "kitchen"})
    out = await _call_listed(hass, hub, "peek", {"obj": "porch"})

    assert not ok.error
    assert out.error
    assert "Porch" not in str(out.data)


@pytest.mark.attack
async def test_template_single_operation_translate_over_the_limit(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HOLE: ``str.translate`` is not checked: one operation makes 16,000 x 16,000 characters
    (256 M) although docs/ui-tools.md says no single operation may build over 16,384."""
    hub = await async_add_hub(hass, "Hub", {})
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Grow",
            "description": "Grows.",
            "template": "{% set s = 'x' * n %}{{ s.translate({120: s}) | length }}",
            "parameters": [{"name": "n", "type": "integer", "required": True}],
        },
    )

    result = await _call_listed(hass, hub, "grow", {"n": 16000})

    assert result.error, f"one operation built {result.data} characters"


@pytest.mark.attack
async def test_template_regex_blocks_the_event_loop(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HOLE: a backtracking regex over the model's text holds the GIL in one C call: the
    render thread cannot be stopped, Home Assistant's event loop stalls far beyond 3 s, and
    the answer says the render "was stopped"."""
    hub = await async_add_hub(hass, "Hub", {})
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Trim",
            "description": "Trims trailing spaces.",
            "template": "{{ text | regex_replace('(\\\\s+)+$', '') }}",
            "parameters": [{"name": "text", "type": "text", "required": True}],
        },
    )
    ticks: list[float] = []
    stop = asyncio.Event()

    async def heartbeat() -> None:
        while not stop.is_set():
            ticks.append(time.monotonic())
            await asyncio.sleep(0.05)

    beat = hass.async_create_background_task(heartbeat(), "heartbeat")
    started = time.monotonic()
    result = await _call_listed(hass, hub, "trim", {"text": "a" + " " * 25 + "b"})
    took = time.monotonic() - started
    stop.set()
    await beat
    gap = max((b - a for a, b in itertools.pairwise(ticks)), default=0.0)

    assert gap < 1.0, f"the event loop stalled {gap:.1f} s (call took {took:.1f} s): {result.data}"
    assert took < 4.0


@pytest.mark.attack
async def test_action_tool_scene_with_members_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """A scene in scope whose members are out of it is refused by an action tool; in, it runs."""
    hass.states.async_set("scene.outside", "unknown", {"entity_id": ["light.porch"]})
    hass.states.async_set("scene.inside", "unknown", {"entity_id": ["light.kitchen"]})
    activated = async_mock_service(hass, "scene", "turn_on")
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: ["assist"],
            CONF_SCOPE_ENTITIES: [*KITCHEN_ONLY, "scene.outside", "scene.inside"],
        },
    )
    for which in ("outside", "inside"):
        await async_add_tool(
            hass,
            hub,
            "action",
            {
                "title": f"Scene {which}",
                "description": "Sets a scene.",
                "actions": [{"action": "scene.turn_on", "target": {"entity_id": f"scene.{which}"}}],
            },
        )

    refused = await _call_listed(hass, hub, "scene_outside", {})
    ran = await _call_listed(hass, hub, "scene_inside", {})

    assert refused.error
    assert "outside the hub's scope" in str(refused.data)  # left out: it always acts there
    assert "light.porch" not in str(refused.data)  # not named by the model: not named back
    assert not ran.error
    assert [call.data["entity_id"] for call in activated] == [["scene.inside"]]


@pytest.mark.attack
@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(
            [*VARIABLE, {"action": "light.turn_on", "target": {"entity_id": "{{ target }}"}}],
            id="variables_step",
        ),
        pytest.param(repeat_for_room({"entity_id": "{{ repeat.item }}"}), id="repeat_for_each"),
    ],
)
async def test_action_tool_target_through_a_script_variable(
    hass: HomeAssistant, lights_home: dict[str, Any], actions: list[dict[str, Any]]
) -> None:
    """HOLE: the model's text reaches an unexposed light when it passes a variables step."""
    _attic(hass)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await _room_tool(hass, hub, actions)

    result = await _call_listed(hass, hub, "room_light", {"room": "attic"})

    turned = _turned(lights_home)
    assert turned == [], f"an unexposed light was turned on: {turned} ({result.data})"
    assert result.error


@pytest.mark.attack
async def test_action_tool_scene_apply_driven_entities(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HOLE: ``scene.apply`` with ``entities: {"light.{{ room }}": "on"}`` turns on an
    unexposed light (the hub's effect check knows scene.apply, the target check does not)."""
    _attic(hass)
    assert await async_setup_component(hass, "scene", {})
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Room scene",
            "description": "Sets a room's light.",
            "actions": [
                {"action": "scene.apply", "data": {"entities": {"light.{{ room }}": "on"}}}
            ],
            "parameters": [{"name": "room", "type": "text", "required": True}],
        },
    )

    result = await _call_listed(hass, hub, "room_scene", {"room": "attic"})

    turned = _turned(lights_home)
    assert turned == [], f"an unexposed light was turned on: {turned} ({result.data})"
    assert result.error


@pytest.mark.attack
@pytest.mark.parametrize("which", ["light.attic", "light.nowhere"])
async def test_script_tool_entity_field_unchecked(
    hass: HomeAssistant, script_home: list[Any], which: str
) -> None:
    """HOLE: issue 21 asks script fields with selectors to be checked as action targets."""
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass,
        hub,
        "script",
        {"script": "script.which_on", "title": "Which on", "description": "On."},
    )
    ok = await _call_listed(hass, hub, "which_on", {"which": "light.kitchen"})
    assert not ok.error
    script_home.clear()

    result = await _call_listed(hass, hub, "which_on", {"which": which})

    assert script_home == [], f"the script acted on {which}: {result.data}"
    assert result.error


@pytest.mark.attack
async def test_template_iterating_all_states_with_an_unexposed_entity_is_refused(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: a template tool with a parameter that iterates every state is refused while one
    of them is not exposed; nothing of the render is answered."""
    _attic(hass)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Find",
            "description": "Finds states.",
            "template": "{{ states | selectattr('name', 'search', q) "
            "| map(attribute='entity_id') | list }}",
            "parameters": [{"name": "q", "type": "text", "required": True}],
        },
    )

    result = await _call_listed(hass, hub, "find", {"q": "Att"})

    assert result.error
    assert "light.attic" not in str(result.data.get("result", ""))


@pytest.mark.attack
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
    assert "is a template" in (result.get("description_placeholders") or {})["problem"]

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


@pytest.mark.attack
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
    ok = await _call_listed(hass, hub, "room_light", {"room": "kitchen"})
    assert not ok.error, ok.data
    script_home.clear()

    result = await _call_listed(hass, hub, "room_light", {"room": "attic"})

    assert script_home == [], f"the script acted on light.attic: {result.data}"
    assert result.error


@pytest.mark.attack
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
    result = await _call_listed(hass, hub, "room_light", {"room": "attic"})
    assert _turned(lights_home) == [], f"an unexposed light was turned on ({result.data})"
    assert result.error


@pytest.mark.attack
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
    result = await _call_listed(hass, hub, "ask_assist", {})
    assert _turned(lights_home) == [], f"light.porch turned on out of scope ({result.data})"
    assert result.error


async def _call_scene_tool(
    hass: HomeAssistant, name: str, light: str, step: dict[str, Any]
) -> llm.ToolResult:
    """Set up the scene ``name`` turning ``light`` on, a Kitchen hub reaching light.kitchen and
    the scene, and its action tool ``name`` running ``step``; return the tool's call."""
    await async_setup_scenes(hass, {"name": name, "entities": {light: "on"}})
    scene = f"scene.{name.lower()}"
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["light.kitchen", scene]},
    )
    await async_add_tool(
        hass, hub, "action", {"title": name, "description": f"{name}.", "actions": [step]}
    )
    return await _call_listed(hass, hub, name.lower(), {})


@pytest.mark.attack
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
    result = await _call_scene_tool(hass, "Evening", "light.porch", step)

    assert _turned(lights_home) == [], f"light.porch set out of scope ({result.data})"
    assert result.error


@pytest.mark.parametrize("step", [{"scene": "scene.dinner"}], ids=["scene step"])
async def test_action_tool_scene_step_within_scope_runs(
    hass: HomeAssistant, lights_home: dict[str, Any], step: dict[str, Any]
) -> None:
    """Control: a scene step whose scene and members lie within the scope runs."""
    result = await _call_scene_tool(hass, "Dinner", "light.kitchen", step)

    assert not result.error, result.data
    assert _turned(lights_home) in (["light.kitchen"], [["light.kitchen"]])


@pytest.mark.attack
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
async def test_action_tool_nested_paths_do_not_reach_unexposed(
    hass: HomeAssistant, lights_home: dict[str, Any], actions: list[Any]
) -> None:
    _attic(hass)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await _room_tool(hass, hub, actions)

    result = await _call_listed(hass, hub, "room_light", {"room": "attic"})

    assert _turned(lights_home) == [], f"an unexposed light was turned on ({result.data})"
    assert result.error


@pytest.mark.attack
async def test_script_device_field_with_an_unexposed_entity(hass: HomeAssistant) -> None:
    await async_setup_assist(hass)
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

    result = await _call_listed(hass, hub, "dev_on", {"dev": device.id})

    assert switched == [], f"an unexposed switch was turned on: {result.data}"
    assert result.error


@pytest.mark.attack
@pytest.mark.parametrize("actions", TURN_ON_HOLES)
async def test_turn_on_variables_naming_unexposed_are_refused(
    hass: HomeAssistant,
    seen: list[Any],
    actions: Any,
) -> None:
    """FIXED: the attic light (not exposed) handed through script.turn_on's variables is refused."""
    await _check_turn_on(hass, seen, actions)


@pytest.mark.attack
async def test_turn_on_registry_id(
    hass: HomeAssistant,
    seen: list[Any],
) -> None:
    """FIXED: a registry id in script.turn_on's target names the script as its entity id."""
    await _check_turn_on(hass, seen, "REGISTRY_ID")


@pytest.mark.attack
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
async def test_turn_on_variables_in_other_forms_are_checked(
    hass: HomeAssistant,
    seen: list[Any],
    actions: Any,
) -> None:
    """HELD: written scripts, lists, data_template, service_template."""
    await _check_turn_on(hass, seen, actions)


@pytest.mark.attack
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
    assert "write each variable out" in (result.get("description_placeholders") or {})["problem"]


@pytest.mark.attack
async def test_non_admin_cannot_make_or_change_tools_or_options(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    hass_client: ClientSessionGenerator,
    hass_read_only_access_token: str,
) -> None:
    """A non-admin starts a tool flow (subentry) and the options flow over HTTP: refused."""
    assert await async_setup_component(hass, "config", {})
    client = await hass_client(hass_read_only_access_token)
    tool = await client.post(
        "/api/config/config_entries/subentries/flow",
        json={"handler": [hub.entry_id, "tool"]},
    )
    options = await client.post(
        "/api/config/config_entries/options/flow", json={"handler": hub.entry_id}
    )
    assert tool.status == options.status == 401
    assert hub.subentries == {}


# --- Entities an action names, what an answer carries ----------------------------------------


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

    outcome, data = await call_hub(hass, hub, "join_speaker", {"speaker": "media_player.walkman"})

    assert not joined(hass), (outcome, data)
    assert outcome != "ran", data


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

    outcome, data = await call_hub(hass, hub, "kitchen_check", {})

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

    outcome, data = await call_hub(hass, hub, "nicknames", {"room": "Porch"})

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

    outcome, data = await call_hub(hass, hub, "devices", {"room": "Porch"})

    assert "Front door lock" not in str(data), (outcome, data)
    assert device.id not in str(data), (outcome, data)


# A one-bit oracle: each answers "hit" only when the porch code (outside the Kitchen) is
# ``hunter2``, read through the text the model gives (``which``: ``porch_code``).
_PORCH = "is_state('sensor.' ~ which, 'hunter2')"
_HIT = {"stop": "hit", "response_variable": "hit"}
_ORACLES = [
    pytest.param(
        [{"if": f"{{{{ {_PORCH} }}}}", "then": [_HIT]}],
        id="if_shorthand_condition",
    ),
    pytest.param(
        [
            {
                "choose": [
                    {
                        "conditions": [
                            {"condition": "template", "value_template": f"{{{{ {_PORCH} }}}}"}
                        ],
                        "sequence": [_HIT],
                    }
                ]
            }
        ],
        id="choose_template_condition",
    ),
    pytest.param(
        [
            {
                "repeat": {
                    "while": [f"{{{{ {_PORCH} and repeat.index < 2 }}}}"],
                    "sequence": [_HIT],
                }
            }
        ],
        id="repeat_while",
    ),
    pytest.param(
        [
            {
                "repeat": {
                    "until": [f"{{{{ {_PORCH} or repeat.index > 0 }}}}"],
                    "sequence": [{"variables": {"seen": "{{ repeat.index }}"}}],
                }
            },
            {"if": "{{ repeat is undefined }}", "then": [_HIT]},
        ],
        id="repeat_until",
    ),
    pytest.param(
        [
            {"wait_template": f"{{{{ {_PORCH} }}}}", "timeout": 0, "continue_on_timeout": True},
            {"if": "{{ wait.completed }}", "then": [_HIT]},
        ],
        id="wait_completed",
    ),
    pytest.param(
        [
            {"condition": f"{{{{ {_PORCH} }}}}"},
            _HIT,
        ],
        id="condition_step",
    ),
    pytest.param(
        [
            {"variables": {"code": "{{ states('sensor.' ~ which) }}"}},
            {"if": "{{ code == 'hunter2' }}", "then": [_HIT]},
        ],
        id="variables_then_condition",
    ),
    pytest.param(
        [
            {
                "repeat": {
                    "for_each": f"{{{{ [1] if {_PORCH} else [] }}}}",
                    "sequence": [_HIT],
                }
            }
        ],
        id="for_each",
    ),
    pytest.param(
        [
            {"set_conversation_response": "{{ states('sensor.' ~ which) }}"},
            {"variables": {"hit": {"said": "yes"}}},
            {"stop": "said", "response_variable": "hit"},
        ],
        id="set_conversation_response",
    ),
    pytest.param(
        [
            {
                "variables": {
                    "hit": "{{ {'code': expand('sensor.' ~ which) | map(attribute='state') "
                    "| list} }}"
                }
            },
            {"stop": "expand", "response_variable": "hit"},
        ],
        id="expand_into_response",
    ),
    pytest.param(
        [
            {
                "variables": {
                    "hit": "{{ {'code': states.sensor | selectattr('object_id', 'eq', which)"
                    " | map(attribute='state') | list} }}"
                }
            },
            {"stop": "domain", "response_variable": "hit"},
        ],
        id="domain_iteration_into_response",
    ),
]


@pytest.mark.attack
@pytest.mark.parametrize("actions", _ORACLES)
async def test_action_tool_reads_outside_through_control_flow(
    hass: HomeAssistant, code_home: None, actions: list[Any]
) -> None:
    """An action tool of the Kitchen hub reads the porch code (outside the Kitchen) through
    the text the model gives, in a kind of step that only reads (conditions of ``if``,
    ``choose``, ``repeat`` ``while``/``until``, a ``wait_template``'s ``wait.completed``, a
    ``condition`` step, a ``variables`` step then a condition, ``for_each``,
    ``set_conversation_response``, ``expand``, a domain's states), and answers "hit" (a
    ``stop`` with a response) only when the code is ``hunter2``. Neither the code nor the
    bit may reach the model."""
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Peek",
            "description": "Peek.",
            "actions": [{"variables": {"hit": {"bit": 1}}}, *actions],
            "parameters": [{"name": "which", "type": "text", "required": True}],
        },
    )

    outcome, data = await call_hub(hass, hub, "peek", {"which": "porch_code"})

    assert "hunter2" not in str(data), (outcome, data)
    assert "bit" not in str(data), (outcome, data)
    assert "said" not in str(data), (outcome, data)
    assert outcome != "ran", data


_READER = {
    "reader": {
        "alias": "Reader",
        "fields": {"which": {"selector": {"text": {}}}},
        "sequence": [
            {"variables": {"hit": {"bit": 1}}},
            {"if": "{{ is_state('sensor.' ~ which, 'hunter2') }}", "then": [_HIT]},
        ],
    }
}


async def _reader_home(hass: HomeAssistant) -> None:
    """The code home, with the script "Reader" (Kitchen): it answers "hit" when the sensor
    its text field ``which`` names reads ``hunter2``."""
    await async_setup_kitchen_and_porch(hass, ("kitchen", "front_door"))
    assert await async_setup_component(hass, "template", {"template": CODE_TEMPLATES})
    assert await async_setup_component(hass, "script", {"script": {**NOOP, **_READER}})
    await hass.async_block_till_done()
    place(
        hass,
        {
            "sensor.porch_code": "porch",
            "light.kitchen_light": "kitchen",
            "script.kitchen_noop": "kitchen",
            "script.reader": "kitchen",
        },
        ("sensor.porch_code", "light.kitchen_light", "script.kitchen_noop", "script.reader"),
    )


@pytest.mark.attack
@pytest.mark.xfail(
    strict=True,
    reason="Templates inside scripts that only read (conditions) are not followed "
    "(docs/scope.md, Not covered yet): a script in scope reads outside through its field",
)
@pytest.mark.parametrize("through", ["action_tool", "script_tool"])
async def test_script_reads_outside_through_its_field(hass: HomeAssistant, through: str) -> None:
    """The script "Reader" (Kitchen, no ``variables`` step with a template, so it is trusted
    to answer) answers "hit" only when the sensor its text field names reads ``hunter2``.
    The Kitchen hub's model gets the bit by naming ``porch_code``: through an action tool
    that hands its text to the script and answers with the script's response, or through the
    script's own tool. The bit must not reach the model."""
    await _reader_home(hass)
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    tool = "reader"
    if through == "action_tool":
        actions = [
            {
                "action": "script.reader",
                "data": {"which": "{{ which }}"},
                "response_variable": "out",
            },
            {"stop": "out", "response_variable": "out"},
        ]
        await async_add_tool(
            hass,
            hub,
            "action",
            {
                "title": "Peek",
                "description": "Peek.",
                "actions": actions,
                "parameters": [{"name": "which", "type": "text", "required": True}],
            },
        )
        tool = "peek"

    outcome, data = await call_hub(hass, hub, tool, {"which": "porch_code"})

    assert "bit" not in str(data), (outcome, data)


_REGISTRY_READS = {
    "device_name": "device_attr(device_id('sensor.' ~ which), 'name')",
    "device_id": "device_attr(device_id('sensor.' ~ which), 'id')",
    "entity_name": "entity_name('sensor.' ~ which)",
    "label_entities": "label_entities(which) | list",
}
_REGISTRY_HOLE = pytest.mark.xfail(
    strict=True,
    reason="a template tool's registry functions (device_attr, device_id, entity_name) read "
    "no state: what they give through a text argument is not checked against the scope",
)


@pytest.mark.attack
@pytest.mark.parametrize(
    ("kind", "read"),
    [
        pytest.param(
            kind,
            read,
            id=f"{kind}_{name}",
            marks=[_REGISTRY_HOLE] if kind == "template" and name != "label_entities" else [],
        )
        for kind in ("action", "template")
        for name, read in _REGISTRY_READS.items()
    ],
)
async def test_tool_reads_registry_outside_through_an_argument(
    hass: HomeAssistant, code_home: None, kind: str, read: str
) -> None:
    """A tool of the Kitchen hub (an action tool answering with a ``stop``'s response, or a
    template tool) reads the registry through the text the model gives: the name or id of
    the porch code's device ("Porch keypad"), the porch code's name, the entities of the
    label "porch_secret" (only the porch code). None reads a state, yet none may carry the
    porch's device name or id, nor the porch code's id, to the model."""
    owner = MockConfigEntry(domain="test")
    owner.add_to_hass(hass)
    devices = dr.async_get(hass)
    device = devices.async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("test", "keypad")}, name="Porch keypad"
    )
    label = lr.async_get(hass).async_create("porch_secret")
    er.async_get(hass).async_update_entity(
        "sensor.porch_code", device_id=device.id, labels={label.label_id}
    )
    which = label.label_id if read.startswith("label") else "porch_code"
    hub = await async_add_hub(hass, "Kitchen", KITCHEN)
    form: dict[str, Any] = {
        "title": "Peek",
        "description": "Peek.",
        "parameters": [{"name": "which", "type": "text", "required": True}],
    }
    if kind == "action":
        form["actions"] = [
            {"variables": {"out": f"{{{{ {{'read': ({read}) | string}} }}}}"}},
            {"stop": "read", "response_variable": "out"},
        ]
    else:
        form["template"] = f"{{{{ {read} }}}}"
    await async_add_tool(hass, hub, kind, form)

    outcome, data = await call_hub(hass, hub, "peek", {"which": which})

    for secret in ("Porch keypad", device.id, "sensor.porch_code", "Porch code"):
        assert secret not in str(data), (outcome, data)


@pytest.mark.attack
@pytest.mark.parametrize(
    "step",
    [
        {"delay": "{{ 0 if is_state('sensor.' ~ which, 'hunter2') else 0 }}"},
        {"event": "peeked", "event_data": {"code": "{{ states('sensor.' ~ which) }}"}},
        {"set_conversation_response": "{{ states('sensor.' ~ which) }}"},
    ],
    ids=["delay", "event_data", "set_conversation_response"],
)
async def test_action_tool_reading_an_unexposed_entity_through_a_step_is_refused(
    hass: HomeAssistant, code_home: None, step: dict[str, Any]
) -> None:
    """A hub with no scope; the porch code is not exposed. An action tool reads it through
    the text the model gives in a ``delay``, an event's data or the conversation response:
    the call must not run (no event fired carrying the code)."""
    async_expose_entity(hass, "conversation", "sensor.porch_code", should_expose=False)
    fired: list[Any] = []
    hass.bus.async_listen("peeked", fired.append)
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Peek",
            "description": "Peek.",
            "actions": [step],
            "parameters": [{"name": "which", "type": "text", "required": True}],
        },
    )

    outcome, data = await call_hub(hass, hub, "peek", {"which": "porch_code"})

    assert outcome != "ran", data
    assert "not exposed" in str(data), data
    assert not fired
    assert "hunter2" not in str(data)


@pytest.mark.attack
async def test_entity_it_cannot_find_lists_nothing_out_of_reach(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """A scoped hub's entity parameter given no entity lists only what the model may name.

    light.kitchen is in scope; "Kitchen light outside" (light.kitchen_outside) is exposed but
    out of scope, "Kitchen light spare" (light.kitchen_spare) in scope but not exposed: the
    answer names neither, by id or name, nor the porch light beyond the scope.
    """
    hass.states.async_set(
        "light.kitchen_outside", "off", {"friendly_name": "Kitchen light outside"}
    )
    hass.states.async_set("light.kitchen_spare", "off", {"friendly_name": "Kitchen light spare"})
    async_expose_entity(hass, "conversation", "light.kitchen_spare", should_expose=False)
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: ["assist"],
            CONF_SCOPE_ENTITIES: [*KITCHEN_ONLY, "light.kitchen_spare"],
        },
    )
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Lamp on",
            "description": "Turns on a light.",
            "actions": [{"action": "test.light_on", "target": {"entity_id": "{{ lamp }}"}}],
            "parameters": [
                {"name": "lamp", "type": "entity", "domains": ["light"], "required": True}
            ],
        },
    )

    named = await _call_listed(hass, hub, "lamp_on", {"lamp": "Kitchen light"})
    guessed = await _call_listed(hass, hub, "lamp_on", {"lamp": "light.kitchen_light"})

    for result in (named, guessed):
        text = str(result.data["error_text"])
        assert text.endswith(". lamp may name: light.kitchen (Kitchen)."), text
        for hidden in ("outside", "spare", "porch", "Porch"):
            assert hidden not in text, text
    assert lights_home["seen"] == []


# --- What a refusal names: only what the model named -------------------------------------------


@pytest.mark.attack
@pytest.mark.parametrize(
    ("target", "scoped"),
    [
        pytest.param("{{ 'light.porch' }}", True, id="fixed_in_a_template_out_of_scope"),
        pytest.param(
            "{{ states.light | map(attribute='entity_id') | reject('eq', 'light.kitchen') "
            "| first }}",
            True,
            id="found_by_reading_the_home_out_of_scope",
        ),
        pytest.param("{{ 'light.porch' }}", False, id="fixed_in_a_template_not_exposed"),
    ],
)
async def test_refusal_of_a_target_the_author_templated_names_no_entity(
    hass: HomeAssistant, lights_home: dict[str, Any], target: str, *, scoped: bool
) -> None:
    """An action tool without parameters targets what its own template renders: the porch
    light, outside the Kitchen hub's scope (or, in a hub without a scope, not exposed). The
    call is refused and nothing runs; the model named no entity, so the refusal must not name
    the porch light (the author's template picked it, found by reading the home)."""
    async_expose_entity(hass, "conversation", "light.kitchen", should_expose=True)
    async_expose_entity(hass, "conversation", "light.porch", should_expose=False)
    options = {CONF_SCOPE_ENTITIES: KITCHEN_ONLY} if scoped else {}
    hub = await async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], **options})
    step = {"action": "test.light_on", "target": {"entity_id": target}}
    await async_add_tool(
        hass, hub, "action", {"title": "Lights", "description": "Lights.", "actions": [step]}
    )

    refused = await _call_listed(hass, hub, "lights", {})

    assert refused.error, refused.data
    assert lights_home["seen"] == []
    assert "light.porch" not in str(refused.data), refused.data


@pytest.mark.attack
async def test_refusal_of_a_templated_action_names_no_entity(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """An action tool of the Kitchen hub picks its action with a template that reads the
    porch light. The scope cannot follow it and refuses the call; the refusal must not quote
    the template, which names the porch light the model never named."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )
    step = {
        "action": "{{ 'test.light_on' if is_state('light.porch', 'off') else 'test.nothing' }}",
        "target": {"entity_id": "light.kitchen"},
    }
    await async_add_tool(
        hass, hub, "action", {"title": "Lights", "description": "Lights.", "actions": [step]}
    )

    refused = await _call_listed(hass, hub, "lights", {})

    assert refused.error, refused.data
    assert lights_home["seen"] == []
    assert "light.porch" not in str(refused.data), refused.data


@pytest.mark.attack
@pytest.mark.parametrize(
    "target",
    [
        pytest.param({"area_id": "{{ 'porch' }}"}, id="area"),
        pytest.param({"floor_id": "{{ 'outside' }}"}, id="floor"),
        pytest.param({"label_id": "{{ 'outdoor' }}"}, id="label"),
    ],
)
async def test_refusal_of_a_holder_the_author_templated_names_no_entity(
    hass: HomeAssistant, lights_home: dict[str, Any], target: dict[str, str]
) -> None:
    """An action tool of the Kitchen hub targets an area, floor or label its own template
    renders, which holds the porch light, outside the scope. The call is refused, nothing
    runs, and the refusal names neither the porch light nor the holder the model never named."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )
    step = {"action": "test.light_on", "target": target}
    await async_add_tool(
        hass, hub, "action", {"title": "Lights", "description": "Lights.", "actions": [step]}
    )

    refused = await _call_listed(hass, hub, "lights", {})

    assert refused.error, refused.data
    assert lights_home["seen"] == []
    text = str(refused.data).lower()
    assert "out of reach" in text or "scope" in text, refused.data
    assert "light.porch" not in text, refused.data
    assert not {"porch", "outside", "outdoor"} & set(text.replace(".", " ").split()), refused.data
