"""Confrontation in everyday forms (rubric 2026.11-10), beside `lexicon_moves`'s lists.

MITI's Confront: the counsellor "disagrees, argues, corrects, shames, blames,
criticises, labels, moralises, ridicules or questions honesty" (RUBRICS.md §1.1).
A blind labeller found main recognising about one confrontation in six: the earlier
lists hold fixed phrases ("face the facts", "that's an excuse"), while students
confront with a judging word put on the client's act or view ("quitting would be a
stupid move", "that's a pretty negative way to look at it"), by disputing the account
("that doesn't sound right to me", "is that really what happened?"), by putting the
blame back ("maybe the problem is you"), by moralising ("you should know better") and
by telling the client to stop a feeling ("stop whining", "get over it"). Each class
below is written from that definition, one alternative per everyday construction,
and none from a labelled item. Negated forms ("you're not stupid", "it's not silly
to...") reassure; `NOT_JUDGING` keeps them out.
"""

from __future__ import annotations

import re

from .lexicon_moves import GatedPattern

_SOFT = (
    r"(?:(?:a |so |really |very |pretty |quite |rather |a bit |a little |kind of |"
    r"kinda |bit |just |totally |completely |such an? |an? )+)?"
)
# Words that judge a person's act, thought or attitude (not what befell them:
# "awful", "unfair", "horrible" describe the client's plight and are sympathy).
_JUDGING = (
    r"(?:stupid|silly|ridiculous|daft|dumb|foolish|lazy|pathetic|childish|immature|"
    r"selfish|petty|naive|na\u00efve|unreasonable|irrational|illogical|dramatic|"
    r"melodramatic|over the top|ott|extreme|excessive|an overreaction|overreacting|"
    r"negative|defeatist|self[- ]pitying|self[- ]indulgent|self[- ]centred|"
    r"self[- ]centered|entitled|spoilt|spoiled|weak|cowardly|a cop[- ]out|"
    r"nonsense|rubbish|a mistake|a bad idea|a terrible idea|a stupid idea|"
    r"a poor choice|a bad choice|wrong of you|unfair of you|rude of you|unrealistic|"
    r"old[- ]fashioned|outdated|unhealthy)"
    # Said of a situation these words describe it, not the client ("extreme stress",
    # "a stupid rule"): the judgement must end the clause or fall on a move or view.
    r"(?=\s*(?:$|[,.!;:?\-\u2013\u2014]|though\b|tho\b|really\b|honestly\b|to\b|of "
    r"you\b|if\b|and\b|but\b|(?:thing|move|idea|choice|decision|way|attitude|plan|"
    r"reaction|expectation|standard|view|belief)s?\b))"
)
# What the judgement falls on: the client's act, idea or view (a gerund, "that",
# "it", "your attitude", "that way of thinking", "that move").
_TARGET = (
    r"(?:that|this|it|which|your (?:attitude|thinking|reaction|response|plan|idea|"
    r"behaviou?r|mindset|logic|outlook)|(?:that|this|the|your) (?:way of (?:thinking|"
    r"looking at (?:it|things))|way to (?:think|look at (?:it|things))|attitude|"
    r"move|idea|plan|reaction|thinking|approach|outlook|mindset|excuse)|"
    r"(?!(?:every|no|some|any)thing\b)\w+ing(?: \w+){0,4})"
)

