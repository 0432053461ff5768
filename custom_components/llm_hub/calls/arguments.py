"""What the original tool of a hub receives: the model's own arguments, refused only as it would.

The validators' values never replace the model's; only declared defaults are added, and
values the hub listed as text are made values again (the rule: ``docs/tool-calls.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import probatio

from homeassistant.helpers.llm import ActionTool, IntentTool, Tool

from ..schema.cleaner import OPEN_NOTE
from ..schema.text import JsonSchema, value_text

__all__ = ["schema_value", "tool_arguments"]

# Tools that check their arguments in their own way (the hub refuses nothing beforehand).
_SELF_CHECKING: Final = (IntentTool, ActionTool)


def tool_arguments(
    tool: Tool, tool_args: dict[str, Any], listed: JsonSchema | None = None
) -> dict[str, Any]:
    """Return the arguments ``tool`` receives for the model's ``tool_args``, defaults filled in.

    Raises what the tool's parameters raise (``probatio.Invalid``, voluptuous' ``Invalid``).
    """
    parameters: Any = tool.parameters
    # A tool without parameters reads none.
    if parameters is Tool.parameters or isinstance(tool, _SELF_CHECKING):
        return dict(tool_args)
    if isinstance(parameters, dict):
        # A plain mapping, as agents convert it too (probatio.to_openapi): checked as a schema.
        parameters = probatio.Schema(parameters)
    checked = parameters(tool_args)
    if not isinstance(checked, dict):
        return dict(tool_args)
    arguments = dict(_as_listed(tool_args, checked, listed) if listed else tool_args)
    for key, value in checked.items():
        arguments.setdefault(key, value)
    return arguments


def schema_value(tool: Tool, arguments: Mapping[str, Any], name: str) -> Any:
    """Return what ``tool``'s own parameters make of argument ``name`` of ``arguments``.

    Raises what they raise (``KeyError``: they leave it out).
    """
    parameters: Any = tool.parameters
    schema = parameters.schema if isinstance(parameters, probatio.Schema) else parameters
    if isinstance(schema, dict):
        for key, validator in schema.items():
            if key == name:  # a marker equals its name
                return probatio.Schema(validator)(arguments[name])
    if not isinstance(parameters, probatio.Schema):
        parameters = probatio.Schema(parameters)
    return parameters(dict(arguments))[name]


def _as_listed(given: Any, checked: Any, schema: JsonSchema) -> Any:
    """Return ``given`` with each text the clean ``schema`` asks for made its ``checked`` value."""
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
