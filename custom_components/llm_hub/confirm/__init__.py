"""Confirmation of risky calls: tokens in a conversation, approvals outside one."""
