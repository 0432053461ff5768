"""Tool search: a hub lists a few meta-tools, and the model finds and calls the rest by name.

Providers refuse requests with more than 128 tools, every listed tool costs tokens on every
turn, and small models choose worse from long lists. In search mode a hub lists its pinned
tools and two meta-tools instead of all its tools:

- ``search_tools(query, limit)`` (``SearchToolsTool``) answers the best-matching listed tools
  with their listed name, description and parameters (the JSON Schema the hub lists);
- ``call_tool(name, arguments)`` (``CallToolTool``) calls one of them by its listed name
  through that tool's own ``async_call``, so a call goes through the same pipeline as a
  direct one (validation, policy, confirmation, timeout, audit).

Ranking is BM25 (``bm25s``, Lucene's variant) over one document per tool (``ToolCard``): its
listed name (split at ``_`` and camel case), title, description, the names, descriptions and
string choices of its parameters (for Assist's intent tools the domains and device classes
they act on, when the intent restricts them), the name of the API it comes from, and for
Assist's intent tools the words of Home Assistant's own sentences for the intent in the
request's language (``IntentVocabulary``, from the ``home-assistant-intents`` package that
the ``conversation`` integration uses), so a request in the home's language finds them. Words
are split on Unicode word boundaries, case-folded, stemmed with Snowball's English stemmer and
the stemmer of the request's language (``snowballstemmer``), and stripped of diacritics. The
same input always gives the same ranking (ties by listed order).

``ToolIndexCache`` keeps indexes across requests, keyed by what the index is made of (like
``schema.cache.SchemaCache`` keeps schemas), so an unchanged set of tools is indexed once.
``ToolSearch`` is a hub's: its options (``SearchSettings``), its indexes, and what it lists
in search mode (``ToolSearch.async_list``).

``bm25s`` (with ``numpy``) and ``snowballstemmer`` take about 0.3 s to import: they are
imported when a hub first indexes its tools (in the executor), so a hub that lists all its
tools never pays for them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
import copy
from dataclasses import dataclass
from functools import lru_cache
import json
import os
import re
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, override
import unicodedata

import probatio

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm as llm_helper
from homeassistant.util.hass_dict import HassKey

from ..build.candidate import CandidateTool
from ..calls.tool import error_result, unwrap
from ..const import DOMAIN, TOKEN_ARGUMENT, ToolMode

if TYPE_CHECKING:
    import bm25s

# bm25s reports progress with tqdm when that is installed, and a tqdm object starts a monitor
# thread even when disabled; this switch of bm25s's own makes it use none.
os.environ.setdefault("DISABLE_TQDM", "1")

__all__ = [
    "CALL_TOOL",
    "DEFAULT_SEARCH_LIMIT",
    "HIDDEN_META_NAME",
    "MAX_SEARCH_LIMIT",
    "SEARCH_PROMPT",
    "SEARCH_TOOLS",
    "CallToolTool",
    "IntentVocabulary",
    "SearchSettings",
    "SearchToolsTool",
    "ToolCard",
    "ToolIndex",
    "ToolIndexCache",
    "ToolSearch",
    "async_get_intent_vocabulary",
    "intent_words",
    "meta_tools",
    "searches",
    "terms",
    "tool_card",
]

SEARCH_TOOLS: Final = "search_tools"
"""Listed name of the search meta-tool."""
CALL_TOOL: Final = "call_tool"
"""Listed name of the call meta-tool."""
DEFAULT_SEARCH_LIMIT: Final = 5
"""Tools ``search_tools`` answers when the model gives no limit."""
MAX_SEARCH_LIMIT: Final = 20
"""Most tools one ``search_tools`` call answers."""

SEARCH_PROMPT: Final = (
    f"Most tools are not listed here: find them with {SEARCH_TOOLS}. Call {SEARCH_TOOLS} "
    "with a few keywords of what you need (what to do and to what, in English and in the "
    f"user's language), then call {CALL_TOOL} with the name of a tool it found and "
    "arguments that match that tool's parameters. Never guess a tool name; when nothing "
    "fits, search again with other words."
)
"""What the model is told about the meta-tools (goes into the API prompt in search mode)."""

# BM25 parameters: k1 as Lucene; b lower than its 0.75, since intent tools carry long
# vocabularies (measured best on script/bench_search.py's query set).
_K1: Final = 1.2
_B: Final = 0.2
# Each field's words count this many times in a tool's document.
_NAME_WEIGHT: Final = 3
_TITLE_WEIGHT: Final = 2
_TEXT_WEIGHT: Final = 1

_SERVED_INTENTS: Final[Mapping[str, tuple[str, ...]]] = {
    "homeassistant__GetLiveContext": ("HassGetState", "HassClimateGetTemperature"),
    "llm__GetDateTime": ("HassGetCurrentDate", "HassGetCurrentTime"),
    "media_player__search_media": ("HassMediaSearchAndPlay",),
    "media_player__play_media": ("HassMediaSearchAndPlay",),
}
"""Home Assistant's tools that answer what these intents answer without an LLM (by the
tool's own name): they are found by the intents' sentences too."""

_CACHE_SIZE: Final = 8
"""Indexes a ``ToolIndexCache`` keeps (tool sets differ by device, language, user)."""

# Snowball stemmers by Home Assistant's language codes (the part before "-").
_STEMMERS: Final = {
    "ar": "arabic",
    "ca": "catalan",
    "cs": "czech",
    "da": "danish",
    "de": "german",
    "el": "greek",
    "en": "english",
    "es": "spanish",
    "et": "estonian",
    "eu": "basque",
    "fa": "persian",
    "fi": "finnish",
    "fr": "french",
    "ga": "irish",
    "hi": "hindi",
    "hu": "hungarian",
    "hy": "armenian",
    "id": "indonesian",
    "it": "italian",
    "lt": "lithuanian",
    "nb": "norwegian",
    "ne": "nepali",
    "nl": "dutch",
    "nn": "norwegian",
    "no": "norwegian",
    "pl": "polish",
    "pt": "portuguese",
    "ro": "romanian",
    "ru": "russian",
    "sr": "serbian",
    "sv": "swedish",
    "ta": "tamil",
    "tr": "turkish",
}

_CAMEL: Final = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z]{2})")
_WORD: Final = re.compile(r"[^\W_]+")
# Template syntax of home-assistant-intents sentences: <rule> and {list} or {list:slot}.
_RULE: Final = re.compile(r"<([^<>]+)>")
_LIST: Final = re.compile(r"\{([^{}:]+)(?::[^{}]*)?\}")
_GLUED_OPTION: Final = re.compile(r"(?<=\w)\[[^\[\]]*\]")


def searches(mode: ToolMode | str, tool_count: int, tool_limit: int) -> bool:
    """Return whether a hub in ``mode`` with ``tool_count`` listed tools uses search mode.

    ``tool_limit`` is the hub's limit of tools (option ``CONF_MAX_TOOLS``). An unknown mode
    (a hand-edited option) is taken as ``ToolMode.ALL``, which loses nothing.
    """
    if mode == ToolMode.SEARCH:
        return True
    return mode == ToolMode.SEARCH_OVER_LIMIT and tool_count > tool_limit


# --- Words -------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _stemmers(language: str | None) -> tuple[Any, ...]:
    """Return the Snowball stemmers for ``language``: English, and the language's own."""
    import snowballstemmer  # noqa: PLC0415  # only hubs that search pay its import

    names = ["english"]
    if language and (name := _STEMMERS.get(language.partition("-")[0].casefold())):
        names.append(name)
    return tuple(snowballstemmer.stemmer(name) for name in dict.fromkeys(names))


