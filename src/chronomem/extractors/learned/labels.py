"""What the learned reader decides: the label sets of its heads, and a corpus item's labels.

A corpus item (``corpus/reader/*/*.jsonl``, format in its ``SPEC.md``) is one utterance with
the facts it states. The heads read it as:

- **value** and **ends tags**, one per wordpiece: ``O`` / ``B`` / ``I`` over the value
  spans of the facts and the old values an ending or a replacement ends (the span tagger);
- per value span: its **relation**, or ``none`` (the tagger's slips: trained on spans of
  other words of the utterance);
- per fact: its **aspect** and **subject** (whose fact; a fact whose value is not named,
  "I quit my job", teaches these two heads but is not read: a head for it added nothing
  on the held-out writers, ``bench/RESULTS.md`` round 7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

# fmt: off
RELATIONS: Final = (
    "LIVES_IN", "WORKS_AT", "HAS_JOB_TITLE", "STUDIES_AT", "MARRIED_TO", "DATING", "ENGAGED_TO",
    "DRIVES", "USES_PHONE", "USES_LAPTOP", "USES_CAMERA", "WEARS_WATCH", "RIDES_BIKE",
    "FOLLOWS_DIET", "SUBSCRIBED_TO_PLAN", "MANAGED_BY", "HAS_FAVORITE", "PREFERS", "ROLE_HELD_BY",
    "HAS_HEALTH_STATUS", "HAS_SLEEP_SCHEDULE", "HAS_WAKE_TIME", "HAS_AGE", "LEADS", "HAS_PET",
    "HAS_HABIT", "HAS_CONDITION", "TAKES_MEDICATION", "MEMBER_OF", "OWNS", "LIKES", "DISLIKES",
    "FRIEND_OF", "FAMILY_OF", "VISITED", "HAS_PLAN", "SPEAKS", "LEARNS", "PLAYS",
)
# fmt: on
ASPECTS: Final = ("state", "start", "end", "plan", "correction", "negation", "hypothetical")
SUBJECTS: Final = ("speaker", "addressee", "third")
SPAN_TAGS: Final = ("O", "B", "I")
# the relation of a value span; "none": the span is no fact's value (a tagger's slip)
SPAN_RELATIONS: Final = ("none", *RELATIONS)


@dataclass(frozen=True, slots=True)
class GoldFact:
    """One labelled fact, its spans as character offsets into the utterance (None: unnamed)."""

    relation: str
    subject: str  # one of SUBJECTS
    aspect: str
    value: tuple[int, int] | None
    when: tuple[int, int] | None
    ends: tuple[int, int] | None  # only when the old value is in the utterance itself


def subject_class(subject: str) -> str:
    """``speaker`` / ``addressee`` as written; any name or "speaker's sister": ``third``."""
    return subject if subject in ("speaker", "addressee") else "third"


def gold_facts(item: Mapping[str, object]) -> list[GoldFact]:
    """The facts of a corpus item with their spans located in its text."""
    text = str(item["text"])
    facts = item.get("facts") or []
    assert isinstance(facts, Sequence)
    out = []
    for fact in facts:
        assert isinstance(fact, Mapping)
        out.append(
            GoldFact(
                relation=str(fact["relation"]),
                subject=subject_class(str(fact.get("subject") or "speaker")),
                aspect=str(fact["aspect"]),
                value=_locate(text, fact.get("value")),
                when=_locate(text, fact.get("when")),
                ends=_locate(text, fact.get("ends")),
            )
        )
    return out


def _locate(text: str, span: object) -> tuple[int, int] | None:
    if not isinstance(span, str) or not span:
        return None
    at = text.find(span)
    return (at, at + len(span)) if at >= 0 else None


def tag_tokens(
    offsets: Sequence[tuple[int, int]], spans: Sequence[tuple[tuple[int, int], str]]
) -> list[str]:
    """BIO tags of wordpieces (``offsets``) for labelled character ``spans``; a tag's suffix
    is the span's label (``""``: plain ``B``/``I``). Special tokens ``(0, 0)`` stay ``O``."""
    tags = ["O"] * len(offsets)
    for (start, end), label in spans:
        first = True
        for i, (a, b) in enumerate(offsets):
            if a == b or b <= start or a >= end or tags[i] != "O":
                continue
            head = "B" if first else "I"
            tags[i] = f"{head}-{label}" if label else head
            first = False
    return tags


def decode_spans(
    tags: Sequence[str], offsets: Sequence[tuple[int, int]]
) -> list[tuple[int, int, str]]:
    """Character spans ``(start, end, label)`` from BIO tags; an ``I`` after ``O`` or after
    another label opens a span (lenient decoding)."""
    out: list[tuple[int, int, str]] = []
    for tag, (a, b) in zip(tags, offsets, strict=True):
        if tag == "O" or a == b:
            continue
        head, _, label = tag.partition("-")
        if head == "I" and out and out[-1][2] == label and out[-1][1] >= a - 1:
            out[-1] = (out[-1][0], b, label)
        else:
            out.append((a, b, label))
    return out
