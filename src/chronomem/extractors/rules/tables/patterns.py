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

from chronomem.extractors.rules.tables.activities import ACTIVITY_ROWS
from chronomem.extractors.rules.tables.belongings import BELONGING_ROWS
from chronomem.extractors.rules.tables.commitments import COMMITMENT_ROWS
from chronomem.extractors.rules.tables.favourites import FAVORITE_IS_ROWS, FAVORITE_ROWS
from chronomem.extractors.rules.tables.gazetteer import EVENT_HEADS, GROUP_HEADS
from chronomem.extractors.rules.tables.health_rows import HEALTH_ROWS
from chronomem.extractors.rules.tables.home_news import HOME_NEWS_ROWS
from chronomem.extractors.rules.tables.life_words import (
    ACTIVITIES,
    BODY_PARTS,
    CONDITIONS,
    DIETS,
    HABITS,
    INSTRUMENTS,
    JOB_HEADS,
    LANGUAGES,
    PEOPLE_ROLES,
    PET_ADJECTIVES,
    PET_SPECIES,
    ROLES_DATING,
    ROLES_FAMILY,
    ROLES_FRIEND,
    ROLES_MANAGER,
    ROLES_MARRIED,
    ROLES_PERSONAL,
)
from chronomem.extractors.rules.tables.managers import MANAGER_ROWS
from chronomem.extractors.rules.tables.medication import MEDICATION_ROWS
from chronomem.extractors.rules.tables.moves import EX_ROWS, RECOVERY_ROWS, SCHOOL_HEADS
from chronomem.extractors.rules.tables.nominal import NOMINAL_ROWS
from chronomem.extractors.rules.tables.replacements import REPLACEMENT_ROWS
from chronomem.extractors.rules.tables.row import RelationPattern, trigger_words
from chronomem.extractors.rules.tables.tastes import TASTE_ROWS
from chronomem.extractors.rules.tables.wellbeing import WELLBEING_ROWS
from chronomem.extractors.rules.tables.work_rows import WORK_ROWS
from chronomem.text.words import word_set

# Which relations hold one value at a time is the model's table (model/relations.py).
# Catch-all relations: duplicates only when their text is nearly the same.
GENERIC_RELATIONS = frozenset({"MENTIONED", "RELATED_TO"})


_NAME = r"(?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2})"


def _alt(words: frozenset[str]) -> str:
    """One alternative per word, longest first; a hyphen may be written as a space or left
    out ("gluten-free", "gluten free", "covid19")."""
    alts = (re.escape(w).replace(r"\-", "[- ]?") for w in words)
    return "|".join(sorted(alts, key=lambda w: (-len(w), w)))


