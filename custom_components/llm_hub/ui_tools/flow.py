"""The subentry flow of a tool made in the UI: "Add tool" on a hub, and its reconfigure.

The user picks a kind (template, action, script; a menu) and fills in its form (title,
description, the kind's template, actions or script, annotations). A template or action
tool then has a menu of its parameters: add one (its type, then only that type's fields),
edit or remove one, done. Save shows the name the model will call the tool by; saving
stores the subentry and the hub reloads on its own. Reconfigure walks the same steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast, override

import probatio
import slugify as unicode_slug

from homeassistant.config_entries import ConfigSubentryFlow, SubentryFlowResult
from homeassistant.data_entry_flow import section
from homeassistant.exceptions import HomeAssistantError, TemplateError
from homeassistant.helpers import config_validation as cv, entity_registry as er, selector
from homeassistant.helpers.script import async_validate_actions_config
from homeassistant.helpers.template import Template
from homeassistant.helpers.translation import async_get_translations

from ..compose.names import assign_names, portable_name
from ..const import (
    CONF_CONFIRM_DESTRUCTIVE,
    CONF_INCLUDE_NEW_TOOLS,
    CONF_NO_DESTRUCTIVE,
    CONF_NO_OPEN_WORLD,
    CONF_READ_ONLY,
    DOMAIN,
)
from ..options import HubOptions
from ..scope.assist import actions_outside
from ..scope.reach import HubScope, entered, reaches
from ..targets.acts import outside
from ..targets.walk import entities_acts, entity_script, may_change
from .checks import ENTITY_ID_PATTERN, check_action_keys
from .definition import (
    ANNOTATION_KEYS,
    CONF_ACTIONS,
    CONF_KIND,
    CONF_PARAMETERS,
    CONF_SCRIPT,
    CONF_TEMPLATE,
    CONF_TOOL_DESCRIPTION,
    CONF_TOOL_NAME,
    CONF_UNEXPOSED,
    CONF_VERSION,
    KINDS,
    PARAMETER_TYPES,
    SUBENTRY_TYPE,
    TOOL_DATA_VERSION,
    Kind,
    ParameterDefinition,
    ParameterError,
    ToolDefinitionError,
    parse_parameters,
)
from .tools import template_error_text, undeclared_variables

__all__ = ["ToolSubentryFlow"]

CONF_TITLE: Final = "title"
CONF_ANNOTATIONS: Final = "annotations"

_TEXT = selector.TextSelector()
_LIST = selector.TextSelector(selector.TextSelectorConfig(multiple=True))
_NUMBER = selector.NumberSelector(
    selector.NumberSelectorConfig(step="any", mode=selector.NumberSelectorMode.BOX)
)
# The fields of a parameter beyond name, description and required, by type.
_TYPE_FIELDS: Final[dict[str, dict[str, selector.Selector[Any]]]] = {
    "number": {"min": _NUMBER, "max": _NUMBER},
    "integer": {"min": _NUMBER, "max": _NUMBER},
    "select": {"options": _LIST},
    "entity": {"domains": _LIST},
}
_TYPES = selector.SelectSelector(
    selector.SelectSelectorConfig(
        options=list(PARAMETER_TYPES),
        translation_key="parameter_type",
        mode=selector.SelectSelectorMode.LIST,
    )
)


def _parameter_schema(kind: str) -> probatio.Schema:
    """Return the form of one parameter of type ``kind``: only the fields that type has."""
    return probatio.Schema(
        {
            probatio.Required("name"): _TEXT,
            probatio.Optional("description"): _TEXT,
            probatio.Optional("required", default=False): selector.BooleanSelector(),
            **{probatio.Optional(key): field for key, field in _TYPE_FIELDS.get(kind, {}).items()},
        }
    )


def _names(parameters: list[dict[str, Any]], *, multiple: bool) -> selector.SelectSelector:
    """Return a choice of ``parameters`` by name (``multiple``: any number of them)."""
    return selector.SelectSelector(
        selector.SelectSelectorConfig(
            options=[parameter["name"] for parameter in parameters],
            multiple=multiple,
            mode=selector.SelectSelectorMode.LIST,
        )
    )


def _stored_parameter(parameter: ParameterDefinition) -> dict[str, Any]:
    """Return a parameter as a subentry stores it (values its type does not use left out)."""
    item: dict[str, Any] = {
        "name": parameter.name,
        "type": parameter.type,
        "required": parameter.required,
    }
    if parameter.description:
        item["description"] = parameter.description
    if parameter.type in ("number", "integer"):
        item.update(
            (key, value)
            for key, value in (("min", parameter.min), ("max", parameter.max))
            if value is not None
        )
    if parameter.type == "select":
        item["options"] = list(parameter.options)
    if parameter.type == "entity" and parameter.domains:
        item["domains"] = list(parameter.domains)
    return item


class _TemplateField(selector.TemplateSelector):
    """The template selector, its text checked by the flow: an error is the field's, in words."""

    @override
    def __call__(self, data: Any) -> str:
        """Return the template's text (``_async_check`` compiles it)."""
        return cv.string(data)


