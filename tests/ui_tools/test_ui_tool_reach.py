"""Tools made in the UI: targets set as the actions run, scene entities, script fields, scope.

Through the real subentry flows and a hub's API, as test_review_attacks_3 attacks them.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub.const import CONF_SCOPE_ENTITIES
from custom_components.llm_hub.ui_tools import checks
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
    llm,
)
from homeassistant.helpers.template import Template
from homeassistant.setup import async_setup_component

from ..helpers.attacks import KITCHEN_ONLY
from ..helpers.flows import async_add_tool, async_fill, async_save, async_start_tool_flow
from ..helpers.homes import (
    VARIABLE,
    _attic,
    async_setup_assist,
    async_setup_scripts,
    repeat_for_room,
)
from ..helpers.hubs import async_add_hub, hub_id, llm_context

CELLAR = (
    "The area 'cellar' holds an entity not exposed to Assist; tool fields may only reach "
    "exposed entities"
)
NOT_EXPOSED = "Entity light.attic is not exposed to Assist; tool {} may only reach exposed entities"


async def _call(
    hass: HomeAssistant, entry: MockConfigEntry, tool: str, args: dict[str, Any]
) -> dict[str, Any]:
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    result = await instance.async_call_tool(llm.ToolInput(tool, args))
    await hass.async_block_till_done()
    return result.data


async def _action_tool(
    hass: HomeAssistant, hub: MockConfigEntry, actions: list[dict[str, Any]], name: str = "room"
) -> None:
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Act",
            "description": "Acts.",
            "actions": actions,
            "parameters": [{"name": name, "type": "text", "required": True}],
        },
    )


def _turned(lights_home: dict[str, Any]) -> list[Any]:
    return [call.data.get("entity_id") for call in lights_home["light_on"]]


@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(
            [*VARIABLE, {"action": "light.turn_on", "target": {"entity_id": "{{ target }}"}}],
            id="variables_step",
        ),
        pytest.param(repeat_for_room("{{ {'entity_id': repeat.item} }}"), id="repeat_whole_target"),
        pytest.param(
            [
                *VARIABLE,
                {
                    "action": "light.turn_on",
                    "continue_on_error": True,
                    "data": {"entity_id": ["{{ target }}"]},
                },
            ],
            id="continue_on_error",
        ),
        pytest.param(
            [*VARIABLE, {"action": "scene.apply", "data": {"entities": {"{{ target }}": "on"}}}],
            id="scene_key",
        ),
        pytest.param(
            [*VARIABLE, {"action": "scene.apply", "data": {"entities": "{{ {target: 'on'} }}"}}],
            id="scene_entities",
        ),
    ],
)
async def test_target_set_as_the_actions_run(
    hass: HomeAssistant, lights_home: dict[str, Any], actions: list[dict[str, Any]]
) -> None:
    """A target a variable of the actions sets is checked as the run renders it: in reach it
    runs; out of reach that action does not (``continue_on_error`` does not go past it)."""
    _attic(hass)
    assert await async_setup_component(hass, "scene", {})
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await _action_tool(hass, hub, actions)

    assert await _call(hass, hub, "act", {"room": "attic"}) == {
        "error": "HomeAssistantError",
        "error_text": NOT_EXPOSED.format("act"),
    }
    assert _turned(lights_home) == []
    assert await _call(hass, hub, "act", {"room": "kitchen"}) == {"success": True}
    assert _turned(lights_home) in (["light.kitchen"], [["light.kitchen"]])


@pytest.mark.parametrize(
    "step",
    [
        pytest.param({"entities": "{{ {'light.' ~ room: 'on'} }}"}, id="entities"),
        pytest.param("{{ {'entities': {'light.' ~ room: 'on'}} }}", id="data"),
    ],
)
async def test_scene_entities_led_by_the_arguments(
    hass: HomeAssistant, lights_home: dict[str, Any], step: Any
) -> None:
    """Scene entities a template over the arguments gives are checked before anything runs."""
    _attic(hass)
    assert await async_setup_component(hass, "scene", {})
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await _action_tool(
        hass, hub, [{"action": "test.light_on"}, {"action": "scene.apply", "data": step}]
    )

    assert (await _call(hass, hub, "act", {"room": "attic"}))["error_text"] == NOT_EXPOSED.format(
        "act"
    )
    assert lights_home["seen"] == []
    assert _turned(lights_home) == []
    assert await _call(hass, hub, "act", {"room": "kitchen"}) == {"success": True}


async def test_scene_entity_written_is_the_authors_choice(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """A scene entity written in the actions must exist; not exposed, it is the author's choice."""
    _attic(hass)
    assert await async_setup_component(hass, "scene", {})
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    for title, entity_id in (("Attic", "light.attic"), ("Cellar", "light.cellar")):
        await async_add_tool(
            hass,
            hub,
            "action",
            {
                "title": title,
                "description": "Sets a scene.",
                "actions": [{"action": "scene.apply", "data": {"entities": {entity_id: "on"}}}],
            },
        )
    assert await _call(hass, hub, "attic", {}) == {"success": True}
    assert await _call(hass, hub, "cellar", {}) == {
        "error": "HomeAssistantError",
        "error_text": "There is no entity 'light.cellar'",
    }


