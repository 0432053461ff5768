"""Makes tool definitions into template, action and script tools: one source of a hub.

``UiTools`` builds the tools when the entry is set up and lists them per request; one that
cannot be used is left out with the reason, the hub's other tools are not affected.
- ``template``: renders the template once in a thread with the validated arguments as
  variables, within ``TEMPLATE_TIME_LIMIT`` and ``TEMPLATE_MAX_OUTPUT``, in ``bounded``'s
  environment; parsed when JSON.
- ``action``: runs the actions with the arguments as variables, as the calling user.
- ``script``: Home Assistant's own ``ScriptTool`` of a script entity, under the tool's name.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
import json
import re
import time
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, cast, override

import jinja2
import jinja2.meta
import probatio

from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.config_entries import ConfigEntry
from homeassistant.const import (
    ATTR_AREA_ID,
    ATTR_DEVICE_ID,
    ATTR_ENTITY_ID,
    ATTR_FLOOR_ID,
    ATTR_LABEL_ID,
    ENTITY_MATCH_ALL,
    ENTITY_MATCH_NONE,
)
from homeassistant.core import (
    HomeAssistant,
    ServiceCall,
    callback,
    split_entity_id,
    valid_entity_id,
)
from homeassistant.exceptions import HomeAssistantError, TemplateError, Unauthorized
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
from homeassistant.helpers.script import Script, ScriptRunResult, async_validate_actions_config
from homeassistant.helpers.template import Template, TemplateEnvironment, is_template_string
from homeassistant.helpers.template.render_info import RenderInfo, render_info_cv
from homeassistant.helpers.trace import StopReason, script_execution_cv
from homeassistant.helpers.typing import TemplateVarsType
from homeassistant.util.async_ import create_eager_task
from homeassistant.util.hass_dict import HassKey
from homeassistant.util.thread import ThreadWithException

from ..calls.tool import error_result
from ..compose.builder import Source
from ..const import DOMAIN, LOGGER
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
    iter_steps,
    may_change,
    script_called,
    script_of,
    step_action,
    step_targets,
)
from .bounded import BoundedTemplateEnvironment, deadline
from .definition import (
    CONF_TOOL_NAME,
    SUBENTRY_TYPE,
    ParameterDefinition,
    ToolDefinition,
    ToolDefinitionError,
    parse_definition,
)

if TYPE_CHECKING:
    from homeassistant.components.script.llm import ScriptTool

    from ..texts import Texts

__all__ = [
    "MAX_ACTION_RUNS",
    "TEMPLATE_MAX_OUTPUT",
    "TEMPLATE_TIME_LIMIT",
    "UI_TOOLS_NAMESPACE",
    "UI_TOOLS_SOURCE",
    "UiTools",
    "check_action_keys",
    "parameters_schema",
    "template_error_text",
    "undeclared_variables",
]

UI_TOOLS_SOURCE: Final = DOMAIN
"""The source (audit, inspector) of tools made in the UI: the hub's own integration."""
UI_TOOLS_NAMESPACE: Final = "ui-tools"
"""Prefix of a tool made in the UI whose name another of the hub's tools carries too."""
MAX_ACTION_RUNS: Final = 10
"""Calls of one action tool that may run at once (``Script`` in parallel mode)."""
TEMPLATE_TIME_LIMIT: Final = 3.0
"""Seconds a template tool may render: the limit of Settings → Tools → Template."""
TEMPLATE_MAX_OUTPUT: Final = 16 * 1024
"""Characters a template tool's render may give (core's render_template tool's limit)."""
_ENVIRONMENT: Final[HassKey[BoundedTemplateEnvironment]] = HassKey(f"{DOMAIN}_template_environment")
"""The strict template environment template tools render in."""
_ENTITY_ID: Final = re.compile(r"(?=\b([a-z0-9_]+\.[a-z0-9_]+)\b)")
ASSISTANT: Final = "conversation"
"""The assistant whose exposed entities a tool reaches when the request names none (Assist)."""


def parameters_schema(parameters: Sequence[ParameterDefinition]) -> probatio.Schema:
    """Return the schema of declared parameters, each validated by its type's selector."""
    schema: dict[probatio.Marker, Any] = {}
    for parameter in parameters:
        marker = probatio.Required if parameter.required else probatio.Optional
        description = parameter.description
        if parameter.type == "entity" and parameter.domains:
            domains = ", ".join(parameter.domains)
            description = f"{description} (an entity id of: {domains})".strip()
        elif parameter.type == "area":
            description = f"{description} (an area's name or id)".strip()
        schema[marker(parameter.name, description=description or None)] = _validator(parameter)
    return probatio.Schema(schema)


