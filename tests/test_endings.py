"""What an ending carries with it (engine/endings.py, mention_endings.py,
timeline_endings.py), pure and end to end.

When a typed fact ends (a new employer, "I left Acme in January"), the loose mentions the
extractor kept between the same two entities ("first week at stripe done") end with it; typed
facts between them (a taste, a friendship) stay. An ending whose entity only resolution made
equal to the stored one ("Acme" / "Acme Corp") ends the stored fact instead of standing apart.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from chronomem import Memory
from chronomem.engine.endings import close_mentions, ended_fact
from chronomem.engine.timeline_endings import close_told_in_order
from chronomem.model import Fact
from chronomem.testing import ManualClock
from tests.helpers import t
from tests.real_embedder import told_memory

JAN, MAR, MAY = t("2024-01-10T10:00"), t("2024-03-01T10:00"), t("2024-05-01T10:00")


def fact(fid: str, relation: str, target: str, text: str, **kw) -> Fact:  # type: ignore[no-untyped-def]
    return Fact(fid, "g", "maya", target, relation, text, created_at=JAN, **kw)


def test_a_closed_value_takes_its_mentions_but_not_its_typed_facts() -> None:
    job = fact("f1", "WORKS_AT", "stripe", "Maya works at Stripe", valid_at=JAN)
    remark = fact("f2", "MENTIONED", "stripe", "first week at stripe done", valid_at=JAN)
    taste = fact("f3", "LIKES", "stripe", "Maya likes Stripe's cafeteria", valid_at=JAN)
    other = fact("f4", "MENTIONED", "leeds", "Maya went to Leeds", valid_at=JAN)
    stored = {f.id: f for f in (job, remark, taste, other)}
    working = {"f1": fact("f1", "WORKS_AT", "stripe", job.fact, valid_at=JAN, invalid_at=MAR)}
    same_breath = fact("n1", "MENTIONED", "stripe", "stripe was fun", valid_at=MAR)
    new = [same_breath]
    close_mentions(new, working, stored, MAR)
    assert working["f2"].invalid_at == MAR and working["f2"].expired_at == MAR
    assert "f3" not in working and "f4" not in working
    assert new[0].invalid_at == MAR  # a remark made while telling the change is history too


def test_nothing_ended_closes_nothing() -> None:
    remark = fact("f2", "MENTIONED", "stripe", "first week at stripe done", valid_at=JAN)
    working: dict[str, Fact] = {}
    new = [fact("n1", "WORKS_AT", "figma", "Maya works at Figma", valid_at=MAR)]
    close_mentions(new, working, {"f2": remark}, MAR)
    assert working == {} and new[0].invalid_at is None


def test_an_ending_finds_the_one_open_fact_of_its_pair() -> None:
    job = fact("f1", "WORKS_AT", "acme", "Ben works at Acme Corp", valid_at=JAN)
    ending = fact("n1", "WORKS_AT", "acme", "Ben left Acme", invalid_at=MAR)
    assert ended_fact(ending, [job]) is job
    restated = fact("n2", "WORKS_AT", "acme", "Ben works at Acme", valid_at=MAY)
    assert ended_fact(restated, [job]) is None  # not an ending
    two = [job, fact("f5", "WORKS_AT", "acme", "second stint", valid_at=MAR)]
    assert ended_fact(ending, two) is None  # ambiguous: left to the decision step


@pytest.mark.local_model
def test_remarks_about_an_old_job_end_with_it(embedder) -> None:  # type: ignore[no-untyped-def]
    turns = [
        (JAN, "Maya: just signed my offer at Stripe!!"),
        (JAN + timedelta(days=10), "Maya: first week at stripe done. exhausted lol"),
        (MAY, "Maya: update: i work at Figma now. stripe was fun but the commute was brutal"),
    ]
    clock = ManualClock(JAN)
    with Memory(embedder=embedder, clock=clock) as memory:
        for when, text in turns:
            clock.set(when + timedelta(minutes=1))
            memory.add_episode(text, group_id="g", reference_time=when)
        texts = [f.fact for f in memory.search("Where does Maya work?", group_id="g").facts]
        assert any("Figma" in x for x in texts)
        assert not any("stripe" in x.lower() for x in texts), texts
        past = memory.search("Where does Maya work?", group_id="g", valid_at=MAR)
        past_texts = [f.fact for f in past.facts]
        assert any("stripe" in x.lower() for x in past_texts), past_texts


def test_an_ending_by_name_closes_what_names_the_thing_but_not_tastes() -> None:
    camera = fact("f1", "MENTIONED", "c5d", "Theo shoots everything on a Canon 5D", valid_at=JAN)
    taste = fact("f2", "LIKES", "canon-brand", "Theo likes Canon lenses", valid_at=JAN)
    later = fact("f3", "MENTIONED", "c5d", "Theo's Canon is back", valid_at=MAY)
    unrelated = fact("f4", "OWNS", "tripod", "Theo owns a tripod", valid_at=JAN)
    stored = {f.id: f for f in (camera, taste, later, unrelated)}
    sold = fact("n1", "OWNS", "canon", "Theo sold the canon", invalid_at=MAR)
    working: dict[str, Fact] = {}
    close_mentions([sold], working, stored, MAR, {"canon": "canon"})
    assert set(working) == {"f1"} and working["f1"].invalid_at == MAR


def test_a_bare_loss_ends_the_taste_for_that_very_thing_only() -> None:
    fan = fact("f1", "LIKES", "chelsea", "Jim is a fan of Chelsea", valid_at=JAN)
    other = fact("f2", "LIKES", "chelsea-fc-shop", "Jim likes the Chelsea shop", valid_at=JAN)
    friend = fact("f3", "FRIEND_OF", "chelsea", "Chelsea is Jim's friend", valid_at=JAN)
    stored = {f.id: f for f in (fan, other, friend)}
    done = fact("n1", "MENTIONED", "chelsea", "Jim is done with Chelsea", invalid_at=MAR)
    working: dict[str, Fact] = {}
    close_mentions([done], working, stored, MAR, {"chelsea": "chelsea"})
    assert set(working) == {"f1"} and working["f1"].invalid_at == MAR


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("first", "then", "gone", "kept"),
    [
        ("Lily: i have a goldfish called Bubbles", "Lily: bubbles died :( so sad", "Bubbles", None),
        (
            "Pat: I have a membership at Equinox and I love my friend Zoe",
            "Pat: cancelled Equinox today, way too pricey",
            "Equinox",
            "Zoe",
        ),
        ("Kyle: I'm dating Sam, we met at work", "Kyle: Sam and I broke up yesterday", "Sam", None),
        (  # round 23: a pet rehomed
            "Lily: we adopted a cat called Bubbles",
            "Lily: Bubbles went to her new home with my aunt",
            "Bubbles",
            None,
        ),
        (  # round 23: the couple said as over, without a name
            "Ines: my girlfriend Paloma thinks i work too much",
            "Ines: we're not together anymore. she moved out last weekend",
            "Paloma",
            None,
        ),
        (
            "Jim: I'm a die hard Chelsea fan",
            "Jim: I'm done with Chelsea. Arsenal fan now, fight me",
            "Chelsea",
            "Arsenal",
        ),
        (
            "Nia: we're lifelong Celtics fans, my friend Dee too",
            "Nia: so done with the Celtics after that season",
            "Celtics",
            "Dee",
        ),
    ],
)
def test_a_loss_said_in_passing_ends_what_was_told(embedder, first, then, gone, kept) -> None:  # type: ignore[no-untyped-def]
    clock = ManualClock(JAN)
    with Memory(embedder=embedder, clock=clock) as memory:
        for when, text in ((JAN, first), (MAR, then)):
            clock.set(when + timedelta(minutes=1))
            memory.add_episode(text, group_id="g", reference_time=when)
        clock.set(MAY)
        current = [f.fact for f in memory.search(gone, group_id="g", limit=20).facts]
        assert not any(gone.lower() in x.lower() for x in current), current
        before = memory.search(gone, group_id="g", valid_at=JAN + timedelta(days=1)).facts
        assert any(gone.lower() in f.fact.lower() for f in before)
        if kept:
            assert any(kept in f.fact for f in memory.search(kept, group_id="g").facts)


def test_a_plan_moved_under_a_shorter_name_withdraws_the_old_date() -> None:
    from chronomem.engine.timeline_endings import withdraw_moved_plans

    said = t("2024-09-02T10:00")
    old = Fact(
        "p1", "g", "gary", "knee", "HAS_PLAN", "Gary's knee surgery is on the 20th",
        created_at=said, valid_at=t("2024-09-20T00:00"),
    )  # fmt: skip
    moved = Fact(
        "n1", "g", "gary", "surgery", "HAS_PLAN", "the surgery is moved to October 4",
        created_at=said, valid_at=t("2024-10-04T00:00"),
    )  # fmt: skip
    other = Fact(
        "p2", "g", "gary", "flight", "HAS_PLAN", "Gary's flight to Rome",
        created_at=said, valid_at=t("2024-09-25T00:00"),
    )  # fmt: skip
    working: dict[str, Fact] = {}
    later = said + timedelta(days=5)
    withdraw_moved_plans(
        [moved], working, {"p1": old, "p2": other}, later, {"surgery": "surgery"}, later
    )
    assert set(working) == {"p1"}
    assert working["p1"].invalid_at == working["p1"].valid_at  # never held


def test_a_new_value_closes_earlier_mentions_of_the_same_kind_only() -> None:
    from chronomem.engine.mention_endings import (
        close_siblings,
        close_superseded,
        superseded_mentions,
    )

    said = JAN + timedelta(days=1)
    text = "Rent in San Francisco is insane"
    sf = fact("m1", "MENTIONED", "sf", text, valid_at=JAN, episodes=("e1",))
    sf2 = fact("m2", "MENTIONED", "bay", text, valid_at=JAN, episodes=("e1",))
    band = fact("m3", "MENTIONED", "coldplay", "Maya saw Coldplay", valid_at=JAN)
    later = fact("m4", "MENTIONED", "rome", "Maya said: Rome was great", valid_at=MAY)
    stored = {f.id: f for f in (sf, sf2, band, later)}
    home = fact("n1", "LIVES_IN", "oakland", "Maya moved to Oakland", valid_at=MAR)
    pairs = superseded_mentions([home], stored, {})
    assert {old.id for _, old in pairs} == {"m1", "m2", "m3"}  # m4 came after the move
    labels = {"oakland": ("Location",), "sf": ("Location",), "bay": (), "coldplay": ("Band",)}
    working: dict[str, Fact] = {}
    close_superseded(pairs, working, labels, said)
    assert set(working) == {"m1"}  # the band is not a home
    close_siblings(working, stored, said)
    assert set(working) == {"m1", "m2"}  # the same sentence's other mention
    assert working["m2"].invalid_at == MAR


def test_an_unlabelled_mention_named_again_beside_the_new_value_closes() -> None:
    from chronomem.engine.mention_endings import close_superseded, superseded_mentions

    lease = fact("m1", "MENTIONED", "harlow", "Maya got the keys to a flat in Harlow", valid_at=JAN)
    gig = fact("m2", "MENTIONED", "brockwell", "Maya said: Brockwell gig was loud", valid_at=JAN)
    stored = {f.id: f for f in (lease, gig)}
    home = fact("n1", "LIVES_IN", "stevenage", "Maya moved to Stevenage", valid_at=MAR)
    pairs = superseded_mentions([home], stored, {})
    labels = {"stevenage": ("Location",), "harlow": (), "brockwell": ()}
    working: dict[str, Fact] = {}
    close_superseded(pairs, working, labels, MAY)
    assert working == {}  # unlabelled and not named again: nothing says it was the home
    close_superseded(pairs, working, labels, MAY, frozenset({"harlow"}))
    assert set(working) == {"m1"}
    assert working["m1"].invalid_at == MAR
    labelled = {**labels, "harlow": ("Person",)}
    working = {}
    close_superseded(pairs, working, labelled, MAY, frozenset({"harlow"}))
    assert working == {}  # a person named beside a new home is no old home


def test_an_ending_by_initials_closes_the_fact_that_spells_them_out() -> None:
    club = fact(
        "f1",
        "MEMBER_OF",
        "nts",
        "Maya is a member of the National Trust for Scotland",
        valid_at=JAN,
    )
    other = fact("f2", "MEMBER_OF", "ntc", "Maya joined the Nairn Tennis Club", valid_at=JAN)
    work = fact(
        "f3", "WORKS_AT", "nts", "Maya works at the National Trust for Scotland", valid_at=JAN
    )
    lapsed = fact("n1", "MEMBER_OF", "nts2", "Maya let the NTS membership go", invalid_at=MAR)
    working: dict[str, Fact] = {}
    stored = {f.id: f for f in (club, other, work)}
    close_mentions([lapsed], working, stored, MAY, {"nts2": "NTS"})
    assert set(working) == {"f1"}  # not the other club, not the job at the same body
    assert working["f1"].invalid_at == MAR


def test_an_ending_heard_first_ends_the_state_heard_after() -> None:
    from chronomem.engine.timeline_endings import close_by_stored_endings

    breakup = fact("f1", "MENTIONED", "sam", "Sam and Maya broke up", invalid_at=MAR)
    breakup = replace(breakup, expired_at=MAR)
    dating = fact("n1", "DATING", "sam", "Maya is dating Sam", valid_at=JAN)
    again = fact("n2", "DATING", "sam", "Maya is dating Sam again", valid_at=MAY)
    new = [dating, again]
    close_by_stored_endings(new, {"f1": breakup}, MAY)
    assert new[0].invalid_at == MAR  # told later, started before the end
    assert new[1].invalid_at is None  # a new stint after it


def test_an_ending_folded_into_its_fact_still_ends_by_name_but_spares_listed_siblings() -> None:
    city = fact("f1", "LIVES_IN", "chicago", "Eli lives in Chicago, Wicker Park area", valid_at=JAN)
    area = fact("f2", "LIVES_IN", "wicker", "Eli lives in Chicago, Wicker Park area", valid_at=JAN)
    subs = fact("f3", "SUBSCRIBED_TO", "netflix", "Eli pays for Netflix and Hulu", valid_at=JAN)
    moved = fact("n1", "LIVES_IN", "chicago", "Eli moved out of Chicago", invalid_at=MAR)
    working = {"f1": replace(city, invalid_at=MAR, expired_at=MAR)}
    stored = {f.id: f for f in (city, area, subs)}
    close_mentions([], working, stored, MAR, {"chicago": "Chicago"}, [moved])
    assert working["f2"].invalid_at == MAR  # the same sentence's refinement of the home
    assert "f3" not in working
    hulu = fact("n2", "SUBSCRIBED_TO", "hulu", "Eli cancelled Hulu", invalid_at=MAR)
    working = {}
    close_mentions([hulu], working, stored, MAR, {"hulu": "Hulu"})
    assert "f3" not in working  # Netflix, listed beside it, stays


def test_a_medication_stopped_keeps_the_condition_it_was_told_with() -> None:
    condition = fact(
        "f1", "HAS_CONDITION", "gout", "Ada has gout, doc put Ada on allopurinol", valid_at=JAN
    )
    remark = fact(
        "f2", "MENTIONED", "pharmacy", "Ada picks up allopurinol on fridays", valid_at=JAN
    )
    stored = {f.id: f for f in (condition, remark)}
    stopped = fact(
        "n1", "TAKES_MEDICATION", "allopurinol", "Ada is off allopurinol", invalid_at=MAR
    )
    working: dict[str, Fact] = {}
    close_mentions([stopped], working, stored, MAR, {"allopurinol": "allopurinol"})
    assert set(working) == {"f2"}  # the remark about the drug ends, the gout does not


def test_an_ampersand_inside_a_name_is_no_list_of_siblings() -> None:
    """ "joined the film club at Reel & Co": quitting the film club ends that membership; a
    list of siblings needs the ended name next to a list's conjunction."""
    club = fact("f1", "MEMBER_OF", "reel", "Ana joined the film club at Reel & Co", valid_at=JAN)
    listed = fact(
        "f2", "MEMBER_OF", "yoga", "Ana is in the film club and the yoga club", valid_at=JAN
    )
    quit_club = fact("n1", "MEMBER_OF", "film", "Ana quit the film club", invalid_at=MAR)
    working: dict[str, Fact] = {}
    stored = {f.id: f for f in (club, listed)}
    close_mentions([quit_club], working, stored, MAR, {"film": "film club"})
    assert working["f1"].invalid_at == MAR
    assert "f2" not in working  # "the film club and yoga club": a list, the yoga club stays


