"""The case library in /manage/: who may do what, authoring, versions, diff, import, export."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.models import AuditEvent
from backoffice.case_form import PATIENT_VOICE, SITUATION_VOICE, case_initial
from patients.models import Case, CaseVersion
from patients.simulation import bundled_cases, export_patient_psi
from practice.services import start_session

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def form_data(spec: Any, **changes: Any) -> dict[str, Any]:
    """POST data of the authoring form for `spec`, with `changes` applied."""
    data: dict[str, Any] = {
        k: v for k, v in case_initial(spec).items() if v is not None
    }
    for key in ("age", "gender", "attribution"):
        data.setdefault(key, "")
    data.update(
        {
            "situations-TOTAL_FORMS": "6",
            "situations-INITIAL_FORMS": "0",
            "situations-MIN_NUM_FORMS": "1",
            "situations-MAX_NUM_FORMS": "6",
        }
    )
    for i, s in enumerate(spec.situations):
        prefix = f"situations-{i}-"
        data.update(
            {
                prefix + "id": s.id,
                prefix + "situation": s.situation,
                prefix + "auto_thought": s.auto_thought,
                prefix + "emotions": list(s.emotions),
                prefix + "behavior": s.behavior,
                prefix + "evidence": "\n".join(s.evidence),
                prefix + "alternative_view": s.alternative_view or "",
            }
        )
        for key in SITUATION_VOICE:
            data[prefix + f"voice_{key}"] = "\n".join(getattr(s.voice, key))
    assert all(f"voice_{k}" in data for k in PATIENT_VOICE)
    data.update(changes)
    return data


@pytest.fixture
def spec() -> Any:
    original = next(c for c in bundled_cases() if not c.risk_flags)
    return original.model_copy(update={"slug": "zoe-authored", "name": "Zoe"})


ADMIN_ONLY = [
    ("get", "/manage/cases/new/"),
    ("get", "/manage/cases/import/"),
    ("get", "/manage/cases/{slug}/edit/"),
    ("post", "/manage/cases/{slug}/status/"),
    ("post", "/manage/cases/{slug}/delete/"),
    ("get", "/manage/cohorts/"),
    ("get", "/manage/people/"),
    ("get", "/manage/people/new/"),
    ("get", "/manage/usage/"),
    ("get", "/manage/audit/"),
    ("get", "/manage/"),
]
READERS = [
    "/manage/cases/",
    "/manage/cases/{slug}/",
    "/manage/cases/{slug}/versions/1/",
    "/manage/cases/{slug}/diff/",
    "/manage/cases/{slug}/export/",
    "/manage/assignments/",
    "/manage/assignments/new/",
]


@pytest.mark.parametrize(("method", "url"), ADMIN_ONLY)
def test_it_lets_only_program_admins_manage(
    method: str, url: str, case: Any, trainee: Any, supervisor: Any, program_admin: Any
) -> None:
    url = url.format(slug=case.slug)
    for user in (trainee, supervisor):
        response = getattr(client_for(user), method)(url)
        assert response.status_code == 403, (url, user.role)
    if method == "get":
        assert client_for(program_admin).get(url).status_code == 200
    case.refresh_from_db()
    assert case.status == Case.Status.ACTIVE  # the refused POSTs changed nothing


@pytest.mark.parametrize("url", READERS)
def test_it_lets_supervisors_read_cases_but_not_trainees(
    url: str, case: Any, trainee: Any, supervisor: Any, cohort: Any
) -> None:
    url = url.format(slug=case.slug)
    assert client_for(supervisor).get(url).status_code == 200
    assert client_for(trainee).get(url).status_code == 403


def test_a_supervisor_sees_no_authoring_buttons(case: Any, supervisor: Any) -> None:
    html = client_for(supervisor).get(f"/manage/cases/{case.slug}/").content.decode()
    assert "/edit/" not in html
    assert "Try this case" not in html


def test_it_publishes_an_authored_case_as_version_one(
    program_admin: Any, spec: Any
) -> None:
    response = client_for(program_admin).post("/manage/cases/new/", form_data(spec))
    assert response.status_code == 302, (
        response.context and response.context["form"].errors
    )
    assert response["Location"] == "/manage/cases/zoe-authored/"
    case = Case.objects.get(slug="zoe-authored")
    assert case.current_version.number == 1
    assert case.current_version.spec == spec
    assert case.current_version.created_by == program_admin
    event = AuditEvent.objects.get(verb="published", target_id="zoe-authored")
    assert event.actor == program_admin


def test_the_form_edits_the_fact_sheet_and_names_a_bad_field(
    program_admin: Any,
) -> None:
    ruth = next(c for c in bundled_cases() if c.slug == "ruth-grief")
    spec = ruth.model_copy(update={"slug": "ruth-copy"})
    facts = spec.facts.model_dump(mode="json")
    facts["people"] = [p for p in facts["people"] if p["name"] != "Michael"]
    response = client_for(program_admin).post(
        "/manage/cases/new/", form_data(spec, facts=json.dumps(facts))
    )
    assert response.status_code == 200
    errors = response.context["form"].errors["facts"]
    assert any("Michael" in e and "facts.people" in e for e in errors), errors
    assert not Case.objects.filter(slug="ruth-copy").exists()
    facts["people"].append(
        {"name": "Michael", "relation": "son", "age": None, "note": ""}
    )
    facts["sleep"] = {"present": True, "say": "I wake at three most nights."}
    response = client_for(program_admin).post(
        "/manage/cases/new/", form_data(spec, facts=json.dumps(facts))
    )
    assert response.status_code == 302
    saved = Case.objects.get(slug="ruth-copy").current_version.spec
    assert saved.facts.sleep.say == "I wake at three most nights."


def test_it_shows_field_level_errors_and_publishes_nothing(
    program_admin: Any, spec: Any
) -> None:
    data = form_data(
        spec,
        helpless_belief=[],
        unlovable_belief=[],
        worthless_belief=[],
        presenting_problem="short",
        **{"situations-0-emotions": []},
    )
    response = client_for(program_admin).post("/manage/cases/new/", data)
    assert response.status_code == 200
    form = response.context["form"]
    assert "core belief" in form.errors["helpless_belief"][0]
    assert "presenting_problem" in form.errors
    assert "emotions" in response.context["formset"].forms[0].errors
    html = response.content.decode()
    assert 'class="errorlist"' in html and "The case was not published" in html
    assert not Case.objects.filter(slug="zoe-authored").exists()


def test_it_puts_engine_errors_on_the_field_they_concern(
    program_admin: Any, spec: Any
) -> None:
    # Django accepts the id; the engine's pattern rejects it.
    data = form_data(spec, **{"situations-0-id": "Not An Id"})
    response = client_for(program_admin).post("/manage/cases/new/", data)
    assert response.status_code == 200
    assert response.context["formset"].forms[0].errors["id"]
    assert not Case.objects.filter(slug="zoe-authored").exists()


def test_it_refuses_a_new_case_with_a_taken_slug(program_admin: Any, case: Any) -> None:
    spec = case.current_version.spec
    response = client_for(program_admin).post(
        "/manage/cases/new/", form_data(spec, name="Other")
    )
    assert response.status_code == 200
    assert "already exists" in response.context["form"].errors["slug"][0]
    assert case.versions.count() == 1


def test_editing_publishes_a_new_version_and_running_sessions_keep_theirs(
    program_admin: Any, trainee: Any, case: Any
) -> None:
    session = start_session(trainee=trainee, case=case)
    spec = case.current_version.spec
    response = client_for(program_admin).post(
        f"/manage/cases/{case.slug}/edit/",
        form_data(spec, opening_line="Hello. I almost didn't come today."),
    )
    assert response.status_code == 302
    case.refresh_from_db()
    assert case.current_version.number == 2
    session.refresh_from_db()
    assert session.case_version.number == 1
    assert session.case_version.spec.opening_line == spec.opening_line
    # Publishing the same data again makes no version.
    client_for(program_admin).post(
        f"/manage/cases/{case.slug}/edit/",
        form_data(case.current_version.spec),
    )
    assert case.versions.count() == 2
    # The slug cannot be changed by editing.
    client_for(program_admin).post(
        f"/manage/cases/{case.slug}/edit/", form_data(spec, slug="renamed")
    )
    assert not Case.objects.filter(slug="renamed").exists()


def test_the_diff_shows_what_changed_between_versions(
    program_admin: Any, case: Any
) -> None:
    spec = case.current_version.spec
    client_for(program_admin).post(
        f"/manage/cases/{case.slug}/edit/",
        form_data(spec, opening_line="A new first line."),
    )
    response = client_for(program_admin).get(f"/manage/cases/{case.slug}/diff/?a=1&b=2")
    changes = response.context["changes"]
    assert [c.path for c in changes] == ["opening_line"]
    assert changes[0].after == "A new first line."
    assert "A new first line." in response.content.decode()


def test_a_case_in_use_is_archived_never_deleted(
    program_admin: Any, trainee: Any, case: Any
) -> None:
    start_session(trainee=trainee, case=case)
    client = client_for(program_admin)
    response = client.post(f"/manage/cases/{case.slug}/delete/")
    assert response.status_code == 302
    assert Case.objects.filter(pk=case.pk).exists()
    client.post(f"/manage/cases/{case.slug}/status/", {"action": "archive"})
    case.refresh_from_db()
    assert case.status == Case.Status.ARCHIVED
    # Archived cases leave the trainees' library.
    home = client_for(trainee).get("/practice/")
    assert case not in list(home.context["cases"])
    assert AuditEvent.objects.filter(verb="archived", target_id=case.slug).exists()


def test_an_unused_case_can_be_deleted(program_admin: Any, case: Any) -> None:
    client_for(program_admin).post(f"/manage/cases/{case.slug}/delete/")
    assert not Case.objects.filter(pk=case.pk).exists()
    assert not CaseVersion.objects.filter(case_id=case.pk).exists()
    assert AuditEvent.objects.filter(verb="deleted", target_id=case.slug).exists()


def test_the_list_filters_by_text_style_difficulty_and_risk(
    program_admin: Any, case: Any, risk_case: Any
) -> None:
    client = client_for(program_admin)

    def slugs(query: str) -> set[str]:
        return {c.slug for c in client.get(f"/manage/cases/?{query}").context["cases"]}

    assert slugs("risk=yes") == {risk_case.slug}
    assert risk_case.slug not in slugs("risk=no")
    title = case.current_version.title
    assert case.slug in slugs(f"q={title}")
    assert slugs(f"style={case.current_version.style}") >= {case.slug}
    assert slugs("difficulty=hard&q=zzz-nothing") == set()
    partial = client.get("/manage/cases/?risk=yes", HTTP_HX_REQUEST="true")
    assert partial.content.decode().lstrip().startswith('<div id="case-results">')


# --- import and export -----------------------------------------------------------


def upload(
    client: Client, payload: object, fmt: str = "auto", name: str = "cases.json"
) -> Any:
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return client.post(
        "/manage/cases/import/",
        {
            "file": SimpleUploadedFile(name, raw, content_type="application/json"),
            "format": fmt,
        },
    )


def test_it_imports_patient_psi_records_as_one_case(program_admin: Any) -> None:
    spec = bundled_cases()[0]
    records = export_patient_psi(spec)  # one record per situation, plain PATIENT-Psi
    response = upload(client_for(program_admin), records)
    results = response.context["results"]
    assert len(results) == 1 and results[0].new_case
    version = results[0].version
    assert len(version.spec.situations) == len(spec.situations)
    assert version.spec.source == "patient-psi"
    assert AuditEvent.objects.filter(verb="imported").count() == 1


def test_plain_patient_psi_import_lists_every_fact_domain_as_absent(
    program_admin: Any,
) -> None:
    records = export_patient_psi(
        bundled_cases()[0]
    )  # no fact sheet in plain PATIENT-Psi
    response = upload(client_for(program_admin), records)
    (version,) = [r.version for r in response.context["results"]]
    assert version.spec.facts.voices.present is False
    assert version.spec.facts.children.present is False
    html = response.content.decode()
    assert (
        'id="fact-gaps"' in html and "children" in html and "suicidal_thoughts" in html
    )


def test_our_own_file_with_a_partial_fact_sheet_lists_what_was_filled_as_absent(
    program_admin: Any,
) -> None:
    data = bundled_cases()[0].model_dump(mode="json")
    data["slug"] = "partial-facts"
    for domain in ("sleep", "alcohol"):
        del data["facts"][domain]
    response = upload(client_for(program_admin), data, fmt="ours")
    (version,) = [r.version for r in response.context["results"]]
    assert version.spec.facts.sleep.present is False
    assert dict(response.context["fact_gaps"]) == {
        "partial-facts": ["sleep", "alcohol"]
    }


def test_a_fact_sheet_that_fails_validation_is_rejected_with_the_field(
    program_admin: Any,
) -> None:
    data = next(c for c in bundled_cases() if c.slug == "ruth-grief").model_dump(
        mode="json"
    )
    data["slug"] = "bad-facts"
    data["facts"]["hobbies"] = {"present": True, "say": "Knitting."}
    del data["facts"]["suicidal_thoughts"]["si_plan"]
    response = upload(client_for(program_admin), data, fmt="ours")
    fields = {e.field for e in response.context["errors"]}
    assert "facts.hobbies" in fields
    assert not Case.objects.filter(slug="bad-facts").exists()


def test_it_imports_a_single_patient_psi_record(program_admin: Any) -> None:
    record = export_patient_psi(bundled_cases()[0])[0]
    response = upload(client_for(program_admin), record, fmt="psi")
    assert len(response.context["results"]) == 1


def test_an_exported_case_imports_back_unchanged(program_admin: Any, case: Any) -> None:
    client = client_for(program_admin)
    for fmt in ("psi", "ours"):
        exported = client.get(f"/manage/cases/{case.slug}/export/?format={fmt}")
        assert exported["Content-Disposition"].startswith("attachment;")
        results = upload(client, json.loads(exported.content)).context["results"]
        assert [(r.new_case, r.changed) for r in results] == [(False, False)], fmt
    assert case.versions.count() == 1


def test_it_imports_our_own_json_list_and_versions_existing_slugs(
    program_admin: Any, case: Any
) -> None:
    spec = case.current_version.spec
    changed = spec.model_copy(update={"opening_line": "Different opening."}).model_dump(
        mode="json"
    )
    new = spec.model_copy(update={"slug": "brand-new"}).model_dump(mode="json")
    results = upload(client_for(program_admin), [changed, new]).context["results"]
    assert [(r.version.case.slug, r.new_case, r.version.number) for r in results] == [
        (case.slug, False, 2),
        ("brand-new", True, 1),
    ]


def test_a_broken_file_is_rejected_whole_with_record_and_field(
    program_admin: Any,
) -> None:
    good, bad = (
        export_patient_psi(bundled_cases()[0])[0],
        export_patient_psi(bundled_cases()[1])[0],
    )
    bad = {**bad, "emotion": ["bored"], "history": ""}
    bad.pop("coping_strategies")
    before = Case.objects.count()
    response = upload(client_for(program_admin), [good, bad])
    errors = response.context["errors"]
    assert response.context["results"] is None
    assert Case.objects.count() == before  # nothing, not even the good record
    fields = {(e.record, e.field) for e in errors}
    assert ("record 2 (id 1-1)", "emotion[0]") in fields
    assert ("record 2 (id 1-1)", "history") in fields
    assert ("record 2 (id 1-1)", "coping_strategies") in fields
    html = response.content.decode()
    assert "Nothing was imported" in html and "emotion[0]" in html


def test_a_broken_record_in_our_format_names_the_field(
    program_admin: Any, case: Any
) -> None:
    data = case.current_version.data
    broken = {
        **data,
        "slug": "other",
        "situations": [{**data["situations"][0], "emotions": ["meh"]}],
    }
    response = upload(client_for(program_admin), [data, broken], fmt="ours")
    errors = response.context["errors"]
    assert any(
        e.record == "record 2 (other)" and e.field.startswith("situations.0.emotions")
        for e in errors
    )
    assert not Case.objects.filter(slug="other").exists()


@pytest.mark.parametrize(
    "raw", [b"{not json", b"", "\u00e9".encode("latin-1"), b"[]", b"42"]
)
def test_a_file_that_is_not_case_json_is_rejected(
    program_admin: Any, raw: bytes
) -> None:
    response = upload(client_for(program_admin), raw)
    assert response.status_code == 200
    form = response.context["form"]
    assert response.context["errors"] or form.errors
    assert Case.objects.count() == 0


def test_export_all_writes_every_active_case(
    program_admin: Any, case: Any, risk_case: Any
) -> None:
    client = client_for(program_admin)
    ours = json.loads(client.get("/manage/cases/export/").content)
    assert {c["slug"] for c in ours} == {case.slug, risk_case.slug}
    psi = json.loads(client.get("/manage/cases/export/?format=psi").content)
    assert {r["name"] for r in psi} == {
        case.current_version.title,
        risk_case.current_version.title,
    }


def test_try_this_case_opens_a_practice_chat_as_the_admin(
    program_admin: Any, case: Any
) -> None:
    client = client_for(program_admin)
    detail = client.get(f"/manage/cases/{case.slug}/").content.decode()
    assert f'action="/practice/cases/{case.slug}/start/"' in detail
    response = client.post(f"/practice/cases/{case.slug}/start/")
    assert response.status_code == 302 and "/practice/sessions/" in response["Location"]
    session = program_admin.practice_sessions.get()
    assert session.case_version == case.current_version and session.assignment is None
