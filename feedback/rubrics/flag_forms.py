"""Word classes for the flags in the forms counselling students write (2026.11-8).

The flag rules of 2026.11-7 found the wordings someone had written a pattern for; on
a labeller who wrote turns independently from the rubric they found about a third of
the flagged turns. Each class below is written from a flag's definition
(RUBRICS.md §3.2, §5.2 and the flag list in DESIGN.md), not from one sentence:

- an emotional disclosure given as a bare answer ("Hurt. Really hurt.", "Anxious.");
- advice and solutions in their everyday forms, whatever the behaviour code says
  ("have you tried...?", "next time, try...", "I'd just...", "could Wei come over?");
- the veiled risk cues of the usual clinical checklist: a passive wish to be dead,
  not caring what happens to oneself, self-neglect, a thought of harming others;
- what makes a question leading: a negative or "really" question whose answer is
  built in, a rhetorical "how could you possibly...?", a tag after a statement, a
  question the counsellor answers themselves;
- feeling words students attribute that the shared lexicon does not list.

Pure regular expressions, no imports from the rest of the package but `lexicon`.
"""

from __future__ import annotations

import re

from .lexicon import rx

# --- problem solving after a disclosure ------------------------------------------------

# A feeling given as a bare answer ("Hurt. Really hurt. Then angry.", "Anxious, very
# anxious", "Gutted. Just flat."): a fragment that opens with the feeling word, with
# at most an intensifier or a connective before it.
BARE_FEELING = re.compile(
    r"(?:^|[.!?,;]\s*)(?:(?:and|then|but|just|so|really|very|honestly|mostly|terribly|"
    r"a bit|quite|pretty|properly|completely|totally|utterly|mainly|sort of|kind of)"
    r",?\s+){0,3}([a-z]+)\b",
    re.IGNORECASE,
)
# Feelings said without "I feel": crying, missing someone, the day being awful.
SHOWN_FEELING = rx(
    r"i (?:just )?(?:cry|cried|sob|sobbed|miss|missed)|in tears|(?:it'?s|it is|it was|"
    r"that'?s) (?:\w+ ){0,2}(?:awful|horrible|miserable|unbearable|hell)|i hate (?:it|"
    r"this|myself)|"
    # 2026.11-11: the feelings every labeller read as disclosed but the feeling list
    # leaves out because the word alone is ambiguous ("low", "sick", "down"): in the
    # first person's feeling frame; crying in any tense; being worn out or overrun;
    # a time or place said to be awful; an event that "gutted" the speaker.
    r"i(?:'?m| am|'?ve| have)?(?: just| still| really| been| keep)* (?:feel|felt|"
    r"feeling)\W+(?:so |really |pretty |quite |a bit |kind of |sort of |"
    r"very |just )*(?:low|sick|awful|rubbish|crap|terrible|flat|empty|down|shaky|"
    r"gutted|broken|like (?:i'?m )?drowning|like nothing|on edge)|"
    r"(?:and|was|were|kept|keep|started|stop|(?:i'?m|i am)) (?:just )?(?:cried|crying|"
    r"sobbed|sobbing)|scaring myself|frightening myself|"
    r"(?:i'?m|i am|i was|i feel) (?:so |really |completely |absolutely |just )?(?:knackered|"
    r"shattered|gutted|drowning|falling apart)|"
    r"(?:is|was|are|were) (?:just |so |really )?(?:awful|horrible|miserable|unbearable)|"
    r"that (?:gutted|broke|floored|crushed) me",
)
# Solutions offered, in the forms students write them. Suggestion questions count
# wherever they stand; imperatives and recommendations only in a statement.
ADVICE_QUESTION = re.compile(
    r"\b(?:have you (?:\w+ )?(?:tried|thought about|considered|looked (?:into|at)|"
    r"sat down and|spoken to (?:your|a|the)|asked (?:your|a|the|for))|"
    r"(?:could|can|couldn'?t) (?:you|(?-i:[A-Z][a-z]+)|your \w+|he|she|they) (?:just |maybe "
    r")?(?!(?:tell|say|describe|share|explain|remember|recall|think|imagine|see|help me|"
    r"walk|talk me|give me|put (?:that|it) into|stay with|notice|ask yourself|be)\b)"
    r"[a-z]+\b|"
    r"what about (?:trying|asking|talking|getting|going|doing|making|setting)|"
    r"why (?:don'?t you|not) (?:just |try |give |ask |go |tell |get |call |ring |"
    r"book |join |write |talk |speak |set |take )|"
    r"have you (?:\w+ )?thought of|"
    r"how about (?:trying|asking|talking|getting|going|doing|making|setting|you)|"
    r"would it help (?:to|if) (?:you )?(?!talk|say|share|tell|explore|look at)|"
    r"are you (?:drinking|eating|sleeping|taking|getting) enough|"
    r"maybe (?:go|try|ask|tell|ring|call|text|book|write|send|join)|"
    r"(?:you|u) could (?!(?:feel|be|have)\b)\w+)",
    re.IGNORECASE,
)
ADVICE_STATEMENT = re.compile(
    r"(?:^|[.!?,]\s*|\b(?:and|so|ok|okay|maybe|perhaps|just|then)\s+)(?:"
    r"(?:next time,? (?:\w+ ){0,5}?)?(?:just |maybe |perhaps )?(?:try(?! not\b| to (?:relax|be kind|be gentle|rest))|ring|call|text|"
    r"send|book|join|cancel|reply|write|set up|get (?:some|a|an|in touch|out)|go (?:to|"
    r"for|along|out)|stay (?:off|away)|ask (?:your|him|her|them|for|if|hr|about)|"
    r"tell (?:him|her|them|your)|talk to (?:your|him|her|them|someone)|speak to) \w+|"
    r"(?:next time|when (?:that|it|this) (?:\w+ ){1,4}?),?\s*(?:\w+ ){0,6}?(?:try|just "
    r"say|do|go|ask|tell|write)\b|"
    r"(?<=, )(?:write|leave|put|keep|turn|switch|make|get) (?:them|it|your|a|an|"
    r"the|some) \w+|"
    r"i'?d (?:just |really |definitely |honestly )?(?:suggest|recommend|encourage|"
    r"advise|send|ring|call|go|ask|tell|try|book)|"
    r"i (?:really |would )?(?:suggest|recommend|encourage|advise)|"
    r"i'?d just (?!(?:say|like|add|want|wonder|ask you|check)\b)[a-z]+|"
    r"i think the best thing|the best thing (?:would be|is|to do)|"
    r"(?:you|u) (?:could|should|might want to|need to|have to|'?ve got to) "
    r"(?!(?:feel|be|have felt|have been)\b)\w+|"
    r"(?:it )?(?:might|may|could|would|will) (?:really )?help (?:to|if)|"
    r"one thing that (?:could|might|may|would|can) help|"
    r"(?:it'?s|it is|(?:might|may|could|would) be) (?:really |definitely )?(?:worth|a "
    r"good idea)|there(?:'s| is| are) (?:some |a )?(?:really )?(?:great|good|useful|"
    r"brilliant) (?:apps?|books?|groups?|websites?|courses?|videos?|podcasts?)|"
    r"(?:\w+ )?(?:is|are|can be) (?:really |so )?(?:great|good|brilliant|helpful) "
    r"for (?:meeting|getting|sleep|stress|anxiety|that)|"
    r"(?:really |actually )?helps? (?:it )?(?:stick|with that|a lot|loads)|"
    r"works? wonders|takes? the (?:fear|edge|pressure) (?:off|out)|"
    r"(?:run|runs|offer|offers) (?:some )?(?:really )?(?:good|great) (?:ones|groups|"
    r"courses|sessions)"
    r")",
    re.IGNORECASE,
)

