"""The panel's view of a hub's scope, and the test bench refusing a call out of scope."""

from __future__ import annotations

from typing import Any

from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from homeassistant.components.homeassistant.exposed_entities import (
    async_expose_entity,
    async_should_expose,
)
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import area_registry as ar, device_registry as dr, entity_registry as er
from homeassistant.setup import async_setup_component

from ..helpers.hubs import async_add_hub, hub_id
from ..helpers.parity_home import Home

type Client = Any
"""A websocket client of the test plugin (``MockHAClientWebSocket``)."""

FOLLOWED = {"acts_outside": False, "outside": [], "outside_why": None}


async def _ws(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    """Send a command; return its response."""
    await client.send_json_auto_id(message)
    response: dict[str, Any] = await client.receive_json()
    return response


async def test_scope_by_name(
    hass: HomeAssistant,
    parity_home: Home,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
) -> None:
    """The scope comes by name (None for what is gone) with the exposed entities it reaches."""
    entry = await async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: ["assist"],
            const.CONF_SCOPE_AREAS: ["kitchen", "gone_area"],
            const.CONF_SCOPE_FLOORS: ["ground_floor"],
            const.CONF_SCOPE_LABELS: ["gone_label"],
            const.CONF_SCOPE_DOMAINS: ["cover"],
            const.CONF_SCOPE_ENTITIES: ["media_player.tv", "light.gone"],
            const.CONF_SCOPE_EXCLUDED: ["light.desk_lamp"],
            const.CONF_ALLOWED_USERS: [hass_admin_user.id, "gone_user"],
            const.CONF_ADMINS_ONLY: True,
        },
    )
    client = await hass_ws_client(hass)
    response = await _ws(client, {"type": "llm_hub/hub/scope", "entry_id": entry.entry_id})

    assert response["success"], response
    exposed = [
        entity_id
        for entity_id in hass.states.async_entity_ids()
        if async_should_expose(hass, "conversation", entity_id)
    ]
    assert response["result"] == {
        "empty": False,
        "areas": [{"id": "gone_area", "name": None}, {"id": "kitchen", "name": "Kitchen"}],
        "floors": [{"id": "ground_floor", "name": "Ground floor"}],
        "labels": [{"id": "gone_label", "name": None}],
        "domains": ["cover"],
        "entities": [{"id": "light.gone", "name": None}, {"id": "media_player.tv", "name": "TV"}],
        "excluded": [{"id": "light.desk_lamp", "name": "Desk lamp"}],
        "allowed_users": [
            {"id": "gone_user", "name": None},
            {"id": hass_admin_user.id, "name": "Mock User"},
        ],
        "admins_only": True,
        "exposed": len(exposed),
        "reached": [
            {"id": "cover.garage_door", "name": "Garage door", "area": None, **FOLLOWED},
            {"id": "light.kitchen_light", "name": "Kitchen light", "area": "Kitchen", **FOLLOWED},
            {"id": "media_player.tv", "name": "TV", "area": None, **FOLLOWED},
        ],
    }
    assert len(exposed) > 3


async def test_no_scope_reaches_every_exposed_entity(
    hass: HomeAssistant, parity_home: Home, hass_ws_client: WebSocketGenerator
) -> None:
    """Without a scope the hub reaches every exposed entity; an area can come from the device."""
    entry = await async_add_hub(hass, "Plain", {CONF_LLM_HASS_API: ["assist"]})
    garage = ar.async_get(hass).async_get_area_by_name("Garage")
    assert garage is not None
    device = dr.async_get(hass).async_get_or_create(
        config_entry_id=entry.entry_id, identifiers={("test", "door")}, name="Door"
    )
    dr.async_get(hass).async_update_device(device.id, area_id=garage.id)
    er.async_get(hass).async_update_entity("cover.garage_door", device_id=device.id)
    hass.states.async_set("light.unregistered", "off", {"friendly_name": "Loose lamp"})
    async_expose_entity(hass, "conversation", "media_player.tv", should_expose=False)
    client = await hass_ws_client(hass)

    result = (await _ws(client, {"type": "llm_hub/hub/scope", "entry_id": entry.entry_id}))[
        "result"
    ]

    assert result["empty"] is True
    assert result["areas"] == result["allowed_users"] == []
    assert result["admins_only"] is False
    rows = {row["id"]: row for row in result["reached"]}
    assert len(rows) == result["exposed"]
    assert "media_player.tv" not in rows
    assert rows["cover.garage_door"]["area"] == "Garage"
    assert rows["light.unregistered"] == {
        "id": "light.unregistered",
        "name": "Loose lamp",
        "area": None,
        **FOLLOWED,
    }
    names = [str(row["name"]).casefold() for row in result["reached"]]
    assert names == sorted(names)


