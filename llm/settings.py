"""LLM configuration as plain data, and the one factory that builds clients.

Pure on purpose: the Django side (config/) reads environment variables into an
`LLMConfig` and calls `build_chat_model`; batch scripts can do the same without
Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from llm.openai_client import MaxTokensParam, OpenAIChatModel
from llm.types import Timeouts

__all__ = ["DEFAULT_MODEL", "LLMConfig", "Role", "build_chat_model"]

Role = Literal["patient", "annotator"]

DEFAULT_MODEL = "gpt-4o-mini"


@dataclass(frozen=True, slots=True)
class LLMConfig:
    """Everything needed to reach an OpenAI-compatible endpoint, per role.

    The patient streams to a trainee waiting on a socket, so it gets the short
    chat timeouts and one retry. The annotator runs in background tasks, so it
    can wait longer and retry more (Celery retries TransientLLMError on top).

    A timeout given as a plain number (an env var read as float) sets the read
    timeout, the one that matters; the other limits keep the role's defaults.
    """

    api_key: str | None = None
    base_url: str | None = None
    patient_model: str = DEFAULT_MODEL
    annotator_model: str = DEFAULT_MODEL
    chat_timeout: Timeouts | float = field(default_factory=Timeouts.chat)
    task_timeout: Timeouts | float = field(default_factory=Timeouts.task)
    chat_max_retries: int = 1
    task_max_retries: int = 2
    patient_temperature: float | None = None
    annotator_temperature: float | None = None
    max_tokens_param: MaxTokensParam = "max_tokens"
    # Per-role overrides; None falls back to the shared value above, so a
    # set-up with one key and one base URL keeps working unchanged.
    patient_api_key: str | None = None
    patient_base_url: str | None = None
    patient_seed: int | None = None
    patient_max_tokens_param: MaxTokensParam | None = None
    annotator_api_key: str | None = None
    annotator_base_url: str | None = None
    annotator_seed: int | None = None
    annotator_max_tokens_param: MaxTokensParam | None = None
    breaker_threshold: int = 5
    breaker_cooldown: float = 30.0

    def key_for(self, role: Role) -> str | None:
        own = self.patient_api_key if role == "patient" else self.annotator_api_key
        key = own if own and own.strip() else self.api_key
        return key.strip() if key and key.strip() else None

    def base_url_for(self, role: Role) -> str | None:
        own = self.patient_base_url if role == "patient" else self.annotator_base_url
        url = own if own and own.strip() else self.base_url
        return url.strip() if url and url.strip() else None

    @property
    def has_key(self) -> bool:
        return bool(self.api_key and self.api_key.strip())

    @property
    def chat_timeouts(self) -> Timeouts:
        return _as_timeouts(self.chat_timeout, Timeouts.chat())

    @property
    def task_timeouts(self) -> Timeouts:
        return _as_timeouts(self.task_timeout, Timeouts.task())


def _as_timeouts(value: Timeouts | float, base: Timeouts) -> Timeouts:
    if isinstance(value, Timeouts):
        return value
    if value <= 0:
        raise ValueError(f"LLM timeout must be positive, got {value!r}")
    return replace(base, read=float(value))


def build_chat_model(config: LLMConfig, role: Role) -> OpenAIChatModel | None:
    """Build the client for `role`, or None when no API key is configured.

    None tells the caller to use its offline implementation. Servers that need
    no key (Ollama, vLLM) still need a placeholder key, which is their own
    documented convention, so "no key" reliably means "offline".
    """
    if role not in ("patient", "annotator"):
        raise ValueError(f"unknown LLM role: {role!r}")
    api_key = config.key_for(role)
    if api_key is None:
        return None
    common = {
        "api_key": api_key,
        "base_url": config.base_url_for(role),
        "breaker_threshold": config.breaker_threshold,
        "breaker_cooldown": config.breaker_cooldown,
    }
    if role == "patient":
        return OpenAIChatModel(
            model=config.patient_model,
            timeout=config.chat_timeouts,
            max_retries=config.chat_max_retries,
            temperature=config.patient_temperature,
            seed=config.patient_seed,
            max_tokens_param=config.patient_max_tokens_param or config.max_tokens_param,
            **common,  # type: ignore[arg-type]
        )
    return OpenAIChatModel(
        model=config.annotator_model,
        timeout=config.task_timeouts,
        max_retries=config.task_max_retries,
        temperature=config.annotator_temperature,
        seed=config.annotator_seed,
        max_tokens_param=config.annotator_max_tokens_param or config.max_tokens_param,
        **common,  # type: ignore[arg-type]
    )