_SIMPLE_VALIDATORS: Final[dict[str, Any]] = {
    "text": selector.TextSelector(),
    # Not BooleanSelector, which takes any value as true or false ("maybe" is true).
    "boolean": cv.boolean,
    "area": selector.AreaSelector(),
    "datetime": selector.DateTimeSelector(),
    "duration": selector.DurationSelector(),
}


def _validator(parameter: ParameterDefinition) -> Any:
    """Return the validator of one parameter's value."""
    if (simple := _SIMPLE_VALIDATORS.get(parameter.type)) is not None:
        return simple
    if parameter.type == "integer":
        return probatio.All(
            int,
            probatio.Range(
                min=None if parameter.min is None else int(parameter.min),
                max=None if parameter.max is None else int(parameter.max),
            ),
        )
    if parameter.type == "select":
        return selector.SelectSelector(
            selector.SelectSelectorConfig(options=list(parameter.options))
        )
    if parameter.type == "entity":
        config = selector.EntitySelectorConfig()
        if parameter.domains:
            config["domain"] = list(parameter.domains)
        return selector.EntitySelector(config)
    number = selector.NumberSelectorConfig(step="any", mode=selector.NumberSelectorMode.BOX)
    if parameter.min is not None:
        number["min"] = parameter.min
    if parameter.max is not None:
        number["max"] = parameter.max
    return selector.NumberSelector(number)


def undeclared_variables(hass: HomeAssistant, source: str, declared: Sequence[str]) -> list[str]:
    """Return the variables a template reads that are neither ``declared`` nor HA's globals.

    Raises ``jinja2.TemplateSyntaxError`` for a template that does not parse.
    """
    environment = TemplateEnvironment(hass)
    used = jinja2.meta.find_undeclared_variables(environment.parse(source))
    return sorted(used - set(environment.globals) - set(declared))


def template_error_text(err: TemplateError) -> str:
    """Return what went wrong in a template and on which line (Jinja's), in words."""
    cause = err.__cause__ or (err.args[0] if err.args else None)
    line: int | None = None
    if isinstance(cause, jinja2.TemplateSyntaxError):
        line = cause.lineno
        what = cause.message or str(cause)
    elif isinstance(cause, BaseException):
        line = _template_line(cause.__traceback__)
        what = f"{type(cause).__name__}: {cause}"
    else:
        what = str(err)
    return f"line {line}: {what}" if line else what


def _template_line(traceback: TracebackType | None) -> int | None:
    """Return the template line of the innermost template frame of a traceback."""
    line = None
    while traceback is not None:
        if traceback.tb_frame.f_code.co_filename == "<template>":
            line = traceback.tb_lineno
        traceback = traceback.tb_next
    return line


