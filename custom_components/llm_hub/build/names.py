"""Makes portable tool names: what every model provider and MCP client accepts, unique, stable.

A hub lists each tool under a name that matches ``^[A-Za-z][A-Za-z0-9_-]*$`` and has at most
``NAME_TARGET`` (48) characters, because providers refuse other names and count 64 at most
(OpenAI and Anthropic ``^[a-zA-Z0-9_-]{1,64}$``, Gemini starts with a letter or underscore,
MCP clients prefix server names). Every function here is pure and deterministic: the same
names give the same result on every request, restart and machine.

Collisions are resolved with a short hash suffix of the wanted name, never with counters that
depend on the order tools come in; a name that is portable already is never changed for
another tool's sake.

Agents merge APIs too (``helpers/llm.py``, ``MergedAPI``). Home Assistant 2026.10 prefixes
every tool of a merged API with ``<slugify(api.name)>__``; 2026.11 prefixes only names that
collide, with ``<slugify(api.id)>__``, and raises ``ValueError("Merged tool names must be
unique")`` when a prefixed name is already a tool's name. So the hub's own collision prefix
(``namespaced``) uses a separator slugs never contain, ``--``: a hub name can never be one
that core makes (see ``namespaced``).
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

# python-slugify's own transliteration table (a requirement of python-slugify, which Home
# Assistant ships). Imported directly: python-slugify's automatic choice prefers the package
# ``unidecode`` when some other integration installed it, which would change names.
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

NAME_LIMIT: Final = 64
"""The longest tool name the strictest providers accept (OpenAI, Anthropic, Gemini)."""
NAME_TARGET: Final = 48
"""The longest name a hub lists: room for an MCP client's or agent's prefix within 64."""
NAMESPACE_SEPARATOR: Final = "--"
"""Between a hub's collision namespace and a tool name; slugs never contain it."""
CORE_NAMESPACE_SEPARATOR: Final = "__"
"""Between an API's slug and a tool name in the names Home Assistant's ``MergedAPI`` makes."""
MIN_MERGED_NAME_ROOM: Final = 16
"""The fewest characters agents' prefix (``merged_name_room``) may leave a hub's tool names.

With less, even short names such as Home Assistant's ``HassMediaUnpause`` (16) pass 64
characters once prefixed, so the config flow refuses a hub name that leaves less on 2026.10."""
NAMESPACE_TARGET: Final = 16
"""The longest collision namespace (a slug of the API name, cut at a word boundary)."""
HASH_LENGTH: Final = 6
"""Hex digits of the SHA-256 suffix that tells shortened or colliding names apart."""

_PORTABLE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
# A run of characters no provider accepts, with the underscores around it: replaced by one
# underscore, so a fix never creates the double underscore of Home Assistant's namespaces.
_INVALID_RUN = re.compile(r"_*[^A-Za-z0-9_-]+_*")


def is_portable(name: str) -> bool:
    """Return whether every provider accepts ``name`` as is and it leaves room for prefixes.

    True for names matching ``^[A-Za-z][A-Za-z0-9_-]*$`` with at most ``NAME_TARGET`` (48)
    characters: the names ``portable_name`` keeps unchanged (and that aliases must be).
    """
    return len(name) <= NAME_TARGET and _PORTABLE.fullmatch(name) is not None


def portable_name(name: str) -> str:
    """Return ``name`` made portable (see ``is_portable``), readable and deterministic.

    A portable name comes back unchanged. Any other name is fixed step by step:
    transliterated to ASCII like Home Assistant's slugs (python-slugify's ``text_unidecode``
    table after NFKD, so "Küche" becomes "Kuche" and "温度" "Wen_Du"), each run of other
    characters replaced by one ``_``, leading and trailing ``_``/``-`` dropped, ``tool_`` put
    before a leading digit (``tool`` for a name with nothing left), and a name longer than 48
    cut to 41 characters plus ``_`` and 6 hex digits of the SHA-256 of the original name.

    Two different names can have the same fix (``"a.b"`` and ``"a b"``): ``assign_names``
    tells them apart.
    """
    if is_portable(name):
        return name
    readable = _readable(name)
    if len(readable) > NAME_TARGET:
        return _suffixed(readable, name, 0)
    return readable


