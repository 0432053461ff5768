"""Parameter schemas every model provider accepts: convert, clean, and expose a tool's parameters.

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

``exposed_parameters`` returns the parameters a hub exposes instead: a ``probatio.Schema`` that
``to_openapi`` renders as exactly the clean schema, on both OpenAPI versions, with or without a
``custom_serializer`` (it holds only plain types and validators, which serializers leave to
probatio). ``exposed_serializer``, first in a hub's serializer chain, answers it with the clean
schema directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
import copy
from dataclasses import dataclass, field
import json
import math
import re
from typing import Any, Final, TypeGuard

import probatio
from probatio.markers import resolve_key

__all__ = [
    "CleanSchema",
    "UnacceptableSchemaError",
    "clean_parameters",
    "exposed_parameters",
    "exposed_serializer",
]

type JsonSchema = dict[str, Any]
type _Path = tuple[str, ...]

_ITEMS: Final = "[]"
"""Path step into an array's items (property names are the other steps)."""
_CARRIERS: Final = ("array", "object", "string", "number", "integer", "boolean")
"""Which type stands for a union of several: a list takes one value too, text takes numbers."""
_PROPERTY_NAME: Final = re.compile(r"[a-zA-Z0-9_.-]{1,64}")
"""Top-level property names Anthropic accepts (its API refuses the request otherwise)."""
_TRANSFORMS: Final = frozenset({"lower", "upper", "capitalize", "title", "strip"})
"""``format`` values probatio gives string transformations: not a constraint, said nowhere."""
_PYTHON_ONLY_REGEX: Final = re.compile(r"\(\?(?![:=!]|<[=!])|\\[AZ]")
"""Regex syntax Python has and ECMA-262 (JSON Schema's dialect) lacks: ``(?P<``, ``(?i)``..."""
_LOWER_BOUNDS: Final = frozenset({"minimum", "exclusiveMinimum", "minLength", "minItems"})
_UPPER_BOUNDS: Final = frozenset({"maximum", "exclusiveMaximum", "maxLength", "maxItems"})
_OPEN_NOTE: Final = "Give it as text; the tool checks it when called."
_OPEN_OBJECT_NOTE: Final = "Any keys; the tool checks them when called."


class UnacceptableSchemaError(Exception):
    """A tool's parameters cannot be made into a schema every provider accepts.

    ``str(error)`` is the reason, worded to follow "the tool <name> is left out: ".
    """


class _ImpossibleError(Exception):
    """A schema node accepts no value a model can give (only null, or nothing at all)."""


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
    cleaner = _Cleaner(parameters)
    if converted in ({}, True):
        cleaner.fix((), "parameters that accept anything taken as an object with any keys")
        converted = {"type": "object"}
    try:
        root = cleaner.clean(converted, ())
    except _ImpossibleError as err:
        raise UnacceptableSchemaError(f"its parameter schema {err}") from err
    if root["type"] != "object":
        raise UnacceptableSchemaError(
            f"its parameters are {_phrase(root)}, not an object of named arguments"
        )
    root.pop("description", None)
    root.pop("default", None)
    cleaner.check_property_names(root)
    return CleanSchema(root, cleaner.fixes)


class _ExposedMapping(dict[Any, Any]):
    """The mapping of exposed parameters, which knows the clean schema it renders as."""

    __slots__ = ("json_schema",)

    def __init__(self, mapping: dict[Any, Any], json_schema: JsonSchema) -> None:
        """Hold ``mapping`` (probatio keys and validators) and its clean ``json_schema``."""
        super().__init__(mapping)
        self.json_schema = json_schema


