"""Makes a tool's parameters into a schema every model provider accepts, and lists it.

Home Assistant's agents and its MCP Server turn a tool's ``parameters`` into JSON Schema with
``probatio.to_openapi(tool.parameters, custom_serializer=<the API instance's serializer>)``
(OpenAPI 3.1 in ``openai_conversation``, ``anthropic``, ``ollama`` and ``mcp_server``, 3.0 in
``google_generative_ai_conversation``) and send it to the model provider as it is. Providers
refuse shapes that ordinary validators produce, and one refused tool fails the whole request:
Gemini wants a ``type`` on every node, string-only enums, ``items`` on arrays, no ``anyOf``
(Home Assistant drops it, leaving an untyped node), only ``date-time`` among string formats and
``required`` naming declared properties; OpenAI and Anthropic want an object at the top,
without a top-level ``anyOf``/``oneOf``/``allOf`` (Home Assistant strips them, and with them the
rule they carried); Anthropic wants top-level property names matching ``[a-zA-Z0-9_.-]{1,64}``.

``clean_parameters`` converts a tool's parameters the way the agents do and rewrites the result
into a portable subset of JSON Schema that all of them accept:

- the top is ``{"type": "object", "properties": {...}}``, with ``required`` (declared names,
  in property order, never empty) and ``additionalProperties: false`` when closed;
- every node has one ``type``: ``string``, ``integer``, ``number``, ``boolean``, ``array`` (with
  ``items``) or ``object`` (with ``properties``);
- besides: ``enum`` (strings, on strings), ``format`` (``date-time`` only), ``pattern``,
  ``minLength``/``maxLength``, ``minimum``/``maximum``, ``minItems``/``maxItems``,
  ``uniqueItems``, and on properties ``description`` and (optional ones) ``default``.

What a rewrite loses is said in the property's description (e.g. "One of: 1, 2, 3." or "Give
a or b."), and listed in ``CleanSchema.fixes``. Arguments are still validated against the
tool's own parameters when it is called, so a rewrite never lets a wrong value through.

``listed_parameters`` returns the parameters a hub lists instead: a ``probatio.Schema`` that
``to_openapi`` renders as exactly the clean schema, on both OpenAPI versions, with or without a
``custom_serializer`` (it holds only plain types and validators, which serializers leave to
probatio). ``listed_serializer``, first in a hub's serializer chain, answers it with the clean
schema directly.
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

_PROPERTY_NAME: Final = re.compile(r"[a-zA-Z0-9_.-]{1,64}")
"""Top-level property names Anthropic accepts (its API refuses the request otherwise)."""


class UnacceptableSchemaError(Exception):
    """A tool's parameters cannot be made into a schema every provider accepts.

    ``str(error)`` is the reason, worded to follow "the tool <name> is left out: ".
    """


@dataclass(frozen=True, slots=True)
class CleanSchema:
    """The schema every provider accepts for one tool, and what was changed to get it."""

    json_schema: JsonSchema
    """The clean JSON Schema (the portable subset in this module's docstring)."""
    fixes: list[str] = field(default_factory=list)
    """What was rewritten, one sentence each (``"<where>: <what>"``); empty when nothing."""


def clean_parameters(parameters: Any, custom_serializer: Callable[[Any], Any]) -> CleanSchema:
    """Return the schema every provider accepts for a tool's ``parameters``.

    ``parameters`` is converted like Home Assistant's agents do (``probatio.to_openapi`` with
    ``custom_serializer``, OpenAPI 3.1), then cleaned. Enums of other values than strings
    become enums of their text only where ``parameters`` accepts that text (e.g. behind a
    ``Coerce(int)``); elsewhere the values are listed in the description.

    Raises ``UnacceptableSchemaError`` when the parameters cannot be converted, are not an
    object, or a required parameter cannot be given (it accepts only null, or has a name
    Anthropic refuses).
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
    """Leave out optional top-level properties whose names Anthropic refuses.

    Raises ``UnacceptableSchemaError`` for a required one: the tool could not be called.
    """
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
    """Return parameters that Home Assistant's agents convert to exactly ``json_schema``.

    ``json_schema`` must be a clean schema (``CleanSchema.json_schema``). The result is a
    ``probatio.Schema`` of a mapping, so ``parameters.schema`` is falsy exactly when there
    are no properties (the Google agent then sends no parameters, as for ``Schema({})``).
    It is for rendering only: arguments are validated against the tool's own parameters.
    """
    mapping = _ListedMapping(_mapping(json_schema), json_schema)
    return probatio.Schema(mapping, extra=_extra(json_schema))


def listed_serializer(schema: Any) -> Any:
    """Answer the clean schema of listed parameters; ``probatio.UNSUPPORTED`` for all else.

    A ``custom_serializer`` for ``probatio.to_openapi``: it returns a copy, so an agent that
    edits what it gets cannot change what the next one gets.
    """
    if isinstance(schema, _ListedMapping):
        return copy.deepcopy(schema.json_schema)
    return probatio.UNSUPPORTED


# --- Listing ------------------------------------------------------------------------------------


def _extra(schema: JsonSchema) -> int:
    """Return probatio's extra-keys policy that renders an object's ``additionalProperties``.

    Closed (``PREVENT_EXTRA``) renders ``false``; ``REMOVE_EXTRA`` renders no keyword.
    """
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
    """Return the validators of a clean array schema (``All`` merges what they render)."""
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
