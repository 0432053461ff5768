"""The browser check's remember step: Sam approves his MCP call and lets it be remembered.

Run by ``ui_check.py`` after ``ui_check_own_approval`` (Sam, no administrator, logged in at
``/llm_hub_approvals``; Kitchen asks before ``turn_on``). The owner sets Kitchen's Safety →
"Remember an approval for at most" to 15 minutes (its options flow over REST, every other
field as the form suggests it). Sam's MCP call of ``turn_on`` waits; in the panel he picks
"For 15 min" under Remember and Approves; his MCP client calls again with the approval id (the
approval is used). With the porch lights off again, his identical MCP call runs without an
approval id, the lights go on, and the panel lists the remembered approval with its end (in
the browser's zone) and one call run under it. Revoke ends it: the next identical call waits
for a new approval, which the panel shows. Screens: ``remember-*.png``.
"""

from __future__ import annotations

from datetime import datetime
import re
from typing import Any
from zoneinfo import ZoneInfo

from ha_browser import Browser, CheckError, HomeAssistantRest
from selenium.webdriver.support.select import Select
from ui_check_own_approval import PORCH, ROW_STATUS, OwnApprovalCheck

__all__ = ["RememberCheck"]

MINUTES = 15
"""How long Kitchen lets an approval be remembered, and what Sam picks."""
OPTIONS = "/api/config/config_entries/options/flow"
REMEMBERED = """
const view = arguments[0].shadowRoot.querySelector("llm-hub-approvals");
const rows = view ? [...view.shadowRoot.querySelectorAll("[data-remembered]")] : null;
return rows && rows.map((row) => [row.dataset.remembered, row.textContent]);
"""


