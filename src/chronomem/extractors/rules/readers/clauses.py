"""Matching the pattern table against the clauses of a sentence.

For each row whose verb phrase occurs in a clause: find the subject before the verb
(``clause_subjects.py``: the speaker for "I"/"we", a named entity, or a device), read the
gap between them for negation, endings and wishes, then find the object after the verb (a
name, a short noun phrase, or a target remembered from earlier turns).
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.held import as_held, departs, held_object, only_held
from chronomem.extractors.rules.analysis.kinds import apposed_kinds, kinds_of_replacement, one_more
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.negation import modality
from chronomem.extractors.rules.analysis.objects import (
    CONTEXT,
    coordinated,
    inline_object,
    listed_words,
    object_after,
    singular,
)
from chronomem.extractors.rules.analysis.subjects import canonical_role
from chronomem.extractors.rules.analysis.tastes import TASTES, taste_antecedent
from chronomem.extractors.rules.analysis.values import refine
from chronomem.extractors.rules.plain_texts import plain_sentence
from chronomem.extractors.rules.readers.clause_subjects import (
    LETTERS,
    any_device,
    row_owner_is_speaker,
    subject_of,
)
from chronomem.extractors.rules.tables.lexicon import LEADS_ON
from chronomem.extractors.rules.tables.moves import CONTINUES_KNOWN
from chronomem.extractors.rules.tables.patterns import candidate_patterns
from chronomem.extractors.rules.tables.row import RelationPattern
from chronomem.model.relations import is_functional
from chronomem.text.past_states import state_told_as_over
from chronomem.text.words import indefinite


def match_sentence(sentence: Sentence, known: Known) -> list[Hit]:
    """Every relation the pattern table finds in ``sentence`` (none in a question)."""
    hits: list[Hit] = []
    told_of_it: list[tuple[int, RelationPattern, re.Match[str]]] = []  # "now I love them"
    asks = sentence.asks_from
    has_device = any(sp.label == "Device" for sp in sentence.spans)
    for i, clause in enumerate(sentence.clauses):
        claimed: list[tuple[str, int, int]] = []  # (relation, start, end) already read
        said = sentence.text[clause[0] : clause[1]]
        words = set(LETTERS.findall(said.lower()))
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
                elif rel in TASTES:
                    told_of_it.append((i, cp.row, m))
    for i, row, m in told_of_it:  # a taste of "it": read once every taste before it is
        hits.extend(_hits(sentence, i, row, m, known, hits))
    return hits


def _hits(
    s: Sentence,
    index: int,
    row: RelationPattern,
    m: re.Match[str],
    known: Known,
    earlier: list[Hit] | None = None,
) -> list[Hit]:
    """The hits of ``row``'s match ``m`` in clause ``index``; with ``earlier`` (the
    sentence's hits), a taste told of "it" or "them" is read of the taste they name."""
    clause = s.clauses[index]
    subject, tokens, implicit = subject_of(s, index, m, row.subject, known)
    if subject is None and row.subject == "any_device":
        subject, tokens = any_device(s, known), []
    if subject is None:
        return []
    subject = _couple_holder(known, subject, row)
    negation = (m.groupdict().get("neg") or "").split()
    mood = modality(tokens + negation, s.text[clause[0] : clause[1]], s.text[m.end() : clause[1]])
    if (mood.hypothetical or row.relation == "HAS_PLAN") and not _speaks_of_later(s, clause):
        return []  # a wish, or a plan without a date ahead
    relation = row.relation
    if mood.negated:
        if row.ending or row.negated_relation is None:
            return []
        relation = row.negated_relation
    # a state its own words' tense puts behind the speaker ("had been living in Hull", "sang
    # in the choir for thirty years"): held once, over now (``text/past_states.py``)
    over = not (row.ending or mood.ending) and state_told_as_over(s.text, clause, m.span())
    ending = row.ending or mood.ending or over
    targets = [(t, ending) for t in _targets(s, clause, row, m, known, subject)]
    said_as: str | None = None  # the fact's text when the clause names its value by a pronoun
    if not targets and earlier is not None:  # "now I kind of love them": the olives
        taste = taste_antecedent(s, m, earlier, known, subject)
        targets = [(taste, ending)] if taste is not None else []
        said_as = plain_sentence(relation, subject.name, taste.name) if taste else None
    if ending and not targets:  # "cancelled the gym" after a PureGym membership
        targets = [(t, True) for t in _held_target(s, m, clause, known, subject, relation)]
    if m.groupdict().get("old") and targets:  # a replacement the row took (not a move)
        old = inline_object(s, row, m, group="old")
        targets += [(old, True)] if old is not None else []
    elif row.switches and targets and not ending:  # "he changed me to valsartan"
        before = only_held(known, subject.name, relation, targets[0][0].name)
        targets += (
            [(Party(before, known.labels.get(normalize_name(before))), True)] if before else []
        )
    out = []
    told = _from_match(s, m, clause) if row.text_from_match else clause
    for target, ended in targets:
        if normalize_name(target.name) == normalize_name(subject.name):
            continue
        if not target.named and (target.name.split() or [""])[-1].lower() in LEADS_ON:
            continue  # "taking up the position of": words cut before what they lead on to
        text = None if ended else said_as or _template(row, m, subject, target)
        kinds = refine(relation, target.name) or refine(relation, m.groupdict().get("device") or "")
        kinds = kinds or kinds_of_replacement(relation, m.groupdict(), known, subject)
        kinds = apposed_kinds(relation, s.text[clause[0] : clause[1]], target.name, kinds)
        replacing = bool(m.groupdict().get("old"))
        kinds = one_more(s.text[clause[0] : clause[1]], relation, kinds, replacing)
        if ended and not over and not departs(s.text, m, target.name):  # "quit the Harbourside"
            target = as_held(known, subject, target, kinds)
        if relation == "ENDS_KNOWN":
            kinds = _known_relations(known, subject, target)
        elif ended and relation in ENDED_TOGETHER:  # "discharged": the stay in hospital too
            held = _known_relations(known, subject, target)
            kinds = tuple(r for r in (relation, *ENDED_TOGETHER[relation]) if r in held) or kinds
        elif relation == CONTINUES_KNOWN:
            kinds = _continued(known, subject)
        undated = row.presupposed and not _NEW_TIE.search(m.group())
        for kind in kinds:
            args = (kind, subject, target, ended, told, m.span(), text, implicit, row.attribute)
            out.append(Hit(*args, undated=undated, over=over))
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


