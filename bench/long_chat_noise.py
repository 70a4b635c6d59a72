"""Facts and entities the rule extractor writes for long user-assistant chats.

    PYTHONPATH=src python bench/long_chat_noise.py [--turns 188] [--seed 1]

A deterministic generator writes a chat like the ones assistants have with their users:
short user turns that tell facts about their life, and long assistant answers (about 550
tokens) in markdown — headings, numbered and bulleted lists of capitalised tools and
concepts, fenced code blocks, inline code, links — that mention the user's life only in
passing ("Since you live in Denver, ..."). It prints the facts and entities extracted per
assistant turn and per user turn, and the totals after ingesting the whole chat through
``Memory`` (rule extractor, hash embedder). Noise is what an assistant turn adds that is not
about the user.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta

from chronomem import Memory
from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, EpisodeSource
from chronomem.testing import HashEmbedder, ManualClock

USER = "Jordan"
_LIFE = [
    "I live in Denver with my wife Claire.", "I work at Stripe as a backend engineer.",
    "My dog Biscuit is three now.", "I'm vegetarian, have been for years.",
    "We're moving to Boulder next month!", "I started a new job at Figma last week.",
    "I quit the gym, too expensive.", "My sister Ana moved to Lisbon.",
    "Can you help me plan a trip to Japan in May?", "How do I speed up my pandas code?",
    "What should I cook for dinner tonight?", "I drive a Subaru Outback.",
]  # fmt: skip
_TOOLS = [
    "Pandas", "NumPy", "Docker Compose", "Kubernetes", "PostgreSQL", "Redis", "FastAPI",
    "React", "TypeScript", "GitHub Actions", "AWS Lambda", "Terraform", "Jupyter Notebook",
    "Google Maps", "Japan Rail Pass", "Kyoto", "Osaka", "Tokyo Station", "Airbnb", "Booking",
    "Trader Joe", "Whole Foods", "Instant Pot", "Le Creuset", "Python", "Rust", "Go",
]  # fmt: skip
_CODE = [
    "import pandas as pd\ndf = pd.read_csv('Data.csv')\nResult = df.groupby('Region').Sum()",
    "class UserService:\n    def __init__(self, Repo: Repository):\n        self.Repo = Repo",
    "SELECT Name, Total FROM Orders WHERE Region = 'West' ORDER BY Total DESC;",
    "docker compose up -d\nkubectl apply -f Deployment.yaml",
]  # fmt: skip
_FILLER = [
    "This approach keeps things simple and scales well as your needs grow.",
    "The Main Idea is to measure first, then change One Thing at a time.",
    "Most People find that a Steady Routine beats bursts of effort.",
    "Keep an eye on the Cost, especially when Traffic spikes on Weekends.",
    "The Official Documentation covers the Edge Cases in more detail.",
]  # fmt: skip
_ABOUT_USER = [
    "Since you live in Denver, the altitude matters for baking.",
    "Congrats on the new job at Figma!", "Given that you're vegetarian, skip the dashi.",
    "With Biscuit at home, look for pet-friendly places.",
]  # fmt: skip


def assistant_turn(rnd: random.Random) -> str:
    parts = [f"Great question! {rnd.choice(_FILLER)} {rnd.choice(_ABOUT_USER)}", "",
             f"## {rnd.choice(_TOOLS)} Overview", ""]  # fmt: skip
    while len(" ".join(parts).split()) < 380:
        items = rnd.sample(_TOOLS, 4)
        parts += [f"{i + 1}. **{t}**: use `{t.lower()}` for the {rnd.choice(_TOOLS)} part."
                  for i, t in enumerate(items)]  # fmt: skip
        parts += ["", f"- {rnd.choice(_FILLER)}", f"- See https://docs.example.com/{items[0]}",
                  "", "```python", rnd.choice(_CODE), "```", "", rnd.choice(_FILLER),
                  f"### {rnd.choice(_TOOLS)} vs {rnd.choice(_TOOLS)}", ""]  # fmt: skip
    parts += ["| Option | Cost |", "|---|---|", "| Basic | $10 |", "", rnd.choice(_FILLER)]
    return "\n".join(parts)


def chat(turns: int, seed: int) -> list[tuple[str, str]]:
    rnd = random.Random(seed)
    out = []
    for i in range(turns):
        if i % 2 == 0:
            out.append((USER, rnd.choice(_LIFE)))
        else:
            out.append(("Assistant", assistant_turn(rnd)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=188)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = datetime(2024, 3, 1, 9, tzinfo=UTC)
    turns = chat(args.turns, args.seed)
    episodes = [
        Episode(f"e{i}", "g", f"{who}: {text}", EpisodeSource.MESSAGE,
                start + timedelta(minutes=5 * i), start + timedelta(minutes=5 * i))
        for i, (who, text) in enumerate(turns)
    ]  # fmt: skip
    extractor = RuleExtractor()
    per: dict[str, list[tuple[int, int]]] = {USER: [], "Assistant": []}
    cpu = time.process_time()
    for i, episode in enumerate(episodes):
        found = extractor.extract(episode, episodes[max(0, i - 4) : i])
        per[episode.speaker() or ""].append((len(found.facts), len(found.entities)))
    cpu = time.process_time() - cpu
    tokens = statistics.mean(len(e.content.split()) * 1.3 for e in episodes[1::2])
    print(f"load {os.getloadavg()[0]:.2f}; {len(turns)} turns; assistant turn ~{tokens:.0f} tokens")
    for who, rows in per.items():
        facts = statistics.mean(r[0] for r in rows)
        ents = statistics.mean(r[1] for r in rows)
        print(f"{who:10s} turns {len(rows):4d}  facts/turn {facts:6.2f}  entities/turn {ents:6.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "chat.db")
        memory = Memory(path, embedder=HashEmbedder(), clock=ManualClock(start))
        for episode in episodes:
            memory.clock.set(episode.reference_time)  # type: ignore[attr-defined]
            memory.add_episode(episode.content, group_id="g", reference_time=episode.reference_time)
        memory.close()
        with sqlite3.connect(path) as db:
            facts = db.execute("SELECT count(*) FROM facts").fetchone()[0]
            entities = db.execute("SELECT count(*) FROM entities").fetchone()[0]
    print(f"Memory: {facts} facts, {entities} entities; extraction CPU {cpu:.2f} s")


if __name__ == "__main__":
    sys.exit(main())
