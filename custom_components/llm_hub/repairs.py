"""Repair issues of LLM Hub and their fix flows.

A title that breaks the name rules (``invalid_name``) is checked when a hub is set up
(``hub_name.py``), and a hub whose title changed without its flow (Home Assistant's Rename)
is set up again; the issue's fix flow renames the hub. An option stored with the wrong type
(``invalid_option``, ``stored_options.py``) is checked when a hub is set up; its fix flow
removes the option, on the user's word.

A hub whose selected API is not registered (its integration removed, disabled, or not
loaded yet) serves the rest; a fixable issue names the API (``missing_api``), and its fix
flow removes the API from the hub's selected LLM APIs. The issue names the API by its name
where it is known (``api_name``): the name it is registered under, else, for a hub, its
entry's title, else the name last seen registered since Home Assistant started; only an API
never seen is named by its id.

Home Assistant fires no event when an LLM API is registered or unregistered
(``llm.async_register_api`` only stores it), so the selected APIs of loaded hubs are
checked, never while a hub builds an instance:
- when the hub is set up (once Home Assistant has started);
- on ``EVENT_COMPONENT_LOADED`` (APIs registered by an integration's ``async_setup``, like
  Assist) and ``SIGNAL_CONFIG_ENTRY_CHANGED`` (APIs registered by a config entry's setup,
  like other hubs): issues whose API came back are cleared at once; when an entry is
  unloaded, fails or is removed, every loaded hub is checked ``CHECK_DELAY`` seconds later
  (a reload, which unloads and sets up again, has finished by then and raises nothing);
- every ``CHECK_INTERVAL``, for APIs registered or unregistered without any event.
Issues are raised only while Home Assistant runs, not while it starts or stops.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from datetime import timedelta
from typing import Any, Final, override

import probatio

from homeassistant.components.repairs import RepairsFlow, RepairsFlowResult
from homeassistant.config_entries import (
    SIGNAL_CONFIG_ENTRY_CHANGED,
    ConfigEntry,
    ConfigEntryChange,
    ConfigEntryState,
)
from homeassistant.const import (
    CONF_LLM_HASS_API,
    CONF_NAME,
    EVENT_COMPONENT_LOADED,
    EVENT_HOMEASSISTANT_STOP,
)
from homeassistant.core import CALLBACK_TYPE, CoreState, Event, HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir, llm as llm_helper
from homeassistant.helpers.debounce import Debouncer
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.event import async_track_time_interval
from homeassistant.helpers.selector import TextSelector
from homeassistant.helpers.start import async_at_started
from homeassistant.util.hass_dict import HassKey

from .api import HubAPI, selected_api_ids
from .const import DOMAIN, LOGGER, api_id_for_entry
from .hub_name import clean_name, name_error, suggest_name
from .options import EXPECTED

__all__ = [
    "CHECK_DELAY",
    "CHECK_INTERVAL",
    "ISSUE_INVALID_NAME",
    "ISSUE_INVALID_OPTION",
    "ISSUE_MISSING_API",
    "InvalidNameRepairFlow",
    "InvalidOptionRepairFlow",
    "MissingApiRepairFlow",
    "api_name",
    "async_check_when_started",
    "async_create_fix_flow",
    "async_remove_issues",
    "async_track_apis",
    "async_update_name_issue",
    "async_update_option_issues",
]

CHECK_DELAY: Final = 10.0
"""Seconds after an entry unloads, fails or is removed before loaded hubs are checked."""
CHECK_INTERVAL: Final = timedelta(minutes=5)
"""How often loaded hubs are checked for APIs registered or unregistered without an event."""

ISSUE_MISSING_API = "missing_api"
"""Translation key of the issue "a selected LLM API is missing"."""
ISSUE_INVALID_NAME = "invalid_name"
"""Translation key (and issue id prefix) of the issue "the hub's title breaks the rules"."""
ISSUE_INVALID_OPTION = "invalid_option"
"""Translation key (and issue id prefix) of the issue "an option has the wrong type"."""
DATA_OPTION = "option"
"""Issue data key: the option of the wrong type."""
DATA_ENTRY_ID = "entry_id"
"""Issue data key: the config entry id of the hub."""
DATA_API_ID = "api_id"
"""Issue data key: the id of the missing API."""


def _issue_id(entry_id: str, api_id: str) -> str:
    """Return the id of the missing-API issue of one hub and one selected API."""
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
def _async_raise_missing_api(hass: HomeAssistant, entry_id: str, hub: str, api_id: str) -> None:
    """Raise (or keep) the fixable issue that hub ``hub`` selects ``api_id``, which is missing.

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
def _async_clear_missing_api(hass: HomeAssistant, entry_id: str, api_id: str) -> None:
    """Clear the missing-API issue of one hub and selected API, if there is one."""
    ir.async_delete_issue(hass, DOMAIN, _issue_id(entry_id, api_id))


