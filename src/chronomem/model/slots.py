"""Slots: which held value a new value ends -- the one decision, by slot, not by wording.

A *slot* is what holds one value at a time for a subject (``model/relations.py``): a home,
an employer, a phone, a partner, one's manager -- or one value *per kind*: a favourite band
and a favourite food are two slots, so are the coach and the GP, the Spotify plan and the
Netflix plan. A new value ends the held value of its slot, and nothing else.

A slot is a *family* of relations and, where the relation holds one value per kind, the
kind its fact's text names:

* most one-value relations are a family of their own;
* a few families hold several relations that name one slot in different words
  (:data:`SLOT_FAMILIES`): a partner (``DATING``, ``ENGAGED_TO``, ``MARRIED_TO``: "engaged
  to Sam" ends "dating Alex"; and, a later step of one tie, "married Sam" ends "engaged to
  Sam": :data:`STEPS`), one's manager (``MANAGED_BY``, ``REPORTS_TO``), a
  preference (``HAS_FAVORITE``, ``PREFERS``: "my favourite tea is sencha" and "prefers
  rooibos tea" fill one slot once both name the kind);
* the kind (:func:`kind_of`): "favourite X" names X, "X is Sam's coach" the role,
  "prefers aisle seats" the seats, "on the Spotify family plan" the service.

Of one relation, a value whose text names no kind fills the slot of any kind (as before
kinds were read: "Hiro prefers aisle" ends "prefers window seats"); across relations of a
family, both must name the same kind ("prefers green tea" ends no "favourite band").

A value told as one more ("also picked up weekend shifts at the pub", "a second job at
...", "a flat in Whitby as well") fills no slot the subject already holds: it ends nothing
(:func:`adds_one`), unless its words also say a change ("also moved to Leeds").

:func:`ended_by` (over :func:`same_slot`) is read by round 2 without an LLM
(``extractors/resolution.py``: which stored facts a new one contradicts, for the rules'
facts and the learned reader's alike), and by the values held for an extractor
(``engine/held.py``: a new value replaces the held one). Pure functions of relation names
and fact texts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chronomem.model.relations import functional_rule
from chronomem.text.words import english_words, word_set

#: Relations that name one slot in different words: relation -> family.
SLOT_FAMILIES: dict[str, str] = {
    "DATING": "partner",
    "ENGAGED_TO": "partner",
    "MARRIED_TO": "partner",
    "MANAGED_BY": "manager",
    "REPORTS_TO": "manager",
    "HAS_FAVORITE": "preference",
    "PREFERS": "preference",
}
#: Families whose relations are steps of one tie, in order: a later step with the same
#: person ends the earlier ("married Luis" ends "engaged to Luis"); an earlier step told
#: after a later one ends nothing ("we dated for years" after the wedding).
STEPS: dict[str, tuple[str, ...]] = {"partner": ("DATING", "ENGAGED_TO", "MARRIED_TO")}
#: Families whose relations hold one value per kind of value, not one in all.
PER_KIND = frozenset({"preference", "ROLE_HELD_BY", "SUBSCRIBED_TO_PLAN"})
#: Relations that hold many values, one per thing, whose new value of one thing ends the
#: old: a medicine at a new dose (``same_slot``).
DOSED = frozenset({"TAKES_MEDICATION"})


def has_slots(relation: str) -> bool:
    """Can a new value of ``relation`` end a held one: a one-value relation, or one whose
    values fill a slot per thing (:data:`DOSED`)?"""
    return functional_rule(relation) is not None or relation.upper() in DOSED


# a word of time, no kind: "my favourite now is X" names none
_NOT_KIND = r"(?!(?:rn|atm|now|currently|lately)\b)"
_FAVORITE_KIND = re.compile(
    rf"\b(?:favou?rite|fave|fav|go-to|go to) {_NOT_KIND}([a-z]+(?: {_NOT_KIND}[a-z]+)?)"
    r"(?: these days| right now| at the moment| lately| rn| atm| now| currently)?"
    r" (?:is|was|has|would|'s)\b",
    re.I,
)
_ROLE_KIND = re.compile(r"'s ([a-z]+)\W*$", re.I)
# "prefers aisle seats" -> seats; "is a cat person" -> person: one leaning at a time, so
# "a coffee person now" replaces "a tea person". The kind is the value's last word, never a
# word after it ("prefers tea over coffee": tea, not "over"; "prefers coffee these days")
_AFTER_VALUE = r"(?:over|to|than|rather|instead|these|now|nowadays|lately|when|on|for|in|at|"
_AFTER_VALUE += r"with|because|since|and|but|or|anyway|actually|honestly|tbh)"
_PREFER_KIND = re.compile(
    rf"\bprefer(?:s|red|ring)? (?:(?!{_AFTER_VALUE}\b)[a-z-]+ )?(?!{_AFTER_VALUE}\b)([a-z]+)\b"
    r"|\ban? [a-z-]+ (person)\b",
    re.I,
)
# "prefers tea over coffee": the value and the one it is preferred to are of one kind, so a
# later "prefers coffee" takes its place
_PREFERRED_TO = re.compile(
    r"\bprefer(?:s|red|ring)? (?:[a-z-]+ )??([a-z]+) (?:over|to|rather than|instead of) "
    r"(?:the |a |an )?(?:[a-z-]+ )??([a-z]+)\b(?! [a-z]+ (?:over|to)\b)",
    re.I,
)
# a plan per service: "on the Spotify family plan" / "on the basic Netflix plan"
_PLAN_SERVICE = re.compile(r"\bis on the ((?:\S+ ){1,3}?)plan\b")
# the words of a plan's name that say its tier, not its service (general English)
_TIERS = word_set(
    "basic standard premium free family pro plus student duo individual annual monthly "
    "yearly starter business unlimited lite premier gold silver platinum tier ad supported"
)
_KIND_PATTERNS = {
    "HAS_FAVORITE": _FAVORITE_KIND,
    "ROLE_HELD_BY": _ROLE_KIND,
    "PREFERS": _PREFER_KIND,
}


def family_of(relation: str) -> str | None:
    """The slot family of a one-value relation (its own name unless listed in
    :data:`SLOT_FAMILIES`); ``None`` for a relation that accumulates values."""
    rule = functional_rule(relation)
    if rule is None:
        return None
    return SLOT_FAMILIES.get(rule.relation, rule.relation)


def steps_on(relation: str, held_relation: str) -> bool:
    """Is ``relation`` a later step of the tie ``held_relation`` is a step of
    (:data:`STEPS`), so that it ends the held value even when both name the same person?"""
    steps = STEPS.get(family_of(relation) or "", ())
    new, old = relation.upper(), held_relation.upper()
    return new in steps and old in steps and steps.index(new) > steps.index(old)


def kind_of(relation: str, text: str) -> str | None:
    """The kind a fact's ``text`` gives a value of ``relation`` that holds one value per
    kind ("Sam's favorite composer is Elgar": composer; "prefers aisle seats": seat),
    singular and lower case; ``None``: the relation has one kind, or the text names none."""
    pattern = _KIND_PATTERNS.get(relation.upper())
    m = pattern.search(text) if pattern is not None else None
    return singular(next(g for g in m.groups() if g).lower()) if m is not None else None


def singular(word: str) -> str:
    """A plural's singular, for comparing kinds and names ("seats" / "seat")."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def same_slot(relation: str, text: str, other_relation: str, other_text: str) -> bool:
    """Do two values (relation and fact text each) fill one slot, so that the newer ends
    the other? Only values of one-value relations of one family do; of a family held per
    kind, only values of one kind (see the module doc for a kind left unsaid). A medicine,
    held beside others, is a slot of its own: a new dose of it ends the old
    (:func:`_new_dose`)."""
    if relation.upper() == other_relation.upper() and relation.upper() in DOSED:
        return _new_dose(text, other_text)
    family = family_of(relation)
    if family is None or family != family_of(other_relation):
        return False
    if family not in PER_KIND:
        return True
    if family == "SUBSCRIBED_TO_PLAN":
        return _same_service(text, other_text)
    kind, other = kind_of(relation, text), kind_of(other_relation, other_text)
    if _one_choice(text, other_text):
        return True
    if relation.upper() != other_relation.upper():
        return kind is not None and kind == other
    return kind is None or other is None or kind == other


