"""Finding the object of a matched verb: a name, a short noun phrase, or an inline capture.

"loves pottery" -> pottery; "bought a brand new car" -> car; "this game Catan" -> Catan;
"love to paint" -> painting. Objects are kept short and clean: articles, possessives and
filler adjectives are dropped, pronouns and vague words ("it", "stuff") are no objects, and
a verb phrase ("loves seeing the kids") is not taken for a thing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from chronomem.extractors.rules.analysis.capitalised import HEAD_LABELS
from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.analysis.tastes import TASTES, told_as_reaction
from chronomem.extractors.rules.tables.gazetteer import DEVICE_HEADS, GROUP_HEADS, WORKPLACE_HEADS
from chronomem.extractors.rules.tables.lexicon import (
    BAD_OBJECTS,
    CONJUNCTIONS,
    DETERMINERS,
    FILLER_ADJECTIVES,
    GAP_WORDS,
    NEGATIONS,
    NOT_NAMES,
    OBJECT_STOPS,
    OTHER_SUBJECTS,
    PREPOSITIONS,
    PRONOUNS,
    TIME_WORDS,
)
from chronomem.extractors.rules.tables.life_words import ACTIVITIES, PET_BREED_SPECIES, PET_SPECIES
from chronomem.extractors.rules.tables.row import RelationPattern
from chronomem.text.words import word_set

CONTEXT = Party("\x00context")  # the object is to be taken from what earlier turns said
_LEAD = re.compile(
    # a measure of it first: "love a bit of halloumi", "a cup of tea", "loads of garlic"
    r"\s*(?:(?:a\s+(?:(?:little|wee|good|nice)\s+)?(?:bit|lot|spot|drop|slice|bowl|cup|mug|pint"
    r"|glass|plate)|lots|loads|plenty)\s+of\s+)?"
    r"(?:(?:a|an|the|my|our|his|her|their|your|some|this|that|these|those|another)\s+)?"
    rf"((?:(?:{'|'.join(sorted(FILLER_ADJECTIVES, key=len, reverse=True))})\s+)*)",
    re.I,
)
# a word of letters in any alphabet ("comté", "crème brûlée"), a number, or one other sign
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['-])*|\d+|\S")
_STOPS = PREPOSITIONS | CONJUNCTIONS | DETERMINERS | PRONOUNS | OTHER_SUBJECTS | OBJECT_STOPS
_ADVERB_OBJECTS = word_set(
    "ever lately mostly online together anymore daily regularly alone outside often nonstop "
    "itself again everyday somewhere anywhere everywhere"
)
_POSSESSIVES = word_set("my our your his her their")
_AT = word_set("at with for")
_LY_NOUNS = word_set("family rally jelly belly bully lily holly ally assembly supply")
_NAMING_WORDS = word_set(
    "called named titled game book novel movie film song band show series album app "
    "restaurant town city artist singer author podcast team"
)
# A person introduced by a plain noun before the name: "dating this girl Kayla", "married a
# woman named Carol", "seeing someone called Bree", "this guy from work, Tom".
# "married her boyfriend Kwame", "engaged to his long-time girlfriend Mara": the partner
_PERSON_INTRO = re.compile(
    r"\s*(?:(?:a|an|this|that|some)\s+)?(?:(?:new|nice|cute|sweet|lovely|random)\s+)?"
    r"(?:someone|somebody|girl|guy|woman|man|lady|dude|boy|gal|fella|person|chick)"
    r"(?:\s+(?:from\s+\w+|at\s+\w+))?(?:,?\s+(?:named|called)|,)?\s+(?=[A-Z])"
    r"|\s*(?:my|his|her|their|our)\s+(?:long[- ]?time\s+|high school\s+)?(?:boyfriend|"
    r"girlfriend|partner|fianc[eé]e?|bf|gf|sweetheart)\s+(?=[A-Z])"
)


# "at St Anselm's for eleven years", "work at Sainsbury's now": a name that ends in "'s"
# (nothing it owns follows), not "Alice's car"
_OWN_NAME = re.compile(
    r"'s(?=\s*(?:$|[^\w\s])|\s+(?:for|in|since|until|and|but|now|as|on|at|from|so|because"
    r"|lol|these|this|last|every|full|part)\b)"
)


def span_party(
    s: Sentence, span: Span, row: RelationPattern, *, in_role: bool = False
) -> Party | None:
    """The party a span names as the row's value; none where the span owns what follows
    ("Google's London office"), unless a role names it ``in_role``: "my daughter Fia's
    birthday" still names my daughter."""
    owner = s.text.startswith("'s", span.end) and not _OWN_NAME.match(s.text, span.end)
    owner = owner and not in_role
    if owner or span.label in row.reject_labels:
        return None
    last = span.name.split()[-1].lower()
    if row.heads is not None or row.reject_heads:
        kind = _kind_told(s, span)  # "DNT, the trekking association": its kind's head
        last = kind if kind and (row.heads is None or last not in row.heads) else last
    if (row.heads is not None and last not in row.heads) or last in row.reject_heads:
        return None
    attrs = tuple(span.attributes.items())
    return Party(span.name, span.label or row.label, span.named, False, attrs)


