"""Chat typos in the words of life changes, written right before anything else reads them.

People type fast: "i liev in rotterdam", "movd to eindhoven", "stratd a new job", "quit my
wrok". The pattern table and the readers know the words, not their misspellings, so a
word that is no English word and is one slip away from one of the words they key on
(``CHANGE_WORDS``: the verbs and nouns of homes, work, ties, health, diets, pets and plans,
with their inflections) is written as that word. A slip is one of the common ones:

- two letters swapped ("wrok", "lievs", "mvoed"): the same letters, the same first letter;
- a letter missing ("startd", "mved") or doubled or added ("movved", "jobb");
- vowels dropped ("movd", "stratd" -> "started", "brk up"): the same consonants in order.

Only when exactly one word fits. A real word is never rewritten: ``REAL_WORDS`` holds the
common English words (Zipf frequency >= 2.5 in the ``wordfreq`` lists) that a slip rule would
otherwise turn into a change word ("spot" is no "stop", "sing" no "sign"); it was generated
once from those lists, so no word list is loaded at run time. Names are left alone: only
lower-case words, or a capital at the start of a sentence, are read.

Chat abbreviations ("tmrw", "w/", "bc") are written out by ``chat_spelling.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from chronomem.extractors.rules.normalise.typo_guard import REAL_WORDS
from chronomem.text.words import word_set

_VERBS = word_set(
    "live move relocate work start quit leave join marry date divorce separate retire resign "
    "hire fire study graduate adopt buy sell rent lease transfer switch change stop begin "
    "finish die pass diagnose recover heal teach manage lead promote own drive become engage "
    "settle found launch open close sign cancel renew subscribe enroll enrol attend visit "
    "travel return break split dump propose lose land accept decline apply interview train "
    "learn speak collect smoke drink cook bake swim ride hike climb love hate enjoy prefer "
    "plan book schedule reschedule postpone deliver trade replace upgrade purchase rescue "
    "ditch"
)
_IRREGULAR = word_set(
    "left began begun bought sold became broke broken quit married engaged divorced retired "
    "pregnant allergic diagnosed"
)
_NOUNS = word_set(
    "job girlfriend boyfriend husband wife partner fiance fiancee daughter son sister brother "
    "mother father parents apartment flat house home office company manager boss colleague "
    "coworker doctor dentist hospital clinic diagnosis surgery allergy vegetarian vegan "
    "gluten dairy diet university college school class course gym club membership "
    "subscription team promotion contract mortgage wedding birthday appointment anniversary "
    "holiday vacation flight phone laptop bike puppy kitten pregnancy relationship "
    "girlfriends boyfriends apartments houses favorite favourite"
)
_VOWELS = frozenset("aeiouy")
MIN_LENGTH = 4  # shorter slips are too often another word ("wok", "lve")
MIN_ADDED = 5  # a letter missing or added in a shorter word is too often a name ("sten")
MAX_LENGTH = 14


# verbs whose past is no "-ed" form ("bought", "rode"), and those that double their last
# consonant ("stopped", "planning")
_STRONG = word_set(
    "buy ride lead lose quit get become give break drive swim sell speak teach begin leave "
    "find feel meet pay spend send tell keep come write take make go run eat drink split"
)
_DOUBLING = word_set("stop plan split quit swim begin drop ship")


def _inflections(verb: str) -> set[str]:
    """ "move" -> moves, moved, moving; "study" -> studies, studied, studying."""
    if verb in _DOUBLING:
        forms = {verb, verb + "s", verb + verb[-1] + "ing", verb + verb[-1] + "ed"}
    elif verb.endswith("ie"):
        forms = {verb, verb + "s", verb + "d", verb[:-2] + "ying"}
    elif verb.endswith("e"):
        forms = {verb, verb + "s", verb + "d", verb[:-1] + "ing"}
    elif verb.endswith("y") and verb[-2] not in _VOWELS:
        forms = {verb, verb[:-1] + "ies", verb[:-1] + "ied", verb + "ing"}
    elif verb.endswith(("sh", "ch", "x", "s")):
        forms = {verb, verb + "es", verb + "ed", verb + "ing"}
    else:
        forms = {verb, verb + "s", verb + "ed", verb + "ing"}
    return {f for f in forms if not (verb in _STRONG and f.endswith("ed"))}


CHANGE_WORDS: frozenset[str] = frozenset(
    {form for verb in _VERBS for form in _inflections(verb)} | _IRREGULAR | _NOUNS
)


def _skeleton(word: str) -> str:
    return word[0] + "".join(c for c in word[1:] if c not in _VOWELS)


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _index() -> tuple[dict[str, set[str]], dict[str, set[str]], dict[str, set[str]]]:
    """(one letter missing -> words, anagram key -> words, consonants -> words)."""
    missing: dict[str, set[str]] = {}
    swapped: dict[str, set[str]] = {}
    skeleton: dict[str, set[str]] = {}
    for word in CHANGE_WORDS:
        for short in _deletions(word):
            missing.setdefault(short, set()).add(word)
        swapped.setdefault(word[0] + "".join(sorted(word[1:])), set()).add(word)
        skeleton.setdefault(_skeleton(word), set()).add(word)
    return missing, swapped, skeleton


_MISSING, _SWAPPED, _SKELETON = _index()


@lru_cache(maxsize=8192)
def corrected(word: str) -> str | None:
    """The change word ``word`` (lower case) is a slip of, if exactly one fits; else None.
    The slips are tried in turn (swapped letters, a letter missing, a letter added, dropped
    vowels); the first that some change word fits decides."""
    if word in CHANGE_WORDS or word in REAL_WORDS or not MIN_LENGTH <= len(word) <= MAX_LENGTH:
        return None
    for fits in _fits(word):
        fits = {f for f in fits if f[0] == word[0]}
        if fits:
            return next(iter(fits)) if len(fits) == 1 else None
    return None


def _fits(word: str) -> Iterator[set[str]]:
    yield _SWAPPED.get(word[0] + "".join(sorted(word[1:])), set())
    if len(word) >= MIN_ADDED:
        yield _MISSING.get(word, set())  # a letter missing
        yield {short for short in _deletions(word) if short in CHANGE_WORDS}  # one added
    yield {w for w in _SKELETON.get(_skeleton(word), ()) if _dropped(word, w)}


def _dropped(word: str, fit: str) -> bool:
    """Is ``word`` ``fit`` with one or two of its letters left out?"""
    if not 0 < len(fit) - len(word) <= 2:
        return False
    left = list(fit)
    for c in word:
        if c not in left:
            return False
        left.remove(c)
    return True


_TOKEN = re.compile(r"(?<![\w'/.-])[A-Za-z]+(?![\w'/-])(?!\.\w)")
_NAME_AFTER = re.compile(r"\s+[A-Z]")
_SENTENCE_END = re.compile(r"[.!?\n]\s*$")


def fix_typos(text: str) -> str:
    """``text`` with the slips of change words corrected."""
    return _TOKEN.sub(lambda m: _fixed(m, text), text)


def _fixed(m: re.Match[str], text: str) -> str:
    word = m.group()
    low = word.lower()
    if word != low and not _opens_sentence(m, text):
        return word  # a name ("Liev Schreiber", "Sten"), an acronym ("MOVD")
    fix = corrected(low)
    if fix is None:
        return word
    return fix[0].upper() + fix[1:] if word[0].isupper() else fix


def _opens_sentence(m: re.Match[str], text: str) -> bool:
    """A capital only on the first letter of a sentence's first word, no name after it."""
    word = m.group()
    if word[1:] != word[1:].lower() or _NAME_AFTER.match(text, m.end()):
        return False
    return (
        m.start() == 0 or _SENTENCE_END.search(text, max(0, m.start() - 3), m.start()) is not None
    )
