"""Train the learned reader's heads on the labelled corpus and report held-out accuracy.

    PYTHONPATH=src python scripts/train_reader.py [--corpus corpus/reader ...]
        [--heldout corpus/reader_r9] [--eval lowo|split|all|none] [--cache FILE] [--plain]
        [--without SHAPE ...]

Offline, fixed seed: the same corpus gives the same weights. ``--heldout DIR`` trains on the
``--corpus`` folders and prints totals on DIR (never an item: a held-out split); ``--eval
lowo`` trains on all writers but one and tests on that one (every fold), ``split`` on a
seeded random 80/20 split. The final weights (trained on every ``--corpus`` folder) go to
``--out``; pin the printed sha256 in ``extractors/learned/reader.py``. The span tagger is
trained with torch (CPU), needed only here.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from chronomem.extractors.learned.corpus import Item, as_message, build_rows, load_items
from chronomem.extractors.learned.features import SHAPES
from chronomem.extractors.learned.reader import WEIGHTS_FILE
from chronomem.extractors.learned.training import (
    TAGGING,
    evaluate,
    flip_rate,
    gate_table,
    train,
)
from chronomem.providers.local import LocalEmbedder, TokenStates

DEFAULT_OUT = Path("src/chronomem/extractors/learned/weights") / WEIGHTS_FILE
SEED = 20
# what the shipped weights are trained on (corpus/reader_r8: held out in round 8, trained on
# from round 9); the held-out writer split of round 9 is corpus/reader_r9
TRAINING_FOLDERS = (Path("corpus/reader"), Path("corpus/reader_r6"), Path("corpus/reader_r8"))


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


def folds(writers: list[str], items: list[Item], mode: str, held: int):
    """(name, train, test) index sets; the last ``held`` items are the held-out folder's."""
    everyone = set(range(len(items) - held))
    if held:
        yield "held-out folder", everyone, set(range(len(items) - held, len(items)))
    if mode in ("lowo", "all"):
        for w in writers:
            test = {i for i in everyone if items[i].writer == w}
            yield f"test on {w}", everyone - test, test
    if mode in ("split", "all"):
        order = np.random.default_rng(SEED).permutation(len(everyone))
        test = set(order[: len(everyone) // 5].tolist())
        yield "random 80/20", everyone - test, test


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--corpus",
        type=Path,
        action="append",
        help="repeatable; default the three training folders",
    )
    ap.add_argument("--heldout", type=Path, help="train on --corpus, print totals on this")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--eval", choices=["lowo", "split", "all", "none"], default="none")
    ap.add_argument("--cache", type=Path, help="pickle of encoder outputs to reuse between runs")
    ap.add_argument("--no-save", action="store_true", help="measure only")
    ap.add_argument(
        "--plain",
        action="store_true",
        help='read each item\'s text alone (default: as its chat turn, "Speaker: text")',
    )
    ap.add_argument(
        "--without",
        action="append",
        default=[],
        choices=SHAPES,
        help="train the tagger without this column of how a word is written (an ablation)",
    )
    ap.add_argument(
        "--stability",
        action="store_true",
        help="share of readings changed by noise of 1e-6..1e-3 on the encoder outputs",
    )
    args = ap.parse_args(argv)
    started = time.process_time()
    corpus = args.corpus or list(TRAINING_FOLDERS)
    shape = (lambda it: it) if args.plain else as_message
    items = [shape(it) for folder in corpus for it in load_items(folder)]
    writers = sorted({it.writer for it in items})
    print(f"{len(items)} items from {', '.join(writers)}; "
          f"{sum(len(it.facts) for it in items)} facts", flush=True)  # fmt: skip
    held = [shape(it) for it in load_items(args.heldout)] if args.heldout else []
    everything = items + held
    encodings = encode_all([it.text for it in everything], args.cache)
    rows = build_rows(everything, encodings)
    mode = args.eval if args.eval != "none" else ""
    tagging = replace(TAGGING, shapes=tuple(s for s in TAGGING.shapes if s not in args.without))
    trained = {}  # the held-out fold trains on what the saved weights train on: once
    for name, keep, test in folds(writers, everything, mode, len(held)):
        reader = trained[frozenset(keep)] = train(
            rows, everything, encodings, keep, tagging=tagging
        )
        report(name, evaluate(reader, rows, everything, encodings, test))
        for t, precision, recall, kept in gate_table(reader, everything, encodings, test):
            print(f"    gate {t:.1f}: precision {precision:.3f} recall {recall:.3f} ({kept} facts)")
    if not args.no_save:
        keep = set(range(len(items)))
        reader = trained.get(frozenset(keep)) or train(
            rows, everything, encodings, keep, tagging=tagging
        )
        args.out.parent.mkdir(parents=True, exist_ok=True)
        digest = reader.save(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes) sha256 {digest}")
        if args.stability:
            for eps in (1e-6, 1e-5, 1e-4, 1e-3):
                rate = flip_rate(reader, items, encodings[: len(items)], eps, SEED)
                print(f"noise {eps:g}: {rate:.4%} of {len(items)} readings change", flush=True)
    print(f"{time.process_time() - started:.0f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
