"""Everyday phrasings of ties and tastes, told in passing or without a subject
(extractors/rules/tables/activities.py, patterns.py role rows): a tie named in passing holds when it
is said, whatever the sentence's own date; hobbies taken up and tastes said without "I"."""

from __future__ import annotations

import pytest

from tests.rules_support import REF, run


def _facts(text: str) -> dict[tuple[str, str, str], object]:
    return {(f.source, f.relation, f.target.lower()): f.valid_at for f in run(text).facts}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Kim: my sister Jane is visiting next week", ("Kim", "FAMILY_OF", "jane")),
        ("Kim: my buddy Marco is flying in on saturday", ("Kim", "FRIEND_OF", "marco")),
        ("Kim: my cousin Pedro lands tomorrow for the wedding", ("Kim", "FAMILY_OF", "pedro")),
    ],
)
def test_a_tie_told_in_passing_holds_now_not_at_the_sentences_date(
    text: str, fact: tuple[str, str, str]
) -> None:
    facts = _facts(text)
    assert fact in facts
    assert facts[fact] == REF  # the visit is ahead; the sister is a sister today


def test_a_tie_said_to_be_new_keeps_the_date_it_starts() -> None:
    facts = _facts("Kim: my new boss Karen starts next monday")
    assert facts[("Kim", "MANAGED_BY", "karen")] > REF


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("Greta: also picked up bouldering on weekends, forearms are on fire", "bouldering"),
        ("Omar: I got into woodworking over the summer", "woodworking"),
        ("Omar: getting into birdwatching lately, it's weirdly calming", "birdwatching"),
        ("Omar: picked up trail running this spring", "trail running"),
    ],
)
def test_any_gerund_taken_up_is_a_hobby(text: str, activity: str) -> None:
    speaker = text.partition(":")[0]
    assert (speaker, "HAS_HABIT", activity) in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Omar: picked up something for dinner on the way home",
        "Omar: I picked up the kids at school",
        "Omar: got into a fight with my landlord",
        "Omar: getting into the wedding planning now",
        "Omar: picked up my dry cleaning and some shopping",
    ],
)
def test_taking_up_things_that_are_no_activity_is_no_hobby(text: str) -> None:
    assert not [k for k in _facts(text) if k[1] == "HAS_HABIT"]


@pytest.mark.parametrize(
    ("text", "taste"),
    [
        ("Elif: also totally obsessed with ethiopian food lately", "ethiopian food"),
        ("Elif: obsessed with this podcast about whales", "podcast"),
        ("Elif: so hooked on crosswords", "crosswords"),
    ],
)
def test_a_taste_said_without_a_subject_is_the_speakers(text: str, taste: str) -> None:
    assert ("Elif", "LIKES", taste) in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Elif: kids obsessed with screens is a real problem",
        "Elif: people crazy about crypto annoy me",
        "Elif: I'm not obsessed with it",
    ],
)
def test_someone_elses_or_a_denied_taste_is_not_the_speakers(text: str) -> None:
    assert not [k for k in _facts(text) if k[0] == "Elif" and k[1] == "LIKES"]


def _chat(*turns: str) -> set[tuple[str, str, str, bool]]:
    """(source, relation, target, ended) of the last turn's facts."""
    return {(f.source, f.relation, f.target, f.invalid_at is not None) for f in run(*turns).facts}


@pytest.mark.parametrize(
    ("turns", "new", "old"),
    [
        (["Ines: ok Dune has replaced Arrival as my favourite film"], "Dune", "Arrival"),
        (["Ines: Taco Loco officially overtook Bao Bar as our go-to spot"], "Taco Loco",
         "Bao Bar"),
        (["Ines: fave band atm is Muse", "Ines: Wet Leg just dethroned Muse as my fave band"],
         "Wet Leg", "Muse"),
    ],
)  # fmt: skip
def test_a_favourite_taking_anothers_place_ends_it(turns: list[str], new: str, old: str) -> None:
    found = _chat(*turns)
    assert ("Ines", "HAS_FAVORITE", new, False) in found
    assert ("Ines", "HAS_FAVORITE", old, True) in found


@pytest.mark.parametrize(
    ("turns", "owner", "value"),
    [
        (["Ines: my son Teo is 6", "Ines: Teo's favourite dinosaur is the stegosaurus now"],
         "Teo", "stegosaurus"),
        (["Ines: my niece Ada came over", "Ines: she says her fave colour is orange"], "Ada",
         "orange"),
        (["Ines: my dad Luis retired", "Ines: his favourite show rn is Taskmaster"], "Luis",
         "Taskmaster"),
    ],
)  # fmt: skip
def test_someone_elses_favourite_is_theirs(turns: list[str], owner: str, value: str) -> None:
    found = {(s, r, t.lower()) for s, r, t, _ in _chat(*turns)}
    assert (owner, "HAS_FAVORITE", value.lower()) in found
    assert not any(s == "Ines" and r == "HAS_FAVORITE" for s, r, _ in found)


@pytest.mark.parametrize(
    "text",
    [
        "Ines: the team's favourite spot is Nando's",
        "Ines: their favourite game is Uno",
        "Ines: my kid replaced the batteries as my favourite toy broke",
    ],
)
def test_a_favourite_of_no_one_known_is_not_the_speakers(text: str) -> None:
    assert not any(s == "Ines" and r == "HAS_FAVORITE" for s, r, _, _ in _chat(text))


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Dmitri: back in Leeds where we live now, so cold", "Leeds"),
    ],
)
def test_a_home_told_in_a_where_clause(text: str, place: str) -> None:
    assert ("Dmitri", "LIVES_IN", place, False) in _chat(text)


