"""Login throttling per username and per client address, on both login pages."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.test import Client

from accounts.throttle import lockout_for

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-only"
PAGES = ["/accounts/login/", "/admin/login/"]


def attempt(client: Client, page: str, username: str, password: str) -> Any:
    return client.post(
        page, {"username": username, "password": password}, REMOTE_ADDR="203.0.113.7"
    )


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("page", PAGES)
def test_the_right_password_is_refused_after_five_wrong_ones(
    page: str, program_admin: Any
) -> None:
    client = Client()
    for _ in range(5):
        response = attempt(client, page, "program_admin", "wrong")
        assert not signed_in(client)
    response = attempt(client, page, "program_admin", PASSWORD)
    assert not signed_in(client)
    html = response.content.decode()
    assert "Too many failed sign-in attempts" in html
    assert "try again in 15 minutes" in html


def test_four_wrong_passwords_still_let_the_right_one_in(trainee: Any) -> None:
    client = Client()
    for _ in range(4):
        attempt(client, "/accounts/login/", "trainee", "wrong")
    response = attempt(client, "/accounts/login/", "trainee", PASSWORD)
    assert response.status_code == 302 and signed_in(client)


def test_the_username_lock_holds_from_another_address(trainee: Any) -> None:
    for _ in range(5):
        attempt(Client(), "/accounts/login/", "TRAINEE", "wrong")
    client = Client()
    client.post(
        "/accounts/login/",
        {"username": "trainee", "password": PASSWORD},
        REMOTE_ADDR="198.51.100.9",
    )
    assert not signed_in(client)


def test_one_address_guessing_many_usernames_is_stopped(make_user: Any) -> None:
    make_user("victim")
    client = Client()
    for n in range(20):
        attempt(client, "/accounts/login/", f"guess{n}", "wrong")
    response = attempt(client, "/accounts/login/", "victim", PASSWORD)
    assert not signed_in(client)
    assert "Too many failed sign-in attempts" in response.content.decode()
    # Someone else, elsewhere, is not affected.
    other = Client()
    other.post(
        "/accounts/login/",
        {"username": "victim", "password": PASSWORD},
        REMOTE_ADDR="198.51.100.9",
    )
    assert signed_in(other)


def test_signing_in_works_again_after_the_cool_down(
    trainee: Any, settings: Any
) -> None:
    # Long enough that the five failures and the refused sign-in fall inside it
    # on a loaded machine (the count, too, expires this long after the first).
    settings.LOGIN_COOLDOWN_SECONDS = 3
    client = Client()
    for _ in range(5):
        attempt(client, "/accounts/login/", "trainee", "wrong")
    attempt(client, "/accounts/login/", "trainee", PASSWORD)
    assert not signed_in(client)
    # Until the lock-out has run out, read as the form reads it.
    deadline = time.monotonic() + 30
    while lockout_for("trainee", "203.0.113.7") is not None:
        assert time.monotonic() < deadline, "the lock-out never ended"
        time.sleep(0.05)
    attempt(client, "/accounts/login/", "trainee", PASSWORD)
    assert signed_in(client)


def test_the_proxy_header_names_the_client_when_configured(
    make_user: Any, settings: Any
) -> None:
    settings.LOGIN_CLIENT_ADDRESS_HEADER = "HTTP_X_FORWARDED_FOR"
    make_user("victim")
    for n in range(20):
        Client().post(
            "/accounts/login/",
            {"username": f"g{n}", "password": "x"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR="forged, 203.0.113.50",
        )
    # Same proxy, another client: not locked out by the first client's guesses.
    client = Client()
    client.post(
        "/accounts/login/",
        {"username": "victim", "password": PASSWORD},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="203.0.113.51",
    )
    assert signed_in(client)
