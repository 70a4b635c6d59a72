"""Train the learned reader on the labelled corpus and report held-out accuracy.

    PYTHONPATH=src python scripts/train_reader.py [--corpus corpus/reader ...]
        [--heldout corpus/reader_r9] [--folds 3] [--eval] [--jobs 2] [--cache FILE]
        [--least] [--plain] [--without SHAPE ...] [--stability] [--seed N]

Offline, fixed seed: the same corpus gives the same weights (``--seed``: another start
for the tagger and the heads, to see how far retraining noise alone moves a measure; the
shipped weights are the default seed's). Each group of writers
(``--folds``; 0: one writer a group) is left out once: a reader trained on the others reads
its items, and the facts it finds, right or wrong, fit the calibration of a fact's
confidence (``extractors/learned/confidence.py``); ``--eval`` prints each fold's metrics.
``--heldout DIR`` prints totals on DIR (never an item: a held-out split). The final weights
(trained on every ``--corpus`` item, with the calibration) go to ``--out``; pin the printed
sha256 in ``extractors/learned/reader.py``. The span tagger is trained with torch (CPU),
needed only here.
"""

from __future__ import annotations

import argparse
import multiprocessing
import pickle
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from chronomem.errors import UsageError
from chronomem.extractors.learned.corpus import Item, Rows, as_message, build_rows, load_items
from chronomem.extractors.learned.features import SHAPES
from chronomem.extractors.learned.heads import Recipe
from chronomem.extractors.learned.reader import WEIGHTS_FILE, Reader
from chronomem.extractors.learned.tagger_training import TaggerRecipe
from chronomem.extractors.learned.training import (
    RECIPES,
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
# what the shipped weights are trained on (round 20): the round-6, 8 (held out in round 8,
# trained on from round 9), 10, 13, 14, 15 and 16 writers beside corpus/reader. The held-out
# writer split of round 9 is corpus/reader_r9. corpus/reader_r20 (four round-20 writers) and
# corpus/reader_r21 (three round-21 writers) are training data not in the shipped weights
# (bench/RESULTS.md, rounds 20 and 21: a reader trained with them is measured there)
TRAINING_FOLDERS = tuple(
    Path("corpus") / name
    for name in (
        "reader", "reader_r6", "reader_r8", "reader_r10", "reader_r13", "reader_r14",
        "reader_r15", "reader_r16",
    )
)  # fmt: skip


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


def writer_groups(writers: list[str], folds: int) -> list[tuple[str, ...]]:
    """The writers dealt round-robin (sorted) into ``folds`` groups, each left out once
    (0, or more folds than writers: one writer per fold, leave-one-writer-out)."""
    k = len(writers) if folds <= 0 else min(folds, len(writers))
    return [tuple(writers[i::k]) for i in range(k)]


def written_by(items: list[Item], group: tuple[str, ...]) -> set[int]:
    return {i for i, it in enumerate(items) if it.writer in group}


def _train_without(group: tuple[str, ...]) -> tuple[Reader, HeldOutFacts]:
    """A reader trained on every training item but those of ``group``'s writers, and the
    facts it reads in theirs (in a worker process: the corpus is the parent's, inherited
    at fork). The empty group: the reader of every item."""
    items, rows, encodings, tagging, recipes = _SHARED
    test = written_by(items, group)
    facts = HeldOutFacts([], [], [])
    keep = set(range(len(items))) - test
    with one_blas_thread():  # the same sums in every process: the same weights
        reader = train(rows, items, encodings, keep, recipes=recipes, tagging=tagging)
        facts.add(reader, items, encodings, test)
    return reader, facts


_SHARED: tuple[list[Item], Rows, list[TokenStates], TaggerRecipe, dict[str, Recipe]]


def trainings(groups: list[tuple[str, ...]], jobs: int) -> list[tuple[Reader, HeldOutFacts]]:
    """``_train_without`` each group (``jobs`` processes at once; each training is seeded
    and single-threaded, so the readers do not depend on ``jobs``)."""
    if jobs <= 1:
        return [_train_without(g) for g in groups]
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(_train_without, groups))


def print_metrics(name: str, reader: Reader, data: Corpus, test: set[int]) -> None:
    items, rows, encodings = data
    report(name, evaluate(reader, rows, items, encodings, test))
    for t, precision, recall, kept in gate_table(reader, items, encodings, test):
        print(f"    gate {t:.2f}: precision {precision:.3f} recall {recall:.3f} ({kept} facts)")


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--corpus", type=Path, action="append", help="repeatable; default the training folders"
    )
    ap.add_argument("--heldout", type=Path, help="train on --corpus, print totals on this")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument(
        "--folds",
        type=int,
        default=3,
        help="writer groups left out in turn for the calibration (0: one per writer)",
    )
    ap.add_argument("--eval", action="store_true", help="print every fold's metrics")
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
        "--seed",
        type=int,
        default=SEED,
        help="the tagger's and the heads' seed (default: the shipped weights')",
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
    if len(writers) < 2 and not args.least:
        raise UsageError(
            "the calibration reads each writer with a reader trained on the others: give "
            "folders of two writers or more, or --least"
        )
    held = [shape(it) for it in load_items(args.heldout)] if args.heldout else []
    everything = items + held
    encodings = encode_all([it.text for it in everything], args.cache)
    rows = build_rows(everything, encodings)
    data = (everything, rows, encodings)
    shapes = tuple(s for s in TAGGING.shapes if s not in args.without)
    tagging = replace(TAGGING, shapes=shapes, seed=args.seed)
    recipes = {name: replace(recipe, seed=args.seed) for name, recipe in RECIPES.items()}
    _SHARED = (items, rows, encodings[: len(items)], tagging, recipes)
    groups = [] if args.least and not args.eval else writer_groups(writers, args.folds)
    *folds, (reader, _) = trainings([*groups, ()], args.jobs)
    facts = HeldOutFacts([], [], [])
    for _, fold_facts in folds:
        facts.extend(fold_facts)
    for group, (fold_reader, _) in zip(groups, folds, strict=True) if args.eval else ():
        if not args.least:
            fold_reader = replace(fold_reader, calibration=facts.calibration(without=group))
        print_metrics(f"test on {'+'.join(group)}", fold_reader, data, written_by(items, group))
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
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time() - started + children.ru_utime + children.ru_stime
    print(f"{cpu:.0f} s of CPU (with the fold trainings' processes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
