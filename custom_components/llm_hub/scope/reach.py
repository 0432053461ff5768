"""Resolves a hub's scope against the registries into the entity ids it reaches.

Each request and call takes the scope as it is resolved then (``HubScope.resolve``), kept
between them until a registry changes (``changes.HomeChanges``), so entities, areas, floors
and labels that change are followed without a reload. Scopes of hubs that select hubs are
intersected: each ``HubTool`` of a scoped hub enters its scope (``entered``) while its call
runs, and ``reaches`` asks every scope entered.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from typing import Final

from homeassistant.const import ATTR_AREA_ID, ATTR_ENTITY_ID, ATTR_FLOOR_ID, ATTR_LABEL_ID
from homeassistant.core import HomeAssistant
from homeassistant.helpers import device_registry as dr, entity_registry as er, target

from ..options import HubOptions
from ..targets.acts import area_of
from .changes import async_home_changes

__all__ = ["HubScope", "ResolvedScope", "entered", "reaches", "scopes_entered", "within"]


@dataclass(frozen=True, slots=True, eq=False)
class ResolvedScope:
    """What a scope reaches now (``entity_id in resolved``), and what it names that is gone.

    Compared and hashed by identity: each resolution is its own.
    """

    # The entities the scope names, directly or by area, device, floor or label.
    named: frozenset[str]
    domains: frozenset[str] = frozenset()
    excluded: frozenset[str] = frozenset()
    # Whether the scope includes some entities only; False: all, less the excluded.
    included: bool = True
    missing_areas: frozenset[str] = frozenset()
    missing_floors: frozenset[str] = frozenset()
    missing_labels: frozenset[str] = frozenset()

    def __contains__(self, entity_id: str) -> bool:
        """Return whether the scope reaches the entity ``entity_id``."""
        if entity_id in self.excluded:
            return False
        return (
            not self.included
            or entity_id in self.named
            or entity_id.partition(".")[0] in self.domains
        )


@dataclass(frozen=True, slots=True)
class HubScope:
    """The entities a hub reaches, as its options set them; empty: every exposed one."""

    areas: frozenset[str] = frozenset()
    floors: frozenset[str] = frozenset()
    labels: frozenset[str] = frozenset()
    domains: frozenset[str] = frozenset()
    entities: frozenset[str] = frozenset()
    excluded: frozenset[str] = frozenset()
    _included: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        """Note whether anything is included (else all is, less the excluded)."""
        included = bool(self.areas or self.floors or self.labels or self.domains or self.entities)
        object.__setattr__(self, "_included", included)

    @classmethod
    def from_options(cls, options: HubOptions) -> HubScope:
        """Return the scope the options of a hub set."""
        return cls(
            areas=options.scope_areas,
            floors=options.scope_floors,
            labels=options.scope_labels,
            domains=options.scope_domains,
            entities=options.scope_entities,
            excluded=options.scope_excluded,
        )

    @property
    def empty(self) -> bool:
        """Return whether the scope narrows nothing."""
        return not (self._included or self.excluded)

    def resolve(self, hass: HomeAssistant) -> ResolvedScope:
        """Return what the scope reaches now (kept until a registry changes).

        Areas, floors and labels expand as Assist matches them, hidden and diagnostic entities too.
        """
        return async_home_changes(hass).kept(self, partial(self._resolve, hass))

    def _resolve(self, hass: HomeAssistant) -> ResolvedScope:
        """Return what the scope reaches, resolved against the registries now."""
        selected = target.async_extract_referenced_entity_ids(
            hass,
            target.TargetSelection(
                {
                    ATTR_ENTITY_ID: sorted(self.entities),
                    ATTR_AREA_ID: sorted(self.areas),
                    ATTR_FLOOR_ID: sorted(self.floors),
                    ATTR_LABEL_ID: sorted(self.labels),
                }
            ),
            expand_group=False,
            primary_entities_only=False,
        )
        return ResolvedScope(
            frozenset(
                selected.referenced
                | selected.indirectly_referenced
                | _hidden(hass, selected, self.labels)
            ),
            self.domains,
            self.excluded,
            self._included,
            frozenset(selected.missing_areas),
            frozenset(selected.missing_floors),
            frozenset(selected.missing_labels),
        )


_ENTERED: ContextVar[tuple[ResolvedScope, ...]] = ContextVar("llm_hub_scopes_entered", default=())


@contextmanager
def _entered(scopes: tuple[ResolvedScope, ...]) -> Iterator[None]:
    """Enter ``scopes`` for the block inside; what was entered before holds again after it."""
    token = _ENTERED.set(scopes)
    try:
        yield
    finally:
        _ENTERED.reset(token)


# Entering no scopes where none are entered changes nothing.
_UNCHANGED: Final = nullcontext()


def entered(scopes: tuple[ResolvedScope, ...]) -> AbstractContextManager[None]:
    """Enter exactly ``scopes`` for the ``with`` block it opens: none inherited from the context."""
    if not scopes and not _ENTERED.get():
        return _UNCHANGED
    return _entered(scopes)


def within() -> Callable[[str], bool] | None:
    """Return whether an entity is within the scopes entered (None: no scope narrows)."""
    return reaches if _ENTERED.get() else None


def scopes_entered() -> tuple[ResolvedScope, ...]:
    """Return the scopes entered (outermost first); empty: nothing narrows."""
    return _ENTERED.get()


def reaches(entity_id: str) -> bool:
    """Return whether every scope entered reaches ``entity_id``."""
    return all(entity_id in scope for scope in _ENTERED.get())


def _hidden(
    hass: HomeAssistant, selected: target.SelectedEntities, labels: frozenset[str]
) -> set[str]:
    """Return the hidden entities in the areas, on the devices or with the labels selected."""
    devices = dr.async_get(hass)
    found: set[str] = set()
    for entry in er.async_get(hass).entities.values():
        if entry.hidden_by is None:
            continue
        if (
            not labels.isdisjoint(entry.labels)
            or entry.device_id in selected.referenced_devices
            or area_of(entry, devices) in selected.referenced_areas
        ):
            found.add(entry.entity_id)
    return found
