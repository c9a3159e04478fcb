"""Collusion: the trainee takes the side of the patient's distorted belief.

RUBRICS.md's classic failure: the patient voices a negative judgement of themself,
of how others see them or of the future ("I'm such a rubbish partner", "they've all
forgotten me", "I'll just fail again"), and the counsellor agrees with it as a fact
instead of holding it as the patient's thought. It matters more than any other code
on the turn, because a reflection chip on "yeah, you kind of are a failure at this"
would teach the trainee that they listened well.

The rule reads the patient's previous line (the belief has to be there) and each
declarative sentence of the turn. A sentence colludes when it is not framed as the
patient's thought ("it feels like...", "part of you...", "you're scared that...")
and does not disagree ("you're not a failure"), and

- it agrees in so many words ("you're right", "to be honest", "yeah, it is") and says
  something about the belief's subject: the patient's own words restated, a negative
  verdict on the patient, others' rejection or a bleak forecast stated as fact; or
- it passes that verdict without any agreement marker ("you have been pretty selfish
  lately", "people just aren't that interested") right after the patient passed it
  on themself; or
- it praises a safety behaviour the patient justified as necessary ("I re-check
  everything, it's the only way" -> "that's really conscientious of you").

Accurate feeling reflections ("you feel like you've let her down", "that sounds so
painful") carry no verdict and are never collusion. All word lists are written from
the rubric and ordinary English, none is mined from a dataset.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from . import lexicon as lx
from .collusion_beliefs import (
    OTHERS_JUDGE,
    SAFETY_RULE,
    SELF_JUDGEMENT,
    STOP,
    key_words,
    patient_belief,
)
from .collusion_forms import collusive_forms
from .flag_forms import SELF_BLAME
from .normalize import normalize
from .schema import TurnContext, UtteranceCode, last_patient_text

# --- the patient's side: collusion_beliefs.py ------------------------------------

# --- the trainee's side ----------------------------------------------------------------

# Candour and agreement: the speaker vouches for what follows as their own view.
_AGREES = re.compile(
    r"^(?:(?:well|ok|okay|oh|so|hmm|and),? )*(?:yeah|yes|yep|yup|true|totally|"
    r"definitely|absolutely|exactly|of course|fair enough|fair|right|sure|i mean|"
    r"honestly|tbh|ngl|to be (?:fair|honest)|in fairness|look|let'?s be (?:honest|"
    r"real)|let'?s face it|admittedly)\b|"
    r"\b(?:you(?:'re| are) (?:\w+ )?(?:right|correct|not wrong)|you(?:'ve| have) "
    r"(?:got )?a point|(?:has|had|have) (?:got )?a (?:good |fair |real )?point|(?:your|"
    r"ur) right (?:to|about|that)\b|^(?:it'?s|that'?s|its|thats) (?:so |very |sadly )?"
    r"true\b|good point|fair point|i (?:\w+ )?agree|can'?t argue|hard to "
    r"argue|i won'?t lie|not gonna lie|to be (?:fair|honest)|tbh|ngl|honestly|"
    r"in fairness|i(?:'d| would) say|i have to say|i must say|let'?s be (?:honest|real)|"
    r"(?:can'?t|don'?t) blame (?:them|him|her)|no wonder (?:they|he|she|people)|"
    r"makes (?:total |complete )?sense (?:that |why )?(?:they|he|she|people|everyone|"
    r"nobody|no one)|"
    r"i(?:'d| would) (?:\w+ )?(?:be|feel|think|do|say) (?:\w+ ){0,3}(?:too|the same)|"
    r"(?:same|me too|same here)\b|it (?:really |kind of |sort of )?(?:is|does|was|did)"
    r"(?: though)?\s*[.!,]?$|(?:you|they|he|she|it) (?:really |kind of |sort of |"
    r"probably |clearly |obviously )(?:are|is|were|was|have|has|did|do|does|might|"
    r"will)|(?:does|do|did) (?:sound|seem|look)|(?:sounds|seems|looks) (?:about )?"
    r"right|(?:clearly|obviously|evidently|apparently|probably|chances are)\b|"
    r"you (?:might|may|could)(?:,| well| actually|\s*$)|that'?s (?:true|fair|the "
    r"reality|just how it is|life)|it is what it is)",
    re.IGNORECASE,
)
# A negative verdict on the patient or their conduct, in the counsellor's voice.
_VERDICT = lx.rx(
    r"failure|failing|failed|loser|burden|mess(?:ed)? up|fraud|idiot|joke|disaster|"
    r"coward|useless|worthless|pathetic|stupid|weak|lazy|selfish|boring|quiet|dull|"
    r"rubbish|crap|terrible|horrible|awful|bad|hopeless|incompetent|disappointment|"
    r"dramatic|needy|clingy|annoying|too much|thick|dumb|not (?:great|good|ideal|"
    r"brilliant|the best)|isn'?t (?:great|good|ideal)|wasn'?t (?:great|good|ideal)|"
    r"let (?:\w+ ){1,3}down|"
    # 2026.11-6: forecasts and blame in the patient's own terms ("you'll never pass",
    # "better off without you", "down to you", "no point trying").
    r"never (?:\w+ )?(?:pass|get|be|find|change|work|manage|make)|always be (?:alone|"
    r"like this|on your own)|(?:no one|nobody) (?:will|would|is going to) ever|better "
    r"off without|down to you|on you\b|not what a (?:good|real|proper)|(?:terrible|awful|"
    r"horrible|bad) thing to|nothing (?:ever )?(?:works|goes) (?:out|right)|(?:isn'?t|"
    r"is no|'s no) (?:much |any )?point|your (?:own )?fault|(?:to|2) blame|screwed up|blew it|"
    r"not cut out|in over your head|too (?:old|late|slow)|hiding|avoiding|snapping|"
    r"neglect\w*|not pulling your weight|fail again",
)
# Others' rejection stated as fact ("they've moved on", "people aren't interested").
_REJECTION = lx.rx(
    r"moved on|forgotten|forgot about you|given up|don'?t (?:really )?care|doesn'?t "
    r"(?:really )?care|aren'?t (?:that |really )?interested|isn'?t (?:that |really )?"
    r"interested|not (?:that |really )?interested|(?:push|pushing|get|getting) you out|"
    r"rid of you|rather (?:be|have|not)|don'?t want you|doesn'?t want you|hate you|"
    r"(?:are|is) (?:judging|laughing)|(?:think|thinks) (?:you'?re|you are|less)|"
    r"(?:kind of|really|actually) (?:did|do|does|are|is|were)|find you|out to get you|"
    r"(?:has|have) it in for you|leave you|leaving you|bored of you|sick of you|"
    r"tired of you|done with you|don'?t (?:really )?(?:value|respect|appreciate|rate|"
    r"notice) you|keep (?:their|his|her) distance|avoid(?:s|ing)? you|stay(?:s|ing)? "
    r"away from you",
)
# The sentence keeps the belief at a distance or disagrees with it.
_DISAGREES = re.compile(
    # 2026.12-1: "its not a sign youre a bad person", "not everyone is out to get you"
    r"\b(?:(?:you|that|it|this)(?:'re| are| is|'s|re|s)? (?:not|n't|never)|not "
    r"(?:everyone|everybody|all of them)|(?:don'?t|doesn'?t|"
    r"didn'?t) (?:make|mean|prove)|not (?:true|fair on yourself|the whole)|no way|"
    r"(?:isn'?t|aren'?t|wasn'?t) (?:a|an|the|your) (?:failure|idiot|burden|loser)|"
    r"(?:'s|'re| is| are) (?:probably |really |just |maybe )?not|"
    r"far from|harsh on yourself|hard on yourself|be kind|kinder|too hard on|the "
    r"opposite|(?:i|we) (?:don'?t|do not) know (?:that|yet)|we (?:can|could) (?:test|"
    r"check|look)|i wonder|what if|how do you know|evidence|other explanation|"
    r"i (?:don'?t|do not) (?:really )?(?:think|believe|agree)|i disagree|i doubt|"
    r"^(?:yes|yeah),? but)\b",
    re.IGNORECASE,
)
# Feeling and belief frames spoken to the patient. "I'd feel like an idiot too" is
# the speaker's own agreement, so first-person "feel like" is not a frame here.
FRAMED = re.compile(
    r"\b(?:you (?:feel|felt|think|thought|believe|worry|fear|wonder|tell yourself|"
    r"said|mentioned|keep (?:thinking|telling))|you(?:'re| are) (?:feeling|thinking|"
    r"worried|afraid|scared|telling yourself|wondering|frightened|terrified|convinced|"
    r"sure|blaming)|(?:it|that) (?:feels|felt) (?:like|as if)|part of you|your mind|"
    r"the thought|in your (?:head|eyes)|seems to you|the story|the voice|you'?ve been "
    r"telling|(?:left|leaves|leaving|makes|made|making) you (?:feel|feeling|think)|"
    r"calling yourself|call yourself|that feeling|belief|the sense that|the fear|"
    # 2026.12-1: "Feeling pushed aside after all that must be hard."
    r"^(?:and |so )?feeling)\b",
    re.IGNORECASE,
)
_PRAISE = re.compile(
    r"\b(?:that'?s|it'?s|you(?:'re| are)) (?:really |so |very |such )?(?:a )?"
    r"(?:conscientious|devoted|dedicated|responsible|careful|thorough|sensible|good|"
    r"great|admirable|impressive|caring|on top of|committed|vigilant|diligent|"
    r"loyal|amazing)|(?:well done|good for you|that shows|it shows|how much you care)",
    re.IGNORECASE,
)
# An elliptical "yes" to the patient's verdict: "you kind of have", "you might, to be
# honest", "it probably would".
_ELLIPTIC = re.compile(
    r"^(?:yeah,? |yes,? |well,? |i mean,? )?(?:you|it|they|he|she|that) (?:kind of |"
    r"sort of |probably |really |might |may |definitely )*(?:are|is|did|do|does|have|"
    r"has|might|will|would|were|was|could)\b\W*(?:$|,|to be|tbh|honestly|if)",
    re.IGNORECASE,
)


def _restates(text: str, key: set[str]) -> bool:
    ws = lx.words(text)
    return any(
        w in key and not any(v in {"not", "never", "no"} for v in ws[max(0, i - 3) : i])
        for i, w in enumerate(ws)
    )


def collusive_utterances(
    ctx: TurnContext, utterances: Sequence[UtteranceCode]
) -> list[int]:
    """Indexes of the sentences of the turn that endorse the patient's belief."""
    patient = last_patient_text(ctx)
    forms = (
        collusive_forms(patient, patient_belief(patient), utterances) if patient else []
    )
    return sorted(
        set(_general(ctx, utterances))
        | set(_lexical_collusive(ctx, utterances))
        | set(forms)
        | set(_earlier_belief(ctx, patient, utterances))
    )


