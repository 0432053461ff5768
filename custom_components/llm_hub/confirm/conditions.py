"""Decides whether a call meets one of its tool's conditions on argument values; fails closed.

A condition that cannot be decided holds, so the call asks: an argument the call or the tool's
schema lacks, a value of the wrong type for the operator (a text against a number, a flag, NaN,
a list), a text too long to search, a search that takes too long.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
import json
import math
from typing import Any, Final
import unicodedata

from ..const import (
    CONDITION_SEARCH_TIME,
    MAX_CONDITION_TEXT,
    TOKEN_ARGUMENT,
    ConditionOperator,
)
from ..options import Condition, compiled_pattern

__all__ = [
    "Reads",
    "Runs",
    "RunsWith",
    "ToolConditions",
    "argument_names",
    "condition_symbols",
    "condition_words",
    "holds",
]

type Reads = Callable[[Mapping[str, Any], str], Any]
"""What the original tool's own schema makes of one argument of its arguments (raises: refuses)."""


@dataclass(frozen=True, slots=True)
class Runs:
    """A call's arguments as its original tool runs with them, and how its schema reads each."""

    arguments: Mapping[str, Any]
    reads: Reads | None = None


type RunsWith = Callable[[dict[str, Any]], Runs | None]
"""Makes a gate's arguments those the original tool runs with (None: they are not valid)."""


@dataclass(frozen=True, slots=True)
class ToolConditions:
    """The conditions of one tool of a hub, with the arguments its schema has now."""

    conditions: tuple[Condition, ...]
    # The names of the tool's arguments, as the hub lists its schema.
    arguments: frozenset[str]

    def hold(self, runs: Runs | None) -> bool:
        """Return whether one condition holds for the arguments the tool runs with (None: any)."""
        return runs is None or any(
            holds(condition, runs.arguments, self.arguments, runs.reads)
            for condition in self.conditions
        )


def argument_names(json_schema: Mapping[str, Any] | None) -> frozenset[str]:
    """Return the names of the arguments a tool's JSON Schema (as the hub lists it) has."""
    properties = (json_schema or {}).get("properties")
    return frozenset(properties or ()) - {TOKEN_ARGUMENT}


def holds(
    condition: Condition,
    arguments: Mapping[str, Any],
    names: Iterable[str],
    reads: Reads | None = None,
) -> bool:
    """Return whether ``condition`` holds for ``arguments``, or cannot be decided.

    ``reads``: what the tool's schema makes of a value; one it reads as another (0.9 as 0) holds.
    """
    argument = condition.argument
    if argument not in names or argument not in arguments:
        return True
    value = arguments[argument]
    operator = condition.operator
    if operator is ConditionOperator.EQUALS:
        found = _equals(value, (condition.value,))
    elif operator is ConditionOperator.IN:
        found = _equals(value, condition.value)
    elif operator is ConditionOperator.REGEX:
        found = _found(condition.value, value)
    else:
        found = _compares(operator, condition.value, value)
    return found or (reads is not None and not _read_as_given(operator, reads, arguments, argument))


def _read_as_given(
    operator: ConditionOperator, reads: Reads, arguments: Mapping[str, Any], argument: str
) -> bool:
    """Return whether the tool's schema reads the argument's value as that value, as compared."""
    value = arguments[argument]
    try:
        read = reads(arguments, argument)
    except Exception:  # noqa: BLE001  # it refuses the value, or fails: it may read it otherwise
        return False
    if (kind := _kind(value)) != _kind(read):
        return False
    if kind == "text" and operator in {ConditionOperator.EQUALS, ConditionOperator.IN}:
        return _text(read) == _text(value)
    return bool(read == value)


def _kind(value: Any) -> str | None:
    """Return what a value is to a condition: a text, a flag, a number (None: none of these)."""
    if isinstance(value, str):
        return "text"
    if isinstance(value, bool):
        return "flag"
    if isinstance(value, int) or (isinstance(value, float) and math.isfinite(value)):
        return "number"
    return None  # NaN, infinity, None, a list, an object


def _text(value: str) -> str:
    """Return a text as ``equals`` compares it: width, case, format characters, spaces folded."""
    folded = unicodedata.normalize("NFKC", value).casefold()
    return " ".join("".join(c for c in folded if unicodedata.category(c) != "Cf").split())


def _equals(value: Any, candidates: Iterable[Any]) -> bool:
    """Return whether ``value`` equals a candidate, or is of another kind than one of them."""
    kind = _kind(value)
    candidates = list(candidates)
    if kind is None or any(_kind(candidate) != kind for candidate in candidates):
        return True
    if kind == "text":
        return _text(value) in {_text(candidate) for candidate in candidates}
    return any(value == candidate for candidate in candidates)


def _found(pattern: str, value: Any) -> bool:
    """Return whether ``pattern`` is found in the text ``value`` (too long or slow: found)."""
    compiled = compiled_pattern(pattern)
    if compiled is None or not isinstance(value, str) or len(value) > MAX_CONDITION_TEXT:
        return True
    try:
        return compiled.search(value, timeout=CONDITION_SEARCH_TIME) is not None
    except TimeoutError:
        return True


def _compares(operator: ConditionOperator, bound: Any, value: Any) -> bool:
    """Return whether the number ``value`` compares with ``bound`` as ``operator`` says."""
    if _kind(value) != "number":
        return True
    if operator is ConditionOperator.ABOVE:
        return bool(value > bound)
    if operator is ConditionOperator.BELOW:
        return bool(value < bound)
    if operator is ConditionOperator.AT_LEAST:
        return bool(value >= bound)
    return bool(value <= bound)


# Each operator in the words ``condition_words`` uses.
_WORDS: Final = {
    ConditionOperator.EQUALS: "equals",
    ConditionOperator.IN: "is one of",
    ConditionOperator.REGEX: "matches",
    ConditionOperator.ABOVE: "is above",
    ConditionOperator.BELOW: "is below",
    ConditionOperator.AT_LEAST: "is at least",
    ConditionOperator.AT_MOST: "is at most",
}


# Each operator as ``condition_symbols`` writes it (the same in every language).
_SYMBOLS: Final = {
    ConditionOperator.EQUALS: "=",
    ConditionOperator.IN: "∈",
    ConditionOperator.REGEX: "~",
    ConditionOperator.ABOVE: ">",
    ConditionOperator.BELOW: "<",
    ConditionOperator.AT_LEAST: "≥",
    ConditionOperator.AT_MOST: "≤",
}


def condition_symbols(condition: Condition) -> str:
    """Return a condition in symbols, as the panel shows it: "temperature > 25"."""
    return f"{condition.argument} {_SYMBOLS[condition.operator]} {_value(condition)}"


def condition_words(conditions: Iterable[Condition], arguments: Iterable[str]) -> str:
    """Return conditions in English words: "temperature is above 25 or mode equals "heat"".

    A condition on an argument the tool lacks (not in ``arguments``) says that every call asks.
    """
    names = set(arguments)
    parts = []
    for condition in conditions:
        part = f"{condition.argument} {_WORDS[condition.operator]} {_value(condition)}"
        if condition.argument not in names:
            part += " (the tool has no such argument now, so every call asks)"
        parts.append(part)
    return " or ".join(parts)


def _value(condition: Condition) -> str:
    """Return a condition's value as JSON writes it (a list in brackets); a pattern in slashes."""
    if condition.operator is ConditionOperator.REGEX:
        return f"/{condition.value}/"
    value = list(condition.value) if isinstance(condition.value, tuple) else condition.value
    return json.dumps(value, ensure_ascii=False)
