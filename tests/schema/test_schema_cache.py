"""Tests of what a hub keeps across requests: exposed parameters (SchemaCache)."""

from __future__ import annotations

import json
from typing import Any
from unittest.mock import patch

import probatio
import pytest

from custom_components.llm_hub.schema import cache as schema_cache
from custom_components.llm_hub.schema.cache import SchemaCache, SerializerChain
from custom_components.llm_hub.schema.parameters import clean_parameters
from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv, llm

from ..helpers.hubs import FixedAPI, RecordingTool, async_add_hub, hub_id, llm_context


def _schema() -> probatio.Schema:
    """Return a new parameters object, equal to every other one this returns."""
    return probatio.Schema({probatio.Optional("text"): cv.string})


@pytest.fixture
def conversions() -> Any:
    """Count the conversions the hub makes (``schemas.clean_parameters``)."""
    with patch.object(schema_cache, "clean_parameters", wraps=clean_parameters) as mock:
        yield mock


@pytest.mark.usefixtures("setup_llm")
async def test_parameters_are_converted_once_across_requests(
    hass: HomeAssistant, conversions: Any
) -> None:
    """Tools made anew per request with one parameters object: converted once, for all."""
    shared = _schema()

    class PerRequestAPI(FixedAPI):
        async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
            self.tools = [RecordingTool(f"t{i}", parameters=shared) for i in range(3)]
            return await super().async_get_api_instance(llm_context)

    llm.async_register_api(hass, PerRequestAPI(hass, "x", "X", []))
    entry = await async_add_hub(hass, "Kitchen", {"llm_hass_api": ["x"]})

    for _ in range(3):
        instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
        assert {tool.name for tool in instance.tools} >= {"t0", "t1", "t2"}

    converted = [call.args[0] for call in conversions.call_args_list]
    assert converted.count(shared) == 1


def test_equal_parameters_rebuilt_per_request_are_not_converted_again(
    conversions: Any,
) -> None:
    """A tool whose parameters are rebuilt equal keeps its schema entry; changed ones do not."""
    cache = SchemaCache()
    cache.use(SerializerChain.around([]))

    first = cache.get(RecordingTool("t", parameters=_schema()))
    again = cache.get(RecordingTool("t", parameters=_schema()))
    changed = cache.get(
        RecordingTool("t", parameters=probatio.Schema({probatio.Required("n"): int}))
    )

    assert conversions.call_count == 2
    assert again.json_schema is first.json_schema
    assert changed.json_schema is not None
    assert changed.json_schema["required"] == ["n"]
    assert len(cache) == 1


def test_validators_rebuilt_equal_per_request_are_not_converted_again(
    conversions: Any,
) -> None:
    """probatio's validators compare by identity: rebuilt alike, they keep the entry."""

    def rebuilt() -> probatio.Schema:
        return probatio.Schema(
            {
                probatio.Optional("level", default=1): probatio.All(
                    probatio.Coerce(int), probatio.Range(min=0, max=10)
                ),
                probatio.Optional("mode"): probatio.In(["eco", "boost"]),
            }
        )

    cache = SchemaCache()
    cache.use(SerializerChain.around([]))

    first = cache.get(RecordingTool("t", parameters=rebuilt()))
    again = cache.get(RecordingTool("t", parameters=rebuilt()))

    assert conversions.call_count == 1
    assert again.json_schema is first.json_schema


def test_another_serializer_starts_afresh(conversions: Any) -> None:
    """Exposures made with one serializer chain are not used with another."""
    cache = SchemaCache()
    tool = RecordingTool("t", parameters=_schema())

    cache.use(SerializerChain.around([]))
    cache.get(tool)
    # An equal chain (the next request's) keeps what was made.
    cache.use(SerializerChain.around([]))
    cache.get(tool)
    cache.use(SerializerChain.around([lambda _schema: probatio.UNSUPPORTED]))
    cache.get(tool)

    assert conversions.call_count == 2


def test_every_build_keeps_the_entries_of_its_tools(conversions: Any) -> None:
    """More tools than ``MAX_ENTRIES`` in one build: each is converted once, not every time."""
    cache = SchemaCache()
    serializer = SerializerChain.around([])
    tools = [RecordingTool(f"t{i}", parameters=_schema()) for i in range(5)]

    with patch.object(schema_cache, "MAX_ENTRIES", 2):
        for _ in range(3):
            cache.use(serializer, len(tools))
            for tool in tools:
                cache.get(tool)

    assert conversions.call_count == 5
    assert len(cache) == 5


