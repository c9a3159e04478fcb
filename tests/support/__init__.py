"""Test helpers shared across test packages (no tests here)."""

from __future__ import annotations
