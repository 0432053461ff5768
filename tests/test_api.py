"""The hub API instance: merging picked APIs, prompts, schemas, calls, access and loops."""

from __future__ import annotations

import re
from typing import Any

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockUser
import voluptuous as vol

from custom_components.llm_hub.calls.tool import HubTool, unwrap
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers import llm, selector
from homeassistant.setup import async_setup_component

from .helpers import hubs

# Every test here has the llm integration.
pytestmark = pytest.mark.usefixtures("setup_llm")


def _register(hass: HomeAssistant, api: llm.API) -> llm.API:
    llm.async_register_api(hass, api)
    return api


async def _instance(
    hass: HomeAssistant, api_id: str, user_id: str | None = None
) -> llm.APIInstance:
    return await llm.async_get_api(hass, api_id, hubs.llm_context(user_id))


def _by_name(instance: llm.APIInstance) -> dict[str, llm.Tool]:
    return {tool.name: tool for tool in instance.tools}


async def test_merge_dedups_and_namespaces_collisions(hass: HomeAssistant) -> None:
    """Interchangeable tools appear once; different tools with one name get prefixes."""
    clash_x = hubs.RecordingTool("clash")
    clash_y = hubs.RecordingTool("clash", description="Another clash.")
    shared = hubs.RecordingTool("shared")
    _register(
        hass,
        hubs.FixedAPI(
            hass, "api-x", "X API", [hubs.SameTool(), clash_x, shared, hubs.RecordingTool("only_x")]
        ),
    )
    _register(hass, hubs.FixedAPI(hass, "api-y", "Y API", [hubs.SameTool(), clash_y, shared]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["api-x", "api-y"]})

    instance = await _instance(hass, hubs.hub_id(entry))

    assert [tool.name for tool in instance.tools] == [
        "llm__GetDateTime",
        "test__same",
        "x-api--clash",
        "y-api--clash",
        "shared",
        "only_x",
    ]
    tools = _by_name(instance)
    assert all(isinstance(tool, HubTool) for tool in instance.tools)
    # A hub tool compares equal to the tool it wraps (merging relies on it).
    assert tools["shared"] == shared
    assert tools["shared"] == HubTool("other_name", shared, "elsewhere")
    assert shared == tools["shared"]
    assert tools["x-api--clash"] == clash_x
    assert tools["x-api--clash"] != clash_y
    assert {tools["x-api--clash"], tools["shared"]} == {clash_x, shared}
    assert tools["y-api--clash"].description == "Another clash."

    result = await instance.async_call_tool(llm.ToolInput("y-api--clash", {}))
    assert result.data == {"tool": "clash", "args": {}}
    assert clash_y.calls[0].tool_name == "clash"
    assert clash_x.calls == []


async def test_contributed_tool_colliding_with_selected_api(hass: HomeAssistant) -> None:
    """A contributed tool and a picked API's different tool of one name are both prefixed."""
    contributed = hubs.RecordingTool("dup__tool", integration="dup")
    picked = hubs.RecordingTool("dup__tool", integration="dup", description="Picked one.")
    hubs.add_llm_platform(hass, "dup", hubs.Contribution([contributed], only_for=None))
    _register(hass, hubs.FixedAPI(hass, "other", "Other", [picked]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["other"]})
    # The "other" API is not a hub, the platform answers every API id it is asked for; only
    # the hub asks it here (FixedAPI does not consult platforms).

    tools = _by_name(await _instance(hass, hubs.hub_id(entry)))

    assert tools["llm_hub--dup__tool"] == contributed
    assert tools["other--dup__tool"] == picked


