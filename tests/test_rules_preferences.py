"""Preferences said the way people chat: news told with "??", a favourite asked and answered
in one breath, "fave"/"go-to", "X only from now on", "I'm a tea person". Extracted by the rule
extractor, and on the default path (real embedder) a changed preference closes the old one."""

from __future__ import annotations

import pytest

from tests.test_rules_nominal import REF, extract_all, extracted
from tests.test_rules_states_memory import tell


@pytest.mark.parametrize(
    ("turn", "fact"),
    [
        ("Ugo: ok weirdly I like country music now??", ("Ugo", "LIKES", "country music")),
        ("Ugo: guess what, I'm vegetarian now?!", ("Ugo", "FOLLOWS_DIET", "vegetarian")),
        ("Ugo: fave movie? Arrival, easily", ("Ugo", "HAS_FAVORITE", "Arrival")),
        ("Ugo: so. favourite city?? lisbon, hands down", ("Ugo", "HAS_FAVORITE", "lisbon")),
        ("Ugo: my go-to coffee order is a flat white", ("Ugo", "HAS_FAVORITE", "flat white")),
        ("Ugo: Dune is my fav book", ("Ugo", "HAS_FAVORITE", "Dune")),
        ("Ugo: trains are a nightmare, aisle seats only from now on",
         ("Ugo", "PREFERS", "aisle seats")),
        ("Ugo: decaf only these days", ("Ugo", "PREFERS", "decaf")),
    ],
)  # fmt: skip
def test_a_preference_in_chat_form_is_read(turn, fact):  # type: ignore[no-untyped-def]
    assert fact in extracted("Ugo: hi", turn)


def test_a_favourite_keeps_what_is_told_after_it_and_only_its_own_words():  # type: ignore[no-untyped-def]
    said = "Ugo: my go-to bakery is Tartine, morning buns every sunday. my fave film is Heat and "
    found = extract_all("Ugo: hi", said + "my fave book is Dune")
    facts = {f.target: f.fact for f in found}
    assert "morning buns every sunday" in facts["Tartine"]
    assert "Dune" not in facts["Heat"] and "film" in facts["Heat"]
    assert "Heat" not in facts["Dune"] and "book" in facts["Dune"]


@pytest.mark.parametrize(
    "turn",
    [
        "Ugo: do I like country music??",  # asked, in a question's word order
        "Ugo: you like country music??",  # about the listener
        "Ugo: what's your favorite movie? I'd say Alien",
        "Ugo: she's not a morning person",
        "Ugo: he's a good person",
        "Ugo: I only eat fish on fridays",
        "Ugo: I listen to my physio, mostly",
        "Ugo: I listened to a podcast on the train",
        "Ugo: listen to your gut",
    ],
)
def test_no_preference_without_its_evidence(turn):  # type: ignore[no-untyped-def]
    facts = extracted("Ugo: hi", turn)
    assert not {r for _, r, _ in facts} & {"LIKES", "HAS_FAVORITE", "PREFERS"}, facts


@pytest.mark.parametrize(
    ("turn", "ended"),
    [
        ("Ugo: can't stomach reggaeton anymore", ("Ugo", "reggaeton")),
        ("Ugo: I can't listen to country anymore", ("Ugo", "country")),
        ("Ugo: I don't go to the climbing gym anymore", ("Ugo", "climbing gym")),
    ],
)
def test_a_taste_or_habit_given_up_with_cant_or_dont_anymore_ends(turn, ended):  # type: ignore[no-untyped-def]
    found = extract_all("Ugo: hi", turn)
    assert any((f.source, f.target) == ended and f.invalid_at == REF for f in found), found


def test_an_order_given_is_no_habit_of_the_speaker():  # type: ignore[no-untyped-def]
    assert not [f for f in extract_all("Ugo: hi", "Ugo: don't text him anymore") if f.invalid_at]


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "current", "closed"),
    [
        (["Sam: I hate olives", "Sam: ok weirdly I love olives now??"],
         ("Sam", "LOVES", "olives"), ("Sam", "HATES", "olives")),
        (["Sam: favorite band? Blur, always", "Sam: my favorite band is Oasis now"],
         ("Sam", "HAS_FAVORITE", "Oasis"), ("Sam", "HAS_FAVORITE", "Blur")),
        (["Sam: my go-to lunch is a burrito", "Sam: my favourite lunch is poke now"],
         ("Sam", "HAS_FAVORITE", "poke"), ("Sam", "HAS_FAVORITE", "burrito")),
        (["Sam: I prefer window seats", "Sam: long flights suck, aisle seats only from now on"],
         ("Sam", "PREFERS", "aisle seats"), ("Sam", "PREFERS", "window seats")),
    ],
)  # fmt: skip
def test_a_changed_preference_closes_the_old_on_the_default_path(  # type: ignore[no-untyped-def]
    embedder, turns, current, closed
):
    facts = tell(embedder, *turns)
    assert facts.get(current) is True, (current, facts)
    assert closed in facts and facts[closed] is False, (closed, facts)


# -- "prefer" of anyone the clause names; the ways a favourite is said to be one -----------


@pytest.mark.parametrize(
    ("turn", "fact"),
    [
        ("Ugo: i've always preferred trains, planes make me anxious",
         ("Ugo", "PREFERS", "trains")),
        ("Ugo: My favourite poet has always been Szymborska.",
         ("Ugo", "HAS_FAVORITE", "Szymborska")),
        ("Ugo: my favourite town in the whole world is Kotor",
         ("Ugo", "HAS_FAVORITE", "Kotor")),
        ("Ugo: my favourite band will always be Mogwai", ("Ugo", "HAS_FAVORITE", "Mogwai")),
    ],
)  # fmt: skip
def test_a_preference_told_by_its_verb_or_copula_is_read(turn, fact):  # type: ignore[no-untyped-def]
    assert fact in extracted("Ugo: hi", turn)


@pytest.mark.parametrize(
    "turn",
    [
        "Ugo: would you prefer the early slot?",  # a question to the listener
        "Ugo: I'd prefer not to say",
        "Ugo: my favourite is still a mystery to me",  # no favourite named
    ],
)
def test_prefer_without_a_preference_gives_none(turn):  # type: ignore[no-untyped-def]
    assert not {f for f in extracted("Ugo: hi", turn) if f[1] in ("PREFERS", "HAS_FAVORITE")}


@pytest.mark.local_model
def test_a_new_preference_by_its_verb_closes_the_old_one(embedder):  # type: ignore[no-untyped-def]
    facts = tell(embedder, "Sam: I prefer window seats", "Sam: these days I prefer aisle seats")
    assert facts.get(("Sam", "PREFERS", "aisle seats")) is True, facts
    assert facts.get(("Sam", "PREFERS", "window seats")) is False, facts
