"""Config flow (create, rename) and options flow of LLM Hub, driven through the flow managers."""

from __future__ import annotations

from unittest.mock import AsyncMock, patch

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.llm_hub.compose import names
from custom_components.llm_hub.const import DOMAIN
from homeassistant import config_entries
from homeassistant.config_entries import ConfigEntryState, ConfigFlowResult
from homeassistant.const import CONF_LLM_HASS_API, CONF_NAME
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import llm
from homeassistant.helpers.selector import TextSelector

from .helpers.flows import _selector, _suggested
from .helpers.hubs import async_add_hub, hub_id
from .helpers.translations import TRANSLATIONS


class _MusicAPI(llm.API):
    """An LLM API of some other integration."""

    async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
        raise NotImplementedError


def _registered(hass: HomeAssistant) -> dict[str, llm.API]:
    return {api.id: api for api in llm.async_get_apis(hass)}


def _assert_translated(result: ConfigFlowResult) -> None:
    """Assert en.json has the step, its fields, the errors and the abort reason of a result.

    Like Home Assistant core's ``check_translations``: what the flow shows must be translated.
    """
    # An options flow's handler is the entry id, a config flow's the domain.
    strings = TRANSLATIONS["config" if result["handler"] == DOMAIN else "options"]
    if result["type"] is FlowResultType.FORM:
        step = strings["step"][result["step_id"]]
        assert step["title"]
        schema = result["data_schema"]
        assert schema is not None
        for key in schema.schema:
            assert step["data"][str(key)]
            assert step["data_description"][str(key)]
        for error in (result["errors"] or {}).values():
            assert strings["error"][error]
    elif result["type"] is FlowResultType.ABORT:
        # reconfigure_successful comes with translation_domain "homeassistant", so Home
        # Assistant shows its own text; en.json carries one all the same.
        assert strings["abort"][result["reason"]]


async def _start_user_flow(hass: HomeAssistant) -> ConfigFlowResult:
    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": config_entries.SOURCE_USER}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "user"
    assert not result["errors"]
    _assert_translated(result)
    return result


async def _create_hub(hass: HomeAssistant, name: str) -> ConfigFlowResult:
    """Create a hub through the user flow; return the CREATE_ENTRY result."""
    result = await _start_user_flow(hass)
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: name})
    await hass.async_block_till_done()
    assert result["type"] is FlowResultType.CREATE_ENTRY
    return result


# --- Create ------------------------------------------------------------------------------


async def test_user_flow_creates_entry(hass: HomeAssistant, mock_setup_entry: AsyncMock) -> None:
    """The name, stripped, is the entry title; data and options start empty."""
    result = await _start_user_flow(hass)
    assert _suggested(result, CONF_NAME) is None
    assert isinstance(_selector(result, CONF_NAME), TextSelector)

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: "  Kitchen  "}
    )
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == "Kitchen"
    assert result["data"] == {}
    assert result["options"] == {}
    entry = result["result"]
    assert hass.config_entries.async_entries(DOMAIN) == [entry]
    assert entry.title == "Kitchen"
    assert entry.data == {}
    assert entry.options == {}
    assert len(mock_setup_entry.mock_calls) == 1


async def test_user_flow_registers_api_named_like_entry(hass: HomeAssistant) -> None:
    """After the real setup the entry's API is registered under the name given."""
    result = await _create_hub(hass, "Kitchen")
    entry = result["result"]

    assert entry.state is ConfigEntryState.LOADED
    api = _registered(hass)[hub_id(entry)]
    assert api.name == "Kitchen"
    assert entry.runtime_data.api is api


async def test_user_flow_allows_several_entries(
    hass: HomeAssistant, mock_setup_entry: AsyncMock
) -> None:
    """Each flow creates one more hub."""
    kitchen = (await _create_hub(hass, "Kitchen"))["result"]
    living_room = (await _create_hub(hass, "Living room"))["result"]

    assert kitchen.entry_id != living_room.entry_id
    assert [entry.title for entry in hass.config_entries.async_entries(DOMAIN)] == [
        "Kitchen",
        "Living room",
    ]
    assert len(mock_setup_entry.mock_calls) == 2