def exposed_parameters(json_schema: JsonSchema) -> probatio.Schema:
    """Return parameters that Home Assistant's agents convert to exactly ``json_schema``.

    ``json_schema`` must be a clean schema (``CleanSchema.json_schema``). The result is a
    ``probatio.Schema`` of a mapping, so ``parameters.schema`` is falsy exactly when there
    are no properties (the Google agent then sends no parameters, as for ``Schema({})``).
    It is for rendering only: arguments are validated against the tool's own parameters.
    """
    mapping = _ExposedMapping(_mapping(json_schema), json_schema)
    return probatio.Schema(mapping, extra=_extra(json_schema))


def exposed_serializer(schema: Any) -> Any:
    """Answer the clean schema of exposed parameters; ``probatio.UNSUPPORTED`` for all else.

    A ``custom_serializer`` for ``probatio.to_openapi``: it returns a copy, so an agent that
    edits what it gets cannot change what the next one gets.
    """
    if isinstance(schema, _ExposedMapping):
        return copy.deepcopy(schema.json_schema)
    return probatio.UNSUPPORTED


# --- Cleaning ---------------------------------------------------------------------------------


@dataclass
class _Cleaner:
    """Cleans the JSON Schema of one tool's parameters, collecting what it changed."""

    parameters: Any
    """The tool's own parameters: asked whether they accept an enum value as text."""
    fixes: list[str] = field(default_factory=list)

    def fix(self, path: _Path, message: str) -> None:
        """Record one change at ``path``."""
        self.fixes.append(f"{_where(path)}: {message}")

    def clean(self, node: Any, path: _Path) -> JsonSchema:
        """Return the clean form of ``node``; raise ``_ImpossibleError`` if it takes no value."""
        node, notes = self._prepare(node, path)
        if (result := self._union(node, path)) is not None:
            _describe(result, [*notes, result.pop("description", "")])
            return result
        kind = self._kind(node, path, notes)
        if "enum" in node:
            kind = self._enum(node, kind, path, notes)
        node["type"] = kind
        self._format(node, path, notes)
        result = _CLEANERS[kind](self, node, path, notes)
        if "not" in node and kind != "object":
            self.fix(path, "a rule of values it must not take (not) left out")
        if "default" in node and _fits(node["default"], result):
            result["default"] = node["default"]
        _describe(result, notes)
        return result

    def _prepare(self, node: Any, path: _Path) -> tuple[JsonSchema, list[str]]:
        """Return ``node`` without the keywords that only rewrite it, and its notes.

        Resolves ``$ref``, ``allOf``, ``const``, ``nullable``, a ``type`` list and a ``not``
        of values; keeps the description as the first note.
        """
        if node is False:
            raise _ImpossibleError("accepts no value")
        if not isinstance(node, dict):
            if node is not True:
                self.fix(path, f"{node!r} is not a schema; taken as any value")
            node = {}
        node = dict(node)
        notes: list[str] = []
        description = node.pop("description", None)
        if isinstance(description, str) and description.strip():
            notes.append(description.strip())
        if "$ref" in node:
            self.fix(path, "a reference ($ref) taken as an object with any keys")
            if node["$ref"] == "#":
                notes.append("Same fields as the tool's parameters.")
            return {"type": "object"}, notes
        self._lists(node, path, "allOf")
        for branch in node.pop("allOf", None) or ():
            node = self._merge(node, branch, path)
        self._lists(node, path, "enum", "required")
        if "const" in node:
            node.setdefault("enum", [node.pop("const")])
        node.pop("nullable", None)
        self._type_list(node, path)
        negated = node.get("not")
        if isinstance(negated, dict) and "enum" in negated:
            del node["not"]
            notes.append(f"Not one of: {_listing(negated['enum'])}.")
        return node, notes

    def _lists(self, node: JsonSchema, path: _Path, *keys: str) -> None:
        """Leave out ``keys`` of ``node`` whose value is not a list, as it must be."""
        for key in keys:
            if key in node and not isinstance(node[key], list):
                self.fix(path, f"{key} that is not a list left out")
                del node[key]

    def _type_list(self, node: JsonSchema, path: _Path) -> None:
        """Turn a ``type`` list (OpenAPI 3.1's nullable) into one type or a union."""
        kinds = node.get("type")
        if isinstance(kinds, str):
            kinds = [kinds]
        if not isinstance(kinds, list):
            node.pop("type", None)
            return
        named = [kind for kind in dict.fromkeys(kinds) if kind in _CLEANERS]
        if not named:
            if "null" in kinds:
                raise _ImpossibleError("accepts only null")
            del node["type"]
            return
        if "null" in kinds:
            self.fix(path, "null is not offered")
        if len(named) == 1:
            node["type"] = named[0]
        elif "anyOf" not in node and "oneOf" not in node:
            del node["type"]
            node["anyOf"] = [{"type": kind} for kind in named]

    def _merge(self, node: JsonSchema, branch: Any, path: _Path) -> JsonSchema:
        """Return ``node`` and ``branch`` as one schema (both must hold, as in ``allOf``)."""
        if not isinstance(branch, dict):
            self.fix(path, f"{branch!r} in allOf is not a schema; left out")
            return node
        merged = dict(node)
        for key, value in branch.items():
            mine = merged.get(key)
            if key not in merged or mine == value:
                merged[key] = value
            elif key == "properties" and isinstance(mine, dict) and isinstance(value, dict):
                merged[key] = {
                    name: {"allOf": [mine[name], sub]} if name in mine else sub
                    for name, sub in {**mine, **value}.items()
                }
            elif key == "required" and isinstance(mine, list) and isinstance(value, list):
                merged[key] = list(dict.fromkeys([*mine, *value]))
            elif key == "type":
                merged[key] = _meet(mine, value)
            elif key in _LOWER_BOUNDS and _number(mine) and _number(value):
                merged[key] = max(mine, value)
            elif key in _UPPER_BOUNDS and _number(mine) and _number(value):
                merged[key] = min(mine, value)
            elif key == "not":
                # Neither this nor that: not (this or that).
                merged[key] = {"anyOf": [mine, value]}
            else:
                self.fix(path, f"kept the first of two {key} rules")
        return merged

    def _union(self, node: JsonSchema, path: _Path) -> JsonSchema | None:
        """Return one schema for an ``anyOf``/``oneOf`` (None if there is none).

        The node's other keywords hold beside the alternatives, so they go into each one.
        """
        branches = node.pop("anyOf", None)
        if (one_of := node.pop("oneOf", None)) is not None:
            if branches is None:
                branches = one_of
            else:
                self.fix(path, "a oneOf beside an anyOf left out")
        if branches is None:
            return None
        if not isinstance(branches, list) or not branches:
            self.fix(path, "alternatives that are not a list left out")
            return None
        default = node.pop("default", None)
        alternatives = [
            self._merge(node, branch, path) if isinstance(branch, dict) else branch
            for branch in branches
        ]
        # A branch that accepts anything adds nothing a model could use.
        typed = [branch for branch in alternatives if branch not in ({}, True)] or alternatives
        if len(typed) < len(alternatives):
            self.fix(path, "an alternative that accepts any value left out")
        cleaned: list[JsonSchema] = []
        for branch in typed:
            try:
                cleaned.append(self.clean(branch, path))
            except _ImpossibleError as err:
                self.fix(path, f"an alternative that {err} left out")
        if not cleaned:
            raise _ImpossibleError("accepts only null")
        result = self._join(cleaned, path)
        if default is not None and _fits(default, result):
            result["default"] = default
        return result

    def _join(self, schemas: list[JsonSchema], path: _Path) -> JsonSchema:
        """Return one clean schema standing for several clean alternatives."""
        unique = list({json.dumps(schema, sort_keys=True): schema for schema in schemas}.values())
        if len(unique) == 1:
            return unique[0]
        groups: dict[str, list[JsonSchema]] = {}
        for schema in unique:
            kind = schema["type"]
            if kind == "integer" and "number" in {other["type"] for other in unique}:
                kind = "number"
            groups.setdefault(kind, []).append(schema)
        joined = {kind: self._join_kind(kind, members, path) for kind, members in groups.items()}
        carrier = next(kind for kind in _CARRIERS if kind in joined)
        result = joined.pop(carrier)
        if joined:
            self.fix(path, f"alternatives of {len(groups)} types taken as {carrier}")
        if carrier == "array":
            # A list of one item stands for a single value of the item's type.
            joined.pop(result["items"]["type"], None)
        if joined and carrier == "string":
            notes = []
            if "enum" in result:
                notes.append(f"One of: {_listing(result.pop('enum'))}.")
            notes.append(f"Can also be {'; or '.join(map(_phrase, joined.values()))}.")
            _describe(result, notes)
        return result

    def _join_kind(self, kind: str, schemas: list[JsonSchema], path: _Path) -> JsonSchema:
        """Return one clean schema for alternatives of one type."""
        if len(schemas) == 1:
            return schemas[0]
        result: JsonSchema = {"type": kind}
        notes = [s["description"] for s in schemas if "description" in s]
        if kind == "object":
            result = self._join_objects(schemas, path)
        elif kind == "array":
            items = self._join([schema["items"] for schema in schemas], (*path, _ITEMS))
            result["items"] = items
            notes.extend(_item_notes(items))
        elif kind == "string":
            if all("enum" in schema for schema in schemas):
                result["enum"] = list(dict.fromkeys(v for s in schemas for v in s["enum"]))
            result.update(_common(schemas, ("format", "pattern", "minLength", "maxLength")))
        elif kind in ("number", "integer"):
            if all("minimum" in schema for schema in schemas):
                result["minimum"] = min(schema["minimum"] for schema in schemas)
            if all("maximum" in schema for schema in schemas):
                result["maximum"] = max(schema["maximum"] for schema in schemas)
        _describe(result, list(dict.fromkeys(notes)))
        return result

    def _join_objects(self, schemas: list[JsonSchema], path: _Path) -> JsonSchema:
        """Return one object for alternative objects: every property, each form said."""
        names = list(dict.fromkeys(name for schema in schemas for name in schema["properties"]))
        properties = {
            name: self._join(
                [schema["properties"][name] for schema in schemas if name in schema["properties"]],
                (*path, name),
            )
            for name in names
        }
        forms = [schema.get("required", []) for schema in schemas]
        always = [name for name in names if all(name in form for form in forms)]
        self.fix(path, "alternative objects merged into one")
        if any(set(form) - set(always) for form in forms):
            alternatives = "; or ".join(
                " and ".join(name for name in form if name not in always) or "none of these"
                for form in forms
            )
            for name in names:
                if any(name in form for form in forms) and name not in always:
                    _describe(properties[name], [f"Give {alternatives}."])
        result: JsonSchema = {"type": "object", "properties": properties}
        if always:
            result["required"] = always
            for name in always:
                properties[name].pop("default", None)
        if all(schema.get("additionalProperties") is False for schema in schemas):
            result["additionalProperties"] = False
        return result

    def _kind(self, node: JsonSchema, path: _Path, notes: list[str]) -> str:
        """Return the node's one type, inferred from its keywords when it names none."""
        if isinstance(kind := node.get("type"), str):
            return kind
        if "properties" in node or "required" in node or "additionalProperties" in node:
            return "object"
        if "items" in node or "prefixItems" in node:
            return "array"
        if "enum" in node:
            return _value_kind(node["enum"])
        if any(key in node for key in ("minimum", "maximum", "exclusiveMinimum")):
            return "number"
        if not any(key in node for key in ("format", "pattern", "minLength", "maxLength")):
            self.fix(path, "a value the schema does not describe taken as text")
            notes.append(_OPEN_NOTE)
        return "string"

    def _enum(self, node: JsonSchema, kind: str, path: _Path, notes: list[str]) -> str:
        """Keep an enum of strings; turn others into text or a note; return the type."""
        values = [value for value in node.pop("enum") or () if value is not None]
        values = list({json.dumps(value, sort_keys=True): value for value in values}.values())
        if not values:
            return kind
        if all(isinstance(value, str) for value in values):
            node["enum"] = values
            return "string"
        if all(isinstance(value, bool) for value in values):
            if len(values) == 1:
                notes.append(f"Must be {_text(values[0])}.")
            return "boolean"
        texts = [_text(value) for value in values]
        if self._accepts(path, values, texts):
            node["enum"] = list(dict.fromkeys(texts))
            if "default" in node:
                node["default"] = _text(node["default"])
            self.fix(path, "enum values given as text (the tool accepts them so)")
            return "string"
        self.fix(path, "enum values Gemini refuses listed in the description")
        notes.append(f"One of: {', '.join(texts)}.")
        return kind

    def _format(self, node: JsonSchema, path: _Path, notes: list[str]) -> None:
        """Keep a ``format`` Gemini accepts (``date-time`` on strings); say the others."""
        fmt = node.pop("format", None)
        if fmt == "date-time" and node["type"] == "string":
            node["format"] = fmt
        elif isinstance(fmt, str) and fmt.lower() not in _TRANSFORMS:
            self.fix(path, f"format {fmt} said in the description (Gemini refuses it)")
            notes.append(f"Format: {fmt}.")

    def _accepts(self, path: _Path, values: list[Any], texts: list[str]) -> bool:
        """Return whether the tool's parameters accept the text of each non-string value."""
        validator = _value_at(self.parameters, path)
        if validator is None:
            return False
        schema = probatio.Schema(validator)
        for value, text in zip(values, texts, strict=True):
            if isinstance(value, str):
                continue
            try:
                schema(text)
            except Exception:  # noqa: BLE001  # Invalid, or a validator's own bug: not accepted
                return False
        return True

    def _string(self, node: JsonSchema, path: _Path, notes: list[str]) -> JsonSchema:
        result: JsonSchema = {"type": "string"}
        if "enum" in node:
            result["enum"] = node["enum"]
        if "format" in node:
            result["format"] = node["format"]
        pattern = node.get("pattern")
        if isinstance(pattern, str):
            if _portable_pattern(pattern):
                result["pattern"] = pattern
            else:
                self.fix(path, "a pattern in Python's own regex syntax left out")
        result.update(_counts(node, "minLength", "maxLength"))
        return result

    def _number(self, node: JsonSchema, path: _Path, notes: list[str]) -> JsonSchema:
        kind = node["type"]
        result: JsonSchema = {"type": kind}
        for key, exclusive, word in (
            ("minimum", "exclusiveMinimum", "Greater"),
            ("maximum", "exclusiveMaximum", "Less"),
        ):
            bound = _bound(node, key, exclusive, path, self)
            if bound is None:
                continue
            value, strict = bound
            if kind == "integer":
                value = _integer_bound(value, strict=strict, lower=key == "minimum")
            elif strict:
                notes.append(f"{word} than {_text(value)}.")
            result[key] = value
        if _number(node.get("multipleOf")):
            self.fix(path, "multipleOf said in the description")
            notes.append(f"A multiple of {_text(node['multipleOf'])}.")
        return result

    def _boolean(self, node: JsonSchema, path: _Path, notes: list[str]) -> JsonSchema:
        return {"type": "boolean"}

    def _array(self, node: JsonSchema, path: _Path, notes: list[str]) -> JsonSchema:
        items = node.get("items")
        prefix = node.get("prefixItems")
        inner = (*path, _ITEMS)
        positional = items if isinstance(items, list) else prefix
        if (isinstance(items, dict) and items) or (isinstance(positional, list) and positional):
            if not isinstance(items, dict):
                self.fix(path, "items by position taken as one kind of item")
            try:
                clean_items = self.clean(
                    items if isinstance(items, dict) else {"anyOf": positional}, inner
                )
            except _ImpossibleError:
                self.fix(inner, "items that accept only null taken as text")
                clean_items = {"type": "string"}
        else:
            self.fix(path, "items the schema does not describe taken as text")
            clean_items = {"type": "string"}
        notes.extend(_item_notes(clean_items))
        result: JsonSchema = {"type": "array", "items": clean_items}
        result.update(_counts(node, "minItems", "maxItems"))
        if node.get("uniqueItems") is True:
            result["uniqueItems"] = True
        return result

    def _object(self, node: JsonSchema, path: _Path, notes: list[str]) -> JsonSchema:
        required = [
            name for name in dict.fromkeys(node.get("required", ())) if isinstance(name, str)
        ]
        properties = self._properties(node, required, path)
        for name in required:
            if name not in properties:
                self.fix((*path, name), "required but not declared: declared as text")
                properties[name] = {"type": "string", "description": _OPEN_NOTE}
        result: JsonSchema = {"type": "object", "properties": properties}
        if in_order := [name for name in properties if name in required]:
            result["required"] = in_order
        additional = node.get("additionalProperties")
        if additional is False:
            result["additionalProperties"] = False
        elif isinstance(additional, dict) and additional:
            self.fix(path, "the schema of other keys (additionalProperties) left out")
        if additional not in (False, None) and not properties:
            notes.append(_OPEN_OBJECT_NOTE)
        return result

    def _properties(
        self, node: JsonSchema, required: list[str], path: _Path
    ) -> dict[str, JsonSchema]:
        """Return an object's clean properties; leave out optional ones that take no value."""
        raw = node.get("properties")
        together = _presence_notes(node)
        properties: dict[str, JsonSchema] = {}
        for name, sub in (raw if isinstance(raw, dict) else {}).items():
            if not isinstance(name, str):
                continue
            try:
                clean = self.clean(sub, (*path, name))
            except _ImpossibleError as err:
                if name in required:
                    raise _ImpossibleError(f"has a required parameter {name} that {err}") from err
                self.fix((*path, name), f"left out: it {err}")
                continue
            if name in required:
                clean.pop("default", None)
            _describe(clean, together.get(name, []))
            properties[name] = clean
        return properties

    def check_property_names(self, root: JsonSchema) -> None:
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
            self.fix((name,), "left out: Anthropic refuses the name")
            del root["properties"][name]


