"""Where a fact the reader read has its value: the rules' named span there, or, for a relation
whose values are words (``WORD_VALUES``) or may be (``WORDS_TOO``), the words the reader
tagged, when they are whole and no day; and what the words around a value say it is not (a
place a job is in, a way to work, a number that is no age)."""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.piece_subjects import says_what_one_is
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.tables.gazetteer import NO_HOME_HEADS
from chronomem.extractors.rules.tables.lexicon import (
    GREETINGS,
    LEADS_ON,
    POSSESSIVE_BEFORE,
    TIME_MARK_BEFORE,
)
from chronomem.extractors.rules.tables.life_words import PET_SPECIES
from chronomem.extractors.rules.tables.patterns import HOME_KIND
from chronomem.text.dates import TimeExpression

_LABELS = {
    "LIVES_IN": "Location", "VISITED": "Location", "WORKS_AT": "Organization",
    "STUDIES_AT": "Organization", "MEMBER_OF": "Organization", "MARRIED_TO": "Person",
    "DATING": "Person", "ENGAGED_TO": "Person", "MANAGED_BY": "Person", "FRIEND_OF": "Person",
    "FAMILY_OF": "Person", "ROLE_HELD_BY": "Person", "HAS_PLAN": "Event",
}  # fmt: skip

# Relations whose value is never a place (a name the rules know as one is no value of theirs:
# "Dolma works as [a teacher in] Delhi")
_NEVER_A_PLACE = frozenset(
    {"OWNS", "HAS_PET", "DRIVES", "USES_PHONE", "USES_LAPTOP", "USES_CAMERA", "WEARS_WATCH",
     "RIDES_BIKE", "TAKES_MEDICATION", "HAS_CONDITION", "MARRIED_TO", "DATING", "ENGAGED_TO",
     "MANAGED_BY", "FRIEND_OF", "FAMILY_OF", "ROLE_HELD_BY", "HAS_JOB_TITLE", "HAS_AGE",
     "FOLLOWS_DIET", "HAS_HEALTH_STATUS", "HAS_WAKE_TIME", "HAS_SLEEP_SCHEDULE"}
)  # fmt: skip

# Relations whose values are words, not names ("thirty-one", "a plumber", "coeliac",
# "vegan"), with the label of such a value; any other relation takes a named value only.
# Health statuses and medications, read only as endings until round 24, are read as
# holding too: on writers the reader never saw (``reader_r20`` + ``reader_r21``, the funnel
# ``--by-relation``) those that gate stopped were right 43 of 70 and 58 of 77 times, more
# often than the step's made facts (0.44-0.50; ``bench/RESULTS.md``, round 24).
WORD_VALUES = {
    "HAS_AGE": "Age", "HAS_JOB_TITLE": "JobTitle", "HAS_CONDITION": "Condition",
    "HAS_HEALTH_STATUS": "Condition", "FOLLOWS_DIET": "Diet", "HAS_HABIT": "Habit",
    "SPEAKS": "Language", "LEARNS": "Language", "TAKES_MEDICATION": "Medication",
    "PLAYS": "Activity", "HAS_WAKE_TIME": "Schedule", "HAS_SLEEP_SCHEDULE": "Schedule",
    "HAS_FAVORITE": "Topic", "PREFERS": "Topic",
}  # fmt: skip
# Relations of named values whose value the reader may also take in words no rule found as
# a name ("works at a bakery", "moved to the coast", "we adopted a rescue greyhound", "I run
# the night shift", "got me into sushi", "the brompton got nicked", "joined the climbing
# gym"), with that value's label. Round 21 admitted employers, homes, pets and teams (the
# funnel: right 41 of 63 times for WORKS_AT, 11 of 16 for LIVES_IN and HAS_PET); round 24
# every relation whose values that gate stopped were right more often than the step's made
# facts: memberships 72 of 130, things owned 55 of 97, tastes 14 of 18 and 16 of 29,
# phones, bikes, watches, subscriptions 0.59-0.67; cars (15 of 33) and laptops (9 of 24) too: left
# out, they cost 8 blind checks. Study places (10 of 32) and plans (52 of 184) do not; a plan
# in words whose clause names a day ahead does (round 25, ``_planned_words``: the memory
# found 13 more labels at 0.72, dev16 +3).
WORDS_TOO = {
    "WORKS_AT": "Organization", "LIVES_IN": "Location", "HAS_PET": "Pet", "LEADS": "Team",
    "MEMBER_OF": "Organization", "SUBSCRIBED_TO_PLAN": "Item", "OWNS": "Item",
    "RIDES_BIKE": "Item", "USES_PHONE": "Item", "WEARS_WATCH": "Item", "USES_LAPTOP": "Item",
    "USES_CAMERA": "Item", "DRIVES": "Car", "LIKES": "Topic", "DISLIKES": "Topic",
    "LOVES": "Topic", "ENJOYS": "Topic", "HATES": "Topic",
}  # fmt: skip
# a place named after "in" (or any name after "a job in") is where a job is, not the
# employer: "a job in Dubai with X", "a job in Huntsville at Y"
_IN_PLACE = re.compile(r"(?:\b(job|position|role|post|gig|internship|placement)\s+)?\bin\s+$", re.I)
# a way to work is no employer: "I take MTR to work", "catch the 38 to the office"
_RIDDEN = re.compile(
    r"\b(?:take|takes|took|taking|catch|catches|caught|catching|ride|rides|rode|riding)\s+"
    r"(?:the\s+|a\s+)?$",
    re.I,
)
_TO_WORK = re.compile(r"(?:\s+[a-z]+)?\s+(?:to|into)\s+(?:work|the\s+office|school|uni)\b", re.I)
# an age that dates something else: "since I was 16", "when she turned 40"
_AGE_THEN = re.compile(
    r"\b(?:since|when|till|until|from|by the time|before|after)\s+(?:I|he|she|we|they|you)"
    r"\s+(?:was|were|turned|got to)\s+(?:about\s+|around\s+)?$",
    re.I,
)
# a count of something else: "40 a day", "3 times a week"
_A_RATE = re.compile(r"\s+(?:a|an|per|each)\s+(?:day|week|month|year|night|hour)\b", re.I)


