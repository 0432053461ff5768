"""Open the LLM Hub panel in headless Chromium: check, screenshot and time each view.

Run by ``script/panel-check`` on the host (Debian's ``chromium`` and ``chromium-driver``),
after ``panel_prepare.py`` wrote the JSON file it reads. Checks, each printed PASS or FAIL:
the test bench, loaded at its URL, fills the light counter through Home Assistant's ``ha-form``
and its text selector and shows ``1`` after the kitchen lights were turned
on; Activity shows new calls without a reload; the Hubs view lists the hubs; the Kitchen hub
view shows the example tool with its badges and what each provider gets; the Approvals view,
loaded at the URL notifications link to, says that nothing waits, then lists without a reload
two calls of ``HassTurnOn`` that wait for approval (made as the user Alex through
``llm_hub/tool/call``); Deny and Approve decide them, and the approved call, made again with
the approval id, turns the porch lights on. Screenshots
(1280x800, light and dark theme) go to ``--images`` as ``panel-<view>-<light|dark>.png``.
Times, with the Bulk hub's 1,000 tools, are the views' own ``data-render-ms`` (from showing
the view to its data painted, websocket round trip included); each must be under 1 s.
Usage: python script/panel_browser.py --prepared FILE --images DIR
"""

import argparse
import json
from pathlib import Path
import statistics
import sys
import time
from typing import Any
from urllib import request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

WIDTH, HEIGHT = 1280, 800
TIMEOUT = 30.0
COUNT_TOOL = "llm_hub_example__count_lights_on"
PORCH = ("light.porch_lights", "Porch lights")
KITCHEN = ("light.kitchen_lights", "Kitchen lights")
RUNS = 3
"""How often each view is timed (the median is reported)."""

