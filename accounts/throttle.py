"""Login throttling per username and per client address, in Django's cache.

Each failed sign-in adds one to two counters (the username, the address). When
either reaches its limit the sign-in is refused, even with the right password,
for LOGIN_COOLDOWN_SECONDS from the failure that tripped it. A successful
sign-in clears the username's counter. The cache is Redis in production, so the
count holds across web processes.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest


@dataclass(frozen=True)
class Lockout:
    seconds_left: int

    @property
    def message(self) -> str:
        minutes = max(1, math.ceil(self.seconds_left / 60))
        unit = "minute" if minutes == 1 else "minutes"
        return (
            "Too many failed sign-in attempts. For your security, signing in is "
            f"paused; try again in {minutes} {unit}."
        )


def client_address(request: HttpRequest | None) -> str:
    if request is None:
        return "unknown"
    header = settings.LOGIN_CLIENT_ADDRESS_HEADER
    if header and request.META.get(header):
        # The proxy appends the address it saw last; earlier entries are the
        # client's own claim and could be forged.
        return str(request.META[header]).split(",")[-1].strip()
    return str(request.META.get("REMOTE_ADDR", "unknown"))


def _keys(username: str, address: str) -> list[tuple[str, int]]:
    # Hashed: usernames may hold characters memcached-style keys reject.
    user = hashlib.sha256(username.strip().lower().encode()).hexdigest()[:32]
    addr = hashlib.sha256(address.encode()).hexdigest()[:32]
    return [
        (f"login:user:{user}", settings.LOGIN_FAILURES_PER_USERNAME),
        (f"login:addr:{addr}", settings.LOGIN_FAILURES_PER_ADDRESS),
    ]


def lockout_for(username: str, address: str) -> Lockout | None:
    """The lockout in force for this username or address, if any."""
    now = time.time()
    for key, _ in _keys(username, address):
        until = cache.get(f"{key}:until")
        if until is not None and float(until) > now:
            return Lockout(seconds_left=math.ceil(float(until) - now))
    return None


def record_failure(username: str, address: str) -> None:
    cooldown = settings.LOGIN_COOLDOWN_SECONDS
    for key, limit in _keys(username, address):
        cache.add(key, 0, timeout=cooldown)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=cooldown)
            count = 1
        if count >= limit:
            cache.set(f"{key}:until", time.time() + cooldown, timeout=cooldown)
            cache.delete(key)


def record_success(username: str, address: str) -> None:
    user_key, _ = _keys(username, address)[0]
    cache.delete(user_key)


class ThrottleMixin:
    """For Django's authentication forms: refuse while locked, count failures."""

    request: HttpRequest | None

    def clean(self) -> dict[str, object]:
        data = getattr(self, "data", {})
        username = str(data.get("username", "")) if hasattr(data, "get") else ""
        address = client_address(self.request)
        locked = lockout_for(username, address)
        if locked is not None:
            raise ValidationError(locked.message, code="throttled")
        try:
            cleaned: dict[str, object] = super().clean()  # type: ignore[misc]
        except ValidationError:
            record_failure(username, address)
            locked = lockout_for(username, address)
            if locked is not None:
                raise ValidationError(locked.message, code="throttled") from None
            raise
        record_success(username, address)
        return cleaned


class ThrottledAuthenticationForm(ThrottleMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottleMixin, AdminAuthenticationForm):
    pass
