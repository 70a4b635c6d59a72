"""The ending reader's meaning test: does a clause about a held thing end the tie?

``tie_ends.py`` reads endings in words; a clause that names something the speaker holds in
words no ending expression matches ("put in my two weeks at X", "X and I have parted
company", "kicked X to the curb") and that does not keep the tie ("still at X") is read
here by meaning. The clause, with the held thing written ``X`` and its dates cut, is
embedded in the semantic cue's one ``embed_batch`` of the episode and compared with the
prototype clauses of ``tie_bank.py``: clauses that end a tie and clauses that name a held
thing while the tie goes on. The mean similarity of the ``K`` nearest of each side decides
(a binary nearest-neighbour vote): an ending must be close (``THRESHOLD``) and closer than
the continuing side by ``MARGIN``. The numbers were chosen on all-MiniLM-L6-v2 with
phrasings written for that purpose (no benchmark), like the cue's own; the test is off with
any other embedder, since the cue is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.cue.cosines import cosines
from chronomem.extractors.rules.cue.prototypes import prototype_vectors
from chronomem.extractors.rules.cue.tie_bank import ENDED, KEPT
from chronomem.extractors.rules.readers.end_words import ATTITUDE_RELATIONS
from chronomem.extractors.rules.readers.tie_ends import HeldRef, tie_hits, undecided_references
from chronomem.gridmath import Grid, on_grid
from chronomem.ports import Embedder, Matrix

K = 2  # nearest prototypes per side
THRESHOLD = 0.60
MARGIN = 0.05
MAX_CHARS = 120  # a longer piece is no short ending
_LEAD = re.compile(r"^\W*(?:(?:so|and|but|well|oh|honestly|also|yeah|ok|okay|lol|ugh|welp)\W+)*")
_SUBJECT = re.compile(r"^(?:I|i|we|We|my|My|our|Our|X)\b")
# A piece that opens on a preposition is a phrase, not a clause ("as a X member, ...").
_FRAGMENT = re.compile(
    r"^I (?:as|at|in|on|with|for|from|of|to|by|about|like|after|before|during|since|"
    r"without|than)\b",
    re.I,
)
_WORD = re.compile(r"[A-Za-z']+")
MIN_WORDS = 3  # "I X", "X now": too little to read


@dataclass(frozen=True, slots=True)
class TieCandidate:
    """A piece naming a held value, masked for the meaning test."""

    sentence: Sentence
    index: int
    piece: tuple[int, int]
    ref: HeldRef
    text: str


def tie_candidates(s: Sentence, index: int, hits: list[Hit], known: Known) -> list[TieCandidate]:
    """The pieces of ``s`` the meaning test reads (see ``tie_ends.undecided_references``)."""
    out = []
    for piece, ref in undecided_references(s, known, hits):
        if piece[1] - piece[0] > MAX_CHARS or _remembered_taste(ref, s, known):
            continue
        text = _masked(s, piece, ref)
        if _FRAGMENT.match(text) or len(_WORD.findall(text)) < MIN_WORDS:
            continue  # "as a X member", "at X": no clause to read
        out.append(TieCandidate(s, index, piece, ref, text))
    return out


def _remembered_taste(ref: HeldRef, s: Sentence, known: Known) -> bool:
    """A taste or habit known only from the memory ("painting", loved a year ago): talked
    of all the time and rarely ended in words no reader knows, so not read by meaning (a
    long chat would embed a clause at every mention); a tie (a pet, a job, a club) is."""
    me = normalize_name(s.speaker or "")
    key = normalize_name(ref.held.name)
    return all(
        r in ATTITUDE_RELATIONS and (me, r, key) in known.remembered for r in ref.held.relations
    )


def decide_ties(
    found: list[TieCandidate], vectors: Matrix, embedder: Embedder, known: Known
) -> list[tuple[TieCandidate, Hit]]:
    """The endings among ``found`` (``vectors``: their texts embedded, in order)."""
    if not found:
        return []
    scores = cosines(vectors, _bank_grid(embedder))
    ended = scores[:, : len(ENDED)]
    kept = scores[:, len(ENDED) :]
    out: list[tuple[TieCandidate, Hit]] = []
    for cand, e_row, k_row in zip(found, ended, kept, strict=True):
        e = float(np.sort(e_row)[-K:].mean())
        k = float(np.sort(k_row)[-K:].mean())
        if e < THRESHOLD or e - k < MARGIN:
            continue
        me = Party(cand.sentence.speaker or "", "Person", speaker=True)
        verb = (cand.ref.start, cand.ref.end)
        out += [(cand, h) for h in tie_hits(me, cand.ref.held, cand.piece, verb, known)]
    return out


def _bank_grid(embedder: Embedder) -> Grid:
    """The prototypes' vectors, embedded once per model (``prototypes.py``), on the grid."""
    return on_grid(prototype_vectors(embedder, [*ENDED, *KEPT]))


def _masked(s: Sentence, piece: tuple[int, int], ref: HeldRef) -> str:
    """The piece with the held thing written X, its dates cut, "I" before a bare verb."""
    if not s.text[ref.end : piece[1]].strip(" ,;:.!-"):  # "X and I have parted company"
        piece = (piece[0], next((c[1] for c in s.clauses if c[0] >= piece[1]), piece[1]))
    cuts = [(t.start, t.end, "") for t in s.times if piece[0] <= t.start and t.end <= piece[1]]
    cuts.append((ref.start, ref.end, "X"))
    text = s.text[piece[0] : piece[1]]
    for a, b, new in sorted(cuts, key=lambda c: -c[0]):
        text = text[: a - piece[0]] + new + text[b - piece[0] :]
    text = _LEAD.sub("", " ".join(text.split())).rstrip(" ,;:-.!")
    return text if _SUBJECT.match(text) else f"I {text}"
