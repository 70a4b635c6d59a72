"""What a question is about, for searching a chat's turns: the question without the names of
the chat's own speakers.

In a chat, every turn starts with its speaker's name ("Melanie: …") and many greet the other
by name ("Thanks, Caroline!"), so a speaker's name is in about half of the turns and tells
them apart no better than "the". Embedded with the question, though, it weighs as much as
any word: "What activities has Melanie done with her family?" is drawn to turns that say
"Melanie" -- mostly her friend's greetings -- and away from "we went camping with my fam".
The turns are therefore searched by embedding the question's *topic*: the question without
the speakers' names (which person is asked about stays the business of the speaker bonus, of
BM25 and of the facts, which keep the name). A person the chat only talks about (a sister, a
colleague) is not a speaker: their name tells turns apart and stays. An assistant is not
taken for a speaker ("what did the assistant suggest?" keeps its words).

Measured on LoCoMo conversations 1–5 (bench/RESULTS.md, round 14): dense search alone puts
every gold turn of a question in its first 80 turns for 331 → 380 of 418 single-hop and
65 → 85 of 141 multi-hop questions (names replaced by "they"; left out, as here, the whole
context 0.8959 → 0.8972 on the mean of text-only and with-sources recall_all).
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def topic_of(question: str, speakers: Iterable[str]) -> str | None:
    """``question`` without the names in ``speakers`` (and a possessive "'s" after one),
    matched as whole words; ``None`` when it names none of them or is nothing but names (the
    question is its own topic). A name is matched in any case only in a question written
    all in lower case: otherwise "will" is not the speaker Will."""
    names = sorted({" ".join(s.split()) for s in speakers if s.strip()}, key=len, reverse=True)
    if not names:
        return None
    pattern = re.compile(
        r"(?<![\w'])(?:" + "|".join(re.escape(n) for n in names) + r")(?:['’]s)?(?![\w'])",
        re.IGNORECASE,
    )
    lower = not any(c.isupper() for c in question[1:])
    found = [m for m in pattern.finditer(question) if lower or m.group(0)[0].isupper()]
    for m in reversed(found):
        question = question[: m.start()] + question[m.end() :]
    topic, count = " ".join(question.split()), len(found)
    return topic if count and re.search(r"\w", topic) else None
