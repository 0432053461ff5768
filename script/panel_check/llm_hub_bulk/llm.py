"""Generated tools of ``llm_hub_bulk``, contributed to one LLM Hub API (by its name)."""

from typing import override

import probatio

from homeassistant.components.llm import LLMTools
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import llm

from . import CONF_HUB, CONF_TOOLS, DOMAIN

ANNOTATIONS = (
    llm.ToolAnnotations(read_only=True, destructive=False, idempotent=True, open_world=False),
    llm.ToolAnnotations(read_only=False, destructive=True, idempotent=False, open_world=False),
    llm.ToolAnnotations(read_only=False, destructive=False, idempotent=True, open_world=True),
)
"""The annotations the tools take in turn."""


class BulkTool(llm.Tool):
    """A generated tool: answers with its number and the arguments it got."""

    integration = DOMAIN

    def __init__(self, number: int) -> None:
        """Make tool ``number``."""
        self.name = f"{DOMAIN}__tool_{number:04d}"
        self.title = f"Bulk tool {number}"
        self.description = f"Generated tool number {number}: answers with what it was given."
        self.annotations = ANNOTATIONS[number % len(ANNOTATIONS)]
        self.parameters = probatio.Schema(
            {
                probatio.Required("room", description="Which room"): str,
                probatio.Optional("level", default=1): probatio.All(
                    probatio.Coerce(int), probatio.Range(min=0, max=10)
                ),
                probatio.Optional("mode"): probatio.In(["eco", "comfort", "boost"]),
            }
        )

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Return ``{"tool": name, "args": arguments}``."""
        return llm.ToolResult(data={"tool": self.name, "args": dict(tool_input.tool_args)})


@callback
def async_get_tools(
    hass: HomeAssistant, llm_context: llm.LLMContext, api_id: str
) -> LLMTools | None:
    """Return the tools for the configured hub, nothing for other APIs."""
    config = hass.data[DOMAIN]
    names = {api.id: api.name for api in llm.async_get_apis(hass)}
    if names.get(api_id) != config[CONF_HUB]:
        return None
    return LLMTools(tools=[BulkTool(number) for number in range(1, config[CONF_TOOLS] + 1)])
