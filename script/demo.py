"""Drive a fresh Home Assistant over HTTP to show that LLM Hub works end to end.

Run by ``script/demo`` in the Home Assistant venv, after it started Home Assistant on a fresh
copy of the dev config. Steps: onboarding (user and token), an LLM Hub entry "Kitchen" that
picks Assist (config flow, then the options menu's "apis" step), MCP Server. Then checks,
each printed as one ``PASS``/``FAIL`` line; a failed check does not stop the others, and
any failure makes the exit status non-zero:

- ``mcp``: through the ``mcp`` SDK over Streamable HTTP at ``/api/mcp/llm_hub-<entry_id>``:
  the tool list, the example tool, turning the kitchen lights on;
- ``names``: the example's ``llm_hub_example__zähle.lichter`` is listed under a portable
  name, every name is portable, and calling the portable name runs it;
- ``ui tools``: a template tool (lights on, by area) and an action tool (the porch light at a
  brightness) made in Kitchen's subentry flow over REST, called over MCP, the light read back;
- ``options``: the options menu's "safety" step (1 s timeout, confirm destructive tools)
  and "tools" step (leave out ``*HassTurnOff``);
- ``policy``: the left-out tool is not listed and cannot be called;
- ``timeout``: ``llm_hub_example__slow`` running longer is answered with an error, and the
  same MCP session goes on;
- ``approval``: a call of a tool that needs confirming, from an MCP client, waits for an
  approval in Home Assistant; approved over the websocket as the user, it runs once;
- ``describe`` and ``tool/call``: the inspector's websocket commands;
- ``events``: ``llm_hub_tool_called`` for each call above, through ``subscribe_events``;
- ``diagnostics``: the entry's diagnostics over HTTP, with the counters of those calls;
- ``requires_admin`` (where ``llm/api/list`` reports it, 2026.11+): a hub "Admin tools" on
  the admin-only "Home Assistant" API;
- ``search``: a hub "Search" in search mode lists only ``search_tools`` and ``call_tool``;
  through them it turns the porch light off, then on;
- ``agent``: a real conversation agent picks a hub "Porch" (Assist): Home Assistant's
  ``ollama`` integration, set up through its config flow and a conversation subentry whose
  reconfigure step picks the hub under LLM APIs, with ``ollama_standin`` as its server. One
  turn through ``conversation/process``: the stand-in must get the hub's tools in Ollama's
  format, its tool call must turn the porch lights off, and the answer must come back.

Works with the ``mcp`` SDK 1.x (httpx, Home Assistant 2026.10) and 2.x (httpx2, 2026.11). It
does not import ``homeassistant`` (2026.11's package aliases ``httpx`` process-wide).
"""

from __future__ import annotations

import argparse
import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib import metadata
import json
from pathlib import Path
import re
import sys
import time
from types import ModuleType
from typing import Any

import aiohttp
from mcp.client import streamable_http
from mcp.client.session import ClientSession
from ollama_standin import MODEL, ScriptedOllama

HUB_DOMAIN = "llm_hub"
EXAMPLE_DOMAIN = "llm_hub_example"
COUNT_TOOL = f"{EXAMPLE_DOMAIN}__count_lights_on"
GERMAN_TOOL = f"{EXAMPLE_DOMAIN}__zähle.lichter"
GERMAN_EXPOSED = f"{EXAMPLE_DOMAIN}__zahle_lichter"
"""How a hub must expose ``GERMAN_TOOL``: "ä" transliterated, the dot made "_" (README)."""
SLOW_TOOL = f"{EXAMPLE_DOMAIN}__slow"
TURN_ON_SUFFIX = "HassTurnOn"
TURN_OFF_SUFFIX = "HassTurnOff"
PORTABLE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,47}")
"""What every hub tool name must match: the providers' rule, with room for prefixes."""
KITCHEN = ("light.kitchen_lights", "Kitchen lights")
PORCH = ("light.porch_lights", "Porch lights")
USER = {"name": "Demo", "username": "demo", "password": "llm-hub-demo", "language": "en"}
CALL_TIMEOUT = 1
"""The hub's call timeout the demo sets, in seconds."""
SLOW_SECONDS = 5.0
"""How long the demo asks ``SLOW_TOOL`` to sleep: well past ``CALL_TIMEOUT``."""
TOKEN_ARGUMENT = "confirmation_token"
EVENT_TOOL_CALLED = "llm_hub_tool_called"
AGENT_NAME = "Scripted agent"
AGENT_ANSWER = "Done: the porch lights are off."
START_TIMEOUT = 120.0
STATE_TIMEOUT = 10.0
EVENT_TIMEOUT = 5.0

type JsonObject = dict[str, Any]


class DemoError(Exception):
    """A step of the demo failed; the message says what was expected and what came."""


class SkipCheckError(Exception):
    """A check does not apply to this Home Assistant; the message says why."""


class WebSocketError(DemoError):
    """A websocket command failed; ``code`` is Home Assistant's error code."""

    def __init__(self, command: str, code: str, message: str) -> None:
        """Keep the error's code and message."""
        super().__init__(f"websocket {command}: {code}: {message}")
        self.code = code
        self.message = message


def step(message: str) -> None:
    """Print the headline of a step."""
    print(f"--> {message}", flush=True)


def detail(message: str) -> None:
    """Print a detail of the current step, indented."""
    print(f"    {message}", flush=True)


def compact(value: Any) -> str:
    """Return ``value`` as one line of JSON."""
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


def short(text: str, length: int = 90) -> str:
    """Return ``text`` cut to ``length`` characters, with an ellipsis when cut."""
    return text if len(text) <= length else text[: length - 1] + "…"


def expect(condition: bool, message: str) -> None:
    """Raise ``DemoError(message)`` unless ``condition`` holds."""
    if not condition:
        raise DemoError(message)


