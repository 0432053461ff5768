"""The README and docs/ keep true: they name what the product has, and no figure goes stale.

Conventions the docs follow (docs/development.md, "Docs that cannot go stale"): a measured
figure is written by the script that measures it between ``<!-- name -->`` markers; a default
or limit is one of ``CONSTANTS``, checked against the code; options are listed in
docs/options.md's table "Every option"; repair issues by their English title in quotes after
"Repair"; websocket commands as ``llm_hub/…``; languages in the README's sentence "… are in
English, German …".
"""

from __future__ import annotations

from dataclasses import dataclass, fields
import json
from pathlib import Path
import re
from typing import Any, Final

from custom_components.llm_hub import const, issues
from custom_components.llm_hub.calls import audit
from custom_components.llm_hub.compose import names
from custom_components.llm_hub.confirm import approvals, gate
from custom_components.llm_hub.options import EXPECTED, SAFETY_OPTIONS, HubOptions
from custom_components.llm_hub.panel import admin_commands, inspector
from custom_components.llm_hub.schema import cache
from custom_components.llm_hub.search import index, meaning, meta_tools, terms
from custom_components.llm_hub.ui_tools import tools
from homeassistant import components
from homeassistant.components import websocket_api
from homeassistant.components.mcp_server import http as mcp_http
from homeassistant.components.recorder.db_schema import MAX_EVENT_DATA_BYTES
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from homeassistant.util.ulid import ulid_now

from .helpers.docs import (
    FIGURE,
    LANGUAGE_NAMES,
    README,
    REPO,
    STATED_LIMIT,
    Found,
    documents,
    find,
    flat,
    section,
    subheadings,
    written_blocks,
)
from .helpers.translations import TRANSLATIONS, TRANSLATIONS_DIR

MAX_README_LINES: Final = 250
"""A README is for users; references, protocol details and development go to docs/."""


@dataclass(frozen=True, slots=True)
class Constant:
    """A default or limit the docs state: where (group 1 is the figure; a space matches any
    white space, as sentences wrap), and the code's value."""

    pattern: str
    value: float


def _read(path: str, pattern: str) -> float:
    """Return the number group 1 of ``pattern`` finds in a file of the repository (a script's
    or the panel's constant, which the tests cannot import)."""
    found = re.search(pattern, (REPO / path).read_text(encoding="utf-8"), re.MULTILINE)
    assert found is not None, f"{path} has no {pattern}"
    return float(found[1])


DEMO_TIMEOUT: Final = _read("script/demo_scenarios/basics.py", r"^CALL_TIMEOUT = (\d+)")
BULK_TOOLS: Final = _read("script/panel_check/llm_hub_bulk/__init__.py", r"TOOLS, default=(\d+)")
REMEMBER_MINUTES: Final = _read("script/ui_check_remember.py", r"^MINUTES = (\d+)")
FORM_WAIT: Final = _read("frontend/src/ha-form-loader.ts", r"HA_FORM_WAIT_MS = (\d+)") / 1000

