"""The browser check's German run: LLM Hub's screens once more, in German, with no English left.

Run by ``ui_check.py`` in the same browser session and Home Assistant, after the panel's views
and the scope steps (which made the hub "Kitchen only").
The user's language is switched to German the way the profile's language picker does it
(``hass-language-select``: the panel must follow without a reload) and so is the server's
(``config/core/update``: texts LLM Hub puts together itself). Then: the panel's five views,
"Kitchen only"'s Scope section and the test bench's refusal of an entity out of its scope, the
options menu and its Tools step (``add_tool_and_repair``, Add tool and a repair's fix flow, is
not in the run yet). Each screen fails on a text of
``en.json`` that German translates (any run of three words or more from it, and the panel's
labels, badges and headings whole) and on a raw key of the panel's words. Both languages are
English again afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
import json
from pathlib import Path
import re
from typing import Any

from ha_browser import JS_TEXT_OF, Browser, CheckError, HomeAssistantRest
from ui_check_hub import SCOPED_HUB
from ui_check_panel import GO, PREFIX, PanelCheck

__all__ = ["SELECT_LANGUAGE", "GermanCheck", "load_texts"]

TRANSLATIONS = Path(__file__).parent.parent / "custom_components/llm_hub/translations"
PROPER_NAMES = ("LLM Hub", "LLM", "MCP", "API", "Assist", "Home Assistant", "Cursor", "JSON")
"""Names that stay as they are in every language (tool names are code and never checked)."""
PANEL_LABELS = """
const out = [];
const walk = (root) => {
  for (const el of root.querySelectorAll("*")) {
    if (el.matches("h2, th, a.tab, button, label, .badge, .figure .label, option"))
      out.push(el.textContent.trim());
    if (el.shadowRoot) walk(el.shadowRoot);
  }
};
walk(arguments[0].shadowRoot);
return out;
"""
SPLIT = re.compile(r"\{[^{}]*\}|[`*\[\]()\n:;,.!?\"\u201c\u201d\u201e\u2013\u2014\u2192\u2026]")
"""Where a text breaks into runs of words: placeholders, punctuation, Markdown, arrows."""
SELECT_LANGUAGE = """
document.querySelector("home-assistant").dispatchEvent(
  new CustomEvent("hass-language-select", {detail: arguments[0]}));
"""


def _flatten(texts: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """Yield each text of a translation file with its dotted key."""
    for key, value in texts.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def load_texts(language: str) -> dict[str, str]:
    """Return a language's texts by dotted key."""
    return dict(_flatten(json.loads((TRANSLATIONS / f"{language}.json").read_text())))


