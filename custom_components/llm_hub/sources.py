"""Collects a hub's sources for one request: contributed tools and the selected APIs' instances.

Contributed tools come from other integrations' ``llm.py`` platforms (``platforms.py``);
each selected LLM API's instance comes through ``llm.async_get_api``, so Home Assistant's own
permission checks apply. Hubs may select hubs: the loop guard (``HubLoopError``) stops a hub
that is reached again while it is being built, and a diamond of hubs builds each selected
API once per request.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers import llm as llm_helper

from .build import HubAPIInstance, Source, WarnOnce
from .const import CONTRIBUTED_NAMESPACE, DOMAIN
from .names import api_namespace
from .platforms import async_get_contributed_tools

__all__ = ["HubLoopError", "async_collect_sources", "build_request"]


class HubLoopError(HomeAssistantError):
    """Hubs select each other in a loop (raised by the hub that is reached again)."""


@dataclass(slots=True)
class _Request:
    """One request's build of a hub, shared by the hubs it selects (same task and context)."""

    chain: tuple[str, ...]
    """The hub API ids being built, outermost first: a hub found here again is a loop."""
    instances: dict[str, llm_helper.APIInstance]
    """Selected API instances built so far in this request: a diamond builds each once."""


_REQUEST: ContextVar[_Request | None] = ContextVar("llm_hub_request", default=None)
"""The request being built in this task; set by ``build_request`` and reset when it ends."""

# The slug of a selected API's name and id, made once per name (slugs cost).
_namespace = lru_cache(maxsize=256)(api_namespace)


@asynccontextmanager
async def build_request(hass: HomeAssistant, api_id: str) -> AsyncIterator[_Request]:
    """Enter the build of the hub ``api_id`` in this request; yield the request.

    Raises ``HubLoopError`` when ``api_id`` is already being built in this request (hubs
    selecting each other); the hub that selected it catches that and serves the rest.
    """
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


async def async_collect_sources(
    hass: HomeAssistant,
    *,
    api_id: str,
    hub_name: str,
    selected_api_ids: Sequence[str],
    llm_context: llm_helper.LLMContext,
    warn: WarnOnce,
) -> list[Source]:
    """Return the contributors' tools and prompts first, then each selected API's.

    Call inside ``build_request``. A selected API that is not registered, that leads back
    to this hub, or that fails is logged once and left out (the rest is served); an
    ``Unauthorized`` of a selected API is raised: the request must not go on.
    """
    request = _REQUEST.get()
    assert request is not None, "async_collect_sources outside build_request"  # noqa: S101
    contributions = await async_get_contributed_tools(hass, llm_context, api_id)
    sources = [
        Source(
            namespace=CONTRIBUTED_NAMESPACE,
            source=domain,
            prompt_parts=[("", tools.prompt)] if tools.prompt else [],
            tools=tools.tools,
        )
        for domain, tools in contributions
    ]
    registered = {api.id: api for api in llm_helper.async_get_apis(hass)}
    for selected in selected_api_ids:
        if selected not in registered:
            warn(
                f"LLM Hub {hub_name} selects the LLM API {selected}, which is not "
                "registered; serving the rest"
            )
            continue
        if (instance := request.instances.get(selected)) is None:
            try:
                instance = await llm_helper.async_get_api(hass, selected, llm_context)
            except HubLoopError as err:
                # The selected API leads back here: serve the rest, so that one loop does not
                # take down every API built with this hub (e.g. MCP Server's "All LLM APIs").
                warn(f"LLM Hub {hub_name} leaves out {selected}: {err}")
                continue
            except Unauthorized:
                raise
            except Exception:  # noqa: BLE001  # a broken API must not take the hub down
                warn(
                    f"LLM Hub {hub_name} could not get the tools of the LLM API {selected}; "
                    "serving the rest",
                    exc_info=True,
                )
                continue
            request.instances[selected] = instance
        is_hub = isinstance(instance, HubAPIInstance)
        sources.append(
            Source(
                namespace=_namespace(registered[selected].name, selected),
                source=selected,
                prompt_parts=instance.prompt_parts
                if isinstance(instance, HubAPIInstance)
                else [(registered[selected].name, instance.api_prompt)],
                tools=instance.tools,
                custom_serializer=instance.custom_serializer,
                hub=is_hub,
            )
        )
    return sources
