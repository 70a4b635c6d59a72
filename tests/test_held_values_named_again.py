"""A value the user already holds, named again in a later turn (round 28).

A remark on a held thing ("Biscuit is not impressed" of the user's cat) is no open mention
beside the held fact: one statement, one fact, and a remark that names another value
("Vesterbro is so noisy compared to Aarhus") must not keep the held thing asserted twice. A
plan with no day of a held value ("March is my last month at Kovac") is a change of what is
held, not a plan of it. A statement with a tag asking for agreement ("I'm pescatarian now I
think?") is told. Sentences written for these tests, on the real default encoder.
"""

from __future__ import annotations

import pytest

from chronomem import Memory
from chronomem.extractors.learned.hits import learned_hits
from chronomem.extractors.learned.reader import ReadFact
from chronomem.extractors.rules.analysis.analyse import analyse
from chronomem.extractors.rules.analysis.known import Known
from tests.real_embedder import SAID_AT, real_embedder, told_memory

pytestmark = pytest.mark.local_model


def _open_facts(memory: Memory) -> set[tuple[str, str, str]]:
    """(source, relation, target) of every fact of the story still holding."""
    episodes = memory.recent_episodes(group_id="g", limit=20)
    facts = memory.store.facts_of_episodes(["g"], [e.id for e in episodes])
    ids = {f.source_id for f in facts} | {f.target_id for f in facts}
    names = {e.id: e.name for e in memory.store.get_entities(["g"], sorted(ids))}
    return {
        (names[f.source_id], f.relation, names[f.target_id])
        for f in facts
        if f.invalid_at is None and f.expired_at is None
    }


def _story(*turns: tuple[str, str]) -> set[tuple[str, str, str]]:
    with told_memory(real_embedder(), list(turns)) as memory:
        return _open_facts(memory)


def test_a_remark_on_a_held_pet_is_no_mention_of_it() -> None:
    facts = _story(
        ("2025-01-10T10:00:00Z", "Brid: our ginger cat Biscuit is fourteen and climbs curtains."),
        (
            "2025-05-02T10:00:00Z",
            "Brid: the new puppy chewed my slipper. Biscuit is not impressed.",
        ),
    )
    assert ("Brid", "HAS_PET", "Biscuit") in facts
    assert ("Brid", "MENTIONED", "Biscuit") not in facts


def test_a_remark_on_a_held_home_leaves_only_the_other_place_mentioned() -> None:
    facts = _story(
        ("2025-01-10T10:00:00Z", "Oskar: we live in Vesterbro, in a flat above a bakery."),
        ("2025-03-02T10:00:00Z", "Oskar: Vesterbro is so noisy on weekends compared to Aarhus lol"),
    )
    assert ("Oskar", "LIVES_IN", "Vesterbro") in facts
    assert ("Oskar", "MENTIONED", "Vesterbro") not in facts
    assert ("Oskar", "MENTIONED", "Aarhus") in facts


def test_a_person_held_is_still_mentioned_with_their_news() -> None:
    facts = _story(
        ("2025-01-10T10:00:00Z", "Brid: my sister Nuala lives in Cork with her twins."),
        ("2025-03-02T10:00:00Z", "Brid: Nuala says the rain in Cork never stops, she wants Lisbon"),
    )
    assert ("Brid", "FAMILY_OF", "Nuala") in facts
    assert ("Brid", "MENTIONED", "Nuala") in facts


def test_a_plan_with_no_day_of_a_held_job_is_no_plan() -> None:
    facts = _story(
        ("2025-01-10T10:00:00Z", "Tomasz: I work as a welder at Kovac Steelworks in Gdynia."),
        ("2025-02-20T10:00:00Z", "Tomasz: got a shipyard job, so March is my last month at Kovac."),
    )
    assert ("Tomasz", "WORKS_AT", "Kovac Steelworks") in facts
    assert not {f for f in facts if f[2] == "Kovac"}


def _diet(text: str) -> ReadFact:
    """The reader's reading of "pescatarian" in ``text`` as the speaker's diet."""
    start = text.index("pescatarian")
    span = (start, start + len("pescatarian"))
    return ReadFact("FOLLOWS_DIET", "speaker", "state", span, confidence=0.8)


@pytest.mark.parametrize(
    "text",
    [
        "So now I'm pescatarian I think?",
        "so im pescatarian now, right?",
        "I'm basically pescatarian these days, aren't I?",
    ],
)
def test_a_statement_with_a_tag_asking_for_agreement_is_told(text: str) -> None:
    known = Known()
    s = analyse(text, SAID_AT, "Thiago", known)
    read = [_diet(text)]
    found = {(h.relation, h.target.name) for h in learned_hits(s, read, [], "user", known)}
    assert found == {("FOLLOWS_DIET", "pescatarian")}


@pytest.mark.parametrize(
    "text",
    [
        "Should I go pescatarian, right?",
        "Is it weird that I'm thinking about going pescatarian, no?",
    ],
)
def test_a_question_with_a_tag_still_asks(text: str) -> None:
    known = Known()
    s = analyse(text, SAID_AT, "Thiago", known)
    read = [_diet(text)]
    assert not learned_hits(s, read, [], "user", known)
