from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class PracticeUserAdmin(UserAdmin):
    list_display = ("username", "display_name", "role", "is_active")
    list_filter = ("role", "is_active")
    fieldsets = (*UserAdmin.fieldsets, ("Practice", {"fields": ("role", "display_name")}))  # type: ignore[misc]
