"""Collusion, the patient's side: when a patient's line voices a distorted belief,
and which of its words are the belief's own.

Split out of `collusion.py`, which reads the trainee's side (whether a sentence
takes that belief's side). Word lists written from the rubric and ordinary
English, none mined from a dataset.
"""

from __future__ import annotations

import functools

from . import lexicon as lx

# A negative judgement the patient passes on themself (beyond lx.DISTORTION's set forms).
SELF_JUDGEMENT = lx.rx(
    r"i(?:'m| am|'ve been| have been| was) (?:(?:such|so|just|really|a|an|being|the|"
    r"totally|completely|pretty|kind of|a bit of|always|still) ){0,3}(?:\w+ )?"
    r"(?:failure|loser|burden|mess|fraud|idiot|joke|disaster|coward|useless|worthless|"
    r"pathetic|stupid|weak|lazy|selfish|boring|ugly|rubbish|crap|terrible|horrible|"
    r"awful|bad|hopeless|incompetent|disappointment|dramatic|needy|clingy|annoying|"
    r"too much|too old|too slow|broken|unlovable|thick|dumb|ridiculous|overreacting|"
    r"letting \w+ down)",
    r"i(?:'ve| have)? (?:let|failed|ruined|messed up|screwed up|wrecked|blown)",
    r"(?:it'?s|it was|this is) (?:all )?(?:my fault|on me|because of me)",
    r"i (?:can'?t|never|don'?t) (?:do|get) anything right|i(?:'ll| will) (?:just |only |"
    r"probably )?(?:fail|mess|screw|ruin|let|lose|never)",
    r"what kind of (?:a )?(?:mother|father|person|friend|wife|husband|partner|"
    r"daughter|son)",
)
# How others are said to see the patient ("they think I'm useless", "she's bored of me").
OTHERS_JUDGE = lx.rx(
    r"(?:they|he|she|everyone|everybody|people|nobody|no one|my \w+)(?:'d|'ve|'re|'s| "
    r"would| have| are| is| all| just| probably| obviously| clearly){0,3} (?:\w+ )?"
    r"(?:hates?|forgotten|forgot|moved on|given up|gave up|bored|sick|tired|rather|"
    r"wants? rid|laughing|judging|judge|thinks? (?:i'?m|i am|less)|care|cares|noticed|"
    r"looks? down|sees? me|want me|invite|asked|interested|leave|leaving|done with)",
)
# Rules, predictions and verdicts in the forms cognitive therapy names: "should"
# statements, "what kind of mother...", "they'll all see...", "it's obvious they...",
# all-or-nothing verdicts on oneself.
BELIEF_FORMS = lx.rx(
    r"i (?:should|shouldn'?t|must|have to|need to|ought to)(?:'ve| have)? (?:be able|"
    r"know|known|seen|noticed|done|been|manage|cope|handle|just)",
    r"(?:a|any) (?:good|real|proper|decent) (?:mum|mother|dad|father|daughter|son|wife|"
    r"husband|man|woman|friend|partner|parent|student) (?:would|should|knows|doesn'?t|"
    r"wouldn'?t|can|does)",
    r"what kind of (?:\w+ )?(?:mum|mother|dad|father|daughter|son|wife|husband|man|"
    r"person|friend|partner|parent)",
    r"(?:they|people|everyone|everybody|he|she)(?:'ll| will| would|'d)? (?:all )?"
    r"(?:see|think|realise|realize|know|find out|notice|judge|laugh|say) (?:that )?"
    r"(?:i'?m|i am|i can'?t|how|i'?ve|i)",
    r"(?:it'?s|that'?s) (?:so )?obvious|on purpose|want(?:s)? me (?:gone|out)|"
    r"(?:freeze|freezing|cutting|cut) me out|out of the picture|odd one out|"
    r"nothing to me|for nothing|i'?m (?:wasting|abandoning|failing)|"
    r"(?:weight|burden) (?:round|on)|can'?t even|couldn'?t even|i didn'?t (?:see|"
    r"notice|know|stop|spot|realise|realize) (?:it|that|anything)|no good|"
    r"not (?:cut out|up to|clever|smart|good|strong|brave) (?:enough|for)|"
    r"i(?:'m| am) (?:going to|gonna) (?:fail|lose|crash|mess|be sacked|get sacked|"
    r"be fired|die|embarrass)|i (?:always|never) (?:\w+ )?(?:get|do|say|mess|ruin|"
    r"fail|manage)|(?:always|never) (?:be|going to be|gonna be) (?:like this|enough)",
    # 2026.11-6: blame, discounting and certainty in everyday forms ("i'm the reason",
    # "she only said yes because she felt sorry for me", "i just know it'll go badly").
    r"i(?:'m| am) the (?:reason|problem|one who (?:ruin|mess|broke|wreck))|something "
    r"(?:is |'s )?wrong with me|(?:only|just) (?:\w+ )?(?:said|did|asked|invited|"
    r"called|texted|stayed|agreed) (?:\w+ ){0,3}(?:because|to be (?:polite|nice|kind)|"
    r"out of (?:pity|guilt))|(?:felt|feel|feels) sorry for me|if i(?:'d| had) "
    r"(?:\w+ ){0,3}(?:been|done|said|noticed|called|gone|stayed|known)|i (?:just )?know "
    r"(?:it|that|the \w+|he|she|they)(?:'ll| will|'s| is| are) (?:\w+ ){0,2}(?:badly|"
    r"wrong|bad|cheating|leave|lying|fail)|i'?m (?:sure|certain) of it|(?:all|so much) "
    r"better than me|i(?:'m| am) not (?:lovable|likeable|likable|attractive|"
    r"interesting|worth)",
    # 2026.11-10: the thought reported as a thought ("that's how much I matter. That's
    # what I thought.", "I thought, here we go"), a rule one was raised on ("a man
    # provides for his family", "my mum always said that"), the worst expected.
    r"(?:that'?s|this is) (?:what i (?:thought|think|told myself|kept thinking)|how "
    r"(?:much|little) i matter|how i was (?:raised|brought up)|how it (?:always )?(?:is|"
    r"goes|works))|^i (?:just )?(?:thought|kept thinking|told myself),|my (?:mum|dad|"
    r"mother|father|nan|gran) (?:always )?(?:said|says|used to say)|(?:a|the) (?:man|"
    r"woman|mum|mother|dad|father|husband|wife) (?:provides|should|has to|must|needs "
    r"to|doesn'?t)|here we go",
)
# A rule that justifies a safety behaviour ("it's the only way to make sure").
SAFETY_RULE = lx.rx(
    r"the only way|make sure nothing|just in case|(?:somebody|someone) has to|"
    r"can'?t (?:risk|take the risk|let (?:my guard|it) )|i(?:'d| would) never let|"
    r"stay on top of|(?:have|need) to (?:check|be sure|be certain|keep an eye)|"
    # 2026.12-1: counted repeats of a check, not "up three times in the night".
    r"(?:check\w*|read|go over|went over|gone over|look\w*)\b[^.?!]{0,25}\b(?:three|"
    r"four|five|ten|\d+) times|check(?:ing)? (?:it |them |everything )?"
    r"(?:again|every)",
)


