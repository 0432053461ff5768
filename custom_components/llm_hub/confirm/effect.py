"""Decides whether a tool call acts on a hub's "Always ask before acting on" set.

``effect_of`` says which tools' effect the hub can know before a call: Assist's intent
tools (the call's targets, resolved with Home Assistant's own intent matching), scripts and
action tools made in the UI (what their actions reference, nested scripts followed; a
template that picks an action or its target counts as acting on the set).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol, override
import weakref

from homeassistant.const import (
    ATTR_AREA_ID,
    ATTR_DEVICE_ID,
    ATTR_ENTITY_ID,
    ATTR_FLOOR_ID,
    ATTR_LABEL_ID,
    CONF_ACTION,
    CONF_CHOOSE,
    CONF_DEFAULT,
    CONF_ELSE,
    CONF_PARALLEL,
    CONF_REPEAT,
    CONF_SEQUENCE,
    CONF_TARGET,
    CONF_THEN,
    ENTITY_MATCH_ALL,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers import (
    config_validation as cv,
    device_registry as dr,
    entity_registry as er,
    intent,
    llm as llm_helper,
    target as target_helper,
)
from homeassistant.helpers.script import Script
from homeassistant.helpers.template import Template, is_template_string

from ..options import EveryTool
from ..scope.assist import match_within_scope, script_of
from ..scope.reach import reaches

if TYPE_CHECKING:
    from homeassistant.helpers.llm import LLMContext, Tool

__all__ = [
    "ALWAYS",
    "NEVER",
    "Asking",
    "Effect",
    "EffectSet",
    "effect_of",
    "outside_scope",
    "script_called",
    "script_outside_scope",
    "target_outside_scope",
]

_TARGET_KEYS: Final = (ATTR_ENTITY_ID, ATTR_DEVICE_ID, ATTR_AREA_ID, ATTR_FLOOR_ID, ATTR_LABEL_ID)
_OPAQUE_ACTIONS: Final = frozenset({"conversation.process", "automation.trigger"})
"""Actions that act on whatever their words or another configuration say."""
_SCRIPT_SERVICES: Final = frozenset({"turn_on", "turn_off", "toggle", "reload"})
"""The script domain's own actions (targets, not scripts by name)."""


@dataclass(frozen=True, slots=True)
class EffectSet:
    """What the hub always asks before acting on: domains, device classes, areas, entities."""

    domains: frozenset[str] = frozenset()
    device_classes: frozenset[str] = frozenset()
    areas: frozenset[str] = frozenset()
    entities: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        """Return whether the set names anything."""
        return bool(self.domains or self.device_classes or self.areas or self.entities)

    @property
    def everything(self) -> bool:
        """Return whether a part was stored with the wrong type: every acting call asks."""
        parts = (self.domains, self.device_classes, self.areas, self.entities)
        return any(isinstance(part, EveryTool) for part in parts)

    def holds(self, hass: HomeAssistant, entity_ids: Iterable[str], areas: Iterable[str]) -> bool:
        """Return whether acting on ``entity_ids``, or in ``areas`` (ids), acts on the set."""
        if not self.areas.isdisjoint(areas):
            return True
        entities = er.async_get(hass) if self.device_classes or self.areas else None
        devices = dr.async_get(hass) if self.areas else None
        for entity_id in entity_ids:
            if (
                entity_id == ENTITY_MATCH_ALL
                or entity_id in self.entities
                or entity_id.partition(".")[0] in self.domains
            ):
                return True
            if entities is None:
                continue
            entry = entities.async_get(entity_id)
            if self.device_classes and _device_class(hass, entity_id, entry) in self.device_classes:
                return True
            if devices is not None and _area_of(entry, devices) in self.areas:
                return True
        return False


def _device_class(
    hass: HomeAssistant, entity_id: str, entry: er.RegistryEntry | None
) -> str | None:
    if entry is not None and (device_class := entry.device_class or entry.original_device_class):
        return device_class
    state = hass.states.get(entity_id)
    device_class = state.attributes.get("device_class") if state is not None else None
    return device_class if isinstance(device_class, str) else None


def _area_of(entry: er.RegistryEntry | None, devices: dr.DeviceRegistry) -> str | None:
    if entry is None or entry.area_id:
        return None if entry is None else entry.area_id
    device = devices.async_get(entry.device_id) if entry.device_id else None
    return device.area_id if device is not None else None


