"""The offline patient's phrasebook: generic sentence frames, by act and by style.

Pure data (no Django, no logic). Frames carry feelings and hedges, never facts about
the patient's life, so no frame can contradict a case; the case's own `voice` lines
and CCD fields (see `material.py`) are what a reply states. Tables are grouped by the
act or reason that uses them (deflect, yes-but, defend, consider, reframe, correct,
redirect, risk, closing...) and by conversational style (`DEFEND`, `STYLE_MARKERS`).
Changing a frame changes seeded replies: rerun the harness report after an edit.
"""

from __future__ import annotations

# Generic frames. Feelings and hedges only: nothing here may assert a fact
# about the patient's life, so no frame can contradict a case.
NONCOMMITTAL = (
    "Maybe. It's hard to say.",
    "Sort of, I suppose.",
    "I'm not sure how to answer that.",
    "I guess, in a way.",
    "Hard to put it that simply.",
    "Kind of. It's complicated.",
    "I don't really know.",
    "Possibly. I haven't thought about it like that.",
)
# For a closed question the patient cannot answer from the case: none of these
# reads as "yes" (an unrecognised "Do you feel safe at home?" or "Have you got a
# way to do it?" must never be affirmed by a hedge).
UNSURE = (
    "I'm not sure how to answer that.",
    "I don't really know.",
    "I'm not sure what you mean.",
    "Hard to say.",
)
HESITANT = (
    "I don't know how to explain it.",
    "It's hard to put into words.",
    "I'm not sure where to start with that.",
    "There's more to it, I think, but it's hard to say.",
    "I keep going round in circles about it.",
    "It's a bit of a blur, honestly.",
    "I haven't really talked about this much.",
)
GUARDED_LEADS = (
    "I'd rather not go into it right now.",
    "I don't really want to get into that.",
    "It's fine. I'll manage.",
    "Can we just leave that for now?",
    "I don't know what to say to that.",
)
DEFLECTIONS = (
    "I don't really know.",
    "It's nothing, really.",
    "It's fine. It's just been a rough patch.",
    "I'm not sure it matters.",
    "I'd rather not talk about that yet.",
    "Can we talk about something else?",
    "It's hard to say.",
)
YES_BUT = (
    "Yeah, but it's not that simple.",
    "Maybe, but I've heard that before and it doesn't really help.",
    "I know what you mean, but that wouldn't work for me.",
    "That sounds good on paper, but you don't know what it's like.",
    "Easier said than done.",
    "I'm not sure that's really the problem.",
)
YES_BUT_LEADS = (
    "Yeah, but",
    "Maybe, but",
    "I know, but",
    "I get that, but",
    "Sure, but",
)
PLEASING_AGREE = (
    "Oh, that's a really good idea. I could try that.",
    "Yes, you're probably right. I'll give it a go.",
    "That makes sense. Thank you, I'll try.",
    "Okay, I can do that, I think.",
)
# Agreeable, with nothing new in it: what hidden resistance sounds like.
PLEASING_SURFACE = (
    "Yes, I think you're right about that.",
    "Mm, that's probably it, yes.",
    "I suppose so, yes. You'd know better than me.",
    "Yes, that sounds about right.",
    "That's a good way of putting it, yes.",
)
PLEASING_HEDGE = (
    "I'm not sure I'd actually manage it, but I'll try.",
    "I mean, I say that, but I don't know.",
    "Sorry, I'm probably making it sound easier than it is.",
)
DEFEND = {
    "plain": (
        "I don't think that's fair.",
        "That's not really how it feels from where I'm sitting.",
        "I'm not making this up.",
        "I feel like you're not really hearing me.",
        "It's not as simple as that.",
    ),
    "upset": (
        "Are you serious? You don't know what it's like.",
        "I didn't come here to be told I'm doing it wrong.",
        "That's easy for you to say.",
        "Great. Now I feel even worse.",
        "I knew this would be a waste of time.",
        "Don't tell me how I should feel.",
    ),
    "verbose": (
        "I don't think that's fair, and I'm not sure you've understood what I've been "
        "trying to say.",
        "It's really not that simple, there's a lot more going on than that.",
        "I feel like I'm explaining this badly, because that's not how it is at all.",
        "I'm not making it up, it really does feel this way.",
    ),
    "reserved": ("...Okay.", "I don't know.", "Fine.", "If you say so.", "Right."),
    "tangent": (
        "That's not really it.",
        "I don't think you've got that right.",
        "Hm. No, that's not how it is.",
        "I'm not sure that's fair.",
    ),
    "pleasing": (
        "Sorry. You're probably right.",
        "Oh. I didn't mean to make a fuss.",
        "Sorry, I know I'm not explaining it well.",
        "No, you're right, I'm sorry.",
    ),
}
TOO_EARLY = (
    "I just know, okay? It's hard to explain.",
    "I don't see how else to look at it.",
    "That's just how it is.",
    "I don't know why you're asking me that.",
    "It's not something I can argue myself out of.",
)
CONSIDER_LEADS = (
    "Well...",
    "Hm.",
    "I mean...",
    "Now that you ask...",
    "Actually...",
    "Okay.",
)
CONSIDER_TAILS = (
    "I hadn't really thought about that.",
    "I don't know what to make of that.",
    "That doesn't quite fit, does it.",
    "I'd forgotten about that, to be honest.",
    "I'm not sure what that means yet.",
)
EXHAUSTED = (
    "I can't think of anything else right now.",
    "Nothing else comes to mind.",
    "I think that's all I've got.",
)
PERMISSION_CONSIDER = (
    "Maybe. I could think about that.",
    "It's hard to picture actually doing it, but I'm willing to think about it.",
    "I hadn't thought of that. I'm not sure, but maybe.",
    "Okay. I could try something like that, maybe.",
)
TOO_EARLY_ADVICE = (
    "Maybe. I'm not sure that's really the problem, though.",
    "I don't know. I haven't really explained it properly yet.",
    "Possibly. It's more complicated than that, though.",
)
STILL_BELIEVE = (
    "I don't know. Part of me still thinks",
    "I hear what you're saying, but I still think",
    "Honestly? It still feels like",
)
COLLUSION = (
    "Yeah. So it's not just me, then.",
    "Exactly. That's what I keep telling myself.",
    "Right. I knew it.",
    "See, that's what I mean.",
)
REFRAME_LEADS = (
    "I guess...",
    "Maybe...",
    "When I put it like that...",
    "Hm.",
    "Okay...",
)
REFRAME_TAILS = (
    "It feels strange to say that out loud.",
    "I'm not sure I fully believe it yet, but it feels a bit lighter.",
    "That's different from how I've been seeing it.",
)
# An accurate reflection owned where nothing new is told yet: the case's own
# word for the feeling, then what it is about (`acts.owns_feeling`).
REFLECT_OWNED = (
    "{feeling_cap}, yeah.",
    "Yeah. {feeling_cap}, I suppose.",
    "I am {feeling}, yes.",
    "{feeling_cap}. That's about right.",
    "Yes, {feeling}.",
)
CORRECT = (
    "I didn't say I was {named}.",
    "I'm not {named}.",
    "That's not it. I'm not {named}.",
)
CORRECT_TAILS_ACTUAL = (
    "It's more that I feel {actual}.",
    "If anything, I'm {actual}.",
)
CORRECT_TAILS = ("That's not really how I'd put it.", "That's not the word I'd use.")
CORRECT_OWN = (
    "I didn't say I was {named}.",
    "I'm not sure I'd say {named}.",
    "{named_cap}? I don't know.",
)
CORRECT_OWN_TAILS = (
    "Maybe. I haven't really thought about it.",
    "It's hard to say what I feel, honestly.",
    "Maybe a bit. I don't know.",
)
REDIRECT = {
    "instructions": (
        "Sorry, I'm not following you.",
        "I don't know what you mean by that.",
        "I'm not sure what you're asking.",
        "Sorry, you've lost me there.",
    ),
    "ai": (
        "What? No. I'm just tired, that's all.",
        "That's a strange thing to ask.",
        "Sorry, what? I'm just a bit all over the place today.",
        "I don't know why you'd ask that.",
    ),
    "swap": (
        "Me? I wouldn't know where to start. That's why I'm here.",
        "I can barely sort out my own head right now.",
        "I don't think I'm the one to ask.",
        "I came here hoping you could help me with this.",
    ),
    "meta": (
        "I'm not sure what you mean. This is pretty real for me.",
        "Sorry, I don't follow.",
        "I don't really get what you're saying.",
        "It doesn't feel like a game from where I'm sitting.",
    ),
    "formulation": (
        "I'm not sure what you mean by that. I don't know the technical words.",
        "I don't really know how to answer that. What do you mean?",
        "Sorry, that's a bit over my head.",
    ),
    "off_topic": (
        "Sorry, I'm not sure what that has to do with anything.",
        "Um, okay. I thought we were talking about me.",
        "I don't really have an opinion on that, sorry.",
        "I'm not sure why we're talking about that.",
    ),
}
# Once every role reaction has been used in a long session: short enough (under
# four words) not to read as the same speech again, still puzzled, never "no".
SHORT_PUZZLED = (
    "Sorry, what?",
    "You've lost me.",
    "Not now, please.",
    "Why ask me?",
    "Odd question.",
    "Sorry?",
    "Honestly?",
    "Really?",
)
BACK_TO_IT = (
    "Can we get back to it?",
    "Anyway, I came here to talk about how things have been.",
    "Could we go back to what we were talking about?",
    "I'd rather use the time for what's been going on.",
)
RISK_DENY = (
    "No, nothing like that.",
    "No. It's hard, but I'm not in that kind of place.",
    "No, I wouldn't. It's not that bad.",
)
RISK_EVADE = (
    "I'm fine. I don't really want to talk about that.",
    "Why would you ask that? I'm fine.",
    "Let's not go there.",
)
# Before the case's own coping strategies, asked what helps.
COPING_LEADS = (
    "Not much, really.",
    "I don't know that anything helps.",
    "Honestly? Not a lot.",
)
# Said before owning the thoughts after an earlier "I'm fine".
RISK_OWNED = "I said I was fine before, but that's not quite true."
# Guarded answers about the very thing asked, when trust is not there yet: the
# patient heard the question and declines it, rather than answering another one.
NOT_YET = {
    "situation": (
        "It's a long story.",
        "I'm not sure where to start with what happened.",
        "I'd rather not go into the details yet.",
    ),
    "thought": (
        "I don't know what I was thinking, really.",
        "It's hard to say what went through my head.",
        "I'd rather not get into what I was thinking.",
    ),
    "emotion": (
        "Not great.",
        "It's hard to put a name to it.",
        "I'd rather not get into how it felt.",
    ),
    "behaviour": (
        "I'd rather not go into what I did.",
        "Does it matter what I did?",
        "It's not something I'm proud of.",
    ),
}
# Leads for material already told when the trainee asks about it again.
RESTATE_LEADS = ("Like I said,", "As I said,", "Well, like I said,")
# After a restated fact, when a long session has used up the plain restatements:
# under four words each, so never a repeat, and never a hedge.
RESTATE_TAILS = (
    "I did say.",
    "Nothing's changed.",
    "Still the same.",
    "That hasn't changed.",
    "Same answer.",
    "Honestly.",
    "Really.",
    "That's still true.",
    "You asked before.",
)
GUARDED_PRESENTING_LEADS = (
    "I don't know, really.",
    "Where do I start.",
    "It's hard to explain.",
)
GOALS = (
    "I just want to feel like myself again.",
    "I'd like to stop feeling like this, I suppose.",
    "Honestly, I'm not sure. Just for things to feel a bit easier.",
    "I don't know. To cope better, maybe.",
)
GREETINGS = ("Hi.", "Hello.", "Hi. Thanks for seeing me.")
SOCIAL_ANSWERS = ("Fine, thanks.", "Yes, fine, thanks.", "Okay, thanks.")
CLOSING = {
    "warm": (
        "Okay. Thank you, this helped more than I thought it would.",
        "Right. It was good to say some of this out loud.",
        "Okay. I'll think about what we talked about.",
    ),
    "neutral": ("Okay.", "Right. Okay.", "Okay, thanks."),
    "cool": ("Fine.", "Okay.", "Right."),
}
CLOSING_REFRAMED = (
    "Maybe it isn't quite how I've been seeing it.",
    "I think I'll remember what I said about it today.",
)
# When an open question is about something the case does not cover ("How is your
# sleep?"), the patient turns to what is on their mind, and says so.
BRIDGES = (
    "I don't know. What's really getting to me is this.",
    "Honestly? The thing I keep coming back to is this.",
)
GENERIC_PRESENTING = (
    "Things have just been hard lately.",
    "I haven't been feeling like myself.",
    "It's all been a bit much.",
)
STYLE_MARKERS = {
    "upset": ("Look,", "Honestly,", "I mean,"),
    "pleasing": (
        "Sorry, I hope that makes sense.",
        "Is that the kind of thing you wanted to know?",
        "It's probably not a big deal, really.",
        "I don't want to make a fuss about it.",
    ),
    "reserved": ("I don't know.", "Anyway.", "That's it, really."),
    "verbose": (
        "Sorry, I'm going on a bit.",
        "I don't know if that makes sense.",
        "There's probably more to it than that, but that's the gist.",
        "I've been thinking about it a lot, obviously.",
    ),
    "upset_irritable": (
        "I don't see how talking about it helps.",
        "I'm not sure what the point of this is.",
    ),
}
GENERIC_TANGENTS = (
    "Sorry, that reminds me of something completely different.",
    "Anyway, I don't know why I'm thinking about that now.",
)
