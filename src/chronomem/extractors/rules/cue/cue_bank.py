"""The prototype clauses of the semantic cue (``cue/semantic.py``): generic wordings per relation.

Each prototype is a short first-person clause with its object written ``X`` (the cue masks a
clause's object the same way), so that a clause is compared by its predicate, not by the
name it carries. ``DECOY`` prototypes are statements that name a place, organisation or
thing without a state change of the speaker (a trip, a meeting, an opinion): a clause
closest to one of them gives nothing. The wordings are written for this bank, generically;
none comes from a benchmark.
"""

from __future__ import annotations

from chronomem.extractors.rules.cue.intents import DECOY, END, START, Intent

_PLACE = frozenset({"Location", None})
_ORG = frozenset({"Organization", None})
_ANY = frozenset({"Location", "Organization", "Product", "Device", "Event", None})
_ACTIVITY = frozenset({"Activity"})

BANK: tuple[Intent, ...] = (
    Intent(
        "residence",
        "LIVES_IN",
        START,
        _PLACE,
        (
            "I moved to X",
            "we relocated to X",
            "I live in X now",
            "X is home now",
            "we finally settled down in X",
            "I have settled into my new home in X",
            "I packed up everything and moved out to X",
            "our new apartment is in X",
            "I've been living in X since the spring",
            "we made the move to X",
            "I'm a resident of X these days",
            "we bought a house in X and moved in",
            "I transferred to the X office and moved there",
        ),
    ),
    Intent(
        "job-start",
        "WORKS_AT",
        START,
        _ORG,
        (
            "I started a new job at X",
            "I got hired by X",
            "I accepted an offer from X",
            "my first day at X is monday",
            "I'm working for X now",
            "I joined X as an engineer",
            "I got the job at X",
            "I'm now employed by X",
            "I signed my contract with X",
            "starting at X next week",
        ),
    ),
    Intent(
        "job-end",
        "WORKS_AT",
        END,
        _ORG,
        (
            "I quit my job at X",
            "I handed in my notice at X",
            "I got laid off from X",
            "my last day at X was friday",
            "I resigned from X",
            "I no longer work for X",
            "X let me go",
            "I left X after five years",
        ),
        known_only=True,
    ),
    Intent(
        "school-start",
        "STUDIES_AT",
        START,
        _ORG,
        (
            "I got accepted to X and start in the fall",
            "I enrolled at X",
            "I'm studying at X now",
            "I started my degree at X",
        ),
    ),
    Intent(
        "membership-start",
        "MEMBER_OF",
        START,
        _ORG,
        (
            "I signed up at X",
            "I got a membership at X",
            "I became a member of X",
            "I joined the X club",
            "I registered at X",
        ),
    ),
    Intent(
        "held-end",
        "ENDS_KNOWN",
        END,
        _ANY,
        (
            "I cancelled X",
            "I got rid of X",
            "I dropped X",
            "I'm done with X for good",
            "I stopped going to X",
            "no more X for me",
            "I ended my X membership",
            "I don't have X anymore",
            "I unsubscribed from X",
            "I gave up on X",
        ),
        known_only=True,
    ),
    Intent(
        "hobby-start",
        "HAS_HABIT",
        START,
        _ACTIVITY,
        (
            "I took up X",
            "I picked up X as a new hobby",
            "I started X classes",
            "I've gotten into X",
            "I signed up for X lessons",
            "I've been learning X",
            "my new hobby is X",
            "I tried X for the first time and now I'm hooked",
        ),
        family="taste",
    ),
    Intent(
        "likes",
        "LIKES",
        START,
        _ANY | _ACTIVITY,
        (
            "I'm really into X lately",
            "I'm obsessed with X",
            "I've become a huge fan of X",
            "X is my new thing",
            "I can't get enough of X",
        ),
        family="taste",
    ),
    Intent(
        "decoy",
        None,
        DECOY,
        _ANY,
        (
            "I visited X last week",
            "we went to X on vacation",
            "my flight to X leaves tomorrow",
            "I had lunch at X",
            "I met X for coffee",
            "I talked to X about it",
            "I read an article about X",
            "I have a meeting with X",
            "X is so expensive",
            "X was great",
            "have you ever been to X",
            "I drove past X",
            "I ordered something from X",
            "I'm finishing the X report",
            "X called me today",
            "I applied to X",
            "I'd love to go to X someday",
            "I was in X for a conference",
            "I'm done with the X report",
            "the weather in X is nice",
            "I emailed X about my application",
            "I contacted the X admissions office",
            "I sent my transcripts to X",
            "I wrote to X customer support",
            "I have an interview with X",
            "I'm waiting to hear back from X",
            "I watched a video about X",
            "X is really hard",
            "I was X all day and I'm exhausted",
            "my kids have X practice tonight",
            "I go to X every week",
            "I went to X today",
            "I skipped X again",
            "I still use X",
            "I'm still with X",
            "I'm at X right now",
            "I'm over at X's place tonight",
            "I'm at X waiting for my order",
        ),
    ),
)
