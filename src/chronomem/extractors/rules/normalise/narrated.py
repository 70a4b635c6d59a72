"""A narrated sentence about a third person, read in that person's voice.

Narration (a diary, a story, a report: a ``text`` episode with no speaker) states facts
about named people in the third person: "Andrzej is forty-two and works nights at the
bottling plant", "Kemal never learned English", "Yusuf now shoots on a Leica Q2". The
readers and the pattern table know these facts in the first person. As
``voice.py`` does for an assistant's "you", the sentence is rewritten once into the voice
of its subject, and read as if that person said it ("I am forty-two and work nights at the
bottling plant"), with the person as the sentence's speaker.

The subject is recognised by its grammar, not by a list of names: a capitalised first word
(or two, or a title and a name; after a fronted adverbial such as "After the accident,", or
a fronted time phrase without a comma, "Every Thursday", "Last spring", "In 2019")
that is not an ordinary English word (``chat_names.COMMON_WORDS``, the lexicon's word
classes: "Traffic was awful", "Dinner is at eight") nor a possessive, followed by a finite
verb in the third person -- "is"/"was"/"has"/"had", a modal, "does"/"did", a verb ending in
"-s" or "-ed", or a common irregular past -- with at most two adverbs between ("never",
"now", "finally", "-ly"). A name the gazetteer or an earlier sentence knows as a place or
an organisation is no subject ("Paris is lovely", "Google has hired...").

A sentence opened by "He" or "She" continues the person narrated last (``last``; not when
the gender met for that name disagrees): "Rosa moved to Lima. She teaches at a school."
So does one opened by "His" or "Her" and a noun: "His wife, Lea, sold her Ducati" is told
as "My wife, Lea, sold her Ducati" in his voice (a later "her" is the wife's, and stays).
An aside between the name and its verb stays where it stood: "Kasimir, restless as ever,
moved to Tallinn" is "I, restless as ever, moved to Tallinn".

What is rewritten: the subject becomes "I", the finite verb its first-person form; a verb
in the third person after "and", "but", a comma or a semicolon, too ("... and lives above
the pharmacy"), and a "he"/"she" that opens such a clause with any finite verb ("Joaquin no
longer drinks; he gave it up"); "his", and "her" before a noun, become "my" (in
narration a possessive refers to the last named person, the subject). Plurals, "The
Nakamuras", quotations and sentences opened by anything else are left as they are.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import label_for
from chronomem.extractors.rules.normalise.chat_names import COMMON_WORDS
from chronomem.extractors.rules.tables.gazetteer import PERSON_TITLES
from chronomem.extractors.rules.tables.lexicon import NOT_NAMES, TIME_WORDS
from chronomem.text.words import word_set

_WORD = r"[A-Z](?:[\w-]|'(?=[A-Z]))*[a-z]"  # "Hye-won", "O'Neill"; never "Arjun's"
_NAME = rf"(?:(?:Mr|Mrs|Ms|Dr|Aunt|Uncle|Auntie)\.?\s+)?{_WORD}(?:\s+{_WORD})?"
# "After the accident, ", "By the spring of 2019, ", "Every morning at half past five, "
_FRONTED = (
    r"(?:(?:After|Before|By|Since|Until|Every|Each|Last|Next|This|That|In|On|At|For|From"
    r"|When|Once|Today|Yesterday|Now|Then|Later|Within|During|Throughout|Over|Even|Still"
    r"|Despite|Without|Across|Through)\b[^,;.!?]{0,60},\s+)?"
)
# an aside between the name and its verb: "Kasimir, restless as ever, moved to Tallinn"
_ASIDE = r"(?P<aside>,\s+[^,;:.!?\"]{1,40},)?"
_OPENING = re.compile(
    rf"(?P<fronted>{_FRONTED})(?P<name>{_NAME}|He|She){_ASIDE}\s+(?P<adv>(?:[a-z]+\s+){{0,2}})"
    r"(?P<verb>[a-z']+)\b"
)
# a time phrase fronted without a comma: "Every Thursday Anneke plays bridge"
_BARE_FRONT = re.compile(
    r"(?:Every|Each|Last|Next|This|That|Some|Most|In|On|By|Since|For|During|Throughout)\s+"
)
_FRONT_WORD = re.compile(r"([\w'-]+)\s+")
_DAY_FRONT = re.compile(r"(?:Yesterday|Today|Tonight|Tomorrow|Recently|Lately)\s+(?=[A-Z])")
_OWNER = re.compile(rf"(?P<fronted>{_FRONTED})(?P<name>{_NAME})(?P<s>'s\s+)(?P<word>[a-z]+)\b")
# "His wife, Lea, ...": a possessive opening the sentence names the person narrated last
_PRONOUN_OWNER = re.compile(rf"(?P<fronted>{_FRONTED})(?P<name>His|Her)\s+(?=[a-z])")
_NOT_OWNED_WORDS = word_set(  # after "'s" these make it "is"/"has": "Tom's been", "Tom's not"
    "been got gone not a an the back in at on off out home never always still just also now "
    "going about away here there up down over to very so really"
)
_ADVERBS = word_set(
    "never now still also just finally recently already always often usually sometimes "
    "rarely seldom only once much really actually even mostly soon then no longer"
)
_BE_HAVE = {
    "is": "am", "isn't": "am not", "was": "was", "wasn't": "wasn't", "has": "have",
    "hasn't": "haven't", "had": "had", "hadn't": "hadn't", "does": "do", "doesn't": "don't",
    "did": "did", "didn't": "didn't",
}  # fmt: skip
_MODALS = word_set(
    "will won't would wouldn't can can't cannot could couldn't should shouldn't might may must"
)
# the irregular pasts of everyday life; a regular one ends in "-ed"
_PAST = word_set(
    "left took got gave sold bought went came began became quit ran made met found kept lost "
    "spent wore drove rode wrote grew swapped traded told sent brought fell broke chose "
    "taught thought felt flew hung led lent paid put read said sat saw slept spoke stood "
    "stole swam threw understood won"
)
_AUXILIARIES = word_set("are were is was have had do did will would can could may might")
_NOT_OWNED = word_set(  # "took her to the clinic": "her" before these is an object
    "a an the his her my their its this that these those to at in on for from with into "
    "about of as and or but every each some"
)
_NEXT_VERB = re.compile(
    r"(?P<lead>(?:,|;|\band|\bbut|\bthen)\s+)(?P<pronoun>(?:he|she)\s+)?"
    r"(?P<adv>(?:[a-z]+ly\s+|now\s+|still\s+|never\s+|also\s+)?)"
    r"(?P<verb>[a-z']+)\s+(?P<next>[a-z]+)"
)
_HIS = re.compile(r"\b(?:[Hh]is|[Hh]er(?=\s+(?P<word>[A-Za-z][\w-]*)))\b")
_GENDER = {"he": "m", "she": "f"}


def narrated_voice(sentence: str, known: Known, last: str | None) -> tuple[str, str | None]:
    """``sentence`` in the voice of the named person it narrates, and that person (or the
    sentence unchanged and ``None``); ``last``: the person narrated last, for "He"/"She"."""
    owned = _owned(sentence, known, last)
    if owned is not None:
        return owned
    found = _opening(sentence, known, last)
    if found is None:
        return sentence, None
    m, person, k, first = found
    words = [*m.group("adv").split(), m.group("verb")]
    at = m.start("adv") + sum(len(w) + 1 for w in words[:k])
    rest = _later_verbs(sentence[at + len(words[k]) :])
    aside = m.group("aside") or ""  # kept: "I, restless as ever, moved"
    told = f"I{aside} {sentence[m.start('adv') : at]}{first}{rest}"
    return sentence[: m.start("name")] + _HIS.sub(_possessive, told), person


def narrated_person(sentence: str, known: Known, last: str | None) -> str | None:
    """The person :func:`narrated_voice` would read ``sentence`` in the voice of, without
    rewriting it (a user's own turn: only who "she" may be is wanted)."""
    owner = _owner(sentence, known)
    if owner is not None:
        return owner[1]
    found = _opening(sentence, known, last)
    return found[1] if found is not None else None


def _opening(
    sentence: str, known: Known, last: str | None
) -> tuple[re.Match[str], str, int, str] | None:
    """The sentence's opening person and finite verb: the match, the person, the verb's
    place among the words after the name (after at most two adverbs, "Kai finally sold")
    and its first-person form; ``None``: it opens on no person's finite verb."""
    m = _OPENING.match(sentence, _after_time_phrase(sentence))
    if m is None:
        return None
    person = _subject(m.group("name"), known, last)
    if person is None:
        return None
    words = [*m.group("adv").split(), m.group("verb")]
    k = 0
    while k < len(words) - 1 and _is_adverb(words[k]) and _first_person(words[k]) is None:
        k += 1
    first = _first_person(words[k])
    return None if first is None else (m, person, k, first)


def _owned(sentence: str, known: Known, last: str | None) -> tuple[str, str] | None:
    """ "Fiona's son Callum left...": a sentence about a named person's relative, thing or
    role, in the owner's voice ("My son Callum left..."); ``None``: not one. "His wife,
    Lea, ..." is the person narrated last's (``last``, when the pronoun's gender agrees):
    only the opening pronoun is theirs, a later "her" may be the wife's."""
    owner = _owner(sentence, known)
    if owner is None:
        return _pronoun_owned(sentence, known, last)
    m, person = owner
    told = _HIS.sub(_possessive, sentence[m.end("s") :])
    fronted = sentence[: m.start("name")]
    return f"{fronted}{'my' if fronted else 'My'} {told}", person


def _pronoun_owned(sentence: str, known: Known, last: str | None) -> tuple[str, str] | None:
    """ "His wife, Lea, had ridden a Ducati": "My wife, Lea, had ridden a Ducati", in the
    voice of the person narrated last; ``None``: no such opening, or no one to own it."""
    m = _PRONOUN_OWNER.match(sentence, _after_time_phrase(sentence))
    if m is None or last is None:
        return None
    person = _subject("He" if m.group("name") == "His" else "She", known, last)
    if person is None:
        return None
    fronted = sentence[: m.start("name")]
    return f"{fronted}{'my' if fronted else 'My'} {sentence[m.end() :]}", person


def _owner(sentence: str, known: Known) -> tuple[re.Match[str], str] | None:
    """The named person whose relative, thing or role the sentence opens on, and the match."""
    m = _OWNER.match(sentence, _after_time_phrase(sentence))
    if m is None or m.group("word") in _NOT_OWNED_WORDS or m.group("word").endswith("ing"):
        return None  # "Tom's moving", "Tom's been": a verb, not a thing Tom has
    person = _subject(m.group("name"), known, None)
    return None if person is None else (m, person)


def _after_time_phrase(sentence: str) -> int:
    """Where the subject starts after a time phrase fronted without a comma ("Every
    Thursday", "Last spring", "In 2019": up to three lower-case, number or time words after
    the opening word, then a capital; or a day word alone, "Yesterday Amara"); 0: no such
    phrase."""
    m = _BARE_FRONT.match(sentence)
    if m is None:
        day = _DAY_FRONT.match(sentence)  # "Yesterday Amara told us"
        return day.end() if day else 0
    at = m.end()
    for _ in range(3):
        word = _FRONT_WORD.match(sentence, at)
        if word is None or not _timely(word.group(1)):
            break
        at = word.end()
    return at if at > m.end() and sentence[at : at + 1].isupper() else 0


def _timely(word: str) -> bool:
    return word.islower() or word.isdigit() or word.lower() in TIME_WORDS


def _subject(name: str, known: Known, last: str | None) -> str | None:
    """The person ``name`` opening a sentence stands for (``None``: not a person)."""
    if name in ("He", "She"):
        gender = known.genders.get(normalize_name(last)) if last else None
        return last if gender in (None, _GENDER[name.lower()]) else None
    words = name.lower().split()
    if words[0] in NOT_NAMES or words[0] in COMMON_WORDS or words[0] in TIME_WORDS:
        return None
    if words[0].rstrip(".") in PERSON_TITLES:
        return name
    return name if label_for(name, known) in (None, "Person") else None


def _is_adverb(word: str) -> bool:
    return word in _ADVERBS or (word.endswith("ly") and len(word) > 4)


def _first_person(verb: str) -> str | None:
    """The first-person form of a third-person finite ``verb`` (``None``: not one)."""
    if verb in _BE_HAVE:
        return _BE_HAVE[verb]
    if verb in _MODALS or verb in _PAST or (verb.endswith("ed") and len(verb) > 3):
        return verb
    return _base(verb)


def _base(verb: str) -> str | None:
    """ "works" -> "work", "studies" -> "study", "watches" -> "watch"; ``None``: no "-s"."""
    if verb in _BE_HAVE:
        return _BE_HAVE[verb] if verb in ("is", "has", "does", "doesn't", "isn't") else None
    if len(verb) < 3 or not verb.endswith("s") or verb.endswith(("ss", "us", "is", "'s")):
        return None
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1]


def _later_verbs(rest: str) -> str:
    """ "..., works nights at X, and lives above Y"; "...; he gave it up": the coordinated
    verbs in the first person too (a word in "-s" before an auxiliary is a plural noun)."""

    def swap(m: re.Match[str]) -> str:
        verb, pronoun = m.group("verb"), m.group("pronoun")
        first = _first_person(verb) if pronoun else _base(verb)
        if first is None or (not pronoun and m.group("next") in _AUXILIARIES):
            return m.group()  # "dogs, cats and horses are": a plural noun, not a verb
        subject = "I " if pronoun else ""
        return f"{m.group('lead')}{subject}{m.group('adv')}{first} {m.group('next')}"

    return _NEXT_VERB.sub(swap, rest)


def _possessive(m: re.Match[str]) -> str:
    word = m.group("word")
    if word is not None and word in _NOT_OWNED:
        return m.group()  # "took her to the clinic": an object, not a possessive
    return "My" if m.group()[0].isupper() else "my"
