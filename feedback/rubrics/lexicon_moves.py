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


class GatedPattern:
    """A large pattern run only when a cheap gate matches first.

    VALIDATION and CHALLENGE run on every declarative sentence and cost about 100 µs
    each at every word boundary; most sentences contain none of the words any of
    their alternatives needs. The gate lists, for every alternative, one word that
    must start a word inside any match of it, so gate-miss implies pattern-miss and
    `search` answers exactly as the pattern alone (the test
    `test_gated_patterns_answer_as_the_pattern` checks this on every sentence of the
    gold corpus and the benchmark). When adding an alternative, add its word here.
    """

    __slots__ = ("gate", "pattern")

    def __init__(self, pattern: re.Pattern[str], words: str) -> None:
        self.pattern = pattern
        self.gate = re.compile(r"\b(?:" + words + r")", re.IGNORECASE)

    def search(self, text: str) -> re.Match[str] | None:
        if not self.gate.search(text):
            return None
        return self.pattern.search(text)


_DEG = (
    r"(?:so |really |very |totally |completely |perfectly |entirely |pretty |quite )?"
)

# Validation and sympathy: the feeling is acceptable, shared by others, or deserved.
_VALIDATION = re.compile(
    r"\b(?:(?:that|it|this|which)(?:'s| is| does| totally| really| completely)? makes? "
    r"(?:\w+ ){0,2}sense|makes? (?:total |complete |perfect |so much )?sense (?:that|wh"
    r"y|you|given|after|with|considering)|any(?:one|body)(?: else)?(?: in your (?:shoes"
    r"|position|situation))? (?:would|could|'d|might) (?:\w+ ){0,2}(?:feel|be|have|stru"
    r"ggle|react|find|get|want)|(?:most|lots of|loads of|a lot of|many|plenty of) (?:ot"
    r"her )?(?:people|parents|mums|dads|students|carers|folk) (?:(?:would|do|have|must)"
    r" )?(?:feel|felt|struggle|go through|gone through|experience|find (?:it|this|that)"
    r" (?:hard|difficult|tough))|you(?:'re| are) (?:definitely |really |honestly |so )?"
    r"not (?:the only (?:one|person)|alone (?:in|with))|"
    r"(?:it'?s|it is|that'?s|that is) " + _DEG + r"(?:ok(?:ay)?|alright|all right|"
    r"fine|normal|natural|understandable|valid|human|allowed) (?:to|that|if|not to)|"
    r"(?:that'?s|it'?s|that is|it is) " + _DEG + r"(?:understandable|valid|natural|"
    r"human)\b(?! (?:question|point))|(?:your|those|these|the) (?:feelings?|reactions?"
    r"|responses?|emotions?) (?:are|is|make) " + _DEG + r"(?:valid|understandable|"
    r"normal|natural|sense|real)|you(?:'ve| have)(?: got)? every right|no wonder|only n"
    r"atural|of course you(?:'re| are| feel| felt| would| do|'d| were)|there'?s nothing"
    r" wrong with|nothing to be (?:ashamed|embarrassed|sorry)|(?:it'?s|it is|that'?s|th"
    r"at is|it was|it wasn'?t|wasn'?t) (?:not |never )?(?:\w+ )?your fault|(?:not|never"
    r") (?:\w+ )?your fault|you(?:'re| are) doing (?:the best|your best|(?:so |really )"
    r"?well|everything you can)|(?:be|go) (?:kind|gentle|easy) (?:to|on|with) yourself|"
    r"i (?:can(?:'t| not|not)?|could(?:n'?t)?) (?:only )?(?:even )?imagine|(?:that'?s|i"
    r"t'?s|that is|what|such) (?:\w+ )?a lot (?:to|for (?:you|one|anyone))|i hear you\W"
    r"*$|i (?:totally |really |completely |do )?get (?:it|that|why)\b(?! (?:done|right|"
    r"sorted|out))|(?:i'?m|i am) (?:really |so |very )?glad (?:you|that you) (?:told|sh"
    r"ared|said|came|brought|mentioned|feel|reached|spoke|talked)|i(?:'m| am) (?:right "
    r")?here (?:with|for) you|heartbreaking|heartbroken for you|(?:sounds|seems|sounded"
    r") like (?:a|such a) (?:really |very |pretty )?(?:horrible|awful|rough|tough|hard|"
    r"difficult|long|stressful|miserable|scary|lonely) (?:week|day|time|few|month|year|"
    r"night|morning|situation|experience|spot)|there'?s no (?:right|wrong) way to|ok(?:"
    r"ay)? not to be ok(?:ay)?|(?:i'?m|i am) (?:so |really |very )?sorry (?:you|to hear"
    r"|that|for|about)|sorry (?:for your loss|to hear)|oh no\b|you poor (?:thing|love)|"
    r"(?:would|could|will) (?:hurt|upset|shake|floor|break) anyone|i(?:'?d| would) (?:\w"
    r"+ )?(?:be|feel) (?:\w+ )?(?:too|the same|exactly the same|just the same)|unfair ("
    r"?:on|to) you|one of the (?:hardest|most painful|worst) (?:things|experiences)|you"
    r"(?:'re| are) allowed to (?:feel|be|cry|grieve|struggle|find|not)|you(?:'re| are) "
    r"not (?:being )?(?:overreacting|weird|silly|crazy|mad|dramatic|stupid|pathetic|a b"
    r"ad person)|i can (?:really )?(?:hear|see|tell) (?:how|just how) (?:hard|difficult"
    r"|painful|much|tough|upsetting|scary|exhausting)|(?:sounds|seems) like (?:a|an abs"
    r"olute|a total) (?:nightmare|lot)|of course you (?:can'?t|couldn'?t|don'?t|didn'?t"
    r"|want|feel|"
    r"miss|get|got))",
    re.IGNORECASE,
)
# One word each alternative of VALIDATION needs (see GatedPattern).
VALIDATION = GatedPattern(
    _VALIDATION,
    r"sense|any(?:one|body)|people|parents|mums|dads|students|carers|folk|only|alone|"
    r"ok|alright|right|fine|normal|natural|understandable|valid|human|allowed|"
    r"feeling|reaction|response|emotion|wonder|course|wrong|ashamed|embarrassed|"
    r"sorry|fault|best|well|everything|kind|gentle|easy|imagine|lot|hear|get|glad|"
    r"here|heartbr|sound|seem|oh|poor|too|same|unfair|hardest|painful|worst|"
    r"overreacting|weird|silly|crazy|mad|dramatic|stupid|pathetic|bad|see|tell",
)
# Reassurance, blamelessness and normalising in students' words (2026.11-6, second
# list): "i'm sure it'll be fine", "you did everything you could", "you're only human",
# "grief can be so exhausting", "it's clear how much you loved him".
COMFORT = re.compile(
    r"\b(?:i(?:'m| am) (?:sure|certain|confident) (?:that )?(?:it|things|everything|she"
    r"|he|they)(?:'ll| will| is going to|'s going to|'re going to) (?:\w+ ){0,2}(?:be ("
    r"?:fine|ok(?:ay)?|alright|all right|great)|work out|go (?:well|fine|ok)|understand"
    r")|you did (?:your (?:very )?best|everything you could|all you could|what you coul"
    r"d)|(?:you|nobody|no one|anyone) could(?:n'?t| not)? have (?:known|predicted|seen "
    r"(?:it|that) coming|stopped|prevented)|(?:everyone|everybody|we all) (?:makes? mis"
    r"takes|ha(?:s|ve) (?:bad|off|hard) days|struggles? sometimes)|you(?:'re| are) only"
    r" human|no worries|heavy (?:thing|load|burden|weight) to (?:carry|bear)|(?:grief|a"
    r"nxiety|exams?|parenting|caring|loss|depression|stress|panic|a new baby|new babies"
    r"|uni|university|divorce|change) (?:can be|is|are) (?:so |really |such |incredibly"
    r" |pretty |very )?(?:exhausting|stressful|hard|tough|overwhelming|lonely|isolating"
    r"|draining|painful|brutal|a lot)|(?:it'?s|that'?s) (?:a lot|so much) of (?:pressur"
    r"e|stress|weight|responsibility)|i (?:can )?(?:totally |completely |really )?under"
    r"stand why|(?:is|'s|are) (?:really |so |very |pretty |super |incredibly )?(?:commo"
    r"n|normal)\W*$|you(?:'re| are) not on your own|(?:get|go) through (?:this|it) toge"
    r"ther|here to help|(?:sounds|seems) like (?:he|she|they) (?:was|were|is|are) (?:a "
    r"|an )?(?:really )?(?:wonderful|lovely|amazing|great|special|kind)|how much you (?"
    r":love|loved|care|cared|miss|missed) "
    r"(?:about )?(?:him|her|them))",
    re.IGNORECASE,
)
# Chat-style "I'm glad." / "That's a lot." said on their own.
VALIDATION_ALONE = re.compile(
    r"^(?:oh,? |aw,? |gosh,? |wow,? )?(?:i(?:'m| am) (?:so |really )?glad|(?:that'?s|it"
    r"'?s) (?:so |really |such )?(?:a lot|so much)|i(?:'m| am) (?:so |"
    r"really )?sorry)(?=\W*$)",
    re.IGNORECASE,
)

