"""Raises and clears LLM Hub's repair issues, and tracks the selected LLM APIs of loaded hubs.

Issues: a selected API that is missing (``missing_api``), a title that breaks the name rules
(``invalid_name``), an option of the wrong type (``invalid_option``), a tool made in the UI
that the hub leaves out (``tool_left_out``, ids ``tool_…``), an area, floor or label of its
scope that is gone (``scope_*_missing``), a week in shadow mode (``shadow_mode``). Home
Assistant fires no event when an LLM API is registered or unregistered, so selected APIs are
checked when a hub is set up, when an integration loads, when a config entry changes
(``CHECK_DELAY`` seconds later when it may have lost APIs) and every ``CHECK_INTERVAL``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Final

from homeassistant.config_entries import (
    SIGNAL_CONFIG_ENTRY_CHANGED,
    ConfigEntry,
    ConfigEntryChange,
    ConfigEntryState,
)
from homeassistant.const import EVENT_COMPONENT_LOADED, EVENT_HOMEASSISTANT_STOP
from homeassistant.core import CALLBACK_TYPE, CoreState, Event, HomeAssistant, callback
from homeassistant.helpers import (
    area_registry as ar,
    floor_registry as fr,
    issue_registry as ir,
    label_registry as lr,
    llm as llm_helper,
)
from homeassistant.helpers.debounce import Debouncer
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.event import (
    async_track_point_in_utc_time,
    async_track_time_interval,
)
from homeassistant.helpers.start import async_at_started
from homeassistant.util import dt as dt_util
from homeassistant.util.hass_dict import HassKey

from .api import HubAPI
from .calls.limits import async_limit_issue
from .const import DOMAIN, LOGGER, SHADOW_MODE_WARN_AFTER, api_id_for_entry
from .options import EXPECTED, SAFETY_OPTIONS, expected_words
from .removed_hubs import async_check_removed_hubs
from .scope.reach import HubScope
from .search.meaning import INSTALL_FAILED, MODEL_FAILED, REQUIREMENT
from .texts import Texts, async_texts
from .ui_tools.tools import UiTools

__all__ = [
    "CHECK_DELAY",
    "CHECK_INTERVAL",
    "DATA_API_ID",
    "DATA_ENTRY_ID",
    "DATA_OPTION",
    "DATA_REASON",
    "DATA_SUBENTRY_ID",
    "ISSUE_INVALID_NAME",
    "ISSUE_INVALID_OPTION",
    "ISSUE_MISSING_API",
    "ISSUE_SHADOW_MODE",
    "ISSUE_TOOL_PREFIX",
    "api_name",
    "async_check_when_started",
    "async_remove_issues",
    "async_track_apis",
    "async_track_scope",
    "async_track_shadow_mode",
    "async_update_meaning_issue",
    "async_update_name_issue",
    "async_update_option_issues",
]

# Seconds after an entry unloads, fails or is removed before loaded hubs are checked.
CHECK_DELAY: Final = 10.0
CHECK_INTERVAL: Final = timedelta(minutes=5)

ISSUE_MISSING_API: Final = "missing_api"
ISSUE_INVALID_NAME: Final = "invalid_name"
ISSUE_INVALID_OPTION: Final = "invalid_option"
# Translation key of ``invalid_option`` for a safety option, which serves its strictest value.
ISSUE_INVALID_SAFETY_OPTION: Final = "invalid_safety_option"
ISSUE_TOOL_LEFT_OUT: Final = "tool_left_out"
ISSUE_TOOL_PREFIX: Final = "tool_"
ISSUE_SHADOW_MODE: Final = "shadow_mode"
# Translation key of the issue that a hub's scope names a missing area, floor or label.
ISSUE_SCOPE_MISSING: Final = "scope_{}_missing"
DATA_ENTRY_ID: Final = "entry_id"
DATA_API_ID: Final = "api_id"
DATA_OPTION: Final = "option"
DATA_SUBENTRY_ID: Final = "subentry_id"
DATA_REASON: Final = "reason"

# The name of every LLM API seen registered since Home Assistant started, by id.
_API_NAMES: HassKey[dict[str, str]] = HassKey(f"{DOMAIN}_api_names")
# The last name seen of each area, floor and label a scope names, by (kind, id).
_SCOPE_NAMES: HassKey[dict[tuple[str, str], str]] = HassKey(f"{DOMAIN}_scope_names")
_SCOPE_EVENTS: Final = (
    ar.EVENT_AREA_REGISTRY_UPDATED,
    fr.EVENT_FLOOR_REGISTRY_UPDATED,
    lr.EVENT_LABEL_REGISTRY_UPDATED,
)


def _missing_api_issue_id(entry_id: str, api_id: str) -> str:
    """Return the id of the missing-API issue of one hub and one selected API."""
    return f"{ISSUE_MISSING_API}_{entry_id}_{api_id}"


def _tool_issue_id(entry_id: str, subentry_id: str) -> str:
    """Return the id of the issue of a tool left out."""
    return f"{ISSUE_TOOL_PREFIX}{entry_id}_{subentry_id}"


@callback
def _registered(hass: HomeAssistant) -> dict[str, llm_helper.API]:
    """Return the registered LLM APIs by id; remember their names for ``api_name``."""
    apis = {api.id: api for api in llm_helper.async_get_apis(hass)}
    hass.data.setdefault(_API_NAMES, {}).update((api.id, api.name) for api in apis.values())
    return apis


@callback
def api_name(hass: HomeAssistant, api_id: str) -> str:
    """Return an LLM API's registered name, else its hub's title or last seen name, else its id."""
    for api in llm_helper.async_get_apis(hass):
        if api.id == api_id:
            return api.name
    for entry in hass.config_entries.async_entries(DOMAIN):
        if api_id_for_entry(entry.entry_id) == api_id:
            return entry.title
    return hass.data.get(_API_NAMES, {}).get(api_id, api_id)


@callback
def _async_raise_missing_api(hass: HomeAssistant, entry_id: str, hub: str, api_id: str) -> None:
    """Raise (or keep) the fixable issue that hub ``hub`` selects ``api_id``, which is missing."""
    ir.async_create_issue(
        hass,
        DOMAIN,
        _missing_api_issue_id(entry_id, api_id),
        data={DATA_ENTRY_ID: entry_id, DATA_API_ID: api_id},
        is_fixable=True,
        severity=ir.IssueSeverity.WARNING,
        translation_key=ISSUE_MISSING_API,
        translation_placeholders={"hub": hub, "api": api_name(hass, api_id)},
    )


@callback
def _async_clear_missing_api(hass: HomeAssistant, entry_id: str, api_id: str) -> None:
    """Clear the missing-API issue of one hub and selected API, if there is one."""
    ir.async_delete_issue(hass, DOMAIN, _missing_api_issue_id(entry_id, api_id))


@callback
def _async_check_hub(hass: HomeAssistant, api: HubAPI) -> None:
    """Raise an issue per missing selected API of a hub, clear the others; update its admin need."""
    registered = _registered(hass)
    api.async_update_requires_admin(registered)
    for api_id in api.selected_api_ids:
        if api_id in registered:
            _async_clear_missing_api(hass, api.entry_id, api_id)
        else:
            _async_raise_missing_api(hass, api.entry_id, api.name, api_id)
    for entry_id, api_id in _missing_api_issues(hass):
        if entry_id == api.entry_id and api_id not in api.selected_api_ids:
            _async_clear_missing_api(hass, entry_id, api_id)


@callback
def _async_check_tools(
    hass: HomeAssistant, entry_id: str, hub: str, ui_tools: UiTools, texts: Texts
) -> None:
    """Raise a fixable issue per tool the hub leaves out (the fix deletes it); clear the others."""
    problems = ui_tools.problems(hass, texts)
    prefix = _tool_issue_id(entry_id, "")
    for domain, issue_id in list(ir.async_get(hass).issues):
        if (
            domain == DOMAIN
            and issue_id.startswith(prefix)
            and issue_id.removeprefix(prefix) not in problems
        ):
            ir.async_delete_issue(hass, DOMAIN, issue_id)
    for subentry_id, (title, reason) in problems.items():
        ir.async_create_issue(
            hass,
            DOMAIN,
            _tool_issue_id(entry_id, subentry_id),
            data={DATA_ENTRY_ID: entry_id, DATA_SUBENTRY_ID: subentry_id, DATA_REASON: reason},
            is_fixable=True,
            severity=ir.IssueSeverity.WARNING,
            translation_key=ISSUE_TOOL_LEFT_OUT,
            translation_placeholders={"hub": hub, "tool": title, "reason": reason},
        )


async def async_check_when_started(
    hass: HomeAssistant, entry: ConfigEntry[Any], api: HubAPI, ui_tools: UiTools
) -> CALLBACK_TYPE:
    """Check a hub's selected APIs and tools once Home Assistant has started; return the undo."""
    texts = await async_texts(hass, "exceptions")  # why tools are left out, in its language

    @callback
    def check(hass: HomeAssistant) -> None:
        _async_check_hub(hass, api)
        _async_check_tools(hass, entry.entry_id, entry.title, ui_tools, texts)

    return async_at_started(hass, check)


