"""Drive a fresh Home Assistant over HTTP to show that LLM Hub works end to end.

Run by ``script/demo`` in the Home Assistant venv, after it started Home Assistant on a fresh
copy of the dev config. Steps: onboarding (user and token), an LLM Hub entry "Kitchen" that
picks Assist, MCP Server, then through the ``mcp`` SDK over Streamable HTTP at
``/api/mcp/llm_hub-<entry_id>``: the tool list, the example tool, and turning the kitchen
lights on; where ``llm/api/list`` reports ``requires_admin`` (2026.11+), also a hub "Admin
tools" on the admin-only "Home Assistant" API. Exits non-zero at the first failure.

Works with the ``mcp`` SDK 1.x (httpx, Home Assistant 2026.10) and 2.x (httpx2, 2026.11). It
does not import ``homeassistant`` (2026.11's package aliases ``httpx`` process-wide).
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib import metadata
import json
from pathlib import Path
import sys
import time
from types import ModuleType
from typing import Any

import aiohttp
from mcp.client import streamable_http
from mcp.client.session import ClientSession

HUB_DOMAIN = "llm_hub"
COUNT_TOOL = "llm_hub_example__count_lights_on"
TURN_ON_SUFFIX = "HassTurnOn"
LIGHT = "light.kitchen_lights"
LIGHT_NAME = "Kitchen lights"
USER = {"name": "Demo", "username": "demo", "password": "llm-hub-demo", "language": "en"}
START_TIMEOUT = 120.0
STATE_TIMEOUT = 10.0

type JsonObject = dict[str, Any]


class DemoError(Exception):
    """A step of the demo failed; the message says what was expected and what came."""


def step(message: str) -> None:
    """Print the headline of a step."""
    print(f"--> {message}", flush=True)


def detail(message: str) -> None:
    """Print a detail of the current step, indented."""
    print(f"    {message}", flush=True)


def compact(value: Any) -> str:
    """Return ``value`` as one line of JSON."""
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


class HomeAssistantClient:
    """Home Assistant's REST and websocket APIs, with the token once there is one."""

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

    async def websocket_command(self, command: JsonObject) -> Any:
        """Run one command over the websocket API (``id`` 1) and return its result."""
        async with self.http.ws_connect(self.base_url + "/api/websocket") as ws:
            greeting = await ws.receive_json()
            if greeting.get("type") != "auth_required":
                raise DemoError(f"websocket: expected auth_required, got {compact(greeting)}")
            await ws.send_json({"type": "auth", "access_token": self.token})
            auth = await ws.receive_json()
            if auth.get("type") != "auth_ok":
                raise DemoError(f"websocket: expected auth_ok, got {compact(auth)}")
            await ws.send_json({"id": 1, **command})
            answer = await ws.receive_json()
            if answer.get("type") != "result" or not answer.get("success"):
                raise DemoError(f"websocket {command['type']}: {compact(answer)}")
            return answer["result"]


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


async def wait_for_home_assistant(ha: HomeAssistantClient, ha_pid: int | None) -> Any:
    """Wait until ``GET /api/onboarding`` answers; return its answer."""
    started = time.monotonic()
    last_error = "no answer yet"
    while time.monotonic() - started < START_TIMEOUT:
        if ha_process_gone(ha_pid):
            raise DemoError("Home Assistant exited while starting")
        try:
            onboarding = await ha.get("/api/onboarding")
        except (aiohttp.ClientError, DemoError) as err:
            last_error = str(err) or type(err).__name__
        else:
            elapsed = time.monotonic() - started
            step(f"Home Assistant answered GET /api/onboarding after {elapsed:.1f} s")
            return onboarding
        await asyncio.sleep(0.5)
    raise DemoError(f"no answer from /api/onboarding within {START_TIMEOUT:.0f} s: {last_error}")


