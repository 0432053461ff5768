"""A hub's scope (issue 24): a differential suite on the parity home, users, kept current.

Every Assist tool that acts on entities is called through a hub scoped to the kitchen and
through a hub without scope: an entity in scope has the same effect both ways; an entity
out of scope has the same (no) effect as the unscoped hub gives for that entity when it is
not exposed to Assist, and an answer that says truthfully it is outside the scope (naming
only what the model named; the live context answers as for an entity not exposed).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.tool import HubTool
from custom_components.llm_hub.options import HubOptions
from custom_components.llm_hub.scope.assist import (
    STATIC_CONTEXT_HEADING,
    OutOfScope,
    async_call_in_scope,
    prompt_in_scope,
)
from custom_components.llm_hub.scope.reach import (
    HubScope,
    ResolvedScope,
    entered,
    scopes_entered,
    within,
)
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.homeassistant.llm import NO_ENTITIES_PROMPT
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    intent,
    llm,
)
from homeassistant.setup import async_setup_component

from ..helpers.hubs import async_add_hub, hub_id, llm_context
from ..helpers.parity_home import Home, _async_effect, _context, _verdict

KITCHEN: dict[str, Any] = {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_AREAS: ["kitchen"]}

# (tool, arguments, entity the call targets), one per Assist tool that acts on entities.
CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("intent__HassTurnOn", {"name": "Desk lamp"}, "light.desk_lamp"),
    ("intent__HassTurnOff", {"name": "Desk lamp", "domain": ["light"]}, "light.desk_lamp"),
    ("intent__HassSetPosition", {"name": "Garage door", "position": 10}, "cover.garage_door"),
    ("intent__HassStopMoving", {"name": "Garage door"}, "cover.garage_door"),
    ("light__HassLightSet", {"name": "Desk lamp", "brightness": 20}, "light.desk_lamp"),
    (
        "climate__HassClimateSetTemperature",
        {"name": "Thermostat", "temperature": 22},
        "climate.thermostat",
    ),
    ("media_player__HassMediaPause", {"name": "TV"}, "media_player.tv"),
    ("media_player__HassMediaNext", {"name": "TV"}, "media_player.tv"),
    ("media_player__HassSetVolume", {"name": "TV", "volume_level": 10}, "media_player.tv"),
    ("media_player__HassMediaPlayerMute", {"name": "TV"}, "media_player.tv"),
    ("todo__HassListAddItem", {"name": "Shopping", "item": "Eggs"}, "todo.shopping"),
    ("homeassistant__GetLiveContext", {"name": "Desk lamp"}, "light.desk_lamp"),
    ("homeassistant__GetLiveContext", {"domain": "cover"}, "cover.garage_door"),
]
# Handlers of their own (not a plain DynamicServiceIntentHandler): they run only when all
# they match (without the scope) is in scope, else the hub refuses them (OutOfScope).
OWN_HANDLERS = {
    "climate__HassClimateSetTemperature",
    "media_player__HassMediaPlayerMute",
    "todo__HassListAddItem",
}


async def _instances(
    hass: HomeAssistant, parity_home: Home, user: Any, scoped: dict[str, Any]
) -> tuple[llm.APIInstance, llm.APIInstance]:
    """Return the instances of a scoped hub and of a hub without scope, both over Assist."""
    plain = await async_add_hub(hass, "Plain", {CONF_LLM_HASS_API: ["assist"]})
    scope = await async_add_hub(hass, "Kitchen", scoped)
    context = _context(parity_home, user)
    return (
        await llm.async_get_api(hass, hub_id(scope), context),
        await llm.async_get_api(hass, hub_id(plain), context),
    )


@pytest.mark.parametrize(("name", "args", "entity_id"), CALLS)
async def test_out_of_scope_is_not_exposed(  # noqa: PLR0917  # fixtures and parameters
    hass: HomeAssistant,
    parity_home: Home,
    hass_admin_user: Any,
    name: str,
    args: dict[str, Any],
    entity_id: str,
) -> None:
    """Out of scope: the same (no) effect as the entity not exposed to Assist.

    An intent is refused as outside the scope (OutOfScope), not as "not exposed"; a handler
    of its own without naming anything; the live context answers as for an unexposed entity.
    """
    scoped, plain = await _instances(hass, parity_home, hass_admin_user, KITCHEN)
    start = parity_home.snapshot()
    refused = await _async_effect(parity_home, scoped, start, name, args)
    async_expose_entity(hass, "conversation", entity_id, should_expose=False)
    unexposed = await _async_effect(parity_home, plain, start, name, args)

    assert refused.failed
    assert refused.seen == unexposed.seen == []
    assert refused.after == unexposed.after == parity_home.plain(start)
    if name in OWN_HANDLERS:
        assert refused.outcome[2]["error"] == "OutOfScope"
        assert refused.outcome[2]["error_text"] == (
            f"Tool {name} did not run: tool {name} with these arguments acts on entities "
            "outside the scope of this assistant. Tell the user it cannot do that here."
        )
        assert entity_id not in refused.outcome[2]["error_text"]
        assert unexposed.outcome[2]["error"] == "MatchFailedError"
        assert unexposed.outcome[2]["error_text"].startswith(
            "No matching entities are exposed to the assistant (given name"
        )
    elif name == "homeassistant__GetLiveContext":
        assert refused.outcome == unexposed.outcome
    else:
        assert refused.outcome[2]["error"] == "OutOfScope"
        assert f"name {args['name']!r}" in refused.outcome[2]["error_text"]
        assert "is outside the scope of this assistant" in refused.outcome[2]["error_text"]
        assert entity_id not in refused.outcome[2]["error_text"]
        assert unexposed.outcome[2]["error"] == "MatchFailedError"


@pytest.mark.parametrize(("name", "args", "entity_id"), CALLS)
async def test_in_scope_same_effect(  # noqa: PLR0917  # fixtures and parameters
    hass: HomeAssistant,
    parity_home: Home,
    hass_admin_user: Any,
    name: str,
    args: dict[str, Any],
    entity_id: str,
) -> None:
    """In scope (the entity moved into the kitchen, no reload): the same effect as without."""
    scoped, plain = await _instances(hass, parity_home, hass_admin_user, KITCHEN)
    er.async_get(hass).async_update_entity(entity_id, area_id="kitchen")
    start = parity_home.snapshot()
    in_scope = await _async_effect(parity_home, scoped, start, name, args)
    without = await _async_effect(parity_home, plain, start, name, args)

    assert _verdict(without, in_scope) == "same effect"


async def test_area_wide_call_acts_in_scope_only(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """ "Turn on the lights" through the kitchen hub turns on the kitchen's lights only."""
    scoped, _plain = await _instances(hass, parity_home, hass_admin_user, KITCHEN)
    start = parity_home.snapshot()
    effect = await _async_effect(
        parity_home, scoped, start, "intent__HassTurnOn", {"domain": ["light"]}
    )

    assert not effect.failed
    assert ["call", ["light", "turn_on", {"entity_id": ["light.kitchen_light"]}]] in effect.seen
    lamp = hass.states.get("light.desk_lamp")
    assert lamp is not None
    assert lamp.state == "off"


