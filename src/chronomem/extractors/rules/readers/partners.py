"""A partner told in two steps: who it is in one sentence, the tie in another.

- A new partner introduced before being named: "met someone new!! his name is Leo", "I'm
  seeing a guy from my gym, his name's Omar", "got a new girlfriend. her name is Ana". The
  first sentence says the speaker has someone (no name yet); a "his/her name is X" in the
  same or the next sentence of the episode names that person: the speaker is DATING X; so
  does a name set beside "someone" ("I'm seeing someone, Birkir, nothing serious") or
  opening the next sentence on its own ("I am seeing someone. Duarte, he is the vet").
- An engagement told by the proposal and "we": "Hollis proposed last night on the pier.
  We're engaged!", "We're engaged!! Hollis asked me on the beach", "Hollis proposed and I
  said yes". A person who proposed with no one else named as the one asked, and the
  speaker saying they are engaged (or said yes), in any order within the episode: the
  speaker is ENGAGED_TO that person. Either alone says nothing ("Tom finally proposed!" may
  be a friend's news).
- A partner who died: "since my husband Vernon passed in 2019", "my wife Jean died last
  spring": the tie told ends, on the day the death is told to have happened
  (``partner_deaths``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.model.slots import STEPS
from chronomem.text.words import english_words

_SOMEONE = re.compile(
    r"\b(?:met|found) (?:someone|somebody) new\b"
    # told alone, the news is a partner: "I meet someone." (a learner's present), "met someone!!"
    r"|\b(?:met|meet|found) (?:someone|somebody)(?=\s*(?:[.!]|$))"
    r"|\b(?:seeing|dating|started seeing|started dating) (?:someone|somebody|"
    r"a (?:new |cute |nice )?(?:guy|girl|woman|man))\b"
    r"|\b(?:got|have|has) a (?:new )?(?:boyfriend|girlfriend|bf|gf)\b(?! (?-i:[A-Z]))",
    re.I,
)
_NAMED = re.compile(
    r"\b(?:his|her|their) name(?:'s|\s+is)\s+(?P<name>(?-i:[A-Z][\w'-]+))"
    # or set beside the one introduced: "I'm seeing someone, Birkir, nothing serious"
    r"|\b(?:someone|somebody)(?: new)?,\s+(?P<beside>(?-i:[A-Z][\w'-]+))\b(?!\s+(?-i:[a-z]))"
    # or opening the next sentence on its own: "I'm seeing someone. Duarte, he is the vet"
    r"|^\W*(?P<opening>(?-i:[A-Z][\w'-]+))(?=\s*(?:[,.!:]|[-–—]\s|$))"
    # or called so: "seeing somebody, a nurse named Janelle"
    r"|\b(?:named|called)\s+(?P<called>(?-i:[A-Z][\w'-]+))"
)


# a third person as the subject of the clause before "seeing someone": their partner, not
# the speaker's ("he's already seeing somebody, a nurse named Janelle")
_THIRD_BEFORE = re.compile(
    r"\b(?:he|she|they)(?:'s|'re| is| are| was| has| have)?\b[^,.;!?]*$", re.I
)


# "Hollis proposed", "Hollis finally popped the question", "Hollis asked me to marry him"
# (to no one else: "proposed to his girlfriend" is another couple's news)
_PROPOSED = re.compile(
    r"(?P<name>(?-i:[A-Z][\w'-]+))\s+(?:(?:finally|just|actually|only|has|had)\s+)*"
    r"(?:proposed|popped the question|asked me to marry)(?!\s+to\s+(?!me\b|us\b))",
    re.I,
)
# the speaker proposed: "I proposed to Dana", "asked Dana last night, she said yes", "asked
# Dana to marry me"
_I_PROPOSED = re.compile(
    r"(?:\bI\s+|^\W*)(?:(?:finally|just|actually)\s+)*"
    r"(?:proposed\s+to\s+(?P<to>(?-i:[A-Z][\w'-]+))"
    r"|asked\s+(?P<asked>(?-i:[A-Z][\w'-]+))(?=\s+to\s+marry\s+me\b"
    r"|[^.!?]{0,60}?\b(?:she|he|they)\s+said\s+yes\b))",
    re.I,
)
# the speaker engaged to no one named: "we're engaged", "we got engaged", "I said yes"
_ENGAGED = re.compile(
    r"\b(?:we(?:'re| are)|we(?:'ve| have)? (?:just )?got|i(?:'m| am)|i (?:just )?got)"
    r"\s+(?:officially\s+|finally\s+|now\s+)?engaged\b(?!\s+to\b)|\bi said yes\b",
    re.I,
)


def partner_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The partners this sentence names in a second step: DATING from the speaker to the
    person a "his/her name is" names, when this sentence or the previous one of the episode
    introduced a new partner; ENGAGED_TO the person who proposed, when the speaker says
    they are engaged."""
    if s.speaker is None or s.assistant or s.question:
        return []
    engaged = _engagement(s, known, hits)
    return engaged + _named_partner(s, known, hits + engaged)


