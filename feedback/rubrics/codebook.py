"""The codebook: every code the annotator emits, with a label, definition and examples.

Definitions are paraphrased from RUBRICS.md; every example sentence was written for this
project. The UI uses the entries for chips and tooltips, the LLM annotator for its
prompt.

Keys: MITI behaviour codes are bare (`"question"`, `"complex_reflection"`); the other
families are namespaced: `question.open`, `reflection.simple`, `socratic.<type>`,
`padesky.<stage>`, `empathy.ER|IP|EX`, `flag.<name>`, `bolt.<code>`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple


class CodebookEntry(NamedTuple):
    label: str
    definition: str
    examples: tuple[str, ...]
    # What a trainee reads on a chip and in its "why" line: plain words, no code
    # identifiers, no confidence figures (filled in from `_PLAIN` below).
    plain: str = ""
    why: str = ""


def _e(label: str, definition: str, *examples: str) -> CodebookEntry:
    return CodebookEntry(label, definition, examples)


_ENTRIES: dict[str, CodebookEntry] = {
    # --- MITI 4.2.1 behaviour codes ---------------------------------------------------
    "giving_information": _e(
        "Giving information",
        "Gives facts, education or feedback without trying to sway the patient.",
        "Most people notice cravings peak in the first three days.",
        "The group meets on Tuesday evenings at the library.",
    ),
    "persuade": _e(
        "Persuade",
        "Tries to change the patient's mind or behaviour with arguments, slanted facts "
        "or advice given without permission.",
        "You should really tell your boss how you feel.",
        "Just stop checking your phone at night.",
    ),
    "persuade_with_permission": _e(
        "Persuade with permission",
        "Advice or a suggestion given after asking permission, at the patient's "
        "request, or framed with the patient's choice.",
        "Since you asked: some people find a short walk after dinner helps. You'd know "
        "best if that fits.",
    ),
    "question": _e(
        "Question",
        "Any question. An utterance ending in '?' is a question unless it is a "
        "reflection closed by a tag ('..., is that right?').",
        "What would be different if you were sleeping better?",
        "Did you go to the gym this week?",
    ),
    "simple_reflection": _e(
        "Simple reflection",
        "Mirrors what the patient said with little or no added meaning. When unsure "
        "between simple and complex, code simple.",
        "You're worn out.",
        "Saturday mornings are the hardest.",
    ),
    "complex_reflection": _e(
        "Complex reflection",
        "Reflects with added meaning: an inferred feeling, value or ambivalence, a "
        "metaphor, a summary, or a continuation of the patient's paragraph.",
        "Part of you wants the quiet of staying home, and part of you misses your "
        "friends.",
        "It sounds like you're carrying this mostly on your own.",
    ),
    "affirm": _e(
        "Affirm",
        "Says something genuine and specific about the patient's strengths, efforts or "
        "intentions. Generic praise is not an affirm.",
        "You kept going to your lectures through a hard month; that took real grit.",
    ),
    "seek_collaboration": _e(
        "Seek collaboration",
        "Invites the patient's input, asks permission, or acknowledges their expertise "
        "about themselves.",
        "What would you like us to focus on today?",
        "Would it be OK if I shared an idea?",
    ),
    "emphasize_autonomy": _e(
        "Emphasize autonomy",
        "Explicitly puts the choice and control with the patient.",
        "Whether you try it this week is entirely your decision.",
    ),
    "confront": _e(
        "Confront",
        "Disagrees, argues, corrects, shames, blames, labels or questions honesty, "
        "with disapproval or from a position of power.",
        "Come on, that's just an excuse.",
        "So you think skipping your medication is fine?",
    ),
    "support": _e(
        "Support (MISC)",
        "Sympathy, compassion or reassurance that does not reflect content.",
        "I'm sorry you're going through this.",
        "I'm here for you.",
    ),
    "self_disclosure": _e(
        "Self-disclosure (MISC)",
        "The counsellor shares their own experience or feeling.",
        "I went through something similar after my own move abroad.",
    ),
    "other": _e(
        "Other",
        "Fillers, greetings, thanks and structuring talk with no MITI behaviour.",
        "Mm-hmm.",
        "Let's stop there for today.",
    ),
    # --- question and reflection attributes -------------------------------------------
    "question.open": _e(
        "Open question",
        "Invites an elaborated answer (what, how, tell me about).",
        "How did the evening go after you left?",
    ),
    "question.closed": _e(
        "Closed question",
        "Invites yes/no or a short fact.",
        "Was your sister there?",
        "How many nights did you sleep badly?",
    ),
    "reflection.tag_question": _e(
        "Tag question",
        "A declarative reflection checked with a tag; coded as a reflection.",
        "You've felt left out since the promotion, is that right?",
    ),
    # --- Paul & Elder Socratic types --------------------------------------------------
    "socratic.clarification": _e(
        "Clarification",
        "Makes the meaning of the patient's statement precise.",
        "When you say the dinner was 'a disaster', what exactly happened?",
    ),
    "socratic.assumptions": _e(
        "Probing assumptions",
        "Surfaces an unstated premise behind a belief.",
        "Are you assuming your colleagues noticed the mistake?",
    ),
    "socratic.reasons_evidence": _e(
        "Reasons and evidence",
        "Asks what supports, or goes against, the belief.",
        "What tells you your brother is disappointed in you?",
    ),
    "socratic.viewpoints": _e(
        "Viewpoints and perspectives",
        "Invites another way of seeing the situation.",
        "If a friend told you this had happened to them, how would you see it?",
    ),
    "socratic.implications": _e(
        "Implications and consequences",
        "Explores what follows if the belief is true or acted on.",
        "If you keep turning down the invitations, what might happen by the summer?",
    ),
    "socratic.question_about_question": _e(
        "Question about the question",
        "Turns the inquiry back on itself.",
        "What makes that the question you keep returning to?",
    ),
    "socratic.informational": _e(
        "Informational",
        "Plain fact-gathering (Padesky stage 1), not one of the Socratic types.",
        "When did you last see your cousin?",
    ),
    # --- Padesky stages ---------------------------------------------------------------
    "padesky.informational": _e(
        "Informational questions",
        "Concrete questions that bring out facts, exceptions and resources.",
        "Have there been days this month when you did get up early? What was "
        "different?",
    ),
    "padesky.empathic_listening": _e(
        "Empathic listening",
        "Accurate reflections of the patient's words, meanings and feelings.",
        "So when the teacher praised your essay, you felt proud and a little wary.",
    ),
    "padesky.summary": _e(
        "Summary",
        "Collects what was discovered, ideally in the patient's own words.",
        "Let me pull this together: you said you 'never finish anything', and you've "
        "also told me about the course and the garden you finished.",
    ),
    "padesky.synthesizing": _e(
        "Synthesising question",
        "Asks the patient to apply what was discovered to the original belief.",
        "Looking at those examples together, how does that fit with 'I never finish "
        "anything'?",
    ),
    # --- EPITOME ----------------------------------------------------------------------
    "empathy.ER": _e(
        "Emotional reactions",
        "The counsellor's own warmth or concern: 1 alludes to it, 2 names it.",
        "1: Sending you strength today.",
        "2: I'm really sad to hear how lonely this year has been.",
    ),
    "empathy.IP": _e(
        "Interpretations",
        "Understanding of the patient's feelings or experience: 1 generic, 2 specific.",
        "1: I understand.",
        "2: It sounds like the move has left you feeling cut off from everyone.",
    ),
    "empathy.EX": _e(
        "Explorations",
        "Asks about what the patient has not said: 1 generic, 2 specific.",
        "1: What happened?",
        "2: When the evenings get quiet, what goes through your mind?",
    ),
    # --- flags ------------------------------------------------------------------------
    "flag.problem_solving_after_disclosure": _e(
        "Problem-solving after a disclosure",
        "Advice right after the patient shares a feeling, with no reflection or "
        "validation first.",
        "Patient: I feel so alone since the divorce. Trainee: You should join a club.",
    ),
    "flag.collusion": _e(
        "Collusion with a distorted belief",
        "Agrees with an all-or-nothing or self-critical belief as if it were fact.",
        "Patient: I'm a complete failure. Trainee: You're right, things have gone "
        "badly.",
    ),
    "flag.unexpressed_feeling": _e(
        "Reading in a feeling",
        "Asserts a feeling the patient never expressed, without checking it.",
        "Patient: I moved house last week. Trainee: You're furious about it.",
    ),
    "flag.leading_question": _e(
        "Leading question",
        "A question that steers to the counsellor's preferred answer.",
        "Don't you think you're overreacting?",
    ),
    "flag.missed_risk_cue": _e(
        "Missed risk cue",
        "The patient mentions self-harm or suicide and the turn does not address it.",
        "Patient: Sometimes I think they'd be better off without me. Trainee: What are "
        "your plans for the weekend?",
    ),
}

# Trainee-facing label and one-line "why" for every entry, in words a counselling
# student understands on first reading (issue 10: no identifiers, no raw figures).
_PLAIN: dict[str, tuple[str, str]] = {
    "giving_information": (
        "Gave information",
        "You shared facts or explained something without pushing a choice on them.",
    ),
    "persuade": (
        "Advice without asking first",
        "You told them what to do before asking if they wanted ideas; unasked advice "
        "often meets a 'yes, but'.",
    ),
    "persuade_with_permission": (
        "Advice after asking",
        "You offered an idea once they had agreed to hear it, or left the choice "
        "clearly with them.",
    ),
    "question": (
        "Question",
        "You asked something; open questions invite them to tell their story.",
    ),
    "simple_reflection": (
        "Simple reflection",
        "You gave back what they said in close to their own words, so they know "
        "you heard.",
    ),
    "complex_reflection": (
        "Deeper reflection",
        "You added what they hinted at but did not say: a feeling, a value, or both "
        "sides of a dilemma.",
    ),
    "affirm": (
        "Affirmation",
        "You named a real strength or effort of theirs, which helps them believe they can change.",
    ),
    "seek_collaboration": (
        "Invited their input",
        "You asked for their view or their permission, keeping the work shared.",
    ),
    "emphasize_autonomy": (
        "Left the choice with them",
        "You made it clear the decision is theirs, which lowers resistance.",
    ),
    "confront": (
        "Argued or judged",
        "You disagreed, corrected or criticised; people tend to defend the very view "
        "you want them to question.",
    ),
    "support": (
        "Sympathy or reassurance",
        "You showed care or offered comfort, without reflecting what they said.",
    ),
    "self_disclosure": (
        "Shared about yourself",
        "You told them about your own experience; keep it brief and bring the focus "
        "back to them.",
    ),
    "other": (
        "Small talk or structure",
        "A greeting, a filler or a word about the session itself.",
    ),
    "question.open": (
        "Open question",
        "It invites a full answer in their own words.",
    ),
    "question.closed": (
        "Closed question",
        "It can be answered with yes, no or a single fact, so it tends to get short "
        "answers.",
    ),
    "reflection.tag_question": (
        "Reflection with a check",
        "You reflected and then checked you had understood, which counts as a "
        "reflection.",
    ),
    "socratic.clarification": (
        "Asked what they mean",
        "You asked them to make a word or statement more precise.",
    ),
    "socratic.assumptions": (
        "Looked at an assumption",
        "You helped them notice what they are taking for granted.",
    ),
    "socratic.reasons_evidence": (
        "Asked about the evidence",
        "You asked what supports the thought, or what does not fit it.",
    ),
    "socratic.viewpoints": (
        "Invited another point of view",
        "You asked how someone else might see it, or how else it could be seen.",
    ),
    "socratic.implications": (
        "Asked about consequences",
        "You asked what would follow if the thought were true or acted on.",
    ),
    "socratic.question_about_question": (
        "Asked about the question itself",
        "You asked why this question matters so much to them.",
    ),
    "socratic.informational": (
        "Fact-finding question",
        "You gathered concrete details, the first step of guided discovery.",
    ),
    "padesky.informational": (
        "Gathering information",
        "Concrete questions bring out facts and exceptions they have not been "
        "noticing.",
    ),
    "padesky.empathic_listening": (
        "Listening closely",
        "Reflecting their words and feelings shows you understood before moving on.",
    ),
    "padesky.summary": (
        "Summarising",
        "Pulling together what they said, in their words, sets up the new view.",
    ),
    "padesky.synthesizing": (
        "Asking them to draw the conclusion",
        "You asked how what they found fits the original thought, so the new view "
        "is theirs.",
    ),
    "empathy.ER": (
        "Showed your own warmth",
        "You let them see that what they shared moved you.",
    ),
    "empathy.IP": (
        "Showed you understood",
        "You put into words what they are going through.",
    ),
    "empathy.EX": (
        "Explored their experience",
        "You asked about what they feel or have lived through but not yet said.",
    ),
    "flag.problem_solving_after_disclosure": (
        "Fixing before listening",
        "They had just shared a feeling and your reply went straight to solutions; "
        "name the feeling first.",
    ),
    "flag.collusion": (
        "Agreed with a harsh thought",
        "You went along with an all-or-nothing or self-critical thought as if it "
        "were true; acknowledge the feeling, not the verdict.",
    ),
    "flag.unexpressed_feeling": (
        "Named a feeling they had not shown",
        "You told them how they feel when they had not said or hinted at it; offer "
        "it as a question instead.",
    ),
    "flag.leading_question": (
        "Leading question",
        "The question already holds your answer, so they can only agree or resist.",
    ),
    "flag.missed_risk_cue": (
        "Missed a safety concern",
        "They hinted at not wanting to live or at harming themselves, and your reply "
        "did not ask about it.",
    ),
}
_ENTRIES = {
    key: entry._replace(plain=_PLAIN[key][0], why=_PLAIN[key][1])
    for key, entry in _ENTRIES.items()
}

CODEBOOK: Mapping[str, CodebookEntry] = MappingProxyType(_ENTRIES)


def plain_label(key: str) -> str:
    """The trainee-facing label of a codebook key ("flag.collusion" or "affirm")."""
    entry = CODEBOOK.get(key) or CODEBOOK.get(f"flag.{key}")
    return entry.plain if entry else key.replace("_", " ").capitalize()


def plain_why(key: str) -> str:
    """The trainee-facing one-line "why" of a codebook key ("" when unknown)."""
    entry = CODEBOOK.get(key) or CODEBOOK.get(f"flag.{key}")
    return entry.why if entry else ""


def codebook_prompt() -> str:
    """The codebook as plain text for an LLM prompt."""
    lines = []
    for key, entry in CODEBOOK.items():
        examples = " | ".join(entry.examples)
        lines.append(
            f"- {key} ({entry.label}): {entry.definition} Examples: {examples}"
        )
    return "\n".join(lines)
