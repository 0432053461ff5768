"""Config flow of LLM Hub: create a hub from a name, rename it (options: ``options_flow``)."""

from __future__ import annotations

from typing import Any, Final, override
import unicodedata

import probatio
import slugify as unicode_slug

from homeassistant.config_entries import (
    ConfigEntry,
    ConfigFlow,
    ConfigFlowResult,
    ConfigSubentryFlow,
)
from homeassistant.const import CONF_NAME
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import llm as llm_helper
from homeassistant.helpers.selector import TextSelector

from .const import (
    DOMAIN,
    MAX_NAME_LENGTH,
    OPTIONS_MINOR_VERSION,
    OPTIONS_VERSION,
    RESERVED_API_NAMES,
    api_id_for_entry,
)
from .names import MIN_MERGED_NAME_ROOM, merged_name_room
from .options_flow import LlmHubOptionsFlow
from .tool_flow import ToolSubentryFlow
from .types import LlmHubConfigEntry
from .ui_tools import SUBENTRY_TYPE

NAME_SCHEMA = probatio.Schema({probatio.Required(CONF_NAME): TextSelector()})
_INVISIBLE_CATEGORIES: Final = frozenset({"Cc", "Cf"})
"""Unicode categories taken out of names: control and format characters."""


def _clean_name(name: str) -> str:
    """Return the name without control and format characters, whitespace collapsed.

    Control (Unicode category Cc, e.g. NUL) and format characters (Cf, e.g. zero-width space
    or joiner) are invisible or break where the name is shown; whitespace among them (tabs,
    newlines) becomes single spaces like any other run of whitespace.
    """
    visible = "".join(
        char
        for char in name
        if char.isspace() or unicodedata.category(char) not in _INVISIBLE_CATEGORIES
    )
    return " ".join(visible.split())


def _name_error(
    hass: HomeAssistant, name: str, own_entry_id: str | None
) -> tuple[str, dict[str, str]] | None:
    """Return the error key for a (cleaned) hub name and its placeholders, or None.

    Refused: an empty name, one longer than ``MAX_NAME_LENGTH``, one without a letter or
    digit, one whose slug equals the slug of Home Assistant's own APIs in any supported
    version (``RESERVED_API_NAMES``: ``name_reserved``, checked first, as "Assist" is also
    registered on 2026.10) or of another hub's or registered LLM API's name (``name_exists``,
    with the placeholder ``api``: that API's name), and, where agents prefix every tool with
    the name (Home Assistant 2026.10), one that leaves tool names fewer than
    ``MIN_MERGED_NAME_ROOM`` characters (``name_too_long_for_agents``). Slugs, because Home
    Assistant 2026.10 prefixes the tools of merged APIs with the slug of the API name:
    "Kitchen", "KITCHEN!" and "Kitchen 🔥" would all give ``kitchen__``, "Küche" and "Kuche"
    both ``kuche__``; to a user they look alike too.
    """
    if not name:
        return "name_empty", {}
    if len(name) > MAX_NAME_LENGTH:
        return "name_too_long", {}
    if not (wanted := unicode_slug.slugify(name)):
        return "name_invalid", {}
    if error := _slug_error(hass, wanted, own_entry_id):
        return error
    if (room := merged_name_room(name)) is not None and room[1] < MIN_MERGED_NAME_ROOM:
        return "name_too_long_for_agents", {}
    return None


def _slug_error(
    hass: HomeAssistant, wanted: str, own_entry_id: str | None
) -> tuple[str, dict[str, str]] | None:
    """Return ``name_reserved``, or ``name_exists`` with the API taking the slug ``wanted``."""
    if any(unicode_slug.slugify(reserved) == wanted for reserved in RESERVED_API_NAMES):
        return "name_reserved", {}
    if (taken := _taken_by(hass, wanted, own_entry_id)) is not None:
        return "name_exists", {"api": taken}
    return None


def _taken_by(hass: HomeAssistant, wanted: str, own_entry_id: str | None) -> str | None:
    """Return the name of the other hub or LLM API whose name has the slug ``wanted``."""
    own_api_id = api_id_for_entry(own_entry_id) if own_entry_id else None
    taken = [
        entry.title
        for entry in hass.config_entries.async_entries(DOMAIN)
        if entry.entry_id != own_entry_id
    ]
    taken.extend(api.name for api in llm_helper.async_get_apis(hass) if api.id != own_api_id)
    return next((other for other in taken if unicode_slug.slugify(other) == wanted), None)


class LlmHubConfigFlow(ConfigFlow, domain=DOMAIN):
    """Create a hub from a name; rename it with reconfigure."""

    VERSION = OPTIONS_VERSION
    MINOR_VERSION = OPTIONS_MINOR_VERSION

    async def async_step_user(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Ask for the hub's name; it becomes the entry title and the API name."""
        errors: dict[str, str] = {}
        placeholders: dict[str, str] = {}
        if user_input is not None:
            name = _clean_name(user_input[CONF_NAME])
            if not (error := _name_error(self.hass, name, None)):
                if (room := merged_name_room(name)) is None:
                    return self.async_create_entry(title=name, data={}, options={})
                # A warning, not a refusal: created, and the success dialog shows the note.
                return self.async_create_entry(
                    title=name,
                    data={},
                    options={},
                    description="long_prefix",
                    description_placeholders={"prefix": room[0], "room": str(room[1])},
                )
            errors[CONF_NAME], placeholders = error
        return self.async_show_form(
            step_id="user",
            data_schema=self.add_suggested_values_to_schema(NAME_SCHEMA, user_input),
            errors=errors,
            description_placeholders=placeholders,
        )

    async def async_step_reconfigure(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Rename the hub; the entry reloads so the API carries the new name."""
        entry = self._get_reconfigure_entry()
        errors: dict[str, str] = {}
        placeholders: dict[str, str] = {}
        if user_input is not None:
            name = _clean_name(user_input[CONF_NAME])
            if not (error := _name_error(self.hass, name, entry.entry_id)):
                if (room := merged_name_room(name)) is None:
                    # Our own reason: the user sees our text, not Home Assistant's generic one.
                    return self.async_update_reload_and_abort(
                        entry, title=name, reason="reconfigure_successful"
                    )
                # A warning, not a refusal: renamed, and the closing dialog shows the note
                # (what async_update_reload_and_abort does, with placeholders).
                self.hass.config_entries.async_update_entry(entry, title=name)
                self.hass.config_entries.async_schedule_reload(entry.entry_id)
                return self.async_abort(
                    reason="reconfigure_successful_long_prefix",
                    description_placeholders={"prefix": room[0], "room": str(room[1])},
                )
            errors[CONF_NAME], placeholders = error
        return self.async_show_form(
            step_id="reconfigure",
            data_schema=self.add_suggested_values_to_schema(
                NAME_SCHEMA, user_input or {CONF_NAME: entry.title}
            ),
            errors=errors,
            description_placeholders=placeholders,
        )

    @staticmethod
    @callback
    @override
    def async_get_options_flow(config_entry: LlmHubConfigEntry) -> LlmHubOptionsFlow:
        """Return the options flow."""
        return LlmHubOptionsFlow()

    @classmethod
    @callback
    @override
    def async_get_supported_subentry_types(
        cls, config_entry: ConfigEntry
    ) -> dict[str, type[ConfigSubentryFlow]]:
        """Return the subentries a hub has: tools made in the UI ("Add tool")."""
        return {SUBENTRY_TYPE: ToolSubentryFlow}
