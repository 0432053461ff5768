"""Tests of the confirm package."""
