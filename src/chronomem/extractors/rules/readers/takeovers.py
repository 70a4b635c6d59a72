"""A role the speaker holds for someone, taken over by a person the sentence names without
the role: "Piotr is leaving ... Aleksandra Nowicka will take over from next Tuesday", "Le
Goff retires at the end of the month, and the new one is Lieutenant Morvan", "Jodie Nguyen
will step in as operations manager".

The role is the one said after "as", else the role of the speaker's whose holder was met
last (named in this sentence before the new one, or in the turns before): the person whose
leaving the take-over answers. A role holder met last who is no holder of a role of the
speaker's (a friend, a colleague) gives nothing, and so does "take over" with an object of
its own ("take over the project").
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.tables.life_words import ROLES_LEAD, ROLES_MANAGER, ROLES_PERSONAL

# "... will take over", "'s agreed to take over", "is stepping in": the name is just before
_TAKES_OVER = re.compile(
    r"\s+(?:(?:will|'ll|is going to|is set to|is due to|has agreed to|'s agreed to|agreed to|"
    r"is to|is|'s|has)\s+)?(?:take|takes|taking|took|taken|step|steps|stepping|stepped)\s+"
    r"(?:over|in)\b(?:\s+as\s+(?:the\s+|our\s+|my\s+|new\s+)*(?P<role>[a-z]+(?:\s+[a-z]+){0,2}))?"
    # no object of its own: "take over the project" takes over a thing, not a role
    r"(?=\s*(?:$|[.,;:!?)]|(?:from|on|in|next|when|after|once|as|at|this|tomorrow|today)\b))",
    re.I,
)
# "the new one is Lieutenant Morvan": the name is just after
_NEW_ONE = re.compile(r"\bthe new one (?:is|'s|will be)\s+$", re.I)


def takeover_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The speaker's role a person named here takes over (``Known.roles``)."""
    if s.speaker is None or s.assistant or s.question:
        return []
    me = normalize_name(s.speaker)
    out: list[Hit] = []
    for span in s.spans:
        if not span.named or normalize_name(span.name) in known.speakers:
            continue
        over = _TAKES_OVER.match(s.text, span.end)
        if over is None and not _NEW_ONE.search(s.text, max(0, span.start - 24), span.start):
            continue
        said = (over.group("role") or "") if over is not None else ""
        role = said.split()[-1].lower() if said else _left_role(s, known, me, span)
        if not role or known.in_role(me, role) == span.name:
            continue
        if any(h.target.name == span.name and h.relation in _RELATIONS for h in hits):
            continue
        relation = "MANAGED_BY" if role in ROLES_MANAGER else "ROLE_HELD_BY"
        text = f"{span.name} is {s.speaker}'s {role}"
        clause = s.clause_at(span.start)
        speaker = Party(s.speaker, "Person", speaker=True)
        out.append(
            Hit(
                relation,
                speaker,
                Party(span.name, "Person"),
                False,
                clause,
                (span.start, span.end),
                text,
            )
        )
        known.learn_role(s.speaker, role, span.name)
    return out


_RELATIONS = ("MANAGED_BY", "ROLE_HELD_BY")
# roles one holds for someone (a boss, a coach, a GP), not kin or friends
_POSTS = ROLES_MANAGER | ROLES_PERSONAL | ROLES_LEAD


def _left_role(s: Sentence, known: Known, me: str, new: Span) -> str | None:
    """The speaker's role whose holder was met last before ``new``: named earlier in this
    sentence, else the last of the people met in the turns before."""
    mine = {
        normalize_name(person): role
        for (owner, role), person in known.roles.items()
        if owner == me and role in _POSTS
    }
    here = [sp for sp in s.spans if sp.end <= new.start and normalize_name(sp.name) in mine]
    if here:
        return mine[normalize_name(here[-1].name)]
    met = [key for key in known.people if key in mine and key != normalize_name(new.name)]
    return mine[met[-1]] if met else None
