"""Rows of the pattern table for diets.

FOLLOWS_DIET holds one value at a time (``model/relations.py``): a new diet closes the old
one. ``(?P<neg>...)`` captures a negation that stands after a copula ("I'm not vegan
anymore"). Macros: ``{NAME}``, ``{DIET}`` (see ``patterns.py``). One part of the table in
:mod:`.patterns`, which keeps its place (before ``health_rows.py``).
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.life_words import DIET_BREAKERS, DIETS
from chronomem.extractors.rules.tables.row import BE as _BE
from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.words import alternatives

_NEG = r"(?P<neg> not| no longer| never)?"
_DIET_WORDS = " ".join(sorted(w.split("-")[0] for w in DIETS))
_BREAKER = alternatives(DIET_BREAKERS)

DIET_ROWS: tuple[P, ...] = (
    P(
        "FOLLOWS_DIET",
        r"\b(?:quit|gave up|ditched|dropped|stopped|came off|went off|off)"
        r" (?:on )?(?:being |the )?(?P<obj>{DIET})\b",
        "Diet",
        "inline",
        ending=True,
        template="{source} is {target}",
        triggers=_DIET_WORDS,
    ),
    P(
        "FOLLOWS_DIET",
        # "I eat meat again", "started eating chicken again", "having bread again": eating
        # something again ends the diet told before (but "eating keto again" starts one)
        r"\b(?:(?:started|start|starting|been|went back to|back to) )?(?:eat|eating|ate|eats|"
        r"having) (?!(?:{DIET}|healthy|clean|well|right|better|less|"
        r"more|out)\b)(?:[a-z]+ ){1,2}?again\b",
        "Diet",
        "context",
        ending=True,
        triggers="again",
    ),
    P(
        "FOLLOWS_DIET",
        # a food the diet kept out, eaten now: "back on meat", "I now eat fish", "started
        # having dairy", "eating chicken these days" end the diet told before
        r"\bback (?:on|to(?: eating)?) (?:the )?(?:" + _BREAKER + r")\b|\b(?:started|start|"
        r"starting|now|finally) (?:eating|eat|having) (?:some |a bit of |a little )?(?:"
        + _BREAKER
        # "now I eat fish": the subject stays before the verb the match starts on
        + r")\b|(?:(?<=\bnow i )|(?<=\bnow we ))(?:eat|have) (?:some )?(?:"
        + _BREAKER
        + r")\b|\b(?:eat|eating|eats) (?:"
        + _BREAKER
        + r") (?:now|these days)\b",
        "Diet",
        "context",
        ending=True,
        triggers=" ".join(sorted(DIET_BREAKERS)),
    ),
    P(
        "FOLLOWS_DIET",
        rf"(?:\b(?:went|gone|go|going|turned|became|become|becoming|stay|stayed|eat|eats|eating)"
        rf"|(?:\b|(?<=\w)){_BE}{_NEG})(?: now| still| officially)?"
        r" (?:[a-z-]+ and )?(?:fully |completely |strictly |mostly |full |100% |a )?"
        r"(?P<obj>{DIET})\b"
        r"(?! (?:recipes?|food|options?|meals?|restaurants?|places?))",
        "Diet",
        "inline",
        template="{source} is {target}",
        triggers=_DIET_WORDS,
    ),
    P(
        "FOLLOWS_DIET",
        r"\b(?:started|start|starting|doing|following|trying|try) (?:an? |the )?"
        r"(?P<obj>{DIET}) diet\b|\b(?:on|started|doing|trying) (?P<obj2>keto|paleo|whole30|"
        r"{DIET} diet)\b",
        "Diet",
        "inline",
        template="{source} is {target}",
        triggers=_DIET_WORDS,
    ),
    P(  # "full veg from today", "still veg?", "pure veg now": "veg" for vegetarian (not the
        # vegetables of "eat more veg", "fruit and veg")
        "FOLLOWS_DIET",
        r"\b(?:full|fully|pure|strictly|totally|100%) veg\b(?![\w-])"
        r"|\b(?:went|gone|turned|going|stayed|still) veg\b(?![\w-])"
        rf"|(?:\b|(?<=\w)){_BE}(?: now| still)? veg\b(?![\w-]| (?:and|&|or) )",
        "Diet",
        "fixed",
        "first",
        fixed_target="vegetarian",
        template="{source} is {target}",
        triggers="veg",
    ),
    P(  # "I'm off dairy", "gone off gluten": what one keeps out of one's food is a diet
        "FOLLOWS_DIET",
        r"(?:\b(?:am|gone|went|going|been|stay|staying)|'m|\bim) (?:completely |totally |fully "
        r"|strictly |now )?off (?P<obj>dairy|gluten|sugar|meat|carbs)\b",
        "Diet",
        "inline",
        target_format="{obj}-free",
        template="{source} is {target}",
        triggers="off",
    ),
)
