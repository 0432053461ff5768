"""A tool as the synthetic home lists it, and the schema of its parameters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SyntheticTool:
    """A tool as a hub lists it: name, title, description, clean JSON Schema, source."""

    name: str
    title: str | None
    description: str
    parameters: dict[str, Any]
    source: str


def object_schema(**properties: tuple[str, str]) -> dict[str, Any]:
    """Return an object schema of ``name=(type, description)`` properties, all optional."""
    return {
        "type": "object",
        "properties": {
            name: {"type": kind, "description": text} for name, (kind, text) in properties.items()
        },
        "additionalProperties": False,
    }