async def test_script_set_as_the_actions_run_in_a_scoped_hub(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """In a scoped hub, a script a variable of the actions names is followed as the run
    renders it: one acting out of scope is refused, one within it runs."""
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: [*KITCHEN_ONLY, "script.porch_on"]},
    )
    actions: list[dict[str, Any]] = [
        {"variables": {"script": "script.{{ room }}"}},
        {"action": "script.turn_on", "target": {"entity_id": "{{ script }}"}},
    ]
    await _action_tool(hass, hub, actions)

    refused = await _call(hass, hub, "act", {"room": "porch_on"})
    assert refused["error_text"].startswith(
        "Tool act did not run: the script script.porch_on acts on entities outside the scope "
        "of this assistant"
    )
    assert "light.porch" not in refused["error_text"]  # the model did not name it
    assert lights_home["seen"] == []
    assert await _call(hass, hub, "act", {"room": "kitchen_on"}) == {"success": True}
    assert lights_home["seen"] == [{"entity_id": ["light.kitchen"]}]


@pytest.mark.parametrize(
    ("action", "words"),
    [("automation.trigger", "automation.trigger"), ("{{ act }}", "a template picks")],
)
async def test_opaque_or_templated_action_refused_in_a_scoped_hub(
    hass: HomeAssistant, lights_home: dict[str, Any], action: str, words: str
) -> None:
    """An action that acts on what its words or a template say is refused in a scoped hub."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )
    await _action_tool(hass, hub, [{"action": action}], name="act")

    assert await _call(hass, hub, "act", {"act": "light.turn_on"}) == {
        "error": "OutOfScope",
        "error_text": f"Tool act did not run: the action {words} may act on entities outside "
        "the scope of this assistant (a template or its words pick what it acts on). Tell the "
        "user it cannot do that here.",
    }
    assert _turned(lights_home) == []


async def test_target_rendered_outside_a_call_is_refused(hass: HomeAssistant) -> None:
    """A checked target template rendered outside its tool's call fails closed."""
    template = checks.CheckedTemplate(
        Template("{{ 'light.kitchen' }}", hass), "light.turn_on", "entity_id"
    )
    with pytest.raises(checks.UnreachableError, match="rendered outside its tool"):
        template.async_render({})


# --- Tools the scope always refuses: warned at save, left out --------------------------------


def _warning(result: Any) -> str:
    placeholders = result.get("description_placeholders")
    assert placeholders is not None
    return str(placeholders["warning"])


LEFT_OUT = "It acts on {}, outside the hub's scope, so the hub leaves it out (Configure → Scope)."


