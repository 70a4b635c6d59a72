"""The semantic cue's prototypes learned from the reader corpus (``cue/corpus_bank.py``).

What a user relies on: a change told in a wording the hand-written bank does not know is
read through the corpus's wordings; the shipped bank is what the build script makes of the
corpus (nothing edited by hand), its vectors are exactly the encoder's, and a damaged
vectors file is refused with a message saying how to fix it. The sentences here are written
for this test.
"""

from __future__ import annotations

import json
import shutil
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from chronomem.errors import UsageError
from chronomem.extractors import RuleExtractor
from chronomem.extractors.rules.cue import corpus_bank
from chronomem.model import Episode, EpisodeSource
from tests.real_embedder import real_embedder

pytestmark = pytest.mark.local_model

ROOT = Path(__file__).resolve().parents[1]
WHEN = datetime(2025, 6, 3, 9, 0, tzinfo=UTC)


def facts(turns: list[str], *, hand_only: bool = False) -> set[tuple[str, str, str, bool]]:
    # the cue alone: the learned step (on by default) reads some of these wordings too
    disable = ["cue_corpus"] if hand_only else []
    extractor = RuleExtractor(embedder=real_embedder(), disable=disable, learned=False)
    episodes = [
        Episode(f"e{i}", "g", text, EpisodeSource.MESSAGE, WHEN + timedelta(hours=i), WHEN)
        for i, text in enumerate(turns)
    ]
    found = extractor.extract(episodes[-1], episodes[:-1])
    return {(f.source, f.relation, f.target, f.invalid_at is not None) for f in found.facts}


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            ["Noor: finally got the keys to my own little flat in Ghent"],
            ("Noor", "LIVES_IN", "Ghent", False),
        ),
        (
            ["Teo: got taken on at Rabobank as a junior analyst"],
            ("Teo", "WORKS_AT", "Rabobank", False),
        ),
        (
            ["Teo: been at Rabobank a month now and still lost in the building"],
            ("Teo", "WORKS_AT", "Rabobank", False),
        ),
        (["Noor: my commute from Ghent is brutal"], ("Noor", "LIVES_IN", "Ghent", False)),
    ],
)
def test_a_wording_only_the_corpus_knows_is_read(
    turns: list[str], expected: tuple[str, str, str, bool]
) -> None:
    assert expected in facts(turns)
    assert expected not in facts(turns, hand_only=True)  # the corpus's doing


@pytest.mark.parametrize(
    "turns",
    [
        ["Noor: spent a long weekend in Ghent, the canals are lovely"],  # a trip
        ["Noor: my cousin just got a flat in Ghent"],  # someone else's
        ["Noor: would love my own flat in Ghent one day"],  # a wish
    ],
)
def test_near_misses_stay_silent(turns: list[str]) -> None:
    assert not any(f[1] == "LIVES_IN" and f[0] == "Noor" for f in facts(turns))


def test_the_shipped_bank_is_the_build_of_the_corpus() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_cue_bank
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    rebuilt = build_cue_bank.by_intent(build_cue_bank.rows(ROOT / "corpus" / "reader"))
    shipped = json.loads(corpus_bank.BANK_FILE.read_text(encoding="utf-8"))
    assert rebuilt == shipped


def test_the_shipped_vectors_are_the_encoders_own() -> None:
    embedder = real_embedder()
    texts = corpus_bank.corpus_texts()
    shipped = corpus_bank.corpus_vectors(embedder)
    assert shipped.shape == (len(texts), embedder.dimension)
    sample = list(range(0, len(texts), max(1, len(texts) // 40)))
    fresh = np.asarray(embedder.embed_batch([texts[i] for i in sample]), dtype=np.float32)
    assert np.array_equal(shipped[sample], fresh)


def test_a_damaged_vectors_file_is_refused_with_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    damaged = tmp_path / "corpus_prototypes.npz"
    shutil.copy(corpus_bank.VECTORS_FILE, damaged)
    with damaged.open("r+b") as f:
        f.seek(100)
        f.write(b"\x00\x01\x02")
    monkeypatch.setattr(corpus_bank, "VECTORS_FILE", damaged)
    corpus_bank._shipped.cache_clear()
    try:
        with pytest.raises(UsageError, match="reinstall chronomem, or rebuild them"):
            corpus_bank.corpus_vectors(real_embedder())
    finally:
        corpus_bank._shipped.cache_clear()