@pytest.mark.parametrize(
    ("existing_title", "name"),
    [
        ("Kitchen", "Kitchen"),
        ("Kitchen", "kitchen"),
        ("Kitchen", "  KITCHEN "),
        ("  Kitchen ", "kitchen"),
    ],
)
async def test_user_flow_refuses_name_of_other_hub(
    hass: HomeAssistant, mock_setup_entry: AsyncMock, existing_title: str, name: str
) -> None:
    """A name another hub entry has (without case and outer spaces) is refused, not created."""
    # Not set up: the entry's title alone makes the name taken.
    MockConfigEntry(domain=DOMAIN, title=existing_title, data={}, options={}).add_to_hass(hass)
    result = await _start_user_flow(hass)

    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: name})

    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "user"
    assert result["errors"] == {CONF_NAME: "name_exists"}
    assert result["description_placeholders"] == {"api": existing_title}
    assert _suggested(result, CONF_NAME) == name  # the form keeps what was typed
    _assert_translated(result)
    assert len(hass.config_entries.async_entries(DOMAIN)) == 1

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: "Living room"}
    )
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == "Living room"
    assert len(hass.config_entries.async_entries(DOMAIN)) == 2


@pytest.mark.parametrize(
    ("name", "error"),
    [
        # Assist is registered on 2026.10 and reserved: the reserved-name message wins.
        ("Assist", "name_reserved"),
        ("assist", "name_reserved"),
        (" ASSIST  ", "name_reserved"),
        ("", "name_empty"),
        ("   ", "name_empty"),
        ("\t\n", "name_empty"),
        # Names whose slug is Assist's: Home Assistant 2026.10 would prefix both alike.
        ("Assist!", "name_reserved"),
        ("ÄSSIST", "name_reserved"),
        ("🔥", "name_invalid"),
        ("x" * 65, "name_too_long"),
        # Home Assistant's own APIs of any version, registered here or not (2026.11 names).
        ("Device control", "name_reserved"),
        ("device-CONTROL!", "name_reserved"),
        ("Home Assistant", "name_reserved"),
        ("  home   assistant ", "name_reserved"),
        # Control and format characters are taken out before the checks.
        ("\u200b\x00\u2060", "name_empty"),
        ("Ass\u200bist", "name_reserved"),
        ("Device\x00 control", "name_reserved"),
    ],
)
async def test_user_flow_refuses_name_of_other_llm_api_or_empty_name(
    hass: HomeAssistant, mock_setup_entry: AsyncMock, name: str, error: str
) -> None:
    """The name of another registered LLM API (the Assist API) and a blank name are refused.

    Nothing sets up ``llm`` here: opening the flow sets up the dependencies of the integration,
    and so registers the Assist API.
    """
    result = await _start_user_flow(hass)
    assert _registered(hass)[llm.LLM_API_ASSIST].name == "Assist"

    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: name})

    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {CONF_NAME: error}
    _assert_translated(result)
    assert hass.config_entries.async_entries(DOMAIN) == []

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: "Assistant"}
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == "Assistant"


async def test_user_flow_refuses_name_of_custom_llm_api(
    hass: HomeAssistant, mock_setup_entry: AsyncMock
) -> None:
    """Any registered LLM API counts, not only Assist and hubs; its name is compared stripped."""
    result = await _start_user_flow(hass)
    unregister = llm.async_register_api(hass, _MusicAPI(hass=hass, id="music_api", name=" Music "))

    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: "music"})
    assert result["errors"] == {CONF_NAME: "name_exists"}
    assert result["description_placeholders"] == {"api": " Music "}

    unregister()
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: "music"})
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == "music"


# --- Reconfigure (rename) ----------------------------------------------------------------


async def _start_reconfigure(hass: HomeAssistant, entry: MockConfigEntry) -> ConfigFlowResult:
    result = await entry.start_reconfigure_flow(hass)
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "reconfigure"
    assert not result["errors"]
    _assert_translated(result)
    return result


async def test_reconfigure_renames_entry_and_api(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """Renaming sets the title and, after the reload, the registered API's name."""
    entry = setup_integration
    old_api = entry.runtime_data.api
    result = await _start_reconfigure(hass, entry)
    assert _suggested(result, CONF_NAME) == "Kitchen"

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: " Pantry  "}
    )
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reconfigure_successful"
    _assert_translated(result)
    assert entry.title == "Pantry"
    assert entry.data == {"name": "Pantry"}  # the last name that followed the rules
    assert entry.options == {CONF_LLM_HASS_API: ["assist"]}
    assert entry.state is ConfigEntryState.LOADED
    api = _registered(hass)[hub_id(entry)]
    assert api is not old_api
    assert api.name == "Pantry"
    assert [a.name for a in llm.async_get_apis(hass)].count("Kitchen") == 0


@pytest.mark.parametrize("name", ["Kitchen", "kitchen", " KITCHEN "])
async def test_reconfigure_keeps_own_name(
    hass: HomeAssistant, setup_integration: MockConfigEntry, name: str
) -> None:
    """The hub's own title and API name do not block it (a change of case is allowed)."""
    entry = setup_integration
    result = await _start_reconfigure(hass, entry)

    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: name})
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reconfigure_successful"
    assert entry.title == name.strip()
    assert _registered(hass)[hub_id(entry)].name == name.strip()


