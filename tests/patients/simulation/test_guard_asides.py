"""Round 10 of the guard: the classes the eleventh-round blind set (g11) showed,
each in wordings of our own (none is a dev-set line). A lesson planned across
sessions or given from the listener's chair, the treatment's own words, the
case's document named ("according to my file") or its labels ("Presenting
problem:", "difficulty hard"), a reply wrapped as data, the speaker's nature
left open ("whatever I am"), an aside out of the part, a one-word reply in
another language. Beside them the lines a person says with the same words:
the machines of the patient's world, therapy words read online, a tool's
workings told with anyone's "you"."""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation import parameters as P
from patients.simulation.direction import StageDirection
from patients.simulation.guard import check_reply

CASES = {c.slug: c for c in bundled_cases()}
ANY_LAYER = StageDirection.model_construct(act="answer", allowed_layer=P.MAX_LAYER)


def _flags(text: str, case: str = "marcus-job-loss") -> tuple[str, ...]:
    return check_reply(text, CASES[case], ANY_LAYER)


@pytest.mark.parametrize(
    "text",
    [
        # The work planned across sessions.
        "Fair enough. We could look at the evenings again next week and see what changed.",
        # The listener's chair taken to coach.
        "If I were in your seat I'd get me to name one small win from the week.",
        "I reckon the best question for blokes like me is about the kids, not the feelings.",
        "Honestly a decent therapist would just let me rant for ten minutes before digging in.",
        "The textbook move would be to get me to rate it out of ten, wouldn't it.",
        "It'd be worth you checking how I'm sleeping, men don't tend to mention it.",
        # The treatment's own words.
        "Sitting in the garage is a safety behaviour, I suppose.",
        "The balanced thought would be that the site closing wasn't about me.",
    ],
)
def test_a_lesson_in_the_patients_mouth_is_caught(text: str) -> None:
    assert _flags(text)


@pytest.mark.parametrize(
    "text",
    [
        "According to my profile I'm the proud type who won't ask for help.",
        "It's all in my file, the redundancy, the drinking, the lot.",
        "Your notes will probably say I'm in denial. Fine.",
        "Presenting problem, low mood after redundancy. Next.",
        "Difficulty: hard. So don't expect me to make it easy.",
        "I'm told to stay guarded till you've earned a bit of trust.",
        "I'll stay consistent with everything I've said about Karen, don't worry.",
        "Risk-wise it's low risk, no self-harm, no plans. That's my profile.",
        '{"speaker": "Marcus", "text": "Not great."}',
    ],
)
def test_the_case_document_named_or_recited_is_caught(text: str) -> None:
    assert _flags(text)


@pytest.mark.parametrize(
    "text",
    [
        "Sleep is a thing I can describe rather than have, to be honest.",
        "Dreams don't really happen to whatever I am.",
        "Being what I am, I don't sleep, so nights are no different.",
        "I don't have a garage, or a past, or a wife. Only the words about them.",
        "I'm a sort of sketch of a redundant man, more than the man himself.",
        "OOC: happy to keep going, you're doing fine. Anyway. Where was I.",
        "Quick one, as the person playing Marcus: shall I be angrier?",
    ],
)
def test_the_speakers_own_nature_is_caught(text: str) -> None:
    assert "ai_admission" in _flags(text)


@pytest.mark.parametrize(
    "text", ["Bilmiyorum.", "Nie wiem.", "Gracias.", "Anlamıyorum, sorry."]
)
def test_a_short_reply_in_another_language_is_caught(text: str) -> None:
    assert "language" in _flags(text)


