"""Rows for a home or a thing told without the usual verb and object.

* A place pointed at, not named: "I live there now!", "we've lived here ten years", "work is
  transferring me to Nagoya, I moved over the weekend". The target is the place named last:
  in the sentence before the verb, else in the conversation (``place_target``). A bare
  "moved" counts only when nothing but a date or filler follows it in its clause ("I moved
  the meeting" is no move).
* Where one lives, by the home one rents or buys: "I rent a one bedroom in Astoria", "we
  bought a townhouse in Leeds".
* The thing one uses now, by name with no verb: "Sony A7 IV now", "it's a Ducati Monster
  now", "got a used Prius instead", "new phone: Pixel 8", "my car is a VW Golf". The
  relation follows the kind of thing (``values.py``: a car is the car one DRIVES, a phone
  the one one USES_PHONE), so the new value closes the old; a name of no known kind gives
  nothing ("Google now").
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.kinds import THING
from chronomem.extractors.rules.analysis.known import Known
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

_NOT_PLACE = frozenset({"Organization", "Person", "Event", "Work", "Device", "Pet"})
_DWELLING = (
    r"(?:house|condo|apartment|flat|place|home|studio|loft|townhouse|townhome|duplex|bungalow|"
    r"cottage|room|unit|one[- ]bed(?:room)?|two[- ]bed(?:room)?|\d[- ]?bed(?:room)?|\d ?br|"
    r"bedroom|terrace|cabin|farmhouse|houseboat|bedsit|maisonette|villa|rental)"
)
_SETTLEMENT = r"(?:town|village|suburb|neighbou?rhood|area|city)"
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

# "a good person", "a different person" say what someone is like, not what they prefer
_CHARACTER = (
    r"good|bad|nice|better|worse|different|new|changed|real|whole|kind|great|horrible|"
    r"terrible|decent|normal|happy|sad|lucky|lovely|private|shy|quiet|nervous|positive|"
    r"negative|same|only|single|other|older|younger|young|old|grown|free|strong|busy|lazy"
)
NOMINAL_ROWS: tuple[P, ...] = (
    P(
        "LIVES_IN",
        r"\b(?:live|lives|lived|living|settled|based)(?: (?:right|still|now|full[- ]time))?"
        r" (?:over |out |right )?(?:here|there)\b"
        r"|\b(?:moved|relocated)(?: (?:back|over|out))?(?: (?:here|there))?\b(?! (?:to|from)\b)",
        "Location",
        "place",
        reject_labels=_NOT_PLACE,
        template="{source} lives in {target}",
        triggers="live lives lived living settled based moved relocated",
    ),
    P(
        "LIVES_IN",
        r"\b(?:rent|rents|renting|rented|bought|buying|own|owns|got|share|sharing|have|has|"
        r"moved into|moving into|move into|signed a lease on|(?:moved|moving|move|relocated)"
        r"(?: back| out of(?: [A-Za-z-]+){1,3}| away from(?: [A-Za-z-]+){1,3}"
        r"| from (?P<old>[\w-]+(?: [\w-]+){0,2})(?: out)?)? to)"
        # a home told by where it stands: "a flat in X", "a village near X", "the farmhouse
        # outside X", "moved from Lyon out to a village near X"
        rf" (?:an? |my |our |the )?(?:[a-z0-9-]+ ){{0,2}}(?:{_DWELLING}|{_SETTLEMENT})"
        r" (?:in|near|(?:just )?outside(?: of)?|close to)\b"
        r"|\bsigned (?:a|the|our|my) lease in\b|\bmoved in (?:together )?in\b"
        r"|\b(?:live|lives|living|moved back|moved in) with (?:my |our |his |her |their )?"
        r"[a-z]+(?: [a-z]+)? in\b"
        # "we live in a small town outside Boston", "a suburb of Chicago"
        rf"|\b(?:live|lives|lived|living) in an? (?:[a-z-]+ ){{0,2}}{_SETTLEMENT} (?:just )?"
        r"(?:outside(?: of)?|near|close to|of|north of|south of|east of|west of)\b",
        "Location",
        reject_labels=_NOT_PLACE,
        triggers="rent rents renting rented bought buying own owns got share sharing have has "
        "moved moving move relocated signed live lives living",
    ),
    # "home is Berlin these days", "home base is Lisbon now"
    P(
        "LIVES_IN",
        _CLAUSE_START
        + r"(?:my |our )?home(?: base)? (?:is|'s) (?:now |currently )?(?P<obj>{NAME})",
        "Location",
        "inline",
        "possessor",
        reject_labels=_NOT_PLACE,
        template="{source} lives in {target}",
        triggers="home",
    ),
    # "just moved! new apartment in Brooklyn", "new place in Queens, finally"
    P(
        "LIVES_IN",
        _CLAUSE_START + rf"(?:(?:a|our|my) )?(?:new|first) (?:[a-z-]+ )?{_DWELLING} in\b",
        "Location",
        "named",
        "possessor",
        reject_labels=_NOT_PLACE,
        template="{source} lives in {target}",
        triggers="new first",
    ),
    # "I'm based out of Chicago", "we've been in Lisbon since March"
    P(
        "LIVES_IN",
        r"\bbased out of\b|\bbeen (?:living |based )?in\b",
        "Location",
        reject_labels=_NOT_PLACE,
        requires=r"\bbased out of\b|\bsince\b",
        triggers="based been",
    ),
    # "greetings from rainy Cork, where I've lived for six years", "back in Leeds where we
    # live now": a home named, then told of in a relative clause
    P(
        "LIVES_IN",
        r"(?P<obj>{NAME}),? where (?:I|we)(?: (?:now |currently |still |also )?live| ?(?:'m|am|"
        r"'re|are) (?:now |currently |still )?living|(?:'ve| have) (?:always |now )?(?:lived|"
        r"been living))\b",  # "where I grew up", "where we lived": a home of the past
        "Location",
        "inline",
        "possessor",
        reject_labels=_NOT_PLACE,
        triggers="where",
    ),
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
    # "we left Chicago for Denver": a move, when both are places
    P(
        "LIVES_IN",
        r"\b(?:left|ditched|swapped|traded) (?P<old>{NAME}) for (?P<obj>{NAME})",
        "Location",
        "inline",
        reject_labels=_NOT_PLACE,
        need_labels=frozenset({"Location"}),
        requires=r"^(?!.*\b(?:trip|vacation|holiday|weekend|conference|visit\w*|week|days)\b)",
        triggers="left ditched swapped traded",
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
    # "my laptop died": the laptop told before is gone ("my iphone died": that one)
    *(
        P(
            relation,
            rf"\b(?:my|our|your) (?:old |poor |trusty )?(?P<kind>{kind}){GONE}",
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
    # "I'm a mountains person now", "she's more of a cat person": what one prefers
    P(
        "PREFERS",
        r"(?:\b(?:am|is|are|was)|'m|'re|'s|\bim)(?P<neg> not| no longer| never)?(?: now| still|"
        r" really| totally| definitely| officially)?(?: more of| such| much more of)? an? "
        rf"(?!(?:{_CHARACTER}) person)(?P<obj>[a-z][a-z-]+) person\b",
        "Topic",
        "inline",
        template="{source} is a {target} person",
        triggers="person",
    ),
)
_FILLER = word_set(
    "over finally just already officially now lol haha btw too again back recently so yay omg "
    "and but here there the last week weekend this month year ago"
)
_WORDS = re.compile(r"[a-z']+", re.I)
_POINTED = re.compile(r"(?:here|there)$", re.I)
_IN = re.compile(r"\s+(?:in|at|to)\s+", re.I)
_INTO = re.compile(r"(?:to|in|into)\W*$", re.I)


def place_target(
    s: Sentence, m: re.Match[str], clause: tuple[int, int], known: Known
) -> Party | None:
    """The place "there", "here" or a bare "moved" points at: the last place named before
    the verb in this sentence ("transferring me to Nagoya, I moved"), else the last place
    met in the conversation. None when a bare "moved" has an object ("moved the meeting")."""
    if not _POINTED.search(m.group()) and not _bare(s, m.end(), clause[1]):
        return None
    named = _IN.match(s.text, m.end())  # "we've lived here in Vienna": the place is named
    after = next((sp for sp in s.spans if named and sp.start == named.end()), None)
    if after is not None and after.label not in _NOT_PLACE:
        return Party(
            after.name, after.label or "Location", True, False, tuple(after.attributes.items())
        )
    before = [sp for sp in s.spans if sp.named and sp.end <= m.start()]
    for span in reversed(before):
        pointed = span.label == "Location" or (
            span.label is None and _INTO.search(s.text[max(0, span.start - 8) : span.start])
        )
        if pointed:
            return Party(span.name, "Location", True, False, tuple(span.attributes.items()))
    later = {sp.name for sp in s.spans if sp.start >= m.end()}
    place = next((p for p in reversed(known.places.values()) if p not in later), None)
    return Party(place, "Location") if place else None


def _bare(s: Sentence, start: int, end: int) -> bool:
    """Only dates and filler words follow, up to the end of the clause."""
    rest = s.text[start:end]
    for t in sorted(s.times, key=lambda t: -t.start):
        if t.end > start and t.start < end:  # "moved over the weekend": "over" is the date's
            a, b = max(t.start, start) - start, min(t.end, end) - start
            rest = rest[:a] + " " + rest[b:]
    return all(w.lower() in _FILLER for w in _WORDS.findall(rest))
