"""Rows of the pattern table for a device's problems and parts: "the printer keeps
jamming", "my laptop is slow", "the new battery was installed" (the device is the one the
conversation spoke of; its fix is an ending, ``endings.py``). One part of the table in
:mod:`.patterns`, which keeps its place.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.row import PLACE_LIKE as _PLACE_LIKE
from chronomem.extractors.rules.tables.row import RelationPattern

# (problem, regex, trigger words); round 11 deleted the rows that matched nothing in the
# training corpora, the dev sets or the tests (crashing, freezing, not printing, not
# turning on, leaking, overheating, an error, a noise: bench/RESULTS.md, round 11)
_PROBLEMS = (
    (
        "jamming",
        r"(?:keeps?|kept) jamming|jams|jammed|is jamming|(?:has|have) a paper jam",
        "jamming jams jammed jam",
    ),
    (
        "not working",
        r"(?:doesn't|does not|won't|isn't|is not|stopped|has stopped|is no longer)"
        r" work(?:ing|s)?|is broken|broke(?: down)?|is down|is dead",
        "work working works broken broke down dead",
    ),
    ("slow", r"(?:is|runs?|running) (?:very |really |so |super )?slow(?:ly)?", "slow slowly"),
    (
        "disconnecting",
        r"(?:keeps? )?(?:disconnecting|disconnects|los(?:es|ing) (?:the )?connection)",
        "disconnecting disconnects connection",
    ),
)


def _problem_rows() -> tuple[RelationPattern, ...]:
    return tuple(
        RelationPattern(
            "HAS_PROBLEM",
            rf"\b(?:{verbs})\b",
            "Problem",
            "fixed",
            "device",
            fixed_target=name,
            triggers=words,
        )
        for name, verbs, words in _PROBLEMS
    )


# fmt: off
P = RelationPattern
PROBLEM_ROWS: tuple[RelationPattern, ...] = (
    # -- problems and fixes -----------------------------------------------------------------
    *_problem_rows(),
    P("GOT_NEW_PART", r"\b(?:the|a|an|our|my) (?:new |replacement )?(?P<obj>[a-z]+(?: [a-z]+)?)"
      r" (?:was|were|has been|have been|got|is|are) (?:just |finally )?"
      r"(?P<verb>installed|replaced|swapped|changed)\b", "Part", "inline", "any_device",
      template="{source} got a new {target}", triggers="installed replaced swapped changed"),
    P("REPLACED", r"\b(?:replaced|swapped out)\b", "Part", "phrase", triggers="replaced swapped"),
    P("INSTALLED", r"\binstalled\b", "Part", "phrase", triggers="installed"),
    P("REPAIRED", r"\b(?:repaired|fixed)\b", "Part", "phrase", triggers="repaired fixed"),
    P("LOCATED_IN", r"\b(?:(?:is|are) )?(?:located |sitting |placed )?(?:in|at)\b", "Location",
      subject="device", reject_labels=_PLACE_LIKE, template="{source} is in {target}",
      triggers="in at"),
)
del P
# fmt: on
