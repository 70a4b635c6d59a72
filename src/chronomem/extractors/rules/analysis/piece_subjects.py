"""Whom a piece of a clause is about (the learned reader's owner gate, ``learned/whose.py``).

The speaker for "I"/"we" or a chat line opening on a past tense ("relocated to Porto"), a
named or resolved person before the object, the speaker for a thing of theirs ("my new
address is in X"), the relative for a relative's thing ("my sister's move to X"); nobody
for a conjunction, a relative word or people of whom nothing more is known ("my wife's
parents").
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.analysis.subjects import ROLE_WORDS, role_owner
from chronomem.extractors.rules.readers.clause_subjects import subject_candidates
from chronomem.text.words import word_set

# the person, where their mention ends, and whether the subject is implied
PieceSubject = tuple[Party, int, bool]

# A chat line that opens with a verb has the speaker as subject ("relocated to Porto").
_OPENING_VERB = re.compile(r"^\W*(?:(?:so|and|well|oh|also|yeah|ok|okay|lol|just)\W+)*([a-z]+)")
_IMPLICIT_VERBS = word_set(
    "got left quit joined became took made signed been put said went had gave sold bought"
    " began found won lost ditched"
)
_FIRST_PERSON = re.compile(r"\b(?:I|i|[Ww]e)\b")


def piece_subject(
    s: Sentence, piece: tuple[int, int], obj: Span, known: Known
) -> PieceSubject | None:
    """The person the piece is about, where their mention ends, and whether it is implied;
    "my new address is in X": the speaker, the text kept from "my" on."""
    me = None if s.speaker is None or s.assistant else Party(s.speaker, "Person", speaker=True)
    verb = _OPENING_VERB.match(s.text[piece[0] : obj.start].lower())
    if me is not None and verb is not None and _implicit_verb(verb.group(1)):
        before = piece[0] == 0 or _FIRST_PERSON.search(s.text, 0, piece[0]) is not None
        return (me, piece[0], True) if before else None  # "Kicked off my first term at X"
    found = subject_candidates(s, piece[0], obj.start, known, devices_only=False)
    if not found:
        return None
    # the first: "I handed in my notice at X" is about "I"; "now that you're ...": a
    # conjunction or relative word is no subject
    found = [c for c in found if c[2] is not None or s.text[c[0] : c[1]].lower() not in _LINKS]
    if not found:
        return None
    start, end, party = found[0]
    if party is None and len(found) > 1 and found[1][0] <= end + 1 and found[1][2] is not None:
        start, end, party = found[1]  # "my sister Jo has been ...": Jo, not the speaker
    if party is None:
        return _possessed_subject(s, start, end, me, known)
    person = party.label == "Person" or normalize_name(party.name) in known.persons
    if not person or (s.assistant and not (party.speaker or party.named)):
        return None
    return party, end, False


def _possessed_subject(
    s: Sentence, start: int, end: int, me: Party | None, known: Known
) -> PieceSubject | None:
    """ "my new address is in X": the speaker's; "my sister's move to X": the sister's."""
    if me is None or not s.text[start:end].lower().startswith(("my ", "our ")):
        return None
    theirs = _ROLE_POSSESSIVE.match(s.text, end)
    if theirs is None:
        return me, start, False
    if theirs.group("kin") is not None:
        return None  # "my wife's parents": people of whom nothing more is known
    owner = role_owner(s, s.text[start : theirs.end()], known)
    return (owner, theirs.end(), False) if owner is not None else None


_ROLE_POSSESSIVE = re.compile(rf"['’]s\b(?:\s+(?P<kin>{ROLE_WORDS})\b)?", re.I)


_LINKS = frozenset({"that", "which", "who", "there"})


def _implicit_verb(word: str) -> bool:
    return word.endswith("ed") or word.endswith("ing") or word in _IMPLICIT_VERBS


# a name right after "to be" (no article, no preposition) says what the subject is
_PREDICATE = re.compile(
    r"(?i)\b(?:I|we|he|she|they|you)(?:'m|'s|'re| (?:am|is|are|was|were)) (?:(?:also|not) )?$"
)


def says_what_one_is(text: str, start: int, floor: int = 0) -> bool:
    """Is the name at ``start`` said right after "to be" ("I'm Korean", "she is German"):
    what its subject is, not a thing held (looking back no further than ``floor``)?"""
    return _PREDICATE.search(text, max(floor, start - 40), start) is not None
