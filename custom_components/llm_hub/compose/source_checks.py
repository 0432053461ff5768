"""Checks of what a hub's sources give it: used as it is, or left out with a reason.

Prompts and tools come from code the hub does not control (``llm.py`` platforms, selected
APIs): a prompt that is not text and a tool that is not an ``llm.Tool`` with a name are left
out, with the reason in words, and the rest of the hub keeps serving.
"""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, Final

from homeassistant.helpers.llm import Tool

__all__ = ["CheckedSource", "check_source"]

# The most characters of a value's ``repr`` a reason shows.
_REPR_LIMIT: Final = 40


@dataclass(slots=True)
class CheckedSource:
    """What a hub can use of one source, and what it left out."""

    # The source's prompt, ``""`` when it has none or it is not text.
    prompt: str
    # The source's tools that are ``llm.Tool``s with a name (text, not blank), in order.
    tools: list[Tool]
    # What was left out and why, one phrase each (``its prompt, which is None, not text``).
    left_out: list[str] = field(default_factory=list)


def check_source(prompt: Any, tools: Any, *, prompt_optional: bool = False) -> CheckedSource:
    """Return what a hub can use of a source's ``prompt`` and ``tools``."""
    checked = CheckedSource(prompt="", tools=[])
    if isinstance(prompt, str):
        checked.prompt = prompt
    elif prompt is not None or not prompt_optional:
        if isinstance(prompt, Coroutine):
            prompt.close()
            checked.left_out.append("its prompt, a coroutine that was not awaited, not text")
        else:
            checked.left_out.append(f"its prompt, which is {_kind(prompt)}, not text")
    if not isinstance(tools, (list, tuple)):
        checked.left_out.append(f"its tools, which are {_kind(tools)}, not a list")
        return checked
    # Most sources give only usable tools (what _tool_problem accepts): one quick pass.
    usable = [
        tool
        for tool in tools
        if isinstance(tool, Tool)
        and isinstance(name := getattr(tool, "name", None), str)
        and name.strip()
    ]
    if len(usable) == len(tools):
        checked.tools = usable
        return checked
    for tool in tools:
        if (problem := _tool_problem(tool)) is None:
            checked.tools.append(tool)
        else:
            checked.left_out.append(problem)
    return checked


def _tool_problem(tool: Any) -> str | None:
    """Return why ``tool`` cannot be used, or None when it can."""
    if not isinstance(tool, Tool):
        return f"a tool that is {_kind(tool)}, not an llm.Tool"
    name = getattr(tool, "name", None)
    if not isinstance(name, str):
        return f"a tool of class {type(tool).__name__} whose name is {_kind(name)}, not text"
    if not name.strip():
        return f"a tool of class {type(tool).__name__} with a blank name"
    return None


def _kind(value: Any) -> str:
    """Return a few words for a value of the wrong kind: ``None``, ``of type <type> (<repr>)``."""
    if value is None:
        return "None"
    text = repr(value)
    if len(text) > _REPR_LIMIT:
        text = f"{text[: _REPR_LIMIT - 3]}..."
    return f"of type {type(value).__name__} ({text})"
