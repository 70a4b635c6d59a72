"""Prompts: one module per task, each a function of a typed context returning chat
messages, with its pydantic response model beside it and a ``NAME`` used in accounting.

========== ================================================ ==========================
module     task                                             response model
========== ================================================ ==========================
extract    round 1: entities, facts, dates of one episode   ``ExtractResponse``
resolve    round 2: entity matches, duplicates, conflicts   ``ResolveResponse``
summarize  many summaries in one call                       ``SummarizeResponse``
score      relevance of many passages to a query            ``ScoreResponse``
========== ================================================ ==========================
"""

from chronomem.prompts import extract, resolve, score, summarize

__all__ = ["extract", "resolve", "score", "summarize"]
