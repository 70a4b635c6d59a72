"""A new partner introduced before being named: "met someone new!! his name is Leo",
"I'm seeing a guy from my gym, his name's Omar", "got a new girlfriend. her name is Ana".

The first sentence says the speaker has someone (no name yet); a "his/her name is X" in the
same or the next sentence of the episode names that person: the speaker is DATING X.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known

_SOMEONE = re.compile(
    r"\b(?:met|found) (?:someone|somebody) new\b"
    r"|\b(?:seeing|dating|started seeing|started dating) (?:someone|somebody|"
    r"a (?:new |cute |nice )?(?:guy|girl|woman|man))\b"
    r"|\b(?:got|have|has) a (?:new )?(?:boyfriend|girlfriend|bf|gf)\b(?! (?-i:[A-Z]))",
    re.I,
)
_NAMED = re.compile(r"\b(?:his|her|their) name(?:'s|\s+is)\s+(?P<name>(?-i:[A-Z][\w'-]+))")


def partner_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """DATING from the speaker to the person a "his/her name is" names, when this sentence
    or the previous one of the episode introduced a new partner."""
    if s.speaker is None or s.assistant or s.question:
        return []
    if _SOMEONE.search(s.text):
        known.partner_to_name = s.speaker
    named = _NAMED.search(s.text)
    if named is None or known.partner_to_name != s.speaker:
        return []
    known.partner_to_name = None
    target = Party(named.group("name"), "Person")
    if any(h.relation == "DATING" and h.target.name == target.name for h in hits):
        return []
    me = Party(s.speaker, "Person", speaker=True)
    text = f"{s.speaker} is dating {target.name}"
    return [Hit("DATING", me, target, False, (0, len(s.text)), named.span(), text)]
