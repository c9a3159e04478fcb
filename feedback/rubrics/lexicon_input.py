"""Word lists and patterns for what an utterance does: information, advice and
persuasion, the MI-adherent relational codes, support, social talk and self-disclosure
(RUBRICS.md §1.1, §6).

Part of the lexicon (`lexicon.py` re-exports every name); written from the rubric
definitions, not mined from a dataset.
"""

from __future__ import annotations

import re

from .lexicon_forms import rx

# --- input: information, advice, persuade ---------------------------------------------

# Not advice after "maybe you" / "perhaps you": a past or perception verb ("maybe you
# noticed...", "perhaps you felt...") observes what the patient already lived through.
_OBSERVED = (
    r"(?! (?:\w+ed|noticed|saw|felt|knew|thought|found|got|heard|were|was|had|already|"
    r"sometimes|also|often|kind of|sort of)\b)"
)

ADVICE = re.compile(
    r"\b(?:you (?:really |just |definitely |probably |honestly |seriously |"
    r"absolutely |still |also )?(?:should|shouldn'?t|ought to|need to|have to|"
    # "You must feel betrayed" infers a feeling; only "you must <do>" is advice.
    # 2026.11-10: also the chat "must of been", and the states one infers
    # ("you must really resent him", "must dread mondays").
    r"must(?! (?:(?:really|so|sometimes|often|still|also|have|of) )*(?:be|been|feel|"
    r"felt|wonder|think|know|miss|hate|love|care|want|wish|resent|regret|dread|fear|"
    r"worry|blame|envy|struggle|hurt|ache|long|notice|sense|realise|realize|mean)\b|"
    r"'?ve\b)|"
    r"gotta|got to|"
    r"might want to|may want to|could try|can try|could always|can always)|"
    r"i(?:'?d| would)? (?:suggest|recommend|advise|encourage)|i(?:'?d| would) (?:try|"
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
    r"i(?:'?d| would) (?:look|try|go|talk|start|recommend|suggest|advise)|"
    r"i (?:highly |strongly |would |really )?recommend|(?:find|found|finds) (?:that )?"
    r"(?:it )?helps? to|it helps to|(?:people|others|folks) (?:find|found) (?:that )?"
    r"[^.?!]{0,50}\bhelps?\b|(?:is|are|be) (?:very |really |"
    r"so )?helpful (?:to|for)|i find it (?:helpful|useful) to|something you (?:can|"
    r"could|"
    r"might)|(?:might|may|could) (?:help|be worth)|instead(?:,)? (?:try|of)|"
    r"(?<![a-z'] )(?:and|so|then) (?:just )?(?:try|give|make|take|talk to|reach out|"
    r"ask|tell|write)\b(?! (?:and|to) see)|tips?|"
    # "Maybe you noticed the checking calms you for a minute": a tentative
    # observation of what the patient already lived through (a past or perception
    # verb) reflects; only "maybe you <do>" advises.
    r"maybe (?:you(?! (?:could|should|would|might|must)(?:'ve| have)\b)"
    + _OBSERVED
    + r"|if you|try|it would)|"
    r"perhaps (?:you" + _OBSERVED + r"|try|"
    r"another|if)|(?:another|one|other) option|(?:it|this|that) (?:will|would|should|"
    r"can) "
    r"(?:really )?(?:help|be helpful)|(?:is|are) (?:very |really )?good for you|(?:may|"
    r"might) be able to|"
    r"you (?:may|might) (?:want|wish|like) to|i (?:could|can) suggest|"
    r"don'?t (?:go|do|let|give up|be so hard)|"
    # A plan or a solution handed over as a summary is still advice ("Okay, so
    # here's your plan: ...", "what you need is a hard stop at seven").
    r"(?:here'?s|this is|that'?s) (?:your|the|my|a) (?:plan|homework|game plan)|"
    r"(?:so |the )?plan (?:is|will be) (?:to|that|for you)|your (?:plan|homework|"
    r"task) (?:is|for (?:this|the|next))|what you (?:really )?need (?:to do )?is|"
    r"(?:the )?(?:first|next|best|main) (?:thing|step) (?:is|would be|to do is) "
    r"(?:to|that you)|next time,? (?:just |maybe |try (?:to )?)?(?:try|step|take|say|"
    r"tell|ask|leave|walk|go|write|call|ring|text|breathe|count|remind)|"
    r"next (?:meeting|week|session|day|shift|class|lecture|weekend),? (?:just |maybe |"
    r"try (?:to )?)?(?:try|say|tell|ask|leave|walk|go|write|call|text|speak|sit|put)\b|"
    r"(?:maybe |perhaps )?it'?s (?:about )?time (?:to|you|for you)|"
    r"here'?s what (?:we'?ll|you'?ll|you should|you need to|to) do|you(?:'re| are) "
    r"going to (?:go|do|call|text|start|write|ring|book|try|make|sit)|(?:gonna|going "
    r"to|will) have to|for (?:your )?homework|let'?s (?:just )?try (?:getting|to|and|"
    r"doing|going|setting|making|writing)|"
    # Suggestions framed as ideas or as what works for others are still advice.
    r"one (?:idea|option|suggestion|approach) (?:is|could be|might be|would be|some|"
    r"i'?d|you could|to try)|one (?:small )?thing (?:you could|to try|i'?d (?:suggest|"
    r"try)|some (?:people|parents|carers)|(?:is|could be|might be) to)|"
    r"some (?:people|carers|parents|"
    r"students|families|folks|dads|mums|mothers|fathers|others|clients) (?:find|try|do|"
    r"set|use|have found|like to)|(?:might be |maybe |could be )?worth (?:a try|trying|"
    r"a go|a shot)|you might (?:try|want to try|like to try)|i'?d (?:maybe |probably )?"
    r"(?:start|try|go) (?:with|by|to)|what (?:helped|worked for) me was|(?:lots|a lot) "
    r"of (?:people|students|dads|parents|carers) (?:do|try|get|find|set)|"
    # 2026.11-5: "you could <do>" with more everyday actions, "one thing could be...", "maybe <do>...",
    # "asking him might be the kindest thing", "start with...".
    r"you could (?:also |always |maybe |perhaps |just |even )?(?:run|send|text|email|"
    r"message|book|pick|jot|note|practi[cs]e|rehearse|share|mention|bring|invite|"
    r"sit down|schedule|arrange|cut|limit|swap|ring|phone|unmute|reply)\b|"
    r"one (?:small |other )?(?:thing|idea|option|step) (?:could|might|would) be|"
    r"(?:^|,\s*|\band\s+)(?:maybe|perhaps)\s+(?:just\s+)?(?:start|unmute|reply|text|"
    r"call|ask|tell|write|go|book|plan|take|give|send|pick|set|put|join|look|check|"
    r"talk|speak|email|ring|message|sit|walk|get|make|keep|leave|stop|cut|spend|try|"
    r"let|use|do|add|limit|switch|turn|mute|delete|block|note|list|schedule)\b|"
    r"\w+ing (?:\w+ ){0,3}(?:might|may|could|would) be (?:the )?(?:kindest|best|"
    r"easiest|simplest|a good|good|helpful|useful|kinder|easier|worth)|"
    r"(?:^|,\s*)(?:just )?start (?:with|by|small))\b",
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
    r"show|open|add|buy|pick|choose|delete|block|surround|apply|wait|list|note|jot|"
    r"text|send|ring|phone|book|email|switch|turn off|make sure|sign up|get out))\b",
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
    r"serotonin|dopamine|program(?:me)?|resources?|website|app|book|clinic|service|"
    r"adrenaline|panic attacks?|fight or flight|nervous system|hormones?"
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
    r"today we|our time|for today|(?:minutes|mins) (?:left|to go)|let me think|"
    # Stop 21: the counsellor steering the topic ("ok let's focus on the deadline").
    r"let'?s (?:focus on|move on|get back to|turn to|start with)|"
    # 2026.11-6: floor-keeping and housekeeping ("sorry, go on", "sorry to interrupt",
    # "everything here is confidential", "i'll just write a few notes").
    r"^(?:sorry,? )?(?:go on|carry on|keep going|please (?:go on|continue)|continue)"
    r"(?=\W*$)|sorry (?:to interrupt|for interrupting)|confidential|(?:write|take|jot) "
    r"(?:down )?(?:a few |some )?notes|(?:nearly|almost|running) out of time|where "
    r"were we|before (?:you|we) (?:leave|go)|the form|"
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
    r"\b(?:what do you think(?= *(?:\?|$|about (?:that|this|trying|doing|the (?:idea|"
    r"plan))|we|of (?:that|this|the)))|what are your thoughts|how does that sound|"
    r"does that (?:sound|make sense|fit(?! with)|seem)|what would (?:you like|work for you|"
    r"be (?:most )?helpful)|where would you like|how would you like|"
    r"what (?:should|shall|would|could) we|(?:work|figure|think|look|plan|decide|"
    r"sort)\w* (?:\w+ ){0,3}together|together we|you(?:'re| are) the expert|"
    r"you know (?:yourself|your \w+) (?:best|better)|you know best|"
    # Stop 21: "let's look at X" and "how does that fit with X?" steer or test a
    # thought; "your idea went out" reports. None asks for the patient's input.
    r"let'?s (?:figure|work) (?:it|this|that|things|out)|let'?s see (?:what|if|how) we|"
    r"your (?:ideas?|thoughts|input|take)(?= *(?:on|about|here|too|\?|$|[.,!;]))|"
    r"which (?:of these|one) (?:would|do|sounds)|what would you want|"
    r"we (?:can|could|might|will|'ll|should|need to|are going to|'re going to|"
    r"gonna) (?:\w+ ){0,2}(?:work|talk|look|think|figure|come up|plan|set|try|"
    r"do|start|meet|go over|make|get|take|find|see|explore|check)|"
    r"something we can|"
    # 2026.11-5: agenda and ideas asked of the patient ("shall we start with...?",
    # "what would feel most useful today?", "what have you already thought of?").
    r"shall we|can we (?:talk|look|start|go|come back|spend|think)|what would (?:feel|"
    r"be) (?:most |more )?(?:useful|helpful|important)|what have you "
    r"(?:already )?(?:thought|considered|tried))\b",
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
    r"you know (?:yourself|your \w+) best|"
    r"you(?:'ll|'d| will| would)? know (?:if|whether|what works|best)|you know "
    r"(?:\w+ ){0,3}(?:better than i do|best)|see (?:how|what|if) (?:that |it |this )?"
    r"(?:sits|feels|works|fits)|(?:only )?if (?:it|that) (?:feels|seems|sounds) right|"
    r"either (?:is|way is|way'?s) fine|or not,? (?:and )?(?:that'?s|either)|you don'?t "
    r"have to (?:decide|do|choose|try)|you(?:'re| are) the one who (?:knows|decides|"
    r"is in)|(?:and )?it'?s yours\b|you know what works for you|see what (?:feels|"
    r"seems) (?:doable|right|ok|okay|possible)|(?:totally|completely|entirely) up to "
    r"you|see what you think|no pressure(?! then)|only if you (?:want|like|feel)|"
    # 2026.11-5: leaving the use of an idea to the patient ("you know the team, so
    # pick what works", "take it or leave it", "your pace, not mine").
    r"you know (?:the|your|them|him|her) (?:\w+ )?(?:best|better|,|so)|pick (?:what|"
    r"whatever|whichever)|take (?:it )?or leave (?:it|them)|take what'?s (?:useful|"
    r"helpful)|(?:or|and) none of (?:it|them)|(?:your|at your own) pace|you don'?t have "
    r"to\b|(?:whatever|whichever) (?:feels|works|suits)|in your own time)\b",
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
    r"(?:thank you|thanks) for (?:sharing|being (?:so )?(?:open|honest)|telling)|"
    # Generic praise ("That's brilliant!") is not an affirmation (MITI); naming
    # what the patient kept doing, or what their effort shows, is.
    r"you(?:'ve| have) "
    r"kept (?:going|at it|trying)|you (?:clearly|really|obviously) (?:hold yourself to|care "
    r"(?:so much|a lot|deeply))|(?:that'?s|that is) (?:really |so |very )?"
    r"(?:conscientious|resourceful)|"
    r"(?:that|it)(?:'s| is| was) (?:really |so |very )?(?:thoughtful|kind|generous|"
    r"sensible|wise|caring|considerate|brave|smart) (?:of you|that you)|"
    r"says (?:a lot|so much|something) about (?:you|how much you|your (?:strength|"
    r"care|commitment|determination))|(?:it'?s|that'?s) (?:really )?(?:good|great) "
    r"(?:that )?you(?:'re| are| have|'ve)? (?:staying|taking|doing|looking|reaching|"
    r"trying|came|made|got|kept))\b",
    re.IGNORECASE,
)
# 2026.11-5: naming the patient's own doing and what it took, in the forms counsellors
# use ("you did that", "you worked that out yourself", "which took a lot", "you've got
# real grit", "that's real courage").
AFFIRM_DOING = re.compile(
    r"\b(?:you did (?:that|this)(?: yourself)?\W*$|you (?:worked|figured|came up with|"
    r"noticed|spotted|found|saw|thought of|got to) (?:that|this|it)(?: out| through)? "
    r"(?:yourself|on your own|all by yourself)|(?:which|that|it|this) (?:took|takes|"
    r"must have taken|would have taken) (?:a lot|so much|real|some|guts|courage|"
    r"restraint|strength|bravery|nerve|grit|effort)|you(?:'ve| have) got (?:a lot of |"
    r"real |so much |such )?(?:grit|courage|strength|determination|guts|heart|"
    r"resilience|insight)|(?:that'?s|that is|it'?s) (?:real|true|genuine) (?:courage|"
    r"strength|progress|grit)|(?:that'?s|that is) (?:a )?(?:really |so |very )?"
    r"(?:important|useful|big|clear|real|valuable|huge|significant) (?:thing|step|"
    r"goal|insight|change|shift|realisation|realization|discovery) (?:you|to)|you(?:'ve|"
    r"have) (?:been|made) (?:really |so |very )?(?:honest|open|a start|a real effort|"
    r"progress|real progress)|you(?:'ve| have) (?:already )?(?:shown|proved|proven) "
    r"(?:you|that you|yourself)|(?:good|great|brilliant) that you (?:\w+ed|went|did|"
    r"told|said|came|took|got|kept|made|saw|spoke)|you (?:went|stayed|kept going|"
    r"stuck with it|showed up|turned up|got through it|did it|spoke up) (?:even|"
    r"though|anyway|when)|(?:that'?s|it'?s) (?:really |so )?(?:brave|courageous)"
    r")\b",
    re.IGNORECASE,
)
CONFRONT = re.compile(
    r"\b(?:come on(?!,? (?:in|over|through|then|up|back|down|now,? you can|what happened|tell me|talk to me|you(?:'ve| have)? got this|you can do (?:it|this)|tell me|let'?s|give it a go|keep going)\b)|that'?s (?:just )?(?:an excuse|ridiculous|nonsense|silly|stupid|"
    r"wrong|not true|selfish|irresponsible|crazy|lazy)|you(?:'re| are) (?:just )?(?:in "
    r"denial|being (?:ridiculous|silly|dramatic|selfish|lazy|stupid|irrational|"
    r"unreasonable|childish|naive)|wrong|lying|making excuses|an addict|an alcoholic|"
    r"overreacting|kidding yourself|fooling yourself)|you know (?:that'?s|better(?! than)|full "
    r"well)|be honest|you have to admit|admit it|grow up|(?:^|(?<=[,.;!] )|(?<=just )|"
    r"(?<=need to )|(?<=have to )|(?<=should ))get over it|stop (?:whining|"
    r"complaining|making excuses|feeling sorry)|what did you expect|"
    r"whose fault|your (?:own )?fault|quit (?:whining|complaining)|"
    r"man up|snap out of|so you think (?:that'?s|it'?s) (?:ok|okay|fine|alright)|"
    r"are you (?:seriously|really) (?:saying|telling)|you can'?t be serious|"
    r"how could you|don'?t be (?:so )?(?:silly|ridiculous|stupid|dramatic)|"
    r"you think [^?.]{0,60}\b(?:is|'s|are|was) (?:totally |perfectly |just |really )?"
    r"(?:fine|ok|okay|alright|no big deal|not a (?:big )?(?:deal|problem))|"
    # Labelling the patient's reaction, or siding against them.
    r"(?:a bit|bit|too|so|rather|pretty) (?:extreme|catastrophic|dramatic|over the top|"
    r"harsh|paranoid|irrational)|to be fair,? you|you can (?:surely )?see why "
    r"(?:people|they|he|she|everyone|others)|why would you (?:(?:even|ever) )?(?:lie|"
    r"do (?:that|this|something like)|say that|let)|"
    r"how long do you think you can (?:keep|go on)|"
    # Labels, blame and point-scoring in the forms students write them.
    r"you(?:'re| are|'ve been| have been) (?:just |being |been |really |pretty |so |"
    r"quite |a bit |kind of |a little )*(?:a bit of an? )?(?:selfish|childish|negative|"
    r"dramatic|unfair|lazy|paranoid|immature|horrible (?:daughter|son|mother|father|"
    r"partner|person))|(?:massive|huge|big|total|complete|bit of an?) overreaction|"
    r"how is (?:that|this|it) fair|doesn'?t (?:exactly )?(?:help|make sense),? does it|"
    r"(?:and|but) you know it\b|so you'?re (?:saying you can|the victim)|read (?:his|"
    r"her|their|people'?s) minds?|why didn'?t you (?:just )?|surely you can see|"
    r"old[- ]fashioned (?:view|idea|way)|though,? (?:isn'?t it|aren'?t you|don'?t you))\b",
    re.IGNORECASE,
)
# 2026.11-5: arguing with the patient in the forms students use: "but you did agree",
# "X is a strong word", "you're being really negative", "more scared than you're
# letting on", "i hear you, but...", a challenge closed by "though?".
CONFRONT_ARGUE = re.compile(
    r"(?:^|\b(?:ok|okay|yeah|right|sure|well),? )but you (?:did|said|agreed|were|do|"
    r"have|know|could)\b|\b(?:^well,? you (?:did|said|agreed|were|chose)|you(?:'re| are)"
    r" being (?:really |a bit |very |so |quite |pretty |a little )?(?:hard on yourself|"
    r"negative|harsh|unfair|defensive|stubborn|difficult|unreasonable|pessimistic)|"
    r"(?:be|being) (?:a bit |a little )?less (?:negative|hard|harsh|dramatic|defensive)|"
    r"more \w+ than you(?:'re| are) (?:letting on|admitting|saying|making out)|"
    r"i hear you,? but|you know (?:you'?re|you are|it'?s|it is) not|you(?:'re| are) "
    r"(?:clearly |obviously )?(?:showing|displaying) (?:a lot of |all the |classic )?"
    r"(?:signs|symptoms)|that'?s not (?:what|how|really|quite|the) |you can'?t "
    r"(?:keep|just|really) (?:blaming|saying|avoiding|expecting|hiding)|let'?s be "
    r"(?:real|honest))",
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
    r"decision|way|thing|start|step|goal|approach|attitude|mindset)(?! (?:would|"
    r"might|could|may) be to| is to)|"
    r"rooting for you|keep (?:it|going|your head)|you(?:'re| are) doing (?:great|"
    r"well|the right|your best|a great)|proud of you|i understand (?:completely|"
    r"that|how|why|what)|i (?:totally |completely )?understand)\b",
    re.IGNORECASE,
)
# Reassurance and normalising in a counsellor's words (MISC support, 2026.11-4):
# comfort that is not the counsellor's own emotional reaction, so EPITOME's ER does
# not read it (empathy.py uses SUPPORT only).
REASSURANCE = re.compile(
    r"^(?:ugh|oof|aw+|oh no)\b|\b(?:bless (?:her|him|you|them)|(?:that'?s|that is|what "
    r"a) (?:so |really |such a )?(?:relatable|lovely|sad|horrible feeling|awful "
    r"feeling|painful thought)|i(?:'m| am) (?:so |really )?(?:pleased|worried hearing)|"
    r"well done|of course not|you(?:'ve| have) been through so much|i know (?:it'?s|it "
    r"can be|it can feel) (?:tough|hard|that way)|(?:it|that)(?:'s| is) not (?:mad|"
    r"silly|weird|stupid)|you(?:'re| are) in the right place|(?:it'?s|it is) (?:really |"
    r"so )?(?:good|great) (?:that )?you came|(?:it'?s|it is) (?:really |so |very )?"
    r"(?:normal|common) (?:to|for)|loads of (?:people|parents|new parents|students) "
    r"(?:do|feel|have)|no need to (?:apologi[sz]e|worry|rush|be sorry)|take (?:your|all the) time|"
    r"(?:there'?s|theres|there is) no (?:rush|pressure|right (?:or|and) wrong|hurry)|"
    r"(?:it|that)(?:'s| is) (?:ok(?:ay)?|alright|all right|fine),? (?:take|there|to|if|"
    r"we|you)|it (?:does|will|can) get easier|it gets easier|"
    r"(?:would|could) (?:make|leave) anyone|anyone would (?:feel|be|have)|"
    r"(?:makes|make) (?:total |complete |perfect )?sense (?:that|why|you)|"
    r"it'?s (?:completely |totally |perfectly |so )?(?:normal|understandable|natural) "
    r"(?:to|that)|you(?:'re| are) not (?:(?:a |being )?(?:stupid|a failure|useless|"
    r"weak|pathetic|a bad|a terrible|going on|boring|a burden|selfish|crazy|mad|"
    r"wasting|weird|silly))|you did(?:n'?t| not) (?:let|cause|kill|fail|do anything "
    r"wrong|deserve)|(?:really|so) (?:shit|unfair|rubbish|crap|out of order) of "
    r"(?:them|him|her)|i(?:'m| am) (?:really |so )?glad you (?:came|made it|told|"
    r"reached)|more (?:use|capable|able) than you think|i (?:really )?feel for you|"
    r"you(?:'re| are) not (?:a |being )?(?:\w+ )?(?:failure|stupid|useless|rubbish|bad|"
    r"terrible|awful|weak|pathetic|boring|burden|selfish|crazy|mad|lazy|mess|idiot|"
    r"loser|disappointment)|(?:it|that) (?:doesn'?t|does not) sound (?:mad|crazy|"
    r"silly|stupid|weird)|it (?:does|will) pass|^(?:that'?s|it'?s) (?:a lot|so much)"
    r"\W*$|of course you(?:'re| are| feel)|that makes (?:complete |total |so much )?"
    r"sense|"
    # 2026.11-5: sympathy for a frightening or hurtful moment, gladness for the patient,
    # and normalising in the short forms students use ("it happens", "that's not a
    # character flaw", "stress does that").
    r"(?:that|it|this) (?:must have been|must be|sounds|sounded|is|was|'s|would have "
    r"been) (?:such an? )?(?:so |really |very |incredibly |pretty |absolutely )?"
    r"(?:frightening|terrifying|overwhelming|exhausting|lonely|stressful|upsetting|"
    r"draining|horrible|unsettling|distressing|hurtful|devastating|isolating|scary|"
    r"awful|hard|tough|painful|difficult)|(?:sounds|seems) like (?:it'?s|it has|"
    r"it'?s been|you'?ve had) (?:been )?(?:a )?(?:really |very |pretty |such a )?"
    r"(?:rough|hard|tough|difficult|long|horrible|awful) (?:week|day|time|few|month|"
    r"year|night)|i(?:'m| am) (?:so |really |very )?(?:relieved|pleased|happy|glad) "
    r"(?:for you|to hear|you)|^i(?:'m| am) (?:so |really )?glad\W*$|^(?:it|that) "
    r"happens\b|(?:it|that) happens to (?:everyone|lots|a lot|loads|most)|(?:it'?s|that'?s|"
    r"it is|that is) not a (?:character )?(?:flaw|weakness|failing)|it'?s not you "
    r"being|(?:stress|grief|anxiety|exhaustion|tiredness|panic) (?:does|can do) that|"
    r"^(?:it'?s|that'?s) (?:so |really )?(?:rough|tough|hard|a lot)\W*$)\b",
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
    r"\b(?:why (?:don'?t|not) you|(?<!what )(?<!which )have you (?:tried|considered|"
    r"thought (?:about|of)|"
    r"spoken|talked|looked (?:into|at)|asked|reached out|googled|checked)|"
    r"how about|what about (?:you|trying|talking|asking|getting|finding)|"
    r"what if you (?:just )?(?:tried|talked|asked|started|called|rang|told|wrote|took|"
    r"gave|made|spoke|went|joined|booked|set)|"
    r"(?:are there|is there) (?:any )?(?:\w+ ){0,3}(?:you|that you) (?:can|could|"
    r"might)|"
    r"(?:can|could) you (?:try|ask|talk|reach|find|maybe|perhaps|speak|look)|"
    r"would you (?:consider|be (?:willing|open) to try|try)|(?:do|would) you want to "
    r"try|maybe (?:you"
    + _OBSERVED
    + r"|try)|would it help (?:to(?! (?:talk|pick|start|focus|go (?:through|over)|think (?:\w+ )?through)\b)|if you)|"
    r"(?:maybe|perhaps|or) (?:just )?(?:block|ask|talk|tell|write|go|call|ring|take|"
    r"make|set|stop|start|get|use|put|give|turn|switch|leave|say|text|join|book|"
    r"delete|list)\b|(?:have you got|do you have|is there) (?:anyone|someone|"
    r"somebody) (?:who )?(?:could|can|to|that could|that can) help|"
    # 2026.11-5: proposals put as questions ("how would you feel about trying...?",
    # "would you be up for texting her?", "maybe unmute it?").
    r"how (?:would|do) you feel about (?:maybe |just )?\w+ing|what do you (?:think|"
    r"reckon) (?:about|of) (?:maybe |just )?\w+ing|would you be (?:up for|open to|"
    r"willing to|ok with|okay with) (?:maybe |just )?\w+ing|(?:do|would) you fancy|"
    r"do you think you (?:could|might) (?:try|give|start|ask|tell|text|call|talk|"
    r"write|book|go)|would (?:it|that) be (?:ok|okay|helpful|useful|worth) (?:to|if "
    r"you) (?:try|\w+)|(?:maybe|perhaps) (?:just )?(?:unmute|reply|email|message|mute|"
    r"limit|note|plan|try|pick|send|check|look)\b)\b",
    re.IGNORECASE,
)
# Encouragement phrased as a directive ("Don't beat yourself up"): reassurance, not
# advice about what to do.
ENCOURAGEMENT = re.compile(
    r"^(?:please |just |so |and |but )?(?:try not to (?:worry|stress|panic|fret)|"
    r"don'?t (?:apologi[sz]e|be sorry|beat yourself up|be (?:so |"
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
    r"(?:good )?morning|afternoon|evening|hiya|come (?:on )?in|(?:have|take|grab) a "
    r"seat|"
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
# Social talk that opens or closes a chat, wherever it sits in the sentence ("Anyway,
# thank you for talking with me", "I'm happy I could help"): `other` when nothing else
# in the utterance has a function.
SOCIAL_TALK = re.compile(
    r"\b(?:thanks?(?: you)?(?: so much| very much)? for (?:talking|chatting|sharing|"
    r"listening|asking|reaching out|opening up|the (?:chat|talk|compliment|kind)|"
    r"your time|coming)|(?:enjoyed|enjoy|liked|love[ds]?) (?:talking|chatting|speaking)|"
    r"(?:nice|good|great|lovely|a pleasure) (?:talking|chatting|speaking) (?:to|with)|"
    r"nice to (?:meet|talk to|chat with) you|(?:it was|it'?s been|it is) (?:a |my )?"
    r"pleasure|(?:happy|glad|pleased) (?:to|(?:that )?i (?:could|can|was able to)|"
    r"(?:that )?we (?:could|can|were able to)) (?:help|chat|talk|be of)|"
    r"(?:hope|glad|happy) (?:that )?i (?:have been|was|could be|helped|was able to)"
    r"(?: able to)?(?: be)?(?: of)?(?: some| any)? help|"
    r"i(?:'m| am) doing (?:well|good|ok|okay|fine|great|alright|pretty well))\b",
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
