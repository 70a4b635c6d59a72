"""Verbs of ending next to a name the patterns did not explain (``readers/losses.py``)."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.readers.losses import ended_by_verb


def _ended(text: str, name: str) -> bool:
    i = text.index(name)
    return ended_by_verb(text, i, i + len(name))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("bubbles died :( we flushed him this morning", "bubbles"),
        ("cancelled Equinox today. $250 a month was insane", "Equinox"),
        ("Sam and I broke up yesterday", "Sam"),
        ("the divorce from Steve was finalized", "Steve"),
        ("Mom finally retired from Mercy! 35 years", "Mercy"),
        ("sadly we had to put Bruno down", "Bruno"),
        ("I gave Kiwi to my sister when I moved", "Kiwi"),
        ("someone stole my Trek from outside the office", "Trek"),
        ("someone nicked my Brompton from outside the station", "Brompton"),  # round 24
        ("ok so jake and I are done", "jake"),
        ("honestly I'm done with Chelsea", "Chelsea"),
        ("oops, his name is Lenny not Benny lol", "Benny"),  # a correction takes it back
        ("let our Costco membership lapse, the kids moved out", "Costco"),
        ("we had to let Pip go this morning, she went peacefully", "Pip"),  # round 22
        ("we had Mittens put to sleep on Friday", "Mittens"),  # round 28: had it done
        ("handed back the keys to Larch Close today, weirdly emotional", "Larch Close"),
        ("got the Hoovra in the end, the Vacmaster is going to the tip", "Vacmaster"),
        ("rip Sir Bubbles. 2024-2025. forgot the heater", "Sir Bubbles"),
        ("Today I returned the key of Koenji apartment to the agency", "Koenji"),
        ("sadly Juniper has gone back to the shelter, she hated the cats", "Juniper"),
    ],
)
def test_a_loss_ends_the_name(text: str, name: str) -> None:
    assert _ended(text, name)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Chris left for Google last week", "Google"),  # a destination
        ("first week at stripe done. exhausted", "stripe"),
        ("I left the office early and met Sarah", "Sarah"),
        ("I love Paris in the spring", "Paris"),
        ("we moved to Lyon", "Lyon"),
        ("his name is Lenny not Benny", "Lenny"),
        ("I do not like Bob", "Bob"),
        ("I let Pip go to the park on her own", "Pip"),  # let go somewhere: no loss
        ("we let Ruth go first at the lights", "Ruth"),
        ("we got the keys to Larch Close today!!", "Larch Close"),  # moving in
        ("we had Mittens vaccinated on Friday", "Mittens"),
        ("dont rip the Lego box, Tamsin wants it", "Lego"),  # "rip" a verb, not a death
        ("Juniper came back to the shelter to visit us", "Juniper"),
    ],
)
def test_other_names_stay(text: str, name: str) -> None:
    assert not _ended(text, name)


def test_jobs_said_with_a_possessive_or_an_apposition() -> None:
    from datetime import UTC, datetime

    from chronomem.extractors.rules.extractor import RuleExtractor
    from chronomem.model import Episode

    ref = datetime(2024, 1, 10, 12, tzinfo=UTC)
    found = set()
    for n, text in enumerate(
        [
            "Kevin: ngl my new job at Ramp is so much better",
            "Ben: one of my clients, Shopify, hired me full time!!",
            "Priya: I'm a backend dev at Zendesk, mostly Ruby",
        ]
    ):
        ep = Episode(
            id=f"e{n}",
            group_id="g",
            content=text,
            source="message",
            source_description="chat",
            reference_time=ref,
            created_at=ref,
        )
        found |= {(f.source, f.relation, f.target) for f in RuleExtractor().extract(ep, ()).facts}
    for n, text in enumerate(["June: I'm a Costco member", "Pat: I have a membership at Equinox"]):
        ep = Episode(
            id=f"m{n}", group_id="g", content=text, source="message",
            source_description="chat", reference_time=ref, created_at=ref,
        )  # fmt: skip
        found |= {(f.source, f.relation, f.target) for f in RuleExtractor().extract(ep, ()).facts}
    assert {
        ("June", "MEMBER_OF", "Costco"),
        ("Pat", "MEMBER_OF", "Equinox"),
        ("Kevin", "WORKS_AT", "Ramp"),
        ("Ben", "WORKS_AT", "Shopify"),
        ("Priya", "WORKS_AT", "Zendesk"),
    } <= found
