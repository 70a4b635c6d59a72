"""Endings of what the speaker holds, told in words no pattern row lists.

A message often ends a tie by naming the thing held in fewer or other words than when it
was told, in an expression the table does not know: "tilly is gone", "honestly over idles
now", "yesterday was my last day at pinecrest", "I'm not with the Harbourside club anymore",
"the job didn't work out". :func:`tie_end_hits` finds, in each clause piece, the references
to values the speaker holds (``Known``: told in this episode or the previous turns and not
ended) and asks ``end_words.ends_tie`` whether the piece ends the tie. A reference is:

- a name or lower-case words naming a held value by its own words ("pinecrest" for
  Pinecrest Dental, "the hillside choir" for Hillside Community Choir, "idles" for IDLES):
  the value's name words or its head noun, one value only;
- a noun of the held thing's kind with a determiner: "my job", "that gym", "the cat" (the
  one job, membership or pet of that species held);
- "he", "him", "she" or "her" standing for a held pet the conversation called so
  (``Known.antecedent``): "we gave him to my mum".

Each relation the value is held by is ended (a value only MENTIONED is ended as a mention,
which the engine follows by name, ``engine/endings.py``). Nothing is read in a question,
on an assistant's turn, or where a pattern already told something about the same value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.readers.end_words import (
    ATTITUDE_RELATIONS,
    attitude_only,
    ended_by_pronoun,
    ends_tie,
    holds_on,
    is_visit,
)

# Never ended by these words: ties to kin and friends, homes and origins (moves own them),
# trips, and the generic relations (names met are read below).
_SKIPPED = frozenset(
    {"FAMILY_OF", "FRIEND_OF", "KNOWS", "LIVES_IN", "FROM", "VISITED", "MENTIONED", "RELATED_TO"}
)
# A place or a person only mentioned is no tie the speaker can end ("I'm so over London").
_NOT_MENTIONED = frozenset({"Location", "Person"})
# Nouns of a held thing's kind -> the relations a value of that kind is held by.
_KIND_NOUNS: dict[str, tuple[str, ...]] = {
    "job": ("WORKS_AT",),
    "gig": ("WORKS_AT",),
    "position": ("WORKS_AT",),
    "workplace": ("WORKS_AT",),
    "employer": ("WORKS_AT",),
    "company": ("WORKS_AT",),
    "membership": ("MEMBER_OF",),
    "subscription": ("MEMBER_OF",),
    "club": ("MEMBER_OF",),
    "team": ("MEMBER_OF",),
    "gym": ("MEMBER_OF",),
    "school": ("STUDIES_AT",),
    "course": ("STUDIES_AT",),
    "program": ("STUDIES_AT",),
    "programme": ("STUDIES_AT",),
}
_KIND = re.compile(r"\b(?:my|our|the|that|this)\s+([a-z]+)\b", re.I)
# "he", "him", "she", and "her" not before the thing it owns ("her bowl")
_PRONOUN = re.compile(
    r"\b(?:(?P<male>he|him)|she|her(?!\s+(?!(?:to|away|up|back|in|off|on|at|for|with|because|"
    r"since|after|last|yesterday|today|this|now|and|but|so)\b)[a-z]))\b",
    re.I,
)
_WORDS = re.compile(r"[a-z0-9][a-z0-9'&.-]*", re.I)
_PIECE_BREAK = re.compile(r"[,;:]\s+|\s+-+\s+|\s+(?:but|then|so)\s+", re.I)
_MIN_WORD = 3  # "co" in "Crumb & Co" names nothing on its own


@dataclass(frozen=True, slots=True)
class Held:
    name: str
    relations: tuple[str, ...]
    words: frozenset[str]  # words that name it: its name words and its head noun


@dataclass(frozen=True, slots=True)
class HeldRef:
    start: int
    end: int
    held: Held
    pronoun: bool = False  # "gave him to my mum": the text names the pet instead
    it: str = ""  # "sold it": a pronoun for the thing met last, ended by this verb


def tie_end_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The endings of held values that ``s`` tells in words and no hit told."""
    me = Party(s.speaker or "", "Person", speaker=True)
    out: list[Hit] = []
    for piece, ref, ended in _readings(s, known, hits):
        if not ended:
            continue
        held = ref.held
        if attitude_only(s.text[piece[0] : ref.start]):  # "so over X": tastes only
            kept = tuple(r for r in held.relations if r in ATTITUDE_RELATIONS)
            held = Held(held.name, kept, held.words)
        hits_here = tie_hits(me, held, piece, (ref.start, ref.end), known)
        if ref.pronoun:  # the text names what the pronoun stands for
            text = (
                f"{me.name} {ref.it} {held.name}"
                if ref.it
                else f"{me.name} no longer has {held.name}"
            )
            hits_here = [replace(h, text=text) for h in hits_here]
        out += hits_here
    return out