class HomeAssistantClient:
    """Home Assistant's REST API, with the token once there is one."""

    def __init__(self, http: aiohttp.ClientSession, base_url: str) -> None:
        """Talk to the Home Assistant at ``base_url`` through ``http``."""
        self.http = http
        self.base_url = base_url
        self.token: str | None = None

    async def request(
        self,
        method: str,
        path: str,
        *,
        json_body: JsonObject | None = None,
        form: dict[str, str] | None = None,
    ) -> Any:
        """Send a request and return the decoded JSON answer; raise unless it is HTTP 200."""
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        async with self.http.request(
            method, self.base_url + path, json=json_body, data=form, headers=headers
        ) as response:
            text = await response.text()
            if response.status != 200:
                sent = compact(json_body) if json_body is not None else ""
                raise DemoError(f"{method} {path} {sent} -> HTTP {response.status}: {text[:1000]}")
            return json.loads(text) if text else None

    async def get(self, path: str) -> Any:
        """GET ``path`` and return the decoded JSON answer."""
        return await self.request("GET", path)

    async def post(self, path: str, body: JsonObject) -> Any:
        """POST ``body`` as JSON to ``path`` and return the decoded JSON answer."""
        return await self.request("POST", path, json_body=body)

    async def state(self, entity_id: str) -> str:
        """Return the state of an entity, read through the REST API."""
        return str((await self.get(f"/api/states/{entity_id}"))["state"])

    async def wait_state(self, entity_id: str, wanted: str) -> str:
        """Wait until an entity has the state ``wanted``; return the last state read."""
        deadline = time.monotonic() + STATE_TIMEOUT
        state = await self.state(entity_id)
        while state != wanted and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            state = await self.state(entity_id)
        return state


class WebSocketClient:
    """One authenticated connection to the websocket API: commands, and events kept aside.

    Events that arrive while a command waits for its result are kept per subscription id
    and handed out by ``events``.
    """

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        """Use the authenticated connection ``ws``."""
        self.ws = ws
        self._last_id = 0
        self._events: dict[int, list[JsonObject]] = {}

    @classmethod
    @asynccontextmanager
    async def connect(cls, ha: HomeAssistantClient) -> AsyncIterator[WebSocketClient]:
        """Connect to ``/api/websocket`` and authenticate with the access token."""
        async with ha.http.ws_connect(ha.base_url + "/api/websocket") as ws:
            greeting = await ws.receive_json(timeout=STATE_TIMEOUT)
            expect(greeting.get("type") == "auth_required", f"websocket: got {compact(greeting)}")
            await ws.send_json({"type": "auth", "access_token": ha.token})
            auth = await ws.receive_json(timeout=STATE_TIMEOUT)
            expect(auth.get("type") == "auth_ok", f"websocket auth: got {compact(auth)}")
            yield cls(ws)

    async def command(self, command: JsonObject) -> Any:
        """Run one command and return its result; raise ``WebSocketError`` for an error."""
        self._last_id += 1
        message_id = self._last_id
        await self.ws.send_json({"id": message_id, **command})
        while True:
            message = await self._receive(STATE_TIMEOUT * 3)
            if message.get("id") != message_id or message.get("type") != "result":
                continue
            if not message.get("success"):
                error = message.get("error") or {}
                raise WebSocketError(
                    command["type"], str(error.get("code")), str(error.get("message"))
                )
            return message["result"]

    async def subscribe_events(self, event_type: str) -> int:
        """Subscribe to events of ``event_type``; return the subscription id."""
        await self.command({"type": "subscribe_events", "event_type": event_type})
        self._events[self._last_id] = []
        return self._last_id

    async def events(self, subscription: int, count: int) -> list[JsonObject]:
        """Return the events of a subscription so far, waiting until there are ``count``.

        Waits at most ``EVENT_TIMEOUT`` seconds for missing ones, then returns what came
        (and anything more that came already).
        """
        deadline = time.monotonic() + EVENT_TIMEOUT
        while len(self._events[subscription]) < count and time.monotonic() < deadline:
            try:
                await self._receive(deadline - time.monotonic())
            except TimeoutError:
                break
        return self._events[subscription]

    async def _receive(self, wait: float) -> JsonObject:
        """Receive one message (waiting ``wait`` s at most); keep aside a subscription's event."""
        message: JsonObject = await self.ws.receive_json(timeout=max(wait, 0.01))
        if message.get("type") == "event" and message.get("id") in self._events:
            self._events[message["id"]].append(message["event"])
        return message


def ha_process_gone(pid: int | None) -> bool:
    """Return whether the process that runs Home Assistant exited (or is a zombie)."""
    if pid is None:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return True
    # The state follows the command name in parentheses, which may itself hold spaces.
    return stat.rsplit(")", 1)[1].split()[0] in {"Z", "X"}


async def wait_for_home_assistant(ha: HomeAssistantClient, ha_pid: int | None) -> float:
    """Wait until ``GET /api/onboarding`` answers; return the seconds waited."""
    started = time.monotonic()
    last_error = "no answer yet"
    while time.monotonic() - started < START_TIMEOUT:
        if ha_process_gone(ha_pid):
            raise DemoError("Home Assistant exited while starting")
        try:
            await ha.get("/api/onboarding")
        except (aiohttp.ClientError, DemoError) as err:
            last_error = str(err) or type(err).__name__
        else:
            return time.monotonic() - started
        await asyncio.sleep(0.25)
    raise DemoError(f"no answer from /api/onboarding within {START_TIMEOUT:.0f} s: {last_error}")


async def onboard(ha: HomeAssistantClient) -> JsonObject:
    """Create the owner through onboarding, keep an access token for it; return the tokens."""
    client_id = ha.base_url + "/"
    created = await ha.post("/api/onboarding/users", {"client_id": client_id, **USER})
    tokens = await ha.request(
        "POST",
        "/auth/token",
        form={
            "grant_type": "authorization_code",
            "code": created["auth_code"],
            "client_id": client_id,
        },
    )
    ha.token = tokens["access_token"]
    return dict(tokens)


async def wait_until_running(ha: HomeAssistantClient) -> JsonObject:
    """Wait until Home Assistant has started (``GET /api/config`` state ``RUNNING``).

    The HTTP API answers while integrations are still starting; template entities, for one,
    get their first state only once Home Assistant has started.
    """
    started = time.monotonic()
    while True:
        config: JsonObject = await ha.get("/api/config")
        if config["state"] == "RUNNING":
            return config
        if time.monotonic() - started > START_TIMEOUT:
            raise DemoError(f"Home Assistant still {config['state']} after {START_TIMEOUT:.0f} s")
        await asyncio.sleep(0.25)


# --- Config and options flows -------------------------------------------------------------


