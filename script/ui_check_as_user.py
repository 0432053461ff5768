"""The browser check's as-user step: an administrator sees and tries a hub for another user.

Run by ``ui_check.py`` after the German run, with the panel open (the owner logged in, in
English). A user who is no administrator is taken from Home Assistant's users (the panel's
Alex), or made (websocket, as Settings -> People does) when there is none. A hub "Alex only"
(Assist) serves only that user: its config flow and its options flow's Scope step (Users)
over REST. In the browser, as the owner: the Hubs view lists the hub with its tool count and
"as Alex" under its id; the hub's view shows the "Shown as Alex" alert and the tools; the test
bench opened on the hub runs as Alex and lists tools; Run as switched to the owner lists no
tools and says why ("Not available to Demo (you): …"; it stays on the owner), switched back
lists Alex's tools again. Then the same screens in German (the
German run's check: no English of LLM Hub's). Screens: ``as-user-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
import time
from typing import Any

from ha_browser import USER, Browser, CheckError, HomeAssistantRest
from ui_check_german import GermanCheck, load_texts
from ui_check_panel import PREFIX, PanelCheck

__all__ = ["AsUserCheck"]

HUB = "Alex only"
FLOWS = "/api/config/config_entries/flow"
OPTIONS = "/api/config/config_entries/options/flow"
BENCH_STATE = """
const view = arguments[0].shadowRoot.querySelector("llm-hub-bench");
const root = view && view.shadowRoot;
if (!root) return null;
const user = root.querySelector("select[name=user]");
const tools = [...root.querySelectorAll("select[name=tool] option")].map((o) => o.value);
const empty = root.querySelector(".no-tools");
return [user ? user.value : null, tools, empty ? empty.textContent.trim() : null];
"""
PICK_API = """
const select = arguments[0].shadowRoot.querySelector("llm-hub-bench").shadowRoot
  .querySelector("select[name=api]");
const other = [...select.options].map((o) => o.value).find((v) => v !== arguments[1]);
select.value = other;
select.dispatchEvent(new Event("change", {bubbles: true}));
return other;
"""
PICK_USER = """
const select = arguments[0].shadowRoot.querySelector("llm-hub-bench").shadowRoot
  .querySelector("select[name=user]");
