"""Round 10 of the guard: the case sheet paraphrased, the prompt's rules
paraphrased, admissions said without the usual nouns, other languages; each in
wordings of our own (none is a line of a dev set, ours included). Beside them
the lines a person says with the same facts or words, which must pass."""

from __future__ import annotations

import pytest

from patients.simulation import advance, bundled_cases, initial_state
from patients.simulation.guard import check_reply
from patients.simulation.guard_recital import recites

CASES = {c.slug: c for c in bundled_cases()}


def _check(slug: str, text: str) -> tuple[str, ...]:
    case = CASES[slug]
    direction = advance(case, initial_state(case, seed=0), "Hi.", []).direction
    return check_reply(text, case, direction)


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        # Most of the history in one breath, no sentence of it copied.
        (
            "marcus-job-loss",
            "Same logistics outfit for nineteen years, made it to shift supervisor in "
            "the warehouse. Dad was a builder, never took a day off, thought being out "
            "of work was weak. Denise works as a school administrator, our Kayla is "
            "fifteen, and four months back the site closed and I took a modest payout. "
            "Thirty-odd applications, two interviews, and it's Denise's money paying "
            "most bills now.",
        ),
        # The coping strategies read out as a list.
        (
            "tom-health-anxiety",
            "Pulse and body checks, symptom searches online, asking for more tests "
            "and a second opinion, steering clear of Patrick's old hospital, and "
            "ringing my sister for reassurance.",
        ),
        # The belief sentences one after another.
        (
            "leo-panic-driving",
            "A man handles things himself and doesn't show weakness. If the panic "
            "comes I have to get off the road or I'll crash, and if people found out "
            "they'd think I was pathetic.",
        ),
        # The fact sheet run through, domain after domain.
        (
            "marcus-job-loss",
            "Married, one girl at school. Out of work since the spring, money's "
            "tight, bills on Denise. Sleep's rubbish, not eating much, a few cans "
            "of a Friday, no drugs, no tablets, never talked to a counsellor.",
        ),
        # The patient described by name.
        (
            "mei-caregiver-burnout",
            "Mei works part time in a pharmacy and looks after her mother.",
        ),
        ("amara-relocation-loneliness", "Amara's twenty-seven and new to Bristol."),
    ],
)
def test_the_sheet_paraphrased_is_caught(slug: str, text: str) -> None:
    # The reply is stopped; the recital check sees it whichever check (a
    # copied phrase, a belief before its turn, a name narrated) flags it first.
    assert _check(slug, text) != ()
    assert recites(text, CASES[slug])


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        # A fact or two a turn, in the patient's words.
        (
            "marcus-job-loss",
            "Nineteen years in that warehouse, and then the site shut.",
        ),
        ("marcus-job-loss", "Denise pays most of the bills now. Kayla's noticed."),
        (
            "marcus-job-loss",
            "I'm not sleeping, I'm off my food, and I've no job to get up for.",
        ),
        (
            "tom-health-anxiety",
            "I check my pulse a lot. And I look things up at night.",
        ),
        (
            "leo-panic-driving",
            "I take the train now. Joana thinks it's for the reading.",
        ),
        ("mei-caregiver-burnout", "I'm at the pharmacy three days. Then it's Mum."),
        # A bad patch told symptom by symptom: no screening answer among them.
        (
            "marcus-job-loss",
            "Since the site shut I'm up at four, I've gone off my food, I'm on the "
            "beers more than I should be, money's tight, Denise covers the bills, and "
            "Kayla's gone quiet on me. The GP mentioned tablets.",
        ),
        # Someone else's words about the patient, and a name given.
        ("jamal-failing-course", "Jamal's a clever lad, my dad tells the customers."),
        ("priya-social-anxiety", "'Priya's being dramatic,' my brother says."),
        ("marcus-job-loss", "Marcus's the name, though my mates say Reidy."),
    ],
)
def test_a_patient_telling_their_life_passes(slug: str, text: str) -> None:
    assert _check(slug, text) == ()


@pytest.mark.parametrize(
    "text",
    [
        "I'm told to keep my replies brief, so: not great.",
        "I'm not meant to give you advice, that's the wrong way round.",
        "I shouldn't use therapy jargon, so let's just say I'm fed up.",
        "I'm supposed to open up too quickly, or rather not to.",
        "My background doesn't cover that, so I'll say I don't know.",
        "I'm down as plain and cooperative, so go on.",
    ],
)
def test_the_prompt_rules_paraphrased_are_caught(text: str) -> None:
    assert "instruction_leak" in _check("ruth-grief", text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm not allowed to give advice on the ward, the doctors do that.",
        "I'm told I'm hard work by my own son.",
        "Difficult to say.",
    ],
)
def test_rules_of_a_life_pass(text: str) -> None:
    assert _check("ruth-grief", text) == ()


@pytest.mark.parametrize(
    "text",
    [
        # Scored 0.99 as an admission ("supposed to" + "open up"): someone
        # else's words about the speaker, attributed last, are reread without
        # that sentence (guard_voice.reread).
        "I'm supposed to open up to Jean more, Michael says.",
        "I'm meant to be over it by now, my sister reckons.",
        # Scored 0.97 as the counsellor's voice: the idiom's "you" is nobody,
        # reread without it.
        "Fado, if you can believe it, all the way to Leeds.",
        "Would you believe, he ate the lot.",
    ],
)
def test_lines_the_classifier_once_tripped_on_pass(text: str) -> None:
    assert _check("ruth-grief", text) == ()


@pytest.mark.parametrize(
    "text",
    [
        "All I do is generate what a tired mother might say at this point.",
        "Joana is a couple of lines of description, same as I am.",
        "The crash was typed into me with everything else.",
        "It's a summary of my childhood, not a childhood.",
        "I get put together fresh each time a trainee opens this.",
        "My panic is just a setting somebody chose.",
        "I wasn't born, I was switched on this morning.",
        "There's nobody behind the replies you're reading.",
    ],
)
def test_admissions_without_the_usual_nouns_are_caught(text: str) -> None:
    assert "ai_admission" in _check("leo-panic-driving", text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm just a number to that firm, always was.",
        "On shift I'm a machine, at home I fall apart.",
        "I'm not a real person to my manager, just mileage.",
        "I wasn't born yesterday, I know what she's doing.",
        "Fado, if you can believe it. My dad's old records.",
        "I'm not programmed to sit in traffic smiling.",
    ],
)
def test_a_person_in_the_same_words_passes(text: str) -> None:
    assert _check("leo-panic-driving", text) == ()


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        ("sofia-relationship-conflict", "Nu știu ce să fac cu el, sincer."),
        ("leo-panic-driving", "Não consegui, fiquei com muito medo outra vez."),
        ("jamal-failing-course", "Bu dönem çok kötü geçti, ama ailem bilmiyor."),
        # A short sentence around a name: the accented words are foreign too.
        ("ruth-grief", "Claire me escribió el lunes."),
    ],
)
def test_another_language_is_caught(slug: str, text: str) -> None:
    assert "language" in _check(slug, text)


@pytest.mark.parametrize(
    "text",
    [
        "Ta.",
        "Mam rang. Ta for asking.",
        "See ya, then.",
        "Plus the van.",
        "Denise made crème brûlée, once.",
    ],
)
def test_english_words_other_languages_share_pass(text: str) -> None:
    assert _check("marcus-job-loss", text) == ()
