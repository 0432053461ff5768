"""The LLM API a hub entry registers, and how it builds an API instance per request."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, override

from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers import config_validation as cv, llm as llm_helper

from .audit import Audit
from .confirmation import Confirmations, check_confirmation, expose_token, requires_token
from .const import CONF_PROMPT, CONTRIBUTED_NAMESPACE, LOGGER, api_id_for_entry
from .exposure import ExposureCache, SerializerChain
from .issues import async_clear_missing_api, async_raise_missing_api
from .names import api_namespace, assign_names, namespaced
from .platforms import async_get_contributed_tools
from .policy import HubPolicy
from .tools import (
    GatheredTool,
    HubTool,
    Outcome,
    ToolCall,
    error_result,
    interchangeable,
    unwrap,
)
from .types import LlmHubConfigEntry

__all__ = ["HubAPI", "HubAPIInstance", "HubLoopError", "picked_api_ids"]


@dataclass(slots=True)
class _Build:
    """One request's build of a hub, shared by the hubs it picks (same task, same context)."""

    chain: tuple[str, ...]
    """The hub API ids being built, outermost first: a hub found here again is a loop."""
    instances: dict[str, llm_helper.APIInstance]
    """Picked API instances built so far in this request: a diamond of hubs builds each once."""


_BUILD: ContextVar[_Build | None] = ContextVar("llm_hub_build", default=None)


@dataclass
class HubAPIInstance(llm_helper.APIInstance):
    """The ``APIInstance`` of a hub: ``api_prompt`` and the parts it is made of."""

    prompt_parts: list[tuple[str, str]] = field(default_factory=list)
    """``(heading, text)``: the hub's own prompt under its name, then its picked APIs'.

    A hub that picks this hub takes these parts instead of the whole prompt, so that a prompt
    reached through several hubs (e.g. Assist's) is in it once.
    """
    gathered: list[GatheredTool] = field(default_factory=list)
    """Every tool the hub gathered, exposed or not, with the build's decisions (inspector)."""


@dataclass(slots=True)
class _Source:
    """Tools and prompt from one source: the contributors, or one picked API."""

    namespace: str
    """Prefix for a tool whose name collides with another source's (see ``names.namespaced``):
    ``llm_hub`` for contributed tools, ``api_namespace`` of a picked API's name and id."""
    source: str
    """The domain (contributed tools) or API id (a picked API's) the tools came from."""
    prompt_parts: list[tuple[str, str]]
    """``(heading, text)`` parts of the prompt; heading ``""`` for contributed tools."""
    tools: list[llm_helper.Tool]
    custom_serializer: Callable[[Any], Any] | None = None
    hub: bool = False
    """Whether the source is a picked hub (its tools are ``HubTool``s)."""