async def test_prompt_and_live_context_in_scope(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """The prompt's overview and the live context list only what the scope reaches."""
    scoped, plain = await _instances(hass, parity_home, hass_admin_user, KITCHEN)

    assert "Desk lamp" in plain.api_prompt
    assert "Kitchen light" in scoped.api_prompt
    assert "Desk lamp" not in scoped.api_prompt
    result = await scoped.async_call_tool(llm.ToolInput("homeassistant__GetLiveContext", {}))
    overview = str(result.data["result"])
    assert "Kitchen light" in overview
    assert "Desk lamp" not in overview
    # Scripts may reach anything: a scoped hub leaves them out.
    assert not any(tool.name.startswith("script__") for tool in scoped.tools)
    assert any(tool.name.startswith("script__") for tool in plain.tools)


async def test_hub_selecting_a_scoped_hub_intersects(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """A hub that selects a scoped hub reaches what both scopes reach."""
    inner = await async_add_hub(
        hass, "Lights", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_DOMAINS: ["light"]}
    )
    outer = await async_add_hub(
        hass,
        "Outer",
        {CONF_LLM_HASS_API: [hub_id(inner)], const.CONF_SCOPE_EXCLUDED: ["light.kitchen_light"]},
    )
    instance = await llm.async_get_api(hass, hub_id(outer), _context(parity_home, hass_admin_user))
    start = parity_home.snapshot()

    lamp = await _async_effect(
        parity_home, instance, start, "intent__HassTurnOn", {"name": "Desk lamp"}
    )
    kitchen = await _async_effect(
        parity_home, instance, start, "intent__HassTurnOn", {"name": "Kitchen light"}
    )
    tv = await _async_effect(parity_home, instance, start, "intent__HassTurnOff", {"name": "TV"})

    assert not lamp.failed
    assert kitchen.failed
    assert tv.failed
    assert "Thermostat" not in instance.api_prompt


async def test_users_allowed_and_refused(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any, hass_read_only_user: Any
) -> None:
    """A hub for some users: others get no tools and a prompt that says why."""
    entry = await async_add_hub(
        hass,
        "Kids",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_ALLOWED_USERS: [hass_admin_user.id]},
    )
    admins = await async_add_hub(
        hass, "Admins", {CONF_LLM_HASS_API: ["assist"], const.CONF_ADMINS_ONLY: True}
    )

    allowed = await llm.async_get_api(hass, hub_id(entry), _context(parity_home, hass_admin_user))
    refused = await llm.async_get_api(
        hass, hub_id(entry), _context(parity_home, hass_read_only_user)
    )
    nobody = await llm.async_get_api(
        hass, hub_id(entry), llm.LLMContext("test", Context(), "en", "conversation", None)
    )
    admin_only = await llm.async_get_api(
        hass, hub_id(admins), _context(parity_home, hass_read_only_user)
    )

    assert allowed.tools
    for instance in (refused, nobody, admin_only):
        assert instance.tools == []
        assert "is not available to this user" in instance.api_prompt


