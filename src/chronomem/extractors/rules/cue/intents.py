"""What a prototype of the semantic cue stands for: its intent (relation and polarity)."""

from __future__ import annotations

from dataclasses import dataclass

# What the cue does when a prototype wins: relation and polarity.
START = "start"
END = "end"
DECOY = "decoy"
# a value held, said again: no change, and so no ending (a rival of ending intents only)
HOLDS = "holds"


@dataclass(frozen=True, slots=True)
class Intent:
    """One group of prototypes: ``relation`` started or ended, or a decoy.

    ``labels``: the object's labels this intent accepts (``None`` in the set: an object of
    no known label); ``known_only``: the object must be a value the subject holds already
    (an ending of something never told is no fact)."""

    name: str
    relation: str | None
    polarity: str
    labels: frozenset[str | None]
    prototypes: tuple[str, ...]
    known_only: bool = False
    family: str = ""  # intents of one family are no rivals (a hobby is also a taste)
