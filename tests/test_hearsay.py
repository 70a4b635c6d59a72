"""News passed on is read as the news (``normalise/hearsay.py``): "mum says my brother Rhys
..." is the brother's news; a wrapper whose news has no subject of its own ("Maisie says her
...") stays, and so does what the speaker said before ("I said ..."). Sentences written for
this test."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.hearsay import without_hearsay
from tests.rules_support import run


@pytest.mark.parametrize(
    ("text", "news"),
    [
        ("mum says my cousin Tariq got a job at the docks",
         "my cousin Tariq got a job at the docks"),
        ("my sister tells me dad's retired from the council", "dad's retired from the council"),
        ("ok. Gran reckons Uncle Wale is moving to Ibadan", "ok. Uncle Wale is moving to Ibadan"),
        ("Priya told me Tom quit his job", "Tom quit his job"),
    ],
)  # fmt: skip
def test_who_passed_the_news_on_is_left_out(text: str, news: str) -> None:
    assert without_hearsay(text) == news


@pytest.mark.parametrize(
    "text",
    [
        "Maisie says her favourite colour is green",
        "I said my sister lives in Leeds",
        "she says I should move",
    ],
)
def test_news_without_a_subject_of_its_own_keeps_its_wrapper(text: str) -> None:
    assert without_hearsay(text) == text


def test_the_news_is_read_as_the_relatives() -> None:
    found = {(f.source, f.relation, f.target) for f in run(
        "Ines: my sister tells me dad's retired from the council"
    ).facts}  # fmt: skip
    assert ("Ines's dad", "HAS_JOB_TITLE", "retired") in found
    found = {(f.source, f.relation, f.target) for f in run(
        "Ines: Gran reckons Uncle Wale is moving to Ibadan"
    ).facts}  # fmt: skip
    assert ("Ines", "FAMILY_OF", "Wale") in found
