"""Leaves out of a scoped hub's sources what it cannot keep in scope, and cuts Assist's overview."""

from __future__ import annotations

from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm as llm_helper

from ..calls.tool import unwrap
from ..scope.assist import in_scope, prompt_in_scope
from .builder import Source

__all__ = ["narrow_to_scope"]


def narrow_to_scope(
    hass: HomeAssistant, source: Source, llm_context: llm_helper.LLMContext
) -> None:
    """Leave out of ``source`` what a scoped hub cannot keep in scope; cut Assist's overview."""
    source.prompt_parts = [
        (heading, prompt_in_scope(hass, llm_context.assistant, text))
        for heading, text in source.prompt_parts
    ]
    for index, tool in enumerate(source.tools):
        original = unwrap(tool)
        if isinstance(kept := in_scope(hass, original, llm_context.assistant), str):
            source.left_out[tool.name] = kept
        elif kept is not original and tool is original:
            source.tools[index] = kept  # a reader of the lists in scope
