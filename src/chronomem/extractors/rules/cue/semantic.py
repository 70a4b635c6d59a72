"""The semantic cue: state changes told in words the pattern table does not know.

A clause where no pattern row found anything, with a subject the extractor knows (the
speaker, "my sister", a named or resolved person) and a named object (a place, an
organisation, a thing), is embedded with the object masked ("we relocated to X") and
compared with the prototype clauses of ``cue_bank.py``. When the closest intent is similar
enough (``THRESHOLD``) and closer than every intent of another relation by ``MARGIN``, the
clause gives the same :class:`Hit` a pattern row would; dates, fact text and the engine's
closing rules (the one-value table, endings) then do the rest.

The cue needs the real default embedder: ``THRESHOLD`` and ``MARGIN`` were chosen on
all-MiniLM-L6-v2 (see ``docs/rule-extractor.md``), so with any other embedder it is off.
Every clause of an episode is embedded in one ``embed_batch`` call; the prototypes once per
embedder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.negation import modality
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.cue.bank import DEFAULT_BANK, HAND_ONLY, Bank
from chronomem.extractors.rules.cue.cosines import cosines
from chronomem.extractors.rules.cue.intents import DECOY, END, HOLDS, Intent
from chronomem.extractors.rules.cue.subjects import PieceSubject, piece_subject
from chronomem.extractors.rules.normalise.agreement import as_first_person
from chronomem.extractors.rules.tables.life_words import ACTIVITIES, NOT_HOBBY
from chronomem.gridmath import Grid, on_grid
from chronomem.ports import Embedder, Matrix
from chronomem.text.dates import TimeExpression
from chronomem.text.words import word_set

CALIBRATED_MODEL = "all-MiniLM-L6-v2"
THRESHOLD = 0.66  # cosine to the closest prototype of the winning intent
MARGIN = 0.04  # ahead of the closest prototype of any other relation (decoys included)
# An ending closes a true fact when wrong, and the model hears "stopped going to X" close to
# "went to X": endings need more.
END_THRESHOLD = 0.80
END_MARGIN = 0.08
MASK = "X"
MAX_CLAUSE_CHARS = 160  # a longer clause is no short state change: not embedded
_WORD = re.compile(r"[a-z]+(?=n't)|n't|'[a-z]+|[a-z]+")
# Wishes and plans the modality words miss: "thinking about moving to X", "X someday".
_WISH = re.compile(
    r"\b(?:thinking|considering|dreaming|dream|someday|one day|eventually|maybe|might|if|"
    r"hopefully|wondering|debating|tempted|ever|plans?|planning)\b",
    re.I,
)
_DEFAULT_LABEL = {"LIVES_IN": "Location", "WORKS_AT": "Organization", "STUDIES_AT":
                  "Organization", "MEMBER_OF": "Organization"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Candidate:
    """A clause the cue reads: its sentence, subject, object and masked text."""

    sentence: Sentence
    index: int  # the sentence's index in the episode
    clause: tuple[int, int]
    subject: Party
    subject_end: int
    obj: Span
    text: str
    implicit: bool
    times: tuple[TimeExpression, ...] = ()  # the dates that belong to the piece


def cue_enabled(embedder: Embedder | None) -> bool:
    """Is ``embedder`` the model the thresholds were chosen on?"""
    return embedder is not None and embedder.name.startswith(CALIBRATED_MODEL)


def cue_for(embedder: Embedder | None, *, corpus: bool = True) -> SemanticCue | None:
    """The cue over ``embedder`` when it is the calibrated model, else ``None``;
    ``corpus``: with the prototypes learned from the reader corpus."""
    if embedder is None or not cue_enabled(embedder):
        return None
    return SemanticCue(embedder, DEFAULT_BANK if corpus else HAND_ONLY)


class SemanticCue:
    """Reads the clauses no pattern row explained, with one embedder call per episode."""

    def __init__(self, embedder: Embedder, bank: Bank = DEFAULT_BANK) -> None:
        self._embedder = embedder
        self._bank = bank
        self._prototypes: Grid | None = None

    def candidates(self, s: Sentence, index: int, hits: list[Hit], known: Known) -> list[Candidate]:
        """The pieces of clauses of ``s`` the cue may read: before the question it asks
        (``Sentence.asks_from``), no pattern hit in the piece, each with a subject and a
        named object no hit used."""
        asks = s.asks_from
        # "my sister Jo has been settling into ... in X": a tie told in apposition leaves
        # the clause's predicate unexplained
        told = [h for h in hits if h.relation not in _TIES]
        used = {normalize_name(p.name) for h in told for p in (h.source, h.target)}
        out = []
        for clause in s.clauses:
            shared: tuple[Party, int, bool] | None = None
            for piece in _pieces(s.text, clause):
                if piece[1] > asks:
                    break
                found, subject = _candidate(s, index, piece, known, shared)
                shared = shared or subject
                # a hit read after the object ("start at X as a nurse") leaves X unread
                reach = piece[1] if found is None else min(piece[1], found.obj.end)
                busy = any(h.verb[0] < reach and piece[0] < h.verb[1] for h in told)
                if found is not None and not busy and normalize_name(found.obj.name) not in used:
                    out.append(found)
        return out

    @property
    def embedder(self) -> Embedder:
        return self._embedder

    def decide(
        self, found: list[Candidate], known: Known, vectors: Matrix | None = None
    ) -> list[tuple[Candidate, Hit]]:
        """The hits of the candidates whose clause is close to one intent's prototypes;
        ``vectors``: their texts already embedded (in the episode's one batch)."""
        if not found:
            return []
        if vectors is None:
            vectors = self._embedder.embed_batch([c.text for c in found])
        scores = cosines(vectors, self._vectors())
        out: list[tuple[Candidate, Hit]] = []
        for cand, row in zip(found, scores, strict=True):
            out += [(cand, hit) for hit in self._hits(cand, row, known)]
        return out

    def _vectors(self) -> Grid:
        if self._prototypes is None:
            self._prototypes = on_grid(self._bank.vectors(self._embedder))
        return self._prototypes

    def _hits(self, cand: Candidate, row: np.ndarray, known: Known) -> list[Hit]:
        bank, intents = self._bank, self._bank.intents
        best = np.maximum.reduceat(row, bank.first_rows)  # each intent's closest prototype
        held = _held(known, cand.subject, cand.obj.name)
        # the readings the object's kind allows (a school is no hobby), decoys always; a
        # value held said again only stands against an ending: it ranks no reading
        readings = [i for i in bank.readings if _allows(intents[i], cand, held)]
        ranked = sorted(readings, key=lambda i: -best[i])
        win = intents[ranked[0]]
        others = [i for i in (*readings, *bank.held_again) if i != ranked[0]]
        rival = max((best[i] for i in others if _rival(intents[i], win, cand)), default=-1.0)
        threshold, margin = (
            (END_THRESHOLD, END_MARGIN) if win.polarity == END else (THRESHOLD, MARGIN)
        )
        if win.polarity == DECOY or not _fits(win, cand, held) or best[ranked[0]] < threshold:
            return []  # a winner that cannot apply ends nothing: no runner-up is tried
        if best[ranked[0]] - rival < margin:
            return []
        return _as_hits(win, cand, held)


_TIES = frozenset({"FAMILY_OF", "FRIEND_OF", "DATING", "MARRIED_TO", "ENGAGED_TO"})


def _allows(intent: Intent, cand: Candidate, held: tuple[str, ...]) -> bool:
    """Can the clause be read this way at all: the object's kind fits, and an ending of
    something held has something held to end."""
    if intent.polarity == DECOY:
        return True
    return cand.obj.label in intent.labels and (bool(held) or not intent.known_only)


def _rival(intent: Intent, win: Intent, cand: Candidate) -> bool:
    if intent.polarity == HOLDS:
        return win.polarity == END
    if intent.relation == win.relation or (win.family and intent.family == win.family):
        return False
    return intent.polarity == DECOY or cand.obj.label in intent.labels


def _fits(intent: Intent, cand: Candidate, held: tuple[str, ...]) -> bool:
    if intent.polarity == DECOY:
        return True
    if intent.known_only and not (intent.relation in held or intent.relation == "ENDS_KNOWN"):
        return False
    if intent.known_only and not held:
        return False
    return cand.obj.label in intent.labels


def _held(known: Known, subject: Party, target: str) -> tuple[str, ...]:
    """The relations ``subject`` holds with ``target``, told before and not ended."""
    source, key = normalize_name(subject.name), normalize_name(known.canonical(target))
    return tuple(
        relation
        for (who, relation), values in known.targets.items()
        if who == source and key in values and relation not in ("MENTIONED", "RELATED_TO")
    )


def _as_hits(intent: Intent, cand: Candidate, held: tuple[str, ...]) -> list[Hit]:
    relation = intent.relation or ""
    kinds = held if relation == "ENDS_KNOWN" else (relation,)
    span = cand.obj
    label = span.label or _DEFAULT_LABEL.get(relation)
    target = Party(span.name, label, span.named, False, tuple(span.attributes.items()))
    verb = (cand.subject_end, span.start)
    ending = intent.polarity == END
    return [
        Hit(kind, cand.subject, target, ending, cand.clause, verb, None, cand.implicit)
        for kind in kinds
    ]


def _piece_times(s: Sentence, piece: tuple[int, int]) -> tuple[TimeExpression, ...]:
    """The piece's own dates, else those of a piece that names nothing ("Last month, we
    relocated to X"); never another piece's ("lived in A from 2015 to 2019, then moved to
    B": B is no stay until 2019)."""
    own = tuple(t for t in s.times if piece[0] <= t.start < piece[1])
    if own:
        return own
    pieces = [p for c in s.clauses for p in _pieces(s.text, c)]
    bare = [p for p in pieces if not any(p[0] <= sp.start < p[1] for sp in s.spans)]
    return tuple(t for t in s.times if any(p[0] <= t.start < p[1] for p in bare))


def _pieces(text: str, clause: tuple[int, int]) -> list[tuple[int, int]]:
    """A clause cut at commas and "and/but/then": "I handed in my notice at X, starting at Y
    monday" tells two changes."""
    cuts = [clause[0]] + [m.end() for m in _PIECE_BREAK.finditer(text, *clause)] + [clause[1]]
    pieces = [(a, b) for a, b in pairwise(cuts) if b > a]
    return [p for p in pieces if p[1] - p[0] <= MAX_CLAUSE_CHARS]


_PIECE_BREAK = re.compile(r"[,;:]\s+|\s+-+\s+|\s+(?:and|but|then|so)\s+", re.I)


def _candidate(
    s: Sentence, index: int, piece: tuple[int, int], known: Known, shared: PieceSubject | None
) -> tuple[Candidate | None, PieceSubject | None]:
    """The piece's first named object with a subject (else None), and the piece's subject."""
    objects = _objects(s, piece, known)
    seen: PieceSubject | None = None
    for obj in objects:
        if says_what_one_is(s.text, obj.start, piece[0]):
            return None, seen  # "I'm Korean", "she is German": what one is, not what one has
        subject = piece_subject(s, piece, obj, known) or shared
        if subject is None:
            continue
        seen = seen or subject
        party, end, implicit = subject
        end = max(end, piece[0])
        if normalize_name(party.name) == normalize_name(obj.name):
            continue
        tokens = _WORD.findall(s.text[end : obj.start].lower())
        mood = modality(tokens, s.text[piece[0] : piece[1]], s.text[obj.end : piece[1]])
        wish = _WISH.search(s.text, piece[0], piece[1]) is not None
        wish = wish or _LONG_AGO.search(s.text) is not None
        if mood.hypothetical or wish or (mood.negated and not mood.ending):
            return None, seen  # a wish, a plan without a date, a denial: no state change
        text = _masked(s, piece, obj, end, third=not party.speaker)
        times = _piece_times(s, piece)
        return Candidate(s, index, piece, party, end, obj, text, implicit, times), seen
    return None, seen


def _objects(s: Sentence, piece: tuple[int, int], known: Known) -> list[Span]:
    """The piece's named objects (no persons); else a word naming a value the speaker holds
    ("cancelled the gym" after a gym membership) or an activity ("picked up bouldering")."""
    spans = [sp for sp in s.spans if piece[0] <= sp.start and sp.end <= piece[1]]
    out = [sp for sp in spans if sp.named and sp.label != "Person"]
    held = _held_heads(known, s.speaker) if s.speaker and not s.assistant else {}
    opening = _FIRST_WORD.match(s.text, piece[0])
    after = opening.end() if opening else piece[0]
    for m in _LOWER_WORD.finditer(s.text, *piece):
        word = m.group().lower()
        if any(sp.start <= m.start() < sp.end for sp in spans):
            continue
        if word in held:
            key, name = held[word]
            out.append(Span(m.start(), m.end(), name, known.labels.get(key) or None))
        elif m.start() >= after and _activity(word, s, m, piece):
            out.append(Span(m.start(), m.end(), word, "Activity", named=False))
    return sorted(out, key=lambda sp: sp.start)


def _activity(word: str, s: Sentence, m: re.Match[str], piece: tuple[int, int]) -> bool:
    """ "pottery", "bouldering": an activity word, not a verb ("I'm staying with ...", "I
    like helping people": a gerund with an object of its own is a verb phrase)."""
    if _PROGRESSIVE.search(s.text, max(0, m.start() - 40), m.start()):
        return False
    if word in ACTIVITIES:
        return True
    if not word.endswith("ing") or word in NOT_HOBBY or "-" in word:  # "problem-solving"
        return False
    rest = s.text[m.end() : piece[1]]
    if any(m.end() <= t.start <= m.end() + 2 for t in s.times):
        return True  # "picked up bouldering this winter"
    follower = _NEXT_WORD.match(rest)
    return follower is None or follower.group(1).lower() in _AFTER_ACTIVITY


_NEXT_WORD = re.compile(r"\s*([A-Za-z]+)")
_AFTER_ACTIVITY = word_set("lately now again too recently nowadays classes lessons lol haha")


def _held_heads(known: Known, speaker: str) -> dict[str, tuple[str, str]]:
    """The last word of each value the speaker holds -> (its key, its name)."""
    me = normalize_name(speaker)
    out: dict[str, tuple[str, str]] = {}
    for (who, relation), values in known.targets.items():
        if who != me or relation in ("MENTIONED", "RELATED_TO"):
            continue
        for key, name in values.items():
            out[key.split()[-1]] = (key, name)
    return out


_LOWER_WORD = re.compile(r"\b[a-z][a-z-]{2,}\b")
# a name right after "to be" (no article, no preposition) says what the subject is
_PREDICATE = re.compile(
    r"(?i)\b(?:I|we|he|she|they|you)(?:'m|'s|'re| (?:am|is|are|was|were)) (?:(?:also|not) )?$"
)


def says_what_one_is(text: str, start: int, floor: int = 0) -> bool:
    """Is the name at ``start`` said right after "to be" ("I'm Korean", "she is German"):
    what its subject is, not a thing held (looking back no further than ``floor``)?"""
    return _PREDICATE.search(text, max(floor, start - 40), start) is not None


_FIRST_WORD = re.compile(r"\W*\w+")
# "I'm staying with...", "we've been getting into...": a verb in the progressive
_PROGRESSIVE = re.compile(
    r"(?:\b(?:I|i|we|you|they|he|she|it)(?:'m|'re|'s|\s+(?:am|are|is|was|were))|\bbeen|\bbe)"
    r"(?:\s+\w+ly)?\s+$",
    re.I,
)


# "when we were 10 we were really into X": a state of long ago, not a change now
_LONG_AGO = re.compile(
    r"\b(?:when|back when) (?:I|we) (?:was|were)\b|\bas a (?:kid|child|teen)\b", re.I
)
# "I 've", "I 're" (the subject rewritten): the verb written out, as in the prototypes
_CONTRACTED = re.compile(r"^I\s*'(ve|re|m|s|d|ll)\b", re.I)
_FULL = {"ve": "I have", "re": "I am", "m": "I am", "s": "I has", "d": "I would", "ll": "I will"}
_THEIRS = re.compile(r"\b(?:your|his|her|their)\b", re.I)


def _masked(
    s: Sentence, clause: tuple[int, int], obj: Span, subject_end: int, *, third: bool = False
) -> str:
    """The piece from its subject on, the subject written "I" (unless it opens with "my"),
    the object ``X``, no dates; a ``third`` person's verb in the first person."""
    cuts = [(t.start, t.end, "") for t in s.times if clause[0] <= t.start and t.end <= clause[1]]
    cuts.append((obj.start, obj.end, MASK))
    text = s.text[subject_end : clause[1]]
    for a, b, new in sorted(cuts, key=lambda c: -c[0]):
        if a >= subject_end:
            text = text[: a - subject_end] + new + text[b - subject_end :]
    text = _THEIRS.sub("my", text.strip())  # "you've settled into your new flat"
    mine = text[:3].lower() in ("my ", "our")
    text = " ".join((text if mine else f"I {text}").split()).rstrip(" ,;:-")
    text = as_first_person(text) if third else text
    return _CONTRACTED.sub(lambda m: _FULL[m.group(1).lower()], text)
