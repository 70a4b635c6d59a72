"""Rows of the pattern table for pets gone, the car one drives and the phone one uses.

"Max died", "we had to rehome the cat" end a pet (HAS_PET accumulates, so only an ending
closes it); DRIVES and USES_PHONE hold one value at a time (``model/relations.py``), so a new
car or phone closes the old one; ``(?P<old>...)`` captures a value given up in the same
breath ("switched from Android to an iPhone"). One part of the table in :mod:`.patterns`,
which keeps its place.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.gazetteer import LOCATION_SUFFIXES
from chronomem.extractors.rules.tables.row import GONE
from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.words import word_set

_DIED = (
    r"(?:died|passed away|passed|ran away|went missing|got lost|was put down|escaped|"
    r"disappeared|never came (?:back|home)|had to be put down|crossed the rainbow bridge|"
    r"(?:got|was) (?:hit|run over|killed) by a (?:car|truck)|(?:got|was) run over|"
    r"(?:was|has been|got|had to be) (?:rehomed|re-homed|put to sleep|given away)|"
    # a foster or a pet rehomed: "Kiwi went to her forever home on Saturday", "Captain went
    # to the Parrot Haven sanctuary" (looked ahead: a "her" in the match would name the
    # pet's owner)
    r"(?:went|has gone|left) (?:off |back )?to(?= (?:a |her |his |their )?(?:new |forever )home"
    r"| (?:a |the )?(?:[A-Z][\w'-]* ){0,3}(?:sanctuary|rescue|shelter|rehoming cent(?:re|er))\b))"
    # a pet that got out and came back is no loss: "escaped AGAIN, found him in the drawer",
    # "went missing for a day but turned up"
    r"(?!\W+(?:again|for (?:a|an|the|two|three|a few)\b|overnight|but)\b)"
)
# the owner lets a pet go: "we lost our dog Biscuit", "had to put down Hector", "rehomed
# Tofu with my aunt", "gave away our cat Miso" (the owner is the clause's subject)
_LET_GO = (
    r"\b(?:lost|rehomed|re-homed|gave away|given away|giving away|put down|put to sleep)\s+"
    r"(?:(?:my|our|the) )?(?:(?:old|little|sweet|poor|dear|beloved|lovely) )*"
    r"(?P<species>{PET}),? (?P<obj>{NAME})"
)
_LET_GO_TRIGGERS = "lost rehomed re gave given giving put"
# the owner had it done: "we had our cat Pudding put to sleep", "got old Rex put down"
_HAD_PUT_DOWN = (
    r"\b(?:had|have|has|got|get|having)\s+(?:(?:my|our|the) )?"
    r"(?:(?:old|little|sweet|poor|dear|beloved|lovely) )*(?:(?P<species>{PET}),? )?(?P<obj>{NAME})"
    r"\s+(?:put\s+(?:down|to\s+sleep)|euthani[sz]ed)\b"
)
_DIED_TRIGGERS = "died passed ran went got was had has crossed escaped disappeared never"
# the thing switched to: a name, or one or two words ("a house" of "a house in Kadıköy")
# (a word in lower case whole with its hyphens: "an e-bike", not "an e")
_OF_NAME = (
    r"(?:an? |the |my |our |your )?(?P<obj>{NAME}|[a-z]+(?:-[a-z]+)*"
    r"(?: (?!(?:in|near|outside|on|by|of)\b)[a-z]+(?:-[a-z]+)*)?)"
)
# A switch between places or homes is a move, not a thing used ("moved from Leeds to a
# house in Kadikoy"): the residence rows and the cue read it.
_NOT_USED = frozenset({"Location", "Person", "Event"})
_HOME_HEADS = LOCATION_SUFFIXES | word_set(
    "house flat apartment place home studio village town suburb area neighbourhood "
    "neighborhood countryside coast city centre center"
)

BELONGING_ROWS: tuple[P, ...] = (
    # -- pets gone --------------------------------------------------------------------------
    P(
        "HAS_PET",
        r"\b(?:my|our|your) (?:\w+ )?(?P<species>{PET}),? (?P<obj>{NAME}),? " + _DIED,
        "Pet",
        "inline",
        "possessor",
        ending=True,
        triggers=_DIED_TRIGGERS,
    ),
    P(
        "HAS_PET",
        r"(?P<obj>{NAME}) " + _DIED,
        "Pet",
        "inline",
        "possessor",
        ending=True,
        need_labels=frozenset({"Pet"}),
        triggers=_DIED_TRIGGERS,
    ),
    P("HAS_PET", _LET_GO, "Pet", "inline", ending=True, triggers=_LET_GO_TRIGGERS),
    P("HAS_PET", _HAD_PUT_DOWN, "Pet", "inline", ending=True, triggers="put euthanised euthanized"),
    P(  # "we rehomed the parrot": the parrot the conversation told of
        "HAS_PET",
        _LET_GO.split("(?P<species>")[0] + r"(?P<species>{PET})\b(?!,? {NAME})",
        "Pet",
        "context",
        ending=True,
        triggers=_LET_GO_TRIGGERS,
    ),
    P(
        "HAS_PET",
        r"\b(?:my|our|your) (?:\w+ )?(?P<species>{PET}) " + _DIED,
        "Pet",
        "context",
        "possessor",
        ending=True,
        triggers=_DIED_TRIGGERS,
    ),
    # -- the car one drives, the phone one uses ----------------------------------------------
    P(
        "USES",
        r"\b(?:switched|switching|switch|changed|upgraded|traded up) from "
        r"(?:an? |the |my |our )?(?P<old>{NAME}|[a-z]+(?: [a-z]+)?) to " + _OF_NAME,
        "Item",
        "inline",
        reject_labels=_NOT_USED,
        reject_heads=_HOME_HEADS,
        triggers="switched switching switch changed upgraded traded",
    ),
    # "moved from Android to an iPhone": a move between devices; between places it is a
    # new home (the residence rows)
    P(
        "USES",
        r"\b(?:moved|went) from (?:an? |the |my |our )?(?P<old>{NAME}|[a-z]+(?: [a-z]+)?) to "
        + _OF_NAME,
        "Item",
        "inline",
        need_labels=frozenset({"Device"}),
        triggers="moved went",
    ),
    P(
        "USES",
        r"\b(?:traded|trading|swapped|swapping|replaced|replacing) (?:in )?(?:an? |the |my"
        r" |our )?(?P<old>{NAME}|[a-z]+(?: [a-z]+)?) (?:in )?(?:for|with) " + _OF_NAME,
        "Item",
        "inline",
        reject_labels=_NOT_USED,
        reject_heads=_HOME_HEADS,
        triggers="traded trading swapped swapping replaced replacing",
    ),
    P(
        "USES_KIND",
        # "my iphone 12", "... and my Honda Fit payment is 280"; not the object of a verb
        # ("sold my Civic")
        r"(?:(?<![a-z] )|(?<=\band )|(?<=\bbut ))\b(?:my|our|your) (?:new |old |current |trusty )?"
        r"(?P<obj>[A-Za-z]+(?: "
        r"(?:\d+\w*|pro|max|mini|plus|ultra|air|galaxy|[a-z]\d+\w*)){0,3})\b"
        rf"(?!{GONE})",  # a thing gone is no thing used (nominal.py ends it)
        "Item",
        "inline",
        "possessor",
        triggers="my our your",
    ),
    P(
        "USES_KIND",
        r"\b(?:switched|switching|upgraded|moved|changed|went) (?:over )?to\b"
        r"|\b(?:got|bought|picked up|ordered|use|uses|using|(?:code|codes|coding|work|works"
        r"|working) on|shoots on|shoot on|shoots with|shoot with"
        r"|wears|wear|rides|ride|commutes on|have|has)(?: myself| me)?\b",
        "Item",
        "phrase",
        triggers="switched switching upgraded moved changed went got bought picked ordered use "
        "uses using code codes coding work works working shoots shoot wears wear rides ride "
        "commutes have has",
    ),
    P(
        "DRIVES",
        r"\b(?:drive|drives|driving|drove)\b(?! (?:to|home|back|up|down|over|through|"
        r"around|by|from|into|out|off|me|us|him|her|them|it))",
        "Car",
        "phrase",
        triggers="drive drives driving drove",
    ),
    P(
        "WORKS_AT",
        r"\b(?:my|your|her|his|the) (?:first|second) (?:week|day|month|shift) (?:at|with|in)\b",
        "Organization",
        subject="listener",
        reject_labels=frozenset({"Location", "Person"}),
        triggers="first second",
    ),
)
