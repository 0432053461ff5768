"""Secrets redacted from what tools answer the model (``calls.secrets.redact_result``)."""

from __future__ import annotations

from typing import Any

import pytest

from custom_components.llm_hub.calls.secrets import redact_result
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers.hubs import FixedAPI, RecordingTool, async_add_hub, hub_id, llm_context

R = "**REDACTED**"


@pytest.mark.parametrize(
    ("result", "redacted"),
    [
        ({"password": "x", "ssid": "Home"}, {"password": R, "ssid": "Home"}),
        ({"l": [{"pin": 1234}, {"pin": ""}]}, {"l": [{"pin": R}, {"pin": ""}]}),
        ({"t": "wifi password: hunter2, ssid=Home"}, {"t": f"wifi password: {R}, ssid=Home"}),
        ({"t": 'api_key="abc" max_tokens=5'}, {"t": f'api_key="{R}" max_tokens=5'}),
        ({"t": "{'token': 'x1'}"}, {"t": f"{{'token': '{R}'}}"}),
        ({"t": "PIN=1234&user=ann"}, {"t": f"PIN={R}&user=ann"}),
        ({"t": "script.secret: the action, token=''"}, None),
        ({"t": "at 12:05, see http://x"}, None),
        ({"n": 5, "ok": True, "x": None}, None),
        ({"response_type": "error", "data": {"code": "no_valid_targets"}}, None),
        ({"data": {"code": "1234"}}, {"data": {"code": R}}),
        ({"secret": {"a": [1]}, "pin": None}, {"secret": R, "pin": None}),
    ],
)
def test_secrets_in_results_are_redacted(result: dict[str, Any], redacted: Any) -> None:
    """Secret keys' values at any depth and after a secret key in text; nothing else, and
    the same object when nothing is."""
    answer = redact_result(result)
    if redacted is None:
        assert answer is result
    else:
        assert answer == redacted


async def test_a_tools_answer_reaches_the_model_redacted(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """A contributed tool answering a password: the model gets it redacted, the tool ran."""
    tool = RecordingTool("wifi", result={"ssid": "Home", "text": "password: hunter2"})
    llm.async_register_api(hass, FixedAPI(hass, "fixed", "Fixed", [tool]))
    entry = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["fixed"]})
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())

    result = await instance.async_call_tool(llm.ToolInput("wifi", {}))

    assert result.data == {"ssid": "Home", "text": f"password: {R}"}
    assert len(tool.calls) == 1
