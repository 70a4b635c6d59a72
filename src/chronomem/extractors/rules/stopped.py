"""The ``stopped`` stage: an ending of a habit, a diet or a medicine is also a state that
lasts from that day, having stopped ("binned my last pack of cigarettes last night": the
habit ends, and from then on the speaker is someone who quit). The ending alone closes the
old value, which then no longer holds; what holds now is that it was given up, which a
question "does Gareth smoke?" asks about. Taking it up again ends that state
(``extractors/resolution.py``, :func:`~chronomem.extractors.resolution.opposite_tastes`).
"""

from __future__ import annotations

from chronomem.extractors.rules.draft import Draft
from chronomem.extractors.rules.plain_texts import stopped_sentence
from chronomem.extractors.rules.trace import Trace
from chronomem.model import ExtractedFact
from chronomem.model.relations import STOPPABLE, STOPPED


def add_stopped(draft: Draft, trace: Trace | None) -> None:
    """A ``STOPPED`` fact from the day each ending of a :data:`STOPPABLE` value the episode
    tells took effect, that day already come (a planned end is no state yet: "dry from
    September" said in May), said plainly ("Gareth gave up cigarettes": the ending's own
    words may not say it, "binned my last pack"). The draft's days are switched already
    (``Draft.switch_days``): an ending dated only by when it was said ends on the day the
    value that took its place starts."""
    said = draft.said_at
    for key, fact in list(draft.facts.items()):
        source, target, relation = key
        if relation not in STOPPABLE or fact.valid_at is not None or fact.invalid_at is None:
            continue
        if said is not None and fact.invalid_at > said:
            continue
        made = (source, target, STOPPED)
        if made in draft.facts:
            continue
        text = stopped_sentence(relation, fact.source, fact.target)
        draft.facts[made] = ExtractedFact(
            fact.source, fact.target, STOPPED, text, valid_at=fact.invalid_at
        )
        if key in draft.told_in:
            draft.told_in[made] = draft.told_in[key]
        if trace is not None:
            trace.made(made, "stopped")
