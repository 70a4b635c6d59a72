"""Relations that hold one value at a time: the one table the extractors, prompts and engine read.

A *functional* relation has at most one current value per subject: a person lives in one
place, works for one primary employer, drives one car. A new fact with the same subject and a
functional relation contradicts the current one (Paris -> Berlin closes Paris). An
*inverse-functional* relation has one current subject per object: a team has one lead, a
position one holder ("Bob is the new team lead" closes "Alice leads the team").

Relations not in this table accumulate: likes, hobbies, friends, visits never close each
other (they can still be ended explicitly: "I don't like jazz anymore").

Extractors should emit these relation names for the situations described, so that the engine
can see a change of value. ``docs/design.md`` renders this table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Unique = Literal["subject", "object"]


@dataclass(frozen=True, slots=True)
class RelationRule:
    """One row: ``relation`` has one current value per ``unique`` end."""

    relation: str
    unique: Unique
    meaning: str


RELATION_TABLE: tuple[RelationRule, ...] = (
    RelationRule("LIVES_IN", "subject", "residence: the city, country or home one lives in"),
    RelationRule("WORKS_AT", "subject", "primary employer"),
    RelationRule("HAS_JOB_TITLE", "subject", "current role or title"),
    RelationRule("STUDIES_AT", "subject", "the school or university one attends"),
    RelationRule("MARRIED_TO", "subject", "spouse"),
    RelationRule("DATING", "subject", "partner, boyfriend or girlfriend"),
    RelationRule("ENGAGED_TO", "subject", "fiancé(e)"),
    RelationRule("DRIVES", "subject", "the car one uses"),
    RelationRule("USES_PHONE", "subject", "the phone one uses"),
    RelationRule("USES_LAPTOP", "subject", "the laptop or computer one uses"),
    RelationRule("USES_CAMERA", "subject", "the camera one shoots with"),
    RelationRule("WEARS_WATCH", "subject", "the watch or fitness tracker one wears"),
    RelationRule("RIDES_BIKE", "subject", "the bicycle one rides"),
    RelationRule("FOLLOWS_DIET", "subject", "diet: vegan, vegetarian, keto, …"),
    RelationRule("SUBSCRIBED_TO_PLAN", "subject", "plan or subscription tier"),
    RelationRule("MANAGED_BY", "subject", "one's manager or team lead"),
    RelationRule("REPORTS_TO", "subject", "one's manager"),
    RelationRule("HAS_FAVORITE", "subject", "'favourite X' (one per kind of X, see fact text)"),
    RelationRule(
        "PREFERS", "subject", "what one prefers, one per kind ('window seats' / 'aisle seats')"
    ),
    RelationRule(
        "ROLE_HELD_BY",
        "subject",
        "the person in one's role: doctor, coach, landlord, … (one "
        "per role, see fact text 'X is Sam's coach')",
    ),
    RelationRule("HAS_HEALTH_STATUS", "subject", "a current health state"),
    RelationRule(
        "HAS_SLEEP_SCHEDULE", "subject", "when one goes to sleep: night owl, early bird, bed at 11"
    ),
    RelationRule("HAS_WAKE_TIME", "subject", "when one usually gets up: up at 6"),
    RelationRule("HAS_AGE", "subject", "a person's or a pet's age: 29, ninety-four"),
    RelationRule("LEADS", "object", "the lead of a team or group (one per team)"),
    RelationRule("HOLDS_POSITION", "object", "the holder of a named position"),
)

_BY_NAME = {rule.relation: rule for rule in RELATION_TABLE}


def functional_rule(relation: str) -> RelationRule | None:
    """The row for ``relation`` if it holds one value at a time, else ``None``."""
    return _BY_NAME.get(relation.upper())


def is_functional(relation: str) -> bool:
    """True when ``relation`` has one current value per subject (or per object)."""
    return relation.upper() in _BY_NAME


FUNCTIONAL_RELATIONS: frozenset[str] = frozenset(_BY_NAME)

Tie = Literal["told_with", "held"]


@dataclass(frozen=True, slots=True)
class Dependency:
    """One row: a value of ``relation`` holds within a value of ``within``, and ends with it.

    ``tie`` says which values are tied: ``told_with`` -- the one first told in an episode
    that also told the ``within`` value ("joined Acme as a data analyst": the title is the
    role at Acme; a title told on its own is an occupation, kept); ``held`` -- whichever
    one holds when the ``within`` value ends (a manager is a manager at one's employer,
    whenever the employer was told).
    """

    relation: str
    within: str
    tie: Tie
    meaning: str


DEPENDENCY_TABLE: tuple[Dependency, ...] = (
    Dependency("HAS_JOB_TITLE", "WORKS_AT", "told_with", "a title told with an employer"),
    Dependency("MANAGED_BY", "WORKS_AT", "held", "one's manager, at one's employer"),
    Dependency("REPORTS_TO", "WORKS_AT", "held", "one's manager, at one's employer"),
    Dependency("LEADS", "WORKS_AT", "told_with", "a team led, told with an employer"),
)


def dependencies_on(relation: str) -> tuple[Dependency, ...]:
    """The rows whose values hold within a value of ``relation``."""
    return tuple(row for row in DEPENDENCY_TABLE if row.within == relation.upper())


#: The relations whose values hold within a value of another (a title within a job).
HELD_WITHIN: frozenset[str] = frozenset(row.relation for row in DEPENDENCY_TABLE)


#: Relations whose facts are events on a day (a plan, an appointment): ``valid_at`` is the
#: day, not the start of a state, and such a fact never contradicts another.
PLAN_RELATIONS: frozenset[str] = frozenset({"HAS_PLAN"})
#: ... and the relations told by their day in a context: plans and trips.
DAY_RELATIONS: frozenset[str] = PLAN_RELATIONS | {"VISITED"}

#: Relations an extractor writes when it cannot type a statement ("Maya said: first week at
#: stripe done"). They carry no value of their own: they never contradict anything, and they
#: end with the typed fact between the same two entities (``engine/endings.py``).
GENERIC_RELATIONS: frozenset[str] = frozenset({"MENTIONED", "RELATED_TO"})
#: Relations whose values one gives up (a habit, a diet, a medicine): an ending of one is also
#: a state that lasts, ``STOPPED`` (``extractors/rules/stopped.py``), until the value is
#: taken up again.
STOPPABLE: frozenset[str] = frozenset({"HAS_HABIT", "FOLLOWS_DIET", "TAKES_MEDICATION"})
STOPPED = "STOPPED"


def functional_relations_text(*, compact: bool = False) -> str:
    """The table as prompt text: one ``NAME: meaning`` per line, object-unique rows marked;
    ``compact``: the names only, comma-separated."""
    if compact:
        return ", ".join(rule.relation for rule in RELATION_TABLE)
    lines = []
    for rule in RELATION_TABLE:
        per = " (one subject per object)" if rule.unique == "object" else ""
        lines.append(f"{rule.relation}: {rule.meaning}{per}")
    return "\n".join(lines)
