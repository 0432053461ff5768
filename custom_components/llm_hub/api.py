"""The LLM API a hub entry registers: registration, the admin check, an instance per request."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
import logging
from typing import Any, override

from homeassistant.auth.models import User
from homeassistant.config_entries import ConfigEntry
from homeassistant.core import CALLBACK_TYPE, Context, HomeAssistant, callback
from homeassistant.exceptions import Unauthorized
from homeassistant.helpers import llm as llm_helper
from homeassistant.util import dt as dt_util

from .calls.audit import Audit
from .calls.deadlines import Deadlines
from .calls.limits import Limits, async_limit_issue
from .calls.tool import HubCallSettings
from .compat import api_requires_admin
from .compose.builder import HubAPIInstance, HubBuilder, WarnOnce
from .compose.narrowing import narrow_to_scope
from .compose.policy import HubPolicy
from .compose.sources import SlowSources, SourcedAPI, async_collect_sources, build_request
from .confirm.approvals import DATA_APPROVALS
from .confirm.gate import Confirmations
from .const import CONTRIBUTED_NAMESPACE, DOMAIN, api_id_for_entry
from .options import HubOptions, selected_api_ids
from .scope.reach import HubScope, entered, scopes_entered
from .search.listing import SearchSettings
from .search.meaning import MeaningSearch, Report
from .targets.intents import trusted_annotations
from .ui_tools.tools import UiTools

__all__ = ["AdminRequiredError", "HubAPI"]


class AdminRequiredError(Unauthorized):
    """A hub that selects an admin-only LLM API refused a user who is not an administrator."""

    def __init__(self, hub: str, context: Context | None) -> None:
        """Refuse the user of ``context`` the hub named ``hub``."""
        super().__init__(context=context)
        self.translation_domain = DOMAIN
        self.translation_key = "admin_required"
        self.translation_placeholders = {"hub": hub}
        self.generate_message = True


class HubAPI(SourcedAPI):
    """The LLM API of one hub config entry: id ``llm_hub-<entry_id>``, named like the entry.

    ``requires_admin`` is true while any selected API requires an admin; the hub checks it on
    every build, also on Home Assistant versions whose ``llm.API`` has no such field.
    """

    requires_admin: bool

    def __init__(
        self,
        hass: HomeAssistant,
        entry: ConfigEntry[Any],
        options: Mapping[str, Any] | None = None,
        name: str | None = None,
        ui_tools: UiTools | None = None,
    ) -> None:
        """Create the API of ``entry``; ``options`` and ``name`` replace its own for a preview."""
        super().__init__(hass=hass, id=api_id_for_entry(entry.entry_id), name=name or entry.title)
        self.title = entry.title
        self.requires_admin = False
        self.entry_id = entry.entry_id
        self.options = HubOptions.from_options(entry.options if options is None else options)
        self.selected_api_ids = list(self.options.selected_api_ids)
        self.instructions = self.options.prompt
        self.policy = HubPolicy(self.options)
        self.search = SearchSettings(self.options.tool_mode, self.options.pinned_tools)
        self.scope = HubScope.from_options(self.options)
        # Since when shadow mode counts (None: off): as stored, else from now (never later).
        self.shadow_since = (
            min(self.options.shadow_since or dt_util.utcnow(), dt_util.utcnow())
            if self.options.shadow_mode
            else None
        )
        self.confirmations = Confirmations(
            hass,
            api_id=self.id,
            hub_name=self.name,
            without_conversation=self.options.confirm_without_conversation,
            approval_timeout=self.options.approval_timeout,
            notify_service=self.options.approval_notify_service,
            remember=self.options.approval_remember,
        )
        self.registered = False
        self.audit = Audit(
            hass, api_id=self.id, api_name=self.name, record_arguments=self.options.record_arguments
        )
        if ui_tools is None and (loaded := getattr(entry, "runtime_data", None)) is not None:
            ui_tools = loaded.api.ui_tools
        self.ui_tools = ui_tools
        self._warn = WarnOnce(logging.WARNING if options is None else logging.DEBUG)
        self.slow_sources = SlowSources(self._warn)
        # How many calls the hub lets run (None: no limit), counted for all its tools.
        self.limits = self._limits()
        # One timer ends the hub's slow sources and calls (``calls.deadlines``).
        self._deadlines = Deadlines(hass)
        self._builder = HubBuilder(
            hub_name=self.name,
            instructions=self.instructions,
            policy=self.policy,
            settings=HubCallSettings(
                hub_name=self.name,
                timeout=self.options.timeout,
                recorder=self.audit,
                is_registered=self._is_registered,
                deadlines=self._deadlines,
                scope=None if self.scope.empty else self.scope,
                limits=self.limits,
            ),
            confirmations=self.confirmations,
            warn=self._warn,
            search=self.search,
        )

    def _limits(self) -> Limits | None:
        """Return the hub's limits (None: it has none); refused often, they raise an issue."""
        options = self.options
        if options.calls_per_minute is None and options.changes_per_hour is None:
            return None
        return Limits(
            options.calls_per_minute,
            options.changes_per_hour,
            partial(async_limit_issue, self.hass, self.entry_id, self.name),
        )

    def _is_registered(self) -> bool:
        """Return whether this API is still registered (tools listed before check it)."""
        return self.registered

    @callback
    def async_update_requires_admin(
        self, registered: Mapping[str, llm_helper.API] | None = None
    ) -> bool:
        """Set ``requires_admin`` from the selected APIs of ``registered`` (by id); return it."""
        if registered is None:
            registered = _registered(self.hass)
        self.requires_admin = self._requires_admin(frozenset(), registered)
        return self.requires_admin

    def _requires_admin(
        self, seen: frozenset[str], registered: Mapping[str, llm_helper.API]
    ) -> bool:
        """Return whether a selected API requires an admin, not following the hubs in ``seen``."""
        seen |= {self.id}
        for api_id in self.selected_api_ids:
            if (api := registered.get(api_id)) is None or api_id in seen:
                continue
            if isinstance(api, HubAPI):
                if api._requires_admin(seen, registered):  # noqa: SLF001  # same class
                    return True
            elif api_requires_admin(api):
                return True
        return False

    @override
    async def async_get_api_instance(
        self, llm_context: llm_helper.LLMContext
    ) -> llm_helper.APIInstance:
        """Return the tools and prompt of this hub for one request.

        Raises ``AdminRequiredError``, or ``HubLoopError`` when reached while it is built.
        """
        # One snapshot of the registered APIs decides the admin check and is built from.
        registered = _registered(self.hass)
        self.async_update_requires_admin(registered)
        # The user is looked up only by a hub that requires an admin.
        is_admin = self.requires_admin and await _async_is_admin(self.hass, llm_context)
        if self.requires_admin and not is_admin:
            raise AdminRequiredError(self.name, llm_context.context)
        if (refused := await self._async_refused(llm_context)) is not None:
            return HubAPIInstance(
                api=self, api_prompt=refused, llm_context=llm_context, tools=[], refused=refused
            )
        # A selected hub is built within the scopes of the hubs that select it.
        scopes = scopes_entered()
        if not self.scope.empty:
            scopes = (*scopes, self.scope.resolve(self.hass))
        with entered(scopes):
            return await self._async_build(llm_context, registered, is_admin=is_admin)

    @property
    def for_some_users(self) -> bool:
        """Return whether the hub serves only some users (its Users or admins-only option)."""
        return bool(self.options.allowed_users or self.options.admins_only)

    def serves(self, user: User | None) -> bool:
        """Return whether the hub serves ``user`` (None: a request without a user)."""
        options = self.options
        if not self.for_some_users:
            return True
        return (
            user is not None
            and user.is_active  # Home Assistant treats a deactivated user as nobody
            and (not options.allowed_users or user.id in options.allowed_users)
            and (user.is_admin or not options.admins_only)
        )

    async def _async_refused(self, llm_context: llm_helper.LLMContext) -> str | None:
        """Return why the request's user may not use this hub (the prompt), or None."""
        if not self.for_some_users:
            return None
        user_id = llm_context.context.user_id if llm_context.context else None
        user = await self.hass.auth.async_get_user(user_id) if user_id else None
        if self.serves(user):
            return None
        return (
            f'The LLM API "{self.name}" is not available to this user, so it has no tools: '
            "its owner lets only some people use it. Tell the user so if they ask you to "
            "act on their home."
        )

    async def _async_build(
        self,
        llm_context: llm_helper.LLMContext,
        registered: Mapping[str, llm_helper.API],
        *,
        is_admin: bool,
    ) -> llm_helper.APIInstance:
        """Collect the hub's sources and build its instance, within the scopes entered."""
        async with build_request(self.hass, self.id):
            sources, left_out = await async_collect_sources(
                self.hass,
                api_id=self.id,
                hub_name=self.name,
                selected={api_id: registered.get(api_id) for api_id in self.selected_api_ids},
                is_admin=is_admin,
                llm_context=llm_context,
                warn=self._warn,
                slow=self.slow_sources,
                deadlines=self._deadlines,
            )
        for source in sources:
            if not source.hub and source.namespace != CONTRIBUTED_NAMESPACE:
                # Assist's read-only hints follow intent names: dropped where another has one.
                source.tools = [trusted_annotations(self.hass, tool) for tool in source.tools]
        if self.ui_tools is not None and (own := self.ui_tools.source(self.hass)) is not None:
            sources.insert(0, own)
        if scopes_entered():
            for source in sources:
                narrow_to_scope(self.hass, source, llm_context)
        return await self._builder.async_build(self.hass, self, llm_context, sources, left_out)

    @property
    def meaning(self) -> MeaningSearch | None:
        """Return the hub's meaning search, None while off."""
        return self._builder.search.meaning

    @callback
    def async_start_meaning(self, entry: ConfigEntry[Any], report: Report) -> CALLBACK_TYPE:
        """Rank by meaning too when the hub searches and turned it on; return the stop."""
        if not (self.options.search_meaning and self._builder.search.may_search):
            report(None, "")
            return lambda: None
        meaning = self._builder.search.meaning = MeaningSearch(self.hass, entry, report)
        return meaning.async_start()

    @callback
    def async_register(self) -> CALLBACK_TYPE:
        """Register this API; return the function that unregisters it and forgets its approvals."""
        self.async_update_requires_admin()
        unregister = llm_helper.async_register_api(self.hass, self)
        self.registered = True

        @callback
        def async_unregister() -> None:
            self.registered = False
            unregister()
            self.hass.data[DATA_APPROVALS].async_forget_hub(self.id, _selecting(self.hass, self.id))

        return async_unregister


def _selecting(hass: HomeAssistant, api_id: str) -> set[str]:
    """Return the API ids of the hubs that select the hub ``api_id``, through hubs too."""
    selections = {
        api_id_for_entry(entry.entry_id): set(selected_api_ids(entry.options))
        for entry in hass.config_entries.async_entries(DOMAIN)
    }
    found = {api_id}
    while more := {hub for hub, selected in selections.items() if selected & found} - found:
        found |= more
    return found - {api_id}


def _registered(hass: HomeAssistant) -> dict[str, llm_helper.API]:
    """Return the LLM APIs registered now, by id (a snapshot)."""
    return {api.id: api for api in llm_helper.async_get_apis(hass)}


async def _async_is_admin(hass: HomeAssistant, llm_context: llm_helper.LLMContext) -> bool:
    """Return whether the request's user is an administrator (no user: not one)."""
    user_id = llm_context.context.user_id if llm_context.context else None
    user = await hass.auth.async_get_user(user_id) if user_id else None
    return user is not None and user.is_admin
