"""Headless Chromium on Home Assistant's frontend, and the REST calls of a browser check's fixture.

Shared by the browser check's two parts (``ui_check.py``: LLM Hub's screens;
``ui_check_panel.py``: the LLM Hub panel). ``Browser`` starts Debian's ``chromium`` through its
``chromedriver`` (selenium) at a fixed window size, finds elements through the frontend's
shadow roots, clicks them with the mouse, reads the text a person sees, saves screenshots and
watches the browser console. ``HomeAssistantRest`` waits for Home Assistant, onboards the owner
and makes the few REST calls a check needs. Standard library and selenium only, for Python 3.11
and newer (the host's Python: the browser and its driver are the host's).
"""

from __future__ import annotations

from collections.abc import Callable
import json
from pathlib import Path
import re
import shutil
import tempfile
import time
from typing import Any, TypeVar
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder

__all__ = [
    "JS_TEXT_OF",
    "STEP_TIMEOUT",
    "USER",
    "WINDOW",
    "Browser",
    "CheckError",
    "HomeAssistantRest",
]

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
    "--hide-scrollbars",
    "--lang=en-US",
]
USER = {"name": "Demo", "username": "demo", "password": "llm-hub-demo", "language": "en"}
STEP_TIMEOUT = 20.0
"""How long to wait for an element of the next screen, in seconds."""
START_TIMEOUT = 120.0
"""How long Home Assistant may take to answer after its start, in seconds."""
ONBOARDING_DOMAINS = ("met", "radio_browser", "google_translate", "shopping_list")
"""Entries onboarding's core_config step adds; removed so that screens show LLM Hub's only."""

T = TypeVar("T")

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
JS_CALL_WS = """
const [message, done] = arguments;
document.querySelector("home-assistant").hass.callWS(message)
  .then(done, (e) => done({error: String(e && e.message || e)}));
"""
JS_SCREEN_TEXT = _JS_TEXT + "return deepText(document.documentElement);"
JS_TEXT_OF = _JS_TEXT + "return deepText(arguments[0]);"
JS_CENTER = """
arguments[0].scrollIntoView({block: 'center', inline: 'center'});
const r = arguments[0].getBoundingClientRect();
return [r.x + r.width / 2, r.y + r.height / 2];
"""


class CheckError(Exception):
    """A step of a check failed; the message says what was expected and what was seen."""


class HomeAssistantRest:
    """The REST calls of a check's fixture (onboarding, states), with the standard library."""

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

    def api_id(self, title: str) -> str:
        """Return the LLM API id of the hub entry ``title`` (``llm_hub-<entry id>``)."""
        entries = self.request("GET", "/api/config/config_entries/entry?domain=llm_hub")
        entry_id = next((e["entry_id"] for e in entries if e["title"] == title), None)
        if entry_id is None:
            raise CheckError(f"no hub {title!r} among {[e['title'] for e in entries]}")
        return f"llm_hub-{entry_id}"

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
    """Headless Chromium driven through selenium: finding through shadow roots, clicks, screens.

    Every screen checked must show none of ``bad_text``, and the browser console must have no
    error naming llm_hub.
    """

    def __init__(self, screenshots: Path, bad_text: tuple[str, ...]) -> None:
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
        self.bad_text = bad_text
        self.saved: list[str] = []
        self.console_errors = 0

    def close(self) -> None:
        """Quit Chromium and remove its profile."""
        try:
            self.driver.quit()
        finally:
            self.profile.cleanup()

    def wait(self, condition: Callable[[], T], what: str, timeout: float = STEP_TIMEOUT) -> T:
        """Poll ``condition()`` until it returns something true; return that."""
        deadline = time.monotonic() + timeout
        while not (result := condition()):
            if time.monotonic() > deadline:
                raise CheckError(f"no {what} within {timeout:.0f} s; screen: {self.text()[-600:]}")
            time.sleep(0.1)
        return result

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
        what = selector + (f" reading {text!r}" if text else "")
        what += f" with {query}" if query else ""
        return self.wait(lambda: self.find_all(selector, text, **query), what, timeout)[-1]

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
        found = self.wait(
            lambda: self.find_all("ha-switch", label=label) or self.find_all("ha-switch", label),
            f"switch {label!r}",
        )
        self.click(self.find("input[role=switch]", root=found[-1]))

    def type_into(self, selector: str, text: str) -> None:
        """Type ``text`` into the input ``selector`` (e.g. ``input[name=name]``)."""
        self.find(selector).send_keys(text)

    def call_ws(self, message: dict[str, Any]) -> Any:
        """Send a websocket command over the frontend's own connection (the logged-in user)."""
        result = self.driver.execute_async_script(JS_CALL_WS, message)
        if isinstance(result, dict) and "error" in result:
            raise CheckError(f"{message['type']}: {result['error']}")
        return result

    def text(self) -> str:
        """Return all text the page shows, through shadow roots."""
        text: str = self.driver.execute_script(JS_SCREEN_TEXT)
        return text

    def wait_text(self, text: str, timeout: float = STEP_TIMEOUT) -> str:
        """Wait until the page shows ``text``; return the page's text."""

        def shown() -> str:
            seen = self.text()
            return seen if text in seen else ""

        return self.wait(shown, repr(text), timeout)

    def save(self, name: str) -> None:
        """Save the window as ``NAME.png`` in the screenshots folder."""
        self.driver.save_screenshot(str(self.screenshots / f"{name}.png"))
        self.saved.append(name)

    def screen(self, name: str, save: bool = True) -> None:
        """Check the screen (no bad text, no console error); save it as NAME.png."""
        if save:
            time.sleep(0.4)  # let transitions (dialogs fading in, ripples) end before the picture
            self.save(name)
        seen = self.text()
        for bad in self.bad_text:
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
            # Not llm_hub_example or llm_hub_bulk: the dev config's contributors have no brand
            # images (their icons' 404s), and only show on the integrations page.
            if re.search(r"llm_hub\b", message := str(entry["message"])):
                raise CheckError(f"browser console error on screen {name}: {message[:400]}")