@pytest.mark.parametrize(
    ("kind", "form", "warning"),
    [
        pytest.param(
            "action",
            {"actions": [{"action": "test.light_on", "target": {"entity_id": "light.porch"}}]},
            LEFT_OUT.format("light.porch"),
            id="target",
        ),
        pytest.param(
            "action",
            {"actions": [{"action": "script.turn_on", "target": {"entity_id": "script.porch_on"}}]},
            LEFT_OUT.format("light.porch, script.porch_on"),
            id="script_followed",
        ),
        pytest.param(
            "action",
            {"actions": [{"action": "script.porch_on"}]},
            LEFT_OUT.format("light.porch, script.porch_on"),
            id="script_by_name",
        ),
        pytest.param(
            "script",
            {"script": "script.porch_on"},
            LEFT_OUT.format("light.porch, script.porch_on"),
            id="script_tool",
        ),
    ],
)
async def test_tool_acting_outside_the_scope_is_warned_at_save_and_left_out(
    hass: HomeAssistant,
    lights_home: dict[str, Any],
    kind: str,
    form: dict[str, Any],
    warning: str,
) -> None:
    """A tool whose actions, as written, act outside the hub's scope would be refused on every
    call: Save says so and the hub leaves it out, telling the model why without naming them."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )
    result = await async_start_tool_flow(hass, hub, kind)
    result = await async_fill(hass, result, {"title": "Porch", "description": "Porch.", **form})
    assert result["step_id"] == "save"
    assert _warning(result) == warning
    await async_save(hass, result)

    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert "porch" not in [tool.name for tool in instance.tools]
    refused = await _call(hass, hub, "porch", {})
    assert refused["error"] == "ToolNotAvailable"
    assert "the hub leaves it out" in refused["error_text"]
    assert "light.porch" not in refused["error_text"]
    assert lights_home["seen"] == []


async def test_tool_within_the_scope_or_picked_by_its_arguments_is_listed(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """An action tool acting within the scope, or on what its arguments pick, is listed with no
    scope warning; so is every tool of a hub without a scope."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )
    for title, target in (("Kitchen", "light.kitchen"), ("Picked", "{{ room }}")):
        result = await async_start_tool_flow(hass, hub, "action")
        result = await async_fill(
            hass,
            result,
            {
                "title": title,
                "description": "Lights.",
                "actions": [{"action": "test.light_on", "target": {"entity_id": target}}],
                "parameters": [{"name": "room", "type": "text"}],
            },
        )
        assert _warning(result) == ""
        await async_save(hass, result)
    unscoped = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    result = await async_start_tool_flow(hass, unscoped, "script")
    result = await async_fill(hass, result, {"script": "script.porch_on"})
    assert _warning(result) == ""

    instance = await llm.async_get_api(hass, hub_id(hub), llm_context())
    assert {"kitchen", "picked"} <= {tool.name for tool in instance.tools}
    assert await _call(hass, hub, "kitchen", {}) == {"success": True}


