"""Checks of tools made in the UI: what a call names and what their actions act on is in reach.

``NamedChecks`` checks what a call names (exists, exposed, in scope); ``TemplateChecks`` what a
template tool's render read; ``ActionChecks`` an action tool's targets before the run (with
``targets/``) and as the run renders them (``CheckedTemplate``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
import contextlib
from contextvars import ContextVar
import re
from typing import Any, Final, override

import jinja2
import jinja2.meta

from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.const import (
    ATTR_AREA_ID,
    ATTR_DEVICE_ID,
    ATTR_ENTITY_ID,
    ATTR_FLOOR_ID,
    ATTR_LABEL_ID,
    CONF_RESPONSE_VARIABLE,
    CONF_VARIABLES,
    ENTITY_MATCH_ALL,
    ENTITY_MATCH_NONE,
)
from homeassistant.core import (
    HomeAssistant,
    split_entity_id,
    valid_entity_id,
)
from homeassistant.exceptions import HomeAssistantError, TemplateError
from homeassistant.helpers import (
    area_registry as ar,
    config_validation as cv,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    intent,
    label_registry as lr,
    llm as llm_helper,
    selector,
)
from homeassistant.helpers.script import Script
from homeassistant.helpers.script_variables import ScriptVariables
from homeassistant.helpers.template import Template, TemplateEnvironment, is_template_string
from homeassistant.helpers.template.render_info import RenderInfo, render_info_cv
from homeassistant.helpers.typing import TemplateVarsType

from ..calls.tool import error_result
from ..const import DOMAIN
from ..scope.assist import OutOfScope, acts_outside
from ..scope.reach import reaches, scopes_entered
from ..targets.resolve import TARGET_KEYS, ids, selected
from ..targets.walk import (
    OPAQUE_ACTIONS,
    SCENE_ACTIONS,
    SCENE_ENTITIES,
    SCRIPT_SERVICES,
    TARGET_PARTS,
    actions_acts,
    entities_acts,
    entity_script,
    iter_steps,
    script_called,
    step_action,
    step_targets,
)
from .definition import (
    ParameterDefinition,
    ToolDefinition,
    ToolDefinitionError,
)

__all__ = [
    "ASSISTANT",
    "CALLING",
    "ENTITY_ID_PATTERN",
    "ActionChecks",
    "CheckedTemplate",
    "NamedChecks",
    "ReadTemplate",
    "TemplateChecks",
    "UnreachableError",
    "area_id_of",
    "check_action_keys",
    "checked_reads",
    "checked_targets",
    "names_outside",
    "refuse_template_keys",
    "script_domains",
]

ENTITY_ID_PATTERN: Final = re.compile(r"(?=\b([a-z0-9_]+\.[a-z0-9_]+)\b)")
# The assistant whose exposed entities a tool reaches when the request names none (Assist).
ASSISTANT: Final = "conversation"
# Most entities the answer to a call naming no entity lists as those it may name.
MAX_CHOICES: Final = 20


class NamedChecks:
    """Checks that what a call names exists and is in the tool's reach (exposed, in scope)."""

    name: str
    definition: ToolDefinition

    def _check_exposed(self, hass: HomeAssistant, entity_id: str, assistant: str | None) -> None:
        """Raise ``HomeAssistantError`` unless ``entity_id`` is in reach (exposed, in scope)."""
        if not reaches(entity_id):
            raise OutOfScope(
                f"entity {entity_id} is outside the scope of this assistant; tool {self.name} "
                "may only reach entities within it"
            )
        if not self.definition.unexposed and not async_should_expose(
            hass, assistant or ASSISTANT, entity_id
        ):
            raise HomeAssistantError(
                f"Entity {entity_id} is not exposed to Assist; tool {self.name} may only "
                "reach exposed entities"
            )

    def _check_holder(
        self,
        hass: HomeAssistant,
        key: str,
        target: str,
        domains: frozenset[str] | None,
        assistant: str | None,
    ) -> None:
        """Raise unless ``target`` exists and what it holds (of ``domains``) is reached."""
        kind, exists = _HOLDERS[key]
        if not exists(hass, target):
            raise HomeAssistantError(f"There is no {kind} {target!r}")
        if assistant is None and not scopes_entered():
            return  # nothing it holds to check
        # Named only when the model named it; what it holds, never.
        what = f"the {kind} {target!r}" if assistant is not None else "it"
        for entity_id in sorted(selected(hass, {key: [target]})[0]):
            if not reaches(entity_id):
                raise OutOfScope(f"{what} holds an entity outside the scope of this assistant")
            if (
                assistant is None
                or (domains is not None and split_entity_id(entity_id)[0] not in domains)
                or self.definition.unexposed
            ):
                continue
            if not async_should_expose(hass, assistant, entity_id):
                raise HomeAssistantError(
                    f"The {kind} {target!r} holds an entity not exposed to Assist; tool "
                    f"{self.name} may only reach exposed entities"
                )

    def _check_area_in_scope(self, hass: HomeAssistant, area_id: str) -> None:
        """Raise ``OutOfScope`` when the area the model named holds an entity outside the scopes."""
        if scopes_entered() and any(
            not reaches(entity_id) for entity_id in selected(hass, {ATTR_AREA_ID: [area_id]})[0]
        ):
            raise OutOfScope(
                f"the area {area_id!r} holds an entity outside the scope of this assistant"
            )

    def _checked_field(
        self,
        hass: HomeAssistant,
        field: str,
        validator: Any,
        given: Any,
        assistant: str,
        *,
        acted: frozenset[str] | None,
    ) -> Any:
        """Return a script field's value (registry ids: entity ids); raise, as for a target."""
        values = given if isinstance(given, list) else [given]
        if isinstance(validator, selector.EntitySelector):
            domains = _domains(validator.config, "filter")
            checked = [
                self._field_entity(hass, field, value, domains, assistant) for value in values
            ]
            return checked if isinstance(given, list) else checked[0]
        if isinstance(validator, selector.TargetSelector):
            for value in values:
                parts = value if isinstance(value, Mapping) else {}
                if not parts:
                    raise HomeAssistantError(f"{field}: {value!r} is not a target")
                for key in TARGET_KEYS:
                    for target in ids(parts.get(key)):
                        if key == ATTR_ENTITY_ID:
                            self._field_entity(hass, field, target, None, assistant)
                        else:
                            self._check_holder(hass, key, target, None, assistant)
            return given
        holder = _FIELD_HOLDERS.get(type(validator))
        if holder is not None:
            key, resolve = holder
            # What the selector lets be picked and what the script acts on (None: any).
            picked = _domains(validator.config, "entity")
            domains = None if picked is None or acted is None else picked | acted
            for value in values:
                self._check_holder(hass, key, resolve(hass, value), domains, assistant)
        return given

    def _field_entity(
        self,
        hass: HomeAssistant,
        field: str,
        value: Any,
        domains: frozenset[str] | None,
        assistant: str,
    ) -> str:
        """Return the entity id a field names, if it exists, is of ``domains`` and reached."""
        entity_id = _existing(hass, value, field, domains, assistant)
        if domains is not None and split_entity_id(entity_id)[0] not in domains:
            raise HomeAssistantError(f"{field}: {entity_id} is not of {', '.join(sorted(domains))}")
        self._check_exposed(hass, entity_id, assistant)
        return entity_id

    def _check_handed(
        self,
        hass: HomeAssistant,
        scripts: Sequence[str] | None,
        field: str,
        value: Any,
        assistant: str,
    ) -> None:
        """Raise unless a value handed to ``scripts`` (None: unknown) as ``field`` is reached.

        Checked as that script's field; where it names nothing, each entity id must be exposed.
        """
        checked = False
        registry = er.async_get(hass)
        for named in scripts or ():
            # A registry id names the script as its entity id does.
            script = er.async_resolve_entity_id(registry, named) or named
            validator = _script_fields(hass, script).get(field)
            if type(validator) in _NAMING_SELECTORS:
                self._checked_field(
                    hass, field, validator, value, assistant, acted=script_domains(hass, script)
                )
                checked = True
        if checked:
            return
        for entity_id in value if isinstance(value, list) else [value]:
            if (
                isinstance(entity_id, str)
                and valid_entity_id(entity_id)
                and (hass.states.get(entity_id) or er.async_get(hass).async_get(entity_id))
            ):
                self._check_exposed(hass, entity_id, assistant)

    def _entity_id(
        self,
        hass: HomeAssistant,
        parameter: ParameterDefinition,
        value: str,
        assistant: str | None,
    ) -> str:
        """Return the entity id of an entity id or registry id the tool may reach; raise."""
        domains = frozenset(parameter.domains) if parameter.domains else None
        entity_id = _existing(hass, value, parameter.name, domains, assistant)
        if parameter.domains and split_entity_id(entity_id)[0] not in parameter.domains:
            raise HomeAssistantError(
                f"{parameter.name}: {entity_id} is not of {', '.join(parameter.domains)}"
            )
        self._check_exposed(hass, entity_id, assistant)
        return entity_id


