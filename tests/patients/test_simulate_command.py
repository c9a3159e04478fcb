"""`manage.py simulate` from the command line, as the issue asks."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("simulate", *args, stdout=out)
    return out.getvalue()


def test_it_prints_one_json_object_with_turns_and_final_state() -> None:
    data = json.loads(
        run(
            "--case",
            "marcus-job-loss",
            "--trainee",
            "socratic",
            "--turns",
            "6",
            "--json",
        )
    )
    assert len(data["turns"]) >= 12
    assert {t["speaker"] for t in data["turns"]} == {"trainee", "patient"}
    assert all("state" in t and "text" in t for t in data["turns"])
    assert data["final_state"]["alliance"] > 0


def test_skilled_questioning_ends_with_more_trust_than_confrontation() -> None:
    skilled = json.loads(
        run(
            "--case",
            "marcus-job-loss",
            "--trainee",
            "reflective",
            "--turns",
            "8",
            "--json",
        )
    )
    hostile = json.loads(
        run(
            "--case",
            "marcus-job-loss",
            "--trainee",
            "confronter",
            "--turns",
            "8",
            "--json",
        )
    )
    assert skilled["final_state"]["alliance"] > hostile["final_state"]["alliance"]
    assert skilled["final_state"]["disclosure"] > hostile["final_state"]["disclosure"]


def test_it_refuses_to_run_without_a_case() -> None:
    with pytest.raises(CommandError):
        run("--trainee", "socratic")
