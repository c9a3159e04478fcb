"""Navigation that shows only what the signed-in role may use."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from .models import Role

_NAV: dict[str, list[tuple[str, str]]] = {
    Role.TRAINEE: [
        ("Practice", "practice:home"),
        ("History", "practice:history"),
    ],
    Role.SUPERVISOR: [
        ("Dashboard", "feedback:dashboard"),
    ],
    Role.PROGRAM_ADMIN: [
        ("Program", "manage:home"),
        ("Cases", "manage:cases"),
        ("Dashboard", "feedback:dashboard"),
        ("Practice", "practice:home"),
    ],
}


def navigation(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav_items": []}
    items = [
        {"label": label, "url": reverse(name), "active": request.path.startswith(reverse(name))}
        for label, name in _NAV.get(getattr(user, "role", ""), [])
    ]
    return {"nav_items": items}
