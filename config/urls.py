from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views

urlpatterns = [
    path("", account_views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("practice/", include("practice.urls")),
    path("feedback/", include("feedback.urls")),
    path("manage/", include("patients.manage_urls")),
    path("admin/", admin.site.urls),
]
