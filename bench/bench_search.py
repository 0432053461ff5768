"""Benchmark of tool search (issue 17): ranking quality, tokens per turn, latency, index cost.

Run by ``script/bench --search`` in the test venv. Starts a Home Assistant in a temporary config
under ``.scratch/bench-search/`` (no HTTP) with Assist's own tools (the intents of lights,
climate, fans, covers, media players, vacuums, lawn mowers, to-do lists; live context, date
and time, calendar), adds the synthetic home of ``bench/search_home/`` (scripts in English,
German and Russian, tools of custom integrations) up to N tools, and reports as Markdown:

- recall@5 and MRR of the query set per language, for the request as the person says it and
  and as the model is told to search (the request plus English keywords of what to do and to what);
- tokens the model receives per turn (``inspector``: JSON of the tool definitions as agents send
  them, 4.2 characters per token) with all tools listed against search mode (prompt,
  the three meta-tools, one pinned tool) plus one ``search_tools`` answer of 5;
- ``search_tools`` latency (median and 95th percentile per query) and the cost of building
  the index, at 1,000 and 10,000 tools.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from typing import Any

import home_assistant_intents

from homeassistant import bootstrap, config_entries, loader
from homeassistant.const import __version__ as ha_version
from homeassistant.core import Context, HomeAssistant
from homeassistant.core_config import async_process_ha_core_config
from homeassistant.helpers import intent, llm, translation
from homeassistant.setup import async_setup_component

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the script's own is first

from search_home import QUERIES, Query, SyntheticTool, contributed_tools, scripts

from custom_components.llm_hub.panel.inspector import (
    definition_chars,
    estimate_tokens,
    function_definition,
)
from custom_components.llm_hub.schema.parameters import clean_parameters
from custom_components.llm_hub.search.index import (
    ToolCard,
    ToolIndex,
    tool_card,
)
from custom_components.llm_hub.search.meta_tools import (
    READ_ONLY_PROMPT,
    SCORE_FLOOR,
    SEARCH_PROMPT,
    CallReadOnlyToolTool,
    CallToolTool,
    SearchToolsTool,
)
from custom_components.llm_hub.search.terms import (
    _stems,
)
from custom_components.llm_hub.search.vocabulary import (
    IntentVocabulary,
    async_get_intent_vocabulary,
)

REPO = Path(__file__).resolve().parent.parent
SCRATCH = REPO / ".scratch" / "bench-search"
LANGUAGES = ("en", "de", "ru")
PINNED = "homeassistant__GetLiveContext"
# Entities whose domains make Assist list their intents (exposed by default).
STATES = {
    "light.kitchen": "on",
    "light.living_room": "off",
    "climate.office": "heat",
    "fan.bedroom": "off",
    "cover.living_room_blinds": "closed",
    "media_player.kitchen": "playing",
    "vacuum.robot": "docked",
    "lawn_mower.garden": "docked",
    "todo.shopping_list": "2",
    "calendar.family": "off",
    "lock.front_door": "locked",
}
DOMAINS = (
    "homeassistant",
    "llm",
    "intent",
    "light",
    "climate",
    "fan",
    "cover",
    "media_player",
    "vacuum",
    "lawn_mower",
    "todo",
    "calendar",
)


type Bridges = dict[str, dict[str, tuple[str, ...]]]
"""Per tool name, per source of Home Assistant's data, the words it bridges to the tool."""
BRIDGE_SOURCES = ("states", "responses")
"""Measured only: ``services`` is what ``IntentVocabulary.actions`` gives a hub."""


async def async_bridges(hass: HomeAssistant, tools: Sequence[llm.Tool], language: str) -> Bridges:
    """Return the words Home Assistant's translations give each intent tool, per source.

    ``states``: the translated state
    names of the domains the handler acts on (its action's domain, its required domains);
    ``responses``: the intent's answers in ``home-assistant-intents`` (templates cut out).
    """
    handlers = {handler.intent_type: handler for handler in intent.async_get(hass)}
    sentences = await hass.async_add_executor_job(home_assistant_intents.get_intents, language)
    responses = (sentences or {}).get("responses", {}).get("intents", {})
    bridges: Bridges = {}
    for tool in tools:
        if not isinstance(tool, llm.IntentTool) or tool.intent_type not in handlers:
            continue
        handler = handlers[tool.intent_type]
        domains = set(getattr(handler, "required_domains", None) or ())
        if isinstance(domain := getattr(handler, "domain", None), str):
            domains.add(domain)
        found: dict[str, tuple[str, ...]] = {}
        if domains:
            texts = await translation.async_get_translations(
                hass, language, "entity_component", sorted(domains)
            )
            found["states"] = tuple(
                text for key, text in sorted(texts.items()) if "._.state." in key
            )
        found["responses"] = tuple(
            re.sub(r"\{[{%].*?[}%]\}", " ", text)
            for text in responses.get(tool.intent_type, {}).values()
        )
        bridges[tool.name] = found
    return bridges


