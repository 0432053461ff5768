"""Tools of custom integrations: hand-written ones, then generic fillers up to any count."""

from __future__ import annotations

from .tool import SyntheticTool, object_schema

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
        SyntheticTool(f"{domain}__{name}", title, description, object_schema(**fields), domain)
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
                        object_schema(value=("string", "Value")),
                        domain,
                    )
                )
        round_ += 1
    return tools[:count]
