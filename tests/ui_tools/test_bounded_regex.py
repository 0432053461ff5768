"""The bounded environment's regular expressions, ``translate`` and ``sum``."""

from __future__ import annotations

import time

import pytest

from custom_components.llm_hub.ui_tools.bounded import (
    VALUE_LIMIT,
    BoundedTemplateEnvironment,
    ValueTooLargeError,
    deadline,
)
from homeassistant.core import HomeAssistant


def _render(hass: HomeAssistant, source: str, **variables: object) -> str:
    return BoundedTemplateEnvironment(hass, strict=True).from_string(source).render(**variables)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("{{ 'Kitchen Light' | regex_match('kitchen', ignorecase=True) }}", "True"),
        ("{{ 'Kitchen Light' | regex_search('Light') }}", "True"),
        ("{{ 'Kitchen Light' is match('Light') }}", "False"),
        ("{{ 'Kitchen Light' is search('Light') }}", "True"),
        ("{{ 'a1b22c333' | regex_findall('\\\\d+') }}", "['1', '22', '333']"),
        ("{{ 'a1b22c333' | regex_findall_index('\\\\d+', 2) }}", "333"),
        ("{{ 'a1b2' | regex_replace('(\\\\d)', '<\\\\1>') }}", "a<1>b<2>"),
    ],
)
async def test_regex_filters_as_home_assistant(
    hass: HomeAssistant, source: str, expected: str
) -> None:
    """The filters and tests answer as Home Assistant's own do."""
    assert _render(hass, source) == expected


async def test_regex_replace_over_the_limit(hass: HomeAssistant) -> None:
    """A replacement that would make more than the limit stops before it is built."""
    with pytest.raises(ValueTooLargeError):
        _render(hass, "{{ ('x' * 200) | regex_replace('x', 'y' * 100) }}")
    assert len(_render(hass, "{{ ('x' * 100) | regex_replace('x', 'yy') }}")) == 200


async def test_regex_stops_at_the_deadline(hass: HomeAssistant) -> None:
    """A pattern that backtracks in ``regex`` too ends at the render's deadline."""
    token = deadline.set(time.monotonic() + 0.5)
    # This thread's CPU time, not the wall clock: on a busy machine (the suite runs in two
    # workers) waiting for a core is no work. Without the deadline the match runs for minutes.
    started = time.thread_time()
    try:
        with pytest.raises(TimeoutError):
            _render(hass, "{{ t | regex_search('(a|a)+$') }}", t="a" * 28 + "b")
    finally:
        deadline.reset(token)
    assert time.thread_time() - started < 2.0


async def test_translate_sized(hass: HomeAssistant) -> None:
    """``translate`` by a mapping or a list is sized; unmapped characters count once."""
    assert _render(hass, "{{ 'abc'.translate({97: 'xyz'}) }}") == "xyzbc"
    assert _render(hass, "{{ 'ab'.translate(['q'] * 98) }}") == "qb"
    with pytest.raises(ValueTooLargeError):
        _render(hass, "{{ ('a' * 200).translate({97: 'x' * 100}) }}")


async def test_sum_of_lists_sized(hass: HomeAssistant) -> None:
    """``sum`` with a list start is sized; by an attribute it is refused."""
    assert _render(hass, "{{ [[1], [2, 3]] | sum(start=[]) }}") == "[1, 2, 3]"
    assert _render(hass, "{{ ([[1], [2]] | map('list')) | sum(start=[]) }}") == "[1, 2]"
    assert _render(hass, "{{ [1, 2] | sum }}") == "3"
    with pytest.raises(ValueTooLargeError):
        _render(hass, "{{ ([[0] * 200] * 100) | sum(start=[]) }}")
    with pytest.raises(ValueTooLargeError):
        _render(hass, "{{ [{'a': [1]}] | sum(attribute='a', start=[]) }}")
    assert VALUE_LIMIT < 200 * 100
