"""Builds a hub's API instance from its sources: merge, names, policy, schemas, listing.

``HubBuilder.async_build`` is the whole build, in one step for every tool mode: merge the
sources' tools like Home Assistant 2026.11's ``MergedAPI``, give them portable, unique,
stable names, apply the policy, make the schemas every provider accepts (with the
confirmation token where needed), then list a ``HubTool`` per tool, or in search mode the
pinned tools and the meta-tools. It has no side effects beyond warnings about the tools
(logged once per load of the entry).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from copy import copy
from dataclasses import dataclass, field, replace
from functools import partial
import logging
import time
from types import MappingProxyType
from typing import Any, Final, override

from homeassistant.const import MATCH_ALL
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm as llm_helper

from ..calls.arguments import schema_value
from ..calls.tool import HubCallSettings, HubTool, interchangeable, unwrap
from ..confirm.conditions import Runs, RunsWith, ToolConditions, argument_names
from ..confirm.effect import ALWAYS, NEVER, Effect
from ..confirm.gate import Confirmations, ToolGate
from ..confirm.shadow import ShadowGate
from ..const import LOGGER, TOKEN_ARGUMENT, PromptChoice
from ..options import ApiPrompt
from ..schema.cache import MAX_AGE, SchemaCache, SerializerChain
from ..schema.text import JsonSchema
from ..search.index import ToolIndex, tool_card
from ..search.listing import SearchSettings, ToolSearch
from ..search.meta_tools import (
    HIDDEN_META_NAME,
    META_TOOLS,
    async_call_unlisted,
    meta_tools,
    not_available,
    record_refusal,
    search_prompt,
)
from ..search.vocabulary import async_get_intent_vocabulary
from .candidate import CandidateTool, declare_token, requires_token
from .kept import DeferredTools, KeptBuild, KeptListing, KeptTool, Once, kept_candidates
from .names import assign_names, namespaced
from .policy import ASK_INNER, HubPolicy, annotations_of

__all__ = [
    "AliasedHubAPIInstance",
    "HubAPIInstance",
    "HubBuilder",
    "Source",
    "WarnOnce",
    "prompt_text",
]


@dataclass(slots=True)
class Source:
    """Tools and prompt from one source: the contributors, or one selected API."""

    # Prefix for a tool whose name collides with another source's.
    namespace: str
    # The domain (contributed tools) or API id (a selected API's) the tools came from.
    source: str
    # ``(heading, text)`` parts of the prompt; heading ``""`` for contributed tools.
    prompt_parts: list[tuple[str, str]]
    tools: list[llm_helper.Tool]
    custom_serializer: Callable[[Any], Any] | None = None
    # Whether the source is a selected hub (its tools are ``HubTool``s).
    hub: bool = False
    # Tool name -> why the hub leaves that tool out (kept among the candidates).
    left_out: dict[str, str] = field(default_factory=dict)
    # The selected LLM API's name (None: contributed tools or tools made in the UI); the hub's
    # choice for that API's prompt applies to ``prompt_parts``.
    api_name: str | None = None


@dataclass
class HubAPIInstance(llm_helper.APIInstance):
    """The ``APIInstance`` of a hub: ``api_prompt`` and the parts it is made of."""

    # ``(heading, text)``: the hub's own prompt under its name, then its selected APIs'.
    #
    # A hub selecting this one takes these parts, so a prompt reached twice is in it once; without
    # the search prompt (that hub lists these tools as its own mode says).
    prompt_parts: list[tuple[str, str]] = field(default_factory=list)
    # Gives ``candidates``, made when first read (most requests never read them), then kept.
    made_candidates: Callable[[], list[CandidateTool]] = field(default=list, repr=False)
    # What collecting the sources left out, in words (inspector).
    warnings: list[str] = field(default_factory=list)
    # In search mode, the index behind ``search_tools``.
    search_index: ToolIndex | None = None
    # Refuses a call of a tool the build considered but does not list (recorded).
    left_out: LeftOutTools | None = None
    # In search mode, the tools behind the meta-tools (pinned ones too), as hub tools: a hub that
    # selects this hub takes these, so its own policy applies to each of them.
    reachable: list[llm_helper.Tool] | None = None
    # Why the request's user may not use the hub (then it has no tools), in words.
    refused: str | None = None
    # The prompt parts each selected API gave, before the hub's choice for them, by API id.
    given_prompts: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def given_prompt(self, api_id: str) -> str | None:
        """Return the prompt selected API ``api_id`` gave, rendered as kept; None: none built."""
        if (parts := self.given_prompts.get(api_id)) is None:
            return None
        return prompt_text(parts)

    @property
    def candidates(self) -> list[CandidateTool]:
        """Return every tool the build considered, listed or not, with its decisions."""
        return self.made_candidates()

    # What ``tools`` reads: the listed tools, or how to list them when first read.
    _tools: list[llm_helper.Tool] = field(init=False, repr=False, compare=False)
    _deferred: DeferredTools | None = field(init=False, repr=False, compare=False)

    @property  # type: ignore[misc]  # the field ``tools`` of core's dataclass, read when needed
    def tools(self) -> list[llm_helper.Tool]:
        """Return the listed tools; a build from kept decisions lists them when first read."""
        if (deferred := self._deferred) is not None:
            self._tools, self._deferred = deferred.listing(), None
        return self._tools

    @tools.setter
    def tools(self, tools: list[llm_helper.Tool] | DeferredTools) -> None:
        """Set the listed tools, or how to list them when first read."""
        if isinstance(tools, DeferredTools):
            self._tools, self._deferred = [], tools
        else:
            self._tools, self._deferred = tools, None

    @override
    def __post_init__(self) -> None:
        """Check the tools as core does; deferred ones' own APIs and platforms checked them."""
        if self._deferred is None:
            super().__post_init__()

    @override
    async def async_call_tool(self, tool_input: llm_helper.ToolInput) -> llm_helper.ToolResult:
        """Call a listed tool or answer an unlisted name; ``HomeAssistantError`` if unknown."""
        if (deferred := self._deferred) is not None and (
            tool := deferred.find(tool_input.tool_name)
        ) is not None:
            # Found alone (an MCP Server request calls one tool): core's call, of that tool.
            alone = llm_helper.APIInstance(
                self.api, self.api_prompt, self.llm_context, [tool], self.custom_serializer
            )
            return await alone.async_call_tool(tool_input)
        try:
            return await super().async_call_tool(tool_input)
        except HomeAssistantError:
            # Hub and meta-tools never raise: only "not found" gets here. ``tools`` as they
            # are now: MCP Server's read-only option may have filtered them.
            result = await async_call_unlisted(
                self.api.hass, self.tools, tool_input, self.llm_context, self.left_out
            )
            if result is None:
                raise
            return result


