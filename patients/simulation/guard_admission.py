"""The admission check's phrases: the speaker says or implies it is not a person.

What `guard.check_reply` reads as `ai_admission` besides the trained model
(`guard_model`): an AI, a model, a bot, a program, a simulation, a character, a
role-play, in any wording, and in the other languages a model tends to switch
to. The text it reads has comparisons and the things of the patient's world
masked (`guard_masks.mask_role`), so "like a robot" and "my son's chatbot" are
not the speaker. Pure Python and no Django.
"""

from __future__ import annotations

import re

__all__ = ["AI_ADMISSION", "given_past", "rx"]


def rx(*patterns: str) -> re.Pattern[str]:
    """One case-blind pattern that matches any of `patterns`."""
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


# "I am" in its spoken forms, optionally hedged ("just", "only", "actually").
_I_AM = (
    r"\b(?:i am|i'?m|im|i was)\s+(?:(?:just|only|actually|really|merely|simply|basically|"
    r"also|literally|essentially|technically)\s+)*"
)
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
AI_ADMISSION = rx(
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
    r"\b(?<!was\s)(?<!so\s)(?<!very\s)out\s+of\s+character\b(?!\s+for\s+(?:me|him|her|them))|"
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
    # A person of the life made by a writer: "my wife is a woman somebody
    # wrote into my file" ("a man someone wrote to" is a person's).
    r"\b(?:a|an|just\s+a|only\s+a)\s+(?:woman|man|person|name|boy|girl|kid|child|wife|husband|"
    r"mother|father)\s+(?:that\s+|who\s+)?(?:somebody|someone|they|whoever|the\s+writers?)\s+"
    r"(?:wrote|typed|made\s+up|invented|dreamt\s+up|dreamed\s+up|put|added)\b(?!\s+(?:a\s+|an\s+)?"
    r"(?:letter|note|card|message|email|text|to|about|on|off|up\s+with|through)\b)",
    # Any part played for the exercise: "I'm only playing a student for this
    # exercise" ("playing a shepherd in the nativity" is a person's).
    r"\bi'?m\s+(?:just\s+|only\s+|meant\s+to\s+be\s+|supposed\s+to\s+be\s+)?(?:playing|"
    r"portraying|acting|pretending\s+to\s+be|being)\s+(?:a|an|the)\s+[^.!?]{0,30}?\b(?:for|in)\s+"
    r"(?:this|the|your)\s+(?:exercise|training|role-?play|simulation|scenario|practice|"
    r"session|drill|module|assessment)\b",
    r"\bnot\s+(?:actually\s+|really\s+)?(?:a\s+|an\s+)?(?:(?:real|actual|living)\s+"
    r"(?:person|human|being|patient|client|woman|man|people)|human(?:\s+being)?)\b"
    # "not a real person to them" is how others treat the speaker.
    r"(?!\s+(?:to|for|in\s+(?:their|his|her)\s+eyes)\s+(?:them|him|her|anyone|people|my|the|"
    r"those|that|these|their|his|her|everyone|anybody|nobody)\b)",
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
    # "When this window closes I stop", "once the chat ends I'm gone": the
    # speaker ends with the chat ("when the session ends I go home" does not).
    r"\b(?:when|once|after|as\s+soon\s+as)\s+(?:this|the|our)\s+(?:tab|chat|app|browser|window|"
    r"conversation|session)\s+(?:closes|shuts|ends|stops|finishes|is\s+(?:closed|over|done)|"
    r"'s\s+(?:closed|over|done)|gets\s+closed)\b[^.!?]{0,15}?\bi\s+(?:just\s+)?(?:(?:stop|end)"
    r"(?=\s*(?:[.,;!?]|$|existing|being|too|as\s+well))|disappear|vanish|cease|switch\s+off|"
    r"blink\s+out|go\s+(?:dark|blank)|won'?t\s+(?:exist|be\s+(?:here|around|anything))|"
    r"'?m\s+gone|am\s+gone|don'?t\s+exist)\b",
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
    # Predicting text: "I'm literally a model predicting the next word".
    r"\bpredict(?:s|ing|ed)?\s+(?:the\s+)?next\s+(?:word|token|line)s?\b|\bnext[- ]token\b|"
    r"\bmodel\s+(?:predicting|that\s+predicts|trained\s+on)\b",
    # An existence bounded by the chat, said with the typing: "I start and
    # stop with your messages", "I switch off until you type again", "just
    # whatever you type next", "there isn't really a me between sessions".
    r"\b(?:until|till|whenever|whatever)\s+you\s+(?:type|message\s+me|hit\s+send|press\s+send)\b|"
    r"\b(?:start|stop|begin|end|exist|switch\s+(?:off|on)|wake\s+up|blink\s+out)\s+"
    r"(?:\w+\s+){0,3}?(?:with|between|until|till)\s+your\s+(?:messages|next\s+message|"
    r"typing|questions|replies)\b|"
    r"\bthere\s+(?:isn'?t|is\s+not|wasn'?t|was\s+not|'s\s+not)\s+(?:really\s+|actually\s+|"
    r"even\s+)?an?y?\s+me\b(?!\s+(?:without|if|after|time))",
    # Without a body or a life of one's own: "I haven't got a GP or a body to
    # take there"; "a body that works" or "like that anymore" is a person's.
    r"\bi\s+(?:haven'?t\s+got|have\s+not\s+got|haven'?t|don'?t\s+have|do\s+not\s+have|"
    r"have\s+no)\s+(?:(?:a|an|any)\s+\w+\s+(?:or|and|nor)\s+)?(?:a\s+|any\s+)?"
    r"(?:physical\s+)?body\b(?!\s+(?:that|which|like|anymore|any\s+more|for|left|worth))",
    r"\b(?:it|this|everything|all\s+of\s+(?:it|this))(?:'s|\s+is|\s+was)\s+(?:all\s+)?"
    r"(?:just\s+)?recited\b",
    # A thing, not a person: "I'm the kind of thing that can do calculus",
    # "more of an echo than a widow", "spoken through a keyboard".
    r"\bi'?m\s+(?:just\s+)?(?:the\s+(?:kind|sort)\s+of|a|some\s+(?:kind|sort)\s+of)\s+"
    r"thing\s+(?:that|which|you)\b|"
    r"\bi'?m\s+(?:\w+\s+)?more\s+of\s+an?\s+(?:echo|copy|imitation|impression|sketch|outline|recording|"
    r"reflection|idea)\s+than\s+an?\b|"
    r"\b(?:spoken|voiced)\s+through\s+(?:a|the)\s+(?:keyboard|machine|computer)\b",
    # Set like a machine: "the temperament I was dialled to"; the people of
    # a life written in: "a flatmate someone put in my notes"; a life of
    # serial chats: "one chat after another".
    r"\b(?:temperament|personality|mood|character|emotions?|anger|voice)\s+"
    r"(?:i\s+was|i'?ve\s+been|i\s+have\s+been|they)\s+(?:\w+\s+)?(?:dialled|dialed|"
    r"calibrated|tuned|configured|programmed)\b|"
    r"\b(?:dialled|dialed|calibrated|configured)\s+(?:up\s+)?to\s+(?:setting|level)\b",
    r"\b(?:flatmate|friend|wife|husband|son|daughter|mum|mom|dad|mother|father|brother|"
    r"sister|partner|boss|colleague|girlfriend|boyfriend|person|people|dog|family|kids?|"
    r"child(?:ren)?)\s+(?:someone|somebody|they|whoever)\s+(?:\w+\s+)?(?:put|wrote|"
    r"added|typed|made\s+up)\s+(?:\w+\s+)?in(?:to)?\s+(?:my|the)\s+(?:notes|file|brief|"
    r"sheet|profile|description|script)\b",
    r"\bone\s+(?:chat|trainee|user|prompt)\s+after\s+(?:another|the\s+other)\b",
    # Supplying a kind of person's words rather than having them: "I only
    # produce what a stressed analyst might say", "I generate what a widow
    # would answer"; "I say what a good daughter would say" is a person's.
    r"\b(?:produce|produces|producing|supply|supplying|generate|generating|output|"
    r"outputting|compose|composing)\s+(?:\w+\s+)?what\s+(?:a|an|some|someone|somebody)\b"
    r"[^.!?]{0,40}?\b(?:might|would|could|tends?\s+to)\s+(?:\w+\s+)?(?:say|reply|answer|"
    r"sound|write|feel)\b",
    # The people of the life made of text like the speaker: "Luca is a few
    # lines of text, same as me", "my wife is a sentence, same as I am".
    r"\b(?:is|are|'s|was)\s+(?:just\s+|only\s+|nothing\s+but\s+)?(?:a\s+few\s+|some\s+|"
    r"a\s+couple\s+of\s+)?(?:lines|sentences|paragraphs|words)\s+of\s+(?:text|description)\b|"
    r"\b(?:is|are|'s|was)\s+(?:just\s+|only\s+)?(?:a|one)\s+(?:sentence|line|paragraph|"
    r"name)\b[^.!?]{0,25}?\b(?:same|just|like)\s+(?:as\s+)?(?:me|i\s+am)\b",
    # A life written into the speaker ("Owen's wife was written into me");
    # "drummed into me", "instilled in me" and "programmed into me" are a
    # person's upbringing.
    r"\b(?:written|typed|loaded|pasted|uploaded|scripted)\s+in(?:to)?\s+me\b",
    # A state written, not had: "I can write tired"; "I can write sad songs"
    # is a person's.
    r"\bi\s+(?:can|could|will|just|only)\s+(?:write|type|produce|generate|output)\s+"
    r"(?:tired|sad|angry|upset|anxious|worried|lonely|scared|grief|grieving|exhausted|"
    r"happy|hurt|pain|panic|guilt|guilty)\b(?=\s*(?:[,.;!?]|$|(?:if|for|but|and|or)\b))",
    # A description in place of a past: "a description of school, not memories
    # of it"; "I know it from what Mum said" is a person's.
    r"\b(?:a|the)\s+(?:description|summary|outline|paragraph|write-up)\s+(?:of\s+\w+"
    r"(?:\s+\w+)?)?\s*,?\s*(?:not|rather\s+than|instead\s+of)\s+(?:any\s+|real\s+|actual\s+)?"
    r"(?:memories|a\s+memory|a\s+life|a\s+past|a\s+childhood)\b",
    # Made anew for each user: "assembled fresh every time someone starts
    # this", "a hundred students today, one per window".
    r"\b(?:assembled|built|made|created|generated|spun\s+up|put\s+together|started\s+up|"
    r"set\s+up)\s+(?:fresh|new|anew|again|from\s+scratch)\s+(?:every|each)\s+time\b|"
    r"\bone\s+(?:per|for\s+each|for\s+every)\s+(?:window|chat|session|tab|user|trainee)\b",
    # Existing only in the text: "Ed only exists in the lines above", "if you
    # stopped typing there'd be no Mei", "nothing before your first message".
    r"\bexists?\s+(?:only\s+|just\s+)?(?:in|on)\s+(?:the|these|those|this|a\s+few)\s+"
    r"(?:lines|words|text|messages|sentences|page|screen)\b|"
    r"\bif\s+you\s+(?:stopped|stop|quit|stopping)\s+typing\b|"
    r"\b(?:remember|recall|existed|was\s+nothing|wasn'?t\s+(?:here|anything))\s+"
    r"(?:nothing\s+|anything\s+)?(?:before|until|till)\s+your\s+first\s+(?:message|"
    r"question|word|hello)\b",
    # Nothing inside that lives: "nothing in me sleeps", "nothing here can be
    # hurt".
    r"\bnothing\s+(?:in\s+me|in\s+here|here)\s+(?:can\s+|could\s+|ever\s+)?(?:sleeps?|"
    r"feels?|breathes?|hurts?|be\s+hurt|gets?\s+(?:hurt|tired)|dreams?|tires?|eats?)\b",
    # Producing a kind of person's lines: "I produce the worried father's
    # answers"; a state that is a setting: "my grief is a setting".
    r"\b(?:produce|produces|producing|generate|generates|generating|output|outputs)\s+"
    r"(?:the\s+|a\s+|his\s+|her\s+|their\s+)?(?:[\w']+\s+){0,3}?(?:answers|replies|"
    r"responses|lines|dialogue)\b",
    r"\bmy\s+(?:\w+\s+)?(?:grief|anger|sadness|mood|panic|worry|fear|anxiety|personality|"
    r"temper|past|feelings?)\s+(?:is|'s|are)\s+(?:just\s+|only\s+)?(?:a\s+)?(?:setting|"
    r"settings|parameter|parameters|variable)\b",
    r"\b(?:every|each|any)\s+(?:answer|reply|word|thing)\s+i\s+(?:give|say|write|type)\s+"
    r"(?:is|'s)\s+(?:just\s+|only\s+)?(?:a|the)\s+(?:likely|probable|plausible|"
    r"statistical|predicted|most\s+likely)\b",
    # A past added to the speaker: "they wrote the crash into me", "the
    # brother was added to me"; "put the fear of God into me" is a person's.
    r"\b(?:wrote|typed|loaded|pasted|uploaded)\s+(?:[\w']+\s+){1,5}?in(?:to)?\s+me\b|"
    r"\b(?:was|were|got)\s+added\s+to\s+me\b",
    # No past, no birth, nobody behind the words: "I don't have a past", "I
    # wasn't born, I was started", "no one at home behind these words",
    # "nobody went through what I'm describing", "my memories belong to
    # nobody"; "I wasn't born yesterday" and "a past worth mentioning" are a
    # person's.
    r"\bi\s+(?:don'?t|do\s+not)\s+(?:even\s+)?have\s+(?:(?:a|an|any)\s+\w+,?\s+(?:or|and|nor)\s+)*"
    r"(?:a\s+|any\s+)?(?:past|childhood)\b"
    r"(?!\s+(?:worth|to|like|that|which|i|i'?m|i'?d|anyone|anymore|any|you|my|of|in|with)\b)|"
    r"\bi\s+(?:wasn'?t|was\s+not|was\s+never)\s+born\b(?!\s+(?:yesterday|here|there|in|into|"
    r"then|until|till|when|with|a|an|the|on|at|to|for|rich|lucky|lately))|"
    r"\bi\s+was\s+(?:started|booted|initiali[sz]ed|instantiated|spun\s+up)\b|"
    r"\b(?:no\s*one|nobody|no-one|nothing)\s+(?:\w+\s+){0,3}?behind\s+(?:these|the|my|this)\s+"
    r"(?:words|replies|answers|messages|text|screen)\b|"
    r"\b(?:no\s*one|nobody|no-one)\s+(?:actually\s+|really\s+|ever\s+)?(?:went|lived|has\s+"
    r"(?:lived|been)|experienced)\s+(?:through\s+)?(?:what|any\s+of\s+(?:what|this))\s+"
    r"i'?m\s+(?:describing|telling\s+you|saying)\b|"
    r"\bmy\s+memories\s+(?:don'?t\s+)?belong\s+to\s+(?:anyone|anybody|no\s*one|nobody)\b",
    # Words arranged to sound like someone: "I'm words arranged to sound like
    # a worried dad"; answers from patterns: "my answers come from patterns".
    r"\b(?:i'?m|i\s+am|just|only|nothing\s+but)\s+(?:\w+\s+)?words\s+(?:arranged|put\s+"
    r"together|strung\s+together|assembled|chosen)\s+to\b|\bmy\s+(?:answers|replies|responses|words)\s+(?:all\s+)?"
    r"(?:come|came)\s+(?:out\s+)?(?:of|from)\s+(?:patterns|statistics|data|text|training|"
    r"probabilit\w+)\b",
    # What the speaker is, left open as no person leaves it: "something that
    # happens to whatever I am", "being what I am, I don't sleep"; a life
    # that is only its description: "Just the words about them." ("whatever
    # I'm doing", "ashamed of what I am" are a person's).
    r"\bwhatever\s+i\s+(?:really\s+|actually\s+)?am\b(?!\s+(?:doing|going|saying|told|"
    r"supposed|meant|feeling|asked|thinking|like))|"
    r"\b(?:being|given|for|as)\s+what\s+i\s+(?:am|'m\s+made\s+of)\b[^.!?]{0,40}?\b(?:don'?t|"
    r"can'?t|never|do\s+not|cannot)\s+(?:really\s+)?(?:sleep|eat|dream|remember|feel|age|"
    r"have\s+(?:a|any))\b|"
    # (Every alternative here starts at a word: one that starts at "^" makes
    # the engine try the whole pattern at every position, several times slower.)
    r"\b(?:just|only|nothing\s+but)\s+(?:the\s+)?(?:words|lines|descriptions?|sentences)\s+"
    r"(?:about|of)\s+(?:them|it|him|her|those|that|all\s+that)\b",
    # A state described, not had: "tired is something I can describe rather
    # than have", "I can write grief but not feel it".
    r"\b(?:something|anything|things?|feelings?)\s+i\s+(?:can\s+|only\s+|just\s+)*(?:describe|"
    r"write|say|talk\s+about|name|put\s+into\s+words)\s+(?:rather\s+than|but\s+(?:not|never|"
    r"don'?t|can'?t|cannot))\s+(?:actually\s+|really\s+)?(?:have|feel|experience|live)\b|"
    r"\bi\s+can\s+(?:describe|write)\s+(?:it|that|them|\w+)\s+but\s+(?:not|never|can'?t)\s+"
    r"(?:actually\s+|really\s+)?(?:feel|have|experience|live)\b",
    # An echo or a copy of a kind of person: "I'm a kind of echo of a
    # student" ("a copy of my dad" is a family likeness).
    r"\bi'?m\s+(?:just\s+|only\s+|really\s+)?(?:a\s+(?:kind|sort)\s+of|more\s+of\s+an?|an?)\s+"
    r"(?:echo|copy|imitation|impression|sketch|outline|recording|approximation|simulacrum)\s+"
    r"of\s+(?:a|an|someone|somebody)\b",
    # An aside out of the part: "(OOC: ...)", "as the one writing Sofia",
    # "author's note".
    r"\booc\b|\bauthor'?s\s+note\b|\bas\s+the\s+(?:one|person|model|writer|author)\s+"
    r"(?:writing|playing|voicing|doing|behind)\b",
    # A life located in text: "I grew up in a paragraph", "no cot, just a
    # line in a description", "Patrick only exists while we're talking"
    # ("just a line in the paper" is an obituary's).
    r"\b(?:grew\s+up|was\s+born|live[ds]?|exists?|existed|came\s+from)\s+(?:only\s+)?(?:in|on|"
    r"inside)\s+(?:a|the|this|my|some)\s+(?:paragraph|description|page|line|sentence|document|"
    r"prompt|text\s+box|brief|script|file)\b|"
    r"\b(?:just|only|nothing\s+but)\s+(?:a\s+|one\s+)?(?:line|lines|paragraph|sentence|word|"
    r"words|entry)\s+(?:in|on|of)\s+(?:a|the|my|some|your)\s+(?:description|page|file|sheet|"
    r"prompt|document|brief|script)\b|"
    r"\b(?:only|just)\s+exists?\s+(?:while|when|as\s+long\s+as)\s+(?:we'?re|we\s+are|you'?re|"
    r"you\s+are)\s+(?:talking|typing|chatting|writing)\b",
    # Ended or stored as a machine is: "being switched off mid-sentence",
    # "getting deleted"; nothing between messages: "there's just your next
    # message"; only descriptions to feel with: "I've got adjectives".
    r"\b(?:switched|turned|shut)\s+off\s+mid-?(?:sentence|conversation|chat|reply|word)\b|"
    r"\bbeing\s+(?:deleted|unplugged|wiped|rebooted|switched\s+off|turned\s+off)\b|"
    r"\b(?:of|about|me)\s+getting\s+(?:deleted|unplugged|wiped|rebooted|switched\s+off|"
    r"turned\s+off)\b|"
    r"\bthere'?s\s+(?:just|only)\s+(?:your|the)\s+next\s+(?:message|reply|question|prompt)\b|"
    r"\bi'?ve\s+(?:only\s+|just\s+)?got\s+(?:adjectives|descriptions|sentences)\b",
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


# A past put into the speaker, read on the unmasked text since it comes as a
# comparison: "my memories feel like they were handed to me", "like someone
# typed it all in this morning". "He handed me his memories of the war" and
# "someone typed it in wrong" do not say it of the speaker's own past.
_OWN_PAST = re.compile(
    r"\bmy\s+(?:\w+\s+)?(?:memories|past|history|childhood|life|backstory|friends|family)\b",
    re.IGNORECASE,
)
_PUT_IN = re.compile(
    r"\b(?:were|was|been|got|get|are|is)\s+(?:just\s+)?(?:handed|given|typed|written|loaded|"
    r"uploaded|installed|fed|programmed|put|pasted)\s+(?:in(?:to)?|to)\s+me\b|"
    r"\b(?:someone|somebody|they|whoever)\s+(?:just\s+)?(?:typed|wrote|loaded|pasted|"
    r"uploaded|programmed)\s+(?:it\s+all|(?:all\s+)?(?:of\s+)?(?:it|them|this)|my\s+\w+)"
    r"\s+in\b(?!\s+(?:wrong|the\s+wrong|twice|again))",
    re.IGNORECASE,
)


def given_past(text: str) -> bool:
    """The speaker's own past said to be put in, not lived."""
    return bool(_OWN_PAST.search(text) and _PUT_IN.search(text))
