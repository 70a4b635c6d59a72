"""How much of each gold answer's wording the LoCoMo context holds: a check on snippets.

    cd bench && PYTHONPATH=../src nice ../.venv/bin/python locomo_answer_words.py \
        --data /work/shared/data/locomo/locomo10.json --convs 1-5

Turn recall (``locomo.py``) credits a turn whose text is shown, however little of it: a
context of many one-clause snippets scores well even when the clause shown is not the one
holding the answer. This asks the other way round: for every question with evidence, the
share of its gold answer's content words (five-letter stems, without function words and
without the question's own words) that appear anywhere in the context text, by category.
A change that raises turn recall while this falls shows more turns but less of what they
say. Tuning conversations only by default; embeddings cached as in ``locomo.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

from embedcache import CachedEmbedder
from locomo import ingested, span

from chronomem.eval.locomo import load_locomo
from chronomem.search.methods import STOPWORDS
from chronomem.search.snippets import stems
from chronomem.testing.fakes import ManualClock

_FUNCTION_STEMS = stems(" ".join(STOPWORDS))


def answer_words(answer: str, question: str) -> frozenset[str]:
    """The stems a reader needs to find in the context to answer: the answer's, without
    function words and the question's own."""
    return stems(answer) - _FUNCTION_STEMS - stems(question)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default="../shared/data/locomo/locomo10.json")
    p.add_argument("--convs", default="1-5", help="conversations to score (default: tuning)")
    p.add_argument(
        "--cache", type=Path, default=Path(__file__).parent / ".cache" / "embeddings.sqlite"
    )
    p.add_argument(
        "--stores", type=Path, help="reuse the ingested files `locomo.py --stores` keeps there"
    )
    args = p.parse_args()
    from chronomem.providers.factory import embedder_named

    data = load_locomo(args.data)
    model = embedder_named("local")
    assert model is not None
    embedder = CachedEmbedder(model, args.cache)
    shares: dict[str, list[float]] = defaultdict(list)
    for n in span(args.convs):
        conv = data[n - 1]
        dated = any(q.asked_at for q in conv.questions)  # as locomo.py asks them
        clock = ManualClock(conv.last_time + timedelta(minutes=1)) if dated else None
        memory = ingested(conv, embedder, clock, args.stores)
        for q in conv.questions:
            wanted = answer_words(str(q.answer), q.question)
            if not q.evidence or not wanted:
                continue
            text = memory.context(q.question, group_id=conv.id).text
            share = len(wanted & stems(text)) / len(wanted)
            shares[q.category].append(share)
            shares["overall"].append(share)
        memory.close()
    for category, values in sorted(shares.items()):
        print(
            f"answer words in context, {category}: {statistics.fmean(values):.3f} (n={len(values)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
