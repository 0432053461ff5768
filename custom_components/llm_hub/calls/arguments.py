"""What the original tool of a hub receives: the model's own arguments, refused only as it would.

The rule (``docs/tool-calls.md``): a call through a hub reaches the original tool with the
arguments it would get if the agent called that tool directly, which Home Assistant hands on
unvalidated (``APIInstance.async_call_tool``, 2026.10 and 2026.11). The hub takes out only
what it added itself (the confirmation token, ``confirmation.py``), and refuses only what the
tool could not handle: tools whose own code validates in its own way or takes anything
(intents, scripts, tools without parameters) are not checked beforehand; for the others
their parameters decide.
The validators' output (coerced values) never replaces the model's values: Home Assistant's
tools are written for the raw values and normalise them themselves, while a validator may
change their meaning (``BooleanSelector`` makes ``"false"`` true). Two things the hub did
itself are undone with the validators' help: what the model left out gets the default the
parameters declare for it (tools written to the spec, "validated against parameters",
expect it; core's tools declare none their own code does not apply the same way), and an
enum the hub listed as text, or a value it asked for as text (``schema.cleaner``: "enum
values given as text", "taken as text"), reaches the tool as the value the parameters made
of that text (``"2"`` as ``2``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import probatio

from homeassistant.helpers.llm import ActionTool, IntentTool, Tool

from ..schema.cleaner import OPEN_NOTE
from ..schema.text import JsonSchema, value_text

__all__ = ["tool_arguments"]


def tool_arguments(
    tool: Tool, tool_args: dict[str, Any], listed: JsonSchema | None = None
) -> dict[str, Any]:
    """Return the arguments ``tool`` receives for the model's ``tool_args``.

    A new dict: the model's keys and values as given, then the declared defaults of the
    top-level parameters it left out. ``listed`` is the clean JSON Schema the hub lists for
    the tool (``schema.parameters.CleanSchema``); where it lists an enum as text, or asks
    for a value as text, the text becomes the tool's value again.

    Raises what the tool's parameters raise (``probatio.Invalid``, or voluptuous' ``Invalid``
    for parameters written with it) when the tool could not handle the arguments, and what a
    validator with a bug of its own raises. How each kind of tool is checked follows its code
    in Home Assistant (``helpers/llm.py``):

    - ``IntentTool``: nothing is checked. The tool leaves out blank values (``None``, blank
      text), and the intent handler validates the slots itself, in its own way: its slot
      schema allows slots it does not name, and some handlers set a slot before validating
      (``HassMediaPlayerMute`` sets ``is_volume_muted``), so only the tool can tell what it
      refuses (``InvalidSlotInfo``, raised from the ``Invalid`` that names the slot).
    - ``ActionTool`` (``ScriptTool`` among them): nothing is checked. It hands the arguments
      to the action, whose own schema decides (a script's takes any mapping: its fields
      describe, they do not validate); even its own look-up of area and floor fields takes
      what a selector refuses (text for a list of areas is read letter by letter). What
      fails it fails the call as it would through Assist.
    - A tool that declares no parameters (``llm.Tool``'s own empty schema, e.g.
      ``llm__GetDateTime``): nothing is checked; it reads no arguments, so none can fail it.
    - Any other tool: its parameters, as declared (``GetLiveContext`` and ``todo__get_items``
      validate with them again themselves); a plain mapping as a ``probatio.Schema``.
    """
    checked = _checker(tool)(tool_args)
    if not isinstance(checked, dict):
        return dict(tool_args)
    arguments = dict(_as_listed(tool_args, checked, listed) if listed else tool_args)
    for key, value in checked.items():
        arguments.setdefault(key, value)
    return arguments


def _checker(tool: Tool) -> Callable[[dict[str, Any]], Any]:
    """Return the check of a tool's arguments that refuses what the tool could not handle."""
    if tool.parameters is Tool.parameters:
        return _unchecked
    if isinstance(tool, (IntentTool, ActionTool)):
        return _unchecked
    if isinstance(tool.parameters, dict):
        # A plain mapping, as agents convert it too (probatio.to_openapi): checked as a schema.
        return probatio.Schema(tool.parameters)
    return tool.parameters


def _unchecked(tool_args: dict[str, Any]) -> None:
    """Check nothing: the tool takes whatever it is given (see ``tool_arguments``)."""


def _as_listed(given: Any, checked: Any, schema: JsonSchema) -> Any:
    """Return ``given`` with the enums the clean ``schema`` lists as text made values again.

    ``checked`` is what the tool's parameters made of ``given``. A text that is one of an
    enum's texts becomes the checked value whose text it is (``schema.text.value_text``), a
    text the hub asked for in place of another form (``schema.cleaner.OPEN_NOTE``) the checked
    value; objects and lists are walked where ``given`` and ``checked`` line up; all else is
    kept.
    """
    if isinstance(given, str):
        if isinstance(checked, str):
            return given
        if OPEN_NOTE in schema.get("description", "") or (
            given in schema.get("enum", ()) and value_text(checked) == given
        ):
            return checked
        return given
    if isinstance(given, dict) and isinstance(checked, dict):
        properties = schema.get("properties", {})
        return {
            key: _as_listed(value, checked[key], properties[key])
            if key in properties and key in checked
            else value
            for key, value in given.items()
        }
    if (
        isinstance(given, list)
        and isinstance(checked, list)
        and len(given) == len(checked)
        and isinstance(items := schema.get("items"), dict)
    ):
        return [_as_listed(value, done, items) for value, done in zip(given, checked, strict=True)]
    return given