class Effect(Protocol):
    """What calls of one tool act on."""

    def touches(
        self,
        hass: HomeAssistant,
        arguments: Mapping[str, Any],
        llm_context: LLMContext,
        effects: EffectSet,
    ) -> bool:
        """Return whether the call with ``arguments`` acts on anything in ``effects``."""


class _Fixed:
    """Every call touches the set, or none does (a tool that asks for fixed reasons)."""

    __slots__ = ("_touches",)

    def __init__(self, *, touches: bool) -> None:
        self._touches = touches

    def touches(
        self,
        hass: HomeAssistant,
        arguments: Mapping[str, Any],
        llm_context: LLMContext,
        effects: EffectSet,
    ) -> bool:
        """Return the fixed answer."""
        return self._touches


ALWAYS: Final = _Fixed(touches=True)
NEVER: Final = _Fixed(touches=False)


@dataclass(frozen=True, slots=True)
class Asking:
    """Why calls of a tool may ask (words for the inspector) and which calls do."""

    reason: str
    effect: Effect = ALWAYS


@dataclass(frozen=True, slots=True)
class IntentEffect:
    """An intent's call acts on the entities its slots match, as its handler matches them."""

    intent_type: str
    destructive: bool
    """What a call counts as when the handler matches targets its own way."""

    def touches(
        self,
        hass: HomeAssistant,
        arguments: Mapping[str, Any],
        llm_context: LLMContext,
        effects: EffectSet,
    ) -> bool:
        """Return whether the entities the call's slots match are in ``effects``.

        A call that matches nothing acts on nothing (the handler fails the same way);
        slots the handler refuses count as acting on the set.
        """
        handler = next(
            (known for known in intent.async_get(hass) if known.intent_type == self.intent_type),
            None,
        )
        if not isinstance(handler, intent.DynamicServiceIntentHandler) or (
            type(handler).async_handle is not intent.DynamicServiceIntentHandler.async_handle
        ):
            return self.destructive
        try:
            slots = handler.async_validate_slots(
                {
                    key: {"value": value}
                    for key, value in arguments.items()
                    if not intent.is_blank_slot_value(value)
                }
            )
        except Exception:  # noqa: BLE001  # the handler refuses them; ask all the same
            return True
        name = slots.get("name", {}).get("value")
        domains = slots.get("domain", {}).get("value")
        device_classes = slots.get("device_class", {}).get("value")
        constraints = intent.MatchTargetsConstraints(
            name=None if name == "all" else name,
            area_name=slots.get("area", {}).get("value"),
            floor_name=slots.get("floor", {}).get("value"),
            domains=handler.required_domains if domains is None else set(domains),
            device_classes=None if device_classes is None else set(device_classes),
            features=handler.required_features,
            states=handler.required_states,
            assistant=llm_context.assistant,
        )
        if not constraints.has_constraints:
            return False  # the handler refuses to act on every entity
        # Matched as the scoped call matches: an entity out of scope counts as not exposed.
        matched = match_within_scope(
            hass, constraints, llm_helper.async_get_match_preferences(hass, llm_context)
        )
        # A script or scene it turns on acts as the script's own tool does.
        return matched.is_match and _targets_touch(
            hass, {state.entity_id for state in matched.states}, effects, set()
        )


@dataclass(frozen=True, slots=True)
class _Actions:
    """What a script's actions call, beyond what it references (``Script.referenced_*``)."""

    actions: frozenset[str]
    """The actions called (``domain.name``)."""
    entities: frozenset[str]
    """The entities ``scene.apply`` and ``scene.create`` set."""
    templated: bool
    """Whether a template picks an action or what it acts on."""


_ACTIONS: weakref.WeakKeyDictionary[Script, _Actions] = weakref.WeakKeyDictionary()


def _actions_of(script: Script) -> _Actions:
    """Return what ``script``'s actions call (kept per script: a script never changes)."""
    if (known := _ACTIONS.get(script)) is None:
        actions: set[str] = set()
        entities: set[str] = set()
        templated = _walk(script.sequence, actions, entities)
        known = _ACTIONS[script] = _Actions(frozenset(actions), frozenset(entities), templated)
    return known


def _walk(sequence: Sequence[dict[str, Any]], actions: set[str], entities: set[str]) -> bool:
    """Add what ``sequence`` calls to ``actions``, ``entities``; return if a template picks one."""
    templated = False
    for step in sequence:
        kind = cv.determine_script_action(step)
        if kind == cv.SCRIPT_ACTION_CALL_SERVICE:
            action = step.get(CONF_ACTION)
            if not isinstance(action, str):
                templated = True
                continue
            actions.add(action)
            data = [step.get(CONF_TARGET), step.get("data"), step.get("data_template"), step]
            templated |= any(_picks_target(part) for part in data)
            if action in {"scene.apply", "scene.create"} and isinstance(data[1], Mapping):
                set_entities = data[1].get("entities") or {}
                templated |= _dynamic(set_entities)
                entities.update(str(key) for key in set_entities)
        for nested in _sequences(kind, step):
            templated |= _walk(nested, actions, entities)
    return templated