# Affirmation: naming the client's effort, strengths, values in action (MITI Affirm).
STRENGTH = re.compile(
    r"\b(?:you(?:'ve| have) (?:clearly |really |obviously |genuinely )?(?:worked|tried|"
    r"pushed|fought|persevered) (?:so |really |incredibly )?hard|you(?:'ve| have) put ("
    r"?:in )?(?:so much|a lot of|real|loads of|a huge amount of) (?:effort|work|energy|"
    r"thought|care)|you pushed (?:through|yourself|on)|you(?:'re| are) (?:clearly |obvi"
    r"ously |really )?(?:someone|the kind of (?:person|\w+)|a person) who (?:doesn'?t g"
    r"ive up|cares|keeps|tries|works|shows up|puts|fights|never gives up|takes)|(?:a|an"
    r") (?:real |big |huge |genuine )?(?:achievement|accomplishment)|(?:shows|showed|sa"
    r"ys|tells me) (?:\w+ )?(?:how|just how|a lot about how) (?:committed|determined|mu"
    r"ch you care|strong|hard you|caring|brave|much (?:it|this|they|she|he|you))|(?:sho"
    r"uld|can|could) be (?:really |so |very |incredibly )?proud|(?:something|a lot|plen"
    r"ty) to be proud of|no small (?:thing|feat|achievement|step)|stronger than you (?:"
    r"give yourself credit|think|realise|realize|know)|you(?:'ve| have) been (?:really "
    r"|so |very |incredibly )?(?:brave|strong|resilient|persistent|determined|patient|r"
    r"esourceful)|i (?:really |genuinely )?(?:admire|respect) (?:your|how|the way|that)"
    r"|(?:it'?s|it is) clear (?:how much|that you) (?:\w+ )?(?:effort|care|matters|you "
    r"care|you'?ve|you'?re)|you(?:'re| are) (?:clearly |obviously |really )?(?:a|such a"
    r") (?:very |really )?(?:caring|kind|thoughtful|determined|strong|loving|good|devot"
    r"ed|dedicated|brave|resilient|committed) (?:person|mum|dad|mother|father|friend|pa"
    r"rent|daughter|son|wife|husband|partner|carer|nurse|teacher)|you care (?:so much|a"
    r" lot|deeply|so deeply)|you(?:'ve| have) (?:stuck with|kept at|kept up|not given u"
    r"p)|didn'?t give up|took (?:real |a lot of |so much )?(?:courage|guts|bravery)|tha"
    r"t(?:'s| is| was) (?:a )?(?:really |so |very |such a |pretty )?(?:big|huge|brave|b"
    r"old|positive|great|important) (?:step|move|decision|thing to do)|(?:that'?s|that "
    r"is) (?:real |great |good )?progress|well done (?:for|on|you|to)|good on you|fair "
    r"play|you did (?:really |so )?(?:well|great|brilliant(?:ly)?) (?:to|for|in|there)|"
    r"(?:a|real|one of your) strengths?(?: of yours)?|(?:shows|showed|showing|takes|too"
    r"k) (?:a lot of |real |great |some )?(?:willpower|self[- ]control|restraint|dedica"
    r"tion|bravery|motivation|discipline|self[- ]awareness)|you (?:obviously |clearly |"
    r"really )+care about|you stuck (?:at|with) it|(?:give yourself|deserve) (?:some |a"
    r" lot of |real )?credit|not many people "
    r"would(?:'ve| have)|appreciate you (?:telling|sharing|being|opening|trusting))",
    re.IGNORECASE,
)

