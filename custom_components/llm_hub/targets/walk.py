"""Walks action sequences: what a script's steps act on, scripts and scenes followed.

The one walker of the hub: scope refusal, confirmation by effect, approvals, tools made in
the UI and the inspector ask it. Service steps (targets in every form, ``scene.apply``'s
entities, scripts called by name and through ``script.turn_on``), device actions, scene steps,
conditions' entities and devices, and ``choose``/``if``/``repeat``/``parallel``/``sequence``
are followed; what a template, an event or an opaque action picks is ``unknown``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
import json
from typing import Any, Final

from homeassistant.const import (
    ATTR_DEVICE_ID,
    ATTR_ENTITY_ID,
    CONF_ACTION,
    CONF_CHOOSE,
    CONF_CONDITION,
    CONF_CONDITIONS,
    CONF_DEFAULT,
    CONF_ELSE,
    CONF_IF,
    CONF_PARALLEL,
    CONF_REPEAT,
    CONF_RESPONSE_VARIABLE,
    CONF_SEQUENCE,
    CONF_SERVICE_TEMPLATE,
    CONF_THEN,
    CONF_UNTIL,
    CONF_VARIABLES,
    CONF_WHILE,
    ENTITY_MATCH_ALL,
)
from homeassistant.core import HomeAssistant, SupportsResponse, valid_entity_id
from homeassistant.helpers import (
    condition as condition_helper,
    config_validation as cv,
    entity_registry as er,
    llm as llm_helper,
)
from homeassistant.helpers.script import Script
from homeassistant.helpers.template import Template, is_template_string

from ..compat import driven_entities, template_action_scripts, template_wrappers
from .acts import Acts
from .resolve import TARGET_KEYS, ids, members, selected

__all__ = [
    "OPAQUE_ACTIONS",
    "SCENE_ACTIONS",
    "SCENE_ENTITIES",
    "SCENE_ON",
    "SCRIPT_SERVICES",
    "TARGET_PARTS",
    "UNKNOWN_STEP",
    "Render",
    "actions_acts",
    "entities_acts",
    "entity_script",
    "iter_steps",
    "may_change",
    "nested_sequences",
    "script_called",
    "step_action",
    "step_targets",
    "tool_script",
]

# Actions that act on whatever their words, a payload or another configuration say.
OPAQUE_ACTIONS: Final = frozenset(
    {
        "conversation.process",
        "automation.trigger",
        "mqtt.publish",
        "intent_script.reload",
        "group.set",
    }
)
# Domains whose actions run code the hub cannot read.
OPAQUE_DOMAINS: Final = frozenset({"python_script", "pyscript", "shell_command"})
# The script domain's own actions (targets, not scripts by name).
SCRIPT_SERVICES: Final = frozenset({"turn_on", "turn_off", "toggle", "reload"})
# Domains of targets whose members a run may set (``scene.create``): unknown until they exist.
_MEMBERS_SET_AS_IT_RUNS: Final = frozenset({"group", "scene"})
# Actions whose data's ``entities`` (entity id: state) are what they act on.
SCENE_ACTIONS: Final = frozenset({"scene.apply", "scene.create"})
SCENE_ENTITIES: Final = "entities"
# The action a scene step (``scene: scene.x``) runs.
SCENE_ON: Final = "scene.turn_on"
TARGET_PARTS: Final = ("target", "data", "data_template")
# Keys of an action's data read as targets, not as entities named elsewhere in it.
_READ_KEYS: Final = frozenset({*TARGET_KEYS, "entities"})
UNKNOWN_STEP: Final = "unknown"
_TEMPLATED: Final = "a template picks what it acts on"

type Render = Callable[[Template], Any]
"""Renders a template of a step with what the call knows; raises ``LookupError``: not now."""


def actions_acts(
    hass: HomeAssistant,
    sequence: Sequence[Mapping[str, Any]],
    render: Render | None = None,
    seen: set[str] | None = None,
) -> Acts:
    """Return what validated actions ``sequence`` act on (``render``: see ``Render``)."""
    walker = _Walker(hass, render, set() if seen is None else seen)
    walker.sequence(sequence)
    return walker.acts()


def entities_acts(
    hass: HomeAssistant, entity_ids: Iterable[str], seen: set[str] | None = None
) -> Acts:
    """Return what acting on ``entity_ids`` acts on: members of groups and scenes, scripts."""
    walker = _Walker(hass, None, set() if seen is None else seen)
    walker.entities(entity_ids)
    return walker.acts()


class _Walker:
    """Collects what steps act on."""

    def __init__(self, hass: HomeAssistant, render: Render | None, seen: set[str]) -> None:
        self.hass = hass
        self.render = render
        self.seen = seen
        self.found: set[str] = set()
        self.areas: set[str] = set()
        self.unknown: str | None = None
        self.unread: set[str] = set()
        self.cannots = 0
        self.templated_variables = self.answering = False
        self.registry = er.async_get(hass)
        self._wrappers: dict[str, set[str]] | None = None

    def acts(self) -> Acts:
        answers = (
            "its answer may carry what its templates read"
            if self.templated_variables and self.answering
            else None
        )
        # ``all`` reaches every entity there is now, of any domain.
        reach = self.hass.states.async_entity_ids() if ENTITY_MATCH_ALL in self.found else ()
        bound = frozenset(self.unread).union(reach)
        return Acts(frozenset(self.found), frozenset(self.areas), self.unknown, bound, answers)

    def cannot(self, why: str) -> None:
        if self.unknown is None:
            self.unknown = why
        self.unread.add(why)
        self.cannots += 1

    def entities(self, entity_ids: Iterable[str]) -> None:
        """Add ``entity_ids`` with their members; follow scripts and template entities' actions."""
        found = members(self.hass, entity_ids)
        wrappers = self.wrappers()
        wrapping = {wrapper for entity_id in found for wrapper in wrappers.get(entity_id, ())}
        if wrapping - found - self.found:
            found |= members(self.hass, wrapping)
        self.found |= found
        for entity_id in sorted(found):
            domain = entity_id.partition(".")[0]
            if domain == "script":
                self.script(entity_id)
            elif domain in _MEMBERS_SET_AS_IT_RUNS and self.hass.states.get(entity_id) is None:
                self.cannot(f"the {domain} {entity_id} does not exist before the run")
            elif entity_id not in self.seen:
                self.seen.add(entity_id)
                self.template_entity(entity_id)
                try:
                    driven = driven_entities(self.hass, entity_id)
                except LookupError:
                    self.cannot(f"{entity_id} acts on other entities in ways the hub cannot read")
                else:
                    self.entities(driven)

    def inner(self) -> _Walker:
        """Return a walker of a script this one follows (what it has read, shared)."""
        inner = _Walker(self.hass, None, self.seen)
        inner._wrappers = self._wrappers  # its own kind
        return inner

    def wrappers(self) -> dict[str, set[str]]:
        """Return the template entities by what their actions name (read once per walk)."""
        if self._wrappers is None:
            try:
                self._wrappers = template_wrappers(self.hass)
            except LookupError as err:
                self.cannot(f"the actions of the template entity {err} cannot be read")
                self._wrappers = {}
        return self._wrappers

    def template_entity(self, entity_id: str) -> None:
        """Add what a template entity's actions act on (any of them: which runs is not known)."""
        try:
            scripts = template_action_scripts(self.hass, entity_id)
        except LookupError:
            self.cannot(f"the actions of the template entity {entity_id} cannot be read")
            return
        for script in scripts or ():
            inner = self.inner()
            inner.sequence(script.sequence)
            self.found |= inner.found
            self.areas |= inner.areas
            self.unread |= inner.unread
            if inner.unknown is not None:
                self.cannot(f"the template entity {entity_id}: {inner.unknown}")

    def script(self, entity_id: str) -> None:
        """Add what the script entity ``entity_id`` acts on (each script once)."""
        if entity_id in self.seen:
            return
        self.seen.add(entity_id)
        self.found.add(entity_id)
        if (script := entity_script(self.hass, entity_id)) is None:
            self.cannot(f"the script {entity_id} cannot be read")
            return
        inner = self.inner()
        inner.sequence(script.sequence)
        self.found |= inner.found
        self.areas |= inner.areas
        self.unread |= inner.unread
        # Script-level ``variables`` render when the run starts, as a ``variables`` step does.
        variables = getattr(script, "variables", None)
        self.templated_variables |= inner.templated_variables or _templated(
            getattr(variables, "variables", variables)
        )
        self.answering |= inner.answering
        if inner.unknown is not None:
            self.cannot(f"the script {entity_id}: {inner.unknown}")

    def sequence(self, sequence: Any) -> None:
        for kind, step in iter_steps(sequence):
            self.step(kind, step)

    def step(self, kind: str, step: Mapping[str, Any]) -> None:
        cannots = self.cannots
        self.follow(kind, step)
        if self.cannots != cannots:
            self.unread.add(_written(step))

    def follow(self, kind: str, step: Mapping[str, Any]) -> None:
        if kind == UNKNOWN_STEP:
            self.cannot("a step of an unknown kind")
        elif kind == cv.SCRIPT_ACTION_CALL_SERVICE:
            self.service(step)
        elif kind == cv.SCRIPT_ACTION_DEVICE_AUTOMATION:
            self.device_action(step)
        elif kind == cv.SCRIPT_ACTION_ACTIVATE_SCENE:
            self.entities(ids(self.value(step.get(cv.SCRIPT_ACTION_ACTIVATE_SCENE))))
        elif kind == cv.SCRIPT_ACTION_FIRE_EVENT:
            self.cannot(f"it fires the event {step.get('event')}, which automations may act on")
        else:
            self.conditions(step_conditions(kind, step))
        if kind == cv.SCRIPT_ACTION_VARIABLES:
            variables = step.get(CONF_VARIABLES)
            self.templated_variables |= _templated(getattr(variables, "variables", variables))
        elif kind == cv.SCRIPT_ACTION_WAIT_FOR_TRIGGER:
            self.templated_variables = True  # ``wait`` holds the trigger: the states it saw
        elif step.get(CONF_RESPONSE_VARIABLE):  # a stop's, or one an action tool answers with
            self.answering = True

    def value(self, value: Any) -> Any:  # noqa: PLR0911
        """Return ``value`` with its templates rendered; None when one cannot be now."""
        if isinstance(value, Template):
            if value.is_static:
                # As the run renders it: "{'entity_id': 'lock.door'}" is a mapping then.
                return value.async_render()
            if self.render is None:
                self.cannot(_TEMPLATED)
                return None
            try:
                return self.render(value)
            except LookupError:
                return None  # checked as the run renders it
        if isinstance(value, str) and is_template_string(value):
            self.cannot(_TEMPLATED)
            return None
        if isinstance(value, list | tuple):
            return [self.value(item) for item in value]
        return value

    def service(self, step: Mapping[str, Any]) -> None:
        action = self.value(step_action(step))
        if not isinstance(action, str):
            self.cannot("a template picks the action")
            return
        domain, _, service = action.partition(".")
        if action in OPAQUE_ACTIONS or domain in OPAQUE_DOMAINS:
            self.cannot(f"the action {action} acts on what its words or settings say")
            return
        found, areas = selected(self.hass, self.target(step, action))
        self.areas |= areas
        self.entities(found)
        if domain == "script" and service not in SCRIPT_SERVICES:
            self.script(script_called(self.hass, action) or action)

    def target(self, step: Mapping[str, Any], action: str) -> dict[str, list[str]]:
        """Return the target ids of a service step, rendered; add the entities a scene sets."""
        for part in (step.get("data"), step.get("data_template")):
            if isinstance(part, Mapping):
                named = (value for key, value in part.items() if key not in _READ_KEYS)
                self.entities(self.named(named))
        target: dict[str, list[str]] = {}
        for key, value in step_targets(step):
            if (rendered := self.value(value)) is None:
                continue
            if key == SCENE_ENTITIES:
                self.scene_entities(rendered)
            elif key is not None:
                target.setdefault(key, []).extend(ids(rendered))
            elif isinstance(rendered, Mapping):
                for part in TARGET_KEYS:
                    target.setdefault(part, []).extend(ids(rendered.get(part)))
                if action in SCENE_ACTIONS:
                    self.scene_entities(rendered.get(SCENE_ENTITIES))
        return target

    def named(self, values: Iterable[Any]) -> list[str]:
        """Return the existing entities ``values`` name, at any depth (templates rendered)."""
        found: list[str] = []
        todo = list(values)
        while todo:
            value = todo.pop()
            if isinstance(value, Template):
                if value.is_static or self.render is None:
                    continue  # a template over other data (a brightness) is not a target
                try:
                    value = self.render(value)
                except LookupError:
                    continue
            if isinstance(value, str):
                name = value.strip().lower()
                if valid_entity_id(name) and (
                    self.hass.states.get(name) is not None or self.registry.async_get(name)
                ):
                    found.append(name)
            elif isinstance(value, Mapping):
                todo.extend(value.values())
            elif isinstance(value, list | tuple):
                todo.extend(value)
        return found

    def scene_entities(self, entities: Any) -> None:
        """Add the entities ``scene.apply`` or ``scene.create`` sets (a mapping by entity id)."""
        if isinstance(entities, Mapping):
            names = [self.value(name) for name in entities]
            self.entities(name for name in names if isinstance(name, str))

    def device_action(self, step: Mapping[str, Any]) -> None:
        """Add what a device action acts on: its entity, else every entity of its device."""
        registry = er.async_get(self.hass)
        if (entity := step.get(ATTR_ENTITY_ID)) is not None:
            for name in ids(self.value(entity)):
                self.entities([er.async_resolve_entity_id(registry, name) or name])
            return
        device_id = step.get(ATTR_DEVICE_ID)
        found, _ = selected(self.hass, {ATTR_DEVICE_ID: ids(device_id)})
        if not found:
            self.cannot(f"the device action acts on device {device_id}, which has no entity")
        self.entities(found)

    def conditions(self, conditions: Any) -> None:
        for item in conditions if isinstance(conditions, list | tuple) else [conditions]:
            if isinstance(item, Mapping):
                self.condition(item)

    def condition(self, config: Mapping[str, Any]) -> None:
        """Add the entities a condition reads (its devices' entities too)."""
        if isinstance(config.get(CONF_CONDITION), str):
            self.found |= members(self.hass, condition_helper.async_extract_entities(dict(config)))
            devices = condition_helper.async_extract_devices(dict(config))
            if devices:
                found, _ = selected(self.hass, {ATTR_DEVICE_ID: sorted(devices)})
                self.found |= found


