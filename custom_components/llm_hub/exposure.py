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
from typing import Any, Final, override

import probatio

from homeassistant.helpers import llm as llm_helper

from .schemas import (
    UnacceptableSchemaError,
    clean_parameters,
    exposed_parameters,
    exposed_serializer,
)

__all__ = ["Exposure", "ExposureCache", "SerializerChain"]

MAX_ENTRIES: Final = 4096
"""Most parameters objects a hub keeps exposures for; past it, it starts afresh."""


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


class ExposureCache:
    """The exposures a hub made, by parameters object and by tool, for one serializer chain.

    A lookup finds the same parameters object first (``id``), then the parameters last seen
    for the same tool (class and name) when they compare equal (a schema rebuilt per request
    from the same validators); else it makes the exposure and keeps it.
    """

    def __init__(self) -> None:
        """Start empty."""
        self._serializer: SerializerChain | None = None
        self._by_id: dict[int, Exposure] = {}
        self._by_tool: dict[tuple[type, str], Exposure] = {}

    def __len__(self) -> int:
        """Return how many parameters objects have an exposure kept."""
        return len(self._by_id)

    def use(self, serializer: SerializerChain) -> None:
        """Make exposures with ``serializer`` from now on (what was made with another goes)."""
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
        if (kept := self._by_id.get(id(parameters))) is not None and kept.parameters is parameters:
            return kept
        key = (type(tool), tool.name)
        last = self._by_tool.get(key)
        if last is None or not _equal(last.parameters, parameters):
            kept = _expose(parameters, serializer)
        else:
            # Equal parameters in another object (rebuilt per request): keep this object,
            # so that its id stays its own while it is kept.
            kept = Exposure(parameters, last.exposed, last.json_schema, last.fixes, last.error)
        if last is not None:
            # The tool's previous parameters object is likely gone with its request.
            self._by_id.pop(id(last.parameters), None)
        if len(self._by_id) >= MAX_ENTRIES:
            self._by_id.clear()
            self._by_tool.clear()
        self._by_id[id(parameters)] = self._by_tool[key] = kept
        return kept


def _equal(first: Any, second: Any) -> bool:
    """Return whether two parameters objects are equal (False when they cannot compare)."""
    try:
        return bool(first == second)
    except Exception:  # noqa: BLE001  # a validator's __eq__ with a bug: not equal
        return False


def _expose(parameters: Any, serializer: SerializerChain) -> Exposure:
    """Make the exposure of ``parameters``."""
    try:
        clean = clean_parameters(parameters, serializer)
    except UnacceptableSchemaError as err:
        return Exposure(parameters, None, None, (), str(err))
    return Exposure(
        parameters,
        exposed_parameters(clean.json_schema),
        clean.json_schema,
        tuple(clean.fixes),
        None,
    )
