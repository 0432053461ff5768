"""Websocket commands for administrators: the panel's views of APIs, hubs and calls, and its bench.

APIs are built as agents build them (``llm.async_get_api`` with an ``LLMContext`` for the
caller, or for the user a request names), so every access check applies and the panel shows
what a model gets. Errors: ``not_found`` (API, hub, user or tool), ``unauthorized``,
``invalid_format`` (arguments a non-hub tool refused), ``home_assistant_error`` and
``unknown_error`` (the tool failed).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
import importlib
import time
from typing import Any, Final

import probatio

from homeassistant.auth.models import User
from homeassistant.components import websocket_api
from homeassistant.components.conversation import DOMAIN as CONVERSATION_DOMAIN
from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.config_entries import ConfigEntry, ConfigEntryState
from homeassistant.core import Context, Event, HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    issue_registry as ir,
    label_registry as lr,
    llm as llm_helper,
)
from homeassistant.util import dt as dt_util
from homeassistant.util.hass_dict import HassKey

from ..api import HubAPI
from ..calls.audit import EVENT_TOOL_CALLED
from ..calls.tool import HubTool, ToolCall, unwrap
from ..compat import INVALID_ERRORS
from ..compose.builder import HubAPIInstance
from ..const import CLIENT_TOOL_LIMIT, DOMAIN, LOGGER, api_id_for_entry
from ..issues import DATA_ENTRY_ID
from ..options import HubOptions
from ..scope.assist import entity_refused
from ..scope.reach import HubScope, ResolvedScope
from ..search.meta_tools import CallToolTool
from ..targets.acts import outside
from ..types import LlmHubData
from .inspector import (
    CHARS_PER_TOKEN,
    ESTIMATOR,
    REASON_KEYS,
    describe_instance,
    llm_context_for,
    measure,
    search_summary,
)

__all__ = [
    "ACTIVITY_CALLS",
    "PROVIDERS",
    "ActivityLog",
    "async_start_activity",
    "websocket_call_tool",
    "websocket_describe_api",
    "websocket_hub_limits",
    "websocket_hub_scope",
    "websocket_list_apis",
    "websocket_list_shadowed",
    "websocket_subscribe_activity",
    "websocket_tool_providers",
]

ACTIVITY_CALLS: Final = 500  # the last calls of all hubs the activity log keeps
DAY: Final = 24 * 3600  # the window of ``calls_24h``, in seconds

# Per provider: the module whose ``_format_tool(tool, custom_serializer)`` converts a tool for
# it, and its name.
PROVIDERS: Final = {
    "openai": ("homeassistant.components.openai_conversation.entity", "OpenAI"),
    "anthropic": ("homeassistant.components.anthropic.entity", "Anthropic"),
    "google": ("homeassistant.components.google_generative_ai_conversation.entity", "Google"),
    "ollama": ("homeassistant.components.ollama.entity", "Ollama"),
    "mcp": ("homeassistant.components.mcp_server.server", "MCP Server"),
}

_ACTIVITY: HassKey[ActivityLog] = HassKey(f"{DOMAIN}_activity")

# Fields of describe and call: the API, and the request's user, language and device.
_REQUEST_SCHEMA: dict[Any, Any] = {
    probatio.Required("api_id"): str,
    probatio.Optional("user_id"): str,
    probatio.Optional("language"): str,
    probatio.Optional("device_id"): str,
}


@callback
def async_start_activity(hass: HomeAssistant) -> None:
    """Start the activity log the commands report, from now on."""
    hass.data[_ACTIVITY] = ActivityLog(hass)


class ActivityLog:
    """The last ``ACTIVITY_CALLS`` calls of all hubs since start, and each hub's calls in 24 h."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Listen to the tool call events of ``hass`` from now on."""
        self.started = time.time()
        self._calls: deque[Event[Any]] = deque(maxlen=ACTIVITY_CALLS)  # oldest first
        self._times: dict[str, deque[float]] = {}
        self._listeners: set[Callable[[dict[str, Any]], None]] = set()
        hass.bus.async_listen(EVENT_TOOL_CALLED, self._async_called)

    @property
    def calls(self) -> list[dict[str, Any]]:
        """Return the last calls, oldest first, as ``call_entry`` makes them."""
        return [call_entry(event) for event in self._calls]

    @callback
    def _async_called(self, event: Event[Any]) -> None:
        """Keep a call, count it, tell the subscribers."""
        data = event.data
        self._calls.append(event)
        fired = event.time_fired_timestamp
        if (times := self._times.get(data["api_id"])) is None:
            times = self._times[data["api_id"]] = deque()
        times.append(fired)
        _forget_before(times, fired - DAY)
        if self._listeners:
            call = call_entry(event)
            for listener in list(self._listeners):
                listener(call)

    def calls_24h(self, api_id: str) -> int:
        """Return how many calls went through the hub ``api_id`` in the last 24 hours."""
        times = self._times.get(api_id)
        if not times:
            return 0
        _forget_before(times, time.time() - DAY)
        return len(times)

    @callback
    def async_subscribe(self, listener: Callable[[dict[str, Any]], None]) -> Callable[[], None]:
        """Call ``listener`` with each new call; return the function that stops that."""
        self._listeners.add(listener)
        return lambda: self._listeners.discard(listener)


