"""The README and docs/ as text: their sections, the blocks scripts write, what they name."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
import re
from typing import Final

REPO: Final = Path(__file__).parents[2]
README: Final = REPO / "README.md"
DOCS: Final = REPO / "docs"

WRITTEN_BLOCK: Final = re.compile(
    r"^<!-- ([a-z-]+) -->\n.*?^<!-- /\1 -->$", re.MULTILINE | re.DOTALL
)
"""A block a script writes: ``<!-- name -->`` … ``<!-- /name -->``, each on a line of its own."""

FIGURE: Final = re.compile(
    r"(?<![\w.])[~±≈]?\d(?:[\d,.]*\d)?(?: ?[\u2013-] ?\d(?:[\d,.]*\d)?)?\s?"
    r"(?:ms|µs|ns|s|min|minutes?|seconds?|hours?|%|tokens?|tests?|KiB|MiB|kB|KB"
    r"|passed|xfailed|tools?|calls?|characters?)(?!\w)"
    r"|(?<![\w.])\d+\.\d+(?: ?[\u2013-] ?\d+\.\d+)?\u00d7"
    r"|(?<![\w.])0\.\d\d(?![\d%.])"
)
"""What looks like a measurement: a number with a unit of time, size, share or count, a ratio
(a decimal and the multiplication sign), or a two-decimal fraction (recall, MRR, scores)."""

STATED_LIMIT: Final = re.compile(
    r"\b(?:[Dd]efault|[Aa]t most|[Uu]p to|[Ll]imit of|[Ll]ast)[:\s]+(?:[^\d\s.,;)]+\s)?"
    r"\d[\d,]*(?:\.\d+)?(?![.\d])"
)
"""A default or limit the docs state: a number after "default", "at most", "up to", "limit
of" or "last" (one word may come between, as in "at most 48 characters"); not a version."""


@dataclass(frozen=True, slots=True)
class Found:
    """A piece of a document: which file, on which line, what text, where in the text."""

    path: str
    line: int
    text: str
    start: int
    end: int


def documents() -> dict[str, str]:
    """Return the README and every page of docs/ by path in the repository."""
    paths = [README, *sorted(DOCS.glob("*.md"))]
    return {str(path.relative_to(REPO)): path.read_text(encoding="utf-8") for path in paths}


def written_blocks(text: str) -> list[tuple[str, int, int]]:
    """Return the name, start and end of each block a script writes into ``text``."""
    return [(match[1], match.start(), match.end()) for match in WRITTEN_BLOCK.finditer(text)]


def _line(text: str, offset: int) -> int:
    """Return the line number of ``offset`` in ``text``, from 1."""
    return text.count("\n", 0, offset) + 1


def find(pattern: re.Pattern[str], path: str, text: str) -> Iterator[Found]:
    """Yield each match of ``pattern`` in ``text`` outside the blocks scripts write."""
    blocks = written_blocks(text)
    for match in pattern.finditer(text):
        if not any(start <= match.start() < end for _, start, end in blocks):
            yield Found(path, _line(text, match.start()), match[0], match.start(), match.end())


def section(text: str, heading: str) -> str:
    """Return the section under the Markdown heading ``heading`` (``## Name``), to the next one
    of the same or a higher level; raise KeyError when there is none."""
    level = heading.split(" ", 1)[0]
    lines = text.splitlines()
    if heading not in lines:
        raise KeyError(heading)
    start = lines.index(heading) + 1
    end = next(
        (
            index
            for index in range(start, len(lines))
            if re.match(rf"#{{1,{len(level)}}} ", lines[index])
        ),
        len(lines),
    )
    return "\n".join(lines[start:end])


def subheadings(text: str, level: str) -> list[str]:
    """Return the titles of the headings of ``level`` (``###``) in ``text``, in order."""
    return [line[len(level) + 1 :] for line in text.splitlines() if line.startswith(f"{level} ")]


def flat(text: str) -> str:
    """Return ``text`` with every run of white space one space (sentences wrap across lines)."""
    return " ".join(text.split())


LANGUAGE_NAMES: Final = {
    "de": "German",
    "en": "English",
    "es": "Spanish",
    "fr": "French",
    "it": "Italian",
    "nl": "Dutch",
    "pl": "Polish",
}
"""The English name of each language code LLM Hub has a translation for, as the README names it."""
