"""Who a hit is about on an assistant's turn, and the reports a told problem makes."""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.entities import Known
from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.draft import Draft
from chronomem.extractors.rules.fact_texts import fact_text

_DETERMINER_START = re.compile(r"^(?:The|A|An|This|That|Our|My|His|Her|Their)\b")


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


def reports(s: Sentence, hits: list[Hit], draft: Draft, known: Known) -> list[Hit]:
    """A problem told by a speaker is also the speaker's report about the device; a fixed
    problem closes the reports about that device made in earlier turns."""
    out = []
    for hit in hits:
        if hit.relation != "HAS_PROBLEM" or hit.source.speaker:
            continue
        if hit.ending:
            out += _closed_reports(hit, known)
        elif s.speaker:
            said = "" if draft.light else fact_text(s, hit, draft)
            said = said[:1].lower() + said[1:] if _DETERMINER_START.match(said) else said
            text = f"{s.speaker} reported that {said}"
            reporter = Party(s.speaker, "Person", speaker=True)
            out.append(Hit("REPORTED", reporter, hit.source, False, hit.clause, hit.verb, text))
    return out


def _closed_reports(fixed: Hit, known: Known) -> list[Hit]:
    device = normalize_name(fixed.source.name)
    out = []
    for (reporter, relation), targets in known.targets.items():
        if relation == "REPORTED" and device in targets:
            who = Party(known.display.get(reporter, reporter), "Person")
            out.append(Hit("REPORTED", who, fixed.source, True, fixed.clause, fixed.verb))
    return out
