"""How the words around a state the reader read tell whether it holds: in the past ("stripe
was fun"), or of an ex ("my ex Samira got engaged")."""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.readers.end_words import ends_tie
from chronomem.model.relations import DAY_RELATIONS, GENERIC_RELATIONS

_PARTNERS = frozenset({"DATING", "ENGAGED_TO", "MARRIED_TO"})
# a partner named as one who was: "my ex Samira", "his ex-wife, Dana", "her former partner Jo"
_EX_BEFORE = re.compile(
    r"(?:\bex|\bformer)(?:[- ]?(?:wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|bf|gf))?"
    r"[\s,]*$",
    re.I,
)


def an_ex(text: str, relation: str, start: int) -> bool:
    """Is the partner value at ``start`` named as an ex ("my ex Samira got engaged")?"""
    return relation in _PARTNERS and _EX_BEFORE.search(text, max(0, start - 24), start) is not None


# the verb before a value denied: "since September I don't work in the distillery", "she is
# not living there" (within the value's own clause: no comma, "but" or "and" between)
_DENIED_VERB = re.compile(
    r"(?:n't|\bnot|\bnever)\s+(?:[a-z]+ly\s+)?(?:[a-z]+\s+){1,3}(?:[a-z]+\s+)?$", re.I
)
_CLAUSE_CUT = re.compile(r"[,;:.!?]|\b(?:but|and|so|because)\b", re.I)


def lived_at(text: str, start: int) -> bool:
    """Is the value at ``start`` where its clause says one lives ("I live at the Kotirinne
    service home")? The relation head can read a name of a home's kind as a workplace."""
    return _LIVED_AT.search(text, max(0, start - 40), start) is not None


_LIVED_AT = re.compile(
    r"\b(?:live|lives|lived|living)\s+(?:at|in)\s+(?:(?:the|a|an|my|our)\s+)?$", re.I
)


def ended_before(text: str, value: tuple[int, int]) -> bool:
    """Does the value's own clause say its tie is over: its verb said "no longer" ("I no
    longer live in my house on Kirkkokatu"), or a verb of leaving or ending taking it
    (``end_words.ends_tie``: "he finished at the port before christmas", "sold the
    Corolla")? An ending, whatever the aspect head read."""
    before = clause_before(text, value[0])
    cut = _CLAUSE_CUT.search(text, value[1])
    after = text[value[1] : cut.start() if cut else len(text)]
    return _NO_LONGER_VERB.search(before) is not None or ends_tie(before, after)


_NO_LONGER_VERB = re.compile(r"\bno longer\s+(?:[a-z]+\s+){1,5}$", re.I)


def denied_before(text: str, start: int) -> bool:
    """Is the verb of the value at ``start`` denied in its own clause ("since September I
    don't work in the distillery")? The aspect head can read a state with a day ("since")
    as beginning; denied, it begins nothing."""
    return _DENIED_VERB.search(clause_before(text, start)) is not None


def clause_before(text: str, start: int) -> str:
    """The words of ``start``'s own clause before it (from the last comma, "but", "and" ...)."""
    cuts = list(_CLAUSE_CUT.finditer(text, 0, start))
    return text[cuts[-1].end() if cuts else 0 : start]


_PAST_STATE = re.compile(r"\b(?:was|were|used to)\b", re.I)
_STILL = re.compile(r"\b(?:since|still|now|currently|these days|anymore)\b", re.I)


def said_in_the_past(clause: str) -> bool:
    """Is the clause a state told in the past tense ("stripe was fun", "we were in Leeds"),
    with nothing saying it still holds ("since", "still", "now")? The aspect head reads
    some of these as holding or beginning; beside a new value told in the same message,
    they are over. A weaker reading than ``text/past_states.told_as_over`` (any "was"), for that
    case only."""
    return _PAST_STATE.search(clause) is not None and _STILL.search(clause) is None


def told_another(s: Sentence, known: Known, subject: str, relation: str, value: str) -> bool:
    """Did the message already tell ``subject`` holding another value of ``relation``
    (learned from an earlier sentence of it, whatever day it starts: "from the first of
    June we live in Vlorë ... Tirana was too much traffic for me")?"""
    who = normalize_name(subject)
    held = known.targets.get((who, relation), {})
    return any(
        key != normalize_name(value)
        and (
            (who, relation, key) in known.told_here
            or known.starts.get((who, relation, key)) == s.reference
        )
        for key in held
    )


def told_ended(known: Known, subject: str, value: str) -> bool:
    """Did ``subject`` tell a thing held ended that ``value`` names, its name or the start
    of it, in any relation of holding ("Sold the Dacoria": the assistant's "Since you're
    still driving the Dacoria Spring" restates a thing the user no longer has; a trip or a
    plan over is no thing held)?"""
    who, key = normalize_name(subject), normalize_name(value)
    return any(
        source == who
        and relation not in _NOT_HELD
        and (key == normalize_name(ended) or key.startswith(normalize_name(ended) + " "))
        for (source, relation), ended in known.ended.items()
    )


# what no one holds as a thing: a mention, a day's trip or plan, an event attended
_NOT_HELD = GENERIC_RELATIONS | DAY_RELATIONS | {"ATTENDED"}


# a value held as something done without ("cutting out red meat", "off sugar", "no dairy"):
# denied again ("still no red meat"), it is told again, not taken back
_ABSTAINED = re.compile(
    r"\b(?:no|not|never|without|off|free|quit|cut(?:ting)? out|avoid\w*|gave up|giving up"
    r"|stopped)\b|n't\b",
    re.I,
)


def held_texts(s: Sentence, known: Known, relation: str, value: str) -> list[str]:
    """The texts of the values the speaker holds in ``relation`` (told in an earlier turn or
    held by the memory) that ``value`` names by a word of them ("Sao Mai" of "Sao Mai
    Trading")."""
    if not s.speaker:
        return []
    who = normalize_name(s.speaker)
    return [
        known.texts.get((who, rel, key), "") for rel, key in known.held_named(who, value, relation)
    ]


def negates_held(s: Sentence, known: Known, relation: str, value: str) -> bool:
    """Is a value the reader read as denied ("so not allergic after all") one the speaker
    holds in ``relation``, named by a word of it ("allergic to penicillin"), and held as
    something had, not done without? Denied, the held value is taken back: it ends."""
    return any(not _ABSTAINED.search(text) for text in held_texts(s, known, relation, value))
