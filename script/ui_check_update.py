"""The browser check's update step: LLM Hub updated on disk, no restart; the panel follows.

Run by ``ui_check.py`` after the panel's views, with the panel open. A new build is written
over the copy of the integration that this Home Assistant runs (its config dir, from
``/api/config``): the module with another build id baked in, and its ``.json``. Then Kitchen
reloads (REST, as Reload in its menu does):

1. ``get_panels`` gives a new module URL (its ``?v=`` hash), and the open panel shows the
   "reload" banner (saved as ``panel-update.png``), with no console error; with the user's
   language switched to German (as the profile does) the banner says it in German
   (``panel-update-de.png``), then English again;
2. the banner's Reload reloads the page, which loads the new module (the browser fetched
   the new URL) and shows no banner (its build is the backend's).

The original files are put back, and Kitchen reloaded again, in any case.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ha_browser import USER, CheckError
from selenium.common.exceptions import WebDriverException
from ui_check_german import SELECT_LANGUAGE, load_texts
from ui_check_panel import PREFIX, PanelCheck

__all__ = ["UpdateCheck"]

BANNER = """
const banner = arguments[0].shadowRoot.querySelector("llm-hub-update-banner");
const alert = banner && banner.shadowRoot.querySelector(".alert");
return banner && [banner.dataset.build, banner.dataset.backend, alert ? alert.textContent : null];
"""
CLICK_RELOAD = """
window.__llmHubOldPage = true;
arguments[0].shadowRoot.querySelector("llm-hub-update-banner").shadowRoot
  .querySelector(".alert button").click();
"""
LOADED = "return performance.getEntriesByType('resource').map((entry) => entry.name)"


class UpdateCheck:
    """A new build of the panel on disk, a hub reload, the banner, the page reload."""

    def __init__(self, panel: PanelCheck) -> None:
        """Use the panel check's browser, REST client and open panel."""
        self.panel = panel
        self.browser = panel.browser
        self.rest = panel.rest

    def module_url(self) -> str:
        """Return the module URL of the sidebar panel as ``get_panels`` gives it."""
        panels = self.browser.call_ws({"type": "get_panels"})
        return str(panels["llm_hub"]["config"]["_panel_custom"]["module_url"])

    def banner(self) -> Any:
        """Return the banner's ``[build, backend build, text or None]`` in the current panel."""
        self.panel.panel = self.browser.find("llm-hub-panel")
        return self.browser.driver.execute_script(BANNER, self.panel.panel)

    def reload_kitchen(self) -> None:
        """Reload the Kitchen hub's entry (REST)."""
        entry_id = self.panel.api_id("Kitchen").removeprefix("llm_hub-")
        self.rest.request("POST", f"/api/config/config_entries/entry/{entry_id}/reload")

    def _new_url(self, old_url: str) -> str:
        """Return the sidebar panel's module URL once it is not ``old_url``, else ``""``."""
        url = self.module_url()
        return url if url != old_url else ""

    def _reloaded(self) -> list[Any]:
        """Return the new page's panel or login field, or nothing while the old page stays."""
        browser = self.browser
        try:
            if browser.driver.execute_script("return window.__llmHubOldPage === true"):
                return []
            return browser.find_all("llm-hub-panel") or browser.find_all("input[name=username]")
        except WebDriverException:  # between the pages
            return []

    def run(self) -> str:
        """Write a new build, reload Kitchen, see the banner, reload the page; put files back."""
        config_dir = Path(self.rest.request("GET", "/api/config")["config_dir"])
        module = config_dir / "custom_components" / "llm_hub" / "panel" / "frontend"
        module /= "llm-hub-panel.js"
        record = module.with_suffix(".json")
        original, recorded = module.read_bytes(), record.read_bytes()
        try:
            return self._update(module, original, json.loads(recorded))
        finally:
            module.write_bytes(original)
            record.write_bytes(recorded)
            self.reload_kitchen()

    def _in_german(self, english: str) -> None:
        """Switch the user's language to German: the banner's words follow; then English."""
        german = load_texts("de")
        words = (german["config_panel.update.message"], german["config_panel.update.reload"])
        self.browser.driver.execute_script(SELECT_LANGUAGE, "de")
        self.browser.wait(
            lambda: all(word in (self.banner()[2] or "") for word in words), "the German banner"
        )
        self.browser.screen("panel-update-de")
        self.browser.driver.execute_script(SELECT_LANGUAGE, "en")
        self.browser.wait(
            lambda: (self.banner()[2] or "").strip() == english.strip(), "the English banner again"
        )

    def _update(self, module: Path, original: bytes, recorded: dict[str, Any]) -> str:
        """Check the steps of the docstring on the files given; return what was seen."""
        browser = self.browser
        self.panel.go(f"{PREFIX}/hubs", "llm-hub-hubs")
        old_url, (build, backend, text) = self.module_url(), self.banner()
        if build != recorded["sources_sha256"][:12] or backend != build or text is not None:
            raise CheckError(f"before the update: build {build}, backend {backend}, {text!r}")
        sources = hashlib.sha256(original + b"update").hexdigest()
        new = original.replace(f'"{build}"'.encode(), f'"{sources[:12]}"'.encode())
        if new.count(f'"{sources[:12]}"'.encode()) != 1:
            raise CheckError(f"the module does not carry its build id {build} once")
        module.write_bytes(new)
        module.with_suffix(".json").write_text(json.dumps({**recorded, "sources_sha256": sources}))
        self.reload_kitchen()
        new_url = browser.wait(lambda: self._new_url(old_url), "a new module URL")
        _, backend, text = browser.wait(
            lambda: (seen := self.banner()) and seen[2] and seen, "the reload banner"
        )
        if backend != sources[:12] or "Reload" not in text:
            raise CheckError(f"the banner: backend build {backend}, {text!r}")
        browser.screen("panel-update")
        self._in_german(text)
        browser.driver.execute_script(CLICK_RELOAD, self.panel.panel)
        arrived = browser.wait(self._reloaded, "the page reloaded")
        if arrived[-1].tag_name == "input":  # the login was not kept
            browser.type_into("input[name=username]", USER["username"])
            browser.type_into("input[name=password]", USER["password"])
            browser.click_on("ha-button", "Log in")
        build, backend, text = browser.wait(
            lambda: (seen := self.banner()) and seen[1] and seen, "the reloaded panel's build"
        )
        if build != sources[:12] or backend != build or text is not None:
            raise CheckError(f"after the reload: build {build}, backend {backend}, {text!r}")
        loaded = browser.driver.execute_script(LOADED)
        if not any(str(name).endswith(new_url) for name in loaded):
            raise CheckError(f"the reloaded page did not fetch {new_url}")
        browser.check_console("panel-update-reloaded")
        return (
            f"{old_url.rsplit('?', 1)[1]} -> {new_url.rsplit('?', 1)[1]} after a hub reload; "
            f"the banner showed; Reload fetched the new module (build {build}), no banner"
        )
