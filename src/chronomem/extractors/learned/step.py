"""The learned step of the offline extractor: a message through the encoder once, in the
windows ``message.py`` cuts (the first is the episode's embedding text, so the engine's
vector of the episode comes from the same forward pass), then the reader on each window."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from chronomem.extractors.learned.message import (
    Span,
    Window,
    WordMap,
    body_start,
    clause_around,
    first_window,
    later_windows,
    places,
    role_of,
)
from chronomem.extractors.learned.reader import Reader, ReadFact, default_reader
from chronomem.extractors.rules.analysis.found import Sentence
from chronomem.extractors.rules.normalise.voice import speaks_to_the_user
from chronomem.gridmath import one_blas_thread
from chronomem.model import Episode
from chronomem.ports import Embedder
from chronomem.providers.local import LocalEmbedder, TokenStates

# The encoder the tagger and heads read (trained on its portable states, round 7). Any other
# encoder: step off.
TRAINED_ON: Final = "all-MiniLM-L6-v2-onnx-int8-portable@8199be6f"
# windows whose token states are kept: a turn is extracted again soon after (the turns
# after a late episode are re-read, ``engine/reread.py``), and the engine's own cache of
# vectors does not hold states (a first window's: about 200 kB)
KEPT_WINDOWS: Final = 32


class LearnedStep:
    """Reads messages with the shipped reader over ``embedder``'s token states."""

    def __init__(
        self,
        embedder: LocalEmbedder,
        reader: Reader | None = None,
    ) -> None:
        self._embedder = embedder
        self._reader = reader  # None: the shipped weights, loaded on the first read
        self._kept: OrderedDict[str, TokenStates] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def reader(self) -> Reader:
        if self._reader is None:
            self._reader = default_reader()
        return self._reader

    def read(
        self,
        episode: Episode,
        normalised: str,
        sentences: Sequence[Sentence],
        usable: Sequence[bool],
        first_only: Sequence[bool] = (),
        names: Sequence[Sequence[Span]] = (),
    ) -> list[list[ReadFact]]:
        """The facts the reader finds in each of ``sentences`` (split, in order, from
        ``normalised``: the rules' text of ``episode``'s body), spans in the sentence.
        ``usable``: per sentence, could a fact found there be used (``gates.could_add``);
        ``first_only``: per sentence, one read if the first window holds it whole
        (``gates.worth_reading``: its states are computed for the episode's vector anyway);
        ``names``: per sentence, the spans of names no rule typed, each typed by the
        reader's heads whether the tagger tagged it or not (``Reader.read``).
        Only windows holding a sentence to read are read, and a message with none is not
        encoded here at all (the engine then embeds it as it embeds any episode)."""
        out: list[list[ReadFact]] = [[] for _ in sentences]
        if not any(usable) and not any(first_only):
            return out
        words, where, (first, head) = self._head(episode, normalised, sentences)
        usable = self._chosen((first, head), words, where, usable, first_only)
        if not any(usable):
            return out
        windows, home = self._encoded(episode, words, where, usable, (first, head))
        role = role_of(episode)
        with one_blas_thread():  # the heads' products are small: idle BLAS threads only spin
            for n, (window, enc) in enumerate(windows):
                held = [p if home.get(i) == n else None for i, p in enumerate(where)]
                upto = _last_use(window, words, held, usable)
                if upto is None:
                    continue  # no fact read here could be used: the window is not read
                spans = _in_window(window, words, where, held, _as_written(sentences, names))
                for fact in self.reader.read(enc, role, window.text, upto, spans):
                    if role == "assistant" and not speaks_to_the_user(
                        clause_around(window.text, fact.value)
                    ):
                        continue  # "Working at X must be a dream!": about no one said
                    placed = _placed(fact, window, words, held)
                    if placed is None:
                        continue
                    moved = _in_voice(placed[1], sentences[placed[0]])
                    if moved is not None:
                        out[placed[0]].append(moved)
        return out

    def chosen(
        self,
        episode: Episode,
        normalised: str,
        sentences: Sequence[Sentence],
        usable: Sequence[bool],
        first_only: Sequence[bool],
    ) -> list[bool]:
        """Which of ``sentences`` :meth:`read` reads (its arguments): the ``usable`` ones
        and the ``first_only`` ones the first window holds whole."""
        if not any(usable) and not any(first_only):
            return list(usable)
        words, where, first = self._head(episode, normalised, sentences)
        return self._chosen(first, words, where, usable, first_only)

    def _head(
        self, episode: Episode, normalised: str, sentences: Sequence[Sentence]
    ) -> tuple[WordMap, list[Span], tuple[Window, TokenStates]]:
        """The message's words paired with ``normalised``'s, where each sentence lies in
        it, and the first window encoded (the episode's vector, too)."""
        words = WordMap.of(episode.content, body_start(episode), normalised)
        where = places(normalised, [s.written or s.text for s in sentences])
        first = first_window(episode)
        (head,) = self._encode([first.text])
        return words, where, (first, head)

    def _encode(self, texts: Sequence[str]) -> list[TokenStates]:
        """The encoder's states of ``texts``; those of the last :data:`KEPT_WINDOWS` windows
        encoded are kept, not computed again."""
        with self._lock:
            kept = {t: self._kept[t] for t in texts if t in self._kept}
        missing = [t for t in dict.fromkeys(texts) if t not in kept]
        fresh = dict(zip(missing, self._embedder.encode_tokens(missing), strict=True))
        with self._lock:
            for text, states in fresh.items():
                self._kept[text] = states
            for text in texts:
                if text in self._kept:
                    self._kept.move_to_end(text)
            while len(self._kept) > KEPT_WINDOWS:
                self._kept.popitem(last=False)
        return [kept.get(t) or fresh[t] for t in texts]

    def _chosen(
        self,
        first: tuple[Window, TokenStates],
        words: WordMap,
        where: Sequence[Span],
        usable: Sequence[bool],
        first_only: Sequence[bool],
    ) -> list[bool]:
        """``usable``, and the ``first_only`` sentences the first window holds whole: their
        states are computed already, for the episode's vector (round 23: rounds 10-22 read
        only a learned selector's choice of them, ``docs/reader.md``)."""
        out = list(usable)
        head = first[1]
        covered = _covered(head)
        for i, maybe in enumerate(first_only):
            span = words.written(where[i]) if maybe and not out[i] else None
            if span is None or span[1] > covered:
                continue
            out[i] = any(a != b and span[0] <= a < span[1] for a, b in head.offsets)
        return out

    def _encoded(
        self,
        episode: Episode,
        words: WordMap,
        where: Sequence[Span],
        usable: Sequence[bool],
        first: tuple[Window, TokenStates],
    ) -> tuple[list[tuple[Window, TokenStates]], dict[int, int]]:
        """The message's windows, encoded, and the window each sentence is read in.

        The first window (the episode's embedding text, ``first``: encoded already) is
        always read; a sentence it does not hold whole is read in a later window when a
        fact there could be used (it names something and asks nothing:
        ``hits.learned_hits``)."""
        head = first[1]
        covered = _covered(head)
        home: dict[int, int] = {}
        later: list[tuple[int, Span]] = []
        for i, place in enumerate(where):
            span = words.written(place)
            if span is not None and span[1] <= covered:
                home[i] = 0
            elif span is not None and usable[i]:
                later.append((i, span))
        windows: list[tuple[Window, TokenStates]] = [first]
        rest = later_windows(episode, later)
        encoded = self._encode([w.text for w, _ in rest])
        for n, ((window, held), enc) in enumerate(zip(rest, encoded, strict=True), 1):
            windows.append((window, enc))
            home.update(dict.fromkeys(held, n))
        return windows, home


