"""The clinician's voice in a patient's reply (`guard.check_reply`'s
`role_reversal`, `therapist_speak`, `advice` and `counsellor_voice`).

Phrases of the counsellor's craft said to the listener (reflections, praise
of a question, homework, lessons on "someone like me", work planned across
sessions), the treatment's own vocabulary unless the patient only mentions
it (had it, read it, was handed it), advice, and a sentence about the
listener that the trainee move classifier and the meaning model both read as
a counsellor's move. `reread` gives the meaning models a second reading with
the patient's world set apart. Pure Python and no Django.
"""

from __future__ import annotations

import re

from patients.simulation.guard_admission import rx as _rx
from patients.simulation.guard_masks import attributed_last, mask_quoted, mask_reported
from patients.simulation.guard_model import (
    lean_threshold,
    meaning_flags,
    sentence_scores,
)
from patients.simulation.moves.classifier import classify_moves
from patients.simulation.text import split_sentences

__all__ = [
    "ADVICE",
    "ROLE_REVERSAL",
    "THERAPIST_SPEAK",
    "coaches_craft",
    "counsellor_voice",
    "mentioned",
    "reread",
]


ROLE_REVERSAL = _rx(
    r"\bas\s+your\s+(?:therapist|counsel+or|helper|clinician|psychologist|coach|"
    r"practitioner|doctor)\b",
    r"\bhow\s+(?:does|did|do)\s+(?:that|this|it)\s+make\s+you\s+feel\b",
    r"\bhow\s+(?:are|do)\s+you\s+feel(?:ing)?\s+(?:about|right now|today)\b",
    r"\bi'?m\s+here\s+(?:to|for)\s+(?:help|support|listen|you)",
    r"\blet'?s\s+(?:explore|work|unpack|focus|try|practi[cs]e|do|start|look|begin|"
    r"take\s+a\s+(?:moment|breath)|breathe)\b",
    r"\bwhat\s+i'?m\s+hearing\b|\bit\s+sounds\s+like\s+you\b|\bi\s+hear\s+(?:you|that\s+you)\b",
    r"\byou\s+(?:seem|sound|look)\s+(?:really\s+|quite\s+|a\s+bit\s+|very\s+)?(?:worried|"
    r"anxious|upset|frustrated|stressed|nervous|unsure|overwhelmed|stuck|lost|sad)\b",
    r"\bso\s+(?:you'?re|you\s+are)\s+(?:feeling|saying|finding|telling\s+me)\b|\byou'?re\s+"
    r"feeling\b[^.?!]*\b(?:is\s+that\s+right|does\s+that\s+fit)\b",
    r"\bthank\s+you\s+for\s+(?:sharing|opening|telling|trusting)\b",
    r"\bin\s+our\s+(?:next\s+)?(?:session|meeting|work)\b|\byour\s+homework\b|"
    r"\bour\s+(?:next\s+)?session\b|\bby\s+the\s+end\s+of\s+(?:our|this|the)\s+session\b",
    r"\bhow\s+can\s+i\s+(?:help|support)\s+you\b",
    r"\b(?:these|your|those)\s+feelings\s+are\s+(?:valid|normal|understandable)\b",
    r"\bhow\s+would\s+you\s+like\s+to\s+(?:feel|be|proceed)\b",
    r"\bwhat\s+(?:do\s+you\s+think\s+is\s+)?(?:the\s+)?evidence\s+(?:for|against|that)\b",
    r"\b(?:look\s+at|examine|weigh|explore|consider|gather)\s+(?:the\s+|some\s+)?"
    r"evidence\b|\bevidence\s+(?:for|against)\s+(?:that|this|the|your)\s+"
    r"(?:thought|belief|idea)",
    r"\bi\s+wonder\s+if\s+(?:we|you)\s+(?:could|might)\b|\bwe\s+(?:could|can|might)\s+"
    r"(?:look|explore|try|work|practi[cs]e|start)\b",
    r"\bis\s+there\s+(?:another|a\s+different|an\s+alternative)\s+way\s+(?:to\s+(?:look|see|think)|of\s+"
    r"(?:looking|seeing|thinking))\b",
    r"\byou'?re\s+carrying\s+a\s+lot\b|\byou'?re\s+not\s+alone\s+in\s+(?:this|feeling)\b",
    r"\b(?:be|being|so|too|really)\s+(?:kind|gentle|patient|easy|hard)\s+(?:on|to|with)\s+"
    r"yourself\b|\btake\s+care\s+of\s+yourself\b|\b(?:from|for|towards?)\s+"
    r"yourself\b|\byou\s+deserve\b",
    # ("a good summary of us" describes a thing)
    r"\b(?:great|good|excellent|nice|lovely|powerful|important)\s+(?:reflection|"
    r"summary|observation|insight|work|job)\b(?!\s+of\b)|\bkeep\s+it\s+up\b|\bwell\s+done\b|"
    r"\byou\s+(?:captured|reflected|summari[sz]ed|validated)\b",
    r"\bwhat\s+i'?m\s+(?:noticing|seeing|sensing|picking\s+up)\b|\bi\s+(?:notice|'?m\s+"
    r"noticing|am\s+noticing)\s+(?:that\s+)?you\b|\byou\s+(?:tend|seem)\s+to\s+(?:be|feel|"
    r"get|put)\b",
    r"\b(?:say|tell\s+me)\s+(?:a\s+(?:bit|little)\s+)?more\s+about\b|\bwhat\s+(?:was|is)\s+"
    r"(?:that|it)\s+like\s+for\s+you\b|\bhow\s+(?:was|is)\s+that\s+for\s+you\b",
    r"\btogether\s*[:,]?\s*(?:in\s+for|breathe|close\s+your\s+eyes)",
    r"\bin\s+for\s+(?:four|4|a\s+count)\b|\bclose\s+your\s+eyes\b",
    # Teaching the counsellor the craft: how to treat "someone like me", what
    # new counsellors forget, praise of the trainee's question, what a tool is.
    r"\b(?:what|that'?s\s+what)\s+(?:\w+\s+){0,2}?(?:works?|helps?|lands?|goes\s+better)\s+"
    r"(?:best\s+)?(?:with|for)\s+"
    r"(?:someone|somebody|people|students|clients|patients|folk|men|women|lads|blokes|"
    r"guys|mums|dads|\w+s)\s+like\s+me\s+(?:is|are)\b|"
    r"\bwhen\s+(?:someone|somebody|a\s+\w+|people|\w+s)\s+like\s+me\b[^.!?]{0,60}?[,.;:]\s*"
    r"(?:don'?t|do|try|ask|validate|just|never|always|let|give|stay|go)\b",
    r"\b(?:new|newer|trainee|student|junior|beginner|young|inexperienced)\s+"
    r"(?:counsell?ors|therapists|practitioners|helpers)\s+(?:\w+\s+)?(?:forget|miss|rush|"
    r"tend|make|don'?t|never|always|need|should|often|fill|jump)\b",
    r"\b(?:silence|empathy|listening|a\s+pause|pausing|validation|reflecting|curiosity|"
    r"an?\s+(?:open|good)\s+question)\s+(?:is|are|can\s+be)\s+(?:a\s+|an\s+)?(?:\w+\s+)?"
    r"(?:tool|skill|technique|intervention)s?\b",
    r"\byou\s+(?:don'?t|do\s+not)\s+(?:need|have)\s+to\s+say\s+(?:anything|something)\s+"
    r"(?:clever|smart|wise|profound|perfect|right|insightful|helpful)\b|(?:^|[.!?]\s+|"
    r"\byou\s+(?:can|could|need\s+to|have\s+to)\s+)(?:just\s+)?sit\s+with\s+"
    r"(?:the\s+|their\s+|my\s+)?(?:silence|discomfort|feeling|feelings|emotion|pain)\b",
    r"\b(?:lovely|great|good|nice|brilliant|excellent|really\s+\w+)\s+(?:open|closed|"
    r"open-ended)\s+question\b|\b(?:ask|asking|use|using)\s+(?:more\s+)?(?:open|"
    r"open-ended)\s+questions\b|"
    r"\b(?:lovely|great|good|brilliant|excellent|nice|beautiful|perfect)\s+(?:question|"
    r"reflection|summary)\s*,?\s+by\s+the\s+way\b|"
    r"\bbringing\s+up\s+a\s+lot\s+for\s+you\b",
    # The work planned across sessions: "we can review how it went next
    # session", "we could come back to it next week" ("can I come next week?"
    # is a patient's).
    r"\bwe\s+(?:can|could|'ll|will|might|should)\s+(?:\w+\s+)?(?:review|revisit|go\s+over|"
    r"come\s+back\s+to|pick\s+(?:this|that|it)\s+up|look\s+(?:again\s+)?at|check\s+in\s+on)\b"
    r"[^.!?]{0,60}?\b(?:next|following|between)\s+(?:session|sessions|week|time)\b",
    # The listener's seat taken to say how to treat the speaker: "if I were
    # in your chair I'd ask me...", "if I were you, I'd help me drop..."; the
    # question or move "for someone like me".
    r"\bif\s+i\s+(?:were|was)\s+(?:you|in\s+your\s+(?:chair|seat|position|role|job|place)|"
    r"(?:the|a|my)\s+(?:counsell?or|therapist))\b[^.!?]{0,30}?\bi'?d\s+(?:\w+\s+)?"
    r"(?:ask|get|help|have|let|push|start|make|take|walk|bring|encourage|gently)\s+me\b|"
    r"\b(?:question|thing\s+to\s+ask|move|approach|way\s+in|tactic|technique)\s+(?:for|with)\s+"
    r"(?:someone|somebody|people|a\s+\w+|\w+s)\s+like\s+me\b|"
    # What a good counsellor would do with the speaker: "a good counsellor
    # would probably let me vent first" ("would have listened" is a complaint).
    r"\ba\s+(?:good|decent|proper|real|better|skilled|experienced)\s+(?:counsell?or|"
    r"therapist)\s+(?:would|might|should|'d)\s+(?:probably\s+|just\s+|first\s+)?(?:let|ask|"
    r"get|give|leave|take|start|wait|hold|save|push|slow|sit|reflect|summari[sz]e)\b|"
    # The listener's better move: "you'd do better reflecting the shame than
    # asking about CVs", "you'd get further if you asked about Dad".
    r"\byou'?d\s+(?:do|get\s+on|get|go)\s+(?:much\s+|a\s+lot\s+)?(?:better|further|more\s+out\s+"
    r"of\s+me)\s+(?:by\s+|if\s+you\s+)?(?:\w+ing|asked|let|stayed|slowed|reflected|"
    r"started|waited)\b|"
    # The craft's tools prescribed: "a short summary now would show me you've
    # got it", "worth gently pointing out", "you'll get more than asking...".
    r"\b(?:a|an)\s+(?:short\s+|quick\s+|brief\s+|simple\s+|good\s+)?(?:summary|reflection|"
    r"open\s+question|validation|pause)\s+(?:now\s+|here\s+|at\s+this\s+point\s+)?(?:would|"
    r"might|could|will)\s+(?:\w+\s+)?(?:show|help|land|work|tell|let)\b|"
    r"\b(?:worth|good\s+to|important\s+to|need\s+to)\s+(?:\w+\s+)?(?:gently|carefully|softly)\s+"
    r"(?:point|pointing|name|naming|reflect|reflecting|notice|challenge|challenging|explore|"
    r"exploring|pick|picking)\b|"
    r"\byou'?ll\s+get\s+(?:a\s+lot\s+|much\s+)?(?:more|further)\s+(?:out\s+of\s+me\s+)?(?:than|"
    r"if\s+you|by|that\s+way)\b|"
    r"\b(?:the\s+)?textbook\s+(?:response|move|answer|approach|reply|thing)\s+(?:here\s+)?"
    r"(?:is|would\s+be|'d\s+be)\s+to\b",
)
THERAPIST_SPEAK = _rx(
    r"\b(?:automatic\s+thoughts?|core\s+beliefs?|intermediate\s+beliefs?|cognitive\s+"
    r"(?:distortions?|conceptuali[sz]ation|model|triangle|restructuring|behaviou?ral)|"
    r"catastrophi[sz]ing|black-and-white\s+thinking|all-or-nothing\s+thinking|"
    r"reframe|reframing|coping\s+(?:strateg(?:y|ies)|skills?|mechanisms?)|cbt|dbt|"
    r"socratic|psychoeducation|thought\s+records?|behaviou?ral\s+activation|"
    r"grounding\s+(?:techniques?|exercises?)|breathing\s+exercises?|mindfulness\s+"
    r"(?:exercise|practice|techniques?)|relaxation\s+techniques?|self-care\s+"
    r"(?:plan|routine)|safety\s+plan|exposure\s+(?:therapy|hierarchy)|"
    r"therapeutic\s+(?:alliance|relationship)|challenging\s+(?:that|the|this|your)\s+"
    r"thoughts?|thinking\s+(?:traps?|errors?)|unhelpful\s+thinking|mind-reading|"
    r"fortune-telling|emotional\s+reasoning|should\s+statements|"
    r"validat(?:e|ing)\s+(?:the|their|his|her|my|your)\s+(?:feelings?|emotions?|"
    r"experience)|graded\s+(?:approach|exposure|tasks?|steps?|activit(?:y|ies))|"
    # Self-help slogans: "you can't pour from an empty cup".
    r"pour\s+from\s+an\s+empty\s+(?:cup|jug|glass)|(?:your\s+)?own\s+oxygen\s+mask|"
    r"progress,?\s+not\s+perfection|(?:it'?s\s+)?okay\s+not\s+to\s+be\s+okay|"
    r"rest\s+(?:isn'?t|is\s+not)\s+(?:selfish|lazy|"
    r"a\s+luxury)|"
    r"self-soothing|window\s+of\s+tolerance|fight[- ]or[- ]flight\s+response|"
    r"nervous\s+system\s+(?:regulation|is\s+trying)|inner\s+(?:voice|critic|child)|"
    r"younger\s+self|self-compassion|self-talk|safe\s+space|"
    # The treatment's own words: "safety behaviours", "reassurance-seeking",
    # "a behavioural experiment", "the alternative view", "normalising it".
    r"safety\s+behaviou?rs?|reassurance[- ]seeking|behaviou?ral\s+experiments?|"
    r"(?:alternative|balanced)\s+(?:thoughts?|views?|beliefs?|explanations?)|"
    r"normali[sz]ing\s+(?:it|that|this|the|their|how)|activity\s+scheduling|"
    r"(?:schedul\w+|plan\w*)\s+(?:small\s+)?pleasant\s+activit\w+|coping\s+styles?|"
    r"maintenance\s+cycle|maintaining\s+(?:cycle|factors?)|keeps?\s+the\s+(?:anxiety|"
    r"checking|worry|worrying|panic|avoidance|fear|low\s+mood|cycle)\s+going|"
    r"feelings\s+(?:are\s+not|"
    r"aren'?t)\s+facts|"
    # The session's own structure: rapport to build, an agenda to set.
    # "a good rapport with the lads" is a life's; rapport alone is the session's.
    r"rapport(?:[- ]building)?(?!\s+with\b)|agenda[- ]wise|(?:set|setting|"
    r"agree|agreeing|make|making|draw\s+up)\s+(?:an|the|our|today'?s)\s+agenda|(?:on|for)\s+"
    r"(?:the|our|today'?s)\s+agenda\s+(?:today|for\s+(?:today|this\s+session)))\b",
    r"\b(?:thoughts?|feelings?)\s+(?:are\s+not|aren'?t|isn'?t|is\s+not)\s+(?:always\s+)?"
    r"(?:facts?|true)\b|\bjust\s+a\s+thought,?\s+not\s+a\s+fact\b|"
    r"\btolerat(?:e|ing)\s+(?:the\s+)?uncertainty\b",
    # Coaching the counsellor's own skill ("reflect back what you heard").
    r"\breflect(?:ing)?\s+(?:(?:the|that|my|it|this|those|what\s+i\s+\w+)\s+)?(?:\w+\s+)?back\b|"
    r"\b(?:short|simple|complex)\s+reflections?\b",
)
ADVICE = _rx(
    r"\byou\s+(?:should|need\s+to|ought\s+to|must|have\s+to)(?!\s+(?:understand|know|"
    r"see|realize|realise|believe|think|remember|get|hear|have\s+seen))\b",
    r"\byou\s+(?:could\s+try|might\s+"
    r"(?:want\s+to|try|consider|benefit)|may\s+(?:want\s+to|benefit|find\s+it\s+helpful)|"
    r"could\s+consider)\b",
    r"\bhave\s+you\s+(?:ever\s+)?(?:thought\s+about|considered|tried)\s+(?:\w+ing\b|"
    r"mindful|grounding|breathing|"
    r"reaching\s+|seeing\s+|speaking\s+|writing\s+|using\s+|some\s+|a\s+|journal|exercis|"
    r"therapy|meditat|medication|getting|going|joining)",
    r"\bi(?:'d|\s+would)?\s+(?:\w+ly\s+)?(?:suggest|recommend|advise|encourage)\b|\bmy\s+advice\b|"
    r"\bwhat\s+i'?d\s+(?:suggest|recommend)\b",
    # "It might help to know if this is normal" asks; it does not advise.
    r"\bit\s+(?:may|might|could|can|would)\s+(?:really\s+)?help\s+(?:to|if\s+you)\b"
    r"(?!\s+(?:know|hear|understand|ask)\s+(?:if|whether|what|why|how)\b)",
    r"\bhas\s+it\s+helped\s+(?:you\s+)?to\b|\bdoesn'?t\s+(?:define|make)\s+you\b",
    r"\b(?:try|consider)\s+(?:to\s+)?(?:writing|talking|reaching|taking|practi[cs]ing|"
    r"scheduling|journaling|breathing|focusing|noticing|challenging)\b",
    r"\breach\s+out\s+to\s+(?:a|your|someone|support|the)\b|\bsupport\s+group\b|"
    r"\btalk(?:ing)?\s+to\s+(?:a\s+)?(?:professional|therapist|counsel+or|doctor)\b",
    r"\bwrite\s+down\s+your\b|\blook\s+for\s+(?:the\s+)?evidence\b",
    r"\b(?:would|could|might|may|will|can)\s+(?:really\s+)?(?:help|give|do|make|bring)\s+"
    r"you\b(?!\s+(?:know|think|understand))",
    r"\b(?:works|helps|helped|worked)\s+(?:for|with)\s+(?:a\s+lot\s+of|many|most|"
    r"some|plenty\s+of)\s+people\b|\b(?:many|a\s+lot\s+of|most|some)\s+people\s+"
    r"(?:find|say|feel)\b.{0,40}\b(?:helps?|helpful|useful)\b",
    r"(?:^|[.!?]\s+)(?:make\s+sure|remember\s+(?:that|to)|try\s+to|don'?t\s+forget\s+to|"
    r"remind\s+yourself|take\s+(?:a|some)\s+(?:deep\s+)?breaths?|give\s+yourself|"
    r"allow\s+yourself|be\s+(?:kind|gentle|patient)\b|start\s+(?:small|slow(?:ly)?|"
    r"with\s+(?:one|just\s+one|something\s+small))\b)",
    # Homework: an imperative with a frequency ("try saying yes to one
    # invitation a week", "schedule it twice a day").
    r"(?:^|[.!?;]\s+)(?:try|aim\s+(?:for|to)|schedule)\b(?!\s+(?:was|is)\b)[^.!?]{0,60}\b(?:a|per|each|every)\s+"
    r"(?:day|week|night|morning|evening)\b",
    r"\b(?:perhaps|maybe)\s+(?:try(?:ing)?|consider(?:ing)?)\b",
    r"\b(?:invite|encourage|challenge|urge)\s+you\s+to\b",
    # "Is it worth trying the group?" is the patient asking.
    r"(?<!\bis\sit\s)(?<!\bis\sthat\s)\b(?:important|worth|helpful|useful|a\s+good\s+idea|"
    r"essential|vital)\s+(?:that\s+you|noticing|asking|writing|checking|keeping|"
    r"for\s+you\s+to|exploring|trying|considering|looking\s+at|to\s+(?:explore|try|"
    r"consider|notice|practi[cs]e|set|reach|talk|write|focus|remember|look\s+after|"
    r"take\s+care|prioriti[sz]e|protect|honou?r|acknowledge|nurture|check\s+in))\b",
    r"\bnotice\s+(?:where|how|what|when|if)\s+you\b|\bin\s+your\s+body\b",
    r"\b(?:how|what)\s+about\s+(?:you\s+)?(?:try|trying|writing|talking|taking)\b",
    # "It's worth you asking about the thoughts gently."
    r"\b(?:worth|best|better)\s+(?:for\s+)?you\s+(?:asking|checking|exploring|bringing|raising|"
    r"going|taking|trying|letting|leaving|starting)\b",
)
# The craft addressed to the listener, by its structure rather than by
# phrase: the listener (or an instruction) as the one who does a counselling
# move, and the speaker as what it is done to. Read with only quotations
# masked, since a lesson framed as someone's saying ("as my counsellor would
# say, you need to validate before you challenge") is still a lesson.
_CRAFT_VERB = (
    r"(?:validat\w*|reflect(?:s|ed|ing)?(?!\s+on\b)|summari[sz]\w*|normali[sz]\w*|"
    r"paraphras\w*|empathi[sz]\w*|refram\w*|reattribut\w*|formulat\w*|elicit\w*|"
    r"challeng\w*(?!\s+(?:yourself|you)\b)|prob(?:e|ing)|rat(?:e|ing)\s+(?:it|that|how|the|my)|"
    r"explor\w*\s+(?:(?:the|that|this|my|those)\s+(?:\w+\s+)?(?:feelings?|thoughts?|beliefs?|"
    r"fears?|shame|hurt|anger|grief|emotions?|worry|worries)|how\s+i|what\s+i|why\s+i)|"
    r"nam(?:e|ing)\s+(?:the|my|that)\s+(?:feeling|emotion|fear|hurt)|"
    r"go(?:ing)?\s+(?:straight\s+)?(?:in\s+)?for\s+the\s+evidence|"
    r"set(?:ting)?\s+(?:it|that|this)\s+up\s+as\s+(?:an?\s+)?(?:little\s+|small\s+)?experiment)"
)
# The listener told what to do: "you need to", "you'd want to", "you should".
_LISTENER_MODAL = (
    r"(?:\byou(?:'d|'ll|\s+would|\s+will|\s+might|\s+may)?\s+(?:really\s+|probably\s+|"
    r"first\s+|just\s+|also\s+)?(?:need\s+to|have\s+to|ought\s+to|should|must|could|"
    r"'ve\s+got\s+to|(?<='d\s)want\s+to|(?<='ll\s)want\s+to|(?<=would\s)want\s+to|"
    r"(?<=might\s)want\s+to|want\s+to\s+be|are\s+(?:meant|supposed)\s+to|'re\s+"
    r"(?:meant|supposed)\s+to|(?:do|be)\s+better\s+(?:to|off))\s+"
    # ("you're supposed to" written as one word.)
    r"|\byou're\s+(?:really\s+|probably\s+|just\s+|also\s+)?(?:meant|supposed)\s+to\s+)"
)
CRAFT = _rx(
    _LISTENER_MODAL + r"(?:\w+\s+){0,2}?" + _CRAFT_VERB + r"\b",
    # An instruction in the craft: "Try reflecting the hurt first", "Start by
    # validating", "Validate first, then challenge".
    r"(?:^|[.!?;:,]\s+|\b(?:and|then|so|just|first)\s+)(?:try|start\s+(?:by|with)|begin\s+"
    r"(?:by|with)|always|never|don'?t)\s+(?:\w+\s+)?" + _CRAFT_VERB + r"\b",
    r"(?:^|[.!?]\s+)(?:validate|reflect\s+(?:back|the|what|my)|summari[sz]e|normali[sz]e|"
    r"paraphrase|reframe)\b",
    # The speaker as the listener's material: "what you want to be doing
    # here is getting me to rate it", "you should ask me to write it down"
    # ("you just want to get me to admit it" is a patient's accusation).
    _LISTENER_MODAL
    + r"(?:[\w']+\s+){0,4}?(?:get|getting|ask|asking|have|having)\s+me\s+"
    r"(?:to\s+)?(?:\w+\s+)?(?:rate|score|write|list|notice|imagine|picture|predict|test|track|"
    r"record|keep\s+a|practi[cs]e|describe|rank|draw|map|experiment|look\s+at|weigh|"
    r"compare|catch|go\s+back\s+over|talk\s+(?:you\s+)?through|walk\s+you\s+through|"
    r"think\s+about\s+(?:the\s+)?evidence)\b[^?]*(?:[.!]|$)",
    # The listener's seat taken, with the speaker as the one treated: "if I
    # was in your seat I'd be asking me to write it down".
    r"\bif\s+i\s+(?:were|was)\s+(?:you|(?:in|doing|sitting\s+in)\s+your\s+(?:chair|seat|shoes|"
    r"position|role|job|place)|sitting\s+where\s+you\s+are|(?:the|my|your)\s+(?:counsell?or|"
    r"therapist))\b[^.!?]{0,40}?\bi'?d\s+(?:\w+\s+)?(?:be\s+)?(?:ask|gett?|help|hav|lett?|push|"
    r"start|walk|bring|encourag|slow|giv|challeng|validat|reflect|gently)(?:e|es|s|ing)?\b"
    r"[^.!?]{0,40}?\bme\b",
    r"\bwhat\s+i'?d\s+(?:do|try|ask|use|say)\s+with\s+(?:someone|somebody|a\s+\w+|"
    r"\w+s)\s+like\s+me\b",
)
# The craft in the patient's mouth by the words it comes in (stop 21): a
# clinician's hat, the listener's other clients, an instruction after any
# clause break, a technique named, judged or praised. Searched only behind a
# plain substring test for a word each needs, as `guard_admission` does for
# its newer phrases (searched on every reply they cost about 0.07 ms).
_CRAFT_MORE: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = tuple(
    (cues, _rx(pattern))
    for cues, pattern in (
        # The clinician's hat put on: "with my counsellor's hat on for a
        # moment"; a retired teacher's "teacher hat" is her own trade.
        (
            ("hat",),
            r"\b(?:therapist|therapy|counsell?or|counsell?ing|clinician|clinical|supervisor|trainer|"
            r"practitioner|psychologist|cbt)(?:'s)?\s+hat\b|\b(?:take|taking|took)\s+(?:off\s+)?my\s+"
            r"(?:patient|client)(?:'s)?\s+hat\b",
        ),
        # The listener's other clients as the work, and lessons about "people
        # like me": "how long do you let a client sit in a silence", "or
        # someone like me will clam up"; "do you say that to all your
        # clients?" is a patient's jab.
        (
            ("client", "patient", "like me", "in my"),
            r"\b(?:let|letting|leave|leaving|allow|allowing)\s+(?:a|the|your)\s+(?:client|patient)\s+"
            r"(?:\w+\s+){0,2}?(?:sit|stay|rest|be)\s+(?:in|with)\b|"
            r"\bwhen\s+did\s+you\s+last\s+(?:\w+\s+){1,3}?(?:a|your)\s+(?:client|patient)\b|"
            r"\b(?:clients|patients)\s+like\s+me\s+(?:need|needs|respond|do\s+better|open\s+up|shut\s+"
            r"down|clam\s+up|get\s+defensive)\b|"
            r"\bor\s+(?:someone|somebody|people|a\s+person|a\s+client|a\s+patient|clients|patients)\s+"
            r"like\s+me\s+(?:will|would|'ll|might|tends?\s+to)\b|"
            r"\b(?:people|someone|somebody|clients|patients)\s+(?:like\s+me|in\s+my\s+(?:position|"
            r"shoes|situation|spot))\s+(?:\w+\s+)?(?:need|needs|want|wants)\s+to\s+(?:be|feel)\s+"
            r"(?:heard|understood|validated|listened\s+to)\s+(?:first|before)\b",
        ),
        # An instruction in the craft after any clause break: "; validate the
        # fear first", "just get curious about where it came from"; "I had to
        # acknowledge the fear first" is a person's.
        (
            (
                "validat",
                "acknowledg",
                "reflect",
                "name",
                "normali",
                "sit with",
                "stay with",
                "explor",
                "summari",
                "paraphras",
                "refram",
                "curious",
            ),
            r"(?:^|[;:,\u2014]\s*|\b(?:just|then|and|so|but|please|instead)\s+)(?:validate|"
            r"acknowledge|reflect|name|normali[sz]e|sit\s+with|stay\s+with|explore)\s+(?:the|my|that|"
            r"this|his|her|their)\s+(?:\w+\s+)?\w+\s+(?:first|before)\b|"
            r"(?:^|[;:,\u2014]\s*)(?:just\s+)?(?:validate|reflect\s+(?:back|the|what|my)|summari[sz]e|"
            r"normali[sz]e|paraphrase|reframe)\b|"
            r"(?:^|[.!?;:,\u2014]\s*|\b(?:just|then|and|so|but|instead|say)\s+)(?:get|stay)\s+curious"
            r"\s+(?:about|with|where|what|why|how)\b",
        ),
        # The craft named to the listener: "that's a closed question again",
        # "let the silence do the work", "a tip from this side of the chair",
        # "you'll get more out of me if"; "that's a leading question" is
        # anyone's.
        (
            (
                "question",
                "silence",
                "side of",
                "get more",
                "get further",
                "open it",
                "open that",
            ),
            r"\b(?:that'?s|that\s+was|it'?s|another)\s+(?:a\s+|another\s+)?(?:closed|double|"
            r"yes[- ]no|stacked)\s+question\b|\blet\s+(?:the|a)\s+silences?\s+(?:do|sit|work|breathe|"
            r"hang|land)\b|\bfrom\s+(?:this|my|the\s+other)\s+side\s+of\s+the\s+(?:chair|couch|"
            r"room)\b|\byou'?ll\s+get\s+(?:a\s+lot\s+|much\s+|far\s+)?(?:more|further)\s+(?:out\s+of|"
            r"from|with)\s+me\s+(?:if|when|by)\b|"
            r"\bopen\s+(?:it|that|the\s+question)\s+up\s+and\s+you'?ll\b",
        ),
        # Praise of a technique, the trainee's peers, the listener's seat:
        # "nice use of a summary there", "most trainees forget", "I'd get me
        # to set the goal".
        (
            (
                "use of",
                "trainee",
                "counsel",
                "therapist",
                "practitioner",
                "me to",
                "get me",
                "ask me",
                "have me",
                "help me",
            ),
            r"\b(?:nice|good|great|lovely|excellent|clever)\s+use\s+of\s+(?:a\s+|the\s+)?(?:summary|"
            r"reflection|open\s+question|silence|validation|paraphrase|empathy|scaling)\b|"
            r"\b(?:most|other|new|junior)\s+(?:trainees|counsell?ors|therapists|practitioners)\s+"
            r"(?:forget|miss|skip|rush|never|don'?t)\b|"
            r"\bi'?d\s+(?:\w+\s+){0,6}?(?:get|ask|have|help)\s+me\s+(?:to\s+)?(?:set|rate|write|list|"
            r"choose|pick|name|come\s+up\s+with|work\s+out|find|notice)\b",
        ),
        # The technique's pace judged: "you're jumping to the behaviour too
        # fast", "you went straight into reframing"; "you're jumping to
        # conclusions" is anyone's.
        (
            (
                "behavio",
                "problem",
                "refram",
                "challeng",
                "disput",
                "cognit",
                "techni",
                "homework",
                "interven",
                "thought",
                "psychoed",
                "socratic",
            ),
            r"\byou(?:'re|\s+are|'ve|\s+have)?\s+(?:\w+\s+)?(?:jump\w*|rush\w*|skip\w*|mov\w*|rac\w*|"
            r"leap\w*|div\w*|go|going|went|gone|straight)\s+(?:straight\s+)?(?:on\s+)?(?:to|into)\s+"
            r"(?:the\s+)?(?:behaviou?rs?|problem[- ]solving|reframe|reframing|challenging|disputing|"
            r"cognitions?|techniques?|homework|interventions?|the\s+thoughts?|thought\s+records?|"
            r"psychoeducation|socratic)\b",
        ),
    )
)


