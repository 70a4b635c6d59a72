"""The Ingestor: the one path into the memory, duplicate ids caught before extraction, and
same-group writers (threads and processes) that wait their turn instead of failing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Sequence
from pathlib import Path

from chronomem import Memory
from chronomem.extractors import RuleExtractor
from chronomem.intake import EpisodeInput
from chronomem.model import Episode, Extraction, Resolution, ResolutionRequest
from chronomem.testing import HashEmbedder
from tests.conftest import MemoryFactory
from tests.helpers import t

SRC = str(Path(__file__).resolve().parents[1] / "src")


class CountingExtractor:
    """The rule extractor, counting how often each round runs."""

    def __init__(self) -> None:
        self.inner = RuleExtractor()
        self.extracted: list[str] = []
        self.resolved = 0

    def extract(self, episode: Episode, previous: Sequence[Episode]) -> Extraction:
        self.extracted.append(episode.id)
        return self.inner.extract(episode, previous)

    def resolve(self, request: ResolutionRequest) -> Resolution:
        self.resolved += 1
        return self.inner.resolve(request)


def test_a_stored_episode_id_is_a_no_op_before_any_extraction(make_memory: MemoryFactory) -> None:
    counting = CountingExtractor()
    memory = make_memory(extractor=counting)
    first = memory.add_episode(
        "Alice: I work at Google.", group_id="g", reference_time=t("2024-01-01"), episode_id="e1"
    )
    assert first.facts and not first.stored_already
    again = memory.add_episode(
        "Alice: I work at Meta.", group_id="g", reference_time=t("2024-02-01"), episode_id="e1"
    )
    assert again.stored_already
    assert again.episode.content == "Alice: I work at Google."  # the stored one is returned
    assert (again.entities, again.facts) == ((), ())
    assert counting.extracted == ["e1"]  # the repeat never reached the extractor
    facts = memory.search("Where does Alice work?", group_id="g").facts
    assert [f.fact for f in facts if "Meta" in f.fact] == []


def test_a_batch_repeating_an_id_extracts_and_writes_it_once(make_memory: MemoryFactory) -> None:
    counting = CountingExtractor()
    memory = make_memory(extractor=counting)
    memory.add_episode(
        "Bob: I live in Rome.", group_id="g", reference_time=t("2024-01-01"), episode_id="old"
    )
    batch = [
        EpisodeInput("Bob: I play chess.", "g", t("2024-01-02"), episode_id="a"),
        EpisodeInput("Bob: I play chess.", "g", t("2024-01-02"), episode_id="a"),
        EpisodeInput("Bob: I live in Rome.", "g", t("2024-01-03"), episode_id="old"),
    ]
    results = memory.add_episodes(batch)
    assert [r.stored_already for r in results] == [False, True, True]
    assert counting.extracted == ["old", "a"]
    assert len(memory.recent_episodes(group_id="g", limit=10)) == 2


def test_threads_writing_one_group_all_land(tmp_path: Path) -> None:
    """Four threads, four Memory objects on one file, one group: no ConflictError."""
    path = str(tmp_path / "m.db")
    errors: list[BaseException] = []

    def write(n: int) -> None:
        with Memory(path, embedder=HashEmbedder()) as memory:
            for i in range(25):
                try:
                    memory.add_episode(
                        f"User{n}: I met Friend{n}x{i} at the library today.",
                        group_id="shared",
                        reference_time=t("2024-01-01T10:00"),
                        episode_id=f"t{n}-{i}",
                    )
                except BaseException as exc:  # collected, asserted below
                    errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with Memory(path, embedder=HashEmbedder()) as memory:
        stored = memory.recent_episodes(group_id="shared", limit=1000)
    assert sorted(e.id for e in stored) == sorted(f"t{n}-{i}" for n in range(4) for i in range(25))


WRITER = textwrap.dedent(
    """
    import sys
    from datetime import UTC, datetime, timedelta
    from chronomem import Memory
    from chronomem.testing import HashEmbedder

    path, n, count, shared = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    start = datetime(2024, 1, 1, tzinfo=UTC)
    with Memory(path, embedder=HashEmbedder()) as memory:
        for i in range(count):
            memory.add_episode(
                f"User{n}: I met Friend{n}x{i} at the library and we talked about Book{i}.",
                group_id="shared",
                reference_time=start + timedelta(minutes=i),
                episode_id=f"p{n}-{i}",
            )
            if i < shared:  # every process also sends the same shared episodes
                memory.add_episode(
                    f"Everyone: the club meets on day {i}.",
                    group_id="shared",
                    reference_time=start + timedelta(minutes=i),
                    episode_id=f"shared-{i}",
                )
    print("done", n)
    """
)


def test_four_processes_writing_one_group_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    """4 processes x 300 episodes into one group of one SQLite file (issue 11, item 8)."""
    path = str(tmp_path / "m.db")
    Memory(path, embedder=HashEmbedder()).close()  # create the file and bind the embedder
    count, shared = 300, 20
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, path, str(n), str(count), str(shared)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    outputs = [p.communicate(timeout=540) for p in procs]
    for p, (out, err) in zip(procs, outputs, strict=True):
        assert p.returncode == 0, err[-3000:]
        assert out.startswith("done")
    with Memory(path, embedder=HashEmbedder()) as memory:
        stored = memory.recent_episodes(group_id="shared", limit=10_000)
    ids = [e.id for e in stored]
    expected = {f"p{n}-{i}" for n in range(4) for i in range(count)}
    expected |= {f"shared-{i}" for i in range(shared)}
    assert len(ids) == len(set(ids))  # nothing duplicated
    assert set(ids) == expected  # nothing lost
