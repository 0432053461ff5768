"""Config flow (name, rename) and options flow (picked APIs, instructions) of LLM Hub."""

from __future__ import annotations

from typing import Any, override

import probatio

from homeassistant.config_entries import (
    ConfigFlow,
    ConfigFlowResult,
    OptionsFlowWithReload,
)
from homeassistant.const import CONF_LLM_HASS_API, CONF_NAME
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import config_validation as cv, llm as llm_helper
from homeassistant.helpers.selector import (
    SelectOptionDict,
    SelectSelector,
    SelectSelectorConfig,
    TextSelector,
    TextSelectorConfig,
)

from .const import CONF_PROMPT, DOMAIN, api_id_for_entry
from .types import LlmHubConfigEntry

NAME_SCHEMA = probatio.Schema({probatio.Required(CONF_NAME): TextSelector()})


def _name_error(hass: HomeAssistant, name: str, own_entry_id: str | None) -> str | None:
    """Return the error key for a hub name, or None when it can be used.

    A name is refused when empty, or when another hub or another registered LLM API is
    already shown to users under it (compared without case and outer spaces).
    """
    if not name:
        return "name_empty"
    wanted = name.casefold()
    own_api_id = api_id_for_entry(own_entry_id) if own_entry_id else None
    for entry in hass.config_entries.async_entries(DOMAIN):
        if entry.entry_id != own_entry_id and entry.title.strip().casefold() == wanted:
            return "name_exists"
    for api in llm_helper.async_get_apis(hass):
        if api.id != own_api_id and api.name.strip().casefold() == wanted:
            return "name_exists"
    return None


class LlmHubConfigFlow(ConfigFlow, domain=DOMAIN):
    """Create a hub from a name; rename it with reconfigure."""

    VERSION = 1

    async def async_step_user(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Ask for the hub's name; it becomes the entry title and the API name."""
        errors: dict[str, str] = {}
        if user_input is not None:
            name = user_input[CONF_NAME].strip()
            if not (error := _name_error(self.hass, name, None)):
                return self.async_create_entry(title=name, data={}, options={})
            errors[CONF_NAME] = error
        return self.async_show_form(
            step_id="user",
            data_schema=self.add_suggested_values_to_schema(NAME_SCHEMA, user_input),
            errors=errors,
        )

    async def async_step_reconfigure(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Rename the hub; the entry reloads so the API carries the new name."""
        entry = self._get_reconfigure_entry()
        errors: dict[str, str] = {}
        if user_input is not None:
            name = user_input[CONF_NAME].strip()
            if not (error := _name_error(self.hass, name, entry.entry_id)):
                # Our own reason: the user sees our text, not Home Assistant's generic one.
                return self.async_update_reload_and_abort(
                    entry, title=name, reason="reconfigure_successful"
                )
            errors[CONF_NAME] = error
        return self.async_show_form(
            step_id="reconfigure",
            data_schema=self.add_suggested_values_to_schema(
                NAME_SCHEMA, user_input or {CONF_NAME: entry.title}
            ),
            errors=errors,
        )

    @staticmethod
    @callback
    @override
    def async_get_options_flow(config_entry: LlmHubConfigEntry) -> LlmHubOptionsFlow:
        """Return the options flow."""
        return LlmHubOptionsFlow()


class LlmHubOptionsFlow(OptionsFlowWithReload):
    """Pick the LLM APIs the hub builds on and write its instructions; saving reloads."""

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Show and store the options.

        ``CONF_LLM_HASS_API`` is stored as a list of API ids and left out when none is
        picked (as the spec asks of agents); an empty prompt is left out too.
        """
        if user_input is not None:
            options: dict[str, Any] = {}
            if picked := user_input.get(CONF_LLM_HASS_API):
                options[CONF_LLM_HASS_API] = list(picked)
            if prompt := user_input.get(CONF_PROMPT, "").strip():
                options[CONF_PROMPT] = prompt
            return self.async_create_entry(data=options)

        return self.async_show_form(
            step_id="init",
            data_schema=self.add_suggested_values_to_schema(
                self._schema(), dict(self.config_entry.options)
            ),
        )

    def _schema(self) -> probatio.Schema:
        """Return the form: every registered API but this hub's own, and the prompt."""
        own_api_id = api_id_for_entry(self.config_entry.entry_id)
        apis = [
            SelectOptionDict(label=api.name, value=api.id)
            for api in llm_helper.async_get_apis(self.hass)
            if api.id != own_api_id
        ]
        # A stored pick whose API is gone stays selectable, so the form opens and saves.
        known = {option["value"] for option in apis}
        apis.extend(
            SelectOptionDict(label=f"{api_id} (not available)", value=api_id)
            for api_id in cv.ensure_list(self.config_entry.options.get(CONF_LLM_HASS_API))
            if api_id not in known
        )
        return probatio.Schema(
            {
                probatio.Optional(CONF_LLM_HASS_API): SelectSelector(
                    SelectSelectorConfig(options=apis, multiple=True)
                ),
                probatio.Optional(CONF_PROMPT): TextSelector(TextSelectorConfig(multiline=True)),
            }
        )
