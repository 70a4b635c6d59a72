"""The text of a fact: its clause in the third person, names said, dates cut."""

from __future__ import annotations

import re
from datetime import datetime

from chronomem.extractors.rules.analysis.day_corrections import set_right
from chronomem.extractors.rules.analysis.found import Hit, Sentence
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.draft import Draft
from chronomem.extractors.rules.plain_texts import plain
from chronomem.extractors.rules.summaries import finish, strip_discourse, third_person
from chronomem.model.relations import PLAN_RELATIONS


def fact_text(s: Sentence, hit: Hit, draft: Draft, day: datetime | None = None) -> str:
    """The hit's text; a plan's says the day ahead it is on (``day``: its ``valid_at``):
    what one asks of a plan is when it is ("Jiho's dentist was moved, on Tuesday 10 June
    2025"). A light draft's facts (``Draft.light``) take only the text a stage gave."""
    if draft.light:
        return finish(hit.text) if hit.text else ""
    if hit.text:
        return _on_day(finish(hit.text), hit, s, day)
    text = rewrite(s, _after_contrast(s.text, hit), hit.clause[1], draft, drop_times=True)
    if hit.implicit_subject and s.speaker and text:
        text = f"{s.speaker} {text[0].lower()}{text[1:]}"
    return _on_day(plain(_named_subject(text, hit.source.name), s, hit), hit, s, day)


# a past told before "now", then the value: "before only green tea, now I like Fuzhuan"
_CONTRAST = re.compile(
    r"\b(?:before|used to|previously|formerly|in the past|back then)\b[^.;!?]*?[,;]?\s+"
    r"(?:but\s+|and\s+)?(?=now\b)",
    re.I,
)


def _after_contrast(text: str, hit: Hit) -> int:
    """Where the hit's text starts: its clause's start, or the "now" that follows a past
    told in the clause before the value ("Before only green tea, now I like Fuzhuan" ->
    "now I like Fuzhuan"): the old value is no part of the new fact."""
    start = hit.clause[0]
    m = _CONTRAST.search(text, start, hit.verb[0])
    return m.end() if m is not None and hit.verb[0] >= m.end() else start


def _on_day(text: str, hit: Hit, s: Sentence, day: datetime | None) -> str:
    if hit.relation not in PLAN_RELATIONS or hit.ending or day is None or not text:
        return text
    if day.date() <= s.reference.date():
        return text
    said = f"{day:%A} {day.day} {day:%B %Y}"
    return f"{text.rstrip('.!?')}, on {said}"


_OPENING_PRONOUN = re.compile(r"^(?:He|She|he|she)\b")


def _named_subject(text: str, subject: str) -> str:
    """ "She moved to Chicago" -> "Emma moved to Chicago"; "Bought a Tesla" (a verb sharing
    the subject of the clause before) -> "Sam bought a Tesla"."""
    if not text or subject in text:
        return text
    if _OPENING_PRONOUN.match(text):
        return _OPENING_PRONOUN.sub(subject, text, count=1)
    first = text.split(maxsplit=1)[0].lower()
    if first.endswith("ed") or first in _SHARED_VERBS:
        return f"{subject} {text[:1].lower()}{text[1:]}"
    return text


_SHARED_VERBS = frozenset(
    [
        "bought",
        "sold",
        "got",
        "left",
        "quit",
        "went",
        "took",
        "made",
        "became",
        "found",
        "lost",
        "broke",
        "gave",
        "began",
        "ran",
        "drove",
        "grew",
        "won",
    ]
)