@callback
def async_update_name_issue(
    hass: HomeAssistant,
    entry: ConfigEntry[Any],
    served: str,
    error: tuple[str, dict[str, str]] | None,
) -> None:
    """Raise the issue that a hub's title breaks the name rules (``error``), or clear it (None)."""
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


async def async_update_option_issues(
    hass: HomeAssistant, entry: ConfigEntry[Any], invalid: list[str]
) -> None:
    """Log and raise a fixable issue per option key in ``invalid``; clear the others."""
    prefix = f"{ISSUE_INVALID_OPTION}_{entry.entry_id}_"
    for (domain, issue_id), issue in list(ir.async_get(hass).issues.items()):
        if (
            domain == DOMAIN
            and issue_id.startswith(prefix)
            and (issue.data or {}).get(DATA_OPTION) not in invalid
        ):
            ir.async_delete_issue(hass, DOMAIN, issue_id)
    if not invalid:
        return
    texts = await async_texts(hass, "common")
    for key in invalid:
        safety = key in SAFETY_OPTIONS
        LOGGER.warning(
            "LLM Hub %s: the option %s holds %s, not %s; serving %s",
            entry.title,
            key,
            type(entry.options[key]).__name__,
            EXPECTED[key],
            "its strictest value" if safety else "as if it were not set",
        )
        ir.async_create_issue(
            hass,
            DOMAIN,
            f"{prefix}{key}",
            data={DATA_ENTRY_ID: entry.entry_id, DATA_OPTION: key},
            is_fixable=True,
            severity=ir.IssueSeverity.WARNING,
            translation_key=ISSUE_INVALID_SAFETY_OPTION if safety else ISSUE_INVALID_OPTION,
            translation_placeholders={
                "hub": entry.title,
                "option": key,
                "expected": expected_words(key, texts),
            },
        )