# a number that labels something: "number 41", "flat 12", "bus 38", "#7"
_LABELLED = re.compile(
    r"\b(?:number|no\.?|nr\.?|flat|unit|apt\.?|apartment|house|room|suite|door|bus|route|"
    r"platform|gate|line|page|chapter|track|pier|berth|seat|row|level|floor|ward|bed|locker|"
    r"plot|pitch|stall|table|lane)\s+(?=\d)|#\s*(?=\d)",
    re.I,
)


def a_place_in(text: str, found: Span) -> bool:
    """Is ``found`` a place said after "in" ("a job in Dubai"), or any name after "a job
    in" ("a job in Huntsville at ...")?"""
    where = _IN_PLACE.search(text, max(0, found.start - 16), found.start)
    return where is not None and (found.label == "Location" or where.group(1) is not None)


def a_way_to_work(text: str, found: Span) -> bool:
    """Is ``found`` what one rides to work ("I take MTR to work, 40 minutes")?"""
    ridden = _RIDDEN.search(text, max(0, found.start - 16), found.start)
    return ridden is not None and _TO_WORK.match(text, found.end) is not None


def no_age(text: str, found: Span) -> bool:
    """Is the number read as an age an age that dates something else ("since I was 16"), a
    rate ("40 a day"), a day of the month ("*19th") or a label ("number 41", "flat 12")?"""
    ordinal = _ORDINAL.search(text[found.start : found.end])
    possessed = POSSESSIVE_BEFORE.search(text, max(0, found.start - 8), found.start)  # "your 40th"
    if ordinal and int(ordinal.group(1)) <= 31 and not possessed and not _AGE_WORDS.search(text):
        return True  # "*19th omg": a day of the month; "39th, not 40th!", "my 30th": ages
    before = _AGE_THEN.search(text, max(0, found.start - 40), found.start)
    if _LABELLED.search(text, max(0, found.start - 12), found.start + 8):
        return True  # "written to me at number 41", "flat 12": a number that names a place
    return before is not None or _A_RATE.match(text, found.end) is not None


_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)\b", re.I)
_AGE_WORDS = re.compile(r"\b(?:birthday|bday|b-day|age|aged|turn|turns|turning|old)\b", re.I)


