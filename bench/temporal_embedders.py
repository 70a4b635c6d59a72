"""The temporal benchmark (bench/temporal.py, rule path) on the ONNX default and on torch.

    .venv/bin/python bench/temporal_embedders.py [--subset fast|all] [--json out.json]
        [--data DIR]

Same scenarios, same code, one embedder after the other in one process; prints and writes
overall and per-category accuracy for each, with ``machine`` and ``loadavg``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import temporal
from temporal_data import DATA, load_scenarios

from chronomem.providers.local import LocalEmbedder
from chronomem.providers.torch_local import SentenceTransformerEmbedder


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--subset", choices=("fast", "all"), default="all")
    p.add_argument("--json", type=Path)
    p.add_argument("--data", type=Path, default=DATA, help="folder of scenario *.jsonl files")
    args = p.parse_args()
    if not args.data.is_dir():
        p.error(f"--data {args.data}: not a folder; give a folder of scenario *.jsonl files")
    scenarios = load_scenarios(args.data, subset=args.subset)
    runs = {}
    for key, embedder in (("torch", SentenceTransformerEmbedder()), ("local", LocalEmbedder())):
        started = time.perf_counter()
        summary = temporal.summarize(temporal.run_rule(scenarios, embedder))
        runs[key] = {
            "embedder": embedder.name,
            "accuracy": summary["accuracy"],
            "checks": summary.get("checks"),
            "by_category": {k: v["accuracy"] for k, v in summary["by_category"].items()},
            "seconds": round(time.perf_counter() - started, 1),
        }
        print(key, json.dumps(runs[key]), flush=True)
    out = {
        "benchmark": "temporal_embedders",
        "subset": args.subset,
        "data": str(args.data),
        "machine": {
            "platform": platform.platform(),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
        },
        "loadavg": [round(x, 2) for x in os.getloadavg()],
        "runs": runs,
    }
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