async def test_prefixed_name_meeting_an_existing_name_gets_a_hash(hass: HomeAssistant) -> None:
    """Names stay unique when a prefixed name is already taken by another tool."""
    native = hubs.RecordingTool("a--t", description="x")
    _register(hass, hubs.FixedAPI(hass, "a", "A", [hubs.RecordingTool("t"), native]))
    _register(hass, hubs.FixedAPI(hass, "b", "B", [hubs.RecordingTool("t", description="y")]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["a", "b"]})

    instance = await _instance(hass, hubs.hub_id(entry))
    names = [tool.name for tool in instance.tools]

    assert names[:3] == ["llm__GetDateTime", "a--t", "b--t"]
    assert re.fullmatch(r"a--t_[0-9a-f]{6}", names[3])
    await instance.async_call_tool(llm.ToolInput(names[3], {}))
    assert native.calls[0].tool_name == "a--t"


async def test_prompt_order(hass: HomeAssistant) -> None:
    """Hub instructions, then contributors' prompts, then each picked API's prompt in order."""
    hubs.add_llm_platform(
        hass,
        "helper",
        hubs.Contribution(
            [hubs.RecordingTool("helper__x", integration="helper")], prompt="Helper prompt."
        ),
    )
    _register(hass, hubs.FixedAPI(hass, "second", "Second", [], prompt="Second prompt."))
    _register(hass, hubs.FixedAPI(hass, "first", "First", [], prompt="First prompt."))
    _register(hass, hubs.FixedAPI(hass, "empty", "Empty", [], prompt="  "))
    entry = await hubs.async_add_hub(
        hass,
        "Kitchen",
        {"prompt": "Hub instructions.", "llm_hass_api": ["first", "empty", "second"]},
    )

    instance = await _instance(hass, hubs.hub_id(entry))

    assert instance.api_prompt == (
        "Hub instructions.\n\n"
        "Helper prompt.\n\n"
        'Follow these instructions for tools from "First":\nFirst prompt.\n\n'
        'Follow these instructions for tools from "Second":\nSecond prompt.'
    )


async def test_custom_serializer_chain(hass: HomeAssistant) -> None:
    """Selectors serialize; a picked API's own serializer still answers for its schemas."""
    special = object()

    def api_serializer(schema: Any) -> Any:
        if schema is special:
            return {"type": "string", "format": "special"}
        return probatio.UNSUPPORTED

    selector_tool = hubs.RecordingTool(
        "pick_entity",
        parameters=probatio.Schema({probatio.Required("entity"): selector.EntitySelector()}),
    )
    special_tool = hubs.RecordingTool(
        "special", parameters=probatio.Schema({probatio.Required("value"): special})
    )
    _register(
        hass,
        hubs.FixedAPI(
            hass, "x", "X", [selector_tool, special_tool], custom_serializer=api_serializer
        ),
    )
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["x"]})

    instance = await _instance(hass, hubs.hub_id(entry))
    tools = _by_name(instance)

    def schema_of(name: str) -> dict[str, Any]:
        return probatio.to_openapi(
            tools[name].parameters, custom_serializer=instance.custom_serializer
        )

    # Formats other than date-time are said in the description: Gemini refuses them.
    assert schema_of("pick_entity")["properties"]["entity"] == {
        "type": "string",
        "description": "Format: entity_id.",
    }
    assert schema_of("special")["properties"]["value"] == {
        "type": "string",
        "description": "Format: special.",
    }
    assert instance.custom_serializer is not None
    assert instance.custom_serializer(object()) is probatio.UNSUPPORTED


async def test_selected_assist_tools_reach_the_hub(hass: HomeAssistant) -> None:
    """Picking "assist" gives the hub the Assist API's tools, llm__GetDateTime once."""
    assert await async_setup_component(hass, "intent", {})
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["assist"]})

    assist = await _instance(hass, "assist")
    hub = await _instance(hass, hubs.hub_id(entry))

    hub_names = [t.name for t in hub.tools]
    assert sorted(hub_names) == sorted(t.name for t in assist.tools)
    assert "intent__HassTurnOn" in hub_names
    assert hub_names.count("llm__GetDateTime") == 1


