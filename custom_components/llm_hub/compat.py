"""Differences between the Home Assistant versions LLM Hub runs on, found by feature detection.

Every difference between Home Assistant 2026.10 and 2026.11 (and what ``probatio`` keeps
inside its markers) is answered here, so that no other module tests a version or reaches
into a library's internals. ``tests/test_compat.py`` checks each answer against the
installed Home Assistant, so a change in a new release fails there first.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

import probatio
from probatio.markers import resolve_key
import voluptuous as vol

from homeassistant.helpers import llm as llm_helper

__all__ = [
    "AGENTS_PREFIX_EVERY_TOOL",
    "API_HAS_REQUIRES_ADMIN",
    "INVALID_ERRORS",
    "api_requires_admin",
    "llm_context_agent_id",
    "marker_default",
    "resolve_key",
]

API_HAS_REQUIRES_ADMIN: Final = "requires_admin" in {
    field.name for field in dataclasses.fields(llm_helper.API)
}
"""Whether ``llm.API`` declares ``requires_admin`` (2026.11 and newer), which Home
Assistant's ``async_get_api`` enforces; without it (2026.10) only the hub enforces it."""

AGENTS_PREFIX_EVERY_TOOL: Final = not API_HAS_REQUIRES_ADMIN
"""Whether agents' ``MergedAPI`` prefixes every tool with ``<slugify(api.name)>__``.

2026.10 does; 2026.11 prefixes only colliding names, with the API id's slug. No attribute
tells the two apart; the release that changed it is the one that added
``API.requires_admin``, and ``tests/test_compat.py`` checks the answer against the installed
``MergedAPI``."""

INVALID_ERRORS: Final[tuple[type[Exception], ...]] = tuple({probatio.Invalid, vol.Invalid})
"""What a validator raises for invalid arguments: probatio's ``Invalid`` and, where a tool
imports the real voluptuous before Home Assistant aliases it, voluptuous's (one class when
the alias is in place)."""


def api_requires_admin(api: llm_helper.API) -> bool:
    """Return whether only administrators may use ``api`` (False where APIs cannot say)."""
    return bool(getattr(api, "requires_admin", False))


def llm_context_agent_id(llm_context: llm_helper.LLMContext) -> str | None:
    """Return the conversation agent or AI task entity of a request (2026.11 and newer)."""
    agent_id: str | None = getattr(llm_context, "agent_id", None)
    return agent_id


def marker_default(marker: probatio.Marker) -> Any:
    """Return the default value of a schema key, or ``probatio.UNDEFINED`` when it has none.

    probatio keeps a marker's default as a factory in ``marker.default``.
    """
    factory: Any = getattr(marker, "default", probatio.UNDEFINED)
    return factory if factory is probatio.UNDEFINED else factory()
