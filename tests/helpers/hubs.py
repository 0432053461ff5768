"""Hubs, tools, APIs and platforms the tests share."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, override

import probatio
from pytest_homeassistant_custom_component.common import MockConfigEntry, mock_platform

from homeassistant.components.llm import LLMTools
from homeassistant.config_entries import ConfigEntry
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import issue_registry as ir, llm
from homeassistant.helpers.selector import NumberSelector, NumberSelectorConfig
from homeassistant.util.json import JsonObjectType

type Call = tuple[str, dict[str, Any], str | None]
"""A call of a tool, as a ``log`` of calls holds it: (tool name, arguments, user id)."""


class RecordingTool(llm.Tool):
    """A tool that records its calls and answers ``result`` (or raises ``raises``).

    With a ``log``, it also adds its calls to that log, which several tools may share.
    """

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
        log: list[Call] | None = None,
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
        self.log = log

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult | JsonObjectType:
        """Record the call; raise or answer."""
        self.calls.append(tool_input)
        if self.log is not None:
            self.log.append((self.name, dict(tool_input.tool_args), user_id(llm_context)))
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
    """What a test ``llm.py`` platform returns, and the requests it was asked by."""

    tools: list[llm.Tool] | None
    prompt: str | None = None
    raises: Exception | None = None
    only_for: str | None = None
    """The one API id to contribute to (None: any)."""
    only_hubs: bool = False
    """Whether to contribute to hub APIs only, as an integration may."""
    requests: list[tuple[str, str, str | None]] = field(default_factory=list)
    """(API id, platform of the request, user id) of each request for tools."""

    @property
    def asked(self) -> list[str]:
        """Return the API ids the platform was asked for, in order."""
        return [api_id for api_id, _, _ in self.requests]

    def contributes_to(self, api_id: str) -> bool:
        """Return whether the platform answers a request for ``api_id`` with its tools."""
        if self.only_for not in (None, api_id):
            return False
        return not self.only_hubs or api_id.startswith("llm_hub-")


def add_llm_platform(
    hass: HomeAssistant, domain: str, contribution: Contribution, *, built_in: bool = False
) -> None:
    """Give the loaded integration ``domain`` an ``llm.py`` platform that contributes."""

    def async_get_tools(
        hass: HomeAssistant, llm_context: llm.LLMContext, api_id: str
    ) -> LLMTools | None:
        contribution.requests.append((api_id, llm_context.platform, user_id(llm_context)))
        if contribution.raises is not None:
            raise contribution.raises
        if contribution.tools is None or not contribution.contributes_to(api_id):
            return None
        return LLMTools(tools=contribution.tools, prompt=contribution.prompt)

    module = ModuleType(f"{domain}.llm")
    module.async_get_tools = async_get_tools  # type: ignore[attr-defined]
    mock_platform(hass, f"{domain}.llm", module, built_in=built_in)  # type: ignore[arg-type]
    hass.config.components.add(domain)


def llm_context(user_id: str | None = None, platform: str = "test") -> llm.LLMContext:
    """Return the LLM context of a request by ``user_id`` through ``platform``."""
    return llm.LLMContext(
        platform=platform,
        context=Context(user_id=user_id),
        language="en",
        assistant="conversation",
        device_id=None,
    )


def user_id(llm_context: llm.LLMContext) -> str | None:
    """Return the id of the user who made a request."""
    return llm_context.context.user_id if llm_context.context else None


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


def hub_id(entry: ConfigEntry) -> str:
    """Return the API id of a hub entry."""
    return f"llm_hub-{entry.entry_id}"


def hub_issues(hass: HomeAssistant) -> dict[str, ir.IssueEntry]:
    """Return the hubs' repair issues by id."""
    return {
        issue_id: issue
        for (domain, issue_id), issue in ir.async_get(hass).issues.items()
        if domain == "llm_hub"
    }


def missing_api_issue_id(entry: ConfigEntry, api_id: str) -> str:
    """Return the id of the issue of ``entry``'s selected API ``api_id`` that is missing."""
    return f"missing_api_{entry.entry_id}_{api_id}"


# --- A hub with a contributing integration, as the MCP and conversation tests use it ------

TOOLS_DOMAIN = "hub_tools"
"""The test integration that contributes tools to hubs."""
BREW = f"{TOOLS_DOMAIN}__brew"
GRIND = f"{TOOLS_DOMAIN}__grind"
USERS = "admin_only__list_users"
INSTRUCTIONS = "Answer like a barista."
CONTRIBUTOR_PROMPT = f"Use {BREW} to brew coffee."