@pytest.mark.parametrize(
    ("parameters", "args", "expected"),
    [
        (hubs.NUMBER_SCHEMA, {"number": "5"}, {"number": "5"}),
        (vol.Schema({vol.Required("number"): vol.Coerce(int)}), {"number": "7"}, {"number": "7"}),
        (
            probatio.Schema({probatio.Optional("number", default=3): int}),
            {},
            {"number": 3},
        ),
    ],
)
async def test_call_passes_the_models_values(
    hass: HomeAssistant, parameters: Any, args: dict[str, Any], expected: dict[str, Any]
) -> None:
    """Valid arguments reach the tool as the model gave them (not coerced), defaults added."""
    tool = hubs.RecordingTool("count", parameters=parameters)
    _register(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["x"]})

    result = await (await _instance(hass, hubs.hub_id(entry))).async_call_tool(
        llm.ToolInput("count", args, id="call-1")
    )

    assert result == llm.ToolResult(data={"tool": "count", "args": expected})
    assert tool.calls[0].tool_args == expected
    assert tool.calls[0].id == "call-1"


@pytest.mark.parametrize(
    "parameters",
    [hubs.NUMBER_SCHEMA, vol.Schema({vol.Required("number"): vol.Coerce(int)})],
    ids=["probatio", "voluptuous"],
)
async def test_invalid_arguments_are_a_failed_call(hass: HomeAssistant, parameters: Any) -> None:
    """Invalid arguments never reach the tool; the model gets a message naming the problem."""
    tool = hubs.RecordingTool("count", parameters=parameters)
    _register(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["x"]})

    result = await (await _instance(hass, hubs.hub_id(entry))).async_call_tool(
        llm.ToolInput("count", {"number": "many"})
    )

    assert result.error is True
    assert result.data["error"] == "InvalidArguments"
    text = str(result.data["error_text"])
    assert text.startswith("Invalid arguments for tool count:")
    assert "number" in text
    assert tool.calls == []


@pytest.mark.parametrize(
    ("tool", "expected"),
    [
        (
            hubs.RecordingTool("t", raises=HomeAssistantError("Calendar not found")),
            llm.ToolResult(
                data={"error": "HomeAssistantError", "error_text": "Calendar not found"},
                error=True,
            ),
        ),
        (
            hubs.RecordingTool("t", result=llm.ToolResult(data={"error": "Nope"}, error=True)),
            llm.ToolResult(data={"error": "Nope"}, error=True),
        ),
        (hubs.RecordingTool("t", result={"plain": "dict"}), llm.ToolResult(data={"plain": "dict"})),
        (
            hubs.RecordingTool("t", raises=vol.Invalid("bad target")),
            llm.ToolResult(
                data={"error": "InvalidArguments", "error_text": "Tool t: bad target"},
                error=True,
            ),
        ),
    ],
    ids=["HomeAssistantError", "error-result", "dict-result", "invalid-inside"],
)
async def test_call_results(
    hass: HomeAssistant, tool: hubs.RecordingTool, expected: llm.ToolResult
) -> None:
    """Failures become results the model can read; a plain dict is wrapped."""
    _register(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["x"]})

    result = await (await _instance(hass, hubs.hub_id(entry))).async_call_tool(
        llm.ToolInput("t", {})
    )

    assert result == expected


async def test_unexpected_exception_is_a_failed_call(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A tool raising something else is answered with its type and logged with a traceback."""
    _register(
        hass, hubs.FixedAPI(hass, "x", "X", [hubs.RecordingTool("t", raises=KeyError("lamp"))])
    )
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["x"]})

    result = await (await _instance(hass, hubs.hub_id(entry))).async_call_tool(
        llm.ToolInput("t", {})
    )

    assert result.error is True
    assert result.data == {
        "error": "KeyError",
        "error_text": "Tool t failed unexpectedly: KeyError('lamp')",
    }
    assert "Tool t (x) raised an unexpected error" in caplog.text
    assert "Traceback" in caplog.text


async def test_validation_holds_when_an_agent_merges_the_hub(hass: HomeAssistant) -> None:
    """Picked together with another API, the hub's tools still validate their arguments."""
    tool = hubs.RecordingTool("count", parameters=hubs.NUMBER_SCHEMA)
    _register(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["x"]})

    merged = await llm.async_get_api(hass, [hubs.hub_id(entry), "assist"], hubs.llm_context())
    name = next(t.name for t in merged.tools if t.name.endswith("__count"))
    result = await merged.async_call_tool(llm.ToolInput(name, {"number": "x"}))

    assert result.error is True
    assert result.data["error"] == "InvalidArguments"
    assert tool.calls == []