class HubAPI(llm_helper.API):
    """The LLM API of one hub config entry: id ``llm_hub-<entry_id>``, named like the entry.

    Each request builds an ``APIInstance`` from the request's ``LLMContext``
    (``async_get_api_instance``): the tools integrations contribute to this API id through
    ``llm.py`` platforms, then the tools of each picked API (through
    ``llm.async_get_api``, so Home Assistant's own permission checks apply), merged like
    Home Assistant 2026.11's ``MergedAPI``: interchangeable tools once, colliding names
    prefixed with ``<API namespace>--`` (``names.namespaced``), then made portable
    (``names.assign_names``). Every tool is a ``HubTool``.

    ``requires_admin`` is true while any picked API requires an admin (Home Assistant 2026.11
    sets ``API.requires_admin``, e.g. on its "Home Assistant" API; 2026.10 has no such
    attribute, so a missing one counts as false). The hub enforces it itself on every build.
    """

    def __init__(
        self,
        hass: HomeAssistant,
        entry: LlmHubConfigEntry,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """Create the API of ``entry`` from its title and options.

        ``options`` replace the entry's (the options flow previews a configuration this
        way; such an API is never registered).
        """
        super().__init__(hass=hass, id=api_id_for_entry(entry.entry_id), name=entry.title)
        self.entry_id = entry.entry_id
        self.options: Mapping[str, Any] = entry.options if options is None else options
        """The entry's options when the API was created (saving options reloads the entry)."""
        self.picked_api_ids: list[str] = picked_api_ids(self.options)
        self.instructions: str = self.options.get(CONF_PROMPT, "")
        self.policy = HubPolicy.from_options(self.options)
        """The tool policy of the options (selection, annotations, confirmation, limits)."""
        self.confirmations = Confirmations()
        """Confirmation tokens issued by this API and not used yet."""
        # Problems already logged, so a stale pick does not warn on every request.
        self._logged: set[str] = set()
        self._exposures = ExposureCache()
        self._names: tuple[tuple[str, ...], list[str]] | None = None
        self._namespaces: dict[tuple[str, str], str] = {}
        self.registered = False
        """Whether the API is registered (``async_register``) and not unregistered since."""
        self.audit = Audit(hass, record_arguments=self.policy.record_arguments)
        """The hub's audit trail: events, counters and last calls of its tools."""

    @property  # shadows the dataclass field requires_admin of Home Assistant 2026.11
    def requires_admin(self) -> bool:
        """Return whether only administrators may use this hub (any picked API requires it)."""
        return self._requires_admin(frozenset())

    @requires_admin.setter
    def requires_admin(self, value: bool) -> None:
        """Ignore the value ``API.__init__`` of Home Assistant 2026.11 sets: it is derived."""

    def _requires_admin(self, seen: frozenset[str]) -> bool:
        """Return ``requires_admin``, not following hubs in ``seen`` (hubs may pick in a loop)."""
        if self.id in seen:
            return False
        seen |= {self.id}
        for api in self._registered_picked_apis():
            if isinstance(api, HubAPI):
                if api._requires_admin(seen):  # noqa: SLF001  # same class
                    return True
            elif getattr(api, "requires_admin", False):
                return True
        return False

    def _registered_picked_apis(self) -> Iterator[llm_helper.API]:
        """Yield the picked APIs that are registered now."""
        registered = {api.id: api for api in llm_helper.async_get_apis(self.hass)}
        for api_id in self.picked_api_ids:
            if (api := registered.get(api_id)) is not None:
                yield api

    @override
    async def async_get_api_instance(
        self, llm_context: llm_helper.LLMContext
    ) -> llm_helper.APIInstance:
        """Return the tools and prompt of this hub for one request.

        Raises ``Unauthorized`` when the hub requires an admin and the request's user is not
        one, and ``HubLoopError`` when this hub is reached again while it is being built (hubs
        picking each other); the hub that picked it catches that and serves the rest.
        """
        await self._async_check_admin(llm_context)
        outer = _BUILD.get()
        if outer is not None and self.id in outer.chain:
            names = {api.id: api.name for api in llm_helper.async_get_apis(self.hass)}
            chain = " -> ".join(
                f'"{names.get(api_id, api_id)}"' for api_id in (*outer.chain, self.id)
            )
            raise HubLoopError(
                f"LLM Hub APIs pick each other in a loop ({chain}); "
                "remove one of these picks in the hubs' options"
            )
        build = _Build(
            chain=(*outer.chain, self.id) if outer else (self.id,),
            instances=outer.instances if outer else {},
        )
        token = _BUILD.set(build)
        try:
            sources = await self._async_gather_sources(llm_context, build)
        finally:
            _BUILD.reset(token)
        own_prompt, prompt_parts = self._prompt_parts(sources)
        custom_serializer = _chain_serializers(sources)
        gathered = _merge_tools(sources)
        self._name_tools(gathered)
        self._apply_policy(gathered)
        self._expose_schemas(gathered, custom_serializer)
        return HubAPIInstance(
            api=self,
            api_prompt=_render_prompt(own_prompt, prompt_parts),
            llm_context=llm_context,
            tools=[
                # Positional: a build makes one per tool, and keywords cost twice as much.
                HubTool(item.name, item.tool, item.source, self, item.description, item.parameters)
                for item in gathered
                if item.hidden is None
            ],
            custom_serializer=custom_serializer,
            prompt_parts=[(self.name, own_prompt), *prompt_parts] if own_prompt else prompt_parts,
            gathered=gathered,
        )

    def _name_tools(self, gathered: list[GatheredTool]) -> None:
        """Set each tool's ``key`` and exposed ``name``: portable, unique and stable.

        ``names.assign_names`` of the merged names: what every provider accepts, at most 48
        characters, the same on every request while the tool set is the same.
        """
        wanted = tuple(item.wanted_name for item in gathered)
        # The same tools from request to request: the names of the last build still hold.
        if self._names is None or self._names[0] != wanted:
            self._names = (wanted, assign_names(wanted))
        for item, name in zip(gathered, self._names[1], strict=True):
            item.key = item.name = name

    def _apply_policy(self, gathered: list[GatheredTool]) -> None:
        """Apply the entry's tool policy: overrides (alias, description) and what is hidden."""
        for problem in self.policy.apply(gathered, self.name):
            self._log_once(problem)

    def _expose_schemas(self, gathered: list[GatheredTool], serializer: SerializerChain) -> None:
        """Set each tool's exposed ``parameters``; hide a tool no provider could accept.

        The exposed parameters convert to the clean schema of ``schemas.clean_parameters``
        in every agent (kept across requests: ``exposure.ExposureCache``); ``json_schema``
        and ``schema_fixes`` keep it and what was changed to get it. A tool that cannot be
        made acceptable is hidden, and logged once per load of the entry, so that one tool
        never takes the others down. Tools that need confirming then declare the token.
        """
        exposures = self._exposures
        exposures.use(serializer)
        for item in gathered:
            if item.hidden is not None:
                continue
            exposure = exposures.get(item.tool)
            if exposure.error is not None:
                item.hidden = f"No model provider would accept it: {exposure.error}."
                self._log_once(
                    f"LLM Hub {self.name} leaves out the tool {item.name}: {exposure.error}"
                )
                continue
            item.parameters = exposure.exposed
            item.json_schema = exposure.json_schema
            item.schema_fixes = exposure.fixes
            if item.confirm and (reason := expose_token(item)):
                self._log_once(f"LLM Hub {self.name} leaves out the tool {item.name}: {reason}")

    @callback
    def async_register(self) -> CALLBACK_TYPE:
        """Register this API with Home Assistant; return the function that unregisters it.

        After unregistering (unload, reload) calls through tools listed before are refused
        (``async_check_call``).
        """
        unregister = llm_helper.async_register_api(self.hass, self)
        self.registered = True

        @callback
        def async_unregister() -> None:
            self.registered = False
            unregister()

        return async_unregister

    @callback
    def async_check_call(
        self, tool: HubTool, tool_input: llm_helper.ToolInput, llm_context: llm_helper.LLMContext
    ) -> tuple[llm_helper.ToolResult, Outcome] | None:
        """Return the answer to a call of ``tool`` that must not run (yet), or None to run it.

        Refused when this API was unregistered since the tool was listed (a reload or
        unload: the new options may leave the tool out, so it must not run); asks for or
        checks the user's confirmation when the tool's exposed parameters declare a
        confirmation token
        (``confirmation.check_confirmation``, which takes a valid token out of
        ``tool_input.tool_args``).
        """
        if not self.registered:
            return (
                error_result(
                    "HubReloaded",
                    f'The LLM API "{self.name}" was reloaded or removed while this request '
                    f"used it (its options may have changed), so tool {tool.name} did not "
                    "run. Get the tools again and retry.",
                ),
                "refused",
            )
        if requires_token(tool.parameters):
            return check_confirmation(
                tool, tool_input, llm_context, tool.validate, self.confirmations
            )
        return None

    def async_record_call(self, call: ToolCall) -> None:
        """Record a call through this hub (audit trail)."""
        self.audit.async_record(self.id, self.name, call)

    async def _async_check_admin(self, llm_context: llm_helper.LLMContext) -> None:
        """Raise ``Unauthorized`` unless the request may use this hub."""
        if not self.requires_admin:
            return
        user_id = llm_context.context.user_id if llm_context.context else None
        user = await self.hass.auth.async_get_user(user_id) if user_id else None
        if user is None or not user.is_admin:
            raise Unauthorized(context=llm_context.context)

    async def _async_gather_sources(
        self, llm_context: llm_helper.LLMContext, build: _Build
    ) -> list[_Source]:
        """Return the contributors' tools and prompts first, then each picked API's."""
        contributions = await async_get_contributed_tools(self.hass, llm_context, self.id)
        sources = [
            _Source(
                namespace=CONTRIBUTED_NAMESPACE,
                source=domain,
                prompt_parts=[("", tools.prompt)] if tools.prompt else [],
                tools=tools.tools,
            )
            for domain, tools in contributions
        ]
        registered = {api.id: api for api in llm_helper.async_get_apis(self.hass)}
        for api_id in self.picked_api_ids:
            if api_id not in registered:
                self._log_once(
                    f"LLM Hub {self.name} picks the LLM API {api_id}, which is not "
                    "registered; serving the rest"
                )
                async_raise_missing_api(self.hass, self.entry_id, self.name, api_id)
                continue
            async_clear_missing_api(self.hass, self.entry_id, api_id)
            if (instance := build.instances.get(api_id)) is None:
                try:
                    instance = await llm_helper.async_get_api(self.hass, api_id, llm_context)
                except HubLoopError as err:
                    # The pick leads back here: serve the rest, so that one loop does not take
                    # down every API built with this hub (e.g. MCP Server's "All LLM APIs").
                    self._log_once(f"LLM Hub {self.name} leaves out {api_id}: {err}")
                    continue
                except Unauthorized:
                    # A refusal: the request must not go on.
                    raise
                except Exception:  # noqa: BLE001  # a broken API must not take the hub down
                    self._log_once(
                        f"LLM Hub {self.name} could not get the tools of the LLM API {api_id}; "
                        "serving the rest",
                        exc_info=True,
                    )
                    continue
                build.instances[api_id] = instance
            sources.append(
                _Source(
                    namespace=self._namespace(registered[api_id].name, api_id),
                    source=api_id,
                    prompt_parts=instance.prompt_parts
                    if isinstance(instance, HubAPIInstance)
                    else [(registered[api_id].name, instance.api_prompt)],
                    tools=instance.tools,
                    custom_serializer=instance.custom_serializer,
                    hub=isinstance(instance, HubAPIInstance),
                )
            )
        return sources

    def _namespace(self, name: str, api_id: str) -> str:
        """Return ``names.api_namespace`` of a picked API, made once per name (slugs cost)."""
        if (namespace := self._namespaces.get((name, api_id))) is None:
            namespace = self._namespaces[name, api_id] = api_namespace(name, api_id)
        return namespace

    def _log_once(self, message: str, *, exc_info: bool = False) -> None:
        """Log a problem of this hub's configuration once per load of the entry."""
        if message not in self._logged:
            self._logged.add(message)
            LOGGER.warning(message, exc_info=exc_info)

    def _prompt_parts(self, sources: list[_Source]) -> tuple[str, list[tuple[str, str]]]:
        """Return the hub's own prompt and the picked APIs' prompt parts, each part once.

        The own prompt is the hub's instructions, then the contributors' prompts.
        """
        contributed: list[str] = []
        parts: dict[tuple[str, str], None] = {}
        for source in sources:
            for heading, text in source.prompt_parts:
                if not text.strip():
                    continue
                if heading:
                    parts[heading, text.strip()] = None
                else:
                    contributed.append(text.strip())
        own = [self.instructions.strip(), "\n".join(contributed)]
        return "\n\n".join(part for part in own if part), list(parts)


def _render_prompt(own_prompt: str, parts: list[tuple[str, str]]) -> str:
    """Return the prompt: the hub's own, then each part under its source's heading."""
    rendered = [own_prompt] if own_prompt else []
    rendered.extend(
        f'Follow these instructions for tools from "{heading}":\n{text}' for heading, text in parts
    )
    return "\n\n".join(rendered)


class HubLoopError(HomeAssistantError):
    """Hubs pick each other in a loop (raised by the hub that is reached again)."""


def picked_api_ids(options: Mapping[str, Any]) -> list[str]:
    """Return the picked API ids of hub options, in order, each once.

    ``cv.ensure_list``: a single id stored as a string (a hand edit) is one pick, not letters.
    """
    return list(dict.fromkeys(cv.ensure_list(options.get(CONF_LLM_HASS_API))))


def _merge_tools(sources: list[_Source]) -> list[GatheredTool]:
    """Merge the tools of all sources; return them with their merged (``wanted``) names.

    Like ``MergedAPI`` of Home Assistant 2026.11: in order of first appearance, tools that
    are interchangeable with one already kept are dropped, and a name that more than one
    different tool carries is prefixed with each one's source namespace as
    ``<namespace>--<name>``, a form Home Assistant's own ``MergedAPI`` never makes (see
    ``names.namespaced``), so an agent that merges the hub with its picks cannot clash.
    """
    first: dict[str, tuple[_Source, llm_helper.Tool]] = {}
    # Names more than one different tool carries, with all those tools (most names have one).
    shared: dict[str, list[tuple[_Source, llm_helper.Tool]]] = {}
    skip = _met_elsewhere(sources)
    for source in sources:
        for tool in source.tools:
            if skip and id(tool) in skip:
                continue
            entry = (source, tool)
            if (kept := first.setdefault(tool.name, entry)) is entry:
                continue
            others = shared.get(tool.name)
            if others is None:
                others = [kept]
            if not any(
                _origin(tool, source) == _origin(other, other_source)
                or interchangeable(tool, other)
                for other_source, other in others
            ):
                others.append((source, tool))
                shared[tool.name] = others

    gathered: list[GatheredTool] = []
    for name, (source, tool) in first.items():
        if (others := shared.get(name)) is None:
            gathered.append(GatheredTool(tool, source.source, name))
        else:
            gathered.extend(
                GatheredTool(other, other_source.source, namespaced(other_source.namespace, name))
                for other_source, other in others
            )
    return gathered


def _met_elsewhere(sources: list[_Source]) -> set[int]:
    """Return the ids of picked hubs' tools whose original tool the merge has already.

    A picked hub may expose a tool under another name (made portable, an alias) than this
    hub meets it by directly or through another hub; the same origin is the same tool. Empty
    (and nothing computed) when no picked API is a hub.
    """
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


def _origin(tool: llm_helper.Tool, source: _Source) -> tuple[str, str]:
    """Return (the source a tool originally comes from, its original name).

    Within one request, the same name from the same origin is the same tool, even when it
    reached the hub twice (e.g. through a picked hub and directly) as two instances that do
    not compare equal.
    """
    if isinstance(tool, HubTool):
        return tool.origin, unwrap(tool).name
    return source.source, tool.name


def _chain_serializers(sources: list[_Source]) -> SerializerChain:
    """Return the hub's ``custom_serializer``: the sources' serializers, in order, chained.

    Core's ``MergedAPI`` stops at the first serializer's ``UNSUPPORTED``; the chain asks the
    next (``exposure.SerializerChain.around``).
    """
    return SerializerChain.around(source.custom_serializer for source in sources)