# a name's kind told in apposition right after it (one adverb may stand between): "joined
# DNT instead, the trekking association", "Stiftung Warentest, a consumer organisation"
_KIND_TOLD = re.compile(
    r"(?:\s+[a-z]+)?,\s+(?:the|a|an)\s+(?:[a-z'-]+\s+){0,3}(?P<head>[a-z'-]+)"
    r"(?=\s*(?:[,.;!?)]|$)|\s+(?:for|in|at|with|that|which|who|where|near|on)\b)"
)


def _kind_told(s: Sentence, span: Span) -> str | None:
    """The head of the kind an apposition after ``span`` tells, if one is told."""
    m = _KIND_TOLD.match(s.text, span.end)
    return m.group("head") if m else None


def object_after(s: Sentence, pos: int, end: int, row: RelationPattern) -> Party | None:
    end = min([t.start for t in s.times if pos <= t.start < end] + [end])
    lead = _LEAD.match(s.text, pos, end)
    start = lead.end() if lead else pos
    span = next((sp for sp in s.spans if pos <= sp.start <= start), None)
    if span is not None:
        return _named_group(s, span, end, row) or span_party(s, span, row)
    intro = _PERSON_INTRO.match(s.text, pos, end) if row.label == "Person" else None
    named = next((sp for sp in s.spans if intro and sp.start == intro.end() and sp.named), None)
    if named is not None:
        return span_party(s, named, row)
    words, next_word, stop = _phrase(s, start, end)
    named = _apposition(s, stop, words)
    if named is not None:
        return span_party(s, named, row)
    if not words and next_word == "to" and row.relation in TASTES:
        words = _to_activity(s, start, end)
    if row.relation in TASTES and words in (["job"], ["work"]) and next_word in _AT:
        return None  # "hate my job at Starbucks": the job (WORKS_AT), not a taste to keep
    if row.relation in TASTES and told_as_reaction(s.text, pos):
        return None  # "loved the party", "didn't like the film": a reaction, not a taste
    name = " ".join(words)
    if name in row.context_words or (words and words[-1] in row.context_words):
        return CONTEXT
    if not words or len(words) > 3 or words[0] in BAD_OBJECTS or words[-1] in BAD_OBJECTS:
        return None
    if row.heads is not None and _head(words) not in row.heads:
        return None
    if row.target == "named" and row.heads is None:
        return None
    if _head(words) in row.reject_heads:
        return None
    gerund = words[0].endswith("ing") and words[0] not in ACTIVITIES
    if gerund and next_word and next_word not in CONJUNCTIONS and next_word.isalpha():
        return None  # "loves throwing on some music": a verb phrase, not a thing
    if words[0] in _ADVERB_OBJECTS or (words[0].endswith("ly") and words[0] not in _LY_NOUNS):
        return None
    return Party(name, _phrase_label(row, words), named=False)


def _named_group(s: Sentence, span: Span, end: int, row: RelationPattern) -> Party | None:
    """ "the Leeds youth orchestra", "the Brixton running club": a name that modifies the
    group (or other head) the row's object must end with; the whole phrase is the object."""
    if row.heads is None or span.name.split()[-1].lower() in row.heads:
        return None
    words, _, _ = _phrase(s, span.end, end)
    if not words or len(words) > 3 or words[-1] not in row.heads or words[-1] in row.reject_heads:
        return None
    return Party(f"{span.name} {' '.join(words)}", _phrase_label(row, words), named=True)


def _head(words: list[str]) -> str:
    """The phrase's head noun: the group before "of" ("band of bellringers"), else its last
    word."""
    return words[words.index("of") - 1] if "of" in words[1:] else words[-1]


def _phrase_label(row: RelationPattern, words: list[str]) -> str | None:
    head = _head(words)
    for heads, label in HEAD_LABELS:
        if head in heads and row.label in ("Event", "Organization"):
            return label
    if row.label == "Topic" and (words[0].endswith("ing") or " ".join(words) in ACTIVITIES):
        return "Activity"
    return row.label


