"""LLM Hub's texts for people: in Home Assistant's language, English where that fails."""

from __future__ import annotations

import pytest

from custom_components.llm_hub.const import DOMAIN
from custom_components.llm_hub.texts import Texts, async_texts
from homeassistant.core import HomeAssistant


@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "Approve brew?"), ("de", "brew genehmigen?"), ("pt", "Approve brew?")],
)
async def test_texts_follow_home_assistants_language(
    hass: HomeAssistant, language: str, title: str
) -> None:
    """The configured language's text, filled in; English for a language LLM Hub lacks."""
    hass.config.language = language
    texts = await async_texts(hass, "common")
    assert texts("approval_title", tool="brew") == title
    # A placeholder's value is not read as a template.
    assert texts("approval_title", tool="{tool}") == title.replace("brew", "{tool}")


def test_a_text_that_cannot_be_filled_in_falls_back_to_english() -> None:
    """A translation that breaks when filled in gives English; a text nobody has, its key."""
    key = f"component.{DOMAIN}.common.approval_title"
    texts = Texts("common", {key: "{tool genehmigen?"}, {key: "Approve {tool}?"})
    assert texts("approval_title", tool="brew") == "Approve brew?"
    assert Texts("common", {key: "{0}"}, {})("approval_title", tool="brew") == "approval_title"
    assert texts("no_such_text") == "no_such_text"