def assign_names(wanted: Sequence[str]) -> list[str]:
    """Return the exposed name of each wanted name: portable, unique, in the same order.

    Unique ignoring case too: some clients resolve tool names ignoring case, and would call
    ``x__lamp`` for ``x__Lamp``. ``wanted`` are the merged names of one build (a name may
    appear more than once). The result maps the same names to the same exposed names
    whatever their order (for a name wanted ``k`` times, the same ``k`` exposed names).
    Rules, in this order:

    1. A portable name (``is_portable``) is exposed unchanged, whatever other tools there
       are, unless another portable name differs from it only in case and comes first in
       code-point order (``Lamp`` before ``lamp``); of identical ones the first. The others
       go to step 3.
    2. A fixed name (``portable_name``) that no other wanted name fixes to, or already is,
       ignoring case, is exposed as fixed.
    3. Every other name gets ``_`` and 6 hex digits of the SHA-256 of the wanted name (and of
       a retry number, in the rare case that the result is taken, ignoring case), handled in
       the order of the wanted names so that the result does not depend on the input's order.
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
    """Return the namespace of an API's tools whose names collide with another source's.

    The slug of the API's name (what users see; Home Assistant's ``slugify``, lower case,
    words joined by ``-``), cut at a word boundary to at most 16 characters: ``Device
    control`` gives ``device-control``. The API id's slug when the name has no letter or
    digit, ``api-`` before a slug that starts with a digit.
    """
    slug = _slug(api_name) or _slug(api_id)
    if not slug or not slug[0].isalpha():
        slug = _slug(f"api {slug}")
    return slug


def namespaced(namespace: str, name: str) -> str:
    """Return the merged name of a colliding tool: ``<namespace>--<name>``.

    Home Assistant's agents namespace names as ``<slug>__<name>`` where ``<slug>`` is
    python-slugify's output (``[a-z0-9]`` words joined by single ``-``), so the first ``_``
    of a name core makes is followed by another. In a name made here with a namespace of
    letters, digits and single ``-`` or ``_`` between them (``api_namespace``, and the
    contributors' ``llm_hub``), the first ``_`` is inside the namespace and followed by a
    letter or digit, or comes after ``--``, which no slug contains. So core never makes a
    name the hub uses, and 2026.11's ``MergedAPI`` cannot clash with it. ``assign_names``
    keeps the start ``<namespace>--`` of such a name: it keeps portable characters as they
    are and cuts only after 41 characters.
    """
    return f"{namespace}{NAMESPACE_SEPARATOR}{name}"


def merged_prefix(api_name: str) -> str | None:
    """Return what this Home Assistant's agents put before each tool of an API named so.

    ``<slugify(api_name)>__`` on Home Assistant 2026.10, which prefixes every tool of every
    selected API when an agent selects more than one (``MergedAPI``, ``NamespacedTool``); None
    on 2026.11 and newer, which prefixes only colliding names, with the API id's slug.
    """
    if not AGENTS_PREFIX_EVERY_TOOL:
        return None
    return f"{unicode_slug.slugify(api_name)}__"


def merged_name_room(api_name: str) -> tuple[str, int] | None:
    """Return ``(prefix, room)`` when agents' prefix leaves a hub's names too little room.

    ``prefix`` is ``merged_prefix(api_name)``; ``room`` is how many characters a tool name
    may have after it within ``NAME_LIMIT`` (64, at least 0). None when the prefix leaves
    room for every name a hub makes (``NAME_TARGET``, 48) and on Home Assistant 2026.11 and
    newer, which does not prefix by name. The config flow warns with it.
    """
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
