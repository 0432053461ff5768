"""Reads a hub's stored options into one typed value, and checks their types.

Each field of ``HubOptions`` is one stored option: its key, the type it must have, its
default and a lenient reader. Options may come from elsewhere than the options flow (a hand
edit, a backup, a later version): a hub serves a value of the wrong type as the option's
``when_invalid`` value and never rewrites it; ``invalid_options`` names such options for the
log and the repair issues. A safety option (``SAFETY_OPTIONS``) fails closed: its
``when_invalid`` is its strictest value, and the forms show that too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from datetime import datetime
import functools
import math
from types import MappingProxyType
import typing
from typing import Any, Final, Self

import probatio
import regex

from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.helpers import config_validation as cv
from homeassistant.util import dt as dt_util

from .const import (
    CONF_ADMINS_ONLY,
    CONF_ALIAS,
    CONF_ALLOWED_USERS,
    CONF_API_PROMPTS,
    CONF_APPROVAL_NOTIFY_SERVICE,
    CONF_APPROVAL_REMEMBER,
    CONF_APPROVAL_TIMEOUT,
    CONF_ARGUMENT,
    CONF_ASK_AREAS,
    CONF_ASK_DEVICE_CLASSES,
    CONF_ASK_DOMAINS,
    CONF_ASK_ENTITIES,
    CONF_CALLS_PER_MINUTE,
    CONF_CHANGES_PER_HOUR,
    CONF_CONFIRM_CONDITIONS,
    CONF_CONFIRM_DESTRUCTIVE,
    CONF_CONFIRM_TOOLS,
    CONF_CONFIRM_WITHOUT_CONVERSATION,
    CONF_DESCRIPTION,
    CONF_EXCLUDED_TOOLS,
    CONF_INCLUDE_NEW_TOOLS,
    CONF_INCLUDED_TOOLS,
    CONF_MAX_TOOLS,
    CONF_NO_DESTRUCTIVE,
    CONF_NO_OPEN_WORLD,
    CONF_OPERATOR,
    CONF_OVERRIDES,
    CONF_PINNED_TOOLS,
    CONF_PROMPT,
    CONF_PROMPT_CHOICE,
    CONF_PROMPT_TEXT,
    CONF_READ_ONLY,
    CONF_RECORD_ARGUMENTS,
    CONF_SCOPE_AREAS,
    CONF_SCOPE_DOMAINS,
    CONF_SCOPE_ENTITIES,
    CONF_SCOPE_EXCLUDED,
    CONF_SCOPE_FLOORS,
    CONF_SCOPE_LABELS,
    CONF_SEARCH_MEANING,
    CONF_SHADOW_MODE,
    CONF_SHADOW_SINCE,
    CONF_TIMEOUT,
    CONF_TOOL_MODE,
    CONF_VALUE,
    CONFIRM_APPROVE,
    CONFIRM_REFUSE,
    DEFAULT_APPROVAL_TIMEOUT,
    DEFAULT_MAX_TOOLS,
    DEFAULT_TIMEOUT,
    MAX_APPROVAL_REMEMBER,
    MAX_APPROVAL_TIMEOUT,
    MAX_CALL_LIMIT,
    ConditionOperator,
    PromptChoice,
    ToolMode,
)

__all__ = [
    "COMPARISONS",
    "EVERY_TOOL",
    "EXPECTED",
    "NONE_OF",
    "SAFETY_OPTIONS",
    "ApiPrompt",
    "Condition",
    "HubOptions",
    "NoneOf",
    "Override",
    "compiled_pattern",
    "condition_problem",
    "expected_words",
    "invalid_options",
    "selected_api_ids",
    "without_empty",
]


@dataclass(frozen=True, slots=True)
class Override:
    """What the user changed about one tool: an alias and/or a description."""

    alias: str | None = None
    description: str | None = None


@dataclass(frozen=True, slots=True)
class ApiPrompt:
    """What a hub does with one selected LLM API's prompt: keep, replace with ``text``, drop."""

    choice: PromptChoice = PromptChoice.KEEP
    text: str = ""


