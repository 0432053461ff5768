"""The browser check's panel part: the LLM Hub panel's views, checked, saved and timed.

Run by ``ui_check.py`` in the same browser session, after the hub screens (the owner logged
in, hub Kitchen configured, an Ollama agent's turn recorded). The
Home Assistant runs the browser check's config: the dev config plus ``llm_hub_bulk``
(``script/ui_check/llm_hub_bulk``: 1,000 generated tools for the hub "Bulk"). In the light and
the dark theme: the sidebar's LLM Hub opens the panel; the test bench runs the light counter
and shows ``1`` after the kitchen lights were turned on; Activity shows new calls without a
reload; the Hubs view lists the hubs; the Kitchen hub view shows the example tool with its
badges and what each provider gets. Screenshots go to the check's folder as
``panel-<view>-<light|dark>.png``. Times, with the Bulk hub's 1,000 tools and 500 calls, are
the views' own ``data-render-ms`` (from showing the view to its data painted, websocket round
trip included): medians of 3; each must be under 1 s.
"""

from __future__ import annotations

import statistics
from typing import Any

from ha_browser import Browser, CheckError, HomeAssistantRest

__all__ = ["PanelCheck"]

PREFIX = "/llm_hub"
COUNT_TOOL = "llm_hub_example__count_lights_on"
RUNS = 3
"""How often each view is timed (the median is reported)."""
CALLS = 500
"""Calls made for the timing of Activity."""

GO = """
history.pushState(null, "", arguments[0]);
window.dispatchEvent(new CustomEvent("location-changed", {detail: {replace: false}}));
"""
RENDER_MS = """
const view = arguments[0].shadowRoot.querySelector(arguments[1]);
return view && view.dataset.renderMs !== undefined ? Number(view.dataset.renderMs) : null;
"""
IN_VIEW = """
const view = arguments[0].shadowRoot.querySelector(arguments[1]);
const el = view && view.shadowRoot.querySelector(arguments[2]);
return el ? el.textContent : null;
"""
IN_VIEW_RUN = """
const view = arguments[0].shadowRoot.querySelector(arguments[1]);
return new Function('view', 'args', arguments[2])(view, arguments[3]);
"""
CALL_TOOL = """
const [panel, api, tool, args, times, done] = arguments;
(async () => {
  for (let n = 0; n < times; n++) {
    await panel.hass.callWS({type: 'llm_hub/tool/call', api_id: api, tool_name: tool,
                             tool_args: args});
  }
  return times;
})().then(done, (e) => done(String(e && e.message || e)));
"""


