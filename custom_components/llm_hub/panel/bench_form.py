"""The Home Assistant selector the panel's test bench shows for each parameter of a tool.

A parameter whose own validator is a ``Selector`` gets it, serialized as config flows send
it to ``ha-form``; the others get one made from the JSON Schema agents receive.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
import json
from typing import Any

import probatio

from homeassistant.helpers import selector
from homeassistant.util.json import SerializationError

from ..calls.results import json_safe

__all__ = ["form_selectors"]


def form_selectors(parameters: Any, json_schema: Mapping[str, Any] | None) -> dict[str, Any]:
    """Return ``{parameter: {<selector type>: <config>}}`` for the top-level parameters."""
    properties: Mapping[str, Any] = (json_schema or {}).get("properties") or {}
    own = _own_selectors(parameters)
    return {
        name: own[name] if name in own else _derived(schema) for name, schema in properties.items()
    }


def _own_selectors(parameters: Any) -> dict[str, Any]:
    """Return the serialized selectors among the top-level validators of ``parameters``."""
    schema = getattr(parameters, "schema", None)
    if not isinstance(schema, Mapping):
        return {}
    found: dict[str, Any] = {}
    for key, validator in schema.items():
        name = key.schema if isinstance(key, probatio.Marker) else key
        if isinstance(name, str) and isinstance(validator, selector.Selector):
            try:
                found[name] = json_safe(validator.serialize()["selector"])
            except SerializationError:  # a config that is not JSON: use the JSON Schema
                continue
    return found


def _derived(schema: Mapping[str, Any]) -> dict[str, Any]:
    """Return the selector for one property's JSON Schema (validated by Home Assistant)."""
    config: dict[str, Any]
    kind = _type(schema)
    items = schema.get("items") or {}
    if _string_enum(schema):
        config = {"select": {"options": schema["enum"]}}
    elif kind == "array" and _string_enum(items):
        config = {"select": {"options": items["enum"], "multiple": True}}
    elif kind == "boolean":
        config = {"boolean": {}}
    elif kind in ("integer", "number"):
        number: dict[str, Any] = {"mode": "box", "step": 1 if kind == "integer" else "any"}
        for key, bound in (("min", "minimum"), ("max", "maximum")):
            if bound in schema:
                number[key] = schema[bound]
        config = {"number": number}
    elif kind == "string":
        config = {"text": {}}
    elif kind == "array" and _type(items) == "string":
        config = {"text": {"multiple": True}}
    else:
        config = {"object": {}}
    return _validated(json.dumps(config, sort_keys=True))


@lru_cache(maxsize=512)
def _validated(config: str) -> dict[str, Any]:
    """Return the selector of a JSON config as Home Assistant serializes it (shared, read-only)."""
    # Cached: validating costs more than the rest of a tool's description, and tools repeat.
    return json_safe(selector.selector(json.loads(config)).serialize()["selector"])


def _type(schema: Mapping[str, Any]) -> str | None:
    """Return the JSON Schema type without ``null`` (OpenAPI 3.1 lists nullable types)."""
    types = schema.get("type")
    for kind in types if isinstance(types, list) else [types]:
        if kind != "null":
            return kind if isinstance(kind, str) else None
    return None


def _string_enum(schema: Mapping[str, Any]) -> bool:
    """Return whether ``schema`` is an enum of text only (what a select offers)."""
    enum = schema.get("enum")
    return isinstance(enum, list) and bool(enum) and all(isinstance(item, str) for item in enum)
