"""Every sentence that tells ("I'm the captain now", "the cast is off", "I work at Spotify"):
the learned step reads each one its first window holds whole, from the states the episode's
own embedding pass computed (``extractors/learned/step.py``). Until round 22 only those
naming nothing that a learned selector chose were read, in round 23 all those naming
nothing but speaking as self."""

from __future__ import annotations

import pytest

import chronomem.extractors.learned.step as step_module
from chronomem import Memory
from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, EpisodeSource
from tests.real_embedder import SAID_AT, real_embedder
from tests.test_learned_one_pass import _Counting

WHEN = SAID_AT


def _read(text: str, *before: str) -> set[tuple[str, str]]:
    turns = [
        Episode(f"e{i}", "g", t, EpisodeSource.MESSAGE, WHEN, WHEN) for i, t in enumerate(before)
    ]
    episode = Episode("e", "g", text, EpisodeSource.MESSAGE, WHEN, WHEN)
    facts = RuleExtractor(embedder=real_embedder()).extract(episode, turns).facts
    return {(f.relation, f.target) for f in facts if f.relation != "MENTIONED"}


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Maya: I'm the captain now", ("HAS_JOB_TITLE", "captain")),
        ("Maya: I've been a nurse for ten years", ("HAS_JOB_TITLE", "nurse")),
    ],
)
def test_a_value_told_in_words_about_the_speaker_is_read(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.local_model
def test_a_pleasantry_read_gives_nothing() -> None:
    assert not _read("Maya: I'm so happy for you, that sounds amazing!")


@pytest.mark.local_model
def test_every_sentence_that_tells_is_read_but_a_question(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A question is not read; a sentence naming something the rules did not type is read
    for that name wherever it is (``could_add``), any other that tells in the first window."""
    seen: list[tuple[list[bool], list[bool]]] = []
    chosen = step_module.LearnedStep._chosen

    def spy(self, first, words, where, usable, first_only):  # type: ignore[no-untyped-def]
        seen.append((list(usable), list(first_only)))
        return chosen(self, first, words, where, usable, first_only)

    monkeypatch.setattr(step_module.LearnedStep, "_chosen", spy)
    _read("Maya: I'm allergic to cashews. The cast is off. Is it raining? I work at Spotify.")
    assert seen == [([False, False, False, False], [True, True, False, True])]


@pytest.mark.local_model
def test_an_assistants_sentence_not_about_the_user_is_not_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[list[bool]] = []
    chosen = step_module.LearnedStep._chosen

    def spy(self, first, words, where, usable, first_only):  # type: ignore[no-untyped-def]
        seen.append(list(first_only))
        return chosen(self, first, words, where, usable, first_only)

    monkeypatch.setattr(step_module.LearnedStep, "_chosen", spy)
    _read("Assistant: Paris is lovely in spring. You work nights as a nurse.", "Maya: hi!")
    assert seen == [[False, True]]


@pytest.mark.local_model
def test_reading_them_costs_no_second_forward_pass() -> None:
    """The first window's states are the episode's own embedding pass."""
    text = "Maya: I'm so happy for you, that sounds amazing"
    embedder = _Counting()
    with Memory(":memory:", embedder=embedder, extractor=RuleExtractor(embedder)) as memory:
        memory.add_episode(text, group_id="g", reference_time=WHEN)
    assert embedder.encoded.count(text) == 1


@pytest.mark.local_model
def test_a_turn_extracted_again_is_not_encoded_again() -> None:
    """The turns after a late episode are re-read: their windows' states are kept."""
    embedder = _Counting()
    extractor = RuleExtractor(embedder)
    episode = Episode("e", "g", "Maya: I'm the treasurer now", EpisodeSource.MESSAGE, WHEN, WHEN)
    first, again = (extractor.extract(episode, []) for _ in range(2))
    assert first == again and "HAS_JOB_TITLE" in {f.relation for f in first.facts}
    assert embedder.encoded.count(episode.content) == 1
