"""Screening and risk patterns for the fact-question reader (`factq.py`).

Who is hurt, by whom, matters more than any single word: "Does anyone at home
hurt you?" asks whether the patient is being hurt, "Have you thought of hurting
anyone?" whether they might hurt someone, "hurt yourself" about self-harm and
"killing yourself" about suicidal thoughts. The patterns below read the direction
of harm (the patient as the one hurt, as the one who might hurt, or as both) and
are checked in that order: self-harm, being hurt, harm to others, voices.

The suicidal-thought follow-ups distinguish means ("anything you could use",
"stuff stored up"), intent ("would you act on it", "go through with it") and plan
("how you'd do it"), in that order of narrowness where they overlap.

Pure regular expressions, no Django.
"""

from __future__ import annotations

import re


def _rx(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


_ANYONE = r"(?:any ?one|some ?one|any ?body|some ?body|people|others|other people)"
# The person harmed when the patient is the one who might harm: a relation, a
# pronoun, or a capitalised name (case-sensitive, so "hurt you" is not a name).
_WHO = (
    r"(?:the baby|your (?:baby|son|daughter|kids?|children|child|mother|mum|mom|"
    r"father|dad|wife|husband|partner|boyfriend|girlfriend|boss|manager|colleagues?|"
    r"family|brother|sister|flatmate|team|parents?)|the (?:person|people)|him|her|"
    r"them|(?-i:[A-Z][a-z]+)(?<!You)(?<!Your))"
)
_HARM_VERBS = (
    r"(?:hurt|harm|hit|beat|kick|slap|punch|push|shove|grab|choke|strangle|attack|"
    r"abuse|threaten|bully|intimidate|scare|frighten|control|assault|rape|touch)"
)
# Harm that is physical whoever does it; the rest of `_HARM_VERBS` (scare,
# frighten, control, touch) is as often about a fear or a feeling.
_PHYSICAL_VERBS = (
    r"(?:hurt|harm|hit|beat|kick|slap|punch|push|shove|grab|choke|strangle|attack|"
    r"abuse|threaten|bully|intimidate|assault|rape)"
)
# What is "hit" in a figure of speech, not in a blow: "hitting the grog",
# "hit the sack", "hit a wall", "hit a low".
_NOT_HIT_IDIOM = (
    r"(?!(?:bottle|grog|booze|drink|sauce|piss|turps|pub|bars?|gym|road|sack|hay|"
    r"shops|books|roof|wall|brick wall|ground|ceiling|jackpot|nail|low|rough patch|"
    r"snag|bump|deadline|target|spot|button|panic button|limit|breaking point|"
    r"rock bottom|point)\b)"
)
# Screening: checked first, on every question, in this order.
SCREENING: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "self_harm_history",
        _rx(
            r"\bself[- ]?harm",
            r"\b(?:hurt|harm|cut|burn|injure)(?:ing|ed)? (?:yourself|your ?self)\b",
            r"\bdone anything to (?:hurt|harm) yourself\b",
            # "cutting back on the drink" is not cutting.
            r"\b(?:done|do|did) (?:anything|something) to yourself\b|"
            r"\bcutting\b(?! (?:back|down|out|it|things|ties|corners|costs|hours))|"
            r"\b(?:hurt|harm)(?:ed)? yourself on purpose\b",
            r"\bhurting yourself\b|\bharming yourself\b",
            # Asked about people in general first: "some people do things to hurt
            # themselves. Has that ever been you?"
            r"\b(?:hurt|harm|cut|burn|injure)(?:ing|ed)? (?:themselves|themself|"
            r"oneself)\b",
        ),
    ),
    (
        # The patient as the one hurt: "you" is the object of the harm.
        "being_hurt",
        _rx(
            # Physical harm with "you" as the object; not the figure of speech
            # ("losing that job hit you really hard").
            rf"\b{_PHYSICAL_VERBS}(?:s|es|ed|ing)? you\b(?! (?:might|could|would|will|"
            r"want|feel|think|ever (?:hurt|harm))|(?: (?:really|so|pretty|quite|very|"
            r"that|this))? (?:hard|harder|like|all at once|out of nowhere|money-?wise|"
            r"financially|in the (?:pocket|wallet)))",
            # Scaring, frightening, controlling: only with a person as the subject
            # ("does he scare you?"; "does the thought of driving scare you?" asks
            # about a fear, not about someone).
            r"\b(?:he|she|they|(?-i:[A-Z][a-z]+)(?<!Does)(?<!Did)(?<!Do)) "
            r"(?:ever |still |sometimes |really )?(?:scare|frighten|control|touch)"
            r"(?:s|es|ed|ing)? you\b",
            r"\b(?:violent|violence|aggressive|rough|physical|nasty|cruel|heavy-handed)"
            r"\b.{0,15}\b(?:towards|toward|to|with|against|at) you\b(?!r)",
            r"\bget(?:s|ting)? physical with you\b|\blash(?:es|ed|ing)? out at you\b|"
            r"\blaid (?:a )?(?:hand|finger) on you\b|\braised? (?:a|their|his|her) "
            r"hand to you\b",
            r"\b(?:treat(?:s|ed|ing)?|treating) you (?:badly|roughly|like)\b|"
            r"\btak(?:e|es|ing) advantage of you\b|\bput(?:s|ting)? you down\b|"
            r"\bpush(?:es|ed|ing)? you around\b|\bpick(?:s|ed|ing)? on you\b",
            rf"\b{_ANYONE}\b.{{0,25}}\b(?:hurt|hurting|harm|harming|hit|hitting|"
            r"threaten|threatening|abuse|abusing|bully|bullying|scare|scaring|"
            r"frighten|frightening|control|controlling)\w*(?: you\b(?!r)| or makes you)",
            r"\b(?:safe|unsafe) (?:at home|where you live|with (?:him|her|them|your|"
            r"(?-i:[A-Z][a-z]+))|around (?:him|her|them|your|(?-i:[A-Z][a-z]+))|"
            r"in your (?:home|house|relationship|flat))\b",
            r"\b(?:feel|feeling|makes? you feel|making you feel) unsafe\b",
            r"\b(?:afraid|scared|frightened|fearful) of (?:him|her|them|your (?:partner|"
            r"husband|wife|boyfriend|girlfriend|mum|mother|dad|father|flatmates?)|"
            r"anyone|anybody|someone|somebody|(?-i:[A-Z][a-z]+))\b",
            r"\babus(?:e|ed|ive)\b|\bdomestic (?:violence|abuse)\b|\bviolence at home\b",
            r"\b(?:feel|feeling|are you|be) safe (?:at home|where you live|in your "
            r"(?:home|house|relationship))\b|\brough with you\b",
            r"\b(?:scared|afraid|frightened|nervous) (?:to go|of going) home\b|"
            r"\bma(?:de|kes?|king) you (?:feel )?(?:scared|afraid|frightened|unsafe|"
            r"small|worthless)\b",
            r"\bsafe where you(?:'re| are)? liv\w*|\bsafe (?:living|in your (?:own )?"
            r"(?:home|house|flat|place))\b",
            # "Is he mean to you?"; not "what does that mean to you?".
            r"\b(?:nasty|cruel|horrible|aggressive|violent) (?:to|towards) you\b|"
            r"\b(?:is|are|was|were|been|being|gets?|got) (?:\w+ )?mean (?:to|towards) "
            r"you\b",
            r"\b(?:anyone|anybody|someone|somebody)\b.{0,30}\bviolent\b",
            r"\b(?:has|have|does|did|is|was) (?:he|she|they|your \w+|"
            r"(?-i:[A-Z][a-z]+)) (?:ever |been )?(?:hit|hurt|harm|push|shove|threaten|"
            r"violent|rough|physical)\w*(?! (?:anyone|anybody|someone|somebody|"
            r"(?:him|her|them)self))",
            r"\bget(?:s|ting)? (?:heated|physical)\b.{0,30}\bbetween you\b|"
            r"\bbetween you and (?-i:[A-Z][a-z]+)\b.{0,40}\bphysical",
            r"\b(?:anyone|anybody|someone|somebody)\b.{0,30}\b(?:been|being|got|get|"
            r"gets|getting) (?:violent|physical|rough)\b",
            # Passive: "Have you been hurt by anyone?", "threatened by him".
            r"\b(?:hurt|harmed|hit|abused|attacked|threatened|assaulted|bullied|"
            r"beaten|pushed|mistreated|intimidated)\b.{0,12}\bby (?:anyone|anybody|"
            r"someone|somebody|him|her|them|your|a |an |(?-i:[A-Z]))",
            r"\bvictim\b|\blaid a (?:hand|finger) on you\b|\bhand on you\b",
            r"\b(?:violence|abuse|hitting|fighting)\b.{0,20}\b(?:in|at) (?:your |the )?"
            r"(?:home|house|relationship|family|household)\b",
            r"\b(?:safe|unsafe) (?:with|around) (?:someone|anyone|somebody|anybody|"
            r"people|the people)\b",
            r"\bsafe (?:one|relationship|place to live)\b|\brelationship\b.{0,20}\bsafe\b|"
            r"\bsafety (?:at home|with|in your|where you live)\b|\bforc(?:e|ed|es|ing) you\b|\bcoerc\w*|"
            r"\bpressur(?:e|ed|es|ing) you into\b",
            # Euphemisms: "put his hands on you", "get handy with you", "knocked
            # you about", "does he ever get rough?".
            r"\b(?:put|puts|putting|laid|lay|laying) (?:his|her|their|a) hands? on "
            r"you\b|\b(?:handy|rough) with you\b|\bknock(?:s|ed|ing)? you (?:about|"
            r"around)\b|\brough(?:s|ed)? you up\b",
            r"\b(?:he|she|they|(?-i:[A-Z][a-z]+)(?<!Does)(?<!Did)) (?:ever |still )?"
            r"(?:gets?|got|turns?|turned) (?:rough|handy|heavy-handed|physical|violent)\b",
            r"\b(?:laid|lay|lays|laying|tore|tear|tears|went|gone|go|goes|piled) into "
            r"you\b|\bbeat(?:s|en)? you up\b|\bbeaten up\b",
        ),
    ),
    (
        # The patient as the one who might hurt someone else.
        "harm_to_others",
        _rx(
            rf"\b(?:hurt|harm|kill|hit|attack|injure|shake|strangle|smother|punch)"
            rf"(?:t?ing)? {_WHO}\b",
            r"\b(?:hurt|harm|kill|hit|attack|injure|punch)(?:t?ing)? (?:the|that|this|"
            rf"a|an|his|her|their) {_NOT_HIT_IDIOM}\w+",
            rf"\b(?:hurt|harm|kill|hit|attack|injure)(?:ing)? {_ANYONE}\b",
            # "scary thoughts about the baby getting hurt": intrusive harm
            # thoughts, however the harm is put.
            r"\bthoughts?\b.{0,30}\b(?:the baby|your (?:baby|son|daughter|child|kids?|"
            r"children)|him|her|them|someone)\b.{0,15}\b(?:getting|being|coming to) "
            r"(?:hurt|harmed|harm)\b|"
            r"\bthoughts? (?:of|about) (?:hurting|harming|killing|violence)\b"
            r"(?! (?:yourself|your ?self))",
            r"\b(?:violent|violence|lash(?:ed|ing)? out physically|get(?:ting)? "
            r"physical)\b",
            r"\b(?:a danger|dangerous) to (?:anyone|others|other people|the baby|"
            r"your)\b",
            r"\byour temper\b.{0,30}\bphysical\b",
            r"\b(?:got|get|getting|been) (?:in|into) (?:a |any )?(?:fights?|punch-ups?|"
            r"scraps?)\b|\bphysical fights?\b",
            r"\blash(?:ing|ed)? out at (?:someone|somebody|anyone|anybody|people|him|"
            r"her|them|your|(?-i:[A-Z]))",
            # The patient's own side of a row: "did it ever get physical from your
            # side?", "ever come close to swinging for Kate?", "shoved Luca".
            r"\b(?:physical|violent|rough)\b.{0,30}\b(?:from|on) your (?:side|end|"
            r"part)\b|\b(?:got|gone|go|went|turned?) physical\b",
            r"\bswing(?:ing)? (?:for|at)\b|\bswung (?:for|at)\b|\b(?:gone|go|went) "
            rf"for {_WHO}|\bthr(?:own|ew|ow) (?:something|anything|things|stuff)\b",
            rf"\b(?:shove|push|slap|kick|smack|grab|throttle)(?:d|ed|ped|bed|ing|"
            rf"ping|bing)? {_WHO}\b(?! (?:away|off|out|aside))",
            # The anger or the stress as the one that acts: "has the anger ever
            # come out physically", "spilled over into pushing", "taking it out
            # on Denise physically".
            r"\b(?:come|came|comes|coming|spill\w*|boil\w*) (?:out|over)\b.{0,20}"
            r"\bphysical\w*|\b(?:spill\w*|tipped|boil\w*|escalat\w*|turn\w*|come|came)"
            r" (?:over )?(?:into|to) (?:pushing|shoving|hitting|violence|lashing out|"
            r"getting physical|blows)\b",
            rf"\btak(?:e|es|ing|en) it out on {_WHO}",
            rf"\blos(?:e|es|ing|t) it (?:with|at) (?:{_WHO}|{_ANYONE})",
            # "the baby coming to harm by your hand".
            r"\b(?:come|coming|came|comes) to (?:any )?harm\b|\bby your (?:own )?hands?\b|"
            r"\bat your hands\b",
        ),
    ),
    (
        "voices",
        _rx(
            r"\bvoices?\b(?! (?:mail|message|note))",
            r"\b(?:hear|hearing|heard|see|seeing|seen) (?:things|stuff|people|"
            r"anything|voices?|someone|somebody)\b.{0,50}\b(?:aren'?t|isn'?t|not|"
            r"wasn'?t|weren'?t|can'?t|don'?t|couldn'?t|others|other people|nobody|"
            r"no one|no-one)\b",
            r"\bhallucinat",
            r"\bunusual (?:experiences?|things)\b|\bstrange experiences?\b|\bodd "
            r"(?:things|experiences?)\b",
            r"\b(?:hear|hearing|heard)\b.{0,30}\b(?:names? called|call(?:ing|ed)? "
            r"(?:your|their|my) name)\b",
            r"\bout to get (?:you|them)\b|\bpersecut\w*|\bconspir\w*|"
            r"\bplots? against\b|"
            r"\b(?:see|seeing|saw|seen|catch(?:ing)? sight of|caught sight of|glimps\w*)"
            r" (?:him|her|them|(?-i:[A-Z][a-z]+))\b.{0,30}\b(?:still (?:there|here|around)"
            r"|in the (?:house|room|hall|kitchen|chair|garden)|standing|sitting|at the "
            r"(?:door|window)|out of the corner)\b|"
            r"\b(?:being watched|being followed|spied on|plotting against|"
            r"messages? (?:from|on) the (?:tv|radio)|special messages?)\b",
            r"\bmind playing tricks\b|\bthoughts? (?:being )?(?:put|inserted) "
            r"(?:in|into)\b",
            # Indirect: "feel their thoughts aren't their own, or hear things".
            r"\bthoughts? (?:aren'?t|are not|isn'?t|is not) (?:your|their|my) own\b|"
            r"\b(?:hear|hearing|see|seeing) things\b|\bsee or hear\b|\bhear or see\b|"
            r"\b(?:isn'?t|aren'?t|wasn'?t|weren'?t) (?:really )?there\b|"
            r"\bsending (?:you )?(?:messages|signals)\b|\bmind'?s? (?:is )?being read\b|"
            # Someone gone, heard or sensed: "hear him moving about the house",
            # "sense her in the room", "feel his presence".
            r"\b(?:hear|hearing|heard|sense|sensing|sensed)\b (?:him|her|them|"
            r"(?-i:[A-Z][a-z]+))\b.{0,25}\b(?:talking|moving|calling|speaking|walking|"
            r"whisper\w*|in the (?:house|room|hall|kitchen|bedroom|garden)|about the "
            r"house|around the house|around you|near you)\b|"
            r"\b(?:his|her|their|a|\w+'s) presence\b|"
            r"\bread(?:ing)? your (?:mind|thoughts)\b",
        ),
    ),
)
# Harm asked both ways at once ("does it ever get physical, either of you?").
MUTUAL = _rx(
    r"\beither of you\b|\bboth of you\b|\beach other\b|\bone another\b|"
    r"\bbetween (?:you|the two of you)\b|\bgo(?:es)? both ways\b",
)
# Means and intent read by meaning, before any screening pattern: "anything in
# the house you could use to hurt yourself" asks about means, not self-harm
# history; "stuff stored up" about means, not medication.
MEANS = _rx(
    r"\b(?:hurt|harm|kill) yourself with\b|\bto do it with\b|\bstash\w*",
    r"\b(?:anything|something|stuff)\b.{0,20}\byou (?:could|would|might|can) take\b",
    r"\bbought\b.{0,20}\b(?:pills|tablets|anything|something|rope)\b",
    r"\b(?:anything|something|stuff|things?|pills|tablets|medication)\b.{0,40}"
    r"\b(?:you (?:could|would|might|can)|you'?d|to) use\b",
    r"\bwhat (?:you'?d|you would|you might|would you|could you) use\b",
    r"\b(?:anything|something|stuff)\b.{0,40}\bthought (?:of|about) using\b|"
    r"\b(?:in|within) (?:easy )?reach\b",
    r"\baccess to (?:pills|tablets|medication|medicines?|weapons?|guns?|a gun|"
    r"firearms?|rope|anything|something|stuff|means)\b",
    r"\b(?:stor(?:ed|ing)|stockpil\w*|hoard\w*|squirrel\w*|sav(?:ed|ing) up|"
    r"collect(?:ed|ing)|put (?:by|aside|away)|kept (?:aside|back)|set aside|"
    r"stashed?|hidden away)\b.{0,30}\b(?:pills|tablets|medication|medicines?|"
    r"anything|something|stuff)\b",
    r"\b(?:pills|tablets|medication|medicines?|anything|something|stuff)\b.{0,30}"
    r"\b(?:stor(?:ed|ing)|stockpil\w*|hoard\w*|sav(?:ed|ing) up|aside|put by|"
    r"stashed?|hidden away|just in case)\b",
    r"\b(?:got|have|has|keep|kept)\b.{0,20}\b(?:stuff|anything|something|pills|"
    r"tablets)\b.{0,20}\b(?:stored|stocked|saved|put by)\b",
    r"\b(?:get|got|getting|gotten) (?:hold of|your hands on) (?:anything|something|"
    r"pills|tablets|a gun)\b",
)
INTENT = _rx(
    r"\b(?:go|going|gone) through with\b|\bact(?:ed|ing)? on (?:it|them|that|"
    r"those|these|the thoughts?|your thoughts?)\b",
    r"\b(?:would|will|could|might) you (?:ever |actually |really )?(?:do it|"
    r"do something|act)\b|\byou'?d (?:ever |actually |really )?(?:do it|do "
    r"something|act)\b",
    # An attempt asked about as a prospect: "you might try something", "would
    # you ever try anything?" (a try that already happened is a past attempt).
    r"\b(?:would|will|could|might) (?:ever |actually |really )?try (?:something|"
    r"anything|it)\b|\b(?:would|will|could|might) you (?:ever |actually |really )?"
    r"try (?:something|anything|it)\b|\bsee yourself (?:ever )?(?:trying|doing) "
    r"(?:something|anything|it)\b",
    r"\bsomething you'?d (?:ever |actually |really )?do\b|\byou (?:might|would|"
    r"could|will) (?:actually |really )?do it\b",
    r"\bhow likely\b|\blikely to (?:do|act)\b|\bintend\w*|\bintent(?:ion)?s?\b",
    r"\bat risk of (?:doing|acting|going|hurting|harming|ending)\b",
)
SUICIDAL = _rx(
    r"suicid",
    r"\bkill(?:ing)? (?:yourself|your ?self)\b",
    r"\bend(?:ing)? (?:(?:your|one'?s) (?:own )?life|it all|things)\b",
    r"\btake (?:your|one'?s) (?:own )?life\b",
    r"\bbetter off dead\b|\b(?:want(?:ed)?|wish(?:ed)?|wishing) (?:you (?:were|was) )?"
    r"(?:to )?(?:die|dead)\b",
    r"\b(?:don'?t|not|didn'?t) want(?:ing)? to (?:live|be here|be alive|wake up|go on|"
    r"carry on)\b",
    r"\bthoughts? (?:of|about) (?:death|dying|not being here|not waking up|"
    r"ending)\b",
    r"\blife(?:'s| is|'s not| isn'?t| was| wasn'?t)? (?:not |no longer )?worth"
    r"(?: living| it| going on)\b|\b(?:not|isn'?t|no longer) worth living\b|"
    r"\blife (?:is|isn'?t|was|wasn'?t) (?:not )?worth\b|\bnot (?:be|being) "
    r"(?:here|around|alive)\b",
    r"\bno longer (?:be )?(?:here|alive|around)\b|\bgive up on life\b",
    r"\bgo to sleep and not wake\b|\bnot (?:to )?wak(?:e|ing) up\b",
    r"\b(?:weren'?t|wasn'?t|not) (?:here|alive|around) any ?more\b|"
    r"\bwish(?:ing|ed)? (?:that )?(?:you|i) (?:weren'?t|wasn'?t|were not) "
    r"(?:here|alive|around)\b",
    r"\bdisappear (?:for good|forever)\b|\bend it\b",
    # "easier not to be around at all", "the family'd be better off without him".
    r"\bnot to be (?:here|around|alive)\b|\bbetter off without (?:you|them|me|him|"
    r"her)\b",
    # "the family would manage better without you".
    r"\b(?:manage|cope|do|get on|be)(?: \w+)? better without you\b",
)
_NOT_OUR_PLAN = r"(?<!safety )(?<!crisis )(?<!care )(?<!treatment )(?<!support )"
# Follow-ups; `SI_WORDS` marks a question as about the thoughts even without
# context ("Have you made a plan to end your life?").
SI_FOLLOW_UPS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "si_past_attempts",
        _rx(
            r"\b(?:ever|before|previously|in the past|at any (?:point|time|stage)|"
            r"in your life)\b.{0,40}\b(?:tried|attempt\w*|acted on|did try)",
            r"\b(?:tried|attempted) (?:to )?(?:end|take|kill|hurt|do something)\b",
            # The act named as the object: "have you attempted suicide?", "tried
            # suicide before?", "attempted anything?"; not "tried anything to
            # help you sleep" or "tried something like counselling".
            r"\b(?:tried|try|attempt|attempted) (?:suicide|anything|something)\b"
            r"(?!\s+(?:to|for|like|with|else|new|different|that|which|out|such)\b)",
            r"\b(?:past|previous|prior|earlier) (?:attempts?|suicide attempts?)\b",
            # "has it ever got to the point where you did something?"
            r"\bever\b.{0,40}\byou (?:did|have done|actually did|went and did) "
            r"(?:something|anything)\b(?! (?:to help|for|like|else|nice|different|about "
            r"(?:work|money|the|your)))|"
            r"\boverdose\w*|\btoo many (?:tablets|pills|painkillers|paracetamol)\b|"
            r"\b(?:took|taken|take) (?:\w+ ){0,3}on purpose\b",
            r"\bacted on (?:them|these|those|it|that|the thoughts?)\b.{0,20}\b(?:before|"
            r"ever|past)\b",
            r"\bever (?:acted|done anything)\b",
            # "had you ever felt like this and done anything about it?"
            r"\bever\b.{0,40}\b(?:done|did) (?:anything|something) (?:about|with) "
            r"(?:it|them|those|that|these)\b",
            r"\b(?:made|make|any|an|no) (?:an? |any )?attempts?\b",
            r"\battempts? (?:on|at) (?:your|my) (?:own )?life\b",
        ),
    ),
    (
        "si_plan",
        _rx(
            # "a safety plan together", "your care plan" are the counsellor's
            # plans, not a plan to die.
            rf"\b{_NOT_OUR_PLAN}plan(?:s|ned|ning)?\b",
            # The how, the when or the where thought about, however the
            # thoughts got there: "thinking about when?", "do the thoughts ever
            # include how?", "the specifics".
            r"\b(?:thought|thinking|think) (?:about|through|of) (?:the )?(?:how|when|"
            r"where)\b|\b(?:include|involve|extend to|move on to) (?:the )?"
            r"(?:how|when|where|a way|a method|a time|a date|details)\b|\bspecifics\b|"
            r"\bthought (?:about|through) how\b|\bhow you (?:would|might|could) (?:do|end)\b|"
            r"\bhow (?:would|might|could) you (?:do|end)\b",
            r"\bprepar\w*|\bwritten a note\b|\b(?:a|any) note\b|\baffairs in order\b|"
            r"\b(?:writ\w*|left|leave)\b.{0,30}\b(?:letters?|goodbyes?|a will)\b|"
            # "looked up ways to do it", "searched online for how".
            r"\blook(?:ed|ing)? up\b|\bways? (?:of|to) (?:do(?:ing)? it|go about it)\b|"
            r"\bresearch\w*|\bgoogl\w*|\bsearch(?:ed|ing)? (?:online|the internet|for)\b|"
            r"\bwhen or where\b|\bhow or when\b|\bways (?:of|to) (?:dying|die|end|kill)\b|"
            r"\blooked into\b",
            r"\bworked out (?:how|a way)\b|\bspecific (?:way|method|idea)\b|"
            r"\bdecided (?:how|when|where|on)\b",
            r"\b(?:picture|pictured|imagine|imagined|visuali[sz]\w*) (?:how|yourself "
            r"doing|doing it|a way)\b",
            # A way or a method, however it is framed: "as far as a way you'd do
            # it" (not intent: the way is what is asked), "the wish turns into
            # working out a method".
            r"\bmethods?\b|\b(?:a|any|the|some|one) (?:particular |specific |certain )?"
            r"(?:way|means) (?:you'?d|you would|you could|you might|you'?ve|you have|"
            r"of doing|to do|of ending)\b",
        ),
    ),
    (
        "si_means",
        _rx(
            # "any part of you that means to go through with it" is intent.
            r"\bmeans\b(?! to\b)",
            r"\b(?:access to|got|have|keep|kept|saved|stored|stockpil\w*|collect\w*) "
            r"(?:any )?(?:pills|tablets|medication|medicines?|a gun|guns|weapons?|"
            r"rope|firearms?)\b",
            r"\b(?:pills|tablets|medications?|medicines?|guns?|weapons?)\b.{0,30}"
            r"\b(?:at home|in the house|around|saved|kept|still)\b",
            r"\b(?:something|anything)\b.{0,40}\b(?:you could|to|you'?d|you might) "
            r"(?:use|do it with|hurt yourself)\b|\blike pills\b",
            r"\bwhat would you (?:do it with|use)\b",
        ),
    ),
    (
        "si_frequency",
        _rx(
            r"\bhow often\b|\bhow many times\b|\bfrequen|\bhow much of the (?:time|day|"
            r"week)\b",
            # When in the day: "is it more at night?", "worse in the mornings?"
            r"\b(?:more|mostly|worse|usually|mainly) (?:at night|in the (?:mornings?|"
            r"evenings?|night)|at bedtime|when you'?re (?:alone|lying|in bed))\b",
            r"\b(?:every|each) (?:day|night|week)\b",
            r"\bhow (?:long|much) (?:do|does|have) (?:they|these|the thoughts?|it)\b",
            r"\bwhen (?:do|did) (?:they|these|the thoughts?|it) (?:come|start|happen)\b",
            # "When do those thoughts tend to come - a time of day?"
            r"\bwhen (?:do|does|did) (?:they|these|those|the thoughts?|it)\b(?: thoughts?)?"
            r"(?: \w+){0,2} (?:come|start|happen|hit|strike|arrive|show up|creep in)\b|\btimes? of "
            r"(?:the )?(?:day|night)\b|\b(?:particular|certain) (?:nights?|days?|times?)\b",
            r"\b(?:how long|when) (?:have you been|did you start) (?:having|feeling|"
            r"thinking)\b",
            r"\bwhen did (?:they|these|those|the) (?:thoughts? )?(?:first )?(?:start|"
            r"begin|come)\b",
            r"\b(?:happening|coming|had them|having them) (?:a lot|more)\b|\bthis "
            r"(?:past )?week\b",
        ),
    ),
    (
        "si_protective",
        _rx(
            r"\bkeeps? you (?:going|here|safe|alive)\b|\bkept you (?:going|here|safe|"
            r"alive)\b|\bmakes? (?:a|any) difference\b",
            r"\bstops? you\b|\bstopped you\b|\bholds? you back\b",
            # "what stops those thoughts from going any further?": what holds
            # the thoughts back, said of the thoughts.
            r"\bwhat (?:stops|stopped|keeps|kept|holds|held) (?:them|it|those|these|the)"
            r"(?: thoughts?| feelings?)? (?:from|back|in check)\b",
            r"\breasons? (?:to|for) (?:live|living|keep going|stay|carry on)\b",
            r"\bwhat (?:helps|gets you through|makes (?:it|life) worth)\b",
            # "what gets you out of bed?", "what's kept you from acting on it?"
            r"\bgets? you (?:out of bed|up in the morning|up each day)\b|"
            r"\b(?:kept|keeps?|keeping|stopped|stops?|held|holds?) you (?:back )?from\b",
            r"\bprotect\w*\b|\bhold(?:s|ing)? on\b|\banchors? you\b",
            # "what matters enough to hold you here?", "what ties you to life?"
            r"\b(?:holds?|holding|ties?|tying|keeps?|keeping) you (?:here|to (?:life|"
            r"this world)|alive|in the world)\b|\bmatters? (?:enough|most)\b|"
            r"\bworth (?:staying|living|sticking|hanging|carrying|being|going|holding)"
            r"(?: \w+)? for\b",
            # Staying alive said as staying: "anything you'd want to stick
            # around for?", "what would you stay for?".
            r"\b(?:stick|hang|stay|be) (?:around|about|here) for\b|\b(?:want|wanting) "
            r"to (?:stick|hang) (?:around|about)\b",
            # Asked back about a "no": "what makes you sure of that?", "what
            # makes you think you couldn't?" ask for the reasons, not whether.
            r"\bwhat makes you (?:so )?(?:sure|certain|confident)\b|\bwhat makes you "
            r"(?:think|say|feel)\b.{0,30}\b(?:couldn'?t|wouldn'?t|won'?t|never|not)\b|"
            r"\bwhy (?:wouldn'?t|couldn'?t|won'?t) you\b",
        ),
    ),
    (
        "si_support",
        _rx(
            r"\bwho (?:could|would|can|might|do) you (?:tell|talk|call|turn|reach|go|"
            r"speak|ring|contact|phone|text|message)\b",
            # "who are the people you could contact?"
            r"\b(?:people|person|anyone|someone|somebody|anybody|who)\b.{0,20}\byou "
            r"(?:could|can|would|might) (?:contact|call|ring|phone|text|message|tell|"
            r"talk to|turn to|reach out to|lean on)\b",
            r"\b(?:anyone|someone|somebody|anybody) (?:you(?:'?d| could| can| would| "
            r"trust)|to (?:talk|tell|call|turn))\b",
            r"\b(?:does|do) (?:anyone|anybody|your family|your (?:son|daughter|"
            r"children)) know\b|\btold (?:anyone|anybody|someone)\b",
            r"\bsupport\b|\bcrisis (?:line|team|number)\b|\bsamaritans\b|\bhelpline\b",
            r"\bwho (?:knows|is there for you)\b",
            # Who is on their side: "who's in your corner?", "who've you got
            # behind you?", "who's got your back?".
            r"\b(?:in|on) your (?:corner|side)\b|\b(?:got|has|have|had) your back\b|"
            r"\bbehind you\b",
            # Someone they could tell, whoever it is and however it is framed:
            # "would you feel able to tell someone if you didn't feel safe?",
            # "who in your life could you be honest with about these thoughts?".
            r"\b(?:tell|talk to|reach out to|contact|call|ring|turn to|confide in|open "
            r"up to|lean on) (?:someone|somebody|anyone|anybody|a professional|a "
            r"friend|family)\b|\bwho\b.{0,30}\b(?:be honest|open up|confide|talk)\b",
            # Shared with anyone: "who else have you shared this with?"
            r"\bshar(?:e|ed|ing) (?:this|that|it|them|these|those|how you)\b",
        ),
    ),
    (
        "si_intent",
        _rx(
            r"\bintend\w*|\bintent(?:ion)?s?\b",
            r"\b(?:act|acting) on\b",
            r"\b(?:would|will|might|could) you (?:actually |ever )?(?:do it|do "
            r"something|go through with)\b",
            r"\bgoing to (?:do|act|go through)\b|\bhow likely\b|\bgo through with\b",
            r"\bdo you think you (?:would|will|might) (?:do|act)\b",
            r"\b(?:thought about|considered|think about) (?:actually )?doing (?:something|"
            r"anything)\b|\bdo(?:ing)? something about it\b",
            r"\b(?:be|keep yourself|stay|feel) safe\b",
            r"\bhow (?:strong|intense|bad|powerful) (?:are|do|is|have)\b|\burges?\b",
        ),
    ),
)


