"""Search terms: words split on Unicode word boundaries, case-folded, stemmed and folded.

Each word gives its stem by Snowball's English stemmer and by the stemmer of the request's
language (``snowballstemmer``, imported when a hub first indexes), without diacritics. In a
language that writes compounds as one word, a long word also gives the known words it is
made of (``compound_parts``).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from functools import lru_cache
import re
from typing import Any, Final
import unicodedata

__all__ = ["COMPOUND_MAX", "COMPOUND_MIN", "compound_parts", "compounds", "terms", "words"]


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

# Languages that write compounds as one word ("Wohnzimmerlicht").
_COMPOUNDING: Final = frozenset({"af", "da", "de", "fi", "is", "lb", "nb", "nl", "nn", "no", "sv"})
# Linking letters between the parts of a compound (German Fugen: "Weihnacht-s-baum").
_LINKS: Final = ("", "s", "es", "n", "en", "e")
# Words this long or longer may be compounds.
COMPOUND_MIN: Final = 7
# Longer words are not split: ``compound_parts`` slices a word quadratically, recursing per part.
COMPOUND_MAX: Final = 64
_PART_MIN: Final = 3
_EDGE_MIN: Final = 4

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


def terms(
    text: str,
    language: str | None = None,
    split: Callable[[str], Sequence[str]] | None = None,
) -> list[str]:
    """Return the search terms of ``text``: each word's stems in English and ``language``."""
    found: list[str] = []
    for word in words(text):
        found.extend(_stems(word, language))
        if split is not None and COMPOUND_MIN <= len(word) <= COMPOUND_MAX:
            for part in split(word):
                found.extend(_stems(part, language))
    return found


def compounds(language: str | None) -> bool:
    """Return whether ``language`` writes compounds as one word."""
    return bool(language) and language.partition("-")[0].casefold() in _COMPOUNDING  # type: ignore[union-attr]


def compound_parts(word: str, known: Container[str]) -> tuple[str, ...]:
    """Return the ``known`` words ``word`` is made of (longest first part first), or ``()``."""
    memo: dict[int, tuple[str, ...] | None] = {}

    def rest(start: int) -> tuple[str, ...] | None:
        # The parts of word[start:], the whole word not being one of its own parts.
        if start not in memo:
            memo[start] = None
            last = len(word) if start else len(word) - _PART_MIN
            for end in range(last, start + _PART_MIN - 1, -1):
                if word[start:end] in known and (after := tail(end)) is not None:
                    memo[start] = (word[start:end], *after)
                    break
        return memo[start]

    def tail(end: int) -> tuple[str, ...] | None:
        if end == len(word):
            return ()
        return next(
            (
                found
                for link in _LINKS
                if word.startswith(link, end) and (found := rest(end + len(link))) is not None
            ),
            None,
        )

    if (whole := rest(0)) is not None:
        return whole
    edges = [
        next(
            (
                word[:end]
                for end in range(len(word) - _PART_MIN, _EDGE_MIN - 1, -1)
                if word[:end] in known
            ),
            "",
        ),
        next(
            (
                word[start:]
                for start in range(_PART_MIN, len(word) - _EDGE_MIN + 1)
                if word[start:] in known
            ),
            "",
        ),
    ]
    return tuple(edge for edge in edges if edge)


@lru_cache(maxsize=65536)
def _stems(word: str, language: str | None) -> tuple[str, ...]:
    """Return a word's stems in English and ``language``, folded, each once, sorted."""
    return tuple(sorted({_fold(stemmer.stemWord(word)) for stemmer in _stemmers(language)}))
