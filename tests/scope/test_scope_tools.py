"""A scoped hub's other tools (issue 24): tools made in the UI, scripts, readers, users.

Through real hubs and Home Assistant's MCP Server with the MCP SDK client: what the model
chooses reaches only entities in scope and is refused out of scope, saying so (naming only
what the model named); a tool's own fixed targets out of scope refuse the call (docs/scope.md).
Users not allowed get no tools and the prompt's reason over MCP, the websocket and the test
bench's call command.
"""

from __future__ import annotations

import json
from typing import Any

import mcp
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_capture_events
from pytest_homeassistant_custom_component.typing import (
    ClientSessionGenerator,
    WebSocketGenerator,
)

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import EVENT_TOOL_CALLED
from custom_components.llm_hub.compat import (
    _live_context_wording,  # its fallback, checked here
    live_context_match_error,
)
from custom_components.llm_hub.scope.assist import async_call_in_scope, in_scope, scope_note
from custom_components.llm_hub.scope.reach import HubScope, entered
from homeassistant.components.homeassistant import llm as homeassistant_llm
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context, HomeAssistant, ServiceCall
from homeassistant.helpers import area_registry as ar, entity_registry as er, intent, llm
from homeassistant.setup import async_setup_component

from ..helpers.flows import async_add_tool
from ..helpers.homes import async_setup_lights, async_setup_scripts
from ..helpers.hubs import Contribution, add_llm_platform, async_add_hub, hub_id, llm_context
from ..helpers.intents import BroadcastHandler
from ..helpers.mcp import _async_setup_mcp_server, _text, async_hub_url, mcp_session
from ..helpers.parity_home import Home, _context, async_setup_home

IN_SCOPE = ["light.kitchen", "script.kitchen_on", "script.porch_on"]
UNEXPOSED = "is not exposed to Assist; tool {} may only reach exposed entities"
OUTSIDE = "is outside the scope of this assistant; tool {} may only reach entities within it."


@pytest.fixture
async def turned_on(hass: HomeAssistant) -> list[str]:
    """Set up two lights, a service that records what it turns on, and three scripts."""
    await async_setup_lights(hass, kitchen="Kitchen", porch="Porch")
    seen: list[str] = []

    def _record(call: ServiceCall) -> None:
        seen.extend(call.data["entity_id"])

    hass.services.async_register("test", "light_on", _record)
    scripts = {
        name: {"sequence": [{"action": "test.light_on", "target": {"entity_id": light}}]}
        for name, light in (
            ("kitchen_on", "light.kitchen"),
            ("porch_on", "light.porch"),
            ("other", "light.kitchen"),
            ("pick", "{{ which }}"),
        )
    }
    await async_setup_scripts(hass, scripts)
    return seen


async def _mcp_url(
    hass: HomeAssistant, hub: MockConfigEntry, hass_client_no_auth: ClientSessionGenerator
) -> str:
    """Serve every API over MCP (any user may connect); return the URL of ``hub``."""
    return await async_hub_url(hass, hub, hass_client_no_auth, require_admin=False)


async def _call(session: mcp.ClientSession, name: str, args: dict[str, Any]) -> Any:
    """Call a tool over MCP; return its answer as JSON."""
    return json.loads(_text(await session.call_tool(name, args)))


