"""The cue's prototypes learned from the labelled reader corpus (``corpus/reader``).

``scripts/build_cue_bank.py`` turns each labelled fact of the corpus into one prototype
clause in the cue's format and writes them here, in ``corpus_prototypes.json``, by intent.
They join the hand-written bank (``cue_bank.py``) as intents of their own: a clause close to
"I X-ed into a flat in X" (a writer's wording, not ours) starts a residence as a hand-written
prototype would. Which intent a labelled fact teaches (``intent_of``) is the one decision
written here.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Final

from chronomem.extractors.rules.cue.intents import DECOY, END, START, Intent

BANK_FILE: Final = Path(__file__).with_name("corpus_prototypes.json")
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
_DECOY_ASPECTS = frozenset({"plan", "negation", "hypothetical"})


def intent_of(relation: str, aspect: str) -> str | None:
    """The intent a labelled fact teaches: ``start:<RELATION>``, ``end``, ``holds`` (a
    value held, of a relation the cue does not start: a rival of an ending) or ``decoy``."""
    if aspect in _DECOY_ASPECTS or relation == "VISITED":
        return "decoy"
    if aspect == "end":
        return "end"
    if aspect in ("state", "start", "correction"):
        return f"start:{relation}" if relation in STARTS else "holds"
    return None


@cache
def corpus_intents() -> tuple[Intent, ...]:
    """The corpus's intents, read from the shipped file (none when it is absent)."""
    if not BANK_FILE.is_file():
        return ()
    by_intent: dict[str, list[str]] = json.loads(BANK_FILE.read_text(encoding="utf-8"))
    out = []
    for name, texts in sorted(by_intent.items()):
        if name in ("decoy", "holds"):
            out.append(Intent(f"corpus-{name}", None, DECOY, _ANY, tuple(texts)))
        elif name == "end":
            out.append(Intent("corpus-end", "ENDS_KNOWN", END, _ANY, tuple(texts), known_only=True))
        else:
            relation = name.removeprefix("start:")
            out.append(
                Intent(f"corpus-{relation}", relation, START, STARTS[relation], tuple(texts))
            )
    return tuple(out)