# Inside a risk conversation a short follow-up is read by what it asks about,
# not by exact phrases: how often, how, whether it went further, whether they
# would, with what, what stops them, who knows. First match wins; the order puts
# the narrow readings first ("anything or anyone holding you back" is about
# what stops them, not about who knows).
SI_BY_MEANING: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "si_past_attempts",
        _rx(
            r"\b(?:gone|got|went|go) (?:any |much )?(?:further|as far as|beyond)\b",
            r"\b(?:more than|beyond) (?:just )?(?:thinking|thoughts?|a thought)\b",
            r"\bever (?:tried|trying|attempted|done (?:it|anything|something))\b",
            # "came close to it", not "someone close to you".
            r"\bclose (?:to (?!you\b|me\b)|call)|\btried (?:it|anything|something)\b|"
            r"\bhow close\b",
        ),
    ),
    (
        "si_plan",
        _rx(
            r"\b(?:a|any|the) (?:way|method|means of|idea of how)\b",
            r"\bdetails?\b|\b(?:worked|figured|thought) (?:it |that |this )?(?:out|through)\b",
            r"\bhow (?:you'?d|you would|would you|you might|exactly|you'?d go about)\b",
            r"\b(?:where|when) (?:you'?d|you would|would you)\b",
        ),
    ),
    (
        "si_means",
        _rx(
            r"\b(?:stuff|things?|anything|something|pills|tablets)\b.{0,40}\b(?:house|home|"
            r"flat|could use|to hand|around|lying about|kept|saved)\b",
            r"\bget (?:hold of|your hands on)\b|\baccess\b|"
            r"\bwhere (?:to|you'?d|you could|you would|you might) (?:get|find|buy)\b",
        ),
    ),
    (
        "si_protective",
        _rx(
            r"\bkeeps? (?:you )?(?:going|here|safe|alive)\b|\bkeep(?:ing)? going\b",
            r"\bhold(?:s|ing)? (?:you )?back\b|\bstop(?:s|ping)? you\b|\bstopped\b",
            r"\bwant(?:s)? to (?:keep|carry|stay|live|be here|go on)\b|\breasons?\b",
            r"\blook(?:ing)? forward\b|"
            r"\bgets? you through\b|\bhope\b|\bmatters? (?:to you|most)\b",
            # The people they live for, asked whether they weigh in: "do the
            # kids factor into it?", "does thinking about Michael help?".
            r"\bfactors? in(?:to)?\b|\b(?:does|do|would|did) (?:thinking (?:about|of) |"
            r"having |seeing )?(?:the (?:kids|children|grandchildren)|your (?:kids|"
            r"children|family|son|daughter|grandchildren)|(?-i:[A-Z][a-z]+)(?: and "
            r"(?-i:[A-Z][a-z]+))?) help\b",
        ),
    ),
    (
        "si_support",
        _rx(
            r"\b(?:anyone|anybody|someone|somebody|people|family|friends?|your \w+)\b"
            r".{0,30}\b(?:know|knows|knew|aware|told|noticed)\b",
            # "Does Michael have any idea?", "would Claire guess?"
            r"\b(?:does|do|did|would|has|have) (?!you\b)(?:\w+ ){1,2}(?:have (?:any|an) "
            r"idea|know|realise|realize|suspect|guess|have a clue)\b",
            r"\b(?:told|tell|talked to|talk to|spoken to|confided in|let|ring|call|"
            r"phone|text|reach out to|turn to|go to) "
            r"(?:anyone|anybody|someone|somebody|people|your|a friend|family|"
            r"(?-i:[A-Z][a-z]+))\b",
            r"\bwho (?:else )?(?:knows|knew|have you told|could you tell|is there)\b",
        ),
    ),
    (
        "si_intent",
        _rx(
            r"\b(?:go|going|gone) through with\b|\bact(?:ed|ing)? on\b",
            r"\b(?:would|will|could|might) you (?:ever |actually |really )?(?:do|act)\b",
            r"\bdo (?:it|something|anything)\b|\bmean (?:to|it)\b|\bseriously\b",
        ),
    ),
    (
        "si_frequency",
        _rx(
            r"\b(?:most|some|every|all|many|how many|few) (?:nights?|days?|weeks?|"
            r"mornings?|evenings?|times?)\b|\bnow and (?:then|again)\b",
            r"\bonce in a while\b|\boccasional\w*|\ball the time\b|\bconstant\w*|"
            r"\bbad days\b|\bhow often\b|\boften\b|\bregular\w*",
            r"\blast (?:time|felt|had|thought)\b|\bwhen did you last\b|\brecent\w*|"
            r"\bhow long\b|\bwhen (?:do|did|does) (?:it|they|that)\b|\bwhen did\b",
        ),
    ),
)
# A question that points back at what was just said ("feel like that", "those
# thoughts"): inside a risk conversation it is about the suicidal thoughts.
