"""One forward pass per message: the learned reader reads the message in windows whose first
is the episode's embedding text, and the engine's episode vector is that pass's vector.

Sentences here were written for these tests (texting, formal, a rambling e-mail)."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from chronomem import Memory, SearchFilter
from chronomem.extractors import RuleExtractor
from chronomem.extractors.learned.message import WordMap, clause_around, later_windows, places
from chronomem.extractors.rules.normalise.voice import speaks_to_the_user
from chronomem.model import Episode, EpisodeSource
from chronomem.model.graph import EPISODE_EMBED_CHARS, episode_text
from chronomem.providers.local import LocalEmbedder, local_model_available

WHEN = datetime(2025, 6, 2, 9, tzinfo=UTC)


def _episode(content: str, source: EpisodeSource = EpisodeSource.MESSAGE) -> Episode:
    return Episode("e1", "g", content, source, WHEN, WHEN)


def test_a_raw_span_is_carried_to_the_normalised_text_by_its_words() -> None:
    content = "Priya: u know i moved to tampere last wk, gonna stay"
    normalised = "You know I moved to Tampere last week, going to stay"
    words = WordMap.of(content, content.index(":") + 1, normalised)
    at = content.index("tampere")
    span = words.normalised((at, at + len("tampere")))
    assert span is not None and normalised[span[0] : span[1]] == "Tampere"
    two = content.index("moved to tampere")
    span = words.normalised((two, two + len("moved to tampere")))
    assert span is not None and normalised[span[0] : span[1]] == "moved to Tampere"
    wk = content.index("wk")
    assert words.normalised((wk, wk + 2)) is None  # rewritten: "week"
    assert words.normalised((0, 5)) is None  # the speaker's name is no word of the body
    back = words.written((0, len(normalised)))
    # from the first paired word to the last ("u" became "You")
    assert (
        back is not None
        and content[back[0] : back[1]] == "know i moved to tampere last wk, gonna stay"
    )


def test_sentences_are_placed_in_order_even_when_a_text_repeats() -> None:
    text = "Yes. I left. Yes. I stayed."
    assert places(text, ["Yes.", "I left.", "Yes.", "I stayed."]) == [
        (0, 4),
        (5, 12),
        (13, 17),
        (18, 27),
    ]
    assert places(text, ["never said"]) == [(0, 0)]  # not from this text: nothing read


def test_later_windows_hold_whole_sentences_led_by_the_speaker() -> None:
    content = "Noor: " + " ".join(f"Line {i} is here." for i in range(60))
    spans = []
    for i in range(60):
        at = content.index(f"Line {i} ")
        spans.append((i, (at, at + len(f"Line {i} is here"))))  # the stop is added
    windows = later_windows(_episode(content), spans, chars=120)
    assert [i for _, held in windows for i in held] == list(range(60))  # each once, in order
    for window, held in windows:
        assert window.text.startswith("Noor: Line ") and len(window.text) <= len("Noor: ") + 120
        assert window.text.endswith(".")
        for i in held:  # each sentence maps back to where it is in the message
            at = window.text.index(f"Line {i} ")
            start = dict(spans)[i][0]
            assert window.in_message((at, at + 6)) == (start, start + 6)
        assert window.in_message((0, 4)) is None  # the speaker's name is not the message
    narrated = later_windows(_episode("A line. Another.", EpisodeSource.TEXT), [(0, (0, 6))])
    assert narrated[0][0].text == "A line."


def test_only_the_sentences_to_read_are_encoded_packed_together() -> None:
    content = "Abe: I moved to Oslo.\n```\nx = 1\n```\nNothing here. I work at Kvist AS."
    first = content.index("I moved")
    last = content.index("I work")
    spans = [(0, (first, content.index("Oslo") + 4)), (2, (last, len(content) - 1))]
    ((window, held),) = later_windows(_episode(content), spans)
    assert window.text == "Abe: I moved to Oslo. I work at Kvist AS." and held == [0, 2]
    at = window.text.index("Kvist AS")
    assert window.in_message((at, at + 8)) == (content.index("Kvist AS"), len(content) - 1)
    joint = window.text.index("Oslo. I")
    assert window.in_message((joint, joint + 7)) is None  # across two pieces: no span


needs_model = pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"')

STORY = [
    "Ilse: I work at Vantor Logistics in Rotterdam, mostly night shifts",
    "Ilse: my new manager is called Dev Patel and he is great",
    "Ilse: Dear all, " + "a few notes on the quarter, nothing urgent. " * 12
    + "On a personal note, my daily driver is a Skoda Octavia these days.",
    "Ilse: swapped my old Fairphone for a Pixel 9 at the weekend, no regrets",
]  # fmt: skip


def _ids(seed: int) -> Callable[[], str]:
    rng = random.Random(seed)
    return lambda: uuid.UUID(int=rng.getrandbits(128)).hex


def _told(seed: int, embedder: LocalEmbedder) -> tuple[list[tuple[str, str, bool]], list[Episode]]:
    extractor = RuleExtractor(embedder, learned=True)
    with Memory(":memory:", embedder=embedder, extractor=extractor, ids=_ids(seed)) as memory:
        episodes = [
            memory.add_episode(
                turn, group_id="g", reference_time=WHEN + timedelta(days=day)
            ).episode
            for day, turn in enumerate(STORY)
        ]
        found = memory.search("Ilse", group_id="g", limit=50, filter=SearchFilter(history=True))
        facts = sorted((f.relation, f.fact, f.invalid_at is None) for f in found.facts)
    return facts, episodes


@pytest.mark.local_model
@needs_model
def test_with_the_step_on_the_memory_is_the_same_under_any_ids_and_vectors_are_fresh() -> None:
    first, episodes = _told(1, LocalEmbedder())
    assert any(r == "DRIVES" for r, _, _ in first), first
    for seed in (2, 3):
        assert _told(seed, LocalEmbedder())[0] == first
    fresh = LocalEmbedder()  # never encoded these texts: computes every vector anew
    assert len(episodes) == len(STORY)
    for episode in episodes:
        assert episode.embedding is not None
        expected = fresh.embed_batch([episode_text(episode)])[0]
        assert np.array_equal(np.asarray(episode.embedding, dtype=np.float32), expected)


class _Counting(LocalEmbedder):
    """The default embedder, counting the texts that reach its encoder."""

    def __init__(self) -> None:
        super().__init__()
        self.encoded: list[str] = []

    def encode_tokens(self, texts):  # type: ignore[no-untyped-def]
        self.encoded += texts
        return super().encode_tokens(texts)

    def embed_batch(self, texts, *, kind="document"):  # type: ignore[no-untyped-def]
        out = super().embed_batch(texts, kind=kind)
        self.encoded += [t for t in texts if t not in self._recalled]
        return out


@pytest.mark.local_model
@needs_model
def test_a_message_goes_through_the_encoder_once_and_a_long_one_is_read_to_its_end() -> None:
    long_turn = STORY[2]
    assert long_turn.index("On a personal note") > EPISODE_EMBED_CHARS
    found, windows = {}, {}
    for learned in (True, False):
        embedder = _Counting()
        extractor = RuleExtractor(embedder, learned=learned)
        with Memory(":memory:", embedder=embedder, extractor=extractor) as memory:
            memory.add_episode(long_turn, group_id="g", reference_time=WHEN)
            facts = memory.search("Ilse", group_id="g", limit=50).facts
        found[learned] = {(f.relation, f.fact) for f in facts if f.relation == "DRIVES"}
        assert embedder.encoded.count(long_turn[:EPISODE_EMBED_CHARS]) == 1
        windows[learned] = [t for t in embedder.encoded if t.startswith("Ilse: ")]
    # the sentence past the first window is read, in a window of its own, by the step
    assert any("Skoda Octavia" in text for _, text in found[True]), found
    assert not found[False]
    assert windows[True] == [
        long_turn[:EPISODE_EMBED_CHARS],
        "Ilse: " + long_turn[long_turn.index(" On a personal note") + 1 :],
    ]


def test_an_assistant_speaks_of_the_user_in_the_second_person() -> None:
    text = "Congrats on the move to Tallinn, you must be thrilled!"
    at = text.index("Tallinn")
    assert clause_around(text, (at, at + 7)) == "Congrats on the move to Tallinn"
    assert not speaks_to_the_user(clause_around(text, (at, at + 7)))
    said = "Since you'd moved to Tallinn in May; your flat is near the old town"
    for word in ("Tallinn", "flat"):
        at = said.index(word)
        assert speaks_to_the_user(clause_around(said, (at, at + len(word))))
    assert not speaks_to_the_user("Young people love Youtube")  # no word "you"
