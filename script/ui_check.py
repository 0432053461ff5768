"""The browser check: LLM Hub's screens and panel in a real Home Assistant, as a person uses them.

Run by ``script/ui-check`` in its own venv (selenium, on the host's Python: the browser and its
driver are Debian's ``chromium`` and ``chromium-driver``), after it started Home Assistant on a
fresh copy of the dev config plus ``llm_hub_bulk``. The owner is made over HTTP (onboarding's
steps, the entries onboarding adds removed again: the fixture); everything after that is
clicks and typing in one headless Chromium session at a fixed window size (``ha_browser``):

1. log in; the frontend must be ready (no "Loading…") within 30 s;
2. Settings -> Devices & services -> Add integration -> "LLM Hub" -> name "Kitchen" -> Submit;
3. the integration page lists Kitchen; Configure -> each step of the options menu: APIs and
   instructions (tick Assist), Tools (untick Turn off; the menu then counts one tool less),
   Safety (Confirm destructive tools), Tool names and descriptions (Turn on -> ``turn_on``),
   Limits and logging (Record tool arguments);
4. Ollama (Home Assistant's integration, with ``ollama_standin`` as its server): Add integration,
   the server URL, Add conversation agent: the stand-in's model, Kitchen ticked under the LLM
   APIs; then one turn through ``conversation/process`` (REST): the agent must send the
   stand-in Kitchen's tools as the options made them (``turn_on``, no HassTurnOff) and answer;
5. a second hub "Porch"; Kitchen selects it; Porch is deleted; Settings shows the repair
   "Kitchen selects an LLM API that is missing", whose fix flow is walked to "repaired";
6. Kitchen's Add tool -> Template: title "Lights on", a description, a template that counts
   the lights that are on; the Save step must name it ``lights_on``; then, over the frontend's
   own websocket connection, ``llm_hub/api/describe`` must list it for Kitchen and
   ``llm_hub/tool/call`` must answer ``{"result": N}``, N the lights on in ``/api/states``;
7. a hub "Bulk" (``llm_hub_bulk``'s 1,000 tools), then the LLM Hub panel in the light and the
   dark theme, and its render times (``ui_check_panel``).

Every screen is saved as a PNG (``--screenshots``) and checked: no raw translation key
(``component.llm_hub.``), no "Unknown error", no HTTP confirmation banner or HTTP YAML repair,
no browser console error naming llm_hub. Each step prints PASS or FAIL; the first failure stops
the run (later steps build on earlier ones). Exit status 0 only when all passed.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
import json
from pathlib import Path
import re
import sys
import time
from typing import Any

from ha_browser import USER, Browser, CheckError, HomeAssistantRest
from ollama_standin import MODEL, ScriptedOllama
from selenium.common.exceptions import WebDriverException
from ui_check_panel import PanelCheck

READY_TIMEOUT = 30.0
"""How long the frontend may show "Loading…" after logging in, in seconds."""
BAD_TEXT = (
    "component.llm_hub.",
    "Unknown error",
    "Translation error",
    "Confirm new HTTP server configuration",
    "HTTP YAML configuration",
)
"""Text that must be on no screen: a raw translation key, the frontend's generic error, and
a string the frontend's ICU formatter refuses (a ``{`` not quoted), and
what 2026.10 shows for an ``http:`` block in configuration.yaml (the dev config has none)."""
MENU_TEXT = "Changes take effect when you choose Save"
"""Text of the options menu (its description), on no step's form."""
TOOL_TITLE = "Lights on"
TOOL_NAME = "lights_on"
"""The template tool made through Kitchen's Add tool, and the name the hub lists it by."""
TOOL_TEMPLATE = "{{ states.light | selectattr('state', 'eq', 'on') | list | count }}"
AGENT = "Scripted agent"
ANSWER = "I counted the lights that are on."


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

    def llm_hub_page(self) -> None:
        """Open Settings -> Devices & services -> LLM Hub; wait for Kitchen's row."""
        browser = self.browser
        browser.click_on("ha-list-item-button", "Settings")
        browser.click_on("a", "Devices & services")
        # LLM Hub's card, not the sidebar's LLM Hub (the panel) nor llm_hub_bulk's card.
        names = browser.wait(
            lambda: [
                name
                for card in browser.find_all("ha-integration-card", "LLM Hub")
                for name in browser.find_all("*", "LLM Hub", exact=True, root=card)
            ],
            "LLM Hub's integration card",
        )
        browser.click(names[-1])
        self.entry_row("Kitchen")

    def open_menu(self, hub: str, screen: str = "") -> str:
        """Click the hub's Configure; return the options menu's text."""
        browser = self.browser
        browser.click(browser.find("ha-icon-button", label="Configure", root=self.entry_row(hub)))
        menu = browser.wait_text(MENU_TEXT)
        if screen:
            browser.screen(screen)
        return menu

    def open_step(self, title: str) -> None:
        """Click ``title`` in the options menu; wait for its form."""
        self.browser.click_on("*", title, exact=True)
        self.browser.wait(lambda: MENU_TEXT not in self.browser.text(), f"the step {title!r}")
        self.browser.wait_text("Submit")

    def submit_step(self) -> str:
        """Submit an options step; return the text of the menu it returns to."""
        self.browser.click_on("ha-button", "Submit")
        return self.browser.wait_text(MENU_TEXT)

    def save_options(self, screen: str = "") -> None:
        """Choose Save in the menu; the flow must say the options were saved."""
        self.browser.click_on("*", "Save", exact=True)
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
        browser.screen("login")
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
        browser.screen("overview")
        return f"logged in as {USER['username']!r}; frontend ready {took:.1f} s after Log in"

    def add_hub(self, name: str, screens: bool) -> None:
        """Add integration -> LLM Hub -> name it ``name`` -> Submit -> Finish."""
        browser = self.browser
        browser.click_on("ha-button", "Add integration" if screens else "Add service")
        if screens:
            browser.type_into("input[placeholder='Search for a brand name']", "LLM Hub")
            browser.find("*", "LLM Hub", exact=True)
            browser.screen("add-integration")
            browser.click_on("*", "LLM Hub", exact=True)
        browser.wait_text("New LLM Hub API")
        browser.type_into("input[name=name]", name)
        if screens:
            browser.screen("name-hub")
        browser.click_on("ha-button", "Submit")
        browser.wait_text(f"Created configuration for {name}.")
        if screens:
            browser.screen("hub-created")
        browser.click_on("ha-button", "Finish")
        browser.wait_text("Services")
        self.entry_row(name)

    def kitchen(self) -> str:
        """Add hub "Kitchen": Settings -> Devices & services -> Add integration -> LLM Hub."""
        browser = self.browser
        browser.click_on("ha-list-item-button", "Settings")
        browser.click_on("a", "Devices & services")
        browser.find("ha-button", "Add integration")
        browser.screen("integrations")
        self.add_hub("Kitchen", screens=True)
        browser.screen("integration-page-kitchen")
        return "config flow from Add integration; the LLM Hub page lists Kitchen"

    def options(self) -> str:
        """Every step of Kitchen's options menu, then Save."""
        browser = self.browser
        self.open_menu("Kitchen", "options-menu-new")
        self.open_step("APIs and instructions")
        browser.click_on("ha-checkbox[value=assist]")
        browser.screen("options-apis")
        gathered = tool_counts(self.submit_step())

        self.open_step("Tools")
        browser.click_on("ha-checkbox[value$=HassTurnOff]")
        browser.screen("options-tools")
        counts = tool_counts(self.submit_step())
        if counts != (gathered[0] - 1, gathered[1]):
            raise CheckError(f"after unticking Turn off the menu says {counts}, not one less")

        self.open_step("Safety")
        browser.switch("Confirm destructive tools")
        browser.screen("options-safety")
        self.submit_step()

        self.open_step("Tool names and descriptions")
        browser.click_on("ha-picker-field[aria-label=Tool]")
        browser.click_on("ha-dropdown-item", "(intent__HassTurnOn, from ")
        browser.screen("options-pick-tool")
        browser.click_on("ha-button", "Submit")
        browser.wait_text("Name and description of intent__HassTurnOn")
        browser.type_into("input[name=name]", "turn_on")
        browser.screen("options-alias")
        self.submit_step()

        self.open_step("Limits and logging")
        browser.switch("Record tool arguments")
        browser.screen("options-limits")
        self.submit_step()
        browser.screen("options-menu")
        self.save_options("options-saved")

        return (
            f"menu: {gathered[0]} of {gathered[1]} tools with Assist; Turn off unticked: "
            f"{counts[0]} of {counts[1]}; Confirm destructive tools on; Turn on named turn_on; "
            "Record tool arguments on; saved"
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
        browser.screen("ollama-url")
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
        browser.screen("agent-picks-kitchen")
        browser.click_on("ha-button", "Submit")
        browser.wait_text(f"Created configuration for {AGENT}.")
        browser.click_on("ha-button", "Finish")
        browser.find("*", AGENT, exact=True)
        browser.screen("ollama-page")
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

    def repair(self) -> str:
        """Kitchen selects a hub "Porch"; Porch is deleted; the repair's fix flow removes it."""
        browser = self.browser
        self.llm_hub_page()
        self.add_hub("Porch", screens=False)
        browser.screen("integration-page")
        self.open_menu("Kitchen")
        self.open_step("APIs and instructions")
        browser.click_on("ha-checkbox", "Porch")
        browser.screen("kitchen-selects-porch")
        self.submit_step()
        self.save_options()
        browser.click(browser.find("ha-icon-button", label="Menu", root=self.entry_row("Porch")))
        browser.click(browser.find("ha-dropdown-item", "Delete", root=self.entry_row("Porch")))
        browser.wait_text("Delete Porch?")
        browser.screen("delete-porch")
        browser.click(browser.find_all("ha-button", "Delete", exact=True)[-1])
        browser.wait(
            lambda: not browser.find_all("ha-config-entry-row", "Porch"), "Porch gone after Delete"
        )
        browser.click_on("ha-list-item-button", "Settings")
        issue = "Kitchen selects an LLM API that is missing"
        browser.find("*", issue, exact=True)
        browser.screen("repairs")
        browser.click_on("*", issue, exact=True)
        browser.wait_text("Remove Porch from Kitchen")
        browser.screen("repair-fix")
        browser.click_on("ha-button", "Submit")
        browser.wait_text("The issue is repaired!")
        browser.screen("repair-done")
        browser.click_on("ha-button", "Finish")
        browser.wait(
            lambda: not browser.find_all("*", issue, exact=True), "the repair gone after its fix"
        )
        return "Kitchen selects Porch; Porch deleted; repair shown, fixed, gone"

    def ui_tool(self) -> str:
        """Kitchen's Add tool -> Template: fill, save; Kitchen lists it; a call gives a number."""
        browser = self.browser
        self.llm_hub_page()
        row = self.entry_row("Kitchen")
        if not browser.find_all("*", "Add tool", exact=True, root=row):
            browser.click(browser.find("ha-icon-button", label="Menu", root=row))
        browser.click(browser.find("*", "Add tool", exact=True, root=row))
        browser.click_on("*", "Template: answers with a rendered template", exact=True)
        browser.wait_text("Template tool")
        browser.type_into("input[name=title]", TOOL_TITLE)
        browser.type_into("textarea[name=description]", "How many lights are on.")
        browser.type_into(".cm-content", TOOL_TEMPLATE)
        browser.screen("ui-tool-template")
        browser.click_on("ha-button", "Submit")
        seen = browser.wait_text(f"Save {TOOL_TITLE}")
        if f"The model will call this tool {TOOL_NAME} " not in seen:
            raise CheckError(f"the Save step does not name {TOOL_NAME}: {seen[-600:]}")
        browser.screen("ui-tool-saved")
        browser.click_on("ha-button", "Submit")
        browser.wait(lambda: not browser.find_all("*", f"Save {TOOL_TITLE}"), "the flow closed")
        if browser.find_all("ha-button", "Finish"):
            browser.click_on("ha-button", "Finish")
        browser.find("*", TOOL_TITLE, exact=True, root=self.entry_row("Kitchen"))
        browser.screen("ui-tool-listed")

        api_id = self.rest.api_id("Kitchen")
        described = browser.call_ws({"type": "llm_hub/api/describe", "api_id": api_id})
        tool = next((t for t in described["tools"] if t["name"] == TOOL_NAME), None)
        if tool is None or tool["hidden"] is not None:
            raise CheckError(f"Kitchen does not list {TOOL_NAME}: {json.dumps(tool)[:300]}")
        called = browser.call_ws(
            {"type": "llm_hub/tool/call", "api_id": api_id, "tool_name": TOOL_NAME}
        )
        on = sum(
            state["entity_id"].startswith("light.") and state["state"] == "on"
            for state in self.rest.request("GET", "/api/states")
        )
        if called["result"]["error"] or called["result"]["data"] != {"result": on}:
            raise CheckError(f"{TOOL_NAME} gave {json.dumps(called)[:300]}, not {on} lights on")
        return (
            f"Add tool -> Template {TOOL_TITLE!r}; the Save step names {TOOL_NAME}; Kitchen "
            f"lists it (llm_hub/api/describe); llm_hub/tool/call -> {called['result']['data']}"
        )

    def bulk(self) -> str:
        """Add hub "Bulk" (llm_hub_bulk's 1,000 tools go to it) for the panel's timings."""
        self.llm_hub_page()
        self.add_hub("Bulk", screens=False)
        return "hub Bulk added"


def tool_counts(menu_text: str) -> tuple[int, int]:
    """Return (listed, gathered) from the options menu's "lists N of the M tools"."""
    found = re.search(r"lists ([\d,]+) of the ([\d,]+) tools", menu_text)
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
    browser = Browser(args.screenshots, BAD_TEXT)
    check = UiCheck(browser, rest, args.ha_version)
    panel = PanelCheck(browser, rest)
    steps: list[tuple[str, Callable[[], str]]] = [
        ("login", check.login),
        ("add hub", check.kitchen),
        ("options", check.options),
        ("agent", check.ollama_agent),
        ("repair", check.repair),
        ("ui tool", check.ui_tool),
        ("bulk hub", check.bulk),
        ("panel", lambda: panel.views(dark=False)),
        ("panel dark", lambda: panel.views(dark=True)),
        ("panel times", panel.timings),
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
    print(
        f"--> all {check.passed} steps passed in {time.monotonic() - started:.1f} s; "
        f"{len(browser.saved)} screens in {args.screenshots}; {browser.console_errors} console "
        "errors, none from LLM Hub"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
