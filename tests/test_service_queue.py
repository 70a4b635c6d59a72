"""The durable ingestion queue on its own: one commit per accept, per-group reference-time
order, retries with backoff, failures kept, recovery, idempotency."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from chronomem.errors import UsageError
from chronomem.intake import EpisodeInput
from chronomem.service.db import ServiceDB
from chronomem.service.queue import Backoff, IdempotencyMismatch, IngestQueue, Status
from chronomem.testing import ManualClock
from tests.helpers import t


def item(text: str, when: str, group: str = "g1", episode_id: str | None = None) -> EpisodeInput:
    return EpisodeInput(content=text, group_id=group, reference_time=t(when), episode_id=episode_id)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(t("2024-06-01T00:00"))


@pytest.fixture
def queue(tmp_path: Path, clock: ManualClock) -> IngestQueue:
    return IngestQueue(
        ServiceDB(str(tmp_path / "q.db")),
        clock=clock,
        backoff=Backoff(max_attempts=3, base_s=10, cap_s=60),
    )


def test_accepted_episodes_are_committed_for_any_other_connection(tmp_path: Path) -> None:
    path = str(tmp_path / "q.db")
    accepted = IngestQueue(ServiceDB(path)).accept(
        [item("Alice: hi", "2024-01-01T10:00"), item("Bob: yo", "2024-01-01T11:00")]
    )
    other = IngestQueue(ServiceDB(path))  # as another process would open the file
    rows = [other.get("g1", e.id) for e in accepted.episodes]
    assert [r.status for r in rows if r] == [Status.QUEUED, Status.QUEUED]
    assert not accepted.replayed


def test_one_bad_episode_rejects_the_whole_batch(queue: IngestQueue) -> None:
    naive = EpisodeInput(content="x", group_id="g1", reference_time=datetime(2024, 1, 1))
    with pytest.raises(UsageError, match="reference_time"):
        queue.accept([item("Alice: fine", "2024-01-01T10:00"), naive])
    assert queue.depth()[Status.QUEUED] == 0


def test_a_group_runs_in_reference_time_order_one_episode_at_a_time(queue: IngestQueue) -> None:
    queue.accept([item("third", "2024-01-03T00:00")])
    queue.accept([item("first", "2024-01-01T00:00"), item("second", "2024-01-02T00:00")])
    queue.accept([item("other group", "2024-01-09T00:00", group="g2")])

    a = queue.claim()
    b = queue.claim()
    assert a is not None and a.episode.content == "first"
    assert b is not None and b.episode.content == "other group"  # g1 is busy
    assert queue.claim() is None
    queue.complete(a, entities=1, facts=0)
    order = []
    while (c := queue.claim()) is not None:
        order.append(c.episode.content)
        queue.complete(c, entities=0, facts=0)
    assert order == ["second", "third"]


def test_failures_back_off_then_stay_failed_with_their_error(
    queue: IngestQueue, clock: ManualClock
) -> None:
    (row,) = queue.accept([item("Alice: hi", "2024-01-01T10:00")]).episodes
    for attempt in (1, 2):
        claim = queue.claim()
        assert claim is not None and claim.attempts == attempt
        assert queue.fail(claim, f"boom {attempt}", retryable=True) is Status.QUEUED
        assert queue.claim() is None  # not due yet: backoff
        clock.advance(60)
    claim = queue.claim()
    assert claim is not None and claim.attempts == 3
    assert queue.fail(claim, "boom 3", retryable=True) is Status.FAILED
    failed = queue.get("g1", row.id)
    assert failed is not None and failed.status is Status.FAILED and failed.error == "boom 3"
    assert queue.depth()[Status.FAILED] == 1

    again = queue.retry("g1", row.id)
    assert again is not None and again.status is Status.QUEUED and again.attempts == 0


def test_a_permanent_failure_does_not_block_the_group(queue: IngestQueue) -> None:
    queue.accept([item("bad", "2024-01-01T00:00"), item("good", "2024-01-02T00:00")])
    bad = queue.claim()
    assert bad is not None
    queue.fail(bad, "UsageError: no", retryable=False)
    good = queue.claim()
    assert good is not None and good.episode.content == "good"


def test_a_store_failure_holds_its_group_past_the_deadline_but_not_other_groups(
    tmp_path: Path, clock: ManualClock
) -> None:
    queue = IngestQueue(
        ServiceDB(str(tmp_path / "q.db")),
        clock=clock,
        backoff=Backoff(base_s=10, cap_s=60, deadline_s=300),
    )
    queue.accept([item("first", "2024-01-01T00:00"), item("second", "2024-01-02T00:00")])
    queue.accept([item("elsewhere", "2024-01-01T00:00", group="g2")])
    seen, status = [], Status.QUEUED
    for _ in range(40):  # 40 minutes of retries, far past the deadline
        claim = queue.claim()
        if claim is None:
            clock.advance(60)
            continue
        seen.append(claim.episode.content)
        if claim.episode.group_id == "g2":
            queue.complete(claim, entities=0, facts=0)
        else:
            status = queue.fail(claim, "StoreUnavailableError: down", retryable=True)
    assert "elsewhere" in seen and "second" not in seen  # g2 runs; g1 keeps its order
    assert status is Status.FAILED and 3 <= seen.count("first") <= 8  # until the deadline
    clock.advance(3600)
    assert queue.claim() is None  # "second" waits behind the failed "first"
    (first,) = queue.list("g1", status=Status.FAILED)
    assert queue.retry("g1", first.id) is not None
    again = queue.claim()
    assert again is not None and again.episode.content == "first"
    queue.complete(again, entities=0, facts=0)
    after = queue.claim()
    assert after is not None and after.episode.content == "second"


def test_groups_are_served_round_robin_however_much_one_of_them_queued(
    queue: IngestQueue,
) -> None:
    queue.accept([item(f"flood {n}", f"2024-01-01T00:{n:02d}", group="big") for n in range(50)])
    queue.accept([item("small one", "2024-01-01T00:00", group="small")])
    queue.accept([item("tiny one", "2024-01-01T00:00", group="tiny")])
    served = []
    for _ in range(4):  # one worker: claim, finish, claim ...
        claim = queue.claim()
        assert claim is not None
        served.append(claim.episode.group_id)
        queue.complete(claim, entities=0, facts=0)
    assert served[:3].count("big") == 1 and {"small", "tiny"} <= set(served[:3])


def test_recover_puts_interrupted_episodes_back(queue: IngestQueue) -> None:
    queue.accept([item("Alice: hi", "2024-01-01T10:00")])
    assert queue.claim() is not None
    assert queue.claim() is None
    assert queue.recover() == 1
    again = queue.claim()
    assert again is not None and again.attempts == 2


def test_idempotency_key_replays_and_refuses_a_different_request(queue: IngestQueue) -> None:
    batch = [item("Alice: hi", "2024-01-01T10:00"), item("Bob: yo", "2024-01-01T11:00")]
    first = queue.accept(batch, idempotency=("key-1", "req-7"))
    second = queue.accept(batch, idempotency=("key-1", "req-7"))
    assert second.replayed
    assert [e.id for e in second.episodes] == [e.id for e in first.episodes]
    assert queue.depth()[Status.QUEUED] == 2
    with pytest.raises(IdempotencyMismatch, match="different request"):
        queue.accept(batch[:1], idempotency=("key-1", "req-7"))
    other_scope = queue.accept(batch, idempotency=("key-2", "req-7"))
    assert not other_scope.replayed


def test_a_client_episode_id_is_queued_once(queue: IngestQueue) -> None:
    one = queue.accept([item("Alice: hi", "2024-01-01T10:00", episode_id="msg-1")])
    two = queue.accept([item("Alice: hi", "2024-01-01T10:00", episode_id="msg-1")])
    assert one.episodes[0].id == two.episodes[0].id == "msg-1"
    assert queue.depth()[Status.QUEUED] == 1


def test_a_request_is_for_one_group(queue: IngestQueue) -> None:
    with pytest.raises(UsageError, match="one group"):
        queue.accept([item("a", "2024-01-01T00:00"), item("b", "2024-01-01T00:00", group="g2")])


def test_forgetting_a_group_drops_its_rows_only(queue: IngestQueue) -> None:
    queue.accept([item("a", "2024-01-01T00:00")], idempotency=("k", "r"))
    queue.accept([item("b", "2024-01-01T00:00", group="g2")])
    assert queue.forget_group("g1") == 1
    assert queue.list("g1") == []
    assert len(queue.list("g2")) == 1
    assert not queue.accept([item("a", "2024-01-01T00:00")], idempotency=("k", "r")).replayed


def test_done_rows_drop_their_content_but_keep_their_status(tmp_path: Path) -> None:
    path = str(tmp_path / "q.db")
    queue = IngestQueue(ServiceDB(path))
    (row,) = queue.accept([item("Alice: a secret", "2024-01-01T10:00")]).episodes
    claim = queue.claim()
    assert claim is not None
    assert queue.complete(claim, entities=1, facts=2)
    done = queue.get("g1", row.id)
    assert done is not None and (done.status, done.entities, done.facts) == (Status.DONE, 1, 2)
    db = ServiceDB(path)
    with db.read("test") as conn:
        (content,) = conn.execute("SELECT content FROM service_queue").fetchone()
    assert content == ""
