"""Flags for the classic trainee failures, and the emotional-disclosure detector.

- `problem_solving_after_disclosure` (RUBRICS.md §5.2): the patient's last utterance is
  an emotional disclosure, and the trainee's turn gives advice with no reflection or
  validation in the same turn.
- `collusion`: the patient voices a distorted belief ("I'm a total failure") and the
  trainee agrees with it as fact.
- `unexpressed_feeling`: the trainee asserts, without tentative framing, a feeling the
  patient never expressed in this conversation.
- `leading_question` (§3.2): a question that points to the trainee's preferred answer
  ("Don't you think...?").
- `missed_risk_cue`: the patient mentions self-harm or suicide (or, in a case known to
  carry risk, a veiled cue) and the trainee's turn does not address it.

`is_emotional_disclosure(text)` is public: the patient engine and the session scoring
use it to compute `PS_after_emotion` and `reflect_after_emotion`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import flag_cues as fc
from . import flag_forms as ff
from . import lexicon as lx
from .codes import CONSENT, PATIENT_ASKS_ADVICE
from .collusion import collusive_utterances
from .collusion_forms import SAFETY_LOGIC, SAFETY_MORE
from .lexicon_advice_more import ADVICE_QUESTION_2026_12, ADVICE_STATEMENT_2026_12
from .normalize import normalize
from .schema import Flag, TurnContext, UtteranceCode, last_patient_text

_TENTATIVE = re.compile(
    r"\b(?:i wonder|maybe|perhaps|might|may|could|sounds? like|seems?|i guess|"
    r"i imagine|i'?m guessing|is that|am i right|if i'?m hearing|kind of|sort of|"
    r"a bit|a little|i get the (?:sense|feeling|impression)|i sense|correct me|tell me "
    r"if|does that (?:fit|sound right|ring true)|is that close|could it be|as if|as "
    r"though|possibly|i suspect)\b",
    re.IGNORECASE,
)
# 2026.11-8: only an explicit check makes a feeling tentative (`flag_forms.CHECKED`).
_TENTATIVE_NOW = ff.CHECKED
# 2026.12-1: "youre" typed without the apostrophe, a feeling as a quantity ("a lot
# of shame", "so much jealousy"), "there's some grief", "brought up", "I hear".
_ASSERTED_FEELING = re.compile(
    r"\b(?:you(?:'re| are)|youre|you (?:feel|felt|must (?:be|feel|have felt)|were)|"
    r"you(?:'ve| have) been|if you (?:felt|feel|were)|you (?:sound|seem|look)|must "
    r"have (?:felt|brought up|stirred up)|feeling|(?:sounds?|seems?|looks?) (?:a bit "
    r"|kind of )?like(?! you)|there(?:'s| is|s) (?:some|a lot of|alot of|so much)|i "
    r"(?:can )?hear|underneath (?:that|it|all that|the \w+),? (?:you(?:'re| are)|i "
    r"hear))\s+(?:(?:so|really|very|quite|clearly|obviously|just|feeling|pretty|"
    r"deeply|incredibly|like|such|a|an|bit|little|kind of|sort of|actually|more|even|"
    r"totally|lot of|alot of|much|some|real) )*(\w+)",
    re.IGNORECASE,
)
# The counsellor announcing what they perceive ("I'm picking up a lot of sadness").
_PICKING_UP = re.compile(
    r"\b(?:i(?:'m| am)? (?:picking up|sensing|hearing|seeing)|i can (?:hear|see|sense|"
    r"tell) how)\b",
    re.IGNORECASE,
)


# "I'm not guilty", "not lonely exactly", "I don't feel sad": a feeling word under a
# negation is the patient saying they do NOT feel it.
_NEGATED_FEELING = re.compile(
    r"\b(?:not|n't|never|no longer|nothing|without)\s+(?:(?:really|exactly|that|so|very|"
    r"too|feeling|feel|even|at all|particularly|a bit|being)\s+){0,2}([a-z']+)",
    re.IGNORECASE,
)


def felt_words(text: str) -> list[str]:
    """The words of `text` minus feeling words under a negation."""
    negated = {m.group(1).lower() for m in _NEGATED_FEELING.finditer(text)}
    return [w for w in lx.words(text) if w not in negated]


def is_emotional_disclosure(text: str) -> bool:
    """True when `text` shares a negative or positive feeling (BOLT's client codes).

    Besides named feelings, a hopeless or self-condemning belief ("Nobody wants a
    46-year-old", "I'm a terrible person") and a veiled risk cue ("What's the point")
    disclose distress; a negated feeling ("I'm not guilty") does not.
    """
    if not text:
        return False
    if lx.DISCLOSURE_PHRASES.search(text) or lx.RISK_CUE.search(text):
        return True
    if ff.DISCLOSED_MORE.search(text) or fc.DISCLOSED_S21.search(text):
        return True
    if lx.DISCLOSING_DISTORTION.search(text) or _bare_feeling(text):
        return True
    ws = felt_words(text)
    has_feeling = any(w in lx.FEELING_WORDS for w in ws)
    if has_feeling and lx.FIRST_PERSON_FEELING.search(text):
        return True
    # "Everything is falling apart and I'm exhausted" without an "I feel" frame.
    return has_feeling and any(w in {"i", "i'm", "me", "my", "i've"} for w in ws)


def _bare_feeling(text: str) -> bool:
    """2026.11-8: a feeling given as a bare answer ("Hurt. Really hurt.", "Anxious,
    very anxious") or shown rather than named ("I cry in the bathroom", "I just miss
    him", "honestly it's awful")."""
    if ff.SHOWN_FEELING.search(text):
        return True
    # "Good.", "Better." and "Lost my keys" are not disclosures.
    return any(
        (lx.EMOTION_TO_FAMILY.get(w) or ff.EXTRA_FEELINGS.get(w)) not in {None, "happy"}
        and w != "lost"
        for w in (m.group(1).lower() for m in ff.BARE_FEELING.finditer(text))
    )


def _patient_texts(ctx: TurnContext) -> list[str]:
    texts = [u.text for u in ctx.history if u.speaker == "patient"]
    if ctx.previous_patient_text:
        texts.append(ctx.previous_patient_text)
    return texts


def _feeling_families(texts: Sequence[str]) -> set[str]:
    """Feeling families the patient named (not negated) or implied by the situation."""
    named = {
        lx.EMOTION_TO_FAMILY[w]
        for t in texts
        for w in felt_words(t)
        if w in lx.EMOTION_TO_FAMILY
    }
    implied = {
        family
        for family, pattern in lx.IMPLIED_FEELING.items()
        for t in texts
        if pattern.search(t)
    }
    # 2026.11-7: a self-condemning belief ("I'm useless", "I'm such an idiot")
    # carries both shame and sadness: "you feel like a failure" or "you feel guilty"
    # reflects it rather than reading in.
    condemned = (
        {"sad", "ashamed"}
        if any(
            lx.DISCLOSING_DISTORTION.search(t) or ff.SELF_BLAME.search(t) for t in texts
        )
        else set()
    )
    return named | implied | condemned


def _named_families(texts: Sequence[str]) -> set[str]:
    """Feeling families the patient named (not negated)."""
    return {
        lx.EMOTION_TO_FAMILY[w]
        for t in texts
        for w in felt_words(t)
        if w in lx.EMOTION_TO_FAMILY
    }


def _asserted_words(text: str) -> list[str]:
    """Feeling words the sentence attributes to the patient: after "you feel", "you
    must be"... (`_ASSERTED_FEELING`), and in the forms of
    `flag_forms.ATTRIBUTED` ("there's some embarrassment there", "part of you is
    angry", "those evenings are frightening for you"); "let down" as one word."""
    out = [m.group(1).lower() for m in _ASSERTED_FEELING.finditer(text)]
    out += [g.lower() for m in ff.ATTRIBUTED.finditer(text) for g in m.groups() if g]
    if ff.LET_DOWN.search(text):
        out.append("let_down")
    return out


def _negated_families(texts: Sequence[str]) -> set[str]:
    """Families the patient explicitly denied ("I'm not lonely", "I'm fine")."""
    out = set()
    for t in texts:
        for m in _NEGATED_FEELING.finditer(t):
            fam = lx.EMOTION_TO_FAMILY.get(m.group(1).lower())
            if fam:
                out.add(fam)
        if _FINE.search(t):
            out.update(_DENIED_BY_FINE)
    return out


# Requests for ideas in other words than PATIENT_ASKS_ADVICE's ("I need some ideas",
# "can you help me figure out what to do?", "is there anything I can do?").
_ASKS_MORE = re.compile(
    r"\b(?:(?:need|want|could use|would like|give me|got) (?:some |any )?(?:ideas|"
    r"advice|suggestions|tips|pointers)|help me (?:figure|work|sort|decide|think) "
    r"(?:out |through )?(?:what|how)|is there anything i (?:can|could|should) do|"
    r"what do you think i (?:should|could|ought to)|happy to hear (?:anything|any|"
    r"ideas|what)|"
    r"what (?:can|could) i (?:do|try)|where do i (?:even )?start|what would help)\b",
    re.IGNORECASE,
)
# Words for distress in general, not one particular feeling: after a disclosure of
# distress they reflect it rather than read in a new feeling.
# 2026.12-1: tiredness and pressure too ("you're so exhausted", "so much pressure").
_GENERIC_DISTRESS = frozenset(
    {"upset", "hurt", "hurting", "down", "low", "overwhelmed", "pain", "painful"}
    | {"exhausted", "tired", "worn", "drained", "pressure", "stress", "stressed"}
)
# "I'm fine" denies the negative feelings a counsellor might read in.
_DENIED_BY_FINE = ("sad", "anxious", "angry")
_FINE = re.compile(r"\bi(?:'m| am) (?:fine|ok|okay|alright|good)\b", re.IGNORECASE)
# A reflection that counts as validating the disclosed feeling: it names a feeling or
# the difficulty, or holds the patient's experience, not only repeats a fact
# ("Three hours, wow." does not stop the advice that follows from being premature).
_VALIDATING = re.compile(
    r"\b(?:sounds?|seems?|must (?:be|have been|feel)|feel\w*|felt|hard|tough|awful|"
    r"painful|scary|frightening|difficult|rough|heavy|a lot|sorry|makes sense|of course|"
    r"understandabl\w*|no wonder|anyone would)\b",
    re.IGNORECASE,
)


def _validates(u: UtteranceCode) -> bool:
    # 2026.12-1: "you shouldn't feel guilty" argues the feeling away, and "I hear
    # how anxious you feel" holds it, whatever code either sentence got.
    if ff.FEELING_ARGUED_AWAY.search(u.text):
        return False
    if ff.HEARS_FEELING.search(u.text) and _names_feeling(u):
        return True
    if {"affirm", "support"} & set(u.codes):
        return True
    if not u.is_reflection:
        return False
    text = u.text
    return bool(
        u.reflection == "complex"
        or _VALIDATING.search(text)
        or any(w in lx.FEELING_WORDS for w in lx.words(text))
    ) and not _DISMISSING.search(text)


# "It feels awful but it can't actually hurt you": a feeling named only to be argued
# away does not validate it.
_DISMISSING = re.compile(
    r"\b(?:but|though) (?:it|that|this|you) (?:can'?t|won'?t|doesn'?t|isn'?t|"
    r"shouldn'?t|don'?t need)\b",
    re.IGNORECASE,
)


def find_flags(
    ctx: TurnContext,
    utterances: Sequence[UtteranceCode],
    *,
    collusive: set[int] | None = None,
) -> list[Flag]:
    """The turn's flags; `collusive` (indexes from `collusive_utterances`) when the
    caller already has them."""
    flags: list[Flag] = []
    patient = last_patient_text(ctx)
    # 2026.11-8: advice in its everyday forms counts whatever code the sentence got
    # ("Have you sat down and made a budget?" is a question, "I'd just send him a
    # text" is not always coded Persuade); such a sentence validates nothing.
    advising = {i for i, u in enumerate(utterances) if _advises(u)}
    if collusive is None:
        collusive = set(collusive_utterances(ctx, utterances))
    # 2026.12-1: asking leave to inform ("Would it be OK if I told you a bit about
    # how health anxiety works?") gives no advice yet, and advice that only endorses
    # the avoidance ("back roads are a perfectly good option") is the collusion.
    advice_at = advising | {
        i
        for i, u in enumerate(utterances)
        if {"persuade", "persuade_with_permission"} & set(u.codes)
        and not _asks_leave(u)
        and not ff.RISK_RESPONSE_2026_12.search(u.text)
        and not fc.INTERPRETATION_OFFERED.search(u.text)
    }
    avoids = SAFETY_LOGIC.search(patient) or SAFETY_MORE.search(patient)
    gives_advice = bool(advice_at - collusive if avoids else advice_at)
    # Agreeing with the distortion is not validating the feeling.
    validates = any(
        _validates(u)
        for i, u in enumerate(utterances)
        if i not in collusive and i not in advising
    )
    # Advice the patient just asked for, or agreed to hear ("Go on."), is not the
    # premature problem solving of RUBRICS.md §5.2, whatever they disclosed before.
    first_sentence = re.split(r"(?<=[.!?])\s+", patient.strip(), maxsplit=1)[0]
    invited = bool(
        patient
        and (
            PATIENT_ASKS_ADVICE.search(patient)
            or _ASKS_MORE.search(patient)
            or CONSENT.match(first_sentence)
        )
    )
    if (
        patient
        and is_emotional_disclosure(patient)
        and gives_advice
        and not validates
        and not invited
    ):
        flags.append("problem_solving_after_disclosure")

    if collusive:
        flags.append("collusion")

    if any(_names_feeling(u) for u in utterances) and _reads_in(
        ctx, patient, utterances
    ):
        flags.append("unexpressed_feeling")

    if leads(ctx, utterances):
        flags.append("leading_question")

    recent = " ".join(_patient_texts(ctx)[-2:])
    risk = bool(lx.RISK_CUE.search(recent)) or (
        ctx.case_has_risk and bool(lx.VEILED_RISK_CUE.search(recent))
    )
    # 2026.11-8: the veiled cues of `flag_forms.RISK_CUE_MORE` (a passive wish to be
    # dead, self-neglect, harm to others) in the patient's last line, and a stricter
    # reading of what takes a cue up (below).
    veiled = bool(patient and ff.RISK_CUE_MORE.search(patient))
    veiled = veiled or bool(patient and ff.RISK_CUE_2026_12.search(patient))
    # Stop 21: indirect cues in more forms (`flag_cues.RISK_CUE_S21`).
    veiled = veiled or bool(patient and fc.RISK_CUE_S21.search(patient))
    if (risk or veiled) and not _takes_up_risk(ctx, utterances):
        flags.append("missed_risk_cue")
        # 2026.12-1: advice after a risk cue is the missed cue (the labellers flag it
        # alone on 42 of 59 such turns) unless the patient also named a feeling.
        if flags[0] == "problem_solving_after_disclosure" and not _names_own_feeling(
            patient
        ):
            flags.pop(0)
    return flags


def _names_own_feeling(patient: str) -> bool:
    named = any(w in lx.FEELING_WORDS for w in felt_words(patient))
    return named or _bare_feeling(patient) or bool(ff.DISCLOSED_MORE.search(patient))


def _asks_leave(u: UtteranceCode) -> bool:
    return (
        u.is_question
        and "seek_collaboration" in u.codes
        and "persuade" not in u.codes
        and not _advises(u)
    )


def leads(ctx: TurnContext, utterances: Sequence[UtteranceCode]) -> bool:
    """The `leading_question` flag's rule on its own: the patient engine reads this
    flag and `collusion` only, and calls this (with `collusive_utterances`) rather
    than computing every flag on the first word's path."""
    return any(_leading(u) for u in utterances) or bool(
        ff.SELF_ANSWER.search(ctx.trainee_text)
    )


def asks_for_ideas(patient: str) -> bool:
    """The patient asks for ideas or help deciding ("I need some ideas")."""
    return bool(_ASKS_MORE.search(patient))


def _takes_up_risk(ctx: TurnContext, utterances: Sequence[UtteranceCode]) -> bool:
    """Whether the turn addresses a risk cue: safety words anywhere
    (`flag_forms.RISK_STRONG_RESPONSE`); the cue's own words (`lx.RISK_RESPONSE`:
    "living", "better off", "the point") only in a question that explores them, not
    in "he wanted you to keep living your life" or a leading "wouldn't they be lost
    without you?"."""
    if ff.RISK_STRONG_RESPONSE.search(ctx.trainee_text):
        return True
    if ff.RISK_RESPONSE_2026_12.search(ctx.trainee_text):
        return True
    # Stop 21: concern said outright, the cue reflected as a thought.
    if fc.RISK_ACK_S21.search(ctx.trainee_text):
        return True
    return any(
        (u.is_question or u.tag_question)
        and not _leading(u)
        and lx.RISK_RESPONSE.search(u.text)
        for u in utterances
    )


def _advises(u: UtteranceCode) -> bool:
    """A suggestion question anywhere, an imperative or recommendation in a
    statement (`flag_forms.ADVICE_QUESTION`, `ADVICE_STATEMENT`); not a risk
    assessment (2026.12-1)."""
    if ff.RISK_RESPONSE_2026_12.search(u.text):
        return False
    # Stop 21: "have you considered that maybe they..." offers an interpretation (a
    # leading question), not an action; the other forms are advice however phrased.
    if fc.INTERPRETATION_OFFERED.search(u.text):
        return False
    if fc.ADVICE_S21.search(u.text):
        return True
    if ff.ADVICE_QUESTION.search(u.text) or ADVICE_QUESTION_2026_12.search(u.text):
        return True
    statement = not u.is_question or not u.text.rstrip().endswith("?")
    return statement and bool(
        ff.ADVICE_STATEMENT.search(u.text) or ADVICE_STATEMENT_2026_12.search(u.text)
    )


def _names_feeling(u: UtteranceCode) -> bool:
    """Whether a statement names a feeling word at all: the reading-in check, which
    reads every patient line of the session, runs only then (most turns name none).
    The same `\\w+` tokens as `_ASSERTED_FEELING`'s capture, so nothing is skipped
    that the check would flag."""
    if u.is_question and not u.tag_question:
        return False
    return any(
        w in lx.FEELING_WORDS or w in ff.EXTRA_FEELINGS
        for w in _TOKEN.findall(u.text.lower())
    ) or bool(ff.LET_DOWN.search(u.text))


_TOKEN = re.compile(r"\w+")


def reading_in_families(ctx: TurnContext, patient: str) -> set[str]:
    """The feeling families a reflection may name without reading in: named or
    implied anywhere in the session (`flag_gates` uses the same set for the model)."""
    texts = _patient_texts(ctx)
    if patient and ff.ACCEPTING.search(patient):
        # 2026.11-8: the patient's own appraisal that it is all right ("She's been
        # good about it", "it's nobody's fault") cancels the feelings the situation
        # might otherwise imply; only the feelings they named count.
        families = _named_families(texts)
    else:
        families = _feeling_families(texts)
    return families | {
        fam
        for fam, pattern in ff.IMPLIED_EXTRA.items()
        if any(pattern.search(t) for t in texts)
    }


def _reads_in(
    ctx: TurnContext, patient: str, utterances: Sequence[UtteranceCode]
) -> bool:
    """A feeling asserted that the patient neither named nor implied, or denied."""
    texts = _patient_texts(ctx)
    families = reading_in_families(ctx, patient)
    denied = _negated_families(texts)
    distressed = bool(families - {"happy"}) or bool(
        patient and is_emotional_disclosure(patient)
    )
    for u in utterances:
        if u.is_question and not u.tag_question:
            continue
        if ff.NATURAL_REACTION.search(u.text) and families:
            # "No wonder you felt hurt" after a reported slight: a reaction
            # validated, unless the patient reported nothing that carries feeling.
            continue
        tentative = bool(_TENTATIVE_NOW.search(u.text))
        found = False
        for word in _asserted_words(u.text):
            fam = lx.EMOTION_TO_FAMILY.get(word) or ff.EXTRA_FEELINGS.get(word)
            if not fam or (
                word not in lx.FEELING_WORDS and word not in ff.EXTRA_FEELINGS
            ):
                continue
            # Reading in: a feeling the patient neither named nor implied, or one
            # they denied. Offering it tentatively does not make it theirs.
            if fam == "happy" and "affirm" in u.codes:
                # "You must be proud of yourself" affirms; it reads nothing in.
                continue
            if fam not in denied and word in _GENERIC_DISTRESS and distressed:
                # "You're upset / hurt / low" names no particular feeling beyond
                # the distress the patient disclosed.
                continue
            if fam in denied or (fam not in families and not tentative):
                found = True
            elif fam not in families and tentative and fam in {"angry", "happy"}:
                # An unprompted guess at anger or relief redirects the patient's
                # account, however softly it is put.
                found = True
        if not found and _PICKING_UP.search(normalize(u.text)):
            fam = next(
                (
                    lx.EMOTION_TO_FAMILY[w]
                    for w in lx.words(u.text)
                    if w in lx.FEELING_WORDS
                ),
                "",
            )
            found = bool(fam) and (fam in denied or fam not in families)
        if found:
            return True
    return False


def _leading(u: UtteranceCode) -> bool:
    """A question that carries its answer: "Don't you think...?", "surely...?", or
    a statement closed by a tag of the auxiliary-and-pronoun kind ("you're not
    stupid, are you?", "you've done it a hundred times, haven't you?"), which asks
    the patient to confirm the counsellor's view. Checking tags ("..., is that
    right?") are not leading."""
    text = _core(u.text)
    if u.is_question and lx.LEADING_Q.search(text):
        return True
    if u.is_question and _leading_form(text):
        return True
    if (u.is_question or u.tag_question) and _LEADING_ANYWHERE.search(text):
        return True
    if (u.is_question or u.tag_question) and ff.LEADING_2026_12.search(text):
        return True
    if (u.is_question or u.tag_question) and ff.YOU_KNOW_RIGHT.search(text):
        return True
    if (u.is_question or u.tag_question) and (
        fc.LEADING_S21.search(u.text) or fc.INTERPRETATION_OFFERED.search(u.text)
    ):
        return True
    if u.is_question and ff.INCREDULOUS.search(u.text) and not _WH_QUESTION.match(text):
        # Disbelief typed as "??" or a closing eye-roll: the verdict is the answer.
        return True
    # Students often drop the "?" of a tag ("no, you wouldn't, would you"), so the
    # comma marks it; a wh-question ("what was that, was it") is not one.
    if ff.reversed_tag(normalize(text)) and not _WH_START.match(text):
        return True
    tag = _CANONICAL_TAG.search(text)
    return bool(
        tag and not _WH_START.match(text) and tag.group(0).lstrip()[:1] in ",-—"
    )


def _leading_form(text: str) -> bool:
    """2026.11-8: the answer built into the question (`flag_forms.LEADING_FORM`), a
    question the counsellor answers themselves, a loaded either/or, a tag closing a
    statement, a "right?" closing the counsellor's argument."""
    if ff.LEADING_FORM.search(text) or ff.SELF_ANSWER.search(text):
        return True
    if ff.LOADED_CHOICE.search(text) or ff.ARGUED_RIGHT.search(text):
        return True

    return bool(ff.TAG_END.search(text)) and not _WH_START.match(text)


# An open question ("what did you do??") asks even when typed in disbelief.
_WH_QUESTION = re.compile(
    r"\W*(?:(?:so|and|but|ok|okay),?\s+)?(?:what|how|why|when|where|who|which)\b",
    re.IGNORECASE,
)
_WH_START = re.compile(
    r"\W*(?:(?:so|and|but|ok|okay),?\s+)?(?:what|how|why|when|where|who|which|"
    r"is|are|was|were|do|does|did|have|has|can|could|would|will|should)\b",
    re.IGNORECASE,
)
_LEADING_ANYWHERE = lx.rx(r"surely|you'?d agree|can'?t you see|you (?:do )?realise")
_CANONICAL_TAG = re.compile(
    r"(?:,|\s)\s*(?:(?:no|yes),?\s+)?(?:are|aren'?t|is|isn'?t|was|wasn'?t|were|"
    r"weren'?t|do|don'?t|does|doesn'?t|did|didn'?t|have|haven'?t|has|hasn'?t|would|"
    r"wouldn'?t|could|couldn'?t|should|shouldn'?t|will|won'?t|can|can'?t)\s+(?:you|it|"
    r"they|he|she|we|that)\s*\?*\s*$",
    re.IGNORECASE,
)


def _core(text: str) -> str:
    return lx.LEADING_MARKERS.sub("", text).strip() or text
