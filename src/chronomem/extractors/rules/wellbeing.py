"""Rows of the pattern table for how diets, habits and health change in everyday words:
"no more gluten free for me", "6 months sober", "it's type 2 diabetes now", "our daughter
was born", "recovered from the ACL surgery".

They sit beside ``states.py`` (the same macros, the same relations) and are tried after its
rows. Endings of a state told under another name ("quit drinking" ends the beer, "diabetes"
ends "pre-diabetic") are ``successions.py``.
"""

from __future__ import annotations

from chronomem.extractors.rules.row import RelationPattern as P

WELLBEING_ROWS: tuple[P, ...] = (
    P(
        "FOLLOWS_DIET",
        r"\bno (?:more|longer) (?P<obj>{DIET})\b(?! (?:recipes?|food|options?|meals?))",
        "Diet",
        "inline",
        "possessor",
        ending=True,
        template="{source} is {target}",
        triggers="no",
    ),
    P(
        "HAS_HABIT",
        r"\bno more (?P<obj>{HABIT})\b(?![- ]?free)|\bno (?P<obj2>{HABIT}) (?:at all|anymore|any"
        r" more|for me|since)\b",
        "Habit",
        "inline",
        "possessor",
        ending=True,
        triggers="no",
    ),
    P(  # "6 months sober today", "I've been sober since May": sobriety (ends drinking)
        "HAS_HABIT",
        r"\b(?:\w+ (?:days?|weeks?|months?|years?) (?:clean and )?sober)\b",
        "Habit",
        "fixed",
        "possessor",
        fixed_target="sobriety",
        template="{source} is sober",
        triggers="sober",
    ),
    P(
        "HAS_HABIT",
        r"(?:\b(?:am|is|are|been|got|getting|stayed|staying|stay)|'m|'s|'re) (?:now |still |"
        r"completely |totally |fully )?sober\b",
        "Habit",
        "fixed",
        fixed_target="sobriety",
        template="{source} is sober",
        triggers="sober",
    ),
    P(  # "fully recovered from the ACL surgery": the injury of that body part is over
        "HAS_CONDITION",
        r"\b(?:recovered from|over|healed from|rehab(?:bing)? from)\s+(?:the |my |a |an "
        r"|that )?(?P<obj>{BODY}) (?:surgery|operation|op|injury|repair|reconstruction|"
        r"break|fracture|sprain|tear)\b",
        "Condition",
        "inline",
        ending=True,
        target_format="{obj} injury",
        triggers="recovered over healed rehab rehabbing",
    ),
    P(  # "our daughter Mia was born", "I gave birth": a pregnancy told before is over
        "HAS_CONDITION",
        r"\b(?:gave birth|had (?:the|our|my) (?:baby|little one)|had (?:a |our |my )?(?:baby )?"
        r"(?:boy|girl)|welcomed (?:a |our |my )?(?:baby|son|daughter|twins|little)|(?:my|our) "
        r"(?:baby|son|daughter|twins|little one)(?: [A-Z][\w'-]*){0,2} (?:was|were|is|are)"
        r" (?:born|here)|(?:baby|son|daughter|twins) (?:was|were) born)\b",
        "Condition",
        "context",
        "possessor",
        ending=True,
        fixed_target="pregnant",
        triggers="birth born welcomed had here",
    ),
    P(  # "update: it's type 2 diabetes now", "turns out it's asthma": the speaker's diagnosis
        "HAS_CONDITION",
        r"\b(?:it's|it is|it was|it turned out to be|turns out it's|turned out it was) (?:actually"
        r" |now |officially |just |definitely )*(?:an? |the )?(?:type (?:1|2|one|two|i|ii) |full"
        r"[- ]blown |chronic )?(?P<obj>{CONDITION})\b(?! (?:season|meds|medication|pills|"
        r"tablets|shot|test|vaccine|clinic))",
        "Condition",
        "inline",
        "possessor",
        triggers="it's it turns turned",
    ),
)
