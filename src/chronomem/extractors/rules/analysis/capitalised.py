"""Names written as runs of capitalised words, with digits and connectors inside ("HP
LaserJet 4000", "Bank of America"), and the head noun that may follow ("LGBTQ support
group", "HP LaserJet 4000 printer").

A sentence's capitalised first word is a name only with evidence ("Max and I", "Tom is my
brother", a name met before); ordinary words, emphasis in capitals ("OMG") and vocatives
(``vocatives.py``) are dropped.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.person_acts import (
    LEAD,
    PERSON_DOES,
    PERSON_EVIDENCE,
    opens_on_a_person,
)
from chronomem.extractors.rules.analysis.person_names import (
    is_name_word,
    lexicon_word,
    person_after,
)
from chronomem.extractors.rules.analysis.spans import TOKEN, Span, is_free, known_name, label_for
from chronomem.extractors.rules.analysis.vocatives import is_listener, is_vocative
from chronomem.extractors.rules.tables.gazetteer import (
    DEVICE_HEADS,
    EVENT_HEADS,
    GROUP_HEADS,
    LOCATION_SUFFIXES,
    ORG_SUFFIXES,
    PERSON_TITLES,
    PLACE_HEADS,
)
from chronomem.extractors.rules.tables.lexicon import (
    NOT_NAMES,
    NUMBER_WORDS,
    PREPOSITIONS,
    TIME_WORDS,
)
from chronomem.extractors.rules.tables.life_words import PEOPLE_ROLES
from chronomem.text.date_words import WEEKDAYS

_WORDS_AFTER = re.compile(r"((?: [a-z][a-z-]*){1,3})\b")

# what only an employer does ("Accenture upped their offer", "Stripe offered me a role"),
# and names that lead or have fans: a name, but no person's
_OTHERS_DO = (
    r"(?:(?:made|upped|raised|sweetened|matched)\s+(?:me\s+|us\s+)?(?:an?|their|its|the|my)\s+"
    r"(?:job\s+|counter\s*)?offer\b|offered\s+(?:me|us)\b|hired\s+(?:me|us)\b"
    r"|(?:the\s+)?(?:new\s+)?(?:lead|head|captain|manager|boss|director)\s+of\b"
    r"|(?:fan|fans|supporter|supporters)\b)"
)
# "Tom is our new team lead", "Jake moved to Denver", "Stripe offered me a role": a
# sentence's first capitalised word followed by these is a name, not a capitalised word
_NAME_EVIDENCE = re.compile(rf"{LEAD}(?:{PERSON_DOES}|{_OTHERS_DO})")

# Words shortened with a full stop inside a name: "Dr. Lee", "St. Mary's", "Mt. Hood"
_ABBREVIATED = PERSON_TITLES | frozenset({"st", "mt", "ft"})

_PLACE_WORDS = PLACE_HEADS | ORG_SUFFIXES | LOCATION_SUFFIXES

_AND_I = re.compile(r"\s+and\s+(?:I|me|my)\b")
_UNITS = re.compile(
    r"\s*(?:years?|yrs?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|times?|kg|km|miles?)\b",
    re.I,
)

_CONNECTORS = frozenset({"of", "de", "la", "van", "von", "der", "du", "del", "da", "&"})

_FIRST_PERSON = frozenset({"I", "I'm", "I've", "I'll", "I'd"})

HEAD_LABELS = (
    (GROUP_HEADS, "Organization"),
    (EVENT_HEADS, "Event"),
    (PLACE_HEADS, "Location"),
)


def _is_cap(token: str) -> bool:
    if token in _FIRST_PERSON:
        return False
    first = token[0]
    return first.isupper() or (first in "ie" and len(token) > 2 and token[1].isupper())


def _runs(sentence: str, taken: list[tuple[int, int]]) -> list[list[re.Match[str]]]:
    """Runs of capitalised tokens (with numbers and connectors inside)."""
    tokens = [t for t in TOKEN.finditer(sentence) if is_free(t.start(), t.end(), taken)]
    runs: list[list[re.Match[str]]] = []
    current: list[re.Match[str]] = []
    for i, tok in enumerate(tokens):
        word = tok.group()
        if current:
            gap = sentence[current[-1].end() : tok.start()]
            prev = current[-1].group()
            joined = gap in (" ", " & ") or (gap == ". " and prev.lower() in _ABBREVIATED)
            # a possessive ends a name, unless a place's head follows ("St. Mary's Hospital")
            # or a one-word owner's business is named ("Joe's Garage", "Dunn's Haulage")
            place = word.lower() in _PLACE_WORDS and word[0].isupper()
            business = len(current) == 1 and _business_word(prev, word)
            joined = joined and (place or business or not prev.endswith(("'s", "'")))
            nxt = tokens[i + 1].group() if i + 1 < len(tokens) else ""
            # a number counts in a name ("Lumen 11"), not a number of units after it ("a
            # restaurant in Hai Phong 25 years")
            number = word[0].isdigit() and _UNITS.match(sentence, tok.end()) is None
            fits = _is_cap(word) or number or (word in _CONNECTORS and nxt[:1].isupper())
            if joined and fits:
                current.append(tok)
                continue
            runs.append(current)
            current = []
        if _is_cap(word):
            current = [tok]
    if current:
        runs.append(current)
    return runs


def _business_word(owner: str, word: str) -> bool:
    """Can ``word``, capitalised after the one-word possessive ``owner``, be the rest of a
    business's name ("Joe's Garage"), not a relative, a role, a title or a day of the owner
    ("Tom's Mum", "Dentist's Dr Okafor")?"""
    low, whose = word.lower(), _bare(owner)
    return (
        word[0].isupper()
        and word[1:].islower()
        and low not in PEOPLE_ROLES
        and low not in PERSON_TITLES
        and low not in WEEKDAYS
        and low not in TIME_WORDS
        and low not in NOT_NAMES
        and whose not in PEOPLE_ROLES
    )


def _bare(token: str) -> str:
    word = token.lower()
    return word[:-2] if word.endswith("'s") else word


def _clean(run: list[re.Match[str]]) -> list[re.Match[str]]:
    while run and (_bare(run[0].group()) in NOT_NAMES or run[0].group() in _CONNECTORS):
        run = run[1:]
    while run and (run[-1].group() in _CONNECTORS or _bare(run[-1].group()) in NOT_NAMES):
        run = run[:-1]
    return run


_EMPLOYER_SLOT = re.compile(r"\b(?:at|joined)\s$")


def _employer_slot(sentence: str, run: list[re.Match[str]]) -> bool:
    """A capitalised common word right after "at" or "joined" mid-sentence is a name:
    "I'm at Indeed now", "a job at Best Buy" (never a pronoun or a short word)."""
    first = run[0]
    if len(first.group()) < 4 or first.group().lower() in _PRONOUNS:
        return False
    before = sentence[max(0, first.start() - 8) : first.start()]
    return _EMPLOYER_SLOT.search(before) is not None and run[-1].group() not in _CONNECTORS


_PRONOUNS = frozenset({"this", "that", "these", "those", "their", "your", "ours", "yours"})


def _counted_name(run: list[re.Match[str]], first_start: int) -> bool:
    """ "at Five Fishermen", "to Seven Sisters": a number word capitalised inside a sentence
    and followed by a capitalised word opens a name."""
    first = run[0]
    return len(run) > 1 and first.start() != first_start and first.group().lower() in NUMBER_WORDS


_THE_BEFORE = re.compile(r"\bthe\s$", re.I)


def _day_named(sentence: str, run: list[re.Match[str]]) -> bool:
    """ "the Thursday Readers", "the Sunday League": a day's name after "the" opening a run
    of capitalised words is the first word of a name."""
    first = run[0]
    the = _THE_BEFORE.search(sentence, max(0, first.start() - 4), first.start())
    return len(run) > 1 and first.group().lower() in WEEKDAYS and the is not None


_SAINT = re.compile(r"(?:St\.?|Saint) [A-Z]")


def _surface(sentence: str, run: list[re.Match[str]]) -> tuple[int, int, str]:
    start, end = run[0].start(), run[-1].end()
    text = sentence[start:end]
    while text.endswith(("-", "'")) and not text.endswith("s'"):
        text, end = text[:-1], end - 1
    if text.endswith("'s") and not _SAINT.match(text):  # "St Brendan's" is the school
        text, end = text[:-2], end - 2
    elif text.endswith("'"):
        text, end = text[:-1], end - 1
    return start, end, text


def capitalised_names(sentence: str, taken: list[tuple[int, int]], known: Known) -> list[Span]:
    first = TOKEN.search(sentence)
    first_start = first.start() if first else -1
    out = []
    for raw in _runs(sentence, taken):
        # "Will moved to Leeds": a modal or a month before a tensed verb is a name
        named = raw[0].start() == first_start and opens_on_a_person(sentence, raw[0].span(), True)
        kept = named or _employer_slot(sentence, raw) or _day_named(sentence, raw)
        kept = kept or _counted_name(raw, first_start)
        run = raw if kept else _clean(raw)
        if not run or (_bare(raw[-1].group()) in TIME_WORDS and not named):
            continue
        if run[0].start() == first_start:
            run = _drop_opening_word(run, known)
        if not run:
            continue
        start, end, name = _surface(sentence, run)
        key = normalize_name(name)
        if not _plausible(name, key):
            continue
        opening = start == first_start and " " not in name
        evidence = _AND_I.match(sentence, end) or _NAME_EVIDENCE.match(sentence, end)
        person = is_name_word(name) and person_after(sentence, end, PERSON_EVIDENCE)
        # "Ollie came home after four years in Lima": a line's first word and what people do
        person = person or (
            opening and opens_on_a_person(sentence, (start, end), lexicon_word(name))
        )
        if opening and not known_name(name, known) and not evidence and not person:
            continue  # a capitalised sentence start is no evidence of a name ("Max and I" is)
        listener = is_listener(key, known.addressee)
        if is_vocative(sentence, start, end, key in known.persons, listener):
            continue
        label = label_for(name, known)
        span = Span(start, end, name, "Person" if label is None and person else label)
        _extend_with_head(sentence, span, taken)
        out.append(span)
        taken.append((span.start, span.end))
    return out


def _drop_opening_word(run: list[re.Match[str]], known: Known) -> list[re.Match[str]]:
    """ "Besides Italy", "Go Jon", "Learning German": a sentence's first word is not part
    of the name after it when it is a gerund or the rest is a name known already."""
    if len(run) < 2:
        return run
    first = run[0].group()
    rest = " ".join(t.group() for t in run[1:])
    if first.lower().endswith("ing") or known_name(rest.removesuffix("'s"), known):
        return run[1:]
    return run


def _plausible(name: str, key: str) -> bool:
    if len(key) < 2:
        return False
    # "OMG", "INTENSE": emphasis, not an acronym
    return not (" " not in name and name.isupper() and (key in NOT_NAMES or len(name) >= 6))


def _extend_with_head(sentence: str, span: Span, taken: list[tuple[int, int]]) -> None:
    """ "LGBTQ support group", "HP LaserJet 4000 printer": a name and its head noun."""
    m = _WORDS_AFTER.match(sentence, span.end)
    if not m:
        return
    words: list[str] = []
    for w in re.finditer(r"[a-z][a-z-]*", sentence[m.start() : m.end()]):
        start, end = m.start() + w.start(), m.start() + w.end()
        if not is_free(start, end, taken) or w.group() in PREPOSITIONS or w.group() in NOT_NAMES:
            return
        words.append(w.group())
        head = w.group()
        if head in DEVICE_HEADS:
            span.label, span.end = "Device", end
            span.attributes["type"] = head
            return
        for heads, label in HEAD_LABELS:
            if head in heads:
                span.name = " ".join([span.name, *words])
                span.label, span.end = label, end
                return
