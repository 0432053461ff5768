"""Keeps Assist's tools and prompt within the scopes entered (``reach.entered``).

What a call acts on comes from ``targets``. A handler that Home Assistant lets act on matched
states (``DynamicServiceIntentHandler``) acts on those matched within the scopes, entities
outside as not exposed, as its own ``async_handle`` goes on after that match; any other
intent runs unchanged only when all it acts on is in scope. A matched group, scene or script
acting outside the scope, or a call that cannot be followed, is refused (``OutOfScope``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial
from operator import attrgetter
import re
from typing import Any, Final

from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.components.homeassistant.llm import (
    NO_ENTITIES_PROMPT,
    GetLiveContextTool,
    async_get_exposed_entities,
)
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import entity_registry as er, intent, llm as llm_helper
from homeassistant.helpers.script import Script
from homeassistant.util import yaml as yaml_util
from homeassistant.util.json import JsonObjectType

from ..compat import live_context_match_error
from ..const import DOMAIN, LOGGER
from ..targets.acts import Acts, outside
from ..targets.intents import (
    constraints_of,
    handler_of,
    intent_acts,
    intent_answers,
    intent_unknown,
    plain_handler,
    slots_of,
    states_within,
)
from ..targets.resolve import Within, match, match_targets
from ..targets.walk import actions_acts, entities_acts, tool_script
from .changes import async_home_changes
from .reach import ResolvedScope, entered, reaches, scopes_entered

__all__ = [
    "CONVERSATION",
    "OutOfScope",
    "actions_outside",
    "acts_outside",
    "async_call_in_scope",
    "async_call_matched",
    "entity_refused",
    "in_scope",
    "intent_refusal",
    "prompt_in_scope",
    "scope_note",
    "tool_outside",
    "written_outside",
]

# The assistant whose exposure a scoped hub applies when a request names none.
CONVERSATION = "conversation"
LIVE_CONTEXT_HEADING = "Live Context: An overview of the areas and the devices in this smart home:"
STATIC_CONTEXT_HEADING = (
    "Static Context: An overview of the areas and the devices in this smart home:"
)


class OutOfScope(HomeAssistantError):  # noqa: N818  # the error type the model reads
    """A call would run a script or scene that acts outside the scopes entered."""


def acts_outside(hass: HomeAssistant, acts: Acts, what: str) -> str | None:
    """Return the words refusing ``what`` for acting outside the scopes (None: it does not).

    Why it cannot be followed names no entity outside the scopes or not exposed: the words
    reach the model, which named only ``what``.
    """
    if (why := acts.unknown if acts.unknown is not None else acts.answers) is not None:
        return (
            f"{what} may act on entities outside the scope of this assistant "
            f"({_unnamed(hass, why)}). Tell the user it cannot do that here"
        )
    if outside(acts, reaches):
        return (
            f"{what} acts on entities outside the scope of this assistant. Tell the user it "
            "cannot do that here"
        )
    return None


def entity_refused(hass: HomeAssistant, entity_id: str, scope: ResolvedScope) -> Acts | None:
    """Return what acting on ``entity_id`` acts on when ``scope`` refuses it (None: it does not)."""
    acts = entities_acts(hass, [entity_id])
    with entered((scope,)):
        return acts if acts_outside(hass, acts, entity_id) is not None else None


_ENTITY_ID: Final = re.compile(r"\b[a-z0-9_]+\.[a-z0-9_]+\b")


def _unnamed(hass: HomeAssistant, why: str) -> str:
    """Return ``why`` with each entity outside the scopes entered, or not exposed, unnamed."""
    registry = er.async_get(hass)

    def unnamed(found: re.Match[str]) -> str:
        entity_id = found[0]
        entry = registry.async_get(entity_id)
        if hass.states.get(entity_id) is None and entry is None:
            return entity_id  # no entity: an action's name (``automation.trigger``)
        # Exposure as stored (read, never computed: no default is written for anyone).
        exposure: Mapping[str, Any] = entry.options.get(CONVERSATION, {}) if entry else {}
        if reaches(entity_id) and exposure.get("should_expose") is True:
            return entity_id
        return "an entity outside the scope"

    return _ENTITY_ID.sub(unnamed, why)


def tool_outside(hass: HomeAssistant, tool: llm_helper.Tool) -> str | None:
    """Return what a script's tool may act on outside the scopes entered, in words (None: not)."""
    if (script := tool_script(tool)) is None:
        return None
    return acts_outside(hass, entities_acts(hass, [script]), f"the script {script}")