def existing_entity(hass: HomeAssistant, value: Any) -> str:
    """Return the entity id of an entity id or registry id of an entity that exists; raise."""
    registry = er.async_get(hass)
    entity_id = er.async_resolve_entity_id(registry, value) if isinstance(value, str) else None
    if entity_id is None or (
        hass.states.get(entity_id) is None and registry.async_get(entity_id) is None
    ):
        raise HomeAssistantError(f"There is no entity {value!r}")
    return entity_id


def _existing(
    hass: HomeAssistant,
    value: Any,
    field: str,
    domains: frozenset[str] | None,
    assistant: str | None,
) -> str:
    """Return the entity id ``value`` names; raise, listing the entities ``field`` may name."""
    try:
        return existing_entity(hass, value)
    except HomeAssistantError as err:
        raise HomeAssistantError(f"{err}. {choices(hass, field, domains, assistant)}") from None


def choices(
    hass: HomeAssistant, field: str, domains: frozenset[str] | None, assistant: str | None
) -> str:
    """Return which entities ``field`` may name: exposed, in the scopes entered, of ``domains``.

    Sorted by entity id, at most ``MAX_CHOICES``, each with its name; the words say when cut.
    """
    states = hass.states.async_all(domains) if domains is not None else hass.states.async_all()
    found = sorted(
        (
            state
            for state in states
            if reaches(state.entity_id)
            and async_should_expose(hass, assistant or ASSISTANT, state.entity_id)
        ),
        key=lambda state: state.entity_id,
    )
    if not found:
        return f"No entity {field} may name is exposed to this assistant."
    shown = ", ".join(f"{state.entity_id} ({state.name})" for state in found[:MAX_CHOICES])
    if len(found) > MAX_CHOICES:
        return f"{field} may name one of {len(found)} entities, the first {MAX_CHOICES}: {shown}."
    return f"{field} may name: {shown}."


