"""Answering from the context, and grading the answer with an LLM judge.

Two graders, after the benchmarks' published judge prompts (restated here, not copied):

* LoCoMo (the judge used in the Mem0 and Zep LoCoMo evaluations): the answer is CORRECT
  when it means the same as the gold answer, however it is phrased, and is generous about
  length; a date or period counts when it is the same one in another format or as a
  relative reference that resolves to it.
* LongMemEval (its ``evaluate_qa`` judge, one rubric per question type): yes when the
  response contains the gold answer or every step to reach it, no when it holds only part;
  temporal questions forgive an off-by-one in counts of days, weeks or months;
  knowledge-update questions accept earlier values mentioned beside the updated one;
  preference questions are judged against a rubric; abstention questions are correct when
  the response says the question cannot be answered from what it knows.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, Field

from chronomem import accounting
from chronomem.eval.data import Question
from chronomem.ports import LLM, ChatMessage

__all__ = ["Graded", "answer_and_grade", "judge_messages"]


class AnswerReply(BaseModel):
    """The answer to the question, from the memory context only."""

    answer: str = Field(description="A short answer; say 'I don't know' if the memory lacks it")


class Verdict(BaseModel):
    """Whether the response answers the question correctly."""

    reasoning: str = Field(description="One sentence on why")
    correct: bool


@dataclass(frozen=True, slots=True)
class Graded:
    response: str
    correct: bool
    reasoning: str
    answer_tokens: int  # input + output tokens of the answering call(s)
    judge_tokens: int


_ANSWER_SYSTEM = (
    "You answer questions about a user's past conversations using only the memory context "
    "below. Dates in the context are when things were said or held; resolve relative dates "
    "against them. Answer in a few words. If the context does not contain the answer, say "
    "you don't know."
)


def answer_messages(question: Question, context: str) -> list[ChatMessage]:
    asked = f" (asked on {question.asked_at:%Y-%m-%d})" if question.asked_at else ""
    return [
        {"role": "system", "content": f"{_ANSWER_SYSTEM}\n\n{context}"},
        {"role": "user", "content": f"Question{asked}: {question.question}"},
    ]


def _locomo_rubric() -> str:
    return (
        "Label the response CORRECT (correct=true) or WRONG (correct=false) against the gold "
        "answer. Be generous: a response that refers to the same thing, fact or event as the "
        "gold answer is correct even when it is longer or worded differently. For time "
        "questions, the same date or period written another way (or a relative reference "
        "that resolves to it) is correct."
    )


def _longmemeval_rubric(question: Question) -> str:
    base = (
        "Answer correct=true if the response contains the gold answer, or is equivalent to "
        "it, or contains every intermediate step needed to reach it; correct=false if it "
        "holds only part of what the gold answer requires."
    )
    if question.abstention:
        return (
            "The question cannot be answered from the conversation; the gold answer explains "
            "why. correct=true if the response says it cannot answer or does not know (it "
            "identifies the question as unanswerable); false if it gives an answer."
        )
    if question.category == "temporal-reasoning":
        return base + " Do not count an off-by-one error in a number of days, weeks or months."
    if question.category == "knowledge-update":
        return base + (
            " If the response mentions earlier information beside the updated answer, it is "
            "still correct as long as the updated answer is what it gives."
        )
    if question.category == "single-session-preference":
        return (
            "The gold answer is a rubric for a personalised response. correct=true if the "
            "response recalls and uses the user's information as the rubric asks; it need not "
            "cover every point of the rubric."
        )
    return base


def judge_messages(benchmark: str, question: Question, response: str) -> list[ChatMessage]:
    rubric = _longmemeval_rubric(question) if benchmark == "longmemeval" else _locomo_rubric()
    return [
        {"role": "system", "content": f"You grade answers. {rubric}"},
        {
            "role": "user",
            "content": f"Question: {question.question}\nGold answer: {question.answer}\n"
            f"Response: {response}",
        },
    ]


def answer_and_grade(
    llm: LLM, judge: LLM, benchmark: str, question: Question, context: str
) -> Graded:
    """One answering call and one judging call; their tokens counted apart."""
    with accounting.collect() as answering:
        reply = llm.complete_json(answer_messages(question, context), AnswerReply, name="answer")
    with accounting.collect() as judging:
        verdict = judge.complete_json(
            judge_messages(benchmark, question, reply.answer), Verdict, name="judge"
        )
    return Graded(
        response=reply.answer,
        correct=verdict.correct,
        reasoning=verdict.reasoning,
        answer_tokens=answering.input_tokens + answering.output_tokens,
        judge_tokens=judging.input_tokens + judging.output_tokens,
    )