async def test_scope_flags_an_entity_acting_outside_it(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator
) -> None:
    """A template light in the scope switching a helper with no area is flagged, until moved."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"power": {}}})
    switched = {"action": "input_boolean.toggle", "target": {"entity_id": "input_boolean.power"}}
    lamp = {"name": "Lamp", "unique_id": "lamp", "turn_on": switched, "turn_off": switched}
    assert await async_setup_component(hass, "template", {"template": [{"light": [lamp]}]})
    await hass.async_block_till_done()
    kitchen = ar.async_get(hass).async_create("Kitchen")
    entities = er.async_get(hass)
    entities.async_update_entity("light.lamp", area_id=kitchen.id)
    entry = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_AREAS: [kitchen.id]}
    )
    client = await hass_ws_client(hass)
    message = {"type": "llm_hub/hub/scope", "entry_id": entry.entry_id}

    before = (await _ws(client, message))["result"]["reached"]
    entities.async_update_entity("input_boolean.power", area_id=kitchen.id)
    after = (await _ws(client, message))["result"]["reached"]

    assert [(row["id"], row["acts_outside"]) for row in before] == [("light.lamp", True)]
    assert before[0]["outside"] == [{"id": "input_boolean.power", "name": "power"}]
    assert before[0]["outside_why"] is None
    assert [(row["id"], row["acts_outside"]) for row in after] == [("light.lamp", False)]


async def test_scope_says_why_an_entity_it_cannot_follow_is_refused(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator
) -> None:
    """A script in the scope that fires an event is flagged with why, naming no entity."""
    assert await async_setup_component(hass, "homeassistant", {})
    chime = {"sequence": [{"event": "chime"}]}
    assert await async_setup_component(hass, "script", {"script": {"chime": chime}})
    async_expose_entity(hass, "conversation", "script.chime", should_expose=True)
    entry = await async_add_hub(
        hass, "Chime", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: ["script.chime"]}
    )
    client = await hass_ws_client(hass)

    result = await _ws(client, {"type": "llm_hub/hub/scope", "entry_id": entry.entry_id})

    (row,) = result["result"]["reached"]
    assert (row["id"], row["acts_outside"], row["outside"]) == ("script.chime", True, [])
    why = "the script script.chime: it fires the event chime, which automations may act on"
    assert row["outside_why"] == why


async def test_scope_errors(
    hass: HomeAssistant,
    parity_home: Home,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_access_token: str,
) -> None:
    """Only a hub's entry id is found, and only by an administrator."""
    await async_add_hub(hass, "Plain", {CONF_LLM_HASS_API: ["assist"]})
    other = MockConfigEntry(domain="other")
    other.add_to_hass(hass)
    client = await hass_ws_client(hass)
    for entry_id in ("nope", other.entry_id):
        response = await _ws(client, {"type": "llm_hub/hub/scope", "entry_id": entry_id})
        assert response["error"] == {
            "code": "not_found",
            "message": f"No hub with entry id {entry_id}",
        }
    user = await hass_ws_client(hass, hass_read_only_access_token)
    response = await _ws(user, {"type": "llm_hub/hub/scope", "entry_id": "nope"})
    assert response["error"]["code"] == "unauthorized"


def _state(hass: HomeAssistant, entity_id: str) -> str:
    """Return the state of an entity that exists."""
    state = hass.states.get(entity_id)
    assert state is not None
    return state.state


async def _bench(client: Client, entry: MockConfigEntry, **tool_args: Any) -> dict[str, Any]:
    """Call HassTurnOn through the test bench's command; return its result."""
    response = await _ws(
        client,
        {
            "type": "llm_hub/tool/call",
            "api_id": hub_id(entry),
            "tool_name": "intent__HassTurnOn",
            "tool_args": tool_args,
        },
    )
    assert response["success"], response
    result: dict[str, Any] = response["result"]
    result.pop("duration_ms")
    return result


async def test_bench_refuses_out_of_scope(
    hass: HomeAssistant, parity_home: Home, hass_ws_client: WebSocketGenerator
) -> None:
    """Out of scope, the bench is refused as outside the scope (not "not exposed", as an
    unexposed entity is); nothing changes."""
    scoped = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_AREAS: ["kitchen"]}
    )
    plain = await async_add_hub(hass, "Plain", {CONF_LLM_HASS_API: ["assist"]})
    client = await hass_ws_client(hass)

    refused = await _bench(client, scoped, name="Desk lamp")
    assert _state(hass, "light.desk_lamp") == "off"
    async_expose_entity(hass, "conversation", "light.desk_lamp", should_expose=False)
    unexposed = await _bench(client, plain, name="Desk lamp")

    assert refused["tool_name"] == unexposed["tool_name"] == "intent__HassTurnOn"
    assert refused["outcome"] == "refused"
    assert refused["result"]["error"] is True
    assert refused["result"]["data"]["error"] == "OutOfScope"
    text = refused["result"]["data"]["error_text"]
    assert "name 'Desk lamp'" in text
    assert "is outside the scope of this assistant" in text
    assert "light.desk_lamp" not in text
    assert unexposed == {
        "tool_name": "intent__HassTurnOn",
        "result": {
            "data": {
                "error": "MatchFailedError",
                "error_text": "No matching entities are exposed to the assistant "
                "(given name 'Desk lamp')",
            },
            "error": True,
        },
        "outcome": "error",
    }
    assert _state(hass, "light.desk_lamp") == "off"
    # In scope, the same hub acts.
    done = await _bench(client, scoped, name="Kitchen light")
    assert done["outcome"] == "ok"
    assert _state(hass, "light.kitchen_light") == "on"
