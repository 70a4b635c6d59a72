"""A chat fragment whose first word is the subject, not a predicate missing "I".

"freelancing is hard", "home is Lyon these days": a finite verb right after the opening
word makes that word the subject; "swim lesson tomorrow": a present verb before a
calendar event noun is a compound noun (an event), not a habit of the writer. The
subjectless reading ("moved to oslo", "working at a bakery now") still holds.
"""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.analysis.sentences import split_sentences
from chronomem.extractors.rules.normalise.chat_names import capitalised_names
from chronomem.extractors.rules.normalise.chat_spelling import plain_spelling
from chronomem.extractors.rules.normalise.texting import with_subjects
from tests.rules_support import run


@pytest.mark.parametrize(
    "text",
    [
        "tutoring is exhausting honestly",
        "babysitting was a nightmare",
        "cycling has been great for my knees",
        "gardening keeps me sane",
    ],
)
def test_a_word_before_a_finite_verb_is_its_subject(text: str) -> None:
    assert with_subjects(text) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("moved to gdansk in may", "I moved to gdansk in may"),
        ("working at a print shop now", "I'm working at a print shop now"),
        ("been at the new flat since june", "I've been at the new flat since june"),
    ],
)
def test_a_fragment_without_a_subject_still_gets_one(text: str, expected: str) -> None:
    assert with_subjects(text) == expected


@pytest.mark.parametrize(
    "text",
    ["Ola: bartending is so draining", "Ola: nannying was fun but tiring"],
)
def test_a_trade_named_as_a_topic_gives_no_job_title(text: str) -> None:
    assert not [f for f in run(text).facts if f.relation == "HAS_JOB_TITLE"]


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("Ben: dance class tomorrow at 6", "dance class"),
        ("Ben: swim practice on thursday at 7", "swim practice"),
        ("Ben: drive lesson on friday at 9", "drive lesson"),
    ],
)
def test_a_verb_before_an_event_noun_is_an_event(text: str, plan: str) -> None:
    plans = [f.target for f in run(text).facts if f.relation == "HAS_PLAN"]
    assert any(plan in p for p in plans), plans


@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("Ola: my grandpa smokes a pipe every night", "grandpa"),
        ("Ola: my aunt runs a bakery in town", "aunt"),
        ("Ola: my cousin drives the school bus", "cousin"),
    ],
)
def test_a_verb_after_a_role_noun_is_no_name(text: str, relative: str) -> None:
    named = {f.target for f in run(text).facts if f.relation in ("FAMILY_OF", "KNOWS")}
    assert not named, named
    assert f"my {relative} " in capitalised_names(text.lower())


@pytest.mark.parametrize(
    ("text", "name"),
    [("Ola: my gf carys is lovely", "Carys"), ("Ola: my bro dele and his wife", "Dele")],
)
def test_a_name_after_a_role_noun_is_still_a_name(text: str, name: str) -> None:
    assert name in {f.target for f in run(text).facts}


@pytest.mark.parametrize(
    "text",
    [
        "Ola: gonna ask my sister whether she fancies Porto",
        "Ola: my cousin unless he finds a flat stays with us",
        "Ola: I'll call my dad whenever the roof guy turns up",
    ],
)
def test_a_conjunction_after_a_role_noun_is_no_name(text: str) -> None:
    assert not {f.target for f in run(text).facts} & {"Whether", "Unless", "Whenever"}


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("home from hip surgery, so bored", "hip surgery"),
        ("back from wrist surgery today", "wrist surgery"),
        ("a shift at the food bank on saturday", "the food bank"),
        ("waiting at the bus station lol", "the bus station"),
        ("picked up a form at the town hall", "the town hall"),
    ],
)
def test_everyday_nouns_before_a_head_stay_lower_case(text: str, kept: str) -> None:
    assert kept in capitalised_names(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("quit saltmarsh media", "Saltmarsh Media"),
        ("started at kestrel freight", "Kestrel Freight"),
        ("delivering for zippr now", "Zippr"),
    ],
)
def test_a_name_before_a_head_is_still_capitalised(text: str, name: str) -> None:
    assert name in capitalised_names(text)


def test_an_assistant_naming_a_body_part_gives_that_injury() -> None:
    turns = ["Ola: plan my week", "Assistant: Since you're healing from hip surgery, rest."]
    conditions = {f.target for f in run(*turns).facts if f.relation == "HAS_CONDITION"}
    assert not any("Surgery" in c for c in conditions), conditions
    assert not any(
        f.relation == "WORKS_AT" for f in run("Jo: a shift at the blood bank on Monday").facts
    )


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("gave notice at hollis & co 😮‍💨 started at Pinewood Labs monday", "hollis & co"),
        ("quit Brightline Ltd 🙃 now at Osprey Media", "Brightline Ltd"),
        ("done with Acme Inc 😤 joined a startup", "Acme Inc"),
    ],
)
def test_an_emoji_after_an_abbreviated_name_ends_the_sentence(text: str, first: str) -> None:
    sentences = split_sentences(plain_spelling(text))
    assert len(sentences) == 2, sentences
    assert first in sentences[0] and first not in sentences[1]
