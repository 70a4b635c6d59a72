"""Names written in lower case ("quit siemens", "moved to boston"): a name met earlier in
the conversation, or a gazetteer name after a preposition or a naming verb. Gazetteer
names that are common words too ("target", "austin") need a cue that makes them a name.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import TOKEN, Span, is_free, label_for
from chronomem.extractors.rules.tables.gazetteer import CITIES, COUNTRIES, ORGANIZATIONS
from chronomem.extractors.rules.tables.lexicon import NOT_NAMES, PREPOSITIONS, TIME_WORDS

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


def lower_case_names(sentence: str, taken: list[tuple[int, int]], known: Known) -> list[Span]:
    """Names written in lower case ("quit siemens", "moved to boston"): a name met earlier
    in the conversation anywhere, a gazetteer name after a preposition."""
    out = []
    # a name's key starts with the first word of a name met or of the gazetteer: any other
    # word starts none, and most words of a sentence are skipped without slicing it
    firsts = _GAZETTEER_FIRSTS | {k.split(" ", 1)[0] for k in known.names}
    for m in TOKEN.finditer(sentence):
        word = m.group()
        if not word[:1].islower() or normalize_name(word).split(" ", 1)[0] not in firsts:
            continue
        if not is_free(m.start(), m.end(), taken):
            continue
        for n in (3, 2, 1):
            words = sentence[m.start() :].split(" ", n)[:n]
            phrase = " ".join(words).rstrip(".,!?;:)'\"")
            end = m.start() + len(phrase)
            key = normalize_name(phrase)
            if not key or key in NOT_NAMES or not is_free(m.start(), end, taken):
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
