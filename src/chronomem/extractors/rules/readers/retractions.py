"""Terse corrections: a correction cue and the value meant, the wrong value left unsaid.

"wait I mean Holm Bank lol", "ugh typo, Fernwell Studio*", "actually no, it's a Honda Jazz",
"correction: it's cashews I'm allergic to", "SHOPIFY not spotify lol", "Eindhoven actually",
"Not Grab lah, Gojek".
The value given replaces the value of one fact told in this episode or the previous turns,
whatever the relation (home, employer, car, allergy, a sister's name, ...). Which fact is
chosen by what the two values are, not by the words of the sentence:

* the sentence names the wrong value, or a word of it ("the yaris was my last car");
* the two names are near in spelling (a typo or autocorrect: Spotify / Shopify);
* the two values are of the same kind: a car and a car (``values.kind_of``), the same head
  noun ("Halden Bank" / "Holm Bank"), the same entity label (two places, two companies).

A weak cue ("sorry", "actually", "wait", "no") needs two of these signs; a strong one
("correction", "typo", "I meant", an asterisk) one. The value must close its clause ("...
Holm Bank lol", "... Honda Jazz, the ..."): "sorry, Boston traffic is awful" corrects nothing.
The wrong fact is reported as ended and the same relation with the right value as asserted,
its text the told text with the value swapped ("Nikhil works at Holm Bank in the risk team").
"""

from __future__ import annotations

import re
from datetime import datetime
from difflib import SequenceMatcher

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import label_for
from chronomem.extractors.rules.analysis.values import kind_of
from chronomem.extractors.rules.readers.role_swaps import role_swaps
from chronomem.extractors.rules.tables.correction_cues import (
    ANY_CUE,
    CUE_LEAD,
    STRONG_CUE,
)
from chronomem.model.relations import GENERIC_RELATIONS
from chronomem.text.words import word_set

