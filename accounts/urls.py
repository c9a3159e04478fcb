from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from .throttle import ThrottledAuthenticationForm

app_name = "accounts"

urlpatterns = [
    path(
        "login/",
        auth_views.LoginView.as_view(
            redirect_authenticated_user=True,
            authentication_form=ThrottledAuthenticationForm,
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # One-time password-set links for accounts created by a program admin.
    path(
        "password/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="registration/password_set.html",
            success_url=reverse_lazy("accounts:password-set-done"),
        ),
        name="password-set",
    ),
    path(
        "password/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="registration/password_set_done.html"
        ),
        name="password-set-done",
    ),
]
