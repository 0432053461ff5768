"""Bulk tools for the browser check (script/ui-check): many tools, to time the panel's views.

``llm_hub_bulk: {tools: 1000, hub: Bulk}`` in configuration.yaml contributes ``tools``
generated tools to the LLM Hub API named ``hub`` (only that one).
"""

import probatio

from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers.typing import ConfigType

DOMAIN = "llm_hub_bulk"
CONF_TOOLS = "tools"
CONF_HUB = "hub"

CONFIG_SCHEMA = probatio.Schema(
    {
        DOMAIN: probatio.Schema(
            {
                probatio.Optional(CONF_TOOLS, default=1000): cv.positive_int,
                probatio.Optional(CONF_HUB, default="Bulk"): cv.string,
            }
        )
    },
    extra=probatio.ALLOW_EXTRA,
)


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Keep the configuration for the llm.py platform."""
    hass.data[DOMAIN] = config[DOMAIN]
    return True