def _fold(text: str) -> str:
    """Return ``text`` without diacritics (``Küche`` and ``Kuche`` meet; ``й`` is ``и``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _words(text: str) -> list[str]:
    """Return the case-folded words of ``text``: camel case and ``_`` split, any script."""
    return _WORD.findall(_CAMEL.sub(" ", text).casefold())


def terms(text: str, language: str | None = None) -> list[str]:
    """Return the search terms of ``text``: each word's stems, folded, in order.

    A word gives its English stem and its stem in ``language`` (a Home Assistant language
    code such as ``de`` or ``pt-BR``; Snowball has no stemmer for some, which then give the
    English stem only), each once.
    """
    found: list[str] = []
    for word in _words(text):
        found.extend(_stems(word, language))
    return found


@lru_cache(maxsize=65536)
def _stems(word: str, language: str | None) -> tuple[str, ...]:
    """Return a word's stems in English and ``language``, folded, each once, sorted."""
    return tuple(sorted({_fold(stemmer.stemWord(word)) for stemmer in _stemmers(language)}))


# --- Documents ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToolCard:
    """One listed tool as the search knows it: what is indexed and what a search answers."""

    name: str
    """The listed name (what ``call_tool`` takes)."""
    description: str
    """The listed description."""
    parameters: Mapping[str, Any]
    """The listed parameters as JSON Schema (the hub's clean schema); never changed here."""
    title: str | None = None
    """The tool's title, if it has one."""
    source: str = ""
    """The name of the API (or the domain of the integration) the tool comes from."""
    keywords: tuple[str, ...] = ()
    """More words to find it by (``IntentVocabulary`` for Assist's intent tools)."""

    def index_key(self) -> tuple[Any, ...]:
        """Return what the tool's document is made of (equal keys: the same document).

        The parameters count by identity: a hub shares one schema per tool between requests.
        """
        return (
            self.name,
            self.title,
            self.description,
            self.source,
            self.keywords,
            id(self.parameters),
        )

    def document(self, language: str | None) -> list[str]:
        """Return the terms of the tool's document, each field as often as it weighs."""
        parts: list[tuple[str, int]] = [
            (self.name, _NAME_WEIGHT),
            (self.title or "", _TITLE_WEIGHT),
            (self.description, _TEXT_WEIGHT),
            (self.source, _TEXT_WEIGHT),
            (" ".join(_schema_words(self.parameters)), _TEXT_WEIGHT),
            (" ".join(self.keywords), _TEXT_WEIGHT),
        ]
        document: list[str] = []
        for text, weight in parts:
            document.extend(terms(text, language) * weight)
        return document

    def definition(self) -> dict[str, Any]:
        """Return the tool as ``search_tools`` answers it: name, description, parameters."""
        return {
            "name": self.name,
            "description": self.description,
            "parameters": copy.deepcopy(dict(self.parameters)),
        }


