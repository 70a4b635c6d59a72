"""Short local load test of the REST service (127.0.0.1 only; bounded in count and time).

Starts ``chronomem serve`` on a fresh SQLite file in a temporary directory, then measures:

1. accept: concurrent ``POST /v1/groups/{g}/episodes`` (one episode each) -> requests/s, p50/p95;
2. ingest: how fast the workers drain what was accepted -> episodes/s;
3. search: concurrent ``POST /v1/groups/{g}/search`` -> requests/s, p50/p95.

    .venv/bin/python bench/service_load.py                 # print the numbers
    .venv/bin/python bench/service_load.py --write         # also update bench/RESULTS.md
    .venv/bin/python bench/service_load.py --embedder local torch --json out.json
                                            # the real model: ONNX default vs torch
    git archive main src | tar -x -C /tmp/svc-baseline
    .venv/bin/python bench/service_load.py --embedder local --groups 1 --accept-batch 50 \
        --corpus long --baseline-src /tmp/svc-baseline/src
                                            # old code vs this checkout, run by run

``--json`` writes every run with ``machine`` and ``loadavg`` (at the end of each run).
``--baseline-src``: each embedder's run is also made with the server on that source tree
(``before``), interleaved with this checkout's (``now``). Ingestion reports wall time and
the server process's CPU time (``/proc``, Linux) from the first accept to the drained queue.
``--corpus``: the one-line templates (default), or ``bench/ingest_corpus.py``'s ``short``
chat turns or ``long`` (~550-token) assistant turns.

Only the "## Service (issue 7)" section of bench/RESULTS.md is written.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parent.parent
SECTION = "## Service (issue 7)"
TIME_LIMIT_S = 120.0  # each phase stops here even if its count is not reached
START = datetime(2024, 3, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Phase:
    name: str
    requests: int
    seconds: float
    latencies_ms: list[float]
    errors: int

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def pct(self, q: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def chronomem(*args: str) -> list[str]:
    return [sys.executable, "-m", "chronomem.cli.main", *args]


async def run_phase(name: str, count: int, concurrency: int, send) -> Phase:  # type: ignore[no-untyped-def]
    latencies: list[float] = []
    errors = 0
    next_index = 0
    deadline = time.monotonic() + TIME_LIMIT_S

    async def worker() -> None:
        nonlocal next_index, errors
        while next_index < count and time.monotonic() < deadline:
            i = next_index
            next_index += 1
            started = time.perf_counter()
            status = await send(i)
            latencies.append((time.perf_counter() - started) * 1000)
            if status >= 400:
                errors += 1

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return Phase(name, len(latencies), time.perf_counter() - started, latencies, errors)


TEMPLATES = (
    "User{u}: I just started a new job at Company{c} as an engineer.",
    "User{u}: I moved to City{c} last month.",
    "User{u}: I like Sport{c} and I have a dog named Pet{c}.",
    "User{u}: My sister Person{c} lives in City{c}.",
)


def corpus(args: argparse.Namespace) -> list[tuple[datetime, str]]:
    """The episodes to send, in order (episode i goes to group i % groups)."""
    if args.corpus == "templates":
        return [
            (START + timedelta(minutes=i), TEMPLATES[i % len(TEMPLATES)].format(u=i % 50, c=i % 97))
            for i in range(args.episodes)
        ]
    sys.path.insert(0, str(REPO / "bench"))
    from ingest_corpus import long_turns, short_turns

    return (long_turns if args.corpus == "long" else short_turns)(args.episodes)


def cpu_s(pid: int) -> float:
    """CPU time (user + system) of a process so far, from /proc (Linux; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def load(base: str, token: str, args: argparse.Namespace, pid: int) -> dict[str, object]:
    """The three phases against a running server."""
    headers = {"Authorization": f"Bearer {token}"}
    limits = httpx.Limits(max_connections=args.concurrency)
    episodes = corpus(args)
    step = max(1, args.accept_batch)
    async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits, timeout=60) as api:

        async def add(i: int) -> int:
            group = f"tenant-{i % args.groups}"
            mine = [
                {"content": text, "reference_time": when.isoformat()}
                for when, text in episodes[i * step : (i + 1) * step]
            ]
            if step == 1:
                r = await api.post(f"/v1/groups/{group}/episodes", json=mine[0])
            else:
                r = await api.post(f"/v1/groups/{group}/episodes/batch", json={"episodes": mine})
            return r.status_code

        cpu_started = cpu_s(pid)
        requests = -(-len(episodes) // step)
        accept = await run_phase("accept", requests, args.concurrency, add)
        drain_started = time.perf_counter()
        while time.perf_counter() - drain_started < TIME_LIMIT_S:
            queue = (await api.get("/readyz")).json()["queue"]
            if queue["queued"] == 0 and queue["processing"] == 0:
                break
            await asyncio.sleep(0.05)
        drain_s = time.perf_counter() - drain_started
        ingest_cpu_s = cpu_s(pid) - cpu_started
        metrics = (await api.get("/metrics")).text
        ingested = _metric(metrics, "chronomem_episodes_ingested_total")

        async def search(i: int) -> int:
            group = f"tenant-{i % args.groups}"
            query = (
                "Where does User{u} work?",
                "Who lives in City{c}?",
                "What does User{u} like?",
            )[i % 3]
            r = await api.post(
                f"/v1/groups/{group}/search",
                json={"query": query.format(u=i % 50, c=i % 97), "limit": 10},
            )
            return r.status_code

        searched = await run_phase("search", args.searches, args.concurrency, search)
    return {
        "accept": accept,
        "search": searched,
        "drain_s": drain_s,
        "ingested": ingested,
        "ingest_cpu_s": ingest_cpu_s,
    }


def _metric(text: str, name: str) -> float:
    found = re.search(rf"^{name} ([0-9.e+]+)$", text, re.M)
    return float(found.group(1)) if found else 0.0


@dataclass(frozen=True)
class Run:
    embedder: str
    accept: Phase
    search: Phase
    drain_s: float
    ingested: float
    ingest_cpu_s: float = float("nan")
    code: str = "now"
    load_start: float = float("nan")

    @property
    def ingest_s(self) -> float:
        return self.accept.seconds + self.drain_s


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--searches", type=int, default=1000)
    parser.add_argument("--groups", type=int, default=4)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--embedder",
        nargs="+",
        default=["hash"],
        choices=("hash", "local", "torch"),
        help="one run per embedder",
    )
    parser.add_argument("--corpus", choices=("templates", "short", "long"), default="templates")
    parser.add_argument("--accept-batch", type=int, default=1, help="episodes per POST")
    parser.add_argument("--baseline-src", type=Path, help="also run the server on this src tree")
    parser.add_argument("--repeat", type=int, default=1, help="runs per embedder and code")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT_S, help="s per phase")
    parser.add_argument("--write", action="store_true", help="update bench/RESULTS.md")
    parser.add_argument("--json", type=Path, help="also write the runs here")
    args = parser.parse_args()
    globals()["TIME_LIMIT_S"] = args.time_limit
    trees = {"now": REPO / "src"}
    if args.baseline_src:
        trees = {"before": args.baseline_src.resolve(), **trees}
    runs, loads = [], []
    for embedder in args.embedder:
        for _ in range(args.repeat):
            for code, tree in trees.items():  # interleaved: before, now, before, now, ...
                runs.append(run_once(args, embedder, code=code, tree=tree))
                loads.append([round(x, 2) for x in os.getloadavg()])
                print(_ingest_line(runs[-1]), flush=True)
    report = _report(args, runs)
    print(report)
    if args.json:
        args.json.write_text(json.dumps(_json(args, runs, loads), indent=2) + "\n")
    if args.write:
        _write(report)
    return 0