async def test_admin_only_when_a_selected_api_requires_admin(
    hass: HomeAssistant, hass_admin_user: MockUser, hass_read_only_user: MockUser
) -> None:
    """A hub including an admin-only API is admin-only itself, enforced by the hub."""
    _register(hass, hubs.AdminAPI(hass, "admin-api", "Admin API", [hubs.RecordingTool("secret")]))
    _register(hass, hubs.FixedAPI(hass, "open", "Open", [hubs.RecordingTool("public")]))
    admin_hub = await hubs.async_add_hub(hass, "Admin hub", {"llm_hass_api": ["admin-api", "open"]})
    open_hub = await hubs.async_add_hub(hass, "Open hub", {"llm_hass_api": ["open"]})

    assert admin_hub.runtime_data.api.requires_admin is True
    assert open_hub.runtime_data.api.requires_admin is False

    with pytest.raises(Unauthorized):
        await _instance(hass, hubs.hub_id(admin_hub), hass_read_only_user.id)
    with pytest.raises(Unauthorized):
        await _instance(hass, hubs.hub_id(admin_hub), None)
    with pytest.raises(Unauthorized):
        await _instance(hass, hubs.hub_id(admin_hub), "no-such-user")
    # Not even through a merge an agent makes.
    with pytest.raises(Unauthorized):
        await llm.async_get_api(
            hass, [hubs.hub_id(admin_hub), "open"], hubs.llm_context(hass_read_only_user.id)
        )

    admin_tools = _by_name(await _instance(hass, hubs.hub_id(admin_hub), hass_admin_user.id))
    assert "secret" in admin_tools
    open_tools = _by_name(await _instance(hass, hubs.hub_id(open_hub), hass_read_only_user.id))
    assert "public" in open_tools


async def test_admin_requirement_follows_a_hub_that_selects_a_hub(
    hass: HomeAssistant, hass_read_only_user: MockUser
) -> None:
    """A hub picking an admin-only hub is admin-only too."""
    _register(hass, hubs.AdminAPI(hass, "admin-api", "Admin API", [hubs.RecordingTool("secret")]))
    inner = await hubs.async_add_hub(hass, "Inner", {"llm_hass_api": ["admin-api"]})
    outer = await hubs.async_add_hub(hass, "Outer", {"llm_hass_api": [hubs.hub_id(inner)]})

    assert outer.runtime_data.api.requires_admin is True
    with pytest.raises(Unauthorized):
        await _instance(hass, hubs.hub_id(outer), hass_read_only_user.id)


