"""Test tools, APIs and platforms shared by the LLM Hub tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, override

import probatio
from pytest_homeassistant_custom_component.common import MockConfigEntry, mock_platform

from homeassistant.components.llm import LLMTools
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm
from homeassistant.util.json import JsonObjectType


class RecordingTool(llm.Tool):
    """A tool that records its calls and answers ``result`` (or raises ``raises``)."""

    def __init__(
        self,
        name: str,
        *,
        integration: str | None = "test",
        parameters: Any = None,
        result: llm.ToolResult | JsonObjectType | None = None,
        raises: Exception | None = None,
        description: str | None = None,
        annotations: llm.ToolAnnotations | None = None,
    ) -> None:
        """Create the tool."""
        self.name = name
        self.integration = integration
        self.description = description or f"The {name} tool."
        if parameters is not None:
            self.parameters = parameters
        if annotations is not None:
            self.annotations = annotations
        self.result = result
        self.raises = raises
        self.calls: list[llm.ToolInput] = []

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult | JsonObjectType:
        """Record the call; raise or answer."""
        self.calls.append(tool_input)
        if self.raises is not None:
            raise self.raises
        if self.result is not None:
            return self.result
        return llm.ToolResult(data={"tool": self.name, "args": tool_input.tool_args})


class SameTool(llm.Tool):
    """A stateless tool, built anew per API like core's ``llm__GetDateTime``."""

    name = "test__same"
    integration = "test"

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Answer the same always."""
        return llm.ToolResult(data={"same": True})


class FixedAPI(llm.API):
    """An LLM API with fixed tools and prompt; ``requires_admin`` as a class attribute."""

    def __init__(
        self,
        hass: HomeAssistant,
        api_id: str,
        name: str,
        tools: list[llm.Tool],
        *,
        prompt: str = "",
        custom_serializer: Any = None,
    ) -> None:
        """Create the API."""
        super().__init__(hass=hass, id=api_id, name=name)
        self.tools = tools
        self.prompt = prompt
        self.custom_serializer = custom_serializer

    @override
    async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
        """Return the fixed tools."""
        return llm.APIInstance(
            api=self,
            api_prompt=self.prompt,
            llm_context=llm_context,
            tools=self.tools,
            custom_serializer=self.custom_serializer,
        )


class AdminAPI(FixedAPI):
    """An API that declares it requires an admin, like HA 2026.11's "Home Assistant" API."""

    requires_admin = True


@dataclass
class Contribution:
    """What a test ``llm.py`` platform returns, and the API ids it was asked for."""

    tools: list[llm.Tool] | None
    prompt: str | None = None
    raises: Exception | None = None
    only_for: str | None = None
    asked: list[str] = field(default_factory=list)


def add_llm_platform(
    hass: HomeAssistant, domain: str, contribution: Contribution, *, built_in: bool = False
) -> None:
    """Give the loaded integration ``domain`` an ``llm.py`` platform that contributes."""

    def async_get_tools(
        hass: HomeAssistant, llm_context: llm.LLMContext, api_id: str
    ) -> LLMTools | None:
        contribution.asked.append(api_id)
        if contribution.raises is not None:
            raise contribution.raises
        if contribution.tools is None or contribution.only_for not in (None, api_id):
            return None
        return LLMTools(tools=contribution.tools, prompt=contribution.prompt)

    module = ModuleType(f"{domain}.llm")
    module.async_get_tools = async_get_tools  # type: ignore[attr-defined]
    mock_platform(hass, f"{domain}.llm", module, built_in=built_in)  # type: ignore[arg-type]
    hass.config.components.add(domain)


def llm_context(user_id: str | None = None) -> llm.LLMContext:
    """Return the LLM context of a request by ``user_id``."""
    return llm.LLMContext(
        platform="test",
        context=Context(user_id=user_id),
        language="en",
        assistant="conversation",
        device_id=None,
    )


NUMBER_SCHEMA = probatio.Schema({probatio.Required("number"): probatio.Coerce(int)})


async def async_add_hub(
    hass: HomeAssistant, title: str, options: dict[str, Any] | None = None
) -> MockConfigEntry:
    """Add and set up a hub entry named ``title`` with ``options``; return it."""
    entry = MockConfigEntry(domain="llm_hub", title=title, data={}, options=options or {})
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


def hub_id(entry: MockConfigEntry) -> str:
    """Return the API id of a hub entry."""
    return f"llm_hub-{entry.entry_id}"