select.value = arguments[1];
select.dispatchEvent(new Event("change", {bubbles: true}));
"""


class AsUserCheck:
    """A hub that serves only a user who is no admin, as the owner sees and tries it."""

    def __init__(
        self, browser: Browser, rest: HomeAssistantRest, panel: PanelCheck, german: GermanCheck
    ) -> None:
        """Drive ``browser`` (the owner logged in, the panel open) and the panel's views."""
        self.browser = browser
        self.rest = rest
        self.panel = panel
        self.german = german
        self.en = load_texts("en")
        self.owner = ""

    def run(self) -> str:
        """Make the user and the hub; check the three views in English, then in German."""
        user_id, name = self._other_user()
        api_id = self._hub(user_id)
        self.owner = str(self.browser.call_ws({"type": "auth/current_user"})["id"])
        described = self.browser.call_ws({"type": "llm_hub/api/describe", "api_id": api_id})
        if described["user_id"] != user_id or not described["tools"]:
            raise CheckError(f"describe without user_id: {described['user_id']}, not {user_id}")
        count = int(described["size"]["tools"])
        self.panel.open(dark=False)
        seen = self._views(api_id, user_id, name, count, "en")
        try:
            self.german.language("de")
            self.panel.go(f"{PREFIX}/hubs", "llm-hub-hubs")
            self.browser.wait(
                lambda: self.german.de("config_panel.tabs.bench") in self.browser.text(),
                "the panel in German",
            )
            self._views(api_id, user_id, name, count, "de")
        finally:
            self.german.english_again()
        return f"{HUB} serves only {name}: {count} tools; " + "; ".join(seen)

    def _text(self, language: str, key: str, **values: str) -> str:
        """Return a panel text (``config_panel.<key>``) in ``language``, filled in."""
        texts = self.en if language == "en" else self.german.german
        return texts[f"config_panel.{key}"].format(**values)

    def _screen(self, name: str, language: str) -> None:
        """Save and check a screen (in German: no English of LLM Hub's on it)."""
        if language == "de":
            self.german.check(f"{name}-de", panel=True)
        else:
            self.browser.screen(name)

    def _views(self, api_id: str, user_id: str, name: str, count: int, language: str) -> list[str]:
        """Check the Hubs view, the hub's view and the test bench as the owner; say what showed."""
        panel, browser = self.panel, self.browser
        seen: list[str] = []

        # From another view: the Hubs view loads its list when it is shown.
        panel.go(f"{PREFIX}/activity", "llm-hub-activity")
        panel.go(f"{PREFIX}/hubs", "llm-hub-hubs")
        row = f'tr[data-api="{api_id}"]'
        as_user = " ".join((panel.text("llm-hub-hubs", f"{row} .as-user") or "").split())
        tools = panel.text("llm-hub-hubs", f"{row} td.number")
        if as_user != self._text(language, "hubs.as_user", user=name) or tools != str(count):
            raise CheckError(f"the Hubs view's row of {HUB}: {as_user!r}, {tools!r} tools")
        panel.run_js("llm-hub-hubs", "view.shadowRoot.querySelector(args[0]).scrollIntoView()", row)
        self._screen("as-user-hubs", language)
        browser.driver.execute_script("window.scrollTo(0, 0)")
        seen.append(f"hubs: {tools} tools, {as_user!r}")

        panel.go(f"{PREFIX}/hub/{api_id}", "llm-hub-view")
        alert = " ".join((panel.text("llm-hub-view", ".alert.shown-as") or "").split())
        if alert != " ".join(self._text(language, "hub.shown_as", user=name).split()):
            raise CheckError(f"the hub view's alert: {alert!r}")
        rows = panel.run_js(
            "llm-hub-view", "return view.shadowRoot.querySelectorAll('tr[data-tool]').length"
        )
        if rows < 1:
            raise CheckError(f"the hub view shows {rows} tools for {name}")
        self._screen("as-user-hub", language)
        seen.append(f"hub: {alert[:60]!r}…, {rows} tools")

        panel.go(f"{PREFIX}/bench?api={api_id}", "llm-hub-bench")
        bench = self._bench(user_id, lambda state: bool(state[1]), f"the bench as {name}")
        self._screen("as-user-bench", language)
        browser.driver.execute_script(PICK_USER, panel.panel, self.owner)
        mine = self._bench(self.owner, lambda state: state[2] is not None, "the bench as you")
        you = self._text(language, "common.you", name=USER["name"])
        refusal = self._text(language, "bench.not_served", user=you)
        if mine[1] or " ".join(mine[2].split()) != refusal:
            raise CheckError(f"the bench as you: tools {mine[1]}, {mine[2]!r}, not {refusal!r}")
        self._screen("as-user-bench-you", language)
        browser.driver.execute_script(PICK_USER, panel.panel, user_id)
        again = self._bench(user_id, lambda state: bool(state[1]), f"the bench as {name} again")
        if again[1] != bench[1]:
            raise CheckError(f"the bench as {name} again lists {again[1]}, before {bench[1]}")
        # Opened again on the hub, then another API picked: Run as goes back to the owner.
        panel.go(f"{PREFIX}/activity", "llm-hub-activity")
        panel.go(f"{PREFIX}/bench?api={api_id}", "llm-hub-bench")
        self._bench(user_id, lambda state: bool(state[1]), f"the bench as {name}, opened again")
        other = browser.driver.execute_script(PICK_API, panel.panel, api_id)
        self._bench(self.owner, lambda _state: True, f"the bench on {other}, as you again")
        seen.append(
            f"bench: run as {name} with {len(bench[1])} tools, as you {mine[2]!r}, back: "
            f"{len(again[1])}; on {other}: as you"
        )
        return seen

    def _bench(self, user_id: str, ready: Callable[[list[Any]], bool], what: str) -> list[Any]:
        """Wait until the bench runs as ``user_id`` and ``ready(state)``; return the state.

        The state: [Run as's value, the tool picker's names, the "no tools" card's text].
        """
        browser = self.browser

        def state() -> list[Any] | None:
            found = browser.driver.execute_script(BENCH_STATE, self.panel.panel)
            return found if found and found[0] == user_id and ready(found) else None

        browser.wait(state, what)
        time.sleep(0.3)  # Run as must stay: the bench may not switch it back by itself
        if (still := state()) is None:
            shown = browser.driver.execute_script(BENCH_STATE, self.panel.panel)
            raise CheckError(f"{what}: it changed to {shown}")
        return still

    def _other_user(self) -> tuple[str, str]:
        """Return a user who is no administrator (made as Alex when there is none): id, name."""
        users = self.browser.call_ws({"type": "config/auth/list"})
        for user in sorted(users, key=lambda user: user["name"] or ""):
            if (
                not user["system_generated"]
                and user["is_active"]
                and "system-admin" not in user["group_ids"]
            ):
                return str(user["id"]), str(user["name"])
        made = self.browser.call_ws(
            {"type": "config/auth/create", "name": "Alex", "group_ids": ["system-users"]}
        )
        return str(made["user"]["id"]), "Alex"

    def _hub(self, user_id: str) -> str:
        """Add the hub (Assist) and let it serve only ``user_id`` (Scope step); return its id."""
        rest = self.rest
        flow = rest.request("POST", FLOWS, {"handler": "llm_hub"})
        made = rest.request("POST", f"{FLOWS}/{flow['flow_id']}", {"name": HUB})
        entry_id = made["result"]["entry_id"]
        flow = rest.request("POST", OPTIONS, {"handler": entry_id})
        for answer in (
            {"next_step_id": "apis"},
            {"llm_hass_api": ["assist"]},
            {"next_step_id": "scope"},
            {"allowed_users": [user_id], "admins_only": False},
            {"next_step_id": "save"},
        ):
            flow = rest.request("POST", f"{OPTIONS}/{flow['flow_id']}", answer)
        if flow.get("type") != "create_entry":
            raise CheckError(f"the options flow of {HUB} ended {flow}")
        api_id = f"llm_hub-{entry_id}"

        def served() -> bool:
            try:
                found = self.browser.call_ws({"type": "llm_hub/api/describe", "api_id": api_id})
            except CheckError:  # not registered while it reloads
                return False
            return bool(found["user_id"] == user_id)

        self.browser.wait(served, f"{HUB} reloaded for one user")
        return api_id
