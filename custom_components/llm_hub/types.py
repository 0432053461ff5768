"""The typed config entry of a hub and what a loaded entry keeps (its runtime data)."""

from __future__ import annotations

from dataclasses import dataclass

from homeassistant.config_entries import ConfigEntry

from .api import HubAPI

__all__ = ["LlmHubConfigEntry", "LlmHubData"]


@dataclass(slots=True)
class LlmHubData:
    """What a loaded hub entry keeps: the LLM API it registered."""

    api: HubAPI


type LlmHubConfigEntry = ConfigEntry[LlmHubData]
