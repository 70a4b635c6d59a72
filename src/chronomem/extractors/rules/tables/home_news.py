"""Rows of the pattern table for a home, and for news told to the listener.

"I'm a Denver local", "we moved our stuff to Austin", "bought a condo in Leeds" give the
home; "Congrats on the move to Denver!" tells the listener's (the speaker's, for "my": an
assistant's turn read in the user's voice). (The listener's new job and new things, "How's
the new job at Stripe?", "Enjoy your new Tesla!", were rows here until round 13.) One part
of the table in :mod:`.patterns`, which keeps its place.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.row import RelationPattern as P

# Said to someone about their life: "Congrats on the move to Denver!", "How's the new job
# at Stripe?", "Enjoy your new Tesla!" (subject: the listener, or the speaker for "my").
_CUE = (
    # ("me"/"my": an assistant's turn read in the user's voice, ``voice.py``)
    r"\b(?:congrat\w*|good luck|best of luck|enjoy|happy for (?:you|me)|excited for (?:you|me)"
    r"|proud of (?:you|me)|hope|how(?:'s| is| was| did| are)|so glad|glad|sorry about"
    r"|sorry to hear about|for(?= (?:your|my) ))\b"
    r"[^.!?]{0,40}?\b(?:your|the|my) "
)
_NOT_PLACE = frozenset({"Organization", "Person", "Event", "Work", "Device"})

HOME_NEWS_ROWS: tuple[P, ...] = (
    # -- home -------------------------------------------------------------------------------
    P(
        "LIVES_IN",
        r"\b(?:an? )?(?P<obj>{NAME}) (?:resident|local)\b|(?P<obj2>{NAME}) is (?:my |our "
        r"|your )?(?:new )?home\b",
        "Location",
        "inline",
        "listener",
        reject_labels=_NOT_PLACE,
        triggers="resident local home",
    ),
    P(
        "LIVES_IN",
        r"\b(?:moved|relocated|moving|relocating) (?!to\b|from\b|my\b|the\b|our\b|it\b|them"
        r"\b|him\b|her\b|his\b|a\b|an\b|their\b|your\b)[a-z]+(?: (?!to\b)[a-z]+){0,2} to\b"
        r"|\b(?:bought|buying|rent|renting|rents|rented|taken|got|signed (?:the |a |our |my )?"
        r"(?:lease|tenancy|rental agreement|rental contract) (?:on|for)) an? "
        r"(?:[a-z0-9-]+ ){0,2}(?:house|condo|apartment|flat|place|home|studio|cottage|bungalow)"
        # the building's name between: "a ground-floor flat at Elmhurst Court in Penrith"
        r"(?: at (?-i:[A-Z][\w'-]*)(?: (?-i:[A-Z][\w'-]*)){0,3})? in\b"
        # (a stay: "rented a cottage in Cornwall for the week")
        r"(?![^.!?;]*\bfor (?:the|a|two|three|a few|a couple of) (?:nights?|weekend|weeks?|"
        r"summer|holidays?|days?|month)\b)"
        # found: a home, or a new place ("found a great place in Soho" may be for lunch)
        r"|\bfound an? (?:new (?:[a-z-]+ )?(?:place|house|condo|apartment|flat|home|studio)|"
        r"(?:[a-z-]+ )?(?:house|condo|apartment|flat|home)) in\b",
        "Location",
        reject_labels=_NOT_PLACE,
        triggers="moved relocated moving relocating bought buying rent renting rents rented taken "
        "got signed found",
    ),
    # -- nominal news told to the listener --------------------------------------------------
    P(
        "LIVES_IN",
        _CUE + r"(?:new |big |recent )?(?:move|relocation|moving) (?:back )?to\b"
        r"|" + _CUE + r"new (?:[a-z-]+ )?(?:place|apartment|flat|house|home|condo) in\b",
        "Location",
        subject="listener",
        reject_labels=_NOT_PLACE,
        triggers="move relocation moving new",
    ),
)
