"""Stage held's rows kept across ingest calls (``engine/held_cache.py``): what a user relies
on is that the values an episode is read with are those a fresh read of the store gives --
whoever else writes to the file, in whichever group, whatever was deleted."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from chronomem import Memory
from chronomem.engine.held import HeldValues
from chronomem.engine.held_cache import HeldCache
from chronomem.model import Episode
from chronomem.testing import ManualClock, SequentialIds
from tests.test_far_endings import START, _seen

STORY = [
    ("Nina", "I live in Leeds."),
    ("Nina", "My brother Sam works at Tesco."),
    ("Nina", "I drive a Honda Civic."),
    ("Nina", "I moved to York last week."),
    ("Nina", "Sam quit Tesco, he works at Aldi now."),
    ("Nina", "sold my car yesterday"),
    ("Omar", "Nina and Sam came over for dinner."),
]


def _memory(embedder, path: str = ":memory:", prefix: str = "e") -> Memory:  # type: ignore[no-untyped-def]
    return Memory(path, embedder=embedder, clock=ManualClock(START), ids=SequentialIds(prefix))


def _say(memory: Memory, n: int, speaker: str, text: str, group: str = "g") -> None:
    when = START + timedelta(days=n)
    memory.clock.set(when + timedelta(seconds=1))  # type: ignore[attr-defined]
    memory.add_episode(f"{speaker}: {text}", group_id=group, reference_time=when)


def _probe(text: str, group: str = "g", day: int = 60) -> Episode:
    when = START + timedelta(days=day)
    return Episode(f"probe-{day}", group, text, "message", when, when)


def _told(held: HeldValues | None, probe: Episode) -> set[tuple[str, str, str]]:
    assert held is not None
    return {(f.source, f.relation, f.target) for f in held.of(probe).facts}


def _kept(memory: Memory, probe: Episode) -> set[tuple[str, str, str]]:
    """What the memory's next ingest call would give ``probe`` (the kept rows)."""
    return _told(memory.ingestor.held([probe]), probe)


def _fresh(memory: Memory, probe: Episode) -> set[tuple[str, str, str]]:
    """What a read of the store alone gives."""
    return _told(HeldValues(memory.store, [probe]), probe)


@pytest.fixture
def reads() -> Iterator[Callable[[Memory], dict[str, int]]]:
    """Count a memory's store reads of stage held (per method name)."""

    def count(memory: Memory) -> dict[str, int]:
        counts = dict.fromkeys(("find_entities", "facts_of_entities", "get_entities"), 0)
        for name in counts:
            inner = getattr(memory.store, name)

            def counted(*args, _inner=inner, _name=name, **kwargs):  # type: ignore[no-untyped-def]
                counts[_name] += 1
                return _inner(*args, **kwargs)

            setattr(memory.store, name, counted)
        return counts

    yield count


def test_the_kept_rows_give_what_a_fresh_read_gives_after_every_message(embedder) -> None:  # type: ignore[no-untyped-def]
    probe = _probe("Nina: Sam and I are fine")
    with _memory(embedder) as memory:
        for n, (speaker, text) in enumerate(STORY):
            _say(memory, n, speaker, text)
            assert _kept(memory, probe) == _fresh(memory, probe), text
        told = _kept(memory, probe)
        assert ("Nina", "LIVES_IN", "York") in told and ("Sam", "WORKS_AT", "Aldi") in told
        assert not {t for t in told if t[2] in ("Leeds", "Tesco")}  # ended: not held


def test_a_call_of_repeats_only_reads_nothing(embedder, reads) -> None:  # type: ignore[no-untyped-def]
    with _memory(embedder) as memory:
        memory.add_episode(
            "Nina: I live in Leeds.", group_id="g", reference_time=START, episode_id="x"
        )
        counts = reads(memory)
        again = memory.add_episode(
            "Nina: I live in Leeds.", group_id="g", reference_time=START, episode_id="x"
        )
        assert again.stored_already and counts == dict.fromkeys(counts, 0)


