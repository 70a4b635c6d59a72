"""Questions whose answer is spread over turns (LoCoMo's multi-hop kind), and what the
context spends its budget on.

Ines and Tomas chat over several days. A question about both of them needs a turn of
each; a turn about the person asked about should be shown through what it says, not
through the greeting that names them; and the day's turns share one header.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem import Memory
from chronomem.search.reading import read_query
from chronomem.search.snippets import snippet, stems
from chronomem.testing import HashEmbedder
from chronomem.testing.fakes import ManualClock
from tests.helpers import chat

G = "ines-tomas"
START = datetime(2025, 3, 3, 9, 5, tzinfo=UTC)
INES_KAYAK = (
    "Ines: Hey Tomas, so good to hear from you! Last Saturday I went kayaking on the lake "
    "with my sister. It was the best day of the summer."
)
TOMAS_KAYAK = (
    "Tomas: Wow Ines, that sounds wonderful! I went kayaking down the river with my cousins "
    "on Sunday, my arms still hurt. Anyway, how is work?"
)
FILLER = [
    "Ines: Work has been hectic, the quarterly report is due on Friday.",
    "Tomas: My landlord finally fixed the heating after three weeks.",
    "Ines: I'm reading a long novel about a lighthouse keeper.",
    "Tomas: The new bakery on my street sells great rye bread.",
    "Ines: My sister is thinking about moving to Lisbon next year.",
    "Tomas: I repainted the kitchen a pale green over the holiday.",
    "Ines: Hey Tomas! How was your week? Mine was slow and rainy.",
    "Tomas: Hi Ines! Mine was fine, lots of meetings and not much else.",
]


@pytest.fixture(scope="module")
def memory() -> Memory:
    """Two turns about kayaking among chat about other things, each turn at its own minute
    (three a day), as a chat app stamps them."""
    turns = [*FILLER[:4], INES_KAYAK, *FILLER[4:6], TOMAS_KAYAK, *FILLER[6:]] * 3
    mem = Memory(embedder=HashEmbedder(), clock=ManualClock(START + timedelta(days=30)))
    chat(mem, G, turns, lambda n: START + timedelta(days=n // 3, minutes=37 * (n % 3)))
    return mem


@pytest.mark.parametrize(
    "question",
    [
        "What do Ines and Tomas both like to do on weekends?",
        "What hobby do Ines and Tomas have in common?",
        "Which sports do both Ines and Tomas enjoy?",
        "What outdoor activity do Ines and Tomas share?",
        "What did we both agree to bring?",
    ],
)
def test_a_question_about_what_two_people_share_is_gathered_across_turns(question: str) -> None:
    assert read_query(question).kind == "aggregation"


@pytest.mark.parametrize(
    "question",
    [
        "Which of both offers pays more?",  # asks for one of two
        "Did Ines share the photos from the lake?",  # sharing something, no pair asked about
        "Where does Tomas live?",
    ],
)
def test_both_or_share_alone_does_not_make_a_question_a_gathering(question: str) -> None:
    assert read_query(question).kind != "aggregation"


def test_a_two_person_question_shows_each_persons_own_turn_through_what_it_says(memory):
    ctx = memory.context(
        "What do Ines and Tomas both like to do on weekends, like kayaking?",
        group_id=G,
        max_tokens=400,
    )
    assert ctx.query_reading.kind == "aggregation"
    shown = {e.content for e in ctx.episodes}
    assert INES_KAYAK in shown and TOMAS_KAYAK in shown
    # each through its kayaking sentence, not through the greeting naming the other
    assert "I went kayaking down the river with my cousins" in ctx.text
    assert "Wow Ines, that sounds wonderful!" not in ctx.text
    assert "Last Saturday I went kayaking on the lake" in ctx.text


def test_a_greeting_that_names_the_person_asked_about_is_not_the_sentence_shown() -> None:
    turn = (
        "Caroline: Hey Melanie! So glad you wrote. Did you know the club opened two new "
        "tennis courts? Anyway, how are the kids?"
    )
    terms = stems("Melanie tennis")
    shown = snippet(turn, terms, 1, minor=stems("Melanie"))
    assert shown == "Caroline: … Did you know the club opened two new tennis courts? …"
    # without being told the name counts for little, the first sentence sharing a term wins
    assert snippet(turn, terms, 1).startswith("Caroline: Hey Melanie!")


def test_a_turn_sharing_only_the_name_is_shown_through_its_longest_sentence() -> None:
    turn = "Tomas: Hi Ines! I repainted the whole kitchen a pale green over the weekend. Bye."
    shown = snippet(turn, stems("Ines garden"), 1, minor=stems("Ines"))
    assert shown == "Tomas: … I repainted the whole kitchen a pale green over the weekend. …"


def test_turns_of_one_day_share_one_dated_header_whatever_their_minute(memory):
    ctx = memory.context("kayaking", group_id=G, max_tokens=2_000)
    lines = ctx.text.splitlines()
    headers = [line for line in lines if line.startswith("[") and line.endswith("]")]
    days = {e.reference_time.date() for e in ctx.episodes}
    assert len({e.reference_time for e in ctx.episodes}) > len(days)  # several minutes a day
    assert headers == [f"[{d.isoformat()}]" for d in sorted(days)]
    first = lines.index(headers[0])
    assert not any(":" in h for h in headers)  # no time of day in a header
    assert lines[first + 1].startswith(("Ines:", "Tomas:"))
