"""Keeps what a hub lists of each tool's parameters across requests (the schema cache).

Cleaning a schema costs far more than the rest of a build, and tools made anew per request
mostly carry the same or equal parameters. An entry is made again when the parameters or the
serializers change, or after ``MAX_AGE``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
import time
from typing import Any, Final, override

import probatio

from homeassistant.helpers import llm as llm_helper

from ..compat import marker_default
from .cleaner import OPEN_NOTE
from .parameters import (
    UnacceptableSchemaError,
    clean_parameters,
    listed_parameters,
    listed_serializer,
)

__all__ = ["SchemaCache", "SchemaEntry", "SerializerChain", "same_parameters"]

# Tools a hub keeps entries for before it drops those that builds no longer use.
MAX_ENTRIES: Final = 4096
# Seconds an entry is used before it is made again (parameters changed in place show then).
MAX_AGE: Final = 60.0


class SerializerChain:
    """A ``custom_serializer`` that asks each serializer in turn; equal for equal serializers.

    An answer of ``probatio.UNSUPPORTED`` or ``None`` passes to the next.
    """

    __slots__ = ("serializers",)

    def __init__(self, serializers: Iterable[Callable[[Any], Any]]) -> None:
        """Chain ``serializers``, flattening chains among them and dropping repeats."""
        chained: list[Callable[[Any], Any]] = []
        for serializer in serializers:
            members = (
                serializer.serializers if isinstance(serializer, SerializerChain) else (serializer,)
            )
            chained.extend(member for member in members if member not in chained)
        self.serializers: tuple[Callable[[Any], Any], ...] = tuple(chained)

    def __call__(self, schema: Any) -> Any:
        """Return the first answer for ``schema``, or ``probatio.UNSUPPORTED``."""
        for serializer in self.serializers:
            result = serializer(schema)
            if result is not None and result is not probatio.UNSUPPORTED:
                return result
        return probatio.UNSUPPORTED

    @override
    def __eq__(self, other: object) -> bool:
        """Return whether ``other`` is a chain of the same serializers."""
        if not isinstance(other, SerializerChain):
            return NotImplemented
        return self.serializers == other.serializers

    @override
    def __hash__(self) -> int:
        """Hash the serializers."""
        return hash(self.serializers)

    @classmethod
    def around(cls, serializers: Iterable[Callable[[Any], Any] | None]) -> SerializerChain:
        """Return a hub's chain: ``listed_serializer``, ``serializers``, ``selector_serializer``."""
        return cls(
            [
                listed_serializer,
                *(serializer for serializer in serializers if serializer is not None),
                llm_helper.selector_serializer,
            ]
        )


@dataclass(frozen=True, slots=True)
class SchemaEntry:
    """What a hub lists for one parameters object."""

    # The tool's own parameters it was made from (kept, so their ``id`` stays theirs).
    parameters: Any
    # The listed parameters; None when unacceptable.
    listed: Any
    # The clean JSON Schema the listed parameters convert to; shared, never to be changed.
    json_schema: dict[str, Any] | None
    # What making it acceptable changed.
    fixes: tuple[str, ...]
    # Why no provider would accept the parameters, or None.
    error: str | None
    # When it was made (``time.monotonic``).
    made: float
    # Whether the clean schema has an enum or asks for a value as text (``calls.arguments``).
    as_text: bool = False


