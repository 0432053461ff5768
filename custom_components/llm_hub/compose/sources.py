"""Collects a hub's sources for one request: contributed tools and the selected APIs' instances.

Each source has ``SOURCE_BUDGET`` seconds per request. Hubs may select hubs: a hub reached
again while it is being built raises ``HubLoopError``, and a diamond of hubs builds each
selected API once per request.
"""

from __future__ import annotations

from asyncio import timeout
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers import llm as llm_helper
from homeassistant.util import dt as dt_util

from ..calls.deadlines import Deadlines
from ..compat import api_requires_admin
from ..const import CONTRIBUTED_NAMESPACE, DOMAIN, SOURCE_BUDGET
from .builder import HubAPIInstance, Source, WarnOnce
from .names import api_namespace
from .platforms import async_get_contributed_tools
from .source_checks import check_source

__all__ = [
    "HubLoopError",
    "SlowSource",
    "SlowSources",
    "SourcedAPI",
    "async_collect_sources",
    "build_request",
]


class HubLoopError(HomeAssistantError):
    """Hubs select each other in a loop (raised by the hub that is reached again)."""


@dataclass(slots=True)
class _Request:
    """One request's build of a hub, shared by the hubs it selects (same task and context)."""

    # The hub API ids being built, outermost first: a hub found here again is a loop.
    chain: tuple[str, ...]
    # Selected API instances built so far in this request: a diamond builds each once.
    instances: dict[str, llm_helper.APIInstance]


# The request being built in this task.
_REQUEST: ContextVar[_Request | None] = ContextVar("llm_hub_request", default=None)

# The slug of a selected API's name and id, made once per name (slugs cost).
_namespace = lru_cache(maxsize=256)(api_namespace)


@asynccontextmanager
async def build_request(hass: HomeAssistant, api_id: str) -> AsyncIterator[_Request]:
    """Enter the build of hub ``api_id``; raise ``HubLoopError`` if it is being built already."""
    outer = _REQUEST.get()
    if outer is not None and api_id in outer.chain:
        names = {api.id: api.name for api in llm_helper.async_get_apis(hass)}
        chain = " -> ".join(f'"{names.get(each, each)}"' for each in (*outer.chain, api_id))
        raise HubLoopError(
            translation_domain=DOMAIN,
            translation_key="hub_loop",
            translation_placeholders={"chain": chain},
        )
    request = _Request(
        chain=(*outer.chain, api_id) if outer else (api_id,),
        instances=outer.instances if outer else {},
    )
    token = _REQUEST.set(request)
    try:
        yield request
    finally:
        _REQUEST.reset(token)


class SourcedAPI(llm_helper.API):
    """An LLM API whose sources have budgets of their own: a hub selecting it gives it none."""


@dataclass(slots=True)
class SlowSource:
    """A source left out of requests because it took longer than its budget."""

    # The integration domain (an ``llm.py`` platform) or the selected LLM API id.
    source: str
    # ``"llm_platform"`` or ``"llm_api"``.
    kind: str
    # How many requests left it out since the hub was loaded.
    count: int
    # When it was last left out (ISO 8601, UTC).
    last: str


class SlowSources:
    """The sources a hub left out for being slow: logged once each, kept for diagnostics."""

    def __init__(self, warn: WarnOnce) -> None:
        """Log through the hub's ``warn`` (once per load of the entry)."""
        self._warn = warn
        self.sources: dict[str, SlowSource] = {}

    def left_out(self, hub_name: str, source: str, kind: str) -> str:
        """Count ``source`` as left out of a request, log that once; return it in words."""
        kept = self.sources.get(source)
        self.sources[source] = SlowSource(
            source=source,
            kind=kind,
            count=kept.count + 1 if kept else 1,
            last=dt_util.utcnow().isoformat(),
        )
        what = "the llm.py platform of" if kind == LLM_PLATFORM else "the LLM API"
        message = (
            f"LLM Hub {hub_name} left out {what} {source}: it gave no tools within "
            f"{SOURCE_BUDGET:g} s; serving the rest"
        )
        self._warn(message)
        return message

    def as_list(self) -> list[dict[str, Any]]:
        """Return the slow sources as JSON-ready data, most recently slow last."""
        return [asdict(slow) for slow in sorted(self.sources.values(), key=lambda s: s.last)]


LLM_PLATFORM: Final = "llm_platform"
LLM_API: Final = "llm_api"


