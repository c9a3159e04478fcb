"""Word lists for relational moves in the forms counselling students write them
(rubric 2026.11-6): validation (MISC support), affirmation of strengths and efforts,
and confrontation (arguing, blaming, shaming, questioning the client's account).

Part of the lexicon (`lexicon.py` re-exports every name). Written from the rubric
definitions (RUBRICS.md §1.1: MITI Affirm and Confront, MISC Support) and from how
people ordinarily say these things; none is mined from a dataset. These patterns are
*added* beside the sentence's other code (a validating reflection stays a reflection),
so the public schemes that read the reflection keep reading it.
"""

from __future__ import annotations

import re

_DEG = (
    r"(?:so |really |very |totally |completely |perfectly |entirely |pretty |quite )?"
)

# Validation and sympathy: the feeling is acceptable, shared by others, or deserved.
VALIDATION = re.compile(
    r"\b(?:(?:that|it|this|which)(?:'s| is| does| totally| really| completely)? "
    r"makes? (?:\w+ ){0,2}sense|makes? (?:total |complete |perfect |so much )?sense "
    r"(?:that|why|you|given|after|with|considering)|"
    r"any(?:one|body)(?: else)?(?: in your (?:shoes|position|situation))? (?:would|"
    r"could|'d|might) (?:\w+ ){0,2}(?:feel|be|have|struggle|react|find|get|want)|"
    r"(?:most|lots of|loads of|a lot of|many|plenty of) (?:other )?(?:people|parents|"
    r"mums|dads|students|carers|folk) (?:(?:would|do|have|must) )?(?:feel|felt|"
    r"struggle|go through|gone through|experience|find (?:it|this|that) (?:hard|"
    r"difficult|tough))|you(?:'re| are) (?:definitely |really |honestly |so )?not "
    r"(?:the only (?:one|person)|alone (?:in|with))|"
    r"(?:it'?s|it is|that'?s|that is) " + _DEG + r"(?:ok(?:ay)?|alright|all right|"
    r"fine|normal|natural|understandable|valid|human|allowed) (?:to|that|if|not to)|"
    r"(?:that'?s|it'?s|that is|it is) " + _DEG + r"(?:understandable|valid|natural|"
    r"human)\b(?! (?:question|point))|(?:your|those|these|the) (?:feelings?|reactions?"
    r"|responses?|emotions?) (?:are|is|make) " + _DEG + r"(?:valid|understandable|"
    r"normal|natural|sense|real)|you(?:'ve| have)(?: got)? every right|no wonder|only "
    r"natural|of course you(?:'re| are| feel| felt| would| do|'d| were)|there'?s "
    r"nothing wrong with|nothing to be (?:ashamed|embarrassed|sorry)|(?:it'?s|it is|"
    r"that'?s|that is|it was|it wasn'?t|wasn'?t) (?:not |never )?(?:\w+ )?your fault|"
    r"(?:not|never) (?:\w+ )?your fault|you(?:'re| are) doing (?:the best|your best|"
    r"(?:so |really )?well|everything you can)|(?:be|go) (?:kind|gentle|easy) "
    r"(?:to|on|with) yourself|i (?:can(?:'t| not|not)?|could(?:n'?t)?) (?:only )?"
    r"(?:even )?imagine|(?:that'?s|it'?s|that is|what|such) (?:\w+ )?a lot (?:to|for "
    r"(?:you|one|anyone))|i hear you\W*$|i (?:totally |really |completely |do )?get "
    r"(?:it|that|why)\b(?! (?:done|right|sorted|out))|(?:i'?m|i am) (?:really |so |"
    r"very )?glad (?:you|that you) (?:told|shared|said|came|brought|mentioned|feel|"
    r"reached|spoke|talked)|i(?:'m| am) (?:right )?here (?:with|for) you|"
    r"heartbreaking|heartbroken for you|(?:sounds|seems|sounded) like (?:a|such a) "
    r"(?:really |very |pretty )?(?:horrible|awful|rough|tough|hard|difficult|long|"
    r"stressful|miserable|scary|lonely) (?:week|day|time|few|month|year|night|"
    r"morning|situation|experience|spot)|there'?s no (?:right|wrong) way to|ok(?:ay)? "
    r"not to be ok(?:ay)?|(?:i'?m|i am) (?:so |really |very )?sorry (?:you|to hear|"
    r"that|for|about)|sorry (?:for your loss|to hear)|oh no\b|you poor (?:thing|love)|(?:would|could|"
    r"will) (?:hurt|upset|shake|floor|break) anyone|i(?:'d| would) (?:\w+ )?(?:be|feel) "
    r"(?:\w+ )?(?:too|the same|exactly the same|just the same)|unfair (?:on|to) you|one of "
    r"the (?:hardest|most painful|worst) (?:things|experiences)|you(?:'re| are) allowed "
    r"to (?:feel|be|cry|grieve|struggle|find|not)|you(?:'re| are) not (?:being )?"
    r"(?:overreacting|weird|silly|crazy|mad|dramatic|stupid|pathetic|a bad person)|i can "
    r"(?:really )?(?:hear|see|tell) (?:how|just how) (?:hard|difficult|painful|much|"
    r"tough|upsetting|scary|exhausting)|(?:sounds|seems) like (?:a|an absolute|a total) "
    r"(?:nightmare|lot)|of course you (?:can'?t|couldn'?t|don'?t|didn'?t|want|feel|"
    r"miss|get|got))",
    re.IGNORECASE,
)
# Reassurance, blamelessness and normalising in students' words (2026.11-6, second
# list): "i'm sure it'll be fine", "you did everything you could", "you're only human",
# "grief can be so exhausting", "it's clear how much you loved him".
COMFORT = re.compile(
    r"\b(?:i(?:'m| am) (?:sure|certain|confident) (?:that )?(?:it|things|everything|"
    r"she|he|they)(?:'ll| will| is going to|'s going to|'re going to) (?:\w+ ){0,2}"
    r"(?:be (?:fine|ok(?:ay)?|alright|all right|great)|work out|go (?:well|fine|ok)|"
    r"understand)|you did (?:your (?:very )?best|everything you could|all you could|"
    r"what you could)|(?:you|nobody|no one|anyone) could(?:n'?t| not)? have (?:known|"
    r"predicted|seen (?:it|that) coming|stopped|prevented)|(?:everyone|everybody|we "
    r"all) (?:makes? mistakes|ha(?:s|ve) (?:bad|off|hard) days|struggles? sometimes)|"
    r"you(?:'re| are) only human|no worries|heavy (?:thing|load|burden|weight) to "
    r"(?:carry|bear)|(?:grief|anxiety|exams?|parenting|caring|loss|depression|stress|"
    r"panic|a new baby|new babies|uni|university|divorce|change) (?:can be|is|are) "
    r"(?:so |really |such |incredibly |pretty |very )?(?:exhausting|stressful|hard|"
    r"tough|overwhelming|lonely|isolating|draining|painful|brutal|a lot)|(?:it'?s|"
    r"that'?s) (?:a lot|so much) of (?:pressure|stress|weight|responsibility)|i (?:can )?"
    r"(?:totally |completely |really )?understand why|(?:is|'s|are) (?:really |so |very |"
    r"pretty |super |incredibly )?(?:common|normal)\W*$|you(?:'re| are) not on your "
    r"own|(?:get|go) through (?:this|it) together|here to help|(?:sounds|seems) like "
    r"(?:he|she|they) (?:was|were|is|are) (?:a |an )?(?:really )?(?:wonderful|lovely|"
    r"amazing|great|special|kind)|how much you (?:love|loved|care|cared|miss|missed) "
    r"(?:about )?(?:him|her|them))",
    re.IGNORECASE,
)
# Chat-style "I'm glad." / "That's a lot." said on their own.
VALIDATION_ALONE = re.compile(
    r"^(?:oh,? |aw,? |gosh,? |wow,? )?(?:i(?:'m| am) (?:so |really )?glad|"
    r"(?:that'?s|it'?s) (?:so |really |such )?(?:a lot|so much)|i(?:'m| am) (?:so |"
    r"really )?sorry)(?=\W*$)",
    re.IGNORECASE,
)