def form_values(form: JsonObject, answers: JsonObject) -> JsonObject:
    """Return what to submit to a form: ``answers`` over what the form shows filled in.

    A field shows its suggested value (``description.suggested_value``, how options forms
    show the current options), else its default. Raises for a required field left empty.
    """
    data: JsonObject = {}
    for field in form.get("data_schema") or []:
        name = field["name"]
        suggested = (field.get("description") or {}).get("suggested_value")
        if name in answers:
            data[name] = answers[name]
        elif suggested is not None:
            data[name] = suggested
        elif "default" in field:
            data[name] = field["default"]
        elif field.get("required"):
            raise DemoError(f"form {form['step_id']}: required field {name} has no value")
    return data


async def run_config_flow(ha: HomeAssistantClient, handler: str, answers: JsonObject) -> JsonObject:
    """Run a config flow, answering each form with ``answers`` over its own values.

    Returns the created entry (``result`` of ``create_entry``); raises for anything else.
    """
    path = "/api/config/config_entries/flow"
    result = await ha.post(path, {"handler": handler})
    for _ in range(5):
        if result["type"] != "form":
            break
        data = form_values(result, answers)
        result = await ha.post(f"{path}/{result['flow_id']}", data)
        if result["type"] == "form" and result.get("errors"):
            raise DemoError(f"form {result['step_id']} refused {compact(data)}: {result['errors']}")
    expect(result["type"] == "create_entry", f"{handler} config flow ended with {compact(result)}")
    return dict(result["result"])


async def wait_entry_loaded(ha: HomeAssistantClient, domain: str, entry_id: str) -> JsonObject:
    """Wait until a config entry is loaded (an options change reloads it); return it."""
    deadline = time.monotonic() + STATE_TIMEOUT
    while True:
        entries = await ha.get(f"/api/config/config_entries/entry?domain={domain}")
        entry = next((e for e in entries if e["entry_id"] == entry_id), None)
        if entry is None:
            raise DemoError(f"config entry {entry_id} of {domain} is gone")
        if entry["state"] == "loaded":
            return dict(entry)
        if time.monotonic() > deadline:
            raise DemoError(f"config entry {entry_id} is {entry['state']}: {compact(entry)}")
        await asyncio.sleep(0.1)


def menu_figures(menu: JsonObject) -> str:
    """Return the size figures the options menu shows, e.g. ``9 of 10 tools, ~420 tokens``."""
    figures = menu.get("description_placeholders") or {}
    tools, gathered, tokens = (figures.get(key) for key in ("tools", "candidates", "tokens"))
    return f"{tools} of {gathered} tools, ~{tokens} tokens"


async def run_options_step(
    ha: HomeAssistantClient,
    entry_id: str,
    step_id: str,
    answers: Callable[[JsonObject], JsonObject],
) -> str:
    """Open the hub's options menu, pick ``step_id``, submit its form, Save; wait for the reload.

    ``answers(form)`` returns the fields to change; the others keep the values the form
    shows. The step returns to the menu, whose Save entry stores the options. Returns the
    figures of the menu before the change (``menu_figures``).
    """
    path = "/api/config/config_entries/options/flow"
    menu = await ha.post(path, {"handler": entry_id})
    expect(
        menu["type"] == "menu" and step_id in menu.get("menu_options", []),
        f"options flow: expected a menu with {step_id!r}, got {compact(menu)}",
    )
    form = await ha.post(f"{path}/{menu['flow_id']}", {"next_step_id": step_id})
    expect(
        form["type"] == "form" and form["step_id"] == step_id,
        f"options menu -> {step_id!r}: expected its form, got {compact(form)}",
    )
    data = form_values(form, answers(form))
    menu_after = await ha.post(f"{path}/{form['flow_id']}", data)
    expect(
        menu_after["type"] == "menu" and "save" in menu_after.get("menu_options", []),
        f"options step {step_id!r} with {compact(data)} ended with {compact(menu_after)}",
    )
    result = await ha.post(f"{path}/{menu_after['flow_id']}", {"next_step_id": "save"})
    expect(
        result["type"] == "create_entry",
        f"options menu -> 'save' after {step_id!r} ended with {compact(result)}",
    )
    await wait_entry_loaded(ha, HUB_DOMAIN, entry_id)
    return menu_figures(menu)


async def create_hub(ha: HomeAssistantClient, name: str, picked: list[str]) -> str:
    """Create a hub named ``name`` that picks the APIs ``picked``; return its entry id."""
    entry = await run_config_flow(ha, HUB_DOMAIN, {"name": name})
    entry_id = str(entry["entry_id"])
    await run_options_step(ha, entry_id, "apis", lambda _: {"llm_hass_api": picked})
    return entry_id


# --- MCP ----------------------------------------------------------------------------------


def httpx_module() -> ModuleType:
    """Return the httpx library the installed mcp SDK uses (httpx2 from mcp 2, else httpx)."""
    for name in ("httpx2", "httpx"):
        module = vars(streamable_http).get(name)
        if isinstance(module, ModuleType):
            return module
    raise DemoError("cannot tell which httpx library mcp.client.streamable_http uses")


@asynccontextmanager
async def mcp_session(url: str, token: str) -> AsyncIterator[ClientSession]:
    """Open an initialized MCP client session over Streamable HTTP with a bearer token.

    Both SDK generations offer ``streamable_http_client(url, http_client=...)``; the client
    is an ``httpx.AsyncClient`` for mcp 1.x and an ``httpx2.AsyncClient`` for mcp 2.x, and
    the transport yields 3 streams in 1.x and 2 in 2.x (read and write come first in both).
    """
    httpx = httpx_module()
    client = httpx.AsyncClient(
        headers={"Authorization": f"Bearer {token}"},
        timeout=httpx.Timeout(30, read=120),
    )
    async with (
        client,
        streamable_http.streamable_http_client(url, http_client=client) as streams,
        ClientSession(streams[0], streams[1]) as session,
    ):
        await session.initialize()
        yield session


async def list_tools(session: ClientSession) -> dict[str, JsonObject]:
    """Return the server's tools by name, as JSON (camelCase, like on the wire)."""
    listed = (await session.list_tools()).model_dump(mode="json", by_alias=True, exclude_none=True)
    expect(not listed.get("nextCursor"), "tools/list is paginated; the demo expects one page")
    return {tool["name"]: tool for tool in listed["tools"]}


