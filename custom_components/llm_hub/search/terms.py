"""Search terms: words split on Unicode word boundaries, case-folded, stemmed and folded.

Each word gives its stem by Snowball's English stemmer and by the stemmer of the request's
language (``snowballstemmer``, imported when a hub first indexes), without diacritics.
"""

from __future__ import annotations

from functools import lru_cache
import re
from typing import Any, Final
import unicodedata

__all__ = ["terms", "words"]


# Snowball stemmers by Home Assistant's language codes (the part before "-").
_STEMMERS: Final = {
    "ar": "arabic",
    "ca": "catalan",
    "cs": "czech",
    "da": "danish",
    "de": "german",
    "el": "greek",
    "en": "english",
    "es": "spanish",
    "et": "estonian",
    "eu": "basque",
    "fa": "persian",
    "fi": "finnish",
    "fr": "french",
    "ga": "irish",
    "hi": "hindi",
    "hu": "hungarian",
    "hy": "armenian",
    "id": "indonesian",
    "it": "italian",
    "lt": "lithuanian",
    "nb": "norwegian",
    "ne": "nepali",
    "nl": "dutch",
    "nn": "norwegian",
    "no": "norwegian",
    "pl": "polish",
    "pt": "portuguese",
    "ro": "romanian",
    "ru": "russian",
    "sr": "serbian",
    "sv": "swedish",
    "ta": "tamil",
    "tr": "turkish",
}

_CAMEL: Final = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z]{2})")
_WORD: Final = re.compile(r"[^\W_]+")


@lru_cache(maxsize=64)
def _stemmers(language: str | None) -> tuple[Any, ...]:
    """Return the Snowball stemmers for ``language``: English, and the language's own."""
    import snowballstemmer  # noqa: PLC0415  # only hubs that search pay its import

    names = ["english"]
    if language and (name := _STEMMERS.get(language.partition("-")[0].casefold())):
        names.append(name)
    return tuple(snowballstemmer.stemmer(name) for name in dict.fromkeys(names))


def _fold(text: str) -> str:
    """Return ``text`` without diacritics (``Küche`` and ``Kuche`` meet; ``й`` is ``и``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def words(text: str) -> list[str]:
    """Return the case-folded words of ``text``: camel case and ``_`` split, any script."""
    return _WORD.findall(_CAMEL.sub(" ", text).casefold())


def terms(text: str, language: str | None = None) -> list[str]:
    """Return the search terms of ``text``: each word's stems in English and ``language``."""
    found: list[str] = []
    for word in words(text):
        found.extend(_stems(word, language))
    return found


@lru_cache(maxsize=65536)
def _stems(word: str, language: str | None) -> tuple[str, ...]:
    """Return a word's stems in English and ``language``, folded, each once, sorted."""
    return tuple(sorted({_fold(stemmer.stemWord(word)) for stemmer in _stemmers(language)}))
