"""Rows of the pattern table for a move that continues what the subject held: a transfer
("Jack transferred to Michigan": the school or employer he had, another one now) and a
return ("he's back at his old job at Panasonic", "I'm back with Deloitte": a job); and a tie
that ended, said by naming the person an ex ("my ex Rita", "my ex-wife Dana"); and an
operation one is recovering from ("since you're recovering from your shoulder surgery").
"""

from __future__ import annotations

from chronomem.extractors.rules.lexicon import word_set
from chronomem.extractors.rules.row import RelationPattern as P

# The relation placeholder of a transfer: ``clauses.py`` reads it as the one of STUDIES_AT /
# WORKS_AT the subject held, told before (none told: nothing is asserted).
CONTINUES_KNOWN = "CONTINUES_KNOWN"
_NOT_WORKPLACE = frozenset({"Location", "Person", "Event"})
SCHOOL_HEADS = word_set("school college university uni academy institute")

MOVE_ROWS: tuple[P, ...] = (
    P(
        CONTINUES_KNOWN,
        r"\btransfer(?:s|red|ring)? (?:schools? |colleges? |jobs? )?to\b",
        None,
        reject_labels=frozenset({"Person", "Event"}),
        triggers="transfer transfers transferred transferring",
    ),
    # a school is an employer when the verb says work: "I teach at Lakeside Academy", "she
    # works at Lincoln Elementary School" (the general row keeps schools for STUDIES_AT)
    P(
        "WORKS_AT",
        r"\b(?:work(?:s|ed|ing)?|teach(?:es|ing)?|taught|intern(?:s|ed|ing)?)(?: [a-z]+){0,2}? "
        r"(?:at|for)\b|\b(?:job|position) (?:at|with)\b|\b(?:employed|hired) (?:by|at)\b",
        "Organization",
        heads=SCHOOL_HEADS,
        reject_labels=_NOT_WORKPLACE,
        triggers="work works worked working teach teaches teaching taught intern interns interned "
        "interning job position employed hired",
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

_MINE = r"\b(?:my|our|your)"
_EX = r"ex[- ]?"
_WED = r"(?:wife|husband|spouse|hubby)"
_DATE = r"(?:girlfriend|boyfriend|gf|bf|partner|fianc[eé]e?)"

EX_ROWS: tuple[P, ...] = (
    P(
        "MARRIED_TO",
        rf"{_MINE} {_EX}{_WED},? (?P<obj>{{NAME}})|(?P<obj2>{{NAME}}),? (?:is |was |'s )?my "
        rf"{_EX}{_WED}\b",
        "Person",
        "inline",
        "possessor",
        ending=True,
        triggers="ex",
    ),
    P(
        "DATING",
        rf"{_MINE} {_EX}{_DATE},? (?P<obj>{{NAME}})|(?P<obj2>{{NAME}}),? (?:is |was |'s )?my "
        rf"{_EX}{_DATE}\b",
        "Person",
        "inline",
        "possessor",
        ending=True,
        triggers="ex",
    ),
    # a bare "my ex Rita": whatever tie the speaker was told to have with her ends
    P(
        "ENDS_KNOWN",
        rf"{_MINE} ex,? (?P<obj>{{NAME}})|(?P<obj2>{{NAME}}),? (?:is |was |'s )?my ex\b"
        rf"(?![- ]?(?:{_WED}|{_DATE}))",
        "Person",
        "inline",
        "possessor",
        ending=True,
        triggers="ex",
    ),
)

RECOVERY_ROWS: tuple[P, ...] = (
    P(
        "HAS_CONDITION",
        r"\b(?:recovering from|recuperating from|getting over|healing from|had|got|just had)\s+"
        r"(?:a |an |the |my |your |his |her |their )?(?:(?:recent|big|major|minor) )?"
        r"(?P<obj>{BODY}) (?:surgery|operation|replacement|reconstruction)\b",
        "Condition",
        "inline",
        target_format="{obj} injury",  # the name wellbeing.py's "recovered from" ends
        triggers="recovering recuperating getting healing had got",
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:recovering|recuperating|healing) from\s+(?:a |an |the |my |your |his |her |their )?"
        r"(?:bad |nasty |mild |severe )?(?P<obj>{CONDITION})\b",
        "Condition",
        "inline",
        triggers="recovering recuperating healing",
    ),
)
