"""Matching the pattern table against the clauses of a sentence.

For each row whose verb phrase occurs in a clause: find the subject before the verb (the
speaker for "I"/"we", a named entity, or a device), read the gap between them for negation,
endings and wishes, then find the object after the verb (a name, a short noun phrase, or a
target remembered from earlier turns).
"""

from __future__ import annotations

import re
from typing import Literal

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.gender import pronoun_gender
from chronomem.extractors.rules.analysis.held import departs, held_object, held_reference
from chronomem.extractors.rules.analysis.kinds import apposed_kinds, kinds_of_replacement, one_more
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.negation import ENTITY_MARK, gap_tokens, modality
from chronomem.extractors.rules.analysis.objects import (
    CONTEXT,
    coordinated,
    inline_object,
    object_after,
    singular,
)
from chronomem.extractors.rules.analysis.owners import owner_before
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.analysis.subjects import (
    ROLE_WORDS,
    canonical_role,
    implicit_subjects,
    owner_of,
    role_owner,
)
from chronomem.extractors.rules.analysis.values import refine
from chronomem.extractors.rules.tables.lexicon import DETERMINERS, PREPOSITIONS
from chronomem.extractors.rules.tables.moves import CONTINUES_KNOWN
from chronomem.extractors.rules.tables.nominal import place_target
from chronomem.extractors.rules.tables.patterns import candidate_patterns
from chronomem.extractors.rules.tables.row import RelationPattern
from chronomem.text.words import word_set

_LETTERS = re.compile(r"[a-z]+")
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


_ASKING_TAIL = re.compile(
    r"[,;:]\s*(?=(?:what|where|when|who|whom|whose|why|how|which|do|does|did|is|are|can|"
    r"could|would|should|will|any|anyone)\b)",
    re.I,
)


def _asks_from(sentence: Sentence) -> int:
    """Where the question of ``sentence`` begins (past its end when it asks nothing). In "my
    manager Sandra wants a report, how do I write that in SQL?" only the tail after the
    comma asks; the statement before it tells a fact."""
    if not sentence.question:
        return len(sentence.text) + 1
    tails = list(_ASKING_TAIL.finditer(sentence.text))
    return tails[-1].end() if tails else 0


def match_sentence(sentence: Sentence, known: Known) -> list[Hit]:
    """Every relation the pattern table finds in ``sentence`` (none in a question)."""
    hits: list[Hit] = []
    asks = _asks_from(sentence)
    has_device = any(sp.label == "Device" for sp in sentence.spans)
    for i, clause in enumerate(sentence.clauses):
        claimed: list[tuple[str, int, int]] = []  # (relation, start, end) already read
        said = sentence.text[clause[0] : clause[1]]
        words = set(_LETTERS.findall(said.lower()))
        asserted = _GROUNDS.match(sentence.text, clause[0]) is not None
        for cp in candidate_patterns(words):
            if cp.row.subject == "device" and not has_device:
                continue
            if cp.row.subject == "any_device" and not (has_device or known.devices):
                continue
            if cp.requires and not cp.requires.search(said):
                continue
            for m in cp.regex.finditer(sentence.text, *clause):
                if m.start() >= asks and not asserted and not _presupposed(cp.row, m):
                    continue  # questions assert nothing...
                rel = cp.row.relation
                if any(r == rel and m.start() < b and a < m.end() for r, a, b in claimed):
                    continue
                found = _hits(sentence, i, cp.row, m, known)
                if found:
                    claimed.append((rel, m.start(), m.end()))
                    hits.extend(found)
    return hits


