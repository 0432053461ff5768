"""What an intent call acts on, as its handler would find it.

Handlers that match targets (``DynamicServiceIntentHandler``, those with platforms or that
take ``name``, ``area`` or ``floor``) act on what Assist's matcher finds, matched within the
set a caller hands. Intents on ``NO_ENTITY`` touch no entity, each for its reason; an
``intent_script`` intent acts on what its actions do; any other handler is ``unknown``.
"""

from __future__ import annotations

from collections.abc import Mapping
import copy
from dataclasses import replace
from typing import Any, Final, TypeGuard

from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.const import CONF_ACTION
from homeassistant.core import HomeAssistant, State
from homeassistant.helpers import intent, llm as llm_helper
from homeassistant.helpers.script import Script
from homeassistant.helpers.template import Template

from .acts import NOTHING, Acts, outside
from .resolve import Within, match
from .walk import actions_acts, entities_acts

__all__ = [
    "NO_ENTITY",
    "constraints_of",
    "handler_of",
    "intent_acts",
    "intent_answers",
    "intent_reach",
    "intent_unknown",
    "plain_handler",
    "slots_of",
    "states_within",
    "trusted_annotations",
]

# Intents that act on no entity, each with why.
NO_ENTITY: Final = {
    intent.INTENT_NEVERMIND: "does nothing",
    intent.INTENT_RESPOND: "only answers",
    intent.INTENT_GET_CURRENT_DATE: "reads the date",
    intent.INTENT_GET_CURRENT_TIME: "reads the time",
    intent.INTENT_START_TIMER: "starts a timer on the asking device (one with a command is not "
    "followed: Home Assistant runs it later with every exposed entity)",
    intent.INTENT_CANCEL_TIMER: "acts on the asking device's timers",
    intent.INTENT_CANCEL_ALL_TIMERS: "acts on the asking device's timers",
    intent.INTENT_INCREASE_TIMER: "acts on the asking device's timers",
    intent.INTENT_DECREASE_TIMER: "acts on the asking device's timers",
    intent.INTENT_PAUSE_TIMER: "acts on the asking device's timers",
    intent.INTENT_UNPAUSE_TIMER: "acts on the asking device's timers",
    intent.INTENT_TIMER_STATUS: "reads the asking device's timers",
}
# The modules of Home Assistant's own handlers of the intents on ``NO_ENTITY``.
_OWN_HANDLERS: Final = frozenset(
    {"homeassistant.components.intent", "homeassistant.components.intent.timers"}
)
_TIMER_COMMAND: Final = (
    "a timer's command, which Home Assistant runs later with every exposed entity"
)
_OWN_WAY: Final = "the intent {} may find what it acts on its own way"
_TARGET_SLOTS: Final = frozenset({"name", "area", "floor"})
# Intents whose ``area`` says what they do, not where their targets are: a vacuum cleans the
# area named, and its handler matches vacuums anywhere (the area only prefers one).
_AREA_DONE: Final = frozenset({"HassVacuumCleanArea"})
_ANSWER_KEYS: Final = ("speech", "reprompt", "card")
"""The parts of an ``intent_script`` intent's answer, each of templates."""
_SPEECH: Final = "its speech may carry what its templates read"


def _no_entity(hass: HomeAssistant, intent_type: str) -> bool:
    """Return whether ``intent_type`` is on ``NO_ENTITY`` with Home Assistant's own handler.

    Not when an ``intent_script`` intent, or another's handler, took its name.
    """
    if intent_type not in NO_ENTITY:
        return False
    handler = handler_of(hass, intent_type)
    return handler is not None and type(handler).__module__ in _OWN_HANDLERS


def handler_of(hass: HomeAssistant, intent_type: str) -> intent.IntentHandler | None:
    """Return the handler Home Assistant has for ``intent_type`` (None: none)."""
    return next((item for item in intent.async_get(hass) if item.intent_type == intent_type), None)


def plain_handler(
    handler: intent.IntentHandler | None,
) -> TypeGuard[intent.DynamicServiceIntentHandler]:
    """Return whether ``handler`` runs ``DynamicServiceIntentHandler.async_handle`` unreplaced."""
    return isinstance(handler, intent.DynamicServiceIntentHandler) and (
        getattr(handler.async_handle, "__func__", None)
        is intent.DynamicServiceIntentHandler.async_handle
    )


