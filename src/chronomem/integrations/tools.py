"""The four memory tools every agent adapter offers, framework-neutral: ``remember``,
``recall``, ``context_for`` and ``timeline``, bound to one memory and one group.

Each returns the text a model reads (dated facts, or a short confirmation). Arguments are
typed with ``Annotated`` constraints, so a framework that builds its tool schema from the
signature (pydantic-ai, the OpenAI Agents SDK, LangChain) validates them itself and answers
a bad call in its own way (a retry prompt, a tool error) before chronomem is reached.
Docstrings are what the model sees: keep them short and concrete.

Times are ISO-8601: a date (``2026-03-15``, read as midnight UTC), or a date-time with a
time zone (``2026-03-15T12:00:00Z``); a date-time without one is read as UTC.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Annotated, ParamSpec

from pydantic import Field

from chronomem.errors import UsageError
from chronomem.memory import Memory
from chronomem.model import Fact, check_group_id
from chronomem.search.render import fact_line

P = ParamSpec("P")
MAX_QUERY_CHARS = 2_000
MAX_REMEMBER_CHARS = 20_000

Query = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_QUERY_CHARS,
        pattern=r"\S",
        description="what to look up, in words (a question or keywords)",
    ),
]
Moment = Annotated[
    str | None,
    Field(
        default=None,
        max_length=40,
        description="ISO-8601 date or date-time, e.g. 2026-03-15; leave empty for now",
    ),
]


def check_query(query: str) -> str:
    """A query adapters accept: non-blank text of at most ``MAX_QUERY_CHARS`` characters
    (else :class:`UsageError`, a ``ValueError``)."""
    if not isinstance(query, str) or not query.strip():
        raise UsageError("the query is empty: pass the question or keywords to look up")
    if len(query) > MAX_QUERY_CHARS:
        raise UsageError(
            f"the query has {len(query):,} characters (at most {MAX_QUERY_CHARS:,}): pass the "
            "question itself, not a document"
        )
    return query


def parse_moment(text: str | None, what: str) -> datetime | None:
    """A tool's time argument: None or empty = not given; a date = its midnight UTC; a
    date-time without a time zone = UTC."""
    if text is None or not text.strip():
        return None
    raw = text.strip().replace("Z", "+00:00")
    try:
        value = (
            datetime.combine(date.fromisoformat(raw), datetime.min.time())
            if len(raw) == 10
            else datetime.fromisoformat(raw)
        )
    except ValueError:
        raise UsageError(
            f"{what} {text!r} is not an ISO-8601 date or date-time: use e.g. 2026-03-15 "
            "or 2026-03-15T12:00:00Z"
        ) from None
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


@dataclass(frozen=True)
class MemoryTools:
    """The tools over ``memory``, every call in ``group_id`` (never another group).

    ``speaker`` prefixes remembered text as a message ("Sam: I moved to Berlin"), so the
    memory knows who "I" is; ``max_tokens`` caps ``context_for``'s text.
    """

    memory: Memory
    group_id: str
    speaker: str = "User"
    max_tokens: int = 1_500
    facts_per_recall: int = 5

    def __post_init__(self) -> None:
        check_group_id(self.group_id)

    def methods(self) -> tuple[Callable[..., str], ...]:
        """The four tools as bound methods, in the order adapters list them."""
        return (self.remember, self.recall, self.context_for, self.timeline)

    def remember(
        self,
        text: Annotated[
            str,
            Field(
                min_length=1,
                max_length=MAX_REMEMBER_CHARS,
                pattern=r"\S",
                description="what the user said or what to keep, in the user's own words",
            ),
        ],
        when: Moment = None,
    ) -> str:
        """Save something the user said (a fact about them, a change, a plan) in long-term
        memory. `when`: when it was said (default: now). Returns what was learned."""
        said = parse_moment(when, "when") or self.memory.clock.now()
        prefix = f"{self.speaker}: "
        content = text if text.lstrip().startswith(prefix.strip()) else prefix + text
        result = self.memory.add_episode(
            content, group_id=self.group_id, reference_time=said, source="message"
        )
        closed_ids = {f.id for f in result.invalidated}
        learned = [fact_line(f) for f in result.facts if f.id not in closed_ids]
        learned = learned or ["- (no new facts)"]
        closed = [fact_line(f) for f in result.invalidated]
        text_out = f"Remembered (said {said.date().isoformat()}). Learned:\n" + "\n".join(learned)
        return text_out + ("\nNo longer true:\n" + "\n".join(closed) if closed else "")

    def recall(self, query: Query, valid_at: Moment = None, known_at: Moment = None) -> str:
        """Look up facts about the user in long-term memory, each with the dates it held
        (start – end; present = still true). `valid_at`: what was true at that date (e.g. the
        middle of a past month for "in March"); `known_at`: what the memory believed then.
        Best match first."""
        found = self.memory.search(
            query,
            group_id=self.group_id,
            limit=self.facts_per_recall,
            valid_at=parse_moment(valid_at, "valid_at"),
            known_at=parse_moment(known_at, "known_at"),
        )
        return facts_text(found.facts, empty="No matching facts in memory.")

    def context_for(self, query: Query, valid_at: Moment = None, known_at: Moment = None) -> str:
        """Everything long-term memory holds for answering `query`: dated FACTS, ENTITIES
        with summaries and the most relevant past messages. `valid_at` / `known_at` as in
        recall."""
        return self.memory.context(
            query,
            group_id=self.group_id,
            max_tokens=self.max_tokens,
            valid_at=parse_moment(valid_at, "valid_at"),
            known_at=parse_moment(known_at, "known_at"),
        ).text

    def timeline(
        self,
        entity: Annotated[
            str,
            Field(
                min_length=1,
                max_length=200,
                pattern=r"\S",
                description="the name of a person, place, organisation or thing",
            ),
        ],
    ) -> str:
        """Every fact about one person, place or thing, past and present, oldest first,
        each with the dates it held."""
        found = self.memory.get_timeline(entity, group_id=self.group_id)
        return f"Timeline of {found.entity.name}:\n" + facts_text(
            found.facts, empty="(no facts yet)"
        )


def translating(method: Callable[P, str], error: Callable[[str], Exception]) -> Callable[P, str]:
    """``method`` with the same signature and docstring, raising ``error(message)`` for a
    caller's mistake (:class:`UsageError`: a bad date, an unknown entity), so the framework
    hands the message back to the model in its own way."""

    @functools.wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> str:
        try:
            return method(*args, **kwargs)
        except UsageError as exc:
            raise error(str(exc)) from exc

    return call


def facts_text(facts: tuple[Fact, ...] | list[Fact], *, empty: str) -> str:
    """One dated line per fact, or ``empty``."""
    return "\n".join(fact_line(f) for f in facts) if facts else empty