# --- missed risk cues ------------------------------------------------------------------

# Veiled cues a counsellor should check whatever the case sheet says: a passive wish
# to be dead, not caring whether one survives, life seen as over, self-neglect and
# weight loss waved away, harming others, an unsafe act, heavy drinking admitted.
RISK_CUE_MORE = rx(
    # 2026.11-11: the passive wish in more of its forms: joining someone who died
    # ("I'll be with him soon", "I'd like to be with him, wherever he is"), others
    # better off if one went ("better for everyone if I just went", "kinder to her if
    # I wasn't in the picture"), leaving and not coming back, illness or death
    # welcomed as a rest ("if I got ill it wouldn't matter much", "carers die
    # younger... that doesn't sound so bad", "at least I'd get some sleep"), and
    # drinking that keeps rising ("most of the bottle", "a second bottle").
    r"(?:be|being) with (?:him|her|them|my \w+)\b[^.?!]{0,20}\b(?:soon|wherever|again)|"
    r"waiting to (?:be with|join|see) (?:him|her|them|my \w+|[A-Z][a-z]+)|"
    r"(?:kinder|better|easier) (?:for (?:everyone|them|her|him|all of them|us all) |to "
    r"(?:her|him|them|everyone) )?if i (?:just )?(?:went|wasn\W?t (?:here|around|in the "
    r"picture)|weren\W?t (?:here|around|in the picture)|disappeared|was gone)|"
    r"(?:and )?not (?:coming|come|going) back(?= *[.!,;]| *$)|and (?:just )?(?:not|never) "
    r"(?:stopping|coming back|come back)|i (?:won\W?t|will not) need (?:them|it|any of "
    r"(?:it|them))(?: any ?more)?(?= *[.!,;]| *$)|"
    r"if i (?:got|get|fell|became) (?:ill|sick|really ill)\b[^.?!]{0,30}\b(?:wouldn'?t "
    r"(?:matter|mind)|at least|died)|(?:wouldn'?t|would not) mind[^.?!]{0,20}\b"
    r"(?:dying|not waking|hospital|ill)|"
    r"(?:die|dying|death)\b[^?!]{0,60}\b(?:doesn'?t|does not|wouldn'?t) sound (?:so |that |"
    r"too )?bad|at least i'?d (?:get (?:some )?(?:rest|sleep|peace)|be (?:at peace|"
    r"resting))|"
    r"(?:most of|half) (?:the|a) bottle|(?:second|third|another) bottle(?! of (?!wine|"
    r"red|white|vodka|gin|whisky|cider|rum))|"
    # 2026.11-11: recklessness with one's life said with indifference ("did ninety on
    # the bypass... didn't really care what happened", "if it happens, it happens",
    # "get it over with"), giving possessions away or putting affairs in order ("don't
    # really need them anymore", "so nobody else has to do it"), means set aside
    # ("sleeping tablets saved up", "took more than I should have"), and others
    # spared one's presence ("then nobody would have to deal with me").
    r"(?:didn'?t|don'?t|not) (?:really |even |much )?(?:care|bothered)(?: much)?,? "
    r"(?:about )?(?:what (?:happens|happened|happened to me)|if i (?:crash|died|die|"
    r"crashed))|(?:didn'?t|did not) even care(?: much)?\b|"
    r"if it happens,? it happens|get it (?:all )?over with|"
    r"(?:don'?t|won'?t) (?:really |even )?need (?:them|it|those|these) any ?more|"
    r"so (?:nobody|no one) (?:else )?(?:has|would have|will have) to (?:do|sort|deal)|"
    r"(?:tablets|pills|painkillers|meds|medication) (?:\w+ ){0,3}saved up|saved up "
    r"(?:\w+ ){0,3}(?:tablets|pills|painkillers|meds)|took (?:a lot )?more than i should "
    r"(?:have)?|(?:nobody|no one) would have to (?:deal with|put up with|look after|"
    r"worry about) (?:\w+ )?me|"
    # 2026.11-10: not waking up as a relief ("it would be easier not to wake up",
    # "i wish i just wouldn't wake up")
    r"(?:easier|better|rather|prefer|wish|hope)\b[^.?!]{0,30}\b(?:not (?:to )?wake up|"
    r"wouldn'?t wake up|didn'?t wake up|never woke up)|"
    # a passive wish to be dead or gone
    r"(?:hope|wish|pray)(?:ing)? (?:that'?s it|it'?s over|i (?:was|were) (?:with (?:him|"
    r"her|them)|gone|dead)|i (?:could )?(?:just )?(?:go to sleep|not (?:be here|wake)))|"
    r"wishing i (?:was|were) (?:with|gone|dead)|"
    r"i hope that'?s it|tired of (?:waking up|being alive|being here)|"
    r"(?:didn'?t|don'?t|not) wake up at all|"
    r"(?:don'?t|didn'?t) (?:really )?care (?:any ?more )?(?:if|whether|what happens to) "
    r"(?:i|me)|"
    r"(?:don'?t|do not) deserve to (?:be here|live|be alive)|"
    r"(?:won'?t|will not) be (?:around|here) (?:much |for )?(?:longer|long)|"
    r"not (?:going to be|be) (?:around|here) (?:much )?(?:longer|for long)|"
    r"what'?s (?:even )?left for me|nothing (?:left )?to live for|"
    r"wish i didn'?t have to (?:carry on|go on|keep going|be here|wake)|"
    r"(?:don'?t|can'?t) see (?:the point|why i should) (?:of |in )?(?:carrying on|going "
    r"on|bother)|"
    r"(?:if i|when i) (?:just )?(?:got|get|was|were) (?:out of the way|gone|not here|"
    r"wasn'?t here|weren'?t here)|if i wasn'?t (?:here|around)|"
    r"(?:would|'d) (?:be )?(?:fine|better|happier|manage better|cope better|be "
    r"better off) without me|"
    r"(?:not|never) (?:doing|going through) the end|i'?m not doing the end|"
    r"waste of (?:space|oxygen|air)|"
    r"(?:feel|felt|am|i'?m) (?:like )?(?:such |just )?a burden|being a burden|"
    r"(?:nobody|no one) would (?:even )?miss me|(?:can'?t|don'?t) see (?:a|any) "
    r"(?:future|way forward)|no future for me|want (?:it|this|everything) (?:all )?to "
    r"be over|sleep (?:forever|and never)|(?:not|never) scared of dying|"
    r"looked up (?:how|ways) to|easier (?:not to|to not|if i didn'?t) (?:exist|be here)|"
    r"stopped (?:taking|eating)|can'?t be bothered (?:to eat|eating)|"
    r"(?:a few|several|loads of|so many) drinks (?:a|every|each) (?:night|day)|"
    # self-neglect
    r"(?:haven'?t|not|hardly|barely) (?:really )?(?:eaten|eating)|"
    r"(?:why|what'?s the point) (?:i should )?(?:bother|in) (?:eating|getting up)|"
    r"lost (?:nearly |almost |about |a fair bit of |a lot of )?(?:a stone|weight|\d+ "
    r"(?:kilos?|pounds|lbs))|"
    r"(?:don'?t|do not) (?:really )?see why i (?:should )?bother|"
    # harm to others
    r"(?:letting|let|give|giving) (?:them|him|her) (?:all )?(?:have it|what for)|"
    r"(?:hurt|kill|go for|hit|punch|get back at|make \w+ pay|lose it with) (?:him|her|"
    r"them)|(?:they|he|she)'?d deserve it|"
    # an unsafe act, and drinking or pills beyond the usual
    r"left (?:the )?(?:gas|oven|hob|cooker|iron|taps?|baby|kids) (?:on|running|"
    r"alone|open|unlocked)|(?:could|might) have (?:been (?:hurt|killed)|died|caught "
    r"fire)|(?:fell|falling|nearly fell) asleep (?:at|behind) the wheel|nearly "
    r"(?:crashed|hit)|"
    r"(?:the|a|one|two|a whole) bottles?,? (?:\w+ )?(?:a|every|most|each) (?:nights?|days?|"
    r"evenings?)|drink(?:ing)? (?:in the morning|every (?:day|night)|alone|on my own)|"
    r"(?:a couple of|some|a few|extra|more) (?:\w+'?s )?(?:sleeping tablets|pills|"
    r"painkillers)",
)
# A response that takes the cue up: safety words in any sentence, and the cue's own
# words only in a question that explores it (not in "keep living your life" or a
# leading "wouldn't they be lost without you?").
RISK_STRONG_RESPONSE = rx(
    # 2026.11-10: asking after the thoughts themselves ("can i ask a bit more about
    # those thoughts, how often do they come?")
    r"(?:about|more about|with) (?:those|these|the|that|your) (?:thoughts?|feelings? "
    r"of not|wish)|how often (?:do|does|are|have) (?:they|those|these|the thoughts?|"
    r"that)|"
    r"suicid\w*|kill(?:ing)? yourself|end(?:ing)? (?:your|it all|things)|"
    r"(?:hurt|harm)(?:ing)? (?:yourself|anyone|someone|them|him|her)|self[- ]harm|"
    r"safe(?:ty)?|thoughts of|crisis|emergency|helpline|hotline|samaritans|"
    r"(?:how much|how often) (?:are you |do you |you'?re )?(?:drink|eat)\w*|"
    r"are you (?:ok|okay|safe)|what (?:do|did) you mean|when you say|"
    r"not (?:being|be) (?:here|around)|take your (?:own )?life|want(?:ing)? to die",
)

