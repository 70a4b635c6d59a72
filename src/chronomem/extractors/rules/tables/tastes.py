"""Rows for tastes told by what one does with a thing rather than by a verb of liking.

"I mostly listen to jazz while working", "we listen to a lot of k-pop", "been listening to
Fleetwood Mac": what one listens to habitually is a taste (LIKES, which accumulates: a new
one never closes the old). People and advice one listens to are no taste ("I listen to my
doctor", "listen to your gut"), nor is one thing heard once ("I listened to a podcast");
"I never listen to X" tells nothing.

What one prefers, told by the verb, of anyone the clause names ("I've always preferred
cats", "Gulnara prefers the night shift", "she'd prefer the aisle"): PREFERS, one per kind
(the head noun: an aisle seat replaces a window seat).
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.life_words import (
    ROLES_DATING,
    ROLES_FAMILY,
    ROLES_FRIEND,
    ROLES_MANAGER,
    ROLES_MARRIED,
    ROLES_PERSONAL,
)
from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.words import word_set

_NOT_TASTES = (
    ROLES_DATING
    | ROLES_FAMILY
    | ROLES_FRIEND
    | ROLES_MANAGER
    | ROLES_MARRIED
    | ROLES_PERSONAL
    | word_set(
        "advice gut heart body instincts instinct people parents kids teacher teachers "
        "everyone anyone nobody someone others rest voice voicemail message messages "
        "feedback doctors experts reason"
    )
)

TASTE_ROWS: tuple[P, ...] = (
    P(
        "LIKES",
        r"\b(?:listen|listens|(?:been|keep|always|mostly|usually) listening) to "
        r"(?:a lot of |lots of |mostly |only )?",
        "Topic",
        "phrase",
        reject_labels=frozenset({"Person", "Organization", "Location"}),
        reject_heads=_NOT_TASTES,
        template="{source} listens to {target}",
        triggers="listen listens listening",
    ),
    P(
        "PREFERS",
        r"\b(?:prefer|prefers|preferred|preferring) (?:the |a |an |to have |having )?",
        "Topic",
        "phrase",
        reject_labels=frozenset({"Person"}),
        template="{source} prefers {target}",
        triggers="prefer prefers preferred preferring",
    ),
)
