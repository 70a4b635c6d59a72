"""LLMReranker: every candidate of a query scored in ONE call, in the passages' order."""

from __future__ import annotations

import logging

from chronomem.accounting import collect
from chronomem.search.llm_reranker import LLMReranker
from chronomem.testing.fake_openai import FakeOpenAIServer
from chronomem.testing.fake_oracle import RuleOracle
from tests.llm_support import make_llm


def test_all_passages_are_scored_in_one_call_and_normalised(caplog):
    passages = ["Alice works at Meta.", "Bob likes tea.", "Alice left Google.", "Paris is big."]
    with FakeOpenAIServer() as server:
        server.enqueue(
            {
                "scores": [
                    {"id": 2, "score": 6},
                    {"id": 0, "score": 10},
                    {"id": 1, "score": 14},  # above the scale: clamped
                    {"id": 9, "score": 10},  # never shown: dropped
                ]
            }
        )
        reranker = LLMReranker(llm=make_llm(server))
        with collect() as usage, caplog.at_level(logging.WARNING):
            scores = reranker.score("Where does Alice work?", passages)
        assert scores == [1.0, 1.0, 0.6, 0.0]  # passage 3 was not scored: 0
        assert [c.prompt for c in usage.calls] == ["score"]
        user = server.chat_requests()[0].body["messages"][1]["content"]
        assert "[0] Alice works at Meta." in user and "[3] Paris is big." in user
    assert "passage 9" in caplog.text and "[3]" in caplog.text


def test_no_passages_no_call():
    with FakeOpenAIServer() as server:
        assert LLMReranker(llm=make_llm(server)).score("q", []) == []
        assert server.requests == []


def test_the_oracle_ranks_overlapping_passages_first():
    with FakeOpenAIServer(auto_answer=RuleOracle()) as server:
        scores = LLMReranker(llm=make_llm(server)).score(
            "Where does Alice work", ["Bob likes tea", "Alice does work at Meta"]
        )
    assert scores[1] > scores[0]
