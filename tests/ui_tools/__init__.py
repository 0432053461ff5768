"""Tests of the ui_tools package."""
