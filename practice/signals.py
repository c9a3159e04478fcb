"""What practice announces. Other apps listen; practice never imports them.

Dependencies between the apps run one way (feedback depends on practice, never
the reverse), so practice tells the rest of the system what happened through
these signals instead of calling into feedback. Every signal is sent inside the
transaction that made the change: a receiver that starts work elsewhere must
defer it with `transaction.on_commit`, so a worker never reads a row that is not
committed yet (or one that was rolled back).
"""

from __future__ import annotations

from django.dispatch import Signal

# A trainee's message was saved as a complete turn. kwargs: turn_id (int).
turn_submitted = Signal()

# A practice session was closed by the trainee. kwargs: session_id (int).
session_ended = Signal()

# The transcript of a session was read for display. kwargs: session, turns (the
# turns in order). Receivers may attach display data to the turns in place (the
# feedback app attaches each turn's current annotation as `.annotation`).
transcript_loaded = Signal()
