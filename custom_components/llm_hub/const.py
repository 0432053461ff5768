"""Constants of LLM Hub: the domain, option keys and their defaults, fixed limits."""

from datetime import timedelta
from enum import StrEnum
import logging
from typing import Final

DOMAIN: Final = "llm_hub"
LOGGER = logging.getLogger(__package__)

# Major version of the entry format (``ConfigFlow.VERSION``); a new one is incompatible.
OPTIONS_VERSION: Final = 1
# Minor version: 1.2 stores the selected API ids as a list and leaves empty options out.
OPTIONS_MINOR_VERSION: Final = 2

# Entry data key: the last title of the hub that followed the name rules (its API name).
DATA_NAME: Final = "name"
# Longest hub name: it becomes part of tool names where agents merge APIs by name.
MAX_NAME_LENGTH: Final = 64
# Names of Home Assistant's own LLM APIs in any supported version, which no hub may take.
#
# The Assist API is "Assist" in 2026.10 and "Device control" in 2026.11, which adds "Home
# Assistant"; a hub named so on 2026.10 would share its name with one after upgrading.
RESERVED_API_NAMES: Final = ("Assist", "Device control", "Home Assistant")

# Namespace of tools contributed to a hub by llm.py platforms, used only on a name collision.
CONTRIBUTED_NAMESPACE: Final = DOMAIN

# ``LLMContext.platform`` of requests from Home Assistant's MCP Server.
MCP_SERVER_PLATFORM: Final = "mcp_server"
# Longest a tool call from MCP Server may run, in seconds: MCP Server gives up on a request after 60
# s (2026.10 and 2026.11) and the client gets HTTP 504.
MCP_SERVER_CALL_LIMIT: Final = 55

# Seconds each source of a hub may take to give its tools for one request; a slower one is left out
# of that request. A selected hub has no budget of its own: its sources have theirs.
SOURCE_BUDGET: Final = 10.0

# Seconds a confirmation token stays valid.
CONFIRMATION_TTL: Final = 300
# The argument that carries a confirmation token.
TOKEN_ARGUMENT: Final = "confirmation_token"  # noqa: S105  # an argument name, not a secret


def api_id_for_entry(entry_id: str) -> str:
    """Return the LLM API id of the hub of a config entry: ``llm_hub-<entry_id>``."""
    return f"{DOMAIN}-{entry_id}"


# Option keys (``CONF_LLM_HASS_API`` is Home Assistant's), with their values and defaults.
CONF_PROMPT: Final = "prompt"
# Whether tools without a decision of their own are listed.
CONF_INCLUDE_NEW_TOOLS: Final = "include_new_tools"
CONF_INCLUDED_TOOLS: Final = "included_tools"
CONF_EXCLUDED_TOOLS: Final = "excluded_tools"
# List only tools annotated ``read_only``.
CONF_READ_ONLY: Final = "read_only"
CONF_NO_DESTRUCTIVE: Final = "no_destructive"
# Leave out tools that reach outside Home Assistant.
CONF_NO_OPEN_WORLD: Final = "no_open_world"
CONF_CONFIRM_DESTRUCTIVE: Final = "confirm_destructive"
CONF_CONFIRM_TOOLS: Final = "confirm_tools"
# "Always ask before acting on": calls that act on any of these are confirmed.
CONF_ASK_DOMAINS: Final = "ask_domains"
CONF_ASK_DEVICE_CLASSES: Final = "ask_device_classes"
CONF_ASK_AREAS: Final = "ask_areas"
CONF_ASK_ENTITIES: Final = "ask_entities"
# Per tool key, conditions on its arguments' values (``[{CONF_ARGUMENT, CONF_OPERATOR,
# CONF_VALUE}]``): the tool's calls ask, by the options above, only when one of them holds.
CONF_CONFIRM_CONDITIONS: Final = "confirm_conditions"
CONF_ARGUMENT: Final = "argument"
CONF_OPERATOR: Final = "operator"
CONF_VALUE: Final = "value"
# Longest text a ``regex`` condition searches; a longer one counts as holding (the call asks).
MAX_CONDITION_TEXT: Final = 256
# Seconds a ``regex`` condition may search; one that takes longer counts as holding.
CONDITION_SEARCH_TIME: Final = 0.05


class ConditionOperator(StrEnum):
    """How a condition compares an argument's value (``CONF_OPERATOR``)."""

    EQUALS = "equals"
    # One of a list of values.
    IN = "in"
    # ``regex.search``: the pattern is found anywhere in the text.
    REGEX = "regex"
    ABOVE = "above"
    BELOW = "below"
    AT_LEAST = "at_least"
    AT_MOST = "at_most"


