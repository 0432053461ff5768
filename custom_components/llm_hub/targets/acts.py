"""What a call acts on (``Acts``), and the sets a hub holds it against.

The ask set (``EffectSet``) says what "Always ask before acting on" names; ``outside`` what of
a call lies outside a scope or is not exposed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from homeassistant.const import ENTITY_MATCH_ALL
from homeassistant.core import HomeAssistant
from homeassistant.helpers import device_registry as dr, entity_registry as er

from ..options import EveryTool
from .resolve import members

__all__ = ["NOTHING", "Acts", "EffectSet", "outside"]


@dataclass(frozen=True, slots=True)
class Acts:
    """What a call acts on: entity ids (groups, scenes and scripts followed) and area ids.

    ``unknown``: why the rest cannot be followed, in words (None: all of it is followed).
    """

    entities: frozenset[str] = frozenset()
    areas: frozenset[str] = frozenset()
    unknown: str | None = None
    # What a confirmation is bound to besides: each part it cannot follow as written, each
    # entity ``all`` reaches (``confirm.approvals.no_more``).
    bound: frozenset[str] = frozenset()
    # Why its answer may carry what its templates read (a scope does not trust it).
    answers: str | None = None


NOTHING = Acts()


def outside(acts: Acts, within: Callable[[str], bool]) -> list[str]:
    """Return the entity ids of ``acts`` that ``within`` does not hold, sorted (``all``: any)."""
    return sorted(
        entity_id
        for entity_id in acts.entities
        if entity_id == ENTITY_MATCH_ALL or not within(entity_id)
    )


@dataclass(frozen=True, slots=True)
class EffectSet:
    """What the hub always asks before acting on: domains, device classes, areas, entities."""

    domains: frozenset[str] = frozenset()
    device_classes: frozenset[str] = frozenset()
    areas: frozenset[str] = frozenset()
    entities: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        """Return whether the set names anything."""
        return bool(self.domains or self.device_classes or self.areas or self.entities)

    @property
    def everything(self) -> bool:
        """Return whether a part was stored with the wrong type: every acting call asks."""
        parts = (self.domains, self.device_classes, self.areas, self.entities)
        return any(isinstance(part, EveryTool) for part in parts)

    def touched_by(self, hass: HomeAssistant, acts: Acts) -> bool:
        """Return whether ``acts`` touches the set; what cannot be followed does."""
        return acts.unknown is not None or self.holds(hass, acts.entities, acts.areas)

    def holds(self, hass: HomeAssistant, entity_ids: Iterable[str], areas: Iterable[str]) -> bool:
        """Return whether acting on ``entity_ids`` or ``areas`` acts on the set (members too)."""
        if not self.areas.isdisjoint(areas):
            return True
        named = self.entities
        if named and not isinstance(named, EveryTool):
            named = frozenset(members(hass, named))
        entities = er.async_get(hass) if self.device_classes or self.areas else None
        devices = dr.async_get(hass) if self.areas else None
        for entity_id in entity_ids:
            if (
                entity_id == ENTITY_MATCH_ALL
                or entity_id in named
                or entity_id.partition(".")[0] in self.domains
            ):
                return True
            if entities is None:
                continue
            entry = entities.async_get(entity_id)
            if self.device_classes and _device_class(hass, entity_id, entry) in self.device_classes:
                return True
            if devices is not None and area_of(entry, devices) in self.areas:
                return True
        return False


def _device_class(
    hass: HomeAssistant, entity_id: str, entry: er.RegistryEntry | None
) -> str | None:
    if entry is not None and (device_class := entry.device_class or entry.original_device_class):
        return device_class
    state = hass.states.get(entity_id)
    device_class = state.attributes.get("device_class") if state is not None else None
    return device_class if isinstance(device_class, str) else None


def area_of(entry: er.RegistryEntry | None, devices: dr.DeviceRegistry) -> str | None:
    """Return the area of an entity: its own, else its device's (None: none, or no entry)."""
    if entry is None or entry.area_id:
        return None if entry is None else entry.area_id
    device = devices.async_get(entry.device_id) if entry.device_id else None
    return device.area_id if device is not None else None