def _hits(
    s: Sentence, index: int, row: RelationPattern, m: re.Match[str], known: Known
) -> list[Hit]:
    clause = s.clauses[index]
    subject, tokens, implicit = _subject(s, index, m, row.subject, known)
    if subject is None and row.subject == "any_device":
        subject, tokens = _any_device(s, known), []
    if subject is None:
        return []
    negation = (m.groupdict().get("neg") or "").split()
    mood = modality(tokens + negation, s.text[clause[0] : clause[1]], s.text[m.end() : clause[1]])
    if (mood.hypothetical or row.relation == "HAS_PLAN") and not _speaks_of_later(s, clause):
        return []  # a wish, or a plan without a date ahead
    relation = row.relation
    if mood.negated:
        if row.ending or row.negated_relation is None:
            return []
        relation = row.negated_relation
    ending = row.ending or mood.ending
    targets = [(t, ending) for t in _targets(s, clause, row, m, known, subject)]
    if ending and not targets:  # "cancelled the gym" after a PureGym membership
        targets = [(t, True) for t in _held_target(s, m, clause, known, subject, relation)]
    if m.groupdict().get("old"):
        old = inline_object(s, row, m, group="old")
        targets += [(old, True)] if old is not None else []
    out = []
    told = _from_match(s, m, clause) if row.text_from_match else clause
    for target, ended in targets:
        if normalize_name(target.name) == normalize_name(subject.name):
            continue
        text = None if ended else _template(row, m, subject, target)
        kinds = refine(relation, target.name) or refine(relation, m.groupdict().get("device") or "")
        kinds = kinds or kinds_of_replacement(relation, m.groupdict(), known, subject)
        kinds = apposed_kinds(relation, s.text[clause[0] : clause[1]], target.name, kinds)
        replacing = bool(m.groupdict().get("old"))
        kinds = one_more(s.text[clause[0] : clause[1]], relation, kinds, replacing)
        if ended and not departs(s.text, m, target.name):  # "quit the Harbourside club"
            target = _as_held(known, subject, target, kinds)
        if relation == "ENDS_KNOWN":
            kinds = _known_relations(known, subject, target)
        elif relation == CONTINUES_KNOWN:
            kinds = _continued(known, subject)
        undated = row.presupposed and not _NEW_TIE.search(m.group())
        for kind in kinds:
            args = (kind, subject, target, ended, told, m.span(), text, implicit, row.attribute)
            out.append(Hit(*args, undated=undated))
        role = m.groupdict().get("role")
        if role and row.target == "inline" and target.named:
            known.learn_role(subject.name, canonical_role(role), target.name)
    return out


def _from_match(s: Sentence, m: re.Match[str], clause: tuple[int, int]) -> tuple[int, int]:
    """The clause from the match up to the next match of the same row ("my favourite movie is
    Inception and my favourite food is sushi": each value with its own words)."""
    after = m.re.search(s.text, m.end(), clause[1])
    end = after.start() if after else clause[1]
    return m.start(), m.start() + len(_JOINER.sub("", s.text[m.start() : end]))


_JOINER = re.compile(r"[\s,;]*(?:and|but|&)?\s*$", re.I)


def _known_relations(known: Known, subject: Party, target: Party) -> tuple[str, ...]:
    """ "Cancelled Equinox": the relations the subject holds with this target, told before."""
    source, key = normalize_name(subject.name), normalize_name(target.name)
    return tuple(
        relation
        for (who, relation), values in known.targets.items()
        if who == source and key in values and relation not in ("MENTIONED", "RELATED_TO")
    )


def _held_target(
    s: Sentence,
    m: re.Match[str],
    clause: tuple[int, int],
    known: Known,
    subject: Party,
    relation: str,
) -> list[Party]:
    """The held value an ending's object names in other words ("left the book club"), if
    it is held by ``relation`` (any, for an ending of whatever is held)."""
    found = held_object(known, subject.name, s.text, m.end(), clause[1], verb=m.group())
    if found is None or relation not in (*found[1], "ENDS_KNOWN"):
        return []
    name = found[0]
    return [Party(name, known.labels.get(normalize_name(name)) or None)]


def _as_held(known: Known, subject: Party, target: Party, kinds: tuple[str, ...]) -> Party:
    """``target``, or the one held value of ``kinds`` it names in other words."""
    relations = tuple(k for k in kinds if k != "ENDS_KNOWN") or None
    found = held_reference(known, subject.name, target.name, relations)
    if found is None or normalize_name(found[0]) == normalize_name(target.name):
        return target
    return Party(found[0], known.labels.get(normalize_name(found[0])) or target.label)


_CONTINUED = ("STUDIES_AT", "WORKS_AT")


def _continued(known: Known, subject: Party) -> tuple[str, ...]:
    """ "Jack transferred to Michigan": the one of ``_CONTINUED`` the subject held, told
    before (the new value then closes the old one); none told, nothing is asserted."""
    source = normalize_name(subject.name)
    held = [r for r in _CONTINUED if known.targets.get((source, r))]
    return tuple(held[:1])