_CLEANERS: Final[dict[str, Callable[[_Cleaner, JsonSchema, _Path, list[str]], JsonSchema]]] = {
    "string": _Cleaner._string,  # noqa: SLF001  # the dispatch table of the class's own methods
    "integer": _Cleaner._number,  # noqa: SLF001
    "number": _Cleaner._number,  # noqa: SLF001
    "boolean": _Cleaner._boolean,  # noqa: SLF001
    "array": _Cleaner._array,  # noqa: SLF001
    "object": _Cleaner._object,  # noqa: SLF001
}


def _item_notes(items: JsonSchema) -> list[str]:
    """Take the description (and default) off an array's items: only properties carry them.

    Returns the note for the array's own description.
    """
    items.pop("default", None)
    description = items.pop("description", None)
    return [f"Each item: {description}"] if description else []


def _where(path: _Path) -> str:
    """Return ``path`` as people read it: ``parameters``, ``target.entity_id[]``..."""
    text = ""
    for step in path:
        text += step if step == _ITEMS or not text else f".{step}"
    return text or "parameters"


def _describe(schema: JsonSchema, notes: Iterable[str]) -> None:
    """Append ``notes`` to the description of ``schema`` as sentences."""
    parts = [part for part in (schema.get("description"), *notes) if part]
    if not parts:
        return
    text = parts[0]
    for part in parts[1:]:
        text = f"{text if text.endswith(('.', '!', '?', ':')) else f'{text}.'} {part}"
    schema["description"] = text


