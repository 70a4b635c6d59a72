"""The subject of a pattern row's match in a clause (see ``clauses.py``).

The speaker for "I"/"we" (the user, for "you" on an assistant's turn), a named entity or a
pronoun's person before the verb, the owner of a possessive ("my dad's car", "her
favourite band"), a device, or the subject an "and" shares ("I sold my Civic and bought a
Tesla"); a chat line that opens with a past tense or a lead-in ("big news, got the job")
is the speaker's.
"""

from __future__ import annotations

import re
from typing import Literal

from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.gender import pronoun_gender
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.negation import ENTITY_MARK, gap_tokens
from chronomem.extractors.rules.analysis.owners import owner_before
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.analysis.subjects import (
    ROLE_WORDS,
    implicit_subjects,
    owner_of,
    role_owner,
)
from chronomem.extractors.rules.tables.lexicon import DETERMINERS, PREPOSITIONS
from chronomem.text.words import word_set

LETTERS = re.compile(r"[a-z]+")

_FIRST_PERSON = re.compile(r"\b(?:I|i|[Ww]e)\b")

_BLOCKERS = re.compile(
    r"\b(?:[Hh]e|[Ss]he|[Tt]hey|[Ii]t|[Yy]ou|[Tt]his|[Tt]hat|[Tt]here|[Ww]ho|[Ww]hich"
    r"|[Pp]eople|[Ee]veryone|[Ss]omeone|(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Yy]our) [a-z]+)\b"
)

# Verbs that may open a chat sentence with "I" left out ("Went to Paris!", "Love it!"):
# past tenses and "love"; a bare "Enjoy your trip!" is a wish, not a fact about the speaker.
_TOLD = word_set(
    "love went got bought took saw met made left quit sold joined visited been grew came "
    "flew drove ran began won lost found spent over off done switched broke gave tore hurt "
    "caught had cut born let put"
)


def subject_of(
    s: Sentence, index: int, m: re.Match[str], mode: str, known: Known
) -> tuple[Party | None, list[str], bool]:
    clause, verb_start = s.clauses[index], m.start()
    speaker = _speaker(s)
    if mode == "possessor":
        theirs = role_owner(s, m.group(), known)  # "my dad's car is a Volvo now"
        if theirs is not None:
            return theirs, [], False
        third = _third_owner(s, m, known)
        if third is not None:  # "Maisie says her favourite colour is green": her -> Maisie
            return third or None, [], False
        if _SOMEONE_ELSES.search(_before_value(m)):
            return None, [], False  # "my company's favourite client": not the speaker's
        mine = _POSSESSIVE.search(m.group())
        named = None if mine else _named_owner(s, m.start(), known)
        if named is not None:  # "Leo's cast came off"
            return named, [], False
        named = None if mine else _named_owner(s, m.start(), known, _SUBJECT_GAP)
        if named is not None:  # "Daria had the baby": the person named is the one it befell
            return named, [], False
        before = None if mine else owner_before(s, m.start(), known)
        if before is not None:  # "her dog Milo died": hers, not the speaker's
            return before or None, [], False
        owner = owner_of(s, mine.group()) if mine else (s.user if s.assistant else s.speaker)
        return (Party(owner, "Person", speaker=True) if owner else None), [], False
    if mode == "listener":
        mine = _POSSESSIVE.search(m.group())
        mine_is_me = mine is not None and mine.group().lower() in ("my", "our")
        yours = mine is not None and not mine_is_me
        if row_owner_is_speaker(m) and not yours and not s.assistant:
            mine_is_me = True  # "dentist appointment on Tuesday": the speaker's own plan
        owner = (None if s.assistant else s.speaker) if mine_is_me else s.user
        return (Party(owner, "Person", speaker=True) if owner else None), [], False
    devices_only = mode.endswith("device")
    candidates = subject_candidates(s, clause[0], verb_start, known, devices_only=devices_only)
    if mode == "first":
        return _first_person(s, index, candidates, known), [], False
    if not candidates:
        tokens = gap_tokens(_masked(s, clause[0], verb_start))
        if tokens is None and index == 0:  # "quit salt, started walking daily"
            tokens = _listed_action(s, clause[0], verb_start)
        if mode == "clause" and tokens is not None and index > 0:
            shared = _shared_subject(s, index, known)
            if shared is not None:
                return shared, tokens, False
        verb = LETTERS.match(s.text.lower(), verb_start)
        told = verb is not None and (verb.group().endswith("ed") or verb.group() in _TOLD)
        # "doing keto rn", "working at a record store now": a gerund opening a chat line
        told = told or (verb is not None and verb.group().endswith("ing") and not tokens)
        # "not a member of the chess club anymore", "no longer at Google": a chat line that
        # opens on a negation speaks of the speaker
        told = told or bool(tokens and tokens[0] in _OPENING_NEGATIONS)
        implicit = (
            mode == "clause" and index == 0 and told and speaker is not None and tokens is not None
        )
        return (speaker, tokens or [], True) if implicit else (None, [], False)
    _, end, party = candidates[-1]
    tokens = gap_tokens(_masked(s, end, verb_start))
    if party is None or tokens is None:
        return None, [], False
    return party, tokens, False


