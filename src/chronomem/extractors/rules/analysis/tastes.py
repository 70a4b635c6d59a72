"""What "it" or "them" stands for when a taste is told of it.

"I used to hate olives but now I kind of love them", "coffee? I can't stand it now": a taste
told of a pronoun is a taste of the thing the pronoun stands for, when the message named it
as a taste before (read in this sentence, or held or given up by the speaker earlier in the
conversation) and the sentence names it before the pronoun; else the taste the sentence read
last before it. No thing, no taste: "I love it when it rains" names none.

A taste verb in the simple past on one thing ("loved the party", "didn't like the move") tells
how that thing went down, not a lasting taste (:func:`told_as_reaction`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name

TASTES = frozenset({"LIKES", "LOVES", "ENJOYS", "HATES", "DISLIKES"})
_PRONOUN = re.compile(r"\s+(?:it|them|those)\b(?!'| (?:is|was|as|that|when|if|to)\b)", re.I)
# a taste told in the past of one thing named by "the"/"that" ("I loved the party", "she
# didn't like the move") is how it went down, not a lasting taste ("loved the Beatles" is a
# name, read elsewhere; "I love the beach" is told now)
_PAST_TASTE = re.compile(
    r"(?:\b(?:liked|loved|adored|enjoyed|hated|disliked|detested)"
    r"|\bdid(?:n['’]?t| not|nt) (?:really )?(?:like|love|enjoy))\s*$",
    re.I,
)
_ONE_THING = re.compile(r"\s*(?:the|that|this|those|these)\s", re.I)
_PERFECT = re.compile(r"(?:\b(?:have|has|had)|['’]ve|['’]d)\s+(?:\w+\s+)?$", re.I)


def taste_antecedent(
    s: Sentence, m: re.Match[str], earlier: Sequence[Hit], known: Known, subject: Party
) -> Party | None:
    """The thing the pronoun right after the taste verb ``m`` stands for (``earlier``: the
    hits the sentence read before), or ``None``."""
    if not _PRONOUN.match(s.text, m.end()):
        return None
    me = normalize_name(subject.name)
    read = [
        h.target
        for h in earlier
        if h.relation in TASTES and h.verb[1] <= m.start() and normalize_name(h.source.name) == me
    ]
    told = [
        Party(name, known.labels.get(key) or "Topic", named=False)
        for (who, relation), values in known.targets.items()
        if who == me and relation in TASTES
        for key, name in values.items()
    ]
    told += [
        Party(name, "Topic", named=False)
        for (who, relation), name in known.ended.items()
        if who == me and relation in TASTES
    ]
    before = s.text[: m.start()].casefold()
    named = [(before.rfind(p.name.casefold()), p) for p in (*read, *told)]
    nearest = max((at for at, _ in named), default=-1)
    if nearest >= 0:
        return next(p for at, p in named if at == nearest)
    return read[-1] if read else None


def told_as_reaction(text: str, pos: int) -> bool:
    """Does the taste verb ending at ``pos`` tell, in the simple past, how one thing went
    down ("loved the party", "didn't like the move")? Not "have always loved the sea"."""
    past = _PAST_TASTE.search(text, 0, pos)
    if past is None or not _ONE_THING.match(text, pos):
        return False
    return _PERFECT.search(text, 0, past.start()) is None
