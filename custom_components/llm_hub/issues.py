"""Repair issues of LLM Hub: a picked LLM API that is missing.

A hub whose picked API is not registered (its integration removed, disabled, or not loaded
yet) serves the rest and raises a fixable issue naming the API (``missing_api``); the fix
flow (``repairs.py``) removes the pick from the hub's options. The issue names the API by
its name where the hub knows it (``api_name``): the name it is registered under, else, for a
hub, its entry's title, else the name last seen registered since Home Assistant started;
only an API never seen is named by its id.

Home Assistant fires no event when an LLM API is registered or unregistered
(``llm.async_register_api`` only stores it), so picks are checked when something that
registers APIs changes:
- on every build of the hub (each request): issues raised for missing picks, cleared for
  picks registered again,
- on ``EVENT_COMPONENT_LOADED`` (APIs registered by an integration's ``async_setup``, like
  Assist) and on ``SIGNAL_CONFIG_ENTRY_CHANGED`` (APIs registered by a config entry's
  setup, like other hubs); both come after the registration, and clear issues,
- when a config entry is unloaded, fails or is removed (e.g. another hub a hub picks): once
  the entry's setup lock is free again (a reload holds it from unloading to setting up, so
  a reload raises nothing), the picks of every loaded hub are checked and issues raised at
  once, not only at the hub's next request,
- when the hub is set up again (e.g. its options changed).
Issues are raised only once Home Assistant has started, not while integrations are still
loading (nor while it stops).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeassistant.config_entries import (
    SIGNAL_CONFIG_ENTRY_CHANGED,
    ConfigEntry,
    ConfigEntryChange,
    ConfigEntryState,
)
from homeassistant.const import EVENT_COMPONENT_LOADED
from homeassistant.core import CALLBACK_TYPE, CoreState, Event, HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir, llm as llm_helper
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.start import async_at_started
from homeassistant.util.hass_dict import HassKey

from .const import DOMAIN, api_id_for_entry

if TYPE_CHECKING:
    from .api import HubAPI

__all__ = [
    "ISSUE_MISSING_API",
    "api_name",
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


_API_NAMES: HassKey[dict[str, str]] = HassKey(f"{DOMAIN}_api_names")
"""The name of every LLM API seen registered since Home Assistant started, by id."""


@callback
def _registered_ids(hass: HomeAssistant) -> set[str]:
    """Return the ids of the registered LLM APIs; remember their names (``api_name``)."""
    apis = llm_helper.async_get_apis(hass)
    hass.data.setdefault(_API_NAMES, {}).update((api.id, api.name) for api in apis)
    return {api.id for api in apis}


@callback
def api_name(hass: HomeAssistant, api_id: str) -> str:
    """Return the name of the LLM API ``api_id``, registered or not; its id when unknown.

    The name it is registered under; for a hub's API, its entry's title (the entry may be
    unloaded or disabled); else the name it had when last seen registered (remembered while
    Home Assistant runs, e.g. of a hub whose entry was removed).
    """
    for api in llm_helper.async_get_apis(hass):
        if api.id == api_id:
            return api.name
    for entry in hass.config_entries.async_entries(DOMAIN):
        if api_id_for_entry(entry.entry_id) == api_id:
            return entry.title
    return hass.data.get(_API_NAMES, {}).get(api_id, api_id)


@callback
def async_raise_missing_api(hass: HomeAssistant, entry_id: str, hub: str, api_id: str) -> None:
    """Raise (or keep) the fixable issue that hub ``hub`` picks ``api_id``, which is missing.

    The issue names the API by ``api_name``.
    """
    ir.async_create_issue(
        hass,
        DOMAIN,
        _issue_id(entry_id, api_id),
        data={DATA_ENTRY_ID: entry_id, DATA_API_ID: api_id},
        is_fixable=True,
        severity=ir.IssueSeverity.WARNING,
        translation_key=ISSUE_MISSING_API,
        translation_placeholders={"hub": hub, "api": api_name(hass, api_id)},
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
    """Keep missing-API issues up to date from now on (see the module's docstring).

    Clears issues whose API came back or whose hub is gone; raises issues of loaded hubs
    when a config entry that may have registered an API is unloaded, fails or is removed.
    Listens as long as Home Assistant runs (set up once, by the integration).
    """
    tracker = _PickTracker(hass)
    hass.bus.async_listen(EVENT_COMPONENT_LOADED, tracker.component_loaded)
    async_dispatcher_connect(hass, SIGNAL_CONFIG_ENTRY_CHANGED, tracker.entry_changed)


class _PickTracker:
    """Checks hubs' picks when integrations load and config entries change."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Track for ``hass``."""
        self.hass = hass
        # Entries whose setup lock a check waits for: a reload (four state changes) waits once.
        self._waiting: set[str] = set()

    @callback
    def component_loaded(self, event: Event[Any]) -> None:
        """Clear the issues an integration that loaded resolved."""
        self._clear_resolved()

    @callback
    def entry_changed(self, change: ConfigEntryChange, entry: ConfigEntry) -> None:
        """Clear what a config entry's change resolved; check picks when it may lose APIs.

        An entry that is not loaded (or removed) registers no API now. While its setup lock
        is held (unloading, setting up, reloading), the check waits for it, so a reload,
        which unloads and sets up again, raises nothing.
        """
        self._clear_resolved()
        if self.hass.state is not CoreState.running or (
            change is not ConfigEntryChange.REMOVED and entry.state is ConfigEntryState.LOADED
        ):
            return
        if not entry.setup_lock.locked():
            self._check_loaded_hubs()
        elif entry.entry_id not in self._waiting:
            self._waiting.add(entry.entry_id)
            # In the background: nothing should wait for it (a setup that waits for Home
            # Assistant's tasks would wait for this task, which waits for that setup).
            self.hass.async_create_background_task(
                self._async_check_when_settled(entry),
                f"{DOMAIN} check picks after {entry.entry_id}",
            )

    @callback
    def _clear_resolved(self) -> None:
        """Clear issues whose API is registered or whose hub entry is gone."""
        registered = _registered_ids(self.hass)
        for entry_id, api_id in _missing_api_issues(self.hass):
            if api_id in registered or self.hass.config_entries.async_get_entry(entry_id) is None:
                async_clear_missing_api(self.hass, entry_id, api_id)

    @callback
    def _check_loaded_hubs(self) -> None:
        """Check the picks of every loaded hub, once Home Assistant runs (not while it stops)."""
        if self.hass.state is not CoreState.running:
            return
        for entry in self.hass.config_entries.async_loaded_entries(DOMAIN):
            # A loaded hub has its runtime data, unless a setup that is not ours loaded it.
            if (data := getattr(entry, "runtime_data", None)) is not None:
                _async_check_picks(self.hass, data.api)

    async def _async_check_when_settled(self, entry: ConfigEntry) -> None:
        """Check the loaded hubs' picks once ``entry``'s setup lock is free."""
        try:
            # Taken and given back at once: only to wait for the unload, setup or reload.
            async with entry.setup_lock:
                pass
        finally:
            self._waiting.discard(entry.entry_id)
        self._check_loaded_hubs()


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