def _first_person(
    s: Sentence, index: int, candidates: list[tuple[int, int, Party | None]], known: Known
) -> Party | None:
    """The first person before the verb: a title or a health state is a person's, never an
    employer's or a place's ("joined Capgemini as a consultant"); none: the subject the
    clause shares with the one before it ("I left Accenture and joined Capgemini as ...")."""
    parties = [p for _, _, p in candidates if p is not None]
    first = next((p for p in parties if p.label == "Person"), None)
    if first is None and index > 0:
        first = _shared_subject(s, index, known)
    return first or next((p for p in parties if p.label is None), None)


def _named_owner(
    s: Sentence, start: int, known: Known, gap: re.Pattern[str] | None = None
) -> Party | None:
    """A person named with a possessive right before the match ("Leo's cast came off"), or,
    with ``gap`` ``_SUBJECT_GAP``, named as the subject of the match's verb ("Daria had the
    baby")."""
    for span in s.spans:
        person = span.label == "Person" or normalize_name(span.name) in known.persons
        if span.named and person and (gap or _OWNER_GAP).match(s.text[span.end : start]):
            return Party(span.name, "Person")
    return None


_OWNER_GAP = re.compile(r"^['’]s\s+$")
_SUBJECT_GAP = re.compile(r"^\s+(?:(?:just|finally|already|officially|actually)\s+)?$")


def _listed_action(s: Sentence, start: int, verb_start: int) -> list[str] | None:
    """A chat line listing what the speaker did, without a subject ("quit salt, started
    walking daily"): the verb after a comma shares the opening verb's implicit subject."""
    comma = s.text.rfind(",", start, verb_start)
    first = LETTERS.search(s.text.lower(), start, comma) if comma > start else None
    if first is None:
        return None
    if not (first.group().endswith("ed") or first.group() in _TOLD or _lead_in(s, start, comma)):
        return None
    return gap_tokens(_masked(s, comma + 1, verb_start))


def _lead_in(s: Sentence, start: int, comma: int) -> bool:
    """ "ok new phone day, went with an iphone 15", "big news, got the job": a short
    verbless lead-in (no pronoun, no name) before the line's first verb; or the speaker
    about to tell ("I should tell you, Tangi left the police and went to Auckland")."""
    if _TELLING.match(s.text, start, comma):
        return True
    if any(start <= sp.start < comma for sp in s.spans):
        return False
    words = LETTERS.findall(s.text[start:comma].lower())
    return len(words) <= 5 and not any(w in _LEAD_IN_STOPS for w in words)


# the speaker about to tell something: "I should tell you", "I have to say", "we forgot to
# mention"
_TELLING = re.compile(
    r"\W*(?:(?:so|and|but|oh|also|ok|okay|well|btw)\W+)*(?:I|we)\s+"
    r"(?:(?:should|must|have to|had to|need to|forgot to|meant to|wanted to|gotta|got to|"
    r"never)\s+)?(?:tell|told|say|mention|mentioned|admit|confess)"
    r"(?:\s+(?:you|u|ya))?(?:\s+(?:this|that|something))?\W*$",
    re.I,
)
_LEAD_IN_STOPS = frozenset(
    {"i", "im", "we", "he", "she", "they", "you", "it", "my", "his", "her", "their", "our",
     "your", "me", "him", "them", "us", "is", "are", "was", "were", "am", "be", "been", "has",
     "have", "had", "do", "does", "did", "will", "would", "can", "could", "not", "if", "when"}
)  # fmt: skip