# 2026.11-10: affirmation in chat forms beside STRENGTH: praise of what the client
# did ("tom thats huge", "thats not nothing"; a bare "that's brilliant" is left out:
# the development labellers split on it), of how they are doing it ("your
# explaining really well"), and of their intent ("you were looking out for him").
AFFIRM_MORE = re.compile(
    r"\b(?:(?:that'?s|thats|that is|that was) (?:so |really |absolutely |honestly |"
    r"just )?(?:huge|massive)\b(?! (?:news|idea|problem|worry|shame))|(?:that'?s|thats|"
    r"that is) not nothing|(?<!think )(?<!thinks )(?<!says )(?:you'?re|your|you are) "
    r"(?:doing|explaining|handling|coping|managing|putting (?:it|things)) (?:\w+ )?"
    r"(?:really |so |incredibly )?(?:well|brilliantly|clearly)|you were (?:just )?"
    r"(?:looking out for|protecting|trying to (?:help|protect|do right by)|doing your "
    r"best (?:for|by))|that was (?:all )?you\b"
    # 2026.12-1: a strength named in everyday words ("it took something to say
    # that", "youre running on empty and still showing up for her", "you are way
    # more capable than you think", "what a beautiful thing to do for him").
    r"|(?:it|that) took (?:something|guts|courage|a lot|real \w+) to\b|still "
    r"(?:showing up|turning up|keeping going|holding it together)\b|(?:more|so much "
    r"more) (?:capable|resilient|competent) than you (?:think|give yourself)|what a "
    r"(?:beautiful|lovely|kind|brave|loving|generous) thing to)",
    re.IGNORECASE,
)

