"""Job titles that change: titles "of" a department, and titles given up.

"promoted to director of nursing", "Ines got promoted to head of marketing", "stepped down
as coordinator", "I'm no longer a shift supervisor": the title is the whole phrase, the
person is the one told (a third person, a pronoun), and a title given up ends the title
held, named in fewer words. A title phrase "of" an article ("manager of a small team") or a
liking ("no longer a fan of X") is no title. Written for these tests, not from any bench.
"""

from __future__ import annotations

import pytest

from tests.rules_support import found, run

CASES = [
    (
        ["Sam: I'm a nurse", "Sam: I was promoted to director of nursing last month"],
        ("Sam", "HAS_JOB_TITLE", "director of nursing", False),
    ),
    (
        ["Mo: my cousin Ines is a copywriter", "Mo: Ines got promoted to head of marketing!"],
        ("Ines", "HAS_JOB_TITLE", "head of marketing", False),
    ),
    (
        ["Mo: my uncle Farid is a sales rep", "Mo: he was just promoted to vp of sales"],
        ("Farid", "HAS_JOB_TITLE", "vp of sales", False),
    ),
    (
        ["Sam: I'm the shift supervisor at Tesco", "Sam: I'm no longer a shift supervisor"],
        ("Sam", "HAS_JOB_TITLE", "shift supervisor", True),
    ),
    (
        ["Sam: I'm a volunteer coordinator", "Sam: stepped down as coordinator this week"],
        ("Sam", "HAS_JOB_TITLE", "volunteer coordinator", True),
    ),
]


@pytest.mark.parametrize(("turns", "expected"), CASES, ids=lambda v: str(v)[:48])
def test_a_title_change(turns: list[str], expected: tuple[str, str, str, bool]) -> None:
    assert expected in found(run(*turns))


@pytest.mark.parametrize(
    "text",
    [
        "Sam: I'm the manager of a small team",
        "Sam: I'm no longer a fan of marking",
        "Sam: I was promoted to the next level in the game",
        "Sam: I'm a proud new employee of Spotify!",
    ],
)
def test_no_title_from_a_phrase_of_something_else(text: str) -> None:
    titles = {f[2] for f in found(run(text)) if f[1] == "HAS_JOB_TITLE"}
    assert not any(" of " in t or "fan" in t or "level" in t for t in titles), titles