# The choices an entry of ``api_prompts`` may hold.
_PROMPT_CHOICES: Final = frozenset(choice.value for choice in PromptChoice)


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition on one argument's value: its tool's calls ask only when one of them holds."""

    argument: str
    operator: ConditionOperator
    # A text, number or true/false; ``IN``: a tuple of them; ``REGEX``: a pattern; ``COMPARISONS``:
    # a number.
    value: Any


# The operators that compare numbers.
COMPARISONS: Final = frozenset(
    {
        ConditionOperator.ABOVE,
        ConditionOperator.BELOW,
        ConditionOperator.AT_LEAST,
        ConditionOperator.AT_MOST,
    }
)


@functools.lru_cache(maxsize=256)
def compiled_pattern(pattern: str) -> Any:
    """Return ``pattern`` compiled (the ``regex`` module, Python's syntax), or None if it fails."""
    try:
        return regex.compile(pattern)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001  # any pattern it cannot take (regex.error, deep nesting)
        return None


# The whole numbers Home Assistant's storage writes (orjson: 64 bits); a larger one in the
# options would leave every config entry unsaved.
_STORABLE: Final = range(-(2**63), 2**63)


def _is_scalar(value: Any) -> bool:
    """Return whether ``value`` is a text, true/false or a number (finite, storable) to compare."""
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str) or (isinstance(value, int) and value in _STORABLE)


def condition_problem(operator: ConditionOperator, value: Any) -> str | None:
    """Return why ``value`` does not fit ``operator`` (an error key), or None when it does."""
    values = value if isinstance(value, list | tuple) else (value,)
    if any(isinstance(item, int) and item not in _STORABLE for item in values):
        return "condition_too_large"
    if operator is ConditionOperator.IN:
        fits = isinstance(value, list | tuple) and bool(value) and all(map(_is_scalar, value))
        return None if fits else "condition_values"
    if operator is ConditionOperator.REGEX:
        fits = isinstance(value, str) and compiled_pattern(value) is not None
        return None if fits else "condition_regex"
    if operator in COMPARISONS:
        fits = _is_scalar(value) and not isinstance(value, str | bool)
        return None if fits else "condition_number"
    return None if _is_scalar(value) else "condition_value"


def _is_condition(item: Any) -> bool:
    if not isinstance(item, Mapping) or set(item) != {CONF_ARGUMENT, CONF_OPERATOR, CONF_VALUE}:
        return False
    argument, operator = item[CONF_ARGUMENT], item[CONF_OPERATOR]
    return (
        isinstance(argument, str)
        and bool(argument)
        and isinstance(operator, str)
        and operator in _OPERATORS
        and condition_problem(_OPERATORS[operator], item[CONF_VALUE]) is None
    )


def _is_conditions(value: Any) -> bool:
    return isinstance(value, Mapping) and all(
        isinstance(key, str) and isinstance(items, list) and all(map(_is_condition, items))
        for key, items in value.items()
    )


def _read_conditions(
    value: Any, default: Mapping[str, tuple[Condition, ...]]
) -> Mapping[str, tuple[Condition, ...]]:
    # Only a value ``_is_conditions`` took (a safety option: any other fails closed).
    return MappingProxyType(
        {
            key: tuple(
                Condition(
                    item[CONF_ARGUMENT],
                    _OPERATORS[item[CONF_OPERATOR]],
                    tuple(found) if isinstance(found := item[CONF_VALUE], list) else found,
                )
                for item in items
            )
            for key, items in value.items()
            if items
        }
    )


_OPERATORS: Final = {str(operator): operator for operator in ConditionOperator}


class _StandIn(frozenset[str]):
    """An empty set that counts as set and equals only its own kind (a wrong-typed list)."""

    __slots__ = ()

    def __bool__(self) -> bool:
        """Return True: the list is set, whatever it holds."""
        return True

    @typing.override
    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    @typing.override
    def __ne__(self, other: object) -> bool:
        return type(other) is not type(self)

    @typing.override
    def __hash__(self) -> int:
        return hash(type(self))


class EveryTool(_StandIn):
    """A set of keys that holds every key: a safety list stored as no list at all."""

    __slots__ = ()

    @typing.override
    def __contains__(self, key: object) -> bool:
        return True

    @typing.override
    def __repr__(self) -> str:
        return "EVERY_TOOL"


