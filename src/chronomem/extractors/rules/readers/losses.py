"""Verbs of ending and loss, for names that no pattern row explained.

When a sentence names something only in passing (the speaker MENTIONED it), the verb next to
the name may still say that the speaker's tie to it is over: "Bubbles died", "cancelled
Equinox today", "sold the civic", "Harold passed away", "Sam and I broke up", "retired from
the Post Office", "bye bye target". Such a mention is recorded as an *ending* (no start, an
end), which the engine turns into the end of what the speaker had told about that name
(``engine/endings.py``).

The name must be the verb's object (at most a few determiners or adjectives between: "gave
away **our** old **Kiwi**", "done with Chelsea", "divorce from Steve") or its subject ("Bubbles
died", "Dr. Shah retired", "Sam and I broke up"). A name after "to", "for" or "into" is a
destination, not a loss: "Chris left for Google" ends nothing about Google.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.readers.end_words import is_visit, wished
from chronomem.extractors.rules.tables.row import DESTROYED

_VERB = (
    r"(?:died|dies|passed away|passed on|put (?:\w+ )?down|rehom(?:ed|ing)|rehome|"
    r"(?:didn't|did not) (?:make it|survive)|"
    r"(?-i:RIP|R\.I\.P\.?)|(?:^|(?<=[.!?]\s))(?-i:rip)|rest in peace|"
    r"gave (?:\w+ )?away|giving (?:\w+ )?away|gave(?! birth)|sold|selling|stole|stolen|"
    r"nicked|pinched|flogged|flogging|offloaded|"
    r"cancel(?:l)?ed|cancel(?:l)?ing|cancel|quit|quitting|left|leaving|dropped|ditched|"
    r"dumped|broke up|breaking up|split up|split|divorced|divorcing|divorce|separated|"
    r"retired|stepped down|resigned|moved out|moving out|uninstalled|deleted|lapse[sd]?|"
    # a home left: "I moved from Bath in 2023"
    r"move[ds]? (?:away )?from|relocated from|"
    # "no more the Madanpura workshop", "no more Tesco for me"
    r"no more|"
    # (not "ended up at X": where one arrived)
    r"ended(?!\s+up\b)|done with|over with|through with|finished with|unsubscribed|"
    r"bye(?: bye)?|goodbye|"
    # a place of work finished at: "finished at the packhouse at Wisbech"
    r"finished (?:up )?at|"
    r"fired|never again|"
    # a business or an account closed: "closed the B&B at the end of the season"
    r"closed(?:\s+down)?(?!\s+(?:on|in|at|for|up|early|late)\b)|shut down|"
    # quitting, as British English says it: "packed in the gig club", "jacked it in at Haddon"
    r"(?:pack|jack|chuck)(?:ed|ing)? (?:it )?in(?: (?:at|with))?|"
    r"laid off|let go of|dipped (?:from|out of)|walked out (?:on|of)|"
    # a thing given up, scrapped or written off: "given up on the Golf", "scrapped the van"
    r"given up|giving up|give up|scrapped|scrapping|written off|wrote off|totaled|totalled|"
    r"wrecked|traded in|trading in|got rid of|getting rid of|get rid of|"
    # a thing destroyed: "the Hilux drown in the flood", "the Channel Islands snapped in half"
    rf"{DESTROYED}|"
    # a crew member leaving the vessel: "signed off the Norðborg for good"
    r"signed off(?! on\b)|"
    # a home handed back, a thing thrown out: "handed back the keys to Ashdown Road", "the
    # Dunmore is going to the tip"
    r"(?:hand(?:ed|ing)? (?:back|in|over)|returned|returning|gave back) (?:the |my |our )?"
    r"keys? (?:to|for|of)|"
    # a pet given back: "biscuit has gone back to the rescue"
    r"(?:gone|went|going|returned|taken) back to the (?:rescue|shelter|breeder|sanctuary)|"
    r"(?:going|gone|went) to the (?:tip|dump|scrapyard|scrap yard|scrapheap))"
)
# "Jake and I are done": only after a copula; "over the moon", "done with the dishes" are not,
# and "Ana is over at Initech now" is a place
_OVER = (
    r"(?:done|over|through|finished)"
    r"(?!\s+(?:the|a|an|to|with|by|for(?!\s+(?:me|us)\b)|in|at|on|this|that|there|here|from)\b)"
)
_OBJECT_GAP = r"(?:\s+(?:up|out|of|from|with|on|my|our|his|her|their|the|a|an|old|poor|\w+'s))*\s+"
_OBJECT = re.compile(rf"\b{_VERB}{_OBJECT_GAP}$", re.I)
# the thing ended told by its kind first, its name after a preposition: "chucked in the assay
# lab job at Kal", "finished at the packhouse at Wisbech", "cancelled my membership with Bupa"
# (a few lower-case words, no comma: the verb's own object phrase; "moved out to his brother's
# in Newry" is where one went)
_OBJECT_PHRASE = re.compile(
    # (not an errand's verb: "left my bag at Tesco", "dropped the kids at Mum's")
    rf"\b(?!left\b|leaving\b|dropped\b|return)(?:{_VERB})\s+"
    r"(?:(?!(?:to|for|into|towards)\b)(?-i:[a-z][a-z'-]*)\s+){1,5}"
    r"(?:at|with|in|from|of|on)\s+(?:the\s+)?$",
    re.I,
)
# a verb of ending whose particle follows its object: "gave the darts comp at the Palace away",
# "packed the choir at St Mary's in", "sold the old Transit off"
_SPLIT_VERB = re.compile(
    r"\b(?:(?P<away>gave|give|giving|given)|(?P<in>packed|chucked|jacked)|(?P<off>sold))\s+"
    r"(?:[\w'-]+\s+){0,6}$",
    re.I,
)
_SPLIT_PARTICLE = re.compile(
    r"^(?:\s+[\w'-]+){0,2}\s+(?P<particle>away|in|off)\b(?!\s+(?:the|a|an|my|to|at)\b)", re.I
)
_SUBJECT = re.compile(
    rf"^\s+(?:and \w+\s+|(?:membership|subscription|plan|account|just|finally|sadly|"
    rf"officially|recently|has|have|had to|had|got|"
    rf"was|were|is|are|'s|'re)\s+){{0,3}}"
    rf"(?:{_VERB}|(?:are|is|'re|'s) (?:so |totally )?{_OVER})\b",
    re.I,
)
_PUT_DOWN = (re.compile(r"\bput\s+$", re.I), re.compile(r"^\s+(?:down|to sleep)\b", re.I))
# the owner had it done: "we had Marmaduke put to sleep", "got Rex put down"
_HAD_PUT_DOWN = (
    re.compile(r"\b(?:had|have|has|got|get|having)\s+$", re.I),
    re.compile(r"^\s+(?:put\s+(?:down|to\s+sleep)|euthani[sz]ed)\b", re.I),
)
# "let X go": a tie let go of (not "let Sam go first", "let her go to the party")
_LET_GO = (
    re.compile(r"\blet\s+$", re.I),
    re.compile(
        r"^\s+go\b(?!\s+(?:to|first|ahead|home|out|and|with|into|for|back|outside|off|play|"
        r"see|get|do|early|again|on|up|down|round|over|there)\b)",
        re.I,
    ),
)
_PASSIVE_SUBJECT = re.compile(r"^\s+(?:got|was|were)\s+(?:adopted|rehomed|stolen|sold)\b", re.I)


# "his name is Lenny, not Benny", "I'm a data engineer not a data scientist": a correction
# names the value it takes back right after "not", behind the value it gives
_TAKEN_BACK = re.compile(r"\w[\w'.]*,?\s+not\s+(?:the\s+|a\s+|an\s+)?$", re.I)


# "I didn't quit X", "never sold X": the verb of ending denied
_DENIED = re.compile(r"(?:\b(?:not|never)|n't)(?:\s+(?:really|actually|even|yet|ever))?\s*$", re.I)
# "the meeting at X is over": a name after a preposition is not the clause's subject
_AFTER_PREPOSITION = re.compile(
    r"\b(?:at|in|of|from|with|for|on|by|about|to|into)\s+(?:the\s+)?$", re.I
)


def ended_by_verb(text: str, start: int, end: int, *, person: bool = False) -> bool:
    """Does a verb of ending govern the name at ``text[start:end]`` (object or subject), or
    does a correction take it back ("Lenny, not Benny")? (``person``: the name is a person's,
    whose tie no phrase before it ends: "left the kids with Sarah")"""
    found = _OBJECT.search(text, max(0, start - 60), start)
    if found is None and not person:
        found = _OBJECT_PHRASE.search(text, max(0, start - 80), start) or _split(text, start, end)
    if found is not None:
        verb = found.group().split()[0]
        visit = is_visit(verb, text[found.start() + len(verb) :], text[end:])  # "dropped X off"
        head = text[max(0, found.start() - 40) : found.start()]
        return not (visit or wished(head) or _DENIED.search(head))
    if _TAKEN_BACK.search(text, max(0, start - 40), start):
        return True
    after = text[end : end + 60]
    for before_it, after_it in (_PUT_DOWN, _HAD_PUT_DOWN):
        if before_it.search(text, max(0, start - 10), start) and after_it.match(after):
            return True  # "had to put Bruno down", "we had Luna put to sleep"
    if _LET_GO[0].search(text, max(0, start - 10), start) and _LET_GO[1].match(after):
        return True  # "we had to let Tova go this morning"
    if _AFTER_PREPOSITION.search(text, max(0, start - 20), start):
        return False
    return bool(_SUBJECT.match(after) or _PASSIVE_SUBJECT.match(after))


def _split(text: str, start: int, end: int) -> re.Match[str] | None:
    """The verb of a split ending whose object holds the name ("gave the darts comp at the
    Palace away"): its particle after the name, the verb's own."""
    verb = _SPLIT_VERB.search(text, max(0, start - 60), start)
    after = _SPLIT_PARTICLE.match(text[end : end + 30])
    if verb is None or after is None or verb.lastgroup != after.group("particle").lower():
        return None
    return verb


# what may stand between a subject and its verb of ending: "Phil finally gave", "Ana has sold"
_SUBJECT_GAP = re.compile(
    r"\s+(?:(?:just|finally|sadly|recently|has|have|had|already|actually)\s+)*$", re.I
)


def ended_by_whom(text: str, start: int, ends: list[int]) -> int | None:
    """Which of the names ending at ``ends`` (in order) is the subject of the verb of ending
    whose object is the name at ``start`` ("Phil gave Thor to his brother's farm": Phil's
    dog ended, not the speaker's); its index, or None (no verb, or none of them right
    before it: "I sold the civic")."""
    found = _OBJECT.search(text, max(0, start - 60), start)
    if found is None:
        return None
    for i, end in enumerate(ends):
        if end <= found.start() and _SUBJECT_GAP.match(text, end, found.start()):
            return i
    return None
