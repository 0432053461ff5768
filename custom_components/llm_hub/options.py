"""Checks the types of a hub's stored options: a value of the wrong type counts as absent.

Options may come from somewhere else than the options flow: a hand-edited
``.storage/core.config_entries``, a later version of LLM Hub, a restored backup. A hub
serves with every option whose value has the wrong type left out (``valid_options``), and
reports each such option (``invalid_options``: logged once and a repair issue per option,
raised when the hub is set up). The stored options are never rewritten for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
import math
from typing import Any, Final

from homeassistant.const import CONF_LLM_HASS_API

from .build.policy import is_notify_action
from .const import (
    CONF_ALIAS,
    CONF_APPROVAL_NOTIFY_SERVICE,
    CONF_APPROVAL_TIMEOUT,
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
    CONF_OVERRIDES,
    CONF_PROMPT,
    CONF_READ_ONLY,
    CONF_RECORD_ARGUMENTS,
    CONF_TIMEOUT,
    CONFIRM_APPROVE,
    CONFIRM_REFUSE,
)
from .search.listing import CONF_PINNED_TOOLS, CONF_TOOL_MODE, ToolMode

__all__ = ["EXPECTED", "invalid_options", "valid_options"]


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _number(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value > 0
    )


def _texts(value: Any) -> bool:
    # A single text is one item (``cv.ensure_list``, as a hand edit may leave it).
    return isinstance(value, str) or (
        isinstance(value, list) and all(isinstance(item, str) for item in value)
    )


def _one_of(*choices: str) -> Callable[[Any], bool]:
    return lambda value: isinstance(value, str) and value in choices


def _overrides(value: Any) -> bool:
    return isinstance(value, Mapping) and all(
        isinstance(key, str)
        and isinstance(override, Mapping)
        and all(
            part in (CONF_ALIAS, CONF_DESCRIPTION) and isinstance(text, str | None)
            for part, text in override.items()
        )
        for key, override in value.items()
    )


_CHECKS: Final[dict[str, tuple[Callable[[Any], bool], str]]] = {
    CONF_LLM_HASS_API: (_texts, "a list of LLM API ids"),
    CONF_PROMPT: (_text, "a text"),
    CONF_INCLUDE_NEW_TOOLS: (_flag, "true or false"),
    CONF_INCLUDED_TOOLS: (_texts, "a list of tool names"),
    CONF_EXCLUDED_TOOLS: (_texts, "a list of tool names"),
    CONF_READ_ONLY: (_flag, "true or false"),
    CONF_NO_DESTRUCTIVE: (_flag, "true or false"),
    CONF_NO_OPEN_WORLD: (_flag, "true or false"),
    CONF_CONFIRM_DESTRUCTIVE: (_flag, "true or false"),
    CONF_CONFIRM_TOOLS: (_texts, "a list of tool names"),
    CONF_OVERRIDES: (_overrides, "tool names, each with a text name and description"),
    CONF_TIMEOUT: (_number, "a positive number"),
    CONF_MAX_TOOLS: (_number, "a positive number"),
    CONF_RECORD_ARGUMENTS: (_flag, "true or false"),
    CONF_CONFIRM_WITHOUT_CONVERSATION: (
        _one_of(CONFIRM_APPROVE, CONFIRM_REFUSE),
        f"{CONFIRM_APPROVE} or {CONFIRM_REFUSE}",
    ),
    CONF_APPROVAL_TIMEOUT: (_number, "a positive number"),
    CONF_APPROVAL_NOTIFY_SERVICE: (is_notify_action, "a notify action (notify.<name>)"),
    CONF_TOOL_MODE: (
        _one_of(*ToolMode),
        f"{ToolMode.ALL}, {ToolMode.SEARCH} or {ToolMode.SEARCH_OVER_LIMIT}",
    ),
    CONF_PINNED_TOOLS: (_texts, "a list of tool names"),
}
EXPECTED: Final = {key: expected for key, (_, expected) in _CHECKS.items()}
"""What each option this version knows must hold, in words (for the repair issue)."""


def invalid_options(options: Mapping[str, Any]) -> list[str]:
    """Return the keys of known options whose stored value has the wrong type, in order.

    Unknown keys (e.g. of a later version) are not checked: nothing here uses them.
    """
    return [
        key
        for key, value in options.items()
        if (check := _CHECKS.get(key)) is not None and not check[0](value)
    ]


def valid_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Return the options without those whose value has the wrong type (``invalid_options``)."""
    invalid = invalid_options(options)
    return {key: value for key, value in options.items() if key not in invalid}