async def onboard(ha: HomeAssistantClient) -> None:
    """Create the owner through onboarding and keep an access token for it."""
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
    step(
        f"Onboarded owner {USER['username']!r} over HTTP; access token "
        f"({tokens['token_type']}, expires in {tokens['expires_in']} s)"
    )


async def wait_until_running(ha: HomeAssistantClient) -> JsonObject:
    """Wait until Home Assistant has started (``GET /api/config`` state ``RUNNING``).

    The HTTP API answers while integrations are still starting; template entities, for one,
    get their first state only once Home Assistant has started.
    """
    started = time.monotonic()
    while True:
        config: JsonObject = await ha.get("/api/config")
        if config["state"] == "RUNNING":
            step(f"Home Assistant is RUNNING (waited {time.monotonic() - started:.1f} s)")
            return config
        if time.monotonic() - started > START_TIMEOUT:
            raise DemoError(f"Home Assistant still {config['state']} after {START_TIMEOUT:.0f} s")
        await asyncio.sleep(0.5)


def form_defaults(form: JsonObject) -> JsonObject:
    """Return the defaults of a form's fields; raise for a required field without one."""
    data: JsonObject = {}
    for field in form.get("data_schema") or []:
        if "default" in field:
            data[field["name"]] = field["default"]
        elif field.get("required"):
            raise DemoError(
                f"form {form['step_id']}: required field {field['name']} has no default"
            )
    return data


async def run_flow(
    ha: HomeAssistantClient, path: str, handler: str, label: str, answers: list[JsonObject]
) -> JsonObject:
    """Run a config or options flow: submit ``answers`` to its forms in turn, then defaults.

    ``label`` names the flow in the output.

    Returns the final ``create_entry`` result; raises for an abort, an error or a loop.
    """
    result = await ha.post(path, {"handler": handler})
    if result["type"] == "create_entry":
        detail(f"{label}: created the entry at its first step, without a form")
    for _ in range(5):
        if result["type"] != "form":
            break
        answers_given = bool(answers)
        data = answers.pop(0) if answers else form_defaults(result)
        fields = [field["name"] for field in result.get("data_schema") or []]
        what = "" if answers_given else " (its defaults)"
        detail(
            f"{label}, form {result['step_id']!r} with fields {fields}: "
            f"submitting{what} {compact(data)}"
        )
        result = await ha.post(f"{path}/{result['flow_id']}", data)
        if result["type"] == "form" and result.get("errors"):
            raise DemoError(f"form {result['step_id']} refused {compact(data)}: {result['errors']}")
    if result["type"] != "create_entry":
        raise DemoError(f"{label} ended with {compact(result)}")
    return dict(result)


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
        await asyncio.sleep(0.2)


async def create_hub(ha: HomeAssistantClient, name: str, picked: list[str]) -> str:
    """Create a hub named ``name`` that picks the APIs ``picked``; return its entry id."""
    flow_path = "/api/config/config_entries/flow"
    created = await run_flow(ha, flow_path, HUB_DOMAIN, "llm_hub config flow", [{"name": name}])
    entry = created["result"]
    entry_id = str(entry["entry_id"])
    step(
        f'Created LLM Hub "{entry["title"]}": entry_id {entry_id}, state {entry["state"]}, '
        f"API id {HUB_DOMAIN}-{entry_id}"
    )
    options_path = "/api/config/config_entries/options/flow"
    await run_flow(
        ha, options_path, entry_id, f'options flow of "{name}"', [{"llm_hass_api": picked}]
    )
    entry = await wait_entry_loaded(ha, HUB_DOMAIN, entry_id)
    step(f'Options of "{name}": llm_hass_api = {compact(picked)}; entry {entry["state"]} again')
    return entry_id


async def set_up_mcp_server(ha: HomeAssistantClient) -> None:
    """Set up MCP Server through its config flow, answering any form with its defaults."""
    created = await run_flow(
        ha, "/api/config/config_entries/flow", "mcp_server", "mcp_server config flow", []
    )
    entry = created["result"]
    step(f'Set up MCP Server: entry "{entry["title"]}" ({entry["entry_id"]}), {entry["state"]}')


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
        init = (await session.initialize()).model_dump(mode="json", by_alias=True)
        server = " ".join(filter(None, (init["serverInfo"]["name"], init["serverInfo"]["version"])))
        step(f"MCP initialize at {url}: server {server}, protocol {init['protocolVersion']}")
        yield session


