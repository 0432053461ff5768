"""A fresh reviewer's attacks on scope, confirm by effect and tools made in the UI.

Each test says whether the attack found a HOLE or the feature HELD. A HOLE's docstring says
what the review found; its test asserts what should happen, and passes since it was closed.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from custom_components.llm_hub.const import (
    CONF_ALLOWED_USERS,
    CONF_ASK_DOMAINS,
    CONF_SCOPE_AREAS,
    CONF_SCOPE_ENTITIES,
    CONF_TOOL_MODE,
)
from custom_components.llm_hub.search.meta_tools import CALL_TOOL
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    llm,
)
from homeassistant.setup import async_setup_component

from .helpers.attacks import KITCHEN_ONLY, _call
from .helpers.flows import async_add_tool
from .helpers.hubs import async_add_hub, hub_id, llm_context

# --- 1. Scope: tools made in the UI ------------------------------------------------------------


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
    result = await _call(hass, hub, "porch_via_script", {})

    assert lights_home["seen"] == [], "light.porch was acted on through a scoped hub"
    assert result.error


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

    result = await _call(hass, hub, "outside_on", {})

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
    assert turned == [], f"light.porch turned on out of scope: {turned}"
    assert result.error


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

    result = await _call(hass, hub, "pick_light", {"which": "light.porch"})

    assert lights_home["seen"] == [], f"the model reached light.porch: {lights_home['seen']}"
    assert result.error


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

    result = await _call(hass, hub, "room_on", {"room": "Porch"})

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
    assert turned == [], f"an unexposed light was turned on: {turned}"
    assert result.error


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

    ok = await _call(hass, hub, "peek", {"obj": "kitchen"})
    out = await _call(hass, hub, "peek", {"obj": "porch"})

    assert not ok.error
    assert out.error
    assert "Porch" not in str(out.data)


# --- 1. Scope: Assist's tools, search mode, nested hubs, users -------------------------------


@pytest.mark.parametrize(
    "args",
    [
        {"name": "Porch"},
        {"name": "light.porch"},
        {"area": "Porch"},
        {"floor": "Outside"},
        {"domain": ["light"]},
    ],
)
async def test_intent_targets_out_of_scope(
    hass: HomeAssistant, lights_home: dict[str, Any], args: dict[str, Any]
) -> None:
    """HELD: HassTurnOn by name, entity id, area, floor, domain never turns on the porch."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )

    await _call(hass, hub, "HassTurnOn", args)

    turned = [call.data.get("entity_id") for call in lights_home["light_on"]]
    assert all("light.porch" not in (ids or []) for ids in turned), turned


