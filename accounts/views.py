from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponseRedirect


@login_required
def home(request: HttpRequest) -> HttpResponseRedirect:
    """Send each role to its own home page."""
    return HttpResponseRedirect(request.user.home_url)  # type: ignore[union-attr]