class SchemaCache:
    """The entries a hub made, by parameters object and by tool, for one serializer chain.

    A lookup takes the entry of the same parameters object, else the same tool's (class and
    name) when its parameters are ``same_parameters``, else makes one. Past ``MAX_ENTRIES``
    tools and twice a build's, the entries become earlier ones, taken back when looked up and
    dropped at the next such build.
    """

    def __init__(self) -> None:
        """Start empty."""
        self._serializer: SerializerChain | None = None
        self._by_id: dict[int, SchemaEntry] = {}
        self._by_tool: dict[tuple[type, str], SchemaEntry] = {}
        self._earlier: dict[tuple[type, str], SchemaEntry] = {}
        """Entries by tool from before the last drop, until the next."""
        self._now = 0.0

    def __len__(self) -> int:
        """Return how many tools have an entry kept."""
        return len(self._by_tool) + len(self._earlier)

    def use(self, serializer: SerializerChain, tools: int = 0) -> None:
        """Start a build of ``tools`` tools with ``serializer``; drop entries it cannot use."""
        self._now = time.monotonic()
        if serializer != self._serializer:
            self._serializer = serializer
            self._by_id.clear()
            self._by_tool.clear()
            self._earlier.clear()
        elif len(self._by_tool) > max(MAX_ENTRIES, 2 * tools):
            self._earlier = self._by_tool
            self._by_tool = {}
            self._by_id = {}

    def get(self, tool: llm_helper.Tool) -> SchemaEntry:
        """Return the entry of ``tool``'s parameters; raises ``RuntimeError`` before ``use``."""
        if (serializer := self._serializer) is None:
            raise RuntimeError("SchemaCache.get before use")
        parameters = tool.parameters
        oldest = self._now - MAX_AGE
        kept = self._by_id.get(id(parameters))
        if kept is not None and kept.parameters is parameters and kept.made > oldest:
            return kept
        key = (type(tool), tool.name)
        last = self._by_tool.get(key) or self._earlier.pop(key, None)
        if last is None or last.made <= oldest or not same_parameters(last.parameters, parameters):
            kept = _make_entry(parameters, serializer, self._now)
        else:
            # The same parameters in another object (rebuilt per request): keep this object,
            # so that its id stays its own while it is kept.
            kept = SchemaEntry(
                parameters,
                last.listed,
                last.json_schema,
                last.fixes,
                last.error,
                last.made,
                last.as_text,
            )
        if last is not None:
            # The tool's previous parameters object is likely gone with its request.
            self._by_id.pop(id(last.parameters), None)
        self._by_id[id(parameters)] = self._by_tool[key] = kept
        return kept


def same_parameters(first: Any, second: Any) -> bool:
    """Return whether two parameters schemas convert alike, markers' details included."""
    try:
        return _same(first, second)
    except Exception:  # noqa: BLE001  # a validator's __eq__ or a default with a bug
        return False


def _same(first: Any, second: Any) -> bool:
    """Return ``same_parameters`` of two nodes; raises what their comparison raises."""
    if first is second:
        return True
    if type(first) is not type(second):
        return False
    if isinstance(first, probatio.Schema):
        return (
            first.extra == second.extra
            and first.required == second.required
            and _same(first.schema, second.schema)
        )
    if isinstance(first, dict):
        return len(first) == len(second) and all(
            _same_key(first_key, second_key) and _same(first_value, second_value)
            for (first_key, first_value), (second_key, second_value) in zip(
                first.items(), second.items(), strict=True
            )
        )
    if isinstance(first, list | tuple):
        return len(first) == len(second) and all(
            _same(one, other) for one, other in zip(first, second, strict=True)
        )
    # probatio's validators compare by identity; one rebuilt per request (``In``, ``All``,
    # ``Range``) is the same when all it holds is.
    return _same(vars(first), vars(second)) if _plain_validator(first) else bool(first == second)


def _plain_validator(node: Any) -> bool:
    """Return whether ``node`` is a probatio validator compared by identity only."""
    kind = type(node)
    return (
        kind.__module__.startswith("probatio.validators.")
        and not any("__eq__" in vars(base) for base in kind.__mro__[:-1])
        and hasattr(node, "__dict__")
    )


def _same_key(first: Any, second: Any) -> bool:
    """Return whether two keys of a mapping schema are the same, markers' details included."""
    if type(first) is not type(second) or first != second:
        return False
    if not isinstance(first, probatio.Marker):
        return True
    return bool(
        first.description == second.description
        and first.msg == second.msg
        and marker_default(first) == marker_default(second)
    )


def _make_entry(parameters: Any, serializer: SerializerChain, now: float) -> SchemaEntry:
    """Make the entry of ``parameters`` at the time ``now``."""
    try:
        clean = clean_parameters(parameters, serializer)
    except UnacceptableSchemaError as err:
        return SchemaEntry(parameters, None, None, (), str(err), now)
    return SchemaEntry(
        parameters,
        listed_parameters(clean.json_schema),
        clean.json_schema,
        tuple(clean.fixes),
        None,
        now,
        _as_text(clean.json_schema),
    )


def _as_text(schema: Any) -> bool:
    """Return whether a clean JSON Schema has an ``enum`` or asks for a value as text."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "enum" in node or OPEN_NOTE in str(node.get("description", "")):
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False