_KIND_FIELDS: Final[dict[Kind, dict[probatio.Marker, Any]]] = {
    "template": {probatio.Required(CONF_TEMPLATE): _TemplateField()},
    "action": {probatio.Required(CONF_ACTIONS): selector.ActionSelector()},
    "script": {
        probatio.Required(CONF_SCRIPT): selector.EntitySelector(
            selector.EntitySelectorConfig(domain="script")
        )
    },
}


def _annotation_defaults(kind: Kind) -> dict[str, bool]:
    """Return the annotations a new tool starts with: the spec's worst case.

    A template tool only reads; an action tool's ``open_world`` follows ``reaches_outside``.
    """
    if kind == "template":
        return {"read_only": True, "destructive": False, "open_world": False}
    return {"read_only": False, "destructive": True, "open_world": True}


# Domains whose actions reach outside Home Assistant, or may (scripts, automations).
OUTSIDE_DOMAINS: Final = frozenset(
    {
        "ai_task",
        "automation",
        "conversation",
        "mqtt",
        "notify",
        "python_script",
        "rest_command",
        "script",
        "shell_command",
        "smtp",
        "telegram_bot",
        "tts",
        "webhook",
    }
)


def reaches_outside(actions: Any) -> bool:
    """Return whether an action anywhere in ``actions`` may reach outside Home Assistant.

    True for a domain of ``OUTSIDE_DOMAINS`` and for an action named by a template.
    """
    if isinstance(actions, list):
        return any(reaches_outside(item) for item in actions)
    if not isinstance(actions, Mapping):
        return False
    action = actions.get("action", actions.get("service"))
    if isinstance(action, str) and ("{" in action or action.partition(".")[0] in OUTSIDE_DOMAINS):
        return True
    return any(reaches_outside(value) for value in actions.values())


def _form_schema(kind: Kind) -> probatio.Schema:
    """Return the form of a kind: title, description, the kind's field, annotations."""
    fields: dict[probatio.Marker, Any] = {
        # A script tool takes the script's name and description when left empty.
        (probatio.Optional if kind == "script" else probatio.Required)(CONF_TITLE): _TEXT,
        (probatio.Optional if kind == "script" else probatio.Required)(
            CONF_TOOL_DESCRIPTION
        ): selector.TextSelector(selector.TextSelectorConfig(multiline=True)),
        **_KIND_FIELDS[kind],
    }
    if kind != "script":
        fields[probatio.Optional(CONF_UNEXPOSED, default=False)] = selector.BooleanSelector()
    # Optional: a client that leaves them out keeps the tool's (or the kind's) annotations.
    fields[probatio.Optional(CONF_ANNOTATIONS)] = section(
        probatio.Schema(
            {probatio.Optional(key): selector.BooleanSelector() for key in ANNOTATION_KEYS}
        ),
        {"collapsed": False},
    )
    return probatio.Schema(fields)


