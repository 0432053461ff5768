"""Registers the LLM Hub panels while a hub is enabled, and all of LLM Hub's websocket commands.

The sidebar panel is for admins only; the panel of approvals alone (the same module, not in
the sidebar) is open to every user, whom the websocket commands show only their own calls.
Both come with the first hub set up and go when the last enabled hub is removed or disabled
(a hub's approvals go with it). Each hub's setup reads the built files again and registers
the panels anew when they changed, so an update loads without a restart. The module is served
from ``frontend/`` and registered with ``panel_custom.async_register_panel``, as ``knx`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
import hashlib
import json
from pathlib import Path
from typing import Any, Final

import probatio

from homeassistant.components import frontend, panel_custom, websocket_api
from homeassistant.components.http.server import StaticPathConfig
from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.util.hass_dict import HassKey

from ..confirm.approvals import DECIDE_URL
from ..const import DOMAIN
from . import admin_commands, approval_commands

__all__ = [
    "APPROVALS_PANEL_URL_PATH",
    "PANEL_ELEMENT",
    "PANEL_FILE",
    "PANEL_URL_PATH",
    "STATIC_URL",
    "async_hide_panels",
    "async_setup_panel",
    "async_show_panels",
]

PANEL_URL_PATH: Final = DOMAIN  # /llm_hub
APPROVALS_PANEL_URL_PATH: Final = DECIDE_URL.removeprefix("/")  # /llm_hub_approvals
PANEL_ELEMENT: Final = "llm-hub-panel"  # the custom element the module defines
# The built module; llm-hub-panel.json beside it holds the hash of its sources.
PANEL_FILE: Final = Path(__file__).parent / "frontend" / f"{PANEL_ELEMENT}.js"
STATIC_URL: Final = f"/{DOMAIN}_static"  # where the module's folder is served

# The build the panels are registered with; absent while they are not.
_BUILD: HassKey[_PanelBuild] = HassKey(f"{DOMAIN}_panel_build")


@dataclass(frozen=True, slots=True)
class _PanelBuild:
    """The built module as on disk: its URL (with its hash) and its build id."""

    module_url: str
    build: str


async def async_setup_panel(hass: HomeAssistant) -> None:
    """Register every websocket command of LLM Hub; serve the module when the frontend is loaded."""
    admin_commands.async_start_activity(hass)
    for command in (
        # For administrators (require_admin): the panel's views and its test bench.
        admin_commands.websocket_list_apis,
        admin_commands.websocket_subscribe_activity,
        admin_commands.websocket_hub_scope,
        admin_commands.websocket_hub_limits,
        admin_commands.websocket_list_shadowed,
        admin_commands.websocket_tool_providers,
        admin_commands.websocket_describe_api,
        admin_commands.websocket_call_tool,
        # For whoever decides an approval; each approval is checked.
        approval_commands.websocket_list_approvals,
        approval_commands.websocket_subscribe_approvals,
        approval_commands.websocket_approve,
        approval_commands.websocket_deny,
        approval_commands.websocket_revoke,
        # For every user of either panel.
        websocket_panel_build,
    ):
        websocket_api.async_register_command(hass, command)
    if "frontend" in hass.config.components:
        await hass.http.async_register_static_paths(
            [StaticPathConfig(STATIC_URL, str(PANEL_FILE.parent), cache_headers=True)]
        )


async def async_show_panels(hass: HomeAssistant) -> CALLBACK_TYPE:
    """Register the panels for a hub set up, anew when the built files changed; return the undo."""
    if "frontend" in hass.config.components:
        built = await hass.async_add_executor_job(_read_build, PANEL_FILE)
        if hass.data.get(_BUILD) != built:
            _async_remove_panels(hass)
            hass.data[_BUILD] = built
            await _async_register_panels(hass, built.module_url)
    return lambda: async_hide_panels(hass)


@callback
def async_hide_panels(hass: HomeAssistant, removed: str | None = None) -> None:
    """Remove the panels unless a hub other than ``removed`` (an entry id) is still enabled."""
    # A hub that reloads stays enabled, so its panels stay (no gap in the sidebar).
    hubs = hass.config_entries.async_entries(DOMAIN, include_ignore=False, include_disabled=False)
    if _BUILD in hass.data and all(hub.entry_id == removed for hub in hubs):
        _async_remove_panels(hass)


@callback
def _async_remove_panels(hass: HomeAssistant) -> None:
    """Remove both panels from the frontend's registry, if registered."""
    if hass.data.pop(_BUILD, None) is not None:
        frontend.async_remove_panel(hass, PANEL_URL_PATH)
        frontend.async_remove_panel(hass, APPROVALS_PANEL_URL_PATH)


async def _async_register_panels(hass: HomeAssistant, module_url: str) -> None:
    """Register the sidebar panel and the panel of approvals alone with ``module_url``."""
    # panel_custom never suspends here, so removal and registration reach clients together.
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


def _read_build(module: Path) -> _PanelBuild:
    """Return ``module``'s URL with 12 hex digits of its SHA-256, and its build id (reads files)."""
    # The build id: sources_sha256 in the .json beside it, which the build bakes into the module.
    digest = hashlib.sha256(module.read_bytes()).hexdigest()[:12]
    recorded = json.loads(module.with_suffix(".json").read_text(encoding="utf-8"))
    return _PanelBuild(f"{STATIC_URL}/{module.name}?v={digest}", recorded["sources_sha256"][:12])


@websocket_api.websocket_command({probatio.Required("type"): f"{DOMAIN}/panel/build"})
@callback
def websocket_panel_build(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Answer ``{"build": id}``: the build the panels are registered with (null if they are not)."""
    built = hass.data.get(_BUILD)
    connection.send_result(msg["id"], {"build": built.build if built else None})
