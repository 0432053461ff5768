"""Resolves a hub's scope against the registries into the entity ids it reaches.

A scope is resolved anew at each request and call (``HubScope.resolve``), so entities,
areas, floors and labels that change are followed without a reload. Scopes of hubs that
select hubs are intersected: each ``HubTool`` of a scoped hub enters its scope
(``entered``) while its call runs, and ``reaches`` asks every scope entered.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from homeassistant.const import ATTR_AREA_ID, ATTR_ENTITY_ID, ATTR_FLOOR_ID, ATTR_LABEL_ID
from homeassistant.core import HomeAssistant, split_entity_id
from homeassistant.helpers import target

from ..options import HubOptions

__all__ = ["HubScope", "ResolvedScope", "entered", "reaches", "scopes_entered"]


@dataclass(frozen=True, slots=True)
class ResolvedScope:
    """What a scope reaches now: entity ids, and what it names that no longer exists."""

    entity_ids: frozenset[str]
    missing_areas: frozenset[str] = frozenset()
    missing_floors: frozenset[str] = frozenset()
    missing_labels: frozenset[str] = frozenset()


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
        """Return the entity ids the scope reaches now (of the states there are).

        Areas, floors and labels expand as Home Assistant expands an action's target
        (``target.async_extract_referenced_entity_ids``: devices in an area, hidden entities
        left out).
        """
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
        )
        named = selected.referenced | selected.indirectly_referenced
        reached = {
            entity_id
            for entity_id in hass.states.async_entity_ids()
            if entity_id not in self.excluded
            and (
                not self._included
                or entity_id in named
                or split_entity_id(entity_id)[0] in self.domains
            )
        }
        return ResolvedScope(
            frozenset(reached),
            frozenset(selected.missing_areas),
            frozenset(selected.missing_floors),
            frozenset(selected.missing_labels),
        )


_ENTERED: ContextVar[tuple[ResolvedScope, ...]] = ContextVar("llm_hub_scopes_entered", default=())


@contextmanager
def entered(scope: ResolvedScope | None) -> Iterator[None]:
    """Enter ``scope`` (None: nothing) for what runs inside, on top of those entered."""
    if scope is None:
        yield
        return
    token = _ENTERED.set((*_ENTERED.get(), scope))
    try:
        yield
    finally:
        _ENTERED.reset(token)


def scopes_entered() -> tuple[ResolvedScope, ...]:
    """Return the scopes entered (outermost first); empty: nothing narrows."""
    return _ENTERED.get()


def reaches(entity_id: str) -> bool:
    """Return whether every scope entered reaches ``entity_id``."""
    return all(entity_id in scope.entity_ids for scope in _ENTERED.get())
