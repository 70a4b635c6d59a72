"""A job offer taken: the employer named beside the offer, the taking said after it.

"Accenture upped their offer and I took it", "Stripe made me an offer, I accepted",
"I accepted Figma's offer": the speaker now WORKS_AT the company that made the offer. The
offer and its taking may sit in two clauses of one sentence, which the pattern table
(one clause at a time) cannot join. An offer turned down ("I turned it down", "declined")
or an offer on a house or a car is no job.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence

_TAKEN = re.compile(
    r"\b(?:I|we)\s+(?:finally\s+|just\s+|happily\s+)?(?:took|accepted|signed|said yes to)"
    r"\s+(?:it|the offer|that offer|their offer|its offer|them up on it)\b"
    r"|\b(?:I\s+)?(?:accepted|took|signed)\s+(?P<owner>[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)?)'s"
    r"\s+(?:job\s+)?offer\b"
)
_OFFER = re.compile(r"\boffer(?:ed)?\b", re.I)
_NOT_A_JOB = re.compile(
    r"\b(?:house|home|flat|apartment|condo|car|truck|bike|price|rent|deal|sofa|couch)\b", re.I
)


def offer_hits(s: Sentence, found: list[Hit]) -> list[Hit]:
    """WORKS_AT the company whose offer the speaker took, if the sentence tells one."""
    if not s.speaker or s.assistant or s.question or "offer" not in s.text.lower():
        return []
    if _NOT_A_JOB.search(s.text):
        return []
    if any(h.relation == "WORKS_AT" for h in found):
        return []
    taken = _TAKEN.search(s.text)
    if taken is None:
        return []
    offer = _OFFER.search(s.text)
    if taken.group("owner"):
        company = next((sp for sp in s.spans if sp.start == taken.start("owner")), None)
    elif offer is not None and offer.start() < taken.start():
        named = [sp for sp in s.spans if sp.named and sp.end <= offer.start()]
        company = named[-1] if named else None  # the name nearest before "offer"
    else:
        company = None
    if company is None or company.label in ("Person", "Location", "Event"):
        return []
    me = Party(s.speaker, "Person", speaker=True)
    target = Party(company.name, company.label or "Organization", True)
    clause = s.clause_at(company.start)
    text = f"{s.speaker} took a job at {company.name}"
    return [Hit("WORKS_AT", me, target, False, clause, taken.span(), text)]
