"""Writes the words of cleaned schemas: paths, values and notes as people and models read them."""

from __future__ import annotations

from collections.abc import Iterable
import json
from typing import Any, Final

__all__ = [
    "ITEMS",
    "JsonSchema",
    "SchemaPath",
    "describe",
    "item_notes",
    "listing",
    "phrase",
    "presence_notes",
    "value_text",
    "where",
]

type JsonSchema = dict[str, Any]
type SchemaPath = tuple[str, ...]
"""Where a node is in the parameters: property names, and ``ITEMS`` into an array's items."""

# Path step into an array's items (property names are the other steps).
ITEMS: Final = "[]"


def item_notes(items: JsonSchema) -> list[str]:
    """Remove the description and default of an array's items; return the array's note."""
    items.pop("default", None)
    description = items.pop("description", None)
    return [f"Each item: {description}"] if description else []


def where(path: SchemaPath) -> str:
    """Return ``path`` as people read it: ``parameters``, ``target.entity_id[]``..."""
    text = ""
    for step in path:
        text += step if step == ITEMS or not text else f".{step}"
    return text or "parameters"


def describe(schema: JsonSchema, notes: Iterable[str]) -> None:
    """Append ``notes`` to the description of ``schema`` as sentences."""
    parts = [part for part in (schema.get("description"), *notes) if part]
    if not parts:
        return
    text = parts[0]
    for part in parts[1:]:
        text = f"{text if text.endswith(('.', '!', '?', ':')) else f'{text}.'} {part}"
    schema["description"] = text


def value_text(value: Any) -> str:
    """Return a value as a model writes it: strings as they are, others as JSON."""
    return value if isinstance(value, str) else json.dumps(value, default=str)


def listing(values: Any) -> str:
    """Return enum values as a comma-separated list."""
    return ", ".join(value_text(value) for value in values if value is not None)


def phrase(schema: JsonSchema) -> str:
    """Return a few words for what a clean schema accepts (for descriptions and errors)."""
    kind = schema["type"]
    if kind == "string":
        return f"one of: {listing(schema['enum'])}" if "enum" in schema else "text"
    if kind in ("integer", "number"):
        return _number_phrase(kind, schema.get("minimum"), schema.get("maximum"))
    return {"boolean": "true or false", "array": "a list", "object": "an object"}[kind]


def _number_phrase(kind: str, low: float | None, high: float | None) -> str:
    """Return a few words for a number or integer between optional bounds."""
    words = "an integer" if kind == "integer" else "a number"
    if low is not None and high is not None:
        return f"{words} from {value_text(low)} to {value_text(high)}"
    if low is not None:
        return f"{words} of at least {value_text(low)}"
    if high is not None:
        return f"{words} of at most {value_text(high)}"
    return words


def presence_notes(node: JsonSchema) -> dict[str, list[str]]:
    """Return notes by property from ``dependentRequired`` and a ``not`` of ``required`` sets."""
    notes: dict[str, list[str]] = {}
    dependent = node.get("dependentRequired")
    if isinstance(dependent, dict):
        for name, others in dependent.items():
            if isinstance(others, list) and others:
                notes.setdefault(name, []).append(f"Give together with {listing(others)}.")
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
