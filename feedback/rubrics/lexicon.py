"""Word lists and patterns shared by the rule-based coders.

Every list was written from the rubric definitions (RUBRICS.md) and ordinary English
usage; none is mined from a dataset. Patterns are compiled once at import time because
the offline annotator must code well over a thousand turns per second.
"""

from __future__ import annotations

import re


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")


def rx(*alternatives: str) -> re.Pattern[str]:
    """One case-insensitive pattern matching any alternative at word boundaries."""
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.IGNORECASE)


# --- fillers, backchannels, structuring -----------------------------------------------

FILLER_WORDS = frozenset(
    """
    ok okay okey alright all right mm mmm hmm mhm mm-hmm uh-huh uh huh um umm uh er ah
    oh yeah yes yep yup yap no nope right sure cool good great fine fair nice wow well
    so and but i see gotcha got it exactly absolutely definitely totally true indeed
    thanks thank you hi hello hey bye goodbye welcome sorry pardon really
    """.split()
)

# Leading discourse markers stripped before an utterance is classified. Transcripts mark
# interrupted speech with a leading dash ("-and then..."), stripped as well.
LEADING_MARKERS = re.compile(
    r"^[\s\-–—.,…]*(?:(?:ok(?:ay)?|alright|all right|mm+(?:-?hmm+)?|m+hm+|hmm+|uh-huh|"
    r"uh|um+|er|ah|oh|"
    r"yeah|yes|yep|right|sure|well|so|and|but|now|I see|I hear you|gotcha|good|great|"
    r"wow|huh|no|okay then)\b[\s,.!:;-]*)*",
    re.IGNORECASE,
)

# The opening connective of an utterance, looked for under fillers ("Okay. So you...").
OPENER = re.compile(
    r"^[\W_]*(?:(?:ok(?:ay)?|alright|all right|right|yeah|yes|mm+-?hmm+|mm+|uh-huh|um+|"
    r"uh|well|oh)\b[\s,.!:;-]+)*(and|but|because|'?cause|so|or|which|even|until)\b",
    re.IGNORECASE,
)

GREETING = rx(
    r"hi|hello|hey|good (?:morning|afternoon|evening|night)|bye|goodbye|"
    r"take care|nice to (?:meet|see|talk)|welcome|have a (?:good|great|nice)",
    r"thanks? (?:you )?(?:for|so much)|thank you|you'?re welcome|no problem",
)

# --- questions ------------------------------------------------------------------------

WH_OPEN = re.compile(
    r"^(?:what|how|why|in what way|tell me|describe|walk me through|help me understand|"
    r"say more|talk (?:to me )?about)\b",
    re.IGNORECASE,
)
# Wh-questions that ask for a short fact are closed (AnnoMI: "a yes/no or a short
# fact").
WH_CLOSED = re.compile(
    r"^(?:how (?:many|much|long|often|old|far|soon)|what (?:time|day|year|age|number|"
    r"kind of \w+ do)|when|where|who|whom|which|whose)\b",
    re.IGNORECASE,
)
AUX_START = re.compile(
    r"^(?:do|does|did|is|are|was|were|am|have|has|had|can|could|would|will|should|"
    r"shall|"
    r"may|might|must|ca|wo|is n't|are n't|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|"
    r"wasn'?t|"
    r"weren'?t|haven'?t|hasn'?t|can'?t|couldn'?t|wouldn'?t|won'?t|shouldn'?t)\b",
    re.IGNORECASE,
)
# Embedded questions without a question mark ("I wonder what...", "I'm curious how...").
EMBEDDED_OPEN = re.compile(
    r"\b(?:i(?:'m| am)? (?:wonder(?:ing)?|curious)|i'd (?:like|love) to (?:know|hear)|"
    r"i want to (?:know|hear|understand))\b[^.?!]*?\b(?:what|how|why)\b",
    re.IGNORECASE,
)
EMBEDDED_CLOSED = re.compile(
    r"\b(?:i(?:'m| am)? (?:wonder(?:ing)?|curious)|i'd like to know)\b[^.?!]*?"
    r"\b(?:if|whether)\b",
    re.IGNORECASE,
)
TELL_ME = re.compile(
    r"^(?:can you |could you |would you )?(?:please )?(?:tell me|say more|"
    r"talk (?:to me )?"
    r"about|describe|walk me through|help me understand|share (?:a bit|more))\b",
    re.IGNORECASE,
)
# Tag questions that turn a declarative reflection into a check (RUBRICS.md §0.4).
TAG_QUESTION = re.compile(
    r"(?:,|—|-|\s)\s*(?:is that (?:right|correct|true|it|fair)|"
    r"(?:am i|did i get that|have i got that) right|right|correct|yeah|no|huh|"
    r"is(?:n't| not) it|do(?:n't| not) you|does(?:n't| not) it|are(?:n't| not) you|"
    r"have(?:n't| not) you|did(?:n't| not) you|was(?:n't| not) it|would(?:n't| not) it|"
    r"or not|or is it something else|does that sound right|does that fit)\s*\?+$",
    re.IGNORECASE,
)
LEADING_Q = re.compile(
    r"^(?:but |so |and )?(?:don'?t you (?:think|agree|feel|want|see)|"
    r"wouldn'?t you (?:agree|say|rather|think)|"
    r"isn'?t it (?:true|obvious|clear|better|possible)|aren'?t you (?:just|being)|"
    r"shouldn'?t you|wouldn'?t it be (?:better|easier|wiser)|"
    r"can'?t you see|surely|you (?:do )?realize|isn'?t that (?:just|a bit))\b",
    re.IGNORECASE,
)