class _Reach:
    """Checks that what a call names exists and is in the tool's reach (exposed, in scope)."""

    name: str
    definition: ToolDefinition

    def _check_exposed(self, hass: HomeAssistant, entity_id: str, assistant: str | None) -> None:
        """Raise ``HomeAssistantError`` unless ``entity_id`` is exposed to ``assistant``.

        Exposed unless the tool allows more; in a scoped hub, within the scopes entered too.
        """
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
        """Return a script field's value (registry ids: entity ids); raise, as for a target.

        ``acted``: the domains the script acts on (None: any); a holder is checked for them
        and the ones its selector's entity filter names.
        """
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
        entity_id = _existing_entity(hass, value)
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

        Checked as that script's field; one of no selector that names things (or of an
        unknown script): each entity id it gives must be exposed.
        """
        checked = False
        registry = er.async_get(hass)
        for named in scripts or ():
            # A registry id names the script as its entity id does.
            script = er.async_resolve_entity_id(registry, named) or named
            validator = _script_fields(hass, script).get(field)
            if type(validator) in _NAMING_SELECTORS:
                self._checked_field(
                    hass, field, validator, value, assistant, acted=_script_domains(hass, script)
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


def _existing_entity(hass: HomeAssistant, value: Any) -> str:
    """Return the entity id of an entity id or registry id of an entity that exists; raise."""
    registry = er.async_get(hass)
    entity_id = er.async_resolve_entity_id(registry, value) if isinstance(value, str) else None
    if entity_id is None or (
        hass.states.get(entity_id) is None and registry.async_get(entity_id) is None
    ):
        raise HomeAssistantError(f"There is no entity {value!r}")
    return entity_id


class _UiTool(_Reach, llm_helper.Tool):
    """What the tools made in the UI share: definition, parameters, area resolution."""

    integration = DOMAIN

    def __init__(self, definition: ToolDefinition) -> None:
        """Make the tool of ``definition``."""
        self.definition = definition
        self.name = definition.name
        self.title = definition.title
        self.description = definition.description
        self.annotations = definition.annotations
        self.parameters = parameters_schema(definition.parameters)

    def variables(
        self, hass: HomeAssistant, tool_args: Mapping[str, Any], assistant: str | None
    ) -> dict[str, Any]:
        """Return the validated arguments of a call, every declared parameter (None: not given).

        An area (id, name or alias) becomes its id, an entity's registry id its entity id.
        Raises ``probatio.Invalid`` for invalid arguments, ``HomeAssistantError`` naming an
        area or entity that does not exist or, unless the tool allows it, is not exposed to
        ``assistant`` (Assist's when None).
        """
        validated = self.parameters(dict(tool_args))
        variables: dict[str, Any] = {}
        for parameter in self.definition.parameters:
            value = validated.get(parameter.name)
            if parameter.type == "area" and value is not None:
                value = _area_id(hass, value)
            elif parameter.type == "entity" and value is not None:
                value = self._entity_id(hass, parameter, value, assistant)
            variables[parameter.name] = value
        return variables

    def _entity_id(
        self,
        hass: HomeAssistant,
        parameter: ParameterDefinition,
        value: str,
        assistant: str | None,
    ) -> str:
        """Return the entity id of an entity id or registry id the tool may reach; raise."""
        entity_id = _existing_entity(hass, value)
        if parameter.domains and split_entity_id(entity_id)[0] not in parameter.domains:
            raise HomeAssistantError(
                f"{parameter.name}: {entity_id} is not of {', '.join(parameter.domains)}"
            )
        self._check_exposed(hass, entity_id, assistant)
        return entity_id


def _area_id(hass: HomeAssistant, area: Any) -> str:
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
    """Return ``value`` if ``known`` id, else the first id it ``named``; raise if none.

    ``kind``: with its article (``an area``).
    """
    if not isinstance(value, str):
        raise HomeAssistantError(f"{value!r} is not {kind}'s name or id")
    if known(value):
        return value
    for found in named(value):
        return found
    raise HomeAssistantError(f"There is no {kind.partition(' ')[2]} {value!r}")


class UiTemplateTool(_UiTool):
    """A template tool: renders its template with the arguments as variables."""

    def __init__(self, hass: HomeAssistant, definition: ToolDefinition) -> None:
        """Compile the template; raise ``ToolDefinitionError`` with the line when it cannot."""
        super().__init__(definition)
        self.template = Template(definition.template, hass)
        try:
            self.template.ensure_valid()
        except TemplateError as err:
            raise ToolDefinitionError("template_invalid", error=template_error_text(err)) from err
        if (environment := hass.data.get(_ENVIRONMENT)) is None:
            environment = hass.data[_ENVIRONMENT] = BoundedTemplateEnvironment(hass, strict=True)
        # Strict: a variable that is not defined is an error naming it, never empty text.
        self.compiled = environment.from_string(definition.template)
        self.named = frozenset(_ENTITY_ID.findall(definition.template))
        """The entity ids written in the template: its author's choice, not the model's."""

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: llm_helper.ToolInput,
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult:
        """Render the template once, in a thread; return ``{"result": ...}``, parsed if JSON."""
        variables = self.variables(hass, tool_input.tool_args, llm_context.assistant)
        render_info = RenderInfo(self.template)
        failed: TemplateError | None = None
        try:
            rendered = await _async_render(hass, self.compiled, variables, render_info)
        except TimeoutError:
            return error_result(
                "TemplateError",
                f"The template of tool {self.name} ran longer than "
                f"{TEMPLATE_TIME_LIMIT:g} s and was stopped.",
            )
        except _TooLongError:
            return error_result(
                "TemplateError",
                f"The template of tool {self.name} gave more than {TEMPLATE_MAX_OUTPUT} "
                "characters, its limit.",
            )
        except TemplateError as err:
            rendered, failed = "", err
        # Refused before any render error: its words could carry what it read.
        if (refused := self._refused(hass, render_info, variables, llm_context)) is not None:
            return refused
        if scopes_entered() and _names_outside(hass, rendered):
            # Registry functions (area_entities, ...) read no state: their ids show in the text.
            raise OutOfScope(
                "its template gave an entity outside the scope of this assistant; it may only "
                "reach entities within it"
            )
        if failed is not None:
            return error_result(
                "TemplateError",
                f"The template of tool {self.name} failed at {template_error_text(failed)}",
            )
        try:
            result = json.loads(rendered)
        except ValueError:
            result = rendered
        return llm_helper.ToolResult(data={"result": result})

    def _refused(
        self,
        hass: HomeAssistant,
        render_info: RenderInfo,
        variables: Mapping[str, Any],
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult | None:
        """Return the refusal of a render that read out of reach (None: it did not)."""
        named = {value for value in variables.values() if isinstance(value, str)}
        if scopes_entered() and (outside := self._read_outside(hass, render_info, named)):
            return error_result("HomeAssistantError", outside)
        if not variables or self.definition.unexposed:
            return None
        assistant = llm_context.assistant or ASSISTANT
        if (unreachable := self._unreachable(hass, render_info, assistant)) is None:
            return None
        if unreachable not in named and not unreachable.startswith("every "):
            unreachable = "an entity not exposed"
        return error_result(
            "HomeAssistantError",
            f"The template of tool {self.name} read {unreachable}; tool "
            f"{self.name} may only reach entities exposed to Assist",
        )

    def _read_outside(
        self, hass: HomeAssistant, render_info: RenderInfo, named: set[str]
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
                f"The template of tool {self.name} read {shown} outside the scope of this "
                f"assistant; tool {self.name} may only reach entities within it"
            )
        return None

    def _unreachable(
        self, hass: HomeAssistant, render_info: RenderInfo, assistant: str
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
        for entity_id in sorted(render_info.entities - self.named):
            if not async_should_expose(hass, assistant, entity_id):
                return entity_id
        return None


def _names_outside(hass: HomeAssistant, text: str) -> bool:
    """Return whether ``text`` names an entity outside the scopes entered."""
    registry = er.async_get(hass)
    return any(
        not reaches(entity_id)
        and (hass.states.get(entity_id) is not None or registry.async_get(entity_id) is not None)
        for entity_id in set(_ENTITY_ID.findall(text))
    )


class _TooLongError(Exception):
    """A render gave more than ``TEMPLATE_MAX_OUTPUT`` characters."""


async def _async_render(
    hass: HomeAssistant,
    compiled: jinja2.Template,
    variables: Mapping[str, Any],
    render_info: RenderInfo,
) -> str:
    """Return the stripped output of one render in a thread of its own, recording its reads.

    Raises ``TimeoutError`` (the render is stopped), ``_TooLongError``, ``TemplateError``.
    """
    done = asyncio.Event()
    outcome: list[str | BaseException] = []

    def render() -> None:
        render_info_cv.set(render_info)
        deadline.set(time.monotonic() + TEMPLATE_TIME_LIMIT)
        try:
            parts: list[str] = []
            size = 0
            for part in compiled.generate(**variables):
                parts.append(part)
                if (size := size + len(part)) > TEMPLATE_MAX_OUTPUT:
                    raise _TooLongError  # noqa: TRY301  # stops the render, its output unbuilt
            outcome.append("".join(parts).strip())
        except BaseException as err:  # noqa: BLE001  # handed to the event loop
            outcome.append(err)
        finally:
            render_info.collecting = False
            hass.loop.call_soon_threadsafe(done.set)

    thread = ThreadWithException(target=render, name=f"{DOMAIN} template", daemon=True)
    thread.start()
    try:
        async with asyncio.timeout(TEMPLATE_TIME_LIMIT):
            await done.wait()
    except TimeoutError:
        with contextlib.suppress(ValueError):  # it has just ended
            thread.raise_exc(TimeoutError)
        with contextlib.suppress(TimeoutError):  # a C call that never checks: let it be
            async with asyncio.timeout(TEMPLATE_TIME_LIMIT):
                await done.wait()
        raise
    result = outcome[0]
    if isinstance(result, str):
        return result
    if isinstance(result, _TooLongError | TimeoutError):
        raise result  # a regular expression that ran out of time: TimeoutError
    raise TemplateError(result) from result  # type: ignore[arg-type]


class UiActionTool(_UiTool):
    """An action tool: runs its actions with the arguments as variables, as the caller."""

    def __init__(self, hass: HomeAssistant, definition: ToolDefinition, script: Script) -> None:
        """Make the tool of ``definition`` running the validated ``script``.

        Steps that may change state make it no read-only tool, whatever its definition says.
        """
        super().__init__(definition)
        self.script = script
        if self.annotations.read_only and may_change(hass, script.sequence):
            self.annotations = replace(self.annotations, read_only=False)

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: llm_helper.ToolInput,
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult:
        """Run the actions as the calling user; return their response data.

        ``{"response": ...}`` when a ``stop`` action returns a response, else the values of
        the actions' ``response_variable``s, else ``{"success": true}``. An action the
        user may not perform, or a target out of reach the run renders, is a failed result.
        """
        variables = self.variables(hass, tool_input.tool_args, llm_context.assistant)
        self._check_targets(hass, variables, llm_context.assistant)
        calling = _CALLING.set((self, llm_context.assistant))
        try:
            run, stop = await _async_run_watched(
                lambda: self.script.async_run(variables, context=llm_context.context)
            )
        except Unauthorized as err:
            return _unauthorized(self.name, err)
        except _UnreachableError as err:
            if isinstance(cause := err.args[0], OutOfScope):
                raise cause from None  # refused, as before the run
            return error_result("HomeAssistantError", str(cause))
        finally:
            _CALLING.reset(calling)
        if (refused := _not_run(self.name, stop)) is not None:
            return refused
        run = cast("ScriptRunResult", run)  # a finished run has a result
        if run.service_response is not None:
            return llm_helper.ToolResult(data={"response": run.service_response})
        responses = {
            name: run.variables.get(name)
            for action in self.definition.actions
            if isinstance(name := action.get("response_variable"), str)
        }
        return llm_helper.ToolResult(data=responses or {"success": True})

    def _check_targets(
        self, hass: HomeAssistant, variables: Mapping[str, Any], assistant: str | None
    ) -> None:
        """Raise ``HomeAssistantError`` naming a target of the actions the tool may not reach.

        Each must exist; one a template led to, be exposed (an area, device, floor or label:
        what it holds) unless the tool allows more; in a scoped hub, every one within the
        scope, scripts and scenes followed, no action whose words or a template pick them.
        """
        followed: list[str] = []
        for key, target, driven, action in _target_ids(hass, self.script.sequence, variables):
            reached = (assistant or ASSISTANT) if driven else None
            self._check_target(hass, (key, target, action), reached, followed)
        for scripts, field_name, value in _handed_values(self.script.sequence):
            try:
                rendered = _render(hass, value, variables)
            except TemplateError:
                continue  # checked as the run renders it
            self._check_handed(hass, scripts(hass), field_name, rendered, assistant or ASSISTANT)
        if scopes_entered():
            for action in _actions(self.script.sequence):
                if action in OPAQUE_ACTIONS or not isinstance(action, str):
                    shown = action if isinstance(action, str) else action.template
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
        """Raise ``HomeAssistantError`` naming a target a run rendered that is out of reach.

        ``handed``: the scripts a value is handed to (``()``: none), and as which field.
        """
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
        entity_id = _existing_entity(hass, name)
        if assistant is not None:
            self._check_exposed(hass, entity_id, assistant)
        elif not reaches(entity_id):
            raise OutOfScope("it acts on an entity outside the scope of this assistant")
        followed.append(entity_id)

    def _check_followed(self, hass: HomeAssistant, entity_ids: list[str]) -> None:
        """Raise when a group, script or scene of ``entity_ids`` acts outside the scopes entered."""
        for entity_id in entity_ids:
            what = f"the {entity_id.partition('.')[0]} {entity_id}"
            if why := acts_outside(entities_acts(hass, [entity_id]), what):
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
        if why := acts_outside(acts, f"tool {self.name}"):
            raise OutOfScope(why)


_CALLING: Final[ContextVar[tuple[UiActionTool, str | None] | None]] = ContextVar(
    f"{DOMAIN}_calling", default=None
)
"""The action tool whose run is going on, and the request's assistant."""


class _UnreachableError(Exception):
    """A target a run rendered is out of reach (no ``HomeAssistantError``: not ignorable)."""


class _CheckedTemplate(Template):
    """A target template of an action tool's actions, checked each time the run renders it."""

    __slots__ = ("_action", "_key", "handed")

    def __init__(
        self,
        template: Template,
        action: str,
        key: str | None,
        handed: tuple[tuple[str, ...] | None, str | None] = ((), None),
    ) -> None:
        """Check ``template``, the ``key`` target (None: a whole target or data) of ``action``.

        ``handed``: the scripts it is handed to, and as which field (``check_rendered``).
        """
        super().__init__(template.template, template.hass)
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
        """Render; raise ``_UnreachableError`` for a target the calling tool may not reach."""
        rendered = super().async_render(variables, parse_result, limited, strict, log_fn, **kwargs)
        if (calling := _CALLING.get()) is None:
            raise _UnreachableError(
                HomeAssistantError(f"A target of {self._action} is rendered outside its tool")
            )
        tool, assistant = calling
        try:
            tool.check_rendered(
                self.hass, self._key, rendered, self._action, assistant, handed=self.handed
            )
        except HomeAssistantError as err:
            raise _UnreachableError(err) from None
        return rendered


def _render(hass: HomeAssistant, template: Template, variables: Mapping[str, Any]) -> Any:
    """Return ``template`` rendered strictly with ``variables`` (never its run-time check)."""
    return Template(template.template, hass).async_render(variables, strict=True)


def _checked_targets(sequence: Sequence[dict[str, Any]]) -> None:
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
        if isinstance(checked := step.get(part), _CheckedTemplate):
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
        return _CheckedTemplate(value, action, None, (scripts, field_name))
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
        return _CheckedTemplate(value, action, key)
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
            _CheckedTemplate(name, action, ATTR_ENTITY_ID)
            if isinstance(name, Template)
            else name: state
            for name, state in entities.items()
        }
    elif action in SCENE_ACTIONS and isinstance(entities, Template):
        checked[SCENE_ENTITIES] = _CheckedTemplate(entities, action, SCENE_ENTITIES)
    return checked


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
"""Per target key other than ``entity_id``: what it names, and whether one exists."""


