"""An assistant's turn read in the user's voice.

What an assistant says about the user ("Since you swapped your Civic for a Kia...", "I'll
remember that you're allergic to shellfish", "For your daughter Fia's party...") is a fact
about the user told in the second person. Rather than teach every row of the pattern table
and the habit and plan readers a second grammar, the turn is rewritten once into the user's
voice, and then read like anything the user says:

- "you" / "your" / "yours" / "yourself" become "I" / "my" / "mine" / "myself" ("you" after a
  verb or preposition is an object: "me"), with the verb forms that differ ("you are" -> "I
  am", "were you" -> "was I", "you aren't" -> "I'm not");
- the assistant's own "I" / "me" / "my" become its name ("I'll remember that..." ->
  "Assistant will remember that..."), which the extractor never keeps a fact about, and its
  "we" / "our" / "us" (a company's or "you and I") become "they" / "their" / "them", which
  name nobody.

A question stays a question ("Are you still in Lyon?" -> "Am I still in Lyon?" asserts
nothing), and a wish or condition stays one ("If you move to Bergen, ..."): the reader
of the user's own words already knows what these do not tell.
"""

from __future__ import annotations

import re

from chronomem.text.words import word_set

_WORD = re.compile(
    r"\b(?:you're|you've|you'll|you'd|yourselves|yourself|yours|your|you"
    r"|aren't you|are you|were you|weren't you"
    r"|I'm|I've|I'll|I'd|I|me|my|mine|myself"
    r"|we're|we've|we'll|we'd|we|our|ours|ourselves|us)\b"
    r"(?:\s+(?:are|were|aren't|weren't)\b)?",
    re.I,
)
# "you" is an object after a preposition or one of these verbs ("told you", "for you"),
# and before a determiner or the end of a clause ("sent you the file", "thank you!");
# elsewhere it is the subject ("since March you teach at X").
_OBJECT_AFTER = word_set(
    "to for with at about from of on in by like than into onto upon without behind near "
    "around after before tell told let lets help helped thank thanks give gave send sent ask "
    "asked show showed remind reminded see saw get got make made want wanted need needed hope "
    "wish wished congratulate congratulated miss missed love loved heard hear meet met "
    "call called bring brought"
)
_OBJECT_BEFORE = word_set("the a an this that these those my your his her our their it")
_PREVIOUS = re.compile(r"([A-Za-z']+)\s*$")
_NEXT = re.compile(r"\s+([A-Za-z']+)")
_YOU_FORMS = {
    "you're": "I'm", "you've": "I've", "you'll": "I'll", "you'd": "I'd",
    "yourselves": "myself", "yourself": "myself", "yours": "mine", "your": "my",
}  # fmt: skip
_YOU = "|".join(sorted(["you", *_YOU_FORMS], key=len, reverse=True))
_SECOND_PERSON = re.compile(rf"\b(?:{_YOU})\b", re.I)
_BE_AFTER_YOU = {"are": "am", "were": "was", "aren't": "am not", "weren't": "wasn't"}
_ASKED = {
    "are you": "am I",
    "were you": "was I",
    "aren't you": "am I not",
    "weren't you": "wasn't I",
}
_OURS = {
    "we're": "they're", "we've": "they've", "we'll": "they'll", "we'd": "they'd", "we": "they",
    "our": "their", "ours": "theirs", "ourselves": "themselves", "us": "them",
}  # fmt: skip
# the assistant speaking of itself: "I" and its forms, as its name with the verb agreeing
_SELF = {"i'm": " is", "i've": " has", "i'll": " will", "i'd": " would", "i": "", "me": "",
         "myself": "", "my": "'s", "mine": "'s"}  # fmt: skip
_CASE_SENSITIVE = frozenset({"us", "me", "my", "we", "our"})  # "US", "ME" (Maine) are names


def speaks_to_the_user(clause: str) -> bool:
    """Does ``clause``, an assistant's, speak of the person it speaks to ("you", "your")? An
    assistant's claim about the user names them so; "Working at X must be a dream!" and
    "Congrats on the move to X!" name no one."""
    return _SECOND_PERSON.search(clause) is not None


def in_user_voice(text: str, assistant: str) -> str:
    """``text``, said by ``assistant`` to the user, rewritten as the user would say it."""
    return _WORD.sub(lambda m: _swapped(m, text, assistant), text)


def _swapped(m: re.Match[str], text: str, assistant: str) -> str:
    whole = m.group()
    head, _, tail = whole.partition(" ")
    low = head.lower()
    if low in _CASE_SENSITIVE and head not in (low, low.capitalize()):
        return whole
    asked = next((a for a in _ASKED if whole.lower().startswith(a)), None)
    if asked is not None:  # "are you still in Lyon?": still asked, of the user
        return _cased(_ASKED[asked], whole) + whole[len(asked) :]
    if low == "you":
        if tail:
            return _cased("I " + _BE_AFTER_YOU[tail.lower().strip()], head)
        return _cased("I" if _subject_position(text, m.start(), m.end()) else "me", head)
    if low in _YOU_FORMS:
        return _cased(_YOU_FORMS[low], head) + (f" {tail}" if tail else "")
    if low in _OURS:
        return _cased(_OURS[low], head) + (f" {tail}" if tail else "")
    if low in _SELF:
        return f"{assistant}{_SELF[low]}" + (f" {tail}" if tail else "")
    return whole


def _subject_position(text: str, at: int, end: int) -> bool:
    """Is the "you" at ``at`` (ending at ``end``) a subject, not an object?"""
    before = _PREVIOUS.search(text, max(0, at - 30), at)
    if before is not None and before.group(1).lower() in _OBJECT_AFTER:
        return False
    after = _NEXT.match(text, end)
    return after is not None and after.group(1).lower() not in _OBJECT_BEFORE


def _cased(new: str, old: str) -> str:
    """``new`` capitalised like ``old`` ("Your" -> "My"); "I" stays upper-case."""
    if old[:1].isupper() and not new.startswith("I"):
        return new[:1].upper() + new[1:]
    return new