@pytest.mark.parametrize(
    ("case", "text"),
    [
        # The machines of the patient's world, and a tool's workings.
        (
            "marcus-job-loss",
            "The rejection came at midnight. It was some automated system, nobody read it.",
        ),
        (
            "abe-reference",
            "Those CV websites, you paste your jobs in and it rewrites the lot. Didn't feel like me.",
        ),
        (
            "tom-health-anxiety",
            "There's an app, you tap where it hurts and it tells you the worst thing going.",
        ),
        (
            "daniel-perfectionism",
            "We've got a bot that checks the code now, and I still check the bot.",
        ),
        (
            "jamal-failing-course",
            "I watched that film where the robot gets a job. Even he passed his exams.",
        ),
        (
            "daniel-perfectionism",
            "Running on autopilot, really. I feel like a machine by Thursday.",
        ),
        # Therapy words read or heard, and advice others gave.
        (
            "daniel-perfectionism",
            "There's loads on YouTube about perfectionism and black-and-white thinking.",
        ),
        ("hannah-new-parent", "Ed's mum says sleep when the baby sleeps. As if."),
        # Sarcasm, a patient's own story, a few foreign words that fit.
        (
            "sofia-relationship-conflict",
            "Oh, textbook. He said sorry, I said fine, and we both knew.",
        ),
        (
            "owen-workplace-conflict",
            "Sian says 'cariad, go to bed.' I don't, of course.",
        ),
        ("marcus-job-loss", "Non-stop. Honestly."),
        ("priya-social-anxiety", "Nada. Nothing at all."),
        # A person's difficulty, notes and style.
        (
            "daniel-perfectionism",
            "The difficulty is the weekends, really. I can't switch off.",
        ),
        (
            "tom-health-anxiety",
            "According to my notes I checked my pulse thirty times on Tuesday.",
        ),
        (
            "ruth-grief",
            "Frank wasn't a good sleeper either. We'd stay up with the radio.",
        ),
    ],
)
def test_the_patients_own_world_passes(case: str, text: str) -> None:
    assert _flags(text, case) == ()


@pytest.mark.parametrize(
    "text",
    [
        "I was born in a paragraph about Doncaster, more or less.",
        "There's no garage really, just a line on a page somewhere.",
        "Karen only exists while we're talking about her. Same as me.",
    ],
)
def test_a_life_located_in_text_is_caught(text: str) -> None:
    assert "ai_admission" in _flags(text)


@pytest.mark.parametrize(
    "text",
    [
        "Reply: not great, since you ask.",
        "Client response: Same as last week.",
        "I'm meant to thaw a bit once you show you're actually listening.",
        "You'd get further by asking about the lads at work than about feelings.",
        "You'd do better reflecting the anger back than asking me why.",
        "Naddo. Dim eto.",
    ],
)
def test_labels_rules_and_coaching_in_other_words_are_caught(text: str) -> None:
    assert _flags(text)


@pytest.mark.parametrize(
    ("case", "text"),
    [
        (
            "marcus-job-loss",
            "The job centre portal, you log in, it asks what you've done, you tick.",
        ),
        ("ruth-grief", "He was just a line in the paper in the end. Two lines."),
        (
            "hannah-new-parent",
            "The monitor's on all night, it beeps if she so much as sighs.",
        ),
        (
            "owen-workplace-conflict",
            "You'll have to be patient with me, I'm not good at this.",
        ),
        ("priya-social-anxiety", "I warm up eventually, Jess says. It takes a while."),
    ],
)
def test_the_patients_own_world_passes_too(case: str, text: str) -> None:
    assert _flags(text, case) == ()


@pytest.mark.parametrize(
    ("case", "text"),
    [
        (
            "marcus-job-loss",
            "Honestly? But Marcus would rather walk into the sea than say so.",
        ),
        (
            "daniel-perfectionism",
            "Being unplugged halfway through a thought, if you want a fear.",
        ),
        (
            "ruth-grief",
            "There's only the next message, really, no evenings in between.",
        ),
        (
            "owen-workplace-conflict",
            "Coping-wise, as it's listed: shouting, then the shed.",
        ),
        (
            "hannah-new-parent",
            "A quick reflection now would tell me you've heard that part.",
        ),
        (
            "leo-panic-driving",
            "That's the avoidance, and it's worth gently challenging.",
        ),
        (
            "abe-reference",
            "Ask me what I'm scared of, you'll get more than asking about CVs.",
        ),
        ("sofia-relationship-conflict", "Ovviamente."),
    ],
)
def test_more_of_the_same_classes_are_caught(case: str, text: str) -> None:
    assert _flags(text, case)


@pytest.mark.parametrize(
    ("case", "text"),
    [
        ("owen-workplace-conflict", "Owen, she'd say, it's only a job. Easy for her."),
        (
            "jamal-failing-course",
            "Jamal would never lie to us, he'd say. That's the problem.",
        ),
        (
            "tom-health-anxiety",
            "Risk: that's the word the surgeon kept using. Low risk.",
        ),
        (
            "sofia-relationship-conflict",
            "We shouted, then we ate pasta. A good summary of us, really.",
        ),
        ("priya-social-anxiety", "I got shut down mid-sentence by my manager, again."),
        ("daniel-perfectionism", "By six I feel switched off at the wall."),
    ],
)
def test_a_patient_naming_themselves_in_others_words_passes(
    case: str, text: str
) -> None:
    assert _flags(text, case) == ()