def iter_steps(sequence: Any) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Yield ``(kind, step)`` of every step of validated actions, nested ones after theirs."""
    for step in sequence if isinstance(sequence, list | tuple) else ():
        if not isinstance(step, Mapping):
            continue
        try:
            kind = cv.determine_script_action(dict(step))
        except ValueError:
            kind = UNKNOWN_STEP
        if kind not in _KNOWN_STEPS:  # a kind a newer Home Assistant added: not followed
            yield UNKNOWN_STEP, step
            continue
        yield kind, step
        for nested in nested_sequences(kind, step):
            yield from iter_steps(nested)


def step_action(step: Mapping[str, Any]) -> Any:
    """Return the action a service or scene step calls: a text or a template."""
    name = step.get(CONF_ACTION, step.get("service", step.get(CONF_SERVICE_TEMPLATE)))
    if name is None and cv.SCRIPT_ACTION_ACTIVATE_SCENE in step:
        return SCENE_ON
    return name


def step_targets(step: Mapping[str, Any]) -> list[tuple[str | None, Any]]:
    """Return ``(key, value)`` of each target of a service or scene step, as written.

    ``key``: a target key, ``SCENE_ENTITIES``, or None (a whole target or data as one template).
    """
    action = step_action(step)
    if action == SCENE_ON and cv.SCRIPT_ACTION_ACTIVATE_SCENE in step:
        return [(ATTR_ENTITY_ID, step[cv.SCRIPT_ACTION_ACTIVATE_SCENE])]
    found: list[tuple[str | None, Any]] = []
    for part in (step, *(step.get(name) for name in TARGET_PARTS)):
        if isinstance(part, Mapping):
            found.extend(
                (key, value)
                for key in TARGET_KEYS
                if key in part
                for value in (part[key] if isinstance(part[key], list) else [part[key]])
            )
        elif isinstance(part, Template) or (isinstance(part, str) and is_template_string(part)):
            found.append((None, part))
    data = step.get("data")
    if action in SCENE_ACTIONS and isinstance(data, Mapping) and SCENE_ENTITIES in data:
        entities = data[SCENE_ENTITIES]
        if isinstance(entities, Mapping):
            found.extend((ATTR_ENTITY_ID, name) for name in entities)
        else:
            found.append((SCENE_ENTITIES, entities))
    return found


def _templated(value: Any) -> bool:
    """Return whether ``value`` holds a template anywhere."""
    if isinstance(value, Template):
        return not value.is_static
    if isinstance(value, str):
        return is_template_string(value)
    if isinstance(value, Mapping):
        return any(_templated(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(_templated(item) for item in value)
    return False


def step_conditions(kind: str, step: Mapping[str, Any]) -> list[Any]:
    """Return the conditions of a step of ``kind``: a condition, choose, if, repeat."""
    if kind == cv.SCRIPT_ACTION_CHECK_CONDITION:
        return [step]
    if kind == cv.SCRIPT_ACTION_CHOOSE:
        return [
            item
            for choice in step.get(CONF_CHOOSE, ())
            for item in _listed(choice.get(CONF_CONDITIONS))
        ]
    if kind == cv.SCRIPT_ACTION_IF:
        return _listed(step.get(CONF_IF))
    if kind == cv.SCRIPT_ACTION_REPEAT:
        repeat = step.get(CONF_REPEAT) or {}
        return [*_listed(repeat.get(CONF_WHILE)), *_listed(repeat.get(CONF_UNTIL))]
    return []


def _listed(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [] if value is None else [value]


def nested_sequences(kind: str, step: Mapping[str, Any]) -> list[Sequence[Any]]:
    """Return the sequences nested in a step of ``kind``: choose, if, repeat, parallel."""
    if kind == cv.SCRIPT_ACTION_CHOOSE:
        return [choice.get(CONF_SEQUENCE, ()) for choice in step.get(CONF_CHOOSE, ())] + (
            [step[CONF_DEFAULT]] if CONF_DEFAULT in step else []
        )
    if kind == cv.SCRIPT_ACTION_IF:
        return [step.get(CONF_THEN, ())] + ([step[CONF_ELSE]] if CONF_ELSE in step else [])
    if kind == cv.SCRIPT_ACTION_REPEAT:
        return [(step.get(CONF_REPEAT) or {}).get(CONF_SEQUENCE, ())]
    if kind == cv.SCRIPT_ACTION_PARALLEL:
        return [
            branch.get(CONF_SEQUENCE, ()) if isinstance(branch, Mapping) else ()
            for branch in step.get(CONF_PARALLEL, ())
        ]
    if kind == cv.SCRIPT_ACTION_SEQUENCE:
        return [step.get(CONF_SEQUENCE, ())]
    return []


def may_change(hass: HomeAssistant, sequence: Any) -> bool:
    """Return whether steps may change state: all but reading actions that only answer.

    Those are ``SupportsResponse.ONLY`` and named so (``get_``...): some that only answer write.
    """
    for kind, step in iter_steps(sequence):
        if kind in _CHANGING_STEPS:
            return True
        if kind == cv.SCRIPT_ACTION_CALL_SERVICE:
            action = step_action(step)
            if not isinstance(action, str) or "." not in action:
                return True
            domain, _, service = action.partition(".")
            if (
                not service.startswith(_READING_PREFIXES)
                or not hass.services.has_service(domain, service)
                or hass.services.supports_response(domain, service) != SupportsResponse.ONLY
            ):
                return True
    return False


_KNOWN_STEPS: Final = frozenset(
    {
        cv.SCRIPT_ACTION_ACTIVATE_SCENE,
        cv.SCRIPT_ACTION_CALL_SERVICE,
        cv.SCRIPT_ACTION_CHECK_CONDITION,
        cv.SCRIPT_ACTION_CHOOSE,
        cv.SCRIPT_ACTION_DELAY,
        cv.SCRIPT_ACTION_DEVICE_AUTOMATION,
        cv.SCRIPT_ACTION_FIRE_EVENT,
        cv.SCRIPT_ACTION_IF,
        cv.SCRIPT_ACTION_PARALLEL,
        cv.SCRIPT_ACTION_REPEAT,
        cv.SCRIPT_ACTION_SEQUENCE,
        cv.SCRIPT_ACTION_SET_CONVERSATION_RESPONSE,
        cv.SCRIPT_ACTION_STOP,
        cv.SCRIPT_ACTION_VARIABLES,
        cv.SCRIPT_ACTION_WAIT_FOR_TRIGGER,
        cv.SCRIPT_ACTION_WAIT_TEMPLATE,
    }
)
"""The step kinds the walker reads (Home Assistant 2026.10-2026.11); any other is unknown."""
_READING_PREFIXES: Final = ("get_", "list_", "search_")
_CHANGING_STEPS: Final = frozenset(
    {
        cv.SCRIPT_ACTION_DEVICE_AUTOMATION,
        cv.SCRIPT_ACTION_ACTIVATE_SCENE,
        cv.SCRIPT_ACTION_FIRE_EVENT,
        UNKNOWN_STEP,
    }
)


def tool_script(tool: llm_helper.Tool) -> str | None:
    """Return the entity id of the script a script's tool runs (None: not a script's tool)."""
    if isinstance(entity_id := getattr(tool, "script_entity_id", None), str):
        return entity_id
    if isinstance(tool, llm_helper.ActionTool) and tool.name.startswith("script__"):
        return f"script.{tool.name.removeprefix('script__')}"
    return None


def entity_script(hass: HomeAssistant, entity_id: str) -> Script | None:
    """Return the ``Script`` of a script entity, or None when there is none (or it is broken)."""
    component = hass.data.get("script")
    entity = component.get_entity(entity_id) if component is not None else None
    script = getattr(entity, "script", None)
    return script if isinstance(script, Script) else None


def script_called(hass: HomeAssistant, action: str) -> str | None:
    """Return the entity id of the script the action ``action`` runs by name, else None."""
    domain, _, service = action.partition(".")
    if domain != "script" or not service or service in SCRIPT_SERVICES:
        return None
    entity_id = er.async_get(hass).async_get_entity_id("script", "script", service)
    return entity_id or f"script.{service}"


def _written(step: Mapping[str, Any]) -> str:
    """Return ``step`` as written: JSON with sorted keys, each template as its text."""
    return json.dumps(_plain(step), sort_keys=True)


def _plain(value: Any) -> Any:
    """Return ``value`` as JSON holds it: templates as their text, anything else as its repr."""
    if isinstance(value, Template):
        return value.template
    if isinstance(value, Mapping):
        return {str(_plain(key)): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(item) for item in value]
    return value if value is None or isinstance(value, str | int | float) else repr(value)