def _target_ids(
    hass: HomeAssistant, sequence: Sequence[Mapping[str, Any]], variables: Mapping[str, Any]
) -> list[tuple[str, str, bool, str]]:
    """Return ``(key, id, from a template, action)`` of each target the arguments render."""
    found: list[tuple[str, str, bool, str]] = []
    for kind, step in iter_steps(sequence):
        if kind not in _TARGETING_STEPS:
            continue
        name = step_action(step)
        action = name if isinstance(name, str) else ""
        for key, value in step_targets(step):
            driven = isinstance(value, Template)
            if driven:
                try:
                    value = _render(hass, value, variables)  # noqa: PLW2901
                except TemplateError:
                    continue  # checked as the run renders it, which fails in HA's words if it must
            found.extend(
                (part, target, driven, action) for part, target in _rendered(key, value, action)
            )
    return found


_HOLDER_KEYS: Final = TARGET_KEYS[1:]
"""The target keys that name what holds entities (scripts too)."""
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


async def _async_run_watched[T](run: Callable[[], Awaitable[T]]) -> tuple[T, StopReason]:
    """Return what ``run`` returned and how the script run it started ended.

    Home Assistant's scripts record that (``finished``, ``aborted``, ``failed_single``...)
    in the trace's ``StopReason``; a task of its own keeps the caller's trace untouched.
    """

    async def watched() -> tuple[T, StopReason]:
        script_execution_cv.set(StopReason())
        result = await run()
        # A script entity's run replaces the StopReason with one of its own trace.
        return result, script_execution_cv.get() or StopReason()

    return await create_eager_task(watched())


