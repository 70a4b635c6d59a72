"""Web page speed at scale: first render and slider redraw in real headless Chromium.

Builds a synthetic group (default 5,000 entities, 20,000 facts, a quarter of them closed,
50 communities) straight into a SQLite store, serves it with ``chronomem serve``, signs in
with Selenium and reads the page's own timings (``window.chronomem.timings``: fetch = the
``GET .../graph`` round trip, draw = Cytoscape update until two animation frames later).

    PYTHONPATH=src .venv/bin/python bench/ui_render.py [--entities 5000] [--facts 20000]
        [--baseline OLD/src]

``--baseline`` also measures another checkout's server and built page (its ``src`` folder,
e.g. ``git archive <commit> | tar -x -C /tmp/old`` then ``npm run build`` in its ``ui``)
side by side in the same run: old then new for each limit, on the same database.

Needs the built page (``cd ui && npm ci && npm run build``) and Debian's chromium and
chromium-driver.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from chronomem import Memory  # noqa: E402
from chronomem.model import ChangeSet, Community, Entity, Episode, Fact, Mention  # noqa: E402
from chronomem.model.changes import CommunitySet  # noqa: E402
from chronomem.testing import HashEmbedder  # noqa: E402

GROUP = "big"
RELATIONS = ("WORKS_AT", "LIVES_IN", "KNOWS", "LIKES", "OWNS", "MEMBER_OF")


def build(db: Path, n_entities: int, n_facts: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    embedder = HashEmbedder()
    start = datetime(2020, 1, 1, tzinfo=UTC)
    learned = datetime.now(UTC) - timedelta(days=30)
    names = [f"Entity {i}" for i in range(n_entities)]
    vectors = embedder.embed_batch(names)
    entities = [
        Entity(
            id=f"e{i}",
            group_id=GROUP,
            name=names[i],
            created_at=learned,
            labels=("Thing",),
            summary=f"{names[i]} is synthetic.",
            name_embedding=vectors[i],
        )
        for i in range(n_entities)
    ]
    episodes, facts, mentions = [], [], []
    texts = []
    for j in range(n_facts):
        a, b = rng.randrange(n_entities), rng.randrange(n_entities)
        if a == b:
            b = (b + 1) % n_entities
        valid = start + timedelta(days=rng.randrange(1500))
        created = learned + timedelta(seconds=j)
        closed = rng.random() < 0.25
        invalid = valid + timedelta(days=rng.randrange(1, 300)) if closed else None
        expired = created + timedelta(seconds=n_facts) if closed else None
        relation = rng.choice(RELATIONS)
        text = f"{names[a]} {relation.lower().replace('_', ' ')} {names[b]}"
        texts.append(text)
        episodes.append(
            Episode(
                id=f"ep{j}",
                group_id=GROUP,
                content=text,
                source="text",
                reference_time=valid,
                created_at=created,
            )
        )
        facts.append(
            Fact(
                id=f"f{j}",
                group_id=GROUP,
                source_id=f"e{a}",
                target_id=f"e{b}",
                relation=relation,
                fact=text,
                created_at=created,
                episodes=(f"ep{j}",),
                valid_at=valid,
                invalid_at=invalid,
                expired_at=expired,
            )
        )
        mentions += [Mention(GROUP, f"ep{j}", f"e{a}"), Mention(GROUP, f"ep{j}", f"e{b}")]
    fact_vectors = embedder.embed_batch(texts)
    facts = [replace(f, embedding=v) for f, v in zip(facts, fact_vectors, strict=True)]
    with Memory(str(db), embedder=embedder) as memory:
        memory.store.bind_embedder(embedder.name, embedder.dimension)
        memory.store.apply(
            ChangeSet(
                group_id=GROUP,
                episodes=tuple(episodes),
                entities=tuple(entities),
                facts=tuple(facts),
                mentions=tuple(mentions),
            )
        )
        communities = tuple(
            Community(
                id=f"c{k}",
                group_id=GROUP,
                name=f"community {k}",
                summary="",
                created_at=learned,
                member_ids=tuple(f"e{i}" for i in range(k, n_entities, 50)),
            )
            for k in range(50)
        )
        memory.store.replace_communities(CommunitySet(group_id=GROUP, communities=communities))


def measure_with(src: Path, db: Path, redraws: int, limit: int) -> dict[str, object]:
    """``measure`` with the server (and so its page) imported from ``src``."""
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(src)
    try:
        return measure(db, redraws, limit)
    finally:
        if before is None:
            os.environ.pop("PYTHONPATH")
        else:
            os.environ["PYTHONPATH"] = before


def summary(result: dict[str, object], cpu0: float) -> dict[str, object]:
    redraws = result["redraws"]
    assert isinstance(redraws, list)
    return {
        "first_render_ms": {k: round(v) for k, v in result["first_render"].items()},  # type: ignore[attr-defined]
        "world_slider_redraw_median_ms": {
            k: round(statistics.median(r[k] for r in redraws))
            for k in ("fetch_ms", "draw_ms", "total_ms", "graph_ms", "lists_ms", "paint_ms")
            if all(k in r for r in redraws)
        },
        "redraws": len(redraws),
        "graph_info": result["graph_info"],
        "server_cpu_s": result["server_cpu_s"],
        "bench_cpu_s": round(time.process_time() - cpu0, 1),
        "loadavg_after": [round(x, 1) for x in os.getloadavg()],
    }


def measure(db: Path, redraws: int, limit: int) -> dict[str, object]:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
    from tests.service_helpers import free_port, start_server, stop
    from tests.test_ui_browser import make_key, new_driver

    token = make_key(db, GROUP, admin=True)  # a literal pattern: the page lists it
    port = free_port()
    server = start_server(db, port, log=db.with_suffix(".log"))
    driver = new_driver()
    try:
        driver.get(f"http://127.0.0.1:{port}/ui/")
        driver.execute_script(
            "const s = document.getElementById('limit'); s.add(new Option(arguments[0])); "
            "s.value = arguments[0];",
            str(limit),
        )
        driver.find_element(By.ID, "key").send_keys(token, Keys.ENTER)
        timings = "return window.chronomem && window.chronomem.timings"
        WebDriverWait(driver, 300, 0.1).until(lambda d: len(d.execute_script(timings) or []) >= 1)
        first = driver.execute_script(timings)[0]
        info = driver.find_element(By.ID, "graph-info").text
        redraw = []
        for k in range(redraws):
            day = datetime(2020, 6, 1, tzinfo=UTC) + timedelta(days=90 * k)
            box = driver.find_element(By.ID, "world-at")
            box.send_keys(Keys.CONTROL, "a")
            box.send_keys(Keys.BACKSPACE, day.date().isoformat(), Keys.ENTER)
            WebDriverWait(driver, 300, 0.05).until(
                lambda d, n=k + 2: len(d.execute_script(timings)) >= n
            )
            redraw.append(driver.execute_script(timings)[k + 1])
        ticks = os.sysconf("SC_CLK_TCK")
        stat = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
        server_cpu = (int(stat[11]) + int(stat[12])) / ticks  # utime + stime
        return {
            "first_render": first,
            "redraws": redraw,
            "graph_info": info,
            "server_cpu_s": round(server_cpu, 1),
        }
    finally:
        driver.quit()
        stop(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entities", type=int, default=5000)
    parser.add_argument("--facts", type=int, default=20000)
    parser.add_argument("--redraws", type=int, default=5)
    parser.add_argument(
        "--limits", default="1000,5000", help="'Draw at most' values to measure (page: 1000)"
    )
    parser.add_argument("--baseline", type=Path, help="another checkout's src to compare")
    args = parser.parse_args()
    report: dict[str, object] = {"entities": args.entities, "facts": args.facts}
    sides = {"new": REPO / "src"}
    if args.baseline:
        sides = {"old": args.baseline.resolve(), **sides}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "big.db"
        t0 = time.perf_counter()
        build(db, args.entities, args.facts)
        report["build_s"] = round(time.perf_counter() - t0, 1)
        for limit in (int(x) for x in args.limits.split(",")):
            for side, src in sides.items():
                cpu0 = time.process_time()
                result = measure_with(src, db, args.redraws, limit)
                report[f"{side}_draw_at_most_{limit}"] = summary(result, cpu0)
                print(json.dumps({side: limit, **summary(result, cpu0)}), file=sys.stderr)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