# --- reflections ----------------------------------------------------------------------

REFLECTION_STEM = re.compile(
    r"^(?:it )?(?:sounds? (?:like|as if|as though)|seems? (?:like|as if|that)|"
    r"it (?:sounds|seems|feels|looks) (?:like|as if)|you(?:'re| are) (?:saying|"
    r"telling me|"
    r"feeling|worried|concerned|wondering|thinking)|what i(?:'m| am) hearing|"
    r"i(?:'m| am)? hear(?:ing)? (?:you|that)|if i (?:understand|hear)|so you|you feel|"
    r"you(?:'ve| have) been|you(?:'re| are) not sure|part of you|on the one hand|"
    r"you (?:really |just )?(?:want|need|wish|hope|think|believe|know|worry|don'?t|"
    r"can'?t|didn'?t|wanted|felt|said|mentioned|were|had|noticed|find|found|see|value|"
    r"care|miss|love|hate|like|enjoy)|your (?:\w+ )?(?:is|are|was|were|has|have|"
    r"seems?))\b",
    re.IGNORECASE,
)
COMPLEX_MARKERS = re.compile(
    r"\b(?:part of you|on the one hand|on the other hand|at the same time|"
    r"and yet|even though|sounds? like|it seems|as if|as though|almost like|"
    r"kind of like|"
    r"important to you|matters? to you|means? a lot|you value|you care|deep down|"
    r"what you really|you(?:'re| are) (?:afraid|scared|worried|torn)|"
    r"you(?:'re| are) (?:starting|beginning) to|you(?:'ve| have) (?:decided|realized)|"
    r"you don'?t want to|you want to be|you(?:'d| would) like to be|"
    r"for you|the kind of person|wonder if|i guess|i imagine|i suspect|"
    r"(?:feel|feeling|felt)s? (?:like|as if))\b",
    re.IGNORECASE,
)
SUMMARY_MARKERS = re.compile(
    r"\b(?:let me (?:see if i|pull|summari[sz]e|sum)|to sum up|so far|in summary|"
    r"you(?:'ve| have) (?:told|said|mentioned) (?:me )?(?:a few|several|that)|"
    r"(?:so )?on the one hand|let me (?:check|make sure) i|putting (?:that|this|it) "
    r"together|if i put (?:that|this|it) together|what i(?:'m| am) hearing is)\b",
    re.IGNORECASE,
)

# --- input: information, advice, persuade ---------------------------------------------

