"""Finding entity spans in a sentence: names, quoted titles, numbered places, devices.

A span is a stretch of the sentence that names an entity. Proper names come from runs of
capitalised words (with digits and "of"-style connectors inside: "HP LaserJet 4000",
"Bank of America"); greetings, pronouns, dates and sentence-initial common words are
dropped; a name addressed to the listener ("Thanks, Mel!") is a vocative, not a mention.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.references import short_references
from chronomem.extractors.rules.tables.gazetteer import (
    CITIES,
    COUNTRIES,
    DEVICE_HEADS,
    EVENT_HEADS,
    GROUP_HEADS,
    LOCATION_SUFFIXES,
    ORG_SUFFIXES,
    ORGANIZATIONS,
    PERSON_TITLES,
    PLACE_HEADS,
    WORKPLACE_HEADS,
)
from chronomem.extractors.rules.tables.lexicon import (
    NOT_NAMES,
    PREPOSITIONS,
    TIME_WORDS,
    VOCATIVE_CUES,
)
from chronomem.extractors.rules.tables.life_words import (
    ROLES_DATING,
    ROLES_FAMILY,
    ROLES_FRIEND,
    ROLES_MARRIED,
)

_TOKEN = re.compile(r"[A-Za-z0-9][\w&'-]*")
_QUOTED = re.compile(r'"([^"\n]{1,80})"')
_NUMBERED_PLACE = re.compile(
    r"\b(room|office|floor|suite|ward|gate|lab|building|apartment|apt|desk|bay)\s+(\d+[A-Za-z]?)\b",
    re.I,
)
_DEVICE_NP = re.compile(
    r"\b(?:the|my|our|this|that|his|her|their|your)\s+(?:(?:new|old|broken|office)\s+)?([a-z]+)\b",
    re.I,
)
_WORDS_AFTER = re.compile(r"((?: [a-z][a-z-]*){1,3})\b")
# "Tom is our new team lead", "Jake moved to Denver": a sentence's first capitalised word
# followed by these is a name, not a capitalised common word.
_NAME_EVIDENCE = re.compile(
    r",?\s+(?:(?:is|was|'s|has|just|finally|recently|now|also)\s+)*"
    r"(?:(?:my|our|your)\s+(?:new\s+|best\s+|current\s+|old\s+)?(?:"
    + "|".join(sorted(ROLES_MARRIED | ROLES_DATING | ROLES_FRIEND | ROLES_FAMILY, key=len))
    + r"|boss|manager|lead|team lead|roommate|coworker|colleague|neighbou?r)s?\b"
    r"|(?:moved|lives|works|started|quit|left|died|passed away|married|joined|became|broke up"
    r"|got (?:a|married|engaged|promoted|hired|fired|divorced|remarried)|adopted|retired"
    r"|transferred|is dating|divorced|remarried"
    r"|and (?-i:[A-Z])[a-z]+ (?:broke up|split|got|are|were|have))\b"
    # what only people do to a team: "Alice leads our platform team", "Helen runs the data
    # team now", "Bob is the new lead of the platform team"
    r"|(?:leads|runs|heads|manages|captains)\s+(?:the|our|my|their|your|a)\b"
    r"|(?:took over|stepped in|stepped up)\s+as\b"
    # what only an employer does: "Accenture upped their offer", "Stripe offered me a role"
    r"|(?:made|upped|raised|sweetened|matched)\s+(?:me\s+|us\s+)?(?:an?|their|its|the|my)\s+"
    r"(?:job\s+|counter\s*)?offer\b|offered\s+(?:me|us)\b|hired\s+(?:me|us)\b"
    r"|(?:the\s+)?(?:new\s+)?(?:lead|head|captain|manager|boss|director)\s+of\b"
    r"|(?:fan|fans|supporter|supporters)\b)"
)
# Words shortened with a full stop inside a name: "Dr. Lee", "St. Mary's", "Mt. Hood"
_ABBREVIATED = PERSON_TITLES | frozenset({"st", "mt", "ft"})
_PLACE_WORDS = PLACE_HEADS | ORG_SUFFIXES | LOCATION_SUFFIXES
_AND_I = re.compile(r"\s+and\s+(?:I|me|my)\b")
_VOCATIVE_WINDOW = 40  # a cue ("thank you", "hey") is read next to the name, never further
_CONNECTORS = frozenset({"of", "de", "la", "van", "von", "der", "du", "del", "da", "&"})
_FIRST_PERSON = frozenset({"I", "I'm", "I've", "I'll", "I'd"})
_WORK_KINDS = {
    "book": "Book", "novel": "Book", "movie": "Movie", "film": "Movie", "song": "Song",
    "album": "Album", "show": "Show", "series": "Show", "game": "Game", "play": "Play",
    "poem": "Poem", "painting": "Artwork", "piece": "Artwork", "script": "Work",
}  # fmt: skip
HEAD_LABELS = (
    (GROUP_HEADS, "Organization"),
    (EVENT_HEADS, "Event"),
    (PLACE_HEADS, "Location"),
)


@dataclass(slots=True)
class Span:
    """An entity named in a sentence (offsets into the sentence)."""

    start: int
    end: int
    name: str
    label: str | None = None
    named: bool = True  # a proper name, a title, or a reference to a known named entity
    attributes: dict[str, str] = field(default_factory=dict)
    coreferent: bool = False  # "the printer" standing for a named device met before


class Ahead(NamedTuple):
    """A fact told with a date ahead, and the stems of the words that can name it again
    (``ahead.py``)."""

    source: str
    relation: str
    target: str
    label: str
    stems: frozenset[str]


@dataclass(slots=True)
class Known:
    """What earlier turns and sentences taught: names, devices, open facts, the listener."""

    labels: dict[str, str] = field(default_factory=dict)  # normalized name -> label ("" none)
    names: set[str] = field(default_factory=set)  # normalized proper names met (capitalised)
    persons: set[str] = field(default_factory=set)  # normalized person names
    devices: dict[str, str] = field(default_factory=dict)  # "printer" -> "HP LaserJet 4000"
    # (normalized source, relation) -> {normalized target: target} asserted and not ended,
    # oldest first
    targets: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    addressee: str | None = None  # the other speaker, for "you"
    display: dict[str, str] = field(default_factory=dict)  # normalized name -> name as met
    speakers: set[str] = field(default_factory=set)  # normalized names of the speakers
    # (normalized owner, role) -> the person in that role ("my sister Emma")
    roles: dict[tuple[str, str], str] = field(default_factory=dict)
    # normalized name -> name of people other than the speakers, the last met last
    people: dict[str, str] = field(default_factory=dict)
    species: dict[str, str] = field(default_factory=dict)  # normalized pet name -> "cat"
    places: dict[str, str] = field(default_factory=dict)  # normalized -> place, the last met last
    genders: dict[str, str] = field(default_factory=dict)  # normalized name -> "m" / "f"
    partner_to_name: str | None = None  # who just said they have someone new, not yet named
    earlier: frozenset[str] = frozenset()  # normalized names met in the previous turns
    # (normalized source, relation, normalized target) -> the fact's text, as told
    texts: dict[tuple[str, str, str], str] = field(default_factory=dict)
    starts: dict[tuple[str, str, str], datetime] = field(default_factory=dict)  # its valid_at
    ahead: list[Ahead] = field(default_factory=list)  # upcoming facts told, the last last
    asked: str | None = None  # the assistant's turn just before, when it ends on a question

    def learn(self, name: str, label: str | None, kind: str | None = None) -> None:
        key = normalize_name(name)
        if not key:
            return
        self.labels[key] = label or self.labels.get(key, "")
        self.display.setdefault(key, name)
        if name[:1].isupper():
            self.names.add(key)
        if label == "Person":
            self.persons.add(key)
            if key not in self.speakers:
                self.people.pop(key, None)
                self.people[key] = self.display[key]
        if label == "Location":
            self.places.pop(key, None)
            self.places[key] = self.display[key]
        if kind and key != kind:
            self.devices.pop(kind, None)
            self.devices[kind] = name  # re-inserted: the last one met comes last

    def learn_role(self, owner: str, role: str, name: str) -> None:
        self.roles[(normalize_name(owner), role)] = name
        self.learn(name, "Person")

    def antecedent(self, gender: str | None = None) -> str | None:
        """The person "he" or "she" (``gender`` "m" / "f") most likely stands for: of the
        last three people met, the last one known to be of that gender, else the last one
        not known to be of the other."""
        recent = list(reversed(self.people.items()))
        if gender is None:
            return recent[0][1] if recent else None
        same = [name for key, name in recent[:3] if self.genders.get(key) == gender]
        if same:
            return same[0]
        return next((name for key, name in recent if self.genders.get(key, gender) == gender), None)

    def canonical(self, name: str) -> str:
        """A device kind met as a name of its own ("printer") -> the device it stands for."""
        return self.devices.get(normalize_name(name), name)

    def learn_fact(
        self,
        source: str,
        relation: str,
        target: str,
        *,
        ended: bool,
        text: str = "",
        start: datetime | None = None,
    ) -> None:
        source, target = self.canonical(source), self.canonical(target)
        self.display.setdefault(normalize_name(source), source)
        values = self.targets.setdefault((normalize_name(source), relation), {})
        key = normalize_name(target)
        values.pop(key, None)
        if not ended:
            values[key] = target  # re-inserted: the last one told comes last
            if text:
                self.texts[(normalize_name(source), relation, key)] = text
            if start is not None:
                self.starts[(normalize_name(source), relation, key)] = start


def label_for(name: str, known: Known) -> str | None:
    """The label a name carries on its own: gazetteer, suffix, title, or earlier turns."""
    key = normalize_name(name)
    if key in known.persons:
        return "Person"
    if key in ORGANIZATIONS:
        return "Organization"
    if key in COUNTRIES or key in CITIES:
        return "Location"
    words = key.split()
    if words and words[0] in PERSON_TITLES and len(words) > 1:
        return "Person"
    if words and words[-1] in ORG_SUFFIXES:
        return "Organization"
    if words and words[-1] in LOCATION_SUFFIXES and len(words) > 1:
        return "Location"
    return known.labels.get(key) or None


def _known_name(name: str, known: Known) -> bool:
    key = normalize_name(name)
    return key in known.names or key in ORGANIZATIONS or key in COUNTRIES or key in CITIES


def find_spans(sentence: str, occupied: Sequence[tuple[int, int]], known: Known) -> list[Span]:
    """Entity spans of ``sentence``, left to right, avoiding ``occupied`` ranges (dates)."""
    taken = list(occupied)
    spans = _quoted(sentence, taken) + _numbered_places(sentence, taken)
    spans += _names(sentence, taken, known)
    spans += _lower_case_names(sentence, taken, known)
    spans += _device_phrases(sentence, taken, known)
    for start, end, name in short_references(sentence, known.display.values()):
        if _free(start, end, taken):  # "the Y" for the YMCA met before
            spans.append(Span(start, end, name, label_for(name, known)))
            taken.append((start, end))
    spans.sort(key=lambda s: s.start)
    return spans


def _free(start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    return all(end <= a or start >= b for a, b in taken)


def _quoted(sentence: str, taken: list[tuple[int, int]]) -> list[Span]:
    out = []
    for m in _QUOTED.finditer(sentence):
        title = m.group(1).strip().rstrip(".,!?;:").strip()
        if len(title.split()) > 8:
            taken.append((m.start(), m.end()))  # a quotation, not a title: no names inside
            continue
        if not title or not (title[0].isupper() or title[0].isdigit()):
            continue
        before = sentence[max(0, m.start() - 40) : m.start()].lower().split()[-2:]
        kind = next((_WORK_KINDS[w] for w in reversed(before) if w in _WORK_KINDS), "Work")
        out.append(Span(m.start(), m.end(), title, kind))
        taken.append((m.start(), m.end()))
    return out


def _numbered_places(sentence: str, taken: list[tuple[int, int]]) -> list[Span]:
    out = []
    for m in _NUMBERED_PLACE.finditer(sentence):
        if _free(m.start(), m.end(), taken):
            name = f"{m.group(1).lower().rstrip('.')} {m.group(2)}"
            out.append(Span(m.start(), m.end(), name, "Location"))
            taken.append((m.start(), m.end()))
    return out


def _is_cap(token: str) -> bool:
    if token in _FIRST_PERSON:
        return False
    first = token[0]
    return first.isupper() or (first in "ie" and len(token) > 2 and token[1].isupper())


def _runs(sentence: str, taken: list[tuple[int, int]]) -> list[list[re.Match[str]]]:
    """Runs of capitalised tokens (with numbers and connectors inside)."""
    tokens = [t for t in _TOKEN.finditer(sentence) if _free(t.start(), t.end(), taken)]
    runs: list[list[re.Match[str]]] = []
    current: list[re.Match[str]] = []
    for i, tok in enumerate(tokens):
        word = tok.group()
        if current:
            gap = sentence[current[-1].end() : tok.start()]
            prev = current[-1].group()
            joined = gap in (" ", " & ") or (gap == ". " and prev.lower() in _ABBREVIATED)
            # a possessive ends a name, unless a place's head follows: "St. Mary's Hospital"
            place = word.lower() in _PLACE_WORDS and word[0].isupper()
            joined = joined and (place or not prev.endswith(("'s", "'")))
            nxt = tokens[i + 1].group() if i + 1 < len(tokens) else ""
            fits = _is_cap(word) or word[0].isdigit() or (word in _CONNECTORS and nxt[:1].isupper())
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


def _names(sentence: str, taken: list[tuple[int, int]], known: Known) -> list[Span]:
    first = _TOKEN.search(sentence)
    first_start = first.start() if first else -1
    out = []
    for raw in _runs(sentence, taken):
        run = raw if _employer_slot(sentence, raw) else _clean(raw)
        if not run or _bare(raw[-1].group()) in TIME_WORDS:
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
        if opening and not _known_name(name, known) and not evidence:
            continue  # a capitalised sentence start is no evidence of a name ("Max and I" is)
        listener = _is_listener(key, known.addressee)
        if _is_vocative(sentence, start, end, key in known.persons, listener):
            continue
        span = Span(start, end, name, label_for(name, known))
        _extend_with_head(sentence, span, taken)
        out.append(span)
        taken.append((span.start, span.end))
    return out


# Gazetteer words that are common English too: in lower case they are no names.
_AMBIGUOUS = frozenset(
    [
        "target",
        "apple",
        "meta",
        "amazon",
        "us",
        "la",
        "georgia",
        "washington",
        "nike",
        "oracle",
        "dell",
        "shell",
        "mit",
        "sony",
        "disney",
        "china",
        "turkey",
        "jordan",
        "chile",
        "phoenix",
        "mobile",
        "virginia",
        "carolina",
        "victoria",
        "sydney",
        "austin",
        "cambridge",
        "oxford",
        "berkeley",
        "rio",
        "hp",
    ]
)
_LOWER_RUN = re.compile(r"[a-z][a-z&'-]*(?: [a-z][a-z&'-]*){0,2}")


def _lower_case_names(sentence: str, taken: list[tuple[int, int]], known: Known) -> list[Span]:
    """Names written in lower case ("quit siemens", "moved to boston"): a name met earlier
    in the conversation anywhere, a gazetteer name after a preposition."""
    out = []
    # a name's key starts with the first word of a name met or of the gazetteer: any other
    # word starts none, and most words of a sentence are skipped without slicing it
    firsts = _GAZETTEER_FIRSTS | {k.split(" ", 1)[0] for k in known.names}
    for m in _TOKEN.finditer(sentence):
        word = m.group()
        if not word[:1].islower() or normalize_name(word).split(" ", 1)[0] not in firsts:
            continue
        if not _free(m.start(), m.end(), taken):
            continue
        for n in (3, 2, 1):
            words = sentence[m.start() :].split(" ", n)[:n]
            phrase = " ".join(words).rstrip(".,!?;:)'\"")
            end = m.start() + len(phrase)
            key = normalize_name(phrase)
            if not key or key in NOT_NAMES or not _free(m.start(), end, taken):
                continue
            if not _lower_case_name(sentence, m.start(), key, known):
                continue
            name = known.display.get(key) or _title(phrase)
            out.append(Span(m.start(), end, name, label_for(name, known)))
            taken.append((m.start(), end))
            break
    return out


_GAZETTEER_FIRSTS = frozenset(
    normalize_name(k).split(" ", 1)[0] for k in (*ORGANIZATIONS, *COUNTRIES, *CITIES)
)


def _lower_case_name(sentence: str, start: int, key: str, known: Known) -> bool:
    if key in known.names and key not in known.speakers and len(key) > 2:
        return key not in PREPOSITIONS and key not in TIME_WORDS
    gazetteer = key in ORGANIZATIONS or key in COUNTRIES or key in CITIES
    if key in ORGANIZATIONS and _JOB_AFTER.match(sentence, start + len(key)):
        return True  # "got the amazon warehouse job": a company, even a common word
    if not gazetteer:
        return False
    if key in _AMBIGUOUS:  # "raised in austin" is the city; "talked to austin" is not
        return _HOME_BEFORE.search(sentence, max(0, start - 24), start) is not None
    before = sentence[max(0, start - 12) : start].lower().split()
    return bool(before) and before[-1] in PREPOSITIONS | _NAMING_VERBS


_HOME_BEFORE = re.compile(
    r"\b(?:live|lives|lived|living|moved|moving|relocated|raised|born|grew up|based|settled)"
    r" (?:in|to) $",
    re.I,
)
_JOB_AFTER = re.compile(r"(?: [a-z]+)? (?:job|gig|internship|shift)s?\b")
_NAMING_VERBS = frozenset(["joined", "visited", "visit", "left", "quit", "love", "loved", "like"])


def _title(phrase: str) -> str:
    words = phrase.split()
    if len(words) == 1 and len(phrase) <= 3:
        return phrase.upper()  # "ibm", "nyc"
    return " ".join(w.capitalize() for w in words)


def _is_listener(key: str, addressee: str | None) -> bool:
    if not addressee:
        return False
    other = normalize_name(addressee)
    return key == other or other.startswith(key + " ")


def _drop_opening_word(run: list[re.Match[str]], known: Known) -> list[re.Match[str]]:
    """ "Besides Italy", "Go Jon", "Learning German": a sentence's first word is not part
    of the name after it when it is a gerund or the rest is a name known already."""
    if len(run) < 2:
        return run
    first = run[0].group()
    rest = " ".join(t.group() for t in run[1:])
    if first.lower().endswith("ing") or _known_name(rest.removesuffix("'s"), known):
        return run[1:]
    return run


def _plausible(name: str, key: str) -> bool:
    if len(key) < 2:
        return False
    # "OMG", "INTENSE": emphasis, not an acronym
    return not (" " not in name and name.isupper() and (key in NOT_NAMES or len(name) >= 6))


def _is_vocative(sentence: str, start: int, end: int, person: bool, listener: bool) -> bool:
    """ "Hey Mel!", "Thanks, Caroline!", "Oof, John, that's sad", "See you later Joanna!": a
    name addressed to someone. ``person``: a person known by name; ``listener``: the other
    speaker."""
    before = sentence[max(0, start - _VOCATIVE_WINDOW) : start].rstrip()
    after = sentence[end : end + _VOCATIVE_WINDOW].lstrip()
    words = re.findall(r"[a-z']+", before.lower())
    if words and words[-1] in VOCATIVE_CUES:
        return True
    if words[-2:] == ["thank", "you"]:
        return True
    closes = not after or after[0] in "!?.;"
    if before.endswith(",") and closes and not _NAMED_PLACE.search(before):
        return True
    set_off = (not before or before.endswith(",")) and after.startswith(",")
    if (person or listener) and set_off:
        return True
    return listener and closes and bool(words) and words[-1] not in PREPOSITIONS


# "working at a coffee shop now, Blue Bottle": the comma names the place, it calls no one
_NAMED_PLACE = re.compile(
    r"\b(?:" + "|".join(sorted(WORKPLACE_HEADS)) + r")(?:\s+(?:downtown|uptown|nearby|now|rn|"
    r"currently|locally))*,$"
)


def _extend_with_head(sentence: str, span: Span, taken: list[tuple[int, int]]) -> None:
    """ "LGBTQ support group", "HP LaserJet 4000 printer": a name and its head noun."""
    m = _WORDS_AFTER.match(sentence, span.end)
    if not m:
        return
    words: list[str] = []
    for w in re.finditer(r"[a-z][a-z-]*", sentence[m.start() : m.end()]):
        start, end = m.start() + w.start(), m.start() + w.end()
        if not _free(start, end, taken) or w.group() in PREPOSITIONS or w.group() in NOT_NAMES:
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


def _device_phrases(sentence: str, taken: list[tuple[int, int]], known: Known) -> list[Span]:
    out = []
    for m in _DEVICE_NP.finditer(sentence):
        head = m.group(1).lower()
        if head not in DEVICE_HEADS or not _free(m.start(), m.end(), taken):
            continue
        device = known.devices.get(head)
        if device:
            span = Span(m.start(), m.end(), device, "Device", True, {"type": head}, True)
        else:
            span = Span(m.start(1), m.end(1), head, "Device", False, {"type": head})
        out.append(span)
        taken.append((m.start(), m.end()))
    return out
