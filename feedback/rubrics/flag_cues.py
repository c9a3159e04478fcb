"""Stop 21 (2026.12-2): the three weakest flags' word classes in more of their forms.

Phrase data only (like `flag_forms`); `flags.py` decides with them. Each pattern is a
*class* of wording a student or patient uses, not a sentence from a corpus:

- indirect risk cues in the patient's line (RUBRICS.md: a risk cue the turn does not
  address): absence spoken of as the future ("I won't be around for that"), death or an
  accident welcomed ("if it happened, so be it"), not caring what happens, wanting it
  to stop, an act sketched ("step out in front of a bus"), being worth more gone, others
  more comfortable without one, doubting one wants to keep going, dead weight;
- what takes such a cue up besides safety words: saying one is concerned, reflecting the
  cue as a thought ("the thought that you're a burden"), asking whether they care if
  they live;
- leading questions in more forms: a negative question about anyone ("aren't people
  going to..."), a statement-question ("you don't think that's going to...?"), a
  verdict closed by ", right?", "is it though?", "do you really think", "have you
  considered that maybe..." (an interpretation offered as the
  answer, unlike "have you considered talking to her", which is advice), "what are the
  odds it's really...", "how would he feel if he knew...";
- advice forms that follow a disclosed feeling: "let's make a plan", "one tip:",
  "always ask for...", "why not suggest...", "it might be easier to ask...", "next time
  just...", and the feelings "fuming" / "it hurt" as disclosures.
"""

from __future__ import annotations

import re

from .lexicon import rx
from .prefilter import gated

__all__ = [
    "ADVICE_S21",
    "DISCLOSED_S21",
    "INTERPRETATION_OFFERED",
    "LEADING_S21",
    "RISK_ACK_S21",
    "RISK_CUE_S21",
]

# --- indirect risk cues (patient's last line) ------------------------------------------

RISK_CUE_S21 = gated(
    rx(
        # Absence spoken of as the future ("I won't be around to pay them", "not sure I'll
        # be around to need it"); "around on Friday / next week" is a diary, not a cue.
        r"(?:won'?t|will not|not sure i'?ll|don'?t know if i'?ll|doubt i'?ll|might not) "
        r"(?:even )?be (?:around|here)(?! (?:on|at|for (?:the|a|your|our|my)|next|this|"
        r"tomorrow|tonight|today|when|until|till|in (?:the|a) \w+ (?:time|minutes)))|"
        r"(?:won'?t|will not) be [^.?!]{0,30}\b(?:much|very) longer|"
        r"(?:won'?t|will not) be (?:using|needing|wanting) (?:it|them|that|those|any of "
        r"(?:it|them))(?: any ?more)?(?= *[.!,;]| *$)",
        # Death or an accident welcomed, or not caring about it.
        r"\bif (?:i|it|something|anything)\b[^.?!]{0,60}?,?\s*(?:so be it|at least "
        r"(?:it(?:'d| would) (?:all )?be over|i(?:'d| would) (?:get some )?(?:rest|peace))|"
        r"(?:that|it)(?:'d| would) (?:be )?(?:alright|all right|ok|okay|fine|a relief|"
        r"over))|(?:wouldn'?t|would not) be the worst thing|"
        r"(?:don'?t|do not|didn'?t|wouldn'?t) (?:really |much |even |honestly )?(?:care|"
        r"mind) (?:if|whether|what) (?:\w+ ){0,3}happen(?:s|ed)?(?= *[.!,;]| *$| to me)|"
        r"(?:doesn'?t|does not|wouldn'?t) matter (?:much |really )?what happens to me|"
        r"if it happens,? it happens",
        # Wanting it all to stop or be over, or how easy stopping would be.
        r"how easy it(?:'d| would) be to (?:just )?(?:stop|end|go)|"
        r"(?:then|and) it(?:'d| would) (?:all )?(?:stop|be over)(?= *[.!,;]| *$)|"
        r"(?:stop|end) (?:all of it|it all|everything)(?= *[.!,;]| *$)|"
        r"want (?:it|this|everything) (?:all )?(?:to )?(?:be )?over(?= *[.!,;]| *$)",
        # An act sketched: stepping or driving into traffic, eyes shut at the wheel, the
        # car "round a tree", dealing with it oneself "before it got that far".
        r"(?:step|stepped|stepping|walk|walked|walking|drive|drove|driving|swerv\w*) "
        r"(?:out )?(?:in front of|into) (?:a|an|the|oncoming)\b|close my eyes\b[^.?!]{0,30}"
        r"\b(?:lights|wheel|driving|motorway|road)|wrap(?:ped)? (?:it|the car|myself) "
        r"(?:round|around) (?:a|the)|(?:sort|deal with|handle|take care of) it myself "
        r"before|take (?:matters|things) into my own hands",
        # Worth more gone; others better off or more comfortable if one were not there.
        r"worth more (?:to (?:them|her|him|everyone|my \w+) )?(?:that way|dead|gone|"
        r"without me)|(?:'d| would) (?:all |probably |honestly |really )*be (?:better off|"
        r"more comfortable|happier|relieved)(?= *[.!]| *$| if i| without me)|"
        r"if i (?:just )?(?:wasn'?t|weren'?t|was not) (?:there|here|around|in the picture)",
        # Doubting one wants to keep going; worthless and waiting.
        r"(?:(?:don'?t|do not) know|not sure|no idea) (?:how much longer|how long) i can (?:keep (?:going|doing "
        r"this)|go on|carry on|do this)|(?:don'?t|do not) know (?:if|whether) i (?:even |"
        r"really )?want to(?: (?:keep going|go on|carry on|be here))?(?= *[.!,;]| *$)|"
        r"dead weight|what am i (?:even |really )?(?:for|here for)\b|"
        r"(?:i'?m|i am) just waiting(?:,? really)?(?= *[.!]| *$)",
        # Things given away with more words between "my" and "to" ("my fishing gear to").
        r"(?:gave|given|giving) (?:away )?my (?:\w+ ){1,4}(?:to|away)\b",
    )
)

