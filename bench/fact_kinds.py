"""What kind of facts the offline path stores: typed or generic, said plainly or not.

Replays the scenarios of temporal sets (``bench/temporal.py``'s replay: the default rule
extractor, the real default embedder) and counts every stored fact of every group:

* ``typed`` / ``generic`` -- a relation of the model's tables, or ``MENTIONED``/``RELATED_TO``
  (a name the sentence gave without a fact about it);
* ``said`` -- a text that quotes its speaker ("Nnamdi said: ...") instead of stating a fact;
* ``long`` -- a text of more words than ``LONG_WORDS`` (a plain fact is "Alice works at
  Meta"; a copied rambling sentence is not);
* ``first_person`` -- a text still saying "I", "my" or "me" (names not resolved);
* ``twin`` -- a fact with the same two ends and text as another of another relation (one
  statement told as two facts: "got a new hamster" as HAS_PET and OWNS).

    python bench/fact_kinds.py --data bench/data/temporal [--data ...] [--json out.json]
        [--examples N]

Totals only on a blind set (its README says so): no text is printed for it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from temporal import default_embedder, is_blind, replayed
from temporal_data import load_scenarios

from chronomem import Fact
from chronomem.extractors import RuleExtractor

GENERIC = frozenset({"MENTIONED", "RELATED_TO"})
LONG_WORDS = 16
_FIRST_PERSON = re.compile(r"\b(?:I|my|me|mine|myself)\b")


def kinds(fact: Fact) -> list[str]:
    """The kinds a stored fact counts under."""
    out = ["generic" if fact.relation in GENERIC else "typed"]
    out += ["said"] if "said:" in fact.fact else []
    out += ["long"] if len(fact.fact.split()) > LONG_WORDS else []
    out += ["first_person"] if _FIRST_PERSON.search(fact.fact) else []
    return out


def count_set(folder: Path, examples: int) -> dict[str, object]:
    """Every stored fact of the set's scenarios, counted by kind (with a few examples)."""
    counts: Counter[str] = Counter()
    shown: dict[str, list[str]] = {}
    embedder = default_embedder()
    blind = is_blind(folder)
    with tempfile.TemporaryDirectory(prefix="fact-kinds-") as tmp:
        for scenario in load_scenarios(folder):
            with replayed(scenario, embedder, Path(tmp), extractor=RuleExtractor(embedder)) as m:
                facts = m.store.list_facts(scenario.group_id)
                told = Counter((f.source_id, f.target_id, f.fact) for f in facts)
                for fact in facts:
                    counts["facts"] += 1
                    twin = ["twin"] if told[(fact.source_id, fact.target_id, fact.fact)] > 1 else []
                    for kind in kinds(fact) + twin:
                        counts[kind] += 1
                        if not blind and len(shown.setdefault(kind, [])) < examples:
                            shown[kind].append(f"{fact.relation}: {fact.fact}")
    return {"data": str(folder), "counts": dict(counts), "examples": shown}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, action="append", required=True, metavar="DIR")
    parser.add_argument("--json", type=Path, help="write the counts here")
    parser.add_argument("--examples", type=int, default=0, help="texts shown per kind")
    args = parser.parse_args(argv)
    reports = [count_set(folder, args.examples) for folder in args.data]
    for report in reports:
        counts, examples = report["counts"], report["examples"]
        assert isinstance(counts, dict) and isinstance(examples, dict)
        print(report["data"], " ".join(f"{k}={counts.get(k, 0)}" for k in (
            "facts", "typed", "generic", "said", "long", "first_person", "twin")))  # fmt: skip
        for kind, texts in examples.items():
            for text in texts:
                print(f"  [{kind}] {text}")
    if args.json:
        args.json.write_text(json.dumps(reports, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