_LINK = re.compile(
    r"(?:(?:it's|its|it is|it was|that's|thats|that is|i'm|im|i am|we're|is|was|in|at|to"
    r"|from|with|for|on|the|a|an|my)\s+)*",
    re.I,
)
_NAME = re.compile(r"\*?[A-Z][\w'&.-]*(?:\s+(?:[A-Z0-9][\w'&.-]*|of|de|la|&))*")
_PHRASE = re.compile(r"[a-z0-9][\w'-]*(?:\s+[a-z][\w'-]*){0,2}")
# what may follow the value in a terse correction: the clause ends, a laugh or apology, a
# contrast ("not ...", "instead"), or a cleft's rest ("it's cashews I'm allergic to")
_END = re.compile(
    r"\s*(?:$|[,.!?;:)(]|[^\w\s'&-]|\s*(?i:lol|lmao|haha|sorry|oops|not|instead|rather|my bad"
    r"|actually|obviously|lmfao|x+d|smh)\b|\s*(?:that\s+|who\s+)?(?:I|i|I'm|i'm|im|we|we're)\b)"
)
_GOES_ON = re.compile(r"\s*,\s*(?!(?i:lol|lmao|haha|sorry|my bad|not)\b)\w")
_TRAILING = re.compile(
    r"\s*[,!.]?\s*(?i:actually|sorry|oops|my bad|lol actually|autocorrect|typo|damn autocorrect)"
    r"\W*$"
)
# "typo: Arsenal -> Chelsea": the told value, an arrow, the value meant
_ARROW = re.compile(
    r"(?P<old>[A-Za-z][\w'&.-]*(?:\s+[A-Za-z0-9][\w'&.-]*){0,2})\s*(?:->|→|=>|-->)\s*"
    r"(?P<new>[A-Za-z][\w'&.-]*(?:\s+[A-Za-z0-9][\w'&.-]*){0,2}?)\s*(?:\W|lol|haha)*$"
)
# "Lyon, not Paris": a value, not a clause of its own ("I invited Zoe, not Chloe")
_BARE_NOT = re.compile(
    r"^\W*(?!(?:I|we|he|she|they|you|it)\b)"
    r"(?P<new>[A-Za-z][\w'&.-]*(?:\s+[A-Za-z0-9][\w'&.-]*){0,2})\s*\*?\s*,?\s*"
    r"(?:not|instead of|rather than)\s+(?:the\s+|an?\s+)?"
    r"(?P<old>[A-Za-z][\w'&.-]*(?:\s+[A-Za-z0-9][\w'&.-]*){0,2}?)\s*(?:\*|\W|lol|haha|lmao)*$",
    re.I,
)
# "Not Grab lah, Gojek": the wrong value denied, then the value meant, nothing else
_NOT_FIRST = re.compile(
    r"^\W*not\s+(?:the\s+|an?\s+)?(?P<old>[A-Za-z][\w'&.-]*(?:\s+[A-Za-z0-9][\w'&.-]*){0,2}?)"
    r"(?:\s+(?:lah|la|leh|lor|lol|haha|man|mate|bro))?\s*[,;:-]+\s*(?:but\s+)?"
    r"(?:(?:it's|its|it is)\s+)?(?:the\s+|an?\s+)?"
    r"(?P<new>[A-Za-z][\w'&.-]*?(?:\s+[A-Za-z0-9][\w'&.-]*?){0,2}?)\s*(?:\*|\W|lol|haha|lmao)*$",
    re.I,
)
# "Rupert is at Glasgow, not Edinburgh", "she's visiting from Gdansk not Krakow": the value
# meant and the wrong one inside a clause that tells the fact again (a name, case kept; after
# "it's" also a lower-case value: "scratch that, it's a milk protein allergy, not lactose")
_NEW_NOT_OLD = re.compile(
    r"(?:(?P<name>(?-i:[A-Z][\w'&.-]*(?:\s+[A-Z0-9][\w'&.-]*){0,2}))|(?:(?<=\bit's )|(?<=\bit is ))"
    r"(?:an? )?(?P<phrase>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4}))\s*\*?\s*,?\s*"
    r"(?:not|instead of|rather than|and not)\s+(?:the\s+|an?\s+)?"
    r"(?P<old>[A-Za-z][\w'&.-]*(?:\s+[A-Za-z0-9][\w'&.-]*){0,2}?)(?=\s*(?:$|[,.;!?)*]|"
    r"(?:lol|haha|lmao|either)\b))"
)
# "It's not penicillin at all, it's sulfa drugs": the wrong value denied first, then the
# one meant, each with "it's" (the shape is the cue)
_NOT_OLD_NEW = re.compile(
    r"\b(?:it's|it is|its|that's|that is)\s+not\s+(?:the\s+|an?\s+)?"
    r"(?P<old>[A-Za-z][\w'&.-]*(?:\s+[A-Za-z0-9][\w'&.-]*){0,2}?)"
    r"(?:\s+(?:at all|anymore|any more))?\s*[,;:-]+\s*(?:but\s+)?(?:it's|it is|its)\s+(?:an?\s+)?"
    r"(?:(?P<name>(?-i:[A-Z][\w'&.-]*(?:\s+[A-Z0-9][\w'&.-]*){0,2}))"
    r"|(?P<phrase>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}))(?=\s*(?:$|[,.;!?)]))",
    re.I,
)
# a name whose full stop is its own: "Dr.", "St.", "& Co.", "Jr."
_ABBREVIATED = re.compile(r"\b(?:Dr|St|Mr|Mrs|Ms|Jr|Sr|Co|Ltd|Inc|Mt|Ft|[A-Z])\.$")
_NOT_VALUES = word_set(
    "fine ok okay good right sure yes yeah yep no nope nothing that this it me you lol sorry "
    "thanks thank wrong whatever never late tired one the sure lmao haha same"
    # "no worries", "no problem", "no way": a "no" of their own, correcting nothing
    " worries problem problems way idea clue doubt kidding"
)
_PREPOSITIONS = word_set("to of with at in for from on")
_VERBS = {
    "HAS_CONDITION": "is", "HAS_JOB_TITLE": "works as", "USES_PHONE": "uses",
    "USES_LAPTOP": "uses", "USES_CAMERA": "shoots with", "WEARS_WATCH": "wears",
    "RIDES_BIKE": "rides", "FOLLOWS_DIET": "is", "FAMILY_OF": "is family of",
    "HAS_PET": "has a pet,", "SUBSCRIBED_TO_PLAN": "is on", "MANAGED_BY": "is managed by",
}  # fmt: skip
MIN_TYPO_RATIO = 0.7  # spelling this near is a typo or autocorrect (Spotify / Shopify)
MIN_SPELLING_RATIO = 0.85  # one word spelt two ways ("penicilin" / "penicillin")
MIN_NEAR_RATIO = 0.55  # near enough to count as one sign (Portland / Portsmouth)
_NAMED = 3  # the sign "the sentence names the wrong value" (and typos) weighs this much