def run_once(args: argparse.Namespace, embedder: str, *, code: str, tree: Path) -> Run:
    db = Path(tempfile.mkdtemp(prefix="chronomem-load-")) / "memory.db"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    made = subprocess.run(
        chronomem("keys", "create", "--db", str(db), "--groups", "*", "--admin", "--json"),
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
        env=env,
    )
    token = json.loads(made.stdout)["token"]
    port = free_port()
    command = chronomem(
        "serve",
        "--db",
        str(db),
        "--port",
        str(port),
        "--embedder",
        embedder,
        "--workers",
        str(args.workers),
        "--log-level",
        "warning",
    )
    server = subprocess.Popen(
        command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base, server)
        load_start = os.getloadavg()[0]
        result = asyncio.run(load(base, token, args, server.pid))
    finally:
        server.terminate()
        server.wait(30)
    return Run(embedder=embedder, code=code, load_start=load_start, **result)  # type: ignore[arg-type]


def _ingest_line(run: Run) -> str:
    return (
        f"Ingestion ({run.embedder}, {run.code}): {int(run.ingested)} episodes in "
        f"{run.ingest_s:.1f} s wall, server CPU {run.ingest_cpu_s:.1f} s: "
        f"{run.ingested / run.ingest_s:.1f} episodes/s end to end, "
        f"{run.ingested / run.ingest_cpu_s:.1f} per CPU-s; load at start {run.load_start:.1f}, "
        f"now {os.getloadavg()[0]:.1f}"
    )


