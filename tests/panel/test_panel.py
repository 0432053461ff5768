"""The panel: registered for admins when the frontend is loaded, served, built from its sources."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pytest_homeassistant_custom_component.common import MockUser
from pytest_homeassistant_custom_component.typing import (
    ClientSessionGenerator,
    WebSocketGenerator,
)

from custom_components.llm_hub.confirm.approvals import APPROVALS_URL, DECIDE_URL
from custom_components.llm_hub.const import CONF_CONFIRM_TOOLS
from custom_components.llm_hub.panel import registration
from homeassistant.components import websocket_api
from homeassistant.components.frontend import (
    DATA_PANELS,
    DATA_PANELS_CONFIG,
    websocket_get_panels,
)
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

from ..helpers.confirm import SAFETY, TOKEN, _call, _notifications, _ws
from ..helpers.hubs import BREW, Contribution, async_add_hub

FRONTEND = Path(__file__).parents[2] / "frontend"
"""The panel's sources (Lit, TypeScript) and its pinned build setup."""


async def test_panel_for_admins(
    hass: HomeAssistant, setup_llm: None, hass_client: ClientSessionGenerator
) -> None:
    """With the frontend loaded, an admin-only custom panel serves the built module."""
    assert await async_setup_component(hass, "http", {})
    # The frontend integration itself needs Home Assistant's frontend package, which the
    # tests do not install; the panel only needs to know that it is loaded.
    hass.config.components.add("frontend")
    await async_add_hub(hass, "Kitchen")

    panel = hass.data[DATA_PANELS]["llm_hub"]
    assert panel.require_admin
    assert panel.component_name == "custom"
    assert panel.sidebar_title == "LLM Hub"
    assert panel.config is not None
    custom = panel.config["_panel_custom"]
    assert custom["name"] == registration.PANEL_ELEMENT
    assert not custom["embed_iframe"]
    module_url: str = custom["module_url"]
    version = hashlib.sha256(registration.PANEL_FILE.read_bytes()).hexdigest()[:12]
    assert module_url == f"{registration.STATIC_URL}/{registration.PANEL_ELEMENT}.js?v={version}"

    client = await hass_client()
    response = await client.get(module_url)
    assert response.status == 200
    assert await response.read() == registration.PANEL_FILE.read_bytes()


async def test_non_admin_decides_own_approval_in_the_approvals_panel(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    setup_llm: None,
    contribution: Contribution,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    hass_read_only_access_token: str,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """A user who is no admin follows the notification's link to a panel they can open.

    Home Assistant's own ``get_panels`` gives them the panel of approvals alone (not the
    admin panel); it lists their call, and they approve it there.
    """
    assert await async_setup_component(hass, "http", {})
    assert await async_setup_component(hass, "persistent_notification", {})
    hass.config.components.add("frontend")
    hass.data.setdefault(DATA_PANELS_CONFIG, {})
    websocket_api.async_register_command(hass, websocket_get_panels)
    hub = await async_add_hub(
        hass, "Kitchen", SAFETY | {CONF_LLM_HASS_API: ["assist"], CONF_CONFIRM_TOOLS: [BREW]}
    )
    own = await hass_ws_client(hass, hass_read_only_access_token)
    admin = await hass_ws_client(hass)

    asked = await _call(hass, hub, hass_read_only_user.id, BREW, {"size": "small"})
    admins = await _call(hass, hub, hass_admin_user.id, BREW, {"size": "large"})
    notifications = await _notifications(hass, own)
    await own.send_json_auto_id({"type": "get_panels"})
    own_panels = (await own.receive_json())["result"]
    await admin.send_json_auto_id({"type": "get_panels"})
    admin_panels = (await admin.receive_json())["result"]
    listed = await _ws(own, "list")
    approved = await _ws(own, "approve", approval_id=asked.data[TOKEN])
    ran = await _call(
        hass, hub, hass_read_only_user.id, BREW, {"size": "small", TOKEN: asked.data[TOKEN]}
    )

    mine = notifications[f"llm_hub_approval_{asked.data[TOKEN]}"]["message"]
    assert f"[LLM Hub's approvals]({DECIDE_URL})" in mine
    theirs = notifications[f"llm_hub_approval_{admins.data[TOKEN]}"]["message"]
    assert f"[LLM Hub's approvals]({APPROVALS_URL})" in theirs
    assert set(own_panels) == {registration.APPROVALS_PANEL_URL_PATH}
    assert set(admin_panels) == {registration.PANEL_URL_PATH, registration.APPROVALS_PANEL_URL_PATH}
    panel = own_panels[registration.APPROVALS_PANEL_URL_PATH]
    assert f"/{panel['url_path']}" == DECIDE_URL
    assert panel["title"] is None  # not in the sidebar
    assert not panel["require_admin"]
    assert panel["config"]["view"] == "approvals"
    assert (
        panel["config"]["_panel_custom"]
        == (admin_panels[registration.PANEL_URL_PATH]["config"]["_panel_custom"])
    )
    assert [a["approval_id"] for a in listed["result"]["approvals"]] == [asked.data[TOKEN]]
    assert approved["result"]["decided_by"] == hass_read_only_user.id
    assert not ran.error


def test_the_panel_shows_approvals_alone_when_registered_so() -> None:
    """The module reads the panel's ``config.view``: "approvals" shows that view alone."""
    routes = (FRONTEND / "src" / "llm-hub-panel.ts").read_text(encoding="utf-8")
    assert 'this.panel?.config?.view === "approvals"' in routes
    assert 'config?.view==="approvals"' in registration.PANEL_FILE.read_text(encoding="utf-8")


async def test_no_panel_without_frontend(hass: HomeAssistant, setup_llm: None) -> None:
    """Without the frontend (a headless Home Assistant) the panel is not registered."""
    entry = await async_add_hub(hass, "Kitchen")

    assert entry.state.value == "loaded"
    assert "llm_hub" not in hass.data.get(DATA_PANELS, {})
    assert registration.APPROVALS_PANEL_URL_PATH not in hass.data.get(DATA_PANELS, {})


def test_notifications_link_to_the_approvals_view() -> None:
    """Approval notifications open the panel's Approvals view, which decides with the commands."""
    assert f"/{registration.PANEL_URL_PATH}/approvals" == APPROVALS_URL
    routes = (FRONTEND / "src" / "llm-hub-panel.ts").read_text(encoding="utf-8")
    assert 'case "approvals":' in routes
    built = registration.PANEL_FILE.read_text(encoding="utf-8")
    for command in ("subscribe", "approve", "deny"):
        assert f"llm_hub/approvals/{command}" in built


def _sources_hash() -> str:
    """Return the hash frontend/build.mjs records: each input's path and content, sorted."""
    inputs = [
        FRONTEND / name
        for name in ("build.mjs", "package.json", "package-lock.json", "tsconfig.json")
    ]
    inputs.extend((FRONTEND / "src").rglob("*.ts"))
    digest = hashlib.sha256()
    for path in sorted(inputs, key=lambda path: path.relative_to(FRONTEND).as_posix()):
        digest.update(f"{path.relative_to(FRONTEND).as_posix()}\n".encode())
        digest.update(path.read_bytes())
        digest.update(b"\n")
    return digest.hexdigest()


def test_built_panel_is_current() -> None:
    """The committed build was made from the committed sources (else: run script/build-panel)."""
    recorded = json.loads(registration.PANEL_FILE.with_suffix(".json").read_text(encoding="utf-8"))

    assert recorded["sources_sha256"] == _sources_hash()
