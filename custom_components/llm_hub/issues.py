"""Repair issues of LLM Hub: a picked LLM API that is missing.

A hub whose picked API is not registered (its integration removed, disabled, or not loaded
yet) serves the rest and raises a fixable issue naming the API (``missing_api``); the fix
flow (``repairs.py``) removes the pick from the hub's options.

Home Assistant fires no event when an LLM API is registered (``llm.async_register_api``
only stores it), so an issue is cleared when the API is seen again:
- on every build of the hub (each request) that finds the pick registered,
- on ``EVENT_COMPONENT_LOADED`` (APIs registered by an integration's ``async_setup``, like
  Assist) and on ``SIGNAL_CONFIG_ENTRY_CHANGED`` (APIs registered by a config entry's
  setup, like other hubs); both come after the registration,
- when the hub is set up again (e.g. its options changed).
Issues are raised on a build and when a hub is set up once Home Assistant has started, not
while integrations are still loading.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeassistant.config_entries import SIGNAL_CONFIG_ENTRY_CHANGED
from homeassistant.const import EVENT_COMPONENT_LOADED
from homeassistant.core import CALLBACK_TYPE, Event, HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir, llm as llm_helper
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.start import async_at_started

from .const import DOMAIN

if TYPE_CHECKING:
    from .api import HubAPI

__all__ = [
    "ISSUE_MISSING_API",
    "async_check_picks_when_started",
    "async_clear_missing_api",
    "async_raise_missing_api",
    "async_remove_issues",
    "async_track_apis",
]

ISSUE_MISSING_API = "missing_api"
"""Translation key of the issue "a picked LLM API is missing"."""
DATA_ENTRY_ID = "entry_id"
"""Issue data key: the config entry id of the hub."""
DATA_API_ID = "api_id"
"""Issue data key: the id of the missing API."""


def _issue_id(entry_id: str, api_id: str) -> str:
    """Return the id of the missing-API issue of one hub and one pick."""
    return f"{ISSUE_MISSING_API}_{entry_id}_{api_id}"


def _registered_ids(hass: HomeAssistant) -> set[str]:
    """Return the ids of the registered LLM APIs."""
    return {api.id for api in llm_helper.async_get_apis(hass)}


@callback
def async_raise_missing_api(hass: HomeAssistant, entry_id: str, hub: str, api_id: str) -> None:
    """Raise (or keep) the fixable issue that hub ``hub`` picks ``api_id``, which is missing."""
    ir.async_create_issue(
        hass,
        DOMAIN,
        _issue_id(entry_id, api_id),
        data={DATA_ENTRY_ID: entry_id, DATA_API_ID: api_id},
        is_fixable=True,
        severity=ir.IssueSeverity.WARNING,
        translation_key=ISSUE_MISSING_API,
        translation_placeholders={"hub": hub, "api": api_id},
    )


@callback
def async_clear_missing_api(hass: HomeAssistant, entry_id: str, api_id: str) -> None:
    """Clear the missing-API issue of one hub and pick, if there is one."""
    ir.async_delete_issue(hass, DOMAIN, _issue_id(entry_id, api_id))


@callback
def _async_check_picks(hass: HomeAssistant, api: HubAPI) -> None:
    """Raise an issue for each missing pick of a hub; clear those no longer missing or picked."""
    registered = _registered_ids(hass)
    for api_id in api.picked_api_ids:
        if api_id in registered:
            async_clear_missing_api(hass, api.entry_id, api_id)
        else:
            async_raise_missing_api(hass, api.entry_id, api.name, api_id)
    for entry_id, api_id in _missing_api_issues(hass):
        if entry_id == api.entry_id and api_id not in api.picked_api_ids:
            async_clear_missing_api(hass, entry_id, api_id)


@callback
def async_check_picks_when_started(hass: HomeAssistant, api: HubAPI) -> CALLBACK_TYPE:
    """Check a hub's picks now, or once Home Assistant has started; return the canceller."""

    @callback
    def check(hass: HomeAssistant) -> None:
        _async_check_picks(hass, api)

    return async_at_started(hass, check)


@callback
def async_remove_issues(hass: HomeAssistant, entry_id: str) -> None:
    """Remove every issue of a hub (its entry was removed)."""
    for api_id in [
        api_id for issue_entry, api_id in _missing_api_issues(hass) if issue_entry == entry_id
    ]:
        async_clear_missing_api(hass, entry_id, api_id)


@callback
def async_track_apis(hass: HomeAssistant) -> None:
    """Clear missing-API issues whose API came back or whose hub is gone, from now on.

    Listens as long as Home Assistant runs (set up once, by the integration).
    """

    @callback
    def clear_resolved(*_: Any) -> None:
        registered = _registered_ids(hass)
        for entry_id, api_id in _missing_api_issues(hass):
            if api_id in registered or hass.config_entries.async_get_entry(entry_id) is None:
                async_clear_missing_api(hass, entry_id, api_id)

    @callback
    def component_loaded(event: Event[Any]) -> None:
        clear_resolved()

    hass.bus.async_listen(EVENT_COMPONENT_LOADED, component_loaded)
    async_dispatcher_connect(hass, SIGNAL_CONFIG_ENTRY_CHANGED, clear_resolved)


def _missing_api_issues(hass: HomeAssistant) -> list[tuple[str, str]]:
    """Return (entry id, API id) of every missing-API issue of LLM Hub."""
    return [
        (str(issue.data[DATA_ENTRY_ID]), str(issue.data[DATA_API_ID]))
        for (domain, _), issue in ir.async_get(hass).issues.items()
        if domain == DOMAIN
        and issue.translation_key == ISSUE_MISSING_API
        and issue.data is not None
        and DATA_ENTRY_ID in issue.data
        and DATA_API_ID in issue.data
    ]