async def async_assist_tools(
    language: str,
) -> tuple[list[tuple[llm.Tool, dict[str, Any]]], Bridges, IntentVocabulary]:
    """Return Assist's tools of a real Home Assistant, with their clean JSON Schemas.

    Also the words ``async_bridges`` gives them, and the intent vocabulary as a hub there
    loads it (with the intents' actions).
    """
    SCRATCH.mkdir(parents=True, exist_ok=True)
    config_dir = Path(tempfile.mkdtemp(prefix="config-", dir=SCRATCH))
    hass = HomeAssistant(str(config_dir))
    try:
        loader.async_setup(hass)
        hass.config.skip_pip = True
        hass.config_entries = config_entries.ConfigEntries(hass, {})
        await loader.async_get_custom_components(hass)
        if not await bootstrap.async_load_base_functionality(hass):
            raise RuntimeError("Home Assistant could not load its registries")
        for domain in bootstrap.CORE_INTEGRATIONS:
            await async_setup_component(hass, domain, {})
        await async_process_ha_core_config(hass, {})
        for domain in DOMAINS:
            if not await async_setup_component(hass, domain, {}):
                raise RuntimeError(f"could not set up {domain}")
        for entity_id, state in STATES.items():
            hass.states.async_set(entity_id, state)
        context = llm.LLMContext(
            platform="bench",
            context=Context(),
            language=language,
            assistant="conversation",
            device_id=None,
        )
        instance = await llm.async_get_api(hass, llm.LLM_API_ASSIST, context)
        serializer = instance.custom_serializer or llm.selector_serializer
        return (
            [
                (tool, clean_parameters(tool.parameters, serializer).json_schema)
                for tool in instance.tools
            ],
            await async_bridges(hass, instance.tools, language),
            await async_get_intent_vocabulary(hass, language),
        )
    finally:
        await hass.async_stop(force=True)
        shutil.rmtree(config_dir, ignore_errors=True)


def home(
    assist: list[tuple[llm.Tool, dict[str, Any]]],
    count: int,
    vocabulary: IntentVocabulary | None,
    bridged: dict[str, tuple[str, ...]] | None = None,
) -> list[ToolCard]:
    """Return the cards of a home of ``count`` tools: Assist's, scripts, contributed.

    ``bridged``: more words of Home Assistant's data per tool name (``async_bridges``).
    """
    cards = [
        tool_card(
            tool,
            name=tool.name,
            description=tool.description,
            parameters=schema,
            source="Assist",
            vocabulary=vocabulary,
        )
        for tool, schema in assist
    ]
    if bridged:
        cards = [
            replace(card, keywords=(*card.keywords, *bridged.get(card.name, ()))) for card in cards
        ]
    synthetic: list[SyntheticTool] = scripts()
    synthetic += contributed_tools(max(0, count - len(cards) - len(synthetic)))
    cards += [
        ToolCard(tool.name, tool.description, tool.parameters, tool.title, tool.source)
        for tool in synthetic
    ]
    return cards[:count]


def rank(index: ToolIndex, query: str, expected: Sequence[str]) -> int | None:
    """Return the 1-based rank of the first expected tool in the top 50, or None.

    As ``search_tools`` answers: none below its ``SCORE_FLOOR``.
    """
    for position, (card, _score) in enumerate(index.search(query, 50, SCORE_FLOOR), start=1):
        if card.name in expected:
            return position
    return None


def _found(rank: int | None) -> bool:
    """Return whether a rank is in the top 5."""
    return rank is not None and rank <= 5


def quality(ranks: Sequence[int | None]) -> tuple[float, float]:
    """Return recall@5 and MRR of the ranks of a query set."""
    recall = sum(1 for found in ranks if _found(found)) / len(ranks)
    mrr = sum(1 / found for found in ranks if found is not None) / len(ranks)
    return recall, mrr


