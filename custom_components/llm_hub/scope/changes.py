"""Keeps what scopes resolve to until the home changes in a way that can change it.

A change is a registry update (entities, devices, areas, floors, labels), a state added,
removed or renamed, or a change of what is exposed to an assistant watched
(``watch_exposure``). Each one empties the cache at once, in the event's own dispatch, so
nothing computed before it is served after it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final

from homeassistant.components.homeassistant.exposed_entities import async_listen_entity_updates
from homeassistant.const import EVENT_STATE_CHANGED
from homeassistant.core import Event, EventStateChangedData, HomeAssistant, callback
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
)
from homeassistant.util.hass_dict import HassKey

from ..const import DOMAIN

__all__ = ["HomeChanges", "async_home_changes"]

DATA_HOME_CHANGES: HassKey[HomeChanges] = HassKey(f"{DOMAIN}_home_changes")

REGISTRY_EVENTS: Final = (
    er.EVENT_ENTITY_REGISTRY_UPDATED,
    dr.EVENT_DEVICE_REGISTRY_UPDATED,
    ar.EVENT_AREA_REGISTRY_UPDATED,
    fr.EVENT_FLOOR_REGISTRY_UPDATED,
    lr.EVENT_LABEL_REGISTRY_UPDATED,
)
# Most values kept at once (scopes and overviews of previews add keys); then all go.
MAX_KEPT: Final = 64


@callback
def _added_removed_or_renamed(data: EventStateChangedData) -> bool:
    """Return whether a state change adds, removes or renames an entity's state."""
    old, new = data["old_state"], data["new_state"]
    return old is None or new is None or old.name != new.name


class HomeChanges:
    """What scopes resolve to, kept until the home changes (one per Home Assistant)."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Listen to every change that can change what is kept."""
        self.hass = hass
        self.changes = 0
        """How many changes were seen (the cache was emptied as often)."""
        self._kept: dict[Hashable, Any] = {}
        self._assistants: set[str] = set()
        for event_type in REGISTRY_EVENTS:
            hass.bus.async_listen(event_type, self._async_changed)
        hass.bus.async_listen(
            EVENT_STATE_CHANGED, self._async_changed, event_filter=_added_removed_or_renamed
        )

    @callback
    def _async_changed(self, _event: Event[Any] | None = None) -> None:
        """Forget everything kept."""
        self.changes += 1
        self._kept.clear()

    @callback
    def watch_exposure(self, assistant: str) -> None:
        """Count changes of what is exposed to ``assistant`` too (from now on)."""
        if assistant not in self._assistants:
            self._assistants.add(assistant)
            async_listen_entity_updates(self.hass, assistant, self._async_changed)

    @callback
    def kept[T](self, key: Hashable, compute: Callable[[], T]) -> T:
        """Return the value kept under ``key``, else ``compute()`` (kept unless a change came)."""
        try:
            return self._kept[key]  # type: ignore[no-any-return]
        except KeyError:
            pass
        changes = self.changes
        value = compute()
        if self.changes == changes:  # nothing changed while it was computed
            if len(self._kept) >= MAX_KEPT:
                self._kept.clear()
            self._kept[key] = value
        return value


@callback
def async_home_changes(hass: HomeAssistant) -> HomeChanges:
    """Return the cache of what scopes resolve to, made and listening at its first use."""
    if (changes := hass.data.get(DATA_HOME_CHANGES)) is None:
        changes = hass.data[DATA_HOME_CHANGES] = HomeChanges(hass)
    return changes
