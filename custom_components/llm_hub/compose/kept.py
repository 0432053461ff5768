"""What a hub's build decided about each tool, kept for the next builds.

Most requests bring the same tools as the last: the same names from the same sources, each
tool of the same class with the same parameters and annotations, often as new objects. A
build then takes each tool's decisions (name, policy, schemas, call settings) from the last
build and makes only the ``HubTool`` that runs it: one object per tool, as core's
``MergedAPI`` makes a ``NamespacedTool``. A tool that changed is decided anew, alone; a build
whose names or sources changed is made whole (``HubBuilder``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from .candidate import CandidateTool

if TYPE_CHECKING:
    from homeassistant.helpers.llm import Tool

    from ..calls.tool import HubCallSettings
    from ..schema.cache import SerializerChain
    from ..schema.text import JsonSchema

__all__ = ["DeferredTools", "KeptBuild", "KeptListing", "KeptTool", "Once", "kept_candidates"]


class Source(Protocol):
    """A source of a build (``builder.Source``): its id and its tools."""

    source: str
    tools: list[Tool]


@dataclass(frozen=True, slots=True)
class KeptTool:
    """What a build decided for one tool, valid while the tool stays alike."""

    # The tool's class, parameters and annotations when decided (compared by identity).
    kind: type
    parameters: Any
    annotations: Any
    # The decisions; its ``tool`` is the object of the build that made them.
    decided: CandidateTool
    # The listed schema entry's parameters and when it was made (``schema.cache``).
    listed: Any = None
    made: float = 0.0
    # The settings of its ``HubTool`` and the JSON Schema calls read text with; None: not listed.
    settings: HubCallSettings | None = None
    as_text: JsonSchema | None = None
    # False when its source left it out of that build, so only the policy decided it.
    complete: bool = True


@dataclass(slots=True)
class KeptBuild:
    """The decisions of a build whose tools all have names of their own, in merge order."""

    serializer: SerializerChain
    # Per source: its id and its tools' names, in order.
    sources: list[tuple[str, list[str]]]
    # Per tool of each source, in order; None: the merge met its name before and kept that one.
    tools: list[KeptTool | None]
    # ``(place, place of the first of its name)`` of each tool the merge met again.
    met_again: list[tuple[int, int]] = field(default_factory=list)
    # The place of each tool by its listed name.
    places: dict[str, int] = field(default_factory=dict)
    # Where each source's tools start among ``tools``.
    _starts: list[int] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        """Note where each source's tools start."""
        start = 0
        for _, names in self.sources:
            self._starts.append(start)
            start += len(names)

    def same_tools(
        self, serializer: SerializerChain, sources: Sequence[tuple[str, bool, Sequence[Tool]]]
    ) -> bool:
        """Return whether ``(source id, is a hub, tools)`` bring the same names, in order."""
        if serializer != self.serializer or len(sources) != len(self.sources):
            return False
        for (source, hub, tools), (kept_source, names) in zip(sources, self.sources, strict=True):
            if (
                hub
                or source != kept_source
                or len(tools) != len(names)
                or [tool.name for tool in tools] != names
            ):
                return False
        return True

    def source_of(self, place: int) -> int:
        """Return the index of the source the tool at ``place`` comes from."""
        return bisect_right(self._starts, place) - 1

    def tool_at(self, sources: Sequence[Source], *places: int) -> tuple[tuple[str, Tool], ...]:
        """Return ``(source id, tool)`` of ``sources`` (alike this build's) at each place."""
        found = []
        for place in places:
            index = self.source_of(place)
            source = sources[index]
            found.append((source.source, source.tools[place - self._starts[index]]))
        return tuple(found)


@dataclass(frozen=True, slots=True)
class KeptListing:
    """What a build from kept decisions lists, and what its candidates are made from."""

    tools: list[Tool]
    # The reason of each tool its source left out, by its place.
    left_out: dict[int, str]
    # The decisions this build used (later builds replace entries in the kept list, not here).
    kept: list[KeptTool | None]


@dataclass(frozen=True, slots=True)
class DeferredTools:
    """An instance's tools listed when first read; ``find`` gets one by name alone, or None."""

    listing: Callable[[], list[Tool]]
    find: Callable[[str], Tool | None]


class Once[T]:
    """A value made by ``make`` on the first call, then the same value."""

    __slots__ = ("_made", "_make")

    def __init__(self, make: Callable[[], T]) -> None:
        """Make the value with ``make`` when first asked."""
        self._make = make
        self._made: T | None = None

    def __call__(self) -> T:
        """Return the value, made on the first call."""
        if self._made is None:
            self._made = self._make()
        return self._made


def kept_candidates(
    tools: Sequence[Sequence[Tool]], kept: Sequence[KeptTool | None], left_out: dict[int, str]
) -> list[CandidateTool]:
    """Return the candidates of a build from kept decisions: ``tools`` per source, in order.

    ``left_out``: the reason of each tool its source left out, by its place in the merge.
    """
    candidates: list[CandidateTool] = []
    at = 0
    for source_tools in tools:
        for tool in source_tools:
            if (was := kept[at]) is None:
                at += 1
                continue
            decided = was.decided
            # One its source left out is as a whole build leaves it: no schema made.
            reason = left_out.get(at)
            candidates.append(
                CandidateTool(
                    tool,
                    decided.source,
                    decided.wanted_name,
                    decided.key,
                    decided.name,
                    decided.description,
                    None if reason else decided.parameters,
                    reason or decided.hidden,
                    decided.confirm,
                    decided.marked,
                    decided.asking,
                    None if reason else decided.json_schema,
                    () if reason else decided.schema_fixes,
                    decided.conditions,
                )
            )
            at += 1
    return candidates