# what a title is, after it: "got the assistant editor job" is the title "assistant editor"
_JOB_KIND = re.compile(r"\s+(?:job|position|role|post|gig)$", re.I)
_LEAD = re.compile(r"(?:(?:a|an|the|my|our|your|his|her|their)\s+)+", re.I)
_WORD_END = re.compile(r"\w*")
# words that pick no one in particular: an employer or a home told so is none ("at one
# bakery", "in some flat", "at another school")
_ANY_ONE = re.compile(r"(?:one|some|any|another|every|each|no|that|this)\s", re.I)


def value_at(s: Sentence, span: tuple[int, int], relation: str) -> tuple[Span, Party] | None:
    """The value at ``span`` and its entity: the rules' own named span there (a span the
    entity finder did not see as a name gives nothing: on the corpus's held-out split most
    of the tagger's wrong values were such words, "the", "bad", "kilo"); for a relation
    whose values are words, not names (an age, a title, a condition, a diet), or may be
    (``WORDS_TOO``: "works at a bakery"), the words the reader tagged, when they are whole
    ("a midwife at" is a slip)."""
    # an event a time is told by, not a value: "after the wedding", "since Loy Krathong"
    dated = TIME_MARK_BEFORE.search(s.text, max(0, span[0] - 16), span[0])
    if relation not in WORD_VALUES and dated:
        return None  # "after Makha Bucha I moved in with Nuan": the day of another clause
        # (a word value may be told there: "off gluten since my coeliac diagnosis")
    words_end = None  # where the words of a value named before a name end
    for found in s.spans:
        if not (found.start < span[1] and span[0] < found.end and found.named):
            continue
        words_end = _words_before(s, span[0], found, relation)
        if words_end is not None:
            break
        if relation == "LIVES_IN" and _workplace(found.name):
            return None  # "I am buffalo trader in Bolu market": where one works
        if relation == "LIVES_IN" and _COMMUTED.search(
            s.text, max(0, found.start - 24), found.start
        ):
            return None  # "Commute to Didsbury is only 20 minutes": where one goes, not home
        if says_what_one_is(s.text, found.start):
            return None  # "I'm Eritrean": what one is, not where one lives (nor its words)
        if found.label == "Location" and relation in _NEVER_A_PLACE:
            return None  # "I rent a flat on Cressley Road": a street is no thing one owns
        label = found.label or _LABELS.get(relation)
        return found, Party(found.name, label, True, False, tuple(found.attributes.items()))
    label = WORD_VALUES.get(relation)
    words_too = label is None
    label = label or WORDS_TOO.get(relation) or _planned_words(s, span, relation)
    words = _words_at(s.text, span) if label is not None else None
    if words is not None and words_end is not None:
        words = (words[0], words_end)
    if label is None or words is None or _a_date(s, words):
        return None
    if s.text[words[0] : words[1]].lower() in GREETINGS:
        return None  # "Salut. I work at the crab plant": a greeting, no workplace
    if words_too and _ANY_ONE.match(s.text, words[0]):
        return None  # "eight years at one bakery": no bakery in particular
    if relation == "HAS_JOB_TITLE":
        kind = _JOB_KIND.search(s.text, words[0], words[1])
        words = (words[0], kind.start()) if kind and kind.start() > words[0] else words
    name = s.text[words[0] : words[1]]
    if relation == "LIVES_IN" and _workplace(name):
        return None
    if (
        relation == "HAS_PET"
        and name.lower() in PET_SPECIES
        and (_named_next(s, words[1]) or _IS_A.search(s.text, max(0, words[0] - 40), words[0]))
    ):
        return None  # "we had cat Maca", "Mithu is my brother's parrot": a kind, no pet
    return Span(*words, name, label, named=False), Party(name, label, named=False)


def _words_before(s: Sentence, start: int, found: Span, relation: str) -> int | None:
    """Where the value's words end when the tagged span opens on words told before the name
    ``found`` (the value is those words, not the name): a title before where it is held
    ("headmaster of Dodowa Presby Primary"), a workplace's kind before its town ("the gold
    mine in Kittilä"; not "a job in Dubai", nor a home's kind, "a flat in Al Khuwair")."""
    if relation == "HAS_JOB_TITLE":
        title = _TITLE_OF.match(s.text, start, found.start)
        return title.end(1) if title is not None else None
    kind = _KIND_IN.match(s.text, start, found.start) if relation in _PLACED else None
    if kind is None:
        return None
    head = kind.group(1).split()[-1].lower()
    return None if head in _ANY_JOB or _A_HOME.fullmatch(head) else kind.end(1)