async def call_tool_result(
    session: ClientSession, name: str, arguments: JsonObject
) -> tuple[bool, Any]:
    """Call a tool; return ``(isError, content)``: the JSON of its text, else the text."""
    result = await session.call_tool(name, arguments)
    dumped = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    texts = [block["text"] for block in dumped["content"] if block.get("type") == "text"]
    expect(len(texts) == 1, f"tool {name}: expected one text content, got {compact(dumped)}")
    try:
        content = json.loads(texts[0])
    except ValueError:
        content = texts[0]
    return bool(dumped.get("isError")), content


async def call_tool(session: ClientSession, name: str, arguments: JsonObject) -> Any:
    """Call a tool and return its result (the JSON in its text content); raise on an error."""
    is_error, content = await call_tool_result(session, name, arguments)
    expect(not is_error, f"tool {name}({compact(arguments)}) failed: {compact(content)}")
    return content


def error_text(content: Any) -> str:
    """Return the words of a failed call's result (a hub's ``error_text``, else all of it)."""
    if isinstance(content, dict):
        return str(content.get("error_text") or compact(content))
    return str(content)


def one_tool(tools: dict[str, Any], suffix: str) -> str:
    """Return the one tool name ending in ``suffix``; raise when there is none or several."""
    names = [name for name in tools if name.endswith(suffix)]
    expect(len(names) == 1, f"expected one *{suffix} tool, got {names} of {list(tools)}")
    return names[0]


# --- The checks ---------------------------------------------------------------------------


