"""A BM25 index of a hub's listed tools, one document (``ToolCard``) per tool.

Ranking is ``bm25s`` (Lucene's variant) over each tool's listed name, title, description,
the names, descriptions and string choices of its parameters, its source's name and, for
Assist's intent tools, the words of the intent's sentences. The same input always gives the
same ranking (ties by listed order). ``ToolIndexCache`` keeps indexes across requests.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
import copy
from dataclasses import dataclass
import math
import os
from typing import TYPE_CHECKING, Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm as llm_helper

from ..const import TOKEN_ARGUMENT
from .terms import COMPOUND_MIN, compound_parts, compounds, terms, words
from .vocabulary import IntentVocabulary

if TYPE_CHECKING:
    import bm25s

# bm25s reports progress with tqdm when that is installed, and a tqdm object starts a monitor
# thread even when disabled; this switch of bm25s's own makes it use none.
os.environ.setdefault("DISABLE_TQDM", "1")

__all__ = ["QUERY_MAX", "ToolCard", "ToolIndex", "ToolIndexCache", "tool_card"]


# BM25 parameters: k1 as Lucene; b lower than its 0.75, since intent tools carry long
# vocabularies (measured best on bench/bench_search.py's query set).
_K1: Final = 1.2
_B: Final = 0.2
# Each field's words count this many times in a tool's document.
_NAME_WEIGHT: Final = 3
_TITLE_WEIGHT: Final = 2
_TEXT_WEIGHT: Final = 1
_BRIDGE_WEIGHT: Final = 1

# Home Assistant's tools that answer what these intents answer without an LLM (by the tool's own
# name): they are found by the intents' sentences too.
_SERVED_INTENTS: Final[Mapping[str, tuple[str, ...]]] = {
    "homeassistant__GetLiveContext": ("HassGetState", "HassClimateGetTemperature"),
    "llm__GetDateTime": ("HassGetCurrentDate", "HassGetCurrentTime"),
    "media_player__search_media": ("HassMediaSearchAndPlay",),
    "media_player__play_media": ("HassMediaSearchAndPlay",),
}

# Compounds a query word no tool holds may stand for (in a compounding language).
_WIDEN_MOST: Final = 8

# Characters of a query that count (searched on the event loop; the rest is not keywords).
QUERY_MAX: Final = 1000

# Indexes a ``ToolIndexCache`` keeps (tool sets differ by device, language, user).
_CACHE_SIZE: Final = 8


@dataclass(frozen=True, slots=True)
class ToolCard:
    """One listed tool as the search knows it: what is indexed and what a search answers."""

    # The listed name (what ``call_tool`` takes).
    name: str
    # The listed description.
    description: str
    # The listed parameters as JSON Schema (the hub's clean schema); never changed here.
    parameters: Mapping[str, Any]
    # The tool's title, if it has one.
    title: str | None = None
    # The name of the API (or the domain of the integration) the tool comes from.
    source: str = ""
    # More words to find it by (``IntentVocabulary`` for Assist's intent tools).
    keywords: tuple[str, ...] = ()
    # Texts of Home Assistant's data that name what the tool does in other words (an intent tool's
    # action, translated: ``IntentVocabulary.actions``).
    bridged: tuple[str, ...] = ()
    # The intents whose sentences ask for what the tool does (an Assist intent tool's own).
    intents: tuple[str, ...] = ()
    # Whether the tool is annotated read-only (``call_read_only_tool`` calls it).
    read_only: bool = False
    # The description of the confirmation token a call carries, where it needs one.
    token: str | None = None

    def index_key(self) -> tuple[Any, ...]:
        """Return what the tool's document is made of; the parameters count by identity."""
        return (
            self.name,
            self.title,
            self.description,
            self.source,
            self.keywords,
            self.bridged,
            self.intents,
            id(self.parameters),
            self.read_only,
            self.token,
        )

    def fields(self) -> list[tuple[str, int]]:
        """Return the texts of the tool's document with their weights."""
        return [
            (self.name, _NAME_WEIGHT),
            (self.title or "", _TITLE_WEIGHT),
            (self.description, _TEXT_WEIGHT),
            (self.source, _TEXT_WEIGHT),
            (" ".join(_schema_words(self.parameters)), _TEXT_WEIGHT),
            (" ".join(self.keywords), _TEXT_WEIGHT),
            (" ".join(self.bridged), _BRIDGE_WEIGHT),
        ]

    def document(
        self, language: str | None, split: Callable[[str], Sequence[str]] | None = None
    ) -> list[str]:
        """Return the terms of the tool's document, each field as often as it weighs."""
        document: list[str] = []
        for text, weight in self.fields():
            document.extend(terms(text, language, split) * weight)
        return document

    def definition(self) -> dict[str, Any]:
        """Return the tool as ``search_tools`` answers it (parameters with the token)."""
        parameters = copy.deepcopy(dict(self.parameters))
        if self.token is not None:
            parameters["properties"] = {
                **parameters.get("properties", {}),
                TOKEN_ARGUMENT: {"type": "string", "description": self.token},
            }
        found: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "parameters": parameters,
        }
        if self.read_only:
            found["read_only"] = True
        return found


