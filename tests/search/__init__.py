"""Tests of the search package."""
