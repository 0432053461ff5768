"""The translations: every key the code uses exists, every text in en.json is used, and every
other language has exactly en.json's keys with the same placeholders."""

from __future__ import annotations

import logging
from pathlib import Path
import re
from typing import Any

import pytest
import voluptuous as vol

from custom_components.llm_hub.api import AdminRequiredError
from custom_components.llm_hub.compose.candidate import CandidateTool
from custom_components.llm_hub.compose.sources import HubLoopError
from custom_components.llm_hub.const import DOMAIN
from custom_components.llm_hub.options_flow import _tool_status
from custom_components.llm_hub.panel.inspector import REASON_KEYS
from custom_components.llm_hub.search.meta_tools import META_TOOLS
from custom_components.llm_hub.ui_tools.reasons import MESSAGES
from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv, llm, translation

from .helpers.hubs import RecordingTool
from .helpers.translations import TRANSLATIONS, TRANSLATIONS_DIR, load_translations, placeholders_of

SOURCE = Path(__file__).parents[1] / "custom_components" / DOMAIN
LANGUAGES = sorted(path.stem for path in TRANSLATIONS_DIR.glob("*.json") if path.stem != "en")
"""Every language LLM Hub ships besides English."""


def _exception_keys_in_code() -> set[str]:
    """Return the exception translation keys the integration's code names.

    The reasons of tools left out are named by ``ToolDefinitionError("<key>", ...)``.
    """
    code = "\n".join(path.read_text(encoding="utf-8") for path in SOURCE.rglob("*.py"))
    tools = "\n".join(
        (SOURCE / "ui_tools" / name).read_text(encoding="utf-8")
        for name in ("definition.py", "tools.py", "checks.py")
    )
    reasons = {key for key in MESSAGES if f'"{key}"' in tools}
    return set(re.findall(r'translation_key\s*=\s*"(\w+)"', code)) | reasons


def test_exception_translations_match_the_code() -> None:
    """Each exception translation key the code raises exists, and each one is raised.

    Repair issues, selectors and entities name their ``translation_key`` the same way; those
    are under ``issues``, ``selector`` and ``entity``.
    """
    in_code = _exception_keys_in_code()
    others = (
        set(TRANSLATIONS["issues"])
        | set(TRANSLATIONS["selector"])
        | {key for platform in TRANSLATIONS["entity"].values() for key in platform}
    )
    assert in_code - others == set(TRANSLATIONS["exceptions"])
    assert all(text["message"] for text in TRANSLATIONS["exceptions"].values())


def test_tool_reasons_are_the_english_translations() -> None:
    """``str()`` of a reason a tool is left out is its text in en.json, filled in."""
    assert {key: TRANSLATIONS["exceptions"][key]["message"] for key in MESSAGES} == MESSAGES


async def test_exceptions_read_their_translation(
    hass: HomeAssistant, setup_integration: None
) -> None:
    """Raised errors carry their translation: a user sees the text of en.json, filled in."""
    loop = HubLoopError(
        translation_domain=DOMAIN,
        translation_key="hub_loop",
        translation_placeholders={"chain": '"A" -> "B" -> "A"'},
    )
    assert str(loop) == (
        'LLM Hub APIs select each other in a loop ("A" -> "B" -> "A"); '
        "take one of them out of the hubs' selected LLM APIs"
    )
    admin = AdminRequiredError("Kitchen", None)
    assert (admin.translation_domain, admin.translation_key) == (DOMAIN, "admin_required")
    assert str(admin) == (
        "LLM Hub Kitchen requires an administrator: it selects an LLM API only administrators "
        "may use"
    )
    assert placeholders_of(TRANSLATIONS["exceptions"]["admin_required"]["message"]) == {"hub"}


