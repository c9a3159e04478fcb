from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect

from accounts.http import AuthenticatedHttpRequest


@login_required
def home(request: AuthenticatedHttpRequest) -> HttpResponseRedirect:
    """Send each role to its own home page."""
    return HttpResponseRedirect(request.user.home_url)
