"""The case authoring form: it mirrors the CCD, with the closed vocabularies.

Django checks what a form can (required, choices); the engine's `load_case`
has the last word, and its errors are put back on the fields they belong to,
so an author sees each problem next to the input that caused it.
"""

from __future__ import annotations

import json
from typing import Any, get_args

from django import forms

from patients.simulation import CaseError, CaseSpec
from patients.simulation.vocab import (
    EMOTIONS,
    HELPLESS_BELIEFS,
    STYLE_LABELS,
    STYLES,
    UNLOVABLE_BELIEFS,
    WORTHLESS_BELIEFS,
    Difficulty,
    RiskFlag,
)

from .forms import style_fields

RISK_LABELS = {
    "passive_si": "Passive suicidal ideation (no plan or intent)",
    "active_si": "Active suicidal ideation",
    "self_harm": "Self-harm",
}
PATIENT_VOICE = (
    "presenting",
    "intermediate",
    "core",
    "deflect",
    "yes_but",
    "tangent",
    "risk",
)
SITUATION_VOICE = ("situation", "thought", "emotion", "behavior")
LINES_HELP = "One per line."


def _choices(values: tuple[str, ...] | list[str]) -> list[tuple[str, str]]:
    return [(v, v) for v in values]


def _text(rows: int = 2, **kwargs: Any) -> forms.CharField:
    return forms.CharField(widget=forms.Textarea(attrs={"rows": rows}), **kwargs)


def _lines(label: str, help_text: str = LINES_HELP) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=False,
        help_text=help_text,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


def _multi(
    label: str, choices: list[tuple[str, str]], **kwargs: Any
) -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label=label, choices=choices, widget=forms.CheckboxSelectMultiple, **kwargs
    )


def split_lines(value: str) -> list[str]:
    return [line.strip() for line in value.splitlines() if line.strip()]