# what something is said to be: "Mithu is my brother's| parrot", "she's a| tabby"
_IS_A = re.compile(
    r"\b(?:is|was|'s)\s+(?:(?:a|an|the|my|our|his|her|their|[a-z]+['’]s)\s+){1,2}"
    r"(?:[a-z]+\s+)?$",
    re.I,
)


def _named_next(s: Sentence, at: int) -> bool:
    """Does a name the rules found follow right after ``at`` ("cat| Maca")?"""
    return any(sp.named and sp.start > at and not s.text[at : sp.start].strip() for sp in s.spans)


# the words of a value told before a name (group 1): up to four, in lower case
_LOWER_WORDS = r"((?-i:[a-z])[\w-]*(?:\s+(?-i:[a-z])[\w-]*){0,3}?)"
# a workplace told by its kind before the town it is in: "the gold mine in| Kittilä",
# "a tiny bakery in| Leith" (the kind's words, a noun last)
_KIND_IN = re.compile(rf"(?:(?:a|an|the|one|this|that)\s+)?{_LOWER_WORDS}\s+in\s+$", re.I)
_PLACED = frozenset({"WORKS_AT", "MEMBER_OF"})
# a home, no workplace: "rented a flat in Al Khuwair"
_A_HOME = re.compile(HOME_KIND)
# no workplace of a kind: "a job in Dubai with Emirates" (``a_place_in``)
_ANY_JOB = frozenset({"job", "position", "role", "post", "gig", "internship", "placement", "work"})
# a title told before the name of where it is held: "headmaster of| Dodowa Presby Primary",
# "head chef at| the Ivy" (the title's words)
_TITLE_OF = re.compile(
    rf"(?:(?:a|an|the)\s+)?{_LOWER_WORDS}\s+(?:of|at|for|with)\s+(?:the\s+)?$", re.I
)


# a place one commutes to is where one goes, not where one lives
_COMMUTED = re.compile(r"\bcommut\w*\s+(?:to|into|in\s+to)\s+(?:the\s+)?$", re.I)


def _workplace(name: str) -> bool:
    """Does ``name`` end in the lower-case head of a workplace ("Bolu market")?"""
    words = name.split()
    return bool(words) and words[-1].islower() and words[-1] in NO_HOME_HEADS


def _planned_words(s: Sentence, span: tuple[int, int], relation: str) -> str | None:
    """A plan in words ("an ultrasound on the 12th", "wisdom teeth out thurs") is an event
    when its clause names a day ahead."""
    return "Event" if relation == "HAS_PLAN" and days_ahead(s, span[0]) else None


def days_ahead(s: Sentence, at: int) -> list[TimeExpression]:
    """The days after the sentence was said that the clause at offset ``at`` names."""
    clause = s.clause_at(at)
    return [t for t in s.times if clause[0] <= t.start < clause[1] and t.when > s.reference]


def _a_date(s: Sentence, words: tuple[int, int]) -> bool:
    """Are the words a day the sentence tells ("I start on 1/9": when, not a wake time)?"""
    return any(t.start <= words[0] and words[1] <= t.end for t in s.times)


# a value's words cut short before the place or firm they name: "the shipyard canteen in| Kure"
_OF_A_PLACE = frozenset({"in", "at", "on", "of"})
_NAMED_AFTER = re.compile(r"\s+(?-i:[A-Z][\w'&-]*)(?:\s+(?-i:[A-Z][\w'&-]*)){0,2}")


def _words_at(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """``span`` of ``text`` without a leading article or possessive, widened over a hyphen
    ("thirty" of "thirty-one"); ``None`` when what is left ends on a word that leads on to
    more ("Director of", "a midwife at") or holds no word."""
    start, end = span
    while end < len(text) - 1 and text[end] == "-" and text[end + 1].isalnum():
        more = _WORD_END.match(text, end + 1)
        end = more.end() if more else end + 1
    lead = _LEAD.match(text, start, end)
    start = lead.end() if lead else start
    tail = text[start:end].split()
    place = _NAMED_AFTER.match(text, end) if tail and tail[-1].lower() in _OF_A_PLACE else None
    if place is not None:  # "the shipyard canteen in" + "Kure": the tagger stopped short
        end, tail = place.end(), [*tail, place.group().split()[-1]]
    if not tail or tail[-1].lower() in LEADS_ON or not any(c.isalnum() for c in tail[-1]):
        return None
    return start, end
