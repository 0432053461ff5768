"""Tool parameters that model providers refuse once converted, one small tool per kind.

Each ``Case`` is the ``parameters`` of one tool, written the way integrations write them
(probatio, or ``import voluptuous as vol``, which Home Assistant aliases to probatio), with a
call a model would make from the clean schema the hub exposes and the arguments the tool must
get after validation. ``fixes`` names the rewrites the case is there to exercise: each must
appear in what the hub records for the tool, so a case cannot pass without hitting its rule.

``HIDDEN`` are tools no provider could be given: the hub leaves them out, saying why.

``Described`` stands for what a third-party ``custom_serializer`` answers for its own
validators: any JSON Schema, including shapes probatio itself never emits (draft-4 booleans,
type lists, ``$ref``...). ``corpus_serializer`` is that serializer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
import importlib
import sys
from types import ModuleType
from typing import Any

import probatio
import voluptuous as vol

from homeassistant.helpers import config_validation as cv, selector


@dataclass(frozen=True)
class Case:
    """One tool's parameters, a call a model would make, and what the tool must get."""

    name: str
    """The tool's name (portable, so the case is about its schema alone)."""
    parameters: Any
    call: dict[str, Any]
    """Arguments as a model gives them, valid for the exposed schema."""
    expected: dict[str, Any]
    """The arguments the tool gets: the model's own, with the declared defaults of what it
    left out, and the values the hub asked for as text made what the parameters make of them
    (``arguments.tool_arguments``)."""
    fixes: tuple[str, ...] = ()
    """Words of the rewrites this case exercises (each must be in one recorded fix)."""
    schema: dict[str, Any] | None = None
    """The exact clean schema, where the case pins it down."""


@dataclass(frozen=True)
class HiddenCase:
    """Parameters no provider could be given: the tool is left out with ``reason``."""

    name: str
    parameters: Any
    reason: str
    """Words the logged reason must contain."""


@dataclass(frozen=True, eq=False)
class Described:
    """A third-party validator whose serializer answers ``json_schema`` for it."""

    json_schema: Any
    validate: Callable[[Any], Any] = field(default=lambda value: value)

    def __call__(self, value: Any) -> Any:
        """Validate like the third-party validator would."""
        return self.validate(value)


def corpus_serializer(schema: Any) -> Any:
    """Answer what a third-party ``custom_serializer`` answers for ``Described``."""
    if isinstance(schema, Described):
        return schema.json_schema
    return probatio.UNSUPPORTED


def _raise(schema: Any) -> Any:
    """A serializer with a bug of its own."""
    if isinstance(schema, Broken):
        raise RuntimeError("serializer bug")  # noqa: TRY004  # a bug, not a wrong type
    return probatio.UNSUPPORTED


class Broken:
    """A validator its serializer fails on."""

    def __call__(self, value: Any) -> Any:
        """Accept anything."""
        return value


def real_voluptuous() -> ModuleType:
    """Return the genuine voluptuous package, which Home Assistant hides behind probatio.

    Home Assistant 2026.10 and 2026.11 both alias ``voluptuous`` to probatio at import, so
    an integration never gets the real one; this loads it anyway, to show what the hub does
    with schemas probatio cannot read.
    """
    names = [name for name in sys.modules if name.split(".")[0] == "voluptuous"]
    saved = {name: sys.modules.pop(name) for name in names}
    try:
        module = importlib.import_module("voluptuous")
    finally:
        for name in [name for name in sys.modules if name.split(".")[0] == "voluptuous"]:
            del sys.modules[name]
        sys.modules.update(saved)
    return module


def _not_text(value: Any) -> Any:
    """A custom validator: anything but text."""
    if isinstance(value, str):
        raise probatio.Invalid("text is not allowed")
    return value


def _positive(value: Any) -> Any:
    """A custom validator the converter cannot see into."""
    if value <= 0:
        raise probatio.Invalid("must be positive")
    return value


def _broken_validator(value: Any) -> Any:
    """A custom validator with a bug of its own."""
    raise ZeroDivisionError


