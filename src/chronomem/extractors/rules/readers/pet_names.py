"""A pet told in two steps: the animal in one sentence, its name in the next.

"GOT A HAMSTER. his name is nugget", "we adopted a cat from the shelter today!! her name is
Biscuit", "santa brought me a leopard gecko. her name is sriracha", "i got a puppy for
christmas!!!! she's a kelpie called Dusty". The first sentence says someone has a new
animal and names only its kind; a "his/her name is X", "she's called X" or "we call him X"
in the same or the next sentence names that pet. The owner then HAS_PET X (of that
species), and the fact whose value was the bare kind ("Eli has a pet named hamster") is
dropped: one pet, one fact.

(Round 5 deleted an earlier stage for this; round 39 brought it back when eight scenarios
of seven open sets, each written blind, told pets this way.)
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.objects import singular
from chronomem.extractors.rules.draft import Draft
from chronomem.extractors.rules.tables.life_words import PET_BREED_SPECIES, PET_SPECIES
from chronomem.text.words import alternatives

# the relations a new animal told by its kind may be read as ("got a new hamster")
_KIND_TOLD = ("HAS_PET", "OWNS")
_PET = rf"(?:{alternatives(PET_SPECIES)})(?:s|es)?"
# how many: "a", "another", "two", "a pair of"
_SOME = r"(?:a|an|another|one|two|three|four|a couple of|a pair of|some) "
# one or two words before the kind: "a retired greyhound", "a leopard gecko", "a new kitten"
_ADJ = r"(?:(?!(?:named|called|and|or|from|for|with|the|my|our)\b)[a-z-]+ ){0,2}"
# the speaker's own new animal, told with no name: "we adopted a cat", "santa brought me a
# gecko" (told as done: "want to adopt a cat" is no pet yet)
_GOT = re.compile(
    rf"\b(?:I|we)(?:'ve| have| am|'m| are|'re)?(?: (?:just|finally|also|now))? (?:got|adopted"
    rf"|rescued|bought|brought home|came home with|took home|picked up|getting|adopting) {_SOME}"
    rf"{_ADJ}(?P<species>{_PET})\b"
    rf"|\bbrought (?:me|us) {_SOME}{_ADJ}(?P<species2>{_PET})\b"
    # arrived: "kittens are home!", "the puppy is here"
    rf"|^\W*(?:the |our |my )?(?:new )?(?P<species3>{_PET}) (?:is|are|'s|'re) (?:home|here)\b",
    re.I,
)
# one of a litter told before: "the neighbour's cat had kittens and I took one"
_ONE_OF = re.compile(
    rf"(?P<species>{_PET})\b[^.!?]*\b(?:I|we) (?:took|take|kept|keep|got|get) one\b", re.I
)
# the pet named: "his name is Nugget", "she's called Pickle", "she's a kelpie called Dusty",
# "we call her Nebbia", "named him Rocket"
_NAMED = re.compile(
    r"\b(?:(?:his|her|its|their) name(?:'s|\s+is)"
    rf"|(?:he|she|it)(?:'s|\s+is)(?: an? {_ADJ}{_PET})? (?:called|named)"
    r"|(?:(?:we|I)(?:'ve| have)? )?(?:named|called|call|calling) (?:him|her|it|them|em|'em))"
    # the name: one or two capitalised words, after a title ("Sr. Bigodes", "Mr Whiskers");
    # two pets named at once: "named em Chips and Gravy"
    r"\s+(?P<name>(?-i:(?:[A-Z][a-z]{0,3}\.\s)?[A-Z][\w'-]+(?:\s[A-Z][\w'-]+)?))"
    r"(?:\s+(?:and|&)\s+(?P<name2>(?-i:[A-Z][\w'-]+)))?",
    re.I,
)

# "his name is pudding": a name the capitals stage left in lower case (a word of its own),
# after "name is" only, and never a word that goes on the sentence ("her name is not ...")
_NAMED_LOWER = re.compile(
    r"\b(?:his|her|its|their) name(?:'s|\s+is)\s+(?!(?:not|also|so|like|literally|still|too"
    r"|very|a|an|the|on|in|it|what|that|this|because|just)\b)(?P<name>(?-i:[a-z][a-z'-]+))\b",
    re.I,
)


def pet_name_hits(
    s: Sentence, index: int, known: Known, draft: Draft, hits: list[Hit]
) -> list[Hit]:
    """``hits`` with the pet this sentence names in a second step; the fact of its bare
    kind, told in this sentence or the one before, gone."""
    if s.speaker is None or s.assistant or s.question:
        return hits
    _remember_kind(s, index, known, hits)
    named = _NAMED.search(s.text) or _NAMED_LOWER.search(s.text)
    told = known.pet_to_name
    if named is None or told is None:
        return hits
    if not _names_the_pet(s.text[: named.start()], index - told[3]):
        return hits
    known.pet_to_name = None
    owner, key, kind = told[0], told[1], told[2]
    name = named.group("name")
    name = name[:1].upper() + name[1:]  # "his name is pudding": a food word left in lower case
    if normalize_name(name) in (normalize_name(owner), normalize_name(s.speaker)):
        return hits
    if any(
        h.relation == "HAS_PET" and normalize_name(h.target.name) == normalize_name(name)
        for h in hits
    ):
        return hits
    for relation in _KIND_TOLD:
        draft.facts.pop((normalize_name(owner), key, relation), None)
    if key and not any(key in fact_key[:2] for fact_key in draft.facts):
        draft.entities.pop(key, None)
    kept = [h for h in hits if not (h.relation in _KIND_TOLD and _bare_kind(h.target.name))]
    me = Party(owner, "Person", speaker=normalize_name(owner) == normalize_name(s.speaker))
    species = (("species", PET_BREED_SPECIES.get(kind, kind)),)
    second = named.groupdict().get("name2")
    pets = [(name, "name")] + ([(second, "name2")] if second else [])
    return [
        *kept,
        *(
            Hit(
                "HAS_PET",
                me,
                Party(pet, "Pet", attributes=species),
                False,
                (0, len(s.text)),
                named.span(group),
                f"{owner} has a {kind} named {pet}",
            )
            for pet, group in pets
        ),
    ]


def _remember_kind(s: Sentence, index: int, known: Known, hits: list[Hit]) -> None:
    """A new animal told by its kind alone (a message's state: each earlier turn is read
    alone): whose it is, the kind, the sentence."""
    assert s.speaker is not None
    bare = next(
        (h for h in hits if h.relation == "HAS_PET" and not h.ending and _bare_kind(h.target.name)),
        None,
    )
    if bare is not None:
        key = normalize_name(bare.target.name)
        known.pet_to_name = (bare.source.name, key, singular(bare.target.name.lower()), index)
        return
    got = _GOT.search(s.text) or _ONE_OF.search(s.text)
    if got is not None and not any(h.relation == "HAS_PET" for h in hits):
        species = next(v for k, v in got.groupdict().items() if k.startswith("species") and v)
        known.pet_to_name = (s.speaker, "", singular(species.lower()), index)


# what may come before the name in the next sentence ("and his name is ..."), and what
# must not come before it in any: another one it may name ("my daughter, her name is Ana")
_OPENING = re.compile(r"^\W*(?:(?:and|so|oh|ok|lol|also)\W+)*$", re.I)
_ANOTHER = re.compile(rf"\b(?:my|our|his|her|their)\s+(?!(?:new\s+|little\s+)?{_PET}\b)\w+", re.I)


def _names_the_pet(before: str, sentences_since: int) -> bool:
    """Does a naming cue after ``before`` name the animal told ``sentences_since``
    sentences back: in that sentence, or opening the next one, with no one else between?"""
    if sentences_since > 1 or _ANOTHER.search(before):
        return False
    return sentences_since == 0 or _OPENING.match(before) is not None


def _bare_kind(value: str) -> bool:
    """Is a pet's value its kind, not a name ("hamster", "kittens")?"""
    return singular(value.lower()) in PET_SPECIES
