"""Issue 10, the page side: one chip per code per turn with machine-readable hooks,
plain words for trainees, and supervisor corrections in every family that rescore the
session (a new, supervisor-corrected score row) and reach the trainee's report.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client

from feedback.models import CodeOverride, SessionScore, TurnCorrection
from feedback.reports import reviewed_transcript
from feedback.scoring_services import score_session, stale_corrected_session_ids
from feedback.services import annotate_turn
from practice.services import submit_trainee_turn
from tests.feedback.conftest import LINES

pytestmark = pytest.mark.django_db

LONG_ADVICE = " ".join(
    ["You should walk more.", "You should also journal.", "Try to sleep early."] * 8
    + ["I did that once.", "I went for walks too."] * 6
)


@pytest.fixture(autouse=True)
def _no_rate_limit(settings: Any) -> None:
    settings.PRACTICE_RATE_LIMIT_MESSAGES = 10_000


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def visible_text(html: str) -> str:
    """What a reader sees: tags (and their attributes) and scripts removed."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def annotation_element(html: str, turn: Any) -> str:
    match = re.search(
        rf'<div id="annotation-{turn.uuid}"[^>]*data-annotation-for="{turn.uuid}".*?</details>\s*</div>',
        html,
        flags=re.S,
    )
    assert match, f"no annotation element for turn {turn.index}"
    return match.group(0)


def attrs(element: str) -> dict[str, str]:
    head = element.split(">", 1)[0]
    return dict(re.findall(r'(data-[a-z-]+)="([^"]*)"', head))


# --- chips and hooks ------------------------------------------------------------------


def test_a_long_message_gets_one_chip_per_code_and_its_hooks(
    play: Any, trainee: Any, supervisor: Any, cohort: Any
) -> None:
    session = play(trainee, [*LINES, LONG_ADVICE])
    long_turn = session.turns.filter(speaker="trainee").order_by("-index").first()
    evidence = session.turns.get(text=LINES[4])
    pages = {
        "chat (reload)": client_for(trainee).get(f"/practice/sessions/{session.uuid}/"),
        "report": client_for(trainee).get(f"/practice/sessions/{session.uuid}/report/"),
        "review": client_for(supervisor).get(f"/feedback/sessions/{session.uuid}/"),
    }
    for name, page in pages.items():
        assert page.status_code == 200, name
        html = page.content.decode()
        element = annotation_element(html, long_turn)
        chips = re.findall(r'<li class="chip [^"]*" data-chip="([^"]+)"', element)
        assert len(chips) == len(set(chips)), (name, chips)
        assert chips.count("persuade") == 1 and chips.count("self_disclosure") == 1, (
            chips
        )
        assert len(chips) <= 5, (name, chips)
        hooks = attrs(element)
        codes = hooks["data-codes"].split()
        assert {"persuade", "self_disclosure"} <= set(codes) and len(codes) == len(
            set(codes)
        )
        assert hooks["data-socratic"] == ""
        assert "problem_solving_after_disclosure" in hooks["data-flags"].split()
        # The flag is a chip of its own; the sentences are in "Why".
        assert "flag.problem_solving_after_disclosure" in chips
        assert "Sentence by sentence" in element
        evidence_hooks = attrs(annotation_element(html, evidence))
        assert evidence_hooks["data-codes"] == "question"
        assert evidence_hooks["data-socratic"] == "reasons_evidence"
        assert evidence_hooks["data-flags"] == ""


def test_the_live_push_carries_the_same_hooks(
    trainee: Any, practice_session: Any
) -> None:
    from django.template.loader import render_to_string

    sub = submit_trainee_turn(
        session_id=practice_session.pk,
        user_id=trainee.pk,
        text=LONG_ADVICE,
        client_id=uuid.uuid4(),
    )
    annotation = annotate_turn(turn_id=sub.trainee_turn.pk)
    html = render_to_string(
        "feedback/partials/_annotation.html",
        {"turn": sub.trainee_turn, "annotation": annotation, "oob": True},
    )
    element = annotation_element(html, sub.trainee_turn)
    assert 'hx-swap-oob="outerHTML"' in element
    assert {"persuade", "self_disclosure"} <= set(attrs(element)["data-codes"].split())
    assert len(re.findall(r"data-chip=", element)) <= 4


