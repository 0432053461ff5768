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
   Limits and logging (Record tool arguments), Tool search (the count of tools it says search
   mode hands models is that of the names it gives; in search mode it offers Meaning search);
4. Ollama (Home Assistant's integration, with ``ollama_standin`` as its server): Add integration,
   the server URL, Add conversation agent: the stand-in's model, Kitchen ticked under the LLM
   APIs; then one turn through ``conversation/process`` (REST): the agent must send the
   stand-in Kitchen's tools as the options made them (``turn_on``, no HassTurnOff) and answer;
5. a second hub "Porch"; Kitchen selects it; Porch is deleted; Settings shows the repair
   "Kitchen selects an LLM API that is missing", whose fix flow is walked to "repaired";
   then MCP Server serving Assist and a hub "Office" that is deleted (``ui_check_removed_hub``):
   /api/mcp fails, the repair's Fix takes Office out, /api/mcp answers again; in German, the
   Fix for a hub MCP Server serves alone says to pick another under Konfigurieren;
6. Kitchen's Add tool -> Template: title "Lights on", a description, a template that counts
   the lights that are on; Next; in the parameters menu, a parameter of each type: Add, its
   type picked by its label in translations/en.json (no raw key such as ``boolean`` shown),
   then a step titled with that type and only its fields; Done; the
   Save step must name it ``lights_on`` and list the 9 parameters; then, over the frontend's
   own websocket connection, ``llm_hub/api/describe`` must list it for Kitchen and
   ``llm_hub/tool/call`` must answer ``{"result": N}``, N the lights on in ``/api/states``;
   then Add tool's words (``ui_check_add_tool``): a template's errors on its field, not in the
   step's description; the Save step of a tool without parameters, and of a script tool whose
   script was saved as the script editor saves it (the dev config's ``scripts.yaml``);
7. a hub "Bulk" (``llm_hub_bulk``'s 1,000 tools), then the LLM Hub panel in the light and the
   dark theme (``ui_check_panel``);
8. a hub "Kitchen only": its options' Scope step, the area Kitchen picked by clicks (the
   kitchen lights put there first); the panel's hub view shows the scope, the test bench
   refuses HassTurnOn on the porch lights; then a hub "Trial" in shadow mode with a limit
   (``ui_check_shadow``): the banner on every tab, its record of the calls that would have
   asked, its limits' counts;
9. the German run (``ui_check_german``): the user's and the server's language German, the
   panel (Kitchen only's Scope section and the bench's refusal too) and the options menu once
   more, failing on LLM Hub's English or a raw key; then a hub "Alex only" that serves only a
   user who is no administrator, as the owner sees it in the panel: "as Alex" in the Hubs
   view, the hub's "Shown as Alex" alert, the test bench running as Alex, as the owner no
   tools (in German too: ``ui_check_as_user``); then the panel's render times;
10. a new build of the panel written over this Home Assistant's copy, Kitchen reloaded: the
   open panel asks for a reload (in German too, the user's language switched and back),
   which loads the new module (``ui_check_update``);
11. a user who is no administrator logs in, reads the approval notification (his name, MCP
    Server's title, the server's clock with its zone's name), follows its link and approves
    his own MCP call, which then runs (``ui_check_own_approval``);
12. with Kitchen letting approvals be remembered, he approves his next MCP call remembered for
    15 minutes; the identical call then runs without asking, the panel lists the remembered
    approval with its end, and Revoke ends it (``ui_check_remember``).

The hub screens (1 to 8) are ``ui_check_hub``'s, the panel ``ui_check_panel``'s. Every screen
is saved as a PNG (``--screenshots``) and checked: no raw translation key
(``component.llm_hub.``), no "Unknown error", no HTTP confirmation banner or HTTP YAML repair,
no browser console error naming llm_hub. Each step prints PASS or FAIL; the first failure stops
the run (later steps build on earlier ones). Exit status 0 only when all passed.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
import sys
import time

from ha_browser import Browser, CheckError, HomeAssistantRest
from selenium.common.exceptions import WebDriverException
from ui_check_add_tool import AddToolCheck
from ui_check_as_user import AsUserCheck
from ui_check_german import GermanCheck
from ui_check_hub import HubCheck
from ui_check_own_approval import OwnApprovalCheck
from ui_check_panel import PanelCheck
from ui_check_remember import RememberCheck
from ui_check_removed_hub import RemovedHubCheck
from ui_check_shadow import ShadowCheck
from ui_check_update import UpdateCheck

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


def run_step(browser: Browser, name: str, step: Callable[[], str]) -> None:
    """Run one step; print ``PASS name (s): summary``; let a failure stop the run."""
    started = time.monotonic()
    try:
        summary = step()
    except (CheckError, WebDriverException, OSError) as err:
        browser.driver.save_screenshot(str(browser.screenshots / "failed.png"))
        message = getattr(err, "msg", None) or str(err)
        print(f"FAIL {name} ({time.monotonic() - started:.1f} s): {message}", flush=True)
        raise
    print(f"PASS {name} ({time.monotonic() - started:.1f} s): {summary}", flush=True)


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
    check = HubCheck(browser, rest, args.ha_version)
    panel = PanelCheck(browser, rest)
    german = GermanCheck(browser, rest, panel)
    own_approval = OwnApprovalCheck(browser, rest)
    steps: list[tuple[str, Callable[[], str]]] = [
        ("login", check.login),
        ("add hub", check.kitchen),
        ("options", check.options),
        ("agent", check.ollama_agent),
        ("repair", check.repair),
        ("removed hub", RemovedHubCheck(browser, rest, german).run),
        ("ui tool", check.ui_tool),
        ("add tool words", AddToolCheck(check).run),
        ("bulk hub", check.bulk),
        ("panel", lambda: panel.views(dark=False)),
        ("panel dark", lambda: panel.views(dark=True)),
        ("scope", check.scope),
        ("panel scope", panel.scope),
        ("scope tool", check.scope_tool),
        ("panel scope tool", panel.scope_tool),
        ("panel shadow", ShadowCheck(panel).run),
        ("german", german.run),
        ("as user", AsUserCheck(browser, rest, panel, german).run),
        ("panel times", panel.timings),
        ("panel update", UpdateCheck(panel).run),
        ("own approval", own_approval.run),
        ("remember", RememberCheck(browser, rest, own_approval).run),
    ]
    try:
        for name, step in steps:
            run_step(browser, name, step)
    except (CheckError, WebDriverException, OSError):
        print(f"FAILED after {time.monotonic() - started:.1f} s; screens in {args.screenshots}")
        return 1
    finally:
        browser.close()
        if check.ollama is not None:
            check.ollama.stop()
    print(
        f"--> all {len(steps)} steps passed in {time.monotonic() - started:.1f} s; "
        f"{len(browser.saved)} screens in {args.screenshots}; {browser.console_errors} console "
        "errors, none from LLM Hub"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
