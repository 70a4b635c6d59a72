"""LLM ingestion cost per episode, chronomem and graphiti-core side by side (issue 4).

Both ingest the peer harness's 20-message conversation (``../shared/peer/graphiti/data``)
one episode at a time against a fake OpenAI-compatible server that extracts the same
content (speaker + capitalised phrases as entities, one speaker -> entity fact per sentence
mention, dated at the reference time), with ``--latency`` seconds (default 0.3) added to
every LLM request. Per episode: LLM calls, sequential rounds (requests whose server
intervals do not overlap), prompt tokens and JSON-schema tokens (o200k_base, counted the
same way on both sides) and wall time.

chronomem: ``Memory`` + ``LLMExtractor`` + ``OpenAICompatibleLLM`` (real openai SDK, JSON
schema mode) answered by ``RuleOracle``; in-process ``HashEmbedder`` (graphiti's harness
also uses lexical hash vectors). graphiti-core: ``--graphiti live`` runs it now through the
harness (needs a copy of the harness with its venvs: ``--setup-peer`` makes one in
``--peer-copy``, ~3 min); ``--graphiti recorded`` reads the harness's measured
``results/ingest_openai.json`` and models wall time as its measured own time plus latency x
rounds. ``auto`` (default): live when the copy has its venv, else recorded.

    .venv/bin/python bench/ingest_cost.py --json /tmp/cost.json --write-results
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# the peer harness sits in a ``shared/`` folder beside the repo (or beside its worktree folder)
PEER = next(
    (d / "shared/peer/graphiti" for d in REPO.parents if (d / "shared/peer/graphiti").exists()),
    REPO.parent / "shared/peer/graphiti",
)
RESULTS = REPO / "bench" / "RESULTS.md"
HEADING = "## LLM ingestion cost (issue 4)"
COMMAND = "python bench/ingest_cost.py --json /tmp/ingest_cost.json --write-results"


@dataclass(frozen=True, slots=True)
class EpisodeCost:
    calls: int
    rounds: int
    prompt_tokens: int
    schema_tokens: int
    wall_s: float
    entities: int
    facts: int
    by_prompt: dict[str, int] = field(default_factory=dict)


def rounds_of(spans: list[tuple[float, float]]) -> int:
    """Sequential rounds: groups of requests whose [start, end] intervals overlap."""
    rounds, end = 0, float("-inf")
    for start, stop in sorted(spans):
        if start >= end - 1e-3:
            rounds += 1
            end = stop
        else:
            end = max(end, stop)
    return rounds


# -- chronomem -------------------------------------------------------------------------------
def run_chronomem(
    conversation: list[dict[str, str]], latency: float, communities: int = 0
) -> list[EpisodeCost]:
    """``communities`` > 0: ``build_communities`` after that many episodes (not counted), so
    every later episode runs the community update with an LLM summarizer."""
    from chronomem import Memory
    from chronomem.extractors.llm import LLMExtractor
    from chronomem.providers import OpenAICompatibleLLM, Settings
    from chronomem.testing import HashEmbedder, ManualClock
    from chronomem.testing.fake_openai import FakeOpenAIServer
    from chronomem.testing.fake_oracle import RuleOracle

    base = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)
    out = []
    with FakeOpenAIServer(auto_answer=RuleOracle(), latency_s=latency) as server:
        llm = OpenAICompatibleLLM(
            model="fake-model", base_url=server.base_url, api_key="k", settings=Settings()
        )
        clock = ManualClock(base)
        memory = Memory(embedder=HashEmbedder(256), extractor=LLMExtractor(llm=llm), clock=clock)
        for i, message in enumerate(conversation):
            if communities and i == communities:
                memory.build_communities("bench")
            ref = base + timedelta(minutes=3 * i)
            clock.set(ref + timedelta(seconds=1))
            seen = len(server.chat_requests())
            started = time.perf_counter()
            result = memory.add_episode(
                f"{message['speaker']}: {message['text']}",
                group_id="bench",
                reference_time=ref,
                source_description="chat between Maya and Daniel",
            )
            wall = time.perf_counter() - started
            # a deferred community summary is a background call (engine/communities/
            # deferred.py): not on the episode's path, counted apart
            during = server.chat_requests()[seen:]
            requests = [r for r in during if r.task != BACKGROUND_TASK]
            DEFERRED["calls"] = DEFERRED.get("calls", 0) + len(during) - len(requests)
            DEFERRED["tokens"] = DEFERRED.get("tokens", 0) + sum(
                r.prompt_tokens for r in during if r.task == BACKGROUND_TASK
            )
            out.append(
                EpisodeCost(
                    calls=len(requests),
                    rounds=rounds_of([(r.started, r.finished) for r in requests]),
                    prompt_tokens=sum(r.prompt_tokens for r in requests),
                    schema_tokens=sum(r.schema_tokens for r in requests),
                    wall_s=wall,
                    entities=len(result.entities),
                    facts=len(result.facts),
                    by_prompt=dict(Counter(r.task for r in requests)),
                )
            )
        seen = len(server.chat_requests())
        memory.close()  # flushes deferred community summaries (engine/communities/deferred.py)
        deferred = server.chat_requests()[seen:]
        llm.close()
    DEFERRED["calls"] = DEFERRED.get("calls", 0) + len(deferred)
    DEFERRED["tokens"] = DEFERRED.get("tokens", 0) + sum(r.prompt_tokens for r in deferred)
    return out


BACKGROUND_TASK = "summarize_community"
DEFERRED: dict[str, int] = {}  # background community calls: during the run and at close


# -- graphiti-core ---------------------------------------------------------------------------
def setup_peer(copy: Path) -> None:
    """Copy the harness out of shared/ (it builds venvs beside itself) and run its setup."""
    if not (copy / "venv" / "bin" / "python").exists():
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(PEER, copy)
        for path in [copy, *copy.rglob("*")]:
            path.chmod(path.stat().st_mode | 0o200)
    subprocess.run(["bash", str(copy / "setup.sh")], check=True)


def run_graphiti_live(copy: Path, n: int, latency: float) -> tuple[list[EpisodeCost], str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "graphiti.json"
        subprocess.run(
            [
                str(copy / "venv" / "bin" / "python"),
                str(REPO / "bench" / "_graphiti_peer.py"),
                "--peer",
                str(copy),
                "--n",
                str(n),
                "--latency",
                str(latency),
                "--out",
                str(out),
            ],
            check=True,
            stderr=subprocess.DEVNULL,
        )
        data = json.loads(out.read_text())
    episodes = [
        EpisodeCost(
            calls=e["llm_calls"],
            rounds=e["rounds"],
            prompt_tokens=e["prompt_tokens"],
            schema_tokens=e["schema_tokens"],
            wall_s=e["wall_s"],
            entities=e["entities"],
            facts=e["facts"],
            by_prompt=e["llm_calls_by_kind"],
        )
        for e in data["episodes"]
    ]
    return episodes, f"graphiti-core {data['version']}, run now (live)"


_STAGES = ("extract_nodes.", "extract_edges.edge", "dedupe_", "extract_edges.extract_timestamps")


def run_graphiti_recorded(n: int, latency: float) -> tuple[list[EpisodeCost], str]:
    """The harness's measured results; rounds from its stages (each one sequential round,
    calls within a stage run concurrently), wall = its own time + latency x rounds."""
    data = json.loads((PEER / "results" / "ingest_openai.json").read_text())
    episodes = []
    for e in data["sequential"]["per_episode"][:n]:
        kinds = e["llm_calls_by_kind"]
        rounds = sum(1 for stage in _STAGES if any(k.startswith(stage) for k in kinds))
        episodes.append(
            EpisodeCost(
                calls=e["llm_calls"],
                rounds=rounds,
                prompt_tokens=e["prompt_tokens"],
                schema_tokens=e["schema_tokens"],
                wall_s=e["wall_minus_server_s"] + latency * rounds,
                entities=e["nodes"],
                facts=e["edges"],
                by_prompt=kinds,
            )
        )
    version = data["versions"]["graphiti-core"]
    return episodes, f"graphiti-core {version}, recorded by the peer harness (wall modelled)"


# -- report ----------------------------------------------------------------------------------
def aggregate(episodes: list[EpisodeCost], source: str) -> dict[str, object]:
    n = len(episodes)
    by_prompt: Counter[str] = Counter()
    for e in episodes:
        by_prompt.update(e.by_prompt)
    prompt = sum(e.prompt_tokens for e in episodes) / n
    schema = sum(e.schema_tokens for e in episodes) / n
    return {
        "source": source,
        "episodes": n,
        "calls_per_episode": sum(e.calls for e in episodes) / n,
        "max_calls_per_episode": max(e.calls for e in episodes),
        "rounds_per_episode": sum(e.rounds for e in episodes) / n,
        "max_rounds_per_episode": max(e.rounds for e in episodes),
        "prompt_tokens_per_episode": prompt,
        "schema_tokens_per_episode": schema,
        "total_input_tokens_per_episode": prompt + schema,
        "wall_s_per_episode": sum(e.wall_s for e in episodes) / n,
        "entities_per_episode": sum(e.entities for e in episodes) / n,
        "facts_per_episode": sum(e.facts for e in episodes) / n,
        "calls_per_episode_by_prompt": {k: v / n for k, v in sorted(by_prompt.items())},
    }


ROWS = (
    ("calls_per_episode", "LLM calls / episode", "{:.2f}"),
    ("max_calls_per_episode", "LLM calls, worst episode", "{:d}"),
    ("rounds_per_episode", "sequential LLM rounds / episode", "{:.2f}"),
    ("max_rounds_per_episode", "sequential LLM rounds, worst episode", "{:d}"),
    ("prompt_tokens_per_episode", "prompt tokens / episode", "{:,.0f}"),
    ("schema_tokens_per_episode", "schema tokens / episode", "{:,.0f}"),
    ("total_input_tokens_per_episode", "prompt + schema tokens / episode", "{:,.0f}"),
    ("wall_s_per_episode", "wall s / episode", "{:.2f}"),
    ("entities_per_episode", "entities / episode (same content: check)", "{:.2f}"),
    ("facts_per_episode", "facts / episode (same content: check)", "{:.2f}"),
)


def table(report: dict[str, dict[str, object]], latency: float) -> str:
    cm, gr = report["chronomem"], report["graphiti"]
    lines = [
        f"| per episode, n={cm['episodes']}, {latency * 1000:.0f} ms per LLM call "
        "| chronomem | graphiti-core | chronomem / graphiti |",
        "|---|---:|---:|---:|",
    ]
    for key, label, fmt in ROWS:
        a, b = float(cm[key]), float(gr[key])  # type: ignore[arg-type]
        ratio = f"{a / b:.0%}" if b else "—"
        lines.append(f"| {label} | {fmt.format(cm[key])} | {fmt.format(gr[key])} | {ratio} |")
    return "\n".join(lines)


def targets(report: dict[str, dict[str, object]]) -> dict[str, bool]:
    cm, gr = report["chronomem"], report["graphiti"]
    return {
        "rounds_le_2": float(cm["max_rounds_per_episode"]) <= 2,  # type: ignore[arg-type]
        "calls_le_2_5": float(cm["calls_per_episode"]) <= 2.5,  # type: ignore[arg-type]
        "tokens_le_half_of_graphiti": float(cm["total_input_tokens_per_episode"])  # type: ignore[arg-type]
        <= 0.5 * float(gr["total_input_tokens_per_episode"]),  # type: ignore[arg-type]
        "wall_lower_than_graphiti": float(cm["wall_s_per_episode"])  # type: ignore[arg-type]
        < float(gr["wall_s_per_episode"]),  # type: ignore[arg-type]
    }


def write_results(text: str) -> None:
    """Replace this benchmark's section of bench/RESULTS.md (other sections stay)."""
    old = RESULTS.read_text() if RESULTS.exists() else "# Benchmark results\n"
    start = old.find(HEADING)
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + text
    else:
        following = old.find("\n## ", start + len(HEADING))
        rest = old[following + 1 :] if following >= 0 else ""
        new = old[:start] + text.rstrip("\n") + "\n" + ("\n" + rest if rest else "")
    RESULTS.write_text(new.rstrip("\n") + "\n")


