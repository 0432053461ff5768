"""Tests of tool search: terms, ranking, the index cache, intent words and the meta-tools."""

from __future__ import annotations

import asyncio
from dataclasses import replace
import sys
from typing import Any
from unittest.mock import patch

import probatio
import pytest
from pytest_homeassistant_custom_component.common import async_mock_service

from custom_components.llm_hub.const import ToolMode
from custom_components.llm_hub.schema.parameters import clean_parameters
from custom_components.llm_hub.search.index import (
    ToolCard,
    ToolIndex,
    ToolIndexCache,
    tool_card,
)
from custom_components.llm_hub.search.listing import searches
from custom_components.llm_hub.search.meta_tools import (
    CALL_READ_ONLY_TOOL,
    CALL_TOOL,
    DEFAULT_SEARCH_LIMIT,
    MAX_SEARCH_LIMIT,
    READ_ONLY_PROMPT,
    SEARCH_PROMPT,
    SEARCH_TOOLS,
    CallReadOnlyToolTool,
    CallToolTool,
    SearchToolsTool,
    meta_tools,
    not_available,
    search_prompt,
)
from custom_components.llm_hub.search.terms import (
    compound_parts,
    compounds,
    terms,
)
from custom_components.llm_hub.search.vocabulary import (
    IntentVocabulary,
    async_get_intent_vocabulary,
    intent_sentences,
    intent_words,
)
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import intent, llm
from homeassistant.setup import async_setup_component

from ..helpers.hubs import RecordingTool

OBJECT = {"type": "object", "properties": {"name": {"type": "string"}}}


def card(name: str, description: str, **kwargs: Any) -> ToolCard:
    """Return a card with an object schema of one ``name`` property unless given."""
    return ToolCard(name, description, kwargs.pop("parameters", OBJECT), **kwargs)


CORPUS = [
    card("intent__HassTurnOn", "Turns on/opens a device or entity", title="Turn on"),
    card("intent__HassTurnOff", "Turns off/closes a device or entity", title="Turn off"),
    card("light__HassLightSet", "Sets the brightness percentage or color of a light"),
    card("script__good_night", "Turns off all lights and locks the doors", title="Good night"),
    card("weather_plus__get_forecast", "Returns the weather forecast", source="Weather Plus"),
    card(
        "grocy__add_product",
        "Adds a product",
        parameters={
            "type": "object",
            "properties": {
                "list": {"type": "string", "enum": ["Einkaufsliste", "Pantry"]},
                "items": {"type": "array", "items": {"type": "string", "description": "Milch"}},
            },
        },
    ),
    card("script__gute_nacht", "Alle Lichter aus, Haustür abschließen", title="Gute Nacht"),
    card("script__spokoynoy_nochi", "Выключает весь свет", title="Спокойной ночи"),
]


def ranked(index: ToolIndex, query: str, limit: int = 10) -> list[str]:
    """Return the names ``index`` answers for ``query``, best first."""
    return [found.name for found, _score in index.search(query, limit)]


def context() -> llm.LLMContext:
    """Return the context of a request from an agent."""
    return llm.LLMContext(
        platform="test", context=Context(), language="en", assistant="conversation", device_id=None
    )


def data(result: llm.ToolResult) -> Any:
    """Return a result's data, typed loosely for the assertions."""
    return result.data


def call(name: str, args: Any) -> llm.ToolInput:
    """Return a tool input (``args`` need not be a dict: models send anything)."""
    return llm.ToolInput(tool_name=name, tool_args=args, id="call-1")


# --- Terms and ranking ---------------------------------------------------------------------


def test_terms_split_stem_and_fold() -> None:
    """Names split at ``_`` and camel case; words stem in English and the language; no marks."""
    assert terms("intent__HassTurnOn LEDs") == ["intent", "hass", "turn", "on", "led"]
    assert terms("Küchenlichter einschalten", "de-CH") == [
        "kuchenlicht",
        "einschalt",
        "einschalten",
    ]
    assert terms("Включи свет", "ru") == ["включ", "включи", "свет"]
    assert terms("Ελληνικά", "xx") == ["ελληνικα"]  # no stemmer: English only, folded