class Demo:
    """The demo's state: the client, the Kitchen hub, and the calls whose events must come."""

    def __init__(self, ha: HomeAssistantClient, version: str) -> None:
        """Check the Home Assistant behind ``ha``, which must say it is ``version``."""
        self.ha = ha
        self.version = version
        self.kitchen_id = ""
        self.turn_on = ""
        self.turn_off = ""
        self.turn_off_label = ""
        self.ws: WebSocketClient | None = None
        self.subscription = 0
        self.expected_events: list[tuple[str, str, str]] = []
        """``(tool_name, outcome, platform)`` of each hub call since the subscription."""
        self.failed: list[str] = []
        self.passed = 0

    @property
    def websocket(self) -> WebSocketClient:
        """Return the websocket connection; raise ``DemoError`` before it is made."""
        if self.ws is None:
            raise DemoError("no websocket connection")
        return self.ws

    async def check(self, name: str, run: Awaitable[str]) -> None:
        """Run one check; print ``PASS name: <summary>``, ``FAIL name: <error>`` or ``SKIP``."""
        try:
            summary = await run
        except SkipCheckError as err:
            print(f"SKIP {name}: {err}", flush=True)
        except Exception as err:
            self.failed.append(name)
            print(f"FAIL {name}: {'; '.join(leaf_errors(err))}", flush=True)
        else:
            self.passed += 1
            print(f"PASS {name}: {summary}", flush=True)

    def session(self, entry_id: str | None = None) -> AbstractAsyncContextManager[ClientSession]:
        """Return an MCP session with a hub (default: Kitchen), authenticated as the owner."""
        expect(self.ha.token is not None, "no access token")
        url = f"{self.ha.base_url}/api/mcp/{HUB_DOMAIN}-{entry_id or self.kitchen_id}"
        return mcp_session(url, str(self.ha.token))

    async def mcp_call(
        self, session: ClientSession, name: str, arguments: JsonObject, outcome: str
    ) -> tuple[bool, Any]:
        """Call a Kitchen tool over MCP; its event must come with ``outcome``."""
        if self.ws is not None:
            self.expected_events.append((name, outcome, "mcp_server"))
        return await call_tool_result(session, name, arguments)

    async def check_mcp(self) -> str:
        """List the Kitchen hub's tools over MCP, count the lights, turn the kitchen on."""
        async with self.session() as session:
            tools = await list_tools(session)
            expect(COUNT_TOOL in tools, f"expected {COUNT_TOOL} in {list(tools)}")
            self.turn_on = one_tool(tools, TURN_ON_SUFFIX)
            self.turn_off = one_tool(tools, TURN_OFF_SUFFIX)
            counted = await call_tool(session, COUNT_TOOL, {})
            expect(counted.get("count") == 0, f"expected no light on yet: {compact(counted)}")
            expect(await self.ha.state(KITCHEN[0]) == "off", f"{KITCHEN[0]} should start off")
            await call_tool(session, self.turn_on, {"name": KITCHEN[1]})
            state = await self.ha.wait_state(KITCHEN[0], "on")
            expect(state == "on", f"{KITCHEN[0]} is {state} after {self.turn_on}")
            counted = await call_tool(session, COUNT_TOOL, {})
            expect(
                counted == {"count": 1, "lights": [KITCHEN[1]]},
                f"expected count 1 ({KITCHEN[1]}), got {compact(counted)}",
            )
        return (
            f"{len(tools)} tools; {COUNT_TOOL} -> 0 on; {self.turn_on} "
            f'{{"name": "{KITCHEN[1]}"}} -> {KITCHEN[0]} on; {COUNT_TOOL} -> 1 on'
        )

    async def check_names(self) -> str:
        """Check that the German example tool is listed under a portable name that works."""
        async with self.session() as session:
            tools = await list_tools(session)
            bad = [name for name in tools if not PORTABLE_NAME.fullmatch(name)]
            expect(not bad, f"names that are not portable: {bad}")
            expect(GERMAN_TOOL not in tools, f"{GERMAN_TOOL} is listed under its own name")
            expect(GERMAN_EXPOSED in tools, f"expected {GERMAN_EXPOSED} in {list(tools)}")
            counted = await call_tool(session, GERMAN_EXPOSED, {})
        expect(
            counted == {"anzahl": 1, "lichter": [KITCHEN[1]]},
            f"{GERMAN_EXPOSED}: expected 1 light ({KITCHEN[1]}), got {compact(counted)}",
        )
        return (
            f"{GERMAN_TOOL} listed as {GERMAN_EXPOSED} (all {len(tools)} names portable); "
            f"calling it -> {compact(counted)}"
        )

    async def check_options(self) -> str:
        """Through the options menu: 1 s timeout and confirmation; leave out HassTurnOff."""
        expect(bool(self.turn_off), "no HassTurnOff tool was listed")
        safety = {"timeout": CALL_TIMEOUT, "confirm_destructive": True}
        before = await run_options_step(self.ha, self.kitchen_id, "safety", lambda _: safety)

        def leave_out_turn_off(form: JsonObject) -> JsonObject:
            field = next(f for f in form["data_schema"] if f["name"] == "tools")
            offered = [option["value"] for option in field["selector"]["select"]["options"]]
            expect(self.turn_off in offered, f"{self.turn_off} is not offered: {offered}")
            # Labels come from the translations, e.g. "... (intent__HassTurnOff, from Assist):
            # destructive"; an untranslated one would show its key.
            labels = [option["label"] for option in field["selector"]["select"]["options"]]
            expect(
                not any("selector." in label for label in labels),
                f"untranslated tool labels: {labels}",
            )
            self.turn_off_label = labels[offered.index(self.turn_off)]
            return {"tools": [key for key in offered if key != self.turn_off]}

        await run_options_step(self.ha, self.kitchen_id, "tools", leave_out_turn_off)
        path = "/api/config/config_entries/options/flow"
        menu = await self.ha.post(path, {"handler": self.kitchen_id})
        await self.ha.request("DELETE", f"{path}/{menu['flow_id']}")
        return (
            f"safety {compact(safety)}; tools: all but {self.turn_off} "
            f"({self.turn_off_label!r}); "
            f"menu: {before} -> {menu_figures(menu)}"
        )

    async def check_policy(self) -> str:
        """Check that the tool left out is not listed and that calling it by name fails."""
        async with self.session() as session:
            tools = await list_tools(session)
            expect(self.turn_off not in tools, f"{self.turn_off} is still listed")
            expect(self.turn_on in tools, f"{self.turn_on} is gone too: {list(tools)}")
            is_error, content = await call_tool_result(session, self.turn_off, {"name": "x"})
        expect(is_error, f"calling {self.turn_off} did not fail: {compact(content)}")
        return (
            f"{self.turn_off} not listed ({len(tools)} tools); calling it -> error "
            f"{short(error_text(content), 70)!r}"
        )

    async def check_timeout(self) -> str:
        """Check that a call past the hub's timeout fails in time and the session goes on."""
        async with self.session() as session:
            started = time.monotonic()
            is_error, content = await self.mcp_call(
                session, SLOW_TOOL, {"seconds": SLOW_SECONDS}, "error"
            )
            took = time.monotonic() - started
            expect(is_error, f"{SLOW_TOOL} did not fail: {compact(content)}")
            text = error_text(content)
            expect("timed out" in text, f"{SLOW_TOOL}: expected a timeout, got {compact(content)}")
            expect(took < SLOW_SECONDS - 1, f"{SLOW_TOOL} answered after {took:.1f} s")
            counted = await self.mcp_call(session, COUNT_TOOL, {}, "ok")
        expect(counted == (False, {"count": 1, "lights": [KITCHEN[1]]}), f"next call: {counted}")
        return (
            f'{SLOW_TOOL} {{"seconds": {SLOW_SECONDS:g}}} -> error after {took:.1f} s '
            f"({short(text, 55)!r}); the session goes on: {COUNT_TOOL} -> ok"
        )

    async def check_approval(self) -> str:
        """Approval round trip over MCP: call -> pending -> approve as the user -> it runs once.

        The approval goes through the websocket as the user the MCP call runs as (the owner).
        """
        arguments = {"name": PORCH[1]}
        async with self.session() as session:
            tools = await list_tools(session)
            properties = tools[self.turn_on]["inputSchema"].get("properties", {})
            expect(TOKEN_ARGUMENT in properties, f"{self.turn_on} declares no {TOKEN_ARGUMENT}")
            is_error, asked = await self.mcp_call(
                session, self.turn_on, arguments, "needs_confirmation"
            )
            approval_id = asked.get(TOKEN_ARGUMENT) if isinstance(asked, dict) else None
            expect(
                is_error and asked.get("error") == "ApprovalRequired" and bool(approval_id),
                f"first call: expected an approval id, got {asked}",
            )
            listed = await self.websocket.command({"type": "llm_hub/approvals/list"})
            pending = [a for a in listed["approvals"] if a["approval_id"] == approval_id]
            expect(
                len(pending) == 1
                and pending[0]["status"] == "pending"
                and pending[0]["arguments"] == arguments,
                f"llm_hub/approvals/list: {compact(listed)}",
            )
            with_id = {**arguments, TOKEN_ARGUMENT: approval_id}
            is_error, early = await self.mcp_call(
                session, self.turn_on, with_id, "needs_confirmation"
            )
            expect(is_error, f"ran before it was approved: {compact(early)}")
            expect(await self.ha.state(PORCH[0]) == "off", f"{PORCH[0]} changed unapproved")
            approved = await self.websocket.command(
                {"type": "llm_hub/approvals/approve", "approval_id": approval_id}
            )
            expect(approved["status"] == "approved", f"approve: {compact(approved)}")
            is_error, ran = await self.mcp_call(session, self.turn_on, with_id, "ok")
            expect(not is_error, f"call with the approval id failed: {compact(ran)}")
            state = await self.ha.wait_state(PORCH[0], "on")
            expect(state == "on", f"{PORCH[0]} is {state} after the approved call")
            is_error, reused = await self.mcp_call(session, self.turn_on, with_id, "refused")
        expect(is_error, f"the approval used again was accepted: {compact(reused)}")
        return (
            f"{self.turn_on} {compact(arguments)} -> {asked.get('error')} (still off); "
            f"again before approval -> {early.get('error')}; llm_hub/approvals/approve as the "
            f"user -> {approved['status']}; with the id -> {PORCH[0]} on; again -> "
            f"{reused.get('error')}"
        )

    async def check_describe(self) -> str:
        """``llm_hub/api/describe`` shows names, the tool left out and why, and sizes."""
        described = await self.websocket.command(
            {"type": "llm_hub/api/describe", "api_id": f"{HUB_DOMAIN}-{self.kitchen_id}"}
        )
        tools = {tool["original_name"]: tool for tool in described["tools"]}
        german = tools.get(GERMAN_TOOL) or {}
        expect(german.get("name") == GERMAN_EXPOSED, f"{GERMAN_TOOL}: {compact(german)[:300]}")
        left_out: JsonObject = next(
            (t for t in described["tools"] if t["key"] == self.turn_off), {}
        )
        expect(bool(left_out.get("hidden")), f"{self.turn_off} not hidden: {compact(left_out)}")
        exposed = [tool["name"] for tool in described["tools"] if tool["hidden"] is None]
        size = described["size"]
        expect(size["tools"] == len(exposed), f"size counts {size['tools']} of {exposed}")
        return (
            f"{len(described['tools'])} tools gathered, {len(exposed)} exposed, "
            f"~{size['tokens']} tokens; {GERMAN_TOOL} as {german['name']}; "
            f"{self.turn_off} hidden: {left_out['hidden']!r}"
        )

    async def check_tool_call(self) -> str:
        """``llm_hub/tool/call`` runs a tool as a model would, and refuses a hidden one."""
        api_id = f"{HUB_DOMAIN}-{self.kitchen_id}"
        arguments = {"name_contains": "kitchen"}
        self.expected_events.append((COUNT_TOOL, "ok", HUB_DOMAIN))
        called = await self.websocket.command(
            {
                "type": "llm_hub/tool/call",
                "api_id": api_id,
                "tool_name": COUNT_TOOL,
                "tool_args": arguments,
            }
        )
        expect(
            called["result"] == {"data": {"count": 1, "lights": [KITCHEN[1]]}, "error": False}
            and called["outcome"] == "ok",
            f"{COUNT_TOOL}: {compact(called)}",
        )
        try:
            refused = await self.websocket.command(
                {"type": "llm_hub/tool/call", "api_id": api_id, "tool_name": self.turn_off}
            )
        except WebSocketError as err:
            expect(err.code == "not_found", f"{self.turn_off}: {err}")
            # The message names the API first; the reason comes last.
            refusal = f"{err.code} ({short(err.message.rsplit(': ', 1)[-1], 60)!r})"
        else:
            raise DemoError(f"{self.turn_off} ran although left out: {compact(refused)}")
        return (
            f"{COUNT_TOOL} {compact(arguments)} -> {called['outcome']} "
            f"{compact(called['result']['data'])} in {called['duration_ms']} ms; "
            f"{self.turn_off} -> {refusal}"
        )

    async def check_events(self) -> str:
        """Check that an ``llm_hub_tool_called`` event came for each call, with its outcome."""
        events = await self.websocket.events(self.subscription, len(self.expected_events))
        got = [
            (event["data"]["tool_name"], event["data"]["outcome"], event["data"]["platform"])
            for event in events
        ]
        expect(got == self.expected_events, f"expected {self.expected_events}, got {got}")
        by_platform: dict[str, list[str]] = {}
        for name, outcome, platform in got:
            by_platform.setdefault(platform, []).append(f"{name.rsplit('__', 1)[-1]} {outcome}")
        outcomes = "; ".join(f"{key}: {', '.join(calls)}" for key, calls in by_platform.items())
        return f"{len(got)} {EVENT_TOOL_CALLED} as expected; {outcomes}"

    async def check_diagnostics(self) -> str:
        """Check that the entry's diagnostics count the calls since the last reload."""
        diagnostics = await self.ha.get(f"/api/diagnostics/config_entry/{self.kitchen_id}")
        counters = diagnostics["data"]["counters"]
        outcomes = Counter(outcome for _, outcome, _ in self.expected_events)
        wanted = {
            "calls": len(self.expected_events),
            "errors": outcomes["error"],
            "refused": outcomes["refused"],
            "needs_confirmation": outcomes["needs_confirmation"],
        }
        expect(counters == wanted, f"counters {compact(counters)}, expected {compact(wanted)}")
        recent = diagnostics["data"]["recent_calls"]
        expect(len(recent) == len(self.expected_events), f"{len(recent)} recent calls")
        return f"counters {compact(counters)}, {len(recent)} recent calls"

    async def check_requires_admin(self) -> str:
        """Where ``llm/api/list`` reports ``requires_admin``: an admin-only hub reports true.

        Skipped where it does not (before 2026.11).
        """
        apis = (await self.websocket.command({"type": "llm/api/list"}))["apis"]
        if not all("requires_admin" in api for api in apis):
            raise SkipCheckError(f"llm/api/list of {self.version} has no requires_admin")
        admin_id = await create_hub(self.ha, "Admin tools", ["homeassistant"])
        apis = (await self.websocket.command({"type": "llm/api/list"}))["apis"]
        by_id = {api["id"]: api["requires_admin"] for api in apis}
        admin = by_id.get(f"{HUB_DOMAIN}-{admin_id}")
        kitchen = by_id.get(f"{HUB_DOMAIN}-{self.kitchen_id}")
        expect(
            admin is True and kitchen is False,
            f"expected Admin tools true and Kitchen false, got {admin} and {kitchen}",
        )
        async with self.session(admin_id) as session:
            tools = await list_tools(session)
        return (
            f'"Admin tools" (picks homeassistant) true, "Kitchen" false; '
            f"the owner gets {len(tools)} tools of Admin tools"
        )

    async def check_agent(self) -> str:
        """Ollama's conversation agent picks hub "Porch"; one turn turns the porch lights off."""
        porch_id = await create_hub(self.ha, "Porch", ["assist"])
        api_id = f"{HUB_DOMAIN}-{porch_id}"
        async with self.session(porch_id) as session:
            hub_tools = set(await list_tools(session))
        await self.ha.post("/api/services/light/turn_on", {"entity_id": PORCH[0]})
        expect(await self.ha.wait_state(PORCH[0], "on") == "on", f"{PORCH[0]} did not turn on")
        scripted = ScriptedOllama(
            tool_suffix=TURN_OFF_SUFFIX, arguments={"name": PORCH[1]}, answer=AGENT_ANSWER
        ).start()
        try:
            entry = await run_config_flow(self.ha, "ollama", {"url": scripted.url})
            entry_id = str(entry["entry_id"])
            await wait_entry_loaded(self.ha, "ollama", entry_id)
            subentry_id = await self.add_agent(entry_id, api_id)
            agent = await self.agent_entity()
            answer = await self.ha.post(
                "/api/conversation/process",
                {"text": "Turn off the porch lights", "agent_id": agent, "language": "en"},
            )
        finally:
            scripted.stop()
        speech = answer["response"]["speech"]["plain"]["speech"]
        expect(speech == AGENT_ANSWER, f"the agent answered {compact(answer['response'])}")
        expect(len(scripted.requests) == 2, f"{len(scripted.requests)} chat requests, not 2")
        sent = scripted.requests[0].get("tools") or []
        names = {tool["function"]["name"] for tool in sent}
        expect(
            names == hub_tools, f"the agent got {sorted(names)}, the hub lists {sorted(hub_tools)}"
        )
        expect(
            all(
                tool["type"] == "function" and tool["function"]["parameters"]["type"] == "object"
                for tool in sent
            ),
            f"tools not in Ollama's format: {compact(sent[:2])}",
        )
        result = scripted.requests[1]["messages"][-1]
        expect(result["role"] == "tool", f"the second request ends with {compact(result)}")
        state = await self.ha.wait_state(PORCH[0], "off")
        expect(state == "off", f"{PORCH[0]} is {state} after the agent's turn")
        called = next(name for name in names if name.endswith(TURN_OFF_SUFFIX))
        return (
            f"ollama entry {entry_id}, agent {agent} (subentry {subentry_id}) picks {api_id}: "
            f"{len(sent)} tools in Ollama's format; {called} -> {PORCH[0]} off; answer {speech!r}"
        )

    async def add_agent(self, entry_id: str, api_id: str) -> str:
        """Add Ollama's conversation subentry, then reconfigure it to pick ``api_id``."""
        path = "/api/config/config_entries/subentries/flow"
        handler = [entry_id, "conversation"]
        form = await self.ha.post(path, {"handler": handler})
        expect(form["type"] == "form", f"conversation subentry flow: {compact(form)}")
        data = form_values(form, {"name": AGENT_NAME, "model": MODEL})
        made = await self.ha.post(f"{path}/{form['flow_id']}", data)
        expect(made["type"] == "create_entry", f"conversation subentry: {compact(made)}")
        await self.wait_reloaded(entry_id)
        subentries = await self.websocket.command(
            {"type": "config_entries/subentries/list", "entry_id": entry_id}
        )
        subentry_id = next(
            str(sub["subentry_id"]) for sub in subentries if sub["title"] == AGENT_NAME
        )
        form = await self.ha.post(path, {"handler": handler, "subentry_id": subentry_id})
        expect(form["type"] == "form", f"reconfiguring the agent: {compact(form)}")
        offered = next(f for f in form["data_schema"] if f["name"] == "llm_hass_api")
        values = [option["value"] for option in offered["selector"]["select"]["options"]]
        expect(api_id in values, f"{api_id} is not among the LLM APIs offered: {values}")
        data = form_values(form, {"llm_hass_api": [api_id]})
        done = await self.ha.post(f"{path}/{form['flow_id']}", data)
        expect(
            done["type"] == "abort" and done["reason"] == "reconfigure_successful",
            f"reconfiguring the agent ended with {compact(done)}",
        )
        await self.wait_reloaded(entry_id)
        return subentry_id

    async def wait_reloaded(self, entry_id: str) -> None:
        """Wait until Ollama's entry, which a subentry change reloads, is loaded again.

        The reload starts in the background: give it a second to show, then wait it out.
        """
        deadline = time.monotonic() + 1
        while time.monotonic() < deadline:
            entries = await self.ha.get("/api/config/config_entries/entry?domain=ollama")
            if any(e["entry_id"] == entry_id and e["state"] != "loaded" for e in entries):
                break
            await asyncio.sleep(0.05)
        await wait_entry_loaded(self.ha, "ollama", entry_id)

    async def agent_entity(self) -> str:
        """Return the entity id of the agent ``AGENT_NAME`` once it is there."""
        deadline = time.monotonic() + STATE_TIMEOUT
        while True:
            for state in await self.ha.get("/api/states"):
                entity_id = str(state["entity_id"])
                name = state["attributes"].get("friendly_name")
                if entity_id.startswith("conversation.") and name == AGENT_NAME:
                    return entity_id
            if time.monotonic() > deadline:
                raise DemoError(f"no conversation entity named {AGENT_NAME!r}")
            await asyncio.sleep(0.2)

    async def check_search(self) -> str:
        """Check a hub in search mode: over MCP, find Assist's tools, turn a light on with them.

        Its own hub ("Search", picks Assist, tool mode "search" through the options menu),
        so it needs nothing of the other checks: it turns the porch light off, then on.
        """
        search_id = await create_hub(self.ha, "Search", ["assist"])
        await run_options_step(self.ha, search_id, "search", lambda _: {"tool_mode": "search"})
        async with self.session(search_id) as session:
            tools = await list_tools(session)
            expect(
                sorted(tools) == ["call_tool", "search_tools"],
                f"expected only the meta-tools, got {list(tools)}",
            )
            done: list[str] = []
            for query, suffix, state in (
                ("turn off the light", TURN_OFF_SUFFIX, "off"),
                ("turn on the light", TURN_ON_SUFFIX, "on"),
            ):
                found = await call_tool(session, "search_tools", {"query": query})
                names = [tool["name"] for tool in found["tools"]]
                name = one_tool(dict.fromkeys(names), suffix)
                arguments = {"name": name, "arguments": {"name": PORCH[1]}}
                await call_tool(session, "call_tool", arguments)
                reached = await self.ha.wait_state(PORCH[0], state)
                expect(reached == state, f"{PORCH[0]} is {reached} after {name}")
                done.append(f"{query!r} -> {name} (rank {names.index(name) + 1} of {len(names)})")
        return (
            f"Search hub lists {sorted(tools)}; {'; '.join(done)} "
            f"via call_tool -> {PORCH[0]} off, then on"
        )


