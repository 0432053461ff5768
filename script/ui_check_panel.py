"""The browser check's panel part: the LLM Hub panel's views, checked, saved and timed.

Run by ``ui_check.py`` in the same browser session, after the hub screens (the owner logged
in, hub Kitchen configured, an Ollama agent's turn recorded). The
Home Assistant runs the browser check's config: the dev config plus ``llm_hub_bulk``
(``script/ui_check/llm_hub_bulk``: 1,000 generated tools for the hub "Bulk"). In the light and
the dark theme: the sidebar's LLM Hub opens the panel; the test bench runs the light counter
and shows ``1`` after the kitchen lights were turned on; Activity shows new calls without a
reload; the Hubs view lists the hubs with their tool mode (Bulk switched to search mode); the
Kitchen hub view shows the example tool with its badges and what each provider gets; Bulk's
shows its mode, its listed and reachable tools, the meta-tools first (then back to all).
Screenshots go to the check's folder as ``panel-<view>-<light|dark>.png``. Times, with the
Bulk hub's 1,000 tools and 500 calls, are the views' own ``data-render-ms`` (from showing the
view to its data painted, websocket round trip included): medians of 3; each under 1 s.
"""

from __future__ import annotations

from collections.abc import Callable
import statistics
import time
from typing import Any

from ha_browser import USER, Browser, CheckError, HomeAssistantRest

__all__ = ["PanelCheck"]

PREFIX = "/llm_hub"
COUNT_TOOL = "llm_hub_example__count_lights_on"
RUNS = 3
"""How often each view is timed (the median is reported)."""
CALLS = 500
"""Calls made for the timing of Activity."""
TURN_ON = "turn_on"
"""Kitchen's name for HassTurnOn (the alias the options step gave it); it needs confirming."""
PORCH = ("light.porch_lights", "Porch lights")
KITCHEN = ("light.kitchen_lights", "Kitchen lights")
LAUNCH_SCREEN = "ha-launch-screen"
"""The frontend's "Loading…" screen, removed (after fading) once it has loaded."""

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
const [panel, api, tool, args, user, times, done] = arguments;
(async () => {
  let result = null;
  for (let n = 0; n < times; n++) {
    result = await panel.hass.callWS({type: 'llm_hub/tool/call', api_id: api, tool_name: tool,
                                      tool_args: args, ...(user ? {user_id: user} : {})});
  }
  return times === 1 ? result : times;
})().then(done, (e) => done(e && e.message ? {code: e.code, message: e.message} : String(e)));
"""
SELECTOR_INPUT = """
const view = arguments[0].shadowRoot.querySelector("llm-hub-bench");
const form = view && view.shadowRoot.querySelector("llm-hub-schema-form");
if (!form || !form.dataset.form) return null;
const how = `${form.dataset.formMs} ms, defined ${form.dataset.formLoaded}`;
if (form.dataset.form !== "ha-form") return [form.dataset.form, how, null, null];
const selector = form.shadowRoot.querySelector("ha-form")?.shadowRoot
  ?.querySelector(`ha-selector[name="${arguments[1]}"], ha-selector`);
