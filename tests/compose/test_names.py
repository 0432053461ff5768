"""Portable tool names: the naming rules (property tests) and a hub serving them over MCP.

The property tests run ``LLM_HUB_HYPOTHESIS_EXAMPLES`` examples each (default 100, so the
suite stays fast); ``LLM_HUB_HYPOTHESIS_EXAMPLES=10000`` is the thorough run. They are
derandomized: the same examples on every run and machine, so a failure reproduces.
"""

from __future__ import annotations

from collections import Counter
from random import Random
import re
from unittest.mock import patch

from hypothesis import assume, given, strategies as st
import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator
import slugify as unicode_slug

from custom_components.llm_hub.compose import names
from custom_components.llm_hub.compose.names import (
    NAME_LIMIT,
    NAME_TARGET,
    api_namespace,
    assign_names,
    is_portable,
    merged_name_room,
    merged_prefix,
    namespaced,
    portable_name,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers.hubs import FixedAPI, RecordingTool, async_add_hub, hub_id, llm_context
from ..helpers.mcp import _async_setup_mcp_server, mcp_session
from ..helpers.values import PROPERTY

# Hypothesis checks its own PRNG's reference count, which Python 3.14 counts differently; the
# warning is about Hypothesis itself, not these tests.
pytestmark = pytest.mark.filterwarnings("ignore:It looks like `register_random`")


PORTABLE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
HASHED = r"_[0-9a-f]{6}"
# A name Home Assistant's MergedAPI can make: python-slugify's output (lower-case letters and
# digits, words joined by single "-", maybe empty), "__", then a tool name.
CORE_NAMESPACED = re.compile(r"[a-z0-9]*(?:-[a-z0-9]+)*__")

# Any Unicode (surrogates too), names built from a few characters so that fixes collide,
# names that are portable already, and overlong ones.
any_text = st.text(st.characters(exclude_categories=()), max_size=120)
clashing_text = st.text(alphabet="aA_-. ü1温", max_size=6)
portable_text = st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,70}", fullmatch=True)
tool_names = st.one_of(any_text, clashing_text, portable_text)


@st.composite
def wanted_names(draw: st.DrawFn) -> list[str]:
    """Return the merged names of a build: any names, often colliding, sometimes repeated."""
    pool = draw(st.lists(tool_names, min_size=1, max_size=12))
    return draw(st.lists(st.sampled_from(pool) | tool_names, max_size=30))


# --- The rules ------------------------------------------------------------------------------


@PROPERTY
@given(tool_names)
def test_portable_name_is_portable_and_stable(name: str) -> None:
    """Any name becomes portable; the same name always the same; a portable one unchanged."""
    fixed = portable_name(name)

    assert PORTABLE.fullmatch(fixed)
    assert len(fixed) <= NAME_TARGET
    assert is_portable(fixed)
    assert portable_name(name) == fixed
    assert portable_name(fixed) == fixed
    assert (fixed == name) is is_portable(name)


@PROPERTY
@given(wanted_names(), st.randoms(use_true_random=False))
def test_assign_names_portable_unique_stable(wanted: list[str], random: Random) -> None:
    """Any merged names get portable names, unique ignoring case, the same in any order."""
    exposed = assign_names(wanted)

    assert len(exposed) == len(wanted)
    assert all(is_portable(name) for name in exposed)
    assert len({name.lower() for name in exposed}) == len(exposed)
    assert assign_names(wanted) == exposed
    shuffled = list(wanted)
    random.shuffle(shuffled)
    assert Counter(zip(shuffled, assign_names(shuffled), strict=True)) == Counter(
        zip(wanted, exposed, strict=True)
    )
    counts = Counter(wanted)
    first_by_case: dict[str, str] = {}
    for name in sorted({name for name in wanted if is_portable(name)}):
        first_by_case.setdefault(name.lower(), name)
    for name, exposed_name in zip(wanted, exposed, strict=True):
        if is_portable(name) and counts[name] == 1 and first_by_case[name.lower()] == name:
            # A portable name is never changed for another's sake, unless one equal but for
            # case comes first.
            assert exposed_name == name
        else:
            assert exposed_name == portable_name(name) or re.fullmatch(rf".+{HASHED}", exposed_name)


