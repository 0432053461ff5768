"""The translations: every key the code uses exists, and every text in en.json is used."""

from __future__ import annotations

from pathlib import Path
import re

import pytest

from custom_components.llm_hub.api import AdminRequiredError
from custom_components.llm_hub.build.candidate import CandidateTool
from custom_components.llm_hub.build.sources import HubLoopError
from custom_components.llm_hub.const import DOMAIN
from custom_components.llm_hub.options_flow import _tool_status
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from .common import RecordingTool
from .conftest import TRANSLATIONS, placeholders_of

SOURCE = Path(__file__).parents[1] / "custom_components" / DOMAIN


def _exception_keys_in_code() -> set[str]:
    """Return the exception translation keys the integration's code names."""
    code = "\n".join(path.read_text(encoding="utf-8") for path in SOURCE.rglob("*.py"))
    return set(re.findall(r'translation_key\s*=\s*"(\w+)"', code))


def test_exception_translations_match_the_code() -> None:
    """Each exception translation key the code raises exists, and each one is raised.

    Repair issues and selectors name their ``translation_key`` the same way; those are under
    ``issues`` and ``selector``.
    """
    in_code = _exception_keys_in_code()
    others = set(TRANSLATIONS["issues"]) | set(TRANSLATIONS["selector"])
    assert in_code - others == set(TRANSLATIONS["exceptions"])
    assert all(text["message"] for text in TRANSLATIONS["exceptions"].values())


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
