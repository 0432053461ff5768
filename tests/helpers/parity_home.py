"""A test home for the differential tests: entities whose state can be put back, and scripts.

Real Home Assistant integrations (light, cover, climate, media_player, todo, script, intent
with its timers) run on entities of a test integration, ``parity_home``, that keep all their
state in plain attributes: ``Home.snapshot`` and ``Home.restore`` put the whole home back
between a call through Assist and the same call through a hub, so both start alike.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
import copy
from dataclasses import dataclass, field
from typing import Any

from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockModule,
    MockPlatform,
    mock_integration,
    mock_platform,
)

from custom_components.llm_hub.calls.results import json_safe
from homeassistant.components.climate import ClimateEntity
from homeassistant.components.climate.const import ClimateEntityFeature, HVACMode
from homeassistant.components.cover import CoverEntity, CoverEntityFeature
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.intent.const import TIMER_DATA
from homeassistant.components.intent.timers import (
    TimerEventType,
    TimerInfo,
    async_register_timer_handler,
)
from homeassistant.components.light import LightEntity
from homeassistant.components.light.const import ATTR_BRIGHTNESS, ATTR_RGB_COLOR, ColorMode
from homeassistant.components.media_player import MediaPlayerEntity
from homeassistant.components.media_player.const import (
    MediaPlayerEntityFeature,
    MediaPlayerState,
)
from homeassistant.components.todo.const import TodoItemStatus, TodoListEntityFeature
from homeassistant.components.todo.entity import TodoItem, TodoListEntity
from homeassistant.const import EVENT_CALL_SERVICE, UnitOfTemperature
from homeassistant.core import Context, Event, HomeAssistant, callback
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    llm,
)
from homeassistant.helpers.entity import Entity
from homeassistant.setup import async_setup_component

from .homes import async_setup_assist

DOMAIN = "parity_home"
SATELLITE = "satellite"
"""The name of the device the requests come from: it supports timers (timer intents listed)."""

# One script per selector type that script fields take (helpers/selector.py SELECTORS), with
# the least configuration each needs; a few types twice (multiple, a number with a step).
SCRIPT_SELECTORS: dict[str, dict[str, Any]] = {
    "action": {"action": {}},
    "addon": {"addon": {}},
    "app": {"app": {}},
    "area": {"area": {}},
    "areas": {"area": {"multiple": True}},
    "assist_pipeline": {"assist_pipeline": {}},
    "attribute": {"attribute": {"entity_id": "light.kitchen"}},
    "automation_behavior": {"automation_behavior": {"mode": "trigger"}},
    "backup_location": {"backup_location": {}},
    "boolean": {"boolean": {}},
    "choose": {
        "choose": {
            "choices": {"word": {"selector": {"text": {}}}, "count": {"selector": {"number": {}}}}
        }
    },
    "color_rgb": {"color_rgb": {}},
    "color_temp": {"color_temp": {"min": 2000, "max": 6500}},
    "condition": {"condition": {}},
    "config_entry": {"config_entry": {}},
    "constant": {"constant": {"value": "on", "label": "On"}},
    "conversation_agent": {"conversation_agent": {}},
    "country": {"country": {}},
    "date": {"date": {}},
    "datetime": {"datetime": {}},
    "device": {"device": {}},
    "device_class": {"device_class": {"domain": "sensor"}},
    "duration": {"duration": {}},
    "entity": {"entity": {}},
    "entities": {"entity": {"multiple": True, "domain": "light"}},
    "file": {"file": {"accept": ".txt"}},
    "floor": {"floor": {}},
    "icon": {"icon": {}},
    "label": {"label": {}},
    "language": {"language": {}},
    "location": {"location": {}},
    "media": {"media": {}},
    "number": {"number": {"min": 0, "max": 10, "step": 1}},
    "number_fraction": {"number": {"min": -1.5, "max": 1.5, "step": 0.5, "mode": "box"}},
    "numeric_threshold": {"numeric_threshold": {"mode": "is"}},
    "object": {"object": {}},
    "qr_code": {"qr_code": {"data": "x"}},
    "select": {"select": {"options": ["red", "green"]}},
    "selects": {"select": {"options": ["red", "green"], "multiple": True, "custom_value": True}},
    "serial_port": {"serial_port": {}},
    "state": {"state": {}},
    "state_class": {"state_class": {}},
    "statistic": {"statistic": {}},
    "target": {"target": {}},
    "template": {"template": {}},
    "text": {"text": {}},
    "theme": {"theme": {}},
    "time": {"time": {}},
    "trigger": {"trigger": {}},
}
LOOP_SCRIPT = "parity_loop"
"""A script that loops ``count`` times in a template (``range(count)``): text or a float fails."""


class _Kept(Entity):
    """An entity whose state lives in the attributes named by ``KEPT`` (snapshot, restore)."""

    KEPT: tuple[str, ...] = ()
    _attr_should_poll = False

    def snapshot(self) -> dict[str, Any]:
        """Return a copy of the entity's state."""
        return {name: copy.deepcopy(getattr(self, name)) for name in self.KEPT}

    def restore(self, state: dict[str, Any]) -> None:
        """Put the entity's state back and write it."""
        for name, value in state.items():
            setattr(self, name, copy.deepcopy(value))
        self.async_write_ha_state()


