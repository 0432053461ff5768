"""A hub's tool policy: which tools it lists, under which names, and which need confirming.

The options flow stores the policy in the entry's options (keys in ``const``);
``HubPolicy.from_options`` parses them, ``HubPolicy.apply`` applies them to the candidate
tools of a build (``build.HubBuilder``). Options refer to tools by their ``key`` (the portable
unique name before any alias), which stays the same when the user gives a tool an alias.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
import math
from typing import TYPE_CHECKING, Any

import probatio

from homeassistant.helpers import config_validation as cv, llm as llm_helper

from ..calls.tool import HubTool
from ..const import (
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
    CONF_READ_ONLY,
    CONF_RECORD_ARGUMENTS,
    CONF_TIMEOUT,
    CONFIRM_APPROVE,
    CONFIRM_REFUSE,
    DEFAULT_APPROVAL_TIMEOUT,
    DEFAULT_MAX_TOOLS,
    DEFAULT_TIMEOUT,
    MAX_APPROVAL_TIMEOUT,
)
from .candidate import CandidateTool, requires_token
from .names import CORE_NAMESPACE_SEPARATOR, NAME_TARGET, is_portable

if TYPE_CHECKING:
    from homeassistant.helpers.llm import Tool


__all__ = [
    "HubPolicy",
    "Override",
    "alias_error",
    "annotations_of",
    "is_destructive",
    "is_notify_action",
    "without_empty",
]

HIDDEN_EXCLUDED = "excluded in the hub's options"
HIDDEN_NEW = "a new tool, and the hub's options leave out new tools"
HIDDEN_NOT_READ_ONLY = "not read-only (policy: read-only tools only)"
HIDDEN_DESTRUCTIVE = "destructive (policy: no destructive tools)"
HIDDEN_OPEN_WORLD = "reaches outside Home Assistant (policy: no open-world tools)"


def without_empty(options: Mapping[str, Any]) -> dict[str, Any]:
    """Return options without empty values (None, "", [], {}): an empty choice is no choice."""
    return {key: value for key, value in options.items() if value not in (None, "", [], {})}


def alias_error(alias: str) -> str | None:
    """Return the error key of why ``alias`` cannot be a tool's name, or None when it can.

    An alias follows the rule of the names a hub makes (``names.is_portable``:
    ``^[A-Za-z][A-Za-z0-9_-]*$``, at most 48 characters; else ``alias_too_long`` or
    ``alias_invalid``) and has no ``__`` (``alias_separator``): Home Assistant's agents put
    ``__`` between an API's slug and a tool's name when they merge APIs, so an alias such as
    ``assist__HassTurnOn`` could be a name they make, and 2026.11's ``MergedAPI`` then fails
    with "Merged tool names must be unique" (MCP Server's "All LLM APIs" among others).
    """
    if not is_portable(alias):
        return "alias_too_long" if len(alias) > NAME_TARGET else "alias_invalid"
    if CORE_NAMESPACE_SEPARATOR in alias:
        return "alias_separator"
    return None


def annotations_of(tool: Tool) -> llm_helper.ToolAnnotations:
    """Return a tool's annotations; the spec's worst-case defaults when it declares none."""
    annotations = getattr(tool, "annotations", None)
    if isinstance(annotations, llm_helper.ToolAnnotations):
        return annotations
    return llm_helper.ToolAnnotations()


def is_destructive(annotations: llm_helper.ToolAnnotations) -> bool:
    """Return whether a tool may change or remove what exists.

    Like MCP's ``destructiveHint``, which "is meaningful only when readOnlyHint is false": a
    read-only tool is never destructive, whatever its (default) ``destructive`` says.
    """
    return not annotations.read_only and annotations.destructive


@dataclass(frozen=True, slots=True)
class Override:
    """What the user changed about one tool: an alias and/or a description."""

    alias: str | None = None
    description: str | None = None


def _keys(value: Any) -> frozenset[str]:
    """Return a stored list of tool keys as a set (a single key as a string is one key)."""
    return frozenset(str(key) for key in cv.ensure_list(value) if key)


def _flag(value: Any, default: bool) -> bool:
    """Return a stored boolean; ``default`` when it is absent or not a boolean."""
    try:
        return bool(cv.boolean(value)) if value is not None else default
    except probatio.Invalid:
        return default


def _number(value: Any, default: float) -> float:
    """Return a stored positive finite number; ``default`` when it is absent or not one."""
    if isinstance(value, bool):
        return default
    try:
        number = float(value)
    except TypeError, ValueError:
        return default
    return number if 0 < number < math.inf else default


def _overrides(value: Any) -> dict[str, Override]:
    """Return stored overrides, keeping only non-empty texts."""
    if not isinstance(value, Mapping):
        return {}
    overrides: dict[str, Override] = {}
    for key, override in value.items():
        if not isinstance(override, Mapping):
            continue
        alias = str(override.get(CONF_ALIAS) or "").strip() or None
        description = str(override.get(CONF_DESCRIPTION) or "").strip() or None
        if alias or description:
            overrides[str(key)] = Override(alias=alias, description=description)
    return overrides


def is_notify_action(value: Any) -> bool:
    """Return whether a stored value names a notify action (``notify.<name>``)."""
    return isinstance(value, str) and value.startswith("notify.") and len(value) > len("notify.")


def _notify_service(value: Any) -> str | None:
    """Return a stored notify action (``notify.<name>``), or None when absent or not one."""
    return value if is_notify_action(value) else None


@dataclass(frozen=True, slots=True)
class HubPolicy:
    """The tool policy of one hub, parsed from its options (see ``const`` for the keys)."""

    include_new_tools: bool = True
    included_tools: frozenset[str] = frozenset()
    excluded_tools: frozenset[str] = frozenset()
    read_only: bool = False
    no_destructive: bool = False
    no_open_world: bool = False
    confirm_destructive: bool = False
    confirm_tools: frozenset[str] = frozenset()
    overrides: Mapping[str, Override] = field(default_factory=dict)
    timeout: float = DEFAULT_TIMEOUT
    """Seconds a tool call may run (enforced by ``HubTool._async_run``)."""
    max_tools: int = DEFAULT_MAX_TOOLS
    """Tools above which the options flow warns (nothing is cut)."""
    record_arguments: bool = False
    confirm_without_conversation: str = CONFIRM_APPROVE
    """``CONFIRM_APPROVE`` or ``CONFIRM_REFUSE`` (``confirmation.Confirmations``)."""
    approval_timeout: float = DEFAULT_APPROVAL_TIMEOUT
    """Seconds an approval waits for a user, and an approved call for the model."""
    approval_notify_service: str | None = None
    """The notify action (``notify.<name>``) that gets approvals with Approve / Deny."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> HubPolicy:
        """Return the policy of an entry's options.

        Lenient with hand-edited options: a value of the wrong type counts as absent, so a
        typo never takes the hub down.
        """
        return cls(
            include_new_tools=_flag(options.get(CONF_INCLUDE_NEW_TOOLS), default=True),
            included_tools=_keys(options.get(CONF_INCLUDED_TOOLS)),
            excluded_tools=_keys(options.get(CONF_EXCLUDED_TOOLS)),
            read_only=_flag(options.get(CONF_READ_ONLY), default=False),
            no_destructive=_flag(options.get(CONF_NO_DESTRUCTIVE), default=False),
            no_open_world=_flag(options.get(CONF_NO_OPEN_WORLD), default=False),
            confirm_destructive=_flag(options.get(CONF_CONFIRM_DESTRUCTIVE), default=False),
            confirm_tools=_keys(options.get(CONF_CONFIRM_TOOLS)),
            overrides=_overrides(options.get(CONF_OVERRIDES)),
            timeout=_number(options.get(CONF_TIMEOUT), DEFAULT_TIMEOUT),
            max_tools=int(_number(options.get(CONF_MAX_TOOLS), DEFAULT_MAX_TOOLS)),
            record_arguments=_flag(options.get(CONF_RECORD_ARGUMENTS), default=False),
            confirm_without_conversation=(
                CONFIRM_REFUSE
                if options.get(CONF_CONFIRM_WITHOUT_CONVERSATION) == CONFIRM_REFUSE
                else CONFIRM_APPROVE
            ),
            # At most what the options form takes: dates cannot hold any number of seconds.
            approval_timeout=min(
                _number(options.get(CONF_APPROVAL_TIMEOUT), DEFAULT_APPROVAL_TIMEOUT),
                MAX_APPROVAL_TIMEOUT,
            ),
            approval_notify_service=_notify_service(options.get(CONF_APPROVAL_NOTIFY_SERVICE)),
        )

    def is_open(self) -> bool:
        """Return whether the policy lists every tool as it is (the default)."""
        return (
            self.include_new_tools
            and not self.excluded_tools
            and not (self.read_only or self.no_destructive or self.no_open_world)
            and not (self.confirm_destructive or self.confirm_tools or self.overrides)
        )

    def hidden_reason(self, key: str, annotations: llm_helper.ToolAnnotations) -> str | None:
        """Return why the tool ``key`` is not listed (words for the inspector), or None.

        The user's choice first (an explicit include or exclude, else the default for new
        tools), then the annotation policy, which even an included tool cannot pass.
        """
        if key in self.excluded_tools:
            return HIDDEN_EXCLUDED
        if key not in self.included_tools and not self.include_new_tools:
            return HIDDEN_NEW
        if self.read_only and not annotations.read_only:
            return HIDDEN_NOT_READ_ONLY
        if self.no_destructive and is_destructive(annotations):
            return HIDDEN_DESTRUCTIVE
        if self.no_open_world and annotations.open_world:
            return HIDDEN_OPEN_WORLD
        return None

    def needs_confirmation(self, key: str, annotations: llm_helper.ToolAnnotations) -> bool:
        """Return whether calls of the tool ``key`` run only after the user confirmed."""
        return key in self.confirm_tools or (
            self.confirm_destructive and is_destructive(annotations)
        )

    def apply(self, candidates: list[CandidateTool], hub_name: str) -> list[str]:
        """Apply the policy to a build's candidate tools; return the problems to log (once).

        Sets ``hidden`` (with the reason) on tools left out, ``confirm`` on
        those that need confirming, the overridden ``description``, and ``name`` to the
        alias when it is portable and no other listed tool carries that name. A tool that
        came through a selected hub and needs confirming there needs it here too.
        """
        if self.is_open():
            # Nothing to hide, confirm or override: only what selected hubs confirm.
            for item in candidates:
                if isinstance(item.tool, HubTool) and requires_token(item.tool.parameters):
                    item.confirm = True
            return []
        for item in candidates:
            annotations = annotations_of(item.tool)
            item.hidden = self.hidden_reason(item.key, annotations)
            if item.hidden is not None:
                continue
            if self.needs_confirmation(item.key, annotations) or (
                isinstance(item.tool, HubTool) and requires_token(item.tool.parameters)
            ):
                item.confirm = True
            if (override := self.overrides.get(item.key)) and override.description:
                item.description = override.description
        return self._apply_aliases([item for item in candidates if item.hidden is None], hub_name)

    def _apply_aliases(self, listed: list[CandidateTool], hub_name: str) -> list[str]:
        """Name listed tools by their aliases where they can; return the problems.

        An alias is used when ``alias_error`` finds nothing wrong with it (an alias edited
        by hand may be anything), it is not the key of another listed tool and no earlier
        tool took it; keys are unique, so the listed names stay unique.
        """
        problems: list[str] = []
        keys = {item.key for item in listed}
        used: set[str] = set()
        for item in listed:
            override = self.overrides.get(item.key)
            if override is None or (alias := override.alias) is None or alias == item.key:
                continue
            if error := alias_error(alias):
                problems.append(
                    f"LLM Hub {hub_name}: the alias {alias!r} of tool {item.key} "
                    f"{_ALIAS_PROBLEMS[error]}; the tool keeps its name"
                )
            elif alias in keys or alias in used:
                problems.append(
                    f"LLM Hub {hub_name}: the alias {alias!r} of tool {item.key} is the name "
                    "of another tool; the tool keeps its name"
                )
            else:
                item.name = alias
                used.add(alias)
        return problems


_NOT_PORTABLE = (
    "is not a portable tool name (letters, digits, _ and -, starting with a letter, "
    f"at most {NAME_TARGET} characters)"
)
_ALIAS_PROBLEMS = {
    "alias_invalid": _NOT_PORTABLE,
    "alias_too_long": _NOT_PORTABLE,
    "alias_separator": (
        f"contains {CORE_NAMESPACE_SEPARATOR}, which Home Assistant's agents put between an "
        "API and a tool name when they merge APIs (the alias could clash with such a name)"
    ),
}
"""What a stored alias's problem (``alias_error``) is, in words for the log."""
