"""What a hub tool call answers: data every agent and MCP client can send as JSON.

Each result is converted once, with Home Assistant's own JSON encoder, to plain JSON values
(why: ``docs/tool-calls.md``).
"""

from __future__ import annotations

from decimal import Decimal
import math
import re
from typing import Any, Final

import orjson

from homeassistant.helpers.json import find_paths_unserializable_data, json_encoder_default
from homeassistant.util.json import JsonObjectType, SerializationError, json_loads

__all__ = ["json_safe", "json_text"]

# Most containers ``_plain`` looks into before it leaves the data to the encoder.
_PLAIN_WALK_LIMIT: Final = 1000
# The integers orjson encodes: 64-bit signed and unsigned.
_INT_MIN: Final = -(2**63)
_UINT_MAX: Final = 2**64 - 1
# A lone surrogate: text that is not valid Unicode, which no JSON encoder writes as UTF-8.
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
# Most encodings spent finding where a result fails (the search does not stop on cycles).
_PATH_SEARCH_BUDGET: Final = 1000


def json_safe(data: Any) -> JsonObjectType:
    """Return ``data`` as a JSON object of plain values, converted as Home Assistant's encoder does.

    A non-object comes back as ``{"result": data}``. Raises ``SerializationError`` naming where,
    e.g. ``Type is not JSON serializable: bytes at $.raw (bytes)``.
    """
    if type(data) is dict and _plain(data):
        # Already plain JSON (most results): nothing to convert.
        return data
    try:
        encoded = _dumps(data)
    except TypeError as err:
        if "surrogates not allowed" not in str(err):
            raise SerializationError(f"{err}{_where(data, err)}") from err
        data = _valid_text(data, set())
        try:
            encoded = _dumps(data)
        except TypeError as again:
            raise SerializationError(f"{again}{_where(data, again)}") from again
    value = json_loads(encoded)
    if isinstance(value, dict):
        return value
    return {"result": value}


def json_text(text: str) -> str:
    """Return ``text`` with each lone surrogate, which orjson refuses, replaced by U+FFFD."""
    if text.isascii() or _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub("\ufffd", text)


def _plain(data: dict[Any, Any]) -> bool:
    """Return whether ``data`` is plain JSON (``False`` past ``_PLAIN_WALK_LIMIT`` containers)."""
    todo: list[Any] = [data]
    budget = _PLAIN_WALK_LIMIT
    while todo:
        budget -= 1
        if budget < 0:
            return False
        node = todo.pop()
        if type(node) is dict:
            for key, value in node.items():
                if type(key) is not str or not _plain_value(key, todo):
                    return False
                if not _plain_value(value, todo):
                    return False
        else:
            for value in node:
                if not _plain_value(value, todo):
                    return False
    return True


def _plain_value(value: Any, todo: list[Any]) -> bool:
    """Return whether ``value`` is plain; a list or dict is added to ``todo`` to look into."""
    kind = type(value)
    if kind is dict or kind is list:
        todo.append(value)
        return True
    if kind is int:
        return bool(_INT_MIN <= value <= _UINT_MAX)
    if kind is float:
        return math.isfinite(value)
    if kind is str:
        return value.isascii() or _SURROGATE.search(value) is None
    return kind is bool or value is None


def _valid_text(data: Any, walked: set[int]) -> Any:
    """Return ``data`` with lone surrogates replaced by U+FFFD; containers in ``walked`` stay."""
    if isinstance(data, str):
        return _SURROGATE.sub("\ufffd", data)
    if not isinstance(data, (dict, list, tuple)) or id(data) in walked:
        return data
    walked.add(id(data))
    if isinstance(data, dict):
        valid: Any = {
            _valid_text(key, walked): _valid_text(item, walked) for key, item in data.items()
        }
    else:
        valid = [_valid_text(item, walked) for item in data]
    walked.discard(id(data))
    return valid


def _default(obj: Any) -> Any:
    """Convert what orjson cannot: Home Assistant's conversions, and Decimals."""
    if isinstance(obj, Decimal):
        if obj.is_finite() and obj == obj.to_integral_value():
            return int(obj)
        # Like a float: orjson writes NaN and infinities as null (a signalling NaN raises).
        return float(obj)
    return json_encoder_default(obj)


def _dumps(data: Any) -> bytes:
    """Return ``data`` as JSON like ``helpers.json.json_bytes``, with Decimals."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS, default=_default)


class _BudgetSpentError(Exception):
    """The search for unconvertible data took too many encodings (data that contains itself)."""


def _where(data: Any, err: TypeError) -> str:
    """Return `` at <path> (<type>), ...`` for the parts of ``data`` that cannot be converted."""
    if "Recursion limit" in str(err):
        return " (the data is nested too deeply or contains itself)"
    budget = [_PATH_SEARCH_BUDGET]

    def dump(obj: Any) -> str:
        budget[0] -= 1
        if budget[0] < 0:
            raise _BudgetSpentError
        return _dumps(obj).decode()

    try:
        paths = find_paths_unserializable_data(data, dump=dump)
    except _BudgetSpentError:
        return " (the data is nested too deeply or contains itself)"
    found = ", ".join(f"{path} ({type(value).__name__})" for path, value in paths.items())
    return f" at {found or 'a place the search cannot name'}"
