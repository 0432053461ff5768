"""The panel: registered for admins when the frontend is loaded, served, built from its sources."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.llm_hub.confirm.approvals import APPROVALS_URL
from custom_components.llm_hub.panel.registration import (
    PANEL_ELEMENT,
    PANEL_FILE,
    PANEL_URL_PATH,
    STATIC_URL,
)
from homeassistant.components.frontend import DATA_PANELS
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

from .common import async_add_hub

FRONTEND = Path(__file__).parents[1] / "frontend"
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
    assert custom["name"] == PANEL_ELEMENT
    assert not custom["embed_iframe"]
    module_url: str = custom["module_url"]
    version = hashlib.sha256(PANEL_FILE.read_bytes()).hexdigest()[:12]
    assert module_url == f"{STATIC_URL}/{PANEL_ELEMENT}.js?v={version}"

    client = await hass_client()
    response = await client.get(module_url)
    assert response.status == 200
    assert await response.read() == PANEL_FILE.read_bytes()


async def test_no_panel_without_frontend(hass: HomeAssistant, setup_llm: None) -> None:
    """Without the frontend (a headless Home Assistant) the panel is not registered."""
    entry = await async_add_hub(hass, "Kitchen")

    assert entry.state.value == "loaded"
    assert "llm_hub" not in hass.data.get(DATA_PANELS, {})


def test_notifications_link_to_the_approvals_view() -> None:
    """Approval notifications open the panel's Approvals view, which decides with the commands."""
    assert f"/{PANEL_URL_PATH}/approvals" == APPROVALS_URL
    routes = (FRONTEND / "src" / "llm-hub-panel.ts").read_text(encoding="utf-8")
    assert 'case "approvals":' in routes
    built = PANEL_FILE.read_text(encoding="utf-8")
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
    recorded = json.loads(PANEL_FILE.with_suffix(".json").read_text(encoding="utf-8"))

    assert recorded["sources_sha256"] == _sources_hash()
