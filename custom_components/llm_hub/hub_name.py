"""A hub's name: the rules every name must follow, and the name a hub is served under.

A title that breaks the rules (Home Assistant's own Rename skips the flow) is served under
the last name that followed them, kept in the entry's data.
"""

from __future__ import annotations

from typing import Any, Final
import unicodedata

import slugify as unicode_slug

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm as llm_helper

from .compose.names import MIN_MERGED_NAME_ROOM, merged_name_room
from .const import DATA_NAME, DOMAIN, MAX_NAME_LENGTH, RESERVED_API_NAMES, api_id_for_entry

__all__ = ["clean_name", "name_error", "served_name", "suggest_name"]

# Unicode categories taken out of names: control and format characters.
_INVISIBLE_CATEGORIES: Final = frozenset({"Cc", "Cf"})


def clean_name(name: str) -> str:
    """Return the name without control and format characters (Cc, Cf), whitespace collapsed."""
    visible = "".join(
        char
        for char in name
        if char.isspace() or unicodedata.category(char) not in _INVISIBLE_CATEGORIES
    )
    return " ".join(visible.split())


def name_error(
    hass: HomeAssistant, name: str, own_entry_id: str | None, *, titles: bool = True
) -> tuple[str, dict[str, str]] | None:
    """Return the error key and placeholders of a cleaned hub name (compared by slug), or None."""
    if not name:
        return "name_empty", {}
    if len(name) > MAX_NAME_LENGTH:
        return "name_too_long", {}
    if not (wanted := unicode_slug.slugify(name)):
        return "name_invalid", {}
    if error := _slug_error(hass, wanted, own_entry_id, titles=titles):
        return error
    if (room := merged_name_room(name)) is not None and room[1] < MIN_MERGED_NAME_ROOM:
        return "name_too_long_for_agents", {}
    return None


def _slug_error(
    hass: HomeAssistant, wanted: str, own_entry_id: str | None, *, titles: bool
) -> tuple[str, dict[str, str]] | None:
    """Return ``name_reserved``, or ``name_exists`` with the API taking the slug ``wanted``."""
    if any(unicode_slug.slugify(reserved) == wanted for reserved in RESERVED_API_NAMES):
        return "name_reserved", {}
    if (taken := _taken_by(hass, wanted, own_entry_id, titles=titles)) is not None:
        return "name_exists", {"api": taken}
    return None


def _taken_by(
    hass: HomeAssistant, wanted: str, own_entry_id: str | None, *, titles: bool
) -> str | None:
    """Return the name of the other hub or LLM API whose name has the slug ``wanted``."""
    own_api_id = api_id_for_entry(own_entry_id) if own_entry_id else None
    taken: list[str] = []
    for entry in hass.config_entries.async_entries(DOMAIN):
        if entry.entry_id != own_entry_id:
            taken.append(_last_name(entry) or entry.title)
            if titles:
                taken.append(entry.title)
    taken.extend(api.name for api in llm_helper.async_get_apis(hass) if api.id != own_api_id)
    return next((other for other in taken if unicode_slug.slugify(other) == wanted), None)


def _last_name(entry: ConfigEntry[Any]) -> str | None:
    """Return the last name of a hub that followed the rules (``DATA_NAME``), if kept."""
    name = entry.data.get(DATA_NAME)
    return name if isinstance(name, str) and name else None


def served_name(
    hass: HomeAssistant, entry: ConfigEntry[Any]
) -> tuple[str, tuple[str, dict[str, str]] | None]:
    """Return the name a hub is served under, and why its title cannot be (None: it can)."""
    if (error := name_error(hass, entry.title, entry.entry_id, titles=False)) is None:
        return entry.title, None
    return _last_name(entry) or entry.title, error


def suggest_name(hass: HomeAssistant, entry: ConfigEntry[Any]) -> str:
    """Return the last good name, or the title with a number, that follows the rules ("": none)."""
    candidates = [_last_name(entry) or ""]
    base = clean_name(entry.title)[: MAX_NAME_LENGTH - 3] or "LLM Hub"
    candidates.extend(f"{base} {number}" for number in range(2, 10))
    return next(
        (name for name in candidates if name and not name_error(hass, name, entry.entry_id)),
        "",
    )
