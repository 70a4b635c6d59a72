"""Kin called by their role as a name: "Mom finally retired", "Dad's in hospital".

In chat, "Mom", "Dad", "Grandma" with a capital and no possessive mean the speaker's own
("my mom"), and so does a lower-case "mom" opening a sentence ("dad finally quit smoking");
the rest of the extractor already reads "my mom" as "<speaker>'s mom". Said by an assistant
they would mean the user's, so only the speaker's own turns are rewritten.
"""

from __future__ import annotations

import re

_KIN = re.compile(
    r"(?<![\w'’])(?<!my )(?<!our )(?<!your )(?<!his )(?<!her )(?<!their )"
    r"\b(Mom|Mum|Mommy|Mama|Dad|Daddy|Papa|Grandma|Grandpa|Granny|Nana)\b(?!\s+[A-Z])"
)


# "mom is over the pneumonia", "dad finally quit smoking": lower-case chat, the kin word
# opening a sentence or a clause
_KIN_OPENING = re.compile(
    r"(?:^|(?<=[.!?;:]\s)|(?<=,\s))(mom|mum|mommy|mama|dad|daddy|papa|grandma|grandpa|granny|"
    r"nana)(?=\s+(?!and\b|or\b)[a-z]|'s\b|’s\b)"
)


def as_relatives(text: str) -> str:
    """``text`` with a bare kin word (capitalised, or lower-case opening a sentence or a
    clause) turned into "my <kin>"."""
    text = _KIN.sub(lambda m: "my " + m.group(1).lower(), text)
    return _KIN_OPENING.sub(lambda m: "my " + m.group(1), text)