@dataclass
class AliasedHubAPIInstance(HubAPIInstance):
    """The instance of a hub with aliases: a call by an aliased tool's key reaches it too."""

    # The listed name of each aliased tool, by its key.
    renamed: dict[str, str] = field(default_factory=dict)

    @override
    async def async_call_tool(self, tool_input: llm_helper.ToolInput) -> llm_helper.ToolResult:
        """Call a tool by its listed name, or an aliased tool by its key."""
        if (name := self.renamed.get(tool_input.tool_name)) is not None:
            tool_input = llm_helper.ToolInput(
                tool_name=name,
                tool_args=tool_input.tool_args,
                id=tool_input.id,
                external=tool_input.external,
            )
        return await super().async_call_tool(tool_input)


class LeftOutTools:
    """The tools a build considered but does not list: a call of one is refused, recorded."""

    def __init__(
        self, candidates: Callable[[], list[CandidateTool]], settings: HubCallSettings
    ) -> None:
        """Refuse the left-out ones of ``candidates()``, recorded in ``settings``' audit."""
        self._candidates = candidates
        self._settings = settings
        self._by_name: dict[str, CandidateTool] | None = None

    def refuse(
        self, name: str, tool_input: llm_helper.ToolInput, llm_context: llm_helper.LLMContext
    ) -> llm_helper.ToolResult | None:
        """Return the recorded refusal of ``name`` (a listed name or key); None: no such tool."""
        if self._by_name is None:
            # Made on the first such call: most requests never call a left-out tool.
            self._by_name = {}
            for item in self._candidates():
                if item.hidden is not None:
                    self._by_name.setdefault(item.name, item)
                    self._by_name.setdefault(item.key, item)
        if (found := self._by_name.get(name)) is None:
            return None
        tool = HubTool(found.name, found.tool, found.source, self._settings)
        return record_refusal(
            tool,
            tool_input,
            llm_context,
            not_available(name, f"the hub leaves it out ({found.hidden})."),
        )


