"""The browser check: LLM Hub's screens in a real Home Assistant, clicked through as a person would.

Run by ``script/ui-check`` in its own venv (selenium, on the host's Python: the browser and its
driver are Debian's ``chromium`` and ``chromium-driver``), after it started Home Assistant on a
fresh copy of the dev config. The owner is made over HTTP (onboarding's steps, the entries
onboarding adds removed again: the fixture); everything after that is clicks and typing in
headless Chromium at a fixed window size:

1. log in; the frontend must be ready (no "Loading…") within 30 s;
2. Settings -> Devices & services -> Add integration -> "LLM Hub" -> name "Kitchen" -> Submit;
3. the integration page lists Kitchen; Configure -> each step of the options menu: APIs and
   instructions (tick Assist), Tools (untick Turn off; the menu then counts one tool less),
   Safety (Confirm destructive tools), Tool names and descriptions (Turn on -> ``turn_on``),
   Limits and logging (save as shown);
4. Ollama (Home Assistant's integration, with ``ollama_standin`` as its server): Add integration,
   the server URL, Add conversation agent: the stand-in's model, Kitchen ticked under the LLM
   APIs; then one turn through ``conversation/process`` (REST): the agent must send the
   stand-in Kitchen's tools as the options made them (``turn_on``, no HassTurnOff) and answer;
5. a second hub "Porch" picks Kitchen; Kitchen is deleted; Settings shows the repair
   "Porch picks an LLM API that is missing", whose fix flow is walked to "repaired".

Every screen is saved as a PNG (``--screenshots``) and checked: no raw translation key
(``component.llm_hub.``), no "Unknown error", no HTTP confirmation banner or HTTP YAML repair,
no browser console error naming llm_hub (a brand
image that is missing is only noted while LLM Hub ships none). Each step prints PASS or FAIL;
the first failure stops the run (later steps build on earlier ones). Exit status 0 only when all
passed. Standard library and selenium only, for Python 3.11 and newer.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
import json
from pathlib import Path
import re
import shutil
import sys
import tempfile
import time
from typing import Any
import urllib.error
import urllib.parse
import urllib.request

from ollama_standin import MODEL, ScriptedOllama
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder

WINDOW = (1280, 800)
"""The viewport of every screenshot, in CSS pixels."""
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--lang=en-US",
]
USER = {"name": "Demo", "username": "demo", "password": "llm-hub-demo", "language": "en"}
READY_TIMEOUT = 30.0
"""How long the frontend may show "Loading…" after logging in, in seconds."""
STEP_TIMEOUT = 20.0
"""How long to wait for an element of the next screen, in seconds."""
START_TIMEOUT = 120.0
BAD_TEXT = (
    "component.llm_hub.",
    "Unknown error",
    "Confirm new HTTP server configuration",
    "HTTP YAML configuration",
)
"""Text that must be on no screen: a raw translation key, the frontend's generic error, and
what 2026.10 shows for an ``http:`` block in configuration.yaml (the dev config has none)."""
ONBOARDING_DOMAINS = ("met", "radio_browser", "google_translate", "shopping_list")
"""Entries onboarding's core_config step adds; removed so that screens show LLM Hub's only."""
AGENT = "Scripted agent"
ANSWER = "I counted the lights that are on."

# Walks the DOM through every shadow root. ``text`` is what a person sees: shadow content and
# the nodes slots show (not the light children a shadow root leaves unshown).
_JS_TEXT = """
function deepText(node) {
  let out = [];
  (function walk(n) {
    if (n.nodeType === 3) { out.push(n.data); return; }
    if (n.nodeType !== 1 && n.nodeType !== 11 && n.nodeType !== 9) return;
    if (n.nodeType === 1 && ['STYLE', 'SCRIPT', 'TEMPLATE'].includes(n.tagName)) return;
    if (n.nodeType === 1 && n.tagName === 'SLOT') {
      const assigned = n.assignedNodes({flatten: true});
      for (const c of (assigned.length ? assigned : n.childNodes)) walk(c);
      return;
    }
    if (n.shadowRoot) { walk(n.shadowRoot); return; }
    for (const c of n.childNodes) walk(c);
  })(node);
  return out.join(' ').replace(/\\s+/g, ' ').trim();
}
"""
JS_FIND = (
    _JS_TEXT
    + """
