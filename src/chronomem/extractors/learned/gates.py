"""Which sentences the learned step reads (one that tells something, on an assistant's turn of
the user, and names there something the rules' hits do not), why it leaves one unread, and
the names of the gates a fact the reader found can stop at (``GATES``)."""

from __future__ import annotations

from collections.abc import Sequence

from chronomem.extractors.rules.analysis.found import Hit, Sentence
from chronomem.extractors.rules.analysis.names import normalize_name


def could_add(s: Sentence, hits: Sequence[Hit], role: str) -> bool:
    """Could a fact the reader finds in ``s`` become a hit here, wherever in the message it
    is? Checked before reading (a message with no such sentence is not read): a sentence
    :func:`worth_reading` that names there something the rules' hits in ``s`` do not
    already name (the first window reads every sentence :func:`worth_reading`). A
    correction is read only for a fact that names both values (``hits.learned_hits``)."""
    if not worth_reading(s, role):
        return False
    told = {normalize_name(h.target.name) for h in hits}
    asks = s.asks_from  # a property that reads the sentence: once, not once per name
    return any(
        span.named and span.end <= asks and normalize_name(span.name) not in told
        for span in s.spans
    )


def worth_reading(s: Sentence, role: str) -> bool:
    """Does ``s`` tell something (it asks nothing, or tells before its asking tail,
    ``_asked``), and, on an assistant's turn, of the user (the rules' text is in the user's
    voice by then)? The step reads each such sentence its first window holds whole, from
    the states computed for the episode's vector anyway (rounds 10-22 read only those
    naming nothing that a learned selector chose, round 23 all those naming nothing:
    ``docs/reader.md``)."""
    return not _asked(s) and (role != "assistant" or s.speaks_as_self)


def _asked(s: Sentence) -> bool:
    """Does ``s`` ask from its start? "My parents arrive on the 15th, can you help me plan
    the week?" tells before its asking tail (``Sentence.asks_from``): that part is read."""
    return s.question and s.asks_from == 0


def unread_why(s: Sentence, hits: Sequence[Hit], role: str) -> str:
    """Why the step does not read ``s`` (:func:`worth_reading`, :func:`could_add`)."""
    if _asked(s):
        return "question"
    if role == "assistant" and not s.speaks_as_self:
        return "assistant, not to the user"
    if any(span.named for span in s.spans):
        return "names only what the rules told, past the first window"
    return "names nothing, past the first window"


# The gates a fact can stop at, in the order they are asked (``bench/reader_funnel.py``
# counts the facts stopped at each).
GATES = (
    "plan of a held value", "question", "aspect", "confidence", "correction", "value", "owner",
    "role named again", "conditional", "replaced", "called off", "no age", "told as over",
    "a landmark", "a procedure", "a pet's kind", "known to rules", "an event's place", "a visit",
)  # fmt: skip