_MACROS = {
    "NAME": _NAME, "PET": _alt(PET_SPECIES), "JOB": _alt(JOB_HEADS | {"worker"}),
    "DIET": _alt(DIETS), "HABIT": _alt(HABITS), "CONDITION": _alt(CONDITIONS),
    "BODY": _alt(BODY_PARTS), "ACTIVITY": _alt(ACTIVITIES), "LANGUAGE": _alt(LANGUAGES),
    "PETADJ": _alt(PET_ADJECTIVES), "INSTRUMENT": _alt(INSTRUMENTS),
}  # fmt: skip
_PLACE_LIKE = frozenset({"Organization", "Person", "Event", "Work", "Device", "Book", "Movie"})
_NOT_PERSON = frozenset({"Location", "Organization", "Event", "Device", "Work"})
_NOT_WORK = frozenset({"Location", "Organization", "Event", "Device", "Person", "Pet"})
# what one is "in" as a member: "I'm in a book club" ("in the city center" is a place)
_IN_GROUP = word_set(
    "group club team society association league union church band choir program programme "
    "committee council orchestra troupe crew squad"
)
_LOWER_CLUB = (
    r"(?!(?:new|annual|monthly|yearly|family|student|premium|free|basic|full|trial|lifetime|"
    r"year|month|cheap|corporate|joint|couples?|own|first|gold|silver|vip|the|a|an)\b)[a-z]+"
)
# "senior engineer", and titles "of" a department: "director of marketing", "head of sales"
# (a leading title only, the department in lower case: "employee of Salesforce" is no title)
_PET_WORDS = trigger_words(PET_SPECIES | {"guinea"})
# (problem, regex, trigger words)
_PROBLEMS = (
    (
        "jamming",
        r"(?:keeps?|kept) jamming|jams|jammed|is jamming|(?:has|have) a paper jam",
        "jamming jams jammed jam",
    ),
    (
        "crashing",
        r"(?:keeps?|kept) crashing|crash(?:es|ed)|is crashing",
        "crashing crashes crashed",
    ),
    (
        "freezing",
        r"(?:keeps?|kept) freezing|freezes|froze|is frozen",
        "freezing freezes froze frozen",
    ),
    (
        "not printing",
        r"(?:won't|doesn't|does not|can't|isn't|is not) print(?:ing)?",
        "print printing",
    ),
    (
        "not turning on",
        r"(?:won't|doesn't|does not) (?:turn|switch|start|power) on|won't (?:start|boot)",
        "turn switch start power boot",
    ),
    (
        "not working",
        r"(?:doesn't|does not|won't|isn't|is not|stopped|has stopped|is no longer)"
        r" work(?:ing|s)?|is broken|broke(?: down)?|is down|is dead",
        "work working works broken broke down dead",
    ),
    ("leaking", r"(?:is |keeps )?leak(?:s|ing|ed)", "leaks leaking leaked"),
    ("overheating", r"(?:is |keeps )?overheat(?:s|ing|ed)", "overheats overheating overheated"),
    (
        "error",
        r"(?:shows?|showing|displays?|gives?|giving|throws?) (?:an? |the )?(?:\w+ )?error",
        "error",
    ),
    ("slow", r"(?:is|runs?|running) (?:very |really |so |super )?slow(?:ly)?", "slow slowly"),
    (
        "noise",
        r"(?:makes?|making) (?:an? )?(?:strange|weird|loud|funny|odd) (?:noise|sound)s?",
        "noise noises sound sounds",
    ),
    (
        "disconnecting",
        r"(?:keeps? )?(?:disconnecting|disconnects|los(?:es|ing) (?:the )?connection)",
        "disconnecting disconnects connection",
    ),
)
_FIXED = (
    r"(?:works|is working|working|runs|is running|prints|is printing)"
    r" (?:fine |normally |properly |perfectly |well )?again"
    r"|(?:is|was|got|has been|have been|been) (?:finally |now |all )?"
    r"(?:fixed|resolved|repaired|sorted)"
    r"|is back to normal|(?:works|is working) (?:fine|perfectly|properly|normally) now"
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


_KIN = _alt(ROLES_FAMILY | ROLES_MARRIED | ROLES_DATING)


def _role_rows(
    relation: str, roles: frozenset[str], *, held: bool = False
) -> tuple[RelationPattern, ...]:
    """ "my sister Emma", "Emma is my sister", "my new manager is Priya" (also "your" on an
    assistant's turn): the owner of the possessive is the source. ``held``: a role one
    holds for someone, named with what it is for ("my climbing coach is Jo", "my team lead",
    "Dr. Abiola has been my GP") and held for one's kin ("my son's coach is Mr Ade": the
    son's)."""
    alt = _alt(roles)
    text = "{target} is {source}'s {role}"
    free = r"(?:(?!(?:is|was|and|or|own|ex)\b)[a-z]+ )?" if held else ""
    kind = (
        rf"(?:best |closest |old |dear |new |current |family |swim |personal )?{free}"
        rf"(?P<role>{alt})"
    )
    mine = rf"(?:my|our|your)(?: (?:{_KIN})'s)?" if held else r"(?:my|our|your)"
    # "a company called Bluestone", "a guy named Phil": the name of what the role is
    called = r"(?:(?:an?|some) (?:[a-z]+ ){0,2}(?:called|named) )?"
    forms = (
        rf"\b{mine} {kind},? (?P<obj>{{NAME}})",
        rf"(?P<obj>{{NAME}}),? (?:is|was|'s|became|is now|'s now|has been|'s been) {mine} "
        rf"(?:new )?{kind}\b",
        rf"\b{mine} {kind} (?:is|'s) (?:now |currently )?{called}(?P<obj>{{NAME}})",
        # "I got a new boss, Karen", "we have a new landlord named Mr. Lee"
        rf"\b(?:got|have|has|'ve got) an? (?:new )?(?P<role>{alt}),? (?:named |called )?"
        rf"(?P<obj>{{NAME}})",
    )
    # a chat line written as a label: "new manager: Rebecca", "my coach now = Ms. Ortiz"
    label = (
        rf"(?:\b{mine} (?:new |current )?|\b(?:new|current) |^\W*)(?P<role>{alt})(?: now)?"
        rf" ?[:=] ?(?P<obj>{{NAME}})"
    )
    triggers = ("my our your",) * (len(forms) - 1) + ("got have has", " ".join(sorted(roles)))
    return tuple(
        RelationPattern(
            relation,
            form,
            "Person",
            "inline",
            "possessor",
            template=text,
            triggers=words,
            presupposed=form is forms[0],  # "my sister Emma is visiting next week"
        )
        for form, words in zip((*forms, label), triggers, strict=True)
    )


# fmt: off
P = RelationPattern
_ROWS: tuple[RelationPattern, ...] = (
    *NOMINAL_ROWS,
    *REPLACEMENT_ROWS,
    # states that change, in this order: a home and the listener's news, diets, habits and
    # health, pets gone, cars and phones, managers, favourites, memberships and plans
    *HOME_NEWS_ROWS,
    *HEALTH_ROWS,
    *BELONGING_ROWS,
    *MANAGER_ROWS,
    *FAVORITE_IS_ROWS,
    *COMMITMENT_ROWS,
    *FAVORITE_ROWS,
    *WELLBEING_ROWS,
    *MEDICATION_ROWS,
    *ACTIVITY_ROWS,
    *RECOVERY_ROWS,
    # -- endings: the fact that ended, with invalid_at --------------------------------------
    P("MEMBER_OF", r"\b(?:left|quit|dropped out of)\b", "Organization", "phrase", ending=True,
      heads=GROUP_HEADS | {"gym"}, triggers="left quit dropped"),
    P("WORKS_AT", r"\b(?:quit|left) (?:my|her|his|the|a) (?:[a-z]+ )?job (?:at|with|in)\b"
      r"|\bresigned from\b"
      r"|\bretired from\b|\b(?:got|was|been|were) (?:fired|laid off|let go) (?:from|by)\b"
      r"|\bstopped working (?:at|for)\b|\b(?:my |her |his )?last day at\b|\bleft\b|\bquit\b",
      "Organization", ending=True,
      reject_labels=frozenset({"Location", "Person", "Event"}), reject_heads=GROUP_HEADS,
      context_words=frozenset({"job", "work", "position", "role", "company", "firm"}),
      triggers="quit left resigned retired fired laid let stopped last"),
    # "Chris left for Google": a company one leaves for is the new employer (a known
    # company only: "left for Tulum" is a trip)
    P("WORKS_AT", r"\b(?:left|quit|is leaving|'s leaving) (?:[a-z]+ )?for\b", "Organization",
      need_labels=frozenset({"Organization"}), triggers="left quit leaving",
      # a work cue or a date long past: "Mom left for Walmart" is an errand
      requires=r"\b(?:job|work|team|company|offer|role|position|hired|poached|recruited|"
      r"startup|colleague|coworker|boss)\b|\blast (?:week|month|year)\b|\b(?:weeks?|months?|"
      r"years?) ago\b"),
    # "handed in my notice at Deloitte", "gave my two weeks' notice to Acme"
    P("WORKS_AT", r"\b(?:handed in|put in|gave|giving|handing in) (?:my |her |his )?"
      r"(?:two weeks'? )?notice (?:at|to)\b", "Organization", ending=True,
      reject_labels=frozenset({"Location", "Person", "Event"}), triggers="notice"),
    # "my new employer is Netflix", "my company is Acme now"
    P("WORKS_AT", r"\b(?:my|your) (?:new |current )?(?:employer|company|workplace) (?:is|'s) "
      r"(?:now |currently )?(?P<obj>{NAME})", "Organization", "inline", "possessor",
      reject_labels=frozenset({"Location", "Person", "Event"}),
      template="{source} works at {target}", triggers="employer company workplace"),
    # "renewed my Costco membership", "I'm in a book club", "not in the choir anymore"
    # (the name often typed in lower case: "got a costco membership"; a word saying what
    # kind of membership is no name: "got a family membership")
    P("MEMBER_OF", r"\b(?:renewed|have|has|got|bought|started|use) (?:my|our|a|an) "
      r"(?P<obj>{NAME}|" + _LOWER_CLUB + r") membership\b", "Organization", "inline",
      reject_labels=frozenset({"Location", "Person", "Event"}), triggers="membership"),
    P("MEMBER_OF", r"(?:\b(?:am|is|are|was|were)|'m|'re|'s)(?P<neg> not| no longer)? (?:still |now "
      r"|also )?in (?:the|a|an|our|my)\b", "Organization", "phrase", heads=_IN_GROUP,
      triggers="in"),
    # "my last day at Unilever was March 31st", "today was my last shift at Costco"
    P("WORKS_AT", r"\b(?:my|our|your) (?:very )?(?:last|final) (?:day|shift|week) (?:at|with)\b",
      "Organization", subject="possessor", ending=True,
      reject_labels=frozenset({"Location", "Person", "Event"}), triggers="last final"),
    P("WORKS_AT", r"(?P<obj>{NAME}) (?:let (?:me|us) go|fired (?:me|us)|laid (?:me|us) off)\b",
      "Organization", "inline", "possessor", ending=True,
      reject_labels=frozenset({"Location", "Person", "Event"}), triggers="let fired laid"),
    P("LIVES_IN", r"\b(?:moved|moving|move) (?:out of|away from)\b", "Location", ending=True,
      context_words=frozenset({"apartment", "house", "home", "place", "flat", "city", "town"}),
      triggers="moved moving move"),
    P("DATING", r"\b(?:broke up with|split up with|dumped|broke up|split up)\b", "Person",
      ending=True, reject_labels=_NOT_PERSON, context_words=frozenset({""}),
      triggers="broke split dumped"),
    P("MARRIED_TO", r"\b(?:got divorced from|divorced from|divorced|separated from)\b", "Person",
      ending=True, reject_labels=_NOT_PERSON, context_words=frozenset({""}),
      triggers="divorced separated"),
    P("STUDIES_AT", r"\b(?:graduated from|dropped out of)\b", "Organization", ending=True,
      context_words=SCHOOL_HEADS, triggers="graduated dropped"),
    P("OWNS", r"\b(?:sold|got rid of|gave away)\b", "Item", "phrase", ending=True,
      triggers="sold rid gave"),
    P("PLAYS", r"\b(?:stopped|quit|gave up) playing\b", "Activity", "phrase", ending=True,
      triggers="playing"),
    P("HAS_PROBLEM", rf"\b(?:{_FIXED})\b", "Problem", "context", "device", ending=True,
      triggers="again fixed resolved repaired sorted normal now"),
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
    # -- work, study, membership (work_rows.py) ---------------------------------------------
    *WORK_ROWS,
    # -- home and travel --------------------------------------------------------------------
    P("LIVES_IN", r"\b(?:live|lives|lived|living|reside|resides|residing) in\b"
      r"|\b(?:moved|relocated|relocating|moving|relocate|move) (?:back )?(?:here )?to\b"
      r"|\b(?:based|settled|settling) in\b", "Location", reject_labels=_PLACE_LIKE,
      triggers="live lives lived living reside resides residing moved relocated relocating "
      "moving relocate move based settled settling"),
    P("LIVES_IN", r"\b(?:my|our) (?:place|apartment|flat|house|home|condo|studio) (?:is |here )?in "
      r"(?P<obj>{NAME})", "Location", "inline", "possessor", reject_labels=_PLACE_LIKE,
      triggers="place apartment flat house home condo studio"),
    # "I'm in Phoenix", "i'm in seoul, been living here since uni": where one is, said plainly,
    # is where one lives -- unless the clause tells a stay ("for the weekend", "visiting")
    P("LIVES_IN", r"(?:\b(?:am|is|are)|'m|'re|\bim) (?:still |now |currently |back )?in\b",
      "Location", reject_labels=_PLACE_LIKE,
      requires=r"^(?!.*\b(?:visit\w*|trip|vacation|holiday|weekend|conference|business|layover|"
      r"staying|stay|hotel|airbnb|for (?:a|the|two|three|few)|until|till|stuck|traffic|"
      r"meeting|class|hospital|office|town for|queue|line)\b)",
      triggers="am is are m re im"),
    # "I'm staying with my parents in Ohio for now", "crashing with a friend in Leeds": a
    # home with people, unless the clause tells a short stay
    P("LIVES_IN", r"\b(?:staying|living|crashing|bunking|moved in) with (?:my |our |his |her |"
      r"some |a )?(?:[\w']+ ){0,2}?in\b", "Location", reject_labels=_PLACE_LIKE,
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
    # -- people -----------------------------------------------------------------------------
    *EX_ROWS,
    *_role_rows("MARRIED_TO", ROLES_MARRIED),
    *_role_rows("DATING", ROLES_DATING),
    *_role_rows("FRIEND_OF", ROLES_FRIEND),
    *_role_rows("FAMILY_OF", ROLES_FAMILY),
    *_role_rows("MANAGED_BY", ROLES_MANAGER | {"lead"}, held=True),
    *_role_rows("ROLE_HELD_BY", ROLES_PERSONAL, held=True),
    P("MARRIED_TO", r"\b(?:(?:re)?married to|got (?:re)?married to|(?:re)?married|wed|tied the "
      r"knot with|got hitched to|eloped with)\b",
      "Person", reject_labels=_NOT_PERSON, triggers="married remarried wed tied hitched eloped"),
    P("DATING", r"\b(?:dating|going out with|in a relationship with|engaged to)\b", "Person",
      reject_labels=_NOT_PERSON, triggers="dating going relationship engaged"),
    P("FRIEND_OF", r"\b(?:friends with|befriended|made friends with)\b", "Person",
      reject_labels=_NOT_PERSON, triggers="friends befriended"),
    # -- pets -------------------------------------------------------------------------------
    P("HAS_PET", r"\b(?:my|our) (?:(?:{PETADJ}) )?(?P<species>{PET}),? (?:named |called )?"
      r"(?P<obj>{NAME})", "Pet", "inline", "possessor",
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
    P("HAS_PET", r"\b(?:have|has|had|got|adopted|rescued|own|owns|bought|getting|get)"
      r" (?:a|an|another|two|three|\d+)? ?(?:(?:{PETADJ}) )?(?P<species>{PET})"
      r"(?: (?:named|called) (?P<obj>{NAME})|,? (?P<obj2>{NAME})(?=\s*(?:[.!,;)]|$|who\b"
      r"|and (?:he|she)\b)))", "Pet", "inline",
      template="{source} has a {species} named {target}", triggers="named called " + _PET_WORDS),
    P("HAS_PET", r"\b(?:have|has|got|adopted|rescued|own|owns)"
      r" (?:a|an|another|two|three|\d+) (?:(?:{PETADJ}) )?(?P<obj>{PET})\b", "Pet",
      "inline", triggers=_PET_WORDS),
    # -- books, films, shows ----------------------------------------------------------------
    P("READ", r"\b(?:read|reading|reread|re-read|rereading|finished reading|started reading)\b",
      "Book", reject_labels=_NOT_WORK, triggers="read reading reread rereading re"),
    P("WATCHED", r"\b(?:watched|watching|rewatched|binged|binge-watched)\b", "Movie",
      reject_labels=_NOT_WORK, triggers="watched watching rewatched binged binge"),
    # -- tastes and activities --------------------------------------------------------------
    P("LIKES", r"(?:\b(?:am|is|are)|'m|'re) (?:a )?(?:big |huge |massive )?fan of\b"
      r"|(?:\b(?:am|is|are)|'m|'re)(?P<neg> not| no longer)? (?:really )?into\b", "Topic",
      "phrase", triggers="fan into"),
    # "I'm a die hard Chelsea fan", "my dad is a huge Yankees fan": the team or act one follows
    P("LIKES", r"(?:(?:\b(?:am|is|are|was)|'m|'re|\bim) (?:an? )?)(?:(?:die[- ]?hard|big|huge|"
      r"massive|lifelong|loyal|true|proud|longtime|long-time) )*(?P<obj>{NAME}) "
      r"(?:fan|supporter)s?\b", "Topic", "inline", reject_labels=frozenset({"Pet", "Device"}),
      template="{source} is a fan of {target}", triggers="fan fans supporter supporters"),
    # "Arsenal fan now, fight me": a verbless line opening on the name tells the speaker's own
    P("LIKES", r"^\W*(?P<obj>{NAME}) (?:fan|supporter)s?\b", "Topic", "inline", "possessor",
      reject_labels=frozenset({"Pet", "Device"}), template="{source} is a fan of {target}",
      triggers="fan fans supporter supporters"),
    *TASTE_ROWS,
    P("LOVES", r"\b(?:love|loves|loved|loving|adore|adores|adored)\b"
      r"|(?:\b(?:am|is|are)|'m|'re) passionate about\b", "Topic", "phrase",
      negated_relation="DISLIKES",
      triggers="love loves loved loving adore adores adored passionate"),
    P("HATES", r"\b(?:hate|hates|hated|can't stand|cannot stand|dislike|dislikes|detest)\b",
      "Topic", "phrase", triggers="hate hates hated stand dislike dislikes detest"),
    P("ENJOYS", r"\b(?:enjoy|enjoys|enjoyed|enjoying)\b", "Topic", "phrase",
      negated_relation="DISLIKES", triggers="enjoy enjoys enjoyed enjoying"),
    P("LIKES", r"(?<!is )(?<!was )(?<!are )(?<!'s )(?<!'re )(?<!be )\b(?:like|likes|liked)\b",
      "Topic", "phrase", negated_relation="DISLIKES", triggers="like likes liked"),
    P("PLAYS", r"\b(?:play|plays|played|playing)\b(?! (?:with|around|along|outside|together|in|at"
      r"|on|out|a role|a part|a big|an important|it))", "Activity", "phrase",
      reject_heads=word_set("team teams match role part gig show set trick tricks joke prank"),
      triggers="play plays played playing"),
    P("OWNS", r"\b(?:bought|buy|buying|purchased|own|owns|owned)\b"
      r"|\bgot (?:myself |ourselves )?(?:a )?(?:brand )?new\b", "Item", "phrase",
      reject_heads=PEOPLE_ROLES, triggers="bought buy buying purchased own owns owned new"),
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


def candidate_patterns(words: set[str]) -> list[CompiledPattern]:
    """The rows worth trying on a clause with these lower-case words, in table order."""
    rows = {i for w in words for i in _BY_TRIGGER.get(w, ())}
    return [PATTERNS[i] for i in sorted(rows)]
