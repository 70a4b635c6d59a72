"""The learned reader's facts as the rule extractor's hits: the step ``extract_prose`` runs
after the rules, adding what they did not find.

A fact becomes a :class:`~chronomem.extractors.rules.found.Hit` when the reader is sure whose
it is (the speaker; on an assistant's turn, the user spoken to) and it is told as holding,
beginning, ending or corrected; a plan becomes ``HAS_PLAN``. Negations, hypotheticals, other
people's facts, questions and facts the rules already read give nothing. A replacement
("swapped my iphone for a pixel") also ends the old value it names.
"""

from __future__ import annotations

from collections.abc import Sequence

from chronomem.extractors.learned.reader import ReadFact
from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.cue.semantic import says_what_one_is
from chronomem.extractors.rules.cue.subjects import piece_subject
from chronomem.extractors.rules.readers.corrections import corrects

TOLD = frozenset({"state", "start", "end", "correction"})
# The least confidence (``ReadFact.confidence``) of a fact the step uses, chosen on the
# corpus's held-out split (``scripts/train_reader.py``: the gate table), not on a dev set.
MIN_CONFIDENCE = 0.5
_LABELS = {
    "LIVES_IN": "Location", "VISITED": "Location", "WORKS_AT": "Organization",
    "STUDIES_AT": "Organization", "MEMBER_OF": "Organization", "MARRIED_TO": "Person",
    "DATING": "Person", "ENGAGED_TO": "Person", "MANAGED_BY": "Person", "FRIEND_OF": "Person",
    "FAMILY_OF": "Person", "ROLE_HELD_BY": "Person", "HAS_PLAN": "Event",
}  # fmt: skip


def could_add(s: Sentence, hits: Sequence[Hit]) -> bool:
    """Could a fact the reader finds in ``s`` become a hit here? Only a named value (one
    the rules' hits in ``s`` do not already name) of the speaker's own (on an assistant's
    turn the rules' text is in the user's voice by now), in a sentence that asks nothing:
    what :func:`learned_hits` and :func:`_party` require, checked before reading. A
    correction ("wait I mean X") is the rules' to read: what X is depends on what it
    corrects, said before (the corrections reader has it; alone, X is no fact)."""
    if s.question or not s.speaks_as_self or corrects(s):
        return False
    told = {normalize_name(h.target.name) for h in hits}
    return any(span.named and normalize_name(span.name) not in told for span in s.spans)


def learned_hits(
    s: Sentence, read: Sequence[ReadFact], hits: Sequence[Hit], role: str, known: Known
) -> list[Hit]:
    """The hits of the reader's facts ``read`` in ``s`` that the rules' ``hits`` lack
    (``role``: who said the message the reader read, ``message.role_of``; ``known``: what
    earlier turns taught, for whom a clause is about)."""
    if s.question:
        return []
    out: list[Hit] = []
    for fact in read:
        subject = _subject(s, fact, role)
        if (
            subject is None
            or fact.aspect not in TOLD | {"plan"}
            or fact.confidence < MIN_CONFIDENCE
        ):
            continue
        if fact.aspect == "plan" and fact.relation != "HAS_PLAN":
            continue
        for hit in _fact_hits(s, fact, subject):
            if not _known_to_rules(hit, hits) and not _someone_elses(s, hit, known):
                out.append(hit)
    return out


def _someone_elses(s: Sentence, hit: Hit, known: Known) -> bool:
    """Do the rules read the value's clause as about another person ("my in-laws have made
    the move to X", "my brother's big move to X")? The reader's subject head reads whose
    fact it is less well than who the clause's subject is. A person as the value is the
    speaker's own when the clause is about the speaker's role ("my new manager is X")."""
    if hit.target.label == "Person":
        return False
    found = next((f for f in s.spans if f.start < hit.verb[1] and hit.verb[0] < f.end), None)
    subject = piece_subject(s, hit.clause, found, known) if found is not None else None
    return subject is not None and not subject[0].speaker


def _subject(s: Sentence, fact: ReadFact, role: str) -> Party | None:
    """The speaker's fact; on an assistant's message, the fact of the user it speaks to
    (the rules may have put the sentence in the user's voice: ``s.speaker`` is then the user)."""
    if role == "assistant":
        who = s.user if fact.subject == "addressee" else None
    else:
        who = s.speaker if fact.subject == "speaker" else None
    return Party(who, "Person", speaker=not s.assistant) if who else None


def _fact_hits(s: Sentence, fact: ReadFact, subject: Party) -> list[Hit]:
    start = fact.value[0]
    clause = next((c for c in s.clauses if c[0] <= start < c[1]), (0, len(s.text)))
    out = []
    target = _party(s, fact.value, fact.relation)
    if target is not None:
        ending = fact.aspect == "end"
        out.append(Hit(fact.relation, subject, target, ending, clause, fact.value))
    if fact.ends is not None and fact.aspect in ("start", "correction", "state"):
        old = _party(s, fact.ends, fact.relation)
        if old is not None:
            out.append(Hit(fact.relation, subject, old, True, clause, fact.ends))
    return out


def _party(s: Sentence, span: tuple[int, int], relation: str) -> Party | None:
    """The entity at ``span``: the rules' own named span there. A span the entity finder
    did not see as a name gives nothing: on the corpus's held-out split most of the
    tagger's wrong values were such words ("the", "bad", "kilo")."""
    for found in s.spans:
        if says_what_one_is(s.text, found.start):
            continue  # "I'm Eritrean": what one is, not where one lives
        if found.start < span[1] and span[0] < found.end and found.named:
            return Party(found.name, found.label or _LABELS.get(relation), True, False,
                         tuple(found.attributes.items()))  # fmt: skip
    return None


def _known_to_rules(hit: Hit, hits: Sequence[Hit]) -> bool:
    """Did a rule hit read this already: the same relation of the same subject, or the
    same value under any relation?"""
    target = normalize_name(hit.target.name)
    for rule in hits:
        same_target = normalize_name(rule.target.name) == target
        if same_target or (rule.relation == hit.relation and rule.ending == hit.ending):
            return True
    return False
