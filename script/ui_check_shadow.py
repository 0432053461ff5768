"""The browser check's shadow step: a hub in shadow mode, and its limits, in the panel.

Run by ``ui_check.py`` after the panel's scope steps, with the panel open (the owner logged
in, in English; Alex, a user who is no administrator, made by the approvals step). A hub
"Trial" (Assist) always asks before acting on lights, is in shadow mode, and allows two calls
a minute of one tool by one person: its config flow and its options flow's Safety and Limits
steps over REST, as the forms send them. Over the panel's own connection (the test bench's
``llm_hub/tool/call``), Alex turns the porch lights on: it runs at once (shadow mode), and
again; the third call is refused by the limit, and the owner's call of another tool counts
apart. In the browser: every tab shows the banner naming Trial (the Activity tab, which marks
Alex's two calls "shadow mode: would have asked", saved as ``panel-shadow-banner``); Trial's
page lists them as asking, acting on the porch lights (``panel-hub-shadow``), and its Limits
section counts "2 of 2" for Alex, one for the owner, and one refusal (``panel-hub-limits``).
Trial is deleted again, so no later screen has the banner.
"""

from __future__ import annotations

from typing import Any

from ha_browser import CheckError
from ui_check_panel import PORCH, PREFIX, PanelCheck

__all__ = ["ShadowCheck"]

HUB = "Trial"
FLOWS = "/api/config/config_entries/flow"
OPTIONS = "/api/config/config_entries/options/flow"
TURN_ON = "intent__HassTurnOn"
CLOCK = "llm__GetDateTime"
SHADOW_BADGE = "shadow mode: would have asked"
BANNER = """
const banner = arguments[0].shadowRoot.querySelector("llm-hub-shadow-banner");
const alert = banner && banner.shadowRoot.querySelector(".alert");
return alert ? alert.textContent : null;
"""
SECTION = """
const section = view.shadowRoot.querySelector(args[0]);
const root = section && section.shadowRoot;
const ready = root && root.querySelector(args[1]);
if (!ready) return null;
section.scrollIntoView({block: "center"});
return root.textContent;
"""
SAFETY = {
    "read_only": False,
    "no_destructive": False,
    "no_open_world": False,
    "confirm_destructive": False,
    "ask_domains": ["light"],
    "timeout": 60,
    "shadow_mode": True,
}
"""The Safety step as its form sends it: always ask before acting on lights; shadow mode."""
LIMITS = {"max_tools": 128, "record_arguments": False, "calls_per_minute": 2}


