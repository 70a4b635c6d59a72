"""Names a sentence's facts leave unused are still mentioned (``readers/mentions.py``).

Until round 51 a sentence that told a fact gave no mentions besides, so the other names it
said were lost: "moved to Leeds last week, Tobenna helped with the van" kept Leeds and
dropped Tobenna. The mention is what finds such a name again (on the temporal sets, 7,415 ->
7,479 open checks and 1,420 -> 1,438 blind).
"""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts

pytestmark = pytest.mark.local_model


@pytest.mark.parametrize(
    ("turn", "told", "beside"),
    [
        ("Ama: moved to Leeds last week, Tobenna helped with the van", "Leeds", "Tobenna"),
        ("Ama: I work at Halden Foods now, Ruairi from the old team says hi",
         "Halden Foods", "Ruairi"),
    ],
)  # fmt: skip
def test_a_name_beside_a_told_fact_is_mentioned(turn: str, told: str, beside: str) -> None:
    found = read_facts([turn])
    assert any(target == told and relation != "MENTIONED" for _, relation, target, _ in found)
    assert ("Ama", "MENTIONED", beside, False) in found


def test_a_day_named_beside_a_told_fact_is_no_mention() -> None:
    """A name after "after", "since" or "until" is the day of the clause, no mention (a
    held value named shorter, "the Yamaha" of a "Yamaha MT-07": ``tests/
    test_rules_endings_told_in_passing.py``)."""
    found = read_facts(["Ama: after Diwali I moved in with my partner Ife in Croydon"])
    assert any(target == "Croydon" for _, _, target, _ in found), found
    assert not any(target == "Diwali" for _, _, target, _ in found), found


@pytest.mark.parametrize(
    ("turn", "whose", "name"),
    [
        ("Eilidh: my cousin Ayesha spent the weekend at Whitby Abbey with the kids",
         "Ayesha", "Whitby Abbey"),
        ("Eilidh: my sister Noor loves the Hollow Bakery on Leith Walk", "Noor", "Leith Walk"),
        ("Eilidh: my cousin Ayesha hired Tobenna for the shop", "Ayesha", "Tobenna"),
    ],
)  # fmt: skip
def test_a_name_in_another_persons_news_is_their_mention(turn: str, whose: str, name: str) -> None:
    """The person named as a clause's subject is whose news its other names are: no
    mention of the speaker's (a check on the speaker's home must not find the cousin's
    weekend away)."""
    found = read_facts([turn])
    assert (whose, "MENTIONED", name, False) in found, found
    assert not any(s == "Eilidh" and target == name for s, _, target, _ in found), found


def test_a_name_the_speaker_shares_stays_the_speakers() -> None:
    found = read_facts(["Eilidh: Morag and I had a week at Whitby Abbey with the kids"])
    assert not any(s == "Morag" and target == "Whitby Abbey" for s, _, target, _ in found), found


def test_the_names_of_a_clause_that_told_a_third_persons_fact_are_theirs() -> None:
    """ "She loves the Hollow Bakery on Leith Walk", she being the sister just named: the
    clause told Noor's fact, so Leith Walk is Noor's mention, not the speaker's."""
    found = read_facts(
        ["Eilidh: my sister Noor moved to Leith last month. She loves the Hollow Bakery on "
         "Leith Walk"]
    )  # fmt: skip
    assert ("Noor", "MENTIONED", "Leith Walk", False) in found, found
    mine = read_facts(["Eilidh: my sister Noor and I love the Hollow Bakery on Leith Walk"])
    assert not any(s == "Noor" and t == "Leith Walk" for s, _, t, _ in mine), mine


@pytest.mark.parametrize(
    ("turns", "whose", "name"),
    [
        (["Eilidh: my brother Callum and Jo split up in the spring, he lives above his shop "
          "in Dundee now"], "Callum", "Dundee"),
        (["Eilidh: did you hear about my cousin Priya?", "Eilidh: she quit Halden Foods!"],
         "Priya", "Halden Foods"),
        (["Eilidh: did you hear about my cousin Priya?",
          "Eilidh: she was at the Hollow Bakery on Leith Walk till midnight"],
         "Priya", "Leith Walk"),
    ],
)  # fmt: skip
def test_a_name_after_he_or_she_is_the_news_of_whom_it_stands_for(
    turns: list[str], whose: str, name: str
) -> None:
    """A "he" or "she" opening the clause stands for the person met last of that gender
    (``Known.antecedent``): the name is that person's news, in this message or the one
    before, not the speaker's."""
    found = read_facts(turns)
    assert any(s == whose and target == name for s, _, target, _ in found), found
    assert not any(s == "Eilidh" and target == name for s, _, target, _ in found), found


def test_a_name_she_told_the_speaker_about_stays_the_speakers() -> None:
    found = read_facts(["Eilidh: my sister Noor rang, she told me about the Hollow Bakery"])
    assert not any(s == "Noor" and t == "Hollow Bakery" for s, _, t, _ in found), found