class HomeLight(_Kept, LightEntity):
    """A dimmable colour light."""

    KEPT = ("_attr_is_on", "_attr_brightness", "_attr_rgb_color")
    _attr_color_mode = ColorMode.RGB

    def __init__(self, name: str, unique_id: str) -> None:
        """Start off, half bright, white."""
        self._attr_supported_color_modes = {ColorMode.RGB}
        self._attr_name = name
        self._attr_unique_id = unique_id
        self._attr_is_on = False
        self._attr_brightness = 128
        self._attr_rgb_color = (255, 255, 255)

    async def async_turn_on(self, **kwargs: Any) -> None:
        """Turn on, with the brightness and colour given."""
        self._attr_is_on = True
        self._attr_brightness = kwargs.get(ATTR_BRIGHTNESS, self._attr_brightness)
        self._attr_rgb_color = kwargs.get(ATTR_RGB_COLOR, self._attr_rgb_color)
        self.async_write_ha_state()

    async def async_turn_off(self, **kwargs: Any) -> None:
        """Turn off."""
        self._attr_is_on = False
        self.async_write_ha_state()


class HomeCover(_Kept, CoverEntity):
    """A cover that moves at once."""

    KEPT = ("_attr_current_cover_position", "_attr_is_closed")
    _attr_supported_features = (
        CoverEntityFeature.OPEN
        | CoverEntityFeature.CLOSE
        | CoverEntityFeature.SET_POSITION
        | CoverEntityFeature.STOP
    )

    def __init__(self) -> None:
        """Start half open."""
        self._attr_name = "Garage door"
        self._attr_unique_id = "garage_door"
        self._attr_current_cover_position = 50
        self._attr_is_closed = False

    def _move(self, position: int) -> None:
        self._attr_current_cover_position = position
        self._attr_is_closed = position == 0
        self.async_write_ha_state()

    async def async_open_cover(self, **kwargs: Any) -> None:
        """Open fully."""
        self._move(100)

    async def async_close_cover(self, **kwargs: Any) -> None:
        """Close."""
        self._move(0)

    async def async_set_cover_position(self, **kwargs: Any) -> None:
        """Move to the position given."""
        self._move(kwargs["position"])

    async def async_stop_cover(self, **kwargs: Any) -> None:
        """Stop (it never moves for long)."""
        self.async_write_ha_state()