def _schema_words(schema: Mapping[str, Any]) -> list[str]:
    """Return the property names, descriptions and string choices of a clean JSON Schema."""
    found: list[str] = []
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if not isinstance(node, Mapping):
            continue
        if isinstance(properties := node.get("properties"), Mapping):
            found.extend(str(name) for name in properties)
            stack.extend(reversed(list(properties.values())))
        if isinstance(description := node.get("description"), str):
            found.append(description)
        if isinstance(choices := node.get("enum"), list):
            found.extend(choice for choice in choices if isinstance(choice, str))
        stack.append(node.get("items"))
    return found


def tool_card(
    tool: llm_helper.Tool,
    *,
    name: str,
    description: str | None,
    parameters: Mapping[str, Any],
    source: str,
    vocabulary: IntentVocabulary | None = None,
    token: str | None = None,
) -> ToolCard:
    """Return the card of a listed tool from the original ``tool`` and what the hub lists."""
    keywords: tuple[str, ...] = ()
    bridged: tuple[str, ...] = ()
    if isinstance(tool, llm_helper.IntentTool):
        intents: tuple[str, ...] = (tool.intent_type,)
    else:
        intents = _SERVED_INTENTS.get(tool.name, ())
    if vocabulary is not None:
        if isinstance(tool, llm_helper.IntentTool):
            bridged = vocabulary.actions.get(tool.intent_type, ())
        keywords = tuple(word for intent in intents for word in vocabulary.words.get(intent, ()))
    return ToolCard(
        name=name,
        description=description or "",
        parameters=parameters,
        title=tool.title,
        source=source,
        keywords=keywords,
        bridged=bridged,
        intents=intents,
        read_only=tool.annotations.read_only,
        token=token,
    )


class ToolIndex:
    """A BM25 index over tool cards."""

    __slots__ = ("_containing", "_idf", "_retriever", "_split", "cards", "language", "terms")

    def __init__(self, cards: Sequence[ToolCard], language: str | None = None) -> None:
        """Index ``cards`` with the stems of ``language`` (a Home Assistant language code)."""
        self.cards: tuple[ToolCard, ...] = tuple(cards)
        self.language = language
        self._split: Callable[[str], Sequence[str]] | None = None
        self._containing: dict[str, list[str]] = {}
        if compounds(language):
            known = {
                word for card in self.cards for text, _ in card.fields() for word in words(text)
            }
            self._split = _splitter(known)
            self._containing = _containing(known)
        # Term ids in order of first appearance (bm25s's own follow a set's order, which
        # changes from process to process, and with it how float scores add up).
        vocabulary: dict[str, int] = {}
        documents = [
            [
                vocabulary.setdefault(term, len(vocabulary))
                for term in card.document(language, self._split)
            ]
            for card in self.cards
        ]
        self._retriever: bm25s.BM25 | None = None
        self.terms = len(vocabulary)
        """How many different terms the index holds."""
        # Lucene's idf of each term, for the relevance of an answer.
        held = [0] * len(vocabulary)
        for document in documents:
            for term_id in set(document):
                held[term_id] += 1
        self._idf = {
            term: _idf(len(self.cards), held[term_id]) for term, term_id in vocabulary.items()
        }
        if vocabulary:
            import bm25s  # noqa: PLC0415  # only hubs that search pay its import (numpy's)

            retriever = bm25s.BM25(k1=_K1, b=_B, method="lucene")  # type: ignore[no-untyped-call]
            retriever.index((documents, vocabulary), show_progress=False)
            self._retriever = retriever

    def __len__(self) -> int:
        """Return how many tools the index holds."""
        return len(self.cards)

    def search(self, query: str, limit: int, floor: float = 0.0) -> list[tuple[ToolCard, float]]:
        """Return up to ``limit`` cards of relevance ``floor`` or more, best first, with it.

        Relevance (0 to 1): BM25 score over a tool's highest possible (``docs/tool-search.md``).
        """
        retriever = self._retriever
        if retriever is None or limit < 1:
            return []
        import numpy as np  # noqa: PLC0415  # imported with bm25s when the index was made

        wanted = self._query_terms(query[:QUERY_MAX])
        ids = retriever.get_tokens_ids(wanted)
        if not ids:
            return []
        unheld = _idf(len(self.cards), 0)
        whole = sum(self._idf.get(term, unheld) for term in wanted)
        scores = retriever.get_scores_from_ids(ids)
        found = np.flatnonzero(scores >= max(floor * whole, np.finfo(float).tiny))
        if len(found) > limit:
            kth = np.partition(scores[found], -limit)[-limit]
            found = found[scores[found] >= kth]
        best = found[np.lexsort((found, -scores[found]))][:limit]
        return [(self.cards[position], float(scores[position]) / whole) for position in best]

    def _query_terms(self, query: str) -> list[str]:
        """Return a query's terms, each once; a word no tool holds, the compounds it is in."""
        if not self._containing:
            return list(dict.fromkeys(terms(query, self.language)))
        found: list[str] = []
        for word in words(query):
            stems = terms(word, self.language, self._split)
            if not any(stem in self._idf for stem in stems):
                wider = self._containing.get(word) or next(
                    (self._containing[stem] for stem in stems if stem in self._containing), ()
                )
                stems += [term for whole in wider for term in terms(whole, self.language)]
            found += stems
        return list(dict.fromkeys(found))


