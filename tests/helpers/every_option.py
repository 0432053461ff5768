"""The attack tests with the options that may let a call run unasked on (``--every-option``).

Conditions on arguments and remembered approvals must never let a call reach what the rules
would not have allowed: with this flag, every hub lets an approval be remembered (for as long
as any may, unless the hub says how long), every approval is approved with the longest window
it offers, and every tool of every hub has a condition on an argument no tool has (which cannot
be decided, so it holds). The attack tests then run as they are and must pass unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
import dataclasses
from typing import Any

import pytest

from custom_components.llm_hub.confirm.approvals import Approval, Approvals
from custom_components.llm_hub.const import MAX_APPROVAL_REMEMBER, ConditionOperator
from custom_components.llm_hub.options import Condition, HubOptions

__all__ = ["UNDECIDED", "every_option_on"]

# A condition on an argument no tool has: it cannot be decided, so it holds.
UNDECIDED = (Condition("every option on", ConditionOperator.EQUALS, "on"),)


class _EveryToolConditioned(Mapping[str, tuple[Condition, ...]]):
    """Stored conditions, and ``UNDECIDED`` for every other tool."""

    def __init__(self, stored: Mapping[str, tuple[Condition, ...]]) -> None:
        self._stored = stored

    def __getitem__(self, key: str) -> tuple[Condition, ...]:
        return self._stored.get(key) or UNDECIDED

    def __iter__(self) -> Iterator[str]:
        return iter(self._stored)

    def __len__(self) -> int:
        return len(self._stored)


def every_option_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Turn the options on for the rest of the test (see the module's docstring)."""
    read = HubOptions.from_options.__func__  # type: ignore[attr-defined]

    def from_options(cls: type[HubOptions], /, options: Mapping[str, Any], **kwargs: Any) -> Any:
        hub = read(cls, options, **kwargs)
        return dataclasses.replace(
            hub,
            approval_remember=hub.approval_remember or MAX_APPROVAL_REMEMBER,
            confirm_conditions=_EveryToolConditioned(hub.confirm_conditions),
        )

    decide = Approvals.async_decide

    def async_decide(
        self: Approvals, approval_id: str, user: Any, *, approve: bool, remember: int | None = None
    ) -> Approval:
        approval = self._approvals.get(approval_id)
        if approve and remember is None and approval is not None and approval.remember_max:
            remember = approval.remember_max
        return decide(self, approval_id, user, approve=approve, remember=remember)

    monkeypatch.setattr(HubOptions, "from_options", classmethod(from_options))
    monkeypatch.setattr(Approvals, "async_decide", async_decide)