def _readings(
    s: Sentence, known: Known, hits: list[Hit]
) -> list[tuple[tuple[int, int], HeldRef, bool | None]]:
    """Each reference to a held value, once: ended (True), kept or a wish (False), or left
    to the meaning test (None)."""
    if s.question or s.assistant or not s.speaker:
        return []
    held = _held_values(known, s.speaker)
    if not held and not known.things:
        return []
    by_word: dict[str, list[Held]] = {}
    for h in held:
        for word in h.words:
            by_word.setdefault(word, []).append(h)
    best: dict[str, tuple[tuple[int, int], HeldRef, bool | None]] = {}
    rank = {True: 2, False: 1, None: 0}  # a piece that keeps the tie outweighs a doubt
    for clause in s.clauses:
        for piece in _pieces(s.text, clause):
            for ref in _references(s, piece, held, by_word, known):
                if _told_in(ref, hits, s):
                    continue
                before, after = s.text[piece[0] : ref.start], s.text[ref.end : piece[1]]
                ended: bool | None = True
                if not ref.it and not ends_tie(before, after, s.text[ref.end :]):
                    ended = False if holds_on(before, after) else None
                key = normalize_name(ref.held.name)
                if key not in best or rank[ended] > rank[best[key][2]]:
                    best[key] = (piece, ref, ended)
    return list(best.values())


