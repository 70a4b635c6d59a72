"""Other people's ties and losses, read as theirs (round 19, issue 20).

A partner, a relative or a boss someone else has was read as the speaker's: "Pia has a new
boyfriend, Oren" gave the speaker a boyfriend (the "has a new ..." row took the possessor
for the speaker), "Bea introduced us to Oren, her new boyfriend" and "Pia's girlfriend Juno
is lovely" the same through the learned reader. A verb of ending with a friend as its subject
("Phil gave Thor to his brother's farm") closed the speaker's mention of the dog, never the
friend's dog. A relative called by a kin word as a title ("Gran Maud", "Uncle Desmond") was
no relative of the speaker's, and "my daughter Fia's party" lost the daughter to the "'s".
Sentences written for these tests, in several voices.
"""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.kinship import as_relatives
from tests.real_embedder import read_facts

pytestmark = pytest.mark.local_model


def _ties(turns: list[str]) -> set[tuple[str, str, str]]:
    """(source, relation, target) of the open facts of the last turn, mentions left out."""
    return {
        (source, relation, target)
        for source, relation, target, ended in read_facts(turns)
        if not ended and relation not in ("MENTIONED", "RELATED_TO")
    }


@pytest.mark.parametrize(
    ("line", "tie"),
    [
        # texting without capitals
        ("ines: omg pia moved in w her gf juno", ("Pia", "DATING", "Juno")),
        # a chatty story about a cousin
        (
            "Kemal: so my cousin Aylin finally brought her fiance Baris to dinner, he was sweet",
            ("Aylin", "DATING", "Baris"),
        ),
        # a formal letter about a colleague
        (
            "Dorota: Dear all, our colleague Ewa Nowak and her husband Marek have moved to Gdansk.",
            ("Ewa Nowak", "MARRIED_TO", "Marek"),
        ),
        # the apposition after the name
        (
            "Ruth: Sunniva introduced us to Tobias, her new boyfriend.",
            ("Sunniva", "DATING", "Tobias"),
        ),
        # the owner named with "'s"
        ("Ruth: Jonas's sister Liv works two floors up from me.", ("Jonas", "FAMILY_OF", "Liv")),
        # who "has" the new one is the clause's subject
        ("Ruth: Sunniva has a new boyfriend, Tobias.", ("Sunniva", "DATING", "Tobias")),
    ],
)
def test_a_tie_another_person_holds_is_theirs(line: str, tie: tuple[str, str, str]) -> None:
    assert tie in _ties([line])


@pytest.mark.parametrize(
    ("line", "speaker"),
    [
        ("Ruth: Sunniva introduced us to Tobias, her new boyfriend.", "Ruth"),
        ("Ruth: Sunniva has a new boyfriend, Tobias.", "Ruth"),
        ("Cass: Pia's girlfriend Juno is lovely.", "Cass"),
        ("Cass: lol pia's gf juno is so funny", "Cass"),
    ],
)
def test_someone_elses_partner_is_never_the_speakers(line: str, speaker: str) -> None:
    assert not [tie for tie in _ties([line]) if tie[0] == speaker and tie[1] == "DATING"]


def test_a_friend_of_a_friend_met_may_be_the_speakers_friend() -> None:
    """Only the ties one holds for another alone (a partner, a relative, a boss) keep the
    person named from the speaker: being introduced to a friend's mate makes a friend."""
    ties = _ties(["Benji: nadia introduced me to her mate Kofi, we're going climbing sat"])
    assert ("Benji", "FRIEND_OF", "Kofi") in ties


def test_a_friend_giving_away_their_dog_ends_their_dog() -> None:
    turns = [
        "Ursula: my neighbour Anil has a greyhound called Biscuit",
        "Ursula: Anil gave Biscuit to his cousin's farm, he works too much now",
    ]
    facts = read_facts(turns)
    assert [f for f in facts if f[0] == "Anil" and f[2] == "Biscuit" and f[3]]  # his dog ends
    assert not [f for f in facts if f[2] == "Anil" and f[3]]  # ... and Anil is no loss
    assert not [f for f in facts if f[0] == "Ursula" and f[2] == "Biscuit"]