def _meet(first: Any, second: Any) -> Any:
    """Return the types both ``type`` values allow (an integer is a number too)."""
    first_set, second_set = _kinds(first), _kinds(second)
    if not first_set or not second_set:
        return first if first_set else second
    for kinds, other in ((first_set, second_set), (second_set, first_set)):
        if "number" in kinds and "integer" in other:
            kinds.add("integer")
    both = [kind for kind in _CARRIERS if kind in first_set & second_set]
    return both[0] if len(both) == 1 else both or first


def _kinds(value: Any) -> set[str]:
    """Return the type names of a ``type`` value (a name or a list of names)."""
    if isinstance(value, str):
        return {value}
    return {kind for kind in value if isinstance(kind, str)} if isinstance(value, list) else set()


def _common(schemas: list[JsonSchema], keys: Iterable[str]) -> JsonSchema:
    """Return the ``keys`` whose value is the same in every schema."""
    first = schemas[0]
    return {
        key: first[key]
        for key in keys
        if key in first and all(schema.get(key) == first[key] for schema in schemas)
    }


def _counts(node: JsonSchema, *keys: str) -> JsonSchema:
    """Return the ``keys`` of ``node`` that hold a count (a non-negative integer)."""
    return {
        key: node[key]
        for key in keys
        if isinstance(node.get(key), int) and not isinstance(node[key], bool) and node[key] >= 0
    }