def _apposition(s: Sentence, stop: int, words: list[str]) -> Span | None:
    """A name right after a naming phrase: "this game Catan", "a book called 'Sapiens'",
    "a new phone, an iPhone 15"."""
    if not words or len(words) > 3:
        return None
    if words[-1] in DEVICE_HEADS:
        lead = _APPOSED.match(s.text, stop)
        if lead:
            return next((sp for sp in s.spans if sp.start == lead.end() and sp.named), None)
    place = _placed(s, stop, words)
    if place is not None:
        return place
    if words[-1] not in _NAMING_WORDS:
        return None
    pos = stop + len(s.text[stop:]) - len(s.text[stop:].lstrip())
    return next((sp for sp in s.spans if sp.start == pos and sp.named), None)


def _placed(s: Sentence, stop: int, words: list[str]) -> Span | None:
    """A workplace named after a comma: "a record store downtown now, Vinyl Vault", "a
    small bakery, Crumbs"."""
    while len(words) > 1 and words[-1] in _WHERE_NOW:
        words = words[:-1]
    if words[-1] not in WORKPLACE_HEADS:
        return None
    lead = _PLACE_APPOSED.match(s.text, stop)
    if lead is None:
        return None
    return next((sp for sp in s.spans if sp.start == lead.end() and sp.named), None)


_WHERE_NOW = word_set("downtown uptown nearby locally now rn currently here")
_PLACE_APPOSED = re.compile(
    r"(?:\s+(?:downtown|uptown|nearby|locally|now|rn|currently|these days|in town))*"
    r",\s+(?:(?:called|named|an?|the)\s+)?"
)
_APPOSED = re.compile(r",?\s+(?:(?:an?|the|my)\s+)?")
# the next item of a list, past a word of quantity ("Spanish, English and a bit of Guarani")
_AND_NEXT = re.compile(
    r"\s*(?:,\s*and|,|and|&)\s+(?:(?:an?|the)\s+)?(?:(?:a\s+)?(?:little\s+)?bit\s+of\s+|"
    r"some\s+|a\s+little\s+)?"
)


def coordinated(s: Sentence, first: Party, pos: int, end: int, row: RelationPattern) -> list[Party]:
    """ "Google and Meta", "Paris, Rome and Lyon": the names coordinated with ``first``."""
    span = next((sp for sp in s.spans if sp.start >= pos and sp.name == first.name), None)
    out: list[Party] = []
    while span is not None:
        m = _AND_NEXT.match(s.text, span.end, end)
        nxt = next((sp for sp in s.spans if m and sp.start == m.end() and sp.named), None)
        party = span_party(s, nxt, row) if nxt else None
        if party is None:
            break
        out.append(party)
        span = nxt
    return out


def _phrase(s: Sentence, start: int, end: int) -> tuple[list[str], str, int]:
    """Lower-case words from ``start`` up to a stop word: the words, the word that stopped
    them, and where they end."""
    words: list[str] = []
    stop = start
    time_starts = {t.start for t in s.times}
    for w in _WORD.finditer(s.text, start, end):
        tok = w.group()
        low = tok.lower()
        if w.start() in time_starts or not tok[0].isalpha() or tok[0].isupper():
            return words, low, stop
        if _RIGHT_NOW.match(s.text, w.start()):  # "obsessed with mango sticky rice right now"
            return words, low, stop
        if words and _BREAK.search(s.text, stop, w.start()):  # "cats tbh, dogs are ...": the
            return words, "", stop  # phrase ends at its clause's comma
        if (
            low == "of"
            and words
            and words[-1] in GROUP_HEADS
            and _OF_MEMBERS.match(s.text, w.end())
        ):
            words.append(low)  # "the band of bellringers": the group named by its members
            stop = w.end()
            continue
        if low in _STOPS or ("'" in low and not low.endswith("s'")):  # "the nurses' union"
            return words, low, stop
        if words and low.endswith("ly") and low not in _LY_NOUNS:  # "gouda obviously"
            return words, low, stop
        words.append(low)
        stop = w.end()
        if len(words) > 3:
            return words, "", stop
    return words, "", stop


_BREAK = re.compile(r"[,;:.!?]")
_OF_MEMBERS = re.compile(r"\s+[a-z]+s\b")  # "of bellringers", "of volunteers"
_RIGHT_NOW = re.compile(r"right\s+(?:now|away)\b", re.I)


def _to_activity(s: Sentence, start: int, end: int) -> list[str]:
    m = re.match(r"\s*to\s+([a-z]+)\b", s.text[start:end])
    if not m:
        return []
    verb = m.group(1)
    gerund = verb[:-1] + "ing" if verb.endswith("e") and not verb.endswith("ee") else verb + "ing"
    if len(verb) <= 4 and re.fullmatch(r"[^aeiou]*[aeiou][bdgmnprt]", verb):
        gerund = verb + verb[-1] + "ing"
    return [gerund] if gerund in ACTIVITIES else []