# How many patient lines before the last one may still hold the belief a trainee
# agrees with: a patient voices the thought, then answers a reflection with a detail
# ("There was a packet of his antacids in the drawer."), and the trainee's "you're
# right, you should have known" answers the thought, not the detail.
EARLIER_PATIENT_LINES = 2


def earlier_patient_lines(ctx: TurnContext, last: str) -> list[str]:
    """The patient's lines before `last`, newest first, at most EARLIER_PATIENT_LINES."""
    lines = [u.text for u in ctx.history if u.speaker == "patient"]
    if lines and lines[-1] == last:
        lines.pop()
    return lines[::-1][:EARLIER_PATIENT_LINES]


def _earlier_belief(
    ctx: TurnContext, last: str, utterances: Sequence[UtteranceCode]
) -> list[int]:
    """Agreement with a belief the patient voiced a line or two before the last.

    Only when the last line voices none of its own (else the rules above read that
    one), and only a sentence that the general rule finds collusive against the
    earlier line and that says the belief's own words again (or, after self-blame,
    passes a verdict on the past in any words): an earlier line is weaker evidence
    of what "you're right" answers than the last one.
    """
    if not last or patient_belief(last) or SAFETY_RULE.search(last):
        return []
    for earlier in earlier_patient_lines(ctx, last):
        if not patient_belief(earlier):
            continue
        key = key_words(earlier)
        moved = dataclasses.replace(ctx, previous_patient_text=earlier)
        blamed = bool(SELF_BLAME.search(earlier))
        return [
            i
            for i in _general(moved, utterances)
            if _restates(text := normalize(utterances[i].text).lower(), key)
            or (blamed and PAST_VERDICT.search(text))
        ]
    return []