# Affirmation: naming the client's effort, strengths, values in action (MITI Affirm).
STRENGTH = re.compile(
    r"\b(?:you(?:'ve| have) (?:clearly |really |obviously |genuinely )?(?:worked|tried|"
    r"pushed|fought|persevered) (?:so |really |incredibly )?hard|you(?:'ve| have) put "
    r"(?:in )?(?:so much|a lot of|real|loads of|a huge amount of) (?:effort|work|"
    r"energy|thought|care)|you pushed (?:through|yourself|on)|you(?:'re| are) "
    r"(?:clearly |obviously |really )?(?:someone|the kind of (?:person|\w+)|a person) "
    r"who (?:doesn'?t give up|cares|keeps|tries|works|shows up|puts|fights|never "
    r"gives up|takes)|(?:a|an) (?:real |big |huge |genuine )?(?:achievement|"
    r"accomplishment)|(?:shows|showed|says|tells me) (?:\w+ )?(?:how|just how|a lot "
    r"about how) (?:committed|determined|much you care|strong|hard you|caring|brave|"
    r"much (?:it|this|they|she|he|you))|(?:should|can|could) be (?:really |so |very |"
    r"incredibly )?proud|(?:something|a lot|plenty) to be proud of|no small (?:thing|"
    r"feat|achievement|step)|stronger than you (?:give yourself credit|think|realise|"
    r"realize|know)|you(?:'ve| have) been (?:really |so |very |incredibly )?(?:brave|"
    r"strong|resilient|persistent|determined|patient|resourceful)|i (?:really |"
    r"genuinely )?(?:admire|respect) (?:your|how|the way|that)|(?:it'?s|it is) clear "
    r"(?:how much|that you) (?:\w+ )?(?:effort|care|matters|you care|you'?ve|you'?re)|"
    r"you(?:'re| are) (?:clearly |obviously |really )?(?:a|such a) (?:very |really )?"
    r"(?:caring|kind|thoughtful|determined|strong|loving|good|devoted|dedicated|"
    r"brave|resilient|committed) (?:person|mum|dad|mother|father|friend|parent|"
    r"daughter|son|wife|husband|partner|carer|nurse|teacher)|you care (?:so much|a "
    r"lot|deeply|so deeply)|you(?:'ve| have) (?:stuck with|kept at|kept up|not given "
    r"up)|didn'?t give up|took (?:real |a lot of |so much )?(?:courage|guts|bravery)|"
    r"that(?:'s| is| was) (?:a )?(?:really |so |very |such a |pretty )?(?:big|huge|"
    r"brave|bold|positive|great|important) (?:step|move|decision|thing to do)|"
    r"(?:that'?s|that is) (?:real |great |good )?progress|well done (?:for|on|you|to)|"
    r"good on you|fair play|you did (?:really |so )?(?:well|great|brilliant(?:ly)?) "
    r"(?:to|for|in|there)|(?:a|real|one of your) strengths?(?: of yours)?|(?:shows|"
    r"showed|showing|takes|took) (?:a lot of |real |great |some )?(?:willpower|"
    r"self[- ]control|restraint|dedication|bravery|motivation|discipline|self[- ]"
    r"awareness)|you (?:obviously |clearly |really )+care about|you stuck (?:at|with) "
    r"it|(?:give yourself|deserve) (?:some |a lot of |real )?credit|not many people "
    r"would(?:'ve| have)|appreciate you (?:telling|sharing|being|opening|trusting))",
    re.IGNORECASE,
)