@pytest.mark.parametrize(
    ("annotations", "status"),
    [
        (llm.ToolAnnotations(read_only=True, open_world=False), "read_only"),
        (llm.ToolAnnotations(read_only=True, open_world=True), "read_only_open_world"),
        (llm.ToolAnnotations(read_only=False, destructive=False, open_world=False), "changes"),
        (
            llm.ToolAnnotations(read_only=False, destructive=False, open_world=True),
            "changes_open_world",
        ),
        (llm.ToolAnnotations(read_only=False, destructive=True, open_world=False), "destructive"),
        (None, "destructive_open_world"),  # declares nothing: the worst case
    ],
)
def test_every_tool_status_is_translated(
    annotations: llm.ToolAnnotations | None, status: str
) -> None:
    """A tool's status in the tool lists comes from its annotations; each one has a text."""
    item = CandidateTool(
        tool=RecordingTool("t", annotations=annotations), source="s", wanted_name="t"
    )
    assert _tool_status(item) == status
    assert TRANSLATIONS["selector"]["tool_status"]["options"][status]


def _flatten(texts: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Return nested translations by dotted key, e.g. ``{"config.step.user.title": "..."}``."""
    flat: dict[str, Any] = {}
    for key, value in texts.items():
        if isinstance(value, dict):
            flat |= _flatten(value, f"{prefix}{key}.")
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def icu_arguments(text: str) -> set[str]:
    """Return the argument names of an ICU message as Home Assistant's frontend parses it.

    An apostrophe before ``{``, ``}``, ``<`` or ``>`` (or ``#`` in a plural) quotes literal
    text up to the next lone apostrophe, ``''`` is one apostrophe; arguments are ``{name}``
    or ``{name, type, ...}``, where plural and select options are messages again. Raises
    ``ValueError`` for a message the frontend cannot parse.
    """
    names: set[str] = set()
    if (end := _icu_message(text, 0, names, plural=False)) != len(text):
        raise ValueError(f"a }} without its {{ at {end}: {text!r}")
    return names


_ICU_QUOTABLE = frozenset("{}<>")
_ICU_ARGUMENT = re.compile(r"\s*([^\s{}',#]+)\s*(?:,\s*(\w+)\s*)?")
_ICU_OPTION = re.compile(r"\s*(?:offset:\s*\d+\s*)?([^\s{}]*)\s*")


def _icu_message(text: str, start: int, names: set[str], *, plural: bool) -> int:
    """Read message text from ``start`` into ``names``; return where it ends (``}`` or end)."""
    i = start
    while i < len(text) and text[i] != "}":
        char, following = text[i], text[i + 1 : i + 2]
        if char == "{":
            i = _icu_argument(text, i + 1, names)
        elif char != "'" or not following:
            i += 1
        elif following == "'":
            i += 2
        elif following in _ICU_QUOTABLE or (plural and following == "#"):
            i = _icu_quoted_end(text, i + 1)
        else:
            i += 1
    return i


def _icu_quoted_end(text: str, start: int) -> int:
    """Return where quoted literal text from ``start`` ends: after its closing apostrophe."""
    i = start
    while i < len(text):
        if text[i] == "'":
            if text[i + 1 : i + 2] != "'":
                return i + 1
            i += 1
        i += 1
    return i


def _icu_selector(text: str, start: int) -> tuple[str, int]:
    """Return the selector of a plural or select option at ``start`` (``one``, ``=0``), its end."""
    option = _ICU_OPTION.match(text, start)
    assert option is not None  # every part of the pattern may be empty
    return option.group(1), option.end()


def _icu_argument(text: str, start: int, names: set[str]) -> int:
    """Read an argument from after its ``{`` into ``names``; return the index after its ``}``."""
    argument = _ICU_ARGUMENT.match(text, start)
    if argument is None:
        raise ValueError(f"an argument without a name at {start}: {text!r}")
    names.add(argument.group(1))
    i, kind = argument.end(), argument.group(2)
    if kind in {"plural", "select", "selectordinal"}:
        if text[i : i + 1] != ",":
            raise ValueError(f"a {kind} without options at {i}: {text!r}")
        selector, i = _icu_selector(text, i + 1)
        while text[i : i + 1] == "{":
            if not selector:
                raise ValueError(f"a {kind} option without a selector at {i}: {text!r}")
            i = _icu_message(text, i + 1, names, plural=kind != "select") + 1
            selector, i = _icu_selector(text, i)
    elif kind is not None:
        # number, date, time: a style up to the closing brace
        end = text.find("}", i)
        i = len(text) if end < 0 else end
    if text[i : i + 1] != "}":
        raise ValueError(f"an argument without its }} at {i}: {text!r}")
    return i + 1


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("{hub} lists {tools} tools", {"hub", "tools"}),
        ("Renders ('{{ name }}') {error}", {"error"}),  # quoted: literal braces
        ("it's {hub}'s", {"hub"}),  # an apostrophe before a letter is just one
        ("l'{api}", set()),  # an elision before a placeholder quotes it away
        ("''{api}''", {"api"}),
        ("{count, plural, one {# {thing}} other {# things}}", {"count", "thing"}),
        ("{when, date, short} {kind, select, a {x} other {{y}}}", {"when", "kind", "y"}),
    ],
)
def test_icu_arguments(text: str, arguments: set[str]) -> None:
    """The placeholder check reads messages as the frontend does, quotes included."""
    assert icu_arguments(text) == arguments


@pytest.mark.parametrize(
    "text", ["{hub", "hub}", "{}", "{ }", "{n, plural}", "{n, plural, {x}}", "{n, plural, one {x}"]
)
def test_icu_arguments_refuse_what_the_frontend_cannot_parse(text: str) -> None:
    """A message with unbalanced braces, or an argument without a name or options, fails."""
    with pytest.raises(ValueError, match=r"argument|without"):
        icu_arguments(text)


def test_the_six_languages_ship() -> None:
    """LLM Hub speaks German, Dutch, French, Spanish, Italian and Polish besides English."""
    assert {"de", "nl", "fr", "es", "it", "pl"} <= set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_translation_has_the_keys_and_placeholders_of_english(language: str) -> None:
    """A translation has every key of en.json and no other, each text with its placeholders.

    Placeholders are read as the frontend reads them (ICU messages, where quotes make text
    literal) and as the backend does (``str.format``; Home Assistant replaces a text whose
    placeholders differ from English by the English one).
    """
    english = _flatten(TRANSLATIONS)
    translated = _flatten(load_translations(language))
    assert sorted(english.keys() - translated.keys()) == [], "missing"
    assert sorted(translated.keys() - english.keys()) == [], "not in en.json"
    wrong = [
        key
        for key, text in translated.items()
        if not isinstance(text, str)
        or not text.strip()
        or icu_arguments(text) != icu_arguments(english[key])
        or placeholders_of(text) != placeholders_of(english[key])
    ]
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
async def test_home_assistant_serves_every_translated_text(
    hass: HomeAssistant, language: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Home Assistant's own loader takes every text of a translation; none falls back to English."""
    texts = load_translations(language)
    for category, strings in texts.items():
        loaded = await translation.async_get_translations(hass, language, category, {DOMAIN})
        assert loaded == {
            f"component.{DOMAIN}.{category}.{key}": text for key, text in _flatten(strings).items()
        }
    # The loader logs a text whose placeholders differ from English, and serves English.
    assert [
        record.getMessage()
        for record in caplog.records
        if record.name == translation.__name__ and record.levelno >= logging.WARNING
    ] == []


PANEL_SOURCE = Path(__file__).parents[1] / "frontend" / "src"
PANEL_DYNAMIC = {
    "tabs.": (r"TABS = \[([^\]]*)\]", r'"(\w+)"'),
    "annotation.": (r'badge\("\w*", "(\w+)"\)', r"(\w+)"),
    "outcome.": (r"OUTCOMES = \[([^\]]*)\]", r'"(\w+)"'),
    "approvals.status_": (r'Record<Approval\["status"\], string> = \{([^}]*)\}', r"(\w+):"),
}
"""Keys the panel builds from a value: their prefix, where the source lists the values, and
how each value reads there."""


def _panel_keys_in_code() -> set[str]:
    """Return the ``config_panel`` keys the panel's sources name, built ones included."""
    code = "\n".join(path.read_text(encoding="utf-8") for path in PANEL_SOURCE.glob("*.ts"))
    sections = "|".join(TRANSLATIONS["config_panel"])
    keys = set(re.findall(rf'"((?:{sections})\.[a-z_]+)"', code))
    keys |= {f"reason.{key}" for key in REASON_KEYS.values()}
    for prefix, (where, value) in PANEL_DYNAMIC.items():
        for listed in re.findall(where, code):
            keys |= {prefix + found for found in re.findall(value, listed)}
    return keys


def test_panel_words_match_the_panel() -> None:
    """Every text the panel asks for is in en.json's ``config_panel``, and each one is asked for.

    Texts of a value (entry states, outcomes) are asked for by the value; the states are
    Home Assistant's ``ConfigEntryState`` values.
    """
    from homeassistant.config_entries import ConfigEntryState  # noqa: PLC0415

    english = set(_flatten(TRANSLATIONS["config_panel"]))
    states = {f"entry_state.{state.value}" for state in ConfigEntryState}
    in_code = _panel_keys_in_code()
    assert sorted(in_code - english) == []
    assert sorted(english - in_code - states) == []
    assert states <= english
    # Keys as hassfest accepts them: lowercase words joined by single underscores.
    assert [key for key in english if not re.fullmatch(r"([a-z0-9]+(_[a-z0-9]+)*\.?)+", key)] == []


async def test_panel_words_fall_back_to_english(hass: HomeAssistant) -> None:
    """A language LLM Hub does not ship gets the English texts, as the panel loads them."""
    english = await translation.async_get_translations(hass, "en", "config_panel", {DOMAIN})
    swedish = await translation.async_get_translations(hass, "sv", "config_panel", {DOMAIN})
    german = await translation.async_get_translations(hass, "de", "config_panel", {DOMAIN})
    assert len(english) == len(_flatten(TRANSLATIONS["config_panel"]))
    assert swedish == english
    key = f"component.{DOMAIN}.config_panel.tabs.bench"
    assert (english[key], german[key]) == ("Test bench", "Prüfstand")


def test_panel_reasons_are_the_hubs_own() -> None:
    """The panel's English reasons are the words the hub gives (describe, refusals)."""
    assert {key: TRANSLATIONS["config_panel"]["reason"][key] for key in REASON_KEYS.values()} == {
        key: text for text, key in REASON_KEYS.items()
    }


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_every_text_passes_home_assistants_own_check(language: str) -> None:
    """hassfest validates each translated text with ``cv.string_with_no_html``: nothing that
    reads as an HTML tag (``notify.<name>`` does) in any language."""
    texts: list[tuple[str, Any]] = [("", load_translations(language))]
    failing = []
    while texts:
        path, node = texts.pop()
        if isinstance(node, dict):
            texts.extend((f"{path}.{key}".strip("."), value) for key, value in node.items())
            continue
        try:
            cv.string_with_no_html(node)
        except vol.Invalid:
            failing.append(path)
    assert failing == []


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_texts_name_the_meta_tools_all_or_none(language: str) -> None:
    """Which meta-tools search mode lists depends on the hub, so a text names all of them (as
    the names a tool may not take) or none; the Tool search step counts and names those a hub
    lists through its placeholders, with no number of its own."""
    texts = _flatten(load_translations(language))
    partly = {
        key: named
        for key, text in texts.items()
        if (named := {name for name in META_TOOLS if re.search(rf"\b{name}\b", text)})
        and named != META_TOOLS
    }
    assert partly == {}
    step = texts["options.step.search.description"]
    assert {"search_count", "search_listed"} <= placeholders_of(step)
    assert re.findall(r"\d", step) == []
