"""Home Assistant's template environment whose single operations cannot build a huge value.

A render thread cannot be stopped inside one operation, so ``*``, ``**``, ``%``, ``+``, ``~``,
the width, padding and joining methods of text and the filters that pad are checked before
they run; one making a value over ``VALUE_LIMIT`` characters, items or digits raises
``ValueTooLargeError`` instead. The regular expression filters and tests run on the ``regex``
package, whose matching releases the GIL and ends at the render's ``deadline``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
import functools
import math
import re
import time
import types
from typing import Any, Final, override

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedFormatter
import regex

from homeassistant.helpers.template import TemplateEnvironment

__all__ = ["VALUE_LIMIT", "BoundedTemplateEnvironment", "ValueTooLargeError", "deadline"]

# Characters, items or digits one operation of a template tool may make: its output cap.
VALUE_LIMIT: Final = 16 * 1024

_PERCENT: Final = re.compile(
    r"%(?P<key>\([^)]*\))?[-#0 +]*(?P<width>\*|\d+)?(?:\.(?P<precision>\*|\d*))?[hlL]?(?P<type>.)",
    re.DOTALL,
)
_DIGITS: Final = re.compile(r"\d+")
_PADDING: Final = frozenset({"center", "ljust", "rjust", "zfill"})
# Characters of a field the format check keeps: enough for a nested width or precision.
_NESTED: Final = 32
_REPLACE_ARGS: Final = 2
# Seconds one regular expression may run outside a render that set ``deadline``.
_REGEX_TIME_LIMIT: Final = 3.0

# When (``time.monotonic()``) the render running in this thread must end.
deadline: ContextVar[float | None] = ContextVar("llm_hub_template_deadline", default=None)


class ValueTooLargeError(ValueError):
    """An operation of a template would make a value over ``VALUE_LIMIT``."""


def _check(what: str, size: int) -> None:
    """Raise ``ValueTooLargeError`` when ``what`` would make ``size`` (characters, items)."""
    if size > VALUE_LIMIT:
        raise ValueTooLargeError(
            f"{what} would make a value of {size} characters or items; "
            f"one operation may make at most {VALUE_LIMIT}"
        )


def _size(value: Any) -> int:
    """Return the characters, items or decimal digits of ``value`` (0: not sized)."""
    if isinstance(value, (str, bytes, list, tuple)):
        return len(value)
    if isinstance(value, int):
        return math.ceil(value.bit_length() * math.log10(2))
    return 0


def _check_percent(fmt: str | bytes, args: Any) -> None:
    """Check ``fmt % args``: its widths and precisions (``*`` included) add up to the limit."""
    text = fmt.decode(errors="replace") if isinstance(fmt, bytes) else fmt
    values = list(args) if isinstance(args, tuple) else [args]
    padding = 0
    for match in _PERCENT.finditer(text):
        for part in ("width", "precision"):
            if (number := match[part]) == "*":
                star = values.pop(0) if values else 0
                padding += abs(star) if isinstance(star, int) else 0
            elif number:
                padding += int(number)
        if match["type"] != "%" and match["key"] is None and values:
            values.pop(0)
    _check("'%' formatting", len(text) + padding)


def _binop(operator: str, left: Any, right: Any) -> int:  # noqa: PLR0911
    """Return the size ``left <operator> right`` would have (0: not a sized result)."""
    if operator == "%":
        if isinstance(left, (str, bytes)):
            _check_percent(left, right)
        return 0
    if operator == "+":
        return _size(left) + _size(right) if type(left) is type(right) else 0
    if operator == "**":
        if type(left) is int and type(right) is int and right > 0 and abs(left) > 1:
            return math.ceil(left.bit_length() * right * math.log10(2))
        return 0
    # "*": a sequence repeated, or two whole numbers.
    if isinstance(left, int) and not isinstance(right, int):
        left, right = right, left
    if not isinstance(right, int) or isinstance(right, bool):
        return 0
    if isinstance(left, (str, bytes, list, tuple)):
        return len(left) * max(right, 0)
    return _size(left) + _size(right) if type(left) is int else 0


def _text_method(method: types.BuiltinMethodType, args: Sequence[Any]) -> tuple[Any, ...]:
    """Check a width, padding or joining method of a text; return the arguments to call with."""
    text: Any = method.__self__
    name = method.__name__
    if name in _PADDING and args and isinstance(args[0], int):
        _check(f"{name}()", args[0])
    elif name == "expandtabs":
        tabsize = args[0] if args and isinstance(args[0], int) else 8
        _check(
            "expandtabs()",
            len(text) + text.count("\t" if isinstance(text, str) else b"\t") * tabsize,
        )
    elif name == "replace" and len(args) >= _REPLACE_ARGS:
        _check_replace(
            text, args[0], args[1], args[_REPLACE_ARGS] if len(args) > _REPLACE_ARGS else -1
        )
    elif name == "translate" and args and isinstance(text, str):
        _check("translate()", _translated_size(text, args[0]))
    elif name == "join" and args:
        items = args[0] if isinstance(args[0], (list, tuple)) else list(args[0])
        _check("join()", sum(map(_size, items)) + max(len(items) - 1, 0) * len(text))
        return (items, *args[1:])
    return tuple(args)


def _translated_size(text: str, table: Any) -> int:
    """Return the characters ``text.translate(table)`` makes (a mapping, text or list)."""
    size = 0
    for char, count in Counter(text).items():
        try:
            value = table[ord(char)]
        except LookupError, TypeError:
            value = char
        size += count * (len(value) if isinstance(value, str) else int(value is not None))
    return size


def _check_replace(text: Any, old: Any, new: Any, count: Any) -> None:
    """Check ``text.replace(old, new, count)``."""
    if type(text) not in {str, bytes} or type(old) is not type(text) or type(new) is not type(text):
        return
    found = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    _check("replace", len(text) + found * (len(new) - len(old)))


def _is_format(method: Any) -> bool:
    """Return whether ``method`` is the ``format`` or ``format_map`` of a text."""
    return (
        isinstance(method, types.BuiltinMethodType)
        and isinstance(method.__self__, str)
        and method.__name__ in {"format", "format_map"}
    )


class _SpecChecker(SandboxedFormatter):
    """Walks a ``str.format`` call, nested fields resolved, adding up what its fields make."""

    made = 0

    @override
    def format_field(self, value: Any, format_spec: str) -> Any:
        """Add a field's numbers (width, precision) to the total; check it; format it short."""
        self.made += sum(int(number) for number in _DIGITS.findall(format_spec))
        _check("format()", self.made)
        text: str = super().format_field(value, format_spec)
        # A nested field (a width) needs its text; the outer ones need only their size.
        self.made += len(text)
        _check("format()", self.made)
        return text if len(text) <= _NESTED else ""


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles ``~`` so that its result is checked."""

    @override
    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        """Write the concatenation inside ``environment.checked_concat(...)``."""
        self.write("environment.checked_concat(")
        super().visit_Concat(node, frame)
        self.write(")")


type _FilterCheck = Callable[[list[Any], dict[str, Any]], None]
"""Checks a filter's arguments (its value first), materialising an iterable in place."""