@callback
def _async_check_hub(hass: HomeAssistant, api: HubAPI) -> None:
    """Raise an issue for each missing selected API of a hub; clear those no longer missing.

    Also keeps the hub's ``requires_admin`` current.
    """
    api.async_update_requires_admin()
    registered = _registered_ids(hass)
    for api_id in api.selected_api_ids:
        if api_id in registered:
            _async_clear_missing_api(hass, api.entry_id, api_id)
        else:
            _async_raise_missing_api(hass, api.entry_id, api.name, api_id)
    for entry_id, api_id in _missing_api_issues(hass):
        if entry_id == api.entry_id and api_id not in api.selected_api_ids:
            _async_clear_missing_api(hass, entry_id, api_id)


@callback
def async_check_when_started(hass: HomeAssistant, api: HubAPI) -> CALLBACK_TYPE:
    """Check a hub's selected APIs now, or once Home Assistant has started; return the canceller."""

    @callback
    def check(hass: HomeAssistant) -> None:
        _async_check_hub(hass, api)

    return async_at_started(hass, check)


@callback
def async_update_name_issue(
    hass: HomeAssistant,
    entry: ConfigEntry[Any],
    served: str,
    error: tuple[str, dict[str, str]] | None,
) -> None:
    """Raise the fixable issue that a hub's title breaks the name rules, or clear it.

    ``served``: the name the hub is served under meanwhile; ``error``: why the title cannot
    be its name (``hub_name.name_error``), None to clear the issue.
    """
    issue_id = f"{ISSUE_INVALID_NAME}_{entry.entry_id}"
    if error is None:
        ir.async_delete_issue(hass, DOMAIN, issue_id)
        return
    ir.async_create_issue(
        hass,
        DOMAIN,
        issue_id,
        data={DATA_ENTRY_ID: entry.entry_id},
        is_fixable=True,
        severity=ir.IssueSeverity.WARNING,
        translation_key=ISSUE_INVALID_NAME,
        translation_placeholders={"title": entry.title, "served": served},
    )


@callback
def async_update_option_issues(
    hass: HomeAssistant, entry: ConfigEntry[Any], invalid: list[str]
) -> None:
    """Raise a fixable issue per option of the wrong type (logged); clear the others.

    ``invalid``: the option keys whose stored value has the wrong type
    (``stored_options.invalid_options``); the hub serves as if they were not set.
    """
    prefix = f"{ISSUE_INVALID_OPTION}_{entry.entry_id}_"
    for (domain, issue_id), issue in list(ir.async_get(hass).issues.items()):
        if (
            domain == DOMAIN
            and issue_id.startswith(prefix)
            and (issue.data or {}).get(DATA_OPTION) not in invalid
        ):
            ir.async_delete_issue(hass, DOMAIN, issue_id)
    for key in invalid:
        LOGGER.warning(
            "LLM Hub %s: the option %s holds %s, not %s; serving as if it were not set",
            entry.title,
            key,
            type(entry.options[key]).__name__,
            EXPECTED[key],
        )
        ir.async_create_issue(
            hass,
            DOMAIN,
            f"{prefix}{key}",
            data={DATA_ENTRY_ID: entry.entry_id, DATA_OPTION: key},
            is_fixable=True,
            severity=ir.IssueSeverity.WARNING,
            translation_key=ISSUE_INVALID_OPTION,
            translation_placeholders={"hub": entry.title, "option": key, "expected": EXPECTED[key]},
        )


@callback
def async_remove_issues(hass: HomeAssistant, entry_id: str) -> None:
    """Remove every issue of a hub (its entry was removed)."""
    ir.async_delete_issue(hass, DOMAIN, f"{ISSUE_INVALID_NAME}_{entry_id}")
    for key in EXPECTED:
        ir.async_delete_issue(hass, DOMAIN, f"{ISSUE_INVALID_OPTION}_{entry_id}_{key}")
    for api_id in [
        api_id for issue_entry, api_id in _missing_api_issues(hass) if issue_entry == entry_id
    ]:
        _async_clear_missing_api(hass, entry_id, api_id)