async def list_tools(session: ClientSession) -> dict[str, JsonObject]:
    """Return the server's tools by name, as JSON (camelCase, like on the wire)."""
    listed = (await session.list_tools()).model_dump(mode="json", by_alias=True, exclude_none=True)
    if listed.get("nextCursor"):
        raise DemoError("tools/list is paginated; the demo expects one page")
    return {tool["name"]: tool for tool in listed["tools"]}


async def call_tool(session: ClientSession, name: str, arguments: JsonObject) -> Any:
    """Call a tool and return its result (the JSON in its text content); raise on an error."""
    result = await session.call_tool(name, arguments)
    dumped = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    texts = [block["text"] for block in dumped["content"] if block.get("type") == "text"]
    if dumped.get("isError"):
        raise DemoError(f"tool {name}({compact(arguments)}) failed: {texts}")
    if len(texts) != 1:
        raise DemoError(f"tool {name}: expected one text content, got {compact(dumped)}")
    return json.loads(texts[0])


async def light_state(ha: HomeAssistantClient) -> str:
    """Return the state of the kitchen light, read through the REST API."""
    state = await ha.get(f"/api/states/{LIGHT}")
    return str(state["state"])


async def wait_light_state(ha: HomeAssistantClient, wanted: str) -> str:
    """Wait until the kitchen light has the state ``wanted``; return the last state read."""
    deadline = time.monotonic() + STATE_TIMEOUT
    state = await light_state(ha)
    while state != wanted and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
        state = await light_state(ha)
    return state


def hub_mcp_session(
    ha: HomeAssistantClient, entry_id: str
) -> AbstractAsyncContextManager[ClientSession]:
    """Return an MCP session with the hub of ``entry_id``, authenticated as the owner."""
    if ha.token is None:
        raise DemoError("no access token")
    return mcp_session(f"{ha.base_url}/api/mcp/{HUB_DOMAIN}-{entry_id}", ha.token)


async def check_kitchen_hub(ha: HomeAssistantClient, entry_id: str) -> None:
    """List the Kitchen hub's tools over MCP, count the lights, turn the kitchen light on."""
    async with hub_mcp_session(ha, entry_id) as session:
        tools = await list_tools(session)
        step(f"tools/list: {len(tools)} tools")
        for name, tool in tools.items():
            detail(f"{name}: annotations {compact(tool.get('annotations', {}))}")
        turn_on = sorted(name for name in tools if name.endswith(TURN_ON_SUFFIX))
        if COUNT_TOOL not in tools or not turn_on:
            raise DemoError(f"expected {COUNT_TOOL} and a *{TURN_ON_SUFFIX} tool: {list(tools)}")
        detail(f"found {COUNT_TOOL} (from llm_hub_example) and {turn_on[0]} (from Assist)")

        counted = await call_tool(session, COUNT_TOOL, {})
        step(f"tools/call {COUNT_TOOL} {{}} -> {compact(counted)}")
        if counted.get("count") != 0:
            raise DemoError(f"expected no light on yet, got {compact(counted)}")

        before = await light_state(ha)
        step(f"GET /api/states/{LIGHT}: {before}")
        if before != "off":
            raise DemoError(f"{LIGHT} should start off, is {before}")

        arguments = {"name": LIGHT_NAME}
        turned_on = await call_tool(session, turn_on[0], arguments)
        step(f"tools/call {turn_on[0]} {compact(arguments)} -> {compact(turned_on)}")

        after = await wait_light_state(ha, "on")
        step(f"GET /api/states/{LIGHT}: {after}")
        if after != "on":
            raise DemoError(f"{LIGHT} should be on after {turn_on[0]}, is {after}")

        counted = await call_tool(session, COUNT_TOOL, {})
        step(f"tools/call {COUNT_TOOL} {{}} -> {compact(counted)}")
        if counted.get("count") != 1 or counted.get("lights") != [LIGHT_NAME]:
            raise DemoError(f"expected count 1 ([{LIGHT_NAME!r}]), got {compact(counted)}")


