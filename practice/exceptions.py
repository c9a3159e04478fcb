"""Domain errors of the practice app; mapped to HTTP or socket frames at the edge."""

from __future__ import annotations


class PracticeError(Exception):
    """Base class; `str(error)` is safe to show to the trainee."""


class SessionClosed(PracticeError):
    def __init__(self) -> None:
        super().__init__("This session has ended. Start a new one to keep practising.")


class ReplyPending(PracticeError):
    def __init__(self) -> None:
        super().__init__("The patient is still answering your last message.")


class ReplyFailed(PracticeError):
    def __init__(self) -> None:
        super().__init__(
            "The patient's last reply did not come through. Retry it before you go on."
        )


class NothingToRetry(PracticeError):
    def __init__(self) -> None:
        super().__init__("There is no failed reply to retry.")


class InvalidMessage(PracticeError):
    pass


class RateLimited(PracticeError):
    def __init__(self, wait_seconds: int) -> None:
        super().__init__(
            f"You're sending messages very fast. Take a breath and try again in "
            f"{wait_seconds} s."
        )


class TokenBudgetExceeded(PracticeError):
    def __init__(self, budget: int) -> None:
        super().__init__(
            f"You have used today's practice allowance ({budget:,} tokens). "
            "It resets at midnight; ask your program administrator if you need more."
        )


class AttemptUsed(PracticeError):
    def __init__(self) -> None:
        super().__init__(
            "This assessment has been submitted; it allows one attempt. "
            "Ask your supervisor to reset it if you need another."
        )


class AssignmentError(PracticeError):
    """An assignment cannot make the requested move; the message says why."""


class CannotRewind(PracticeError):
    """Rewind refused (assessment mode, or not a trainee turn); says why."""
