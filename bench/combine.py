"""Combine runs of ``bench.py --json`` on several Home Assistant versions into the docs.

Run by ``script/bench --both`` after ``bench.py`` ran on each version: writes one targets
table (a row per goal of issue 36, a column per version with its figure, met or missed) and
one table of what each guarantee costs, each with a one-line header (commit, date, CPU model
and cores, load average), between the markers ``<!-- bench-targets -->`` and
``<!-- bench-guarantees -->`` of ``docs/performance.md``; prints both.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
import json
from pathlib import Path
import re
import sys
from typing import Any


class CombineError(Exception):
    """A run is incomplete or the document has no markers; the message says which."""


def _version_key(run: dict[str, Any]) -> tuple[int, ...]:
    """Return a run's Home Assistant version as numbers, to order the columns."""
    return tuple(int(part) for part in re.findall(r"\d+", run["home_assistant"]))


def _row(cells: list[str]) -> str:
    """Return one row of a Markdown table."""
    return "| " + " | ".join(cells) + " |"


def _header(runs: list[dict[str, Any]], today: str) -> str:
    """Return the line above each table: what was run, on which commit, machine and load."""
    commits = sorted({str(run["commit"]) for run in runs if run["commit"]})
    commit = " and ".join(f"`{commit}`" for commit in commits) or "an unknown commit"
    cpus = sorted({f"{run['cpu']}, {run['cores']} cores" for run in runs})
    loads = [load for run in runs for load in run["load"]]
    times = ", ".join(f"{run['elapsed']} s on {run['home_assistant']}" for run in runs)
    return (
        f"`script/bench --both` of {commit}, {today}: {'; '.join(cpus)}; Python "
        f"{', '.join(sorted({run['python'] for run in runs}))}; load average "
        f"{min(loads):.1f} to {max(loads):.1f} (1 minute, at the start and end of each run; "
        f"runs of {times})."
    )


def targets_table(runs: list[dict[str, Any]], today: str) -> list[str]:
    """Return the header line and the combined targets table: a row per goal."""
    goals = list(dict.fromkeys(target["goal"] for run in runs for target in run["targets"]))
    versions = [run["home_assistant"] for run in runs]
    lines = [
        _header(runs, today),
        "",
        _row(["goal", *versions]),
        _row(["---", *("---" for _ in runs)]),
    ]
    for goal in goals:
        cells = []
        for run in runs:
            found = [target for target in run["targets"] if target["goal"] == goal]
            cells.append(
                "; ".join(f"{t['figure']}: {'met' if t['met'] else '**missed**'}" for t in found)
                or "not measured"
            )
        lines.append(_row([goal, *cells]))
    return lines


def guarantees_table(runs: list[dict[str, Any]], today: str) -> list[str]:
    """Return the header line and the table of what each guarantee costs per call."""
    names = list(dict.fromkeys(item["guarantee"] for run in runs for item in run["guarantees"]))
    lines = [
        _header(runs, today),
        "",
        _row(["guarantee", *(run["home_assistant"] for run in runs)]),
        _row(["---", *("---" for _ in runs)]),
    ]
    for name in names:
        cells = [
            next(
                (item["figure"] for item in run["guarantees"] if item["guarantee"] == name),
                "not measured",
            )
            for run in runs
        ]
        lines.append(_row([name, *cells]))
    return lines


def replace_between(text: str, marker: str, lines: list[str]) -> str:
    """Return ``text`` with what is between ``<!-- marker -->`` and its end marker replaced."""
    pattern = re.compile(
        rf"^<!-- {re.escape(marker)} -->\n.*?^<!-- /{re.escape(marker)} -->$",
        re.MULTILINE | re.DOTALL,
    )
    if not pattern.search(text):
        raise CombineError(f"no {marker} markers")
    block = "\n".join([f"<!-- {marker} -->", *lines, f"<!-- /{marker} -->"])
    return pattern.sub(lambda _: block, text, count=1)


def load_runs(paths: list[Path]) -> list[dict[str, Any]]:
    """Return the runs in ``paths``, oldest Home Assistant first; raise when one is incomplete."""
    runs = [json.loads(path.read_text(encoding="utf-8")) for path in paths]
    for path, run in zip(paths, runs, strict=True):
        if run["unjudged"]:
            raise CombineError(f"{path.name} did not judge: {'; '.join(run['unjudged'])}")
        if not run["targets"] or not run["guarantees"]:
            raise CombineError(f"{path.name} has no targets or no guarantees")
    return sorted(runs, key=_version_key)


def main() -> None:
    """Parse the arguments, write the tables into the document, print them."""
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("doc", type=Path, help="the document with the markers")
    parser.add_argument("runs", type=Path, nargs="+", help="the JSON of each bench.py run")
    args = parser.parse_args()
    today = datetime.now(UTC).date().isoformat()
    try:
        runs = load_runs(args.runs)
        targets, guarantees = targets_table(runs, today), guarantees_table(runs, today)
        text = args.doc.read_text(encoding="utf-8")
        text = replace_between(text, "bench-targets", targets)
        text = replace_between(text, "bench-guarantees", guarantees)
    except (CombineError, OSError, KeyError, ValueError) as err:
        sys.exit(f"error: {err} (nothing written)")
    args.doc.write_text(text, encoding="utf-8")
    print("\n".join(["", *targets, "", *guarantees[2:]]))


if __name__ == "__main__":
    main()
