"""Rows of the pattern table for memberships, subscriptions and plans.

"cancelled my gym membership", "upgraded to premium" change what one belongs or subscribes
to; "I have a dentist appointment on Friday" is a plan (HAS_PLAN), read only with a date
ahead; the calendar nouns of plans are ``text/time_words.PLAN_HEADS``. One part of the
table in :mod:`.patterns`, which keeps its place.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.lexicon import TIME_MARKS
from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.time_words import PLAN_HEADS
from chronomem.text.words import alternatives

_PLAN = alternatives(PLAN_HEADS)
_PLAN_WORDS = " ".join(sorted({max(w.split("-"), key=len) for w in PLAN_HEADS}))
# a calendar noun that names no event here: "my appointment as Senior Claims Analyst" (a
# job), "the consultation period"
_NO_EVENT = r"(?!\s+(?:as|period)\b)"
# an event after "after", "since", "until" or "during" marks the time of another clause
_NOT_A_TIME_MARK = "".join(rf"(?<!\b{word} )" for word in TIME_MARKS)
# "a date for my hip replacement", "my new date is 12 May": a date that names no event is
# the day of the one it is for, or of the plan it moves (``readers/day_fixes.py``)
_DAY_OF = r"(?<!\bdate(?= for))(?<!\bnew date)"

# the tiers a service sells, which name a plan with the service's name before them (not
# "pro", "plus" or "free", which end product names and states: "Surface Pro", "cancer free")
_TIER = r"premium|basic|standard|family|student|duo|individual|essentials?|ad-free"
# a service typed in lower case before its tier: one word, not a number or a determiner
_SERVICE = (
    r"(?!(?:a|an|the|my|our|your|two|three|four|some|any|no|more|most|very|so|really|"
    r"only|just|also|still|now|new|old|one|this|that|it|them)\b)(?-i:[a-z][a-z+]+)"
)
# the tier ends the plan's name: "netflix premium (4 screens)", not "two free tickets"
_TIER_END = (
    r"(?=\s*(?:[.,!;:()]|$)|\s+(?:plan|tier|subscription|account|membership|now|with|w|"
    r"because|bc|since|and|so|for|lol|too|instead|again)\b)"
)

COMMITMENT_ROWS: tuple[P, ...] = (
    # -- memberships and subscriptions ------------------------------------------------------
    P(
        "MEMBER_OF",
        r"\b(?:cancel(?:l?ed)?|ended|terminated|froze|paused) (?:my|our|the|your) "
        r"(?P<obj>[a-z]+(?: [a-z]+)?|{NAME}) membership\b",
        "Organization",
        "inline",
        ending=True,
        triggers="cancel cancelled canceled ended terminated froze paused",
    ),
    P(  # "I wish to resign my membership of the Harbour Sailing Club, effective 31 December"
        "MEMBER_OF",
        r"\b(?:resign(?:ed|ing)?|cancel(?:l?ed|l?ing)?|end(?:ed|ing)?|terminat(?:e|ed|ing)|"
        r"give up|gave up|giving up) (?:my|our|the) membership (?:of|at|with|to)\b",
        "Organization",
        ending=True,
        reject_labels=frozenset({"Location", "Person", "Event"}),
        triggers="resign resigned resigning cancel cancelled canceled cancelling end ended "
        "ending terminate terminated terminating give gave giving",
    ),
    P(  # a membership left to lapse: "let my RHS membership lapse", "our gym membership ran out"
        "MEMBER_OF",
        r"\b(?:let|letting|lets) (?:my|our|the|your) (?P<obj>{NAME}|[a-z]+(?: [a-z]+)?) "
        r"membership (?:lapse|expire|run out|go)\b",
        "Organization",
        "inline",
        ending=True,
        triggers="let letting lets",
    ),
    # "I'm on the Spotify Premium individual plan", "we have the Netflix Basic plan",
    # "upgraded to the Spotify family plan": the plan is named with its service
    P(
        "SUBSCRIBED_TO_PLAN",
        r"(?:\b(?:upgraded|downgraded|switched|moved|changed|bumped) (?:us |me )?(?:up |down )?to"
        r"|\bon) (?:the |a |an )?(?P<obj>[A-Za-z+-]+(?: [A-Za-z+-]+){0,2}) "
        r"(?:plan|tier|subscription)\b"
        # "have a backup plan" is no subscription: a named plan only
        r"|\b(?:have|has|got|use|using) (?:the |a |an )?(?P<obj2>(?-i:[A-Z])[\w+-]*"
        r"(?: [A-Za-z+-]+){0,2}) (?:plan|tier|subscription)\b",
        "Plan",
        "inline",
        template="{source} is on the {target} plan",
        triggers="plan tier subscription",
        whole=True,
    ),
    # a service and its tier, without "plan": "we have netflix premium", "I'm on Spotify
    # Family", "switched to youtube premium" (the tier word names it a plan)
    P(
        "SUBSCRIBED_TO_PLAN",
        r"(?:\b(?:have|has|got|on|use|using|pay for|paying for|pays for|switched to|moved to|"
        r"signed up for|signed up to|upgraded to|downgraded to)) (?:the |a |an )?"
        r"(?P<svc>{NAME}|" + _SERVICE + r") (?P<obj>" + _TIER + r")" + _TIER_END,
        "Plan",
        "inline",
        template="{source} is on the {target} plan",
        triggers="have has got on use using pay paying pays switched moved signed upgraded "
        "downgraded",
        whole=True,
    ),
    P(  # "downgraded our netflix to basic w/ ads"
        "SUBSCRIBED_TO_PLAN",
        r"\b(?:upgraded|downgraded|bumped|switched|moved) (?:my |our |the )?(?P<svc>"
        + _SERVICE
        + r")(?: account| subscription| plan)? (?:up |down )?to (?:the |a )?(?P<obj>"
        + _TIER
        + r")"
        + _TIER_END,
        "Plan",
        "inline",
        template="{source} is on the {target} plan",
        triggers="upgraded downgraded bumped switched moved",
        whole=True,
    ),
    # "bumped Netflix up to Premium", "downgraded our Hulu to the basic tier"
    P(
        "SUBSCRIBED_TO_PLAN",
        r"\b(?:upgraded|downgraded|bumped) (?:my |our |the )?(?P<svc>{NAME})(?: account| "
        r"subscription| plan)? (?:up |down )?to (?:the |a )?(?P<obj>{NAME}|[a-z+-]+)"
        r"(?: (?:plan|tier))?\b",
        "Plan",
        "inline",
        template="{source} is on the {target} plan",
        triggers="upgraded downgraded bumped",
        whole=True,
    ),
    # -- plans ------------------------------------------------------------------------------
    P(
        "HAS_PLAN",
        r"\b(?:have|has|having|got|booked|scheduled|made|set up|planned|planning|throwing|"
        r"throw|hosting|host|organizing|organising)\s+(?:an?|my|the|our)\s+"
        r"(?P<obj>(?:[a-z]+ ){0,2}(?:" + _PLAN + r"))\b" + _NO_EVENT,
        "Event",
        "inline",
        triggers=_PLAN_WORDS,
    ),
    P(  # "the hospital has given me a date for my hip replacement: Tuesday 8 April"
        "HAS_PLAN",
        r"\b(?:a|the|my|our|your) (?:new )?date for (?:my|our|your) "
        r"(?P<obj>(?:[a-z-]+ ){0,2}[a-z-]+)",
        "Event",
        "inline",
        "listener",
        triggers="date",
    ),
    P(  # not the event a time is told by: "after the wedding we go to Kataragama on 7 Feb"
        "HAS_PLAN",
        _NOT_A_TIME_MARK + r"(?:\b(?:my|our|your|the|a|an) |^|(?<=\bso )|(?<=\band )|(?<=\bbut ))"
        r"(?P<obj>(?:[a-z]+'s )?(?:(?!(?:my|our|your|the|an?"
        r"|for|to|of|on|in|at|with|about)\b)[a-z]+(?:-[a-z]+)? ){0,2}(?:"
        + _PLAN
        + r"))"
        + _NO_EVENT
        + _DAY_OF
        + r"(?: is| was| got| has been)?(?: (?:scheduled|booked|set|planned|moved|moves|pushed|"
        r"rescheduled|postponed))?(?: (?:for|to))?\b",
        "Event",
        "inline",
        "listener",
        triggers=_PLAN_WORDS,
    ),
)