_CONFRONT_EVERYDAY = re.compile(
    r"\b(?:"
    # Criticising or labelling the client's act or view.
    + _TARGET
    + r"(?:'s| is| was| would be| will be| seems| sounds)(?: like)? "
    + _SOFT
    + _JUDGING
    + r"|you(?:'re| are)(?: being)? "
    + _SOFT
    + _JUDGING
    + r"|(?:quite|pretty|very|really|a bit of) (?:a |an )?(?:negative|pessimistic|"
    r"black[- ]and[- ]white|defeatist|one[- ]sided|lazy|harsh) (?:way|view|take|"
    r"attitude|outlook|approach)"
    # Disputing the client's account or questioning their honesty.
    r"|(?:that|this|it) (?:doesn'?t|does not|didn'?t) (?:sound|seem|ring) "
    r"(?:right|true|fair|accurate|likely|quite right)"
    r"|i(?:'m| am) not (?:sure|convinced) (?:that'?s|that is|it'?s|it is|that) "
    r"(?:true|right|fair|accurate|the (?:whole )?(?:story|truth)|what happened)"
    r"|i (?:don'?t|do not) (?:buy|believe) (?:that|it|you)\b"
    r"|is (?:that|this) (?:really|actually|honestly) (?:what happened|true|how it "
    r"(?:happened|went)|fair|the (?:whole )?(?:story|truth))"
    r"|are you (?:sure|certain) (?:you(?:'re| are) not|it wasn'?t|that wasn'?t|"
    r"you (?:didn'?t|haven'?t|aren'?t))"
    r"|are you (?:being )?(?:completely |totally |really |fully )?honest\b"
    r"|(?:^\W*(?:but |come on,? |now,? )?|you (?:need|have|ought|got) to (?:just )?)be "
    r"honest with (?:yourself|me)\b"
    r"|you (?:always|keep) say(?:ing)? (?:that|this)"
    r"|you(?:'re| are) making (?:it|this|that|things) (?:sound |out to be |seem )?"
    r"(?:worse|bigger|a bigger deal|harder|more complicated)"
    r"|(?:blowing|blown|blow) (?:it|this|that|things) (?:way |a bit |all |completely )?"
    r"out of proportion"
    r"|(?:just )?looking for (?:an|any) excuse"
    # The client's behaviour said not to work ("drinking every night isn't going to
    # get you a job", "that's only going to make things worse") and sarcasm about it
    # ("because checking it again has worked so well for you").
    r"|(?:that|this|it|(?!(?:every|no|some|any)thing\b)\w+ing(?: \w+){0,4}) "
    r"(?:isn'?t|is not|won'?t|will not|'s not|is never) (?:really |exactly |ever )?"
    r"(?:going to|gonna) (?:help|get you|fix|solve|change|make (?:it|things|anything)"
    r" better|bring)"
    r"|(?:that|this|it|(?!(?:every|no|some|any)thing\b)\w+ing(?: \w+){0,4}) "
    r"(?:is|'s|will) (?:only|just) (?:going to |gonna )?(?:make|making) (?:it|things|"
    r"everything|this|that|matters) worse"
    r"|(?:has|have) (?:worked|gone|helped) (?:so|really|sooo+|super) well (?:for you|"
    r"so far|up to now)"
    r"|how'?s that (?:working|going) (?:out )?for you"
    # Correcting the client with their own record ("you said that last week too",
    # "you literally just said gary got a job") and the eye-roll of ridicule.
    r"|you (?:said|told me) (?:that|the same(?: thing)?|this) (?:last (?:week|time|"
    r"session)|before|yesterday)"
    r"|you (?:literally |actually |only )just said"
    r"|(?:making|makes?|made) you look (?:like (?:the problem|the bad guy|you'?re|"
    r"a)|bad|unreasonable|paranoid|petty|difficult|worse|guilty)"
    r"|eye ?roll"
    r"|(?:that|this|it|(?!(?:every|no|some|any)thing\b)\w+ing(?: \w+){0,4}) "
    r"(?:isn'?t|is not|'s not) (?:very |really |exactly )?(?:healthy|normal|realistic|"
    r"good for you)\b"
    r"|you(?:'re| are) (?:literally |just |only |actually )?making yourself (?:ill|"
    r"sick|worse|miserable|unwell)"
    r"|you can'?t just (?:go silent|give up|hide|run away|walk away|sit (?:there|"
    r"around|at home)|ignore|avoid|blame|expect|stay in bed|shut \w+ out)"
    # Putting the blame back on the client.
    r"|(?:you(?:'re| are)|you might be|you could be|maybe you(?:'re| are)) "
    r"(?:\w+ )?part of the problem"
    r"|(?:that'?s|it'?s|that is) (?:just |only |your )*(?:pride|ego|stubbornness|"
    r"laziness|self[- ]pity|excuses) talking"
    r"|you can'?t (?:just )?(?:keep|go on|carry on) (?:\w+ing|like this|like that)"
    r"|(?:at some point|sooner or later|eventually) you(?:'ve| have)? (?:got |have |"
    r"need |just )*(?:to )?(?:accept|face|admit|stop|let (?:it|this|that) go)"
    r"|(?:the )?(?:problem|issue|common denominator) (?:is|might be|could be|may be) "
    r"(?:you(?!['\u2019\w])|your (?:attitude|behaviou?r|drinking|temper|reaction)\b)"
    r"|(?:maybe|perhaps) (?:it'?s|it is) you(?!['\u2019\w])"
    r"|only (?:got|have) yourself to blame"
    r"|(?:you(?:'re| are)|you(?:'re| are) just|you(?:'re| are) not) "
    r"(?:helping|doing) yourself (?:any|no) favou?rs"
    r"|(?:you(?:'re| are) not|it'?s not|that'?s not|isn'?t) (?:really )?helping "
    r"(?:yourself|your case|matters)"
    # Moralising and shaming.
    r"|you (?:should|ought to) (?:\w+ )?(?:know better|be grateful|be ashamed|"
    r"be thankful|be more (?:grateful|careful|responsible|mature))"
    r"|you can'?t just \w+(?: \w+)? (?:every time|whenever|each time)"
    r"|(?:^\W*(?:just |come on,? |honestly,? |well,? |so )?|you (?:need|have|ought|"
    r"got) to (?:just )?|you(?:'ve| have) got to (?:just )?|you should (?:just )?)"
    r"(?:get over (?:it|yourself)|snap out of it)"
    r"|(?:grow up|man up|toughen up|get a grip|pull yourself together|stop (?:whining|"
    r"moaning|complaining|sulking|making excuses|being (?:so )?(?:dramatic|silly|negative|lazy|childish|"
    r"difficult)|feeling sorry for yourself|playing the victim))"
    r"|(?:playing|play) the victim"
    r"|(?:that'?s|it'?s|that is) (?:not|hardly) (?:a )?(?:nice|kind|fair|right|ok(?:ay)?|"
    r"acceptable|appropriate|reasonable) (?:thing to (?:do|say)|way to (?:treat|"
    r"behave|act|speak|talk))"
    r")",
    re.IGNORECASE,
)
# One word each alternative needs (see `GatedPattern`); the judging words stand for
# the first two alternatives.
CONFRONT_EVERYDAY = GatedPattern(
    _CONFRONT_EVERYDAY,
    r"stupid|silly|ridiculous|daft|dumb|foolish|lazy|pathetic|childish|immature|"
    r"selfish|petty|na|unreasonable|irrational|illogical|dramatic|melodramatic|over |"
    r"ott|extreme|excessive|overreact|negative|defeatist|self|entitled|spoil|weak|"
    r"coward|cop|nonsense|rubbish|mistake|bad|terrible|poor|wrong|unfair|rude|harsh|"
    r"pessimistic|black|one|doesn|does|didn|sure|convinced|buy|believe|really|"
    r"actually|honestly|certain|honest|always|keep|making|blow|looking|problem|issue|"
    r"common|maybe|perhaps|blame|favo|helping|know|grateful|ashamed|thankful|more|"
    r"going|gonna|only|just|worked|gone|helped|how|part|pride|ego|stubborn|lazi|"
    r"excuses|keep|go on|carry|point|sooner|eventually|said|told|literally|look|"
    r"eye|healthy|normal|realistic|good for|yourself|silent|hide|run|walk|sit|ignore|"
    r"avoid|expect|stay|shut|give|unrealistic|old|outdated|unhealthy|"
    r"every|whenever|each|all the|grow|man up|tough|grip|get over|pull|snap|stop|"
    r"play|not|hardly",
)
# Negation before the judgement reassures ("you're not stupid", "it isn't silly to
# want that", "there's nothing pathetic about it"); such a sentence does not confront.
NOT_JUDGING = re.compile(
    r"(?:\bnot|n'?t|\bnever|\bnothing|\bno) (?:\w+ ){0,2}" + _JUDGING + r"|"
    r"(?:\bnot|n'?t) (?:\w+ ){0,2}(?:a )?(?:sign of )?(?:weak|weakness)",
    re.IGNORECASE,
)