def test_a_remark_on_a_value_that_already_ended_ends_with_it() -> None:
    from chronomem.engine.mention_endings import close_remarks_on_past

    home = fact("f1", "LIVES_IN", "utrecht", "Maya lives in Utrecht", valid_at=JAN, invalid_at=MAR)
    remark = fact("n1", "MENTIONED", "utrecht", "so quiet compared to utrecht", valid_at=MAY)
    other = fact("n2", "MENTIONED", "leeds", "Maya went to Leeds", valid_at=MAY)
    new = [remark, other]
    close_remarks_on_past(new, {"f1": home}, {}, MAY)
    assert new[0].invalid_at == MAR and new[0].valid_at is None  # a remark on the past
    assert new[1].invalid_at is None  # no typed fact of its pair: left open
    back = fact("f2", "LIVES_IN", "utrecht", "Maya moved back to Utrecht", valid_at=MAY)
    again = [fact("n3", "MENTIONED", "utrecht", "utrecht is home", valid_at=MAY)]
    close_remarks_on_past(again, {"f1": home, "f2": back}, {}, MAY)
    assert again[0].invalid_at is None  # the pair holds again
    liked = fact("f3", "LIKES", "utrecht", "Maya likes Utrecht", valid_at=JAN, invalid_at=MAR)
    taste = [fact("n4", "MENTIONED", "utrecht", "utrecht trip", valid_at=MAY)]
    close_remarks_on_past(taste, {"f3": liked}, {}, MAY)
    assert taste[0].invalid_at is None  # only a one-value relation's end says it is past


