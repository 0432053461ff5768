"""The browser check's Add tool words: errors on their field, and what the Save step says.

Run by ``ui_check.py`` after the hub screens' template tool (``ui_check_hub``), on Kitchen:

1. Add tool -> Template "Greeting" with a template that does not compile, then one that reads
   a variable nobody defines: each error shows on the template field, and the step's
   description stays its own text (no variable name in it); fixed, the Save step says the
   tool takes no parameters (never "Parameters: -.");
2. a script with a field saved as the UI's script editor saves it (``/api/config/script``,
   into the dev config's ``scripts.yaml``; Home Assistant reloads scripts); the Scripts page
   lists it; Add tool -> Script picks it by clicks (not destructive: Kitchen confirms those),
   the Save step names its field, and the
   tool runs through ``llm_hub/tool/call``.

Both tools are deleted again, so the later steps see Kitchen as before.
"""

from __future__ import annotations

import json
from typing import Any

from ha_browser import JS_TEXT_OF, CheckError
from ui_check_hub import ERRORS, OPTION_ITEMS, STEPS, TRANSLATIONS, HubCheck
from ui_check_panel import GO

GREETING = "Greeting"
WORDS: dict[str, str] = json.loads(TRANSLATIONS.read_text())["selector"]["tool_warning"]["options"]
"""The Save step's sentences about parameters (``parameters``, ``no_parameters``)."""
FORECAST: dict[str, Any] = {
    "alias": "Forecast",
    "fields": {"days": {"required": True, "selector": {"number": {"min": 1, "max": 7}}}},
    "sequence": [
        {"variables": {"answer": {"days": "{{ days }}", "sky": "clear"}}},
        {"stop": "done", "response_variable": "answer"},
    ],
}
"""A script with one field and a response, as the script editor saves it."""
REPLACE_TEXT = """
const [editor, text] = arguments;
const view = editor.codemirror;
view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: text}});
"""
"""Replaces the text of a code editor (CodeMirror's view) as an edit, which the form gets."""