async def test_deactivated_user_is_refused(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """A user on the Users list, or an admin, who is deactivated gets no tools."""
    listed = await async_add_hub(
        hass,
        "Kids",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_ALLOWED_USERS: [hass_admin_user.id]},
    )
    admins = await async_add_hub(
        hass, "Admins", {CONF_LLM_HASS_API: ["assist"], const.CONF_ADMINS_ONLY: True}
    )
    context = _context(parity_home, hass_admin_user)
    assert (await llm.async_get_api(hass, hub_id(listed), context)).tools

    await hass.auth.async_deactivate_user(hass_admin_user)

    for entry in (listed, admins):
        instance = await llm.async_get_api(hass, hub_id(entry), context)
        assert instance.tools == []
        assert "is not available to this user" in instance.api_prompt


async def test_area_removed_keeps_the_rest(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """A removed area of the scope reaches nothing; the rest of the scope still works."""
    garage = ar.async_get(hass).async_get_area_by_name("Garage")
    assert garage is not None
    er.async_get(hass).async_update_entity("cover.garage_door", area_id=garage.id)
    scoped, _plain = await _instances(
        hass,
        parity_home,
        hass_admin_user,
        {**KITCHEN, const.CONF_SCOPE_AREAS: ["kitchen", garage.id]},
    )
    ar.async_get(hass).async_delete(garage.id)
    await hass.async_block_till_done()
    start = parity_home.snapshot()

    light = await _async_effect(
        parity_home, scoped, start, "intent__HassTurnOn", {"name": "Kitchen light"}
    )
    door = await _async_effect(
        parity_home, scoped, start, "intent__HassStopMoving", {"name": "Garage door"}
    )

    assert not light.failed
    assert door.failed


def test_overrides_not_a_mapping_read_as_none() -> None:
    """Unchecked, overrides that are not a mapping read as none (as the options flow shows)."""
    assert HubOptions.from_options({const.CONF_OVERRIDES: "x"}, checked=False).overrides == {}


async def test_prompt_left_whole_without_overview(hass: HomeAssistant) -> None:
    """Without an assistant, or with nothing exposed, the prompt stays as it is."""
    assert await async_setup_component(hass, "homeassistant", {})
    overview = f"{STATIC_CONTEXT_HEADING}\n- names: Lamp\n"
    assert prompt_in_scope(hass, None, overview) == overview
    assert prompt_in_scope(hass, "conversation", overview) == overview


@pytest.mark.parametrize(
    ("name", "args", "error"),
    [
        ("intent__HassStartTimer", {"minutes": 5}, None),
        ("intent__HassSetPosition", {"name": "Garage door", "position": "high"}, "Invalid"),
        ("intent__HassTurnOn", {"area": "Kitchen", "domain": ["light"]}, None),
        ("intent__HassTurnOn", {"floor": "Ground floor", "domain": ["light"]}, None),
        ("homeassistant__GetLiveContext", {"area": "Kitchen", "domain": "todo"}, "(s): todo"),
        ("homeassistant__GetLiveContext", {"area": "Nowhere"}, "Area 'Nowhere' does not exist"),
        ("homeassistant__GetLiveContext", {"name": "Nobody"}, "No exposed entities matched name"),
        ("homeassistant__GetLiveContext", {"area": "Garage"}, "No exposed entities found in area"),
        ("homeassistant__GetLiveContext", {"domain": ["lock"]}, "found in domain(s): lock"),
        ("homeassistant__GetLiveContext", {"domain": "light", "name": "Desk lamp"}, "matched"),
    ],
)
async def test_calls_in_scope_directly(  # noqa: PLR0917  # fixtures and parameters
    hass: HomeAssistant,
    parity_home: Home,
    hass_admin_user: Any,
    name: str,
    args: dict[str, Any],
    error: str | None,
) -> None:
    """Calls the hub narrows: timers pass, invalid slots fail as the intent fails them."""
    er.async_get(hass).async_update_entity("cover.garage_door", area_id="kitchen")
    er.async_get(hass).async_update_entity("light.desk_lamp", area_id="kitchen")
    assist = await llm.async_get_api(hass, "assist", _context(parity_home, hass_admin_user))
    tool = next(tool for tool in assist.tools if tool.name == name)
    scope = HubScope(areas=frozenset({"kitchen"}), excluded=frozenset({"light.desk_lamp"}))
    context = _context(parity_home, hass_admin_user)
    with entered((scope.resolve(hass),)):
        call = async_call_in_scope(hass, tool, llm.ToolInput(name, args), context)
        if error == "Invalid":
            with pytest.raises(Exception, match="invalid"):
                await call
            return
        result = await call
    assert isinstance(result, llm.ToolResult)
    if error is None:
        assert not result.error
    else:
        assert error in str(result.data)


async def test_nothing_in_scope_live_context(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """A scope that reaches nothing exposed: the live context says what Assist says then."""
    assist = await llm.async_get_api(hass, "assist", _context(parity_home, hass_admin_user))
    tool = next(tool for tool in assist.tools if tool.name == "homeassistant__GetLiveContext")
    with entered((HubScope(domains=frozenset({"lock"})).resolve(hass),)):
        result = await async_call_in_scope(
            hass, tool, llm.ToolInput(tool.name, {}), _context(parity_home, hass_admin_user)
        )
    assert isinstance(result, llm.ToolResult)
    assert result.error
    assert result.data == {"error": NO_ENTITIES_PROMPT}


async def test_same_name_in_scope_not_told_apart(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """The satellite's area picks a namesake out of scope: the ones in scope stay ambiguous."""
    entities = er.async_get(hass)
    for entity_id in ("light.desk_lamp", "cover.garage_door"):
        entities.async_update_entity(entity_id, name="Kitchen light")
    dr.async_get(hass).async_update_device(parity_home.device_id, area_id="kitchen")
    assist = await llm.async_get_api(hass, "assist", _context(parity_home, hass_admin_user))
    tool = next(tool for tool in assist.tools if tool.name == "intent__HassTurnOn")
    scope = HubScope(excluded=frozenset({"light.kitchen_light"}))
    with entered((scope.resolve(hass),)), pytest.raises(intent.MatchFailedError) as raised:
        await async_call_in_scope(
            hass,
            tool,
            llm.ToolInput(tool.name, {"name": "Kitchen light"}),
            _context(parity_home, hass_admin_user),
        )
    assert raised.value.result.no_match_reason is intent.MatchFailedReason.NAME


class _OwnMatch(intent.ServiceIntentHandler):
    """A handler that does more in ``async_handle`` than match and act."""

    async def async_handle(self, intent_obj: intent.Intent) -> intent.IntentResponse:
        """Handle as the base class does."""
        return await super().async_handle(intent_obj)


async def test_handler_of_its_own_refuses_what_is_out_of_scope(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """A handler the hub cannot narrow refuses a call that also reaches out of scope."""
    handler = _OwnMatch("TestLightsOn", "light", "turn_on", required_domains={"light"})
    intent.async_register(hass, handler)
    tool = llm.IntentTool("test__TestLightsOn", handler)
    scope = HubScope(areas=frozenset({"kitchen"}))
    tool_input = llm.ToolInput(tool.name, {"domain": ["light"]})
    with (
        entered((scope.resolve(hass),)),
        pytest.raises(OutOfScope, match="with these arguments acts on entities outside the scope"),
    ):
        await async_call_in_scope(hass, tool, tool_input, _context(parity_home, hass_admin_user))
    assert hass.states.get("light.kitchen_light").state == "off"  # type: ignore[union-attr]


@pytest.mark.parametrize("assistant", [None, ""])
async def test_call_naming_no_assistant_matches_as_a_conversation(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any, assistant: str | None
) -> None:
    """A request that names no assistant reaches only what a conversation has exposed."""
    async_expose_entity(hass, "conversation", "light.kitchen_light", should_expose=False)
    assist = await llm.async_get_api(hass, "assist", _context(parity_home, hass_admin_user))
    tool = next(tool for tool in assist.tools if tool.name == "intent__HassTurnOn")
    no_assistant: Any = {"assistant": assistant}  # typed str, yet some agents send None
    context = replace(_context(parity_home, hass_admin_user), **no_assistant)
    tool_input = llm.ToolInput(tool.name, {"name": "Kitchen light"})
    with (
        entered((HubScope(areas=frozenset({"kitchen"})).resolve(hass),)),
        pytest.raises(intent.MatchFailedError),
    ):
        await async_call_in_scope(hass, tool, tool_input, context)
    assert hass.states.get("light.kitchen_light").state == "off"  # type: ignore[union-attr]


async def test_intent_removed_since_listed_fails_as_it_would_unscoped(
    hass: HomeAssistant, parity_home: Home, hass_admin_user: Any
) -> None:
    """A tool whose intent is gone fails in a scope as without one: unknown intent."""
    handler = intent.ServiceIntentHandler("TestLightsOn", "light", "turn_on")
    intent.async_register(hass, handler)
    tool = llm.IntentTool("test__TestLightsOn", handler)
    intent.async_remove(hass, "TestLightsOn")
    tool_input = llm.ToolInput(tool.name, {"name": "Kitchen light"})
    context = _context(parity_home, hass_admin_user)

    with pytest.raises(intent.UnknownIntent, match="TestLightsOn"):
        await tool.async_call(hass, tool_input, context)
    with (
        entered((HubScope(areas=frozenset({"kitchen"})).resolve(hass),)),
        pytest.raises(intent.UnknownIntent, match="TestLightsOn"),
    ):
        await async_call_in_scope(hass, tool, tool_input, context)
    assert hass.states.get("light.kitchen_light").state == "off"  # type: ignore[union-attr]


class _ScopeProbe(llm.Tool):
    """A tool that answers with the entities the scopes entered while it runs reach."""

    name = "probe"
    description = "Says what the scopes entered reach."
    integration = "test"

    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Return the sorted entity ids each scope entered names, outermost first."""
        named: list[Any] = [sorted(scope.named) for scope in scopes_entered()]
        return llm.ToolResult(data={"entered": named})


async def test_a_call_enters_exactly_its_own_scopes(hass: HomeAssistant) -> None:
    """A tool runs within the scopes handed to its call only: none inherited from the caller."""
    outer = ResolvedScope(frozenset({"light.outer"}))
    own = ResolvedScope(frozenset({"light.own"}))
    tool = HubTool("probe", _ScopeProbe(), "test")
    tool_input = llm.ToolInput("probe", {})

    async def entered_in_call(scopes: tuple[ResolvedScope, ...] = ()) -> Any:
        return (await tool.async_run(hass, tool_input, llm_context(), scopes=scopes)).result.data

    assert await entered_in_call() == {"entered": []}
    assert await entered_in_call((own,)) == {"entered": [["light.own"]]}
    with entered((outer,)):
        assert await entered_in_call() == {"entered": []}
        assert await entered_in_call((own,)) == {"entered": [["light.own"]]}
        assert scopes_entered() == (outer,)
    assert scopes_entered() == ()


def test_entered_sets_exactly_the_scopes_given() -> None:
    """``entered`` replaces what an outer block entered, and restores it after."""
    scope = ResolvedScope(frozenset({"light.a"}))
    with entered(()):
        assert scopes_entered() == ()
    with entered((scope,)):
        assert scopes_entered() == (scope,)
        with entered(()):
            assert scopes_entered() == ()
            assert within() is None
        assert scopes_entered() == (scope,)
    assert scopes_entered() == ()