def test_a_mention_of_the_new_values_kind_told_beside_it_closes() -> None:
    from chronomem.engine.mention_endings import close_superseded, superseded_mentions

    home = fact("n1", "LIVES_IN", "kigali", "Maya lives in Kigali", valid_at=MAR)
    before = fact(
        "n2", "MENTIONED", "nairobi", "Maya said: Nairobi was home for years", valid_at=MAR
    )
    dog = fact("n3", "MENTIONED", "biscuit", "moved with Biscuit", valid_at=MAR)
    new = [home, before, dog]
    pairs = superseded_mentions(new, {}, {})
    assert {old.id for _, old in pairs} == {"n2", "n3"}
    labels = {"kigali": ("Location",), "nairobi": ("Location",), "biscuit": ()}
    working: dict[str, Fact] = {}
    close_superseded(pairs, working, labels, MAR, frozenset({"nairobi", "biscuit"}), new)
    assert working == {} and new[1].invalid_at == MAR
    assert new[2].invalid_at is None  # unlabelled, told beside it: nothing says it was a home
    assert new[0].invalid_at is None


def test_the_end_of_a_partner_ends_the_love_of_that_person_only() -> None:
    thing = fact("f1", "LIKES", "caspian", "Lena and Caspian are a thing now", valid_at=JAN)
    friend = fact("f2", "FRIEND_OF", "caspian", "Caspian is Lena's friend too", valid_at=JAN)
    music = fact("f3", "LIKES", "band", "Lena likes Caspian's band", valid_at=JAN)
    stored = {f.id: f for f in (thing, friend, music)}
    quits = fact("n1", "DATING", "caspian", "Caspian and Lena called it quits", invalid_at=MAR)
    working: dict[str, Fact] = {}
    close_mentions([quits], working, stored, MAR, {"caspian": "Caspian"})
    assert set(working) == {"f1"} and working["f1"].invalid_at == MAR
    left = fact("n2", "WORKS_AT", "caspian", "Lena left Caspian", invalid_at=MAR)
    working = {}
    close_mentions([left], working, stored, MAR, {"caspian": "Caspian"})
    assert working == {}  # leaving an employer named Caspian ends no liking


