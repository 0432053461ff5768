"""Values for property tests: Hypothesis's settings, its examples one by one, any JSON value."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings, strategies as st

EXAMPLES = int(os.environ.get("LLM_HUB_HYPOTHESIS_EXAMPLES", "100"))

# No deadline and no "too slow" health check: both depend on the machine's load, not the code.
PROPERTY = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def examples[T](strategy: st.SearchStrategy[T]) -> list[T]:
    """Return Hypothesis's examples of ``strategy``, to try one by one in an async test."""
    found: list[T] = []

    @PROPERTY
    @given(strategy)
    def collect(value: T) -> None:
        found.append(value)

    collect()
    return found


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=30,
)
"""Any value ``json.loads`` can return (and floats JSON cannot write: NaN, infinities)."""
