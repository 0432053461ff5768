"""A hub's limits and what they count now, as the panel gets them (``llm_hub/hub/limits``).

Limits are set through the real options flow; calls come as a model makes them, by real
users and by a caller without one; the counts are read over the real websocket API.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers.hubs import (
    FixedAPI,
    RecordingTool,
    async_add_hub,
    async_set_options,
    hub_id,
    llm_context,
)

LIMITS = {const.CONF_MAX_TOOLS: 128, const.CONF_RECORD_ARGUMENTS: False}


async def _limited_hub(hass: HomeAssistant, **limits: int) -> MockConfigEntry:
    """Add a hub over a light switch and a reader, its ``limits`` set in Limits and logging."""
    tools: list[llm.Tool] = [
        RecordingTool("switch_light", annotations=llm.ToolAnnotations()),
        RecordingTool("read_light", annotations=llm.ToolAnnotations(read_only=True)),
    ]
    llm.async_register_api(hass, FixedAPI(hass, "fixed", "Fixed", tools))
    entry = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["fixed"]})
    await async_set_options(hass, entry, "limits", LIMITS | limits)
    return entry


async def _call(hass: HomeAssistant, entry: MockConfigEntry, tool: str, user: str | None) -> None:
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context(user))
    await instance.async_call_tool(llm.ToolInput(tool, {}))


async def _limits(client: Any, entry_id: str) -> dict[str, Any]:
    await client.send_json_auto_id({"type": "llm_hub/hub/limits", "entry_id": entry_id})
    response: dict[str, Any] = await client.receive_json()
    assert response["success"], response
    result: dict[str, Any] = response["result"]
    return result


async def test_limits_and_counts_by_person_and_tool(
    hass: HomeAssistant,
    setup_llm: None,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Two calls a minute, three changes an hour: the panel gets the limits, the calls of each
    person and tool this minute (most first, people by name, a caller without a user as
    none), each person's changes this hour (a reader's call is no change), and the refusals
    of the hour. A minute on, the calls are gone and the changes stay."""
    bob = MockUser(name="Bob").add_to_hass(hass)
    hub = await _limited_hub(
        hass, **{const.CONF_CALLS_PER_MINUTE: 2, const.CONF_CHANGES_PER_HOUR: 3}
    )
    client = await hass_ws_client(hass)
    for tool, user in [
        ("switch_light", bob.id),
        ("switch_light", bob.id),
        ("switch_light", bob.id),  # refused: the limit of the minute
        ("read_light", bob.id),
        ("switch_light", hass_admin_user.id),
        ("switch_light", None),
    ]:
        await _call(hass, hub, tool, user)

    counts = await _limits(client, hub.entry_id)
    freezer.tick(timedelta(seconds=61))
    later = await _limits(client, hub.entry_id)

    admin = hass_admin_user.name
    assert counts == {
        "loaded": True,
        "calls_per_minute": 2,
        "changes_per_hour": 3,
        "calls": [
            {"user_id": bob.id, "user_name": "Bob", "tool_name": "switch_light", "count": 2},
            {"user_id": None, "user_name": None, "tool_name": "switch_light", "count": 1},
            {"user_id": bob.id, "user_name": "Bob", "tool_name": "read_light", "count": 1},
            {
                "user_id": hass_admin_user.id,
                "user_name": admin,
                "tool_name": "switch_light",
                "count": 1,
            },
        ],
        "changes": [
            {"user_id": bob.id, "user_name": "Bob", "count": 2},
            {"user_id": None, "user_name": None, "count": 1},
            {"user_id": hass_admin_user.id, "user_name": admin, "count": 1},
        ],
        "refusals": 1,
    }
    assert later["calls"] == []
    assert later["changes"] == counts["changes"]
    assert later["refusals"] == 1