async def test_hubs_selecting_each_other_serve_the_rest(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A loop of hubs (made behind the options flow's back) is logged once by name; no
    recursion, and each hub serves what it has, so one loop breaks no other API."""
    _register(hass, hubs.FixedAPI(hass, "x", "X", [hubs.RecordingTool("from_x")]))
    first = await hubs.async_add_hub(hass, "First", {"llm_hass_api": ["x"]})
    second = await hubs.async_add_hub(hass, "Second", {"llm_hass_api": [hubs.hub_id(first)]})
    hass.config_entries.async_update_entry(
        first, options={"llm_hass_api": ["x", hubs.hub_id(second)]}
    )
    await hass.config_entries.async_reload(first.entry_id)
    await hass.async_block_till_done()

    first_tools = _by_name(await _instance(hass, hubs.hub_id(first)))
    second_tools = _by_name(await _instance(hass, hubs.hub_id(second)))
    await _instance(hass, hubs.hub_id(first))
    merged = await llm.async_get_api(
        hass, [hubs.hub_id(first), hubs.hub_id(second), "x"], hubs.llm_context()
    )

    assert "from_x" in first_tools
    assert "from_x" in second_tools
    assert any(tool.name.endswith("from_x") for tool in merged.tools)
    loops = [
        r.getMessage() for r in caplog.records if "select each other in a loop" in r.getMessage()
    ]
    fix = "take one of them out of the hubs' selected LLM APIs"
    loop = "LLM Hub APIs select each other in a loop"
    first_second = '("First" -> "Second" -> "First")'
    second_first = '("Second" -> "First" -> "Second")'
    assert loops == [
        f"LLM Hub Second leaves out {hubs.hub_id(first)}: {loop} {first_second}; {fix}",
        f"LLM Hub First leaves out {hubs.hub_id(second)}: {loop} {second_first}; {fix}",
    ]


async def test_a_hub_reached_twice_shows_each_tool_once(hass: HomeAssistant) -> None:
    """Hubs picking hubs (a diamond, and a hub next to the API it draws from) keep each
    tool once, even tools built anew per request that never compare equal."""

    class FreshTool(hubs.RecordingTool):
        """Like core's todo__get_items: per-instance parameters that never compare equal."""

        def __init__(self) -> None:
            super().__init__("todo__get_items", parameters=probatio.Schema({}))
            self.marker = object()

    class FreshAPI(hubs.FixedAPI):
        builds = 0

        async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
            self.builds += 1
            self.tools = [FreshTool()]
            return await super().async_get_api_instance(llm_context)

    base = FreshAPI(hass, "base", "Base", [], prompt="Base prompt.")
    _register(hass, base)
    left = await hubs.async_add_hub(
        hass, "Left", {"llm_hass_api": ["base"], "prompt": "Left says."}
    )
    right = await hubs.async_add_hub(hass, "Right", {"llm_hass_api": ["base"]})
    top = await hubs.async_add_hub(
        hass,
        "Top",
        {"llm_hass_api": [hubs.hub_id(left), hubs.hub_id(right), "base"], "prompt": "Top."},
    )

    instance = await _instance(hass, hubs.hub_id(top))

    assert [tool.name for tool in instance.tools] == ["llm__GetDateTime", "todo__get_items"]
    # Each API is built once per request, and each prompt is in the prompt once.
    assert base.builds == 1
    assert instance.api_prompt == (
        "Top.\n\n"
        'Follow these instructions for tools from "Left":\nLeft says.\n\n'
        'Follow these instructions for tools from "Base":\nBase prompt.'
    )


async def test_hub_selecting_a_hub_gets_its_tools(hass: HomeAssistant) -> None:
    """A hub can build on another hub; tools are wrapped once more and still run."""
    tool = hubs.RecordingTool("count", parameters=hubs.NUMBER_SCHEMA)
    _register(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    inner = await hubs.async_add_hub(hass, "Inner", {"llm_hass_api": ["x"]})
    outer = await hubs.async_add_hub(hass, "Outer", {"llm_hass_api": [hubs.hub_id(inner)]})

    instance = await _instance(hass, hubs.hub_id(outer))
    result = await instance.async_call_tool(llm.ToolInput("count", {"number": "3"}))

    assert result.data == {"tool": "count", "args": {"number": "3"}}


async def test_missing_selected_api_serves_the_rest(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A picked API that is not registered is logged; the hub serves what it has."""
    _register(hass, hubs.FixedAPI(hass, "x", "X", [hubs.RecordingTool("kept")]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["gone", "x"]})

    tools = _by_name(await _instance(hass, hubs.hub_id(entry)))

    assert "kept" in tools
    assert "selects the LLM API gone, which is not registered" in caplog.text


async def test_options_are_read_at_setup(hass: HomeAssistant) -> None:
    """The API carries the entry's title, picks and instructions."""
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["assist"], "prompt": "Hi."})

    api = entry.runtime_data.api
    assert (api.id, api.name, api.selected_api_ids, api.instructions) == (
        hubs.hub_id(entry),
        "Kitchen",
        ["assist"],
        "Hi.",
    )


async def test_tools_whose_attributes_cannot_be_compared_are_kept_apart(
    hass: HomeAssistant,
) -> None:
    """Same-named tools whose attributes refuse comparison are treated as different."""

    class Incomparable:
        def __eq__(self, other: object) -> bool:
            raise TypeError("no comparing")

        __hash__ = object.__hash__

    first, second = hubs.RecordingTool("t"), hubs.RecordingTool("t")
    first.extra = Incomparable()  # type: ignore[attr-defined]
    second.extra = Incomparable()  # type: ignore[attr-defined]
    _register(hass, hubs.FixedAPI(hass, "a", "A", [first]))
    _register(hass, hubs.FixedAPI(hass, "b", "B", [second]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["a", "b"]})

    names = [tool.name for tool in (await _instance(hass, hubs.hub_id(entry))).tools]

    assert "a--t" in names
    assert "b--t" in names


async def test_hub_tools_equal_the_tools_of_the_api_they_come_from(hass: HomeAssistant) -> None:
    """Each hub tool equals the same tool built anew for the picked API in another request.

    That is what lets Home Assistant 2026.11's MergedAPI show a tool once when an agent picks
    a hub together with the API it draws from.
    """
    assert await async_setup_component(hass, "intent", {})
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["assist"]})

    hub = _by_name(await _instance(hass, hubs.hub_id(entry)))
    assist = _by_name(await _instance(hass, "assist"))

    for name, tool in assist.items():
        assert hub[name] == tool
        assert tool == hub[name]
        assert hash(HubTool(name, tool, "assist")) == hash(tool)
    assert hub["intent__HassTurnOn"] != assist["intent__HassTurnOff"]
    not_a_tool: object = "intent__HassTurnOn"
    assert hub["intent__HassTurnOn"] != not_a_tool