const [selector, text, exact, label, root] = arguments;
const found = [];
function matches(n) {
  if (!n.matches(selector) || !n.getClientRects().length) return false;
  if (label !== null && (n.label || n.getAttribute('aria-label')) !== label) return false;
  if (text === null) return true;
  const seen = deepText(n);
  return exact ? seen === text : seen.includes(text);
}
(function walk(n) {
  if (n.nodeType === 1) {
    if (matches(n)) found.push(n);
    if (n.shadowRoot) walk(n.shadowRoot);
  }
  for (const c of (n.children || [])) walk(c);
})(root || document.documentElement);
return found;
"""
)
JS_SCREEN_TEXT = _JS_TEXT + "return deepText(document.documentElement);"
JS_CENTER = """
arguments[0].scrollIntoView({block: 'center', inline: 'center'});
const r = arguments[0].getBoundingClientRect();
return [r.x + r.width / 2, r.y + r.height / 2];
"""


class CheckError(Exception):
    """A step of the check failed; the message says what was expected and what was seen."""


class HomeAssistantRest:
    """The few REST calls of the fixture (onboarding), with the standard library."""

    def __init__(self, base_url: str) -> None:
        """Talk to the Home Assistant at ``base_url``."""
        self.base_url = base_url
        self.token: str | None = None

    def request(self, method: str, path: str, body: Any = None, *, form: bool = False) -> Any:
        """Send a request; return the decoded JSON answer (None when empty)."""
        data = None
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        if body is not None:
            data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
            headers["Content-Type"] = (
                "application/x-www-form-urlencoded" if form else "application/json"
            )
        request = urllib.request.Request(
            self.base_url + path, data=data, method=method, headers=headers
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
        return json.loads(text) if text else None

    def wait_until_up(self, ha_pid: int | None) -> float:
        """Wait until ``/api/onboarding`` answers; return the seconds waited."""
        started = time.monotonic()
        while True:
            if ha_pid is not None and not Path(f"/proc/{ha_pid}").exists():
                raise CheckError("Home Assistant exited while starting")
            try:
                self.request("GET", "/api/onboarding")
            except OSError:  # urllib.error.URLError is one
                if time.monotonic() - started > START_TIMEOUT:
                    raise CheckError(f"no answer within {START_TIMEOUT:.0f} s") from None
                time.sleep(0.25)
            else:
                return time.monotonic() - started

    def onboard(self) -> list[str]:
        """Make the owner, finish onboarding, remove the entries it added; return their domains."""
        client_id = self.base_url + "/"
        made = self.request("POST", "/api/onboarding/users", {"client_id": client_id, **USER})
        tokens = self.request(
            "POST",
            "/auth/token",
            {"grant_type": "authorization_code", "code": made["auth_code"], "client_id": client_id},
            form=True,
        )
        self.token = tokens["access_token"]
        self.request("POST", "/api/onboarding/core_config", {})
        self.request("POST", "/api/onboarding/analytics", {})
        self.request(
            "POST",
            "/api/onboarding/integration",
            {"client_id": client_id, "redirect_uri": client_id + "?auth_callback=1"},
        )
        # Onboarding makes them in the background: remove each once it is there; stop when
        # all are gone, or nothing new came for 3 s.
        removed: list[str] = []
        last_change = time.monotonic()
        while set(removed) != set(ONBOARDING_DOMAINS) and time.monotonic() - last_change < 3:
            for entry in self.request("GET", "/api/config/config_entries/entry"):
                if entry["domain"] in ONBOARDING_DOMAINS:
                    self.request("DELETE", f"/api/config/config_entries/entry/{entry['entry_id']}")
                    removed.append(entry["domain"])
                    last_change = time.monotonic()
            time.sleep(0.2)
        return removed

    def entity_named(self, prefix: str, name: str) -> str:
        """Wait for the entity whose id starts with ``prefix`` and whose name is ``name``."""
        deadline = time.monotonic() + STEP_TIMEOUT
        while True:
            for state in self.request("GET", "/api/states"):
                entity_id = str(state["entity_id"])
                if (
                    entity_id.startswith(prefix)
                    and state["attributes"].get("friendly_name") == name
                ):
                    return entity_id
            if time.monotonic() > deadline:
                raise CheckError(f"no {prefix}* entity named {name!r}")
            time.sleep(0.2)


class Browser:
    """Headless Chromium driven through selenium: finding through shadow roots, clicks, screens."""

    def __init__(self, screenshots: Path, brand_shipped: bool) -> None:
        """Start Chromium with a fresh profile; screenshots go to ``screenshots``."""
        self.profile = tempfile.TemporaryDirectory(prefix="llm-hub-ui-check-")
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for flag in [*CHROMIUM_FLAGS, f"--user-data-dir={self.profile.name}"]:
            options.add_argument(flag)
        options.add_argument(f"--window-size={WINDOW[0]},{WINDOW[1]}")
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(
            options=options, service=Service(shutil.which("chromedriver"))
        )
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": WINDOW[0], "height": WINDOW[1], "deviceScaleFactor": 1, "mobile": False},
        )
        self.screenshots = screenshots
        self.brand_shipped = brand_shipped
        self.saved: list[str] = []
        self.notes: set[str] = set()
        self.console_errors = 0

    def close(self) -> None:
        """Quit Chromium and remove its profile."""
        try:
            self.driver.quit()
        finally:
            self.profile.cleanup()

    def find_all(
        self,
        selector: str,
        text: str | None = None,
        *,
        exact: bool = False,
        label: str | None = None,
        root: Any = None,
    ) -> list[Any]:
        """Return the shown elements matching ``selector`` (and text or label), outer first."""
        found: list[Any] = self.driver.execute_script(JS_FIND, selector, text, exact, label, root)
        return found

    def find(
        self, selector: str, text: str | None = None, timeout: float = STEP_TIMEOUT, **query: Any
    ) -> Any:
        """Wait for an element as ``find_all`` finds it (keywords in ``query``); return the last."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.find_all(selector, text, **query)
            if found:
                return found[-1]
            if time.monotonic() > deadline:
                what = selector + (f" reading {text!r}" if text else "")
                what += f" with {query}" if query else ""
                raise CheckError(f"no {what} within {timeout:.0f} s; screen: {self.text()[-600:]}")
            time.sleep(0.2)

    def click(self, element: Any) -> None:
        """Click the middle of ``element`` with the mouse, as a person would.

        Waits until the element stays put (menus and dialogs slide in) for up to a second.
        """
        x, y = self.driver.execute_script(JS_CENTER, element)
        for _ in range(10):
            time.sleep(0.1)
            now = self.driver.execute_script(JS_CENTER, element)
            if now == [x, y]:
                break
            x, y = now
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(x), int(y)).click()
        actions.perform()

    def click_on(self, selector: str, text: str | None = None, **kwargs: Any) -> None:
        """Wait for an element (see ``find``) and click it."""
        self.click(self.find(selector, text, **kwargs))

    def switch(self, label: str) -> None:
        """Flip the switch ``label`` (its aria-label up to 2026.10, its own text from 2026.11)."""
        deadline = time.monotonic() + STEP_TIMEOUT
        while not (
            found := self.find_all("ha-switch", label=label) or self.find_all("ha-switch", label)
        ):
            if time.monotonic() > deadline:
                raise CheckError(f"no switch {label!r}; screen: {self.text()[-600:]}")
            time.sleep(0.2)
        self.click(self.find("input[role=switch]", root=found[-1]))

    def type_into(self, selector: str, text: str) -> None:
        """Type ``text`` into the input ``selector`` (e.g. ``input[name=name]``)."""
        self.find(selector).send_keys(text)

    def text(self) -> str:
        """Return all text the page shows, through shadow roots."""
        text: str = self.driver.execute_script(JS_SCREEN_TEXT)
        return text

    def wait_text(self, text: str, timeout: float = STEP_TIMEOUT) -> str:
        """Wait until the page shows ``text``; return the page's text."""
        deadline = time.monotonic() + timeout
        while text not in (seen := self.text()):
            if time.monotonic() > deadline:
                raise CheckError(
                    f"{text!r} not shown within {timeout:.0f} s; screen: {seen[-600:]}"
                )
            time.sleep(0.2)
        return seen

    def screen(self, name: str, save: bool = True) -> None:
        """Check the screen (no bad text, no console error from LLM Hub); save it as NAME.png."""
        if save:
            time.sleep(0.4)  # let transitions (dialogs fading in, ripples) end before the picture
            self.driver.save_screenshot(str(self.screenshots / f"{name}.png"))
            self.saved.append(name)
        seen = self.text()
        for bad in BAD_TEXT:
            if bad in seen:
                start = max(seen.index(bad) - 200, 0)
                raise CheckError(f"screen {name} shows {bad!r}: …{seen[start : start + 400]}…")
        self.check_console(name)

    def check_console(self, name: str) -> None:
        """Raise for a browser console error that names llm_hub since the last look."""
        for entry in self.driver.get_log("browser"):
            if entry["level"] != "SEVERE":
                continue
            self.console_errors += 1
            message = str(entry["message"])
            if "llm_hub" not in message:
                continue
            if re.search(r"/api/brands/integration/llm_hub[^ ]*/icon", message) and not (
                self.brand_shipped
            ):
                self.notes.add("LLM Hub ships no brand images yet: its icon is blank (404)")
                continue
            raise CheckError(f"browser console error on screen {name}: {message[:400]}")


