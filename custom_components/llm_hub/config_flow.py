"""Config flow of LLM Hub: create a hub from a name, and rename it."""

from __future__ import annotations

from typing import Any, override

import probatio

from homeassistant.config_entries import (
    ConfigEntry,
    ConfigFlow,
    ConfigFlowResult,
    ConfigSubentryFlow,
)
from homeassistant.const import CONF_NAME
from homeassistant.core import callback
from homeassistant.helpers.selector import TextSelector

from .compose.names import merged_name_room
from .const import DOMAIN, OPTIONS_MINOR_VERSION, OPTIONS_VERSION
from .hub_name import clean_name, name_error
from .options_flow import LlmHubOptionsFlow
from .types import LlmHubConfigEntry
from .ui_tools.definition import SUBENTRY_TYPE
from .ui_tools.flow import ToolSubentryFlow

NAME_SCHEMA = probatio.Schema({probatio.Required(CONF_NAME): TextSelector()})


class LlmHubConfigFlow(ConfigFlow, domain=DOMAIN):
    """Create a hub from a name; rename it with reconfigure."""

    VERSION = OPTIONS_VERSION
    MINOR_VERSION = OPTIONS_MINOR_VERSION

    async def async_step_user(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Ask for the hub's name; it becomes the entry title and the API name."""
        errors: dict[str, str] = {}
        placeholders: dict[str, str] = {}
        if user_input is not None:
            name = clean_name(user_input[CONF_NAME])
            if not (error := name_error(self.hass, name, None)):
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
            name = clean_name(user_input[CONF_NAME])
            if not (error := name_error(self.hass, name, entry.entry_id)):
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
