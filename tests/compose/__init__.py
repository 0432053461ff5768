"""Tests of the compose package."""
