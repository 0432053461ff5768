"""The browser check's hub screens: log in, add hubs, the options menu, an agent, a repair, a tool.

Run by ``ui_check.py`` in its browser session, before the panel (``ui_check_panel``).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
import re
import time
from typing import Any

from ha_browser import USER, Browser, CheckError, HomeAssistantRest
from ollama_standin import MODEL, ScriptedOllama

READY_TIMEOUT = 30.0
DEVICE_STEP_WAIT = 3.0
"""How long the config flow's end may take to ask for the new hub's device name, in seconds."""
"""How long the frontend may show "Loading…" after logging in, in seconds."""
MENU_TEXT = "Changes take effect when you choose Save"
"""Text of the options menu (its description), on no step's form."""
TOOL_TITLE = "Lights on"
TOOL_NAME = "lights_on"
"""The template tool made through Kitchen's Add tool, and the name the hub lists it by."""
TOOL_TEMPLATE = "{{ states.light | selectattr('state', 'eq', 'on') | list | count }}"
TRANSLATIONS = Path(__file__).parent.parent / "custom_components/llm_hub/translations/en.json"
_ENGLISH = json.loads(TRANSLATIONS.read_text())
TYPE_LABELS: dict[str, str] = _ENGLISH["selector"]["parameter_type"]["options"]
"""The parameter types' labels by key, as the type step must show them."""
STEPS: dict[str, Any] = _ENGLISH["config_subentries"]["tool"]["step"]
ERRORS: dict[str, str] = _ENGLISH["config_subentries"]["tool"]["error"]
TYPE_FIELDS = {"number": ("min", "max"), "integer": ("min", "max"), "select": ("options",)}
TYPE_FIELDS["entity"] = ("domains",)
"""The fields of a parameter step beyond name, description and required, by type."""
OPTION_ITEMS = "ha-dropdown-item, ha-list-item, mwc-list-item, md-select-option, [role=option]"
"""The elements a select's options are, on the versions the check runs on."""
SCOPED_HUB = "Kitchen only"
SCOPE_LIGHT = "light.kitchen_lights"
"""The hub the Scope step is set on, and the one light in its area."""
PROMPT_TEXT = "Call a tool for every state you are asked about."
"""Kitchen's text in place of Assist's prompt, which the agent's model must get."""
AGENT = "Scripted agent"
ANSWER = "I counted the lights that are on."


