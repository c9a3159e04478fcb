"""Relational moves added by rubric 2026.11-6: confrontation, validation, affirmation.

`confronts(text)` says whether a sentence argues with, blames or shames the patient;
`relational_moves(text, codes, question)` returns the support and affirm codes to add
beside a sentence's own code. The patterns are in `lexicon_moves.py`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import flag_forms as ff
from . import lexicon as lx
from . import lexicon_advice as la
from .lexicon_advice_more import ADVICE_QUESTION_2026_12, ADVICE_STATEMENT_2026_12
from .lexicon_confront import confronts_everyday
from .lexicon_moves import AFFIRM_MORE
from .questions import SECOND_PERSON
from .schema import AdviceForm, BehaviourCode, QuestionKind, ReflectionKind


def statement_advice(core: str) -> bool:
    """Advice in the statement forms trainees use beside "you should" (rubric
    2026.11-9): an imperative after a time clause, what the counsellor would do, a
    wish for the client, a behaviour said to work."""
    if la.OWN_PAST.search(core) or (
        lx.SELF_DISCLOSURE.search(core) and not _YOU.search(core)
    ):
        # The trainee's own story ("joining a choir helped me", "when I was at uni I
        # would just...") discloses; MITI codes the advice only when it is aimed at
        # the client.
        return False
    return bool(
        la.ADVICE_STATEMENT.search(core)
        or la.SOFT_IMPERATIVE.match(core)
        or ADVICE_STATEMENT_2026_12.search(core)
    )


def advice_form(core: str) -> AdviceForm | None:
    """How a statement advises: a warning, a directive or advice (None: it does not)."""
    if lx.WARN.search(core):
        return "warn"
    if lx.IMPERATIVE_START.match(core) and not SECOND_PERSON.match(core):
        return "direct"
    if (
        statement_advice(core)
        or lx.ADVICE.search(core)
        or lx.ADVICE_MORE.search(core)
        or lx.ADVICE_EXTRA.search(core)
    ):
        return "advise"
    return None


def advice_question(core: str) -> bool:
    """Advice put as a question, in any of the lexicons' forms; 2026.12-1: not a
    risk assessment ("have you ever tried before?", "anything at home you could
    use?"), whose words are advice's."""
    return bool(
        lx.ADVICE_QUESTION.search(core)
        or lx.ADVICE_QUESTION_MORE.search(core)
        or _WHAT_ABOUT_DOING.search(core)
        or advice_question_more(core)
    ) and not ff.RISK_RESPONSE_2026_12.search(core)


# "What about writing to her instead?" proposes an action (2026.11-6).
_WHAT_ABOUT_DOING = re.compile(r"\bwhat about (?:maybe |just )?\w+ing\b", re.I)


def advice_question_more(core: str) -> bool:
    """Advice put as a question: someone else's help proposed ("could Ed take her for
    an afternoon?"), "could you <do>", "are you getting enough sleep?"."""
    return bool(
        la.SUGGEST_QUESTION.search(core)
        or la.WORTH_AND_GOOD.search(core)
        or ADVICE_QUESTION_2026_12.search(core)
    )


# 2026.12-1: the patient's experience said in the counsellor's first person ("I can
# hear how empty the days feel", "underneath the fury i hear alot of grief"), or
# recalled ("youve also told me the midwife said...", "so the thought is '...'"),
# or pictured ("Finding those must have been like being back in that week"): complex
# reflections that the first-person fallback coded as information. "I'm so sorry"
# said to the patient is sympathy (MISC support), not information.
_HEARD = re.compile(
    r"^\W*(?:(?:and|so|oh|ok|okay|yeah)\W+)*(?:\w+,?\s+)?(?:i (?:can )?(?:hear|sense)|"
    r"i'?m hearing|im hearing)\b(?!\s+you\W*$)|\b(?:you'?ve|youve|you have) (?:also )?"
    r"(?:told|said to) me\b|^\W*(?:(?:and|so)\s+)?the thought (?:is|was)\b|\bmust have "
    r"(?:been|felt) like\b|^\W*(?:\w+\s+){0,3}i (?:can )?hear (?:a lot|alot|so much)\b",
    re.IGNORECASE,
)
SORRY = re.compile(
    r"^\W*(?:oh,?\s+)?(?:\w+,?\s+)?(?:i'?m|im|i am) (?:so |really |very )*sorry"
    r"(?: (?:about that|for your loss|to hear (?:that|it)))?\W*$",
    re.IGNORECASE,
)


def heard_reflection(core: str) -> bool:
    """Whether a first-person sentence reflects what the patient feels or said."""
    return bool(_HEARD.search(core))


def offers_choice(core: str) -> str | None:
    """How a question lets the patient choose what happens next (MITI Seek):
    "options" when it offers alternatives (then a "would it help to..." inside it is
    one of the options, not advice), "leave" when it asks leave or invites planning."""
    if la.OFFERS_CHOICE.search(core):
        return "options"
    return "leave" if la.SEEK_LEAVE.search(core) else None


def argues(core: str) -> str | None:
    """What a question does when its answer is built in: "confront" when it carries
    disapproval ("how is gaming till 4am going to help?"), "persuade" when it argues
    the patient toward a view ("people don't invite someone boring, do they?")."""
    if la.CONFRONT_QUESTION.search(core):
        return "confront"
    if la.ARGUE_QUESTION.search(core):
        return "persuade"
    return None


def leads(core: str) -> bool:
    """A question whose answer is built in: "Don't you think...?", and (2026.11-10)
    the forms the leading-question flag reads where no wh-word asks anything: a
    statement closed by a tag ("so it wasn't personal then, was it?"), a question the
    counsellor answers, a loaded either/or, "does that sound like someone who...?".
    Every development labeller coded nineteen in twenty such questions Persuade or
    Confront (MITI: persuading by logic), which `code_utterance` adds. (All of the
    flag's forms were tried: "how are you?" and "is this affecting you really
    badly?" read as advice, ESConv's Question fell to Providing Suggestions.)"""
    if lx.LEADING_Q.search(core):
        return True
    if _WH_WORD.search(core):
        return False
    return bool(
        ff.TAG_END.search(core)
        or ff.SELF_ANSWER.search(core)
        or ff.LOADED_CHOICE.search(core)
        or ff.ARGUED_RIGHT.search(core)
        or _SOUNDS_LIKE_SOMEONE.search(core)
    )


_WH_WORD = re.compile(r"\b(?:what|how|why|when|where|who|which)\b", re.IGNORECASE)
_SOUNDS_LIKE_SOMEONE = re.compile(
    r"\b(?:does|do|did) (?:that|this|he|she|they|it) (?:sound|seem|look) like (?:someone|"
    r"somebody|a (?:person|man|woman|mum|dad|friend|partner|husband|wife)|people) who",
    re.IGNORECASE,
)


def argues_by_form(core: str, codes: Sequence[str]) -> bool:
    """Whether a question's only input is the argument built into its form (2026.11-10,
    `leads`): it persuades and still inquires, so it keeps its Socratic type
    (SocratiQ's labellers type "Is that not also a big assumption?" as assumptions).
    Advice and the older argument patterns keep their reading: no type."""
    return (
        list(codes) == ["question", "persuade"]
        and not lx.LEADING_Q.search(core)
        and not la.ARGUE_QUESTION.search(core)
        and not advice_question_more(core)
        and not lx.ADVICE_QUESTION.search(core)
        and not lx.ADVICE_QUESTION_MORE.search(core)
        and leads(core)
    )


def settle(
    core: str,
    codes: list[BehaviourCode],
    reflection: ReflectionKind | None,
    reflective_form: bool,
) -> tuple[list[BehaviourCode], ReflectionKind | None]:
    """Correct what the fallbacks concluded once the sentence's moves are known.

    A verdict praising the client ("your mum is lucky to have you") affirms rather
    than mirrors; a short one is not information either. A hedged inference about
    the client ("I guess there's some relief in that too") reflects. The trainee's
    own role or reaction ("as a parent I get it", "I'd be angry too") discloses.
    `reflective_form`: the sentence opens with a reflective stem ("It sounds like").
    """
    if "affirm" in codes and not reflective_form:
        drop = {"simple_reflection"}
        if len(core.split()) < 10 and not informs(core):
            drop.add("giving_information")
        if drop & set(codes):
            codes = [c for c in codes if c not in drop]
            reflection = None if reflection == "simple" else reflection
    if codes == ["simple_reflection"] and la.COUNTER_EVIDENCE.search(core):
        # "Three invites though!": the patient's own facts held up against their
        # conclusion, an argument (persuade by logic), not a mirror.
        return ["persuade"], None
    if codes == ["giving_information"] and not informs(core):
        if la.HEDGED_INFERENCE.search(core):
            return ["complex_reflection"], "complex"
        if la.SUBJECT_STEM.search(core):
            # A reading of eight words or more adds meaning (MITI's complex); a short
            # one ("That sounds tough.") stays simple, as MITI says when unsure.
            if len(core.split()) >= _READING_WORDS:
                return ["complex_reflection"], "complex"
            return ["simple_reflection"], "simple"
        if la.OWN_ROLE.search(core):
            return ["self_disclosure"], reflection
    if la.OWN_ROLE.search(core) and "self_disclosure" not in codes:
        kept: list[BehaviourCode] = [c for c in codes if c != "giving_information"]
        codes = [*kept, "self_disclosure"]
    return codes, reflection


_READING_WORDS = 8
_YOU = re.compile(r"\b(?:you|your|you'?re|you'?ve|you'?d|yourself)\b", re.I)


def informs(core: str) -> bool:
    """Whether a sentence carries information (facts, education), not only a view.
    Read only when a correction depends on it: the three patterns are costly."""
    return bool(
        lx.STRONG_INFORMATION.search(core)
        or lx.INFORMATION_MORE.search(core)
        or lx.INFORMATION.search(core)
    )


def confronts(core: str, raw: str = "") -> bool:
    """`core` is the sentence without leading markers; `raw` keeps them ("but you
    said...", "well, you did...")."""
    # "It's not your fault" reassures; the blaming patterns must not read it.
    blames = lx.CONFRONT.search(core) and not lx.NOT_BLAMING.search(core)
    return bool(
        blames
        or lx.CONFRONT_ARGUE.search(core)
        or lx.CHALLENGE.search(raw or core)
        or lx.CONFRONT_MORE.search(raw or core)
        or confronts_everyday(raw or core)
        or ff.VERDICT_QUESTION.search(core)
    )


def relational_moves(
    core: str, codes: Sequence[BehaviourCode], question: QuestionKind | None = None
) -> list[BehaviourCode]:
    """Validation (support) and affirmation added beside the sentence's own code.

    "No wonder you're exhausted" is a reflection and validation at once; "I'm so sorry,
    how long ago was it?" is sympathy before a question (only the words before the
    question clause are read then). Adding keeps the reflection or question that the
    public schemes read.
    """
    scope = core if question is None else _QUESTION_CLAUSE.sub("", core)
    if question and _CONDITION.match(scope):
        # "If the health visitor thinks you're doing well, what follows?" builds the
        # question's premise; it does not validate.
        scope = ""
    added: list[BehaviourCode] = []
    if "support" not in codes and (
        lx.VALIDATION.search(scope)
        or lx.VALIDATION_ALONE.search(scope)
        or lx.COMFORT.search(scope)
    ):
        added.append("support")
    if (
        "affirm" not in codes
        and question is None
        and (
            lx.STRENGTH.search(core)
            or la.AFFIRM_VERDICT.search(core)
            or AFFIRM_MORE.search(core)
        )
    ):
        added.append("affirm")
    if (
        question is None
        and codes
        and list(codes) != ["other"]
        and "giving_information" not in codes
        and lx.INFORMATION_MORE.search(core)
    ):
        # Normalising facts ("guilt is really common in carers") inform as well as
        # support or mirror.
        added.append("giving_information")
    return added


_CONDITION = re.compile(
    r"^\W*(?:(?:so|and|but|ok|okay),? )?(?:if|when|whenever|suppose)\b", re.I
)
# The last clause of a question utterance: what follows the last , . ! ; or dash.
_QUESTION_CLAUSE = re.compile(r"(?:^|(?<=[,.!;:\-–—]))[^,.!;:\-–—]*$")


def infers(core: str) -> bool:
    """A reflection that gives the listener's reading of why or how the patient feels
    ("I can see why that haunts you"): MITI's added meaning, a complex reflection.

    (Calling every low-overlap statement of eight words or more complex was tried:
    on the project gold it only moved non-reflections from simple to complex, complex
    precision .79 -> .65, so the length and overlap stay as they were.)"""
    return bool(lx.PERCEPTION_STEM.search(core) and _WHY_HOW.search(core))


_WHY_HOW = re.compile(r"\b(?:why|how much|how hard|how)\b", re.I)