class BrewTool(RecordingTool):
    """A contributed tool with a title, annotations, and parameters (one of them a selector)."""

    title = "Brew coffee"

    def __init__(self, log: list[Call]) -> None:
        """Add the calls to ``log``."""
        super().__init__(
            BREW,
            integration=TOOLS_DOMAIN,
            description="Brews cups of coffee.",
            parameters=probatio.Schema(
                {
                    probatio.Required("size"): probatio.In(["small", "large"]),
                    probatio.Optional("cups", default=1): probatio.All(
                        probatio.Coerce(int), probatio.Range(min=1, max=4)
                    ),
                    probatio.Optional("strength"): NumberSelector(
                        NumberSelectorConfig(min=1, max=5)
                    ),
                }
            ),
            annotations=llm.ToolAnnotations(
                read_only=False, destructive=False, idempotent=True, open_world=False
            ),
            log=log,
        )

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Record the call; return what was brewed, and for whom."""
        await super().async_call(hass, tool_input, llm_context)
        args = tool_input.tool_args
        return llm.ToolResult(
            data={"brewed": args["cups"], "size": args["size"], "user_id": user_id(llm_context)}
        )


def grind_tool(log: list[Call]) -> RecordingTool:
    """Return a contributed tool that fails the way the spec says tools fail."""
    return RecordingTool(
        GRIND,
        integration=TOOLS_DOMAIN,
        description="Grinds beans.",
        raises=HomeAssistantError("The grinder is out of beans"),
        log=log,
    )


def admin_only_api(hass: HomeAssistant, log: list[Call]) -> AdminAPI:
    """Return the API ``admin_only``, which only administrators may use; its tool lists users."""
    users = RecordingTool(
        USERS,
        integration="admin_only",
        description="Lists the users.",
        annotations=llm.ToolAnnotations(read_only=True, open_world=False),
        result=llm.ToolResult(data={"users": 2}),
        log=log,
    )
    return AdminAPI(hass, "admin_only", "Admin only", [users], prompt="Only for admins.")


# --- The inspector's hub: contributed tools and a picked API with known tools -------------

PANTRY = "pantry"
"""The id of the picked test API of the inspector's hub."""
COUNT = f"{PANTRY}__count"
SHELF = f"{PANTRY}__shelf"
INSPECTED_ENTRY_ID = "01JINSPECTEDKITCHEN0000000"
"""A fixed entry id, so the hub's API id in snapshots is stable."""


def pantry_api(hass: HomeAssistant, log: list[Call]) -> FixedAPI:
    """Return the API ``pantry``: a read-only counter and a tool with a selector parameter."""
    count = RecordingTool(
        COUNT,
        integration=PANTRY,
        description="Counts what is on a shelf.",
        parameters=NUMBER_SCHEMA,
        annotations=llm.ToolAnnotations(read_only=True, destructive=False, open_world=False),
        result=llm.ToolResult(data={"count": 3}),
        log=log,
    )
    shelf = RecordingTool(
        SHELF,
        integration=PANTRY,
        description="Picks a shelf.",
        parameters=probatio.Schema(
            {probatio.Required("shelf"): NumberSelector(NumberSelectorConfig(min=1, max=3))}
        ),
        log=log,
    )
    return FixedAPI(
        hass,
        PANTRY,
        "Pantry",
        [count, shelf],
        prompt="Count before you brew.",
        custom_serializer=llm.selector_serializer,
    )


# --- Options through the real options flow (policy tests) ---------------------------------


async def async_set_options(
    hass: HomeAssistant, entry: ConfigEntry, step: str, user_input: dict[str, Any]
) -> dict[str, Any]:
    """Submit ``user_input`` in the options step ``step`` and Save (the menu); return the options.

    Waits for the reload that saving starts, so the hub serves the new options.
    """
    result = await hass.config_entries.options.async_init(entry.entry_id)
    # FlowResultType is a StrEnum: compared by value, it needs no import here.
    assert result["type"] == "menu"
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": step}
    )
    assert result["type"] == "form", result
    assert result["step_id"] == step
    result = await hass.config_entries.options.async_configure(result["flow_id"], user_input)
    assert result["type"] == "menu", result
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "save"}
    )
    assert result["type"] == "create_entry", result
    await hass.async_block_till_done()
    assert entry.options == result["data"]
    return dict(entry.options)
