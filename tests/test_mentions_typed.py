"""Names the rules could only mention, typed by the learned reader (issue 20, item 5).

A name no rule typed used to become an untyped ``MENTIONED`` fact whatever it was. The reader
now reads each such name as a value too, whether its tagger tagged it or not: its relation
head says which relation it is (or none), its other heads whose and in what state, and a
reading that passes the step's gates replaces the mention. And a line that gives a value and
then a polite aside ("Deloitte, since you asked") is a reply that leaves its subject out:
the aside's "you" is not the line's subject. Sentences written for this test, on the real
default encoder.
"""

from __future__ import annotations

import pytest

from chronomem.extractors.learned.hits import learned_fates
from chronomem.extractors.learned.reader import ReadFact, default_reader
from chronomem.extractors.learned.whose import subjectless
from chronomem.extractors.rules.analysis.analyse import analyse
from chronomem.extractors.rules.analysis.known import Known
from chronomem.providers.local import LocalEmbedder
from tests.real_embedder import SAID_AT, read_facts, real_embedder
from tests.rules_support import misread

pytestmark = pytest.mark.local_model


def _span(text: str, name: str) -> tuple[int, int]:
    start = text.index(name)
    return start, start + len(name)


def _encoder() -> LocalEmbedder:
    embedder = real_embedder()
    assert isinstance(embedder, LocalEmbedder)
    return embedder


@misread("round-20 (the stolen Brompton's name read as a pet)")
def test_a_name_the_tagger_left_is_read_as_a_value_when_given() -> None:
    text = "Jo: someone nicked my Brompton from the station"
    reader, name = default_reader(), _span(text, "Brompton")
    (enc,) = _encoder().encode_tokens([text])
    tagged = reader.read(enc, "user", text)
    assert not [f for f in tagged if f.value[0] < name[1] and name[0] < f.value[1]]
    read = reader.read(enc, "user", text, None, [name])
    (fact,) = [f for f in read if f.value == name]
    assert fact.named and fact.relation == "RIDES_BIKE"
    # the tagger's facts are read as before, unmarked
    assert [f for f in read if not f.named] == tagged


def test_a_name_the_tagger_read_is_not_read_twice() -> None:
    text = "Ana: new puppy!! we called her Luna"
    reader, name = default_reader(), _span(text, "Luna")
    (enc,) = _encoder().encode_tokens([text])
    tagged = reader.read(enc, "user", text)
    assert any(f.value == name and f.relation == "HAS_PET" for f in tagged)
    assert reader.read(enc, "user", text, None, [name]) == tagged


def test_a_name_past_the_tagged_stretch_is_not_read() -> None:
    text = "Jo: someone nicked my Brompton from the station"
    (enc,) = _encoder().encode_tokens([text])
    upto = text.index("Brompton") - 1
    read = default_reader().read(enc, "user", text, upto, [_span(text, "Brompton")])
    assert not any(f.named for f in read)


def test_a_plan_only_mentioned_is_typed() -> None:
    # non-native English: no rule types the service, the reader reads the plan
    facts = read_facts(["Tom: we have downgrade the Netflix to basic plan because money"])
    assert ("Tom", "SUBSCRIBED_TO_PLAN", "Netflix", False) in facts
    assert not [f for f in facts if f[1] == "MENTIONED"]


@pytest.mark.parametrize(("confidence", "stopped"), [(0.4, True), (0.6, False)])
def test_a_name_the_tagger_left_needs_a_surer_reading(confidence: float, stopped: bool) -> None:
    text = "we have downgrade the Netflix to basic plan"
    known = Known()
    sentence = analyse(text, SAID_AT, "Tom", known)
    value = _span(text, "Netflix")
    for named, gated in ((True, stopped), (False, False)):  # a tagged value: the step's gate
        fact = ReadFact(
            "SUBSCRIBED_TO_PLAN", "speaker", "state", value, None, confidence, (), named
        )
        (fate,) = learned_fates(sentence, [fact], [], "user", known)
        assert (fate.stopped == "confidence") is gated


def test_a_reply_with_an_aside_is_the_speakers_value() -> None:
    # a short reply, then a polite aside: the employer is the speaker's, not a mention
    facts = read_facts(["Al: Deloitte, since you asked. Audit team."])
    assert ("Al", "WORKS_AT", "Deloitte", False) in facts
    assert not [f for f in facts if f[1] == "MENTIONED" and f[2] == "Deloitte"]


@pytest.mark.parametrize(
    ("text", "left_out"),
    [
        ("Rotterdam, if you must know.", True),  # curt
        ("Pixel 8a now, before you ask", True),  # texting
        ("Siemens, in case you were wondering, same team as before", True),  # rambling
        ("Utrecht, because you asked me so kindly", True),  # formal-ish
        # a subject of the line itself still counts
        ("Rotterdam, where my sister lives", False),
        ("you moved to Rotterdam, if I remember", False),
    ],
)
def test_an_aside_after_the_value_leaves_the_subject_out(text: str, left_out: bool) -> None:
    known = Known()
    sentence = analyse(text, SAID_AT, "Mara", known)
    assert subjectless(sentence, known) is left_out