def test_a_second_process_writing_to_the_file_is_seen(embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = str(tmp_path / "m.db")
    probe = _probe("Nina: hello")
    with _memory(embedder, path, "a") as one, _memory(embedder, path, "b") as other:
        _say(one, 0, "Nina", "I drive a Honda Civic.")
        assert ("Nina", "DRIVES", "Honda Civic") in _kept(one, probe)
        _say(other, 1, "Nina", "I sold the Honda Civic, I drive a Tesla Model 3 now.")
        assert _kept(one, probe) == _fresh(one, probe)
        assert ("Nina", "DRIVES", "Tesla Model 3") in _kept(one, probe)
        assert ("Nina", "DRIVES", "Honda Civic") not in _kept(one, probe)


def test_a_group_deleted_and_written_again_to_the_same_version_is_read_anew(  # type: ignore[no-untyped-def]
    embedder, tmp_path: Path
) -> None:
    path = str(tmp_path / "m.db")
    probe = _probe("Nina: hello")
    with _memory(embedder, path, "a") as one, _memory(embedder, path, "b") as other:
        _say(one, 0, "Nina", "I drive a Honda Civic.")
        assert ("Nina", "DRIVES", "Honda Civic") in _kept(one, probe)
        version = one.store.group_version("g")
        other.delete_group("g")
        _say(other, 0, "Nina", "I drive a Tesla Model 3.")
        assert one.store.group_version("g") == version  # the version alone cannot tell
        assert ("Nina", "DRIVES", "Honda Civic") not in _kept(one, probe)
        assert ("Nina", "DRIVES", "Tesla Model 3") in _kept(one, probe)


def test_one_tenant_never_sees_another_tenants_values(embedder) -> None:  # type: ignore[no-untyped-def]
    with _memory(embedder) as memory:
        _say(memory, 0, "Nina", "I drive a Honda Civic.", group="a")
        _say(memory, 1, "Nina", "I drive a Tesla Model 3.", group="b")
        in_a, in_b = _probe("Nina: hi", "a"), _probe("Nina: hi", "b")
        assert {t[2] for t in _kept(memory, in_a)} == {"Honda Civic"}
        assert {t[2] for t in _kept(memory, in_b)} == {"Tesla Model 3"}
        _say(memory, 2, "Nina", "I live in Leeds.", group="a")
        assert ("Nina", "LIVES_IN", "Leeds") not in _kept(memory, in_b)


def test_a_deleted_value_is_not_resurrected(embedder) -> None:  # type: ignore[no-untyped-def]
    probe = _probe("Nina: hi")
    with _memory(embedder) as memory:
        _say(memory, 0, "Nina", "I drive a Honda Civic.")
        _say(memory, 1, "Nina", "I live in Leeds.")
        assert {"Honda Civic", "Leeds"} <= {t[2] for t in _kept(memory, probe)}
        civic = memory.store.recent_episodes("g", limit=5)[-1]
        assert memory.delete_episode(civic.id, group_id="g")
        assert "Honda Civic" not in {t[2] for t in _kept(memory, probe)}
        (leeds,) = [f for f in memory.store.list_facts("g") if f.relation == "LIVES_IN"]
        assert memory.delete_fact(leeds.id, group_id="g")
        assert _kept(memory, probe) == _fresh(memory, probe) == set()
        _say(memory, 2, "Nina", "the weather is nice")
        assert _kept(memory, probe) == set()


def test_the_same_story_gives_the_same_memory_with_the_rows_kept_or_not(  # type: ignore[no-untyped-def]
    embedder, reads, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _memory(embedder) as kept:
        kept_reads = reads(kept)
        for n, (speaker, text) in enumerate(STORY):
            _say(kept, n, speaker, text)
        monkeypatch.setattr(HeldCache, "written", lambda self, changes: self.drop())
        with _memory(embedder) as fresh:
            fresh_reads = reads(fresh)
            for n, (speaker, text) in enumerate(STORY):
                _say(fresh, n, speaker, text)
            assert _seen(kept) == _seen(fresh)
            # the same reads but stage held's: a person's facts are read once, not per call
            assert kept_reads["facts_of_entities"] < fresh_reads["facts_of_entities"]
            assert kept_reads["get_entities"] < fresh_reads["get_entities"]
            ended = [s for s in _seen(kept) if s[4] is not None]
            assert ("Sam", "WORKS_AT", "Tesco") in [s[:3] for s in ended]


def test_the_rows_follow_the_re_read_of_the_turns_after_a_late_message(embedder) -> None:  # type: ignore[no-untyped-def]
    """A late message re-reads the turns after it (their facts rewritten, some deleted):
    the kept rows follow those writes too."""
    probe = _probe("Nina: Sam and I are fine")
    with _memory(embedder) as memory:
        for n, (speaker, text) in enumerate(STORY[:4]):
            _say(memory, n + 10, speaker, text)
        _say(memory, 1, "Nina", "My brother Sam moved to Hull.")  # told before the others
        assert _kept(memory, probe) == _fresh(memory, probe)
        assert ("Sam", "LIVES_IN", "Hull") in _kept(memory, probe)
        _say(memory, 20, "Nina", "Sam works at Aldi now.")
        assert _kept(memory, probe) == _fresh(memory, probe)


def test_a_trip_told_with_its_days_is_held_until_it_ends_and_can_be_called_off(embedder) -> None:  # type: ignore[no-untyped-def]
    """Round 22: a trip told with its end ahead ("flying to Lisbon on 10 March for a week")
    was no held value (it has an end), so "Lisbon is off" found nothing to call off."""
    with _memory(embedder) as memory:
        _say(memory, 0, "Nina", "I'm flying to Lisbon on 10 March for a week")
        before = _probe("Nina: Lisbon is off", day=40)  # 10 Feb: the trip is ahead
        assert ("Nina", "VISITED", "Lisbon") in _kept(memory, before)
        assert _kept(memory, before) == _fresh(memory, before)
        after = _probe("Nina: back home", day=90)  # 31 March: over
        assert ("Nina", "VISITED", "Lisbon") not in _kept(memory, after)
        _say(memory, 40, "Nina", "update: Lisbon is off, work got in the way")
        facts = [f for f in memory.store.list_facts("g") if f.relation == "VISITED"]
        assert facts and all(
            f.invalid_at is not None and f.invalid_at <= START + timedelta(days=40) for f in facts
        )