def _schema_words(schema: Mapping[str, Any]) -> list[str]:
    """Return the property names, descriptions and string choices of a clean JSON Schema.

    A clean schema (``schema.parameters.clean_parameters``) nests only through ``properties`` and
    ``items``.
    """
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
) -> ToolCard:
    """Return the card of a listed tool.

    ``tool`` is the original tool (inside any hub wrapper): its title, and for an
    ``llm.IntentTool`` its ``intent_type``, whose sentences in ``vocabulary`` become keywords.
    ``name``, ``description`` and ``parameters`` are what the hub lists (aliases and
    overrides applied; the clean JSON Schema); ``source`` the name of the API it comes from.
    """
    keywords: tuple[str, ...] = ()
    if vocabulary is not None:
        if isinstance(tool, llm_helper.IntentTool):
            intents: tuple[str, ...] = (tool.intent_type,)
        else:
            intents = _SERVED_INTENTS.get(tool.name, ())
        keywords = tuple(word for intent in intents for word in vocabulary.words.get(intent, ()))
    return ToolCard(
        name=name,
        description=description or "",
        parameters=parameters,
        title=tool.title,
        source=source,
        keywords=keywords,
    )


# --- Intent sentences --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IntentVocabulary:
    """The words of Home Assistant's sentences for each intent, in one language."""

    language: str
    words: Mapping[str, tuple[str, ...]]
    """Per intent type (e.g. ``HassTurnOn``), the words of its sentences, each once, sorted."""


_VOCABULARIES: HassKey[dict[str, IntentVocabulary]] = HassKey(f"{DOMAIN}_intent_vocabulary")


async def async_get_intent_vocabulary(hass: HomeAssistant, language: str) -> IntentVocabulary:
    """Return the intent vocabulary of ``language``, loaded once (in the executor).

    The sentences come from the ``home-assistant-intents`` package (a requirement of the
    ``conversation`` integration), of ``language`` or else of its base language (``en`` for
    ``en-GB``); without it, or for a language it lacks, the vocabulary is empty (the tools
    are still found by their own words).
    """
    kept = hass.data.setdefault(_VOCABULARIES, {})
    if (vocabulary := kept.get(language)) is None:
        vocabulary = kept[language] = await hass.async_add_executor_job(_load_vocabulary, language)
    return vocabulary


