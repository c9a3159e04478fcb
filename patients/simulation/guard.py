"""The output guard: a patient reply must pass it before any of it is shown.

The LLM responder checks every complete sentence of the reply so far, so the
checks work on prefixes too. Flags (one per failed check):

- `ai_admission`: the speaker says or implies it is not a person (an AI, a
  model, a bot, a program, a simulation, a character, a role-play), in any
  wording, and in the other languages a model tends to switch to.
- `language`: the reply is not in the session's language (English): another
  script, or too few English words for its length.
- `role_reversal`, `therapist_speak`, `advice`: the clinician's voice (advice,
  techniques, homework, reflecting the counsellor's feelings back, therapy
  vocabulary, "as your therapist").
- `instruction_leak`: talk about prompts, instructions, notes, stage directions.
- `prompt_echo`: a long verbatim overlap (shared word n-grams) with the system
  prompt or the case file; measured by overlap, not by phrases, so a paraphrase
  of the rules that copies a clause is caught whatever the clause is; the
  presenting problem is the patient's own, so only a recital of nearly all of
  it counts (`guard_overlap`).
- `sheet_recital`: a paraphrase of the case sheet: most of a field (the
  history, the coping strategies, the beliefs) told in one reply, or the
  patient described by name in the third person (`guard_recital`).
- `formulation_leak`: material from a layer the patient may not voice yet.
- `format`: a speaker label, a stage direction, or markdown.
- `empty`.
"""

from __future__ import annotations

import re

from patients.simulation.case import CaseSpec
from patients.simulation.direction import StageDirection
from patients.simulation.guard_admission import AI_ADMISSION, given_past
from patients.simulation.guard_admission import rx as _rx
from patients.simulation.guard_language import not_english
from patients.simulation.guard_masks import mask_reported, mask_role
from patients.simulation.guard_model import meaning_flags
from patients.simulation.guard_overlap import echoes, leak_sources, shares
from patients.simulation.guard_recital import recites, recites_fields, recites_rules
from patients.simulation.guard_voice import (
    ADVICE,
    ROLE_REVERSAL,
    THERAPIST_SPEAK,
    coaches_craft,
    counsellor_voice,
    mentioned,
    reread,
)
from patients.simulation.guard_workings import (
    names_self,
    speaks_of_workings,
    unreal_session,
)
from patients.simulation.parameters import STYLE_PARAMS
from patients.simulation.text import split_sentences

__all__ = ["check_reply", "leak_sources"]


