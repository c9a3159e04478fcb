"""One way to paginate a long list (case library, people, sessions)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.http import HttpRequest


def paginate(
    request: HttpRequest, items: Any, *, per_page: int | None = None
) -> dict[str, Any]:
    """Context for `partials/_pager.html`: the page and the other GET filters.

    Long lists are never rendered whole (10,000 imported cases made the trainee
    home weigh 5 MB); filters survive paging through `page_query`.
    """
    page: Page[Any] = Paginator(items, per_page or settings.PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    query = request.GET.copy()
    query.pop("page", None)
    encoded = query.urlencode()
    return {"page": page, "page_query": f"{encoded}&" if encoded else ""}