async def test_scripts_in_and_out_of_scope_over_mcp(
    hass: HomeAssistant,
    turned_on: list[str],
    hass_client_no_auth: ClientSessionGenerator,
    hass_access_token: str,
) -> None:
    """A script in scope runs; one acting out of scope, or out of scope, is left out (a call
    of it refused)."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: IN_SCOPE}
    )
    url = await _mcp_url(hass, hub, hass_client_no_auth)
    async with mcp_session(url, hass_access_token) as session:
        names = {tool.name for tool in (await session.list_tools()).tools}
        ran = await session.call_tool("script__kitchen_on", {})
        refused = await session.call_tool("script__porch_on", {})

    assert "script__kitchen_on" in names
    assert "script__porch_on" not in names  # its script acts outside the scope
    assert "script__other" not in names
    assert not ran.isError
    assert refused.isError
    assert "light.porch" not in _text(refused)
    assert turned_on == ["light.kitchen"]


async def test_tools_made_in_the_ui_in_and_out_of_scope_over_mcp(
    hass: HomeAssistant,
    turned_on: list[str],
    hass_client_no_auth: ClientSessionGenerator,
    hass_access_token: str,
) -> None:
    """The model's entities reach only the scope (refused as outside it); fixed targets too."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: IN_SCOPE}
    )
    light = [{"name": "light", "type": "entity", "required": True}]
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Light state",
            "description": "A light's state.",
            "template": "{{ states(light) }}",
            "parameters": light,
        },
    )
    await async_add_tool(
        hass,
        hub,
        "template",
        {
            "title": "Porch state",
            "description": "The porch light.",
            "template": "{{ states('light.porch') }}",
        },
    )
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Light on",
            "description": "Turns a light on.",
            "actions": [{"action": "test.light_on", "target": {"entity_id": "{{ light }}"}}],
            "parameters": light,
        },
    )
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Porch on",
            "description": "Turns the porch light on.",
            "actions": [{"action": "test.light_on", "target": {"entity_id": "light.porch"}}],
        },
    )
    url = await _mcp_url(hass, hub, hass_client_no_auth)
    async with mcp_session(url, hass_access_token) as session:
        state = await _call(session, "light_state", {"light": "light.kitchen"})
        state_out = await _call(session, "light_state", {"light": "light.porch"})
        porch_state = await _call(session, "porch_state", {})
        on = await _call(session, "light_on", {"light": "light.kitchen"})
        on_out = await _call(session, "light_on", {"light": "light.porch"})
        porch_on = await _call(session, "porch_on", {})

    assert state == {"result": "off"}
    assert state_out["error_text"].endswith(
        f"did not run: entity light.porch {OUTSIDE.format('light_state')}"
    )
    assert porch_state["error_text"] == (
        "The template of tool porch_state read an entity outside the scope of this assistant; "
        "tool porch_state may only reach entities within it"
    )
    assert on == {"success": True}
    assert on_out["error_text"].endswith(
        f"did not run: entity light.porch {OUTSIDE.format('light_on')}"
    )
    # Its fixed target lies outside the scope: left out, as the Save step warned.
    assert porch_on == {
        "error": "ToolNotAvailable",
        "error_text": "Tool porch_on is not available to you: the hub leaves it out (its actions "
        "act on an entity outside the hub's scope, whatever the arguments). Do not call it "
        "again; tell the user if it was needed.",
    }
    assert turned_on == ["light.kitchen"]


async def test_to_do_reader_lists_only_in_scope(hass: HomeAssistant, hass_admin_user: Any) -> None:
    """The to-do reader lists the lists in scope; none in scope: it is left out."""
    home: Home = await async_setup_home(hass)
    kitchen = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_AREAS: ["kitchen"]}
    )
    shopping = await async_add_hub(
        hass,
        "Shopping",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: ["todo.shopping"]},
    )
    context = _context(home, hass_admin_user)
    without = await llm.async_get_api(hass, hub_id(kitchen), context)
    with_list = await llm.async_get_api(hass, hub_id(shopping), context)

    assert "todo__get_items" not in {tool.name for tool in without.tools}
    items = await with_list.async_call_tool(
        llm.ToolInput("todo__get_items", {"todo_list": "Shopping"})
    )
    assert "items" in items.data
    # Called within a scope without the list: refused as a list not exposed would be.
    reader = next(tool for tool in with_list.tools if tool.name == "todo__get_items")
    original = reader.tool  # type: ignore[attr-defined]
    with entered((HubScope(entities=frozenset({"light.kitchen_light"})).resolve(hass),)):
        assert in_scope(hass, original, "conversation") == "no list within the scope"
        with pytest.raises(Exception, match=r"must be one of \[\] at 'todo_list'"):
            await async_call_in_scope(
                hass, original, llm.ToolInput("todo__get_items", {"todo_list": "Shopping"}), context
            )
    # No assistant: the lists a conversation has exposed.
    found = in_scope(hass, original, None)
    assert isinstance(found, llm.Tool)
    assert found.parameters({"todo_list": "Shopping"})["todo_list"] == "Shopping"