def test_ranking_exact_order() -> None:
    """A small corpus ranks in the expected order, in any of its languages."""
    index = ToolIndex(CORPUS, "de")
    assert len(index) == len(CORPUS)
    assert index.terms > 0
    assert ranked(index, "turn on the light") == [
        "intent__HassTurnOn",
        "light__HassLightSet",
        "script__good_night",
        "intent__HassTurnOff",
        "weather_plus__get_forecast",
    ]
    assert ranked(index, "turn off the lights for the night") == [
        "script__good_night",
        "intent__HassTurnOff",
        "light__HassLightSet",
        "intent__HassTurnOn",
        "weather_plus__get_forecast",
    ]
    assert ranked(index, "Milch auf die Einkaufsliste") == ["grocy__add_product"]
    assert ranked(index, "weather plus") == ["weather_plus__get_forecast"]
    assert ranked(index, "gute Nacht, Lichter aus") == ["script__gute_nacht"]
    assert ranked(ToolIndex(CORPUS, "ru"), "спокойной ночи") == ["script__spokoynoy_nochi"]


def test_ranking_limits_and_ties() -> None:
    """Equal scores keep the listed order, also at the limit; no match answers nothing."""
    twins = [card(f"tool_{number}", "Reads the meter") for number in range(6)]
    index = ToolIndex(twins)
    assert ranked(index, "meter", 3) == ["tool_0", "tool_1", "tool_2"]
    assert ranked(index, "meter") == [f"tool_{number}" for number in range(6)]
    assert ranked(index, "meter", 0) == []
    assert ranked(index, "nothing alike") == []
    assert ranked(index, "") == []
    assert ranked(ToolIndex([]), "meter") == []
    assert ranked(ToolIndex([card("", "")]), "meter") == []


def test_index_cache() -> None:
    """An index is made once per set of cards and language; the oldest goes past eight."""
    cache = ToolIndexCache()
    first = cache.get(CORPUS, "en")
    assert cache.get(list(CORPUS), "en") is first
    assert cache.get(CORPUS, "de") is not first
    # The same text with another parameters object is another document.
    changed = [
        card(CORPUS[0].name, CORPUS[0].description, title="Turn on", parameters=dict(OBJECT)),
        *CORPUS[1:],
    ]
    assert cache.get(changed, "en") is not first
    assert len(cache) == 3
    for number in range(8):
        cache.get([card(f"tool_{number}", "x")])
    assert len(cache) == 8
    assert cache.get(CORPUS, "en") is not first


@pytest.mark.parametrize(
    ("mode", "count", "expected"),
    [
        (ToolMode.ALL, 500, False),
        (ToolMode.SEARCH, 1, True),
        (ToolMode.SEARCH_OVER_LIMIT, 128, False),
        (ToolMode.SEARCH_OVER_LIMIT, 129, True),
        ("hand edited", 500, False),
    ],
)
def test_searches(mode: str, count: int, expected: bool) -> None:
    """Search mode is on in ``search``, and above the limit in ``search_over_limit``."""
    assert searches(mode, count, 128) is expected


# --- Intent words --------------------------------------------------------------------------


def test_intent_words_expand_rules_and_lists() -> None:
    """Rules and lists of values expand, recursively; loops and other lists are no words."""
    data = {
        "expansion_rules": {
            "an": "(an|ein)[schalten]",
            "loop": "<loop> weiter",
            "licht": "[das ]Licht <an>",
        },
        "lists": {
            "cover_classes": {"values": [{"in": "Rollläden", "out": "shutter"}, "Markise"]},
            "brightness": {"range": {"from": 0, "to": 100}},
        },
        "intents": {
            "HassTurnOn": {
                "data": [{"sentences": ["<licht> {name}", "{cover_classes:device_class} <loop>"]}]
            },
            "HassNevermind": {},
        },
    }
    assert intent_words(data) == {
        "HassTurnOn": ("an", "das", "ein", "licht", "markise", "rollläden", "schalten", "weiter"),
        "HassNevermind": (),
    }


async def test_intent_vocabulary(hass: HomeAssistant) -> None:
    """Home Assistant's sentences give words per intent; loaded once per language."""
    german = await async_get_intent_vocabulary(hass, "de")
    assert german.language == "de"
    assert {"schalte", "schalt", "licht"} <= set(german.words["HassTurnOn"])
    assert await async_get_intent_vocabulary(hass, "de") is german
    assert (await async_get_intent_vocabulary(hass, "de-AT")).words == german.words
    assert (await async_get_intent_vocabulary(hass, "xx")).words == {}
    with patch.dict(sys.modules, {"home_assistant_intents": None}):
        assert (await async_get_intent_vocabulary(hass, "fr")).words == {}
    assert german.actions == {}