def _named_partner(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    assert s.speaker is not None
    someone = _SOMEONE.search(s.text)
    introduced = someone is not None and not _THIRD_BEFORE.search(s.text, 0, someone.start())
    if introduced:
        known.partner_to_name = s.speaker
    named = _NAMED.search(s.text)
    if named is None or known.partner_to_name != s.speaker:
        return []
    if named.group("opening") and (introduced or not _a_name(named.group("opening"), known)):
        return []  # "News: I'm seeing someone", "... Honestly, it's early": no name
    known.partner_to_name = None
    name = named.group("name") or named.group("beside") or named.group("opening")
    target = Party(name or named.group("called"), "Person")
    if any(h.relation == "DATING" and h.target.name == target.name for h in hits):
        return []
    me = Party(s.speaker, "Person", speaker=True)
    text = f"{s.speaker} is dating {target.name}"
    return [Hit("DATING", me, target, False, (0, len(s.text)), named.span(), text)]


def _a_name(word: str, known: Known) -> bool:
    """Is a capitalised word that opens a sentence a name: one met before, or a word the
    vocabulary lacks ("Duarte"; not "Honestly", "News")?"""
    return normalize_name(word) in known.names or word.lower() not in english_words()


def _engagement(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ENGAGED_TO the person who proposed, once both the proposal and the speaker's "we're
    engaged" are told in the episode (in either order)."""
    assert s.speaker is not None
    proposed = _PROPOSED.search(s.text)
    person = _name_at(s, proposed.start()) if proposed else None
    mine = _I_PROPOSED.search(s.text)
    if mine is not None:
        named = "to" if mine.group("to") else "asked"
        person = _name_at(s, mine.start(named))
        proposed = mine if person is not None else proposed
    if person is not None:
        known.proposer = person
    engaged = _ENGAGED.search(s.text)
    if engaged is not None:
        known.engaged_to_name = s.speaker
    where = engaged or proposed
    if where is None or known.proposer is None or known.engaged_to_name != s.speaker:
        return []
    target = Party(known.proposer, "Person")
    known.proposer = known.engaged_to_name = None
    if normalize_name(target.name) == normalize_name(s.speaker) or any(
        h.target.name == target.name for h in hits
    ):
        return []
    me = Party(s.speaker, "Person", speaker=True)
    text = f"{s.speaker} is engaged to {target.name}"
    return [Hit("ENGAGED_TO", me, target, False, (0, len(s.text)), where.span(), text)]


def _name_at(s: Sentence, start: int) -> str | None:
    """The name found at ``start``, of a person or of no other kind ("Finally proposed"
    opens on no name)."""
    for span in s.spans:
        if span.named and span.start == start and span.label in (None, "Person"):
            return span.name
    return None


# the partner named as the one who died, right before the verb
_DIED = re.compile(
    r"\s+(?:(?:has|had|sadly|suddenly)\s+)*(?:died|passed(?:\s+(?:away|on))?(?!\s+(?:the|a|an|"
    r"my|his|her|their|our|your|it|them|him|me|us)\b)|was\s+killed)\b",
    re.I,
)


def partner_deaths(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """A partner tie whose partner the sentence says died ("my husband Vernon passed in
    2019"): an ending, dated by the day the sentence gives. Returns the hits."""
    out = []
    for hit in hits:
        at = s.text.find(hit.target.name) if hit.relation in STEPS["partner"] else -1
        died = _DIED.match(s.text, at + len(hit.target.name)) if at >= 0 else None
        if died is None or hit.ending:
            out.append(hit)
            continue
        clause = s.clause_at(died.start())
        when = [t.when for t in s.times if died.end() <= t.start < clause[1]]
        day = when[0] if when and when[0] <= s.reference else s.reference
        out.append(replace(hit, ending=True, undated=False, spell=(None, day)))
    return out