@pytest.mark.parametrize(
    "text",
    [
        "Dmitri: we drove to Bath, where my sister lives",
        "Dmitri: visiting Oslo, where I grew up",
        "Dmitri: We went to Rome, where we lived as kids",
        "Dmitri: I love Lima, where I would live if I could",
    ],
)
def test_someone_elses_or_a_past_or_wished_home_is_not_the_speakers_now(text: str) -> None:
    assert not any(s == "Dmitri" and r == "LIVES_IN" and not e for s, r, _, e in _chat(text))


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Rhys: I bought a second-hand Skoda Octavia estate", "Skoda Octavia"),
        ("Rhys: picked up a used Mazda 3 yesterday, zoom zoom", "Mazda 3"),
        ("Rhys: got a refurbished iPhone 13 off ebay", "iPhone 13"),
    ],
)
def test_a_used_thing_bought_is_the_thing_not_its_condition(text: str, thing: str) -> None:
    targets = {t for s, _, t, _ in _chat(text) if s == "Rhys"}
    assert thing in targets
    assert not targets & {"used", "second-hand", "refurbished"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Kim: opted for a Subaru Outback in the end", ("Kim", "DRIVES", "Subaru Outback")),
        ("Kim: went with a Brompton, it folds", ("Kim", "RIDES_BIKE", "Brompton")),
        ("Kim: I went with an iPhone 15 this time", ("Kim", "USES_PHONE", "iPhone 15")),
        ("Kim: ended up getting a Skoda Fabia", ("Kim", "DRIVES", "Skoda Fabia")),
    ],
)
def test_a_thing_of_a_known_kind_chosen_is_the_one_used(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert (*fact, False) in _chat(text)


@pytest.mark.parametrize(
    "text",
    [
        "Kim: went with my sister to the mall",
        "Kim: settled on the salmon",
        "Kim: ended up with a phone case from Amazon",
        "Kim: going with the flow tbh",
    ],
)
def test_a_choice_of_no_known_kind_is_no_thing_used(text: str) -> None:
    assert not any(r.startswith(("USES", "DRIVES", "RIDES")) for _, r, _, _ in _chat(text))


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (["Ruth: Tomasz and I got married last weekend"], ("MARRIED_TO", "Tomasz", False)),
        (["Ruth: me and Jo split up"], ("DATING", "Jo", True)),
        (["Ruth: my boyfriend Idris is a chef", "Ruth: he proposed and we're engaged!!"],
         ("ENGAGED_TO", "Idris", False)),
        (["Ruth: my husband Pavel snores", "Ruth: we are getting divorced"],
         ("MARRIED_TO", "Pavel", True)),
    ],
)  # fmt: skip
def test_the_speaker_and_a_partner_as_one_subject(
    turns: list[str], fact: tuple[str, str, bool]
) -> None:
    relation, partner, ended = fact
    assert ("Ruth", relation, partner, ended) in _chat(*turns)


@pytest.mark.parametrize(
    "turns",
    [
        ["Ruth: my sister Ana and I went to Rome"],
        ["Ruth: we're engaged in a long legal fight with the landlord"],
        ["Ruth: my coworkers Lee and Sam are fun", "Ruth: we split the bill"],
    ],
)
def test_we_or_me_and_someone_without_a_tie_verb_or_partner_is_no_tie(turns: list[str]) -> None:
    found = _chat(*turns)
    assert not any(r in ("DATING", "MARRIED_TO") for _, r, _, _ in found)


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("Lucia: Mochi the bunny chewed through a cable", "Mochi"),
        ("Lucia: Pretzel (the dog) is snoring on my feet", "Pretzel"),
        ("Lucia: the cat (Miso) knocked my mug off the desk", "Miso"),
        ("Lucia: long day, and Nacho the gecko shed his skin", "Nacho"),
        # round 29: the pet's name told with "name", "'s" or not (a second language)
        ("Lucia: My hamster's name is Dubu, he is 2 years old.", "Dubu"),
        ("Lucia: My hamster name is Dubu, he is 2 years old.", "Dubu"),
        ("Lucia: my dog's name's Biscuit", "Biscuit"),
    ],
)
def test_a_pet_named_beside_the_species(text: str, pet: str) -> None:
    assert ("Lucia", "HAS_PET", pet, False) in _chat(text)


@pytest.mark.parametrize(
    "text",
    [
        "Lucia: Tom the dog walker is late again",
        "Lucia: Max the cat next door hisses at me",
        "Lucia: walked the dog in the rain",
        "Lucia: I met Sara, the dog trainer",
    ],
)
def test_a_person_or_a_neighbours_animal_is_no_pet(text: str) -> None:
    assert not any(r == "HAS_PET" for _, r, _, _ in _chat(text))


@pytest.mark.parametrize(
    "text",
    [
        "Kim: we moved to a bigger office in Leeds",
        "Kim: we had lunch on a terrace in Rome",
        "Kim: my sister moved to a flat in Leeds",
    ],
)
def test_an_office_a_meal_or_someone_elses_move_is_not_the_speakers_home(text: str) -> None:
    assert not any(s == "Kim" and r == "LIVES_IN" for s, r, _, _ in _chat(text))
