"""Upcoming events told in passing, beyond the calendar nouns of ``PLAN_HEADS``.

A plan is an event with a date ahead. Three ways chat tells one that the pattern table
does not read:

* tickets: "got tickets to see Wet Leg on the 9th", "bought tickets for the Ibsen play next
  Friday" (the plan is what the tickets are for);
* a progressive of a life event with a date ahead and nothing else told: "we're getting
  married on October 4th", "graduating on the 21st", "I'm running the Berlin half on
  Sunday", "Dad is retiring in June" (not a state or a wish: "I'm feeling better tomorrow",
  "I'm thinking about Friday", "going to" + a verb);
* an assistant's turn that tells the user's event: "You have your driving test on Thursday
  at 2pm", "Best of luck at the 10k in Ghent on Saturday".

Each needs a date ahead in the same clause, so "got tickets" or "I'm graduating" alone give
nothing. The engine keeps the plan upcoming until its day, and ``ahead.py`` reads a later
reschedule or cancellation of it.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.found import Hit, Party, Sentence
from chronomem.extractors.rules.lexicon import (
    CONJUNCTIONS,
    OBJECT_STOPS,
    PREPOSITIONS,
    TIME_WORDS,
    word_set,
)

_STOPS = PREPOSITIONS | CONJUNCTIONS | OBJECT_STOPS | TIME_WORDS | word_set("next this last coming")
_TICKETS = re.compile(
    r"\b(?:got|bought|scored|snagged|grabbed|booked|have|has|picked up)\s+(?:(?:the|some|two|"
    r"2|\w+)\s+)?tickets?\s+(?:to|for)\s+(?:go\s+)?(?:see\s+|watch\s+)?(?:the\s+)?"
    r"(?P<obj>[\w'&.-]+(?:\s+[\w'&.-]+){0,3})",
    re.I,
)
# a progressive after its subject, or opening a chat line ("graduating on the 21st")
_PROGRESSIVE = re.compile(
    r"(?:^\W*|\b(?:I'm|I am|we're|we are|(?-i:[A-Z][a-z]+)(?:'s|\s+is)|(?:my|our)\s+[a-z]+"
    r"(?:'s|\s+is|\s+are))\s+(?:also\s+|finally\s+|officially\s+|actually\s+)?)"
    r"(?P<verb>[a-z]{3,}ing)\b(?P<rest>[^,.;!?]{0,60})",
    re.I,
)
# progressives that tell a state, a thought or a trip already read elsewhere, not an event
_NOT_EVENTS = word_set(
    "going doing feeling thinking trying looking hoping planning wondering working staying "
    "waiting dreading getting having taking being living loving liking enjoying struggling "
    "sleeping eating drinking coming bringing telling asking saying reading watching "
    "wearing using playing listening talking texting calling freaking stressing panicking "
    "kidding joking considering debating leaning starting moving relocating meeting seeing "
    "visiting hosting throwing flying heading"
)
# "getting married" is an event; "getting" alone is acquiring
_GETTING = re.compile(r"getting\s+(?P<what>married|engaged|hitched|divorced|bapti[sz]ed)\b", re.I)
_ADDRESSED = re.compile(
    r"\b(?:I(?:'ve|\s+have)\s+(?:got\s+)?|I'm on\s+|(?:good|best of) luck"
    r"\s+(?:at|with|in|on|for)\s+|enjoy\s+)(?:my|the|a|an)\s+(?P<obj>[\w':-]+(?:\s+[\w'-]+){0,3})",
    re.I,
)


def upcoming_events(s: Sentence, hits: list[Hit], *, from_assistant: bool = False) -> list[Hit]:
    """The sentence's hits, with its event with a date ahead when nothing else was read in
    it (tickets owned are the event they are for). ``from_assistant``: an assistant's turn,
    read in the user's voice (``voice.py``), where "good luck at the 10k on Saturday" is the
    user's plan too."""
    tickets = [h for h in hits if h.relation == "OWNS" and h.target.name.lower() in _TICKET]
    if s.speaker is None or s.question or len(tickets) != len(hits):
        return hits
    me = Party(s.speaker, "Person", speaker=True)
    if from_assistant:
        return _addressed(s, me) or hits
    m = _TICKETS.search(s.text)
    if m is not None and _ahead(s, m.start(), m.end()):
        what = _head(m.group("obj"), keep_case=True)
        if what:
            target = Party(what, "Event", named=what[:1].isupper())
            return [Hit("HAS_PLAN", me, target, False, (0, len(s.text)), m.span())]
    return _progressive(s, me) or hits


_TICKET = frozenset({"ticket", "tickets"})


def _progressive(s: Sentence, me: Party) -> list[Hit]:
    for m in _PROGRESSIVE.finditer(s.text):
        verb = m.group("verb").lower()
        getting = _GETTING.match(s.text, m.start("verb"))
        if verb in _NOT_EVENTS and getting is None:
            continue
        if not _ahead(s, m.start("verb"), m.end()):
            continue
        if getting is not None:
            plan = f"getting {getting.group('what').lower()}"
        else:
            rest = _head(m.group("rest"), keep_case=False, skip_articles=True)
            plan = f"{verb} {rest}".strip()
        subject = _subject(s, m, me)
        if subject is None:
            continue
        target = Party(plan, "Event", named=False)
        return [Hit("HAS_PLAN", subject, target, False, (0, len(s.text)), m.span("verb"))]
    return []


def _subject(s: Sentence, m: re.Match[str], me: Party) -> Party | None:
    lead = s.text[m.start() : m.start("verb")].strip().lower()
    if not lead or lead.startswith(("i'm", "i am", "we")):
        return me
    name = re.match(r"([A-Z][a-z]+)(?:'s|\s+is)\b", s.text[m.start() : m.start("verb")].strip())
    if name is not None and name.group(1).lower() not in _STOPS:
        return Party(name.group(1), "Person")
    return None  # "my sister is getting married": ``kinship``'s roles, not read here


def _addressed(s: Sentence, user: Party) -> list[Hit]:
    """An assistant's "You have your driving test on Thursday", read in the user's voice
    ("I have my driving test on Thursday"): the user's plan."""
    for m in _ADDRESSED.finditer(s.text):
        if not _ahead(s, m.start(), m.end()):
            continue
        what = _head(m.group("obj"), keep_case=True)
        if what and what.lower() not in _VAGUE:
            target = Party(what, "Event", named=False)
            return [Hit("HAS_PLAN", user, target, False, (0, len(s.text)), m.span())]
    return []


_VAGUE = word_set("day time week weekend evening morning night trip one thing stuff rest")


def _ahead(s: Sentence, start: int, end: int) -> bool:
    """A date ahead in the clause of ``s.text[start:end]`` (after it, or just before it)."""
    clause = next((c for c in s.clauses if c[0] <= start < c[1]), (0, len(s.text)))
    return any(
        t.when > s.reference and clause[0] <= t.start < max(clause[1], end + 40) for t in s.times
    )


def _head(phrase: str, *, keep_case: bool, skip_articles: bool = False) -> str:
    """The words of ``phrase`` up to the first preposition, conjunction or time word."""
    words: list[str] = []
    for w in phrase.split():
        bare = w.strip("!?.,;:'\"()").lower()
        if skip_articles and not words and bare in ("the", "a", "an", "my", "our"):
            continue
        if not bare or bare in _STOPS or (bare[:1].isdigit() and words):
            break
        words.append(w.strip('!?.,;:"()') if keep_case else bare)
        if len(words) == 3:
            break
    return " ".join(words)