_TITLES = frozenset({"dr", "mr", "mrs", "ms", "miss", "prof", "coach"})


def inline_object(
    s: Sentence, row: RelationPattern, m: re.Match[str], group: str = "obj"
) -> Party | None:
    """The target captured by the row's regex (``obj``, or ``obj2`` for a second form)."""
    if m.groupdict().get(group) is None and m.groupdict().get(group + "2") is not None:
        group += "2"
    if m.groupdict().get(group) is None:
        return None
    if row.whole:
        whole = " ".join(m.group(g) for g in ("svc", group) if m.groupdict().get(g))
        return Party(whole, row.label, named=True)
    start = m.start(group)
    attrs: tuple[tuple[str, str], ...] = ()
    if "species" in m.groupdict() and m.group("species"):
        species = singular(m.group("species").lower())
        attrs = (("species", PET_BREED_SPECIES.get(species, species)),)
    span = next((sp for sp in s.spans if sp.start <= start < sp.end), None)
    titled = span is not None and s.text[span.start : start].strip(". ").lower() in _TITLES
    if row.label == "JobTitle":
        span = None  # "a UX designer", "promoted to Head of Marketing": a title, not a name
    if span is not None and (span.start == start or titled):  # "Dr. Abiola has been my GP"
        party = span_party(s, span, row, in_role=bool(m.groupdict().get("role")))
        if party is not None and row.target_format:  # "tore my ACL" -> "ACL injury"
            party = replace(party, name=row.target_format.format(obj=party.name))
        return replace(party, attributes=party.attributes + attrs) if party else None
    words = m.group(group).split()
    while words and words[0].lower() in FILLER_ADJECTIVES:
        words = words[1:]
    if not words:
        return None
    # (a row that names the thing by its words takes them as words: "Cast on for six weeks")
    if words[0][0].isupper() and row.label != "JobTitle" and not row.target_format:
        if words[0].lower() in NOT_NAMES or words[-1].lower() in TIME_WORDS:
            return None
        if row.need_labels is not None:
            return None  # a kind asked of a word the finder saw as no name ("dear Winifred")
        return Party(" ".join(words), row.label, True, False, attrs)
    if row.label == "JobTitle":
        if words[0].lower() in NEGATIONS or words[0].lower() in _POSSESSIVES:
            return None  # "I'm no writer", "Bob is my manager" (a person's role, not a title)
        while len(words) > 1 and (words[0].endswith("ing") or words[0].lower() in GAP_WORDS):
            words = words[1:]  # "considering volunteer" -> "volunteer"
    name = " ".join(w if w.isupper() and len(w) > 1 else w.lower() for w in words)  # "UX"
    if words[-1].lower() in row.reject_heads:
        return None
    if row.target_format:  # the row's words name the thing: "back" -> "back pain"
        name = row.target_format.format(obj=name)
    elif name in BAD_OBJECTS or words[-1].lower() in BAD_OBJECTS:
        return None
    return Party(singular(name) if name in PET_SPECIES else name, row.label, named=False)


# what joins the items of a list of words: "asthma and eczema", "flu, a cough and a fever"
_WORDS_JOIN = re.compile(
    r"\s*(?:,\s*and|,\s*or|,|and|or|&|\+)\s+(?:(?:a|an|the|some|my|our)\s+)?", re.I
)


def listed_words(s: Sentence, row: RelationPattern, m: re.Match[str]) -> list[Party]:
    """The word values listed after the one ``m`` captured ("I have asthma and eczema": the
    eczema too), each read as if it stood in the first one's place: the row's own regex,
    run again with the item before it and the joining word left out, must capture it where
    it captured the first. A name list is :func:`coordinated`'s."""
    group = "obj2" if m.groupdict().get("obj2") is not None else "obj"
    if m.groupdict().get(group) is None:
        return []
    start, end, text = m.start(group), m.end(group), s.text
    out: list[Party] = []
    while len(out) < 4 and (join := _WORDS_JOIN.match(text, end)) is not None:
        text = text[:start] + text[join.end() :]
        again = m.re.match(text, m.start())
        if again is None or again.start(group) != start:
            break
        party = inline_object(replace(s, text=text, spans=[]), row, again, group)
        if party is None or party.named:
            break
        out.append(party)
        end = again.end(group)
    return out


def singular(word: str) -> str:
    if word.endswith("ies") and word[:-3] + "y" in PET_SPECIES:
        return word[:-3] + "y"
    if word.endswith("s") and word[:-1] in PET_SPECIES:
        return word[:-1]
    return word
