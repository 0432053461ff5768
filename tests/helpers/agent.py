"""A conversation agent that calls a hub's tools as a model would, and its setup."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Literal, override

from pytest_homeassistant_custom_component.common import MockUser

from homeassistant.components import conversation
from homeassistant.config_entries import ConfigEntry, ConfigFlow
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import Context
from homeassistant.helpers import llm

AGENT_DOMAIN = "hub_agent"


AGENT_ENTITY_ID = "conversation.hub_agent"


class HubAgentEntity(conversation.ConversationEntity):
    """A conversation agent that uses the LLM API picked in its options.

    Instead of asking a model, it makes the tool calls the test sets in ``tool_calls``,
    then, like a model that reads the results in the same turn, those ``follow_up`` returns
    for them (if set), then answers "Done.".
    """

    _attr_name = "Hub agent"

    def __init__(self, entry: ConfigEntry) -> None:
        """Serve the agent of ``entry``."""
        self.entry = entry
        self._attr_unique_id = entry.entry_id
        self.tool_calls: list[llm.ToolInput] = []
        self.chat_log: conversation.ChatLog | None = None
        self.tool_results: list[conversation.ToolResultContent] = []
        self.follow_up: (
            Callable[[list[conversation.ToolResultContent]], list[llm.ToolInput]] | None
        ) = None

    @property
    @override
    def supported_languages(self) -> Literal["*"]:
        """Return that any language is fine."""
        return "*"

    @override
    async def _async_handle_message(
        self, user_input: conversation.ConversationInput, chat_log: conversation.ChatLog
    ) -> conversation.ConversationResult:
        """Provide the LLM data, run the tool calls, answer."""
        self.chat_log = chat_log
        try:
            await chat_log.async_provide_llm_data(
                user_input.as_llm_context(AGENT_DOMAIN),
                user_llm_hass_api=self.entry.options.get(CONF_LLM_HASS_API),
                user_llm_prompt=None,
                user_extra_system_prompt=user_input.extra_system_prompt,
            )
        except conversation.ConverseError as err:
            return err.as_conversation_result()
        if self.tool_calls:
            content = conversation.AssistantContent(
                agent_id=user_input.agent_id, content=None, tool_calls=self.tool_calls
            )
            self.tool_results = [
                result async for result in chat_log.async_add_assistant_content(content)
            ]
        if self.follow_up is not None and (calls := self.follow_up(self.tool_results)):
            content = conversation.AssistantContent(
                agent_id=user_input.agent_id, content=None, tool_calls=calls
            )
            self.tool_results += [
                result async for result in chat_log.async_add_assistant_content(content)
            ]
        chat_log.async_add_assistant_content_without_tools(
            conversation.AssistantContent(agent_id=user_input.agent_id, content="Done.")
        )
        return conversation.async_get_result_from_chat_log(user_input, chat_log)


class AgentConfigFlow(ConfigFlow):
    """The config flow of the test agent (entries are made directly in the tests)."""

    VERSION = 1


type AgentSetup = Callable[[str | list[str]], Awaitable[HubAgentEntity]]


async def _async_converse(agent: HubAgentEntity, user: MockUser) -> conversation.ConversationResult:
    """Say something to the agent as ``user``."""
    return await conversation.async_converse(
        agent.hass, "Coffee please", None, Context(user_id=user.id), agent_id=AGENT_ENTITY_ID
    )