# --- Tools made in the UI (issue 16) ----------------------------------------------------

LIGHTS_BY_AREA = (
    "{% set ns = namespace(areas={}) %}"
    "{% for light in states.light | selectattr('state', 'eq', 'on') %}"
    "{% set area = area_name(light.entity_id) or 'no area' %}"
    "{% set ns.areas = dict(ns.areas, **{area: ns.areas.get(area, 0) + 1}) %}"
    "{% endfor %}{{ ns.areas | tojson }}"
)


async def add_ui_tool(ha: HomeAssistantClient, entry_id: str, kind: str, form: JsonObject) -> str:
    """Add a tool to a hub through its subentry flow over REST; return the name shown to save."""
    path = "/api/config/config_entries/subentries/flow"
    menu = await ha.post(path, {"handler": [entry_id, "tool"]})
    expect(menu["type"] == "menu", f"Add tool: expected the menu of kinds, got {compact(menu)}")
    shown = await ha.post(f"{path}/{menu['flow_id']}", {"next_step_id": kind})
    expect(shown.get("step_id") == kind, f"Add tool -> {kind}: got {compact(shown)}")
    save = await ha.post(f"{path}/{menu['flow_id']}", form)
    expect(save.get("step_id") == "save", f"{kind} form refused {compact(form)}: {compact(save)}")
    done = await ha.post(f"{path}/{menu['flow_id']}", {})
    expect(done["type"] == "create_entry", f"saving the {kind} tool: got {compact(done)}")
    return str(save["description_placeholders"]["name"])