def definition(name: str, description: str, schema: Any) -> dict[str, Any]:
    """Return a tool definition as agents send it (``inspector.function_definition``)."""
    return {"name": name, "description": description, "parameters": schema}


def meta_definitions() -> list[dict[str, Any]]:
    """Return the definitions of the three meta-tools as agents send them."""
    return [
        function_definition(tool.name, tool.description, tool.parameters, llm.selector_serializer)
        for tool in (SearchToolsTool, CallToolTool, CallReadOnlyToolTool)
    ]


def tokens(cards: list[ToolCard], index: ToolIndex) -> tuple[int, int, int]:
    """Return tokens per turn: all tools listed, search mode listed, plus one answer of 5."""
    all_tools = estimate_tokens(
        definition_chars([definition(c.name, c.description, c.parameters) for c in cards])
    )
    pinned = [definition(c.name, c.description, c.parameters) for c in cards if c.name == PINNED]
    prompt = len(SEARCH_PROMPT) + 1 + len(READ_ONLY_PROMPT)
    listed = estimate_tokens(prompt + definition_chars([*meta_definitions(), *pinned]))
    found = index.search("turn on the light", 5, SCORE_FLOOR)
    answer = {"tools": [card.definition() | {"score": round(s, 2)} for card, s in found]}
    return all_tools, listed, listed + estimate_tokens(definition_chars(answer))


