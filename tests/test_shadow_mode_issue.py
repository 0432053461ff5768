"""A hub left in shadow mode for a week raises a repair issue; its fix turns shadow mode off.

Shadow mode is turned on through the real options flow (or stored, as a hand edit leaves
it); the week passes on Home Assistant's clock; the fix runs through the repairs HTTP API,
as the frontend drives it.
"""

from __future__ import annotations

from datetime import timedelta
from http import HTTPStatus
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import async_fire_time_changed
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.llm_hub import const
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from .helpers.confirm import SAFETY
from .helpers.hubs import async_add_hub, async_set_options, hub_issues
from .helpers.translations import TRANSLATIONS

pytestmark = pytest.mark.usefixtures("setup_llm")

WEEK = const.SHADOW_MODE_WARN_AFTER


def _issue(hass: HomeAssistant, entry_id: str) -> ir.IssueEntry | None:
    """Return the shadow mode issue of the hub ``entry_id``, if raised."""
    return hub_issues(hass).get(f"shadow_mode_{entry_id}")


async def _pass(hass: HomeAssistant, freezer: FrozenDateTimeFactory, time: timedelta) -> None:
    """Let ``time`` pass on Home Assistant's clock; wait for what its timers do."""
    freezer.tick(time)
    async_fire_time_changed(hass, dt_util.utcnow())
    await hass.async_block_till_done()


