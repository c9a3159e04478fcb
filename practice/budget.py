"""The trainee's daily token budget, checked before each message is answered.

Both model roles spend tokens on a trainee's messages. Every model request is a
`ModelCall` row tagged with the trainee, whatever its outcome (rejected by the
guard, retried, cut, fallen back), so the budget adds those up: it sees all the
tokens, not only those of the replies that were kept.
"""

from __future__ import annotations

from django.db.models import Q, Sum
from django.utils import timezone

from accounts.models import User

from .exceptions import TokenBudgetExceeded
from .models import ModelCall

# Rows that recorded model tokens (the offline engines record none).
BILLED = Q(prompt_tokens__gt=0) | Q(completion_tokens__gt=0)


def tokens_used_today(*, user_id: int) -> int:
    """Model tokens a trainee's practice used since local midnight (patient and
    annotator alike: both are spent on their messages)."""
    midnight = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    used = ModelCall.objects.filter(
        user_id=user_id, created_at__gte=midnight
    ).aggregate(p=Sum("prompt_tokens"), c=Sum("completion_tokens"))
    return (used["p"] or 0) + (used["c"] or 0)


def check_token_budget(*, user_id: int) -> None:
    """Raise TokenBudgetExceeded when the trainee has used up today's budget."""
    budget = (
        User.objects.filter(pk=user_id)
        .values_list("daily_token_budget", flat=True)
        .first()
    )
    enforce_token_budget(user_id=user_id, budget=budget)


def enforce_token_budget(*, user_id: int, budget: int | None) -> None:
    """`check_token_budget` for a caller that has read the trainee's budget already
    (the chat's hot path reads it with the session: no query without a budget)."""
    if budget is None:
        return
    if tokens_used_today(user_id=user_id) >= budget:
        raise TokenBudgetExceeded(budget)