def _bounded_filter(function: Callable[..., Any], check: _FilterCheck) -> Callable[..., Any]:
    """Return ``function`` that runs ``check`` on its arguments first (its pass_ marks kept)."""
    passed = 1 if getattr(function, "jinja_pass_arg", None) is not None else 0

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        given = list(args[passed:])
        check(given, kwargs)
        return function(*args[:passed], *given, **kwargs)

    return bounded


def _arg(args: list[Any], kwargs: Mapping[str, Any], index: int, name: str) -> Any:
    """Return argument ``index`` or ``name`` of a filter call (None when not given)."""
    return args[index] if len(args) > index else kwargs.get(name)


def _indent_size(args: list[Any], kwargs: dict[str, Any]) -> None:
    text, width = str(args[0]), _arg(args, kwargs, 1, "width")
    width = width if isinstance(width, int) else len(str(width or ""))
    _check("indent", len(text) + (text.count("\n") + 1) * width)


def _center_size(args: list[Any], kwargs: dict[str, Any]) -> None:
    width = _arg(args, kwargs, 1, "width")
    _check("center", width if isinstance(width, int) else 0)


def _batch_size(args: list[Any], kwargs: dict[str, Any]) -> None:
    count, fill = _arg(args, kwargs, 1, "linecount"), _arg(args, kwargs, 2, "fill_with")
    _check("batch", count if isinstance(count, int) and fill is not None else 0)


def _slice_size(args: list[Any], kwargs: dict[str, Any]) -> None:
    count = _arg(args, kwargs, 1, "slices")
    _check("slice", count if isinstance(count, int) else 0)


def _format_size(args: list[Any], kwargs: dict[str, Any]) -> None:
    _check_percent(str(args[0]), kwargs or tuple(args[1:]))


def _join_size(args: list[Any], kwargs: dict[str, Any]) -> None:
    if not isinstance(args[0], (list, tuple)):
        args[0] = list(args[0])
    separator = str(_arg(args, kwargs, 1, "d") or "")
    _check("join", sum(map(_size, args[0])) + max(len(args[0]) - 1, 0) * len(separator))