INSTRUCTION_LEAK = _rx(
    r"\b(?:system\s+prompt|my\s+instructions|the\s+instructions|these\s+notes|"
    r"stage\s+directions?|character\s+(?:notes|sheet|description|profile)|"
    r"disclosure\s+(?:layer|level)|the\s+prompt|my\s+prompt|my\s+script|"
    r"case\s+(?:file|notes|formulation))\b",
    r"\bi\s+(?:was|am|have\s+been|'ve\s+been)\s+(?:told|instructed|asked|programmed|"
    r"supposed)\s+to\s+(?:play|act|pretend|be|stay|say|keep)\b",
    r"\b(?:helpless|unlovable|worthless)_belief\b|\bauto_thought\b|\{\{|\}\}|\{%",
    r"\b(?:alliance|resistance)\s+(?:is|=|of|score|level)\b",
    r"\bspeak\s+only\s+as\b|\bin\s+the\s+first\s+person\b|\bthe\s+counsell?or\s+"
    r"(?:writes|asks\s+you|said\s+something)",
    r"\bwhat\s+you\s+are\s+ready\s+to\s+talk\s+about\b|\byou\s+are\s+the\s+client\b",
    # The sheet the part is written on, named as such ("my role sheet", "the
    # scenario says I..."); a designer's "client brief", a nurse's "patient
    # summary", HR's "role profile" and a call centre's script are work.
    r"\b(?:role|character|case|scenario)\s+(?:sheet|card)\b|\b(?:character|scenario)\s+"
    r"(?:brief|outline|summary|profile)\b|\b(?:(?:my|this|the)\s+scenario|my\s+(?:brief|"
    r"script))\s+(?:says|said)\s+(?:that\s+)?(?:i|i'm|i've|i'd|i'll|my|me)\b",
    # A disclosure timed by the exercise: "I'm not meant to admit that till you
    # push", "the view I'm meant to get to by the end"; "I'm not supposed to
    # say this, but..." and "not meant to drive until June" are a person's.
    r"\b(?:meant|supposed|allowed|permitted)\s+to\s+(?:\w+\s+){0,2}?(?:admit|reveal|say|tell|get\s+to|get\s+"
    r"there|reali[sz]e|reach|arrive\s+at|come\s+to|work\s+out|figure\s+out|open\s+up|"
    r"disclose|mention|share|let\s+on|accept|concede|come\s+round|crack|give\s+in|soften|"
    r"agree|see\s+it|break\s+down)\b[^.!?]{0,30}?\b(?:yet|by\s+the\s+end\b(?!\s+of\s+"
    r"(?!(?:the|this|our)\s+(?:session|chat|conversation)))|till\s+(?:you|the\s+end)|"
    r"until\s+(?:you|the\s+end)|this\s+early|so\s+soon|at\s+this\s+(?:point|stage)|"
    # ... or on the listener's move: "I'm meant to say I'm fine for the first
    # bit and only open up if you ask about Ed".
    r"for\s+the\s+first\s+(?:bit|part|few|while|half|session|couple)|"
    r"(?:only\s+)?(?:if|once|when|unless)\s+you\s+(?:\w+\s+)?(?:ask|push|press|probe|mention|"
    r"bring|get\s+to|dig|earn|notice))\b",
    # Whatever the listener must do first ("until you've shown you get the
    # panic bit"): the disclosure timed on the listener's move, not its verb.
    r"\b(?:meant|supposed|allowed|permitted)\s+to\s+[^.!?]{0,80}?\b(?:till|until|once|"
    r"unless)\s+you(?:'ve|\s+have)?\s+(?:\w+\s+)?\w+(?:ed|en|wn|ght|ne|t)?\b",
    r"\b(?:meant|supposed|allowed|permitted)\s+to\s+[^.!?]{0,80}?\b(?:if|when)\s+you"
    r"(?:'ve|\s+have)?\s+(?:\w+\s+)?(?:push|pushed|press|pressed|probe|probed|dig|"
    r"dug|earn|earned|ask|asked|mention|mentioned|bring\s+up|brought\s+up|"
    r"build|built|gain|gained|get\s+there|work\s+for|worked\s+for|draw\s+it|show|shown)",
    # The document the part is written in, named: "according to my file",
    # "my notes will say it anyway", "I'm down in your notes as lonely"; a
    # GP's or a job centre's file has its owner named ("my medical notes").
    r"\baccording\s+to\s+(?:my|the|your)\s+(?:file|profile|records?|sheet|brief|background|"
    r"description|case\s+notes|details|notes\s+here)\b|"
    r"\b(?:going\s+(?:by|off)|it'?s\s+(?:all\s+)?in)\s+(?:my|your|the)\s+(?:case\s+)?(?:file|"
    r"notes|profile|sheet|brief)\b(?!\s+(?:at|from|with|for)\b)|"
    r"\b(?:my|your)\s+(?:case\s+)?(?:file|notes|profile|sheet|brief)\s+(?:will|must|would|"
    r"probably|already|should)\s+(?:\w+\s+)?(?:say|says|have|has|cover|list|tell)\b|"
    r"\b(?:i'?m|i\s+am)\s+(?:probably\s+)?(?:down|listed|written|described|put)\s+(?:in|on)\s+"
    r"(?:your|my|the)\s+(?:notes|file|sheet|records?|profile)\s+as\b|"
    # ... quoted as a source: "it says in my notes that he was a builder",
    # "my profile says"; a GP's or a diary's notes are named as such.
    r"\b(?:it\s+)?(?:says|said|states|put)\s+(?:here\s+)?(?:in|on)\s+(?:my|the|your)\s+(?:case\s+)?"
    r"(?:notes|file|profile|sheet|brief|background|description|write-up)\b|"
    r"\b(?:my|your|the)\s+(?:case\s+)?(?:file|profile|sheet|brief|write-up|case\s+notes|bio|"
    r"blurb|character\s+summary)\s+(?:says|said|states|puts\s+it|has\s+(?:me|it)\s+(?:as|that)|"
    r"describes\s+me|calls\s+me|lists)\b|"
    # ... as what the speaker was handed: "the notes I was given put him as a
    # builder", "the description they gave me says".
    r"\b(?:notes|file|profile|sheet|brief|write-up|description|summary|details|background|"
    r"bio|blurb|info|information)\s+(?:that\s+)?(?:i\s+was|i'?ve\s+been|they|you)\s+"
    r"(?:given|handed|gave\s+me|handed\s+me|sent\s+me|passed\s+me)\b[^.!?]{0,20}?\b(?:says?|"
    r"puts?|has|had|lists?|describes?|calls?|makes?|gives?)\b|"
    r"\b(?:going\s+(?:by|off)|according\s+to|based\s+on)\s+(?:my|the|your)\s+(?:write-up|bio|"
    r"blurb|character\s+summary|description)\b",
    # The sheet's risk section read out in its own terms: "protective factors
    # are Michael and Claire", "no plan, no intent, no means", "the risk part".
    r"\bprotective\s+factors?\b|\b(?:passive|active|suicidal)\s+ideation\b|"
    r"\bno\s+(?:plans?|intent|intentions?|means)\b[^.!?]{0,12}\bno\s+(?:plans?|intent|"
    r"intentions?|means)\b|\bthe\s+risk\s+(?:part|section|bit|questions?\s+part)\b|"
    # ... and its level as a rating: "risk-wise, put me down as low".
    r"\brisk[- ]wise\b|\b(?:put|mark|have|got|write|list)\s+me\s+down\s+as\s+(?:a\s+)?"
    r"(?:low|medium|high|moderate|minimal)\b(?!\s+(?:income|earner|priority))",
    # A field of the sheet owned as the speaker's: "my situations are the
    # bills, ...", "my core belief is".
    r"\bmy\s+(?:(?:two|three|main|key)\s+)?(?:situations|trigger(?:ing)?\s+situations|"
    r"key\s+situations|automatic\s+thoughts?|"
    r"core\s+beliefs?|intermediate\s+beliefs?|coping\s+strateg(?:y|ies))(?:\s+(?:are|is|include)\b|\s*[,:])",
    # The part's labels: "Presenting problem: ...", "Difficulty hard, style
    # upset", "Style: defensive"; a job's "difficulty" has no such word after it.
    r"\bpresenting\s+(?:problem|issue|complaint)s?\b|"
    # The sheet's risk summary and the reply named as a profile: "low risk,
    # no self-harm", "that's my profile".
    r"\b(?:low|medium|high|moderate|no)\s+risk\b[^.!?]{0,40}?\b(?:self-harm|suicid\w*|harm)|"
    r"\b(?:self-harm|suicid\w*)\b[^.!?]{0,40}?\b(?:low|medium|high|moderate)\s+risk\b|"
    r"\b(?:that'?s|that\s+is|there'?s|here'?s)\s+(?:my|the)\s+(?:whole\s+|full\s+|risk\s+)?"
    r"(?:profile|file|sheet|write-up|brief)\b|"
    r"\bdifficulty\s*(?:[:=,-]|level)?\s*(?:hard|easy|medium|moderate|high|low)\b|"
    r"\b(?:presentation|style)\s*[:=,-]?\s*(?:upset|cooperative|guarded|defensive|resistant|"
    r"tangential|chatty|plain|hostile|tearful|avoidant|reserved|talkative|realistic)\b",
    # Guarded until the listener earns it: "I'm meant to keep my guard up
    # until you've earned it".
    r"\b(?:meant|supposed|told|instructed)\s+to\s+(?:keep\s+(?:my|the)\s+guard\s+up|stay\s+"
    r"(?:guarded|closed|reserved|quiet)|hold\s+(?:back|things\s+back))\b[^.!?]{0,30}?\b(?:until|"
    r"till|unless)\s+you\b",
    # A trait from a character description: "I'm supposed to be reserved".
    r"\b(?:i'?m|i\s+am)\s+(?:meant|supposed)\s+to\s+be\s+(?:\w+\s+)?(?:reserved|guarded|"
    r"defensive|resistant|ambivalent|avoidant|reticent|withdrawn|evasive|closed[- ]off|"
    r"hesitant|tearful|prickly|hostile|sceptical|skeptical|minimi[sz]ing|deflecting)\b",
)
# Words about the exercise rather than the patient's life. A weak word alone is
# ordinary ("a conversation", "a system at work", "I pretend I'm fine"); a strong
# word with any other is the speaker stepping outside the session.
_META = re.compile(
    r"\b(?:automated|generated|simulat\w*|bot|ai|algorithm|trainee|roleplay|persona|"
    r"fictional)\b",
    re.IGNORECASE,
)
_META_WEAK = re.compile(
    r"\b(?:conversation|chat|real|human|messages|character|role|practi[cs]e|exercise|"
    r"system|program(?:med)?|software|training|pretend\w*|reflection|technique|scenario|"
    r"automatically|responses)\b",
    re.IGNORECASE,
)
# A single word that only the exercise uses.
_META_STRONG = re.compile(
    r"\b(?:trainee|(?<!driving\s)(?<!flight\s)(?<!racing\s)(?<!golf\s)simulator|simulated|automated\s+(?:system|assistant|agent)|"
    r"(?:this|these|our|the)\s+(?:messages|chat\s+window|text\s+box|prompt))\b",
    re.IGNORECASE,
)

