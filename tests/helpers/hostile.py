"""Tools a hostile model calls: one takes any text, one echoes odd text, one fails with it."""

from __future__ import annotations

from typing import Any

import probatio

from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm

from .hubs import TOOLS_DOMAIN, BrewTool, Call, RecordingTool, grind_tool

NOTE = f"{TOOLS_DOMAIN}__note"
"""A contributed tool that takes any text: a model can put anything in it."""
ECHO = f"{TOOLS_DOMAIN}__echo"
"""A contributed tool whose result holds lone surrogates in texts, keys, lists and tuples."""
FAIL = f"{TOOLS_DOMAIN}__fail"
"""A contributed tool whose error text holds a lone surrogate (e.g. a name the model sent)."""
LONE = "Milk \ud800 please"
"""Text with a lone surrogate: ``json.loads`` of what a model wrote can give it
(``"\\ud800"``), and JSON encoders of Home Assistant (orjson) refuse it."""


def hostile_tools(calls: list[Call]) -> list[llm.Tool]:
    """Return BREW, GRIND, NOTE, ECHO and FAIL, recording their calls in ``calls``."""
    note = RecordingTool(
        NOTE,
        integration=TOOLS_DOMAIN,
        description="Leaves a note.",
        parameters=probatio.Schema(
            {probatio.Required("text"): str, probatio.Optional("count"): int}
        ),
        annotations=llm.ToolAnnotations(read_only=False, destructive=False, open_world=False),
        log=calls,
    )
    odd: Any = {LONE: [LONE, (LONE, 1)], "n": {2: LONE}}
    echo = RecordingTool(
        ECHO,
        integration=TOOLS_DOMAIN,
        description="Echoes odd text.",
        result=llm.ToolResult(data=odd),
        log=calls,
    )
    fail = RecordingTool(
        FAIL,
        integration=TOOLS_DOMAIN,
        description="Fails with the model's text.",
        raises=HomeAssistantError(f"No note named {LONE}"),
        log=calls,
    )
    return [BrewTool(calls), grind_tool(calls), note, echo, fail]