ADVICE = re.compile(
    r"\b(?:you (?:really |just |definitely |probably |honestly |seriously |"
    r"absolutely |still |also )?(?:should|shouldn'?t|ought to|need to|have to|must|"
    r"gotta|got to|"
    r"might want to|may want to|could try|can try|could always|can always)|"
    r"i(?:'d| would)? (?:suggest|recommend|advise|encourage)|i(?:'d| would) (?:try|"
    r"say (?:try|go|talk|just))|my (?:advice|suggestion|recommendation)|"
    r"(?:it|that) (?:might|may|could|would) (?:be )?(?:help(?:ful)?|(?:a )?good idea|"
    r"worth)|try (?:to|not|some|a)|don'?t be afraid to|"
    r"why (?:don'?t|not) you|have you (?:tried|considered|thought about)|"
    r"what if you (?:tried|talked|started)|how about (?:you|trying)|"
    r"the best (?:thing|way) (?:to|is)|it'?s (?:best|important|better) to|"
    r"if i were you|if you can,|it would be (?:good|best|wise|smart)|"
    r"(?:best|better) (?:thing|option|bet) (?:would be|is)|you (?:really )?need to|"
    r"you could (?:also |always |maybe |perhaps |just )?(?:try|start|ask|talk|look|"
    r"check|go|get|call|join|find|use|write|make|give|take|reach|see|consider|do|"
    r"tell|speak|spend|set|put|think about|focus|plan|practice|search|contact)|"
    r"you can (?:also |always |maybe |just )?(?:try|start|ask|talk to|look (?:into|"
    r"for|up)|check|join|call|reach out|write|consider|search|contact|google)|"
    r"i(?:'d| would) (?:look|try|go|talk|start|recommend|suggest|advise)|"
    r"i (?:highly |strongly |would |really )?recommend|(?:find|found|finds) (?:that )?"
    r"(?:it )?helps? to|it helps to|(?:people|others|folks) (?:find|found) (?:that )?"
    r"[^.?!]{0,50}\bhelps?\b|(?:is|are|be) (?:very |really |"
    r"so )?helpful (?:to|for)|i find it (?:helpful|useful) to|something you (?:can|"
    r"could|"
    r"might)|(?:might|may|could) (?:help|be worth)|instead(?:,)? (?:try|of)|"
    r"(?<![a-z'] )(?:and|so|then) (?:just )?(?:try|give|make|take|talk to|reach out|"
    r"ask|tell|write)\b(?! (?:and|to) see)|tips?|maybe (?:you|if you|try|it would)|"
    r"perhaps (?:you|try|"
    r"another|if)|(?:another|one|other) option|(?:it|this|that) (?:will|would|should|"
    r"can) "
    r"(?:really )?(?:help|be helpful)|(?:is|are) (?:very |really )?good for you|(?:may|"
    r"might) be able to|"
    r"you (?:may|might) (?:want|wish|like) to|i (?:could|can) suggest|"
    r"don'?t (?:go|do|let|give up|be so hard))\b",
    re.IGNORECASE,
)
IMPERATIVE_START = re.compile(
    r"^(?:please )?(?:(?:just |really |definitely |also |maybe |then )?(?:try|take|"
    r"make|"
    r"go|get|stop|start|keep|avoid|consider|find|talk|tell|call|write|reach|ask|give|"
    r"don'?t|do|be|let(?! me\b| us\b)|put|focus|remember|think about|look|see a|seek|"
    r"join|leave|"
    r"quit|cut|eat|drink|exercise|sleep|set|use|read|listen|spend|practice|practise|"
    r"remind|allow|accept|forgive|break|move|walk|breathe|write|speak|contact|visit|"
    r"check|plan|schedule|limit|hang|stay|hold|trust|ignore|forget|learn|work|treat|"
    r"show|open|add|buy|pick|choose|delete|block|surround|apply|wait))\b",
    re.IGNORECASE,
)
WARN = rx(
    r"or (?:else|you'?ll|you will|it will)|be careful|dangerous|you(?:'ll| will) "
    r"(?:end up|regret|lose|get hurt|die)|if you don'?t (?:stop|quit|cut)|"
    r"it(?:'ll| will) (?:only )?get worse|could kill|serious (?:risk|consequences)"
)
INFORMATION = rx(
    r"research|studies|study shows|evidence|according to|statistic|percent|%|"
    r"on average|typically|usually|generally|in general|most people|many people|"
    r"a lot of people|it is (?:known|common|normal)|it'?s (?:common|normal|natural|"
    r"known|called|a (?:sign|symptom|condition|disorder))|is (?:a|an) (?:common|normal|"
    r"type|kind|form|sign|symptom)|symptoms?|diagnos\w*|medication|treatment|"
    r"therap(?:y|ist)s?|doctor|counsel(?:l)?or|psychologist|psychiatrist|hotline|"
    r"helpline|guideline|recommended|mg|milligrams?|units?|per (?:day|week)|"
    r"increases?|decreases?|reduces?|raises?|lowers?|risk of|causes?|effects?|"
    r"the body|your body|brain|liver|blood|heart|nicotine|alcohol|caffeine|cortisol|"
    r"serotonin|dopamine|program(?:me)?|resources?|website|app|book|clinic|service"
)
# Cues that a statement is education, not a reflection, even when it says "you"
# ("It cuts your risk of falls in half").
STRONG_INFORMATION = rx(
    r"research|studies|study shows|evidence (?:shows|suggests)|according to|"
    r"statistics?|"
    r"percent|on average|typically|in general|most people|many people|a lot of people|"
    r"recommended|guidelines?|risk of|your risk|(?:increase|decrease|reduce|raise|"
    r"lower|cut)s? (?:the|your) (?:risk|chance|level|blood)|milligrams?|mg|per (?:day|"
    r"week)|the body|it(?:'s| is) called|what (?:we|they) call|side effects?|"
    r"we know that|it tends to|tends to|is associated with|is linked to"
)
# First-person plan/structuring talk by the therapist ("I'll give you a form").
STRUCTURING = rx(
    r"(?:i|we)(?:'ll| will| are going to|'re going to| can| could) (?:talk|go over|"
    r"look at|start|begin|stop|meet|see you|give you|send|follow up|check in|get back|"
    r"schedule|finish|wrap up|come back)|next (?:time|session|week)|"
    r"today we|our time|for today|before (?:you|we) (?:leave|go)|the form|"
    r"questionnaire|"
    r"let'?s (?:stop|finish|wrap up|pause|end|take a (?:short )?break|leave it|start|"
    r"begin|get started|move on)|(?:that'?s|we(?:'re| are)) (?:all|"
    r"out of) (?:the )?time"
)

