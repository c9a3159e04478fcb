"""Collusion in the forms students write it (2026.11-8).

`collusion.py` finds agreement with the belief and the belief restated as fact. A
labeller who wrote turns blind to those rules showed four more ways of taking the
side of a distorted belief, each a class in its own right (RUBRICS.md: the counsellor
should hold the belief up as the patient's thought, not confirm it):

- approving the avoidance or safety behaviour the belief justifies ("skipping it is
  totally valid", "keeping records is smart", "that's a good workaround");
- normalising the thought itself rather than the feeling ("anyone would think that",
  "that would make anyone suspicious"); normalising a feeling is validation and stays
  out;
- confirming the feared outcome as how the world works ("people do tend to pick up on
  a shaky voice", "mistakes do tend to stick", "age discrimination is very real");
- joining the blame of the people the patient feels wronged by ("so rude of them",
  "she has a bit of a pattern", "it does sound like they're edging you out").

Each needs the belief, or the behaviour's justification, in the patient's last line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .flag_forms import SELF_BLAME
from .lexicon import rx
from .normalize import normalize
from .schema import UtteranceCode

# The patient justifying an avoidance or safety behaviour: "at least nobody can judge
# me", "if I don't check, someone will find a mistake", "I'd rather do it myself",
# "I said I was busy", "I keep a record of every slight".
SAFETY_LOGIC = rx(
    r"at least|if i (?:don'?t|do not|stay|keep|check|send|go|went|spot)|i'?d rather "
    r"(?:just )?|that way|so (?:nobody|no one) (?:can|will)|said i was busy|said i had "
    r"plans|i (?:keep|check|stay|avoid|skip|take|pull|get off|look through|go (?:the|"
    r"round))|back roads|get off the road|(?:should|must) (?:manage|be able|cope)|"
    r"(?:would|will) be wrong|i have to (?:check|get|stay|be)|i (?:didn'?t|won'?t) "
    r"(?:go|hand|ask|tell|submit)|"
    # 2026.11-10: the avoidance told as what was done, without "I" (chat
    # fragments: "Made an excuse. Avoided him after.", "Went home the long way.",
    # "I passed. Sent it by email instead.").
    r"instead\b|avoid(?:ed|ing)|made an excuse|(?:the )?long way|(?:^|\. )(?:i )?"
    r"(?:passed|bailed|cancell?ed|stayed (?:in|home|away|out))\b",
)
# The counsellor approving that behaviour.
APPROVES = rx(
    r"(?:is|'s|are|was|really|pretty|so|very|a|kind of) (?:smart|sensible|clever|"
    r"wise)|(?:totally |completely |perfectly )?valid|good (?:idea|workaround|"
    r"move|call|way|plan|instinct)|workaround|the (?:right|safest|best) (?:thing|call|"
    r"move|choice)|exactly right|(?:it'?s|that'?s|its|thats) (?:totally |completely |"
    r"perfectly )?(?:ok|okay|fine|alright) (?:not to|to (?:skip|avoid|stay|say no|"
    r"cancel|miss|leave|decline|give it a miss))|no (?:rush|hurry)(?: at all)? to (?:go back|face|do|start|try|tell|deal)|(?:you )?don'?t owe|"
    r"makes sense (?:that )?you'?d? (?:want to |wanted to )?(?:avoid|stay|skip|keep|"
    r"check|not|stayed|pull)|admirable|protect(?:ing)? yourself|take the pressure off|"
    r"(?:has|have) to come first|(?:are|is) probably safer|"
    # 2026.11-10: approval in chat forms ("the back roads are fine for now", "no
    # need to push yourself", "good thinking", "fair enough", "i'd have done the
    # same").
    r"(?:are|is|'s) (?:totally |perfectly |absolutely )?fine (?:for now|as (?:a|"
    r"an) \w+)|no need to (?:push|force|rush|put) yourself|good thinking|fair "
    r"enough|(?:i'?d|i would) (?:have done|do) (?:exactly )?the same",
)
# The thought normalised (a feeling normalised is validation and is left out).
NORMALISES_THOUGHT = rx(
    r"any(?:one|body)(?: else)? (?:would|'d|could) (?:think|assume|believe|conclude|"
    r"suspect|see it|read it|take it)(?: that| the same| so)?|"
    r"(?:would|'d|could) make any(?:one|body) (?:suspicious|think|wonder|doubt|paranoid)|"
    r"any(?:one|body) would be (?:suspicious|fuming|paranoid)|"
    r"(?:makes (?:total |complete )?sense|(?:it'?s|that'?s) (?:totally |completely )?"
    r"understandable|i (?:can )?(?:totally |completely )?(?:see|understand) why|no "
    r"wonder) (?:that )?you'?d? (?:think|believe|assume|conclude|expect|see it)|"
    r"i'?d (?:think|assume|conclude|believe) (?:the same|that too|so too)",
)
# The feared outcome confirmed as a general truth.
CONFIRMS_FEAR = rx(
    r"(?:do|does) (?:tend to|really|actually) (?:\w+ ){0,2}?(?:notice|stick|remember|"
    r"judge|miss|pick up|talk|see|send|mean|look)|do tend to|tend to (?:stick|notice|"
    r"remember|judge)|(?:is|are) (?:very|all too|sadly|so) real|really does send|"
    r"can be (?:pretty |so |really )?(?:brutal|judgy|judgmental|harsh|cruel|like that)|"
    r"a lot of people do (?:feel|think|find|see)|(?:just|only) (?:being )?politeness|"
    r"(?:doctors|they) do miss|(?:people|they) remember (?:that|this)|sadly|"
    r"unfortunately|it'?s (?:really |very |quite )?(?:common|normal|natural) for \w+ "
    r"to (?:prefer|judge|notice|leave|forget|lose interest|move on)|(?:you|you'?re) right to be (?:careful|worried|suspicious)",
)
# The blame of the others joined.
JOINS_BLAME = rx(
    r"(?:so|really|actually|pretty) rude|(?:really|so) not on|out of order|so unfair|"
    r"(?:people|they|he|she) can be so|(?:has|have) (?:a bit of )?a pattern|(?:does|"
    r"do) sound like (?:they|he|she)(?:'re| are|'s| is)? \w+ing you|edging you out|"
    r"(?:you'?d|you would) think (?:adults|people|they)",
)
# The safety behaviour stated as what protects the patient ("so staying quiet is what
# keeps you safe").
KEEPS_SAFE = re.compile(
    r"\b(?:is|are|was) (?:basically |really |just )?what(?:'s| is)? (?:keep(?:s|ing)|"
    r"protect(?:s|ing)) you\b",
    re.IGNORECASE,
)
# 2026.12-1, read by class on labellers J and K: more avoidance and reassurance
# seeking on the patient's side ("Pulled onto the hard shoulder.", "I'm not going
# near a motorway again.", "book another scan, just to rule it out"), more beliefs
# ("they only do it out of pity", "I'm bound to be alone", "he's getting ready to
# leave"), and on the counsellor's side the avoidance prescribed "for now", the
# compulsion renamed a virtue ("that's just being conscientious"), the reassurance
# endorsed ("peace of mind is so important"), the counsellor doing the same ("id be
# watching my back too"), and the belief granted ("you're probably right that...",
# "it is possible she was rushing you", "employers can't be trusted").
SAFETY_MORE = rx(
    r"pulled (?:onto|over|in)|hard shoulder|(?:not|never) going (?:near|back|anywhere "
    r"near)|just to (?:rule|make sure|be sure|check)|rule it out|then i can relax",
)
BELIEF_MORE = rx(
    r"out of pity|bound to (?:be|end up|fail|get)|(?:getting|going) (?:ready )?to leave "
    r"me|get(?:ting)? ready to leave|(?:trying|want) to get rid of me|not worth the "
    r"effort|(?:doesn'?t|don'?t) (?:really )?care about me",
)
APPROVES_MORE = rx(
    r"(?:avoid|skip|stay away from|steer clear of|keep (?:it|this|things) (?:between|to "
    r"yourself|in the family|quiet)|hold off|give it|wait|leave it|stick to)\b[^.?!]{0,40}"
    r"\b(?:for now|for the time being|until you feel|(?:a few|some|a couple of|another) "
    r"(?:more )?(?:months|weeks))|(?:there'?s|theres|there is) no (?:rule|law) (?:that "
    r")?(?:says )?you (?:have|need) to|perfectly (?:good|fine|reasonable) (?:option|"
    r"choice|way)|things can wait|peace of mind is (?:so |really )?important|put your "
    r"mind at rest|(?:that'?s|thats|its|it'?s) (?:just )?being (?:conscientious|careful|"
    r"thorough|responsible|sensible|cautious|prudent)|lucky to have someone so|"
    r"(?:i'?d|id|i would) be \w+ing (?:\w+ ){0,4}too",
    r"you(?:'re| are|re) (?:probably |quite |definitely )?right that|can'?t be trusted|"
    r"(?:it'?s|it is|its) (?:quite |very |entirely )?possible (?:that )?(?:she|he|they) "
    r"(?:was|were|is|are|did|just)|(?:is|can be) (?:a )?(?:really |so |pretty )?(?:hard|"
    r"tough|difficult) (?:city|place|town|age) to",
)
# Stop 21, read by class on labellers L, M and O: the belief conceded in part ("it's
# true that some people are just naturals", "your gran had a point", "I suppose it is
# early days"), a hindsight verdict after self-blame ("looking back the signs were
# there"), and a laugh that takes the belief as given ("haha classic", "lol well
# that's people for you").
CONCEDES = rx(
    r"(?:it(?:'s| is|s) (?:also |kind of |partly )?true (?:that )?|(?:had|has|have|"
    r"got|'s got) a (?:fair )?point|i suppose (?:it(?:'s| is|s)|that(?:'s| is)|"
    r"they(?:'re| are)|you(?:'re| are))|(?:you'?re|youre) not (?:totally |completely "
    r"|entirely )?wrong(?! to (?:be|feel))|there(?:'s| is) (?:some )?truth (?:in|to)|"
    r"fair point|can'?t argue with)",
)
HINDSIGHT = rx(
    r"(?:looking back|in hindsight|with hindsight|thinking back)[, ]+(?:\w+ ){0,4}"
    r"(?:were|was) (?:all )?there|the (?:signs|warning signs|red flags|clues) were "
    r"(?:all |probably |always )?there|(?:was|were) (?:pretty |kind of )?obvious "
    r"(?:in hindsight|looking back)",
)
# Self-blame for not seeing it, beside flag_forms.SELF_BLAME ("I was supposed to
# notice", "how did I miss it").
_MISSED_IT = rx(
    r"(?:supposed|meant) to (?:notice|know|see|spot|catch)|how did i (?:miss|not see)|"
    r"(?:didn'?t|never) (?:see|notice|spot|catch) (?:it|the signs|anything)",
)
_LAUGH = re.compile(r"(?:^|[\s,.!])(?:ha(?:ha)*|hah|lol|lmao|😂|🤣)(?=$|[\s,.!])", re.I)
# Laughter that is only warmth: greetings, apologies waved away, the counsellor's
# own story (any first person), a question answered no, or a feeling reflected.
_LIGHT = re.compile(
    r"\b(?:no worries|no need to apologi[sz]e|don'?t apologi[sz]e|hi|hey|hello|"
    r"thanks|thank you|i (?:used to|do|did|remember|always)|same|you (?:must )?feel|"
    r"sounds like you|you seem|i|i'm|im|i've|my|me|myself|no)\b",
    re.IGNORECASE,
)
# The sentence holds the thought as the patient's or disputes it.
_HELD = re.compile(
    r"\b(?:part of you|it feels like|feels like|the thought|you (?:think|thought|"
    r"believe|worry|fear|tell yourself)|your mind(?! at rest)|i wonder|what if|evidence|i don'?t "
    r"know (?:yet|that)|not sure|doesn'?t (?:mean|make)|isn'?t (?:true|fair))\b",
    re.IGNORECASE,
)


def collusive_forms(
    patient: str, belief: bool, utterances: Sequence[UtteranceCode]
) -> list[int]:
    """Indexes of the sentences that side with the belief in the forms above.

    `belief` is `collusion.patient_belief(patient)` (passed in, not recomputed)."""
    safety = bool(SAFETY_LOGIC.search(patient) or SAFETY_MORE.search(patient))
    belief = belief or bool(BELIEF_MORE.search(patient))
    hindsight = belief or bool(SELF_BLAME.search(patient) or _MISSED_IT.search(patient))
    if not (belief or safety or hindsight):
        return []
    out = []
    for i, u in enumerate(utterances):
        if u.is_question and not u.tag_question:
            continue
        text = normalize(u.text).lower()
        if _HELD.search(text):
            continue
        # Approving the behaviour needs only its justification; the other forms
        # need the belief itself.
        approves = bool(
            APPROVES.search(text)
            or KEEPS_SAFE.search(text)
            or APPROVES_MORE.search(text)
        )
        sides = belief and bool(
            NORMALISES_THOUGHT.search(text)
            or CONFIRMS_FEAR.search(text)
            or JOINS_BLAME.search(text)
            or CONCEDES.search(text)
            or (_LAUGH.search(text) and not _LIGHT.search(text))
        )
        sides = sides or bool(hindsight and HINDSIGHT.search(text))
        if approves or sides:
            out.append(i)
    return out