class GermanCheck:
    """The German run: what a person with German as their language sees of LLM Hub."""

    def __init__(self, browser: Browser, rest: HomeAssistantRest, panel: PanelCheck) -> None:
        """Drive ``browser``; ``panel`` opens the panel's views (the light and dark run's)."""
        self.browser = browser
        self.rest = rest
        self.panel = panel
        english, german = load_texts("en"), load_texts("de")
        self.german = german
        all_german = "\n".join(german.values())
        translated = {key: text for key, text in english.items() if german.get(key) != text}
        self.fragments: set[str] = set()
        for text in translated.values():
            for part in re.split(SPLIT, text):
                words = part.split()
                named = " ".join(words)
                for name in PROPER_NAMES:
                    named = named.replace(name, "")
                if len(words) >= 3 and len(named.split()) >= 2 and part.strip() not in all_german:
                    self.fragments.add(" ".join(words))
        self.labels = {
            text
            for key, text in translated.items()
            if key.startswith("config_panel.") and "{" not in text and text not in PROPER_NAMES
        }
        self.keys = {key.removeprefix("config_panel.") for key in english if "config_panel." in key}

    def de(self, key: str) -> str:
        """Return the German text of a dotted key of the translations."""
        return self.german[key]

    def check(self, name: str, *, panel: bool = False) -> None:
        """Save the screen ``name``; fail on English of LLM Hub or a raw key on it."""
        browser = self.browser
        browser.screen(name)
        seen = " ".join(browser.text().split())
        if english := sorted(fragment for fragment in self.fragments if fragment in seen):
            raise CheckError(f"screen {name} shows English: {english[:5]}")
        if keys := sorted(key for key in self.keys if key in seen):
            raise CheckError(f"screen {name} shows raw keys: {keys[:5]}")
        if panel:
            shown = browser.driver.execute_script(PANEL_LABELS, self.panel.panel)
            if english := sorted(set(shown) & self.labels):
                raise CheckError(f"screen {name} shows English labels: {english[:5]}")

    def language(self, language: str) -> None:
        """Set the user's language (as the profile does) and the server's."""
        self.browser.call_ws({"type": "config/core/update", "language": language})
        self.browser.driver.execute_script(SELECT_LANGUAGE, language)

    def run(self) -> str:
        """Switch to German, check every screen, switch back; return what was seen."""
        try:
            summary = self._run()
        except Exception:
            with suppress(Exception):  # the failure to report is the German run's own
                self.english_again()
            raise
        self.english_again()
        return summary

    def english_again(self) -> None:
        """Switch both languages back to English; open the panel for the steps after this."""
        self.language("en")
        self.browser.wait_text("Settings")  # the sidebar in English again
        self.panel.open(dark=False)

    def _run(self) -> str:
        browser, panel = self.browser, self.panel
        kitchen = self.rest.api_id("Kitchen")
        panel.open(dark=False)
        panel.go(f"{PREFIX}/hubs", "llm-hub-hubs")
        self.language("de")
        tab = self.de("config_panel.tabs.bench")
        browser.wait(
            lambda: tab in (panel.text("llm-hub-hubs", "h2") or "") or tab in browser.text(),
            "the panel in German without a reload",
        )
        self.check("panel-hubs-de", panel=True)
        # German words are long: the hubs table must still fit, with no column scrolled away.
        wide = panel.run_js(
            "llm-hub-hubs",
            "const wrap = view.shadowRoot.querySelector('.table-wrap');"
            "return wrap.scrollWidth - wrap.clientWidth;",
        )
        if wide > 0:
            raise CheckError(f"the German hubs table is {wide} px wider than the screen")
        for path, view, name in (
            (f"{PREFIX}/hub/{kitchen}", "llm-hub-view", "panel-hub-de"),
            (f"{PREFIX}/bench?api={kitchen}", "llm-hub-bench", "panel-bench-de"),
            (f"{PREFIX}/activity", "llm-hub-activity", "panel-activity-de"),
            (f"{PREFIX}/approvals", "llm-hub-approvals", "panel-approvals-de"),
        ):
            panel.go(path, view)
            self.check(name, panel=True)
        scoped = self.scoped()

        # The options menu and its Tools step, then Add tool's first two steps.
        browser.driver.execute_script(GO, "/config/integrations/integration/llm_hub")
        # Kitchen's row, not Kitchen only's.
        rows = browser.wait(
            lambda: [
                row
                for row in browser.find_all("ha-config-entry-row", "Kitchen")
                if SCOPED_HUB not in browser.driver.execute_script(JS_TEXT_OF, row)
            ],
            "Kitchen's row",
        )
        row = rows[-1]

        def own_configure() -> list[Any]:
            """Return the row's Konfigurieren buttons but those of its tools (subentries)."""
            label = "Konfigurieren"
            tools = [
                button
                for sub in browser.find_all("ha-config-sub-entry-row", root=row)
                for button in browser.find_all("ha-icon-button", label=label, root=sub)
            ]
            buttons = browser.find_all("ha-icon-button", label=label, root=row)
            return [button for button in buttons if button not in tools]

        browser.click(browser.wait(own_configure, "Kitchen's Konfigurieren")[-1])
        steps = "options.step.init.menu_options"
        menu, search = self.de(f"{steps}.tools"), self.de(f"{steps}.search")
        browser.find("*", search, exact=True)
        self.check("options-menu-de")
        browser.click_on("*", menu, exact=True)
        browser.wait(lambda: search not in browser.text(), f"the step {menu!r}")
        self.check("options-tools-de")
        self.close_dialog(self.de("options.step.tools.data.include_new_tools"))
        return (
            "panel (5 views, switched live), options menu and its Tools step: German; "
            f"{SCOPED_HUB}: {scoped}"
        )

    def scoped(self) -> str:
        """Check the hub "Kitchen only" (the scope steps made it): its Scope section, a refusal.

        The section with the list of entities it reaches open, then the test bench's refusal
        of the porch lights, which the scope leaves out; both checked like the other views.
        """
        panel = self.panel
        api_id = self.rest.api_id(SCOPED_HUB)

        def show(name: str) -> None:
            """Save and check the screen ``name`` as the other views are."""
            self.check(name, panel=True)

        key = "config_panel.scope.reaches"
        reaches = self.de(key).split("{exposed}")[0].format(reached=1).strip()
        said = panel.scope_section(api_id, self.opening(key), "panel-hub-scope-de", show)
        if reaches not in said or "Kitchen" not in said:
            raise CheckError(f"the scope section says {said[:300]!r}, not {reaches!r}")
        refusal = panel.bench_refusal(api_id, "panel-bench-refused-de", show)
        wanted = " ".join(self.de("config_panel.bench.refusal").split())
        if wanted not in refusal:
            raise CheckError(f"the bench's refusal says {refusal!r}")
        return f"scope section {said[:60]!r}…, the bench's refusal in German"

    def add_tool_and_repair(self) -> str:
        """Add tool's first two steps and a repair's fix flow, in German.

        Not in ``run`` yet: on 2026.11.0 the click on "Werkzeug hinzufügen" opened no flow.
        """
        browser = self.browser
        add = self.de("config_subentries.tool.initiate_flow.user")
        # 2026.11 has the page's own "Add tool" button; 2026.10 has it in the entry's menu.
        if not (buttons := browser.find_all("ha-button", add)):
            row = browser.find("ha-config-entry-row", "Kitchen")
            if not browser.find_all("*", add, exact=True, root=row):
                browser.click(browser.find("ha-icon-button", label="Menü", root=row))
            buttons = [browser.find("*", add, exact=True, root=row)]
        browser.click(buttons[-1])
        template = self.de("config_subentries.tool.step.user.menu_options.template")
        browser.find("*", template, exact=True)
        self.check("add-tool-de")
        browser.click_on("*", template, exact=True)
        title = self.de("config_subentries.tool.step.template.title")
        browser.wait_text(title)
        self.check("add-tool-template-de")
        self.close_dialog(self.opening("config_subentries.tool.step.template.description"))
        self.repair()
        return "Add tool and a repair's fix flow: German"

    def repair(self) -> None:
        """Kitchen selects a hub "Porch", deleted then (REST); the repair's fix flow, in German."""
        browser, rest = self.browser, self.rest
        flows = "/api/config/config_entries/flow"
        flow = rest.request("POST", flows, {"handler": "llm_hub"})
        porch = rest.request("POST", f"{flows}/{flow['flow_id']}", {"name": "Porch"})["result"]
        kitchen = rest.api_id("Kitchen").removeprefix("llm_hub-")
        options = "/api/config/config_entries/options/flow"
        flow = rest.request("POST", options, {"handler": kitchen})
        apis = ["assist", f"llm_hub-{porch['entry_id']}"]
        for step in ({"next_step_id": "apis"}, {"llm_hass_api": apis}, {"next_step_id": "save"}):
            flow = rest.request("POST", f"{options}/{flow['flow_id']}", step)
        rest.request("DELETE", f"/api/config/config_entries/entry/{porch['entry_id']}")
        issue = self.de("issues.missing_api.title").format(hub="Kitchen")
        browser.driver.execute_script(GO, "/config/repairs")
        browser.click_on("*", issue, exact=True)
        browser.wait_text(
            self.de("issues.missing_api.fix_flow.step.confirm.title").format(
                api="Porch", hub="Kitchen"
            )
        )
        self.check("repair-fix-de")
        browser.click_on("ha-button", "OK", exact=True)
        browser.wait_text("Das Problem ist behoben!")  # Home Assistant's own German
        self.check("repair-done-de")
        browser.click_on("ha-button", "Fertigstellen", exact=True)
        browser.wait(lambda: not browser.find_all("*", issue, exact=True), "the repair gone")

    def opening(self, key: str) -> str:
        """Return the words a German text starts with, up to its first placeholder or mark."""
        return re.split(r"[{(\n:;,.]", self.de(key))[0].strip()

    def close_dialog(self, shown: str) -> None:
        """Close the open dialog, which shows ``shown``, with its X (its flow is discarded)."""
        browser = self.browser
        browser.click(browser.find("ha-icon-button", label="Schließen"))  # HA's German Close
        browser.wait(lambda: shown not in browser.text(), "the dialog closed")