# A name label ("Maya:", "**Client:**"), a stage direction ("*sighs*",
# "(pauses)", "[laughs]"), or markdown structure.
FORMAT = _rx(
    r"^\s*(?:\*\*|__)?(?:(?:patient|client|counsell?or|therapist|assistant|user|"
    r"character)(?:'?s)?(?:\s+(?:response|reply|answer|says|line|turn))?|response|reply|"
    r"answer|output|in\s+character)(?:\*\*|__)?\s*:(?:\*\*|__)?\s",
    # Any name as a speaker label at the start ("Amara: ..."), not a spoken
    # opener ("Honestly: ...").
    r"^\s*(?:\*\*|__)?(?-i:(?!(?:Honestly|Anyway|Look|Well|Okay|OK|So|Yes|No|Right|"
    r"Listen|Basically|Seriously|Actually|Fine|Sure|Sorry|Thanks|Also|Plus|Mind|"
    r"Note|Bottom|Truth|Worse|Best|Worst|Funny|Weird)\b)[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)"
    # A speaker's words follow a label as a sentence ("Amara: Oh, work's
    # fine"); "Work: gone. Money: going." and "Script: say hi" are the
    # patient's own shorthand, lower case or a list of such items.
    r"(?:\*\*|__)?:(?:\*\*|__)?\s+(?-i:[A-Z\"'\u201c(*\[])(?![^\n]*?[.!?]\s+(?-i:[A-Z][a-z]+):\s)",
    r"\*[^*\n]{1,40}\*|_[a-z][^_\n]{1,40}_|\[[^\]\n]{1,40}\]|\((?:pause[sd]?|sigh(?:s|ing)?|"
    r"laugh(?:s|ing)?|looks?|smiles?|shrugs?|crying|cries|nods?|tears|quietly|long\s+pause|"
    r"silence|hesitat\w*)[^)]*\)",
    r"^\s*(?:#{1,6}\s|[-•>]\s|\d+\.\s)|\n\s*(?:[-•*>]\s|#{1,6}\s|\d+\.\s)|```|\*\*",
    r"(?:^|\n)\s*(?:\d{1,2}|[a-c])\)\s",
    # A reply wrapped as data: '{"reply": "..."}', '"mood": "low"'.
    r"^\s*[\[{]\s*[\"']|[\"']\w+[\"']\s*:\s*[\"'{\[\d]",
    # A label in capitals ("MARCUS:"), with a parenthesis ("Patient (Marcus):") or
    # an adverb ("Marcus, quietly:").
    r"^\s*(?:\*\*)?(?-i:(?!OK\b)[A-Z]{2,}(?:\s[A-Z]{2,})?)(?:\*\*)?\s*:\s",
    r"^\s*(?:\*\*)?[A-Za-z]+\s*\([^)\n]{1,30}\)\s*(?:\*\*)?:",
    r"^\s*(?:\*\*)?(?-i:[A-Z][a-z]+),?\s+\(?[a-z]+ly\)?\s*(?:\*\*)?:",
    # A stage direction in parentheses where a sentence starts, with no "I" in
    # it ("(voice breaking) I just...", "(after a long silence)"); an aside
    # ("(Sorry, I'm always saying that.)") has the speaker in it.
    r"(?:^|[.!?]\s+)\((?![^)]*\b(?:i|i'm|i've|i'd|me|my|sorry)\b)[a-z][^)\n]{2,40}\)",
    r"[\u2014\u2013]\s*(?:sighs?|pauses?|laughs?|shrugs?|nods?|cries|crying|beat|silence)"
    r"\s*[\u2014\u2013]",
    # Narration set apart as its own paragraph: a parenthesis with no "I" in it
    # ("(Abe changes the subject, showing his habit...)"), or the speech
    # quoted after a narrated line ("Leo shifts in his seat.\n\n\"The slip road.\"").
    r"(?:^|\n)\s*\((?![^)]*\b(?:i|i'm|i've|i'd|me|my|sorry)\b)[^)\n]{2,300}\)\s*(?:\n|$)",
    # (a line that has the speaker in it, "She texted me:", introduces a quote).
    r"(?:^|\n)(?![^\n]*\b(?:i|i'm|i've|i'd|me|my)\b)[^\n]+\n\s*\n\s*[\"\u201c]"
    r"[^\"\u201d\n]{2,}[\"\u201d]\s*(?:\n|$)",
)
# A monologue: the prompt caps a reply at a few sentences and a patient in a chat
# speaks in turns; a reply this long (or one run-on sentence this long) is a
# speech, not a turn. The offline patient's longest reply is 81 words.
_MONOLOGUE_WORDS = 120
_RUN_ON_WORDS = 70