def section(report: dict[str, dict[str, object]], latency: float, tokenizer: str) -> str:
    cm, gr = report["chronomem"], report["graphiti"]
    met = targets(report)

    def prompts(side: dict[str, object]) -> str:
        calls = side["calls_per_episode_by_prompt"]
        return ", ".join(f"{k} {v:.2f}" for k, v in calls.items())  # type: ignore[attr-defined]

    load = ", ".join(f"{x:.1f}" for x in report["machine"]["loadavg"])  # type: ignore[attr-defined]
    return "\n".join(
        [
            HEADING,
            "",
            "The peer harness's 20-message conversation, one `add_episode` per message, against "
            "a fake OpenAI-compatible server that extracts the same content on both sides "
            f"(see `bench/ingest_cost.py`), {latency * 1000:.0f} ms added to every LLM "
            f"request. Tokens: {tokenizer}, counted the same way for both (messages + 4 per "
            "message + 3; the JSON schema sent as response format counted apart).",
            "",
            "```",
            f".venv/bin/{COMMAND}",
            "```",
            "",
            "graphiti-core runs live from a copy of the peer harness with its venvs in "
            "`/tmp/peer-graphiti` (add `--setup-peer` once to build it, about 3 minutes); "
            "without it the harness's recorded results are read and wall time is modelled "
            "as graphiti's own measured time + 300 ms x rounds. Sequential rounds are counted "
            "from the fake servers' request intervals (requests that overlap are one round).",
            "",
            table(report, latency),
            "",
            f"- chronomem calls by prompt: {prompts(cm)}",
            f"- graphiti calls by prompt: {prompts(gr)}",
            f"- graphiti column: {gr['source']}",
            "- targets: " + ", ".join(f"{k} {'met' if ok else 'MISSED'}" for k, ok in met.items()),
            f"- measured {report['machine']['date']} on 2 shared cores (load average {load})",
            "",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write both sides' numbers here")
    parser.add_argument("--latency", type=float, default=0.3, help="seconds per LLM request")
    parser.add_argument("--n", type=int, default=20, help="episodes (messages) to ingest")
    parser.add_argument("--graphiti", choices=["auto", "live", "recorded"], default="auto")
    parser.add_argument("--peer-copy", type=Path, default=Path("/tmp/peer-graphiti"))
    parser.add_argument("--setup-peer", action="store_true", help="build the peer copy first")
    parser.add_argument("--write-results", action="store_true", help="update bench/RESULTS.md")
    parser.add_argument(
        "--communities",
        type=int,
        default=0,
        metavar="K",
        help="build communities after K episodes, so later ones update them (0: off)",
    )
    args = parser.parse_args()

    from chronomem.testing.fake_openai import TOKENIZER

    conversation = json.loads((PEER / "data" / "conversation.json").read_text())[: args.n]
    if args.setup_peer:
        setup_peer(args.peer_copy)
    live = (args.peer_copy / "venv" / "bin" / "python").exists()
    if args.graphiti == "live" and not live:
        sys.exit(f"no graphiti venv in {args.peer_copy}: add --setup-peer (about 3 minutes)")
    if args.graphiti == "live" or (args.graphiti == "auto" and live):
        graphiti, source = run_graphiti_live(args.peer_copy, args.n, args.latency)
    else:
        graphiti, source = run_graphiti_recorded(args.n, args.latency)
    chronomem = run_chronomem(conversation, args.latency, args.communities)
    report: dict[str, dict[str, object]] = {
        "chronomem": aggregate(chronomem, f"chronomem, run now; tokenizer {TOKENIZER}"),
        "graphiti": aggregate(graphiti, source),
        "machine": {
            "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "loadavg": list(os.getloadavg()),
            "latency_s": args.latency,
        },
    }
    if DEFERRED:
        report["chronomem"]["deferred_community_calls"] = DEFERRED["calls"]
        report["chronomem"]["deferred_community_prompt_tokens"] = DEFERRED["tokens"]
    report["targets"] = targets(report)  # type: ignore[assignment]
    print(table(report, args.latency))
    print("targets:", report["targets"])
    if DEFERRED:
        print(f"deferred community summaries (batched, off the episode path): {DEFERRED}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    if args.write_results:
        write_results(section(report, args.latency, TOKENIZER))
        print(f"updated {RESULTS.relative_to(REPO)}")


if __name__ == "__main__":
    main()
