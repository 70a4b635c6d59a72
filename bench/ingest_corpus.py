"""Deterministic corpora for the ingestion benchmarks: no external data.

``long_turns(n)``: user-assistant turns of about 550 tokens each, like real assistant chats:
the user says something about their life and work (names, places, employers, moves, dates)
and pastes code or asks for a plan; the assistant answers with markdown headings, bulleted
and numbered lists and fenced code blocks. ``short_turns(n)``: one-line chat turns between
two people, for growing a group to 10k episodes. Same seed, same text.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

PEOPLE = [
    "Priya Shah",
    "Tom Becker",
    "Lena Novak",
    "Omar Haddad",
    "Grace Kim",
    "Luis Ortega",
    "Nina Petrov",
    "Sam Okafor",
    "Ivy Chen",
    "Marco Rossi",
    "Hana Sato",
    "Ben Adler",
]
CITIES = ["Denver", "Lisbon", "Toronto", "Austin", "Berlin", "Osaka", "Nairobi", "Porto"]
EMPLOYERS = ["Acme Robotics", "Globex", "Initech", "Umbrella Health", "Stark Labs", "Hooli"]
PETS = ["a beagle named Biscuit", "a cat named Miso", "a parrot named Kiwi"]
TOPICS = ["retry logic", "a CSV importer", "rate limiting", "a cache layer", "pagination"]
LANGS = ["python", "typescript", "go"]
WHEN = ["last week", "two weeks ago", "yesterday", "last month", "in March", "on Friday"]

_USER_LINES = [
    "I moved to {city} {when} and I'm still unpacking.",
    "I started working at {employer} {when}, on the platform team.",
    "My manager {person} wants {topic} finished before the release.",
    "{person} and I are pairing on {topic} this sprint.",
    "I adopted {pet} {when}, so mornings are busy.",
    "We had a planning meeting with {person} {when} about {topic}.",
    "I left {employer} {when} and joined a smaller team.",
    "My sister lives in {city}, I'm visiting her next month.",
]
_BULLETS = [
    "Keep the {topic} code in one module with a small public surface.",
    "Write a failing test first, then the smallest change that passes it.",
    "Log the inputs that caused a failure, not only the stack trace.",
    "Measure before optimising: profile with a realistic data set.",
    "Document the retry budget and what happens when it runs out.",
    "Prefer explicit timeouts over waiting forever on the network.",
    "Keep configuration in one settings object read at start-up.",
    "Make the operation idempotent so a retry never doubles the effect.",
]
_CODE = {
    "python": [
        "def fetch_page(client, url, *, page=1, size=50):",
        "    response = client.get(url, params={{'page': page, 'size': size}})",
        "    response.raise_for_status()",
        "    items = response.json()['items']",
        "    return [normalise(item) for item in items if item.get('{field}')]",
    ],
    "typescript": [
        "export async function fetchPage(url: string, page = 1): Promise<Item[]> {{",
        "  const res = await fetch(`${{url}}?page=${{page}}`);",
        "  if (!res.ok) throw new Error(`HTTP ${{res.status}}`);",
        "  const body = (await res.json()) as {{ items: Item[] }};",
        "  return body.items.filter((item) => item.{field} !== undefined);",
        "}}",
    ],
    "go": [
        "func FetchPage(c *http.Client, url string, page int) ([]Item, error) {{",
        '\tres, err := c.Get(fmt.Sprintf("%s?page=%d", url, page))',
        "\tif err != nil {{ return nil, err }}",
        "\tdefer res.Body.Close()",
        '\tvar body struct{{ Items []Item `json:"{field}"` }}',
        "\treturn body.Items, json.NewDecoder(res.Body).Decode(&body)",
        "}}",
    ],
}
FIELDS = ["id", "owner", "status", "updated_at", "region"]


def _fill(rng: random.Random, template: str) -> str:
    return template.format(
        city=rng.choice(CITIES),
        employer=rng.choice(EMPLOYERS),
        person=rng.choice(PEOPLE),
        pet=rng.choice(PETS),
        topic=rng.choice(TOPICS),
        when=rng.choice(WHEN),
        field=rng.choice(FIELDS),
    )


def _code_block(rng: random.Random) -> list[str]:
    lang = rng.choice(LANGS)
    return [f"```{lang}", *(_fill(rng, line) for line in _CODE[lang]), "```"]


def _user_turn(rng: random.Random, speaker: str) -> str:
    lines = [f"{speaker}: " + " ".join(_fill(rng, t) for t in rng.sample(_USER_LINES, 4))]
    lines.append(_fill(rng, "Here is what I have for {topic} so far:"))
    lines += _code_block(rng)
    lines.append("It works for small inputs but I'm not sure about the edge cases.")
    lines.append("My notes from the last review:")
    lines += [f"- {_fill(rng, b)}" for b in rng.sample(_BULLETS, 5)]
    lines += _code_block(rng)
    lines.append(" ".join(_fill(rng, t) for t in rng.sample(_USER_LINES, 2)))
    lines += _code_block(rng)
    lines.append(_fill(rng, "Could you review it and suggest a plan? {person} asked too."))
    return "\n".join(lines)


def _assistant_turn(rng: random.Random) -> str:
    topic = rng.choice(TOPICS)
    lines = [f"Assistant: Here is a review of your {topic} code.", "", "## What works"]
    lines += [f"- {_fill(rng, b)}" for b in rng.sample(_BULLETS, 3)]
    lines += ["", "## Suggested changes", ""]
    lines += [f"{i}. {_fill(rng, b)}" for i, b in enumerate(rng.sample(_BULLETS, 6), 1)]
    lines += ["", "A version with the checks in place:", ""]
    lines += _code_block(rng)
    lines += ["", _fill(rng, "Ask {person} to review the {topic} tests before you merge.")]
    lines += _code_block(rng)
    lines += ["", "## Next steps", ""]
    lines += [f"- {_fill(rng, b)}" for b in rng.sample(_BULLETS, 4)]
    lines += _code_block(rng)
    return "\n".join(lines)


def long_turns(n: int, *, seed: int = 14) -> list[tuple[datetime, str]]:
    """``n`` alternating user/assistant turns of about 550 tokens, a minute apart."""
    rng = random.Random(seed)
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    out = []
    for i in range(n):
        text = _user_turn(rng, "Maya") if i % 2 == 0 else _assistant_turn(rng)
        out.append((start + timedelta(minutes=i), text))
    return out


_SHORT = [
    "{a}: How was the trip, {b}?",
    "{a}: {person} came over for dinner {when}.",
    "{a}: That sounds great, tell me more.",
    "{a}: We went hiking near {city} {when}, the views were amazing.",
    "{a}: I'm working on {topic} with {person} this week.",
    "{a}: I visited {city} {when} and loved the food.",
    "{a}: {person} recommended a book about {topic}.",
    "{a}: I had lunch with {person} {when}, we talked about {topic}.",
    "{a}: Haha, same here. How is {person} doing?",
    "{a}: I finally finished the {topic} project {when}.",
]
# a change of home or job: a one-value relation, whose whole history is a candidate set
_CHANGES = ["{a}: I moved to {city} {when}.", "{a}: I started at {employer} {when}!"]
CHANGE_EVERY = 50  # one turn in 50 is a move or a new job


def short_turns(n: int, *, seed: int = 15) -> list[tuple[datetime, str]]:
    """``n`` one-line chat turns between two speakers, a minute apart; one in
    :data:`CHANGE_EVERY` is a move or a new job."""
    rng = random.Random(seed)
    start = datetime(2025, 1, 6, 18, 0, tzinfo=UTC)
    pair = ("Jon", "Ana")
    out = []
    for i in range(n):
        a, b = pair[i % 2], pair[1 - i % 2]
        pool = _CHANGES if i % CHANGE_EVERY == CHANGE_EVERY - 1 else _SHORT
        text = _fill(rng, rng.choice(pool).replace("{a}", a).replace("{b}", b))
        out.append((start + timedelta(minutes=i), text))
    return out