def call_entry(event: Event[Any]) -> dict[str, Any]:
    """Return a call as the panel gets it: the event's data, ``time`` (ISO 8601) and ``error``."""
    return {**event.data, "time": event.time_fired.isoformat(), "error": event.data.get("error")}


def _forget_before(times: deque[float], since: float) -> None:
    """Drop the timestamps older than ``since`` from the start of ``times`` (oldest first)."""
    while times and times[0] < since:
        times.popleft()


@websocket_api.require_admin
@websocket_api.websocket_command({probatio.Required("type"): "llm_hub/apis/list"})
@websocket_api.async_response
async def websocket_list_apis(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """List every hub (loaded or not), then every other LLM API, by name, built for the caller.

    Result: ``{"apis", "estimator", "chars_per_token", "client_limit", "since"}`` (docs/panel.md).
    """
    activity = hass.data[_ACTIVITY]
    registered = {api.id: api for api in llm_helper.async_get_apis(hass)}
    issues = _open_issues(hass)
    llm_context = llm_context_for(hass, Context(user_id=connection.user.id))
    hubs: list[dict[str, Any]] = []
    for entry in hass.config_entries.async_entries(DOMAIN):
        api_id = api_id_for_entry(entry.entry_id)
        api = registered.pop(api_id, None)
        # A hub for some users that are not the caller: as one of them.
        as_user = await async_shown_as(hass, api, connection.user)
        row = await _async_api_row(
            hass,
            api,
            llm_context
            if as_user == connection.user.id
            else llm_context_for(hass, Context(user_id=as_user)),
        )
        row |= {
            "as_user": as_user,
            "id": api_id,
            "name": entry.title,
            "hub": True,
            "entry_id": entry.entry_id,
            "state": entry.state.value,
            "repairs": issues.get(entry.entry_id, []),
            "calls_24h": activity.calls_24h(api_id),
        }
        hubs.append(row)
    others = [
        await _async_api_row(hass, api, llm_context)
        | {
            "entry_id": None,
            "state": "loaded",
            "repairs": [],
            "calls_24h": 0,
            "as_user": connection.user.id,
        }
        for api in registered.values()
    ]
    connection.send_result(
        msg["id"],
        {
            "apis": sorted(hubs, key=_by_name) + sorted(others, key=_by_name),
            "estimator": ESTIMATOR,
            "chars_per_token": CHARS_PER_TOKEN,
            "client_limit": CLIENT_TOOL_LIMIT,
            "since": dt_util.utc_from_timestamp(activity.started).isoformat(),
        },
    )


def _by_name(row: dict[str, Any]) -> tuple[str, str]:
    """Return the sort key of a row: its name, case-folded, then its id."""
    return row["name"].casefold(), row["id"]


async def _async_api_row(
    hass: HomeAssistant, api: llm_helper.API | None, llm_context: llm_helper.LLMContext
) -> dict[str, Any]:
    """Return the figures of one API built for ``llm_context`` (all null when ``api`` is None)."""
    row: dict[str, Any] = dict.fromkeys(
        (
            "tools",
            "hidden",
            "prompt_chars",
            "tools_chars",
            "tokens",
            "max_tools",
            "over_limit",
            "over_client_limit",
            "search",
        )
    )
    row["error"] = None
    if api is None:
        return row
    row |= {"id": api.id, "name": api.name, "hub": isinstance(api, HubAPI)}
    try:
        instance = await llm_helper.async_get_api(hass, api.id, llm_context)
    except Exception as err:  # noqa: BLE001  # one broken API must not hide the others
        row["error"] = str(err) or type(err).__name__
        return row
    sizes = measure(instance)
    row |= {
        "tools": sizes.tools,
        "prompt_chars": sizes.prompt_chars,
        "tools_chars": sizes.tools_chars,
        "tokens": sizes.tokens,
        "over_client_limit": sizes.tools > CLIENT_TOOL_LIMIT,
    }
    if isinstance(instance, HubAPIInstance) and isinstance(api, HubAPI):
        row["hidden"] = sum(item.hidden is not None for item in instance.candidates)
        row["max_tools"] = api.options.max_tools
        row["over_limit"] = sizes.tools > api.options.max_tools
        row["search"] = search_summary(instance)
    return row


def _open_issues(hass: HomeAssistant) -> dict[str, list[str]]:
    """Return the ids of LLM Hub's open repair issues, by hub entry id."""
    issues: dict[str, list[str]] = {}
    for (domain, issue_id), issue in ir.async_get(hass).issues.items():
        if domain == DOMAIN and issue.active and issue.data and DATA_ENTRY_ID in issue.data:
            issues.setdefault(str(issue.data[DATA_ENTRY_ID]), []).append(issue_id)
    return issues


@websocket_api.require_admin
@websocket_api.websocket_command({probatio.Required("type"): "llm_hub/activity/subscribe"})
@callback
def websocket_subscribe_activity(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Subscribe to the calls of all hubs: ``{"calls": [...]}`` of the last, then one per call."""
    activity = hass.data[_ACTIVITY]

    @callback
    def forward(call: dict[str, Any]) -> None:
        connection.send_event(msg["id"], {"calls": [call]})

    connection.subscriptions[msg["id"]] = activity.async_subscribe(forward)
    connection.send_result(msg["id"])
    connection.send_event(msg["id"], {"calls": list(activity.calls)})


@websocket_api.require_admin
@websocket_api.websocket_command(
    {
        probatio.Required("type"): "llm_hub/tool/providers",
        probatio.Required("api_id"): str,
        probatio.Required("tool_name"): str,
    }
)
@websocket_api.async_response
async def websocket_tool_providers(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Return one listed tool of an API as each provider's agent in Home Assistant sends it.

    Result: ``{"tool_name", "providers": {<key>: {"name", "definition" or null, "error"}}}``.
    """
    api_id: str = msg["api_id"]
    if api_id not in {api.id for api in llm_helper.async_get_apis(hass)}:
        connection.send_error(
            msg["id"], websocket_api.ERR_NOT_FOUND, f"No LLM API with id {api_id}"
        )
        return
    llm_context = llm_context_for(hass, Context(user_id=connection.user.id))
    try:
        instance = await llm_helper.async_get_api(hass, api_id, llm_context)
    except HomeAssistantError as err:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_HOME_ASSISTANT_ERROR,
            f"LLM API {api_id} could not be built: {err}",
        )
        return
    tool = next((tool for tool in instance.tools if tool.name == msg["tool_name"]), None)
    if tool is None:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_NOT_FOUND,
            f"LLM API {api_id} lists no tool {msg['tool_name']}",
        )
        return
    providers: dict[str, Any] = {}
    for key, (module_name, name) in PROVIDERS.items():
        providers[key] = {"name": name, "definition": None, "error": None}
        try:
            module = await hass.async_add_import_executor_job(importlib.import_module, module_name)
        except ImportError as err:
            providers[key]["error"] = (
                f"Not available: {err.name or err} comes with Home Assistant's {name} integration"
            )
            continue
        try:
            definition = module._format_tool(tool, instance.custom_serializer)  # noqa: SLF001
        except Exception as err:  # noqa: BLE001  # shown to the user
            providers[key]["error"] = f"{type(err).__name__}: {err}"
            continue
        if hasattr(definition, "model_dump"):  # pydantic models (google-genai, mcp)
            definition = definition.model_dump(mode="json", exclude_none=True, by_alias=True)
        providers[key]["definition"] = definition
    connection.send_result(msg["id"], {"tool_name": tool.name, "providers": providers})