# Confrontation: disagreeing, arguing, blaming, shaming, doubting the client's account
# (MITI Confront), in students' forms.
_CHALLENGE = re.compile(
    r"\b(?:face (?:the fact|facts|reality|up to)|(?:just |only |nothing but |more of |s"
    r"ounds like |that'?s |it'?s )an? (?:excuse|cop[- ]out)|you(?:'re| are) (?:just |on"
    r"ly |always |still )?(?:blaming|deflecting|minimi[sz]ing|making excuses|in denial|"
    r"kidding|not taking (?:any |much )?responsibility|not being (?:honest|straight|tru"
    r"thful)|not (?:really )?trying)|blaming (?:everyone|everybody|others|other people|"
    r"her|him|them) (?:but|else|except|for)|take (?:some |any |more |real )?responsibil"
    r"ity|(?:should|ought to) be ashamed|shame on you|i (?:don'?t|do not) (?:really )?("
    r"?:think|believe) (?:that'?s|that is|it'?s|it is|that) (?:really )?(?:true|right|f"
    r"air|accurate|the (?:real )?(?:issue|problem|case))|i (?:totally |completely |hone"
    r"stly )?disagree|(?:that|it|this) (?:doesn'?t|does not) (?:really |quite )?add up|"
    r"come off it|(?:a bit of an?|bit of an?|an|that'?s an|huge|massive) exaggeration|y"
    r"ou can'?t (?:honestly|seriously|really|actually) (?:believe|think|expect|say)|(?:"
    r"clearly|obviously) the (?:real )?(?:problem|issue)|(?:avoiding|dodging|ignoring) "
    r"the (?:real |actual )?(?:problem|issue|question)|do you (?:really|honestly|seriou"
    r"sly|actually) (?:think|believe|expect)|you (?:really|honestly|seriously) (?:think"
    r"|believe) (?:it'?s|that'?s|she|he|they|this|that)|is (?:that|it) (?:really|honest"
    r"ly) (?:true|fair|the case|all)|you(?:'re| are) (?:just )?(?:using|hiding behind) "
    r"(?:that|it|this) as|that'?s (?:no|not an?) (?:excuse|reason)|(?:that'?s|it'?s) (?"
    r":not|hardly) (?:fair on|fair to|her fault|his fault|their fault)|you just said|^("
    r"?:but|ok(?:ay)? but|yeah but|well),? you (?:said|told|agreed|promised|did (?:agre"
    r"e|say|promise|tell))|you(?:'re| are) the one (?:who|that) (?:chose|decided|drinks"
    r"|keeps|started|did|made|went|picked|let)|you can'?t (?:expect|blame)|what did you"
    r" (?:think|expect) (?:would|was going to) happen|that'?s on you,? not|brought (?:t"
    r"his|it|that) on yourself|why do you keep (?:\w+ing|doing)(?: it| that)? then|why "
    r"(?:don'?t|do|did|didn'?t) you (?:just )?\w+ (?:\w+ )?then\b|if it (?:bothers|upse"
    r"ts|matters to|worries) you (?:that|so) much|(?:seems|sounds|that'?s|being) (?:a b"
    r"it |pretty |quite |really |a little |rather )?(?:selfish|hypocritical|irresponsib"
    r"le|childish|immature)|contradicting yourself|(?:sounds|seems) like (?:(?:you'?re "
    r")?in )?denial|you (?:already )?know the answer|you keep saying (?:\w+ ){0,5}but|w"
    r"ith (?:all due )?respect|the (?:reality|truth|fact) is,? (?:that )?(?:you|it'?s|y"
    r"our)\b(?! feel)|easier to blame|rather blame|(?:you'?re|you are) not being (?:fai"
    r"r|honest|realistic|straight)|you (?:clearly|obviously) have (?:a|an) (?:\w+ )?(?:"
    r"problem|issue)|(?:nobody|no one)(?:'s| is) (?:forcing|making) you|"
    # Disputing the patient's reading instead of exploring it ("you're overthinking
    # this", "that's a bit of a leap", "you can't know that", "it's not that bad").
    r"you(?:'re| are) (?:just |probably |totally |really |being |so )*(?:overthinking|c"
    r"atastrophi[sz]ing|jumping to conclusions|reading (?:too much|way too much)|imagin"
    r"ing (?:it|things)|exaggerating|making (?:a (?:big )?deal|a mountain|too much|it u"
    r"p)|paranoid|defensive)|(?:a bit of a|a big|a huge|quite a|bit of a) leap|(?:not|i"
    r"sn'?t) (?:really |very |exactly )?(?:logical|rational|realistic)|irrational|gener"
    r"ali[sz]ation|all in your head|you (?:can'?t|don'?t|cannot) (?:actually |really |p"
    r"ossibly )?know (?:that|for sure|for certain)|there'?s no (?:evidence|proof|reason"
    r" to (?:think|believe))|(?:it'?s|that'?s|things are|it is) (?:really |honestly |pr"
    r"obably |just )?not (?:that|as|so) bad|(?:other|some|lots of|loads of) people have"
    r" it (?:much |way |so much |a lot )?worse|i doubt (?:that|it|they|he|she|very)|i f"
    r"ind (?:that|it|this) (?:hard|difficult) to believe|(?:just |simply )?not the case"
    r"|^(?:but |come on,? |well,? )?not (?:everyone|everybody|all of them)\b|are you su"
    r"re (?:that'?s|about that|it'?s|they)|why are you being (?:so )?\w+|"
    # Questions that argue rather than ask ("what's the big deal?", "can't you see
    # you're hurting her?", "whose choice was that?", "so what?").
    r"what'?s the (?:big )?deal\W*$|is (?:that|it) (?:really|honestly) (?:so|that) bad|"
    r"^so what\W*$|why can'?t you just|how many times (?:have|do|must) (?:i|we)\b|whose"
    r" (?:choice|fault|decision|idea) (?:was|is) (?:that|it|this)|how can you (?:say|th"
    r"ink|believe) (?:that|this)|you don'?t (?:really|honestly|actually|seriously) (?:b"
    r"elieve|think|mean) (?:that|this|it)|(?:can'?t|don'?t) you see|do you not see|what"
    r"'?s the point (?:in|of) (?:thinking|feeling|"
    r"worrying|being|getting))",
    re.IGNORECASE,
)
# One word each alternative of CHALLENGE needs (see GatedPattern).
CHALLENGE = GatedPattern(
    _CHALLENGE,
    r"face|excuse|cop|blam|deflecting|minimi|making|denial|kidding|responsib|"
    r"honest|straight|truthful|trying|shame|ashamed|i do|disagree|add|come off|"
    r"exaggerat|seriously|really|actually|clearly|obviously|avoiding|dodging|"
    r"ignoring|using|hiding|reason|fair|fault|said|told|agreed|promised|did|the one|"
    r"expect|happen|on you|keep|then|bothers|upsets|matters|worries|selfish|"
    r"hypocritical|irresponsib|childish|immature|contradicting|answer|respect|"
    r"reality|truth|fact|forcing|overthinking|catastrophi|jumping|reading|imagining|"
    r"paranoid|defensive|leap|logical|rational|realistic|irrational|generali|all in|"
    r"know|evidence|proof|bad|people|doubt|believe|case|everyone|everybody|all of|"
    r"sure|why are|deal|so what|why can|how many|whose|how can|you see|do you not|"
    r"point",
)
# 2026.11-8: the rest of MITI's Confront list in students' forms, written from the
# definition (blame, correcting the patient with their own record, disputing the
# account, criticising an attitude, labelling, a rhetorical blaming question): "you
# chose to shout at him though", "nobody made you hit him", "that seems unlikely",
# "a few drinks every night is a big deal though", "that attitude isn't going to get
# you anywhere", "a bit unfair on her", "so you broke your promise again", "how was
# she supposed to know". Not recalling what the patient said ("you did say you
# wanted to...": a reflection of change talk) nor "putting it off" (often mirrored).
CONFRONT_MORE = re.compile(
    r"\b(?:you chose to\b(?! (?:come|talk|share|tell|reach|get|stay|be\b|try))|"
    r"(?:nobody|no one|no-one)(?: can| could)? (?:made|makes|make|forced|forces|force) "
    r"you\b(?! (?:feel|welcome|smile|laugh))|(?:that'?s|it'?s|that was) (?:your|ur) "
    r"(?:own )?(?:choice|decision|doing),? (?:though|not)|you (?:found|had|made) "
    r"(?:the |enough )?time (?:to|for)\b[^.?!]*\bthough|we(?:'ve| have)? (?:already )?"
    r"(?:talked|been over|gone over|discussed) (?:about )?this (?:already|before|so "
    r"many times)|(?:that|which|this) (?:seems|sounds) (?:pretty |very |quite |a bit |"
    r"a little |highly )?(?:unlikely|far[- ]fetched|hard to believe)|(?:is|'s) (?:a|"
    r"such a) (?:big|huge|serious|pretty big) deal,? though|(?:that|this|your|ur) "
    r"(?:attitude|mindset|kind of thinking|way of thinking|way (?:to|of) look(?:ing)? "
    r"at (?:it|things|this))(?:'s| is| isn'?t| won'?t| will not| is not)? (?:not |"
    r"really |pretty |a bit |quite )?(?:going to|gonna|help|get you|childish|unhelpful|"
    r"selfish|unfair|immature|the problem|the issue)|(?:a bit|pretty|rather|quite|very|"
    r"really|kind of|a little) (?:childish|immature|selfish|unfair|harsh|mean) (?:way|"
    r"thing|attitude)|(?:a bit|pretty|rather|quite|very|really|kind of|a little) "
    r"unfair (?:on|to) (?:her|him|them|your)|(?:broke|broken|breaking) (?:your|another|"
    r"a) promise|how (?:was|is|were|are|would|could) (?:she|he|they|anyone|people|"
    r"your \w+) (?:supposed|meant|expected) to know)",
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
    r"\b(?:(?:do you |would you )?want to hear (?:it|them|one|some|a few|an idea|what)|"
    r"(?:do|would) you (?:want|like) (?:some|a few|any|an?) (?:\w+ )?(?:ideas?|suggesti"
    r"ons?|tips|thoughts|options|pointers|info(?:rmation)?)|would it help if i (?:share"
    r"d|told|suggested|gave|offered|mentioned|went through)|(?:is it|would it be|are yo"
    r"u) (?:ok(?:ay)?|alright|all right|happy|cool) (?:if i|for me to|with me) (?:share"
    r"|offer|suggest|mention|give|tell|throw|run)|can i (?:throw|run|put|float|pass on|"
    r"say) (?:something|an idea|a thought|an? suggestion)|(?:ok(?:ay)?|alright) "
    r"if i (?:share|offer|suggest|mention|give))\b",
    re.IGNORECASE,
)
# Advice framed with the patient's leave inside the sentence ("if it's ok with you,
# i'd suggest...", "feel free to ignore this, but...", "you can totally say no").
LEAVE = re.compile(
    r"\b(?:if (?:it'?s|that'?s) (?:ok(?:ay)?|alright|all right) (?:with|by) you|if you("
    r"?:'re| are) (?:open|up for|willing|interested)|if you (?:want|like|fancy)\b|feel "
    r"free to (?:ignore|disagree|say no|take|leave)|(?:you )?can (?:totally |always |ju"
    r"st )?(?:say no|ignore (?:it|this|me))|(?:may|might) or may not (?:fit|work|help|s"
    r"uit|be)|i (?:don'?t|do not) know if (?:this|that|it)(?:'ll| will| would| might)? "
    r"(?:work|help|fit|suit)|no (?:pressure|obligation)|just an idea|"
    r"(?:only )?a (?:thought|suggestion)\W*$|for what it'?s worth|see what you think)",
    re.IGNORECASE,
)
# Advice forms beside lexicon_input.ADVICE ("i'd just tell her", "sometimes writing it
# down helps", "one option would be to...", "what about writing to her?").
ADVICE_MORE = re.compile(
    r"\b(?:i(?:'?d| would) (?:just |probably |honestly |personally |definitely )?(?:tell"
    r"|talk to|ask|call|text|ring|say something|write|speak|leave|stop|start|book|go (?"
    r":and|to|for)|see a|cut|drop|quit|give|try|put|keep|trust|wait)\b|(?:sometimes|often) (?:just )?\w+ing (?:\w+ ){0,4}(?:helps|"
    r"can help|works)|one (?:option|idea|thing|possibility) (?:would be|could be|might "
    r"be|is) (?:to )?\w+|(?:the )?(?:best|first|next) (?:thing|step) (?:would be|is|mig"
    r"ht be) to|how about (?:maybe |just )?\w+ing|(?:a lot of|many|some|lots of) people"
    r" find (?:that )?"
    r"(?:\w+ing|it helps|a \w+))",
    re.IGNORECASE,
)
# 2026.11-7: advice put as a question in other forms than ADVICE_QUESTION's ("do you
# think it would help to...?", "is it worth trying...?", "could you not just...?",
# "is there anyone who could babysit?", "why not sign up?", "could you ring her?").
ADVICE_QUESTION_MORE = re.compile(
    r"\b(?:(?:do|would) you think (?:it|that) (?:would|might|could) help (?:to|if)|"
    r"could you not just|couldn'?t you just|is it (?:worth|an idea) (?:trying|giving "
    r"it|a (?:try|go|shot))|is there (?:anyone|someone|somebody) (?:who|that) (?:could|can|might) "
    r"(?!have|be\b|know|understand|relate)\w+|why not (?:just )?(?:try|give|go|sign|"
    r"ask|call|ring|text|get|take|join|book|start|talk|make|look|write)\b|could you "
    r"(?:maybe |perhaps |just )?(?:ring|text|phone|email|message|book|join|sign "
    r"up|take up|get out|go (?:for|to|out|back))\b|(?:anything|any \w+) (?:you|that "
    r"you) could (?:pick|try|take|start|join|go back))",
    re.IGNORECASE,
)
# 2026.11-7: advice as a statement in other forms ("a good idea would be to...",
# "you've got to look after yourself", "fresh air really helps").
ADVICE_EXTRA = re.compile(
    r"\b(?:(?:a|one|the) (?:good|useful|helpful|great) (?:idea|thing|option|step|"
    r"start) (?:would be|might be|could be|is) (?:to )?\w+|you(?:'ve| have)? (?:got|"
    r"gotta) (?:to )?(?:look after|take care|start|stop|get|try|make|put|learn)|^(?:"
    r"exercise|fresh air|(?:a |some |regular )?(?:walks?|runs?|routines?|sleep|yoga|"
    r"meditation|journaling|journalling|breathing|getting out|going out|keeping busy|"
    r"talking to (?:someone|people|friends)))\b[^.?!]{0,20}\b(?:really |always |"
    r"honestly |definitely )?(?:helps|works|can help|will help|might help))",
    re.IGNORECASE,
)
# Education in everyday words (MITI Giving Information): how a condition behaves.
INFORMATION_MORE = re.compile(
    r"\b(?:can'?t (?:actually |really )?(?:hurt|harm|kill) you|(?:doesn'?t|does not) (?"
    r":follow|have) (?:a |any )?(?:set|fixed|right|normal) (?:timeline|time|order|patte"
    r"rn|way)|tends? to (?:make|get|come|peak|go|pass|fade|last)|(?:is|are) (?:a |an )?"
    r"(?:really )?(?:normal|common|natural|typical) (?:response|reaction|part|symptom|s"
    r"ide effect|sign)|(?:it'?s|it is) (?:really |very |so |pretty |quite |super )?common for|(?:usually|normally|typically) (?:pea"
    r"ks?|lasts?|passes|takes|fades|settles|comes)|comes? in waves|(?:the|your) (?:body"
    r"'?s|brain'?s)|"
    # How things generally are, said to normalise ("guilt is really common in carers",
    # "loads of new parents do it", "around one in ten", "the gp can review...").
    r"(?:is|are) (?:really |very |so |super |incredibly |extremely )?common (?:in|for|a"
    r"mong|after|with)|(?:most|many|loads of|lots of|a lot of) (?:new )?(?:people|paren"
    r"ts|mums|dads|carers|students|families|patients) (?:do|have|get|feel|find|go throu"
    r"gh|experience|notice)\b|\bone in (?:two|three|four|five|six|seven|eight|nine|ten|"
    r"\d+)\b|(?:often|usually|typically|normally) (?:brings?|comes? with|starts?|meets?"
    r"|happens?|lasts?|settles?)\b|follow a (?:timetable|timeline|schedule)|(?:the|your"
    r") (?:local )?(?:gp|doctor|council|carers'? centre|health visitor|service|team|sta"
    r"ff|school|uni|university|pharmacist) (?:can|will|could|"
    r"usually|offers?|runs?)\b|\bstats?\b|statistics)",
    re.IGNORECASE,
)