class RememberCheck:
    """Sam remembers an approval in the panel; the same MCP call runs unasked; he revokes it."""

    def __init__(self, browser: Browser, rest: HomeAssistantRest, own: OwnApprovalCheck) -> None:
        """Drive ``browser`` (Sam logged in); ``rest`` talks as the owner; ``own`` calls as Sam."""
        self.browser = browser
        self.rest = rest
        self.own = own

    def run(self) -> str:
        """Set the option; ask, pick, approve; call again; check the list; revoke."""
        browser = self.browser
        self._remember_for(self.rest.api_id("Kitchen"), MINUTES)
        self.rest.request("POST", "/api/services/light/turn_off", {"entity_id": PORCH[0]})
        asked = self._ask()
        approval_id = str(asked["confirmation_token"])
        panel = browser.find("llm-hub-panel")

        def status(of: str = approval_id) -> str | None:
            rows = browser.driver.execute_script(ROW_STATUS, panel) or []
            return next((status for found, status, _ in rows if found == of), None)

        def remembered() -> list[list[str]]:
            return list(browser.driver.execute_script(REMEMBERED, panel) or [])

        browser.wait(lambda: status() == "pending", "Sam's new approval, pending")
        row = browser.find(f'[data-approval="{approval_id}"]')
        choice = Select(browser.find("select[name=remember]", root=row))
        offered = [option.text.strip() for option in choice.options]
        if offered != ["No, this call only", "For 5 min", f"For {MINUTES} min"]:
            raise CheckError(f"Remember offers {offered}")
        choice.select_by_value(str(MINUTES))
        browser.screen("remember-choose")
        browser.click(browser.find("button.approve", root=row))
        browser.wait(lambda: status() == "approved", "Sam's approval approved")
        browser.wait(remembered, "the remembered approval listed")
        used = self._call({"name": PORCH[1], "confirmation_token": approval_id})
        if "success" not in str(used):
            raise CheckError(f"the approved call with its approval id: {used}")
        browser.wait(lambda: status() == "used", "Sam's approval used")
        self.rest.request("POST", "/api/services/light/turn_off", {"entity_id": PORCH[0]})
        browser.wait(
            lambda: self.rest.request("GET", f"/api/states/{PORCH[0]}")["state"] == "off",
            f"{PORCH[0]} off again",
        )

        ran = self._call({"name": PORCH[1]})
        if "confirmation_token" in ran or "success" not in str(ran):
            raise CheckError(f"the same call, remembered: expected it to run, got {ran}")
        browser.wait(
            lambda: self.rest.request("GET", f"/api/states/{PORCH[0]}")["state"] == "on",
            f"{PORCH[0]} on without asking",
        )
        [item] = browser.call_ws({"type": "llm_hub/approvals/list"})["remembered"]
        local = browser.driver.execute_script(
            "return Intl.DateTimeFormat().resolvedOptions().timeZone"
        )
        until = datetime.fromisoformat(item["until"]).astimezone(ZoneInfo(local))
        clock = rf"Remembered until ({until.hour}|{until.hour % 12 or 12}):{until:%M:%S}\b"

        def listed() -> str:
            rows = remembered()
            text = " ".join(rows[0][1].split()) if rows else ""
            return text if re.search(clock, text) and "Calls run under it: 1." in text else ""

        text = browser.wait(listed, "the remembered approval with its end and one call")
        if item["uses"] != 1 or not all(part in text for part in ("turn_on", "Kitchen", "Sam")):
            raise CheckError(f"the remembered approval: {item}, shown as {text!r}")
        browser.screen("remember-listed")

        browser.click(browser.find("button.revoke"))
        browser.wait(lambda: not remembered(), "the remembered approval gone after Revoke")
        again = str(self._ask()["confirmation_token"])
        if again == approval_id:
            raise CheckError("after Revoke, the call got the old approval")
        browser.wait(lambda: status(again) == "pending", "the next call's new approval, pending")
        browser.screen("remember-revoked")
        return (
            f"Kitchen remembers up to {MINUTES} min; Sam picked 'For {MINUTES} min' and "
            f"approved; the call with the approval id ran; the identical call without it ran "
            f"unasked ({PORCH[0]} on); the panel listed it until {until:%H:%M:%S} ({local}), "
            "1 call; Revoke ended it and the next call waited for a new approval"
        )

    def _call(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Call Kitchen's ``turn_on`` over MCP as Sam; return what it answered."""
        return self.own._mcp_call(arguments)  # noqa: SLF001  # Sam's MCP client

    def _ask(self) -> dict[str, Any]:
        """Make Sam's MCP call of ``turn_on`` on the porch lights; it must wait for approval."""
        asked = self._call({"name": PORCH[1]})
        if asked.get("status") != "approval_required" or not asked.get("confirmation_token"):
            raise CheckError(f"Sam's turn_on over MCP: expected an approval, got {asked}")
        return asked

    def _remember_for(self, api_id: str, minutes: int) -> None:
        """Set a hub's "Remember an approval for at most" through its Safety step (REST)."""
        flow = self.rest.request("POST", OPTIONS, {"handler": api_id.removeprefix("llm_hub-")})
        flow = self.rest.request("POST", f"{OPTIONS}/{flow['flow_id']}", {"next_step_id": "safety"})
        # Every other field as the form suggests it: the hub's options stay as they are.
        answer = {
            field["name"]: suggested
            for field in flow["data_schema"]
            if (suggested := (field.get("description") or {}).get("suggested_value")) is not None
        }
        for step in ({**answer, "approval_remember": minutes}, {"next_step_id": "save"}):
            flow = self.rest.request("POST", f"{OPTIONS}/{flow['flow_id']}", step)
        if flow.get("type") != "create_entry":
            raise CheckError(f"Kitchen's Safety step ended {flow}")

        def loaded() -> bool:
            entries = self.rest.request("GET", "/api/config/config_entries/entry?domain=llm_hub")
            return any(
                f"llm_hub-{entry['entry_id']}" == api_id and entry["state"] == "loaded"
                for entry in entries
            )

        self.browser.wait(loaded, "Kitchen loaded again with the option")