def terse_corrections(s: Sentence, known: Known) -> list[Hit]:
    """The ended wrong fact and the right one, for a terse correction in ``s``."""
    if s.question or s.assistant or not known.targets:
        return []  # an assistant's "Actually, Django*" corrects none of the user's facts
    bare = _BARE_NOT.match(s.text) or _NOT_FIRST.match(s.text) or _ARROW.search(s.text)
    if bare is not None:
        found = told(known, bare.group("old"))
        if found is not None:
            return correction_hits(s, known, found, bare.group("new"), bare.span("new"))
    inside = _inside(s, known)
    if inside:
        return inside
    swapped = role_swaps(s, known)
    if swapped:
        return swapped
    given = _given(s.text)
    if given is None:
        return []
    value, span, strong = given
    if any(t.start < span[1] and span[0] < t.end for t in s.times):
        return []  # a date corrected: the plan's own rule re-dates it (plans.py)
    found = _best_old(s, known, value, span, strong)
    return [] if found is None else correction_hits(s, known, found, value, span)


def _inside(s: Sentence, known: Known) -> list[Hit]:
    """The correction told inside a clause ("I was mistaken: Rupert is at Glasgow, not
    Edinburgh", "no sorry, it's sulfa drugs not penicillin"): a cue before it (or the shape
    "it's not X, it's Y"), and the wrong value one told before (or a word of it, or a word of
    it spelt another way)."""
    shaped = [(m, True) for m in _NOT_OLD_NEW.finditer(s.text)]
    for m, cued in [*shaped, *((m, False) for m in _NEW_NOT_OLD.finditer(s.text))]:
        if not cued and not ANY_CUE.search(s.text[: m.start()]):
            continue  # "we're off to York, not Leeds, for the weekend" corrects no home
        phrase = m.group("phrase")
        value = m.group("name") or phrase
        found = told(known, m.group("old").rstrip("."), edge="either")
        if found is None or normalize_name(value) in _NOT_VALUES:
            continue
        span = m.span("name") if phrase is None else m.span("phrase")
        if phrase is not None and phrase.lower().startswith("the "):
            value, span = phrase[4:], (span[0] + 4, span[1])  # "it's the magistrates' court"
        return correction_hits(s, known, found, value, span)
    return []


