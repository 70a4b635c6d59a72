"""A thing the speaker gives to someone is that person's now.

"we gave Biscuit to my niece Freya", "Gave the Kestrel to my nephew Finn for his 16th",
"I sold my old Golf to my neighbour Tomasz": the speaker's tie ends (``tie_ends`` and the
losses read that), and the person it went to holds it from then. The thing is a value this
clause's hits end for the speaker, else a thing named between the verb and "to" (no person,
place or group); the person is a name after "to", maybe after a role ("my niece"). The
relation is the one the speaker held it by; a thing only mentioned before is held as its
kind says (a pet kept, a bike ridden, a car driven), else owned. Nothing is read in a
question or on an assistant's turn.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.kinds import head_kind
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.analysis.values import DEVICE_RELATIONS
from chronomem.extractors.rules.plain_texts import plain_sentence

_GIVEN = re.compile(
    r"\b(?:gave|given|giving|handed|passed|gifted|sold|(?<=had to )give)"
    r"(?:\s+(?:it\s+|\w+\s+)?(?:over|down|on))?\b",
    re.I,
)
# the speaker as the giver: "I gave", "we had to give", "finally sold" (no one else named)
_MY_GIVING = re.compile(r"(?:\b(?:I|we)\b[\w' ]{0,24}|^\W*(?:\w+ly\s+)?)$", re.I)
# someone unnamed after "to": "to my uncle", "to a family in Leeds", "to the shelter"
_SOMEONE_ELSE = re.compile(r"\s+(?:my|our|a|an|the|his|her|their|some)\s+[a-z]", re.I)
_TO = re.compile(r"\bto\b", re.I)
# between "to" and the person: nothing, or a possessive and a role of up to two words
_RECIPIENT_LEAD = re.compile(r"\s*(?:(?:my|our|his|her|their)\s+(?:[a-z-]+\s+){1,2})?$", re.I)
# what can change hands: a pet, a thing owned, a vehicle, a device (not a job, a club, a home)
_GIVABLE = frozenset({"HAS_PET", "OWNS", *DEVICE_RELATIONS.values()})


def transfer_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """For each clause where the speaker gives a thing to a named person: that person
    holds it (a start), by the relation the speaker held it by, and the thing ends for the
    speaker then, unless a hit of the clause ended it already; given to someone unnamed
    ("to my uncle"), it ends for the speaker alone; a pet of the speaker's gone to live
    with a named person is theirs (``_rehomed``)."""
    if s.speaker is None or s.assistant or s.question:
        return []
    out: list[Hit] = _rehomed(s, known, hits)
    me = Party(s.speaker, "Person", speaker=True)
    for clause in s.clauses:
        given = _GIVEN.search(s.text, *clause)
        to = _TO.search(s.text, given.end(), clause[1]) if given else None
        if given is None or to is None:
            continue
        person = _recipient(s, known, to.end(), clause[1])
        between = (given.end(), to.start())
        mine = _MY_GIVING.search(s.text[clause[0] : given.start()])
        if person is None:
            if mine and _SOMEONE_ELSE.match(s.text, to.end()):  # "gave our dog Bolacha to my uncle"
                things = _things(s, known, hits, (s.speaker, clause), between)
                out += [
                    Hit(r, me, t, True, clause, given.span()) for r, t, ended in things if not ended
                ]
            continue
        for relation, thing, ended in _things(s, known, hits, (s.speaker, clause), between):
            text = plain_sentence(relation, person.name, thing.name)
            out.append(Hit(relation, person, thing, False, clause, given.span(), text=text))
            if mine and not ended:
                # the speaker had it until then, told before or not ("he sold the boat to
                # Chico" is another giver's), and no hit ended it: "we are giving Pista to my
                # cousin Lakshmi from next week" ends the cat then
                out.append(Hit(relation, me, thing, True, clause, given.span()))
    return out


def _recipient(s: Sentence, known: Known, start: int, end: int) -> Party | None:
    """The person named right after "to" (maybe after "my niece"), not the speaker."""
    for span in s.spans:
        if not (start <= span.start < end and span.named):
            continue
        key = normalize_name(span.name)
        person = (span.label == "Person" or key in known.persons) and key not in known.speakers
        if person and _RECIPIENT_LEAD.match(s.text[start : span.start]):
            return Party(span.name, "Person")
        return None
    return None


def _things(
    s: Sentence,
    known: Known,
    hits: list[Hit],
    told: tuple[str, tuple[int, int]],
    between: tuple[int, int],
) -> list[tuple[str, Party, bool]]:
    """What the speaker gave (``told``: the speaker and the clause), with the relation the
    recipient holds it by, and whether a hit ends the speaker's tie: the values this
    clause's hits end for the speaker, else the things named between the verb and "to"."""
    speaker, clause = told
    out: list[tuple[str, Party, bool]] = []
    for h in hits:
        if h.ending and h.source.speaker and h.clause == clause:
            relation = _by_kind(h.target, known) if h.relation == "MENTIONED" else h.relation
            if relation in _GIVABLE:
                out.append((relation, Party(h.target.name, h.target.label), True))
    if out:
        return out
    me = normalize_name(speaker)
    for span in s.spans:
        if not (between[0] <= span.start < between[1] and span.named):
            continue
        if s.text.startswith("'s", span.end):
            continue  # "gave Tomasz's number to Ana": his, not a thing given
        thing = Party(span.name, span.label)
        key = normalize_name(span.name)
        held = [r for (who, r), values in known.targets.items() if who == me and key in values]
        # told here as the speaker's: "give our dog Bolacha to my uncle"
        held += [
            h.relation for h in hits if h.source.speaker and normalize_name(h.target.name) == key
        ]
        relation = next((r for r in held if r in _GIVABLE), None) or _by_kind(thing, known)
        if relation in _GIVABLE:
            label = "Pet" if relation == "HAS_PET" else span.label
            out.append((relation, Party(span.name, label), False))
    return out