@websocket_api.require_admin
@websocket_api.websocket_command(
    {probatio.Required("type"): "llm_hub/hub/scope", probatio.Required("entry_id"): str}
)
@websocket_api.async_response
async def websocket_hub_scope(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Return a hub's scope by name and the entities exposed to Assist it reaches now.

    Result: ``{"empty", "areas", "floors", "labels", "domains", "entities", "excluded",
    "allowed_users", "admins_only", "exposed", "reached"}``, named items ``{"id", "name"}``,
    ``reached`` ``[{"id", "name", "area", "acts_outside", "outside", "outside_why"}]``:
    ``acts_outside``, the hub refuses it: it acts on ``outside`` (``{"id", "name"}``, outside the
    scope) or on what it cannot follow (``outside_why``, words).
    """
    entry = hass.config_entries.async_get_entry(msg["entry_id"])
    if entry is None or entry.domain != DOMAIN:
        connection.send_error(
            msg["id"], websocket_api.ERR_NOT_FOUND, f"No hub with entry id {msg['entry_id']}"
        )
        return
    options = HubOptions.from_options(entry.options)
    scope = HubScope.from_options(options)
    areas, floors, labels = ar.async_get(hass), fr.async_get(hass), lr.async_get(hass)
    entities = er.async_get(hass)
    users = {user.id: user.name for user in await hass.auth.async_get_users()}

    def entity_name(entity_id: str) -> str | None:
        state = hass.states.get(entity_id)
        return state.name if state else None

    def named(ids: frozenset[str], name: Callable[[str], str | None]) -> list[dict[str, Any]]:
        rows = [{"id": item_id, "name": name(item_id)} for item_id in ids]
        return sorted(rows, key=lambda row: ((row["name"] or row["id"]).casefold(), row["id"]))

    exposed = [
        entity_id
        for entity_id in hass.states.async_entity_ids()
        if async_should_expose(hass, CONVERSATION_DOMAIN, entity_id)
    ]
    reached = scope.resolve(hass) if not scope.empty else None
    rows = [
        {
            "id": entity_id,
            "name": entity_name(entity_id),
            "area": _area_name(hass, areas, entities, entity_id),
            **(NOT_OUTSIDE if reached is None else _outside(hass, entity_id, reached)),
        }
        for entity_id in exposed
        if reached is None or entity_id in reached
    ]
    connection.send_result(
        msg["id"],
        {
            "empty": scope.empty,
            "areas": named(options.scope_areas, lambda i: _name(areas.async_get_area(i))),
            "floors": named(options.scope_floors, lambda i: _name(floors.async_get_floor(i))),
            "labels": named(options.scope_labels, lambda i: _name(labels.async_get_label(i))),
            "domains": sorted(options.scope_domains),
            "entities": named(options.scope_entities, entity_name),
            "excluded": named(options.scope_excluded, entity_name),
            "allowed_users": named(options.allowed_users, users.get),
            "admins_only": options.admins_only,
            "exposed": len(exposed),
            "reached": sorted(rows, key=lambda row: (str(row["name"]).casefold(), row["id"])),
        },
    )


NOT_OUTSIDE: Final = {"acts_outside": False, "outside": [], "outside_why": None}


@websocket_api.require_admin
@websocket_api.websocket_command(
    {probatio.Required("type"): "llm_hub/hub/limits", probatio.Required("entry_id"): str}
)
@websocket_api.async_response
async def websocket_hub_limits(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Return a hub's limits and what they count now, people by name (docs/panel.md)."""
    entry = hass.config_entries.async_get_entry(msg["entry_id"])
    if entry is None or entry.domain != DOMAIN:
        connection.send_error(
            msg["id"], websocket_api.ERR_NOT_FOUND, f"No hub with entry id {msg['entry_id']}"
        )
        return
    loaded = _loaded(entry)
    options = loaded.api.options if loaded else HubOptions.from_options(entry.options)
    limits = loaded.api.limits if loaded else None
    counts = limits.counts() if limits is not None else None
    users = await _async_user_names(hass)
    calls = [
        {"user_id": user, "user_name": users.get(user or ""), "tool_name": tool, "count": n}
        for (user, tool), n in (counts.calls.items() if counts else ())
    ]
    changes = [
        {"user_id": user, "user_name": users.get(user or ""), "count": n}
        for user, n in (counts.changes.items() if counts else ())
    ]
    connection.send_result(
        msg["id"],
        {
            "loaded": loaded is not None,
            "calls_per_minute": options.calls_per_minute,
            "changes_per_hour": options.changes_per_hour,
            "calls": sorted(calls, key=_most_first),
            "changes": sorted(changes, key=_most_first),
            "refusals": counts.refusals if counts else 0,
        },
    )


@websocket_api.require_admin
@websocket_api.websocket_command({probatio.Required("type"): "llm_hub/shadow/list"})
@websocket_api.async_response
async def websocket_list_shadowed(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Return ``{"hubs"}``: each loaded hub in shadow mode, the calls it let run (docs/panel.md)."""
    users = await _async_user_names(hass)
    hubs: list[dict[str, Any]] = []
    for entry in hass.config_entries.async_entries(DOMAIN):
        if (loaded := _loaded(entry)) is None or (since := loaded.api.shadow_since) is None:
            continue
        calls = [
            call.as_dict()
            | {
                "user_name": users.get(call.user_id or ""),
                "reason_key": REASON_KEYS.get(call.shadow.reason),
            }
            for call in loaded.api.audit.shadowed
        ]
        hubs.append(
            {
                "entry_id": entry.entry_id,
                "api_id": loaded.api.id,
                "name": entry.title,
                "since": since.isoformat(),
                "calls": calls,
            }
        )
    hubs.sort(key=lambda hub: (hub["name"].casefold(), hub["entry_id"]))
    connection.send_result(msg["id"], {"hubs": hubs})


def _loaded(entry: ConfigEntry[Any]) -> LlmHubData | None:
    """Return what a loaded hub entry keeps, or None when it is not loaded."""
    if entry.state is not ConfigEntryState.LOADED:
        return None
    return getattr(entry, "runtime_data", None)


async def _async_user_names(hass: HomeAssistant) -> dict[str, str]:
    """Return the names of Home Assistant's users by id."""
    return {user.id: user.name for user in await hass.auth.async_get_users() if user.name}


def _most_first(row: dict[str, Any]) -> tuple[int, str, str]:
    """Return the sort key of a count's row: the highest first, then by name and tool."""
    return -row["count"], str(row["user_name"] or "").casefold(), str(row.get("tool_name"))


def _outside(hass: HomeAssistant, entity_id: str, scope: ResolvedScope) -> dict[str, Any]:
    """Return whether the hub refuses acting on ``entity_id``, and on what it acts outside."""
    if (acts := entity_refused(hass, entity_id, scope)) is None:
        return NOT_OUTSIDE
    return {
        "acts_outside": True,
        "outside": [
            {"id": item, "name": state.name if (state := hass.states.get(item)) else None}
            for item in outside(acts, scope.__contains__)
        ],
        "outside_why": acts.unknown or acts.answers,
    }


def _area_name(
    hass: HomeAssistant, areas: ar.AreaRegistry, entities: er.EntityRegistry, entity_id: str
) -> str | None:
    """Return the name of the area of an entity (its own, else its device's), or None."""
    if (entry := entities.async_get(entity_id)) is None:
        return None
    area_id = entry.area_id
    if area_id is None and entry.device_id:
        area_id = getattr(dr.async_get(hass).async_get(entry.device_id), "area_id", None)
    return _name(areas.async_get_area(area_id)) if area_id else None


def _name(item: ar.AreaEntry | fr.FloorEntry | lr.LabelEntry | None) -> str | None:
    """Return the name of a registry entry, or None when there is none."""
    return item.name if item else None


@websocket_api.require_admin
@websocket_api.websocket_command(
    {probatio.Required("type"): "llm_hub/api/describe"} | _REQUEST_SCHEMA
)
@websocket_api.async_response
async def websocket_describe_api(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Answer ``{"api", "user_id", "served", "prompt", "tools", ...}`` for a user.

    ``served`` is False when the API is a hub that does not serve the user (no tools then).
    """
    if (request := await _async_request(hass, connection, msg)) is None:
        return
    instance, user_id = request
    served = not (isinstance(instance, HubAPIInstance) and instance.refused is not None)
    connection.send_result(
        msg["id"], {"user_id": user_id, "served": served, **describe_instance(instance)}
    )


@websocket_api.require_admin
@websocket_api.websocket_command(
    {
        probatio.Required("type"): "llm_hub/tool/call",
        probatio.Required("tool_name"): str,
        probatio.Optional("tool_args", default=dict): dict,
    }
    | _REQUEST_SCHEMA
)
@websocket_api.async_response
async def websocket_call_tool(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Call one tool of an LLM API as a model would (the test bench).

    Result: ``{"tool_name", "result": {"data", "error"}, "outcome", "duration_ms"}``, the
    outcome as a hub records it (``ok``, ``error``, ``refused``, ``needs_confirmation``).
    """
    if (request := await _async_request(hass, connection, msg)) is None:
        return
    instance, user_id = request
    tool_name: str = msg["tool_name"]
    if (error := _not_callable(instance, user_id, tool_name)) is not None:
        connection.send_error(msg["id"], *error)
        return

    tool_input = llm_helper.ToolInput(tool_name=tool_name, tool_args=msg["tool_args"])
    tool = next(tool for tool in instance.tools if tool.name == tool_name)
    started = time.monotonic()
    ran: ToolCall | llm_helper.ToolResult
    try:
        if isinstance(tool, HubTool | CallToolTool):
            ran = await tool.async_run(hass, tool_input, instance.llm_context)
        else:
            ran = await instance.async_call_tool(tool_input)
    except Unauthorized:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_UNAUTHORIZED,
            f"Tool {tool_name} refused the user: Unauthorized",
        )
        return
    except HomeAssistantError as err:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_HOME_ASSISTANT_ERROR,
            f"Tool {tool_name} failed: {str(err) or type(err).__name__}",
        )
        return
    except INVALID_ERRORS as err:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_INVALID_FORMAT,
            f"Tool {tool_name} refused the arguments: {err}",
        )
        return
    except Exception as err:  # noqa: BLE001  # the test bench reports any failure
        LOGGER.exception(
            "Tool %s of LLM API %s raised an unexpected error", tool_name, msg["api_id"]
        )
        connection.send_error(
            msg["id"],
            websocket_api.ERR_UNKNOWN_ERROR,
            f"Tool {tool_name} failed unexpectedly: {err!r}",
        )
        return
    duration_ms = (time.monotonic() - started) * 1000

    if isinstance(ran, ToolCall):
        result, outcome = ran.result, ran.outcome
    else:
        result, outcome = ran, "error" if ran.error else "ok"
    connection.send_result(
        msg["id"],
        {
            "tool_name": tool_name,
            "result": {"data": result.data, "error": result.error},
            "outcome": outcome,
            "duration_ms": round(duration_ms, 1),
        },
    )


