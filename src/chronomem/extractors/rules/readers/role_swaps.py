"""A partner's role set right: "My wife Daniela ... well, not my wife, my girlfriend, we are
not married", "she's my fiancée, not my wife". The person held in the wrong role keeps
their place beside the speaker in the right one: the wrong tie is taken back (it never
held) and the right one told, from the same start."""

from __future__ import annotations

import re
from typing import Final

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.life_words import ROLES_DATING, ROLES_MARRIED
from chronomem.text.words import alternatives

_RELATION_OF: Final = {
    **dict.fromkeys(ROLES_MARRIED, "MARRIED_TO"),
    **dict.fromkeys(ROLES_DATING, "DATING"),
}
_ROLE: Final = alternatives(frozenset(_RELATION_OF))
_MY: Final = r"(?:my|his|her|our)\s+"
_SWAPS: Final = (
    # "not my wife, my girlfriend"
    re.compile(
        rf"\bnot\s+{_MY}(?P<old>{_ROLE})\b\s*[,;]?\s*(?:but\s+|just\s+|only\s+)?{_MY}"
        rf"(?P<new>{_ROLE})\b",
        re.I,
    ),
    # "my girlfriend, not my wife"
    re.compile(rf"\b{_MY}(?P<new>{_ROLE})\b\s*,?\s*not\s+{_MY}(?P<old>{_ROLE})\b", re.I),
)


def role_swaps(s: Sentence, known: Known) -> list[Hit]:
    """The wrong tie taken back and the right one told, for a partner's role set right."""
    if s.speaker is None or s.assistant or s.question:
        return []
    for form in _SWAPS:
        m = form.search(s.text)
        if m is None:
            continue
        old = _RELATION_OF[m.group("old").lower()]
        new = _RELATION_OF[m.group("new").lower()]
        me = normalize_name(s.speaker)
        held = list(known.targets.get((me, old), {}).values())
        if old == new or len(held) != 1:
            return []
        who = held[0]
        start = known.starts.get((me, old, normalize_name(who)))
        speaker = Party(s.speaker, "Person", speaker=True)
        partner = Party(who, "Person")
        text = f"{who} is {s.speaker}'s {m.group('new').lower()}"
        whole = (0, len(s.text))
        return [  # the ending first: it folds into the told fact
            Hit(old, speaker, partner, True, whole, m.span(), retracts=start),
            Hit(new, speaker, partner, False, whole, m.span(), text, spell=(start, None)),
        ]
    return []