def _matches_targets(handler: intent.IntentHandler) -> bool:
    """Return whether ``handler`` finds its targets with Assist's matcher."""
    if isinstance(handler, intent.DynamicServiceIntentHandler) or handler.platforms is not None:
        return True
    schema = handler.slot_schema or {}
    return any(str(getattr(key, "schema", key)) in _TARGET_SLOTS for key in schema) or any(
        isinstance(getattr(key, "validators", None), list | tuple)
        and _TARGET_SLOTS & set(map(str, key.validators))
        for key in schema
    )


def _script(handler: intent.IntentHandler) -> Script | None:
    """Return the actions of an ``intent_script`` intent (None: not one, or none)."""
    config = getattr(handler, "config", None)
    action = config.get(CONF_ACTION) if isinstance(config, Mapping) else None
    return action if isinstance(action, Script) else None


def _speech_templated(handler: intent.IntentHandler) -> bool:
    """Return whether an ``intent_script`` intent answers with templates (speech, card)."""
    config = getattr(handler, "config", None)
    if not isinstance(config, Mapping):
        return False
    answer = [config.get(key) for key in _ANSWER_KEYS]
    return any(
        isinstance(value, Template) and not value.is_static
        for part in answer
        if isinstance(part, Mapping)
        for value in part.values()
    )


def intent_answers(hass: HomeAssistant, intent_type: str) -> str | None:
    """Return why the answer of an ``intent_script`` intent may carry what it reads (None: not).

    Its speech, reprompt and card are templates rendered with every state of the home.
    """
    handler = handler_of(hass, intent_type)
    return _SPEECH if handler is not None and _speech_templated(handler) else None


def intent_unknown(hass: HomeAssistant, intent_type: str) -> str | None:
    """Return why no call of ``intent_type`` can be followed (None: calls can be)."""
    if _no_entity(hass, intent_type):
        return None
    if (handler := handler_of(hass, intent_type)) is None:
        return f"the intent {intent_type} has no handler"
    if (script := _script(handler)) is not None:
        return actions_acts(hass, script.sequence).unknown
    if intent_type == intent.INTENT_BROADCAST or _matches_targets(handler):
        return None
    return f"the intent {intent_type} picks what it acts on in ways the hub cannot follow"


def _unread(hass: HomeAssistant, intent_type: str) -> frozenset[str]:
    """Return the parts of an ``intent_script`` intent's actions it cannot follow, as written."""
    handler = handler_of(hass, intent_type)
    script = None if handler is None else _script(handler)
    return frozenset() if script is None else actions_acts(hass, script.sequence).bound


def slots_of(
    hass: HomeAssistant,
    tool: llm_helper.IntentTool,
    arguments: Mapping[str, Any],
    llm_context: llm_helper.LLMContext,
) -> dict[str, Any]:
    """Return the slots ``IntentTool.async_call`` hands the intent."""
    slots: dict[str, Any] = {
        key: {"value": value}
        for key, value in arguments.items()
        if not intent.is_blank_slot_value(value)
    }
    if tool.extra_slots:
        preferences = llm_helper.async_get_match_preferences(hass, llm_context)
        for name, value in (
            ("preferred_area_id", preferences.area_id),
            ("preferred_floor_id", preferences.floor_id),
        ):
            if value and name in tool.extra_slots:
                slots[name] = {"value": value}
    return slots


def constraints_of(
    handler: intent.IntentHandler, slots: Mapping[str, Any], assistant: str | None
) -> intent.MatchTargetsConstraints:
    """Return the constraints the intent matches with (another handler's: looser than its own)."""
    name = slots.get("name", {}).get("value")
    domains: Any = handler.platforms
    features = states = None
    if isinstance(handler, intent.DynamicServiceIntentHandler):
        domains = handler.required_domains
        features, states = handler.required_features, handler.required_states
    if "domain" in slots:
        domains = set(slots["domain"]["value"])
    where = {} if handler.intent_type in _AREA_DONE else slots
    return intent.MatchTargetsConstraints(
        name=None if name == "all" else name,
        area_name=where.get("area", {}).get("value"),
        floor_name=where.get("floor", {}).get("value"),
        domains=domains,
        device_classes=set(slots["device_class"]["value"]) if "device_class" in slots else None,
        assistant=assistant,
        features=features,
        states=states,
    )