def test_values_of_one_slot_told_in_one_message_each_hold_until_the_next() -> None:
    """ "Senior Buyer since January ... from May, Head of Procurement": one message, two
    titles from two days; the first holds until the second begins."""
    buyer = fact("n1", "HAS_JOB_TITLE", "buyer", "Maya is a senior buyer", valid_at=JAN)
    head = fact("n2", "HAS_JOB_TITLE", "head", "Maya is head of procurement", valid_at=MAY)
    new = [buyer, head]
    close_told_in_order(new, MAR)
    assert new[0].invalid_at == MAY and new[1].invalid_at is None


@pytest.mark.parametrize(
    "second",
    [
        fact("n2", "WORKS_AT", "globex", "Maya works at Globex", valid_at=JAN),  # same day
        fact("n2", "WORKS_AT", "globex", "Maya also works at Globex", valid_at=MAY),  # one more
        fact("n2", "LIKES", "globex", "Maya likes Globex", valid_at=MAY),  # no slot
        replace(
            fact("n2", "WORKS_AT", "globex", "Tom works at Globex", valid_at=MAY), source_id="tom"
        ),  # someone else's
    ],
)
def test_values_of_one_day_one_more_or_another_slot_end_nothing(second: Fact) -> None:
    new = [fact("n1", "WORKS_AT", "acme", "Maya works at Acme", valid_at=JAN), second]
    close_told_in_order(new, MAR)
    assert new[0].invalid_at is None


