"""Retries, Retry-After, timeouts, exhausted retries and the shared concurrency limit,
all through the real openai SDK against the fake server on 127.0.0.1."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest
from pydantic import BaseModel

from chronomem.accounting import collect
from chronomem.errors import ProviderHTTPError, UsageError
from chronomem.providers import RetryPolicy
from chronomem.providers.resilience import ConcurrencyLimiter, parse_retry_after
from chronomem.testing.fake_openai import FakeOpenAIServer
from tests.llm_support import SYSTEM_AND_USER, make_llm


class Answer(BaseModel):
    x: int
    y: list[str]


GOOD = {"x": 1, "y": ["a"]}


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def test_429_waits_what_retry_after_asks_then_succeeds(server):
    server.enqueue(status=429, headers={"Retry-After": "0.4"})
    server.enqueue(GOOD)
    with collect() as usage:
        answer = make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="extract")
    assert answer.x == 1
    first, second = server.chat_requests()
    assert second.started - first.finished >= 0.35  # honoured, not the 10 ms backoff
    (call,) = usage.calls
    assert call.retries == 1 and call.latency_s >= 0.35


def test_retry_after_ms_is_honoured_too(server):
    server.enqueue(status=429, headers={"retry-after-ms": "250"})
    server.enqueue(GOOD)
    make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="p")
    first, second = server.chat_requests()
    assert second.started - first.finished >= 0.2


def test_a_timeout_is_retried_then_raised_as_provider_http_error(server):
    for _ in range(3):  # FAST_RETRY: 1 attempt + 2 retries, each slower than the timeout
        server.enqueue(GOOD, delay_s=0.6)
    llm = make_llm(server, timeout_s=0.15)
    started = time.monotonic()
    with pytest.raises(ProviderHTTPError) as err:
        llm.complete_json(SYSTEM_AND_USER, Answer, name="extract")
    assert "timed out after 0.15s" in str(err.value)
    assert "after 3 attempts" in str(err.value)
    assert time.monotonic() - started < 1.5  # the client gave up each time, it did not wait
    time.sleep(0.7)  # let the server finish its slow replies before counting
    assert len(server.chat_requests()) == 3


def test_a_timeout_then_an_answer_succeeds(server):
    server.enqueue(GOOD, delay_s=0.6)
    server.enqueue(GOOD)
    with collect() as usage:
        make_llm(server, timeout_s=0.15).complete_json(SYSTEM_AND_USER, Answer, name="p")
    assert usage.calls[0].retries == 1


def test_500s_until_retries_run_out_give_a_clear_error(server):
    for _ in range(5):
        server.enqueue(status=500)
    llm = make_llm(server, retry_policy=RetryPolicy(max_retries=3, backoff_base_s=0.01))
    with pytest.raises(ProviderHTTPError) as err:
        llm.complete_json(SYSTEM_AND_USER, Answer, name="resolve")
    assert err.value.status_code == 500
    message = str(err.value)
    assert "'resolve'" in message and "after 4 attempts" in message and "HTTP 500" in message
    assert len(server.chat_requests()) == 4
    assert server.pending() == 1


def test_a_400_is_not_retried_and_says_how_to_fix_it(server):
    server.enqueue({"error": {"message": "response_format json_schema unsupported"}}, status=400)
    with pytest.raises(ProviderHTTPError) as err:
        make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="extract")
    assert err.value.status_code == 400
    assert "output_mode='json_object'" in str(err.value)
    assert len(server.chat_requests()) == 1


def test_a_401_points_at_the_api_key(server):
    server.enqueue({"error": {"message": "bad key"}}, status=401)
    with pytest.raises(ProviderHTTPError, match="API key"):
        make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="extract")


def test_one_limit_per_client_holds_under_50_parallel_calls(server):
    server.latency_s = 0.03
    llm = make_llm(server, max_concurrency=4)

    def call(i: int) -> int:
        server.enqueue({"x": i, "y": []})
        return llm.complete_json(SYSTEM_AND_USER, Answer, name="extract").x

    with ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(call, range(50)))
    assert sorted(answers) == list(range(50))
    assert len(server.chat_requests()) == 50
    assert server.max_in_flight == 4  # never more, and the limit was actually reached
    assert llm.limiter.peak == 4


def test_the_limiter_is_released_while_waiting_between_retries(server):
    """A call backing off must not hold a slot: others keep going meanwhile."""
    server.enqueue(status=429, headers={"Retry-After": "0.5"})
    server.enqueue(GOOD)
    server.enqueue(GOOD)
    llm = make_llm(server, max_concurrency=1)
    with ThreadPoolExecutor(max_workers=2) as pool:
        slow = pool.submit(llm.complete_json, SYSTEM_AND_USER, Answer, name="a")
        time.sleep(0.1)
        started = time.monotonic()
        pool.submit(llm.complete_json, SYSTEM_AND_USER, Answer, name="b").result()
        assert time.monotonic() - started < 0.4
        slow.result()


def test_parse_retry_after_reads_seconds_milliseconds_and_http_dates():
    now = datetime(2024, 1, 1, 12, 0, 0, tzinfo=UTC)
    assert parse_retry_after({"Retry-After": "3"}) == 3.0
    assert parse_retry_after({"retry-after-ms": "1500", "Retry-After": "9"}) == 1.5
    assert parse_retry_after({"Retry-After": "Mon, 01 Jan 2024 12:00:05 GMT"}, now=now) == 5.0
    assert parse_retry_after({"Retry-After": "soon"}) is None
    assert parse_retry_after({}) is None


def test_retry_policy_backs_off_exponentially_and_caps_retry_after():
    policy = RetryPolicy(backoff_base_s=0.5, backoff_max_s=3.0, max_retry_after_s=10.0, jitter=0.0)
    assert [policy.delay(n, None) for n in (1, 2, 3, 4, 5)] == [0.5, 1.0, 2.0, 3.0, 3.0]
    assert policy.delay(1, 4.0) == 4.0
    assert policy.delay(1, 999.0) == 10.0


def test_limits_must_be_positive():
    with pytest.raises(UsageError):
        ConcurrencyLimiter(0)
    with pytest.raises(UsageError):
        RetryPolicy(max_retries=-1)
