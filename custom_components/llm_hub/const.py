"""Constants for LLM Hub."""

import logging
from typing import Final

DOMAIN: Final = "llm_hub"
LOGGER = logging.getLogger(__package__)

CONF_PROMPT: Final = "prompt"
"""Option key of the hub's own instructions to the model (plain text)."""

CONF_TIMEOUT: Final = "timeout"
"""Option key of the longest a tool call may run, in seconds, before it is cancelled."""
DEFAULT_TIMEOUT: Final = 60

CONF_MAX_TOOLS: Final = "max_tools"
"""Option key of the most tools the hub should expose; the options flow warns above it."""
DEFAULT_MAX_TOOLS: Final = 128
"""OpenAI's limit of tools per request."""

CONF_RECORD_ARGUMENTS: Final = "record_arguments"
"""Option key: whether the audit trail records tool arguments (secrets redacted)."""

MAX_NAME_LENGTH: Final = 64
"""Longest hub name: it becomes part of tool names where agents merge APIs by name."""

CONTRIBUTED_NAMESPACE: Final = DOMAIN
"""Namespace of tools contributed to a hub by llm.py platforms, used only on a name collision."""


def api_id_for_entry(entry_id: str) -> str:
    """Return the LLM API id of the hub of a config entry: ``llm_hub-<entry_id>``."""
    return f"{DOMAIN}-{entry_id}"
