"""Attacks on what a call acts on (issue 34)."""
