from __future__ import annotations

from django.apps import AppConfig
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from llm.breaker import set_shared_store
from llm.breaker_redis import RedisBreakerStore
from llm.metering import set_default_sink


class PracticeConfig(AppConfig):
    name = "practice"
    verbose_name = "Practice"

    def ready(self) -> None:
        from channels.layers import get_channel_layer

        # Function-level, forced by Django: practice.metering imports models,
        # which load only once the app registry is ready.
        from .metering import store_orphan_call

        # A model call made outside a reply or an annotation (a command, the
        # scoring task) is still metered.
        set_default_sink(store_orphan_call)

        # One circuit breaker per endpoint for all processes, not one each.
        if settings.LLM_BREAKER_REDIS_URL:
            set_shared_store(RedisBreakerStore(settings.LLM_BREAKER_REDIS_URL))

        # A broken CHANNEL_LAYERS makes get_channel_layer() return None, and every
        # consumer would then fail later with a confusing error: fail at start-up.
        if get_channel_layer() is None:
            msg = "No channel layer: check CHANNEL_LAYERS / REDIS_URL."
            raise ImproperlyConfigured(msg)

        from django.contrib.auth.signals import user_logged_out
        from django.db.models.signals import post_save, pre_save

        # Function-level, forced by Django: models (and receivers, which import
        # them) load only once the app registry is ready, i.e. in ready().
        from accounts.models import User

        from . import receivers

        user_logged_out.connect(receivers.close_sockets_on_logout)
        pre_save.connect(receivers.remember_access_fields, sender=User)
        post_save.connect(receivers.close_sockets_on_access_change, sender=User)