async def test_a_single_selected_api_stored_as_a_string(hass: HomeAssistant) -> None:
    """An id stored as a plain string (a hand edit) counts as one pick."""
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": "assist"})

    assert entry.runtime_data.api.selected_api_ids == ["assist"]


async def test_selected_api_that_breaks_is_logged_and_skipped(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A picked API whose instance cannot be built does not take the hub down."""

    class BrokenAPI(hubs.FixedAPI):
        def __init__(self, hass: HomeAssistant, api_id: str, error: Exception) -> None:
            super().__init__(hass, api_id, api_id, [])
            self.error = error

        async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
            raise self.error

    _register(hass, BrokenAPI(hass, "broken", RuntimeError("database is gone")))
    _register(hass, BrokenAPI(hass, "failing", HomeAssistantError("service offline")))
    _register(hass, hubs.FixedAPI(hass, "x", "X", [hubs.RecordingTool("kept")]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["broken", "failing", "x"]})

    tools = _by_name(await _instance(hass, hubs.hub_id(entry)))
    await _instance(hass, hubs.hub_id(entry))

    assert "kept" in tools
    assert caplog.text.count("could not get the tools of the LLM API broken") == 1
    assert "RuntimeError: database is gone" in caplog.text
    assert "could not get the tools of the LLM API failing" in caplog.text
    assert "HomeAssistantError: service offline" in caplog.text


async def test_refusal_of_a_selected_api_refuses_the_hub(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """Unauthorized from a picked API (HA 2026.11's own check) is not swallowed."""

    class RefusingAPI(hubs.FixedAPI):
        async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
            raise Unauthorized(context=llm_context.context)

    _register(hass, RefusingAPI(hass, "refusing", "Refusing", []))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["refusing"]})

    with pytest.raises(Unauthorized):
        await _instance(hass, hubs.hub_id(entry), hass_admin_user.id)