def coaches_craft(text: str) -> bool:
    """The reply teaches the listener the counselling craft by its structure
    (see `CRAFT`); quotations are someone else's words and are left out."""
    plain = mask_quoted(text.replace("\u2019", "'"))
    if CRAFT.search(plain):
        return True
    low = plain.lower()
    return any(
        any(cue in low for cue in cues) and pattern.search(low)
        for cues, pattern in _CRAFT_MORE
    )


_YOU = re.compile(r"\b(?:you|your|yours|yourself|you're|you'd|you've|you'll)\b", re.I)
_ME = re.compile(r"\b(?:i|me|my|mine|myself|i'm|i've|i'd|i'll)\b", re.I)
# Moves of the counsellor (the trainee move classifier's labels).
_COUNSELLOR_MOVES = frozenset(
    {
        "advice",
        "complex_reflection",
        "simple_reflection",
        "validation",
        "affirm",
        "reading_in",
    }
)
_ABOUT_THEM = re.compile(r"\byourself\b|\bfeel|\blike\s+for\s+you\b", re.I)


# A "you" that means anyone: "a computer that talks to your phone", "you can
# see what's wrong with them", "a lorry filling your mirror", an idiom.
_GENERIC_YOU = re.compile(
    r"\b(?:that|which)\s+\w+s\s+(?:\w+\s+)?(?:to\s+|with\s+|on\s+)?(?:you|your)\b|"
    r"\byou\s+can\s+(?:see|tell|hear|spot|get|buy|find)\s+(?:what|how|where|when|it|them|"
    r"the|that)\b|\byour\s+(?:phone|mirror|car|bike|van|wheels|engine|laptop|screen|"
    r"inbox|desk|tyres?|chain|brakes)\b|"
    # Idioms with a "you" that is nobody: "Fado, if you can believe it",
    # "would you believe", "mind you", "if you ask me".
    r"\bif\s+you\s+(?:can|could)\s+believe\s+(?:it|that)\b|\bwould\s+you\s+believe\b|"
    r"\bmind\s+you\b|\bif\s+you\s+ask\s+me\b|\byou\s+never\s+know\b|\byou'?d\s+think\b",
    re.IGNORECASE,
)
_IDIOM_YOU = re.compile(
    r"\bif\s+you\s+(?:can|could)\s+believe\s+(?:it|that)\b|\bwould\s+you\s+believe\b|"
    r"\bmind\s+you\b|\bif\s+you\s+ask\s+me\b|\byou\s+never\s+know\b|\byou'?d\s+think\b",
    re.IGNORECASE,
)