_NOT_RUN: Final = {
    "failed_single": "did not run: it is already running and runs once at a time (mode "
    "single). Wait until it has finished, then call it again",
    "failed_max_runs": "did not run: as many runs of it as it allows are going on at once. "
    "Wait until one has finished, then call it again",
    "disallowed_recursion_detected": "did not run: it would have started itself while running",
    "aborted": "stopped before its end: a condition was not met, or a stop action ended it "
    "with an error. Tell the user it did not finish",
    "cancelled": "was stopped before its end (it was restarted or turned off). Tell the "
    "user it did not finish",
    None: "did not run: Home Assistant is stopping",
}
"""What a script run that did not finish means, by Home Assistant's ``script_execution``."""


def _not_run(name: str, stop: StopReason) -> llm_helper.ToolResult | None:
    """Return the failed result of a run that did not finish (None: it finished)."""
    if stop.script_execution == "finished":
        return None
    why = _NOT_RUN.get(stop.script_execution, f"ended with {stop.script_execution}")
    return error_result("ScriptNotRun", f"Tool {name} {why}.")


def _unauthorized(name: str, err: Unauthorized, script: str = "") -> llm_helper.ToolResult:
    """Return the failed result of a refused run, naming its innermost service call."""
    service = None
    traceback = err.__traceback__
    while traceback is not None:
        for value in traceback.tb_frame.f_locals.values():
            if isinstance(value, ServiceCall):
                service = f"{value.domain}.{value.service}"
        traceback = traceback.tb_next
    what = f"the action {service}" if service else "its actions"
    if err.entity_id:
        what = f"{what} on {err.entity_id}"
    if script:
        what = f"the script {script}: {what}"
    return error_result(
        "Unauthorized",
        f"Tool {name} did not run: an administrator is needed for {what}, and the user who "
        "asked is not one. Tell the user.",
    )


