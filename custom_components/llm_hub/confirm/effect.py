"""Decides whether a tool call acts on a hub's "Always ask before acting on" set.

``effect_of`` says which tools' effect the hub can know before a call: Assist's intent
tools, scripts and action tools made in the UI. What a call acts on comes from ``targets``;
what it cannot follow touches the set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm as llm_helper
from homeassistant.helpers.script import Script

from ..scope.reach import within
from ..targets.acts import Acts, EffectSet
from ..targets.intents import intent_acts, intent_reach
from ..targets.walk import actions_acts, entities_acts, tool_script

if TYPE_CHECKING:
    from homeassistant.helpers.llm import LLMContext, Tool

__all__ = [
    "ALWAYS",
    "NEVER",
    "Asking",
    "Effect",
    "EffectSet",
    "EveryCall",
    "effect_of",
    "script_acts",
]


class Effect(Protocol):
    """What calls of one tool act on."""

    def touches(
        self,
        hass: HomeAssistant,
        arguments: Mapping[str, Any],
        llm_context: LLMContext,
        effects: EffectSet,
    ) -> bool:
        """Return whether the call with ``arguments`` acts on anything in ``effects``."""

    def acts(
        self, hass: HomeAssistant, arguments: Mapping[str, Any], llm_context: LLMContext
    ) -> Acts | None:
        """Return what the call with ``arguments`` acts on (None: it asks for fixed reasons)."""

    def reach(self, hass: HomeAssistant, assistant: str | None) -> Acts | None:
        """Return what some call may act on, whatever its arguments (None: fixed reasons)."""


class _Fixed:
    """Every call touches the set, or none does (a tool that asks for fixed reasons)."""

    __slots__ = ("_touches",)

    def __init__(self, *, touches: bool) -> None:
        self._touches = touches

    def touches(
        self,
        hass: HomeAssistant,
        arguments: Mapping[str, Any],
        llm_context: LLMContext,
        effects: EffectSet,
    ) -> bool:
        """Return the fixed answer."""
        return self._touches

    def acts(
        self, hass: HomeAssistant, arguments: Mapping[str, Any], llm_context: LLMContext
    ) -> Acts | None:
        """Return None: what it acts on is not why it asks."""
        return None

    def reach(self, hass: HomeAssistant, assistant: str | None) -> Acts | None:
        """Return None: what it acts on is not why it asks."""
        return None


ALWAYS: Final = _Fixed(touches=True)
NEVER: Final = _Fixed(touches=False)


@dataclass(frozen=True, slots=True)
class EveryCall:
    """Every call asks (for fixed reasons); what each acts on is what ``effect`` says."""

    effect: Effect

    def touches(
        self,
        hass: HomeAssistant,
        arguments: Mapping[str, Any],
        llm_context: LLMContext,
        effects: EffectSet,
    ) -> bool:
        """Return True: every call asks."""
        return True

    def acts(
        self, hass: HomeAssistant, arguments: Mapping[str, Any], llm_context: LLMContext
    ) -> Acts | None:
        """Return what the call acts on, as ``effect`` says."""
        return self.effect.acts(hass, arguments, llm_context)

    def reach(self, hass: HomeAssistant, assistant: str | None) -> Acts | None:
        """Return None: what it may act on is not why it asks."""
        return None


@dataclass(frozen=True, slots=True)
class Asking:
    """Why calls of a tool may ask (words for the inspector) and which calls do."""

    reason: str
    effect: Effect = ALWAYS


@dataclass(frozen=True, slots=True)
class IntentEffect:
    """An intent's call acts on what its handler would find (``targets.intents``)."""

    tool: llm_helper.IntentTool

    def touches(
        self,
        hass: HomeAssistant,
        arguments: Mapping[str, Any],
        llm_context: LLMContext,
        effects: EffectSet,
    ) -> bool:
        """Return whether the call acts on ``effects``; one that cannot be followed does."""
        return effects.touched_by(hass, self.acts(hass, arguments, llm_context))

    def acts(
        self, hass: HomeAssistant, arguments: Mapping[str, Any], llm_context: LLMContext
    ) -> Acts:
        """Return what the call acts on, matched as the (scoped) call matches."""
        return intent_acts(hass, self.tool, arguments, llm_context, within())

    def reach(self, hass: HomeAssistant, assistant: str | None) -> Acts:
        """Return what some call may act on, within the scopes entered (``intent_reach``)."""
        return intent_reach(hass, self.tool.intent_type, assistant, within())


@dataclass(frozen=True, slots=True)
class ScriptEffect:
    """A script's call acts on what its actions do, nested scripts, groups and scenes followed."""

    # The script, or the entity id of a script entity (looked up per call).
    script: Script | str

    def touches(
        self,
        hass: HomeAssistant,
        arguments: Mapping[str, Any],
        llm_context: LLMContext,
        effects: EffectSet,
    ) -> bool:
        """Return whether the script may act on anything in ``effects``.

        What cannot be followed (a template's pick, an event, a missing script) acts on the set.
        """
        return effects.touched_by(hass, script_acts(hass, self.script))

    def acts(
        self, hass: HomeAssistant, arguments: Mapping[str, Any], llm_context: LLMContext
    ) -> Acts:
        """Return what running the script acts on."""
        return script_acts(hass, self.script)

    def reach(self, hass: HomeAssistant, assistant: str | None) -> Acts:
        """Return what running the script acts on (the same for every call)."""
        return script_acts(hass, self.script)


def script_acts(hass: HomeAssistant, script: Script | str) -> Acts:
    """Return what running ``script`` (a ``Script``, or a script entity's id) acts on."""
    if isinstance(script, str):
        return entities_acts(hass, [script])
    return actions_acts(hass, script.sequence)


def effect_of(tool: Tool) -> Effect | None:
    """Return what calls of ``tool`` act on, or None when the hub cannot know it."""
    if isinstance(tool, llm_helper.IntentTool):
        return IntentEffect(tool)
    if isinstance(script := getattr(tool, "script", None), Script):
        return ScriptEffect(script)
    if (entity_id := tool_script(tool)) is not None:
        return ScriptEffect(entity_id)
    return None
