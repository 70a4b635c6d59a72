"""A job offered, then taken: "Accenture upped their offer and I took it", "Halvorsen
offered me the lead role and I said yes!", "got an offer from Vexa and accepted it".

An offer is news of a job that is not yet the speaker's, so the pattern table reads none
(an employer's offer names no job held). Its acceptance is the job's start: the employer
is the one that made the offer, told before the acceptance in the same sentence, and the
day is the one the sentence gives for the start ("I said yes, starting September 1":
``start_dates`` dates it), else when it was said. Nothing is taken that the speaker has
not taken: a refusal ("turned it down", "said no"), an acceptance only weighed ("not sure
I'll take it", "should I accept?", "if they offer me the job I'll take it"), or someone
else's ("Tom got an offer from Vexa and took it": the acceptance must be the speaker's,
"I" or a chat line's dropped subject).
"""

from __future__ import annotations

import re
from typing import Final

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.names import normalize_name

# the kind of offer told before the word: "a formal offer", "Pell's job offer"
_KIND: Final = r"(?:(?:job|formal|official|written|counter|final)\s*)?"
# a clause of the speaker's own, up to its verb: "and I", ", I've", "so" (a dropped subject)
_MY_CLAUSE: Final = r"(?:^|[,;:.!?]|\b(?:and|so|then))\s*(?:(?:I|I've|I\s+have)\s+)?"
# what only an employer makes, told after its name: "Vexa offered me", "Accenture upped
# their offer", "Halvorsen made me a formal offer"
_OFFERED: Final = re.compile(
    r"(?:\s+(?:finally|just|then|also|officially|actually))?\s+(?:offer(?:ed|s)?\s+(?:me|us)\b|"
    r"(?:made|upped|raised|sweetened|matched|sent|gave)\s+(?:me\s+|us\s+)?(?:an?|their|its|the|"
    rf"my|a\s+better|a\s+new)\s+{_KIND}offer\b(?!\s+(?:on|for)\b))",
    re.I,
)
# the offer told before the employer's name: "got an offer from Vexa", "the offer at Pell"
_OFFER_FROM: Final = re.compile(
    rf"\b(?:an?|the|their|that|this)\s+{_KIND}offer\s+(?:from|at|with)\s+$",
    re.I,
)
# an offer taken, told by the employer's name: "I accepted Canva's offer", "took Pell's offer"
_ITS_OFFER: Final = re.compile(rf"'s\s+{_KIND}offer\b")
_TAKEN_BEFORE: Final = re.compile(
    rf"{_MY_CLAUSE}(?:(?:just|finally|officially)\s+)?(?:accepted|took|signed)\s+$",
    re.I,
)
# who got the offer told before it: the speaker, or a chat line's dropped subject ("got an
# offer from Vexa"; not "Tom got an offer from Vexa")
_RECEIVED: Final = re.compile(
    r"(?:^|[,;:.!?]|\b(?:and|so|then|finally))\s*(?:(?:I|we)(?:'ve)?\s+)?(?:(?:just|finally|"
    r"actually|also)\s+)?(?:got|get|received|had|have|landed)\s+$",
    re.I,
)
# the speaker's yes: "I took it", "said yes", "accepted (it)", "signed the contract"
_ACCEPTED: Final = re.compile(
    r"\b(?:said\s+yes|took\s+(?:it|them\s+up\s+on\s+it|the\s+(?:offer|job|role|position))|"
    r"accepted|signed\s+(?:it|the\s+contract|on)|(?:I'm|I\s+am)\s+taking\s+it)\b",
    re.I,
)
# what the acceptance's own clause may have before its verb: the speaker or no subject (a
# job is one person's: "Zillow made an offer on the house and we took it" is a sale)
_MINE: Final = re.compile(
    _MY_CLAUSE
    + r"(?:(?:just|finally|happily|immediately|obviously|already|officially|of\s+course)\s+)*$",
    re.I,
)
# a yes that is not given: denied, weighed, wished or asked
_NOT_GIVEN: Final = re.compile(
    r"\b(?:not|never|no|didn't|did\s+not|won't|wouldn't|haven't|hasn't|if|would|should|might|"
    r"maybe|whether|thinking|considering|deciding|hope|hoping|wish)\b|n't\b",
    re.I,
)
# an offer only wished for or supposed
_WISHED: Final = re.compile(r"\b(?:if|unless|hope|hoping|wish|maybe|once)\b", re.I)
_NOT_EMPLOYERS: Final = frozenset({"Person", "Location", "Event", "Device", "Product", "Work"})


def offered_jobs(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """The job the speaker took, from an offer a named employer made told before the
    acceptance in the sentence (the sentence's hits come first; a job they read stands)."""
    if s.speaker is None or s.assistant or s.question or "offer" not in s.text.lower():
        return hits
    held = {normalize_name(h.target.name) for h in hits if h.relation == "WORKS_AT"}
    for span in s.spans:
        if span.label in _NOT_EMPLOYERS or normalize_name(span.name) in held:
            continue
        offer = _offer(s.text, span.start, span.end)
        if offer is None:
            continue
        accepted = _accepted(s.text, offer[1]) if offer[2] is None else offer[2]
        if accepted is None:
            continue
        if _WISHED.search(s.text[s.clause_at(offer[0])[0] : offer[0]]):
            continue  # "if Halvorsen offers me the job, I'll take it"
        me = Party(s.speaker, "Person", speaker=True)
        employer = Party(span.name, span.label or "Organization")
        text = f"{s.speaker} works at {span.name}"
        # the offer's dates ("made me an offer last week") are not the job's: it starts when
        # the speaker says (``start_dates``), else when told
        told = s.clause_at(accepted[0])
        job = Hit("WORKS_AT", me, employer, False, told, accepted, text, undated=True)
        return [*hits, job]
    return hits


def _offer(text: str, start: int, end: int) -> tuple[int, int, tuple[int, int] | None] | None:
    """The offer the name at ``start:end`` made (its span, and its acceptance when told with
    it: "accepted Canva's offer"), or ``None``."""
    after = _OFFERED.match(text, end)
    if after is not None:
        return start, after.end(), None
    taken = _TAKEN_BEFORE.search(text[:start])
    if taken is not None and _ITS_OFFER.match(text, end):
        return taken.start(), end, (taken.start(), start)
    before = _OFFER_FROM.search(text[:start])
    if before is None or _RECEIVED.search(text[: before.start()]) is None:
        return None
    return before.start(), end, None


def _accepted(text: str, offered: int) -> tuple[int, int] | None:
    """The speaker's own yes after the offer ending at ``offered``, or ``None``."""
    m = _ACCEPTED.search(text, offered)
    if m is None or _NOT_GIVEN.search(text, offered, m.end()):
        return None
    if _MINE.search(text[offered : m.start()]) is None:
        return None
    return m.span()
