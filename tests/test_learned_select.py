"""The selector of sentences that name nothing (``extractors/learned/select.py``) and how the
learned step uses it: only what it chooses is read, the choice costs no forward pass, and it
is the same on every CPU."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

import chronomem.extractors.learned.step as step_module
from chronomem import Memory
from chronomem.errors import UsageError
from chronomem.extractors import RuleExtractor
from chronomem.extractors.learned.select import (
    SELECTOR_SHA256,
    Selector,
    States,
    default_selector,
    shipped_selector,
)
from chronomem.model import Episode, EpisodeSource
from chronomem.providers.local import GRID
from tests.real_embedder import SAID_AT, real_embedder
from tests.test_learned_one_pass import _Counting

WHEN = SAID_AT


@dataclass
class Asked:
    """A selector answering ``answer``, recording the sentences it is asked about."""

    answer: bool
    texts: list[str] = field(default_factory=list)

    def worth(self, text: str, states: States) -> bool:
        assert states.shape[1] == 384 and len(states) > 0
        self.texts.append(text)
        return self.answer


def _read(monkeypatch: pytest.MonkeyPatch, selector: object, text: str) -> set[tuple[str, str]]:
    monkeypatch.setattr(step_module, "default_selector", lambda: selector)
    episode = Episode("e", "g", text, EpisodeSource.MESSAGE, WHEN, WHEN)
    extractor = RuleExtractor(embedder=real_embedder())  # a step of its own: this selector
    facts = extractor.extract(episode, []).facts
    return {(f.relation, f.target) for f in facts if f.relation != "MENTIONED"}


@pytest.mark.local_model
def test_only_sentences_naming_nothing_but_the_speaker_are_put_to_the_selector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = Asked(False)
    text = "Maya: I'm allergic to cashews. My sister Ana lives in Porto. Is it raining?"
    _read(monkeypatch, asked, text)
    assert asked.texts == ["I'm allergic to cashews"]


@pytest.mark.local_model
def test_what_the_selector_declines_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Maya: I'm the captain now"  # a title the rules do not read
    read = _read(monkeypatch, Asked(True), text)
    declined = _read(monkeypatch, Asked(False), text)
    assert ("HAS_JOB_TITLE", "captain") in read
    assert ("HAS_JOB_TITLE", "captain") not in declined


@pytest.mark.local_model
def test_choosing_costs_no_second_forward_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """The selector reads the first window's states, the episode's own embedding pass."""
    monkeypatch.setattr(step_module, "default_selector", lambda: Asked(False))
    text = "Maya: I'm so happy for you, that sounds amazing"
    embedder = _Counting()
    with Memory(":memory:", embedder=embedder, extractor=RuleExtractor(embedder)) as memory:
        memory.add_episode(text, group_id="g", reference_time=WHEN)
    assert embedder.encoded.count(text) == 1


def test_the_decision_is_exact_whatever_the_order_of_the_sums() -> None:
    rng = np.random.default_rng(7)
    selector = Selector.of(rng.normal(size=384), -0.3)
    states = (np.rint(rng.normal(size=(23, 384)) / GRID) * GRID).astype(np.float32)
    forward, backward = selector.score(states), selector.score(states[::-1].copy())
    assert forward == backward and float(forward).is_integer()
    # the exact score's sign is the fitted model's (mean . w + b) where it is not marginal
    mean = states.astype(np.float64).mean(axis=0)
    fitted = mean @ (selector.weights * 2.0**-14) + selector.bias * 2.0**-14 * GRID
    assert np.sign(fitted) == np.sign(forward)


def test_the_shipped_selector_is_pinned(tmp_path: Path) -> None:
    shipped = default_selector()
    assert shipped.weights.shape == (384,)
    copy = tmp_path / "selector.npz"
    copy.write_bytes(shipped_selector().read_bytes()[:-3])
    with pytest.raises(UsageError, match="sha256"):
        Selector.load(copy, SELECTOR_SHA256)


@dataclass
class Shipped:
    """The shipped selector, recording its answers."""

    answers: dict[str, bool] = field(default_factory=dict)

    def worth(self, text: str, states: States) -> bool:
        self.answers[text] = default_selector().worth(text, states)
        return self.answers[text]


@pytest.mark.local_model
def test_the_shipped_selector_reads_a_title_and_skips_a_pleasantry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shipped = Shipped()
    found = _read(monkeypatch, shipped, "Maya: I've been a nurse for ten years")
    assert ("HAS_JOB_TITLE", "nurse") in found
    assert not _read(monkeypatch, shipped, "Maya: I'm so happy for you!")
    assert shipped.answers == {
        "I've been a nurse for ten years": True,
        "I'm so happy for you": False,
    }


@pytest.mark.local_model
def test_a_turn_extracted_again_is_not_encoded_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The turns after a late episode are re-read: their windows' states are kept."""
    monkeypatch.setattr(step_module, "default_selector", lambda: Asked(True))
    embedder = _Counting()
    extractor = RuleExtractor(embedder)
    episode = Episode("e", "g", "Maya: I'm the treasurer now", EpisodeSource.MESSAGE, WHEN, WHEN)
    first, again = (extractor.extract(episode, []) for _ in range(2))
    assert first == again and "HAS_JOB_TITLE" in {f.relation for f in first.facts}
    assert embedder.encoded.count(episode.content) == 1