class UiCheck:
    """The scenario, step by step; each step is a method that returns a one-line summary."""

    def __init__(self, browser: Browser, rest: HomeAssistantRest, version: str) -> None:
        """Drive ``browser`` against the Home Assistant behind ``rest``."""
        self.browser = browser
        self.rest = rest
        self.version = version
        self.ollama: ScriptedOllama | None = None
        self.passed = 0

    def run_step(self, name: str, step: Callable[[], str]) -> None:
        """Run one step; print ``PASS name (s): summary``; let a failure stop the run."""
        started = time.monotonic()
        try:
            summary = step()
        except (CheckError, WebDriverException, OSError) as err:
            self.browser.driver.save_screenshot(str(self.browser.screenshots / "failed.png"))
            message = getattr(err, "msg", None) or str(err)
            print(f"FAIL {name} ({time.monotonic() - started:.1f} s): {message}", flush=True)
            raise
        self.passed += 1
        print(f"PASS {name} ({time.monotonic() - started:.1f} s): {summary}", flush=True)

    # --- helpers of the integration page ------------------------------------------------------

    def entry_row(self, title: str) -> Any:
        """Return the row of the config entry ``title`` on an integration page."""
        return self.browser.find("ha-config-entry-row", title)

    def open_options_step(self, hub: str, step_title: str, menu_screen: str = "") -> str:
        """Click the hub's Configure, then ``step_title`` in the menu; return the menu's text."""
        browser = self.browser
        browser.click(browser.find("ha-icon-button", label="Configure", root=self.entry_row(hub)))
        menu = browser.wait_text("LLM Hub options")
        if menu_screen:
            browser.screen(menu_screen)
        browser.click_on("*", step_title, exact=True)
        browser.wait_text("Submit")
        return menu

    def submit_options(self, screen: str = "") -> None:
        """Submit an options form; the flow must say the options were saved."""
        self.browser.click_on("ha-button", "Submit")
        self.browser.wait_text("Options successfully saved.")
        self.browser.screen(screen or "options-saved", save=bool(screen))
        self.browser.click_on("ha-button", "Finish")

    # --- the steps -------------------------------------------------------------------------

    def login(self) -> str:
        """Open Home Assistant, log in on its login page, wait for the frontend."""
        browser = self.browser
        browser.driver.get(self.rest.base_url + "/")
        browser.type_into("input[name=username]", USER["username"])
        browser.type_into("input[name=password]", USER["password"])
        browser.screen("01-login")
        browser.click_on("ha-button", "Log in")
        started = time.monotonic()
        while True:
            seen = browser.text()
            ready = browser.find_all("ha-sidebar") and "Loading" not in seen
            if ready:
                break
            if time.monotonic() - started > READY_TIMEOUT:
                raise CheckError(
                    f"the frontend is not ready after {READY_TIMEOUT:.0f} s: {seen[:300]}"
                )
            time.sleep(0.2)
        took = time.monotonic() - started
        browser.screen("02-overview")
        return f"logged in as {USER['username']!r}; frontend ready {took:.1f} s after Log in"

    def add_hub(self, name: str, screens: bool) -> None:
        """Add integration -> LLM Hub -> name it ``name`` -> Submit -> Finish."""
        browser = self.browser
        browser.click_on("ha-button", "Add integration" if screens else "Add service")
        if screens:
            browser.type_into("input[placeholder='Search for a brand name']", "LLM Hub")
            browser.find("*", "LLM Hub", exact=True)
            browser.screen("04-add-integration")
            browser.click_on("*", "LLM Hub", exact=True)
        browser.wait_text("New LLM Hub API")
        browser.type_into("input[name=name]", name)
        if screens:
            browser.screen("05-name-hub")
        browser.click_on("ha-button", "Submit")
        browser.wait_text(f"Created configuration for {name}.")
        if screens:
            browser.screen("06-hub-created")
        browser.click_on("ha-button", "Finish")
        browser.wait_text("Services")
        self.entry_row(name)

    def kitchen(self) -> str:
        """Add hub "Kitchen": Settings -> Devices & services -> Add integration -> LLM Hub."""
        browser = self.browser
        browser.click_on("ha-list-item-button", "Settings")
        browser.click_on("a", "Devices & services")
        browser.find("ha-button", "Add integration")
        browser.screen("03-integrations")
        self.add_hub("Kitchen", screens=True)
        browser.screen("07-integration-page")
        return "config flow from Add integration; the LLM Hub page lists Kitchen"

    def options(self) -> str:
        """Every step of Kitchen's options menu, each saved."""
        browser = self.browser
        self.open_options_step("Kitchen", "APIs and instructions", "08-options-menu")
        browser.click_on("ha-checkbox[value=assist]")
        browser.screen("09-options-apis")
        self.submit_options("10-options-saved")

        before = self.open_options_step("Kitchen", "Tools")
        gathered = tool_counts(before)
        browser.click_on("ha-checkbox[value$=HassTurnOff]")
        browser.screen("11-options-tools")
        self.submit_options()

        after = self.open_options_step("Kitchen", "Safety")
        counts = tool_counts(after)
        if counts[0] != counts[1] - 1:
            raise CheckError(f"after unticking Turn off the menu says {counts}: {after[:300]}")
        browser.switch("Confirm destructive tools")
        browser.screen("12-options-safety")
        self.submit_options()

        self.open_options_step("Kitchen", "Tool names and descriptions")
        browser.click_on("ha-picker-field[aria-label=Tool]")
        browser.click_on("ha-dropdown-item", "(intent__HassTurnOn, from ")
        browser.screen("13-options-pick-tool")
        browser.click_on("ha-button", "Submit")
        browser.wait_text("Name and description of intent__HassTurnOn")
        browser.type_into("input[name=name]", "turn_on")
        browser.screen("14-options-alias")
        self.submit_options()

        self.open_options_step("Kitchen", "Limits and logging")
        browser.screen("15-options-limits")
        self.submit_options()

        return (
            f"menu before: {gathered[0]} of {gathered[1]} tools with Assist; Turn off unticked: "
            f"{counts[0]} of {counts[1]}; Confirm destructive tools on; Turn on named turn_on; "
            "limits saved"
        )

    def ollama_agent(self) -> str:
        """Ollama on the stand-in; an agent that picks Kitchen; one turn over REST."""
        browser = self.browser
        self.ollama = ScriptedOllama(tool_suffix="count_lights_on", arguments={}, answer=ANSWER)
        self.ollama.start()
        browser.click_on("ha-icon-button", label="Back")
        browser.click_on("ha-button", "Add integration")
        browser.type_into("input[placeholder='Search for a brand name']", "Ollama")
        browser.click_on("*", "Ollama", exact=True)
        browser.type_into("input[name=url]", self.ollama.url)
        browser.screen("16-ollama-url")
        browser.click_on("ha-button", "Submit")
        browser.wait_text(f"Created configuration for {self.ollama.url}")
        browser.click_on("ha-button", "Finish")
        browser.click_on("ha-button", "Add conversation agent")
        name = browser.find("input[name=name]")
        name.clear()
        name.send_keys(AGENT)
        browser.click_on("ha-picker-field[aria-label=Model]")
        browser.click_on("*", f"{MODEL} (downloaded)", exact=True)
        browser.click_on("ha-checkbox", "Kitchen")
        browser.screen("17-agent-picks-kitchen")
        browser.click_on("ha-button", "Submit")
        browser.wait_text(f"Created configuration for {AGENT}.")
        browser.click_on("ha-button", "Finish")
        browser.find("*", AGENT, exact=True)
        browser.screen("18-ollama-page")
        agent = self.rest.entity_named("conversation.", AGENT)
        answer = self.rest.request(
            "POST",
            "/api/conversation/process",
            {"text": "How many lights are on?", "agent_id": agent, "language": "en"},
        )
        speech = answer["response"]["speech"]["plain"]["speech"]
        if speech != ANSWER:
            raise CheckError(f"{agent} answered {json.dumps(answer['response'])[:400]}")
        names = [tool["function"]["name"] for tool in self.ollama.requests[0].get("tools") or []]
        if "turn_on" not in names or any(name.endswith("HassTurnOff") for name in names):
            raise CheckError(f"{agent} got tools {names}: expected turn_on and no HassTurnOff")
        return (
            f"{agent} picks Kitchen; a turn over conversation/process: {len(names)} tools "
            f"(turn_on, no HassTurnOff), {len(self.ollama.requests)} chat requests, {speech!r}"
        )

    def porch_repair(self) -> str:
        """Porch picks Kitchen; Kitchen is deleted; the repair's fix flow removes it from Porch."""
        browser = self.browser
        browser.click_on("ha-list-item-button", "Settings")
        browser.click_on("a", "Devices & services")
        browser.click_on("*", "LLM Hub", exact=True)
        self.entry_row("Kitchen")
        self.add_hub("Porch", screens=False)
        self.open_options_step("Porch", "APIs and instructions")
        browser.click_on("ha-checkbox", "Kitchen")
        browser.screen("19-porch-picks-kitchen")
        self.submit_options()
        browser.click(browser.find("ha-icon-button", label="Menu", root=self.entry_row("Kitchen")))
        browser.click(browser.find("ha-dropdown-item", "Delete", root=self.entry_row("Kitchen")))
        browser.wait_text("Delete Kitchen?")
        browser.screen("20-delete-kitchen")
        browser.click(browser.find_all("ha-button", "Delete", exact=True)[-1])
        deadline = time.monotonic() + STEP_TIMEOUT
        while browser.find_all("ha-config-entry-row", "Kitchen"):
            if time.monotonic() > deadline:
                raise CheckError("Kitchen is still listed after Delete")
            time.sleep(0.2)
        browser.click_on("ha-list-item-button", "Settings")
        issue = "Porch picks an LLM API that is missing"
        browser.find("*", issue, exact=True)
        browser.screen("21-repairs")
        browser.click_on("*", issue, exact=True)
        browser.wait_text("Remove Kitchen from Porch")
        browser.screen("22-repair-fix")
        browser.click_on("ha-button", "Submit")
        browser.wait_text("The issue is repaired!")
        browser.screen("23-repair-done")
        browser.click_on("ha-button", "Finish")
        deadline = time.monotonic() + STEP_TIMEOUT
        while browser.find_all("*", issue, exact=True):
            if time.monotonic() > deadline:
                raise CheckError("the repair is still listed after its fix flow")
            time.sleep(0.2)
        return "Porch picks Kitchen; Kitchen deleted; repair shown, fixed, gone"