def in_scope(  # noqa: PLR0911  # one answer per kind of tool
    hass: HomeAssistant, tool: llm_helper.Tool, assistant: str | None
) -> llm_helper.Tool | str:
    """Return ``tool`` as a scoped hub lists it, or why it is left out (words).

    Other integrations' tools may reach any entity: left out.
    """
    if isinstance(tool, llm_helper.IntentTool):
        why = intent_unknown(hass, tool.intent_type) or intent_answers(hass, tool.intent_type)
        if why is not None:
            return f"cannot be kept within the scope: {_unnamed(hass, why)}"
        if tool.intent_type == intent.INTENT_BROADCAST and outside(
            entities_acts(hass, hass.states.async_entity_ids("assist_satellite")), reaches
        ):
            return "announces on satellites outside the scope"
        return tool
    if isinstance(tool, GetLiveContextTool) or tool.integration == "llm":
        return tool
    if (script := tool_script(tool)) is not None:
        if (why := tool_outside(hass, tool)) is not None:
            return "its script is outside the scope" if not reaches(script) else why
        return tool
    if tool.integration == DOMAIN:
        return WRITTEN_OUTSIDE if written_outside(hass, tool) else tool
    if (domain := _reader_domain(tool)) is not None:
        names = _names_in_scope(hass, assistant, domain)
        if not names:
            return "no list within the scope"
        return type(tool)(names)  # type: ignore[call-arg]
    return SCOPE_UNKNOWN


# Why a scoped hub leaves out a tool whose reach it cannot know.
SCOPE_UNKNOWN = "may reach entities outside the hub's scope"
# Why it leaves out an action tool whose written actions act outside the scope.
WRITTEN_OUTSIDE = "its actions act on an entity outside the hub's scope, whatever the arguments"


def written_outside(hass: HomeAssistant, tool: llm_helper.Tool) -> list[str]:
    """Return ``actions_outside`` of an action tool's actions, kept ([] for other tools)."""
    script = getattr(tool, "script", None)
    if not isinstance(script, Script):
        return []
    return async_home_changes(hass).kept(
        ("written_outside", script, scopes_entered()),
        lambda: actions_outside(hass, script.sequence),
    )


def actions_outside(hass: HomeAssistant, sequence: Any) -> list[str]:
    """Return the entity ids validated actions act on as written, outside the scopes entered."""
    return outside(actions_acts(hass, sequence), reaches)


def scope_note(tool: llm_helper.Tool) -> str | None:
    """Return how a scoped hub keeps ``tool`` within its scope, in words (None: it need not)."""
    if isinstance(tool, GetLiveContextTool):
        return "reports only the entities within the scope"
    if isinstance(tool, llm_helper.IntentTool):
        return "acts only on entities within the scope, groups, scenes and scripts followed"
    if tool_script(tool) is not None:
        return "listed while everything its script acts on is within the scope"
    if _reader_domain(tool) is not None:
        return "lists and reads only the lists within the scope"
    if tool.integration == DOMAIN:
        return "its entity parameters, targets and template reads must be within the scope"
    return None


def _reader_domain(tool: llm_helper.Tool) -> str | None:
    """Return the domain of Home Assistant's to-do or calendar reader (None: not one)."""
    from homeassistant.components.calendar.llm import CalendarGetEventsTool  # noqa: PLC0415
    from homeassistant.components.todo.llm import TodoGetItemsTool  # noqa: PLC0415

    if isinstance(tool, TodoGetItemsTool | CalendarGetEventsTool):
        return tool.integration
    return None


def _names_in_scope(hass: HomeAssistant, assistant: str | None, domain: str) -> list[str]:
    """Return the names and aliases of ``domain``'s entities exposed and in scope."""
    entities = er.async_get(hass)
    names: list[str] = []
    assistant = assistant or CONVERSATION
    for state in sorted(hass.states.async_all(domain), key=attrgetter("name")):
        if reaches(state.entity_id) and async_should_expose(hass, assistant, state.entity_id):
            entry = entities.async_get(state.entity_id)
            names.extend(intent.async_get_entity_aliases(hass, entry, state=state))
    return names