def _given(text: str) -> tuple[str, tuple[int, int], bool | None] | None:
    """The value a correction gives, its span, and whether its cue is a strong one (None:
    a weak one, and the sentence goes on after the value: the wrong value must be named)."""
    lead = CUE_LEAD.match(text)
    cue_lead = lead.group(1) if lead and ANY_CUE.search(lead.group(1)) else ""
    at = _LINK.match(text, lead.end() if lead and cue_lead else 0).end()  # type: ignore[union-attr]
    for form in (_NAME, _PHRASE):
        m = form.match(text, at)
        if m is None:
            continue
        end = _END.match(text, m.end())
        value = m.group().lstrip("*")
        if value.endswith(".") and not _ABBREVIATED.search(value):
            value = value[:-1]  # "*Maeve. autocorrect hates irish names": the full stop ends it
        begin = m.end() - len(m.group().lstrip("*"))
        span = (begin, begin + len(value))
        starred = "*" in m.group() or text[m.end() : m.end() + 1] == "*"
        cued = bool(cue_lead) or starred or _TRAILING.match(text, m.end()) is not None
        if end is None or not cued or normalize_name(value) in _NOT_VALUES:
            continue
        strong = starred or STRONG_CUE.search(f"{cue_lead} {text[m.end() :]}") is not None
        if not strong and _GOES_ON.match(text, m.end()):
            return value, span, None  # "sorry Mike, can't make it": maybe an address
        return value, span, strong
    return None


def _best_old(
    s: Sentence, known: Known, value: str, span: tuple[int, int], strong: bool | None
) -> tuple[str, str, str] | None:
    """The told (source, relation, target) the value most likely replaces."""
    rest = normalize_name(s.text[: span[0]] + " " + s.text[span[1] :])
    new = normalize_name(value)
    if new in known.speakers or (known.addressee and new == normalize_name(known.addressee)):
        return None  # "sorry Mike, ..." speaks to someone
    named = value[:1].isupper() or new in known.display
    best: tuple[int, tuple[str, str, str]] | None = None
    for (source, relation), values in known.targets.items():
        if relation in GENERIC_RELATIONS:
            continue
        for key, target in values.items():
            if key == new:
                return None  # the value is held already: nothing to correct
            said = _said_in(rest, key)
            score = likeness(new, named, key, target, known, s) + (_NAMED if said else 0)
            lower_ok = named or score >= 2 or (strong and _nominal(new))
            need = 1 if strong else 2
            if strong is None and not said:
                continue  # a weak cue, the sentence goes on: it must name the wrong value
            if score >= need and lower_ok and (best is None or score >= best[0]):
                best = (score, (source, relation, key))
    return None if best is None else best[1]


def _said_in(rest: str, key: str) -> bool:
    """Does the rest of the sentence name the told value, or a word of it?"""
    words = [w for w in key.split() if len(w) >= 3 and w not in _PREPOSITIONS]
    return any(re.search(rf"\b{re.escape(w)}(?:s|es)?\b", rest) for w in words)


def likeness(new: str, named: bool, key: str, target: str, known: Known, s: Sentence) -> int:
    """How many signs (besides being named) say ``target`` is the value ``new`` corrects."""
    told_name = target[:1].isupper()
    if told_name < named:
        return 0  # a name never corrects a phrase value ("designer")
    score = 0
    if told_name:  # "Spotify" -> "Shopify"; "holm bank" in lower-case chat for a name
        ratio = SequenceMatcher(None, new, key).ratio()
        score += 3 if ratio >= MIN_TYPO_RATIO else 1 if ratio >= MIN_NEAR_RATIO else 0
    kind = kind_of(new)
    if kind is not None and kind == kind_of(key):
        score += 2
    if len(new.split()[-1]) >= 3 and new.split()[-1] == key.split()[-1] and new != key:
        score += 2
    mine = next((sp.label for sp in s.spans if normalize_name(sp.name) == new), None)
    mine = mine or label_for(new, known)
    if mine and mine == (known.labels.get(key) or label_for(target, known)):
        score += 1
    if not named and not told_name:
        score += 1
    return score


def _nominal(phrase: str) -> bool:
    """A lower-case value that names a thing: several words, a plural, a number."""
    return " " in phrase or phrase.endswith("s") or any(c.isdigit() for c in phrase)


Told = tuple[str, str, str]  # (source, relation, target), names normalised


