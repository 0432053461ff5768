"""Typed config entry and runtime data of LLM Hub."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from homeassistant.config_entries import ConfigEntry

if TYPE_CHECKING:
    from .api import HubAPI


@dataclass(slots=True)
class LlmHubData:
    """What a loaded hub entry keeps: the LLM API it registered."""

    api: HubAPI


type LlmHubConfigEntry = ConfigEntry[LlmHubData]
