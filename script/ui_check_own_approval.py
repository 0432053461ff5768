"""The browser check's last part: a user who is no administrator decides their own approval.

Run by ``ui_check.py`` after the panel (hub Kitchen asks before ``turn_on``). The owner makes
the user Sam (websocket commands, as Settings -> People does) and an MCP Server entry that
serves Kitchen to every user (its config and options flows over REST). The owner's own call of
``turn_on`` waits for approval (``llm_hub/tool/call``); so does Sam's, made over MCP with Sam's
token. Then Sam logs in, opens Notifications, follows the link of the approval notification
(``/llm_hub_approvals``), sees only his own approval, and Approves it; his next MCP call with
the approval id turns the porch lights on. The sidebar offers Sam no LLM Hub panel and
``get_panels`` gives him no ``llm_hub``. The notification names Sam and MCP Server by the
title Home Assistant gives it, with the server's clock and its zone's name; the panel names
them too, with the time asked in the browser's zone (the profile's default). Screens:
``own-approval-*.png``.
"""

from __future__ import annotations

from datetime import datetime
import json
import re
from typing import Any
import urllib.parse
import urllib.request
from zoneinfo import ZoneInfo

from ha_browser import JS_TEXT_OF, Browser, CheckError, HomeAssistantRest

__all__ = ["OwnApprovalCheck"]

SAM = {"name": "Sam", "username": "sam", "password": "llm-hub-sam"}
TURN_ON = "turn_on"
"""Kitchen's name for HassTurnOn (an alias of the options step); it needs confirming."""
PORCH = ("light.porch_lights", "Porch lights")
KITCHEN_LIGHTS = "Kitchen lights"
ROW_STATUS = """
const view = arguments[0].shadowRoot.querySelector("llm-hub-approvals");
const rows = view ? [...view.shadowRoot.querySelectorAll("[data-approval]")] : null;
return rows && rows.map((row) => [row.dataset.approval, row.dataset.status, row.textContent]);
"""


