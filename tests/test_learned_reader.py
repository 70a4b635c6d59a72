"""The learned reader: labels, training, shipped weights (checksum), determinism."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from chronomem.errors import UsageError
from chronomem.extractors.learned.features import SHAPES
from chronomem.extractors.learned.heads import Recipe, fit
from chronomem.extractors.learned.labels import decode_spans, gold_facts, tag_tokens
from chronomem.extractors.learned.reader import (
    WEIGHTS_SHA256,
    Reader,
    default_reader,
    shipped_weights,
)
from chronomem.providers.local import LocalEmbedder, local_model_available
from tests.rules_support import misread

needs_model = [
    pytest.mark.local_model,
    pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"'),
]


def test_a_value_span_is_tagged_and_decoded_back_to_its_characters() -> None:
    text = "sold the civic, got a used Model 3"
    # wordpieces as the tokenizer gives them: [CLS], words, a split word, [SEP]
    offsets = [(0, 0), (0, 4), (5, 8), (9, 14), (14, 15), (16, 19), (20, 21), (22, 26),
               (27, 32), (33, 34), (0, 0)]  # fmt: skip
    tags = tag_tokens(offsets, [((27, 34), "DRIVES"), ((5, 14), "")])
    assert tags[0] == tags[-1] == "O"  # specials are never tagged
    assert tags[2:4] == ["B", "I"] and tags[8:10] == ["B-DRIVES", "I-DRIVES"]
    spans = decode_spans(tags, offsets)
    assert [(text[a:b], label) for a, b, label in spans] == [
        ("the civic", ""),
        ("Model 3", "DRIVES"),
    ]


def test_gold_facts_locate_spans_and_leave_context_values_unplaced() -> None:
    item = {
        "text": "nope, quit back in march - arup has me now",
        "facts": [{"subject": "speaker", "relation": "WORKS_AT", "value": "arup",
                   "aspect": "start", "when": "back in march", "ends": "Halcrow"}],
    }  # fmt: skip
    (fact,) = gold_facts(item)
    assert fact.value == (27, 31) and fact.when == (11, 24)
    assert fact.ends is None  # "Halcrow" is in an earlier turn, not in this text
    named = gold_facts(
        {"text": "Priya got the job", "facts": [{**item["facts"][0], "subject": "Priya"}]}
    )
    assert named[0].subject == "third"


def test_training_is_deterministic_and_learns_a_separable_task() -> None:
    rng = np.random.default_rng(7)
    x = rng.standard_normal((400, 12)).astype(np.float32)
    y = np.argmax(x @ rng.standard_normal((12, 3)), axis=1)  # three linearly separable classes
    recipe = Recipe(iterations=80, l2=1e-3)
    a, b = fit(x, y, 3, recipe), fit(x, y, 3, recipe)
    assert np.array_equal(a.w_out, b.w_out) and np.array_equal(a.b_out, b.b_out)
    assert (a.predict(x) == y).mean() > 0.9
    hidden = fit(x, y, 3, Recipe(iterations=80, hidden=8))
    assert hidden.w_hidden is not None and (hidden.predict(x) == y).mean() > 0.9


def test_the_shipped_weights_match_their_pinned_checksum() -> None:
    reader = default_reader()
    assert set(reader.heads) == {"relation", "aspect", "subject"}
    width = 384 + len(reader.tagger.shapes)  # each wordpiece's state and how its word is written
    assert reader.tagger.shapes and set(reader.tagger.shapes) <= set(SHAPES)
    assert reader.tagger.forward.w_ih.shape == (width, 3 * reader.tagger.forward.w_hh.shape[0])
    assert shipped_weights().stat().st_size < 4_000_000
    assert len(WEIGHTS_SHA256) == 64


def test_damaged_weights_are_refused_with_a_fix(tmp_path: Path) -> None:
    copy = tmp_path / "reader.npz"
    shutil.copy(shipped_weights(), copy)
    data = bytearray(copy.read_bytes())
    data[len(data) // 2] ^= 0xFF
    copy.write_bytes(bytes(data))
    with pytest.raises(UsageError, match=r"sha256 .* not the pinned .*retrain"):
        Reader.load(copy, WEIGHTS_SHA256)
    with pytest.raises(UsageError, match="missing"):
        Reader.load(tmp_path / "absent.npz", WEIGHTS_SHA256)


@pytest.mark.local_model
@pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"')
def test_reading_is_the_same_on_every_run_and_with_a_fresh_encoder() -> None:
    texts = [
        "finally handed in my notice at Brightwave, last day is the 30th",
        "we adopted a rescue greyhound called Pip on saturday",
        "Congrats on the move to Lisbon!",
    ]
    runs = [
        [
            default_reader().read(e, "user", t)
            for e, t in zip(LocalEmbedder().encode_tokens(texts), texts, strict=True)
        ]
        for _ in range(2)
    ]  # two fresh encoders, two loads of the weights
    assert runs[0] == runs[1]
    assert any(runs[0])  # the reader found something to compare


@pytest.mark.local_model
@pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"')
def test_one_pass_gives_the_sentence_vector_and_token_states() -> None:
    embedder = LocalEmbedder()
    texts = ["swapped my iPhone for a Pixel 8 last week", "ok"]
    (long, short) = embedder.encode_tokens(texts)
    assert np.array_equal(np.stack([long.vector, short.vector]), embedder.embed_batch(texts))
    assert long.states.shape == (len(long.offsets), 384)
    assert long.offsets[0] == long.offsets[-1] == (0, 0)  # [CLS], [SEP]
    pieces = [texts[0][a:b] for a, b in long.offsets[1:-1]]
    assert "".join(pieces) == texts[0].replace(" ", "")  # offsets into the original text


# Sentences written for this test in several voices (texting, formal, chatty, narrated
# third person, a hypothetical): whose fact, what relation, how told, and the value as a
# whole name, multi-word names not cut.
READINGS = [
    ("started at Greenfield Analytics on monday as a data engineer",
     ("WORKS_AT", "speaker", "start", "Greenfield Analytics")),
    ("my new manager is called Dev Patel and he is great",
     ("MANAGED_BY", "speaker", "start", "Dev Patel")),
    ("my sister moved to Glasgow in May", ("LIVES_IN", "third", "start", "Glasgow")),
    ("we might move to Berlin next year if the visa works out",
     ("LIVES_IN", "speaker", "hypothetical", "Berlin")),
]  # fmt: skip


@pytest.mark.local_model
@pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"')
def test_the_shipped_reader_reads_whole_names_whose_fact_and_how_told() -> None:
    _reads_as_expected(READINGS)


@pytest.mark.local_model
@pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"')
@misread("round-20 (an accepted position read as a negation)")
def test_a_formal_new_position_is_read_as_a_start() -> None:
    _reads_as_expected(
        [("I am writing to inform you that I have accepted a position at Norrland Bank.",
          ("WORKS_AT", "speaker", "start", "Norrland Bank"))]
    )  # fmt: skip


def _reads_as_expected(readings: list[tuple[str, tuple[str, str, str, str]]]) -> None:
    texts = [text for text, _ in readings]
    reader = default_reader()
    for (text, expected), enc in zip(readings, LocalEmbedder().encode_tokens(texts), strict=True):
        got = [
            (f.relation, f.subject, f.aspect, text[f.value[0] : f.value[1]] if f.value else "")
            for f in reader.read(enc, "user", text)
        ]
        assert expected in got, text


def test_weights_for_other_features_are_refused_with_a_fix(tmp_path: Path) -> None:
    """A file written before round 9 (heads over narrower rows) is refused at load, with how
    to fix it, not failed on at the first read."""
    arrays = default_reader().arrays()
    for head in ("relation", "aspect", "subject"):
        for part in ("mean", "scale"):
            arrays[f"{head}.{part}"] = arrays[f"{head}.{part}"][:-10]
        arrays[f"{head}.w_out"] = arrays[f"{head}.w_out"][:-10]
    old = tmp_path / "reader.npz"
    np.savez_compressed(old, **arrays)
    with pytest.raises(UsageError, match=r"other features .*relation.*retrain"):
        Reader.load(old, None)