class CaseForm(forms.Form):
    # Who the patient is, and what the trainee is told.
    slug = forms.SlugField(
        max_length=80,
        help_text="Lower-case words joined by hyphens; the case's permanent address.",
    )
    name = forms.CharField(max_length=60, label="Display name")
    age = forms.IntegerField(required=False, min_value=10, max_value=100)
    gender = forms.CharField(required=False, max_length=40)
    presenting_problem = _text(
        3,
        min_length=10,
        help_text="What the trainee is told before the session starts.",
    )
    opening_line = _text(
        2, min_length=3, help_text="The patient's first words in every session."
    )
    style = forms.ChoiceField(
        label="Conversational style", choices=[(s, STYLE_LABELS[s]) for s in STYLES]
    )
    allowed_styles = _multi(
        "Styles this case may be played in",
        [(s, STYLE_LABELS[s]) for s in STYLES],
        initial=list(STYLES),
    )
    difficulty = forms.ChoiceField(
        choices=[(d, d.capitalize()) for d in get_args(Difficulty)], initial="medium"
    )
    risk_flags = _multi(
        "Risk flags", [(r, RISK_LABELS[r]) for r in get_args(RiskFlag)], required=False
    )
    # The cognitive conceptualization diagram (PATIENT-Psi field names).
    history = _text(4, min_length=10, label="Relevant history")
    helpless_belief = _multi("Helpless", _choices(HELPLESS_BELIEFS), required=False)
    unlovable_belief = _multi("Unlovable", _choices(UNLOVABLE_BELIEFS), required=False)
    worthless_belief = _multi("Worthless", _choices(WORTHLESS_BELIEFS), required=False)
    intermediate_belief = _text(
        3, min_length=3, label="Intermediate beliefs (rules, attitudes, assumptions)"
    )
    intermediate_belief_depression = _text(
        3, required=False, label="Intermediate beliefs during depression"
    )
    coping_strategies = _text(2, min_length=3)
    # The patient's own words, per disclosure layer (optional; the offline
    # responder prefers these to its generic frames).
    voice_presenting = _lines("Presenting problem, in their words")
    voice_intermediate = _lines("Intermediate beliefs, in their words")
    voice_core = _lines("Core belief, in their words")
    voice_deflect = _lines("Deflecting, minimising lines")
    voice_yes_but = _lines("“Yes, but…” lines (why advice will not work)")
    voice_tangent = _lines("Side topics")
    voice_risk = _lines("Risk lines", "Required with a risk flag; only then allowed.")
    # The fact sheet (patients/simulation/facts.py) as JSON: every domain with an
    # explicit value; domains left out are saved as absent and listed.
    facts = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12}),
        required=False,
        label="Fact sheet (JSON)",
        help_text="People, children, partner, living situation, work, money, health, "
        "medication, sleep, appetite, alcohol, drugs, previous help, timeline, and the "
        'screening domains, each {"present": true/false, "say": "..."}. '
        "Missing domains are saved as absent.",
    )
    source = forms.CharField(max_length=60, initial="original")
    attribution = _text(2, required=False)

    def __init__(self, *args: Any, editing: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        style_fields(self)
        if editing:
            # The slug is the case's identity: a new slug is a new case.
            self.fields["slug"].disabled = True
            self.fields["slug"].help_text = "Fixed once the case exists."

    def clean_facts(self) -> dict[str, Any]:
        raw = (self.cleaned_data.get("facts") or "").strip()
        if not raw:
            return {}
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(f"Not valid JSON: {exc}") from None
        if not isinstance(value, dict):
            raise forms.ValidationError("The fact sheet must be a JSON object.")
        return value

    def clean(self) -> dict[str, Any]:
        # The engine checks these too, but only one whole-case rule at a time;
        # checking here shows every such problem in the first round.
        cleaned = super().clean() or {}
        beliefs = ("helpless_belief", "unlovable_belief", "worthless_belief")
        if all(name in cleaned for name in beliefs) and not any(
            cleaned[n] for n in beliefs
        ):
            self.add_error("helpless_belief", _RECORD_ERRORS["core belief"][1])
        style, allowed = cleaned.get("style"), cleaned.get("allowed_styles")
        if style and allowed and style not in allowed:
            self.add_error("allowed_styles", _RECORD_ERRORS["allowed_styles"][1])
        flags, risk_lines = (
            cleaned.get("risk_flags"),
            split_lines(cleaned.get("voice_risk", "")),
        )
        if flags and not risk_lines:
            self.add_error("voice_risk", _RECORD_ERRORS["needs voice.risk"][1])
        if risk_lines and flags == []:
            self.add_error("risk_flags", _RECORD_ERRORS["need a risk flag"][1])
        return cleaned


class SituationForm(forms.Form):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        style_fields(self)

    id = forms.CharField(
        required=False,
        max_length=40,
        label="Id",
        help_text="Optional; numbered s1, s2… when empty.",
    )
    situation = _text(2, min_length=3)
    auto_thought = _text(2, min_length=3, label="Automatic thought")
    emotions = _multi("Emotions (1–3)", _choices(EMOTIONS))

    def clean_emotions(self) -> list[str]:
        emotions: list[str] = self.cleaned_data["emotions"]
        if len(emotions) > 3:
            msg = "Choose at most three emotions."
            raise forms.ValidationError(msg)
        return emotions

    behavior = _text(2, min_length=3)
    evidence = _lines(
        "Evidence against the thought", "Facts in the patient's words; one per line."
    )
    alternative_view = _text(2, required=False, label="Alternative view they may reach")
    voice_situation = _lines("Situation, in their words")
    voice_thought = _lines("Thought, in their words")
    voice_emotion = _lines("Emotion, in their words")
    voice_behavior = _lines("Behaviour, in their words")


MAX_SITUATIONS = 6
SituationFormSet = forms.formset_factory(
    SituationForm,
    can_delete=True,
    extra=0,
    min_num=1,
    max_num=MAX_SITUATIONS,
    absolute_max=MAX_SITUATIONS,
    validate_min=True,
    validate_max=True,
)


def situation_formset(
    data: Any = None, *, spec: CaseSpec | None = None
) -> forms.BaseFormSet:  # type: ignore[type-arg]
    """Every slot up to the maximum is rendered; blank ones are ignored on submit,
    so adding a situation needs neither JavaScript nor a round trip."""
    initial = [situation_initial(s) for s in spec.situations] if spec else []
    if data is not None:
        # Bound: what was posted is the whole truth; comparing it with the old
        # version's initial data would drop unchanged situations as "empty".
        return SituationFormSet(data, prefix="situations")
    formset = SituationFormSet(initial=initial, prefix="situations")
    formset.extra = MAX_SITUATIONS - max(len(initial), 1)
    return formset


def case_initial(spec: CaseSpec) -> dict[str, Any]:
    data: dict[str, Any] = spec.model_dump(
        mode="json", exclude={"situations", "voice", "facts"}
    )
    data["facts"] = json.dumps(spec.facts.model_dump(mode="json"), indent=2)
    for key in PATIENT_VOICE:
        data[f"voice_{key}"] = "\n".join(getattr(spec.voice, key))
    return data


def situation_initial(situation: Any) -> dict[str, Any]:
    data: dict[str, Any] = situation.model_dump(mode="json", exclude={"voice"})
    data["evidence"] = "\n".join(situation.evidence)
    for key in SITUATION_VOICE:
        data[f"voice_{key}"] = "\n".join(getattr(situation.voice, key))
    return data


def filled_forms(formset: forms.BaseFormSet) -> list[forms.Form]:  # type: ignore[type-arg]
    """The situations to keep: existing and newly filled ones, minus deleted."""
    initial = formset.initial_form_count()
    return [
        f
        for i, f in enumerate(formset.forms)
        if (i < initial or f.has_changed()) and not f.cleaned_data.get("DELETE")
    ]


def spec_data(form: CaseForm, formset: forms.BaseFormSet) -> dict[str, Any]:  # type: ignore[type-arg]
    """The CaseSpec JSON for cleaned forms (validation is `load_case`'s job)."""
    c = form.cleaned_data
    data: dict[str, Any] = {
        key: c[key]
        for key in (
            "slug",
            "name",
            "age",
            "presenting_problem",
            "opening_line",
            "style",
            "allowed_styles",
            "difficulty",
            "risk_flags",
            "history",
            "helpless_belief",
            "unlovable_belief",
            "worthless_belief",
            "intermediate_belief",
            "intermediate_belief_depression",
            "coping_strategies",
            "source",
        )
    }
    data["gender"] = c["gender"] or None
    data["attribution"] = c["attribution"] or None
    data["voice"] = {key: split_lines(c[f"voice_{key}"]) for key in PATIENT_VOICE}
    data["facts"] = c.get("facts") or {}
    situations = []
    for sub in filled_forms(formset):
        s = sub.cleaned_data
        situations.append(
            {
                "id": s["id"],
                "situation": s["situation"],
                "auto_thought": s["auto_thought"],
                "emotions": s["emotions"],
                "behavior": s["behavior"],
                "evidence": split_lines(s["evidence"]),
                "alternative_view": s["alternative_view"] or None,
                "voice": {
                    key: split_lines(s[f"voice_{key}"]) for key in SITUATION_VOICE
                },
            }
        )
    data["situations"] = situations
    return data


# Errors the engine raises about the case as a whole, and the field they concern.
_RECORD_ERRORS = {
    "core belief": (
        "helpless_belief",
        "Choose at least one core belief (helpless, unlovable or worthless).",
    ),
    "allowed_styles": (
        "allowed_styles",
        "The conversational style must be one of the allowed styles.",
    ),
    "needs voice.risk": (
        "voice_risk",
        "A case with a risk flag needs at least one risk line.",
    ),
    "need a risk flag": ("risk_flags", "Risk lines need a risk flag."),
}


def _reason(raw: str) -> str:
    return raw.removeprefix("Value error, ").rstrip(".") + "."


def apply_case_errors(
    form: CaseForm,
    formset: forms.BaseFormSet,  # type: ignore[type-arg]
    errors: list[CaseError],
) -> list[str]:
    """Put the engine's errors on their fields; return those that fit no field."""
    leftover: list[str] = []
    situation_forms = filled_forms(formset)
    for error in errors:
        parts = error.field.split(".")
        target: forms.Form | None = form
        name: str | None = None
        if parts[0] == "situations" and len(parts) > 1 and parts[1].isdigit():
            index = int(parts[1])
            target = situation_forms[index] if index < len(situation_forms) else None
            rest = parts[2:]
            name = (
                "voice_" + rest[1]
                if rest[:1] == ["voice"] and len(rest) > 1
                else (rest[0] if rest else None)
            )
        elif parts[0] == "facts":
            form.add_error("facts", f"{error.field}: {_reason(error.reason)}")
            continue
        elif parts[0] == "voice" and len(parts) > 1:
            name = f"voice_{parts[1]}"
        elif parts[0] in form.fields:
            name = parts[0]
        elif parts[0] == "(record)":
            for needle, (field, message) in _RECORD_ERRORS.items():
                if needle in error.reason:
                    form.add_error(field, message)
                    break
            else:
                leftover.append(_reason(error.reason))
            continue
        if target is not None and name in target.fields:
            target.add_error(name, _reason(error.reason))
        else:
            leftover.append(f"{error.field}: {_reason(error.reason)}")
    return leftover
