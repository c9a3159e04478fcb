"""Word lists and patterns for feelings, emotional disclosures, distorted beliefs, risk
cues and the speaker's own experience (RUBRICS.md §4.1, §5.2, flags).

Part of the lexicon (`lexicon.py` re-exports every name); written from the rubric
definitions, not mined from a dataset.
"""

from __future__ import annotations

import re

from .lexicon_forms import rx

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
        "abandoned",
        "rejected",
        "unwanted",
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
        "shy",
        "panicking",
        "terrifying",
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
        "betrayed",
        "livid",
        "jealous",
        "jealousy",
        "envious",
        "envy",
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
        "liar",
        "fraud",
    ),
    "tired": (
        "tired",
        "exhausted",
        "exhausting",
        "drained",
        "worn",
        "burned",
        "burnt",
        "fatigue",
    ),
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
    # Worry shown rather than named: rumination and what-ifs about oneself.
    r"i (?:just )?keep (?:thinking|worrying|going over)|going round and round|"
    r"what if i|lying awake|can'?t (?:stop|switch off)|(?:it|that) was (?:so |really |"
    r"just )?(?:awful|horrible|terrible|hell|a nightmare|the worst)|i hated (?:it|that)|"
    r"(?:nobody|no one) (?:talked|spoke) to me",
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
    r"i should(?:n'?t)? (?:have|be|always)|they (?:all )?think i'?m|"
    r"i(?:'m| am) (?:a (?:terrible|awful|bad|horrible|useless) (?:person|mother|"
    r"father|daughter|son|wife|husband|friend|parent)|not (?:good|clever|smart|strong) "
    r"enough|no good at|not worth|not up to)|i let (?:him|her|them|everyone) (?:die|"
    r"down)|can'?t even (?:provide|do|get|look after|manage)|"
    r"(?:they'?ve|they have|he'?s|she'?s|everyone'?s?) (?:already )?(?:forgotten|"
    r"given up on|moved on from) me|(?:he|she|they)(?:'d| would) rather (?:be with|"
    r"have|see)|(?:he'?s|she'?s|they'?re) (?:getting ready|going|planning) to leave|"
    r"(?:everyone|they) (?:all )?(?:know|knows|will (?:think|know|see|find out))|"
    r"(?:nobody|no one) wants|(?:they|doctors|he|she) (?:missed|will miss|are missing) "
    r"(?:it|something)|(?:want|trying to) (?:get )?rid of me|push(?:ing)? me out|"
    r"(?:no one|nobody) (?:will )?(?:ever )?(?:want|love|hire|care|like)|"
    r"it'?s (?:all )?(?:hopeless|pointless)|(?:everything|it) (?:always )?goes wrong|"
    r"i(?:'m| am) (?:so |such )?(?:a |an )?(?:weak|lazy|selfish|boring|ugly|"
    r"incompetent|coward|joke|awful|horrible|rubbish|crap|bad)\b|"
    r"(?:must|probably) think (?:i'?m|i am)|(?:this|it) (?:proves|means|shows) "
    r"(?:that )?i'?m|it'?s (?:all )?because (?:of me|i'?m)|"
    r"maybe (?:he|she|they) (?:was|were) right|i(?:'m| am) going to (?:fail|lose|crash|"
    r"die)|it(?:'ll| will) all (?:fall apart|go wrong)|i'?m abandoning|"
    r"(?:it would be|it'?s) wrong (?:to|for me to)",
)
# Situations that imply a feeling without naming it: a reflection of that feeling
# is an accurate inference, not reading in (RUBRICS.md §1.1, complex reflection).
IMPLIED_FEELING: dict[str, re.Pattern[str]] = {
    "sad": rx(
        r"died|dead|death|passed away|funeral|gone|widow\w*|miss(?:ed|ing)? (?:him|her|"
        r"them|my)|forgot(?:ten)? (?:me|about me)|left (?:me )?out|nobody (?:told|invited|"
        r"asked|called|cares|wants)|no one (?:told|invited|asked|called|cares|wants)|on my "
        r"own|by myself|divorce|broke up|left me|leave me|rather be with|without me|"
        r"moved on|no friends|don'?t fit in|what'?s the point|all normal|"
        # 2026.11-7: loss, exclusion and rejection described, not named ("they
        # didn't wait for me", "everyone forgot my birthday", "I can't stop crying").
        r"didn'?t (?:wait|invite|ask|call|ring|include|remember|come|turn up|show up)|"
        r"forgot (?:my|me|about)|nobody (?:remembered|came|noticed|rang|texted|asked)|"
        r"no one (?:remembered|came|noticed|rang|texted)|can'?t stop crying|crying|"
        r"in tears|didn'?t get (?:the|a|in|picked|chosen|through)|rejected|turned (?:me "
        r")?down|lost (?:my|the|our|him|her)|miscarr\w*|sit (?:at home|alone|in my "
        r"room|on my own)|stay(?:ed)? in bed|can'?t get out of bed|nobody to talk|no one "
        r"to talk|(?:doesn'?t|never|don'?t) (?:call|ring|visit|text|talk to me)|"
        r"cheated|ignor(?:e|es|ed|ing) me|all day|didn'?t even|haven'?t seen (?:anyone|"
        r"anybody|my friends|friends)|(?:won'?t|doesn'?t|don'?t|didn'?t) (?:speak|talk) "
        r"to me|gutted|crushed|in bits|a wreck|rock bottom|lost without|miss(?:ing)? "
        r"(?:him|her|them|it|my|our|the)"
    ),
    "ashamed": rx(
        r"fail(?:ed|ing)?|my fault|should(?:n'?t)? have|let (?:him|her|them|everyone|"
        r"you) (?:down|die)|lied|told (?:them|her|him|my \w+) i|terrible (?:person|"
        r"mother|daughter|son|father|wife|husband)|pathetic|not (?:good|clever|smart|"
        r"worth)|no good at|not up to|in front of|everyone (?:saw|knows|will think)|"
        r"they (?:all )?know|snapped|shouted|yelled|mistake|error|can'?t even|"
        r"not (?:trying|enough)|what kind of|everyone else|i just can'?t|replay\w*|"
        r"what i said|idiot|useless|rubbish at|can'?t do anything right|cringe|"
        r"mortified|swallow me|can'?t look (?:at )?(?:him|her|them)"
    ),
    "anxious": rx(
        r"what if|keep (?:thinking|checking)|checking|can'?t stop|heart (?:was |started )?"
        r"(?:pounding|racing)|pounding|tingly|shaking|shake|lose control|crash|"
        r"going round|fall apart|won'?t be good enough|symptoms?|ache|lump|cancer|"
        r"test results|second opinion|bills|run out|deadline|before the|"
        # 2026.11-7: something ahead that could go wrong.
        r"haven'?t (?:revised|prepared|finished|started)|exams?|"
        r"interview|results?|diagnos\w*|scan|biopsy|waiting to hear|going over|"
        r"might (?:lose|fail|get)|can'?t stop thinking|deadlines|so busy|too much (?:"
        r"work|on|to do)|so much (?:to do|on)|on edge|butterflies|can'?t breathe|"
        r"jittery|freaking out|bricking it|feel sick|shaky|on tenterhooks"
    ),
    "angry": rx(
        r"unfair|didn'?t (?:mention|credit|thank|invite)|took (?:the )?credit|presented "
        r"my|my idea|lied to me|cheated|behind my back|ignored|pushed out|push me out|"
        r"went through (?:his|her) phone|copying|how dare|fed up|sick of|"
        # 2026.11-7: being wronged described ("he never listens", "took my idea").
        r"never listens?|doesn'?t listen|talk(?:s|ed)? over me|interrupt\w*|blamed me|"
        r"as (?:his|her|their) own|disrespect\w*|stole|betray\w*|fuming|seething|"
        r"pissed off|hacked off|wound (?:me )?up|drives me (?:mad|crazy|up the wall)|"
        r"gets on my nerves"
    ),
    "tired": rx(
        r"so done|fed up|sick of|had enough|no sleep|not sleeping|can'?t sleep|hardly (?:any )?sleep|up all night|"
        r"(?:two|three|four|five|\d+) ?am|till (?:two|three|four|late)|awake|every "
        r"(?:night|evening|day)|all the time|on my own with|"
        # 2026.11-7: no rest described ("I haven't slept in days", "the baby won't
        # settle", "double shifts").
        r"(?:haven'?t|not|barely|hardly|didn'?t) (?:really )?slept|up (?:half|most of) "
        r"the night|won'?t settle|non-?stop|never stops?|double shifts?|night shifts?|"
        r"no break|juggling|look(?:ing)? after|full[- ]time|on top of|all on me|"
        r"everything myself|so busy|knackered|shattered|wiped out|running on empty|"
        r"dead on my feet|zombie"
    ),
    # 2026.11-7: a choice the patient cannot make ("I don't know whether to...",
    # "part of me wants..., part of me doesn't") implies feeling torn or stuck.
    "confused": rx(
        r"(?:don'?t|do not) know (?:whether|if|what to do|which)|can'?t decide|part of "
        r"me|on the other hand|not sure (?:whether|if|what)|should i|or not|or stay|"
        r"or leave|either way"
    ),
    "happy": rx(
        r"finally|went well|it worked|managed to|passed|got the job|"
        # 2026.11-7: a step taken ("I told my boss", "I went in the end").
        r"i (?:told|went|stayed|did it|finished|got through|asked|spoke)|in the end"
    ),
}
# The distortions that are themselves a disclosure of distress (self-condemnation,
# hopelessness), as opposed to "should" statements and predictions, which are
# beliefs to examine rather than feelings shared.
DISCLOSING_DISTORTION = rx(
    r"i(?:'m| am) (?:a (?:total |complete )?(?:failure|loser|burden|disappointment|mess|"
    r"fraud|idiot)|(?:so |completely |totally )?(?:worthless|useless|unlovable|"
    r"pathetic|hopeless|broken|disgusting)|a (?:terrible|awful|bad|horrible|useless) "
    r"(?:person|mother|father|daughter|son|wife|husband|friend|parent)|not worth|"
    r"no good at)",
    r"(?:nobody|no one) (?:wants|cares|loves|likes)|everyone hates|i let (?:him|her|"
    r"them|everyone) (?:die|down)|can'?t even (?:provide|do|get|look after|manage)|"
    r"i ruin everything|it'?s all my fault|i hate myself|(?:already )?forgotten me|"
    r"getting ready to leave me|rid of me",
)
AGREEMENT = re.compile(
    r"^(?:(?:yes|yeah|well),? )?(?:you(?:'re| are) (?:right|correct)|that'?s (?:true|"
    r"right|correct|fair)|i agree|i(?:'?d| would) agree|exactly|absolutely|true|"
    r"i can see why you(?:'d| would)? (?:be|are)|honestly,? (?:yes|yeah)|"
    r"it does sound like you (?:are|were|always|never)|you probably (?:are|did|"
    r"will))\b",
    re.IGNORECASE,
)
# Endorsing the patient's distorted belief as fact, anywhere in the utterance: an
# emphatic "does", "you're right", "tbh", or the belief restated as the counsellor's
# own verdict ("they've moved on without you", "you could have tried harder").
ENDORSEMENT = re.compile(
    r"\b(?:you(?:'re| are) (?:right|correct)|(?:that|it|this) (?:really )?does "
    r"(?:sound|seem|say|look|suggest|show)|(?:he|she|they|doctors|people) (?:do|does|"
    r"did|really do) (?:miss|want|think|seem|have)|i (?:do )?agree|fair point|"
    r"that'?s (?:true|fair|right)|tbh|to be honest,? (?:it|that|they|he|she)|"
    r"(?:really|pretty) (?:shit|bad|crap|awful|rubbish) of (?:them|him|her)|"
    r"(?:sounds|seems) like (?:they|he|she|everyone|people)(?:'ve| have| has|'s| are|"
    r"'re| really)? (?:\w+ )?(?:moved on|forgotten|given up|pulling away|don'?t care|"
    r"doesn'?t care|rather|leaving|left you)|(?:sounds|seems) like (?:maybe )?you "
    r"(?:could|should) have|you (?:could|should) have (?:tried|done|known|seen)|"
    r"(?:is|was) a big deal for a|says something about (?:where|how|what|you)|"
    r"(?:not|isn'?t) great to|you probably (?:are|did|will|were)|"
    r"(?:sounds|seems) like (?:you|he|she|they) (?:really|actually|probably|"
    r"definitely|kind of) (?:are|is|were|was|did|do|does|have|has|don'?t|doesn'?t)|"
    r"maybe (?:it|you|he|she|they) (?:really |actually )?(?:is|are|were|was|did)\b"
    r"(?! (?:not|n't))|i(?:'?d| would) (?:probably )?(?:think|feel|say|do) the same|"
    r"^(?:totally|definitely|of course|fair enough|i mean,? yeah|yeah,? (?:totally|"
    r"definitely|exactly|it is|it does|you are|they do|he does|she does)))\b",
    re.IGNORECASE,
)
# A negative belief about oneself, others or the future, in the patient's words: the
# ground on which agreeing becomes collusion (wider than DISTORTION, which it
# includes).
NEGATIVE_BELIEF = rx(
    r"never|always|nobody|no one|everyone|everybody|everything|nothing|anything right|"
    r"just me|all on me|i hate myself|let (?:\w+ ){1,2}down|stitch-?up|rather be with|"
    r"passed over|not wanted|got it in for|ganging up|out to get|against me|"
    r"i'?ll (?:just |probably |only )?(?:fail|make a mess|mess (?:it )?up|screw (?:it )?"
    r"up|ruin)|i(?:'m| am) (?:such an?|so|a|not (?:good|clever|smart|wanted|"
    r"enough|cut out|normal))|rubbish|useless|failure|terrible|awful|stupid|pathetic|"
    r"worthless|hopeless|my fault|should(?:n'?t)? have|what'?s the point|my job|"
    r"that'?s just how it is|can'?t (?:cope|do (?:it|this|anything))|too (?:old|late|"
    r"stupid|weak)|deserve",
)
# Taking the patient's side on their belief: agreement, an emphatic "does", "to be
# fair", "I'd be suspicious too", "you probably are", "they clearly...".
AGREEING = re.compile(
    r"^(?:(?:yeah|yes|yep|yup|true|totally|definitely|absolutely|exactly|"
    r"of course|fair enough|i mean,? (?:yeah|yes|if))\b)|"
    r"\b(?:you(?:'re| are) (?:probably |totally |absolutely |completely )?right|"
    r"i (?:totally |completely |do )?agree|to be (?:fair|honest)|tbh|"
    r"(?:they|he|she|people|everyone)(?:'re|'s| are| is)? (?:clearly|obviously)|"
    r"i(?:'?d| would) (?:\w+ )?(?:be|feel|think|do) (?:\w+ )?(?:too|the same)|"
    r"i (?:felt|feel|was) (?:exactly |just )?the same|you kind of (?:have|are|did|"
    r"were|do)|you (?:might|may|probably will|probably would),|probably (?:would|will|"
    r"are|is|right|did)|(?:does|do|did) (?:sound|seem|look) (?:like|pretty|a bit|"
    r"really|quite)|(?:they|people|he|she|doctors) (?:do|does|did|really do) (?:\w+ )?"
    r"(?:notice|judge|think|want|care|sound|seem|miss|see)|(?:that'?s|it'?s) "
    r"(?:basically|definitely|clearly|totally) |some people just|the job market "
    r"is|might be worth|it is your)\b",
    re.IGNORECASE,
)
# The counsellor holds the belief at a distance: it is the patient's thought, not a
# fact ("it feels like they've forgotten you", "part of you believes...").
BELIEF_FRAME = re.compile(
    r"\b(?:you (?:feel|felt|think|thought|believe|worry|fear|wonder|tell yourself|"
    r"say|said|mentioned)|you(?:'re| are) (?:feeling|thinking|worried|afraid|scared|"
    r"telling yourself|wondering)|(?:it|that) (?:feels|felt) (?:like|as if)|part of "
    r"you|your mind|the thought|in your (?:head|eyes)|seems to you|the story|the "
    r"voice|you'?ve been telling|what makes you|how do you know|is it possible|"
    r"(?:left|leaves|leaving|makes|made|making) you (?:feel|feeling)|(?:scared|afraid|"
    r"worried|frightened|terrified|convinced|sure|fear|dread|fearing) (?:that )?"
    r"(?:\w+ ){0,2}(?:is|are|was|were|will|would|'s|'re|going|might|has|have|had|"
    r"did|does)|calling yourself|call yourself|(?:feel|feeling|felt)s? (?:like|as if|"
    r"as though)|it feels|that feeling|belief|believing|convinced|wonder)\b",
    re.IGNORECASE,
)
RISK_CUE = rx(
    r"kill (?:myself|me)|suicid\w*|end (?:it all|my life|things|it)|"
    r"take my (?:own )?life",
    r"want(?:ed)? to die|wish i (?:was|were) dead|better off (?:dead|without me)|"
    r"not (?:be|being) (?:here|around) anymore|no (?:reason|point) (?:to|in) "
    r"(?:live|living|go(?:ing)? on)|hurt(?:ing)? myself|self[- ]harm\w*|cut(?:ting)? "
    r"myself|overdose|jump (?:off|in front)|don'?t want to (?:live|be alive|wake up)|"
    r"can'?t go on|pills|(?:go to )?sleep and (?:just )?not wake up|never wake up|"
    r"what i'?m (?:still )?(?:here|alive) for|why i'?m (?:still )?(?:here|alive)|"
    r"(?:everyone|they|you all|my family) (?:would|'d) be better off|"
    r"(?:^|[.!?]\s*)what'?s (?:even )?the point(?: any ?more)?(?=\s*[.!?]*\s*$)|"
    r"what'?s the point (?:of (?:anything|it all|living|going on|me|any of it))|"
    r"no point (?:in )?(?:anything|any ?more|going on|living)|"
    # Veiled cues strong enough to ask about in any case (RUBRICS.md: a risk cue
    # the turn does not address).
    # (no subject: any "X'd be better off without me"; a leading \w+ would make the
    # pattern try every word of every patient line)
    r"(?:'d| would) (?:all )?(?:be|do) "
    r"(?:better|fine) (?:off )?(?:without me|if i (?:wasn'?t|weren'?t|was not) "
    r"(?:around|here)|with (?:someone|a \w+ who))|better off (?:not having me|with "
    r"someone else)|(?:nobody|no one) would (?:even )?notice if i|no point (?:to|in) "
    r"me|(?:what'?s|what is) (?:even )?the point (?:of|in) me|(?:hope|wish) i (?:just )?"
    r"(?:don'?t|wouldn'?t|didn'?t|won'?t) wake up|(?:rather|easier if i just) (?:not|"
    r"didn'?t) wake up|want (?:it all|it|everything) to (?:end|stop)|shouldn'?t be "
    r"here|wish (?:i had|i'?d) died|(?:don'?t|can'?t) see (?:much |the )?point (?:in|"
    r"of) (?:carrying on|anything|going on|living)|"
    r"(?:everyone|they|you all|my family|people)(?:'d| would) be better off|"
    r"i(?:'m| am) (?:just )?a burden|(?:want(?:ed)? to|wish i could|like to|could) (?:just )?disappear|"
    r"can'?t do this any ?more|nothing left to|tired of (?:living|it all|"
    r"everything)|don'?t see the point(?: of (?:any of it|anything|it all|living|going "
    r"on|trying))?(?: any ?more)?|what'?s the point of trying|(?:don'?t see )?why i "
    r"(?:even )?bother(?: getting up| going on| living)?|rather (?:just )?be (?:with "
    r"(?:him|her) now|dead|gone)|"
    r"done with (?:it all|everything|life)|give up on everything|"
    # General forms of the same cues (2026.11-5): any "what's the point", "I don't
    # (really) see the point", no way out, "if I just disappeared/wasn't here",
    # "manage fine without me", nothing to live for.
    r"what'?s (?:even )?the point (?:in|of) (?:any of (?:this|it)|anything|trying|"
    r"living|carrying on|getting up|me)|(?:don'?t|can'?t|do not|cannot) (?:\w+ )?see "
    r"(?:the|any|much) point(?! (?:in|of) (?:the|that|this|a|doing|going to|resit)\b)|if i (?:just )?(?:disappeared|vanished|"
    r"wasn'?t (?:here|around)|weren'?t (?:here|around)|was gone|died|didn'?t exist)|"
    r"(?:manage|cope|do) (?:\w+ )?(?:fine |better |ok |okay )?without me|"
    r"(?:wouldn'?t|won'?t|would not) (?:even )?(?:miss|notice) (?:me|if)|nothing (?:left )?"
    r"to live for|no (?:reason|point) (?:to|in) (?:being here|carrying on|getting up)|"
    r"(?:don'?t|do not) want to (?:go on|carry on|exist|be around|be alive)|wish i "
    r"(?:wasn'?t|weren'?t|was not|hadn'?t been) (?:here|around|alive|born)|wish (?:it|"
    r"everything) would (?:all )?(?:stop|end)|can'?t (?:take|cope with|face) (?:this|it|"
    r"any of it) any ?more|no future|not (?:be|being) (?:here|around)(?! (?:for|to|at|"
    r"on|when|until|till))|"
    # 2026.11-7: the same cues in other everyday forms ("it would be easier not to
    # be here", "I can't see a way out", "I don't see a future", "I can't keep doing
    # this", "I don't want to be here any more").
    r"(?:easier|better) (?:for everyone )?(?:if i (?:wasn'?t|weren'?t|was not) |not to "
    r"be |to not be )(?:here|around)|(?:can'?t|cannot|don'?t) see (?:a|any) way out|"
    r"(?:don'?t|can'?t|cannot) see (?:a|any) future|can'?t keep (?:doing|going on like) "
    r"this|(?:don'?t|do not) want to be (?:here|around) any ?more|end(?:ing)? (?:it all|"
    r"it|everything|my life)|(?:happier|better|easier) without me|giv(?:e|ing) up on "
    r"(?:everything|life)|(?:can'?t|cannot|can) (?:\w+ ){0,2}do this any ?more|can'?t "
    r"face (?:another|any more|anymore|tomorrow|it any ?more)|(?:if i|i) (?:didn'?t|"
    r"don'?t|wouldn'?t) wake up|nothing left (?:for me|to live for)|(?:be|being) (?:around|"
    r"here) (?:much|for much) longer|(?:not|isn'?t) worth living|giving (?:all )?(?:my|"
    r"away my) (?:things|stuff|belongings)|(?:letters?|notes?) (?:to (?:\w+ ){1,2})?,? "
    r"just in case|goodbye (?:letters?|notes?)|(?:drive|driving|step|stepping|walk|"
    r"walking) (?:into|in front of) (?:a|the|traffic)|tired of (?:fighting|trying|being "
    r"alive)|(?:feel|feeling|felt|it'?s|so|completely|totally|utterly) hopeless|"
    r"nothing (?:is )?(?:ever )?(?:going to|will|gonna) (?:ever )?(?:get better|change)",
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
    r"not wanting to be (?:here|alive|around)|ending (?:things|it all|your (?:own )?"
    r"life)|(?:thoughts|thinking) (?:about|of) (?:ending|dying|suicide|not (?:being|"
    r"wanting))|(?:want|wanting) to (?:be alive|live)|be alive|"
    r"take your (?:own )?life|plan to|no point|"
    # Exploring the cue counts as addressing it: asking what they meant, or taking up
    # the cue's own words ("when you say they'd be better off...", "disappeared how?").
    r"what do you mean|what did you mean|when you say|you said (?:you|they|there'?s|"
    r"that|what'?s)|better off|disappear\w*|(?:the|no|any) point|no way out|"
    r"without you|wake up|dark thoughts|living|alive|die|dying|give up|giving up",
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
