"""Whose fact it is when a person is named by a role word in its other forms: plurals ("my
cousins"), in-laws ("my brother-in-law", "my sister in law"), former partners ("my ex",
"my ex-wife", "my ex boyfriend") and the homely names of kin ("my nan", "my grandad").
A relative's own move or job never becomes the speaker's, on the pattern table and on the
semantic cue alike. Sentences written for this test, not from any benchmark or corpus."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, EpisodeSource
from tests.real_embedder import real_embedder
from tests.rules_support import found, run

Found = tuple[str, str, str, bool]


@pytest.mark.parametrize(
    ("turn", "fact"),
    [
        (
            "Wren: my brother-in-law moved to Galway in the spring",
            ("Wren's brother-in-law", "LIVES_IN", "Galway"),
        ),
        (
            "Dara: so my sister in law works at Lidl now",
            ("Dara's sister in law", "WORKS_AT", "Lidl"),
        ),
        ("Oona: My ex lives in Dundee these days.", ("Oona's ex", "LIVES_IN", "Dundee")),
        (
            "Piet: my ex-husband just started at Philips",
            ("Piet's ex-husband", "WORKS_AT", "Philips"),
        ),
        ("Kit: my ex girlfriend moved to Cork", ("Kit's ex-girlfriend", "LIVES_IN", "Cork")),
        ("Rhys: my nan has moved to Bangor for the sea air", ("Rhys's nan", "LIVES_IN", "Bangor")),
        ("Elin: My grandad has retired to Tenby.", ("Elin's grandad", "LIVES_IN", "Tenby")),
        ("Tuva: my cousins moved to Bergen last year", ("Tuva's cousins", "LIVES_IN", "Bergen")),
    ],
)
def test_a_role_in_another_form_is_the_person_not_the_speaker(
    turn: str, fact: tuple[str, str, str]
) -> None:
    facts = found(run(turn))
    speaker = turn.split(":")[0]
    assert (*fact, False) in facts
    assert not any(s == speaker and r == fact[1] for s, r, _, _ in facts)


def test_an_ex_partner_is_not_the_partner_now() -> None:
    facts = found(
        run("Sol: my boyfriend Ade works at Arup", "Sol: my ex boyfriend works at Atkins")
    )
    assert ("Sol's ex-boyfriend", "WORKS_AT", "Atkins", False) in facts
    assert not any(t == "Atkins" and s in ("Ade", "Sol") for s, _, t, _ in facts)


WHEN = datetime(2025, 9, 3, 19, 0, tzinfo=UTC)


@cache
def _default() -> RuleExtractor:
    return RuleExtractor(embedder=real_embedder())


def _default_facts(*turns: str) -> set[Found]:
    episodes = [
        Episode(f"e{i}", "g", text, EpisodeSource.MESSAGE, WHEN + timedelta(minutes=i), WHEN)
        for i, text in enumerate(turns)
    ]
    extracted = _default().extract(episodes[-1], episodes[:-1])
    return {(f.source, f.relation, f.target, f.invalid_at is not None) for f in extracted.facts}


@pytest.mark.local_model
@pytest.mark.parametrize(
    "turn",
    [
        "Ilse: my ex relocated to Utrecht with her new partner",
        "Ilse: my brother's big move to Utrecht happened at last",
        "Ilse: My wife's parents are settling into a bungalow in Utrecht.",
        "Ilse: my in-laws have made the move to Utrecht",
    ],
)
def test_a_relatives_move_is_no_move_of_the_speaker(turn: str) -> None:
    assert not any(s == "Ilse" and r == "LIVES_IN" for s, r, _, _ in _default_facts(turn))
