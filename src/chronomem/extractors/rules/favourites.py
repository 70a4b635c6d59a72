"""Rows of the pattern table for favourites told beyond "my favourite X is Y" (that row and
"Y is my favourite X" are in ``states.py``):

* a favourite that takes another's place: "Shogun has replaced Severance as my favourite
  show", "Kaffi overtook Brew Lab as my go-to" -> HAS_FAVORITE Shogun, and the old one ended;
* someone else's favourite: "Maisie's favourite colour is green now", "her favourite band is
  Muse" (she: the person the conversation spoke of last) -> HAS_FAVORITE of that person.

HAS_FAVORITE holds one value per kind (``model/relations.py``; the kind is read from the fact
text, ``resolve.py``), so the template writes "<owner>'s favorite <kind> is <value>".
"""

from __future__ import annotations

from chronomem.extractors.rules.row import RelationPattern as P

FAVORITE = r"(?:favou?rite|fave|fav|go-to|go to)"
# "favourite show rn is X", "fave band atm is Y": a filler between the kind and the verb
FILLER = r"(?: (?:rn|atm|now|currently|these days|right now|at the moment|lately))?"
_KIND = r"(?P<kind>[a-z]+(?: (?!(?:rn|atm|now|currently|lately|is|was)\b)[a-z]+)?)"

FAVORITE_ROWS: tuple[P, ...] = (
    P(
        "HAS_FAVORITE",
        r"(?P<obj>{NAME}) (?:has |have |just |officially |finally )*(?:replaced|overtook|"
        r"overtaken|dethroned|beat out|bumped|knocked|took over from) (?:out )?(?P<old>{NAME})"
        r" as (?:my|our|your) (?:new |current |all-time )?" + FAVORITE + r"(?: " + _KIND + r")?\b",
        "Topic",
        "inline",
        "possessor",
        template="{source}'s favorite {kind} is {target}",
        triggers="replaced overtook overtaken dethroned beat bumped knocked took",
    ),
    P(  # "Maisie's favourite colour is green", "her fave band is Muse": the owner is the
        # name before "'s" (``clauses._named_owner``) or the person "her"/"his" points to
        "HAS_FAVORITE",
        r"(?:\b(?:his|her|their) |(?<='s ))(?:new |current |all-time |absolute )?"
        + FAVORITE
        + " "
        + _KIND
        + FILLER
        + r" (?:is|was|has to be|'s|would be)(?: now| currently| "
        r"definitely| probably)?\b",
        "Topic",
        "phrase",
        "possessor",
        template="{source}'s favorite {kind} is {target}",
        triggers="favorite favourite fave fav go",
    ),
)