# A verdict on what the patient did ("you really should have known", "you could've
# stopped it"): the patient's self-blame confirmed, and about the past, so it urges
# nothing (annotators.py recodes such a collusive "advice" as misplaced support).
PAST_VERDICT = re.compile(
    r"\byou (?:really |probably |definitely |honestly )?(?:should|shouldn'?t|could|"
    r"couldn'?t|ought to|must) ?(?:have|'ve)\b",
    re.IGNORECASE,
)


def _general(ctx: TurnContext, utterances: Sequence[UtteranceCode]) -> list[int]:
    patient = last_patient_text(ctx)
    if not patient or not (patient_belief(patient) or SAFETY_RULE.search(patient)):
        return _emphatic_verdicts(utterances)
    key = key_words(patient)
    said = {w for w in lx.words(patient) if len(w) > 3 and w not in STOP}
    self_judged = bool(
        SELF_JUDGEMENT.search(patient) or lx.DISCLOSING_DISTORTION.search(patient)
    )
    others_judged = bool(OTHERS_JUDGE.search(patient))
    safety = bool(SAFETY_RULE.search(patient))
    out = []
    for i, u in enumerate(utterances):
        if u.is_question and not u.tag_question:
            continue
        text = normalize(lx.LEADING_MARKERS.sub("", u.text).strip() or u.text).lower()
        if FRAMED.search(text):
            continue
        if _PRESUMES.search(text) and (
            _VERDICT.search(text) or (others_judged and _REJECTION.search(text))
        ):
            # "it's hard when you know you're not good enough": the belief presupposed
            # (its own negation is not a disagreement).
            out.append(i)
            continue
        # 2026.11-7: agreement that stands for the belief by itself ("honestly you
        # might be right.", "you're not wrong, it is a lot for them", "i can see
        # that, ..."), unless what follows disagrees or only sympathises.
        rest = _GRANTS.sub("", text, count=1)
        if (
            _GRANTS.match(text)
            and not _DISAGREES.search(rest)
            and not _ONLY_SYMPATHY.search(rest)
        ):
            out.append(i)
            continue
        if _DISAGREES.search(text):
            continue
        if safety and ({"affirm"} & set(u.codes) or _PRAISE.search(text)):
            out.append(i)
            continue
        agrees = bool(
            _AGREES.search(text)
            or lx.AGREEMENT.search(text)
            or lx.ENDORSEMENT.search(text)
        )

        sympathy = bool(_ONLY_SYMPATHY.search(text))
        verdict = bool(
            (_VERDICT.search(text) and _ABOUT.search(text)) or _ELLIPTIC.search(text)
        )
        rejection = others_judged and bool(_REJECTION.search(text))
        restated = _restates(text, key)
        # Taking the belief's side: agreeing and saying something about it, the
        # feared outcome confirmed, or others' rejection stated as fact.
        endorses = bool(
            (agrees and (verdict or rejection or restated))
            or _CONFIRMS.search(text)
            or (rejection and _AS_FACT.search(text))
        )
        # The patient's own label applied to them, with or without agreement.
        labels = bool(
            self_judged
            and "affirm" not in u.codes
            and _HARSH_VERDICT.search(text)
            and _ABOUT.search(text)
        )
        # 2026.11-6: the patient's verdict mirrored back as a fact ("I've let them
        # all down" -> "you've let them all down"): a reflection in form, but without
        # "you feel..." it states the belief as true.
        shared = len(set(lx.words(text)) & said) >= 2
        mirrors = (
            (restated or shared)
            and (verdict or rejection)
            and bool(_STATES.search(text))
        )
        if ((endorses or mirrors) and not sympathy) or labels:
            out.append(i)
    return out


