"""Rows for the thing of a kind one has, and for one thing replacing another.

* Possession said in passing: "cracked the screen on my Pixel 6", "my work iphone keeps
  freezing", "my husband's Pixel" -> the owner USES_PHONE it (``kinds.py`` says which kind;
  a name of no known kind gives nothing). Not when the clause loses or replaces it ("sold my
  Civic"), speaks of an accessory ("my iPhone case") or of a former one ("my old Nikon").
* The replacement grammar, for any kind of thing: "swapped/traded/exchanged X for Y",
  "replaced X with Y", "switched/upgraded from X to Y", "Y has replaced X", "bought Y to
  replace X", "took my X and gave me Y", "gave me Y instead", "Y is my new <kind>". The new
  thing is the value held now, the old one ended; the kind comes from either name, a head
  noun, or the relation the old thing was held by (``kinds.kinds_of_replacement``).
"""

from __future__ import annotations

from chronomem.extractors.rules.analysis.kinds import HEAD_WORDS, LOWER_THING, NAME_TRIGGERS, THING
from chronomem.extractors.rules.tables.life_words import PEOPLE_ROLES, PET_SPECIES
from chronomem.extractors.rules.tables.row import RelationPattern as P

_HEAD = rf"(?: (?P<device>{HEAD_WORDS}))?"
# "for an electric scooter, a Niu": the kind said first, the name in apposition
_APPOSED = rf"(?:(?:[a-z-]+ )?(?P<head>{HEAD_WORDS}),? (?:an? |the )?)?"
_FRESH = r"(?:new |brand new |brand-new |used |secondhand |second-hand |refurbished |shiny )?"
_FORMER = r"(?:old |trusty |beloved |ancient |beat-up |battered |dead |broken |stolen )?"
_OWNER = r"(?:my|our|the|an?|his|her|their)"
# A clause that loses, replaces or remembers the thing, or speaks of an accessory of it
_NOT_HELD = (
    r"^(?!.*\b(?:sold|sell|selling|sells|lost|lose|losing|stolen|stole|crashed|totaled|totalled|"
    r"wrecked|replaced|replace|replacing|swapped|swap|traded|trade|trading|returned|return|"
    r"returning|took|taken|ditched|dumped|died|dead|broke|broken|retired|upgraded|switched|"
    r"gave|give|rid|used to|former|previous|old|borrowed|borrowing|rented|loaner|loan|instead|"
    r"case|cover|charger|cable|stock|shares|account|app|lens|monitor|keyboard|mouse|"
    r"headphones|earbuds|dealership|dealer|ad|ads|insurance|lease|warranty|wallpaper)\b)"
)
# The old thing may be any word the speaker holds a thing by ("swapped the gazelle for a
# Cortina" after "my bike is a Gazelle"): its kind then comes from what is held
_OLD = rf"(?P<old>{THING}|(?-i:[a-z][a-z-]+))"
# A wish or a plan: "dad wants to swap his Civic for my Corolla"
_NO_WISH = (
    r"^(?!.*\b(?:want|wants|wanted|wanna|thinking|considering|might|maybe|should|would|could|"
    r"plan|plans|planning|gonna|going to|if|someday|hoping|hope|tempted|debating)\b)"
)
# A word before the name that names another sort of thing: "my cat Pixel", "my son Mac"
_MODIFIER = (
    r"(?!(?:" + "|".join(sorted(PET_SPECIES | PEOPLE_ROLES, key=len, reverse=True)) + r")\b)"
    r"(?-i:[a-z-]+)"
)
_VERBS_SWAP = (
    "swapped swapping swap swaps traded trading trade trades exchanged exchanging replaced "
    "replacing replace replaces"
)

