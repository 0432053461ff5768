"""Meaning search (option ``search_meaning``): installed when on, lexical until ready, fused.

The package is replaced at its import boundary by ``helpers.meaning.FakeEncoder``; Home
Assistant's requirement installer is real (the test harness skips pip) unless a test makes it
fail.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
import gc
import sys
import threading
from typing import Any
from unittest.mock import patch
import weakref

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_fire_time_changed
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub import const
from custom_components.llm_hub.search import meaning
from custom_components.llm_hub.search.index import ToolCard, ToolIndex
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir, llm
from homeassistant.requirements import RequirementsNotFound
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from ..helpers import hubs
from ..helpers.flows import _open, _search_mode, _selector, _submit
from ..helpers.meaning import FakeEncoder

# The test harness unloads every hub at its end; the model's release timer is left then.
pytestmark = pytest.mark.parametrize("expected_lingering_timers", [True])

QUERY = "an espresso please"
"""A request that shares no word with ``BREW`` (the stand-in knows what it means)."""


async def _search(hass: HomeAssistant, entry: MockConfigEntry, query: str, **context: Any) -> Any:
    """Return the names ``search_tools`` answers for ``query``, best first."""
    llm_context = hubs.llm_context()
    if context:
        llm_context = replace(llm_context, **context)
    instance = await llm.async_get_api(hass, hubs.hub_id(entry), llm_context)
    result = await instance.async_call_tool(
        llm.ToolInput(tool_name="search_tools", tool_args={"query": query})
    )
    assert isinstance(result, llm.ToolResult)
    data: Any = result.data
    return [tool["name"] for tool in data["tools"]]


async def _turn_on(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """Put the hub in search mode, then turn on Meaning search, through the options flow."""
    await _search_mode(hass, entry)
    result = await _open(hass, entry, "search")
    await _submit(
        hass,
        result,
        {const.CONF_TOOL_MODE: "search", const.CONF_SEARCH_MEANING: True},
    )
    await hass.async_block_till_done(wait_background_tasks=True)


def _issue(hass: HomeAssistant, key: str, entry: MockConfigEntry) -> ir.IssueEntry | None:
    return ir.async_get(hass).async_get_issue(const.DOMAIN, f"{key}_{entry.entry_id}")


async def test_off_searches_by_words_and_imports_nothing(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """Off (the default) and in all mode the option is not shown; nothing is installed."""
    assert const.CONF_SEARCH_MEANING not in str(_open_schema(await _open(hass, hub, "search")))
    with patch("homeassistant.requirements.async_process_requirements") as installer:
        await _search_mode(hass, hub)
        await hass.async_block_till_done(wait_background_tasks=True)
        found = await _search(hass, hub, "brew coffee")
    assert hubs.BREW in found[:3]
    assert await _search(hass, hub, QUERY) == []
    installer.assert_not_called()
    assert meaning.MODULE not in sys.modules
    assert hub.runtime_data.api.meaning is None


def _open_schema(result: Any) -> Any:
    return result["data_schema"].schema


async def test_on_installs_the_package_and_finds_by_meaning(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """Turned on, Home Assistant installs the pinned package; a request sharing no word
    finds its tool; the tools are embedded once, a reload embeds nothing again."""
    await _search_mode(hass, hub)
    result = await _open(hass, hub, "search")
    _selector(result, const.CONF_SEARCH_MEANING)  # shown in search mode
    with patch("homeassistant.requirements.async_process_requirements", autospec=True) as installer:
        await _submit(
            hass, result, {const.CONF_TOOL_MODE: "search", const.CONF_SEARCH_MEANING: True}
        )
        await hass.async_block_till_done(wait_background_tasks=True)
        installer.assert_called_once_with(hass, "llm_hub.meaning", [meaning.REQUIREMENT])
        await _search(hass, hub, QUERY)  # the first build asks for its tools' vectors
        await hass.async_block_till_done(wait_background_tasks=True)
        found = await _search(hass, hub, QUERY)
        assert found == [hubs.BREW], found  # the others mean nothing like it
        embedded = len(encoder.embedded)

        await hass.config_entries.async_reload(hub.entry_id)
        await hass.async_block_till_done(wait_background_tasks=True)
        await _search(hass, hub, QUERY)
        await hass.async_block_till_done(wait_background_tasks=True)
    assert (await _search(hass, hub, QUERY))[0] == hubs.BREW
    # Only the queries were embedded again.
    assert encoder.embedded[embedded:] == [QUERY, QUERY]
    assert _issue(hass, meaning.INSTALL_FAILED, hub) is None


async def test_install_failing_raises_a_repair_and_searches_by_words(
    hass: HomeAssistant, hub: MockConfigEntry
) -> None:
    """The installer fails: a repair issue quotes it, search answers by words, nothing loads."""
    with patch(
        "homeassistant.requirements.async_process_requirements",
        side_effect=RequirementsNotFound("llm_hub.meaning", [meaning.REQUIREMENT]),
    ):
        await _turn_on(hass, hub)
    issue = _issue(hass, meaning.INSTALL_FAILED, hub)
    assert issue is not None
    assert issue.translation_placeholders == {
        "hub": "Kitchen",
        "requirement": meaning.REQUIREMENT,
        "error": f"Requirements for llm_hub.meaning not found: ['{meaning.REQUIREMENT}'].",
    }
    assert hubs.BREW in (await _search(hass, hub, "brew coffee"))[:3]
    assert await _search(hass, hub, QUERY) == []
    assert meaning.MODULE not in sys.modules

    # Removing the hub removes its repair.
    await hass.config_entries.async_remove(hub.entry_id)
    assert _issue(hass, meaning.INSTALL_FAILED, hub) is None


async def test_model_missing_raises_a_repair_and_searches_by_words(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """The package is there but its weights are not: a repair says so; search by words."""
    encoder.fail = FileNotFoundError("resources/weights.npz")
    await _turn_on(hass, hub)
    issue = _issue(hass, meaning.MODEL_FAILED, hub)
    assert issue is not None
    assert issue.translation_placeholders is not None
    assert issue.translation_placeholders["error"] == "resources/weights.npz"
    assert hub.runtime_data.api.meaning.summary(None) == {
        "state": "failed",
        "error": "resources/weights.npz",
        "language": None,
        "note": None,
    }
    assert await _search(hass, hub, QUERY) == []

    # A reload after the fix loads the model and clears the repair.
    encoder.fail = None
    await hass.config_entries.async_reload(hub.entry_id)
    await hass.async_block_till_done(wait_background_tasks=True)
    await _search(hass, hub, QUERY)
    await hass.async_block_till_done(wait_background_tasks=True)
    assert (await _search(hass, hub, QUERY))[0] == hubs.BREW
    assert _issue(hass, meaning.MODEL_FAILED, hub) is None


async def test_turned_off_clears_the_repair(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """The model failed; turning Meaning search off clears the repair, and nothing loads."""
    encoder.fail = FileNotFoundError("resources/weights.npz")
    await _turn_on(hass, hub)
    assert _issue(hass, meaning.MODEL_FAILED, hub) is not None
    result = await _open(hass, hub, "search")
    await _submit(hass, result, {const.CONF_TOOL_MODE: "search", const.CONF_SEARCH_MEANING: False})
    assert _issue(hass, meaning.MODEL_FAILED, hub) is None
    assert hub.runtime_data.api.meaning is None


async def test_turned_off_lets_the_model_go(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """A reload keeps the model; turned off, it is let go after ``RELEASE_AFTER`` seconds (its
    memory freed), unless a hub turns it on meanwhile; turned on again, it loads anew."""
    await _turn_on(hass, hub)
    shared = hass.data[meaning._ENCODER]
    await hass.config_entries.async_reload(hub.entry_id)
    await hass.async_block_till_done(wait_background_tasks=True)
    assert hass.data[meaning._ENCODER] is shared
    assert encoder.loads == 1

    result = await _open(hass, hub, "search")
    await _submit(hass, result, {const.CONF_TOOL_MODE: "search", const.CONF_SEARCH_MEANING: False})
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=meaning.RELEASE_AFTER - 1))
    await _turn_on(hass, hub)  # back within the grace: the same model
    assert hass.data[meaning._ENCODER] is shared

    model = weakref.ref(shared.model)
    other = await hubs.async_add_hub(
        hass,
        "Hall",
        {
            CONF_LLM_HASS_API: ["assist"],
            const.CONF_TOOL_MODE: "search",
            const.CONF_SEARCH_MEANING: True,
        },
    )
    result = await _open(hass, hub, "search")
    await _submit(hass, result, {const.CONF_TOOL_MODE: "search", const.CONF_SEARCH_MEANING: False})
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=meaning.RELEASE_AFTER + 1))
    assert hass.data[meaning._ENCODER] is shared  # the other hub still searches by meaning
    await hass.config_entries.async_unload(other.entry_id)
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=meaning.RELEASE_AFTER + 1))
    await hass.async_block_till_done()
    assert meaning._ENCODER not in hass.data
    del shared
    gc.collect()
    assert model() is None
    await _turn_on(hass, hub)
    assert encoder.loads == 2


async def test_every_tool_pinned_leaves_nothing_to_rank(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """With every tool listed directly, the index is empty and search answers nothing."""
    await _turn_on(hass, hub)
    pinned = [hubs.BREW, hubs.GRIND, "homeassistant__GetLiveContext", "llm__GetDateTime"]
    result = await _open(hass, hub, "search")
    await _submit(
        hass,
        result,
        {
            const.CONF_TOOL_MODE: "search",
            const.CONF_PINNED_TOOLS: pinned,
            const.CONF_SEARCH_MEANING: True,
        },
    )
    await hass.async_block_till_done(wait_background_tasks=True)
    await _search(hass, hub, QUERY)
    await hass.async_block_till_done(wait_background_tasks=True)
    assert await _search(hass, hub, QUERY) == []
    assert hub.runtime_data.api.meaning.summary(None)["state"] == "ready"


async def test_a_language_outside_the_model_searches_by_words(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """A request in Swedish (not among the model's languages) is answered by words alone."""
    await _turn_on(hass, hub)
    await _search(hass, hub, QUERY, language="sv")
    await hass.async_block_till_done(wait_background_tasks=True)
    assert await _search(hass, hub, QUERY, language="sv") == []
    await _search(hass, hub, QUERY, language="de")
    await hass.async_block_till_done(wait_background_tasks=True)
    assert (await _search(hass, hub, QUERY, language="de"))[0] == hubs.BREW


async def test_intent_sentences_are_embedded_in_the_request_language(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """Home Assistant's sentences for Assist's intent tools are embedded in the request's
    language, read once per language; a request in their words finds the intent tool."""
    assert await async_setup_component(hass, "intent", {})  # Assist lists its intents' tools
    hass.states.async_set("light.kitchen", "on")
    await _turn_on(hass, hub)
    await _search(hass, hub, "deactivate")
    await hass.async_block_till_done(wait_background_tasks=True)
    assert "deactivate the light in here" in encoder.embedded
    assert (await _search(hass, hub, "deactivate"))[0] == "intent__HassTurnOff"
    assert not any("schalte" in text.lower() for text in encoder.embedded)

    await _search(hass, hub, QUERY, language="de")
    await hass.async_block_till_done(wait_background_tasks=True)
    assert any("schalte" in text.lower() for text in encoder.embedded)
    assert (await _search(hass, hub, QUERY, language="de"))[0] == hubs.BREW
    shared = hass.data[meaning._ENCODER]
    assert set(shared.sentences) == {"en", "de"}
    embedded = len(encoder.embedded)
    await _search(hass, hub, QUERY, language="sv")  # outside the model: nothing read or embedded
    await hass.async_block_till_done(wait_background_tasks=True)
    assert set(shared.sentences) == {"en", "de"}
    assert len(encoder.embedded) == embedded


def test_a_tool_ranks_by_the_closest_of_its_vectors(encoder: type[FakeEncoder]) -> None:
    """A card's cosine is the highest of its own text's and its intents' sentences'."""
    shared = meaning.Encoder()
    shared.load()
    off = replace(_card("intent__HassTurnOff"), intents=("HassTurnOff",))
    index = ToolIndex([_card("coffee"), off, _card("grind")], "en")
    assert shared.texts(index) is None  # the sentences are not read yet
    shared.sentences["en"] = {"HassTurnOff": ("deactivate it", "grind")}
    texts = shared.texts(index)
    assert texts == ["coffee", "intent: Hass Turn Off", "grind", "deactivate it"]
    shared.embed(texts)
    vectors = shared.matrix(index)
    assert vectors.owners.tolist() == [1, 1]
    found = meaning.by_meaning(index.cards, vectors, shared.query("deactivate"), 3)
    assert [(card.name, round(score, 2)) for card, score in found] == [("intent__HassTurnOff", 1.0)]
    # "grind" is both a card and a sentence of the intent tool: each ranks first at 1.0.
    assert [
        card.name for card, _ in meaning.by_meaning(index.cards, vectors, shared.query("grind"), 2)
    ] == [
        "intent__HassTurnOff",
        "grind",
    ]


async def test_hub_reloaded_while_vectors_are_built(
    hass: HomeAssistant, hub: MockConfigEntry, encoder: type[FakeEncoder]
) -> None:
    """Search never waits for the vectors; a reload meanwhile leaves the old job to finish,
    ignored by the unloaded hub, and the reloaded hub ranks by meaning once they are there."""
    encoder.gate = threading.Event()
    await _turn_on(hass, hub)
    first = hub.runtime_data.api.meaning
    assert await _search(hass, hub, QUERY) == []  # starts embedding, which now waits
    await hass.async_add_executor_job(encoder.waiting.wait, 10)
    assert await _search(hass, hub, QUERY) == []  # answered while the vectors are built

    await hass.config_entries.async_reload(hub.entry_id)
    await hass.async_block_till_done()
    second = hub.runtime_data.api.meaning
    assert second is not first
    assert first is not None
    encoder.gate.set()
    await hass.async_block_till_done(wait_background_tasks=True)
    await _search(hass, hub, QUERY)
    await hass.async_block_till_done(wait_background_tasks=True)
    assert (await _search(hass, hub, QUERY))[0] == hubs.BREW


async def test_hub_unloaded_while_the_model_loads(
    hass: HomeAssistant,
    encoder: type[FakeEncoder],
    setup_llm: None,
    contribution: hubs.Contribution,
) -> None:
    """The model loads on for the next hub, once; the unloaded hub raises nothing."""
    encoder.load_gate = threading.Event()
    options = {
        CONF_LLM_HASS_API: ["assist"],
        const.CONF_TOOL_MODE: "search",
        const.CONF_SEARCH_MEANING: True,
    }
    entry = await hubs.async_add_hub(hass, "Kitchen", options)
    await hass.async_add_executor_job(encoder.waiting.wait, 10)
    await hass.config_entries.async_unload(entry.entry_id)
    assert await hass.config_entries.async_setup(entry.entry_id)
    encoder.load_gate.set()
    await hass.async_block_till_done(wait_background_tasks=True)
    await _search(hass, entry, QUERY)
    await hass.async_block_till_done(wait_background_tasks=True)
    assert await _search(hass, entry, QUERY) == [hubs.BREW]
    assert encoder.loads == 1
    assert ir.async_get(hass).issues == {}


async def _described(
    hass: HomeAssistant, client: Any, entry: MockConfigEntry, language: str
) -> Any:
    """Return the inspector's ``search.meaning`` of ``entry`` for a request in ``language``."""
    await client.send_json_auto_id(
        {"type": "llm_hub/api/describe", "api_id": hubs.hub_id(entry), "language": language}
    )
    return (await client.receive_json())["result"]["search"]["meaning"]


async def test_inspector_says_what_meaning_search_does(
    hass: HomeAssistant,
    hub: MockConfigEntry,
    encoder: type[FakeEncoder],
    hass_ws_client: WebSocketGenerator,
) -> None:
    """The inspector shows the state, and that a language outside the model's is not covered."""
    client = await hass_ws_client(hass)
    encoder.load_gate = threading.Event()
    await _search_mode(hass, hub)
    result = await _open(hass, hub, "search")
    await _submit(hass, result, {const.CONF_TOOL_MODE: "search", const.CONF_SEARCH_MEANING: True})
    assert await _described(hass, client, hub, "en") == {
        "state": "loading",
        "error": None,
        "language": "en",
        "note": None,
    }
    await hass.async_add_executor_job(encoder.waiting.wait, 10)  # the model loads
    encoder.waiting.clear()
    encoder.gate = threading.Event()
    encoder.load_gate.set()
    await hass.async_add_executor_job(encoder.waiting.wait, 10)  # the vectors are made
    assert (await _described(hass, client, hub, "en"))["state"] == "embedding"
    encoder.gate.set()
    await hass.async_block_till_done(wait_background_tasks=True)
    assert (await _described(hass, client, hub, "en"))["state"] == "ready"
    assert await _described(hass, client, hub, "sv") == {
        "state": "ready",
        "error": None,
        "language": "sv",
        "note": "Meaning search does not cover the language sv: search matches words only.",
    }


def _card(name: str) -> ToolCard:
    return ToolCard(name=name, description="", parameters={})


def test_fusion_ranks_by_both_places() -> None:
    """Reciprocal rank fusion: second in both beats first in one; scores the higher of two."""
    a, b, c = _card("a"), _card("b"), _card("c")
    fused = meaning.fuse([(a, 0.9), (b, 0.5)], [(c, 0.8), (b, 0.7), (_card("d"), 0.6), (a, 0.1)], 4)
    assert [(card.name, score) for card, score in fused] == [
        ("b", 0.7),
        ("a", 0.9),
        ("c", 0.8),
        ("d", 0.6),
    ]
    assert meaning.fuse([(a, 0.9)], [(b, 0.3)], 1) == [(a, 0.9)]  # ties keep words' order
    assert meaning.fuse([(a, 0.9)], [], 0) == []


def test_covered_languages() -> None:
    """The model's languages, with or without a region; no language is none."""
    assert meaning.covers("de")
    assert meaning.covers("pt-BR")
    assert meaning.covers("zh_Hant")
    assert not meaning.covers("sv")
    assert not meaning.covers(None)
    assert (
        meaning.card_text(
            ToolCard(
                name="intent__HassTurnOff", title="Off", description="Turns off.", parameters={}
            )
        )
        == "intent: Hass Turn Off. Off. Turns off."
    )
