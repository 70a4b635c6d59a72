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
nothing. The engine keeps the plan upcoming until its day, and ``plans_moved.py`` and
``plans_ended.py`` read a later reschedule or cancellation of it.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.gender import pronoun_gender
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.subjects import PERSON_ROLES, canonical_role, role_party
from chronomem.extractors.rules.tables.lexicon import (
    CONJUNCTIONS,
    OBJECT_STOPS,
    PREPOSITIONS,
    TIME_WORDS,
)
from chronomem.extractors.rules.tables.life_words import APPOINTMENT_ROLES
from chronomem.text.time_words import PLAN_HEADS
from chronomem.text.words import alternatives, word_set

_STOPS = PREPOSITIONS | CONJUNCTIONS | OBJECT_STOPS | TIME_WORDS | word_set("next this last coming")
_TICKETS = re.compile(
    r"\b(?:got|bought|scored|snagged|grabbed|booked|have|has|picked up)\s+(?:(?:the|some|two|"
    r"2|\w+)\s+)?tickets?\s+(?:to|for)\s+(?:go\s+)?(?:see\s+|watch\s+)?(?:the\s+)?"
    r"(?P<obj>[\w'&.-]+(?:\s+[\w'&.-]+){0,3})",
    re.I,
)
# a progressive after its subject, or opening a chat line ("graduating on the 21st")
_PROGRESSIVE = re.compile(
    r"(?:^\W*|\b(?:I'm|I am|we're|we are|(?P<who>(?:(?:my|our)\s+(?P<role>[a-z]+)\s+)?"
    r"(?P<name>(?-i:[A-Z][a-z]+))?|(?:my|our)\s+(?P<bare>[a-z]+)|(?-i:[Hh]e|[Ss]he))(?:'s|\s+is"
    r"|\s+are))\s+(?:also\s+|finally\s+|officially\s+|actually\s+)?)"
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


def upcoming_events(
    s: Sentence, known: Known, hits: list[Hit], *, from_assistant: bool = False
) -> list[Hit]:
    """The sentence's hits, with its event with a date ahead when nothing else was read in
    it (tickets owned are the event they are for; a tie told in passing, "my sister Amal",
    is no reading of the sentence). ``from_assistant``: an assistant's turn, read in the
    user's voice (``voice.py``), where "good luck at the 10k on Saturday" is the user's
    plan too."""
    tickets = [h for h in hits if h.relation == "OWNS" and h.target.name.lower() in _TICKET]
    passing = [h for h in hits if h.undated and not h.ending]
    if s.speaker is None or s.question or len(tickets) + len(passing) != len(hits):
        return hits
    if s.assistant:
        return hits  # an assistant's turn with no user to speak for
    me = Party(s.speaker, "Person", speaker=True)
    if from_assistant:
        return hits + (_addressed(s, me) or _reminded(s, me))
    m = _TICKETS.search(s.text)
    what = _head(m.group("obj"), keep_case=True) if m and _ahead(s, m.start(), m.end()) else ""
    if m is not None and what:
        target = Party(what, "Event", named=what[:1].isupper())
        plan = Hit("HAS_PLAN", me, target, False, (0, len(s.text)), m.span())
        return [*(h for h in hits if h not in tickets), plan]
    return hits + (_progressive(s, me, known) or _scheduled(s, me, known) or _reminded(s, me))


# "remind me about the vet on thursday", an assistant's "I'll remind you about Biscuit's vet
# appointment on Thursday" (read in the user's voice: "remind me about ...")
_REMIND = re.compile(
    r"\bremind\s+(?:me|you)\s+(?:about|of)\s+(?:(?:my|the|a|an|your|(?-i:[A-Z][a-z]+)'s)\s+)?"
    r"(?P<obj>[\w'-]+(?:\s+[\w'-]+){0,3})",
    re.I,
)


def _reminded(s: Sentence, me: Party) -> list[Hit]:
    """A reminder asked for or promised, with a date ahead: the user's plan."""
    m = _REMIND.search(s.text)
    if m is None or not _ahead(s, m.start(), m.end()):
        return []
    what = _head(m.group("obj"), keep_case=True)
    if not what or what.lower() in _VAGUE or what.lower() in ("it", "that", "this"):
        return []
    return [
        Hit("HAS_PLAN", me, Party(what, "Event", named=False), False, (0, len(s.text)), m.span())
    ]


# "my MOT is on Friday", "the closing's set for the 12th", "Idris's hearing is next Tuesday"
_IS_ON = re.compile(
    r"(?:\b(?P<owner>my|our|the|his|her|(?-i:[A-Z][a-z]+)'s)\s+|^\W*)(?P<obj>(?:[\w-]+\s+){0,2}?"
    r"[\w-]+)\s*(?:\s(?:is|are)|'s)\s+(?:(?:scheduled|set|booked|planned|happening|now|due)"
    r"\s+(?:for\s+)?)?(?:on\s+)?$",
    re.I,
)
# the event's noun with words of its own before its verb: "Your public defence of the
# doctoral thesis 'Lichens' is scheduled for Friday 12 June" (a verb of arranging only)
_ARRANGED_OF = re.compile(
    r"\b(?P<owner>my|our|the|his|her|(?-i:[A-Z][a-z]+)'s)\s+(?P<obj>(?:[\w-]+\s+){0,2}?[\w-]+)"
    r"\s+(?:of|for|with|at|in)\s+[^.!?;]{1,100}?\s(?:is|are|has been|have been)\s+"
    r"(?:scheduled|set|booked|planned|fixed|arranged)\s+(?:for\s+)?(?:on\s+)?$",
    re.I,
)
# "I have a root canal on Monday", "we've got a 5k Saturday", "got my MOT friday"
_HAVE_A = re.compile(
    r"(?:\b(?:I|we)(?:\s+have|'ve\s+got|\s+have\s+got|\s+got)|^\W*(?:have|got))\s+"
    r"(?P<owner>a|an|my|our|the)\s+(?P<obj>(?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:on\s+|at\s+)?$",
    re.I,
)
# "graduation in dec", "dentist on the 20th at 3", "my scan with Dr Osei next week": an
# event noun (or the person one has an appointment with) jotted right before its date
_EVENTS = alternatives(PLAN_HEADS | APPOINTMENT_ROLES)
_JOTTED = re.compile(
    r"(?:\b(?P<owner>my|our|the|his|her|(?-i:[A-Z][a-z]+)'s)\s+|^\W*|[,;:!?]\s*)"
    rf"(?P<obj>(?:[\w-]+\s+){{0,2}}?(?:{_EVENTS}))"
    r"(?:\s+(?:at|with|w/)\s+(?:the\s+)?(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*){0,2})?"
    r"\s*$",
    re.I,
)
_NOT_PLANS = word_set(
    "lot lots bunch ton tons few couple feeling idea question problem thing stuff time day "
    "week weekend month year morning night evening plan plans way chance shot feeling rest "
    "birthday bday anniversary"
)


def _scheduled(s: Sentence, me: Party, known: Known) -> list[Hit]:
    """An event named by its noun, dated ahead by the words right after it."""
    for t in s.times:
        if t.when <= s.reference:
            continue
        before = s.text[max(0, t.start - 60) : t.start]
        m = _IS_ON.search(before) or _HAVE_A.search(before) or _JOTTED.search(before)
        if m is None:
            before = s.text[max(0, t.start - 160) : t.start]
            m = _ARRANGED_OF.search(before)
        if m is None:
            continue
        what = _head(m.group("obj"), keep_case=True, skip_articles=True)
        if not what or what.split()[-1].lower() in _NOT_PLANS or what.lower() in _STOPS:
            continue
        if what.split()[-1].lower() in APPOINTMENT_ROLES:
            what = f"{what} appointment"  # "dentist on the 8th": the appointment
        owner = _owner(m.group("owner"), me, known)
        if owner is not None:
            plan = Party(what, "Event", named=False)
            start = t.start - len(before) + m.start()
            return [Hit("HAS_PLAN", owner, plan, False, (0, len(s.text)), (start, t.start))]
    return []


def _owner(word: str | None, me: Party, known: Known) -> Party | None:
    low = (word or "my").lower()
    if word is None or low in ("my", "our", "the", "a", "an"):
        return me
    if low in ("his", "her"):
        name = known.antecedent(pronoun_gender("he" if low == "his" else "she"))
        return Party(name, "Person") if name else None
    return Party(word[:-2], "Person")  # "Idris's"


_TICKET = frozenset({"ticket", "tickets"})


def _progressive(s: Sentence, me: Party, known: Known) -> list[Hit]:
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
        subject = _subject(s, m, me, known)
        if subject is None:
            continue
        target = Party(plan, "Event", named=False)
        return [Hit("HAS_PLAN", subject, target, False, (0, len(s.text)), m.span("verb"))]
    return []


def _subject(s: Sentence, m: re.Match[str], me: Party, known: Known) -> Party | None:
    """Who the event is of: the speaker, a name ("my sister Amal", "Amal"), a role ("my
    sister" -> the sister named before, else "Farida's sister"), "he"/"she"."""
    lead = s.text[m.start() : m.start("verb")].strip().lower()
    if not lead or lead.startswith(("i'm", "i am", "we")):
        return me
    if m.group("name") and m.group("name").lower() not in _STOPS:
        return Party(m.group("name"), "Person")
    role = m.group("bare") or (m.group("role") if not m.group("name") else None)
    if role and role.lower() in PERSON_ROLES:
        return role_party(s.speaker or "", canonical_role(role), known)
    if lead.startswith(("he", "she")):
        name = known.antecedent(pronoun_gender(lead.split()[0].rstrip("'s")))
        return Party(name, "Person") if name else None
    return None


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
    clause = s.clause_at(start)
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