def area_id_of(hass: HomeAssistant, area: Any) -> str:
    """Return the id of the area with id, name or alias ``area``; raise when there is none."""
    registry = ar.async_get(hass)
    return _named_id(
        "an area",
        area,
        lambda id_: registry.async_get_area(id_) is not None,
        lambda name: (found.id for found in intent.find_areas(name, registry)),
    )


def _named_id(
    kind: str, value: Any, known: Callable[[str], bool], named: Callable[[str], Iterable[str]]
) -> str:
    """Return ``value`` if a ``known`` id, else the first id it ``named``; raise if none."""
    if not isinstance(value, str):
        raise HomeAssistantError(f"{value!r} is not {kind}'s name or id")
    if known(value):
        return value
    for found in named(value):
        return found
    raise HomeAssistantError(f"There is no {kind.partition(' ')[2]} {value!r}")


class TemplateChecks(NamedChecks):
    """What a template tool's render may read."""

    named: frozenset[str]

    def _refused(
        self,
        hass: HomeAssistant,
        render_info: RenderInfo,
        variables: Mapping[str, Any],
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult | None:
        """Return the refusal of a render that read out of reach (None: it did not)."""
        named = frozenset(value for value in variables.values() if isinstance(value, str))
        refused = _read_refusal(
            self,
            hass,
            render_info,
            named=named,
            written=self.named,
            assistant=llm_context.assistant,
            given=bool(variables),
        )
        return None if refused is None else error_result("HomeAssistantError", str(refused))


def _read_refusal(
    tool: NamedChecks,
    hass: HomeAssistant,
    render_info: RenderInfo,
    *,
    named: frozenset[str],
    written: frozenset[str],
    assistant: str | None,
    given: bool,
) -> HomeAssistantError | None:
    """Return the refusal of a render of ``tool`` that read out of reach (None: it did not).

    ``named``: what the model's arguments name (the only entities a refusal names);
    ``written``: the entity ids written in the template (its author's choice, not checked for
    exposure); ``given``: whether the call has arguments (none: the author's render only).
    """
    if scopes_entered() and (outside := _read_outside(tool, hass, render_info, named)):
        return OutOfScope(outside)
    if not given or tool.definition.unexposed:
        return None
    unreachable = _unreachable(hass, render_info, assistant or ASSISTANT, written)
    if unreachable is None:
        return None
    if unreachable not in named and not unreachable.startswith("every "):
        unreachable = "an entity not exposed"
    return HomeAssistantError(
        f"The template of tool {tool.name} read {unreachable}; tool "
        f"{tool.name} may only reach entities exposed to Assist"
    )


def _read_outside(
    tool: NamedChecks, hass: HomeAssistant, render_info: RenderInfo, named: frozenset[str]
) -> str | None:
    """Return why a render read outside the scopes entered (None: it did not).

    An entity is named only when the model's arguments named it.
    """
    read: set[str] = set(render_info.entities)
    for domain in render_info.domains:
        read.update(hass.states.async_entity_ids(domain))
    if render_info.all_states:
        read.update(hass.states.async_entity_ids())
    for entity_id in sorted(read):
        if reaches(entity_id):
            continue
        shown = entity_id if entity_id in named else "an entity"
        return (
            f"The template of tool {tool.name} read {shown} outside the scope of this "
            f"assistant; tool {tool.name} may only reach entities within it"
        )
    return None


def _unreachable(
    hass: HomeAssistant, render_info: RenderInfo, assistant: str, written: frozenset[str]
) -> str | None:
    """Return what a render read that is not exposed to ``assistant`` (None: nothing)."""
    iterated: list[tuple[str | None, str]] = [
        (domain, f"every {domain} entity") for domain in sorted(render_info.domains)
    ]
    if render_info.all_states:
        iterated = [(None, "every entity")]
    for domain, what in iterated:
        if not all(
            async_should_expose(hass, assistant, entity_id)
            for entity_id in hass.states.async_entity_ids(domain)
        ):
            return what
    for entity_id in sorted(render_info.entities - written):
        if not async_should_expose(hass, assistant, entity_id):
            return entity_id
    return None


def names_outside(hass: HomeAssistant, text: str) -> bool:
    """Return whether ``text`` names an entity outside the scopes entered."""
    registry = er.async_get(hass)
    return any(
        not reaches(entity_id)
        and (hass.states.get(entity_id) is not None or registry.async_get(entity_id) is not None)
        for entity_id in set(ENTITY_ID_PATTERN.findall(text))
    )


class ActionChecks(NamedChecks):
    """What an action tool's actions may act on, before the run and as it renders them."""

    script: Script

    def _check_targets(
        self, hass: HomeAssistant, variables: Mapping[str, Any], assistant: str | None
    ) -> None:
        """Raise ``HomeAssistantError`` naming a target of the actions the tool may not reach.

        Each exists, is exposed unless allowed, and in a scoped hub lies within scope (followed).
        """
        for template in _read_templates(self.script.sequence):
            # Rendered with the arguments alone before anything runs; others as the run goes.
            with contextlib.suppress(TemplateError):
                _render(hass, template, variables)
        followed: list[str] = []
        parameters = {parameter.name for parameter in self.definition.parameters}
        for key, target, driven, action in _target_ids(hass, self.script.sequence, variables):
            reached = (assistant or ASSISTANT) if driven else None
            try:
                self._check_target(hass, (key, target, action), reached, followed)
            except HomeAssistantError as err:
                if driven is None or _uses(hass, driven, parameters):
                    raise
                # The author's template picked it, not the model: its words name nothing.
                raise type(err)(
                    f"a target its template renders is out of reach; tool {self.name} may only "
                    "reach entities exposed to Assist and within the scope of this assistant"
                ) from None
        for scripts, field_name, value in _handed_values(self.script.sequence):
            try:
                rendered = _render(hass, value, variables)
            except TemplateError:
                continue  # checked as the run renders it
            self._check_handed(hass, scripts(hass), field_name, rendered, assistant or ASSISTANT)
        if scopes_entered():
            for action in _actions(self.script.sequence):
                if action in OPAQUE_ACTIONS or not isinstance(action, str):
                    shown = action if isinstance(action, str) else "a template picks"
                    raise OutOfScope(
                        f"the action {shown} may act on entities "
                        "outside the scope of this assistant (a template or its words pick "
                        "what it acts on). Tell the user it cannot do that here"
                    )
            self._check_walked(hass, variables)

    def check_rendered(
        self,
        hass: HomeAssistant,
        key: str | None,
        value: Any,
        action: str,
        assistant: str | None,
        *,
        handed: tuple[tuple[str, ...] | None, str | None] = ((), None),
    ) -> None:
        """Raise ``HomeAssistantError`` naming a target a run rendered that is out of reach."""
        scripts, field_name = handed
        if scripts != ():
            called = _scripts_called(hass, action, scripts)
            given = (
                {field_name: value}
                if field_name is not None
                else _handed(value if key is None else None, action)
            )
            for name, item in (given if isinstance(given, Mapping) else {}).items():
                if name not in TARGET_KEYS:
                    self._check_handed(hass, called, name, item, assistant or ASSISTANT)
            if field_name is not None:
                return
        followed: list[str] = []
        for part, target in _rendered(key, value, action):
            self._check_target(hass, (part, target, action), assistant or ASSISTANT, followed)
        if scopes_entered():
            self._check_followed(hass, followed)

    def _check_target(
        self,
        hass: HomeAssistant,
        target: tuple[str, str, str],
        assistant: str | None,
        followed: list[str],
    ) -> None:
        """Raise unless ``(key, id, action)`` is reached (``assistant`` None: written)."""
        key, name, action = target
        if key != ATTR_ENTITY_ID:
            domain = action.partition(".")[0]
            domains = (
                None
                if domain in {"homeassistant", ""} or is_template_string(action)
                else frozenset({domain})
            )
            self._check_holder(hass, key, name, domains, assistant)
            return
        if name in (ENTITY_MATCH_ALL, ENTITY_MATCH_NONE):
            raise HomeAssistantError(f"{name!r} is not an entity id: name the entities")
        entity_id = existing_entity(hass, name)
        if assistant is not None:
            self._check_exposed(hass, entity_id, assistant)
        elif not reaches(entity_id):
            raise OutOfScope("it acts on an entity outside the scope of this assistant")
        followed.append(entity_id)

    def _check_followed(self, hass: HomeAssistant, entity_ids: list[str]) -> None:
        """Raise when a group, script or scene of ``entity_ids`` acts outside the scopes entered."""
        for entity_id in entity_ids:
            what = f"the {entity_id.partition('.')[0]} {entity_id}"
            if why := acts_outside(hass, entities_acts(hass, [entity_id]), what):
                raise OutOfScope(why)

    def _check_walked(self, hass: HomeAssistant, variables: Mapping[str, Any]) -> None:
        """Raise when the actions, as the arguments render them, act outside the scopes.

        A template the arguments alone do not render is checked as the run renders it.
        """

        def render(template: Template) -> Any:
            try:
                return _render(hass, template, variables)
            except TemplateError as err:
                raise LookupError from err

        acts = actions_acts(hass, self.script.sequence, render)
        if why := acts_outside(hass, acts, f"tool {self.name}"):
            raise OutOfScope(why)


# The action tool whose run is going on, the request's assistant, and what the model's
# arguments name (the only entities a refusal of a read names).
CALLING: Final[ContextVar[tuple[ActionChecks, str | None, frozenset[str]] | None]] = ContextVar(
    f"{DOMAIN}_calling", default=None
)


class UnreachableError(Exception):
    """A target a run rendered is out of reach (no ``HomeAssistantError``: not ignorable)."""


class ReadTemplate(Template):
    """A template of an action tool's actions; with ``reads``, each render's reads are checked.

    ``reads``: it reads through the model's arguments (``checked_reads``). What a render read
    (Home Assistant's render info) must be in reach, as a template tool's render: else the
    render is refused before its value (or its error) is used.
    """

    __slots__ = ("reads",)

    def __init__(self, template: Template, *, reads: bool = True) -> None:
        """Stand for ``template``."""
        super().__init__(template.template, template.hass)
        self.reads = reads

    @override
    def async_render(
        self,
        variables: TemplateVarsType = None,
        parse_result: bool = True,
        limited: bool = False,
        strict: bool = False,
        log_fn: Callable[[int, str], None] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Render; raise ``UnreachableError`` when it read what the calling tool may not reach."""
        if not self.reads:
            return super().async_render(variables, parse_result, limited, strict, log_fn, **kwargs)
        outer = render_info_cv.get()
        # Rendered to info (a wait's tracking): that info is this render's.
        info = outer if outer is not None and outer.template is self else RenderInfo(self)
        token = render_info_cv.set(info) if info is not outer else None
        failed: TemplateError | None = None
        try:
            rendered = super().async_render(
                variables, parse_result, limited, strict, log_fn, **kwargs
            )
        except TemplateError as err:
            rendered, failed = None, err
        finally:
            if token is not None:
                info.collecting = False
                render_info_cv.reset(token)
        # Refused before any render error: its words could carry what it read.
        if (refused := _read_refused(self.hass, self.template, info, rendered, failed)) is not None:
            if CALLING.get() is None:
                # A wait's render on a state change, outside the call: it fails, the wait
                # ends by its timeout.
                raise TemplateError(refused)
            raise UnreachableError(refused)
        if failed is not None:
            raise failed
        return rendered


def _read_refused(
    hass: HomeAssistant,
    source: str,
    info: RenderInfo,
    rendered: Any,
    failed: TemplateError | None,
) -> HomeAssistantError | None:
    """Return the refusal of an action tool's render that read out of reach (None: it did not)."""
    if (calling := CALLING.get()) is None:
        return HomeAssistantError("A template of an action tool is rendered outside its call")
    tool, assistant, named = calling
    written = frozenset(ENTITY_ID_PATTERN.findall(source))
    if refused := _read_refusal(
        tool, hass, info, named=named, written=written, assistant=assistant, given=True
    ):
        return refused
    shown = str(rendered) if failed is None else str(failed)
    if scopes_entered() and names_outside(hass, shown):
        # Registry functions (area_entities, ...) read no state: their ids show in the text.
        return OutOfScope(
            "its template gave an entity outside the scope of this assistant; it may only "
            "reach entities within it"
        )
    return None


class CheckedTemplate(ReadTemplate):
    """A target template of an action tool's actions, checked each time the run renders it."""

    __slots__ = ("_action", "_key", "handed")

    def __init__(
        self,
        template: Template,
        action: str,
        key: str | None,
        handed: tuple[tuple[str, ...] | None, str | None] = ((), None),
    ) -> None:
        """Check ``template``, the ``key`` target (None: a whole target or data) of ``action``."""
        super().__init__(template, reads=False)
        self._action = action
        self._key = key
        self.handed = handed

    @override
    def async_render(
        self,
        variables: TemplateVarsType = None,
        parse_result: bool = True,
        limited: bool = False,
        strict: bool = False,
        log_fn: Callable[[int, str], None] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Render; raise ``UnreachableError`` for a target the calling tool may not reach."""
        rendered = super().async_render(variables, parse_result, limited, strict, log_fn, **kwargs)
        if (calling := CALLING.get()) is None:
            raise UnreachableError(
                HomeAssistantError(f"A target of {self._action} is rendered outside its tool")
            )
        tool, assistant, _ = calling
        try:
            tool.check_rendered(
                self.hass, self._key, rendered, self._action, assistant, handed=self.handed
            )
        except HomeAssistantError as err:
            raise UnreachableError(err) from None
        return rendered


def _render(hass: HomeAssistant, template: Template, variables: Mapping[str, Any]) -> Any:
    """Return ``template`` rendered strictly with ``variables`` (never its run-time check).

    One that reads through the model's arguments is refused (raised) when it read out of reach.
    """
    fresh = Template(template.template, hass)
    if not (isinstance(template, ReadTemplate) and template.reads):
        return fresh.async_render(variables, strict=True)
    info = fresh.async_render_to_info(variables, strict=True)
    rendered = None if info.exception is not None else info.result()
    if refused := _read_refused(hass, template.template, info, rendered, info.exception):
        raise refused
    return info.result()


def checked_reads(hass: HomeAssistant, sequence: list[Any], parameters: Sequence[str]) -> None:
    """Make the templates of validated ``sequence`` that read through the model's arguments checked.

    Those use a parameter, or a name the run sets from one (a ``variables`` step's, ``repeat``
    of a loop over one, ``wait``, a response variable of a step using one), found until no
    more are.
    """
    uses = _Uses(TemplateEnvironment(hass))
    tainted = set(parameters)
    while tainted:
        before = len(tainted)
        for kind, step in iter_steps(sequence):
            for name, value in _names_set(kind, step):
                if name not in tainted and any(uses(item, tainted) for item in _templates(value)):
                    tainted.add(name)
        if len(tainted) == before:
            break
    if tainted:
        _wrap_reads(sequence, lambda template: uses(template, tainted))


class _Uses:
    """Whether a template uses any of some names (what it uses, parsed once)."""

    def __init__(self, environment: TemplateEnvironment) -> None:
        self.environment = environment
        self.used: dict[str, frozenset[str]] = {}

    def __call__(self, template: Template, names: set[str]) -> bool:
        if (found := self.used.get(template.template)) is None:
            # Validated: it parses.
            parsed = self.environment.parse(template.template)
            found = self.used[template.template] = frozenset(
                jinja2.meta.find_undeclared_variables(parsed)
            )
        return not found.isdisjoint(names)


def _names_set(kind: str, step: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Return ``(name, what it is set from)`` of the variables a step sets as the run goes."""
    found: list[tuple[str, Any]] = []
    if kind == cv.SCRIPT_ACTION_VARIABLES:
        variables = step.get(CONF_VARIABLES)
        values = getattr(variables, "variables", variables)
        found.extend((str(name), value) for name, value in dict(values or {}).items())
    elif kind == cv.SCRIPT_ACTION_REPEAT:
        found.append(("repeat", step))
    elif kind in {cv.SCRIPT_ACTION_WAIT_TEMPLATE, cv.SCRIPT_ACTION_WAIT_FOR_TRIGGER}:
        found.append(("wait", step))
    if isinstance(name := step.get(CONF_RESPONSE_VARIABLE), str):
        found.append((name, step))
    return found


def _templates(value: Any) -> list[Template]:
    """Return the templates in ``value``, at any depth."""
    if isinstance(value, Template):
        return [value]
    if isinstance(value, ScriptVariables):
        value = value.variables
    if isinstance(value, Mapping):
        return [found for pair in value.items() for item in pair for found in _templates(item)]
    if isinstance(value, list | tuple):
        return [found for item in value for found in _templates(item)]
    return []


def _wrap_reads(value: Any, reads: Callable[[Template], bool]) -> Any:
    """Return ``value`` with the templates ``reads`` picks checked as they render (in place)."""
    if isinstance(value, ReadTemplate):
        value.reads = value.reads or reads(value)
        return value
    if isinstance(value, Template):
        return ReadTemplate(value) if reads(value) else value
    if isinstance(value, ScriptVariables):
        _wrap_reads(value.variables, reads)
    elif isinstance(value, dict):
        items = [(_wrap_reads(key, reads), _wrap_reads(item, reads)) for key, item in value.items()]
        value.clear()
        value.update(items)
    elif isinstance(value, list):
        value[:] = [_wrap_reads(item, reads) for item in value]
    return value


def _read_templates(value: Any) -> list[ReadTemplate]:
    """Return the templates in ``value`` that read through the model's arguments."""
    return [found for found in _templates(value) if isinstance(found, ReadTemplate) and found.reads]


def checked_targets(sequence: Sequence[dict[str, Any]]) -> None:
    """Make every target template of the action steps of validated ``sequence`` checked.

    Raises ``ToolDefinitionError`` for a target or data key that is a template.
    """
    for kind, step in iter_steps(sequence):
        if kind == cv.SCRIPT_ACTION_CALL_SERVICE:
            name = step_action(step)
            action = name if isinstance(name, str) else ""
            refuse_template_keys(step)
            scripts = _written_scripts(step, name)
            for part in TARGET_PARTS:
                if part in step:
                    step[part] = _checking(step[part], action, None)  # type: ignore[index]
            if scripts != ():
                _checking_handed(step, action, scripts)


def _checking_handed(step: Mapping[str, Any], action: str, scripts: tuple[str, ...] | None) -> None:
    """Make the templates of the values a step's data hands ``scripts`` checked as fields."""
    for part in ("data", "data_template"):
        if isinstance(checked := step.get(part), CheckedTemplate):
            checked.handed = (scripts, None)
        elif isinstance(handed := _handed(checked, action), dict):
            for field_name, value in handed.items():
                if field_name not in TARGET_KEYS:
                    handed[field_name] = _checking_field(value, action, field_name, scripts)


def _checking_field(
    value: Any, action: str, field_name: str, scripts: tuple[str, ...] | None
) -> Any:
    """Return a value handed to ``scripts`` as ``field_name`` with its templates checked."""
    if isinstance(value, Template):
        return CheckedTemplate(value, action, None, (scripts, field_name))
    if isinstance(value, list):
        return [_checking_field(item, action, field_name, scripts) for item in value]
    return value


def _written_scripts(step: Mapping[str, Any], name: Any) -> tuple[str, ...] | None:
    """Return the scripts a step hands its data to (``()``: none; None: a template picks)."""
    if not isinstance(name, str):
        return None
    domain, _, service = name.partition(".")
    if domain != "script" or service not in SCRIPT_SERVICES:
        return (name,) if domain == "script" else ()
    if service != "turn_on":
        return ()
    parts = [step, step.get("target"), step.get("data"), step.get("data_template")]
    if any(
        isinstance(part, Template)
        or (isinstance(part, Mapping) and any(key in part for key in _HOLDER_KEYS))
        for part in parts[1:]
    ):
        return None  # a template, or an area, device, floor or label picks the scripts
    values = [part.get(ATTR_ENTITY_ID) for part in parts if isinstance(part, Mapping)]
    found: list[str] = []
    for value in values:
        items = value if isinstance(value, list) else [value]
        if any(isinstance(item, Template) or _is_template(item) for item in items):
            return None
        found.extend(ids(value))
    return tuple(found)


def _is_template(value: Any) -> bool:
    """Return whether ``value`` is a template text."""
    return isinstance(value, str) and is_template_string(value)


def _handed(part: Any, action: str) -> Any:
    """Return the variables a step's data hands a script (``script.turn_on``: ``variables``)."""
    if action == "script.turn_on":
        return part.get("variables") if isinstance(part, Mapping) else None
    return part


def _scripts_called(
    hass: HomeAssistant, action: str, scripts: tuple[str, ...] | None
) -> tuple[str, ...] | None:
    """Return the script entities a step hands its data to (None: unknown)."""
    if (entity_id := script_called(hass, action)) is not None:
        return (entity_id,)
    return scripts


def _handed_values(
    sequence: Sequence[Mapping[str, Any]],
) -> list[tuple[Callable[[HomeAssistant], tuple[str, ...] | None], str, Template]]:
    """Return ``(scripts, field, template)`` of each template a step hands a script."""
    found: list[tuple[Callable[[HomeAssistant], tuple[str, ...] | None], str, Template]] = []
    for kind, step in iter_steps(sequence):
        if kind != cv.SCRIPT_ACTION_CALL_SERVICE:
            continue
        name = step_action(step)
        if (written := _written_scripts(step, name)) == ():
            continue
        action = name if written is not None else ""

        def scripts(
            hass: HomeAssistant, action: str = action, written: Any = written
        ) -> tuple[str, ...] | None:
            return _scripts_called(hass, action, written)

        for part in (step.get("data"), step.get("data_template")):
            handed = _handed(part, action)
            for field_name, value in (handed if isinstance(handed, Mapping) else {}).items():
                if field_name in TARGET_KEYS:
                    continue
                found.extend(
                    (scripts, str(field_name), item)
                    for item in (value if isinstance(value, list) else [value])
                    if isinstance(item, Template)
                )
    return found


def check_action_keys(sequence: Sequence[dict[str, Any]]) -> None:
    """Raise ``ToolDefinitionError`` if a validated action's target or data has a template key."""
    for kind, step in iter_steps(sequence):
        if kind == cv.SCRIPT_ACTION_CALL_SERVICE:
            refuse_template_keys(step)


def refuse_template_keys(step: Mapping[str, Any]) -> None:
    """Raise ``ToolDefinitionError`` for a template key, or script.turn_on variables as one."""
    for part in (step.get(name) for name in TARGET_PARTS):
        if not isinstance(part, Mapping):
            continue
        variables = part.get("variables")
        if isinstance(variables, Template):
            raise ToolDefinitionError("actions_variables_template")
        keys = [*part, *(variables if isinstance(variables, Mapping) else ())]
        if any(isinstance(key, Template) for key in keys):
            raise ToolDefinitionError("actions_key_template")


def _checking(value: Any, action: str, key: str | None) -> Any:
    """Return a target value (``key`` None: a target or data) with its templates checked."""
    if isinstance(value, Template):
        return CheckedTemplate(value, action, key)
    if isinstance(value, list):
        return [_checking(item, action, key) for item in value]
    if key is not None or not isinstance(value, Mapping):
        return value
    checked = {
        part: _checking(item, action, part) if part in TARGET_KEYS else item
        for part, item in value.items()
    }
    if action in SCENE_ACTIONS and isinstance(entities := checked.get(SCENE_ENTITIES), Mapping):
        checked[SCENE_ENTITIES] = {
            CheckedTemplate(name, action, ATTR_ENTITY_ID)
            if isinstance(name, Template)
            else name: state
            for name, state in entities.items()
        }
    elif action in SCENE_ACTIONS and isinstance(entities, Template):
        checked[SCENE_ENTITIES] = CheckedTemplate(entities, action, SCENE_ENTITIES)
    return checked


# Per target key other than ``entity_id``: what it names, and whether one exists.
_HOLDERS: Final[dict[str, tuple[str, Callable[[HomeAssistant, str], bool]]]] = {
    ATTR_AREA_ID: ("area", lambda hass, id_: ar.async_get(hass).async_get_area(id_) is not None),
    ATTR_DEVICE_ID: ("device", lambda hass, id_: dr.async_get(hass).async_get(id_) is not None),
    ATTR_FLOOR_ID: (
        "floor",
        lambda hass, id_: fr.async_get(hass).async_get_floor(id_) is not None,
    ),
    ATTR_LABEL_ID: (
        "label",
        lambda hass, id_: lr.async_get(hass).async_get_label(id_) is not None,
    ),
}


def _uses(hass: HomeAssistant, template: Template, names: set[str]) -> bool:
    """Return whether ``template`` reads any of ``names`` (the tool's parameters)."""
    parsed = TemplateEnvironment(hass).parse(template.template)
    return not names.isdisjoint(jinja2.meta.find_undeclared_variables(parsed))


def _target_ids(
    hass: HomeAssistant, sequence: Sequence[Mapping[str, Any]], variables: Mapping[str, Any]
) -> list[tuple[str, str, Template | None, str]]:
    """Return ``(key, id, the template it came from or None, action)`` of each target."""
    found: list[tuple[str, str, Template | None, str]] = []
    for kind, step in iter_steps(sequence):
        if kind not in _TARGETING_STEPS:
            continue
        name = step_action(step)
        action = name if isinstance(name, str) else ""
        for key, value in step_targets(step):
            driven = value if isinstance(value, Template) else None
            if driven is not None:
                try:
                    value = _render(hass, driven, variables)  # noqa: PLW2901
                except TemplateError:
                    continue  # checked as the run renders it, which fails in HA's words if it must
            found.extend(
                (part, target, driven, action) for part, target in _rendered(key, value, action)
            )
    return found


# The target keys that name what holds entities (scripts too).
_HOLDER_KEYS: Final = TARGET_KEYS[1:]
_TARGETING_STEPS: Final = frozenset(
    {cv.SCRIPT_ACTION_CALL_SERVICE, cv.SCRIPT_ACTION_ACTIVATE_SCENE}
)


def _actions(sequence: Sequence[Mapping[str, Any]]) -> list[Any]:
    """Return the actions (``domain.name``, or a template) the steps of ``sequence`` call."""
    return [
        step_action(step)
        for kind, step in iter_steps(sequence)
        if kind == cv.SCRIPT_ACTION_CALL_SERVICE
    ]


def _rendered(key: str | None, value: Any, action: str) -> list[tuple[str, str]]:
    """Return ``(key, id)`` of the targets in a target value (as ``_targets`` keys them)."""
    if key is None:
        parts = value if isinstance(value, Mapping) else {}
        found = [(part, target) for part in TARGET_KEYS for target in ids(parts.get(part))]
        if action in SCENE_ACTIONS:
            found.extend(_rendered(SCENE_ENTITIES, parts.get(SCENE_ENTITIES), action))
        return found
    if key == SCENE_ENTITIES:
        names = list(value) if isinstance(value, Mapping) else []
        return [(ATTR_ENTITY_ID, name) for name in ids(names)]
    return [(key, target) for target in ids(value)]


def _domains(config: Mapping[str, Any], key: str) -> frozenset[str] | None:
    """Return the domains a selector's entity filters (``key``, ``domain``) allow; None: any."""
    filters = [
        *config.get(key, ()),
        *([{"domain": config["domain"]}] if "domain" in config else []),
    ]
    if not filters or not all(isinstance(item, Mapping) and item.get("domain") for item in filters):
        return None
    return frozenset(domain for item in filters for domain in item["domain"])


def _text(hass: HomeAssistant, value: Any) -> str:
    """Return ``value``, an id; raise when it is not a text."""
    if not isinstance(value, str):
        raise HomeAssistantError(f"{value!r} is not an id")
    return value


def _floor_id(hass: HomeAssistant, floor: Any) -> str:
    """Return the id of the floor with id, name or alias ``floor``; raise when there is none."""
    registry = fr.async_get(hass)
    return _named_id(
        "a floor",
        floor,
        lambda id_: registry.async_get_floor(id_) is not None,
        lambda name: (found.floor_id for found in intent.find_floors(name, registry)),
    )


# Per selector of what holds entities: its target key, and the id of a field's value.
_FIELD_HOLDERS: Final[dict[type, tuple[str, Callable[[HomeAssistant, Any], str]]]] = {
    selector.AreaSelector: (ATTR_AREA_ID, area_id_of),
    selector.FloorSelector: (ATTR_FLOOR_ID, _floor_id),
    selector.DeviceSelector: (ATTR_DEVICE_ID, _text),
    selector.LabelSelector: (ATTR_LABEL_ID, _text),
}
# The selectors of script fields that name what a script acts on.
_NAMING_SELECTORS: Final = frozenset(
    {selector.EntitySelector, selector.TargetSelector, *_FIELD_HOLDERS}
)


def _script_fields(hass: HomeAssistant, script: str) -> Mapping[str, Any]:
    """Return the validators of a script entity's fields, by name."""
    from homeassistant.components.script.llm import ScriptTool  # noqa: PLC0415

    return {str(key): value for key, value in ScriptTool(hass, script).parameters.schema.items()}


def script_domains(hass: HomeAssistant, script: str) -> frozenset[str] | None:
    """Return the domains of the actions a script runs (None: any, or unknown)."""
    found = entity_script(hass, script)
    domains: set[str] = set()
    if found is None or not _action_domains(found.sequence, domains):
        return None
    return frozenset(domains)


def _action_domains(sequence: Sequence[Mapping[str, Any]], domains: set[str]) -> bool:
    """Add the domains ``sequence``'s steps call to ``domains``; False: one may act on any."""
    for kind, step in iter_steps(sequence):
        if kind == cv.SCRIPT_ACTION_CALL_SERVICE:
            action = step_action(step)
            domain = action.partition(".")[0] if isinstance(action, str) else ""
            if not domain or domain in _ANY_DOMAIN or action in OPAQUE_ACTIONS:
                return False
            domains.add(domain)
        elif kind in _ACTING_STEPS:
            return False
    return True


# Domains whose actions may act on entities of any domain.
_ANY_DOMAIN: Final = frozenset({"homeassistant", "script", "scene"})
# Kinds of step other than an action that act on entities of any domain.
_ACTING_STEPS: Final = frozenset(
    {cv.SCRIPT_ACTION_DEVICE_AUTOMATION, cv.SCRIPT_ACTION_ACTIVATE_SCENE}
)
