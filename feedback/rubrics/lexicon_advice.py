"""Persuasion, affirmation and confrontation in the forms trainees actually type
(rubric 2026.11-9).

Written from the MITI 4.2.1 definitions (RUBRICS.md §1.1), not from any dataset's
strings. The classes:

- Persuade is "an overt attempt to change the client's opinion, attitude or
  behaviour, by logic, compelling argument ... or unsolicited advice". Trainees seldom
  write "you should": they put the advice in a question ("could Ed take the baby for
  an afternoon?", "have you sat down and made a budget?"), in a wish ("I'd love for
  you to try..."), in what they would do ("I'd just send him a text"), in an imperative
  after a time clause ("next time it happens, try saying..."), in a claim that a
  behaviour works ("writing it down really helps"), or they argue the patient out of
  a belief with a question whose answer is built in ("would someone who didn't care
  ring your mum for the recipe?", "people don't keep inviting someone boring, do
  they?", "isn't it more likely she was exhausted?").
- Affirm is "something positive about the client's strengths, efforts, intentions":
  also said as a verdict on what the client did ("that's a really sensible way to
  protect yourself", "keeping records is smart", "your mum is lucky to have you").
- Confront also covers "questions ... that carry disapproval": a question asking how
  a behaviour could possibly help, or turning the tables on the patient.
"""

from __future__ import annotations

import re

from .lexicon_moves import GatedPattern

# --- advice in statement form -------------------------------------------------------

_ACTION = (
    r"(?:try|write|leave|go|take|give|tell|ask|call|ring|text|send|book|cancel|sit|"
    r"make|set|put|get|keep|stop|start|say|let|drop|skip|spend|plan|schedule|list|"
    r"message|email|phone|talk|speak|reach|join|walk|turn|switch|mute|block|delete|"
    r"cut|limit|swap|pick|jot|note|move|save|draft|wait|sleep|eat|drink|rest|breathe)"
)


class AnyOf:
    """Several gated patterns read as one: `search` answers with the first match.

    A part whose words are rare carries a gate (see `lexicon_moves.GatedPattern`), so
    a sentence pays for it only when such a word is in it; a part anchored at the
    start, or whose words are common, is a plain pattern (a gate would cost more
    than it saves).
    """

    __slots__ = ("parts",)

    def __init__(self, *parts: GatedPattern | re.Pattern[str]) -> None:
        self.parts = parts

    def search(self, text: str) -> re.Match[str] | None:
        for part in self.parts:
            found = part.search(text)
            if found:
                return found
        return None


def _gated(pattern: str, words: str) -> GatedPattern:
    return GatedPattern(re.compile(pattern, re.IGNORECASE), words)


