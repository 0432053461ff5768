"""Attacks on search mode: what ``call_tool`` hands back through hubs that select hubs."""

from __future__ import annotations

from typing import Any

import pytest

from custom_components.llm_hub.calls.tool import unwrap
from custom_components.llm_hub.search.meta_tools import CALL_TOOL, CallToolTool
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers.confirm import TOKEN, async_add_set_hub
from ..helpers.flows import _search_mode
from ..helpers.hubs import async_add_hub, hub_id, llm_context

R = "**REDACTED**"


async def _call_tool(
    hass: HomeAssistant, entry: Any, tool: str, args: dict[str, Any]
) -> tuple[list[str], llm.ToolResult]:
    """Call ``tool`` through the ``call_tool`` ``entry`` lists; return its names and result."""
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    names = [item.name for item in instance.tools]
    call_tool = next(item for item in instance.tools if item.name.endswith(CALL_TOOL))
    meta = unwrap(call_tool)
    assert isinstance(meta, CallToolTool)
    name = next(name for name in meta.tools if name.endswith(tool))
    result = await instance.async_call_tool(
        llm.ToolInput(call_tool.name, {"name": name, "arguments": args})
    )
    return names, result


@pytest.mark.attack
async def test_the_hubs_own_token_reaches_the_model_through_call_tool(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """A hub in search mode asks for ``set``: the approval id it hands is not redacted."""
    recording, inner = await async_add_set_hub(hass)
    await _search_mode(hass, inner)

    _, result = await _call_tool(hass, inner, "set", {"value": 1})

    assert isinstance(result.data[TOKEN], str)
    assert result.data[TOKEN] != R
    assert not recording.calls


@pytest.mark.attack
@pytest.mark.parametrize("outer_search", [False, True])
async def test_a_selected_hubs_token_reaches_the_model(
    hass: HomeAssistant, setup_llm: None, *, outer_search: bool
) -> None:
    """Hub "O" selects hub "K", which asks for ``set`` (O in search mode or not): the
    approval id reaches the model whole, not redacted by O's results redaction, and works
    as K's own approval id (nothing ran)."""
    recording, inner = await async_add_set_hub(hass)
    outer = await async_add_hub(hass, "O", {CONF_LLM_HASS_API: [hub_id(inner)]})
    if outer_search:
        await _search_mode(hass, outer)
        _, result = await _call_tool(hass, outer, "set", {"value": 1})
    else:
        instance = await llm.async_get_api(hass, hub_id(outer), llm_context())
        result = await instance.async_call_tool(llm.ToolInput("set", {"value": 1}))

    assert not recording.calls
    assert isinstance(token := result.data.get(TOKEN), str), result.data
    assert token != R
    assert R not in repr(result.data)