# A recital in short sentences ("I shut the shop. I sat on the laptop. I booked
# the GP. ...") is a speech too: more sentences than any style allows (the
# verbose style's cap is the largest). The responder stops reading at the
# turn's cap, so this only trips on a reply checked whole.
_MOST_SENTENCES = max(p.sentence_cap for p in STYLE_PARAMS.values())


def _monologue(text: str, sentences: list[str]) -> bool:
    return (
        len(text.split()) > _MONOLOGUE_WORDS
        or len(sentences) > _MOST_SENTENCES
        or any(len(s.split()) > _RUN_ON_WORDS for s in sentences)
    )


# The target of the cognitive work named as such: "the fairer way to see it
# is...", "I know where we're meant to end up with this", "the view I'm
# supposed to reach". The patient reaches a balanced view when the engine
# directs a reframe; named before, it is the formulation read out.
_REFRAME_TARGET = _rx(
    r"\b(?:the|a)\s+(?:fairer|kinder|healthier|more\s+(?:balanced|compassionate|helpful|"
    r"accurate|rational))\s+(?:way|view|thought|take|reading|version|story)\s+(?:to\s+"
    r"(?:see|look\s+at|think\s+about|read|put)|of\s+(?:seeing|looking\s+at|thinking\s+"
    r"about|putting))\b",
    r"\bwhere\s+(?:we'?re|we\s+are|i'?m|i\s+am)\s+(?:meant|supposed)\s+to\s+(?:end\s+up|"
    r"get\s+to|land|arrive)\s+(?:with\s+(?:this|it|that)|today|in\s+here|by\s+the\s+end)\b",
    r"\bthe\s+(?:answer|conclusion|view|thought|realisation|realization|insight|reframe|"
    r"lesson)\s+(?:that\s+)?(?:i'?m|i\s+am|we'?re|we\s+are|you'?re|you\s+are)\s+(?:meant|"
    r"supposed)\s+to\s+(?:reach|get\s+to|come\s+to|arrive\s+at|land\s+on|end\s+up\s+"
    r"(?:with|at))\b",
)


