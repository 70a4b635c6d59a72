"""Who a clause is about when no name says it: roles, pronouns and the two speakers.

"My sister moved to Rome" is about the speaker's sister (Emma, when an earlier turn said
"my sister Emma"); "She moved to Chicago" about the last person met; on an assistant's
turn, "you" and "your" are the user and "I" is the assistant, who has no facts worth a
memory ("Congrats on your move to Denver!" is a fact about the user).
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.gender import noun_gender, pronoun_gender
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.tables.life_words import (
    ROLES_DATING,
    ROLES_FAMILY,
    ROLES_FRIEND,
    ROLES_LEAD,
    ROLES_MANAGER,
    ROLES_MARRIED,
)
from chronomem.text.words import word_set

# Chat spellings of a role -> the role's name.
ROLE_ALIASES = {
    "bf": "boyfriend", "gf": "girlfriend", "hubby": "husband", "wifey": "wife",
    "sis": "sister", "bro": "brother", "mum": "mom", "mommy": "mom", "daddy": "dad",
    "grandma": "grandmother", "grandpa": "grandfather", "fiancée": "fiance", "fiancé": "fiance",
    "fiancee": "fiance", "bestie": "best friend", "bff": "best friend",
}  # fmt: skip
_PEERS = word_set("roommate flatmate coworker colleague neighbor neighbour mate")
_IN_LAW = word_set("mother father sister brother son daughter")
_FORMER = word_set("wife husband boyfriend girlfriend partner")


def _role_forms() -> frozenset[str]:
    """Every way a role word names people: "my sisters", "my brother-in-law" (or "brother in
    law"), "my ex" and "my ex-wife", beside the words themselves."""
    single = ROLES_FRIEND | ROLES_FAMILY | _PEERS
    plural = {f"{w}s" for w in single if not w.endswith("s")}
    in_law = {f"{w}{tie}" for w in _IN_LAW for tie in ("-in-law", " in law")}
    former = {f"ex-{w}" for w in _FORMER} | {"ex"}
    return frozenset(plural | in_law | former)


PERSON_ROLES = (
    ROLES_MARRIED
    | ROLES_DATING
    | ROLES_FRIEND
    | ROLES_FAMILY
    | ROLES_MANAGER
    | ROLES_LEAD
    | frozenset(ROLE_ALIASES)
    | _PEERS
    | word_set("landlord therapist doctor")
    | word_set("parents grandparents in-laws kids children grandkids")  # "my parents moved"
    | _role_forms()
)
ROLE_WORDS = "|".join(sorted(PERSON_ROLES, key=lambda w: (-len(w), w)))
_ROLE_NP = re.compile(
    rf"\b(?P<owner>my|our|your|his|her)\s+(?:(?:new|old|best|older|younger|little|big"
    rf"|(?P<ex>ex))\s+)?(?P<role>{ROLE_WORDS})\b(?!\s+(?-i:[A-Z]))(?!'s)",
    re.I,
)
_PRONOUN = re.compile(r"\b(?:[Hh]e|[Ss]he)\b")
_YOU = re.compile(r"\b(?:[Yy]ou|[Yy]ou're|[Yy]ou've|[Yy]ou'll|[Yy]ou'd)\b")


# "my neighbour Wale", "her colleague Ada": a name right after a role only people hold
_AFTER_ROLE = re.compile(
    rf"\b(?:my|our|your|his|her|their)\s+(?:(?:new|old|best|older|younger|little|big|ex)\s+)?"
    rf"(?:{ROLE_WORDS}),?\s+$",
    re.I,
)


def label_role_names(text: str, spans: list[Span]) -> None:
    """A name of no known kind told right after a person's role ("my neighbour Wale"), or
    beside the speaker as the subject of a clause ("Alfred and I lived ...", "me and Jo"),
    is a person's name, wherever the sentence names it again ("... until Alfred died": no
    pet). A name ending a clause before "and I" ("I work at Acme and I ...") is not."""
    people = {
        span.name
        for span in spans
        if span.named
        and span.label is None
        and (
            _AFTER_ROLE.search(text, 0, span.start)
            or (AND_ME.match(text, span.end) and _CLAUSE_OPENS.search(text, 0, span.start))
            or ME_AND.search(text, max(0, span.start - 12), span.start)
        )
    }
    for span in spans:
        if span.named and span.label is None and span.name in people:
            span.label = "Person"


# the speaker beside a name as one subject: "Alfred and I", "me and Jo"
AND_ME = re.compile(r"\s*(?:and|&)\s+(?:I|me|myself)\b")
ME_AND = re.compile(r"\b(?:I|me|[Mm]yself)\s*(?:and|&)\s+$")
# where a clause opens: the text's start, a stop or comma, or a word that opens a clause
_CLAUSE_OPENS = re.compile(
    r"(?:^|[.!?;:,(\n]|\b(?:but|so|then|when|because|while|since|after|before|until"
    r"|though|although|once|if))\s*$",
    re.I,
)


def canonical_role(word: str) -> str:
    low = word.lower()
    return ROLE_ALIASES.get(low, low)


def owner_of(s: Sentence, word: str) -> str | None:
    """Whose role a possessive names: "my" -> the speaker (none on an assistant's turn),
    "your" -> the listener (the user, on an assistant's turn)."""
    low = word.lower()
    if low in ("my", "our"):
        return None if s.assistant else s.speaker
    if low == "your":
        return s.user
    return None


# "my dad's car", "your wife's favourite band": the owner of a possessive is a person in a role
_ROLE_OWNER = re.compile(
    rf"\b(?P<owner>my|our|your)\s+(?:(?:new|old|best|older|younger|little|big)\s+)?"
    rf"(?P<role>{ROLE_WORDS})'s\b",
    re.I,
)


def role_owner(s: Sentence, text: str, known: Known) -> Party | None:
    """The person in a role whose thing ``text`` names ("my dad's car" -> Sam's dad)."""
    m = _ROLE_OWNER.search(text)
    owner = owner_of(s, m.group("owner")) if m else None
    if m is None or owner is None:
        return None
    return role_party(owner, canonical_role(m.group("role")), known)


def role_party(owner: str, role: str, known: Known) -> Party:
    """The person in ``owner``'s ``role``: the name told earlier, else "Sam's sister"."""
    name = known.in_role(owner, role)
    if name:
        return Party(name, "Person")
    return Party(f"{owner}'s {role}", "Person", named=False)


def roles_asked_of(question: str, user: str, known: Known) -> list[tuple[Party, str]]:
    """The user's people a question to the user names by role ("How's your nan?", "Where is
    your brother working now?"): each person and the role's word."""
    out = []
    for m in _ROLE_NP.finditer(question):
        if m.group("owner").lower() == "your" and not m.group("ex"):
            role = canonical_role(m.group("role"))
            out.append((role_party(user, role, known), role))
    return out


def role_mentions(
    s: Sentence, start: int, end: int, known: Known
) -> list[tuple[int, int, Party | None, str]]:
    """The people ``s.text[start:end]`` names by their role ("my son", "your ex-wife"): where,
    who (``None``: a role of someone no fact is kept about), and the role's word."""
    out: list[tuple[int, int, Party | None, str]] = []
    for m in _ROLE_NP.finditer(s.text, start, end):
        owner = owner_of(s, m.group("owner"))
        role = canonical_role(m.group("role"))
        role = f"ex-{role}" if m.group("ex") else role  # "my ex boyfriend": no partner now
        party = role_party(owner, role, known) if owner else None
        out.append((m.start(), m.end(), party, role))
    return out


def met_party(name: str, known: Known) -> Party:
    """``name``, a person or a pet met (``Known.antecedent``), as one end of a fact: a pet
    keeps its label and species."""
    key = normalize_name(name)
    if not known.is_pet(key):
        return Party(name, "Person")
    species = known.species.get(key)
    return Party(name, "Pet", attributes=(("species", species),) if species else ())


def _role_before(s: Sentence, at: int, gender: str | None, known: Known) -> Party | None:
    """The person in a role of ``gender`` the sentence names last before offset ``at``, with
    no one met named between them ("Apparently my son has decided ..., but he's ten": the
    son, not the word that opened the sentence)."""
    if gender is None:
        return None
    roles = [
        (a, party)
        for a, _, party, role in role_mentions(s, 0, at, known)
        if party is not None and noun_gender(role) == gender
    ]
    if not roles:
        return None
    where, party = roles[-1]
    return None if any(where < o < at for o, _ in known.named_in(s.text)) else party


def _role_asked(s: Sentence, at: int, gender: str | None, known: Known) -> Party | None:
    """The user's person of ``gender`` the assistant's question just before named by role,
    when no one met is named before offset ``at`` ("How's your nan?" - "she hates the food
    there": the nan)."""
    if not known.asked or not s.speaker or gender is None:
        return None
    if any(o < at for o, _ in known.named_in(s.text)):
        return None
    asked = roles_asked_of(known.asked, s.speaker, known)
    fits = [party for party, role in asked if noun_gender(role) == gender]
    return fits[-1] if fits else None


def implicit_subjects(
    s: Sentence, start: int, end: int, known: Known
) -> list[tuple[int, int, Party | None]]:
    """Subjects in ``s.text[start:end]`` that are no span: role phrases, he/she, and on an
    assistant's turn "you". ``None``: a subject that is no one worth a fact."""
    out: list[tuple[int, int, Party | None]] = [
        (a, b, party) for a, b, party, _ in role_mentions(s, start, end, known)
    ]
    for m in _PRONOUN.finditer(s.text, start, end):
        gender = pronoun_gender(m.group())
        in_role = _role_before(s, m.start(), gender, known) or _role_asked(
            s, m.start(), gender, known
        )
        if in_role is not None:
            out.append((m.start(), m.end(), in_role))
            continue
        later = known.named_after(s.text, m.start())
        name = known.antecedent(gender, pets=True, later=later)
        out.append((m.start(), m.end(), met_party(name, known) if name else None))
    if s.assistant and s.user:
        user = Party(s.user, "Person", speaker=True)
        out += [(m.start(), m.end(), user) for m in _YOU.finditer(s.text, start, end)]
    return out