CONSTANTS: Final = (
    # Options and their defaults (const.py).
    Constant(r"\btimeout\b[^.]*?default (\d+)", const.DEFAULT_TIMEOUT),
    Constant(r"option, default (\d+) s\)", const.DEFAULT_TIMEOUT),
    Constant(r"after (\d+) s and was cancelled", const.DEFAULT_TIMEOUT),
    Constant(r"default (\d+), OpenAI's limit", const.DEFAULT_MAX_TOOLS),
    Constant(r"requests with more than (\d+) tools", const.DEFAULT_MAX_TOOLS),
    Constant(r"OpenAI: (\d+)", const.DEFAULT_MAX_TOOLS),
    Constant(r"approval_timeout[^.]*?default (\d+)", const.DEFAULT_APPROVAL_TIMEOUT),
    Constant(r"at most (\d+)\).{0,10}how long a call waits", const.MAX_APPROVAL_TIMEOUT),
    Constant(r"served as (\d+)", const.MAX_APPROVAL_TIMEOUT),
    Constant(r"whole numbers, at most (\d+); empty: no limit", const.MAX_CALL_LIMIT),
    Constant(r"refuse[sd] (\d+) calls within an hour", const.LIMIT_REPAIR_REFUSALS),
    Constant(r"\b(\d+) minutes by default", const.DEFAULT_APPROVAL_TIMEOUT / 60),
    Constant(r"every (\d+) minutes", issues.CHECK_INTERVAL.total_seconds() / 60),
    Constant(r"`CHECK_INTERVAL` \((\d+) min\)", issues.CHECK_INTERVAL.total_seconds() / 60),
    Constant(r"within (\d+) minutes, after the user", const.CONFIRMATION_TTL / 60),
    Constant(r"valid for (\d+) minutes", const.CONFIRMATION_TTL / 60),
    Constant(r"stop at (\d+) s at the latest", const.MCP_SERVER_CALL_LIMIT),
    Constant(r"(\d+) s at most for MCP Server", const.MCP_SERVER_CALL_LIMIT),
    Constant(r"has (\d+) seconds per request \(`SOURCE_BUDGET`\)", const.SOURCE_BUDGET),
    Constant(r"`SOURCE_BUDGET` \((\d+) s\)", const.SOURCE_BUDGET),
    Constant(r"also has\s+(\d+) s per request", const.SOURCE_BUDGET),
    Constant(r"within (\d+) s\"\)", const.SOURCE_BUDGET),
    Constant(r"API has (\d+) s per request", const.SOURCE_BUDGET),
    Constant(r"when it is longer than (\d+) characters", const.MAX_NAME_LENGTH),
    Constant(r"more than (\d+) tools\s+\(some MCP clients", const.CLIENT_TOOL_LIMIT),
    Constant(r"above (\d+) listed tools", const.CLIENT_TOOL_LIMIT),
    Constant(r"lists more than (\d+) tools, whatever its tool", const.CLIENT_TOOL_LIMIT),
    Constant(r"only send the first (\d+) tools", const.CLIENT_TOOL_LIMIT),
    Constant(r"more than (\d+) tools in your request", const.DEFAULT_MAX_TOOLS),
    Constant(r"It waits (\d+) min for approval", const.DEFAULT_APPROVAL_TIMEOUT / 60),
    Constant(r"`client_limit`, (\d+)", const.CLIENT_TOOL_LIMIT),
    # Names (compose/names.py).
    Constant(r"at most (\d+) characters", names.NAME_TARGET),
    Constant(r"providers\s+accept (\d+)", names.NAME_LIMIT),
    Constant(r"cut to (\d+) characters", names.NAME_TARGET - 1 - names.HASH_LENGTH),
    Constant(r"less than (\d+) characters within", names.NAME_TARGET),
    Constant(r"characters within (\d+) \(a slug", names.NAME_LIMIT),
    # The slug before "__" that leaves a merged tool name less than that.
    Constant(r"more than (\d+) characters\), creating", names.NAME_LIMIT - names.NAME_TARGET - 2),
    Constant(
        r"more than (\d+) characters\) is refused",
        names.NAME_LIMIT - names.MIN_MERGED_NAME_ROOM - 2,
    ),
    Constant(r"leaves less than\s+(\d+) \(", names.MIN_MERGED_NAME_ROOM),
    # Issues (issues.py) and caches.
    Constant(r"about (\d+) s after a config entry", issues.CHECK_DELAY),
    Constant(r"`CHECK_DELAY`, (\d+) s", issues.CHECK_DELAY),
    Constant(r"kept for up to (\d+) s", cache.MAX_AGE),
    Constant(r"after (\d+) s \(a parameters object", cache.MAX_AGE),
    Constant(r"Past ([\d,]+) tools", cache.MAX_ENTRIES),
    Constant(r"let go after (\d+) s", meaning.RELEASE_AFTER),
    # Calls and the audit (calls/audit.py).
    Constant(r"the last (\d+) calls", audit.RECENT_CALLS),
    Constant(r"keeps the last\s+(\d+) in memory", audit.RECENT_CALLS),
    Constant(r"last (\d+) such calls", audit.SHADOWED_CALLS),
    Constant(r"deeper than (\d+) levels", audit.MAX_DEPTH),
    Constant(r"more than (\d+) keys", audit.MAX_ITEMS),
    Constant(r"texts over ([\d,]+) characters", audit.MAX_TEXT),
    Constant(r"keys over (\d+)\)", audit.MAX_KEY),
    Constant(r"past about ([\d,]+) bytes of JSON", audit.MAX_SIZE),
    Constant(r"The last (\d+) tool calls", admin_commands.ACTIVITY_CALLS),
    Constant(r"last (\d+) calls of all hubs", admin_commands.ACTIVITY_CALLS),
    Constant(r"last (\d+) hours", admin_commands.DAY / 3600),
    # Remembered approvals (const.py, confirm/approvals.py).
    Constant(r"whole minutes, default (\d+): off", HubOptions().approval_remember),
    Constant(r"off, at most (\d+)\): the longest", const.MAX_APPROVAL_REMEMBER),
    Constant(r"is cut to (\d+) minutes", const.MAX_APPROVAL_REMEMBER),
    Constant(r"it is (\d+), off,", HubOptions().approval_remember),
    Constant(r"and at most (\d+)\), whoever", const.MAX_APPROVAL_REMEMBER),
    Constant(r"at most (\d+) per hub", approvals.MAX_REMEMBERED_PER_USER),
    # Approvals (confirm/approvals.py).
    Constant(r"At most (\d+)\s+entities are named", approvals.MAX_SHOWN_TARGETS),
    Constant(r"\(lock\.back_door\)\", at most (\d+)\)", approvals.MAX_SHOWN_TARGETS),
    Constant(r"at (\d+) lines", approvals.MAX_SHOWN_LINES),
    Constant(r"lines or (\d+) characters", approvals.MAX_SHOWN_ARGUMENTS),
    Constant(r"and (\d+) open approvals", approvals.MAX_OPEN_PER_USER),
    Constant(r"at most (\d+) tokens per hub", gate.MAX_TOKENS_PER_USER),
    # Conditions on arguments (confirm/conditions.py).
    Constant(r"a text longer than (\d+) characters", const.MAX_CONDITION_TEXT),
    Constant(r"search takes longer than (0\.\d+) s", const.CONDITION_SEARCH_TIME),
    # Tools made in the UI (ui_tools/tools.py, bounded.py).
    Constant(r"\*\*(\d+) s\*\* \(that of", tools.TEMPLATE_TIME_LIMIT),
    Constant(r"longer than (\d+) s and was stopped", tools.TEMPLATE_TIME_LIMIT),
    Constant(r"\*\*(\d+) KiB\*\* of output", tools.TEMPLATE_MAX_OUTPUT / 1024),
    Constant(r"\(([\d,]+) characters,\s+core's", tools.TEMPLATE_MAX_OUTPUT),
    Constant(r"more than (\d+) characters, its limit", tools.TEMPLATE_MAX_OUTPUT),
    Constant(r"over \*\*([\d,]+)\*\*", tools.TEMPLATE_MAX_OUTPUT),
    Constant(r"may make at most (\d+)", tools.TEMPLATE_MAX_OUTPUT),
    Constant(r"at most (\d+) calls of one tool", tools.MAX_ACTION_RUNS),
    # Search (search/).
    Constant(r"best first \(default (\d+), at most \d+\)", meta_tools.DEFAULT_SEARCH_LIMIT),
    Constant(r"best first \(default \d+, at most (\d+)\)", meta_tools.MAX_SEARCH_LIMIT),
    Constant(r"below\s+(0\.\d+) are not answered", meta_tools.SCORE_FLOOR),
    Constant(r"`k1` (\d\.\d)", index._K1),  # the ranking's own, named by the doc
    Constant(r"`b` (\d\.\d)\)", index._B),
    Constant(r"stands for up to (\d+) long words", index._WIDEN_MOST),
    Constant(r"a word of (\d+) letters or more", terms.COMPOUND_MIN),
    Constant(r"\(and at most (\d+), past which", terms.COMPOUND_MAX),
    Constant(r"A query counts by its first ([\d,]+) characters", index.QUERY_MAX),
    Constant(r"a cache of ([\d,]+) words", terms._stems.cache_parameters()["maxsize"]),
    # Sizes (panel/inspector.py).
    Constant(r"(\d\.\d) characters", inspector.CHARS_PER_TOKEN),
    Constant(r"characters / (\d\.\d)", inspector.CHARS_PER_TOKEN),
    Constant(r"divided by (\d\.\d)", inspector.CHARS_PER_TOKEN),
    Constant(r"`CHARS_PER_TOKEN` \((\d\.\d)\)", inspector.CHARS_PER_TOKEN),
    # Home Assistant's own (mcp_server.http.TIMEOUT, the recorder's event limit).
    Constant(r"after (\d+) s and answers HTTP 504", mcp_http.TIMEOUT),
    Constant(r"above (\d+) KB", MAX_EVENT_DATA_BYTES / 1024),
    # Home Assistant's own entry ids (ULIDs) and what is left of a merged name for a hub's tool.
    Constant(r"`llm-hub-<(\d+) characters>__`", len(ulid_now())),
    Constant(
        r"longer than (\d+) characters then passes",
        names.NAME_LIMIT - len("llm-hub-") - len(ulid_now()) - len("__"),
    ),
    # The example of docs/ui-tools.md: n = 10¹⁰.
    Constant(r"make a value of (\d+) characters", 10**10),
    # The scripts: the dev config's port and example, the demo, the browser check, the bench.
    Constant(
        r"\(`seconds`, at most (\d+)\)",
        _read("config/custom_components/llm_hub_example/llm.py", r"^MAX_SLEEP = (\d+)"),
    ),
    Constant(r"`--port` \(default (\d+)\)", _read("script/_lib.sh", r"PORT=(\d+)")),
    Constant(r"\(a (\d+) s timeout", DEMO_TIMEOUT),
    Constant(r"cut off at (\d+) s", DEMO_TIMEOUT),
    Constant(
        r"within (\d+) s \(no \"Loading", _read("script/ui_check_hub.py", r"^READY_TIMEOUT = (\d+)")
    ),
    Constant(r"picks \"For (\d+) min\" under", REMEMBER_MINUTES),
    Constant(r"with \"For (\d+) min\" picked", REMEMBER_MINUTES),
    Constant(r"\(`script/panel_check/`: ([\d,]+) generated", BULK_TOOLS),
    Constant(r"Bulk's ([\d,]+) tools", BULK_TOOLS),
    Constant(r"and (\d+) calls in Activity", _read("script/ui_check_panel.py", r"^CALLS = (\d+)")),
    Constant(
        r"took (\d+) s or more", _read("script/ui_check_panel.py", r"SLOW \w+ \(over (\d+) s")
    ),
    Constant(r"within (\d+) seconds, the bench shows plain", FORM_WAIT),
    Constant(r"at most (\d+) s \(`HA_FORM_WAIT_MS`\)", FORM_WAIT),
    Constant(
        r"up to ([\d,]+) tools\), \*scope\*", _read("bench/bench.py", r"else \(1000, 8000, (\d+)\)")
    ),
)
"""The true constants the docs state, each checked against the code that has it."""


