"""The rule extractor's semantic cue (``extractors/rules/cue/semantic.py``) on the real embedder.

State changes worded outside the pattern table ("been living in Hamburg since March",
"handed in my notice at X, starting at Y monday", "took up fencing") are found by their
likeness to generic prototype clauses; near misses (a wish, a trip, a friend's move, an
application) give nothing. Each positive is checked to be the cue's doing: the pattern
table alone does not find it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache

import pytest

from chronomem import Memory
from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, EpisodeSource
from chronomem.providers.hashing import HashEmbedder
from chronomem.testing import ManualClock
from tests.real_embedder import facts_about, real_embedder, target_name, tell

pytestmark = pytest.mark.local_model

WHEN = datetime(2025, 3, 12, 18, 0, tzinfo=UTC)
Found = tuple[str, str, str, bool]  # source, relation, target, ended

# (turns, a fact the last turn must give) — written for this test, not from any benchmark
POSITIVES: list[tuple[list[str], Found]] = [
    (
        ["Nadia: We've officially made the move to Rotterdam."],
        ("Nadia", "LIVES_IN", "Rotterdam", False),
    ),
    (["Sam: Our new address is in Boise."], ("Sam", "LIVES_IN", "Boise", False)),
    (
        ["Nadia: We closed on a house in Tacoma and moved in last weekend."],
        ("Nadia", "LIVES_IN", "Tacoma", False),
    ),
    (
        [
            "Sam: I work at Siemens.",
            "Sam: I handed in my notice at Siemens, starting at Bosch on monday.",
        ],
        ("Sam", "WORKS_AT", "Bosch", False),
    ),
    (
        ["Sam: Hey so I ended up taking the Accenture offer."],
        ("Sam", "WORKS_AT", "Accenture", False),
    ),
    (
        ["Nadia: I'm a proud new employee of Salesforce!"],
        ("Nadia", "WORKS_AT", "Salesforce", False),
    ),
    (["Sam: Kicked off my first semester at UCLA."], ("Sam", "STUDIES_AT", "UCLA", False)),
    (
        ["Nadia: Became a member of the Sierra Club last month."],
        ("Nadia", "MEMBER_OF", "Sierra Club", False),
    ),
    (["Lena: Been absolutely loving Duolingo these days."], ("Lena", "LIKES", "Duolingo", False)),
    # the table reads "hooked on X" and "picked up <gerund>" now: these wordings it does not
    (["Sam: I've been super into Minecraft lately."], ("Sam", "LIKES", "Minecraft", False)),
    (["Sam: Started bouldering this winter."], ("Sam", "HAS_HABIT", "bouldering", False)),
    (["Sam: I've gotten really into crocheting."], ("Sam", "HAS_HABIT", "crocheting", False)),
    (["Lena: Our little family now calls Ghent home."], ("Lena", "LIVES_IN", "Ghent", False)),
    (
        ["Lena: We've been settling into our new place in Bergen."],
        ("Lena", "LIVES_IN", "Bergen", False),
    ),
    (["Lena: I'm officially on the payroll at Zalando."], ("Lena", "WORKS_AT", "Zalando", False)),
    (
        ["Lena: Signed the contract with Philips this morning!"],
        ("Lena", "WORKS_AT", "Philips", False),
    ),
    (["Lena: Said yes to the offer from Atlassian."], ("Lena", "WORKS_AT", "Atlassian", False)),
    # "Turned in my resignation at X" is read by the ending lexicon now (end_words.py)
    (["Lena: Enrolled in night classes at Birkbeck."], ("Lena", "STUDIES_AT", "Birkbeck", False)),
    (
        ["Lena: Got my membership card for the Tate yesterday."],
        ("Lena", "MEMBER_OF", "Tate", False),
    ),
    (["Lena: I've been dabbling in beekeeping."], ("Lena", "HAS_HABIT", "beekeeping", False)),
    (
        ["Ana: I lived in Porto from 2015 to 2019, then packed up for Lyon."],
        ("Ana", "LIVES_IN", "Lyon", False),  # open: 2019 is Porto's date, not Lyon's
    ),
    # ("joined the YMCA gym" then "Cancelled the gym": the pattern table reads the held
    # value's shorter name now, see tests/test_rules_held_reference.py)
    (
        ["Maya: hi", "Assistant: Since you've settled into your new flat in Galway, some tips."],
        ("Maya", "LIVES_IN", "Galway", False),  # an assistant's turn: "you" is the user
    ),
    (
        ["Maya: hi", "Assistant: Now that you're on the payroll at Klarna, enrol in the pension."],
        ("Maya", "WORKS_AT", "Klarna", False),
    ),
    (
        ["Tom: My sister Jo has been settling into her new place in Bristol."],
        ("Jo", "LIVES_IN", "Bristol", False),  # a third person named in apposition
    ),
]

# Near misses (and gerunds with an object of their own, which are verbs, not hobbies):
# none may give a fact the pattern table does not give already.
NEGATIVES: list[list[str]] = [
    ["Sam: I'd love to move to Lisbon someday."],
    ["Sam: Thinking about moving to Madrid."],
    ["Sam: My friend moved to Oslo."],
    ["Sam: I'm done with this report."],
    ["Sam: We visited Kyoto last spring."],
    ["Sam: I applied to Google last week."],
    ["Sam: My flight to Denver is at 6."],
    ["Sam: Lisbon is so expensive these days."],
    ["Sam: I didn't get the job at Amazon."],
    ["Sam: Talked to Microsoft recruiters today."],
    ["Sam: Interview at Meta tomorrow, wish me luck."],
    ["Sam: I was in Chicago for a wedding."],
    ["Sam: Grabbed coffee near Union Station."],
    ["Sam: I called Comcast about the bill."],
    ["Sam: I'm done with Netflix's new season, it was great."],
    ["Sam: Emailed Harvard admissions about the deadline."],
    ["Sam: I'd quit Amazon in a heartbeat if I could."],
    ["Sam: Flew back from Paris on Sunday."],
    ["Sam: I'm so tired of running errands."],
    ["Sam: I was cleaning all morning."],
    ["Sam: Should I quit Spotify?"],
    ["Sam: I never lived in Texas."],
    ["Sam: I just like helping people."],
    # a value held, spoken of again: no ending
    ["Ana: I'm a member at Lifetime Fitness.", "Ana: Went to Lifetime Fitness this morning."],
    ["Ana: I joined the YMCA gym.", "Ana: Skipped the gym again today."],
    ["Ana: I pay for Spotify.", "Ana: Made a new playlist on Spotify for the trip."],
    ["Ana: I work at Klarna.", "Ana: Long day at Klarna, so many meetings."],
    ["Maya: I'm curious about Tokyo.", "Assistant: If you move to Tokyo, you'll need a visa."],
    ["Maya: hi", "Assistant: I have settled on a plan: visit Kyoto first, then Osaka."],
    ["Sam: I do love watching classics."],
    ["Sam: I've been looking into counseling and coaching as a career."],
]


@cache
def _with_cue() -> RuleExtractor:
    # the cue beside the patterns; the learned step (on by default) is tested in
    # test_learned_step.py (it reads a trip as a visit, which the cue does not)
    return RuleExtractor(embedder=real_embedder(), learned=False)


def _facts(extractor: RuleExtractor, turns: list[str]) -> set[Found]:
    episodes = [
        Episode(f"e{i}", "g", text, EpisodeSource.MESSAGE, WHEN + timedelta(minutes=i), WHEN)
        for i, text in enumerate(turns)
    ]
    found = extractor.extract(episodes[-1], episodes[:-1])
    return {(f.source, f.relation, f.target, f.invalid_at is not None) for f in found.facts}


@pytest.mark.parametrize(("turns", "expected"), POSITIVES, ids=lambda v: str(v)[:40])
def test_the_cue_finds_a_change_worded_outside_the_table(turns: list[str], expected: Found) -> None:
    assert expected in _facts(_with_cue(), turns)
    assert expected not in _facts(RuleExtractor(), turns)  # the cue's doing, not a pattern's


@pytest.mark.parametrize("turns", NEGATIVES, ids=lambda v: v[-1][:40])
def test_a_near_miss_gives_nothing_beyond_the_patterns(turns: list[str]) -> None:
    assert _facts(_with_cue(), turns) == _facts(RuleExtractor(), turns)


def test_the_friend_who_moved_is_not_the_speaker() -> None:
    found = _facts(_with_cue(), ["Sam: My friend moved to Oslo."])
    assert not any(f[0] == "Sam" and f[1] == "LIVES_IN" for f in found)
    said = ["Tom: My sister Jo has been settling into her new place in Bristol."]
    assert not any(f[0] == "Tom" and f[1] == "LIVES_IN" for f in _facts(_with_cue(), said))


def test_without_the_calibrated_model_the_cue_is_off() -> None:
    turns = ["Sam: Been living in Hamburg since March."]
    assert _facts(RuleExtractor(embedder=HashEmbedder()), turns) == _facts(RuleExtractor(), turns)


def test_a_new_city_in_new_words_closes_the_old_one_end_to_end() -> None:
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(
            memory,
            clock,
            [
                ("2025-01-05T10:00", "Priya: I live in Leeds."),
                ("2025-04-02T10:00", "Priya: We've officially made the move to Rotterdam."),
            ],
        )
        homes = facts_about(memory, "Priya", "LIVES_IN")
        current = {target_name(memory, f) for f in homes if f.invalid_at is None}
        assert current == {"Rotterdam"}


def test_notice_and_new_employer_in_one_breath_end_to_end() -> None:
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(
            memory,
            clock,
            [
                ("2025-01-05T10:00", "Omar: I work at Siemens."),
                (
                    "2025-04-02T10:00",
                    "Omar: I handed in my notice at Siemens, starting at Bosch on monday.",
                ),
            ],
        )
        jobs = facts_about(memory, "Omar", "WORKS_AT")
        ended = {target_name(memory, f) for f in jobs if f.invalid_at is not None}
        assert "Siemens" in ended
        assert "Bosch" in {target_name(memory, f) for f in jobs if f.invalid_at is None}
