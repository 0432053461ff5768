"""The subentry flow of a tool made in the UI: "Add tool" on a hub, and its reconfigure.

The user picks a kind (template, action, script; a menu), fills in one form (title,
description, the kind's template, actions or script, parameters, annotations), then sees
the name the model will call the tool by and saves. Reconfigure opens the same form with
the tool's values. Saving stores the subentry; the hub reloads on its own.

Parameters are one ``ObjectSelector`` field with ``multiple``: a list the user adds to,
edits, reorders and removes from in place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

import probatio
import slugify as unicode_slug

from homeassistant.config_entries import ConfigSubentryFlow, SubentryFlowResult
from homeassistant.data_entry_flow import section
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import config_validation as cv, selector
from homeassistant.helpers.script import async_validate_actions_config
from homeassistant.helpers.translation import async_get_translations

from ..build.names import assign_names, portable_name
from ..const import (
    CONF_CONFIRM_DESTRUCTIVE,
    CONF_INCLUDE_NEW_TOOLS,
    CONF_NO_DESTRUCTIVE,
    CONF_NO_OPEN_WORLD,
    CONF_READ_ONLY,
    DOMAIN,
)
from ..options import HubOptions
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
    ToolDefinitionError,
    parse_parameters,
)
from .tools import undeclared_variables

__all__ = ["ToolSubentryFlow"]

CONF_TITLE: Final = "title"
CONF_ANNOTATIONS: Final = "annotations"

_TEXT = selector.TextSelector()
_LIST = selector.TextSelector(selector.TextSelectorConfig(multiple=True))
_NUMBER = selector.NumberSelector(
    selector.NumberSelectorConfig(step="any", mode=selector.NumberSelectorMode.BOX)
)
_PARAMETER_FIELDS: Final[dict[str, selector.Selector[Any]]] = {
    "name": _TEXT,
    "type": _TEXT,  # replaced by the translated choice of types (``_parameters_selector``)
    "description": _TEXT,
    "required": selector.BooleanSelector(),
    "min": _NUMBER,
    "max": _NUMBER,
    "options": _LIST,
    "domains": _LIST,
}


def _parameters_selector(type_labels: Mapping[str, str]) -> selector.ObjectSelector:
    """Return the parameters field: a list of objects edited in place (module docstring).

    The frontend's item dialog translates field labels (the selector's ``translation_key``)
    but not a select's options, so the types come with their labels, ``type_labels``.
    """
    types = selector.SelectSelector(
        selector.SelectSelectorConfig(
            options=[
                selector.SelectOptionDict(value=key, label=type_labels.get(key, key))
                for key in PARAMETER_TYPES
            ],
            translation_key="parameter_type",
            mode=selector.SelectSelectorMode.DROPDOWN,
        )
    )
    return selector.ObjectSelector(
        selector.ObjectSelectorConfig(
            multiple=True,
            label_field="name",
            description_field="description",
            translation_key="parameter",
            fields={
                key: selector.ObjectSelectorField(
                    selector=types if key == "type" else field,
                    required=key in ("name", "type"),
                )
                for key, field in _PARAMETER_FIELDS.items()
            },
        )
    )


_KIND_FIELDS: Final[dict[Kind, dict[probatio.Marker, Any]]] = {
    "template": {probatio.Required(CONF_TEMPLATE): selector.TemplateSelector()},
    "action": {probatio.Required(CONF_ACTIONS): selector.ActionSelector()},
    "script": {
        probatio.Required(CONF_SCRIPT): selector.EntitySelector(
            selector.EntitySelectorConfig(domain="script")
        )
    },
}


def _annotation_defaults(kind: Kind) -> dict[str, bool]:
    """Return the annotations a new tool starts with: the spec's worst case.

    A template tool only reads: read-only, not destructive, not reaching outside. A new
    action tool's ``open_world`` then follows its actions (``reaches_outside``).
    """
    if kind == "template":
        return {"read_only": True, "destructive": False, "open_world": False}
    return {"read_only": False, "destructive": True, "open_world": True}


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
"""Domains whose actions reach outside Home Assistant, or may (scripts, automations)."""


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


def _form_schema(kind: Kind, type_labels: Mapping[str, str]) -> probatio.Schema:
    """Return the form of a kind: title, description, the kind's field, parameters, annotations."""
    fields: dict[probatio.Marker, Any] = {
        # A script tool takes the script's name and description when left empty.
        (probatio.Optional if kind == "script" else probatio.Required)(CONF_TITLE): _TEXT,
        (probatio.Optional if kind == "script" else probatio.Required)(
            CONF_TOOL_DESCRIPTION
        ): selector.TextSelector(selector.TextSelectorConfig(multiline=True)),
        **_KIND_FIELDS[kind],
    }
    if kind != "script":
        fields[probatio.Optional(CONF_PARAMETERS)] = _parameters_selector(type_labels)
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
        self._data: dict[str, Any] = {}
        self._title = ""

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
        self._data = dict(subentry.data)
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
        self, kind: Kind, user_input: dict[str, Any] | None
    ) -> SubentryFlowResult:
        """Show the kind's form; check what was entered and go on to ``save``."""
        errors: dict[str, str] = {}
        placeholders = {"error": ""}
        if user_input is not None:
            try:
                self._data = await self._async_check(kind, user_input)
            except _FieldError as err:
                errors[err.field] = err.key
                placeholders["error"] = err.text
            else:
                return await self.async_step_save()
        suggested = self._suggested(kind, user_input)
        translations = await async_get_translations(
            self.hass, self.hass.config.language, "selector", [DOMAIN]
        )
        prefix = f"component.{DOMAIN}.selector.parameter_type.options."
        type_labels = {key: translations.get(prefix + key, key) for key in PARAMETER_TYPES}
        return self.async_show_form(
            step_id=kind,
            data_schema=self.add_suggested_values_to_schema(
                _form_schema(kind, type_labels), suggested
            ),
            errors=errors,
            description_placeholders=placeholders,
        )

    def _suggested(self, kind: Kind, user_input: dict[str, Any] | None) -> dict[str, Any]:
        """Return the form's values: what was entered, else the tool's, else the defaults."""
        if user_input is not None:
            values = dict(user_input)
        else:
            values = {
                key: value
                for key, value in self._data.items()
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
            (key, bool(self._data[key])) for key in ANNOTATION_KEYS if key in self._data
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
                raise _FieldError(CONF_SCRIPT, "script_missing", entity_id)
            title = title or state.name
            data[CONF_SCRIPT] = entity_id
        else:
            if not title:
                raise _FieldError(CONF_TITLE, "title_empty")
            if not description:
                raise _FieldError(CONF_TOOL_DESCRIPTION, "description_empty")
            data[CONF_PARAMETERS] = self._check_parameters(user_input.get(CONF_PARAMETERS))
            if user_input.get(CONF_UNEXPOSED):
                data[CONF_UNEXPOSED] = True
            if kind == "template":
                # The template selector has compiled it (an error names the field).
                data[CONF_TEMPLATE] = user_input[CONF_TEMPLATE]
                declared = [parameter["name"] for parameter in data[CONF_PARAMETERS]]
                if unknown := undeclared_variables(self.hass, data[CONF_TEMPLATE], declared):
                    raise _FieldError(CONF_TEMPLATE, "template_undefined", ", ".join(unknown))
            else:
                data[CONF_ACTIONS] = await self._async_check_actions(user_input[CONF_ACTIONS])
        if description:
            data[CONF_TOOL_DESCRIPTION] = description
        annotations = self._annotations(kind, user_input.get(CONF_ANNOTATIONS))
        if (
            kind == "action"
            and not any(key in self._data for key in ANNOTATION_KEYS)
            and annotations == _annotation_defaults(kind)
        ):
            # A new action tool whose annotations were left as shown: by what its actions do.
            annotations["open_world"] = reaches_outside(data[CONF_ACTIONS])
        data.update(annotations)
        data[CONF_TOOL_NAME] = self._tool_name(title)
        self._title = title
        return data

    @staticmethod
    def _check_parameters(raw: Any) -> list[dict[str, Any]]:
        """Return the parameters as stored (empty values left out); raise ``_FieldError``."""
        try:
            parameters = parse_parameters(cv.ensure_list(raw))
        except ToolDefinitionError as err:
            raise _FieldError(CONF_PARAMETERS, "parameters_invalid", str(err)) from err
        stored: list[dict[str, Any]] = []
        for parameter in parameters:
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
            stored.append(item)
        return stored

    async def _async_check_actions(self, raw: Any) -> list[dict[str, Any]]:
        """Return the actions as entered if Home Assistant accepts them; raise ``_FieldError``."""
        actions: list[dict[str, Any]] = cv.ensure_list(raw)
        try:
            await async_validate_actions_config(self.hass, cv.SCRIPT_SCHEMA(actions))
        except (probatio.Invalid, HomeAssistantError) as err:
            raise _FieldError(CONF_ACTIONS, "actions_invalid", str(err)) from err
        return actions

    def _tool_name(self, title: str) -> str:
        """Return the portable name of a title, unique among the hub's tools made in the UI.

        The title's slug with ``_`` (``names.portable_name``); when another tool of the hub
        has it, ``names.assign_names`` adds a short hash suffix.
        """
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
        """Return, in words, how the hub's options will hide or confirm the tool ("": not)."""
        options = HubOptions.from_options(self._get_entry().options)
        read_only, destructive, open_world = (self._data[key] for key in ANNOTATION_KEYS)
        destructive = destructive and not read_only
        warnings: list[tuple[str, str, str]] = [
            ("hidden_on", "safety", key)
            for key, applies in (
                (CONF_READ_ONLY, options.read_only and not read_only),
                (CONF_NO_DESTRUCTIVE, options.no_destructive and destructive),
                (CONF_NO_OPEN_WORLD, options.no_open_world and open_world),
            )
            if applies
        ]
        if self.source != "reconfigure" and not options.include_new_tools:
            warnings.insert(0, ("hidden_off", "tools", CONF_INCLUDE_NEW_TOOLS))
        if not warnings and options.confirm_destructive and destructive:
            warnings.append(("confirmed", "safety", CONF_CONFIRM_DESTRUCTIVE))
        if not warnings:
            return ""
        language = self.hass.config.language
        labels = await async_get_translations(self.hass, language, "options", [DOMAIN])
        words = await async_get_translations(self.hass, language, "selector", [DOMAIN])
        return " ".join(
            words[f"component.{DOMAIN}.selector.tool_warning.options.{kind}"].replace(
                "{option}", labels.get(f"component.{DOMAIN}.options.step.{step}.data.{key}", key)
            )
            for kind, step, key in warnings
        )

    async def async_step_save(self, user_input: dict[str, Any] | None = None) -> SubentryFlowResult:
        """Show the name the model will call the tool by, and whether the hub hides it; save."""
        if user_input is None:
            return self.async_show_form(
                step_id="save",
                data_schema=probatio.Schema({}),
                description_placeholders={
                    "warning": await self._async_warnings(),
                    "name": self._data[CONF_TOOL_NAME],
                    "title": self._title,
                    "parameters": ", ".join(
                        parameter["name"] for parameter in self._data.get(CONF_PARAMETERS, [])
                    )
                    or "-",
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
    """A field of the form is wrong: the field, the error key and the words for ``{error}``."""

    def __init__(self, field: str, key: str, text: str = "") -> None:
        """Say that ``field`` is wrong (``key`` in translations; ``text`` fills ``{error}``)."""
        super().__init__(text or key)
        self.field = field
        self.key = key
        self.text = text
