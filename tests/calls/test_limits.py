"""A hub's limits: calls a minute of one tool by one person, changes an hour by one person."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_capture_events

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir, llm

from ..helpers.hubs import (
    FixedAPI,
    RecordingTool,
    async_add_hub,
    async_set_options,
    hub_id,
    llm_context,
)

LIMITS = {const.CONF_MAX_TOOLS: 128, const.CONF_RECORD_ARGUMENTS: False}


async def _limited_hub(
    hass: HomeAssistant, calls: int | None, changes: int | None
) -> tuple[MockConfigEntry, list[RecordingTool]]:
    """Add a hub over a light switch and a reader, its limits set through the Limits step."""
    tools = [
        RecordingTool("switch_light", annotations=llm.ToolAnnotations()),
        RecordingTool("read_light", annotations=llm.ToolAnnotations(read_only=True)),
    ]
    llm.async_register_api(hass, FixedAPI(hass, "fixed", "Fixed", list[llm.Tool](tools)))
    entry = await async_add_hub(hass, "Home", {CONF_LLM_HASS_API: ["fixed"]})
    user_input = {
        **LIMITS,
        **({const.CONF_CALLS_PER_MINUTE: calls} if calls else {}),
        **({const.CONF_CHANGES_PER_HOUR: changes} if changes else {}),
    }
    await async_set_options(hass, entry, "limits", user_input)
    return entry, tools


async def _call(
    hass: HomeAssistant, entry: MockConfigEntry, tool: str, user: str
) -> dict[str, Any]:
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context(user))
    return (await instance.async_call_tool(llm.ToolInput(tool, {}))).data


async def test_limits_section_calls_a_minute_of_one_tool_by_one_person(
    hass: HomeAssistant, setup_llm: None, freezer: FrozenDateTimeFactory
) -> None:
    """Two calls a minute: a third of the same tool by the same person is refused, recorded
    as refused, with when the next can run; another person or tool is not; a minute later it
    runs."""
    entry, (switch, reader) = await _limited_hub(hass, calls=2, changes=None)
    assert entry.options[const.CONF_CALLS_PER_MINUTE] == 2
    assert const.CONF_CHANGES_PER_HOUR not in entry.options
    events = async_capture_events(hass, EVENT_TOOL_CALLED)

    for _ in range(2):
        assert "error" not in await _call(hass, entry, "switch_light", "ann")
    refused = await _call(hass, entry, "switch_light", "ann")
    other_user = await _call(hass, entry, "switch_light", "bob")
    other_tool = await _call(hass, entry, "read_light", "ann")
    freezer.tick(timedelta(seconds=61))
    later = await _call(hass, entry, "switch_light", "ann")
    await hass.async_block_till_done()

    assert refused["error"] == "LimitReached"
    assert refused["error_text"].startswith(
        "Tool switch_light did not run: the limit of 2 calls a minute of this tool is reached; "
        "the next can run in 60 s, at "
    )
    # The server's clock, with its zone's name (as an approval's notification gives it).
    assert f"({hass.config.time_zone}). " in refused["error_text"]
    assert "error" not in other_user
    assert "error" not in other_tool
    assert "error" not in later
    assert len(switch.calls) == 4
    assert len(reader.calls) == 1
    assert [event.data["outcome"] for event in events][2] == "refused"


async def test_limits_section_changes_an_hour_by_one_person(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """One change an hour: a read-only tool never counts; a second change is refused."""
    entry, (switch, reader) = await _limited_hub(hass, calls=None, changes=1)
    assert reader.annotations.read_only

    first = await _call(hass, entry, "switch_light", "ann")
    reads = [
        await _call(hass, entry, "read_light", "ann"),
        await _call(hass, entry, "read_light", "ann"),
    ]
    second = await _call(hass, entry, "switch_light", "ann")

    assert "error" not in first
    assert all("error" not in read for read in reads)
    assert second["error_text"].startswith(
        "Tool switch_light did not run: the limit of 1 changes an hour is reached"
    )
    assert len(switch.calls) == 1


async def test_limits_refused_often_raise_a_repair_cleared_on_reload(
    hass: HomeAssistant, setup_llm: None, freezer: FrozenDateTimeFactory
) -> None:
    """Refused as often as ``LIMIT_REPAIR_REFUSALS`` within an hour: the hub's repair issue
    (refusals older than an hour do not count); saving its options (a reload) clears it; left
    empty, the limits are gone."""
    entry, _ = await _limited_hub(hass, calls=1, changes=None)
    issue_id = f"limit_reached_{entry.entry_id}"
    for _ in range(const.LIMIT_REPAIR_REFUSALS):  # one runs, the rest are refused
        await _call(hass, entry, "switch_light", "ann")
    freezer.tick(timedelta(hours=1, seconds=1))
    for _ in range(const.LIMIT_REPAIR_REFUSALS):  # an hour on: counted anew
        await _call(hass, entry, "switch_light", "ann")
    assert ir.async_get(hass).async_get_issue(const.DOMAIN, issue_id) is None
    await _call(hass, entry, "switch_light", "ann")

    issue = ir.async_get(hass).async_get_issue(const.DOMAIN, issue_id)
    assert issue is not None
    assert issue.translation_placeholders == {
        "hub": "Home",
        "refusals": str(const.LIMIT_REPAIR_REFUSALS),
    }
    await async_set_options(hass, entry, "limits", LIMITS)
    assert ir.async_get(hass).async_get_issue(const.DOMAIN, issue_id) is None
    assert const.CONF_CALLS_PER_MINUTE not in entry.options
    for _ in range(3):
        assert "error" not in await _call(hass, entry, "switch_light", "ann")


async def test_limits_form_suggests_only_the_limits_set(
    hass: HomeAssistant, setup_llm: None
) -> None:
    """The Limits step suggests a limit that is set and nothing for one that is not, so a
    client that sends the suggested values back (as the UI's form does) saves them as they
    were."""
    entry, _ = await _limited_hub(hass, calls=5, changes=None)
    flow = await hass.config_entries.options.async_init(entry.entry_id)
    form = await hass.config_entries.options.async_configure(
        flow["flow_id"], {"next_step_id": "limits"}
    )
    schema = form["data_schema"]
    assert schema is not None
    suggested = {
        str(key): key.description["suggested_value"]
        for key in schema.schema
        if key.description and "suggested_value" in key.description
    }

    assert suggested == {**LIMITS, const.CONF_CALLS_PER_MINUTE: 5}
    menu = await hass.config_entries.options.async_configure(form["flow_id"], suggested)
    assert menu["type"] == "menu"


@pytest.mark.attack
@pytest.mark.parametrize("zone", ["UTC", "Asia/Kolkata", "America/St_Johns", "Asia/Kathmandu"])
async def test_a_limits_refusal_names_the_time_in_odd_time_zones(
    hass: HomeAssistant, setup_llm: None, freezer: FrozenDateTimeFactory, zone: str
) -> None:
    """In UTC and in zones a half or three quarters of an hour off: the refusal's clock time
    is the server zone's, and names that zone, once."""
    await hass.config.async_set_time_zone(zone)
    freezer.move_to("2026-12-04 22:29:50+00:00")
    entry, _ = await _limited_hub(hass, calls=1, changes=None)
    assert "error" not in await _call(hass, entry, "switch_light", "ann")

    refused = await _call(hass, entry, "switch_light", "ann")

    at = (datetime.fromisoformat("2026-12-04 22:30:50+00:00").astimezone(ZoneInfo(zone))).strftime(
        "%H:%M:%S"
    )
    assert refused["error_text"].count(f"at {at} ({zone}).") == 1, refused["error_text"]