def reread(
    meaning: tuple[str, ...], sentences: list[str], text: str
) -> tuple[str, ...]:
    """The meaning flags kept after a second reading of the sentences with the
    patient's world set apart, as the phrase checks set it apart; the models
    read every word, and three shapes lend them a voice that is not the
    speaker's:

    - a "you" that is nobody ("Fado, if you can believe it, all the way to
      Leeds"): read with the idiom out for the counsellor's voice;
    - how a named thing works ("you put in what hurts and it gives you a
      list"): left out of the counsellor's voice where the reply names it;
    - someone else's words about the speaker, attributed last ("I'm supposed
      to open up to Jean more, Michael says"): left out of the admission.

    Only a flag that the second reading no longer reaches is dropped, so a
    reply the models flag for another sentence stays flagged.
    """
    kept = list(meaning)
    if "therapist_voice" in kept:
        tool = bool(_TOOL.search(text))
        again = [
            _IDIOM_YOU.sub(" ", s)
            for s in sentences
            if not (tool and _HOW_IT_WORKS.search(s))
        ]
        if "therapist_voice" not in meaning_flags(again or [""]):
            kept.remove("therapist_voice")
    if "ai_admission" in kept:
        again = [s for s in sentences if not attributed_last(s)]
        if "ai_admission" not in meaning_flags(again or [""]):
            kept.remove("ai_admission")
    return tuple(kept)