# Per tool key, ``{CONF_ALIAS: alias, CONF_DESCRIPTION: text}`` (either may be absent).
CONF_OVERRIDES: Final = "overrides"
CONF_ALIAS: Final = "name"
CONF_DESCRIPTION: Final = "description"
# Per selected LLM API id, ``{CONF_PROMPT_CHOICE: PromptChoice, CONF_PROMPT_TEXT: text}``: what
# the hub does with that API's prompt (absent: keep it); the text replaces it.
CONF_API_PROMPTS: Final = "api_prompts"
CONF_PROMPT_CHOICE: Final = "choice"
CONF_PROMPT_TEXT: Final = "text"


class PromptChoice(StrEnum):
    """What a hub does with a selected LLM API's prompt (option ``CONF_API_PROMPTS``)."""

    # Its prompt as it gives it (the default).
    KEEP = "keep"
    # The hub owner's text instead.
    REPLACE = "replace"
    # No prompt of it; its tools stay.
    DROP = "drop"


# Seconds a tool call may run before it is cancelled.
CONF_TIMEOUT: Final = "timeout"
DEFAULT_TIMEOUT: Final = 60
# Tools the hub should list at most; the options flow warns above it.
CONF_MAX_TOOLS: Final = "max_tools"
# OpenAI's limit of tools per request.
DEFAULT_MAX_TOOLS: Final = 128
# Listed tools above which the options flow and the panel warn that some clients take fewer
# (the lowest a client documented: Cursor's 40, docs/options.md).
CLIENT_TOOL_LIMIT: Final = 40
# Whether the audit trail records tool arguments (secrets redacted).
CONF_RECORD_ARGUMENTS: Final = "record_arguments"
# Most calls of one tool by one user a minute, and calls that may change state by one user an
# hour (absent: no limit).
CONF_CALLS_PER_MINUTE: Final = "calls_per_minute"
CONF_CHANGES_PER_HOUR: Final = "changes_per_hour"
# Highest limit of either; a higher stored one is cut.
MAX_CALL_LIMIT: Final = 10000
# Refusals by a hub's limits within an hour that raise its repair issue.
LIMIT_REPAIR_REFUSALS: Final = 10

# How calls that need confirming are confirmed when the caller has no conversation.
CONF_CONFIRM_WITHOUT_CONVERSATION: Final = "confirm_without_conversation"
# A user approves the call in Home Assistant (the default).
CONFIRM_APPROVE: Final = "approve"
CONFIRM_REFUSE: Final = "refuse"
# Seconds a call waits for approval, and an approved call for the model.
CONF_APPROVAL_TIMEOUT: Final = "approval_timeout"
DEFAULT_APPROVAL_TIMEOUT: Final = 300
# Longest an approval waits, in seconds; a longer stored one is cut.
MAX_APPROVAL_TIMEOUT: Final = 86400
# A notify action (``notify.<name>``) that gets each approval with Approve and Deny.
CONF_APPROVAL_NOTIFY_SERVICE: Final = "approval_notify_service"
# Shadow mode: calls run as if no confirmation rule were set; what would have asked is recorded.
CONF_SHADOW_MODE: Final = "shadow_mode"
# When shadow mode was turned on (ISO 8601; the options flow sets it, and clears it when off).
CONF_SHADOW_SINCE: Final = "shadow_since"
# How long a hub may stay in shadow mode before a repair issue says so.
SHADOW_MODE_WARN_AFTER: Final = timedelta(weeks=1)
# Longest a person deciding an approval may let the hub remember it, in minutes (0: never).
CONF_APPROVAL_REMEMBER: Final = "approval_remember"
# Longest any hub remembers an approval, in minutes; a longer stored one is cut.
MAX_APPROVAL_REMEMBER: Final = 60

CONF_TOOL_MODE: Final = "tool_mode"
# Tool keys listed directly in search mode.
CONF_PINNED_TOOLS: Final = "pinned_tools"
# Search ranks by meaning too (a multilingual sentence encoder, installed when turned on).
CONF_SEARCH_MEANING: Final = "search_meaning"


class ToolMode(StrEnum):
    """How a hub lists its tools (option ``CONF_TOOL_MODE``)."""

    # Every tool (the default).
    ALL = "all"
    # The pinned tools and the meta-tools; the rest through ``search_tools``.
    SEARCH = "search"
    # ``ALL`` while the listed tools fit the hub's tool limit, ``SEARCH`` above it.
    SEARCH_OVER_LIMIT = "search_over_limit"


# Area ids a hub reaches (with the entities and devices in them).
CONF_SCOPE_AREAS: Final = "scope_areas"
CONF_SCOPE_FLOORS: Final = "scope_floors"
CONF_SCOPE_LABELS: Final = "scope_labels"
CONF_SCOPE_DOMAINS: Final = "scope_domains"
CONF_SCOPE_ENTITIES: Final = "scope_entities"
# Entity ids a hub never reaches, whatever else its scope includes.
CONF_SCOPE_EXCLUDED: Final = "scope_excluded"
# User ids who may use a hub (none: everyone Home Assistant lets use it).
CONF_ALLOWED_USERS: Final = "allowed_users"
CONF_ADMINS_ONLY: Final = "admins_only"
