"""Reads a ``tool`` subentry's stored data into a checked ``ToolDefinition``.

A definition has a kind (``KINDS``), a name, annotations, declared parameters
(``PARAMETER_TYPES``) and the kind's template, actions or script. Data that does not hold
together raises ``ToolDefinitionError`` with the reason: a key of the ``exceptions``
translations (``reasons.MESSAGES`` holds their English) and its placeholders.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
import math
from typing import Any, Final, Literal

from homeassistant.config_entries import ConfigEntry, ConfigSubentry
from homeassistant.core import valid_domain
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm as llm_helper

from ..const import DOMAIN, TOKEN_ARGUMENT
from ..texts import Texts
from .reasons import MESSAGES

__all__ = [
    "ANNOTATION_KEYS",
    "KINDS",
    "PARAMETER_TYPES",
    "SUBENTRY_TYPE",
    "TOOL_DATA_VERSION",
    "Kind",
    "ParameterDefinition",
    "ParameterError",
    "ToolDefinition",
    "ToolDefinitionError",
    "parse_definition",
    "parse_parameters",
    "tool_subentries",
]

# The config subentry type of a tool made in the UI.
SUBENTRY_TYPE: Final = "tool"
# Version of a tool subentry's data (its ``version`` key; absent means 1).
TOOL_DATA_VERSION: Final = 1

type Kind = Literal["template", "action", "script"]
KINDS: Final[tuple[Kind, ...]] = ("template", "action", "script")
# Types of a declared parameter: text, a number (optional ``min``/``max``), an integer (same), a
# boolean, one of ``options``, an entity id (optionally of ``domains``), an area (its id, name or
# alias), a date and time, a duration.
PARAMETER_TYPES: Final = (
    "text",
    "number",
    "integer",
    "boolean",
    "select",
    "entity",
    "area",
    "datetime",
    "duration",
)

CONF_KIND: Final = "kind"
CONF_VERSION: Final = "version"
CONF_TOOL_NAME: Final = "name"
CONF_TOOL_DESCRIPTION: Final = "description"
CONF_PARAMETERS: Final = "parameters"
CONF_TEMPLATE: Final = "template"
CONF_ACTIONS: Final = "actions"
CONF_SCRIPT: Final = "script"
# Stored ``True``: entity parameters may name entities not exposed to Assist.
CONF_UNEXPOSED: Final = "unexposed"
# The annotations a user chooses; ``idempotent`` stays at the spec's default (False).
ANNOTATION_KEYS: Final = ("read_only", "destructive", "open_world")


class ToolDefinitionError(HomeAssistantError):
    """A tool definition cannot be used: why, as an ``exceptions`` translation key.

    ``str()`` is the English text; values given stay as they are in every language.
    """

    translation_key: str
    translation_placeholders: dict[str, str]

    def __init__(self, key: str, /, **placeholders: object) -> None:
        """Say why by the translation ``key`` and its ``placeholders``."""
        values = {name: str(value) for name, value in placeholders.items()}
        super().__init__(
            MESSAGES[key].format_map(values),
            translation_domain=DOMAIN,
            translation_key=key,
            translation_placeholders=values,
        )

    def translated(self, texts: Texts | None) -> str:
        """Return why in the language of ``texts`` (``exceptions``); English without them."""
        if texts is None:
            return str(self)
        return texts(f"{self.translation_key}.message", **self.translation_placeholders)


class ParameterError(ToolDefinitionError):
    """A parameter the form can enter cannot be used: its ``field``, a ``reason`` key, a value."""

    def __init__(
        self, key: str, /, *, field: str, reason: str, value: str = "", **placeholders: object
    ) -> None:
        """Say that ``field`` is wrong for ``reason`` (a key of the flow's errors)."""
        super().__init__(key, **placeholders)
        self.field = field
        self.reason = reason
        self.value = value


@dataclass(frozen=True, slots=True)
class ParameterDefinition:
    """One declared parameter of a template or action tool."""

    name: str
    type: str
    description: str = ""
    required: bool = False
    min: float | None = None
    max: float | None = None
    # The texts a ``select`` parameter may take.
    options: tuple[str, ...] = ()
    # The domains an ``entity`` parameter may be of (empty: any).
    domains: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ToolDefinition:
    """A tool subentry's data, checked: what ``UiTools`` builds a tool from."""

    kind: Kind
    # The portable name the model calls the tool by (``tool_flow`` makes it unique).
    name: str
    title: str
    description: str
    annotations: llm_helper.ToolAnnotations
    parameters: tuple[ParameterDefinition, ...] = ()
    template: str = ""
    actions: tuple[dict[str, Any], ...] = ()
    # The script's entity id (``script`` tools).
    script: str = ""
    # Entity parameters may name entities not exposed to Assist (an admin's choice).
    unexposed: bool = False
    subentry_id: str = ""


def parse_parameters(raw: Any) -> tuple[ParameterDefinition, ...]:
    """Return the declared parameters of a list of mappings (the flow's object selector).

    Raises ``ToolDefinitionError`` naming the parameter that cannot be used, and why.
    """
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ToolDefinitionError("parameters_not_list")
    parameters: list[ParameterDefinition] = []
    for number, item in enumerate(raw, start=1):
        parameter = _parse_parameter(number, item)
        if parameter.name in {other.name for other in parameters}:
            raise ParameterError(
                "parameter_name_taken",
                field="name",
                reason="name_taken",
                number=number,
                name=parameter.name,
            )
        parameters.append(parameter)
    return tuple(parameters)


def _parse_parameter(number: int, item: Any) -> ParameterDefinition:
    """Return parameter ``number`` (counted from 1) of the list; raise ``ToolDefinitionError``."""
    if not isinstance(item, Mapping):
        raise ToolDefinitionError("parameter_not_mapping", number=number)
    raw_name = item.get("name")
    name = raw_name.strip() if isinstance(raw_name, str) else ""
    label = {"number": str(number), "name": name}
    if not name:
        raise ParameterError(
            "parameter_name_missing", field="name", reason="name_invalid", number=number
        )
    if not name.isidentifier() or not name.isascii():
        raise ParameterError("parameter_name_invalid", field="name", reason="name_invalid", **label)
    if name == TOKEN_ARGUMENT:
        raise ParameterError("parameter_name_taken", field="name", reason="name_taken", **label)
    kind = item.get("type", "text")
    if not isinstance(kind, str) or kind not in PARAMETER_TYPES:
        raise ToolDefinitionError("parameter_type_unknown", type=repr(kind), **label)
    options = tuple(option for option in _texts(item, "options", label) if option)
    if kind == "select" and not options:
        raise ParameterError(
            "parameter_options_empty", field="options", reason="options_empty", **label
        )
    minimum, maximum = _number(item, "min", label), _number(item, "max", label)
    if minimum is not None and maximum is not None and minimum > maximum:
        raise ParameterError(
            "parameter_min_above_max", field="max", reason="min_above_max", **label
        )
    domains = tuple(domain.strip() for domain in _texts(item, "domains", label))
    if bad := [domain for domain in domains if not valid_domain(domain)]:
        raise ParameterError(
            "parameter_domain_invalid",
            field="domains",
            reason="domain_invalid",
            value=bad[0],
            domain=repr(bad[0]),
            **label,
        )
    return ParameterDefinition(
        name=name,
        type=kind,
        description=_text(item, "description", label),
        required=_boolean(item, "required", label, default=False),
        min=minimum,
        max=maximum,
        options=options,
        domains=domains,
    )


def _number(item: Mapping[str, Any], key: str, label: dict[str, str]) -> float | None:
    """Return ``item[key]`` as a finite number (None when not given); raise otherwise."""
    value = item.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ToolDefinitionError("parameter_not_number", field=key, value=repr(value), **label)
    return float(value)


def _boolean(
    item: Mapping[str, Any], key: str, label: dict[str, str] | None, *, default: bool
) -> bool:
    """Return ``item[key]``, a boolean (``default`` when not given); raise for anything else."""
    value = item.get(key, default)
    if not isinstance(value, bool):
        error = "tool_not_boolean" if label is None else "parameter_not_boolean"
        raise ToolDefinitionError(error, field=key, value=repr(value), **(label or {}))
    return value


def _text(item: Mapping[str, Any], key: str, label: dict[str, str] | None) -> str:
    """Return ``item[key]``, a text (empty when not given); raise for anything else."""
    value = item.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        error = "tool_not_text" if label is None else "parameter_not_text"
        raise ToolDefinitionError(error, field=key, value=repr(value), **(label or {}))
    return value


def _texts(item: Mapping[str, Any], key: str, label: dict[str, str]) -> tuple[str, ...]:
    """Return ``item[key]``, a list of texts (empty when not given); raise for anything else."""
    value = item.get(key)
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise ToolDefinitionError("parameter_not_texts", field=key, value=repr(value), **label)
    return tuple(value)


def _actions(actions: Any) -> tuple[dict[str, Any], ...]:
    """Return stored actions (one mapping or a list of them); raise for anything else."""
    if isinstance(actions, Mapping):
        actions = [actions]
    if actions is not None and (
        not isinstance(actions, list) or not all(isinstance(item, Mapping) for item in actions)
    ):
        raise ToolDefinitionError("actions_not_list", value=repr(actions))
    return tuple(dict(action) for action in actions or ())


def parse_definition(subentry: ConfigSubentry) -> ToolDefinition:
    """Return the checked definition of a tool subentry (no ``version``: version 1).

    Raises ``ToolDefinitionError`` for a newer version, a wrong type or data at odds.
    """
    data = subentry.data
    version = data.get(CONF_VERSION, 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ToolDefinitionError("version_invalid", value=repr(version))
    if version > TOOL_DATA_VERSION:
        raise ToolDefinitionError("version_newer", version=version)
    kind = data.get(CONF_KIND)
    if not isinstance(kind, str) or kind not in KINDS:
        raise ToolDefinitionError("kind_unknown", value=repr(kind))
    name = data.get(CONF_TOOL_NAME)
    if not isinstance(name, str) or not name:
        raise ToolDefinitionError("name_missing")
    if not isinstance(subentry.title, str):
        raise ToolDefinitionError("title_not_text", value=repr(subentry.title))
    label = None  # the tool's own values
    worst = llm_helper.ToolAnnotations()
    annotations = llm_helper.ToolAnnotations(
        read_only=_boolean(data, "read_only", label, default=kind == "template"),
        destructive=_boolean(
            data, "destructive", label, default=worst.destructive and kind != "template"
        ),
        idempotent=worst.idempotent,
        open_world=_boolean(
            data, "open_world", label, default=worst.open_world and kind != "template"
        ),
    )
    definition = ToolDefinition(
        kind=kind,
        name=name,
        title=subentry.title,
        description=_text(data, CONF_TOOL_DESCRIPTION, label),
        annotations=annotations,
        parameters=parse_parameters(data.get(CONF_PARAMETERS)),
        template=_text(data, CONF_TEMPLATE, label),
        actions=_actions(data.get(CONF_ACTIONS)),
        script=_text(data, CONF_SCRIPT, label),
        unexposed=_boolean(data, CONF_UNEXPOSED, label, default=False),
        subentry_id=subentry.subentry_id,
    )
    if kind == "template" and not definition.template.strip():
        raise ToolDefinitionError("template_missing")
    if kind == "action" and not definition.actions:
        raise ToolDefinitionError("actions_missing")
    if kind == "script" and not definition.script.startswith("script."):
        raise ToolDefinitionError("script_unnamed")
    return definition


def tool_subentries(entry: ConfigEntry[Any]) -> dict[str, tuple[str, Mapping[str, Any]]]:
    """Return ``{subentry id: (title, data)}`` of an entry's tool subentries."""
    return {
        subentry_id: (subentry.title, subentry.data)
        for subentry_id, subentry in entry.subentries.items()
        if subentry.subentry_type == SUBENTRY_TYPE
    }
