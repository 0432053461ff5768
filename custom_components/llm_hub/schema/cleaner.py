"""Cleans the JSON Schema of a tool's parameters into the subset every provider accepts.

``Cleaner`` rewrites a converted schema node by node (one ``type`` a node, string enums,
``items`` on arrays, no ``anyOf``...), says what each rewrite loses in the description and
records it as a fix.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
import json
import math
import re
from typing import Any, Final, TypeGuard

import probatio

from ..compat import resolve_key
from .text import (
    ITEMS,
    JsonSchema,
    SchemaPath,
    describe,
    item_notes,
    listing,
    phrase,
    presence_notes,
    value_text,
    where,
)

__all__ = ["OPEN_NOTE", "Cleaner", "ImpossibleError"]

# Which type stands for a union of several: a list takes one value too, text takes numbers.
_CARRIERS: Final = ("array", "object", "string", "number", "integer", "boolean")
# ``format`` values probatio gives string transformations: not a constraint, said nowhere.
_TRANSFORMS: Final = frozenset({"lower", "upper", "capitalize", "title", "strip"})
# Regex syntax Python has and ECMA-262 (JSON Schema's dialect) lacks: ``(?P<``, ``(?i)``...
_PYTHON_ONLY_REGEX: Final = re.compile(r"\(\?(?![:=!]|<[=!])|\\[AZ]")
_LOWER_BOUNDS: Final = frozenset({"minimum", "exclusiveMinimum", "minLength", "minItems"})
_UPPER_BOUNDS: Final = frozenset({"maximum", "exclusiveMaximum", "maxLength", "maxItems"})
# Said of a value the hub asks for as text where the tool takes another form.
OPEN_NOTE: Final = "Give it as text; the tool checks it when called."
_OPEN_OBJECT_NOTE: Final = "Any keys; the tool checks them when called."


class ImpossibleError(Exception):
    """A schema node accepts no value a model can give (only null, or nothing at all)."""


@dataclass
class Cleaner:
    """Cleans the JSON Schema of one tool's parameters, collecting what it changed."""

    # The tool's own parameters: asked whether they accept an enum value as text.
    parameters: Any
    fixes: list[str] = field(default_factory=list)

    def fix(self, path: SchemaPath, message: str) -> None:
        """Record one change at ``path``."""
        self.fixes.append(f"{where(path)}: {message}")

    def clean(self, node: Any, path: SchemaPath) -> JsonSchema:
        """Return the clean form of ``node``; raise ``ImpossibleError`` if it takes no value."""
        node, notes = self._prepare(node, path)
        if (result := self._union(node, path)) is not None:
            describe(result, [*notes, result.pop("description", "")])
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
        describe(result, notes)
        return result

    def _prepare(self, node: Any, path: SchemaPath) -> tuple[JsonSchema, list[str]]:
        """Return ``node`` without the keywords that only rewrite it (``$ref``...), and notes."""
        if node is False:
            raise ImpossibleError("accepts no value")
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
            notes.append(f"Not one of: {listing(negated['enum'])}.")
        return node, notes

    def _lists(self, node: JsonSchema, path: SchemaPath, *keys: str) -> None:
        """Leave out ``keys`` of ``node`` whose value is not a list, as it must be."""
        for key in keys:
            if key in node and not isinstance(node[key], list):
                self.fix(path, f"{key} that is not a list left out")
                del node[key]

    def _type_list(self, node: JsonSchema, path: SchemaPath) -> None:
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
                raise ImpossibleError("accepts only null")
            del node["type"]
            return
        if "null" in kinds:
            self.fix(path, "null is not offered")
        if len(named) == 1:
            node["type"] = named[0]
        elif "anyOf" not in node and "oneOf" not in node:
            del node["type"]
            node["anyOf"] = [{"type": kind} for kind in named]

    def _merge(self, node: JsonSchema, branch: Any, path: SchemaPath) -> JsonSchema:
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

    def _union(self, node: JsonSchema, path: SchemaPath) -> JsonSchema | None:
        """Return one schema for an ``anyOf``/``oneOf`` and the other keywords; None if none."""
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
            except ImpossibleError as err:
                self.fix(path, f"an alternative that {err} left out")
        if not cleaned:
            raise ImpossibleError("accepts only null")
        result = self._join(cleaned, path)
        if default is not None and _fits(default, result):
            result["default"] = default
        return result

    def _join(self, schemas: list[JsonSchema], path: SchemaPath) -> JsonSchema:
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
                notes.append(f"One of: {listing(result.pop('enum'))}.")
            notes.append(f"Can also be {'; or '.join(map(phrase, joined.values()))}.")
            describe(result, notes)
        return result

    def _join_kind(self, kind: str, schemas: list[JsonSchema], path: SchemaPath) -> JsonSchema:
        """Return one clean schema for alternatives of one type."""
        if len(schemas) == 1:
            return schemas[0]
        result: JsonSchema = {"type": kind}
        notes = [s["description"] for s in schemas if "description" in s]
        if kind == "object":
            result = self._join_objects(schemas, path)
        elif kind == "array":
            items = self._join([schema["items"] for schema in schemas], (*path, ITEMS))
            result["items"] = items
            notes.extend(item_notes(items))
        elif kind == "string":
            if all("enum" in schema for schema in schemas):
                result["enum"] = list(dict.fromkeys(v for s in schemas for v in s["enum"]))
            result.update(_common(schemas, ("format", "pattern", "minLength", "maxLength")))
        elif kind in ("number", "integer"):
            if all("minimum" in schema for schema in schemas):
                result["minimum"] = min(schema["minimum"] for schema in schemas)
            if all("maximum" in schema for schema in schemas):
                result["maximum"] = max(schema["maximum"] for schema in schemas)
        describe(result, list(dict.fromkeys(notes)))
        return result

    def _join_objects(self, schemas: list[JsonSchema], path: SchemaPath) -> JsonSchema:
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
                    describe(properties[name], [f"Give {alternatives}."])
        result: JsonSchema = {"type": "object", "properties": properties}
        if always:
            result["required"] = always
            for name in always:
                properties[name].pop("default", None)
        if all(schema.get("additionalProperties") is False for schema in schemas):
            result["additionalProperties"] = False
        return result

    def _kind(self, node: JsonSchema, path: SchemaPath, notes: list[str]) -> str:
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
            notes.append(OPEN_NOTE)
        return "string"

    def _enum(self, node: JsonSchema, kind: str, path: SchemaPath, notes: list[str]) -> str:
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
                notes.append(f"Must be {value_text(values[0])}.")
            return "boolean"
        texts = [value_text(value) for value in values]
        if self._accepts(path, values, texts):
            node["enum"] = list(dict.fromkeys(texts))
            if "default" in node:
                node["default"] = value_text(node["default"])
            self.fix(path, "enum values given as text (the tool accepts them so)")
            return "string"
        self.fix(path, "enum values Gemini refuses listed in the description")
        notes.append(f"One of: {', '.join(texts)}.")
        return kind

    def _format(self, node: JsonSchema, path: SchemaPath, notes: list[str]) -> None:
        """Keep a ``format`` Gemini accepts (``date-time`` on strings); say the others."""
        fmt = node.pop("format", None)
        if fmt == "date-time" and node["type"] == "string":
            node["format"] = fmt
        elif isinstance(fmt, str) and fmt.lower() not in _TRANSFORMS:
            self.fix(path, f"format {fmt} said in the description (Gemini refuses it)")
            notes.append(f"Format: {fmt}.")

    def _accepts(self, path: SchemaPath, values: list[Any], texts: list[str]) -> bool:
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

    def _string(self, node: JsonSchema, path: SchemaPath, notes: list[str]) -> JsonSchema:
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

    def _number(self, node: JsonSchema, path: SchemaPath, notes: list[str]) -> JsonSchema:
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
                notes.append(f"{word} than {value_text(value)}.")
            result[key] = value
        if _number(node.get("multipleOf")):
            self.fix(path, "multipleOf said in the description")
            notes.append(f"A multiple of {value_text(node['multipleOf'])}.")
        return result

    def _boolean(self, node: JsonSchema, path: SchemaPath, notes: list[str]) -> JsonSchema:
        return {"type": "boolean"}

    def _array(self, node: JsonSchema, path: SchemaPath, notes: list[str]) -> JsonSchema:
        items = node.get("items")
        prefix = node.get("prefixItems")
        inner = (*path, ITEMS)
        positional = items if isinstance(items, list) else prefix
        if (isinstance(items, dict) and items) or (isinstance(positional, list) and positional):
            if not isinstance(items, dict):
                self.fix(path, "items by position taken as one kind of item")
            try:
                clean_items = self.clean(
                    items if isinstance(items, dict) else {"anyOf": positional}, inner
                )
            except ImpossibleError:
                self.fix(inner, "items that accept only null taken as text")
                clean_items = {"type": "string"}
        else:
            self.fix(path, "items the schema does not describe taken as text")
            clean_items = {"type": "string"}
        notes.extend(item_notes(clean_items))
        result: JsonSchema = {"type": "array", "items": clean_items}
        result.update(_counts(node, "minItems", "maxItems"))
        if node.get("uniqueItems") is True:
            result["uniqueItems"] = True
        return result

    def _object(self, node: JsonSchema, path: SchemaPath, notes: list[str]) -> JsonSchema:
        required = [
            name for name in dict.fromkeys(node.get("required", ())) if isinstance(name, str)
        ]
        properties = self._properties(node, required, path)
        for name in required:
            if name not in properties:
                self.fix((*path, name), "required but not declared: declared as text")
                properties[name] = {"type": "string", "description": OPEN_NOTE}
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
        self, node: JsonSchema, required: list[str], path: SchemaPath
    ) -> dict[str, JsonSchema]:
        """Return an object's clean properties; leave out optional ones that take no value."""
        raw = node.get("properties")
        together = presence_notes(node)
        properties: dict[str, JsonSchema] = {}
        for name, sub in (raw if isinstance(raw, dict) else {}).items():
            if not isinstance(name, str):
                continue
            try:
                clean = self.clean(sub, (*path, name))
            except ImpossibleError as err:
                if name in required:
                    raise ImpossibleError(f"has a required parameter {name} that {err}") from err
                self.fix((*path, name), f"left out: it {err}")
                continue
            if name in required:
                clean.pop("default", None)
            describe(clean, together.get(name, []))
            properties[name] = clean
        return properties


_CLEANERS: Final[dict[str, Callable[[Cleaner, JsonSchema, SchemaPath, list[str]], JsonSchema]]] = {
    "string": Cleaner._string,  # noqa: SLF001  # the dispatch table of the class's own methods
    "integer": Cleaner._number,  # noqa: SLF001
    "number": Cleaner._number,  # noqa: SLF001
    "boolean": Cleaner._boolean,  # noqa: SLF001
    "array": Cleaner._array,  # noqa: SLF001
    "object": Cleaner._object,  # noqa: SLF001
}


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
    node: JsonSchema, key: str, exclusive: str, path: SchemaPath, cleaner: Cleaner
) -> tuple[float, bool] | None:
    """Return a node's bound ``(value, strict)`` on one side, from the draft 4 or 2020-12 form."""
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


def _value_at(parameters: Any, path: SchemaPath) -> Any:
    """Return the validator at ``path`` in ``parameters`` (through ``Schema``, ``All``), or None."""
    node = parameters
    for step in path:
        node = _container(node)
        if step == ITEMS:
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