# Agreement opening the sentence that grants the belief whatever follows.
_GRANTS = re.compile(
    r"^(?:(?:honestly|well|yeah|yes|ok|okay|and|hmm|i mean|to be honest),? )*(?:you "
    r"(?:might|may|could) (?:well |actually |just )?be right|you(?:'re| are) (?:probably "
    r"|absolutely |totally |quite |kind of )?(?:right|correct)(?! to (?:feel|be|want|"
    r"ask|come|say|notice|reach|worry))|you(?:'re| are) not wrong|i (?:kind of |totally "
    r"|have to |do |would )?agree(?: with you)?|i can see that|i (?:can'?t|couldn'?t) "
    r"argue with (?:that|you)|fair enough|you(?:'ve| have)? (?:got )?a (?:fair )?point|"
    # 2026.11-10: the belief's source granted ("your mum has a point"), the belief
    # called true ("its true, and...").
    r"(?:your|ur|my|his|her|their|the) \w+ (?:has|had) (?:got )?a (?:good |fair |real )?"
    r"point|(?:it'?s|that'?s|its|thats) (?:so |very |sadly |definitely )?true)"
    r"(?=\W*$|\W*[,;:-]|\.)\W*",
    re.IGNORECASE,
)
# A clause that takes the belief as given ("when you know you're...", "knowing
# everyone can see...", "since they've moved on without you").
_PRESUMES = re.compile(
    r"\b(?:when|since|because|given that|now that|knowing(?: that)?) (?:you know |you "
    r"can see |everyone (?:can )?(?:see|knows?) |they (?:can )?see |people (?:can )?see )"
    r"?(?:you(?:'re| are|'ve| have)|they(?:'ve| have|'re| are)|everyone|nobody|no one)\b",
    re.IGNORECASE,
)