def _wait_ready(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 300  # the local model may take a while to load
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("the server exited during start-up")
        try:
            if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit("the server did not start within 300 s")


def _report(args: argparse.Namespace, runs: list[Run]) -> str:
    load_avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        SECTION,
        "",
        f"Command: `.venv/bin/python bench/service_load.py --episodes {args.episodes} "
        f"--searches {args.searches} --groups {args.groups} --concurrency {args.concurrency} "
        f"--workers {args.workers} --embedder {' '.join(args.embedder)}`",
        "",
        f"`chronomem serve` on 127.0.0.1 (uvicorn, one process, {args.workers} worker threads, "
        f"SQLite file, offline rule extractor); the httpx client ({args.concurrency} concurrent "
        f"connections, {args.groups} groups) runs on the same machine. Python "
        f"{platform.python_version()}, {os.cpu_count()} cores, load average at the end "
        f"{load_avg:.1f} (the machine is shared with other jobs, so these are lower bounds). "
        "Accept = one episode per POST, committed to the queue while the workers ingest; "
        "search = hybrid search (facts + entities, limit 10) after ingestion.",
        "",
        "| embedder | phase | requests | errors | requests/s | p50 ms | p95 ms |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for run in runs:
        for phase in (run.accept, run.search):
            lines.append(
                f"| {run.embedder} ({run.code}) | {phase.name} | {phase.requests} | "
                f"{phase.errors} | {phase.rps:.0f} | {phase.pct(0.5):.1f} | {phase.pct(0.95):.1f} |"
            )
    lines.append("")
    for run in runs:
        total = run.accept.seconds + run.drain_s
        lines.append(
            f"Ingestion ({run.embedder}): {int(run.ingested)} episodes accepted and ingested "
            f"in {total:.1f} s (accepting {run.accept.seconds:.1f} s, then draining "
            f"{run.drain_s:.1f} s): {run.ingested / total:.0f} episodes/s end to end."
        )
    return "\n".join([*lines, ""])


def _json(args: argparse.Namespace, runs: list[Run], loads: list[list[float]]) -> dict:
    def phase(p: Phase) -> dict:
        return {
            "requests": p.requests,
            "errors": p.errors,
            "requests_per_s": round(p.rps, 1),
            "p50_ms": round(p.pct(0.5), 1),
            "p95_ms": round(p.pct(0.95), 1),
        }

    return {
        "benchmark": "service_load",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "platform": platform.platform(),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
        },
        "loadavg": loads[-1] if loads else None,
        "options": {
            k: getattr(args, k)
            for k in (
                "episodes",
                "searches",
                "groups",
                "concurrency",
                "workers",
                "corpus",
                "accept_batch",
            )
        },
        "runs": [
            {
                "embedder": r.embedder,
                "code": r.code,
                "loadavg": load,
                "loadavg_start": round(r.load_start, 2),
                "ingest_wall_s": round(r.ingest_s, 2),
                "ingest_cpu_s": round(r.ingest_cpu_s, 2),
                "episodes_per_s": round(r.ingested / r.ingest_s, 2),
                "accept": phase(r.accept),
                "search": phase(r.search),
                "drain_s": round(r.drain_s, 1),
                "ingested": r.ingested,
            }
            for r, load in zip(runs, loads, strict=True)
        ],
    }


def _write(section: str) -> None:
    path = REPO / "bench" / "RESULTS.md"
    text = path.read_text() if path.exists() else "# Benchmark results\n"
    pattern = re.compile(rf"^{re.escape(SECTION)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: section + "\n", text)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.write_text(text.rstrip("\n") + "\n")


if __name__ == "__main__":
    sys.exit(main())