class UiScriptTool(_Reach, llm_helper.ActionTool):
    """A script tool: Home Assistant's ``ScriptTool`` under the tool's name, telling what ran.

    An ``ActionTool`` like the one it wraps, so a hub hands it the arguments as given.
    """

    integration = DOMAIN

    def __init__(self, definition: ToolDefinition, tool: ScriptTool) -> None:
        """Wrap ``tool``, the script's own tool (its fields are the parameters)."""
        self.definition = definition
        self.tool = tool
        self.name = definition.name
        self.title = definition.title
        self.description = definition.description or tool.description
        self.parameters = tool.parameters
        self.annotations = definition.annotations
        self.script_entity_id = definition.script
        """The script it runs (what a hub's "Always ask before acting on" looks into)."""

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: llm_helper.ToolInput,
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult:
        """Run the script as the calling user; return ``{"result": response}``.

        ``{"success": true}`` when it finished without a response; a failed result when it
        did not run or did not finish, and why. A field of an entity, device, area, floor,
        label or target given one that does not exist or is out of reach is a failed result
        naming it, and the script does not run.
        """
        tool_args = dict(tool_input.tool_args)
        acted = _script_domains(hass, self.definition.script)
        for key, validator in self.parameters.schema.items():
            if key in tool_args:
                tool_args[key] = self._checked_field(
                    hass,
                    str(key),
                    validator,
                    tool_args[key],
                    llm_context.assistant or ASSISTANT,
                    acted=acted,
                )
        inner = llm_helper.ToolInput(tool_name=self.tool.name, tool_args=tool_args)
        try:
            _, stop = await _async_run_watched(
                lambda: self.tool.async_call(hass, inner, llm_context)
            )
        except Unauthorized as err:
            return _unauthorized(self.name, err, self.definition.script)
        if (refused := _not_run(self.name, stop)) is not None:
            return refused
        if stop.response is None:
            return llm_helper.ToolResult(data={"success": True})
        return llm_helper.ToolResult(data={"result": stop.response})


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