LAUNCH_SCREEN = "ha-launch-screen"
"""The frontend's "Loading…" screen, removed (after fading) once it has loaded."""
FIND_PANEL = """
const find = (root) => {
  const hit = root.querySelector("llm-hub-panel");
  if (hit) return hit;
  for (const el of root.querySelectorAll("*")) {
    if (el.shadowRoot) { const found = find(el.shadowRoot); if (found) return found; }
  }
  return null;
};
window.__panel = window.__panel && window.__panel.isConnected ? window.__panel : find(document);
return Boolean(window.__panel);
"""
GO = """
history.pushState(null, "", arguments[0]);
window.dispatchEvent(new CustomEvent("location-changed", {detail: {replace: false}}));
"""
VIEW = "return window.__panel.shadowRoot.querySelector(arguments[0]);"
RENDER_MS = """
const view = window.__panel.shadowRoot.querySelector(arguments[0]);
return view && view.dataset.renderMs !== undefined ? Number(view.dataset.renderMs) : null;
"""
SELECTOR_INPUT = """
const form = arguments[0].shadowRoot.querySelector("llm-hub-schema-form");
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
IN_VIEW = """
const view = window.__panel.shadowRoot.querySelector(arguments[0]);
const el = view && view.shadowRoot.querySelector(arguments[1]);
return el ? el.textContent : null;
"""


class CheckError(Exception):
    """A check failed."""


class Browser:
    """Headless Chromium on Home Assistant's frontend, logged in with the prepared tokens."""

    def __init__(self, prepared: dict[str, Any], images: Path) -> None:
        """Start Chromium."""
        self.prepared = prepared
        self.base = prepared["base_url"]
        self.images = images
        options = Options()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
            options.add_argument(argument)
        options.add_argument(f"--window-size={WIDTH},{HEIGHT}")
        self.driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False},
        )

    def open(self, path: str, *, dark: bool) -> None:
        """Load the frontend at ``path`` logged in, in the light or dark default theme."""
        self.driver.get(self.base + "/robots.txt")  # same origin, to write localStorage
        self.driver.execute_script(
            "localStorage.setItem('hassTokens', arguments[0]);"
            "localStorage.setItem('selectedTheme', arguments[1]);"
            "localStorage.setItem('dockedSidebar', '\"docked\"');",
            json.dumps(self.prepared["tokens"]),
            json.dumps({"theme": "default", "dark": dark}),
        )
        self.driver.get(self.base + path)
        self.wait(lambda: self.driver.execute_script(FIND_PANEL), "the panel to load")
        self.wait(
            lambda: self.driver.execute_script(
                "return !document.getElementById(arguments[0])", LAUNCH_SCREEN
            ),
            "the frontend's launch screen to fade out",
        )

    def wait(self, condition: Any, what: str, timeout: float = TIMEOUT) -> Any:
        """Poll ``condition()`` until it returns something true; return that."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if result := condition():
                return result
            time.sleep(0.05)
        raise CheckError(f"timed out waiting for {what}")

    def go(self, path: str, view: str) -> float:
        """Show ``path`` inside the panel; return the view's render time in ms."""
        self.driver.execute_script(GO, path)
        return float(
            self.wait(
                lambda: self.driver.execute_script(RENDER_MS, view), f"{view} to render {path}"
            )
        )

    def text(self, view: str, selector: str) -> str | None:
        """Return the text of ``selector`` inside ``view``'s shadow root, or None."""
        result = self.driver.execute_script(IN_VIEW, view, selector)
        return None if result is None else str(result)

    def run_js(self, view: str, script: str, *args: Any) -> Any:
        """Run ``script`` with ``view`` (the element) as ``arguments[0]``."""
        element = self.driver.execute_script(VIEW, view)
        return self.driver.execute_script(script, element, *args)

    def call_tool(
        self, api_id: str, tool: str, args: dict[str, Any], user_id: str | None = None
    ) -> Any:
        """Call a tool through the panel's own connection (llm_hub/tool/call), as ``user_id``.

        Returns the result, or the error (``{"code", "message"}``).
        """
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.__panel.hass.callWS({type: 'llm_hub/tool/call', api_id: arguments[0],"
            " tool_name: arguments[1], tool_args: arguments[2],"
            " ...(arguments[3] ? {user_id: arguments[3]} : {})}).then(done, (e) => done(e));",
            api_id,
            tool,
            args,
            user_id,
        )

    def shot(self, name: str, dark: bool) -> Path:
        """Save a screenshot of the window."""
        path = self.images / f"panel-{name}-{'dark' if dark else 'light'}.png"
        self.driver.save_screenshot(str(path))
        return path

    def rest(self, path: str, data: dict[str, Any] | None = None) -> Any:
        """GET ``path`` (or POST ``data`` to it) over REST; return the decoded answer."""
        req = request.Request(
            self.base + path,
            data=None if data is None else json.dumps(data).encode(),
            headers={
                "Authorization": f"Bearer {self.prepared['tokens']['access_token']}",
                "Content-Type": "application/json",
            },
            method="GET" if data is None else "POST",
        )
        with request.urlopen(req, timeout=TIMEOUT) as response:
            return json.loads(response.read() or b"null")

    def service(self, domain: str, service: str, data: dict[str, Any]) -> None:
        """Call a Home Assistant action over REST."""
        self.rest(f"/api/services/{domain}/{service}", data)

    def state(self, entity_id: str) -> str:
        """Return the state of an entity, read over REST."""
        return str(self.rest(f"/api/states/{entity_id}")["state"])


def check(name: str, failures: list[str], func: Any) -> None:
    """Run one check; print PASS or FAIL."""
    try:
        detail = func()
    except Exception as err:  # every failure is reported, the others go on
        failures.append(name)
        print(f"FAIL {name}: {err}", flush=True)
    else:
        print(f"PASS {name}: {detail}", flush=True)


def views(browser: Browser, *, dark: bool, failures: list[str]) -> None:
    """Show each view (checks in the light theme), screenshot it."""
    kitchen = browser.prepared["kitchen"]
    prefix = "/llm_hub"
    browser.open(f"{prefix}/approvals", dark=dark)

    def hubs() -> str:
        ms = browser.go(f"{prefix}/hubs", "llm-hub-hubs")
        names = browser.text("llm-hub-hubs", "tbody")
        if not names or "Kitchen" not in names or "Bulk" not in names:
            raise CheckError(f"hubs view lists {names!r}")
        browser.shot("hubs", dark)
        return f"Kitchen and Bulk listed ({ms:.0f} ms)"

    def hub() -> str:
        ms = browser.go(f"{prefix}/hub/{kitchen}", "llm-hub-view")
        row = f'tr[data-tool="{COUNT_TOOL}"]'
        badges = browser.text("llm-hub-view", row)
        if not badges or "read-only" not in badges:
            raise CheckError(f"{COUNT_TOOL} row: {badges!r}")
        browser.shot("hub", dark)
        browser.run_js(
            "llm-hub-view",
            "arguments[0].shadowRoot.querySelector('.tools-card').scrollIntoView({block: 'start'})",
        )
        browser.shot("hub-tools", dark)
        browser.run_js("llm-hub-view", f"arguments[0].shadowRoot.querySelector('{row}').click()")
        browser.wait(
            lambda: browser.text("llm-hub-view", '[data-provider="mcp"] pre'),
            "the providers of the tool",
        )
        browser.run_js(
            "llm-hub-view",
            f"arguments[0].shadowRoot.querySelector('{row}').scrollIntoView({{block: 'start'}})",
        )
        browser.shot("hub-tool", dark)
        browser.driver.execute_script("window.scrollTo(0, 0)")
        return f"{COUNT_TOOL} with its badges and providers ({ms:.0f} ms)"

    def bench() -> str:
        browser.service("light", "turn_on", {"entity_id": "light.kitchen_lights"})
        # A fresh page load: the panel gets ha-form defined itself (ha-form-loader.ts).
        browser.open(f"{prefix}/bench?api={kitchen}&tool={COUNT_TOOL}", dark=dark)
        ms = browser.wait(
            lambda: browser.driver.execute_script(RENDER_MS, "llm-hub-bench"), "the bench"
        )
        # The form is Home Assistant's ha-form: name_contains through its text selector.
        form, form_ms, selector, field = browser.wait(
            lambda: browser.run_js("llm-hub-bench", SELECTOR_INPUT, "name_contains"),
            "the bench's form",
        )
        if form != "ha-form":
            raise CheckError(f"the bench shows plain inputs: ha-form not defined ({form_ms})")
        field.send_keys("Kitchen")
        time.sleep(0.3)  # the selector's value-changed, then Lit's update
        browser.run_js(
            "llm-hub-bench", "arguments[0].shadowRoot.querySelector('button.run').click()"
        )
        data = browser.wait(
            lambda: browser.text("llm-hub-bench", ".result pre.data"), "the bench's result"
        )
        if '"count": 1' not in data or "Kitchen lights" not in data:
            raise CheckError(f"the bench's result: {data}")
        browser.shot("bench", dark)
        return (
            f"count 1 after turning the kitchen lights on, name_contains typed into"
            f" <{selector}> ({ms:.0f} ms; ha-form ready after {form_ms})"
        )

    def activity() -> str:
        ms = browser.go(f"{prefix}/activity", "llm-hub-activity")
        rows = "return arguments[0].shadowRoot.querySelectorAll('tbody tr').length"
        before = browser.run_js("llm-hub-activity", rows)
        browser.call_tool(kitchen, COUNT_TOOL, {"name_contains": "Kitchen"})
        browser.call_tool(kitchen, COUNT_TOOL, {"room": "hall"})  # refused: no such argument
        after = browser.wait(
            lambda: (n := browser.run_js("llm-hub-activity", rows)) > before + 1 and n,
            "the new call in Activity",
        )
        browser.shot("activity", dark)
        return f"{before} -> {after} rows without a reload ({ms:.0f} ms)"

    def approvals() -> str:
        alex, turn_on = browser.prepared["alex"], browser.prepared["turn_on"]
        browser.service("light", "turn_off", {"entity_id": PORCH[0]})
        # A full load of the URL the notifications link to opens the Approvals view.
        browser.open(f"{prefix}/approvals", dark=dark)
        ms = browser.wait(
            lambda: browser.driver.execute_script(RENDER_MS, "llm-hub-approvals"),
            "the approvals view",
        )
        empty = browser.text("llm-hub-approvals", "p.empty")
        if not dark and not (empty and "No tool call waits for approval" in empty):
            raise CheckError(f"no approvals yet, but the view shows {empty!r}")
        ids = []
        for name in (KITCHEN[1], PORCH[1]):
            asked = browser.call_tool(kitchen, turn_on, {"name": name}, alex)
            token = ((asked.get("result") or {}).get("data") or {}).get("confirmation_token")
            if asked.get("outcome") != "needs_confirmation" or not token:
                raise CheckError(f"{turn_on} as Alex: expected an approval id, got {asked}")
            ids.append(token)
        denied, approved = ids
        row = '[data-approval="{}"]'.format

        def status(approval_id: str, wanted: str) -> str:
            """Wait until the approval's row has status ``wanted``; return its text."""
            return str(
                browser.wait(
                    lambda: browser.run_js(
                        "llm-hub-approvals",
                        "const row = arguments[0].shadowRoot.querySelector(arguments[1]);"
                        "return row && row.dataset.status === arguments[2] && row.textContent;",
                        row(approval_id),
                        wanted,
                    ),
                    f"approval {approval_id} {wanted}",
                )
            )

        for approval_id, name in zip(ids, (KITCHEN[1], PORCH[1]), strict=True):
            text = " ".join(status(approval_id, "pending").split())
            if not all(part in text for part in (turn_on, "Kitchen", "Alex", name)):
                raise CheckError(f"pending approval {approval_id}: {text!r}")
        click = "arguments[0].shadowRoot.querySelector(arguments[1]).click()"
        browser.run_js("llm-hub-approvals", click, f"{row(denied)} button.deny")
        text = " ".join(status(denied, "denied").split())
        if "Denied by Demo (you)" not in text:
            raise CheckError(f"denied approval: {text!r}")
        browser.shot("approvals", dark)
        browser.run_js("llm-hub-approvals", click, f"{row(approved)} button.approve")
        if "Call within" not in status(approved, "approved"):
            raise CheckError("an approved call shows no time left to call")
        if (porch := browser.state(PORCH[0])) != "off":
            raise CheckError(f"{PORCH[0]} is {porch} before the approved call")
        ran = browser.call_tool(
            kitchen, turn_on, {"name": PORCH[1], "confirmation_token": approved}, alex
        )
        if ran.get("outcome") != "ok":
            raise CheckError(f"the approved call: {ran}")
        browser.wait(lambda: browser.state(PORCH[0]) == "on", f"{PORCH[0]} on")
        status(approved, "used")
        browser.service("light", "turn_off", {"entity_id": PORCH[0]})  # as the bench expects
        return (
            f"{'' if dark else 'empty, then '}listed live as Alex's, Deny -> denied, "
            f"Approve -> the next call turned {PORCH[0]} on ({ms:.0f} ms)"
        )

    theme = "dark" if dark else "light"
    for name, func in (("bench", bench), ("activity", activity), ("hubs", hubs), ("hub", hub)):
        check(f"{name} ({theme})", failures, func)
    check(f"approvals ({theme})", failures, approvals)


def timings(browser: Browser) -> dict[str, float]:
    """Time each view with the Bulk hub's 1,000 tools (and 500 calls in Activity).

    The calls go through the small Kitchen hub: each call builds its hub anew.
    """
    bulk = browser.prepared["bulk"]
    prefix = "/llm_hub"
    browser.open(f"{prefix}/approvals", dark=False)
    browser.driver.set_script_timeout(120)
    made = browser.driver.execute_async_script(
        "const [api, done] = [arguments[0], arguments[arguments.length - 1]];"
        "(async () => { for (let n = 1; n <= 500; n++) {"
        " await window.__panel.hass.callWS({type: 'llm_hub/tool/call', api_id: api,"
        f" tool_name: '{COUNT_TOOL}', tool_args: {{}}}}); }} return 500; }})()"
        ".then(done, (e) => done(String(e)));",
        browser.prepared["kitchen"],
    )
    if made != 500:
        raise CheckError(f"calls for Activity: {made}")
    targets = {
        "hubs": (f"{prefix}/hubs", "llm-hub-hubs"),
        "hub (1,000 tools)": (f"{prefix}/hub/{bulk}", "llm-hub-view"),
        "bench (1,000 tools)": (f"{prefix}/bench?api={bulk}", "llm-hub-bench"),
        "activity (500 calls)": (f"{prefix}/activity", "llm-hub-activity"),
    }
    result: dict[str, float] = {}
    for name, (path, view) in targets.items():
        runs = []
        for _ in range(RUNS):
            browser.driver.execute_script(GO, f"{prefix}/approvals")
            browser.wait(lambda: browser.text("llm-hub-approvals", "h2"), "approvals")
            runs.append(browser.go(path, view))
        result[name] = statistics.median(runs)
        print(f"TIME {name}: median {result[name]:.0f} ms of {runs}", flush=True)
    return result


def under_a_second(times: dict[str, float]) -> str:
    """Raise unless every view rendered in under 1,000 ms."""
    slow = {name: ms for name, ms in times.items() if ms >= 1000}
    if slow:
        raise CheckError(f"slower than 1 s: {slow}")
    return ", ".join(f"{name} {ms:.0f} ms" for name, ms in times.items())


def main() -> int:
    """Run the checks, screenshots and timings; return 1 if a check failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prepared", required=True, type=Path)
    parser.add_argument("--images", required=True, type=Path)
    args = parser.parse_args()
    prepared = json.loads(args.prepared.read_text(encoding="utf-8"))
    args.images.mkdir(parents=True, exist_ok=True)
    failures: list[str] = []
    browser = Browser(prepared, args.images)
    try:
        for dark in (False, True):
            views(browser, dark=dark, failures=failures)
        check("each view under 1 s", failures, lambda: under_a_second(timings(browser)))
    finally:
        browser.driver.quit()
    if failures:
        print(f"{len(failures)} checks failed: {', '.join(failures)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
