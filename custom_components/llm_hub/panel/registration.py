"""Registers the LLM Hub sidebar panel, for admins only, and its websocket commands.

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

from ..const import DOMAIN
from . import commands as panel_api

__all__ = ["PANEL_ELEMENT", "PANEL_FILE", "PANEL_URL_PATH", "STATIC_URL", "async_setup_panel"]

PANEL_URL_PATH: Final = DOMAIN
"""Where the panel opens: ``/llm_hub``."""
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
    await panel_custom.async_register_panel(
        hass,
        frontend_url_path=PANEL_URL_PATH,
        webcomponent_name=PANEL_ELEMENT,
        sidebar_title="LLM Hub",
        sidebar_icon="mdi:robot-outline",
        module_url=f"{STATIC_URL}/{PANEL_FILE.name}?v={version}",  # a new build loads at once
        require_admin=True,
    )


def _module_hash() -> str:
    """Return the first 12 hex digits of the built module's SHA-256 (reads the file)."""
    return hashlib.sha256(PANEL_FILE.read_bytes()).hexdigest()[:12]
