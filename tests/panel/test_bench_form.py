"""The selector the panel's test bench shows for each parameter (``bench_form``)."""

from __future__ import annotations

from typing import Any

import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import WebSocketGenerator

from custom_components.llm_hub.panel.bench_form import form_selectors
from homeassistant.core import HomeAssistant
from homeassistant.helpers import selector

from ..helpers.hubs import BREW, hub_id


async def test_describe_gives_the_tools_own_selector_and_one_for_the_others(
    hass: HomeAssistant, inspected_hub: MockConfigEntry, hass_ws_client: WebSocketGenerator
) -> None:
    """A hub's tool keeps its own selector although the hub lists plain JSON Schema."""
    client = await hass_ws_client(hass)
    await client.send_json_auto_id(
        {"type": "llm_hub/api/describe", "api_id": hub_id(inspected_hub)}
    )
    result = (await client.receive_json())["result"]
    brew = next(tool for tool in result["tools"] if tool["name"] == BREW)

    # The tool's own NumberSelector (a slider from 1 to 5), as a config flow would send it.
    assert brew["selectors"]["strength"] == {
        "number": {"min": 1.0, "max": 5.0, "step": 1.0, "mode": "slider"}
    }
    # probatio.In and Range: from the JSON Schema agents get.
    assert brew["selectors"]["size"]["select"]["options"] == ["small", "large"]
    assert brew["selectors"]["cups"] == {
        "number": {"min": 1.0, "max": 4.0, "step": 1.0, "mode": "box"}
    }


@pytest.mark.parametrize(
    ("json_schema", "expected"),
    [
        ({"type": "string"}, {"text": {}}),
        ({"type": ["string", "null"]}, {"text": {}}),
        ({"type": "boolean"}, {"boolean": {}}),
        ({"type": "number"}, {"number": {"mode": "box", "step": "any"}}),
        (
            {"type": "integer", "minimum": 0},
            {"number": {"mode": "box", "step": 1.0, "min": 0.0}},
        ),
        ({"type": "string", "enum": ["a", "b"]}, {"select": {"options": ["a", "b"]}}),
        (
            {"type": "array", "items": {"type": "string", "enum": ["a"]}},
            {"select": {"options": ["a"], "multiple": True}},
        ),
        ({"type": "array", "items": {"type": "string"}}, {"text": {"multiple": True}}),
        ({"type": "integer", "enum": [1, 2]}, {"number": {"mode": "box", "step": 1.0}}),
        ({"type": "array", "items": {"type": "integer"}}, {"object": {}}),
        ({"type": "object"}, {"object": {}}),
        ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, {"object": {}}),
        ({"type": [{"odd": True}]}, {"object": {}}),
        ({"type": ["null"]}, {"object": {}}),
    ],
)
def test_derived_from_the_json_schema(json_schema: dict[str, Any], expected: Any) -> None:
    """A parameter without a selector gets the one its JSON Schema type asks for."""
    selectors = form_selectors(probatio.Schema({"x": str}), {"properties": {"x": json_schema}})

    # As Home Assistant completes the config (its defaults added).
    assert selectors == {"x": selector.selector(expected).serialize()["selector"]}


def test_own_selectors() -> None:
    """A selector among the tool's own validators wins, named by its key's name."""
    odd = selector.ConstantSelector({"value": True})
    odd.config["value"] = object()  # type: ignore[typeddict-item]  # not JSON
    parameters = probatio.Schema(
        {
            probatio.Required("area"): selector.AreaSelector(),
            "entity": selector.EntitySelector({"domain": "light"}),
            probatio.Optional("odd"): odd,
        }
    )
    properties = {name: {"type": "string"} for name in ("area", "entity", "odd", "other")}

    selectors = form_selectors(parameters, {"properties": properties})

    assert selectors["area"] == selector.AreaSelector().serialize()["selector"]
    assert (
        selectors["entity"] == selector.EntitySelector({"domain": "light"}).serialize()["selector"]
    )
    assert selectors["odd"] == selectors["other"]
    assert list(selectors["odd"]) == ["text"]


@pytest.mark.parametrize(
    "parameters",
    [None, probatio.All(dict), probatio.Schema({1: selector.TextSelector()})],
)
def test_parameters_without_selectors(parameters: Any) -> None:
    """Parameters that are not a schema of named keys hold no selectors."""
    selectors = form_selectors(parameters, {"properties": {"x": {"type": "boolean"}}})

    assert list(selectors["x"]) == ["boolean"]


def test_no_json_schema() -> None:
    """A tool whose parameters could not be converted gets no form fields."""
    assert form_selectors(probatio.Schema({"x": selector.TextSelector()}), None) == {}
