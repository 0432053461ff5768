"""The ``llm.py`` platform: N tools for Assist and for the APIs the benchmark names."""

from homeassistant.components.llm import LLMTools
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.llm import LLM_API_ASSIST, LLMContext

from .tools import DATA


@callback
def async_get_tools(hass: HomeAssistant, llm_context: LLMContext, api_id: str) -> LLMTools | None:
    """Return the contributed tools for Assist and for ``contribute_to``; None for others."""
    bench = hass.data[DATA]
    if api_id != LLM_API_ASSIST and api_id not in bench.contribute_to:
        return None
    return LLMTools(tools=bench.tools("echo"), prompt="Use the bench tools to echo text.")