_FIELD_HOLDERS: Final[dict[type, tuple[str, Callable[[HomeAssistant, Any], str]]]] = {
    selector.AreaSelector: (ATTR_AREA_ID, _area_id),
    selector.FloorSelector: (ATTR_FLOOR_ID, _floor_id),
    selector.DeviceSelector: (ATTR_DEVICE_ID, _text),
    selector.LabelSelector: (ATTR_LABEL_ID, _text),
}
"""Per selector of what holds entities: its target key, and the id of a field's value."""
_NAMING_SELECTORS: Final = frozenset(
    {selector.EntitySelector, selector.TargetSelector, *_FIELD_HOLDERS}
)
"""The selectors of script fields that name what a script acts on."""


def _script_fields(hass: HomeAssistant, script: str) -> Mapping[str, Any]:
    """Return the validators of a script entity's fields, by name."""
    from homeassistant.components.script.llm import ScriptTool  # noqa: PLC0415

    return {str(key): value for key, value in ScriptTool(hass, script).parameters.schema.items()}


def _script_domains(hass: HomeAssistant, script: str) -> frozenset[str] | None:
    """Return the domains of the actions a script runs (None: any, or unknown)."""
    found = script_of(hass, script)
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


_ANY_DOMAIN: Final = frozenset({"homeassistant", "script", "scene"})
"""Domains whose actions may act on entities of any domain."""
_ACTING_STEPS: Final = frozenset(
    {cv.SCRIPT_ACTION_DEVICE_AUTOMATION, cv.SCRIPT_ACTION_ACTIVATE_SCENE}
)
"""Kinds of step other than an action that act on entities of any domain."""


def _script_tool(hass: HomeAssistant, definition: ToolDefinition) -> UiScriptTool:
    """Return the tool of a script tool's definition; raise if there is no script."""
    from homeassistant.components.script.llm import ScriptTool  # noqa: PLC0415

    if hass.states.get(definition.script) is None:
        raise ToolDefinitionError("script_missing", script=definition.script)
    tool = UiScriptTool(definition, ScriptTool(hass, definition.script))
    script = script_of(hass, definition.script)
    if tool.annotations.read_only and (script is None or may_change(hass, script.sequence)):
        # Steps that may change state make it no read-only tool, whatever its definition says.
        tool.annotations = replace(tool.annotations, read_only=False)
    return tool


class _LeftOutTool(llm_helper.Tool):
    """Stands for a tool that cannot be used, so the inspector can show it and why."""

    integration = DOMAIN

    def __init__(self, name: str, title: str) -> None:
        """Stand for the tool ``name``."""
        self.name = name
        self.title = title

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: llm_helper.ToolInput,
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult:
        """Fail: the hub never lists it, so only a caller that bypasses the hub gets here."""
        return error_result("HomeAssistantError", f"Tool {self.name} cannot be used")