# words that tell a value as one more beside those held, not the next one ("another" is
# not one: "found another job" is most often the next job, not a second one)
_ONE_MORE = re.compile(
    r"\b(?:also|too|as well|second|2nd|extra|on the side|side (?:job|gig|hustle)"
    r"|on top of|in addition|besides)\b",
    re.I,
)
# words that tell a change even beside "also": "also moved to Leeds", "switched too"
_CHANGE = re.compile(
    r"\b(?:mov(?:e|es|ed|ing)|relocat\w*|switch\w*|swap\w*|replac\w*|instead|left|leaving"
    r"|quit\w*|chang\w*|upgrad\w*|downgrad\w*|traded|no longer|any ?more)\b",
    re.I,
)


# a preference told as the one that holds now ("prefers full paragraphs now", "these days
# prefers the office"): it takes the place of the one preference held, whatever its kind
# (``_leaning_now``)
_TOLD_AS_CHANGE = re.compile(
    r"\b(?:now|these days|nowadays|from now on|any ?more|switched|instead)\b", re.I
)


def adds_one(text: str) -> bool:
    """Does a fact's ``text`` tell its value as one more beside the values held ("Sam also
    works weekends at the Red Lion", "a second job at ...") rather than as the next one?"""
    return _ONE_MORE.search(text) is not None and _CHANGE.search(text) is None