async def test_effect_and_inspector_use_the_scope(
    hass: HomeAssistant, turned_on: list[str], hass_ws_client: WebSocketGenerator
) -> None:
    """The inspector says per tool how the scope limits it; unscoped hubs say nothing."""
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: IN_SCOPE}
    )
    plain = await async_add_hub(hass, "Plain", {CONF_LLM_HASS_API: ["assist"]})
    client = await hass_ws_client(hass)
    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hub_id(hub)})
    scoped = {tool["name"]: tool for tool in (await client.receive_json())["result"]["tools"]}
    await client.send_json_auto_id({"type": "llm_hub/api/describe", "api_id": hub_id(plain)})
    whole = (await client.receive_json())["result"]["tools"]

    assert scoped["script__kitchen_on"]["scope"] == (
        "listed while everything its script acts on is within the scope"
    )
    assert scoped["intent__HassTurnOn"]["scope"].startswith("acts only on entities within")
    assert scoped["homeassistant__GetLiveContext"]["scope"] == (
        "reports only the entities within the scope"
    )
    assert scoped["llm__GetDateTime"]["scope"] is None
    assert scoped["script__other"]["scope"] is None  # left out: the reason says why
    assert scoped["script__other"]["hidden"] == "its script is outside the scope"
    assert all("scope" not in tool for tool in whole)


class _Plain(llm.Tool):
    """A tool of ``integration`` that does nothing."""

    name = "plain"

    def __init__(self, integration: str) -> None:
        self.integration = integration

    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Answer nothing."""
        return llm.ToolResult(data={})


def test_scope_notes_of_readers_and_own_tools() -> None:
    """Readers and the hub's own tools have a note; another integration's tool none."""
    from homeassistant.components.todo.llm import TodoGetItemsTool  # noqa: PLC0415

    own, other = _Plain("llm_hub"), _Plain("weather")
    assert scope_note(TodoGetItemsTool(["Shopping"])) == (
        "lists and reads only the lists within the scope"
    )
    assert scope_note(own) is not None
    assert scope_note(other) is None


def test_live_context_errors_in_home_assistants_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live context's errors are Home Assistant's own while it words them."""
    found = intent.MatchTargetsResult(is_match=False, no_match_reason=intent.MatchFailedReason.NAME)
    assert live_context_match_error(found, "Lamp", None, None) == (
        homeassistant_llm._live_context_match_error(found, "Lamp", None, None)
    )
    monkeypatch.delattr(homeassistant_llm, "_live_context_match_error")
    fallback = _live_context_wording()
    assert fallback(found, "Lamp", None, None) == "No entities matched the provided filter"