# Confrontation: disagreeing, arguing, blaming, shaming, doubting the client's account
# (MITI Confront), in students' forms.
CHALLENGE = re.compile(
    r"\b(?:face (?:the fact|facts|reality|up to)|(?:just |only |nothing but |more of "
    r"|sounds like |that'?s |it'?s )an? (?:excuse|cop[- ]out)|you(?:'re| are) (?:just |"
    r"only |always |still )?(?:blaming|deflecting|minimi[sz]ing|making excuses|in "
    r"denial|kidding|not taking (?:any |much )?responsibility|not being (?:honest|"
    r"straight|truthful)|not (?:really )?trying)|blaming (?:everyone|everybody|"
    r"others|other people|her|him|them) (?:but|else|except|for)|take (?:some |any |"
    r"more |real )?responsibility|(?:should|ought to) be ashamed|shame on you|"
    r"i (?:don'?t|do not) (?:really )?(?:think|believe) (?:that'?s|that is|it'?s|it "
    r"is|that) (?:really )?(?:true|right|fair|accurate|the (?:real )?(?:issue|"
    r"problem|case))|i (?:totally |completely |honestly )?disagree|(?:that|it|this) "
    r"(?:doesn'?t|does not) (?:really |quite )?add up|come off it|(?:a bit of an?|"
    r"bit of an?|an|that'?s an|huge|massive) exaggeration|you can'?t (?:honestly|"
    r"seriously|really|actually) (?:believe|think|expect|say)|(?:clearly|obviously) "
    r"the (?:real )?(?:problem|issue)|(?:avoiding|dodging|ignoring) the (?:real |"
    r"actual )?(?:problem|issue|question)|do you (?:really|honestly|seriously|"
    r"actually) (?:think|believe|expect)|you (?:really|honestly|seriously) (?:think|"
    r"believe) (?:it'?s|that'?s|she|he|they|this|that)|is (?:that|it) (?:really|"
    r"honestly) (?:true|fair|the case|all)|you(?:'re| are) (?:just )?(?:using|hiding "
    r"behind) (?:that|it|this) as|that'?s (?:no|not an?) (?:excuse|reason)|"
    r"(?:that'?s|it'?s) (?:not|hardly) (?:fair on|fair to|her fault|his fault|their "
    r"fault)|you just said|^(?:but|ok(?:ay)? but|yeah but|well),? you (?:said|told|"
    r"agreed|promised|did (?:agree|say|promise|tell))|you(?:'re| are) the one (?:who|that) (?:chose|decided|drinks|"
    r"keeps|started|did|made|went|picked|let)|you can'?t (?:expect|blame)|what did you "
    r"(?:think|expect) (?:would|was going to) happen|that'?s on you,? not|brought "
    r"(?:this|it|that) on yourself|why do you keep (?:\w+ing|doing)(?: it| that)? then|"
    r"why (?:don'?t|do|did|didn'?t) you (?:just )?\w+ (?:\w+ )?then\b|if it (?:bothers|"
    r"upsets|matters to|worries) you (?:that|so) much|(?:seems|sounds|that'?s|being) "
    r"(?:a bit |pretty |quite |really |a little |rather )?(?:selfish|hypocritical|"
    r"irresponsible|childish|immature)|contradicting yourself|(?:sounds|seems) like "
    r"(?:(?:you'?re )?in )?denial|you (?:already )?know the answer|you keep saying (?:\w+ "
    r"){0,5}but|with (?:all due )?respect|the (?:reality|truth|fact) is,? (?:that )?"
    r"(?:you|it'?s|your)\b(?! feel)|easier to blame|rather blame|(?:you'?re|you are) not "
    r"being (?:fair|honest|realistic|straight)|you (?:clearly|obviously) have (?:a|an) "
    r"(?:\w+ )?(?:problem|issue)|(?:nobody|no one)(?:'s| is) (?:forcing|making) you|"
    # Disputing the patient's reading instead of exploring it ("you're overthinking
    # this", "that's a bit of a leap", "you can't know that", "it's not that bad").
    r"you(?:'re| are) (?:just |probably |totally |really |being |so )*(?:overthinking|"
    r"catastrophi[sz]ing|jumping to conclusions|reading (?:too much|way too much)|"
    r"imagining (?:it|things)|exaggerating|making (?:a (?:big )?deal|a mountain|too "
    r"much|it up)|paranoid|defensive)|(?:a bit of a|a big|a huge|quite a|bit of a) "
    r"leap|(?:not|isn'?t) (?:really |very |exactly )?(?:logical|rational|realistic)|"
    r"irrational|generali[sz]ation|all in your head|you (?:can'?t|don'?t|cannot) "
    r"(?:actually |really |possibly )?know (?:that|for sure|for certain)|there'?s no "
    r"(?:evidence|proof|reason to (?:think|believe))|(?:it'?s|that'?s|things are|it "
    r"is) (?:really |honestly |probably |just )?not (?:that|as|so) bad|(?:other|some|"
    r"lots of|loads of) people have it (?:much |way |so much |a lot )?worse|i doubt "
    r"(?:that|it|they|he|she|very)|i find (?:that|it|this) (?:hard|difficult) to "
    r"believe|(?:just |simply )?not the case|^(?:but |come on,? |well,? )?not (?:everyone|everybody|all of "
    r"them)\b|"
    r"are you sure (?:that'?s|about that|it'?s|they)|why are you being (?:so )?\w+|"
    # Questions that argue rather than ask ("what's the big deal?", "can't you see
    # you're hurting her?", "whose choice was that?", "so what?").
    r"what'?s the (?:big )?deal\W*$|is (?:that|it) (?:really|honestly) (?:so|that) bad|"
    r"^so what\W*$|why can'?t you just|how many times (?:have|do|must) (?:i|we)\b|whose "
    r"(?:choice|fault|decision|idea) (?:was|is) (?:that|it|this)|how can you (?:say|"
    r"think|believe) (?:that|this)|you don'?t (?:really|honestly|actually|seriously) "
    r"(?:believe|think|mean) (?:that|this|it)|(?:can'?t|don'?t) you see|do you not see|"
    r"what'?s the point (?:in|of) (?:thinking|feeling|"
    r"worrying|being|getting))",
    re.IGNORECASE,
)
# Reassurance that the client is not to blame ("it's not your fault") is not blaming.
NOT_BLAMING = re.compile(
    r"\b(?:not|never|n'?t|no one'?s|nobody'?s) (?:\w+ )?(?:your (?:own )?fault|to "
    r"blame)",
    re.IGNORECASE,
)

