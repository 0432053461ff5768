"""Attacks on meaning search: the model let go in races, odd languages, odd queries, and
Home Assistant's sentence packages missing or failing (``helpers.meaning.FakeEncoder``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
import json
import sys
import threading
import time
from typing import Any
from unittest.mock import patch

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_fire_time_changed

from custom_components.llm_hub import const
from custom_components.llm_hub.search import meaning
from custom_components.llm_hub.search.index import QUERY_MAX
from custom_components.llm_hub.search.terms import compound_parts, terms
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir, llm
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from ..helpers import hubs
from ..helpers.flows import _open, _search_mode, _submit
from ..helpers.mcp import _text, mcp_session
from ..helpers.meaning import FakeEncoder

pytestmark = [
    pytest.mark.attack,
    pytest.mark.parametrize("expected_lingering_timers", [True]),
]

QUERY = "an espresso please"
ON = {
    CONF_LLM_HASS_API: ["assist"],
    const.CONF_TOOL_MODE: "search",
    const.CONF_SEARCH_MEANING: True,
}


async def _call(
    hass: HomeAssistant, entry: MockConfigEntry, args: Any, **context: Any
) -> llm.ToolResult:
    llm_context = replace(hubs.llm_context(), **context)
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), llm_context)
    result = await instance.async_call_tool(llm.ToolInput(tool_name="search_tools", tool_args=args))
    assert isinstance(result, llm.ToolResult)
    return result


def _error(result: llm.ToolResult) -> Any:
    data: Any = result.data
    return data["error"]


def _tools(result: llm.ToolResult) -> Any:
    data: Any = result.data
    return data["tools"]


async def _names(hass: HomeAssistant, entry: MockConfigEntry, query: Any, **context: Any) -> Any:
    data: Any = (await _call(hass, entry, {"query": query}, **context)).data
    return [tool["name"] for tool in data["tools"]]


async def _ready(hass: HomeAssistant, entry: MockConfigEntry, **context: Any) -> None:
    """Ask once (the build wants the vectors), then wait until they are made."""
    await _names(hass, entry, QUERY, **context)
    await hass.async_block_till_done(wait_background_tasks=True)


async def _turn_on(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    await _search_mode(hass, entry)
    result = await _open(hass, entry, "search")
    await _submit(hass, result, {const.CONF_TOOL_MODE: "search", const.CONF_SEARCH_MEANING: True})
    await hass.async_block_till_done(wait_background_tasks=True)


def _issue(hass: HomeAssistant, key: str, entry: MockConfigEntry) -> ir.IssueEntry | None:
    return ir.async_get(hass).async_get_issue(const.DOMAIN, f"{key}_{entry.entry_id}")


def _later(hass: HomeAssistant, seconds: float) -> None:
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=seconds))


async def test_model_failing_at_query_time_answers_by_words(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """The model raises when embedding a request: search answers by words, no error."""
    await _turn_on(hass, hub)
    await _ready(hass, hub)
    assert await _names(hass, hub, QUERY) == [hubs.BREW]
    encoder.fail = RuntimeError("out of memory")
    result = await _call(hass, hub, {"query": "brew coffee"})
    assert not result.error, result.data
    assert hubs.BREW in [tool["name"] for tool in _tools(result)]


async def test_sentences_failing_still_rank_by_the_tools_own_text(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """hassil raises something unexpected while sampling: the tools' own vectors still rank,
    and the sentences are not read again at every request."""
    assert await async_setup_component(hass, "intent", {})
    hass.states.async_set("light.kitchen", "on")
    with patch.object(meaning, "intent_sentences", side_effect=ValueError("syntax")) as read:
        await _turn_on(hass, hub)
        await _ready(hass, hub)
        await _ready(hass, hub)
        assert (await _names(hass, hub, QUERY))[0] == hubs.BREW
        await hass.async_block_till_done(wait_background_tasks=True)
    assert read.call_count == 1


async def test_huge_queries_answer_at_once(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """A 1 MB query (one word; a compound of a tool's word repeated; many words; blanks;
    punctuation), in a compounding language and not: answered at once, the model given a
    bounded text, nothing raised."""
    await _turn_on(hass, hub)
    for language in ("de", "en"):
        await _ready(hass, hub, language=language)
        for query, first in (
            ("x" * 1_000_000, None),
            ("coffee" * 170_000, None),
            ("brew coffee " * 90_000, hubs.BREW),
            (" " * 1_000_000, None),
            ("!?." * 300_000, None),
        ):
            start = time.perf_counter()
            found = await _names(hass, hub, query, language=language)
            assert time.perf_counter() - start < 2, (language, query[:20])
            assert (found[:1] or [None])[0] == first or first is None, (language, found)
            assert len(encoder.embedded[-1]) <= QUERY_MAX
    # A name no tool has gets the closest names by the same search, at once.
    instance = await llm.async_get_api(
        hass, hubs.hub_id(hub), replace(hubs.llm_context(), language="de")
    )
    start = time.perf_counter()
    unknown = await instance.async_call_tool(
        llm.ToolInput(tool_name="call_tool", tool_args={"name": "x" * 1_000_000, "arguments": {}})
    )
    assert time.perf_counter() - start < 2
    assert isinstance(unknown, llm.ToolResult)
    assert _error(unknown) == "UnknownTool"
    assert await _names(hass, hub, " " * 1_000_000) == []
    assert await _names(hass, hub, "!?." * 300_000) == []


def test_a_long_compound_is_not_split_into_its_parts() -> None:
    """A word of a thousand known parts is left whole (it split recursively, one call per part)."""

    def split(word: str) -> tuple[str, ...]:
        return compound_parts(word, {"coffee"})

    assert terms("coffee" * 1_000, "de", split) == terms("coffee" * 1_000, "de")
    # A short one is split (its parts are found).
    assert set(terms("coffeecoffee", "de", split)) == {
        *terms("coffeecoffee"),
        *terms("coffee", "de"),
    }


async def test_model_let_go_while_it_loads_then_turned_on_again(
    hass: HomeAssistant,
    encoder: type[FakeEncoder],
    setup_llm: None,
    contribution: hubs.Contribution,
) -> None:
    """The only hub unloads while the model loads and comes back after ``RELEASE_AFTER``: the
    old load finishes into the encoder let go, the new one serves; nothing raises."""
    encoder.load_gate = threading.Event()
    entry = await hubs.async_add_hub(hass, "Kitchen", ON)
    await hass.async_add_executor_job(encoder.waiting.wait, 10)
    old = hass.data[meaning._ENCODER]
    await hass.config_entries.async_unload(entry.entry_id)
    _later(hass, meaning.RELEASE_AFTER + 1)
    await hass.async_block_till_done()
    assert meaning._ENCODER not in hass.data
    assert await hass.config_entries.async_setup(entry.entry_id)
    assert await _names(hass, entry, QUERY) == []  # still loading: by words
    encoder.load_gate.set()
    await hass.async_block_till_done(wait_background_tasks=True)
    await _ready(hass, entry)
    assert await _names(hass, entry, QUERY) == [hubs.BREW]
    assert hass.data[meaning._ENCODER] is not old
    assert old.vectors == {}


async def test_a_conversation_holding_a_closed_search_answers_by_words(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """Tools listed before the hub turned Meaning search off and the model was let go still
    answer, by words, and only with the hub's tools."""
    await _turn_on(hass, hub)
    await _ready(hass, hub)
    instance = await llm.async_get_api(hass, hubs.hub_id(hub), hubs.llm_context())
    old = hub.runtime_data.api.meaning
    result = await _open(hass, hub, "search")
    await _submit(hass, result, {const.CONF_TOOL_MODE: "search", const.CONF_SEARCH_MEANING: False})
    _later(hass, meaning.RELEASE_AFTER + 1)
    await hass.async_block_till_done()
    assert meaning._ENCODER not in hass.data
    found = {}
    for query in (QUERY, "brew coffee"):
        answer = await instance.async_call_tool(
            llm.ToolInput(tool_name="search_tools", tool_args={"query": query})
        )
        assert isinstance(answer, llm.ToolResult)
        assert not answer.error
        found[query] = [tool["name"] for tool in _tools(answer)]
    assert found[QUERY] == []
    assert found["brew coffee"][0] == hubs.BREW
    old.want(old._wanted)  # a closed search starts nothing
    assert old._embedding is None or old._embedding.done()
    assert old.ready(old._wanted) is None


