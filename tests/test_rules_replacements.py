"""Two values of a one-value relation told of one person in one sentence: one replaces the
other (``readers/replacements.py``). The old one is the value already held, else the one
spoken of as already there ("my", "the", "old") beside one brought in ("a", "new")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, EpisodeSource

WHEN = datetime(2025, 6, 3, 9, 0, tzinfo=UTC)


def facts(turns: list[str], **switches: object) -> set[tuple[str, str, str, bool]]:
    episodes = [
        Episode(f"e{i}", "g", text, EpisodeSource.MESSAGE, WHEN + timedelta(days=i), WHEN)
        for i, text in enumerate(turns)
    ]
    found = RuleExtractor(**switches).extract(episodes[-1], episodes[:-1])  # type: ignore[arg-type]
    return {(f.source, f.relation, f.target, f.invalid_at is not None) for f in found.facts}


def test_the_held_value_ends_when_a_new_one_replaces_it() -> None:
    turns = [
        "Gwen: I wear a Garmin Fenix for my runs",
        "Gwen: garmin screen cracked so I replaced it with a Fitbit Sense",
    ]
    found = facts(turns)
    assert ("Gwen", "WEARS_WATCH", "Garmin Fenix", True) in found  # the held name
    assert ("Gwen", "WEARS_WATCH", "Fitbit Sense", False) in found
    assert ("Gwen", "WEARS_WATCH", "garmin", False) not in found
    # without the stage the old watch is told again as current
    assert ("Gwen", "WEARS_WATCH", "garmin", False) in facts(turns, disable=["replacements"])


def test_the_value_spoken_of_as_there_ends_beside_one_brought_in() -> None:
    turns = ["Hal: my old corolla is at the scrapyard, I got a mazda 3"]
    found = facts(turns)
    assert ("Hal", "DRIVES", "corolla", True) in found
    assert ("Hal", "DRIVES", "mazda", False) in found
    assert ("Hal", "DRIVES", "corolla", False) in facts(turns, disable=["replacements"])
    # a thing said to be gone is ended by the table itself, stage or not
    gone = ["Hal: my corolla's gone, I got a mazda 3"]
    assert ("Hal", "DRIVES", "corolla", True) in facts(gone, disable=["replacements"])


def test_two_values_with_nothing_to_tell_them_apart_stay_as_told() -> None:
    turns = ["Ivy: I work at Google and Meta"]
    assert facts(turns) == facts(turns, disable=["replacements"])


FORMER_CLAUSES = [
    ("Bogdan: Now I am a welder in Gdynia, but before I was a baker.",
     ("Bogdan", "HAS_JOB_TITLE", "baker"), ("Bogdan", "HAS_JOB_TITLE", "welder")),
    ("Wen: I live in Leeds now, previously I lived in Hull.",
     ("Wen", "LIVES_IN", "Hull"), ("Wen", "LIVES_IN", "Leeds")),
    ("Ana: I was a cashier at Lidl for two years, now I'm a supervisor",
     ("Ana", "HAS_JOB_TITLE", "cashier"), ("Ana", "HAS_JOB_TITLE", "supervisor")),
]  # fmt: skip


def test_the_value_told_in_a_clause_of_a_state_that_is_over_ends() -> None:
    """The tense of the old value's clause ends it (``text/past_states.py``); round 24 deleted
    this reader's own reading of it, which the tense now covers."""
    for text, old, new in FORMER_CLAUSES:
        found = facts([text])
        assert (*old, True) in found and (*new, False) in found, (text, found)


def test_a_past_verb_of_arrival_is_the_new_values_not_the_old() -> None:
    found = facts(["Kaia: I moved from Tartu to Tallinn in August"])
    assert ("Kaia", "LIVES_IN", "Tallinn", False) in found
    assert ("Kaia", "LIVES_IN", "Tallinn", True) not in found


def test_a_past_clause_with_its_own_dates_keeps_them() -> None:
    told = Episode(
        "e0",
        "g",
        "Lin: I lived in Kyoto from 2012 to 2016 and I live in Osaka now",
        EpisodeSource.MESSAGE,
        WHEN,
        WHEN,
    )
    found = {f.target: f for f in RuleExtractor().extract(told, []).facts}
    kyoto = found["Kyoto"]
    assert kyoto.valid_at is not None and kyoto.valid_at.year == 2012
    assert kyoto.invalid_at is not None and kyoto.invalid_at.year == 2016
    assert found["Osaka"].invalid_at is None
