"""Navigation that shows only what the signed-in role may use."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from .models import Role

_NAV: dict[str, list[tuple[str, str]]] = {
    Role.TRAINEE: [
        ("Practice", "practice:home"),
        ("History", "practice:history"),
        ("Progress", "practice:progress"),
    ],
    Role.SUPERVISOR: [
        ("Dashboard", "feedback:dashboard"),
        ("Assignments", "manage:assignments"),
        ("Cases", "manage:cases"),
    ],
    Role.PROGRAM_ADMIN: [
        ("Program", "manage:home"),
        ("Cohorts", "manage:cohorts"),
        ("People", "manage:people"),
        ("Cases", "manage:cases"),
        ("Assignments", "manage:assignments"),
        ("Usage", "manage:usage"),
        ("Audit", "manage:audit"),
        ("Dashboard", "feedback:dashboard"),
        ("Practice", "practice:home"),
    ],
}


def navigation(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav_items": []}
    items = [
        {"label": label, "url": reverse(name), "active": False}
        for label, name in _NAV.get(getattr(user, "role", ""), [])
    ]
    # The longest matching prefix wins: /manage/cases/ is "Cases", not "Program".
    matches = [i for i in items if request.path.startswith(str(i["url"]))]
    if matches:
        max(matches, key=lambda i: len(str(i["url"])))["active"] = True
    return {"nav_items": items}