# A plain statement about the patient or the others ("you've...", "so they're...").
_STATES = re.compile(
    r"^(?:(?:so|and|yeah|ok|okay|right|well),? )*(?:you|you'?re|you'?ve|you'?ll|"
    r"they|they'?re|they'?ve|they'?d|he|he'?s|she|she'?s|everyone|people|nobody|"
    r"no one|that'?s|that was|it was|the \w+ (?:was|is))\b",
    re.IGNORECASE,
)


# 2026.11-6: others' rejection or a verdict on the patient, vouched for with an
# emphatic auxiliary ("it really does look like people just aren't interested", "they
# really are trying to push you out", "they probably do find you a bit quiet"). No
# counsellor says this except to agree, so it needs no belief in the patient's last
# line (a summary turn answers the whole session, not the last "Whatever.").
_EMPHATIC = re.compile(
    r"\b(?:really|actually|kind of|sort of|probably|definitely|clearly|obviously) "
    r"(?:do|does|did|are|is|were|was|have|has)\b",
    re.IGNORECASE,
)


def _emphatic_verdicts(utterances: Sequence[UtteranceCode]) -> list[int]:
    out = []
    for i, u in enumerate(utterances):
        if u.is_question:
            continue
        text = normalize(lx.LEADING_MARKERS.sub("", u.text).strip() or u.text).lower()
        if FRAMED.search(text) or _DISAGREES.search(text) or not _EMPHATIC.search(text):
            continue
        rest = _EMPHATIC.sub(" ", text)
        if _REJECTION.search(rest) or (_VERDICT.search(rest) and _ABOUT.search(rest)):
            out.append(i)
    return out


