"""The evaluation loop: each conversation into its own memory, then every question.

Per question: the default context (``Memory.context``) and the metrics of
:mod:`chronomem.eval.metrics`; with an LLM, an answer from that context and the judge's
verdict (:mod:`chronomem.eval.judge`). Each result is appended to the results file before
the next question, and a question already there is skipped (resume).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from tqdm import tqdm

from chronomem.eval.data import Conversation, Question
from chronomem.eval.judge import answer_and_grade
from chronomem.eval.metrics import retrieval_record
from chronomem.eval.results import ResultsFile, Row
from chronomem.intake import EpisodeInput
from chronomem.memory import Memory
from chronomem.ports import LLM, Clock
from chronomem.search.context import DEFAULT_MAX_TOKENS, Context, ContextConfig
from chronomem.testing.fakes import ManualClock

__all__ = ["Evaluator", "MemoryFactory", "episode_inputs", "shown_turns", "turn_id"]

MemoryFactory = Callable[[Clock], Memory]


@dataclass(frozen=True, slots=True)
class Evaluator:
    """Runs one benchmark's conversations; ``llm`` answers and ``judge`` grades (both
    optional: without them only retrieval is measured)."""

    benchmark: str
    make_memory: MemoryFactory
    results: ResultsFile
    max_tokens: int = DEFAULT_MAX_TOKENS
    context_config: ContextConfig | None = None
    llm: LLM | None = None
    judge: LLM | None = None
    progress: bool = True

    def run(self, conversations: Sequence[Conversation]) -> list[Row]:
        total = sum(len(c.questions) for c in conversations)
        with tqdm(total=total, desc=self.benchmark, unit="q", disable=not self.progress) as bar:
            for conversation in conversations:
                pending = [
                    q
                    for q in conversation.questions
                    if not self.results.done(_key(conversation, q))
                ]
                bar.update(len(conversation.questions) - len(pending))
                if pending:
                    self._conversation(conversation, pending, bar)
        self.results.close()
        keys = [_key(c, q) for c in conversations for q in c.questions]
        return [self.results.rows[k] for k in keys if k in self.results.rows]

    def _conversation(
        self, conversation: Conversation, pending: Sequence[Question], bar: tqdm
    ) -> None:
        clock = ManualClock(conversation.last_time + timedelta(minutes=1))
        memory = self.make_memory(clock)
        try:
            memory.add_episodes(episode_inputs(conversation))
            session_of = conversation.session_of()
            for question in pending:
                clock.set(_asked(question, clock.now()))
                self.results.append(self._question(memory, conversation, question, session_of))
                bar.update()
        finally:
            memory.close()

    def _question(
        self,
        memory: Memory,
        conversation: Conversation,
        question: Question,
        session_of: dict[str, str],
    ) -> Row:
        config = self.context_config or ContextConfig(max_tokens=self.max_tokens)
        context = memory.context(
            question.question, group_id=conversation.id, max_tokens=self.max_tokens, config=config
        )
        row: Row = {
            "key": _key(conversation, question),
            "conversation": conversation.id,
            "question_id": question.id,
            "category": question.category,
            "context_tokens": context.tokens,
        }
        if question.evidence:
            text, credited = shown_turns(context)
            ranking = [turn_id(i) for i in context.ranking]
            row |= retrieval_record(
                question.evidence, question.evidence_sessions, credited, ranking, session_of, text
            )
        if self.llm is not None:
            row |= self._graded(question, context)
        return row

    def _graded(self, question: Question, context: Context) -> Row:
        assert self.llm is not None
        graded = answer_and_grade(
            self.llm, self.judge or self.llm, self.benchmark, question, context.text
        )
        return {
            "question": question.question,
            "gold": question.answer,
            "response": graded.response,
            "correct": graded.correct,
            "judge_reasoning": graded.reasoning,
            "answer_tokens": graded.answer_tokens,
            "judge_tokens": graded.judge_tokens,
        }


def _key(conversation: Conversation, question: Question) -> str:
    return f"{conversation.id}/{question.id}"


def shown_turns(context: Context) -> tuple[set[str], set[str]]:
    """The turn ids a context shows: those whose text it holds (whole or as a snippet), and
    those plus the source turns of its facts (a fact credited with where it came from)."""
    text = {turn_id(i) for i in context.episode_ids}
    return text, text | {turn_id(i) for i in context.source_episode_ids}


def turn_id(episode_id: str) -> str:
    """The benchmark turn id of an episode id made by :func:`episode_inputs`."""
    return episode_id.split(":", 1)[1] if ":" in episode_id else episode_id


def _asked(question: Question, now: datetime) -> datetime:
    return max(question.asked_at, now) if question.asked_at else now


def episode_inputs(conversation: Conversation) -> list[EpisodeInput]:
    """One message episode per turn, its id ``<conversation>:<turn id>``."""
    return [
        EpisodeInput(
            content=t.text,
            group_id=conversation.id,
            reference_time=t.when,
            source="message",
            source_description=t.id,
            episode_id=f"{conversation.id}:{t.id}",
        )
        for t in conversation.turns
    ]