# --- collaboration and autonomy in chat forms ----------------------------------------

# Asking for the patient's ideas, agenda or view of a plan (MITI Seek Collaboration).
SEEK_MORE = re.compile(
    r"\b(?:what (?:do|would) you think (?:would|might|could) (?:help|work)|what (?:idea"
    r"s|thoughts) do you have|where (?:do|would) you (?:want|like) to (?:start|begin|go"
    r")|what (?:feels|seems) (?:most |more )?(?:important|useful|pressing|urgent) (?:to"
    r"|for)|how (?:do|would) you (?:want|like) to use (?:our|the|this) time|what(?:'s| "
    r"has) (?:worked|helped) (?:for you )?before|what would (?:be )?a (?:small |good |f"
    r"irst |realistic )+step|what do you reckon|how does (?:that|this) (?:land|sit) (?:"
    r"with|for) you|i'?d (?:like|love) to hear your (?:ideas|thoughts|"
    r"take)|"
    # Stop 21: the session's use asked of the patient ("what would make this hour
    # worth your while?", "is there anything you'd rather start with?", "want to talk
    # about something else?", "would it help if I asked a few questions first?"),
    # and a suggestion's fit checked ("would something along those lines suit you?",
    # "does any of that appeal?").
    r"what would make (?:this|these|the|our|today'?s?) (?:\w+ )?(?:time|sessions?|hour|"
    r"chats?|meetings?|appointments?)|what would you (?:most |really )?(?:like|want) "
    r"(?:us )?to (?:use|spend|focus|cover|get)|(?:is there )?anything (?:in particular )?"
    r"you'?d (?:rather|like to|want to|prefer to) (?:start|talk|focus|begin|cover)|"
    r"what would you (?:prefer|rather)|would you (?:rather|prefer)|(?:want|like) to talk "
    r"about something else|would it help (?:if i (?:asked|explained|went|shared|said)|"
    r"(?:us )?to (?:talk|pick|start|focus|go (?:through|over)|think (?:\w+ )?through))|"
    r"(?:would|could|does|do|might) (?:something|anything) (?:like (?:that|this|those|"
    r"these)|along (?:the|those|these) lines)|(?:does|do|would|could|might) (?:any|some) of "
    r"(?:that|this|those|these) (?:work|appeal|fit|suit|help|sound)|what are you "
    r"hoping (?:we|to) (?:get|cover|talk|focus|work)\w*)",
    re.IGNORECASE,
)
# Stop 21: an offer of information or an exercise that waits for the patient's yes
# ("if you're up for it we could try that here", "we could go through it together if
# you like"): Seek Collaboration in statement form.
SEEK_OFFER = re.compile(
    r"\b(?:if (?:you'?re|youre|ur|you are) (?:open|up for|interested|ok with|okay "
    r"with|happy)|(?:we|i) (?:could|can|might) [^.?!]{3,50} if you (?:want|like|'d "
    r"like|fancy|feel like))\b",
    re.IGNORECASE,
)
# The choice left with the patient, beside lexicon_input.AUTONOMY.
AUTONOMY_MORE = re.compile(
    r"\b(?:you(?:'re| are) the (?:expert|boss)|(?:the )?(?:choice|decision) is (?:yours"
    r"|all yours|entirely yours)|(?:nobody|no one) (?:else )?(?:can|could) (?:make|take"
    r") (?:that|this|the) (?:decision|choice)|(?:whatever|whichever) (?:speed|pace|way)"
    r" (?:suits|works for) you|trust you to (?:know|decide|make|choose|figure)|what fee"
    r"ls right (?:to|for) you|no right (?:or wrong )?answer|you know (?:yourself |your \w+ )"
    r"?(?:better than (?:anyone|anybody|me|i do|we do)|best)|(?:we )?(?:don'?t|do not) "
    r"have to (?:do )?anything (?:you'?re|your|you are) not ready|you "
    r"can stop (?:whenever|any ?time)|"
    # Stop 21: the decision given back in more words ("that one's yours to decide",
    # "you'd be the best judge", "you pick which", "you'd know what suits you",
    # "we can go wherever you like", "or not at all", "there's no set timetable",
    # "you may have ideas of your own that fit better").
    r"(?:yours|up to you) to (?:decide|choose|make|call)|you(?:'d| would|'ll| will|"
    r"'re| are)? (?:be )?the (?:best |only |real )?judge|\byou (?:choose|pick)\b|"
    r"see what you reckon|you(?:'d|'ll| would| will) know (?:what|which|if|whether|"
    r"when|how)|(?:go|start|talk about|take (?:it|this)) (?:wherever|where|whatever|"
    r"however|whichever way) you (?:want|like|choose|prefer)|or not at all|no (?:right|"
    r"set|fixed|wrong|particular) (?:pace|timetable|timeline|time ?frame|deadline|way "
    r"to do)|(?:other|your own|better) ideas (?:of your own )?(?:that|which) (?:fit|"
    r"suit|work))",
    re.IGNORECASE,
)

# Stop 21: a statement whose subject is a wh- or whether-clause and whose verdict is
# the patient's choice ("what happens next is completely up to you", "how you pace
# it is your call") declares; its opening word does not make it a question.
CHOICE_VERDICT = re.compile(
    r"^(?:what|how|when|whether|where|which|if)\b[^?]*?\b(?:is|'s|are) (?:\w+ )?"
    r"(?:up to you|your (?:call|choice|decision|business)|yours to)",
    re.IGNORECASE,
)
