"""Values that hold within another end with it (``engine/dependents.py``), end to end.

A title told with an employer is the role at that employer: a new employer, or leaving,
closes it unless the new message says the title again; a title told on its own survives.
A manager named while at an employer ends with the job. Both orders of arrival give the
same timeline. Sentences written for these tests, in several voices.
"""

from __future__ import annotations

import pytest

from chronomem import Memory
from tests.real_embedder import facts_about, target_name, told_memory

pytestmark = pytest.mark.local_model


def held(memory: Memory, who: str, relation: str) -> dict[str, bool]:
    """Target name -> still current, for every fact of ``relation`` about ``who``."""
    return {
        target_name(memory, f): f.invalid_at is None and f.expired_at is None
        for f in facts_about(memory, who, relation)
    }


TITLE_ENDS = [
    # (turns, who, the title told with the old employer)
    (
        [("2024-02-01T09:00", "Priya: I joined Halvard Foods as a data analyst"),
         ("2024-06-10T09:00", "Priya: started at Quenby Labs this week!")],
        "Priya", "data analyst",
    ),
    (
        [("2024-02-01T09:00",
          "Edwin: I am pleased to confirm that I have joined Corlin & Webb as office manager."),
         ("2024-09-02T09:00", "Edwin: Please note that I am now employed by Ashdown Partners.")],
        "Edwin", "office manager",
    ),
    (
        [("2024-02-01T09:00", "Tomek: my sister Ola works at Brightwell as a pharmacist"),
         ("2024-05-01T09:00", "Tomek: Ola left Brightwell, she's at Larchmont now")],
        "Ola", "pharmacist",
    ),
    (
        [("2024-02-01T09:00", "Jules: im a line cook at marrow & bone lol"),
         ("2024-04-01T09:00", "Jules: quit marrow & bone yesterday, done with kitchens")],
        "Jules", "line cook",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("turns", "who", "title"), TITLE_ENDS, ids=lambda v: str(v)[:40])
def test_a_title_told_with_an_employer_ends_with_that_job(
    embedder, turns: list[tuple[str, str]], who: str, title: str
) -> None:  # type: ignore[no-untyped-def]
    with told_memory(embedder, turns) as memory:
        titles = held(memory, who, "HAS_JOB_TITLE")
        assert titles.get(title) is False, titles


def test_a_title_said_again_with_the_new_employer_stays(embedder) -> None:  # type: ignore[no-untyped-def]
    turns = [
        ("2024-02-01T09:00", "Noor: I'm a barista at Kettle Corner"),
        ("2024-05-01T09:00", "Noor: I'm a barista at Ferngate Coffee now, way better tips"),
    ]
    with told_memory(embedder, turns) as memory:
        assert held(memory, "Noor", "HAS_JOB_TITLE") == {"barista": True}
        assert held(memory, "Noor", "WORKS_AT").get("Ferngate Coffee") is True


def test_a_title_told_on_its_own_survives_a_new_employer(embedder) -> None:  # type: ignore[no-untyped-def]
    turns = [
        ("2024-02-01T09:00", "Ines: I work at Oakridge Clinic"),
        ("2024-02-03T09:00", "Ines: I'm a nurse, nights mostly"),
        ("2024-07-01T09:00", "Ines: just got hired by Saint Elm Hospital"),
    ]
    with told_memory(embedder, turns) as memory:
        assert held(memory, "Ines", "HAS_JOB_TITLE").get("nurse") is True
        assert held(memory, "Ines", "WORKS_AT").get("Oakridge Clinic") is False


def test_the_same_timeline_whichever_message_arrives_first(embedder) -> None:  # type: ignore[no-untyped-def]
    told = [
        ("2024-01-08T09:00", "Priya: I joined Halvard Foods as a data analyst"),
        ("2024-06-10T09:00", "Priya: started at Quenby Labs this week!"),
    ]
    ends = []
    for turns in (told, told[::-1]):
        with told_memory(embedder, turns) as memory:
            (title,) = facts_about(memory, "Priya", "HAS_JOB_TITLE")
            ends.append((title.valid_at, title.invalid_at))
    assert ends[0] == ends[1]
    assert ends[0][1] is not None


def test_deleting_the_new_job_reopens_the_title(embedder) -> None:  # type: ignore[no-untyped-def]
    turns = [
        ("2024-02-01T09:00", "Priya: I joined Halvard Foods as a data analyst"),
        ("2024-06-10T09:00", "Priya: started at Quenby Labs this week!"),
    ]
    with told_memory(embedder, turns) as memory:
        newest = memory.recent_episodes(group_id="g", limit=1)[0]
        memory.delete_episode(newest.id, group_id="g")
        assert held(memory, "Priya", "HAS_JOB_TITLE") == {"data analyst": True}


MANAGER_ENDS = [
    [("2024-02-01T09:00", "Rosa: my boss Dagny is a nightmare tbh"),
     ("2024-02-20T09:00", "Rosa: I work at Pellham Foods, packing line"),
     ("2024-06-03T09:00", "Rosa: I got a job at Varrow Tech!!")],
    [("2024-02-01T09:00", "Rosa: I work at Pellham Foods."),
     ("2024-03-01T09:00", "Rosa: My manager is Dagny, she is very fair."),
     ("2024-06-03T09:00", "Rosa: I have left Pellham Foods.")],
]  # fmt: skip


@pytest.mark.parametrize("turns", MANAGER_ENDS, ids=["new employer", "left"])
def test_a_manager_ends_with_the_job(embedder, turns: list[tuple[str, str]]) -> None:  # type: ignore[no-untyped-def]
    with told_memory(embedder, turns) as memory:
        assert held(memory, "Rosa", "MANAGED_BY") == {"Dagny": False}


def test_a_manager_named_at_the_new_job_stays(embedder) -> None:  # type: ignore[no-untyped-def]
    turns = [
        ("2024-02-01T09:00", "Rosa: I work at Pellham Foods"),
        ("2024-06-03T09:00", "Rosa: I got a job at Varrow Tech!!"),
        ("2024-06-20T09:00", "Rosa: my manager is Dagny, she's lovely"),
    ]
    with told_memory(embedder, turns) as memory:
        assert held(memory, "Rosa", "MANAGED_BY") == {"Dagny": True}
