from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest

from .models import AuditEvent, User
from .throttle import ThrottledAdminAuthenticationForm

# /admin/login/ counts failures against the same limits as /accounts/login/.
admin.site.login_form = ThrottledAdminAuthenticationForm


@admin.register(User)
class PracticeUserAdmin(UserAdmin[User]):
    list_display = ("username", "display_name", "role", "is_active")
    list_filter = ("role", "is_active")
    fieldsets = (  # type: ignore[misc]
        *UserAdmin.fieldsets,
        ("Practice", {"fields": ("role", "display_name", "daily_token_budget")}),
    )


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "created_at",
        "actor",
        "verb",
        "target_type",
        "target_label",
        "summary",
    )
    list_filter = ("verb", "target_type")
    search_fields = ("target_label", "summary", "actor__username")

    # The trail is append-only, here as in the app.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