def timed(op: Callable[[], object], repeats: int) -> list[float]:
    """Return the seconds of each of ``repeats`` runs of ``op``."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        op()
        samples.append(time.perf_counter() - start)
    return samples


def percentile(samples: list[float], share: float) -> float:
    """Return the ``share`` percentile of ``samples`` (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def async_run(sizes: tuple[int, ...], latency_sizes: tuple[int, ...]) -> None:
    """Measure and print the Markdown report."""
    made = {lang: await async_assist_tools(lang) for lang in LANGUAGES}
    assist = {lang: tools for lang, (tools, _, _) in made.items()}
    bridges = {lang: found for lang, (_, found, _) in made.items()}
    vocabularies = {lang: vocabulary for lang, (_, _, vocabulary) in made.items()}
    names = {card.name for card in home(assist["en"], 1000, None)}
    if unknown := {name for q in QUERIES for name in q.expected} - names:
        raise RuntimeError(f"queries expect tools the home lacks: {sorted(unknown)}")

    print(
        f"# Tool search benchmark\n\nHome Assistant {ha_version}, Python "
        f"{platform.python_version()}, {platform.machine()}; {len(QUERIES)} queries, "
        f"{len(assist['en'])} Assist tools in the home.\n"
    )
    print("## Ranking at 1,000 tools\n")
    print("| language | queries | recall@5 | MRR | recall@5 as the model searches | MRR |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    said: dict[Query, int | None] = {}
    searched: dict[Query, int | None] = {}
    for lang in LANGUAGES:
        index = ToolIndex(home(assist[lang], 1000, vocabularies[lang]), lang)
        for query in (query for query in QUERIES if query.language == lang):
            said[query] = rank(index, query.text, query.expected)
            searched[query] = rank(index, f"{query.text} {query.keywords}".strip(), query.expected)
    rows: list[tuple[str, list[Query]]] = [
        (lang, [query for query in QUERIES if query.language == lang]) for lang in LANGUAGES
    ]
    rows.append(("all", list(QUERIES)))
    for group in dict.fromkeys(query.group for query in QUERIES if query.group):
        grouped = [query for query in QUERIES if query.group == group]
        rows += [
            (f"{lang}, {group}", [query for query in grouped if query.language == lang])
            for lang in LANGUAGES
        ]
        rows.append((f"all, {group}", grouped))
    for label, queries in rows:
        if queries:
            recall, mrr = quality([said[query] for query in queries])
            plus = quality([searched[query] for query in queries])
            print(
                f"| {label} | {len(queries)} | {recall:.2f} | {mrr:.2f} | {plus[0]:.2f} | "
                f"{plus[1]:.2f} |"
            )
    bridge_report(assist, vocabularies, bridges, rows)
    for title, ranks, text in (
        ("Missed (as said; rank in the top 50 or None)", said, lambda q: q.text),
        ("Missed as the model searches", searched, lambda q: f"{q.text} {q.keywords}".strip()),
    ):
        if missed := [query for query in QUERIES if not _found(ranks[query])]:
            print(f"\n{title}:\n")
            print("\n".join(f"- {q.language}: {text(q)!r} → {ranks[q]}" for q in missed))

    print("\n## Tokens per turn\n")
    print("| tools | all tools listed | search mode listed | + one answer of 5 |")
    print("| ---: | ---: | ---: | ---: |")
    for size in sizes:
        cards = home(assist["en"], size, vocabularies["en"])
        all_tools, listed, answered = tokens(cards, ToolIndex(cards, "en"))
        print(f"| {size:,} | {all_tools:,} | {listed:,} | {answered:,} |")

    print("\n## Latency (this machine, one core)\n")
    print(
        "| tools | terms | build index (first / again) | search median | search p95 | cache key |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for size in latency_sizes:
        print(latency(home(assist["de"], size, vocabularies["de"])))


def bridge_report(
    assist: dict[str, list[tuple[llm.Tool, dict[str, Any]]]],
    vocabularies: dict[str, IntentVocabulary],
    bridges: dict[str, Bridges],
    rows: list[tuple[str, list[Query]]],
) -> None:
    """Print recall@5 / MRR as said per group, with and without each bridge.

    Without the actions' words (``services``), with them (as a hub ranks), and with each
    measured source added to them.
    """
    variants = [(source,) for source in BRIDGE_SOURCES] + [BRIDGE_SOURCES]
    ranks: list[dict[Query, int | None]] = []
    for actions, sources in [(False, ()), (True, ()), *((True, v) for v in variants)]:
        found: dict[Query, int | None] = {}
        for lang in LANGUAGES:
            bridged = {
                name: tuple(word for source in sources for word in by_source.get(source, ()))
                for name, by_source in bridges[lang].items()
            }
            vocabulary = vocabularies[lang]
            if not actions:
                vocabulary = replace(vocabulary, actions={})
            index = ToolIndex(home(assist[lang], 1000, vocabulary, bridged), lang)
            for query in (query for query in QUERIES if query.language == lang):
                found[query] = rank(index, query.text, query.expected)
        ranks.append(found)
    print("\n## Bridges from Home Assistant's data (recall@5 / MRR as said)\n")
    heads = ["none", "services (a hub's)", *("services+" + "+".join(v) for v in variants)]
    print(f"| requests | {' | '.join(heads)} |")
    print(f"| --- |{' ---: |' * len(heads)}")
    for label, queries in rows:
        if queries:
            cells = [quality([each[query] for query in queries]) for each in ranks]
            print(f"| {label} | {' | '.join(f'{r:.2f} / {m:.2f}' for r, m in cells)} |")
    for sources, before, each in zip(
        [("services",), *variants], [ranks[0], *[ranks[1]] * len(variants)], ranks[1:], strict=True
    ):
        changed = [
            f"{q.language}: {q.text!r} {before[q]} → {each[q]}"
            for q in QUERIES
            if _found(before[q]) != _found(each[q])
        ]
        print(f"\n{'+'.join(sources)} changes the top 5 of: {'; '.join(changed) or 'none'}")
    words = {
        lang: sum(len(texts) for found in bridges[lang].values() for texts in found.values())
        for lang in LANGUAGES
    }
    print(f"\nBridged texts per language: {words}")


def latency(cards: list[ToolCard]) -> str:
    """Return the Markdown row of index and search times over ``cards`` (German stems).

    The first build stems every word; later ones find the stems kept (``terms``' cache).
    """
    _stems.cache_clear()
    first = timed(lambda: ToolIndex(cards, "de"), 1)[0]
    again = statistics.median(timed(lambda: ToolIndex(cards, "de"), 3))
    index = ToolIndex(cards, "de")
    searches = [
        sample for query in QUERIES for sample in timed(partial(index.search, query.text, 5), 20)
    ]
    key = statistics.median(timed(lambda: [card.index_key() for card in cards], 20))
    return (
        f"| {len(cards):,} | {index.terms:,} | {first * 1000:.0f} ms / {again * 1000:.0f} ms | "
        f"{statistics.median(searches) * 1000:.2f} ms | "
        f"{percentile(searches, 0.95) * 1000:.2f} ms | {key * 1000:.2f} ms |"
    )


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--quick", action="store_true", help="latency at 1,000 tools only")
    args = parser.parse_args()
    asyncio.run(async_run((100, 1000), (1000,) if args.quick else (1000, 10000)))


if __name__ == "__main__":
    main()
