"""Reading the question before ranking: whose facts, which relation, which time, which kind.

``read_query`` is offline and deterministic. It reads:

- **whose facts** -- the user (first person: "where do I live"), people or things the
  question names (resolved against the group's entities when ranking), or nobody in
  particular;
- **which relations** -- from the question's content words, through :data:`ASKS`, a table
  of the words people use when they ask about each relation of ``model/relations.py`` (a
  question is read, not a statement: "where do I live" asks LIVES_IN);
- **when** -- now (the default), at a time the question gives ("in March", "last year"),
  ever / over time, in order, or how many (also "all the …" and a plural asked for:
  "what books has she read?", whose answer is gathered across turns);
- **what kind** -- a point lookup, a history or order, an aggregation, a preference or
  instruction, or an open question.

The reading picks the ranking (``rank_facts``) and the context's plan (``search/context.py``);
``SearchResults.query_reading`` and ``Context.query_reading`` show it to the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

Scope = Literal["now", "at", "ever", "order", "count"]
Kind = Literal["lookup", "history", "aggregation", "preference", "open"]

# What one does for its own sake ("what activities does she do?", "his hobbies"): asked of
# every relation a pastime is told under (``engine/endings.TASTES``).
_PASTIMES = ("activ", "hobby", "hobbi", "pasti", "sport", "sports", "interests", "relax", "unwin")
# Question words per relation: word stems (first five letters) a question about it uses.
ASKS: dict[str, tuple[str, ...]] = {
    "LIVES_IN": ("live", "livin", "lived", "home", "based", "move", "moved", "movin",
                 "resid", "addre", "apart", "flat", "city", "town", "relocat"),
    "WORKS_AT": ("work", "worki", "job", "jobs", "emplo", "compa", "firm", "office", "hired"),
    "HAS_JOB_TITLE": ("title", "role", "posit", "promo", "occup", "profe", "job"),
    "STUDIES_AT": ("study", "studi", "schoo", "unive", "colle", "degre", "class"),
    "MARRIED_TO": ("marri", "wife", "husba", "spous"),
    "DATING": ("datin", "girlf", "boyfr", "partn"),
    "ENGAGED_TO": ("engag", "fianc"),
    "HAS_PET": ("pet", "pets", "dog", "dogs", "cat", "cats", "puppy", "kitte", "rabbi"),
    "FOLLOWS_DIET": ("diet", "eat", "eatin", "vegan", "veget", "keto", "food"),
    "DRIVES": ("car", "cars", "drive", "drivi", "vehic"),
    "USES_PHONE": ("phone",),
    "USES_LAPTOP": ("lapto", "compu"),
    "MANAGED_BY": ("manag", "boss", "super", "repor"),
    "HAS_PLAN": ("plan", "plans", "plann", "upcom", "trip", "appoi", "sched", "next"),
    "PREFERS": ("prefe",),
    "HAS_FAVORITE": ("favou", "favor"),
    "LIKES": ("like", "likes", "love", "loves", "enjoy", "into", *_PASTIMES),
    "LOVES": ("love", "loves", *_PASTIMES),
    "ENJOYS": ("enjoy", *_PASTIMES),
    "PLAYS": ("play", "plays", "playi", "instr", *_PASTIMES),
    "HAS_CONDITION": ("sick", "ill", "illne", "healt", "condi", "injur", "diagn", "hurt"),
    "HAS_HEALTH_STATUS": ("healt", "feeli", "recov"),
    "TAKES_MEDICATION": ("medic", "pill", "pills", "presc", "drug"),
    "HAS_HABIT": ("habit", "routi", "exerc", "gym", "run", "runni", "train", *_PASTIMES),
    "MEMBER_OF": ("membe", "club", "gym", "team", "join", "joine"),
    "SPEAKS": ("speak", "langu"),
    "FAMILY_OF": ("famil", "siste", "broth", "mother", "father", "mom", "dad", "paren"),
    "FRIEND_OF": ("frien",),
}  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+(?:'[a-z]+)?", re.UNICODE)
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|i'm|i've|i'd|i'll|we|our|us)\b")
_NOW = re.compile(r"\b(?:now|currently|current|these days|at the moment|today|still|anymore)\b")
_EVER = re.compile(
    r"\b(?:ever|used to|over time|history|all the (?:places|jobs|cities|companies)|"
    r"before that|previous(?:ly)?|past|changed?|change over|former(?:ly)?|prior|"
    # "Rhys's old job", "my old flat": a value that ended ("how old is Rex" is an age)
    r"(?:my|your|his|her|their|our|'s)\s+old\s+(?!age\b)[a-z]+)\b"
)
_ORDER = re.compile(
    r"\b(?:in what order|what order|order in which|first\b.*\bthen|sequence|chronolog\w*|"
    r"which came first|earliest|before or after|in (?:the )?order|in time order)\b"
)
_COUNT = re.compile(
    r"\b(?:how many|how much|how often|number of|count|list (?:all|every)|"
    r"all (?:the|of the|my)|across (?:my|our|all)|every (?:time|one))\b"
)
# "what activities…", "which cities…", "what kinds of…": a plural answer gathered across turns
_LIST = re.compile(
    r"\b(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?([a-z]+s)\b"
    r"|\b(?:what|which)\s+[a-z]+\s+([a-z]+s)\s+(?:has|have|had|did|does|do|are|were)\b"
)
# What two people share ("what do Jon and Gina both like?", "what do they have in common?",
# "what interests do Joanna and Nate share?"): the answer joins what each said in turns of
# their own, so it is gathered across turns as a list is. "Both" alone is not enough
# ("which of both offers pays more?" asks for one).
_SHARED = re.compile(
    r"\bin common\b|\b(?:we|they|you) both\b|\bboth of (?:us|them|you)\b"
    r"|\band \w+ both\b|\bboth \w+ and \w+ (?!\w+s\b)|\band \w+ share\b"
)
_NOT_PLURAL = frozenset(
    ("does", "has", "was", "is", "this", "its", "us", "yes", "always", "perhaps", "plus", "thus")
)
_PREFERENCE = re.compile(
    r"\b(?:prefer\w*|favou?rite|recommend\w*|suggest\w*|should i|would you suggest|"
    r"what would|remember that i|i (?:like|love|hate|want)|my (?:taste|style))\b"
)
_AT_CUE = re.compile(
    r"\b(?:in|on|during|back in|as of|at the (?:start|end) of|last|before|when)\s+"
    r"(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|spring|summer|autumn|fall|"
    r"winter|\d{4}|year|month|week|the (?:start|end|beginning))\b"
)


@dataclass(frozen=True, slots=True)
class QueryReading:
    """What a question asks: see the module's docstring."""

    subject: Literal["user", "named", "open"]
    relations: tuple[str, ...]
    scope: Scope
    kind: Kind
    at: datetime | None = None  # the instant an "at" question asks about, when resolved
    # what a chat's turns are searched by when not the question itself: the question without
    # the chat's speakers' names (``search/topic.py``; set by the searcher, which knows them)
    topic: str | None = None

    def asks(self, relation: str) -> bool:
        return relation in self.relations


