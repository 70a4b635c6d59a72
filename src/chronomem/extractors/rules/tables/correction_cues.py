"""The words that say a speaker corrects what was said before: one table for every reader
of corrections (``readers/corrections.py``, ``retractions.py``, ``restated.py``).

Two grades: a strong cue says a correction on its own ("correction", "typo", "I meant"); a
weak one may be only an apology or a hesitation ("sorry", "actually", "wait", "no"). The
readers compose their regexes from these strings; none keeps a list of its own.
"""

from __future__ import annotations

import re

# a name a correction gives or takes back: up to three capitalised words, case kept
NAME = r"(?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2})"
# "I meant", said to give the value meant ("I meant Portland, Oregon")
MEANT = r"I meant|I mean|meant to say|I should have said|I should've said"
STRONG = (
    r"correction|typo|autocorrect(?:ed)?|auto-correct(?:ed)?|i meant(?: to say)?|meant"
    r"|i mean(?!,)|i misspoke|misspoke|scratch that|(?:i )?should(?:'ve| have) said"
    r"|my mistake|i was mistaken|i was wrong|(?:i )?beg your pardon"
    r"|(?:i )?mixed (?:them|those|it|that|em|'em) up|wrong one|wrong [a-z]+"
)
WEAK = r"sorry|soz|sry|oops|whoops|woops|wait|actually|my bad|i mean"
# a bare "no" before the value meant ("no, Lisbon"): weak, and read only where a correction
# is looked for already (it opens most answers)
NO = r"no|nope|nah"
# sounds around a cue that add nothing ("ugh typo", "omg sorry")
NOISE = r"omg|ugh|oh|ah|argh|lol|haha|lmao|ok|okay|hm+|um+|erm?|uh|god|damn|stupid|dumb"

STRONG_CUE = re.compile(rf"\b(?:{STRONG})\b", re.I)
ANY_CUE = re.compile(rf"\b(?:{STRONG}|{WEAK}|{NO})\b", re.I)
# the cue words and sounds a sentence opens with, captured: "omg sorry, ", "typo: "
CUE_LEAD = re.compile(rf"^\W*((?:(?:{STRONG}|{WEAK}|{NO}|{NOISE})\b[\s,:;.!-]*)+)", re.I)
