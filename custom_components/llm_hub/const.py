"""Constants of LLM Hub: the domain, option keys and their defaults, fixed limits."""

import logging
from typing import Final

DOMAIN: Final = "llm_hub"
LOGGER = logging.getLogger(__package__)

CONF_PROMPT: Final = "prompt"
"""Option key of the hub's own instructions to the model (plain text)."""

CONF_TIMEOUT: Final = "timeout"
"""Option key of the longest a tool call may run, in seconds, before it is cancelled."""
DEFAULT_TIMEOUT: Final = 60

MCP_SERVER_PLATFORM: Final = "mcp_server"
"""``LLMContext.platform`` of requests from Home Assistant's MCP Server."""
MCP_SERVER_CALL_LIMIT: Final = 55
"""Longest a tool call from MCP Server may run, in seconds: MCP Server gives up on a request
after 60 s (``mcp_server/http.py``, 2026.10 and 2026.11) and the client gets HTTP 504."""

SOURCE_BUDGET: Final = 10.0
"""Seconds each source of a hub (the ``llm.py`` platform of one integration, one selected
LLM API) may take to give its tools for one request; a source that takes longer is left out
of that request, and the rest is served. A selected hub has no budget of its own: its
sources have theirs."""

CONF_MAX_TOOLS: Final = "max_tools"
"""Option key of the most tools the hub should list; the options flow warns above it."""
DEFAULT_MAX_TOOLS: Final = 128
"""OpenAI's limit of tools per request."""

CONF_RECORD_ARGUMENTS: Final = "record_arguments"
"""Option key: whether the audit trail records tool arguments (secrets redacted)."""

MAX_NAME_LENGTH: Final = 64
"""Longest hub name: it becomes part of tool names where agents merge APIs by name."""
RESERVED_API_NAMES: Final = ("Assist", "Device control", "Home Assistant")
"""Names of Home Assistant's own LLM APIs (``components/llm``), which no hub may take (by
slug), whatever version runs: the Assist API is "Assist" in 2026.10 and "Device control" in
2026.11, which adds "Home Assistant". A hub named so on 2026.10 would share its name with one
of them after upgrading."""

CONTRIBUTED_NAMESPACE: Final = DOMAIN
"""Namespace of tools contributed to a hub by llm.py platforms, used only on a name collision."""


def api_id_for_entry(entry_id: str) -> str:
    """Return the LLM API id of the hub of a config entry: ``llm_hub-<entry_id>``."""
    return f"{DOMAIN}-{entry_id}"


# --- Tool policy options (options flow; parsed by policy.HubPolicy) -----------------------

CONF_INCLUDE_NEW_TOOLS: Final = "include_new_tools"
"""Option key: whether tools without a decision of their own are listed (bool, default on)."""
CONF_INCLUDED_TOOLS: Final = "included_tools"
"""Option key: tool keys the user chose to list (list of str)."""
CONF_EXCLUDED_TOOLS: Final = "excluded_tools"
"""Option key: tool keys the user chose to leave out (list of str)."""

CONF_READ_ONLY: Final = "read_only"
"""Option key: list only tools annotated ``read_only`` (bool, default off)."""
CONF_NO_DESTRUCTIVE: Final = "no_destructive"
"""Option key: leave out destructive tools (bool, default off)."""
CONF_NO_OPEN_WORLD: Final = "no_open_world"
"""Option key: leave out tools that reach outside Home Assistant (bool, default off)."""

CONF_CONFIRM_DESTRUCTIVE: Final = "confirm_destructive"
"""Option key: destructive tools run only after the user confirmed (bool, default off)."""
CONF_CONFIRM_TOOLS: Final = "confirm_tools"
"""Option key: tool keys that run only after the user confirmed (list of str)."""
CONFIRMATION_TTL: Final = 300
"""Seconds a confirmation token stays valid."""
TOKEN_ARGUMENT: Final = "confirmation_token"  # noqa: S105  # an argument name, not a secret
"""The argument that carries a confirmation token (``confirmation.py``)."""

CONF_CONFIRM_WITHOUT_CONVERSATION: Final = "confirm_without_conversation"
"""Option key: how calls that need confirming are confirmed when the caller has no
conversation (MCP clients, the websocket, automations): ``CONFIRM_APPROVE`` or
``CONFIRM_REFUSE``."""
CONFIRM_APPROVE: Final = "approve"
"""A user approves the call in Home Assistant (``approvals.py``); the default."""
CONFIRM_REFUSE: Final = "refuse"
"""Such calls are refused."""
CONF_APPROVAL_TIMEOUT: Final = "approval_timeout"
"""Option key: seconds a call waits for approval, and an approved call for the model."""
DEFAULT_APPROVAL_TIMEOUT: Final = 300
MAX_APPROVAL_TIMEOUT: Final = 86400
"""Longest time an approval waits, in seconds (the options form; longer stored ones are cut)."""
CONF_APPROVAL_NOTIFY_SERVICE: Final = "approval_notify_service"
"""Option key: a notify action (``notify.mobile_app_<device>``) that gets each approval
with Approve and Deny buttons (optional)."""

CONF_OVERRIDES: Final = "overrides"
"""Option key: per tool key, ``{"name": alias, "description": text}`` (either may be absent)."""
CONF_ALIAS: Final = "name"
"""Key of an override's alias (the name the model calls the tool by)."""
CONF_DESCRIPTION: Final = "description"
"""Key of an override's replacement description."""

OPTIONS_VERSION: Final = 1
"""Major version of the entry format (``ConfigFlow.VERSION``); a new one is incompatible."""
OPTIONS_MINOR_VERSION: Final = 2
"""Minor version: 1.2 stores the selected API ids as a list and leaves empty options out."""
