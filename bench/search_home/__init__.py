"""The synthetic home of ``bench/bench_search.py``: scripts, contributed tools and queries.

Assist's own tools come from a real Home Assistant (``bench_search.async_assist_tools``);
this package adds a home's scripts and the tools of custom integrations, with realistic names
and descriptions, and the requests a person makes of the home with the tools that serve them.
"""

from .contributed import contributed_tools
from .queries import QUERIES, Query
from .scripts import scripts
from .tool import SyntheticTool

__all__ = ["QUERIES", "Query", "SyntheticTool", "contributed_tools", "scripts"]
