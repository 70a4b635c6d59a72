"""Which people a conversation marks as a he or a she, so "he"/"she" skip the wrong one.

No list of first names: the words around a name say it. A gendered role or noun before it
("my uncle Ray", "this girl Kayla", "a woman named Carol", "her husband Tom"), one after
it ("Ray is my uncle", "Kayla, my sister"), or "his/her name is X". "Derek and Kayla broke
up, he's dating Bree now" then reads "he" as Derek, not as the last person met.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import CAPITAL
from chronomem.extractors.rules.tables.lexicon import NOT_NAMES
from chronomem.text.words import word_set

_MALE = word_set(
    "husband hubby boyfriend bf fiance fiancé dad father brother bro son uncle nephew grandpa "
    "grandfather grandson stepdad stepson guy man dude boy fella gentleman grandad granddad "
    "stepbrother"
)
_FEMALE = word_set(
    "wife wifey girlfriend gf fiancee fiancée mom mother mum sister sis daughter aunt niece "
    "grandma grandmother granddaughter stepmom stepdaughter girl woman lady gal chick "
    "nan nana nanna gran granny grandmum auntie aunty mam mammy mummy stepsister"
)
_NOUNS = "|".join(sorted(_MALE | _FEMALE, key=lambda w: (-len(w), w)))
# a name in any script ("Inés", "Zoë", "Łucja", "O'Neill", "Mary-Jo"), capitalised or not; a
# contraction after it is no part of it ("my brother Cian's been in Melbourne": Cian)
_JOINED = r"(?:[^\W\d_]|-|'(?!(?:s|d|ll|re|ve)\b))+"
_CAPITALISED = rf"(?-i:{CAPITAL}{_JOINED})"
# a name of several capitalised words after its noun is one name ("my grandma Leong Sio Kam")
_FULL = rf"{_CAPITALISED}(?:\s+{_CAPITALISED}){{0,3}}"
_NAME = rf"{_FULL}|[a-z]{_JOINED}"
_BEFORE = re.compile(
    rf"\b(?P<noun>{_NOUNS})(?:,?\s+(?:named|called))?,?\s+(?P<name>{_NAME})\b", re.I
)
_AFTER = re.compile(
    rf"\b(?P<name>{_CAPITALISED})(?:,| is| was|'s)\s+(?:my|our|his|her|your|their)\s+"
    rf"(?:\w+\s+)?(?P<noun>{_NOUNS})\b",
    re.I,
)
_ANY = re.compile(rf"\b(?:{_NOUNS}|name)\b", re.I)
_THIRD = re.compile(r"\b(?:(?P<male>he|him|his)|she|her)\b", re.I)
_NAME_IS = re.compile(rf"\b(?P<noun>his|her) name(?:'s| is| was)\s+(?P<name>{_NAME})\b", re.I)


def learn_genders(text: str, known: Known) -> None:
    """Record in ``known`` the people ``text`` marks as male or female. Only names ``known``
    already holds as people (or capitalised after a naming phrase) are taken; a pet, by the
    pronoun after its name (``learn_pet_genders``)."""
    learn_pet_genders(text, known)
    if _ANY.search(text) is None:
        return
    for regex in (_BEFORE, _AFTER, _NAME_IS):
        for m in regex.finditer(text):
            name, noun = m.group("name"), m.group("noun").lower()
            key = normalize_name(name)
            if not key or (key not in known.persons and not name[:1].isupper()):
                continue
            if name.lower() in NOT_NAMES:
                continue  # "How's your nan?", "Where's your brother?": a question, no name
            gender = "m" if noun in _MALE or noun == "his" else "f"
            known.genders[key] = gender
            if key not in known.persons and key not in known.speakers:
                known.learn(name, "Person")  # "his name is Leo": a person met now


def learn_pet_genders(text: str, known: Known) -> None:
    """A pet the conversation calls a "he" or a "she": the pronoun's nearest name before it
    is the pet's, and no one else is named between ("Miso sounds lovely! How old is he?").
    A gender told already stays."""
    if not any(known.is_pet(key) for key in known.people) or _THIRD.search(text) is None:
        return
    named = known.named_in(text)
    for m in _THIRD.finditer(text):
        before = [key for at, key in named if at < m.start()]
        if before and known.is_pet(before[-1]) and before[-1] not in known.genders:
            known.genders[before[-1]] = "m" if m.group("male") else "f"


def pronoun_gender(pronoun: str) -> str:
    return "m" if pronoun.lower() == "he" else "f"


def noun_gender(word: str) -> str | None:
    """The gender a role or noun marks ("son", "ex-wife": "m", "f"); ``None``: neither
    ("parents", "cousin")."""
    low = word.lower().removeprefix("ex-")
    return "m" if low in _MALE else "f" if low in _FEMALE else None