class OwnApprovalCheck:
    """Sam, no administrator, decides the approval of his own MCP call in the browser."""

    def __init__(self, browser: Browser, rest: HomeAssistantRest) -> None:
        """Drive ``browser`` (logged in as the owner); ``rest`` talks as the owner."""
        self.browser = browser
        self.rest = rest
        self.sam_token = ""

    def run(self) -> str:
        """Make Sam and the calls; log in as Sam; follow the link; approve; check the call ran."""
        browser = self.browser
        kitchen = self.rest.api_id("Kitchen")
        made = browser.call_ws(
            {"type": "config/auth/create", "name": SAM["name"], "group_ids": ["system-users"]}
        )
        sam_id = str(made["user"]["id"])
        browser.call_ws(
            {
                "type": "config/auth_provider/homeassistant/create",
                "user_id": sam_id,
                "username": SAM["username"],
                "password": SAM["password"],
            }
        )
        self._serve_over_mcp(kitchen)
        self.rest.request("POST", "/api/services/light/turn_off", {"entity_id": PORCH[0]})
        owners = browser.call_ws(
            {
                "type": "llm_hub/tool/call",
                "api_id": kitchen,
                "tool_name": TURN_ON,
                "tool_args": {"name": KITCHEN_LIGHTS},
            }
        )
        owners_id = (owners["result"]["data"] or {}).get("confirmation_token")
        if owners["outcome"] != "needs_confirmation" or not owners_id:
            raise CheckError(f"the owner's {TURN_ON}: expected an approval, got {owners}")
        # What Home Assistant calls MCP Server in its own pages, and the server's time zone.
        titles = browser.call_ws(
            {
                "type": "frontend/get_translations",
                "language": "en",
                "category": "title",
                "integration": ["mcp_server"],
            }
        )
        mcp_title = titles["resources"]["component.mcp_server.title"]
        zone = browser.call_ws({"type": "get_config"})["time_zone"]
        self.sam_token = self._token()
        asked = self._mcp_call({"name": PORCH[1]})
        sams_id = asked.get("confirmation_token")
        if asked.get("status") != "approval_required" or not sams_id:
            raise CheckError(f"Sam's {TURN_ON} over MCP: expected an approval, got {asked}")

        # The owner logs out: the frontend forgets the tokens it kept; the login page comes.
        browser.driver.execute_script("localStorage.clear(); sessionStorage.clear();")
        browser.driver.get(self.rest.base_url + "/")
        browser.type_into("input[name=username]", SAM["username"])
        browser.type_into("input[name=password]", SAM["password"])
        browser.click_on("ha-button", "Log in")
        browser.find("ha-sidebar")
        browser.wait_text("Notifications")
        if browser.find_all("ha-list-item-button", "LLM Hub", exact=True):
            raise CheckError("the sidebar offers Sam the LLM Hub panel")
        panels = browser.call_ws({"type": "get_panels"})
        if "llm_hub" in panels or "llm_hub_approvals" not in panels:
            raise CheckError(f"Sam's panels: {sorted(panels)}")
        browser.click_on("*", "Notifications", exact=True)
        notification = browser.find("persistent-notification-item", f"{SAM['name']} asked")
        said = browser.driver.execute_script(JS_TEXT_OF, notification)
        until = datetime.fromisoformat(asked["expires"]).astimezone(ZoneInfo(zone))
        words = (
            f"{SAM['name']} asked through {mcp_title} to run {TURN_ON} with LLM Hub Kitchen. "
            f"It waits 5 min for approval, until {until:%H:%M:%S} ({zone})."
        )
        if words not in said:
            raise CheckError(f"Sam's notification: expected {words!r} in {said!r}")
        browser.screen("own-approval-notification")
        browser.click(browser.find("a", "LLM Hub's approvals", root=notification))
        panel = browser.find("llm-hub-panel")

        def rows() -> list[list[str]]:
            found = browser.driver.execute_script(ROW_STATUS, panel)
            return found or []

        shown = browser.wait(rows, "Sam's approval in the approvals panel")
        path = browser.driver.execute_script("return location.pathname")
        if path != "/llm_hub_approvals":
            raise CheckError(f"the notification's link led to {path}")
        ids = [approval_id for approval_id, _, _ in shown]
        if ids != [sams_id]:
            raise CheckError(f"Sam sees approvals {ids}; his own is {sams_id}, not {owners_id}")
        text = " ".join(shown[0][2].split())
        if not all(part in text for part in (TURN_ON, "Kitchen", SAM["name"], PORCH[1])):
            raise CheckError(f"Sam's pending approval: {text!r}")
        # Asked at: the profile's default zone is the browser's own.
        [approval] = browser.call_ws({"type": "llm_hub/approvals/list"})["approvals"]
        local = browser.driver.execute_script(
            "return Intl.DateTimeFormat().resolvedOptions().timeZone"
        )
        created = datetime.fromisoformat(approval["created"]).astimezone(ZoneInfo(local))
        clock = rf"\b({created.hour}|{created.hour % 12 or 12}):{created:%M:%S}\b"
        if f"through {mcp_title} at" not in text or not re.search(clock, text):
            raise CheckError(f"Sam's approval, asked {created} ({local}): {text!r}")
        browser.screen("own-approval-pending")
        row = browser.find(f'[data-approval="{sams_id}"]')
        browser.click(browser.find("button.approve", root=row))
        browser.wait(lambda: rows() and rows()[0][1] == "approved", "Sam's approval approved")
        browser.screen("own-approval-approved")
        state = self.rest.request("GET", f"/api/states/{PORCH[0]}")["state"]
        if state != "off":
            raise CheckError(f"{PORCH[0]} is {state} before the approved call")
        ran = self._mcp_call({"name": PORCH[1], "confirmation_token": sams_id})
        if "success" not in json.dumps(ran):
            raise CheckError(f"Sam's approved call: {ran}")
        browser.wait(
            lambda: self.rest.request("GET", f"/api/states/{PORCH[0]}")["state"] == "on",
            f"{PORCH[0]} on",
        )
        browser.wait(lambda: rows() and rows()[0][1] == "used", "Sam's approval used")
        return (
            f"Sam (no admin) read '{words}', followed the notification's link to "
            f"/llm_hub_approvals, saw his approval only (not the owner's), asked through "
            f"{mcp_title} at {created:%H:%M:%S} ({local}), approved it; his MCP call turned "
            f"{PORCH[0]} on; no LLM Hub panel offered to him"
        )

    def _serve_over_mcp(self, api_id: str) -> None:
        """Add an MCP Server entry serving ``api_id`` to users who are no administrators."""
        flows = "/api/config/config_entries/flow"
        flow = self.rest.request("POST", flows, {"handler": "mcp_server"})
        flow = self.rest.request("POST", f"{flows}/{flow['flow_id']}", {})
        entry_id = flow["result"]["entry_id"]
        options = "/api/config/config_entries/options/flow"
        flow = self.rest.request("POST", options, {"handler": entry_id})
        # 2026.10 shows the API picker once "all LLM APIs" is off; 2026.11 asks for one.
        steps = (
            {"all_llm_apis": False, "require_admin": False},
            {"all_llm_apis": False, "llm_hass_api": [api_id], "require_admin": False},
        )
        for step in steps:
            flow = self.rest.request("POST", f"{options}/{flow['flow_id']}", step)
            if flow["type"] == "create_entry":
                return
        raise CheckError(f"MCP Server's options flow ended {flow}")

    def _token(self) -> str:
        """Log Sam in through the login flow (REST); return his access token."""
        base = self.rest.base_url
        client_id = base + "/"
        flow = _post(
            base + "/auth/login_flow",
            {
                "client_id": client_id,
                "handler": ["homeassistant", None],
                "redirect_uri": client_id + "?auth_callback=1",
            },
        )
        done = _post(
            f"{base}/auth/login_flow/{flow['flow_id']}",
            {"username": SAM["username"], "password": SAM["password"], "client_id": client_id},
        )
        body = {"grant_type": "authorization_code", "code": done["result"], "client_id": client_id}
        tokens = _post(base + "/auth/token", body, form=True)
        return str(tokens["access_token"])

    def _mcp_call(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Call Kitchen's ``turn_on`` over MCP (``/api/mcp``) as Sam; return what it answered."""
        message = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": TURN_ON, "arguments": arguments},
        }
        answer = _post(
            self.rest.base_url + "/api/mcp",
            message,
            headers={
                "Authorization": f"Bearer {self.sam_token}",
                "Accept": "application/json, text/event-stream",
            },
        )
        result = answer.get("result") or {}
        if result.get("isError") or not result.get("content"):
            raise CheckError(f"MCP tools/call {arguments}: {answer}")
        data: dict[str, Any] = json.loads(result["content"][0]["text"])
        return data


def _post(url: str, body: Any, *, form: bool = False, headers: dict[str, str] | None = None) -> Any:
    """POST ``body`` (JSON, or a form) to ``url``; return the decoded JSON answer."""
    data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
    kind = "application/x-www-form-urlencoded" if form else "application/json"
    request = urllib.request.Request(
        url, data=data, method="POST", headers={"Content-Type": kind, **(headers or {})}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())