def ended_by(relation: str, text: str, held: Sequence[tuple[str, str]]) -> list[int]:
    """Which of the ``held`` values (relation and fact text each, one subject's) a new value
    ends: those of its slot (:func:`same_slot`) -- and, when the new value's text names no
    kind and it fills a family held per kind in another relation than the held ones ("Bram
    switched to matcha lattes" as a preference, the held "go-to coffee order" a favourite),
    the family's one held value, if the subject holds exactly one (with two or more, which
    one it replaces is unknown, and none ends); so does a preference told as the one that
    holds now (:func:`_leaning_now`). A value told as one more (:func:`adds_one`) ends
    none."""
    if adds_one(text):
        return []
    out = [i for i, (r, t) in enumerate(held) if same_slot(relation, text, r, t)]
    family = family_of(relation)
    if family not in PER_KIND:
        return out
    kin = [i for i, (r, _) in enumerate(held) if family_of(r) == family]
    other = [i for i in kin if held[i][0].upper() != relation.upper()]
    unsaid = kind_of(relation, text) is None and other == kin
    if len(kin) == 1 and not out and (unsaid or _leaning_now(relation, text, held[kin[0]][0])):
        out.append(kin[0])
    return sorted(out)


def _leaning_now(relation: str, text: str, held_relation: str) -> bool:
    """Is a preference told as the one that holds now ("prefers full paragraphs now"), beside
    a held preference of another kind ("prefers short answers in bullet points")? Then it
    takes that one's place. Favourites keep their kinds ("my favourite band now is X" leaves
    the favourite food alone)."""
    preferences = relation.upper() == held_relation.upper() == "PREFERS"
    return preferences and _TOLD_AS_CHANGE.search(text) is not None


def _one_choice(a: str, b: str) -> bool:
    """Is one of two preferences told as chosen over the other's value ("prefers tea over
    coffee", then "prefers coffee these days": one choice between the two)?"""
    for told, other in ((a, b), (b, a)):
        m = _PREFERRED_TO.search(told)
        theirs = kind_of("PREFERS", other)
        values = (singular(m.group(1).lower()), singular(m.group(2).lower())) if m else ()
        if theirs is not None and theirs in values:
            return True
    return False


# a medicine and its dose: "Thyronorm 50 mcg", "metformin 500", "sertraline 100mg"; a dose
# told alone, by its unit ("the dose is up to 75 mcg")
_DOSED = re.compile(
    r"(?:\b(?P<drug>[A-Za-z][A-Za-z-]{3,})\s+)?\b(?P<dose>\d+(?:\.\d+)?)\s*"
    r"(?P<unit>mg|mcg|µg|ug|ml|iu|units?)?\b"
)
_NO_DRUG = frozenset({"takes", "take", "taking", "took", "started", "with", "from", "onto"})


def _new_dose(a: str, b: str) -> bool:
    """Do two medication facts name one medicine at two doses ("takes Thyronorm 75" after
    "started Thyronorm 50 mcg"; "takes 75 mcg", a dose told alone in the same unit)?"""
    told = [_doses(t) for t in (a, b)]
    for drug, dose, unit in told[0]:
        for other, other_dose, other_unit in told[1]:
            if dose == other_dose:
                continue
            if drug and drug == other:
                return True
            one_named = (drug is None) != (other is None)
            if one_named and (unit == other_unit or unit is None or other_unit is None):
                return True
    return False


def _doses(text: str) -> list[tuple[str | None, str, str | None]]:
    """The (medicine, dose, unit) a medication fact's text names: a dose with its unit, or a
    number after a word no English dictionary holds ("Thyronorm 75"; not "since 2019")."""
    out = []
    for m in _DOSED.finditer(text):
        drug = (m.group("drug") or "").casefold() or None
        drug = None if drug in _NO_DRUG else drug
        if m.group("unit") or (drug is not None and drug not in english_words()):
            out.append((drug, m.group("dose"), m.group("unit")))
    return out


def _same_service(a: str, b: str) -> bool:
    """Two plans are of one service unless each names a service and they share no word
    ("the basic Netflix plan" and "the Netflix premium plan": one; "the Spotify family
    plan" and "the Netflix basic plan": two). The tier words are not the service."""
    services = []
    for text in (a, b):
        m = _PLAN_SERVICE.search(text)
        words = set(m.group(1).casefold().split()) - _TIERS if m else set()
        if not words:
            return True
        services.append(words)
    return bool(services[0] & services[1])