@pytest.mark.parametrize("admins_only", [False, True])
async def test_users_refused_on_every_path(  # noqa: PLR0917  # fixtures
    hass: HomeAssistant,
    turned_on: list[str],
    hass_client_no_auth: ClientSessionGenerator,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: Any,
    hass_read_only_user: Any,
    hass_access_token: str,
    hass_read_only_access_token: str,
    admins_only: bool,
) -> None:
    """Not allowed: no tools and the reason over MCP, websocket and bench; allowed: tools."""
    options: dict[str, Any] = (
        {const.CONF_ADMINS_ONLY: True}
        if admins_only
        else {const.CONF_ALLOWED_USERS: [hass_admin_user.id]}
    )
    hub = await async_add_hub(hass, "Kids", {CONF_LLM_HASS_API: ["assist"], **options})
    # Served at /api/mcp, where Home Assistant lets any user in (its own URL: admins only).
    await _async_setup_mcp_server(hass, [hub_id(hub)], require_admin=False)
    client = await hass_ws_client(hass)
    url = str((await hass_client_no_auth()).make_url("/api/mcp"))
    for token, allowed in ((hass_access_token, True), (hass_read_only_access_token, False)):
        async with mcp_session(url, token) as session:
            tools = (await session.list_tools()).tools
            prompts = (await session.list_prompts()).prompts
            prompt = await session.get_prompt(prompts[0].name)
            called = await session.call_tool("script__kitchen_on", {})
        assert bool(tools) is allowed
        said = "is not available to this user" in str(prompt.messages[0].content)
        assert said is not allowed
        assert called.isError is not allowed

    for user, allowed in ((hass_admin_user, True), (hass_read_only_user, False)):
        request = {"api_id": hub_id(hub), "user_id": user.id}
        await client.send_json_auto_id({"type": "llm_hub/api/describe", **request})
        described = (await client.receive_json())["result"]
        listed = [tool for tool in described["tools"] if tool["listed"]]
        assert bool(listed) is allowed
        assert ("is not available to this user" in described["prompt"]) is not allowed
        # The test bench calls through this command, as the user it runs as.
        await client.send_json_auto_id(
            {"type": "llm_hub/tool/call", "tool_name": "script__kitchen_on", **request}
        )
        answer = await client.receive_json()
        assert answer["success"] is allowed
        if not allowed:
            assert answer["error"]["code"] == "unauthorized"
            assert "is not available to this user" in answer["error"]["message"]
    assert turned_on == ["light.kitchen"] * 2


async def test_allowed_user_never_wider_than_admin_only(
    hass: HomeAssistant, hass_read_only_user: Any, hass_ws_client: WebSocketGenerator
) -> None:
    """A hub over an admin-only API refuses a non-admin even if its list allows them."""
    from ..helpers.hubs import admin_only_api  # noqa: PLC0415

    llm.async_register_api(hass, admin_only_api(hass, []))
    hub = await async_add_hub(
        hass,
        "Kids",
        {CONF_LLM_HASS_API: ["admin_only"], const.CONF_ALLOWED_USERS: [hass_read_only_user.id]},
    )
    client = await hass_ws_client(hass)
    await client.send_json_auto_id(
        {"type": "llm_hub/api/describe", "api_id": hub_id(hub), "user_id": hass_read_only_user.id}
    )
    answer = await client.receive_json()
    assert answer["success"] is False
    with pytest.raises(Exception, match="administrator"):
        await llm.async_get_api(
            hass,
            hub_id(hub),
            llm.LLMContext(
                "test", Context(user_id=hass_read_only_user.id), "en", "conversation", None
            ),
        )


async def test_own_script_tools_and_reads_of_many(
    hass: HomeAssistant, turned_on: list[str], hass_admin_user: Any
) -> None:
    """A script tool made in the UI follows its script's scope; reads of many are checked."""
    hub = await async_add_hub(
        hass,
        "Kitchen",
        {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: [*IN_SCOPE, "script.pick"]},
    )
    await async_add_tool(hass, hub, "script", {"script": "script.kitchen_on"})
    await async_add_tool(hass, hub, "script", {"script": "script.other"})
    reads = (
        ("Lights", "{{ states.light | map(attribute='state') | list }}"),
        ("All", "{{ states | map(attribute='state') | list }}"),
    )
    for title, template in reads:
        await async_add_tool(
            hass, hub, "template", {"title": title, "description": title, "template": template}
        )
    user = Context(user_id=hass_admin_user.id)
    context = llm.LLMContext("test", user, "en", "conversation", None)
    instance = await llm.async_get_api(hass, hub_id(hub), context)
    names = {tool.name for tool in instance.tools}

    async def call(name: str, args: dict[str, Any] | None = None) -> Any:
        return (await instance.async_call_tool(llm.ToolInput(name, args or {}))).data

    assert "kitchen_on" in names
    assert "other" not in names
    assert "script__pick" not in names  # a template picks what its script acts on: left out
    assert await call("kitchen_on") == {"success": True}
    assert (await call("script__pick", {"which": "light.kitchen"}))["error_text"].startswith(
        "Tool script__pick is not available to you: the hub leaves it out (the script "
        "script.pick may act on entities outside the scope of this assistant ("
    )
    assert (await call("lights"))["error_text"] == (
        "The template of tool lights read an entity outside the scope of this assistant; "
        "tool lights may only reach entities within it"
    )
    assert (await call("all"))["error_text"] == (
        "The template of tool all read an entity outside the scope of this assistant; "
        "tool all may only reach entities within it"
    )
    assert turned_on == ["light.kitchen"]


