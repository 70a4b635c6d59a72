"""Who a hit is about on an assistant's turn: the user and their people, never the assistant."""

from __future__ import annotations

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
    return (
        source == user or source.startswith(user + " s ") or hit.source.label == "Person" or theirs
    )
