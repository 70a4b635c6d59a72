"""Posts in a club, departments before an employer, workplaces named by their kind, a value
corrected inside a clause, memberships given up.

* A post one is elected or voted to, or holds "of" a group ("treasurer of the chess club"),
  is a title; one given up ends, and a successor named as taking over holds it next. An
  award ("employee of the month") is no post, and "a fan of", "a sucker for" are none.
* "I'm in HR at X" tells the employer X; a department is no place one lives.
* "in restaurant X", "in the kitchen of hotel X" (a learner's order) names the employer X.
* "sorry / I was mistaken: she is at X, not Y" replaces the told Y with X; without a cue
  ("we're off to X, not Y") nothing told is corrected.
* "stepped down from the choir" and "resign my membership of X" end the membership.

Sentences written for these tests, in several voices (texting, a formal letter, English
as a second language, an assistant's turn)."""

from __future__ import annotations

import pytest

from tests.real_embedder import facts_about, real_embedder, target_name, told_memory


def _spans(story: list[tuple[str, str]], subject: str, relation: str) -> list[tuple[str, bool]]:
    """The subject's facts of ``relation`` still standing, each with whether it holds now."""
    with told_memory(real_embedder(), story) as memory:
        return sorted(
            (target_name(memory, f), f.invalid_at is None)
            for f in facts_about(memory, subject, relation)
            if f.expired_at is None or f.invalid_at is not None
        )


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "post"),
    [
        ("Rhea: got voted treasurer of the chess club lol, me, who cant add", "treasurer"),
        ("Rhea: Dear all, I was elected chair of the residents' association on Monday evening.",
         "chair"),
        ("Rhea: from this season I am chairwoman of the tennis club, is big honour for me",
         "chairwoman"),
        ("Rhea: I'm the secretary of our book group these days", "secretary"),
    ],
)  # fmt: skip
def test_a_post_in_a_group_is_a_title(text: str, post: str) -> None:
    story = [("2026-03-02T09:00", text)]
    assert _spans(story, "Rhea", "HAS_JOB_TITLE") == [(post, True)]


@pytest.mark.local_model
def test_a_post_given_up_ends_and_the_successor_holds_it() -> None:
    story = [
        ("2026-01-10T09:00", "Rhea: I'm the treasurer of the chess club"),
        ("2026-06-10T09:00", "Rhea: stepped down as treasurer last week, Tomasz took over"),
    ]
    assert _spans(story, "Rhea", "HAS_JOB_TITLE") == [("treasurer", False)]
    assert _spans(story, "Tomasz", "HAS_JOB_TITLE") == [("treasurer", True)]


@pytest.mark.local_model
def test_a_new_post_closes_the_one_before() -> None:
    story = [
        ("2026-01-10T09:00", "Rhea: I was elected treasurer of the allotment society yesterday"),
        ("2026-09-10T09:00", "Rhea: our chair stood down, so I am chair now. Scary!"),
    ]
    assert _spans(story, "Rhea", "HAS_JOB_TITLE") == [("chair", True), ("treasurer", False)]


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "Rhea: got voted employee of the month, free pizza for me",
        "Rhea: I'm a big fan of the club, never miss a match",
        "Rhea: honestly I'm a sucker for the team's new kit",
    ],
)
def test_an_award_or_a_liking_is_no_post(text: str) -> None:
    story = [("2026-01-10T09:00", "Rhea: I work as a nurse"), ("2026-03-02T09:00", text)]
    assert _spans(story, "Rhea", "HAS_JOB_TITLE") == [("nurse", True)]


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "Rhea: I'm in HR at Corvane Foods, so the leaving card is on me",
        "Rhea: Good morning. I work in accounts at Corvane Foods and have a question.",
    ],
)
def test_a_department_before_the_employer_is_the_job(text: str) -> None:
    story = [("2026-03-02T09:00", text)]
    assert _spans(story, "Rhea", "WORKS_AT") == [("Corvane Foods", True)]
    assert _spans(story, "Rhea", "LIVES_IN") == []