def test_entries_of_tools_that_no_longer_come_go(conversions: Any) -> None:
    """Past ``MAX_ENTRIES``, entries no build took back since the last look go at the next."""
    cache = SchemaCache()
    serializer = SerializerChain.around([])
    tools = [RecordingTool(f"t{i}", parameters=_schema()) for i in range(8)]

    with patch.object(schema_cache, "MAX_ENTRIES", 2):
        cache.use(serializer, 5)
        for tool in tools[:5]:
            cache.get(tool)
        # Only t0 comes now: the others become earlier entries, t0 is taken back.
        cache.use(serializer, 1)
        cache.get(tools[0])
        assert (conversions.call_count, len(cache)) == (5, 5)
        cache.use(serializer, 1)
        for tool in (tools[0], *tools[5:]):
            cache.get(tool)
        # t1 to t4 were not taken back: they go.
        cache.use(serializer, 1)
        cache.get(tools[0])
        assert (conversions.call_count, len(cache)) == (8, 4)
        cache.get(tools[1])

    assert conversions.call_count == 9


def test_parameters_that_cannot_compare_are_converted_again(conversions: Any) -> None:
    """Parameters holding a validator whose comparison raises count as changed."""

    class Moody:
        def __call__(self, value: Any) -> Any:
            return value

        def __eq__(self, other: object) -> bool:
            raise TypeError("no comparing")

        __hash__ = object.__hash__

    cache = SchemaCache()
    cache.use(SerializerChain.around([]))
    cache.get(RecordingTool("t", parameters=probatio.Schema({"a": Moody()})))
    cache.get(RecordingTool("t", parameters=probatio.Schema({"a": Moody()})))

    assert conversions.call_count == 2


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # voluptuous and probatio compare these equal; agents get different schemas.
        ({probatio.Required("v"): str}, {probatio.Optional("v"): str}),
        (
            {probatio.Optional("v", description="first"): str},
            {probatio.Optional("v", description="second"): str},
        ),
        ({probatio.Optional("v", default=1): int}, {probatio.Optional("v", default=2): int}),
        ({"a": str, "b": str}, {"b": str, "a": str}),
        ({"a": [str]}, {"a": [int]}),
        ({"a": str}, {"a": [str]}),
        ({"a": str}, {"a": str, "b": str}),
        ({"a": probatio.In(["x", "y"])}, {"a": probatio.In(["x", "z"])}),
        (
            {"a": probatio.All(probatio.Coerce(int), probatio.Range(max=10))},
            {"a": probatio.All(probatio.Coerce(int), probatio.Range(max=11))},
        ),
    ],
)
def test_parameters_that_convert_differently_are_converted_again(
    conversions: Any, first: dict[Any, Any], second: dict[Any, Any]
) -> None:
    """A schema rebuilt with another marker kind, description, default or order is new."""
    cache = SchemaCache()
    cache.use(SerializerChain.around([]))

    made = cache.get(RecordingTool("t", parameters=probatio.Schema(first)))
    remade = cache.get(RecordingTool("t", parameters=probatio.Schema(second)))

    assert conversions.call_count == 2
    # Compared as text: property order is part of what agents get.
    assert json.dumps(remade.json_schema) != json.dumps(made.json_schema)


MONOTONIC = "custom_components.llm_hub.schema.cache.time.monotonic"


def test_schema_entries_are_made_again_after_a_while(conversions: Any) -> None:
    """A parameters object changed in place shows its new choices after ``MAX_AGE``."""
    choices = ["x", "y"]
    tool = RecordingTool(
        "t", parameters=probatio.Schema({probatio.Required("pick"): probatio.In(choices)})
    )
    cache = SchemaCache()
    serializer = SerializerChain.around([])

    with patch(MONOTONIC, return_value=1000.0):
        cache.use(serializer)
        before = cache.get(tool)
    choices.append("z")
    with patch(MONOTONIC, return_value=1000.0 + schema_cache.MAX_AGE / 2):
        cache.use(serializer)
        soon = cache.get(tool)
    with patch(MONOTONIC, return_value=1000.0 + schema_cache.MAX_AGE + 1):
        cache.use(serializer)
        later = cache.get(tool)

    assert soon is before
    assert later.json_schema is not None
    assert later.json_schema["properties"]["pick"]["enum"] == ["x", "y", "z"]
    assert conversions.call_count == 2


def test_unacceptable_parameters_are_kept_with_the_reason() -> None:
    """Parameters no provider accepts are kept as such, with the reason."""
    cache = SchemaCache()
    cache.use(SerializerChain.around([]))

    result = cache.get(RecordingTool("t", parameters=probatio.Schema([int])))

    assert result.listed is None
    assert result.error is not None
    assert "not an object" in result.error


def test_get_before_use() -> None:
    """The cache must be told the serializer first."""
    with pytest.raises(RuntimeError):
        SchemaCache().get(RecordingTool("t"))


def test_serializer_chains() -> None:
    """Chains flatten chains in them, compare and hash by their serializers."""

    def first(schema: Any) -> Any:
        return {"type": "string"} if schema is str else None

    inner = SerializerChain([first])
    outer = SerializerChain([inner, first, llm.selector_serializer])

    assert outer.serializers == (first, llm.selector_serializer)
    assert outer == SerializerChain([first, llm.selector_serializer])
    assert hash(outer) == hash(SerializerChain([first, llm.selector_serializer]))
    assert outer != first
    assert outer(str) == {"type": "string"}
    assert outer(int) is probatio.UNSUPPORTED