def _constant_spans() -> dict[str, list[tuple[int, int, Constant, str]]]:
    """Return, per document, where each constant's figure is, with what it says."""
    spans: dict[str, list[tuple[int, int, Constant, str]]] = {}
    for path, text in documents().items():
        for constant in CONSTANTS:
            for match in re.finditer(constant.pattern.replace(" ", r"\s+"), text):
                spans.setdefault(path, []).append(
                    (match.start(1), match.end(1), constant, match[1])
                )
    return spans


def _uncovered(pattern: re.Pattern[str]) -> list[str]:
    """Return each match of ``pattern`` outside written blocks and known constants."""
    spans = _constant_spans()
    return [
        f"{found.path}:{found.line}: {flat(found.text)}"
        for path, text in documents().items()
        for found in find(pattern, path, text)
        if not _covered(found, spans.get(path, []))
    ]


def _covered(found: Found, spans: list[tuple[int, int, Constant, str]]) -> bool:
    """Return whether a constant's figure lies inside what was found."""
    return any(found.start <= start < found.end for start, _, _, _ in spans)


def test_readme_is_at_most_250_lines() -> None:
    """The README stays short: install, a quick start, what a hub does, remove, links."""
    lines = README.read_text(encoding="utf-8").splitlines()

    assert len(lines) <= MAX_README_LINES


