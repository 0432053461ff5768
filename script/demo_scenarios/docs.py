"""What the docs say that differs between Home Assistant versions, held against this one.

The pytest suite runs on 2026.10 only; the demo runs on both, so it checks that the README and
docs/mcp.md name MCP Server and the agents' API field as this Home Assistant does, and give
the status it answers a user who is no administrator at a hub's own address.
"""

from __future__ import annotations

from pathlib import Path
import re

from .client import expect, short
from .context import Demo

REPO = Path(__file__).resolve().parents[2]
NOBODY = {"name": "Robin", "username": "robin", "password": "llm-hub-demo-robin"}
"""A user who is no administrator."""


def _flat(path: str) -> str:
    """Return a document of the repository with every run of white space one space."""
    return " ".join((REPO / path).read_text(encoding="utf-8").split())


async def _token_of_nobody(demo: Demo) -> str:
    """Make the user ``NOBODY`` (not an administrator), log in as them; return the token."""
    made = await demo.websocket.command(
        {"type": "config/auth/create", "name": NOBODY["name"], "group_ids": ["system-users"]}
    )
    await demo.websocket.command(
        {
            "type": "config/auth_provider/homeassistant/create",
            "user_id": made["user"]["id"],
            "username": NOBODY["username"],
            "password": NOBODY["password"],
        }
    )
    client_id = demo.ha.base_url + "/"
    flow = await demo.ha.post(
        "/auth/login_flow",
        {
            "client_id": client_id,
            "handler": ["homeassistant", None],
            "redirect_uri": client_id + "?auth_callback=1",
        },
    )
    done = await demo.ha.post(
        f"/auth/login_flow/{flow['flow_id']}",
        {"username": NOBODY["username"], "password": NOBODY["password"], "client_id": client_id},
    )
    tokens = await demo.ha.request(
        "POST",
        "/auth/token",
        form={"grant_type": "authorization_code", "code": done["result"], "client_id": client_id},
    )
    return str(tokens["access_token"])


async def check_docs(demo: Demo) -> str:
    """Check the docs' words that differ between versions against this Home Assistant.

    The README names MCP Server and the agents' API field as it does; a hub's own address
    answers a user who is no administrator with the status docs/mcp.md gives for it.
    """
    version = ".".join(demo.version.split(".")[:2])
    readme, mcp_page = _flat("README.md"), _flat("docs/mcp.md")
    manifest = await demo.websocket.command({"type": "manifest/get", "integration": "mcp_server"})
    texts = await demo.websocket.command(
        {
            "type": "frontend/get_translations",
            "language": "en",
            "category": "config_subentries",
            "integration": ["ollama"],
        }
    )
    field = texts["resources"][
        "component.ollama.config_subentries.conversation.step.set_options.data.llm_hass_api"
    ]
    for name in (manifest["name"], field):
        expect(f"**{name}**" in readme, f"the README does not name **{name}** ({version})")

    token = await _token_of_nobody(demo)
    async with demo.ha.http.post(
        f"{demo.ha.base_url}/api/mcp/{demo.kitchen_api}",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={
            "Authorization": f"Bearer {token}",
            "Accept": "application/json, text/event-stream",
        },
    ) as response:
        status, text = response.status, await response.text()
    said = re.search(rf"(\d{{3}}) on {re.escape(version)}\b", mcp_page)
    expect(said is not None, f"docs/mcp.md gives no status for {version}")
    assert said is not None
    expect(
        str(status) == said[1],
        f"a non-admin at Kitchen's URL: HTTP {status} {short(text)}, docs/mcp.md says {said[1]}",
    )
    return (
        f"README names **{manifest['name']}** and **{field}**; {NOBODY['name']} (no "
        f"administrator) at Kitchen's URL -> HTTP {status}, as docs/mcp.md says for {version}"
    )
