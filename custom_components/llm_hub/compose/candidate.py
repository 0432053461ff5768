"""The record of a tool a hub's build considers, and the confirmation token its schema declares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import probatio

from homeassistant.helpers.llm import Tool

from ..confirm.effect import Asking
from ..const import TOKEN_ARGUMENT
from ..options import Condition

__all__ = [
    "HIDDEN_NO_TOKEN",
    "HIDDEN_OWN_TOKEN",
    "CandidateTool",
    "declare_token",
    "requires_token",
]


@dataclass(slots=True)
class CandidateTool:
    """One tool a hub's build considers for listing, with what the build decided about it.

    Merging sets ``tool``, ``source`` and ``wanted_name``; naming sets ``key`` and ``name``;
    policy and schemas set the rest. Left-out ones are kept for the inspector.
    """

    # The original tool (a ``HubTool`` when it came through a selected hub).
    tool: Tool
    # The domain (contributed) or selected API id the tool came from.
    source: str
    # The merged name: the tool's own name, or ``<namespace>--<name>`` on a collision.
    wanted_name: str
    # The portable, unique name before any alias: what options (selection, overrides) use.
    key: str = ""
    # The listed name: ``key`` or the user's alias for it.
    name: str = ""
    # The listed description (the tool's own unless overridden).
    description: str | None = None
    # The listed parameters schema (what agents convert); calls are checked against the tool's own.
    parameters: Any = None
    # Why the hub does not list the tool (a sentence for the inspector), or None.
    hidden: str | None = None
    # Whether calls may ask the user first (policy; ``confirm.gate``).
    confirm: bool = False
    # Whether some call may ask now, so its schema declares the token (``HubPolicy.marks``).
    marked: bool = False
    # Why and when this hub's own options ask (None: only a selected hub's gate may).
    asking: Asking | None = None
    # The clean JSON Schema the listed ``parameters`` convert to; shared between requests, so never
    # to be changed.
    json_schema: dict[str, Any] | None = None
    # What making the schema acceptable to every provider changed, in words.
    schema_fixes: Sequence[str] = ()
    # With ``asking``: its calls ask only when one of these holds (empty: no condition).
    conditions: tuple[Condition, ...] = ()


# Why a tool that needs confirming is left out when its parameters take no named arguments.
HIDDEN_NO_TOKEN = "needs confirming, but its parameters cannot declare a confirmation token"  # noqa: S105  # a reason, not a secret
# Why a tool that needs confirming is left out when its own parameters use the token's name.
HIDDEN_OWN_TOKEN = (
    f"needs confirming, but its own parameters use {TOKEN_ARGUMENT}, so it cannot be confirmed"
)

_ARGUMENT_HELP = (
    "Leave out at first; after the user confirms, repeat the call with the token or approval "
    "id it returned."
)


class _TokenSchema(probatio.Schema):
    """Listed parameters that declare ``confirmation_token``."""


def requires_token(parameters: Any) -> bool:
    """Return whether listed parameters declare a confirmation token."""
    return isinstance(parameters, _TokenSchema)


def declare_token(item: CandidateTool) -> str | None:  # noqa: PLR0911  # one answer per case
    """Add ``confirmation_token`` to a marked tool's listed parameters; return why not."""
    if item.hidden is not None or not item.confirm:
        return None
    parameters = item.parameters
    if requires_token(parameters):
        return None
    if not isinstance(parameters, probatio.Schema) or not isinstance(parameters.schema, dict):
        if not item.marked:
            return None  # its calls cannot ask now; one that would is refused, not run
        item.hidden = HIDDEN_NO_TOKEN
        return item.hidden
    # A tool of a selected hub that confirms it declares the token of that hub, not its own.
    if not requires_token(item.tool.parameters) and any(
        str(key) == TOKEN_ARGUMENT for key in parameters.schema
    ):
        item.hidden = HIDDEN_OWN_TOKEN
        return item.hidden
    if not item.marked:
        return None
    item.parameters = _TokenSchema(
        {
            **parameters.schema,
            probatio.Optional(TOKEN_ARGUMENT, description=_ARGUMENT_HELP): str,
        },
        extra=parameters.extra,
    )
    return None