def _looping() -> dict[str, Any]:
    """Return a raw schema that holds itself (no finite JSON Schema)."""
    schema: dict[str, Any] = {}
    schema["self"] = schema
    return schema


def _selector_call(**changed: Any) -> dict[str, Any]:
    """Return a call of the tool of selectors (a new one each time), with ``changed``."""
    return {
        "entity": "light.kitchen",
        "target": {"area_id": ["kitchen"]},
        "level": 3,
        "choice": ["a"],
        "duration": {"minutes": 1},
        **changed,
    }


CASES: list[Case] = [
    Case(
        "top_level_any_of",
        vol.Schema(
            vol.Any(
                {vol.Required("entity_id"): cv.entity_id, vol.Optional("brightness"): int},
                {vol.Required("area"): cv.string, vol.Optional("brightness"): int},
            )
        ),
        call={"area": "Kitchen", "brightness": 40},
        expected={"area": "Kitchen", "brightness": 40},
        fixes=("alternative objects merged",),
        schema={
            "type": "object",
            "properties": {
                "entity_id": {"type": "string", "description": "Give entity_id; or area."},
                "brightness": {"type": "integer"},
                "area": {"type": "string", "description": "Give entity_id; or area."},
            },
            "additionalProperties": False,
        },
    ),
    Case(
        "at_least_one_key",
        probatio.Schema({probatio.Required(probatio.Any("name", "area")): str}),
        call={"name": "Lamp"},
        expected={"name": "Lamp"},
        fixes=("alternative objects merged",),
    ),
    Case(
        "has_at_least_one_key",
        vol.Schema(
            vol.All(
                {vol.Optional("name"): cv.string, vol.Optional("area"): cv.string},
                cv.has_at_least_one_key("name", "area"),
            )
        ),
        call={"area": "Hall"},
        expected={"area": "Hall"},
    ),
    Case(
        "empty_branch_and_property",
        probatio.Schema(
            {
                probatio.Required("value"): probatio.Any(int, lambda value: value),
                probatio.Optional("anything", description="Passed on as it is"): object,
            }
        ),
        call={"value": 3, "anything": "x"},
        expected={"value": 3, "anything": "x"},
        fixes=("alternative that accepts any value left out", "taken as text"),
        schema={
            "type": "object",
            "properties": {
                "value": {"type": "integer"},
                "anything": {
                    "type": "string",
                    "description": "Passed on as it is. Give it as text; the tool checks it "
                    "when called.",
                },
            },
            "required": ["value"],
            "additionalProperties": False,
        },
    ),
    Case(
        "required_not_declared",
        probatio.Schema(
            Described(
                {
                    "type": "object",
                    "properties": {"text": {"type": "string"}},
                    "required": ["text", "language"],
                }
            )
        ),
        call={"text": "hi", "language": "en"},
        expected={"text": "hi", "language": "en"},
        fixes=("required but not declared",),
    ),
    Case(
        "enum_of_numbers_coerced",
        probatio.Schema(
            {probatio.Required("level"): probatio.All(probatio.Coerce(int), probatio.In([1, 2, 3]))}
        ),
        call={"level": "2"},
        expected={"level": 2},
        fixes=("enum values given as text",),
        schema={
            "type": "object",
            "properties": {"level": {"type": "string", "enum": ["1", "2", "3"]}},
            "required": ["level"],
            "additionalProperties": False,
        },
    ),
    Case(
        "enum_of_numbers_strict",
        vol.Schema(
            {vol.Required("level"): vol.In([1, 2, 3]), vol.Optional("speed"): vol.In([0.5, 1])}
        ),
        call={"level": 3, "speed": 0.5},
        expected={"level": 3, "speed": 0.5},
        fixes=("listed in the description",),
        schema={
            "type": "object",
            "properties": {
                "level": {"type": "integer", "description": "One of: 1, 2, 3."},
                "speed": {"type": "number", "description": "One of: 0.5, 1."},
            },
            "required": ["level"],
            "additionalProperties": False,
        },
    ),
    Case(
        "enum_mixed_and_boolean",
        probatio.Schema(
            {
                probatio.Required("mode"): probatio.In(["auto", 0, 1]),
                probatio.Optional("on"): probatio.In([True, False]),
                probatio.Optional("confirm"): True,
                probatio.Optional("choice"): probatio.In([None, "a", "b"]),
            }
        ),
        call={"mode": "auto", "on": False, "confirm": True, "choice": "b"},
        expected={"mode": "auto", "on": False, "confirm": True, "choice": "b"},
        fixes=("listed in the description",),
    ),
    Case(
        "string_formats",
        vol.Schema(
            {
                vol.Required("day"): vol.Date(),
                vol.Optional("at"): probatio.Time(),
                vol.Optional("when"): vol.Datetime(),
                vol.Optional("email"): vol.Email(),
                vol.Optional("period"): probatio.Duration(),
                vol.Optional("lower"): vol.All(str, vol.Lower),
                vol.Optional("color"): selector.ColorRGBSelector(),
                vol.Optional("country"): selector.CountrySelector(),
            }
        ),
        call={"day": "2026-01-02", "at": "10:30:00", "when": "2026-01-02T10:30:00.000000Z"},
        expected={"day": "2026-01-02", "at": "10:30:00", "when": "2026-01-02T10:30:00.000000Z"},
        fixes=("format date ", "format time ", "format duration", "format RGB", "format ISO"),
    ),
    Case(
        "exclusive_bounds",
        probatio.Schema(
            {
                probatio.Required("count"): probatio.All(
                    int, probatio.Range(min=0, max=10, min_included=False, max_included=False)
                ),
                probatio.Optional("ratio"): probatio.All(
                    float, probatio.Range(min=0, max=1, min_included=False)
                ),
                probatio.Optional("old_style"): Described(
                    {"type": "integer", "minimum": 5, "exclusiveMinimum": True}
                ),
            }
        ),
        call={"count": 9, "ratio": 0.5, "old_style": 6},
        expected={"count": 9, "ratio": 0.5, "old_style": 6},
        fixes=("exclusiveMinimum taken as minimum", "boolean exclusiveMinimum (draft 4)"),
        schema={
            "type": "object",
            "properties": {
                "count": {"type": "integer", "minimum": 1, "maximum": 9},
                "ratio": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1,
                    "description": "Greater than 0.",
                },
                "old_style": {"type": "integer", "minimum": 6},
            },
            "required": ["count"],
            "additionalProperties": False,
        },
    ),
    Case(
        "validators_it_cannot_express",
        vol.Schema(
            {
                vol.Required("amount"): vol.All(vol.Coerce(float), _positive),
                vol.Optional("anything"): lambda value: value,
                vol.Optional("not_text"): _not_text,
                vol.Optional("muted"): probatio.Boolean(),
            }
        ),
        call={"amount": 2.5, "anything": "x", "muted": "true"},
        expected={"amount": 2.5, "anything": "x", "muted": True},
        fixes=("taken as text",),
    ),
    Case(
        "objects_and_arrays_without_items",
        probatio.Schema(
            {
                probatio.Optional("tags"): list,
                probatio.Optional("options"): dict,
                probatio.Optional("rows"): [dict],
                probatio.Optional("counts"): {str: int},
                probatio.Optional("pair"): probatio.ExactSequence([str, int]),
                probatio.Optional("tree"): {
                    probatio.Optional("name"): str,
                    probatio.Optional("children"): [probatio.Self],
                },
            }
        ),
        call={"tags": ["a"], "options": {"x": 1}, "rows": [{"y": 2}], "counts": {"a": 1}},
        expected={"tags": ["a"], "options": {"x": 1}, "rows": [{"y": 2}], "counts": {"a": 1}},
        fixes=(
            "items the schema does not describe",
            "additionalProperties",
            "items by position",
            "reference ($ref)",
        ),
    ),
    Case(
        "nullable",
        vol.Schema(
            {
                vol.Required("name"): vol.Any(None, str),
                vol.Optional("count"): vol.Maybe(int),
                vol.Optional("nothing"): None,
            }
        ),
        call={"name": "x", "count": 1},
        expected={"name": "x", "count": 1},
        fixes=("alternative that accepts only null left out", "nothing: left out"),
        schema={
            "type": "object",
            "properties": {"name": {"type": "string"}, "count": {"type": "integer"}},
            "required": ["name"],
            "additionalProperties": False,
        },
    ),
    Case(
        "core_validators",
        vol.Schema(
            {
                vol.Required("name"): cv.string,
                vol.Optional("count"): cv.positive_int,
                vol.Optional("mode"): vol.In(["heat", "cool"]),
                vol.Optional("level"): vol.All(vol.Coerce(int), vol.Range(min=0, max=100)),
                vol.Optional("note"): vol.Any(None, cv.string),
                vol.Optional("entities"): cv.ensure_list,
                vol.Optional("entity_ids"): cv.entity_ids,
                vol.Optional("at"): vol.Datetime(),
                vol.Optional("for"): cv.time_period,
                vol.Optional("on"): cv.boolean,
            }
        ),
        call={
            "name": "x",
            "count": 2,
            "level": 50,
            "entities": "light.a",
            "entity_ids": ["light.a"],
            "for": {"minutes": 5},
            "on": True,
        },
        expected={
            "name": "x",
            "count": 2,
            "level": 50,
            "entities": ["light.a"],
            "entity_ids": ["light.a"],
            # The model's own value (a tool called directly gets it so), not the timedelta.
            "for": {"minutes": 5},
            "on": True,
        },
        fixes=("types taken as object", "types taken as array", "taken as text"),
    ),
    Case(
        "selectors",
        probatio.Schema(
            {
                probatio.Required("entity"): selector.EntitySelector(),
                probatio.Optional("target"): selector.TargetSelector(),
                probatio.Optional("level"): selector.NumberSelector(
                    selector.NumberSelectorConfig(min=0, max=10)
                ),
                probatio.Optional("choice"): selector.SelectSelector(
                    selector.SelectSelectorConfig(options=["a", "b"], multiple=True)
                ),
                probatio.Optional("data"): selector.ObjectSelector(),
                probatio.Optional("duration"): selector.DurationSelector(),
                probatio.Optional("where"): selector.LocationSelector(),
                probatio.Optional("template"): selector.TemplateSelector(),
                probatio.Optional("constant"): selector.ConstantSelector(
                    selector.ConstantSelectorConfig(value=5)
                ),
                probatio.Optional("language"): selector.LanguageSelector(),
                probatio.Optional("time"): selector.TimeSelector(),
                probatio.Optional("media"): selector.MediaSelector(),
            }
        ),
        call=_selector_call(),
        expected=_selector_call(level=3.0),  # the number selector reads a float
        fixes=("format entity_id", "format jinja2", "format RFC 5646", "format time"),
    ),
    Case(
        "group_rules",
        probatio.Schema(
            {
                probatio.Exclusive("brightness", "level"): int,
                probatio.Exclusive("brightness_pct", "level"): int,
                probatio.Inclusive("latitude", "place"): float,
                probatio.Inclusive("longitude", "place"): float,
            }
        ),
        call={"brightness": 3, "latitude": 1.0, "longitude": 2.0},
        expected={"brightness": 3, "latitude": 1.0, "longitude": 2.0},
        schema={
            "type": "object",
            "properties": {
                "brightness": {
                    "type": "integer",
                    "description": "Do not give together with brightness_pct.",
                },
                "brightness_pct": {
                    "type": "integer",
                    "description": "Do not give together with brightness.",
                },
                "latitude": {"type": "number", "description": "Give together with longitude."},
                "longitude": {"type": "number", "description": "Give together with latitude."},
            },
            "additionalProperties": False,
        },
    ),
    Case(
        "exactly_one_of",
        probatio.Schema(
            {
                probatio.Exclusive("entity_id", "what", required=True): str,
                probatio.Exclusive("area", "what", required=True): str,
            }
        ),
        call={"area": "Hall"},
        expected={"area": "Hall"},
    ),
    Case(
        "property_names",
        probatio.Schema(
            {
                probatio.Required("name"): str,
                probatio.Optional("entity id"): str,
                probatio.Optional("filter[x]"): str,
                probatio.Optional("x" * 65): str,
            }
        ),
        call={"name": "a"},
        expected={"name": "a"},
        fixes=("Anthropic refuses the name",),
        schema={
            "type": "object",
            "properties": {"name": {"type": "string"}},
            "required": ["name"],
            "additionalProperties": False,
        },
    ),
    Case(
        "third_party_serializer",
        probatio.Schema(
            {
                probatio.Optional("maybe"): Described({"type": ["string", "null"]}),
                probatio.Optional("either"): Described({"type": ["string", "integer"]}),
                probatio.Optional("no_items"): Described({"type": "array"}),
                probatio.Optional("tuple"): Described(
                    {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}
                ),
                probatio.Optional("fixed"): Described({"const": "x"}),
                probatio.Optional("nullable_enum"): Described(
                    {"type": "string", "enum": ["a", None], "nullable": True}
                ),
                probatio.Optional("annotated"): Described(
                    {"type": "string", "title": "T", "examples": ["x"], "deprecated": False}
                ),
                probatio.Optional("both"): Described(
                    {"allOf": [{"type": "number"}, {"type": "integer", "minimum": 1}]}
                ),
                probatio.Optional("not_x"): Described({"type": "string", "not": {"enum": ["x"]}}),
                probatio.Optional("python_regex"): Described(
                    {"type": "string", "pattern": "(?P<word>a+)"}
                ),
                probatio.Optional("regex"): Described({"type": "string", "pattern": "^a+$"}),
                probatio.Optional("half"): Described({"type": "number", "multipleOf": 0.5}),
                probatio.Optional("ref"): Described({"$ref": "#/$defs/thing"}),
                probatio.Optional("nonsense"): Described(
                    {"anyOf": ["not a schema", False, {"type": "string"}]}
                ),
                probatio.Optional("one_of"): Described(
                    {"oneOf": [{"type": "string"}, {"type": "boolean"}]}
                ),
                probatio.Optional("impossible"): Described({"type": "null"}),
                probatio.Optional("no_item"): Described({"type": "array", "items": False}),
                probatio.Optional("open_object"): Described(
                    {"type": "object", "additionalProperties": True}
                ),
                probatio.Optional("sized"): Described(
                    {
                        "type": "array",
                        "items": {"type": "string", "description": "A name"},
                        "minItems": 1,
                        "maxItems": 3,
                        "uniqueItems": True,
                    }
                ),
                probatio.Optional("text"): Described(
                    {"type": "string", "minLength": 1, "maxLength": 5, "default": "a"}
                ),
            }
        ),
        call={"maybe": "a", "either": "1", "no_items": ["a"], "fixed": "x", "regex": "aa"},
        expected={"maybe": "a", "either": "1", "no_items": ["a"], "fixed": "x", "regex": "aa"},
        fixes=(
            "null is not offered",
            "types taken as string",
            "items the schema does not describe",
            "items by position",
            "reference ($ref)",
            "impossible: left out: it accepts only null",
            "an alternative that accepts no value left out",
            "'not a schema' is not a schema",
            "Python's own regex",
            "multipleOf",
        ),
    ),
    Case(
        "serializer_edge_cases",
        probatio.Schema(
            {
                probatio.Optional("unknown_type"): Described({"type": "foo"}),
                probatio.Optional("types_and_any_of"): Described(
                    {"type": ["string", "integer"], "anyOf": [{"minLength": 1}, {"minimum": 1}]}
                ),
                probatio.Optional("all_of_objects"): Described(
                    {
                        "allOf": [
                            {
                                "type": "object",
                                "properties": {"a": {"type": "string"}},
                                "required": ["a"],
                            },
                            {
                                "properties": {"a": {"minLength": 1}, "b": {"type": "integer"}},
                                "required": ["b"],
                            },
                            "not a schema",
                        ]
                    }
                ),
                probatio.Optional("all_of_bounds"): Described(
                    {
                        "allOf": [
                            {"type": "integer", "minimum": 1, "maximum": 9, "format": "int32"},
                            {"minimum": 2, "maximum": 5, "format": "int64"},
                        ]
                    }
                ),
                probatio.Optional("all_of_nots"): Described(
                    {
                        "allOf": [
                            {"type": "string", "not": {"enum": ["a"]}},
                            {"not": {"enum": ["b"]}},
                        ]
                    }
                ),
                probatio.Optional("one_of_and_any_of"): Described(
                    {"anyOf": [{"type": "string"}], "oneOf": [{"type": "integer"}]}
                ),
                probatio.Optional("any_of_null"): Described({"anyOf": [{"type": "null"}]}),
                probatio.Optional("any_of_not_a_list"): Described({"type": "string", "anyOf": {}}),
                probatio.Optional("any_of_default"): Described(
                    {"anyOf": [{"type": "string"}, {"type": "integer"}], "default": "x"}
                ),
                probatio.Optional("string_enums"): Described(
                    {
                        "anyOf": [
                            {"type": "string", "enum": ["a"], "maxLength": 1},
                            {"type": "string", "enum": ["b"], "maxLength": 1},
                        ]
                    }
                ),
                probatio.Optional("number_ranges"): Described(
                    {
                        "anyOf": [
                            {"type": "integer", "minimum": 1, "maximum": 5},
                            {"type": "number", "minimum": 0, "maximum": 3},
                        ]
                    }
                ),
                probatio.Optional("booleans"): Described(
                    {"anyOf": [{"type": "boolean", "description": "On?"}, {"type": "boolean"}]}
                ),
                probatio.Optional("arrays"): Described(
                    {
                        "anyOf": [
                            {"type": "array", "items": {"type": "string"}},
                            {"type": "array", "items": {"type": "integer", "maximum": 5}},
                        ]
                    }
                ),
                probatio.Optional("text_or_more"): Described(
                    {
                        "anyOf": [
                            {"type": "string", "enum": ["auto"]},
                            {"type": "integer", "maximum": 5},
                            {"type": "number", "minimum": 0.5},
                            {"type": "boolean"},
                        ]
                    }
                ),
                probatio.Optional("required_only"): Described(
                    {"required": ["a"], "properties": {1: {"type": "string"}}}
                ),
                probatio.Optional("closed_only"): Described({"additionalProperties": False}),
                probatio.Optional("pattern_only"): Described({"pattern": "^a"}),
                probatio.Optional("null_enum"): Described({"enum": [None]}),
                probatio.Optional("null_items"): Described(
                    {"type": "array", "items": [{"type": "null"}]}
                ),
                probatio.Optional("weak_exclusive"): Described(
                    {"type": "number", "minimum": 5, "exclusiveMinimum": 1, "maximum": 9.5}
                ),
                probatio.Optional("wrong_default"): Described({"type": "string", "default": 5}),
                probatio.Optional("odd_groups"): Described(
                    {
                        "type": "object",
                        "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                        "dependentRequired": {"a": "b"},
                        "not": {"anyOf": [{"required": ["a", "b"]}, {"type": "string"}]},
                    }
                ),
                probatio.Optional("enum_list"): Described({"type": "string", "enum": "ab"}),
                probatio.Optional("untyped_booleans"): Described({"enum": [True, False]}),
                probatio.Optional("only_open"): Described({"anyOf": [True]}),
                probatio.Optional("untyped_items"): Described({"items": {"type": "string"}}),
                probatio.Optional("untyped_minimum"): Described(
                    {"type": "array", "items": {"minimum": 1}}
                ),
                probatio.Optional("all_of_types"): Described(
                    {
                        "allOf": [
                            {"type": ["string", "null"]},
                            {"type": "string"},
                            {"type": 3},
                            {"type": ["number", "integer"]},
                        ]
                    }
                ),
                probatio.Optional("bad_pattern"): Described({"type": "string", "pattern": "("}),
                probatio.Optional("nan_default"): Described(
                    {"type": "object", "default": {"a": float("nan")}}
                ),
            }
        ),
        call={"unknown_type": "x", "any_of_default": "x"},
        expected={"unknown_type": "x", "any_of_default": "x"},
        fixes=(
            "kept the first of two format rules",
            "in allOf is not a schema",
            "a oneOf beside an anyOf left out",
            "any_of_null: left out",
            "alternatives that are not a list left out",
            "enum that is not a list left out",
            "a rule of values it must not take (not) left out",
            "null_items[]: items that accept only null taken as text",
            "exclusiveMinimum taken as minimum",
        ),
    ),
    Case(
        "alternative_objects",
        probatio.Schema(
            {
                probatio.Optional("same"): probatio.Any(
                    {probatio.Required("a"): str, probatio.Optional("b"): int},
                    {probatio.Required("a"): str, probatio.Optional("c"): int},
                ),
                probatio.Optional("open"): probatio.Any(
                    probatio.Schema({probatio.Required("a"): str}, extra=probatio.ALLOW_EXTRA),
                    {probatio.Required("a"): str, probatio.Optional("b"): int},
                ),
            }
        ),
        call={"same": {"a": "x", "c": 1}, "open": {"a": "y"}},
        expected={"same": {"a": "x", "c": 1}, "open": {"a": "y"}},
        fixes=("same: alternative objects merged", "open: alternative objects merged"),
        schema={
            "type": "object",
            "properties": {
                "same": {
                    "type": "object",
                    "properties": {
                        "a": {"type": "string"},
                        "b": {"type": "integer"},
                        "c": {"type": "integer"},
                    },
                    "required": ["a"],
                    "additionalProperties": False,
                },
                "open": {
                    "type": "object",
                    "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
                    "required": ["a"],
                },
            },
            "additionalProperties": False,
        },
    ),
    Case(
        "enum_paths",
        probatio.Schema(
            {
                probatio.Optional("levels"): [
                    probatio.All(probatio.Coerce(int), probatio.In([1, 2]))
                ],
                probatio.Optional("mixed"): [probatio.In([1, 2]), str],
                probatio.Required(probatio.Any("a", "b")): probatio.In([1, 2]),
                probatio.Optional("wrapped"): probatio.All(
                    Described({"type": "object", "properties": {"q": {"enum": [1, 2]}}}),
                    lambda value: value,
                ),
                probatio.Optional("nested"): probatio.All(
                    {
                        probatio.Optional("level"): probatio.All(
                            probatio.Coerce(int), probatio.In([3])
                        )
                    },
                    dict,
                ),
                probatio.Optional("broken"): probatio.All(probatio.In([7]), _broken_validator),
            }
        ),
        call={"levels": ["1", "2"], "a": 1, "nested": {"level": "3"}},
        expected={"levels": [1, 2], "a": 1, "nested": {"level": 3}},
        fixes=("levels[]: enum values given as text", "nested.level: enum values given as text"),
    ),
    Case(
        "misc_validators",
        probatio.Schema(
            {
                probatio.Optional("port"): probatio.Port(),
                probatio.Optional("percent"): probatio.Percentage(),
                probatio.Optional("step"): probatio.MultipleOf(5),
                probatio.Optional("clamped"): probatio.Clamp(min=0, max=5),
                probatio.Optional("unique"): probatio.All([str], probatio.Unique()),
                probatio.Optional("code"): probatio.All(str, probatio.Length(min=1, max=4)),
                probatio.Optional("sized"): probatio.Length(min=1),
                probatio.Optional("not_x"): probatio.All(str, probatio.NotIn(["x"])),
                probatio.Optional("contains"): probatio.Contains("x"),
                probatio.Optional("digits"): probatio.Match(r"^\d+$"),
                probatio.Optional("some"): probatio.SomeOf(
                    min_valid=2, validators=[str, probatio.Length(min=2)]
                ),
                probatio.Optional("epoch"): probatio.FromEpoch(),
                probatio.Optional("secret"): probatio.Base64(),
            }
        ),
        call={"port": 80, "code": "ab", "digits": "12", "unique": ["a", "b"]},
        expected={"port": 80, "code": "ab", "digits": "12", "unique": ["a", "b"]},
        fixes=("multipleOf",),
    ),
    Case(
        "defaults",
        probatio.Schema(
            {
                probatio.Optional("cups", default=1): probatio.All(
                    probatio.Coerce(int), probatio.Range(min=1, max=4)
                ),
                probatio.Required("size", default="small"): probatio.In(["small", "large"]),
                probatio.Optional("level", default=2): probatio.All(
                    probatio.Coerce(int), probatio.In([1, 2])
                ),
                probatio.Optional("when", default=None): vol.Any(None, str),
            }
        ),
        call={},
        expected={"cups": 1, "size": "small", "level": 2, "when": None},
        schema={
            "type": "object",
            "properties": {
                "cups": {"type": "integer", "minimum": 1, "maximum": 4, "default": 1},
                "size": {"type": "string", "enum": ["small", "large"], "default": "small"},
                "level": {"type": "string", "enum": ["1", "2"], "default": "2"},
                "when": {"type": "string"},
            },
            "additionalProperties": False,
        },
    ),
    Case(
        "open_parameters",
        probatio.Schema({probatio.Optional("name"): str}, extra=probatio.ALLOW_EXTRA),
        call={"name": "a", "other": 1},
        expected={"name": "a", "other": 1},
        schema={"type": "object", "properties": {"name": {"type": "string"}}},
    ),
    Case(
        "anything",
        probatio.Schema(object),
        call={"x": 1},
        expected={"x": 1},
        fixes=("parameters that accept anything taken as an object",),
        schema={"type": "object", "properties": {}},
    ),
    Case(
        "any_parameters",
        probatio.Schema(dict),
        call={"x": 1},
        expected={"x": 1},
        schema={"type": "object", "properties": {}},
    ),
    Case(
        "no_parameters",
        probatio.Schema({}),
        call={},
        expected={},
        schema={"type": "object", "properties": {}, "additionalProperties": False},
    ),
]

