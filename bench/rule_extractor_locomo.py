"""Run the RuleExtractor over every LoCoMo turn: speed, crashes, and what it finds.

Usage: python bench/rule_extractor_locomo.py /path/to/locomo10.json [--show N]

Each turn is extracted the way the engine calls it: as a message episode with the four
turns before it as ``previous``. The dataset is not part of the repository.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from datetime import UTC, datetime, timedelta

from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, Extraction


def _session_time(text: str) -> datetime:
    # "1:56 pm on 8 May, 2023"
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def load_turns(path: str) -> list[Episode]:
    episodes = []
    with open(path, encoding="utf-8") as handle:
        samples = json.load(handle)
    for sample in samples:
        conv = sample["conversation"]
        group = f"locomo-{sample['sample_id']}".replace(" ", "_")
        n = 1
        while f"session_{n}_date_time" in conv:
            turns = conv.get(f"session_{n}") or []
            start = _session_time(conv[f"session_{n}_date_time"])
            for i, turn in enumerate(turns):
                ref = start + timedelta(seconds=30 * i)
                episodes.append(
                    Episode(
                        id=f"{group}-{turn['dia_id']}",
                        group_id=group,
                        content=f"{turn['speaker']}: {turn['text']}",
                        source="message",
                        reference_time=ref,
                        created_at=ref,
                    )
                )
            n += 1
    return episodes


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("path")
    parser.add_argument("--show", type=int, default=0, help="print N random extractions")
    args = parser.parse_args()
    episodes = load_turns(args.path)
    extractor = RuleExtractor()
    results: list[tuple[Episode, Extraction]] = []
    timings = []
    previous: list[Episode] = []
    cpu_start = time.process_time()
    for ep in episodes:
        if previous and previous[-1].group_id != ep.group_id:
            previous = []
        start = time.perf_counter()
        found = extractor.extract(ep, previous[-4:])
        timings.append((time.perf_counter() - start) * 1000)
        results.append((ep, found))
        previous.append(ep)
    cpu_ms = (time.process_time() - cpu_start) * 1000 / len(results)
    entities = [len(r.entities) for _, r in results]
    facts = [len(r.facts) for _, r in results]
    relations = Counter(f.relation for _, r in results for f in r.facts)
    names = Counter(e.name for _, r in results for e in r.entities)
    print(f"turns {len(results)}")
    print(f"entities/turn {statistics.mean(entities):.2f}  facts/turn {statistics.mean(facts):.2f}")
    timings.sort()
    print(
        f"ms/turn mean {statistics.mean(timings):.3f}  median {timings[len(timings) // 2]:.3f}"
        f"  p95 {timings[int(len(timings) * 0.95)]:.3f}  max {timings[-1]:.3f}"
        f"  (CPU {cpu_ms:.3f})"
    )
    words = statistics.mean(len(ep.content.split()) for ep in episodes)
    print(f"words/turn {words:.1f}; each turn also extracts the turn before it as context")
    print("relations", relations.most_common())
    print("top entity names", names.most_common(60))
    for ep, r in random.Random(7).sample(results, args.show):
        print("\n==", ep.content)
        for f in r.facts:
            when = f"{f.valid_at and f.valid_at.date()} .. {f.invalid_at and f.invalid_at.date()}"
            print(f"   {f.source} {f.relation} {f.target} | {f.fact} | {when}")


if __name__ == "__main__":
    main()