# the ties of a couple: "our baby was born" ends the pregnancy of whichever of the two held it
_COUPLE = ("MARRIED_TO", "ENGAGED_TO", "DATING")


def _couple_holder(known: Known, subject: Party, row: RelationPattern) -> Party:
    """The subject of an ending of one fixed state ("pregnant") that the speaker never held
    but their one partner did: the partner ("My wife Noelia is pregnant" ... "our daughter
    Olaia was born" ends Noelia's pregnancy)."""
    if not (row.ending and row.target == "context" and row.fixed_target and subject.speaker):
        return subject
    value, me = normalize_name(row.fixed_target), normalize_name(subject.name)
    if value in known.targets.get((me, row.relation), {}):
        return subject
    partners = {p for r in _COUPLE for p in known.targets.get((me, r), {})}
    holders = [p for p in partners if value in known.targets.get((p, row.relation), {})]
    if len(holders) != 1:
        return subject
    return Party(known.display.get(holders[0], holders[0]), "Person")


_CONTINUED = ("STUDIES_AT", "WORKS_AT")
# An ending told without its value ("fully recovered", "off crutches now") ends what the
# sentence names among the values held by these relations too: an illness and the state it
# kept one in ("in hospital", "on crutches") heal together
ENDED_TOGETHER = {"HAS_CONDITION": ("HAS_HEALTH_STATUS",)}


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
    return row.template.format(
        source=source.name,
        target=target.name,
        a_target=indefinite(target.name),
        role=canonical_role(groups.get("role", "")),
        kind=groups.get("kind") or "thing",
        species=species,
        works="worked" if _PAST_WORK.search(m.string, max(0, m.start() - 12), m.end()) else "works",
    )


# "my new boss Karen starts monday": a tie said to be new may take the sentence's date
_NEW_TIE = re.compile(r"\b(?:new|newest|latest)\b", re.I)

# "I was a waiter at Olive Garden": a template's "{works}" keeps the clause's tense
_PAST_WORK = re.compile(r"\b(?:was|were|worked|used to)\b", re.I)

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
    else:
        found = object_after(s, m.end(), clause[1], row)
    if found is CONTEXT:
        me = normalize_name(subject.name)
        relations = ENDED_TOGETHER.get(row.relation, ()) if row.ending else ()
        names = [
            n for r in (row.relation, *relations) for n in known.targets.get((me, r), {}).values()
        ]
        if row.fixed_target:  # "the baby was born" ends only the pregnancy told before
            names = [n for n in names if normalize_name(n) == normalize_name(row.fixed_target)]
        species = m.groupdict().get("species")
        if species:
            names = [n for n in names if known.species.get(normalize_name(n)) == singular(species)]
        if not names and row.ending and m.groupdict().get("kind"):
            # "my bike got nicked" with no bike told before: the bike, by its kind, is gone
            return [Party(m.group("kind").lower(), row.label, named=False)]
        if row.ending and len(names) > 1:
            names = _the_ended(s.text[clause[0] : clause[1]], known, subject, row.relation, names)
        return [Party(n, known.labels.get(normalize_name(n)) or row.label) for n in names]
    if found is None or (row.need_labels is not None and found.label not in row.need_labels):
        return []
    if row.target in ("named", "phrase") and found.named:
        return [found, *coordinated(s, found, m.end(), clause[1], row)]
    if row.target == "inline" and found.named and not is_functional(row.relation):
        # "two cats, Murka and Vaska", "I speak Spanish and Quechua": each one is held
        at = m.start("obj2" if m.groupdict().get("obj2") else "obj")
        return [found, *_listed(s, coordinated(s, found, at, clause[1], row), at)]
    if row.target == "inline" and not is_functional(row.relation):
        return [found, *listed_words(s, row, m)]  # "I have asthma and eczema"
    return [found]


def _the_ended(
    said: str, known: Known, subject: Party, relation: str, names: list[str]
) -> list[str]:
    """Of the held values an ending without an object may end ("finally healed"): those
    the clause names by a word ("my knee is healed": the knee injury, not the flu), else
    those the earlier turns told, else the one the memory was told last (never every value
    the memory holds: the asthma told a year ago is not what "fully recovered" ends)."""
    words = set(normalize_name(said).split())
    named = [n for n in names if set(normalize_name(n).split()) & words]
    if named:
        return named
    told = [n for n in names if not known.only_remembered(subject.name, relation, n)]
    return told or names[-1:]


_AND = re.compile(r"\b(?:and|or)\b|&", re.I)


def _listed(s: Sentence, more: list[Party], at: int) -> list[Party]:
    """``more`` when they close a list with "and" / "or" ("Sable, Fen and Moss"); a comma
    alone lists nothing ("learning Italian, B1 now")."""
    if not more:
        return []
    last = s.text.find(more[-1].name, at)
    before = s.text.rfind(more[-2].name, at, last) if len(more) > 1 else at
    return more if last > 0 and _AND.search(s.text, max(before, at), last) else []