# --- advice with the patient's leave (MITI Persuade with Permission) -----------------

# Asking leave to advise, in chat forms ("want to hear it?", "do you want some ideas?",
# "would it help if i shared what's worked for others?").
PERMISSION_ASK = re.compile(
    r"\b(?:(?:do you |would you )?want to hear (?:it|them|one|some|a few|an idea|"
    r"what)|(?:do|would) you (?:want|like) (?:some|a few|any|an?) (?:\w+ )?(?:ideas?|"
    r"suggestions?|tips|thoughts|options|pointers|info(?:rmation)?)|would it help if i "
    r"(?:shared|told|suggested|gave|offered|mentioned|went through)|(?:is it|would it "
    r"be|are you) (?:ok(?:ay)?|alright|all right|happy|cool) (?:if i|for me to|with me) "
    r"(?:share|offer|suggest|mention|give|tell|throw|run)|can i (?:throw|run|put|float|"
    r"pass on|say) (?:something|an idea|a thought|an? suggestion)|(?:ok(?:ay)?|alright) "
    r"if i (?:share|offer|suggest|mention|give))\b",
    re.IGNORECASE,
)
# Advice framed with the patient's leave inside the sentence ("if it's ok with you,
# i'd suggest...", "feel free to ignore this, but...", "you can totally say no").
LEAVE = re.compile(
    r"\b(?:if (?:it'?s|that'?s) (?:ok(?:ay)?|alright|all right) (?:with|by) you|if "
    r"you(?:'re| are) (?:open|up for|willing|interested)|if you (?:want|like|fancy)\b|"
    r"feel free to (?:ignore|disagree|say no|take|leave)|(?:you )?can (?:totally |"
    r"always |just )?(?:say no|ignore (?:it|this|me))|(?:may|might) or may not (?:fit|"
    r"work|help|suit|be)|i (?:don'?t|do not) know if (?:this|that|it)(?:'ll| will| "
    r"would| might)? (?:work|help|fit|suit)|no (?:pressure|obligation)|just an idea|"
    r"(?:only )?a (?:thought|suggestion)\W*$|for what it'?s worth|see what you think)",
    re.IGNORECASE,
)
# Advice forms beside lexicon_input.ADVICE ("i'd just tell her", "sometimes writing it
# down helps", "one option would be to...", "what about writing to her?").
ADVICE_MORE = re.compile(
    r"\b(?:i(?:'d| would) (?:just |probably |honestly |personally |definitely )?"
    r"(?:tell|talk to|ask|call|text|ring|say something|write|speak|leave|stop|start|"
    r"book|go (?:and|to|for)|see a)\b|(?:sometimes|often) (?:just )?\w+ing (?:\w+ ){0,4}"
    r"(?:helps|can help|works)|one (?:option|idea|thing|possibility) (?:would be|"
    r"could be|might be|is) (?:to )?\w+|(?:the )?(?:best|first|next) (?:thing|step) "
    r"(?:would be|is|might be) to|how about (?:maybe |just )?\w+ing|(?:a lot of|many|some|lots of) people find (?:that )?"
    r"(?:\w+ing|it helps|a \w+))",
    re.IGNORECASE,
)
# Education in everyday words (MITI Giving Information): how a condition behaves.
INFORMATION_MORE = re.compile(
    r"\b(?:can'?t (?:actually |really )?(?:hurt|harm|kill) you|(?:doesn'?t|does not) "
    r"(?:follow|have) (?:a |any )?(?:set|fixed|right|normal) (?:timeline|time|order|"
    r"pattern|way)|tends? to (?:make|get|come|peak|go|pass|fade|last)|(?:is|are) "
    r"(?:a |an )?(?:really )?(?:normal|common|natural|typical) (?:response|reaction|"
    r"part|symptom|side effect|sign)|(?:it'?s|it is) common for|(?:usually|normally|"
    r"typically) (?:peaks?|lasts?|passes|takes|fades|settles|comes)|comes? in waves|"
    r"(?:the|your) (?:body'?s|brain'?s)|"
    # How things generally are, said to normalise ("guilt is really common in carers",
    # "loads of new parents do it", "around one in ten", "the gp can review...").
    r"(?:is|are) (?:really |very |so |super |incredibly |extremely )?common (?:in|for|"
    r"among|after|with)|(?:most|many|loads of|lots of|a lot of) (?:new )?(?:people|"
    r"parents|mums|dads|carers|students|families|patients) (?:do|have|get|feel|find|go "
    r"through|experience|notice)\b|\bone in (?:two|three|four|five|six|seven|eight|"
    r"nine|ten|\d+)\b|(?:often|usually|typically|normally) (?:brings?|comes? with|"
    r"starts?|meets?|happens?|lasts?|settles?)\b|follow a (?:timetable|timeline|"
    r"schedule)|(?:the|your) (?:local )?(?:gp|doctor|council|carers'? centre|health "
    r"visitor|service|team|staff|school|uni|university|pharmacist) (?:can|will|could|"
    r"usually|offers?|runs?)\b|\bstats?\b|statistics)",
    re.IGNORECASE,
)