def test_figures_are_written_by_the_scripts_that_measure_them() -> None:
    """A measured figure (time, size, share, count of tools, tokens or tests, a recall) stands
    only between the markers its script writes; the rest say it without a number."""
    assert _uncovered(FIGURE) == []


def test_stated_defaults_and_limits_are_the_codes() -> None:
    """Every default or limit the docs state is a constant here, and equals the code's."""
    spans = _constant_spans()
    stated = [value for found in spans.values() for _, _, _, value in found]
    assert len(stated) > 50  # the docs are read

    assert _uncovered(STATED_LIMIT) == []
    wrong = [
        (path, constant.pattern, value)
        for path, found in spans.items()
        for _, _, constant, value in found
        if float(value.replace(",", "")) != constant.value
    ]
    assert wrong == []
    unused = {constant.pattern for constant in CONSTANTS} - {
        constant.pattern for found in spans.values() for _, _, constant, _ in found
    }
    assert unused == set()


def test_written_blocks_have_a_script_that_writes_them() -> None:
    """Each block between markers names a script in script/ or bench/ that writes it."""
    scripts = [
        path.read_text(encoding="utf-8")
        for folder in ("script", "bench")
        for path in (REPO / folder).rglob("*")
        if path.is_file() and path.suffix in {"", ".py", ".sh"}
    ]
    blocks = {name for text in documents().values() for name, _, _ in written_blocks(text)}
    assert {"bench-targets", "suite-time", "search-bench"} <= blocks

    assert {name for name in blocks if not any(name in script for script in scripts)} == set()


