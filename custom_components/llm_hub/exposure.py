"""What a hub exposes of each tool's parameters, kept across requests.

Making a schema every provider accepts (``schemas.clean_parameters``) converts and rewrites it,
which costs far more than the rest of a build. Home Assistant's ``llm.py`` platforms make their
tools anew per request, but their parameters are mostly the same objects (a class attribute)
or equal ones (built from the same validators), so a hub keeps what it made for each
parameters object (``ExposureCache``) and makes it again only when the parameters or the
serializers change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
import time
from typing import Any, Final, override

import probatio
from probatio.markers import UNDEFINED, Marker

from homeassistant.helpers import llm as llm_helper

from .schemas import (
    UnacceptableSchemaError,
    clean_parameters,
    exposed_parameters,
    exposed_serializer,
)

__all__ = ["Exposure", "ExposureCache", "SerializerChain", "same_parameters"]

MAX_ENTRIES: Final = 4096
"""Most parameters objects a hub keeps exposures for; past it, it starts afresh."""
MAX_AGE: Final = 60.0
"""Seconds an exposure is used before it is made again: a parameters object changed in
place (e.g. the list behind a ``vol.In``) shows its new choices within this time."""


class SerializerChain:
    """A ``custom_serializer`` that asks each of ``serializers`` in turn.

    A serializer that answers ``probatio.UNSUPPORTED`` (or ``None``) passes to the next; the
    chain answers ``UNSUPPORTED`` when all do. Two chains of the same serializers are equal,
    so what was made with one stays valid with the next request's.
    """

    __slots__ = ("serializers",)

    def __init__(self, serializers: Iterable[Callable[[Any], Any]]) -> None:
        """Chain ``serializers``; the members of a chain among them are taken one by one."""
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
        """Return the chain a hub uses: ``exposed_serializer``, ``serializers``, selectors.

        ``exposed_serializer`` answers the exposed parameters of hubs with their clean schema;
        Home Assistant's ``selector_serializer`` comes last, so that selectors in contributed
        tools (which come with no serializer) always serialize.
        """
        return cls(
            [
                exposed_serializer,
                *(serializer for serializer in serializers if serializer is not None),
                llm_helper.selector_serializer,
            ]
        )


@dataclass(frozen=True, slots=True)
class Exposure:
    """What a hub exposes for one parameters object."""

    parameters: Any
    """The tool's own parameters it was made from (kept, so their ``id`` stays theirs)."""
    exposed: Any
    """The exposed parameters (``schemas.exposed_parameters``); None when unacceptable."""
    json_schema: dict[str, Any] | None
    """The clean JSON Schema the exposed parameters convert to; shared, never to be changed."""
    fixes: tuple[str, ...]
    """What making it acceptable changed (``CleanSchema.fixes``)."""
    error: str | None
    """Why no provider would accept the parameters (``UnacceptableSchemaError``), or None."""
    made: float
    """When it was made (``time.monotonic``), for ``MAX_AGE``."""


class ExposureCache:
    """The exposures a hub made, by parameters object and by tool, for one serializer chain.

    A lookup finds the same parameters object first (``id``), then the parameters last seen
    for the same tool (class and name) when they are the same (``same_parameters``: a schema
    rebuilt per request from the same validators); else it makes the exposure and keeps it.
    An exposure older than ``MAX_AGE`` is made again.
    """

    def __init__(self) -> None:
        """Start empty."""
        self._serializer: SerializerChain | None = None
        self._by_id: dict[int, Exposure] = {}
        self._by_tool: dict[tuple[type, str], Exposure] = {}
        self._now = 0.0

    def __len__(self) -> int:
        """Return how many parameters objects have an exposure kept."""
        return len(self._by_id)

    def use(self, serializer: SerializerChain) -> None:
        """Start a build: make exposures with ``serializer`` (what was made with another goes).

        Also reads the clock once for the build's ``MAX_AGE`` checks.
        """
        self._now = time.monotonic()
        if serializer != self._serializer:
            self._serializer = serializer
            self._by_id.clear()
            self._by_tool.clear()

    def get(self, tool: llm_helper.Tool) -> Exposure:
        """Return the exposure of ``tool``'s parameters (``use`` said with which serializer).

        Raises ``RuntimeError`` before ``use``.
        """
        if (serializer := self._serializer) is None:
            raise RuntimeError("ExposureCache.get before use")
        parameters = tool.parameters
        oldest = self._now - MAX_AGE
        kept = self._by_id.get(id(parameters))
        if kept is not None and kept.parameters is parameters and kept.made > oldest:
            return kept
        key = (type(tool), tool.name)
        last = self._by_tool.get(key)
        if last is None or last.made <= oldest or not same_parameters(last.parameters, parameters):
            kept = _expose(parameters, serializer, self._now)
        else:
            # The same parameters in another object (rebuilt per request): keep this object,
            # so that its id stays its own while it is kept.
            kept = Exposure(
                parameters, last.exposed, last.json_schema, last.fixes, last.error, last.made
            )
        if last is not None:
            # The tool's previous parameters object is likely gone with its request.
            self._by_id.pop(id(last.parameters), None)
        if len(self._by_id) >= MAX_ENTRIES:
            self._by_id.clear()
            self._by_tool.clear()
        self._by_id[id(parameters)] = self._by_tool[key] = kept
        return kept


def same_parameters(first: Any, second: Any) -> bool:
    """Return whether two parameters schemas would convert alike: the same keys and validators.

    Stricter than ``==`` of voluptuous and probatio, which compares markers by their key only
    (``Required("a") == Optional("a")``, descriptions and defaults ignored): here the marker's
    kind, description, message and default count too. Validators compare with ``==`` (most
    by identity). False when anything cannot be compared.
    """
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
    return bool(first == second)


def _same_key(first: Any, second: Any) -> bool:
    """Return whether two keys of a mapping schema are the same, markers' details included."""
    if type(first) is not type(second) or first != second:
        return False
    if not isinstance(first, Marker):
        return True
    return bool(
        first.description == second.description
        and first.msg == second.msg
        and _default(first) == _default(second)
    )


def _default(marker: Marker) -> Any:
    """Return a marker's default value (probatio keeps it as a factory), or ``UNDEFINED``."""
    factory: Any = getattr(marker, "default", UNDEFINED)
    return factory if factory is UNDEFINED else factory()


def _expose(parameters: Any, serializer: SerializerChain, now: float) -> Exposure:
    """Make the exposure of ``parameters`` at the time ``now``."""
    try:
        clean = clean_parameters(parameters, serializer)
    except UnacceptableSchemaError as err:
        return Exposure(parameters, None, None, (), str(err), now)
    return Exposure(
        parameters,
        exposed_parameters(clean.json_schema),
        clean.json_schema,
        tuple(clean.fixes),
        None,
        now,
    )