def _load_vocabulary(language: str) -> IntentVocabulary:
    """Return the intent vocabulary of ``language`` (blocking: reads the package's files)."""
    try:
        import home_assistant_intents  # noqa: PLC0415  # conversation's, maybe absent
    except ImportError:
        return IntentVocabulary(language, {})
    # A regional code without sentences of its own (en-GB) takes the language's (en).
    data = home_assistant_intents.get_intents(language) or home_assistant_intents.get_intents(
        language.partition("-")[0]
    )
    if data is None:
        return IntentVocabulary(language, {})
    return IntentVocabulary(language, intent_words(data))


def intent_words(data: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """Return the words of each intent's sentences in a home-assistant-intents language file.

    ``<rule>`` references are replaced by the words of their expansion rule and ``{list}``
    references by the words of the list's values (for lists of values), recursively. An
    optional part glued to a word (``schalt[e]``) gives the word with and without it.
    """
    rules: Mapping[str, str] = data.get("expansion_rules", {})
    lists: Mapping[str, Any] = data.get("lists", {})
    memo: dict[str, frozenset[str]] = {}

    def template_words(template: str, seen: frozenset[str]) -> set[str]:
        text = _RULE.sub(" ", _LIST.sub(" ", template))
        # "schalt[e]": both "schalte" and "schalt".
        found = set(_words(text.replace("[", "").replace("]", "")))
        found.update(_words(_GLUED_OPTION.sub("", text)))
        for rule in _RULE.findall(template):
            if rule in rules and rule not in seen:
                if rule not in memo:
                    memo[rule] = frozenset(template_words(rules[rule], seen | {rule}))
                found |= memo[rule]
        for list_name in _LIST.findall(template):
            for value in lists.get(list_name, {}).get("values", ()):
                found.update(_words(str(value["in"] if isinstance(value, dict) else value)))
        return found

    words: dict[str, tuple[str, ...]] = {}
    for intent_type, intent in data.get("intents", {}).items():
        found: set[str] = set()
        for item in intent.get("data", ()):
            for sentence in item.get("sentences", ()):
                found |= template_words(sentence, frozenset())
        words[intent_type] = tuple(sorted(found))
    return words


# --- Index -------------------------------------------------------------------------------


class ToolIndex:
    """A BM25 index over tool cards, searched by ``search``.

    Build it with ``ToolIndex(cards, language)`` (or get it from a ``ToolIndexCache``).
    """

    __slots__ = ("_retriever", "cards", "language", "terms")

    def __init__(self, cards: Sequence[ToolCard], language: str | None = None) -> None:
        """Index ``cards`` with the stems of ``language`` (a Home Assistant language code)."""
        self.cards: tuple[ToolCard, ...] = tuple(cards)
        self.language = language
        # Term ids in order of first appearance (bm25s's own follow a set's order, which
        # changes from process to process, and with it how float scores add up).
        vocabulary: dict[str, int] = {}
        documents = [
            [vocabulary.setdefault(term, len(vocabulary)) for term in card.document(language)]
            for card in self.cards
        ]
        self._retriever: bm25s.BM25 | None = None
        self.terms = len(vocabulary)
        """How many different terms the index holds."""
        if vocabulary:
            import bm25s  # noqa: PLC0415  # only hubs that search pay its import (numpy's)

            retriever = bm25s.BM25(k1=_K1, b=_B, method="lucene")  # type: ignore[no-untyped-call]
            retriever.index((documents, vocabulary), show_progress=False)
            self._retriever = retriever

    def __len__(self) -> int:
        """Return how many tools the index holds."""
        return len(self.cards)

    def search(self, query: str, limit: int) -> list[tuple[ToolCard, float]]:
        """Return up to ``limit`` cards matching ``query``, best first, with their scores.

        Only cards sharing a term with the query are answered; equal scores keep the
        order the cards were given in.
        """
        retriever = self._retriever
        if retriever is None or limit < 1:
            return []
        import numpy as np  # noqa: PLC0415  # imported with bm25s when the index was made

        ids = retriever.get_tokens_ids(list(dict.fromkeys(terms(query, self.language))))
        if not ids:
            return []
        scores = retriever.get_scores_from_ids(ids)
        found = np.flatnonzero(scores > 0)
        if len(found) > limit:
            kth = np.partition(scores[found], -limit)[-limit]
            found = found[scores[found] >= kth]
        best = found[np.lexsort((found, -scores[found]))][:limit]
        return [(self.cards[position], float(scores[position])) for position in best]


class ToolIndexCache:
    """The indexes a hub made, by what they are made of, the most recently used kept.

    ``get`` answers an index of the same cards (by ``ToolCard.index_key``) in the same
    language without indexing again; it keeps ``_CACHE_SIZE`` indexes.
    """

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
        """Return ``get``'s index; one to make is made in the executor.

        Indexing takes tens of milliseconds per thousand tools (``docs/tool-search.md``),
        too long for the event loop.
        """
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


# --- Meta-tools --------------------------------------------------------------------------


class SearchToolsTool(llm_helper.Tool):
    """The meta-tool ``search_tools``: the best-matching tools of a hub for a query.

    Answers ``{"tools": [{"name", "description", "parameters"}, ...]}``, best first, at
    most ``limit`` (default ``DEFAULT_SEARCH_LIMIT``, at most ``MAX_SEARCH_LIMIT``); an
    empty list with a hint when nothing matches. Never raises: a query that is not text is
    read as its JSON, a limit that is not a number as the default.
    """

    name = SEARCH_TOOLS
    title = "Search tools"
    description = (
        "Find the tools to do what the user asks. Give a few keywords (what to do and to "
        "what, in English and in the user's language); returns the best-matching tools with "
        f"their parameters, to call with {CALL_TOOL}."
    )
    integration = DOMAIN
    annotations = llm_helper.ToolAnnotations(
        read_only=True, destructive=False, idempotent=True, open_world=False
    )
    parameters = probatio.Schema(
        {
            probatio.Required(
                "query", description="Keywords of what to do, e.g. 'turn on light kitchen'."
            ): str,
            probatio.Optional(
                "limit", description="How many tools to return.", default=DEFAULT_SEARCH_LIMIT
            ): probatio.All(int, probatio.Range(min=1, max=MAX_SEARCH_LIMIT)),
        }
    )

    def __init__(self, index: ToolIndex) -> None:
        """Search ``index`` (the hub's tools that are not listed directly)."""
        self.index = index

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: llm_helper.ToolInput,
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult:
        """Return the best-matching tools for ``query``."""
        args = tool_input.tool_args if isinstance(tool_input.tool_args, Mapping) else {}
        query = args.get("query", "")
        if not isinstance(query, str):
            query = json.dumps(query, ensure_ascii=False, default=str)
        found = self.index.search(query, _limit(args.get("limit")))
        data: dict[str, Any] = {"tools": [card.definition() for card, _score in found]}
        if not found:
            data["hint"] = (
                f"No tool matched {query!r}. Search again with other or fewer keywords, "
                "in English and in the user's language."
            )
        return llm_helper.ToolResult(data=data)


def _limit(value: Any) -> int:
    """Return the search limit the model asked for, within 1 and ``MAX_SEARCH_LIMIT``."""
    try:
        limit = int(value)
    except TypeError, ValueError, OverflowError:
        return DEFAULT_SEARCH_LIMIT
    return min(max(limit, 1), MAX_SEARCH_LIMIT)


class CallToolTool(llm_helper.Tool):
    """The meta-tool ``call_tool``: calls a listed tool of the hub by its listed name.

    The call goes to that tool's own ``async_call`` with the arguments as given, so it
    passes the same validation, policy, confirmation, timeout and audit as a direct call.
    Never raises for the model's mistakes: an unknown name is answered with the closest
    names, a tool the hub does not list with why, arguments that are not an object (or
    JSON text of one) with what to send. A ``HomeAssistantError`` of the tool is answered
    like Home Assistant's chat log answers it.
    """

    name = CALL_TOOL
    title = "Call a tool"
    description = (
        f"Call a tool found with {SEARCH_TOOLS} by its name, with arguments that match its "
        "parameters."
    )
    integration = DOMAIN
    parameters = probatio.Schema(
        {
            probatio.Required("name", description=f"The tool's name from {SEARCH_TOOLS}."): str,
            probatio.Optional(
                "arguments", description="The tool's arguments, matching its parameters."
            ): dict,
        }
    )

    def __init__(
        self,
        tools: Mapping[str, llm_helper.Tool],
        index: ToolIndex,
        hidden: Mapping[str, str] | None = None,
    ) -> None:
        """Call ``tools`` (listed name to the tool whose ``async_call`` runs the pipeline).

        ``index`` suggests names for an unknown one. ``hidden`` maps the names of tools the
        hub has but does not list to why, in a sentence (e.g. "The user turned it off.").
        """
        self.tools = tools
        self.index = index
        self.hidden = hidden or {}

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: llm_helper.ToolInput,
        llm_context: llm_helper.LLMContext,
    ) -> llm_helper.ToolResult:
        """Call the named tool with the arguments; return its result or why it did not run."""
        args = tool_input.tool_args if isinstance(tool_input.tool_args, Mapping) else {}
        name = args.get("name")
        if not isinstance(name, str) or not name.strip():
            return error_result(
                "InvalidArguments",
                f"Give the name of the tool to call as text, as {SEARCH_TOOLS} returned it.",
            )
        name = name.strip()
        if (tool := self.tools.get(name)) is None:
            return self._refusal(name)
        arguments = _arguments(args.get("arguments"))
        if arguments is None:
            return error_result(
                "InvalidArguments",
                f"The arguments for tool {name} must be an object of its parameters, "
                'e.g. {"name": "Kitchen light"}; call it again with such an object.',
            )
        try:
            result = await tool.async_call(
                hass,
                llm_helper.ToolInput(
                    tool_name=name,
                    tool_args=arguments,
                    id=tool_input.id,
                    external=tool_input.external,
                ),
                llm_context,
            )
        except HomeAssistantError as err:
            return error_result(type(err).__name__, str(err) or f"Tool {name} failed")
        if not isinstance(result, llm_helper.ToolResult):
            result = llm_helper.ToolResult(data=result)
        return _through_call_tool(name, result)

    def _refusal(self, name: str) -> llm_helper.ToolResult:
        """Return why ``name`` cannot be called: a meta-tool, a hidden tool or no tool."""
        if name in (SEARCH_TOOLS, CALL_TOOL):
            return error_result(
                "InvalidArguments", f"Call {name} directly, not through {CALL_TOOL}."
            )
        if (reason := self.hidden.get(name)) is not None:
            return error_result(
                "ToolNotAvailable",
                f"Tool {name} is not available to you: {reason} Do not call it again; "
                "tell the user if it was needed.",
            )
        near = [card.name for card, _score in self.index.search(name, 3)]
        suggestion = f" Closest names: {', '.join(near)}." if near else ""
        return error_result(
            "UnknownTool",
            f"There is no tool named {name}.{suggestion} Call {SEARCH_TOOLS} to find the "
            "tool and use the name it returns.",
        )


