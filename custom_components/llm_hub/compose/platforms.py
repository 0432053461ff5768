"""Collects the tools that integrations contribute to a hub API through their ``llm.py`` platforms.

As core's ``components/llm/__init__.py``: ``async_get_tools(hass, llm_context, api_id)`` per
request, in domain order; ``None`` contributes nothing; a platform that raises is logged and
skipped; untagged or unprefixed tools are reported as core reports them.
"""

from __future__ import annotations

import asyncio
from functools import partial
import logging
from typing import Any, TypedDict

from homeassistant.components.llm import LLMTools, LLMToolsPlatformProtocol
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.frame import ReportBehavior, report_usage
from homeassistant.helpers.integration_platform import LazyIntegrationPlatforms
from homeassistant.helpers.llm import LLMContext, Tool, report_untagged_tool
from homeassistant.loader import async_get_integrations, async_get_issue_integration
from homeassistant.util import dt as dt_util
from homeassistant.util.async_ import create_eager_task
from homeassistant.util.hass_dict import HassKey

from ..const import LOGGER

__all__ = [
    "PlatformError",
    "async_get_contributed_tools",
    "async_get_platform_errors",
    "async_setup_platforms",
]

PLATFORM_NAME = "llm"
# The release in which Home Assistant stops accepting unprefixed contributed tools
# (components/llm TOOL_PREFIX_BREAKS_IN_HA_VERSION).
TOOL_PREFIX_BREAKS_IN_HA_VERSION = "2027.3"

DATA_PLATFORMS: HassKey[LazyIntegrationPlatforms[LLMToolsPlatformProtocol]] = HassKey(
    "llm_hub_platforms"
)

# How many different platform errors are kept in memory (for diagnostics), for all hubs.
RECENT_PLATFORM_ERRORS = 20


class PlatformError(TypedDict):
    """An ``llm.py`` platform that raised when asked for a hub's tools (diagnostics)."""

    domain: str
    api_id: str
    # The exception, as ``repr``.
    error: str
    # How many requests it failed (since Home Assistant started).
    count: int
    # When it last failed (ISO 8601, UTC).
    time: str


# Keyed by (domain, API id, error); the least recently seen error is dropped first.
DATA_PLATFORM_ERRORS: HassKey[dict[tuple[str, str, str], PlatformError]] = HassKey(
    "llm_hub_platform_errors"
)


# The ``llm.py`` platforms being loaded, by domain (``_async_load_platforms``).
DATA_LOADING: HassKey[dict[str, asyncio.Task[LLMToolsPlatformProtocol | None]]] = HassKey(
    "llm_hub_platforms_loading"
)
# The platforms loaded, by domain; kept, as Home Assistant's ``LazyIntegrationPlatforms`` keeps
# them.
DATA_LOADED: HassKey[dict[str, LLMToolsPlatformProtocol]] = HassKey("llm_hub_platforms_loaded")


@callback
def async_setup_platforms(hass: HomeAssistant) -> None:
    """Start tracking ``llm.py`` platforms, including integrations loaded later."""
    hass.data[DATA_PLATFORMS] = LazyIntegrationPlatforms(hass, PLATFORM_NAME, _process_platform)
    hass.data[DATA_LOADING] = {}
    hass.data[DATA_LOADED] = {}
    hass.data[DATA_PLATFORM_ERRORS] = {}


@callback
def _process_platform(
    hass: HomeAssistant, domain: str, platform: LLMToolsPlatformProtocol
) -> LLMToolsPlatformProtocol:
    """Return the platform as is; it is called per request."""
    return platform


async def async_get_contributed_tools(
    hass: HomeAssistant, llm_context: LLMContext, api_id: str, budget: float
) -> tuple[list[tuple[str, LLMTools]], list[str]]:
    """Return the contributions to ``api_id`` by domain, and the domains too slow to load."""
    platforms, slow = await _async_load_platforms(hass, budget)
    contributions: list[tuple[str, LLMTools]] = []
    for domain, platform in sorted(platforms.items()):
        try:
            result = platform.async_get_tools(hass, llm_context, api_id)
            if result is None:
                continue
            # Inside the try: for a core integration Home Assistant reports an untagged
            # tool by raising, which skips that platform instead of the whole hub.
            _async_report_tool_issues(hass, domain, result.tools)
        except Exception as err:  # noqa: BLE001  # a broken contributor must not take the hub down
            LOGGER.exception("Error getting tools from the llm platform of %s", domain)
            _async_keep_error(hass, domain, api_id, repr(err))
            continue
        contributions.append((domain, result))
    return contributions, slow


