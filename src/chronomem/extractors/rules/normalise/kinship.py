"""Kin called by their role as a name: "Mom finally retired", "Dad's in hospital"; a role
as a title opening a line, "Landlord Mr Aldous says ..." (the speaker's landlord).

In chat, "Mom", "Dad", "Grandma" with a capital and no possessive, or opening a sentence in
lower case ("dad retired"), mean the speaker's own ("my mom"); the rest of the extractor
already reads "my mom" as "<speaker>'s mom". Said by an assistant they would mean the
user's, so only the speaker's own turns are rewritten.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.tables.lexicon import HONORIFICS, POSSESSIVE_BEFORE

_KIN = re.compile(
    r"(?<![\w'’])(?<!my )(?<!our )(?<!your )(?<!his )(?<!her )(?<!their )"
    r"\b(Mom|Mum|Mommy|Mummy|Mama|Mammy|Mother|Dad|Daddy|Papa|Father|Grandma|Grandpa"
    r"|Granny|Nana"
    # "Ma", "Mam" are also Scots "my" ("Ma pal Agnes", "ma last day"): kin only before a verb
    r"|(?:Ma|Mam)(?=(?:'s|\s+(?:is|was|has|had|says|said|will|would|can|could|rang|called|"
    r"came|went|got|\w+ed))\b))\b(?!\s+[A-Z])"
)


# Lower-case chat opens a sentence the same way: "dad finally retired", "mom's in Lisbon".
_KIN_OPENING = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s))(mom|mum|mommy|mama|dad|daddy|papa|grandma|grandpa|"
    r"granny|nana)\b(?!\s+[A-Z])(?!\s+(?:jokes?|bod|life|mode|energy|friends?|groups?|blogs?|"
    r"jeans|shoes|hacks?|vibes?)\b)"
)


# A chat line leaves out "my" before any relative it opens on, told news of: "Brother
# engaged.", "Sister got her PhD.", "wife's pregnant". Only before a word in lower case (not
# a name: "Sister Agnes") that is no pronoun ("bro i got the job" calls someone "bro").
_KIN_NEWS = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s))((?i:brother|sister|bro|sis|wife|husband|hubby|son"
    r"|daughter|uncle|aunt|auntie|cousin|gran|nan|boyfriend|girlfriend|partner|fiance|fiancee"
    r"|parents|grandparents))(?=(?:'s)?\s+(?!(?:i|im|i'm|u|you|we|ur"
    r"|it|its|this|that|what|how|why|lol|omg)\b)[a-z])"
)


# Learners' English leaves out "my" before an elder told of as the object of a verb or a
# preposition: "the doctor changed grandfather from warfarin to Eliquis", "I live with
# grandmother" (not "a father of two", "mother tongue", "father figure")
_KIN_OBJECT = re.compile(
    r"\b((?:with|for|to|from|about|visit|visited|visiting|changed|switched|moved|took|"
    r"brought|helped|called|phoned|told|asked|sent|drove) )"
    r"(grandfather|grandmother|grandpa|grandma|granddad|grandad|mother|father)\b"
    r"(?!\s+(?:[A-Z]|(?:tongue|figure|nature|land|country|ship|board|language|of|in[- ]law)\b))"
    r"(?!['’]s)"
)


# A relative called by kin word and name, as a title: "Gran Maud still lives on her own",
# "Auntie Efua sent photos", "I visited Uncle Desmond". Said by someone in their own chat
# turn, the relative is theirs ("my gran Maud"); the words that are also titles of no kin
# ("Sister Agnes", "Father Emeka", "Mother Superior") and "Mom"/"Dad" before a name are left.
_KIN_TITLE = re.compile(
    r"(?<![\w'’])(?<!my )(?<!our )(?<!your )(?<!his )(?<!her )(?<!their )(?<!the )(?<!s )"
    r"\b(Gran|Granny|Grandma|Grandpa|Grandad|Granddad|Nan|Nana|Nanna|Uncle|Aunt|Auntie|Aunty"
    r"|Cousin)\s+(?=[A-Z][a-z]+\b)"
)


# A role named as a title opening a chat line: "Landlord Mr Aldous says the boiler will be
# fixed", "Boss Karen is off today": said in one's own turn, the holder is one's own
_ROLE_TITLE = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s))((?i:landlord|landlady|boss|manager|gp|dentist|coach"
    r"|therapist|physio|trainer|tutor|flatmate|roommate|neighbour|neighbor))"
    rf"\s+(?={HONORIFICS}\.?\s+[A-Z]|[A-Z][a-z]+\b)"
)


def as_relatives(text: str, *, speaker: bool = False) -> str:
    """``text`` with a bare kin word (capitalised, or opening a sentence) turned into
    "my <kin>"; ``speaker``: a chat turn said by its speaker, where a kin word as a name's
    title is the speaker's relative too ("Gran Maud" -> "my gran Maud")."""
    text = _FOREIGN_KIN.sub(_in_english, text)
    if speaker:
        text = _KIN_TITLE.sub(lambda m: "my " + m.group(1).lower() + " ", text)
        text = _ROLE_TITLE.sub(lambda m: "my " + _role_word(m.group(1)) + " ", text)
    text = _KIN.sub(lambda m: "my " + m.group(1).lower(), text)
    text = _KIN_OPENING.sub(lambda m: "my " + m.group(1), text)
    if speaker:
        text = _KIN_OBJECT.sub(lambda m: m.group(1) + "my " + m.group(2), text)
    return _KIN_NEWS.sub(lambda m: "my " + m.group(1).lower(), text)


# The words for parents and grandparents of the languages speakers bring to English ("Papai
# moved to João Pessoa", "my oma"), in English, so that every later stage reads the kin:
# only words no English word is spelled like ("baba", "nana", "amma" are left alone)
_KIN_WORDS = {
    "papai": "dad", "mamãe": "mum", "mamae": "mum", "vovó": "grandma", "vovô": "grandpa",
    "abuela": "grandma", "abuelo": "grandpa", "abuelita": "grandma", "abuelito": "grandpa",
    "oma": "grandma", "opa": "grandpa", "nonna": "grandma", "nonno": "grandpa",
    "babcia": "grandma", "dziadek": "grandpa", "ammi": "mum", "abbu": "dad",
}  # fmt: skip
_FOREIGN_KIN = re.compile(r"(?<![\w'’])(" + "|".join(_KIN_WORDS) + r")(?![\w'’])", re.I)


def _in_english(m: re.Match[str]) -> str:
    """The kin word in English: a capitalised one ("Papai moved"), or one after a possessive
    ("my oma"); a lower-case word alone may be another ("opa!" cheers)."""
    said, word = m.group(1), _KIN_WORDS[m.group(1).lower()]
    if said[0].isupper():
        return word.capitalize()
    return word if POSSESSIVE_BEFORE.search(m.string, max(0, m.start() - 7), m.start()) else said


def _role_word(word: str) -> str:
    return word if word.isupper() else word.lower()  # "GP" stays as written