async def check_requires_admin(ha: HomeAssistantClient, version: str, kitchen_id: str) -> None:
    """Where ``llm/api/list`` reports ``requires_admin``: an admin-only hub must report true."""
    apis = (await ha.websocket_command({"type": "llm/api/list"}))["apis"]
    if not all("requires_admin" in api for api in apis):
        step(f"websocket llm/api/list: {compact(apis)}")
        detail(f"no requires_admin in Home Assistant {version}: admin check skipped")
        return
    admin_id = await create_hub(ha, "Admin tools", ["homeassistant"])
    apis = (await ha.websocket_command({"type": "llm/api/list"}))["apis"]
    step("websocket llm/api/list:")
    for api in apis:
        detail(f"{api['id']}: {api['name']!r}, requires_admin {api['requires_admin']}")
    by_id = {api["id"]: api for api in apis}
    admin = by_id.get(f"{HUB_DOMAIN}-{admin_id}")
    kitchen = by_id.get(f"{HUB_DOMAIN}-{kitchen_id}")
    if admin is None or kitchen is None:
        raise DemoError("a hub API is missing from llm/api/list")
    if admin["requires_admin"] is not True or kitchen["requires_admin"] is not False:
        raise DemoError(
            "expected Admin tools requires_admin true and Kitchen false, got "
            f"{admin['requires_admin']} and {kitchen['requires_admin']}"
        )
    step('"Admin tools" (picks homeassistant) requires_admin true, "Kitchen" false')
    async with hub_mcp_session(ha, admin_id) as session:
        tools = await list_tools(session)
    step(f'tools/list of "Admin tools" as the owner (an admin): {len(tools)} tools')
    detail(", ".join(tools))


async def run(base_url: str, version: str, ha_pid: int | None) -> None:
    """Run every step against the Home Assistant at ``base_url``."""
    mcp_version = metadata.version("mcp")
    step(
        f"demo client: Python {sys.version.split()[0]}, mcp {mcp_version}, "
        f"aiohttp {aiohttp.__version__}, {httpx_module().__name__}"
    )
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        ha = HomeAssistantClient(http, base_url)
        await wait_for_home_assistant(ha, ha_pid)
        await onboard(ha)
        config = await wait_until_running(ha)
        if config["version"] != version:
            raise DemoError(f"expected Home Assistant {version}, it says {config['version']}")
        loaded = [c for c in ("llm", HUB_DOMAIN, "llm_hub_example") if c in config["components"]]
        step(f"GET /api/config: Home Assistant {config['version']}, loaded: {', '.join(loaded)}")
        kitchen_id = await create_hub(ha, "Kitchen", ["assist"])
        await set_up_mcp_server(ha)
        await check_kitchen_hub(ha, kitchen_id)
        await check_requires_admin(ha, version, kitchen_id)


def describe(error: BaseException) -> list[str]:
    """Return the leaf errors of an exception (group) as lines of text."""
    if isinstance(error, BaseExceptionGroup):
        return [line for sub in error.exceptions for line in describe(sub)]
    return [f"{type(error).__name__}: {error}"]


def main() -> int:
    """Parse the arguments, run the demo and return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8123")
    parser.add_argument("--ha-version", required=True, help="the version Home Assistant must say")
    parser.add_argument("--ha-pid", type=int, help="pid of the process running Home Assistant")
    args = parser.parse_args()
    try:
        asyncio.run(run(args.base_url.rstrip("/"), args.ha_version, args.ha_pid))
    except Exception as err:
        for line in describe(err):
            print(f"FAILED: {line}", file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