def _plain(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# Advice framed as worth, as good for the client, as what a thing will do for them,
# as "the trick", as what the counsellor would say, or as a wondering: "it's worth
# thinking about cutting down", "it'd be good for you to get out more", "a hot bath
# can work wonders", "maybe an early night would do you good", "the trick is to
# start small", "I'd say give it a week", "wouldn't hurt to ask", "I wonder if a
# short walk might help". Shared by statements and questions.
_WORTH_AND_GOOD = (
    r"(?:^|(?<!whether )(?<!if )\b(?:it'?s|it is|it'?d be|it would be|it might be|it "
    r"could be|might be|could be|would be|probably|definitely|maybe|surely|be|well|"
    r"really) )worth (?!(?:noting|mentioning|saying|pointing|remembering|knowing|"
    r"it\b))"
    r"(?:\w+ing|a (?:try|go|shot|look|chat|call|ring))\b"
    r"|(?<!is )(?<!was )\b(?:it|that)(?:'d| would| could| might| may|'s| is)? "
    r"(?:probably |really |"
    r"maybe |definitely |also )?(?:be )?(?:good|helpful|useful|wise|smart|sensible|a "
    r"good idea|an idea|worthwhile) (?:for you )?to (?!(?:hear|see|meet|know|talk to "
    r"you|have you)\b)"
    r"|\b(?:might|could|would) be an idea to\b"
    r"|\b(?:it|that)'d (?:\w+ly |really |maybe )?(?:help|be (?:helpful|worth))\b"
    r"|^(?:maybe|perhaps) (?:a|an|some|just a) [^.?!]{1,40}\b(?:would|could|might|"
    r"will) (?:help|do you good|be good|make|clear|give you|take)"
    r"|(?<!what )(?<!which )(?<!how )\b(?:can|could|will|would|might|may|does|do|"
    r"really) (?:really |honestly |"
    r"actually )?(?:work wonders|do you (?:the world of |a (?:lot|world) of )?good|"
    r"lift your (?:mood|spirits)|clear your head|make you feel (?:a (?:lot|bit) )?"
    r"better|help (?:a lot|loads|massively|so much))\b"
    r"|\bswear by\b"
    r"|\bwhat (?:you|i'?d|i would) (?:could|might|should|can|need to|want to)? ?"
    r"(?:do|try)(?: next)? is\b"
    r"|\bthe (?:trick|key|secret|thing to do) (?:is|would be) (?:to|just)\b"
    r"|\bi'?d say (?:just )?(?:give|try|go|take|leave|ask|tell|wait|book|ring|call|"
    r"talk)\b"
    r"|\b(?:wouldn'?t|won'?t|can'?t|doesn'?t) hurt to\b"
    r"|\bany chance you could\b"
    r"|\bi wonder if (?:a|an|some|maybe|\w+ing)\b[^?]{0,40}\b(?:might|could|would) "
    r"help"
)
WORTH_AND_GOOD = GatedPattern(
    re.compile(_WORTH_AND_GOOD, re.IGNORECASE),
    r"worth|it|that|might|could|would|maybe|perhaps|can|will|may|does|do|really|"
    r"swear|what|the|i'?d|wouldn|won|can|doesn|any|i wonder",
)

ADVICE_STATEMENT = AnyOf(
    WORTH_AND_GOOD,
    # An imperative opening a clause after a comma or "then" ("next time it happens,
    # try just saying...", "before you send it, write it and leave it overnight").
    _plain(
        r"(?:^|[,;:]\s*|\b(?:then|and then|first|instead)\s+)(?:just |maybe |perhaps |"
        r"really |definitely |also |first |instead |honestly )*(?:try (?:just |maybe )?"
        r"\w+ing|write (?:it|them|down|a|an|out)|leave (?:it|them) (?:in|for|until|till|"
        r"overnight|a)|take (?:a (?:break|walk|step|day|minute|moment)|some time|time "
        r"off)|give (?:it|yourself|him|her|them) (?:a|some|time)|(?:tell|ask) (?:him|her|"
        r"them|your)|(?:call|ring|text|phone|email|message) (?:him|her|them|your|the)|"
        r"send (?:him|her|them|your|a|an)|book (?:a|an|in|yourself|the|one|it|something)|cancel (?:the|"
        r"it|your)|make (?:sure|time|a (?:list|plan|note))|set (?:a|an|up|aside|"
        r"yourself)|keep (?:a (?:diary|list|note|record|journal)|track)|say no|"
        r"start (?:small|with|by))\b",
    ),
    # "Try getting up and going for a walk": try with a gerund is advice whoever
    # is not its subject ("when you try talking to her" is a reflection).
    _gated(
        r"(?<!you )(?<!i )(?<!we )(?<!they )(?<!he )(?<!she )\btry (?:just |maybe |"
        r"and |to )?(?!being honest)\w+ing\b",
        r"try",
    ),
    # What the counsellor would do, and wishes for what the client will do.
    _gated(
        r"\bi(?:'?d| would) (?:\w+ly |really |just |definitely |probably |gently )+"
        r"(?:encourage|suggest|recommend|advise|urge)\b"
        r"|\bi(?:'?d| would) (?:just |probably |personally |honestly |definitely )?"
        r"(?:send|cancel|book|drop|skip|leave it|put it|let (?:him|her|them|it)|"
        r"start (?:with|by|small)|go (?:back|for|with))\b"
        r"|\bi'd just (?!(?:like|love|want|say|be|feel|hate|imagine|guess|"
        r"think|wonder|add|mention|check|point|note|remind|need|have)\b)"
        + _ACTION
        + r"\b|\bi(?:'?d| would) (?:really |so )?(?:love|like) (?:for )?you to "
        r"(?!(?:tell|share|say|talk|describe|explain|know|feel|hear|think)\b)\w+"
        r"|\bi (?:really )?(?:want|hope) you(?:'ll| will| to| can)? (?:try|give|take|"
        r"make|start|go|book|ring|call|reach|get|see a|talk to)\b",
        r"i'd|i would|i want|i hope|i really",
    ),
    # A behaviour said to work or to be the smart move ("writing it down really
    # helps", "checking is probably the smart move"); not when negated.
    _gated(
        r"(?:^|[,;]\s*|\b(?:sometimes|often|honestly|and|because|cos|plus|just|that) )"
        r"(?!(?:nothing|something|anything|everything|thing|feeling|being|having|"
        r"thinking|worrying|morning|evening|during|ring|king|spring|going through)\b)"
        r"[a-z]+ing\b(?:(?!\b(?:not|never|no|doesn'?t|don'?t|won'?t|isn'?t|didn'?t|"
        r"can'?t|hardly)\b)[^.?!,;]){0,50}?\b(?:really |actually |often |usually |"
        r"genuinely |honestly |probably |definitely )?(?:can |will |might |could |does "
        r"|would )?(?:(?:really |actually )?helps?\b(?! me\b)(?! (?:you )?(?:see|understand|"
        r"make sense))|works? (?:wonders|really well|for (?:a lot|lots|loads|many))|"
        r"makes? (?:a|all the|such a) (?:big |huge |real )?difference|takes? the "
        r"(?:\w+ )?(?:\w+ )?(?:out of|off)\b|is (?:probably |really |often |honestly )?"
        r"(?:the|a) (?:smart|sensible|best|right|wise|safest) (?:move|thing|idea|call|"
        r"option|bet|way))",
        r"help|work|make|take|smart|sensible|best|right|wise|safest",
    ),
    _gated(
        r"\b(?:it'?s |much |way |far )?better to \w+ (?:\w+ ){0,5}?than\b", "better"
    ),
    # A bare verb after a time or condition clause ("when you can't sleep, get up and
    # read"; "if it happens again, call me").
    _plain(
        r"^(?:so |and )?(?:when|whenever|if|next time|before|after|once|as soon as)\b"
        r"[^,.?!]{3,60},\s*(?:just |maybe |then |try and )?(?!(?:you|i|it|that|this|"
        r"there|we|they|he|she|what|how|why|is|are|was|were|do|does|did|can|could|"
        r"would|will|should|your|my|his|her|their|our|the|a|an|mum|mom|dad|everything|"
        r"nothing|someone|people)\b)[a-z]+(?<!ing)(?<!ed)(?<!ly)(?<!s) (?:up|out|off|"
        r"down|back|over|it|them|him|her|me|the|a|an|your|yourself|some|and|for|with)\b",
    ),
    # "A good first step could be...", "your health has to come first", "one thing
    # people find useful is...", "something that helps a lot of people is...".
    _plain(
        r"\b(?:a|one|the) (?:good |useful |helpful |great |small |first |simple |"
        r"possible )+(?:idea|thing|option|step|start|place to start) (?:would be|might "
        r"be|could be|is|to try)\b"
        r"|\b(?:has|have|needs?) to (?:come first|be (?:your|a|the) (?:top |first )?"
        r"priority)"
        r"|\b(?:one|a) (?:thing|approach|strategy|trick|technique|idea) (?:that )?(?:a "
        r"lot of |many |some |loads of |lots of )?(?:people|others|folks|parents|"
        r"students|carers) (?:find|found|use|say|swear by|like)"
        r"|\bsomething (?:that )?(?:often |really |usually )?(?:helps|works) (?:for )?"
        r"(?:a lot of |many |some |loads of |lots of )?(?:people|others|folks)"
        r"|\bwhat (?:a lot of|many|some|most|loads of|lots of) (?:people|others|folks|"
        r"parents|students|carers) (?:find|do) (?:helpful |useful )?is\b",
    ),
)

# "Just cancel it and go", "maybe ring her tonight": a sentence that opens with a bare
# verb after a softener. The verb must be followed by an object or particle, and the
# word after the softener must not be a pronoun, determiner or a frame ("just
# wondering", "maybe that's why").
SOFT_IMPERATIVE = re.compile(
    r"^(?:just|maybe|perhaps|honestly|seriously|definitely|so just|and just) "
    r"(?!(?:a|an|the|to|so|like|because|that|this|these|those|i|i'm|i'd|you|you'?re|"
    r"your|we|it|it'?s|he|she|they|my|his|her|their|our|there|what|when|how|why|if|"
    r"as|in|on|at|for|of|with|not|no|one|some|then|now|another|something|someone|"
    r"anything|nothing|yes|yeah|ok|okay|really|sounds|seems|feels|looks|wanted|trying|"
    r"been|being|was|were|is|are|out|because|all|both|each|every|everyone|me|him|"
    r"thought|wondering|checking|curious|thinking|saying|mean|means|need|needs|"
    r"after|before|since|until|about|from|by|like|though|maybe|even|still|just|also|"
    r"only|probably|kind|sort|more|less|most|much|very|pretty|quite|too|here|that'?s|"
    r""
    r"want|wants|had|has|have|did|does|do|can|could|would|will|should|might|must)\b)"
    r"[a-z]+(?<!ing)(?<!ed)(?<!ly) (?:it|them|him|her|the|a|an|your|yourself|some|up|out|off|"
    r"down|back|over|with|for)\b",
    re.IGNORECASE,
)

# --- advice in question form ----------------------------------------------------------

SUGGEST_QUESTION = re.compile(
    # Someone else doing something for the patient ("could Ed do a batch cook?").
    r"(?:^|[,;]\s*|\b(?:so|and|but|or|maybe|perhaps)\s+)(?:could|can) (?!you\b|i\b|"
    r"it\b|that\b|this\b|there\b|we\b|one\b|anything\b|something\b|what\b|anyone\b|"
    r"anybody\b|[a-z]+ly\b)"
    r"(?:your \w+|[a-z]+) (?:maybe |perhaps |just |not |possibly )?(?:do|take|come|help|look after|babysit|pick|cook|give|cover|watch|"
    r"mind|drive|step in|sit with|stay|lend|share)\b"
    # "Could you (maybe) <do>?" with any action, not a request to tell more.
    r"|\bcould you (?:both |two |guys |all )?(?:maybe |perhaps |just |not |"
    r"possibly )?(?!(?:tell|say|describe|"
    r"explain|help me|walk me|give me|expand|elaborate|imagine|picture|think|"
    r"remember|recall|see|feel|be|have|share|talk|put (?:that|it|into)|clarify|"
    r"say|mean|explain|notice|sense|hear|understand|bear|go back to when|tolerate|"
    r"live|manage|cope|know|name|rate|pin|identify)\b)(?:set up|make|write|go|send|"
    r"leave|take|put|get|book|join|plan|let|use|keep|cut|stop|start|sit down|"
    r"batch|ask|ring|text|call|phone|email|message|try|move|switch|turn|swap|drop|"
    r"skip|pick|bring|invite|arrange|find|look|reach|speak|say no)\b"
    r"|(?<!what )(?<!which )(?<!who )\bhave you (?:maybe |already )?(?:sat down (?:and|to|with)|made (?:a|an) "
    r"(?:list|plan|budget|appointment)|written (?:it|them|down|a)|set up|booked|"
    r"been to see|got in touch|let (?:him|her|them) know|had a word|gone (?:to|back)|"
    r"thought (?:about|of) (?:maybe |just )?(?!(?:ending|killing|hurting|harming|"
    r"taking your|not being|dying|leaving this)\b)\w+ing)\b"
    # 2026.11-10: a course of action put as a supposition ("what if you practised it
    # out loud the night before?"); a feared event ("what if you failed?") is not one.
    r"|\bwhat if you (?:just |maybe |perhaps |were to )?(?:tried|practi[sc]ed|went|gave|"
    r"told|asked|wrote|spoke|talked|took|rang|called|texted|sent|started|joined|"
    r"booked|volunteered|planned|set|brought|let|put|had a (?:chat|word|go))\b"
    r"|\bare you (?:getting|drinking|eating|taking|having|doing) enough\b"
    r"|\benough (?:water|sleep|rest|breaks|food|exercise|fresh air)\b"
    r"|\bdo you think (?:maybe |perhaps )?[a-z]+ing\b[^?]{0,60}\b(?:could|might|"
    r"would|will) (?:be|help|make)\b"
    # Stop 21: "would it help to talk about / pick / go through...?" proposes where
    # the conversation goes (agenda, Seek Collaboration), not a remedy.
    r"|\b(?:might|could|would) it help (?:to(?! (?:talk|pick|start|focus|go (?:through|"
    r"over)|think (?:\w+ )?through)\b)|if you)\b"
    r"|\b(?:would|might|could|is|isn'?t) it (?:be )?worth (?:\w+ing|a (?:try|go|"
    r"shot)|it to)\b"
    # "Why not have a chat with her?"; not "why not the other way round?".
    r"|\bwhy not (?:just |maybe )?(?:have a (?:chat|word|go|break|rest|look|think|"
    r"bath|nap|walk)|let (?:him|her|them|yourself)|see (?:a|your|the|if)|put|send|"
    r"message|email|phone|leave|say)\b",
    re.IGNORECASE,
)

# --- persuading by argument: questions whose answer is built in ----------------------

ARGUE_QUESTION = re.compile(
    r"\bsurely\b"
    # A negative question in mid-sentence ("..., isn't it more likely she was just
    # exhausted?"); at the start LEADING_Q reads it.
    r"|(?:[,;]\s*|\b(?:so|and|but|then)\s+)(?:isn'?t|wasn'?t|wouldn'?t|doesn'?t|"
    r"aren'?t|shouldn'?t|won'?t) (?:it|that|this|there|he|she|they)\b"
    r"|^(?:but |so |and )?wouldn'?t [a-z]+ (?:want|like|be|say|tell)\b"
    # A counter-claim closed with a tag ("people don't keep asking someone boring,
    # do they?", "they obviously haven't forgotten you, have they?").
    r"|\b(?:people|someone|somebody|anyone|anybody|nobody|no one|they|he|she)\b[^?]{0,60}"
    r"\b(?:don'?t|doesn'?t|didn'?t|haven'?t|hasn'?t|isn'?t|aren'?t|wasn'?t|won'?t|"
    r"wouldn'?t|never)\b[^?]{0,60}\b(?:do|does|did|have|has|is|are|was|would|will)"
    r" (?:they|he|she|it|you)\W*$"
    r"|\b(?:obviously|clearly|probably|actually) [^?]{0,60}\b(?:right|have they|"
    r"do they|did they|is it|are they|isn'?t it)\W*$"
    r"|\bwould you (?:really|honestly) (?:call|say|describe|think)\b"
    r"|^(?:but |so |and )?(?:is|was|are|were|does|would|will) (?:\w+ ){1,6}?"
    r"(?:really|actually) (?:helping|help|worth|easier|better|necessary|true|likely|"
    r"that bad|so bad)\b"
    r"|\bhow (?:could|would|were|was|can) you (?:possibly |have )?(?:have )?"
    r"(?:known|been (?:expected|supposed) to know|predicted|seen it coming)\b"
    r"|\bwhat'?s (?:really )?stopping you (?:from )?(?:just |doing )?[^?]{0,30}"
    r"(?:the same|exactly|too|as well)\b"
    r"|^(?:but |so |and )?would (?:someone|somebody|anyone|a [a-z]+|an [a-z]+) "
    r"(?:who|that)\b"
    r"|^(?:but |so |and )?would you (?:think|call|judge|blame)\b[^?]{0,60}\bif (?:he|she|they|a "
    r"friend|your)\b",
    re.IGNORECASE,
)

# --- confrontation in question form --------------------------------------------------

CONFRONT_QUESTION = re.compile(
    r"\bhow (?:is|are|was|will|would) (?:\w+ ){0,6}(?:going to|gonna) help\b"
    r"|\bhow would you feel if (?!you\b|i\b)[a-z]+ (?:\w+ )?(?:went|did|said|read|"
    r"looked|treated|spoke|talked|checked|shouted|lied|cheated|ignored|left)\b"
    r"|\bcame across\b[^?]{0,40}\b(?:aggressive|rude|harsh|hostile|angry|cold|"
    r"passive|mean|unkind|hurtful)",
    re.IGNORECASE,
)

# --- affirmation as a verdict on what the client did or is ----------------------------

AFFIRM_VERDICT = re.compile(
    r"\b(?:that'?s|that is|that was|it'?s|it is|it was|this is|sounds like) (?:a |an )?"
    r"(?:really |very |so |such an? |pretty |quite |incredibly |genuinely |actually |"
    r"honestly )*(?:smart|sensible|clever|wise|brave|honest|mature|healthy|"
    r"thoughtful|caring|kind|resourceful|practical|responsible|good|great|positive|"
    r"safe|safest) (?:thing|move|way|call|idea|choice|decision|step|workaround|"
    r"instinct|approach|strategy|plan|thing to (?:do|admit|say|notice))\b"
    r"|\b[a-z]+ing (?:\w+ ){0,3}(?:is|was) (?:really |pretty |very |so |actually |"
    r"honestly )?(?:smart|sensible|clever|wise|brave|the (?:safest|smartest|right|"
    r"best|sensible) thing)\b"
    r"|\b(?:lucky|fortunate) to have you\b|\ba (?:real )?credit to you\b"
    r"|\b(?:thanks|thank you) (?:so much )?for (?:being (?:so )?(?:honest|open)|"
    r"trusting me)\b"
    r"|\bexactly (?:the )?right (?:thing )?to\b"
    r"|\bwhat makes you (?:so )?(?:good|great|brilliant|strong)\b"
    r"|\b(?:a|such a|so) (?:very )?(?:mum|mom|dad|parent|caring|loving|kind) thing "
    r"to do\b"
    r"|\b(?:it'?s|that'?s) (?:so |really )?(?:great|brilliant|lovely|amazing|"
    r"wonderful) (?:that )?(?:you|he|she|they)(?:'re|'ve| are| have| did| were| "
    r"is|'s)\b"
    r"|\bhow (?:devoted|committed|dedicated|caring|loving|brave|strong|hard[- ]"
    r"working|determined) you (?:are|were|have been)\b",
    re.IGNORECASE,
)

# --- what a sentence is when the fallbacks would call it information or a mirror ------

# "I guess there's some relief in that too", "I imagine part of you was furious": a
# tentative inference about the client is a complex reflection, not the trainee's
# own information, although it opens in the first person.
HEDGED_INFERENCE = re.compile(
    r"^(?:and |but |so )?(?:i (?:guess|imagine|bet|suspect|wonder if)|i'?d (?:imagine|"
    r"guess)) (?:that )?(?:there'?s (?:some|a|an|probably|maybe|also)|(?:some |a )?"
    r"part of you|you(?:'re|'ve|'d| are| were| have| might| must| feel| felt)?\b|it "
    r"(?:must|might|could) (?:have )?(?:be|been|feel|felt))",
    re.IGNORECASE,
)
# The trainee's own role or reaction: "as a parent I totally get it", "I'd be angry
# too" (MITI/ESConv self-disclosure: the counsellor tells something of themself).
OWN_ROLE = re.compile(
    r"\bas a (?:parent|mum|mom|dad|mother|father|carer|student|daughter|son|woman|man|"
    r"new mum|new parent)(?: myself)?,? i\b"
    r"|^(?:honestly,? |tbh,? )?i(?:'?d| would) (?:\w+ )?(?:be|feel|have been|have felt) "
    r"(?:\w+ ){0,2}(?:too|as well)\W*$",
    re.IGNORECASE,
)
# A short exclamation of the patient's own facts against their conclusion ("You got
# an A* though!", "Three invites though!").
COUNTER_EVIDENCE = re.compile(r"^[^.?!]{2,60}\bthough\s*!+\W*$", re.IGNORECASE)

# --- collaboration: the patient chooses the direction ----------------------------------

# A question that offers the patient the choice of where to go next ("would it be ok
# to look at what happened, or would you rather stay with how it felt?") or invites
# planning together ("want to plan what you'd say?"): MITI Seek Collaboration. An
# offered choice is not advice. ("Can I ask, ...?" before a question stays a plain
# question: the project's labeller A does not code it Seek, goldD's labeller does.)
OFFERS_CHOICE = re.compile(
    r"\bor (?:would|do) you (?:rather|prefer)\b|\bor is it more (?:that|about|like)\b"
    r"|\bor (?:shall|should) we\b|\bor (?:do you )?(?:want|need) (?:to|me to) (?:just )?"
    r"(?:stay|keep|talk|vent|get it)\b",
    re.IGNORECASE,
)
SEEK_LEAVE = re.compile(
    r"\b(?:do you )?want to (?:plan|think through|look at|work out|go through|figure "
    r"out|talk through) (?:what|how|some|a|the|it|this|that)\b",
    re.IGNORECASE,
)
# "That sounds like such a heavy thought to carry", "the garden sounds like it was a
# big part of his life": the listener's reading of what the patient said, with a
# subject before the stem that REFLECTION_STEM (which wants the stem first) misses.
SUBJECT_STEM = re.compile(
    r"^(?:and |so |but |oh,? |wow,? )?(?:that|this|which|the \w+|your \w+|all (?:of )?"
    r"that|all this) (?:(?:really|honestly|just) )?(?:sounds|seems|sounded|seemed|"
    r"must (?:be|have been|feel|have felt))\b",
    re.IGNORECASE,
)
# The trainee's own past told as a story ("when I was at uni I'd just sit in my
# room", "back then I used to..."): self-disclosure, whatever advice-like verbs it has.
OWN_PAST = re.compile(
    r"\b(?:when i was|when i had|i used to|back when|back then|at the time|at that "
    r"time|years ago|as a (?:kid|child|teenager)|i remember|when my)\b",
    re.IGNORECASE,
)