@PROPERTY
@given(wanted_names(), tool_names)
def test_assign_names_unrelated_tool_changes_nothing(wanted: list[str], extra: str) -> None:
    """A tool coming (or going) leaves the other names as they are, unless it collides."""
    exposed = assign_names(wanted)
    taken = {name.lower() for name in [*map(portable_name, wanted), *exposed]}
    assume(portable_name(extra).lower() not in taken)

    assert assign_names([*wanted, extra])[:-1] == exposed
    assert assign_names([extra, *wanted])[1:] == exposed


@PROPERTY
@given(any_text, any_text, tool_names)
def test_hub_namespaces_are_never_core_namespaces(api_name: str, api_id: str, tool: str) -> None:
    """The hub's collision names are never of the form Home Assistant's agents make.

    Home Assistant 2026.11 raises "Merged tool names must be unique" when an agent's prefixed
    name meets a name the hub exposes; this rules that out for the hub's own prefixes.
    """
    namespace = api_namespace(api_name, api_id)
    # The pattern does describe what core makes, for the same inputs.
    assert CORE_NAMESPACED.match(f"{unicode_slug.slugify(api_id)}__{tool}")
    assert CORE_NAMESPACED.match(f"{unicode_slug.slugify(api_name)}__{tool}")

    assert re.fullmatch(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*", namespace)
    assert len(namespace) <= names.NAMESPACE_TARGET
    for name in (namespaced(namespace, tool), namespaced("llm_hub", tool)):
        (exposed,) = assign_names([name])
        assert not CORE_NAMESPACED.match(exposed)


@pytest.mark.parametrize(
    ("name", "exposed"),
    [
        ("HassTurnOn", "HassTurnOn"),
        ("intent__HassTurnOn", "intent__HassTurnOn"),
        ("light.turn_on", "light_turn_on"),
        ("turn on the light!", "turn_on_the_light"),
        ("Küche", "Kuche"),
        ("温度", "Wen_Du"),
        ("3d_print", "tool_3d_print"),
        ("_private", "private"),
        ("🔥", "tool"),
        ("", "tool"),
        ("a_.b", "a_b"),  # no "__" made by a fix: that is Home Assistant's namespace mark
        ("\uff46\uff55\uff4c\uff4c", "full"),  # fullwidth letters
    ],
)
def test_portable_name_readable_fixes(name: str, exposed: str) -> None:
    """Unsafe names get a readable fix, portable ones stay."""
    assert portable_name(name) == exposed


def test_long_names_are_cut_with_a_hash() -> None:
    """Names over 48 characters keep their start and end in a hash of the whole name."""
    first, second = (
        "GetTheStateOfEveryEntityInTheHouse_" + "x" * 30,
        "GetTheStateOfEveryEntityInTheHouse_" + "y" * 30,
    )

    cut = [portable_name(first), portable_name(second)]

    assert all(len(name) == NAME_TARGET for name in cut)
    assert all(
        re.fullmatch(rf"GetTheStateOfEveryEntityInTheHouse_[xy]{{6}}{HASHED}", n) for n in cut
    )
    assert cut[0] != cut[1]
    # A name that is portable but long is cut too: 48 leaves room for prefixes.
    assert not is_portable("a" * 49)
    assert portable_name("a" * 48) == "a" * 48


def test_collisions_get_hashes_not_counters() -> None:
    """Fixes that collide get hash suffixes; a portable name keeps its name."""
    exposed = assign_names(["a.b", "a b", "c.d", "c_d", "x", "x"])

    assert re.fullmatch(rf"a_b{HASHED}", exposed[0])
    assert re.fullmatch(rf"a_b{HASHED}", exposed[1])
    assert exposed[0] != exposed[1]
    assert re.fullmatch(rf"c_d{HASHED}", exposed[2])
    assert exposed[3] == "c_d"
    assert exposed[4] == "x"
    assert re.fullmatch(rf"x{HASHED}", exposed[5])
    # Long names repeated: the cut name with its hash is taken, so another hash.
    long_name = "n" * 60
    twice = assign_names([long_name, long_name])
    assert twice[0] != twice[1]
    assert all(len(name) == NAME_TARGET for name in twice)


def test_names_equal_but_for_case_are_told_apart() -> None:
    """Names that differ only in case: the first in code-point order keeps its name."""
    exposed = assign_names(["x__lamp", "x__Lamp", "X__LAMP", "y.lamp", "Y_lamp"])

    assert exposed[2] == "X__LAMP"
    assert re.fullmatch(rf"x__Lamp{HASHED}", exposed[1])
    assert re.fullmatch(rf"x__lamp{HASHED}", exposed[0])
    # A fix that equals another name but for case is not kept either.
    assert exposed[4] == "Y_lamp"
    assert re.fullmatch(rf"y_lamp{HASHED}", exposed[3])
    assert len({name.lower() for name in exposed}) == len(exposed)
    assert assign_names(list(reversed(["x__lamp", "x__Lamp", "X__LAMP"]))) == exposed[2::-1]


@pytest.mark.parametrize(
    ("api_name", "api_id", "namespace"),
    [
        ("Device control", "assist", "device-control"),
        ("Assist", "assist", "assist"),
        ("Küche & Wohnzimmer Lichter", "llm_hub-01JX", "kuche-wohnzimmer"),
        ("🔥", "music_api", "music-api"),
        ("2nd floor", "x", "api-2nd-floor"),
        ("!!!", "???", "api"),
    ],
)
def test_api_namespace(api_name: str, api_id: str, namespace: str) -> None:
    """A short readable namespace from the API's name (else its id), starting with a letter."""
    assert api_namespace(api_name, api_id) == namespace


def test_merged_prefix_by_version() -> None:
    """2026.10 prefixes every merged tool with the API name's slug; 2026.11 does not."""
    assert merged_prefix("Kitchen") == "kitchen__"
    assert merged_name_room("Kitchen") is None  # 9 + 48 <= 64
    assert merged_name_room("Kitchen assistant") == ("kitchen-assistant__", 45)
    assert merged_name_room("x" * 64) == ("x" * 64 + "__", 0)
    with patch.object(names, "AGENTS_PREFIX_EVERY_TOOL", new=False):
        assert merged_prefix("Kitchen") is None
        assert merged_name_room("Kitchen assistant") is None


# --- A hub serving unsafe names ----------------------------------------------------------

SCHEMA = probatio.Schema(
    {probatio.Required("number"): int, probatio.Optional("unit", default="W"): str}
)
UNSAFE = [
    "light.turn_on",  # a dot
    "turn on",  # a space
    "Küche",  # not ASCII
    "3d_print",  # a leading digit
    "GetTheStateOfEveryEntityInTheHouseAndTheGardenToo_" + "x" * 20,  # overlong
    "a.b",  # two names with one fix
    "a b",
    "dup",  # in both picked APIs: different tools with one name
]


def _unsafe_tools() -> list[RecordingTool]:
    return [
        RecordingTool(name, parameters=SCHEMA, description=f"Tool {index}.")
        for index, name in enumerate(UNSAFE)
    ]


@pytest.fixture
async def unsafe_hub(
    hass: HomeAssistant, setup_llm: None
) -> tuple[MockConfigEntry, list[RecordingTool]]:
    """Return a hub that picks an API with unsafe names and another with a "dup" of its own."""
    tools = _unsafe_tools()
    llm.async_register_api(hass, FixedAPI(hass, "unsafe", "Unsafe names", list[llm.Tool](tools)))
    other = RecordingTool("dup", parameters=SCHEMA, description="The other dup.")
    llm.async_register_api(hass, FixedAPI(hass, "other", "Other", [other]))
    entry = await async_add_hub(hass, "Kitchen", {"llm_hass_api": ["unsafe", "other"]})
    return entry, [*tools, other]


def _expected_names() -> dict[str, str]:
    """Return the exposed name of each tool description."""
    return {
        "Tool 0.": "light_turn_on",
        "Tool 1.": "turn_on",
        "Tool 2.": "Kuche",
        "Tool 3.": "tool_3d_print",
        "Tool 7.": "unsafe-names--dup",
        "The other dup.": "other--dup",
    }


async def test_mcp_lists_portable_names_and_calls_reach_the_originals(
    hass: HomeAssistant,
    unsafe_hub: tuple[MockConfigEntry, list[RecordingTool]],
    hass_client_no_auth: ClientSessionGenerator,
    hass_access_token: str,
) -> None:
    """Over MCP every name is portable and unique; a call by it runs the original tool."""
    entry, tools = unsafe_hub
    await _async_setup_mcp_server(hass, ["assist"], require_admin=True)
    url = str((await hass_client_no_auth()).make_url(f"/api/mcp/{hub_id(entry)}"))

    async with mcp_session(url, hass_access_token) as session:
        listed = (await session.list_tools()).tools
        by_description = {tool.description: tool.name for tool in listed}
        results = [
            await session.call_tool(by_description[tool.description or ""], {"number": index})
            for index, tool in enumerate(tools)
        ]

    assert all(is_portable(tool.name) for tool in listed)
    assert len({tool.name for tool in listed}) == len(listed)
    assert _expected_names().items() <= by_description.items()
    assert re.fullmatch(
        rf"GetTheStateOfEveryEntityInTheHouseAndTheG{HASHED}", by_description["Tool 4."]
    )
    assert re.fullmatch(rf"a_b{HASHED}", by_description["Tool 5."])
    assert re.fullmatch(rf"a_b{HASHED}", by_description["Tool 6."])
    assert not any(result.isError for result in results)
    for index, tool in enumerate(tools):
        # The original tool ran under its own name, with validated arguments (default added).
        assert [(call.tool_name, call.tool_args) for call in tool.calls] == [
            (tool.name, {"number": index, "unit": "W"})
        ]


async def test_names_through_llm_api_and_an_agent_merge(
    hass: HomeAssistant, unsafe_hub: tuple[MockConfigEntry, list[RecordingTool]]
) -> None:
    """The names hold through ``llm.async_get_api``, and within 64 when an agent merges APIs.

    Home Assistant 2026.10's MergedAPI prefixes each of the hub's tools with ``kitchen__``.
    """
    entry, tools = unsafe_hub
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    merged = await llm.async_get_api(hass, [hub_id(entry), "assist"], llm_context())

    hub_names = [tool.name for tool in instance.tools]
    assert hub_names == [
        tool.name for tool in (await llm.async_get_api(hass, hub_id(entry), llm_context())).tools
    ]
    assert all(is_portable(name) for name in hub_names)
    assert all(
        len(tool.name) <= NAME_LIMIT and PORTABLE.fullmatch(tool.name) for tool in merged.tools
    )
    kuche = next(tool for tool in tools if tool.name == "Küche")

    result = await instance.async_call_tool(llm.ToolInput("Kuche", {"number": 1}))
    merged_result = await merged.async_call_tool(
        llm.ToolInput("kitchen__Kuche", {"number": 2, "unit": "kW"})
    )

    assert not result.error
    assert not merged_result.error
    assert [(call.tool_name, call.tool_args) for call in kuche.calls] == [
        ("Küche", {"number": 1, "unit": "W"}),
        ("Küche", {"number": 2, "unit": "kW"}),
    ]
