"""What the scenarios share: the dev config's names, the Kitchen hub, the calls made so far."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any

from mcp.client.session import ClientSession

from .client import DemoError, HomeAssistantClient, JsonObject, WebSocketClient, expect
from .flows import HUB_DOMAIN
from .mcp_client import call_tool_result, mcp_session

EXAMPLE_DOMAIN = "llm_hub_example"
COUNT_TOOL = f"{EXAMPLE_DOMAIN}__count_lights_on"
TURN_ON_SUFFIX = "HassTurnOn"
TURN_OFF_SUFFIX = "HassTurnOff"
KITCHEN = ("light.kitchen_lights", "Kitchen lights")
PORCH = ("light.porch_lights", "Porch lights")
KITCHEN_HELPER = "input_boolean.kitchen_light_power"
PORCH_HELPER = "input_boolean.porch_light_power"
"""The helpers the template lights switch (the dev config)."""
EVENT_TOOL_CALLED = "llm_hub_tool_called"


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

    @property
    def websocket(self) -> WebSocketClient:
        """Return the websocket connection; raise ``DemoError`` before it is made."""
        if self.ws is None:
            raise DemoError("no websocket connection")
        return self.ws

    @property
    def kitchen_api(self) -> str:
        """Return the LLM API id of the Kitchen hub."""
        return f"{HUB_DOMAIN}-{self.kitchen_id}"

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