def _speaks_of_later(s: Sentence, clause: tuple[int, int]) -> bool:
    return any(t.when > s.reference for t in s.times_for(clause))


def _template(row: RelationPattern, m: re.Match[str], source: Party, target: Party) -> str | None:
    if row.template is None:
        return None
    groups = {k: (v or "").lower() for k, v in m.groupdict().items()}
    species = singular(groups.get("species", ""))
    article = "an" if target.name[:1].lower() in "aeiou" else "a"
    return row.template.format(
        source=source.name,
        target=target.name,
        a_target=f"{article} {target.name}",
        role=canonical_role(groups.get("role", "")),
        kind=groups.get("kind") or "thing",
        species=species,
        works="worked" if _PAST_WORK.search(m.string, max(0, m.start() - 12), m.end()) else "works",
    )


# "my new boss Karen starts monday": a tie said to be new may take the sentence's date
_NEW_TIE = re.compile(r"\b(?:new|newest|latest)\b", re.I)

# "I was a waiter at Olive Garden": a template's "{works}" keeps the clause's tense
_PAST_WORK = re.compile(r"\b(?:was|were|worked|used to)\b", re.I)


# -- subjects -------------------------------------------------------------------------------


def _subject(
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
        if _SOMEONE_ELSES.search(m.group()):
            return None, [], False  # "my company's favourite client": not the speaker's
        mine = _POSSESSIVE.search(m.group())
        named = None if mine else _named_owner(s, m.start(), known)
        if named is not None:  # "Leo's cast came off"
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
    candidates = _candidates(s, clause[0], verb_start, known, devices_only=devices_only)
    if mode == "first":
        first = next((p for _, _, p in candidates if p is not None), None)
        return first, [], False
    if not candidates:
        tokens = gap_tokens(_masked(s, clause[0], verb_start))
        if tokens is None and index == 0:  # "quit salt, started walking daily"
            tokens = _listed_action(s, clause[0], verb_start)
        if mode == "clause" and tokens is not None and index > 0:
            shared = _shared_subject(s, index, known)
            if shared is not None:
                return shared, tokens, False
        verb = _LETTERS.match(s.text.lower(), verb_start)
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


def _named_owner(s: Sentence, start: int, known: Known) -> Party | None:
    """A person named with a possessive right before the match: "Leo's cast came off"."""
    for span in s.spans:
        person = span.label == "Person" or normalize_name(span.name) in known.persons
        if span.named and person and _OWNER_GAP.match(s.text[span.end : start]):
            return Party(span.name, "Person")
    return None


_OWNER_GAP = re.compile(r"^['’]s\s+$")


def _listed_action(s: Sentence, start: int, verb_start: int) -> list[str] | None:
    """A chat line listing what the speaker did, without a subject ("quit salt, started
    walking daily"): the verb after a comma shares the opening verb's implicit subject."""
    comma = s.text.rfind(",", start, verb_start)
    first = _LETTERS.search(s.text.lower(), start, comma) if comma > start else None
    if first is None:
        return None
    if not (first.group().endswith("ed") or first.group() in _TOLD or _lead_in(s, start, comma)):
        return None
    return gap_tokens(_masked(s, comma + 1, verb_start))


def _lead_in(s: Sentence, start: int, comma: int) -> bool:
    """ "ok new phone day, went with an iphone 15", "big news, got the job": a short
    verbless lead-in (no pronoun, no name) before the line's first verb."""
    if any(start <= sp.start < comma for sp in s.spans):
        return False
    words = _LETTERS.findall(s.text[start:comma].lower())
    return len(words) <= 5 and not any(w in _LEAD_IN_STOPS for w in words)


_LEAD_IN_STOPS = frozenset(
    {"i", "im", "we", "he", "she", "they", "you", "it", "my", "his", "her", "their", "our",
     "your", "me", "him", "them", "us", "is", "are", "was", "were", "am", "be", "been", "has",
     "have", "had", "do", "does", "did", "will", "would", "can", "could", "not", "if", "when"}
)  # fmt: skip


def _third_owner(s: Sentence, m: re.Match[str], known: Known) -> Party | Literal[False] | None:
    """The owner a possessive match opens on, when it is not the speaker: "her"/"his" -> the
    person last spoken of, "Maisie's" -> Maisie (False: someone unknown); None: no such
    opening."""
    third = _THIRD_OWNER.match(m.group())
    if third is not None:
        word = third.group(1).lower()
        name = known.antecedent(pronoun_gender("he" if word == "his" else "she"))
        if word == "their" or not name:
            return False
        return Party(re.sub(r"['’]s$", "", name), "Person")
    if not s.text.startswith("'s ", m.start() - 3):
        return None
    named = _named_owner(s, m.start(), known)
    if named is not None:
        return named
    word = _OWNER_WORD.search(s.text, 0, m.start())
    return Party(word.group(1), "Person") if word else False


_THIRD_OWNER = re.compile(r"(his|her|their) ", re.I)
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


# "Since you're vegetarian, how about a chili?": a question's grounds are asserted.
_GROUNDS = re.compile(
    r"\W*(?:since|because|given(?: that)?|now that|seeing as|considering)\b", re.I
)


_MINE = re.compile(r"\W*(?:my|our)\b", re.I)


def _presupposed(row: RelationPattern, m: re.Match[str]) -> bool:
    """...except what they take for granted about the listener ("How's the new job at
    Stripe?") or about the speaker's own things ("how do I get from my place in Brighton to
    Heathrow?")."""
    if row.subject == "possessor" and _MINE.match(m.group()):
        return True
    return row.subject == "listener" and not row_owner_is_speaker(m)


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
    found = _candidates(s, before[0], before[1], known, devices_only=False)
    opening = [p for a, _, p in found if _OPENS.match(s.text[before[0] : a])]
    named = [
        p
        for a, _, p in found
        if p is not None and p.label == "Person" and _ROLE_OPENING.match(s.text[before[0] : a])
    ]
    if named:
        return named[0]
    if opening:
        return opening[0]
    return _speaker(s) if index == 1 else None  # "Sold my Civic and bought a Tesla"


_OPENS = re.compile(r"^[\W]*(?:(?:so|and|but|then|well|oh|also|yeah|ok|okay|lol)\W+)*$", re.I)
# "my colleague Ibrahim quit and joined Spotify": the role before the name opens the clause
_ROLE_OPENING = re.compile(
    rf"^[\W]*(?:(?:so|and|but|then|well|oh|also|yeah|ok|okay|lol)\W+)*(?:my|our|his|her|their)"
    rf"\s+(?:[a-z]+\s+)?(?:{ROLE_WORDS})\s+$",
    re.I,
)


def _any_device(s: Sentence, known: Known) -> Party | None:
    """A device named anywhere in the sentence, else the one met last in the conversation."""
    for span in s.spans:
        if span.label == "Device":
            return Party(span.name, span.label, span.named, False, tuple(span.attributes.items()))
    if not known.devices:
        return None
    kind, name = list(known.devices.items())[-1]
    return Party(name, "Device", True, False, (("type", kind),))


def _candidates(
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


# -- objects --------------------------------------------------------------------------------


def _targets(
    s: Sentence,
    clause: tuple[int, int],
    row: RelationPattern,
    m: re.Match[str],
    known: Known,
    subject: Party,
) -> list[Party]:
    if row.target == "fixed" and row.fixed_target:
        owner = s.user if s.assistant else s.speaker
        return [Party(row.fixed_target.format(owner=owner or "the"), row.label, named=False)]
    if row.target == "inline":
        found = inline_object(s, row, m)
    elif row.target == "context":
        found = CONTEXT
    elif row.target == "place":
        found = place_target(s, m, clause, known)
    else:
        found = object_after(s, m.end(), clause[1], row)
    if found is CONTEXT:
        names = list(known.targets.get((normalize_name(subject.name), row.relation), {}).values())
        if row.fixed_target:  # "the baby was born" ends only the pregnancy told before
            names = [n for n in names if normalize_name(n) == normalize_name(row.fixed_target)]
        species = m.groupdict().get("species")
        if species:
            names = [n for n in names if known.species.get(normalize_name(n)) == singular(species)]
        return [Party(n, known.labels.get(normalize_name(n)) or row.label) for n in names]
    if found is None or (row.need_labels is not None and found.label not in row.need_labels):
        return []
    if row.target in ("named", "phrase") and found.named:
        return [found, *coordinated(s, found, m.end(), clause[1], row)]
    return [found]