def _sequences(kind: str, step: Mapping[str, Any]) -> list[Sequence[dict[str, Any]]]:
    """Return the sequences nested in a step (choose, if, repeat, parallel, sequence)."""
    if kind == cv.SCRIPT_ACTION_CHOOSE:
        return [choice[CONF_SEQUENCE] for choice in step[CONF_CHOOSE]] + (
            [step[CONF_DEFAULT]] if CONF_DEFAULT in step else []
        )
    if kind == cv.SCRIPT_ACTION_IF:
        return [step[CONF_THEN]] + ([step[CONF_ELSE]] if CONF_ELSE in step else [])
    if kind == cv.SCRIPT_ACTION_REPEAT:
        return [step[CONF_REPEAT][CONF_SEQUENCE]]
    if kind == cv.SCRIPT_ACTION_PARALLEL:
        return [branch[CONF_SEQUENCE] for branch in step[CONF_PARALLEL]]
    if kind == cv.SCRIPT_ACTION_SEQUENCE:
        return [step[CONF_SEQUENCE]]
    return []


def _picks_target(part: Any) -> bool:
    """Return whether a target or data is a template, or holds one as a target."""
    if isinstance(part, Template):
        return not part.is_static
    return isinstance(part, Mapping) and any(_dynamic(part.get(key)) for key in _TARGET_KEYS)


def _dynamic(value: Any) -> bool:
    """Return whether a value holds a template anywhere."""
    if isinstance(value, Template):
        return not value.is_static
    if isinstance(value, str):
        return is_template_string(value)
    if isinstance(value, Mapping):
        return any(_dynamic(key) or _dynamic(item) for key, item in value.items())
    if isinstance(value, list | tuple):
        return any(_dynamic(item) for item in value)
    return False


@dataclass(frozen=True, slots=True)
class ScriptEffect:
    """A script's call acts on what its actions reference, nested scripts included."""

    script: Script | str
    """The script, or the entity id of a script entity (looked up per call)."""

    def touches(
        self,
        hass: HomeAssistant,
        arguments: Mapping[str, Any],
        llm_context: LLMContext,
        effects: EffectSet,
    ) -> bool:
        """Return whether the script may act on anything in ``effects``.

        What it references counts (conditions too); a template that picks an action or a
        target, an action that acts on what its words say, or a script that cannot be
        found counts as acting on the set.
        """
        return _script_touches(hass, self.script, effects, set())


def _script_touches(
    hass: HomeAssistant, script: Script | str, effects: EffectSet, seen: set[str]
) -> bool:
    """Return whether ``script`` may act on ``effects``; ``seen``: script entities followed."""
    if isinstance(script, str):
        if script in seen:
            return False
        seen.add(script)
        if (found := _script_of(hass, script)) is None:
            return True
        script = found
    called = _actions_of(script)
    if called.templated or not _OPAQUE_ACTIONS.isdisjoint(called.actions):
        return True
    if any(action.partition(".")[0] in effects.domains for action in called.actions):
        return True
    selected = target_helper.async_extract_referenced_entity_ids(
        hass,
        target_helper.TargetSelection(
            {
                ATTR_ENTITY_ID: list(script.referenced_entities),
                ATTR_DEVICE_ID: list(script.referenced_devices),
                ATTR_AREA_ID: list(script.referenced_areas),
                ATTR_FLOOR_ID: list(script.referenced_floors),
                ATTR_LABEL_ID: list(script.referenced_labels),
            }
        ),
        primary_entities_only=False,
    )
    nested = {
        entity_id
        for action in called.actions
        if (entity_id := script_called(hass, action)) is not None
    }
    return _targets_touch(
        hass,
        selected.referenced | selected.indirectly_referenced | called.entities,
        effects,
        seen,
        selected.referenced_areas,
        nested,
    )