# What a safety list of the wrong type, not a list, holds (``excluded_tools``, ``confirm_tools``,
# the ``ask_*`` lists).
EVERY_TOOL: Final = EveryTool()


class NoneOf(_StandIn):
    """A set that holds no key yet counts as set: a scope or users list of the wrong type."""

    __slots__ = ()

    @typing.override
    def __repr__(self) -> str:
        return "NONE_OF"


# What a list that narrows a hub (its scope's includes, its users) holds when stored with the wrong
# type: it narrows to nothing.
NONE_OF: Final = NoneOf()


def _strictest[T](value: Any, strictest: T) -> T:
    return strictest


@dataclass(frozen=True, slots=True)
class Kind[T]:
    """A type of stored option: its check, the check in words, and its lenient reader."""

    check: Callable[[Any], bool]
    # The check in English words (logs, docs).
    expected: str
    # ``read(value, default)``: the value any stored value stands for, else ``default``.
    read: Callable[[Any, T], T]
    # ``fail_closed(value, strictest)``: what a safety option of the wrong type serves.
    fail_closed: Callable[[Any, T], T] = _strictest
    # The key of the check in words in the ``common`` translations (``expected_…``).
    words: str = ""
    # The values an option of one of a few values may hold (``words`` joins them).
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Option:
    """One stored option: its key, its kind, its default, and what a wrong type serves."""

    key: str
    kind: Kind[Any]
    default: Any
    when_invalid: Any
    # Whether a wrong type fails closed (``when_invalid`` is the strictest value).
    safety: bool = False


def _is_number(value: Any) -> bool:
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value) and value > 0
    except OverflowError:  # an int too large for a float
        return False


def _is_texts(value: Any) -> bool:
    # A single text is one item (``cv.ensure_list``, as a hand edit may leave it).
    return isinstance(value, str) or (
        isinstance(value, list) and all(isinstance(item, str) for item in value)
    )


def _is_overrides(value: Any) -> bool:
    return isinstance(value, Mapping) and all(
        isinstance(key, str)
        and isinstance(override, Mapping)
        and all(
            part in (CONF_ALIAS, CONF_DESCRIPTION) and isinstance(text, str | None)
            for part, text in override.items()
        )
        for key, override in value.items()
    )


def _is_api_prompt(value: Any) -> bool:
    return (
        isinstance(value, Mapping)
        and isinstance(choice := value.get(CONF_PROMPT_CHOICE), str)
        and choice in _PROMPT_CHOICES
        and isinstance(value.get(CONF_PROMPT_TEXT, ""), str)
        and all(part in (CONF_PROMPT_CHOICE, CONF_PROMPT_TEXT) for part in value)
    )


def _is_api_prompts(value: Any) -> bool:
    return isinstance(value, Mapping) and all(
        isinstance(api_id, str) and _is_api_prompt(entry) for api_id, entry in value.items()
    )


