"""The context builder χ: the text an agent puts in its prompt, within a token budget.

Sections, in order, each only when it has something to show::

    <FACTS>        relevant facts with the date range they held (start – end | present)
    <ENTITIES>     relevant entities with their summaries (shortened)
    <COMMUNITIES>  relevant communities, when the recipe searches them
    <EPISODES>     the most relevant raw messages (a listed fact's own words among them),
                   grouped by date, oldest first

Budget: every line is counted with :func:`~chronomem.search.tokens.estimate_tokens` and a
section is filled best-first until its share is spent; what a section leaves unused flows
to the next ones, and budget left after the episodes goes back to further facts. The
whole text never exceeds ``max_tokens`` by that estimate.

Episodes are ranked by score: cosine over their content plus BM25 scaled to the best hit
(``Rerank.SCORE``), a bonus when a person the query names said the message or a ranked
fact came from it, or a fact of the asked relation about the asked subject, current or
ended (the evidence of a change: "where do I live now?" also finds the move and the place
before), then the turns next to the best few (part of their anchor's score).
The question's kind picks a plan (``plans.py``): a shown fact's source turn is shown as a
quote too, a history or aggregation gets many one-sentence snippets with near-duplicates
skipped, a preference question the user's own stated preferences first. Long messages are
shown through their matching sentences (``snippets.py``). :class:`Context` lists every
fact, entity, episode and community shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from chronomem.model import Community, Entity, Episode, Fact, SearchFilter, Target
from chronomem.model.names import normalize_name
from chronomem.ports import Store
from chronomem.search.answering import GroupPeople, in_plan_order, subject_ids, user_speakers
from chronomem.search.budget import Budget, choose_episodes
from chronomem.search.config import Method, Rerank, SearchConfig, TargetConfig
from chronomem.search.kept import KeptTurns
from chronomem.search.methods import keywords
from chronomem.search.neighbours import neighbours_of
from chronomem.search.plans import Plan, plan_for
from chronomem.search.reading import QueryReading
from chronomem.search.render import (
    EMPTY,
    PREAMBLE,
    distinct_lines,
    entity_line,
    fact_line,
    line_tokens,
    render,
    tags,
    text_tokens,
)
from chronomem.search.searcher import Searcher
from chronomem.search.snippets import stems

DEFAULT_MAX_TOKENS = 2_000  # the one default budget: Memory, CLI, REST, MCP and docs use it
RANKING_KEPT = 50  # episode ids a Context keeps of its ranking (evaluation: recall@k)
FACTS_AT_LEAST = 60  # tokens a lookup's FACTS section may claim first, whatever its share
EXAMINED = 100  # best-ranked episodes the EPISODES section considers at most
_HYBRID = (Method.COSINE, Method.BM25)
CONTEXT_RECIPE = SearchConfig(
    facts=TargetConfig(_HYBRID, Rerank.RRF, limit=80),
    entities=TargetConfig(_HYBRID, Rerank.RRF, limit=6),
    episodes=TargetConfig(_HYBRID, Rerank.SCORE, limit=200),
    candidate_factor=2,
    text_weight=0.5,
    read_question=True,
)


@dataclass(frozen=True, slots=True)
class ContextConfig:
    """How the context is built. ``*_share`` caps a section's first claim on the budget."""

    max_tokens: int = DEFAULT_MAX_TOKENS
    recipe: SearchConfig = CONTEXT_RECIPE
    fact_share: float = 0.05
    entity_share: float = 0.05
    community_share: float = 0.1
    summary_chars: int = 240
    snippets: bool = True
    snippet_sentences: int = 2
    max_episode_tokens: int = 300
    neighbours: int = 2  # turns on each side of a top-ranked episode that join the ranking
    neighbour_anchors: int = 12  # top-ranked episodes whose neighbours join
    neighbour_weight: float = 0.3  # share of the anchor's score a neighbour inherits
    # added to an episode said by a person the query names: their name is not in the
    # topic the turns are searched by (search/topic.py), so who said it is weighed here;
    # 0.05 → 0.2 with the topic (LoCoMo 1–5, round 14: 0.1 / 0.2 / 0.35 / 0.5 gave a pick
    # score of 0.9012 / 0.9051 / 0.9051 / 0.9051; the smallest of the best is kept)
    speaker_bonus: float = 0.2
    fact_source_bonus: float = 0.1  # added to the source episodes of the best ranked fact
    history_bonus: float = 0.2  # added to the turns behind the subject's asked relation, ever

    def __post_init__(self) -> None:
        from chronomem.errors import UsageError

        if self.max_tokens < 50:
            raise UsageError(f"max_tokens must be at least 50, got {self.max_tokens}")
        for name in ("fact_share", "entity_share", "community_share"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise UsageError(f"{name} must be between 0 and 1")


@dataclass(frozen=True, slots=True)
class Context:
    """The built context: ``text`` for the prompt, and what it contains."""

    text: str
    tokens: int  # estimated: estimate_tokens(text) + one per newline
    max_tokens: int
    facts: tuple[Fact, ...] = ()
    entities: tuple[Entity, ...] = ()
    communities: tuple[Community, ...] = ()
    episodes: tuple[Episode, ...] = ()  # shown as raw messages (possibly as snippets)
    snippets: frozenset[str] = field(default_factory=frozenset)  # ids shown shortened
    ranking: tuple[str, ...] = ()  # the episode ranking, best first (RANKING_KEPT ids at most)
    query_reading: QueryReading | None = None  # what the question asked (search/reading.py)

    def __str__(self) -> str:
        return self.text

    @property
    def fact_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.facts)

    @property
    def entity_ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.entities)

    @property
    def episode_ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.episodes)

    @property
    def community_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.communities)

    @property
    def source_episode_ids(self) -> tuple[str, ...]:
        """Source episodes of the listed facts (the provenance an evaluation traces)."""
        return tuple(dict.fromkeys(i for f in self.facts for i in f.episodes))


