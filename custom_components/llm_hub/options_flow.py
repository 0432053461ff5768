"""Options flow of LLM Hub: a menu of steps, one per part of a hub's options, and Save.

Each step changes its part of the options and returns to the menu, which shows how many tools
the hub would list with the changes and how big they are for a model, as an administrator
(or a user it serves) gets the hub (``async_preview``). "Save" stores the options and the
entry reloads once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
import json
import math
from typing import Any, Final

import probatio

from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.config_entries import ConfigEntryState, ConfigFlowResult, OptionsFlowWithReload
from homeassistant.const import CONF_LLM_HASS_API, UnitOfTime
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    config_validation as cv,
    llm as llm_helper,
    translation,
)
from homeassistant.helpers.selector import (
    AreaSelector,
    AreaSelectorConfig,
    BooleanSelector,
    EntitySelector,
    EntitySelectorConfig,
    FloorSelector,
    FloorSelectorConfig,
    LabelSelector,
    LabelSelectorConfig,
    NumberSelector,
    NumberSelectorConfig,
    NumberSelectorMode,
    SelectOptionDict,
    SelectSelector,
    SelectSelectorConfig,
    SelectSelectorMode,
    TextSelector,
    TextSelectorConfig,
)
from homeassistant.util import dt as dt_util

from .api import HubAPI
from .compose.builder import HubAPIInstance, prompt_text
from .compose.candidate import CandidateTool
from .compose.policy import HubPolicy, alias_error, annotations_of, is_destructive
from .confirm.approvals import MOBILE_APP_PREFIX
from .confirm.conditions import argument_names, condition_symbols
from .const import (
    CLIENT_TOOL_LIMIT,
    CONF_ADMINS_ONLY,
    CONF_ALIAS,
    CONF_ALLOWED_USERS,
    CONF_API_PROMPTS,
    CONF_APPROVAL_NOTIFY_SERVICE,
    CONF_APPROVAL_REMEMBER,
    CONF_APPROVAL_TIMEOUT,
    CONF_ARGUMENT,
    CONF_ASK_AREAS,
    CONF_ASK_DEVICE_CLASSES,
    CONF_ASK_DOMAINS,
    CONF_ASK_ENTITIES,
    CONF_CALLS_PER_MINUTE,
    CONF_CHANGES_PER_HOUR,
    CONF_CONFIRM_CONDITIONS,
    CONF_CONFIRM_DESTRUCTIVE,
    CONF_CONFIRM_TOOLS,
    CONF_CONFIRM_WITHOUT_CONVERSATION,
    CONF_DESCRIPTION,
    CONF_EXCLUDED_TOOLS,
    CONF_INCLUDE_NEW_TOOLS,
    CONF_INCLUDED_TOOLS,
    CONF_MAX_TOOLS,
    CONF_NO_DESTRUCTIVE,
    CONF_NO_OPEN_WORLD,
    CONF_OPERATOR,
    CONF_OVERRIDES,
    CONF_PINNED_TOOLS,
    CONF_PROMPT,
    CONF_PROMPT_CHOICE,
    CONF_PROMPT_TEXT,
    CONF_READ_ONLY,
    CONF_RECORD_ARGUMENTS,
    CONF_SCOPE_AREAS,
    CONF_SCOPE_DOMAINS,
    CONF_SCOPE_ENTITIES,
    CONF_SCOPE_EXCLUDED,
    CONF_SCOPE_FLOORS,
    CONF_SCOPE_LABELS,
    CONF_SEARCH_MEANING,
    CONF_SHADOW_MODE,
    CONF_SHADOW_SINCE,
    CONF_TIMEOUT,
    CONF_TOOL_MODE,
    CONF_VALUE,
    CONFIRM_APPROVE,
    CONFIRM_REFUSE,
    DOMAIN,
    LOGGER,
    MAX_APPROVAL_REMEMBER,
    MAX_APPROVAL_TIMEOUT,
    MAX_CALL_LIMIT,
    ConditionOperator,
    PromptChoice,
    ToolMode,
    api_id_for_entry,
)
from .hub_name import served_name
from .issues import api_name
from .options import (
    COMPARISONS,
    ApiPrompt,
    Condition,
    EveryTool,
    HubOptions,
    condition_problem,
    invalid_options,
    selected_api_ids,
    without_empty,
)
from .panel.inspector import estimate_tokens, measure
from .scope.assist import entity_refused
from .scope.reach import HubScope
from .types import LlmHubConfigEntry

__all__ = ["LlmHubOptionsFlow", "async_preview"]

# Options form field: the tools checked to list (stored as included/excluded keys).
CONF_TOOLS = "tools"
# Options form field: the tool whose alias and description to change.
CONF_TOOL = "tool"
# Options form field: the selected API whose prompt to keep, replace or drop.
CONF_API = "api"
# Most characters of a selected API's prompt its step shows (the inspector shows all of it).
MAX_SHOWN_PROMPT = 2000
# Conditions form fields: the conditions to remove (``_condition_id``); the values of ``IN``.
CONF_REMOVE = "remove"
CONF_VALUES = "values"
# Options form field: the source whose tools the tools step shows (``ALL_SOURCES``: all).
CONF_SOURCE = "source"
# The ``CONF_SOURCE`` value that shows every tool.
ALL_SOURCES = "all"
# The menu entry that stores the options.
SAVE = "save"
# Shortest call timeout the options form takes, and its step, in seconds.
MIN_TIMEOUT = 0.1
# Longest call timeout the options form takes, in seconds.
MAX_TIMEOUT = 3600
# Shortest time an approval waits, in seconds (the options form).
MIN_APPROVAL_TIMEOUT = 10
# Highest tool limit the options form takes.
MAX_TOOLS_LIMIT = 1000
# The assistant whose exposed entities the options flow lists tools for (as MCP Server).
CONVERSATION_DOMAIN = "conversation"
# The list fields of the scope step, in the order the form shows them.
SCOPE_FIELDS = (
    CONF_SCOPE_AREAS,
    CONF_SCOPE_FLOORS,
    CONF_SCOPE_LABELS,
    CONF_SCOPE_DOMAINS,
    CONF_SCOPE_ENTITIES,
    CONF_SCOPE_EXCLUDED,
    CONF_ALLOWED_USERS,
)


def _loop_through(hass: HomeAssistant, own_entry_id: str, selected: list[str]) -> bool:
    """Return whether ``selected`` API ids lead back to the hub of ``own_entry_id`` via hubs."""
    own_api_id = api_id_for_entry(own_entry_id)
    hub_selections = {
        api_id_for_entry(entry.entry_id): selected_api_ids(entry.options)
        for entry in hass.config_entries.async_entries(DOMAIN)
        if entry.entry_id != own_entry_id
    }
    todo, seen = list(selected), set()
    while todo:
        api_id = todo.pop()
        if api_id == own_api_id:
            return True
        if api_id not in seen:
            seen.add(api_id)
            todo.extend(hub_selections.get(api_id, []))
    return False


async def _async_admin_user_id(hass: HomeAssistant) -> str | None:
    """Return the owner's id, or another active administrator's; None when there is none."""
    if (owner := await hass.auth.async_get_owner()) is not None:
        return owner.id
    return next(
        (
            user.id
            for user in await hass.auth.async_get_users()
            if user.is_admin and user.is_active and not user.system_generated
        ),
        None,
    )


async def _async_preview_user_id(hass: HomeAssistant, options: HubOptions) -> str | None:
    """Return whom the options flow builds the hub as: an administrator, or a user it serves."""
    if not options.allowed_users:
        return await _async_admin_user_id(hass)
    served = sorted(
        (
            user
            for user in await hass.auth.async_get_users()
            if user.id in options.allowed_users
            and user.is_active
            and (user.is_admin or not options.admins_only)
        ),
        key=lambda user: (not user.is_owner, not user.is_admin),
    )
    return served[0].id if served else None


async def async_preview(
    hass: HomeAssistant, entry: LlmHubConfigEntry, options: Mapping[str, Any] | None = None
) -> HubAPIInstance:
    """Return the hub's API instance (with ``options``, a preview's) as an administrator gets it."""
    if options is None and entry.state is ConfigEntryState.LOADED:
        api = entry.runtime_data.api
    else:
        # Under the name the hub is served under (a title that breaks the rules is not it).
        api = HubAPI(hass, entry, options, name=served_name(hass, entry)[0])
    llm_context = llm_helper.LLMContext(
        platform=DOMAIN,
        context=Context(user_id=await _async_preview_user_id(hass, api.options)),
        language=hass.config.language,
        assistant=CONVERSATION_DOMAIN,
        device_id=None,
    )
    instance = await api.async_get_api_instance(llm_context)
    assert isinstance(instance, HubAPIInstance)  # noqa: S101  # the hub's own type
    return instance


# A limit of calls: a whole number, left empty for none.
_LIMIT_SELECTOR: Final = NumberSelector(
    NumberSelectorConfig(min=1, max=MAX_CALL_LIMIT, step=1, mode=NumberSelectorMode.BOX)
)


class LlmHubOptionsFlow(OptionsFlowWithReload):
    """The options of a hub, in a menu of steps; each step returns to the menu; Save stores.

    Steps: selected LLM APIs and instructions (``apis``), what the hub does with each selected
    API's prompt (``api_prompts`` then ``api_prompt``), which tools (``tools``), the
    entities and users it serves (``scope``), safety
    (annotation policy, confirmation, timeout: ``safety``), conditions on a tool's arguments
    (``conditions`` then ``condition``), a tool's alias and description (``overrides`` then
    ``override``), limits and logging (``limits``), and tool search
    (``search``: the tool mode and the tools always listed). The menu shows how many tools
    the hub would list with the changes made so far and how big they are for a model;
    ``save`` stores the options (the entry reloads once, when they changed).
    """

    def __init__(self) -> None:
        """Start without a build of the hub (made when first needed) and without changes."""
        self._instance: HubAPIInstance | None = None
        self._build_error: str | None = None
        self._override_key: str | None = None
        self._prompt_api: str | None = None
        self._condition_key: str | None = None
        self._warned: dict[str, Any] | None = None
        self._changed: dict[str, Any] | None = None
        self._source = ALL_SOURCES

    @property
    def _options(self) -> Mapping[str, Any]:
        """Return the options as changed in this flow so far (the stored ones at first)."""
        return self.config_entry.options if self._changed is None else self._changed

    def _current(self) -> HubOptions:
        """Return ``_options`` read as the forms show them: every value as well as it can be."""
        return HubOptions.from_options(self._options, checked=False)

    # --- Menu ---------------------------------------------------------------------------

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Show the menu, with the hub's size as the options changed so far give it."""
        return self.async_show_menu(
            step_id="init",
            menu_options=[
                "apis",
                "api_prompts",
                "tools",
                "scope",
                "safety",
                "conditions",
                "overrides",
                "limits",
                "search",
                SAVE,
            ],
            description_placeholders=await self._async_figures(),
        )

    async def async_step_save(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Store the options changed in this flow; the entry reloads when they differ."""
        return self.async_create_entry(data=dict(self._options))

    # --- APIs and instructions ----------------------------------------------------------

    async def async_step_apis(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Select the LLM APIs the hub builds on and write its instructions.

        ``CONF_LLM_HASS_API``: API ids, absent when none (as the spec asks); a loop back is refused.
        """
        errors: dict[str, str] = {}
        if user_input is not None:
            selected = selected_api_ids(user_input)
            if not _loop_through(self.hass, self.config_entry.entry_id, selected):
                return await self._async_apply(
                    {
                        CONF_LLM_HASS_API: selected,
                        CONF_PROMPT: user_input.get(CONF_PROMPT, "").strip(),
                    }
                )
            errors[CONF_LLM_HASS_API] = "loop"
        return self.async_show_form(
            step_id="apis",
            data_schema=self.add_suggested_values_to_schema(
                await self._async_apis_schema(), user_input or dict(self._options)
            ),
            errors=errors,
        )

    async def _async_apis_schema(self) -> probatio.Schema:
        """Return the form: every registered API but this hub's own, and the prompt."""
        own_api_id = api_id_for_entry(self.config_entry.entry_id)
        apis = [
            SelectOptionDict(label=api.name, value=api.id)
            for api in llm_helper.async_get_apis(self.hass)
            if api.id != own_api_id
        ]
        # A stored selected API that is gone stays selectable, so the form opens and saves; it
        # shows the API's last known name.
        known = {option["value"] for option in apis}
        texts = await self._async_texts("selector")
        apis.extend(
            SelectOptionDict(
                label=_text(
                    texts,
                    "selector.api_label.options.unavailable",
                    {"name": api_name(self.hass, api_id)},
                ),
                value=api_id,
            )
            for api_id in selected_api_ids(self._options)
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

    # --- Prompts of selected APIs ----------------------------------------------------------

    async def async_step_api_prompts(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Choose the selected API whose prompt to keep, replace or drop (none: the menu)."""
        if user_input is not None:
            if not (api_id := user_input.get(CONF_API)):
                return await self.async_step_init()
            self._prompt_api = api_id
            return await self.async_step_api_prompt()
        selected = selected_api_ids(self._options)
        chosen = self._current().api_prompts
        instance = await self._async_instance()
        texts = await self._async_texts("selector")
        registered = {api.id for api in llm_helper.async_get_apis(self.hass)}
        apis = []
        for api_id in selected:
            name = api_name(self.hass, api_id)
            choice = chosen.get(api_id) or ApiPrompt()
            costs = _prompt_costs(instance, api_id, name, choice.text)
            if api_id not in registered:
                name = _text(texts, "selector.api_label.options.unavailable", {"name": name})
            apis.append(
                SelectOptionDict(
                    value=api_id,
                    label=_text(
                        texts,
                        f"selector.api_prompt_label.options.{choice.choice.value}",
                        {"name": name, "tokens": costs[choice.choice]},
                    ),
                )
            )
        return self.async_show_form(
            step_id="api_prompts",
            data_schema=probatio.Schema(
                {
                    probatio.Optional(CONF_API): SelectSelector(
                        SelectSelectorConfig(options=apis, mode=SelectSelectorMode.LIST)
                    )
                }
            ),
            errors={} if selected else {"base": "no_api_selected"},
        )

    async def async_step_api_prompt(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Keep the chosen API's prompt, replace it with a text, or drop it; its tools stay."""
        api_id = self._prompt_api
        assert api_id is not None  # noqa: S101  # set by the api_prompts step
        errors: dict[str, str] = {}
        if user_input is not None:
            choice = PromptChoice(user_input[CONF_PROMPT_CHOICE])
            text = user_input.get(CONF_PROMPT_TEXT, "").strip()
            if choice is PromptChoice.REPLACE and not text:
                errors[CONF_PROMPT_TEXT] = "prompt_text_required"
            else:
                stored = self._options.get(CONF_API_PROMPTS)
                prompts = {
                    other: value
                    for other, value in (stored if isinstance(stored, Mapping) else {}).items()
                    if other != api_id
                }
                # Keep without a text is no entry; a text is kept with any choice, for later.
                if choice is not PromptChoice.KEEP or text:
                    prompts[api_id] = without_empty(
                        {CONF_PROMPT_CHOICE: choice.value, CONF_PROMPT_TEXT: text}
                    )
                return await self._async_apply({CONF_API_PROMPTS: prompts})
        current = self._current().api_prompts.get(api_id) or ApiPrompt()
        name = api_name(self.hass, api_id)
        instance = await self._async_instance()
        written = user_input.get(CONF_PROMPT_TEXT, "") if user_input else current.text
        costs = _prompt_costs(instance, api_id, name, written)
        texts = await self._async_texts("selector")
        given = instance.given_prompt(api_id) if instance else None
        return self.async_show_form(
            step_id="api_prompt",
            data_schema=self.add_suggested_values_to_schema(
                probatio.Schema(
                    {
                        probatio.Required(CONF_PROMPT_CHOICE): SelectSelector(
                            SelectSelectorConfig(
                                options=_prompt_choices(
                                    texts, costs, written=bool(written.strip())
                                ),
                                mode=SelectSelectorMode.LIST,
                            )
                        ),
                        probatio.Optional(CONF_PROMPT_TEXT): TextSelector(
                            TextSelectorConfig(multiline=True)
                        ),
                    }
                ),
                user_input
                or {
                    CONF_PROMPT_CHOICE: current.choice.value,
                    CONF_PROMPT_TEXT: current.text or None,
                },
            ),
            errors=errors,
            description_placeholders={
                "api": name,
                "tokens": costs[PromptChoice.KEEP],
                "prompt": _quoted(given or ""),
            },
        )

    # --- Tools ----------------------------------------------------------------------------

    async def async_step_tools(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Choose the tools the hub lists, and whether new tools are listed."""
        errors: dict[str, str] = {}
        chosen: dict[str, str] = {}
        if user_input is not None:
            current = self._current()
            shown = {option["value"] for option in await self._async_tool_options(self._source)}
            checked = [key for key in user_input.get(CONF_TOOLS, []) if key in shown]
            excluded = await self._async_keys(current.excluded_tools)
            changes = {
                CONF_INCLUDE_NEW_TOOLS: user_input[CONF_INCLUDE_NEW_TOOLS],
                CONF_INCLUDED_TOOLS: [
                    *(key for key in current.included_tools if key not in shown),
                    *checked,
                ],
                CONF_EXCLUDED_TOOLS: sorted((excluded - shown) | (shown - set(checked))),
            }
            if (source := user_input.get(CONF_SOURCE, ALL_SOURCES)) != self._source:
                self._source = source
                self._stage(changes)
                user_input = None
            else:
                listed = await self._async_count({**self._options, **changes})
                if listed is None or listed <= current.max_tools or self._warned == user_input:
                    return await self._async_apply(changes)
                self._warned = user_input
                errors["base"] = "too_many_tools"
                chosen = {"chosen": str(listed)}
        current = self._current()
        policy = HubPolicy(current)
        tools = await self._async_tool_options(self._source)
        suggested = {
            CONF_SOURCE: self._source,
            CONF_INCLUDE_NEW_TOOLS: current.include_new_tools,
            CONF_TOOLS: [
                option["value"]
                for option in tools
                if policy.left_out_reason(option["value"], _SAFE) is None
            ],
        }
        return self.async_show_form(
            step_id="tools",
            data_schema=self.add_suggested_values_to_schema(
                probatio.Schema(
                    {
                        probatio.Optional(CONF_SOURCE): await self._async_source_selector(),
                        probatio.Required(CONF_INCLUDE_NEW_TOOLS): BooleanSelector(),
                        probatio.Optional(CONF_TOOLS): _tools_selector(tools),
                    }
                ),
                user_input or suggested,
            ),
            errors=errors,
            description_placeholders=await self._async_figures() | chosen,
        )

    # --- Scope ----------------------------------------------------------------------------

    async def async_step_scope(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Choose the areas, floors, labels, domains and entities the hub reaches, and its users."""
        # A field stored with the wrong type narrows as strictly as it can; left empty here,
        # it stays as stored (its repair issue resets it), so saving never widens the hub.
        unreadable = set(SCOPE_FIELDS).intersection(invalid_options(self._options))
        if user_input is not None:
            return await self._async_apply(
                {
                    key: sorted(chosen or [])
                    if (chosen := user_input.get(key)) or key not in unreadable
                    else self._options[key]
                    for key in SCOPE_FIELDS
                }
                # Off is stored as no option, as before the option existed.
                | {CONF_ADMINS_ONLY: user_input.get(CONF_ADMINS_ONLY) or None}
            )
        current = self._current()
        users = [
            SelectOptionDict(value=user.id, label=user.name or user.id)
            for user in await self.hass.auth.async_get_users()
            if not user.system_generated
        ]
        known = {option["value"] for option in users}
        # A stored user that was removed stays selectable (by id), so the form keeps it.
        users.extend(
            SelectOptionDict(value=user_id, label=user_id)
            for user_id in sorted(current.allowed_users - known)
        )
        domains = {entity_id.split(".", 1)[0] for entity_id in self._exposed()}
        return self.async_show_form(
            step_id="scope",
            data_schema=self.add_suggested_values_to_schema(
                probatio.Schema(
                    {
                        probatio.Optional(CONF_SCOPE_AREAS): AreaSelector(
                            AreaSelectorConfig(multiple=True)
                        ),
                        probatio.Optional(CONF_SCOPE_FLOORS): FloorSelector(
                            FloorSelectorConfig(multiple=True)
                        ),
                        probatio.Optional(CONF_SCOPE_LABELS): LabelSelector(
                            LabelSelectorConfig(multiple=True)
                        ),
                        probatio.Optional(CONF_SCOPE_DOMAINS): SelectSelector(
                            SelectSelectorConfig(
                                options=sorted(domains | current.scope_domains),
                                multiple=True,
                                custom_value=True,
                                mode=SelectSelectorMode.DROPDOWN,
                            )
                        ),
                        probatio.Optional(CONF_SCOPE_ENTITIES): EntitySelector(
                            EntitySelectorConfig(multiple=True)
                        ),
                        probatio.Optional(CONF_SCOPE_EXCLUDED): EntitySelector(
                            EntitySelectorConfig(multiple=True)
                        ),
                        probatio.Optional(CONF_ALLOWED_USERS): SelectSelector(
                            SelectSelectorConfig(
                                options=users, multiple=True, mode=SelectSelectorMode.DROPDOWN
                            )
                        ),
                        probatio.Required(CONF_ADMINS_ONLY): BooleanSelector(),
                    }
                ),
                {
                    CONF_SCOPE_AREAS: sorted(current.scope_areas),
                    CONF_SCOPE_FLOORS: sorted(current.scope_floors),
                    CONF_SCOPE_LABELS: sorted(current.scope_labels),
                    CONF_SCOPE_DOMAINS: sorted(current.scope_domains),
                    CONF_SCOPE_ENTITIES: sorted(current.scope_entities),
                    CONF_SCOPE_EXCLUDED: sorted(current.scope_excluded),
                    CONF_ALLOWED_USERS: sorted(current.allowed_users),
                    CONF_ADMINS_ONLY: current.admins_only,
                },
            ),
            errors=dict.fromkeys(sorted(unreadable), "scope_unreadable"),
            description_placeholders=await self._async_figures(),
        )

    def _exposed(self) -> list[str]:
        """Return the ids of the entities exposed to Assist (of the states there are)."""
        return [
            entity_id
            for entity_id in self.hass.states.async_entity_ids()
            if async_should_expose(self.hass, CONVERSATION_DOMAIN, entity_id)
        ]

    # --- Safety ---------------------------------------------------------------------------

    async def async_step_safety(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Leave out tools by their annotations; require confirmation; limit a call's time."""
        if user_input is not None:
            return await self._async_apply(
                {
                    key: user_input.get(key, default)
                    for key, default in (
                        (CONF_READ_ONLY, False),
                        (CONF_NO_DESTRUCTIVE, False),
                        (CONF_NO_OPEN_WORLD, False),
                        (CONF_CONFIRM_DESTRUCTIVE, False),
                        (CONF_CONFIRM_TOOLS, []),
                        (CONF_ASK_DOMAINS, []),
                        (CONF_ASK_DEVICE_CLASSES, []),
                        (CONF_ASK_AREAS, []),
                        (CONF_ASK_ENTITIES, []),
                        (CONF_CONFIRM_WITHOUT_CONVERSATION, None),
                        (CONF_APPROVAL_TIMEOUT, None),
                        (CONF_APPROVAL_NOTIFY_SERVICE, None),
                        (CONF_SHADOW_MODE, False),
                    )
                }
                | {
                    CONF_TIMEOUT: _seconds(user_input[CONF_TIMEOUT]),
                    CONF_SHADOW_SINCE: self._shadow_since(user_input.get(CONF_SHADOW_MODE)),
                    # 0 (off, the default) is not stored.
                    CONF_APPROVAL_REMEMBER: int(user_input.get(CONF_APPROVAL_REMEMBER) or 0)
                    or None,
                }
            )
        current = self._current()
        asked = self._effect_choices(current)
        return self.async_show_form(
            step_id="safety",
            data_schema=self.add_suggested_values_to_schema(
                probatio.Schema(
                    {
                        probatio.Required(CONF_READ_ONLY): BooleanSelector(),
                        probatio.Required(CONF_NO_DESTRUCTIVE): BooleanSelector(),
                        probatio.Required(CONF_NO_OPEN_WORLD): BooleanSelector(),
                        probatio.Required(CONF_CONFIRM_DESTRUCTIVE): BooleanSelector(),
                        probatio.Optional(CONF_CONFIRM_TOOLS): await self._async_tools_selector(
                            current.confirm_tools
                        ),
                        probatio.Optional(CONF_ASK_DOMAINS): _choices(asked[CONF_ASK_DOMAINS]),
                        probatio.Optional(CONF_ASK_DEVICE_CLASSES): _choices(
                            asked[CONF_ASK_DEVICE_CLASSES]
                        ),
                        probatio.Optional(CONF_ASK_AREAS): AreaSelector(
                            AreaSelectorConfig(multiple=True)
                        ),
                        probatio.Optional(CONF_ASK_ENTITIES): EntitySelector(
                            EntitySelectorConfig(multiple=True)
                        ),
                        probatio.Required(CONF_TIMEOUT): NumberSelector(
                            NumberSelectorConfig(
                                min=MIN_TIMEOUT,
                                max=MAX_TIMEOUT,
                                step=MIN_TIMEOUT,
                                unit_of_measurement=UnitOfTime.SECONDS,
                                mode=NumberSelectorMode.BOX,
                            )
                        ),
                        probatio.Optional(CONF_CONFIRM_WITHOUT_CONVERSATION): SelectSelector(
                            SelectSelectorConfig(
                                options=[CONFIRM_APPROVE, CONFIRM_REFUSE],
                                translation_key=CONF_CONFIRM_WITHOUT_CONVERSATION,
                            )
                        ),
                        probatio.Optional(CONF_APPROVAL_TIMEOUT): NumberSelector(
                            NumberSelectorConfig(
                                min=MIN_APPROVAL_TIMEOUT,
                                max=MAX_APPROVAL_TIMEOUT,
                                step=1,
                                unit_of_measurement=UnitOfTime.SECONDS,
                                mode=NumberSelectorMode.BOX,
                            )
                        ),
                        probatio.Optional(CONF_APPROVAL_REMEMBER): NumberSelector(
                            NumberSelectorConfig(
                                min=0,
                                max=MAX_APPROVAL_REMEMBER,
                                step=1,
                                unit_of_measurement=UnitOfTime.MINUTES,
                                mode=NumberSelectorMode.BOX,
                            )
                        ),
                        probatio.Optional(CONF_APPROVAL_NOTIFY_SERVICE): SelectSelector(
                            SelectSelectorConfig(
                                options=sorted(
                                    f"notify.{name}"
                                    for name in self.hass.services.async_services_for_domain(
                                        "notify"
                                    )
                                ),
                                custom_value=True,
                                mode=SelectSelectorMode.DROPDOWN,
                            )
                        ),
                        probatio.Optional(CONF_SHADOW_MODE): BooleanSelector(),
                    }
                ),
                {
                    CONF_READ_ONLY: current.read_only,
                    CONF_NO_DESTRUCTIVE: current.no_destructive,
                    CONF_NO_OPEN_WORLD: current.no_open_world,
                    CONF_CONFIRM_DESTRUCTIVE: current.confirm_destructive,
                    CONF_SHADOW_MODE: current.shadow_mode,
                    CONF_CONFIRM_TOOLS: sorted(await self._async_keys(current.confirm_tools)),
                    **{key: sorted(chosen) for key, (chosen, _) in asked.items()},
                    CONF_TIMEOUT: current.timeout,
                    CONF_CONFIRM_WITHOUT_CONVERSATION: current.confirm_without_conversation,
                    CONF_APPROVAL_TIMEOUT: current.approval_timeout,
                    CONF_APPROVAL_REMEMBER: current.approval_remember,
                    CONF_APPROVAL_NOTIFY_SERVICE: current.approval_notify_service,
                },
            ),
            description_placeholders=await self._async_figures(),
        )

    def _shadow_since(self, shadow_mode: bool | None) -> str | None:
        """Return when shadow mode was turned on: kept while on, now when turned on, else None."""
        if not shadow_mode:
            return None
        current = self._current()
        if current.shadow_mode and current.shadow_since is not None:
            return str(self._options[CONF_SHADOW_SINCE])
        return dt_util.utcnow().isoformat()

    def _effect_choices(self, current: HubOptions) -> dict[str, tuple[set[str], set[str]]]:
        """Return, per "Always ask before acting on" option, what it holds and what exists.

        A list stored with the wrong type (``EveryTool``) holds everything that exists.
        """
        states = self.hass.states.async_all()
        known = {
            CONF_ASK_DOMAINS: {state.domain for state in states},
            CONF_ASK_DEVICE_CLASSES: {
                device_class
                for state in states
                if isinstance(device_class := state.attributes.get("device_class"), str)
            },
            CONF_ASK_AREAS: set(ar.async_get(self.hass).areas),
            CONF_ASK_ENTITIES: {state.entity_id for state in states},
        }
        stored = {
            CONF_ASK_DOMAINS: current.ask_domains,
            CONF_ASK_DEVICE_CLASSES: current.ask_device_classes,
            CONF_ASK_AREAS: current.ask_areas,
            CONF_ASK_ENTITIES: current.ask_entities,
        }
        return {
            key: (set(known[key]) if isinstance(value, EveryTool) else set(value), known[key])
            for key, value in stored.items()
        }

    # --- Conditions on arguments ---------------------------------------------------------

    async def async_step_conditions(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Remove conditions, and choose a tool to add one to (``condition``)."""
        errors: dict[str, str] = {}
        stored = self._conditions()
        if user_input is not None:
            removed = set(user_input.get(CONF_REMOVE, []))
            kept = {
                key: kept
                for key, conditions in stored.items()
                if (
                    kept := [
                        item
                        for index, item in enumerate(conditions)
                        if _condition_id(key, index) not in removed
                    ]
                )
            }
            if not (key := user_input.get(CONF_TOOL)):
                return await self._async_apply({CONF_CONFIRM_CONDITIONS: kept})
            if (item := await self._async_candidate(key)) is None:
                errors[CONF_TOOL] = "condition_tool_unknown"
            elif not argument_names(item.json_schema):
                errors[CONF_TOOL] = "condition_no_arguments"
            else:
                self._stage({CONF_CONFIRM_CONDITIONS: kept})
                self._condition_key = key
                return await self.async_step_condition()
        elif CONF_CONFIRM_CONDITIONS in invalid_options(self._options):
            errors["base"] = "conditions_unreadable"
        texts = await self._async_texts("selector")
        instance = await self._async_instance()
        names = {api.id: api.name for api in llm_helper.async_get_apis(self.hass)}
        return self.async_show_form(
            step_id="conditions",
            data_schema=probatio.Schema(
                {
                    probatio.Optional(CONF_TOOL): _tools_selector(
                        [
                            SelectOptionDict(value=item.key, label=_tool_label(texts, item, names))
                            for item in (instance.candidates if instance else [])
                        ],
                        multiple=False,
                    ),
                    probatio.Optional(CONF_REMOVE): _tools_selector(
                        [
                            SelectOptionDict(
                                value=_condition_id(key, index),
                                label=f"{key}: {condition_symbols(_condition(item))}",
                            )
                            for key, conditions in stored.items()
                            for index, item in enumerate(conditions)
                        ]
                    ),
                }
            ),
            errors=errors,
            description_placeholders=await self._async_figures(),
        )

    async def async_step_condition(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Add a condition on one argument of the chosen tool; its calls ask when one holds."""
        key = self._condition_key
        assert key is not None  # noqa: S101  # set by the conditions step
        errors: dict[str, str] = {}
        if user_input is not None:
            self._instance = None  # the tool as it is now, not as the form showed it
        if (item := await self._async_candidate(key)) is None:
            return await self.async_step_conditions({CONF_TOOL: key})
        schema = item.json_schema or {}
        arguments = sorted(argument_names(schema))
        if user_input is not None:
            argument = user_input[CONF_ARGUMENT]
            if argument not in arguments:
                errors[CONF_ARGUMENT] = "condition_argument_unknown"
            else:
                operator = ConditionOperator(user_input[CONF_OPERATOR])
                kind = _argument_kind(schema["properties"][argument])
                field, value, error = _condition_value(operator, kind, user_input)
                if error is None:
                    stored = self._conditions()
                    added = {CONF_ARGUMENT: argument, CONF_OPERATOR: operator, CONF_VALUE: value}
                    if added not in (existing := stored.get(key, [])):  # twice says no more
                        stored[key] = [*existing, added]
                    return await self._async_apply({CONF_CONFIRM_CONDITIONS: stored})
                errors[field] = error
        enums = {
            str(choice)
            for part in (schema.get("properties") or {}).values()
            if isinstance(part, Mapping)
            for choice in part.get("enum") or ()
        }
        return self.async_show_form(
            step_id="condition",
            data_schema=self.add_suggested_values_to_schema(
                probatio.Schema(
                    {
                        probatio.Required(CONF_ARGUMENT): SelectSelector(
                            SelectSelectorConfig(
                                options=arguments, mode=SelectSelectorMode.DROPDOWN
                            )
                        ),
                        probatio.Required(CONF_OPERATOR): SelectSelector(
                            SelectSelectorConfig(
                                options=[operator.value for operator in ConditionOperator],
                                translation_key="condition_operator",
                                mode=SelectSelectorMode.DROPDOWN,
                            )
                        ),
                        probatio.Optional(CONF_VALUE): TextSelector(),
                        probatio.Optional(CONF_VALUES): SelectSelector(
                            SelectSelectorConfig(
                                options=sorted(enums),
                                multiple=True,
                                custom_value=True,
                                mode=SelectSelectorMode.DROPDOWN,
                            )
                        ),
                    }
                ),
                user_input or {},
            ),
            errors=errors,
            description_placeholders={"tool": key, "arguments": ", ".join(arguments) or "—"},
        )

    def _conditions(self) -> dict[str, list[dict[str, Any]]]:
        """Return the conditions of this flow's options as stored (none, when of the wrong type)."""
        return {
            key: [
                {
                    CONF_ARGUMENT: item.argument,
                    CONF_OPERATOR: str(item.operator),
                    CONF_VALUE: list(item.value) if isinstance(item.value, tuple) else item.value,
                }
                for item in conditions
            ]
            for key, conditions in self._current().confirm_conditions.items()
        }

    async def _async_candidate(self, key: str) -> CandidateTool | None:
        """Return the tool ``key`` of the hub as built with this flow's options, or None."""
        instance = await self._async_instance()
        return next(
            (item for item in (instance.candidates if instance else []) if item.key == key),
            None,
        )

    # --- Overrides ------------------------------------------------------------------------

    async def async_step_overrides(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Choose the tool whose name or description to change."""
        if user_input is not None:
            self._override_key = user_input[CONF_TOOL]
            return await self.async_step_override()
        overrides = self._current().overrides
        return self.async_show_form(
            step_id="overrides",
            data_schema=probatio.Schema(
                {
                    probatio.Required(CONF_TOOL): await self._async_tools_selector(
                        overrides, multiple=False
                    )
                }
            ),
            description_placeholders=await self._async_figures(),
        )

    async def async_step_override(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Give the chosen tool an alias and/or a description; empty fields remove them."""
        key = self._override_key
        assert key is not None  # noqa: S101  # set by the overrides step
        errors: dict[str, str] = {}
        if user_input is not None:
            alias = user_input.get(CONF_ALIAS, "").strip()
            description = user_input.get(CONF_DESCRIPTION, "").strip()
            if (
                alias
                and alias != key
                and (error := alias_error(alias) or await self._async_alias_taken(alias))
            ):
                errors[CONF_ALIAS] = error
            else:
                stored = self._options.get(CONF_OVERRIDES)
                overrides = {
                    other: value
                    for other, value in (stored if isinstance(stored, Mapping) else {}).items()
                    if other != key
                }
                if override := without_empty({CONF_ALIAS: alias, CONF_DESCRIPTION: description}):
                    overrides[key] = override
                return await self._async_apply({CONF_OVERRIDES: overrides})
        current = self._current().overrides.get(key)
        return self.async_show_form(
            step_id="override",
            data_schema=self.add_suggested_values_to_schema(
                probatio.Schema(
                    {
                        probatio.Optional(CONF_ALIAS): TextSelector(),
                        probatio.Optional(CONF_DESCRIPTION): TextSelector(
                            TextSelectorConfig(multiline=True)
                        ),
                    }
                ),
                user_input
                or {
                    CONF_ALIAS: current.alias if current else None,
                    CONF_DESCRIPTION: current.description if current else None,
                },
            ),
            errors=errors,
            description_placeholders={
                "tool": key,
                "description": await self._async_description_of(key),
            },
        )

    async def _async_alias_taken(self, alias: str) -> str | None:
        """Return ``alias_taken`` when another tool of the hub has ``alias`` as key or alias."""
        instance = await self._async_instance()
        names = {item.key for item in instance.candidates} if instance else set()
        names |= {
            override.alias
            for key, override in self._current().overrides.items()
            if key != self._override_key and override.alias
        }
        names.discard(self._override_key)
        return "alias_taken" if alias in names else None

    async def _async_description_of(self, key: str) -> str:
        """Return the tool's own description (what an override replaces), or "" when unknown."""
        instance = await self._async_instance()
        for item in instance.candidates if instance else []:
            if item.key == key:
                return item.tool.description or ""
        return ""

    # --- Limits and logging ---------------------------------------------------------------

    async def async_step_limits(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Set the tool limit (the menu warns above it) and whether calls record arguments."""
        if user_input is not None:
            return await self._async_apply(
                {
                    CONF_MAX_TOOLS: int(user_input[CONF_MAX_TOOLS]),
                    CONF_RECORD_ARGUMENTS: user_input[CONF_RECORD_ARGUMENTS],
                    # Left empty: no limit (not stored).
                    **{
                        key: int(value) if value else None
                        for key in (CONF_CALLS_PER_MINUTE, CONF_CHANGES_PER_HOUR)
                        for value in [user_input.get(key)]
                    },
                }
            )
        current = self._current()
        return self.async_show_form(
            step_id="limits",
            data_schema=self.add_suggested_values_to_schema(
                probatio.Schema(
                    {
                        probatio.Required(CONF_MAX_TOOLS): NumberSelector(
                            NumberSelectorConfig(
                                min=1, max=MAX_TOOLS_LIMIT, step=1, mode=NumberSelectorMode.BOX
                            )
                        ),
                        probatio.Required(CONF_RECORD_ARGUMENTS): BooleanSelector(),
                        probatio.Optional(CONF_CALLS_PER_MINUTE): _LIMIT_SELECTOR,
                        probatio.Optional(CONF_CHANGES_PER_HOUR): _LIMIT_SELECTOR,
                    }
                ),
                {
                    CONF_MAX_TOOLS: current.max_tools,
                    CONF_RECORD_ARGUMENTS: current.record_arguments,
                    # No limit: nothing suggested (the form sends nothing for it).
                    **{
                        key: value
                        for key, value in (
                            (CONF_CALLS_PER_MINUTE, current.calls_per_minute),
                            (CONF_CHANGES_PER_HOUR, current.changes_per_hour),
                        )
                        if value is not None
                    },
                },
            ),
            description_placeholders=await self._async_figures(),
        )

    # --- Tool search ----------------------------------------------------------------------

    async def async_step_search(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Choose how the hub lists its tools (all, or by search) and the tools always listed."""
        if user_input is not None:
            return await self._async_apply(
                {
                    CONF_TOOL_MODE: user_input[CONF_TOOL_MODE],
                    CONF_PINNED_TOOLS: user_input.get(CONF_PINNED_TOOLS, []),
                    CONF_SEARCH_MEANING: user_input.get(
                        CONF_SEARCH_MEANING, self._current().search_meaning
                    ),
                }
            )
        current = self._current()
        # Meaning search is offered where the hub searches (shown again after the mode is saved).
        meaning: dict[Any, Any] = (
            {probatio.Optional(CONF_SEARCH_MEANING): BooleanSelector()}
            if current.tool_mode is not ToolMode.ALL
            else {}
        )
        return self.async_show_form(
            step_id="search",
            data_schema=self.add_suggested_values_to_schema(
                probatio.Schema(
                    {
                        probatio.Required(CONF_TOOL_MODE): SelectSelector(
                            SelectSelectorConfig(
                                options=[mode.value for mode in ToolMode],
                                translation_key=CONF_TOOL_MODE,
                                mode=SelectSelectorMode.LIST,
                            )
                        ),
                        probatio.Optional(CONF_PINNED_TOOLS): await self._async_tools_selector(
                            current.pinned_tools
                        ),
                        **meaning,
                    }
                ),
                {
                    CONF_TOOL_MODE: current.tool_mode.value,
                    CONF_PINNED_TOOLS: sorted(current.pinned_tools),
                    CONF_SEARCH_MEANING: current.search_meaning,
                },
            ),
            description_placeholders=await self._async_figures()
            | await self._async_search_figures(),
        )

    async def _async_search_figures(self) -> dict[str, str]:
        """Return how many tools the hub lists in search mode, and their names, as built."""
        if (instance := await self._async_instance()) is None:
            return {"search_count": "?", "search_listed": "?"}
        if instance.search_index is None:  # not searching now: build it as it would
            instance = await async_preview(
                self.hass, self.config_entry, {**self._options, CONF_TOOL_MODE: ToolMode.SEARCH}
            )
        names = [tool.name for tool in instance.tools]
        return {"search_count": str(len(names)), "search_listed": ", ".join(names)}

    # --- Helpers ----------------------------------------------------------------------------

    async def _async_apply(self, changes: Mapping[str, Any]) -> ConfigFlowResult:
        """Apply ``changes`` to the options of this flow (the others stay); show the menu."""
        self._stage(changes)
        return await self.async_step_init()

    def _stage(self, changes: Mapping[str, Any]) -> None:
        """Apply ``changes`` to the options of this flow; the hub is built anew when needed."""
        self._changed = without_empty({**self._options, **changes})
        self._instance = None
        self._build_error = None

    async def _async_texts(self, category: str) -> dict[str, str]:
        """Return this integration's translations of ``category`` in the configured language."""
        return await translation.async_get_translations(
            self.hass, self.hass.config.language, category, {DOMAIN}
        )

    async def _async_instance(self) -> HubAPIInstance | None:
        """Return the hub's instance with this flow's options (built once per change), or None."""
        if self._instance is None and self._build_error is None:
            try:
                self._instance = await async_preview(self.hass, self.config_entry, self._changed)
            except Exception as err:  # noqa: BLE001  # the form must open all the same
                LOGGER.debug(
                    "Options of %s: no tools to list", self.config_entry.title, exc_info=True
                )
                self._build_error = str(err) or type(err).__name__
        return self._instance

    async def _async_count(self, options: Mapping[str, Any]) -> int | None:
        """Return how many tools the hub would list with ``options``; None when unknown."""
        if await self._async_instance() is None:
            return None
        # The selected APIs are the same, so what built the hub builds this.
        return len((await async_preview(self.hass, self.config_entry, options)).tools)

    async def _async_figures(self) -> dict[str, str]:
        """Return the menu's placeholders: tools listed and considered, size, limit, warning."""
        limit = self._current().max_tools
        figures = {"hub": self.config_entry.title, "max_tools": str(limit)}
        warnings: list[tuple[str, dict[str, str]]] = []
        if (instance := await self._async_instance()) is None:
            figures |= {"tools": "?", "candidates": "?", "tokens": "?", "chars": "?"}
            warnings.append(("tools_not_listed", {"error": str(self._build_error)}))
        else:
            figures |= {
                "tools": str(len(instance.tools)),
                "candidates": str(len(instance.candidates)),
            }
            try:
                sizes = measure(instance)
            except Exception as err:  # noqa: BLE001  # a schema no converter takes; say so
                figures |= {"tokens": "?", "chars": "?"}
                warnings.append(("no_size_estimate", {"error": str(err)}))
            else:
                # Plain digits: "1,589" reads as 1.589 in German; the dialog is in each
                # user's language, which the flow does not know.
                figures |= {
                    "tokens": str(sizes.tokens),
                    "chars": str(sizes.prompt_chars + sizes.tools_chars),
                }
            if len(instance.tools) > limit:
                warnings.append(("over_tool_limit", {"max_tools": str(limit)}))
            if len(instance.tools) > CLIENT_TOOL_LIMIT:
                warnings.append(("over_client_limit", {"tools": str(len(instance.tools))}))
        notify = self._current().approval_notify_service
        if notify and not notify.startswith(MOBILE_APP_PREFIX):
            # Kept as chosen: a chat or e-mail still gets the text and a link.
            warnings.append(("notify_without_buttons", {"action": notify}))
        if self._current().shadow_mode:
            warnings.append(("shadow_mode_on", {}))
        texts = await self._async_texts("options")
        figures["shadow"] = (
            _text(texts, "options.error.shadow_mode_on", {}) if self._current().shadow_mode else ""
        )
        figures["warning"] = " ".join(
            _text(texts, f"options.error.{key}", values) for key, values in warnings
        )
        figures["scope"] = ""
        if not (scope := HubScope.from_options(self._current())).empty:
            exposed = self._exposed()
            reached = scope.resolve(self.hass)
            within = [entity_id for entity_id in exposed if entity_id in reached]
            figures["scope"] = _text(
                texts,
                "options.error.scope_reaches",
                {"reached": str(len(within)), "exposed": str(len(exposed))},
            )
            if refused := sum(
                entity_refused(self.hass, item, reached) is not None for item in within
            ):
                figures["scope"] += " " + _text(
                    texts, "options.error.scope_acts_outside", {"refused": str(refused)}
                )
        return figures

    async def _async_tool_options(
        self, source: str = ALL_SOURCES, also: Iterable[str] = ()
    ) -> list[SelectOptionDict]:
        """Return the tools to choose from: those the hub considers now, then stored keys."""
        instance = await self._async_instance()
        names = {api.id: api.name for api in llm_helper.async_get_apis(self.hass)}
        texts = await self._async_texts("selector")
        options = [
            SelectOptionDict(value=item.key, label=_tool_label(texts, item, names))
            for item in (instance.candidates if instance else [])
            if source in (ALL_SOURCES, item.source)
        ]
        if source != ALL_SOURCES:
            return options
        current = self._current()
        known = {option["value"] for option in options}
        stored = [*current.included_tools, *current.excluded_tools, *also]
        options.extend(
            SelectOptionDict(
                value=key,
                label=_text(texts, "selector.tool_label.options.unavailable", {"key": key}),
            )
            for key in sorted(set(stored) - known)
        )
        return options

    async def _async_keys(self, keys: frozenset[str]) -> set[str]:
        """Return ``keys``; ``EVERY_TOOL`` (a safety list stored as no list) as every key."""
        if isinstance(keys, EveryTool):
            return {option["value"] for option in await self._async_tool_options()}
        return set(keys)

    async def _async_tools_selector(
        self, also: Iterable[str] = (), *, multiple: bool = True
    ) -> SelectSelector:
        """Return a selector of all the hub's tools (see ``_async_tool_options``)."""
        return _tools_selector(await self._async_tool_options(also=also), multiple=multiple)

    async def _async_source_selector(self) -> SelectSelector:
        """Return a selector of the sources of the hub's tools, all sources first."""
        instance = await self._async_instance()
        names = {api.id: api.name for api in llm_helper.async_get_apis(self.hass)}
        sources = dict.fromkeys(item.source for item in (instance.candidates if instance else []))
        texts = await self._async_texts("selector")
        return SelectSelector(
            SelectSelectorConfig(
                options=[
                    SelectOptionDict(
                        value=ALL_SOURCES,
                        label=_text(texts, "selector.source.options.all", {}),
                    ),
                    *(
                        SelectOptionDict(value=source, label=names.get(source, source))
                        for source in sources
                    ),
                ],
                mode=SelectSelectorMode.DROPDOWN,
            )
        )


def _condition_id(key: str, index: int) -> str:
    """Return how the conditions form names condition ``index`` of tool ``key``."""
    return json.dumps([key, index])


def _condition(stored: Mapping[str, Any]) -> Condition:
    """Return a condition of ``HubOptions._conditions``' form."""
    value = stored[CONF_VALUE]
    return Condition(
        stored[CONF_ARGUMENT],
        ConditionOperator(stored[CONF_OPERATOR]),
        tuple(value) if isinstance(value, list) else value,
    )


def _argument_kind(schema: Any) -> str:
    """Return what values an argument's JSON Schema takes: "number", "flag" or "text"."""
    kind = schema.get("type") if isinstance(schema, Mapping) else None
    if kind in ("number", "integer"):
        return "number"
    return "flag" if kind == "boolean" else "text"


def _condition_value(
    operator: ConditionOperator, kind: str, user_input: Mapping[str, Any]
) -> tuple[str, Any, str | None]:
    """Return the form's value for ``operator``: its field, the value, and an error key or None.

    Texts become numbers for comparisons, and for an argument of ``kind`` number (flag: true or
    false); a pattern stays a text.
    """
    typing = "number" if operator in COMPARISONS else "text" if operator is _REGEX else kind
    value: Any
    if operator is ConditionOperator.IN:
        field = CONF_VALUES
        given = [text.strip() for text in user_input.get(CONF_VALUES, [])]
        value = [_typed(text, typing) for text in given if text]
        typed = None not in value
    else:
        field, text = CONF_VALUE, user_input.get(CONF_VALUE, "")
        text = text if operator is _REGEX else text.strip()
        value = _typed(text, typing) if text else None
        typed = value is not None or not text
    if not typed:
        return field, None, "condition_flag" if typing == "flag" else "condition_number"
    return field, value, condition_problem(operator, value)


_REGEX: Final = ConditionOperator.REGEX


def _typed(text: str, kind: str) -> Any:
    """Return a text of the form as an argument of ``kind`` takes it; None if it cannot."""
    if kind == "number":
        return _number(text)
    if kind == "flag":
        try:
            return cv.boolean(text)
        except probatio.Invalid:
            return None
    return text


def _number(text: str) -> int | float | None:
    """Return the number a text writes (a whole one as ``int``; "25,5" too), or None."""
    if text.count(",") == 1 and "." not in text:
        text = text.replace(",", ".")
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _seconds(value: float) -> float:
    """Return seconds from the form (a float): whole seconds as an ``int``, as stored before."""
    return int(value) if value.is_integer() else value


# Annotations no annotation policy leaves out: to ask the policy about the selection only.
_SAFE = llm_helper.ToolAnnotations(read_only=True, destructive=False, open_world=False)


def _choices(chosen_and_known: tuple[set[str], set[str]]) -> SelectSelector:
    """Return a selector of several texts: those that exist and those chosen, or any other."""
    chosen, known = chosen_and_known
    return SelectSelector(
        SelectSelectorConfig(
            options=sorted(chosen | known),
            multiple=True,
            custom_value=True,
            mode=SelectSelectorMode.DROPDOWN,
        )
    )


def _prompt_costs(
    instance: HubAPIInstance | None, api_id: str, name: str, text: str
) -> dict[PromptChoice, str]:
    """Return the tokens each choice for a selected API's prompt adds ("?": unknown)."""
    given = instance.given_prompt(api_id) if instance else None
    return {
        PromptChoice.KEEP: "?" if given is None else str(estimate_tokens(len(given))),
        PromptChoice.REPLACE: str(estimate_tokens(len(prompt_text([(name, text)])))),
        PromptChoice.DROP: "0",
    }


def _prompt_choices(
    texts: Mapping[str, str], costs: Mapping[PromptChoice, str], *, written: bool
) -> list[SelectOptionDict]:
    """Return the choices for a selected API's prompt, each with the tokens it adds.

    Replacing it with a text not written yet shows no count.
    """
    return [
        SelectOptionDict(
            value=choice.value,
            label=_text(
                texts,
                "selector.prompt_choice.options."
                + (
                    "replace_unwritten"
                    if choice is PromptChoice.REPLACE and not written
                    else choice.value
                ),
                {"tokens": costs[choice]},
            ),
        )
        for choice in PromptChoice
    ]


def _quoted(prompt: str) -> str:
    """Return ``prompt`` as a Markdown code block, cut after ``MAX_SHOWN_PROMPT`` characters."""
    if not prompt:
        return ""
    if len(prompt) > MAX_SHOWN_PROMPT:
        prompt = f"{prompt[:MAX_SHOWN_PROMPT]} …"
    fence = "```"
    while fence in prompt:
        fence += "`"
    return f"{fence}\n{prompt}\n{fence}"


def _tools_selector(options: list[SelectOptionDict], *, multiple: bool = True) -> SelectSelector:
    """Return a selector of tools: a list of checkboxes, or a dropdown to pick one."""
    return SelectSelector(
        SelectSelectorConfig(
            options=options,
            multiple=multiple,
            mode=SelectSelectorMode.LIST if multiple else SelectSelectorMode.DROPDOWN,
        )
    )


def _text(texts: Mapping[str, str], key: str, placeholders: Mapping[str, str]) -> str:
    """Return LLM Hub's translation ``key`` filled in; the key itself when missing, as core does."""
    template = texts.get(f"component.{DOMAIN}.{key}", key)
    try:
        return template.format_map(placeholders)
    except KeyError, IndexError, ValueError:
        return template


def _tool_status(item: CandidateTool) -> str:
    """Return the key of a tool's status: read-only, changes, destructive; open world."""
    annotations = annotations_of(item.tool)
    if annotations.read_only:
        status = "read_only"
    elif is_destructive(annotations):
        status = "destructive"
    else:
        status = "changes"
    return f"{status}_open_world" if annotations.open_world else status


def _tool_label(texts: Mapping[str, str], item: CandidateTool, api_names: Mapping[str, str]) -> str:
    """Return how a tool is shown: "Brew (tools__brew, from Tools), called coffee: read-only"."""
    values = {
        "title": item.tool.title or "",
        "key": item.key,
        "source": api_names.get(item.source, item.source),
        "name": item.name,
    }
    label = _text(
        texts, f"selector.tool_label.options.{'titled' if item.tool.title else 'untitled'}", values
    )
    if item.name != item.key:
        label = _text(texts, "selector.tool_label.options.alias", values | {"label": label})
    status = _text(texts, f"selector.tool_status.options.{_tool_status(item)}", {})
    return _text(texts, "selector.tool_label.options.status", {"label": label, "status": status})
