"""A taste said object first, put back in plain order: "Jazz I hate", "Pop I still can't
stand", "Modern pop I don't like at all" -> "I hate jazz", "I still can't stand pop", ...

Spoken English (and many learners' English) fronts the thing a feeling is about. Read as it
stands, the thing stands where a subject would ("Jazz ... hate": a reader may take it for
something liked); in plain order every taste reader reads it. Only a fronted noun phrase of
at most three words, then "I" or "we", then a verb of liking or disliking that has no object
of its own ("Yesterday I loved the film" keeps its order).
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


def in_plain_order(text: str) -> str:
    """``text`` with each fronted taste put back as subject, verb, object."""
    return _FRONTED.sub(_plain, text)


def _plain(m: re.Match[str]) -> str:
    obj = m.group("obj")
    first = obj.split()[0]
    if first[1:].islower() and first.lower() in english_words():
        obj = obj[:1].lower() + obj[1:]  # a capital that only opened the sentence: "Pop I ..."
    return (
        f"{m.group('lead')}{m.group('subject')} {m.group('adverbs')}{m.group('verb')} "
        f"{obj}{m.group('rest')}"
    )