def test_intent_sentences() -> None:
    """One plain example per sentence template, the slots left out; none without the packages."""
    english = intent_sentences("en")
    assert "deactivate the light in here" in english["HassTurnOff"]
    assert "what time is it right now" in english["HassGetCurrentTime"]
    assert not any("{" in text or "<" in text or "[" in text for text in english["HassTurnOn"])
    assert len(english["HassTurnOn"]) == len(set(english["HassTurnOn"]))
    assert intent_sentences("de-AT")["HassTurnOn"] == intent_sentences("de")["HassTurnOn"]
    assert intent_sentences("xx") == {}
    with patch.dict(sys.modules, {"hassil.errors": None}):
        assert intent_sentences("en") == {}


async def test_intent_actions(hass: HomeAssistant) -> None:
    """Each intent's action, named in the language's translations; again when handlers change."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "intent", {})
    german = await async_get_intent_vocabulary(hass, "de")
    assert german.actions["HassTurnOn"] == (
        "Generisches Einschalten",
        "Allgemeine Aktion zum Einschalten von Geräten in jeder Domain.",
    )
    assert "HassVacuumReturnToBase" not in german.actions
    assert await async_get_intent_vocabulary(hass, "de") is german
    assert await async_setup_component(hass, "vacuum", {})
    await hass.async_block_till_done()
    again = await async_get_intent_vocabulary(hass, "de")
    assert again.words is german.words
    assert again.actions["HassVacuumReturnToBase"][0] == "Staubsauger zur Ladestation zurücksenden"


async def test_tool_card(hass: HomeAssistant) -> None:
    """An intent tool, and a tool serving intents, get the intents' words as keywords."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "intent", {})
    handler = next(h for h in intent.async_get(hass) if h.intent_type == intent.INTENT_TURN_ON)
    tool = llm.IntentTool("intent__HassTurnOn", handler, title="Turn on")
    vocabulary = IntentVocabulary(
        "en",
        {"HassTurnOn": ("switch",), "HassGetCurrentTime": ("clock",), "HassGetCurrentDate": ()},
    )
    made = tool_card(
        tool,
        name="turn_on",
        description=None,
        parameters=OBJECT,
        source="Assist",
        vocabulary=vocabulary,
    )
    assert made == ToolCard(
        "turn_on", "", OBJECT, "Turn on", "Assist", ("switch",), intents=("HassTurnOn",)
    )
    acting = replace(vocabulary, actions={"HassTurnOn": ("Generic turn on",)})
    made = tool_card(
        tool, name="turn_on", description=None, parameters=OBJECT, source="", vocabulary=acting
    )
    assert made.bridged == ("Generic turn on",)
    assert ("Generic turn on", 1) in made.fields()
    assert tool_card(tool, name="a", description="b", parameters=OBJECT, source="").keywords == ()

    class DateTime(llm.Tool):
        name = "llm__GetDateTime"

        async def async_call(self, *args: Any) -> llm.ToolResult:
            raise NotImplementedError

    served = tool_card(
        DateTime(), name="now", description="d", parameters=OBJECT, source="", vocabulary=vocabulary
    )
    assert served.keywords == ("clock",)
    assert served.intents == ("HassGetCurrentDate", "HassGetCurrentTime")


# --- Meta-tools ----------------------------------------------------------------------------


@pytest.mark.parametrize("tool", [SearchToolsTool, CallToolTool])
def test_meta_tool_parameters_are_portable(tool: type[llm.Tool]) -> None:
    """Every provider accepts the meta-tools' parameters as they are."""
    assert clean_parameters(tool.parameters, llm.selector_serializer).fixes == []
    assert SEARCH_TOOLS in SEARCH_PROMPT
    assert CALL_TOOL in SEARCH_PROMPT


@pytest.mark.parametrize(
    ("args", "count"),
    [
        ({"query": "turn"}, 3),
        ({"query": "turn", "limit": 1}, 1),
        ({"query": "turn", "limit": "2"}, 2),
        ({"query": "turn", "limit": 0}, 1),
        ({"query": "turn", "limit": None}, 3),
        ({"query": "turn", "limit": "many"}, 3),
        ({"query": ["turn", "off"], "limit": 10**400}, 3),
    ],
)
async def test_search_tools(hass: HomeAssistant, args: dict[str, Any], count: int) -> None:
    """search_tools answers the best definitions, within a sane limit, whatever it is sent."""
    tool = SearchToolsTool(ToolIndex(CORPUS))
    result = await tool.async_call(hass, call(SEARCH_TOOLS, args), context())
    assert not result.error
    assert len(data(result)["tools"]) == count
    first = dict(data(result)["tools"][0])
    assert 0 < first.pop("score") <= 1
    assert first in (
        CORPUS[0].definition(),
        CORPUS[1].definition(),
    )
    assert "hint" not in result.data