# The judgement reported as someone's view ("do you think you're weak", "people will
# think you're pathetic") is the patient's belief held up, not the counsellor's; a
# condition ("tell me if it sounds daft") invites the patient's view.
_REPORTED = re.compile(
    r"\b(?:think|thinks|thought|feel|feels|felt|believe|believes|worry|worried|fear|"
    r"afraid|say|says|said|call|calls|called|mean|means|as if|like|if|whether)\s+"
    r"(?:that\s+)?\W*$",
    re.IGNORECASE,
)


# Ridicule typed as an emoji: the eye-roll, the upside-down and smirking faces, or
# a wink closing a question ("so the world doesn't end when you take a night off? ;)").
SARCASM = re.compile("[\U0001f644\U0001f612\U0001f643\U0001f60f]|\\?\\s*\U0001f609")


# "a policy that is extreme", "something that is unreasonable": a relative clause
# judges the thing it describes, not the client.
_RELATIVE = re.compile(
    r"\b(?:(?:a|an|the|some|any|one|this) \w+|something|anything|someone|anyone|"
    r"people|things) (?:that|which|who)\W*$",
    re.IGNORECASE,
)


# 2026.11-11: a motive or a flaw put on the client ("you're just jealous", "you're
# just being a perfectionist"), the account waved off as imagined ("or is it just in
# your head?"), the outcome thrown back ("how did that work out for you?", "you can
# see how that sounds"), and the act named as a wrong ("a breach of trust", "going
# round in circles", "can't really blame them"). Every labeller who met these coded
# them Confront (E, H, I: 9 of 9).
DOUBTING = re.compile(
    r"\b(?:(?:you'?re|you are|youre) (?:just|only|simply) (?:being )?(?:jealous|paranoid|"
    r"a perfectionist|avoiding|punishing|making excuses|feeling sorry for yourself|"
    r"hiding)|how (?:did|has|is|'?s) (?:that|this) (?:work(?:ed|ing)?|go(?:ne)?|going) "
    r"(?:out )?for you|(?:is it|it'?s|its) (?:all |just )+in your head|you can see how "
    r"(?:that|this|it) (?:sounds|looks)|breach of (?:trust|privacy)|round in circles|"
    r"(?:can'?t|cannot) really blame (?:them|him|her))",
    re.IGNORECASE,
)