def prompt_in_scope(hass: HomeAssistant, assistant: str | None, prompt: str) -> str:
    """Return Assist's ``prompt`` with its overview of the home cut to the scopes entered.

    An overview written before a change, or cut by a selected hub, only loses entries.
    """
    if not assistant or STATIC_CONTEXT_HEADING not in prompt:
        return prompt
    overview = async_home_changes(hass).kept(
        ("overview", assistant, scopes_entered()), partial(_Overview.of, hass, assistant)
    )
    if overview is None:
        return prompt
    if overview.last is None or overview.last[0] != prompt:
        overview.last = (prompt, overview.filter(prompt))
    return overview.last[1]


@dataclass
class _Overview:
    """The entries of Assist's overview of the home within the scopes entered (YAML each)."""

    entries: Counter[str]
    # The last prompt cut, and its cut (the same prompt comes on every request).
    last: tuple[str, str] | None = None

    @classmethod
    def of(cls, hass: HomeAssistant, assistant: str) -> _Overview | None:
        """Return the entries Assist lists now for ``assistant`` (None: it lists none)."""
        async_home_changes(hass).watch_exposure(assistant)
        exposed = async_get_exposed_entities(hass, assistant, include_state=False)
        if not exposed:
            return None
        kept = [info for entity_id, info in exposed.items() if reaches(entity_id)]
        return cls(Counter(_entries(yaml_util.dump(kept).splitlines(keepends=True))))

    def filter(self, prompt: str) -> str:
        """Return ``prompt`` with only the kept entries of the YAML list under Assist's heading.

        The list runs to its last line starting with ``-`` or a space: nothing of it is left uncut.
        """
        head, heading, rest = prompt.partition(f"{STATIC_CONTEXT_HEADING}\n")
        lines = rest.splitlines(keepends=True)
        end = 0
        for index, line in enumerate(lines):
            if line.startswith(("- ", " ")):
                end = index + 1
            elif line.strip():
                break
        entries = _entries(lines[:end])
        if not heading or not entries:
            return prompt
        left = self.entries.copy()
        kept: list[str] = []
        for entry in entries:
            if left[entry] > 0:  # as often as the cut has it
                left[entry] -= 1
                kept.append(entry)
        return f"{head}{heading}{''.join(kept) or NO_ENTITIES_PROMPT}{''.join(lines[end:])}"


def _entries(lines: list[str]) -> list[str]:
    """Return the entries of a YAML list of mappings: a line starting ``- `` and those after."""
    entries: list[str] = []
    for line in lines:
        if line.startswith("- "):
            entries.append(line)
        elif entries:
            entries[-1] += line
    return entries


def intent_refusal(
    hass: HomeAssistant,
    tool: llm_helper.IntentTool,
    arguments: dict[str, Any],
    llm_context: llm_helper.LLMContext,
) -> str | None:
    """Return why the scopes entered refuse the call of ``tool`` whole (None: they do not).

    As ``async_call_in_scope`` decides it (``llm_context`` names an assistant), before anyone is
    asked to confirm the call; a handler gone since is refused (``intent_acts``: unknown).
    """
    if not scopes_entered():
        return None
    handler = handler_of(hass, tool.intent_type)
    if not plain_handler(handler):
        return _own_way_refusal(hass, tool, arguments, llm_context)
    return _scoped_match(hass, tool, handler, arguments, llm_context, reaches).refusal


async def async_call_in_scope(
    hass: HomeAssistant,
    tool: llm_helper.Tool,
    tool_input: llm_helper.ToolInput,
    llm_context: llm_helper.LLMContext,
) -> llm_helper.ToolResult | JsonObjectType:
    """Call ``tool`` so that it reaches only entities within scope (see ``in_scope``).

    Raises ``OutOfScope`` for targets outside the scopes entered or that cannot be followed.
    """
    if not llm_context.assistant:
        llm_context = replace(llm_context, assistant=CONVERSATION)
    if isinstance(tool, GetLiveContextTool):
        return await _async_live_context(hass, tool, tool_input, llm_context)
    if (domain := _reader_domain(tool)) is not None:
        # Made with the names in scope now: another is refused as one not exposed.
        names = _names_in_scope(hass, llm_context.assistant, domain)
        tool = type(tool)(names)  # type: ignore[call-arg]
    if not isinstance(tool, llm_helper.IntentTool):
        return await tool.async_call(hass, tool_input, llm_context)
    handler = handler_of(hass, tool.intent_type)
    if handler is None:
        return await tool.async_call(hass, tool_input, llm_context)  # fails as it would
    if not plain_handler(handler):
        # Its targets as it would find them, all within the scope, or refused.
        if (why := _own_way_refusal(hass, tool, tool_input.tool_args, llm_context)) is not None:
            raise OutOfScope(why)
        return await tool.async_call(hass, tool_input, llm_context)
    return await _async_intent_in_scope(hass, tool, handler, tool_input, llm_context)