async def check_ui_tools(demo: Demo) -> str:
    """Make a template and an action tool in Kitchen's subentry flow; call both over MCP."""
    async with WebSocketClient.connect(demo.ha) as ws:
        area = await ws.command({"type": "config/area_registry/create", "name": "Porch"})
        await ws.command(
            {
                "type": "config/entity_registry/update",
                "entity_id": PORCH[0],
                "area_id": area["area_id"],
            }
        )
    count = await add_ui_tool(
        demo.ha,
        demo.kitchen_id,
        "template",
        {
            "title": "Lights on by area",
            "description": "How many lights are on, by area.",
            "template": LIGHTS_BY_AREA,
        },
    )
    porch = await add_ui_tool(
        demo.ha,
        demo.kitchen_id,
        "action",
        {
            "title": "Porch light",
            "description": "Turns on the porch light at a brightness (0-255).",
            "actions": [
                {
                    "action": "light.turn_on",
                    "target": {"entity_id": PORCH[0]},
                    "data": {"brightness": "{{ brightness }}"},
                }
            ],
            "parameters": [
                {"name": "brightness", "type": "integer", "min": 0, "max": 255, "required": True}
            ],
        },
    )
    await wait_entry_loaded(demo.ha, HUB_DOMAIN, demo.kitchen_id)
    expect(await demo.ha.state(PORCH[0]) == "off", f"{PORCH[0]} should start off")
    async with demo.session() as session:
        tools = await list_tools(session)
        expect({count, porch} <= set(tools), f"expected {count} and {porch} in {list(tools)}")
        read_only = tools[count].get("annotations", {}).get("readOnlyHint")
        expect(read_only is True, f"{count} should be read-only: {compact(tools[count])}")
        before = await call_tool(session, count, {})
        turned_on = await call_tool(session, porch, {"brightness": 128})
        state = await demo.ha.wait_state(PORCH[0], "on")
        after = await call_tool(session, count, {})
    expect(state == "on", f"{PORCH[0]} is {state} after {porch}")
    expect(after["result"].get("Porch") == 1, f"{count} after {porch}: {compact(after)}")
    await demo.ha.post("/api/services/light/turn_off", {"entity_id": PORCH[0]})
    await demo.ha.wait_state(PORCH[0], "off")
    return (
        f"{count} -> {compact(before['result'])}; {porch} {{brightness: 128}} -> "
        f"{compact(turned_on)}, {PORCH[0]} {state}; {count} -> {compact(after['result'])}"
    )


