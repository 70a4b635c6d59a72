"""Rows of the pattern table for favourites.

``FAVORITE_IS_ROWS``: "my favourite X is Y", "Y is my favourite X", "your go-to takeout".
``FAVORITE_ROWS``, favourites told beyond those:

* a favourite that takes another's place: "Shogun has replaced Severance as my favourite
  show", "Kaffi overtook Brew Lab as my go-to" -> HAS_FAVORITE Shogun, and the old one ended;
* someone else's favourite: "Maisie's favourite colour is green now", "her favourite band is
  Muse" (she: the person the conversation spoke of last) -> HAS_FAVORITE of that person.

HAS_FAVORITE holds one value per kind (``model/relations.py``; the kind is read from the fact
text, ``resolve.py``), so the template writes "<owner>'s favorite <kind> is <value>".
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.words import word_set

FAVORITE = r"(?:favou?rite|fave|fav|go-to|go to)"
# "favourite show rn is X", "fave band atm is Y": a filler between the kind and the verb
FILLER = r"(?: (?:rn|atm|now|currently|these days|right now|at the moment|lately))?"


def _kind_of_words(stops: str) -> str:
    """A favourite's kind of one or two words, the second none of ``stops``."""
    return rf"(?P<kind>[a-z]+(?: (?!(?:{stops})\b)[a-z]+)?)"


_KIND = _kind_of_words("rn|atm|now|currently|lately|is|was")

# A value written in lower case ("green", "pho", "thai food"): not a pronoun or a vague word
NOT_VALUE = (
    r"(?!(?:it|this|that|the|a|an|my|his|her|our|their|your|its|which|what|who|there|here|"
    r"one|mine|everything|nothing|something|anything|he|she|they|you|we|i|honestly|tbh|ngl|"
    r"ok|okay|so|well|yeah|lol|update|actually|officially|now)\b)"
)
VALUE = NOT_VALUE + r"(?-i:[a-z][a-z-]+)"
_RANK = r"(?:new |current |all-time |absolute |number one |#1 |ultimate |top |undisputed )*"
# where a clause starts: the value before "is my favourite X" is its first word or two
# words of chat that open a line and say nothing of it ("ok new fav show is X")
OPENERS = r"(?:(?:honestly|tbh|ngl|ok|okay|so|well|yeah|lol|update|actually|officially|now)\W+)*"
# the room one has for a thing: "the patience for", "any time for", "the stomach for" (what
# follows is the thing: a taste given up, a habit)
ROOM_FOR = r"(?:the |any |much |enough )?(?:patience|time|energy|appetite|stomach|room) for"
START = r"(?:^|(?<=[,;:.!?])|(?<=[,;:.!?] )|(?<=\band )|(?<=\bbut )|(?<=\bnow ))\s*" + OPENERS
# What "a ... person" says of one's character, not a leaning ("a good person", "a morning
# person" is a sleep schedule): a word of the list, or one shaped like an adjective
_NOT_LEANING = (
    r"(?!(?:morning|night|evening|early|people|good|bad|nice|kind|better|worse|different|"
    r"private|happy|shy|quiet|social|lazy|busy|new|changed|whole|real|normal|decent|great|"
    r"lovely|sweet|strong|weak|simple|calm|fun|funny|small|old|young|details?|numbers|ideas)"
    r"\b)"
    r"(?![a-z]+(?:ful|ous|ive|ble|al|ic|ed|ish|less|est|ent|ant|ly)\b)"
)
# What "it's ... now" says of a state or a moment, not of a choice ("it's too late now",
# "it's a no for me", "it's getting better now")
_NOT_CHOICE = (
    r"(?!(?:too|so|very|really|far|way|pretty|quite|rather|hard|easy|late|early|time|over|done|fine|ok|okay|better|worse|"
    r"same|different|no|yes|pass|maybe|raining|snowing|sunny|cold|hot|warm|getting|going|"
    r"coming|looking|happening|much|more|less|up|down|out|off|on|back|gone|here|there|"
    r"mine|free|cheap|expensive|busy|quiet|true|weird|boring|nothing|everything|all|about|"
    r"home|work|school|bedtime|lunchtime|dinnertime|night|morning|evening|tonight|today|"
    # who is left, how many, how one works: "it's just the two of us now", "it's all remote
    # now" (no choice of the speaker's)
    r"me|us|him|her|them|you|one|two|three|four|both|remote|online|hybrid|digital)\b)"
)
# a choice: a name, or up to three lower-case words ("drum and bass", "green tea"), never
# the "for me" after it
_CHOICE = (
    _NOT_CHOICE
    + _NOT_LEANING
    + r"(?:{NAME}|"
    + VALUE
    + r"(?: (?:and |n )?(?!(?:for|now|these|nowadays)\b)"
    + VALUE
    + r"){0,2})"
)
_NOT_AFTER = "".join(
    f"(?<!\\b{w} )" for w in sorted(word_set("the a an my his her our their your this that its"))
)

