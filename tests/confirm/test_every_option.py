"""``--every-option`` (tests/helpers/every_option.py) turns on what it says it does."""

from __future__ import annotations

import pytest

from custom_components.llm_hub.const import MAX_APPROVAL_REMEMBER
from custom_components.llm_hub.options import HubOptions

from ..helpers.every_option import UNDECIDED, every_option_on


def test_every_option_remembers_and_conditions_every_tool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every hub may remember approvals, and every tool has a condition that holds."""
    every_option_on(monkeypatch)

    plain = HubOptions.from_options({})
    own = HubOptions.from_options({"approval_remember": 5})

    assert plain.approval_remember == MAX_APPROVAL_REMEMBER
    assert own.approval_remember == 5
    assert plain.confirm_conditions.get("any__tool") == UNDECIDED
    assert list(plain.confirm_conditions) == []