class ToolSubentryFlow(ConfigSubentryFlow):
    """Add a tool made in the UI to a hub, or reconfigure one."""

    def __init__(self) -> None:
        """Start with nothing entered."""
        super().__init__()
        self._kind: Kind = "template"
        self._stored: dict[str, Any] = {}
        """The tool's data before this flow (reconfigure), else empty."""
        self._entered: dict[str, Any] | None = None
        """The kind's form as last entered and accepted."""
        self._data: dict[str, Any] = {}
        self._title = ""
        self._parameters: list[dict[str, Any]] = []
        """The parameters as stored, in order."""
        self._editing: int | None = None
        """The index of the parameter being edited (None: a new one)."""
        self._type = "text"

    async def async_step_user(self, user_input: dict[str, Any] | None = None) -> SubentryFlowResult:
        """Ask which kind of tool to add."""
        return self.async_show_menu(step_id="user", menu_options=list(KINDS))

    async def async_step_reconfigure(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Open the form of the tool's kind with its values."""
        subentry = self._get_reconfigure_subentry()
        kind = subentry.data.get(CONF_KIND)
        if kind not in KINDS:
            return self.async_abort(reason="unknown_kind")
        try:
            parameters = parse_parameters(subentry.data.get(CONF_PARAMETERS))
        except ToolDefinitionError as err:
            return self.async_abort(
                reason="parameters_unreadable", description_placeholders={"error": str(err)}
            )
        self._stored = dict(subentry.data)
        self._parameters = [_stored_parameter(parameter) for parameter in parameters]
        return await self._async_step_kind(cast("Kind", kind), None)

    async def async_step_template(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Define a template tool."""
        return await self._async_step_kind("template", user_input)

    async def async_step_action(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Define an action tool."""
        return await self._async_step_kind("action", user_input)

    async def async_step_script(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Define a script tool."""
        return await self._async_step_kind("script", user_input)

    async def _async_step_kind(
        self, kind: Kind, user_input: dict[str, Any] | None, error: _FieldError | None = None
    ) -> SubentryFlowResult:
        """Show the kind's form (with ``error``); check what was entered, go on to parameters."""
        self._kind = kind
        if user_input is not None:
            try:
                self._data = await self._async_check(kind, user_input)
            except _FieldError as err:
                error = err
            else:
                self._entered = user_input
                if kind == "script":
                    return await self.async_step_save()
                return await self.async_step_parameters()
        return self.async_show_form(
            step_id=kind,
            data_schema=self.add_suggested_values_to_schema(
                _form_schema(kind), self._suggested(kind, user_input)
            ),
            # The error's words fill its own text on the field; the description has none.
            errors={error.field: error.key} if error else {},
            description_placeholders=error.placeholders if error else None,
            last_step=kind == "script",
        )

    def _suggested(self, kind: Kind, user_input: dict[str, Any] | None) -> dict[str, Any]:
        """Return the form's values: what was entered, else the tool's, else the defaults."""
        if (entered := user_input or self._entered) is not None:
            values = dict(entered)
        else:
            values = {
                key: value
                for key, value in self._stored.items()
                if key not in (*ANNOTATION_KEYS, CONF_VERSION, CONF_KIND, CONF_TOOL_NAME)
            }
            if self.source == "reconfigure":
                values[CONF_TITLE] = self._get_reconfigure_subentry().title
        values[CONF_ANNOTATIONS] = self._annotations(kind, values.get(CONF_ANNOTATIONS))
        return values

    def _annotations(self, kind: Kind, entered: Mapping[str, Any] | None) -> dict[str, bool]:
        """Return the annotations: the kind's defaults, the tool's own, what was entered."""
        annotations = _annotation_defaults(kind)
        annotations.update(
            (key, bool(self._stored[key])) for key in ANNOTATION_KEYS if key in self._stored
        )
        annotations.update((key, bool(value)) for key, value in (entered or {}).items())
        return annotations

    async def _async_check(self, kind: Kind, user_input: dict[str, Any]) -> dict[str, Any]:
        """Return the subentry data of a filled-in form; raise ``_FieldError`` on bad input."""
        title = " ".join(str(user_input.get(CONF_TITLE) or "").split())
        description = str(user_input.get(CONF_TOOL_DESCRIPTION) or "").strip()
        data: dict[str, Any] = {CONF_VERSION: TOOL_DATA_VERSION, CONF_KIND: kind}
        if kind == "script":
            entity_id = user_input[CONF_SCRIPT]
            if (state := self.hass.states.get(entity_id)) is None:
                raise _FieldError(CONF_SCRIPT, "script_missing", script=entity_id)
            title = title or state.name
            data[CONF_SCRIPT] = entity_id
        else:
            if not title:
                raise _FieldError(CONF_TITLE, "title_empty")
            if not description:
                raise _FieldError(CONF_TOOL_DESCRIPTION, "description_empty")
            if user_input.get(CONF_UNEXPOSED):
                data[CONF_UNEXPOSED] = True
            if kind == "template":
                data[CONF_TEMPLATE] = self._checked_template(user_input[CONF_TEMPLATE])
            else:
                data[CONF_ACTIONS] = await self._async_check_actions(user_input[CONF_ACTIONS])
        if description:
            data[CONF_TOOL_DESCRIPTION] = description
        annotations = self._annotations(kind, user_input.get(CONF_ANNOTATIONS))
        if (
            kind == "action"
            and not any(key in self._stored for key in ANNOTATION_KEYS)
            and annotations == _annotation_defaults(kind)
        ):
            # A new action tool whose annotations were left as shown: by what its actions do.
            annotations["open_world"] = reaches_outside(data[CONF_ACTIONS])
        data.update(annotations)
        data[CONF_TOOL_NAME] = self._tool_name(title)
        self._title = title
        return data

    async def _type_labels(self) -> dict[str, str]:
        """Return the parameter types' labels in Home Assistant's language, by type."""
        translations = await async_get_translations(
            self.hass, self.hass.config.language, "selector", [DOMAIN]
        )
        prefix = f"component.{DOMAIN}.selector.parameter_type.options."
        return {key: translations.get(prefix + key, key) for key in PARAMETER_TYPES}

    async def async_step_parameters(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Show the tool's parameters: add, edit or remove one, or go on to save."""
        self._editing = None
        labels = await self._type_labels()
        options = ["parameter_add"]
        if self._parameters:
            options += ["parameter_edit", "parameter_remove"]
        return self.async_show_menu(
            step_id="parameters",
            menu_options=[*options, "parameters_done"],
            description_placeholders={
                "title": self._title,
                "parameters": await self._async_parameters_text(
                    [
                        f"`{parameter['name']}` ({labels[parameter['type']]})"
                        for parameter in self._parameters
                    ]
                ),
            },
        )

    async def async_step_parameter_add(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Add a parameter: its type first."""
        self._type = "text"
        return await self.async_step_parameter_type()

    async def async_step_parameter_edit(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Ask which parameter to edit (the only one needs no asking); then its type."""
        names = [parameter["name"] for parameter in self._parameters]
        if user_input is not None or len(names) == 1:
            self._editing = names.index(user_input["parameter"]) if user_input else 0
            self._type = self._parameters[self._editing]["type"]
            return await self.async_step_parameter_type()
        return self.async_show_form(
            step_id="parameter_edit",
            data_schema=probatio.Schema(
                {probatio.Required("parameter"): _names(self._parameters, multiple=False)}
            ),
            last_step=False,
        )

    async def async_step_parameter_remove(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Ask which parameters to remove; remove them and show the parameters."""
        if user_input is not None:
            removed = set(user_input["parameters"])
            self._parameters = [item for item in self._parameters if item["name"] not in removed]
            return await self.async_step_parameters()
        return self.async_show_form(
            step_id="parameter_remove",
            data_schema=probatio.Schema(
                {
                    probatio.Optional("parameters", default=[]): _names(
                        self._parameters, multiple=True
                    )
                }
            ),
            last_step=False,
        )

    async def async_step_parameter_type(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Ask for the parameter's type (a new one's, or the edited one's)."""
        if user_input is not None:
            self._type = user_input["type"]
            return await self.async_step_parameter()
        return self.async_show_form(
            step_id="parameter_type",
            data_schema=self.add_suggested_values_to_schema(
                probatio.Schema({probatio.Required("type"): _TYPES}), {"type": self._type}
            ),
            last_step=False,
        )

    async def async_step_parameter(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Ask for the fields of the parameter's type; keep it and show the parameters."""
        errors: dict[str, str] = {}
        placeholders = {"type": (await self._type_labels())[self._type]}
        others = [item for index, item in enumerate(self._parameters) if index != self._editing]
        if user_input is not None:
            item = {"type": self._type, **user_input}
            try:
                *_, parameter = parse_parameters([*others, item])
            except ParameterError as err:
                errors[err.field] = err.reason
                placeholders["value"] = err.value
            else:
                if self._editing is None:
                    self._parameters.append(_stored_parameter(parameter))
                else:
                    self._parameters[self._editing] = _stored_parameter(parameter)
                return await self.async_step_parameters()
        if user_input is None and self._editing is not None:
            user_input = self._parameters[self._editing]
        return self.async_show_form(
            step_id="parameter",
            data_schema=self.add_suggested_values_to_schema(
                _parameter_schema(self._type), user_input or {}
            ),
            errors=errors,
            description_placeholders=placeholders,
            last_step=False,
        )

    async def async_step_parameters_done(
        self, user_input: dict[str, Any] | None = None
    ) -> SubentryFlowResult:
        """Check the template against the parameters; go on to save, or back to the form."""
        data = {**self._data, CONF_PARAMETERS: list(self._parameters)}
        if self._kind == "template":
            declared = [parameter["name"] for parameter in self._parameters]
            if unknown := undeclared_variables(self.hass, data[CONF_TEMPLATE], declared):
                variables = ", ".join(unknown)
                error = _FieldError(CONF_TEMPLATE, "template_undefined", variables=variables)
                return await self._async_step_kind(self._kind, None, error)
        self._data = data
        return await self.async_step_save()

    async def _async_check_actions(self, raw: Any) -> list[dict[str, Any]]:
        """Return the actions as entered if Home Assistant accepts them; raise ``_FieldError``."""
        actions: list[dict[str, Any]] = cv.ensure_list(raw)
        try:
            check_action_keys(
                await async_validate_actions_config(self.hass, cv.SCRIPT_SCHEMA(actions))
            )
        except (probatio.Invalid, HomeAssistantError) as err:
            raise _FieldError(CONF_ACTIONS, "actions_invalid", problem=str(err)) from err
        return actions

    def _checked_template(self, source: str) -> str:
        """Return ``source`` if it compiles; raise ``_FieldError`` saying where it does not."""
        try:
            Template(source, self.hass).ensure_valid()
        except TemplateError as err:
            # The error text ends the sentence (Jinja ends some messages with a full stop).
            problem = template_error_text(err).rstrip(".")
            raise _FieldError(CONF_TEMPLATE, "template_invalid", problem=problem) from err
        return source

    def _tool_name(self, title: str) -> str:
        """Return the portable name of a title, unique among the hub's tools made in the UI."""
        wanted = portable_name(unicode_slug.slugify(title, separator="_") or title)
        own = self._reconfigure_subentry_id if self.source == "reconfigure" else None
        taken = [
            str(subentry.data.get(CONF_TOOL_NAME))
            for subentry_id, subentry in self._get_entry().subentries.items()
            if subentry.subentry_type == SUBENTRY_TYPE and subentry_id != own
        ]
        if wanted not in taken:
            return wanted
        return assign_names([*taken, wanted])[-1]

    async def _async_warnings(self) -> str:
        """Return, in words, how the hub's options will leave out or confirm the tool ("": not)."""
        options = HubOptions.from_options(self._get_entry().options)
        read_only, destructive, open_world = (self._data[key] for key in ANNOTATION_KEYS)
        destructive = destructive and not read_only
        warnings: list[tuple[str, str, str]] = [
            ("left_out_on", "safety", key)
            for key, applies in (
                (CONF_READ_ONLY, options.read_only and not read_only),
                (CONF_NO_DESTRUCTIVE, options.no_destructive and destructive),
                (CONF_NO_OPEN_WORLD, options.no_open_world and open_world),
            )
            if applies
        ]
        if self.source != "reconfigure" and not options.include_new_tools:
            warnings.insert(0, ("left_out_off", "tools", CONF_INCLUDE_NEW_TOOLS))
        if read_only and await self._async_changes_state():
            warnings.insert(0, ("not_read_only", "safety", CONF_READ_ONLY))
        if not warnings and options.confirm_destructive and destructive:
            warnings.append(("confirmed", "safety", CONF_CONFIRM_DESTRUCTIVE))
        scoped = await self._async_outside_scope(options)
        if not warnings and scoped is None:
            return ""
        language = self.hass.config.language
        labels = await async_get_translations(self.hass, language, "options", [DOMAIN])
        words = await async_get_translations(self.hass, language, "selector", [DOMAIN])
        key = f"component.{DOMAIN}.selector.tool_warning.options."
        said = [
            words[f"{key}{kind}"].replace(
                "{option}", labels.get(f"component.{DOMAIN}.options.step.{step}.data.{name}", name)
            )
            for kind, step, name in warnings
        ]
        if scoped is not None:
            said.insert(0, words[f"{key}{scoped[0]}"].replace("{entities}", scoped[1]))
        return " ".join(said)

    async def _async_outside_scope(self, options: HubOptions) -> tuple[str, str] | None:
        """Return ``(warning key, entity ids)`` when the hub's scope refuses the tool's reach."""
        scope = HubScope.from_options(options)
        if scope.empty:
            return None
        hass = self.hass
        with entered((scope.resolve(hass),)):
            if self._kind == "template":
                registry = er.async_get(hass)
                found = sorted(
                    entity_id
                    for entity_id in set(ENTITY_ID_PATTERN.findall(self._data[CONF_TEMPLATE]))
                    if not reaches(entity_id)
                    and (hass.states.get(entity_id) or registry.async_get(entity_id))
                )
                return ("scope_reads", ", ".join(found)) if found else None
            if self._kind == "script":
                acts = entities_acts(hass, [self._data[CONF_SCRIPT]])
                if acts.unknown is not None:
                    return ("scope_unknown", "")
                found = outside(acts, reaches)
            else:
                found = actions_outside(hass, await self._async_actions())
        return ("scope_left_out", ", ".join(found)) if found else None

    async def _async_actions(self) -> list[dict[str, Any]]:
        """Return the action tool's actions, validated as Home Assistant runs them."""
        actions = cv.SCRIPT_SCHEMA(cv.ensure_list(self._data[CONF_ACTIONS]))
        return await async_validate_actions_config(self.hass, actions)

    async def _async_changes_state(self) -> bool:
        """Return whether the tool's actions (a script tool's script's) may change state."""
        if self._kind == "template":
            return False
        if self._kind == "script":
            script = entity_script(self.hass, self._data[CONF_SCRIPT])
            return script is None or may_change(self.hass, script.sequence)
        return may_change(self.hass, await self._async_actions())

    def _parameter_names(self) -> list[str]:
        """Return the names of the tool's parameters: its own, or its script's fields."""
        if (script := self._data.get(CONF_SCRIPT)) is None:
            return [parameter["name"] for parameter in self._data.get(CONF_PARAMETERS, [])]
        from homeassistant.components.script.llm import ScriptTool  # noqa: PLC0415

        schema = ScriptTool(self.hass, script).parameters.schema
        return [str(getattr(key, "schema", key)) for key in schema]

    async def _async_parameters_text(self, names: list[str]) -> str:
        """Return the sentence naming the tool's parameters ``names``, or saying it has none."""
        words = await async_get_translations(
            self.hass, self.hass.config.language, "selector", [DOMAIN]
        )
        key = f"component.{DOMAIN}.selector.tool_warning.options."
        if not names:
            return words[f"{key}no_parameters"]
        return words[f"{key}parameters"].replace("{parameters}", ", ".join(names))

    async def async_step_save(self, user_input: dict[str, Any] | None = None) -> SubentryFlowResult:
        """Show the name the model calls the tool by, and whether the hub leaves it out; save."""
        if user_input is None:
            return self.async_show_form(
                step_id="save",
                data_schema=probatio.Schema({}),
                description_placeholders={
                    "warning": await self._async_warnings(),
                    "name": self._data[CONF_TOOL_NAME],
                    "title": self._title,
                    "parameters": await self._async_parameters_text(self._parameter_names()),
                },
            )
        if self.source == "reconfigure":
            return self.async_update_and_abort(
                self._get_entry(),
                self._get_reconfigure_subentry(),
                title=self._title,
                data=self._data,
            )
        return self.async_create_entry(title=self._title, data=self._data)


class _FieldError(Exception):
    """A field of the form is wrong: the field, the error key and the words its text takes."""

    def __init__(self, field: str, key: str, **placeholders: str) -> None:
        """Say that ``field`` is wrong (``key`` in translations, filled with ``placeholders``)."""
        super().__init__(key, placeholders)
        self.field = field
        self.key = key
        self.placeholders = placeholders
