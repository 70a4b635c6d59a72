"""Kin called by their role as a name: "Mom finally retired", "Dad's in hospital".

In chat, "Mom", "Dad", "Grandma" with a capital and no possessive, or opening a sentence in
lower case ("dad retired"), mean the speaker's own ("my mom"); the rest of the extractor
already reads "my mom" as "<speaker>'s mom". Said by an assistant they would mean the
user's, so only the speaker's own turns are rewritten.
"""

from __future__ import annotations

import re

_KIN = re.compile(
    r"(?<![\w'’])(?<!my )(?<!our )(?<!your )(?<!his )(?<!her )(?<!their )"
    r"\b(Mom|Mum|Mommy|Mama|Dad|Daddy|Papa|Grandma|Grandpa|Granny|Nana)\b(?!\s+[A-Z])"
)


# Lower-case chat opens a sentence the same way: "dad finally retired", "mom's in Lisbon".
_KIN_OPENING = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s))(mom|mum|mommy|mama|dad|daddy|papa|grandma|grandpa|"
    r"granny|nana)\b(?!\s+[A-Z])(?!\s+(?:jokes?|bod|life|mode|energy|friends?|groups?|blogs?|"
    r"jeans|shoes|hacks?|vibes?)\b)"
)


def as_relatives(text: str) -> str:
    """``text`` with a bare kin word (capitalised, or opening a sentence) turned into
    "my <kin>"."""
    text = _KIN.sub(lambda m: "my " + m.group(1).lower(), text)
    return _KIN_OPENING.sub(lambda m: "my " + m.group(1), text)
