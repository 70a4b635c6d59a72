"""The named entities no stage used: the speaker MENTIONED them (a text: its first person is
RELATED_TO them).

Which relation such a name is a value of, if any, the learned reader's heads say: the names
``mentioned`` here are read by ``Reader.read`` as values too (``names``), whether its
tagger tagged them or not, and a confident reading becomes a typed fact in place of the
open mention (``rules/learned_join.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chronomem.extractors.rules.analysis.antecedents import PRONOUN
from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.gender import pronoun_gender
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.readers.losses import ended_by_verb, ended_by_whom
from chronomem.extractors.rules.tables.lexicon import TIME_MARK_BEFORE
from chronomem.extractors.rules.tables.moves import is_aside
from chronomem.text.past_states import RELATIVE, state_told_by_tense, told_as_stint

MAX_MENTIONS_PER_SENTENCE = 3


@dataclass(frozen=True, slots=True)
class Mentioned:
    """A name of a sentence no stage used, as the sentence mentions it: by ``source``
    under ``relation``; ``ended``: a verb of ending governs it ("sold the civic");
    ``clause``: the stretch of the sentence its mention quotes."""

    span: Span
    source: Party
    relation: str
    ended: bool
    clause: tuple[int, int]


def mentioned(s: Sentence, hits: list[Hit]) -> list[Mentioned]:
    """The names of ``s`` no pattern used that the sentence mentions (at most
    ``MAX_MENTIONS_PER_SENTENCE``), beside the facts it told too: "Meera and I finally
    fixed the date! wedding is 14 February" names Meera in no fact, and a check on Meera
    finds her only in the mention (a sentence that told a fact had no mentions until round
    51: 7,415 -> 7,479 open checks, 1,420 -> 1,438 blind, bench/RESULTS.md). A name
    a fact used in a longer form ("the Yamaha" of a held "Yamaha MT-07") and a name inside a
    time expression ("after Makha Bucha") are no mentions."""
    if s.question:
        return []
    hits = [h for h in hits if not h.attribute and not is_aside(h)]
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
    ends = {  # "sold the civic"; "In Turin I never lived": no tie to it holds
        id(sp): ended_by_verb(s.text, sp.start, sp.end, person=sp.label == "Person")
        or _denied(s, sp)
        for sp in named
    }
    enders = {id(sp): _ender(s, sp, source) if ends[id(sp)] else source for sp in named}
    # "Phil gave Thor away": Phil is whose tie ends, told by that ending (one statement,
    # one fact), not a tie that ends nor one the speaker mentions besides
    seen |= {normalize_name(p.name) for p in enders.values() if p is not source}
    gone = {s.clause_at(sp.start) for sp in named if ends[id(sp)]}
    # a clause that told a third person's fact, with no word of the speaker's in it ("She
    # loves the Hollow Bakery on Leith Walk", she being Noor): its other names are Noor's
    theirs = {
        clause: h.source
        for h in hits
        if not h.source.speaker
        and h.source.label in (None, "Person")
        and not _SPEAKERS.search(s.text, *(clause := s.clause_at(h.clause[0])))
    }
    for span in named:
        key = normalize_name(span.name)
        if key in seen or _named_in(key, used) or _in_time(s, span):
            continue
        seen.add(key)
        ended, ender = ends[id(span)], enders[id(span)]
        if not ended and s.speaker:
            ender = _subject_of(s, span, source)
            if ender is source:
                ender = theirs.get(s.clause_at(span.start), source)
        if not ended and span.label != "Person" and _went_to(s, span, gone):
            continue
        # an ending: its own clause, whose text must not carry the new value
        clause = s.clause_at(span.start) if ended else (0, len(s.text))
        out.append(Mentioned(span, ender, relation, ended, clause))
    return out[:MAX_MENTIONS_PER_SENTENCE]


def _in_time(s: Sentence, span: Span) -> bool:
    """Is ``span`` a day: part of a time expression ("since Easter"), or named right after
    "after", "since", "until" ("after Makha Bucha")?"""
    if TIME_MARK_BEFORE.search(s.text, max(0, span.start - 16), span.start):
        return True
    return any(t.start <= span.start and span.end <= t.end for t in s.times)


def _named_in(key: str, used: set[str]) -> bool:
    """Is ``key`` a name a fact used, alone or as whole words of a longer name ("yamaha" of
    "yamaha mt-07")?"""
    return key in used or any(re.search(rf"(?<!\w){re.escape(key)}(?!\w)", u) for u in used)


_MOVED_FROM = re.compile(r"\b(?:moved|moving|relocated)\b[^.!?]{0,40}?\bfrom\b", re.I)
# where a thing went, told after "to" or "from" ("to a bloke from Coolgardie")
_TO_FROM = re.compile(r"\b(?:to|from)\s+(?:[\w'-]+\s+){0,3}$", re.I)


def _went_to(s: Sentence, span: Span, gone: set[tuple[int, int]]) -> bool:
    """Is ``span`` where a thing the clause ends went ("flogged the old LandCruiser to a bloke
    from Coolgardie")? No tie of the speaker's; a name told beside the ending is its
    replacement ("old DAF finally retired, firm gave me a new Scania") and stays."""
    clause = s.clause_at(span.start)
    near = max(clause[0], span.start - 40)
    if _MOVED_FROM.search(s.text, clause[0], span.start):
        return False  # "moved from Saint-Pierre up to Saint-Denis": the new home
    return clause in gone and _TO_FROM.search(s.text, near, span.start) is not None


# a clause that denies its verb outright: "never", or a past auxiliary's "not" ("I never
# lived in Turin", "we didn't move to Leeds in the end"), not "not sure", "not cheap", "never
# been happier", nor a present "don't" ("don't worry", "don't ask")
_DENIES = re.compile(
    r"\b(?:never|(?:did|have|has|had)(?:\s+not|n't))\s+"
    r"(?!again\b|(?:been|felt|looked)\s+\w+er\b"
    # a visit denied ("haven't been to Paris in years") ties nothing; an ending denied ("I
    # didn't quit Fernhill") keeps the tie
    r"|been\s+(?:to|back)\b|gone\s+(?:to|back)\b|visit|seen\b|"
    r"(?:quit|left|leave|sold|sell|cancel|stop|broke|break|split|divorc|retir|resign|drop|"
    r"lost|lose|gave|give|moved\s+out|move\s+out|fired|sack))\w",
    re.I,
)


_NEAR = 24  # how far before the name the denial stands: its own verb (run-on chat has no commas)
# a name told first, then its clause's subject: only a pronoun stands before the denial
_PRONOUN_THEN = re.compile(r"\s*,?\s*(?:I|we|he|she|they)\s+", re.I)


def _denied(s: Sentence, span: Span) -> bool:
    """Is the name beside a denied verb in its clause ("I never lived in Turin")?"""
    start, end = s.clause_at(span.start)
    if _DENIES.search(s.text, max(start, span.start - _NEAR), span.start):
        return True  # "we didn't move to Leeds"
    after = _PRONOUN_THEN.match(s.text, span.end, end)  # "In Turin I never lived"
    return after is not None and _DENIES.match(s.text, after.end(), end) is not None


# the speaker's own words: a clause holding one is (also) the speaker's
_SPEAKER_WORDS = r"I|me|my|we|us|our"
_SPEAKERS = re.compile(rf"\b(?:{_SPEAKER_WORDS})\b", re.I)
# words that tell of another's telling: a name after them is what was said, not the teller's
_TELLING_WORDS = r"told|asked|said"
# between a clause's subject and its object: no word of the speaker's, nor one that joins
# another to it ("Morag is moving to Thurso", not "Morag and I moved to Thurso", "Morag told
# me about Thurso")
_MINE = re.compile(rf"\b(?:{_SPEAKER_WORDS}|and|with|{_TELLING_WORDS})\b", re.I)


def _subject_of(s: Sentence, span: Span, source: Party) -> Party:
    """Whose news a name is: the person named last before it in its clause, as its subject
    ("my cousin Ayesha spent the weekend at Whitby Abbey", "... hired Tobenna": Ayesha's),
    else ``source`` (the speaker)."""
    start, _ = s.clause_at(span.start)
    people = [
        sp
        for sp in s.spans
        if sp.named and sp.label == "Person" and start <= sp.start and sp.end <= span.start
    ]
    if not people:
        return source
    person = people[-1]
    if normalize_name(person.name) == normalize_name(source.name):
        return source
    if _MINE.search(s.text, person.end, span.start):
        return source
    return Party(person.name, "Person")


def _ender(s: Sentence, span: Span, source: Party) -> Party:
    """Whose tie a verb of ending ends: the person named as its subject ("Phil gave Thor to
    his brother's farm": Phil's dog), else ``source`` (the speaker: "sold the civic")."""
    people = [sp for sp in s.spans if sp.named and sp.label in (None, "Person") and sp is not span]
    i = ended_by_whom(s.text, span.start, [sp.end for sp in people])
    if i is None or normalize_name(people[i].name) == normalize_name(source.name):
        return source
    return Party(people[i].name, "Person")


def mentioned_spans(s: Sentence, hits: list[Hit]) -> list[tuple[int, int]]:
    """Where the names ``s`` would only mention lie (``mentioned``): the learned reader
    types each, or says it is no value (``rules/learned_join.py``)."""
    return [(m.span.start, m.span.end) for m in mentioned(s, hits)]


def mention_hits(s: Sentence, hits: list[Hit], known: Known) -> list[Hit]:
    """Named entities no pattern used (``mentioned``): the speaker MENTIONED them, or the
    person whose news they are (``_subject_of``; text: RELATED_TO), but for the names of
    things the speaker holds (``_held``)."""
    out = []
    for m in mentioned(s, hits):
        span = m.span
        if _held(s, m, known):
            continue
        target = Party(span.name, span.label, True, False, tuple(span.attributes.items()))
        source = _told_by_pronoun(s, span, known) if m.source.speaker else None
        # a state its tense puts behind the speaker ("for nine years I played with X"):
        # held once, over now
        clause = s.clause_at(span.start)
        # a stint told by its length ends where the sentence says ("retired on Friday after
        # 31 years as a porter at Bexley General": the hospital until Friday)
        stint = not m.ended and told_as_stint(s.text, clause, (span.start, span.end))
        over = (
            not m.ended
            and not stint
            and not RELATIVE.search(s.text, clause[0], span.start)  # "who used to play for X"
            and state_told_by_tense(s.text, clause, (span.start, span.end))
        )
        ending = m.ended or over or stint
        out.append(
            Hit(m.relation, source or m.source, target, ending, m.clause, m.clause, over=over)
        )
    return out


# between a pronoun and the name: no word of the speaker's, nor one of telling ("she told me
# about Thurso"); "he lives with his brother in Bălți" is his
_NOT_THEIRS = re.compile(rf"\b(?:{_SPEAKER_WORDS}|{_TELLING_WORDS})\b", re.I)


def _told_by_pronoun(s: Sentence, span: Span, known: Known) -> Party | None:
    """The person a "he" or "she" standing last before the name in its clause stands for,
    with no word of the speaker's nor of telling between ("my husband Sergiu and I are
    separated, he lives with his brother in Bălți now": Sergiu's news), of the people met so far
    (``Known.antecedent``; a name of no known kind is none: "did you hear about Dato?? he
    quit ..." stays the speaker's)."""
    start, _ = s.clause_at(span.start)
    pronouns = list(PRONOUN.finditer(s.text, start, span.start))
    if not pronouns or _NOT_THEIRS.search(s.text, pronouns[-1].end(), span.start):
        return None
    pronoun = pronouns[-1]
    later = known.named_after(s.text, pronoun.start())
    name = known.antecedent(pronoun_gender(pronoun.group()), later=later)
    return (
        Party(name, "Person")
        if name and normalize_name(name) != normalize_name(span.name)
        else None
    )


def _held(s: Sentence, m: Mentioned, known: Known) -> bool:
    """Is ``m`` a name of a thing (not a person: a person's mention carries their news) the
    speaker holds already ("Marmaduke would have hated them" of the speaker's cat, "my last
    month at Sao Mai" of a job at Sao Mai Trading)? The held fact records it: no open
    mention beside it (a mention that ends it stays)."""
    person = m.span.label == "Person" or normalize_name(m.span.name) in known.persons
    if m.ended or not m.source.speaker or person:
        return False
    return known.holds_now(m.source.name, m.span.name, s.reference)