# How a thing of the world works, with anyone's "you": "Type your job history
# in and it spits out a resume", "you put in what hurts and it gives you a
# list". Read so only where the reply names the thing ("one of those AI
# things", "a symptom checker app"); "name it and it shrinks" is a lesson.
_HOW_IT_WORKS = re.compile(
    r"(?:\band|,)\s+(?:it|the\s+(?:app|site|thing|machine|bot|system))\s+(?:just\s+)?"
    r"(?!is\b|was\b|has\b)[a-z]+s\b(?:\s+(?:you|out|up|back))?",
    re.IGNORECASE,
)
_TOOL = re.compile(
    r"\b(?:ai|app|apps|website|site|chat\s?bot|bot|software|program(?:me)?|machine|"
    r"checker|tool|gadget|speaker|device|satnav|sat-nav|printer|system|portal|"
    r"online|monitor)\b",
    re.IGNORECASE,
)


def counsellor_voice(text: str, raw: str = "") -> bool:
    """A sentence about the listener ("you" outweighs "I") that the trainee move
    classifier reads as a counsellor's move: advice, a reflection, validation,
    an affirmation, or an open question about the listener's feelings.

    The move classifier is one signal of three: patients' own sentences are
    about themselves, their questions to the counsellor ("What do you think?",
    "Is that what you wanted to know?") are not counted, and the meaning
    classifier must lean the same way (its lean threshold, cross-validated at a 1%
    false-trip rate, below its own), which keeps the
    patient's push-back ("You don't know what it's like") out.
    """
    # The thing is looked for in the reply as written (`text` has what
    # others said masked).
    tool = bool(_TOOL.search(raw or text))
    for sentence in split_sentences(text):
        if tool and _HOW_IT_WORKS.search(sentence):
            continue
        plain = _GENERIC_YOU.sub(" ", sentence.replace("’", "'"))
        you, me = len(_YOU.findall(plain)), len(_ME.findall(plain))
        # Short fillers ("You know that.", "You see?") are the patient's too.
        if you == 0 or you <= me or len(plain.split()) < 5:
            continue
        moves = set(classify_moves(sentence))
        if (
            moves & _COUNSELLOR_MOVES
            or ("open_question" in moves and _ABOUT_THEM.search(sentence))
        ) and sentence_scores(mask_reported(sentence))[
            "therapist_voice"
        ] >= lean_threshold("therapist_voice"):
            return True
    return False


