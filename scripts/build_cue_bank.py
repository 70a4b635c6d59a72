"""Build the semantic cue's corpus prototypes from the labelled reader corpus.

    python scripts/build_cue_bank.py [--corpus corpus/reader] [--out PATH]

Each labelled fact of the speaker (or, on an assistant's turn, of the user spoken to) whose
value is named in the utterance becomes one prototype clause in the cue's format
(``cue/semantic.py``): the piece of the utterance holding the value, its value written
``X``, its date cut, said in the first person. Its intent is read from the labels: a
state, a start or a correction of a relation the cue reads starts it; an ending ends a held
value; a plan, a negation, a hypothetical or a visit is a decoy (they name a value without
a change of state). Deterministic: the same corpus gives the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from chronomem.extractors.rules.cue.corpus_bank import (  # noqa: E402
    BANK_FILE,
    STARTS,
    intent_of,
)

_BREAK = re.compile(r"[,;:!?.]\s+|\s+-+\s+|\s+(?:and|but|then|so)\s+", re.I)
_OPENER = re.compile(
    r"^(?:(?:and|so|but|though|tho|ok|okay|nah|yeah|well|also|lol|oh|anyway)\b\W*)+", re.I
)
_SELF = re.compile(r"^(?:i|i'm|i've|i'd|i'll|im|ive|my|we|we're|we've|our)\b", re.I)


def piece_of(text: str, value: tuple[int, int]) -> tuple[int, int]:
    """The stretch of ``text`` around ``value`` between two clause breaks."""
    start, end = 0, len(text)
    for m in _BREAK.finditer(text):
        if m.end() <= value[0]:
            start = m.end()
        elif m.start() >= value[1]:
            end = m.start()
            break
    return start, end


def prototype(text: str, value: str, when: str | None) -> str | None:
    at = text.find(value)
    if at < 0:
        return None
    a, b = piece_of(text, (at, at + len(value)))
    piece = text[a:at] + "X" + text[at + len(value) : b]
    if when and when in piece:
        piece = piece.replace(when, " ")
    piece = _OPENER.sub("", " ".join(piece.split()).strip(" ,;:-!.?"))
    if len(piece.split()) < 3 or len(piece) > 160:
        return None  # "for X", "X arrived": too short to say what happened
    return piece if _SELF.match(piece) else f"I {piece}"


def rows(corpus: Path) -> list[tuple[str, str]]:
    out: dict[tuple[str, str], None] = {}
    for path in sorted(corpus.glob("*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            item = json.loads(line)
            own = "addressee" if item["speaker_role"] == "assistant" else "speaker"
            for fact in item["facts"]:
                if fact["subject"] != own or not fact.get("value"):
                    continue
                intent = intent_of(fact["relation"], fact["aspect"])
                text = prototype(item["text"], fact["value"], fact.get("when"))
                if intent is not None and text is not None:
                    out[(intent, text)] = None
    return sorted(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT / "corpus" / "reader")
    parser.add_argument("--out", type=Path, default=BANK_FILE)
    args = parser.parse_args()
    found = rows(args.corpus)
    by_intent: dict[str, list[str]] = {}
    for intent, text in found:
        by_intent.setdefault(intent, []).append(text)
    args.out.write_text(
        json.dumps(by_intent, indent=0, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    counts = {k: len(v) for k, v in by_intent.items()}
    print(f"{len(found)} prototypes -> {args.out}: {counts}; starts read: {sorted(STARTS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