def _through_call_tool(name: str, result: llm_helper.ToolResult) -> llm_helper.ToolResult:
    """Return ``result``; a request for confirmation also says how to confirm through here.

    The hub's confirmation (``confirmation.py``) tells the model to call the tool again with
    ``confirmation_token``: in search mode that call goes through ``call_tool`` too.
    """
    data = result.data
    if (
        result.error
        and isinstance(data, dict)
        and isinstance(token := data.get(TOKEN_ARGUMENT), str)
        and isinstance(text := data.get("error_text"), str)
    ):
        data["error_text"] = (
            f"{text} Call it through {CALL_TOOL}: name {name!r} and the same arguments plus "
            f'"{TOKEN_ARGUMENT}": "{token}".'
        )
    return result


def _arguments(value: Any) -> dict[str, Any] | None:
    """Return the arguments the model sent as an object, or None when they are none.

    Missing or null is no arguments; JSON text of an object (some models send that) is
    read.
    """
    if value is None or value == "":
        return {}
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return None
    if isinstance(value, Mapping):
        return {str(key): item for key, item in value.items()}
    return None


def meta_tools(
    index: ToolIndex,
    tools: Mapping[str, llm_helper.Tool],
    hidden: Mapping[str, str] | None = None,
) -> tuple[SearchToolsTool, CallToolTool]:
    """Return ``search_tools`` over ``index`` and ``call_tool`` over ``tools``.

    ``index`` holds the tools behind search (the listed tools less the pinned ones, from a
    ``ToolIndexCache``); ``tools`` are all listed tools by listed name (pinned ones too),
    ``hidden`` the hub's tools it does not list, with why.
    """
    return SearchToolsTool(index), CallToolTool(tools, index, hidden)


