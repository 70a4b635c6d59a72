"""Build the semantic cue's corpus prototypes from the labelled reader corpus.

    python scripts/build_cue_bank.py [--corpus corpus/reader]   # writes the bank and vectors
    python scripts/build_cue_bank.py --eval                      # held-out accuracy, writes nothing

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
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from chronomem.extractors.rules.cue.corpus_bank import (  # noqa: E402
    BANK_FILE,
    VECTORS_FILE,
    intent_of,
    intents_from,
    save_vectors,
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


def rows(corpus: Path) -> list[tuple[str, str, str]]:
    """(item id, intent, prototype) of every usable labelled fact, in a fixed order, each
    (intent, prototype) once."""
    out: dict[tuple[str, str], str] = {}
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
                    out.setdefault((intent, text), item["id"])
    intents_of: dict[str, set[str]] = {}
    for intent, text in out:
        intents_of.setdefault(text.lower(), set()).add(intent)
    # a wording labelled two ways ("I move to X": a move, a plan, a club) teaches nothing
    return [
        (item_id, intent, text)
        for (intent, text), item_id in sorted(out.items())
        if len(intents_of[text.lower()]) == 1
    ]


def by_intent(found: list[tuple[str, str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for _, intent, text in found:
        out.setdefault(intent, []).append(text)
    return out


def held_out(item_id: str) -> bool:
    """The evaluation split: one item in five, by a stable hash of its id."""
    return zlib.crc32(item_id.encode()) % 5 == 0


def evaluate(found: list[tuple[str, str, str]]) -> None:
    """Each held-out prototype (one corpus item in five, by a hash of its id) read by the
    cue's decision rule against a bank built without the held-out items: the winning reading
    (a start, an ending or nothing) must reach the threshold and lead its rivals by the
    margin. A held-out start or ending should give that reading, a held value said again or
    a visit nothing. Reported with the hand bank alone and with the corpus's."""
    from chronomem.extractors.rules.cue.bank import Bank
    from chronomem.extractors.rules.cue.cue_bank import BANK as HAND
    from chronomem.memory import default_embedder

    embedder = default_embedder()
    train = [row for row in found if not held_out(row[0])]
    test = [row for row in found if held_out(row[0])]
    want = [_reading(intent) for _, intent, _ in test]
    queries = np.asarray(embedder.embed_batch([text for _, _, text in test]), dtype=np.float32)
    for label, bank in (
        ("hand bank", Bank(HAND)),
        ("hand + corpus", Bank(HAND, intents_from(by_intent(train)))),
    ):
        texts = [p for intent in bank.intents for p in intent.prototypes]
        scores = queries @ np.asarray(embedder.embed_batch(texts), dtype=np.float32).T
        got = [_decide(bank, row) for row in scores]
        pairs = list(zip(got, want, strict=True))
        right = sum(a == b for a, b in pairs)
        told = [(a, b) for a, b in pairs if a != "none"]
        meant = [(a, b) for a, b in pairs if b != "none"]
        precision = sum(a == b for a, b in told) / max(1, len(told))
        recall = sum(a == b for a, b in meant) / max(1, len(meant))
        print(
            f"{label}: {right}/{len(want)} held-out prototypes read right "
            f"({right / len(want):.3f}); "
            f"readings given: precision {precision:.3f} ({len(told)}), recall {recall:.3f} "
            f"({len(meant)}); train {len(train)}, test {len(test)}"
        )


def _reading(intent: str) -> str:
    return "none" if intent in ("holds", "decoy") else intent


def _decide(bank: object, row: np.ndarray) -> str:
    """The cue's rule (``semantic.py``) without the object's kind, which a prototype lacks."""
    from chronomem.extractors.rules.cue import semantic

    intents = bank.intents  # type: ignore[attr-defined]
    best = np.maximum.reduceat(row, bank.first_rows)  # type: ignore[attr-defined]
    readings = list(bank.readings)  # type: ignore[attr-defined]
    win_at = max(readings, key=lambda i: best[i])
    win = intents[win_at]
    if win.polarity == "decoy":
        return "none"
    ending = win.polarity == "end"
    rivals = [
        i
        for i in (*readings, *bank.held_again)  # type: ignore[attr-defined]
        if i != win_at
        and (
            (intents[i].polarity == "holds" and ending)
            or (intents[i].polarity != "holds" and intents[i].relation != win.relation)
        )
    ]
    rival = max((best[i] for i in rivals), default=-1.0)
    threshold = semantic.END_THRESHOLD if ending else semantic.THRESHOLD
    margin = semantic.END_MARGIN if ending else semantic.MARGIN
    if best[win_at] < threshold or best[win_at] - rival < margin:
        return "none"
    return "end" if ending else f"start:{win.relation}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT / "corpus" / "reader")
    parser.add_argument("--eval", action="store_true", help="held-out accuracy; write nothing")
    args = parser.parse_args()
    found = rows(args.corpus)
    if args.eval:
        evaluate(found)
        return 0
    bank = by_intent(found)
    text = json.dumps(bank, indent=0, ensure_ascii=False, sort_keys=True) + "\n"
    BANK_FILE.write_text(text, encoding="utf-8")
    from chronomem.memory import default_embedder

    embedder = default_embedder()
    texts = [p for intent in intents_from(bank) for p in intent.prototypes]  # the cue's order
    vectors = np.asarray(embedder.embed_batch(texts), dtype=np.float32)
    digest = save_vectors(VECTORS_FILE, embedder.name, texts, vectors)
    counts = {k: len(v) for k, v in bank.items()}
    print(f"{len(found)} prototypes -> {BANK_FILE.name}: {counts}")
    print(
        f"vectors of {embedder.name} -> {VECTORS_FILE.name}: sha256 {digest} "
        "(pin it in corpus_bank.py)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
