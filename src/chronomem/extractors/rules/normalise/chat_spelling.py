"""The spellings of phone texting, written out before the analysis.

People texting on a phone abbreviate ("w/ my cousin", "rn", "bc", "2 wks"), mistype the
commonest words ("jsut", "teh"), sprinkle interjections that carry no fact ("lol", "ngl",
"tbh") and use emoji where a writer would end a sentence ("into pottery now 🏺 my first
bowl..."). :func:`plain_spelling` writes such a message the way the later stages read
prose: every abbreviation of this general word class spelled out, interjections dropped and
emoji turned into sentence ends. Contractions ("im", "dont") are written out earlier, in
``sentences.normalize_text``. Offsets of later stages are into the rewritten text.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.sentences import ABBREVIATIONS
from chronomem.extractors.rules.normalise.chat_names import COMMON_WORDS
from chronomem.text.words import english_words, is_gerund, word_set

# Chat abbreviations and misspellings of common words, written out. Each key is one whole
# word, matched case-insensitively; the replacement is lower case (a name never is one).
_SPELLED = {
    # typing slips of the commonest words
    "jsut": "just", "juts": "just", "teh": "the", "adn": "and", "taht": "that",
    "becuase": "because", "becasue": "because", "definately": "definitely",
    "definatly": "definitely", "freind": "friend", "freinds": "friends", "thier": "their",
    "untill": "until", "tommorow": "tomorrow", "tomorow": "tomorrow", "recieved": "received",
    # abbreviations
    "bc": "because", "bcuz": "because", "cuz": "because", "coz": "because", "cos": "because",
    "rn": "right now", "atm": "at the moment", "tmrw": "tomorrow", "tmr": "tomorrow",
    "tmrow": "tomorrow", "tomoz": "tomorrow", "tonite": "tonight", "2day": "today",
    "yday": "yesterday", "yr": "year", "yrs": "years", "wk": "week", "wks": "weeks",
    "hr": "hour", "hrs": "hours", "mo": "month", "mos": "months", "ppl": "people",
    "gf": "girlfriend", "bf": "boyfriend", "bff": "best friend", "bro": "brother",
    "sis": "sister", "hubs": "husband", "ur": "your", "u": "you", "r": "are", "n": "and",
    "w": "with", "abt": "about", "pls": "please", "plz": "please", "thx": "thanks", "ty": "thanks",
    "tysm": "thanks", "v": "very", "obvs": "obviously", "obv": "obviously",
    "probs": "probably", "prob": "probably", "defo": "definitely", "bday": "birthday",
    "dunno": "don't know", "tho": "though", "thru": "through", "nite": "night",
    "b4": "before", "gr8": "great", "lil": "little", "rly": "really", "srsly": "seriously",
    "ofc": "of course", "wfh": "work from home", "bby": "baby", "appt": "appointment",
    "msg": "message", "convo": "conversation", "yea": "yeah", "ya": "yeah", "ye": "yeah",
    "nah": "no", "nvm": "never mind",
    # dialect spellings of the commonest words
    "wiv": "with", "wif": "with", "wivout": "without", "tomorra": "tomorrow",
    "tomorrer": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow", "yesterdee": "yesterday",
    "ma": "my",  # Scots, before a thing ("dropped ma phone"); "ma said", "my ma": a mother
}  # fmt: skip
_SLASHED = {"w/": "with", "w/o": "without", "b/c": "because"}
# A dropped "g" ("workin the box office", "movin' out", "nothin new"): a lower-case word in
# "-in" that is no word of the vocabulary, while its "-ing" is (the few chat forms the
# vocabulary holds, and the one word it lacks, are listed).
_DROPPED_G = re.compile(r"(?<![\w'])([a-z]{2,}in)'?(?![\w'])")
_DROPPED_G_WORDS = frozenset({"doin", "goin", "nothin", "somethin"})
_NOT_DROPPED_G = frozenset({"raisin"})
# Interjections and hedges that carry no fact: dropped ("lol no, left in june").
_INTERJECTIONS = (
    r"lo+l+|lma+o+|lmfa+o+|rofl|(?:ha){2,}h?|(?:he){2,}|ngl|tbh|tbf|omf?g|smh|ikr|btw|fyi"
    r"|jk|ugh+|lowkey|highkey|idk|imo|imho|xo+|xx+"
)
_WORD = re.compile(
    r"(?<![\w'/&])(?:" + "|".join(sorted(map(re.escape, _SPELLED), key=len, reverse=True)) + r")"
    r"(?![\w'/&])",
    re.I,
)
_SLASH = re.compile(r"(?<![\w/])(?:w/o|w/|b/c)(?=\s|$)", re.I)
_INTERJECTION = re.compile(rf"(?<![\w'])(?:{_INTERJECTIONS})(?![\w'])[,]?\s*", re.I)
# Emoji, pictographs, flags, variation selectors and joiners: one run is one mark.
_EMOJI = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\u2300-\u23ff\u200d\ufe0f\u20e3]+"
)
_OWN_SUBJECT = re.compile(
    r"(?:the|my|our|his|her|their|this|that|these|those|he|she|they|it|we|there)\b", re.I
)
_SHOUTED = re.compile(r"\b[A-Z]{3,}(?: [A-Z]{2,})*\b")
_TIDY = (
    (re.compile(r"\(\s*\)"), ""),
    (re.compile(r"[ \t]+([,.!?;:)])"), r"\1"),
    (re.compile(r"([.!?])[.,]+(?=\s|$)"), r"\1"),
    (re.compile(r"(?m)^[ \t]*[,.;:]+[ \t]*"), ""),
    (re.compile(r"[ \t]{2,}"), " "),
)


# "de" for "the" (Caribbean and West African English, "in de boot till de 16th"), only
# lower case before a lower-case word or a day: "Rio de Janeiro", "De Vries" stay
_DIALECT_THE = re.compile(
    r"(?<![\w'-])de(?=\s+(?!(?:la|las|los|le|les|del|l')\b)(?:[a-z]|\d{1,2}(?:st|nd|rd|th)\b))"
)
_CAPITAL_BEFORE = re.compile(r"[A-Z][\w'-]*\s+$")


def _the(m: re.Match[str]) -> str:
    """ "de" as "the", unless a name's particle: after a capitalised word ("Casa de papel")."""
    return m.group() if _CAPITAL_BEFORE.search(m.string, 0, m.start()) else "the"