def _number(value: Any) -> TypeGuard[float]:
    """Return whether ``value`` is a finite JSON number."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _bound(
    node: JsonSchema, key: str, exclusive: str, path: _Path, cleaner: _Cleaner
) -> tuple[float, bool] | None:
    """Return a node's bound ``(value, strict)`` on one side, from both keyword forms.

    ``exclusiveMinimum`` is a number in JSON Schema 2020-12 (OpenAPI 3.1) and a flag beside
    ``minimum`` in draft 4 (OpenAPI 3.0); the stricter of the bounds given wins.
    """
    inclusive: float | None = node[key] if _number(node.get(key)) else None
    flag = node.get(exclusive)
    if flag is True and inclusive is not None:
        cleaner.fix(path, f"boolean {exclusive} (draft 4) taken as a bound")
        return inclusive, True
    if not _number(flag):
        return None if inclusive is None else (inclusive, False)
    cleaner.fix(path, f"{exclusive} taken as {key}")
    strict = flag
    if inclusive is None or (strict >= inclusive if key == "minimum" else strict <= inclusive):
        return strict, True
    return inclusive, False


def _integer_bound(value: float, *, strict: bool, lower: bool) -> int:
    """Return the integer bound that allows the same integers as ``value``."""
    if lower:
        return math.floor(value) + 1 if strict else math.ceil(value)
    return math.ceil(value) - 1 if strict else math.floor(value)


def _portable_pattern(pattern: str) -> bool:
    """Return whether ``pattern`` compiles and uses no regex syntax of Python's alone."""
    try:
        re.compile(pattern)
    except re.error:
        return False
    return _PYTHON_ONLY_REGEX.search(pattern) is None


