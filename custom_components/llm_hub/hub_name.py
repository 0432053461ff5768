"""A hub's name: the rules every name must follow, and the name a hub is served under.

The config flow (create, rename) refuses names that break the rules. Home Assistant's own
Rename (⋮ → Rename on the entry) changes the entry title without the flow; a hub whose
title breaks the rules keeps serving under the last name that followed them (kept in the
entry's data, ``DATA_NAME``) and a repair issue offers to rename it (``repairs.py``).
"""

from __future__ import annotations

from typing import Any, Final
import unicodedata

import slugify as unicode_slug

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm as llm_helper

from .build.names import MIN_MERGED_NAME_ROOM, merged_name_room
from .const import DATA_NAME, DOMAIN, MAX_NAME_LENGTH, RESERVED_API_NAMES, api_id_for_entry

__all__ = ["clean_name", "name_error", "served_name", "suggest_name"]

_INVISIBLE_CATEGORIES: Final = frozenset({"Cc", "Cf"})
"""Unicode categories taken out of names: control and format characters."""


def clean_name(name: str) -> str:
    """Return the name without control and format characters, whitespace collapsed.

    Control (Unicode category Cc, e.g. NUL) and format characters (Cf, e.g. zero-width space
    or joiner) are invisible or break where the name is shown; whitespace among them (tabs,
    newlines) becomes single spaces like any other run of whitespace.
    """
    visible = "".join(
        char
        for char in name
        if char.isspace() or unicodedata.category(char) not in _INVISIBLE_CATEGORIES
    )
    return " ".join(visible.split())


def name_error(
    hass: HomeAssistant, name: str, own_entry_id: str | None, *, titles: bool = True
) -> tuple[str, dict[str, str]] | None:
    """Return the error key for a (cleaned) hub name and its placeholders, or None.

    Refused: an empty name, one longer than ``MAX_NAME_LENGTH``, one without a letter or
    digit, one whose slug equals the slug of Home Assistant's own APIs in any supported
    version (``RESERVED_API_NAMES``: ``name_reserved``, checked first, as "Assist" is also
    registered on 2026.10) or of another hub's or registered LLM API's name (``name_exists``,
    with the placeholder ``api``: that API's name), and, where agents prefix every tool with
    the name (Home Assistant 2026.10), one that leaves tool names fewer than
    ``MIN_MERGED_NAME_ROOM`` characters (``name_too_long_for_agents``). Slugs, because Home
    Assistant 2026.10 prefixes the tools of merged APIs with the slug of the API name:
    "Kitchen", "KITCHEN!" and "Kitchen 🔥" would all give ``kitchen__``, "Küche" and "Kuche"
    both ``kuche__``; to a user they look alike too.

    Another hub's name is the name it is served under and, with ``titles`` (the flows), its
    title too; without (a hub's own title checked at setup), a title another hub took
    against the rules does not make this hub's name wrong.
    """
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
    """Return the name a hub is served under, and why its title cannot be (None: it can).

    The title when it follows the rules (``name_error`` without other hubs' titles); else
    the last name that did (``DATA_NAME``); else, for a hub never set up with a good name,
    the title all the same. Why: the error key and its placeholders, as ``name_error``.
    """
    if (error := name_error(hass, entry.title, entry.entry_id, titles=False)) is None:
        return entry.title, None
    return _last_name(entry) or entry.title, error


def suggest_name(hass: HomeAssistant, entry: ConfigEntry[Any]) -> str:
    """Return a name that follows the rules for a hub whose title does not ("" if none).

    The last good name when it still is one, else the title with a number after it.
    """
    candidates = [_last_name(entry) or ""]
    base = clean_name(entry.title)[: MAX_NAME_LENGTH - 3] or "LLM Hub"
    candidates.extend(f"{base} {number}" for number in range(2, 10))
    return next(
        (name for name in candidates if name and not name_error(hass, name, entry.entry_id)),
        "",
    )