def _third_owner(s: Sentence, m: re.Match[str], known: Known) -> Party | Literal[False] | None:
    """The owner a possessive match opens on (or its apposition: "Oren, her boyfriend"),
    when it is not the speaker: "her"/"his" -> the person named before it in the sentence,
    else (but for a role) the person last spoken of; "Maisie's" -> Maisie (False: someone
    unknown); None: no such opening."""
    third = _THIRD_OWNER.match(m.group()) or _APPOSED_OWNER.search(m.group())
    if third is not None:
        word = third.group(1).lower()
        value = normalize_name(m.groupdict().get("obj") or "")
        if word == "their":
            return False
        before = _named_before(s, m.start() + third.start(), value)
        if before is not None:  # "Pia and her husband Leo", "Oren, her new boyfriend"
            return before
        if m.groupdict().get("role"):
            return False  # a role's owner is a person named in the sentence, or no one
        gender = pronoun_gender("he" if word == "his" else "she")
        name = known.antecedent(gender, other_than=value)  # "her girlfriend Juno": not Juno
        if not name:
            return False
        return Party(re.sub(r"['’]s$", "", name), "Person")
    if not s.text.startswith("'s ", m.start() - 3):
        return None
    named = _named_owner(s, m.start(), known)
    if named is not None:
        return named
    word = _OWNER_WORD.search(s.text, 0, m.start())
    return Party(word.group(1), "Person") if word else False


def _before_value(m: re.Match[str]) -> str:
    """The match up to its value: the "'s" of "my daughter Fia's birthday" is the value's
    own (Fia's birthday), not an owner's before it ("my company's favourite client")."""
    value = m.start("obj") if "obj" in m.re.groupindex and m.group("obj") else -1
    return m.group() if value < 0 else m.string[m.start() : value]


def _named_before(s: Sentence, end: int, value: str) -> Party | None:
    """The person named last before ``end`` in the sentence, not the person ``value``
    ("Pia and her husband Leo": Pia, a person by what she does). A name of no known kind
    is no owner: on the held-out writer's split it brought a decoy's fact."""
    for span in reversed(s.spans):
        if span.end > end or not span.named or normalize_name(span.name) == value:
            continue
        if span.label == "Person":
            return Party(span.name, "Person")
    return None


_THIRD_OWNER = re.compile(r"(his|her|their) ", re.I)
# "Oren, her new boyfriend": the possessive of an apposition after the name
_APPOSED_OWNER = re.compile(r", (his|her|their) ", re.I)

_OWNER_WORD = re.compile(r"\b([A-Z][a-z]+)'s $")

_OPENING_NEGATIONS = frozenset({"not", "no", "never"})

_POSSESSIVE = re.compile(r"\b(?:my|our|your)\b", re.I)

_SOMEONE_ELSES = re.compile(r"\b(?:my|our|your) (?:[a-z]+ )?[a-z]+'s\b", re.I)

_AND_GAP = re.compile(r"^[\s,]*(?:(?:and|&)(?:\s+then)?|then)\s*$", re.I)

_CONGRATULATION = re.compile(
    r"congrat|good luck|best of luck|enjoy|happy for|excited for|proud"
    r"|how(?:'s| is| was| did| are)|glad|sorry",
    re.I,
)


def row_owner_is_speaker(m: re.Match[str]) -> bool:
    """A listener row without a cue said to someone ("Congrats on...") is the speaker's."""
    return _CONGRATULATION.search(m.group()) is None


def _speaker(s: Sentence) -> Party | None:
    if s.speaker is None or s.assistant:
        return None
    return Party(s.speaker, "Person", speaker=True)