# --- collaboration and autonomy in chat forms ----------------------------------------

# Asking for the patient's ideas, agenda or view of a plan (MITI Seek Collaboration).
SEEK_MORE = re.compile(
    r"\b(?:what (?:do|would) you think (?:would|might|could) (?:help|work)|what "
    r"(?:ideas|thoughts) do you have|where (?:do|would) you (?:want|like) to (?:start|"
    r"begin|go)|what (?:feels|seems) (?:most |more )?(?:important|useful|pressing|"
    r"urgent) (?:to|for)|how (?:do|would) you (?:want|like) to use (?:our|the|this) "
    r"time|what(?:'s| has) (?:worked|helped) (?:for you )?before|what would (?:be )?a "
    r"(?:small |good |first |realistic )+step|what do you reckon|how does (?:that|this) "
    r"(?:land|sit) (?:with|for) you|i'?d (?:like|love) to hear your (?:ideas|thoughts|"
    r"take))",
    re.IGNORECASE,
)
# The choice left with the patient, beside lexicon_input.AUTONOMY.
AUTONOMY_MORE = re.compile(
    r"\b(?:you(?:'re| are) the (?:expert|boss)|(?:the )?(?:choice|decision) is "
    r"(?:yours|all yours|entirely yours)|(?:nobody|no one) (?:else )?(?:can|could) "
    r"(?:make|take) (?:that|this|the) (?:decision|choice)|(?:whatever|whichever) "
    r"(?:speed|pace|way) (?:suits|works for) you|trust you to (?:know|decide|make|"
    r"choose|figure)|what feels right (?:to|for) you|no right (?:or wrong )?answer|you "
    r"can stop (?:whenever|any ?time))",
    re.IGNORECASE,
)
