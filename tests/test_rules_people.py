"""RuleExtractor on third persons, corrections, assistant turns and plans in everyday chat.

Each case is one or more turns; the last is extracted with the others as previous turns, and
names a fact it must find (source, relation, target, ended) or must not find.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, Extraction

REF = datetime(2024, 1, 15, 14, 0, tzinfo=UTC)


def run(*turns: str) -> Extraction:
    episodes = [
        Episode(f"e{i}", "g", text, "message", REF + timedelta(minutes=i), REF)
        for i, text in enumerate(turns)
    ]
    return RuleExtractor().extract(episodes[-1], episodes[:-1])


def found(extraction: Extraction) -> set[tuple[str, str, str, bool]]:
    return {
        (f.source, f.relation, f.target, f.invalid_at is not None and f.valid_at is None)
        for f in extraction.facts
    }


# A person introduced by a plain noun before the name is the object.
INTRODUCED = [
    (
        ["Ana: my brother Luis is going out with this woman Marta"],
        ("Luis", "DATING", "Marta", False),
    ),
    (["Ana: my cousin Teo married a girl called Ines"], ("Teo", "MARRIED_TO", "Ines", False)),
    (["Ana: I'm dating someone named Oskar"], ("Ana", "DATING", "Oskar", False)),
    (
        ["Ana: my dad got remarried to a lady named Gloria"],
        ("Ana's dad", "MARRIED_TO", "Gloria", False),
    ),
]

# Two people named together as the subject of a tie between them.
PAIRS = [
    (
        ["Kim: my neighbour Paul is married to Rosa", "Kim: paul and rosa are separated now"],
        ("Paul", "MARRIED_TO", "Rosa", True),
    ),
    (
        ["Kim: my sister Nora is dating Felix", "Kim: Nora and Felix split up last week"],
        ("Nora", "DATING", "Felix", True),
    ),
    (["Kim: guess what, Hugo and Lena got engaged!!"], ("Hugo", "DATING", "Lena", False)),
    (
        ["Kim: so Omar and Sadie finally got married in June"],
        ("Omar", "MARRIED_TO", "Sadie", False),
    ),
]

# "he"/"she" skip a person the conversation marked as of the other gender.
PRONOUNS = [
    (
        [
            "Jo: my son Eli is dating this girl Priya",
            "Jo: eli and priya broke up, he's with Dana now",
        ],
        ("Eli", "DATING", "Priya", True),
    ),
    (
        ["Jo: my aunt Vera and her husband Karl moved to Oslo. she works at Equinor"],
        ("Vera", "WORKS_AT", "Equinor", False),
    ),
    (
        ["Jo: my uncle Sal is married to Bea", "Jo: uncle sal and bea divorced, he moved to Reno"],
        ("Sal", "LIVES_IN", "Reno", False),
    ),
]

# A move that continues what the subject held: a transfer, a return to an old employer.
CONTINUED = [
    (
        ["Lu: my daughter Mei goes to college at Rutgers", "Lu: Mei transferred to Cornell"],
        ("Mei", "STUDIES_AT", "Cornell", False),
    ),
    (
        ["Lu: my husband Dev works at Intel", "Lu: Dev is transferring to Nvidia next month"],
        ("Dev", "WORKS_AT", "Nvidia", False),
    ),
    (["Lu: I'm back at Deloitte, same desk lol"], ("Lu", "WORKS_AT", "Deloitte", False)),
    (
        ["Lu: my brother Sami quit Pfizer", "Lu: he's back at his old job at Pfizer already"],
        ("Sami", "WORKS_AT", "Pfizer", False),
    ),
]

# Who runs a team, said of a third person.
LEADERS = [
    (["Lu: Marcus runs the design team"], ("Marcus", "LEADS", "design team", False)),
    (["Lu: apparently Ingrid heads the sales team now"], ("Ingrid", "LEADS", "sales team", False)),
]

# Corrections said beside the right value, or restating the wrong one with a qualifier.
CORRECTED = [
    (
        [
            "Ola: I'm a line cook at Nando's",
            "Ola: I'm a sous chef, not a line cook, big difference",
        ],
        ("Ola", "HAS_JOB_TITLE", "line cook", True),
    ),
    (
        ["Ola: I work at Lyft", "Ola: I work at Uber now, not Lyft"],
        ("Ola", "WORKS_AT", "Lyft", True),
    ),
    (
        ["Ola: we live in Springfield, Illinois", "Ola: oops I meant Springfield, Missouri"],
        ("Ola", "LIVES_IN", "Springfield", True),
    ),
    (
        ["Ola: we live in Springfield, Illinois", "Ola: oops I meant Springfield, Missouri"],
        ("Ola", "LIVES_IN", "Springfield, Missouri", False),
    ),
    # a later clause of a sentence is read like its first ("we're still in X")
    (
        ["Ola: I live in Cork", "Ola: the Dublin flat fell through, so I'm still in Cork"],
        ("Ola", "LIVES_IN", "Cork", False),
    ),
]
ASSERTED = INTRODUCED + PAIRS + PRONOUNS + CONTINUED + LEADERS + CORRECTED


@pytest.mark.parametrize(("turns", "expected"), ASSERTED)
def test_third_person_ties(turns: list[str], expected: tuple[str, str, str, bool]) -> None:
    assert expected in found(run(*turns))


@pytest.mark.parametrize(
    ("turns", "unexpected"),
    [
        # a pair that shares a plain activity is no tie between them
        (["Kim: Hugo and Lena went hiking"], ("Hugo", "DATING", "Lena")),
        # a transfer with nothing told before asserts no school or job
        (["Lu: Tom transferred to Denver"], ("Tom", "STUDIES_AT", "Denver")),
        (["Lu: Tom transferred to Denver"], ("Tom", "WORKS_AT", "Denver")),
        # a value denied that no one told ends nothing
        (["Ola: I'm a nurse, not a doctor"], ("Ola", "HAS_JOB_TITLE", "doctor")),
        # a value denied that no one told ends nothing
        (["Ola: I'm a nurse, not a doctor"], ("Ola", "HAS_JOB_TITLE", "doctor")),
        # "he" is not the woman met last
        (
            ["Jo: my son Eli is dating this girl Priya", "Jo: he's moving to Leeds"],
            ("Priya", "LIVES_IN", "Leeds"),
        ),
    ],
)
def test_no_tie_invented(turns: list[str], unexpected: tuple[str, str, str]) -> None:
    assert unexpected not in {f[:3] for f in found(run(*turns))}