async def test_a_week_in_shadow_mode_raises_an_issue_turning_it_off_clears_it(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """Turned on in Safety, the issue comes a week later (not a second before), naming the
    hub and the day; turned off in Safety, it goes."""
    freezer.move_to("2026-12-01T09:30:00+00:00")
    hub = await async_add_hub(hass, "Kitchen")
    await async_set_options(hass, hub, "safety", SAFETY | {const.CONF_SHADOW_MODE: True})

    await _pass(hass, freezer, WEEK - timedelta(seconds=1))
    assert _issue(hass, hub.entry_id) is None
    await _pass(hass, freezer, timedelta(seconds=1))
    issue = _issue(hass, hub.entry_id)

    assert issue is not None
    assert issue.is_fixable
    assert issue.translation_key == "shadow_mode"
    assert issue.translation_placeholders == {"hub": "Kitchen", "since": "2026-12-01"}
    title = TRANSLATIONS["issues"]["shadow_mode"]["title"]
    assert title.format(**issue.translation_placeholders) == (
        "Kitchen has been in shadow mode since 2026-12-01"
    )
    await async_set_options(hass, hub, "safety", SAFETY)
    assert _issue(hass, hub.entry_id) is None


async def test_shadow_mode_stored_a_week_ago_raises_at_load_and_goes_with_the_hub(
    hass: HomeAssistant,
) -> None:
    """Stored as on since eight days, the issue is raised when the hub loads; removing the
    hub removes it."""
    since = (dt_util.utcnow() - timedelta(days=8)).isoformat()
    hub = await async_add_hub(
        hass, "Kitchen", {const.CONF_SHADOW_MODE: True, const.CONF_SHADOW_SINCE: since}
    )
    assert _issue(hass, hub.entry_id) is not None

    assert await hass.config_entries.async_remove(hub.entry_id)
    await hass.async_block_till_done()

    assert _issue(hass, hub.entry_id) is None


async def test_hand_edited_shadow_mode_counts_from_load(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """On without a stored start (or a start in the future): counted from when it loaded."""
    later = (dt_util.utcnow() + timedelta(days=30)).isoformat()
    bare = await async_add_hub(hass, "Bare", {const.CONF_SHADOW_MODE: True})
    future = await async_add_hub(
        hass, "Future", {const.CONF_SHADOW_MODE: True, const.CONF_SHADOW_SINCE: later}
    )

    await _pass(hass, freezer, WEEK - timedelta(minutes=1))
    assert (_issue(hass, bare.entry_id), _issue(hass, future.entry_id)) == (None, None)
    await _pass(hass, freezer, timedelta(minutes=1))

    assert _issue(hass, bare.entry_id) is not None
    assert _issue(hass, future.entry_id) is not None


@pytest.mark.attack
@pytest.mark.parametrize(
    "since",
    [
        pytest.param(None, id="none"),
        pytest.param("2026-12-01T09:30:00", id="naive"),
        pytest.param("2999-01-01T00:00:00+00:00", id="future"),
    ],
)
async def test_a_reload_within_the_week_keeps_counting_it(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, since: str | None
) -> None:
    """On without a start before now (a hand edit), the hub loads, reloads six days later,
    and the issue still comes a week after the first load: the start it stored then holds."""
    freezer.move_to("2026-12-03T08:00:00+00:00")
    options: dict[str, Any] = {const.CONF_SHADOW_MODE: True}
    if since is not None:
        options[const.CONF_SHADOW_SINCE] = since
    hub = await async_add_hub(hass, "Kitchen", options)
    assert hub.options[const.CONF_SHADOW_SINCE] == "2026-12-03T08:00:00+00:00"

    await _pass(hass, freezer, timedelta(days=6))
    assert await hass.config_entries.async_reload(hub.entry_id)
    await _pass(hass, freezer, timedelta(days=1) - timedelta(seconds=1))
    assert _issue(hass, hub.entry_id) is None
    await _pass(hass, freezer, timedelta(seconds=1))

    issue = _issue(hass, hub.entry_id)
    assert issue is not None
    assert issue.translation_placeholders == {"hub": "Kitchen", "since": "2026-12-03"}


@pytest.mark.attack
async def test_a_start_on_the_first_day_there_is_raises_at_load(hass: HomeAssistant) -> None:
    """Shadow mode stored as on since the first day of the calendar: the hub loads (no day
    out of range in the configured time zone), and the issue names that day at once."""
    assert hass.config.time_zone == "US/Pacific"  # west of UTC: the local day would be year 0
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {const.CONF_SHADOW_MODE: True, const.CONF_SHADOW_SINCE: "0001-01-01T00:00:00+00:00"},
    )

    issue = _issue(hass, hub.entry_id)
    assert issue is not None
    assert issue.translation_placeholders == {"hub": "Kitchen", "since": "0001-01-01"}


@pytest.mark.attack
async def test_toggled_quickly_the_week_counts_from_the_last_turn_on(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """On, off, on again a day later: the issue comes a week after the last turn on, not
    after the first; raised, turning it off clears it at once."""
    hub = await async_add_hub(hass, "Kitchen")
    await async_set_options(hass, hub, "safety", SAFETY | {const.CONF_SHADOW_MODE: True})
    await async_set_options(hass, hub, "safety", SAFETY)
    await _pass(hass, freezer, timedelta(days=1))
    await async_set_options(hass, hub, "safety", SAFETY | {const.CONF_SHADOW_MODE: True})

    await _pass(hass, freezer, WEEK - timedelta(seconds=1))
    assert _issue(hass, hub.entry_id) is None
    await _pass(hass, freezer, timedelta(seconds=1))
    assert _issue(hass, hub.entry_id) is not None
    await async_set_options(hass, hub, "safety", SAFETY)

    assert _issue(hass, hub.entry_id) is None


async def test_unloading_the_hub_stops_its_timer(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """A hub unloaded before its week is up raises nothing then."""
    hub = await async_add_hub(hass, "Kitchen", {const.CONF_SHADOW_MODE: True})
    assert await hass.config_entries.async_unload(hub.entry_id)

    await _pass(hass, freezer, WEEK)

    assert _issue(hass, hub.entry_id) is None


async def _fix(client: Any, issue_id: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """Start the fix of ``issue_id`` (no ``data``), or continue it with ``data``."""
    if data is None:
        response = await client.post(
            "/api/repairs/issues/fix", json={"handler": const.DOMAIN, "issue_id": issue_id}
        )
    else:
        response = await client.post(f"/api/repairs/issues/fix/{issue_id}", json=data)
    assert response.status == HTTPStatus.OK
    result: dict[str, Any] = await response.json()
    return result


async def test_fix_flow_turns_shadow_mode_off(
    hass: HomeAssistant, hass_client: ClientSessionGenerator
) -> None:
    """The fix names the hub, and on confirming takes shadow mode and its start out of the
    options (the rest stays); the hub reloads without it and the issue goes."""
    assert await async_setup_component(hass, "repairs", {})
    since = (dt_util.utcnow() - timedelta(days=8)).isoformat()
    options = {
        const.CONF_SHADOW_MODE: True,
        const.CONF_SHADOW_SINCE: since,
        const.CONF_ASK_DOMAINS: ["lock"],
    }
    hub = await async_add_hub(hass, "Kitchen", options)
    client = await hass_client()

    flow = await _fix(client, f"shadow_mode_{hub.entry_id}")
    assert (flow["step_id"], flow["description_placeholders"]) == ("confirm", {"hub": "Kitchen"})
    done = await _fix(client, flow["flow_id"], {})
    await hass.async_block_till_done()

    assert done["type"] == "create_entry"
    assert hub.options == {const.CONF_ASK_DOMAINS: ["lock"]}
    assert hub.runtime_data.api.shadow_since is None
    assert _issue(hass, hub.entry_id) is None


async def test_fix_flow_of_a_hub_removed_meanwhile(
    hass: HomeAssistant, hass_client: ClientSessionGenerator
) -> None:
    """A hub removed while its fix is open: the fix says so and changes nothing."""
    assert await async_setup_component(hass, "repairs", {})
    since = (dt_util.utcnow() - timedelta(days=8)).isoformat()
    hub = await async_add_hub(
        hass, "Kitchen", {const.CONF_SHADOW_MODE: True, const.CONF_SHADOW_SINCE: since}
    )
    client = await hass_client()
    flow = await _fix(client, f"shadow_mode_{hub.entry_id}")
    assert await hass.config_entries.async_remove(hub.entry_id)

    done = await _fix(client, flow["flow_id"], {})

    assert (done["type"], done["reason"]) == ("abort", "entry_removed")
