"""A hub's tool policy: which tools it lists, under which names, and which need confirming.

Options name a tool by its ``key`` (the portable unique name before any alias), which stays
the same when the user gives the tool an alias.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from homeassistant.helpers import llm as llm_helper

from ..calls.tool import HubTool, unwrap
from ..confirm.effect import Asking, EffectSet, EveryCall, effect_of
from ..options import HubOptions
from ..scope.assist import CONVERSATION
from ..scope.changes import async_home_changes
from ..scope.reach import scopes_entered
from ..targets.intents import handler_of
from .candidate import CandidateTool, requires_token
from .names import CORE_NAMESPACE_SEPARATOR, NAME_TARGET, is_portable

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from homeassistant.helpers.llm import Tool


__all__ = ["ASK_INNER", "HubPolicy", "alias_error", "annotations_of", "is_destructive"]

HIDDEN_EXCLUDED = "unchecked in the hub's options"
HIDDEN_NEW = "a new tool, and the hub's options leave out new tools"
HIDDEN_NOT_READ_ONLY = "not read-only (policy: read-only tools only)"
HIDDEN_DESTRUCTIVE = "destructive (policy: no destructive tools)"
HIDDEN_OPEN_WORLD = "reaches outside Home Assistant (policy: no open-world tools)"

ASK_NAMED = Asking("named in the hub's options (also confirm these tools)")
ASK_DESTRUCTIVE = Asking("destructive (policy: confirm destructive tools)")
ASK_UNKNOWN = Asking(
    "destructive, and what it acts on cannot be known before a call (policy: always ask "
    "before acting on)"
)
ASK_EVERY = Asking(
    'acts on something, and an option of "Always ask before acting on" is stored with the '
    "wrong type, so every acting call asks"
)
ASK_INNER = "the selected hub it comes from asks for it"
ASK_INTENT = "asks when the call's targets are among what the hub always asks before acting on"
ASK_SCRIPT = (
    "asks when what its actions reference is among what the hub always asks before acting on"
)


def alias_error(alias: str) -> str | None:
    """Return why ``alias`` cannot be a tool's name (an error key), or None when it can."""
    if not is_portable(alias):
        return "alias_too_long" if len(alias) > NAME_TARGET else "alias_invalid"
    if CORE_NAMESPACE_SEPARATOR in alias:  # what agents put between API and tool names
        return "alias_separator"
    return None


def annotations_of(tool: Tool) -> llm_helper.ToolAnnotations:
    """Return a tool's annotations; the spec's worst-case defaults when it declares none."""
    annotations = getattr(tool, "annotations", None)
    if isinstance(annotations, llm_helper.ToolAnnotations):
        return annotations
    return llm_helper.ToolAnnotations()


def is_destructive(annotations: llm_helper.ToolAnnotations) -> bool:
    """Return whether a tool may change or remove what exists (never when read-only, as MCP)."""
    return not annotations.read_only and annotations.destructive


