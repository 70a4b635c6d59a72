"""The LLM path of the temporal benchmark: contradiction-candidate recall over real HTTP.

chronomem runs with its ``LLMExtractor`` and the real OpenAI-compatible client against
:class:`~chronomem.testing.fake_openai.FakeOpenAIServer` on 127.0.0.1. The fake model
(:class:`ReplayOracle`) answers:

* extract — with what chronomem's offline ``RuleExtractor`` extracts from the same episode
  (so the LLM path stores comparable facts and the measure is about the engine's candidate
  selection, not about a fake model's reading skills);
* everything else, resolve included, as :class:`~chronomem.testing.fake_oracle.RuleOracle`
  does (same-name entities are the same; a stored fact with the same text, or the same
  relation between the same pair, is a duplicate; a new open fact of a relation from
  ``chronomem.model.relations`` contradicts the stored ones of that relation with the same
  subject).

Recall: for every ``current`` or ``upcoming`` check with an ``excludes`` (the checks that expect
something once stored to be closed), the facts to close are the subject's stored facts that
still assert the excluded thing. The check is a hit when each of them reached the decision
step: it was listed as a candidate (``same entities`` or ``related``) in a resolve request the
server received, or — ingested after the fact that supersedes it (out-of-order) — it was asked
about with candidates of its own, or it was closed without asking (the engine's deterministic
path). Checks with no such stored fact (extraction missed it), or where no other episode
produced a new fact about the subject to compare it with (extraction missed the change), are
counted apart, not in the recall.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from temporal_checks import Seen, asserts, mentions, subject_facts
from temporal_data import Check, Message, Scenario

from chronomem import Episode, Memory
from chronomem.extractors import RuleExtractor
from chronomem.model.graph import JSONValue
from chronomem.testing.fake_oracle import RuleOracle

_LINE = re.compile(r'^(\s*)([Ff])\d+ [A-Z][A-Z0-9_]* "(.*)" \(\S+ → \S+\)$')


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class ReplayOracle(RuleOracle):
    """The fake model; the harness tells it which episode is being ingested."""

    def __init__(self) -> None:
        self._rules = RuleExtractor()
        self._episode: Episode | None = None
        self._previous: list[Episode] = []

    def start_scenario(self) -> None:
        self._episode, self._previous = None, []

    def next_episode(self, scenario: Scenario, message: Message, learned: datetime) -> None:
        if self._episode is not None:
            self._previous.append(self._episode)
        self._episode = Episode(
            id=f"replay-{message.index}",
            group_id=scenario.group_id,
            content=message.episode_text,
            source="message",
            reference_time=message.time,
            created_at=learned,
        )

    def extract(self, prompt: str) -> JSONValue:
        if self._episode is None:
            return {"entities": [], "facts": []}
        previous = sorted(self._previous, key=lambda e: e.reference_time)[-4:]
        found = self._rules.extract(self._episode, previous)
        return {
            "entities": [
                {"name": e.name, "labels": list(e.labels), "summary": e.summary}
                for e in found.entities
            ],
            "facts": [
                {
                    "source": f.source,
                    "target": f.target,
                    "relation": f.relation,
                    "fact": f.fact,
                    "valid_at": _iso(f.valid_at),
                    "invalid_at": _iso(f.invalid_at),
                }
                for f in found.facts
            ],
        }


@dataclass(frozen=True, slots=True)
class Question:
    """One fact question of a resolve request: the new fact and the stored candidates."""

    new: str
    candidates: tuple[str, ...]
    episode: int = -1  # the index of the message being ingested when it was asked


def questions(bodies: list[dict[str, JSONValue]], episode: int = -1) -> list[Question]:
    """Every fact question (texts as the prompt shows them) of the given resolve requests."""
    out: list[Question] = []
    for body in bodies:
        messages = body.get("messages")
        for message in messages if isinstance(messages, list) else []:
            content = message.get("content") if isinstance(message, dict) else None
            if not isinstance(content, str) or "<facts>" not in content:
                continue
            block: list[str] = []
            for line in content.split("<facts>", 1)[1].split("</facts>", 1)[0].splitlines():
                match = _LINE.match(line)
                if match and match.group(2) == "F":
                    if block:
                        out.append(Question(block[0], tuple(block[1:]), episode))
                    block = [match.group(3)]
                elif match and block:
                    block.append(match.group(3))
            if block:
                out.append(Question(block[0], tuple(block[1:]), episode))
    return out


def reached_decision(text: str, asked: list[Question]) -> bool:
    """Was the stored fact offered as a candidate, or (ingested late) asked about with
    candidates of its own?"""
    return any(text in q.candidates or (q.new == text and q.candidates) for q in asked)


def _shown(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


@dataclass
class Recall:
    hits: int = 0
    applicable: int = 0
    not_applicable: int = 0  # no stored fact asserts the excluded thing
    no_competing_fact: int = 0  # no other episode asked about a new fact of the subject
    misses: list[str] = field(default_factory=list)

    @property
    def value(self) -> float | None:
        return self.hits / self.applicable if self.applicable else None


def _to_close(check: Check, memory: Memory, scenario: Scenario) -> list[Seen]:
    assert check.subject is not None
    history = subject_facts(memory, scenario, check.subject)
    return [s for s in history if any(asserts(s.text, t) for t in check.excludes)]


def score_recall(
    scenario: Scenario,
    memory: Memory,
    asked: list[Question],
    recall: Recall,
    closed: Callable[[Seen], bool],
) -> None:
    """Add the scenario's invalidation checks to ``recall``.

    A check counts only when the engine had something to decide: a stored fact to close, and
    a new fact about the subject from another episode (else extraction, not candidate
    selection, is what failed).
    """
    learned = {t: i for i, t in scenario.learned_times().items()}
    for n, check in enumerate(scenario.checks):
        if not (check.excludes and check.kind in ("current", "upcoming")):
            continue
        assert check.subject is not None
        targets = _to_close(check, memory, scenario)
        if not targets:
            recall.not_applicable += 1
            continue
        own = {learned.get(t.fact.created_at) for t in targets}
        if not any(q.episode not in own and mentions(q.new, check.subject) for q in asked):
            recall.no_competing_fact += 1
            continue
        recall.applicable += 1
        missing = [
            t for t in targets if not closed(t) and not reached_decision(_shown(t.fact.fact), asked)
        ]
        if missing:
            recall.misses.append(
                f"{scenario.id} check {n}: never offered: "
                + "; ".join(t.fact.fact[:80] for t in missing)
            )
        else:
            recall.hits += 1