class HubCheck:
    """The hub screens, step by step; each step is a method that returns a one-line summary."""

    def __init__(self, browser: Browser, rest: HomeAssistantRest, version: str) -> None:
        """Drive ``browser`` against the Home Assistant behind ``rest``."""
        self.browser = browser
        self.rest = rest
        self.version = version
        self.ollama: ScriptedOllama | None = None

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

    def click_hub_menu(self, row: Any) -> None:
        """Open the ⋮ menu of a hub's row: the first; its device's and tools' rows have theirs."""
        browser = self.browser
        menus = browser.wait(
            lambda: browser.find_all("ha-icon-button", label="Menu", root=row), "its menu"
        )
        browser.click(menus[0])

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
        # The hub's device (its Pending approvals sensor): Home Assistant asks its name and area
        # (Skip and finish) after "Created configuration for …" (Finish) shows, or for a moment.
        browser.wait(
            lambda: (
                browser.find_all("ha-button", "Skip and finish", exact=True)
                or browser.find_all("ha-button", "Finish", exact=True)
            ),
            "the hub made",
        )
        label = "Finish"
        with contextlib.suppress(CheckError):
            browser.find("ha-button", "Skip and finish", exact=True, timeout=DEVICE_STEP_WAIT)
            label = "Skip and finish"
        if screens:
            browser.screen("hub-created")
        browser.click_on("ha-button", label, exact=True)
        browser.wait(lambda: not browser.find_all("ha-button", label, exact=True), "closed")
        # Home Assistant may then open the new device's page: back to LLM Hub's.
        self.llm_hub_page()
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
        menu = self.submit_step()
        gathered = tool_counts(menu)

        self.open_step("Prompts of selected APIs")
        browser.click_on("ha-radio-option", ": keeps its prompt (about ")
        browser.click_on("ha-button", "Submit")
        seen = browser.wait_text("Follow these instructions for tools from")
        if "Prompt of " not in seen:
            raise CheckError(f"the prompt step shows no title: {seen[-600:]}")
        browser.click_on("ha-radio-option", "Replace it with your text")
        browser.type_into("textarea[name=text]", PROMPT_TEXT)
        browser.screen("options-api-prompt")
        tokens = (menu_tokens(menu), menu_tokens(self.submit_step()))
        if not tokens[1] < tokens[0]:
            raise CheckError(f"with Assist's prompt replaced the menu says {tokens}, not fewer")

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

        self.open_step("Tool search")
        seen = browser.wait_text("In search mode it gives them ")
        searched = re.search(r"In search mode it gives them (\d+) instead: ([\w, ]+)\. ", seen)
        if searched is None or int(searched[1]) != len(searched[2].split(", ")):
            raise CheckError(f"the Tool search step does not count what it names: {seen[-600:]}")
        browser.screen("options-search")
        # Meaning search is offered once the mode searches: choose Search, look, then all again.
        browser.click_on("ha-radio-option", "Search: list the tools always listed")
        self.submit_step()
        self.open_step("Tool search")
        browser.wait_text("about 114 MiB of memory")
        browser.screen("options-search-meaning")
        browser.click_on("ha-radio-option", "All tools: list every tool")
        self.submit_step()
        browser.screen("options-menu")
        self.save_options("options-saved")

        return (
            f"menu: {gathered[0]} of {gathered[1]} tools with Assist; its prompt replaced: "
            f"{tokens[0]} -> {tokens[1]} tokens; Turn off unticked: "
            f"{counts[0]} of {counts[1]}; Confirm destructive tools on; Turn on named turn_on; "
            f"Record tool arguments on; Tool search: {searched[1]} in search mode "
            f"({searched[2]}), Meaning search offered in search mode; saved"
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
        system = " ".join(
            str(message.get("content"))
            for message in self.ollama.requests[0].get("messages") or []
            if message.get("role") == "system"
        )
        if PROMPT_TEXT not in system or "Static Context" in system:
            raise CheckError(f"{agent}'s model got not Kitchen's text for Assist: {system[-600:]}")
        names = [tool["function"]["name"] for tool in self.ollama.requests[0].get("tools") or []]
        if "turn_on" not in names or any(name.endswith("HassTurnOff") for name in names):
            raise CheckError(f"{agent} got tools {names}: expected turn_on and no HassTurnOff")
        return (
            f"{agent} picks Kitchen; a turn over conversation/process: Kitchen's text for "
            f"Assist's prompt, {len(names)} tools "
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
        self.click_hub_menu(self.entry_row("Porch"))
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

    def open_add_tool(self, kind: str) -> None:
        """Open Kitchen's Add tool (on the LLM Hub page) and pick ``kind``; wait for its form."""
        browser = self.browser
        row = self.entry_row("Kitchen")
        if not browser.find_all("*", "Add tool", exact=True, root=row):
            self.click_hub_menu(row)
        browser.click(browser.find("*", "Add tool", exact=True, root=row))
        browser.click_on("*", STEPS["user"]["menu_options"][kind], exact=True)
        browser.wait_text(STEPS[kind]["title"])

    def ui_tool(self) -> str:
        """Kitchen's Add tool -> Template: fill, a parameter of each type, save; call it."""
        browser = self.browser
        self.llm_hub_page()
        self.open_add_tool("template")
        browser.type_into("input[name=title]", TOOL_TITLE)
        browser.type_into("textarea[name=description]", "How many lights are on.")
        browser.type_into(".cm-content", TOOL_TEMPLATE)
        browser.screen("ui-tool-template")
        browser.click_on("ha-button", "Next")
        types = self.parameter_types()
        browser.click_on("*", STEPS["parameters"]["menu_options"]["parameters_done"], exact=True)
        browser.wait_text(f"Save {TOOL_TITLE}")
        # The step's description renders after its title (seen on 2026.11.0).
        try:
            seen = browser.wait_text(f"The model will call this tool {TOOL_NAME} ")
        except CheckError as err:
            raise CheckError(f"the Save step does not name {TOOL_NAME}: {err}") from err
        names = ", ".join(f"p_{key}" for key in TYPE_LABELS)
        if f"Parameters: {names}." not in seen:
            raise CheckError(f"the Save step does not list the parameters {names}: {seen[-600:]}")
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
            f"Add tool -> Template {TOOL_TITLE!r}; {types}; the Save step names {TOOL_NAME}; "
            "Kitchen lists it (llm_hub/api/describe); "
            f"llm_hub/tool/call -> {called['result']['data']}"
        )

    def parameter_types(self) -> str:
        """In the parameters menu, add a parameter of each type, picked by its label.

        Fails on a raw key among the types (``text``, ``boolean``...), a title that is not
        the translated one (the type step's; the fields step must name the picked type), or
        a fields step with fields of another type.
        """
        browser = self.browser
        menu = STEPS["parameters"]
        browser.wait_text(menu["title"].replace("{title}", TOOL_TITLE))
        browser.screen("ui-tool-parameters-empty", save=False)
        for key, label in TYPE_LABELS.items():
            browser.click_on("*", menu["menu_options"]["parameter_add"], exact=True)
            browser.wait_text(STEPS["parameter_type"]["title"])
            dialog = browser.find("ha-dialog, ha-md-dialog, ha-wa-dialog, dialog-data-entry-flow")
            if raw := [k for k in TYPE_LABELS if browser.find_all("*", k, exact=True, root=dialog)]:
                raise CheckError(f"the type step shows raw keys {raw}: {browser.text()[-600:]}")
            if key == "boolean":
                browser.screen("ui-tool-parameter-types")
            browser.click_on("*", label, exact=True)
            browser.click_on("ha-button", "Next")
            title = STEPS["parameter"]["title"].replace("{type}", label)
            browser.wait_text(title)
            labels = STEPS["parameter"]["data"]
            shown = {
                field
                for field in ("name", "min", "max", "options", "domains")
                if browser.find_all(f"[name={field}]")
                or browser.find_all("*", labels[field], exact=True)  # a number's label
                or browser.find_all("*", f"Add {labels[field]}", exact=True)  # a list's button
            }
            wanted = {"name", *TYPE_FIELDS.get(key, ())}
            if shown != wanted:
                raise CheckError(f"the {label!r} step shows {sorted(shown)}, not {sorted(wanted)}")
            browser.type_into("input[name=name]", f"p_{key}")
            if key == "select":
                browser.click_on("ha-button", "Next")
                browser.wait_text(ERRORS["options_empty"])
                browser.click_on("ha-button", f"Add {labels['options']}", exact=True)
                # The new option's input comes after the name's and the description's.
                inputs = browser.wait(
                    lambda: (found := browser.find_all("input", root=dialog))[2:] and found,  # noqa: B023
                    "the new option's input",
                )
                inputs[-1].send_keys("red")
                browser.screen("ui-tool-parameter")
            browser.click_on("ha-button", "Next")
            browser.wait_text(f"p_{key} ({label})")
        browser.screen("ui-tool-parameters")
        return f"the type step picks all {len(TYPE_LABELS)} types by their labels"

    def bulk(self) -> str:
        """Add hub "Bulk" (llm_hub_bulk's 1,000 tools go to it) for the panel's timings."""
        self.llm_hub_page()
        self.add_hub("Bulk", screens=False)
        return "hub Bulk added"

    def scope(self) -> str:
        """Hub "Kitchen only" (Assist, over REST); its Scope step: the area Kitchen, by clicks.

        The kitchen lights are put in the area Kitchen first (the dev config gives no areas).
        """
        browser, rest = self.browser, self.rest
        listed = browser.call_ws({"type": "config/area_registry/list"})
        areas = {area["name"]: area["area_id"] for area in listed}
        if "Kitchen" not in areas:
            made = browser.call_ws({"type": "config/area_registry/create", "name": "Kitchen"})
            areas["Kitchen"] = made["area_id"]
        browser.call_ws(
            {
                "type": "config/entity_registry/update",
                "entity_id": SCOPE_LIGHT,
                "area_id": areas["Kitchen"],
            }
        )
        flows = "/api/config/config_entries"
        made = rest.request("POST", f"{flows}/flow", {"handler": "llm_hub"})
        made = rest.request("POST", f"{flows}/flow/{made['flow_id']}", {"name": SCOPED_HUB})
        entry_id = made["result"]["entry_id"]
        flow = rest.request("POST", f"{flows}/options/flow", {"handler": entry_id})
        answers = ({"next_step_id": "apis"}, {"llm_hass_api": ["assist"]}, {"next_step_id": "save"})
        for answer in answers:
            flow = rest.request("POST", f"{flows}/options/flow/{flow['flow_id']}", answer)
        browser.driver.execute_script(
            "document.querySelector('home-assistant').dispatchEvent(new CustomEvent("
            "'settheme', {detail: {theme: 'default', dark: false}}));"
        )
        self.llm_hub_page()
        self.entry_row(SCOPED_HUB)
        self.open_menu(SCOPED_HUB)
        self.open_step("Scope")
        browser.click_on("ha-area-picker")
        browser.click_on(OPTION_ITEMS + ", ha-combo-box-item", "Kitchen")
        browser.wait(
            lambda: browser.find_all("ha-area-picker", "Kitchen"), "Kitchen picked under Areas"
        )
        browser.screen("options-scope")
        menu = self.submit_step()
        found = re.search(r"Its scope reaches (\d+) of the ([\d,]+) entities exposed", menu)
        if found is None or found.group(1) != "1":
            raise CheckError(f"the menu after the Scope step: {menu[:400]}")
        browser.screen("options-menu-scope")
        self.save_options()
        return f"{SCOPED_HUB}: area Kitchen clicked in the Scope step; menu: {found.group(0)}"

    def scope_tool(self) -> str:
        """Add tool on "Kitchen only": Save warns of what its scope refuses; it leaves out one.

        A template naming the porch lights in the browser; an action on them over REST, saved.
        """
        browser, rest = self.browser, self.rest
        self.llm_hub_page()
        row = self.entry_row(SCOPED_HUB)
        if not browser.find_all("*", "Add tool", exact=True, root=row):
            self.click_hub_menu(row)
        browser.click(browser.find("*", "Add tool", exact=True, root=row))
        browser.click_on("*", "Template: answers with a rendered template", exact=True)
        browser.wait_text("Template tool")
        browser.type_into("input[name=title]", "Porch state")
        browser.type_into("textarea[name=description]", "The porch lights' state.")
        browser.type_into(".cm-content", "{{ states('light.porch_lights') }}")
        browser.click_on("ha-button", "Next")
        browser.click_on("*", STEPS["parameters"]["menu_options"]["parameters_done"], exact=True)
        warned = browser.wait_text("Its template names light.porch_lights, outside the hub's")
        browser.screen("ui-tool-scope-warning")
        browser.click_on("ha-button", "Submit")
        browser.wait(lambda: not browser.find_all("*", "Save Porch state"), "the flow closed")
        if browser.find_all("ha-button", "Finish"):
            browser.click_on("ha-button", "Finish")

        api_id = rest.api_id(SCOPED_HUB)
        flows = "/api/config/config_entries/subentries/flow"
        flow = rest.request("POST", flows, {"handler": [api_id.removeprefix("llm_hub-"), "tool"]})
        flow = rest.request("POST", f"{flows}/{flow['flow_id']}", {"next_step_id": "action"})
        actions = [{"action": "light.turn_on", "target": {"entity_id": "light.porch_lights"}}]
        form: dict[str, Any] = {"title": "Porch on", "description": "Turns the porch lights on."}
        form["actions"] = actions
        flow = rest.request("POST", f"{flows}/{flow['flow_id']}", form)
        flow = rest.request(
            "POST", f"{flows}/{flow['flow_id']}", {"next_step_id": "parameters_done"}
        )
        warning = flow.get("description_placeholders", {}).get("warning", "")
        if "light.porch_lights, outside the hub's scope, so the hub leaves it out" not in warning:
            raise CheckError(f"the action tool's Save step: {json.dumps(flow)[:400]}")
        rest.request("POST", f"{flows}/{flow['flow_id']}", {})
        described = browser.call_ws({"type": "llm_hub/api/describe", "api_id": api_id})
        hidden = {tool["key"]: tool["hidden"] for tool in described["tools"]}
        if hidden.get("porch_on") is None or hidden.get("porch_state") is not None:
            raise CheckError(f"Kitchen only's porch tools: {hidden}")
        return (
            f"Save of a template naming the porch lights: {warned[-90:]!r}; an action on them "
            f"is left out: {hidden['porch_on']}"
        )


def menu_tokens(menu_text: str) -> int:
    """Return the tokens the options menu says the hub is about."""
    found = re.search(r"about ([\d,]+) tokens", menu_text)
    if found is None:
        raise CheckError(f"the options menu shows no tokens: {menu_text[:300]}")
    return int(found[1].replace(",", ""))


def tool_counts(menu_text: str) -> tuple[int, int]:
    """Return (listed, gathered) from the options menu's "lists N of the M tools"."""
    found = re.search(r"lists ([\d,]+) of the ([\d,]+) tools", menu_text)
    if found is None:
        raise CheckError(f"the options menu shows no tool counts: {menu_text[:300]}")
    given, gathered = (int(number.replace(",", "")) for number in found.groups())
    return given, gathered