def _by_kind(thing: Party, known: Known) -> str | None:
    """The relation a thing only mentioned is held by: its kind's ("the Kestrel" met as a
    road bike), else ``OWNS``; a pet's is ``HAS_PET``; a person, place or group is no thing."""
    key = normalize_name(thing.name)
    if known.is_pet(key):
        return "HAS_PET"
    if thing.label in ("Person", "Location", "Organization") or key in known.persons:
        return None
    heads = [head for head, name in known.devices.items() if normalize_name(name) == key]
    relations = [DEVICE_RELATIONS.get(head_kind(head) or "") for head in heads]
    return next((r for r in relations if r), "OWNS")


# a pet gone to live elsewhere: "Shumba went to live with my brother Tinashe", "Captain's
# gone to live with my aunt Darla in Tulsa for good", "he has to go and live at auntie jo's
# farm", "Rascal's gone to live on my sister's farm"
_GONE_TO_LIVE = re.compile(
    r"\b(?:(?:went|gone|moved|going|go)\s+(?:off\s+|back\s+)?to\s+live|go\s+and\s+live)"
    r"\s+(?P<prep>with|at|on|in)\s+",
    re.I,
)
# a pet someone else's now: "Bantay is Tito's dog now", "Tucker is officially my grandpa's
# dog now", "Tucker now belongs to my grandpa" (not "belongs to me")
_THEIRS_NOW = re.compile(
    r"\s+(?:is|'s)\s+(?:(?:officially|now|basically|really)\s+)*"
    r"(?P<owner>(?:(?:my|our)\s+[a-z]+)|[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)'s\s+[a-z]+\s+now\b"
    r"|\s+(?:now\s+)?belongs\s+to\s+(?P<to>(?!(?:me|us)\b)\w)"
)
# where the person it went to lives, told right after them: "in Tulsa", "on his farm in X"
_THEIR_PLACE = re.compile(
    r"\s*,?\s*(?:(?:on|at|to)\s+(?:his|her|their)\s+[a-z]+\s+)?(?:in|near|outside)\s+$", re.I
)


def _rehomed(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """A pet of the speaker's gone to live elsewhere, or told someone else's now: the
    speaker's pet no more; gone to live with a named person (or told theirs), the person's
    from then, and the place told right after the person is their home."""
    speaker = s.speaker or ""
    out: list[Hit] = []
    for clause in s.clauses:
        went = _GONE_TO_LIVE.search(s.text, *clause)
        said = s.text[clause[0] : clause[1]]
        if went is None and "now" not in said and "belongs" not in said:
            continue
        pet = _pet_before(s, known, clause, went.start() if went else clause[1])
        if pet is None or any(h.target.name == pet.name for h in hits):
            continue
        if went is not None:
            verb = went.span()
            told_with = went.group("prep").lower() == "with"
            person = _recipient(s, known, went.end(), clause[1]) if told_with else None
        else:
            theirs = _THEIRS_NOW.match(s.text, pet.end)
            if theirs is None:
                continue
            verb = theirs.span()
            owner = theirs.start("owner") if theirs.group("owner") else theirs.start("to")
            person = _recipient(s, known, owner, clause[1])
        thing, me = Party(pet.name, "Pet"), Party(speaker, "Person", speaker=True)
        out.append(Hit("HAS_PET", me, thing, True, clause, verb))
        if person is not None:
            text = plain_sentence("HAS_PET", person.name, pet.name)
            out.append(Hit("HAS_PET", person, thing, False, clause, verb, text=text))
            out += _their_place(s, person, clause, verb)
    return out


def _pet_before(s: Sentence, known: Known, clause: tuple[int, int], end: int) -> Span | None:
    """The first pet of the speaker's named in ``clause`` before ``end``."""
    speaker = s.speaker or ""
    return next(
        (
            sp
            for sp in s.spans
            if sp.named and clause[0] <= sp.start < end and _is_pet(sp.name, known, speaker)
        ),
        None,
    )


def _is_pet(name: str, known: Known, speaker: str) -> bool:
    key = normalize_name(name)
    held = known.targets.get((normalize_name(speaker), "HAS_PET"), {})
    return known.is_pet(key) or key in held


def _their_place(
    s: Sentence, person: Party, clause: tuple[int, int], verb: tuple[int, int]
) -> list[Hit]:
    """The place named right after the person a pet went to: their home."""
    at = s.text.find(person.name, verb[1], clause[1])
    for span in s.spans:
        if at < 0 or not (at + len(person.name) <= span.start < clause[1]) or not span.named:
            continue
        if span.label in (None, "Location") and _THEIR_PLACE.match(
            s.text[at + len(person.name) : span.start]
        ):
            place = Party(span.name, "Location")
            text = plain_sentence("LIVES_IN", person.name, span.name)
            return [Hit("LIVES_IN", person, place, False, clause, verb, text=text)]
        return []
    return []
