"""Forms of the review page, the dashboard filters and the formulation exercise."""

from __future__ import annotations

from typing import Any

from django import forms

from patients.models import Case
from patients.simulation.vocab import CORE_BELIEFS
from practice.models import Cohort

from .analytics import Filters

EMOTION_CHOICES = [
    ("anxious", "Anxious, worried, fearful, scared, tense"),
    ("sad", "Sad, down, lonely, unhappy"),
    ("angry", "Angry, mad, irritated, annoyed"),
    ("ashamed", "Ashamed, embarrassed, humiliated"),
    ("disappointed", "Disappointed"),
    ("jealous", "Jealous, envious"),
    ("guilty", "Guilty"),
    ("hurt", "Hurt"),
    ("suspicious", "Suspicious"),
]
CATEGORY_CHOICES = [
    ("", "Choose a category"),
    ("helpless", "Helpless"),
    ("unlovable", "Unlovable"),
    ("worthless", "Worthless"),
]


def _belief_choices() -> list[tuple[str, Any]]:
    return [("", "Choose a core belief")] + [
        (category.capitalize(), [(b, b) for b in beliefs])
        for category, beliefs in CORE_BELIEFS.items()
    ]


class FormulationForm(forms.Form):
    """The trainee's CCD. Vocabulary lists are generic: they reveal nothing of the case."""

    situation = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}), max_length=1000
    )
    auto_thought = forms.CharField(
        label="Automatic thought",
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=1000,
    )
    emotions = forms.MultipleChoiceField(
        choices=EMOTION_CHOICES, widget=forms.CheckboxSelectMultiple
    )
    behavior = forms.CharField(
        label="Behaviour", widget=forms.Textarea(attrs={"rows": 2}), max_length=1000
    )
    core_belief_category = forms.ChoiceField(
        label="Core-belief category", choices=CATEGORY_CHOICES
    )
    core_belief = forms.ChoiceField(label="Core belief", choices=_belief_choices)
    intermediate_belief = forms.CharField(
        label="Intermediate belief (rules, attitudes, assumptions)",
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=1000,
    )
    coping_strategies = forms.CharField(
        label="Coping strategies",
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=1000,
    )


class FilterForm(forms.Form):
    cohort = forms.ModelChoiceField(
        queryset=Cohort.objects.none(),
        required=False,
        to_field_name="uuid",
        empty_label="All my cohorts",
    )
    case = forms.ModelChoiceField(
        queryset=Case.objects.order_by("slug"),
        required=False,
        to_field_name="slug",
        empty_label="All cases",
    )
    date_from = forms.DateField(
        required=False, label="From", widget=forms.DateInput(attrs={"type": "date"})
    )
    date_to = forms.DateField(
        required=False, label="To", widget=forms.DateInput(attrs={"type": "date"})
    )
    blind = forms.BooleanField(required=False, label="Blinded (hide names)")

    def __init__(self, data: Any, *, cohorts: Any) -> None:
        # Query-string names are short ("from", "to") so filtered URLs stay readable.
        mapped = {
            "cohort": data.get("cohort", ""),
            "case": data.get("case", ""),
            "date_from": data.get("from", ""),
            "date_to": data.get("to", ""),
            "blind": data.get("blind", ""),
        }
        super().__init__(mapped)
        self.fields["cohort"].queryset = cohorts  # type: ignore[attr-defined]

    def filters(self) -> Filters:
        if not self.is_valid():
            return Filters()
        data = self.cleaned_data
        return Filters(
            cohort=data["cohort"],
            case=data["case"],
            date_from=data["date_from"],
            date_to=data["date_to"],
            blind=bool(data["blind"]),
        )


class CommentForm(forms.Form):
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), max_length=2000)
    turn = forms.UUIDField(required=False)