# --- A hub's tool search -----------------------------------------------------------------

HIDDEN_META_NAME: Final = (
    f"in search mode its name is the name of a meta-tool ({SEARCH_TOOLS} or {CALL_TOOL}); "
    "give it another name in the options (tool names and descriptions)"
)
"""Why a tool is not listed in search mode when its listed name is a meta-tool's."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """A hub's tool search options: its ``ToolMode`` and the tools it always lists."""

    mode: ToolMode = ToolMode.ALL
    pinned: frozenset[str] = frozenset()
    """Tool keys (``CandidateTool.key``) listed directly in search mode."""


_NO_PARAMETERS: Final[Mapping[str, Any]] = MappingProxyType({"type": "object", "properties": {}})
"""The card parameters of a listed tool without a clean schema (one object: the same key)."""


class ToolSearch:
    """A hub's tool search: its settings, its indexes, and what it lists in search mode.

    Kept with the hub's build (``build.HubBuilder``), so the indexes last across requests.
    """

    def __init__(self, hub_name: str, settings: SearchSettings) -> None:
        """Search the tools of the hub ``hub_name`` as ``settings`` say; keep no index yet."""
        self.hub_name = hub_name
        self.settings = settings
        self.indexes = ToolIndexCache()

    def active(self, tool_count: int, tool_limit: int) -> bool:
        """Return whether a build that lists ``tool_count`` tools lists them by search."""
        return searches(self.settings.mode, tool_count, tool_limit)

    async def async_list(
        self,
        hass: HomeAssistant,
        candidates: Sequence[CandidateTool],
        tools: Iterable[llm_helper.Tool],
        language: str,
        warn: Callable[[str], None],
    ) -> tuple[list[llm_helper.Tool], ToolIndex]:
        """Return what a hub lists in search mode, and the index behind ``search_tools``.

        ``candidates`` are the build's (``build.HubAPIInstance.candidates``) and ``tools``
        the tools it lists, by listed name. Listed in search mode: the pinned ones among
        them, then ``search_tools`` and ``call_tool``, which are not wrapped in a hub tool
        (each call would be recorded twice); every listed tool is indexed, less the pinned
        ones, and called through ``call_tool``. A listed tool named like a meta-tool is
        refused (``HIDDEN_META_NAME`` on its candidate, ``warn``-ed). ``language`` is the
        request's (``llm_context.language``): the stems and Assist's sentences it indexes.
        """
        listed = {tool.name: tool for tool in tools}
        hidden: dict[str, str] = {}
        for item in candidates:
            if item.hidden is None and item.name in (SEARCH_TOOLS, CALL_TOOL):
                item.hidden = HIDDEN_META_NAME
                listed.pop(item.name, None)
                warn(f"LLM Hub {self.hub_name} leaves out the tool {item.key}: {HIDDEN_META_NAME}")
            if item.hidden is not None:
                hidden[item.name] = f"the hub leaves it out ({item.hidden})."
        pinned = self.settings.pinned
        api_names = {api.id: api.name for api in llm_helper.async_get_apis(hass)}
        vocabulary = await async_get_intent_vocabulary(hass, language)
        cards = [
            tool_card(
                unwrap(item.tool),
                name=item.name,
                description=listed[item.name].description,
                parameters=item.json_schema or _NO_PARAMETERS,
                source=api_names.get(item.source, item.source),
                vocabulary=vocabulary,
            )
            for item in candidates
            if item.name in listed and item.key not in pinned
        ]
        index = await self.indexes.async_get(hass, cards, language)
        direct = [
            listed[item.name] for item in candidates if item.key in pinned and item.name in listed
        ]
        return [*direct, *meta_tools(index, listed, hidden)], index