def _own_way_refusal(
    hass: HomeAssistant,
    tool: llm_helper.IntentTool,
    arguments: Mapping[str, Any],
    llm_context: llm_helper.LLMContext,
) -> str | None:
    """Return why the scopes refuse an intent whose handler finds its targets its own way."""
    acts = intent_acts(hass, tool, arguments, llm_context, None)
    return acts_outside(hass, acts, f"tool {tool.name} with these arguments")


async def async_call_matched(
    hass: HomeAssistant,
    tool: llm_helper.Tool,
    tool_input: llm_helper.ToolInput,
    llm_context: llm_helper.LLMContext,
) -> llm_helper.ToolResult | JsonObjectType:
    """Call ``tool``; a plainly handled intent runs on what its ask matched (``matched_once``)."""
    if isinstance(tool, llm_helper.IntentTool):
        handler = handler_of(hass, tool.intent_type)
        if plain_handler(handler):
            return await _async_intent_in_scope(hass, tool, handler, tool_input, llm_context, None)
    return await tool.async_call(hass, tool_input, llm_context)


@dataclass(frozen=True, slots=True)
class _ScopedMatch:
    """How a plainly handled intent's call goes within ``within``: one of its fields is set."""

    # Why the scopes refuse it whole.
    refusal: str | None = None
    # It fails as Home Assistant's matcher would, with fewer entities exposed.
    failed: intent.MatchFailedError | None = None
    # What it acts on: the validated slots, the states kept and how they were matched.
    run: (
        tuple[
            dict[str, Any],
            intent.MatchTargetsResult,
            intent.MatchTargetsConstraints,
            intent.MatchTargetsPreferences,
        ]
        | None
    ) = None


# The call goes to the tool as it is: it fails or refuses the way it would.
_AS_IS: Final = _ScopedMatch()


def _scoped_match(  # noqa: PLR0911, PLR0917  # one answer per way the call goes
    hass: HomeAssistant,
    tool: llm_helper.IntentTool,
    handler: intent.DynamicServiceIntentHandler,
    arguments: Mapping[str, Any],
    llm_context: llm_helper.LLMContext,
    within: Within | None,
) -> _ScopedMatch:
    """Return how the call of ``tool`` goes on its targets ``within`` (None: all)."""
    slots = slots_of(hass, tool, arguments, llm_context)
    try:
        valid = handler.async_validate_slots(slots)
        # Slots its schema lets through unchecked (``device_class``: 5) fail its handling too.
        constraints = constraints_of(handler, valid, llm_context.assistant)
    except Exception:  # noqa: BLE001  # the intent refuses them the same way
        return _AS_IS
    if not constraints.has_constraints:
        # Its async_handle refuses to act on everything ("cannot target all devices").
        return _AS_IS
    preferences = intent.MatchTargetsPreferences(
        area_id=valid.get("preferred_area_id", {}).get("value"),
        floor_id=valid.get("preferred_floor_id", {}).get("value"),
    )
    found = match_targets(hass, constraints, preferences)
    scoped = match(hass, constraints, preferences, within, found)
    if not scoped.is_match:
        if scoped is found:
            return _AS_IS  # fails as it would
        if found.is_match and scoped.no_match_reason is intent.MatchFailedReason.ASSISTANT:
            # Exposed, but nothing named lies in this assistant's scope: said so.
            named = ", ".join(
                f"{slot} {valid[slot]['value']!r}"
                for slot in ("name", "area", "floor")
                if slot in valid
            )
            return _ScopedMatch(
                refusal=f"what the call names ({named}) is outside the scope of this "
                "assistant. Tell the user it cannot do that here"
            )
        return _ScopedMatch(failed=intent.MatchFailedError(scoped, constraints, preferences))
    # A group, scene or script acting outside the scope is left out, as its own tool is
    # (and as its ask decision counts it, ``intent_acts``).
    kept = scoped.states if within is None else states_within(hass, scoped.states, within)
    if scoped.states and not kept:
        state = scoped.states[0]
        why = acts_outside(
            hass, entities_acts(hass, [state.entity_id]), f"the {state.domain} {state.name}"
        )
        assert why is not None  # noqa: S101  # states_within left it out
        return _ScopedMatch(refusal=why)
    if len(kept) < len(scoped.states):
        scoped = replace(scoped, states=kept)
    return _ScopedMatch(run=(valid, scoped, constraints, preferences))


