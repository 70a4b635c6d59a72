"""CPU time of adversarial 100k-character episodes, per extractor stage and through Memory.

    PYTHONPATH=src python bench/extractor_fuzz.py [--size 100000] [--only NAME ...]

For each input of ``tests/test_extractor_fuzz.py`` it prints the CPU seconds of the rule
extractor's stages (sentence split, dates, entity spans, pattern matching, the whole
extraction) and of one ``Memory.add_episode`` with the hash embedder, plus the load
average. Every column should grow linearly with ``--size``: run it at two sizes to check.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.helpers import t
from tests.test_extractor_fuzz import ADVERSARIAL

from chronomem import Memory
from chronomem.extractors import RuleExtractor
from chronomem.extractors.rules.analysis.entities import find_spans
from chronomem.extractors.rules.analysis.found import Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.sentences import (
    normalize_text,
    split_clauses,
    split_sentences,
)
from chronomem.extractors.rules.readers.clauses import match_sentence
from chronomem.model import Episode, EpisodeSource
from chronomem.testing import HashEmbedder, ManualClock
from chronomem.text.dates import find_time_expressions

REF = t("2024-01-15T14:00")


def cpu(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def stages(text: str) -> dict[str, float]:
    sentences: list[str] = []
    out = {"split": cpu(lambda: sentences.extend(split_sentences(normalize_text(text))))}
    times = [find_time_expressions(s, REF) for s in sentences]
    out["dates"] = cpu(lambda: [find_time_expressions(s, REF) for s in sentences])
    known = Known()
    spans = [
        find_spans(s, [(x.start, x.end) for x in ts], known)
        for s, ts in zip(sentences, times, strict=True)
    ]
    out["spans"] = cpu(
        lambda: [
            find_spans(s, [(x.start, x.end) for x in ts], Known())
            for s, ts in zip(sentences, times, strict=True)
        ]
    )
    parsed = [
        Sentence(s, REF, "Alice", sp, ts, split_clauses(s))
        for s, sp, ts in zip(sentences, spans, times, strict=True)
    ]
    out["patterns"] = cpu(lambda: [match_sentence(p, known) for p in parsed])
    episode = Episode("e", "g", "Alice: " + text, EpisodeSource.MESSAGE, REF, REF)
    out["extract"] = cpu(lambda: RuleExtractor().extract(episode, []))
    memory = Memory(embedder=HashEmbedder(), clock=ManualClock(REF))
    out["memory"] = cpu(
        lambda: memory.add_episode("Alice: " + text, group_id="g", reference_time=REF)
    )
    memory.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=len(next(iter(ADVERSARIAL.values()))))
    parser.add_argument("--only", nargs="*", default=[])
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.2f}  size {args.size:,} chars  (CPU seconds)")
    columns = ("split", "dates", "spans", "patterns", "extract", "memory")
    print(f"{'input':22s}" + "".join(f"{c:>10s}" for c in columns))
    for name, text in sorted(ADVERSARIAL.items()):
        if args.only and name not in args.only:
            continue
        text = (text * (args.size // len(text) + 1))[: args.size]
        row = stages(text)
        print(f"{name:22s}" + "".join(f"{row[c]:10.3f}" for c in columns), flush=True)
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