class ContextBuilder:
    """Builds :class:`Context` objects from a searcher's results."""

    def __init__(self, *, searcher: Searcher, store: Store) -> None:
        self._searcher = searcher
        self._store = store
        self.kept = KeptTurns()  # the turns read, for the next question (search/kept.py)

    def build(
        self,
        query: str,
        *,
        group_ids: Sequence[str],
        filter: SearchFilter,
        now: datetime,
        config: ContextConfig,
        query_vector: Sequence[float] | None = None,
    ) -> Context:
        people = GroupPeople(self._store, group_ids)  # this call's, read once (answering.py)
        found = self._searcher.search(
            query,
            group_ids=group_ids,
            config=config.recipe,
            filter=filter,
            now=now,
            query_vector=query_vector,
            people=people,
        )
        budget = Budget(config.max_tokens - text_tokens(PREAMBLE) - line_tokens(EMPTY))
        at = filter.resolved(now).valid_at
        facts, fact_lines = distinct_lines(found.facts, at)
        share = config.max_tokens
        n_facts = budget.fill(fact_lines, _fact_cap(config, found.query_reading), tags("FACTS"))
        entity_lines = [entity_line(e, config.summary_chars) for e in found.entities]
        n_entities = budget.fill(entity_lines, int(share * config.entity_share), tags("ENTITIES"))
        community_lines = [entity_line(c, config.summary_chars) for c in found.communities]
        n_comms = budget.fill(
            community_lines, int(share * config.community_share), tags("COMMUNITIES")
        )
        sentences = config.snippet_sentences if config.snippets else 0
        plan = plan_for(found.query_reading, sentences, config.max_episode_tokens)
        searched = [(e, found.scores.get(e.id, 0.0)) for e in found.episodes]
        history = self._history_sources(query, people, found.query_reading, filter, now)
        speakers = self._named_speakers(query, people)
        ranked = self._episode_ranking(
            speakers, people, searched, facts, filter, now, config, plan, history
        )
        terms = stems(keywords(query))
        names = frozenset(t for name in speakers for t in stems(name))
        examined = ranked[:EXAMINED]
        episodes, snipped = choose_episodes(examined, terms, names, plan, budget, self.kept.read)
        extra = budget.fill(fact_lines[n_facts:], budget.left, 0 if n_facts else tags("FACTS"))
        shown_facts = in_plan_order(facts[: n_facts + extra], found.query_reading)
        text = render(
            [fact_line(f, at) for f in shown_facts],
            entity_lines[:n_entities],
            community_lines[:n_comms],
            episodes,
        )
        return Context(
            text=text,
            tokens=text_tokens(text),
            max_tokens=config.max_tokens,
            facts=tuple(shown_facts),
            entities=tuple(found.entities[:n_entities]),
            communities=tuple(found.communities[:n_comms]),
            episodes=tuple(e for e, _ in episodes),
            snippets=frozenset(e.id for e, _ in episodes if e.id in snipped),
            ranking=tuple(e.id for e in ranked[:RANKING_KEPT]),
            query_reading=found.query_reading,
        )

    def _episode_ranking(
        self,
        speakers: frozenset[str],
        people: GroupPeople,
        searched: Sequence[tuple[Episode, float]],
        facts: Sequence[Fact],
        flt: SearchFilter,
        now: datetime,
        config: ContextConfig,
        plan: Plan,
        history: set[str],
    ) -> list[Episode]:
        """Episodes by score: their own search (cosine + weighted BM25), a bonus when a
        person the query names said it, a bonus when a ranked fact came from it (so a shown
        fact's quote ranks high), one for the ``history`` turns (behind the subject's asked
        relation, ever) and the plan's (the user stating a preference); then the turns next
        to the best ones, which inherit part of their score. ``speakers``: the normalised
        names of the people the query names."""
        known = flt.resolved(now).known_at
        rows = {e.id: e for e, _ in searched}
        scores = {e.id: score for e, score in searched}
        for e, _ in searched:
            if speakers and _speaker_key(e) in speakers:
                scores[e.id] += config.speaker_bonus
        for rank, f in enumerate(facts):
            for i in f.episodes:
                scores[i] = scores.get(i, 0.0) + config.fact_source_bonus / (1 + rank / 10)
        for i in history:
            scores[i] = scores.get(i, 0.0) + config.history_bonus
        group_ids = people.groups
        self._load_missing(group_ids, [i for i in scores if i not in rows], rows, known)
        if plan.user_statement_bonus:
            users = set(user_speakers(people).values())
            for i, e in rows.items():
                if _speaker_key(e) in users and self.kept.states_preference(e.content):
                    scores[i] += plan.user_statement_bonus
        self._add_neighbours(group_ids, rows, scores, known, config)
        sources = flt.sources()  # a thread filter: its episodes only, neighbours included
        allowed = None if sources is None else set(sources)
        shown = [i for i in scores if i in rows and (allowed is None or i in allowed)]
        return [rows[i] for i in sorted(shown, key=lambda i: -scores[i])]

    def _add_neighbours(
        self,
        group_ids: Sequence[str],
        rows: dict[str, Episode],
        scores: dict[str, float],
        known: datetime | None,
        config: ContextConfig,
    ) -> None:
        """The turns next to the best ``config.neighbour_anchors`` join the ranking with a
        share of their anchor's score (all anchors' neighbours read at once: neighbours.py)."""
        ranked = sorted((i for i in scores if i in rows), key=lambda i: -scores[i])
        anchors = ranked[: config.neighbour_anchors]
        base = dict(scores)
        near_of = neighbours_of(self._store, group_ids, anchors, rows, config.neighbours)
        for anchor in anchors:
            for e in near_of[anchor]:
                if known is None or e.created_at <= known:
                    rows.setdefault(e.id, e)
                    scores[e.id] = scores.get(e.id, 0.0) + config.neighbour_weight * base[anchor]

    def _history_sources(
        self,
        query: str,
        people: GroupPeople,
        reading: QueryReading | None,
        flt: SearchFilter,
        now: datetime,
    ) -> set[str]:
        """The turns behind every fact, current or ended, of the asked relation about the
        asked subject ("where do I live now?": the move and the place before it too, the
        evidence of a change), as known at the filter's ``known_at``."""
        if reading is None or not reading.relations or reading.subject == "open":
            return set()
        subjects = subject_ids(people, query, reading)
        if not subjects:
            return set()
        every = replace(flt, history=True, valid_at=None, relations=reading.relations)
        every = every.resolved(now)
        found = self._store.facts_of_entities(people.groups, sorted(subjects), every)
        asked = [f for f in found if f.source_id in subjects and reading.asks(f.relation)]
        return {i for f in asked for i in f.episodes}

    def _load_missing(
        self,
        group_ids: Sequence[str],
        missing: Sequence[str],
        rows: dict[str, Episode],
        known: datetime | None,
    ) -> None:
        """The episodes of ``missing`` (ranked only through a fact or the history) as the
        search's own rows are read: without their vectors, which nothing here uses."""
        if missing:
            found = self._store.get_many(group_ids, {Target.EPISODES: missing}, vectors=False)
            for e in found.get(Target.EPISODES, ()):
                if isinstance(e, Episode) and (known is None or e.created_at <= known):
                    rows[e.id] = e

    def _named_speakers(self, query: str, people: GroupPeople) -> frozenset[str]:
        """Normalised names of the entities the query names (who may have said it)."""
        ids = people.named(query)
        if not ids:
            return frozenset()
        named = self._store.get_entities(people.groups, ids)
        return frozenset(normalize_name(e.name) for e in named)


def _fact_cap(config: ContextConfig, reading: QueryReading | None) -> int:
    """The FACTS section's first claim on the budget: its share, and for a lookup (whose
    answer is a fact) at least ``FACTS_AT_LEAST`` tokens whatever the budget."""
    cap = int(config.max_tokens * config.fact_share)
    if config.fact_share > 0 and reading is not None and reading.kind == "lookup":
        return max(cap, FACTS_AT_LEAST)
    return cap


def _speaker_key(episode: Episode) -> str | None:
    speaker = episode.speaker()
    return None if speaker is None else normalize_name(speaker)
