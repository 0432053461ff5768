"""A hub builds each selected API's prompt as it chose (kept, replaced, dropped), nothing else.

Hubs selecting hubs: the inner hub's choices apply to its parts, the outer hub's choice for the
inner hub to everything the inner hub gives. Tools, instructions, contributors' prompts and the
prompt of search mode stay as they are.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub.compose.builder import HubAPIInstance
from custom_components.llm_hub.const import CONF_API_PROMPTS, CONF_PROMPT, CONF_TOOL_MODE
from custom_components.llm_hub.panel.inspector import tool_definition
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers import hubs

pytestmark = pytest.mark.usefixtures("setup_llm")


def _part(name: str, text: str) -> str:
    """Return a selected API's part of a hub's prompt."""
    return f'Follow these instructions for tools from "{name}":\n{text}'


async def _instance(hass: HomeAssistant, entry: MockConfigEntry) -> llm.APIInstance:
    return await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())


def _tools(instance: llm.APIInstance) -> list[dict[str, Any]]:
    """Return the listed tools as agents send them (name, description, parameters)."""
    return [tool_definition(tool, instance.custom_serializer) for tool in instance.tools]


def _register(hass: HomeAssistant, api_id: str, name: str, prompt: str) -> None:
    tool = hubs.RecordingTool(f"{api_id}__tool", integration=api_id)
    llm.async_register_api(hass, hubs.FixedAPI(hass, api_id, name, [tool], prompt=prompt))


async def test_an_outer_choice_covers_all_an_inner_hub_gives(hass: HomeAssistant) -> None:
    """Kept, the inner hub's parts come as it chose them; replaced, one text stands for all of
    them; dropped, none; an API the outer hub also selects itself keeps its own part."""
    _register(hass, "base", "Base", "Base prompt.")
    _register(hass, "side", "Side", "Side prompt.")
    inner = await hubs.async_add_hub(
        hass,
        "Inner",
        {
            CONF_LLM_HASS_API: ["base", "side"],
            CONF_PROMPT: "Inner says.",
            CONF_API_PROMPTS: {"base": {"choice": "replace", "text": "Inner's text for base."}},
        },
    )
    outer = {
        choice: await hubs.async_add_hub(
            hass,
            f"Outer {choice}",
            {
                CONF_LLM_HASS_API: [hubs.hub_id(inner), "side"],
                CONF_PROMPT: "Outer says.",
                CONF_API_PROMPTS: {
                    hubs.hub_id(inner): {"choice": choice, "text": "Outer's text for Inner."}
                },
            },
        )
        for choice in ("keep", "replace", "drop")
    }

    built = {choice: await _instance(hass, entry) for choice, entry in outer.items()}

    inner_parts = [_part("Base", "Inner's text for base."), _part("Side", "Side prompt.")]
    assert (await _instance(hass, inner)).api_prompt == "\n\n".join(["Inner says.", *inner_parts])
    assert {choice: instance.api_prompt for choice, instance in built.items()} == {
        "keep": "\n\n".join(["Outer says.", _part("Inner", "Inner says."), *inner_parts]),
        "replace": "\n\n".join(
            [
                "Outer says.",
                _part("Inner", "Outer's text for Inner."),
                _part("Side", "Side prompt."),
            ]
        ),
        "drop": "\n\n".join(["Outer says.", _part("Side", "Side prompt.")]),
    }
    tools = _tools(built["keep"])
    assert {tool["name"] for tool in tools} >= {"base__tool", "side__tool"}
    assert _tools(built["replace"]) == _tools(built["drop"]) == tools


async def test_search_mode_and_contributors_keep_their_prompts(hass: HomeAssistant) -> None:
    """Dropping a selected API's prompt leaves the instructions, a contributor's prompt (even
    one whose domain is named in the choices) and the prompt of search mode."""
    _register(hass, "base", "Base", "Base prompt.")
    hubs.add_llm_platform(
        hass,
        "helper",
        hubs.Contribution(
            [hubs.RecordingTool("helper__x", integration="helper")], prompt="Helper prompt."
        ),
    )
    options = {CONF_LLM_HASS_API: ["base"], CONF_PROMPT: "Be brief.", CONF_TOOL_MODE: "search"}
    keeping = await hubs.async_add_hub(hass, "Keeping", options)
    dropping = await hubs.async_add_hub(
        hass,
        "Dropping",
        options | {CONF_API_PROMPTS: {"base": {"choice": "drop"}, "helper": {"choice": "drop"}}},
    )

    kept = await _instance(hass, keeping)
    dropped = await _instance(hass, dropping)

    assert dropped.api_prompt.startswith("Be brief.\n\nHelper prompt.\n\n")
    assert "search_tools" in dropped.api_prompt
    assert kept.api_prompt == f"{dropped.api_prompt}\n\n{_part('Base', 'Base prompt.')}"
    assert _tools(kept) == _tools(dropped)


async def test_a_text_stands_in_for_an_api_that_gives_no_prompt(hass: HomeAssistant) -> None:
    """Replacing the prompt of an API that gives none adds the text; keeping it costs nothing."""
    _register(hass, "quiet", "Quiet", "")
    entry = await hubs.async_add_hub(
        hass,
        "Kitchen",
        {
            CONF_LLM_HASS_API: ["quiet"],
            CONF_API_PROMPTS: {"quiet": {"choice": "replace", "text": "Use the quiet tool."}},
        },
    )

    instance = await _instance(hass, entry)

    assert instance.api_prompt == _part("Quiet", "Use the quiet tool.")
    assert isinstance(instance, HubAPIInstance)
    assert instance.given_prompt("quiet") == ""
    assert instance.given_prompt("elsewhere") is None