async def test_hub_removed_while_embedding_and_the_model_let_go(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """The hub is removed mid-embedding and the model let go before the job ends: the job's
    vectors land in the encoder let go; a new hub loads anew and ranks by meaning."""
    encoder.gate = threading.Event()
    await _turn_on(hass, hub)
    await _names(hass, hub, QUERY)
    await hass.async_add_executor_job(encoder.waiting.wait, 10)
    await hass.config_entries.async_remove(hub.entry_id)
    _later(hass, meaning.RELEASE_AFTER + 1)
    await hass.async_block_till_done()
    assert meaning._ENCODER not in hass.data
    encoder.gate.set()
    await hass.async_block_till_done(wait_background_tasks=True)
    encoder.gate = None
    other = await hubs.async_add_hub(hass, "Hall", ON)
    await hass.async_block_till_done(wait_background_tasks=True)
    await _ready(hass, other)
    assert (await _names(hass, other, QUERY))[0] == hubs.BREW
    assert encoder.loads == 2


async def test_two_hubs_reloading_in_turn_keep_one_model(
    hass: HomeAssistant,
    encoder: type[FakeEncoder],
    setup_llm: None,
    contribution: hubs.Contribution,
) -> None:
    """Two hubs unload and come back in every order within the grace: one model, loaded once;
    both rank by meaning; the model goes only after the last leaves."""
    first = await hubs.async_add_hub(hass, "Kitchen", ON)
    second = await hubs.async_add_hub(hass, "Hall", ON)
    await hass.async_block_till_done(wait_background_tasks=True)
    shared = hass.data[meaning._ENCODER]
    for leaving, staying in ((first, second), (second, first)):
        await hass.config_entries.async_unload(leaving.entry_id)
        _later(hass, meaning.RELEASE_AFTER + 1)
        await hass.config_entries.async_reload(staying.entry_id)
        _later(hass, meaning.RELEASE_AFTER * 2 + 2)
        await hass.async_block_till_done()
        assert hass.data[meaning._ENCODER] is shared
        assert await hass.config_entries.async_setup(leaving.entry_id)
        await hass.async_block_till_done(wait_background_tasks=True)
    for entry in (first, second):
        await _ready(hass, entry)
        assert await _names(hass, entry, QUERY) == [hubs.BREW]
    assert encoder.loads == 1
    await hass.config_entries.async_unload(first.entry_id)
    await hass.config_entries.async_unload(second.entry_id)
    _later(hass, meaning.RELEASE_AFTER * 3 + 3)
    await hass.async_block_till_done()
    assert meaning._ENCODER not in hass.data


async def test_odd_request_languages(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """Odd or regional request languages: the model's rank by meaning, the rest by words;
    a region without sentences of its own shares its language's."""
    assert await async_setup_component(hass, "intent", {})
    hass.states.async_set("light.kitchen", "on")
    await _turn_on(hass, hub)
    for language, by_meaning in (
        ("", True),  # Home Assistant's language (en)
        (None, True),
        ("*", True),
        ("xx", False),
        ("sv", False),
        ("de_DE", True),
        ("de", True),
        ("zh-Hant", True),
        ("pt-BR", True),
        ("en-GB", True),
        ("EN-us", True),
        ("pt", True),
    ):
        await _ready(hass, hub, language=language)
        assert await _names(hass, hub, QUERY, language=language) == (
            [hubs.BREW] if by_meaning else []
        ), language
    shared = hass.data[meaning._ENCODER]
    # Read once per intents file: the regions share their language's, any case or "_".
    assert shared.sentences["en-GB"] is shared.sentences["EN-us"] is shared.sentences["en"]
    assert shared.sentences["de_DE"] is shared.sentences["de"]
    assert "deactivate the light in here" in shared.sentences["en"]["HassTurnOff"]
    assert shared.sentences["pt-BR"] is not shared.sentences["pt"]
    assert shared.sentences["zh-Hant"] == {}  # no sentences of Chinese without a region


async def test_odd_search_tools_arguments_by_meaning(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """Arguments of the wrong kind, over Home Assistant's LLM API and the MCP Server: answered
    with the hub's own tools, the limit kept between 1 and the most."""
    await _turn_on(hass, hub)
    await _ready(hass, hub)
    listed = {card.name for card in hub.runtime_data.api.meaning._wanted.cards}
    for args in (
        {"query": ["espresso"]},
        {"query": 42},
        {"query": None},
        {"query": {"a": [1, None]}},
        {"query": QUERY, "limit": 0},
        {"query": QUERY, "limit": -1},
        {"query": QUERY, "limit": 10**100},
        {"query": QUERY, "limit": "many"},
        {"query": QUERY, "limit": float("inf")},
        {},
        ["espresso"],
    ):
        result = await _call(hass, hub, args)
        assert not result.error, (args, result.data)
        names = [tool["name"] for tool in _tools(result)]
        assert set(names) <= listed
        if isinstance(args, dict) and args.get("query") == QUERY:
            assert names == [hubs.BREW], args
    assert await _names(hass, hub, ["espresso"]) == [hubs.BREW]


async def test_search_tools_by_meaning_over_mcp(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    encoder: type[FakeEncoder],
    hub_url: str,
    hass_access_token: str,
) -> None:
    """The MCP Server (language "*": Home Assistant's) ranks by meaning once the vectors are
    made; a blank query is answered, a limit below 1 refused by the MCP SDK, nothing raised."""
    await _turn_on(hass, hub)
    async with mcp_session(hub_url, hass_access_token) as session:
        await session.call_tool("search_tools", {"query": QUERY})
        await hass.async_block_till_done(wait_background_tasks=True)
        found = json.loads(_text(await session.call_tool("search_tools", {"query": QUERY})))
        blank = await session.call_tool("search_tools", {"query": " " * 100_000})
        # The MCP SDK checks the arguments against the listed schema first: an error answer.
        below = await session.call_tool("search_tools", {"query": QUERY, "limit": -5})
    assert [tool["name"] for tool in found["tools"]] == [hubs.BREW]
    assert not blank.isError
    assert json.loads(_text(blank))["tools"] == []
    assert below.isError
    assert "minimum of 1" in _text(below)


async def test_a_hub_selecting_a_hub_ranks_intent_tools_by_their_sentences(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """An outer hub searching by meaning over a hub that lists Assist's intent tools: their
    cards keep their intents, their sentences rank them; answers are the outer hub's tools."""
    assert await async_setup_component(hass, "intent", {})
    hass.states.async_set("light.kitchen", "on")
    outer = await hubs.async_add_hub(hass, "Outer", {**ON, CONF_LLM_HASS_API: [hubs.hub_id(hub)]})
    await hass.async_block_till_done(wait_background_tasks=True)
    await _ready(hass, outer)
    cards = {card.name: card for card in outer.runtime_data.api.meaning._wanted.cards}
    assert cards["intent__HassTurnOff"].intents == ("HassTurnOff",)
    found = await _names(hass, outer, "deactivate")
    assert found[0] == "intent__HassTurnOff"
    assert set(found) <= set(cards)


async def test_intent_scripts_and_missing_sentence_packages(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """An intent script replacing a built-in intent keeps its sentences; a custom intent has
    none and ranks by its own text; without hassil every tool ranks by its own text."""
    assert await async_setup_component(hass, "intent", {})
    assert await async_setup_component(
        hass,
        "intent_script",
        {
            "intent_script": {
                "HassTurnOff": {"description": "Stops it", "speech": {"text": "ok"}},
                "MakeCoffee": {"description": "Brews an espresso", "speech": {"text": "ok"}},
            }
        },
    )
    await _turn_on(hass, hub)
    await _ready(hass, hub)
    cards = {card.name: card for card in hub.runtime_data.api.meaning._wanted.cards}
    assert cards["intent_script__MakeCoffee"].intents == ("MakeCoffee",)
    assert cards["intent_script__HassTurnOff"].intents == ("HassTurnOff",)
    assert set((await _names(hass, hub, "deactivate"))[:2]) == {
        "intent__HassTurnOff",
        "intent_script__HassTurnOff",
    }
    assert set(await _names(hass, hub, QUERY)) == {hubs.BREW, "intent_script__MakeCoffee"}

    shared = hass.data[meaning._ENCODER]
    with patch.dict(sys.modules, {"hassil.errors": None}):
        await _ready(hass, hub, language="fr")
    assert shared.sentences["fr"] == {}
    assert set(await _names(hass, hub, QUERY, language="fr")) == {
        hubs.BREW,
        "intent_script__MakeCoffee",
    }


async def test_model_failing_to_embed_the_tools_is_reported_once(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """The model loads but fails on the tools' texts: a repair says so, search answers by
    words, and the embedding is not tried again at every request."""
    await _turn_on(hass, hub)
    encoder.fail = RuntimeError("bad input")
    for _ in range(3):
        await _ready(hass, hub)
    assert hub.runtime_data.api.meaning.summary(None)["state"] == "failed"
    assert _issue(hass, meaning.MODEL_FAILED, hub) is not None
    assert hubs.BREW in (await _names(hass, hub, "brew coffee"))[:3]
    calls = len(encoder.embedded)
    encoder.fail = None
    await _ready(hass, hub)
    assert len(encoder.embedded) == calls  # only a reload tries again
    await hass.config_entries.async_reload(hub.entry_id)
    await hass.async_block_till_done(wait_background_tasks=True)
    await _ready(hass, hub)
    assert await _names(hass, hub, QUERY) == [hubs.BREW]
    assert _issue(hass, meaning.MODEL_FAILED, hub) is None


async def test_request_language_switching_while_embedding(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """Requests in three languages while the first's vectors are made: each answers at once
    (by words), one job embeds for the latest, and every language ranks by meaning after."""
    assert await async_setup_component(hass, "intent", {})
    hass.states.async_set("light.kitchen", "on")
    await _turn_on(hass, hub)
    encoder.gate = threading.Event()
    assert await _names(hass, hub, QUERY, language="en") == []
    await hass.async_add_executor_job(encoder.waiting.wait, 10)
    for language in ("de", "fr", "de"):
        assert await _names(hass, hub, QUERY, language=language) == []
    search = hub.runtime_data.api.meaning
    running = search._embedding
    encoder.gate.set()
    await hass.async_block_till_done(wait_background_tasks=True)
    assert running.done()
    shared = hass.data[meaning._ENCODER]
    assert set(shared.sentences) == {"en", "de"}  # fr was never the latest when a job began
    for language in ("de", "en", "fr"):
        await _ready(hass, hub, language=language)
        assert await _names(hass, hub, QUERY, language=language) == [hubs.BREW], language
    assert set(shared.sentences) == {"en", "de", "fr"}
