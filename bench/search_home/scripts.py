"""The home's scripts, as Home Assistant's script tool lists them."""

from __future__ import annotations

from .tool import SyntheticTool, object_schema

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
    # German scripts named by compounds.
    ("kaffeemaschine_an", "Kaffeemaschine an", "Schaltet die Kaffeemaschine ein", {}),
    ("wohnzimmerlicht", "Wohnzimmerlicht gemütlich", "Warmweißes Wohnzimmerlicht auf 40 %", {}),
    ("waschmaschine", "Waschmaschine Restzeit", "Sagt, wann die Waschmaschine fertig ist", {}),
    ("geschirrspueler", "Geschirrspüler starten", "Startet den Geschirrspüler im Eco-Programm", {}),
    ("fussbodenheizung", "Fußbodenheizung an", "Schaltet die Fußbodenheizung ein", {}),
    ("garagentor_zu", "Garagentor schließen", "Schließt das Garagentor", {}),
    ("rasenmaeher", "Rasenmäher starten", "Schickt den Rasenmäher los", {}),
    ("kinderzimmerlampe", "Kinderzimmerlampe", "Schaltet die Kinderzimmerlampe gedimmt ein", {}),
    ("briefkasten", "Briefkastenmelder", "Meldet, ob der Briefkasten geöffnet wurde", {}),
    ("stromverbrauch", "Stromverbrauch heute", "Meldet den Stromverbrauch des Tages", {}),
    ("wettervorhersage", "Wettervorhersage", "Liest die Wettervorhersage vor", {}),
    ("kuehlschrank", "Kühlschranktemperatur", "Meldet die Kühlschranktemperatur", {}),
    ("backofen", "Backofen vorheizen", "Heizt den Backofen auf 200 Grad", {}),
    ("haustuer", "Haustür aufschließen", "Entriegelt das Haustürschloss", {}),
    ("luftqualitaet", "Luftqualität", "Meldet die Luftqualität im Schlafzimmer", {}),
    ("treppenhaus", "Treppenhausbeleuchtung", "Treppenhausbeleuchtung für 5 Minuten", {}),
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
            object_schema(**fields),
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
                    object_schema(),
                    "Assist",
                )
            )
    return tools
