"""Upcoming facts moved to another day.

A sentence that reschedules ("the move got pushed to the 8th", "the Oslo trip is postponed
to June") names a fact remembered ahead (``ahead.py``) by its words, or by "it" when the
speaker has one plan ahead ("they pushed it to Monday"): the same fact on the new date.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Final

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Ahead, Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.plain_texts import plain_sentence
from chronomem.extractors.rules.readers.ahead import (
    named_in,
    plan_words,
    stem,
    stems_of,
    told_ahead,
)
from chronomem.text.words import word_set

# a plan moved: the verbs (general English)
MOVE_VERBS = (
    r"(?:mov|push|postpon|reschedul|rebook|rearrang|bump|delay|shift)(?:ed|ing)"
    r"|(?:postpone|reschedule|rebook|rearrange)s?"
)
# a plan to be moved: "I must move Skye!", "we have to reschedule the party"
_TO_MOVE = (
    r"(?:must|have to|has to|had to|need to|needs to|needed to|gotta|got to) "
    r"(?:move|postpone|reschedule|rebook|push back|delay|shift)(?! (?:to|in|into|out|house|home)\b)"
)
MOVED = re.compile(rf"\b(?:{MOVE_VERBS}|{_TO_MOVE}|brought forward|put off|changed)\b", re.I)


def redated(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ "the move got pushed back a week, now 8 December": the upcoming fact the sentence
    names, again, on the new date ahead it gives after the verb of moving. A bare plan the
    table read ("wedding pushed back") gives way to the upcoming fact it names. Returns the
    sentence's hits."""
    if s.speaker is None or s.assistant or s.question:
        return hits
    bare = [h for h in hits if h.relation == "HAS_PLAN" and " " not in h.target.name.strip()]
    if len(bare) != len(hits):
        return hits
    m = MOVED.search(s.text)
    new = [t for t in s.times if m is not None and t.when > s.reference and t.start >= m.end()]
    if m is not None and not new and not hits:  # "the tournament is postponed": day to come
        said = s.without_times(0, m.start()) + " " + s.without_times(m.end(), len(s.text))
        known.moved = told_ahead(known, s.speaker, said) or told_ahead(known, None, said)
        if known.moved is None and _moves_it(s.text, m, len(s.text.rstrip(" .!?"))):
            # "Again moved!": a verb of moving that names no plan moves the only one
            only = _only_plan(known, s.speaker, s.reference)  # one plan, or one day's
            known.moved = only[-1] if only else None
    if m is None or not new:
        return hits
    if bare and _named_alike(s, known, bare[0]):
        return hits  # "moved our flight to Oslo": the engine knows the plan by that word
    said = s.without_times(0, m.start()) + " " + s.without_times(m.end(), len(s.text))
    record = told_ahead(known, s.speaker, said) or told_ahead(known, None, said)
    records = [record] if record is not None else []
    moves_it = not records and _moves_it(s.text, m, new[0].start)
    if moves_it:
        records = _only_plan(known, s.speaker, s.reference)
    told = normalize_name(bare[0].target.name) if bare else ""
    if not records or (records[0].relation, normalize_name(records[0].target)) == (
        "HAS_PLAN",
        told,
    ):
        return hits  # the table named the plan told: its own fact stands
    # the fact's words are this sentence's when it named the plan ("moved my Oslo flight")
    # the new date stands for the verb: "pushed" is past, the plan it moves is ahead
    when = (new[0].start, new[0].end)
    words = stems_of(s.text)
    out = []
    for r in records:
        mine = normalize_name(r.source) == normalize_name(s.speaker)
        me = Party(r.source, "Person", speaker=mine)
        target = Party(r.target, r.label or None, False)
        plain = plain_sentence(r.relation, r.source, r.target)  # "Ana works at Kestrel"
        own = not moves_it and named_in(r.target, words)  # the sentence names it itself
        text = None if own else (plain or f"{plan_words(r, s.speaker)} was moved")
        out.append(Hit(r.relation, me, target, False, (0, len(s.text)), when, text))
    return out


# What a verb of moving moves when it names no plan: "it" or "that" ("they pushed it to
# Monday", "it got moved to the 9th"), or nothing, in a clause that opens on the verb ("I
# rebooked for fri"): between the verb and the new day only these words stand.
# ("them" is not one plan: "They changed them to the 18th" moves the parents' flights)
_IT_AFTER = word_set(
    "it that back forward over to for till until on the a it's its is now "
    "again once more yet even officially"  # how it was moved: "moved again, now the 11th"
)
# how far a plan is moved, between the verb and the new day
_SHIFT: Final = re.compile(
    r"\b(?:by\s+)?(?:a|an|one|two|three|four|a few|a couple of|\d+)\s+"
    r"(?:days?|weeks?|fortnight|months?|hours?)\b",
    re.I,
)
_IT_BEFORE = re.compile(
    r"\b(?:it|that)\s+(?:(?:has|had|'s|was|is|got|just|been|now|all|also)\s+){0,3}$", re.I
)
_BARE_VERB = re.compile(
    r"(?:^|[,;:.!?]\s*|\b(?:and|but|so|then)\s+)"
    r"(?:(?:I|we|they|just|so|then|have|had|'ve|finally|also|again)\s+){0,3}$",
    re.I,
)


def _moves_it(text: str, verb: re.Match[str], day: int) -> bool:
    """Does the verb of moving move a plan the sentence does not name? Only "it", "back",
    "to", "for" and the like stand between the verb and the new day, and the plan is "it"
    ("pushed it back to", "it got pushed to") or left out of a clause that opens on the
    verb ("I rebooked for fri")."""
    shift = _SHIFT.sub(" ", text[verb.end() : day])  # "pushed it back a week, to the 25th"
    between = [w for w in (w.strip(",;:-") for w in shift.lower().split()) if w]
    if any(w not in _IT_AFTER for w in between):
        return False
    if "it" in between or "that" in between:
        return True
    before = text[: verb.start()]
    return bool(_IT_BEFORE.search(before) or _BARE_VERB.search(before))


def _only_plan(known: Known, speaker: str, now: datetime) -> list[Ahead]:
    """The speaker's one plan still ahead at ``now``: "it" names it only when it is the
    only one, or the facts of one plan told together, on one day ("I start at Kestrel on
    the 1st as a supervisor": the job and the title); with two plans, "it" could be
    either, and nothing moves."""
    key = normalize_name(speaker)
    plans = [
        r
        for r in known.ahead
        if normalize_name(r.source) == key and (r.start is None or r.start > now)
    ]
    one_day = len({r.start for r in plans}) == 1 and all(r.start is not None for r in plans)
    return plans if len(plans) == 1 or (plans and one_day) else []


def _named_alike(s: Sentence, known: Known, bare: Hit) -> bool:
    """Does the table's plan share a word with an upcoming fact, or the sentence name one's
    target? Then the engine links the two itself (``withdraw_moved_plans``)."""
    word = stem(normalize_name(bare.target.name))
    text = f" {normalize_name(s.text)} "
    return any(
        word in r.stems or f" {normalize_name(r.target)} " in text
        for r in known.ahead
        if normalize_name(r.source) == normalize_name(s.speaker or "")
    )
