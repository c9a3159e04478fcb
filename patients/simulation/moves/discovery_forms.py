"""Guided discovery in a trainee's own words, by the grammar of each move (stop 21).

Pure (no Django). `discovery.py` widened each Socratic move with the forms one
blind writer used; a second blind writer's skilled sessions showed the same
moves built differently again, so these tables describe the *shape* of each
question rather than its phrases:

- evidence for: a "what ..." question whose predicate gives the thought truth,
  weight or strength ("What gives that thought its ring of truth?", "What's
  pointing towards it being true?", "Where does its strength come from?");
- evidence against: something that does not sit, fit, match, square with or get
  explained by the thought, or that the thought leaves out; "the other side";
- other explanations: another / other possible / alternative reasons or
  explanations, what else could explain it, whether it is the only explanation;
- another person: a friend, a mate, a man you respect ... and a question about
  what you would say or tell *him / her / them*, in one or two sentences;
- the effect of believing: "when you believe / hold / are convinced of it" and a
  question of what it does, leads to, costs;
- worst / best / most likely (decatastrophising, Beck): examines the prediction
  and supplies no answer, so it is not a leading question;
- synthesis: a fairer / more balanced / kinder version or way of putting it,
  "in a way that feels balanced", re-rating the original thought, "what do you
  make of it all";
- summaries announced as "I've got: ...", "If I can capture it: ...", or a
  recap of the evidence ("We've looked at what supports it, what doesn't ...").

The second half keeps skilled talk from reading as harm to the patient (the
annotator's codes stay as they are for the feedback report): an instruction for
answering the question asked in the same turn ("Just list whatever comes", "Try
for two or three", "Take the main thought"), the reason given for a question
("It would help me to understand one moment") and the session plan ("Plan: an
overview, then one moment. OK?") are not advice about the patient's life.
"""

from __future__ import annotations

from .discovery import _OTHER, _cue
from .patterns import _rx

_IT = r"(?:it|that|this|the (?:thought|belief|idea|worry)|that (?:thought|belief|idea))"

