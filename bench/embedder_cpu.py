"""The default embedder's arithmetic on different CPUs: same vectors? at what CPU cost?

    # raw unit rows of every arithmetic, natively and on an emulated AVX2 CPU (qemu-user)
    PYTHONPATH=src .venv/bin/python bench/embedder_cpu.py emit /tmp/native.npz \\
        --data ../shared/data/locomo/locomo10.json
    PYTHONPATH=src qemu-x86_64 -cpu Haswell .venv/bin/python bench/embedder_cpu.py emit \\
        /tmp/haswell.npz --data ../shared/data/locomo/locomo10.json
    PYTHONPATH=src .venv/bin/python bench/embedder_cpu.py compare /tmp/native.npz /tmp/haswell.npz
    # CPU per text, arithmetics alternating, medians
    PYTHONPATH=src .venv/bin/python bench/embedder_cpu.py time \
        --data ../shared/data/locomo/locomo10.json
    # CPU per text of this tree's LocalEmbedder against another tree's (e.g. the round's
    # start), alternating in one process, and whether their vectors are the same bits
    PYTHONPATH=src .venv/bin/python bench/embedder_cpu.py versus --baseline-src ../r15base/src \
        --data ../shared/data/locomo/locomo10.json

Texts: the first 170 clauses of the reader corpus (``corpus/reader``) and 60 turns of
LoCoMo conversation 1 (fixed seed), each embedded alone, as the default does. Arithmetics:
``signed`` / ``unsigned`` int8 weight products (u8×s8 or u8×u8 kernels) or ``float32``,
each with ONNX Runtime's fused softmax (``-fused``) or the portable one (``-portable``).
The default is ``signed-portable`` where the u8×s8 kernel is exact, else
``unsigned-portable`` (``providers/onnx_graph.py``). Rows are compared before canonical
rounding, and after it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ARITHMETICS = [f"{p}-{s}" for p in ("signed", "unsigned", "float32") for s in ("fused", "portable")]


CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "reader"


def texts(data: Path) -> list[str]:
    lines = [line for f in sorted(CORPUS.glob("*/*.jsonl")) for line in f.open(encoding="utf-8")]
    out = [json.loads(line)["text"] for line in lines[:170]]
    sample = json.loads(data.read_text())[0]["conversation"]
    turns = [t["text"] for key, s in sample.items() if key.startswith("session_")
             and isinstance(s, list) for t in s]  # fmt: skip
    return out + random.Random(1).sample(turns, 60)


def runner(arithmetic: str):  # type: ignore[no-untyped-def]
    """A function embedding one text into its raw unit row (float64) in ``arithmetic``."""
    import onnx
    import onnxruntime
    from tokenizers import BertWordPieceTokenizer

    from chronomem.providers.local import MAX_WORDPIECES, default_model_files
    from chronomem.providers.onnx_graph import dynamic_int8, portable_softmax
    from chronomem.providers.onnx_lean import direct_key_transpose, drop_nan_guard

    files = default_model_files()
    products, softmax = arithmetic.split("-")
    model = onnx.load(str(files.onnx))
    if products != "float32":
        model, _ = dynamic_int8(model, signed=products == "signed")
    if softmax == "portable":  # as the default: the lean rewrites change no number
        model, _ = portable_softmax(model)
        model, _ = direct_key_transpose(model)
        model, _ = drop_nan_guard(model)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.log_severity_level = 3
    session = onnxruntime.InferenceSession(model.SerializeToString(), sess_options=options)
    tokenizer = BertWordPieceTokenizer(str(files.vocab), lowercase=True)
    tokenizer.enable_truncation(max_length=MAX_WORDPIECES)

    def embed(text: str) -> np.ndarray:
        ids = np.array([tokenizer.encode(text).ids], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids),
                 "token_type_ids": np.zeros_like(ids)}  # fmt: skip
        (hidden,) = session.run(None, feeds)
        row = hidden[0].mean(axis=0).astype(np.float64)
        return row / np.linalg.norm(row)

    return embed


def emit(out: Path, data: Path) -> None:
    features = np._core._multiarray_umath.__cpu_features__  # type: ignore[attr-defined]
    print({k: features.get(k) for k in ("AVX2", "AVX512F", "AVX512_CLX")}, file=sys.stderr)
    sample = texts(data)
    rows = {}
    for name in ARITHMETICS:
        embed = runner(name)
        rows[name] = np.stack([embed(t) for t in sample])
    np.savez(out, **rows)


def compare(a: Path, b: Path) -> None:
    from chronomem.providers.local import canonical

    left, right = np.load(a), np.load(b)
    print("| arithmetic | rows bit-identical | max abs difference | min cosine | canonical same |")
    print("|---|---|---|---|---|")
    for name in ARITHMETICS:
        x, y = left[name], right[name]
        same = int((x == y).all(axis=1).sum())
        cos = float((x * y).sum(axis=1).min())
        canon = int((canonical(x) == canonical(y)).all(axis=1).sum())
        worst = np.abs(x - y).max()
        print(f"| {name} | {same}/{len(x)} | {worst:.2g} | {cos:.7f} | {canon}/{len(x)} |")


def timing(data: Path, rounds: int) -> None:
    sample = [t for t in texts(data)][:150]
    runners = {a: runner(a) for a in ARITHMETICS}
    spent: dict[str, list[float]] = {a: [] for a in ARITHMETICS}
    for _ in range(rounds):
        for name, embed in runners.items():
            start = time.process_time()
            for text in sample:
                embed(text)
            spent[name].append((time.process_time() - start) / len(sample))
    base = statistics.median(spent["signed-fused"])
    for name, times in spent.items():
        median = statistics.median(times)
        print(f"{name:18s} {1000 * median:.2f} ms CPU/text  x{median / base:.2f} of signed-fused")


def baseline_embedder(src: Path):  # type: ignore[no-untyped-def]
    """A ``LocalEmbedder`` built from ``src``'s ``providers/local.py`` (the rest of the
    package, e.g. ``onnx_graph``, is this tree's: compare trees that differ in that file)."""
    import importlib.util

    path = src / "chronomem" / "providers" / "local.py"
    spec = importlib.util.spec_from_file_location("baseline_local", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline_local"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module.LocalEmbedder()


def versus(data: Path, rounds: int, baseline: Path) -> None:
    from chronomem.providers.local import LocalEmbedder

    sample = texts(data)[:150]
    embedders = {"baseline": baseline_embedder(baseline), "this tree": LocalEmbedder()}
    rows = {name: e.embed_batch(sample) for name, e in embedders.items()}  # loads both
    same = int((rows["baseline"] == rows["this tree"]).all(axis=1).sum())
    print(f"vectors bit-identical: {same}/{len(sample)}")
    spent: dict[str, list[float]] = {name: [] for name in embedders}
    for r in range(rounds):
        for name in list(embedders)[:: 1 if r % 2 == 0 else -1]:
            embed, start = embedders[name].embed_batch, time.process_time()
            for text in sample:
                embed([text])
            spent[name].append((time.process_time() - start) / len(sample))
    base = statistics.median(spent["baseline"])
    ratios = [new / old for new, old in zip(spent["this tree"], spent["baseline"], strict=True)]
    for name, times in spent.items():
        median = statistics.median(times)
        print(f"{name:10s} {1000 * median:.3f} ms CPU/text (median of {rounds} rounds)  "
              f"x{median / base:.3f}")  # fmt: skip
    print(f"paired ratio this tree / baseline: median {statistics.median(ratios):.3f}, "
          f"range {min(ratios):.3f}-{max(ratios):.3f}")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("mode", choices=["emit", "compare", "time", "versus"])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--data", type=Path, default=Path("../shared/data/locomo/locomo10.json"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--baseline-src", type=Path, help="versus: the other tree's src/")
    args = ap.parse_args()
    if args.mode == "emit":
        emit(args.files[0], args.data)
    elif args.mode == "compare":
        compare(*args.files[:2])
    elif args.mode == "versus":
        versus(args.data, args.rounds, args.baseline_src)
    else:
        timing(args.data, args.rounds)


if __name__ == "__main__":
    main()