# What takes an indirect cue up without safety words: concern said outright, the cue
# reflected as a thought, or a question whether they care if they live.
RISK_ACK_S21 = gated(
    rx(
        r"\bi'?m (?:really |a bit |quite |genuinely |so |a little )?(?:concerned|worried) "
        r"(?:about you|for you|about (?:what|that|how|your)|when|hearing|by)|"
        r"(?:that|this|it) (?:sounds|is|seems) (?:really |quite |pretty )?(?:dangerous|"
        r"worrying|concerning|frightening)|"
        r"(?:thought|sense|idea|belief|feeling) (?:that )?(?:you'?re|you are|you'?ve "
        r"become) (?:a |just |such a )?(?:burden|dead weight|in the way)|"
        r"(?:care|caring) (?:if|whether) you (?:live|die|survive|make it|wake up)|"
        r"(?:if|whether) you (?:live|die)\b",
    )
)

# --- leading questions -----------------------------------------------------------------

LEADING_S21 = gated(
    rx(
        # a negative question about anyone ("but aren't people going to judge you more?")
        r"(?:^|[,;]\s*|\b(?:so|but|and|then|though)\s+)(?:isn'?t|aren'?t|won'?t|wouldn'?t|"
        r"doesn'?t|don'?t) (?:people|everyone|anyone|others|most people|your \w+)\b|"
        # a statement asked as a question ("you don't think that's going to catch up?")
        r"\byou (?:don'?t|do not) (?:think|reckon|believe|feel) (?:that|it|this|they|he|"
        r"she|there)\b",
        # the counsellor's verdict closed by "right?" / "yeah?"
        # (`rx` closes on a word boundary, so the "?" is a lookahead)
        r"(?:probably|obviously|clearly|definitely|of course|not really|never|actually|"
        r"you know|(?<=n')t really)\b[^?]{0,80}[,\-–—]\s*(?:right|yeah|yes|no|ok|okay)"
        r"(?=\s*\?)",
        r"(?:is|was|are|does|do|did|would) (?:it|that|they|he|she|you) (?:though|really)"
        r"(?=\s*\?)",
        r"\b(?:do|would|can|could) you (?:honestly |really |actually |seriously )+(?:think|"
        r"believe|reckon|expect)\b",
        r"\b(?:odds|chances|likely)\b[^?]{0,60}\breally\b",
        r"\bhow (?:do you think |would |might )?(?:he|she|they|your \w+|[A-Z][a-z]+)"
        r"(?:'d| would| might)? feel if (?:he|she|they) (?:knew|found out|saw|heard)",
    )
)
# An interpretation offered as the answer ("have you considered that maybe they
# assumed...", "isn't it possible that..."): leading, and not advice.
INTERPRETATION_OFFERED = gated(
    rx(
        r"\b(?:have you (?:ever )?(?:considered|thought|wondered)|did you (?:ever )?"
        r"(?:consider|think)|(?:isn'?t|is) it possible) (?:that|whether|if)\s+(?:maybe |"
        r"perhaps |just )?(?:they|he|she|it|people|you|we|there|\w+ (?:was|were|is|are|"
        r"had|has|might|may|could|would))\b",
    )
)

# --- premature problem solving ---------------------------------------------------------

ADVICE_S21 = gated(
    rx(
        r"\blet'?s (?:make|set up|do|try|write|draw up|put together|plan|get you|sort)\b",
        r"\b(?:one|a|my|quick|little) (?:tip|suggestion|trick)\b|\bone thing (?:that )?"
        r"(?:helps|works|we could do|you could do|to try)\b",
        r"(?:^|[.!]\s+)(?:always|never|just) (?:ask|try|go|make|tell|say|do|get|keep|"
        r"call|ring|write|book|take|send|set)\b",
        r"\bwhy not (?:just )?(?:suggest|try|ask|tell|go|get|make|call|ring|book|set|say|"
        r"write|send|have)\b",
        r"\bit (?:might|may|would|could) be (?:easier|better|worth|good|a good idea) "
        r"(?:to|if you) (?:just )?(?:ask|try|get|go|call|ring|talk|box|write|make|book|set|"
        r"tell|put|join|start)\b",
        r"\bnext time,? (?:just |maybe |try (?:to )?)?(?:go|try|say|ask|tell|take|leave|"
        r"call|ring|bring|do)\b",
        r"\bhave you (?:asked|spoken to|talked to|contacted|rung|emailed) (?:\w+ ){0,2}"
        r"(?:for|about) (?:a|an|some)\b|\b(?:has|have) (?:\w+ ){1,3}mentioned (?:\w+ )?"
        r"options\b",
    )
)
# Disclosed feelings the lexicon does not read as such.
DISCLOSED_S21 = gated(
    re.compile(
        r"\b(?:i'?m|i am|i was|i feel|i felt) (?:so |really |absolutely |just )?(?:fuming|"
        r"livid|gutted|humiliated|crushed|mortified)\b|\b(?:it|that|this) (?:really )?"
        r"(?:hurt|hurts|stung|stings)\b",
        re.IGNORECASE,
    )
)