const deep = (root) => {
  for (const el of root.querySelectorAll("*")) {
    if (el.localName === "input" || el.localName === "textarea") return el;
    const found = el.shadowRoot && deep(el.shadowRoot);
    if (found) return found;
  }
  return null;
};
const type = selector && selector.shadowRoot?.firstElementChild?.localName;
const input = selector && selector.shadowRoot && deep(selector.shadowRoot);
return input ? ["ha-form", how, type, input] : null;
"""
APPROVAL_STATUS = """
const view = arguments[0].shadowRoot.querySelector("llm-hub-approvals");
const row = view && view.shadowRoot.querySelector(arguments[1]);
return row && row.dataset.status === arguments[2] && row.textContent;
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
        self.alex: str | None = None

    def api_id(self, title: str) -> str:
        """Return the LLM API id of the hub entry ``title``."""
        return self.rest.api_id(title)

    def open(self, *, dark: bool) -> None:
        """Pick the light or dark default theme; open the panel from the sidebar.

        The theme goes through the frontend's own ``settheme`` event (what the profile page's
        theme picker fires), which also stores it for the next page load.
        """
        browser = self.browser
        browser.driver.execute_script(
            "document.querySelector('home-assistant').dispatchEvent(new CustomEvent("
            "'settheme', {detail: {theme: 'default', dark: arguments[0]}}));",
            dark,
        )
        browser.click_on("ha-list-item-button", "LLM Hub", exact=True)
        self.panel = browser.find("llm-hub-panel")

    def load(self, path: str, view: str) -> float:
        """Load ``path`` afresh (a bookmark, a notification's link); return its render time.

        The login was not kept (no "Keep me logged in"): the login page comes first, and
        leads to ``path`` once logged in again.
        """
        browser = self.browser
        browser.driver.get(self.rest.base_url + path)
        arrived = browser.wait(
            lambda: browser.find_all("llm-hub-panel") or browser.find_all("input[name=username]"),
            "the panel or the login page",
        )
        if arrived[-1].tag_name == "input":
            browser.type_into("input[name=username]", USER["username"])
            browser.type_into("input[name=password]", USER["password"])
            browser.click_on("ha-button", "Log in")
        self.panel = browser.find("llm-hub-panel")
        browser.wait(
            lambda: browser.driver.execute_script(
                "return !document.getElementById(arguments[0])", LAUNCH_SCREEN
            ),
            "the frontend's launch screen gone",
        )
        return float(
            browser.wait(
                lambda: browser.driver.execute_script(RENDER_MS, self.panel, view),
                f"{view} rendering {path}",
            )
        )

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

    def call_tool(
        self,
        api_id: str,
        tool: str,
        args: dict[str, Any],
        user_id: str | None = None,
        times: int = 1,
    ) -> Any:
        """Call a tool through the panel's own connection (llm_hub/tool/call), as ``user_id``.

        Returns the result (the last of ``times`` calls: their number), or the error
        (``{"code", "message"}``).
        """
        return self.browser.driver.execute_async_script(
            CALL_TOOL, self.panel, api_id, tool, args, user_id, times
        )

    def call_ws(self, message: dict[str, Any]) -> Any:
        """Send a websocket command through the frontend's connection (as the owner)."""
        return self.browser.call_ws(message)

    def tool_mode(self, api_id: str, mode: str) -> None:
        """Set a hub's tool mode through its options flow (REST, as the owner); wait for it."""
        entry_id = api_id.removeprefix("llm_hub-")
        flows = "/api/config/config_entries/options/flow"
        flow = self.rest.request("POST", flows, {"handler": entry_id})
        for step in ({"next_step_id": "search"}, {"tool_mode": mode}, {"next_step_id": "save"}):
            flow = self.rest.request("POST", f"{flows}/{flow['flow_id']}", step)
        if flow.get("type") != "create_entry":
            raise CheckError(f"the options flow of {api_id} ended {flow}")

        def switched() -> bool:
            try:
                described = self.call_ws({"type": "llm_hub/api/describe", "api_id": api_id})
            except CheckError:  # not registered while it reloads
                return False
            return bool(described["search"]["mode"] == mode)

        self.browser.wait(switched, f"{api_id} in tool mode {mode}")

    def views(self, *, dark: bool) -> str:
        """Show each view in one theme; check (light theme) and save it."""
        browser = self.browser
        theme = "dark" if dark else "light"
        self.kitchen, self.bulk = self.api_id("Kitchen"), self.api_id("Bulk")
        self.open(dark=dark)
        done: list[str] = []

        self.rest.request("POST", "/api/services/light/turn_on", {"entity_id": KITCHEN[0]})
        # A fresh page load: the panel gets ha-form defined itself (ha-form-loader.ts).
        ms = self.load(f"{PREFIX}/bench?api={self.kitchen}&tool={COUNT_TOOL}", "llm-hub-bench")
        # The form is Home Assistant's ha-form: name_contains through its text selector.
        form, form_ms, selector, field = browser.wait(
            lambda: browser.driver.execute_script(SELECTOR_INPUT, self.panel, "name_contains"),
            "the bench's form",
        )
        if form != "ha-form":
            raise CheckError(f"the bench shows plain inputs: ha-form not defined ({form_ms})")
        field.send_keys("Kitchen")
        time.sleep(0.3)  # the selector's value-changed, then Lit's update
        self.run_js("llm-hub-bench", "view.shadowRoot.querySelector('button.run').click()")
        data = browser.wait(
            lambda: self.text("llm-hub-bench", ".result pre.data") or "", "the bench's result"
        )
        if '"count": 1' not in data or KITCHEN[1] not in data:
            raise CheckError(f"the bench's result: {data}")
        browser.screen(f"panel-bench-{theme}")
        done.append(f"bench: count 1, name_contains typed into <{selector}> ({ms:.0f} ms)")

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

        self.tool_mode(self.bulk, "search")
        ms = self.go(f"{PREFIX}/hubs", "llm-hub-hubs")
        names = self.text("llm-hub-hubs", "tbody") or ""
        if "Kitchen" not in names or "Bulk" not in names:
            raise CheckError(f"the Hubs view lists {names!r}")
        modes = {
            api: self.text("llm-hub-hubs", f'tr[data-api="{api}"] td.mode')
            for api in (self.kitchen, self.bulk)
        }
        if modes != {self.kitchen: "All tools", self.bulk: "Search"}:
            raise CheckError(f"the Hubs view's tool modes: {modes}")
        browser.screen(f"panel-hubs-{theme}")
        done.append(f"hubs: Kitchen (all tools) and Bulk (search) ({ms:.0f} ms)")

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

        search = self.call_ws({"type": "llm_hub/api/describe", "api_id": self.bulk})["search"]
        listed, reachable = f"{search['listed']:,}", f"{search['reachable']:,}"
        ms = self.go(f"{PREFIX}/hub/{self.bulk}", "llm-hub-view")
        mode = " ".join((self.text("llm-hub-view", "p.mode") or "").split())
        figures = " ".join((self.text("llm-hub-view", ".figures") or "").split())
        # The table shows its first rows; "Show all" shows the others.
        self.run_js("llm-hub-view", "view.shadowRoot.querySelector('button.show-all').click()")
        marks = self.run_js(
            "llm-hub-view",
            "return [...view.shadowRoot.querySelectorAll('td.listing')]"
            ".map((td) => td.textContent.trim())",
        )
        meta = len(search["meta_tools"])
        if (
            not mode.startswith(f"Tool mode: Search. The model is handed {listed} tools (search_")
            or f"reaches all {reachable} through search" not in mode
            or f"{listed} tools listed" not in figures
            or f"{reachable} tools reachable" not in figures
            or marks[:meta] != ["listed: tool search"] * meta
            or marks.count("through search") != search["reachable"]
        ):
            raise CheckError(f"Bulk in search mode: {mode!r}, {figures!r}, rows {marks[:4]}")
        browser.screen(f"panel-hub-search-{theme}")
        self.tool_mode(self.bulk, "all")
        done.append(f"hub in search mode: {mode!r} ({ms:.0f} ms)")

        done.append(self.approvals(dark=dark))
        return f"{theme}: " + "; ".join(done)

    def scope(self) -> str:
        """Hub "Kitchen only": its view shows the scope; the bench refuses the porch lights."""
        api_id = self.api_id("Kitchen only")
        self.open(dark=False)
        said = self.scope_section(api_id, "reaches", "panel-hub-scope-light")
        # The kitchen lights switch a helper with no area: flagged as acting outside the scope.
        if (
            "reaches 1 of" not in said
            or "refused: acts outside the scope" not in said
            or "Acts on Kitchen light power, which this scope" not in said
        ):
            raise CheckError(f"the scope section says {said[:300]!r}")
        refusal = self.bench_refusal(api_id, "panel-bench-refused-light")
        if "outside the scope" not in refusal:
            raise CheckError(f"the bench's refusal: {refusal!r}")
        return f"scope section: {said[:80]!r}…; bench: {PORCH[1]} refused, still off"

    def scope_tool(self) -> str:
        """Hub "Kitchen only": its tools, left-out ones shown, give Porch on's reason."""
        api_id = self.api_id("Kitchen only")
        self.open(dark=False)
        self.go(f"{PREFIX}/hub/{api_id}", "llm-hub-view")
        reason = "its actions act on an entity outside the hub's scope"
        row = self.browser.wait(
            lambda: self.run_js(
                "llm-hub-view",
                "const box = view.shadowRoot.querySelector('input[type=checkbox]');"
                "if (box && !box.checked) box.click();"
                "const rows = [...view.shadowRoot.querySelectorAll('tr')];"
                "const row = rows.find((r) => r.textContent.includes('porch_on'));"
                "if (!row) return null; row.click(); row.scrollIntoView({block: 'center'});"
                "return view.shadowRoot.textContent.includes(args[0]) ? row.textContent : null;",
                reason,
            ),
            "Porch on left out with its reason",
        )
        self.browser.screen("panel-hub-scope-left-out")
        self.browser.driver.execute_script("window.scrollTo(0, 0)")
        return f"Kitchen only shows porch_on left out: {' '.join(str(row).split())[:120]!r}"

    def scope_section(
        self, api_id: str, reaches: str, screen: str, show: Callable[[str], None] | None = None
    ) -> str:
        """Open a hub's view, its Scope section and the list it reaches; save ``screen``.

        ``show`` saves and checks the screen (default: ``Browser.screen``). Returns the
        section's text once its first line says ``reaches`` (it has loaded).
        """
        browser = self.browser
        self.go(f"{PREFIX}/hub/{api_id}", "llm-hub-view")
        scope = "view.shadowRoot.querySelector('llm-hub-scope')"
        section = browser.wait(
            lambda: self.run_js(
                "llm-hub-view",
                f"const s = {scope}; const r = s && s.shadowRoot.querySelector('.reaches');"
                "return r && r.textContent.includes(args[0]) ? s.shadowRoot.textContent : null;",
                reaches,
            ),
            "the hub's scope section",
        )
        self.run_js("llm-hub-view", f"{scope}.shadowRoot.querySelector('details').open = true")
        self.run_js("llm-hub-view", f"{scope}.scrollIntoView({{block: 'center'}})")
        (show or browser.screen)(screen)
        browser.driver.execute_script("window.scrollTo(0, 0)")
        return " ".join(str(section).split())

    def bench_refusal(
        self, api_id: str, screen: str, show: Callable[[str], None] | None = None
    ) -> str:
        """Run HassTurnOn on the porch lights on the bench, with a hub whose scope leaves them out.

        Saves ``screen`` with ``show`` (default: ``Browser.screen``) and returns the refusal's
        text; fails unless the porch lights are still off.
        """
        browser = self.browser
        self.go(f"{PREFIX}/bench?api={api_id}&tool=intent__HassTurnOn", "llm-hub-bench")
        form, form_ms, _, field = browser.wait(
            lambda: browser.driver.execute_script(SELECTOR_INPUT, self.panel, "name"),
            "the bench's form",
        )
        if form != "ha-form":
            raise CheckError(f"the bench shows plain inputs: ha-form not defined ({form_ms})")
        field.send_keys(PORCH[1])
        time.sleep(0.3)  # the selector's value-changed, then Lit's update
        self.run_js("llm-hub-bench", "view.shadowRoot.querySelector('button.run').click()")
        refusal = str(
            browser.wait(lambda: self.text("llm-hub-bench", ".refusal-text"), "the bench's refusal")
        )
        if self.rest.request("GET", f"/api/states/{PORCH[0]}")["state"] != "off":
            raise CheckError(f"the bench's refusal {refusal!r}, but {PORCH[0]} is on")
        self.run_js("llm-hub-bench", "view.shadowRoot.querySelector('.result').scrollIntoView()")
        (show or browser.screen)(screen)
        browser.driver.execute_script("window.scrollTo(0, 0)")
        return " ".join(refusal.split())

    def approvals(self, *, dark: bool) -> str:
        """Two calls of a user who is no admin wait in Approvals; Deny one, Approve the other.

        Loaded at the URL notifications link to; the approved call, made again with the
        approval id, turns the porch lights on.
        """
        browser = self.browser
        if self.alex is None:
            made = self.call_ws(
                {"type": "config/auth/create", "name": "Alex", "group_ids": ["system-users"]}
            )
            self.alex = str(made["user"]["id"])
        self.rest.request("POST", "/api/services/light/turn_off", {"entity_id": PORCH[0]})
        ms = self.load(f"{PREFIX}/approvals", "llm-hub-approvals")
        empty = self.text("llm-hub-approvals", "p.empty")
        if not dark and not (empty and "No tool call waits for approval" in empty):
            raise CheckError(f"no approvals yet, but the view shows {empty!r}")
        ids = []
        for name in (KITCHEN[1], PORCH[1]):
            asked = self.call_tool(self.kitchen, TURN_ON, {"name": name}, self.alex)
            token = ((asked.get("result") or {}).get("data") or {}).get("confirmation_token")
            if asked.get("outcome") != "needs_confirmation" or not token:
                raise CheckError(f"{TURN_ON} as Alex: expected an approval id, got {asked}")
            ids.append(str(token))
        denied, approved = ids

        def status(approval_id: str, wanted: str) -> str:
            """Wait until the approval's row has status ``wanted``; return its text."""
            row = f'[data-approval="{approval_id}"]'
            return str(
                browser.wait(
                    lambda: browser.driver.execute_script(APPROVAL_STATUS, self.panel, row, wanted),
                    f"approval {approval_id} {wanted}",
                )
            )

        for approval_id, name in zip(ids, (KITCHEN[1], PORCH[1]), strict=True):
            text = " ".join(status(approval_id, "pending").split())
            if not all(part in text for part in (TURN_ON, "Kitchen", "Alex", name)):
                raise CheckError(f"pending approval {approval_id}: {text!r}")
        click = "view.shadowRoot.querySelector(args[0]).click()"
        self.run_js("llm-hub-approvals", click, f'[data-approval="{denied}"] button.deny')
        text = " ".join(status(denied, "denied").split())
        if "Denied by Demo (you)" not in text:
            raise CheckError(f"denied approval: {text!r}")
        browser.screen(f"panel-approvals-{'dark' if dark else 'light'}")
        self.run_js("llm-hub-approvals", click, f'[data-approval="{approved}"] button.approve')
        if "Call within" not in status(approved, "approved"):
            raise CheckError("an approved call shows no time left to call")
        porch = self.rest.request("GET", f"/api/states/{PORCH[0]}")["state"]
        if porch != "off":
            raise CheckError(f"{PORCH[0]} is {porch} before the approved call")
        arguments = {"name": PORCH[1], "confirmation_token": approved}
        ran = self.call_tool(self.kitchen, TURN_ON, arguments, self.alex)
        if ran.get("outcome") != "ok":
            raise CheckError(f"the approved call: {ran}")
        browser.wait(
            lambda: self.rest.request("GET", f"/api/states/{PORCH[0]}")["state"] == "on",
            f"{PORCH[0]} on",
        )
        status(approved, "used")
        self.rest.request("POST", "/api/services/light/turn_off", {"entity_id": PORCH[0]})
        return (
            f"approvals: {'' if dark else 'empty, then '}Alex's two calls listed live, "
            f"Deny -> denied, Approve -> the next call turned {PORCH[0]} on ({ms:.0f} ms)"
        )

    def timings(self) -> str:
        """Time each view with the Bulk hub's 1,000 tools and 500 calls in Activity.

        The calls go through the small Kitchen hub: each call builds its hub anew. The times
        are reported, not judged (speed is script/bench's to measure): a view over 1 s is
        named in a SLOW line, and only a view that does not render fails.
        """
        self.browser.driver.set_script_timeout(120)
        made = self.call_tool(self.kitchen, COUNT_TOOL, {}, times=CALLS)
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
            print(f"SLOW views (over 1 s, median of {RUNS}): {slow}", flush=True)
        return ", ".join(f"{name} {ms:.0f} ms" for name, ms in medians.items())