async def test_other_integrations_tools_left_out_of_a_scoped_hub(
    hass: HomeAssistant, turned_on: list[str], hass_admin_user: Any
) -> None:
    """A tool another integration contributes may reach anything: a scoped hub leaves it out."""
    add_llm_platform(hass, "weather_tools", Contribution([_Plain("weather_tools")]))
    scoped = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: IN_SCOPE}
    )
    whole = await async_add_hub(hass, "Whole home", {CONF_LLM_HASS_API: ["assist"]})
    context = llm_context(hass_admin_user.id)

    scoped_api = await llm.async_get_api(hass, hub_id(scoped), context)
    whole_api = await llm.async_get_api(hass, hub_id(whole), context)
    scoped_names = {tool.name for tool in scoped_api.tools}
    whole_names = {tool.name for tool in whole_api.tools}

    assert "plain" in whole_names
    assert "plain" not in scoped_names
    assert "script__kitchen_on" in scoped_names


async def _garage_on(
    hass: HomeAssistant, area_id: str, scope: list[str]
) -> tuple[MockConfigEntry, list[Any]]:
    """Add the Kitchen hub (``scope``) with "Garage on", an action on the area; return the hub
    and the areas ``test.area_on`` was called with."""
    areas_on: list[Any] = []
    hass.services.async_register(
        "test", "area_on", lambda call: areas_on.append(call.data["area_id"])
    )
    hub = await async_add_hub(
        hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: scope}
    )
    await async_add_tool(
        hass,
        hub,
        "action",
        {
            "title": "Garage on",
            "description": "Turns the garage lights on.",
            "actions": [{"action": "test.area_on", "target": {"area_id": area_id}}],
        },
    )
    return hub, areas_on


@pytest.mark.parametrize("garage_in_scope", [False, True])
async def test_action_tool_on_an_area_out_of_scope_refused(
    hass: HomeAssistant, turned_on: list[str], hass_admin_user: Any, garage_in_scope: bool
) -> None:
    """A stored area target whose entities lie outside the scope refuses the call; nothing runs.

    With the garage's light named in the scope too, the same call runs.
    """
    area = ar.async_get(hass).async_create("Garage")
    entry = er.async_get(hass).async_get_or_create(
        "light", "test", "garage", suggested_object_id="garage"
    )
    er.async_get(hass).async_update_entity(entry.entity_id, area_id=area.id)
    hass.states.async_set(entry.entity_id, "off")
    scope = [*IN_SCOPE, entry.entity_id] if garage_in_scope else IN_SCOPE
    hub, areas_on = await _garage_on(hass, area.id, scope)
    api = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    recorded = async_capture_events(hass, EVENT_TOOL_CALLED)

    answer = (await api.async_call_tool(llm.ToolInput("garage_on", {}))).data

    await hass.async_block_till_done()
    # Recorded as Assist's scoped calls are: refused, not failed (Activity's filter).
    assert [event.data["outcome"] for event in recorded] == ["ok" if garage_in_scope else "refused"]
    if garage_in_scope:
        assert answer == {"success": True}
        assert areas_on == [[area.id]]
        return
    assert answer == {
        "error": "ToolNotAvailable",
        "error_text": "Tool garage_on is not available to you: the hub leaves it out (its "
        "actions act on an entity outside the hub's scope, whatever the arguments). Do not call "
        "it again; tell the user if it was needed.",
    }
    assert entry.entity_id not in str(answer["error_text"])  # the model did not name it
    assert areas_on == turned_on == []