HIDDEN: list[HiddenCase] = [
    HiddenCase("text", probatio.Schema(str), "its parameters are text, not an object"),
    HiddenCase(
        "choice",
        probatio.Schema(probatio.In(["a", "b"])),
        "its parameters are one of: a, b, not an object",
    ),
    HiddenCase(
        "not_an_object",
        probatio.Schema([str]),
        "its parameters are a list, not an object of named arguments",
    ),
    HiddenCase(
        "required_null",
        probatio.Schema({probatio.Required("nothing"): None}),
        "its parameter schema has a required parameter nothing that accepts only null",
    ),
    HiddenCase(
        "required_name_refused",
        probatio.Schema({probatio.Required("température"): str}),
        "its required parameter 'température' has a name Anthropic refuses",
    ),
    HiddenCase(
        "unconvertible",
        probatio.Schema({probatio.Required("loop"): _looping()}),
        "its parameters cannot be converted to JSON Schema (SchemaError",
    ),
    HiddenCase(
        "serializer_fails",
        probatio.Schema({probatio.Required("x"): Broken()}),
        "its parameters cannot be converted to JSON Schema (RuntimeError: serializer bug)",
    ),
    HiddenCase(
        "real_voluptuous",
        real_voluptuous().Schema({real_voluptuous().Required("x"): str}),
        "its parameters cannot be converted to JSON Schema (TypeError",
    ),
]


def serializer(schema: Any) -> Any:
    """The corpus API's ``custom_serializer``: the third-party one, then the failing one."""
    if (answer := corpus_serializer(schema)) is not probatio.UNSUPPORTED:
        return answer
    return _raise(schema)
