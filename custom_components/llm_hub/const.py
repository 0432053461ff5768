"""Constants for LLM Hub."""

import logging
from typing import Final

DOMAIN: Final = "llm_hub"
LOGGER = logging.getLogger(__package__)

CONF_PROMPT: Final = "prompt"
"""Option key of the hub's own instructions to the model (plain text)."""

MAX_NAME_LENGTH: Final = 64
"""Longest hub name: it becomes part of tool names where agents merge APIs by name."""

CONTRIBUTED_NAMESPACE: Final = DOMAIN
"""Namespace of tools contributed to a hub by llm.py platforms, used only on a name collision."""


def api_id_for_entry(entry_id: str) -> str:
    """Return the LLM API id of the hub of a config entry: ``llm_hub-<entry_id>``."""
    return f"{DOMAIN}-{entry_id}"