async def test_area_target_whose_area_gains_an_entity_outside_after_listing_is_refused(
    hass: HomeAssistant, turned_on: list[str], hass_admin_user: Any
) -> None:
    """A tool listed while its area lay within the scope: the porch light moved into that area
    before the call, so the call (of the same listing) is refused and nothing runs."""
    area = ar.async_get(hass).async_create("Garage")
    hub, areas_on = await _garage_on(hass, area.id, IN_SCOPE)
    api = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
    assert "garage_on" in [tool.name for tool in api.tools]
    registry = er.async_get(hass)
    porch = registry.async_get_or_create("light", "test", "porch", suggested_object_id="porch")
    registry.async_update_entity(porch.entity_id, area_id=area.id)

    answer = (await api.async_call_tool(llm.ToolInput("garage_on", {}))).data

    assert answer == {
        "error": "OutOfScope",
        "error_text": "Tool garage_on did not run: it holds an entity outside the scope of this "
        "assistant.",
    }
    assert areas_on == turned_on == []


async def test_intent_script_whose_target_a_template_picks_left_out(
    hass: HomeAssistant,
) -> None:
    """An intent script that turns on the light a template picks cannot keep to a scope."""
    for component in ("homeassistant", "intent"):
        assert await async_setup_component(hass, component, {})
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen"})
    pick = {"action": [{"action": "light.turn_on", "target": {"entity_id": "{{ which }}"}}]}
    assert await async_setup_component(hass, "intent_script", {"intent_script": {"Pick": pick}})
    kitchen = {CONF_LLM_HASS_API: ["assist"], const.CONF_SCOPE_ENTITIES: ["light.kitchen"]}
    scoped = await async_add_hub(hass, "Kitchen", kitchen)
    whole = await async_add_hub(hass, "Whole", {CONF_LLM_HASS_API: ["assist"]})
    whole_api = await llm.async_get_api(hass, hub_id(whole), llm_context())
    tool = next(tool for tool in whole_api.tools if tool.name.endswith("Pick"))
    scoped_api = await llm.async_get_api(hass, hub_id(scoped), llm_context())

    assert tool.name not in {tool.name for tool in scoped_api.tools}
    original = tool.tool  # type: ignore[attr-defined]
    with entered((HubScope(entities=frozenset({"light.kitchen"})).resolve(hass),)):
        assert in_scope(hass, original, "conversation") == (
            "cannot be kept within the scope: a template picks what it acts on"
        )


async def test_broadcast_kept_only_where_every_satellite_is_in_scope(hass: HomeAssistant) -> None:
    """A broadcast announces on every satellite: left out while one lies outside the scope."""
    for name in ("kitchen", "porch"):
        hass.states.async_set(f"assist_satellite.{name}", "idle", {"supported_features": 1})
    handler = BroadcastHandler()
    intent.async_register(hass, handler)
    tool = llm.IntentTool(handler.intent_type, handler)
    kitchen = HubScope(entities=frozenset({"assist_satellite.kitchen"}))
    both = HubScope(entities=frozenset({"assist_satellite.kitchen", "assist_satellite.porch"}))

    with entered((kitchen.resolve(hass),)):
        assert in_scope(hass, tool, "conversation") == "announces on satellites outside the scope"
    with entered((both.resolve(hass),)):
        assert in_scope(hass, tool, "conversation") is tool
