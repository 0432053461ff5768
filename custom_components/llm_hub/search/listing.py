"""A hub's tool search: its tool mode, its pinned tools and the indexes it keeps.

In search mode a hub lists its pinned tools and the meta-tools instead of all its tools.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..const import ToolMode
from .index import ToolIndexCache
from .meaning import MeaningSearch

__all__ = [
    "SearchSettings",
    "ToolSearch",
    "searches",
]


def searches(mode: ToolMode | str, tool_count: int, tool_limit: int) -> bool:
    """Return whether a hub in ``mode`` with ``tool_count`` listed tools uses search mode.

    An unknown mode (a hand-edited option) is ``ToolMode.ALL``, which loses nothing.
    """
    if mode == ToolMode.SEARCH:
        return True
    return mode == ToolMode.SEARCH_OVER_LIMIT and tool_count > tool_limit


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """A hub's tool search options: its ``ToolMode`` and the tools it always lists."""

    mode: ToolMode = ToolMode.ALL
    # Tool keys (``CandidateTool.key``) listed directly in search mode.
    pinned: frozenset[str] = frozenset()


class ToolSearch:
    """A hub's tool search: its settings and the indexes it keeps across requests."""

    def __init__(self, settings: SearchSettings) -> None:
        """Search as ``settings`` say; keep no index yet."""
        self.settings = settings
        self.indexes = ToolIndexCache()
        # Ranks by meaning too, when the hub turned it on (``HubAPI.async_start_meaning``).
        self.meaning: MeaningSearch | None = None

    def active(self, tool_count: int, tool_limit: int) -> bool:
        """Return whether a build that lists ``tool_count`` tools lists them by search."""
        return searches(self.settings.mode, tool_count, tool_limit)

    @property
    def may_search(self) -> bool:
        """Return whether some count of tools would be listed by search."""
        return searches(self.settings.mode, 1, 0)