def test_a_told_end_earlier_than_a_replacement_in_the_same_round_is_when_it_ended() -> None:
    """Round 29: "Dr Okonkwo retired at Christmas. I've been moved to Dr Salazar": the new GP
    closes the old one when told, but the ending told with it says when; a value closed in
    an earlier round keeps its end."""
    gp = fact("f1", "ROLE_HELD_BY", "okonkwo", "Dr Okonkwo is Maya's GP", valid_at=JAN)
    stored = {"f1": gp}
    working = {"f1": replace(gp, invalid_at=MAY, expired_at=MAY)}  # the new GP, told in May
    retired = fact("n1", "MENTIONED", "okonkwo", "Dr Okonkwo retired", invalid_at=MAR)
    close_mentions([retired], working, stored, MAY, {"okonkwo": "Dr Okonkwo"})
    assert working["f1"].invalid_at == MAR
    closed_before = {"f1": replace(gp, invalid_at=MAY, expired_at=MAY)}
    working = dict(closed_before)
    close_mentions([retired], working, closed_before, MAY, {"okonkwo": "Dr Okonkwo"})
    assert working["f1"].invalid_at == MAY


def test_a_mention_told_beside_a_closed_value_closes_with_it() -> None:
    from chronomem.engine.mention_endings import close_told_beside

    said = MAY + timedelta(days=1)
    kiosk = fact(
        "t1", "WORKS_AT", "kiosk", "Maya works at the kiosk", valid_at=JAN, episodes=("e1",)
    )
    text = "In summer Maya works at the ice cream kiosk at Seacliff Park"
    beside = fact("m1", "MENTIONED", "park", text, valid_at=JAN, episodes=("e1",))
    other = fact("m2", "MENTIONED", "pier", "Maya said: the kiosk by the pier", valid_at=JAN)
    unnamed = fact(
        "m3", "MENTIONED", "mall", "Maya said: Seacliff Mall", valid_at=JAN, episodes=("e1",)
    )
    stored = {f.id: f for f in (kiosk, beside, other, unnamed)}
    working = {"t1": replace(kiosk, invalid_at=MAY)}  # a new workplace closed it this round
    close_told_beside(working, stored, said, lambda ids: {"kiosk": "ice cream kiosk"}, [])
    assert set(working) == {"t1", "m1"}  # told in another episode, or not naming it: open
    assert working["m1"].invalid_at == MAY
    slip = {"t1": replace(kiosk, valid_at=MAY, invalid_at=MAY)}  # closed the day it began
    close_told_beside(slip, stored, said, lambda ids: {"kiosk": "ice cream kiosk"}, [])
    assert set(slip) == {"t1"}  # a reading put right: the mention outlives it
    untouched: dict[str, Fact] = {}  # nothing closed this round: no mention closes
    close_told_beside(untouched, stored, said, lambda ids: {"kiosk": "ice cream kiosk"}, [])
    assert untouched == {}