async def async_collect_sources(
    hass: HomeAssistant,
    *,
    api_id: str,
    hub_name: str,
    selected: Mapping[str, llm_helper.API | None],
    is_admin: bool,
    llm_context: llm_helper.LLMContext,
    warn: WarnOnce,
    slow: SlowSources,
    deadlines: Deadlines,
) -> tuple[list[Source], list[str]]:
    """Return the sources (contributors first, then each selected API) and what was left out.

    A selected API missing, admin-only, slow, looping or failing is left out; ``Unauthorized``
    raised.
    """
    request = _REQUEST.get()
    assert request is not None, "async_collect_sources outside build_request"  # noqa: S101
    contributions, slow_domains = await async_get_contributed_tools(
        hass, llm_context, api_id, SOURCE_BUDGET
    )
    left_out = [slow.left_out(hub_name, domain, LLM_PLATFORM) for domain in slow_domains]
    checked = _Checks(hub_name, warn, left_out)
    sources = [
        checked(
            Source(namespace=CONTRIBUTED_NAMESPACE, source=domain, prompt_parts=[], tools=[]),
            tools.prompt,
            tools.tools,
        )
        for domain, tools in contributions
    ]
    for selected_id, api in selected.items():
        if api is None:
            warn(
                f"LLM Hub {hub_name} selects the LLM API {selected_id}, which is not "
                "registered; serving the rest"
            )
            continue
        if api_requires_admin(api) and not is_admin:
            # It became admin-only after the hub's admin check: not for this user.
            warn(f"LLM Hub {hub_name} leaves out {selected_id}: it requires an administrator")
            continue
        if (instance := request.instances.get(selected_id)) is None:
            try:
                instance = await _async_get_instance(api, llm_context, deadlines)
            except HubLoopError as err:
                # The selected API leads back here: serve the rest, so that one loop does not
                # take down every API built with this hub (e.g. MCP Server's "All LLM APIs").
                warn(f"LLM Hub {hub_name} leaves out {selected_id}: {err}")
                continue
            except _SlowError:
                left_out.append(slow.left_out(hub_name, selected_id, LLM_API))
                continue
            except Unauthorized:
                raise
            except Exception:  # noqa: BLE001  # a broken API must not take the hub down
                warn(
                    f"LLM Hub {hub_name} could not get the tools of the LLM API "
                    f"{selected_id}; serving the rest",
                    exc_info=True,
                )
                continue
            request.instances[selected_id] = instance
        source = Source(
            namespace=_namespace(api.name, selected_id),
            source=selected_id,
            prompt_parts=[],
            tools=[],
            custom_serializer=instance.custom_serializer,
            hub=isinstance(instance, HubAPIInstance),
            api_name=api.name,
        )
        if isinstance(instance, HubAPIInstance):
            # A selected hub's prompt parts are its own making, checked when it was built.
            # In search mode its tools behind search: this hub's policy applies to each.
            tools = instance.tools if instance.reachable is None else instance.reachable
            sources.append(checked(source, "", tools, api.name))
            source.prompt_parts = instance.prompt_parts
        else:
            sources.append(checked(source, instance.api_prompt, instance.tools, api.name))
    return sources, left_out


@dataclass(slots=True)
class _Checks:
    """Checks what the sources of one request give a hub."""

    hub_name: str
    warn: WarnOnce
    # What was left out, in words (the instance's ``warnings``).
    left_out: list[str]

    def __call__(self, source: Source, prompt: Any, tools: Any, heading: str = "") -> Source:
        """Return ``source`` with the ``tools`` it can use, and its ``prompt`` under ``heading``."""
        checked = check_source(prompt, tools, prompt_optional=not heading)
        source.tools = checked.tools
        if checked.prompt:
            source.prompt_parts = [(heading, checked.prompt)]
        for problem in checked.left_out:
            message = f"LLM Hub {self.hub_name} left out of {source.source} {problem}"
            self.warn(message)
            self.left_out.append(message)
        return source


class _SlowError(Exception):
    """A selected API gave no instance within ``SOURCE_BUDGET``."""


async def _async_get_instance(
    api: llm_helper.API, llm_context: llm_helper.LLMContext, deadlines: Deadlines
) -> llm_helper.APIInstance:
    """Return ``api``'s instance; cancel it and raise ``_SlowError`` past ``SOURCE_BUDGET``."""
    if isinstance(api, SourcedAPI):
        return await api.async_get_api_instance(llm_context)
    deadline = timeout(None)  # ended by the hub's deadlines: no timer per source and request
    try:
        async with deadline:
            deadlines.watch(deadline, SOURCE_BUDGET)
            return await api.async_get_api_instance(llm_context)
    except TimeoutError as err:
        if deadline.expired():
            raise _SlowError from err
        raise
    finally:
        deadlines.forget(deadline)
