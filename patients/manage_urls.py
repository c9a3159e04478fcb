from __future__ import annotations

from django.urls import path

from . import views

app_name = "manage"

urlpatterns = [
    path("", views.manage_home, name="home"),
    path("cases/", views.case_list, name="cases"),
]
