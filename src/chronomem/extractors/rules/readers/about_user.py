"""Who a hit is about on an assistant's turn: the user and their people, never the assistant."""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name


def about_the_user(hit: Hit, s: Sentence, known: Known, assistant: str | None) -> bool:
    """On an assistant's turn, a fact is kept when it is about the user or their people
    (a person, or a name the user's role names: "your husband Pierre loves cycling"), never
    about the assistant itself."""
    if s.user is None:
        return False
    user = normalize_name(s.user)
    source = normalize_name(hit.source.name)
    if hit.implicit_subject or (assistant is not None and source == normalize_name(assistant)):
        return False  # "Working at X must be a dream!": no one said who
    theirs = any(o == user and normalize_name(v) == source for (o, _), v in known.roles.items())
    if hit.ending and source == user and _advice(s, user):
        return False  # "Having some alcohol-free options in the fridge helps"
    return (
        source == user or source.startswith(user + " s ") or hit.source.label == "Person" or theirs
    )


# the user in an assistant's sentence read in the user's voice ("you" is "I" by then)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|me|my|mine|myself)\b")


# a sentence whose subject is a gerund says what helps anyone: "Having some ... helps"
_GERUND_SUBJECT = re.compile(r"\W*[A-Z][a-z]+ing\b")


def _advice(s: Sentence, user: str) -> bool:
    """Is the sentence advice to anyone, not news of the user: its subject a gerund, and the
    user named neither in the first person (the assistant's "you") nor by name? "100 days
    smoke-free!" is the user's news; "Having some alcohol-free options helps" is advice."""
    if not _GERUND_SUBJECT.match(s.text) or _FIRST_PERSON.search(s.text):
        return False
    return f" {user} " not in f" {normalize_name(s.text)} "
