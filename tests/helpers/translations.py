"""The integration's translations, loaded with every object's keys unique."""

from __future__ import annotations

import json
from pathlib import Path
import string
from typing import Any

from custom_components.llm_hub.const import DOMAIN


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Return a JSON object's pairs as a dict; raise ValueError on a key given twice.

    ``json.loads`` keeps the last of two equal keys, so a merge that leaves a section twice
    would silently drop the first one's texts.
    """
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} is given twice in one object")
        result[key] = value
    return result


TRANSLATIONS_DIR = Path(__file__).parents[2] / "custom_components" / DOMAIN / "translations"


def load_translations(language: str) -> dict[str, Any]:
    """Return the integration's translations into ``language``; every object's keys unique."""
    texts: dict[str, Any] = json.loads(
        (TRANSLATIONS_DIR / f"{language}.json").read_text(encoding="utf-8"),
        object_pairs_hook=_unique_keys,
    )
    return texts


TRANSLATIONS: dict[str, Any] = load_translations("en")
"""The integration's English translations."""


def placeholders_of(text: str) -> set[str]:
    """Return the names of the placeholders in a translation, e.g. ``{"hub"}``."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}