@pytest.mark.local_model
def test_a_workplace_named_after_its_kind_is_the_employer() -> None:
    story = [
        ("2025-02-01T09:00", "Rui: Since one year I work like waiter in restaurant Casa Lusa."),
        ("2026-03-02T09:00", "Rui: Now I am working in the kitchen of hotel Serra Azul, "
         "is more money"),
    ]  # fmt: skip
    assert _spans(story, "Rui", "WORKS_AT") == [("Casa Lusa", False), ("Serra Azul", True)]


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("fix", "meant"),
    [
        ("Ilse: I beg your pardon, I was mistaken: Jonas is at Utrecht, not Leiden.", "Utrecht"),
        ("Ilse: oops jonas is at Utrecht not Leiden, my bad", "Utrecht"),
    ],
)  # fmt: skip
def test_a_value_corrected_inside_a_clause_replaces_the_told_one(fix: str, meant: str) -> None:
    story = [
        ("2026-03-02T09:00", "Ilse: My grandson Jonas is studying law at Leiden."),
        ("2026-03-02T09:05", fix),
    ]
    assert [name for name, now in _spans(story, "Jonas", "STUDIES_AT") if now] == [meant]


@pytest.mark.local_model
def test_a_lower_case_value_corrected_after_a_strong_cue() -> None:
    story = [
        ("2026-03-02T09:00", "Ilse: I'm lactose intolerant, so no cheese in the recipes"),
        ("2026-03-02T09:02", "Ilse: scratch that, it's a cow's milk allergy, not lactose"),
    ]
    held = [name for name, now in _spans(story, "Ilse", "HAS_CONDITION") if now]
    assert held == ["cow's milk allergy"]


@pytest.mark.local_model
def test_a_contrast_without_a_cue_corrects_nothing_told() -> None:
    story = [
        ("2026-03-02T09:00", "Ilse: My grandson Jonas is studying law at Leiden."),
        ("2026-03-02T09:05", "Ilse: his cousin Mila picked Utrecht, not Leiden, for medicine"),
    ]
    assert _spans(story, "Jonas", "STUDIES_AT") == [("Leiden", True)]


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "Bram: I have stepped down from the choir, my knees cannot take the standing",
        "Bram: Dear Secretary, I hereby resign my membership of the Greywater Rowing Club.",
    ],
)
def test_a_membership_given_up_ends(text: str) -> None:
    story = [
        ("2026-01-10T09:00", "Bram: I joined the choir and the Greywater Rowing Club this year"),
        ("2026-09-10T09:00", text),
    ]
    ended = {name for name, now in _spans(story, "Bram", "MEMBER_OF") if not now}
    assert ended & {"choir", "Greywater Rowing Club"}


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("Tariq: doing chess club now, lowkey obsessed", [("chess club", True)]),
        ("Tariq: I moved over to a cycling group, the runners were too fast",
         [("cycling group", True)]),
        ("Tariq: doing a pottery course on mondays", []),
    ],
)  # fmt: skip
def test_a_club_taken_part_in_now_is_a_membership(text: str, held: list[tuple[str, bool]]) -> None:
    assert _spans([("2026-05-06T17:30", text)], "Tariq", "MEMBER_OF") == held


@pytest.mark.local_model
def test_a_deli_is_a_workplace_and_quitting_it_ends_the_job() -> None:
    story = [
        ("2026-03-07T19:00", "Kayla: im working at the corner deli now, first shift today"),
        ("2026-09-14T21:00", "Kayla: quit the deli, im at Starlite Cinemas now"),
    ]
    spans = _spans(story, "Kayla", "WORKS_AT")
    assert ("Starlite Cinemas", True) in spans
    assert [name for name, now in spans if now] == ["Starlite Cinemas"]
    assert any("deli" in name for name, _ in spans)