@dataclass(slots=True)
class UiTools:
    """The tools made in the UI of one hub entry, built when the entry is set up."""

    tools: list[llm_helper.Tool | ToolDefinition] = field(default_factory=list)
    """Ready tools; script tools as definitions (their script is looked up per request)."""
    broken: dict[str, tuple[str, str, ToolDefinitionError]] = field(default_factory=dict)
    """Per subentry id: ``(name, title, reason)`` of definitions that cannot be used."""
    scripts: list[Script] = field(default_factory=list)

    @classmethod
    async def async_load(cls, hass: HomeAssistant, entry: ConfigEntry[Any]) -> UiTools:
        """Return the tools of ``entry``'s tool subentries; never raises for a bad one."""
        ui_tools = cls()
        for subentry_id, subentry in entry.subentries.items():
            if subentry.subentry_type != SUBENTRY_TYPE:
                continue
            try:
                definition = parse_definition(subentry)
                ui_tools.tools.append(await ui_tools._async_make(hass, definition))
            except ToolDefinitionError as err:
                # A copy: keeping the error would keep its traceback's frames.
                reason = ToolDefinitionError(err.translation_key, **err.translation_placeholders)
            except Exception as err:  # noqa: BLE001  # one bad tool never takes the hub down
                reason = ToolDefinitionError("tool_failed", error=f"{type(err).__name__}: {err}")
            else:
                continue
            name = subentry.data.get(CONF_TOOL_NAME)
            title = str(subentry.title)
            ui_tools.broken[subentry_id] = (
                name if isinstance(name, str) and name else title,
                title,
                reason,
            )
            LOGGER.warning("LLM Hub %s leaves out the tool %s: %s", entry.title, title, reason)
        return ui_tools

    async def _async_make(
        self, hass: HomeAssistant, definition: ToolDefinition
    ) -> llm_helper.Tool | ToolDefinition:
        """Return the tool of a definition (a script tool's definition as it is)."""
        if definition.kind == "template":
            return UiTemplateTool(hass, definition)
        if definition.kind == "script":
            return definition
        try:
            actions = await async_validate_actions_config(
                hass, cast("list[dict[str, Any]]", cv.SCRIPT_SCHEMA(list(definition.actions)))
            )
        except (probatio.Invalid, HomeAssistantError) as err:
            raise ToolDefinitionError("actions_invalid", error=err) from err
        _checked_targets(actions)
        script = Script(
            hass,
            actions,
            f"{DOMAIN} tool {definition.name}",
            DOMAIN,
            running_description=f"LLM Hub tool {definition.title}",
            script_mode="parallel",
            max_runs=MAX_ACTION_RUNS,
            logger=LOGGER,
            log_exceptions=False,
        )
        self.scripts.append(script)
        return UiActionTool(hass, definition, script)

    @callback
    def source(self, hass: HomeAssistant) -> Source | None:
        """Return the tools as one source of a hub's build (None when there are none).

        Script tools are made from the script as it is now; a missing one is left out.
        """
        if not self.tools and not self.broken:
            return None
        tools: list[llm_helper.Tool] = []
        left_out: dict[str, str] = {}
        for item in self.tools:
            if isinstance(item, ToolDefinition):
                try:
                    tools.append(_script_tool(hass, item))
                except ToolDefinitionError as err:
                    tools.append(_LeftOutTool(item.name, item.title))
                    left_out[item.name] = str(err)
            else:
                tools.append(item)
        for name, title, reason in self.broken.values():
            tools.append(_LeftOutTool(name, title))
            left_out[name] = str(reason)
        return Source(
            namespace=UI_TOOLS_NAMESPACE,
            source=UI_TOOLS_SOURCE,
            prompt_parts=[],
            tools=tools,
            left_out=left_out,
        )

    def problems(
        self, hass: HomeAssistant, texts: Texts | None = None
    ) -> dict[str, tuple[str, str]]:
        """Return ``{subentry id: (title, reason)}`` of every tool left out now, in ``texts``."""
        reasons = {key: (title, reason) for key, (_, title, reason) in self.broken.items()}
        reasons.update(
            (
                item.subentry_id,
                (item.title, ToolDefinitionError("script_missing", script=item.script)),
            )
            for item in self.tools
            if isinstance(item, ToolDefinition) and hass.states.get(item.script) is None
        )
        return {key: (title, reason.translated(texts)) for key, (title, reason) in reasons.items()}

    async def async_unload(self) -> None:
        """Unload the action tools' scripts (stopping runs still going)."""
        for script in self.scripts:
            await script.async_unload()
