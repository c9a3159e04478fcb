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