def told(known: Known, words: str, edge: str = "") -> Told | None:
    """The latest fact told (in this episode or the previous turns, no catch-all) whose
    value is ``words``; else, with ``edge="tail"``, the latest whose value ends with them
    ("not a Civic" for Honda Civic); with ``edge="either"``, the one value that starts or
    ends with them ("Halden" for Halden Bank), else the one that has them as its words
    ("crown" for Reading Crown Court)."""
    key = normalize_name(words)
    pairs = [p for p in known.targets if p[1] not in GENERIC_RELATIONS]
    exact = [(*p, key) for p in pairs if key in known.targets[p]]
    if exact or not key or not edge:
        return exact[-1] if exact else None
    if edge == "tail":
        tails = ((p, [t for t in known.targets[p] if t.endswith(" " + key)]) for p in pairs)
        return next(((*p, ts[0]) for p, ts in reversed(list(tails)) if ts), None)
    edges = [
        (*p, t)
        for p in pairs
        for t in known.targets[p]
        if t.startswith(key + " ") or t.endswith(" " + key) or _misspelt_tail(t, key)
    ]
    if not edges:  # "not crown" for Reading Crown Court: a word inside one value alone
        edges = [(*p, t) for p in pairs for t in known.targets[p] if f" {key} " in f" {t} "]
    return edges[0] if len(edges) == 1 else None


def _misspelt_tail(target: str, key: str) -> bool:
    """Does ``target`` end with ``key`` spelt another way ("allergic to penicilin" for
    "penicillin"): one long word, near enough to be a typo of the other?"""
    last = target.rsplit(" ", 1)[-1]
    if " " in key or len(key) < 6 or len(last) < 6 or last == key:
        return False
    return SequenceMatcher(None, last, key).ratio() >= MIN_SPELLING_RATIO


def correction_hits(
    s: Sentence, known: Known, found: tuple[str, str, str], value: str, span: tuple[int, int]
) -> list[Hit]:
    source, relation, key = found
    wrong = known.targets[(source, relation)][key]
    value = value.title() if value.isupper() and len(value) > 3 else value
    if value[:1].isupper() or not wrong[:1].isupper():
        right = value if value[:1].isupper() else _swapped(wrong, value)
    else:  # "holm bank" for "Halden Bank": a name typed in lower case
        right = " ".join(w[:1].upper() + w[1:] for w in value.split())
    if normalize_name(right) == key:
        return []
    label = known.labels.get(key) or None
    who = Party(known.display.get(source, source), known.labels.get(source) or None)
    told = known.texts.get(found, "")
    text = (
        told.replace(wrong, right) if wrong in told else corrected_text(who.name, relation, right)
    )
    whole = (0, len(s.text))
    start = known.starts.get(found)  # retracted: it ends where it began, it never held
    return [  # the ending first: it folds into the told fact
        Hit(relation, who, Party(wrong, label), True, whole, span, retracts=start),
        # the right value held from when the wrong one was told to ("I start at Gulf Hotel on
        # 1 March" ... "I mean Gulf Air": Gulf Air from 1 March)
        Hit(relation, who, Party(right, label), False, whole, span, text, spell=_since(start)),
    ]


def _since(start: datetime | None) -> tuple[datetime | None, datetime | None] | None:
    return None if start is None else (start, None)


def corrected_text(who: str, relation: str, value: str) -> str:
    """A plain sentence for the corrected fact when the told text is not at hand."""
    verb = _VERBS.get(relation, relation.lower().replace("_", " "))
    return f"{who} {verb} {value} (corrected)"


def _swapped(wrong: str, value: str) -> str:
    """A phrase value put in the told one's place: "allergic to peanuts" + "cashews" ->
    "allergic to cashews" (the words after the last preposition are the value)."""
    words = wrong.split()
    cut = max((i for i, w in enumerate(words) if w.lower() in _PREPOSITIONS), default=-1)
    return " ".join([*words[: cut + 1], value]) if 0 <= cut < len(words) - 1 else value
