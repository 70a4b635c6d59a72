"""A bare capitalised name told as a person's, by evidence, not by a list of names.

Narration names people bare: "Kasimir, restless as ever, moved to Tallinn", "Rafi and his
husband, Eitan, bought a flat", "Within a month, Mónica had given up wine and her beloved
churros". No table types such a name, and a capitalised word is as often a breed, an app, an
adjective or a sentence's first word ("Labrador", "Duolingo", "Polish", "Traffic"): taking
every untyped name for a person costs more than it gains (bench/RESULTS.md, rounds 12 and 15).
So a name is a person's only with two kinds of evidence at once:

* **it is no ordinary word**: its lower case is not a whole word of the default encoder's
  vocabulary (the uncased BERT WordPiece list, which holds everyday English and the most
  common first names), nor of the lexicon's word classes, nor a name the gazetteer types;
* **only a person does what the sentence says of it**: it is followed, after at most an
  apposition between commas ("Kasimir, restless as ever, moved") and two adverbs, by "and
  his/her/their" and a person's role ("Rafi and his husband"), or by a finite verb with a
  "he", "she", "his", "her", "him" or "-self" after it in the sentence ("Tomasz phoned his
  mother", "Thuy still peeled the shallots herself"), or by a verb only people do
  (``person_acts.PERSON_DOES``: "moved", "works", "married", "is my brother").

A common first name ("Sophie", "Hassan") is a vocabulary word and gets no type here: the
word itself says nothing, and such names are typed by what earlier turns or a role taught.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.normalise.chat_names import COMMON_WORDS
from chronomem.extractors.rules.tables.lexicon import NOT_NAMES, TIME_WORDS
from chronomem.extractors.rules.tables.life_words import (
    ROLES_DATING,
    ROLES_FAMILY,
    ROLES_FRIEND,
    ROLES_MARRIED,
)
from chronomem.text.words import english_words

_SUFFIXES = ("'s", "s", "es", "ed", "ing")

# ", restless as ever, " / ", the headmaster, ": an aside between the name and its verb
_APPOSITION = r"(?:,\s+[^,;:.!?\"]{1,40},)?"
_ADVERBS = r"(?:(?:never|now|still|also|just|finally|once|always|soon|then|[a-z]+ly)\s+){0,2}"
# a finite verb: "is", "had", a modal, a past in "-ed" or irregular, a present in "-s"
_FINITE = (
    r"(?:is|was|has|had|does|did|will|would|can|could|should|might|must|may"
    r"|[a-z]+ed|[a-z]{2,}[^s\W]s"
    r"|left|took|got|gave|sold|bought|went|came|began|became|quit|ran|made|met|found|kept"
    r"|lost|spent|wore|drove|rode|wrote|grew|told|sent|brought|fell|broke|chose|taught"
    r"|thought|felt|flew|led|paid|put|read|said|sat|saw|slept|spoke|stood|won)\b"
)
# a finite verb after at most two adverbs: "is still driving", "has taken", "finally quit"
FINITE_VERB = rf"{_ADVERBS}{_FINITE}"
_PERSON_PRONOUN = re.compile(r"\b(?:he|she|his|her|him|hers|himself|herself)\b", re.I)
_ROLES = "|".join(sorted(ROLES_MARRIED | ROLES_DATING | ROLES_FRIEND | ROLES_FAMILY, key=len))
_AND_ROLE = re.compile(
    rf"{_APPOSITION}\s+(?:and|&)\s+(?:his|her|their)\s+(?:new\s+|late\s+)?(?:{_ROLES})s?\b",
    re.I,
)
_ASIDE = re.compile(_APPOSITION)
_VERB = re.compile(rf"\s+{FINITE_VERB}")


def lexicon_word(word: str) -> bool:
    """Is ``word`` one of the lexicon's words of ordinary English ("Traffic", "Monday",
    "Mum"): never a name, whatever follows it?"""
    low = word.lower()
    return low in COMMON_WORDS or low in NOT_NAMES or low in TIME_WORDS


def ordinary(word: str) -> bool:
    """Is ``word`` (a capitalised word) an ordinary word of English, by its lower case or
    its stem ("Bakers" -> "baker")?"""
    low = word.lower()
    if lexicon_word(low):
        return True
    vocabulary = english_words()
    stems = [low] + [low[: -len(s)] for s in _SUFFIXES if low.endswith(s) and len(low) > len(s) + 2]
    return any(stem in vocabulary for stem in stems)


def is_name_word(name: str) -> bool:
    """Is every word of ``name`` capitalised and no ordinary word ("Kasimir", "Per Henrik
    Olsen"; not "Labrador", "Polish", "Traffic")?"""
    words = name.replace("-", " ").split()
    return bool(words) and all(w[:1].isupper() and not ordinary(w) for w in words)


def person_after(sentence: str, end: int, person_verbs: re.Pattern[str]) -> bool:
    """Does what follows a name at ``end`` tell a person: "and his husband", a verb only
    people do (``person_verbs``, matched where the name's verb would stand), or a finite
    verb with a personal pronoun later in the sentence?"""
    if _AND_ROLE.match(sentence, end):
        return True
    aside = _ASIDE.match(sentence, end)
    at = aside.end() if aside else end
    if person_verbs.match(sentence, at):
        return True
    verb = _VERB.match(sentence, at)
    return verb is not None and _PERSON_PRONOUN.search(sentence, verb.end()) is not None