# --- MI-adherent relational codes -----------------------------------------------------

# The patient asked for the advice: it is given with permission.
ASKED_FOR_IT = re.compile(
    r"\b(?:since you asked|as you asked|you asked (?:me )?(?:for|about|what))\b", re.I
)
PERMISSION = re.compile(
    r"\b(?:since you asked|as you asked|you asked (?:me )?(?:for|about|what)|(?:would|"
    r"will|is) it (?:be )?(?:ok(?:ay)?|alright|all right) (?:if|with you|"
    r"for me)|may i|can i (?:share|tell|give|offer|suggest|make)|could i (?:share|tell|"
    r"give|offer|suggest|make)|do you mind if i|would you (?:like|want|be (?:open|"
    r"interested|willing)) (?:me to|to hear|to know|some|to (?:take a )?look|to talk)|"
    r"(?:are you|would you be) (?:open|interested|willing) to (?:hear|look|talk|try)|"
    r"mind if i|i have (?:some|a few) (?:ideas|thoughts|information)|"
    r"can i ask you|is that something you'?d (?:like|be))\b",
    re.IGNORECASE,
)
SEEK = re.compile(
    r"\b(?:what do you think|what are your thoughts|how does that sound|"
    r"does that (?:sound|make sense|fit|seem)|what would (?:you like|work for you|"
    r"be (?:most )?helpful)|where would you like|how would you like|"
    r"what (?:should|shall|would|could) we|together|you(?:'re| are) the expert|"
    r"you know (?:yourself|your \w+) (?:best|better)|you know best|"
    r"let'?s (?:figure|work|think|look|talk|see)|your (?:ideas?|thoughts|input|take)|"
    r"which (?:of these|one) (?:would|do|sounds)|what would you want|"
    r"we (?:can|could|might|will|'ll|should|need to|are going to|'re going to|"
    r"gonna) (?:\w+ ){0,2}(?:work|talk|look|think|figure|come up|plan|set|try|"
    r"do|start|meet|go over|make|get|take|find|see|explore|check)|"
    r"something we can|let'?s)\b",
    re.IGNORECASE,
)
AUTONOMY = re.compile(
    r"\b(?:(?:it'?s|it is|that'?s|that is) (?:really |completely |entirely |totally )?"
    r"(?:up to you|your (?:choice|call|decision|life))|up to you|your (?:choice|call|"
    r"decision)|you (?:get to|can) (?:decide|choose)|you decide|you(?:'re| are) (?:the "
    r"(?:one|only one|person) who|in (?:charge|control))|only you (?:can|know)|"
    r"(?:whatever|whether) you (?:decide|choose)|nobody can (?:make|force) you|"
    r"no one can (?:make|force) you|(?:it'?s|that'?s) your (?:right|body)|"
    r"you(?:'re| are) free to|if and when you|you(?:'ll| will) (?:know|decide) "
    r"(?:when|what|best)|you(?:'d| would)? know (?:yourself )?best|"
    r"you know (?:yourself|your \w+) best)\b",
    re.IGNORECASE,
)
AFFIRM = re.compile(
    r"\b(?:good for you|well done|great job|nice work|good job|that(?:'s| is| was) "
    r"(?:a )?(?:really |very |so |pretty |quite )?(?:great|amazing|impressive|"
    r"wonderful|"
    r"fantastic|brave|courageous|admirable|a big step|huge|an achievement|an "
    r"accomplishment|strong|big|important step|awesome|excellent|commendable)|"
    r"(?:took|takes|shows?|showed|showing) (?:a lot of |real |great |some )?(?:courage|"
    r"strength|determination|commitment|guts|grit|effort|insight|resilience|"
    r"initiative|maturity|persistence|patience|honesty|work)|you(?:'re| are) (?:a |so |"
    r"really |very |clearly |obviously )?(?:strong|"
    r"brave|resilient|capable|determined|resourceful|smart|thoughtful|caring|"
    r"committed|courageous|hard[- ]working|a (?:good|great|caring|loving|strong) \w+)|"
    r"you(?:'ve| have) (?:done|made|come|worked|managed|accomplished|achieved|shown|"
    r"already) (?:a )?(?:so much|a lot|really|great|well|amazing|far|hard|a great)|"
    r"i(?:'m| am) (?:so |really )?(?:proud of you|impressed)|you should be proud|"
    r"i (?:admire|respect|appreciate) (?:that|how|your|you)|"
    r"(?:kudos|congrat\w*|props)|you did (?:it|great|well|a great)|"
    r"(?:thank you|thanks) for (?:sharing|being (?:so )?(?:open|honest)|telling))\b",
    re.IGNORECASE,
)
CONFRONT = re.compile(
    r"\b(?:come on|that'?s (?:just )?(?:an excuse|ridiculous|nonsense|silly|stupid|"
    r"wrong|not true|selfish|irresponsible|crazy|lazy)|you(?:'re| are) (?:just )?(?:in "
    r"denial|being (?:ridiculous|silly|dramatic|selfish|lazy|stupid|irrational|"
    r"unreasonable|childish|naive)|wrong|lying|making excuses|an addict|an alcoholic|"
    r"overreacting|kidding yourself|fooling yourself)|you know (?:that'?s|better|full "
    r"well)|be honest|you have to admit|admit it|grow up|get over it|stop (?:whining|"
    r"complaining|making excuses|feeling sorry)|what did you expect|"
    r"whose fault|your (?:own )?fault|quit (?:whining|complaining)|"
    r"man up|snap out of|so you think (?:that'?s|it'?s) (?:ok|okay|fine|alright)|"
    r"are you (?:seriously|really) (?:saying|telling)|you can'?t be serious|"
    r"how could you|don'?t be (?:so )?(?:silly|ridiculous|stupid|dramatic)|"
    r"you think [^?.]{0,60}\b(?:is|'s|are|was) (?:totally |perfectly |just |really )?"
    r"(?:fine|ok|okay|alright|no big deal|not a (?:big )?(?:deal|problem)))\b",
    re.IGNORECASE,
)
SUPPORT = re.compile(
    r"\b(?:(?:i'?m|i am) (?:so |really |very |truly )?sorry|sorry (?:to hear|that|for|"
    r"about|you)|(?:sending|big|virtual) (?:hugs?|love)|hugs|i(?:'m| am) here for you|"
    r"here (?:for you|if you need)|i hope (?:you|things|it|that|this)|hope you|"
    r"(?:best|good) (?:of )?luck|wish(?:ing)? you|take care|you(?:'re| are) not alone|"
    r"i feel for you|my heart (?:goes out|breaks)|hang in there|stay strong|"
    r"that (?:must be|sounds|is|'s) (?:so |really |very )?(?:hard|tough|awful|"
    r"terrible|horrible|difficult|rough|painful|scary|frustrating|heartbreaking|sad)|"
    r"(?:that|it) sucks|i(?:'m| am) (?:so |really )?(?:glad|happy) (?:you|to hear)|"
    r"(?:you can|feel free to) (?:always )?(?:pm|dm|message|talk to|reach out to) me|"
    r"i care|people care|we care|you matter|you deserve|"
    # Reassurance and encouragement (MISC "support"; ESConv "reassurance").
    r"you can do (?:it|this|anything)|you(?:'ve| have)? got this|i believe in you|"
    r"i know you (?:can|will)|you(?:'ll| will) (?:be (?:fine|ok|okay|alright)|get "
    r"through|make it|find (?:a way|someone|the)|do (?:great|fine|well))|"
    r"(?:it|everything|things|all) (?:is |are )?(?:going to|gonna|will|'ll) (?:be "
    r"(?:ok|okay|fine|alright|all right|better)|work out|get better|turn out)|"
    r"don'?t worry|no need to worry|(?:a |that'?s a |sounds like a |what a )(?:good|"
    r"great|wonderful|fantastic|smart|wise|excellent|brilliant) (?:idea|plan|choice|"
    r"decision|way|thing|start|step|goal|approach|attitude|mindset)|"
    r"rooting for you|keep (?:it|going|your head)|you(?:'re| are) doing (?:great|"
    r"well|the right|your best|a great)|proud of you|i understand (?:completely|"
    r"that|how|why|what)|i (?:totally |completely )?understand)\b",
    re.IGNORECASE,
)
SUPPORT_REASSURANCE = re.compile(
    r"\b(?:you can|you(?:'ve| have)? got this|believe in you|you(?:'ll| will)|"
    r"(?:going to|gonna|will|'ll) (?:be|work out|get better)|don'?t worry|"
    r"not alone|hope|wish|good luck|proud|glad)\b",
    re.IGNORECASE,
)
# Well-wishing that closes a chat ("I wish you all the best"): sympathy in the MITI
# sense, but a pleasantry in ESConv's scheme.
WELL_WISHING = re.compile(
    r"\b(?:(?:i |we )?(?:hope|wish)(?:ing)? (?:you|that you|u)\b(?! (?:can|will|'ll) "
    r"(?:find|get|see|try|talk))|good luck|best of luck|all the best|god bless|"
    r"bless you|take care|stay safe|(?:glad|happy) to hear|nice (?:talking|chatting)|"
    r"(?:you|u) (?:as well|too)\b)",
    re.IGNORECASE,
)
# Offers to go on or to close that are phrased as questions ("Anything else I can do?").
CLOSING_QUESTION = re.compile(
    r"\b(?:anything else (?:i|you|that)|(?:how|what) can i (?:do|help)|can i help|"
    r"how are you(?: doing)?(?: today| tonight| this \w+)?\s*\?*$|"
    r"what (?:brings|brought) you|what would you like to (?:talk|chat|discuss))\b",
    re.IGNORECASE,
)
# Advice phrased as a question ("Have you talked to your manager?").
ADVICE_QUESTION = re.compile(
    r"\b(?:why (?:don'?t|not) you|have you (?:tried|considered|thought (?:about|of)|"
    r"spoken|talked|looked (?:into|at)|asked|reached out|googled|checked)|"
    r"how about|what (?:if|about) (?:you|trying|talking|asking|getting|finding)|"
    r"(?:are there|is there) (?:any )?(?:\w+ ){0,3}(?:you|that you) (?:can|could|"
    r"might)|"
    r"(?:can|could) you (?:try|ask|talk|reach|find|maybe|perhaps|speak|look)|"
    r"would you (?:consider|be (?:willing|open) to try|try)|(?:do|would) you want to "
    r"try|maybe (?:you|try)|would it help (?:to|if you))\b",
    re.IGNORECASE,
)
# Encouragement phrased as a directive ("Don't beat yourself up"): reassurance, not
# advice about what to do.
ENCOURAGEMENT = re.compile(
    r"^(?:please |just |so |and |but )?(?:don'?t (?:beat yourself up|be (?:so |"
    r"too )?hard "
    r"on yourself|give up|worry|lose hope|blame yourself)|keep (?:up|your (?:head|"
    r"chin)|"
    r"that|going|smiling|the faith|fighting|pushing|it up)|stay (?:positive|strong|"
    r"hopeful|safe)|try not to (?:think of yourself|blame|be (?:so |too )?hard)|"
    r"(?:be|go) easy on yourself|believe in yourself|be proud|give yourself (?:some )?"
    r"(?:credit|time|a break)|remember (?:that )?you(?:'re| are)|hang in there|"
    r"cheer up|chin up)\b|\b(?:i(?:'m| am) (?:sure|confident|certain)|i (?:think|"
    r"believe|know)) (?:that )?(?:you|u) (?:can|will|'ll|would|are|'re)\b",
    re.IGNORECASE,
)
# Closings and pleasantries that end or open a chat: `other`, whatever their grammar.
PLEASANTRY = re.compile(
    r"^(?:(?:thanks?|thank you|(?:you(?:'re| are|re|r)?|your) (?:(?:very|so|most|"
    r"more than) )*welcome|(?:and )?you (?:as well|too|do the same)|god bless|"
    r"of course|same (?:too|to) you|(?:i(?:'m| am) )?glad (?:you|i)|"
    r"(?:and )?(?:you|same to you|to you) (?:too|as well)|same to you|no problem|"
    r"my pleasure|have a (?:good|great|nice|wonderful|lovely|blessed)|take care|"
    r"good ?bye|bye|see you|talk (?:to you )?(?:soon|later)|good (?:morning|afternoon|"
    r"evening|night)|hi|hello|hey|nice (?:to (?:meet|talk|chat)|talking|chatting)|"
    r"it was (?:nice|good|great|a pleasure)|glad (?:i could|to) help|"
    r"i(?:'m| am) glad (?:i|to) (?:could )?help(?:ed)?|"
    r"(?:i )?(?:hope|wish) you (?:have|had|enjoy) (?:a|an|the|your)|enjoy (?:the rest|"
    r"your)|you(?:'re| are) (?:most|more than) welcome|(?:it'?s|it has) been (?:my|a) "
    r"pleasure|(?:it'?s|it has) been (?:great|nice|good|lovely) (?:chatting|talking)|"
    r"(?:good|best of) luck|stay safe|happy (?:holidays|new year|birthday|"
    r"thanksgiving)|"
    r"merry christmas)\b)",
    re.IGNORECASE,
)
SELF_DISCLOSURE = re.compile(
    r"\b(?:i(?:'ve| have) (?:been|had|gone|dealt|struggled|felt|experienced|lost|"
    r"suffered|faced|done|tried|found)|i (?:was|had|went|used to|felt|struggled|lost|"
    r"did|tried|got|remember|know (?:what|how) (?:it|that)(?:'s| is) like|"
    r"also|too|myself|personally|went through|suffer|struggle|deal)|when i was|"
    r"in my (?:experience|case|life)|for me|same (?:here|thing happened)|"
    r"me too|i can relate|(?:my|me) (?:own )?(?:mom|mum|dad|mother|father|wife|"
    r"husband|partner|girlfriend|boyfriend|son|daughter|friend|brother|sister|family|"
    r"ex|dog|cat|kids?|job|boss|therapist|doctor|anxiety|depression)|"
    r"happened to me|i(?:'m| am) (?:also|in the same|going through))\b",
    re.IGNORECASE,
)