def _shared_subject(s: Sentence, index: int, known: Known) -> Party | None:
    """ "I sold my Civic and bought a Tesla": a verb after "and" shares the subject of the
    clause before it."""
    before, here = s.clauses[index - 1], s.clauses[index]
    if not _AND_GAP.match(s.text[before[1] : here[0]]):
        return None
    found = subject_candidates(s, before[0], before[1], known, devices_only=False)
    opening = [(a, p) for a, _, p in found if _opens(s, before[0], a, _OPENS)]
    named = [
        p
        for a, _, p in found
        if p is not None and p.label == "Person" and _opens(s, before[0], a, _ROLE_OPENING)
    ]
    if named:
        return named[0]
    if opening:
        # the last that opens: after a lead-in ("I should tell you, Tangi left ...") the
        # clause opens again
        return max(opening, key=lambda ap: ap[0])[1]
    return _speaker(s) if index == 1 else None  # "Sold my Civic and bought a Tesla"


def _opens(s: Sentence, start: int, at: int, opening: re.Pattern[str]) -> bool:
    """The text from ``start`` to ``at`` opens a clause, after a short verbless lead-in
    ("Big news, Arun left Emirates and joined Qatar Airways")."""
    if opening.match(s.text[start:at]):
        return True
    comma = s.text.rfind(",", start, at)
    if comma <= start or not _lead_in(s, start, comma):
        return False
    return opening.match(s.text[comma:at]) is not None


_OPENS = re.compile(r"^[\W]*(?:(?:so|and|but|then|well|oh|also|yeah|ok|okay|lol)\W+)*$", re.I)

# "my colleague Ibrahim quit and joined Spotify": the role before the name opens the clause
_ROLE_OPENING = re.compile(
    rf"^[\W]*(?:(?:so|and|but|then|well|oh|also|yeah|ok|okay|lol)\W+)*(?:my|our|his|her|their)"
    rf"\s+(?:[a-z]+\s+)?(?:{ROLE_WORDS})\s+$",
    re.I,
)


def any_device(s: Sentence, known: Known) -> Party | None:
    """A device named anywhere in the sentence, else the one met last in the conversation."""
    for span in s.spans:
        if span.label == "Device":
            return Party(span.name, span.label, span.named, False, tuple(span.attributes.items()))
    if not known.devices:
        return None
    kind, name = list(known.devices.items())[-1]
    return Party(name, "Device", True, False, (("type", kind),))


def subject_candidates(
    s: Sentence, start: int, end: int, known: Known, *, devices_only: bool
) -> list[tuple[int, int, Party | None]]:
    out: list[tuple[int, int, Party | None]] = []
    inside = [sp for sp in s.spans if start <= sp.start and sp.end <= end]
    for span in inside:
        if _prepositional(s.text, span) or s.text.startswith("'s", span.end):
            continue
        if devices_only and span.label != "Device":
            continue
        if not devices_only and not span.named:
            out.append((span.start, span.end, None))  # "my laptop is like ...": not a person
            continue
        attrs = tuple(span.attributes.items())
        out.append((span.start, span.end, Party(span.name, span.label, span.named, False, attrs)))
    if not devices_only:
        speaker = _speaker(s)
        out += [(m.start(), m.end(), speaker) for m in _FIRST_PERSON.finditer(s.text, start, end)]
        implicit = implicit_subjects(s, start, end, known)
        out += implicit
        for m in _BLOCKERS.finditer(s.text, start, end):
            taken = [(sp.start, sp.end) for sp in inside] + [(a, b) for a, b, _ in implicit]
            if not any(a <= m.start() < b for a, b in taken):
                out.append((m.start(), m.end(), None))
    out.sort(key=lambda c: (c[0], -c[1]))
    return out


def _prepositional(text: str, span: Span) -> bool:
    words = re.findall(r"[a-z']+", text[max(0, span.start - 30) : span.start].lower())[-2:]
    if not words:
        return False
    if words[-1] in PREPOSITIONS:
        return True
    return len(words) == 2 and words[-1] in DETERMINERS and words[0] in PREPOSITIONS


def _masked(s: Sentence, start: int, end: int) -> str:
    text = s.text[start:end]
    for span in sorted(s.spans, key=lambda sp: -sp.start):
        if start <= span.start and span.end <= end:
            a, b = span.start - start, span.end - start
            text = f"{text[:a]} {ENTITY_MARK} {text[b:]}"
    return text
