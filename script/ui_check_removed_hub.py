"""The browser check's removed-hub step: MCP Server still serves a deleted hub; its repair.

Run by ``ui_check.py`` after the hub screens' own repair. The owner makes a hub "Office" and an
MCP Server entry that serves Assist and Office at ``/api/mcp`` (config and options flows over
REST, as ``ui_check_own_approval`` does), then deletes Office: ``/api/mcp`` answers with an
error. In the browser: Settings -> Repairs shows "LLM Hub API Office was removed, but …
still selects it"; its Fix (one line of title, the texts of ``en.json`` with every
placeholder filled) is submitted, and ``/api/mcp`` answers with Assist's tools again. Then
in German (the user's language, as the German run sets it): MCP Server serves only a hub
"Dachboden", which is deleted; its repair's Fix cannot take the last API out and says to
pick another one under Konfigurieren, with no English of LLM Hub's on the screens. MCP
Server's entry is removed at the end (``ui_check_own_approval`` adds its own). Screens:
``removed-hub-*.png``.
"""

from __future__ import annotations

import json
from typing import Any
import urllib.request

from ha_browser import JS_TEXT_OF, Browser, CheckError, HomeAssistantRest
from ui_check_german import GermanCheck, load_texts
from ui_check_panel import GO

__all__ = ["RemovedHubCheck"]

KEY = "issues.removed_hub_selected."
FLOWS = "/api/config/config_entries/flow"
OPTIONS = "/api/config/config_entries/options/flow"
ENTRIES = "/api/config/config_entries/entry"