async def test_search_tools_answers_copies_and_hints(hass: HomeAssistant) -> None:
    """Answers are copies of the listed schemas; no match gets a hint; bad input no crash."""
    tool = SearchToolsTool(ToolIndex(CORPUS))
    result = await tool.async_call(hass, call(SEARCH_TOOLS, {"query": "forecast"}), context())
    assert data(result)["tools"] == [
        {
            "name": "weather_plus__get_forecast",
            "description": "Returns the weather forecast",
            "parameters": OBJECT,
            "score": 0.77,
        }
    ]
    data(result)["tools"][0]["parameters"]["properties"].clear()
    assert OBJECT["properties"]
    empty = await tool.async_call(hass, call(SEARCH_TOOLS, "not an object"), context())
    assert data(empty)["tools"] == []
    assert "Search again" in data(empty)["hint"]
    many = await tool.async_call(
        hass, call(SEARCH_TOOLS, {"query": "turn", "limit": 99}), context()
    )
    assert len(data(many)["tools"]) == 3 < MAX_SEARCH_LIMIT
    assert DEFAULT_SEARCH_LIMIT == 5


@pytest.fixture
async def kitchen(hass: HomeAssistant) -> list[Any]:
    """Set up intents and a kitchen light; return the calls of ``light.turn_on``."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "intent", {})
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen light"})
    return async_mock_service(hass, "light", "turn_on")


def call_tool(hass: HomeAssistant, extra: dict[str, llm.Tool] | None = None) -> CallToolTool:
    """Return call_tool over the real HassTurnOn intent tool (and ``extra``)."""
    handler = next(h for h in intent.async_get(hass) if h.intent_type == intent.INTENT_TURN_ON)
    tools: dict[str, llm.Tool] = {
        "intent__HassTurnOn": llm.IntentTool("intent__HassTurnOn", handler),
        **(extra or {}),
    }
    return CallToolTool(tools, ToolIndex(CORPUS), TurnedOff())


class TurnedOff:
    """Refuses ``secret__tool``, as a hub refuses a tool it leaves out."""

    def refuse(
        self, name: str, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult | None:
        """Refuse ``secret__tool``; None for any other name."""
        return not_available(name, "The user turned it off.") if name == "secret__tool" else None


@pytest.mark.parametrize("arguments", [{"name": "Kitchen light"}, '{"name": "Kitchen light"}'])
async def test_call_tool_calls_the_tool(
    hass: HomeAssistant, kitchen: list[Any], arguments: Any
) -> None:
    """call_tool runs the named tool's own async_call, which turns the light on."""
    result = await call_tool(hass).async_call(
        hass, call(CALL_TOOL, {"name": " intent__HassTurnOn ", "arguments": arguments}), context()
    )
    assert not result.error
    assert data(result)["response_type"] == "action_done"
    assert [c.data["entity_id"] for c in kitchen] == [["light.kitchen"]]


async def test_call_tool_passes_input_on(hass: HomeAssistant) -> None:
    """The tool gets its listed name, the arguments, the call's id; plain dicts are wrapped."""
    seen: list[llm.ToolInput] = []

    class Echo(llm.Tool):
        name = "echo"

        async def async_call(
            self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
        ) -> dict[str, Any]:
            seen.append(tool_input)
            return {"echo": tool_input.tool_args}

    tool = CallToolTool({"echo": Echo()}, ToolIndex(CORPUS))
    for arguments in (None, "", {1: "one"}):
        result = await tool.async_call(
            hass, call(CALL_TOOL, {"name": "echo", "arguments": arguments}), context()
        )
        assert result == llm.ToolResult(
            data={"echo": {"1": "one"} if arguments else {}}, error=False
        )
    assert seen[0] == llm.ToolInput(tool_name="echo", tool_args={}, id="call-1")