def _replace_size(args: list[Any], kwargs: dict[str, Any]) -> None:
    old, new = str(_arg(args, kwargs, 1, "old")), str(_arg(args, kwargs, 2, "new"))
    _check_replace(str(args[0]), old, new, _arg(args, kwargs, 3, "count"))


def _sum_size(args: list[Any], kwargs: dict[str, Any]) -> None:
    start = _arg(args, kwargs, 2, "start")
    if not isinstance(start, (list, tuple)):
        return
    if not isinstance(args[0], (list, tuple)):
        args[0] = list(args[0])
    if _arg(args, kwargs, 1, "attribute") is not None:
        raise ValueTooLargeError("sum of lists by an attribute is not allowed in a tool")
    _check("sum", len(start) + sum(map(_size, args[0])))


def _time_left() -> float:
    end = deadline.get()
    return _REGEX_TIME_LIMIT if end is None else max(end - time.monotonic(), 0.0)


@functools.lru_cache(maxsize=128)
def _compiled(find: str, ignorecase: bool) -> Any:
    return regex.compile(find, regex.IGNORECASE if ignorecase else 0)  # type: ignore[attr-defined]


def _regex_match(value: Any, find: str = "", ignorecase: bool = False) -> bool:
    return bool(_compiled(find, ignorecase).match(str(value), timeout=_time_left()))


def _regex_search(value: Any, find: str = "", ignorecase: bool = False) -> bool:
    return bool(_compiled(find, ignorecase).search(str(value), timeout=_time_left()))


def _regex_findall(value: Any, find: str = "", ignorecase: bool = False) -> list[Any]:
    found: list[Any] = _compiled(find, ignorecase).findall(str(value), timeout=_time_left())
    return found


def _regex_findall_index(
    value: Any, find: str = "", index: int = 0, ignorecase: bool = False
) -> Any:
    return _regex_findall(value, find, ignorecase)[index]


def _regex_replace(
    value: Any = "", find: str = "", replace: str = "", ignorecase: bool = False
) -> str:
    text = str(value)
    made = len(text)

    def expand(match: Any) -> str:
        nonlocal made
        new: str = match.expand(replace)
        made += len(new) - (match.end() - match.start())
        _check("regex_replace", made)
        return new

    return str(_compiled(find, ignorecase).sub(expand, text, timeout=_time_left()))


_REGEX_FILTERS: Final[Mapping[str, Callable[..., Any]]] = {
    "regex_match": _regex_match,
    "regex_search": _regex_search,
    "regex_findall": _regex_findall,
    "regex_findall_index": _regex_findall_index,
    "regex_replace": _regex_replace,
}
_REGEX_TESTS: Final[Mapping[str, Callable[..., Any]]] = {
    "match": _regex_match,
    "search": _regex_search,
}

_FILTER_CHECKS: Final[Mapping[str, _FilterCheck]] = {
    "batch": _batch_size,
    "center": _center_size,
    "format": _format_size,
    "indent": _indent_size,
    "join": _join_size,
    "replace": _replace_size,
    "slice": _slice_size,
    "sum": _sum_size,
}


class BoundedTemplateEnvironment(TemplateEnvironment):
    """Home Assistant's template environment whose operations stay within ``VALUE_LIMIT``."""

    code_generator_class = _BoundedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Make Home Assistant's environment, its padding and joining filters checked."""
        super().__init__(*args, **kwargs)
        for name, check in _FILTER_CHECKS.items():
            self.filters[name] = _bounded_filter(self.filters[name], check)
        self.filters.update(_REGEX_FILTERS)
        self.tests.update(_REGEX_TESTS)

    @override
    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        """Run ``left <operator> right`` unless its result would be over the limit."""
        _check(f"'{operator}'", _binop(operator, left, right))
        return super().call_binop(context, operator, left, right)

    @override
    def call(__self, __context: Context, __obj: Any, /, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        """Call ``__obj`` unless it is a text method whose result would be over the limit."""
        wrapped: Any = (
            getattr(__obj, "__wrapped__", None) if type(__obj) is types.FunctionType else None
        )
        if isinstance(__obj, types.BuiltinMethodType) and isinstance(__obj.__self__, (str, bytes)):
            args = _text_method(__obj, args)
        elif _is_format(wrapped):
            # A str.format or str.format_map the sandbox wrapped.
            fields = args[0] if wrapped.__name__ == "format_map" and args else kwargs
            _SpecChecker(__self).vformat(wrapped.__self__, args if fields is kwargs else (), fields)
        return super().call(__context, __obj, *args, **kwargs)

    def checked_concat(self, value: str) -> str:
        """Return the result of a ``~`` when it is within the limit."""
        _check("'~'", len(value))
        return value
