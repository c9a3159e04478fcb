from __future__ import annotations

from accounts.http import AuthenticatedHttpRequest

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponseRedirect


@login_required
def home(request: AuthenticatedHttpRequest) -> HttpResponseRedirect:
    """Send each role to its own home page."""
    return HttpResponseRedirect(request.user.home_url)