def test_the_speaker_giving_away_a_thing_still_ends_the_speakers_tie() -> None:
    facts = read_facts(["Ursula: finally sold the Corolla to a guy from work"])
    assert [f for f in facts if f[0] == "Ursula" and f[2] == "Corolla" and f[3]]


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("Gran Maud still lives on her own", "my gran Maud still lives on her own"),
        ("visited Uncle Desmond and Auntie Efua", "visited my uncle Desmond and my auntie Efua"),
        ("Sister Agnes taught me piano", "Sister Agnes taught me piano"),  # a nun, no kin
        ("my friend's Uncle Bob is here", "my friend's Uncle Bob is here"),  # the friend's
        ("the Uncle Sam poster", "the Uncle Sam poster"),
        # round 29: a role as a title opening a line is the speaker's too
        (
            "Landlord Mr Aldous says the boiler will be fixed",
            "my landlord Mr Aldous says the boiler will be fixed",
        ),
        (
            "GP Dr Visser retired. Boss Karen is off",
            "my GP Dr Visser retired. my boss Karen is off",
        ),
        ("Landlord says no pets", "Landlord says no pets"),  # no holder named
    ],
)
def test_a_kin_title_in_the_speakers_own_turn_is_the_speakers_relative(
    said: str, written: str
) -> None:
    assert as_relatives(said, speaker=True) == written


def test_a_kin_title_in_a_text_without_a_speaker_is_left_alone() -> None:
    assert as_relatives("Uncle Desmond moved to Leeds.") == "Uncle Desmond moved to Leeds."


def test_a_titled_relative_is_the_speakers_and_where_they_live() -> None:
    ties = _ties(["Imogen: Grandpa Teodor still lives by himself in Tarnow, at 88!"])
    assert ("Imogen", "FAMILY_OF", "Teodor") in ties


@pytest.mark.parametrize(
    "turns",
    [
        ["Orla: for my son Mateo's seventh birthday we're doing a pirate party"],
        # an assistant restating the user's child
        [
            "Orla: any ideas for a party for a seven year old?",
            "Assistant: For your son Mateo's seventh birthday, a pirate treasure hunt works well.",
        ],
    ],
)
def test_a_relative_named_before_their_own_thing_is_still_the_speakers(turns: list[str]) -> None:
    assert ("Orla", "FAMILY_OF", "Mateo") in _ties(turns)


@pytest.mark.parametrize(
    "turns",
    [
        ["Noor: Idris proposed on the ferry last night. We're engaged!!"],
        ["Noor: we're engaged!!! Idris asked me to marry him at the lighthouse"],
        ["Noor: Idris finally popped the question and I said yes"],
    ],
)
def test_an_engagement_told_by_the_proposal_and_we(turns: list[str]) -> None:
    assert ("Noor", "ENGAGED_TO", "Idris") in _ties(turns)


@pytest.mark.parametrize(
    "line",
    [
        "Noor: Idris finally proposed!",  # a friend's news, maybe
        "Noor: Idris proposed to his girlfriend Lale and she said yes",  # another couple
        "Noor: we're engaged!",  # to no one named
    ],
)
def test_half_an_engagement_engages_the_speaker_to_no_one(line: str) -> None:
    assert not [tie for tie in _ties([line]) if tie[1] == "ENGAGED_TO" and tie[0] == "Noor"]


def test_the_wedding_after_an_engagement_is_to_the_fiance() -> None:
    turns = ["Noor: Idris proposed on the ferry. We're engaged!", "Noor: we got married today!"]
    assert ("Noor", "MARRIED_TO", "Idris") in _ties(turns)