def rewrite(
    s: Sentence, start: int, end: int, draft: Draft, *, drop_times: bool, whole: bool = False
) -> str:
    """``s.text[start:end]`` in third person, devices spelled out, dates optionally cut;
    ``whole`` keeps the sentence's closing punctuation (for summaries)."""
    edits: list[tuple[int, int, str]] = []
    inside = [t for t in s.times if start <= t.start and t.end <= end]
    for first, second, when in set_right(s.text, inside):
        # "on the 14th of November — sorry, the 21st": only the day meant is said
        edits.append((first.start, second.end, _day(when)))
        inside = [t for t in inside if t is not first and t is not second]
    if drop_times:  # a date a copula states stays, said as a day: "last day is 28 Feb 2027",
        # "the 12th is my last day" -> "12 Jun 2025 is my last day"
        edits += [
            (t.start, t.end, _day(t.when))
            if _COPULA.search(s.text, start, t.start) or _COPULA_AFTER.match(s.text, t.end)
            else (_preposition_before(s.text, start, t.start), _with_possessive(s.text, t.end), "")
            for t in inside
        ]
    elif whole:  # a summary keeps the words and says the day they mean: "last week (22 Feb 2025)"
        edits += [(t.start, t.end, _with_day(t.text, t.when)) for t in inside if _relative(t.text)]
    for span in s.spans:
        if span.coreferent and start <= span.start and span.end <= end:
            head = span.attributes.get("type", "")
            surface = s.text[span.start : span.end]
            edits.append((span.start, span.end, surface.replace(head, f"{span.name} {head}")))
    text = s.text
    for a, b, new in sorted(edits, key=lambda e: -e[0]):
        text = text[:a] + new + text[b:]
    shift = sum(len(new) - (b - a) for a, b, new in edits)
    # the sentence's own speaker: a narrated person (``narrated.py``), else the episode's
    me, you = (draft.voice, draft.speaker) if draft.voice else (s.speaker, draft.addressee)
    piece = third_person(_unintroduced(strip_discourse(text[start : end + shift]), me), me, you)
    if whole:
        piece = " ".join(piece.split())
        if piece and piece[-1] not in ".!?":
            piece += "."  # summaries join sentences: each ends as one
        return piece[:1].upper() + piece[1:]
    return finish(piece)


_POSSESSIVE = re.compile(r"['’]s\b")


def _with_possessive(text: str, end: int) -> int:
    """The end of a date cut from a text, with its possessive ("Friday's appointment" ->
    "appointment")."""
    m = _POSSESSIVE.match(text, end)
    return m.end() if m else end


_COPULA = re.compile(r"(?:\b(?:is|was|are|were|be)|'s)\s+$", re.I)
_COPULA_AFTER = re.compile(r"\s+(?:is|was|will be)\b", re.I)
_DANGLING = re.compile(r"\b(?:to|on|at|in|for|by|until|till|from|since)\s+$", re.I)


def _preposition_before(text: str, start: int, at: int) -> int:
    """Where a cut time expression begins, with the preposition that led to it ("moved to
    the 21st" loses "to the 21st", not just "the 21st")."""
    m = _DANGLING.search(text, start, at)
    return m.start() if m else at


_YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")


def _relative(said: str) -> bool:
    """Does a time expression need the reference time to be read ("last week", "in May")?"""
    return _YEAR.search(said) is None


def _with_day(said: str, when: datetime) -> str:
    """ "last week" -> "last week (22 Feb 2025)"; the day goes before a closing stop the
    expression took with it ("on the 3rd of March." -> "on the 3rd of March (3 Mar 2025).")."""
    words = said.rstrip(".!?,;: ")
    return f"{words} ({_day(when)}){said[len(words) :]}"


def _day(when: datetime) -> str:
    return f"{when.day} {when:%b %Y}"


def _unintroduced(text: str, me: str | None) -> str:
    """The text without the speaker's naming of themselves that opens it: "I'm Mafalda, I
    skipper a moliceiro" -> "I skipper a moliceiro" (not "Mafalda is Mafalda, ...")."""
    if not me:
        return text
    m = _INTRODUCTION.match(text)
    if m is None or normalize_name(m.group("name")) != normalize_name(me.split()[0]):
        return text
    rest = text[m.end() :]
    return rest[:1].upper() + rest[1:] if rest else text


_INTRODUCTION = re.compile(
    r"(?:i'm|i am|im|this is|it's|my name(?: is|'s)?)\s+(?P<name>[A-Z][\w'-]*)"
    r"(?:\s+[A-Z][\w'-]*)?\s*[,;:.!-]+\s*",
    re.I,
)