def _is_notify_action(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("notify.") and len(value) > len("notify.")


def _read_text(value: Any, default: str) -> str:
    return value if isinstance(value, str) else default


def _read_flag(value: Any, default: bool) -> bool:
    try:
        return bool(cv.boolean(value)) if value is not None else default
    except probatio.Invalid:
        return default


def _is_whole(value: Any) -> bool:
    return _is_number(value) and float(value).is_integer()


def _read_number(value: Any, default: float) -> float:
    if isinstance(value, bool):
        return default
    try:
        number = float(value)
    except TypeError, ValueError, OverflowError:
        return default
    return number if 0 < number < math.inf else default


def _read_count(value: Any, default: int) -> int:
    return int(_read_number(value, default))


def _read_limit(value: Any, default: int | None) -> int | None:
    # At most what the options form takes: a huge number is no JSON integer.
    number = _read_number(value, 0.0)
    return min(int(number), MAX_CALL_LIMIT) if number >= 1 else default


def _read_approval_timeout(value: Any, default: float) -> float:
    # At most what the options form takes: dates cannot hold any number of seconds.
    return min(_read_number(value, default), MAX_APPROVAL_TIMEOUT)


def _is_minutes(value: Any) -> bool:
    return (type(value) in {int, float} and value == 0) or _is_whole(value)


def _read_minutes(value: Any, default: int) -> int:
    # At most ``MAX_APPROVAL_REMEMBER``: a longer stored one is cut.
    return min(int(_read_number(value, default)), MAX_APPROVAL_REMEMBER)


def _read_keys(value: Any, default: frozenset[str]) -> frozenset[str]:
    return frozenset(str(key) for key in cv.ensure_list(value) if key)


def _narrowing_kept(value: Any, strictest: frozenset[str]) -> frozenset[str]:
    # A bad item names nothing; a list of bad items only, or no list, narrows to nothing.
    return _keys_kept(value, strictest) or strictest


def _keys_kept(value: Any, strictest: frozenset[str]) -> frozenset[str]:
    # A bad item matches no tool; the other items still apply. Not a list: ``strictest``.
    if isinstance(value, list):
        return frozenset(key for key in value if isinstance(key, str) and key)
    return strictest


def _read_texts(value: Any, default: frozenset[str]) -> frozenset[str]:
    return frozenset(key for key in cv.ensure_list(value) if isinstance(key, str))


def _read_api_ids(value: Any, default: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(key for key in cv.ensure_list(value) if isinstance(key, str)))


def _read_overrides(value: Any, default: Mapping[str, Override]) -> Mapping[str, Override]:
    if not isinstance(value, Mapping):
        return default
    overrides: dict[str, Override] = {}
    for key, override in value.items():
        if not isinstance(override, Mapping):
            continue
        alias = str(override.get(CONF_ALIAS) or "").strip() or None
        description = str(override.get(CONF_DESCRIPTION) or "").strip() or None
        if alias or description:
            overrides[str(key)] = Override(alias=alias, description=description)
    return overrides


def _read_api_prompts(value: Any, default: Mapping[str, ApiPrompt]) -> Mapping[str, ApiPrompt]:
    # Each entry that holds a choice (a text that is no text: none); the others keep.
    if not isinstance(value, Mapping):
        return default
    return {
        str(api_id): ApiPrompt(PromptChoice(choice), _read_text(entry.get(CONF_PROMPT_TEXT), ""))
        for api_id, entry in value.items()
        if isinstance(entry, Mapping)
        and isinstance(choice := entry.get(CONF_PROMPT_CHOICE), str)
        and choice in _PROMPT_CHOICES
    }


def _read_notify_action(value: Any, default: str | None) -> str | None:
    return value if _is_notify_action(value) else default


def _moment(value: Any) -> datetime | None:
    # A date and time with its zone offset (ISO 8601), as the options flow stores it.
    if not isinstance(value, str):
        return None
    try:
        moment = dt_util.parse_datetime(value)
        return None if moment is None or moment.tzinfo is None else dt_util.as_utc(moment)
    except ValueError, OverflowError:  # well formed, yet no date (month 13), or out of range
        return None


def _read_moment(value: Any, default: datetime | None) -> datetime | None:
    return _moment(value) or default


def _one_of[T: str](choices: Iterable[T]) -> Kind[T]:
    """Return the kind of an option that holds one of ``choices``."""
    by_value = {str(choice): choice for choice in choices}
    *first, last = by_value

    def read(value: Any, default: T) -> T:
        return by_value[value] if isinstance(value, str) and value in by_value else default

    return Kind(
        lambda value: isinstance(value, str) and value in by_value,
        f"{', '.join(first)} or {last}",
        read,
        words="expected_one_of",
        choices=(*first, last),
    )


_TEXT: Final = Kind(
    lambda value: isinstance(value, str), "a text", _read_text, words="expected_text"
)
_FLAG: Final = Kind(
    lambda value: isinstance(value, bool), "true or false", _read_flag, words="expected_flag"
)
_SECONDS: Final = Kind(_is_number, "a positive number", _read_number, words="expected_number")
_COUNT: Final = Kind(_is_number, "a positive number", _read_count, words="expected_number")
_LIMIT: Final[Kind[int | None]] = Kind(
    _is_whole, "a positive whole number", _read_limit, words="expected_whole_number"
)
_APPROVAL_SECONDS: Final = Kind(
    _is_number, "a positive number", _read_approval_timeout, words="expected_number"
)
_MINUTES: Final = Kind(
    _is_minutes, "a whole number, 0 or more", _read_minutes, words="expected_minutes"
)
_TOOL_KEYS: Final = Kind(
    _is_texts, "a list of tool names", _read_keys, _keys_kept, words="expected_tool_names"
)
_TEXTS: Final = Kind(_is_texts, "a list of tool names", _read_texts, words="expected_tool_names")
_IDS: Final = Kind(_is_texts, "a list of ids", _read_texts, words="expected_ids")
_NARROWING_IDS: Final = Kind(
    _is_texts, "a list of ids", _read_texts, _narrowing_kept, words="expected_ids"
)
_EXCLUDED_IDS: Final = Kind(
    _is_texts, "a list of ids", _read_texts, _keys_kept, words="expected_ids"
)
_DOMAINS: Final = Kind(
    _is_texts, "a list of domains", _read_keys, _keys_kept, words="expected_domains"
)
_DEVICE_CLASSES: Final = Kind(
    _is_texts, "a list of device classes", _read_keys, _keys_kept, words="expected_device_classes"
)
_AREAS: Final = Kind(
    _is_texts, "a list of area ids", _read_keys, _keys_kept, words="expected_area_ids"
)
_ENTITIES: Final = Kind(
    _is_texts, "a list of entity ids", _read_keys, _keys_kept, words="expected_entity_ids"
)
_API_IDS: Final = Kind(_is_texts, "a list of LLM API ids", _read_api_ids, words="expected_api_ids")
_OVERRIDES: Final = Kind(
    _is_overrides,
    "tool names, each with a text name and description",
    _read_overrides,
    words="expected_overrides",
)
_NOTIFY_ACTION: Final = Kind(
    _is_notify_action,
    "a notify action (notify.…)",
    _read_notify_action,
    words="expected_notify_action",
)
_API_PROMPTS: Final = Kind(
    _is_api_prompts,
    "LLM API ids, each with keep, replace or drop and a text",
    _read_api_prompts,
    words="expected_api_prompts",
)
_CONDITIONS: Final = Kind(
    _is_conditions,
    "tool names, each with a list of conditions (argument, operator, value)",
    _read_conditions,
    words="expected_conditions",
)
_MOMENT: Final[Kind[datetime | None]] = Kind(
    lambda value: _moment(value) is not None,
    "a date and time with its zone (ISO 8601)",
    _read_moment,
    words="expected_moment",
)
_CONFIRM: Final = _one_of((CONFIRM_APPROVE, CONFIRM_REFUSE))
_TOOL_MODE: Final = _one_of(ToolMode)
_NO_OVERRIDES: Final[Mapping[str, Override]] = MappingProxyType({})
_NO_API_PROMPTS: Final[Mapping[str, ApiPrompt]] = MappingProxyType({})
_NO_CONDITIONS: Final[Mapping[str, tuple[Condition, ...]]] = MappingProxyType({})
_ROW: Final = "option"


def _narrowing(key: str) -> frozenset[str]:
    """Return the field of a list that narrows the hub; a wrong type narrows to nothing."""
    return _option(key, _NARROWING_IDS, default=frozenset(), strictest=NONE_OF)


def _option[T](key: str, kind: Kind[T], *, default: T, strictest: T | None = None) -> T:
    """Return the ``HubOptions`` field of the stored option ``key``.

    With ``strictest`` it is a safety option: a value of the wrong type fails closed to it.
    """
    row = Option(
        key=key,
        kind=kind,
        default=default,
        when_invalid=default if strictest is None else strictest,
        safety=strictest is not None,
    )
    return field(default=default, metadata={_ROW: row})


@dataclass(frozen=True, slots=True, kw_only=True)
class HubOptions:
    """The options of one hub, typed; each field is one stored option."""

    selected_api_ids: tuple[str, ...] = _option(CONF_LLM_HASS_API, _API_IDS, default=())
    prompt: str = _option(CONF_PROMPT, _TEXT, default="")
    # Per selected LLM API id: its prompt replaced or dropped (absent: kept).
    api_prompts: Mapping[str, ApiPrompt] = _option(
        CONF_API_PROMPTS, _API_PROMPTS, default=_NO_API_PROMPTS
    )
    include_new_tools: bool = _option(CONF_INCLUDE_NEW_TOOLS, _FLAG, default=True, strictest=False)
    included_tools: frozenset[str] = _option(
        CONF_INCLUDED_TOOLS, _TOOL_KEYS, default=frozenset(), strictest=frozenset()
    )
    excluded_tools: frozenset[str] = _option(
        CONF_EXCLUDED_TOOLS, _TOOL_KEYS, default=frozenset(), strictest=EVERY_TOOL
    )
    read_only: bool = _option(CONF_READ_ONLY, _FLAG, default=False, strictest=True)
    no_destructive: bool = _option(CONF_NO_DESTRUCTIVE, _FLAG, default=False, strictest=True)
    no_open_world: bool = _option(CONF_NO_OPEN_WORLD, _FLAG, default=False, strictest=True)
    confirm_destructive: bool = _option(
        CONF_CONFIRM_DESTRUCTIVE, _FLAG, default=False, strictest=True
    )
    confirm_tools: frozenset[str] = _option(
        CONF_CONFIRM_TOOLS, _TOOL_KEYS, default=frozenset(), strictest=EVERY_TOOL
    )
    # "Always ask before acting on" (the effect set): calls acting on any of these ask.
    ask_domains: frozenset[str] = _option(
        CONF_ASK_DOMAINS, _DOMAINS, default=frozenset(), strictest=EVERY_TOOL
    )
    ask_device_classes: frozenset[str] = _option(
        CONF_ASK_DEVICE_CLASSES, _DEVICE_CLASSES, default=frozenset(), strictest=EVERY_TOOL
    )
    ask_areas: frozenset[str] = _option(
        CONF_ASK_AREAS, _AREAS, default=frozenset(), strictest=EVERY_TOOL
    )
    ask_entities: frozenset[str] = _option(
        CONF_ASK_ENTITIES, _ENTITIES, default=frozenset(), strictest=EVERY_TOOL
    )
    # Per tool key: its calls ask, by the options above, only when one of these holds. A wrong
    # type fails closed to none, so every call asks as the options above say.
    confirm_conditions: Mapping[str, tuple[Condition, ...]] = _option(
        CONF_CONFIRM_CONDITIONS, _CONDITIONS, default=_NO_CONDITIONS, strictest=_NO_CONDITIONS
    )
    overrides: Mapping[str, Override] = _option(CONF_OVERRIDES, _OVERRIDES, default=_NO_OVERRIDES)
    # Seconds a tool call may run.
    timeout: float = _option(CONF_TIMEOUT, _SECONDS, default=DEFAULT_TIMEOUT)
    # Tools above which the options flow warns (nothing is cut).
    max_tools: int = _option(CONF_MAX_TOOLS, _COUNT, default=DEFAULT_MAX_TOOLS)
    record_arguments: bool = _option(CONF_RECORD_ARGUMENTS, _FLAG, default=False)
    # Limits (None: none); a wrong type fails closed to one call.
    calls_per_minute: int | None = _option(CONF_CALLS_PER_MINUTE, _LIMIT, default=None, strictest=1)
    changes_per_hour: int | None = _option(CONF_CHANGES_PER_HOUR, _LIMIT, default=None, strictest=1)
    confirm_without_conversation: str = _option(
        CONF_CONFIRM_WITHOUT_CONVERSATION,
        _CONFIRM,
        default=CONFIRM_APPROVE,
        strictest=CONFIRM_REFUSE,
    )
    # Seconds an approval waits for a user, and an approved call for the model.
    approval_timeout: float = _option(
        CONF_APPROVAL_TIMEOUT, _APPROVAL_SECONDS, default=DEFAULT_APPROVAL_TIMEOUT
    )
    approval_notify_service: str | None = _option(
        CONF_APPROVAL_NOTIFY_SERVICE, _NOTIFY_ACTION, default=None
    )
    # Calls run as if no confirmation rule were set (recorded); a wrong type fails closed to off.
    shadow_mode: bool = _option(CONF_SHADOW_MODE, _FLAG, default=False, strictest=False)
    # When shadow mode was turned on (None: not stored; counted from when the hub loaded).
    shadow_since: datetime | None = _option(  # noqa: RUF009  # a field, as the others
        CONF_SHADOW_SINCE, _MOMENT, default=None
    )
    # Minutes a person may let an approval be remembered (0: never); a wrong type: never.
    approval_remember: int = _option(CONF_APPROVAL_REMEMBER, _MINUTES, default=0, strictest=0)
    tool_mode: ToolMode = _option(  # noqa: RUF009  # a field, as the others
        CONF_TOOL_MODE, _TOOL_MODE, default=ToolMode.ALL
    )
    pinned_tools: frozenset[str] = _option(CONF_PINNED_TOOLS, _TEXTS, default=frozenset())
    search_meaning: bool = _option(CONF_SEARCH_MEANING, _FLAG, default=False)
    scope_areas: frozenset[str] = _narrowing(CONF_SCOPE_AREAS)
    scope_floors: frozenset[str] = _narrowing(CONF_SCOPE_FLOORS)
    scope_labels: frozenset[str] = _narrowing(CONF_SCOPE_LABELS)
    scope_domains: frozenset[str] = _narrowing(CONF_SCOPE_DOMAINS)
    scope_entities: frozenset[str] = _narrowing(CONF_SCOPE_ENTITIES)
    scope_excluded: frozenset[str] = _option(
        CONF_SCOPE_EXCLUDED, _EXCLUDED_IDS, default=frozenset(), strictest=EVERY_TOOL
    )
    allowed_users: frozenset[str] = _narrowing(CONF_ALLOWED_USERS)
    admins_only: bool = _option(CONF_ADMINS_ONLY, _FLAG, default=False, strictest=True)

    @classmethod
    def from_options(cls, options: Mapping[str, Any], *, checked: bool = True) -> Self:
        """Return the options of stored ``options``; an absent option is its default.

        ``checked``: a wrong type is ``when_invalid``, else read leniently; a safety option fails
        closed.
        """
        values: dict[str, Any] = {}
        for name, row in _FIELDS.items():
            if row.key not in options:
                continue
            value = options[row.key]
            if row.kind.check(value):
                values[name] = row.kind.read(value, row.default)
            elif row.safety:
                values[name] = row.kind.fail_closed(value, row.when_invalid)
            elif checked:
                values[name] = row.when_invalid
            else:
                values[name] = row.kind.read(value, row.default)
        return cls(**values)


_FIELDS: Final[dict[str, Option]] = {item.name: item.metadata[_ROW] for item in fields(HubOptions)}
_BY_KEY: Final = {row.key: row for row in _FIELDS.values()}
# What each option must hold, in English words (the log, docs), by key.
EXPECTED: Final = {row.key: row.kind.expected for row in _FIELDS.values()}
# The keys of the options that fail closed.
SAFETY_OPTIONS: Final = frozenset(row.key for row in _FIELDS.values() if row.safety)


def expected_words(key: str, texts: Callable[..., str]) -> str:
    """Return what option ``key`` must hold in ``texts`` (``common``); empty if unknown."""
    if (row := _BY_KEY.get(key)) is None:
        return ""
    kind = row.kind
    if not kind.choices:
        return texts(kind.words)
    *first, last = kind.choices
    return texts(kind.words, first=", ".join(first), last=last)


def invalid_options(options: Mapping[str, Any]) -> list[str]:
    """Return the keys of known options whose stored value has the wrong type, in order."""
    return [
        key
        for key, value in options.items()
        if (row := _BY_KEY.get(key)) is not None and not row.kind.check(value)
    ]


def selected_api_ids(options: Mapping[str, Any]) -> list[str]:
    """Return the LLM API ids stored ``options`` select, in order, each once (unchecked)."""
    return list(_read_api_ids(options.get(CONF_LLM_HASS_API), ()))


def without_empty(options: Mapping[str, Any]) -> dict[str, Any]:
    """Return options without empty values (None, "", [], {}): an empty choice is no choice."""
    return {key: value for key, value in options.items() if value not in (None, "", [], {})}
