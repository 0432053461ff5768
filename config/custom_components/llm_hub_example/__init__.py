"""Example integration: contributes tools to every LLM Hub API (see llm.py)."""

from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers.typing import ConfigType

DOMAIN = "llm_hub_example"
CONFIG_SCHEMA = cv.empty_config_schema(DOMAIN)


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Set up nothing: the llm.py platform is all this integration has."""
    return True