class AddToolCheck:
    """Add tool's words on Kitchen, through ``HubCheck``'s browser."""

    def __init__(self, hub: HubCheck) -> None:
        """Drive the browser of ``hub``."""
        self.hub = hub
        self.browser = hub.browser

    def run(self) -> str:
        """Both parts, then the tools they made deleted; return the summary."""
        template = self.template_errors()
        script = self.script_tool()
        self.delete_tools({GREETING, "Forecast"})
        return f"{template}; {script}; both tools deleted again"

    def set_template(self, text: str) -> None:
        """Replace the text of the form's template editor with ``text``, as an edit of it."""
        browser = self.browser
        browser.driver.execute_script(REPLACE_TEXT, browser.find("ha-code-editor"), text)
        browser.wait(lambda: browser.find_all(".cm-content", text, exact=True), repr(text))

    def next_to_done(self) -> None:
        """Submit the kind's form, then Done in the parameters menu."""
        browser = self.browser
        browser.click_on("ha-button", "Next")
        browser.wait_text(STEPS["parameters"]["title"].replace("{title}", GREETING))
        browser.click_on("*", STEPS["parameters"]["menu_options"]["parameters_done"], exact=True)

    def error_on_field(self, error: str, screen: str) -> None:
        """Wait for the field error ``error``; the description must end as the step's own."""
        browser = self.browser
        browser.wait_text(error)
        own = STEPS["template"]["description"]
        tail = own[-24:]  # the frontend unquotes the '{{ name }}' earlier in it
        shown = [
            browser.driver.execute_script(JS_TEXT_OF, element)
            for element in browser.find_all("ha-markdown", tail)
        ]
        if not shown or any(not text.endswith(tail) for text in shown):
            raise CheckError(f"the Template tool's description is not its own: {shown}")
        browser.screen(screen)

    def template_errors(self) -> str:
        """Add a template that does not compile, then one reading ``whom``, then one that saves."""
        browser, hub = self.browser, self.hub
        hub.llm_hub_page()
        hub.open_add_tool("template")
        browser.type_into("input[name=title]", GREETING)
        browser.type_into("textarea[name=description]", "Greets.")
        self.set_template("Hello {{ whom + }}")
        browser.click_on("ha-button", "Next")
        self.error_on_field(ERRORS["template_invalid"].split("{")[0], "ui-tool-template-invalid")
        self.set_template("Hello {{ whom }}")
        self.next_to_done()
        undefined = ERRORS["template_undefined"].replace("{variables}", "whom")
        self.error_on_field(undefined, "ui-tool-template-undefined")
        self.set_template("Hello there")
        self.next_to_done()
        seen = browser.wait_text("The model will call this tool greeting ")
        if WORDS["no_parameters"] not in seen or "Parameters: -" in seen:
            raise CheckError(f"the Save step of {GREETING} says: {seen[-600:]}")
        browser.screen("ui-tool-saved-no-parameters")
        self.submit_save(GREETING)
        return (
            f"Template {GREETING!r}: a syntax error and 'whom' on the template field, the "
            f"description its own; Save: {WORDS['no_parameters']!r}"
        )

    def submit_save(self, title: str) -> None:
        """Submit the Save step of ``title``; wait until Kitchen's row shows the tool."""
        browser = self.browser
        browser.click_on("ha-button", "Submit")
        browser.wait(lambda: not browser.find_all("*", f"Save {title}"), "the flow closed")
        if browser.find_all("ha-button", "Finish"):
            browser.click_on("ha-button", "Finish")
        browser.find("*", title, exact=True, root=self.hub.entry_row("Kitchen"))

    def script_tool(self) -> str:
        """Save a script as the script editor does, add a script tool for it, call the tool."""
        browser, hub, rest = self.browser, self.hub, self.hub.rest
        rest.request("POST", "/api/config/script/config/forecast", FORECAST)
        entity_id = rest.entity_named("script.", "Forecast")
        browser.driver.execute_script(GO, "/config/script/dashboard")
        browser.wait(lambda: browser.find_all("*", "Forecast", exact=True), "Forecast listed")
        browser.screen("scripts-made-in-ui")
        hub.llm_hub_page()
        hub.open_add_tool("script")
        browser.click_on("ha-entity-picker")
        browser.click_on(OPTION_ITEMS + ", ha-combo-box-item", "Forecast")
        browser.wait(lambda: browser.find_all("ha-entity-picker", "Forecast"), "Forecast picked")
        # Not destructive: Kitchen confirms destructive tools, and the call below is to run.
        browser.switch(STEPS["script"]["sections"]["annotations"]["data"]["destructive"])
        browser.screen("ui-tool-script")
        buttons = [b for b in browser.find_all("ha-button") if b.text in ("Next", "Submit")]
        if not buttons:
            raise CheckError("the Script tool's form has no Next or Submit")
        browser.click(buttons[-1])
        seen = browser.wait_text("The model will call this tool forecast ")
        fields = WORDS["parameters"].replace("{parameters}", "days")
        if fields not in seen:
            raise CheckError(f"the Save step of Forecast does not say {fields!r}: {seen[-600:]}")
        browser.screen("ui-tool-script-saved")
        self.submit_save("Forecast")
        called = browser.call_ws(
            {
                "type": "llm_hub/tool/call",
                "api_id": rest.api_id("Kitchen"),
                "tool_name": "forecast",
                "tool_args": {"days": 3},
            }
        )
        if called["result"]["data"] != {"result": {"days": 3, "sky": "clear"}}:
            raise CheckError(f"forecast gave {called}")
        return (
            f"{entity_id} saved as the script editor saves it, listed under Scripts; Add tool "
            f"-> Script: Save says {fields!r}; forecast -> {called['result']['data']}"
        )

    def delete_tools(self, titles: set[str]) -> None:
        """Delete Kitchen's tools ``titles`` (its subentries) over the websocket."""
        entry_id = self.hub.rest.api_id("Kitchen").removeprefix("llm_hub-")
        listed = self.browser.call_ws(
            {"type": "config_entries/subentries/list", "entry_id": entry_id}
        )
        for subentry in listed:
            if subentry["title"] in titles:
                self.browser.call_ws(
                    {
                        "type": "config_entries/subentries/delete",
                        "entry_id": entry_id,
                        "subentry_id": subentry["subentry_id"],
                    }
                )
