"""Config, options and subentry flows run over REST, as the frontend runs them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
import time

from .client import STATE_TIMEOUT, DemoError, HomeAssistantClient, JsonObject, compact, expect

HUB_DOMAIN = "llm_hub"


def form_values(form: JsonObject, answers: JsonObject) -> JsonObject:
    """Return what to submit to a form: ``answers`` over what the form shows filled in.

    A field shows its suggested value (``description.suggested_value``, how options forms
    show the current options), else its default. Raises for a required field left empty.
    """
    data: JsonObject = {}
    for field in form.get("data_schema") or []:
        name = field["name"]
        suggested = (field.get("description") or {}).get("suggested_value")
        if name in answers:
            data[name] = answers[name]
        elif suggested is not None:
            data[name] = suggested
        elif "default" in field:
            data[name] = field["default"]
        elif field.get("required"):
            raise DemoError(f"form {form['step_id']}: required field {name} has no value")
    return data


async def run_config_flow(ha: HomeAssistantClient, handler: str, answers: JsonObject) -> JsonObject:
    """Run a config flow, answering each form with ``answers`` over its own values.

    Returns the created entry (``result`` of ``create_entry``); raises for anything else.
    """
    path = "/api/config/config_entries/flow"
    result = await ha.post(path, {"handler": handler})
    for _ in range(5):
        if result["type"] != "form":
            break
        data = form_values(result, answers)
        result = await ha.post(f"{path}/{result['flow_id']}", data)
        if result["type"] == "form" and result.get("errors"):
            raise DemoError(f"form {result['step_id']} refused {compact(data)}: {result['errors']}")
    expect(result["type"] == "create_entry", f"{handler} config flow ended with {compact(result)}")
    return dict(result["result"])


async def wait_entry_loaded(ha: HomeAssistantClient, domain: str, entry_id: str) -> JsonObject:
    """Wait until a config entry is loaded (an options change reloads it); return it."""
    deadline = time.monotonic() + STATE_TIMEOUT
    while True:
        entries = await ha.get(f"/api/config/config_entries/entry?domain={domain}")
        entry = next((e for e in entries if e["entry_id"] == entry_id), None)
        if entry is None:
            raise DemoError(f"config entry {entry_id} of {domain} is gone")
        if entry["state"] == "loaded":
            return dict(entry)
        if time.monotonic() > deadline:
            raise DemoError(f"config entry {entry_id} is {entry['state']}: {compact(entry)}")
        await asyncio.sleep(0.1)


def menu_figures(menu: JsonObject) -> str:
    """Return the size figures the options menu shows, e.g. ``9 of 10 tools, ~420 tokens``."""
    figures = menu.get("description_placeholders") or {}
    tools, gathered, tokens = (figures.get(key) for key in ("tools", "candidates", "tokens"))
    return f"{tools} of {gathered} tools, ~{tokens} tokens"


async def run_options_step(
    ha: HomeAssistantClient,
    entry_id: str,
    step_id: str,
    answers: Callable[[JsonObject], JsonObject],
) -> str:
    """Open the hub's options menu, pick ``step_id``, submit its form, Save; wait for the reload.

    ``answers(form)`` returns the fields to change; the others keep the values the form
    shows. The step returns to the menu, whose Save entry stores the options. Returns the
    figures of the menu before the change (``menu_figures``).
    """
    path = "/api/config/config_entries/options/flow"
    menu = await ha.post(path, {"handler": entry_id})
    expect(
        menu["type"] == "menu" and step_id in menu.get("menu_options", []),
        f"options flow: expected a menu with {step_id!r}, got {compact(menu)}",
    )
    form = await ha.post(f"{path}/{menu['flow_id']}", {"next_step_id": step_id})
    expect(
        form["type"] == "form" and form["step_id"] == step_id,
        f"options menu -> {step_id!r}: expected its form, got {compact(form)}",
    )
    data = form_values(form, answers(form))
    menu_after = await ha.post(f"{path}/{form['flow_id']}", data)
    expect(
        menu_after["type"] == "menu" and "save" in menu_after.get("menu_options", []),
        f"options step {step_id!r} with {compact(data)} ended with {compact(menu_after)}",
    )
    result = await ha.post(f"{path}/{menu_after['flow_id']}", {"next_step_id": "save"})
    expect(
        result["type"] == "create_entry",
        f"options menu -> 'save' after {step_id!r} ended with {compact(result)}",
    )
    await wait_entry_loaded(ha, HUB_DOMAIN, entry_id)
    return menu_figures(menu)


async def create_hub(ha: HomeAssistantClient, name: str, picked: list[str]) -> str:
    """Create a hub named ``name`` that picks the APIs ``picked``; return its entry id."""
    entry = await run_config_flow(ha, HUB_DOMAIN, {"name": name})
    entry_id = str(entry["entry_id"])
    await run_options_step(ha, entry_id, "apis", lambda _: {"llm_hass_api": picked})
    return entry_id
