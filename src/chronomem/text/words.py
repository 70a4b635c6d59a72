"""Word lists written as text: one helper for each way a list is written."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

# the encoder's vocabulary (the uncased BERT vocabulary, shipped with the local provider)
_VOCAB = ("chronomem.providers", "data", "minilm-uncased-vocab.txt")


def word_set(text: str) -> frozenset[str]:
    """The set of whitespace-separated words of ``text``."""
    return frozenset(text.split())


def alternatives(words: frozenset[str]) -> str:
    """A regex alternation of ``words``, one alternative per word, longest first; a hyphen
    may be written as a space or left out ("gluten-free", "gluten free", "moving day")."""
    alts = (re.escape(w).replace(r"\-", "[- ]?") for w in words)
    return "|".join(sorted(alts, key=lambda w: (-len(w), w)))


def phrases(text: str) -> frozenset[str]:
    """The set of ``|``-separated phrases of ``text`` (a phrase may hold spaces)."""
    return frozenset(p.strip() for p in text.split("|") if p.strip())


# letters whose spoken name begins with a vowel sound ("an MBA", "an SUV", but "a UX role")
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
# words spelt with a vowel but said with a consonant, and the reverse ("a uni", "an hour")
_SAID_CONSONANT = ("uni", "use", "usu", "uti", "ure", "eu", "one", "once")
_SAID_VOWEL = ("hour", "honest", "honor", "honour", "heir")


def indefinite(phrase: str) -> str:
    """``phrase`` with the indefinite article it is said with: "a UX designer", "an MBA
    student", "a university", "an hour"."""
    first = phrase.split(maxsplit=1)[0] if phrase.strip() else ""
    head = first.split("-")[0]
    if head.isalpha() and head.isupper() and (len(head) > 1 or head != first):
        vowel = first[0] in _VOWEL_LETTERS  # an acronym is said letter by letter: "an X-ray"
    else:
        low = first.lower()
        vowel = (low[:1] in tuple("aeiou") and not low.startswith(_SAID_CONSONANT)) or (
            low.startswith(_SAID_VOWEL)
        )
    return f"{'an' if vowel else 'a'} {phrase}"


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """The whole words of the encoder's vocabulary (no "##" pieces, no "[unused]" slots):
    some 20,000 words of ordinary English, lower case, and common names."""
    text = resources.files(_VOCAB[0]).joinpath(*_VOCAB[1:]).read_text(encoding="utf-8")
    return frozenset(w for w in text.split() if w.isalpha())


def is_gerund(word: str) -> bool:
    """Is ``word`` a verb's "-ing" form: its stem a word of :func:`english_words` ("going",
    "baking", "shopping"), not a name or noun that ends so ("Kilwinning", "morning")?"""
    if not word.endswith("ing") or len(word) <= 4:
        return False
    stem = word[:-3].lower()
    known = english_words()
    return stem in known or f"{stem}e" in known or (stem[-1:] == stem[-2:-1] and stem[:-1] in known)


def gerund_of(word: str) -> str | None:
    """The "-ing" form of a verb said in another form ("smoked", "smokes", "smoke", "run" ->
    "smoking", "running"), when that form is a word of :func:`english_words` and names the
    doing ("coffee", "sugar", "cigarettes" have none); ``None`` otherwise."""
    lower = word.lower()
    if not lower.isalpha() or lower.endswith("ing") or len(lower) < 3:
        return None
    stems = [lower]
    if lower.endswith("ed"):
        stems += [lower[:-2], lower[:-1]]
    elif lower.endswith("s"):
        stems.append(lower[:-1])
    known = english_words()
    for stem in stems:
        if len(stem) < 3 or stem not in known:
            continue
        forms: tuple[str, ...]
        if stem.endswith("e"):  # smoke -> smoking
            forms = (stem + "ing", stem[:-1] + "ing")
        elif stem[-1] not in _NOT_DOUBLED:  # run -> running
            forms = (stem + "ing", stem + stem[-1] + "ing")
        else:
            forms = (stem + "ing",)
        found = next((form for form in forms if form in known), None)
        if found is not None:
            return found
    return None


# letters a verb's last never doubles before "-ing" ("play" -> "playing", "fix" -> "fixing")
_NOT_DOUBLED = frozenset("aeiouwxy")
