"""Rows of the pattern table for diets, habits and health.

FOLLOWS_DIET holds one value at a time (``model/relations.py``): a new diet closes the old
one. HAS_HABIT and HAS_CONDITION accumulate and are closed only by an ending ("I quit
smoking", "I'm over the flu"). ``(?P<neg>...)`` captures a negation that stands after a
copula ("I'm not vegan anymore"). Macros: ``{NAME}``, ``{DIET}``, ``{HABIT}``,
``{CONDITION}``, ``{BODY}`` (see ``patterns.py``). One part of the table in
:mod:`.patterns`, which keeps its place.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.life_words import BODY_PARTS, CONDITIONS, DIETS
from chronomem.extractors.rules.tables.row import BE as _BE
from chronomem.extractors.rules.tables.row import RelationPattern as P

_NEG = r"(?P<neg> not| no longer| never)?"
_DIET_WORDS = " ".join(sorted(w.split("-")[0] for w in DIETS))
_CONDITION_WORDS = " ".join(sorted(w.split("-")[0] for w in CONDITIONS))
_BODY_WORDS = " ".join(sorted(BODY_PARTS))

HEALTH_ROWS: tuple[P, ...] = (
    # -- diets ------------------------------------------------------------------------------
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
        rf"(?:\b(?:went|gone|go|going|turned|became|become|becoming|stay|stayed|eat|eats|eating)"
        rf"|(?:\b|(?<=\w)){_BE}{_NEG})(?: now| still| officially)?"
        r" (?:fully |completely |strictly |mostly |full |100% |a )?(?P<obj>{DIET})\b"
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
    # -- habits -----------------------------------------------------------------------------
    P(
        "HAS_HABIT",
        r"\b(?:quit|stopped|stop|gave up|give up|kicked|cut out|ditched|dropped|"
        r"done with|off)\s+(?:(?:drinking|eating|having|doing|using|the)\s+)?(?P<obj>{HABIT})\b",
        "Habit",
        "inline",
        ending=True,
        triggers="quit stopped stop gave give kicked cut ditched dropped done off",
    ),
    P(
        "HAS_HABIT",
        r"\b(?:started|began|took up|picked up|start)\s+(?P<obj>smoking|vaping|"
        r"drinking)\b",
        "Habit",
        "inline",
        triggers="started began took picked start",
    ),
    P(
        "HAS_HABIT",
        r"\b(?:smoke|smokes|vape|vapes)\b(?! (?:detector|alarm))|\b"
        + _BE
        + r" an? (?:heavy |social |chain )?smoker\b",
        "Habit",
        "fixed",
        fixed_target="smoking",
        triggers="smoke smokes vape vapes smoker",
    ),
    P(
        "HAS_HABIT",
        r"\b(?:drink|drinks)\s+(?:a lot of |lots of |(?:way |far |so )?too much |so much |a ton of"
        r" |tons of )?(?P<obj>coffee|"
        r"alcohol|beer|wine|soda)\b",
        "Habit",
        "inline",
        triggers="drink drinks",
    ),
    # -- health -----------------------------------------------------------------------------
    P(
        "HAS_CONDITION",
        r"\b(?:recovered from|over|beat|beaten|cured of|healed from|free of|"
        r"rid of)\s+(?:the |my |a |an |that )?(?P<obj>{CONDITION})\b",
        "Condition",
        "inline",
        ending=True,
        triggers="recovered over beat beaten cured healed free rid",
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:the |my |your )?(?P<obj>{CONDITION})(?:(?: is| has|'s) (?:finally |totally |"
        r"completely |way |much |a lot |so much |all )?(?:gone|over|cleared up|cleared|better|"
        r"healed|a thing of the past|history)| (?:finally |totally |completely )?(?:cleared up|"
        r"went away|disappeared|healed up))\b",
        "Condition",
        "inline",
        "possessor",
        ending=True,
        triggers=_CONDITION_WORDS,
    ),
    P(
        "HAS_CONDITION",
        r"\bno (?:more|longer) (?:have |having |any )?(?P<obj>{CONDITION})\b",
        "Condition",
        "inline",
        "possessor",
        ending=True,
        triggers="no",
    ),
    P(
        "HAS_CONDITION",
        r"(?:\b(?:is|am|are)|'s|'m|'re) (?:much |a lot |so much |way |all |fully )?"
        r"(?:better|healed|recovered|cured)\b(?! than)",
        "Condition",
        "context",
        ending=True,
        triggers="better healed recovered cured",
    ),
    P(
        "HAS_CONDITION",
        rf"(?:\b|(?<=\w)){_BE} (?:now |officially )?(?P<obj>pregnant|diabetic|"
        r"pre-diabetic|prediabetic|anemic|allergic to [a-z]+|(?:lactose|gluten) intolerant|celiac|"
        r"sick|ill)\b",
        "Condition",
        "inline",
        triggers="pregnant diabetic pre prediabetic anemic allergic sick ill intolerant celiac",
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:feeling|feel|felt) (?:much |a lot |so much |way |a bit )?better\b"
        r"|\b(?:fully |finally |completely )?recovered\b|\bhealed up\b",
        "Condition",
        "context",
        ending=True,
        triggers="better recovered healed",
    ),
    P(
        "HAS_CONDITION",
        r"\bcast (?:is |came |got taken |finally came )?off\b|\bback on (?:my|your) "
        r"feet\b|\b(?:{BODY})(?: is|'s) (?:fully |all |"
        r"completely |finally |now |totally )?(?:healed|better|100%|fine|good as new|back to "
        r"normal)(?!\w)",
        "Condition",
        "context",
        "possessor",
        ending=True,
        triggers="cast feet healed better fine good normal " + _BODY_WORDS,
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:have|has|had|got|caught|came down with|getting over|suffering from|"
        r"struggling with|battling|diagnosed with|sick with|down with|dealing with)\s+"
        r"(?:a |an |the |some )?(?:bad |nasty |terrible |mild |severe |really bad |chronic )?"
        r"(?:type (?:1|2|one|two|i|ii) )?(?P<obj>(?:(?:sinus|ear|chest|throat|stomach|kidney|"
        r"bladder|lung|eye|skin|tooth|yeast|bacterial|viral|panic|social) )?(?:{CONDITION})"
        # a body part's trouble: "a meniscus injury", "knee pain", "shoulder problems"
        r"|(?:{BODY}) (?:injury|pain|problems?|issues?|infection|fracture|sprain|strain))\b",
        "Condition",
        "inline",
        triggers="have has had got caught came getting suffering struggling battling diagnosed "
        "sick down dealing",
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:broke|broken|fractured|sprained|twisted|injured|hurt|tore|torn|pulled|strained|"
        r"tweaked|busted|bruised|dislocated)\s+(?:my|his|her|your|a|the|their)\s+(?P<obj>{BODY})\b",
        "Condition",
        "inline",
        target_format="{obj} injury",
        triggers="broke broken fractured sprained twisted injured hurt tore torn pulled strained "
        "tweaked busted bruised dislocated",
    ),
)
