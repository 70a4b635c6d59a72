"""Whose fact the learned reader read: the speaker's, the user's, or a named third person's.

The reader's subject head says *which kind* of person a fact belongs to (speaker, addressee,
third); it does not say *which* third person, and it reads whose fact it is less well than the
rules read who a clause is about. So the person is the clause's subject as the rules find it
(``cue/subjects.py``: "my cousin Bartek, hes twenty-six, ..." -> Bartek, "my sister's move to
X" -> the sister), and the head's kind must agree with it:

- a **speaker's** fact needs a clause about the speaker ("I", "my new address"), or a line
  that names no one at all ("Pixel 8a now.", "Learning Japanese.": a chat reply leaves its
  subject out); a clause about someone else gives the speaker nothing, unless the value is a
  person in the speaker's role ("my new manager is X");
- a **third person's** fact needs a clause whose subject is a person other than the speaker,
  named or in the speaker's role ("my dad", "Tendai's sister"), and that person is not the
  value itself;
- on an **assistant's** turn a fact is the user's when the clause speaks of the user (the
  rules' text is in the user's voice by then: "since you moved to X" reads "since I moved").
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.piece_subjects import piece_subject
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.readers.clause_subjects import subject_candidates
from chronomem.extractors.rules.tables.lexicon import NEGATIONS

_WORDS = re.compile(r"[a-z']+")
# A sentence that opens on an article names its subject ("The weather in X is ..."): it does
# not leave its subject out.
_OPENS_ON_A_NOUN = re.compile(r"^\W*(?:the|a|an|this|that|these|those)\s", re.I)
# A word opening a subordinate clause right before a subject candidate ("X, if you're
# wondering", "X, since you asked"): that subject is the aside's, not the line's.
_SUBORDINATE = re.compile(
    r"\b(?:if|since|before|when|because|unless|though|although|while|in case)\s+$", re.I
)
# A value that is a name given ("her name is Miso", "named her Miso", "a kitten called
# Mochi"): the reader's "speaker" is whoever told of the thing named, not the pronoun.
_NAMING = re.compile(
    r"(?:\b(?:his|her|its|their)\s+name(?:\s+is|'s)|\bnamed(?:\s+(?:him|her|it|them))?"
    r"|\bcalled)\s+$",
    re.I,
)


def owner(s: Sentence, found: Span, kind: str, role: str, known: Known) -> Party | None:
    """The person whose fact the value ``found`` (a span of ``s``) is, by the reader's
    ``kind`` (speaker / addressee / third) on a message said by ``role``; ``None``: no one
    the rules agree on."""
    clause = s.clause_at(found.start)
    subject = piece_subject(s, clause, found, known)
    if role == "assistant":
        if kind != "addressee" or not s.user or not s.speaks_as_self:
            return None
        return _speaker_if_theirs(subject, found, Party(s.user, "Person", speaker=True))
    if kind == "speaker" and s.speaker:
        me = Party(s.speaker, "Person", speaker=True)
        if _NAMING.search(s.text, clause[0], found.start):
            return me  # "got a kitten! her name is Miso": the name of what was just told
        if subject is None and not s.speaks_as_self and not _elliptic(s, clause, found, known):
            return None
        return _speaker_if_theirs(subject, found, me)
    if kind == "third":
        person = subject[0] if subject is not None else None
        if person is None or not _third(person, found):
            person = _nearest_person(s, clause, found, known)
        return person if person is not None and _third(person, found) else None
    return None


def _third(person: Party, found: Span) -> bool:
    """Can ``person`` hold the value ``found`` as a third person: a person, not the speaker,
    not the value itself."""
    is_value = normalize_name(person.name) == normalize_name(found.name)
    return not person.speaker and person.label == "Person" and not is_value


def _nearest_person(
    s: Sentence, clause: tuple[int, int], found: Span, known: Known
) -> Party | None:
    """The person named last before the value in its clause, when the clause's subject is
    the speaker or no one ("the news is that my older brother Sipho has been made captain
    of X": Sipho; "my dad he joined X": whom "he" stands for)."""
    candidates = subject_candidates(s, clause[0], found.start, known, devices_only=False)
    for _, _, party in reversed(candidates):
        if party is not None and _third(party, found):
            return party
    return None


def _speaker_if_theirs(
    subject: tuple[Party, int, bool] | None, found: Span, me: Party
) -> Party | None:
    """``me`` unless the clause is about another person ("my brother's big move to X"); a
    person as the value is the speaker's when the clause is about the speaker's role ("my
    new manager is called X")."""
    if subject is None or subject[0].speaker or found.label == "Person":
        return me
    return None


def _elliptic(s: Sentence, clause: tuple[int, int], found: Span, known: Known) -> bool:
    """Is ``s`` a line that leaves its subject out (``subjectless``) and does not deny the
    value ("Not the Madrid job.": the reader reads such a line's aspect as a state; a
    negation before the value says what does not hold)?"""
    before = s.text[clause[0] : found.start].lower()
    denied = any(word in NEGATIONS for word in _WORDS.findall(before))
    return not denied and subjectless(s, known)


def subjectless(s: Sentence, known: Known) -> bool:
    """Does ``s`` leave its subject out: a chat line naming no person, pronoun or noun as
    what it is about ("Rotterdam. Since the spring.", "Pixel 8a now.", "Left Klarna.")?"""
    if _OPENS_ON_A_NOUN.match(s.text):
        return False
    for start, _, party in subject_candidates(s, 0, len(s.text), known, devices_only=False):
        if _SUBORDINATE.search(s.text, 0, start):
            continue  # "Wells Fargo, if you're wondering": the subject of an aside
        if party is None or party.label == "Person" or party.speaker:
            return False
    return True