def intent_acts(  # noqa: PLR0911  # one answer per kind of handler
    hass: HomeAssistant,
    tool: llm_helper.IntentTool,
    arguments: Mapping[str, Any],
    llm_context: llm_helper.LLMContext,
    within: Within | None,
) -> Acts:
    """Return what the call of ``tool`` acts on, matched within ``within`` (None: all)."""
    intent_type = tool.intent_type
    if intent_type == intent.INTENT_START_TIMER and _no_entity(hass, intent_type):
        command = arguments.get("conversation_command")
        return Acts(unknown=_TIMER_COMMAND) if command else NOTHING
    if _no_entity(hass, intent_type):
        return NOTHING
    if (why := intent_unknown(hass, intent_type)) is not None:
        return Acts(unknown=why, bound=_unread(hass, intent_type))
    handler = handler_of(hass, intent_type)
    assert handler is not None  # noqa: S101  # intent_unknown says so
    if intent_type == intent.INTENT_BROADCAST:
        return entities_acts(hass, hass.states.async_entity_ids("assist_satellite"))
    if (script := _script(handler)) is not None:
        acts = actions_acts(hass, script.sequence)
        return replace(acts, answers=_SPEECH) if _speech_templated(handler) else acts
    try:
        slots = handler.async_validate_slots(dict(slots_of(hass, tool, arguments, llm_context)))
        # Slots a handler lets through unchecked (``device_class``: 5) may not make constraints.
        constraints = constraints_of(handler, slots, llm_context.assistant)
    except Exception:  # noqa: BLE001  # the handler refuses them
        return Acts(unknown="the handler refuses these slots")
    plain = plain_handler(handler)
    if plain and not constraints.has_constraints:
        return NOTHING  # its async_handle refuses to act on every entity
    preferences = intent.MatchTargetsPreferences(
        area_id=slots.get("preferred_area_id", {}).get("value"),
        floor_id=slots.get("preferred_floor_id", {}).get("value"),
    )
    matched = match(hass, constraints, preferences, within)
    if not matched.is_match:
        # A plain handler fails the same way; another may find its targets its own way.
        return NOTHING if plain else Acts(unknown=_OWN_WAY.format(intent_type))
    states = matched.states
    if plain and within is not None:
        # As the scoped call runs: a group, scene or script acting outside is left out.
        states = states_within(hass, states, within) or states
    acts = entities_acts(hass, (state.entity_id for state in states))
    return replace(acts, areas=acts.areas | {area.id for area in matched.areas})


def states_within(hass: HomeAssistant, states: list[State], within: Within) -> list[State]:
    """Return the ``states`` whose entities act only ``within``, members and scripts followed."""
    return [
        state
        for state in states
        if (acts := entities_acts(hass, [state.entity_id])).unknown is None
        and acts.answers is None
        and not outside(acts, within)
    ]


def intent_reach(  # noqa: PLR0911  # one answer per kind of handler, as intent_acts
    hass: HomeAssistant, intent_type: str, assistant: str | None, within: Within | None
) -> Acts:
    """Return what some call of ``intent_type`` may act on, exposed to ``assistant``, ``within``."""
    if intent_type == intent.INTENT_START_TIMER and _no_entity(hass, intent_type):
        return Acts(unknown=_TIMER_COMMAND)
    if _no_entity(hass, intent_type):
        return NOTHING
    if (why := intent_unknown(hass, intent_type)) is not None:
        return Acts(unknown=why)
    handler = handler_of(hass, intent_type)
    if intent_type == intent.INTENT_BROADCAST:
        return entities_acts(hass, hass.states.async_entity_ids("assist_satellite"))
    if handler is not None and (script := _script(handler)) is not None:
        return actions_acts(hass, script.sequence)
    if not plain_handler(handler):
        return Acts(unknown=_OWN_WAY.format(intent_type))
    domains = handler.required_domains
    return entities_acts(
        hass,
        (
            entity_id
            for entity_id in hass.states.async_entity_ids(domains or None)
            if (within is None or within(entity_id))
            and (not assistant or async_should_expose(hass, assistant, entity_id))
        ),
    )


def trusted_annotations(hass: HomeAssistant, tool: llm_helper.Tool) -> llm_helper.Tool:
    """Return ``tool``, or a copy without the read-only hint Home Assistant gave its intent."""
    if (
        isinstance(tool, llm_helper.IntentTool)
        and tool.annotations is not None
        and tool.annotations.read_only
        and not _no_entity(hass, tool.intent_type)
    ):
        tool = copy.copy(tool)
        tool.annotations = llm_helper.ToolAnnotations()
    return tool