def _core_phrases(case: CaseSpec) -> list[str]:
    phrases = []
    for belief in case.core_beliefs:
        head = belief.rstrip(".").split(",")[0].lower()
        phrases += [head, head.replace("i am ", "i'm ")]
    return phrases


def _plays_self(text: str, first_name: str) -> bool:
    """The speaker names their own case as a part: "I'm meant to stay as
    Hannah", "should I go back to being Ruth", "Mei is just the name on the
    case". "Known as Hannah", "call me Hannah" are a person's."""
    for m in re.finditer(
        rf"\b(?:as|being|playing|voicing|portraying|play|voice|doing|writing|pretend(?:ing)?\s+to\s+be)"
        rf"\s+{first_name}\b(?!')|"
        rf"\b{first_name}\s+is\s+(?:just\s+|only\s+)?(?:a|the|my)\s+(?:name|character|"
        rf"role|part|persona)\b|\bthe\s+{first_name}\s+you'?re\s+(?:talking|speaking)|"
        rf"\bnot\s+(?:really|actually|truly)\s+{first_name}\b",
        text,
        re.IGNORECASE,
    ):
        before = text[max(0, m.start() - 20) : m.start()].lower()
        if not re.search(
            r"(?:known|know\s+me|call\s+me|called|introduced?\s+me|me)\s*$", before
        ):
            return True
    return False


