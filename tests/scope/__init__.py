"""Tests of the scope package."""
