"""The cue's prototypes learned from the labelled reader corpus (``corpus/reader``).

``scripts/build_cue_bank.py`` turns each labelled fact of the corpus into one prototype
clause in the cue's format and writes them to ``corpus_prototypes.json``, by intent, with
their vectors in ``corpus_prototypes.npz``. They join the hand-written bank (``cue_bank.py``)
as intents of their own: a clause close to a writer's "my own flat in X" starts a residence
as a hand-written prototype would. Which intent a labelled fact teaches (``intent_of``) is
the one decision written here.

The vectors are the default encoder's, stored exactly: its outputs lie on a grid of 2^-11
(``providers/local.py``), kept here as int16 multiples of it, so the shipped rows equal what
the encoder gives on any CPU. They are pinned by sha256; with another encoder (or a bank
edited without rebuilding) the prototypes are embedded instead, once per model
(``prototypes.py``).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Final

import numpy as np

from chronomem.errors import UsageError
from chronomem.extractors.rules.cue.intents import DECOY, END, HOLDS, START, Intent
from chronomem.extractors.rules.cue.prototypes import prototype_vectors
from chronomem.gridmath import on_grid
from chronomem.ports import Embedder, Matrix
from chronomem.providers.local import GRID

BANK_FILE: Final = Path(__file__).with_name("corpus_prototypes.json")
VECTORS_FILE: Final = Path(__file__).with_name("corpus_prototypes.npz")
VECTORS_SHA256: Final = "94dc2ece65182358faa03bbe919476639029455fc7e6ef277eb99f5756dadc92"
_PLACE = frozenset({"Location", None})
_ORG = frozenset({"Organization", None})
_THING = frozenset({"Product", "Device", None})
_ANY = frozenset({"Location", "Organization", "Product", "Device", "Event", None})
# the relations whose starts the cue reads, and the object labels each accepts
STARTS: Final = {
    "LIVES_IN": _PLACE,
    "WORKS_AT": _ORG,
    "STUDIES_AT": _ORG,
    "MEMBER_OF": _ORG,
    "DRIVES": _THING,
    "USES_PHONE": _THING,
    "USES_LAPTOP": _THING,
    "USES_CAMERA": _THING,
    "WEARS_WATCH": _THING,
    "RIDES_BIKE": _THING,
}
# Aspects whose wording teaches no reading: a denial, a wish or a plan is read by the clause's
# mood before the cue (``semantic._candidate``), and as a prototype it only pulled clauses
# that say the opposite ("said yes to the offer from X") off their reading; a correction
# ("wait I mean X") takes its relation from the turn before.
_TEACH_NOTHING = frozenset({"negation", "hypothetical", "plan", "correction"})


def intent_of(relation: str, aspect: str) -> str | None:
    """The intent a labelled fact teaches: ``start:<RELATION>``, ``end``, ``holds`` (a
    value held, of a relation the cue does not start: a rival of an ending only) or
    ``decoy`` (a visit: a rival of every reading). Denials, wishes and plans teach none:
    the clause's mood reads them, and a dated plan is a start on its date. A correction
    ("wait I mean X") takes its relation from the turn before: its wording teaches none."""
    if aspect in _TEACH_NOTHING:
        return None
    if relation == "VISITED":
        return "decoy"  # a trip names a place with no change of home
    if aspect == "end":
        return "end"
    if aspect in ("state", "start"):
        return f"start:{relation}" if relation in STARTS else "holds"
    return None


def intents_from(by_intent: dict[str, list[str]]) -> tuple[Intent, ...]:
    """The intents of a bank file's contents (intent name -> prototype texts)."""
    out = []
    for name, texts in sorted(by_intent.items()):
        if name == "decoy":
            out.append(Intent("corpus-decoy", None, DECOY, _ANY, tuple(texts)))
        elif name == "holds":
            out.append(Intent("corpus-holds", None, HOLDS, _ANY, tuple(texts)))
        elif name == "end":
            out.append(Intent("corpus-end", "ENDS_KNOWN", END, _ANY, tuple(texts), known_only=True))
        else:
            relation = name.removeprefix("start:")
            out.append(
                Intent(f"corpus-{relation}", relation, START, STARTS[relation], tuple(texts))
            )
    return tuple(out)


@cache
def corpus_intents() -> tuple[Intent, ...]:
    """The corpus's intents, read from the shipped file."""
    return intents_from(json.loads(BANK_FILE.read_text(encoding="utf-8")))


def corpus_texts() -> list[str]:
    return [p for intent in corpus_intents() for p in intent.prototypes]


def texts_digest(texts: list[str]) -> str:
    return hashlib.sha256("\x1e".join(texts).encode("utf-8")).hexdigest()


def corpus_vectors(embedder: Embedder) -> Matrix:
    """One row per corpus prototype (``corpus_texts`` order): the shipped rows when
    ``embedder`` is the encoder they were made with, else embedded by ``embedder``."""
    texts = corpus_texts()
    shipped = _shipped(embedder.name, texts_digest(texts))
    return shipped if shipped is not None else prototype_vectors(embedder, texts)


@cache
def _shipped(model: str, digest: str) -> Matrix | None:
    data = VECTORS_FILE.read_bytes()
    found = hashlib.sha256(data).hexdigest()
    if found != VECTORS_SHA256:
        raise UsageError(
            f"the cue's corpus vectors at {VECTORS_FILE} have sha256 {found}, not the pinned "
            f"{VECTORS_SHA256}: reinstall chronomem, or rebuild them with "
            "scripts/build_cue_bank.py and pin the new digest in corpus_bank.py"
        )
    with np.load(VECTORS_FILE, allow_pickle=False) as npz:
        if str(npz["model"]) != model or str(npz["texts"]) != digest:
            return None
        return (npz["grid"].astype(np.float32) * np.float32(GRID)).astype(np.float32)


def save_vectors(path: Path, model: str, texts: list[str], vectors: Matrix) -> str:
    """Write the prototypes' vectors (exact multiples of the grid) to ``path``; returns the
    file's sha256, to pin in ``VECTORS_SHA256``."""
    grid = on_grid(vectors)
    if not np.allclose(grid * GRID, vectors, rtol=0, atol=0):
        raise UsageError(f"{model}'s vectors are not on the 2^-11 grid: cannot store them exactly")
    with path.open("wb") as f:
        np.savez_compressed(
            f,
            grid=grid.astype(np.int16),
            model=np.array(model),
            texts=np.array(texts_digest(texts)),
        )
    return hashlib.sha256(path.read_bytes()).hexdigest()