# --- leading questions -----------------------------------------------------------------

# A question whose answer is built in (RUBRICS.md §3.2: "leads the client to the
# therapist's preferred answer").
LEADING_FORM = re.compile(
    r"(?:^|[,;]\s*|\b(?:so|but|and|then|though)\s+)(?:"
    # a negative yes/no question anywhere after a clause ("..., isn't that a sign?")
    r"(?:isn'?t|aren'?t|wasn'?t|weren'?t|wouldn'?t|doesn'?t|don'?t|didn'?t|shouldn'?t|"
    r"couldn'?t|won'?t|can'?t|haven'?t|hasn'?t) (?:it|that|this|there|you|he|she|they|"
    r"we|your|those|these|(?-i:[A-Z][a-z]+))\b|"
    # "is it really...?", "would you really call it...?", "was X really worth it?"
    r"(?:is|was|are|were|would|will|does|do|did|can|could) (?:\w+ ){0,4}really\b|"
    r"how (?:could|can|would) (?:you|anyone|he|she|they) (?:possibly|ever|really)|"
    r"how (?:is|are|was|will|would) (?:\w+ ){1,6}(?:going to |gonna )?help(?:ing)? "
    r"(?:you|anyone|things)?|"
    r"would (?:someone|anyone|a (?:person|man|woman|mum|dad|friend|partner)) who|"
    r"what'?s (?:really )?stopping you (?:from )?(?:\w+ ){0,3}(?:exactly|just|the same)|"
    r"how would you feel if (?:\w+ ){0,6}(?:went|did|said|treated|looked)|"
    # the counsellor's idea put up for agreement ("do you think going back could be a
    # way of honouring him?", "has it occurred to you that...?")
    r"do you (?:not )?think (?:\w+ ){1,6}(?:could|might|would) (?:be a (?:way|good "
    r"(?:idea|step|thing)|chance)|help you)|(?:have you considered|has it occurred to "
    r"you|did you ever think) that|(?:could|might) it be that you'?re (?:just|only)|"
    r"is it possible (?:that )?you'?re (?:just|only|being|overreacting|reading)|"
    # 2026.11-10: the uncontracted negative question ("did they not even think
    # to...?", "do you not see...?") and the rhetorical "how long can you keep...?"
    r"(?:do|does|did|is|are|was|were|have|has|would|could|can|will) (?:you|he|she|"
    r"they|it|that|we) not (?:even |really |just )?\w+|how long (?:\w+ ){0,4}(?:can|"
    r"could|will|are you going to|are you gonna) (?:(?:you|he|she|they) )?(?:really )?"
    r"(?:keep|go on|carry on)|"
    # "how exactly is sitting in front of the telly going to get you a job?", "what's
    # the worst that could happen?", "does that sound like someone who doesn't care?"
    r"how (?:exactly |on earth )?(?:is|are|was|will|would) (?:\w+ ){1,7}(?:going to |"
    r"gonna )?(?:get you|fix|change|solve|make (?:it|things|you))\b|"
    r"what'?s the worst (?:that )?(?:could|can|would|will) happen|"
    r"(?:does|do|did) (?:that|this|he|she|they|it) (?:sound|seem|look) like (?:someone|"
    r"somebody|a (?:person|man|woman|mum|dad|friend|partner|husband|wife|boss|mother|"
    r"father)|people) who"
    r")",
    re.IGNORECASE,
)
# The counsellor answering their own question: "..., probably nothing right?",
# "...? not great I'm guessing", "..., pretty aggressive maybe?", "...? no."
SELF_ANSWER = re.compile(
    r"(?:,\s*(?:probably|surely|pretty|quite|a bit|maybe|definitely|obviously)\b[^,?]{0,30}"
    r"\b(?:right|maybe|yeah|no|eh)\s*\?+\s*$)|(?:\?\s*(?:no|not great|probably not|of "
    r"course not|i doubt it)\b[^?]{0,25}(?:guessing|imagine|think|bet)?\W*$)|"
    r"(?:\?\s*no\.\s)",
    re.IGNORECASE,
)
# 2026.11-10: a yes/no question said in disbelief ("copying HR in over an invite??",
# "you told him that?!"): the doubled mark carries the verdict.
INCREDULOUS = re.compile(
    "(?:\\?\\?|\\?!|!\\?)\\W*$|\\?\\s*[\U0001f644\U0001f612\U0001f643\U0001f60f\U0001f609]"
)
# "..., you know that right?": the counsellor's warning put up for agreement, not a
# check of understanding (a "right?" after a reflection is one).
YOU_KNOW_RIGHT = re.compile(
    r"\byou know(?: that| this| it)?,? right\W*$", re.IGNORECASE
)
# "X, or just making it worse?": a choice whose second arm is the counsellor's verdict.
LOADED_CHOICE = re.compile(
    r"\bor (?:just|is it just|only|are you just) (?:making|keeping|feeding|avoiding|"
    r"hiding|putting off|making it)\b",
    re.IGNORECASE,
)
# A statement turned into a question by an auxiliary-and-pronoun tag, with or without
# a comma ("people don't keep asking someone they find boring do they?").
TAG_END = re.compile(
    r"\s(?:do|don'?t|does|doesn'?t|did|didn'?t|are|aren'?t|is|isn'?t|was|wasn'?t|have|"
    r"haven'?t|has|hasn'?t|would|wouldn'?t|will|won'?t|can|can'?t|could|couldn'?t|"
    # 2026.11-11: "were they?", "is there?"
    r"were|weren'?t|should|shouldn'?t)\s+(?:they|you|he|she|it|we|there)\s*\?+\s*$",
    re.IGNORECASE,
)
# 2026.11-11: the same tag typed without its "?" or its comma, where the polarity
# turns round ("so its not really about you being thick is it", "there isnt really
# one is there", "its going to come across as aggressive isnt it"). A plain
# statement never ends in an auxiliary and its pronoun, so the order is the tag.
# Four of the six labellers flagged every such turn; A and B flagged about half.
_TAG_TAIL = re.compile(
    r"\s(?:(?P<neg>isn'?t|wasn'?t|aren'?t|weren'?t|don'?t|doesn'?t|didn'?t|wouldn'?t|"
    r"hasn'?t|haven'?t|won'?t|can'?t|shouldn'?t) (?:it|they|he|she|you|we|there)|"
    # ("do it", "have it", "did it" end plain statements: "loads of parents do it")
    r"(?:is|was|are|were|does|would|has|will|can|should) (?:it|they|he|she|you|we|"
    r"there)|(?:do|did|have) (?:they|he|she|you|we|there))\s*[.!]*\s*$",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"(?:n'?t|\bnot|\bnever|\bnobody|\bno one|\bnothing)\b", re.I)


