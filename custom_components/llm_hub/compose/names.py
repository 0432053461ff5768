"""Makes portable tool names: what every model provider and MCP client accepts, unique, stable.

A listed name matches ``^[A-Za-z][A-Za-z0-9_-]*$`` within ``NAME_TARGET`` characters, leaving
room for an MCP client's or agent's prefix within the providers' 64. Every function is pure:
collisions get a hash suffix of the wanted name, never a counter, so a name does not depend
on the order tools come in. A hub's collision prefix ends in ``--``, which the slugs of core's
``MergedAPI`` prefixes never contain. The rules: docs/tool-names-and-schemas.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
import hashlib
import re
import string
from typing import Final
import unicodedata

import slugify as unicode_slug

# python-slugify's own table, not its automatic choice: that prefers ``unidecode`` where
# another integration installed it, which would change names.
from text_unidecode import unidecode  # type: ignore[import-untyped]

from ..compat import AGENTS_PREFIX_EVERY_TOOL

__all__ = [
    "AGENTS_PREFIX_EVERY_TOOL",
    "CORE_NAMESPACE_SEPARATOR",
    "MIN_MERGED_NAME_ROOM",
    "NAMESPACE_SEPARATOR",
    "NAME_LIMIT",
    "NAME_TARGET",
    "api_namespace",
    "assign_names",
    "is_portable",
    "merged_name_room",
    "merged_prefix",
    "namespaced",
    "portable_name",
]

# The longest tool name the strictest providers accept (OpenAI, Anthropic, Gemini).
NAME_LIMIT: Final = 64
# The longest name a hub lists: room for an MCP client's or agent's prefix within 64.
NAME_TARGET: Final = 48
# Between a hub's collision namespace and a tool name; slugs never contain it.
NAMESPACE_SEPARATOR: Final = "--"
# Between an API's slug and a tool name in the names Home Assistant's ``MergedAPI`` makes.
CORE_NAMESPACE_SEPARATOR: Final = "__"
# The fewest characters agents' prefix may leave a hub's names (``HassMediaUnpause`` has 16).
MIN_MERGED_NAME_ROOM: Final = 16
# The longest collision namespace (a slug of the API name, cut at a word boundary).
NAMESPACE_TARGET: Final = 16
# Hex digits of the SHA-256 suffix that tells shortened or colliding names apart.
HASH_LENGTH: Final = 6

_PORTABLE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
# A run of characters no provider accepts, with the underscores around it: replaced by one
# underscore, so a fix never creates the double underscore of Home Assistant's namespaces.
_INVALID_RUN = re.compile(r"_*[^A-Za-z0-9_-]+_*")


def is_portable(name: str) -> bool:
    """Return whether ``name`` matches ``^[A-Za-z][A-Za-z0-9_-]*$`` within ``NAME_TARGET``."""
    return len(name) <= NAME_TARGET and _PORTABLE.fullmatch(name) is not None


def portable_name(name: str) -> str:
    """Return ``name`` made portable, readable and deterministic; a portable name unchanged."""
    if is_portable(name):
        return name
    readable = _readable(name)
    if len(readable) > NAME_TARGET:
        return _suffixed(readable, name, 0)
    return readable


def assign_names(wanted: Sequence[str]) -> list[str]:
    """Return the listed name of each wanted name: portable, unique ignoring case, in order.

    Order-independent: a portable name is kept, others get ``_`` and a hash of the wanted name.
    """
    candidates = [portable_name(name) for name in wanted]
    claims = Counter(candidate.lower() for candidate in candidates)
    # Of portable names equal but for case, the first in code-point order keeps its name.
    keepers: dict[str, str] = {}
    for index, name in enumerate(wanted):
        if candidates[index] == name:
            keepers[name.lower()] = min(name, keepers.get(name.lower(), name))
    exposed: dict[int, str] = {}
    taken: set[str] = set()
    for index, name in enumerate(wanted):
        key = name.lower()
        if candidates[index] == name and keepers[key] == name and key not in taken:
            exposed[index] = name
            taken.add(key)
    for index, candidate in enumerate(candidates):
        # A candidate claimed once that differs from its wanted name is nobody else's.
        if index not in exposed and claims[candidate.lower()] == 1:
            exposed[index] = candidate
            taken.add(candidate.lower())
    rest = sorted(
        (index for index in range(len(wanted)) if index not in exposed), key=wanted.__getitem__
    )
    for index in rest:
        readable = _readable(wanted[index])
        attempt = 0
        while (name := _suffixed(readable, wanted[index], attempt)).lower() in taken or (
            name == candidates[index]
        ):
            attempt += 1
        exposed[index] = name
        taken.add(name.lower())
    return [exposed[index] for index in range(len(wanted))]


def api_namespace(api_name: str, api_id: str) -> str:
    """Return the namespace of an API's colliding tools: ``device-control`` for "Device control"."""
    slug = _slug(api_name) or _slug(api_id)
    if not slug or not slug[0].isalpha():
        slug = _slug(f"api {slug}")
    return slug


def namespaced(namespace: str, name: str) -> str:
    """Return the merged name of a colliding tool, ``<namespace>--<name>``: never one core makes."""
    return f"{namespace}{NAMESPACE_SEPARATOR}{name}"


def merged_prefix(api_name: str) -> str | None:
    """Return what agents put before each tool of an API named so; None from 2026.11 on."""
    if not AGENTS_PREFIX_EVERY_TOOL:
        return None
    return f"{unicode_slug.slugify(api_name)}__"


def merged_name_room(api_name: str) -> tuple[str, int] | None:
    """Return ``(prefix, room)`` when agents' prefix leaves less than ``NAME_TARGET``, else None."""
    prefix = merged_prefix(api_name)
    if prefix is None or len(prefix) + NAME_TARGET <= NAME_LIMIT:
        return None
    return prefix, max(NAME_LIMIT - len(prefix), 0)


def _slug(text: str) -> str:
    """Return Home Assistant's slug of ``text`` cut at a word boundary to the namespace size."""
    return unicode_slug.slugify(text, max_length=NAMESPACE_TARGET, word_boundary=True)


def _readable(name: str) -> str:
    """Return ``name`` transliterated and cleaned to portable characters, any length."""
    ascii_name = unidecode(unicodedata.normalize("NFKD", name))
    readable = _INVALID_RUN.sub("_", ascii_name).strip("_-")
    if not readable:
        return "tool"
    if readable[0] not in string.ascii_letters:
        return f"tool_{readable}"
    return readable


def _suffixed(readable: str, name: str, attempt: int) -> str:
    """Return ``readable`` cut to fit ``NAME_TARGET`` with ``_`` and a hash of ``name``."""
    data = name.encode("utf-8", "surrogatepass")
    if attempt:
        data += f"\0{attempt}".encode()
    digest = hashlib.sha256(data).hexdigest()[:HASH_LENGTH]
    # ``readable`` starts with a letter, so the stripped stem is never empty.
    stem = readable[: NAME_TARGET - HASH_LENGTH - 1].rstrip("_-")
    return f"{stem}_{digest}"
