"""The access matrix: every route of the URLconf × every role, owner and non-owner.

Routes are read from the URLconf itself, so a new route fails
`test_every_route_has_a_rule` until it is given a rule here: none can be
forgotten. Each rule names the roles that may use the route; every other role
must get a login redirect (anonymous), 403 or 404, never the page.

Roles: anonymous; `owner` (the trainee whose session, turn, assignment and
cohort the URL names); `other` (another trainee); `sup` (supervises the owner's
cohort); `osup` (supervises another cohort); `admin` (program admin, staff as
create_account makes them); `root` (a superuser).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from feedback.analytics import trainee_code
from practice.models import Assignment, Turn

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "owner", "other", "sup", "osup", "admin", "root")
SIGNED_IN = frozenset(ROLES) - {"anonymous"}
EVERYONE = frozenset(ROLES)
PRACTISING = frozenset({"owner", "other", "admin", "root"})
VIEWERS = frozenset({"owner", "sup", "admin", "root"})  # of the owner's session
SUPERVISING = frozenset({"sup", "osup", "admin", "root"})
REVIEWERS = frozenset({"sup", "admin", "root"})  # of the owner's session
ADMINS = frozenset({"admin", "root"})


@dataclass(frozen=True)
class Rule:
    method: str
    allowed: frozenset[str]


RULES: dict[str, Rule] = {
    "home": Rule("get", SIGNED_IN),
    "accounts:login": Rule("get", EVERYONE),
    "accounts:logout": Rule("post", EVERYONE),
    "accounts:password-set": Rule("get", EVERYONE),  # a bad token: "invalid link"
    "accounts:password-set-done": Rule("get", EVERYONE),
    "practice:home": Rule("get", PRACTISING),
    "practice:history": Rule("get", SIGNED_IN),  # each sees their own
    "practice:start": Rule("post", PRACTISING),
    "practice:session-detail": Rule("get", VIEWERS),
    "practice:end": Rule("post", frozenset({"owner"})),
    "practice:rewind": Rule("post", frozenset({"owner"})),
    "practice:cases": Rule("get", PRACTISING),  # a redirect to the library
    "practice:assessment-confirm": Rule("get", frozenset({"owner"})),
    "practice:report": Rule("get", VIEWERS),
    "practice:report-status": Rule("get", VIEWERS),
    "practice:formulation": Rule("get", VIEWERS),
    "practice:progress": Rule("get", SIGNED_IN),  # each sees their own
    "feedback:dashboard": Rule("get", SUPERVISING),  # scoped to their cohorts
    "feedback:trainee": Rule("get", REVIEWERS),
    "feedback:review": Rule("get", REVIEWERS),
    "feedback:override": Rule("post", REVIEWERS),
    "feedback:correct-levels": Rule("post", REVIEWERS),
    "feedback:comment": Rule("post", REVIEWERS),
    "feedback:reviewed": Rule("post", REVIEWERS),
    "feedback:release": Rule("post", REVIEWERS),
    "feedback:export-scores": Rule("get", SUPERVISING),  # scoped to their cohorts
    "feedback:export-codes": Rule("get", SUPERVISING),
    "manage:home": Rule("get", ADMINS),
    "manage:cases": Rule("get", SUPERVISING),
    "manage:case-new": Rule("get", ADMINS),
    "manage:case-import": Rule("get", ADMINS),
    "manage:case-export-all": Rule("get", SUPERVISING),
    "manage:case-detail": Rule("get", SUPERVISING),
    "manage:case-edit": Rule("get", ADMINS),
    "manage:case-version": Rule("get", SUPERVISING),
    "manage:case-diff": Rule("get", SUPERVISING),
    "manage:case-export": Rule("get", SUPERVISING),
    "manage:case-status": Rule("post", ADMINS),
    "manage:case-delete": Rule("post", ADMINS),
    "manage:cohorts": Rule("get", ADMINS),
    "manage:cohort-detail": Rule("get", ADMINS),
    "manage:cohort-add": Rule("post", ADMINS),
    "manage:cohort-bulk": Rule("post", ADMINS),
    "manage:cohort-remove": Rule("post", ADMINS),
    "manage:people": Rule("get", ADMINS),
    "manage:person-new": Rule("get", ADMINS),
    "manage:person-detail": Rule("get", ADMINS),
    "manage:person-link": Rule("post", ADMINS),
    "manage:assignments": Rule("get", SUPERVISING),  # scoped to their cohorts
    "manage:assignment-new": Rule("get", SUPERVISING),
    "manage:assignment-reset": Rule("post", REVIEWERS),
    "manage:assignment-cancel": Rule("post", REVIEWERS),
    "manage:usage": Rule("get", ADMINS),
    "manage:audit": Rule("get", ADMINS),
    "manage:model-calls": Rule("get", ADMINS),
}

# Django's admin: only staff may use it (program admins are staff); its login
# page is public. Other admin routes need staff, so every other role is refused.
ADMIN_PUBLIC = {"admin:login", "admin:logout"}


@dataclass(frozen=True)
class Route:
    name: str
    pattern: str
    kwargs: tuple[str, ...]


def _walk(
    patterns: list[Any], prefix: str = "", namespace: str = ""
) -> Iterator[Route]:
    for p in patterns:
        if isinstance(p, URLResolver):
            ns = namespace
            if p.namespace:
                ns = f"{namespace}:{p.namespace}" if namespace else p.namespace
            yield from _walk(p.url_patterns, prefix + str(p.pattern), ns)
        elif isinstance(p, URLPattern):
            if p.name is None:
                name = f"{namespace}:" if namespace else ""
            else:
                name = f"{namespace}:{p.name}" if namespace else p.name
            kwargs = tuple(p.pattern.converters) or tuple(p.pattern.regex.groupindex)
            yield Route(name, prefix + str(p.pattern), kwargs)


ALL_ROUTES = list(_walk(get_resolver().url_patterns))
# Django admin's final catch-all (unnamed) is probed by a path of its own below.
ROUTES = sorted(
    {r.name: r for r in ALL_ROUTES if not r.name.endswith(":")}.values(),
    key=lambda r: r.name,
)
APP_ROUTES = [r for r in ROUTES if not r.name.startswith("admin:")]
ADMIN_ROUTES = [r for r in ROUTES if r.name.startswith("admin:")]


def test_every_route_has_a_rule() -> None:
    names = {r.name for r in APP_ROUTES}
    unnamed = [r.pattern for r in ALL_ROUTES if r.name.endswith(":") or not r.name]
    # Only Django admin has unnamed routes (its redirects and catch-all, probed by
    # test_django_admin_unnamed_routes_are_staff_only); the app's must all be named.
    assert [u for u in unnamed if not u.startswith("admin/")] == [], unnamed
    assert names - set(RULES) == set(), "new routes need a rule in RULES"
    assert set(RULES) - names == set(), "rules for routes that no longer exist"
    assert len(ADMIN_ROUTES) > 10


@pytest.fixture
def world(
    trainee: Any,
    other_trainee: Any,
    supervisor: Any,
    other_supervisor: Any,
    program_admin: Any,
    cohort: Any,
    case: Any,
    django_user_model: Any,
    play_session: Any,
) -> dict[str, Any]:
    program_admin.is_staff = True  # as create_account makes program admins
    program_admin.save()
    # A superuser is given the program admin role, as the README says to create one.
    root = django_user_model.objects.create_superuser(
        username="root", password="root-pw-123456", role="program_admin"
    )
    session = play_session(
        trainee,
        [
            "What brings you in today?",
            "It sounds hard.",
            "What went through your mind?",
        ],
    )
    assignment = Assignment.objects.create(trainee=trainee, case=case, cohort=cohort)
    turn = Turn.objects.filter(session=session, speaker="trainee").first()
    users = {
        "owner": trainee,
        "other": other_trainee,
        "sup": supervisor,
        "osup": other_supervisor,
        "admin": program_admin,
        "root": root,
    }
    values = {
        "session_uuid": session.uuid,
        "turn_uuid": turn.uuid,
        "slug": case.slug,
        "number": 1,
        "cohort_uuid": cohort.uuid,
        "username": trainee.username,
        "assignment_uuid": assignment.uuid,
        "code": trainee_code(trainee.pk),
        "uidb64": "MQ",
        "token": "bad-token",
        # Django admin
        "app_label": "accounts",
        "object_id": str(trainee.pk),
        "content_type_id": 1,
        "id": str(trainee.pk),
        "url": "accounts/user/",
    }
    return {"users": users, "values": values}


@pytest.mark.parametrize("role", ROLES)
def test_django_admin_unnamed_routes_are_staff_only(
    role: str, world: dict[str, Any]
) -> None:
    client = client_as(role, world["users"])
    owner = world["values"]["object_id"]
    for path in ("/admin/accounts/nothing-here/", f"/admin/accounts/user/{owner}/"):
        response = client.get(path)
        assert response.status_code < 500
        if role not in ("admin", "root"):
            location = response.get("Location", "")
            assert response.status_code in (403, 404) or "/admin/login/" in location, (
                path
            )


def url_for(route: Route, values: dict[str, Any]) -> str:
    missing = [k for k in route.kwargs if k not in values]
    assert not missing, f"{route.name}: give the matrix a value for {missing}"
    from django.urls import reverse

    return reverse(route.name, kwargs={k: values[k] for k in route.kwargs})


def client_as(role: str, users: dict[str, Any]) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(users[role])
    return client


def refused(response: Any, role: str) -> bool:
    if response.status_code in (403, 404, 405):
        return True
    # login_required sends to the login page with ?next= (logout's own redirect
    # to the login page carries none).
    location = response.get("Location", "")
    return response.status_code == 302 and "/login/?next=" in location


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", APP_ROUTES, ids=lambda r: r.name)
def test_the_access_matrix(route: Route, role: str, world: dict[str, Any]) -> None:
    rule = RULES[route.name]
    url = url_for(route, world["values"])
    client = client_as(role, world["users"])
    response = getattr(client, rule.method)(url)
    assert response.status_code < 500, f"{route.name} as {role}: {response.status_code}"
    if role in rule.allowed:
        assert not refused(response, role), (
            f"{route.name} as {role} was refused ({response.status_code})"
        )
    else:
        assert refused(response, role), (
            f"{route.name} as {role} got {response.status_code}"
        )


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", ADMIN_ROUTES, ids=lambda r: r.name)
def test_django_admin_is_staff_only(
    route: Route, role: str, world: dict[str, Any]
) -> None:
    url = url_for(route, world["values"])
    response = client_as(role, world["users"]).get(url)
    assert response.status_code < 500, f"{route.name} as {role}: {response.status_code}"
    if route.name in ADMIN_PUBLIC or role in ("admin", "root"):
        return  # staff: Django's own permissions decide per model
    location = response.get("Location", "")
    assert response.status_code in (403, 404) or (
        response.status_code == 302 and "/admin/login/" in location
    ), f"{route.name} as {role}: {response.status_code} {location}"
