"""LLM Hub's texts for people, in the language Home Assistant is configured for."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from homeassistant.core import HomeAssistant
from homeassistant.helpers.translation import async_get_translations

from .const import DOMAIN

__all__ = ["Texts", "async_integration_title", "async_texts"]


@dataclass(frozen=True, slots=True)
class Texts:
    """The translations of one category, in a language and in English."""

    category: str
    translated: Mapping[str, str]
    english: Mapping[str, str]

    def __call__(self, key: str, /, **placeholders: object) -> str:
        """Return the text ``key`` filled in (else English, else the ``key`` itself)."""
        name = f"component.{DOMAIN}.{self.category}.{key}"
        for texts in (self.translated, self.english):
            if (template := texts.get(name)) is None:
                continue
            try:
                return template.format_map(placeholders)
            except KeyError, IndexError, ValueError:
                continue
        return key


async def async_texts(hass: HomeAssistant, category: str) -> Texts:
    """Return LLM Hub's texts of ``category`` (``common``...) in Home Assistant's language."""
    return Texts(
        category,
        await async_get_translations(hass, hass.config.language, category, {DOMAIN}),
        await async_get_translations(hass, "en", category, {DOMAIN}),
    )


async def async_integration_title(hass: HomeAssistant, domain: str) -> str:
    """Return the integration ``domain``'s title as Home Assistant shows it, else ``domain``."""
    titles = await async_get_translations(hass, hass.config.language, "title", {domain})
    return titles.get(f"component.{domain}.title") or domain
