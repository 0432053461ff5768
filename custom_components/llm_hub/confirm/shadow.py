"""Shadow mode: a hub's confirmation settings stop no call; what they would have done is kept.

``ShadowGate`` is a hub's ``ToolGate`` with its own settings set aside: a selected hub's gate on
the call's path still asks (``asking``); the rest runs, carrying what ``ToolGate.asking``
would have decided (``Shadowed``: ask, or refuse for want of a conversation, the reason, and
what the call acts on as an approval names it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from homeassistant.helpers.llm import LLMContext, ToolInput

from ..calls.tool import Cleared, Shadowed, Stop
from .approvals import targets
from .conditions import Runs, RunsWith, ToolConditions, condition_words
from .effect import Effect, EffectSet
from .gate import Confirmations, ToolGate, _current_chat_log

__all__ = ["ShadowGate"]


class ShadowGate(ToolGate):
    """The gate of a tool of a hub in shadow mode; ``reasons``: its own, a selected hub's."""

    __slots__ = ("reasons",)

    def __init__(
        self,
        confirmations: Confirmations,
        effect: Effect,
        effects: EffectSet,
        inner: object,
        reasons: tuple[str, str],
        *,
        conditions: ToolConditions | None = None,
        runs_with: RunsWith | None = None,
    ) -> None:
        """Set this hub's settings aside; a selected hub's gate ``inner`` still asks."""
        super().__init__(confirmations, effect, effects, inner, conditions, runs_with)
        self.reasons = reasons

    def asking_with(
        self, arguments: dict[str, Any], runs: Runs | None, llm_context: LLMContext
    ) -> Confirmations | None:
        """Return the selected hub's gate that asks for this call, or None: this hub never asks."""
        below = self.below(arguments, runs, llm_context)
        return below if isinstance(below, Confirmations) else None

    def check(
        self,
        name: str,
        tool_input: ToolInput,
        llm_context: LLMContext,
        arguments: dict[str, Any],
    ) -> Cleared | Stop:
        """Return the call cleared with what the settings would have done, or a selected hub's."""
        runs = Runs(arguments) if self.runs_with is None else self.runs_with(arguments)
        live = self.asking_with(arguments, runs, llm_context)
        would = ToolGate.asking_with(self, arguments, runs, llm_context)
        if would is None and live is None:
            return Cleared(arguments)
        gates = self._gates()
        acts = self._acts(gates, arguments, llm_context)
        acts_on = self._acts_on(gates, acts)
        checked: Cleared | Stop = Cleared(arguments)
        if live is not None:
            # Asked for as this hub's tool, not the selected hub's of the same name.
            live = live.through(self.confirmations.api_id)
            checked = live.remembered(name, tool_input, llm_context, arguments, acts) or live.check(
                name, tool_input, llm_context, arguments, acts_on, acts=acts
            )
        if would is None or not isinstance(checked, Cleared):
            return checked
        refused = would.refuses_without_conversation and _current_chat_log(would.hass) is None
        if live is not None and not refused:
            return checked  # asked for as this hub would have: nothing set aside
        found = targets(would.hass, arguments, acts_on)
        own = self.conditions if live is None else None
        shadow = Shadowed(
            "refuse" if refused else "ask",
            self.reasons[live is not None],
            found.entities,
            found.more,
            found.unmatched,
            None if own is None else condition_words(own.conditions, own.arguments),
        )
        return replace(checked, shadow=shadow)