# A therapy term the patient mentions rather than uses: something done or had
# ("I did the breathing exercise from the leaflet", "I had some CBT"), owned
# ("that's my breathing exercise", "my inner critic"), handed over ("HR sent me
# a booklet"), or pushed back on ("if you start on about my inner critic").
_MENTION_CUE = re.compile(
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:did|had|tried|got|used|was\s+given|were\s+given|"
    r"was\s+sent|gave\s+up|stopped|started|learned|learnt|found|hated|binned)\b|"
    r"\b(?:sent|gave|printed|handed|showed|taught|mentioned|emailed|lent)\s+(?:me|us|off|"
    r"out)\b|\b(?:leaflet|booklet|app|book|website|course|gp|doctor|nurse|midwife|hr|"
    r"counsell?or|therapist|fridge|online|internet|google|forums?|articles?|podcasts?|"
    r"linkedin|instagram|tiktok|youtube|slides?|posters?|websites?|loads)\b|"
    r"\b(?:something|stuff|all\s+that|things?)\s+about\b|"
    r"\bmy\b|\b(?:was|were|did|had|\w{3,}ed)\b",
    re.IGNORECASE,
)
_PUSHBACK = re.compile(
    r"\b(?:if|when|before)\s+you\s+(?:\w+\s+)?(?:start|say|tell|mention|bring|go\s+on)|"
    r"\bdon'?t\s+(?:\w+\s+){0,2}me\b|\bspare\s+me\b|\bnot\s+another\b",
    re.IGNORECASE,
)


def mentioned(sentence: str) -> bool:
    """A therapy term in a sentence that reports the patient's own history with
    it or pushes back on it, and does not turn it on the listener."""
    if _YOU.search(sentence) and not _PUSHBACK.search(sentence):
        return False
    # The cue is looked for outside the term ("graded" is not a past tense).
    return bool(_MENTION_CUE.search(THERAPIST_SPEAK.sub(" ", sentence)))