async def test_template_naming_an_entity_outside_the_scope_is_warned_at_save(
    hass: HomeAssistant, lights_home: dict[str, Any]
) -> None:
    """A template naming an entity outside the scope: Save says a call reading it is refused;
    the tool stays listed (a call may not read it) and such a call is refused."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: KITCHEN_ONLY}
    )
    result = await async_start_tool_flow(hass, hub, "template")
    result = await async_fill(
        hass,
        result,
        {
            "title": "Lights",
            "description": "Lights.",
            "template": "{{ states('light.kitchen') }} {{ states('light.porch') }} light.nothing",
        },
    )
    assert _warning(result) == (
        "Its template names light.porch, outside the hub's scope: a call that reads them is "
        "refused."
    )
    await async_save(hass, result)
    assert (await _call(hass, hub, "lights", {}))["error_text"] == (
        "The template of tool lights read an entity outside the scope of this assistant; tool "
        "lights may only reach entities within it"
    )


async def test_script_tool_the_hub_cannot_follow_is_warned_at_save(hass: HomeAssistant) -> None:
    """A script whose steps a template picks cannot be kept in scope: Save says it is left out."""
    await async_setup_assist(hass)
    await async_setup_scripts(hass, {"any_on": {"sequence": [{"action": "{{ 'test.on' }}"}]}})
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], CONF_SCOPE_ENTITIES: ["script.any_on"]}
    )
    result = await async_start_tool_flow(hass, hub, "script")
    result = await async_fill(hass, result, {"script": "script.any_on"})
    assert _warning(result) == (
        "Its script may act on what the hub cannot follow (a template, an event or an opaque "
        "action picks it), so the hub's scope leaves it out."
    )


# --- Script tools: fields with selectors ------------------------------------------------------

FIELDS = {
    "which": {"entity": {"domain": "light"}},
    "lights": {"entity": {"filter": [{"domain": ["light", "switch"]}], "multiple": True}},
    "thing": {"entity": {"filter": [{"integration": "test"}]}},
    "lit_room": {"area": {"entity": {"domain": "light"}}},
    "room": {"area": {}},
    "floor": {"floor": {}},
    "device": {"device": {}},
    "label": {"label": {}},
    "target": {"target": {}},
}


@pytest.fixture
async def fields_hub(hass: HomeAssistant) -> MockConfigEntry:
    """A hub with a script tool whose script has a field of each selector that names things.

    light.porch (exposed) is in the Porch, on the floor Outside, labelled Outdoor; the Attic
    holds light.attic and the Cellar sensor.cellar, neither exposed.
    """
    await async_setup_assist(hass)
    entities = er.async_get(hass)
    areas = ar.async_get(hass)
    outside = fr.async_get(hass).async_create("Outside")
    label = lr.async_get(hass).async_create("Outdoor")
    for entity_id, area in (
        ("light.porch", "Porch"),
        ("light.attic", "Attic"),
        ("sensor.cellar", "Cellar"),
    ):
        domain, object_id = entity_id.split(".")
        entities.async_get_or_create(domain, "test", object_id, suggested_object_id=object_id)
        porch = entity_id == "light.porch"
        floor_id = outside.floor_id if porch else None
        area_id = areas.async_create(area, floor_id=floor_id).id
        labels = {label.label_id} if porch else set()
        entities.async_update_entity(entity_id, area_id=area_id, labels=labels)
        hass.states.async_set(entity_id, "off")
        async_expose_entity(hass, "conversation", entity_id, should_expose=porch)
    for entity_id in ("light.kitchen", "switch.pump"):
        hass.states.async_set(entity_id, "off")
    seen: list[Any] = []
    hass.services.async_register("test", "light_on", lambda call: seen.append(dict(call.data)))
    script = {
        "fields": {name: {"selector": config} for name, config in FIELDS.items()},
        "sequence": [{"action": "test.light_on", "data": {"which": "{{ which | default }}"}}],
    }
    assert await async_setup_component(hass, "script", {"script": {"fields": script}})
    await hass.async_block_till_done()
    hub = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["assist"]})
    await async_add_tool(
        hass, hub, "script", {"script": "script.fields", "title": "Fields", "description": "F."}
    )
    hass.data["seen"] = seen
    hass.data["ids"] = (outside.floor_id, label.label_id)
    return hub


@pytest.mark.parametrize(
    ("args", "error_text"),
    [
        ({"which": "switch.pump"}, "which: switch.pump is not of light"),
        ({"lights": ["light.kitchen", "light.attic"]}, NOT_EXPOSED.format("fields")),
        ({"thing": "light.attic"}, NOT_EXPOSED.format("fields")),
        (
            {"room": "Cellar"},
            CELLAR,
        ),
        (
            {"lit_room": "Attic"},
            (
                "The area 'attic' holds an entity not exposed to Assist; tool fields may only "
                "reach exposed entities"
            ),
        ),
        ({"floor": "Cellar"}, "There is no floor 'Cellar'"),
        ({"floor": 2}, "2 is not a floor's name or id"),
        ({"device": "0123abcd"}, "There is no device '0123abcd'"),
        ({"device": ["0123abcd"]}, "There is no device '0123abcd'"),
        ({"label": 5}, "5 is not an id"),
        ({"target": {"entity_id": "light.attic"}}, NOT_EXPOSED.format("fields")),
        (
            {"target": {"area_id": ["cellar"]}},
            CELLAR,
        ),
        ({"target": "light.attic"}, "target: 'light.attic' is not a target"),
    ],
)
async def test_script_fields_out_of_reach(
    hass: HomeAssistant, fields_hub: MockConfigEntry, args: dict[str, Any], error_text: str
) -> None:
    """A field's entity, area, floor, device, label or target out of reach: nothing runs."""
    assert await _call(hass, fields_hub, "fields", args) == {
        "error": "HomeAssistantError",
        "error_text": error_text,
    }
    assert hass.data["seen"] == []


async def test_script_fields_in_reach(hass: HomeAssistant, fields_hub: MockConfigEntry) -> None:
    """Fields in reach run the script; an entity's registry id reaches it as the entity id.

    An area selector filtered to lights passes the Cellar, which holds no light.
    """
    porch = er.async_get(hass).async_get("light.porch")
    assert porch is not None
    label = hass.data["ids"][1]
    args = {
        "which": porch.id,
        "lights": ["light.kitchen", "switch.pump"],
        "lit_room": "Cellar",
        "room": "Porch",
        "floor": "Outside",
        "label": label,
        "target": {"entity_id": "light.kitchen", "area_id": "porch"},
    }
    assert await _call(hass, fields_hub, "fields", args) == {"success": True}
    assert await _call(hass, fields_hub, "fields", {"floor": hass.data["ids"][0]}) == {
        "success": True
    }
    assert hass.data["seen"] == [{"which": "light.porch"}, {"which": ""}]