async def test_call_tool_answers_a_failure(hass: HomeAssistant) -> None:
    """A tool's HomeAssistantError is answered like the chat log answers it."""

    class Broken(llm.Tool):
        name = "broken"

        def __init__(self, message: str) -> None:
            self.message = message

        async def async_call(self, *args: Any) -> llm.ToolResult:
            raise HomeAssistantError(self.message)

    for message, text in (("No such device", "No such device"), ("", "Tool broken failed")):
        tool = CallToolTool({"broken": Broken(message)}, ToolIndex(CORPUS))
        result = await tool.async_call(hass, call(CALL_TOOL, {"name": "broken"}), context())
        assert result == llm.ToolResult(
            data={"error": "HomeAssistantError", "error_text": text}, error=True
        )


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ({"name": "secret__tool"}, "ToolNotAvailable", "turned it off. Do not call it again"),
        ({"name": "turn on"}, "UnknownTool", "Closest names: intent__HassTurnOn, "),
        ({"name": "zzz"}, "UnknownTool", "no tool named zzz. Call search_tools"),
        ({"name": SEARCH_TOOLS}, "InvalidArguments", "Call search_tools directly"),
        ({"name": CALL_TOOL}, "InvalidArguments", "Call call_tool directly"),
        ({"name": 3}, "InvalidArguments", "as text"),
        ({"name": "  "}, "InvalidArguments", "as text"),
        ([], "InvalidArguments", "as text"),
        ({"name": "intent__HassTurnOn", "arguments": [1]}, "InvalidArguments", "an object"),
        ({"name": "intent__HassTurnOn", "arguments": "{oops"}, "InvalidArguments", "an object"),
    ],
)
async def test_call_tool_refuses(
    hass: HomeAssistant, kitchen: list[Any], args: Any, error: str, words: str
) -> None:
    """Hidden, unknown and meta-tool names and bad arguments are refused in words; no call."""
    result = await call_tool(hass).async_call(hass, call(CALL_TOOL, args), context())
    assert result.error
    assert data(result)["error"] == error
    assert words in data(result)["error_text"]
    assert kitchen == []


async def test_meta_tools(hass: HomeAssistant) -> None:
    """The meta-tools share one index; the cache makes it in the executor once."""
    cache = ToolIndexCache()
    index = await cache.async_get(hass, CORPUS[:2], "en")
    assert await cache.async_get(hass, CORPUS[:2], "en") is index
    assert cache.get(CORPUS[:2], "en") is index
    made = meta_tools(index, {})
    assert [type(tool) for tool in made] == [SearchToolsTool, CallToolTool]
    search, caller = made
    assert isinstance(search, SearchToolsTool)
    assert isinstance(caller, CallToolTool)
    assert search.index is caller.index is index
    assert caller.left_out is None
    assert search.annotations.read_only
    assert not caller.annotations.read_only
    assert isinstance(search.parameters, probatio.Schema)


async def test_call_read_only_tool(hass: HomeAssistant) -> None:
    """call_read_only_tool calls read-only tools and refuses the others; the prompt says so."""
    reads = RecordingTool("reads", annotations=llm.ToolAnnotations(read_only=True))
    writes = RecordingTool("writes")
    tool = CallReadOnlyToolTool({"reads": reads, "writes": writes}, ToolIndex(CORPUS))
    assert tool.annotations == llm.ToolAnnotations(
        read_only=True, destructive=False, idempotent=False, open_world=True
    )
    ran = await tool.async_call(hass, call(CALL_READ_ONLY_TOOL, {"name": "reads"}), context())
    assert not ran.error
    refused = await tool.async_call(hass, call(CALL_READ_ONLY_TOOL, {"name": "writes"}), context())
    assert data(refused)["error"] == "NotReadOnly"
    assert writes.calls == []
    assert search_prompt([]) == SEARCH_PROMPT
    assert search_prompt([tool]) == f"{SEARCH_PROMPT} {READ_ONLY_PROMPT}"


def test_relevance_and_floor() -> None:
    """Relevance nears 1 for a tool full of the words; other words lower it; a floor cuts."""
    index = ToolIndex([card("meter", "Reads the meter"), card("tea", "Brews tea")])
    [(found, whole)] = index.search("meter", 5)
    assert found.name == "meter"
    assert 0.7 < whole < 1
    [(found, relevance)] = index.search("read the gas meter please", 5)
    assert found.name == "meter"
    assert 0.1 < relevance < whole / 2
    assert index.search("read the gas meter please", 5, floor=relevance + 0.01) == []
    assert index.search("read the gas meter please", 5, floor=relevance) == [(found, relevance)]


