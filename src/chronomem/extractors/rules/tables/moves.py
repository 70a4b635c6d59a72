"""Rows of the pattern table for a move that continues what the subject held: a transfer
("Jack transferred to Michigan": the school or employer he had, another one now) and a
return ("he's back at his old job at Panasonic", "I'm back with Deloitte": a job); and a tie
that ended, said by naming the person an ex ("my ex Rita", "my ex-wife Dana").
"""

from __future__ import annotations

from chronomem.extractors.rules.analysis.found import Hit
from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.words import word_set

# The relation placeholder of a transfer: ``clauses.py`` reads it as the one of STUDIES_AT /
# WORKS_AT the subject held, told before (none told: nothing is asserted).
CONTINUES_KNOWN = "CONTINUES_KNOWN"
RETIRED = "retired"
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
    # "Mom finally retired from Mercy": besides the job that ended, her title now (an aside:
    # "Dr. Shah retired" still tells the loss of the speaker's Dr. Shah, see is_aside)
    P(
        "HAS_JOB_TITLE",
        r"\b(?:retired|retiring)\b(?! (?:my|the|his|her|our|their|your|it|them|that|this)\b)",
        "JobTitle",
        "fixed",
        fixed_target=RETIRED,
        template="{source} is retired",
        triggers="retired retiring",
    ),
    # "started a master's at Stanford", "doing a PhD at ETH": a degree is studies there
    P(
        "STUDIES_AT",
        r"\b(?:started|starting|doing|pursuing|finishing|began|beginning|enrolled in|got into)"
        r" (?:a |an |my |his |her |the )?(?:master'?s|masters|phd|ph\.d\.?|mba|doctorate|degree|"
        r"bachelor'?s|bachelors|postdoc|grad school|law school|med school|medical school)"
        r"(?: degree| program(?:me)?)?(?: in [a-z]+(?: [a-z]+)?)? (?:at|in)\b",
        "Organization",
        reject_labels=frozenset({"Person", "Event"}),
        triggers="started starting doing pursuing finishing began beginning enrolled got",
    ),
    # a verbless chat line: "not vegan anymore, I eat meat again", "no longer keto lol"
    P(
        "FOLLOWS_DIET",
        r"^\W*(?:(?:so|well|yeah|ok|okay|update|lol|nope|btw|welp)\W+){0,2}(?:not (?:a |being )?"
        r"(?P<obj>{DIET})(?: \w+)? any ?more|no longer (?:a )?(?P<obj2>{DIET}))\b",
        "Diet",
        "inline",
        "possessor",
        ending=True,
        triggers="anymore any longer",
    ),
    # "Congrats on starting at Meta next week!", "good luck on joining Stripe": the listener's
    P(
        "WORKS_AT",
        r"\b(?:congrat\w*|good luck|best of luck)\b[^.!?]{0,20}?\b(?:on|with) (?:starting (?:at|"
        r"with)|joining)\b",
        "Organization",
        subject="listener",
        reject_labels=_NOT_WORKPLACE,
        triggers="starting joining",
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


def is_aside(hit: Hit) -> bool:
    """A fact told beside the news that does not explain the sentence's names: "Dr. Shah
    retired" is also the loss of the speaker's doctor (a MENTIONED ending, prose._fallback)."""
    return hit.relation == "HAS_JOB_TITLE" and hit.target.name == RETIRED