@dataclass(frozen=True, slots=True)
class HubPolicy:
    """The tool policy of a hub's options."""

    options: HubOptions
    # What the hub always asks before acting on (``options.ask_*``).
    effects: EffectSet = field(init=False)
    # The ``Asking`` of each tool whose effect is known, kept between builds.
    _by_effect: dict[object, Asking] = field(init=False, repr=False, compare=False)
    # ``marks`` per (asking, assistant, scopes, handler), since the home changes it counts.
    _marks: dict[object, object] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Make the effect set of the options."""
        options = self.options
        effects = EffectSet(
            options.ask_domains, options.ask_device_classes, options.ask_areas, options.ask_entities
        )
        object.__setattr__(self, "effects", effects)
        object.__setattr__(self, "_by_effect", {})
        object.__setattr__(self, "_marks", {})

    def is_open(self) -> bool:
        """Return whether the policy lists every tool as it is (the default)."""
        options = self.options
        return (
            options.include_new_tools
            and not options.excluded_tools
            and not (options.read_only or options.no_destructive or options.no_open_world)
            and not (options.confirm_destructive or options.confirm_tools or options.overrides)
            and not self.effects
        )

    def left_out_reason(self, key: str, annotations: llm_helper.ToolAnnotations) -> str | None:
        """Return why the tool ``key`` is not listed (words for the inspector), or None."""
        options = self.options
        if key in options.excluded_tools:
            return HIDDEN_EXCLUDED
        if key not in options.included_tools and not options.include_new_tools:
            return HIDDEN_NEW
        if options.read_only and not annotations.read_only:
            return HIDDEN_NOT_READ_ONLY
        if options.no_destructive and is_destructive(annotations):
            return HIDDEN_DESTRUCTIVE
        if options.no_open_world and annotations.open_world:
            return HIDDEN_OPEN_WORLD
        return None

    def asking(
        self,
        key: str,
        tool: Tool,
        annotations: llm_helper.ToolAnnotations,
        hass: HomeAssistant | None = None,
    ) -> Asking | None:
        """Return why and when calls of the tool ``key`` ask the user, or None if never.

        By effect where known (never when read-only), else when destructive; a tool named always
        asks. An intent that acts on no entity never asks, when ``hass`` shows its handler is
        Home Assistant's own.
        """
        options = self.options
        if key in options.confirm_tools:
            return self._every_call(ASK_NAMED, tool)
        destructive = is_destructive(annotations)
        if not (effects := self.effects):
            asks = options.confirm_destructive and destructive
            return self._every_call(ASK_DESTRUCTIVE, tool) if asks else None
        original = unwrap(tool)
        if annotations.read_only:
            return None
        if effects.everything:
            return self._every_call(ASK_EVERY, tool)
        # One Asking per tool between builds: Assist's tools come anew with every request.
        cache_key = _effect_key(original)
        if (known := self._by_effect.get(cache_key)) is None:
            if (effect := effect_of(original)) is None:
                return ASK_UNKNOWN if destructive else None
            reason = ASK_INTENT if isinstance(original, llm_helper.IntentTool) else ASK_SCRIPT
            known = self._by_effect[cache_key] = Asking(reason, effect)
        return known

    def _every_call(self, asking: Asking, tool: Tool) -> Asking:
        """Return ``asking`` for every call of ``tool``, knowing what each acts on where it can."""
        original = unwrap(tool)
        cache_key = (asking.reason, _effect_key(original))
        if (known := self._by_effect.get(cache_key)) is None:
            if (effect := effect_of(original)) is None:
                return asking
            known = self._by_effect[cache_key] = Asking(asking.reason, EveryCall(effect))
        return known

    def marks(self, hass: HomeAssistant, asking: Asking, assistant: str | None) -> bool:
        """Return whether some call of a tool asking so may ask now (``Effect.reach``), kept."""
        if not assistant and scopes_entered():
            assistant = CONVERSATION  # as its scoped calls match
        home = async_home_changes(hass)
        if assistant:
            home.watch_exposure(assistant)
        if self._marks.get(_CHANGES) != home.changes:
            self._marks.clear()  # answers of an older home (and its scopes) go
            self._marks[_CHANGES] = home.changes
        effect = asking.effect
        tool = getattr(effect, "tool", None)
        handler = handler_of(hass, tool.intent_type) if tool is not None else None
        # By identity: a handler may be unhashable; the value holds both, so ids stay theirs.
        key = (id(asking), assistant, scopes_entered(), id(handler))
        known = self._marks.get(key)
        if not isinstance(known, tuple) or known[0] is not asking or known[1] is not handler:
            reach = effect.reach(hass, assistant)
            known = (asking, handler, reach is None or self.effects.touched_by(hass, reach))
            self._marks[key] = known
        return bool(known[2])

    def apply(
        self,
        candidates: list[CandidateTool],
        hub_name: str,
        hass: HomeAssistant,
        assistant: str | None,
    ) -> list[str]:
        """Set candidates' ``hidden``, ``confirm``, ``description``, ``name``; return problems."""
        if self.is_open():
            # Nothing to leave out, confirm or override: only what selected hubs confirm.
            for item in candidates:
                if _inner_asks(item.tool):
                    item.confirm = True
                    item.marked = requires_token(item.tool.parameters)
                    item.asking = None
            return []
        overrides = self.options.overrides
        for item in candidates:
            annotations = annotations_of(item.tool)
            item.hidden = self.left_out_reason(item.key, annotations)
            if item.hidden is not None:
                continue
            item.asking = self.asking(item.key, item.tool, annotations, hass)
            if item.asking is not None:
                item.confirm = True
                item.marked = self.marks(hass, item.asking, assistant)
                item.conditions = self.options.confirm_conditions.get(item.key, ())
            if _inner_asks(item.tool):
                # A tool that a selected hub may ask for is gated here too, by the strictest.
                item.confirm = True
                item.marked = item.marked or requires_token(item.tool.parameters)
            if (override := overrides.get(item.key)) and override.description:
                item.description = override.description
        return self._apply_aliases([item for item in candidates if item.hidden is None], hub_name)

    def _apply_aliases(self, listed: list[CandidateTool], hub_name: str) -> list[str]:
        """Name listed tools by their aliases where the names stay unique; return the problems."""
        problems: list[str] = []
        keys = {item.key for item in listed}
        used: set[str] = set()
        for item in listed:
            override = self.options.overrides.get(item.key)
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


def _inner_asks(tool: Tool) -> bool:
    """Return whether ``tool`` comes from a selected hub that may ask for its calls."""
    return isinstance(tool, HubTool) and tool.gate is not None


# The key of ``HubPolicy._marks`` under which the home changes its answers saw are counted.
_CHANGES = "changes"


def _effect_key(tool: Tool) -> object:
    """Return what stays the same for a tool from build to build: its intent or script."""
    for attribute in ("intent_type", "script", "script_entity_id"):
        if (value := getattr(tool, attribute, None)) is not None:
            return value
    return ("action", tool.name) if isinstance(tool, llm_helper.ActionTool) else tool


_NOT_PORTABLE = (
    "is not a portable tool name (letters, digits, _ and -, starting with a letter, "
    f"at most {NAME_TARGET} characters)"
)
# Each ``alias_error`` in words for the log.
_ALIAS_PROBLEMS = {
    "alias_invalid": _NOT_PORTABLE,
    "alias_too_long": _NOT_PORTABLE,
    "alias_separator": (
        f"contains {CORE_NAMESPACE_SEPARATOR}, which Home Assistant's agents put between an "
        "API and a tool name when they merge APIs (the alias could clash with such a name)"
    ),
}