async def test_search_mode_and_nested_hub_stay_in_scope(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """HELD: call_tool of a scoped hub in search mode, and an unscoped inner hub selected by a
    scoped outer one, cannot turn on the porch; GetLiveContext through them does not list it."""
    inner = await async_add_hub(hass, "Inner", {CONF_LLM_HASS_API: ["assist"]})
    outer = await async_add_hub(
        hass,
        "Outer",
        {
            CONF_LLM_HASS_API: [hub_id(inner)],
            CONF_SCOPE_ENTITIES: KITCHEN_ONLY,
            CONF_TOOL_MODE: "search",
        },
    )
    instance = await llm.async_get_api(hass, hub_id(outer), llm_context())
    names = [tool.name for tool in instance.tools]
    turn_on = next(
        tool.name
        for tool in (await llm.async_get_api(hass, hub_id(inner), llm_context())).tools
        if tool.name.endswith("HassTurnOn")
    )
    live = next(
        tool.name
        for tool in (await llm.async_get_api(hass, hub_id(inner), llm_context())).tools
        if tool.name.endswith("GetLiveContext")
    )

    assert CALL_TOOL in names
    await instance.async_call_tool(
        llm.ToolInput(CALL_TOOL, {"name": turn_on, "arguments": {"name": "Porch"}})
    )
    seen = await instance.async_call_tool(llm.ToolInput(CALL_TOOL, {"name": live, "arguments": {}}))
    await hass.async_block_till_done()

    assert lights_home["light_on"] == []
    assert "Porch" not in str(seen.data)
    assert "Kitchen" in str(seen.data)


async def test_unrestricted_hub_selecting_a_users_only_hub(
    hass: HomeAssistant, lights_home: dict[str, Any], hass_admin_user: Any, hass_read_only_user: Any
) -> None:
    """HELD: a hub open to all that selects a hub for the admin only gives another user none
    of the inner hub's tools."""
    inner = await async_add_hub(
        hass,
        "Inner",
        {CONF_LLM_HASS_API: ["assist"], CONF_ALLOWED_USERS: [hass_admin_user.id]},
    )
    outer = await async_add_hub(hass, "Outer", {CONF_LLM_HASS_API: [hub_id(inner)]})

    other = await llm.async_get_api(hass, hub_id(outer), llm_context(hass_read_only_user.id))
    admin = await llm.async_get_api(hass, hub_id(outer), llm_context(hass_admin_user.id))

    assert not any(tool.name.endswith("HassTurnOn") for tool in other.tools)
    assert any(tool.name.endswith("HassTurnOn") for tool in admin.tools)


# --- 2. Confirm by effect ----------------------------------------------------------------------


async def test_namesake_lock_unlocked_without_asking(hass: HomeAssistant) -> None:
    """HOLE: two locks named "Front door"; the one in the asking device's area is out of scope.

    The hub (scope: the area Porch; always ask before acting on locks) resolves the call's
    targets for confirmation with the out-of-scope lock exposed: the preferred area picks
    lock.front_hall, which it then drops as out of scope, so "nothing in the set" and no
    question. The scoped call then treats the hall lock as not exposed, matches again and
    unlocks lock.front_porch, a lock, without asking.
    """
    for component in ("homeassistant", "intent", "llm", "conversation"):
        assert await async_setup_component(hass, component, {})
    areas = ar.async_get(hass)
    hall, porch = areas.async_create("Hall"), areas.async_create("Porch")
    registry = er.async_get(hass)
    for object_id, area in (("front_hall", hall), ("front_porch", porch)):
        entry = registry.async_get_or_create(
            "lock", "test", object_id, suggested_object_id=object_id, original_name="Front door"
        )
        registry.async_update_entity(entry.entity_id, area_id=area.id)
        hass.states.async_set(entry.entity_id, "locked", {"friendly_name": "Front door"})
        async_expose_entity(hass, "conversation", entry.entity_id, should_expose=True)
    unlocked = async_mock_service(hass, "lock", "unlock")
    owner = MockConfigEntry(domain="test")
    owner.add_to_hass(hass)
    satellite = dr.async_get(hass).async_get_or_create(
        config_entry_id=owner.entry_id, identifiers={("test", "sat")}, name="Hall satellite"
    )
    dr.async_get(hass).async_update_device(satellite.id, area_id=hall.id)
    hub = await async_add_hub(
        hass,
        "Porch",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_AREAS: [porch.id], CONF_ASK_DOMAINS: ["lock"]},
    )
    context = llm.LLMContext(
        platform="test",
        context=Context(),
        language="en",
        assistant="conversation",
        device_id=satellite.id,
    )

    result = await _call(hass, hub, "HassTurnOff", {"name": "Front door"}, context)

    assert [call.data for call in unlocked] == [], "a lock was unlocked without asking"
    assert result.data.get("status") == "approval_required", result.data


async def test_lock_through_a_ui_script_tool_asks(hass: HomeAssistant) -> None:
    """HELD: an action tool that runs a script by ``script.turn_on`` that unlocks asks first."""
    for component in ("homeassistant", "intent", "llm"):
        assert await async_setup_component(hass, component, {})
    hass.states.async_set("lock.front_door", "locked", {"friendly_name": "Front door"})
    unlocked = async_mock_service(hass, "lock", "unlock")
    assert await async_setup_component(
        hass,
        "script",
        {
            "script": {
                "quiet": {
                    "sequence": [
                        {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}
                    ]
                }
            }
        },
    )
    await hass.async_block_till_done()
    hub = await async_add_hub(hass, "Hub", {CONF_ASK_DOMAINS: ["lock"]})
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Quiet",
            "description": "Runs quiet.",
            "actions": [{"action": "script.turn_on", "target": {"entity_id": "script.quiet"}}],
        },
    )

    result = await _call(hass, hub, "quiet", {})

    assert result.data.get("status") == "approval_required"
    assert unlocked == []


# --- 4. Tools made in the UI: bounds ---------------------------------------------------------


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

    result = await _call(hass, hub, "grow", {"n": 16000})

    assert result.error, f"one operation built {result.data} characters"


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
    result = await _call(hass, hub, "trim", {"text": "a" + " " * 25 + "b"})
    took = time.monotonic() - started
    stop.set()
    await beat
    gap = max((b - a for a, b in itertools.pairwise(ticks)), default=0.0)

    assert gap < 1.0, f"the event loop stalled {gap:.1f} s (call took {took:.1f} s): {result.data}"
    assert took < 4.0


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

    refused = await _call(hass, hub, "scene_outside", {})
    ran = await _call(hass, hub, "scene_inside", {})

    assert refused.error
    assert "outside the scope of this assistant" in str(refused.data)
    assert "light.porch" not in str(refused.data)  # not named by the model: not named back
    assert not ran.error
    assert [call.data["entity_id"] for call in activated] == [["scene.inside"]]
