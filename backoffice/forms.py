"""Forms of the program admin area (the case authoring form is in case_form.py)."""

from __future__ import annotations

from typing import Any, get_args

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import Role, User
from patients.models import Case
from patients.simulation.vocab import STYLE_LABELS, STYLES, Difficulty
from practice.models import Assignment, Cohort, Mode

MAX_UPLOAD_BYTES = 5 * 1024 * 1024


# In patients/templates/: the default form renderer reads app template folders,
# not the project-wide templates/ directory.
FIELD_TEMPLATE = "manage/_field.html"


def style_fields(form: forms.BaseForm) -> None:
    """Every field renders through one template: wrapped, errors beside the input."""
    for field in form.fields.values():
        field.template_name = FIELD_TEMPLATE  # type: ignore[attr-defined]


class ManageForm(forms.Form):
    """Labels without Django's trailing colon, as everywhere else in the app."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        style_fields(self)


class DateTimeLocalInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%Y-%m-%dT%H:%M", **kwargs)


class CaseFilterForm(ManageForm):
    q = forms.CharField(
        required=False,
        label="Search",
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": "Name or presenting problem"}
        ),
    )
    style = forms.ChoiceField(
        required=False,
        choices=[("", "Any style"), *[(s, STYLE_LABELS[s]) for s in STYLES]],
    )
    difficulty = forms.ChoiceField(
        required=False,
        choices=[
            ("", "Any difficulty"),
            *[(d, d.capitalize()) for d in get_args(Difficulty)],
        ],
    )
    risk = forms.ChoiceField(
        required=False,
        label="Risk content",
        choices=[
            ("", "With or without"),
            ("yes", "With risk content"),
            ("no", "Without"),
        ],
    )
    status = forms.ChoiceField(
        required=False,
        choices=[("", "Active and archived"), *Case.Status.choices],
    )


class ImportForm(ManageForm):
    file = forms.FileField(
        label="Case file (JSON)",
        help_text="One record or a list. Nothing is imported unless every record is valid.",
    )
    format = forms.ChoiceField(
        choices=[
            ("auto", "Detect automatically"),
            ("psi", "PATIENT-Ψ CCD JSON"),
            ("ours", "This simulator's case JSON"),
        ],
        initial="auto",
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            msg = "The file is larger than 5 MB."
            raise forms.ValidationError(msg)
        return upload


class CohortForm(ManageForm):
    name = forms.CharField(max_length=120, label="Cohort name")

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if Cohort.objects.filter(name__iexact=name).exists():
            msg = "A cohort with this name already exists."
            raise forms.ValidationError(msg)
        return name


class AddMemberForm(ManageForm):
    user = forms.ModelChoiceField(
        queryset=User.objects.none(),
        label="Person",
        empty_label="Choose a trainee or supervisor…",
    )

    def __init__(self, *args: Any, cohort: Cohort, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = [
            *cohort.trainees.values_list("pk", flat=True),
            *cohort.supervisors.values_list("pk", flat=True),
        ]
        self.fields["user"].queryset = (  # type: ignore[attr-defined]
            User.objects.filter(
                role__in=[Role.TRAINEE, Role.SUPERVISOR], is_active=True
            )
            .exclude(pk__in=members)
            .order_by("role", "username")
        )
        self.fields["user"].label_from_instance = (  # type: ignore[attr-defined]
            lambda u: f"{u} ({u.username}, {u.get_role_display().lower()})"
        )


class BulkAddForm(ManageForm):
    csv_file = forms.FileField(
        required=False,
        label="CSV file",
        help_text="First column: a username or an email address. A header row is ignored.",
    )
    text = forms.CharField(
        required=False,
        label="…or paste the list",
        widget=forms.Textarea(attrs={"rows": 5, "placeholder": "ana\nben@example.org"}),
    )
    create_missing = forms.BooleanField(
        required=False,
        label="Create trainee accounts for unknown email addresses",
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("csv_file")
        if upload is not None:
            if upload.size > MAX_UPLOAD_BYTES:
                self.add_error("csv_file", "The file is larger than 5 MB.")
                return cleaned
            try:
                cleaned["rows_text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error(
                    "csv_file", "The file is not UTF-8 text. Save it as CSV (UTF-8)."
                )
                return cleaned
        else:
            cleaned["rows_text"] = cleaned.get("text", "")
        if not cleaned["rows_text"].strip():
            raise forms.ValidationError(
                "Upload a CSV file or paste at least one username or email."
            )
        return cleaned


class AccountForm(ManageForm):
    username = forms.CharField(max_length=150, validators=[UnicodeUsernameValidator()])
    display_name = forms.CharField(max_length=150, required=False)
    email = forms.EmailField(
        required=False,
        help_text="Optional. When given, the password link is also emailed.",
    )
    role = forms.ChoiceField(choices=Role.choices, initial=Role.TRAINEE)
    daily_token_budget = forms.IntegerField(
        required=False,
        min_value=0,
        label="Daily token budget",
        help_text="Trainees only. Empty for no limit.",
    )
    cohorts = forms.ModelMultipleChoiceField(
        queryset=Cohort.objects.order_by("name"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def clean_username(self) -> str:
        username: str = self.cleaned_data["username"].strip()
        if User.objects.filter(username__iexact=username).exists():
            msg = "This username is taken."
            raise forms.ValidationError(msg)
        return username

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        if email and User.objects.filter(email__iexact=email).exists():
            msg = "Another account uses this email address."
            raise forms.ValidationError(msg)
        return email


class PersonForm(forms.ModelForm):  # type: ignore[type-arg]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        style_fields(self)

    class Meta:
        model = User
        fields = ["display_name", "email", "role", "daily_token_budget", "is_active"]
        labels = {"is_active": "Active (may log in)"}
        help_texts = {
            "daily_token_budget": "Tokens per day for the simulated patient. Empty for no limit."
        }

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        others = User.objects.filter(email__iexact=email).exclude(pk=self.instance.pk)
        if email and others.exists():
            msg = "Another account uses this email address."
            raise forms.ValidationError(msg)
        return email


class AssignForm(ManageForm):
    cases = forms.ModelMultipleChoiceField(
        queryset=Case.objects.none(), widget=forms.CheckboxSelectMultiple
    )
    cohorts = forms.ModelMultipleChoiceField(
        queryset=Cohort.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Every trainee in the cohort, as of now.",
    )
    trainees = forms.ModelMultipleChoiceField(
        queryset=User.objects.none(),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 8}),
        help_text="Individual trainees, in addition to the cohorts.",
    )
    due_at = forms.DateTimeField(
        required=False,
        label="Due",
        widget=DateTimeLocalInput(),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"],
    )
    mode = forms.ChoiceField(
        choices=Mode.choices,
        initial=Mode.PRACTICE,
        widget=forms.RadioSelect,
        help_text=(
            "Practice: live feedback, repeatable. Assessment: feedback hidden until "
            "the session is submitted, one attempt."
        ),
    )
    show_state = forms.TypedChoiceField(
        label="Patient-state panel during the chat",
        choices=[
            ("", "As the mode says (on in practice, off in assessment)"),
            ("on", "Show it"),
            ("off", "Hide it"),
        ],
        required=False,
        coerce=lambda v: {"on": True, "off": False}.get(v),
        empty_value=None,
        help_text="Trust, disclosure and belief strength, moving turn by turn.",
    )
    hold_feedback = forms.BooleanField(
        required=False,
        label="Hold the report until a supervisor releases it (assessment only)",
    )

    def __init__(
        self,
        *args: Any,
        cohorts: QuerySet[Cohort],
        trainees: QuerySet[User],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["cases"].queryset = (  # type: ignore[attr-defined]
            Case.objects.filter(
                status=Case.Status.ACTIVE, current_version__isnull=False
            )
            .select_related("current_version")
            .order_by("current_version__title")
        )
        self.fields["cases"].label_from_instance = (  # type: ignore[attr-defined]
            lambda c: f"{c.current_version.title} · {c.current_version.difficulty}"
        )
        self.fields["cohorts"].queryset = cohorts  # type: ignore[attr-defined]
        self.fields["trainees"].queryset = trainees  # type: ignore[attr-defined]
        self.fields["trainees"].label_from_instance = (  # type: ignore[attr-defined]
            lambda u: f"{u} ({u.username})"
        )

    def clean_due_at(self) -> Any:
        due = self.cleaned_data.get("due_at")
        if due is not None and due < timezone.now():
            msg = "The due date is in the past."
            raise forms.ValidationError(msg)
        return due

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not cleaned.get("cohorts") and not cleaned.get("trainees"):
            msg = "Choose at least one cohort or trainee."
            self.add_error("cohorts", msg)
        return cleaned


class AssignmentFilterForm(ManageForm):
    cohort = forms.ModelChoiceField(
        queryset=Cohort.objects.none(), required=False, empty_label="All cohorts"
    )
    status = forms.ChoiceField(required=False, choices=[])
    overdue = forms.BooleanField(required=False, label="Overdue only")

    def __init__(self, *args: Any, cohorts: QuerySet[Cohort], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["cohort"].queryset = cohorts  # type: ignore[attr-defined]
        self.fields["status"].choices = [("", "Any status"), *Assignment.Status.choices]  # type: ignore[attr-defined]