async def async_shown_as(hass: HomeAssistant, api: llm_helper.API | None, caller: User) -> str:
    """Return who an admin's view of ``api`` is for: the caller, else a user the hub serves."""
    if not isinstance(api, HubAPI) or api.serves(caller):
        return caller.id
    users = sorted(
        (user for user in await hass.auth.async_get_users() if not user.system_generated),
        key=lambda user: ((user.name or "").casefold(), user.id),
    )
    return next((user.id for user in users if api.serves(user)), caller.id)


async def _async_request(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> tuple[llm_helper.APIInstance, str] | None:
    """Return the API instance of a request and its user id, or send the error and None."""
    api_id: str = msg["api_id"]
    registered = {api.id: api for api in llm_helper.async_get_apis(hass)}
    user_id: str = msg.get("user_id") or (
        await async_shown_as(hass, registered.get(api_id), connection.user)
        if msg["type"] == "llm_hub/api/describe"
        else connection.user.id
    )
    if api_id not in registered:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_NOT_FOUND,
            f"No LLM API with id {api_id} is registered (llm/api/list lists them)",
        )
        return None
    if (user := await hass.auth.async_get_user(user_id)) is None:
        connection.send_error(msg["id"], websocket_api.ERR_NOT_FOUND, f"No user with id {user_id}")
        return None
    llm_context = llm_context_for(
        hass,
        Context(user_id=user_id),
        language=msg.get("language"),
        device_id=msg.get("device_id"),
    )
    try:
        instance = await llm_helper.async_get_api(hass, api_id, llm_context)
    except Unauthorized:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_UNAUTHORIZED,
            f"User {user.name or user_id} may not use LLM API {api_id}: "
            "it requires an administrator",
        )
        return None
    except HomeAssistantError as err:
        connection.send_error(
            msg["id"],
            websocket_api.ERR_HOME_ASSISTANT_ERROR,
            f"LLM API {api_id} could not be built: {err}",
        )
        return None
    return instance, user_id


