"""Resolves what a call names (ids, names, areas, floors, labels, devices) to entities.

Groups of every kind and scenes count by their members (the state attribute ``entity_id``),
at every depth, and stay targets themselves. Names are matched as Assist matches an intent's
targets, within a set the caller hands (``within``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import Any, Final

from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.const import (
    ATTR_AREA_ID,
    ATTR_DEVICE_ID,
    ATTR_ENTITY_ID,
    ATTR_FLOOR_ID,
    ATTR_LABEL_ID,
    ENTITY_MATCH_ALL,
    ENTITY_MATCH_NONE,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er, intent, target as target_helper

__all__ = [
    "TARGET_KEYS",
    "Within",
    "ids",
    "match",
    "match_targets",
    "matched_once",
    "matching_once",
    "members",
    "selected",
]

TARGET_KEYS: Final = (ATTR_ENTITY_ID, ATTR_DEVICE_ID, ATTR_AREA_ID, ATTR_FLOOR_ID, ATTR_LABEL_ID)

type Within = Callable[[str], bool]
"""Whether an entity id is within what a call may reach."""

# Why a match fails that an entity exposed but out of reach can cause.
_AFTER_EXPOSURE: Final = frozenset(
    {intent.MatchFailedReason.DUPLICATE_NAME, intent.MatchFailedReason.MULTIPLE_TARGETS}
)


# The matches made within ``matched_once``: (constraints, preferences, result), newest last,
# with the task of the call that made them. A task the call starts (a service call, an
# automation its state changes trigger) copies the context, not the call: it matches anew.
_MATCHED: ContextVar[
    tuple[asyncio.Task[Any] | None, list[tuple[Any, Any, intent.MatchTargetsResult]]] | None
] = ContextVar("llm_hub_matched", default=None)


def _kept() -> list[tuple[Any, Any, intent.MatchTargetsResult]] | None:
    """Return the matches of the call running in this task (None: none kept here)."""
    if (memo := _MATCHED.get()) is None or memo[0] is not asyncio.current_task():
        return None
    return memo[1]


@contextmanager
def matched_once() -> Iterator[None]:
    """Within one call (its task), match the same constraints and preferences once."""
    if _kept() is not None:
        yield
        return
    token = _MATCHED.set((asyncio.current_task(), []))
    try:
        yield
    finally:
        _MATCHED.reset(token)


def matching_once() -> bool:
    """Return whether ``matched_once`` is entered in this task (a call's matches are kept)."""
    return _kept() is not None


def match_targets(
    hass: HomeAssistant,
    constraints: intent.MatchTargetsConstraints,
    preferences: intent.MatchTargetsPreferences,
) -> intent.MatchTargetsResult:
    """Return ``intent.async_match_targets`` of all states, once per call (``matched_once``)."""
    if (kept := _kept()) is None:
        return intent.async_match_targets(hass, constraints, preferences)
    for constrained, preferred, found in kept:
        if constrained == constraints and preferred == preferences:
            return found
    found = intent.async_match_targets(hass, constraints, preferences)
    kept.append((constraints, preferences, found))
    return found


def ids(value: Any) -> list[str]:
    """Return the ids of a target value: a text (comma separated) or a list of texts."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list | tuple | set | frozenset):
        return []
    return [item.strip() for item in items if isinstance(item, str) and item.strip()]


def members(hass: HomeAssistant, entity_ids: Iterable[str]) -> set[str]:
    """Return ``entity_ids`` (registry ids resolved) with every group's and scene's members."""
    registry = er.async_get(hass)
    found: set[str] = set()
    todo = list(entity_ids)
    while todo:
        name = todo.pop()
        lowered = name.lower()
        if lowered == ENTITY_MATCH_NONE:
            continue
        # Home Assistant lowercases the entity ids an action is given, and ``ALL`` too.
        entity_id = lowered if "." in name or lowered == ENTITY_MATCH_ALL else None
        if entity_id is None:
            entity_id = er.async_resolve_entity_id(registry, name) or name
        if entity_id in found:
            continue
        found.add(entity_id)
        state = hass.states.get(entity_id)
        held = state.attributes.get(ATTR_ENTITY_ID) if state is not None else None
        todo.extend(ids(held))
        todo.extend(_wrapped(hass, registry, entity_id))
    return found


def _wrapped(hass: HomeAssistant, registry: er.EntityRegistry, entity_id: str) -> list[str]:
    """Return the entities a ``switch_as_x`` entity wraps, or those that wrap ``entity_id``."""
    found: list[str] = []
    for entry in hass.config_entries.async_entries("switch_as_x"):
        source = entry.options.get(ATTR_ENTITY_ID)
        source = er.async_resolve_entity_id(registry, source) if isinstance(source, str) else None
        wrappers = [
            item.entity_id for item in er.async_entries_for_config_entry(registry, entry.entry_id)
        ]
        if entity_id in wrappers and source:
            found.append(source)
        elif source == entity_id:
            found.extend(wrappers)
    return found


def selected(hass: HomeAssistant, target: Mapping[str, Any]) -> tuple[set[str], set[str]]:
    """Return ``(entity ids, area ids)`` an action on ``target`` acts on, members included."""
    selection = target_helper.async_extract_referenced_entity_ids(
        hass,
        target_helper.TargetSelection({key: ids(target.get(key)) for key in TARGET_KEYS}),
        expand_group=False,
        primary_entities_only=False,
    )
    entities = members(hass, selection.referenced | selection.indirectly_referenced)
    return entities, set(selection.referenced_areas)


def match(
    hass: HomeAssistant,
    constraints: intent.MatchTargetsConstraints,
    preferences: intent.MatchTargetsPreferences,
    within: Within | None,
    found: intent.MatchTargetsResult | None = None,
) -> intent.MatchTargetsResult:
    """Return what ``constraints`` match, entities ``within`` does not hold as unexposed."""
    found = found or match_targets(hass, constraints, preferences)
    if within is None:
        return found
    if found.is_match:
        if all(within(state.entity_id) for state in found.states):
            return found
    elif found.no_match_reason not in _AFTER_EXPOSURE:
        return found  # fails the same with fewer entities exposed
    # What the intent's filters find before exposure, then exposure with ``within``.
    before = intent.async_match_targets(
        hass,
        replace(constraints, assistant=None, allow_duplicate_names=True, single_target=False),
        preferences,
    )
    kept = [
        state
        for state in before.states
        if within(state.entity_id)
        and (
            constraints.assistant is None
            or async_should_expose(hass, constraints.assistant, state.entity_id)
        )
    ]
    if not kept:
        return intent.MatchTargetsResult(
            is_match=False, no_match_reason=intent.MatchFailedReason.ASSISTANT
        )
    return intent.async_match_targets(hass, constraints, preferences, states=kept)