class RemovedHubCheck:
    """MCP Server selects a hub that is then deleted: the repair, its fix, /api/mcp after."""

    def __init__(self, browser: Browser, rest: HomeAssistantRest, german: GermanCheck) -> None:
        """Drive ``browser`` (the owner logged in); ``german`` switches languages and checks."""
        self.browser = browser
        self.rest = rest
        self.german = german
        self.en = load_texts("en")

    def run(self) -> str:
        """Walk the fix in English and the last API's abort in German; return what was seen."""
        rest = self.rest
        office = self._hub("Office")
        server = self._mcp_server(["assist", office])
        before = self._mcp_tools()
        rest.request("DELETE", f"{ENTRIES}/{office.removeprefix('llm_hub-')}")
        broken = self._mcp_tools()
        if "error" not in broken:
            raise CheckError(f"/api/mcp still answers with Office deleted: {str(broken)[:300]}")
        fixed = self._fix()
        after = self._mcp_tools()
        names = [tool["name"] for tool in (after.get("result") or {}).get("tools") or []]
        tools = len(names)
        if "intent__HassTurnOn" not in names:
            raise CheckError(f"/api/mcp after the fix, not Assist's tools: {str(after)[:300]}")
        try:
            self.german.language("de")
            abort = self._last_api_de(server)
        finally:
            self.german.language("en")
            self.browser.wait_text("Settings")
            rest.request("DELETE", f"{ENTRIES}/{server}")
        return (
            f"/api/mcp: {len((before.get('result') or {}).get('tools') or [])} tools, an error "
            f"with Office deleted, {tools} after the fix; {fixed!r}; German: {abort[:80]!r}…"
        )

    def _fix(self) -> str:
        """Open Settings -> Repairs -> the issue -> Submit: the fix takes Office out."""
        browser = self.browser
        browser.driver.execute_script(GO, "/config/repairs")
        # The title leads with the hub (the Repairs list cuts long titles at the end).
        issue = self.en[f"{KEY}title"].split("{selecting}")[0].format(hub="Office")
        browser.find("*", issue)
        browser.screen("removed-hub-repairs")
        browser.click_on("*", issue, exact=False)
        confirm = f"{KEY}fix_flow.step.confirm."
        title = self.en[f"{confirm}title"].format(hub="Office")
        browser.wait_text(title)
        dialog = browser.find("ha-dialog, ha-md-dialog, ha-wa-dialog, dialog-data-entry-flow")
        shown = browser.driver.execute_script(JS_TEXT_OF, dialog)
        description = self.en[f"{confirm}description"].split("{selecting}")[1].split("{hub}")[0]
        if description.strip() not in shown or "{" in shown:
            raise CheckError(f"the fix dialog says {shown[:500]!r}")
        self._one_line(title)
        browser.screen("removed-hub-fix")
        browser.click_on("ha-button", "Submit")
        browser.wait_text("The issue is repaired!")
        browser.screen("removed-hub-fixed")
        browser.click_on("ha-button", "Finish")
        browser.wait(lambda: not browser.find_all("*", issue), "the repair gone")
        return f"Repairs: {title!r} submitted"

    def _last_api_de(self, server: str) -> str:
        """MCP Server serves only "Dachboden", deleted: the Fix says what to do, in German."""
        browser, german = self.browser, self.german
        attic = self._hub("Dachboden")
        self._options(server, [attic])
        self.rest.request("DELETE", f"{ENTRIES}/{attic.removeprefix('llm_hub-')}")
        browser.driver.execute_script(GO, "/config/repairs")
        issue = german.de(f"{KEY}title").split("{selecting}")[0].format(hub="Dachboden")
        browser.find("*", issue)
        german.check("removed-hub-repairs-de")
        browser.click_on("*", issue, exact=False)
        wanted = german.de(f"{KEY}fix_flow.abort.last_api")
        seen = browser.wait_text(wanted.split("{selecting}")[0].format(hub="Dachboden"))
        german.check("removed-hub-last-api-de")
        said = seen[seen.index("Dachboden ist") :]
        if "Konfigurieren" not in said or "{" in said:
            raise CheckError(f"the German abort says {said[:400]!r}")
        browser.click_on("ha-button", "Schließen", exact=True)
        self._options(server, ["assist"])
        browser.wait(lambda: not browser.find_all("*", f"Dachboden{issue}"), "the repair gone")
        return said

    # --- helpers -------------------------------------------------------------------------------

    def _one_line(self, title: str) -> None:
        """Fail when the dialog's title wraps (a long one ran over the line under it)."""
        found = self.browser.find_all("*", title, exact=True)
        heights = [
            self.browser.driver.execute_script(
                "return arguments[0].getBoundingClientRect().height;", element
            )
            for element in found
        ]
        if heights and max(heights) > 40:
            raise CheckError(f"the fix dialog's title {title!r} wraps ({max(heights):.0f} px)")

    def _hub(self, name: str) -> str:
        """Add a hub ``name`` (its config flow over REST); return its LLM API id."""
        flow = self.rest.request("POST", FLOWS, {"handler": "llm_hub"})
        made = self.rest.request("POST", f"{FLOWS}/{flow['flow_id']}", {"name": name})
        return f"llm_hub-{made['result']['entry_id']}"

    def _mcp_server(self, api_ids: list[str]) -> str:
        """Add MCP Server (its config flow) serving ``api_ids`` at /api/mcp; return its entry id."""
        flow = self.rest.request("POST", FLOWS, {"handler": "mcp_server"})
        flow = self.rest.request("POST", f"{FLOWS}/{flow['flow_id']}", {})
        entry_id: str = flow["result"]["entry_id"]
        self._options(entry_id, api_ids)
        return entry_id

    def _options(self, entry_id: str, api_ids: list[str]) -> None:
        """MCP Server's options: serve ``api_ids`` (2026.10 shows the picker once "all" is off)."""
        flow = self.rest.request("POST", OPTIONS, {"handler": entry_id})
        for _ in range(2):
            step: dict[str, Any] = {"all_llm_apis": False, "require_admin": True}
            if any(field["name"] == "llm_hass_api" for field in flow["data_schema"]):
                step["llm_hass_api"] = api_ids
            flow = self.rest.request("POST", f"{OPTIONS}/{flow['flow_id']}", step)
            if flow["type"] == "create_entry":
                return
        raise CheckError(f"MCP Server's options flow ended {flow}")

    def _mcp_tools(self) -> dict[str, Any]:
        """List the tools at /api/mcp with the owner's token; return the JSON-RPC answer."""
        request = urllib.request.Request(
            self.rest.base_url + "/api/mcp",
            data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).encode(),
            method="POST",
            headers={
                "Authorization": f"Bearer {self.rest.token}",
                "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream",
            },
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            answer: dict[str, Any] = json.loads(response.read())
        return answer
