"""The dev config that ``script/develop`` (the README's run command) and the browser check run."""

from __future__ import annotations

from pathlib import Path
import shutil
import subprocess
from typing import Any

from homeassistant.config import load_yaml_config_file
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
from homeassistant.util.yaml import dump

from .helpers.flows import async_fill, async_save, async_start_tool_flow
from .helpers.hubs import async_add_hub, hub_id, llm_context

REPO = Path(__file__).parents[1]
FORECAST: dict[str, Any] = {
    "alias": "Forecast",
    "fields": {"days": {"required": True, "selector": {"number": {"min": 1, "max": 7}}}},
    "sequence": [
        {"variables": {"answer": {"days": "{{ days }}", "sky": "clear"}}},
        {"stop": "done", "response_variable": "answer"},
    ],
}
"""A script as Home Assistant's script editor saves it (its id is the key)."""


def _prepare(config_dir: Path) -> None:
    """Make the files the dev config includes, as the scripts do at every start."""
    bash = shutil.which("bash")
    assert bash is not None
    command = 'source "$0/script/_lib.sh" && dev_config_files "$1"'
    subprocess.run([bash, "-c", command, REPO, config_dir], check=True)  # noqa: S603  # ours


async def test_a_script_made_in_the_ui_runs_as_a_script_tool(
    hass: HomeAssistant, setup_llm: None, tmp_path: Path
) -> None:
    """The dev config loads scripts.yaml, which the UI's script editor writes: made empty at
    the first start, kept at the next, so a script saved there becomes a script tool."""
    shutil.copy(REPO / "config" / "configuration.yaml", tmp_path)
    _prepare(tmp_path)
    assert load_yaml_config_file(str(tmp_path / "configuration.yaml"))["script"] == {}

    (tmp_path / "scripts.yaml").write_text(dump({"forecast": FORECAST}), encoding="utf-8")
    _prepare(tmp_path)
    config = load_yaml_config_file(str(tmp_path / "configuration.yaml"))
    assert config["script"] == {"forecast": FORECAST}

    assert await async_setup_component(hass, "script", {"script": config["script"]})
    entry = await async_add_hub(hass, "Kitchen")
    result = await async_start_tool_flow(hass, entry, "script")
    result = await async_fill(hass, result, {"script": "script.forecast"})
    assert (result.get("description_placeholders") or {})["parameters"] == "Parameters: days."
    await async_save(hass, result)
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    called = await instance.async_call_tool(llm.ToolInput("forecast", {"days": 3}))
    assert called.data == {"result": {"days": 3, "sky": "clear"}}