REPLACEMENT_ROWS: tuple[P, ...] = (
    # "swapped my thinkpad for a MacBook Air", "traded the vespa in for a Niu", "replaced my
    # Fitbit with a Garmin", "swapped it for a Pixel 9" (the thing just told of)
    P(
        "USES_KIND",
        r"\b(?P<swap>swapped|swapping|swap|swaps|traded|trading|trade|trades|exchanged|exchanging|"
        rf"replaced|replacing|replace|replaces)(?: in| out)? (?:{_OWNER} {_FORMER}{_OLD}|it|that)"
        rf"(?: (?:{HEAD_WORDS}))?(?: in| out)? (?:for|with) (?:an? |the |my )?{_FRESH}"
        rf"{_APPOSED}(?P<obj>{THING}){_HEAD}",
        "Item",
        "inline",
        "possessor",
        template="{source} now has {a_target}",
        requires=_NO_WISH,
        triggers=_VERBS_SWAP,
    ),
    # "switched from the fiesta to a Kia Niro", "upgraded from an iPhone 12 to a 15 Pro"
    P(
        "USES_KIND",
        r"\b(?:(?P<swap>switched|switching|switch|upgraded|upgrading|downgraded|downgrading)|"
        rf"moved|changed|went) (?:over )?from {_OWNER}? ?{_FORMER}{_OLD}"
        rf"(?: (?:{HEAD_WORDS}))? to (?:an? |the |my )?{_FRESH}(?P<obj>{THING}){_HEAD}",
        "Item",
        "inline",
        "possessor",
        template="{source} now has {a_target}",
        requires=_NO_WISH,
        triggers="switched switching switch moved changed went upgraded upgrading "
        "downgraded downgrading",
    ),
    # "the Apple Watch has replaced my garmin", "a Kobo replaced my old Kindle"
    P(
        "USES_KIND",
        rf"(?P<obj>{THING}){_HEAD} (?:has |have |just |finally |officially |now )*"
        rf"(?P<swap>replaced|took over from|is replacing|replaces) (?:my|our|the) {_FORMER}"
        rf"(?P<old>{THING})",
        "Item",
        "inline",
        "possessor",
        template="{source} now has {a_target}",
        triggers="replaced took replacing replaces",
    ),
    # "bought a Trek hybrid to replace the brompton", "got a Kobo to replace my dead Kindle"
    P(
        "USES_KIND",
        r"\b(?:bought|got|ordered|picked up|grabbed|getting|buying|leased) (?:myself |me )?"
        rf"(?:an? |the )?{_FRESH}(?P<obj>{THING}){_HEAD}(?: [a-z-]+){{0,2}}? (?P<swap>to replace) "
        rf"(?:my|our|the) {_FORMER}(?P<old>{THING})",
        "Item",
        "inline",
        "possessor",
        template="{source} now has {a_target}",
        triggers="bought got ordered picked grabbed getting buying leased",
    ),
    # "IT gave me a galaxy s23", "my mom handed me her old Canon": a thing of a known kind given
    P(
        "USES_KIND",
        rf"\b(?:gave|gives|handed|issued|got) (?:me|us) (?:an? |the |her |his |their )?{_FRESH}"
        rf"(?:old )?(?P<obj>{THING}){_HEAD}",
        "Item",
        "inline",
        "possessor",
        requires=r"^(?!.*\b(?:for (?:christmas|my birthday|a week|the weekend)|to borrow|lent|"
        r"loan|loaner|back)\b)",
        triggers="gave gives handed issued got",
    ),
    # "they gave me a macbook pro instead", "got an iphone 15 instead", "on a fairphone now"
    P(
        "USES_KIND",
        r"\b(?:got|bought|getting|went with|picked up|using|use|on|rocking|gave me|gave us|"
        rf"handed me|drive|driving|ride|riding) (?:an? |the )?{_FRESH}(?P<obj>{LOWER_THING})"
        r"(?: (?!now\b|instead\b)[a-z]+){0,3} (?:instead|now|these days|nowadays)\b",
        "Item",
        "inline",
        "possessor",
        template="{source} now has {a_target}",
        triggers="instead now days nowadays",
    ),
    # "the Kobo is my new e-reader", "a Gazelle is my new bike", "the pixel is my main phone"
    P(
        "USES_KIND",
        rf"(?P<obj>{THING}) (?:is|'s) (?:now |officially )?(?:my|our) (?:new |current |main |"
        rf"daily |only |everyday )?(?P<device>{HEAD_WORDS})\b",
        "Item",
        "inline",
        "possessor",
        template="{source} now has {a_target}",
        triggers=" ".join(sorted(w for w in HEAD_WORDS.split("|") if w.isalpha())),
    ),
    # "cracked the screen on my Pixel 6", "my work iphone keeps freezing", "my Gazelle bike"
    P(
        "USES_KIND",
        rf"\b(?:my|our|your) (?:[a-z]+'s )?(?:{_MODIFIER} ){{0,2}}?(?P<obj>{THING}){_HEAD}"
        r"(?!'s|[\w-])",
        "Item",
        "inline",
        "possessor",
        requires=_NOT_HELD,
        reject_labels=frozenset({"Person", "Pet", "Location", "Organization"}),
        triggers=NAME_TRIGGERS,
    ),
)
