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
from collections.abc import Awaitable, Callable, Mapping, Sequence
import contextlib
from dataclasses import dataclass, field, replace
import json
import time
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, cast, override

import jinja2
import jinja2.meta
import probatio

from homeassistant.config_entries import ConfigEntry
from homeassistant.const import ENTITY_MATCH_ALL, ENTITY_MATCH_NONE
from homeassistant.core import (
    HomeAssistant,
    ServiceCall,
    callback,
    valid_entity_id,
)
from homeassistant.exceptions import HomeAssistantError, TemplateError, Unauthorized
from homeassistant.helpers import (
    config_validation as cv,
    llm as llm_helper,
    selector,
)
from homeassistant.helpers.script import Script, ScriptRunResult, async_validate_actions_config
from homeassistant.helpers.template import Template, TemplateEnvironment
from homeassistant.helpers.template.render_info import RenderInfo, render_info_cv
from homeassistant.helpers.trace import StopReason, script_execution_cv
from homeassistant.util.async_ import create_eager_task
from homeassistant.util.hass_dict import HassKey
from homeassistant.util.thread import ThreadWithException

from ..calls.tool import error_result
from ..compose.builder import Source
from ..const import DOMAIN, LOGGER
from ..scope.assist import OutOfScope
from ..scope.reach import scopes_entered
from ..targets.walk import (
    entity_script,
    may_change,
)
from .bounded import BoundedTemplateEnvironment, deadline
from .checks import (
    ASSISTANT,
    CALLING,
    ENTITY_ID_PATTERN,
    ActionChecks,
    NamedChecks,
    TemplateChecks,
    UnreachableError,
    area_id_of,
    checked_reads,
    checked_targets,
    names_outside,
    script_domains,
)
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
    "parameters_schema",
    "template_error_text",
    "undeclared_variables",
]

# The source (audit, inspector) of tools made in the UI: the hub's own integration.
UI_TOOLS_SOURCE: Final = DOMAIN
# Prefix of a tool made in the UI whose name another of the hub's tools carries too.
UI_TOOLS_NAMESPACE: Final = "ui-tools"
# Calls of one action tool that may run at once (``Script`` in parallel mode).
MAX_ACTION_RUNS: Final = 10
# Seconds a template tool may render: the limit of Settings → Tools → Template.
TEMPLATE_TIME_LIMIT: Final = 3.0
# Characters a template tool's render may give (core's render_template tool's limit).
TEMPLATE_MAX_OUTPUT: Final = 16 * 1024
# The strict template environment template tools render in.
_ENVIRONMENT: Final[HassKey[BoundedTemplateEnvironment]] = HassKey(f"{DOMAIN}_template_environment")


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
        return _EntityParameter(config)
    number = selector.NumberSelectorConfig(step="any", mode=selector.NumberSelectorMode.BOX)
    if parameter.min is not None:
        number["min"] = parameter.min
    if parameter.max is not None:
        number["max"] = parameter.max
    return selector.NumberSelector(number)


class _EntityParameter(selector.EntitySelector):
    """An entity parameter: a name passes, so that the tool answers with the entities it may name.

    An entity id is checked as the selector checks it; ``all`` and ``none`` are refused.
    """

    @override
    def __call__(self, data: Any) -> Any:
        """Return ``data``: a text that is no entity id as it is, else checked as an entity."""
        if (
            isinstance(data, str)
            and not valid_entity_id(data)
            and data.strip().lower() not in {ENTITY_MATCH_ALL, ENTITY_MATCH_NONE}
        ):
            return data
        return super().__call__(data)


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


class _UiTool(NamedChecks, llm_helper.Tool):
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

        Raises ``probatio.Invalid``, or ``HomeAssistantError`` for an area or entity out of reach.
        """
        validated = self.parameters(dict(tool_args))
        variables: dict[str, Any] = {}
        for parameter in self.definition.parameters:
            value = validated.get(parameter.name)
            if parameter.type == "area" and value is not None:
                value = area_id_of(hass, value)
                self._check_area_in_scope(hass, value)
            elif parameter.type == "entity" and value is not None:
                value = self._entity_id(hass, parameter, value, assistant)
            variables[parameter.name] = value
        return variables


class UiTemplateTool(TemplateChecks, _UiTool):
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
        self.named = frozenset(ENTITY_ID_PATTERN.findall(definition.template))
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
        shown = rendered if failed is None else template_error_text(failed)
        if scopes_entered() and names_outside(hass, shown):
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
    if thread.is_alive():  # it has set ``done`` and is ending: let it end off the loop
        await hass.async_add_executor_job(thread.join)
    result = outcome[0]
    if isinstance(result, str):
        return result
    if isinstance(result, _TooLongError | TimeoutError):
        raise result  # a regular expression that ran out of time: TimeoutError
    raise TemplateError(result) from result  # type: ignore[arg-type]


class UiActionTool(ActionChecks, _UiTool):
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

        ``{"response": ...}`` of a ``stop``, else ``response_variable``s, else ``{"success":
        true}``.
        """
        variables = self.variables(hass, tool_input.tool_args, llm_context.assistant)
        named = frozenset(value for value in variables.values() if isinstance(value, str))
        calling = CALLING.set((self, llm_context.assistant, named))
        try:
            self._check_targets(hass, variables, llm_context.assistant)
            run, stop = await _async_run_watched(
                lambda: self.script.async_run(variables, context=llm_context.context)
            )
        except Unauthorized as err:
            return _unauthorized(self.name, err)
        except UnreachableError as err:
            if isinstance(cause := err.args[0], OutOfScope):
                raise cause from None  # refused, as before the run
            return error_result("HomeAssistantError", str(cause))
        finally:
            CALLING.reset(calling)
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


async def _async_run_watched[T](run: Callable[[], Awaitable[T]]) -> tuple[T, StopReason]:
    """Return what ``run`` returned and how the script run it started ended (``StopReason``)."""

    async def watched() -> tuple[T, StopReason]:
        script_execution_cv.set(StopReason())
        result = await run()
        # A script entity's run replaces the StopReason with one of its own trace.
        return result, script_execution_cv.get() or StopReason()

    return await create_eager_task(watched())


# What a script run that did not finish means, by Home Assistant's ``script_execution``.
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


class UiScriptTool(NamedChecks, llm_helper.ActionTool):
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

        ``{"success": true}`` without a response; a failed result when it fails or is out of reach.
        """
        tool_args = dict(tool_input.tool_args)
        acted = script_domains(hass, self.definition.script)
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


def _script_tool(hass: HomeAssistant, definition: ToolDefinition) -> UiScriptTool:
    """Return the tool of a script tool's definition; raise if there is no script."""
    from homeassistant.components.script.llm import ScriptTool  # noqa: PLC0415

    if hass.states.get(definition.script) is None:
        raise ToolDefinitionError("script_missing", script=definition.script)
    tool = UiScriptTool(definition, ScriptTool(hass, definition.script))
    script = entity_script(hass, definition.script)
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

    # Ready tools; script tools as definitions (their script is looked up per request).
    tools: list[llm_helper.Tool | ToolDefinition] = field(default_factory=list)
    # Per subentry id: ``(name, title, reason)`` of definitions that cannot be used.
    broken: dict[str, tuple[str, str, ToolDefinitionError]] = field(default_factory=dict)
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
        checked_targets(actions)
        checked_reads(hass, actions, [parameter.name for parameter in definition.parameters])
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
        """Return the tools as one source of a hub's build (None when there are none)."""
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
