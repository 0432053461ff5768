"""Home Assistant's REST and websocket APIs as the demo uses them, and the demo's errors.

Does not import ``homeassistant`` (2026.11's package aliases ``httpx`` process-wide).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
import json
from pathlib import Path
import time
from typing import Any

import aiohttp

USER = {"name": "Demo", "username": "demo", "password": "llm-hub-demo", "language": "en"}
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
