"""Makes a tool's parameters into a schema every model provider accepts, and lists it.

``clean_parameters`` converts parameters as Home Assistant's agents and MCP Server do
(``probatio.to_openapi``, OpenAPI 3.1) and rewrites the result into a portable subset of JSON
Schema; what a rewrite loses is said in the property's description and in ``CleanSchema.fixes``.
``listed_parameters`` is a ``probatio.Schema`` that renders as exactly that subset on both
OpenAPI versions, with or without a ``custom_serializer``. The subset and what each provider
refuses: docs/tool-names-and-schemas.md.
"""

from __future__ import annotations

from collections.abc import Callable
import copy
from dataclasses import dataclass, field
import re
from typing import Any, Final

import probatio

from .cleaner import Cleaner, ImpossibleError
from .text import JsonSchema, phrase

__all__ = [
    "CleanSchema",
    "UnacceptableSchemaError",
    "clean_parameters",
    "listed_parameters",
    "listed_serializer",
]

# Top-level property names Anthropic accepts (its API refuses the request otherwise).
_PROPERTY_NAME: Final = re.compile(r"[a-zA-Z0-9_.-]{1,64}")


class UnacceptableSchemaError(Exception):
    """Parameters no provider would accept; the text follows "the tool X is left out: "."""


@dataclass(frozen=True, slots=True)
class CleanSchema:
    """The schema every provider accepts for one tool, and what was changed to get it."""

    # The clean JSON Schema.
    json_schema: JsonSchema
    # What was rewritten, one sentence each (``"<where>: <what>"``); empty when nothing.
    fixes: list[str] = field(default_factory=list)


def clean_parameters(parameters: Any, custom_serializer: Callable[[Any], Any]) -> CleanSchema:
    """Return the schema every provider accepts for a tool's ``parameters``.

    Raises ``UnacceptableSchemaError`` for what cannot be converted or what Anthropic refuses.
    """
    try:
        converted = probatio.to_openapi(
            parameters, custom_serializer=custom_serializer, openapi_version="3.1.0"
        )
    except Exception as err:  # any tool's or serializer's bug: leave the tool out, not all
        raise UnacceptableSchemaError(
            f"its parameters cannot be converted to JSON Schema ({type(err).__name__}: {err})"
        ) from err
    cleaner = Cleaner(parameters)
    if converted in ({}, True):
        cleaner.fix((), "parameters that accept anything taken as an object with any keys")
        converted = {"type": "object"}
    try:
        root = cleaner.clean(converted, ())
    except ImpossibleError as err:
        raise UnacceptableSchemaError(f"its parameter schema {err}") from err
    if root["type"] != "object":
        raise UnacceptableSchemaError(
            f"its parameters are {phrase(root)}, not an object of named arguments"
        )
    root.pop("description", None)
    root.pop("default", None)
    _check_property_names(root, cleaner)
    return CleanSchema(root, cleaner.fixes)


def _check_property_names(root: JsonSchema, cleaner: Cleaner) -> None:
    """Leave out properties Anthropic refuses; a required one raises ``UnacceptableSchemaError``."""
    for name in list(root["properties"]):
        if _PROPERTY_NAME.fullmatch(name):
            continue
        if name in root.get("required", ()):
            raise UnacceptableSchemaError(
                f"its required parameter {name!r} has a name Anthropic refuses (only "
                "letters, digits, '_', '.' and '-', at most 64)"
            )
        cleaner.fix((name,), "left out: Anthropic refuses the name")
        del root["properties"][name]


class _ListedMapping(dict[Any, Any]):
    """The mapping of listed parameters, which knows the clean schema it renders as."""

    __slots__ = ("json_schema",)

    def __init__(self, mapping: dict[Any, Any], json_schema: JsonSchema) -> None:
        """Hold ``mapping`` (probatio keys and validators) and its clean ``json_schema``."""
        super().__init__(mapping)
        self.json_schema = json_schema


def listed_parameters(json_schema: JsonSchema) -> probatio.Schema:
    """Return parameters that agents convert to exactly the clean ``json_schema`` (render only)."""
    mapping = _ListedMapping(_mapping(json_schema), json_schema)
    return probatio.Schema(mapping, extra=_extra(json_schema))


def listed_serializer(schema: Any) -> Any:
    """Return a copy of the clean schema of listed parameters, else ``probatio.UNSUPPORTED``."""
    if isinstance(schema, _ListedMapping):
        return copy.deepcopy(schema.json_schema)  # an agent may edit what it gets
    return probatio.UNSUPPORTED


# --- Listing ------------------------------------------------------------------------------------


def _extra(schema: JsonSchema) -> int:
    """Return the extra-keys policy that renders ``additionalProperties`` (false, or none)."""
    return (
        probatio.PREVENT_EXTRA
        if schema.get("additionalProperties") is False
        else (probatio.REMOVE_EXTRA)
    )


def _mapping(schema: JsonSchema) -> dict[Any, Any]:
    """Return the probatio mapping of a clean object schema's properties."""
    required = set(schema.get("required", ()))
    mapping: dict[Any, Any] = {}
    for name, sub in schema["properties"].items():
        description = sub.get("description")
        if name in required:
            key: Any = probatio.Required(name, description=description)
        elif "default" in sub:
            key = probatio.Optional(name, description=description, default=sub["default"])
        else:
            key = probatio.Optional(name, description=description)
        mapping[key] = _validator(sub)
    return mapping


def _validator(schema: JsonSchema) -> Any:
    """Return a probatio validator that ``to_openapi`` renders as a clean ``schema``."""
    kind = schema["type"]
    if kind == "object":
        mapping = _mapping(schema)
        if schema.get("additionalProperties") is False:
            return mapping
        return probatio.Schema(mapping, extra=probatio.REMOVE_EXTRA)
    parts: list[Any] = {
        "array": _array_parts,
        "string": _string_parts,
        "integer": _number_parts,
        "number": _number_parts,
        "boolean": _boolean_parts,
    }[kind](schema)
    return parts[0] if len(parts) == 1 else probatio.All(*parts)


def _array_parts(schema: JsonSchema) -> list[Any]:
    """Return the validators of a clean array schema."""
    parts: list[Any] = [[_validator(schema["items"])]]
    if "minItems" in schema or "maxItems" in schema:
        parts.append(probatio.Length(min=schema.get("minItems"), max=schema.get("maxItems")))
    if schema.get("uniqueItems"):
        parts.append(probatio.Unique())
    return parts


def _string_parts(schema: JsonSchema) -> list[Any]:
    """Return the validators of a clean string schema."""
    parts: list[Any] = [str]
    if "enum" in schema:
        parts.append(probatio.In(schema["enum"]))
    if "format" in schema:  # date-time, the only one a clean schema keeps
        parts.append(probatio.Datetime())
    if "pattern" in schema:
        parts.append(probatio.Match(schema["pattern"]))
    if "minLength" in schema or "maxLength" in schema:
        parts.append(probatio.Length(min=schema.get("minLength"), max=schema.get("maxLength")))
    return parts


def _boolean_parts(schema: JsonSchema) -> list[Any]:
    """Return the validators of a clean boolean schema."""
    return [bool]


def _number_parts(schema: JsonSchema) -> list[Any]:
    """Return the validators of a clean integer or number schema."""
    parts: list[Any] = [int if schema["type"] == "integer" else float]
    if "minimum" in schema or "maximum" in schema:
        parts.append(probatio.Range(min=schema.get("minimum"), max=schema.get("maximum")))
    return parts
