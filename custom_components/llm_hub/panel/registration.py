"""Registers the LLM Hub panels and their websocket commands.

The sidebar panel is for admins only; the panel of approvals alone (the same module, not in
the sidebar) is open to every user, whom the websocket commands show only their own calls.
The built module is served from ``frontend/`` and registered with
``panel_custom.async_register_panel``, as core's ``knx`` does.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Final

from homeassistant.components import panel_custom
from homeassistant.components.http.server import StaticPathConfig
from homeassistant.core import HomeAssistant

from ..confirm.approvals import DECIDE_URL
from ..const import DOMAIN
from . import commands as panel_api

__all__ = [
    "APPROVALS_PANEL_URL_PATH",
    "PANEL_ELEMENT",
    "PANEL_FILE",
    "PANEL_URL_PATH",
    "STATIC_URL",
    "async_setup_panel",
]

PANEL_URL_PATH: Final = DOMAIN
"""Where the panel opens: ``/llm_hub``."""
APPROVALS_PANEL_URL_PATH: Final = DECIDE_URL.removeprefix("/")
"""Where the panel of approvals alone opens: ``/llm_hub_approvals``."""
PANEL_ELEMENT: Final = "llm-hub-panel"
"""The custom element the module defines."""
PANEL_FILE: Final = Path(__file__).parent / "frontend" / f"{PANEL_ELEMENT}.js"
"""The built module."""
STATIC_URL: Final = f"/{DOMAIN}_static"
"""The URL the folder of the module is served under."""


async def async_setup_panel(hass: HomeAssistant) -> None:
    """Register the panel's websocket commands, and the panel when the frontend is loaded."""
    panel_api.async_setup(hass)
    if "frontend" not in hass.config.components:
        return
    version = await hass.async_add_executor_job(_module_hash)
    await hass.http.async_register_static_paths(
        [StaticPathConfig(STATIC_URL, str(PANEL_FILE.parent), cache_headers=True)]
    )
    module_url = f"{STATIC_URL}/{PANEL_FILE.name}?v={version}"  # a new build loads at once
    await panel_custom.async_register_panel(
        hass,
        frontend_url_path=PANEL_URL_PATH,
        webcomponent_name=PANEL_ELEMENT,
        sidebar_title="LLM Hub",
        sidebar_icon="mdi:robot-outline",
        module_url=module_url,
        require_admin=True,
    )
    # Where approval notifications send users who are no admins: no sidebar entry.
    await panel_custom.async_register_panel(
        hass,
        frontend_url_path=APPROVALS_PANEL_URL_PATH,
        webcomponent_name=PANEL_ELEMENT,
        module_url=module_url,
        config={"view": "approvals"},
        require_admin=False,
    )


def _module_hash() -> str:
    """Return the first 12 hex digits of the built module's SHA-256 (reads the file)."""
    return hashlib.sha256(PANEL_FILE.read_bytes()).hexdigest()[:12]
