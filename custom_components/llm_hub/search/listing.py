"""A hub's tool search: its tool mode, its pinned tools and the indexes it keeps.

In search mode a hub lists its pinned tools and the meta-tools instead of all its tools.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from homeassistant.helpers import config_validation as cv

from .index import ToolIndexCache

__all__ = [
    "CONF_PINNED_TOOLS",
    "CONF_TOOL_MODE",
    "SearchSettings",
    "ToolMode",
    "ToolSearch",
    "searches",
]

CONF_TOOL_MODE: Final = "tool_mode"
"""Option key of how a hub lists its tools (a ``ToolMode`` value; default ``all``)."""
CONF_PINNED_TOOLS: Final = "pinned_tools"
"""Option key: tool keys listed directly in search mode (list of str)."""


class ToolMode(StrEnum):
    """How a hub lists its tools (option ``CONF_TOOL_MODE``)."""

    ALL = "all"
    """Every tool, as before (the default)."""
    SEARCH = "search"
    """The pinned tools and the meta-tools; the rest through ``search_tools``."""
    SEARCH_OVER_LIMIT = "search_over_limit"
    """``ALL`` while the listed tools fit the hub's tool limit, ``SEARCH`` above it."""


def searches(mode: ToolMode | str, tool_count: int, tool_limit: int) -> bool:
    """Return whether a hub in ``mode`` with ``tool_count`` listed tools uses search mode.

    ``tool_limit`` is the hub's limit of tools (option ``CONF_MAX_TOOLS``). An unknown mode
    (a hand-edited option) is taken as ``ToolMode.ALL``, which loses nothing.
    """
    if mode == ToolMode.SEARCH:
        return True
    return mode == ToolMode.SEARCH_OVER_LIMIT and tool_count > tool_limit


_MODES: Final = frozenset(mode.value for mode in ToolMode)


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """A hub's tool search options: its ``ToolMode`` and the tools it always lists."""

    mode: ToolMode = ToolMode.ALL
    pinned: frozenset[str] = frozenset()
    """Tool keys (``CandidateTool.key``) listed directly in search mode."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> SearchSettings:
        """Return the settings of a hub's options (``CONF_TOOL_MODE``, ``CONF_PINNED_TOOLS``).

        Lenient with hand-edited options: an unknown mode is ``ToolMode.ALL`` (which loses
        nothing), a single key is one key, and what is not text is left out.
        """
        mode = options.get(CONF_TOOL_MODE)
        return cls(
            mode=ToolMode(mode) if isinstance(mode, str) and mode in _MODES else ToolMode.ALL,
            pinned=frozenset(
                key
                for key in cv.ensure_list(options.get(CONF_PINNED_TOOLS))
                if isinstance(key, str)
            ),
        )


class ToolSearch:
    """A hub's tool search: its settings and the indexes it keeps across requests."""

    def __init__(self, settings: SearchSettings) -> None:
        """Search as ``settings`` say; keep no index yet."""
        self.settings = settings
        self.indexes = ToolIndexCache()

    def active(self, tool_count: int, tool_limit: int) -> bool:
        """Return whether a build that lists ``tool_count`` tools lists them by search."""
        return searches(self.settings.mode, tool_count, tool_limit)