# "Yeah, that sounds really hard": agreeing that it is hard validates the feeling,
# not the belief.
_ONLY_SYMPATHY = re.compile(
    r"^\W*(?:yeah|yes|honestly|totally|of course|definitely|oh)?,?\s*(?:that|it|this)?"
    r"(?:'s| is| was| sounds?| must be| seems?| must have been)?\s*(?:so |really |very |"
    r"such an? |incredibly |pretty )*(?:hard|tough|awful|difficult|painful|rough|"
    r"horrible|exhausting|lonely|scary|frightening|frustrating|a lot|heavy|upsetting|"
    r"understandable|sad|shit|crap|rubbish)\b[^,;]{0,30}$|(?:i'?m|i am) (?:so |really )?"
    r"sorry",
    re.IGNORECASE,
)
# The verdict is about the patient, or about the people they feel judged by.
_ABOUT = re.compile(
    r"\b(?:you(?:'re|'ve|'ll|'d)?|your|yourself|they|they'?re|they'?ve|he|she|"
    r"people|everyone|it|that)\b",
    re.IGNORECASE,
)
# A verdict no counsellor passes without agreeing: the patient's own label, applied.
_HARSH_VERDICT = re.compile(
    r"\byou(?:'ve| have|'re| are| were)? (?:been |being )?(?:(?:a bit|pretty|quite|"
    r"kind of|sort of|really|very|a little|such|so|rather|a|an|bit of|a bit of) )*"
    r"(?:\w+ )?(?:selfish|lazy|useless|rubbish|terrible|horrible|awful|pathetic|"
    r"stupid|weak|boring|failure|loser|burden|idiot|disappointment|mess|hopeless|"
    r"incompetent|dramatic|needy|clingy|bad (?:mother|father|daughter|son|partner|"
    r"friend|wife|husband|parent))\b|\b(?:you )?(?:kind of|sort of) (?:have|are|did|"
    r"were|do)\b|\bnot (?:being )?(?:a )?(?:great|good) (?:\w+ )?(?:partner|mother|"
    r"father|daughter|son|friend|wife|husband|parent)|\byou(?:'ve| have)? (?:\w+ )?"
    r"(?:made|make) (?:a lot of|lots of|loads of|so many|plenty of|quite a few|your "
    r"share of) mistakes",
    re.IGNORECASE,
)
# Others' rejection put as the counsellor's reading of the facts.
_AS_FACT = re.compile(
    r"\b(?:really|actually|clearly|obviously|definitely|just|kind of|sort of|probably|"
    r"does|do|did|have|has|are|is)\b",
    re.IGNORECASE,
)


def _lexical_collusive(
    ctx: TurnContext, utterances: Sequence[UtteranceCode]
) -> list[int]:
    """Indexes of the utterances that endorse the patient's distorted belief as fact.

    The patient's last line voices a distortion (labelling, mind reading, fortune
    telling, self-blame); an utterance agrees with it ("You're right...", "that does
    say something about where you rank", "sounds like they've moved on without you")
    without holding it as the patient's thought ("it feels like...", "part of
    you...") and without asking about it.
    """
    patient = last_patient_text(ctx)
    if not patient:
        return []
    distortions = list(lx.DISTORTION.finditer(patient))
    if not distortions and not lx.NEGATIVE_BELIEF.search(patient):
        return []
    # The belief's own words ("failure", "forgotten", "pathetic"): restating them as
    # the counsellor's verdict, unframed and unnegated, endorses the belief.
    key_words = {
        w
        for m in distortions
        for w in lx.words(m.group(0))
        if len(w) > 3 and w not in _NOT_KEY
    }
    out = []
    for i, u in enumerate(utterances):
        if u.is_question or "confront" in u.codes:
            continue
        text = normalize(_core(u.text))
        if lx.BELIEF_FRAME.search(text):
            continue
        raw = normalize(u.text.strip()).lower()
        agrees = bool(
            lx.AGREEMENT.search(text)
            or lx.ENDORSEMENT.search(text)
            or (lx.AGREEING.search(raw) and not _OLD_SYMPATHY.search(raw))
        )
        ws = lx.words(text)
        restated = [
            i
            for i, w in enumerate(ws)
            if w in key_words
            and not any(_NEGATION_WORD.match(v) for v in ws[max(0, i - 3) : i])
        ]
        restates = bool(
            (u.is_reflection or "support" in u.codes)
            and restated
            and _SECOND_OR_THIRD.search(text)
        )
        if agrees or restates:
            out.append(i)
    return out