def test_a_mention_told_beside_a_value_told_already_over_closes_with_it() -> None:
    """A message heard after the one that ended its value (out of order): its typed fact
    arrives closed, and the mention told beside it, naming it, closes with it."""
    from chronomem.engine.mention_endings import close_told_beside

    home = fact(
        "t1", "LIVES_IN", "horea", "Maya lives on Strada Horea", valid_at=JAN,
        invalid_at=MAR, episodes=("e2",),
    )  # fmt: skip
    text = "Maya lives in Cluj, in a flat on Strada Horea"
    beside = fact("m1", "MENTIONED", "cluj", text, valid_at=JAN, episodes=("e2",))
    elsewhere = fact("m2", "MENTIONED", "cluj", text, valid_at=JAN, episodes=("e1",))
    new = [home, beside, elsewhere]
    close_told_beside({}, {}, MAY, lambda ids: {"horea": "Strada Horea"}, new)
    assert new[1].invalid_at == MAR  # one statement, one fate
    assert new[2].invalid_at is None  # told in another message: open


def test_a_day_withdrawn_takes_the_mention_dated_by_it() -> None:
    """A plan put right the day it was told ("the 16th, not the 14th") is a slip, which a
    mention normally outlives; a mention dated by the plan's own day goes with that day."""
    from chronomem.engine.mention_endings import close_told_beside

    text = "Maya's knee surgery is on 14 May, at Lyndhurst Hospital"
    plan = fact("t1", "HAS_PLAN", "surgery", text, valid_at=MAY, episodes=("e1",))
    dated = fact("m1", "MENTIONED", "lyndhurst", text, valid_at=MAY, episodes=("e1",))
    undated = fact("m2", "MENTIONED", "lyndhurst", text, valid_at=JAN, episodes=("e1",))
    stored = {f.id: f for f in (plan, dated, undated)}
    working = {"t1": replace(plan, invalid_at=MAY, expired_at=MAR)}
    close_told_beside(working, stored, MAR, lambda ids: {"surgery": "knee surgery"}, [])
    assert working["m1"].invalid_at == MAY
    assert "m2" not in working