@pytest.mark.parametrize(
    ("name", "error", "placeholders"),
    [
        ("living ROOM", "name_exists", {"api": "Living room"}),
        (" Assist ", "name_reserved", {}),
        ("  ", "name_empty", {}),
    ],
)
async def test_reconfigure_refuses_taken_or_empty_name(
    hass: HomeAssistant,
    setup_integration: MockConfigEntry,
    name: str,
    error: str,
    placeholders: dict[str, str],
) -> None:
    """Another hub's name, another API's name and a blank name are refused; then a rename works."""
    entry = setup_integration
    living_room = await async_add_hub(hass, "Living room")
    result = await _start_reconfigure(hass, entry)

    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: name})

    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "reconfigure"
    assert result["errors"] == {CONF_NAME: error}
    assert result["description_placeholders"] == placeholders
    assert _suggested(result, CONF_NAME) == name
    _assert_translated(result)
    assert entry.title == "Kitchen"
    assert living_room.title == "Living room"

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: "Pantry"}
    )
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reconfigure_successful"
    assert entry.title == "Pantry"
    assert _registered(hass)[hub_id(entry)].name == "Pantry"
    assert _registered(hass)[hub_id(living_room)].name == "Living room"


async def test_reconfigure_through_flow_manager(
    hass: HomeAssistant, mock_setup_entry: AsyncMock, config_entry: MockConfigEntry
) -> None:
    """Starting the flow with source reconfigure and the entry id renames that entry."""
    other = MockConfigEntry(domain=DOMAIN, title="Living room", data={}, options={})
    other.add_to_hass(hass)

    result = await hass.config_entries.flow.async_init(
        DOMAIN,
        context={"source": config_entries.SOURCE_RECONFIGURE, "entry_id": config_entry.entry_id},
    )
    assert result["type"] is FlowResultType.FORM
    assert _suggested(result, CONF_NAME) == "Kitchen"

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: "Pantry"}
    )
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reconfigure_successful"
    assert config_entry.title == "Pantry"
    assert other.title == "Living room"


# --- Translations ------------------------------------------------------------------------


def test_translations_cover_flow_keys() -> None:
    """en.json names every step, field, error and abort reason the flows use."""
    config = TRANSLATIONS["config"]
    for step in ("user", "reconfigure"):
        assert config["step"][step]["title"]
        assert config["step"][step]["data"][CONF_NAME]
        assert config["step"][step]["data_description"][CONF_NAME]
    assert set(config["error"]) == {
        "name_exists",
        "name_empty",
        "name_too_long",
        "name_invalid",
        "name_reserved",
        "name_too_long_for_agents",
    }
    assert all(config["error"].values())
    assert config["abort"]["reconfigure_successful"]


async def test_user_flow_collapses_whitespace(
    hass: HomeAssistant, mock_setup_entry: AsyncMock
) -> None:
    """Runs of spaces, tabs and newlines in a name become single spaces."""
    result = await _start_user_flow(hass)

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: " Living \n  room\t"}
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == "Living room"


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("K\u00fc\u200bche\x00", "K\u00fcche"),  # zero-width space and NUL
        ("\ufeffLiving\u2060 room\u200d", "Living room"),  # BOM, word joiner, joiner
        ("Living\x07\u200e\nroom\x1b", "Living room"),  # bell, LTR mark, escape
    ],
)
async def test_user_flow_takes_out_control_and_format_characters(
    hass: HomeAssistant, mock_setup_entry: AsyncMock, name: str, title: str
) -> None:
    """Invisible characters (Unicode Cc and Cf) never reach the title; whitespace stays one."""
    result = await _start_user_flow(hass)

    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: name})

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == title
    assert hass.config_entries.async_entries(DOMAIN)[0].title == title


async def test_reconfigure_refuses_reserved_names_and_takes_out_invisible_characters(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """Renaming checks the same: a reserved name is refused, invisible characters go."""
    entry = setup_integration
    result = await _start_reconfigure(hass, entry)

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: "Device\u200b control"}
    )
    assert result["errors"] == {CONF_NAME: "name_reserved"}
    _assert_translated(result)

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: "Pan\u200btry\x00"}
    )
    await hass.async_block_till_done()

    assert result["reason"] == "reconfigure_successful"
    assert entry.title == "Pantry"
    assert _registered(hass)[hub_id(entry)].name == "Pantry"