class WarnOnce:
    """Logs each warning about a hub's configuration once per load of the entry."""

    def __init__(self, level: int = logging.WARNING) -> None:
        """Start with nothing logged; log at ``level`` (a preview's warnings at debug level)."""
        self._logged: set[str] = set()
        self._level = level

    def __call__(self, message: str, *, exc_info: bool = False) -> None:
        """Log ``message`` at the level given unless it was logged before."""
        if message not in self._logged:
            self._logged.add(message)
            LOGGER.log(self._level, message, exc_info=exc_info)


class HubBuilder:
    """Builds the instances of one hub; keeps what builds share (names, schemas, indexes)."""

    def __init__(
        self,
        *,
        hub_name: str,
        instructions: str,
        policy: HubPolicy,
        settings: HubCallSettings,
        confirmations: Confirmations,
        warn: WarnOnce,
        search: SearchSettings | None = None,
    ) -> None:
        """Build for the hub ``hub_name`` with its instructions, policy and search settings."""
        self.hub_name = hub_name
        self.instructions = instructions
        self.policy = policy
        self.settings = settings
        self.confirmations = confirmations
        # Tools that need confirming get the settings with the hub's confirmation gate.
        self._confirming = replace(settings, gate=confirmations)
        # The settings of each stricter gate of selected hubs' tools (``strictest``).
        self._stricter: dict[Confirmations, HubCallSettings] = {}
        self._tool_gates: dict[tuple[object, ...], HubCallSettings] = {}
        self.warn = warn
        self._names: tuple[tuple[str, ...], list[str]] | None = None
        # The last build's decisions per tool, when it can be kept (``kept``).
        self._kept: KeptBuild | None = None
        self._schemas = SchemaCache()
        self.search = ToolSearch(search or SearchSettings())

    async def async_build(
        self,
        hass: HomeAssistant,
        api: llm_helper.API,
        llm_context: llm_helper.LLMContext,
        sources: list[Source],
        warnings: list[str] | None = None,
    ) -> HubAPIInstance:
        """Return the instance of ``api`` for one request from its ``sources``."""
        own_prompt, prompt_parts, given_prompts = self._prompt_parts(sources)
        assistant = llm_context.assistant
        custom_serializer = SerializerChain.around(source.custom_serializer for source in sources)
        renamed: dict[str, str] = {}
        tools: list[llm_helper.Tool] | DeferredTools
        if (last := self._kept_for(sources, custom_serializer)) is not None:
            listing = Once(lambda: self._list_kept(hass, sources, last, assistant))
            source_tools = [source.tools for source in sources]
            made = Once(lambda: kept_candidates(source_tools, listing().kept, listing().left_out))
            if self.search.may_search:
                tools = listing().tools
            else:
                # Listed when first read: a request that calls one tool finds it alone.
                tools = DeferredTools(
                    lambda: listing().tools,
                    partial(self._find_kept, hass, sources, last, assistant),
                )
        else:
            candidates = merge_tools(sources)
            self._name_tools(candidates)
            for problem in self.policy.apply(candidates, self.hub_name, hass, assistant):
                self.warn(problem)
            tools = self._list_tools(candidates, sources, custom_serializer)
            # Only an override's alias renames a tool (policy.HubPolicy): no pass without one.
            if self.policy.options.overrides:
                renamed = {
                    item.key: item.name
                    for item in candidates
                    if item.hidden is None and item.name != item.key
                }
            made = Once(lambda: candidates)
        search_index: ToolIndex | None = None
        left_out = LeftOutTools(made, self.settings)
        reachable: list[llm_helper.Tool] | None = None
        listed_prompt = own_prompt
        if isinstance(tools, list) and self.search.active(
            len(tools), self.policy.options.max_tools
        ):
            language = llm_context.language
            if not language or language == MATCH_ALL:
                # MCP Server asks with "*": index in Home Assistant's language.
                language = hass.config.language
            tools, search_index = await self._async_list_by_search(
                hass, made(), reachable := tools, language, left_out
            )
            # Less a tool named like a meta-tool, which the search step hid.
            reachable = [tool for tool in reachable if tool.name not in META_TOOLS]
            searching = search_prompt(tools)
            listed_prompt = f"{own_prompt}\n\n{searching}" if own_prompt else searching
        fields: dict[str, Any] = {
            "api": api,
            "api_prompt": _render_prompt(listed_prompt, prompt_parts),
            "llm_context": llm_context,
            "tools": tools,
            "custom_serializer": custom_serializer,
            "prompt_parts": [(self.hub_name, own_prompt), *prompt_parts]
            if own_prompt
            else prompt_parts,
            "made_candidates": made,
            "warnings": list(warnings or ()),
            "search_index": search_index,
            "left_out": left_out,
            "reachable": reachable,
            "given_prompts": given_prompts,
        }
        if renamed:
            # Only then an async_call_tool of the hub's own: one step less on every call.
            return AliasedHubAPIInstance(**fields, renamed=renamed)
        return HubAPIInstance(**fields)

    def _gated(self, item: CandidateTool) -> HubCallSettings:
        """Return the settings of a tool that may ask: the strictest gate on its path."""
        tool = item.tool
        inner = tool.gate if isinstance(tool, HubTool) else None
        effect = NEVER if item.asking is None else item.asking.effect
        conditions, runs_with = _conditions_of(item, inner)
        if self.policy.options.shadow_mode:
            return self._shadowed(item, effect, inner, conditions, runs_with)
        if runs_with is not None:
            return replace(
                self.settings,
                gate=ToolGate(
                    self.confirmations, effect, self.policy.effects, inner, conditions, runs_with
                ),
            )
        if not isinstance(inner, ToolGate) and (effect is ALWAYS or effect is NEVER):
            if (gate := self.confirmations.strictest(inner)) is self.confirmations:
                return self._confirming
            if (stricter := self._stricter.get(gate)) is None:
                stricter = self._stricter[gate] = replace(self.settings, gate=gate)
            return stricter
        key = (effect, inner)
        if (settings := self._tool_gates.get(key)) is None:
            if len(self._tool_gates) > _MAX_TOOL_GATES:
                self._tool_gates.clear()  # gates of selected hubs reloaded since
            settings = self._tool_gates[key] = replace(
                self.settings,
                gate=ToolGate(self.confirmations, effect, self.policy.effects, inner),
            )
        return settings

    def _shadowed(
        self,
        item: CandidateTool,
        effect: Effect,
        inner: object,
        conditions: ToolConditions | None,
        runs_with: RunsWith | None,
    ) -> HubCallSettings:
        """Return the settings of a tool that may ask, in shadow mode (``ShadowGate``)."""
        reason = ASK_INNER if item.asking is None else item.asking.reason
        key = (effect, inner, reason, conditions)
        if runs_with is not None or (settings := self._tool_gates.get(key)) is None:
            if len(self._tool_gates) > _MAX_TOOL_GATES:
                self._tool_gates.clear()
            gate = ShadowGate(
                self.confirmations,
                effect,
                self.policy.effects,
                inner,
                (reason, ASK_INNER),
                conditions=conditions,
                runs_with=runs_with,
            )
            settings = replace(self.settings, gate=gate)
            if runs_with is None:
                self._tool_gates[key] = settings
        return settings

    async def _async_list_by_search(
        self,
        hass: HomeAssistant,
        candidates: list[CandidateTool],
        tools: list[llm_helper.Tool],
        language: str,
        left_out: LeftOutTools,
    ) -> tuple[list[llm_helper.Tool], ToolIndex]:
        """Return what the hub lists in search mode, and the index behind ``search_tools``."""
        listed = {tool.name: tool for tool in tools}
        for item in candidates:
            if item.hidden is None and item.name in META_TOOLS:
                item.hidden = HIDDEN_META_NAME
                listed.pop(item.name, None)
                self.warn(
                    f"LLM Hub {self.hub_name} leaves out the tool {item.key}: {HIDDEN_META_NAME}"
                )
        pinned = self.search.settings.pinned
        api_names = {api.id: api.name for api in llm_helper.async_get_apis(hass)}
        vocabulary = await async_get_intent_vocabulary(hass, language)
        cards = [
            tool_card(
                unwrap(item.tool),
                name=item.name,
                description=listed[item.name].description,
                parameters=item.json_schema or _NO_PARAMETERS,
                source=api_names.get(item.source, item.source),
                vocabulary=vocabulary,
                token=_token_help(item.parameters),
            )
            for item in candidates
            if item.name in listed and item.key not in pinned
        ]
        index = await self.search.indexes.async_get(hass, cards, language)
        if (meaning := self.search.meaning) is not None:
            meaning.want(index)
        direct = [
            listed[item.name] for item in candidates if item.key in pinned and item.name in listed
        ]
        return [*meta_tools(index, listed, left_out, meaning), *direct], index

    def _name_tools(self, candidates: list[CandidateTool]) -> None:
        """Set each tool's ``key`` and listed ``name``: portable, unique, stable."""
        wanted = tuple(item.wanted_name for item in candidates)
        # The same tools from request to request: the names of the last build still hold.
        if self._names is None or self._names[0] != wanted:
            self._names = (wanted, assign_names(wanted))
        for item, name in zip(candidates, self._names[1], strict=True):
            item.key = item.name = name

    def _list_tools(
        self, candidates: list[CandidateTool], sources: list[Source], serializer: SerializerChain
    ) -> list[llm_helper.Tool]:
        """Set each tool's schemas; return a ``HubTool`` per tool every provider accepts."""
        schemas = self._schemas
        schemas.use(serializer, len(candidates))
        reasons = {
            (source.source, name): reason
            for source in sources
            for name, reason in source.left_out.items()
        }
        # Kept only when each tool has its own name, and none comes through a hub or an alias.
        keep = (
            all(item.wanted_name == item.tool.name for item in candidates)
            and not any(source.hub for source in sources)
            and not any(override.alias for override in self.policy.options.overrides.values())
        )
        kept: list[KeptTool] = []
        tools: list[llm_helper.Tool] = []
        for item in candidates:
            if reasons and (reason := reasons.get((item.source, item.tool.name))) is not None:
                kept.append(_kept(item, complete=False))
                item.hidden = reason
                continue
            listed = self._list_one(item, kept)
            if listed is not None:
                tools.append(listed)
        self._kept = _kept_build(serializer, sources, candidates, kept) if keep else None
        return tools

    def _list_one(self, item: CandidateTool, kept: list[KeptTool]) -> HubTool | None:
        """Set a tool's schemas; return its ``HubTool`` (None: not listed); add it to ``kept``."""
        if item.hidden is not None:
            kept.append(_kept(item))
            return None
        entry = self._schemas.get(item.tool)
        listed: HubTool | None = None
        if entry.error is not None:
            item.hidden = f"No model provider would accept it: {entry.error}."
            self.warn(f"LLM Hub {self.hub_name} leaves out the tool {item.name}: {entry.error}")
        else:
            item.parameters = entry.listed
            item.json_schema = entry.json_schema
            item.schema_fixes = entry.fixes
            if item.confirm and (reason := declare_token(item)):
                self.warn(f"LLM Hub {self.hub_name} leaves out the tool {item.name}: {reason}")
            else:
                listed = HubTool(
                    item.name,
                    item.tool,
                    item.source,
                    self._gated(item) if item.confirm else self.settings,
                    item.description,
                    item.parameters,
                    entry.json_schema if entry.as_text else None,
                )
        kept.append(
            _kept(
                item,
                entry.listed,
                entry.made,
                None if listed is None else listed.settings,
                None if listed is None else listed.json_schema,
            )
        )
        return listed

    def _kept_for(self, sources: list[Source], serializer: SerializerChain) -> KeptBuild | None:
        """Return the last build's decisions when they hold for ``sources``, else None."""
        last = self._kept
        if last is None or not last.same_tools(
            serializer, [(source.source, source.hub, source.tools) for source in sources]
        ):
            return None
        for at, first_at in last.met_again:
            # Kept once while it is the same tool as the first of its name, as ``merge_tools``.
            (source, tool), (first_source, first) = last.tool_at(sources, at, first_at)
            if source != first_source and not interchangeable(tool, first):
                return None
        self._schemas.use(serializer, len(last.tools))
        return last

    def _list_kept(
        self,
        hass: HomeAssistant,
        sources: list[Source],
        last: KeptBuild,
        assistant: str | None,
    ) -> KeptListing:
        """Return the listed tools and what the build's candidates are made from."""
        oldest = time.monotonic() - MAX_AGE
        policy = self.policy
        asks = bool(policy.effects)
        kept = last.tools
        left_out: dict[int, str] = {}
        tools: list[llm_helper.Tool] = []
        at = 0
        for source in sources:
            reasons = source.left_out
            for tool in source.tools:
                if (was := kept[at]) is None:  # the merge kept the first of its name
                    at += 1
                    continue
                if reasons and (reason := reasons.get(tool.name)) is not None:
                    left_out[at] = reason
                    at += 1
                    continue
                if (
                    # Alike, with no ask set to ask again: the kept decisions hold (most tools).
                    type(tool) is not was.kind
                    or tool.parameters is not was.parameters
                    or tool.annotations is not was.annotations
                    or was.made <= oldest
                    or not was.complete
                    or asks
                ) and self._changed(hass, tool, was, oldest, assistant):
                    # Decided anew, alone, as a whole build decides it.
                    item = CandidateTool(
                        tool, source.source, tool.name, was.decided.key, was.decided.key
                    )
                    policy.apply([item], self.hub_name, hass, assistant)
                    again: list[KeptTool] = []
                    tools.extend(filter(None, [self._list_one(item, again)]))
                    kept[at] = again[0]
                elif was.settings is not None:
                    tools.append(_kept_tool(tool, was))
                at += 1
        # What this build decided; later builds replace entries in ``kept``, not in this copy.
        return KeptListing(tools, left_out, list(kept))

    def _find_kept(
        self,
        hass: HomeAssistant,
        sources: list[Source],
        last: KeptBuild,
        assistant: str | None,
        name: str,
    ) -> HubTool | None:
        """Return the listed tool ``name`` of a kept build alone; None: list them all to know."""
        if (at := last.places.get(name)) is None:
            return None
        (_, tool), _ = last.tool_at(sources, at, at)
        was = last.tools[at]
        if (
            was is None
            or was.settings is None
            or tool.name in sources[last.source_of(at)].left_out
            or self._changed(hass, tool, was, time.monotonic() - MAX_AGE, assistant)
        ):
            return None
        return _kept_tool(tool, was)

    def _changed(
        self,
        hass: HomeAssistant,
        tool: llm_helper.Tool,
        was: KeptTool,
        oldest: float,
        assistant: str | None,
    ) -> bool:
        """Return whether ``tool`` must be decided anew: it or what it may ask about changed."""
        decided = was.decided
        if type(tool) is not was.kind or tool.annotations is not was.annotations:
            return True
        if not was.complete:
            return True  # only the policy decided it: its source had left it out
        if (
            was.made  # its schema was made: the parameters' entry must be the same
            and (tool.parameters is not was.parameters or was.made <= oldest)
            and self._schemas.get(tool).listed is not was.listed
        ):
            return True
        # Under an ask set, what its calls touch can change with the home: ask again.
        if not self.policy.effects or decided.hidden is not None:
            return False
        asking = self.policy.asking(decided.key, tool, annotations_of(tool), hass)
        return asking is not decided.asking or (
            asking is not None and self.policy.marks(hass, asking, assistant) != decided.marked
        )

    def _prompt_parts(
        self, sources: list[Source]
    ) -> tuple[str, list[tuple[str, str]], dict[str, list[tuple[str, str]]]]:
        """Return the own prompt, the others' parts as chosen, and each selected API's parts."""
        contributed: list[str] = []
        parts: dict[tuple[str, str], None] = {}
        given: dict[str, list[tuple[str, str]]] = {}
        chosen = self.policy.options.api_prompts
        for source in sources:
            source_parts = source.prompt_parts
            if source.api_name is not None:
                given[source.source] = source_parts
                if chosen and (choice := chosen.get(source.source)) is not None:
                    source_parts = _chosen_parts(choice, source.api_name, source_parts)
            for heading, text in _cleaned(source_parts):
                if heading:
                    parts[heading, text] = None
                else:
                    contributed.append(text)
        own = [self.instructions.strip(), "\n".join(contributed)]
        return "\n\n".join(part for part in own if part), list(parts), given


