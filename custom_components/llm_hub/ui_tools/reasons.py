"""The English reasons a tool made in the UI cannot be used, by translation key.

Each one is ``exceptions.<key>.message`` of en.json; the other languages translate it.
"""

from __future__ import annotations

from typing import Final

__all__ = ["MESSAGES"]

_PARAMETER: Final = 'Parameter {number} ("{name}")'
_NAME_RULE: Final = (
    "a name has only letters a-z and A-Z, digits and _, and does not start with a digit"
)

MESSAGES: Final[dict[str, str]] = {
    "parameters_not_list": "The parameters are not a list",
    "parameter_not_mapping": "Parameter {number} is not a mapping",
    "parameter_name_missing": f"Parameter {{number}}: {_NAME_RULE}",
    "parameter_name_invalid": f"{_PARAMETER}: {_NAME_RULE}",
    "parameter_name_taken": f"{_PARAMETER}: the name is taken",
    "parameter_type_unknown": f"{_PARAMETER}: unknown type {{type}}",
    "parameter_options_empty": f"{_PARAMETER}: a choice needs at least one option",
    "parameter_min_above_max": f"{_PARAMETER}: min is above max",
    "parameter_domain_invalid": f"{_PARAMETER}: {{domain}} is not a domain",
    "parameter_not_number": f"{_PARAMETER}: {{field}} {{value}} is not a number",
    "parameter_not_boolean": f"{_PARAMETER}: {{field}} {{value}} is not true or false",
    "parameter_not_text": f"{_PARAMETER}: {{field}} {{value}} is not a text",
    "parameter_not_texts": f"{_PARAMETER}: {{field}} {{value}} is not a list of texts",
    "version_invalid": "Its data version {value} is not a version",
    "version_newer": "It was saved by a newer version of LLM Hub (data version {version})",
    "kind_unknown": "Unknown kind of tool {value}",
    "name_missing": "It has no name",
    "title_not_text": "Its title {value} is not a text",
    "tool_not_boolean": "Its {field} {value} is not true or false",
    "tool_not_text": "Its {field} {value} is not a text",
    "actions_not_list": "Its actions {value} are not a list of actions",
    "template_missing": "It has no template",
    "actions_missing": "It has no actions",
    "script_unnamed": "It names no script",
    "template_invalid": "The template is invalid: {error}",
    "actions_invalid": "The actions are invalid: {error}",
    "actions_key_template": (
        "A key of an action's target or data is a template: write the keys out"
    ),
    "actions_variables_template": (
        "The variables script.turn_on hands a script are one template: write each variable out"
    ),
    "script_missing": "The script {script} does not exist",
    "tool_failed": "It cannot be used: {error}",
}