def _not_callable(
    instance: llm_helper.APIInstance, user_id: str, tool_name: str
) -> tuple[str, str] | None:
    """Return the error code and words when the user cannot call ``tool_name`` (None: can)."""
    if isinstance(instance, HubAPIInstance) and instance.refused is not None:
        why = f"User {user_id} may not use LLM API {instance.api.id}: {instance.refused}"
        return websocket_api.ERR_UNAUTHORIZED, why
    if tool_name not in {tool.name for tool in instance.tools}:
        return websocket_api.ERR_NOT_FOUND, _no_tool(instance, tool_name)
    return None


def _no_tool(instance: llm_helper.APIInstance, tool_name: str) -> str:
    """Return why ``tool_name`` cannot be called: how a hub lists it, or why it leaves it out."""
    message = f"LLM API {instance.api.id} has no tool {tool_name} for this request"
    if isinstance(instance, HubAPIInstance):
        matches = [
            item
            for item in instance.candidates
            if tool_name in {item.name, item.key, item.wanted_name, unwrap(item.tool).name}
        ]
        if listed := [item.name for item in matches if item.hidden is None]:
            return f"{message}: the hub lists it as {' or '.join(listed)}"
        if matches:
            return f"{message}: the hub leaves it out ({matches[0].hidden})"
    return message
