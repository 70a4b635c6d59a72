"""Whose fact the learned reader read: the speaker's, the user's, or a named third person's.

The reader's subject head says *which kind* of person a fact belongs to (speaker, addressee,
third); it does not say *which* third person, and it reads whose fact it is less well than the
rules read who a clause is about. So the person is the clause's subject as the rules find it
(``analysis/piece_subjects.py``: "my cousin Bartek, hes twenty-six, ..." -> Bartek, "my
sister's move to X" -> the sister), and the head's kind must agree with it:

- a **speaker's** fact needs a clause about the speaker ("I", "my new address"), or a line
  that names no one at all ("Pixel 8a now.", "Learning Japanese.": a chat reply leaves its
  subject out) and does not go on with another person's news ("Sister got the job.
  Deloitte!"); a clause about someone else, or naming a relative's thing before the value
  ("so proud of my sister's move to X"), gives the speaker nothing, unless the value is a
  person in the speaker's role ("my new manager is X");
- a **third person's** fact needs a clause whose subject is a person other than the speaker,
  named or in the speaker's role ("my dad", "Tendai's sister"), or whose thing the clause
  names ("my brother's new role at X"), and that person is not the value itself (a value in
  words, an age or a condition, may be a pet's or a name's of no known kind: "and Winifred,
  seventy-nine, signed up for salsa"); a clause opening on "he" or "she" is about whom
  the pronoun stands for, read in order ("my son want to be the pilot, but he is only 9");
  a short line naming no one goes on with the person the sentence before was about ("Cousin got
  engaged!! To Marisol."), and a later clause naming no one with the person its sentence named
  first ("My nephew Tomasz is 11, no wait, 12"); a clause opening on a bare name no rule typed
  and its verb is that person's ("Oksana has taken over as treasurer") and never the
  speaker's ("Bogdan still works at Tesco");
- what another does to the speaker, or says of them, is the speaker's ("Dr Okafor has put me
  on gliclazide", "Kasia says I have asthma");
- on an **assistant's** turn a fact is the user's when the clause speaks of the user (the
  rules' text is in the user's voice by then: "since you moved to X" reads "since I moved");
  the assistant speaking of itself is no one's subject ("I've noted that you have X").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chronomem.extractors.rules.analysis.antecedents import PRONOUN, antecedent
from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.person_acts import FILLERS, PERSON_EVIDENCE
from chronomem.extractors.rules.analysis.person_names import FINITE_VERB
from chronomem.extractors.rules.analysis.piece_subjects import PieceSubject, piece_subject
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.analysis.subjects import ROLE_WORDS, role_owner
from chronomem.extractors.rules.normalise.chat_names import COMMON_WORDS
from chronomem.extractors.rules.readers.clause_subjects import subject_candidates
from chronomem.extractors.rules.tables.lexicon import NEGATIONS, NOT_NAMES
from chronomem.extractors.rules.tables.life_words import (
    ROLES_DATING,
    ROLES_FAMILY,
    ROLES_LEAD,
    ROLES_MANAGER,
    ROLES_MARRIED,
    ROLES_PERSONAL,
)
from chronomem.text.words import alternatives

_WORDS = re.compile(r"[a-z']+")
_SHORT_LINE = 5  # words
_THEIR_PEOPLE = re.compile(rf"['’]s\s+(?:{ROLE_WORDS})\b", re.I)
# A sentence that opens on an article names its subject ("The weather in X is ..."): it does
# not leave its subject out.
_OPENS_ON_A_NOUN = re.compile(r"^\W*(?:the|a|an|this|that|these|those)\s", re.I)
# A user's line opening on a bare role, "is" and its holder ("Dentist's Dr Visser now",
# "therapist is Dr. Havel", "new boss: Niamh"): texting leaves the "my" out
_OWN_ROLE_OPENING = re.compile(
    rf"\W*(?:new\s+)?(?:{alternatives(ROLES_MANAGER | ROLES_PERSONAL | ROLES_LEAD)})"
    r"(?:'s|\s+is|\s+now\s+is|\s*:)\s",
    re.I,
)
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


def owner(
    s: Sentence,
    found: Span,
    kind: str,
    role: str,
    known: Known,
    before: Sequence[Sentence] = (),
) -> Party | None:
    """The person whose fact the value ``found`` (a span of ``s``) is, by the reader's
    ``kind`` (speaker / addressee / third) on a message said by ``role``; ``None``: no one
    the rules agree on (``before``: the message's sentences before ``s``)."""
    clause = s.clause_at(found.start)
    subject = piece_subject(s, clause, found, known)
    if role == "assistant":
        return _to_the_user(s, subject, found, kind, known)
    if kind == "speaker" and s.speaker:
        me = Party(s.speaker, "Person", speaker=True)
        if _NAMING.search(s.text, clause[0], found.start):
            return me  # "got a kitten! her name is Miso": the name of what was just told
        if role == "user" and _OWN_ROLE_OPENING.match(s.text, clause[0], found.start):
            return me  # "Dentist's Dr Visser now.": a role said bare is the speaker's own
        if subject is None and _opener(s, clause, found, known) is not None:
            return None  # "Alan is still driving buses for X": Alan's, not the speaker's
        alone = subject is None and not s.speaks_as_self
        if alone and (not _elliptic(s, clause, found, known) or _goes_on(before, known)):
            return None  # "Sister got the job. Deloitte!": the sister's news goes on
        if subject is None and _relatives(s, clause, found, known) is not None:
            return None  # "so proud of my sister's move to Leeds"
        if _THEIRS_AFTER.match(s.text, found.end):
            return None  # "Mithu is my brother's parrot": the brother's
        named_first = _named_first(s, subject, found)
        if named_first is not None:
            return named_first  # "soraya lives like 5 mins from me in Croydon"
        if subject is not None and _done_to_me(s, subject[1], found):
            return me  # "Dr Salkeld has moved me to sitagliptin": the speaker's drug
        return _speaker_if_theirs(subject, found, me, s)
    if kind == "third":
        person = _third_owner(s, (clause, found), subject, known, before)
        return person if person is not None else _narrated(s, subject, found)
    return None


# the value said to be a relative's thing: "Mithu is my brother's parrot"
_THEIRS_AFTER = re.compile(
    rf",?\s+(?:is|was|'s)\s+(?:my|our)\s+(?:[a-z]+\s+)?(?:{ROLE_WORDS})['’]s\b", re.I
)


# a clause opening on a capitalised name (after a filler), not a word of ordinary English,
# then a finite verb: "Yusuf has taken over as X", "Alan is still driving buses for X"
_OPENER = re.compile(
    rf"\W*(?:(?:{'|'.join(sorted(FILLERS))}|also)\W+)*"
    r"(?:(?:[Mm]y|[Oo]ur)\s+(?:[a-z]+\s+){1,2})?"
    rf"((?:[A-Z][\w'’-]+\s+){{0,2}}[A-Z][\w'’-]+)\s+{FINITE_VERB}",
    re.UNICODE,
)
_BREAK = re.compile(r"[,;:]")


def _opener(s: Sentence, clause: tuple[int, int], found: Span, known: Known) -> Party | None:
    """The person a clause opens on, named bare before a finite verb and before the value,
    with no comma between (a name no rule typed: "Yusuf has taken over as treasurer"; not
    "Co-codamol's binned, just paracetamol", nor a name met as a pet or a place)."""
    m = _OPENER.match(s.text, clause[0], found.start)
    if m is None or _BREAK.search(s.text, m.end(), found.start):
        return None
    name = m.group(1)
    words = name.lower().split()
    if any(w in COMMON_WORDS or w in NOT_NAMES for w in words):
        return None
    if name == s.speaker or known.labels.get(normalize_name(name)) not in (None, "", "Person"):
        return None
    return Party(name, "Person")


# what another does to the speaker, the value after it: "moved me to X", "put me on X",
# "made me X", "promoted me to X"; what another says the speaker is: "said I have X",
# with a few words of when between ("said starting December 1 I will stop X")
_TO_ME = re.compile(
    r"\b(?:me\s+(?:up\s+|over\s+|back\s+)?(?:to|on|onto|as|into)\b|made\s+me\b"
    r"|(?:said|says|thinks|told\s+me|confirmed)\s+(?:that\s+)?(?:[\w-]+\s+){0,4}?(?:I|i)\b)"
)


def _done_to_me(s: Sentence, after: int, found: Span) -> bool:
    """Does the clause say, between its subject (ending at ``after``) and the value, that
    the subject does it to the speaker or says it of the speaker?"""
    return found.label != "Person" and _TO_ME.search(s.text, after, found.start) is not None


def _named_first(s: Sentence, subject: PieceSubject | None, found: Span) -> Party | None:
    """The clause's subject, when it is a person named bare first in the line (after a
    filler: "ok so", "omg") and their own act follows the name ("soraya lives like 5 mins
    from me in Croydon", "Ollie moved in with me in Leeds"). The reader reads such a line as
    the speaker's chat (its subject head has met few lines opening on a friend's name); the
    act says it is the named person's. "My sister Ida moved ..." is no bare name: there the
    head's kind must agree."""
    if subject is None or subject[0].speaker or not _third(subject[0], found):
        return None
    person, end, implied = subject
    opening = normalize_name(s.text[:end]).split()
    name = normalize_name(person.name).split()
    bare = opening[-len(name) :] == name and all(w in FILLERS for w in opening[: -len(name)])
    acts = PERSON_EVIDENCE.match(s.text, end) is not None
    return person if bare and acts and not implied else None


def _narrated(s: Sentence, subject: PieceSubject | None, found: Span) -> Party | None:
    """The person a narrated sentence is about, read in their voice by the rules
    (``normalise/narrated.py``: "Marek works in Gdynia" -> "I work in Gdynia", Marek its
    speaker): the reader read the sentence as written, so its third person is that speaker,
    where the clause is about the speaker (or names no one: "... and joined a choir")."""
    if not s.written or not s.speaker:
        return None
    if subject is not None and not subject[0].speaker:
        return None
    return Party(s.speaker, "Person", speaker=True) if found.name != s.speaker else None


def _third_owner(
    s: Sentence,
    where: tuple[tuple[int, int], Span],
    subject: PieceSubject | None,
    known: Known,
    before: Sequence[Sentence],
) -> Party | None:
    """The third person whose fact the value is (``where``: its clause and span): the
    clause's subject; else the person named last before the value; else the relative whose
    thing the clause names ("it's my brother's new role at X"); else, on a short line that
    names no one ("To Marisol.", "a Volvo!"), the person the sentence before was about."""
    clause, found = where
    named = subject_candidates(s, clause[0], found.start, known, devices_only=False)
    person = subject[0] if subject is not None else None
    if person is None or not _third(person, found):
        person = _nearest_person(named, found)
    if person is None:
        person = _relatives(s, clause, found, known)
    if person is None:
        person = _told_by_pronoun(s, named, before, known, _aged(found))
    if person is None and not named and _short(s) and before:
        person = _about(before[-1], known, before[:-1])
    if person is None and clause[0] > 0 and not any(party for *_, party in named):
        person = _earlier(s, clause[0], known, before)  # "My daughter Ayanda is 7 — eish, 8"
    if person is None and subject is None:
        person = _opener(s, clause, found, known)  # "Yusuf has taken over as treasurer"
    return person if person is not None and _third(person, found) else None


def _to_the_user(
    s: Sentence, subject: PieceSubject | None, found: Span, kind: str, known: Known
) -> Party | None:
    """Whose fact an assistant's clause tells (its text in the user's voice by now): the
    user's, where it speaks of the user; a third person's the user told of, where the
    clause is about that person ("your son Alfie is now at Leeds Beckett"). The assistant
    speaking of itself is no one's subject: "I've noted that you have coeliac disease" and
    "I've updated your employer to Google" are the user's."""
    if not s.user or not s.speaks_as_self:
        return None
    if subject is not None and _is_the_assistant(subject[0], s, known):
        subject = None
    clause = s.clause_at(found.start)
    theirs = _relatives(s, clause, found, known) if subject is None else None
    if kind == "third":
        person = subject[0] if subject is not None else theirs
        return person if person is not None and _third(person, found) else None
    if kind != "addressee" or theirs is not None:
        return None  # "your brother's new role at Aramco" is not the user's
    return _speaker_if_theirs(subject, found, Party(s.user, "Person", speaker=True), s)


def _is_the_assistant(person: Party, s: Sentence, known: Known) -> bool:
    """Is ``person`` the assistant itself (a speaker of the conversation, not the user: the
    rules write an assistant's "I" as its name)?"""
    name = normalize_name(person.name)
    return name in known.speakers and name != normalize_name(s.user or "")


def _third(person: Party, found: Span) -> bool:
    """Can ``person`` hold the value ``found`` as a third person: a person, not the speaker,
    not the value itself."""
    is_value = normalize_name(person.name) == normalize_name(found.name)
    kind = person.label == "Person" or (person.label in (None, "Pet") and _aged(found))
    return not person.speaker and kind and not is_value


def _aged(found: Span) -> bool:
    """Is ``found`` an age or a condition told in words, which a name of no known kind or a
    pet may hold too ("and Winifred, seventy-nine, ..."; not "Bubbles went to her new home")?"""
    return not found.named and found.label in ("Age", "Condition")


def _nearest_person(named: Sequence[tuple[int, int, Party | None]], found: Span) -> Party | None:
    """The person named last before the value in its clause (``named``: the clause's
    subject candidates before it), when the clause's subject is the speaker or no one ("the
    news is that my older brother Sipho has been made captain of X": Sipho; "my dad he
    joined X": whom "he" stands for)."""
    for _, _, party in reversed(named):
        if party is not None and _third(party, found):
            return party
    return None


def _told_by_pronoun(
    s: Sentence,
    named: Sequence[tuple[int, int, Party | None]],
    before: Sequence[Sentence],
    known: Known,
    aged: bool = False,
) -> Party | None:
    """Whom the clause's first subject candidate stands for, when it is a "he" or "she" read
    in order over the message ("my son want to be the pilot, but he is only 9": the son;
    ``aged``: the value is an age or a condition, which a pet may hold too)."""
    if not named or not PRONOUN.fullmatch(s.text[named[0][0] : named[0][1]]):
        return None
    start, end, _ = named[0]
    return antecedent(s.text[start:end], s, start, before, known, aged)


def _about(s: Sentence, known: Known, before: Sequence[Sentence]) -> Party | None:
    """The person sentence ``s`` is about: its first person named, by role or by a "he" or
    "she" read in order (``None``: the speaker, or no one)."""
    candidates = subject_candidates(s, 0, len(s.text), known, devices_only=False)
    if not candidates:
        return None
    start, end, party = candidates[0]
    if PRONOUN.fullmatch(s.text[start:end]):
        party = _told_by_pronoun(s, candidates, before, known)
    person = party is not None and party.label == "Person" and not party.speaker
    return party if person else None


def _earlier(s: Sentence, upto: int, known: Known, before: Sequence[Sentence]) -> Party | None:
    """The person the sentence ``s`` was about before ``upto`` (a clause naming no one goes
    on with them): a "he" or "she" read in order, or the first person named."""
    candidates = subject_candidates(s, 0, upto, known, devices_only=False)
    if candidates and PRONOUN.fullmatch(s.text[candidates[0][0] : candidates[0][1]]):
        return _told_by_pronoun(s, candidates, before, known)
    people = (p for *_, p in candidates if p is not None and p.label == "Person")
    return next((p for p in people if not p.speaker), None)


def _relatives(s: Sentence, clause: tuple[int, int], found: Span, known: Known) -> Party | None:
    """The relative whose thing the clause names before the value ("my sister's move to
    Leeds", "your brother's new role at Aramco"; ``None``: none, or the relative's own
    people, of whom nothing is kept: "my girlfriend's parents are visiting from Porto")."""
    text = s.text[clause[0] : found.start]
    return None if _THEIR_PEOPLE.search(text) else role_owner(s, text, known)


def _goes_on(before: Sequence[Sentence], known: Known) -> bool:
    """Was the sentence before a line that leaves its subject out about someone other than
    the speaker (the line goes on with that person's news)?"""
    return bool(before) and _about(before[-1], known, before[:-1]) is not None


def _short(s: Sentence) -> bool:
    """A line of a few words ("To Marisol.", "a Volvo!", "Dr. Osei now!")."""
    return len(_WORDS.findall(s.text.lower())) <= _SHORT_LINE


def _speaker_if_theirs(
    subject: tuple[Party, int, bool] | None, found: Span, me: Party, s: Sentence
) -> Party | None:
    """``me`` unless the clause is about another person ("my brother's big move to X"); a
    person as the value is the speaker's when the clause is about the speaker's role ("my
    new manager is called X"), never when the sentence ``s`` names it in another's role
    (the role makes it a person, typed or not)."""
    if _anothers_role(s, found):
        return None  # "Bea introduced us to Oren, her new boyfriend": Bea's, not mine
    if subject is None or subject[0].speaker or found.label == "Person":
        return me
    return None


# A role word owned by someone other than the speaker right before a person named ("her
# girlfriend Juno", "Pia's new boyfriend Oren", "his wife, Lea") or in an apposition right
# after the name ("Oren, her new boyfriend"): the person is in that owner's role. Only the
# roles one person holds for another alone (a partner, a relative, a boss): a friend's
# friend the speaker is introduced to may be the speaker's friend too.
_THEIRS_ALONE = alternatives(ROLES_MARRIED | ROLES_DATING | ROLES_FAMILY | ROLES_MANAGER)
_ANOTHERS = rf"(?:\b(?:his|her|their)|['’]s)\s+(?:[a-z-]+\s+){{0,2}}?(?:{_THEIRS_ALONE})"
_ANOTHERS_BEFORE = re.compile(rf"{_ANOTHERS}\s*,?\s*$", re.I)
_ANOTHERS_AFTER = re.compile(rf"\s*,\s*{_ANOTHERS}\b", re.I)


def _anothers_role(s: Sentence, found: Span) -> bool:
    """Is the person ``found`` named in a role someone other than the speaker holds?"""
    before = s.text[max(0, found.start - 40) : found.start]
    return bool(_ANOTHERS_BEFORE.search(before) or _ANOTHERS_AFTER.match(s.text, found.end))


def _elliptic(s: Sentence, clause: tuple[int, int], found: Span, known: Known) -> bool:
    """Is ``s`` a line that leaves its subject out (``subjectless``) and does not deny the
    value ("Not the Madrid job.": the reader reads such a line's aspect as a state; a
    negation before the value says what does not hold)?"""
    before = _ENDED.sub(" ", s.text[clause[0] : found.start].lower())
    denied = any(word in NEGATIONS for word in _WORDS.findall(before))
    return not denied and subjectless(s, known)


# an ending, not a denial: "no more Ventolin, now Symbicort", "no longer the night shift"
_ENDED = re.compile(r"\bno (?:more|longer)\b")


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
