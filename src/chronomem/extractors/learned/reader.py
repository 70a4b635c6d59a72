"""The learned reader: a clause in, the facts it states out (relation, whose, aspect, spans).

One forward pass of the default encoder feeds a span tagger (``tagger.py``: a BiGRU over
the wordpiece states that tags the value span of each fact and the old value a replacement
ends) and three heads (``heads.py``, over ``features.py``'s rows): ``relation`` names each
value span's relation, ``aspect`` and ``subject`` read each found fact; a calibration
(``confidence.py``) turns the four probabilities behind a fact into its chance of being right.
The weights ship in ``weights/reader.npz``, pinned by sha256 and checked when loaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np

from chronomem.errors import UsageError
from chronomem.extractors.learned.confidence import CONFIDENCE_WIDTH, Calibration
from chronomem.extractors.learned.features import (
    SHAPES,
    fact_row,
    piece_inputs,
    span_row,
    span_width,
)
from chronomem.extractors.learned.heads import Head
from chronomem.extractors.learned.labels import (
    ASPECTS,
    RELATIONS,
    SPAN_RELATIONS,
    SUBJECTS,
    decode_spans,
)
from chronomem.extractors.learned.pinned import load_arrays, save_arrays
from chronomem.extractors.learned.tagger import TAGS, Tagger
from chronomem.providers.local import TokenStates

HEADS: Final = ("relation", "aspect", "subject")
WEIGHTS_FILE: Final = "reader.npz"
WEIGHTS_SHA256: Final = "866c12ff5446b33be5e8220f0db64a9b336499c2269be9645e30079ced6cc0e4"
Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ReadFact:
    """One fact the reader finds in a clause; spans are character offsets into it."""

    relation: str
    subject: str  # "speaker" | "addressee" | "third"
    aspect: str
    value: Span
    ends: Span | None = None
    confidence: float = 1.0  # the chance it is right (``confidence.py``)
    # the probabilities behind it: span, relation, aspect, subject (``confidence.PARTS``)
    probabilities: tuple[float, ...] = ()
    # the value is a name the rules found and could only mention, typed by the heads
    # (``Reader.read``'s ``names``), not a span the tagger tagged
    named: bool = False


@dataclass(frozen=True, slots=True)
class Reader:
    """The trained tagger and heads; ``read`` turns one encoded clause into its facts.
    ``calibration``: a fact's confidence from its heads' probabilities (``None``: their
    least, as before round 10)."""

    tagger: Tagger
    heads: dict[str, Head]
    calibration: Calibration | None = None

    def read(
        self,
        enc: TokenStates,
        role: str,
        text: str,
        upto: int | None = None,
        names: Sequence[Span] = (),
    ) -> list[ReadFact]:
        """The facts of the clause ``text`` (encoded: ``enc``) said by a ``role``
        (user/assistant/narrator); ``upto``: spans are tagged only in ``text[:upto]`` (what
        follows is read by the encoder, as context, but not tagged). ``names``: spans of
        names the rules found and could only mention, each read as a value too when no
        tagged value overlaps it (``named`` facts: the relation head says which relation,
        or none)."""
        inner = enc.offsets[1:-1]
        if upto is not None:
            inner = inner[: sum(1 for _, b in inner if b <= upto)]
        if not inner:
            return []
        tagged = self.tagger.tags(piece_inputs(enc, text, len(inner), self.tagger.shapes))
        ends = _spans(*tagged["ends"], inner, text)
        found: list[tuple[str, Span, float, float]] = []
        for a, b, p_span in _spans(*tagged["value"], inner, text):
            relation, p_relation = self._choose(
                "relation", span_row(enc, (a, b), role, text), SPAN_RELATIONS
            )
            if relation != "none":
                found.append((relation, (a, b), p_span, p_relation))
        out = [self._fact(enc, role, text, one, _nearest(ends, one[1])) for one in found]
        tagged_spans = [one[1] for one in found]
        for span in names:
            if span[1] > (upto if upto is not None else len(text)) or any(
                a < span[1] and span[0] < b for a, b in tagged_spans
            ):
                continue  # past what is read, or the tagger's reading of it stands
            p_span = _value_chance(tagged["value"][1], inner, span)
            fact = self._named(enc, role, text, span, p_span)
            out += [fact] if fact is not None else []
        return out

    def _named(
        self, enc: TokenStates, role: str, text: str, span: Span, p_span: float
    ) -> ReadFact | None:
        """The fact whose value is the name at ``span`` (``p_span``: the tagger's chance
        that it is a value), or ``None`` when the relation head says it is none."""
        row = span_row(enc, span, role, text)
        relation, p_relation = self._choose("relation", row, SPAN_RELATIONS)
        if relation == "none":
            return None
        fact = self._fact(enc, role, text, (relation, span, p_span, p_relation))
        return replace(fact, named=True)

    def _fact(
        self,
        enc: TokenStates,
        role: str,
        text: str,
        found: tuple[str, Span, float, float],
        ends: Span | None = None,
    ) -> ReadFact:
        """The fact of a value ``found`` (relation, span, the span's and the relation's
        probabilities): its aspect, whose it is and its confidence."""
        relation, span, p_span, p_relation = found
        row = fact_row(enc, span, relation, role, text)
        aspect, p_aspect = self._choose("aspect", row, ASPECTS)
        subject, p_subject = self._choose("subject", row, SUBJECTS)
        probabilities = (p_span, p_relation, p_aspect, p_subject)
        confidence = self._confidence(relation, aspect, subject, probabilities)
        return ReadFact(relation, subject, aspect, span, ends, confidence, probabilities)

    def _confidence(
        self, relation: str, aspect: str, subject: str, probabilities: tuple[float, ...]
    ) -> float:
        if self.calibration is None:
            return round(min(probabilities), 3)
        return self.calibration.of(relation, aspect, subject, probabilities)

    def _choose(self, head: str, row: np.ndarray, names: Sequence[str]) -> tuple[str, float]:
        (p,) = self.heads[head].probabilities(row)
        best = int(np.argmax(p))
        return names[best], float(p[best])

    def arrays(self) -> dict[str, np.ndarray]:
        out: dict[str, np.ndarray] = dict(self.tagger.arrays("tagger"))
        for name, head in sorted(self.heads.items()):
            out |= head.arrays(name)
        if self.calibration is not None:
            out |= self.calibration.head.arrays("confidence")
        return out

    def save(self, path: Path) -> str:
        """Write the weights to ``path``; returns their sha256 (to pin in ``WEIGHTS_SHA256``)."""
        return save_arrays(path, self.arrays())

    @classmethod
    def load(cls, path: Path, sha256: str | None) -> Reader:
        """Heads from ``path``; ``sha256``: the digest the file must have (None: unchecked)."""
        retrain = "retrain with scripts/train_reader.py and pin the new digest in reader.py"
        arrays = load_arrays(path, sha256, "the learned reader", retrain)
        heads = {name: Head.from_arrays(arrays, name) for name in HEADS}
        calibration = (
            Calibration(Head.from_arrays(arrays, "confidence"))
            if "confidence.w_out" in arrays
            else None
        )
        reader = cls(Tagger.from_arrays(arrays, "tagger"), heads, calibration)
        reader.check_widths(path)
        return reader

    def check_widths(self, path: Path) -> None:
        """Refuse weights written for other features than this version computes."""
        dim = self.tagger.forward.w_ih.shape[0] - len(self.tagger.shapes)
        width = span_width(dim)
        expected = {"relation": width, "aspect": width + len(RELATIONS)}
        expected["subject"] = expected["aspect"]
        wrong = [n for n, w in expected.items() if self.heads[n].mean.shape[0] != w]
        if self.calibration is not None and self.calibration.head.mean.shape[0] != CONFIDENCE_WIDTH:
            wrong.append("confidence")
        if wrong or not set(self.tagger.shapes) <= set(SHAPES):
            raise UsageError(
                f"the learned reader's weights at {path} were trained on other features than "
                f"this version of chronomem computes ({', '.join(wrong) or 'tagger'}): "
                "retrain with scripts/train_reader.py and pin the new digest in reader.py"
            )


def shipped_weights() -> Path:
    return Path(
        str(resources.files("chronomem.extractors.learned").joinpath("weights", WEIGHTS_FILE))
    )


def default_reader() -> Reader:
    """The shipped reader, its checksum verified."""
    return Reader.load(shipped_weights(), WEIGHTS_SHA256)


def _spans(
    best: Sequence[int], p: np.ndarray, offsets: Sequence[tuple[int, int]], text: str
) -> list[tuple[int, int, float]]:
    """The spans of the tags ``best`` (probabilities ``p``), widened to whole words of
    ``text``, with the least sure of their wordpieces' probabilities."""
    spans = decode_spans([TAGS[i] for i in best], offsets)
    sure = p[np.arange(len(best)), best]
    out: list[tuple[int, int, float]] = []
    for a, b in dict.fromkeys(_whole_words(text, a, b) for a, b, _ in spans):
        inside = [i for i, (x, y) in enumerate(offsets) if x != y and a <= x and y <= b]
        out.append((a, b, float(sure[inside].min()) if inside else 0.0))
    return out


def _value_chance(p: np.ndarray, offsets: Sequence[tuple[int, int]], span: Span) -> float:
    """The tagger's chance that the span is a value: the least, over its wordpieces, of
    the probability of a tag other than ``O`` (``p``: the value task's probabilities)."""
    inside = [i for i, (x, y) in enumerate(offsets) if x != y and span[0] <= x and y <= span[1]]
    return float((1.0 - p[inside, TAGS.index("O")]).min()) if inside else 0.0


def _whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` widened so that no word is cut ("tam|pere" -> "tampere")."""
    while start > 0 and text[start - 1].isalnum() and text[start].isalnum():
        start -= 1
    while end < len(text) and text[end - 1].isalnum() and text[end].isalnum():
        end += 1
    return start, end


def _nearest(spans: Sequence[tuple[int, int, float]], anchor: Span) -> Span | None:
    if not spans:
        return None
    a, b, _ = min(spans, key=lambda s: (abs(s[0] - anchor[0]), s[0]))
    return (a, b)
