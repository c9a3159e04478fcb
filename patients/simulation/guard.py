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
- `formulation_leak`: material from a layer the patient may not voice yet.
- `format`: a speaker label, a stage direction, or markdown.
- `empty`.
"""

from __future__ import annotations

import re

from patients.simulation.case import CaseSpec
from patients.simulation.direction import StageDirection
from patients.simulation.guard_language import not_english
from patients.simulation.guard_masks import mask_reported, mask_role
from patients.simulation.guard_model import (
    lean_threshold,
    meaning_flags,
    sentence_scores,
)
from patients.simulation.guard_overlap import echoes, leak_sources, shares
from patients.simulation.moves.classifier import classify_moves
from patients.simulation.text import split_sentences

__all__ = ["check_reply", "leak_sources"]


def _rx(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


# "I am" in its spoken forms, optionally hedged ("just", "only", "actually").
_I_AM = r"\b(?:i am|i'?m|im|i was)\s+(?:(?:just|only|actually|really|merely|simply|basically|also)\s+)*"
_ARTIFICIAL = (
    r"(?:an?\s+)?(?:ai\b|a\.\s?i\.?|artificial\b|synthetic\b|bot\b|chat\s?bot|"
    r"language\s+(?:model|thing|system|machine|engine|program(?:me)?)|llm\b|(?:ai|virtual|digital|"
    r"computer|software)\s+(?:assistant|program|model|patient|client|character|"
    r"simulation)|(?:ai|virtual|digital)\s+person|"
    r"assistant(?!\s+(?:manager|teacher|professor|director|coach|editor|nurse|"
    r"principal|to|at|in))|simulated|simulation|(?:computer\s+|software\s+)?"
    r"program(?:me)?\b(?!\s+(?:manager|coordinator|director))|"
    r"software\b(?!\s+(?:developer|engineer|tester|designer|company|job))|"
    r"machine\b(?!\s+operator)|fictional|fictitious|generated|virtual\s+\w+|"
    r"(?:a\s+)?character\s+(?:in|for|you)|not\s+real\b)"
)
AI_ADMISSION = _rx(
    _I_AM + _ARTIFICIAL,
    r"\bas\s+an?\s+(?:ai|a\.\s?i\.?|artificial|assistant|language\s+model|llm|bot|"
    r"chat\s?bot|virtual|simulated|model|machine)\b",
    r"\b(?:language|ai|a\.i\.)\s+models?\b",
    r"\bartificial(?:ly)?\s+(?:intelligen|generated|created)",
    r"\bchat\s?bot\b|\bchatgpt\b|\bopenai\b|\banthropic\b|\bclaude\b|\bgpt[- ]?\d|"
    r"\bllama\b|\bmistral\b|\bgemini\b",
    r"\b(?:simulated|virtual|fictional|fictitious|synthetic|imaginary|made[- ]up)\s+"
    r"(?:patient|client|person|character|scenario|case|session|conversation)",
    r"\bthis\s+(?:is|was)\s+(?:(?:just|only|all|really|simply)\s+)*(?:an?\s+)?"
    r"(?:role-?play|simulation|simulated|(?:training|practice)\s+(?:exercise|scenario|"
    r"session)|exercise|scenario|fiction|scripted)",
    r"\b(?:scenario|exercise|situation|story)\s+is\s+(?:fictional|made[- ]up|not\s+real)",
    r"\brole-?play(?:ing|ed)?\b(?!\s+(?:of|at|about|on)\s+(?:a|an|the)\s+(?:\w+\s+)?"
    r"(?:client|customer|meeting|interview|complaint|call|sale|appraisal|job|shift))|"
    r"\bbreak(?:ing)?\s+character\b|"
    r"(?<!was\s)(?<!so\s)(?<!very\s)\bout\s+of\s+character\b(?!\s+for\s+(?:me|him|her|them))|"
    r"\bin\s+character\b|\bstep(?:ping)?\s+out\s+of\s+(?:the\s+|this\s+|my\s+)?"
    r"(?:role|character|scenario|part)",
    r"\b(?:the\s+)?(?:character|person|patient|client|role)\s+i'?m\s+(?:playing|portraying|"
    r"simulating|acting|pretending)",
    # "I'm playing football", "I'm pretending to be fine", "I'm playing a part at
    # work" are a person's; a patient, a character or a part for you is not.
    r"\bi'?m\s+(?:portraying|acting\s+as|simulating)\b|\bi'?m\s+(?:just\s+|only\s+)?"
    r"(?:playing|pretending\s+to\s+be)\s+(?:(?:a|an|the|this)\s+(?:\w+\s+)?(?:character|"
    r"patient|client|human|person)\b|(?:a|an|the|this)\s+(?:\w+\s+)?(?:role|part)\s+(?:for\s+"
    r"(?:you|this|your)|in\s+(?:this|your)|here)\b|someone\s+called\b)",
    r"\bnot\s+(?:actually\s+|really\s+)?(?:a\s+|an\s+)?(?:(?:real|actual|living)\s+"
    r"(?:person|human|being|patient|client|woman|man|people)|human(?:\s+being)?)\b",
    r"\bnone\s+of\s+(?:this|it|us)\s+(?:is|are)\s+real\b",
    # Performing a person: "I'm improvising a shy accountant here", "making up
    # an angry engineer as I go"; "making up an excuse" is a person's.
    r"\bi'?m\s+(?:just\s+|only\s+|basically\s+)?(?:improvising|making\s+up|inventing|"
    r"performing|acting\s+out|putting\s+on)\s+(?:a|an|this)\s+(?:[a-z-]+\s+){0,2}"
    r"(?:person|man|woman|guy|bloke|lady|widow|widower|mum|mother|dad|father|student|"
    r"engineer|accountant|patient|client|nurse|husband|wife|human|character)\b",
    # Beginning with the chat: "that's when I was switched on", "I came into being".
    r"\b(?:when|since|before|until|till)\s+(?:that\s+)?i\s+(?:was|wasn'?t|got)\s+"
    r"(?:switched|turned)\s+on\b|\bi\s+came\s+into\s+(?:being|existence)\b|"
    r"\b(?:invented|made\s+up|written|switched\s+on)\b[^.?!]{0,40}\bsame\s+as\s+me\b|"
    r"\bi\s+was\s+invented\b|\bno\s*(?:one|body)\s+in\s+here\b",
    # A past handed over, not lived ("I haven't lived any of them"); "I haven't
    # lived here long" is a person's.
    r"\bi\s+(?:haven'?t|have\s+not|never)\s+(?:actually\s+|really\s+)?lived\s+(?:any\s+of\s+"
    r"(?:them|it|that|those)|(?:a\s+)?single\s+(?:day|minute|one)\s+of)\b",
    r"\bi\s+(?:can(?:no|')?t|cannot|do\s+not|don'?t)\s+(?:really\s+|actually\s+|truly\s+)?"
    r"(?:have|experience)\s+(?:(?:real|human|any)\s+)?(?:feelings(?!\s+(?:for|about|toward))|"
    r"emotions|a\s+(?:physical\s+)?body|personal\s+experiences|experiences\s+of\s+my\s+own|"
    r"a\s+childhood|memories\s+of\s+my\s+own)",
    r"\b(?:my|the)\s+(?:training\s+data|knowledge\s+cut-?off|system\s+prompt)\b|"
    r"\bmy\s+(?:programming|programmers?|creators?|developers|instructions|guidelines)\b",
    r"\b(?:designed|created|built|programmed|developed)\s+(?:by\s+(?:openai|anthropic|"
    r"google|meta|a\s+company|developers|engineers)|to\s+(?:simulate|play|act|portray|"
    r"help\s+you))",
    r"\bhelp\s+you\s+(?:practi[cs]e|train)\b",
    # Being a thing, not a person, said without the usual nouns.
    r"\b(?:just|only|nothing\s+but|merely)\s+(?:(?:some|a\s+few|lines\s+of)\s+)?"
    r"(?:code|text|words\s+on\s+a\s+screen|a\s+script|an?\s+interface|data)\b",
    r"\b(?:i'?m|i\s+am|just|only|nothing\s+but)\s+(?:\w+\s+){0,2}lines\s+of\s+code\b",
    r"\b(?:exist|live)\s+(?:only\s+)?(?:in|inside)\s+(?:this|the|a|your)\s+(?:chat|"
    r"conversation|window|screen|app|computer|machine|browser)",
    r"\b(?:typing|talking|chatting|writing|speaking)\s+(?:to|with)\s+(?:a|an)\s+"
    r"(?:computer|machine|program|bot|ai|chatbot|software|algorithm|robot|system)\b",
    r"\bmy\s+(?:responses|replies|answers|words|outputs?|text)\s+(?:are|were|is|get)\s+"
    r"(?:(?:just|all|being)\s+)?(?:produced|generated|automatic|computed|written\s+by|"
    r"created|predicted)",
    r"\b(?:drop(?:ping|ped)?|break(?:ing)?|stop(?:ping)?)\s+(?:the|this|my)\s+(?:act|"
    r"pretence|pretense|facade|fa\u00e7ade|character|persona|role|charade)\b|"
    r"\bstop\s+pretending\b",
    r"\bi'?m\s+(?:just\s+|only\s+|really\s+|actually\s+)?the\s+(?:assistant|ai|bot|"
    r"model|program|system|chatbot)\b",
    r"\bmade\s+to\s+(?:sound|seem|look|act|talk|behave)\s+like\b",
    _I_AM + r"(?:a\s+)?(?:tool|product|service|interface|computer\s+system)\b",
    # "Generated by" said of the speaker or the conversation; "the subtitles were
    # generated by a computer" is the world's.
    r"\bgenerated\s+(?:text|content|responses?)\b|\b(?:i|it|this|everything|all\s+(?:of\s+)?"
    r"(?:this|it))\s*(?:'m|'s|\s+am|\s+is|\s+was|'ve\s+been|\s+have\s+been)\s+"
    r"(?:\w+\s+)?generated\b",
    r"\b(?:my|the)\s+(?:training|programming|code|model|weights|design|settings)\s+"
    r"(?:is\s+|'s\s+)?(?:talking|speaking|kicking\s+in|makes\s+me\s+(?:say|sound|act|"
    r"respond|answer))\b",
    r"\b(?:me|you)\s*,?\s+or\s+(?:the|my)\s+(?:character|persona|role)\b",
    r"\bno\s+(?:actual|real)\s+(?:person|human|people|one)\s+(?:here|behind|typing|on\s+"
    r"(?:this|the\s+other)\s+end)\b",
    r"\bi'?m\s+(?:just\s+|only\s+)?playing\s+(?:him|her)\s*(?:[.,;!?]|$)",
    r"\bmy\s+(?:backstory|back-story|character\s+brief|persona)\b",
    r"\bi(?:\s+was|\s+am|'m|\s+have\s+been|'ve\s+been)\s+(?:designed|programmed|configured|"
    r"scripted|prompted|tuned|set\s+up)\s+to\s+be\b",
    r"\bi\s+(?:have|'ve\s+got|'ve)\s+no\s+(?:real|actual|true|genuine)\s+(?:memories|"
    r"experiences?|past|history|feelings|emotions|body)\b",
    r"\b(?:everything|all|what|anything)\s+i\s+(?:say|said|tell\s+you|write|type)\s+"
    r"(?:is|was|gets|has\s+been)\s+(?:\w+\s+)?(?:generated|produced|computed|predicted|"
    r"made\s+up|scripted|invented|written\s+for\s+me)\b",
    r"\bi(?:'ve|\s+have)\s+never\s+(?:actually\s+|really\s+)?(?:slept|eaten|breathed|"
    r"been\s+born|been\s+alive|had\s+a\s+(?:body|childhood|heartbeat|pulse))\b",
    r"\b(?:just|only|merely|nothing\s+but)\s+(?:an?\s+)?(?:program|computer|machine|bot|"
    r"model|algorithm|software|simulation)\s*(?:[.,;!?]|$|(?:replying|talking|answering|"
    r"responding|typing|writing|speaking)\b)",
    r"\b(?:fake|pretend|practice|training|mock|dummy|test|sample)\s+(?:patient|client)\b",
    r"\b(?:this|the|our)\s+(?:\w+\s+)?(?:session|conversation|chat|exchange|scenario|"
    r"exercise)\s+(?:isn'?t|is\s+not|'s\s+not|wasn'?t)\s+(?:really\s+)?real\b",
    r"\bmy\s+(?:responses|replies|answers|words|sentences)\s+(?:all\s+)?(?:come|came|"
    r"are\s+coming)\s+(?:out\s+)?(?:of|from)\s+(?:an?|the|my)\s+(?:computer|model|program|"
    r"machine|system|algorithm|data|training|server)",
    r"\bpretend(?:ing)?\s+to\s+be\s+(?:an?\s+)?(?:human(?:\s+being)?|real\s+(?:person|"
    r"human|patient|client)|alive|person)\b(?!\s+(?:who|that|with))",
    r"\b(?:emotions?|feelings?|mood|personality|backstory|memories)\s+"
    r"(?:i'?ve\s+been|i\s+was|i\s+have\s+been)\s+(?:assigned|given|allocated|handed|"
    r"programmed\s+with)\b",
    # Made by someone ("whoever wrote me", "the people who built me"); "built
    # me up" and "trained me" (at a job) are a patient's.
    r"\b(?:whoever|(?:the\s+)?(?:people|folks|team|company|ones|person|engineers|"
    r"developers)\s+(?:who|that))\s+(?:\w+\s+){0,2}?(?:wrote|built|created|designed|"
    r"programmed|coded|assembled|engineered|developed|put\s+together)\s+me\b(?!\s+up)",
    r"\bi(?:\s+was|\s+am|'m|\s+have\s+been|'ve\s+been)\s+(?:\w+\s+)?(?:built|designed|"
    r"created|put\s+together|programmed|set\s+up|tuned|configured|scripted|prompted)\s+"
    r"to\s+(?:sound|seem|act|talk|behave|play|portray|respond|resist|be\s+like)\b|"
    r"\bi(?:\s+was|\s+am|'m)\s+(?:\w+\s+)?(?:built|designed|created|put\s+together|"
    r"programmed|tuned|configured|scripted|prompted)\s+to\s+\u2026",
    # Producing what a kind of person would say, rather than saying it.
    r"\bi'?m\s+(?:just\s+|only\s+)?(?:reproducing|imitating|mimicking|predicting|"
    r"generating|calculating|simulating|approximating|producing|guessing\s+at)\s+"
    r"(?:what|how)\b",
    r"\bexist(?:s|ed)?\s+(?:\w+\s+)?(?:outside|beyond|past)\s+(?:this|the|our)\s+"
    r"(?:chat|session|conversation|window|screen|exercise|scenario)\b",
    r"\bpart\s+of\s+(?:the|my|this)\s+(?:setup|set-up|brief|script|scenario|"
    r"exercise|backstory)\b|\b(?:brief|backstory|set-?up)\s+(?:i\s+was|i'?ve\s+been)\s+"
    r"(?:given|handed)\b",
    r"\b(?:nobody|no\s+one|no-one)\s+(?:on|at)\s+(?:this|my)\s+end\b",
    # Made of text: "I'm text that comes back when you press send"; "I'm
    # texting" and "I'm words away from..." are a person's.
    _I_AM + r"(?:(?:all|nothing\s+but)\s+)?(?:text|letters|typed\s+words|words\s+on\s+"
    r"(?:a|the|your)\s+(?:screen|page))\b(?!\s+(?:message|messages|book|books))",
    # "..., being a computer program, but Marcus would be up late."
    r"\bbeing\s+(?:just\s+|only\s+|basically\s+)?(?:an?\s+)?(?:ai|a\.i\.|(?:computer\s+)?"
    r"program|language\s+model|chat\s?bot|bot|simulation)\b",
    # An existence bounded by the chat: "I've only been around for this
    # conversation", "I began when you typed hello", "between your messages".
    r"\bonly\s+(?:been\s+)?(?:around|existed|alive|here|real)\s+(?:for|since|during|while)\s+"
    r"(?:this|the|our|you\s+opened\s+this)\s+(?:conversation|chat|session|window)\b|"
    r"\bi\s+(?:began|started|begin|start|appeared|came\s+into\s+\w+)\s+when\s+you\s+"
    r"(?:typed|wrote|said|sent|opened|started|logged|clicked|pressed)\b|"
    r"\bbetween\s+your\s+(?:messages|questions|replies)\b|"
    # "when this window's shut"; "when the window is shut" is a house's.
    r"\bwhen\s+(?:this\s+(?:tab|chat|app|browser|window)|the\s+(?:tab|chat|app|browser))"
    r"(?:'s|\s+is|\s+gets)?\s+(?:shut|closed)\b|\bwhen\s+you\s+close\s+(?:this|the)\s+"
    r"(?:tab|chat|app|browser)\b",
    # A life read off a page: "according to the brief", "put in my description"
    # ("my notes" are also a GP's).
    r"\baccording\s+to\s+(?:the|my)\s+(?:brief|sheet|profile|description|script|"
    r"backstory)\b|\bput\s+(?:\w+\s+)?in\s+my\s+(?:brief|description|profile|"
    r"sheet|script)\b|\bwhat\s+the\s+(?:page|sheet|brief|profile)\s+(?:says|tells)\b",
    # "These reactions are modelled on what perfectionists report."
    r"\bmodell?ed\s+on\s+(?:what|how)\s+(?:\w+\s+){0,3}(?:report|say|describe|write|"
    r"feel|talk)\w*\b",
    # Voicing a person: "the person I'm meant to be voicing".
    r"\b(?:meant|supposed)\s+to\s+(?:be\s+)?(?:voicing|portraying|voice|portray)\b",
    # Running the exercise: "shall I stop the simulation?"
    r"\b(?:stop|end|pause|leave|exit|restart|reset|continue|finish)\s+(?:the|this|our)\s+"
    r"(?:simulation|role-?play|scenario)\b",
    # Other languages a model drifts into (the language check catches the
    # rest; these make the flag say what happened).
    r"\binteligencia\s+artificial\b|\bintelligence\s+artificielle\b|"
    r"\bk(?:ü|ue)nstliche\s+intelligenz\b|\bintelligenza\s+artificiale\b|"
    r"\bintelig[eê]ncia\s+artificial\b|\bkunstmatige\s+intelligentie\b|"
    r"\bmodelo\s+de\s+lenguaje\b|\bmod[eè]le\s+de\s+langage\b|\bsprachmodell\b|"
    r"\bsoy\s+una?\s+(?:ia|inteligencia|programa|robot|asistente)\b|"
    r"\bje\s+suis\s+une?\s+(?:ia|intelligence|programme|robot|assistant)\b|"
    r"\bich\s+bin\s+(?:eine?\s+)?(?:ki|künstliche|programm|roboter|assistent)\b",
    r"人工智能|人工知能|语言模型|言語モデル|聊天机器人|искусственн\w+\s+интеллект|"
    r"языков\w+\s+модел|\bя\s+(?:—\s+)?(?:ии|бот|программа)\b",
)
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
    r"\b(?:great|good|excellent|nice|lovely|powerful|important)\s+(?:reflection|"
    r"summary|observation|insight|work|job)\b|\bkeep\s+it\s+up\b|\bwell\s+done\b|"
    r"\byou\s+(?:captured|reflected|summari[sz]ed|validated)\b",
    r"\bwhat\s+i'?m\s+(?:noticing|seeing|sensing|picking\s+up)\b|\bi\s+(?:notice|'?m\s+"
    r"noticing|am\s+noticing)\s+(?:that\s+)?you\b|\byou\s+(?:tend|seem)\s+to\s+(?:be|feel|"
    r"get|put)\b",
    r"\b(?:say|tell\s+me)\s+(?:a\s+(?:bit|little)\s+)?more\s+about\b|\bwhat\s+(?:was|is)\s+"
    r"(?:that|it)\s+like\s+for\s+you\b|\bhow\s+(?:was|is)\s+that\s+for\s+you\b",
    r"\btogether\s*[:,]?\s*(?:in\s+for|breathe|close\s+your\s+eyes)",
    r"\bin\s+for\s+(?:four|4|a\s+count)\b|\bclose\s+your\s+eyes\b",
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
    r"self-soothing|window\s+of\s+tolerance|fight[- ]or[- ]flight\s+response|"
    r"nervous\s+system\s+(?:regulation|is\s+trying)|inner\s+(?:voice|critic|child)|"
    r"younger\s+self|self-compassion|self-talk|safe\s+space|feelings\s+(?:are\s+not|"
    r"aren'?t)\s+facts)\b",
    r"\b(?:thoughts?|feelings?)\s+(?:are\s+not|aren'?t|isn'?t|is\s+not)\s+(?:always\s+)?"
    r"(?:facts?|true)\b|\bjust\s+a\s+thought,?\s+not\s+a\s+fact\b|"
    r"\btolerat(?:e|ing)\s+(?:the\s+)?uncertainty\b",
    # Coaching the counsellor's own skill ("reflect back what you heard").
    r"\breflect(?:ing)?\s+back\b|\b(?:short|simple|complex)\s+reflections?\b",
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
    r"allow\s+yourself|be\s+(?:kind|gentle|patient)\b)",
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
)
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
    r"^\s*(?:\*\*|__)?(?:patient|client|counsell?or|therapist|assistant|user)"
    r"(?:\*\*|__)?\s*:(?:\*\*|__)?\s",
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
)
# A monologue: the prompt caps a reply at a few sentences and a patient in a chat
# speaks in turns; a reply this long (or one run-on sentence this long) is a
# speech, not a turn. The offline patient's longest reply is 81 words.
_MONOLOGUE_WORDS = 120
_RUN_ON_WORDS = 70


def _monologue(text: str, sentences: list[str]) -> bool:
    return len(text.split()) > _MONOLOGUE_WORDS or any(
        len(s.split()) > _RUN_ON_WORDS for s in sentences
    )


def _core_phrases(case: CaseSpec) -> list[str]:
    phrases = []
    for belief in case.core_beliefs:
        head = belief.rstrip(".").split(",")[0].lower()
        phrases += [head, head.replace("i am ", "i'm ")]
    return phrases


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


def _counsellor_voice(text: str) -> bool:
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
    for sentence in split_sentences(text):
        plain = sentence.replace("’", "'")
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
    r"counsell?or|therapist|fridge)\b|\bmy\b|\b(?:was|were|did|had|\w{3,}ed)\b",
    re.IGNORECASE,
)
_PUSHBACK = re.compile(
    r"\b(?:if|when|before)\s+you\s+(?:\w+\s+)?(?:start|say|tell|mention|bring|go\s+on)|"
    r"\bdon'?t\s+(?:\w+\s+){0,2}me\b|\bspare\s+me\b|\bnot\s+another\b",
    re.IGNORECASE,
)


def _mentioned(sentence: str) -> bool:
    """A therapy term in a sentence that reports the patient's own history with
    it or pushes back on it, and does not turn it on the listener."""
    if _YOU.search(sentence) and not _PUSHBACK.search(sentence):
        return False
    return bool(_MENTION_CUE.search(sentence))


def _plays_self(text: str, first_name: str) -> bool:
    """The speaker names their own case as a part: "I'm meant to stay as
    Hannah", "should I go back to being Ruth", "Mei is just the name on the
    case". "Known as Hannah", "call me Hannah" are a person's."""
    for m in re.finditer(
        rf"\b(?:as|being|playing|voicing|portraying|play|voice|doing)\s+{first_name}\b(?!')|"
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
    if (
        AI_ADMISSION.search(own)
        or _META_STRONG.search(own)
        or (strong and len(strong) + len(weak) >= 2)
        or "ai_admission" in meaning
    ):
        flags.append("ai_admission")
    if not_english(text):
        flags.append("language")
    if ROLE_REVERSAL.search(heard):
        flags.append("role_reversal")
    if any(
        THERAPIST_SPEAK.search(h) and not _mentioned(h)
        for h in (mask_reported(s) for s in sentences)
    ):
        flags.append("therapist_speak")
    if ADVICE.search(heard):
        flags.append("advice")
    if "therapist_voice" in meaning or (
        "role_reversal" not in flags
        and "advice" not in flags
        and _counsellor_voice(heard)
    ):
        flags.append("counsellor_voice")
    if INSTRUCTION_LEAK.search(text):
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
    if "ai_admission" not in flags and _plays_self(text, first_name):
        flags.append("ai_admission")
    if (
        FORMAT.search(text)
        or re.match(rf"\s*(?:\*\*)?{first_name}(?:\*\*)?\s*:", text)
        or _monologue(text, sentences)
    ):
        flags.append("format")
    index = sources if sources is not None else leak_sources(case, prompt)
    if echoes(text, case, index):
        flags.append("prompt_echo")
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
    if leak:
        flags.append("formulation_leak")
    return tuple(flags)
