"""What the rule extractor finds in a sentence: its parts, the ends of a fact, a hit."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from chronomem.extractors.rules.analysis.spans import Span
from chronomem.text.dates import TimeExpression

# A statement's word order (I/we first, after a short lead-in such as "plot twist:") and a
# doubled or mixed mark ("??", "!?"; "?!" ends on "!" and asks nothing anyway) tell news
# with surprise; "Do I ...??" still asks.
_TELLS = re.compile(
    r"^(?:[\w ]{1,20}:\s*)?(?:(?!(?:do|does|did|am|is|are|was|were|can|could|should|would|will|"
    r"shall|may|might|must|have|has|had|what|where|when|why|how|who|which)\b)[a-z]+,?\s+){0,3}"
    r"(?:I|I'm|I've|we|we're|we've)\b",
    re.I,
)

# Where a statement turns into a question: "my manager Sandra wants a report, how do I ...?"
_ASKING_TAIL = re.compile(
    r"[,;:]\s*(?:(?:but|and|so)\s+)?(?=(?:what|where|when|who|whom|whose|why|how|which|do|does|did|is|are|can|"
    r"could|would|should|will|any|anyone)\b)",
    re.I,
)

# A statement ending in a tag that asks for agreement ("so now I am pescatarian I think?",
# "the lease ends in March, right?", "you're in Leeds now, aren't you?", "I left in April,
# remember?"): only the tag asks;
# the statement before it is told
_AGREEMENT_TAG = re.compile(
    r"(?:,\s*|\s+)(?:I\s+(?:think|guess|suppose|believe|reckon)|right|yeah|innit|no|eh|you\s+know"
    r"|(?:you\s+)?remember|(?:I\s+)?told\s+you|ok|okay|correct"
    r"|(?:is|are|was|were|do|does|did|have|has|had|can|could|will|would|should|wo|ca)n'?t"
    r"\s+(?:it|I|you|he|she|we|they|there))\s*\?+[\s)\"']*$",
    re.I,
)
# Where the last statement of a question asked as statements begins ("you moved to Leeds in
# May, and you work at Asda now?": the statements before it are told, as an assistant's
# recap told back for agreement)
_LAST_STATEMENT = re.compile(r"[,;:]\s+(?:(?:and|but|so|plus)\s+)?", re.I)
# a sentence that asks from its first word ("do you think ..., right?")
_ASKS_AT_ONCE = re.compile(
    r"^\W*(?:do|does|did|am|is|are|was|were|can|could|should|would|will|shall|may|might|must"
    r"|have|has|had|what|where|when|why|how|who|which)\b",
    re.I,
)

# The speaker speaking of themself (or of a "we" they belong to)
_SELF = re.compile(r"\b(?:I|i|I'm|I've|I'll|I'd|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself|[Ww]e|us|[Oo]ur)\b")


@dataclass(frozen=True, slots=True)
class Party:
    """One end of a fact."""

    name: str
    label: str | None = None
    named: bool = True
    speaker: bool = False
    attributes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Hit:
    """A relation found in a clause, before dates and text are attached."""

    relation: str
    source: Party
    target: Party
    ending: bool
    clause: tuple[int, int]
    verb: tuple[int, int]
    text: str | None = None  # from the row's template; None: the clause rewritten
    implicit_subject: bool = False
    attribute: str | None = None  # set: an attribute of the source, not a fact
    undated: bool = False  # told in passing: the sentence's dates are not this fact's
    retracts: datetime | None = None  # an ending that takes back a value told from this start
    # set: the fact's own (valid_at, invalid_at), not read from the sentence's dates
    # ("after three years in Berlin": from three years back until now)
    spell: tuple[datetime | None, datetime | None] | None = None
    # the fact's start set right: ``spell``'s start replaces the one told before in the
    # episode, not the earlier of the two ("since September 2018. No wait, 2017")
    redates: bool = False
    # an ending its tense tells, not a verb ("back in 2019 I was a sous chef"): the dates
    # told are when it held, not when it ended (``hit_dates``)
    over: bool = False


@dataclass(slots=True)
class Sentence:
    """A sentence with everything found in it (offsets into ``text``)."""

    text: str
    reference: datetime
    speaker: str | None
    spans: list[Span] = field(default_factory=list)
    times: list[TimeExpression] = field(default_factory=list)
    clauses: list[tuple[int, int]] = field(default_factory=list)
    # an assistant's turn: "I" is the assistant (no facts), "you" is the user
    assistant: bool = False
    user: str | None = None
    # a narrated sentence read in its person's voice (``normalise/narrated.py``): the text
    # as written ("Sophie took up the violin"), which the learned reader reads ("": as
    # ``text``)
    written: str = ""

    @property
    def question(self) -> bool:
        text = self.text.rstrip(" )\"'")
        if not text.endswith("?"):
            return False
        # "plot twist: I love cilantro now??": told with surprise, not asked
        surprised = text[:-1].rstrip().endswith(("?", "!"))
        return not (surprised and _TELLS.match(text))

    @property
    def speaks_as_self(self) -> bool:
        """Does the speaker speak of themself here ("I", "my", "we", ...)?"""
        return _SELF.search(self.text) is not None

    @property
    def asks_from(self) -> int:
        """Where the question of the sentence begins (past its end when it asks nothing).
        In "my manager Sandra wants a report, how do I write that in SQL?" or "I've been in
        Kyiv two years, is that long enough?" only the tail after the comma asks; the
        statements before it tell facts, as a statement does before a tag asking for
        agreement ("so now I am pescatarian I think?": from "I think"). A question asked as
        statements ("you're a mechanic at the boatyard, you live in Mosta, and the course is
        on 9 May?", an assistant's recap told back for agreement) asks only its last one; a
        question that asks from its first word asks from its start."""
        if not self.question:
            return len(self.text) + 1
        at_once = _ASKS_AT_ONCE.match(self.text) is not None
        tag = _AGREEMENT_TAG.search(self.text)
        if tag and not at_once:
            return tag.start()
        tails = list(_ASKING_TAIL.finditer(self.text))
        if tails:
            return tails[-1].end()
        if at_once:
            return 0
        joins = list(_LAST_STATEMENT.finditer(self.text))
        return joins[-1].end() if joins else 0

    def clause_at(self, at: int) -> tuple[int, int]:
        """The clause holding offset ``at`` (the whole sentence when none does)."""
        return next((c for c in self.clauses if c[0] <= at < c[1]), (0, len(self.text)))

    def without_times(self, start: int, end: int) -> str:
        """``text[start:end]`` with the time expressions inside it blanked out."""
        text = self.text[start:end]
        for t in reversed(self.times):
            if start <= t.start and t.end <= end:
                text = text[: t.start - start] + " " + text[t.end - start :]
        return text

    def times_for(self, clause: tuple[int, int]) -> list[TimeExpression]:
        inside = [t for t in self.times if clause[0] <= t.start < clause[1]]
        return inside or self.times