def test_trainees_read_plain_words_without_identifiers_or_confidence(
    play: Any, trainee: Any, cohort: Any
) -> None:
    session = play(trainee, [*LINES, LONG_ADVICE])
    for url in (
        f"/practice/sessions/{session.uuid}/",
        f"/practice/sessions/{session.uuid}/report/",
    ):
        text = visible_text(client_for(trainee).get(url).content.decode())
        for identifier in (
            "persuade",
            "complex_reflection",
            "simple_reflection",
            "self_disclosure",
            "problem_solving",
            "reasons_evidence",
            "(complex)",
            "confidence",
            "offline-",
        ):
            assert identifier not in text, (url, identifier)
        assert "Advice without asking first" in text
        assert "Fixing before listening" in text


# --- corrections ----------------------------------------------------------------------


def _post(
    client: Client, url: str, data: dict[str, Any], capture: Any, htmx: bool = False
) -> Any:
    headers = {"HX-Request": "true"} if htmx else {}
    with capture(execute=True):
        return client.post(url, data, headers=headers)


def test_a_correction_in_every_family_rescores_and_reaches_the_report(
    play: Any,
    trainee: Any,
    supervisor: Any,
    cohort: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    session = play(trainee)
    first = SessionScore.objects.get(session=session)
    assert first.revision == 0 and not first.supervisor_corrected
    original_data = dict(first.data)
    advice = session.turns.get(text=LINES[3])
    opening = session.turns.get(text=LINES[0])
    sup = client_for(supervisor)
    base = f"/feedback/sessions/{session.uuid}/turns/"

    # The advice is really a deeper reflection, and it was not premature problem
    # solving: codes, reflection depth, Padesky stage, empathy and flags.
    response = _post(
        sup,
        f"{base}{advice.uuid}/codes/",
        {
            "utterance": "0",
            "question": "",
            "reflection": "complex",
            "socratic": "",
            "padesky": "empathic_listening",
        },
        django_capture_on_commit_callbacks,
        htmx=True,
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert f'id="corrections-{advice.uuid}"' in html and "Sentence 1 corrected" in html
    element = annotation_element(html, advice)
    assert (
        'hx-swap-oob="outerHTML"' in element
        and attrs(element)["data-codes"] == "complex_reflection"
    )
    response = _post(
        sup,
        f"{base}{advice.uuid}/levels/",
        {
            "flags_sent": "1",
            "emotional_reactions": "1",
            "interpretations": "2",
            "explorations": "0",
        },
        django_capture_on_commit_callbacks,
        htmx=True,
    )
    assert response.status_code == 200
    assert (
        attrs(annotation_element(response.content.decode(), advice))["data-flags"] == ""
    )
    # The opening question was closed and asked for evidence; add a leading-question flag.
    _post(
        sup,
        f"{base}{opening.uuid}/codes/",
        {
            "utterance": "0",
            "question": "closed",
            "reflection": "",
            "socratic": "reasons_evidence",
            "padesky": "informational",
        },
        django_capture_on_commit_callbacks,
    )
    _post(
        sup,
        f"{base}{opening.uuid}/levels/",
        {
            "flags_sent": "1",
            "flags": ["leading_question"],
        },
        django_capture_on_commit_callbacks,
    )

    rows = list(SessionScore.objects.filter(session=session).order_by("revision"))
    assert [r.revision for r in rows] == [0, 1, 2, 3, 4]
    assert [r.supervisor_corrected for r in rows] == [False, True, True, True, True]
    rows[0].refresh_from_db()
    assert rows[0].data == original_data  # the old row is never edited
    latest = rows[-1].result
    assert (
        latest.counts.complex_reflections
        == rows[0].result.counts.complex_reflections + 1
    )
    assert latest.counts.closed_questions == rows[0].result.counts.closed_questions + 1

    turns = {t.pk: t for t in reviewed_transcript(session)}
    corrected = turns[advice.pk].annotation.data  # type: ignore[attr-defined]
    assert corrected["utterances"][0]["codes"] == ["complex_reflection"]
    assert corrected["utterances"][0]["padesky_stage"] == "empathic_listening"
    assert corrected["flags"] == [] and corrected["interpretations"] == 2
    opening_data = turns[opening.pk].annotation.data  # type: ignore[attr-defined]
    assert opening_data["utterances"][0]["question"] == "closed"
    assert opening_data["utterances"][0]["socratic_type"] == "reasons_evidence"
    assert opening_data["flags"] == ["leading_question"]

    report = client_for(trainee).get(f"/practice/sessions/{session.uuid}/report/")
    assert report.context_data["score"].pk == rows[-1].pk
    html = report.content.decode()
    assert 'data-supervisor-corrected="true"' in html
    advice_element = annotation_element(html, advice)
    assert "Your supervisor corrected this" in advice_element
    assert "Advice without asking first" in visible_text(advice_element)  # what it was
    assert (
        "Fixing before listening"
        not in visible_text(advice_element).split("annotator said")[0]
    )
    # Practice targets and key moments read the corrected codes: no target quotes the
    # advice turn as advice, and no moment says the trainee offered advice there.
    for target in report.context_data["report"].targets:
        if target.skill == "collaboration":
            assert target.example_turn != advice.index
    for moment in report.context_data["report"].moments:
        if moment.turn == advice.index:
            assert "offered advice" not in moment.text
            assert "codes corrected by the supervisor" in moment.text


def test_a_repeated_correction_adds_no_score_row(
    play: Any,
    trainee: Any,
    supervisor: Any,
    cohort: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    session = play(trainee)
    advice = session.turns.get(text=LINES[3])
    url = f"/feedback/sessions/{session.uuid}/turns/{advice.uuid}/codes/"
    sup = client_for(supervisor)
    for _ in range(2):
        _post(
            sup,
            url,
            {"utterance": "0", "codes": ["giving_information"]},
            django_capture_on_commit_callbacks,
        )
    score_session(session_id=session.pk)  # a redelivered task
    assert SessionScore.objects.filter(session=session).count() == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"utterance": "0", "codes": ["hug"]}, "Unknown behaviour code"),
        ({"utterance": "0", "question": "sideways"}, "not a question kind"),
        (
            {
                "utterance": "0",
                "codes": ["giving_information"],
                "question": "",
                "socratic": "reasons_evidence",
            },
            "applies only to a question",
        ),
        ({"utterance": "0", "padesky": "stage_9"}, "not a Padesky stage"),
        ({"utterance": "0", "reflection": "medium"}, "not a reflection depth"),
        ({"utterance": "0", "codes": ["question"], "question": ""}, "open or closed"),
        ({"utterance": "7"}, "not part of the annotation"),
        ({"utterance": "x"}, "Choose which sentence"),
    ],
)
def test_bad_values_are_refused_with_a_clear_message(
    play: Any,
    trainee: Any,
    supervisor: Any,
    cohort: Any,
    django_capture_on_commit_callbacks: Any,
    data: dict[str, Any],
    message: str,
) -> None:
    session = play(trainee)
    turn = session.turns.get(text=LINES[0])
    url = f"/feedback/sessions/{session.uuid}/turns/{turn.uuid}/codes/"
    response = _post(
        client_for(supervisor), url, data, django_capture_on_commit_callbacks, htmx=True
    )
    html = response.content.decode()
    assert response.status_code == 200 and 'role="alert"' in html
    assert message in html, html[:400]
    assert not CodeOverride.objects.exists()
    assert SessionScore.objects.filter(session=session).count() == 1
    # Without htmx: back to the page, the message shown there.
    response = client_for(supervisor).post(url, data, follow=True)
    assert message in response.content.decode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"flags_sent": "1", "flags": ["rude"]}, "Unknown flag"),
        ({"emotional_reactions": "3"}, "Empathy levels are 0"),
        ({"interpretations": "high"}, "Empathy levels are 0"),
    ],
)
def test_bad_levels_and_flags_are_refused(
    play: Any,
    trainee: Any,
    supervisor: Any,
    cohort: Any,
    django_capture_on_commit_callbacks: Any,
    data: dict[str, Any],
    message: str,
) -> None:
    session = play(trainee)
    turn = session.turns.get(text=LINES[3])
    url = f"/feedback/sessions/{session.uuid}/turns/{turn.uuid}/levels/"
    response = _post(
        client_for(supervisor), url, data, django_capture_on_commit_callbacks, htmx=True
    )
    assert message in response.content.decode()
    assert not TurnCorrection.objects.exists()