class HomeClimate(_Kept, ClimateEntity):
    """A thermostat in °C."""

    KEPT = ("_attr_target_temperature", "_attr_hvac_mode")
    _attr_supported_features = (
        ClimateEntityFeature.TARGET_TEMPERATURE
        | ClimateEntityFeature.TURN_ON
        | ClimateEntityFeature.TURN_OFF
    )
    _attr_temperature_unit = UnitOfTemperature.CELSIUS
    _attr_current_temperature = 19.5
    _attr_min_temp = 7
    _attr_max_temp = 35

    def __init__(self) -> None:
        """Start heating to 20 °C."""
        self._attr_hvac_modes = [HVACMode.HEAT, HVACMode.OFF]
        self._attr_name = "Thermostat"
        self._attr_unique_id = "thermostat"
        self._attr_target_temperature = 20.0
        self._attr_hvac_mode = HVACMode.HEAT

    async def async_set_temperature(self, **kwargs: Any) -> None:
        """Set the target temperature."""
        self._attr_target_temperature = kwargs["temperature"]
        self.async_write_ha_state()

    async def async_set_hvac_mode(self, hvac_mode: HVACMode) -> None:
        """Set the mode."""
        self._attr_hvac_mode = hvac_mode
        self.async_write_ha_state()


class HomePlayer(_Kept, MediaPlayerEntity):
    """A media player that is playing."""

    KEPT = ("_attr_state", "_attr_volume_level", "_attr_is_volume_muted", "_attr_media_title")
    _attr_supported_features = (
        MediaPlayerEntityFeature.PAUSE
        | MediaPlayerEntityFeature.PLAY
        | MediaPlayerEntityFeature.NEXT_TRACK
        | MediaPlayerEntityFeature.PREVIOUS_TRACK
        | MediaPlayerEntityFeature.VOLUME_SET
        | MediaPlayerEntityFeature.VOLUME_MUTE
        | MediaPlayerEntityFeature.VOLUME_STEP
    )

    def __init__(self) -> None:
        """Start playing track 1 at 40 %."""
        self._attr_name = "TV"
        self._attr_unique_id = "tv"
        self._attr_state = MediaPlayerState.PLAYING
        self._attr_volume_level = 0.4
        self._attr_is_volume_muted = False
        self._attr_media_title = "Track 1"

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            setattr(self, f"_attr_{name}", value)
        self.async_write_ha_state()

    async def async_media_pause(self) -> None:
        """Pause."""
        self._set(state=MediaPlayerState.PAUSED)

    async def async_media_play(self) -> None:
        """Play."""
        self._set(state=MediaPlayerState.PLAYING)

    async def async_media_next_track(self) -> None:
        """Go to the next track."""
        self._set(media_title=f"{self._attr_media_title} +1")

    async def async_media_previous_track(self) -> None:
        """Go to the previous track."""
        self._set(media_title=f"{self._attr_media_title} -1")

    async def async_set_volume_level(self, volume: float) -> None:
        """Set the volume."""
        self._set(volume_level=volume)

    async def async_mute_volume(self, mute: bool) -> None:
        """Mute or unmute."""
        self._set(is_volume_muted=mute)


class HomeTodo(_Kept, TodoListEntity):
    """A shopping list with numbered item uids."""

    KEPT = ("_attr_todo_items", "_next_uid")
    _attr_supported_features = (
        TodoListEntityFeature.CREATE_TODO_ITEM
        | TodoListEntityFeature.UPDATE_TODO_ITEM
        | TodoListEntityFeature.DELETE_TODO_ITEM
    )

    def __init__(self) -> None:
        """Start with milk to buy and bread bought."""
        self._attr_name = "Shopping"
        self._attr_unique_id = "shopping"
        self._attr_todo_items = [
            TodoItem(summary="Milk", uid="1", status=TodoItemStatus.NEEDS_ACTION),
            TodoItem(summary="Bread", uid="2", status=TodoItemStatus.COMPLETED),
        ]
        self._next_uid = 3

    async def async_create_todo_item(self, item: TodoItem) -> None:
        """Add an item."""
        item.uid = str(self._next_uid)
        self._next_uid += 1
        self._attr_todo_items = [*(self._attr_todo_items or []), item]
        self.async_write_ha_state()

    async def async_update_todo_item(self, item: TodoItem) -> None:
        """Change an item."""
        self._attr_todo_items = [
            item if kept.uid == item.uid else kept for kept in self._attr_todo_items or []
        ]
        self.async_write_ha_state()

    async def async_delete_todo_items(self, uids: list[str]) -> None:
        """Remove items."""
        self._attr_todo_items = [
            kept for kept in self._attr_todo_items or [] if kept.uid not in uids
        ]
        self.async_write_ha_state()


