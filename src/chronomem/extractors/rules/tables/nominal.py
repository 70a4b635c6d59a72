"""Rows for a thing told without the usual verb and object: the thing one uses now, by name
with no verb: "Sony A7 IV now", "it's a Ducati Monster now", "got a used Prius instead",
"new phone: Pixel 8", "my car is a VW Golf". The relation follows the kind of thing
(``values.py``: a car is the car one DRIVES, a phone the one one USES_PHONE), so the new
value closes the old; a name of no known kind gives nothing ("Google now").

(A home pointed at, "I live there now", rented or named without the usual verb, and "a
mountains person", were rows here until round 13: the learned reader's now, or missed.)
"""

from __future__ import annotations

from chronomem.extractors.rules.analysis.kinds import THING
from chronomem.extractors.rules.analysis.values import DEVICE_RELATIONS
from chronomem.extractors.rules.tables.life_words import (
    BIKE_NAMES,
    CAMERA_NAMES,
    CAR_NAMES,
    LAPTOP_NAMES,
    PHONE_NAMES,
    WATCH_NAMES,
)
from chronomem.extractors.rules.tables.row import GONE, GONE_WORDS
from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.words import word_set

# The kinds of thing one uses one at a time, as head nouns ("my car is a ...").
_DEVICES = ("car", "phone", "camera", "laptop", "watch", "bike", "motorbike", "motorcycle")
_DEVICE = rf"(?P<device>{'|'.join(_DEVICES)})"
# "new phone: Pixel 8", "new car - a Mazda": the label ends the clause before the name.
_AFTER_NEW_DEVICE = (
    "(?:"
    + "|".join(
        f"(?<=\\bnew {d}{sep})" for d in _DEVICES for sep in (": ", " - ", " \u2013 ", " \u2014 ")
    )
    + ")"
)
# A clause that holds only the name: any word of a known kind of thing may trigger it.
_NAME_WORDS = " ".join(
    sorted(CAR_NAMES | PHONE_NAMES | CAMERA_NAMES | LAPTOP_NAMES | WATCH_NAMES | BIKE_NAMES)
)
_CLAUSE_START = (
    r"(?:^|(?<=[,;:.!?\u2600-\u27bf\U0001f300-\U0001faff])|(?<=[,;:.!?\u2600-\u27bf"
    r"\U0001f300-\U0001faff] )|(?<=\bso )|(?<=\band ))\s*"
    r"(?:(?:and|but|so|anyway|now|actually) )?"
)
_NOW = r"(?:now|these days|nowadays|instead|from now on)\b"
# The clause ends after "now" ("Pixel 8 now, honestly better"); "Tesla now offers free
# charging" is a sentence about Tesla, not the thing one has.
_VERBLESS_END = (
    r"(?=\s*(?:$|[^\w\s'])|\s+(?:lol|haha|lmao|tho|though|honestly|btw|and|but|so|which|"
    r"too|for|because|since|after|obviously|anyway)\b)"
)

NOMINAL_ROWS: tuple[P, ...] = (
    # "new phone day, went with an iPhone 15", "opted for a Subaru Outback": a choice of a
    # thing of a known kind (a phone, a car, a bike) is the one used now; "went with my
    # sister", "settled on the salmon" name no such kind and give nothing
    P(
        "USES_KIND",
        r"\b(?:went with|opted for|settled on|decided on|ended up with|ended up getting|"
        r"ended up buying|going with)\b",
        "Item",
        "phrase",
        reject_heads=word_set(
            "case cases charger cable cables protector insurance plan contract repair battery "
            "lock helmet seat cover mount ride rides trip tour lesson lessons shop"
        ),
        triggers="went opted settled decided ended going",
    ),
    P(
        "USES_KIND",
        rf"(?:\b(?:my|our|your|the new) (?:[a-z]+'s )?|{_CLAUSE_START})(?:new |current |old )?"
        rf"(?:(?-i:work|main|daily|personal|everyday|family|own|commuter) )?{_DEVICE}"
        r"(?:'s| is)(?: now| currently)?"
        rf" (?:an? |the )?(?-i:[a-z]+ ){{0,2}}?(?P<obj>{{NAME}}|{THING})",
        "Item",
        "inline",
        "possessor",
        triggers="my our your new " + " ".join(_DEVICES),
    ),
    # "my laptop died": the laptop told before is gone ("my iphone died": that one; "the
    # bike got nicked": the one the speaker rides)
    *(
        P(
            relation,
            rf"\b(?:my|our|your|the) (?:old |poor |trusty )?(?P<kind>{kind}){GONE}",
            "Item",
            "context",
            "possessor",
            ending=True,
            triggers=GONE_WORDS,
        )
        for kind, relation in DEVICE_RELATIONS.items()
    ),
    P(
        "USES_KIND",
        rf"\b(?:my|our|your) (?:old |poor |trusty )?(?!(?:{'|'.join(_DEVICES)})\b)"
        r"(?P<obj>[A-Za-z]+(?: [A-Za-z0-9]+){0,2}?)" + GONE,
        "Item",
        "inline",
        "possessor",
        ending=True,
        triggers=GONE_WORDS,
    ),
    # "ditched my Android for an iPhone": the new thing of a known kind replaces the old
    P(
        "USES_KIND",
        r"\b(?:ditched|dumped|left|swapped out) (?:an? |the |my |our )?"
        r"(?P<old>(?-i:[a-z]?[A-Z][\w'-]*)(?: (?-i:[A-Z0-9][\w-]*)){0,3}) for (?:an? |the )?"
        r"(?P<obj>(?-i:[a-z]?[A-Z][\w'-]*)(?: (?-i:[A-Z0-9][\w-]*)){0,3})",
        "Item",
        "inline",
        triggers="ditched dumped left swapped",
    ),
    # "the new phone arrived, a Pixel 8", "my new laptop came today: a MacBook Air"
    P(
        "USES_KIND",
        rf"\bnew {_DEVICE} (?:finally |just )?(?:arrived|came|showed up|is here|got delivered|"
        r"was delivered)(?: today| yesterday| this morning)?[,:!\s\u2013\u2014-]+"
        r"(?:it'?s |its )?(?:an? |the )?(?P<obj>{NAME})",
        "Item",
        "inline",
        "possessor",
        template="{source} now has {a_target}",
        triggers="arrived came showed here delivered",
    ),
    P(
        "USES_KIND",
        _AFTER_NEW_DEVICE + r"(?:an? |the )?(?P<obj>{NAME})",
        "Item",
        "inline",
        "possessor",
        template="{source} now has {a_target}",
        triggers=_NAME_WORDS,
    ),
    P(
        "USES_KIND",
        _CLAUSE_START + r"(?:(?:it's|its|it is|now it's|i'm on|im on|on|got|bought|drive|drives|"
        r"driving|ride|rides|riding|use|using|rocking|carry|carrying|shoot on|shooting on) )?"
        r"(?:an? |the )?(?:(?:used|new|brand new|second-?hand|refurbished|cheap|old) )?"
        r"(?P<obj>(?-i:[a-z]?[A-Z][\w'-]*)(?: (?-i:[A-Z0-9][\w-]*)){0,3})"
        r"(?: (?!now\b)(?-i:[a-z]+)){0,4} " + _NOW + _VERBLESS_END,
        "Item",
        "inline",
        "possessor",
        template="{source} now has {a_target}",
        triggers="now days nowadays instead",
    ),
)
