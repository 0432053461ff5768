"""Prepare a fresh Home Assistant for ``script/panel-check``: owner, hubs, options.

Run by ``script/panel-check`` in the Home Assistant venv once Home Assistant answers. Onboards
the owner (all onboarding steps, so the frontend opens at once), makes the hubs "Kitchen"
(picks Assist; confirmation of destructive tools, arguments recorded, ``*HassTurnOff`` left
out) and "Bulk" (the ``llm_hub_bulk`` tools only) and a user "Alex" (not an administrator,
whose calls wait for approval), and writes what the browser needs (base URL, tokens, entry
ids, Alex's user id, the Kitchen hub's listed name of ``HassTurnOn``) as JSON to the given
file.
Usage: python script/panel_prepare.py --base-url URL --out FILE
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
import time
from typing import Any

import aiohttp
from demo import (
    TURN_ON_SUFFIX,
    HomeAssistantClient,
    JsonObject,
    WebSocketClient,
    create_hub,
    onboard,
    one_tool,
    run_options_step,
    wait_for_home_assistant,
    wait_until_running,
)

BULK_HUB = "Bulk"
"""The hub ``llm_hub_bulk`` contributes to (its ``hub`` option in the check's config)."""


async def onboard_fully(ha: HomeAssistantClient) -> JsonObject:
    """Create the owner, finish onboarding; return the tokens as the frontend stores them."""
    client_id = ha.base_url + "/"
    tokens = await onboard(ha)
    await ha.post("/api/onboarding/core_config", {})
    await ha.post("/api/onboarding/analytics", {})
    await ha.post(
        "/api/onboarding/integration", {"client_id": client_id, "redirect_uri": client_id}
    )
    # The shape of the frontend's localStorage "hassTokens".
    return {
        **tokens,
        "hassUrl": ha.base_url,
        "clientId": client_id,
        "expires": int(time.time() * 1000) + tokens["expires_in"] * 1000,
    }


def leave_out_turn_off(form: JsonObject) -> JsonObject:
    """Answer the "tools" step: every offered tool but ``*HassTurnOff``."""
    field = next(f for f in form["data_schema"] if f["name"] == "tools")
    offered = [option["value"] for option in field["selector"]["select"]["options"]]
    return {"tools": [key for key in offered if not key.endswith("HassTurnOff")]}


async def prepare(base_url: str) -> dict[str, Any]:
    """Onboard, make the hubs; return what the browser needs."""
    async with aiohttp.ClientSession() as http:
        ha = HomeAssistantClient(http, base_url)
        await wait_for_home_assistant(ha, None)
        tokens = await onboard_fully(ha)
        config = await wait_until_running(ha)
        kitchen = await create_hub(ha, "Kitchen", ["assist"])
        await run_options_step(ha, kitchen, "safety", lambda _: {"confirm_destructive": True})
        await run_options_step(ha, kitchen, "limits", lambda _: {"record_arguments": True})
        await run_options_step(ha, kitchen, "tools", leave_out_turn_off)
        bulk = await create_hub(ha, BULK_HUB, [])
        async with WebSocketClient.connect(ha) as websocket:
            alex = await websocket.command(
                {"type": "config/auth/create", "name": "Alex", "group_ids": ["system-users"]}
            )
            described = await websocket.command(
                {"type": "llm_hub/api/describe", "api_id": f"llm_hub-{kitchen}"}
            )
        tools = {tool["name"]: tool for tool in described["tools"] if not tool["hidden"]}
        return {
            "base_url": base_url,
            "version": config["version"],
            "tokens": tokens,
            "kitchen": f"llm_hub-{kitchen}",
            "bulk": f"llm_hub-{bulk}",
            "alex": alex["user"]["id"],
            "turn_on": one_tool(tools, TURN_ON_SUFFIX),
        }


def main() -> None:
    """Prepare and write the JSON file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args()
    result = asyncio.run(prepare(args.base_url))
    args.out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(
        f"Prepared Home Assistant {result['version']}: hubs {result['kitchen']}, {result['bulk']}"
    )


if __name__ == "__main__":
    main()
