"""The words of Home Assistant's own sentences for each intent, in the request's language.

They come from the ``home-assistant-intents`` package that the ``conversation`` integration
uses, so a request in the home's language finds Assist's intent tools; the translated name
and description of the action each intent's handler calls bridge a few more requests.
Meaning search embeds an example of each sentence (``intent_sentences``).
"""

from __future__ import annotations

from collections.abc import Mapping
import contextlib
from dataclasses import dataclass, field, replace
import re
from typing import Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.helpers import intent, translation
from homeassistant.util.hass_dict import HassKey

from ..const import DOMAIN
from .terms import words

__all__ = [
    "IntentVocabulary",
    "async_get_intent_vocabulary",
    "intent_sentences",
    "intent_words",
    "intents_language",
]

# Template syntax of home-assistant-intents sentences: <rule> and {list} or {list:slot}.
_RULE: Final = re.compile(r"<([^<>]+)>")
_LIST: Final = re.compile(r"\{([^{}:]+)(?::[^{}]*)?\}")
_GLUED_OPTION: Final = re.compile(r"(?<=\w)\[[^\[\]]*\]")
# A slot of a sentence sampled without its lists' values.
_SLOT: Final = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True, slots=True)
class IntentVocabulary:
    """The words of Home Assistant's sentences for each intent, in one language."""

    language: str
    # Per intent type (e.g. ``HassTurnOn``), the words of its sentences, each once, sorted.
    words: Mapping[str, tuple[str, ...]]
    # Per intent type whose handler calls one action, that action's translated name and description
    # (``homeassistant.turn_on``: "Generic turn on", ...).
    actions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


_VOCABULARIES: HassKey[dict[str, IntentVocabulary]] = HassKey(f"{DOMAIN}_intent_vocabulary")


async def async_get_intent_vocabulary(hass: HomeAssistant, language: str) -> IntentVocabulary:
    """Return the intent vocabulary of ``language`` (or its base language), loaded once."""
    kept = hass.data.setdefault(_VOCABULARIES, {})
    if (vocabulary := kept.get(language)) is None:
        vocabulary = kept[language] = await hass.async_add_executor_job(_load_vocabulary, language)
    actions = {
        handler.intent_type: (handler.domain, handler.service)
        for handler in intent.async_get(hass)
        if isinstance(handler, intent.ServiceIntentHandler)
    }
    if actions.keys() != vocabulary.actions.keys():
        # Handlers register as their integrations set up: made again when they change.
        texts = await translation.async_get_translations(
            hass, language, "services", {domain for domain, _ in actions.values()}
        )
        vocabulary = kept[language] = replace(
            vocabulary,
            actions={
                intent_type: tuple(
                    text
                    for part in ("name", "description")
                    if (text := texts.get(f"component.{domain}.services.{service}.{part}"))
                )
                for intent_type, (domain, service) in actions.items()
            },
        )
    return vocabulary


def _load_vocabulary(language: str) -> IntentVocabulary:
    """Return the intent vocabulary of ``language`` (blocking: reads the package's files)."""
    if (data := _intents_data(language)) is None:
        return IntentVocabulary(language, {})
    return IntentVocabulary(language, intent_words(data))


def _intents_data(language: str) -> dict[str, Any] | None:
    """Return the home-assistant-intents file of ``language`` (blocking), None without one."""
    if (code := intents_language(language)) is None:
        return None
    import home_assistant_intents  # noqa: PLC0415  # there: it named the language

    return home_assistant_intents.get_intents(code)


def intents_language(language: str) -> str | None:
    """Return the home-assistant-intents language ``language`` reads (blocking), None without.

    Any case, ``_`` as ``-``; a region without sentences of its own (en-GB) reads its language's.
    """
    try:
        import home_assistant_intents  # noqa: PLC0415  # conversation's, maybe absent
    except ImportError:
        return None
    known = {code.casefold(): code for code in home_assistant_intents.get_languages()}
    wanted = language.replace("_", "-").casefold()
    return known.get(wanted) or known.get(wanted.partition("-")[0])


def intent_sentences(language: str) -> dict[str, tuple[str, ...]]:
    """Return per intent type an example of each sentence template, slots left out (blocking).

    Sampled by ``hassil``; empty without it or ``home-assistant-intents``, or for their lacks.
    """
    try:
        from hassil.errors import HassilError  # noqa: PLC0415  # conversation's, maybe absent
        from hassil.intents import Intents  # noqa: PLC0415
        from hassil.sample import sample_sentence  # noqa: PLC0415
    except ImportError:
        return {}
    if (data := _intents_data(language)) is None:
        return {}
    intents = Intents.from_dict(data)
    examples: dict[str, tuple[str, ...]] = {}
    for intent_type, intent_data in intents.intents.items():
        found: dict[str, None] = {}
        for item in intent_data.data:
            rules = {**intents.expansion_rules, **item.expansion_rules}
            for sentence in item.sentences:
                # A template naming a rule or list the file lacks has no example.
                with contextlib.suppress(HassilError):
                    text = next(
                        iter(
                            sample_sentence(
                                sentence, intents.slot_lists, rules, language, expand_lists=False
                            )
                        ),
                        "",
                    )
                    found[" ".join(_SLOT.sub(" ", text).split())] = None
        examples[intent_type] = tuple(text for text in found if text)
    return examples


def intent_words(data: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """Return the words of each intent's sentences in a home-assistant-intents language file."""
    rules: Mapping[str, str] = data.get("expansion_rules", {})
    lists: Mapping[str, Any] = data.get("lists", {})
    memo: dict[str, frozenset[str]] = {}

    def template_words(template: str, seen: frozenset[str]) -> set[str]:
        text = _RULE.sub(" ", _LIST.sub(" ", template))
        # "schalt[e]": both "schalte" and "schalt".
        found = set(words(text.replace("[", "").replace("]", "")))
        found.update(words(_GLUED_OPTION.sub("", text)))
        for rule in _RULE.findall(template):
            if rule in rules and rule not in seen:
                if rule not in memo:
                    memo[rule] = frozenset(template_words(rules[rule], seen | {rule}))
                found |= memo[rule]
        for list_name in _LIST.findall(template):
            for value in lists.get(list_name, {}).get("values", ()):
                found.update(words(str(value["in"] if isinstance(value, dict) else value)))
        return found

    by_intent: dict[str, tuple[str, ...]] = {}
    for intent_type, sentences in data.get("intents", {}).items():
        found: set[str] = set()
        for item in sentences.get("data", ()):
            for sentence in item.get("sentences", ()):
                found |= template_words(sentence, frozenset())
        by_intent[intent_type] = tuple(sorted(found))
    return by_intent
