"""Guided discovery in a trainee's own words: cues the patient reads beside the
annotator's codes.

Pure (no Django). The patterns in `patterns.py` were written against the
project's scripted trainees; trainees who write their own CBT sessions ask the
same Socratic questions in other forms ("If a mate said that to you, what would
you tell him?", "what does believing it cost you?", "so recap: ...", "whats a
more balanced way to put it, in your words?"). Each table here widens one move;
`classify_moves` ORs it with the matching table of `patterns.py`.

The second half undoes readings of the annotator's codes that the patient must
not react to as harm (the codes stay as they are for the feedback report): an
invitation to tell ("Could you take me through the last time?", "Let's look at
that thought together") is not advice; asking what the patient thought at the
worst moment is not confronting them; a 0-100 rating question supplies no
answer, so it does not lead; "Good to meet you" or "There's no rush" agrees with
no belief; an open question after a framing clause ("When it happened, what went
through your mind?") is open. A between-session task offered as a question
("could you try noticing it this week?") is homework set collaboratively (CTS-R
item 12), advice with permission rather than advice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .patterns import _rx


@dataclass(frozen=True, slots=True)
class Cue:
    """A pattern searched only when the text holds one of its key words: the
    wide alternations here cost 5-12 us a search, the key test well under 1 us,
    and most turns hold none of the keys (the first word's path, issue 14)."""

    keys: tuple[str, ...]
    pattern: re.Pattern[str]

    def search(self, text: str) -> bool:
        low = text.lower()
        return any(k in low for k in self.keys) and bool(self.pattern.search(text))


def _cue(keys: str, *patterns: str) -> Cue:
    return Cue(tuple(keys.split("|")), _rx(*patterns))


_THOUGHT = (
    r"(?:it|that|this|the (?:thought|belief|idea|worry|old (?:thought|one)|original"
    r"(?: thought| one)?|first (?:thought|one))|that (?:thought|belief|idea|worry))"
)
# A hypothetical other person the patient is asked to advise or imagine.
_OTHER = (
    r"(?:friends?|mates?|buddy|pal|colleague|coworker|co-worker|workmate|teammate|"
    r"flatmate|roommate|housemate|sister|brother|cousin|neighbou?r|classmate|student|"
    r"daughter|son|child|kid|loved one|someone|somebody|another (?:mum|mom|dad|parent|"
    r"person|student|carer|driver|woman|man)|one of (?:your|the) \w+)"
)

EVIDENCE_MORE = _cue(
    "what|against|other way|evidence|overlook|missing|leaving out|contradict|otherwise|fact|a time|how often|sure|need to",
    r"\bwhat (?:makes|made) " + _THOUGHT + r" (?:feel|seem|sound)s? (?:so )?"
    r"(?:true|real|right|convincing|believable|certain)\b",
    r"\bwhat (?:tells|told) you (?:it'?s|that'?s|it is|that is|it was) (?:true|right)\b",
    r"\b(?:evidence|anything|something|what) (?:that )?(?:points?|goes|speaks|argues) "
    r"(?:the other way|against)\b",
    r"^\W*(?:(?:and|so|ok|okay|what about|how about)[,.]?\s+)*(?:the |any )?"
    r"(?:evidence |data |facts? |case |stuff |things )?against (?:it|that|the thought)?"
    r"\s*\?",
    r"\bwhat (?:supports|backs up) " + _THOUGHT + r"\b|\bevidence (?:for|against)\b",
    r"\bwhat (?:might|could|may) you be (?:overlooking|missing|leaving out|discounting)\b",
    r"\bcontradicts?\b|\bsuggests? otherwise\b|\b(?:a )?fact or (?:a )?feeling\b|"
    r"\bfeeling or (?:a )?fact\b",
    r"\b(?:think of|remember|been) (?:a|any|one) time (?:when |where )?(?:it|that|things|"
    r"you)\b.{0,40}\b(?:didn'?t|did not|went|turned out|was fine|were fine|managed|coped)\b",
    r"\bhow often (?:has|have|did) (?:that|it|this) (?:actually |really )?happen",
    r"\b(?:100 ?%|a hundred percent|one hundred percent|completely|totally|absolutely)"
    r" sure\b",
    r"\bwhat would you need to (?:see|know|hear|find) (?:to|before)\b",
)
ALTERNATIVES_MORE = _cue(
    "would you|might you|could you|suppose|imagine|picture|else|other|different|alternative|second|what would|how might|how would|how could|how does|how did",
    # "If a mate of yours said that exact thing to you, what would you tell him?"
    r"\b" + _OTHER + r"\b.{0,200}\bwhat (?:would|might|could) you (?:say|tell|want"
    r" to say)\b",
    r"\bwhat (?:would|might|could) you (?:say|tell) (?:to )?(?:him|her|them|a \w+|"
    r"your \w+)\b.{0,120}\b(?:said|told you|thought|was thinking|were thinking|"
    r"had been)\b",
    r"\b(?:suppose|imagine|picture)\b.{0,120}\b" + _OTHER + r"\b",
    r"\bwhat else (?:could|might|would) (?:explain|account for|be behind)\b",
    r"\b(?:another|other|different|alternative|second) (?:readings?|takes?|stor(?:y|ies)|"
    r"sides?|versions?|spins?|lens|ways? to read)\b",
    r"\bother (?:ways?|possible|explanations?|reasons?) (?:of|to|for) "
    r"(?:seeing|looking|explaining|understanding|what)\b",
    # What someone in the patient's life would make of it ("What would Alan say
    # if he heard you say that?", "How might your mum see what happened?").
    r"\bwhat would (?:(?-i:[A-Z][a-z]+)|he|she|they|your \w+) (?:say|think|tell you)\b"
    r"(?! (?:about (?:going|coming|taking|doing|the time|when)))",
    r"\bhow (?:might|would|could|does|did|do) (?:(?-i:[A-Z][a-z]+)|he|she|they|others|"
    r"other people|your \w+) (?:see|view|interpret|explain|describe|read|make sense of)\b",
)
CONSEQUENCES_MORE = _cue(
    "what|where|when|make you|makes you|do to you",
    r"\bwhat (?:does|do|did|would) (?:believing|thinking|holding on to|buying into|"
    r"listening to|going (?:along )?with) (?:it|that|this|the thought|that thought)"
    r" (?:cost|do|lead|get|leave|mean)\b",
    r"\bwhat happens (?:when|if|once) you (?:go (?:along )?with|believe|buy into|"
    r"listen to|act on|follow) (?:it|that|this|the thought|that thought)\b",
    r"\b(?:what'?s|what is) (?:it|that|the thought|believing it) costing you\b|"
    r"\bwhat'?s the cost\b|\bwhat (?:does|has) (?:it|that thought) cost you\b",
    r"\bwhere does (?:it|that|this|the thought|that thought) (?:tend to |usually )?"
    r"(?:take|lead|get|leave) you\b",
    r"\bwhen (?:that|the|this) (?:thought|belief|worry) (?:takes hold|kicks in|shows up|"
    r"comes up|is loud|is there)\b.{0,40}\bwhat (?:happens|do you do|follows)\b",
    r"\b(?:that|the|this) (?:thought|belief|worry) (?:make|makes|made|get|gets) you "
    r"(?:do|feel|want)\b|\bwhat does (?:that|the|this) (?:thought|belief) do to you\b",
)
SYNTHESIS_MORE = _cue(
    "balanced|fairer|kinder|realistic|helpful|compassionate|gentler|truer|accurate|how |looking at|given|taking|with |sum|sentence|all sides|both sides|different angles",
    r"\b(?:more )?(?:balanced|fairer|kinder|more realistic|more helpful|"
    r"more compassionate|gentler|truer|more accurate) (?:way|version|view|take|"
    r"thought|statement|picture|perspective)\b",
    r"\bhow (?:would|could|might|do) you (?:put|say|word|describe) (?:it|that|this|"
    r"things)(?: now)?\b.{0,40}\b(?:now|own words|your words)\b",
    r"\bhow much do (?:yo?u) (?:believe|buy|belive|beleive|hold|trust|go with) (?:the|"
    r"that) (?:original|old|first)\b",
    r"\b(?:looking at|given|taking|with) (?:all|everything)(?: of)? (?:that|this|we'?ve)"
    r"\b.{0,200}\?",
    r"\bhow (?:would|could|might|do) you sum (?:it|that|this|things) up\b",
    r"\b(?:put|say|sum up) (?:that|it|this|all that|all of that) (?:into|in) (?:one|a "
    r"single|a|a few) (?:sentence|line|words)\b",
    r"\b(?:looked|looking|look) at (?:it|this|that|the thought) from (?:all|both|"
    r"different|every) (?:sides|angles)\b.{0,80}\?",
)
# A summary announced in so many words; the content follows in the next
# utterances, so the turn, not the utterance, is what is long enough.
SUMMARY_MORE = _cue(
    "check|see if|make sure|understood|got|recap|summar|sum up|so today|so|clear|from what|hearing|pull|put it together",
    r"\b(?:let me|lemme|can i|could i|i'?d like to|i want to|just to) (?:just )?"
    r"(?:check|see|make sure) (?:if |that |whether )?i'?(?:ve|m) (?:understood|got|"
    r"following|getting)\b",
    r"\bif i'?ve (?:understood|got)\b(?! (?:to|a|an|no|any)\b)",
    r"\b(?:quick |a quick |so |ok |okay )?(?:recap|summary|summari[sz]ing)\s*[:,\-\u2013]",
    r"\b(?:quick|brief|short) (?:recap|summary)\b|\bto recap\b|\bso,? to sum up\b",
    r"\b(?:let me|let'?s|i'?ll) (?:just )?(?:summari[sz]e|recap|sum up)\b",
    r"^\W*(?:(?:ok|okay|right|good|great|nice)[,.]?\s+)?so\s*[:\u2013\-]\s*\w+[^.?!]*,"
    r"[^.?!]*,",
    r"\bso today we (?:talked|looked|started|covered|went)\b",
    r"\bjust so i'?m (?:clear|sure|with you)\b|\bfrom what you'?ve (?:said|told me|"
    r"described)\b|\bwhat i'?m hearing (?:is|so far)\b",
    r"\b(?:so )?to (?:pull|put|bring) (?:it|this|that|things) (?:all )?together\b",
)
SUMMARY_MIN_WORDS = 15
# Pleasantries and the session's pace are not agreement with a belief ("Good
# to meet you" after "I'm no good at this"; "There's no rush here").
PLEASANTRY = _rx(
    r"^\W*(?:(?:it'?s|really|so)\s+)?(?:good|great|lovely|nice) to (?:meet|see|hear "
    r"from) you\b|^\W*good (?:morning|afternoon|evening)\b",
    r"^\W*(?:there'?s |there is )?no (?:rush|hurry|pressure)\b|^\W*take (?:your|all the)"
    r" time\b",
)
# The other person and the question about them often sit in two sentences
# ("Suppose a buddy came to you with this. How would you respond to him?"):
# read at the turn level.
FRIEND_FRAME = _cue(
    "would you|might you|could you|do you",
    r"\b(?:if|suppose|imagine|picture|say)\b[^?]{0,120}\b" + _OTHER + r"\b[^?]{0,160}"
    r"\b(?:what|how) (?:would|might|could|do) you (?:say|tell|respond|reply|answer|"
    r"react|see|want to say)\b",
    # "Suppose a junior engineer on your team came to you with this same thought."
    r"\b(?:if|suppose|imagine|picture)\b (?:that )?(?:a|an|your|one of|someone|somebody|"
    r"another)\b[^?]{0,160}\b(?:came to you|told you|said|was thinking|were thinking|"
    r"thought|felt|was in|were in|went through)\b[^?]{0,200}\b(?:what|how) (?:would|"
    r"might|could) you (?:say|tell|respond|reply|answer|react|want to say)\b",
)

# -- the annotator's codes the patient does not react to as harm -------------------
INVITATION = _cue(
    "through|thru|give me|tell me|let|take your|take all|number|rate|maybe|i'd like|id like|i want",
    r"^\W*(?:(?:so|and|ok|okay|now|then)[,.]?\s+)*(?:(?:could|can|would) you )?(?:take|"
    r"walk|talk|run) me (?:through|thru)\b",
    r"\b(?:give|tell) me (?:about )?(?:one|an|a|the) (?:\w+ )?(?:example|time|moment|"
    r"situation)\b",
    r"\blet'?s (?:look|take a (?:closer )?look|explore|examine|slow (?:it |this )?down|"
    r"zoom in|focus|test|check|get curious|stay with|go back)\b",
    r"\b(?:take your time|put a number on it|rate (?:it|that|how))\b",
    r"^\W*maybe (?:you|it|something|a time|when|there)\b.{0,80}\bor\b",
    r"\b(?:i'?d like|i want) (?:us )?to (?:look|understand|zoom|focus|hear)\b",
)
ELICITING_THOUGHT = _rx(
    r"\bwhat (?:did|do|were|are) you (?:think|thinking|expect|predict|imagine|fear)\b"
    r".{0,40}\b(?:happen|going on|mean|then|moment)\b",
    r"\bwhat (?:went|was going|goes) (?:through|thru) (?:your|ur) (?:mind|head)\b",
)
# "When it happened, what went through your mind?": an open question after a
# framing clause, which the annotator may code closed by its first word.
OPEN_AFTER_FRAME = _rx(
    r"^[^?]{3,80}?,\s*(?:and |so )?(?:what|how) (?!many\b|much\b|long\b|old\b|"
    r"often\b|sure\b)\w+[^?]*\?\s*$"
)
RATING = _cue(
    "0|ten|number|how strong|how much",
    r"\b0\s*(?:-|to|–)\s*100\b|\b(?:0|zero|1|one)\s*(?:-|to|–)\s*(?:10|ten)\b|"
    r"\bput a number on\b|\bhow strong\b|\bhow much do you believe\b",
)
HOMEWORK = _cue(
    "week|before|between",
    r"\b(?:this|next|the coming|over the) week\b|\bbefore (?:we meet|next time|our "
    r"next)\b|\bbetween (?:now and|sessions)\b",
)