def _targets_touch(  # noqa: PLR0917
    hass: HomeAssistant,
    entity_ids: set[str],
    effects: EffectSet,
    seen: set[str],
    areas: Iterable[str] = (),
    nested: set[str] | None = None,
) -> bool:
    """Return whether acting on ``entity_ids``, in ``areas``, or running ``nested`` touches.

    Scenes count by their members, scripts by what they act on (``_script_touches``).
    """
    entity_ids = entity_ids | {
        member
        for entity_id in entity_ids
        if entity_id.startswith("scene.") and (state := hass.states.get(entity_id))
        for member in state.attributes.get(ATTR_ENTITY_ID) or ()
    }
    if effects.holds(hass, entity_ids, areas):
        return True
    nested = (nested or set()) | {e for e in entity_ids if e.startswith("script.")}
    return any(_script_touches(hass, entity_id, effects, seen) for entity_id in sorted(nested))


def _script_entity_id(hass: HomeAssistant, service: str) -> str:
    """Return the entity id of the script whose action is ``script.<service>``."""
    entity_id = er.async_get(hass).async_get_entity_id("script", "script", service)
    return entity_id or f"script.{service}"


def _script_of(hass: HomeAssistant, entity_id: str) -> Script | None:
    """Return the ``Script`` of a script entity, or None when there is none (or it is broken)."""
    component = hass.data.get("script")
    entity = component.get_entity(entity_id) if component is not None else None
    script = getattr(entity, "script", None)
    return script if isinstance(script, Script) else None


def effect_of(tool: Tool, *, destructive: bool) -> Effect | None:
    """Return what calls of ``tool`` act on, or None when the hub cannot know it.

    Known: Assist's intent tools, a script's tool (Home Assistant's, or one made in the UI:
    ``script_entity_id``), and action tools made in the UI (``script``). ``destructive``:
    the tool's annotations say so.
    """
    if isinstance(tool, llm_helper.IntentTool):
        return IntentEffect(tool.intent_type, destructive)
    if isinstance(script := getattr(tool, "script", None), Script):
        return ScriptEffect(script)
    if isinstance(entity_id := getattr(tool, "script_entity_id", None), str):
        return ScriptEffect(entity_id)
    if isinstance(tool, llm_helper.ActionTool) and tool.name.startswith("script__"):
        return ScriptEffect(f"script.{tool.name.removeprefix('script__')}")
    return None


@dataclass(frozen=True, slots=True)
class _OutsideScope(EffectSet):
    """Holds what lies outside the scopes entered; ``found`` collects those entity ids."""

    found: list[str] = field(default_factory=list)

    @override
    def holds(self, hass: HomeAssistant, entity_ids: Iterable[str], areas: Iterable[str]) -> bool:
        """Return whether an entity of ``entity_ids`` is outside a scope entered."""
        self.found.extend(sorted(e for e in entity_ids if not reaches(e)))
        return bool(self.found)


def outside_scope(hass: HomeAssistant, tool: Tool) -> str | None:
    """Return what a script's tool may act on outside the scopes entered, in words.

    None: nothing, or not a script's tool; else as ``script_outside_scope``.
    """
    if (script := script_of(tool)) is None:
        return None
    return script_outside_scope(hass, script)


def script_outside_scope(hass: HomeAssistant, script: str) -> str | None:
    """Return what script ``script`` may act on outside the scopes entered, as ``ScriptEffect``."""
    outside = _OutsideScope()
    if not _script_touches(hass, script, outside, set()):
        return None
    return _outside_words(f"the script {script}", outside)


def target_outside_scope(hass: HomeAssistant, entity_id: str) -> str | None:
    """Return what the script or scene ``entity_id`` acts on outside the scopes, in words.

    As its own tool is refused; None: nothing, or neither a script nor a scene.
    """
    if entity_id.startswith("script."):
        return script_outside_scope(hass, entity_id)
    outside = _OutsideScope()
    if not entity_id.startswith("scene.") or not _targets_touch(hass, {entity_id}, outside, set()):
        return None
    return _outside_words(f"the scene {entity_id}", outside)


def _outside_words(what: str, outside: _OutsideScope) -> str:
    """Return the words refusing ``what``, which acts on what ``outside`` found."""
    if outside.found:
        return (
            f"{what} acts on {', '.join(outside.found[:5])}, outside the scope "
            "of this assistant. Tell the user it cannot do that here"
        )
    return (
        f"{what} may act on entities outside the scope of this assistant (a "
        "template or its words pick what it acts on). Tell the user it cannot do that here"
    )


def script_called(hass: HomeAssistant, action: str) -> str | None:
    """Return the entity id of the script the action ``action`` runs by name, else None."""
    domain, _, service = action.partition(".")
    if domain != "script" or not service or service in _SCRIPT_SERVICES:
        return None
    return _script_entity_id(hass, service)