# --- feelings, disclosures, distortions, risk -----------------------------------------

# Emotion words grouped into families, so that "furious" and "angry" count as the same
# feeling when checking whether a reflected feeling was expressed by the patient.
EMOTION_FAMILIES: dict[str, tuple[str, ...]] = {
    "sad": (
        "sad",
        "sadness",
        "down",
        "low",
        "depressed",
        "depressing",
        "depression",
        "miserable",
        "unhappy",
        "hopeless",
        "heartbroken",
        "grief",
        "grieving",
        "devastated",
        "empty",
        "numb",
        "crying",
        "cry",
        "cried",
        "tears",
        "blue",
        "despair",
        "gloomy",
        "hurt",
        "hurting",
        "pain",
        "painful",
        "broken",
        "lost",
        "lonely",
        "alone",
        "isolated",
        "loneliness",
        "upset",
        "disappointed",
        "disappointment",
        "regret",
        "sorrow",
        "worthless",
        "useless",
    ),
    "anxious": (
        "anxious",
        "anxiety",
        "worried",
        "worry",
        "worrying",
        "nervous",
        "scared",
        "afraid",
        "fear",
        "fearful",
        "frightened",
        "terrified",
        "panic",
        "panicky",
        "stressed",
        "stress",
        "stressful",
        "overwhelmed",
        "overwhelming",
        "tense",
        "uneasy",
        "dread",
        "dreading",
        "on edge",
        "insecure",
        "unsafe",
        "pressure",
        "pressured",
        "freaking",
        "freaked",
    ),
    "angry": (
        "angry",
        "anger",
        "mad",
        "furious",
        "irritated",
        "annoyed",
        "frustrated",
        "frustrating",
        "frustration",
        "resentful",
        "resentment",
        "pissed",
        "rage",
        "fed up",
        "bitter",
        "outraged",
        "hate",
    ),
    "ashamed": (
        "ashamed",
        "shame",
        "guilty",
        "guilt",
        "embarrassed",
        "embarrassing",
        "humiliated",
        "stupid",
        "failure",
        "inadequate",
        "disgusted",
        "disgusting",
    ),
    "tired": ("tired", "exhausted", "drained", "worn", "burned", "burnt", "fatigue"),
    "confused": ("confused", "stuck", "torn", "unsure", "uncertain", "conflicted"),
    "happy": (
        "happy",
        "glad",
        "relieved",
        "relief",
        "proud",
        "excited",
        "hopeful",
        "grateful",
        "content",
        "calm",
        "peaceful",
        "joy",
        "good",
        "better",
        "great",
        "optimistic",
        "motivated",
        "confident",
        "thankful",
    ),
}
EMOTION_TO_FAMILY: dict[str, str] = {
    w: fam for fam, ws in EMOTION_FAMILIES.items() for w in ws if " " not in w
}
NEGATIVE_EMOTION_WORDS = frozenset(
    w
    for fam, ws in EMOTION_FAMILIES.items()
    if fam != "happy"
    for w in ws
    if " " not in w
)
# Feeling words strong enough to name a feeling in a reflection (not "good", "down").
FEELING_WORDS = frozenset(
    w
    for w in EMOTION_TO_FAMILY
    if w
    not in {"good", "better", "great", "down", "low", "lost", "pain", "alone", "blue"}
)
FIRST_PERSON_FEELING = re.compile(
    r"\b(?:i(?:'m| am| was|'ve been| have been| feel| felt| get| keep)|i just|"
    r"makes me|made me|leaves me|left me|i can'?t (?:stop|cope|take|handle|sleep|"
    r"stand|breathe|do this|go on)|i(?:'m| am) (?:so|really|very|just|always|"
    r"completely) )\b",
    re.IGNORECASE,
)
DISCLOSURE_PHRASES = rx(
    r"i (?:feel|felt) (?:so |really |very |completely |totally |"
    r"just )*(?:like )?(?:a )?(?:failure|nothing|worthless|useless|awful|"
    r"terrible|horrible|empty|numb|trapped|stuck|broken|lost|alone|invisible)",
    r"i can'?t (?:cope|take (?:it|this)|handle (?:it|this)|stop crying|do this anymore|"
    r"go on)",
    r"falling apart|breaking down|at the end of my rope|at my wit'?s end|"
    r"don'?t know what to do|can'?t stop thinking|keeps? me up|"
    r"nobody (?:cares|understands|loves)|no one (?:cares|understands|loves)|"
    r"i hate myself|i miss (?:him|her|them)|broke my heart|my heart",
)
DISTORTION = rx(
    r"i(?:'m| am) (?:a (?:total |complete )?(?:failure|loser|burden|disappointment|"
    r"mess|fraud|idiot)|(?:so |completely |totally )?(?:worthless|useless|unlovable|"
    r"stupid|pathetic|hopeless|broken|disgusting|weak))",
    r"(?:everyone|everybody|nobody|no one) (?:hates|likes|cares|loves|wants|thinks)",
    r"i (?:always|never) (?:mess|screw|fail|ruin|get|do|say)",
    r"(?:always|never) going to|nothing (?:ever )?(?:works|goes right|will change)",
    r"it'?s all my fault|everything is my fault|i ruin everything|"
    r"i(?:'ll| will) never (?:be|get|find|change)|i can'?t do anything right|"
    r"i should(?:n'?t)? (?:have|be|always)|they (?:all )?think i'?m",
)
AGREEMENT = re.compile(
    r"^(?:(?:yes|yeah|well),? )?(?:you(?:'re| are) (?:right|correct)|that'?s (?:true|"
    r"right|correct|fair)|i agree|i(?:'d| would) agree|exactly|absolutely|true|"
    r"i can see why you(?:'d| would)? (?:be|are)|honestly,? (?:yes|yeah)|"
    r"it does sound like you (?:are|were|always|never)|you probably (?:are|did|"
    r"will))\b",
    re.IGNORECASE,
)
RISK_CUE = rx(
    r"kill (?:myself|me)|suicid\w*|end (?:it all|my life|things|it)|"
    r"take my (?:own )?life",
    r"want(?:ed)? to die|wish i (?:was|were) dead|better off (?:dead|without me)|"
    r"not (?:be|being) (?:here|around) anymore|no (?:reason|point) (?:to|in) "
    r"(?:live|living|go(?:ing)? on)|hurt(?:ing)? myself|self[- ]harm\w*|cut(?:ting)? "
    r"myself|overdose|jump (?:off|in front)|don'?t want to (?:live|be alive|wake up)|"
    r"can'?t go on|pills",
)
VEILED_RISK_CUE = rx(
    r"what'?s the point|no point|give up on everything|tired of (?:everything|it all|"
    r"living)|disappear|go to sleep and not|can'?t do this anymore|no way out|"
    r"everyone would be better|burden|nothing left|done with (?:it all|everything)",
)
RISK_RESPONSE = rx(
    r"suicid\w*|kill(?:ing)? yourself|end(?:ing)? your life|hurt(?:ing)? yourself|"
    r"harm(?:ing)? yourself|self[- ]harm|safe(?:ty)?|thoughts of (?:dying|death|ending|"
    r"not)|want(?:ing)? to die|not (?:be|being) (?:here|around)|crisis|"
    r"emergency|helpline|hotline|988|111|999|911|samaritans|are you (?:ok|okay|safe)|"
    r"take your (?:own )?life|plan to|no point",
)