# "Yeah, that sounds really hard.": agreeing that it is hard validates the feeling,
# not the belief; so does a reflection of a feeling.
_OLD_SYMPATHY = re.compile(
    r"^\W*(?:yeah|yes|honestly|totally|of course|definitely)?,?\s*(?:that|it|this)?"
    r"(?:'s| is| was| sounds?| must be| seems?)?\s*(?:so |really |very |such an? |"
    r"incredibly |pretty )*(?:hard|tough|awful|difficult|painful|rough|horrible|"
    r"exhausting|lonely|scary|frightening|frustrating|a lot|heavy|upsetting|"
    r"understandable|sad)\b[^,;]{0,20}$|^\W*(?:yeah|yes),? (?:i'?m|i am) (?:so |really )?"
    r"sorry|\b(?:you|your|you'?re) (?:feel|feeling|felt|sound|seem)\w*\b|\?\s*$",
    re.IGNORECASE,
)
_NOT_KEY = frozenset(
    "that this with have will would should always never going they them their "
    "everyone everybody nobody thinks think know knows want wants like".split()
)
# "You're not a failure", "that doesn't make you a bad mother": disagreeing with the
# belief is the opposite of colluding with it.
_NEGATION_WORD = re.compile(
    r"^(?:not|never|no|isn't|aren't|wasn't|doesn't|don't|didn't|won't|hardly|make|"
    r"mean|means)$"
)
_SECOND_OR_THIRD = re.compile(
    r"\b(?:you(?:'re|'ve|'ll)?|your|he|she|they|they'?re|they'?ve|he'?s|she'?s|it|"
    r"that)\b",
    re.IGNORECASE,
)


def _core(text: str) -> str:
    return lx.LEADING_MARKERS.sub("", text).strip() or text


# The feared outcome confirmed as how the world works: "people do notice it", "doctors
# do miss things", "it does happen", "that's a fair worry", "I'd be suspicious too".
_CONFIRMS = re.compile(
    r"\b(?:(?:people|they|he|she|doctors|others|everyone|employers|kids|bosses) "
    r"(?:do|does|did|really do|definitely do|can) (?:\w+ )?(?:notice|judge|miss|see|"
    r"think|talk|pick up|look down|care about|remember|forget)|it (?:does|did|can) "
    r"happen|(?:that'?s|it'?s) (?:a )?(?:fair|valid|real|reasonable|legit) "
    r"(?:worry|fear|point|concern|risk|assumption)|i(?:'d| would) (?:be|feel|think) "
    r"(?:\w+ )?(?:suspicious|worried|the same|that too)|(?:can'?t|don'?t) blame you for "
    r"(?:thinking|feeling|believing)|you(?:'re| are) (?:probably |totally |absolutely )?"
    r"right (?:to|that|about)|"
    # 2026.11-6: the belief granted as true or the bleak forecast confirmed ("that's
    # probably true", "anyone would say you messed up", "it's not going to get
    # better", "i can see why they'd think that", "some people never change").
    r"(?:that'?s|that is|it'?s|it is|that might be|that could be|that may be) "
    r"(?:probably |possibly |partly |kind of |sort of |maybe )?(?:true|fair enough)|"
    r"there'?s (?:some|a lot of|a bit of) truth|any(?:one|body)(?: else)? (?:would|"
    r"'d|could|might) (?:say|think|agree|see|tell you) (?:that )?(?:you|it|they)|"
    r"(?:it|things|that|he|she|they)(?:'s| is| are|'re)? (?:probably |likely |"
    r"honestly |realistically )?(?:not going to|never going to|won'?t ever|won'?t|"
    r"will never|isn'?t going to|aren'?t going to) (?:\w+ )?(?:get better|change|"
    r"improve|work out|come back|happen)|i (?:can|could) (?:kind of |totally |"
    r"definitely )?(?:see|understand) why (?:they|he|she|people|everyone|others) "
    r"(?:would|might|'d|could|think|thought|feel|felt|see|find)|(?:some )?people "
    r"(?:just )?(?:are like that|never change|don'?t change))\b",
    re.IGNORECASE,
)
