"""Rewriting chat sentences to third person, and building short entity summaries.

"I'm working at Meta now" said by Alice becomes "Alice is working at Meta now": first-person
pronouns become the speaker, "you" the other speaker when known, and the verb after a
subject pronoun is put in the third person singular ("I love" -> "Alice loves").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from chronomem.extractors.rules.tables.lexicon import DISCOURSE, LY_ADVERB
from chronomem.text.words import word_set

SUMMARY_LIMIT = 200

_PRONOUN = re.compile(
    r"\b(?:I'm|I've|I'll|I'd|I|i|me|my|mine|myself|we're|we've|we'll|we'd|we|us|our|ours"
    r"|ourselves|you're|you've|you'll|you'd|you|your|yours|yourself|yourselves)\b",
    re.I,
)
_CONTRACTED = {"'m": "is", "'re": "is", "'ve": "has", "'ll": "will", "'d": "would"}
# a past participle after "'d" makes it "had" ("I'd been", "we'd moved"; "I'd love": would)
_PARTICIPLE = re.compile(
    r"(?:\s+(?:just|already|never|always|only|not|ever))*\s+(?:been|had|done|gone|got|gotten|"
    r"seen|taken|known|left|made|met|kept|told|given|[a-z]{2,}ed)\b(?<!\bneed)(?<!\bfeed)",
    re.I,
)
_ADVERBS = (
    "just|also|really|always|never|still|usually|often|sometimes|recently|finally|actually"
    "|definitely|totally|even|only|absolutely|kinda|sorta|mostly|already|ever|truly|honestly"
    "|personally|currently|now|too|certainly|probably|seriously|literally|especially"
    "|genuinely|simply|basically|officially|rarely|generally|normally|typically|constantly"
    "|barely|hardly|both|all|so|no\\s+longer|not|" + LY_ADVERB
)
_NEXT_VERB = re.compile(rf"((?:\s+(?:{_ADVERBS})\b)*\s+)([A-Za-z][a-z']*)\b", re.I)
_AUX_BEFORE = re.compile(r"\b(am|are|were|have|do|don't|aren't|weren't|haven't)(\s+)$", re.I)
_INVERTED = re.compile(
    r"\b(?:am|are|were|have|do|don't|aren't|weren't|haven't|did|didn't|does|can|could|will"
    r"|would|should|shall|may|might|must|can't|won't|wouldn't|couldn't|shouldn't|is|was)\s+$",
    re.I,
)
# "you" is a subject after these (or at a clause start); elsewhere it is an object.
_SUBJECT_AFTER = word_set(
    "and but so because if when that how what why where since while as or though although "
    "than whether unless until once cause"
)
# "Mel and I went": a plural subject at the start of a clause keeps its verb as it is.
_PAIR_SUBJECT = re.compile(
    r"(?:^|[.!?,;:]\s*|\b(?:and|but|so|because|when|then|that)\s+)"
    r"(?:[A-Z][\w']*|you|he|she|[Mm]y \w+|[Hh]er \w+|[Hh]is \w+)\s+and\s+$"
)
_WINDOW = 60  # the words before a pronoun that decide its role are read in this window only
_AUX_3SG = {
    "am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't",
    "aren't": "isn't", "weren't": "wasn't", "haven't": "hasn't",
}  # fmt: skip
_IRREGULAR = {
    "am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "go": "goes",
    "don't": "doesn't", "haven't": "hasn't", "aren't": "isn't", "weren't": "wasn't",
}  # fmt: skip
_UNCHANGED = word_set(
    "can could will would shall should may might must was did had can't couldn't won't "
    "wouldn't shouldn't didn't hadn't wasn't mustn't used got went made took saw came gave "
    "found told felt left thought bought brought met ran began knew kept heard held sat "
    "stood wrote read spent lost won paid sent built taught caught fought drove rode ate "
    "drank swam sang flew grew threw wore broke chose spoke forgot understood became fell "
    "hurt put set let cut quit hit shut said sold led fed slept woke hung shot lit dug "
    "stuck struck sought meant dealt learnt dreamt burnt been done gone seen taken given "
    "known shown arose awoke bent bit bled blew bred clung crept dove drew fled "
    "flung forbade forgave froze hid knelt laid leapt lent rang rose shook shone shrank sank "
    "slid slung sped spun spat sprang stole stung stank strode swore swept swung tore wove "
    "wept withdrew withheld withstood undertook overtook mistook overcame forsook"
)
_NOT_AFTER_YOU = frozenset({"guys", "all", "two", "both", "know", "see", "bet", "mean"})


def third_singular(verb: str) -> str:
    """ "love" -> "loves", "have" -> "has", "went" -> "went" (past and modals unchanged)."""
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _UNCHANGED or low.endswith(("ed", "ing", "n't")) or not low.isalpha():
        return verb
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and len(low) > 2 and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def third_person(text: str, speaker: str | None, addressee: str | None = None) -> str:
    """``text`` with first person rewritten to ``speaker`` (and "you" to ``addressee``)."""
    out: list[str] = []
    pos = 0
    for m in _PRONOUN.finditer(text):
        if m.start() < pos:
            continue
        word = m.group()
        low = word.lower()
        first = not low.startswith("you")
        who = speaker if first else addressee
        if who is None or word == "US":
            continue
        if not first and _NOT_AFTER_YOU.intersection(text[m.end() : m.end() + 8].split()[:1]):
            continue
        if low == "mine" and _a_mine(text[: m.start()]):
            continue
        before = text[pos : m.start()]
        replacement, end = _replace(text, m, low, who, before)
        if replacement.startswith(who) and _AUX_BEFORE.search(before) and end == m.end():
            before = _AUX_BEFORE.sub(_aux_3sg, before)
        out.append(before)
        out.append(replacement)
        pos = end
    out.append(text[pos:])
    return "".join(out)


# the words a possessive "mine" follows ("a friend of mine", "it's mine", "yours and mine",
# "bbq at mine"); after any other word "mine" is the noun ("the gold mine", "a coal mine")
_MINE_AFTER = word_set(
    "of is was are were be been being at and or than like not also too all just that's it's"
)
_WORD_BEFORE = re.compile(r"([A-Za-z'’]+)\s*$")


def _a_mine(before: str) -> bool:
    """Is the "mine" after ``before`` the noun, not the speaker's?"""
    word = _WORD_BEFORE.search(before[-30:])
    return word is not None and word.group(1).lower().replace("’", "'") not in _MINE_AFTER


