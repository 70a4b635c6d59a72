"""A fact said plainly when its clause rambles: "Nadia lives in Rotterdam", not the sentence.

A clause that names only the fact's two ends is already a plain fact ("Sam moved to Leeds
last year", "Alice just started a new job at Google as a data engineer"), and its words say
more than any template (moved, started, as a data engineer). A clause that also names other
people, places or things, or runs on past a sentence's length, carries asides that are not
this fact: the text then becomes the relation's plain sentence, in the third person, with the
names resolved.
"""

from __future__ import annotations

from collections.abc import Sequence

from chronomem.extractors.rules.analysis.found import Hit, Sentence
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.text.words import gerund_of, word_set

#: A rewritten clause of more words than this is not a plain statement of one fact.
MAX_WORDS = 16

_PLAIN: dict[str, str] = {
    "LIVES_IN": "{s} lives in {t}",
    "WORKS_AT": "{s} works at {t}",
    "HAS_JOB_TITLE": "{s} works as {t}",
    "STUDIES_AT": "{s} studies at {t}",
    "MARRIED_TO": "{s} is married to {t}",
    "DATING": "{s} is in a relationship with {t}",
    "ENGAGED_TO": "{s} is engaged to {t}",
    "FOLLOWS_DIET": "{s} follows a {t} diet",
    "DRIVES": "{s} drives {t}",
    "USES_PHONE": "{s}'s phone is {t}",
    "USES_LAPTOP": "{s}'s laptop is {t}",
    "USES_CAMERA": "{s}'s camera is {t}",
    "WEARS_WATCH": "{s} wears {t}",
    "RIDES_BIKE": "{s} rides {t}",
    "SUBSCRIBED_TO_PLAN": "{s} is on {t}",
    "MANAGED_BY": "{t} is {s}'s manager",
    "REPORTS_TO": "{s} reports to {t}",
    "LEADS": "{s} leads {t}",
}
# An aside (``aside_text``) is said plainly for these relations too: the rules' own clauses
# of them say more than a template ("a cat named Juniper"), an aside's clause is another fact's.
_ASIDE: dict[str, str] = _PLAIN | {
    "PLAYS": "{s} plays {t}",
    "SPEAKS": "{s} speaks {t}",
    "LEARNS": "{s} is learning {t}",
    "HAS_CONDITION": "{s} has {t}",
    "TAKES_MEDICATION": "{s} takes {t}",
    "HAS_PET": "{s} has a pet named {t}",
    "OWNS": "{s} owns {t}",
    "MEMBER_OF": "{s} is a member of {t}",
    "VISITED": "{s} visited {t}",
    "FRIEND_OF": "{s} is friends with {t}",
    "HAS_WAKE_TIME": "{s} wakes up at {t}",
    "LIKES": "{s} likes {t}",
    "LOVES": "{s} loves {t}",
    "ENJOYS": "{s} enjoys {t}",
    "DISLIKES": "{s} dislikes {t}",
    "HATES": "{s} hates {t}",
}


def plain_sentence(relation: str, source: str, target: str) -> str | None:
    """The relation's plain sentence ("Ana loves olives"), for a clause that names the value
    only by a pronoun ("now I kind of love them"); ``None`` for a relation without one."""
    template = _ASIDE.get(relation)
    return template.format(s=source, t=target) if template else None


def stopped_sentence(relation: str, source: str, target: str) -> str:
    """Having stopped a value, said plainly (``stopped.py``): the relation's sentence said
    as over ("Geoffrey no longer takes amlodipine", "Alys no longer follows a vegan diet"),
    or, for a habit, that it was given up ("Gareth gave up cigarettes")."""
    template = _ASIDE.get(relation)
    over = _over(template) if template else None
    doing = gerund_of(target) if over is None else None  # "gave up smoked": smoking
    return (over or "{s} gave up {t}").format(s=source, t=doing or target)


def plain(text: str, s: Sentence, hit: Hit) -> str:
    """``text`` (the clause, rewritten) or, when it rambles, the relation's plain sentence:
    for the relations of ``_PLAIN``, a clause naming others or longer than ``MAX_WORDS``;
    for those only ``_ASIDE`` says plainly (tastes, pets, visits), a clause longer than
    that; for either, a clause that does not say whose fact it is, or what ended. An ending
    said so is said as over ("Kez no longer works at Saltmarsh Media")."""
    long = len(text.split()) > MAX_WORDS
    unsaid = hit.source.name not in text  # "Her name is Clover": whose is not said
    # an ending that does not name what ended ("she's here!": the pregnancy)
    unsaid = unsaid or (hit.ending and hit.target.name.lower() not in text.lower())
    template = _PLAIN.get(hit.relation) or (_ASIDE.get(hit.relation) if long or unsaid else None)
    if template is None or not (long or unsaid or _names_others(s, hit)):
        return text
    if hit.relation == "HAS_CONDITION" and _a_state(hit.target.name):
        template = "{s} is {t}"  # "Noelia is pregnant", not "Noelia has pregnant"
    if hit.ending:  # said as over, without the value that came after ("moved from
        # Highcliffe to St Aidan's": Highcliffe's end names no St Aidan's)
        template = _over(template)
    return template.format(s=hit.source.name, t=hit.target.name) if template else text


#: Relations whose plain sentence is an event ("visited"): no "no longer" form.
_EVENTS = frozenset({"{s} visited {t}"})


def _over(template: str) -> str | None:
    """The template said as over: "{s} works at {t}" -> "{s} no longer works at {t}",
    "{s} is married to {t}" -> "{s} is no longer married to {t}"."""
    if template in _EVENTS:
        return None
    if " is " in template:
        return template.replace(" is ", " is no longer ", 1)
    return template.replace("{s} ", "{s} no longer ", 1)


# conditions said with "is", not "has": "pregnant", "diabetic", "allergic to nuts"
_STATES = word_set(
    "pregnant diabetic prediabetic pre-diabetic anemic anaemic celiac coeliac sick ill "
    "allergic intolerant"
)


def _a_state(condition: str) -> bool:
    return bool(_STATES & set(condition.lower().split()))


def _names_others(s: Sentence, hit: Hit) -> bool:
    """Does the hit's clause name an entity other than the fact's two ends?"""
    start, end = hit.clause
    ends = {normalize_name(hit.source.name), normalize_name(hit.target.name)}
    if s.speaker:
        ends.add(normalize_name(s.speaker))
    return any(
        span.named and normalize_name(span.name) not in ends
        for span in s.spans
        if start <= span.start and span.end <= end
    )


def aside_text(hit: Hit, told: Sequence[Hit]) -> str | None:
    """The plain sentence of a fact told in passing, in a clause that states another fact
    the rules read ("sprained my ankle playing netball": the clause is the injury's, the
    netball an aside); ``None`` (the clause rewritten) otherwise, or for an ending."""
    template = _ASIDE.get(hit.relation)
    if template is None or hit.ending:
        return None
    start, end = hit.clause
    if not any(h.relation != hit.relation and h.clause[0] < end and start < h.clause[1]
               for h in told):  # fmt: skip
        return None
    return template.format(s=hit.source.name, t=hit.target.name)