def plain_spelling(text: str) -> str:
    """``text`` with chat abbreviations spelled out, interjections dropped, emoji as
    sentence ends."""
    if not text:
        return text
    text = _EMOJI.sub(_emoji_mark, text)
    text = _SLASH.sub(lambda m: _SLASHED[m.group().lower()], text)
    text = _WORD.sub(_spelled, text)
    text = _DIALECT_THE.sub(_the, text)
    text = _DROPPED_G.sub(_with_g, text)
    text = _INTERJECTION.sub("", text)
    text = _SHOUTED.sub(_lowered, text)
    for pattern, replacement in _TIDY:
        text = pattern.sub(replacement, text)
    return text.strip()


def _lowered(m: re.Match[str]) -> str:
    """Ordinary words shouted in capitals ("PREGNANT", "GOT INTO THE CHAMBER CHOIR") in
    lower case: a word of ordinary English, or any longer word of a run mostly made of
    them; an acronym ("NHS", "BBC") stays."""
    words = m.group().split(" ")
    common = [w.lower() in COMMON_WORDS for w in words]
    shouted = len(words) > 2 and sum(common) * 2 > len(words)
    return " ".join(
        w.lower() if c or (shouted and len(w) > 3) else w
        for w, c in zip(words, common, strict=True)
    )


def _spelled(m: re.Match[str]) -> str:
    word = m.group()
    if word.isupper() and word not in ("BC", "RN"):
        return word  # "UR", "ATM", "HR", "Model V" in capitals: an acronym, not chat
    if word.lower() == "ur" and _you_are_next(m.string, m.end()):
        return "you're"  # "ur right it was my appendix", "ur the best", "ur going to"
    if word.lower() == "ma" and not _a_thing_of_mine(m.string, m.start(), m.end()):
        return word  # "Ma rang", "my ma's house", "ma said": a mother
    return _SPELLED[word.lower()]


# what follows "ma" the mother, not Scots "my": her verb ("ma said", "ma's coming")
_MOTHER_NEXT = word_set("is was has had says said will would can could rang called came went got")


def _a_thing_of_mine(text: str, start: int, end: int) -> bool:
    """Is the lower-case "ma" at ``start`` Scots "my": before a lower-case word that is none
    of a mother's verbs, and after no possessive ("my ma")?"""
    m = _NEXT_WORD.match(text, end)
    if text[start:end] != "ma" or m is None or not m.group(1).islower():
        return False
    before = text[:start].split()
    return m.group(1) not in _MOTHER_NEXT and (not before or before[-1].lower() not in _MINE)


_MINE = word_set("my our your his her their")


# what follows a chat "ur" that is "you're", never "your": a predicate, not a noun
_YOU_ARE_NEXT = word_set("right wrong welcome so too gonna not such a an the kidding lucky")
_NEXT_WORD = re.compile(r"\s+([a-z]+)\b", re.I)


def _you_are_next(text: str, at: int) -> bool:
    m = _NEXT_WORD.match(text, at)
    return m is not None and (m.group(1).lower() in _YOU_ARE_NEXT or is_gerund(m.group(1)))


def _with_g(m: re.Match[str]) -> str:
    word = m.group(1)
    words = english_words()
    dropped = word in _DROPPED_G_WORDS or (word not in words and word not in _NOT_DROPPED_G)
    if dropped and word + "g" in words:
        return word + "g"
    return m.group()


_AROUND = 40


def _emoji_mark(m: re.Match[str]) -> str:
    """An emoji run ends the sentence before it, unless punctuation already does; before a
    subject of its own ("the", "my", "he") it ends a clause, so the sentence stays whole
    ("my GP retired 😢 the practice gave me Dr Chen")."""
    # a bounded look either side: copying the whole prefix per emoji made a text of many
    # emoji quadratic (tests/test_extractor_fuzz.py)
    before = m.string[max(0, m.start() - _AROUND) : m.start()].rstrip()
    after = m.string[m.end() : m.end() + _AROUND].lstrip()
    if not before or before[-1] in ".!?:;," or not after or after[0] in ".!?,;:)":
        return " "
    if _OWN_SUBJECT.match(after):
        return ", "
    # after an abbreviation ("crumb & co 🙃 started at X") a full stop would be read as the
    # abbreviation's own ("co.") and end nothing: the emoji's end is written "!"
    last = before.rsplit(None, 1)[-1].lower()
    return "! " if last in ABBREVIATIONS else ". "
