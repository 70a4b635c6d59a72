"""A value the speaker reports having said, taken back in the same breath: "I said I drive a
Skoda but it's actually a Volvo", "I told you I work at Shell but it's TotalEnergies", "I
said I learn German, but is Dutch", "I said I prefer morning flights but it's evening ones".

What follows "I said" / "I told you" is what was said, not what holds. When the sentence
goes on "but it's (actually) Y", the value a stage read in the reported words is taken back
(it never held: retracted from when it was told, or from now when it was told only here) and
Y holds in its place, in the same relation of the same subject; when Y is a person ("I said
I am vegetarian but is my wife") the value was never the speaker's, and only the retraction
is read. Without the "but" nothing is changed ("I told you I work at Shell": a reminder).
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.subjects import PERSON_ROLES
from chronomem.extractors.rules.readers.retractions import corrected_text
from chronomem.model.relations import GENERIC_RELATIONS

_SAID = re.compile(
    r"\bI\s+(?:(?:just|already|earlier|previously)\s+)?(?:said|told you|wrote|mentioned|"
    r"was say|say|put down)\b(?:\s+(?:earlier|before|yesterday|that))*",
    re.I,
)
# "..., but it's actually Y", "but is Y", "but she's at Y"
_BUT_IS = re.compile(
    r",?\s+but\s+(?:(?:it|that|this|he|she|they)\s*(?:'s|'re|\s+is|\s+are|\s+was)|it's|its|is)"
    r"\s+(?:(?:actually|really|in fact|in reality)\s+)?(?:(?:at|in|on|with)\s+)?",
    re.I,
)
_ARTICLE = re.compile(r"(?:(?:a|an|the|my|our)\s+)?", re.I)
# a value in words: up to three, to the first word that leads elsewhere ("evening ones I like")
_WORDS = re.compile(
    r"(?!(?:I|it|that|this|not|no|just|so|because|and|but|which|too|also)\b)"
    r"(?-i:[^\W\d_A-Z][\w'-]*)(?: (?!(?:I|and|but|so|because|which|that|like|too|now)\b)"
    r"(?-i:[^\W\d_A-Z][\w'-]*)){0,2}",
    re.I,
)


def reported_corrections(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """``hits`` with the value read in the reported words taken back and the value after
    "but it's" in its place."""
    said = _SAID.search(s.text)
    but = _BUT_IS.search(s.text, said.end()) if said else None
    if said is None or but is None or s.question or s.assistant:
        return hits
    reported = [
        h
        for h in hits
        if not h.ending
        and h.relation not in GENERIC_RELATIONS
        and said.end() <= h.verb[0] < but.start()
    ]
    right = _value_at(s, _ARTICLE.match(s.text, but.end()).end())  # type: ignore[union-attr]
    if not reported or right is None:
        return hits
    told = reported[0]
    if normalize_name(right.name) == normalize_name(told.target.name):
        return hits
    someone = right.name.split()[-1].lower() in PERSON_ROLES  # "... but is my wife"
    if told.target.named != right.named and not someone:
        return hits  # "I said I work at Shell but it's a long commute": no value of its kind
    key = (normalize_name(told.source.name), told.relation, normalize_name(told.target.name))
    start = known.starts.get(key, s.reference)  # retracted: it never held
    span = (said.start(), but.end())
    ended = Hit(told.relation, told.source, told.target, True, told.clause, span, retracts=start)
    out = [*(h for h in hits if h is not told), ended]
    if someone:  # "I said I am vegetarian but is my wife": it was never the speaker's
        return out
    text = corrected_text(told.source.name, told.relation, right.name)
    return [*out, Hit(told.relation, told.source, right, False, told.clause, span, text)]


def _value_at(s: Sentence, at: int) -> Party | None:
    """The value told at ``at``: a name the entity finder found there, or a few words."""
    span = next((sp for sp in s.spans if sp.start == at), None)
    if span is not None:
        return Party(span.name, span.label, span.named, False, tuple(span.attributes.items()))
    words = _WORDS.match(s.text, at)
    return Party(words.group(), None, named=False) if words and words.group() else None
