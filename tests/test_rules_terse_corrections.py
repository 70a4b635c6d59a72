"""Terse corrections (``extractors/rules/readers/retractions.py``): a cue and the value meant, the
wrong value left unsaid or said in passing. The told fact of the same kind ends and the same
relation holds the value meant; a cue beside anything else corrects nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from chronomem import Memory
from chronomem.model.relations import GENERIC_RELATIONS
from chronomem.testing import ManualClock
from tests.helpers import t
from tests.real_embedder import real_embedder
from tests.rules_support import found, lost, run

CORRECTED = [
    # a cue and a name of the same head noun
    (["Priya: I'm a nurse at Ashford General", "Priya: sorry I mean Ashby General lol"],
     ("Priya", "WORKS_AT", "Ashford General"), ("Priya", "WORKS_AT", "Ashby General")),
    # a car for a car (the kind), the wrong one said in passing
    (["Lars: I drive a Ford Focus", "Lars: wait no, it's a Kia Ceed. the focus was my dad's"],
     ("Lars", "DRIVES", "Ford Focus"), ("Lars", "DRIVES", "Kia Ceed")),
    # a typo marked with an asterisk
    (["Dee: we live in Brightwater now", "Dee: Brightwell*"],
     ("Dee", "LIVES_IN", "Brightwater"), ("Dee", "LIVES_IN", "Brightwell")),
    # autocorrect, the wrong name in lower case after "not"
    (["Oona: I just joined Stripe!", "Oona: ugh autocorrect. STRAVA not stripe"],
     ("Oona", "WORKS_AT", "Stripe"), ("Oona", "WORKS_AT", "Strava")),
    # a phrase value: the allergen after the preposition is replaced
    (["Kemal: heads up I'm allergic to shellfish",
      "Kemal: correction: it's sesame seeds I'm allergic to"],
     ("Kemal", "HAS_CONDITION", "allergic to shellfish"),
     ("Kemal", "HAS_CONDITION", "allergic to sesame seeds")),
    # a name typed in lower case
    (["Vic: I work at Marlow Insurance", "Vic: wait i mean marlin insurance"],
     ("Vic", "WORKS_AT", "Marlow Insurance"), ("Vic", "WORKS_AT", "Marlin Insurance")),
    # the star before the name, a sister's name
    (["Ken: my sister Maia is a vet", "Ken: *Maja"],
     ("Ken", "FAMILY_OF", "Maia"), ("Ken", "FAMILY_OF", "Maja")),
    # "I meant" with the wrong value named in the next breath
    (["Ines: I work at Lumen Labs", "Ines: I meant Lumos Labs, Lumen is the other startup"],
     ("Ines", "WORKS_AT", "Lumen Labs"), ("Ines", "WORKS_AT", "Lumos Labs")),
    # round 23: a weak cue before a phrase value, the wrong one spelt otherwise than told
    (["Kalani: i'm allergic to penicilin",
      "Kalani: omg no, sorry, it's sulfa drugs not penicillin. my brother is the penicillin one"],
     ("Kalani", "HAS_CONDITION", "allergic to penicilin"),
     ("Kalani", "HAS_CONDITION", "allergic to sulfa drugs")),
    # round 29: "it's not X, it's Y" is a correction by its shape, no cue needed
    (["Kalani: i'm allergic to penicillin",
      "Kalani: the nurse checked. It's not penicillin at all, it's sulfa drugs."],
     ("Kalani", "HAS_CONDITION", "allergic to penicillin"),
     ("Kalani", "HAS_CONDITION", "allergic to sulfa drugs")),
    (["Kalani: I live in Bradford", "Kalani: it's not Bradford, it's Bradfield"],
     ("Kalani", "LIVES_IN", "Bradford"), ("Kalani", "LIVES_IN", "Bradfield")),
    # round 29: the full stop after a starred name ends the sentence, not the name
    (["Aoife: my sister Mave is coming over from Cork on friday",
      "Aoife: *Maeve. autocorrect hates irish names"],
     ("Aoife", "FAMILY_OF", "Mave"), ("Aoife", "FAMILY_OF", "Maeve")),
]  # fmt: skip


@pytest.mark.parametrize(("turns", "wrong", "right"), CORRECTED)
def test_a_terse_correction_ends_the_told_value_and_holds_the_one_meant(
    turns: list[str], wrong: tuple[str, str, str], right: tuple[str, str, str]
) -> None:
    facts = found(run(*turns))
    assert (*wrong, True) in facts
    assert (*right, False) in facts


RESAID = [
    ("Ada: I live in Lyon, I mean Grenoble", ("Ada", "LIVES_IN", "Grenoble"), "Lyon"),
    ("Ada: I work at Google, no wait, at Meta lol", ("Ada", "WORKS_AT", "Meta"), "Google"),
    ("Ada: I work at Northwind Bank, sorry, Southwind Bank", ("Ada", "WORKS_AT",
     "Southwind Bank"), "Northwind Bank"),
]  # fmt: skip


@lost("resaid")
@pytest.mark.parametrize(("turn", "meant", "wrong"), RESAID)
def test_a_value_taken_back_in_the_same_breath_is_told_as_the_one_meant(
    turn: str, meant: tuple[str, str, str], wrong: str
) -> None:
    facts = found(run(turn))
    assert (*meant, False) in facts
    assert not any(target == wrong for _, _, target, _ in facts)


@pytest.mark.parametrize(
    "turn",
    [
        "Ada: I live in Lyon, I mean it's fine I guess",
        "Ada: I live in Lyon, sorry Mum",
        "Ada: I work at Google, I mean Alphabet technically",
    ],
)
def test_a_cue_after_a_value_that_gives_no_other_value_keeps_it(turn: str) -> None:
    facts = found(run(turn))
    assert any(r in ("LIVES_IN", "WORKS_AT") and not e for _, r, _, e in facts)
    # no value meant: nothing typed names the words after the cue (a name said there is
    # only mentioned, as any name beside a told fact is since round 51)
    typed = [(r, target) for _, r, target, _ in facts if r not in GENERIC_RELATIONS]
    assert not any(target in ("Mum", "Alphabet", "it") for _, target in typed)


def test_the_corrected_fact_keeps_the_told_wording_with_the_value_swapped() -> None:
    x = run("Mo: I'm a barista at Bean There", "Mo: oops I mean Bean Here*")
    texts = {f.target: f.fact for f in x.facts if f.invalid_at is None}
    assert "Bean Here" in texts
    assert "Bean There" not in texts["Bean Here"]


NOT_CORRECTIONS = [
    # an apology beside a new statement
    ["Sam: I live in Cambridge", "Sam: sorry I'm late, traffic in Boston was awful"],
    # a name spoken to
    ["Sam: my sister Mika lives in Leeds", "Sam: sorry Mike, can't make it tonight"],
    # a cue, then a clause about another place
    ["Sam: I live in Cambridge", "Sam: actually, Boston is nicer in the fall"],
    # "not" in other senses
    ["Sam: I live in Paris", "Sam: I'm not in Paris this week, work trip"],
    ["Sam: I work at Acme Corp", "Sam: not bad, not sure about Acme Corp though"],
    # a cue with a value of another kind (a phrase for a name)
    ["Sam: I work at Acme Corp", "Sam: sorry, I meant tired"],
    # a question
    ["Sam: I live in Lyon", "Sam: wait, Lille?"],
]


@pytest.mark.parametrize("turns", NOT_CORRECTIONS)
def test_a_cue_without_a_value_of_the_same_kind_corrects_nothing(turns: list[str]) -> None:
    told = found(run(*turns[:-1]))
    after = found(run(*turns))
    ended = {(s, r, o) for s, r, o, e in after if e}
    assert not ended & {(s, r, o) for s, r, o, _ in told}


START = t("2024-06-01T09:00")


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "now", "gone"),
    [
        (["Gita: I work at Corvid Health in billing", "Gita: wait I mean Corvus Health lol"],
         "Corvus Health", "Corvid Health"),
        (["Ruth: I drive a Mazda 3", "Ruth: actually no, it's a Skoda Fabia, the mazda was before"],
         "Skoda Fabia", "Mazda 3"),
        (["Joss: I'm allergic to kiwi btw", "Joss: sorry I meant mangoes! kiwi is fine"],
         "allergic to mangoes", "allergic to kiwi"),
    ],
)  # fmt: skip
def test_on_the_default_path_the_meant_value_is_current_and_the_told_one_never_held(
    turns: list[str], now: str, gone: str
) -> None:
    clock = ManualClock(START)
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        for i, turn in enumerate(turns):
            when = START + timedelta(minutes=2 * i)
            clock.set(when)
            memory.add_episode(turn, group_id="g", reference_time=when)
        clock.set(START + timedelta(hours=1))
        facts = memory.store.list_facts("g")
        names = {e.id: e.name for e in memory.store.list_entities("g")}
        current = {names[f.target_id] for f in facts if f.invalid_at is None}
        assert now in current
        assert gone not in current
        (told,) = [f for f in facts if names[f.target_id] == gone]
        assert told.invalid_at == told.valid_at  # retracted: it never held
        assert told.expired_at == START + timedelta(minutes=2)  # learned at the correction


STATED = [
    # the denied value is the tail or the head of the told one
    (["Ivo: I'm allergic to walnuts", "Ivo: I'm allergic to pecans, not walnuts"],
     ("Ivo", "HAS_CONDITION", "allergic to walnuts"),
     ("Ivo", "HAS_CONDITION", "allergic to pecans")),
    (["Ivo: I drive a Nissan Leaf", "Ivo: I drive a Kia Soul not a Leaf"],
     ("Ivo", "DRIVES", "Nissan Leaf"), ("Ivo", "DRIVES", "Kia Soul")),
    (["Ivo: I work at Corbin Logistics", "Ivo: I work at Carbon Logistics, not Corbin"],
     ("Ivo", "WORKS_AT", "Corbin Logistics"), ("Ivo", "WORKS_AT", "Carbon Logistics")),
    # a value no pattern placed, contrasted with a told one of its spelling
    (["Ivo: my brother Stefan lives in Graz", "Ivo: my brother's name is Stephan, not Stefan"],
     ("Ivo", "FAMILY_OF", "Stefan"), ("Ivo", "FAMILY_OF", "Stephan")),
    # a restatement after a strong cue
    pytest.param(["Ivo: I'm a paramedic", "Ivo: correction: I'm a nurse"],
     ("Ivo", "HAS_JOB_TITLE", "paramedic"), ("Ivo", "HAS_JOB_TITLE", "nurse"),
     marks=lost("restatements")),
]  # fmt: skip


@lost("denials")
@pytest.mark.parametrize(("turns", "wrong", "right"), STATED)
def test_a_correction_told_as_a_statement_retracts_the_told_value(
    turns: list[str], wrong: tuple[str, str, str], right: tuple[str, str, str]
) -> None:
    x = run(*turns)
    facts = found(x)
    assert (*right, False) in facts
    ended = [f for f in x.facts if (f.source, f.relation, f.target) == wrong]
    assert ended and all(f.invalid_at is not None for f in ended)


@pytest.mark.parametrize(
    "turns",
    [
        # a choice between two people, not a name corrected
        ["Ivo: my daughter Chloe starts school", "Ivo: I invited Zoe, not Chloe"],
        # a taste beside a home
        ["Ivo: I live in Lyon", "Ivo: I love Paris, not Lyon"],
        # a restatement without a correction cue follows the told value, it does not retract
        ["Ivo: I'm a paramedic", "Ivo: I'm a nurse now"],
    ],
)
def test_a_contrast_that_corrects_nothing_retracts_nothing(turns: list[str]) -> None:
    x = run(*turns)
    told = {(f.source, f.relation, f.target) for f in run(*turns[:-1]).facts}
    assert not any(
        (f.source, f.relation, f.target) in told and f.invalid_at is not None for f in x.facts
    )