def _scope_issue_prefix(entry_id: str) -> str:
    """Return the start of the ids of the issues of a hub's scope."""
    return f"scope_{entry_id}_"


@callback
def _async_check_scope(hass: HomeAssistant, entry: ConfigEntry[Any], scope: HubScope) -> None:
    """Raise an issue per area, floor or label of the scope that is missing; clear the others."""
    names = hass.data.setdefault(_SCOPE_NAMES, {})
    lookups = (
        ("area", scope.areas, ar.async_get(hass).async_get_area),
        ("floor", scope.floors, fr.async_get(hass).async_get_floor),
        ("label", scope.labels, lr.async_get(hass).async_get_label),
    )
    prefix = _scope_issue_prefix(entry.entry_id)
    raised = set()
    for kind, item_ids, lookup in lookups:
        for item_id in item_ids:
            if (item := lookup(item_id)) is not None:
                names[kind, item_id] = item.name
                continue
            raised.add(issue_id := f"{prefix}{kind}_{item_id}")
            ir.async_create_issue(
                hass,
                DOMAIN,
                issue_id,
                data={DATA_ENTRY_ID: entry.entry_id},
                is_fixable=False,
                severity=ir.IssueSeverity.WARNING,
                translation_key=ISSUE_SCOPE_MISSING.format(kind),
                translation_placeholders={
                    "hub": entry.title,
                    "name": names.get((kind, item_id), item_id),
                },
            )
    _async_delete_prefixed(hass, prefix, keep=raised)


@callback
def _async_delete_prefixed(hass: HomeAssistant, prefix: str, keep: set[str] | None = None) -> None:
    """Delete LLM Hub's issues whose id starts with ``prefix``, but those in ``keep``."""
    for domain, issue_id in list(ir.async_get(hass).issues):
        if domain == DOMAIN and issue_id.startswith(prefix) and issue_id not in (keep or ()):
            ir.async_delete_issue(hass, DOMAIN, issue_id)


@callback
def async_track_scope(
    hass: HomeAssistant, entry: ConfigEntry[Any], scope: HubScope
) -> CALLBACK_TYPE:
    """Check the areas, floors and labels of a hub's scope now and on change; return the undo."""
    _async_check_scope(hass, entry, scope)
    if not (scope.areas or scope.floors or scope.labels):
        return lambda: None

    @callback
    def changed(event: Event[Any]) -> None:
        _async_check_scope(hass, entry, scope)

    undos = [hass.bus.async_listen(event_type, changed) for event_type in _SCOPE_EVENTS]

    @callback
    def undo() -> None:
        for stop in undos:
            stop()

    return undo


