"""The panels follow the hubs: updated without a restart, gone with the last hub, back with one.

Everything is read from Home Assistant's own panel registry through its ``get_panels``
websocket command, as the frontend reads it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
import hashlib
from itertools import permutations
import json
import logging
from pathlib import Path
import shutil
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_capture_events
from pytest_homeassistant_custom_component.typing import (
    ClientSessionGenerator,
    MockHAClientWebSocket,
    WebSocketGenerator,
)

from custom_components.llm_hub.const import DOMAIN
from custom_components.llm_hub.panel import registration
from custom_components.llm_hub.panel.registration import (
    APPROVALS_PANEL_URL_PATH,
    PANEL_FILE,
    PANEL_URL_PATH,
    STATIC_URL,
)
from homeassistant import config_entries
from homeassistant.components import websocket_api
from homeassistant.components.frontend import (
    DATA_PANELS,
    DATA_PANELS_CONFIG,
    websocket_get_panels,
)
from homeassistant.config_entries import ConfigEntry, ConfigEntryDisabler, ConfigEntryState
from homeassistant.const import CONF_NAME, EVENT_PANELS_UPDATED
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.setup import async_setup_component

from ..helpers.hubs import async_add_hub

PANELS = {PANEL_URL_PATH, APPROVALS_PANEL_URL_PATH}

type Panels = dict[str, dict[str, Any]]


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Return a copy of the built module (and its .json) that the integration serves and reads."""
    copy = tmp_path / "frontend" / PANEL_FILE.name
    copy.parent.mkdir()
    shutil.copy(PANEL_FILE, copy)
    shutil.copy(PANEL_FILE.with_suffix(".json"), copy.with_suffix(".json"))
    monkeypatch.setattr(registration, "PANEL_FILE", copy)
    return copy


@pytest.fixture
async def frontend(hass: HomeAssistant, setup_llm: None) -> None:
    """HTTP, and the frontend's panel registry and ``get_panels`` command.

    The frontend integration itself needs Home Assistant's frontend package, which the tests
    do not install; the panels only need to know that it is loaded.
    """
    assert await async_setup_component(hass, "http", {})
    hass.config.components.add("frontend")
    hass.data.setdefault(DATA_PANELS, {})
    hass.data.setdefault(DATA_PANELS_CONFIG, {})
    websocket_api.async_register_command(hass, websocket_get_panels)
    # Before any client connects: a test server's router takes no routes once it runs
    # (Home Assistant's own lifts that limit).
    assert await async_setup_component(hass, DOMAIN, {})


@pytest.fixture
async def client(
    hass: HomeAssistant, frontend: None, hass_ws_client: WebSocketGenerator
) -> MockHAClientWebSocket:
    """Return an admin's websocket connection."""
    return await hass_ws_client(hass)


def _no_panel_trouble(caplog: pytest.LogCaptureFixture) -> None:
    """Fail on any error logged, and on any warning about a panel ("Removing unknown panel")."""
    trouble = [
        record.getMessage()
        for record in caplog.records
        if record.levelno >= logging.ERROR
        or (
            record.levelno >= logging.WARNING
            and record.name != "asyncio"
            and "panel" in record.getMessage().lower()
        )
    ]
    assert not trouble


async def _ws(client: MockHAClientWebSocket, command: str) -> Any:
    """Return the result of a websocket command without arguments."""
    await client.send_json_auto_id({"type": command})
    answer = await client.receive_json()
    assert answer["success"], answer
    return answer["result"]


async def _panels(client: MockHAClientWebSocket) -> Panels:
    """Return LLM Hub's panels as ``get_panels`` lists them."""
    panels: Panels = await _ws(client, "get_panels")
    return {path: panel for path, panel in panels.items() if path in PANELS}


def _module_url(panel: dict[str, Any]) -> str:
    """Return the module URL a panel loads."""
    return str(panel["config"]["_panel_custom"]["module_url"])


async def _add_hub_through_flow(hass: HomeAssistant, name: str) -> ConfigEntry:
    """Add a hub as a user does (the config flow); return its entry."""
    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": config_entries.SOURCE_USER}
    )
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: name})
    await hass.async_block_till_done()
    assert result["type"] is FlowResultType.CREATE_ENTRY
    return result["result"]


