"""Rows of the pattern table for people: partners, friends, family, managers and the
roles one holds for someone ("my sister Emma", "Emma is my sister", "my new manager is
Priya", "my climbing coach is Jo"), and exes (``moves.py``). One part of the table in
:mod:`.patterns`, which keeps its place.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.lexicon import NUMBER_TEENS, NUMBER_TENS, NUMBER_UNITS
from chronomem.extractors.rules.tables.life_words import (
    ROLES_DATING,
    ROLES_FAMILY,
    ROLES_FRIEND,
    ROLES_MANAGER,
    ROLES_MARRIED,
    ROLES_PERSONAL,
)
from chronomem.extractors.rules.tables.moves import EX_ROWS
from chronomem.extractors.rules.tables.row import NOT_PERSON as _NOT_PERSON
from chronomem.extractors.rules.tables.row import RelationPattern
from chronomem.text.words import alternatives as _alt

_KIN = _alt(ROLES_FAMILY | ROLES_MARRIED | ROLES_DATING)

# An age, in figures or in words: "29", "fifty-five", "ninety four", "three".
_UNITS, _TEENS, _TENS = (_alt(words) for words in (NUMBER_UNITS, NUMBER_TEENS, NUMBER_TENS))
_AGE = rf"(?:1[01]\d|[1-9]?\d|(?:{_TENS})(?:[- ](?:{_UNITS}))?|{_TEENS}|{_UNITS})"
# "I'm 29", "she is ninety-four", "he's 4", "you're 45", "turned forty last week", "Rex is three
# years old": a form of "to be" or "turn" before the number, and after it the end of the
# clause, a unit of age or a word of time; a number of anything else ("16 weeks pregnant",
# "5 minutes away", "we're 3 in the flat") is no age
# an age in a comparison is no one's: "he says like I'm 12", "as if she was five"
_LIKE = "".join(
    rf"(?<!\b{w} {p})" for w in ("like", "as if", "as though") for p in ("I", "he", "she", "you")
)
_AGE_FORM = (
    rf"{_LIKE}(?:\b(?:am|is|turned|turning|turns|turn)|'[ms]|\bim|(?<=\byou)(?: are|'re))\s+"
    r"(?:now |just |only |almost |nearly |finally |officially |about |already )?"
    rf"(?P<obj>{_AGE})(?:\s*(?:years?|yrs?)(?: old)?|\s*(?:yo|y/o))?"
    r"(?=\s*(?:$|[,.;:!?)]|\s(?:today|tomorrow|yesterday|now|and|but|so|this|next|last|in|"
    r"on|lol|too|already|soon|tho|though|since|which|when|if|because|cause|cos|haha)\b))"
)


# one word of what kind before a role: "a French boyfriend", "a lovely new girlfriend"
_ONE_WORD = r"(?:(?!(?:is|was|and|or|own|ex|new)\b)[A-Za-z]+ )?"
# the verb that says who holds a role, with an adverb of its own: "Josée is officially my boss"
_COPULA = r"(?:is|was|'s|became|has been|'s been)(?: (?:now|officially|finally|still|also))?"
# a role said after another the same person holds: "Josée is the owner and my boss now"
_AS_WELL = r"(?:(?:the|an?) [a-z]+ and )?"


def _role_rows(
    relation: str, roles: frozenset[str], *, held: bool = False
) -> tuple[RelationPattern, ...]:
    """ "my sister Emma", "Emma is my sister", "my new manager is Priya" (also "your" on an
    assistant's turn): the owner of the possessive is the source. ``held``: a role one
    holds for someone, named with what it is for ("my climbing coach is Jo", "my team lead",
    "Dr. Abiola has been my GP") and held for one's kin ("my son's coach is Mr Ade": the
    son's)."""
    alt = _alt(roles)
    text = "{target} is {source}'s {role}"
    free = r"(?:(?!(?:is|was|and|or|own|ex)\b)[a-z]+ )?" if held else ""
    kind = (
        rf"(?:best |closest |old |dear |new |current |family |swim |personal )?{free}"
        rf"(?P<role>{alt})"
    )
    mine = rf"(?:my|our|your)(?: (?:{_KIN})'s)?" if held else r"(?:my|our|your)"
    # "a company called Bluestone", "a guy named Phil": the name of what the role is
    called = r"(?:(?:an?|some) (?:[a-z]+ ){0,2}(?:called|named) )?"
    forms = (
        rf"\b{mine} {kind},? (?P<obj>{{NAME}})",
        # (not "Mithu is my brother's parrot": the brother's)
        rf"(?P<obj>{{NAME}}),? {_COPULA} {_AS_WELL}{mine} (?:new )?{kind}\b(?!['’]s\b)",
        rf"\b{mine} {kind} (?:is|'s) (?:now |currently )?{called}(?P<obj>{{NAME}})",
        # "I got a new boss, Karen", "we have a new landlord named Mr. Lee", "we got a new
        # team lead, Tom" (a held role with what it is for)
        # ("she has a French boyfriend now, Clément": one word of what kind, and "now")
        rf"\b(?:got|have|has|'ve got) (?:an? )?(?:new )?{free or _ONE_WORD}(?P<role>{alt})"
        rf"(?: now)?,? (?:named |called )?(?P<obj>{{NAME}})",
    )
    # a chat line written as a label: "new manager: Rebecca", "my coach now = Ms. Ortiz"
    label = (
        rf"(?:\b{mine} (?:new |current )?|\b(?:new|current) |^\W*)(?P<role>{alt})(?: now)?"
        rf" ?[:=] ?(?P<obj>{{NAME}})"
    )
    triggers = ("my our your",) * (len(forms) - 1) + ("got have has", " ".join(sorted(roles)))
    # who "got" or "has" the new one is the clause's subject: "Pia has a new boyfriend, Oren"
    modes = ("possessor",) * (len(forms) - 1) + ("clause", "possessor")
    rows = tuple(
        RelationPattern(
            relation,
            form,
            "Person",
            "inline",
            mode,
            template=text,
            triggers=words,
            presupposed=form is forms[0],  # "my sister Emma is visiting next week"
        )
        for form, words, mode in zip((*forms, label), triggers, modes, strict=True)
    )
    if not held:
        return rows + _theirs_rows(relation, kind, text, roles)
    # a held role's next holder, said as the one in it: "the new manager is Paola" (the
    # speaker's, as "new manager: Rebecca" is)
    successor = rf"\b(?-i:[Tt])he new {free}(?P<role>{alt}) (?:is|'s) (?P<obj>{{NAME}})"
    return (
        *rows,
        RelationPattern(
            relation, successor, "Person", "inline", "possessor", template=text, triggers="new"
        ),
    )


def _theirs_rows(
    relation: str, kind: str, text: str, roles: frozenset[str]
) -> tuple[RelationPattern, ...]:
    """A role someone else holds for a person named with it: "Pia moved in with her
    girlfriend Juno", "Pia's new boyfriend Oren", "Bea introduced us to Oren, her new
    boyfriend". The owner is the person named before the "his"/"her" in the sentence
    (never the person in the role; ``clause_subjects._third_owner``), or the name before
    the "'s"."""
    forms = (
        rf"\b(?:his|her|their) {kind},? (?P<obj>{{NAME}})",
        rf"(?<=['’]s ){kind},? (?P<obj>{{NAME}})",
        rf"(?P<obj>{{NAME}}), (?:his|her|their) {kind}\b",
    )
    return tuple(
        RelationPattern(relation, form, "Person", "inline", "possessor", template=text,
                        triggers=" ".join(sorted(roles)), presupposed=True)
        for form in forms
    )  # fmt: skip


# fmt: off
P = RelationPattern
PEOPLE_ROWS: tuple[RelationPattern, ...] = (
    # -- people -----------------------------------------------------------------------------
    *EX_ROWS,
    *_role_rows("MARRIED_TO", ROLES_MARRIED),
    *_role_rows("DATING", ROLES_DATING),
    *_role_rows("FRIEND_OF", ROLES_FRIEND),
    *_role_rows("FAMILY_OF", ROLES_FAMILY),
    *_role_rows("MANAGED_BY", ROLES_MANAGER | {"lead", "leader"}, held=True),
    *_role_rows("ROLE_HELD_BY", ROLES_PERSONAL, held=True),
    P("MARRIED_TO", r"\b(?:(?:re)?married to|got (?:re)?married to|(?:re)?married|wed|tied the "
      r"knot with|got hitched to|eloped with)\b",
      "Person", reject_labels=_NOT_PERSON, triggers="married remarried wed tied hitched eloped"),
    P("DATING", r"\b(?:dating|going out with|in a relationship with|engaged to)\b", "Person",
      reject_labels=_NOT_PERSON, triggers="dating going relationship engaged"),
    # "I've been seeing someone, Clara Weiss": a partner; not a visit or an appointment
    # ("seeing Dr Osei on Monday", "seeing Jo tonight")
    P("DATING", r"(?:\b(?:have|has) been|'ve been|'s been|\b(?:am|is|are)|'m|'re) (?:also |now "
      r"|still )?seeing(?: someone| somebody| a (?:guy|girl|man|woman))?"
      r"(?: called| named|,)?(?=\s)",
      "Person", reject_labels=_NOT_PERSON,
      requires=r"^(?!.*\b(?:tonight|tomorrow|today|later|next|this (?:week|weekend|evening)|on "
      r"(?:mon|tue|wed|thu|fri|sat|sun)\w*|dr|doctor|therapist|counsell?or|physio|dentist|gp|"
      r"specialist|consultant)\b)", triggers="seeing"),
    P("FRIEND_OF", r"\b(?:friends with|befriended|made friends with)\b", "Person",
      reject_labels=_NOT_PERSON, triggers="friends befriended"),
    P("HAS_AGE", _AGE_FORM, "Age", "inline", template="{source} is {target} years old",
      triggers="am is m s im are re turned turning turns turn"),
)
del P
# fmt: on
