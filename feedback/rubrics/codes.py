"""Per-utterance MITI coder: the heart of the offline annotator.

`code_utterance(text, patient_text)` codes one utterance with the MITI 4.2.1 behaviour
codes (RUBRICS.md §1.1), open/closed for questions and simple/complex for reflections.
It needs nothing but two strings, so other engines may reuse it, for example the patient
engine deciding how the simulated patient reacts to a closed question or to advice.
`code_turn(ctx)` segments a whole trainee turn and codes each utterance with the turn's
context (permission asked earlier in the turn, the patient asking for advice).

Decision rules, in the order applied:
1. Fillers and backchannels ("Mm-hmm.", "Okay.") carry no behaviour: code `other`;
   so do acknowledgements that approve or agree without reflecting any content
   ("That's true.", "Sounds good.").
2. Text convention (§0.4): an utterance ending in "?" is a Question, unless it is a
   declarative reflection followed by a tag question ("..., is that right?"), which is
   a Reflection with `tag_question`. Without a question mark, an interrogative opening
   ("do you", "what did") or an embedded question ("I wonder what...") is a Question.
3. Confront, then Persuade (advice, directives, warnings; with Permission when the
   permission came first, the patient asked, or the advice is framed with autonomy),
   Emphasize Autonomy, Affirm and Seek Collaboration are recognised by their phrasing.
4. A remaining declarative that mirrors the patient (second person, a reflective stem,
   a perception frame such as "I can tell you...", or words taken from the patient's
   words) is a Reflection: complex when it adds meaning (an inferred feeling, a
   double-sided or metaphorical statement, a long paraphrase), simple otherwise. When
   unsure, simple (MITI's rule). The patient's words are their last utterance, or the
   paragraph before it when that utterance is only a backchannel (`patient_context`).
   Right after the trainee's own information or advice, a statement about the client
   without a reflective form continues that input and is not a reflection.
5. Neutral facts and education are Giving Information; greetings, social talk and
   structuring talk are `other`.

Rules match a normalised copy of the text (`normalize.py`: "thats" -> "that's"); the
`UtteranceCode.text` is the utterance as typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import lexicon as lx
from . import moves as mv
from .denial import contradicts_denial
from .lexicon_confront import LEADING_DISAPPROVAL as _LEADING_DISAPPROVAL
from .moves import advice_form as _advice_form
from .moves import advice_question as _advice_question
from .moves import confronts as _confronts
from .moves import infers as _infers
from .moves import relational_moves as _relational_moves
from .normalize import normalize
from .questions import (
    SECOND_PERSON,
    WONDER_REFLECTION,
    is_interrogative,
    opening_word,
    question_kind,
    strip_markers,
)
from .questions import (
    is_declarative_form as is_declarative_form,  # re-exported: strategies, tests
)
from .schema import (
    _INPUT_CODES,
    AdviceForm,
    BehaviourCode,
    QuestionKind,
    ReflectionKind,
    TurnContext,
    UtteranceCode,
    last_patient_text,
)
from .segment import split_utterances
from .socratic import padesky_stage, socratic_type
from .sympathy import EXCLAMATION, SYMPATHY_FRAME, bare_sympathy

_STOPWORDS = frozenset(
    """
    a an the and or but so if then than that this these those it its it's is are was
    were be been being am i me my mine you your yours yourself we us our they them their
    he him his she her to of in on at for with about as by from up down out over into
    just really very too also not no yes yeah ok okay um uh like know think get got go
    going do does did have has had will would can could should what when where why how
    who which there here all any some more most much many one thing things kind sort
    well right mm hmm oh
    """.split()
)

# "You know", "you see", "thank you": second person in form only, not about the client.
_DISCOURSE_YOU = re.compile(
    r"\b(?:you know|you see|y'know|mind you|thank you|see you|if you will)\b"
    r"(?=\s*(?:[,.!?;:\-–—]|$))|\b(?:thank you|see you|nice to (?:meet|see) you)\b",
    re.I,
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself)\b", re.I)
_WE = re.compile(r"\b(?:we|we're|we've|we'll|us|our|let's)\b", re.I)
# A short yes to the counsellor's offer ("Yeah, go on.", "Please.", "If you want."):
# the permission MITI asks for was given in the previous exchange.
CONSENT = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|sure|ok(?:ay)?|alright|all right|please|go on|go ahead|"
    r"if you (?:want|like)|i'?d like that|that would (?:be )?(?:good|great|helpful)|"
    r"why not|then|"
    r"i suppose|i guess|anything|definitely)\b[\s,.!]*){1,4}(?:please|i'?d like that|"
    # 2026.11-11: "okay, yeah, tell me": the patient agreeing to hear it, in the
    # words people use for that ("tell me", "fire away", "let's hear it").
    r"go on|go ahead|anything|i'?m desperate[\w ,]*|honestly|tell me|fire away|"
    r"let'?s hear it|i'?m listening)?[\s,.!]*$",
    re.IGNORECASE,
)
PATIENT_ASKS_ADVICE = re.compile(
    r"\b(?:just tell me|tell me (?:what|how) to|what (?:do|should) i (?:actually )?do|"
    r"what would you do|what should i do|"
    r"what (?:should|can|could|do) i (?:do|try)|any (?:advice|suggestions|tips|"
    r"ideas)|what would you (?:do|suggest|recommend)|can you (?:help|tell) me (?:how|"
    r"what)|how (?:do|can|should) i|should i)\b",
    re.IGNORECASE,
)


def content_words(text: str) -> set[str]:
    return {w for w in lx.words(text) if w not in _STOPWORDS and len(w) > 2}


def is_filler(text: str) -> bool:
    """True for backchannels and fillers ("Mm-hmm.", "Okay, yeah.")."""
    ws = lx.words(text.replace("-", " "))
    if not ws:
        return True
    return len(ws) <= 4 and all(w in lx.FILLER_WORDS for w in ws)


_PERCEIVING = re.compile(
    r"\bi(?:'m| am) (?:picking up|sensing|noticing) (?:a lot of |some |a |an )?\w+",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"(?:^|(?<=\s))['‘\"“][^'’\"”]{2,80}['’\"”](?=[\s,.;:!?]|$)")


def _overlap(text: str, patient_words: set[str]) -> float:
    mine = content_words(text)
    if not mine or not patient_words:
        return 0.0
    return len(mine & patient_words) / len(mine)


def _names_new_feeling(text: str, patient_text: str) -> bool:
    """The utterance names a feeling whose family the patient did not name."""
    patient_fams = {
        lx.EMOTION_TO_FAMILY[w]
        for w in lx.words(patient_text)
        if w in lx.EMOTION_TO_FAMILY
    }
    for w in lx.words(text):
        if w in lx.FEELING_WORDS and lx.EMOTION_TO_FAMILY[w] not in patient_fams:
            return True
    return False


def _reflection_kind(
    core: str, patient_text: str, patient_words: set[str], opener: str = ""
) -> ReflectionKind:
    if lx.COMPLEX_MARKERS.search(core) or lx.SUMMARY_MARKERS.search(core):
        return "complex"
    if _names_new_feeling(core, patient_text) or _infers(core):
        return "complex"
    n_words = len(core.split())
    overlap = _overlap(core, patient_words)
    if patient_words and overlap >= 0.5:
        return "simple"
    if n_words >= 18 and overlap < 0.35:
        return "complex"
    if opener in {
        "and",
        "but",
        "because",
        "'cause",
        "cause",
        "which",
        "even",
        "until",
    } and (n_words >= 6):
        # Continuing the client's paragraph adds meaning (MITI's "continuing the
        # paragraph" is a complex reflection).
        return "complex"
    return "simple"


def code_utterance(
    text: str,
    patient_text: str = "",
    *,
    permission_given: bool = False,
    autonomy_in_turn: bool = False,
    previous_codes: Sequence[BehaviourCode] = (),
) -> UtteranceCode:
    """Code one utterance; `patient_text` is the patient's last utterance ("" if none).

    `permission_given`: the trainee asked permission earlier in the turn (or the patient
    asked for advice), so advice is Persuade with Permission. `autonomy_in_turn`: the
    turn frames the advice with the patient's choice ("...but it's up to you").
    """
    typed = text.strip()
    if is_filler(typed):
        return UtteranceCode(text=typed, codes=["other"])
    # Rules match a normalised copy ("thats" -> "that's"); the output keeps the text.
    raw = normalize(typed)
    core = strip_markers(raw) or raw
    patient_words = content_words(patient_text)
    ends_q = raw.rstrip(" \"'”’)").endswith("?")
    codes: list[BehaviourCode] = []
    question: QuestionKind | None = None
    reflection: ReflectionKind | None = None
    tag = False
    advice_form: AdviceForm | None = None

    if ends_q and lx.TAG_QUESTION.search(raw):
        body = lx.TAG_QUESTION.sub("", raw).strip(" ,")
        body_core = strip_markers(body) or body
        if (
            body_core
            and not is_interrogative(body_core)
            and not lx.AUX_START.match(body_core)
        ):
            tag = True
            core = body_core
    is_question = (ends_q and not tag) or (
        # "When it comes up try going for a walk": a time clause before advice.
        not ends_q
        and is_interrogative(core)
        and not mv.statement_advice(core)
        and not lx.CHOICE_VERDICT.search(core)
        and not EXCLAMATION.search(core)  # "What a week you've had."
    )

    undashed = raw.lstrip(" -–—.,…")
    if (
        (
            lx.PLEASANTRY.match(core)
            or lx.PLEASANTRY.match(undashed)
            or (
                lx.SOCIAL_TALK.search(core)
                and not lx.ADVICE.search(lx.SOCIAL_TALK.sub(" ", core))
            )
        )
        and len(core.split()) <= 14
        and not is_question
    ) or (not is_question and lx.ACKNOWLEDGEMENT.match(core)):
        # Pleasantries, and acknowledgements that approve of what was said without
        # reflecting any of it ("That's true.", "Sounds good."), carry no behaviour;
        # validation said in the same breath ("i'm glad you told me") still supports.
        return UtteranceCode(text=typed, codes=["other", *_relational_moves(raw, [])])
    if is_question:
        codes.append("question")
        question = question_kind(core)
        if _asks_leave(core) or lx.SEEK.search(core) or lx.SEEK_MORE.search(core):
            codes.append("seek_collaboration")
        argued = mv.argues(core)
        if argued == "confront" or _confronts(core, raw):
            codes.append("confront")
        leading = argued == "persuade" or mv.leads(core)
        if leading and "confront" not in codes:
            # A leading question carries the counsellor's answer: disapproval of the
            # patient's view ("Don't you think that's a bit extreme?") confronts,
            # a preferred course ("Don't you think Alan would want you to sing?")
            # persuades.
            if _LEADING_DISAPPROVAL.search(core):
                codes.append("confront")
            elif not _advice_question(core):
                codes.append("persuade")
                advice_form = "advise"
        choice = mv.offers_choice(core)
        if choice and "seek_collaboration" not in codes:
            codes.append("seek_collaboration")
        if _advice_question(core) and choice != "options":
            # Advice phrased as a question ("Have you tried journaling?") still
            # persuades; the question code stays for counting.
            # With the patient's choice framed in the turn ("...? totally up to
            # you"), as for advice in statement form.
            with_permission = (
                permission_given or autonomy_in_turn or _leaves_choice(core)
            )
            codes.append("persuade_with_permission" if with_permission else "persuade")
            advice_form = "advise"
    elif (
        lx.SUMMARY_MARKERS.search(core)
        and SECOND_PERSON.search(core)
        and not _confronts(core, raw)
    ):
        # A summary collects what the patient said: a complex reflection (MITI), even
        # when it opens with "let me" or "together".
        reflection = "complex"
        codes.append("complex_reflection")
    elif (
        lx.STRUCTURING.search(core)
        and not lx.ADVICE.search(core)
        and not mv.statement_advice(core)
        and not (_leaves_choice(core) or lx.SEEK_OFFER.search(core))
    ):
        # Agenda and time-keeping talk ("Let's stop there for today") is not advice.
        codes.append("other")
    else:
        if _confronts(core, raw) or contradicts_denial(core, patient_text):
            codes.append("confront")
        form = None if lx.ENCOURAGEMENT.search(core) else _advice_form(core)
        asked_for_it = bool(lx.ASKED_FOR_IT.search(core))
        if form and (asked_for_it or not lx.PERMISSION.search(core)):
            advice_form = form
            with_permission = (
                permission_given
                or autonomy_in_turn
                or asked_for_it
                or _leaves_choice(core)
            )
            codes.append("persuade_with_permission" if with_permission else "persuade")
        if lx.AUTONOMY.search(core) or lx.AUTONOMY_MORE.search(core):
            codes.append("emphasize_autonomy")
        if lx.AFFIRM.search(core):
            codes.append("affirm")
        if (
            (_asks_leave(core) and not asked_for_it)
            or (lx.SEEK.search(core) and not advice_form and "affirm" not in codes)
            or lx.SEEK_OFFER.search(core)
        ):
            codes.append("seek_collaboration")
        support = bool(
            lx.SUPPORT.search(core)
            or lx.ENCOURAGEMENT.search(core)
            or lx.REASSURANCE.search(core)
        )
        # Bare sympathy ("That sounds so hard.") is support alone; with the patient's
        # feeling, situation or thought in it, a reflection + support (stop 21).
        bare = bare_sympathy(core)
        reflective_support = not bare and bool(SYMPATHY_FRAME.search(core))
        if (support or bare) and not reflective_support:
            codes.append("support")
        continues_disclosure = "self_disclosure" in previous_codes
        has_you = bool(SECOND_PERSON.search(_DISCOURSE_YOU.sub(" ", core)))
        # "your mind jumps to 'I'm not up to it'": the quoted words are the patient's.
        first_person = bool(_FIRST_PERSON.search(_QUOTED.sub(" ", core)))
        if (
            not codes
            and first_person
            and (not has_you or lx.SHARED_EXPERIENCE.search(core))
            and (
                lx.SELF_DISCLOSURE.search(core)
                or lx.OWN_EXPERIENCE.search(core)
                or continues_disclosure
            )
        ):
            # A first-person sentence right after the trainee's own story continues
            # it ("It took me ages to see it wasn't all on me").
            codes.append("self_disclosure")
        if not codes and mv.heard_reflection(core):
            reflection = "complex"
            codes.append("complex_reflection")
        elif not codes and mv.SORRY.match(core):
            codes.append("support")
        if (
            not codes
            and not tag
            and (lx.STRONG_INFORMATION.search(core) or lx.INFORMATION_MORE.search(core))
            and not (lx.REFLECTION_STEM.match(core))
        ):
            codes.append("giving_information")
        if not codes or (tag and "confront" not in codes):
            opener = opening_word(raw)
            if _looks_like_reflection(
                core,
                patient_words,
                has_you,
                first_person,
                tag,
                reflective_support,
                opener,
                continues_input=bool(_INPUT_CODES.intersection(previous_codes)),
            ):
                reflection = _reflection_kind(core, patient_text, patient_words, opener)
                if reflective_support or tag and lx.COMPLEX_MARKERS.search(core):
                    reflection = "complex"
                codes.append(
                    "complex_reflection"
                    if reflection == "complex"
                    else "simple_reflection"
                )
                if reflective_support and support:
                    # "That sounds really hard": a reflection of the difficulty and
                    # sympathy at once (MISC support); both are coded.
                    codes.append("support")
        if not codes:
            if (
                lx.GREETING.search(core)
                and len(core.split()) <= 8
                or lx.STRUCTURING.search(core)
            ):
                codes.append("other")
            elif lx.INFORMATION.search(core) or first_person or _WE.search(core):
                codes.append("giving_information")
            elif (
                patient_words
                and 2 <= len(lx.words(core)) < 7
                and not _INPUT_CODES.intersection(previous_codes)
            ):
                # A short statement right after the patient spoke, with no other
                # function, mirrors them; when unsure, a simple reflection (MITI).
                reflection = "simple"
                codes.append("simple_reflection")
            elif len(core.split()) >= 7:
                codes.append("giving_information")
            else:
                codes.append("other")

    if (
        question is None
        and "affirm" not in codes
        and codes != ["other"]
        and lx.AFFIRM_DOING.search(core)
    ):
        # Naming what the patient did ("you went even though you were terrified") is
        # an affirmation; it is added to the sentence's other code, not put in its
        # place, because it usually mirrors what the patient said as well.
        codes.append("affirm")
    codes.extend(_relational_moves(raw, codes, question))
    if question is None:
        codes, reflection = mv.settle(
            core, codes, reflection, bool(lx.REFLECTION_STEM.match(core))
        )
    inquires = _inquires(codes, core)
    # Advice, confrontation or leave asked in question form is no Padesky stage.
    stage = (
        padesky_stage(core, codes, question)
        if codes != ["other"] and (question is None or inquires)
        else None
    )
    return UtteranceCode(
        text=typed,
        codes=codes,
        question=question,
        reflection=reflection,
        tag_question=tag,
        advice_form=advice_form,
        socratic_type=socratic_type(core, question) if inquires else None,
        padesky_stage=stage,
    )


def _asks_leave(text: str) -> bool:
    return bool(lx.PERMISSION.search(text) or lx.PERMISSION_ASK.search(text))


def _leaves_choice(text: str) -> bool:
    return bool(
        lx.AUTONOMY.search(text)
        or lx.AUTONOMY_MORE.search(text)
        or lx.LEAVE.search(text)
    )


def _inquires(codes: Sequence[str], core: str) -> bool:
    """A question that asks about the patient's experience or thinking.

    Advice, confrontation and requests for leave in question form ("Have you tried
    journaling?", "Why would you lie to them?", "Would it be OK if I shared an idea?")
    carry no Socratic type: the rubric's types describe inquiry, not disguised input.
    """
    if "question" not in codes:
        return False
    if {"persuade", "persuade_with_permission", "confront"} & set(codes):
        return mv.argues_by_form(core, codes)
    if "seek_collaboration" in codes and _asks_leave(core):
        return False
    return not lx.CLOSING_QUESTION.search(core)


def _looks_like_reflection(
    core: str,
    patient_words: set[str],
    has_you: bool,
    first_person: bool,
    tag: bool,
    reflective_support: bool,
    opener: str,
    continues_input: bool = False,
) -> bool:
    if tag or reflective_support or WONDER_REFLECTION.search(core):
        return True
    if _PERCEIVING.search(core):
        # "I'm picking up a lot of sadness": the listener's perception of the client.
        return True
    # "So..." opening a statement about the client is the classic reflection form.
    if opener == "so" and not first_person and not lx.INFORMATION.search(core):
        return True
    if lx.REFLECTION_STEM.match(core) or lx.SUMMARY_MARKERS.search(core):
        return True
    if lx.STRUCTURING.search(core) and not lx.REFLECTION_STEM.search(core):
        return False
    if has_you and lx.PERCEPTION_STEM.search(core):
        # "I can tell this has worn you down": the listener's inference about the
        # client, first person only in its frame.
        return True
    if continues_input:
        # Right after the trainee's own information or advice, a statement about the
        # client without a reflective form continues that input ("You can take it
        # with food."), not the client's paragraph.
        return False
    if has_you and not first_person:
        return True
    overlap = _overlap(core, patient_words)
    if overlap >= 0.4 and not first_person:
        return True
    if has_you and lx.REFLECTION_STEM.search(core):
        return True
    # A clause continuing the client's sentence ("And then it all fell apart.").
    if (
        opener
        and opener != "so"
        and not first_person
        and not lx.INFORMATION.search(core)
    ):
        return True
    return bool(
        not first_person
        and any(w in lx.FEELING_WORDS for w in lx.words(core))
        and not lx.INFORMATION.search(core)
    )


# A client answer shorter than this many content words ("Yeah.", "Mm-hmm, right.") has
# nothing to reflect: the trainee is reflecting the client's paragraph before it.
_MIN_PATIENT_WORDS = 3
_EARLIER_PATIENT_UTTERANCES = 2


def patient_context(ctx: TurnContext, last: str) -> str:
    """The client words a reflection in this turn can mirror.

    The last patient utterance, or, when it is only a backchannel, that utterance with
    up to two earlier patient utterances of the history before it (MITI's "continuing
    the paragraph": the paragraph is the client's, not their last "Yeah").
    """
    if len(content_words(last)) >= _MIN_PATIENT_WORDS:
        return last
    earlier = [u.text for u in ctx.history if u.speaker == "patient"]
    if earlier and earlier[-1] == last:
        earlier.pop()
    return " ".join([*earlier[-_EARLIER_PATIENT_UTTERANCES:], last]).strip()


def code_turn(ctx: TurnContext) -> list[UtteranceCode]:
    """Segment the trainee's turn and code every utterance with the turn's context."""
    last = last_patient_text(ctx)
    patient_text = patient_context(ctx, last)
    pieces = split_utterances(ctx.trainee_text)
    # Permission counts only if it comes before the advice, or the patient asked for it.
    permission = bool(PATIENT_ASKS_ADVICE.search(last) or CONSENT.match(last))
    autonomy_in_turn = _leaves_choice(ctx.trainee_text)
    out: list[UtteranceCode] = []
    previous: list[BehaviourCode] = []
    for piece in pieces:
        code = code_utterance(
            piece,
            patient_text,
            permission_given=permission,
            autonomy_in_turn=autonomy_in_turn,
            previous_codes=previous,
        )
        if "seek_collaboration" in code.codes and _asks_leave(normalize(piece)):
            permission = True
        out.append(code)
        previous = list(code.codes)
    return _one_reflection_per_summary(out)


def _one_reflection_per_summary(utterances: list[UtteranceCode]) -> list[UtteranceCode]:
    """Simple reflections inside a turn that holds a summary continue that summary.

    "Let me pull together what you've said. Eleven GP visits, all normal. And now the
    race is caught up in it too.": MITI codes the collected statements as one complex
    reflection (a summary connects several client statements); a coder reading the
    turn does not score its pieces as separate simple reflections.
    """
    if not any(
        u.reflection == "complex" and u.padesky_stage == "summary" for u in utterances
    ):
        return utterances
    out = []
    for u in utterances:
        if u.reflection == "simple":
            codes = [
                "complex_reflection" if c == "simple_reflection" else c for c in u.codes
            ]
            u = u.model_copy(update={"codes": codes, "reflection": "complex"})
        out.append(u)
    return out