# Most ``ToolGate`` settings a builder keeps (tools times the gates of selected hubs).
_MAX_TOOL_GATES: Final = 4096
# The card parameters of a listed tool without a clean schema (one object: the same key).
_NO_PARAMETERS: Final[Mapping[str, Any]] = MappingProxyType({"type": "object", "properties": {}})


def _conditions_of(
    item: CandidateTool, inner: object
) -> tuple[ToolConditions | None, RunsWith | None]:
    """Return the conditions of ``item``'s calls, and ``runs_with`` when its path has any."""
    conditions = None
    if item.conditions:
        # On the arguments the tool's schema has now, as the hub lists it.
        conditions = ToolConditions(item.conditions, argument_names(item.json_schema))
    tool = item.tool
    if conditions is not None or (isinstance(tool, HubTool) and _conditioned(inner)):
        # Conditions read the arguments as the original tool runs with them (a selected hub's
        # tool gets the model's as they are) and as its schema reads each. Made per build, as
        # that tool is.
        return conditions, _runs_with(tool)
    return conditions, None


def _conditioned(gate: object) -> bool:
    """Return whether a gate on a selected hub's path has conditions on arguments."""
    while isinstance(gate, ToolGate):
        if gate.conditions is not None:
            return True
        gate = gate.inner
    return False


