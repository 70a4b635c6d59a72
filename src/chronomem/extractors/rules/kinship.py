"""Kin called by their role as a name: "Mom finally retired", "Dad's in hospital".

In chat, "Mom", "Dad", "Grandma" with a capital and no possessive mean the speaker's own
("my mom"); the rest of the extractor already reads "my mom" as "<speaker>'s mom". Said by an
assistant they would mean the user's, so only the speaker's own turns are rewritten.
"""

from __future__ import annotations

import re

_KIN = re.compile(
    r"(?<![\w'’])(?<!my )(?<!our )(?<!your )(?<!his )(?<!her )(?<!their )"
    r"\b(Mom|Mum|Mommy|Mama|Dad|Daddy|Papa|Grandma|Grandpa|Granny|Nana)\b(?!\s+[A-Z])"
)


def as_relatives(text: str) -> str:
    """``text`` with a bare capitalised kin word turned into "my <kin>"."""
    return _KIN.sub(lambda m: "my " + m.group(1).lower(), text)