def read_query(text: str, *, at: datetime | None = None) -> QueryReading:
    """The reading of question ``text``; ``at``: the instant a dated question resolves to
    (``None``: not resolved; the scope still says "at")."""
    low = " ".join(text.casefold().replace("’", "'").split())
    stems = {w[:5] for w in _WORD.findall(low)} | set(_WORD.findall(low))
    relations = tuple(r for r, cues in ASKS.items() if any(c in stems for c in cues))
    subject: Literal["user", "named", "open"] = "open"
    if _FIRST_PERSON.search(low):
        subject = "user"
    elif any(w[:1].isupper() for w in _WORD.findall(text)[1:]):
        subject = "named"
    scope = _scope(low)
    kind: Kind
    if scope == "count":
        kind = "aggregation"
    elif scope in ("order", "ever"):
        kind = "history"
    elif _PREFERENCE.search(low):
        kind = "preference"
    elif relations:
        kind = "lookup"
    else:
        kind = "open"
    return QueryReading(subject, relations, scope, kind, at if scope == "at" else None)


def _scope(low: str) -> Scope:
    if _ORDER.search(low):
        return "order"
    if _COUNT.search(low) or _SHARED.search(low) or _asks_for_a_list(low):
        return "count"
    if _AT_CUE.search(low) and not _NOW.search(low):
        return "at"
    if _EVER.search(low):
        return "ever"
    return "now"


def _asks_for_a_list(low: str) -> bool:
    """Whether the question asks for several things by a plural ("what books has she
    read?"): their evidence is spread across turns, as for "all the …"."""
    return any((m.group(1) or m.group(2)) not in _NOT_PLURAL for m in _LIST.finditer(low))