def _splitter(known: set[str]) -> Callable[[str], Sequence[str]]:
    """Return ``compound_parts`` against ``known``, each word split once."""
    split: dict[str, tuple[str, ...]] = {}

    def parts(word: str) -> tuple[str, ...]:
        if (found := split.get(word)) is None:
            found = split[word] = compound_parts(word, known)
        return found

    return parts


def _containing(known: set[str]) -> dict[str, list[str]]:
    """Return, per start or end of a long known word, up to ``_WIDEN_MOST`` such words."""
    containing: dict[str, list[str]] = {}
    for word in sorted(known):
        if len(word) >= COMPOUND_MIN:
            edges = {word[:end] for end in range(4, len(word) - 2)}
            edges.update(word[start:] for start in range(3, len(word) - 3))
            for edge in edges:
                if len(within := containing.setdefault(edge, [])) < _WIDEN_MOST:
                    within.append(word)
    return containing


def _idf(count: int, held: int) -> float:
    """Return Lucene's idf of a term ``held`` by that many of ``count`` documents."""
    return math.log(1 + (count - held + 0.5) / (held + 0.5))


class ToolIndexCache:
    """The last ``_CACHE_SIZE`` indexes a hub made, by what they are made of."""

    def __init__(self) -> None:
        """Start empty."""
        self._kept: OrderedDict[tuple[Any, ...], ToolIndex] = OrderedDict()

    def __len__(self) -> int:
        """Return how many indexes are kept."""
        return len(self._kept)

    def get(self, cards: Sequence[ToolCard], language: str | None = None) -> ToolIndex:
        """Return the index of ``cards`` in ``language``, made now or kept from before."""
        key = self._key(cards, language)
        return self._found(key) or self._keep(key, ToolIndex(cards, language))

    async def async_get(
        self, hass: HomeAssistant, cards: Sequence[ToolCard], language: str | None = None
    ) -> ToolIndex:
        """Return ``get``'s index; one to make is made in the executor."""
        key = self._key(cards, language)
        if (index := self._found(key)) is not None:
            return index
        made = await hass.async_add_executor_job(ToolIndex, list(cards), language)
        return self._found(key) or self._keep(key, made)

    @staticmethod
    def _key(cards: Sequence[ToolCard], language: str | None) -> tuple[Any, ...]:
        """Return the key of an index: the language and what each document is made of."""
        return (language, *(card.index_key() for card in cards))

    def _found(self, key: tuple[Any, ...]) -> ToolIndex | None:
        """Return the index kept under ``key`` (now the most recently used), or None."""
        if (index := self._kept.get(key)) is not None:
            self._kept.move_to_end(key)
        return index

    def _keep(self, key: tuple[Any, ...], index: ToolIndex) -> ToolIndex:
        """Keep ``index`` under ``key``, forgetting the least recently used past the size."""
        self._kept[key] = index
        if len(self._kept) > _CACHE_SIZE:
            self._kept.popitem(last=False)
        return index