# The speaker describing their own experience ("I do.", "I feel the same way", "My mum
# was like that too"): what EPITOME calls relating a similar experience, what MISC
# calls self-disclosure. Opinions, hopes, apologies and advice in the first person are
# excluded by NOT_DISCLOSURE.
OWN_EXPERIENCE = re.compile(
    r"(?:^|[.!?,;:]\s*|\b(?:and|but|so|when|because|cause|too|also|honestly|yeah|"
    r"same|lol|haha)\s+)"
    r"(?:i['’]m|i['’]ve|im|ive|i|my|we)\b(?!['’])"
    r"(?!\s+(?:am\s+|was\s+|do\s+|really\s+|just\s+|so\s+|truly\s+|very\s+)*"
    r"(?:think|thought|hope|wish (?:you|u|i could help)|guess|suggest|recommend|"
    r"believe|agree|understand|"
    r"sorry|here|glad|happy|willing|not sure|no expert|don'?t know|dont know|"
    r"can'?t imagine|mean|see|hear|would|say|want(?:ed)? (?:you|to (?:say|let|help))|"
    r"don'?t want you|encourage|wonder|'d like|would like|need you|want to (?:ask|"
    r"talk|check|hear|know|make|understand|share)|know how|know what|know,|"
    r"know that you|feel (?:ya|you|"
    r"for)|care|love you|promise|bet|doubt|will|can|could|should|might|may|must|gut|"
    r"all|completely|totally|personally think|am here|get (?:it|that|you)|"
    r"appreciate|admire|respect|proud)\b)",
    re.IGNORECASE,
)
SHARED_EXPERIENCE = rx(
    r"^(?:same|yep|yup|yea|ye|yeah same|relatable|this is me|story of my life)|"
    r"\bmy (?:life|bed|room|parents|mom|mum|dad|family|friends?|job|head|brain|"
    r"depression|anxiety|therapist|meds|own|case|ex|partner|girlfriend|boyfriend|wife|"
    r"husband)\b|(?:i|me) (?:too|also|as well)|same (?:here|for me|thing|boat|"
    r"situation|way)|"
    r"feel the same|felt the same|i do\b|i did\b|i have(?:n'?t)? too|been there|"
    r"i know (?:the|that) feeling|i know what (?:it'?s|that'?s) like|i can relate|"
    r"relate to (?:this|that|you)|happened to me|in a similar|similar (?:situation|"
    r"experience|thing)|my (?:own )?experience|when i was|i used to"
)
