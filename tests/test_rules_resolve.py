"""RuleExtractor.resolve: names, duplicate facts and contradictions by deterministic rules."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.model import (
    Entity,
    EntityQuestion,
    Episode,
    ExtractedEntity,
    Fact,
    FactQuestion,
    ResolutionRequest,
)
from chronomem.model.relations import FUNCTIONAL_RELATIONS

CREATED = datetime(2024, 2, 1, tzinfo=UTC)
EPISODE = Episode(
    id="ep",
    group_id="g",
    content="Alice: hi",
    source="message",
    reference_time=CREATED,
    created_at=CREATED,
)


def t(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def entity(id: str, name: str, *labels: str, **attributes: str) -> Entity:
    return Entity(
        id=id, group_id="g", name=name, created_at=CREATED, labels=labels, attributes=attributes
    )


def fact(
    id: str,
    relation: str,
    source: str = "alice",
    target: str = "google",
    valid: str | None = None,
    invalid: str | None = None,
    text: str = "Alice works at Google",
) -> Fact:
    return Fact(
        id=id,
        group_id="g",
        source_id=source,
        target_id=target,
        relation=relation,
        fact=text,
        created_at=CREATED,
        valid_at=t(valid) if valid else None,
        invalid_at=t(invalid) if invalid else None,
    )


def match(name: str, labels: tuple[str, ...], candidates: list[Entity]) -> str | None:
    question = EntityQuestion(ExtractedEntity(name, labels), tuple(candidates))
    resolution = RuleExtractor().resolve(ResolutionRequest(EPISODE, (), entities=(question,)))
    return resolution.entity_matches[name]


# -- entities -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "labels", "candidate", "expected"),
    [
        ("Alice", ("Person",), entity("e1", "Alice Smith", "Person"), "e1"),
        ("Alice Smith", ("Person",), entity("e1", "Alice", "Person"), "e1"),
        ("Dr. Lee", ("Person",), entity("e1", "Lee", "Person"), "e1"),
        ("Google Inc.", ("Organization",), entity("e1", "Google"), "e1"),
        ("ALICE", (), entity("e1", "Alice", "Person"), "e1"),
        ("Alice's", (), entity("e1", "Alice", "Person"), "e1"),
        ("cats", ("Pet",), entity("e1", "cat", "Pet"), "e1"),
        ("printer", ("Device",), entity("e1", "HP LaserJet 4000", "Device", type="printer"), "e1"),
        ("Alice", ("Person",), entity("e1", "Alice Springs", "Location"), None),
        ("Smith", ("Person",), entity("e1", "Alice Smith", "Person"), None),
        ("New York", ("Location",), entity("e1", "New Jersey", "Location"), None),
        ("Paris", ("Location",), entity("e1", "Paris Hilton", "Person"), None),
    ],
)
def test_entity_names_match_when_compatible(
    name: str, labels: tuple[str, ...], candidate: Entity, expected: str | None
) -> None:
    assert match(name, labels, [candidate]) == expected


def test_the_closest_name_wins_and_a_tie_is_no_match() -> None:
    smiths = [entity("e1", "Alice"), entity("e2", "Alice Smith"), entity("e3", "Alice Smith Jones")]
    assert match("Alice Smith", ("Person",), smiths) == "e2"
    two_alices = [entity("e1", "Alice Smith", "Person"), entity("e2", "Alice Jones", "Person")]
    assert match("Alice", ("Person",), two_alices) is None


def test_entity_answers_do_not_depend_on_candidate_order() -> None:
    candidates = [entity("e2", "Alice Jones"), entity("e1", "Alice")]
    assert match("Alice", (), candidates) == match("Alice", (), candidates[::-1]) == "e1"


# -- duplicates -----------------------------------------------------------------------------


def duplicate(new: Fact, *candidates: Fact) -> str | None:
    question = FactQuestion(0, new, tuple(candidates), ())
    return RuleExtractor().resolve(ResolutionRequest(EPISODE, (), facts=(question,))).duplicates[0]


def test_an_ending_duplicates_the_open_fact_it_ends() -> None:
    open_job = fact("f1", "WORKS_AT", valid="2024-01-01T10:00")
    ending = fact("new", "WORKS_AT", invalid="2024-01-08", text="Alice left Google")
    assert duplicate(ending, open_job) == "f1"


def test_a_restatement_during_the_stint_is_a_duplicate() -> None:
    stint = fact("f1", "WORKS_AT", valid="2024-01-01", invalid="2024-03-01")
    again = fact("new", "WORKS_AT", valid="2024-02-01", text="Alice is at Google")
    assert duplicate(again, stint) == "f1"


@pytest.mark.parametrize("start", ["2024-03-01", "2024-05-01"])
def test_a_fact_starting_at_or_after_the_end_is_a_new_stint(start: str) -> None:
    stint = fact("f1", "WORKS_AT", valid="2024-01-01", invalid="2024-03-01")
    assert duplicate(fact("new", "WORKS_AT", valid=start), stint) is None


def test_an_ending_the_same_day_as_the_start_still_ends_it() -> None:
    started = fact("f1", "WORKS_AT", valid="2024-01-15T10:00")
    assert duplicate(fact("new", "WORKS_AT", invalid="2024-01-15"), started) == "f1"


def test_an_ending_dated_before_an_open_fact_was_told_still_ends_it() -> None:
    # "I work at Google" on Jan 15, then "I left Google last week": the start we hold is
    # only when we heard of the job; the ending is about that open fact (issue 10)
    started = fact("f1", "WORKS_AT", valid="2024-01-15T10:00")
    assert duplicate(fact("new", "WORKS_AT", invalid="2024-01-10"), started) == "f1"
    # a stint that is already closed is not reopened by an ending from before it
    stint = fact("f2", "WORKS_AT", valid="2024-01-15", invalid="2024-02-01")
    assert duplicate(fact("new", "WORKS_AT", invalid="2024-01-10"), stint) is None


def test_duplicates_need_the_same_relation_and_direction() -> None:
    stored = fact("f1", "WORKS_AT", valid="2024-01-01")
    assert duplicate(fact("new", "VISITED", valid="2024-01-02"), stored) is None
    reverse = fact("new", "WORKS_AT", source="google", target="alice", valid="2024-01-02")
    assert duplicate(reverse, stored) is None
    married = fact("f2", "MARRIED_TO", valid="2020-01-01")
    assert duplicate(fact("new", "MARRIED_TO", source="google", target="alice"), married) == "f2"


def test_open_candidates_are_preferred() -> None:
    old = fact("f1", "WORKS_AT", valid="2020-01-01", invalid="2025-01-01")
    current = fact("f2", "WORKS_AT", valid="2023-01-01")
    assert duplicate(fact("new", "WORKS_AT", valid="2024-01-01"), old, current) == "f2"


def test_generic_facts_duplicate_only_near_identical_text() -> None:
    said = fact(
        "f1", "MENTIONED", valid="2024-01-01", text="Caroline went to the LGBTQ support group"
    )
    same = fact(
        "new", "MENTIONED", valid="2024-01-02", text="Caroline went to the LGBTQ support group!"
    )
    other = fact(
        "new", "MENTIONED", valid="2024-01-02", text="Caroline loves the LGBTQ support group"
    )
    assert duplicate(same, said) == "f1"
    assert duplicate(other, said) is None


# -- contradictions -------------------------------------------------------------------------


def contradictions(new: Fact, *candidates: Fact) -> tuple[str, ...]:
    question = FactQuestion(0, new, (), tuple(candidates))
    resolution = RuleExtractor().resolve(ResolutionRequest(EPISODE, (), facts=(question,)))
    return tuple(resolution.contradictions.get(0, ()))


def test_a_new_employer_contradicts_the_current_one() -> None:
    google = fact("f1", "WORKS_AT", valid="2024-01-01")
    meta = fact("new", "WORKS_AT", target="meta", valid="2024-01-20")
    assert contradictions(meta, google) == ("f1",)


def test_an_employer_that_already_ended_is_not_contradicted() -> None:
    google = fact("f1", "WORKS_AT", valid="2024-01-01", invalid="2024-01-08")
    meta = fact("new", "WORKS_AT", target="meta", valid="2024-01-20")
    assert contradictions(meta, google) == ()


def test_only_functional_relations_of_the_same_source_contradict() -> None:
    assert {"WORKS_AT", "LIVES_IN", "MARRIED_TO", "DATING", "HAS_JOB_TITLE"} <= FUNCTIONAL_RELATIONS
    likes = fact("f1", "LIKES", target="jazz", valid="2024-01-01")
    assert contradictions(fact("new", "LIKES", target="rock", valid="2024-01-02"), likes) == ()
    bob = fact("f2", "WORKS_AT", source="bob", target="meta", valid="2024-01-01")
    assert contradictions(fact("new", "WORKS_AT", valid="2024-01-02"), bob) == ()
    same = fact("f3", "WORKS_AT", valid="2024-01-01")
    assert contradictions(fact("new", "WORKS_AT", valid="2024-01-02"), same) == ()


def test_an_ending_contradicts_nothing() -> None:
    home = fact("f1", "LIVES_IN", target="boston", valid="2020-01-01")
    left = fact("new", "LIVES_IN", target="paris", invalid="2024-01-01")
    assert contradictions(left, home) == ()


def test_resolve_is_pure_and_deterministic() -> None:
    questions = (
        FactQuestion(0, fact("new", "WORKS_AT", target="meta", valid="2024-01-20"), (), (
            fact("f2", "WORKS_AT", target="ibm", valid="2023-01-01"),
            fact("f1", "WORKS_AT", valid="2024-01-01"),
        )),
    )  # fmt: skip
    request = ResolutionRequest(EPISODE, (), facts=questions)
    first = RuleExtractor().resolve(request)
    assert first == RuleExtractor().resolve(request)
    assert tuple(first.contradictions[0]) == ("f1", "f2")
    assert request.facts == questions