async def _async_intent_in_scope(  # noqa: PLR0917
    hass: HomeAssistant,
    tool: llm_helper.IntentTool,
    handler: intent.DynamicServiceIntentHandler,
    tool_input: llm_helper.ToolInput,
    llm_context: llm_helper.LLMContext,
    within: Within | None = reaches,
) -> llm_helper.ToolResult | JsonObjectType:
    """Call the intent of ``tool`` on its targets ``within`` (None: all; the module's text)."""
    decided = _scoped_match(hass, tool, handler, tool_input.tool_args, llm_context, within)
    if decided.refusal is not None:
        raise OutOfScope(decided.refusal)
    if decided.failed is not None:
        raise decided.failed
    if decided.run is None:
        return await tool.async_call(hass, tool_input, llm_context)
    # What its own async_handle does after the same match: matched once, not twice.
    return await _async_handle_states(hass, handler, *decided.run, llm_context)


async def _async_handle_states(  # noqa: PLR0917
    hass: HomeAssistant,
    handler: intent.DynamicServiceIntentHandler,
    slots: dict[str, Any],
    scoped: intent.MatchTargetsResult,
    constraints: intent.MatchTargetsConstraints,
    preferences: intent.MatchTargetsPreferences,
    llm_context: llm_helper.LLMContext,
) -> llm_helper.ToolResult:
    """Let ``handler`` act on the in-scope states only, as its own ``async_handle`` would."""
    if "area" in slots and scoped.areas:
        slots["area"]["value"] = scoped.areas[0].id
    if "floor" in slots and scoped.floors:
        slots["floor"]["value"] = scoped.floors[0].floor_id
    intent_obj = intent.Intent(
        hass,
        platform=llm_context.platform,
        intent_type=handler.intent_type or "",
        slots=slots,
        text_input=None,
        context=llm_context.context or Context(),
        language=llm_context.language or hass.config.language,
        assistant=llm_context.assistant,
        device_id=llm_context.device_id,
    )
    try:
        response = await handler.async_handle_states(intent_obj, scoped, constraints, preferences)
    except intent.IntentError:
        raise
    except Exception as err:
        # As ``intent.async_handle`` answers an error of a handler.
        LOGGER.exception("Error handling %s", intent_obj.intent_type)
        raise intent.IntentUnexpectedError(f"Error handling {intent_obj.intent_type}") from err
    return llm_helper.ToolResult(data=llm_helper.IntentResponseDict(response))


async def _async_live_context(
    hass: HomeAssistant,
    tool: GetLiveContextTool,
    tool_input: llm_helper.ToolInput,
    llm_context: llm_helper.LLMContext,
) -> llm_helper.ToolResult:
    """Return the live context of the entities within scope, as the tool words it."""
    exposed = async_get_exposed_entities(hass, llm_context.assistant or "")
    kept = {entity_id: info for entity_id, info in exposed.items() if reaches(entity_id)}
    if not kept:
        return llm_helper.ToolResult(data={"error": NO_ENTITIES_PROMPT}, error=True)
    args = tool.parameters(tool_input.tool_args)
    name, area, domains = args.get("name"), args.get("area"), args.get("domain")
    if isinstance(domains, str):
        domains = [domains]
    if domains is not None:
        domains = [domain for item in domains if (domain := item.strip().lower())]
    entities = list(kept.values())
    if name or area or domains:
        result = intent.async_match_targets(
            hass,
            intent.MatchTargetsConstraints(
                name=name, area_name=area, domains=domains, allow_duplicate_names=True
            ),
            states=[state for entity_id in kept if (state := hass.states.get(entity_id))],
        )
        if not result.is_match:
            return llm_helper.ToolResult(
                data={"error": live_context_match_error(result, name, area, domains)}, error=True
            )
        matched = {state.entity_id for state in result.states}
        entities = [info for entity_id, info in kept.items() if entity_id in matched]
    overview = yaml_util.dump(entities)
    return llm_helper.ToolResult(data={"result": f"{LIVE_CONTEXT_HEADING}\n{overview}"})
