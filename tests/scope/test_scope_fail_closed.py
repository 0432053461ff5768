"""A hub's scope and its users, stored with the wrong type, narrow: they fail closed.

Found by a review (issue 23's rule, applied to issue 24's options): before, a scope list with
one bad item, a scope that is no list, a wrong-typed exclusion or users limit served as not
set, so the hub reached every exposed entity and let anyone in.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from custom_components.llm_hub import const
from custom_components.llm_hub.options import NONE_OF, NoneOf
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers import issue_registry as ir, llm

from ..helpers.homes import async_setup_lights
from ..helpers.hubs import async_add_hub, hub_id, llm_context


@pytest.fixture
async def turned_on(hass: HomeAssistant) -> list[ServiceCall]:
    """Two lights exposed to Assist, Kitchen and Porch; the calls of light.turn_on."""
    await async_setup_lights(hass, porch="Porch", kitchen="Kitchen")
    return async_mock_service(hass, "light", "turn_on")


async def _turn_on(hass: HomeAssistant, entry: MockConfigEntry, name: str) -> llm.ToolResult:
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    tool = next(item.name for item in instance.tools if item.name.endswith("HassTurnOn"))
    result = await instance.async_call_tool(llm.ToolInput(tool, {"name": name}))
    await hass.async_block_till_done()
    return result


@pytest.mark.parametrize(
    ("options", "reached"),
    [
        ({const.CONF_SCOPE_ENTITIES: ["light.kitchen", 3]}, ["light.kitchen"]),
        ({const.CONF_SCOPE_ENTITIES: [3]}, []),
        ({const.CONF_SCOPE_AREAS: {"kitchen": True}}, []),
        (
            {
                const.CONF_SCOPE_EXCLUDED: 5,
                const.CONF_SCOPE_ENTITIES: ["light.kitchen", "light.porch"],
            },
            [],
        ),
    ],
    ids=["one bad item", "only bad items", "no list", "exclusion no list"],
)
async def test_a_wrong_typed_scope_narrows(
    hass: HomeAssistant,
    turned_on: list[ServiceCall],
    options: dict[str, Any],
    reached: list[str],
) -> None:
    """A bad item names nothing and the rest applies; a list of bad items only or no list
    includes nothing; an exclusion that is no list leaves everything out. The repair issue
    says the strictest setting applies."""
    hub = await async_add_hub(hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], **options})

    for name in ("Kitchen", "Porch"):
        await _turn_on(hass, hub, name)

    assert [call.data["entity_id"] for call in turned_on] == [[entity] for entity in reached]
    key = next(key for key, value in options.items() if not isinstance(value, list) or 3 in value)
    issue = ir.async_get(hass).async_get_issue(const.DOMAIN, f"invalid_option_{hub.entry_id}_{key}")
    assert issue is not None
    assert issue.translation_key == "invalid_safety_option"


@pytest.mark.parametrize(
    "options",
    [
        {const.CONF_ADMINS_ONLY: "true"},
        {const.CONF_ALLOWED_USERS: {"admin": True}},
        {const.CONF_ALLOWED_USERS: [3]},
    ],
    ids=["admins only as text", "users no list", "users bad items only"],
)
async def test_a_wrong_typed_users_limit_lets_no_one_else_in(
    hass: HomeAssistant,
    turned_on: list[ServiceCall],
    hass_read_only_user: Any,
    hass_admin_user: Any,
    options: dict[str, Any],
) -> None:
    """A user who is not an administrator gets no tools; an administrator still gets them
    where only the users list is wrong (no list names anyone, admins only is on)."""
    hub = await async_add_hub(hass, "Kids", {CONF_LLM_HASS_API: ["assist"], **options})

    refused = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_read_only_user.id))

    assert refused.tools == []
    assert "not available to this user" in refused.api_prompt
    if const.CONF_ADMINS_ONLY in options:
        admin = await llm.async_get_api(hass, hub_id(hub), llm_context(hass_admin_user.id))
        assert any(tool.name.endswith("HassTurnOn") for tool in admin.tools)


def test_none_of_counts_as_set_and_holds_nothing() -> None:
    """``NONE_OF`` is set (truthy) yet holds no id, equals only itself, and says what it is."""
    assert NONE_OF
    assert "light.kitchen" not in NONE_OF
    assert frozenset() != NONE_OF
    assert NoneOf() == NONE_OF
    assert repr(NONE_OF) == "NONE_OF"
