"""The trivial tool, the tool sets of one size N, and the LLM API ``bench_tools``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import override

import probatio

from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv, llm
from homeassistant.util.hass_dict import HassKey

DOMAIN = "bench_tools"
DATA: HassKey[BenchTools] = HassKey(DOMAIN)


class EchoTool(llm.Tool):
    """A trivial tool: one optional string argument, echoed back."""

    parameters = probatio.Schema({probatio.Optional("text"): cv.string})
    annotations = llm.ToolAnnotations(read_only=True, open_world=False)
    integration = DOMAIN

    def __init__(self, name: str, parameters: probatio.Schema | None = None) -> None:
        """Create the tool ``name``; ``parameters`` replace the shared ones."""
        self.name = name
        self.description = f"Echoes text ({name})."
        if parameters is not None:
            self.parameters = parameters

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Return the text it was given."""
        return llm.ToolResult(data={"echo": tool_input.tool_args.get("text", "")})


def distinct_parameters(name: str) -> probatio.Schema:
    """Return parameters of their own for the tool ``name``: what no other tool has.

    Like the tools of a big home (a script per routine, an intent per slot set), each tool
    has a schema of its own: a described string, an optional number in a range, a choice.
    """
    return probatio.Schema(
        {
            probatio.Required("text", description=f"What {name} echoes."): cv.string,
            probatio.Optional("times", default=1): probatio.All(
                probatio.Coerce(int), probatio.Range(min=1, max=10)
            ),
            probatio.Optional("style"): probatio.In(["plain", name]),
        }
    )


@dataclass
class BenchTools:
    """N tools of two kinds: made anew per request, or made once and reused (``cached``).

    Home Assistant's own ``llm.py`` platforms make their tools per request (e.g.
    ``GetDateTimeTool()``), so that is the default; cached tools leave only what the APIs do
    with the tools in the figures, which shows a hub's own cost more sharply. By default all
    tools share one parameters object (a class attribute, like ``GetDateTimeTool``'s);
    ``distinct`` gives each tool parameters of its own, made once per size.
    """

    count: int = 0
    cached: bool = False
    contribute_to: set[str] = field(default_factory=set)
    """API ids besides Assist that ``llm.py`` contributes to."""
    _made: dict[str, list[llm.Tool]] = field(default_factory=dict)
    _parameters: dict[str, list[probatio.Schema | None]] = field(default_factory=dict)

    def resize(self, count: int, *, cached: bool = False, distinct: bool = False) -> None:
        """Serve ``count`` tools of each kind from now on, made per request unless ``cached``.

        ``distinct``: each tool has parameters of its own (``distinct_parameters``).
        """
        self.count, self.cached = count, cached
        self._made.clear()
        self._parameters = {
            kind: [
                distinct_parameters(f"{DOMAIN}__{kind}_{i}") if distinct else None
                for i in range(count)
            ]
            for kind in ("echo", "api_echo")
        }

    def tools(self, kind: str) -> list[llm.Tool]:
        """Return the tools ``bench_tools__<kind>_<i>``, i < N, in a new list."""
        if (made := self._made.get(kind)) is None:
            made = [
                EchoTool(f"{DOMAIN}__{kind}_{i}", parameters)
                # None before the first resize (the options flow's preview builds the hub).
                for i, parameters in enumerate(self._parameters.get(kind, ()))
            ]
            if self.cached:
                self._made[kind] = made
            return made
        return list(made)


class BenchAPI(llm.API):
    """The LLM API ``bench_tools``: N tools ``bench_tools__api_echo_<i>``."""

    def __init__(self, hass: HomeAssistant, bench: BenchTools) -> None:
        """Serve the tools of ``bench``."""
        super().__init__(hass=hass, id=DOMAIN, name="Bench tools")
        self.bench = bench

    @override
    async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
        """Return the current tools."""
        return llm.APIInstance(
            api=self,
            api_prompt="The bench tools echo text.",
            llm_context=llm_context,
            tools=self.bench.tools("api_echo"),
            custom_serializer=llm.selector_serializer,
        )
