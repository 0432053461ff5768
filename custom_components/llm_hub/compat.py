"""Differences between the Home Assistant versions LLM Hub runs on, found by feature detection.

Every difference between Home Assistant 2026.10 and 2026.11, and what ``probatio`` keeps
inside its markers, is answered here; ``tests/test_compat.py`` checks each answer against the
installed Home Assistant.
"""

from __future__ import annotations

from collections.abc import Callable
import dataclasses
import inspect
from typing import Any, Final

import probatio
from probatio.markers import resolve_key
import voluptuous as vol

from homeassistant.components.homeassistant import llm as homeassistant_llm
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er, intent, llm as llm_helper
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.helpers.entity_platform import async_get_platforms
from homeassistant.helpers.script import Script

__all__ = [
    "AGENTS_PREFIX_EVERY_TOOL",
    "API_HAS_REQUIRES_ADMIN",
    "INVALID_ERRORS",
    "api_requires_admin",
    "driven_entities",
    "live_context_match_error",
    "llm_context_agent_id",
    "marker_default",
    "resolve_key",
    "template_action_scripts",
    "template_wrappers",
]

# Whether ``llm.API`` declares ``requires_admin`` (2026.11 and newer), which Home Assistant's
# ``async_get_api`` enforces; without it (2026.10) only the hub enforces it.
API_HAS_REQUIRES_ADMIN: Final = "requires_admin" in {
    field.name for field in dataclasses.fields(llm_helper.API)
}

# Whether agents' ``MergedAPI`` prefixes every tool with ``<slugify(api.name)>__`` (2026.10).
#
# 2026.11 prefixes only colliding names; no attribute tells, but it is the release that added
# ``API.requires_admin``.
AGENTS_PREFIX_EVERY_TOOL: Final = not API_HAS_REQUIRES_ADMIN

# What validators raise for invalid arguments: probatio's ``Invalid`` and voluptuous's, which are
# one class once Home Assistant aliases voluptuous.
INVALID_ERRORS: Final[tuple[type[Exception], ...]] = tuple({probatio.Invalid, vol.Invalid})


def api_requires_admin(api: llm_helper.API) -> bool:
    """Return whether only administrators may use ``api`` (False where APIs cannot say)."""
    return bool(getattr(api, "requires_admin", False))


def llm_context_agent_id(llm_context: llm_helper.LLMContext) -> str | None:
    """Return the conversation agent or AI task entity of a request (2026.11 and newer)."""
    agent_id: str | None = getattr(llm_context, "agent_id", None)
    return agent_id


def marker_default(marker: probatio.Marker) -> Any:
    """Return the default of a schema key, or ``probatio.UNDEFINED`` when it has none."""
    factory: Any = getattr(marker, "default", probatio.UNDEFINED)
    return factory if factory is probatio.UNDEFINED else factory()


def _own_live_context_match_error(
    result: intent.MatchTargetsResult,
    name: str | None,
    area: str | None,
    domains: list[str] | None,
) -> str:
    """Return the error of a failed ``GetLiveContext`` match where Home Assistant words none."""
    return "No entities matched the provided filter"


def _live_context_wording() -> Callable[
    [intent.MatchTargetsResult, str | None, str | None, list[str] | None], str
]:
    """Return Home Assistant's own wording of ``GetLiveContext``'s match errors, if it has one.

    Private in 2026.10 and 2026.11 (``_live_context_match_error(result, name, area, domains)``).
    """
    found = getattr(homeassistant_llm, "_live_context_match_error", None)
    if callable(found) and len(inspect.signature(found).parameters) == 4:  # noqa: PLR2004
        return found  # type: ignore[no-any-return]
    return _own_live_context_match_error


# ``(result, name, area, domains) -> str``: the error ``GetLiveContext`` gives a failed match.
live_context_match_error: Final = _live_context_wording()


def _entity(hass: HomeAssistant, entity_id: str) -> Any:
    """Return the entity object of ``entity_id`` (None: none loaded)."""
    component = hass.data.get(DATA_INSTANCES, {}).get(entity_id.partition(".")[0])
    return component.get_entity(entity_id) if component is not None else None


def _platform(entity: Any) -> str | None:
    """Return the integration whose platform made ``entity`` (None: unknown)."""
    platform = getattr(entity, "platform", None)
    name = getattr(platform, "platform_name", None)
    return name if isinstance(name, str) else None


def template_action_scripts(hass: HomeAssistant, entity_id: str) -> list[Script] | None:
    """Return the actions of a template entity (a button's press...); None: not a template entity.

    Raises ``LookupError`` when they cannot be read (core keeps them in ``_action_scripts``).
    """
    entity = _entity(hass, entity_id)
    entry = er.async_get(hass).async_get(entity_id)
    if _platform(entity) != "template" and (entry is None or entry.platform != "template"):
        return None
    scripts = getattr(entity, "_action_scripts", None)
    if not isinstance(scripts, dict) or not all(isinstance(s, Script) for s in scripts.values()):
        raise LookupError(entity_id)
    return list(scripts.values())


def template_wrappers(hass: HomeAssistant) -> dict[str, set[str]]:
    """Return, per entity a template entity's actions name, the template entities naming it.

    Acting on the switch behind a template lock acts on the lock. Raises ``LookupError``.
    """
    found: dict[str, set[str]] = {}
    for platform in async_get_platforms(hass, "template"):
        for entity_id in platform.entities:
            if entity_id.startswith("button."):
                continue  # a button's press backs no state of its own
            for script in template_action_scripts(hass, entity_id) or ():
                for named in script.referenced_entities:
                    found.setdefault(named, set()).add(entity_id)
    return found


# Integrations whose entities switch another entity, and the attributes that name it.
_DRIVING: Final = {
    "generic_thermostat": ("heater_entity_id",),
    "generic_hygrostat": ("_switch_entity_id",),
}
# Integrations whose entities act on others in ways the hub cannot read.
_DRIVING_UNREAD: Final = frozenset({"universal"})


def driven_entities(hass: HomeAssistant, entity_id: str) -> list[str]:
    """Return the entities an entity switches as it acts; ``LookupError`` when unreadable."""
    entity = _entity(hass, entity_id)
    platform = _platform(entity)
    if platform in _DRIVING_UNREAD:
        raise LookupError(entity_id)
    found: list[str] = []
    for attribute in _DRIVING.get(platform or "", ()):
        if not isinstance(driven := getattr(entity, attribute, None), str):
            raise LookupError(entity_id)  # noqa: TRY004  # cannot be read, as unknown
        found.append(driven)
    return found