def _fits(value: Any, schema: JsonSchema) -> bool:
    """Return whether a default ``value`` is valid for a clean ``schema`` (its type and enum)."""
    kind = schema["type"]
    fits = {
        "string": isinstance(value, str),
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": _number(value),
        "boolean": isinstance(value, bool),
        "array": isinstance(value, list),
        "object": isinstance(value, dict),
    }[kind]
    if not fits or value not in schema.get("enum", [value]):
        return False
    try:
        json.dumps(value, allow_nan=False)
    except TypeError, ValueError:
        return False
    return True


def _value_kind(values: list[Any]) -> str:
    """Return the JSON type of enum values: integer, number, boolean, or else string."""
    values = [value for value in values if value is not None]
    if all(isinstance(value, bool) for value in values):
        return "boolean"
    if all(isinstance(value, int) and not isinstance(value, bool) for value in values):
        return "integer"
    if all(_number(value) for value in values):
        return "number"
    return "string"


def _text(value: Any) -> str:
    """Return a value as a model writes it: strings as they are, others as JSON."""
    return value if isinstance(value, str) else json.dumps(value, default=str)


def _listing(values: Any) -> str:
    """Return enum values as a comma-separated list."""
    return ", ".join(_text(value) for value in values if value is not None)


def _phrase(schema: JsonSchema) -> str:
    """Return a few words for what a clean schema accepts (for descriptions and errors)."""
    kind = schema["type"]
    if kind == "string":
        return f"one of: {_listing(schema['enum'])}" if "enum" in schema else "text"
    if kind in ("integer", "number"):
        return _number_phrase(kind, schema.get("minimum"), schema.get("maximum"))
    return {"boolean": "true or false", "array": "a list", "object": "an object"}[kind]


