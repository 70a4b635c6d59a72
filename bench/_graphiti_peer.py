"""Drive graphiti-core through the peer harness with injected LLM latency (runs in ITS venv).

Started by ``bench/ingest_cost.py`` as ``<peer>/venv/bin/python bench/_graphiti_peer.py``.
Reuses the harness in ``../shared/peer/graphiti`` (its fake OpenAI server, its
``make_graphiti`` and ``LogReader``) and reports per episode: LLM calls by prompt, prompt
and schema tokens, sequential rounds (requests whose server intervals do not overlap) and
wall time. Writes one JSON object to ``--out``. Imports nothing from chronomem: graphiti's
venv does not have it.

Latency: the harness's own ``--latency`` delays embedding requests too; here only LLM
requests wait (``serve`` mode wraps the harness's handler, run by the harness's tools-venv
so token counts use the same o200k_base tokenizer), as on chronomem's side.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import UTC, datetime, timedelta


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(peer: str, port: int, log_path: str, latency: float) -> None:
    """The harness's fake server, with ``latency`` added to LLM requests only."""
    from http.server import ThreadingHTTPServer

    sys.path.insert(0, peer)
    import fake_openai_server as fake  # the peer harness's server module

    fake.STATS = fake.Stats(log_path)
    fake.LATENCY = 0.0

    class LLMLatencyHandler(fake.Handler):  # type: ignore[misc, name-defined]
        def _llm(self, body: object, t0: float, api: str) -> None:
            time.sleep(latency)  # counted in server_s: t0 was taken before
            super()._llm(body, t0, api)

    server = ThreadingHTTPServer(("127.0.0.1", port), LLMLatencyHandler)
    server.daemon_threads = True
    server.serve_forever()


def _start_fake(peer: str, log_path: str, latency: float) -> tuple[subprocess.Popen[str], str]:
    python = os.path.join(peer, "tools-venv", "bin", "python")
    port = _free_port()
    proc = subprocess.Popen(
        [
            python if os.path.exists(python) else sys.executable,
            os.path.abspath(__file__),
            "serve",
            "--peer",
            peer,
            "--port",
            str(port),
            "--log",
            log_path,
            "--latency",
            str(latency),
        ],
        stdout=subprocess.DEVNULL,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            with urllib.request.urlopen(url + "/health", timeout=1):
                return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the peer's fake server did not start")


def rounds_of(records: list[dict[str, float]]) -> int:
    """Sequential rounds: groups of requests whose [start, end] intervals overlap."""
    spans = sorted((r["t"] - r["server_s"], r["t"]) for r in records)
    rounds, end = 0, float("-inf")
    for start, stop in spans:
        if start >= end - 1e-3:
            rounds += 1
            end = stop
        else:
            end = max(end, stop)
    return rounds


async def _run(peer: str, n: int, latency: float) -> dict[str, object]:
    sys.path.insert(0, peer)
    import bench_ingest  # the peer harness (its own module, its own venv)
    from graphiti_core.nodes import EpisodeType

    with open(os.path.join(peer, "data", "conversation.json")) as f:
        conversation = json.load(f)[:n]
    tmp = tempfile.mkdtemp(prefix="cm_graphiti_")
    log_path = os.path.join(tmp, "fake.jsonl")
    proc, url = _start_fake(peer, log_path, latency)
    try:
        graphiti, driver = bench_ingest.make_graphiti(url, "openai", os.path.join(tmp, "db.kuzu"))
        await graphiti.build_indices_and_constraints()
        await bench_ingest.build_kuzu_fts(driver)
        log = bench_ingest.LogReader(log_path)
        log.new()
        base = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)
        episodes = []
        for i, message in enumerate(conversation):
            started = time.perf_counter()
            result = await graphiti.add_episode(
                name=f"msg-{i:02d}",
                episode_body=f"{message['speaker']}: {message['text']}",
                source=EpisodeType.message,
                source_description="chat between Maya and Daniel",
                reference_time=base + timedelta(minutes=3 * i),
            )
            wall = time.perf_counter() - started
            records = log.new()
            llm = [r for r in records if r["endpoint"] in ("responses", "chat")]
            summary = bench_ingest.summarize(records)
            summary.update(
                wall_s=wall,
                rounds=rounds_of(llm),
                entities=len(result.nodes),
                facts=len(result.edges),
            )
            episodes.append(summary)
        await graphiti.close()
    finally:
        proc.terminate()
        proc.wait(5)
    import importlib.metadata as md

    return {"version": md.version("graphiti-core"), "latency_s": latency, "episodes": episodes}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["run", "serve"], nargs="?", default="run")
    parser.add_argument("--peer", required=True, help="a copy of shared/peer/graphiti with venv/")
    parser.add_argument("--n", type=int, default=20)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--out", help="run: where to write the JSON result")
    parser.add_argument("--port", type=int, help="serve: the port")
    parser.add_argument("--log", help="serve: the request log")
    args = parser.parse_args()
    if args.mode == "serve":
        _serve(args.peer, args.port, args.log, args.latency)
        return
    os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")
    result = asyncio.run(_run(os.path.abspath(args.peer), args.n, args.latency))
    with open(args.out, "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main()
