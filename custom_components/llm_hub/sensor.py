"""The sensor of each hub that counts its approvals waiting for a person's decision."""

from __future__ import annotations

from homeassistant.components.sensor import SensorEntity, SensorStateClass
from homeassistant.core import HomeAssistant
from homeassistant.helpers.device_registry import DeviceEntryType, DeviceInfo
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .confirm.approvals import DATA_APPROVALS
from .const import DOMAIN
from .types import LlmHubConfigEntry

PARALLEL_UPDATES = 0


async def async_setup_entry(
    hass: HomeAssistant,
    entry: LlmHubConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """Add the hub's pending approvals sensor."""
    async_add_entities([PendingApprovalsSensor(entry)])


class PendingApprovalsSensor(SensorEntity):
    """How many of the hub's calls wait for a person's approval (``confirm.approvals``)."""

    _attr_has_entity_name = True
    _attr_translation_key = "pending_approvals"
    _attr_should_poll = False
    _attr_state_class = SensorStateClass.MEASUREMENT

    def __init__(self, entry: LlmHubConfigEntry) -> None:
        """Count the approvals of ``entry``'s hub, on a device that stands for the hub."""
        self._api_id = entry.runtime_data.api.id
        self._attr_unique_id = f"{entry.entry_id}_pending_approvals"
        self._attr_device_info = DeviceInfo(
            identifiers={(DOMAIN, entry.entry_id)},
            name=entry.title,
            entry_type=DeviceEntryType.SERVICE,
        )

    async def async_added_to_hass(self) -> None:
        """Follow the approvals: a new count whenever one is requested, decided or ends."""
        self.async_on_remove(self.hass.data[DATA_APPROVALS].async_listen(self.async_write_ha_state))

    @property
    def native_value(self) -> int:
        """Return the number of the hub's approvals waiting for a decision."""
        return self.hass.data[DATA_APPROVALS].pending(self._api_id)