async def test_validator_with_a_bug_is_a_failed_call(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A parameter validator that raises something else than Invalid is answered, not raised."""

    def lookup(value: str) -> str:
        return {"a": "b"}[value]

    tool = hubs.RecordingTool("t", parameters=probatio.Schema({probatio.Required("k"): lookup}))
    _register(hass, hubs.FixedAPI(hass, "x", "X", [tool]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["x"]})

    result = await (await _instance(hass, hubs.hub_id(entry))).async_call_tool(
        llm.ToolInput("t", {"k": "zzz"})
    )

    assert result.error is True
    assert result.data == {
        "error": "KeyError",
        "error_text": "Tool t could not check its arguments: KeyError('zzz')",
    }
    assert tool.calls == []
    assert "The parameters of tool t (x) failed to validate" in caplog.text


async def test_stale_selected_api_warns_once(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """A pick of an API that is gone is logged once per load, not on every request."""
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["gone", "gone"]})

    for _ in range(3):
        await _instance(hass, hubs.hub_id(entry))

    assert entry.runtime_data.api.selected_api_ids == ["gone"]
    assert caplog.text.count("selects the LLM API gone, which is not registered") == 1


async def test_a_tool_a_selected_hub_renamed_is_kept_once(hass: HomeAssistant) -> None:
    """A contributed tool reaching a hub directly and, renamed, through a picked hub, is once.

    The picked hub exposes it under its portable name; the outer hub meets it by its own
    name too. The same origin is the same tool, whatever its name.
    """
    tool = hubs.RecordingTool("hub_tools__zähle.lichter", integration=None)
    hubs.add_llm_platform(hass, "hub_tools", hubs.Contribution([tool], only_hubs=True))
    inner = await hubs.async_add_hub(hass, "Inner")
    outer = await hubs.async_add_hub(hass, "Outer", {"llm_hass_api": [hubs.hub_id(inner)]})

    inner_names = [tool.name for tool in (await _instance(hass, hubs.hub_id(inner))).tools]
    instance = await _instance(hass, hubs.hub_id(outer))

    assert "hub_tools__zahle_lichter" in inner_names
    assert [tool.name for tool in instance.tools].count("hub_tools__zahle_lichter") == 1
    assert len([t for t in instance.tools if unwrap(t) is tool]) == 1


async def test_tools_with_per_instance_validators_are_interchangeable(
    hass: HomeAssistant,
) -> None:
    """Two instances of one tool whose parameters are built per instance are one tool.

    Like core's ``system_log__get_logs``: its ``probatio.In`` compares by identity, so only
    the JSON Schema the parameters convert to can tell they are the same.
    """

    class LogsTool(hubs.RecordingTool):
        def __init__(self, levels: list[str]) -> None:
            super().__init__(
                "system_log__get_logs",
                parameters=probatio.Schema({probatio.Optional("level"): probatio.In(levels)}),
            )

    first, second = LogsTool(["error"]), LogsTool(["error"])
    assert first.parameters != second.parameters
    _register(hass, hubs.FixedAPI(hass, "a", "A", [first]))
    _register(hass, hubs.FixedAPI(hass, "b", "B", [second]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["a", "b"]})

    exposed = _by_name(await _instance(hass, hubs.hub_id(entry)))

    assert "system_log__get_logs" in exposed
    assert exposed["system_log__get_logs"] == second
    assert exposed["system_log__get_logs"] != LogsTool(["warning"])


async def test_three_different_tools_of_one_name(hass: HomeAssistant) -> None:
    """Three different tools sharing a name (same class and parameters): each namespaced."""
    for api_id in ("a", "b", "c"):
        tool = hubs.RecordingTool("t", parameters=hubs.NUMBER_SCHEMA, result={"from": api_id})
        _register(hass, hubs.FixedAPI(hass, api_id, api_id.upper(), [tool]))
    entry = await hubs.async_add_hub(hass, "Kitchen", {"llm_hass_api": ["a", "b", "c"]})

    instance = await _instance(hass, hubs.hub_id(entry))
    results = {
        name: (await instance.async_call_tool(llm.ToolInput(name, {"number": 1}))).data
        for name in ("a--t", "b--t", "c--t")
    }

    assert results == {"a--t": {"from": "a"}, "b--t": {"from": "b"}, "c--t": {"from": "c"}}