# --- What the product has, and the docs name ---------------------------------------------------

OPTIONS_STEPS: Final = TRANSLATIONS["options"]["step"]
MENU: Final = {
    step: title for step, title in OPTIONS_STEPS["init"]["menu_options"].items() if step != "save"
}
"""The steps of a hub's Configure menu by id, with their English titles (Save is no step)."""

SET_THROUGH: Final = {
    const.CONF_INCLUDED_TOOLS: ("tools", ("tools",)),
    const.CONF_EXCLUDED_TOOLS: ("tools", ("tools",)),
    const.CONF_OVERRIDES: ("override", ("name", "description")),
    const.CONF_API_PROMPTS: ("api_prompt", ("choice", "text")),
    const.CONF_CONFIRM_CONDITIONS: ("condition", ("argument", "operator", "value", "values")),
    const.CONF_SHADOW_SINCE: ("safety", (const.CONF_SHADOW_MODE,)),
}
"""Options no form field is named after: the step and fields that set them."""
SUB_STEPS: Final = {"override": "overrides", "api_prompt": "api_prompts", "condition": "conditions"}
"""Steps reached from a step of the menu (not from the menu), by the menu's step."""


def _form_fields(key: str) -> tuple[str, tuple[str, ...]]:
    """Return the step that stores option ``key`` and the fields that set it."""
    if key in SET_THROUGH:
        return SET_THROUGH[key]
    steps = [step for step, texts in OPTIONS_STEPS.items() if key in texts.get("data", {})]
    assert len(steps) == 1, f"option {key} is set in the steps {steps}"
    return steps[0], (key,)


def _default_words(value: Any) -> str:
    """Return an option's default as the docs' table writes it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int | float):
        return f"{value:g}"
    return str(value) if value else "—"


def _options_table() -> list[list[str]]:
    """Return the rows of docs/options.md's table of every option, as they must read."""
    defaults = HubOptions()
    rows = []
    for item in fields(HubOptions):
        key = next(iter(item.metadata.values())).key
        step, form = _form_fields(key)
        labels = ", ".join(f"**{OPTIONS_STEPS[step]['data'][name]}**" for name in form)
        menu_step = SUB_STEPS.get(step, step)
        rows.append(
            [
                f"`{key}`",
                MENU[menu_step],
                labels,
                EXPECTED[key],
                _default_words(getattr(defaults, item.name)),
                "yes" if key in SAFETY_OPTIONS else "",
            ]
        )
    return rows