class PanelCheck:
    """The panel's views in one theme after the other, then their render times."""

    def __init__(self, browser: Browser, rest: HomeAssistantRest) -> None:
        """Drive ``browser``; ``rest`` finds the hubs' ids and turns a light on."""
        self.browser = browser
        self.rest = rest
        self.panel: Any = None
        self.kitchen = ""
        self.bulk = ""

    def api_id(self, title: str) -> str:
        """Return the LLM API id of the hub entry ``title``."""
        entries = self.rest.request("GET", "/api/config/config_entries/entry?domain=llm_hub")
        entry_id = next((e["entry_id"] for e in entries if e["title"] == title), None)
        if entry_id is None:
            raise CheckError(f"no hub {title!r} among {[e['title'] for e in entries]}")
        return f"llm_hub-{entry_id}"

    def open(self, *, dark: bool) -> None:
        """Pick the light or dark default theme; open the panel from the sidebar.

        The theme goes through the frontend's own ``settheme`` event (what the profile page's
        theme picker fires), without a reload.
        """
        browser = self.browser
        browser.driver.execute_script(
            "document.querySelector('home-assistant').dispatchEvent(new CustomEvent("
            "'settheme', {detail: {theme: 'default', dark: arguments[0]}}));",
            dark,
        )
        browser.click_on("ha-list-item-button", "LLM Hub", exact=True)
        self.panel = browser.find("llm-hub-panel")

    def go(self, path: str, view: str) -> float:
        """Show ``path`` inside the panel; return the view's render time in ms."""
        driver = self.browser.driver
        driver.execute_script(GO, path)
        return float(
            self.browser.wait(
                lambda: driver.execute_script(RENDER_MS, self.panel, view),
                f"{view} rendering {path}",
            )
        )

    def text(self, view: str, selector: str) -> str | None:
        """Return the text of ``selector`` inside ``view``'s shadow root, or None."""
        result = self.browser.driver.execute_script(IN_VIEW, self.panel, view, selector)
        return None if result is None else str(result)

    def run_js(self, view: str, body: str, *args: Any) -> Any:
        """Run the function body ``body`` with ``view`` (the element) and ``args``."""
        return self.browser.driver.execute_script(IN_VIEW_RUN, self.panel, view, body, list(args))

    def call_tool(self, api_id: str, tool: str, args: dict[str, Any], times: int = 1) -> Any:
        """Call a tool ``times`` times through the panel's own connection (llm_hub/tool/call)."""
        return self.browser.driver.execute_async_script(
            CALL_TOOL, self.panel, api_id, tool, args, times
        )

    def views(self, *, dark: bool) -> str:
        """Show each view in one theme; check (light theme) and save it."""
        browser = self.browser
        theme = "dark" if dark else "light"
        self.kitchen, self.bulk = self.api_id("Kitchen"), self.api_id("Bulk")
        self.open(dark=dark)
        done: list[str] = []

        self.rest.request(
            "POST", "/api/services/light/turn_on", {"entity_id": "light.kitchen_lights"}
        )
        ms = self.go(f"{PREFIX}/bench?api={self.kitchen}&tool={COUNT_TOOL}", "llm-hub-bench")
        self.run_js("llm-hub-bench", "view.shadowRoot.querySelector('button.run').click()")
        data = browser.wait(
            lambda: self.text("llm-hub-bench", ".result pre.data") or "", "the bench's result"
        )
        if '"count": 1' not in data:
            raise CheckError(f"the bench's result: {data}")
        browser.screen(f"panel-bench-{theme}")
        done.append(f"bench: count 1 ({ms:.0f} ms)")

        ms = self.go(f"{PREFIX}/activity", "llm-hub-activity")
        rows = "return view.shadowRoot.querySelectorAll('tbody tr').length"
        before = self.run_js("llm-hub-activity", rows)
        self.call_tool(self.kitchen, COUNT_TOOL, {"name_contains": "Kitchen"})
        self.call_tool(self.kitchen, COUNT_TOOL, {"room": "hall"})  # refused: no such argument
        after = browser.wait(
            lambda: (n := self.run_js("llm-hub-activity", rows)) > before + 1 and n,
            "new calls in Activity",
        )
        browser.screen(f"panel-activity-{theme}")
        done.append(f"activity: {before} -> {after} rows without a reload ({ms:.0f} ms)")

        ms = self.go(f"{PREFIX}/hubs", "llm-hub-hubs")
        names = self.text("llm-hub-hubs", "tbody") or ""
        if "Kitchen" not in names or "Bulk" not in names:
            raise CheckError(f"the Hubs view lists {names!r}")
        browser.screen(f"panel-hubs-{theme}")
        done.append(f"hubs: Kitchen and Bulk ({ms:.0f} ms)")

        ms = self.go(f"{PREFIX}/hub/{self.kitchen}", "llm-hub-view")
        row = f'tr[data-tool="{COUNT_TOOL}"]'
        badges = self.text("llm-hub-view", row)
        if not badges or "read-only" not in badges:
            raise CheckError(f"{COUNT_TOOL} row: {badges!r}")
        browser.screen(f"panel-hub-{theme}")
        scroll = "view.shadowRoot.querySelector(args[0]).scrollIntoView({block: 'start'})"
        self.run_js("llm-hub-view", scroll, ".tools-card")
        browser.screen(f"panel-hub-tools-{theme}")
        self.run_js("llm-hub-view", "view.shadowRoot.querySelector(args[0]).click()", row)
        browser.wait(
            lambda: self.text("llm-hub-view", '[data-provider="mcp"] pre'), "the tool's providers"
        )
        self.run_js("llm-hub-view", scroll, row)
        browser.screen(f"panel-hub-tool-{theme}")
        browser.driver.execute_script("window.scrollTo(0, 0)")
        done.append(f"hub: {COUNT_TOOL} with badges and providers ({ms:.0f} ms)")

        browser.driver.execute_script(GO, f"{PREFIX}/approvals")
        browser.wait(lambda: self.text("llm-hub-approvals", "h2"), "the approvals view")
        browser.screen(f"panel-approvals-{theme}")
        done.append("approvals")
        return f"{theme}: " + "; ".join(done)

    def timings(self) -> str:
        """Time each view with the Bulk hub's 1,000 tools and 500 calls in Activity.

        The calls go through the small Kitchen hub: each call builds its hub anew.
        """
        self.browser.driver.set_script_timeout(120)
        made = self.call_tool(self.kitchen, COUNT_TOOL, {}, CALLS)
        if made != CALLS:
            raise CheckError(f"calls for Activity: {made}")
        targets = {
            "hubs": (f"{PREFIX}/hubs", "llm-hub-hubs"),
            "hub (1,000 tools)": (f"{PREFIX}/hub/{self.bulk}", "llm-hub-view"),
            "bench (1,000 tools)": (f"{PREFIX}/bench?api={self.bulk}", "llm-hub-bench"),
            f"activity ({CALLS} calls)": (f"{PREFIX}/activity", "llm-hub-activity"),
        }
        medians: dict[str, float] = {}
        for name, (path, view) in targets.items():
            runs = []
            for _ in range(RUNS):
                self.browser.driver.execute_script(GO, f"{PREFIX}/approvals")
                self.browser.wait(lambda: self.text("llm-hub-approvals", "h2"), "approvals")
                runs.append(self.go(path, view))
            medians[name] = statistics.median(runs)
            print(f"TIME {name}: median {medians[name]:.0f} ms of {runs}", flush=True)
        slow = {name: ms for name, ms in medians.items() if ms >= 1000}
        if slow:
            raise CheckError(f"slower than 1 s: {slow}")
        return ", ".join(f"{name} {ms:.0f} ms" for name, ms in medians.items())