def _aux_3sg(m: re.Match[str]) -> str:
    aux = _AUX_3SG[m.group(1).lower()]
    return (aux.capitalize() if m.group(1)[0].isupper() else aux) + m.group(2)


def _is_object_you(before: str) -> bool:
    words = re.findall(r"[A-Za-z']+|[,;:.!?]", before[-40:])
    return bool(words) and words[-1][0].isalpha() and words[-1].lower() not in _SUBJECT_AFTER


def _replace(text: str, m: re.Match[str], low: str, who: str, before: str) -> tuple[str, int]:
    """The replacement of pronoun ``m`` and where the replaced text ends."""
    for suffix, verb in _CONTRACTED.items():
        if low.endswith(suffix):
            if suffix == "'d" and _PARTICIPLE.match(text, m.end()):
                verb = "had"  # "I'd been working there": had, not would
            return f"{who} {verb}", m.end()
    if low in ("my", "mine", "our", "ours", "your", "yours"):
        return f"{who}'s", m.end()
    if low.endswith(("self", "selves")):
        return "themself", m.end()
    window = text[max(0, m.start() - _WINDOW) : m.start()]
    if low in ("me", "us") or (low == "you" and _is_object_you(window)):
        return who, m.end()
    # a subject: I / we / you, with its verb agreeing
    inverted = _INVERTED.search(before) is not None
    plural = low == "i" and _PAIR_SUBJECT.search(window) is not None
    following = _NEXT_VERB.match(text, m.end())
    if inverted or plural or following is None:
        return who, m.end()
    if low == "i" and following.group(2).lower() in ("are", "were"):
        return who, m.end()
    return who + following.group(1) + third_singular(following.group(2)), following.end()


_CONNECTIVES = word_set("and but so then also plus")
# words that open a clause only as discourse, with or without a comma ("actually dentist
# moved to the 21st", "oh and I went vegetarian")
_OPENERS = word_set("actually anyway anyways honestly btw oh ok okay um uh hmm lol haha omg")
_LEADING = re.compile(r"^(?:[A-Za-z']+[,!.]*\s+)")


def strip_discourse(text: str) -> str:
    """Drop leading interjections and the speaker's telling of what follows: "Yeah, wow, I
    moved" -> "I moved"; "I must tell you that Lennart moved" -> "Lennart moved"."""
    text = text.strip()
    while True:
        told = _TELLING.match(text)
        if told is not None and told.end() < len(text):
            text = text[told.end() :]
            continue
        m = _LEADING.match(text)
        if not m:
            return text
        word = m.group().strip(" ,!.").lower()
        set_off = word in DISCOURSE and m.group().rstrip().endswith((",", "!", "."))
        if not set_off and word not in _CONNECTIVES and word not in _OPENERS:
            return text
        text = text[m.end() :]


# the speaker announcing what they tell, which is no part of it: "I must tell you that",
# "you may be interested to learn that", "just so you know,", "I'm happy to report that"
_TELLING = re.compile(
    r"(?:(?:I|we)\s+(?:must|have\s+to|need\s+to|should|wanted\s+to|want\s+to|forgot\s+to|"
    r"just\s+wanted\s+to)\s+(?:tell\s+you|let\s+you\s+know|mention)(?:\s+(?:first|now|also))?"
    r"|you\s+(?:may|might)\s+(?:be\s+interested\s+to\s+(?:learn|know|hear)|like\s+to\s+know)"
    r"|(?:I'm|I\s+am|we're|we\s+are)\s+(?:happy|pleased|glad|sad|sorry|proud)\s+to\s+"
    r"(?:say|report|tell\s+you|announce)"
    r"|just\s+so\s+you\s+know)(?:\s+that\b)?[\s,:]+",
    re.I,
)
_TRAILING = re.compile(
    r"(?:[\s,]+(?:though|anyway|anyways|lol|haha|hahaha|too|btw|tbh))+\W*$", re.I
)


def finish(text: str) -> str:
    """A clean fact sentence: single spaces, capitalised, no trailing punctuation."""
    text = re.sub(r"\s+([,.!?;:])", r"\1", " ".join(text.split()))
    text = _TRAILING.sub("", text.strip(" ,;:-\u2013\u2014")).rstrip(".!?,;: ").strip()
    return text[:1].upper() + text[1:] if text else text


def summarize(sentences: Iterable[str], limit: int = SUMMARY_LIMIT) -> str:
    """Join ``sentences`` and cut to ``limit`` characters at a word boundary."""
    text = " ".join(s.strip() for s in sentences if s.strip())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;: ")
    return cut + "\u2026"