@callback
def async_track_shadow_mode(
    hass: HomeAssistant, entry: ConfigEntry[Any], since: datetime | None
) -> CALLBACK_TYPE:
    """Raise the issue a week in shadow mode since ``since`` (None: off, cleared); return undo."""
    issue_id = f"{ISSUE_SHADOW_MODE}_{entry.entry_id}"
    if since is None:
        ir.async_delete_issue(hass, DOMAIN, issue_id)
        return lambda: None
    try:
        day = dt_util.as_local(since).date()
    except OverflowError:  # the first day there is: no zone can shift it
        day = since.date()

    @callback
    def raise_issue(_now: datetime | None = None) -> None:
        ir.async_create_issue(
            hass,
            DOMAIN,
            issue_id,
            data={DATA_ENTRY_ID: entry.entry_id},
            is_fixable=True,
            severity=ir.IssueSeverity.WARNING,
            translation_key=ISSUE_SHADOW_MODE,
            translation_placeholders={
                "hub": entry.title,
                "since": day.isoformat(),
            },
        )

    if (due := since + SHADOW_MODE_WARN_AFTER) <= dt_util.utcnow():
        raise_issue()
        return lambda: None
    ir.async_delete_issue(hass, DOMAIN, issue_id)  # turned on anew since
    return async_track_point_in_utc_time(hass, raise_issue, due)


@callback
def async_update_meaning_issue(
    hass: HomeAssistant, entry: ConfigEntry[Any], key: str | None, error: str
) -> None:
    """Raise the hub's meaning search issue ``key`` (why: ``error``), or clear both (None)."""
    for known in (INSTALL_FAILED, MODEL_FAILED):
        if known != key:
            ir.async_delete_issue(hass, DOMAIN, f"{known}_{entry.entry_id}")
    if key is not None:
        ir.async_create_issue(
            hass,
            DOMAIN,
            f"{key}_{entry.entry_id}",
            is_fixable=False,
            severity=ir.IssueSeverity.WARNING,
            translation_key=key,
            translation_placeholders={
                "hub": entry.title,
                "requirement": REQUIREMENT,
                "error": error,
            },
        )


@callback
def async_remove_issues(hass: HomeAssistant, entry_id: str) -> None:
    """Remove every issue of a removed hub, its tools' too."""
    for key in (INSTALL_FAILED, MODEL_FAILED):
        ir.async_delete_issue(hass, DOMAIN, f"{key}_{entry_id}")
    ir.async_delete_issue(hass, DOMAIN, f"{ISSUE_INVALID_NAME}_{entry_id}")
    ir.async_delete_issue(hass, DOMAIN, f"{ISSUE_SHADOW_MODE}_{entry_id}")
    async_limit_issue(hass, entry_id, "", None)
    for key in EXPECTED:
        ir.async_delete_issue(hass, DOMAIN, f"{ISSUE_INVALID_OPTION}_{entry_id}_{key}")
    for api_id in [
        api_id for issue_entry, api_id in _missing_api_issues(hass) if issue_entry == entry_id
    ]:
        _async_clear_missing_api(hass, entry_id, api_id)
    _async_delete_prefixed(hass, _tool_issue_id(entry_id, ""))
    _async_delete_prefixed(hass, _scope_issue_prefix(entry_id))


@callback
def async_track_apis(hass: HomeAssistant) -> None:
    """Keep missing-API issues current while Home Assistant runs (set up once)."""
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
    # A hub removed while Home Assistant was stopped, or before this version, is still selected.
    async_at_started(hass, async_check_removed_hubs)


# States of an entry that has (or is about to have, or still has) its APIs registered.
_MAY_HAVE_APIS: Final = frozenset(
    {
        ConfigEntryState.LOADED,
        ConfigEntryState.SETUP_IN_PROGRESS,
        ConfigEntryState.UNLOAD_IN_PROGRESS,
    }
)


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
        """Clear what a change resolved; check hubs ``CHECK_DELAY`` later if APIs may be lost."""
        self._clear_resolved()
        async_check_removed_hubs(self.hass)
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
        registered = _registered(self.hass)
        for entry_id, api_id in _missing_api_issues(self.hass):
            if api_id in registered or self.hass.config_entries.async_get_entry(entry_id) is None:
                _async_clear_missing_api(self.hass, entry_id, api_id)

    @callback
    def _check_loaded_hubs(self) -> None:
        """Check every loaded hub, while Home Assistant runs."""
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