@callback
def async_track_apis(hass: HomeAssistant) -> None:
    """Keep missing-API issues up to date from now on (see the module's docstring).

    Listens as long as Home Assistant runs (set up once, by the integration).
    """
    tracker = _ApiTracker(hass)
    hass.bus.async_listen(EVENT_COMPONENT_LOADED, tracker.component_loaded)
    async_dispatcher_connect(hass, SIGNAL_CONFIG_ENTRY_CHANGED, tracker.entry_changed)
    async_track_time_interval(
        hass,
        tracker.interval,
        CHECK_INTERVAL,
        name=f"{DOMAIN} check selected LLM APIs",
        cancel_on_shutdown=True,
    )
    hass.bus.async_listen_once(EVENT_HOMEASSISTANT_STOP, tracker.stop)


_MAY_HAVE_APIS: Final = frozenset(
    {
        ConfigEntryState.LOADED,
        ConfigEntryState.SETUP_IN_PROGRESS,
        ConfigEntryState.UNLOAD_IN_PROGRESS,
    }
)
"""States of an entry that has (or is about to have, or still has) its APIs registered."""


class _ApiTracker:
    """Checks hubs' selected APIs when integrations load, entries change, and periodically."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Track for ``hass``."""
        self.hass = hass
        self._delayed = Debouncer(
            hass,
            LOGGER,
            cooldown=CHECK_DELAY,
            immediate=False,
            function=self._check_loaded_hubs,
            background=True,
        )

    @callback
    def stop(self, event: Event[Any]) -> None:
        """Drop a delayed check: Home Assistant stops."""
        self._delayed.async_shutdown()

    @callback
    def component_loaded(self, event: Event[Any]) -> None:
        """Clear the issues an integration that loaded resolved."""
        self._clear_resolved()

    @callback
    def entry_changed(self, change: ConfigEntryChange, entry: ConfigEntry) -> None:
        """Clear what a config entry's change resolved; check hubs when it may lose APIs.

        A loaded hub whose title changed is reloaded (the reconfigure flow reloads it too).

        An entry that is not loaded (or removed) registers no API now: loaded hubs are
        checked ``CHECK_DELAY`` seconds later, so that a reload raises nothing.
        """
        self._clear_resolved()
        if (
            change is ConfigEntryChange.UPDATED
            and entry.domain == DOMAIN
            and entry.state is ConfigEntryState.LOADED
            and (data := getattr(entry, "runtime_data", None)) is not None
            and data.api.title != entry.title
        ):
            # Renamed without the hub's flow (Home Assistant's Rename): setting up again
            # checks the new title against the name rules (``hub_name.served_name``).
            self.hass.config_entries.async_schedule_reload(entry.entry_id)
        if self.hass.state is not CoreState.running or (
            change is not ConfigEntryChange.REMOVED and entry.state in _MAY_HAVE_APIS
        ):
            return
        self._delayed.async_schedule_call()

    @callback
    def interval(self, now: Any) -> None:
        """Check every loaded hub (APIs may come and go without an event)."""
        self._check_loaded_hubs()

    @callback
    def _clear_resolved(self) -> None:
        """Clear issues whose API is registered or whose hub entry is gone."""
        registered = _registered_ids(self.hass)
        for entry_id, api_id in _missing_api_issues(self.hass):
            if api_id in registered or self.hass.config_entries.async_get_entry(entry_id) is None:
                _async_clear_missing_api(self.hass, entry_id, api_id)

    @callback
    def _check_loaded_hubs(self) -> None:
        """Check every loaded hub, while Home Assistant runs (not while it starts or stops)."""
        if self.hass.state is not CoreState.running:
            return
        for entry in self.hass.config_entries.async_loaded_entries(DOMAIN):
            # A loaded hub has its runtime data, unless a setup that is not ours loaded it.
            if (data := getattr(entry, "runtime_data", None)) is not None:
                _async_check_hub(self.hass, data.api)


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


class _ChangeOptionsFlow(RepairsFlow, ABC):
    """A fix that, on the user's word, changes a hub's options and reloads it."""

    def __init__(self, entry_id: str) -> None:
        """Fix the hub of ``entry_id``."""
        self.entry_id = entry_id

    @abstractmethod
    def _placeholders(self, entry: ConfigEntry[Any]) -> dict[str, str]:
        """Return the placeholders of the confirmation form."""

    @abstractmethod
    def _options(self, entry: ConfigEntry[Any]) -> dict[str, Any]:
        """Return the hub's options after the fix."""

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> RepairsFlowResult:
        """Start with the confirmation."""
        return await self.async_step_confirm()

    async def async_step_confirm(
        self, user_input: dict[str, Any] | None = None
    ) -> RepairsFlowResult:
        """Ask to confirm; on confirming, change the options and reload the hub."""
        entry = self.hass.config_entries.async_get_entry(self.entry_id)
        if entry is None:
            return self.async_abort(reason="entry_removed")
        if user_input is None:
            return self.async_show_form(
                step_id="confirm",
                data_schema=probatio.Schema({}),
                description_placeholders=self._placeholders(entry),
            )
        if self.hass.config_entries.async_update_entry(entry, options=self._options(entry)):
            self.hass.config_entries.async_schedule_reload(entry.entry_id)
        return self.async_create_entry(data={})


