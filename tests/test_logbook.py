"""Hub tool calls in the logbook (Activity), read back over the websocket like the frontend."""

from __future__ import annotations

import json
from typing import Any
from unittest.mock import patch

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.components.recorder.common import (
    async_wait_recording_done,
)
from pytest_homeassistant_custom_component.typing import WebSocketGenerator
from sqlalchemy import select

from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from custom_components.llm_hub.calls.tool import HubTool, Outcome, error_result
from custom_components.llm_hub.const import (
    CONF_CONFIRM_TOOLS,
    CONF_CONFIRM_WITHOUT_CONVERSATION,
    CONF_RECORD_ARGUMENTS,
    CONF_SHADOW_MODE,
    CONFIRM_REFUSE,
)
from homeassistant.components.recorder.core import Recorder
from homeassistant.components.recorder.db_schema import EventData, Events, EventTypes
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from .helpers.hubs import (
    BREW,
    COUNT,
    GRIND,
    FixedAPI,
    RecordingTool,
    async_add_hub,
    hub_id,
    llm_context,
)

ANY_ARGS = probatio.Schema({}, extra=probatio.ALLOW_EXTRA)


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(
    recorder_mock: Recorder, enable_custom_integrations: None
) -> None:
    """Start the recorder before ``hass`` (the test plugin requires that order)."""


async def _call(
    hass: HomeAssistant, api_id: str, tool_name: str, args: dict[str, int | str], user_id: str
) -> None:
    context = llm_context(user_id, platform="test_agent")
    instance = await llm.async_get_api(hass, api_id, context)
    await instance.async_call_tool(llm.ToolInput(tool_name=tool_name, tool_args=args))


async def test_logbook_describes_each_outcome(
    hass: HomeAssistant,
    inspected_hub: MockConfigEntry,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
) -> None:
    """Each call is an Activity entry in plain words, by the hub, from the calling user.

    Refusing and asking for confirmation are the policy branch's work; the hub's
    confirmation step stands in for it here.
    """
    # The logbook depends on the frontend, whose package the test environment does not have.
    hass.config.components.add("frontend")
    assert await async_setup_component(hass, "logbook", {})
    start = dt_util.utcnow().isoformat()
    api_id = hub_id(inspected_hub)

    await _call(hass, api_id, BREW, {"size": "small"}, hass_admin_user.id)
    await _call(hass, api_id, GRIND, {}, hass_admin_user.id)
    for outcome in ("refused", "needs_confirmation"):
        stop: tuple[llm.ToolResult, Outcome] = (error_result("Stop", "Not now"), outcome)
        with patch.object(HubTool, "_check_call", return_value=stop):
            await _call(hass, api_id, COUNT, {"number": 1}, hass_admin_user.id)
    # A tool exposed under another name than its own (a name two sources share).
    llm.async_register_api(hass, FixedAPI(hass, "cellar", "Cellar", [RecordingTool(BREW)]))
    cellar = await async_add_hub(hass, "Cellar hub", {CONF_LLM_HASS_API: ["cellar"]})
    await _call(hass, hub_id(cellar), f"cellar--{BREW}", {}, hass_admin_user.id)
    await async_wait_recording_done(hass)

    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "logbook/get_events", "start_time": start})
    response = await client.receive_json()

    assert response["success"]
    entries = [
        (entry["name"], entry["message"], entry["domain"], entry["context_user_id"])
        for entry in response["result"]
        if entry.get("domain") == "llm_hub"
    ]
    user = hass_admin_user.id
    assert entries == [
        ("Kitchen", f"called {BREW}", "llm_hub", user),
        ("Kitchen", f"called {GRIND}, which failed", "llm_hub", user),
        ("Kitchen", f"refused a call of {COUNT}", "llm_hub", user),
        ("Kitchen", f"asked to confirm a call of {COUNT}", "llm_hub", user),
        ("Cellar hub", f"called cellar--{BREW} ({BREW} of cellar)", "llm_hub", user),
    ]