@pytest.mark.parametrize(
    ("persona", "status"),
    [("trainee", 403), ("other_trainee", 403), ("other_supervisor", 404)],
)
def test_only_the_trainees_supervisors_can_correct(
    request: pytest.FixtureRequest,
    play: Any,
    trainee: Any,
    cohort: Any,
    django_capture_on_commit_callbacks: Any,
    persona: str,
    status: int,
) -> None:
    session = play(trainee)
    turn = session.turns.get(text=LINES[3])
    client = client_for(request.getfixturevalue(persona))
    base = f"/feedback/sessions/{session.uuid}/turns/{turn.uuid}/"
    for path, data in (
        ("codes/", {"utterance": "0", "codes": ["affirm"]}),
        ("levels/", {"flags_sent": "1", "emotional_reactions": "2"}),
    ):
        response = _post(
            client, base + path, data, django_capture_on_commit_callbacks, htmx=True
        )
        assert response.status_code == status, (persona, path)
    assert not CodeOverride.objects.exists() and not TurnCorrection.objects.exists()
    assert SessionScore.objects.filter(session=session).count() == 1


def test_the_dashboard_shows_agreement_per_family(
    play: Any,
    trainee: Any,
    supervisor: Any,
    cohort: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    session = play(trainee)
    sup = client_for(supervisor)
    base = f"/feedback/sessions/{session.uuid}/"
    opening = session.turns.get(text=LINES[0])
    _post(
        sup,
        f"{base}turns/{opening.uuid}/codes/",
        {
            "utterance": "0",
            "question": "closed",
            "socratic": "",
            "padesky": "informational",
        },
        django_capture_on_commit_callbacks,
    )
    _post(
        sup,
        f"{base}turns/{opening.uuid}/levels/",
        {
            "flags_sent": "1",
            "flags": ["leading_question"],
            "explorations": "1",
        },
        django_capture_on_commit_callbacks,
    )
    sup.post(f"{base}reviewed/")
    for url in ("/feedback/", "/feedback/?from=2000-01-01"):  # rollups and live queries
        page = sup.get(url)
        families = {f.family: f for f in page.context_data["family_agreement"]}
        assert {
            "behaviour",
            "question",
            "reflection",
            "socratic",
            "padesky",
            "empathy.ER",
            "empathy.IP",
            "empathy.EX",
            "flag",
        } <= set(families), url
        assert families["question"].kappa is not None and families["question"].kappa < 1
        assert families["reflection"].kappa == 1.0
        assert (
            families["empathy.EX"].kappa is not None
            and families["empathy.EX"].kappa < 1
        )
        assert families["flag"].corrected == 1
        html = page.content.decode()
        assert 'data-family="question"' in html and "Question: open or closed" in html


def test_the_sweep_rescores_a_correction_whose_task_was_lost(
    play: Any,
    trainee: Any,
    supervisor: Any,
    cohort: Any,
) -> None:
    session = play(trainee)
    turn = session.turns.get(text=LINES[3])
    # No on-commit capture: the rescoring task of this correction is "lost".
    response = client_for(supervisor).post(
        f"/feedback/sessions/{session.uuid}/turns/{turn.uuid}/codes/",
        {"utterance": "0", "codes": ["giving_information"]},
    )
    assert response.status_code == 302
    assert SessionScore.objects.filter(session=session).count() == 1
    assert stale_corrected_session_ids(older_than_seconds=0) == [session.pk]
    score_session(session_id=session.pk)  # what the re-enqueued task runs
    assert (
        SessionScore.objects.filter(session=session, supervisor_corrected=True).count()
        == 1
    )
    assert stale_corrected_session_ids(older_than_seconds=0) == []