async def test_limits_of_a_hub_without_limits_or_not_loaded(
    hass: HomeAssistant, setup_llm: None, hass_ws_client: WebSocketGenerator
) -> None:
    """A hub without limits counts nothing; one not loaded says so and shows its stored
    limits; an entry that is no hub is not found."""
    plain = await async_add_hub(hass, "Plain")
    stored = await async_add_hub(hass, "Stored", {const.CONF_CHANGES_PER_HOUR: 5})
    assert await hass.config_entries.async_unload(stored.entry_id)
    client = await hass_ws_client(hass)

    assert await _limits(client, plain.entry_id) == {
        "loaded": True,
        "calls_per_minute": None,
        "changes_per_hour": None,
        "calls": [],
        "changes": [],
        "refusals": 0,
    }
    assert await _limits(client, stored.entry_id) == {
        "loaded": False,
        "calls_per_minute": None,
        "changes_per_hour": 5,
        "calls": [],
        "changes": [],
        "refusals": 0,
    }
    await client.send_json_auto_id({"type": "llm_hub/hub/limits", "entry_id": "nope"})
    response = await client.receive_json()
    assert response["error"]["code"] == "not_found"


async def test_limits_are_for_administrators(
    hass: HomeAssistant,
    setup_llm: None,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_access_token: str,
) -> None:
    """A user who is no administrator gets no hub's counts."""
    hub = await async_add_hub(hass, "Plain")
    client = await hass_ws_client(hass, hass_read_only_access_token)

    await client.send_json_auto_id({"type": "llm_hub/hub/limits", "entry_id": hub.entry_id})
    response = await client.receive_json()

    assert response["error"]["code"] == "unauthorized"


@pytest.mark.attack
@pytest.mark.parametrize("stored", [1e300, 1.5e21, 10**6])
async def test_a_huge_stored_limit_counts_as_the_highest_the_form_takes(
    hass: HomeAssistant, setup_llm: None, hass_ws_client: WebSocketGenerator, stored: float
) -> None:
    """Limits stored higher than the Limits step takes (a hand edit): the panel still gets the
    hub's limits and counts, each the highest the form takes, and the Limits step opens with
    that value."""
    entry = await async_add_hub(
        hass,
        "Home",
        {const.CONF_CALLS_PER_MINUTE: stored, const.CONF_CHANGES_PER_HOUR: stored},
    )
    client = await hass_ws_client(hass)

    counts = await _limits(client, entry.entry_id)
    menu = await hass.config_entries.options.async_init(entry.entry_id)
    step = await hass.config_entries.options.async_configure(
        menu["flow_id"], {"next_step_id": "limits"}
    )

    highest = const.MAX_CALL_LIMIT
    schema = step["data_schema"]
    assert schema is not None
    assert (counts["calls_per_minute"], counts["changes_per_hour"]) == (highest, highest)
    suggested = {
        str(key): key.description["suggested_value"]
        for key in schema.schema
        if str(key) in (const.CONF_CALLS_PER_MINUTE, const.CONF_CHANGES_PER_HOUR)
    }
    assert suggested == dict.fromkeys(
        (const.CONF_CALLS_PER_MINUTE, const.CONF_CHANGES_PER_HOUR), highest
    )


@pytest.mark.attack
async def test_counts_of_a_user_removed_meanwhile(
    hass: HomeAssistant, setup_llm: None, hass_ws_client: WebSocketGenerator
) -> None:
    """Bob calls, then is removed: his counts stay, by his id without a name, and the panel
    still gets the hub's counts."""
    bob = MockUser(name="Bob").add_to_hass(hass)
    hub = await _limited_hub(
        hass, **{const.CONF_CALLS_PER_MINUTE: 5, const.CONF_CHANGES_PER_HOUR: 5}
    )
    await _call(hass, hub, "switch_light", bob.id)
    await hass.auth.async_remove_user(bob)
    client = await hass_ws_client(hass)

    counts = await _limits(client, hub.entry_id)

    assert counts["calls"] == [
        {"user_id": bob.id, "user_name": None, "tool_name": "switch_light", "count": 1}
    ]
    assert counts["changes"] == [{"user_id": bob.id, "user_name": None, "count": 1}]