def tool_counts(menu_text: str) -> tuple[int, int]:
    """Return (given, gathered) from the options menu's "gives models N of the M tools"."""
    found = re.search(r"gives models ([\d,]+) of the ([\d,]+) tools", menu_text)
    if found is None:
        raise CheckError(f"the options menu shows no tool counts: {menu_text[:300]}")
    given, gathered = (int(number.replace(",", "")) for number in found.groups())
    return given, gathered


def main() -> int:
    """Parse the arguments, run the scenario and return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8123")
    parser.add_argument("--ha-version", required=True)
    parser.add_argument("--ha-pid", type=int)
    parser.add_argument("--screenshots", type=Path, required=True, help="folder for the PNGs")
    parser.add_argument("--brand", type=Path, help="LLM Hub's brand folder, if it ships one")
    args = parser.parse_args()
    started = time.monotonic()
    args.screenshots.mkdir(parents=True, exist_ok=True)
    for old in args.screenshots.glob("*.png"):
        old.unlink()
    rest = HomeAssistantRest(args.base_url.rstrip("/"))
    try:
        answered = rest.wait_until_up(args.ha_pid)
        removed = rest.onboard()
    except (CheckError, OSError) as err:
        print(f"FAIL fixture: {err}", flush=True)
        return 1
    print(
        f"--> Home Assistant {args.ha_version} answered after {answered:.1f} s; owner made over "
        f"HTTP, onboarding done, its entries removed again ({', '.join(removed) or 'none'})"
    )
    browser = Browser(args.screenshots, brand_shipped=bool(args.brand and args.brand.is_dir()))
    check = UiCheck(browser, rest, args.ha_version)
    steps: list[tuple[str, Callable[[], str]]] = [
        ("login", check.login),
        ("add hub", check.kitchen),
        ("options", check.options),
        ("agent", check.ollama_agent),
        ("repair", check.porch_repair),
    ]
    try:
        for name, step in steps:
            check.run_step(name, step)
    except (CheckError, WebDriverException, OSError):
        print(f"FAILED after {time.monotonic() - started:.1f} s; screens in {args.screenshots}")
        return 1
    finally:
        browser.close()
        if check.ollama is not None:
            check.ollama.stop()
    for note in sorted(browser.notes):
        print(f"NOTE {note}")
    print(
        f"--> all {check.passed} steps passed in {time.monotonic() - started:.1f} s; "
        f"{len(browser.saved)} screens in {args.screenshots}; {browser.console_errors} console "
        "errors, none from LLM Hub"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
