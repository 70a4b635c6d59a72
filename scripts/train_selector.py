"""Train the selector of sentences that name nothing (``extractors/learned/select.py``).

    PYTHONPATH=src python scripts/train_selector.py [--corpus corpus/reader ...]
        [--rows FILE] [--keep 0.5] [--out FILE]

Rows: every corpus item is read on the default path twice (``bench/reader_corpus.py``'s
reading and scoring): once with every sentence that names nothing but speaks as self read
by the learned step, once with none read. Each such sentence of an item is a row (the
mean of its wordpieces' states in the first window, as the step computes them); it is
positive when reading them found more of the item's labels than not reading them.
A logistic model (L2, Newton's method: no randomness) is fitted on every row; its threshold
keeps ``--keep`` of the positives as scored by models that did not see them (5 folds by
item). Pin the printed sha256 in ``select.py``. Offline; the held-out split of the round
(``corpus/reader_r9``) is never read here.
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from reader_corpus import BATCH, TOLD_AT, load_items, read_item  # noqa: E402
from reader_match import score_item  # noqa: E402

import chronomem.extractors.learned.step as step_module  # noqa: E402
from chronomem import Memory  # noqa: E402
from chronomem.extractors.learned.select import SELECTOR_FILE, Selector, States  # noqa: E402
from chronomem.extractors.rules import RuleExtractor  # noqa: E402
from chronomem.providers.local import LocalEmbedder  # noqa: E402
from chronomem.testing import ManualClock  # noqa: E402

DEFAULT_CORPUS = ("corpus/reader", "corpus/reader_r6", "corpus/reader_r8")  # the shipped weights
DEFAULT_OUT = ROOT / "src/chronomem/extractors/learned/weights" / SELECTOR_FILE
L2 = 10.0  # chosen by cross-validation (AUC 0.78; 1: 0.75, 100: 0.74)
FOLDS = 5
F64 = npt.NDArray[np.float64]


@dataclass
class Recorder:
    """A selector that answers ``read`` and records the sentences it was asked about."""

    read: bool
    item: str = ""
    rows: list[tuple[str, str, F64]] = field(default_factory=list)

    def worth(self, text: str, states: States) -> bool:
        self.rows.append((self.item, text, np.asarray(states, dtype=np.float64).mean(axis=0)))
        return self.read


def found(items: list[dict[str, object]], recorder: Recorder) -> dict[str, int]:
    """Labels found per item id, read with ``recorder`` as the selector."""
    step_module.default_selector = lambda: recorder  # type: ignore[assignment,return-value]
    embedder = LocalEmbedder()
    out: dict[str, int] = {}
    for start in range(0, len(items), BATCH):
        clock = ManualClock(TOLD_AT)
        extractor = RuleExtractor(embedder)
        with Memory(
            embedder=embedder, extractor=extractor, clock=clock, community_updates=False
        ) as memory:
            for item in items[start : start + BATCH]:
                recorder.item = str(item["id"])
                facts, names = read_item(memory, clock, item)
                labels = item["facts"]
                assert isinstance(labels, list)
                out[recorder.item] = sum(score_item(labels, facts, names).found)
    return out


def rows_of(folder: Path) -> tuple[list[str], F64, F64]:
    """(item ids, mean states, positive) of every nameless sentence of the folder's items."""
    items = load_items(folder)
    every = Recorder(read=True)
    with_all = found(items, every)
    asked = {i for i, _, _ in every.rows}
    with_none = found([it for it in items if str(it["id"]) in asked], Recorder(read=False))
    ids = [i for i, _, _ in every.rows]
    x = np.array([v for _, _, v in every.rows]) if every.rows else np.zeros((0, 384))
    y = np.array([with_all[i] > with_none[i] for i in ids], dtype=np.float64)
    print(
        f"{folder}: {len(items)} items, {len(ids)} sentences, {int(y.sum())} positive", flush=True
    )
    return ids, x, y


def fit(x: F64, y: F64) -> tuple[F64, float]:
    """L2 logistic regression by Newton's method (deterministic)."""
    a = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(a.shape[1])
    ridge = np.eye(a.shape[1]) * L2
    ridge[-1, -1] = 0.0
    for _ in range(25):
        p = 1 / (1 + np.exp(-(a @ w)))
        grad = a.T @ (p - y) + ridge @ w
        hess = (a * (p * (1 - p))[:, None]).T @ a + ridge
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w[:-1], float(w[-1])


def cross_scores(ids: list[str], x: F64, y: F64) -> F64:
    """Each row's score by a model fitted on the folds without its item (fold: by the
    item id's digest, so an item's sentences stay together and the split is fixed)."""
    fold = np.array([hashlib.sha256(i.encode()).digest()[0] % FOLDS for i in ids])
    out = np.zeros(len(y))
    for k in range(FOLDS):
        w, b = fit(x[fold != k], y[fold != k])
        out[fold == k] = x[fold == k] @ w + b
    return out


def threshold(scores: F64, y: F64, keep: float) -> float:
    """The highest logit keeping ``keep`` of the positives."""
    positive = np.sort(scores[y > 0])[::-1]
    if not len(positive):
        return float("inf")
    return float(positive[min(len(positive) - 1, int(np.ceil(keep * len(positive))) - 1)])


def report(name: str, scores: F64, y: F64, cut: float) -> None:
    chosen = scores >= cut
    print(
        f"{name}: read {int(chosen.sum())} / {len(y)} sentences, positives kept "
        f"{int((chosen & (y > 0)).sum())} / {int(y.sum())}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpus", nargs="+", default=list(DEFAULT_CORPUS))
    ap.add_argument("--rows", type=Path, help="cache the rows here (read again when present)")
    ap.add_argument("--keep", type=float, default=0.5, help="share of the positives kept")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args()
    if "reader_r9" in " ".join(args.corpus):
        raise SystemExit("corpus/reader_r9 is the held-out split of the round: never train on it")
    rows = pickle.loads(args.rows.read_bytes()) if args.rows and args.rows.is_file() else {}
    for folder in args.corpus:
        if folder not in rows:
            rows[folder] = rows_of(ROOT / folder)
            if args.rows is not None:  # the rows of each folder, read once
                args.rows.write_bytes(pickle.dumps(rows))
    ids = [i for c in args.corpus for i in rows[c][0]]
    x = np.vstack([rows[c][1] for c in args.corpus])
    y = np.concatenate([rows[c][2] for c in args.corpus])
    scores = cross_scores(ids, x, y)
    cut = threshold(scores, y, args.keep)
    report(f"{FOLDS}-fold cross-validated, {', '.join(args.corpus)}", scores, y, cut)
    w, b = fit(x, y)
    report("the final model on its own rows", x @ w + b, y, cut)
    selector = Selector.of(w, b - cut)
    print(f"wrote {args.out}: sha256 {selector.save(args.out)}")


if __name__ == "__main__":
    main()
