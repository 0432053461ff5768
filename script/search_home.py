"""The synthetic home of ``script/bench_search.py``: scripts, contributed tools and queries.

Assist's own tools come from a real Home Assistant (``bench_search.async_assist_tools``);
this module adds a home's scripts and the tools of custom integrations, with realistic names
and descriptions, and the requests a person makes of the home with the tools that serve them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["QUERIES", "Query", "SyntheticTool", "contributed_tools", "scripts"]


@dataclass(frozen=True)
class SyntheticTool:
    """A tool as a hub lists it: name, title, description, clean JSON Schema, source."""

    name: str
    title: str | None
    description: str
    parameters: dict[str, Any]
    source: str


@dataclass(frozen=True)
class Query:
    """A request a person makes, in ``language``, and the tools that serve it (any one)."""

    language: str
    text: str
    expected: tuple[str, ...]
    keywords: str = ""
    """Keywords the prompt asks the model to search with: what to do and to what, in English
    (the model adds them to the user's words)."""


def _schema(**properties: tuple[str, str]) -> dict[str, Any]:
    """Return an object schema of ``name=(type, description)`` properties, all optional."""
    return {
        "type": "object",
        "properties": {
            name: {"type": kind, "description": text} for name, (kind, text) in properties.items()
        },
        "additionalProperties": False,
    }


# Scripts a home's users wrote: (object id, alias, description, fields).
_SCRIPTS: list[tuple[str, str, str, dict[str, tuple[str, str]]]] = [
    ("good_night", "Good night", "Turns off all lights, locks the doors and arms the alarm", {}),
    (
        "good_morning",
        "Good morning",
        "Opens the blinds, starts the coffee machine and reads the weather",
        {},
    ),
    (
        "leave_home",
        "Leave home",
        "Everything off when we leave: lights, heating to eco, vacuum starts",
        {},
    ),
    ("arrive_home", "Arrive home", "Welcome scene: hallway light, heating comfort, music", {}),
    (
        "movie_time",
        "Movie time",
        "Dims the living room, closes the curtains, turns on the TV and the soundbar",
        {},
    ),
    ("party_mode", "Party mode", "Colorful lights and the party playlist in the living room", {}),
    (
        "feed_the_cat",
        "Feed the cat",
        "Dispenses one portion from the cat feeder",
        {"portions": ("integer", "How many portions")},
    ),
    (
        "water_the_garden",
        "Water the garden",
        "Runs the garden irrigation for some minutes",
        {"minutes": ("integer", "How long to water")},
    ),
    ("open_garage", "Open garage", "Opens the garage door and turns on the driveway light", {}),
    ("close_garage", "Close garage", "Closes the garage door", {}),
    (
        "start_coffee",
        "Make coffee",
        "Starts the espresso machine: one cup",
        {"cups": ("integer", "Number of cups")},
    ),
    ("heat_bathroom", "Heat bathroom", "Warms the bathroom to 24 °C with the towel radiator", {}),
    ("kids_bedtime", "Kids bedtime", "Night light in the children's room, white noise on", {}),
    (
        "guest_wifi_qr",
        "Guest Wi-Fi",
        "Shows the guest Wi-Fi password as a QR code on the kitchen display",
        {},
    ),
    ("vacation_mode", "Vacation mode", "Simulates presence with lights while we are away", {}),
    ("doorbell_mute", "Mute doorbell", "Mutes the doorbell chime for an hour (baby sleeps)", {}),
    ("sauna_preheat", "Preheat sauna", "Preheats the sauna to 80 °C", {}),
    ("pool_pump_boost", "Pool pump boost", "Runs the pool pump at full speed for two hours", {}),
    ("wake_up_light", "Wake-up light", "Slowly brightens the bedroom lights over 20 minutes", {}),
    (
        "announce",
        "Announce",
        "Speaks a message on all speakers in the house",
        {"message": ("string", "What to say")},
    ),
    (
        "find_my_phone",
        "Find my phone",
        "Rings the phone of a family member",
        {"person": ("string", "Whose phone")},
    ),
    ("christmas_lights", "Christmas lights", "Turns on the Christmas tree and window lights", {}),
    ("ventilate", "Ventilate", "Runs the ventilation at boost level for 30 minutes", {}),
    # Scripts that German-speaking users named.
    ("gute_nacht", "Gute Nacht", "Alle Lichter aus, Haustür abschließen, Alarmanlage scharf", {}),
    ("rolllaeden_runter", "Rollläden runter", "Fährt alle Rollläden im Erdgeschoss herunter", {}),
    ("kaffee_kochen", "Kaffee kochen", "Startet die Kaffeemaschine in der Küche", {}),
    ("fernsehabend", "Fernsehabend", "Wohnzimmer dimmen, Fernseher und Soundbar einschalten", {}),
    ("badezimmer_heizen", "Badezimmer heizen", "Heizt das Badezimmer auf 24 Grad", {}),
    (
        "gartenbewaesserung",
        "Gartenbewässerung",
        "Bewässert den Garten für einige Minuten",
        {"minuten": ("integer", "Wie lange")},
    ),
    ("urlaubsmodus", "Urlaubsmodus", "Anwesenheitssimulation mit Lichtern während des Urlaubs", {}),
    ("staubsauger_kueche", "Küche saugen", "Schickt den Saugroboter in die Küche", {}),
    (
        "weihnachtsbeleuchtung",
        "Weihnachtsbeleuchtung",
        "Schaltet Weihnachtsbaum und Fensterlichter ein",
        {},
    ),
    ("lueften", "Lüften", "Lüftung auf Stufe 3 für 30 Minuten", {}),
    # Scripts that Russian-speaking users named.
    ("spokoynoy_nochi", "Спокойной ночи", "Выключает весь свет и запирает входную дверь", {}),
    ("kofe", "Сварить кофе", "Включает кофемашину на кухне", {}),
    ("kinoteatr", "Кинотеатр", "Приглушает свет в гостиной и включает телевизор", {}),
    (
        "polit_sad",
        "Полить сад",
        "Включает полив сада на несколько минут",
        {"minuty": ("integer", "Сколько минут")},
    ),
    ("otpusk", "Режим отпуска", "Имитация присутствия светом, пока мы в отпуске", {}),
    ("provetrit", "Проветрить", "Включает вентиляцию на полчаса", {}),
]

_ROOMS = [
    ("living_room", "Living room"),
    ("kitchen", "Kitchen"),
    ("bedroom", "Bedroom"),
    ("bathroom", "Bathroom"),
    ("office", "Office"),
    ("kids_room", "Kids room"),
    ("guest_room", "Guest room"),
    ("hallway", "Hallway"),
    ("dining_room", "Dining room"),
    ("basement", "Basement"),
    ("attic", "Attic"),
    ("laundry", "Laundry room"),
    ("garage", "Garage"),
    ("terrace", "Terrace"),
    ("garden", "Garden"),
]
# Per-room scripts: (suffix, alias, description).
_ROOM_SCRIPTS = [
    ("reading", "{room} reading light", "Bright warm light for reading in the {lower}"),
    ("relax", "{room} relax", "Dim warm scene in the {lower}"),
    ("focus", "{room} focus", "Cold bright light for working in the {lower}"),
    ("blinds_half", "{room} blinds half", "Moves the blinds of the {lower} to 50 %"),
    ("heating_boost", "{room} heating boost", "Heats the {lower} at full power for 30 minutes"),
    ("music", "{room} music", "Plays the favourite playlist on the {lower} speaker"),
    ("all_off", "{room} all off", "Turns off everything in the {lower}"),
    ("clean", "{room} clean", "Sends the robot vacuum to clean the {lower}"),
]


def scripts() -> list[SyntheticTool]:
    """Return the home's scripts as Home Assistant's script tool lists them (``script__``)."""
    tools = [
        SyntheticTool(
            f"script__{object_id}",
            alias,
            f"{description}. Aliases: {alias}",
            _schema(**fields),
            "Assist",
        )
        for object_id, alias, description, fields in _SCRIPTS
    ]
    for room_id, room in _ROOMS:
        for suffix, alias, description in _ROOM_SCRIPTS:
            title = alias.format(room=room)
            tools.append(
                SyntheticTool(
                    f"script__{room_id}_{suffix}",
                    title,
                    f"{description.format(lower=room.lower())}. Aliases: {title}",
                    _schema(),
                    "Assist",
                )
            )
    return tools


# Tools of custom integrations: domain -> [(tool, title, description, properties)].
_CONTRIBUTED: dict[str, list[tuple[str, str, str, dict[str, tuple[str, str]]]]] = {
    "weather_plus": [
        (
            "get_forecast",
            "Weather forecast",
            "Returns the hourly or daily weather forecast for the home or a place",
            {"place": ("string", "City"), "days": ("integer", "Days")},
        ),
        ("get_pollen", "Pollen count", "Returns today's pollen count by plant (birch, grass)", {}),
        ("get_uv_index", "UV index", "Returns the UV index and sunburn risk", {}),
    ],
    "spotify_plus": [
        (
            "search_music",
            "Search Spotify",
            "Searches Spotify for songs, artists, albums or playlists",
            {"query": ("string", "What to search")},
        ),
        (
            "play_playlist",
            "Play playlist",
            "Plays a Spotify playlist on a speaker",
            {"playlist": ("string", "Playlist"), "speaker": ("string", "Speaker")},
        ),
        ("like_song", "Like song", "Saves the song playing now to Liked Songs", {}),
    ],
    "frigate": [
        (
            "get_events",
            "Camera events",
            "Lists recent person, car and animal detections of the security cameras",
            {"camera": ("string", "Camera"), "label": ("string", "Object")},
        ),
        (
            "get_snapshot",
            "Camera snapshot",
            "Returns the latest snapshot of a camera",
            {"camera": ("string", "Camera")},
        ),
    ],
    "grocy": [
        (
            "add_to_shopping_list",
            "Add groceries",
            "Adds a product to the Grocy shopping list",
            {"product": ("string", "Product"), "amount": ("number", "Amount")},
        ),
        ("get_expiring", "Expiring food", "Lists food in the pantry that expires soon", {}),
        (
            "get_stock",
            "Pantry stock",
            "Returns how much of a product is in stock",
            {"product": ("string", "Product")},
        ),
    ],
    "mealie": [
        ("get_meal_plan", "Meal plan", "Returns this week's meal plan and today's dinner", {}),
        (
            "find_recipe",
            "Find recipe",
            "Searches recipes by name or ingredient",
            {"query": ("string", "Recipe or ingredient")},
        ),
    ],
    "waste_collection": [
        (
            "next_pickup",
            "Next garbage pickup",
            "When the next garbage, recycling, paper or organic waste bin is collected",
            {"bin": ("string", "Which bin")},
        ),
    ],
    "deutsche_bahn": [
        (
            "departures",
            "Train departures",
            "Next train departures from a station with delays",
            {"station": ("string", "Station")},
        ),
    ],
    "google_maps_travel": [
        (
            "travel_time",
            "Travel time",
            "Driving time to a destination with current traffic",
            {"destination": ("string", "Where to")},
        ),
    ],
    "tesla_custom": [
        ("get_battery", "Car battery", "Returns the car's battery level and range", {}),
        ("start_charging", "Start charging", "Starts charging the car at the wallbox", {}),
        ("precondition", "Precondition car", "Heats or cools the car cabin before driving", {}),
    ],
    "solar_forecast": [
        (
            "get_production",
            "Solar production",
            "Returns today's solar power production and the forecast of the PV system",
            {},
        ),
    ],
    "energy_insights": [
        (
            "get_consumption",
            "Energy consumption",
            "Returns electricity consumption and cost for today, this week or month",
            {"period": ("string", "day, week or month")},
        ),
        (
            "get_price",
            "Electricity price",
            "Returns the current dynamic electricity price and the cheapest hours",
            {},
        ),
    ],
    "alarmo": [
        (
            "arm",
            "Arm alarm",
            "Arms the alarm system (away, home or night)",
            {"mode": ("string", "away, home, night"), "code": ("string", "PIN")},
        ),
        ("disarm", "Disarm alarm", "Disarms the alarm system", {"code": ("string", "PIN")}),
    ],
    "petkit": [
        (
            "litter_box_status",
            "Litter box",
            "Returns the cat litter box status and when it was last used",
            {},
        ),
        ("water_fountain", "Pet fountain", "Returns the water level of the pet fountain", {}),
    ],
    "birthday_reminder": [
        ("upcoming_birthdays", "Birthdays", "Lists upcoming birthdays of family and friends", {}),
    ],
    "plant_monitor": [
        ("plants_needing_water", "Thirsty plants", "Lists plants whose soil moisture is low", {}),
    ],
    "washing_machine": [
        ("remaining_time", "Washing machine", "When the washing machine or dryer finishes", {}),
    ],
    "printer_ink": [
        ("ink_levels", "Printer ink", "Returns the printer's ink and toner levels", {}),
    ],
    "network_monitor": [
        (
            "speed_test",
            "Internet speed",
            "Runs an internet speed test (download, upload, ping)",
            {},
        ),
        ("connected_devices", "Wi-Fi devices", "Lists the devices connected to the Wi-Fi", {}),
    ],
    "news_reader": [
        (
            "headlines",
            "News headlines",
            "Reads the latest news headlines",
            {"topic": ("string", "Topic")},
        ),
    ],
    "stock_ticker": [
        (
            "quote",
            "Stock quote",
            "Returns the current price of a stock or cryptocurrency",
            {"symbol": ("string", "Ticker symbol")},
        ),
    ],
    "translator": [
        (
            "translate",
            "Translate",
            "Translates text into another language",
            {"text": ("string", "Text"), "target": ("string", "Language")},
        ),
    ],
    "package_tracker": [
        ("track", "Track parcel", "Where my parcels are and when they will be delivered", {}),
    ],
    "air_quality": [
        (
            "indoor",
            "Indoor air",
            "Returns CO2, humidity and particulate levels in the rooms",
            {"room": ("string", "Room")},
        ),
    ],
    "baby_buddy": [
        (
            "log_feeding",
            "Log feeding",
            "Records a baby feeding (bottle or breast)",
            {"amount": ("number", "Millilitres")},
        ),
        ("last_diaper", "Last diaper", "When the baby's diaper was last changed", {}),
    ],
    "fuel_prices": [
        ("cheapest", "Fuel prices", "Cheapest petrol and diesel stations nearby", {}),
    ],
}

# Filler integrations: (domain, subject); each gets the generic tools below.
_FILLER_SUBJECTS = [
    "heat pump",
    "boiler",
    "wallbox",
    "inverter",
    "battery storage",
    "smart meter",
    "water softener",
    "aquarium",
    "terrarium",
    "greenhouse",
    "beehive",
    "chicken coop",
    "pond pump",
    "well pump",
    "septic tank",
    "rain tank",
    "heat meter",
    "gas meter",
    "water meter",
    "dehumidifier",
    "air purifier",
    "humidor",
    "wine fridge",
    "freezer",
    "ice maker",
    "sous vide",
    "smoker grill",
    "pizza oven",
    "bread maker",
    "dishwasher",
    "dryer",
    "robot mower",
    "pool heater",
    "hot tub",
    "infrared heater",
    "fireplace",
    "pellet stove",
    "awning",
    "pergola",
    "gate",
    "intercom",
    "safe",
    "doorbell camera",
    "baby monitor",
    "3d printer",
    "server rack",
    "nas",
    "ups",
    "router",
    "mesh wifi",
    "car charger",
    "e-bike",
    "scooter",
    "drone",
    "weather station",
    "lightning detector",
    "seismometer",
    "radiation sensor",
    "sound meter",
    "sleep tracker",
    "smart scale",
    "toothbrush",
    "blood pressure monitor",
    "treadmill",
    "rowing machine",
    "bike trainer",
    "aquarium light",
    "grow light",
    "led strip",
    "projector",
    "game console",
    "record player",
    "radio",
    "e-reader",
    "tablet dashboard",
]
_FILLER_TOOLS = [
    ("get_status", "{Subject} status", "Returns the current status of the {subject}"),
    ("get_history", "{Subject} history", "Returns the {subject}'s readings of the last days"),
    ("set_mode", "{Subject} mode", "Sets the operating mode of the {subject}"),
    ("get_alerts", "{Subject} alerts", "Lists active warnings and faults of the {subject}"),
    ("get_schedule", "{Subject} schedule", "Returns the schedule of the {subject}"),
    ("get_statistics", "{Subject} statistics", "Returns usage statistics of the {subject}"),
    ("reset", "Reset {subject}", "Resets the {subject} after a fault"),
    ("get_firmware", "{Subject} firmware", "Returns the firmware version of the {subject}"),
    ("diagnostics", "{Subject} diagnostics", "Runs a self-test of the {subject}"),
    ("set_schedule", "{Subject} set schedule", "Changes the schedule of the {subject}"),
    ("get_consumption", "{Subject} consumption", "Energy used by the {subject} today"),
    ("maintenance", "{Subject} maintenance", "When the {subject} needs maintenance next"),
]


def _slug(text: str) -> str:
    """Return ``text`` as a domain: lower case, words joined by ``_``."""
    return "".join(char if char.isalnum() else "_" for char in text.lower()).strip("_")


def contributed_tools(count: int) -> list[SyntheticTool]:
    """Return ``count`` tools of custom integrations: the hand-written ones, then fillers.

    Fillers repeat the subjects with a number (``heat_pump_2``) when more are needed.
    """
    tools = [
        SyntheticTool(f"{domain}__{name}", title, description, _schema(**fields), domain)
        for domain, items in _CONTRIBUTED.items()
        for name, title, description, fields in items
    ]
    round_ = 1
    while len(tools) < count:
        for subject in _FILLER_SUBJECTS:
            label = subject if round_ == 1 else f"{subject} {round_}"
            domain = _slug(label)
            for name, title, description in _FILLER_TOOLS:
                tools.append(
                    SyntheticTool(
                        f"{domain}__{name}",
                        title.format(Subject=label.capitalize(), subject=label),
                        description.format(subject=label),
                        _schema(value=("string", "Value")),
                        domain,
                    )
                )
        round_ += 1
    return tools[:count]


_I = "intent__"
QUERIES: list[Query] = [
    # English
    Query("en", "turn on the kitchen light", (f"{_I}HassTurnOn",), "turn on light"),
    Query("en", "switch off the lights in the bedroom", (f"{_I}HassTurnOff",), "turn off light"),
    Query(
        "en",
        "dim the living room lights to 30 percent",
        ("light__HassLightSet",),
        "light brightness",
    ),
    Query("en", "make the lamp red", ("light__HassLightSet",), "light color"),
    Query(
        "en",
        "set the thermostat to 21 degrees",
        ("climate__HassClimateSetTemperature",),
        "set temperature climate",
    ),
    Query(
        "en",
        "how warm is it in the office",
        ("homeassistant__GetLiveContext",),
        "temperature state sensor",
    ),
    Query(
        "en",
        "open the garage door",
        ("script__open_garage", f"{_I}HassTurnOn"),
        "open cover garage",
    ),
    Query("en", "close the blinds halfway", (f"{_I}HassSetPosition",), "blinds cover position"),
    Query("en", "pause the music", ("media_player__HassMediaPause",), "pause media"),
    Query("en", "skip this song", ("media_player__HassMediaNext",), "next track media"),
    Query(
        "en",
        "turn the volume up",
        ("media_player__HassSetVolumeRelative", "media_player__HassSetVolume"),
        "volume media player",
    ),
    Query(
        "en",
        "play some jazz in the kitchen",
        ("spotify_plus__play_playlist", "spotify_plus__search_music"),
        "play music",
    ),
    Query("en", "start the vacuum", ("vacuum__HassVacuumStart",), "vacuum start"),
    Query(
        "en",
        "send the robot vacuum back to its dock",
        ("vacuum__HassVacuumReturnToBase",),
        "vacuum return base",
    ),
    Query(
        "en",
        "add milk to the shopping list",
        ("todo__HassListAddItem", "grocy__add_to_shopping_list"),
        "add item shopping list",
    ),
    Query("en", "what's on my to-do list", ("todo__get_items",), "todo list items"),
    Query("en", "what time is it", ("llm__GetDateTime",), "current time"),
    Query("en", "is the front door locked", ("homeassistant__GetLiveContext",), "lock state"),
    Query("en", "cancel all my timers", (f"{_I}HassCancelAllTimers",), "cancel timers"),
    Query("en", "set the fan to high speed", ("fan__HassFanSetSpeed",), "fan speed"),
    Query("en", "good night", ("script__good_night",), "good night script"),
    Query("en", "we're leaving the house", ("script__leave_home",), "leave home script"),
    Query("en", "feed the cat", ("script__feed_the_cat",), "cat feeder"),
    Query(
        "en",
        "water the garden for 10 minutes",
        ("script__water_the_garden",),
        "water garden irrigation",
    ),
    Query("en", "will it rain tomorrow", ("weather_plus__get_forecast",), "weather forecast rain"),
    Query(
        "en",
        "when is the garbage collected",
        ("waste_collection__next_pickup",),
        "garbage waste pickup",
    ),
    Query(
        "en",
        "how much charge does the car have",
        ("tesla_custom__get_battery",),
        "car battery level",
    ),
    Query("en", "arm the alarm for the night", ("alarmo__arm",), "arm alarm"),
    Query(
        "en",
        "show me who was at the front camera",
        ("frigate__get_events",),
        "camera events person",
    ),
    Query(
        "en",
        "how much electricity did we use this week",
        ("energy_insights__get_consumption",),
        "energy consumption",
    ),
    Query("en", "mute the tv", ("media_player__HassMediaPlayerMute",), "mute media player"),
    Query(
        "en",
        "when is the washing machine done",
        ("washing_machine__remaining_time",),
        "washing machine finish",
    ),
    Query("en", "reading light in the office", ("script__office_reading",), "office reading light"),
    # German
    Query(
        "de", "Schalte das Licht in der Küche ein", (f"{_I}HassTurnOn",), "turn on light kitchen"
    ),
    Query("de", "Mach das Wohnzimmerlicht aus", (f"{_I}HassTurnOff",), "turn off light"),
    Query(
        "de",
        "Dimme die Lampe im Schlafzimmer auf 20 Prozent",
        ("light__HassLightSet",),
        "dim light brightness",
    ),
    Query(
        "de",
        "Stelle die Heizung auf 22 Grad",
        ("climate__HassClimateSetTemperature",),
        "set temperature thermostat",
    ),
    Query("de", "Wie warm ist es im Bad", ("homeassistant__GetLiveContext",), "temperature state"),
    Query(
        "de",
        "Öffne die Rollläden im Wohnzimmer",
        (f"{_I}HassTurnOn", f"{_I}HassSetPosition"),
        "open blinds cover",
    ),
    Query("de", "Pausiere die Musik", ("media_player__HassMediaPause",), "pause music"),
    Query("de", "Nächstes Lied", ("media_player__HassMediaNext",), "next song track"),
    Query(
        "de",
        "Mach lauter",
        ("media_player__HassSetVolumeRelative", "media_player__HassSetVolume"),
        "volume up",
    ),
    Query("de", "Starte den Staubsauger", ("vacuum__HassVacuumStart",), "start vacuum"),
    Query(
        "de",
        "Setze Milch auf die Einkaufsliste",
        ("todo__HassListAddItem", "grocy__add_to_shopping_list"),
        "add item shopping list",
    ),
    Query("de", "Wie spät ist es", ("llm__GetDateTime",), "time"),
    Query("de", "Gute Nacht", ("script__gute_nacht", "script__good_night"), "good night"),
    Query(
        "de",
        "Rollläden runter",
        ("script__rolllaeden_runter", f"{_I}HassTurnOff", f"{_I}HassSetPosition"),
        "close blinds",
    ),
    Query(
        "de",
        "Koch mir einen Kaffee",
        ("script__kaffee_kochen", "script__start_coffee"),
        "make coffee",
    ),
    Query(
        "de",
        "Bewässere den Garten",
        ("script__gartenbewaesserung", "script__water_the_garden"),
        "water garden",
    ),
    Query("de", "Wird es morgen regnen", ("weather_plus__get_forecast",), "weather forecast rain"),
    Query(
        "de", "Wann wird der Müll abgeholt", ("waste_collection__next_pickup",), "garbage pickup"
    ),
    Query("de", "Wie voll ist der Akku vom Auto", ("tesla_custom__get_battery",), "car battery"),
    Query("de", "Schalte den Ventilator auf höchste Stufe", ("fan__HassFanSetSpeed",), "fan speed"),
    Query("de", "Lüften", ("script__lueften", "script__ventilate"), "ventilate"),
    Query("de", "Wann fährt der nächste Zug", ("deutsche_bahn__departures",), "train departures"),
    # Russian
    Query("ru", "Включи свет на кухне", (f"{_I}HassTurnOn",), "turn on light kitchen"),
    Query("ru", "Выключи свет в спальне", (f"{_I}HassTurnOff",), "turn off light bedroom"),
    Query(
        "ru",
        "Установи температуру 21 градус",
        ("climate__HassClimateSetTemperature",),
        "set temperature",
    ),
    Query("ru", "Поставь музыку на паузу", ("media_player__HassMediaPause",), "pause music"),
    Query("ru", "Следующая песня", ("media_player__HassMediaNext",), "next song"),
    Query("ru", "Запусти пылесос", ("vacuum__HassVacuumStart",), "start vacuum"),
    Query(
        "ru",
        "Добавь молоко в список покупок",
        ("todo__HassListAddItem", "grocy__add_to_shopping_list"),
        "add shopping list",
    ),
    Query("ru", "Который час", ("llm__GetDateTime",), "time"),
    Query("ru", "Спокойной ночи", ("script__spokoynoy_nochi", "script__good_night"), "good night"),
    Query("ru", "Свари кофе", ("script__kofe", "script__start_coffee"), "make coffee"),
    Query("ru", "Полей сад", ("script__polit_sad", "script__water_the_garden"), "water garden"),
    Query("ru", "Какая погода будет завтра", ("weather_plus__get_forecast",), "weather forecast"),
    Query("ru", "Открой шторы", (f"{_I}HassTurnOn", f"{_I}HassSetPosition"), "open curtains cover"),
    Query(
        "ru",
        "Сделай громче",
        ("media_player__HassSetVolumeRelative", "media_player__HassSetVolume"),
        "volume up",
    ),
    Query("ru", "Когда вывоз мусора", ("waste_collection__next_pickup",), "garbage pickup"),
]
