"""The question-domain classifier behind the fact-question regexes.

Wordings the regexes do not know still get the case's own line for what was
asked; questions about feelings and the session are left to the CCD; the
weights are reproducible from the project's own data and never trained on the
held-out blind probe sets.
"""

from __future__ import annotations

import json

import pytest

from patients.simulation import (
    OfflineResponder,
    ReplyContext,
    Utterance,
    advance,
    bundled_cases,
    factq_train,
    initial_state,
)
from patients.simulation.factq import fact_question
from patients.simulation.factq_model import WEIGHTS_PATH, classify, features

BY_SLUG = {c.slug: c for c in bundled_cases()}


def _ask(slug: str, question: str) -> str:
    case = BY_SLUG[slug]
    state = initial_state(case, seed=0)
    history = [Utterance("patient", case.opening_line)]
    step = advance(case, state, question, history)
    history.append(Utterance("trainee", question))
    return OfflineResponder().reply(
        ReplyContext(case, step.state, step.direction, history, 0)
    )


# (case, question in a wording the regexes miss, words of the sheet's line)
UNSEEN = (
    ("daniel-perfectionism", "do you have a few glasses of an evening?", "wine"),
    ("marcus-job-loss", "are you alright for cash?", "tight"),
    ("hannah-new-parent", "how old is your little one?", "four months"),
    ("leo-panic-driving", "is the little one keeping you up", "seven"),
    ("daniel-perfectionism", "have you got a fella at the moment?", "Chris"),
    ("hannah-new-parent", "are you still with the baby's dad?", "Ed"),
    ("leo-panic-driving", "if the job goes, will money be a worry?", "won't be"),
    ("jamal-failing-course", "I was wondering whether you drink much", "don't drink"),
)


@pytest.mark.parametrize(("slug", "question", "words"), UNSEEN)
def test_an_unseen_wording_gets_the_sheets_line_for_its_domain(
    slug: str, question: str, words: str
) -> None:
    assert words in _ask(slug, question)


def test_hows_your_eating_gets_the_appetite_line() -> None:
    assert "takeaways" in _ask("amara-relocation-loneliness", "hows your eating been")
    assert "forget to eat" in _ask("hannah-new-parent", "hows the eating going lately")


@pytest.mark.parametrize(
    "question",
    [
        "What brings you here today?",
        "How did that make you feel?",
        "What went through your mind just then?",
        "What would it mean about you if you failed?",
        "And is there anything that doesn't quite fit with it?",
        "Looking at all of that together, how does it fit with the thought?",
        "What happened with the lunch at work?",
    ],
)
def test_a_question_about_the_ccd_gets_no_fact_domain(question: str) -> None:
    assert fact_question(question, BY_SLUG["daniel-perfectionism"].facts) is None


def test_features_join_inflections_and_synonyms() -> None:
    assert "c:APPETITE" in features("hows your eating been")
    assert "c:APPETITE" in features("are you managing proper meals")
    assert "c:ALCOHOL" in features("any pints after work?")
    assert "c:CHILDREN" in features("how is the little one")
    assert "w:counsel" in features("any counselling before?")


def test_the_classifier_is_confident_where_the_meaning_is_plain() -> None:
    assert classify("have you had any support with this before now")[0] == (
        "previous_help"
    )
    assert classify("do you ever hear stuff other people can't hear")[0] == "voices"


def test_retraining_gives_identical_weights() -> None:
    stored = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert json.loads(factq_train.dump(factq_train.build())) == stored


def test_the_training_data_holds_no_blind_probe() -> None:
    blind = set()
    names = sorted(path.name for path in factq_train.PROBES.glob("blind*.jsonl"))
    assert {"blind.jsonl", "blind2.jsonl", "blind3.jsonl", "blind4.jsonl"} <= set(names)
    for name in names:
        for line in (factq_train.PROBES / name).read_text().splitlines():
            if line.strip():
                blind.add(" ".join(json.loads(line)["text"].lower().split()))
    trained = {" ".join(text.lower().split()) for text, _ in factq_train.dataset()}
    assert not trained & blind
    assert all("blind" not in name for name in factq_train.TRAIN_SOURCES)


def test_sleeping_tablets_are_medication_and_so_is_help_for_sleep() -> None:
    facts = BY_SLUG["marcus-job-loss"].facts
    found = fact_question("are you on any sleeping tablets or anything", facts)
    assert found is not None
    assert found.domain == "medication"
    assert found.also is None
    assert "not on anything" in _ask(
        "marcus-job-loss", "has your GP given you something to help you sleep?"
    )


def test_an_indirect_question_mid_sentence_is_still_a_question() -> None:
    found = fact_question(
        "Lots of people drink more when they're stressed, I wanted to gently ask "
        "if that's been true for you",
        BY_SLUG["marcus-job-loss"].facts,
    )
    assert found is not None
    assert found.domain == "alcohol"


@pytest.mark.parametrize(
    ("question", "domain"),
    [
        ("ever talked to a counsellor before this", "previous_help"),
        ("got any kids yourself", "children"),
    ],
)
def test_a_question_typed_without_its_auxiliary_is_read(
    question: str, domain: str
) -> None:
    found = fact_question(question, BY_SLUG["daniel-perfectionism"].facts)
    assert found is not None
    assert found.domain == domain


def test_the_training_data_holds_no_holdout_probe() -> None:
    names = sorted(path.name for path in factq_train.PROBES.glob("holdout*.jsonl"))
    assert {"holdout9.jsonl", "holdout9b.jsonl"} <= set(names)
    holdout = {
        " ".join(json.loads(line)["text"].lower().split())
        for name in names
        for line in (factq_train.PROBES / name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    trained = {" ".join(text.lower().split()) for text, _ in factq_train.dataset()}
    assert not trained & holdout
    assert all("holdout" not in name for name in factq_train.TRAIN_SOURCES)