BELIEF_PATTERNS = (
    lx.DISTORTION,
    SELF_JUDGEMENT,
    OTHERS_JUDGE,
    BELIEF_FORMS,
)


# Cached: `collusive_utterances` and `_general` both ask it of the same line.
@functools.lru_cache(maxsize=256)
def patient_belief(patient: str) -> bool:
    """Whether the patient's line voices a distorted or negative belief."""
    return bool(
        lx.DISTORTION.search(patient)
        or lx.NEGATIVE_BELIEF.search(patient)
        or SELF_JUDGEMENT.search(patient)
        or OTHERS_JUDGE.search(patient)
        or BELIEF_FORMS.search(patient)
    )


STOP = frozenset(
    "that this with have will would should always never going they them their there "
    "just really about what when then than been being from into just like much some "
    "even know think want wants feel feels felt make made over only also because "
    "again still ever every everyone everybody nobody something anything".split()
)


def key_words(patient: str) -> set[str]:
    """Content words of the belief itself: the matched phrase and the words after it
    ("I'm such a rubbish partner" -> rubbish, partner), not the situation around it."""
    out: set[str] = set()
    for pattern in BELIEF_PATTERNS:
        for m in pattern.finditer(patient):
            tail = patient[m.start() : m.end() + 30]
            out.update(w for w in lx.words(tail)[:8] if len(w) > 3 and w not in STOP)
    return out