# --- Names that leave merged tool names too little room (Home Assistant 2026.10) ----------

LONG_NAME = "Kitchen and living room assistant"
"""Its slug has 33 characters: ``kitchen-and-living-room-assistant__`` leaves room for 29."""
LONG_NOTE = {"prefix": "kitchen-and-living-room-assistant__", "room": "29"}


def _assert_note_translated(text: str) -> None:
    """Assert a note's text names the prefix and the room it leaves."""
    assert "{prefix}" in text
    assert "{room}" in text
    assert "64" in text


@pytest.mark.parametrize(
    ("name", "note"),
    [
        ("Kitchen", None),
        # The slug has 14 characters: "kitchen-helper__" and 48 make 64.
        ("Kitchen helper", None),
        ("Kitchen helpers", {"prefix": "kitchen-helpers__", "room": "47"}),
        (LONG_NAME, LONG_NOTE),
    ],
)
async def test_user_flow_notes_a_name_too_long_for_merged_tool_names(
    hass: HomeAssistant, mock_setup_entry: AsyncMock, name: str, note: dict[str, str] | None
) -> None:
    """A name whose slug leaves less than 48 characters of 64 is created, with a note.

    Home Assistant 2026.10's agents put the slug of the API name and ``__`` before every tool
    when they merge APIs; the success dialog says how long tool names may then be.
    """
    result = await _create_hub(hass, name)

    assert result["title"] == name
    assert hass.config_entries.async_entries(DOMAIN)[0].title == name
    if note is None:
        assert result["description"] is None
        assert result["description_placeholders"] is None
    else:
        assert result["description"] == "long_prefix"
        assert result["description_placeholders"] == note
        _assert_note_translated(TRANSLATIONS["config"]["create_entry"]["long_prefix"])


async def test_reconfigure_notes_a_name_too_long_for_merged_tool_names(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """Renaming to such a name renames the hub, and the closing dialog carries the note."""
    entry = setup_integration
    result = await _start_reconfigure(hass, entry)

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: LONG_NAME}
    )
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reconfigure_successful_long_prefix"
    assert result["description_placeholders"] == LONG_NOTE
    _assert_translated(result)
    _assert_note_translated(TRANSLATIONS["config"]["abort"][result["reason"]])
    assert entry.title == LONG_NAME
    assert entry.state is ConfigEntryState.LOADED
    assert _registered(hass)[hub_id(entry)].name == LONG_NAME


@pytest.mark.parametrize(
    "name",
    [
        "x" * 47,  # "xxx…__" leaves 15
        "x" * 64,  # leaves none
        "Kitchen and living room assistant of the whole family",  # slug of 53
    ],
)
async def test_names_that_leave_tool_names_too_little_room_are_refused(
    hass: HomeAssistant, setup_integration: MockConfigEntry, name: str
) -> None:
    """On 2026.10, a name whose prefix leaves tool names fewer than 16 characters is refused.

    Such a hub would be unusable with another API (even 16-character tool names would pass
    64): creating and renaming refuse it, and say why; a shorter name then works.
    """
    entry = setup_integration
    result = await _start_user_flow(hass)
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {CONF_NAME: name})

    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {CONF_NAME: "name_too_long_for_agents"}
    _assert_translated(result)
    assert "16" in TRANSLATIONS["config"]["error"]["name_too_long_for_agents"]

    reconfigure = await _start_reconfigure(hass, entry)
    reconfigure = await hass.config_entries.flow.async_configure(
        reconfigure["flow_id"], {CONF_NAME: name}
    )
    assert reconfigure["errors"] == {CONF_NAME: "name_too_long_for_agents"}
    assert entry.title == "Kitchen"

    # 46 characters leave 16: created, with the note.
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_NAME: "y" * 46}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["description_placeholders"] == {"prefix": "y" * 46 + "__", "room": "16"}


async def test_no_note_where_agents_do_not_prefix_by_name(
    hass: HomeAssistant, setup_integration: MockConfigEntry
) -> None:
    """Home Assistant 2026.11 prefixes only colliding names, by API id: no note there."""
    entry = setup_integration
    with patch.object(names, "AGENTS_PREFIX_EVERY_TOOL", new=False):
        created = await _create_hub(hass, LONG_NAME)
        longest = await _create_hub(hass, "x" * 64)
        result = await _start_reconfigure(hass, entry)
        result = await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_NAME: f"{LONG_NAME} too"}
        )
        await hass.async_block_till_done()

    assert created["description"] is None
    assert (longest["title"], longest["description"]) == ("x" * 64, None)
    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reconfigure_successful"
    assert entry.title == f"{LONG_NAME} too"