class ShadowCheck:
    """A hub in shadow mode with a limit: the banner, its record and its counts."""

    def __init__(self, panel: PanelCheck) -> None:
        """Use the panel check's browser, REST client and open panel."""
        self.panel = panel
        self.browser = panel.browser
        self.rest = panel.rest

    def run(self) -> str:
        """Make Trial, call through it, check the panel; delete Trial in any case."""
        entry_id = self._hub()
        try:
            return self._check(f"llm_hub-{entry_id}")
        finally:
            self.rest.request("DELETE", f"/api/config/config_entries/entry/{entry_id}")
            self.rest.request("POST", "/api/services/light/turn_off", {"entity_id": PORCH[0]})

    def _check(self, api_id: str) -> str:
        panel, browser = self.panel, self.browser
        alex = panel.alex
        if alex is None:
            raise CheckError("no Alex: the approvals step makes him")
        self.rest.request("POST", "/api/services/light/turn_off", {"entity_id": PORCH[0]})
        outcomes = [self._call(api_id, TURN_ON, {"name": PORCH[1]}, alex) for _ in range(3)]
        outcomes.append(self._call(api_id, CLOCK, {}, None))
        if outcomes != ["ok", "ok", "refused", "ok"]:
            raise CheckError(f"Trial's calls ended {outcomes}, not ok, ok, refused (limit), ok")
        if self.rest.request("GET", f"/api/states/{PORCH[0]}")["state"] != "on":
            raise CheckError(f"{PORCH[0]} is not on: shadow mode did not let the call run")

        panel.open(dark=False)
        panel.go(f"{PREFIX}/activity", "llm-hub-activity")
        banner = " ".join(
            str(browser.wait(lambda: self._banner(HUB), "the shadow mode banner")).split()
        )
        marked = browser.wait(
            lambda: (panel.text("llm-hub-activity", "tbody") or "").count(SHADOW_BADGE),
            "Activity's shadow mode badges",
        )
        if marked != 2:
            raise CheckError(f"Activity marks {marked} calls {SHADOW_BADGE!r}, not Alex's 2")
        browser.screen("panel-shadow-banner")

        panel.go(f"{PREFIX}/hub/{api_id}", "llm-hub-view")
        browser.wait(lambda: self._banner(HUB), "the banner on Trial's page")
        shadow = self._section("llm-hub-shadow", "tbody tr", "Trial's shadow mode section")
        if "On since" not in shadow:
            raise CheckError(f"Trial's shadow mode section: {shadow[:300]!r}")
        rows = panel.run_js(
            "llm-hub-view",
            "return [...view.shadowRoot.querySelector('llm-hub-shadow').shadowRoot"
            ".querySelectorAll('tbody tr')].map((row) => row.textContent.replace(/\\s+/g, ' '))",
        )
        wanted = ("Alex", "asks", f"{PORCH[1]} ({PORCH[0]})")
        if len(rows) != 2 or not all(part in row for row in rows for part in wanted):
            raise CheckError(f"Trial's shadow record: {rows}")
        browser.screen("panel-hub-shadow")

        limits = self._section("llm-hub-limits", "table[data-part=calls]", "Trial's limits")
        for part in ("Calls a minute of one tool by one person: 2", "2 of 2", "1 of 2"):
            if part not in limits:
                raise CheckError(f"Trial's limits section lacks {part!r}: {limits[:400]!r}")
        if "Refused by the limits in the last hour: 1" not in limits:
            raise CheckError(f"Trial's limits section counts no refusal: {limits[:400]!r}")
        browser.screen("panel-hub-limits")
        browser.driver.execute_script("window.scrollTo(0, 0)")
        return (
            f"banner {banner[:60]!r}…; Activity marks {marked} calls; record: {len(rows)} "
            f"calls by Alex, asks, acting on {PORCH[1]}; limits: 2 of 2 and 1 of 2, 1 refused"
        )

    def _call(self, api_id: str, tool: str, args: dict[str, Any], user: str | None) -> str:
        """Call ``tool`` on the test bench's command; return how it ended."""
        result = self.panel.call_tool(api_id, tool, args, user)
        if "outcome" not in result:
            raise CheckError(f"{tool} on {HUB}: {result}")
        return str(result["outcome"])

    def _banner(self, hub: str) -> str | None:
        """Return the banner's text once it names ``hub``."""
        text = self.browser.driver.execute_script(BANNER, self.panel.panel)
        return text if text and hub in text else None

    def _section(self, section: str, ready: str, what: str) -> str:
        """Wait for a section of the hub's view to show ``ready``; scroll to it; its text."""
        text = self.browser.wait(
            lambda: self.panel.run_js("llm-hub-view", SECTION, section, ready), what
        )
        return " ".join(str(text).split())

    def _hub(self) -> str:
        """Add Trial (Assist), its Safety and Limits set through its options; its entry id."""
        rest = self.rest
        flow = rest.request("POST", FLOWS, {"handler": "llm_hub"})
        made = rest.request("POST", f"{FLOWS}/{flow['flow_id']}", {"name": HUB})
        entry_id = str(made["result"]["entry_id"])
        flow = rest.request("POST", OPTIONS, {"handler": entry_id})
        for answer in (
            {"next_step_id": "apis"},
            {"llm_hass_api": ["assist"]},
            {"next_step_id": "safety"},
            SAFETY,
            {"next_step_id": "limits"},
            LIMITS,
            {"next_step_id": "save"},
        ):
            flow = rest.request("POST", f"{OPTIONS}/{flow['flow_id']}", answer)
        if flow.get("type") != "create_entry":
            raise CheckError(f"the options flow of {HUB} ended {flow}")

        def in_shadow_mode() -> bool:
            hubs = self.browser.call_ws({"type": "llm_hub/shadow/list"})["hubs"]
            return any(hub["entry_id"] == entry_id for hub in hubs)

        self.browser.wait(in_shadow_mode, f"{HUB} reloaded in shadow mode")
        return entry_id