async def test_search_tools_floor(hass: HomeAssistant) -> None:
    """Tools that share only a word or two of a long request are not answered: a hint is."""
    tool = SearchToolsTool(ToolIndex(CORPUS))
    query = "set the thermostat to 21 degrees in the living room"
    assert ToolIndex(CORPUS).search(query, 5)  # a weak match exists
    result = await tool.async_call(hass, call(SEARCH_TOOLS, {"query": query}), context())
    assert data(result) == {
        "tools": [],
        "hint": f"No tool matched {query!r} well enough. Search again with other or fewer "
        "keywords, in English and in the user's language.",
    }


async def test_index_made_twice_at_once(hass: HomeAssistant) -> None:
    """Two requests indexing the same tools at once get one index."""
    cache = ToolIndexCache()
    first, second = await asyncio.gather(
        cache.async_get(hass, CORPUS, "en"), cache.async_get(hass, CORPUS, "en")
    )
    assert first is second
    assert len(cache) == 1


# --- Compounds ------------------------------------------------------------------------------


def test_compound_parts() -> None:
    """A long word splits into known words: longest first, with linking letters, or its edges."""
    known = {"wohnzimmer", "wohn", "zimmer", "licht", "weihnacht", "baum", "kaffee", "haus"}
    assert compound_parts("wohnzimmerlicht", known) == ("wohnzimmer", "licht")
    assert compound_parts("weihnachtsbaum", known) == ("weihnacht", "baum")
    # No whole split: the longest known start and end.
    assert compound_parts("kaffeemaschine", known) == ("kaffee",)
    assert compound_parts("gartenlicht", known) == ("licht",)
    assert compound_parts("wohnzimmer", known) == ("wohn", "zimmer")
    assert compound_parts("schlafzimmer", known) == ("zimmer",)
    assert compound_parts("unbekannt", known) == ()
    # "kinde"+"salter", "kinde"+"s"+"alter", "kind"+"esalter", "kind"+"es"+"alter": none.
    assert compound_parts("kindesalter", {"kind", "kinde"}) == ("kinde",)
    assert compounds("de-CH")
    assert compounds("nl")
    assert not compounds("en")
    assert not compounds(None)


GERMAN = [
    card("script__kaffeemaschine_an", "Schaltet die Kaffeemaschine ein", title="Kaffeemaschine"),
    card("script__wohnzimmerlicht", "Warmes Wohnzimmerlicht", title="Wohnzimmerlicht"),
    card("script__fernsehabend", "Fernseher an, Licht gedimmt", title="Fernsehabend"),
    card("script__gute_nacht", "Alle Lichter aus, Haustür abschließen", title="Gute Nacht"),
    card("script__badezimmer", "Heizt das Badezimmer", title="Bad heizen"),
]


def test_german_compounds_found_by_their_parts() -> None:
    """A German tool is found by a part of its compound name, and a compound by its parts."""
    index = ToolIndex(GERMAN, "de")
    # "Kaffee" is in no tool but starts "Kaffeemaschine".
    assert ranked(index, "Kaffee") == ["script__kaffeemaschine_an"]
    # "Licht" is a word of the index: "Wohnzimmerlicht" is indexed by it.
    assert ranked(index, "Licht")[:2] == ["script__wohnzimmerlicht", "script__fernsehabend"]
    assert ranked(index, "Abend") == ["script__fernsehabend"]
    # A compound in the query finds the tools of its parts.
    assert ranked(index, "Badezimmerlicht")[0] in {"script__wohnzimmerlicht", "script__badezimmer"}
    assert set(ranked(index, "Badezimmerlicht")) >= {
        "script__wohnzimmerlicht",
        "script__badezimmer",
    }
    # A start many compounds share stands for the first of them.
    lights = card(
        "script__licht",
        "Lichtschalter Lichtleiste Lichtband Lichterkette Lichtsensor Lichtszene Lichtfarbe "
        "Lichtstärke Lichtwecker",
    )
    assert ranked(ToolIndex([lights, GERMAN[0]], "de"), "Licht") == ["script__licht"]
    # In English nothing is split: the same cards, the words as they are.
    english = ToolIndex(GERMAN, "en")
    assert ranked(english, "Kaffee") == []
    assert ranked(english, "Abend") == []
    assert ranked(english, "Wohnzimmerlicht") == ["script__wohnzimmerlicht"]