EVIDENCE_FOR = _cue(
    "true|truth|weight|convinc|adds up|real|case for|pointing|strength|sure|certain|"
    "supports",
    # "What experiences make that thought seem true to you?", "What gives it that
    # ring of truth?", "What has shown you that it's true?"
    r"\bwhat (?:\w+ ){0,3}(?:makes?|made|gives?|lends?|tells?|shows?|shown|points?|"
    r"pointing|backs?|supports?|convinces?)\b[^?]{0,60}\b(?:true|truth|weight|"
    r"convincing|convinced|adds? up|real|sure|certain)\b",
    r"\bwhat'?s (?:the case|the evidence|pointing|pointing towards?) (?:for|towards?|to|"
    r"that|it)\b|\bthe case (?:for|against) (?:it|that|the thought)\b",
    r"\bwhere does (?:its|the thought'?s|that thought'?s|the) (?:strength|weight|pull|"
    r"grip|power|conviction) come from\b",
    r"\bwhat have you (?:seen|noticed|lived through|experienced|found)\b[^?]{0,60}"
    r"\b(?:supports?|backs?|true|convinc)",
)
EVIDENCE_AGAINST = _cue(
    "n't|not|sit|leave|leaves|other side|flip side|against|explain|account",
    r"\b(?:doesn'?t|does not|don'?t|do not|didn'?t|can'?t|cannot|wouldn'?t|won'?t) "
    r"(?:quite |really |easily |so |neatly |so neatly |fully |entirely )*(?:sit|fit|"
    r"match|square|add up|explain|account for|support|agree|line up)\b",
    r"\bsits? (?:awkwardly|uneasily|oddly|badly|wrongly)\b",
    r"\b(?:thought|it|that) (?:leaves?|is leaving|might leave) out\b|\bleaves? out\b",
    r"\bthe (?:other|flip) side\b|\b(?:goes|go|went|points?|speaks?) against\b",
    r"\b(?:facts?|things?|anything|something|evidence) (?:that )?(?:don'?t|do not|"
    r"doesn'?t|does not) (?:support|fit|back)\b|\bwhat doesn'?t support\b",
)
OTHER_EXPLANATIONS = _cue(
    "explain|reason|only|else|besides|another|other|alternative|possib",
    r"\b(?:another|other|alternative|different)(?: \w+)? (?:explanations?|reasons?|"
    r"possibilit(?:y|ies)|ways? (?:to|of) (?:understand|explain|read|see|make sense))\b",
    r"\b(?:anything|something|what|who) else (?:\w+ )?(?:could|might|would|that "
    r"could|that might)? ?(?:explain|account for|be going on|be behind|have caused)\b",
    r"\b(?:the|your) only (?:explanation|reason|way to (?:see|explain|read|"
    r"understand))\b|\bbesides (?:what )?(?:the|that) (?:thought|worry)\b",
)
# Someone else in the patient's place, and a question about what the patient
# would say to them; read at the turn level (often two sentences).
OTHER_PERSON = _cue(
    "would you|might you|could you|do you|you say|you tell|would a|would an|would your|"
    "might a|might your|could a|could your",
    r"\b(?:" + _OTHER[3:-1] + r"|man|woman|person|guy|girl|bloke|someone you "
    r"(?:respect|love|care about|like))\b[^?]{0,240}\b(?:what|how) (?:would|might|"
    r"could|do) you (?:\w+ ){0,3}(?:say|saying|tell|telling|respond|see|view|think "
    r"of)\b[^?]{0,40}\b(?:him|her|them|that person|this person)\b",
    r"\bwhat (?:would|might|could|do) you (?:\w+ ){0,2}(?:say|tell)(?: (?:back )?to)? "
    r"(?:a|an|your|one of your|that|this) (?:\w+ ){0,2}" + _OTHER,
    r"\bwhat (?:would|might|could) (?:a|an|your) (?:\w+ )?" + _OTHER + r" (?:say|think|"
    r"tell you)\b",
    r"\bwould you (?:say|tell) (?:that|this|it)\b[^?]{0,20}\bto (?:a|an|your) (?:\w+ )?"
    + _OTHER,
    r"\b(?:in (?:the same|your) (?:spot|position|shoes|place|boat|situation))\b[^?]{0,80}"
    r"\?|\b(?:what|how) (?:would|might|could|do) you\b[^?]{0,80}\bin (?:the same|your) "
    r"(?:spot|position|shoes|place|boat|situation)\b",
)
# Worst / best / most likely: the prediction examined, no answer supplied.
DECATASTROPHE = _cue(
    "worst|best|likely|realistic|probable|cope",
    r"\bworst\b[^.?!]{0,80}\bbest\b|\bbest\b[^.?!]{0,80}\bworst\b",
    r"\b(?:worst|best)(?: \w+)? (?:that could|that might|case|thing that|outcome|"
    r"scenario)\b",
    r"\bmost (?:likely|realistic|probable)\b|\bwhat(?:'s| is| do you think is)? "
    r"(?:\w+ )?likely\b[^?]{0,40}\?",
    r"\brealistic(?:ally)?\b[^?]{0,40}\b(?:happen|outcome|turn out|go|play out)\b",
    r"\bif the worst (?:did |does |were to )?happen\w*\b[^?]{0,60}\bcope\b",
)
EFFECT_OF_BELIEVING = _cue(
    "when you|when the|when that|when this|effect|impact|cost|lead|knock|make you|do for",
    r"\bwhen (?:you(?:'re| are)? )?(?:believe|think|hold|buy|go with|listen to|act on|"
    r"convinced of|are convinced of|'re convinced of|take)\b[^?]{0,40}\b(?:it|that|"
    r"this|the thought|this thought|that thought)\b[^?]{0,40}\b(?:what|how)\b",
    r"\bwhen (?:the|that|this) (?:thought|belief|worry) (?:is|has|takes|gets|comes|"
    r"shows|kicks)\b[^?]{0,40}\b(?:what|how)\b",
    r"\b(?:knock-?on )?(?:effects?|impact|cost|toll|price) (?:of|on)\b[^?]{0,20}\b"
    r"(?:believ\w*|holding|thinking|th(?:is|e|at) thought|it)\b",
    r"\bwhat (?:believing|holding|thinking) (?:it|that|this|the thought|this thought)"
    r" (?:costs|does)\b",
    r"\bwhat (?:does|do|did) (?:it|that|this|" + _IT + r"|\w+ing(?: or \w+ing)?) "
    r"(?:do|lead you to do|make you do|lead to)\b(?: for| to)?",
)
SYNTHESIS_FORMS = _cue(
    "fair|balanced|kind|gentl|realistic|accurate|true|new|different|rate|rating|"
    "original|old|first|make of|conclude|weigh|strikes you|describe|your words",
    r"\b(?:fairer|balanced|kinder|gentler|realistic|accurate|truer|new|different|"
    r"updated|helpful|compassionate)(?: \w+)? (?:version|way of (?:putting|saying|"
    r"seeing)|thought|statement|wording|take|view)\b",
    r"\b(?:more |most )?(?:fairly|kindly|gently|accurately|compassionately)\b[^?]{0,40}"
    r"\?|\b(?:fairer|kinder|gentler|more balanced|truer|more helpful) (?:thing|"
    r"something|words?) to (?:tell|say to) yourself\b",
    r"\bin a way that(?: \w+){0,2} (?:feels|is|seems|sounds)(?: \w+){0,2} (?:balanced|"
    r"fair|kinder|kind|true|honest|realistic|accurate)\b",
    r"\bre-?rat(?:e|ing)\b|\bhow much\b[^?]{0,40}\b(?:original|old|first) (?:thought|"
    r"one|belief)\b",
    r"\bwhat (?:do|would) you (?:make of|conclude|take from)\b|\bweigh(?:ing)? (?:it|"
    r"that|this|everything)(?: all)? up\b|\bwhat strikes you\b",
    r"\bhow (?:would|could|might|do) you (?:describe|put|say|word) (?:it|this|that|"
    r"things)(?: \w+){0,3} (?:now|to yourself)\b",
)
SUMMARY_FORMS = _cue(
    "got|capture|gather|we've|we have|looked|gone|sum|recap|back|ok|right|so|good|"
    "fit|sound|fair|accurate|missed",
    r"\b(?:play|read|feed|reflect|give|say) (?:(?:it|that|this|that all|it all) )?back\b",
    # "Ok: situation, thought, feelings, what you did." (the list is required too)
    r"^\W*(?:(?:ok|okay|right|alright|so|good)[,.]?\s*)+[:\u2013\u2014\-]",
    r"\b(?:got (?:that|it|this|you)(?: \w+){0,2} right|sounds? right|does that (?:fit|"
    r"capture|sound)|is that (?:fair|right|about right|accurate)|accurate\?|fair "
    r"(?:summary|picture)|have i missed|anything i'?ve (?:got wrong|missed))",
    r"\bif i'?ve (?:followed|heard (?:you|that|it) right)\b",
    r"\b(?:quick |brief |short )?(?:recap|summary|summari[sz]ing|summari[sz]e|sum up)"
    r"\s*[:\u2013\u2014]",
    r"\b(?:be sure|check|see|make sure|know) (?:that |if |whether )?i'?(?:ve|m|have) "
    r"(?:understood|got|followed|following|getting|heard|hearing|caught)\b",
    r"\b(?:so |ok so |okay so |right so )?i'?ve got\s*[:\u2013\u2014\-]|\bso far,? "
    r"(?:we|i)'?ve got\b|\b(?:can|could|may) i (?:just )?(?:sum|summari[sz]e|recap)\b",
    r"\bif i (?:can |could )?(?:try to |just )?(?:capture|get down|pull together|put "
    r"together|sum)\b|\blet me (?:gather|pull|put|bring|draw) (?:up |together |this "
    r"together )?",
    r"\bwe'?ve (?:now )?(?:looked at|gone through|covered|weighed(?: up)?|talked "
    r"about|explored|been through)\b[^.?!]{0,200},[^.?!]{0,200}\b(?:and|,)\b",
)
# An instruction for answering the question asked in the same turn, the reason
# given for a question, or the session plan: not advice about the patient's life.
TASK_TALK = _rx(
    r"^\W*(?:(?:just|now|so|and|ok|okay|then|please)[,.]?\s+)*(?:(?:could|can|would) "
    r"you (?:just |maybe |perhaps )?)?(?:list|name|pick|"
    r"choose|take|give|say|describe|tell me|put|rate|re-?rate|start with|try for|"
    r"try to (?:name|list|remember|find|put)|think back to)\b",
    r"\b(?:it|that)(?:'?d|\s+(?:would|might|could|often|sometimes|really|also))*\s+"
    r"helps?\s+(?:me |us )?(?:a (?:great deal|lot) )?(?:to|if)\b",
    r"^\W*let'?s (?:give|hear|start with|begin with|take|stay with|turn to|spend)\b",
    # Normalising what people do ("most people do something to settle it").
    r"\b(?:most|many|lots of|plenty of) (?:people|of us)\b",
    r"\b(?:go|take (?:it|this|things)) at (?:whatever|your own|a|any) (?:\w+ )?pace\b|"
    r"\bfeel free to\b",
    r"\bplan\s*[:\u2013\-]|\b(?:i'?d like|i want|i'?m going) to use (?:today|the "
    r"session|this session|our time)\b",
)
# Picking out the hot thought or rating it asks for the thought, not about it: the
# annotator's question type ("If you had to pick..." reads as implications) does
# not make it a Socratic move; the explicit forms above still do.
NAMING_THE_THOUGHT = _rx(
    r"\bwhich (?:\w+ ){0,4}thoughts?\b|\b(?:pick|choose) (?:out )?the thought\b",
    r"\b0\s*(?:-|to|\u2013)\s*100\b|\bout of (?:100|a hundred|10|ten)\b|"
    r"\bpercent(?:age)?\b|%|\bhow (?:much|strongly) do you (?:believe|hold)\b",
)
# Leave to speak freely ("It's fine to be honest in here", "you don't need to
# put on a brave face"): safety offered, not a challenge.
PERMISSION_TO_SPEAK = _rx(
    r"\b(?:it'?s|it is) (?:fine|okay|ok|safe|alright|all right) to (?:be honest|say|"
    r"talk|share|feel|not know|disagree)\b",
    r"\byou don'?t (?:need|have) to (?:put on a brave face|pretend|hold back|be "
    r"polite|filter)\b",
)
# Asking for the automatic thought itself (Padesky's first stage): "What did
# your mind say it meant?" reads like "what did your boss say" (evidence) by its
# words, but nothing is on the table to examine yet.
ASKING_FOR_THOUGHT = _rx(
    r"\bwhat (?:did|does|was|is) (?:your|ur) (?:mind|head|brain|inner voice|gut) "
    r"(?:say|tell|saying|telling)\b",
    r"\bwhat (?:were|are) you (?:telling|saying to) yourself\b",
)
