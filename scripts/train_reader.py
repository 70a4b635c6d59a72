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
import multiprocessing
import pickle
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from chronomem.extractors.learned.corpus import Item, Rows, as_message, build_rows, load_items
from chronomem.extractors.learned.features import SHAPES
from chronomem.extractors.learned.reader import WEIGHTS_FILE, Reader
from chronomem.extractors.learned.tagger_training import TaggerRecipe
from chronomem.extractors.learned.training import (
    TAGGING,
    HeldOutFacts,
    evaluate,
    flip_rate,
    gate_table,
    train,
)
from chronomem.gridmath import one_blas_thread
from chronomem.providers.local import LocalEmbedder, TokenStates

Corpus = tuple[list[Item], Rows, list[TokenStates]]
DEFAULT_OUT = Path("src/chronomem/extractors/learned/weights") / WEIGHTS_FILE
SEED = 20
# what the shipped weights are trained on (corpus/reader_r8: held out in round 8, trained on
# from round 9; corpus/reader_r10: the round-10 writers); the held-out writer split of
# round 9 is corpus/reader_r9
TRAINING_FOLDERS = tuple(
    Path("corpus") / name for name in ("reader", "reader_r6", "reader_r8", "reader_r10")
)


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


def left_out(items: list[Item], writer: str) -> set[int]:
    return {i for i, it in enumerate(items) if it.writer == writer}


def _train_without(writer: str) -> Reader:
    """A reader trained on every training item but ``writer``'s (in a worker process: the
    corpus is the parent's, inherited at fork)."""
    items, rows, encodings, tagging = _SHARED
    keep = set(range(len(items))) - left_out(items, writer)
    with one_blas_thread():  # the same sums in every process: the same weights
        return train(rows, items, encodings, keep, tagging=tagging)


_SHARED: tuple[list[Item], Rows, list[TokenStates], TaggerRecipe]


def fold_readers(writers: list[str], jobs: int) -> dict[str, Reader]:
    """One reader per writer, trained without that writer (``jobs`` processes at once;
    each training is seeded and single-threaded, so the readers do not depend on it)."""
    if jobs <= 1:
        return {w: _train_without(w) for w in writers}
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        return dict(zip(writers, pool.map(_train_without, writers), strict=True))


def print_metrics(name: str, reader: Reader, data: Corpus, test: set[int]) -> None:
    items, rows, encodings = data
    report(name, evaluate(reader, rows, items, encodings, test))
    for t, precision, recall, kept in gate_table(reader, items, encodings, test):
        print(f"    gate {t:.1f}: precision {precision:.3f} recall {recall:.3f} ({kept} facts)")


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--corpus", type=Path, action="append", help="repeatable; default the training folders"
    )
    ap.add_argument("--heldout", type=Path, help="train on --corpus, print totals on this")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument(
        "--eval", choices=["lowo", "none"], default="none", help="lowo: report every fold"
    )
    ap.add_argument("--cache", type=Path, help="pickle of encoder outputs to reuse between runs")
    ap.add_argument("--jobs", type=int, default=1, help="folds trained at once (processes)")
    ap.add_argument("--no-save", action="store_true", help="measure only")
    ap.add_argument(
        "--least",
        action="store_true",
        help="a fact's confidence is its heads' least probability, uncalibrated (an ablation)",
    )
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
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    with one_blas_thread():  # the heads' sums in one order, whatever the machine's threads
        return run(parse(argv))


def run(args: argparse.Namespace) -> int:
    global _SHARED
    started = time.process_time()
    shape = (lambda it: it) if args.plain else as_message
    items = [shape(it) for folder in args.corpus or TRAINING_FOLDERS for it in load_items(folder)]
    writers = sorted({it.writer for it in items})
    print(f"{len(items)} items from {', '.join(writers)}; "
          f"{sum(len(it.facts) for it in items)} facts", flush=True)  # fmt: skip
    held = [shape(it) for it in load_items(args.heldout)] if args.heldout else []
    everything = items + held
    encodings = encode_all([it.text for it in everything], args.cache)
    rows = build_rows(everything, encodings)
    data = (everything, rows, encodings)
    tagging = replace(TAGGING, shapes=tuple(s for s in TAGGING.shapes if s not in args.without))
    _SHARED = (items, rows, encodings[: len(items)], tagging)
    folds = {} if args.least and args.eval == "none" else fold_readers(writers, args.jobs)
    facts = HeldOutFacts([], [], [])
    for writer, reader in folds.items():
        facts.add(reader, items, encodings, left_out(items, writer))
    for writer, reader in folds.items() if args.eval == "lowo" else ():
        calibrated = (
            reader if args.least else replace(reader, calibration=facts.calibration(writer))
        )
        print_metrics(f"test on {writer}", calibrated, data, left_out(items, writer))
    reader = train(rows, everything, encodings, set(range(len(items))), tagging=tagging)
    if not args.least:
        reader = replace(reader, calibration=facts.calibration())
    if held:
        print_metrics("held-out folder", reader, data, set(range(len(items), len(everything))))
    if not args.no_save:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        digest = reader.save(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes) sha256 {digest}")
    if args.stability:
        for eps in (1e-6, 1e-5, 1e-4, 1e-3):
            rate = flip_rate(reader, items, encodings[: len(items)], eps, SEED)
            print(f"noise {eps:g}: {rate:.4%} of {len(items)} readings change", flush=True)
    print(f"{time.process_time() - started:.0f} s of CPU (this process)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
