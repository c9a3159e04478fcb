from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views
from feedback import trainee_urls as feedback_trainee_urls
from practice import urls as practice_urls

# The trainee's report, formulation and progress pages are feedback's views but
# keep their /practice/ paths and `practice:` names (stable hooks): both apps'
# patterns share the practice namespace here, so practice never imports feedback.
practice_patterns = (
    practice_urls.urlpatterns + feedback_trainee_urls.urlpatterns,
    practice_urls.app_name,
)

urlpatterns = [
    path("", account_views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("practice/", include(practice_patterns)),
    path("feedback/", include("feedback.urls")),
    path("manage/", include("backoffice.urls")),
    path("admin/", admin.site.urls),
]
