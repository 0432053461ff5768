"""Synthetic tools for ``script/bench``: N trivial tools for Assist, hubs and an LLM API.

``script/bench`` links this folder into the ``custom_components`` of a temporary config, so
Home Assistant loads it like any custom integration:

- ``llm.py`` contributes N tools (``bench_tools__echo_<i>``) to Assist and to the API ids in
  ``BenchTools.contribute_to`` (the hub the benchmark gives contributed tools);
- the integration registers the LLM API ``bench_tools`` ("Bench tools") with N tools of its
  own (``bench_tools__api_echo_<i>``), the second API a hub and ``MergedAPI`` pick.

The benchmark sets N with ``hass.data["bench_tools"].resize(n)``; tools are made per request
like Home Assistant's own platforms make them, or once (``resize(n, cached=True)``).
"""

from homeassistant.core import HomeAssistant

# ``llm`` under another name: once Home Assistant imports this package's ``llm`` platform,
# the package attribute ``llm`` is that submodule.
from homeassistant.helpers import config_validation as cv, llm as llm_helper
from homeassistant.helpers.typing import ConfigType

from .tools import DATA, DOMAIN, BenchAPI, BenchTools

CONFIG_SCHEMA = cv.empty_config_schema(DOMAIN)


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Keep the tools in ``hass.data`` and register the LLM API ``bench_tools``."""
    hass.data[DATA] = bench = BenchTools()
    llm_helper.async_register_api(hass, BenchAPI(hass, bench))
    return True