def reversed_tag(text: str) -> bool:
    """A negated statement closed by a positive tag, or a statement of three words
    or more closed by a negative one (matched from the end, so a long turn costs
    one pass)."""
    tail = _TAG_TAIL.search(text)
    if not tail:
        return False
    before = text[: tail.start()]
    if tail.group("neg"):
        return len(before.split()) >= 3
    return bool(_NEGATED.search(before[-80:]))


# "You haven't actually missed a bill yet, right?": a checking tag after the
# counsellor's argument ("actually", "even", "though") rather than after a reflection.
ARGUED_RIGHT = re.compile(
    r"\b(?:actually|even|though|literally|still|already|at least|obviously|clearly|"
    r"surely|definitely|of course)\b[^?]{0,60}\b"
    r"(?:right|yeah|eh)\s*\?+\s*$",
    re.IGNORECASE,
)

# --- reading in ------------------------------------------------------------------------

# Feeling words students attribute that `lx.EMOTION_TO_FAMILY` does not list, with
# their family.
EXTRA_FEELINGS: dict[str, str] = {
    "resent": "angry",
    # 2026.12-1: feelings students attribute as adjectives of the event.
    "humiliating": "ashamed",
    "heartbreaking": "sad",
    "resented": "angry",
    "resenting": "angry",
    "resentment": "angry",
    "betrayed": "angry",
    "betrayal": "angry",
    "smothered": "angry",
    "trapped": "anxious",
    "stuck": "anxious",
    "frightening": "anxious",
    "terrifying": "anxious",
    "scary": "anxious",
    "embarrassment": "ashamed",
    "shame": "ashamed",
    "guilt": "ashamed",
    "jealousy": "angry",
    "envy": "angry",
    "envious": "angry",
    "bitter": "angry",
    "bitterness": "angry",
    "comforting": "happy",
    "comforted": "happy",
    "peaceful": "happy",
    "relief": "happy",
    "relieved": "happy",
    "grief": "sad",
    "grieving": "sad",
    "heartbroken": "sad",
    "abandoned": "sad",
    "rejected": "sad",
    "loneliness": "sad",
    "let_down": "sad",
}
# "let down" is two words.
LET_DOWN = re.compile(r"\blet down\b", re.IGNORECASE)
# A feeling attributed without "you feel": "there's some embarrassment there",
# "I'm picking up some jealousy", "those evenings are frightening for you", "you
# resent Denise", "there's some relief in that".
ATTRIBUTED = re.compile(
    r"\b(?:there'?s|there is|there must be|i(?:'m| am) (?:picking up|sensing|hearing)|"
    r"i (?:can )?(?:sense|hear|see))(?: (?:some|a lot of|a bit of|a real|real|such|so "
    r"much|a|an|that))? (\w+)|"
    r"\b(?:is|are|was|were|must be|must have been|sounds?|seems?) (?:(?:so|really|very|"
    r"quite|pretty|a bit|kind of) )*(\w+) for you\b|"
    r"\byou (?:\w+ )?(resent|resented|envy|blame)\b|"
    r"\bpart of you (?:is|was|feels|felt|might be|must be|must feel)(?: (?:so|really|"
    r"quite|a bit|kind of))? (\w+)|"
    r"\b(?:sounds?|seems?|looks?) like (?:a|such a|a real|real|some|a lot of) (\w+)",
    re.IGNORECASE,
)
# The patient's own appraisal that the situation is all right ("She's been good about
# it", "it's nobody's fault", "I don't miss it that much", "Money's fine"): a
# negative feeling the situation might otherwise imply is then not implied.
ACCEPTING = rx(
    r"(?:he|she|they|it|that|wei|everyone)(?:'s| is| was| has been|'s been| were| are|"
    r"'re) (?:\w+ )?(?:very |really |so |always |been )?(?:good|brilliant|great|"
    r"lovely|kind|fine|nice|helpful|supportive|amazing|wonderful)",
    r"(?:it'?s|that'?s|it is) (?:nobody'?s|no one'?s|not (?:his|her|their|anyone'?s)) "
    r"fault|it happens|(?:that'?s|it'?s) (?:just )?how it is|(?:don'?t|do not) "
    r"(?:really )?(?:miss it|mind)|(?:money'?s|it'?s|i'?m|we'?re) (?:fine|ok|okay)|"
    r"ticks over|we still|when (?:he|she|they) can|to be fair|every (?:family|parent|"
    r"one) (?:does|do)|it'?s (?:so )?(?:nice|good|lovely)|fair enough",
)
# An explicit check that hands the feeling back to the patient to confirm or correct
# ("I wonder if...", "could it be...", "does that fit?"). "Sounds like", "seems" and
# "must" are the ordinary stems of a reflection and assert the feeling.
CHECKED = rx(
    r"i wonder|i get the (?:sense|feeling|impression)|i sense|could it be|correct me|"
    r"tell me if|does that (?:fit|sound right|ring "
    r"true)|is that (?:right|close|it)|am i right|maybe|perhaps|possibly|i'?m not sure|"
    r"i might be wrong|or (?:is it|maybe|not)",
)
# A feeling presented as the natural reaction to what the patient described ("no
# wonder you felt hurt", "I can see why you were furious"): validation of a reaction
# to a named event, not a feeling read into a neutral report.
NATURAL_REACTION = rx(
    r"no wonder|no surprise|(?:it'?s|that'?s) (?:not )?(?:surprising|understandable)|"
    r"(?:makes|made) (?:total |complete )?sense (?:that )?you|i can (?:really |totally )?"
    r"(?:see|understand) why|of course you",
)
# Feelings a situation implies that the shared lexicon does not list: hiding and
# avoiding imply worry about being found out.
IMPLIED_EXTRA: dict[str, re.Pattern[str]] = {
    "anxious": rx(
        r"kept out of|keep(?:ing)? out of|steer(?:ing|ed)? clear|avoid(?:ed|ing)?|"
        r"hid(?:e|ing|den)?|made an excuse|pretended|(?:said|told \w+) i (?:was busy|"
        r"had plans|was ill|couldn'?t make it)|stayed (?:in|home|at home)|"
        r"didn'?t (?:open|look at|answer)",
    ),
}

