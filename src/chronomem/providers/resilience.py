"""Retries, backoff and one concurrency limit per client: the policy every provider shares.

Vendor SDKs are called with their own retries switched off; :func:`call_with_retries` owns
the loop so that every adapter retries the same way and reports how often it did:

* 429 (rate limited): wait what ``Retry-After`` / ``retry-after-ms`` asks (capped), else back
  off exponentially;
* 5xx, timeouts, dropped connections: back off exponentially with jitter;
* any other HTTP error (400, 401, 404, ...): fail at once — retrying cannot fix it.

The :class:`ConcurrencyLimiter` is created once per client and held only while a request is
on the wire (never while sleeping between attempts), so N threads calling one client never
have more than ``limit`` requests in flight, whatever mix of prompts they send.
"""

from __future__ import annotations

import email.utils
import logging
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

from chronomem.errors import ProviderHTTPError, UsageError

__all__ = [
    "ConcurrencyLimiter",
    "Failure",
    "RetryPolicy",
    "call_with_retries",
    "parse_retry_after",
]

log = logging.getLogger("chronomem.providers")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How often and how long to wait between attempts.

    ``max_retries`` counts retries, not attempts: 4 means up to 5 requests. The wait before
    retry ``n`` (1-based) is ``min(backoff_max_s, backoff_base_s * 2 ** (n - 1))`` plus up to
    ``jitter`` of itself, unless the server said how long to wait (``Retry-After``), which is
    honoured up to ``max_retry_after_s``.
    """

    max_retries: int = 4
    backoff_base_s: float = 0.5
    backoff_max_s: float = 20.0
    max_retry_after_s: float = 60.0
    jitter: float = 0.2

    def __post_init__(self) -> None:
        if self.max_retries < 0:
            raise UsageError("max_retries must be >= 0")
        if self.backoff_base_s < 0 or self.backoff_max_s < 0 or self.max_retry_after_s < 0:
            raise UsageError("backoff times must be >= 0 seconds")

    def delay(self, retry: int, retry_after_s: float | None) -> float:
        """Seconds to wait before retry number ``retry`` (1-based)."""
        if retry_after_s is not None:
            return min(max(retry_after_s, 0.0), self.max_retry_after_s)
        base = min(self.backoff_max_s, self.backoff_base_s * 2 ** (retry - 1))
        return base * (1.0 + self.jitter * random.random())


@dataclass(frozen=True, slots=True)
class Failure:
    """A vendor exception translated into what the retry loop needs to know."""

    message: str
    retryable: bool
    status_code: int | None = None
    retry_after_s: float | None = None


Translate = Callable[[BaseException], Failure | None]


class ConcurrencyLimiter:
    """At most ``limit`` requests in flight, across every thread using the same client."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise UsageError(f"max_concurrency must be >= 1, got {limit}")
        self._limit = limit
        self._semaphore = threading.BoundedSemaphore(limit)
        self._lock = threading.Lock()
        self._in_flight = 0
        self._peak = 0

    @property
    def limit(self) -> int:
        return self._limit

    @property
    def peak(self) -> int:
        """The highest number of requests that were in flight at once."""
        return self._peak

    @contextmanager
    def slot(self) -> Iterator[None]:
        with self._semaphore:
            with self._lock:
                self._in_flight += 1
                self._peak = max(self._peak, self._in_flight)
            try:
                yield
            finally:
                with self._lock:
                    self._in_flight -= 1


def parse_retry_after(headers: Mapping[str, str], *, now: datetime | None = None) -> float | None:
    """Seconds the server asked us to wait: ``retry-after-ms``, then ``Retry-After``.

    ``Retry-After`` may be a number of seconds or an HTTP date. Unparseable values are ignored.
    """
    lowered = {k.lower(): v for k, v in headers.items()}
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            return max(float(millis) / 1000.0, 0.0)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max((when - (now or datetime.now(UTC))).total_seconds(), 0.0)


def call_with_retries(
    send: Callable[[], T],
    *,
    what: str,
    policy: RetryPolicy,
    limiter: ConcurrencyLimiter,
    translate: Translate,
    sleep: Callable[[float], None] = time.sleep,
) -> tuple[T, int]:
    """Run ``send`` under the limiter, retrying per ``policy``; return ``(result, retries)``.

    ``translate`` turns a vendor exception into a :class:`Failure` (``None``: not ours, let it
    propagate). When retries run out, or the failure is not retryable, raise
    :class:`ProviderHTTPError` naming ``what`` and the last failure.
    """
    retries = 0
    while True:
        try:
            with limiter.slot():
                return send(), retries
        except Exception as exc:  # translated, or re-raised when not a vendor error
            failure = translate(exc)
            if failure is None:
                raise
            if not failure.retryable or retries >= policy.max_retries:
                raise _final_error(what, failure, retries) from exc
            retries += 1
            wait = policy.delay(retries, failure.retry_after_s)
            log.warning(
                "%s: %s; retry %d/%d in %.2fs",
                what,
                failure.message,
                retries,
                policy.max_retries,
                wait,
            )
            sleep(wait)


def _final_error(what: str, failure: Failure, retries: int) -> ProviderHTTPError:
    attempts = retries + 1
    if not failure.retryable:
        hint = _hint(failure.status_code)
        return ProviderHTTPError(
            f"{what} failed: {failure.message}{hint}", status_code=failure.status_code
        )
    return ProviderHTTPError(
        f"{what} failed after {attempts} attempt{'s' if attempts > 1 else ''}: "
        f"{failure.message}. The provider is overloaded, rate-limiting or unreachable; "
        "lower max_concurrency, raise max_retries or timeout_s, or try again later",
        status_code=failure.status_code,
    )


def _hint(status: int | None) -> str:
    if status in (401, 403):
        return " — check the API key (argument api_key, or its variable in docs/environment.md)"
    if status == 404:
        return " — check base_url (it usually ends in /v1) and the model name"
    if status in (400, 422):
        return (
            " — the server rejected the request; if it does not support JSON-schema output, "
            "use output_mode='json_object' or 'tool'"
        )
    return ""
