"""No evaluation sentence, nor a near duplicate of one, is in the reader's training corpus.

The corpus (``corpus/reader/<writer>/*.jsonl``) was written without reading the evaluation
sets; this checks it. Every sentence of every ``bench/data`` set and every sentence-like
string literal of the tests is compared with every corpus utterance, normalised (lower case,
words only): an exact match of three words or more, or a token Jaccard of at least 0.8
between texts of five words or more, is a leak. A failure names the corpus item and the
evaluation file, never the sentence (the blind sets stay unread by whoever runs this).
"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from collections.abc import Iterator
from math import ceil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus" / "reader"
# the training folders: the round-6 writers' items (corpus/reader_r6/README.md) and the
# round-8 writer's (corpus/reader_r8/README.md: held out in round 8, trained on from round 9)
# and the round-10, round-13, round-14, round-15, round-16, round-20 and round-21 writers'
# (corpus/reader_r10/README.md, reader_r13/README.md, reader_r14/README.md,
# reader_r15/README.md, reader_r16/README.md, reader_r20/README.md, reader_r21/README.md)
CORPORA = (
    CORPUS,
    ROOT / "corpus" / "reader_r6",
    ROOT / "corpus" / "reader_r8",
    ROOT / "corpus" / "reader_r10",
    ROOT / "corpus" / "reader_r13",
    ROOT / "corpus" / "reader_r14",
    ROOT / "corpus" / "reader_r15",
    ROOT / "corpus" / "reader_r16",
    ROOT / "corpus" / "reader_r20",
    ROOT / "corpus" / "reader_r21",
)
# the held-out writer split the shipped weights are measured on (corpus/reader_r9/README.md)
HELD_OUT = ROOT / "corpus" / "reader_r9"
NEAR = 0.8
_WORD = re.compile(r"[a-z0-9]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text.lower()))


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def eval_sentences() -> Iterator[tuple[str, tuple[str, ...]]]:
    """(where, words) of every sentence of the bench sets and the tests' string literals."""
    for path in sorted((ROOT / "bench" / "data").rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("//"):
                continue
            for text in _strings(json.loads(line)):
                for piece in [text, *_SENTENCE_END.split(text)]:
                    yield path.relative_to(ROOT).as_posix(), words(piece)
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for piece in [node.value, *_SENTENCE_END.split(node.value)]:
                    yield path.relative_to(ROOT).as_posix(), words(piece)


def corpus_items(folder: Path) -> Iterator[tuple[str, tuple[str, ...]]]:
    for path in sorted(folder.glob("*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                yield str(item["id"]), words(item["text"])


def leaks(
    corpus: list[tuple[str, tuple[str, ...]]], evals: list[tuple[str, tuple[str, ...]]]
) -> list[tuple[str, str]]:
    """(corpus id, evaluation file) of every exact or near duplicate; prefix filtering
    keeps the comparison near-linear (a pair at Jaccard >= t shares a token among the
    rarest ``len - ceil(t * len) + 1`` of each)."""
    exact = {w: where for where, w in evals if len(w) >= 3}
    found = {(cid, exact[w]) for cid, w in corpus if w in exact}
    freq = Counter(t for _, w in corpus for t in set(w)) + Counter(
        t for _, w in evals for t in set(w)
    )
    index: dict[str, list[int]] = {}
    sets = []
    for i, (_, w) in enumerate(evals):
        s = set(w)
        sets.append(s)
        if len(w) >= 5:
            for t in _prefix(s, freq):
                index.setdefault(t, []).append(i)
    for cid, w in corpus:
        s = set(w)
        if len(w) < 5:
            continue
        for i in {i for t in _prefix(s, freq) for i in index.get(t, ())}:
            if len(s & sets[i]) / len(s | sets[i]) >= NEAR:
                found.add((cid, evals[i][0]))
    return sorted(found)


def _prefix(tokens: set[str], freq: Counter[str]) -> list[str]:
    ordered = sorted(tokens, key=lambda t: (freq[t], t))
    return ordered[: len(ordered) - ceil(NEAR * len(ordered)) + 1]


def test_the_near_duplicate_check_finds_copies_and_passes_other_text() -> None:
    evals = [("set/a.jsonl", words("Just moved to Tampere with my two cats last week!"))]
    corpus = [
        ("c-1", words("just moved to tampere with my two cats last week")),  # a copy
        ("c-2", words("Just moved to Tampere with my two cats, last week :)")),  # punctuation
        ("c-3", words("just moved to tampere with my three cats last week")),  # one word off
        ("c-4", words("moved to Oslo with the dog in March")),  # same frame, other facts
        ("c-5", words("just moved")),  # too short to judge
    ]
    assert [cid for cid, _ in leaks(corpus, evals)] == ["c-1", "c-2", "c-3"]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the corpus is not in this checkout")
def test_no_evaluation_sentence_is_in_the_training_corpus() -> None:
    corpus = [item for folder in CORPORA for item in corpus_items(folder)]
    evals = [(where, w) for where, w in eval_sentences() if len(w) >= 3]
    assert len(corpus) > 100 and len(evals) > 1000
    found = leaks(corpus, evals)
    assert not found, f"{len(found)} corpus items copy an evaluation sentence: {found[:20]}"


@pytest.mark.skipif(not HELD_OUT.is_dir(), reason="the held-out split is not in this checkout")
def test_no_held_out_item_is_in_the_training_corpus() -> None:
    corpus = [item for folder in CORPORA for item in corpus_items(folder)]
    held = [(f"corpus/reader_r9 {cid}", w) for cid, w in corpus_items(HELD_OUT) if len(w) >= 3]
    assert len(held) > 1000
    found = leaks(corpus, held)
    assert not found, f"{len(found)} training items copy a held-out item: {found[:20]}"
