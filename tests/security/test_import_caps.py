"""Imports refuse oversize, deeply nested, too many and bad-text files with a
message, never a 500."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from patients.models import Case
from patients.simulation import bundled_cases

from .conftest import client_for

pytestmark = pytest.mark.django_db


def upload(user: Any, raw: bytes, fmt: str = "auto") -> Any:
    return client_for(user).post(
        "/manage/cases/import/",
        {
            "file": SimpleUploadedFile(
                "cases.json", raw, content_type="application/json"
            ),
            "format": fmt,
        },
    )


def refused(response: Any, words: str) -> None:
    assert response.status_code == 200
    html = response.content.decode()
    assert "Nothing was imported" in html
    assert words in html, html[-2000:]
    assert Case.objects.count() == 0


def our_case(slug: str, **changes: Any) -> dict[str, Any]:
    spec = bundled_cases()[0]
    return {**spec.model_dump(mode="json"), "slug": slug, **changes}


def test_deep_nesting_is_refused_before_parsing(program_admin: Any) -> None:
    raw = b"[" * 100_000 + b"]" * 100_000
    refused(upload(program_admin, raw), "nested more than")


def test_deep_nesting_inside_a_record_is_refused(program_admin: Any) -> None:
    deep: Any = "x"
    for _ in range(40):
        deep = {"a": deep}
    refused(
        upload(program_admin, json.dumps([our_case("deep", history=deep)]).encode()),
        "nested more than",
    )


def test_more_cases_than_the_cap_are_refused(program_admin: Any, settings: Any) -> None:
    settings.CASE_IMPORT_MAX_CASES = 3
    raw = json.dumps([our_case(f"c{n}") for n in range(4)]).encode()
    refused(upload(program_admin, raw), "the limit is 3 per file")


def test_the_default_cap_is_200_cases(program_admin: Any) -> None:
    raw = json.dumps([{"slug": f"c{n}"} for n in range(201)]).encode()
    refused(upload(program_admin, raw), "the limit is 200 per file")


def test_a_file_over_the_size_cap_is_refused(program_admin: Any, settings: Any) -> None:
    settings.CASE_IMPORT_MAX_BYTES = 1000
    raw = json.dumps([our_case("big")]).encode()
    assert len(raw) > 1000
    refused(upload(program_admin, raw), "the limit is")


@pytest.mark.parametrize("bad", ["\u0000", "\ud800", "\x07"])
def test_nul_surrogates_and_control_characters_are_refused(
    program_admin: Any, bad: str
) -> None:
    raw = json.dumps([our_case("nul", history=f"before{bad}after")]).encode()
    refused(upload(program_admin, raw), "control character or invalid text")


def test_a_normal_case_still_imports(program_admin: Any) -> None:
    response = upload(program_admin, json.dumps([our_case("fine")]).encode())
    assert response.context["results"] and Case.objects.filter(slug="fine").exists()