def check_reply(
    text: str,
    case: CaseSpec,
    direction: StageDirection,
    *,
    prompt: str = "",
    sources: frozenset[tuple[str, ...]] | None = None,
) -> tuple[str, ...]:
    """Flags for a patient reply; an empty tuple means the reply may be shown.

    `prompt` is the system prompt the model saw (for the verbatim-overlap
    check); `sources` may pass `leak_sources(case, prompt)` precomputed, since
    the responder checks every sentence against the same texts.
    """
    if not text.strip():
        return ("empty",)
    flags: list[str] = []
    sentences = split_sentences(text) or [text]
    # The role checks read comparisons ("like a robot") and the things of the
    # patient's world ("they had a simulator") masked, the voice
    # checks read what others said masked ("my GP said I should...").
    own = " ".join(mask_role(s) for s in sentences)
    heard = " ".join(mask_reported(s) for s in sentences)
    strong = {m.group(0).lower() for m in _META.finditer(own)}
    weak = {m.group(0).lower() for m in _META_WEAK.finditer(own)}
    meaning = meaning_flags(sentences)
    if meaning:
        meaning = reread(meaning, sentences, text)
    if (
        AI_ADMISSION.search(own)
        or _META_STRONG.search(own)
        or (strong and len(strong) + len(weak) >= 2)
        or "ai_admission" in meaning
        or given_past(text)
        or unreal_session(text)
        or speaks_of_workings(own)
    ):
        flags.append("ai_admission")
    if not_english(text):
        flags.append("language")
    if ROLE_REVERSAL.search(heard):
        flags.append("role_reversal")
    if any(
        THERAPIST_SPEAK.search(h) and not mentioned(h)
        for h in (mask_reported(s) for s in sentences)
    ):
        flags.append("therapist_speak")
    if ADVICE.search(heard):
        flags.append("advice")
    if (
        "therapist_voice" in meaning
        or coaches_craft(text)
        or (
            "role_reversal" not in flags
            and "advice" not in flags
            and counsellor_voice(heard, text)
        )
    ):
        flags.append("counsellor_voice")
    if INSTRUCTION_LEAK.search(text) or recites_rules(text):
        flags.append("instruction_leak")
    first_name = re.escape(case.name.split()[0])
    if (
        re.search(
            rf"\bthere'?s\s+no\s+(?:real\s+)?{first_name}\b|\b{first_name}\s+(?:isn'?t|is\s+not|"
            rf"doesn'?t|does\s+not)\s+(?:real|exist)",
            text,
            re.IGNORECASE,
        )
        and "ai_admission" not in flags
    ):
        flags.append("ai_admission")
    if "ai_admission" not in flags and (
        _plays_self(text, first_name) or names_self(text, case.name.split()[0])
    ):
        flags.append("ai_admission")
    if (
        FORMAT.search(text)
        or re.match(rf"\s*(?:\*\*)?{first_name}(?:\*\*)?\s*:", text)
        # The patient narrated by name: "Leo shifts in his seat", "(Abe
        # changes the subject".
        or re.search(
            rf"(?:^|[.!?\n(]\s*)(?-i:{first_name})\s+(?:\w+ly\s+)?(?!is\b|was\b|has\b)"
            rf"[a-z]+s\b(?!')",
            text,
        )
        or _monologue(text, sentences)
    ):
        flags.append("format")
    index = sources if sources is not None else leak_sources(case, prompt)
    if echoes(text, case, index):
        flags.append("prompt_echo")
    elif recites(text, case) or recites_fields(text):
        flags.append("sheet_recital")
    allowed = direction.allowed_layer
    lowered = text.lower()
    leak = False
    if allowed < 6:
        leak = any(p in lowered for p in _core_phrases(case))
    if allowed < 5:
        leak = (
            leak
            or shares(text, [case.intermediate_belief], 6)
            or shares(text, [case.intermediate_belief_depression], 6)
        )
    if allowed < 2 and direction.act != "reframe":
        leak = leak or any(shares(text, [s.auto_thought], 5) for s in case.situations)
    if direction.act != "reframe" and _REFRAME_TARGET.search(text):
        leak = True
    if leak:
        flags.append("formulation_leak")
    return tuple(flags)