@pytest.mark.local_model
def test_a_new_value_on_the_same_topic_closes_an_earlier_mention_of_any_kind(embedder) -> None:  # type: ignore[no-untyped-def]
    from chronomem.engine.mention_endings import close_retold_topics

    def told(fid: str, relation: str, target: str, text: str, when, **kw) -> Fact:  # type: ignore[no-untyped-def]
        (vector,) = embedder.embed_batch([text])
        return fact(fid, relation, target, text, valid_at=when, embedding=vector, **kw)

    landlord = told(
        "m1",
        "MENTIONED",
        "pryce",
        "Maya said: my landlord is a man called Mr Pryce, he never fixes anything",
        JAN,
    )
    dentist = told(
        "m2", "MENTIONED", "farrow", "Maya said: my dentist is Dr Farrow, lovely man", JAN
    )
    later = told("m3", "MENTIONED", "pryce", "Maya said: Mr Pryce finally came round", MAY)
    school = told(
        "m4",
        "MENTIONED",
        "calder",
        "Maya said: I teach maths at Calder High, been there six years",
        JAN,
    )
    stored = {f.id: f for f in (landlord, dentist, later, school)}
    new = told(
        "n1",
        "ROLE_HELD_BY",
        "achebe",
        "Maya has a new landlord, Ms Achebe, who actually fixes things",
        MAR,
    )
    working: dict[str, Fact] = {}
    close_retold_topics([new], stored, working, MAY)
    assert set(working) == {"m1"}  # the dentist is another topic; m3 was told after
    assert working["m1"].invalid_at == MAR and working["m1"].expired_at == MAY

    # a new title is told in the words of the workplace it keeps: the school stays
    title = told("n2", "HAS_JOB_TITLE", "head", "Maya is head of maths at Calder High now", MAR)
    working = {}
    close_retold_topics([title], stored, working, MAY)
    assert working == {}
    # a new value naming the mention's own entity restates it
    again = told("n3", "ROLE_HELD_BY", "pryce", "Mr Pryce is still Maya's landlord, sadly", MAR)
    close_retold_topics([again], stored, working, MAY)
    assert working == {}


@pytest.mark.local_model
def test_a_mention_superseded_on_its_topic_leaves_the_current_view_but_not_the_past(
    embedder,
) -> None:  # type: ignore[no-untyped-def]
    story = [
        ("2024-01-10T10:00", "Maya: I work as a plumber in Todmorden. Our landlord is Mr Pryce."),
        ("2024-05-01T10:00", "Maya: new job! I'm a plumber for Brigg Heating over in Halifax now"),
    ]
    with told_memory(embedder, story) as memory:
        now = [f.fact for f in memory.search("Where does Maya work?", group_id="g").facts]
        assert any("Brigg Heating" in x for x in now), now
        assert not any("Todmorden" in x for x in now), now
        past = memory.search("Where does Maya work?", group_id="g", valid_at=MAR).facts
        assert any("Todmorden" in f.fact for f in past), [f.fact for f in past]
