"""Tools that integrations contribute to a hub API through llm.py platforms."""

from __future__ import annotations

import logging

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers import hubs

# Every test here has the llm integration.
pytestmark = pytest.mark.usefixtures("setup_llm")


async def _tool_names(hass: HomeAssistant, api_id: str) -> list[str]:
    instance = await llm.async_get_api(hass, api_id, hubs.llm_context())
    return [tool.name for tool in instance.tools]


async def test_contributions_in_domain_order_with_prompts(hass: HomeAssistant) -> None:
    """Platforms are asked with the hub's API id; tools and prompts come in domain order."""
    zeta = hubs.Contribution(
        [hubs.RecordingTool("zeta__one", integration="zeta")], prompt="Zeta says."
    )
    alpha = hubs.Contribution(
        [hubs.RecordingTool("alpha__one", integration="alpha")], prompt="Alpha says."
    )
    hubs.add_llm_platform(hass, "zeta", zeta)
    hubs.add_llm_platform(hass, "alpha", alpha)
    entry = await hubs.async_add_hub(hass, "Kitchen", {"prompt": "Be brief."})

    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())

    names = [tool.name for tool in instance.tools]
    # llm__GetDateTime is contributed by the llm integration itself to every API.
    assert names == ["alpha__one", "llm__GetDateTime", "zeta__one"]
    assert instance.api_prompt == "Be brief.\n\nAlpha says.\nZeta says."
    assert zeta.asked == [hubs.hub_id(entry)]
    assert alpha.asked == [hubs.hub_id(entry)]


async def test_none_contributes_nothing(hass: HomeAssistant) -> None:
    """A platform answering None adds no tool and no prompt."""
    silent = hubs.Contribution(None, prompt="never shown")
    hubs.add_llm_platform(hass, "silent", silent)
    entry = await hubs.async_add_hub(hass, "Kitchen")

    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())

    assert [tool.name for tool in instance.tools] == ["llm__GetDateTime"]
    assert instance.api_prompt == ""
    assert silent.asked == [hubs.hub_id(entry)]


async def test_raising_platform_logged_and_skipped(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A platform that raises is logged with its traceback; the others still serve."""
    hubs.add_llm_platform(hass, "broken", hubs.Contribution(None, raises=KeyError("boom")))
    hubs.add_llm_platform(
        hass, "fine", hubs.Contribution([hubs.RecordingTool("fine__tool", integration="fine")])
    )
    entry = await hubs.async_add_hub(hass, "Kitchen")

    assert await _tool_names(hass, hubs.hub_id(entry)) == ["fine__tool", "llm__GetDateTime"]
    assert "Error getting tools from the llm platform of broken" in caplog.text
    assert "KeyError: 'boom'" in caplog.text


async def test_unprefixed_tool_reported(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A tool without the <domain>__ prefix is reported as a warning and still served."""
    hubs.add_llm_platform(
        hass, "custom", hubs.Contribution([hubs.RecordingTool("Lonely", integration="custom")])
    )
    entry = await hubs.async_add_hub(hass, "Kitchen")

    assert "Lonely" in await _tool_names(hass, hubs.hub_id(entry))
    records = [r for r in caplog.records if "not prefixed with 'custom__'" in r.getMessage()]
    assert records
    assert records[0].levelno == logging.WARNING
    assert "Lonely" in records[0].getMessage()


async def test_tool_without_integration_reported_and_tagged(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A custom integration's tool without integration is logged and tagged with the domain."""
    tool = hubs.RecordingTool("custom__untagged", integration=None)
    hubs.add_llm_platform(hass, "custom", hubs.Contribution([tool]))
    entry = await hubs.async_add_hub(hass, "Kitchen")

    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())

    assert tool.integration == "custom"
    hub_tool = next(t for t in instance.tools if t.name == "custom__untagged")
    assert hub_tool.integration == "custom"
    assert "provides the LLM tool custom__untagged without an integration" in caplog.text


async def test_core_tool_without_integration_skips_only_that_platform(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """For a core integration HA reports an untagged tool as an error; the hub goes on."""
    hubs.add_llm_platform(
        hass,
        "corething",
        hubs.Contribution([hubs.RecordingTool("corething__x", integration=None)]),
        built_in=True,
    )
    hubs.add_llm_platform(
        hass, "fine", hubs.Contribution([hubs.RecordingTool("fine__tool", integration="fine")])
    )
    entry = await hubs.async_add_hub(hass, "Kitchen")

    assert await _tool_names(hass, hubs.hub_id(entry)) == ["fine__tool", "llm__GetDateTime"]
    assert "Error getting tools from the llm platform of corething" in caplog.text


async def test_integration_loaded_after_the_hub(hass: HomeAssistant) -> None:
    """An integration loaded after the hub contributes from its next request on."""
    entry = await hubs.async_add_hub(hass, "Kitchen")
    assert await _tool_names(hass, hubs.hub_id(entry)) == ["llm__GetDateTime"]

    hubs.add_llm_platform(
        hass, "late", hubs.Contribution([hubs.RecordingTool("late__tool", integration="late")])
    )

    assert await _tool_names(hass, hubs.hub_id(entry)) == ["late__tool", "llm__GetDateTime"]


async def test_contributions_only_for_the_asked_api(hass: HomeAssistant) -> None:
    """A platform answering only for one hub id does not reach another hub."""
    first = await hubs.async_add_hub(hass, "Kitchen")
    second = await hubs.async_add_hub(hass, "Garage")
    contribution = hubs.Contribution(
        [hubs.RecordingTool("pick__tool", integration="pick")], only_for=hubs.hub_id(first)
    )
    hubs.add_llm_platform(hass, "pick", contribution)

    assert "pick__tool" in await _tool_names(hass, hubs.hub_id(first))
    assert "pick__tool" not in await _tool_names(hass, hubs.hub_id(second))
    assert contribution.asked == [hubs.hub_id(first), hubs.hub_id(second)]


async def test_failing_contributed_tool_names_its_integration(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """The log line of a contributed tool that raises names the contributing integration."""
    tool = hubs.RecordingTool("maker__boom", integration="maker", raises=ZeroDivisionError("x"))
    hubs.add_llm_platform(hass, "maker", hubs.Contribution([tool]))
    entry = await hubs.async_add_hub(hass, "Kitchen")

    instance = await llm.async_get_api(hass, hubs.hub_id(entry), hubs.llm_context())
    result = await instance.async_call_tool(llm.ToolInput("maker__boom", {}))

    assert result.data["error"] == "ZeroDivisionError"
    assert "Tool maker__boom (maker) raised an unexpected error" in caplog.text