def _number_phrase(kind: str, low: float | None, high: float | None) -> str:
    """Return a few words for a number or integer between optional bounds."""
    words = "an integer" if kind == "integer" else "a number"
    if low is not None and high is not None:
        return f"{words} from {_text(low)} to {_text(high)}"
    if low is not None:
        return f"{words} of at least {_text(low)}"
    if high is not None:
        return f"{words} of at most {_text(high)}"
    return words


def _presence_notes(node: JsonSchema) -> dict[str, list[str]]:
    """Return notes on properties for the object's rules on which ones go together.

    ``dependentRequired`` (probatio's ``Inclusive`` on OpenAPI 3.1) and a ``not`` of
    ``required`` sets (``Exclusive``). ``anyOf``/``oneOf`` of ``required`` sets become
    alternative objects (``_Cleaner._join_objects``), which say so themselves.
    """
    notes: dict[str, list[str]] = {}
    dependent = node.get("dependentRequired")
    if isinstance(dependent, dict):
        for name, others in dependent.items():
            if isinstance(others, list) and others:
                notes.setdefault(name, []).append(f"Give together with {_listing(others)}.")
    negated = node.get("not")
    for group in _required_sets(negated):
        for name in group:
            others = ", ".join(other for other in group if other != name)
            notes.setdefault(name, []).append(f"Do not give together with {others}.")
    return notes


