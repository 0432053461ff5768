"""An approval in Home Assistant of a call that an MCP client makes."""

from __future__ import annotations

from .client import compact, expect
from .context import PORCH, Demo
from .mcp_client import list_tools

TOKEN_ARGUMENT = "confirmation_token"


async def check_approval(demo: Demo) -> str:
    """Approval round trip over MCP: call -> pending -> approve as the user -> it runs once.

    The approval goes through the websocket as the user the MCP call runs as (the owner).
    """
    arguments = {"name": PORCH[1]}
    async with demo.session() as session:
        tools = await list_tools(session)
        properties = tools[demo.turn_on]["inputSchema"].get("properties", {})
        expect(TOKEN_ARGUMENT in properties, f"{demo.turn_on} declares no {TOKEN_ARGUMENT}")
        is_error, asked = await demo.mcp_call(
            session, demo.turn_on, arguments, "needs_confirmation"
        )
        approval_id = asked.get(TOKEN_ARGUMENT) if isinstance(asked, dict) else None
        expect(
            not is_error and asked.get("status") == "approval_required" and bool(approval_id),
            f"first call: expected a waiting approval (no error) with its id, got {asked}",
        )
        listed = await demo.websocket.command({"type": "llm_hub/approvals/list"})
        pending = [a for a in listed["approvals"] if a["approval_id"] == approval_id]
        expect(
            len(pending) == 1
            and pending[0]["status"] == "pending"
            and pending[0]["arguments"] == arguments,
            f"llm_hub/approvals/list: {compact(listed)}",
        )
        with_id = {**arguments, TOKEN_ARGUMENT: approval_id}
        is_error, early = await demo.mcp_call(session, demo.turn_on, with_id, "needs_confirmation")
        expect(
            not is_error and early.get("status") == "approval_pending",
            f"ran before it was approved: {compact(early)}",
        )
        expect(await demo.ha.state(PORCH[0]) == "off", f"{PORCH[0]} changed unapproved")
        approved = await demo.websocket.command(
            {"type": "llm_hub/approvals/approve", "approval_id": approval_id}
        )
        expect(approved["status"] == "approved", f"approve: {compact(approved)}")
        is_error, ran = await demo.mcp_call(session, demo.turn_on, with_id, "ok")
        expect(not is_error, f"call with the approval id failed: {compact(ran)}")
        state = await demo.ha.wait_state(PORCH[0], "on")
        expect(state == "on", f"{PORCH[0]} is {state} after the approved call")
        is_error, reused = await demo.mcp_call(session, demo.turn_on, with_id, "refused")
    expect(is_error, f"the approval used again was accepted: {compact(reused)}")
    return (
        f"{demo.turn_on} {compact(arguments)} -> {asked.get('status')} (still off); "
        f"again before approval -> {early.get('status')}; llm_hub/approvals/approve as the "
        f"user -> {approved['status']}; with the id -> {PORCH[0]} on; again -> "
        f"{reused.get('error')}"
    )