@dataclass
class Home:
    """The test home: its entities, the device requests come from, and what happened."""

    hass: HomeAssistant
    entities: list[_Kept]
    device_id: str
    seen: list[tuple[str, Any]] = field(default_factory=list)
    """Service calls (domain, service, data), script events and timer events, in order."""
    timer_ids: set[str] = field(default_factory=set)

    def snapshot(self) -> dict[str, Any]:
        """Return the home's state: every entity's, and the timers' (by name)."""
        manager = self.hass.data[TIMER_DATA]
        self.timer_ids.update(manager.timers)
        return {
            "entities": [entity.snapshot() for entity in self.entities],
            "timers": sorted(
                (timer.name or "", timer.seconds, timer.is_active)
                for timer in manager.timers.values()
            ),
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Put the home back as ``state`` (from ``snapshot``): entities, then the timers."""
        for entity, kept in zip(self.entities, state["entities"], strict=True):
            entity.restore(kept)
        manager = self.hass.data[TIMER_DATA]
        for timer_id in list(manager.timers):
            manager.cancel_timer(timer_id)
        for name, seconds, _active in state["timers"]:
            manager.start_timer(
                self.device_id, None, None, seconds, self.hass.config.language, name=name
            )
        self.timer_ids.update(manager.timers)
        self.seen.clear()

    def plain(self, value: Any) -> Any:
        """Return ``value`` with timer ids (new per run) as ``<timer>``."""
        if isinstance(value, dict):
            return {key: self.plain(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.plain(item) for item in value]
        if isinstance(value, str) and value in self.timer_ids:
            return "<timer>"
        return value


def _platform(*entities: Entity) -> MockPlatform:
    """Return an entity platform that adds ``entities``."""

    async def async_setup_platform(
        hass: HomeAssistant, config: Any, async_add_entities: Callable[..., None], info: Any
    ) -> None:
        async_add_entities(list(entities))

    return MockPlatform(async_setup_platform=async_setup_platform)


def _script(name: str, selector: dict[str, Any]) -> dict[str, Any]:
    """Return a script with one field ``value`` of ``selector`` that fires what it saw."""
    return {
        "alias": f"Parity {name}",
        "description": f"Takes a {name} value.",
        "fields": {"value": {"name": "Value", "selector": selector}},
        "sequence": [
            {"event": "parity_seen", "event_data": {"value": "{{ value | default('<none>') }}"}}
        ],
    }


async def async_setup_home(hass: HomeAssistant) -> Home:
    """Set up the test home: its entities, areas, a timer device and the scripts.

    Scripts are exposed to Assist (they are not by default); the rest are exposed as Home
    Assistant exposes their domains by default.
    """
    floor = fr.async_get(hass).async_create("Ground floor")
    kitchen = ar.async_get(hass).async_create("Kitchen", floor_id=floor.floor_id)
    ar.async_get(hass).async_create("Garage")
    by_domain: dict[str, list[_Kept]] = {
        "light": [HomeLight("Kitchen light", "kitchen_light"), HomeLight("Desk lamp", "desk_lamp")],
        "cover": [HomeCover()],
        "climate": [HomeClimate()],
        "media_player": [HomePlayer()],
        "todo": [HomeTodo()],
    }
    entities = [entity for members in by_domain.values() for entity in members]
    mock_integration(hass, MockModule(DOMAIN))
    for domain, members in by_domain.items():
        mock_platform(hass, f"{DOMAIN}.{domain}", _platform(*members))
    await async_setup_assist(hass)
    for domain in by_domain:
        assert await async_setup_component(hass, domain, {domain: [{"platform": DOMAIN}]})
    scripts = {
        f"parity_{name}": _script(name, selector) for name, selector in SCRIPT_SELECTORS.items()
    }
    scripts[LOOP_SCRIPT] = {
        "alias": "Parity loop",
        "fields": {"count": {"selector": {"number": {"min": 0, "max": 5, "step": 1}}}},
        "sequence": [
            {"variables": {"ticks": "{% for i in range(count) %}x{% endfor %}"}},
            {"event": "parity_seen", "event_data": {"ticks": "{{ ticks }}"}},
        ],
    }
    assert await async_setup_component(hass, "script", {"script": scripts})
    await hass.async_block_till_done()

    er.async_get(hass).async_update_entity("light.kitchen_light", area_id=kitchen.id)
    for script in scripts:
        async_expose_entity(hass, "conversation", f"script.{script}", should_expose=True)

    entry = MockConfigEntry(domain=DOMAIN)
    entry.add_to_hass(hass)
    device = dr.async_get(hass).async_get_or_create(
        config_entry_id=entry.entry_id, identifiers={(DOMAIN, SATELLITE)}, name=SATELLITE
    )
    home = Home(hass, entities, device.id)

    @callback
    def _timer_event(event_type: TimerEventType, timer: TimerInfo) -> None:
        home.seen.append(("timer", (event_type.value, timer.name, timer.seconds)))

    async_register_timer_handler(hass, device.id, _timer_event)
    # A timer to find, pause or cancel: every run starts with it.
    hass.data[TIMER_DATA].start_timer(device.id, None, 10, None, "en", name="pizza")

    @callback
    def _record(event: Event) -> None:
        if event.event_type == EVENT_CALL_SERVICE:
            data = event.data
            home.seen.append(
                ("call", (data["domain"], data["service"], copy.deepcopy(data["service_data"])))
            )
        else:
            home.seen.append(("event", copy.deepcopy(dict(event.data))))

    hass.bus.async_listen(EVENT_CALL_SERVICE, _record)
    hass.bus.async_listen("parity_seen", _record)
    return home


def _context(home: Home, hass_admin_user: Any) -> llm.LLMContext:
    """Return the context of a request from the home's satellite (timers supported)."""
    return llm.LLMContext(
        platform="test",
        context=Context(user_id=hass_admin_user.id),
        language="en",
        assistant="conversation",
        device_id=home.device_id,
    )


async def _async_effect(
    home: Home, instance: llm.APIInstance, start: dict[str, Any], name: str, args: dict[str, Any]
) -> Effect:
    """Run one call from the state ``start``; return its effect."""
    home.restore(start)
    try:
        result = await instance.async_call_tool(llm.ToolInput(name, copy.deepcopy(args)))
    except (Exception, asyncio.CancelledError) as err:  # noqa: BLE001  # compared below
        outcome: tuple[Any, ...] = ("raised", type(err).__name__)
    else:
        outcome = ("result", result.error, home.plain(json_safe(result.data)))
    await home.hass.async_block_till_done()
    # Calls run at once (an intent acting on several entities) come in any order.
    seen = sorted(home.plain(list(home.seen)), key=repr)
    return Effect(outcome, seen, home.plain(home.snapshot()))


def _verdict(assist: Effect, hub: Effect) -> str:
    """Return how the hub's effect compares with Assist's; fail where it must not differ.

    Equal effects; or both failed (Assist raised or answered an error; the hub answered an
    error), the hub having done what Assist did before failing, or nothing (refused).
    """
    assert hub.outcome[0] == "result", hub
    if assist.failed or hub.failed:
        assert assist.failed, ("only the hub failed", assist, hub)
        assert hub.failed, ("only Assist failed", assist, hub)
        if not hub.seen and assist.seen:
            return "hub refused, Assist failed"
        verdict = "both failed"
    else:
        assert hub.outcome == assist.outcome, (assist.outcome, hub.outcome)
        verdict = "same effect"
    assert hub.seen == assist.seen, (assist.seen, hub.seen)
    assert hub.after == assist.after
    return verdict


@dataclass
class Effect:
    """What one call did."""

    outcome: tuple[Any, ...]
    """``("result", error, data)`` or ``("raised", exception type)``."""
    seen: list[Any]
    """Service calls, script events and timer events, in order."""
    after: dict[str, Any]
    """The state of the home after the call."""

    @property
    def failed(self) -> bool:
        """Return whether the call could not be served (it raised, or answered an error)."""
        return self.outcome[0] == "raised" or bool(self.outcome[1])
