"""Tests of the panel package."""
