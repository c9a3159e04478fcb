"""The probe set: unscripted trainee lines, run against every case and graded.

`runner.py` runs the probes (`patients/probes/*.jsonl`) through the offline patient,
`grader.py` judges each reply strictly against the case's fact sheet. The command
`manage.py probe_patient` is a thin wrapper.
"""

from __future__ import annotations

from .runner import CATEGORIES, Probe, load_probes, run_all, run_case, run_probe

__all__ = ["CATEGORIES", "Probe", "load_probes", "run_all", "run_case", "run_probe"]
