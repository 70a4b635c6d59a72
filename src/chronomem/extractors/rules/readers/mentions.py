"""The named entities no stage used: the speaker MENTIONED them (a text: its first person is
RELATED_TO them)."""

from __future__ import annotations

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.readers.losses import ended_by_verb
from chronomem.extractors.rules.tables.moves import is_aside

MAX_MENTIONS_PER_SENTENCE = 3


def mention_hits(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """Named entities no pattern used: the speaker MENTIONED them (text: RELATED_TO).
    A sentence that told a fact is explained by it: no mentions besides, only the endings
    of names no pattern used ("dropped the Y and signed up at Brooklyn Boulders")."""
    if s.question:
        return []
    hits = [h for h in hits if not h.attribute and not is_aside(h)]
    told = bool(hits)
    used = {normalize_name(h.source.name) for h in hits} | {
        normalize_name(h.target.name) for h in hits
    }
    named = [sp for sp in s.spans if sp.named]
    if s.speaker:
        source = Party(s.speaker, "Person", speaker=True)
        relation = "MENTIONED"
    elif person := next((sp for sp in named if sp.label in (None, "Person")), None):
        # a text's mentions are its first (possible) person's ("The Berlin office hired Bob
        # Jones"): places told side by side are no fact of each other
        source = Party(person.name, person.label)
        named = [sp for sp in named if sp is not person]
        relation = "RELATED_TO"
    else:
        return []
    seen = {normalize_name(source.name)} | used
    out = []
    whole = (0, len(s.text))
    for span in named:
        key = normalize_name(span.name)
        if key in seen:
            continue
        seen.add(key)
        target = Party(span.name, span.label, True, False, tuple(span.attributes.items()))
        ended = ended_by_verb(s.text, span.start, span.end)  # "sold the civic"
        if not told:
            out.append(Hit(relation, source, target, ended, whole, whole))
        elif ended:  # its own clause: the ending's text must not carry the new value
            where = next((c for c in s.clauses if c[0] <= span.start < c[1]), whole)
            out.append(Hit(relation, source, target, ended, where, where))
    return out[:MAX_MENTIONS_PER_SENTENCE]