def _recorded_build() -> str:
    """Return the build id of the committed module: its sources' hash, 12 hex digits."""
    recorded = json.loads(PANEL_FILE.with_suffix(".json").read_text(encoding="utf-8"))
    return str(recorded["sources_sha256"][:12])


def _update(module: Path) -> bytes:
    """Write a new build over ``module`` and its .json (build ``0123456789ab``); return it."""
    new_module = module.read_bytes() + b"\n// LLM Hub 0.2.0\n"
    module.write_bytes(new_module)
    module.with_suffix(".json").write_text(json.dumps({"sources_sha256": "0123456789ab" * 5}))
    return new_module


async def test_update_without_restart(
    hass: HomeAssistant,
    module: Path,
    client: MockHAClientWebSocket,
    hass_client: ClientSessionGenerator,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """New files and an entry reload: both panels load the new module URL, with the new build.

    A reload with the files unchanged registers nothing anew (no ``panels_updated``).
    """
    entry = await async_add_hub(hass, "Kitchen")
    before = await _panels(client)
    old_build = (await _ws(client, "llm_hub/panel/build"))["build"]
    events = async_capture_events(hass, EVENT_PANELS_UPDATED)

    await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    unchanged = await _panels(client)
    quiet = len(events)
    new_module = await hass.async_add_executor_job(_update, module)
    await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    after = await _panels(client)
    new_build = (await _ws(client, "llm_hub/panel/build"))["build"]
    served = await (await hass_client()).get(_module_url(after[PANEL_URL_PATH]))

    assert unchanged == before
    assert quiet == 0
    assert old_build == _recorded_build()
    assert new_build == "0123456789ab"
    digest = hashlib.sha256(new_module).hexdigest()[:12]
    for path in PANELS:
        assert _module_url(before[path]) != _module_url(after[path])
        assert _module_url(after[path]) == f"{STATIC_URL}/{PANEL_FILE.name}?v={digest}"
        # Only the module changed: title, icon, access and the view are as before.
        assert {**after[path], "config": None} == {**before[path], "config": None}
        assert after[path]["config"].get("view") == before[path]["config"].get("view")
    assert events
    assert served.status == 200
    assert await served.read() == new_module
    _no_panel_trouble(caplog)


def test_the_bundle_carries_its_build() -> None:
    """The committed module has the build id its .json records; its banner asks the backend's."""
    built = PANEL_FILE.read_text(encoding="utf-8")

    assert f'"{_recorded_build()}"' in built
    assert "llm_hub/panel/build" in built
    assert 'customElements.get("llm-hub-panel")' in built  # an update loaded into an old page


async def test_build_for_every_user(
    hass: HomeAssistant,
    client: MockHAClientWebSocket,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_access_token: str,
) -> None:
    """Users who are no admins (the panel of approvals alone) get the build; null without panels."""
    without = await _ws(client, "llm_hub/panel/build")
    await async_add_hub(hass, "Kitchen")
    own = await hass_ws_client(hass, hass_read_only_access_token)

    assert without == {"build": None}
    assert set(await _panels(own)) == {APPROVALS_PANEL_URL_PATH}
    assert await _ws(own, "llm_hub/panel/build") == await _ws(client, "llm_hub/panel/build")
    assert (await _ws(own, "llm_hub/panel/build"))["build"]


async def test_last_hub_takes_the_panels_and_the_first_brings_them_back(
    hass: HomeAssistant, client: MockHAClientWebSocket, caplog: pytest.LogCaptureFixture
) -> None:
    """Removing or disabling the last hub removes both panels; adding or enabling one restores them.

    The only hub reloading keeps them (no gap in the sidebar).
    """
    entry = await _add_hub_through_flow(hass, "Kitchen")
    first = set(await _panels(client))
    await hass.config_entries.async_reload(entry.entry_id)
    reloaded = set(await _panels(client))
    assert await hass.config_entries.async_remove(entry.entry_id)
    await hass.async_block_till_done()
    removed = set(await _panels(client))
    build_removed = await _ws(client, "llm_hub/panel/build")
    entry = await _add_hub_through_flow(hass, "Porch")
    added = set(await _panels(client))
    await hass.config_entries.async_set_disabled_by(entry.entry_id, ConfigEntryDisabler.USER)
    await hass.async_block_till_done()
    disabled = set(await _panels(client))
    await hass.config_entries.async_set_disabled_by(entry.entry_id, None)
    await hass.async_block_till_done()
    enabled = set(await _panels(client))

    assert first == reloaded == added == enabled == PANELS
    assert removed == disabled == set()
    assert build_removed == {"build": None}
    assert entry.state is ConfigEntryState.LOADED
    _no_panel_trouble(caplog)


STEPS = ("+Kitchen", "-Kitchen", "+Porch", "-Porch")
ORDERS = sorted(
    {
        order
        for order in permutations(STEPS)
        if order.index("+Kitchen") < order.index("-Kitchen")
        and order.index("+Porch") < order.index("-Porch")
    }
)


@pytest.mark.parametrize("how", ["remove", "disable"])
@pytest.mark.parametrize("order", ORDERS, ids=" ".join)
async def test_two_hubs_in_any_order(
    hass: HomeAssistant,
    client: MockHAClientWebSocket,
    caplog: pytest.LogCaptureFixture,
    order: tuple[str, ...],
    how: str,
) -> None:
    """Two hubs added and removed (or disabled) in every order: panels while one is enabled."""
    entries: dict[str, ConfigEntry] = {}
    seen: list[tuple[str, bool]] = []
    for step in order:
        title = step[1:]
        if step[0] == "+":
            entries[title] = await async_add_hub(hass, title)
        elif how == "remove":
            assert await hass.config_entries.async_remove(entries.pop(title).entry_id)
        else:
            disabler = ConfigEntryDisabler.USER
            await hass.config_entries.async_set_disabled_by(entries.pop(title).entry_id, disabler)
        await hass.async_block_till_done()
        seen.append((step, set(await _panels(client)) == PANELS))

    assert seen == [(step, bool(entries_after)) for step, entries_after in _enabled_after(order)]
    _no_panel_trouble(caplog)


def _enabled_after(order: tuple[str, ...]) -> list[tuple[str, set[str]]]:
    """Return each step with the hubs enabled after it."""
    enabled: set[str] = set()
    steps = []
    for step in order:
        (enabled.add if step[0] == "+" else enabled.discard)(step[1:])
        steps.append((step, set(enabled)))
    return steps


async def test_reload_during_setup(
    hass: HomeAssistant, client: MockHAClientWebSocket, caplog: pytest.LogCaptureFixture
) -> None:
    """Hubs set up, reloaded and removed at once: the panels are registered once, never twice.

    Each setup waits for the executor to read the files, so the steps interleave: two hubs set
    up together from none, a hub reloaded while its setup runs, the last hub removed while
    another one is set up.
    """
    events = async_capture_events(hass, EVENT_PANELS_UPDATED)
    kitchen, porch, hall = (_entry(hass, title) for title in ("Kitchen", "Porch", "Hall"))
    setups = await _together(
        hass,
        hass.config_entries.async_setup(kitchen.entry_id),
        hass.config_entries.async_setup(porch.entry_id),
    )
    registered = len(events)
    reloads = await _together(
        hass,
        hass.config_entries.async_setup(hall.entry_id),
        hass.config_entries.async_reload(hall.entry_id),
        hass.config_entries.async_reload(kitchen.entry_id),
    )
    after_reloads = set(await _panels(client))
    assert await hass.config_entries.async_remove(kitchen.entry_id)
    assert await hass.config_entries.async_remove(hall.entry_id)
    late = _entry(hass, "Garage")
    swapped = await _together(
        hass,
        hass.config_entries.async_remove(porch.entry_id),
        hass.config_entries.async_setup(late.entry_id),
    )
    last = set(await _panels(client))

    assert setups == [True, True]
    assert registered == len(PANELS)  # one panels_updated per panel, registered once
    assert reloads == [True, True, True]
    assert after_reloads == last == PANELS
    assert swapped[1] is True
    assert len(events) == len(PANELS)  # the files never changed: nothing registered anew
    _no_panel_trouble(caplog)


def _entry(hass: HomeAssistant, title: str) -> MockConfigEntry:
    """Return a hub entry named ``title`` added to ``hass``, not set up."""
    entry = MockConfigEntry(domain=DOMAIN, title=title, data={}, options={})
    entry.add_to_hass(hass)
    return entry


async def _together(hass: HomeAssistant, *steps: Awaitable[Any]) -> list[Any]:
    """Run ``steps`` at once; return their results once all are done and Home Assistant idles."""
    results = list(await asyncio.gather(*steps))
    await hass.async_block_till_done()
    return results