def _required_sets(node: Any) -> list[list[str]]:
    """Return the name sets of a ``{"required": [...]}`` or an ``anyOf`` of them."""
    if not isinstance(node, dict):
        return []
    if isinstance(required := node.get("required"), list):
        return [required]
    return [group for branch in node.get("anyOf") or () for group in _required_sets(branch)]


def _value_at(parameters: Any, path: _Path) -> Any:
    """Return the validator of the value at ``path`` in ``parameters``, or None if unknown.

    Follows mapping keys (any marker) and one-item lists, through ``Schema`` and ``All``.
    """
    node = parameters
    for step in path:
        node = _container(node)
        if step == _ITEMS:
            if not (isinstance(node, list) and len(node) == 1):
                return None
            node = node[0]
            continue
        if not isinstance(node, dict):
            return None
        for key, value in node.items():
            if resolve_key(key).key == step:
                node = value
                break
        else:
            return None
    return node


def _container(node: Any) -> Any:
    """Return the mapping or list inside ``Schema`` wrappers and ``All`` validators."""
    while True:
        if isinstance(node, probatio.Schema):
            node = node.schema
        elif isinstance(node, probatio.All):
            inner = [v for v in node.validators if isinstance(v, dict | list | probatio.Schema)]
            if not inner:
                return node
            node = inner[0]
        else:
            return node


# --- Exposing -----------------------------------------------------------------------------------


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