def _as_written(
    sentences: Sequence[Sentence], names: Sequence[Sequence[Span]]
) -> list[Sequence[Span]]:
    """``names`` (spans in the sentences as the rules read them) of the sentences read as
    written: a narrated sentence's names lie elsewhere in its rewritten text, and the
    reader types the names it tags itself there."""
    return [
        n if i >= len(sentences) or not sentences[i].written else [] for i, n in enumerate(names)
    ]


def _in_voice(fact: ReadFact, s: Sentence) -> ReadFact | None:
    """``fact``, read in ``s`` as written, with its spans in ``s.text``: a narrated sentence
    is read by the rules in its person's voice ("Sophie took up the violin" -> "I took up
    the violin"; ``normalise/narrated.py``), so a value moves to where its words are there,
    the nearest to where they were written (``None``: the rewrite changed the value's words,
    "his bike" -> "my bike")."""
    if not s.written:
        return fact
    value = _moved(fact.value, s.written, s.text)
    if value is None:
        return None
    ends = _moved(fact.ends, s.written, s.text) if fact.ends else None
    return replace(fact, value=value, ends=ends)


def _moved(span: Span, written: str, text: str) -> Span | None:
    """Where the words of ``written[span]`` are in ``text``, nearest to ``span``."""
    words = written[span[0] : span[1]]
    at: list[int] = []
    found = text.find(words) if words else -1
    while found >= 0:
        at.append(found)
        found = text.find(words, found + 1)
    if not at:
        return None
    start = min(at, key=lambda m: abs(m - span[0]))
    return start, start + len(words)