FAVORITE_ROWS: tuple[P, ...] = (
    # "green is my favourite colour now", "after this heatwave autumn is officially my
    # favorite season": a lower-case value (capitalised names are a
    # ``FAVORITE_IS_ROWS`` row)
    P(
        "HAS_FAVORITE",
        r"(?:"
        + START
        + r"(?P<obj>"
        + VALUE
        + r"(?: (?-i:[a-z][a-z-]+))?)|\b"
        + _NOT_AFTER
        + r"(?P<obj2>"
        + VALUE
        + r")) (?:is|'s) (?:now |still |officially |definitely |honestly"
        r" |easily |probably |totally |hands down )*(?:my|our) "
        + _RANK
        + FAVORITE
        + " "
        + _KIND
        + r"\b",
        "Topic",
        "inline",
        "possessor",
        template="{source}'s favorite {kind} is {target}",
        triggers="favorite favourite fave fav go",
    ),
    # "fav band is IDLES", "ok new fave show: Severance": a chat line without "my"
    P(
        "HAS_FAVORITE",
        r"(?:^|(?<=[.!?] ))\W*"
        + OPENERS
        + r"(?:(?:new|current|all-time) )?"
        + FAVORITE
        + " "
        + _KIND
        + FILLER
        + r" ?(?:is|'s|=|:)(?: now| currently| definitely| probably)?(?= )",
        "Topic",
        "phrase",
        "possessor",
        text_from_match=True,
        triggers="favorite favourite fave fav go",
    ),
    # "I'm a tea person through and through", "more of a dog person": a leaning, one at a
    # time (the kind is "person", ``model/slots.py``): "a coffee person now" replaces it
    P(
        "PREFERS",
        r"(?:\bam|'m|\bim) (?:(?:now|still|always|definitely|totally|really|such|honestly|"
        r"officially|just|so|more|much more) )*(?:of )?an? (?:total |complete |huge |big |real |"
        r"massive |true )?(?P<obj>" + _NOT_LEANING + r"[a-z]+) person\b",
        "Topic",
        "inline",
        template="{source} is a {target} person",
        triggers="person",
    ),
    # "it's green tea for me now", "these days it's cosy mysteries for me", "its all drum and
    # bass now": the speaker's choice told of "it", one at a time (its kind is its last
    # word). A word of the present must stand after it ("for me" between them), or "for me"
    # after a "now" opening the clause, or "these days" open it ("now it's spring" is no
    # choice); a state, a moment or a judgement is no choice ("it's too late for me now",
    # "it's freezing now", "it's all good now", "it's a big day for me")
    P(
        "PREFERS",
        START + r"(?:(?P<lately>these days|nowadays|lately)\W+|(?P<now>(?:so |but |and )?now)\W+)?"
        r"(?:it's|its|it is) "
        r"(?P<all>all |mostly |only |just |strictly |pretty much )?(?:the )?(?P<obj>"
        + _CHOICE
        + r")(?= for (?:me|us) (?:now|these days|nowadays|from now on)\b"
        r"|(?(all) (?:now|these days|nowadays)\b|(?!))"
        r"|(?(now) for (?:me|us)\b|(?!))"
        r"|(?(lately)(?: for (?:me|us)\b|\s*(?:[,.!;]|$))|(?!)))",
        "Topic",
        "inline",
        "possessor",
        template="{source} prefers {target} now",
        triggers="it its",
    ),
    # "I don't have the patience for fantasy doorstoppers anymore": the taste held that the
    # words name ends (``held_object``: "fantasy" read from "a big fantasy reader")
    P(
        "ENDS_KNOWN",
        r"\b(?:don't|do not|dont|no longer|can't|cannot|cant) (?:really )?(?:have|find) "
        + ROOM_FOR
        + r" (?:the |my |those )?(?=[^.!?;]*\b(?:any ?more|any longer|these days|now)\b)",
        "Thing",
        ending=True,
        target="phrase",
        reject_labels=frozenset({"Location", "Organization", "Person", "Event"}),
        triggers="patience time energy appetite stomach room",
    ),
    # "honestly over idles now", "I'm so over keto": a value held, given up
    *(
        P(
            "ENDS_KNOWN",
            lead + r"(?: so| totally| completely| honestly| kinda| pretty much| officially|"
            r" just)* ?over (?:the |my |with )?",
            "Thing",
            ending=True,
            target="phrase",
            subject=subject,
            # tired of a taste, not gone from a home, a job or a person ("so over Leeds
            # weather", "I'm so over Google" end nothing)
            reject_labels=frozenset({"Location", "Organization", "Person", "Event"}),
            triggers="over",
        )
        for lead, subject in (
            (r"(?:'m|\bim|\bam)", "clause"),
            (r"^\W*(?:(?:honestly|tbh|ok|okay|so|lol|yeah|ngl|officially)\W+)*", "possessor"),
        )
    ),
    P(
        "HAS_FAVORITE",
        r"(?P<obj>{NAME}|" + VALUE + r") (?:has |have |just |officially |finally )*(?:replaced|"
        r"overtook|overtaken|dethroned|beat out|bumped|knocked|took over from) (?:out )?"
        r"(?P<old>{NAME}|"
        + VALUE
        + r") as (?:my|our|your) "
        + _RANK
        + FAVORITE
        + r"(?: "
        + _KIND
        + r")?\b",
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

# the copula of a favourite that still holds: "is", "has always been", "will always be",
# "remains", "has become" ("Elgar has been my favourite composer since school"; not "was":
# "Elgar was my favourite until ..." tells one that is over)
_COPULA_NOW = (
    r"(?:is|'s|has to be|will (?:always |forever )?be|remains|has become"
    r"|(?:has|'s) (?:always |long |forever |now |probably |honestly )?been)"
)
# ... and every way a favourite is said to be one, "is still", "was", "became" too
_COPULA = rf"(?:{_COPULA_NOW}|was|would be|became)(?: still| always)?"
# a favourite's kind after its name, never a word that starts what follows ("my favourite
# composer since I was a boy")
_KIND_AFTER = _kind_of_words(
    "since|until|till|for|from|in|of|at|on|by|and|but|so|because|when|now|ever|too|though|is|was"
)
# a name, then what makes it one's favourite ("Elgar has been my favourite")
_NAME_IS_FAVOURITE = (
    r"(?P<obj>{NAME}) " + _COPULA_NOW + r" (?:now |still )?(?:my|your) (?:new |current |"
    r"all-time )?" + FAVORITE
)

# "my favourite X is Y", "Y is my favourite X" (tried before ``FAVORITE_ROWS``, see
# :mod:`.patterns`)
FAVORITE_IS_ROWS: tuple[P, ...] = (
    P(
        "HAS_FAVORITE",
        r"\b(?:my|your) (?:[a-z]+'s )?(?:new |current |all-time |absolute )?" + FAVORITE + " "
        r"(?P<kind>[a-z]+(?: [a-z]+)?)(?: these days| right now| at the moment| lately"
        # "my favourite city in the whole world", "my favourite album of all time"
        r"| ever| (?:in|of|on) (?:the )?(?:whole |entire )?(?:world|earth|time|all time))?"
        r" " + _COPULA + r"(?: now| currently| definitely| probably)?\b",
        "Topic",
        "phrase",
        "possessor",
        text_from_match=True,
        triggers="favorite favourite fave fav go",
    ),
    P(  # the kind unsaid, a name told: "my new favourite is The Repair Shop", "my new go-to is
        # Kaffi" (it takes the place of the one favourite held, ``model/slots.py``)
        "HAS_FAVORITE",
        r"\b(?:my|your) (?:new |current |all-time |absolute )?"
        + FAVORITE
        + " "
        + _COPULA
        + r"(?: now| currently| definitely| probably)?\b",
        "Topic",
        "named",
        "possessor",
        text_from_match=True,
        triggers="favorite favourite fave fav go",
    ),
    P(
        "HAS_FAVORITE",
        _NAME_IS_FAVOURITE + r" " + _KIND_AFTER + r"\b",
        "Topic",
        "inline",
        "possessor",
        template="{source}'s favorite {kind} is {target}",
        triggers="favorite favourite fave fav go",
    ),
    P(  # the kind unsaid: "Hockney has become my favourite" (of whatever kind is held)
        "HAS_FAVORITE",
        _NAME_IS_FAVOURITE + r"\b(?! [a-z])",
        "Topic",
        "inline",
        "possessor",
        template="{source}'s favorite is {target}",
        triggers="favorite favourite fave fav go",
    ),
    P(
        "ENDS_KNOWN",
        r"\b(?:cancel(?:l?ed)?|dropped|ditched|quit|left|ended|stopped|unsubscribed "
        r"from|got rid of|gave up)\b",
        "Thing",
        ending=True,
        triggers="cancel cancelled canceled dropped ditched quit left ended stopped unsubscribed "
        "rid gave",
    ),
    P(
        "SUBSCRIBED_TO",
        r"\b(?:pay|pays|paying|paid) for\b|\bsubscribe(?:d)? to\b|\bsigned up for\b",
        "Service",
        triggers="pay pays paying paid subscribe subscribed signed",
    ),
    P(
        "PLAN_KIND",
        r"\b(?:upgraded|downgraded|upgrading|downgrading) (?:us |me )?to (?:the |a )?"
        r"(?!(?:\S+ ){1,3}(?:plan|tier)\b)",
        "Plan",
        triggers="upgraded downgraded upgrading downgrading",
    ),
    P(
        "MEMBER_OF",
        r"\blet (?:my|our|the|your) (?P<obj>[a-z]+(?: [a-z]+)?|{NAME}) (?:membership|"
        r"subscription) (?:lapse|expire|run out)",
        "Organization",
        "inline",
        ending=True,
        triggers="let",
    ),
)