async def test_any_arguments_keep_the_call_in_the_logbook_and_history(
    hass: HomeAssistant,
    recorder_mock: Recorder,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
) -> None:
    """Whatever a model sends, each call's hub, tool, user and outcome are recorded.

    The recorder keeps no data of an event above 32 KB; the audit cuts arguments well below.
    """
    hass.config.components.add("frontend")
    assert await async_setup_component(hass, "logbook", {})
    start = dt_util.utcnow().isoformat()
    door = RecordingTool("door__open", parameters=ANY_ARGS)
    llm.async_register_api(hass, FixedAPI(hass, "door", "Door", [door]))
    entry = await async_add_hub(
        hass, "Front", {CONF_LLM_HASS_API: ["door"], CONF_RECORD_ARGUMENTS: True}
    )
    deep: Any = "bottom"
    for _ in range(500):
        deep = [deep]
    sent: list[Any] = [
        {"text": "x" * 100_000},
        {f"key{index}": "y" * 100 for index in range(2000)},
        {"deep": deep},
        "not an object",
    ]
    for arguments in sent:
        context = llm_context(hass_admin_user.id, platform="test_agent")
        instance = await llm.async_get_api(hass, hub_id(entry), context)
        await instance.async_call_tool(llm.ToolInput(tool_name="door__open", tool_args=arguments))
    await async_wait_recording_done(hass)

    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "logbook/get_events", "start_time": start})
    response = await client.receive_json()
    entries = [
        (entry["name"], entry["message"], entry["context_user_id"])
        for entry in response["result"]
        if entry.get("domain") == "llm_hub"
    ]
    user = hass_admin_user.id
    assert entries == [
        ("Front", "called door__open", user),
        ("Front", "called door__open", user),
        ("Front", "called door__open", user),
        ("Front", "called door__open, which failed", user),
    ]
    # The events' data as the recorder stored it.
    stored = await recorder_mock.async_add_executor_job(_stored_events, recorder_mock)
    assert [(data["api_name"], data["tool_name"], data["outcome"]) for data in stored] == [
        ("Front", "door__open", "ok"),
        ("Front", "door__open", "ok"),
        ("Front", "door__open", "ok"),
        ("Front", "door__open", "error"),
    ]
    assert all(data["arguments_cut"] for data in stored[:3])


def _stored_events(recorder: Recorder) -> list[dict[str, Any]]:
    """Return the data of the stored ``llm_hub_tool_called`` events, oldest first."""
    with recorder.get_session() as session:
        rows = session.execute(
            select(EventData.shared_data)
            .join(Events, Events.data_id == EventData.data_id)
            .join(EventTypes, Events.event_type_id == EventTypes.event_type_id)
            .where(EventTypes.event_type == EVENT_TOOL_CALLED)
            .order_by(Events.time_fired_ts)
        ).all()
    return [json.loads(row[0]) for row in rows]


async def test_logbook_says_what_shadow_mode_let_run(
    hass: HomeAssistant,
    setup_llm: None,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
) -> None:
    """A call a hub in shadow mode let run says what its settings would have done."""
    hass.config.components.add("frontend")
    assert await async_setup_component(hass, "logbook", {})
    start = dt_util.utcnow().isoformat()
    llm.async_register_api(hass, FixedAPI(hass, "doors", "Doors", [RecordingTool("unlock")]))
    trial = {CONF_LLM_HASS_API: ["doors"], CONF_CONFIRM_TOOLS: ["unlock"], CONF_SHADOW_MODE: True}
    asking = await async_add_hub(hass, "Asking", trial)
    refusing = await async_add_hub(
        hass, "Refusing", trial | {CONF_CONFIRM_WITHOUT_CONVERSATION: CONFIRM_REFUSE}
    )
    for hub in (asking, refusing):
        await _call(hass, hub_id(hub), "unlock", {}, hass_admin_user.id)
    await async_wait_recording_done(hass)

    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "logbook/get_events", "start_time": start})
    response = await client.receive_json()

    assert [
        (entry["name"], entry["message"])
        for entry in response["result"]
        if entry.get("domain") == "llm_hub"
    ] == [
        ("Asking", "called unlock in shadow mode (it would have asked to confirm it)"),
        ("Refusing", "called unlock in shadow mode (it would have refused it)"),
    ]