def _forget(loading: dict[str, Any], domain: str, task: asyncio.Task[Any]) -> None:
    """Forget the loading task of ``domain`` once it is done (the loader logs a failure)."""
    loading.pop(domain, None)


async def _async_load_platforms(
    hass: HomeAssistant, budget: float
) -> tuple[dict[str, LLMToolsPlatformProtocol], list[str]]:
    """Return the ``llm.py`` platforms of loaded integrations, and the domains still loading.

    A hanging import holds up no request longer than ``budget`` seconds.
    """
    loaded = hass.data[DATA_LOADED]
    integrations = await async_get_integrations(hass, hass.config.top_level_components)
    tasks: dict[str, asyncio.Task[LLMToolsPlatformProtocol | None]] = {}
    platforms: dict[str, LLMToolsPlatformProtocol] = {}
    for domain, integration in integrations.items():
        if isinstance(integration, Exception) or not integration.platforms_exists((PLATFORM_NAME,)):
            continue
        if (platform := loaded.get(domain)) is None:
            tasks[domain] = _loading_task(hass, domain)
        else:
            platforms[domain] = platform
    if pending := [task for task in tasks.values() if not task.done()]:
        await asyncio.wait(pending, timeout=budget)
    slow: list[str] = []
    for domain, task in tasks.items():
        if not task.done():
            slow.append(domain)
        elif not task.cancelled() and task.exception() is None and (result := task.result()):
            platforms[domain] = loaded[domain] = result
    return platforms, sorted(slow)


def _loading_task(
    hass: HomeAssistant, domain: str
) -> asyncio.Task[LLMToolsPlatformProtocol | None]:
    """Return the task loading the platform of ``domain``, started now unless it runs."""
    loading = hass.data[DATA_LOADING]
    if (task := loading.get(domain)) is None:
        task = create_eager_task(hass.data[DATA_PLATFORMS].async_get_platform(domain))
        if not task.done():
            loading[domain] = task
            task.add_done_callback(partial(_forget, loading, domain))
    return task


@callback
def _async_keep_error(hass: HomeAssistant, domain: str, api_id: str, error: str) -> None:
    """Keep a platform's error for diagnostics: the same error again counts up."""
    errors = hass.data[DATA_PLATFORM_ERRORS]
    key = (domain, api_id, error)
    kept = errors.pop(key, None)
    errors[key] = {
        "domain": domain,
        "api_id": api_id,
        "error": error,
        "count": kept["count"] + 1 if kept else 1,
        "time": dt_util.utcnow().isoformat(),
    }
    if len(errors) > RECENT_PLATFORM_ERRORS:
        del errors[next(iter(errors))]


@callback
def async_get_platform_errors(hass: HomeAssistant, api_id: str) -> list[PlatformError]:
    """Return the recent errors of platforms asked for ``api_id``, oldest first, with counts."""
    return [
        PlatformError(**error)
        for error in hass.data[DATA_PLATFORM_ERRORS].values()
        if error["api_id"] == api_id
    ]


@callback
def _async_report_tool_issues(hass: HomeAssistant, domain: str, tools: list[Tool]) -> None:
    """Report tools without the ``<domain>__`` prefix or ``integration``, as core's ``llm`` does."""
    prefix = f"{domain}__"
    if unprefixed := sorted(tool.name for tool in tools if not tool.name.startswith(prefix)):
        integration = async_get_issue_integration(hass, domain)
        report_usage(
            f"provides LLM tools that are not prefixed with '{prefix}': {', '.join(unprefixed)}",
            breaks_in_ha_version=TOOL_PREFIX_BREAKS_IN_HA_VERSION,
            core_behavior=ReportBehavior.LOG,
            core_integration_behavior=ReportBehavior.LOG,
            custom_integration_behavior=ReportBehavior.LOG,
            integration_domain=domain,
            level=logging.WARNING if integration and not integration.is_built_in else logging.ERROR,
        )
    for tool in tools:
        if tool.integration is None:
            report_untagged_tool(tool, domain)
