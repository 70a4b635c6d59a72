"""What only people do, read right after a name: the evidence that a name is a person's.

"Tom is my brother", "Jake moved to Denver", "Priya got engaged", "Alice leads our platform
team": a capitalised word followed by one of these is a name, not a capitalised common word
(``capitalised.py``), and a bare name followed by one is a person (``person_names.py``).

Texting opens a line on a friend's first name in lower case, and the name is as often an
ordinary word of the encoder's vocabulary as not ("ollie moved to leeds", "marco got the
job!!", "bea dumped fitz", "soraya lives near me"): what follows is then the only evidence
there is. :func:`opens_on_a_person` reads it for a line's first word, in any case: a word no
word class of the lexicon holds, followed by an act only people do, is a person's name. A
line that opens on a thing ("work moved me to nights", "traffic was awful") opens on a
word of the lexicon; one that opens on a verb ("moved to leeds") has no act after it.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.tables.life_words import (
    JOB_HEADS,
    ROLES_DATING,
    ROLES_FAMILY,
    ROLES_FRIEND,
    ROLES_MARRIED,
)
from chronomem.text.words import word_set

# what may stand between a name and its act: "Tom is", "Jake just", "Mia has finally"
LEAD = r",?\s+(?:(?:is|was|'s|has|just|finally|recently|now|also|been)\s+)*"
# a finite verb after a role: the role opens a clause of its own, no apposition to a name
_CLAUSE_VERB = (
    r"(?:is|was|has|had|does|did|will|would|can|could|got|works|worked|starts|started|"
    r"lives|lived|moved|left|went|says|said|gets|takes|took|found|wants|needs)\b"
)
# "is a", "was a", "'s been a": before what one works as (``PERSON_DOES``)
_BE_A = r"(?:(?<=is\s)|(?<=was\s)|(?<=been\s))an?\s+"
_ROLES = "|".join(sorted(ROLES_MARRIED | ROLES_DATING | ROLES_FRIEND | ROLES_FAMILY, key=len))
_JOBS = "|".join(sorted((j.replace("-", " ") for j in JOB_HEADS), key=len, reverse=True))
# a person's role to the speaker, the big steps of a life, and what only people do to a team
PERSON_DOES = (
    rf"(?:(?:my|our|your)\s+(?:new\s+|best\s+|current\s+|old\s+)?(?:{_ROLES}"
    r"|boss|manager|lead|team lead|roommate|coworker|colleague|neighbou?r)s?\b"
    # not the subject of a clause of its own ("moving to Vasteras, my husband works there"),
    # nor set beside a name of its own ("to Västerås, my husband Firas")
    rf"(?!\s+{_CLAUSE_VERB}|\s+(?-i:[A-Z]))"
    r"|(?:moved|lives|works|started|quit|left|died|passed away|married|joined|became|broke up"
    r"|got (?:a|married|engaged|promoted|hired|fired|divorced|remarried)|adopted|retired"
    r"|transferred|is dating|divorced|remarried"
    # coming home, a job won, a partner left or found, a child born
    r"|came (?:home|back)|got back|flew back|moved back"
    r"|got (?:the|a|an|his|her|their) (?:new |dream |first )?(?:job|offer|promotion|role)"
    r"|dumped|proposed|popped the question|asked me to marry|is seeing|got together|is engaged"
    r"|is pregnant|graduated|gave birth"
    # a partner, a friend or a child had: "Pia has a new girlfriend", "Tom had a baby girl"
    rf"|(?:has|had|got) an? (?:new\s+)?(?:{_ROLES}|baby)|and (?:his|her) (?:new\s+)?(?:{_ROLES})"
    r"|and (?-i:[A-Z])[a-z]+ (?:broke up|split|got|are|were|have|had))\b"
    # "Alice leads our platform team", "Helen runs the data team now"
    r"|(?:leads|runs|heads|manages|captains)\s+(?:the|our|my|their|your|a)\b"
    # what one works as: "Tom is a nurse at Harlow", "Ama's a junior estimator"
    rf"|{_BE_A}(?:[a-z-]+\s+){{0,2}}?(?:{_JOBS})\b"
    # ... or what one is at a named workplace: "Dev is a junior estimator at Harlow & Pike"
    rf"|{_BE_A}(?:[a-z-]+\s+){{1,3}}(?:at|for)\s+(?-i:[A-Z])"
    r"|(?:took over|stepped in|stepped up)\s+as\b)"
)
PERSON_EVIDENCE = re.compile(LEAD + PERSON_DOES)
# words a chat line opens on before its news: "ok so bea dumped fitz", "omg marco got the job"
FILLERS = word_set("ok okay so and but omg lol well anyway btw guess what update news")
# a thing gets things too ("netflix got a new show"): "got a" is a person's act only for what
# only people get (a job, a promotion), which ``PERSON_DOES`` names on its own
_THINGS_GET = r"got\s+a\b(?!\s+(?:new\s+|dream\s+|first\s+)?(?:job|offer|promotion|role)\b)"
# the acts of a person whose name opens a line in lower case: no "started", "left",
# "joined", "became", a bare "works" or "got a", which a thing does as well ("uni started",
# "the bus left", "it works for me")
_LOWER_ACTS = re.compile(
    rf"{LEAD}(?!(?:started|left|joined|became)\b|works\b(?!\s+(?:at|as|for)\b)|{_THINGS_GET})"
    rf"{PERSON_DOES}"
)


# words a tensed verb never follows, so that one after them makes them a name: a modal
# or a month ("Will moved to Leeds", "may lives in Bristol now"; "will move" is the modal)
_NEVER_BEFORE_A_TENSE = word_set("will may might must shall can april june july august")
_TENSED = re.compile(
    r",?\s+(?:(?:just|finally|recently|now|also)\s+)*(?:[a-z]+(?:ed|s)|got|came)\b"
)


def opens_on_a_person(text: str, span: tuple[int, int], ordinary: bool) -> bool:
    """Is the word at ``span`` of ``text``, which opens a line, a person's name by what
    follows it (``ordinary``: the word is one of the lexicon's classes, a name only where
    its own sense cannot stand before a tensed verb)? A lower-case word needs one of the
    acts that no thing does."""
    word = text[span[0] : span[1]].lower()
    if ordinary and not (word in _NEVER_BEFORE_A_TENSE and _TENSED.match(text, span[1])):
        return False
    acts = PERSON_EVIDENCE if text[span[0] : span[0] + 1].isupper() else _LOWER_ACTS
    return acts.match(text, span[1]) is not None