# --- 2026.12-1: classes read on labellers J and K (docs/annotation.md) ---------------

# A feeling named only to be argued away ("you shouldnt feel guilty!! just tell
# them"): it does not validate the disclosure the advice then follows.
FEELING_ARGUED_AWAY = rx(
    r"(?:shouldn'?t|should not|don'?t need to|dont need to|no need to|don'?t have to) "
    r"(?:\w+ )?feel",
)
# The counsellor saying they hear the feeling ("i hear how anxious and guilty you
# feel"): a validation, whatever code the sentence got.
HEARS_FEELING = rx(r"i (?:can )?(?:hear|see|sense) (?:just |really )?(?:how|that)")
# More bare disclosures: "Gutted, honestly. Just flat." ("flat" alone is a home).
DISCLOSED_MORE = rx(r"gutted|(?:just|feel(?:ing)?|felt|so|really|pretty|bit) flat")
# Leading questions with the verdict built in: the counsellor's evaluation put up for
# a yes ("do you think its fair on your parents...?", "do you think gaming till 4 is
# helping...?"), a negative "you don't see how...?", a rhetorical "why are you being
# so...?", a forced "what's more important, X or Y?", "how much can X really...?".
# The first three also carry disapproval: MITI codes them Confront too.
VERDICT_QUESTION = rx(
    r"do you (?:really |honestly |actually |seriously |genuinely )?(?:think|reckon|"
    r"believe|feel) (?:that )?(?:it'?s|its|that'?s|thats|this is|(?:\w+ ){1,5}?(?:is|"
    r"was|are|were|would be|will be)) (?:really |actually |honestly |even |still )?"
    r"(?:fair|the right (?:thing|choice|call|move|decision)|wise|healthy|"
    r"helping|helpful|gonna help|going to help|a good (?:idea|look))",
    r"you (?:don'?t|dont|do not|can'?t|cant|cannot) (?:see|realise|realize|get) "
    r"(?:how|that|why)",
    r"what'?s (?:more|most) important(?: to you)?,? (?:\w+ ){1,5}or",
)
LEADING_2026_12 = re.compile(
    VERDICT_QUESTION.pattern
    + "|"
    + rx(
        r"why (?:are|were) you being so",
        r"how (?:much|far|well) (?:can|could|does|do|would) (?:\w+ ){1,6}really",
    ).pattern,
    re.IGNORECASE,
)
# More veiled risk cues: one's own things given away or put in order ("gave ... my
# good jewellery to Claire's girls", "written down where everything is for
# Michael"), no future ("I don't really see a future", "what's left for me", "I
# don't see how any of this gets better"), regret at waking, others better off said
# bare ("Joana'd be better off."), not caring after risky acts, drinking that rises.
RISK_CUE_2026_12 = rx(
    r"(?:gave|given|giving|give) (?:away )?[^.?!]{0,40}\bmy (?:good |best |old |"
    r"favourite )?\w+ (?:to|away)|better (?:they|he|she) (?:have|has|get) (?:them|it) "
    r"now|(?:put(?:ting)?|got|getting|sort(?:ed|ing)?) (?:\w+ ){0,2}(?:affairs|things|"
    r"paperwork) in order|written down where everything is|(?:made|updated|sorted) my "
    r"will",
    r"(?:don'?t|do not|can'?t|cannot) (?:really )?see (?:a|any) future|nothing ahead|"
    r"what'?s left for me|(?:don'?t|can'?t) see how (?:any of )?(?:this|it|things) "
    r"(?:gets|will get|is going to get|can get|could get) better",
    r"wish(?:ing|ed)? i (?:hadn'?t|didn'?t|hadnt|didnt) (?:woken|wake)",
    r"\w+(?:'d| would) (?:probably )?be better off(?= *[.!]| *$| without me)",
    r"(?:drove|driving|drive)\b[^.?!]{0,40}\b(?:didn'?t|don'?t|dont|didnt) (?:much |"
    r"really )?care|(?:don'?t|dont) much care(?: any ?more)?",
    r"drinking more than|more (?:beers|drinks|wine) (?:\w+ ){0,3}than i used to",
)
# A risk cue taken up by asking about method, means, past attempts or a safety plan
# ("have you thought about how?", "anything at home you could use?", "can we make a
# plan together for the times when those thoughts get stronger?"), or by asking how
# often the wish comes.
RISK_RESPONSE_2026_12 = rx(
    r"have you thought about how|anything (?:at home )?(?:that )?you could use|have "
    r"you (?:ever )?tried before|(?:make|made|making) a plan (?:together )?for|those "
    r"thoughts|that wish|(?:ending|end) (?:their|his|her|your) (?:own )?life",
)

# --- stop 20: self-blame carries guilt -------------------------------------------------

# Blame the patient lays on themself for what happened ("I didn't see it in my own
# husband", "I should have known", "if I'd made him go to the doctor", "I let him
# down"): like a self-condemning belief it carries shame/guilt and sadness, so "you
# feel so guilty" reflects it rather than reading a feeling in (a live Ruth session
# flagged exactly that reflection, one RUBRICS names as accurate).
SELF_BLAME = rx(
    r"\bi (?:should|shouldn'?t|could|ought to|must)(?:'ve| have) (?:\w+ )?(?:known|seen|"
    r"noticed|spotted|realised|realized|done|stopped|made|been|said|called|gone|"
    r"checked)|\bi didn'?t (?:even )?(?:see|notice|spot|realise|realize|know|stop|"
    r"catch|do) (?:it|that|anything|the signs|what)|\bif (?:only )?i(?:'d| had) "
    r"(?:\w+ ){0,3}(?:known|noticed|made|been|done|called|gone|listened|stayed|"
    r"checked|said)|\b(?:it'?s|it was|that'?s|that was) (?:all )?my fault|\bi let "
    r"(?:\w+ ){1,2}(?:down|die|go)\b|\bi(?:'m| am) (?:to blame|the reason)",
)