def _runs_with(tool: llm_helper.Tool) -> RunsWith:
    """Return what makes a call's arguments those the original tool of ``tool`` runs with."""
    reads = partial(schema_value, unwrap(tool))
    if not isinstance(tool, HubTool):
        # The hub's own tool checked them already.
        return lambda arguments: Runs(arguments, reads)
    while isinstance(tool.tool, HubTool):
        tool = tool.tool
    innermost = tool

    def runs_with(arguments: dict[str, Any]) -> Runs | None:
        checked = innermost.validate(arguments)
        return None if isinstance(checked, llm_helper.ToolResult) else Runs(checked, reads)

    return runs_with


def _token_help(parameters: Any) -> str | None:
    """Return the description of the confirmation token listed ``parameters`` declare."""
    if not requires_token(parameters):
        return None
    return next(
        str(getattr(key, "description", "") or "")
        for key in parameters.schema
        if str(key) == TOKEN_ARGUMENT
    )


def _cleaned(parts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Return the parts with text, stripped."""
    return [(heading, text.strip()) for heading, text in parts if text.strip()]


def _chosen_parts(
    choice: ApiPrompt, api_name: str, parts: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """Return what a selected API's prompt ``parts`` become by the hub's ``choice``."""
    if choice.choice is PromptChoice.DROP:
        return []
    if choice.choice is PromptChoice.REPLACE:
        return [(api_name, choice.text)]
    return parts


def prompt_text(parts: list[tuple[str, str]]) -> str:
    """Return ``(heading, text)`` parts as a hub's prompt holds them (those with text)."""
    return _render_prompt("", _cleaned(parts))


def _render_prompt(own_prompt: str, parts: list[tuple[str, str]]) -> str:
    """Return the prompt: the hub's own, then each part under its source's heading."""
    rendered = [own_prompt] if own_prompt else []
    rendered.extend(
        f'Follow these instructions for tools from "{heading}":\n{text}' for heading, text in parts
    )
    return "\n\n".join(rendered)


def merge_tools(sources: list[Source]) -> list[CandidateTool]:
    """Merge the tools of all sources; return them with their merged (``wanted``) names.

    As HA 2026.11's ``MergedAPI``; a shared name becomes ``<namespace>--<name>``, which core never
    makes.
    """
    first: dict[str, CandidateTool] = {}
    first_source: dict[str, Source] = {}
    # Names more than one different tool carries, with all those tools (most names have one).
    shared: dict[str, list[tuple[Source, llm_helper.Tool]]] = {}
    skip = _met_elsewhere(sources)
    for source in sources:
        for tool in source.tools:
            if skip and id(tool) in skip:
                continue
            if (kept := first.get(tool.name)) is None:
                first[tool.name] = CandidateTool(tool, source.source, tool.name)
                first_source[tool.name] = source
                continue
            others = shared.get(tool.name) or [(first_source[tool.name], kept.tool)]
            if not any(
                _origin(tool, source) == _origin(other, other_source)
                or interchangeable(tool, other)
                for other_source, other in others
            ):
                others.append((source, tool))
                shared[tool.name] = others
    if not shared:
        return list(first.values())

    candidates: list[CandidateTool] = []
    for name, candidate in first.items():
        if (group := shared.get(name)) is None:
            candidates.append(candidate)
        else:
            candidates.extend(
                CandidateTool(tool, source.source, namespaced(source.namespace, name))
                for source, tool in group
            )
    return candidates


def _met_elsewhere(sources: list[Source]) -> set[int]:
    """Return the ids of selected hubs' tools whose original tool the merge already has."""
    if not any(source.hub for source in sources):
        return set()
    origins = {
        _origin(tool, source) for source in sources if not source.hub for tool in source.tools
    }
    skip: set[int] = set()
    for source in sources:
        if source.hub:
            for tool in source.tools:
                if (origin := _origin(tool, source)) in origins:
                    skip.add(id(tool))
                else:
                    origins.add(origin)
    return skip


def _origin(tool: llm_helper.Tool, source: Source) -> tuple[str, str]:
    """Return (the source a tool originally comes from, its original name)."""
    if isinstance(tool, HubTool):
        return tool.origin, unwrap(tool).name
    return source.source, tool.name


def _kept(
    item: CandidateTool,
    listed: Any = None,
    made: float = 0.0,
    settings: HubCallSettings | None = None,
    as_text: JsonSchema | None = None,
    *,
    complete: bool = True,
) -> KeptTool:
    """Return what a build decided for ``item``, to keep for the next builds."""
    tool = item.tool
    return KeptTool(
        type(tool),
        tool.parameters,
        tool.annotations,
        copy(item),  # the build's own candidate may change after (search mode hides some)
        listed,
        made,
        settings,
        as_text,
        complete,
    )


def _kept_tool(tool: llm_helper.Tool, was: KeptTool) -> HubTool:
    """Return the ``HubTool`` of ``tool`` as kept decisions list it."""
    decided = was.decided
    return HubTool(
        decided.name,
        tool,
        decided.source,
        was.settings,
        decided.description,
        decided.parameters,
        was.as_text,
    )


def _kept_build(
    serializer: SerializerChain,
    sources: list[Source],
    candidates: list[CandidateTool],
    kept: list[KeptTool],
) -> KeptBuild:
    """Return the kept decisions of a build, one per tool of each source, in merge order."""
    decided = {item.tool.name: entry for item, entry in zip(candidates, kept, strict=True)}
    tools: list[KeptTool | None] = []
    first_at: dict[str, int] = {}
    met_again: list[tuple[int, int]] = []
    for source in sources:
        for tool in source.tools:
            if (at := first_at.get(tool.name)) is None:
                first_at[tool.name] = len(tools)
                tools.append(decided[tool.name])
            else:
                met_again.append((len(tools), at))
                tools.append(None)  # the merge kept the first of this name
    return KeptBuild(
        serializer,
        [(source.source, [tool.name for tool in source.tools]) for source in sources],
        tools,
        met_again,
        {item.name: first_at[item.tool.name] for item in candidates},
    )
