"""The default embedder gives the same vectors on every CPU (issue 20, item 8).

Its vectors are pinned: ``tests/snapshots/embedder_reference.json`` holds, for a few texts of 5 to
256 wordpieces, each component as an integer multiple of ``GRID``. The arithmetic is exact
integer products plus float operators that sum in one order on AVX2 and AVX-512 alike, so
the raw rows of an AVX2 run (``qemu-x86_64 -cpu Haswell``) and of an AVX-512 VNNI host were
bit-identical on 214 texts; rounding to the grid then absorbs any last-bit difference left
elsewhere. A changed vector fails here, and says whether it moved by one grid step (a
rounding flip: the arithmetic drifted by a last bit) or more (the arithmetic changed).

Regenerate the reference only on purpose, when the embedder's ``ARITHMETIC`` changes:
``PYTHONPATH=src python -m tests.test_same_vectors_everywhere``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from chronomem.providers.local import GRID, LocalEmbedder, canonical, local_model_available

pytestmark = [
    pytest.mark.local_model,
    pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"'),
]

REFERENCE = Path(__file__).parent / "snapshots" / "embedder_reference.json"
TEXTS = [
    "I moved to Berlin last spring.",
    "Sam: Emailed Harvard admissions about the deadline.",
    "Nadia: We closed on a house in Tacoma and moved in last weekend, finally!!",
    "He quit his job at Google in 2023 and joined a start-up in Lisbon, where he now leads a "
    "team of six engineers building payment software.",
    "Café déjà vu: naïve résumé ÜBER Straße 東京 🚗",
    "def area(r):\n    return 3.14159 * r ** 2  # circle",
    " ".join(["Caroline: I went to the LGBTQ support group yesterday and it was powerful."] * 6),
    "the " * 400,  # cut at 256 wordpieces
]


def _codes(vectors: np.ndarray) -> np.ndarray:
    return np.rint(vectors.astype(np.float64) / GRID).astype(np.int64)


def test_vectors_equal_the_pinned_reference() -> None:
    pinned = json.loads(REFERENCE.read_text())
    embedder = LocalEmbedder()
    assert pinned["embedder"] == embedder.name and pinned["texts"] == TEXTS
    vectors = embedder.embed_batch(TEXTS)
    codes = _codes(vectors)
    assert np.array_equal(codes * GRID, vectors)  # canonical: every component on the grid
    steps = np.abs(codes - np.asarray(pinned["codes"])).max(axis=1)
    assert steps.max() <= 1, f"the arithmetic changed: grid steps per text {steps.tolist()}"
    assert steps.max() == 0, f"a rounding flip (one grid step) on texts {np.flatnonzero(steps)}"


def test_a_score_is_exact_whatever_the_order_of_its_sums() -> None:
    rng = np.random.default_rng(7)
    rows = canonical(rng.normal(size=(200, 384)))
    exact = _codes(rows) @ _codes(rows).T  # integers: the scores times 2^22
    assert np.array_equal(rows @ rows.T, (exact * GRID * GRID).astype(np.float32))
    for a, b in zip(rows[:20], rows[20:40], strict=True):
        forward = np.float32(0)
        for x in (a * b)[::-1]:  # one float32 sum at a time, backwards
            forward += x
        halves = np.sum((a * b)[::2]) + np.sum((a * b)[1::2])
        assert forward == np.float32(a @ b) == np.float32(halves)


def test_canonical_rows_are_unit_length_within_the_grid() -> None:
    rows = canonical(np.random.default_rng(1).normal(size=(50, 384)) * 7.0)
    assert np.abs(np.linalg.norm(rows, axis=1) - 1.0).max() <= 0.5 * GRID * np.sqrt(384)
    assert canonical(np.zeros((1, 384))).tolist() == [[0.0] * 384]


def test_signed_and_unsigned_weights_agree_where_the_probe_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the CPU's u8×s8 kernel is exact (VNNI), int8 and uint8 weights give the same
    bits; where it saturates (AVX2), forcing int8 weights gives other vectors: the probe
    is what keeps them out."""
    import onnxruntime

    import chronomem.providers.local as local
    from chronomem.providers.onnx_graph import signed_products_exact

    vectors = {}
    for signed in (True, False):
        monkeypatch.setattr(local, "signed_products_exact", lambda _options, s=signed: s)
        vectors[signed] = LocalEmbedder().embed_batch(TEXTS)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    if signed_products_exact(options):
        assert np.array_equal(vectors[True], vectors[False])
    else:
        assert not np.array_equal(vectors[True], vectors[False])


@pytest.mark.slow
def test_an_avx2_cpu_gives_the_same_vectors() -> None:
    """The reference texts embedded under ``qemu-x86_64 -cpu Haswell`` (AVX2 and FMA, no
    AVX-512: ONNX Runtime picks its AVX2 kernels) equal this machine's, component for
    component, before and after rounding."""
    qemu = shutil.which("qemu-x86_64")
    if qemu is None:
        pytest.skip("needs Debian's qemu-user (apt-get install qemu-user) to emulate AVX2")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    code = "from tests.test_same_vectors_everywhere import _raw_rows; _raw_rows()"
    emulated = subprocess.run(
        [qemu, "-cpu", "Haswell", sys.executable, "-c", code],
        env=env, capture_output=True, text=True, timeout=280, check=True,
    )  # fmt: skip
    assert '"AVX512F": false' in emulated.stdout and '"AVX2": true' in emulated.stdout
    there = json.loads(emulated.stdout.splitlines()[-1])
    native = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    here = json.loads(native.stdout.splitlines()[-1])
    assert np.array_equal(np.asarray(there["raw"]), np.asarray(here["raw"]))
    assert there["codes"] == here["codes"]


def _raw_rows() -> None:
    """Print the CPU's features, then the reference texts' unit rows before rounding and
    their grid codes (one JSON line): run in a child, natively or emulated."""
    import chronomem.providers.local as local

    features = np._core._multiarray_umath.__cpu_features__  # type: ignore[attr-defined]
    print(json.dumps({k: bool(features.get(k)) for k in ("AVX2", "AVX512F")}))
    raw: list[list[float]] = []
    rounded = local.canonical

    def keep(rows: np.ndarray) -> np.ndarray:
        wide = np.asarray(rows, dtype=np.float64)
        raw.extend((wide / np.linalg.norm(wide, axis=1, keepdims=True)).tolist())
        return rounded(rows)

    local.canonical = keep  # type: ignore[assignment]
    vectors = LocalEmbedder().embed_batch(TEXTS)
    print(json.dumps({"raw": raw, "codes": _codes(vectors).tolist()}))


def _write_reference() -> None:
    embedder = LocalEmbedder()
    codes = _codes(embedder.embed_batch(TEXTS)).tolist()
    lines = ",\n    ".join(json.dumps(row, separators=(",", ":")) for row in codes)
    REFERENCE.write_text(
        f'{{"embedder": {json.dumps(embedder.name)}, "grid": {GRID},\n'
        f' "texts": {json.dumps(TEXTS, ensure_ascii=False)},\n "codes": [\n    {lines}\n]}}\n'
    )


if __name__ == "__main__":
    _write_reference()
