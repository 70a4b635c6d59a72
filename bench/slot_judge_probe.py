"""Probe: can a small model learn which of two values of one slot, told in one text, is the
current one? (Round 11, branch ``close``: measured, not shipped.)

Each labelled fact of the reader corpus (``corpus/reader*/``, format ``corpus/reader/SPEC.md``)
whose ``value`` and ``ends`` (the old value it replaces) are both in the item's own text gives
one pair: the words around each value (five before, three after, the two nearest, the
bigrams before, which comes first), hashed (crc32, 8,192 buckets), the difference of the two
vectors labelled 1 (and its mirror 0). Two values of one one-value relation told as both
holding ("I work at Google and Meta") give a pair labelled 0.5 (neither is old). A logistic
regression (full-batch gradient descent, zero start: deterministic, no seed needed) is
trained on all writers but one and scored on the one left out:

    PYTHONPATH=src python bench/slot_judge_probe.py [--corpus corpus/reader ...]

Prints per held-out writer: pairs, accuracy on old/new pairs, the share decided with
confidence (p < 0.2 or > 0.8) and the accuracy there, how many both-holding pairs a
confident decision would wrongly split, and the rule "the value told later is current".
"""

from __future__ import annotations

import argparse
import json
import re
import zlib
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import numpy as np
import numpy.typing as npt

from chronomem.model.relations import FUNCTIONAL_RELATIONS

DIM = 1 << 13
CONFIDENT = 0.3  # |p - 0.5| above this is a confident decision
_WORD = re.compile(r"[a-z']+|\d+")
DEFAULT = ("corpus/reader", "corpus/reader_r6", "corpus/reader_r8", "corpus/reader_r10")
Matrix = npt.NDArray[np.float64]


def features(text: str, start: int, end: int, first: bool) -> list[str]:
    """The words around the value at ``text[start:end]``."""
    left = _WORD.findall(text[max(0, start - 40) : start].lower())[-5:]
    right = _WORD.findall(text[end : end + 30].lower())[:3]
    out = [f"L:{w}" for w in left] + [f"R:{w}" for w in right]
    out += [f"L2:{a}_{b}" for a, b in pairwise(left)]
    out += [f"L1:{left[-1]}" if left else "L1:^", f"R1:{right[0]}" if right else "R1:$"]
    return [*out, "POS:first" if first else "POS:second"]


def hashed(names: list[str]) -> Matrix:
    v = np.zeros(DIM)
    for name in names:
        v[zlib.crc32(name.encode()) % DIM] += 1.0
    return v


def _pair(text: str, a: str, b: str) -> Matrix | None:
    i, j = text.find(a), text.find(b)
    if i < 0 or j < 0 or a == b or (i < j + len(b) and j < i + len(a)):
        return None
    return hashed(features(text, i, i + len(a), i < j)) - hashed(
        features(text, j, j + len(b), j < i)
    )


def _items(folder: Path) -> Iterator[dict[str, object]]:
    for path in sorted(folder.rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line)


def pairs(folders: list[Path]) -> tuple[Matrix, Matrix]:
    rows: list[Matrix] = []
    labels: list[float] = []
    for folder in folders:
        for item in _items(folder):
            text, facts = str(item["text"]), item["facts"]
            assert isinstance(facts, list)
            for f in facts:
                ends, value = f.get("ends"), f.get("value")
                x = _pair(text, value, ends) if isinstance(ends, str) and value else None
                if x is not None:
                    rows += [x, -x]
                    labels += [1.0, 0.0]
            held = [
                f
                for f in facts
                if f["aspect"] in ("state", "start")
                and not f.get("ends")
                and f.get("value")
                and f["relation"] in FUNCTIONAL_RELATIONS
            ]
            for a in held:
                for b in held:
                    same = a["relation"] == b["relation"] and a["subject"] == b["subject"]
                    x = _pair(text, a["value"], b["value"]) if same and a is not b else None
                    if x is not None:
                        rows.append(x)
                        labels.append(0.5)
    return np.array(rows), np.array(labels)


def train(x: Matrix, y: Matrix, l2: float = 1e-3, steps: int = 400, rate: float = 0.5) -> Matrix:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        w -= rate * (x.T @ (p - y) / len(y) + l2 * w)
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="append", help="a training folder (repeatable)")
    args = parser.parse_args(argv)
    folders = [Path(c) for c in (args.corpus or DEFAULT)]
    print(
        "| left out | old/new pairs | accuracy | confident share | accuracy there "
        "| both-holding pairs split | later told wins |"
    )
    print("|---|---|---|---|---|---|---|")
    for out in folders:
        x, y = pairs([f for f in folders if f != out])
        xh, yh = pairs([out])
        p = 1.0 / (1.0 + np.exp(-(xh @ train(x, y))))
        hard, sure = yh != 0.5, np.abs(p - 0.5) > CONFIDENT
        right = (p > 0.5) == (yh > 0.5)
        later = (xh[:, zlib.crc32(b"POS:second") % DIM] > 0) == (yh > 0.5)
        print(
            f"| {out} | {int(hard.sum()) // 2} | {right[hard].mean():.3f} "
            f"| {sure[hard].mean():.2f} | {right[hard & sure].mean():.3f} "
            f"| {int(sure[~hard].sum())} / {int((~hard).sum())} | {later[hard].mean():.3f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
