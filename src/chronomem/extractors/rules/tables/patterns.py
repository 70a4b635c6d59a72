"""The relation pattern table: data, not code branches.

Each :class:`RelationPattern` row says: when this verb phrase follows a subject, the object
after it is the target of ``relation``. Rows are tried in order; an earlier row that matches
a stretch of a clause keeps it (so "joined the book club" is MEMBER_OF, not WORKS_AT).

Regex macros: ``{NAME}`` a capitalised name of 1-3 words, ``{PET}`` a pet species,
``{JOB}`` a job head noun. Inline rows capture the target as ``(?P<obj>...)`` and may
capture ``role`` / ``species`` for their template.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chronomem.extractors.rules.analysis.spans import CAPITAL
from chronomem.extractors.rules.tables.activities import ACTIVITY_ROWS
from chronomem.extractors.rules.tables.belongings import BELONGING_ROWS
from chronomem.extractors.rules.tables.commitments import COMMITMENT_ROWS
from chronomem.extractors.rules.tables.diet_rows import DIET_ROWS
from chronomem.extractors.rules.tables.endings import ENDING_ROWS
from chronomem.extractors.rules.tables.favourites import FAVORITE_IS_ROWS, FAVORITE_ROWS
from chronomem.extractors.rules.tables.gazetteer import EVENT_HEADS, GROUP_HEADS
from chronomem.extractors.rules.tables.health_rows import HEALTH_ROWS
from chronomem.extractors.rules.tables.home_news import HOME_NEWS_ROWS
from chronomem.extractors.rules.tables.life_words import (
    ACTIVITIES,
    BODY_PARTS,
    CONDITIONS,
    DEPARTMENTS,
    DIETS,
    DISEASE_WORDS,
    HABITS,
    INSTRUMENTS,
    JOB_HEADS,
    LANGUAGES,
    NOT_THINGS,
    PEOPLE_ROLES,
    PET_SPECIES,
)
from chronomem.extractors.rules.tables.managers import MANAGER_ROWS
from chronomem.extractors.rules.tables.medication import DRUG_STEM, DRUG_TRIGGER, MEDICATION_ROWS
from chronomem.extractors.rules.tables.nominal import NOMINAL_ROWS
from chronomem.extractors.rules.tables.people_rows import PEOPLE_ROWS
from chronomem.extractors.rules.tables.problems import PROBLEM_ROWS
from chronomem.extractors.rules.tables.replacements import REPLACEMENT_ROWS
from chronomem.extractors.rules.tables.row import PLACE_LIKE as _PLACE_LIKE
from chronomem.extractors.rules.tables.row import RelationPattern, trigger_words
from chronomem.extractors.rules.tables.wellbeing import WELLBEING_ROWS
from chronomem.extractors.rules.tables.work_rows import WORK_ROWS
from chronomem.model.relations import GENERIC_RELATIONS
from chronomem.text.words import alternatives as _alt
from chronomem.text.words import word_set

__all__ = ["GENERIC_RELATIONS", "PATTERNS", "CompiledPattern", "candidate_patterns"]


_NAME = rf"(?-i:(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\. )?{CAPITAL}[\w'-]*(?: {CAPITAL}[\w'-]*){{0,2}})"


# Words that describe a pet before its species ("a grey cat", "our old rescue dog", "a
# three-legged greyhound"): one or two, any word but those that open a phrase of their own
# and the foods named after one ("a hot dog", "corn dogs")
_DESCRIBING = (
    r"(?!(?:named|called|and|or|but|of|at|in|on|to|for|with|from|the|a|an|my|our|his|her|"
    r"their|your|this|that|some|hot|corn)\b)(?:[a-z]+|\d{1,2}(?=-))(?:-[a-z]+)*"  # "12-year-old"
)
_MACROS = {
    "NAME": _NAME, "PET": _alt(PET_SPECIES), "JOB": _alt(JOB_HEADS | {"worker"}),
    "DIET": _alt(DIETS), "HABIT": _alt(HABITS), "CONDITION": f"{_alt(CONDITIONS)}|{DISEASE_WORDS}",
    "BODY": _alt(BODY_PARTS), "ACTIVITY": _alt(ACTIVITIES), "LANGUAGE": _alt(LANGUAGES),
    "PETADJ": rf"{_DESCRIBING}(?: {_DESCRIBING})?", "INSTRUMENT": _alt(INSTRUMENTS),
}  # fmt: skip
_NOT_WORK = frozenset({"Location", "Organization", "Event", "Device", "Person", "Pet"})
# "senior engineer", and titles "of" a department: "director of marketing", "head of sales"
# (a leading title only, the department in lower case: "employee of Salesforce" is no title)
_PET_WORDS = trigger_words(PET_SPECIES | {w + "s" for w in PET_SPECIES} | {"guinea"})

# the kind of a home between its verb and its place ("live on a houseboat in", "moved to a
# flat in"): never an office, a team or a table
HOME_KIND = (
    r"(?:place|flat|apartment|house|home|condo|studio|terrace|cottage|bungalow|houseboat|"
    r"narrowboat|boat|room|loft|townhouse|semi|duplex|farmhouse|caravan|village|town)"
)

# "I'm in HR": a department one works in is no home
_NO_DEPARTMENT = r"(?! (?:" + "|".join(sorted(DEPARTMENTS)) + r")\b)"

# fmt: off
P = RelationPattern
_ROWS: tuple[RelationPattern, ...] = (
    *NOMINAL_ROWS,
    *REPLACEMENT_ROWS,
    # states that change, in this order: a home and the listener's news, diets, habits and
    # health, pets gone, cars and phones, managers, favourites, memberships and plans
    *HOME_NEWS_ROWS,
    *DIET_ROWS,
    *HEALTH_ROWS,
    *BELONGING_ROWS,
    *MANAGER_ROWS,
    *FAVORITE_IS_ROWS,
    *COMMITMENT_ROWS,
    *FAVORITE_ROWS,
    *WELLBEING_ROWS,
    *MEDICATION_ROWS,
    *ACTIVITY_ROWS,
    *ENDING_ROWS,
    *PROBLEM_ROWS,
    # -- work, study, membership (work_rows.py) ---------------------------------------------
    *WORK_ROWS,
    # -- home and travel --------------------------------------------------------------------
    # "live on a houseboat in Amsterdam", "living in a tiny flat in Leeds": the place after
    # the home's kind
    # (with its street or floor between: "a studio on Via Pordoi in Bolzano")
    P("LIVES_IN", r"\b(?:live|lives|lived|living|reside|resides|residing) (?:(?:in|on) "
      r"(?:a|an|the|my|our) (?:[a-z-]+ )?" + HOME_KIND + r" (?:(?:on|off|near) "
      r"(?:[\w'-]+ ){1,4}?)?)?in\b"
      # "moved from Leeds to Kadikoy", "moved out of Hackney to a terrace in Margate": the
      # old home ends with the move, the new one is the place after the home's kind
      r"|\b(?:moved|relocated|relocating|moving|relocate|move) (?:back |straight |finally )?"
      r"(?:(?:from|out of) (?P<old>{NAME}) (?:back )?)?(?:here )?(?:in)?to"
      r"(?: (?:a|an|the|my|our|their) (?:[a-z-]+ ){0,2}" + HOME_KIND + r" in)?\b"
      r"|\b(?:based|settled|settling) in\b"
      # a street: "I live on rue Saint-Germain", "she lives on Pelham Rise"
      r"|\b(?:live|lives|lived|living) on(?: (?:rue|via|calle|avenida|the))?(?= [A-Z])"
      # "he shares a flat in Al Barsha", "renting a room in Leith": the home one has is where
      r"|\b(?:shares|share|sharing|rents|rent|renting) (?:a|an|the|my|our|his|her|their) "
      r"(?:[a-z-]+ )?" + HOME_KIND + r" in\b", "Location", reject_labels=_PLACE_LIKE,
      triggers="live lives lived living reside resides residing moved relocated relocating "
      "moving relocate move based settled settling shares share sharing rents rent renting"),
    # "he went back to Cebu for good": a return for good is a move
    P("LIVES_IN", r"\b(?:went|gone|going|headed|returned|moved|came) (?:back |home )?to"
      r"(?= (?:[A-Z][\w'-]*\s?){1,3} for good\b)", "Location", reject_labels=_PLACE_LIKE,
      triggers="went gone going headed returned moved came"),
    P("LIVES_IN", r"\b(?:my|our) (?:place|apartment|flat|house|home|condo|studio) (?:is |here )?in "
      r"(?P<obj>{NAME})", "Location", "inline", "possessor", reject_labels=_PLACE_LIKE,
      triggers="place apartment flat house home condo studio"),
    # "I'm in Phoenix", "i'm in seoul, been living here since uni": where one is, said plainly,
    # is where one lives -- unless the clause tells a stay ("for the weekend", "visiting")
    P("LIVES_IN", r"(?:\b(?:am|is|are)|'m|'re|\bim) (?:still |now |currently |back )?in\b"
      + _NO_DEPARTMENT, "Location", reject_labels=_PLACE_LIKE,
      requires=r"^(?!.*\b(?:visit\w*|trip|vacation|holiday|weekend|conference|business|layover|"
      r"staying|stay|hotel|airbnb|for (?:a|the|two|three|few)|until|till|stuck|traffic|"
      r"meeting|class|hospital|office|town for|queue|line)\b)",
      triggers="am is are m re im"),
    # "I'm staying with my parents in Ohio for now", "crashing with a friend in Leeds", "im
    # living at my parents in Kiryat Tivon": a home with people, unless the clause tells a
    # short stay
    P("LIVES_IN", r"\b(?:staying|living|crashing|bunking|moved in) (?:with (?:my |our |his |"
      r"her |some |a )?|at (?:my|our|his|her) )(?:[\w']+ ){0,2}?in\b", "Location",
      reject_labels=_PLACE_LIKE,
      requires=r"^(?!.*\b(?:visit\w*|trip|vacation|holiday|weekend|conference|business|"
      r"layover|hotel|airbnb|tonight|for (?:a|the|two|three|few|a few) (?:days?|nights?|weeks?))"
      r"\b)", triggers="staying living crashing bunking moved"),
    P("FROM", r"(?:\b(?:am|is|are|come|comes|came)|'m|'re) (?:originally )?from\b|\bgrew up in\b"
      r"|\b(?:was )?born (?:and raised )?in\b|\braised in\b|\bhometown is\b", "Location",
      reject_labels=_PLACE_LIKE, triggers="from grew born raised hometown"),
    P("ATTENDED", r"\b(?:went to|attended|go to|going to|been to)\b", "Event", "phrase",
      heads=EVENT_HEADS | GROUP_HEADS, triggers="went attended go going been"),
    P("VISITED", r"\b(?:visited|visiting|went to|been to|traveled to|travelled to|traveling to"
      r"|travelling to|flew to|flying to|drove to|trip to|vacation(?:ed|ing)? in|holiday in"
      r"|stayed in|toured|went back to|going to)\b", "Location", reject_labels=_PLACE_LIKE,
      triggers="visited visiting went been traveled travelled traveling travelling flew flying "
      "drove trip vacation vacationed vacationing holiday stayed toured going"),
    *PEOPLE_ROWS,
    # -- pets -------------------------------------------------------------------------------
    # "my hamster's name is Dubu", "my dog name is Rex" (English as a second language)
    # (the match opens on the species: "my hamster's" would be another's thing)
    P("HAS_PET", r"(?:(?<=\bmy )|(?<=\bour ))(?P<species>{PET})(?:'s)? name(?:'s| is) "
      r"(?P<obj>{NAME})", "Pet", "inline", "possessor",
      template="{source} has a {species} named {target}", triggers="name"),
    P("HAS_PET", r"\b(?:my|our) (?:(?:{PETADJ}) )?(?P<species>{PET}),? (?:named |called )?"
      r"(?!name\b)(?P<obj>{NAME})", "Pet", "inline", "possessor",
      template="{source} has a {species} named {target}", triggers="my our"),
    P("HAS_PET", r"(?P<obj>{NAME}),? (?:is )?(?:my|our) (?:(?:{PETADJ}) )?(?P<species>{PET})\b",
      "Pet", "inline", "possessor", template="{source} has a {species} named {target}",
      triggers="my our"),
    # "Biscotti (the dog) is living his best life", "the dog (Rocket) ate my sock": a name
    # and "the <species>" side by side, opening the sentence or a clause after "and"/","
    P("HAS_PET", r"(?:^\W*|(?<=\band )|(?<=\bbut )|(?<=, ))(?P<obj>{NAME}),? \(?the "
      r"(?:(?:{PETADJ}) )?(?P<species>{PET})\b"
      r"(?! (?:of|from|at|in|next|down|across|over|upstairs|downstairs|walker|sitter|groomer|"
      r"trainer|whisperer|lady|guy|man|woman|person|people|owner|food|park|show|house|bed)\b)",
      "Pet", "inline",
      "possessor", template="{source} has a {species} named {target}", triggers="the"),
    P("HAS_PET", r"(?:^\W*|(?<=\band )|(?<=\bbut )|(?<=, ))the (?:(?:{PETADJ}) )?"
      r"(?P<species>{PET}) \((?P<obj>{NAME})\)", "Pet",
      "inline", "possessor", template="{source} has a {species} named {target}",
      triggers="the"),
    P("HAS_PET", r"\b(?:have|has|had|got|adopted|rescued|own|owns|bought|getting|get"
      r"|came home with|brought home|took home)"
      r" (?:a|an|another|two|three|\d+)? ?(?:(?:{PETADJ}) )?(?P<species>(?:{PET})s?)"
      r"(?: (?:named|called) (?P<obj>{NAME})|,? (?P<obj2>{NAME})(?=\s*(?:[.!,;)]|$|who\b"
      r"|and (?:(?:he|she)\b|(?-i:[A-Z])))))", "Pet", "inline",
      template="{source} has a {species} named {target}", triggers="named called " + _PET_WORDS),
    # "got a kitten last week, named her Mochi", "adopted a tabby, she's called Churro",
    # "... her name is Pepper": the pet named in the clause that follows
    P("HAS_PET", r"\b(?:have|has|had|got|adopted|rescued|bought|brought home|came home with"
      r"|took home)"
      r" (?:a|an|another|two|three|\d+)? ?(?:(?:{PETADJ}) )?(?P<species>(?:{PET})s?)\b"
      r"[^.!?;]{0,40}?,? (?:and )?(?:(?:we |I )?(?:named|called|name|call) (?:him|her|them|it) "
      r"|(?:he|she|it)(?:'s| is) (?:called|named) |(?:his|her|its) name(?:'s| is) )"
      r"(?P<obj>{NAME})", "Pet", "inline",
      template="{source} has a {species} named {target}", triggers="named called name call"),
    P("HAS_PET", r"\b(?:have|has|got|adopted|rescued|own|owns|came home with|brought home"
      r"|took home) (?:a|an|another|two|three|\d+) (?:(?:{PETADJ}) )?(?P<obj>{PET})\b", "Pet",
      "inline", triggers=_PET_WORDS),
    # -- books, films, shows ----------------------------------------------------------------
    P("READ", r"\b(?:read|reading|reread|re-read|rereading|finished reading|started reading)\b",
      "Book", reject_labels=_NOT_WORK, triggers="read reading reread rereading re"),
    P("WATCHED", r"\b(?:watched|watching|rewatched|binged|binge-watched)\b", "Movie",
      reject_labels=_NOT_WORK, triggers="watched watching rewatched binged binge"),
    # -- tastes and activities --------------------------------------------------------------
    # "I'm into X", and told by how much or how lately: "more into", "so into", "getting into",
    # "hooked on" (the one reading of these for the speaker and anyone else);
    # denied, the opposite taste: "I'm not a fan of X", "not into X" (DISLIKES)
    P("LIKES", r"(?:\b(?:am|is|are)|'m|'re)(?P<neg> not| no longer)? (?:(?:really|so|super|"
      r"totally|very|big|more|much|way|also|still|just|now|lately|getting|kind of|kinda) )*"
      r"(?:(?:a )?(?:big |huge |massive )?fan of|into|all about|hooked on)\b",
      "Topic", "phrase", negated_relation="DISLIKES", triggers="fan into about hooked"),
    # "I'm a die hard Chelsea fan", "my dad is a huge Yankees fan": the team or act one follows
    P("LIKES", r"(?:(?:\b(?:am|is|are|was)|'m|'re|\bim) (?:an? )?)(?:(?:die[- ]?hard|big|huge|"
      r"massive|lifelong|loyal|true|proud|longtime|long-time) )*(?P<obj>{NAME}) "
      r"(?:fan|supporter)s?\b", "Topic", "inline", reject_labels=frozenset({"Pet", "Device"}),
      template="{source} is a fan of {target}", triggers="fan fans supporter supporters"),
    # "I'm a thriller junkie", "such a sci-fi nerd", "a huge jazz fan": a kind of thing one
    # is a fan of, in lower case
    P("LIKES", r"(?:(?:\b(?:am|is|are|was)|'m|'re|\bim) (?:such |quite |a bit of |kind of |kinda )?"
      r"(?:an? )?)(?:(?:die[- ]?hard|big|huge|massive|lifelong|total|complete|absolute|real|"
      r"proper|self-confessed|self-proclaimed|serious|bit of a) )*"
      r"(?P<obj>(?-i:[a-z][a-z-]+(?: [a-z][a-z-]+)?)) (?:fan|junkie|nerd|buff|geek|fiend|"
      r"aficionado|enthusiast)s?\b", "Topic", "inline", template="{source} is a fan of {target}",
      triggers="fan fans junkie junkies nerd nerds buff buffs geek geeks fiend aficionado "
      "enthusiast"),
    # "Arsenal fan now, fight me": a verbless line opening on the name tells the speaker's own
    P("LIKES", r"^\W*(?P<obj>{NAME}) (?:fan|supporter)s?\b", "Topic", "inline", "possessor",
      reject_labels=frozenset({"Pet", "Device"}), template="{source} is a fan of {target}",
      triggers="fan fans supporter supporters"),
    P("LOVES", r"\b(?:love|loves|loved|loving|adore|adores|adored)\b"
      r"|(?:\b(?:am|is|are)|'m|'re) passionate about\b", "Topic", "phrase",
      negated_relation="DISLIKES",
      triggers="love loves loved loving adore adores adored passionate"),
    P("HATES", r"\b(?:hate|hates|hated|can't stand|cannot stand|dislike|dislikes|detest)\b",
      "Topic", "phrase", triggers="hate hates hated stand dislike dislikes detest"),
    P("ENJOYS", r"\b(?:enjoy|enjoys|enjoyed|enjoying)\b", "Topic", "phrase",
      negated_relation="DISLIKES", triggers="enjoy enjoys enjoyed enjoying"),
    P("LIKES", r"(?<!is )(?<!was )(?<!are )(?<!'s )(?<!'re )(?<!be )\b(?:like|likes|liked"
      r"|liking)\b", "Topic", "phrase", negated_relation="DISLIKES",
      triggers="like likes liked liking"),
    P("PLAYS", r"\b(?:play|plays|played|playing)\b(?! (?:with|around|along|outside|together|in|at"
      r"|on|out|a role|a part|a big|an important|it))", "Activity", "phrase",
      reject_heads=word_set("team teams match role part gig show set trick tricks joke prank"),
      triggers="play plays played playing"),
    P("OWNS", r"\b(?:bought|buy|buying|purchased|own|owns|owned)\b"
      r"|\bgot (?:myself |ourselves )?(?:a )?(?:brand )?new\b", "Item", "phrase",
      reject_heads=PEOPLE_ROLES | NOT_THINGS,
      triggers="bought buy buying purchased own owns owned new"),
)
del P
# fmt: on


@dataclass(frozen=True, slots=True)
class CompiledPattern:
    row: RelationPattern
    regex: re.Pattern[str]
    requires: re.Pattern[str] | None
    triggers: frozenset[str]


def _compile(row: RelationPattern) -> CompiledPattern:
    source = row.verbs
    for key, value in _MACROS.items():
        source = source.replace("{" + key + "}", value)
    requires = re.compile(row.requires, re.I) if row.requires else None
    triggers = frozenset(row.triggers.split())
    if not triggers:
        raise ValueError(f"pattern row {row.relation} {row.verbs!r} needs trigger words")
    return CompiledPattern(row, re.compile(source, re.I), requires, triggers)


PATTERNS: tuple[CompiledPattern, ...] = tuple(_compile(r) for r in _ROWS)
_BY_TRIGGER: dict[str, tuple[int, ...]] = {}
for _i, _cp in enumerate(PATTERNS):
    for _word in _cp.triggers:
        _BY_TRIGGER[_word] = (*_BY_TRIGGER.get(_word, ()), _i)
del _i, _cp, _word


_DRUG = re.compile(DRUG_STEM)


def candidate_patterns(words: set[str]) -> list[CompiledPattern]:
    """The rows worth trying on a clause with these lower-case words, in table order (a
    drug known by its name's stem stands for the medication rows' trigger)."""
    if any(_DRUG.fullmatch(w) for w in words):
        words = {*words, DRUG_TRIGGER}
    rows = {i for w in words for i in _BY_TRIGGER.get(w, ())}
    return [PATTERNS[i] for i in sorted(rows)]
