"""Negation, endings and hypotheticals: what the words around a verb do to its fact.

The words between a subject and its verb (the *gap*: "I have **no longer** worked at",
"I **don't** live in ... anymore", "I **would** love") decide whether a matched relation is
asserted, denied, ended, or only wished for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chronomem.extractors.rules.tables.lexicon import (
    DETERMINERS,
    GAP_WORDS,
    HYPOTHETICAL,
    NEGATIONS,
    PREPOSITIONS,
)

_GAP_TOKEN = re.compile(r"[a-z]+(?=n't)|n't|'[a-z]+|[a-z]+|\x00")
ANYMORE = re.compile(r"\b(?:anymore|any more|any longer)\b", re.I)
_CONDITIONAL_START = re.compile(r"^\W*(?:if|unless|whether|in case|imagine|what if)\b", re.I)
ENTITY_MARK = "\x00"


@dataclass(frozen=True, slots=True)
class Modality:
    """How a clause holds its relation."""

    negated: bool = False  # "I don't like X"
    ending: bool = False  # "I no longer work at X", "I stopped playing X", "I used to ..."
    hypothetical: bool = False  # "I would love to", "I want to move to", "if I ..."


def gap_tokens(gap: str) -> list[str] | None:
    """The words of a subject-verb gap, or None when they are not a plausible gap.

    ``gap`` has entity spans already replaced by :data:`ENTITY_MARK`. Only auxiliaries,
    adverbs, negations and prepositional phrases about an entity may stand between a
    subject and its verb; after a coordinating "and" only the last part counts
    ("I worked at Google and left").
    """
    tokens = _GAP_TOKEN.findall(gap.lower())
    if "and" in tokens:
        tokens = tokens[len(tokens) - tokens[::-1].index("and") :]
    for i, tok in enumerate(tokens):
        if tok in GAP_WORDS or tok == ENTITY_MARK or (len(tok) > 4 and tok.endswith("ly")):
            continue  # "finally", "finaly", "honestly": adverbs, however spelled
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if (tok in PREPOSITIONS or tok in DETERMINERS) and nxt in (ENTITY_MARK, "the"):
            continue
        return None
    return tokens


def modality(tokens: list[str], clause: str, after_verb: str) -> Modality:
    """Read negation, ending and hypothetical markers from the gap and the clause."""
    words = set(tokens)
    # "no longer", and a learner's "no more" / "not anymore" said before the verb's object
    no_longer = "no" in words and ("longer" in words or "more" in words)
    # "quit to work at X", "stopped to grab a coffee at X": a purpose, not an ending of X
    stopped = any(
        t in ("stopped", "stop", "quit") and tokens[i + 1 : i + 2] != ["to"]
        for i, t in enumerate(tokens)
    )
    stopped = stopped or {"gave", "up"} <= words
    used_to = {"used", "to"} <= words
    negated = bool(words & NEGATIONS) and not no_longer
    anymore = negated and (ANYMORE.search(after_verb) is not None or "anymore" in words)
    anymore = anymore or (negated and "more" in words)
    wishes = words & HYPOTHETICAL
    if "to" not in words:
        wishes = wishes - {"going"}
    return Modality(
        negated=negated and not anymore,
        ending=no_longer or stopped or used_to or anymore,
        hypothetical=bool(wishes) or conditional(clause),
    )


def conditional(clause: str) -> bool:
    """Does ``clause`` open as a condition ("if I did switch to X", "unless I move", "in
    case we go")? Nothing in it is told as holding."""
    return _CONDITIONAL_START.search(clause) is not None
