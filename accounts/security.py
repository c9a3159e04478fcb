"""HTTP hardening that Django 5.2 does not ship: a Content-Security-Policy header,
a quiet log line for refusals, and a console mail backend that hides links."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from django.conf import settings
from django.core.mail.backends.console import EmailBackend as ConsoleEmailBackend
from django.core.mail.message import EmailMessage
from django.http import HttpRequest, HttpResponseBadRequest, HttpResponseBase

# No inline script anywhere, no eval: htmx runs with allowEval off (see
# templates/base.html) and every handler lives in static/js. Inline style
# *attributes* stay allowed for the bars whose width is data (style-src-attr),
# while <style> elements and injected stylesheets are refused.
DEFAULT_CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class ContentSecurityPolicyMiddleware:
    """Add the policy (and the headers Django's SecurityMiddleware leaves out)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        policy: str = getattr(settings, "CONTENT_SECURITY_POLICY", DEFAULT_CSP)
        if policy and "Content-Security-Policy" not in response.headers:
            response.headers["Content-Security-Policy"] = policy
        response.headers.setdefault(
            "Permissions-Policy", "camera=(), microphone=(), geolocation=()"
        )
        return response


class RejectNulMiddleware:
    """400 for a NUL character in query or form data.

    PostgreSQL cannot hold NUL in text, so a `?q=%00` reaching a filter ended in
    a DataError (HTTP 500). No form of this site takes one.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        data = [request.GET]
        if request.method == "POST" and request.content_type in (
            "application/x-www-form-urlencoded",
            "multipart/form-data",
        ):
            data.append(request.POST)
        for query in data:
            for key, values in query.lists():
                if "\x00" in key or any("\x00" in value for value in values):
                    return HttpResponseBadRequest(
                        "The request contains a NUL character, which no field accepts."
                    )
        return self.get_response(request)


class DropRefusalTraceback(logging.Filter):
    """A 403 is an expected answer, not a crash: log one line, no traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True


_URL = re.compile(r"https?://\S+|/accounts/password/\S+")


class LinkHidingConsoleBackend(ConsoleEmailBackend):
    """The console backend, minus links: one-time password links never reach a log.

    Production uses it only when EMAIL_BACKEND explicitly names the console
    backend; the admin still sees the link on screen when creating an account.
    """

    def write_message(self, message: EmailMessage) -> None:
        hidden = EmailMessage(
            subject=message.subject,
            body=_URL.sub("[link hidden]", str(message.body)),
            from_email=message.from_email,
            to=message.to,
        )
        super().write_message(hidden)
