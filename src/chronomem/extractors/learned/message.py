"""A message as the learned reader reads it: windows of its raw text for the encoder, and
the words of that text matched to the rules' normalised sentences.

The reader reads the message as it was written (as its corpus was labelled, "Speaker: text"),
in one forward pass shared with the episode's embedding: the first window is exactly the
text the engine embeds (:func:`chronomem.model.graph.episode_text`). What lies beyond it is
read in further windows of whole sentences, each led by the speaker's name as the first is.
The rules read a normalised text ("u" -> "you", a dropped "I" restored, names capitalised),
so a span the reader finds in the raw text is carried to the sentence the rules analysed by
its words: :class:`WordMap` pairs the raw words with the normalised ones (same letters, case
aside, in order), and a span moves only when its first and last words are paired.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Final

from chronomem.model import Episode
from chronomem.model.graph import EPISODE_EMBED_CHARS, episode_text
from chronomem.text.speakers import is_assistant

Span = tuple[int, int]
WINDOW_CHARS: Final = EPISODE_EMBED_CHARS  # the further windows are as long as the first
_WORD = re.compile(r"[^\W_]+")
_CLAUSE_END = re.compile(r"[.;:!?,\n]")


@dataclass(frozen=True, slots=True)
class Window:
    """A message as encoded: ``text``, whose ``pieces`` (offset in ``text``, start in the
    message, length) are stretches of the message; the rest (a speaker's name leading a
    later window, the spaces joining its sentences) is no part of it."""

    text: str
    pieces: tuple[tuple[int, int, int], ...]

    def in_message(self, span: Span) -> Span | None:
        """``span`` of ``text`` as a span of the message (``None``: not inside one piece)."""
        for at, start, length in self.pieces:
            if at <= span[0] and span[1] <= at + length:
                return (span[0] - at + start, span[1] - at + start)
        return None


def role_of(episode: Episode) -> str:
    """Who says the message, as the reader's features name it (user / assistant / narrator)."""
    speaker = episode.speaker()
    return "narrator" if not speaker else "assistant" if is_assistant(speaker) else "user"


def clause_around(text: str, span: Span) -> str:
    """The stretch of ``text`` holding ``span`` between clause marks (, ; : . ! ? newline)."""
    starts = [m.end() for m in _CLAUSE_END.finditer(text, 0, span[0])]
    end = _CLAUSE_END.search(text, span[1])
    return text[starts[-1] if starts else 0 : end.start() if end else len(text)]


def first_window(episode: Episode) -> Window:
    """The text the engine embeds as the episode: its vector is computed once, here."""
    text = episode_text(episode)
    return Window(text, ((0, 0, len(text)),))


def body_start(episode: Episode) -> int:
    """Where the message's body starts in its content (after "Speaker:"), as the rules cut it."""
    return episode.content.index(":") + 1 if episode.speaker() else 0


def later_windows(
    episode: Episode, ranges: Sequence[tuple[int, Span]], chars: int = WINDOW_CHARS
) -> list[tuple[Window, list[int]]]:
    """Windows over ``ranges`` (sentence index, its span in the content; in order): the
    sentences joined by a space, at most ``chars`` of them a window, led by "Speaker: " (as
    the first window and the corpus items are), with the sentences each holds. Only the
    sentences to read are encoded (a code block or a sentence not read between two of them
    is left out), in as few forward passes as they fit in."""
    speaker = episode.speaker()
    lead = f"{speaker}: " if speaker else ""
    out: list[tuple[Window, list[int]]] = []
    text = lead
    pieces: list[tuple[int, int, int]] = []
    held: list[int] = []
    for index, (start, end) in ranges:
        while end < len(episode.content) and not episode.content[end].isspace():
            end += 1  # its closing stop or emoji
        if held and len(text) + 1 + end - start > len(lead) + chars:
            out.append((Window(text, tuple(pieces)), held))
            text, pieces, held = lead, [], []
        text += " " if held else ""
        pieces.append((len(text), start, end - start))
        text += episode.content[start:end]
        held.append(index)
    if held:
        out.append((Window(text, tuple(pieces)), held))
    return out


@dataclass(frozen=True, slots=True)
class WordMap:
    """The words of a message's body (spans in its content) paired, in order, with the words
    of the text the rules normalised it to (spans in that text)."""

    raw: tuple[Span, ...]
    norm: tuple[Span, ...]
    to_norm: dict[int, int]
    to_raw: dict[int, int]

    @classmethod
    def of(cls, content: str, start: int, normalised: str) -> WordMap:
        raw = [m.span() for m in _WORD.finditer(content, start)]
        norm = [m.span() for m in _WORD.finditer(normalised)]
        raw_words = [content[a:b].lower() for a, b in raw]
        norm_words = [normalised[a:b].lower() for a, b in norm]
        if raw_words == norm_words:  # nothing rewritten but case: word k is word k
            pairs = {k: k for k in range(len(raw))}
        else:
            matcher = SequenceMatcher(None, raw_words, norm_words, autojunk=False)
            blocks = matcher.get_matching_blocks()
            pairs = {a + k: b + k for a, b, size in blocks for k in range(size)}
        return cls(tuple(raw), tuple(norm), pairs, {j: i for i, j in pairs.items()})

    def normalised(self, span: Span) -> Span | None:
        """The normalised text's span of the message's ``span`` (``None``: its first or last
        word was rewritten or dropped)."""
        inside = [i for i, (a, b) in enumerate(self.raw) if span[0] <= a and b <= span[1]]
        if not inside or inside[0] not in self.to_norm or inside[-1] not in self.to_norm:
            return None
        first, last = self.to_norm[inside[0]], self.to_norm[inside[-1]]
        return (self.norm[first][0], self.norm[last][1]) if first <= last else None

    def written(self, span: Span) -> Span | None:
        """The message's span holding the paired words of the normalised ``span``."""
        inside = [
            self.to_raw[j]
            for j, (a, b) in enumerate(self.norm)
            if span[0] <= a and b <= span[1] and j in self.to_raw
        ]
        return (self.raw[inside[0]][0], self.raw[inside[-1]][1]) if inside else None


def places(normalised: str, sentences: Sequence[str]) -> list[Span]:
    """Where each sentence (split from ``normalised``, in order) lies in it."""
    out = []
    cursor = 0
    for text in sentences:
        at = normalised.find(text, cursor)
        if at < 0:  # not split from this text: an empty place, nothing is read there
            out.append((cursor, cursor))
            continue
        out.append((at, at + len(text)))
        cursor = at + len(text)
    return out