def _covered(head: TokenStates) -> int:
    """Where the last wordpiece the first window encoded ends (a long text is cut)."""
    return max((b for a, b in head.offsets if a != b), default=0)


def _last_use(
    window: Window, words: WordMap, held: Sequence[Span | None], usable: Sequence[bool]
) -> int | None:
    """Where in ``window.text`` the last sentence it holds ends, when one of them could
    give a used fact (``None``: none could, the window is not read). Past it the reader
    tags nothing: what follows is no sentence of the rules' text (a code block at the end
    of a long message's first window)."""
    if not any(p is not None and u for p, u in zip(held, usable, strict=True)):
        return None
    ends = []
    for place in held:
        written = words.written(place) if place is not None else None
        if written is None:
            continue
        for at, start, length in window.pieces:
            if start <= written[0] and written[1] <= start + length:
                ends.append(at + written[1] - start)
    return max(ends, default=None)


def _in_window(
    window: Window,
    words: WordMap,
    where: Sequence[Span],
    held: Sequence[Span | None],
    names: Sequence[Sequence[Span]],
) -> list[Span]:
    """The ``names`` (spans in their sentences) of the sentences this window holds
    (``held``), as spans of ``window.text``."""
    out: list[Span] = []
    for i, spans in enumerate(names):
        if i >= len(held) or held[i] is None:
            continue
        for a, b in spans:
            written = words.written((where[i][0] + a, where[i][0] + b))
            if written is None:
                continue  # a name the rules' text rewrote past pairing
            for at, start, length in window.pieces:
                if start <= written[0] and written[1] <= start + length:
                    out.append((at + written[0] - start, at + written[1] - start))
    return out


def _placed(
    fact: ReadFact, window: Window, words: WordMap, where: Sequence[Span | None]
) -> tuple[int, ReadFact] | None:
    """The sentence (its index in ``where``: the places of the sentences read in this
    window) of ``fact`` read in ``window``, with its spans moved into that sentence."""
    value = _in_text(fact.value, window, words)
    if value is None:
        return None
    for i, place in enumerate(where):
        if place is not None and place[0] <= value[0] and value[1] <= place[1]:
            ends = _in_text(fact.ends, window, words) if fact.ends else None
            inside = ends is not None and place[0] <= ends[0] and ends[1] <= place[1]
            return i, replace(
                fact,
                value=(value[0] - place[0], value[1] - place[0]),
                ends=(ends[0] - place[0], ends[1] - place[0]) if inside and ends else None,
            )
    return None


def _in_text(span: Span, window: Window, words: WordMap) -> Span | None:
    """``span`` of the window as a span of the normalised text."""
    written = window.in_message(span)
    return words.normalised(written) if written is not None else None


def learned_step_for(embedder: Embedder | None) -> LearnedStep | None:
    """The learned step when ``embedder`` is the encoder the reader was trained on."""
    if isinstance(embedder, LocalEmbedder) and embedder.name == TRAINED_ON:
        return LearnedStep(embedder)
    return None