# 2026.12-1, read by class on labellers J and K: the wrong named bluntly ("so you
# lied to your manager", "so you picked a report over your partner"), the patient's
# need weighed against others' ("taking appointments from people who actually need
# them"), the other side's case taken ("he must have some reason for thinking
# that"), a motive of punishment ("how you punish him"), and the bleak outcome of
# carrying on ("if you keep sitting on the couch all day then nothing is going to
# change").
CONFRONT_2026_12 = re.compile(
    r"\byou (?:just )?lied\b|\byou (?:just )?(?:picked|chose|put) (?:a |the |your )?"
    r"\w+(?: \w+)? over (?:your|him|her|them|a|the)\b|\bfrom (?:people|someone|others|"
    r"those) who (?:actually|really|genuinely) need\b|\b(?:he|she|they) must (?:have )?"
    r"(?:had )?(?:some|a|good|their) reasons?\b|\bhow you punish\b|\byou(?:'re| are)? "
    r"(?:just )?punish(?:ing)? (?:him|her|them)\b|\bif you (?:just )?keep \w+ing\b"
    r"[^.?!]{0,40}\bnothing(?:'s| is)? (?:going to|gonna|will) change",
    re.IGNORECASE,
)


# Stop 21, read by class on labellers L, M and O: disapproval of the patient's act as
# unfair on someone else ("that's not really fair on her, is it?", "a bit harsh on
# your sister"), "not doing <them> any favours", the act named as mere avoidance
# ("that's just putting it off"), the patient's own account overruled ("you're
# clearly not ok"), their repetition held against them ("you've said that every
# week"), blame for a consequence ("that's exactly why they complained"), and leading
# questions that carry the disapproval ("can you see how that might come across as
# pushy?", "how's shouting at her working out for you?", "might that be part of why
# they keep their distance?", "is it though?" to a patient's "it's fine").
CONFRONT_STOP21 = re.compile(
    r"\b(?:(?:not|n'?t) (?:really |very |exactly |totally |that )?fair|unfair|"
    r"harsh|out of order|cruel) (?:on|to) (?!you\b|yourself\b)\w+|"
    r"\b(?:not|n'?t) doing (?:\w+ ){1,2}any favou?rs\b|"
    r"\b(?:that'?s|thats|it'?s|its|this is) (?:just |basically |only |really |"
    r"literally |kind of |kinda )(?:avoidance|avoiding (?:it|things|stuff)|"
    r"procrastinat\w+|putting (?:it|things) off|denial|an excuse|excuses)\b|"
    r"\byou(?:'re| are|re) (?:clearly|obviously|plainly) not (?:fine|ok|okay|coping|"
    r"alright|managing)\b|"
    r"\byou(?:'ve| have|ve) said (?:that|this|the same) (?:every|before|last|loads|a "
    r"(?:hundred|million|dozen))|"
    r"\b(?:that'?s|thats|this is) (?:exactly|precisely) why (?:you|people|they|she|he)"
    r"\b|"
    r"\bcan(?:'?t| ?not)? you see (?:how|that|why) (?:\w+ ){0,4}(?:might|could|would|"
    r"can|may) (?:come across|look|sound|seem|be (?:seen|read))\b|"
    r"\b(?:might|could|may) (?:be|have been) (?:part of |some of )?(?:why|the reason)"
    r"\b[^.?!]{0,40}\?|"
    r"\bhow(?:'?s| is) (?:that|this|all (?:that|this)|(?:the |all the |your |all |)\w+ing)(?: \w+){0,4} "
    r"working out for (?:you|ya)\b|"
    r"\b(?:did|does|do|will|would)(?:n'?t| not) (?:exactly |really )?help (?:things|"
    r"matters|much)\b[^.?!]{0,20}\?|"
    r"\b(?:over-?sensitive|paranoid|drama queen)\b|\bslippery slope\b|"
    r"\b(?:going to|gonna) catch up (?:with|on) you\b|"
    r"^(?:but |and |well,? )?(?:is|was|does|do|are) (?:it|that|they) (?:really,? )?"
    r"(?:tho|though)\b",
    re.IGNORECASE,
)


# Words of disapproval that make a leading question Confront rather than Persuade
# (`codes.code_utterance`; moved here from codes.py in stop 21).
LEADING_DISAPPROVAL = re.compile(
    r"\b(?:overreact\w*|extreme|dramatic|silly|ridiculous|a bit much|too much|"
    r"over the top|catastrophi\w*|exaggerat\w*|irrational|unreasonable|harsh|"
    r"(?:being|a bit|too) (?:hard|negative|sensitive)|convenient|black and white|"
    r"unfair|selfish|hypocritical|a (?:stretch|leap))\b",
    re.IGNORECASE,
)


def confronts_everyday(text: str) -> bool:
    """Whether a sentence confronts in one of the everyday forms above."""
    if (
        SARCASM.search(text)
        or DOUBTING.search(text)
        or CONFRONT_2026_12.search(text)
        or CONFRONT_STOP21.search(text)
    ):
        return True
    found = CONFRONT_EVERYDAY.search(text)
    if not found or NOT_JUDGING.search(text):
        return False
    before = text[: found.start()]
    if _RELATIVE.search(before + found.group(0).split(" ", 1)[0]):
        return False
    return not _REPORTED.search(before)