def _table(text: str) -> list[list[str]]:
    """Return the body rows of the first Markdown table in ``text``, cells stripped."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def test_options_section_lists_every_option_of_the_product() -> None:
    """docs/options.md's "Every option" table has a row per stored option and no other: its
    step, its field's English label, what it must hold, its default, whether it fails closed."""
    options = (REPO / "docs" / "options.md").read_text(encoding="utf-8")
    expected = _options_table()
    assert len(expected) == len(EXPECTED) > 25  # the product is read

    listed = _table(section(options, "## Every option"))
    assert listed == expected, "\n".join(f"| {' | '.join(row)} |" for row in expected)


def test_options_section_names_each_step_and_its_options() -> None:
    """docs/options.md has a section per step of the Configure menu, named by its title; each
    names the options the step stores by key, and in bold only labels of the step's fields."""
    options = (REPO / "docs" / "options.md").read_text(encoding="utf-8")
    menu = section(options, "## The Configure menu")
    assert set(subheadings(menu, "###")) == set(MENU.values())

    missing, unknown = [], []
    for step, title in MENU.items():
        text = flat(section(menu, f"### {title}"))
        forms = {step} | {sub for sub, menu_step in SUB_STEPS.items() if menu_step == step}
        stored = [key for key in EXPECTED if _form_fields(key)[0] in forms]
        missing += [(title, key) for key in stored if f"`{key}`" not in text]
        labels = {label for name in forms for label in OPTIONS_STEPS[name].get("data", {}).values()}
        bolds = re.findall(r"\*\*([^*]+)\*\*", text)
        unknown += [(title, bold) for bold in bolds if bold not in labels]
    assert missing == []
    assert unknown == []


def test_docs_name_options_by_their_labels() -> None:
    """Where the docs point at an option as "<step> → "<label>"", the step has that field
    (a label's part before ":" names a group of fields, as "Always ask before acting on")."""
    titles = {title: step for step, title in MENU.items()}
    steps = "|".join(map(re.escape, titles))
    pointed = re.compile(rf"({steps})\*{{0,2}} → [*\"“]{{1,2}}([^*\"”]+)")
    wrong = []
    for path, text in documents().items():
        for match in pointed.finditer(flat(text)):
            step = titles[match[1]]
            labels = set(OPTIONS_STEPS[step].get("data", {}).values())
            labels |= {label.partition(":")[0] for label in labels}
            if match[2] not in labels:
                wrong.append((path, match[0]))
    assert wrong == []


def test_quick_start_section_names_the_configure_menu() -> None:
    """The README's Quick start lists the Configure menu's steps by their titles, in order."""
    quick_start = section(README.read_text(encoding="utf-8"), "## Quick start")
    listed = re.findall(r"^   - \*\*([^*]+)\*\*:", quick_start, re.MULTILINE)

    assert listed == list(MENU.values())


def test_quick_start_section_names_home_assistants_own_texts() -> None:
    """The README names MCP Server and the agents' API field as the installed Home Assistant
    (the tests' 2026.10) does; what 2026.11 calls them stands beside it."""
    readme = flat(README.read_text(encoding="utf-8"))
    installed = Path(components.__file__).parent
    manifest = installed / "mcp_server" / "manifest.json"
    mcp_name = json.loads(manifest.read_text(encoding="utf-8"))["name"]
    agent_texts = json.loads(
        (installed / "ollama" / "translations" / "en.json").read_text(encoding="utf-8")
    )
    field = agent_texts["config_subentries"]["conversation"]["step"]["set_options"]["data"]
    assert mcp_name == "Model Context Protocol Server"

    assert f"**{mcp_name}** (on 2026.11: **Model Context Protocol**)" in readme
    assert f"**{field['llm_hass_api']}** (on 2026.11: **AI tools**)" in readme


REPAIR: Final = re.compile(r"\b[Rr]epair(?: issue)?\s+\*{0,2}\"([^\"]+)\"")
"""A repair issue as the docs name it: its English title in quotes after "Repair"."""
OTHER_REPAIRS: Final = {"Unsupported installation method"}
"""Home Assistant's own repair issues the docs name (docs/development.md)."""


