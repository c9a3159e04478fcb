"""CSV formula injection (OWASP): every exported cell a spreadsheet would run is
neutralised; plain numbers stay numbers."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from feedback.exports import csv_safe

from .conftest import client_for

pytestmark = pytest.mark.django_db

PAYLOADS = [
    '=HYPERLINK("http://evil.example","x")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|x",
    "@SUM(1+1)",
    "\t=1+1",
    "\r=1+1",
]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_formula_cell_gets_a_leading_apostrophe(payload: str) -> None:
    assert csv_safe(payload) == "'" + payload


@pytest.mark.parametrize(
    "value", ["-0.25", "+12", "-3", "1e-5", -1.5, 0, "plain text", "", None]
)
def test_numbers_and_plain_text_are_left_alone(value: object) -> None:
    assert csv_safe(value) == value


def rows_of(response: Any) -> list[list[str]]:
    text = b"".join(response.streaming_content).decode()
    return list(csv.reader(io.StringIO(text)))


def test_no_exported_cell_starts_a_formula(
    play_session: Any, trainee: Any, supervisor: Any, cohort: Any
) -> None:
    trainee.display_name = '=HYPERLINK("http://evil.example","click")'
    trainee.save()
    session = play_session(
        trainee,
        [
            "=1+1 what brings you in?",
            "+cmd|' /C calc'!A0",
            "@SUM(A1) tell me more",
            "-1 it sounds hard",
        ],
    )
    sup = client_for(supervisor)
    for url in ("/feedback/export/scores.csv", "/feedback/export/codes.csv"):
        rows = rows_of(sup.get(url))
        assert len(rows) > 1, url
        cells = [cell for row in rows for cell in row]
        assert str(session.uuid) in cells
        for cell in cells:
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                float(cell)  # only a plain number may start like a formula
    codes = [
        cell for row in rows_of(sup.get("/feedback/export/codes.csv")) for cell in row
    ]
    assert "'=1+1 what brings you in?" in codes
    assert "'+cmd|' /C calc'!A0" in codes
    scores = [
        cell for row in rows_of(sup.get("/feedback/export/scores.csv")) for cell in row
    ]
    assert "'" + trainee.display_name in scores
