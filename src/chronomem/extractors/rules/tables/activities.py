"""Rows of the pattern table for what one does and knows, which accumulate: languages one
speaks or learns, collections, activities taken up.

* "I speak Spanish fluently", "fluent in Portuguese", "Greek is my native language" ->
  SPEAKS; "I'm learning French on Duolingo", "picking up some Japanese" -> LEARNS;
* "I collect vinyl records", "been collecting stamps since I was 10" -> COLLECTS;
* "took up pottery", "started walking daily", "started salsa lessons", "taking ceramics
  classes", "new hobby: bouldering" -> HAS_HABIT (what one does regularly; "I stopped
  running" ends it, ``habits.py``).

None of these relations is in ``model/relations.py``: a new language, collection or hobby
never closes an earlier one ("I'm learning French" keeps "I speak Spanish").
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.life_words import NOT_HOBBY
from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.words import word_set

# "taking online classes", "started night classes": words before "classes" that name no
# activity
_NOT_AN_ACTIVITY = word_set(
    "online night evening morning extra more some private group summer weekend college "
    "university uni school these those the my our new few two three four five prenatal "
    "remedial makeup make-up"
)
_STARTED = (
    r"(?:started|start|starting|began|begun|took up|taken up|taking up|take up|picked up|"
    r"got into|getting into|signed up for|enrolled in|taking|doing)"
)

ACTIVITY_ROWS: tuple[P, ...] = (
    P(
        "SPEAKS",
        r"\b(?:speak|speaks|spoke|speaking)\s+(?:some |a little |a bit of |fluent |basic |"
        r"conversational |decent |good )?(?P<obj>{LANGUAGE})\b|\bfluent in (?P<obj2>{LANGUAGE})\b",
        "Language",
        "inline",
        template="{source} speaks {target}",
        triggers="speak speaks spoke speaking fluent",
    ),
    P(
        "SPEAKS",
        r"\b(?P<obj>{LANGUAGE}) is (?:my|our|his|her) (?:native|first|mother|second) "
        r"(?:language|tongue)\b",
        "Language",
        "inline",
        "possessor",
        template="{source} speaks {target}",
        triggers="language tongue",
    ),
    P(
        "LEARNS",
        r"\b(?:learning|learn|learned|learnt|studying|picking up|practicing|practising)\s+"
        r"(?:some |a little |a bit of |basic |conversational |the |to play the |(?:how )?to play "
        r")?(?P<obj>{LANGUAGE}|{INSTRUMENT})\b",
        "Skill",
        "inline",
        template="{source} is learning {target}",
        triggers="learning learn learned learnt studying picking practicing practising",
    ),
    P(  # "started japanese too", "began Welsh in September": a language taken up is learnt
        "LEARNS",
        r"\b(?:started|starting|start|began|begun|begin|took up|taken up|taking up)\s+"
        r"(?:(?:some|a little|a bit of|basic|conversational)\s+)?(?P<obj>{LANGUAGE})\b"
        r"(?!\s+(?:food|cooking|cuisine|restaurant|films?|movies?|music|shows?|tv|lessons?|classes|"
        r"class|course))",
        "Skill",
        "inline",
        template="{source} is learning {target}",
        triggers="started starting start began begun begin took taken taking",
    ),
    P(  # "learning to surf", "learnt how to code": the skill, in the clause's own words
        "LEARNS",
        r"\b(?:learning|learn|learned|learnt) (?:how )?to (?P<obj>code|swim|drive|surf|ski|cook|"
        r"knit|sew|paint|dance|sing|skate|climb|sail|ride|crochet|draw|bake|box|juggle|"
        r"skateboard|snowboard)\b",
        "Skill",
        "inline",
        triggers="learning learn learned learnt",
    ),
    P(
        "COLLECTS",
        r"\b(?:collect|collects|collected|collecting)\b(?! (?:the |all |some |your |any |my )?"
        r"(?:data|metrics|logs?|info\w*|feedback|payments?|money|rent|tax\w*|results|samples|"
        r"evidence|garbage|trash|dust|points|rewards|stats|statistics|telemetry|traces|events|"
        r"signatures|donations|them|it|my|your|his|her|their|the kids|him|me|us)\b)",
        "Collection",
        "phrase",
        triggers="collect collects collected collecting",
    ),
    P(
        "HAS_HABIT",
        rf"\b{_STARTED}\s+(?:some |a |an )?(?P<obj>{{ACTIVITY}})(?=\s*(?:[.,!?;)]|$)|\s+(?:"
        r"classes|class|lessons|daily|every|regularly|again|on|at|in|with|last|this|recently|"
        r"lately|now|since|and|after|before|twice|once|three|most|more|a lot|seriously|during|"
        r"for|when|as|because|but|so|to|too|also|as well)\b)",
        "Activity",
        "inline",
        triggers="started start starting began begun took taken taking take picked got getting "
        "signed enrolled doing",
    ),
    P(
        "HAS_HABIT",
        rf"\b{_STARTED}\s+(?:some |a |an )?(?P<obj>(?!(?:"
        + "|".join(sorted(_NOT_AN_ACTIVITY))
        + r")\b)[a-z][a-z-]+(?: [a-z][a-z-]+)?) (?:classes|class|lessons|course)\b",
        "Activity",
        "inline",
        triggers="classes class lessons course",
    ),
    P(  # "picked up bouldering", "getting into trail running": any gerund after a verb
        # of taking something up names the activity (not "picked up something")
        "HAS_HABIT",
        r"\b(?:picked|picking|pick|got|getting|gotten|get) (?:up|into) (?P<obj>"
        r"(?:(?!(?:the|a|an|my|your|his|her|their|our|some|this|that|any|more|so|really)\b)"
        r"[a-z]+ )?(?!(?:" + "|".join(sorted(NOT_HOBBY)) + r")\b)[a-z]{3,}ing)"
        r"(?=\s*(?:[.,!?;)]|$)|\s+(?:classes|class|lessons|again|on|at|in|with|last|this|"
        r"recently|lately|now|since|and|after|before|during|for|when|because|but|so|too|also|"
        r"as well|lol|haha|these days|over)\b)",
        "Activity",
        "inline",
        triggers="picked picking pick got getting gotten get",
    ),
    P(  # "took up bouldering", "I've taken up the cello"
        "HAS_HABIT",
        r"\b(?:took|taken|taking|take) up (?:the |a |an )?(?!(?:space|time|room|the|my|your|"
        r"most|all|so|too|a|an|much|more|his|her|their|our|it|that|this)\b)(?P<obj>[a-z][a-z-]+"
        r"(?: (?!(?:during|in|at|on|for|with|last|this|since|after|before|again|and|but|when|"
        r"because|to|as|recently|lately|now|while|too|also|again|instead)\b)[a-z][a-z-]+)?)",
        "Activity",
        "inline",
        triggers="took taken taking take",
    ),
    P(
        "HAS_HABIT",
        r"\b(?:my )?new hobby(?: is|:|,| -)\s*(?P<obj>[a-z][a-z-]+(?: [a-z][a-z-]+)?)\b",
        "Activity",
        "inline",
        "possessor",
        triggers="hobby",
    ),
    P(  # "I made a new friend at work, Zoe": friends accumulate
        "FRIEND_OF",
        r"\bmade (?:a )?(?:new )?friend(?: (?:at|from|in|on) (?:the )?[a-z]+(?: [a-z]+)?)?,? "
        r"(?:named |called |- )?(?P<obj>{NAME})",
        "Person",
        "inline",
        triggers="made",
    ),
    P(  # "I'm obsessed with pickleball", "totally hooked on sudoku": a taste (accumulates)
        "LIKES",
        r"(?:(?:\b(?:am|is|are|was|got|getting)|'m|'re) (?:so |totally |completely |kinda |"
        r"a bit |lowkey |low key |really |super |now )?|\b)(?:obsessed with|hooked on|"
        r"crazy about|nuts about|mad about)\b",
        "Topic",
        "phrase",
        triggers="obsessed hooked crazy nuts mad",
    ),
)
