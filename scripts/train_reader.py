"""Train the learned reader's heads on the labelled corpus and report held-out accuracy.

    PYTHONPATH=src python scripts/train_reader.py [--corpus corpus/reader] [--eval all]

Offline, fixed seed: the same corpus gives the same weights. ``--eval lowo`` trains on two
writers and tests on the third (every fold), ``split`` on a seeded random 80/20 split;
``--ablation`` repeats the split with feature groups removed. The final weights (trained on
everything) go to ``--out``; pin the printed sha256 in ``extractors/learned/reader.py``.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from pathlib import Path

import numpy as np

from chronomem.extractors.learned.corpus import build_rows, load_items
from chronomem.extractors.learned.reader import WEIGHTS_FILE
from chronomem.extractors.learned.training import evaluate, flip_rate, gate_table, train
from chronomem.providers.local import LocalEmbedder, TokenStates

DEFAULT_OUT = Path("src/chronomem/extractors/learned/weights") / WEIGHTS_FILE
SEED = 20


def encode_all(texts: list[str], cache: Path | None) -> list[TokenStates]:
    """Every text through the default encoder, reusing ``cache`` (a pickle) when given."""
    known: dict[str, TokenStates] = {}
    if cache and cache.is_file():
        known = pickle.loads(cache.read_bytes())
    missing = [t for t in dict.fromkeys(texts) if t not in known]
    if missing:
        print(f"encoding {len(missing)} texts", flush=True)
        for text, enc in zip(missing, LocalEmbedder().encode_tokens(missing), strict=True):
            known[text] = enc
        if cache:
            cache.write_bytes(pickle.dumps(known))
    return [known[t] for t in texts]


def report(name: str, metrics: dict[str, float]) -> None:
    cells = " ".join(f"{k}={v:.3f}" for k, v in metrics.items())
    print(f"{name:<22} {cells}", flush=True)


def folds(writers: list[str], items, mode: str):
    everyone = set(range(len(items)))
    if mode in ("lowo", "all"):
        for w in writers:
            test = {i for i, it in enumerate(items) if it.writer == w}
            yield f"test on {w}", everyone - test, test
    if mode in ("split", "all"):
        order = np.random.default_rng(SEED).permutation(len(items))
        test = set(order[: len(items) // 5].tolist())
        yield "random 80/20", everyone - test, test


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=Path, default=Path("corpus/reader"))
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--eval", choices=["lowo", "split", "all", "none"], default="all")
    ap.add_argument("--ablation", action="store_true", help="feature groups, on the 80/20 split")
    ap.add_argument("--cache", type=Path, help="pickle of encoder outputs to reuse between runs")
    ap.add_argument("--no-save", action="store_true", help="measure only")
    ap.add_argument(
        "--stability",
        action="store_true",
        help="share of readings changed by noise of 1e-6..1e-3 on the encoder outputs",
    )
    args = ap.parse_args(argv)
    started = time.process_time()
    items = load_items(args.corpus)
    writers = sorted({it.writer for it in items})
    print(f"{len(items)} items from {', '.join(writers)}; "
          f"{sum(len(it.facts) for it in items)} facts", flush=True)  # fmt: skip
    encodings = encode_all([it.text for it in items], args.cache)
    rows = build_rows(items, encodings)
    for name, keep, test in folds(writers, items, args.eval if args.eval != "none" else ""):
        reader = train(rows, keep)
        report(name, evaluate(reader, rows, items, encodings, test))
        for t, precision, recall, kept in gate_table(reader, items, encodings, test):
            print(f"    gate {t:.1f}: precision {precision:.3f} recall {recall:.3f} ({kept} facts)")
    if args.ablation:
        ablate(items, encodings)
    if not args.no_save:
        reader = train(rows, set(range(len(items))))
        args.out.parent.mkdir(parents=True, exist_ok=True)
        digest = reader.save(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes) sha256 {digest}")
        if args.stability:
            for eps in (1e-6, 1e-5, 1e-4, 1e-3):
                rate = flip_rate(reader, items, encodings, eps, SEED)
                print(f"noise {eps:g}: {rate:.4%} of {len(items)} readings change", flush=True)
    print(f"{time.process_time() - started:.0f} s of CPU")
    return 0


def ablate(items, encodings) -> None:
    _, keep, test = next(folds([], items, "split"))
    for groups in (("sentence",), ("token",)):  # against the default ("token", "sentence")
        rows = build_rows(items, encodings, groups)
        reader = train(rows, keep, groups=groups)
        report("tokens: " + "+".join(groups), evaluate(reader, rows, items, encodings, test))


if __name__ == "__main__":
    sys.exit(main())