def drop_visits(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """``hits`` without the endings whose verb tells a visit or an errand ("stopped by the
    gym", "dropped Pip off at the groomer") or an attitude to a job, home or club ("so over
    Leeds weather"): they end nothing."""
    out = []
    for h in hits:
        if h.ending and h.relation not in ATTITUDE_RELATIONS and _fed_up(s, h):
            continue  # "so over Leeds weather", "I'm over my job": fed up, not gone
        if h.ending and h.target.name:
            at = s.text.lower().find(h.target.name.lower(), h.verb[1])
            tail = s.text[at + len(h.target.name) :] if at >= 0 else ""
            if is_visit(s.text[h.verb[0] : h.verb[1]], s.text[h.verb[1] :], tail):
                continue
        out.append(h)
    return out


def _fed_up(s: Sentence, h: Hit) -> bool:
    """Is the ending an attitude: "over" right before its object?"""
    return attitude_only(s.text[max(0, h.verb[0] - 40) : h.verb[1]])


def _told_in(ref: HeldRef, hits: list[Hit], s: Sentence) -> bool:
    """A hit already tells of the value: asserted ("went back to the choir"), or ended by
    its held name."""
    words = normalize_name(s.text[ref.start : ref.end])
    held = normalize_name(ref.held.name)
    for h in hits:
        target = normalize_name(h.target.name)
        if target == held and h.ending:
            return True
        if not h.ending and target and (target == held or target in words or words in target):
            return True
    return False


def tie_hits(
    me: Party, held: Held, piece: tuple[int, int], verb: tuple[int, int], known: Known
) -> list[Hit]:
    """The endings of every relation ``held`` is held by."""
    label = known.labels.get(normalize_name(held.name)) or None
    target = Party(held.name, label)
    return [Hit(r, me, target, True, piece, verb) for r in held.relations]


def _held_values(known: Known, speaker: str) -> list[Held]:
    """The speaker's open values, and the names met in the previous turns that no fact of
    the speaker types (a name only mentioned: its ending is a mention's, followed by name)."""
    me = normalize_name(speaker)
    found: dict[str, tuple[str, list[str]]] = {}
    for (who, relation), values in known.targets.items():
        if who != me or relation in _SKIPPED:
            continue
        for key, name in values.items():
            found.setdefault(key, (name, []))[1].append(relation)
    for key in sorted(known.earlier):
        label = known.labels.get(key)
        if key in found or key in known.persons or key == me or label in _NOT_MENTIONED:
            continue
        found[key] = (known.display.get(key, key), ["MENTIONED"])
    return [
        Held(name, tuple(dict.fromkeys(relations)), _naming_words(name, key))
        for key, (name, relations) in found.items()
    ]


@lru_cache(maxsize=4096)
def _naming_words(name: str, key: str) -> frozenset[str]:
    """The words of a value that name it alone: capitalised words and its head noun (a
    common noun in the plural too: "no more thrillers" of "thriller")."""
    words = [w for w in _WORDS.findall(name)]
    keys = key.split()
    while len(keys) > 1 and not keys[-1].isalpha():
        keys = keys[:-1]  # "topiramate 50mg": the drug is its head, not the dose
    out = {w.lower().strip(".'") for w in words if w[:1].isupper() or w[:1].isdigit()}
    if keys:
        out.add(keys[-1])
        if not name.split()[-1][:1].isupper() and keys[-1][-1:].isalpha():
            out.add(keys[-1] + ("es" if keys[-1].endswith(("s", "sh", "ch", "x")) else "s"))
    return frozenset(w for w in out if len(w) >= _MIN_WORD)


def _pieces(text: str, clause: tuple[int, int]) -> list[tuple[int, int]]:
    cuts = [clause[0]] + [m.end() for m in _PIECE_BREAK.finditer(text, *clause)] + [clause[1]]
    return [(a, b) for a, b in pairwise(cuts) if b > a]


def _references(
    s: Sentence,
    piece: tuple[int, int],
    held: list[Held],
    by_word: dict[str, list[Held]],
    known: Known,
) -> list[HeldRef]:
    """The references to held values in the piece, by their words (``by_word``: word ->
    the values it names) or a noun of their kind; a word that names two values names none."""
    out: list[HeldRef] = []
    text = s.text
    for m in _WORDS.finditer(text, *piece):
        word = m.group().lower().strip(".'")
        fits = by_word.get(word, [])
        if len(fits) != 1:
            continue
        start, end = _widen(text, piece, m.start(), m.end(), fits[0])
        if out and out[-1].held == fits[0] and out[-1].end >= start - 1:
            continue
        out.append(HeldRef(start, end, fits[0]))
    for ref in (
        *(_kind_reference(m, held, known) for m in _KIND.finditer(text, *piece)),
        *(_pet_reference(m, held, known) for m in _PRONOUN.finditer(text, *piece)),
        *(_thing_reference(s, m, piece, held, known) for m in _IT.finditer(text, *piece)),
    ):
        if ref is not None and not any(r.held == ref.held for r in out):
            out.append(ref)
    return sorted(out, key=lambda r: r.start)


def _widen(text: str, piece: tuple[int, int], start: int, end: int, held: Held) -> tuple[int, int]:
    """The reference grown over the neighbouring words of the same value ("hillside| choir",
    "crumb & co")."""
    names = {w.lower().strip(".'") for w in _WORDS.findall(held.name)}
    while True:
        m = re.match(r"\s*(?:&\s*)?([A-Za-z0-9][\w'&.-]*)", text[end : piece[1]])
        if m is None or m.group(1).lower().strip(".'") not in names:
            break
        end += m.end()
    while True:
        m = re.search(r"([A-Za-z0-9][\w'&.-]*)\s*(?:&\s*)?$", text[piece[0] : start])
        if m is None or m.group(1).lower().strip(".'") not in names:
            break
        start = piece[0] + m.start()
    return start, end


def _kind_reference(m: re.Match[str], held: list[Held], known: Known) -> HeldRef | None:
    """ "my job", "that gym", "the cat": the one held value of that kind."""
    noun = m.group(1).lower()
    relations = _KIND_NOUNS.get(noun)
    if relations is not None:
        fits = [h for h in held if set(h.relations) & set(relations)]
    else:
        fits = [
            h
            for h in held
            if "HAS_PET" in h.relations and known.species.get(normalize_name(h.name)) == noun
        ]
    return HeldRef(m.start(), m.end(), fits[0]) if len(fits) == 1 else None


# "it", "them" (and "her" for a thing: "sold her to a lad from Penryn"), its particle after
# it ("gave it away", "closed it down", "packed it in")
_IT = re.compile(
    r"\b(?:(?P<it>it|them|'em)|(?P<her>her))\b(?P<particle>\s+(?:away|in|up|down|off))?", re.I
)


def _thing_reference(
    s: Sentence, m: re.Match[str], piece: tuple[int, int], held: list[Held], known: Known
) -> HeldRef | None:
    """ "sold it", "I left them", "closed it down": the thing met last (``Known.last_thing``,
    not one the sentence names only after the pronoun), held by its relations, or by name as
    a mention when no fact of the speaker holds it."""
    me = normalize_name(s.speaker or "")
    before, her = s.text[piece[0] : m.start()], bool(m.group("her"))
    particle = m.group("particle") or ""  # "gave it away"; not "sold it in March"
    moved = f"{before}{particle.strip()} "
    verb = ended_by_pronoun(before, s.text[m.end() - len(particle) : piece[1]], her=her) or (
        particle and ended_by_pronoun(moved, s.text[m.end() : piece[1]], her=her)
    )
    if not verb:
        return None
    if her and known.antecedent("f", pets=True):
        return None  # a pet or a woman the chat told of
    later = {
        key
        for key, name in known.things.items()
        if (at := s.text.find(name)) >= 0 and at >= m.start()
    }
    # the thing named before it in this message, else the one the question just before
    # asked about, else the one met last in the earlier turns
    here = known.last_thing(later, here=True)
    found = None if here else _asked_of(known.asked or "", held)
    if found is None:
        name = here or known.last_thing(later)
        if name is None:
            return None
        key = normalize_name(name)
        found = next((h for h in held if normalize_name(h.name) == key), None)
        # told as over just before ("for eight years I sang with X"): its day is this one's
        over = [r for (who, r), v in known.ended.items() if who == me and normalize_name(v) == key]
        if (found is None or found.relations == ("MENTIONED",)) and not (over or here):
            found = _held_met_last(known, later, held) or found
        found = found or Held(name, tuple(over) or ("MENTIONED",), _naming_words(name, key))
    return HeldRef(m.start(), m.end(), found, pronoun=True, it=verb)


def _held_met_last(known: Known, later: set[str], held: list[Held]) -> Held | None:
    """The thing met last that the speaker holds in a relation, for an "it" whose last
    thing is only mentioned: "I'm a member of Lillehammer Skiklub ... we prepare the ice for
    the World Cup" ... "I cancelled it" ends the membership, not the cup."""
    ties = {normalize_name(h.name): h for h in held if h.relations != ("MENTIONED",)}
    for key in reversed(known.things):
        if key not in later and key in ties:
            return ties[key]
    return None


def _asked_of(question: str, held: list[Held]) -> Held | None:
    """The value the speaker holds (not only mentions) the assistant's question just before
    names last ("What are you doing with the old Lumen?"), which an answer's "it" stands
    for."""
    words = [w.lower().strip(".'") for w in _WORDS.findall(question)]
    typed = [h for h in held if h.relations != ("MENTIONED",)]
    named = [(i, h) for h in typed for i, w in enumerate(words) if w in h.words]
    return max(named, key=lambda p: p[0])[1] if named else None


def _pet_reference(m: re.Match[str], held: list[Held], known: Known) -> HeldRef | None:
    """ "he", "her": the held pet it stands for, if it stands for one."""
    name = known.antecedent("m" if m.group("male") else "f", pets=True)
    key = normalize_name(name or "")
    fits = [h for h in held if "HAS_PET" in h.relations and normalize_name(h.name) == key]
    return HeldRef(m.start(), m.end(), fits[0], pronoun=True) if fits else None
