"""A taste or an ending said object first, put back in plain order: "Jazz I hate", "Pop I
still can't stand", "Onitsha Main Market I left at the end of October" -> "I hate jazz", "I
still can't stand pop", "I left Onitsha Main Market at the end of October", ...

Spoken English (and many learners' English) fronts the thing a feeling is about. Read as it
stands, the thing stands where a subject would ("Jazz ... hate": a reader may take it for
something liked); in plain order every taste reader reads it. Only a fronted noun phrase of
at most three words, then "I" or "we", then a verb of liking or disliking that has no object
of its own ("Yesterday I loved the film" keeps its order); for an ending, a name of up to
four capitalised words or a short noun phrase, then a verb of ending with no object of its
own ("Last week I quit the gym" keeps its order).
"""

from __future__ import annotations

import re

from chronomem.text.words import english_words

_FEELING = (
    r"hate|love|like|adore|enjoy|dislike|detest|can't stand|cannot stand|can not stand|"
    r"don't like|do not like|don't mind|do not mind|can't get enough of"
)
_FRONTED = re.compile(
    r"(?P<lead>(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s))(?:(?:and|but|oh|well),?\s+)?"
    r"|(?<=,\s)(?:and|but)\s+)"
    r"(?P<obj>(?!(?:yesterday|today|tonight|now|then|honestly|also|so|really|sometimes|"
    r"usually|always|never|still|maybe|this|that|it|there|here|what|which|who|when|where|"
    r"why|how|if|because|though|and|but)\b)[A-Za-z][\w'-]*(?:\s+(?!I\b|we\b)[a-z][\w'-]*){0,2})"
    r"\s+(?P<subject>I|we)\s+(?P<adverbs>(?:(?:still|really|just|absolutely|totally|honestly|"
    r"truly|kinda|kind of|sort of|genuinely)\s+)*)"
    rf"(?P<verb>{_FEELING})"
    r"(?P<rest>(?:\s+(?:at all|too|either|so much|very much|a lot|the most|anymore|any more|"
    r"now|though|tho|more|even more|less))*)(?=\s*(?:[,.!?;]|$))"
)


# a thing ended, said object first: "Onitsha Main Market I left at the end of October", "the
# old Golf I sold in May" (a name of up to four words, or a noun phrase of up to three, or a
# name and its head noun: "the Kataragama trip")
# ("gave" only to someone: "my old Honda Activa I gave to my nephew")
# (and the plain present a learner tells a decision in: "the Kataragama trip we cancel")
_ENDED = (
    r"left|quit|sold|closed|cancelled|canceled|gave up|scrapped|gave away|gave(?=\s+to\b)"
    r"|cancel|sell|stopped|stop"
)
_FRONTED_END = re.compile(
    # (after a comma too, when the thing has its article: "what am I saying, the Uno I sold in
    # 2019")
    r"(?P<lead>(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s)|(?<=,\s)(?=(?:the|my|our|that)\s)))"
    r"(?P<obj>(?!(?:yesterday|today|tonight|now|then|so|and|but|well|oh|also|honestly|really|"
    r"finally|anyway|eventually|later|soon|once|since|after|before|when|last|this|next|"
    r"in|on|at|for|by|with|from|to|there|here|it|that|what|who|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|"
    r"august|september|october|november|december)\b)"
    r"(?:(?:the|my|our|that)\s+)?(?:old\s+)?"
    r"(?:(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])[\w'&-]*){0,3}|[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,1}"
    r"|(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])[\w'&-]*){0,2}\s+(?!(?:I|we)\b)[a-z][\w'-]*))"
    r"\s+(?P<subject>I|we)\s+(?P<adverbs>(?:(?:finally|just|already|actually)\s+)*)"
    rf"(?P<verb>{_ENDED})\b"
    # no object of its own: only a time or a reason after it ("at the end of October")
    r"(?P<rest>(?:\s+(?:at|in|on|to|last|this|back|yesterday|today|ago|after|before|when|since|"
    r"because|for|two|three|four|five|six|a|an|about|around|already|finally)\b[^.!?;,]*)?)"
    r"(?=\s*(?:[,.!?;]|$))",
    re.I,
)


def in_plain_order(text: str) -> str:
    """``text`` with each fronted taste or ending put back as subject, verb, object."""
    return _FRONTED_END.sub(_plain_end, _FRONTED.sub(_plain, text))


def _plain(m: re.Match[str]) -> str:
    return _in_order(m, _uncapitalised(m.group("obj")))


def _plain_end(m: re.Match[str]) -> str:
    obj = m.group("obj")
    if obj.split()[0].lower() in ("the", "my", "our", "that"):
        obj = obj[:1].lower() + obj[1:]  # "The old Golf I sold": "I sold the old Golf"
    return _in_order(m, _uncapitalised(obj))


def _uncapitalised(obj: str) -> str:
    """``obj`` without the capital that only opened the sentence: "Pop I ...", "Buffalo
    trading I stop" (a word of the dictionary before no other capital; a name keeps its
    capitals: "Sunny Acres I left")."""
    first, *rest = obj.split()
    if rest and not rest[0][:1].islower():
        return obj
    if first[1:].islower() and first.lower() in english_words():
        return obj[:1].lower() + obj[1:]
    return obj


def _in_order(m: re.Match[str], obj: str) -> str:
    """Subject, adverbs, verb, ``obj``, then the rest of the fronted match ``m``."""
    return (
        f"{m.group('lead')}{m.group('subject')} {m.group('adverbs')}{m.group('verb')} "
        f"{obj}{m.group('rest')}"
    )
