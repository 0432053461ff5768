"""Tests of LLM Hub."""