def _issue_titles() -> dict[str, re.Pattern[str]]:
    """Return each repair issue of the product by key, its title as a pattern (any names)."""
    return {
        key: re.compile(
            "".join(
                ".+?" if part.startswith("{") else re.escape(part)
                for part in re.split(r"(\{\w+\})", issue["title"])
            )
            + "$"
        )
        for key, issue in TRANSLATIONS["issues"].items()
    }


def _named_repairs(text: str) -> list[str]:
    """Return the repair issues' titles ``text`` names, without emphasis."""
    return [match.replace("*", "") for match in REPAIR.findall(flat(text))]


def test_troubleshooting_section_names_every_repair_issue() -> None:
    """docs/troubleshooting.md's "Repair issues" names each issue the product raises."""
    troubleshooting = (REPO / "docs" / "troubleshooting.md").read_text(encoding="utf-8")
    named = _named_repairs(section(troubleshooting, "## Repair issues"))
    titles = _issue_titles()
    assert len(titles) > 5  # the product is read

    assert [key for key, title in titles.items() if not any(map(title.match, named))] == []


def test_docs_name_no_repair_issue_the_product_lacks() -> None:
    """Every repair issue the docs name by its title is one of the product's (or Home
    Assistant's own, listed)."""
    titles = _issue_titles().values()
    named = [
        (path, title)
        for path, text in documents().items()
        for title in _named_repairs(text)
        if title not in OTHER_REPAIRS
    ]
    assert len(named) > 5  # the docs are read

    assert [(path, title) for path, title in named if not any(t.match(title) for t in titles)] == []


WEBSOCKET_COMMAND: Final = re.compile(r"(?<![/\w])llm_hub/[a-z_]+/[a-z_]+")
"""A websocket command as the docs name it (``/llm_hub/…`` is a panel's URL)."""


async def test_docs_name_every_websocket_command_and_no_other(hass: HomeAssistant) -> None:
    """The commands the docs name are those LLM Hub registers; each is in a command table."""
    assert await async_setup_component(hass, const.DOMAIN, {})
    registered = {
        command for command in hass.data[websocket_api.DOMAIN] if command.startswith("llm_hub/")
    }
    docs = documents()
    named = {command for text in docs.values() for command in WEBSOCKET_COMMAND.findall(text)}
    tabled = {
        command
        for text in docs.values()
        for command in re.findall(r"^\| `(llm_hub/[a-z_]+/[a-z_]+)`", text, re.MULTILINE)
    }
    assert len(registered) > 8  # the product is read

    assert named == registered
    assert tabled == registered


def test_languages_section_names_every_translation() -> None:
    """The README's Languages section names the languages LLM Hub has translations for."""
    codes = sorted(path.stem for path in TRANSLATIONS_DIR.glob("*.json"))
    sentence = re.search(
        r"are in ([A-Z][a-z]+(?:, [A-Z][a-z]+)* and [A-Z][a-z]+)\.",
        flat(section(README.read_text(encoding="utf-8"), "## Languages")),
    )
    assert sentence is not None
    named = re.split(r", | and ", sentence[1])
    unnamed = [code for code in codes if code not in LANGUAGE_NAMES]
    assert unnamed == [], "name them in LANGUAGE_NAMES"

    assert sorted(named) == sorted(LANGUAGE_NAMES[code] for code in codes)


def test_install_section_names_the_minimum_version() -> None:
    """The README's Install names the oldest Home Assistant that hacs.json lets install it."""
    minimum = json.loads((REPO / "hacs.json").read_text(encoding="utf-8"))["homeassistant"]
    install = flat(section(README.read_text(encoding="utf-8"), "## Install"))

    assert f"Requires Home Assistant {minimum} or newer." in install


def test_development_section_keeps_the_two_commands() -> None:
    """The README's two commands, and CI runs the test command as the README writes it."""
    development = section(README.read_text(encoding="utf-8"), "## Development")
    block = re.search(r"```sh\n(.*?)```", development, re.DOTALL)
    assert block is not None
    commands = [line.split("#")[0].strip() for line in block[1].splitlines()]

    assert commands == ["script/setup && script/develop", "script/setup && script/test"]
    assert "&& script/test\n" in (REPO / ".ci" / "run").read_text(encoding="utf-8")