class MissingApiRepairFlow(_ChangeOptionsFlow):
    """Fix a missing selected API: remove it from the hub's options, keep every other option."""

    def __init__(self, entry_id: str, api_id: str) -> None:
        """Fix the selected API ``api_id`` of the hub of ``entry_id``."""
        super().__init__(entry_id)
        self.api_id = api_id

    @override
    def _placeholders(self, entry: ConfigEntry[Any]) -> dict[str, str]:
        """Name the hub, and the API by ``api_name`` (its last known name)."""
        return {"hub": entry.title, "api": api_name(self.hass, self.api_id)}

    @override
    def _options(self, entry: ConfigEntry[Any]) -> dict[str, Any]:
        """Return the options without the missing API among the selected ones."""
        options = {key: value for key, value in entry.options.items() if key != CONF_LLM_HASS_API}
        if selected := [
            api_id for api_id in selected_api_ids(entry.options) if api_id != self.api_id
        ]:
            options[CONF_LLM_HASS_API] = selected
        return options


class InvalidNameRepairFlow(RepairsFlow):
    """Fix a hub's title that breaks the name rules: rename the hub to a name that follows them."""

    def __init__(self, entry_id: str) -> None:
        """Rename the hub of ``entry_id``."""
        self.entry_id = entry_id

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> RepairsFlowResult:
        """Start with the new name."""
        return await self.async_step_rename()

    async def async_step_rename(
        self, user_input: dict[str, Any] | None = None
    ) -> RepairsFlowResult:
        """Ask for a name that follows the rules, suggesting one; rename the hub with it.

        The form first shows why the title cannot be the hub's name; the hub reloads under
        the new name, which clears the issue.
        """
        entry = self.hass.config_entries.async_get_entry(self.entry_id)
        if entry is None:
            return self.async_abort(reason="entry_removed")
        if user_input is None:
            name = suggest_name(self.hass, entry)
            error = name_error(self.hass, entry.title, entry.entry_id, titles=False)
        else:
            name = clean_name(user_input[CONF_NAME])
            if (error := name_error(self.hass, name, entry.entry_id)) is None:
                self.hass.config_entries.async_update_entry(entry, title=name)
                return self.async_create_entry(data={})
        key, placeholders = error or (None, {})
        return self.async_show_form(
            step_id="rename",
            data_schema=probatio.Schema(
                {
                    probatio.Required(
                        CONF_NAME, description={"suggested_value": name}
                    ): TextSelector()
                }
            ),
            errors={CONF_NAME: key} if key else {},
            description_placeholders={**placeholders, "title": entry.title},
        )


class InvalidOptionRepairFlow(_ChangeOptionsFlow):
    """Fix an option of the wrong type: on the user's word, remove it from the hub's options."""

    def __init__(self, entry_id: str, option: str) -> None:
        """Fix the option ``option`` of the hub of ``entry_id``."""
        super().__init__(entry_id)
        self.option = option

    @override
    def _placeholders(self, entry: ConfigEntry[Any]) -> dict[str, str]:
        """Name the hub, the option and what it must hold."""
        return {
            "hub": entry.title,
            "option": self.option,
            "expected": EXPECTED.get(self.option, ""),
        }

    @override
    def _options(self, entry: ConfigEntry[Any]) -> dict[str, Any]:
        """Return the options without the option (its default applies)."""
        return {key: value for key, value in entry.options.items() if key != self.option}


async def async_create_fix_flow(
    hass: HomeAssistant, issue_id: str, data: dict[str, str | int | float | None] | None
) -> RepairsFlow:
    """Return the fix flow of an LLM Hub issue (the ``repairs`` platform's entry point)."""
    data = data or {}
    if issue_id.startswith(f"{ISSUE_INVALID_NAME}_"):
        return InvalidNameRepairFlow(str(data.get(DATA_ENTRY_ID)))
    if issue_id.startswith(f"{ISSUE_INVALID_OPTION}_"):
        return InvalidOptionRepairFlow(str(data.get(DATA_ENTRY_ID)), str(data.get(DATA_OPTION)))
    return MissingApiRepairFlow(str(data.get(DATA_ENTRY_ID)), str(data.get(DATA_API_ID)))
