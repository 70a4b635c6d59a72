"""Rows of the pattern table for a move that continues what the subject held: a transfer
("Jack transferred to Michigan": the school or employer he had, another one now) and a
return ("he's back at his old job at Panasonic", "I'm back with Deloitte": a job).
"""

from __future__ import annotations

from chronomem.extractors.rules.row import RelationPattern as P

# The relation placeholder of a transfer: ``clauses.py`` reads it as the one of STUDIES_AT /
# WORKS_AT the subject held, told before (none told: nothing is asserted).
CONTINUES_KNOWN = "CONTINUES_KNOWN"
_NOT_WORKPLACE = frozenset({"Location", "Person", "Event"})

MOVE_ROWS: tuple[P, ...] = (
    P(
        CONTINUES_KNOWN,
        r"\btransfer(?:s|red|ring)? (?:schools? |colleges? |jobs? )?to\b",
        None,
        reject_labels=frozenset({"Person", "Event"}),
        triggers="transfer transfers transferred transferring",
    ),
    P(
        "WORKS_AT",
        r"(?:\b(?:am|is|are|was)|'m|'s|'re) (?:now |finally )?back (?:at|with)(?: (?:my|his|"
        r"her|their|your|the) (?:old |former |previous )?(?:job|position|role|firm) "
        r"(?:at|with))?\b",
        "Organization",
        reject_labels=_NOT_WORKPLACE,
        triggers="back",
    ),
)
