"""LLM tools of the example integration: one tool for every LLM Hub API.

Home Assistant calls ``async_get_tools`` for each request with the id of the API being built.
LLM Hub APIs have ids ``llm_hub-<entry id>``; this platform answers only for those.
"""

from typing import override

import probatio

from homeassistant.components.llm import LLMTools
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import llm
from homeassistant.util.json import JsonValueType

from . import DOMAIN


class CountLightsOnTool(llm.Tool):
    """Count the lights that are on."""

    name = f"{DOMAIN}__count_lights_on"
    title = "Count lights that are on"
    description = "Returns how many lights are on, and which, optionally only in one area."
    integration = DOMAIN
    annotations = llm.ToolAnnotations(
        read_only=True, destructive=False, idempotent=True, open_world=False
    )
    parameters = probatio.Schema({probatio.Optional("name_contains"): str})

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Return ``{"count": int, "lights": [friendly names]}``."""
        needle = tool_input.tool_args.get("name_contains", "").casefold()
        names = sorted(
            state.name
            for state in hass.states.async_all("light")
            if state.state == "on" and needle in state.name.casefold()
        )
        lights: list[JsonValueType] = [*names]
        return llm.ToolResult(data={"count": len(lights), "lights": lights})


@callback
def async_get_tools(
    hass: HomeAssistant, llm_context: llm.LLMContext, api_id: str
) -> LLMTools | None:
    """Return the example tool for LLM Hub APIs, nothing for other APIs."""
    if not api_id.startswith("llm_hub-"):
        return None
    return LLMTools(
        tools=[CountLightsOnTool()],
        prompt=f"Use {DOMAIN}__count_lights_on to tell which lights are on.",
    )
