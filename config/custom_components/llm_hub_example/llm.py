"""LLM tools of the example integration, contributed to every LLM Hub API.

Home Assistant calls ``async_get_tools`` for each request with the id of the API being built.
LLM Hub APIs have ids ``llm_hub-<entry id>``; this platform answers only for those.

Three tools, each showing something ``script/demo`` checks:
- ``llm_hub_example__count_lights_on``: an ordinary read-only tool;
- ``llm_hub_example__zähle.lichter``: a name no model provider accepts (a dot, an umlaut),
  which a hub exposes under a portable name;
- ``llm_hub_example__slow``: sleeps as long as asked, to run into a hub's call timeout.
"""

import asyncio
from typing import override

import probatio

from homeassistant.components.llm import LLMTools
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import llm
from homeassistant.util.json import JsonValueType

from . import DOMAIN

READ_ONLY = llm.ToolAnnotations(
    read_only=True, destructive=False, idempotent=True, open_world=False
)
"""What all three tools do: read Home Assistant's state (or nothing), change nothing."""
MAX_SLEEP = 30
"""Longest sleep ``llm_hub_example__slow`` takes, in seconds."""


def lights_on(hass: HomeAssistant, name_contains: str = "") -> list[JsonValueType]:
    """Return the friendly names of the lights that are on whose name contains a text."""
    needle = name_contains.casefold()
    names = sorted(
        state.name
        for state in hass.states.async_all("light")
        if state.state == "on" and needle in state.name.casefold()
    )
    return [*names]


class CountLightsOnTool(llm.Tool):
    """Count the lights that are on."""

    name = f"{DOMAIN}__count_lights_on"
    title = "Count lights that are on"
    description = "Returns how many lights are on, and which, optionally only in one area."
    integration = DOMAIN
    annotations = READ_ONLY
    parameters = probatio.Schema({probatio.Optional("name_contains"): str})

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Return ``{"count": int, "lights": [friendly names]}``."""
        lights = lights_on(hass, tool_input.tool_args.get("name_contains", ""))
        return llm.ToolResult(data={"count": len(lights), "lights": lights})


class CountLightsGermanTool(llm.Tool):
    """Count the lights that are on, in German, under a name providers refuse."""

    # A dot and an umlaut: OpenAI, Anthropic and Gemini accept neither in a tool name.
    name = f"{DOMAIN}__zähle.lichter"
    title = "Lichter zählen"
    description = "Zählt die Lichter, die an sind, und nennt sie."
    integration = DOMAIN
    annotations = READ_ONLY
    parameters = probatio.Schema({})

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Return ``{"anzahl": int, "lichter": [friendly names]}``."""
        lights = lights_on(hass)
        return llm.ToolResult(data={"anzahl": len(lights), "lichter": lights})


class SlowTool(llm.Tool):
    """Sleep, then answer: a tool that can run longer than a hub lets it."""

    name = f"{DOMAIN}__slow"
    title = "Wait a while"
    description = f"Waits the given number of seconds (at most {MAX_SLEEP}), then answers."
    integration = DOMAIN
    annotations = READ_ONLY
    parameters = probatio.Schema(
        {
            probatio.Required("seconds", description="How long to wait"): probatio.All(
                probatio.Coerce(float), probatio.Range(min=0, max=MAX_SLEEP)
            )
        }
    )

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Sleep ``seconds``; return ``{"slept": seconds}``."""
        seconds: float = tool_input.tool_args["seconds"]
        await asyncio.sleep(seconds)
        return llm.ToolResult(data={"slept": seconds})


@callback
def async_get_tools(
    hass: HomeAssistant, llm_context: llm.LLMContext, api_id: str
) -> LLMTools | None:
    """Return the example tools for LLM Hub APIs, nothing for other APIs."""
    if not api_id.startswith("llm_hub-"):
        return None
    return LLMTools(
        tools=[CountLightsOnTool(), CountLightsGermanTool(), SlowTool()],
        prompt=f"Use {DOMAIN}__count_lights_on to tell which lights are on.",
    )
