"""Whose fact the learned reader's value is (``learned/whose.py``), round 12: an assistant
speaking of itself, lines that leave their subject out, a relative's news. Sentences written
for this test, in several voices, through the extractor on the real default encoder; each
positive is checked to be the learned step's doing (the extractor without it does not read
it) and to be its owner's alone."""

from __future__ import annotations

import pytest

from chronomem.extractors.learned.whose import owner
from chronomem.extractors.rules.analysis.analyse import analyse
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.spans import Span
from tests.real_embedder import SAID_AT, Found, read_facts
from tests.rules_support import misread

R20 = misread("round-20")  # read right by the round-10 weights, not by round 20's

pytestmark = pytest.mark.local_model


def _facts(turns: list[str], *, learned: bool = True) -> set[Found]:
    """What the extractor reads in the last turn, mentions aside."""
    return {
        f for f in read_facts(turns, learned=learned) if f[1] not in ("MENTIONED", "RELATED_TO")
    }


def _the_steps(turns: list[str], fact: Found) -> None:
    """``fact`` is read from the last turn, by the learned step and not without it."""
    assert fact in _facts(turns)
    assert fact not in _facts(turns, learned=False)


ASSISTANT_NOTES = [
    # the assistant's "I" is its own name in the rules' text: "Assistant has noted that I
    # have ...": the clause opens on the assistant, and the fact is still the user's
    pytest.param(["Lena: fyi i'm coeliac, not just avoiding gluten for fun",
                  "Assistant: Thanks, Lena — I've noted that you have coeliac disease."],
                 ("Lena", "HAS_CONDITION", "coeliac disease", False), marks=R20),
    (["Omar: I'm at Spotify now, not Klarna, switched in May.",
      "Assistant: Got it, Omar. I've updated your employer to Spotify."],
     ("Omar", "WORKS_AT", "Spotify", False)),
    pytest.param(["Omar: moved to Porto last month",
                  "Assistant: Noted! I'll use Porto for your local weather from now on."],
                 ("Omar", "LIVES_IN", "Porto", False), marks=R20),
]  # fmt: skip


@pytest.mark.parametrize(("turns", "fact"), ASSISTANT_NOTES, ids=lambda v: str(v)[:30])
def test_an_assistant_noting_a_users_fact_tells_the_users_fact(
    turns: list[str], fact: Found
) -> None:
    _the_steps(turns, fact)
    assert not any(f[0] == "Assistant" for f in _facts(turns))


def test_an_assistant_speaking_of_its_own_doings_gives_the_user_nothing() -> None:
    turns = ["Dev: hi", "Assistant: I live in the cloud, but I'd recommend Lisbon for your trip."]
    assert not any(f[2] == "Lisbon" for f in _facts(turns))


def test_a_line_that_names_no_one_goes_on_with_the_person_before_it() -> None:
    # short chat lines: the news is the cousin's (a bare "Cousin" opening a line is the
    # speaker's cousin), and "To Marisol" continues it
    _the_steps(["Ines: Cousin got engaged!! To Marisol, of all people."],
               ("Ines's cousin", "ENGAGED_TO", "Marisol", False))  # fmt: skip
    # ... and a line that goes on with someone else's news is not the speaker's (it may be
    # read as that person's: "Ines's sister" works at Deloitte)
    for line, value in [
        ("Ines: Son got engaged last night. To Beatriz!", "Beatriz"),
        ("Ines: Sister got the job. Deloitte!", "Deloitte"),
    ]:
        assert not any(f[0] == "Ines" and f[2] == value for f in _facts([line]))
    assert ("Ines", "DRIVES", "car", False) in _facts(["Ines: I got a new car. A Volvo XC40."])


def test_a_relatives_news_an_assistant_restates_is_the_relatives() -> None:
    # the clause opens on "It" (no one): the relative whose thing it names owns the fact,
    # never the user
    turns = [
        "Ines: hi",
        "Assistant: It seems your brother's new role at Siemens is a great fit for him.",
    ]
    _the_steps(turns, ("Ines's brother", "WORKS_AT", "Siemens", False))
    assert not any(f[0] == "Ines" and f[2] == "Siemens" for f in _facts(turns))


def test_a_line_after_a_pronouns_news_is_not_the_speakers() -> None:
    # the sentence before is about "he" (the brother met in the turn before): the chat line
    # that names no one goes on with his news, not the speaker's
    turns = ["Ines: my brother Tomas hated the warehouse job",
             "Ines: he finally quit!! Deloitte now, so proud"]  # fmt: skip
    assert not any(f[0] == "Ines" and f[2] == "Deloitte" for f in _facts(turns))


@pytest.mark.parametrize(
    ("lines", "whose"),
    [
        (["my sister got the job.", "Harbour Bank!"], None),  # the sister's news goes on
        (["I got the job!!", "Harbour Bank!"], "Amaka"),  # the speaker's own news
        (["Harbour Bank now"], "Amaka"),  # a reply that leaves its subject out
    ],
)
def test_whose_a_line_naming_no_one_is(lines: list[str], whose: str | None) -> None:
    known = Known()
    known.speakers.add("amaka")
    *before, s = [analyse(line, SAID_AT, "Amaka", known) for line in lines]
    found = next(span for span in s.spans if span.name == "Harbour Bank")
    person = owner(s, found, "speaker", "user", known, before)
    assert (person.name if person else None) == whose


@pytest.mark.parametrize(
    ("line", "value", "whose"),
    [
        # round 25: a value in words (an age) goes to a name of no known kind; on the
        # unseen writers such facts were right more often than the step's other facts
        ("and Winifred, seventy-nine, signed up for salsa.", "seventy-nine", "Winifred"),
        ("and Winifred, seventy-nine, moved to Porto.", "seventy-nine", "Winifred"),
        ("Salsa Club? Winifred runs it.", "Salsa Club", None),  # a named value: no
        # a "he" or "she" opening the clause stands for the person met before it
        ("My son want to be the pilot, but he is only 9.", "9", "Amaka's son"),
        ("me and my mum both turned a year older, she's 50 I'm 25", "50", "Amaka's mom"),
    ],
)
def test_whose_third_person_fact_is(line: str, value: str, whose: str | None) -> None:
    known = Known()
    known.speakers.add("amaka")
    s = analyse(line, SAID_AT, "Amaka", known)
    at = line.index(value)
    found = next((x for x in s.spans if x.start <= at < x.end), None)
    if found is None:
        found = Span(at, at + len(value), value, "Age", named=False)
    person = owner(s, found, "third", "user", known)
    assert (person.name if person else None) == whose


@pytest.mark.parametrize(
    ("lines", "value", "whose"),
    [
        # round 26: a "he" or "she" holding an age may stand for a pet or a name of no
        # known kind met before it (the unseen writers' "Sergeant Fluff. hes 6")
        (["Sergeant Fluff.", "he's 6 and very grumpy"], "6", "Sergeant Fluff"),
        (["we adopted Pippin last spring", "he's 6 and very grumpy"], "6", "Pippin"),
        (["I work at Harbour Bank.", "she's 6 and very grumpy"], "6", None),  # no company's
    ],
)
def test_whose_age_a_pronoun_tells_over_lines(
    lines: list[str], value: str, whose: str | None
) -> None:
    known = Known()
    known.speakers.add("amaka")
    *before, s = [analyse(line, SAID_AT, "Amaka", known) for line in lines]
    at = s.text.index(value)
    found = Span(at, at + len(value), value, "Age", named=False)
    person = owner(s, found, "third", "user", known, before)
    assert (person.name if person else None) == whose