async def run(base_url: str, version: str, ha_pid: int | None) -> Demo:
    """Run every step and check against the Home Assistant at ``base_url``."""
    step(
        f"demo client: Python {sys.version.split()[0]}, mcp {metadata.version('mcp')}, "
        f"aiohttp {aiohttp.__version__}, {httpx_module().__name__}"
    )
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        ha = HomeAssistantClient(http, base_url)
        answered = await wait_for_home_assistant(ha, ha_pid)
        await onboard(ha)
        config = await wait_until_running(ha)
        expect(config["version"] == version, f"Home Assistant says {config['version']}")
        expect(EXAMPLE_DOMAIN in config["components"], f"{EXAMPLE_DOMAIN} is not loaded")
        step(
            f"Home Assistant {version} answered after {answered:.1f} s; owner "
            f"{USER['username']!r} onboarded over HTTP; RUNNING"
        )
        demo = Demo(ha, version)
        demo.kitchen_id = await create_hub(ha, "Kitchen", ["assist"])
        mcp_entry = await run_config_flow(ha, "mcp_server", {})
        step(
            f'LLM Hub "Kitchen" ({HUB_DOMAIN}-{demo.kitchen_id}): config flow, then options '
            f'menu -> "apis": Assist; MCP Server "{mcp_entry["title"]}" {mcp_entry["state"]}'
        )
        await demo.check("mcp", demo.check_mcp())
        await demo.check("names", demo.check_names())
        await demo.check("ui tools", check_ui_tools(demo))
        await demo.check("options", demo.check_options())
        async with WebSocketClient.connect(ha) as ws:
            demo.subscription = await ws.subscribe_events(EVENT_TOOL_CALLED)
            demo.ws = ws
            await demo.check("policy", demo.check_policy())
            await demo.check("timeout", demo.check_timeout())
            await demo.check("approval", demo.check_approval())
            await demo.check("describe", demo.check_describe())
            await demo.check("tool/call", demo.check_tool_call())
            await demo.check("events", demo.check_events())
            await demo.check("diagnostics", demo.check_diagnostics())
            await demo.check("requires_admin", demo.check_requires_admin())
            await demo.check("search", demo.check_search())
            await demo.check("agent", demo.check_agent())
    return demo


def leaf_errors(error: BaseException) -> list[str]:
    """Return the leaf errors of an exception (group) as lines of text."""
    if isinstance(error, BaseExceptionGroup):
        return [line for sub in error.exceptions for line in leaf_errors(sub)]
    return [f"{type(error).__name__}: {error}"]


def main() -> int:
    """Parse the arguments, run the demo and return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8123")
    parser.add_argument("--ha-version", required=True, help="the version Home Assistant must say")
    parser.add_argument("--ha-pid", type=int, help="pid of the process running Home Assistant")
    args = parser.parse_args()
    started = time.monotonic()
    try:
        demo = asyncio.run(run(args.base_url.rstrip("/"), args.ha_version, args.ha_pid))
    except Exception as err:
        for line in leaf_errors(err):
            print(f"FAILED: {line}", file=sys.stderr, flush=True)
        return 1
    took = time.monotonic() - started
    if demo.failed:
        print(
            f"FAILED: {len(demo.failed)} of {demo.passed + len(demo.failed)} checks "
            f"({', '.join(demo.failed)}) in {took:.1f} s",
            file=sys.stderr,
            flush=True,
        )
        return 1
    step(f"all {demo.passed} checks passed in {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
