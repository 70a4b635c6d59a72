"""Small helpers every provider adapter shares: lazy extras, API keys, offline switch."""

from __future__ import annotations

import importlib
import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from urllib.parse import urlsplit

from chronomem.errors import UsageError
from chronomem.providers.resilience import (
    ConcurrencyLimiter,
    Failure,
    RetryPolicy,
    parse_retry_after,
)
from chronomem.providers.settings import Settings

_RETRYABLE_STATUS = frozenset({408, 409, 425, 429})


def import_extra(module: str, extra: str) -> ModuleType:
    """Import an optional dependency, or say which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise UsageError(
            f'this provider needs the {module!r} package: pip install "chronomem[{extra}]"'
        ) from None


def is_loopback(url: str | None) -> bool:
    """True for http(s)://localhost, 127.x.x.x or [::1] URLs."""
    if not url:
        return False
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_offline(base_url: str | None, settings: Settings, *, what: str) -> None:
    """Refuse a non-loopback endpoint when ``CHRONOMEM_OFFLINE`` is true."""
    if settings.offline and not is_loopback(base_url):
        raise UsageError(
            f"{what}: CHRONOMEM_OFFLINE is true, so only 127.0.0.1/localhost endpoints are "
            f"allowed, not {base_url or 'the vendor default'}; unset CHRONOMEM_OFFLINE "
            "(or set it to false) to call a remote provider"
        )


def settings_for(settings: Settings | None, *, explicit: bool) -> Settings:
    """The settings a provider constructor uses: ``settings`` when given; plain defaults
    when the caller passed everything the provider needs (``explicit``), so a provider
    built from arguments never reads the environment; else :meth:`Settings.from_env`."""
    if settings is not None:
        return settings
    return Settings() if explicit else Settings.from_env()


def resolve_api_key(key: str | None, base_url: str | None, *, what: str, env_names: str) -> str:
    """The key to send. A custom ``base_url`` (local servers) may go without one."""
    if key:
        return key
    if base_url:
        return "no-key"  # Ollama, vLLM, LM Studio, llama.cpp ignore the key
    raise UsageError(f"{what} needs an API key: pass api_key=... or set {env_names}")


@dataclass(frozen=True, slots=True)
class Connection:
    """What every SDK-backed adapter resolves the same way: endpoint, key, per-call timeout,
    retry policy and its one concurrency limiter (shared by every call of the client)."""

    base_url: str | None
    api_key: str
    timeout_s: float
    retry: RetryPolicy
    limiter: ConcurrencyLimiter


def resolve_connection(
    settings: Settings,
    *,
    what: str,
    env_names: str,
    base_url: str | None,
    api_key: str | None,
    timeout_s: float | None,
    max_retries: int | None,
    max_concurrency: int | None,
    retry_policy: RetryPolicy | None,
) -> Connection:
    """Arguments first, then ``settings``; refuses remote endpoints in offline mode."""
    check_offline(base_url, settings, what=what)
    retries = max_retries if max_retries is not None else settings.llm_max_retries
    return Connection(
        base_url=base_url,
        api_key=resolve_api_key(api_key, base_url, what=what, env_names=env_names),
        timeout_s=timeout_s if timeout_s is not None else settings.llm_timeout_s,
        retry=retry_policy or RetryPolicy(max_retries=retries),
        limiter=ConcurrencyLimiter(max_concurrency or settings.llm_max_concurrency),
    )


def status_failure(status: int, message: str, headers: Mapping[str, str]) -> Failure:
    """An HTTP error status as a :class:`Failure` (429, 408, 5xx are retryable)."""
    retryable = status in _RETRYABLE_STATUS or status >= 500
    return Failure(
        f"HTTP {status}: {message}",
        retryable=retryable,
        status_code=status,
        retry_after_s=parse_retry_after(headers) if retryable else None,
    )


def sdk_failure(sdk: ModuleType, exc: BaseException, *, timeout_s: float) -> Failure | None:
    """Translate an exception of the ``openai`` or ``anthropic`` SDK (both Stainless-built,
    with the same exception names); ``None`` for anything else."""
    if isinstance(exc, sdk.APITimeoutError):
        return Failure(f"timed out after {timeout_s:g}s", retryable=True)
    if isinstance(exc, sdk.APIStatusError):
        return status_failure(exc.status_code, exc.message, exc.response.headers)
    if isinstance(exc, sdk.APIConnectionError):
        return Failure(f"connection failed ({exc})", retryable=True)
    return None
